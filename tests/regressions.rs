//! Regression tests for bugs found by fuzzing (fuzz/, scripts/fuzz.sh). Each test names
//! the fuzz target and the oracle that found it, the input, what is expected and why.
//!
//! Every test here failed before its fix and passes after it (a few come from a new
//! user's tests rather than the fuzzer, and say so).

use cri::coap::{self, Mode, OptionRef};
use cri::cri::{self as c, CriRef, ToUriOptions};
use cri::uri::{self, UriRef};
use cri::Error;

fn zone_opts() -> ToUriOptions {
    ToUriOptions {
        zone_id: true,
        ..Default::default()
    }
}

fn from_uri(s: &str) -> Result<Vec<u8>, Error> {
    let u = UriRef::parse(s).unwrap_or_else(|e| panic!("{s:?} is a valid URI reference: {e}"));
    let mut out = vec![0u8; 4 * s.len() + 64];
    let n = c::from_uri(&u, &mut out)?;
    out.truncate(n);
    Ok(out)
}

fn to_uri(cbor: &[u8]) -> String {
    let cr = CriRef::decode(cbor).unwrap_or_else(|e| panic!("{cbor:02x?}: {e:?}"));
    let mut out = vec![0u8; 4 * cbor.len() + 64];
    let n = c::to_uri(&cr, zone_opts(), &mut out)
        .unwrap_or_else(|e| panic!("to_uri {cbor:02x?}: {e:?}"));
    String::from_utf8(out[..n].to_vec()).unwrap()
}

fn equivalent(a: &str, b: &str) -> bool {
    uri::equivalent(&UriRef::parse(a).unwrap(), &UriRef::parse(b).unwrap())
}

/// fuzz target cri_from_uri, oracle "from_uri output always decodes". A URI without
/// authority whose rootless path has dot-segments: remove_dot_segments leaves an empty
/// path (`zz:.` is `zz:`) or a rooted one (`zz:a/..` is `zz:/`), but `from_uri` still
/// writes authority `true` (rootless): `zz:.` gives `["zz", true]` (NakedRootless) and
/// `zz:a/..` gives `["zz", true, [""]]` (LeadingEmptySegment), both unprocessable.
/// Expected: a valid CRI whose URI is equivalent to the normalized input (`["zz"]`,
/// `["zz", null, [""]]`).
/// `cri_validate(cbor)` is `CRI_ERR_UNPROCESSABLE` with `reason` at `offset`.
fn expect_unprocessable(cbor: &[u8], reason: i32, offset: usize) {
    let mut err = cri::ffi::cri_error_info::default();
    // SAFETY: `cbor` is readable for its length; `err` is writable.
    let status = unsafe { cri::ffi::cri_validate(cbor.as_ptr(), cbor.len(), 0, &mut err) };
    assert_eq!(
        status as i32,
        cri::ffi::cri_status::CRI_ERR_UNPROCESSABLE as i32,
        "{cbor:02x?}"
    );
    assert_eq!((err.reason, err.offset), (reason, offset), "{cbor:02x?}");
}

#[test]

fn from_uri_rootless_path_emptied_by_dots() {
    for (input, normal) in [
        ("zz:.", "zz:"),
        ("zz:./", "zz:"),
        ("zz:..", "zz:"),
        ("zz:a/..", "zz:/"),
        ("zz:a/../", "zz:/"),
        ("urn:x/%2E%2E", "urn:/"),
    ] {
        let cbor = from_uri(input).unwrap();
        CriRef::decode(&cbor).unwrap_or_else(|e| {
            panic!("from_uri({input:?}) = {cbor:02x?} is unprocessable: {e:?}")
        });
        let back = to_uri(&cbor);
        assert!(
            equivalent(&back, normal),
            "{input:?} -> {back:?}, want {normal:?}"
        );
    }
}

/// fuzz target cri, oracle "valid CRI ⇒ to_uri ⇒ from_uri succeeds". The CRI
/// `[-2, [h'FE80…01', "=n1"]]` (zone-id `=n1`) converts (with zone ids enabled) to
/// `coaps://[fe80::1%25%3Dn1]`, but `from_uri` of that URI fails with
/// `Unconvertible(ZoneId)`, documented as "a zone id that is not valid UTF-8 once
/// percent-decoded" — `%3Dn1` decodes to the UTF-8 text `=n1`. The check tests the zone
/// id against the host-label set (where `=` is literal) instead of the set `to_uri` uses
/// for zone ids (unreserved). Expected: from_uri gives back the CRI.
#[test]

fn from_uri_zone_id_with_percent_encoded_sub_delim() {
    let mut cri = vec![0x82, 0x21, 0x82, 0x50, 0xfe, 0x80];
    cri.extend([0; 13]);
    cri.push(0x01);
    cri.extend([0x63, b'=', b'n', b'1']);
    let text = to_uri(&cri);
    assert_eq!(text, "coaps://[fe80::1%25%3Dn1]");
    assert_eq!(from_uri(&text), Ok(cri));
}

/// fuzz target cri_from_uri, oracle "from_uri is a fixpoint on its own output". The
/// reg-name `127.0.0.%31` is the IPv4 address 127.0.0.1 once normalized (§6.2.2.2), and
/// the two URIs are equivalent, but `from_uri("//127.0.0.%31")` gives the host-name
/// labels `["127", "0", "0", "1"]`, whose URI `//127.0.0.1` then gives the host-ip
/// `h'7F000001'`. Expected: both give `[null, [h'7F000001']]` (the CRI of the
/// normalized URI, as for every other normalization from_uri does).
#[test]

fn from_uri_reg_name_that_decodes_to_ipv4() {
    let want = from_uri("//127.0.0.1").unwrap();
    assert_eq!(want, [0x82, 0xf6, 0x81, 0x44, 0x7f, 0, 0, 1]);
    assert_eq!(from_uri("//127.0.0.%31").unwrap(), want);
    assert_eq!(
        from_uri("coap://%31%39%32.0.2.1/").unwrap(),
        from_uri("coap://192.0.2.1/").unwrap()
    );
}

