//! Sharp edges: each test pins one behaviour that was once wrong. The expected values come
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

/// Normalization decodes `%2E` to `.` (RFC 3986 §6.2.2.2: an unreserved character), so
/// `%2e/..` and `./..` are equivalent; dot-segment removal takes `%2E` literally
/// (Decision 4), so the two paths lose different segments. Both as cri.h says.
#[test]
fn percent_2e_equivalent_but_literal_in_dot_segments() {
    let (a, b) = (
        UriRef::parse("%2e/..").unwrap(),
        UriRef::parse("./..").unwrap(),
    );
    assert!(uri::equivalent(&a, &b));
    let mut out = [0u8; 16];
    // RFC 3986 §5.2.4: "%2e" is a segment like "x"; "." is removed.
    let n = uri::remove_dot_segments(b"%2e/x/..", &mut out).unwrap();
    assert_eq!(&out[..n], b"%2e/");
    let n = uri::remove_dot_segments(b"./x/..", &mut out).unwrap();
    assert_eq!(&out[..n], b"/");
}

use cri::coap::{self, CoapError, OptionRef};

/// RFC 7252 §3: "The presence of a marker followed by a zero-length payload MUST be
/// processed as a message format error." A marker with payload ends the options.
#[test]
fn payload_marker_without_payload_is_a_format_error() {
    let mut opts = [OptionRef::default(); 4];
    for wire in [&b"\xff"[..], b"\xb1a\xff"] {
        assert_eq!(
            coap::options_from_wire(wire, &mut opts),
            Err(Error::Coap(CoapError::Wire)),
            "{wire:02x?}"
        );
    }
    assert_eq!(
        coap::options_from_wire(b"\xb1a\xffP", &mut opts),
        Ok((1, 2))
    );
    assert_eq!(coap::options_from_wire(b"", &mut opts), Ok((0, 0)));
}

/// RFC 7252 §5.10 (table 4) gives each option's value length: Uri-Host 1-255, Uri-Port
/// 0-2, Proxy-Uri 1-1034, Proxy-Scheme 1-255; draft §8.2: Proxy-Cri 1-1023,
/// Proxy-Scheme-Number 0-3. `check_options` applies them to a list as it does to
/// options it builds.
#[test]
fn check_options_checks_value_lengths() {
    let bad: [(u16, usize); 7] = [
        (coap::URI_HOST, 0),
        (coap::URI_PORT, 3),
        (coap::URI_PORT, 4),
        (coap::PROXY_URI, 0),
        (coap::PROXY_URI, 1035),
        (coap::PROXY_CRI, 0),
        (coap::PROXY_SCHEME_NUMBER, 4),
    ];
    for (number, len) in bad {
        assert_eq!(
            coap::check_options([(number, len)].into_iter()),
            Err(Error::Coap(CoapError::OptionLength)),
            "option {number}, {len} bytes"
        );
    }
    let good: [(u16, usize); 5] = [
        (coap::URI_HOST, 255),
        (coap::URI_PORT, 0),
        (coap::URI_PORT, 2),
        (coap::PROXY_URI, 1034),
        (coap::URI_PATH, 0),
    ];
    for (number, len) in good {
        assert_eq!(
            coap::check_options([(number, len)].into_iter()),
            Ok(()),
            "{number} {len}"
        );
    }
}

use cri::coap::{Destination, Mode};

const LINK_LOCAL: [u8; 16] = [0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];

fn compose_both(dest: &Destination<'_>, opts: &[(u16, &[u8])]) -> [Result<String, Error>; 2] {
    let mut out = [0u8; 256];
    let uri = coap::uri_from_options(b"coap", dest, opts.iter().copied(), &mut out)
        .map(|n| String::from_utf8(out[..n].to_vec()).unwrap());
    let cri = coap::cri_from_options(0, dest, opts.iter().copied(), &mut out)
        .map(|n| format!("{:02x?}", &out[..n]));
    [uri, cri]
}

