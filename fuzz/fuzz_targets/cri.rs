//! cri: CRI references from arbitrary bytes: `CriRef::decode` / `decode_full`, `to_edn`,
//! `to_uri`, `from_uri`, `cri::resolve`, `scheme_name` / `scheme_number`, and the C
//! `cri_validate` / `cri_to_uri` / `cri_to_edn`.
//!
//! Oracles:
//! - decode never panics; `decode_full` accepts exactly the valid full CRIs; the C
//!   `cri_validate` agrees (status, reason, offset); the C `cri_to_edn` succeeds exactly on
//!   valid CRIs and writes what `to_edn` writes of the view (but for a tag 99 and `[0]`);
//! - valid c with a URI form ⇒ to_uri(c) is a valid URI reference u; from_uri(u) succeeds
//!   and decodes; to_uri of that is the same reference as u (`uri::equivalent`, or for a
//!   relative reference the same targets against several bases); and the CRI from_uri
//!   makes is a fixpoint: from_uri(to_uri(from_uri(u))) = from_uri(u);
//! - resolving c against a few full CRIs gives a valid full CRI, which names what
//!   resolving to_uri(c) against the base's URI names (Decision 2's cases apart); and
//!   resolving with the empty reference `[]` gives the base back;
//! - the scheme of c goes through the registry and back (number → name → number).
#![no_main]

#[path = "common.rs"]
mod common;

use common::{same_reference, utf8, write_all};
use cri::cri::{self as c, CriRef, ToUriOptions};
use cri::uri::UriRef;
use cri::Error;
use libfuzzer_sys::fuzz_target;

const BASES: [&str; 5] = [
    "coap://example.com/a/b?q=1#f",
    "coaps://[2001:db8::1]:61616/x/y/z",
    "http://a/b/c/d;p?q",
    "urn:ietf:rfc:7252",
    "foo:/p/q",
];

fuzz_target!(|data: &[u8]| {
    let r = CriRef::decode(data);
    let full = CriRef::decode_full(data);
    match (&r, &full) {
        (Ok(c), Ok(_)) => assert!(c.is_full()),
        (Ok(c), Err(u)) => assert!(
            !c.is_full()
                && matches!(
                    u,
                    Error::Unprocessable {
                        reason: c::Reason::NotFull,
                        ..
                    }
                )
        ),
        (Err(a), Err(b)) => assert_eq!(a, b),
        (Err(_), Ok(_)) => panic!("decode_full accepted what decode rejects"),
    }
    ffi_validate(data, &r);
    ffi_edn(data, &r);
    let Ok(cri) = r else {
        return;
    };
    // The scheme registry: name ⇄ number round trips (names compare case-insensitively).
    match cri.scheme() {
        Some(c::Scheme::Number(n)) => {
            if let Some(name) = c::scheme_name(n) {
                assert_eq!(c::scheme_number(name.as_bytes()), Some(n), "{name}");
                assert_eq!(
                    c::scheme_number(name.to_ascii_uppercase().as_bytes()),
                    Some(n)
                );
            }
        }
        Some(c::Scheme::Name(name)) => {
            if let Some(n) = c::scheme_number(name.as_bytes()) {
                assert!(c::scheme_name(n).is_some_and(|m| m.eq_ignore_ascii_case(name)));
            }
        }
        None => {}
    }
    for zone_id in [false, true] {
        let Ok(uri) = write_all(|o| {
            c::to_uri(
                &cri,
                ToUriOptions {
                    zone_id,
                    ..Default::default()
                },
                o,
            )
        }) else {
            continue;
        };
        let text = utf8(&uri);
        let u =
            UriRef::parse(text).unwrap_or_else(|e| panic!("to_uri gave {text:?}, invalid: {e}"));
        assert_eq!(u.is_absolute(), cri.is_full(), "{text:?}");
        if !zone_id {
            assert!(u.zone_id().is_none());
        }
        let cbor = write_all(|o| c::from_uri(&u, o))
            .unwrap_or_else(|e| panic!("to_uri gave {text:?}, from_uri fails: {e:?}"));
        let c2 = CriRef::decode(&cbor).unwrap_or_else(|e| {
            panic!("{text:?}: from_uri made an invalid CRI {cbor:02x?}: {e:?}")
        });
        let back = write_all(|o| {
            c::to_uri(
                &c2,
                ToUriOptions {
                    zone_id: true,
                    ..Default::default()
                },
                o,
            )
        })
        .unwrap_or_else(|e| panic!("{text:?} -> {cbor:02x?}: to_uri fails: {e:?}"));
        let back = utf8(&back);
        assert!(
            same_reference(text, back),
            "CRI -> {text:?} -> CRI {cbor:02x?} -> {back:?}: not the same reference"
        );
        let u2 = UriRef::parse(back).unwrap();
        let cbor2 = write_all(|o| c::from_uri(&u2, o)).unwrap();
        assert_eq!(
            cbor2, cbor,
            "from_uri is not a fixpoint: {text:?} -> {back:?}"
        );
        ffi_to_uri(data, zone_id, &uri);
    }
    // Resolution against full CRIs made from a few URIs.
    for b in BASES {
        let bu = UriRef::parse(b).unwrap();
        let bc = write_all(|o| c::from_uri(&bu, o)).unwrap();
        let base = CriRef::decode_full(&bc).unwrap();
        match write_all(|o| c::resolve(&base, &cri, o)) {
            Ok(out) => match CriRef::decode_full(&out) {
                Ok(target) => same_target(b, &cri, &target),
                Err(e) => panic!("resolve against {b} gave an invalid CRI {out:02x?}: {e:?}"),
            },
            Err(Error::Unconvertible(_)) => {}
            Err(e) => panic!("resolve against {b}: {e:?}"),
        }
        // The empty reference gives the base (with its fragment, draft §5.3).
        let empty = CriRef::decode(&[0x80]).unwrap();
        assert_eq!(write_all(|o| c::resolve(&base, &empty, o)).unwrap(), bc);
    }
});

