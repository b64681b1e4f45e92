//! `UriRef::from_parts`: references built from components (RFC 3986 §5.3), checked against
//! the RFC's examples and path rules, and the property that every reference it accepts
//! recomposes to text that parses back to the same components.

use cri::uri::{self, HostKind, Parts, UriRef};
use cri::Error;

mod support;
use support::Rng;

/// The recomposed text of `p`, or the error of `from_parts` / `recompose`.
fn recomposed(p: Parts<'_>) -> Result<String, Error> {
    let r = UriRef::from_parts(p)?;
    let mut out = [0u8; 256];
    let n = uri::recompose(&r, &mut out)?;
    Ok(String::from_utf8(out[..n].to_vec()).unwrap())
}

/// Parts from the seven components in order (scheme, userinfo, host, port, path, query,
/// fragment) between "|", "-" for an absent one.
fn parts(c: &'static str) -> Parts<'static> {
    let c: Vec<&'static str> = c.split('|').collect();
    let opt = |s: &'static str| (s != "-").then_some(s.as_bytes());
    Parts {
        scheme: opt(c[0]),
        userinfo: opt(c[1]),
        host: opt(c[2]),
        port: opt(c[3]),
        path: c[4].as_bytes(),
        query: opt(c[5]),
        fragment: opt(c[6]),
    }
}

/// RFC 3986 §1.1.2's example URIs and §3's, as components, recompose to themselves; the
/// view has the host kind and port number `UriRef::parse` gives.
#[test]
fn rfc3986_examples_recompose() {
    use HostKind::{Ipv4, Ipv6, RegName};
    let cases = [
        (
            "ftp|-|ftp.is.co.za|-|/rfc/rfc1808.txt|-|-",
            Some(RegName),
            None,
        ),
        (
            "ldap|-|[2001:db8::7]|-|/c=GB|objectClass?one|-",
            Some(Ipv6),
            None,
        ),
        ("mailto|-|-|-|John.Doe@example.com|-|-", None, None),
        ("telnet|-|192.0.2.16|80|/|-|-", Some(Ipv4), Some(80)),
        (
            "urn|-|-|-|oasis:names:specification:docbook:dtd:xml:4.1.2|-|-",
            None,
            None,
        ),
        (
            "foo|-|example.com|8042|/over/there|name=ferret|nose",
            Some(RegName),
            Some(8042),
        ),
        // Every component present, most of them empty: §5.3 tells empty from absent.
        ("foo||example.com||||nose", Some(RegName), None),
    ];
    let texts = [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "foo://example.com:8042/over/there?name=ferret#nose",
        "foo://@example.com:?#nose",
    ];
    for ((c, kind, port), text) in cases.into_iter().zip(texts) {
        let r = UriRef::from_parts(parts(c)).unwrap();
        assert_eq!((r.host_kind(), r.port_number()), (kind, port), "{text}");
        assert_eq!(recomposed(parts(c)).as_deref(), Ok(text));
    }
}

/// The path rules of §3.3 and §4.2: a rootless path after an authority cannot be written;
/// a path starting with "//" without an authority and a first segment with ":" without
/// a scheme are written with the dot-segment the RFC prescribes (docs/DECISIONS.md Decision 3).
#[test]
fn path_rules_of_rfc3986() {
    assert_eq!(
        UriRef::from_parts(parts("-|-|a|-|b|-|-")),
        Err(Error::Parts)
    );
    // §4.2: "this:that" ... "must be preceded by a dot-segment (e.g., "./this:that")";
    // with a scheme it is no relative reference and needs none.
    let cases = [
        ("-|-|-|-|//x|-|-", "/.//x"),
        ("s|-|-|-|//x|-|-", "s:/.//x"),
        ("-|-|-|-|this:that|-|-", "./this:that"),
        ("s|-|-|-|this:that|-|-", "s:this:that"),
    ];
    for (c, text) in cases {
        assert_eq!(recomposed(parts(c)).as_deref(), Ok(text));
    }
}

/// Components their §3.1-§3.5 rules do not allow, and authority parts without a host
/// (§3.2: userinfo and port belong to the authority).
#[test]
fn components_outside_their_rules_are_refused() {
    let p = |f: fn(&mut Parts<'static>)| {
        let mut p = Parts {
            scheme: Some(b"s"),
            host: Some(b"h"),
            path: b"/p",
            ..Parts::default()
        };
        f(&mut p);
        UriRef::from_parts(p)
    };
    let refused: [fn(&mut Parts<'static>); 12] = [
        |p| p.scheme = Some(b""),
        |p| p.scheme = Some(b"1a"),
        |p| p.host = Some(b"a/b"),
        |p| p.host = Some(b"a:1"),
        |p| p.host = Some(b"[::1"),
        |p| p.port = Some(b"80a"),
        |p| p.port = Some(b"65536"), // Decision 10
        |p| p.path = b"/a b",
        |p| p.path = b"/%zz",
        |p| p.query = Some(b"a#b"),
        |p| {
            p.host = None;
            p.userinfo = Some(b"u");
        },
        |p| {
            p.host = None;
            p.port = Some(b"1");
        },
    ];
    for (i, f) in refused.into_iter().enumerate() {
        assert_eq!(p(f), Err(Error::Parts), "case {i}");
    }
    assert!(p(|_| ()).is_ok());
}

/// One of `items` ("-": absent).
fn pick_opt(rng: &mut Rng, items: &[&'static str]) -> Option<&'static [u8]> {
    let s = rng.pick(items);
    (s != "-").then_some(s.as_bytes())
}

fn random_parts(rng: &mut Rng) -> Parts<'static> {
    let hosts = [
        "-",
        "-",
        "h",
        "",
        "[::1]",
        "1.2.3.4",
        "[v1.x]",
        "a/b",
        "[fe80::1%25e]",
    ];
    let paths = [
        "", "/", "a", "/a/b", "//x", "a:b/c", "/a:b", ".", "../a", "%zz", "a?b",
    ];
    Parts {
        scheme: pick_opt(rng, &["-", "-", "s", "a+b.c-d", "", "1x"]),
        userinfo: pick_opt(rng, &["-", "-", "-", "", "u:p", "u@"]),
        host: pick_opt(rng, &hosts),
        port: pick_opt(rng, &["-", "-", "-", "", "80", "65536", "8a"]),
        path: rng.pick(&paths).as_bytes(),
        query: pick_opt(rng, &["-", "", "q", "a/?b", "a#b"]),
        fragment: pick_opt(rng, &["-", "", "f", "./x", "a b"]),
    }
}

/// RFC 3986 §5.3 without the prefixes: the literal concatenation of the components.
fn literal(p: &Parts<'_>) -> Vec<u8> {
    let mut s = Vec::new();
    if let Some(scheme) = p.scheme {
        s.extend([scheme, b":"].concat());
    }
    if let Some(host) = p.host {
        s.extend(b"//");
        if let Some(u) = p.userinfo {
            s.extend([u, b"@"].concat());
        }
        s.extend(host);
        if let Some(port) = p.port {
            s.extend([b":", port].concat());
        }
    }
    s.extend(p.path);
    for (mark, c) in [(b"?", p.query), (b"#", p.fragment)] {
        if let Some(c) = c {
            s.extend([&mark[..], c].concat());
        }
    }
    s
}

/// Every writer's output passes its own reader: whatever `from_parts` accepts recomposes
/// to text that parses to the same components (the path behind its Decision 3 prefix) and
/// to the same view; whatever it refuses has no text that would (§5.3's literal
/// concatenation does not parse back to it).
#[test]
fn accepted_parts_reparse_to_themselves() {
    let mut rng = Rng(0x5eed_5300);
    let mut buf = [0u8; 256];
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..100_000 {
        let p = random_parts(&mut rng);
        match UriRef::from_parts(p) {
            Ok(r) => {
                accepted += 1;
                let n = uri::recompose(&r, &mut buf).unwrap();
                let again = UriRef::parse_bytes(&buf[..n])
                    .unwrap_or_else(|e| panic!("{p:?} -> {:?}: {e}", &buf[..n]));
                let mut back = again.parts();
                let prefix = back.path.len() - p.path.len();
                assert!(matches!(&back.path[..prefix], b"" | b"/." | b"./"), "{p:?}");
                back.path = &back.path[prefix..];
                assert_eq!(back, p);
                assert_eq!(r.host_kind(), again.host_kind(), "{p:?}");
                assert_eq!(r.zone_id(), again.zone_id(), "{p:?}");
                assert_eq!(r.port_number(), again.port_number(), "{p:?}");
            }
            Err(e) => {
                refused += 1;
                assert_eq!(e, Error::Parts);
                let text = literal(&p);
                let back = UriRef::parse_bytes(&text).map(|u| u.parts());
                assert_ne!(back, Ok(p), "{p:?} refused but {text:?} parses back to it");
            }
        }
    }
    assert!(
        accepted > 5_000 && refused > 5_000,
        "{accepted} accepted, {refused} refused"
    );
}