/// A destination zone is an RFC 6874 ZoneID, which is `1*( unreserved / pct-encoded )`,
/// and in a CRI a zone-id is text (draft §5.1), which is UTF-8: an empty zone, a zone that
/// is not UTF-8, and a zone on an IPv4 address (zones belong to IPv6 scoped addresses,
/// RFC 4007 §11) are refused by both composers alike, with `BadValue`.
#[test]
fn destination_zones_are_checked_in_both_composers() {
    let v4 = [192, 0, 2, 1];
    let bad = [
        (&LINK_LOCAL[..], &b""[..]),
        (&LINK_LOCAL[..], &b"\xffeth"[..]),
        (&v4[..], &b"eth0"[..]),
    ];
    for (addr, zone) in bad {
        let dest = Destination {
            addr,
            zone: Some(zone),
            port: Some(5683),
        };
        for got in compose_both(&dest, &[]) {
            assert_eq!(
                got,
                Err(Error::Coap(CoapError::BadValue)),
                "{addr:?} {zone:?}"
            );
        }
    }
    let dest = Destination {
        addr: &LINK_LOCAL,
        zone: Some(b"eth0"),
        port: Some(5683),
    };
    let [uri, cri] = compose_both(&dest, &[]);
    assert_eq!(uri.unwrap(), "coap://[fe80::1%25eth0]/");
    cri.unwrap();
}

/// RFC 7252 §6.5 composes a URI for the CoAP schemes (and RFC 8323 §8 for the TCP and
/// WebSocket ones); the destination port and the default-port rule are CoAP's. Another
/// scheme is `NotCoapScheme` in `uri_from_options` as in `cri_from_options` (before,
/// `http` gave `http://example.com:5683/`).
#[test]
fn composers_take_only_coap_schemes() {
    let dest = Destination {
        addr: &[192, 0, 2, 1],
        zone: None,
        port: Some(5683),
    };
    let host: &[(u16, &[u8])] = &[(coap::URI_HOST, b"example.com")];
    let mut out = [0u8; 64];
    for scheme in [&b"http"[..], b"https", b"urn", b"", b"a b"] {
        assert_eq!(
            coap::uri_from_options(scheme, &dest, host.iter().copied(), &mut out),
            Err(Error::Coap(CoapError::NotCoapScheme)),
            "{scheme:?}"
        );
    }
    assert_eq!(
        coap::cri_from_options(32, &dest, host.iter().copied(), &mut out),
        Err(Error::Coap(CoapError::NotCoapScheme))
    );
    let n = coap::uri_from_options(b"COAPS", &dest, host.iter().copied(), &mut out).unwrap();
    assert_eq!(&out[..n], b"coaps://example.com:5683/");
}

fn uri_options(s: &str, dest: Option<&Destination<'_>>) -> Result<Vec<(u16, Vec<u8>)>, Error> {
    let u = UriRef::parse(s).unwrap();
    let (mut opts, mut scratch) = ([OptionRef::default(); 16], [0u8; 256]);
    let space = coap::uri_to_options(&u, dest, Mode::Direct, &mut opts, &mut scratch)?;
    Ok(opts[..space.options]
        .iter()
        .map(|o| (o.number, scratch[o.offset..o.offset + o.len].to_vec()))
        .collect())
}

/// RFC 7252 §5.10.1: Uri-Host, Uri-Path and Uri-Query are `string` options, and §3.2
/// defines a string as UTF-8. A URI whose host, segment or query item is not UTF-8 once
/// percent-decoded is `NotUtf8` from `uri_to_options`, as the same values are from
/// `cri_from_options` and `uri_from_options`. UTF-8 that is percent-encoded is fine, and a
/// bad segment that dot-segment removal drops is never sent.
#[test]
fn string_options_are_utf8_on_every_path() {
    for bad in [
        "coap://%FF/",
        "coap://h/%FF",
        "coap://h/a?%C3",
        "coap://h/%C3%28",
    ] {
        assert_eq!(
            uri_options(bad, None),
            Err(Error::Coap(CoapError::NotUtf8)),
            "{bad}"
        );
    }
    let ok = uri_options("coap://h/caff%C3%A8/%FF/..", None).unwrap();
    assert_eq!(
        ok,
        [
            (coap::URI_HOST, b"h".to_vec()),
            (coap::URI_PATH, "caffè".as_bytes().to_vec()),
            (coap::URI_PATH, b"".to_vec()),
        ]
    );
    let dest = Destination {
        addr: &[192, 0, 2, 1],
        zone: None,
        port: Some(5683),
    };
    for opts in [
        &[(coap::URI_HOST, &b"\xff"[..])][..],
        &[(coap::URI_PATH, &b"\xc3"[..])][..],
        &[(coap::URI_QUERY, &b"a\xff"[..])][..],
    ] {
        for got in compose_both(&dest, opts) {
            assert_eq!(got, Err(Error::Coap(CoapError::NotUtf8)), "{opts:?}");
        }
    }
}

