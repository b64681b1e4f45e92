//! `uri_to_coap_options` through the C ABI on corpus, generated and mutated URIs, in every
//! mode, with and without a destination: at every capacity from 0 to the room needed + 1
//! it gives the size query's counts or the same list, never writes past a capacity, and
//! the Uri-Path and Uri-Query options it sends equal an independent model (RFC 3986
//! §5.2.4 on the decoded segments, RFC 7252 §6.4 steps 8-9).
//! CRI_DIFF_SCALE (default 1) multiplies the number of generated and mutated inputs.

use cri::ffi::{
    cri_coap_destination, cri_coap_option, cri_error_info, cri_status, uri_to_coap_options,
};
use std::ptr;

#[derive(Debug, PartialEq, Eq, Clone)]
struct Outcome {
    status: i32,
    reason: i32,
    offset: usize,
    opts_len: usize,
    scratch_len: usize,
    options: Vec<(u16, Vec<u8>)>,
}

/// Canary entries after each output.
const GUARD: usize = 4;

fn call(
    uri: &[u8],
    dest: Option<&cri_coap_destination>,
    mode: i32,
    ocap: usize,
    scap: usize,
) -> Outcome {
    let unset = cri_coap_option {
        number: 0xbeef,
        value: ptr::null(),
        len: 7,
    };
    let mut opts = vec![unset; ocap + GUARD];
    let mut scratch = vec![0xa5u8; scap + GUARD];
    let (mut opts_len, mut scratch_len) = (usize::MAX, usize::MAX);
    let mut err = cri_error_info::default();
    // SAFETY: each buffer holds its capacity (plus the guard) or is NULL with capacity 0;
    // `uri` and `dest` are readable.
    let status = unsafe {
        uri_to_coap_options(
            uri.as_ptr().cast(),
            uri.len(),
            dest.map_or(ptr::null(), |d| d as *const _),
            mode,
            if ocap == 0 {
                ptr::null_mut()
            } else {
                opts.as_mut_ptr()
            },
            ocap,
            &mut opts_len,
            if scap == 0 {
                ptr::null_mut()
            } else {
                scratch.as_mut_ptr()
            },
            scap,
            &mut scratch_len,
            &mut err,
        )
    } as i32;
    assert!(
        opts[ocap..]
            .iter()
            .all(|o| o.number == 0xbeef && o.len == 7),
        "option written past its capacity"
    );
    assert!(
        scratch[scap..].iter().all(|&b| b == 0xa5),
        "value byte written past its capacity"
    );
    let mut options = Vec::new();
    if status == 0 {
        for o in &opts[..opts_len] {
            let v = if o.len == 0 {
                Vec::new()
            } else {
                // SAFETY: on CRI_OK each option's value points to `len` bytes of `scratch`.
                unsafe { std::slice::from_raw_parts(o.value, o.len) }.to_vec()
            };
            options.push((o.number, v));
        }
    } else if status == cri_status::CRI_ERR_COAP as i32 {
        assert!(
            err.offset <= uri.len(),
            "offset {} past the input",
            err.offset
        );
    }
    Outcome {
        status,
        reason: err.reason,
        offset: err.offset,
        opts_len,
        scratch_len,
        options,
    }
}

fn decode(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// The Uri-Path and Uri-Query values of a URI that converted, by an independent model:
/// the path's segments decoded, then remove_dot_segments (RFC 3986 §5.2.4) on them, none
/// for "/" alone; the query split at `&`, each item decoded.
fn model(uri: &str) -> Vec<(u16, Vec<u8>)> {
    let rest = &uri[uri.find("://").unwrap() + 3..];
    let rest = &rest[rest.find(['/', '?']).unwrap_or(rest.len())..];
    let (path, query) = match rest.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (rest, None),
    };
    let mut out = Vec::new();
    if let Some(segs) = path.strip_prefix('/') {
        let segs: Vec<Vec<u8>> = segs.split('/').map(decode).collect();
        let mut stack: Vec<Vec<u8>> = Vec::new();
        for (k, seg) in segs.iter().enumerate() {
            match seg.as_slice() {
                b".." => {
                    stack.pop();
                }
                b"." => {}
                _ => stack.push(seg.clone()),
            }
            if k + 1 == segs.len() && (seg == b"." || seg == b"..") {
                stack.push(Vec::new());
            }
        }
        if !(stack.len() == 1 && stack[0].is_empty()) {
            out.extend(stack.into_iter().map(|s| (11u16, s)));
        }
    }
    if let Some(q) = query {
        out.extend(q.split('&').map(|i| (15u16, decode(i))));
    }
    out
}

