//! IRIs (RFC 3987): validation, the mappings both ways, web address preprocessing, the
//! HTML5 URL terms, resolution with IRIs, and CRIs from and to IRIs.

use ::cri::cri::{self, CriRef, ToUriOptions};
use ::cri::uri::{self, UriRef};

mod support;
use support::{components, records};

fn out(f: impl Fn(&mut [u8]) -> Result<usize, ::cri::Error>) -> String {
    let mut buf = vec![0u8; 4096];
    let n = f(&mut buf).unwrap();
    String::from_utf8(buf[..n].to_vec()).unwrap()
}

fn to_uri(iri: &str) -> String {
    out(|b| uri::iri_to_uri(&UriRef::parse_iri(iri).unwrap(), b))
}

fn to_iri(u: &str) -> String {
    out(|b| uri::uri_to_iri(&UriRef::parse(u).unwrap(), b))
}

#[test]
fn iri_only_split_records() {
    let mut n = 0;
    for r in records("split.jsonl")
        .iter()
        .filter(|r| r["iri_only"] == true)
    {
        n += 1;
        let input = r["uri"].as_str().unwrap();
        let got = UriRef::parse_iri(input);
        assert_eq!(got.is_ok(), r["valid"] == true, "{input:?}: {got:?}");
        // Never a valid URI: non-ASCII needs the IRI grammar.
        assert!(UriRef::parse(input).is_err(), "{input:?}");
        if let Ok(u) = got {
            let c = components(&u);
            let keys = [
                "scheme", "userinfo", "host", "port", "path", "query", "fragment",
            ];
            for (k, v) in keys.iter().zip(c) {
                assert_eq!(v, r[*k].as_str(), "{input:?} {k}");
            }
            // IRI → URI → IRI gives the IRI back.
            let mapped = to_uri(input);
            assert!(UriRef::parse(&mapped).is_ok(), "{mapped:?}");
            assert_eq!(
                to_iri(&mapped),
                input,
                "round trip of {input:?} via {mapped:?}"
            );
        }
    }
    assert_eq!(n, 29, "the iri_only records of split.jsonl");
}

/// RFC 3987 §3.1 and §3.2 examples.
#[test]
fn rfc3987_examples() {
    assert_eq!(
        to_uri("http://r\u{e9}sum\u{e9}.example.org"),
        "http://r%C3%A9sum%C3%A9.example.org"
    );
    assert_eq!(
        to_uri("http://www.example.org/red%09ros\u{e9}#red"),
        "http://www.example.org/red%09ros%C3%A9#red"
    );
    assert_eq!(
        to_iri("http://www.example.org/D%C3%BCrst"),
        "http://www.example.org/D\u{fc}rst"
    );
    // Not UTF-8: stays encoded.
    assert_eq!(
        to_iri("http://www.example.org/D%FCrst"),
        "http://www.example.org/D%FCrst"
    );
    // U+202E RIGHT-TO-LEFT OVERRIDE: a bidi formatting character stays encoded (§4.1).
    assert_eq!(
        to_iri("http://xn--99zt52a.example.org/%e2%80%ae"),
        "http://xn--99zt52a.example.org/%e2%80%ae"
    );
    // Delimiters and "%" never decode.
    assert_eq!(
        to_iri("http://h/a%2Fb%3F%25%23?q=%26"),
        "http://h/a%2Fb%3F%25%23?q=%26"
    );
    // iprivate only in the query.
    assert_eq!(
        to_iri("http://h/%EE%80%80?%EE%80%80"),
        "http://h/%EE%80%80?\u{e000}"
    );
}

#[test]
fn invalid_utf8_is_an_error_at_its_first_byte() {
    for (input, offset) in [
        (&b"/a\xff"[..], 2),
        (b"/\xc3", 1),
        (b"/\xc0\xaf", 1),
        (b"/\xed\xa0\x80", 1),
        (b"http://h/?\xf4\x90\x80\x80", 10),
        (b"http://h\xe2\x82", 8),
    ] {
        assert_eq!(
            UriRef::parse_iri_bytes(input),
            Err(::cri::Error::Syntax { offset }),
            "{input:?}"
        );
    }
}

#[test]
fn web_address_preprocessing() {
    let pre = |s: &str| out(|b| uri::preprocess(s.as_bytes(), b));
    assert_eq!(
        pre("  http://example.com/a b\t\n "),
        "http://example.com/a%20b"
    );
    assert_eq!(
        pre("http://exa\nmple.com/\r\npath"),
        "http://example.com/path"
    );
    assert_eq!(
        pre("http://example.com?foo=bar#baz#boo"),
        "http://example.com?foo=bar#baz%23boo"
    );
    assert_eq!(pre("http://[::1]/x[1]"), "http://[::1]/x%5B1%5D");
    assert_eq!(
        pre("100% \"quoted\" <tag> {x|y}"),
        "100%25%20%22quoted%22%20%3Ctag%3E%20%7Bx%7Cy%7D"
    );
    assert_eq!(pre("http://h/caff\u{e8}"), "http://h/caff%C3%A8");
    for s in [
        "  http://example.com/a b ",
        "http://example.com?foo=bar#baz#boo",
        "\thttp://h/caff\u{e8}\n",
    ] {
        UriRef::parse(&pre(s)).unwrap();
    }
}