/// RFC 6874 §2: the ZoneID in a URI is percent-encoded (`%25` then the zone, itself
/// `unreserved / pct-encoded`), so `%25eth%30` is the zone `eth0`: the destination
/// `fe80::1%eth0` is the URI's own address, and no Uri-Host is sent (Decision 6).
#[test]
fn destination_zone_compared_after_percent_decoding() {
    let dest = Destination {
        addr: &LINK_LOCAL,
        zone: Some(b"eth0"),
        port: Some(5683),
    };
    for s in [
        "coap://[fe80::1%25eth0]/x",
        "coap://[fe80::1%25eth%30]/x",
        "coap://[fe80::1%25%65th0]/x",
    ] {
        assert_eq!(
            uri_options(s, Some(&dest)).unwrap(),
            [(coap::URI_PATH, b"x".to_vec())],
            "{s}"
        );
    }
    let other = uri_options("coap://[fe80::1%25eth1]/x", Some(&dest)).unwrap();
    assert_eq!(other[0], (coap::URI_HOST, b"[fe80::1]".to_vec()));
}

/// draft §2 C5: a registered name is "one or more lowercase CRI text string labels that
/// do not contain dots", and §5.2.1 treats a CRI that does not meet the requirements as
/// unprocessable. So an uppercase ASCII label is refused by `CriRef::decode`
/// (`cri_validate`), and every writer lowercases: `cri_from_options` as `from_uri` does.
/// Zero labels stay valid: they are the empty registered name C5's last sentence allows
/// (CDDL `host-name = (*text)`), as in `file:///x`. Non-ASCII labels are not case-folded
/// (no Unicode tables), so `É` stays as it is.
#[test]
fn host_labels_are_lowercase_everywhere() {
    use support::cbor;
    let mut upper = vec![0x82, 0x20];
    cbor::head(&mut upper, 4, 2);
    cbor::text(&mut upper, "EXAMPLE");
    cbor::text(&mut upper, "com");
    assert_eq!(
        CriRef::decode(&upper),
        Err(Error::Unprocessable {
            reason: c::Reason::HostLabel,
            offset: 3
        })
    );
    let empty_host = [0x82, 0x20, 0x80]; // [-1, []]: coap:// with an empty reg-name
    CriRef::decode(&empty_host).unwrap();
    let accented = [0x82, 0x20, 0x81, 0x62, 0xc3, 0x89]; // [-1, ["É"]]
    CriRef::decode(&accented).unwrap();

    let dest = Destination {
        addr: &[192, 0, 2, 1],
        zone: None,
        port: Some(5683),
    };
    let mut out = [0u8; 64];
    let host: &[(u16, &[u8])] = &[(coap::URI_HOST, b"EXAMPLE.Com")];
    let n = coap::cri_from_options(0, &dest, host.iter().copied(), &mut out).unwrap();
    let mut want = vec![0x82, 0x20];
    cbor::head(&mut want, 4, 2);
    cbor::text(&mut want, "example");
    cbor::text(&mut want, "com");
    assert_eq!(&out[..n], &want[..]);
    assert_eq!(from_uri("coap://EXAMPLE.Com").unwrap(), want);
}