fn options(
    r: Result<coap::OptionSpace, Error>,
    opts: &[OptionRef],
    scratch: &[u8],
) -> Vec<(u16, Vec<u8>)> {
    let space = r.unwrap_or_else(|e| panic!("{e:?}"));
    opts[..space.options]
        .iter()
        .map(|o| (o.number, scratch[o.offset..o.offset + o.len].to_vec()))
        .collect()
}

/// fuzz target coap (mode 3), oracle "a CRI and its URI give the same options". The CRI
/// `[-1, ["foY"]]` holds a host-name label with an uppercase letter, which C5 of
/// draft-ietf-core-href-27 excludes ("lowercase CRI text string labels"), yet
/// `CriRef::decode` accepts it; `cri_to_options` then sends Uri-Host `foY`, while
/// `uri_to_options` of its URI `coap://foY` sends `foy` (Decision 6 lowercases
/// Uri-Host). Expected: either decode rejects the CRI, or both give Uri-Host `foy`.
#[test]

fn cri_to_options_lowercases_host_name() {
    let cbor = [0x82, 0x20, 0x81, 0x63, b'f', b'o', b'Y'];
    let Ok(cr) = CriRef::decode(&cbor) else {
        return; // rejected as unprocessable: also a fix
    };
    let text = to_uri(&cbor);
    assert_eq!(text, "coap://foY");
    let (mut o1, mut s1) = ([OptionRef::default(); 8], [0u8; 64]);
    let (mut o2, mut s2) = ([OptionRef::default(); 8], [0u8; 64]);
    let from_cri = options(
        coap::cri_to_options(&cr, &cbor, None, Mode::Direct, &mut o1, &mut s1),
        &o1,
        &s1,
    );
    let u = UriRef::parse(&text).unwrap();
    let from_uri = options(
        coap::uri_to_options(&u, None, Mode::Direct, &mut o2, &mut s2),
        &o2,
        &s2,
    );
    assert_eq!(from_uri, vec![(3, b"foy".to_vec())]);
    assert_eq!(from_cri, from_uri);
}

/// fuzz targets cri_from_uri and coap, oracle "URI → CRI → URI is the same reference".
/// `from_uri` decodes a `%XX` UTF-8 lead byte and then takes the next bytes as `%XX`
/// continuation triplets without checking that they start with `%`: `s:/%C3Xa9` (the
/// bytes C3 58 61 39) becomes `["s", null, ["é"]]` (C3 A9), i.e. the path `/é`, and
/// `coap://a%E3%81;91/` becomes the host `aけ` (`;91` read as `%91`). The path or host a
/// server receives is not the one in the URI. Expected: `s:/%C3Xa9` keeps its bytes
/// (`["s", null, [[h'C3', "Xa9"]]]`, PET) and converts back to an equivalent URI.
#[test]

fn from_uri_checks_percent_of_utf8_continuation() {
    for input in [
        "s:/%C3Xa9",
        "s:/%E3Q82%A4",
        "s:/%E3%E3Q82%A4",
        "coap://a%E3%81;91/",
        "s:?%C3Xa9",
        "s:#%C3Xa9",
    ] {
        let cbor = from_uri(input).unwrap();
        let back = to_uri(&cbor);
        assert!(
            equivalent(input, &back),
            "{input:?} -> CRI {cbor:02x?} -> {back:?}"
        );
    }
    assert_eq!(
        from_uri("s:/%C3Xa9").unwrap(),
        [0x83, 0x61, b's', 0xf6, 0x81, 0x82, 0x41, 0xc3, 0x63, b'X', b'a', b'9']
    );
}

/// fuzz target cri, oracle "resolution gives a valid full CRI". Against the rootless
/// base `urn:ietf:rfc:7252` (`[-5, true, ["ietf:rfc:7252"]]`), the reference `[10]`
/// (discard 10) resolves to `[-5, true]` (NakedRootless) and `[14, [""]]` to
/// `[-5, true, [""]]` (LeadingEmptySegment): `cri::resolve` writes unprocessable CRIs.
/// Expected: an error (`Unconvertible`) or a valid CRI.
#[test]

fn cri_resolve_against_rootless_base_gives_valid_cri() {
    let base = from_uri("urn:ietf:rfc:7252").unwrap();
    let base = CriRef::decode_full(&base).unwrap();
    for reference in [&[0x81, 0x0a][..], &[0x82, 0x0e, 0x81, 0x60], &[0x81, 0x01]] {
        let r = CriRef::decode(reference).unwrap();
        let mut out = [0u8; 64];
        match c::resolve(&base, &r, &mut out) {
            Err(Error::Unconvertible(_)) => {}
            Err(e) => panic!("{reference:02x?}: {e:?}"),
            Ok(n) => {
                CriRef::decode_full(&out[..n]).unwrap_or_else(|e| {
                    panic!("{reference:02x?} resolves to {:02x?}: {e:?}", &out[..n])
                });
            }
        }
    }
}

/// fuzz targets normalize and cri_from_uri, oracle "x is equivalent to normalize(x)".
/// `uri::equivalent` (and the C `uri_equivalent`) compares the two normal forms through a
/// 64-byte window; when the normal form is longer than 64 bytes and a path has
/// dot-segments, it answers false for equivalent references:
/// `http://h/<60 × a>/./b` and `http://h/<60 × a>/b` (its own normal form) are "not
/// equivalent", nor are `…/x/../b` and `…/b`. Short references compare correctly.
/// Expected: `equivalent(a, b)` exactly when `normalize(a) == normalize(b)`.
#[test]

fn equivalent_long_paths_with_dot_segments() {
    let a60 = "a".repeat(60);
    for (x, y) in [
        (format!("http://h/{a60}/./b"), format!("http://h/{a60}/b")),
        (
            format!("http://h/{a60}/x/../b"),
            format!("http://h/{a60}/b"),
        ),
        (format!("s:/{a60}/./b/c/d"), format!("s:/{a60}/b/c/d")),
    ] {
        let (u, v) = (UriRef::parse(&x).unwrap(), UriRef::parse(&y).unwrap());
        let (mut nu, mut nv) = ([0u8; 256], [0u8; 256]);
        let n = uri::normalize(&u, &mut nu).unwrap();
        let m = uri::normalize(&v, &mut nv).unwrap();
        assert_eq!(nu[..n], nv[..m], "normal forms of {x:?} and {y:?}");
        assert!(uri::equivalent(&u, &v), "{x:?} vs {y:?}");
        assert!(uri::equivalent(&v, &u), "{y:?} vs {x:?}");
    }
}

