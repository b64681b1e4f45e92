//! The one-pass options → URI/CRI composer against the composer it replaces, through the C
//! ABI: every status, `err->reason`, `err->offset`, `*out_len` and output byte, at every
//! capacity from 0 to the length needed plus one, for generated option lists (valid and
//! invalid) and those of the corpora.

mod support;

use ::cri::coap::{self, Mode, OptionRef};
use ::cri::ffi::{
    cri_coap_destination, cri_coap_option, cri_error_info, cri_from_coap_options,
    cri_from_coap_options_one_pass, cri_status, uri_from_coap_options,
    uri_from_coap_options_one_pass,
};
use ::cri::uri::UriRef;
use serde_json::Value;
use std::collections::BTreeMap;
use support::{hex, records, Rng};

type Opts = Vec<(u16, Vec<u8>)>;

/// What one call gave back.
#[derive(Debug, PartialEq, Eq)]
struct Call {
    status: cri_status,
    reason: i32,
    offset: usize,
    out_len: usize,
    /// The buffer (`cap` bytes and guard bytes after it), when its contents are specified:
    /// on success. Otherwise only the guard bytes, which no call may touch.
    out: Vec<u8>,
}

const GUARD: usize = 4;
const FILL: u8 = 0xa5;

#[derive(Clone, Copy)]
enum Scheme<'a> {
    Name(&'a [u8]),
    Number(u64),
}

fn call(
    new: bool,
    scheme: Scheme,
    dest: &cri_coap_destination,
    opts: &[cri_coap_option],
    cap: usize,
) -> Call {
    let mut buf = vec![FILL; cap + GUARD];
    let mut err = cri_error_info {
        offset: 77,
        reason: 77,
    };
    let mut out_len = usize::MAX;
    // Capacity 0 is the size query: `out` NULL.
    let out = if cap == 0 {
        core::ptr::null_mut()
    } else {
        buf.as_mut_ptr()
    };
    // SAFETY: every pointer is live for its length; the buffer holds `cap` bytes.
    let status = unsafe {
        match scheme {
            Scheme::Name(s) => {
                let f = if new {
                    uri_from_coap_options_one_pass
                } else {
                    uri_from_coap_options
                };
                f(
                    s.as_ptr().cast(),
                    s.len(),
                    dest,
                    opts.as_ptr(),
                    opts.len(),
                    out.cast(),
                    cap,
                    &mut out_len,
                    &mut err,
                )
            }
            Scheme::Number(n) => {
                let f = if new {
                    cri_from_coap_options_one_pass
                } else {
                    cri_from_coap_options
                };
                f(
                    n,
                    dest,
                    opts.as_ptr(),
                    opts.len(),
                    out,
                    cap,
                    &mut out_len,
                    &mut err,
                )
            }
        }
    };
    let out = if status == cri_status::CRI_OK {
        buf
    } else {
        buf[cap..].to_vec()
    };
    Call {
        status,
        reason: err.reason,
        offset: err.offset,
        out_len,
        out,
    }
}

/// Compares the two composers at every capacity; returns the number of calls made.
fn compare(
    scheme: Scheme,
    dest: &Dest,
    list: &Opts,
    seen: &mut BTreeMap<(i32, i32), usize>,
) -> usize {
    let opts: Vec<cri_coap_option> = list
        .iter()
        .map(|(n, v)| cri_coap_option {
            number: *n,
            value: if v.is_empty() {
                core::ptr::null()
            } else {
                v.as_ptr()
            },
            len: v.len(),
        })
        .collect();
    let d = cri_coap_destination {
        addr: if dest.addr.is_empty() {
            core::ptr::null()
        } else {
            dest.addr.as_ptr()
        },
        addr_len: dest.addr.len(),
        zone: dest
            .zone
            .as_ref()
            .map_or(core::ptr::null(), |z| z.as_ptr().cast()),
        zone_len: dest.zone.as_ref().map_or(0, Vec::len),
        port: dest.port,
    };
    let whole = call(false, scheme, &d, &opts, 1024);
    *seen.entry((whole.status as i32, whole.reason)).or_default() += 1;
    let needed = match whole.status {
        cri_status::CRI_OK | cri_status::CRI_ERR_BUFFER => whole.out_len,
        _ => 4,
    };
    let mut calls = 0;
    for cap in 0..=needed + 2 {
        let old = call(false, scheme, &d, &opts, cap);
        let new = call(true, scheme, &d, &opts, cap);
        calls += 2;
        assert_eq!(
            new,
            old,
            "cap {cap}, scheme {}, dest {:?}, options {:?}",
            match scheme {
                Scheme::Name(s) => String::from_utf8_lossy(s).into_owned(),
                Scheme::Number(n) => n.to_string(),
            },
            dest,
            list
        );
    }
    calls
}

#[derive(Debug, Clone)]
struct Dest {
    addr: Vec<u8>,
    zone: Option<Vec<u8>>,
    port: i32,
}