/// Checks one input in every mode and destination, at every capacity with `all_caps`
/// (else at the edges); returns the calls made.
fn check(
    uri: &[u8],
    dests: &[Option<cri_coap_destination>],
    all_caps: bool,
    modelled: &mut usize,
) -> usize {
    let mut calls = 0;
    let text = String::from_utf8_lossy(uri);
    for mode in 0..4 {
        for d in dests {
            let d = d.as_ref();
            let query = call(uri, d, mode, 0, 0);
            calls += 1;
            if query.status == 0 {
                // An empty list fits anywhere.
                assert_eq!((query.opts_len, query.scratch_len), (0, 0), "{text}");
                continue;
            }
            if query.status != cri_status::CRI_ERR_BUFFER as i32 {
                continue;
            }
            let (no, ns) = (query.opts_len, query.scratch_len);
            let full = call(uri, d, mode, no, ns);
            calls += 1;
            assert_eq!(full.status, 0, "{text} mode {mode}: {full:?}");
            assert_eq!((full.opts_len, full.scratch_len), (no, ns), "{text}");
            if !full.options.iter().any(|o| o.0 == 35) {
                let sent: Vec<_> = full
                    .options
                    .iter()
                    .filter(|o| o.0 == 11 || o.0 == 15)
                    .cloned()
                    .collect();
                assert_eq!(sent, model(&text), "{text} mode {mode}");
                *modelled += 1;
            }
            let mut caps = vec![(no + 1, ns + 1)];
            if all_caps {
                caps.extend((0..=no + 1).map(|o| (o, ns)));
                caps.extend((0..=ns + 1).map(|s| (no, s)));
            } else {
                caps.extend([(no.saturating_sub(1), ns), (no, ns.saturating_sub(1))]);
            }
            for (oc, sc) in caps {
                let got = call(uri, d, mode, oc, sc);
                calls += 1;
                if oc >= no && sc >= ns {
                    assert_eq!(got, full, "{text} mode {mode} caps {oc},{sc}");
                } else {
                    assert_eq!(got, query, "{text} mode {mode} caps {oc},{sc}");
                }
            }
        }
    }
    calls
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

fn generated(rng: &mut Rng) -> String {
    let long = "x".repeat(300);
    let long_pct = "%41".repeat(90);
    let schemes = [
        "coap", "COAP", "coaps", "coap+tcp", "coaps+ws", "http", "foo", "Coap+WS",
    ];
    let hosts = [
        "example.com",
        "EXAMPLE.com",
        "127.0.0.1",
        "[::1]",
        "[FE80::1%25eth0]",
        "[fe80::1%25eth%30]",
        "[v1.AbC]",
        "%31%32%37.0.0.1",
        "%3A%3A1",
        "%3a%3A%31",
        "%5Bx%5D",
        "%5B%3A%3A1%5D",
        "",
        "h%FF",
        "h%C3%A9",
        "h%C3",
        "%E2%82%AC",
        "10.0.0.1",
        "[::ffff:1.2.3.4]",
        "[2001:db8::]",
        "1.2.3.04",
        "%30.0.0.0",
        "[::]",
        "a.b",
        "%5B",
        "[fe80::1%25]",
        "%5Ba%5D%5D",
    ];
    let hosts_long = [long.as_str(), long_pct.as_str()];
    let ports = [
        "", ":", ":5683", ":1234", ":0", ":65535", ":80", ":5684", ":00080",
    ];
    let segs = [
        "a",
        ".",
        "..",
        "%2E",
        "%2e%2E",
        "",
        "%FF",
        "%C3%A9",
        "%2F",
        "b",
        ".%2E",
        "%2e.",
        "...",
        "%2E%2E%2E",
        "A%20b",
        "%ED%A0%80",
        "%F4%90%80%80",
        "%F0%9F%98%80",
        "%E0%A0",
        "x.y",
    ];
    let items = [
        "a=1", "", "b", "%FF", "%26", "x=%C3%A9", "q=%2E%2E", "c=d=e",
    ];
    let mut s = String::new();
    if rng.below(20) != 0 {
        s.push_str(rng.pick(&schemes));
        s.push(':');
    }
    if rng.below(12) != 0 {
        s.push_str("//");
        if rng.below(15) == 0 {
            s.push_str("user@");
        }
        if rng.below(30) == 0 {
            s.push_str(hosts_long[rng.below(2)]);
        } else {
            s.push_str(rng.pick(&hosts));
        }
        s.push_str(rng.pick(&ports));
    }
    let n = rng.below(7);
    for _ in 0..n {
        s.push('/');
        if rng.below(40) == 0 {
            s.push_str(if rng.below(2) == 0 { &long } else { &long_pct });
        } else {
            s.push_str(rng.pick(&segs));
        }
    }
    if rng.below(3) == 0 {
        s.push('?');
        let k = rng.below(4);
        for j in 0..=k {
            if j > 0 {
                s.push('&');
            }
            if rng.below(40) == 0 {
                s.push_str(&long);
            } else {
                s.push_str(rng.pick(&items));
            }
        }
    }
    if rng.below(25) == 0 {
        s.push_str("#f");
    }
    s
}

fn mutate(rng: &mut Rng, s: &str) -> Vec<u8> {
    let mut b = s.as_bytes().to_vec();
    let alphabet = b"/.%2Ee:@[]?#&=AaF09xX\xff";
    for _ in 0..=rng.below(3) {
        let at = if b.is_empty() {
            0
        } else {
            rng.below(b.len() + 1)
        };
        match rng.below(3) {
            0 if at < b.len() => {
                b.remove(at);
            }
            1 => b.insert(at, alphabet[rng.below(alphabet.len())]),
            _ if at < b.len() => b[at] = alphabet[rng.below(alphabet.len())],
            _ => {}
        }
    }
    b
}

fn destinations() -> Vec<Option<cri_coap_destination>> {
    static V4: [u8; 4] = [127, 0, 0, 1];
    static V6: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    static LL: [u8; 16] = [0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    let d = |addr: &'static [u8], zone: Option<&'static str>, port: i32| {
        Some(cri_coap_destination {
            addr: if addr.is_empty() {
                ptr::null()
            } else {
                addr.as_ptr()
            },
            addr_len: addr.len(),
            zone: zone.map_or(ptr::null(), |z| z.as_ptr().cast()),
            zone_len: zone.map_or(0, str::len),
            port,
        })
    };
    vec![
        None,
        d(&V4, None, -1),
        d(&V4, None, 5683),
        d(&V6, None, 5683),
        d(&LL, Some("eth0"), 1234),
        d(&[], None, 61616),
    ]
}

#[test]
fn every_capacity_gives_the_size_query_or_the_list() {
    let scale: usize = std::env::var("CRI_DIFF_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let dests = destinations();
    let (mut calls, mut modelled) = (0, 0);
    let corpus = include_str!("../corpus/urls.txt");
    let step = if scale >= 10 { 1 } else { 20 };
    for (k, line) in corpus.lines().enumerate().filter(|(k, _)| k % step == 0) {
        calls += check(line.as_bytes(), &dests, k % 100 == 0, &mut modelled);
        if let Some((_, rest)) = line.split_once(':') {
            let coap = format!("coap:{rest}");
            calls += check(coap.as_bytes(), &dests, k % 100 == 0, &mut modelled);
        }
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for k in 0..3000 * scale {
        let s = generated(&mut rng);
        calls += check(s.as_bytes(), &dests, k % 4 == 0, &mut modelled);
        let m = mutate(&mut rng, &s);
        calls += check(&m, &dests, k % 4 == 0, &mut modelled);
    }
    eprintln!("{calls} calls, {modelled} lists compared with the model");
    assert!(modelled > 10_000, "too few lists modelled: {modelled}");
}
