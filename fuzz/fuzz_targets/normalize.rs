//! normalize: `uri::normalize`, `uri::equivalent` and the C `uri_normalize` /
//! `uri_equivalent`. Input: one reference, or two separated by the first `\n`.
//!
//! Oracles:
//! - valid x ⇒ normalize(x) parses, keeps the presence of scheme, authority, query and
//!   fragment, is idempotent (normalize(normalize(x)) = normalize(x)), and
//!   `equivalent(x, normalize(x))`;
//! - the normal form of an absolute URI or a path-absolute reference has no "." or ".."
//!   segment (literal or `%2E`, Decision 4; apart from the "/." prefix of Decision 3), no
//!   lowercase hex in a `%HH`, no `%HH` of an unreserved character, and a lowercase
//!   scheme;
//! - for two valid references, `equivalent(a, b)` = (normalize(a) = normalize(b)) and is
//!   symmetric (this checks the windowed comparison `equivalent` uses without a buffer);
//! - the C functions give the same text and verdict.
#![no_main]

#[path = "common.rs"]
mod common;

use common::{has_dot_segment, two, utf8, write_all};
use cri::uri::{self, UriRef};
use libfuzzer_sys::fuzz_target;

fn normal(u: &UriRef<'_>) -> Vec<u8> {
    write_all(|o| uri::normalize(u, o)).expect("normalize of a valid reference failed")
}

fn check_one(x: &[u8]) -> Option<Vec<u8>> {
    let u = UriRef::parse_bytes(x).ok()?;
    let n = normal(&u);
    let text = utf8(&n);
    let v =
        UriRef::parse(text).unwrap_or_else(|e| panic!("normal form {text:?} does not parse: {e}"));
    assert_eq!(u.is_absolute(), v.is_absolute(), "{text:?}: scheme");
    assert_eq!(u.has_authority(), v.has_authority(), "{text:?}: authority");
    assert_eq!(u.query().is_some(), v.query().is_some(), "{text:?}: query");
    assert_eq!(
        u.fragment().is_some(),
        v.fragment().is_some(),
        "{text:?}: fragment"
    );
    assert_eq!(normal(&v), n, "normalize is not idempotent: {text:?}");
    assert!(
        uri::equivalent(&u, &v),
        "x is not equivalent to its normal form {text:?}"
    );
    assert!(uri::equivalent(&v, &u), "equivalent is not symmetric");
    assert!(uri::equivalent(&u, &u), "equivalent is not reflexive");
    if let Some(s) = v.scheme() {
        assert!(
            !s.bytes().any(|b| b.is_ascii_uppercase()),
            "scheme case: {text:?}"
        );
    }
    if u.is_absolute() || u.has_authority() || u.path().starts_with('/') {
        let path = match v.path().strip_prefix("/.") {
            Some(rest) if !v.has_authority() && rest.starts_with("//") => rest,
            _ => v.path(),
        };
        assert!(
            !has_dot_segment(path),
            "dot-segment in normal form {text:?}"
        );
    }
    let b = text.as_bytes();
    for i in 0..b.len() {
        if b[i] == b'%' {
            let (h, l) = (b[i + 1], b[i + 2]);
            assert!(
                !(h.is_ascii_lowercase() || l.is_ascii_lowercase()),
                "lowercase hex in {text:?}"
            );
            let v = u8::from_str_radix(&text[i + 1..i + 3], 16).unwrap();
            assert!(
                !(v.is_ascii_alphanumeric() || b"-._~".contains(&v)),
                "encoded unreserved character in {text:?}"
            );
        }
    }
    ffi_normalize(x, &n);
    Some(n)
}

fuzz_target!(|data: &[u8]| {
    match two(data) {
        None => {
            check_one(data);
        }
        Some((a, b)) => {
            let (na, nb) = (check_one(a), check_one(b));
            if let (Some(na), Some(nb)) = (na, nb) {
                let (ua, ub) = (
                    UriRef::parse_bytes(a).unwrap(),
                    UriRef::parse_bytes(b).unwrap(),
                );
                let eq = uri::equivalent(&ua, &ub);
                assert_eq!(eq, na == nb, "equivalent disagrees with normalize");
                assert_eq!(eq, uri::equivalent(&ub, &ua), "equivalent is not symmetric");
                let mut e = -1i32;
                let mut off = usize::MAX;
                // SAFETY: inputs readable, e and off writable.
                let st = unsafe {
                    cri::ffi::uri_equivalent(
                        a.as_ptr().cast(),
                        a.len(),
                        b.as_ptr().cast(),
                        b.len(),
                        &mut e,
                        &mut off,
                    )
                };
                assert_eq!((st as i32, e), (0, i32::from(eq)), "uri_equivalent");
            }
        }
    }
});

fn ffi_normalize(x: &[u8], want: &[u8]) {
    let cap = want.len() + 1;
    let mut buf = vec![0xA5u8; cap + 8];
    let (mut len, mut off) = (usize::MAX, usize::MAX);
    // SAFETY: x readable, buf has cap + 8 writable bytes.
    let st = unsafe {
        cri::ffi::uri_normalize(
            x.as_ptr().cast(),
            x.len(),
            buf.as_mut_ptr().cast(),
            cap,
            &mut len,
            &mut off,
        )
    };
    assert_eq!(st as i32, 0);
    assert_eq!(&buf[..len], want);
    assert_eq!(buf[len], 0);
    assert!(buf[cap..].iter().all(|&b| b == 0xA5));
}