/// fuzz target cri, oracle "to_uri gives a valid URI reference". The CRI
/// `[-1, [h'18800000000000000083610061F60081', ""]]` (host-ip with an empty zone-id) is
/// accepted by `CriRef::decode`, and `to_uri` with zone ids enabled writes
/// `coap://[1880::83:6100:61f6:81%25]`, which does not parse (RFC 6874:
/// `ZoneID = 1*( unreserved / pct-encoded )`). Expected: decode rejects the empty
/// zone-id, or to_uri fails (`Unconvertible`) instead of writing an invalid URI.
#[test]

fn to_uri_empty_zone_id() {
    let cbor = [
        0x82, 0x20, 0x82, 0x50, 0x18, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x83, 0x61, 0x00, 0x61, 0xf6,
        0x00, 0x81, 0x60,
    ];
    let Ok(cr) = CriRef::decode(&cbor) else {
        return; // rejected: a fix
    };
    let mut out = [0u8; 128];
    if let Ok(n) = c::to_uri(&cr, zone_opts(), &mut out) {
        let text = std::str::from_utf8(&out[..n]).unwrap();
        UriRef::parse(text).unwrap_or_else(|e| panic!("to_uri wrote {text:?}: {e}"));
    }
}

/// fuzz target cri, oracle "to_uri(c) is absolute exactly when c is a full CRI". The
/// relative reference `[null, true, ["id::"]]` (no scheme, no authority, rootless path)
/// converts to `id::`, which parses as the absolute URI with scheme `id` and path `:`.
/// draft-ietf-core-href-27 §6.1 prefixes "./" when discard is 1 (`[1, ["id::"]]` gives
/// `./id::`), and RFC 3986 §4.2 needs the same for any relative-path reference whose first
/// segment has a ":" (docs/DECISIONS.md Decision 3: recomposition writes "./"). Expected: `./id::`
/// (or an `Unconvertible` error), never a URI with a scheme.
#[test]

fn to_uri_rootless_relative_reference_with_colon() {
    let cbor = [0x83, 0xf6, 0xf5, 0x81, 0x64, b'i', b'd', b':', b':'];
    let cr = CriRef::decode(&cbor).unwrap();
    let mut out = [0u8; 64];
    let Ok(n) = c::to_uri(&cr, zone_opts(), &mut out) else {
        return;
    };
    let text = std::str::from_utf8(&out[..n]).unwrap();
    let u = UriRef::parse(text).unwrap();
    assert_eq!(u.scheme(), None, "{text:?}");
    assert_eq!(text, "./id::");
}