#[test]
fn html5_url_terms() {
    let u = UriRef::parse("http://example.com:80/a?b#c").unwrap();
    assert_eq!(
        (u.hostport(), u.host_specific()),
        (Some("example.com"), "/a?b#c")
    );
    let u = UriRef::parse("http://example.com:8080/a").unwrap();
    assert_eq!(u.hostport(), Some("example.com:8080"));
    let u = UriRef::parse("foo://example.com:80/").unwrap(); // no known default for foo
    assert_eq!(u.hostport(), Some("example.com:80"));
    let u = UriRef::parse("mailto:a@b").unwrap();
    assert_eq!((u.hostport(), u.host_specific()), (None, "mailto:a@b"));
}

#[test]
fn resolving_page_links_with_iris() {
    let base = UriRef::parse_iri("http://\u{4f8b}\u{3048}.jp/\u{30da}\u{30fc}\u{30b8}/index.html")
        .unwrap();
    let r = UriRef::parse_iri("../\u{753b}\u{50cf}.png").unwrap();
    assert_eq!(
        out(|b| uri::resolve_iri(&base, &r, false, b)),
        "http://%E4%BE%8B%E3%81%88.jp/%E7%94%BB%E5%83%8F.png"
    );
    assert_eq!(
        out(|b| uri::resolve_iri(&base, &r, true, b)),
        "http://\u{4f8b}\u{3048}.jp/\u{753b}\u{50cf}.png"
    );
}

/// The IRI-flavoured rows of the CRI vectors: IRI → CRI exact, CRI → IRI back, CRI → URI
/// as the vector says.
#[test]
fn cris_from_and_to_iris() {
    let mut n = 0;
    for r in records("cri-vectors.jsonl")
        .iter()
        .filter(|r| r["kind"] == "convert")
    {
        let Some(input) = r["uri"].as_str().filter(|s| !s.is_ascii()) else {
            continue;
        };
        n += 1;
        let u = UriRef::parse_iri(input).unwrap();
        let mut cbor = [0u8; 256];
        let k = cri::from_uri(&u, &mut cbor).unwrap();
        let hex: String = cbor[..k].iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, r["cri_hex"].as_str().unwrap(), "{input}");
        let c = CriRef::decode(&cbor[..k]).unwrap();
        let iri = out(|b| {
            cri::to_uri(
                &c,
                ToUriOptions {
                    iri: true,
                    ..Default::default()
                },
                b,
            )
        });
        assert_eq!(iri, input);
        let uri_text = out(|b| cri::to_uri(&c, ToUriOptions::default(), b));
        assert_eq!(Some(uri_text.as_str()), r["result"].as_str());
    }
    assert!(n >= 1);
}

/// RFC 3987 §2.2 allows no `ucschar` in an IP-literal (`ihost = IP-literal / IPv4address /
/// ireg-name`): `uri_to_iri` keeps a zone id percent-encoded, as `cri_to_iri` and
/// `iri_resolve` with `IRI_RESOLVE_KEEP_IRI` do, so `URI_SPLIT_IRI` accepts what it writes.
#[test]
fn uri_to_iri_keeps_a_zone_id_encoded() {
    let u = "http://[fe80::1%25%C3%A9]/%C3%A9";
    let iri = to_iri(u);
    assert_eq!(iri, "http://[fe80::1%25%C3%A9]/\u{e9}");
    UriRef::parse_iri(&iri).unwrap();
    // The CRI path writes the same IRI.
    let mut cbor = [0u8; 64];
    let n = cri::from_uri(&UriRef::parse(u).unwrap(), &mut cbor).unwrap();
    let opts = ToUriOptions {
        zone_id: true,
        iri: true,
    };
    let via_cri = out(|b| cri::to_uri(&CriRef::decode(&cbor[..n]).unwrap(), opts, b));
    assert_eq!(via_cri, iri);
    // A reg-name is an ireg-name: its characters are decoded.
    assert_eq!(to_iri("http://%C3%A9.example/"), "http://\u{e9}.example/");
}

/// Decision 19: the bidi isolates LRI, RLI, FSI and PDI (U+2066–U+2069) are refused in an
/// IRI like the formatting characters RFC 3987 §4.1 lists, and `uri_to_iri` keeps them
/// percent-encoded.
#[test]
fn bidi_isolates_are_refused_like_the_formatting_characters() {
    for c in [
        '\u{200e}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
    ] {
        let iri = format!("http://h/a{c}b");
        assert!(UriRef::parse_iri(&iri).is_err(), "U+{:04X}", u32::from(c));
        let mut enc = [0u8; 4];
        let pct: String = c
            .encode_utf8(&mut enc)
            .bytes()
            .map(|b| format!("%{b:02X}"))
            .collect();
        let u = format!("http://h/a{pct}b");
        assert_eq!(to_iri(&u), u, "U+{:04X}", u32::from(c));
    }
    // Their neighbours are ucschar (RFC 3987 §2.2): U+2065 is unassigned but allowed,
    // U+206A is a deprecated format character that §4.1 does not name.
    for c in ['\u{2065}', '\u{206a}'] {
        UriRef::parse_iri(&format!("http://h/a{c}b")).unwrap();
    }
}
