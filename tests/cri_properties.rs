//! Properties of the URI ⇄ CRI conversion over real URLs (corpus/urls.txt) and the peer
//! split and resolve cases.

use ::cri::cri::{self, CriRef, ToUriOptions};
use ::cri::uri::{self, UriRef};
use serde_json::Value;

fn lines(path: &str) -> Vec<String> {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full)
        .unwrap_or_else(|e| panic!("{full}: {e}"))
        .lines()
        .map(str::to_string)
        .collect()
}

/// URI → CRI → URI gives an equivalent URI; returns the CRI when the URI has one.
fn round_trip(input: &str) -> Option<Vec<u8>> {
    let u = UriRef::parse(input).ok()?;
    let mut cbor = vec![0u8; 4 * input.len() + 64];
    let n = match cri::from_uri(&u, &mut cbor) {
        Ok(n) => n,
        Err(::cri::Error::Unconvertible(_)) => return None,
        Err(e) => panic!("{input:?}: from_uri {e}"),
    };
    cbor.truncate(n);
    let c = CriRef::decode(&cbor)
        .unwrap_or_else(|e| panic!("{input:?}: from_uri made an unprocessable CRI: {e:?}"));
    let mut text = vec![0u8; 4 * input.len() + 64];
    let m = cri::to_uri(
        &c,
        ToUriOptions {
            zone_id: true,
            ..Default::default()
        },
        &mut text,
    )
    .unwrap_or_else(|e| panic!("{input:?}: to_uri of its CRI failed: {e}"));
    let back = std::str::from_utf8(&text[..m]).unwrap();
    UriRef::parse(back).unwrap_or_else(|e| panic!("{input:?} -> {back:?}: {e}"));
    assert!(
        same_reference(input, back),
        "{input:?} -> CRI -> {back:?} is not equivalent"
    );
    Some(cbor)
}

/// Absolute URIs compare by normalization; relative references by what they resolve to
/// (`./g` and `g` are the same reference, though not the same text).
fn same_reference(a: &str, b: &str) -> bool {
    let (u, v) = (UriRef::parse(a).unwrap(), UriRef::parse(b).unwrap());
    if uri::equivalent(&u, &v) {
        return true;
    }
    !u.is_absolute()
        && ["s://h/a/b/c?q#f", "s://h", "s:/a/b", "s://h/a/"]
            .iter()
            .all(|base| {
                let (mut x, mut y) = ([0u8; 1024], [0u8; 1024]);
                match (
                    uri::resolve_str(base, a, &mut x),
                    uri::resolve_str(base, b, &mut y),
                ) {
                    (Ok(n), Ok(m)) => {
                        let (p, q) = (
                            std::str::from_utf8(&x[..n]).unwrap(),
                            std::str::from_utf8(&y[..m]).unwrap(),
                        );
                        uri::equivalent(&UriRef::parse(p).unwrap(), &UriRef::parse(q).unwrap())
                    }
                    _ => false,
                }
            })
}

#[test]
fn real_urls_round_trip() {
    let corpus = lines("corpus/urls.txt");
    let converted = corpus.iter().filter(|l| round_trip(l).is_some()).count();
    assert!(
        converted > corpus.len() * 9 / 10,
        "only {converted} of {} converted",
        corpus.len()
    );
}

#[test]
fn peer_split_cases_round_trip() {
    for l in lines("tests/data/split.jsonl") {
        let r: Value = serde_json::from_str(&l).unwrap();
        round_trip(r["uri"].as_str().unwrap());
    }
}

/// cri_to_uri(cri_resolve(B, R)) equals uri_resolve(B, R) wherever both are defined and
/// Decision 2 does not apply: the empty reference (CRI keeps the base fragment) and
/// references whose RFC result ends in an empty segment made by a final "." or "..".
#[test]
fn resolution_agrees_with_rfc3986() {
    let mut compared = 0;
    for l in lines("tests/data/resolve.jsonl") {
        let r: Value = serde_json::from_str(&l).unwrap();
        let (base, reference) = (r["base"].as_str().unwrap(), r["ref"].as_str().unwrap());
        let mut want = vec![0u8; 512];
        let Ok(n) = uri::resolve_str(base, reference, &mut want) else {
            continue;
        };
        let want = std::str::from_utf8(&want[..n]).unwrap().to_string();
        let last = reference
            .split(['?', '#'])
            .next()
            .unwrap()
            .rsplit('/')
            .next()
            .unwrap();
        let dots = matches!(last, "." | "..")
            || last.eq_ignore_ascii_case("%2e")
            || last.to_ascii_lowercase().contains("%2e");
        // Decision 2 also covers a rootless base (`foo:a/b` + `../c` is `foo:/c` in RFC 3986).
        let rootless_base =
            UriRef::parse(base).is_ok_and(|b| !b.has_authority() && !b.path().starts_with('/'));
        if reference.is_empty()
            || dots
            || reference.contains("%2")
            || base.contains("/.")
            || rootless_base
        {
            continue;
        }
        let (Some(b), Some(rf)) = (round_trip_full(base), round_trip(reference)) else {
            continue;
        };
        let (Ok(bc), Ok(rc)) = (CriRef::decode_full(&b), CriRef::decode(&rf)) else {
            continue;
        };
        let mut out = vec![0u8; 512];
        let Ok(k) = cri::resolve(&bc, &rc, &mut out) else {
            continue;
        };
        let resolved = CriRef::decode(&out[..k]).unwrap();
        let mut text = vec![0u8; 512];
        let Ok(m) = cri::to_uri(&resolved, ToUriOptions::default(), &mut text) else {
            continue;
        };
        let got = std::str::from_utf8(&text[..m]).unwrap();
        let (g, w) = (UriRef::parse(got).unwrap(), UriRef::parse(&want).unwrap());
        assert!(
            uri::equivalent(&g, &w),
            "{base:?} + {reference:?}: CRI gives {got:?}, RFC 3986 {want:?}"
        );
        compared += 1;
    }
    assert!(compared > 200, "only {compared} cases compared");
}

fn round_trip_full(base: &str) -> Option<Vec<u8>> {
    UriRef::parse(base).ok().filter(UriRef::is_absolute)?;
    round_trip(base)
}