/// Found by a new user's tests (not the fuzzer): `cri_to_edn` clamped the most negative
/// CBOR integer, -2^64, to -(2^64 - 1), so two CRIs printed alike.
#[test]
fn edn_of_the_most_negative_integer() {
    let mut out = [0u8; 64];
    let min = [0x81, 0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
    let n = c::to_edn(&CriRef::decode(&min).unwrap(), &mut out).unwrap();
    assert_eq!(&out[..n], b"[-18446744073709551616]");
    let next = [0x81, 0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe];
    let n = c::to_edn(&CriRef::decode(&next).unwrap(), &mut out).unwrap();
    assert_eq!(&out[..n], b"[-18446744073709551615]");
}

/// Found by a new user's tests: RFC 3987 §4.1 keeps bidirectional formatting characters
/// (here U+202E RLO) out of IRIs, but the IRI grammar accepted them as `ucschar`.
#[test]
fn iri_rejects_bidi_formatting_characters() {
    assert_eq!(
        UriRef::parse_iri("http://a/\u{202e}evil"),
        Err(Error::Syntax { offset: 9 })
    );
    assert!(UriRef::parse_iri("http://a/\u{e9}").is_ok());
}

/// Found by a new user's tests: options → URI wrote any scheme, even an empty one or one
/// with a space, giving text that is no URI. (An empty scheme in `uri_recompose`: c-tests.)
/// By Decision 11 only CoAP schemes are composed at all.
#[test]
fn composed_schemes_are_checked() {
    let dest = coap::Destination {
        addr: &[127, 0, 0, 1],
        zone: None,
        port: Some(5683),
    };
    let mut out = [0u8; 64];
    for bad in [&b""[..], b"a b", b"1coap"] {
        assert_eq!(
            coap::uri_from_options(bad, &dest, core::iter::empty(), &mut out),
            Err(Error::Coap(coap::CoapError::NotCoapScheme)),
            "{bad:?}"
        );
    }
}

/// fuzz target coap (modes 2 and 3), oracle "URI ⇒ options ⇒ URI is equivalent". A
/// reg-name that is a bare IPv6 address once percent-decoded (`coap://%3A%3A1/x`,
/// `coap://f%3A%3A/`, or the CRI host-name `["f::"]`) becomes the Uri-Host `::1` / `f::`
/// (Decision 6: the host percent-decoded), which `uri_from_options` and
/// `cri_from_options` then reject with `BadUriHost` ("a bare IPv6 address", RFC 7252
/// §6.5): the library emits options that it cannot read back, and a server may take the
/// reg-name for the IPv6 address `::1`. Expected: consistency, either `uri_to_options` /
/// `cri_to_options` refuse such a host (`BadUriHost`, as for the reverse direction), or
/// the reverse direction reads the value as a reg-name (`coap://%3A%3A1/x` back).
#[test]

fn uri_host_that_decodes_to_a_bare_ipv6_address() {
    for input in [
        "coap://%3A%3A1/x",
        "coap://f%3A%3A/",
        "coap://1%3A2%3A3%3A4%3A5%3A6%3A7%3A8/",
    ] {
        refused_or_read_back(input);
    }
}

/// The consistency these host findings ask for: `uri_to_options` refuses the URI's host
/// (`BadUriHost`), or the options it gives compose back, as a URI and as a CRI, to a URI
/// equivalent to `input`.
fn refused_or_read_back(input: &str) {
    let u = UriRef::parse(input).unwrap();
    let (mut o, mut s) = ([OptionRef::default(); 8], [0u8; 64]);
    let opts = match coap::uri_to_options(&u, None, Mode::Direct, &mut o, &mut s) {
        Err(Error::Coap(coap::CoapError::BadUriHost)) => return, // refused: a fix
        r => options(r, &o, &s),
    };
    let back = uri_from(input, &opts);
    assert!(
        equivalent(input, &back),
        "{input:?} -> {opts:?} -> {back:?}"
    );
    let mut out = [0u8; 128];
    let n = coap::cri_from_options(0, &DEST, opts.iter().map(|(n, v)| (*n, &v[..])), &mut out)
        .unwrap_or_else(|e| panic!("{input:?} -> {opts:?} -> CRI: {e:?}"));
    let cri_uri = to_uri(&out[..n]);
    assert!(
        equivalent(input, &cri_uri),
        "{input:?} -> {opts:?} -> {cri_uri:?}"
    );
}

/// A destination other than any URI's own host, for composing URIs from options.
const DEST: coap::Destination = coap::Destination {
    addr: &[192, 0, 2, 1],
    zone: None,
    port: Some(5683),
};

/// `uri_from_options` (RFC 7252 §6.5) of `opts`, which came from `input`.
fn uri_from(input: &str, opts: &[(u16, Vec<u8>)]) -> String {
    let mut out = [0u8; 128];
    let n = coap::uri_from_options(
        b"coap",
        &DEST,
        opts.iter().map(|(n, v)| (*n, &v[..])),
        &mut out,
    )
    .unwrap_or_else(|e| panic!("{input:?} -> {opts:?} -> {e:?}"));
    std::str::from_utf8(&out[..n]).unwrap().to_string()
}

/// Found by a new user's tests: `uri::equivalent` compared the normal forms through a
/// 64-byte window, writing both forms once per window, so its time grew with the square
/// of the length (a DoS risk for untrusted URLs: 0.25 s at 128 kB, minutes at 1 MB). It
/// now compares component by component in one pass; this input took minutes before.
#[test]
fn equivalent_is_linear_on_long_paths() {
    let body = "a/".repeat(100_000) + "./b/%2E%2E/c";
    let x = format!("http://h/{body}");
    let y = format!("HTTP://h:80/{}c", "a/".repeat(100_000));
    let (u, v) = (UriRef::parse(&x).unwrap(), UriRef::parse(&y).unwrap());
    assert!(uri::equivalent(&u, &v));
}

/// `equivalent(a, b)` is exactly `normalize(a) == normalize(b)`, over every pair of the
/// peer normalization inputs (tests/data/normalize.jsonl).
#[test]
fn equivalent_agrees_with_normalize_on_all_pairs() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/normalize.jsonl"
    ))
    .unwrap();
    let mut inputs: Vec<String> = Vec::new();
    for line in text.lines() {
        let start = line.find("\"uri\": \"").unwrap() + 8;
        let end = start + line[start..].find('"').unwrap();
        inputs.push(line[start..end].to_string());
    }
    let refs: Vec<UriRef> = inputs
        .iter()
        .filter_map(|s| UriRef::parse(s).ok())
        .collect();
    let normal: Vec<Vec<u8>> = refs
        .iter()
        .map(|u| {
            let mut out = vec![0u8; 512];
            let n = uri::normalize(u, &mut out).unwrap();
            out.truncate(n);
            out
        })
        .collect();
    for (i, a) in refs.iter().enumerate() {
        for (j, b) in refs.iter().enumerate() {
            assert_eq!(
                uri::equivalent(a, b),
                normal[i] == normal[j],
                "{:?} vs {:?}",
                inputs[i],
                inputs[j]
            );
        }
    }
}

/// Found by the `coap` fuzz target (URI ⇒ options ⇒ URI): `coap://[vff.Bab]//198.51.1/az`
/// became the Uri-Host `[vff.bab]` (an IPvFuture literal goes into Uri-Host as written,
/// RFC 7252 §6.4, lowercased by Decision 6), which `uri_from_options` rejected with
/// `BadUriHost` because it took every IP-literal for IPv6. RFC 3986 §3.2.2's IP-literal
/// holds an IPv6address or an IPvFuture, so the value reads back as the same host.
#[test]
fn ipvfuture_uri_host_reads_back() {
    for input in [
        "coap://[vff.Bab]//198.51.1/az?%2e%2F)?%26",
        "coap://[v1.x:y]/",
    ] {
        let u = UriRef::parse(input).unwrap();
        let (mut o, mut s) = ([OptionRef::default(); 8], [0u8; 64]);
        let r = coap::uri_to_options(&u, None, Mode::Direct, &mut o, &mut s);
        let opts = options(r, &o, &s);
        let back = uri_from(input, &opts);
        let back = back.as_str();
        // The fuzz oracle: the same URI, or one that gives the same options (Uri-Query is
        // sent decoded, so `%2F` comes back as `/`).
        let bu = UriRef::parse(back).unwrap();
        let r = coap::uri_to_options(&bu, None, Mode::Direct, &mut o, &mut s);
        assert!(
            equivalent(input, back) || options(r, &o, &s) == opts,
            "{input:?} -> {back:?}"
        );
    }
}

/// Found on target: test_cri on Cortex-M (32-bit usize) reported a text or byte
/// string whose declared length is 2^64-1 or 2^63-1 as invalid UTF-8. minicbor converts the
/// length to usize before it looks at the input, that conversion fails only where usize
/// has fewer than 64 bits, and every decoder error but two was mapped to InvalidUtf8. A
/// declared length past the end of the input is a truncated item: not-CBOR on every
/// usize width (`cargo test --target i686-unknown-linux-gnu` runs this on 32 bits).
#[test]
fn cri_string_length_over_usize_is_not_cbor() {
    use cri::cri::Reason;
    let cases: &[&[u8]] = &[
        // [1, ["<text of 2^64-1 bytes>"... the byte 'a']]
        &[
            0x82, 0x01, 0x81, 0x7B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x61,
        ],
        &[
            0x82, 0x01, 0x81, 0x7B, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x61, 0x61,
        ],
        // 2^32 + 1: over usize::MAX on 32 bits only
        &[0x82, 0x01, 0x81, 0x7B, 0, 0, 0, 0x01, 0, 0, 0, 0x01, 0x61],
        // 2^32-1 (fits a 32-bit usize) and a byte string of 2^64-1 in the path (a PET)
        &[0x82, 0x01, 0x81, 0x7A, 0xFF, 0xFF, 0xFF, 0xFF, 0x61],
        &[
            0x82, 0x20, 0x81, 0x82, 0x61, 0x61, 0x5B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0x01,
        ],
    ];
    for cbor in cases {
        let e = CriRef::decode(cbor).expect_err("a truncated CRI");
        assert!(
            matches!(
                e,
                Error::Unprocessable {
                    reason: Reason::NotCbor,
                    ..
                }
            ),
            "{cbor:02x?}: {e:?}"
        );
    }
}