const NAMES: [&[u8]; 20] = [
    b"coap",
    b"coaps",
    b"COAP+TCP",
    b"coaps+tcp",
    b"coap+ws",
    b"CoAPs+WS",
    b"coap",
    b"coaps",
    b"http",
    b"",
    b"coap:",
    b"coa",
    b"coapx",
    b"coap+",
    b"coaps+tc",
    b"coap+wss",
    b"coaps+tcpx",
    b"coapss",
    b"coap+ssl",
    b"xcoap",
];
const NUMBERS: [u64; 14] = [0, 1, 6, 7, 24, 25, 0, 2, 3, 5, 8, 23, 26, u64::MAX];

fn dests() -> Vec<Dest> {
    let v4 = vec![192, 0, 2, 1];
    let v6 = vec![0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    let ll = vec![0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    let mapped = vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1];
    let mut out = Vec::new();
    for addr in [vec![], v4, v6, ll, mapped] {
        for zone in [
            None,
            Some(b"eth0".to_vec()),
            Some(vec![]),
            Some(vec![0xff]),
            Some(b"a b%".to_vec()),
        ] {
            for port in [-1, 5683, 5684, 80, 443, 0, 61616, 65535] {
                out.push(Dest {
                    addr: addr.clone(),
                    zone: zone.clone(),
                    port,
                });
            }
        }
    }
    out
}

const OPTION_NUMBERS: [u16; 22] = [
    3, 3, 3, 7, 7, 11, 11, 11, 11, 11, 15, 15, 15, 15, 35, 39, 235, 239, 1, 4, 60, 2049,
];

fn value(rng: &mut Rng, number: u16) -> Vec<u8> {
    const HOSTS: [&[u8]; 26] = [
        b"example.com",
        b"EXAMPLE.Com",
        b"a..b",
        b".",
        b"192.0.2.1",
        b"10.0.0.1",
        b"1.2.3.256",
        b"[::1]",
        b"[2001:DB8::1]",
        b"[fe80::1%25eth0]",
        b"[::ffff:10.0.0.1]",
        b"[v1.x]",
        b"[v1.]",
        b"[::1",
        b"::1",
        b"2001:db8::1",
        b"[]",
        b"[",
        b"]",
        b"a b",
        b"\xc3\xa9t\xc3\xa9",
        b"\xff",
        b"a%41",
        b"x:y",
        b"",
        b"h",
    ];
    const TEXTS: [&[u8]; 20] = [
        b"a",
        b"",
        b".",
        b"..",
        b"...",
        b".a",
        b"a b",
        b"c/d",
        b"x=1",
        b"a&b",
        b"?#[]",
        b"%",
        b"\xc3\xa9",
        b"\xff",
        b"\xed\xa0\x80",
        b"\xe2\x82",
        b"~!$'()*+,;=:@",
        b"UPPER",
        b"\x00\x7f",
        b"temp",
    ];
    let r = rng.next();
    match number {
        3 => match r % 8 {
            0 => vec![b'h'; 250 + (r >> 8) as usize % 10],
            _ => HOSTS[(r >> 4) as usize % HOSTS.len()].to_vec(),
        },
        7 => {
            let n = (r >> 4) as usize % 4;
            (0..n).map(|i| (r >> (8 + 8 * i)) as u8).collect()
        }
        11 | 15 => match r % 10 {
            0 => vec![b'p'; 250 + (r >> 8) as usize % 10],
            _ => TEXTS[(r >> 4) as usize % TEXTS.len()].to_vec(),
        },
        35 => match r % 3 {
            0 => vec![],
            _ => b"coap://example.com/a".to_vec(),
        },
        39 => match r % 3 {
            0 => vec![],
            _ => b"http".to_vec(),
        },
        235 => match r % 3 {
            0 => vec![],
            _ => vec![0x81, 0x20],
        },
        239 => (0..(r >> 4) as usize % 5).map(|i| i as u8).collect(),
        _ => (0..(r >> 4) as usize % 3).map(|i| i as u8).collect(),
    }
}

fn random_list(rng: &mut Rng) -> Opts {
    let n = (rng.next() % 7) as usize;
    let mut list: Opts = (0..n)
        .map(|_| {
            let number = OPTION_NUMBERS[(rng.next() % OPTION_NUMBERS.len() as u64) as usize];
            (number, value(rng, number))
        })
        .collect();
    // Mostly in order: out of order is one error among many.
    if rng.next() % 8 != 0 {
        list.sort_by_key(|(n, _)| *n);
    }
    list
}

/// A JSON option list `[[number, value], ...]` (text, `hex:` bytes, or a uint).
fn json_list(v: &Value) -> Option<Opts> {
    v.as_array()?
        .iter()
        .map(|o| {
            let number = u16::try_from(o.get(0)?.as_u64()?).ok()?;
            let value = match o.get(1)? {
                Value::String(s) => match s.strip_prefix("hex:") {
                    Some(h) => hex(h),
                    None => s.as_bytes().to_vec(),
                },
                Value::Number(n) => {
                    let n = n.as_u64()?;
                    let b = n.to_be_bytes();
                    b[(n.leading_zeros() / 8) as usize..].to_vec()
                }
                _ => return None,
            };
            Some((number, value))
        })
        .collect()
}

/// Every option list in a JSON value (the records' `options`, `result`, models and peers'
/// observations).
fn lists_in(v: &Value, out: &mut Vec<Opts>) {
    if let Some(l) = json_list(v).filter(|l| !l.is_empty()) {
        out.push(l);
    }
    match v {
        Value::Array(a) => a.iter().for_each(|x| lists_in(x, out)),
        Value::Object(o) => o.values().for_each(|x| lists_in(x, out)),
        _ => {}
    }
}

/// The options `uri_to_options` gives for a URI of the corpora (none when it refuses).
fn uri_list(s: &str) -> Option<Opts> {
    let u = UriRef::parse(s).ok()?;
    let (mut opts, mut values) = ([OptionRef::default(); 32], [0u8; 2048]);
    let space = coap::uri_to_options(&u, None, Mode::Direct, &mut opts, &mut values).ok()?;
    Some(
        opts[..space.options]
            .iter()
            .map(|o| (o.number, values[o.offset..o.offset + o.len].to_vec()))
            .collect(),
    )
}

fn corpus_lists() -> Vec<Opts> {
    const SEED_NUMBERS: [u16; 16] = [
        3, 7, 11, 11, 11, 15, 15, 15, 1, 4, 12, 17, 60, 258, 2049, 65000,
    ];
    let mut lists = Vec::new();
    for file in ["coap_options.jsonl", "coap-options-derived.jsonl"] {
        for r in records(file) {
            lists_in(&r, &mut lists);
            if let Some(l) = r.get("uri").and_then(Value::as_str).and_then(uri_list) {
                lists.push(l);
            }
        }
    }
    for r in records("split.jsonl") {
        if let Some(l) = r.get("input").and_then(Value::as_str).and_then(uri_list) {
            lists.push(l);
        }
    }
    // The fuzzer's seeds for the option-list mode: records `number-selector, length,
    // value` after the mode byte.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/seeds/coap");
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let Ok(data) = std::fs::read(e.path()) else {
                continue;
            };
            match data.split_first() {
                Some((&m, mut rest)) if m & 3 == 1 => {
                    let mut list = Opts::new();
                    while let [s, len, tail @ ..] = rest {
                        let n = usize::from(*len).min(tail.len());
                        list.push((SEED_NUMBERS[usize::from(s & 15)], tail[..n].to_vec()));
                        rest = &tail[n..];
                    }
                    list.sort_by_key(|(n, _)| *n);
                    lists.push(list);
                }
                Some((&m, rest)) if m & 3 == 2 => {
                    if let Some(l) = std::str::from_utf8(rest).ok().and_then(uri_list) {
                        lists.push(l);
                    }
                }
                _ => {}
            }
        }
    }
    lists
}

