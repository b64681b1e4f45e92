//! resolve: `uri::resolve` / `resolve_str`, `remove_dot_segments` and the C `uri_resolve`.
//! Input: `base \n reference` (the first `\n` splits; no URI holds one).
//!
//! Oracles:
//! - `remove_dot_segments(x)` equals the RFC 3986 §5.2.4 algorithm written with strings,
//!   for any bytes x (both halves of the input);
//! - valid base with a scheme and valid reference ⇒ resolve succeeds, its output parses,
//!   has no literal "." or ".." segment (apart from the "/." prefix of docs/DECISIONS.md Decision 3
//!   before a path starting "//" without an authority, and except when the reference has
//!   an empty path: then §5.2.2 takes the base path as it is, dots included), and equals
//!   a string model of
//!   RFC 3986 §5.2.2/§5.2.3/§5.3 (Decision 2: to the letter);
//! - it equals iri-string's `resolve_against` (which also writes the "/." prefix) except
//!   where a percent-encoded dot (`%2E`) is in a path: iri-string counts `%2E` as a dot,
//!   libcri does not (Decision 4);
//! - it equals fluent-uri's `resolve_against` where fluent-uri resolves at all (base
//!   without fragment, not a rootless base without authority) and the same `%2E` rule, and
//!   where the base path's last segment is not "..": fluent-uri keeps such a segment
//!   (so that resolving and normalizing commute), RFC 3986 drops it; and where the
//!   reference path is empty and the base path has dot-segments: fluent-uri removes them,
//!   RFC 3986 §5.2.2 takes the base path as it is; and where the target has a rootless
//!   path (`http:./a`): fluent-uri keeps its dot-segments, §5.2.2 removes them;
//! - the C `uri_resolve` gives the same text.
#![no_main]

#[path = "common.rs"]
mod common;

use common::model::remove_dot_segments_model;
use common::{has_dot_segment, two, utf8, write_all};
use cri::uri::{self, UriRef};
use cri::Error;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (b, r) = two(data).unwrap_or((b"http://a/b/c/d;p?q", data));
    for x in [b, r] {
        let got = write_all(|o| uri::remove_dot_segments(x, o)).expect("remove_dot_segments");
        if let Ok(s) = std::str::from_utf8(x) {
            assert_eq!(
                utf8(&got),
                remove_dot_segments_model(s),
                "remove_dot_segments"
            );
        }
    }
    let (Ok(base), Ok(reference)) = (UriRef::parse_bytes(b), UriRef::parse_bytes(r)) else {
        if let (Ok(bs), Ok(rs)) = (std::str::from_utf8(b), std::str::from_utf8(r)) {
            let res = write_all(|o| uri::resolve_str(bs, rs, o));
            match (UriRef::parse(bs), UriRef::parse(rs)) {
                (Err(_), _) => assert!(matches!(res, Err(Error::Base { .. }))),
                (Ok(_), Err(_)) => assert!(res.is_err()),
                _ => unreachable!(),
            }
        }
        return;
    };
    let res = write_all(|o| uri::resolve(&base, &reference, o));
    if !base.is_absolute() {
        assert_eq!(res, Err(Error::Base { offset: 0 }));
        return;
    }
    let out = res.expect("resolve of valid inputs failed");
    let text = utf8(&out);
    let t = UriRef::parse(text).unwrap_or_else(|e| panic!("resolved {text:?} does not parse: {e}"));
    assert!(t.is_absolute());
    let path = match t.path().strip_prefix("/.") {
        Some(rest) if !t.has_authority() && rest.starts_with("//") => rest,
        _ => t.path(),
    };
    // RFC 3986 §5.2.2: an empty reference path takes the base path as it is (dots and all).
    let base_path_kept =
        !reference.is_absolute() && !reference.has_authority() && reference.path().is_empty();
    if !base_path_kept {
        assert!(!has_dot_segment(path), "dot-segment in {text:?}");
    }

    let want = model(&base, &reference);
    assert_eq!(text, want, "RFC 3986 model");

    let bs = utf8(b);
    let rs = utf8(r);
    assert_eq!(
        write_all(|o| uri::resolve_str(bs, rs, o)).as_deref(),
        Ok(out.as_slice())
    );
    ffi(b, r, &out);

    let pct_dot = |s: &str| s.to_ascii_lowercase().contains("%2e");
    if pct_dot(base.path()) || pct_dot(reference.path()) {
        return;
    }
    if base.zone_id().is_some() || reference.zone_id().is_some() {
        return; // RFC 6874: the peers do not parse zone ids
    }
    if let (Ok(ib), Ok(ir)) = (
        iri_string::types::UriAbsoluteStr::new(bs.split('#').next().unwrap()),
        iri_string::types::UriReferenceStr::new(rs),
    ) {
        use iri_string::format::ToDedicatedString;
        let peer = ir.resolve_against(ib).to_dedicated_string();
        assert_eq!(text, peer.as_str(), "differs from iri-string");
    }
    let base_last = base.path().rsplit('/').next().unwrap_or("");
    let fluent_resolves =
        base.fragment().is_none() && (base.has_authority() || base.path().starts_with('/'));
    let rootless_target = (!t.has_authority() && !t.path().starts_with('/'))
        || (reference.is_absolute()
            && !reference.has_authority()
            && !reference.path().starts_with('/'));
    let fluent_differs =
        base_last == ".." || (base_path_kept && has_dot_segment(base.path())) || rootless_target;
    if fluent_resolves && !fluent_differs {
        if let (Ok(fb), Ok(fr)) = (fluent_uri::Uri::parse(bs), fluent_uri::UriRef::parse(rs)) {
            if let Ok(peer) = fr.resolve_against(&fb) {
                assert_eq!(text, peer.as_str(), "differs from fluent-uri");
            }
        }
    }
});