/// From a new user's tests: `coap:///a` (an empty host) gave `CRI_COAP_ERR_OPTION_LENGTH`,
/// with or without a destination, as if a Uri-Host of 0 bytes had been tried. An empty
/// host names no host: a Uri-Host is 1-255 bytes (RFC 7252 §5.10.1) and CoAP defines no
/// default host (RFC 3986 §3.2.2), so the reason is `NoHost`, for the URI and its CRI
/// (`[-1, [], ["a"]]`: zero host-name labels) alike.
#[test]
fn empty_coap_host_is_no_host() {
    let dest = coap::Destination {
        addr: &[192, 0, 2, 1],
        zone: None,
        port: Some(5683),
    };
    let (mut o, mut s) = ([OptionRef::default(); 8], [0u8; 64]);
    let u = UriRef::parse("coap:///a").unwrap();
    for d in [None, Some(&dest)] {
        let r = coap::uri_to_options(&u, d, Mode::Direct, &mut o, &mut s);
        assert_eq!(r, Err(Error::Coap(coap::CoapError::NoHost)));
        let raw = [0x83, 0x20, 0x80, 0x81, 0x61, b'a'];
        let cri = CriRef::decode(&raw).unwrap();
        let r = coap::cri_to_options(&cri, &raw, d, Mode::Direct, &mut o, &mut s);
        assert_eq!(r, Err(Error::Coap(coap::CoapError::NoHost)));
    }
}

/// fuzz target coap (mode 3, "CRI ⇒ options ⇒ CRI gives the same options"; mode 2 has
/// the same shape). A reg-name, or a CRI host-name, that percent-decodes to text in
/// brackets becomes a Uri-Host that the composers read as an IP-literal. The fuzz input
/// was the CRI `[-2, ["[o]", 4711], ["%"]]` (URI `coaps://%5Bo%5D:4711/%25`):
/// `cri_to_options` and `uri_to_options` both send Uri-Host `[o]` (Decision 6: the host
/// percent-decoded), and `cri_from_options` / `uri_from_options` reject that value with
/// `BadUriHost` (`classify` takes every `[...]` for an IP-literal, and `o` is neither IPv6
/// nor IPvFuture): the library emits options it cannot read back. Worse, `%5B%3A%3A1%5D`
/// (the name `[::1]`) gives Uri-Host `[::1]`, which composes `coap://[::1]/`: another host,
/// the IPv6 loopback, and a server takes the name for that address (RFC 7252 §6.5 step 5
/// reads the Uri-Host as an IP-literal). The fix of
/// `uri_host_that_decodes_to_a_bare_ipv6_address` checks bare IPv6 text only.
/// Expected: consistency, as for that finding: `uri_to_options` / `cri_to_options`
/// refuse such a host (`BadUriHost`), or the composers read the value back as a reg-name
/// (`coap://%5Bo%5D:4711/%25` and a CRI with host-name `[o]` back).
/// Actual: `uri_from_options` and `cri_from_options` fail with `BadUriHost` for `[o]`,
/// and `[::1]` / `[v1.x]` come back as an IP-literal (not equivalent).
/// Fixed: `uri_to_options` and `cri_to_options` refuse a host that decodes to `[…]`
/// (`BadUriHost`); one bracket alone is a reg-name both ways
/// (`uri_host_with_one_bracket_is_a_reg_name`).
#[test]
fn uri_host_that_decodes_to_an_ip_literal() {
    for input in [
        "coap://%5Bo%5D:4711/%25",
        "coap://%5B%3A%3A1%5D/",
        "coap://%5bv1.x%5d/",
    ] {
        refused_or_read_back(input);
    }
    // The fuzz input itself: CRI -> options -> CRI -> the same options.
    let cbor = [
        0x83, 0x21, 0x82, 0x63, b'[', b'o', b']', 0x19, 0x12, 0x67, 0x81, 0x61, b'%',
    ];
    assert_eq!(to_uri(&cbor), "coaps://%5Bo%5D:4711/%25");
    let cr = CriRef::decode(&cbor).unwrap();
    let (mut o, mut s) = ([OptionRef::default(); 8], [0u8; 64]);
    let opts = match coap::cri_to_options(&cr, &cbor, None, Mode::Direct, &mut o, &mut s) {
        Err(Error::Coap(coap::CoapError::BadUriHost)) => return, // refused: a fix
        r => options(r, &o, &s),
    };
    let mut out = [0u8; 128];
    let n = coap::cri_from_options(1, &DEST, opts.iter().map(|(n, v)| (*n, &v[..])), &mut out)
        .unwrap_or_else(|e| panic!("CRI -> {opts:?} -> CRI: {e:?}"));
    let c2 = CriRef::decode(&out[..n]).unwrap();
    let again = options(
        coap::cri_to_options(&c2, &out[..n], None, Mode::Direct, &mut o, &mut s),
        &o,
        &s,
    );
    assert_eq!(again, opts);
}

