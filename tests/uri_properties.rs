//! Properties checked against straightforward reference models on generated inputs.

use cri::uri::{self, UriRef};

mod support;
use support::model::remove_dot_segments_model;
use support::{components, Rng};

fn random_path(rng: &mut Rng) -> String {
    let mut p = String::new();
    if rng.next() % 2 == 0 {
        p.push('/');
    }
    // Mostly short paths; one in eight deep enough (12 to 40 segments) for the removal
    // to outgrow the forward pass's fixed stack and take the backward passes.
    let n = match rng.next() % 8 {
        0 => 12 + rng.next() % 29,
        _ => rng.next() % 7,
    };
    for i in 0..n {
        if i > 0 {
            p.push('/');
        }
        p.push_str(rng.pick(&["a", "bc", ".", "..", "", "...", ".a", "%2E"]));
    }
    p
}

#[test]
fn remove_dot_segments_matches_the_rfc_algorithm() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..50_000 {
        let path = random_path(&mut rng);
        let want = remove_dot_segments_model(&path);
        let mut buf = [0u8; 256];
        let n = uri::remove_dot_segments(path.as_bytes(), &mut buf).unwrap();
        assert_eq!(
            std::str::from_utf8(&buf[..n]).unwrap(),
            want,
            "path {path:?}"
        );
        // Every buffer size: too small reports the exact length needed; large enough gives
        // the output and leaves every byte after it as it was (no segment written and
        // popped again on the way).
        for cap in 0..=path.len().max(n) + 2 {
            let mut sized = vec![0xA5u8; cap];
            let got = uri::remove_dot_segments(path.as_bytes(), &mut sized);
            if cap < n {
                assert_eq!(
                    got,
                    Err(cri::Error::Buffer { needed: n }),
                    "{path:?} in {cap}"
                );
            } else {
                assert_eq!(got, Ok(n), "{path:?} in {cap}");
                assert_eq!(&sized[..n], &buf[..n], "{path:?} in {cap}");
                let after = &sized[n..];
                assert!(
                    after.iter().all(|&b| b == 0xA5),
                    "{path:?} in {cap}: wrote past the output"
                );
            }
        }
    }
}

#[test]
fn exercise_dot_segment_cases() {
    for (input, want) in [
        ("/a/b/c/./../../g", "/a/g"),
        ("mid/content=5/../6", "mid/6"),
        ("/../../etc/passwd", "/etc/passwd"),
    ] {
        assert_eq!(remove_dot_segments_model(input), want);
        let mut buf = [0u8; 64];
        let n = uri::remove_dot_segments(input.as_bytes(), &mut buf).unwrap();
        assert_eq!(&buf[..n], want.as_bytes());
    }
}

fn random_reference(rng: &mut Rng) -> String {
    let mut s = String::new();
    if rng.next() % 2 == 0 {
        s.push_str(rng.pick(&["s:", "http:", "a+b.c-d:"]));
    }
    if rng.next() % 2 == 0 {
        s.push_str("//");
        s.push_str(rng.pick(&["", "u@", "u:p@"]));
        s.push_str(rng.pick(&["h", "", "[::1]", "1.2.3.4", "[v1.x]"]));
        s.push_str(rng.pick(&["", ":", ":80"]));
        if rng.next() % 2 == 0 {
            s.push('/');
        }
    }
    s.push_str(&random_path(rng).replace("bc", "b:c"));
    s.push_str(rng.pick(&["", "?", "?q", "?a/../b"]));
    s.push_str(rng.pick(&["", "#", "#f", "#./x"]));
    s
}