/// RFC 3986 §5.2.2 (strict), §5.2.3 merge and §5.3 recomposition with strings, plus the
/// "/." prefix of Decision 3.
fn model(base: &UriRef<'_>, r: &UriRef<'_>) -> String {
    let auth = |u: &UriRef<'_>| -> Option<String> {
        u.host().map(|h| {
            let mut a = String::new();
            if let Some(ui) = u.userinfo() {
                a.push_str(ui);
                a.push('@');
            }
            a.push_str(h);
            if let Some(p) = u.port() {
                a.push(':');
                a.push_str(p);
            }
            a
        })
    };
    let (scheme, authority, path, query);
    if let Some(s) = r.scheme() {
        scheme = s;
        authority = auth(r);
        path = remove_dot_segments_model(r.path());
        query = r.query();
    } else {
        if r.has_authority() {
            authority = auth(r);
            path = remove_dot_segments_model(r.path());
            query = r.query();
        } else {
            if r.path().is_empty() {
                path = base.path().to_string();
                query = r.query().or(base.query());
            } else {
                if r.path().starts_with('/') {
                    path = remove_dot_segments_model(r.path());
                } else {
                    let merged = if base.has_authority() && base.path().is_empty() {
                        format!("/{}", r.path())
                    } else {
                        match base.path().rfind('/') {
                            Some(i) => format!("{}{}", &base.path()[..=i], r.path()),
                            None => r.path().to_string(),
                        }
                    };
                    path = remove_dot_segments_model(&merged);
                }
                query = r.query();
            }
            authority = auth(base);
        }
        scheme = base.scheme().unwrap();
    }
    let mut s = format!("{scheme}:");
    if let Some(a) = &authority {
        s.push_str("//");
        s.push_str(a);
    } else if path.starts_with("//") {
        s.push_str("/.");
    }
    s.push_str(&path);
    if let Some(q) = query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = r.fragment() {
        s.push('#');
        s.push_str(f);
    }
    s
}

fn ffi(b: &[u8], r: &[u8], want: &[u8]) {
    let cap = want.len() + 1;
    let mut buf = vec![0xA5u8; cap + 8];
    let (mut len, mut off) = (usize::MAX, usize::MAX);
    // SAFETY: inputs readable, buf has cap + 8 writable bytes.
    let st = unsafe {
        cri::ffi::uri_resolve(
            b.as_ptr().cast(),
            b.len(),
            r.as_ptr().cast(),
            r.len(),
            buf.as_mut_ptr().cast(),
            cap,
            &mut len,
            &mut off,
        )
    };
    assert_eq!(st as i32, 0);
    assert_eq!(&buf[..len], want);
    assert_eq!(buf[len], 0);
    assert!(buf[cap..].iter().all(|&x| x == 0xA5));
    let mut short = vec![0xA5u8; want.len() + 8];
    // SAFETY: as above, cap = want.len() (no room for the NUL).
    let st = unsafe {
        cri::ffi::uri_resolve(
            b.as_ptr().cast(),
            b.len(),
            r.as_ptr().cast(),
            r.len(),
            short.as_mut_ptr().cast(),
            want.len(),
            &mut len,
            &mut off,
        )
    };
    assert_eq!((st as i32, len), (-2, want.len()));
    assert!(short[want.len()..].iter().all(|&x| x == 0xA5));
}