/// The other side of `uri_host_that_decodes_to_an_ip_literal`'s fix: a host that decodes to
/// one bracket only is no IP-literal to RFC 7252 §6.5 step 5, so it is sent and composed
/// back as the same reg-name.
#[test]
fn uri_host_with_one_bracket_is_a_reg_name() {
    for input in ["coap://%5Bo/", "coap://o%5D/", "coap://%5Bo%5Dx/"] {
        let u = UriRef::parse(input).unwrap();
        let (mut o, mut s) = ([OptionRef::default(); 8], [0u8; 64]);
        let opts = options(
            coap::uri_to_options(&u, None, Mode::Direct, &mut o, &mut s),
            &o,
            &s,
        );
        let back = uri_from(input, &opts);
        assert!(
            equivalent(input, &back),
            "{input:?} -> {opts:?} -> {back:?}"
        );
    }
}

/// fuzz target cri (session 6): a CRI may encode a string with a longer head than the
/// shortest (the draft asks for no preferred serialization, and the reader accepts every
/// head length), but `TextOrPet::is_empty` compared the encoding with `0x60`. An empty
/// first segment written `0x7b 00…00` was taken as non-empty: `["foo", null, ["", "2"]]`
/// became `foo://2` (a URI with host "2") instead of `foo:/.//2`, and CRI resolution let
/// `[14, ["", "2"]]` against `foo:/p/q` through. Expected: every head length of "" gives
/// what the shortest one gives.
#[test]
fn empty_text_with_a_long_head_is_empty() {
    let heads: [&[u8]; 5] = [
        &[0x60],
        &[0x78, 0],
        &[0x79, 0, 0],
        &[0x7a, 0, 0, 0, 0],
        &[0x7b, 0, 0, 0, 0, 0, 0, 0, 0],
    ];
    let with_head = |prefix: &[u8], head: &[u8]| [prefix, head, &[0x61, b'2']].concat();
    let base = from_uri("foo:/p/q").unwrap();
    let base = CriRef::decode_full(&base).unwrap();
    // What a CRI comes to: unprocessable (with the reason), or its URI (or why it has none).
    let text = |cbor: &[u8]| match CriRef::decode(cbor) {
        Err(Error::Unprocessable { reason, .. }) => format!("{reason:?}"),
        Err(e) => unreachable!("{e:?}"),
        Ok(cri) => {
            let mut out = [0u8; 64];
            match c::to_uri(&cri, zone_opts(), &mut out) {
                Ok(n) => String::from_utf8(out[..n].to_vec()).unwrap(),
                Err(e) => format!("{e:?}"),
            }
        }
    };
    let outcome = |head: &[u8]| {
        let full = with_head(&[0x83, 0x63, b'f', b'o', b'o', 0xf6, 0x82], head);
        let reference = with_head(&[0x82, 0x0e, 0x82], head);
        let mut out = [0u8; 64];
        let resolved = c::resolve(&base, &CriRef::decode(&reference).unwrap(), &mut out)
            .map(|n| text(&out[..n]));
        (text(&full), resolved)
    };
    let shortest = outcome(heads[0]);
    assert_eq!(shortest.0, "LeadingEmptySegment");
    for head in heads {
        assert_eq!(outcome(head), shortest, "head {head:02x?}");
    }
}

/// The reason and offset of a failed `uri_to_coap_options` (DIRECT, no destination).
fn coap_error_at(uri: &str) -> (i32, usize) {
    use cri::ffi::{cri_error_info, uri_to_coap_options};
    let (mut n, mut m) = (0usize, 0usize);
    let mut err = cri_error_info::default();
    // SAFETY: `uri` is readable for its length; NULL lists with capacity 0 are a size query.
    let status = unsafe {
        uri_to_coap_options(
            uri.as_ptr().cast(),
            uri.len(),
            std::ptr::null(),
            0,
            std::ptr::null_mut(),
            0,
            &mut n,
            std::ptr::null_mut(),
            0,
            &mut m,
            &mut err,
        )
    };
    assert_eq!(
        status as i32,
        cri::ffi::cri_status::CRI_ERR_COAP as i32,
        "{uri}"
    );
    (err.reason, err.offset)
}

/// RFC 7252 §6.4: a CoAP error offset points at a piece that would be sent. A segment
/// that `..` removes is not sent, so its bytes are not the error: `%FF` here goes, and
/// `%FE` is what fails (offset 15, was 9); a removed over-long segment likewise; and a
/// long zone id, which never goes into Uri-Host, does not take the offset of an over-long
/// query item.
#[test]
fn coap_error_offsets_skip_what_is_not_sent() {
    use cri::ffi::{CRI_COAP_ERR_NOT_UTF8, CRI_COAP_ERR_OPTION_LENGTH};
    assert_eq!(
        coap_error_at("coap://h/%FF/../%FE"),
        (CRI_COAP_ERR_NOT_UTF8, 16)
    );
    let long = "x".repeat(300);
    let uri = format!("coap://h/{long}/../b/{long}");
    assert_eq!(
        coap_error_at(&uri),
        (CRI_COAP_ERR_OPTION_LENGTH, 9 + 300 + 6)
    );
    let uri = format!("coap://[fe80::1%25{long}]/?{long}");
    assert_eq!(
        coap_error_at(&uri),
        (CRI_COAP_ERR_OPTION_LENGTH, uri.find('?').unwrap() + 1)
    );
}

