//! split: `UriRef::parse_bytes`, `split_lenient`, `recompose`, `split_request_target`,
//! `query_args` and the C `uri_split`, on arbitrary bytes.
//!
//! Oracles:
//! - strict accepts x ⇒ recompose(split(x)) is x byte for byte (so it reparses to the same
//!   components); the lenient split gives the same components; `parse` on `&str` agrees
//!   with `parse_bytes`; the C `uri_split` gives spans into x with the same components;
//! - strict rejects x ⇒ the error offset lies within x, and the lenient split still works;
//! - validity agrees with iri-string (`UriReferenceStr`) and fluent-uri (`UriRef`) except
//!   for the documented differences: RFC 6874 zone ids (libcri accepts `[fe80::1%25eth0]`,
//!   both peers reject) and ports over 65535 (libcri rejects with `PortRange`, both peers
//!   accept any digits as the RFC 3986 grammar does).
#![no_main]

#[path = "common.rs"]
mod common;

use common::{components, write_all};
use cri::uri::{self, TargetForm, UriRef};
use cri::Error;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let lenient = UriRef::split_lenient(data);
    let strict = UriRef::parse_bytes(data);
    if let Ok(s) = std::str::from_utf8(data) {
        assert_eq!(
            UriRef::parse(s).map(|u| components(&u)),
            strict.map(|u| components(&u)),
            "parse and parse_bytes disagree"
        );
    }
    check_ffi(data, &strict);
    match strict {
        Ok(u) => {
            let out = write_all(|o| uri::recompose(&u, o)).expect("recompose of a valid split");
            assert_eq!(out, data, "recompose(split(x)) != x");
            let again = UriRef::parse_bytes(&out).expect("recomposed reference does not parse");
            assert_eq!(components(&again), components(&u), "reparse differs");
            assert_eq!(
                components(&lenient),
                components(&u),
                "lenient split differs from the strict one"
            );
            // A path and the query never start with "//" without an authority, etc.
            if !u.has_authority() {
                assert!(!u.path().starts_with("//"), "path // without authority");
            }
            if let Some(q) = u.query() {
                check_query(q.as_bytes());
            }
        }
        Err(e) => {
            let offset = match e {
                Error::Syntax { offset }
                | Error::Percent { offset }
                | Error::PortRange { offset } => offset,
                other => panic!("parse error of an unexpected kind: {other:?}"),
            };
            assert!(offset <= data.len(), "error offset {offset} past the input");
            // A lenient split recomposes when its parts allow it; recompose never panics.
            let _ = write_all(|o| uri::recompose(&lenient, o));
        }
    }
    if let Ok(s) = std::str::from_utf8(data) {
        peers(s, &strict);
    }
    request_target(data, &strict);
});

/// The query iterator: every argument lies inside the query, in order, and keys and
/// values hold no `&`.
fn check_query(q: &[u8]) {
    let mut last_end = 0usize;
    for arg in uri::query_args(q) {
        let start = arg.key.as_ptr() as usize - q.as_ptr() as usize;
        assert!(start >= last_end && start + arg.key.len() <= q.len());
        assert!(!arg.key.contains(&b'&'));
        let mut end = start + arg.key.len();
        if let Some(v) = arg.value {
            let vs = v.as_ptr() as usize - q.as_ptr() as usize;
            assert_eq!(vs, end + 1, "value does not follow key=");
            assert!(!v.contains(&b'&'));
            end = vs + v.len();
        }
        assert!(end <= q.len());
        last_end = end;
    }
}

fn peers(s: &str, strict: &Result<UriRef<'_>, Error>) {
    let ours = match strict {
        Ok(u) if u.zone_id().is_some() => return, // RFC 6874: peers have no zone ids
        Err(Error::PortRange { .. }) => return,   // peers accept any port digits
        Ok(_) => true,
        Err(_) => false,
    };
    let iri = iri_string::types::UriReferenceStr::new(s).is_ok();
    let fluent = fluent_uri::UriRef::parse(s).is_ok();
    assert_eq!(ours, iri, "validity differs from iri-string");
    assert_eq!(ours, fluent, "validity differs from fluent-uri");
}

fn request_target(data: &[u8], strict: &Result<UriRef<'_>, Error>) {
    match uri::split_request_target(data, false) {
        Ok((TargetForm::Absolute, t)) => {
            let u = strict
                .as_ref()
                .expect("absolute-form target that is no URI");
            assert!(u.is_absolute() && u.fragment().is_none());
            assert_eq!(components(&t), components(u));
        }
        Ok((TargetForm::Origin, t)) => {
            assert!(t.path().starts_with('/') && !t.has_authority() && t.fragment().is_none());
        }
        Ok((TargetForm::Asterisk, t)) => assert_eq!(t.path(), "*"),
        Ok((TargetForm::Authority, _)) => panic!("authority-form without CONNECT"),
        Err(_) => {
            if let Ok(u) = strict {
                assert!(
                    !u.is_absolute() || u.fragment().is_some() || data.first() == Some(&b'/'),
                    "absolute URI without fragment rejected as request-target"
                );
            }
        }
    }
    if let Ok((form, t)) = uri::split_request_target(data, true) {
        assert_eq!(form, TargetForm::Authority);
        assert!(t.host().is_some() && t.userinfo().is_none() && t.path().is_empty());
    }
}

/// The C `uri_split` on the same bytes: status and spans that point into the input.
fn check_ffi(data: &[u8], strict: &Result<UriRef<'_>, Error>) {
    use cri::ffi as f;
    let mut parts = std::mem::MaybeUninit::<f::uri_parts>::zeroed();
    let mut off = usize::MAX;
    // SAFETY: data is readable for its length; parts and off are writable.
    let st = unsafe {
        f::uri_split(
            data.as_ptr().cast(),
            data.len(),
            0,
            parts.as_mut_ptr(),
            &mut off,
        )
    };
    match strict {
        Ok(u) => {
            assert_eq!(st as i32, 0, "uri_split status");
            // SAFETY: written on success.
            let p = unsafe { parts.assume_init() };
            let get = |s: f::uri_span| -> Option<&[u8]> {
                if s.ptr.is_null() {
                    return None;
                }
                let start = s.ptr as usize - data.as_ptr() as usize;
                assert!(start + s.len <= data.len(), "span outside the input");
                Some(&data[start..start + s.len])
            };
            let (c, ..) = components(u);
            let spans = [
                p.scheme, p.userinfo, p.host, p.port, p.path, p.query, p.fragment,
            ];
            for (want, got) in c.iter().zip(spans) {
                assert_eq!(want.map(str::as_bytes), get(got), "uri_split span");
            }
            assert_eq!(get(p.zone_id), u.zone_id().map(str::as_bytes));
            assert_eq!(p.port_number, u.port_number().map_or(-1, i32::from));
        }
        Err(e) => {
            assert_ne!(st as i32, 0, "uri_split accepted what parse_bytes rejects");
            let want = match e {
                Error::Syntax { offset }
                | Error::Percent { offset }
                | Error::PortRange { offset } => *offset,
                _ => unreachable!(),
            };
            assert_eq!(off, want, "uri_split error offset");
        }
    }
}