/// resolve(B, R) names what resolve(to_uri(B), to_uri(R)) names (draft §6.1 against
/// §5.3 and RFC 3986 §5.2.2), where R has a URI form, apart from Decision 2's differences:
/// the empty reference (a CRI keeps the base fragment) and a rootless base.
fn same_target(base: &str, r: &CriRef<'_>, target: &CriRef<'_>) {
    let uri_of = |x: &CriRef<'_>| write_all(|o| c::to_uri(x, ToUriOptions::default(), o));
    let (Ok(rt), Ok(tt)) = (uri_of(r), uri_of(target)) else {
        return;
    };
    let rootless_base = !base.contains(":/");
    if rt.is_empty() || rootless_base {
        return;
    }
    let want = write_all(|o| cri::uri::resolve_str(base, utf8(&rt), o))
        .unwrap_or_else(|e| panic!("{:?} against {base}: {e:?}", utf8(&rt)));
    let (got, want) = (utf8(&tt), utf8(&want));
    assert!(
        cri::uri::equivalent(&UriRef::parse(got).unwrap(), &UriRef::parse(want).unwrap()),
        "{:?} against {base}: the CRI resolves to {got:?}, its URI to {want:?}",
        utf8(&rt)
    );
}

fn ffi_validate(data: &[u8], r: &Result<CriRef<'_>, Error>) {
    let mut err = cri::ffi::cri_error_info {
        offset: 77,
        reason: 77,
    };
    // SAFETY: data readable, err writable.
    let st = unsafe { cri::ffi::cri_validate(data.as_ptr(), data.len(), 0, &mut err) };
    match r {
        Ok(_) => assert_eq!(st as i32, 0),
        Err(Error::Unprocessable { reason, offset }) => {
            assert_eq!(st as i32, -9, "cri_validate status");
            assert_eq!((err.reason, err.offset), (*reason as i32, *offset));
        }
        Err(e) => panic!("decode gave {e:?}"),
    }
}

/// The C `cri_to_edn` (the EDN of the bytes) succeeds exactly on valid CRIs, and writes
/// what `to_edn` writes of the decoded view, but for the tag 99 envelope and the empty
/// reference's spelling `[0]` (`to_edn` writes `[]`).
fn ffi_edn(data: &[u8], r: &Result<CriRef<'_>, Error>) {
    let mut out = vec![0u8; data.len() * 8 + 64];
    let mut len = usize::MAX;
    let mut err = cri::ffi::cri_error_info {
        offset: 77,
        reason: 77,
    };
    // SAFETY: data readable, out has out.len() writable bytes, len and err writable.
    let st = unsafe {
        cri::ffi::cri_to_edn(
            data.as_ptr(),
            data.len(),
            out.as_mut_ptr().cast(),
            out.len(),
            &mut len,
            &mut err,
        )
    };
    let Ok(cri) = r else {
        assert_eq!(st as i32, -9, "cri_to_edn of an invalid CRI");
        return;
    };
    assert_eq!(st as i32, 0, "cri_to_edn of a valid CRI");
    let text = utf8(&out[..len]);
    let inner = text
        .strip_prefix("99(")
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(text);
    let inner = if inner == "[0]" { "[]" } else { inner };
    let edn = write_all(|o| c::to_edn(cri, o)).expect("to_edn of a decoded CRI");
    assert_eq!(
        utf8(&edn),
        inner,
        "to_edn of the view and cri_to_edn of the bytes"
    );
}

fn ffi_to_uri(data: &[u8], zone_id: bool, want: &[u8]) {
    let cap = want.len() + 1;
    let mut buf = vec![0xA5u8; cap + 8];
    let mut len = usize::MAX;
    let mut err = cri::ffi::cri_error_info {
        offset: 77,
        reason: 77,
    };
    // SAFETY: data readable, buf has cap + 8 writable bytes.
    let st = unsafe {
        cri::ffi::cri_to_uri(
            data.as_ptr(),
            data.len(),
            u32::from(zone_id),
            buf.as_mut_ptr().cast(),
            cap,
            &mut len,
            &mut err,
        )
    };
    assert_eq!(st as i32, 0);
    assert_eq!(&buf[..len], want);
    assert_eq!(buf[len], 0);
    assert!(buf[cap..].iter().all(|&b| b == 0xA5));
}