/// Through a forward-proxy (Proxy-Scheme or Proxy-Scheme-Number with the Uri-* options)
/// whose address the caller does not give, the target's own address is not where the
/// request goes: an IP host is sent as Uri-Host and a port other than the scheme's default
/// as Uri-Port, for a URI and for a CRI alike (Decision 6). Both were left out before, so
/// the proxy could not know the target.
#[test]
fn proxy_scheme_without_destination_sends_the_host() {
    let expect = |u: &str, want: &[(u16, &[u8])]| {
        let uri = UriRef::parse(u).unwrap();
        let (mut opts, mut scratch) = ([OptionRef::default(); 8], [0u8; 128]);
        let used =
            coap::uri_to_options(&uri, None, Mode::ProxyScheme, &mut opts, &mut scratch).unwrap();
        let got: Vec<(u16, &[u8])> = opts[..used.options]
            .iter()
            .map(|o| (o.number, &scratch[o.offset..o.offset + o.len]))
            .collect();
        assert_eq!(got, want, "{u}");
        let cbor = from_uri(u).unwrap();
        let cri = CriRef::decode(&cbor).unwrap();
        let (mut opts, mut scratch) = ([OptionRef::default(); 8], [0u8; 128]);
        let used = coap::cri_to_options(
            &cri,
            &cbor,
            None,
            Mode::ProxyScheme,
            &mut opts,
            &mut scratch,
        )
        .unwrap();
        let got: Vec<(u16, &[u8])> = opts[..used.options]
            .iter()
            .filter(|o| o.number != coap::PROXY_SCHEME_NUMBER)
            .map(|o| (o.number, &scratch[o.offset..o.offset + o.len]))
            .collect();
        let uri_part: Vec<(u16, &[u8])> = want
            .iter()
            .copied()
            .filter(|o| o.0 != coap::PROXY_SCHEME)
            .collect();
        assert_eq!(got, uri_part, "{u} as a CRI");
    };
    expect(
        "coap://1.2.3.4:61616/a",
        &[
            (3, b"1.2.3.4"),
            (7, &[0xf0, 0xb0]),
            (11, b"a"),
            (39, b"coap"),
        ],
    );
    expect(
        "http://1.2.3.4/a",
        &[(3, b"1.2.3.4"), (11, b"a"), (39, b"http")],
    );
    expect("coap://[::1]:5683/", &[(3, b"[::1]"), (39, b"coap")]);
    expect("coap://h:5683/", &[(3, b"h"), (39, b"coap")]);
}

/// From a review of the CRI decoder, not the fuzzer. `82 00 18`: a path where an integer
/// head `18` has lost its 1-byte argument. The decoder saw an integer where the path array
/// must be and said `Structure`; the input is no well-formed CBOR, `NotCbor` at the cut
/// item, and so for every head and string cut short where a type check comes first.
#[test]
fn cri_validate_truncated_item_is_not_cbor() {
    use cri::ffi::CRI_REASON_NOT_CBOR;
    // (input, offset of the cut item)
    let cases: [(&[u8], usize); 7] = [
        (b"\x82\x00\x18", 2),
        (b"\x82\x00\x19\x01", 2),
        (b"\x82\x00\x5a\x00\x00", 2),
        (b"\x82\x00\x62a", 2),
        (b"\x82\x00\x3b\x00", 2),
        // A port, a userinfo: byte strings cut short where neither may be one.
        (b"\x83\x20\x82\x61a\x5a\x00", 5),
        (b"\x83\x20\x82\xf4\x44a", 4),
    ];
    for (cbor, at) in cases {
        expect_unprocessable(cbor, CRI_REASON_NOT_CBOR, at);
    }
}

/// From a review of the C API, not the fuzzer. `cri_to_coap_options` read the CRI before
/// it checked its outputs: an unprocessable CRI with a NULL `opts_len`, or with a scratch
/// buffer over the CRI itself, gave `CRI_ERR_UNPROCESSABLE` where every entry point says
/// `CRI_ERR_NULL` and `CRI_ERR_ARGUMENT` first (src/ffi/args.rs).
#[test]
fn cri_to_coap_options_checks_arguments_before_the_cri() {
    use cri::ffi::{cri_error_info, cri_status, cri_to_coap_options, CRI_COAP_MODE_DIRECT};
    let mut cbor = *b"\x82\x00\x18junk";
    let (mut n, mut m) = (0usize, 0usize);
    let mut err = cri_error_info::default();
    // SAFETY: `cbor` is readable for its length; NULL lists with capacity 0; `m`, `err`
    // writable.
    let status = unsafe {
        cri_to_coap_options(
            cbor.as_ptr(),
            3,
            std::ptr::null(),
            CRI_COAP_MODE_DIRECT,
            std::ptr::null_mut(),
            0,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            0,
            &mut m,
            &mut err,
        )
    };
    assert_eq!(status as i32, cri_status::CRI_ERR_NULL as i32);
    let scratch = cbor.as_mut_ptr();
    // SAFETY: the scratch buffer is the CRI's own bytes, writable, which the call must
    // refuse before it reads or writes anything.
    let status = unsafe {
        cri_to_coap_options(
            scratch,
            3,
            std::ptr::null(),
            CRI_COAP_MODE_DIRECT,
            std::ptr::null_mut(),
            0,
            &mut n,
            scratch,
            cbor.len(),
            &mut m,
            &mut err,
        )
    };
    assert_eq!(status as i32, cri_status::CRI_ERR_ARGUMENT as i32);
    // With sound arguments the CRI's own error comes back, with its reason and offset.
    // SAFETY: as for the first call, with `n` writable.
    let status = unsafe {
        cri_to_coap_options(
            cbor.as_ptr(),
            3,
            std::ptr::null(),
            CRI_COAP_MODE_DIRECT,
            std::ptr::null_mut(),
            0,
            &mut n,
            std::ptr::null_mut(),
            0,
            &mut m,
            &mut err,
        )
    };
    assert_eq!(
        (status as i32, err.reason, err.offset),
        (
            cri_status::CRI_ERR_UNPROCESSABLE as i32,
            cri::ffi::CRI_REASON_NOT_CBOR,
            2
        )
    );
}

/// From a review of `cri_resolve` against RFC 3986, not the fuzzer. `coap:a` + `./`
/// failed with `LeadingEmptySegment`: the draft's steps (§5.3) leave `[coap, true, [""]]`,
/// a rootless path whose first segment is empty (draft §2 C2 forbids it), where RFC 3986
/// §5.2 gives `coap:`, whose CRI is `[-1]`. The result is now that CRI (Decision 20), and
/// so for a rootless result left with no segment. `urn:a=b/;p` + `../x` stays `urn:x` as
/// the draft's steps give it (RFC 3986: `urn:/x`; docs/API.md names the difference).
#[test]
fn cri_resolve_rootless_base_results() {
    let resolve = |base: &str, reference: &str| -> Result<String, Error> {
        let b = from_uri(base).unwrap();
        let r = from_uri(reference).unwrap();
        let mut out = [0u8; 64];
        let n = c::resolve(
            &CriRef::decode_full(&b).unwrap(),
            &CriRef::decode(&r).unwrap(),
            &mut out,
        )?;
        CriRef::decode_full(&out[..n]).unwrap();
        Ok(to_uri(&out[..n]))
    };
    assert_eq!(resolve("coap:a", "./").unwrap(), "coap:");
    assert_eq!(resolve("coap:a", "./?q").unwrap(), "coap:?q");
    assert_eq!(resolve("urn:a=b/;p", "../x").unwrap(), "urn:x");
    assert_eq!(resolve("urn:a=b/;p", "./").unwrap(), "urn:a=b/");
    assert!(resolve("urn:a/b", "..//x").is_err());
}