#[test]
fn one_pass_composer_matches_the_old_one() {
    let dests = dests();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut calls = 0usize;
    // How many cases ended in each (status, reason).
    let mut seen = BTreeMap::new();
    let corpus = corpus_lists();
    assert!(corpus.len() > 100, "corpus lists: {}", corpus.len());
    let pick_scheme = |rng: &mut Rng| {
        if rng.next() % 2 == 0 {
            Scheme::Name(NAMES[(rng.next() % NAMES.len() as u64) as usize])
        } else {
            Scheme::Number(NUMBERS[(rng.next() % NUMBERS.len() as u64) as usize])
        }
    };
    for list in &corpus {
        for _ in 0..4 {
            let dest = &dests[(rng.next() % dests.len() as u64) as usize];
            calls += compare(pick_scheme(&mut rng), dest, list, &mut seen);
        }
        calls += compare(Scheme::Name(b"coap"), &dests[41], list, &mut seen);
        calls += compare(Scheme::Number(0), &dests[41], list, &mut seen);
    }
    for _ in 0..30_000 {
        let list = random_list(&mut rng);
        let dest = &dests[(rng.next() % dests.len() as u64) as usize];
        calls += compare(pick_scheme(&mut rng), dest, &list, &mut seen);
    }
    eprintln!(
        "{} corpus lists, {calls} calls, no difference; cases by (status, reason): {seen:?}",
        corpus.len()
    );
    // Every outcome the composers have is reached.
    for reason in [2, 4, 5, 7, 8, 9, 10, 12, 13] {
        let coap = (cri_status::CRI_ERR_COAP as i32, reason);
        assert!(seen.contains_key(&coap), "reason {reason} never reached");
    }
    assert!(seen[&(cri_status::CRI_OK as i32, 0)] > 1000);
}