/// Decision 3: recompose(split(x)) reparses to the same components for every valid x, and
/// normalize and resolve always produce references that parse.
#[test]
fn recompose_normalize_resolve_round_trip() {
    let mut rng = Rng(42);
    let mut buf = [0u8; 256];
    let mut buf2 = [0u8; 256];
    let mut checked = 0;
    for _ in 0..100_000 {
        let text = random_reference(&mut rng);
        let Ok(u) = UriRef::parse(&text) else {
            continue;
        };
        checked += 1;
        let n = uri::recompose(&u, &mut buf).unwrap();
        let again = std::str::from_utf8(&buf[..n]).unwrap();
        let v = UriRef::parse(again).unwrap_or_else(|e| panic!("{text:?} -> {again:?}: {e}"));
        assert_eq!(components(&u), components(&v), "{text:?} -> {again:?}");

        let n = uri::normalize(&u, &mut buf).unwrap();
        let norm = std::str::from_utf8(&buf[..n]).unwrap().to_string();
        let nu =
            UriRef::parse(&norm).unwrap_or_else(|e| panic!("normalize {text:?} -> {norm:?}: {e}"));
        assert_eq!(
            nu.host().is_some(),
            u.host().is_some(),
            "{text:?} -> {norm:?}"
        );
        let n2 = uri::normalize(&nu, &mut buf2).unwrap();
        assert_eq!(
            &buf2[..n2],
            norm.as_bytes(),
            "normalize not idempotent on {text:?}"
        );
        assert!(
            uri::equivalent(&u, &nu),
            "{text:?} not equivalent to its normal form {norm:?}"
        );

        if let Ok(n) = uri::resolve_str("http://h/b/c/d;p?q", &text, &mut buf) {
            let t = std::str::from_utf8(&buf[..n]).unwrap();
            UriRef::parse(t).unwrap_or_else(|e| panic!("resolve {text:?} -> {t:?}: {e}"));
        }
    }
    assert!(
        checked > 10_000,
        "only {checked} valid references generated"
    );
}

/// Regression: a lenient split of an unclosed IP-literal took the last ":" of the address
/// for the port delimiter (`http://[::1` gave host `[:`, port `1`).
#[test]
fn lenient_unclosed_ip_literal_has_no_port() {
    let u = UriRef::split_lenient(b"http://[::1");
    assert_eq!((u.host(), u.port()), (Some("[::1"), None));
    let u = UriRef::split_lenient(b"http://[::1]:80/x");
    assert_eq!(
        (u.host(), u.port(), u.path()),
        (Some("[::1]"), Some("80"), "/x")
    );
}

/// IP addresses in hosts against the standard library's parsers, which implement the same
/// grammar (RFC 3986 §3.2.2 IPv6address with its ls32 IPv4 tail, dec-octets without leading
/// zeros) and print RFC 5952 text: every random literal is accepted by both or by neither,
/// and normalizes to the same text.
#[test]
fn ip_addresses_agree_with_std() {
    let mut rng = Rng(0x1b873593);
    let pieces = [
        "0",
        "1",
        "00",
        "ff",
        "FFFF",
        "0db8",
        "12345",
        ":",
        ":",
        "::",
        "::",
        "1.2.3.4",
        "255.255.255.255",
        "01.2.3.4",
        "256.0.0.1",
        "1.2.3",
        "1.2.3.4.5",
        "g",
        ".",
        "ffff:",
    ];
    let (mut v6, mut v4) = (0, 0);
    for _ in 0..60_000 {
        let n = 1 + (rng.next() % 9) as usize;
        let text: String = (0..n).map(|_| rng.pick(&pieces)).collect();
        let literal = format!("//[{text}]");
        let std6 = text.parse::<std::net::Ipv6Addr>().ok();
        let ours6 = UriRef::parse(&literal).ok();
        assert_eq!(ours6.is_some(), std6.is_some(), "IPv6 {text:?}");
        if let (Some(u), Some(a)) = (ours6, std6) {
            let mut buf = [0u8; 64];
            let len = uri::normalize(&u, &mut buf).unwrap();
            assert_eq!(
                &buf[..len],
                format!("//[{a}]").as_bytes(),
                "IPv6 text {text:?}"
            );
            v6 += 1;
        }
        let std4 = text.parse::<std::net::Ipv4Addr>().ok();
        let authority = format!("//{text}");
        let host4 = UriRef::parse(&authority)
            .ok()
            .filter(|u| u.host() == Some(&text) && u.host_kind() == Some(cri::uri::HostKind::Ipv4));
        assert_eq!(host4.is_some(), std4.is_some(), "IPv4 {text:?}");
        v4 += usize::from(std4.is_some());
    }
    // The generator must reach both kinds often enough for the comparison to mean something.
    assert!(v6 > 1000 && v4 > 100, "{v6} IPv6, {v4} IPv4 addresses");
}