/// From a new user's trial: `[-1, false]` is well-formed CBOR with a `false` where the
/// authority or no-authority stands, which the CDDL does not allow there (`Structure` at
/// the `false`), not "not CBOR" at the end of the input; and the cross-section rules of
/// §5.2.1 point at the item they refuse, not past the end of the input.
#[test]
fn cri_validate_faults_point_at_their_item() {
    use cri::ffi::{
        CRI_REASON_LEADING_EMPTY_SEGMENT, CRI_REASON_NAKED_ROOTLESS, CRI_REASON_STRUCTURE,
    };
    // (input, reason, offset)
    let cases: [(&[u8], i32, usize); 7] = [
        (b"\x82\x20\xf4", CRI_REASON_STRUCTURE, 2),
        (b"\x83\x20\xf4\x80", CRI_REASON_STRUCTURE, 2),
        (b"\x83\x20\xf4\x9f\xff", CRI_REASON_STRUCTURE, 2),
        // The path whose first segment is empty: its first segment.
        (
            b"\x84\x20\xf5\x81\x60\x81\x61q",
            CRI_REASON_LEADING_EMPTY_SEGMENT,
            4,
        ),
        (
            b"\x83\x20\xf6\x82\x60\x61a",
            CRI_REASON_LEADING_EMPTY_SEGMENT,
            4,
        ),
        // A rootless CRI with no segment: its empty path, or where the path would stand.
        (b"\x82\x20\xf5", CRI_REASON_NAKED_ROOTLESS, 3),
        (b"\x84\x20\xf5\x80\x81\x61q", CRI_REASON_NAKED_ROOTLESS, 3),
    ];
    for (cbor, reason, at) in cases {
        expect_unprocessable(cbor, reason, at);
    }
}

/// Through a forward-proxy with Proxy-Scheme, the destination is the proxy: it composes
/// the target from the port it was reached on, leaves that port out when it is CoAP's
/// default and then puts the Proxy-Scheme in (RFC 7252 §5.10.2, §6.5 steps 3-4). A proxy
/// whose port was not given (-1) got no Uri-Port for `http://h:8080/a`, so the request
/// went to port 80. Now the target's port goes unless the proxy would compose it without
/// one (Decision 6), for a URI and a CRI alike.
#[test]
fn proxy_scheme_through_a_given_proxy_sends_the_targets_port() {
    let uri_port = |u: &str, proxy_port: Option<u16>| -> Option<Vec<u8>> {
        let dest = coap::Destination {
            addr: &[192, 0, 2, 9],
            zone: None,
            port: proxy_port,
        };
        let uri = UriRef::parse(u).unwrap();
        let (mut opts, mut scratch) = ([OptionRef::default(); 8], [0u8; 128]);
        let used = coap::uri_to_options(
            &uri,
            Some(&dest),
            Mode::ProxyScheme,
            &mut opts,
            &mut scratch,
        )
        .unwrap();
        let of_uri = opts[..used.options]
            .iter()
            .find(|o| o.number == coap::URI_PORT)
            .map(|o| scratch[o.offset..o.offset + o.len].to_vec());
        let cbor = from_uri(u).unwrap();
        let cri = CriRef::decode(&cbor).unwrap();
        let used = coap::cri_to_options(
            &cri,
            &cbor,
            Some(&dest),
            Mode::ProxyScheme,
            &mut opts,
            &mut scratch,
        )
        .unwrap();
        let from_cri = opts[..used.options]
            .iter()
            .find(|o| o.number == coap::URI_PORT)
            .map(|o| scratch[o.offset..o.offset + o.len].to_vec());
        assert_eq!(of_uri, from_cri, "{u} as a CRI");
        of_uri
    };
    let port = |p: u16| {
        Some(
            p.to_be_bytes()
                .iter()
                .copied()
                .skip_while(|&b| b == 0)
                .collect(),
        )
    };
    assert_eq!(uri_port("http://h:8080/a", None), port(8080));
    assert_eq!(uri_port("coap://h:1234/a", None), port(1234));
    assert_eq!(uri_port("http://h/a", None), None);
    assert_eq!(uri_port("http://h/a", Some(5683)), None);
    assert_eq!(uri_port("coaps://h/a", Some(5684)), None);
    assert_eq!(uri_port("http://h/a", Some(7000)), port(80));
    // The proxy writes its own port 7000 into the URI it composes.
    assert_eq!(uri_port("http://h:7000/a", Some(7000)), None);
    assert_eq!(uri_port("http://h:8080/a", Some(5683)), port(8080));
}

/// Found by fuzzing: a piece of a text-or-pet array that is no string (`false`, an
/// integer, an array) was refused as it should be, but the walk first took the piece's
/// argument for a string's length and asked for content that far back, which broke the
/// reader's invariant (a panic with debug assertions, as in `cargo test` and the fuzzers).
/// The CDDL allows no such piece: `Structure` at the piece.
#[test]
fn cri_piece_that_is_no_string_has_no_content() {
    use cri::ffi::CRI_REASON_STRUCTURE;
    // (input, offset of the piece)
    let cases: [(&[u8], usize); 4] = [
        // [-2, [["<false>"]...]]: a host label of pieces whose first is `false`
        (b"\x82\x21\x84\x82\xf4", 4),
        // a host label whose first piece is an integer of 2^64-1
        (b"\x82\x21\x81\x81\x1b\xff\xff\xff\xff\xff\xff\xff\xff", 4),
        // a path segment whose second piece is an array of 23 items
        (b"\x83\x20\xf6\x81\x82\x61a\x97", 7),
        // a fragment of pieces whose second is the integer 100
        (b"\x85\x20\x81\x61h\xf6\xf6\x82\x61a\x18\x64", 10),
    ];
    for (cbor, at) in cases {
        expect_unprocessable(cbor, CRI_REASON_STRUCTURE, at);
    }
}