/// A random URI reference built from pieces that have tripped writers: many `..`, ports
/// with leading zeros or over 65535, IP literals with zones, percent-encoded bytes that
/// are not UTF-8, delimiters percent-encoded, uppercase hosts.
fn random_reference(rng: &mut Rng) -> String {
    let mut s = String::new();
    if rng.next() % 3 > 0 {
        s.push_str(rng.pick(&["coap:", "HTTP:", "zz:", "coaps+ws:", "urn:"]));
    }
    if rng.next() % 2 == 0 {
        s.push_str("//");
        if rng.next() % 5 == 0 {
            s.push_str("u%40x@");
        }
        s.push_str(rng.pick(&[
            "h",
            "EXAMPLE.Com",
            "%FF",
            "a%2Eb",
            "192.0.2.1",
            "[fe80::1%25eth%30]",
            // A zone id whose percent-encoding is UTF-8: RFC 3987 §2.2 allows no ucschar
            // in an IP-literal, so the IRI writers keep it encoded.
            "[fe80::1%25%C3%A9]",
            "[fe80::a%25en%C3%A90]",
            "[2001:db8::1]",
            "",
        ]));
        if rng.next() % 3 == 0 {
            s.push_str(rng.pick(&[":", ":0", ":0080", ":5683", ":65535"]));
        }
    }
    // One in six paths is deep (up to 139 segments), half of those only "..": a relative
    // one climbs past discard 127.
    let (n, climb) = match rng.next() % 6 {
        0 => (120 + rng.next() % 20, rng.next() % 2 == 0),
        _ => (rng.next() % 5, false),
    };
    let rooted = s.contains("//") || rng.next() % 2 == 0;
    for i in 0..n {
        if rooted || i > 0 {
            s.push('/');
        }
        s.push_str(match climb {
            true => "..",
            false => rng.pick(&[
                "a", "..", ".", "", "%2E%2e", "b:c", "%C3%A9", "%FF", "%2F", "x y",
            ]),
        });
    }
    if climb {
        s.push_str("/g");
    }
    if rng.next() % 3 == 0 {
        s.push('?');
        s.push_str(rng.pick(&["", "a=1&b", "%26", "%C3", "q/?"]));
    }
    if rng.next() % 4 == 0 {
        s.push('#');
        s.push_str(rng.pick(&["", "f", "%23"]));
    }
    s
}

/// The writers' class property: every CRI a libcri function writes is a valid
/// CRI (`CriRef::decode`, what `cri_validate` runs) and every URI it writes is a valid
/// URI reference (`UriRef::parse`, what `uri_split` runs; an IRI writer's output an IRI
/// reference): from_uri, resolve (URI and CRI), to_uri, to_iri, normalize, recompose,
/// iri_to_uri, uri_to_iri, uri_to_options then both composers.
#[test]
fn every_writer_output_is_valid() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let bases = ["coap://h/a/b/c?q#f", "zz:/a/b"];
    let mut checked = 0;
    let mut buf = vec![0u8; 8192];
    let parses = |what: &str, input: &str, out: &[u8]| {
        let text = std::str::from_utf8(out).unwrap();
        UriRef::parse(text).unwrap_or_else(|e| panic!("{what}({input:?}) = {text:?}: {e}"));
    };
    let decodes = |what: &str, input: &str, out: &[u8]| {
        CriRef::decode(out).unwrap_or_else(|e| panic!("{what}({input:?}) = {out:02x?}: {e:?}"));
    };
    for _ in 0..20_000 {
        let s = random_reference(&mut rng);
        let Ok(u) = UriRef::parse(&s) else {
            continue;
        };
        checked += 1;
        if let Ok(n) = uri::normalize(&u, &mut buf) {
            parses("normalize", &s, &buf[..n]);
        }
        if let Ok(n) = uri::recompose(&u, &mut buf) {
            parses("recompose", &s, &buf[..n]);
        }
        if let Ok(n) = uri::iri_to_uri(&u, &mut buf) {
            parses("iri_to_uri", &s, &buf[..n]);
        }
        // The IRI writers: an IRI reference (RFC 3987 §2.2), what `URI_SPLIT_IRI` checks.
        if let Ok(n) = uri::uri_to_iri(&u, &mut buf) {
            let text = std::str::from_utf8(&buf[..n]).unwrap();
            UriRef::parse_iri(text).unwrap_or_else(|e| panic!("uri_to_iri({s:?}) = {text:?}: {e}"));
        }
        let cri = c::from_uri(&u, &mut buf).map(|n| buf[..n].to_vec());
        if let Ok(cbor) = &cri {
            decodes("from_uri", &s, cbor);
            if let Ok(t) = cri_to_uri(cbor) {
                parses("to_uri∘from_uri", &s, t.as_bytes());
            }
            let iri = ToUriOptions {
                iri: true,
                ..Default::default()
            };
            let mut text = vec![0u8; 16 * cbor.len() + 64];
            if let Ok(n) = c::to_uri(&CriRef::decode(cbor).unwrap(), iri, &mut text) {
                let t = std::str::from_utf8(&text[..n]).unwrap();
                UriRef::parse_iri(t)
                    .unwrap_or_else(|e| panic!("to_iri∘from_uri({s:?}) = {t:?}: {e}"));
            }
        }
        for base in bases {
            if let Ok(n) = uri::resolve_str(base, &s, &mut buf) {
                parses("resolve", &s, &buf[..n]);
            }
            let bc = from_uri(base).unwrap();
            if let Ok(r) = &cri {
                let b = CriRef::decode_full(&bc).unwrap();
                if let Ok(n) = c::resolve(&b, &CriRef::decode(r).unwrap(), &mut buf) {
                    decodes("cri resolve", &s, &buf[..n]);
                }
            }
        }
        if let Ok(opts) = uri_options(&s, None) {
            let dest = Destination {
                addr: &[192, 0, 2, 1],
                zone: None,
                port: Some(5683),
            };
            let pairs: Vec<(u16, &[u8])> = opts.iter().map(|(n, v)| (*n, v.as_slice())).collect();
            if let Ok(n) = coap::uri_from_options(b"coap", &dest, pairs.iter().copied(), &mut buf) {
                parses("uri_from_options∘uri_to_options", &s, &buf[..n]);
            }
            if let Ok(n) = coap::cri_from_options(0, &dest, pairs.iter().copied(), &mut buf) {
                decodes("cri_from_options∘uri_to_options", &s, &buf[..n]);
            }
        }
    }
    assert!(checked > 10_000, "only {checked} valid references");
}

