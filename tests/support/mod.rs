//! Helpers shared by the integration tests (`mod support;` in each). A test crate uses
//! only some of them.
#![allow(dead_code)]

pub mod model;

use cri::uri::UriRef;
use serde_json::Value;

/// The records of a JSON-lines file in tests/data.
pub fn records(name: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Bytes from hex text.
pub fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// The seven components of a reference, in order.
pub fn components<'a>(u: &UriRef<'a>) -> [Option<&'a str>; 7] {
    [
        u.scheme(),
        u.userinfo(),
        u.host(),
        u.port(),
        Some(u.path()),
        u.query(),
        u.fragment(),
    ]
}

/// A small deterministic generator (xorshift), so failures reproduce.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}
