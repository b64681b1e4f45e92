//! cri_from_uri: URI references → CRI references (`cri::from_uri`), back (`to_uri`), and
//! CRI resolution against URI resolution. Input: a URI reference, or `base \n reference`.
//!
//! Oracles:
//! - valid u ⇒ from_uri(u) succeeds (or fails with the `Unconvertible` reason that u
//!   shows: IPvFuture host, empty port, port with leading zeros, a path starting with an
//!   empty segment and more without authority, a relative path climbing past discard 127) and always decodes as a valid CRI (full
//!   exactly when u has a scheme); to_uri of it is the same reference as u; from_uri is a
//!   fixpoint on its own output; the C `cri_from_uri` gives the same bytes;
//! - for a pair: to_uri(cri::resolve(from_uri(B), from_uri(R))) is equivalent to
//!   uri::resolve(normalize(B), R), except where docs/DECISIONS.md Decision 2 says CRI resolution
//!   differs (the empty reference keeps the base fragment: then the result is B itself;
//!   a last segment "." or ".." gives no empty last segment; a rootless base) and where
//!   Decision 4 does (`%2E` in the reference path is a dot for CRIs only).
#![no_main]

#[path = "common.rs"]
mod common;

use common::{same_reference, two, utf8, write_all};
use cri::cri::{self as c, CriRef, ToUriOptions};
use cri::uri::{self, HostKind, UriRef};
use cri::{Error, Unconvertible};
use libfuzzer_sys::fuzz_target;

/// URI → CRI → URI; the CRI when there is one.
fn round_trip(x: &[u8]) -> Option<Vec<u8>> {
    let u = UriRef::parse_bytes(x).ok()?;
    let text = utf8(x);
    let cbor = match write_all(|o| c::from_uri(&u, o)) {
        Ok(cbor) => cbor,
        Err(Error::Unconvertible(why)) => {
            let ok = match why {
                Unconvertible::IpvFuture => u.host_kind() == Some(HostKind::IpvFuture),
                Unconvertible::EmptyPort => u.port() == Some(""),
                Unconvertible::PortLeadingZero => {
                    u.port().is_some_and(|p| p.len() > 1 && p.starts_with('0'))
                }
                Unconvertible::ZoneId => u.zone_id().is_some(),
                Unconvertible::LeadingEmptySegment => !u.has_authority(),
                // A relative-path reference with more ".." than discard 0..127 can hold
                // (draft §5.1): it needs at least 127 of them.
                Unconvertible::DiscardRange => {
                    u.scheme().is_none()
                        && !u.has_authority()
                        && u.path()
                            .split('/')
                            .filter(|s| s.to_ascii_lowercase().replace("%2e", ".") == "..")
                            .count()
                            >= 127
                }
                _ => false,
            };
            assert!(ok, "{text:?}: from_uri says {why:?}");
            return None;
        }
        Err(e) => panic!("{text:?}: from_uri {e:?}"),
    };
    let cr = CriRef::decode(&cbor)
        .unwrap_or_else(|e| panic!("{text:?}: from_uri made an invalid CRI {cbor:02x?}: {e:?}"));
    assert_eq!(cr.is_full(), u.is_absolute());
    let back = write_all(|o| {
        c::to_uri(
            &cr,
            ToUriOptions {
                zone_id: true,
                ..Default::default()
            },
            o,
        )
    })
    .unwrap_or_else(|e| panic!("{text:?} -> {cbor:02x?}: to_uri {e:?}"));
    let back = utf8(&back);
    let bu = UriRef::parse(back).unwrap_or_else(|e| panic!("{text:?} -> {back:?}: {e}"));
    assert!(
        same_reference(text, back),
        "{text:?} -> CRI {cbor:02x?} -> {back:?}"
    );
    let again = write_all(|o| c::from_uri(&bu, o)).unwrap();
    assert_eq!(again, cbor, "from_uri not a fixpoint: {text:?} -> {back:?}");
    let view = c::CriRef::decode(&cbor).expect("from_uri writes a valid CRI");
    write_all(|o| c::to_edn(&view, o)).expect("to_edn of a valid CRI");
    ffi(x, &cbor);
    Some(cbor)
}

fn ffi(x: &[u8], want: &[u8]) {
    let mut buf = vec![0xA5u8; want.len() + 8];
    let mut len = usize::MAX;
    let mut err = cri::ffi::cri_error_info::default();
    // SAFETY: x readable, buf has want.len() + 8 writable bytes.
    let st = unsafe {
        cri::ffi::cri_from_uri(
            x.as_ptr().cast(),
            x.len(),
            buf.as_mut_ptr(),
            want.len(),
            &mut len,
            &mut err,
        )
    };
    assert_eq!((st as i32, len), (0, want.len()));
    assert_eq!(&buf[..len], want);
    assert!(
        buf[len..].iter().all(|&b| b == 0xA5),
        "byte output wrote past its end"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((b, r)) = two(data) else {
        round_trip(data);
        return;
    };
    let (Some(bc), Some(rc)) = (round_trip(b), round_trip(r)) else {
        return;
    };
    let (bu, ru) = (
        UriRef::parse_bytes(b).unwrap(),
        UriRef::parse_bytes(r).unwrap(),
    );
    let Ok(base) = CriRef::decode_full(&bc) else {
        return; // a relative base
    };
    let reference = CriRef::decode(&rc).unwrap();
    let out = match write_all(|o| c::resolve(&base, &reference, o)) {
        Ok(out) => out,
        Err(Error::Unconvertible(Unconvertible::LeadingEmptySegment)) => return,
        Err(e) => panic!("cri::resolve: {e:?}"),
    };
    let t = match CriRef::decode_full(&out) {
        Ok(t) => t,
        Err(e) => panic!("resolve made {out:02x?}: {e:?}"),
    };
    let Ok(got) = write_all(|o| {
        c::to_uri(
            &t,
            ToUriOptions {
                zone_id: true,
                ..Default::default()
            },
            o,
        )
    }) else {
        return;
    };
    let got = utf8(&got);
    let (bs, rs) = (utf8(b), utf8(r));
    // Decision 2: the empty reference gives the base, fragment included.
    if rs.is_empty() {
        assert!(same_reference(got, bs), "{bs:?} + \"\": CRI gives {got:?}");
        return;
    }
    let rootless_base = !bu.has_authority() && !bu.path().starts_with('/');
    let last = ru.path().rsplit('/').next().unwrap_or("");
    let last = last.to_ascii_lowercase().replace("%2e", ".");
    let dots = last == "." || last == "..";
    if rootless_base || dots || ru.path().to_ascii_lowercase().contains("%2e") {
        return;
    }
    let nb = write_all(|o| uri::normalize(&bu, o)).unwrap();
    let nb = UriRef::parse_bytes(&nb).unwrap();
    let want = write_all(|o| uri::resolve(&nb, &ru, o)).unwrap();
    let want = utf8(&want);
    assert!(
        uri::equivalent(&UriRef::parse(got).unwrap(), &UriRef::parse(want).unwrap()),
        "{bs:?} + {rs:?}: CRI resolution gives {got:?}, RFC 3986 {want:?}"
    );
});