/// CRI → URI of zone-ids (draft §5.1 `host-ip = (bytes .size (4/16), ?zone-id)`): RFC 6874
/// writes a ZoneID only after an IPv6 address and never empty, so `[h'C0000201', "eth0"]`
/// and an empty zone-id are `ZoneId`, documented on `CRI_UNCONVERTIBLE_ZONE_ID`.
#[test]
fn to_uri_zone_ids_without_a_uri_form() {
    use support::cbor;
    let opts = ToUriOptions {
        zone_id: true,
        ..Default::default()
    };
    let with_zone = |addr: &[u8], zone: &str| {
        let mut v = vec![0x82, 0x20];
        cbor::head(&mut v, 4, 2);
        cbor::bytes(&mut v, addr);
        cbor::text(&mut v, zone);
        v
    };
    let mut out = [0u8; 64];
    for cri in [
        with_zone(&[192, 0, 2, 1], "eth0"),
        with_zone(&LINK_LOCAL, ""),
    ] {
        let r = CriRef::decode(&cri).unwrap();
        assert_eq!(
            c::to_uri(&r, opts, &mut out),
            Err(Error::Unconvertible(Unconvertible::ZoneId)),
            "{cri:02x?}"
        );
    }
    let ok = with_zone(&LINK_LOCAL, "eth0");
    let n = c::to_uri(&CriRef::decode(&ok).unwrap(), opts, &mut out).unwrap();
    assert_eq!(&out[..n], b"coap://[fe80::1%25eth0]");
}

/// The C `cri_to_edn` of a CRI's bytes.
fn ffi_edn(cbor: &[u8]) -> String {
    let mut out = vec![0u8; 8 * cbor.len() + 64];
    let (mut len, mut err) = (0usize, cri::ffi::cri_error_info::default());
    // SAFETY: cbor readable, out writable for its length, len and err writable.
    let st = unsafe {
        cri::ffi::cri_to_edn(
            cbor.as_ptr(),
            cbor.len(),
            out.as_mut_ptr().cast(),
            out.len(),
            &mut len,
            &mut err,
        )
    };
    assert_eq!(st as i32, 0, "{cbor:02x?}");
    String::from_utf8(out[..len].to_vec()).unwrap()
}

