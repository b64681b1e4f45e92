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

/// CBOR pieces for hand-built CRIs (RFC 8949 §3: major type in the top 3 bits).
pub mod cbor {
    pub fn head(out: &mut Vec<u8>, major: u8, n: u64) {
        let m = major << 5;
        match n {
            0..=23 => out.push(m | n as u8),
            24..=0xff => out.extend([m | 24, n as u8]),
            _ => {
                out.push(m | 25);
                out.extend((n as u16).to_be_bytes());
            }
        }
    }
    pub fn text(out: &mut Vec<u8>, s: &str) {
        head(out, 3, s.len() as u64);
        out.extend(s.as_bytes());
    }
    pub fn bytes(out: &mut Vec<u8>, b: &[u8]) {
        head(out, 2, b.len() as u64);
        out.extend(b);
    }
    pub fn array_of_text(out: &mut Vec<u8>, items: &[&str]) {
        head(out, 4, items.len() as u64);
        items.iter().for_each(|s| text(out, s));
    }
}

/// A random CRI reference (draft §5.1 shapes, not always valid: the caller decodes it):
/// either `[scheme-or-null, authority, path?, query?, fragment?]` or
/// `[discard, path?, query?, fragment?]`, with items that need percent-encoding, a ":" in
/// a first segment, empty segments and a userinfo now and then.
pub fn random_cri(rng: &mut Rng) -> Vec<u8> {
    const ITEMS: &[&str] = &["a", "b", "", "x:y", "p q", "%", "é", "&", "?#"];
    let list = |rng: &mut Rng, max: u64| -> Vec<&'static str> {
        (0..rng.next() % (max + 1))
            .map(|_| rng.pick(ITEMS))
            .collect()
    };
    let mut out = Vec::new();
    let mut sections: Vec<Vec<u8>> = Vec::new();
    let mut s = Vec::new();
    if rng.next() % 2 == 0 {
        match rng.next() % 4 {
            0 => s.push(0xf6),             // null: the base's scheme
            1 => cbor::head(&mut s, 1, 0), // -1: coap
            2 => cbor::head(&mut s, 1, 1), // -2: coaps
            _ => cbor::text(&mut s, "zz"),
        }
        sections.push(std::mem::take(&mut s));
        match rng.next() % 4 {
            0 => s.push(0xf6), // null: root-based, no authority
            1 => s.push(0xf5), // true: rootless, no authority
            2 => {
                let labels = list(rng, 2);
                let userinfo = rng.next() % 4 == 0;
                let port = rng.next() % 3 == 0;
                let n = labels.len() as u64 + 2 * u64::from(userinfo) + u64::from(port);
                cbor::head(&mut s, 4, n);
                if userinfo {
                    s.push(0xf4);
                    cbor::text(&mut s, rng.pick(ITEMS));
                }
                labels.iter().for_each(|l| cbor::text(&mut s, l));
                if port {
                    cbor::head(&mut s, 0, 61616);
                }
            }
            _ => {
                cbor::head(&mut s, 4, 1);
                cbor::bytes(&mut s, &[192, 0, 2, 1]);
            }
        }
    } else {
        match rng.next() % 5 {
            0 => s.push(0xf5),
            n => cbor::head(&mut s, 0, n - 1),
        }
    }
    sections.push(std::mem::take(&mut s));
    let tail = rng.next() % 4;
    if tail >= 1 {
        cbor::array_of_text(&mut s, &list(rng, 3));
        sections.push(std::mem::take(&mut s));
    }
    if tail >= 2 {
        match rng.next() % 3 {
            0 => s.push(0xf6),
            _ => cbor::array_of_text(&mut s, &list(rng, 2)),
        }
        sections.push(std::mem::take(&mut s));
    }
    if tail >= 3 {
        cbor::text(&mut s, rng.pick(ITEMS));
        sections.push(s);
    }
    cbor::head(&mut out, 4, sections.len() as u64);
    sections.iter().for_each(|x| out.extend(x));
    out
}
