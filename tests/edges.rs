//! Issue 15, "sharp edges": each test pins one item of the issue. The expected values come
//! from the RFC or draft text cited beside them; every test here failed before its fix.

use cri::cri::{self as c, CriRef};
use cri::uri::UriRef;
use cri::{Error, Unconvertible};

fn from_uri(s: &str) -> Result<Vec<u8>, Error> {
    let u = UriRef::parse(s).unwrap_or_else(|e| panic!("{s:?} is a valid URI reference: {e}"));
    let mut out = vec![0u8; 4 * s.len() + 64];
    let n = c::from_uri(&u, &mut out)?;
    out.truncate(n);
    Ok(out)
}

/// draft §5.1: `discard = true / 0..127`. A relative-path reference that climbs 127 or more
/// segments (`../` × 127 + `g` needs discard 128) has no CRI form; 126 of them (discard
/// 127) has one, and it is valid.
#[test]
fn from_uri_discard_over_127_is_unconvertible() {
    let climb = |n: usize| format!("{}g", "../".repeat(n));
    assert_eq!(
        from_uri(&climb(127)),
        Err(Error::Unconvertible(Unconvertible::DiscardRange))
    );
    assert_eq!(
        from_uri(&climb(200)),
        Err(Error::Unconvertible(Unconvertible::DiscardRange))
    );
    let ok = from_uri(&climb(126)).unwrap();
    // [127, ["g"]]: array of 2, unsigned 127 (0x18 0x7f), array of 1, text "g".
    assert_eq!(ok, [0x82, 0x18, 0x7f, 0x81, 0x61, b'g']);
    CriRef::decode(&ok).unwrap();
}

mod support;
use cri::cri::ToUriOptions;
use cri::uri;
use support::{random_cri, Rng};

/// The text of a CRI reference as a URI reference, if it has one.
fn cri_to_uri(cbor: &[u8]) -> Result<String, Error> {
    let r = CriRef::decode(cbor).unwrap_or_else(|e| panic!("{cbor:02x?}: {e:?}"));
    let mut out = vec![0u8; 16 * cbor.len() + 64];
    let n = c::to_uri(&r, ToUriOptions::default(), &mut out)?;
    Ok(String::from_utf8(out[..n].to_vec()).unwrap())
}

/// draft §6.1: a CRI reference and the URI reference it converts to name the same
/// resource against every base. `[null, true, ["x"]]` (keep the base scheme, drop its
/// authority, rootless path `x`) resolves to `coaps:x` against `coaps://foo:4711/pa/th`,
/// while `x` resolves to `coaps://foo:4711/pa/x` (RFC 3986 §5.2.2): no URI reference
/// without a scheme can say "drop the authority", so the conversion is refused.
#[test]
fn to_uri_refuses_rootless_without_scheme() {
    let cbor = [0x83, 0xf6, 0xf5, 0x81, 0x61, b'x'];
    assert_eq!(
        cri_to_uri(&cbor),
        Err(Error::Unconvertible(Unconvertible::RootlessWithoutScheme))
    );
}

/// resolve(B, R) = resolve(to_uri(B), to_uri(R)) for random CRI references R that have a
/// URI form (draft §6.1 against draft §5.3 and RFC 3986 §5.2.2), over bases with an
/// authority and without. Excluded: the differences Decision 2 lists (the empty reference
/// keeps the base fragment in a CRI; RFC 3986 §5.2.4 of a rootless base).
#[test]
fn resolving_a_cri_agrees_with_resolving_its_uri() {
    let bases = [
        "coaps://foo:4711/pa/th?query#frag",
        "coap://h",
        "zz:/a/b/c",
        "zz://u@h:9/a/?q",
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut compared = 0;
    for _ in 0..30_000 {
        let cbor = random_cri(&mut rng);
        let Ok(r) = CriRef::decode(&cbor) else {
            continue;
        };
        let Ok(text) = cri_to_uri(&cbor) else {
            continue;
        };
        if text.is_empty() {
            continue; // Decision 2: `[]` keeps the base fragment, "" drops it.
        }
        for base in bases {
            let bc = from_uri(base).unwrap();
            let b = CriRef::decode_full(&bc).unwrap();
            let mut out = vec![0u8; 512];
            let Ok(n) = c::resolve(&b, &r, &mut out) else {
                continue;
            };
            let Ok(got) = cri_to_uri(&out[..n]) else {
                continue;
            };
            let mut want = vec![0u8; 512];
            let m = uri::resolve_str(base, &text, &mut want)
                .unwrap_or_else(|e| panic!("{text:?} against {base:?}: {e}"));
            let want = std::str::from_utf8(&want[..m]).unwrap();
            assert!(
                uri::equivalent(&UriRef::parse(&got).unwrap(), &UriRef::parse(want).unwrap()),
                "CRI {cbor:02x?} = {text:?} against {base:?}: CRI resolution gives {got:?}, \
                 the URI's {want:?}"
            );
            compared += 1;
        }
    }
    assert!(compared > 10_000, "only {compared} comparisons");
}

fn normalize(s: &str) -> String {
    let mut out = vec![0u8; 2 * s.len() + 8];
    let n = uri::normalize(&UriRef::parse(s).unwrap(), &mut out).unwrap();
    String::from_utf8(out[..n].to_vec()).unwrap()
}

/// A port is a number in decimal (RFC 3986 §3.2.3); scheme-based normalization (§6.2.3)
/// compares ports as numbers, so leading zeros go, in `normalize` and in `equivalent`
/// alike: `:00080` is the default port of http, `:0000` is port 0, `:08080` is `:8080`.
/// The property: `equivalent(a, b)` exactly when `normalize(a) == normalize(b)`, over
/// ports with and without leading zeros.
#[test]
fn port_leading_zeros_one_rule() {
    assert_eq!(normalize("http://h:00080/"), "http://h/");
    assert_eq!(normalize("http://h:0000/"), "http://h:0/");
    assert_eq!(normalize("http://h:08080/"), "http://h:8080/");
    assert_eq!(normalize("s://h:007"), "s://h:7");
    let ports = [
        "", "0", "00", "0000", "80", "080", "00080", "8080", "08080", "7", "007",
    ];
    for a in ports {
        for b in ports {
            let (x, y) = (format!("http://h:{a}/"), format!("http://h:{b}/"));
            let same = normalize(&x) == normalize(&y);
            let eq = uri::equivalent(&UriRef::parse(&x).unwrap(), &UriRef::parse(&y).unwrap());
            assert_eq!(eq, same, "{x} {y}");
        }
    }
    let (a, b) = (
        UriRef::parse("http://h:08080/").unwrap(),
        UriRef::parse("http://h:8080/").unwrap(),
    );
    assert!(uri::equivalent(&a, &b));
}