/// `to_edn` writes the EDN of the decoded view: what `cri_to_edn` writes of the bytes, but
/// for the tag 99 envelope (not part of the reference) and the empty reference, whose two
/// spellings `[]` and `[0]` mean the same (draft §5.2) and come out as `[]`.
#[test]
fn edn_of_the_view_is_the_edn_of_the_bytes() {
    let edn = |r: &CriRef<'_>| {
        let mut out = [0u8; 512];
        let n = c::to_edn(r, &mut out).unwrap();
        String::from_utf8(out[..n].to_vec()).unwrap()
    };
    let cases: &[(&[u8], &str)] = &[
        (&[0x80], "[]"),
        (&[0x81, 0x00], "[]"),
        (&[0x81, 0xf5], "[true]"),
        (&[0x81, 0x03], "[3]"),
        (&[0x81, 0x20], "[-1]"),
        // [0, []]: an empty path that drops the base query (draft §2.3).
        (&[0x82, 0x00, 0x80], "[0, []]"),
        // [0, null, []]: an empty query.
        (&[0x83, 0x00, 0xf6, 0x80], "[0, null, []]"),
        // [null, true, ["x"]]
        (
            &[0x83, 0xf6, 0xf5, 0x81, 0x61, b'x'],
            r#"[null, true, ["x"]]"#,
        ),
        // [-1, null, null, null, "f"]
        (
            &[0x85, 0x20, 0xf6, 0xf6, 0xf6, 0x61, b'f'],
            r#"[-1, null, null, null, "f"]"#,
        ),
        // 99([-2, [false, "u", "h", 5683], [["a", h'25']]])
        (
            &[
                0xd8, 0x63, 0x83, 0x21, 0x84, 0xf4, 0x61, b'u', 0x61, b'h', 0x19, 0x16, 0x33, 0x81,
                0x82, 0x61, b'a', 0x41, 0x25,
            ],
            r#"[-2, [false, "u", "h", 5683], [["a", h'25']]]"#,
        ),
        // ["zz", [h'FE800000000000000000000000000001', "eth0"]]
        (
            &[
                0x82, 0x62, b'z', b'z', 0x82, 0x50, 0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 1, 0x64, b'e', b't', b'h', b'0',
            ],
            r#"["zz", [h'FE800000000000000000000000000001', "eth0"]]"#,
        ),
    ];
    for &(cbor, want) in cases {
        let r = CriRef::decode(cbor).unwrap_or_else(|e| panic!("{cbor:02x?}: {e}"));
        assert_eq!(edn(&r), want, "{cbor:02x?}");
    }
    assert_eq!(ffi_edn(cases[9].0), format!("99({})", cases[9].1));
    assert_eq!(ffi_edn(cases[1].0), "[0]");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut compared = 0;
    for _ in 0..20_000 {
        let cbor = random_cri(&mut rng);
        let Ok(r) = CriRef::decode(&cbor) else {
            continue;
        };
        let bytes = ffi_edn(&cbor);
        let want = if bytes == "[0]" { "[]" } else { &bytes };
        assert_eq!(edn(&r), want, "{cbor:02x?}");
        compared += 1;
    }
    assert!(compared > 5_000, "only {compared} random CRIs were valid");
}

/// Decision 18: a Uri-Host that is no reg-name (RFC 7252 §6.5 step 5 would fail) is
/// percent-encoded into the URI, and that URI gives the same Uri-Host back (§6.4 step 5).
#[test]
fn a_uri_host_that_is_no_reg_name_is_percent_encoded() {
    use cri::coap::{uri_from_options, uri_to_options, Mode, OptionRef, URI_HOST, URI_PATH};
    let dest = coap::Destination::default();
    for (host, want) in [
        (&b"ex ample"[..], "coap://ex%20ample/a"),
        (b"a/b", "coap://a%2Fb/a"),
        (b"a@b:c", "coap://a%40b%3Ac/a"),
    ] {
        let options = [(URI_HOST, host), (URI_PATH, b"a")];
        let mut out = [0u8; 64];
        let n = uri_from_options(b"coap", &dest, options.into_iter(), &mut out).unwrap();
        let uri = std::str::from_utf8(&out[..n]).unwrap();
        assert_eq!(uri, want);
        let (mut opts, mut values) = ([OptionRef::default(); 4], [0u8; 64]);
        let u = UriRef::parse(uri).unwrap();
        let used = uri_to_options(&u, None, Mode::Direct, &mut opts, &mut values).unwrap();
        let back: Vec<(u16, &[u8])> = opts[..used.options]
            .iter()
            .map(|o| (o.number, o.value(&values)))
            .collect();
        assert_eq!(back, options, "{uri}");
    }
}
