//! Differential test of two implementations of `uri_to_coap_options` through the same C
//! ABI: every status, reason, offset, option and length at every capacity, in every mode,
//! with and without a destination, on corpus, generated and mutated URIs.
//! CRI_DIFF_SCALE (default 1) multiplies the number of generated and mutated inputs.

use cri::ffi::{
    cri_coap_destination, cri_coap_option, cri_error_info, cri_status, uri_to_coap_options,
    uri_to_coap_options_next,
};
use std::ptr;

type Entry = unsafe extern "C" fn(
    *const std::ffi::c_char,
    usize,
    *const cri_coap_destination,
    i32,
    *mut cri_coap_option,
    usize,
    *mut usize,
    *mut u8,
    usize,
    *mut usize,
    *mut cri_error_info,
) -> cri_status;

#[derive(Debug, PartialEq, Eq, Clone)]
struct Outcome {
    status: i32,
    reason: i32,
    offset: usize,
    opts_len: usize,
    scratch_len: usize,
    options: Vec<(u16, Vec<u8>)>,
}

fn call(
    f: Entry,
    uri: &[u8],
    dest: Option<&cri_coap_destination>,
    mode: i32,
    ocap: usize,
    scap: usize,
) -> Outcome {
    let mut opts = vec![
        cri_coap_option {
            number: 0,
            value: ptr::null(),
            len: 0
        };
        ocap
    ];
    let mut scratch = vec![0u8; scap];
    let (mut opts_len, mut scratch_len) = (usize::MAX, usize::MAX);
    let mut err = cri_error_info::default();
    let status = unsafe {
        f(
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
    let mut options = Vec::new();
    if status == 0 {
        for o in &opts[..opts_len] {
            let v = if o.len == 0 {
                Vec::new()
            } else {
                unsafe { std::slice::from_raw_parts(o.value, o.len) }.to_vec()
            };
            options.push((o.number, v));
        }
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
    for _ in 0..1 + rng.below(3) {
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

/// The offsets in `uri` of the path segments that survive dot-segment removal (RFC 3986
/// §5.2.4 with `%2E` as a dot), by the stack model; `None` when the URI has no
/// authority-form path to look at.
fn surviving_segments(uri: &[u8]) -> Option<Vec<usize>> {
    let s = std::str::from_utf8(uri).ok()?;
    let start = s.find("://")? + 3;
    let path_at = start + s[start..].find(['/', '?', '#'])?;
    if !s[path_at..].starts_with('/') {
        return Some(Vec::new());
    }
    let end = path_at + s[path_at..].find(['?', '#']).unwrap_or(s.len() - path_at);
    let mut stack: Vec<usize> = Vec::new();
    let mut at = path_at + 1;
    let segs: Vec<&str> = s[path_at + 1..end].split('/').collect();
    for (k, seg) in segs.iter().enumerate() {
        let d = seg.replace("%2E", ".").replace("%2e", ".");
        if d == ".." {
            stack.pop();
        } else if d != "." {
            stack.push(at);
        }
        let _ = k;
        at += seg.len() + 1;
    }
    Some(stack)
}

/// The one intended difference: a CoAP error offset that pointed at a path segment that
/// dot-segment removal drops now points at a piece that is sent.
fn offset_fix(uri: &[u8], old: &Outcome, new: &Outcome) -> bool {
    let same_but_offset = Outcome {
        offset: old.offset,
        ..new.clone()
    } == *old;
    same_but_offset
        && old.status == cri_status::CRI_ERR_COAP as i32
        && surviving_segments(uri).is_some_and(|kept| !kept.contains(&old.offset))
}

/// Compares the two on one input in every mode and destination; returns mismatches.
fn compare(
    uri: &[u8],
    dests: &[Option<cri_coap_destination>],
    all_caps: bool,
    bad: &mut Vec<String>,
    fixed: &mut usize,
) -> usize {
    let mut calls = 0;
    for mode in 0..4 {
        for d in dests {
            let d = d.as_ref();
            let old = call(uri_to_coap_options, uri, d, mode, 0, 0);
            let new = call(uri_to_coap_options_next, uri, d, mode, 0, 0);
            calls += 1;
            if old != new && !offset_fix(uri, &old, &new) {
                bad.push(format!(
                    "{:?} mode {mode} dest {:?}: size query\n  old {old:?}\n  new {new:?}",
                    String::from_utf8_lossy(uri),
                    d.map(|d| d.port)
                ));
                continue;
            }
            if old != new {
                *fixed += 1;
            }
            if old.status != cri_status::CRI_ERR_BUFFER as i32 {
                continue;
            }
            let (no, ns) = (old.opts_len, old.scratch_len);
            let mut caps = vec![(no, ns), (no + 1, ns + 1)];
            if all_caps {
                caps.extend((0..=no + 1).map(|o| (o, ns)));
                caps.extend((0..=ns + 1).map(|s| (no, s)));
            }
            for (oc, sc) in caps {
                let old = call(uri_to_coap_options, uri, d, mode, oc, sc);
                let new = call(uri_to_coap_options_next, uri, d, mode, oc, sc);
                calls += 1;
                if old != new && !offset_fix(uri, &old, &new) {
                    bad.push(format!(
                        "{:?} mode {mode} dest {:?} caps {oc},{sc}\n  old {old:?}\n  new {new:?}",
                        String::from_utf8_lossy(uri),
                        d.map(|d| d.port)
                    ));
                }
            }
        }
    }
    calls
}

#[test]
fn one_pass_conversion_agrees_with_the_current_one() {
    let scale: usize = std::env::var("CRI_DIFF_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let dests = destinations();
    let mut bad = Vec::new();
    let (mut calls, mut fixed) = (0, 0);
    let corpus = include_str!("../corpus/urls.txt");
    let step = if scale >= 10 { 1 } else { 20 };
    for (k, line) in corpus.lines().enumerate().filter(|(k, _)| k % step == 0) {
        calls += compare(line.as_bytes(), &dests, k % 100 == 0, &mut bad, &mut fixed);
        if let Some(rest) = line.split_once(':').map(|(_, r)| r) {
            let coap = format!("coap:{rest}");
            calls += compare(coap.as_bytes(), &dests, k % 100 == 0, &mut bad, &mut fixed);
        }
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for k in 0..3000 * scale {
        let s = generated(&mut rng);
        calls += compare(s.as_bytes(), &dests, k % 4 == 0, &mut bad, &mut fixed);
        let m = mutate(&mut rng, &s);
        calls += compare(&m, &dests, k % 4 == 0, &mut bad, &mut fixed);
    }
    for b in bad.iter().take(40) {
        eprintln!("{b}");
    }
    eprintln!(
        "{calls} calls, {fixed} error offsets moved off a removed segment, {} mismatches",
        bad.len()
    );
    assert!(bad.is_empty());
}
