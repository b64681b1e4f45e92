//! `uri_from_coap_options` and `cri_from_coap_options` against a model of RFC 7252 §6.5
//! and draft-ietf-core-href-27 §8.1.2 written for clarity (std parsers and formatters,
//! `Vec`), through the C ABI: every status, `err->reason`, `err->offset`, `*out_len` and
//! output byte, at every capacity from 0 to the length needed plus two, for generated option
//! lists (valid and invalid) and those of the corpora. The model gives the errors in the
//! documented order (`cri::coap::uri_from_options`).

mod support;

use ::cri::coap::{self, Mode, OptionRef};
use ::cri::ffi::{
    cri_coap_destination, cri_coap_option, cri_error_info, cri_from_coap_options, cri_status,
    uri_from_coap_options,
};
use ::cri::uri::UriRef;
use serde_json::Value;
use std::collections::BTreeMap;
use std::net::{Ipv4Addr, Ipv6Addr};
use support::{cbor, hex, records, Rng};

type Opts = Vec<(u16, Vec<u8>)>;

const GUARD: usize = 4;
const FILL: u8 = 0xa5;

#[derive(Clone, Copy)]
enum Scheme<'a> {
    Name(&'a [u8]),
    Number(u64),
}

/// The CoAP schemes: name, number, default port (RFC 7252 §6, RFC 8323 §8, draft §8.1).
const COAP_SCHEMES: [(&str, u64, u16); 6] = [
    ("coap", 0, 5683),
    ("coaps", 1, 5684),
    ("coap+tcp", 6, 5683),
    ("coaps+tcp", 7, 5684),
    ("coap+ws", 24, 80),
    ("coaps+ws", 25, 443),
];

// CRI_COAP_ERR_* reasons.
const NOT_COAP_SCHEME: i32 = 2;
const NO_HOST: i32 = 4;
const OPTION_LENGTH: i32 = 5;
const BAD_URI_HOST: i32 = 7;
const NOT_UTF8: i32 = 8;
const DOT_SEGMENT: i32 = 9;
const ORDER: i32 = 10;
const CONFLICT: i32 = 12;
const BAD_VALUE: i32 = 13;
const PROXY: i32 = 15;

fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~".contains(&b)
}
fn sub_delim(b: u8) -> bool {
    b"!$&'()*+,;=".contains(&b)
}
fn pchar(b: u8) -> bool {
    unreserved(b) || sub_delim(b) || b == b':' || b == b'@'
}

/// RFC 3986 §2.1 percent-encoding, uppercase hex, of every byte `keep` refuses.
fn pct(v: &[u8], keep: impl Fn(u8) -> bool, out: &mut Vec<u8>) {
    for &b in v {
        if keep(b) {
            out.push(b);
        } else {
            out.extend(format!("%{b:02X}").bytes());
        }
    }
}

/// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) (RFC 3986 §3.2.2).
fn ipvfuture(s: &[u8]) -> bool {
    let Some(rest) = s.strip_prefix(b"v").or_else(|| s.strip_prefix(b"V")) else {
        return false;
    };
    let hex = rest.iter().take_while(|b| b.is_ascii_hexdigit()).count();
    let tail = &rest[hex..];
    hex > 0
        && tail.len() > 1
        && tail[0] == b'.'
        && tail[1..]
            .iter()
            .all(|&b| unreserved(b) || sub_delim(b) || b == b':')
}

fn ipv6(s: &[u8]) -> Option<Ipv6Addr> {
    std::str::from_utf8(s).ok()?.parse().ok()
}

fn ipv4(s: &[u8]) -> Option<Ipv4Addr> {
    std::str::from_utf8(s).ok()?.parse().ok()
}

/// What the composers should give: the URI text or CRI bytes, or the reason.
fn model(scheme: Scheme, dest: &Dest, list: &Opts) -> Result<Vec<u8>, i32> {
    let (cri, (name, number, default)) = match scheme {
        Scheme::Name(n) => (
            false,
            *COAP_SCHEMES
                .iter()
                .find(|s| s.0.as_bytes().eq_ignore_ascii_case(n))
                .ok_or(NOT_COAP_SCHEME)?,
        ),
        Scheme::Number(x) => (
            true,
            *COAP_SCHEMES
                .iter()
                .find(|s| s.1 == x)
                .ok_or(NOT_COAP_SCHEME)?,
        ),
    };
    // RFC 7252 §5.4.5, §5.10, draft §8.2: order, lengths, repeats, in list order.
    let limits = |n: u16| match n {
        3 => (1, 255),
        7 => (0, 2),
        11 | 15 => (0, 255),
        35 => (1, 1034),
        39 => (1, 255),
        235 => (1, 1023),
        239 => (0, 3),
        _ => (0, usize::MAX),
    };
    let mut prev = 0;
    let mut seen: Vec<u16> = Vec::new();
    for (n, v) in list {
        if *n < prev {
            return Err(ORDER);
        }
        let (min, max) = limits(*n);
        if v.len() < min || v.len() > max {
            return Err(OPTION_LENGTH);
        }
        prev = *n;
        if [3, 7, 35, 39, 235, 239].contains(n) && seen.contains(n) {
            return Err(CONFLICT);
        }
        seen.push(*n);
    }
    let has = |n: u16| seen.contains(&n);
    let uri_options = [3, 7, 11, 15].iter().any(|&n| has(n));
    if (has(235) && (uri_options || has(35))) || (has(35) && uri_options) || (has(39) && has(239)) {
        return Err(CONFLICT);
    }
    if let Some(z) = &dest.zone {
        if z.is_empty() || std::str::from_utf8(z).is_err() || dest.addr.len() != 16 {
            return Err(BAD_VALUE);
        }
    }
    for (n, v) in list {
        if [3, 11, 15].contains(n) && std::str::from_utf8(v).is_err() {
            return Err(NOT_UTF8);
        }
        if *n == 11 && (v == b"." || v == b"..") {
            return Err(DOT_SEGMENT);
        }
    }
    // A server that composes its own target is no forward-proxy (RFC 7252 §5.10.2).
    if [35, 39, 235, 239].iter().any(|&n| has(n)) {
        return Err(PROXY);
    }
    let value = |n: u16| list.iter().find(|o| o.0 == n).map(|o| o.1.clone());
    let all = |n: u16| -> Vec<Vec<u8>> {
        list.iter()
            .filter(|o| o.0 == n)
            .map(|o| o.1.clone())
            .collect()
    };
    let port = value(7)
        .map(|v| v.iter().fold(0u16, |p, &b| p << 8 | u16::from(b)))
        .or(u16::try_from(dest.port).ok())
        .filter(|&p| p != default);
    let (paths, queries) = (all(11), all(15));
    let mut out = Vec::new();
    // The host: the CRI's authority items, or the URI's text.
    let mut items = Vec::new();
    let mut count = 0;
    let mut text = Vec::new();
    match value(3) {
        Some(h) => {
            if h.len() >= 2 && h[0] == b'[' && h[h.len() - 1] == b']' {
                let inner = &h[1..h.len() - 1];
                if ipvfuture(inner) && !cri {
                    text = h.clone();
                } else {
                    let a = ipv6(inner).ok_or(BAD_URI_HOST)?;
                    cbor::bytes(&mut items, &a.octets());
                    count = 1;
                    text = h.clone();
                }
            } else if let Some(a) = ipv4(&h) {
                cbor::bytes(&mut items, &a.octets());
                count = 1;
                text = h.clone();
            } else if ipv6(&h).is_some() {
                return Err(BAD_URI_HOST);
            } else {
                // Labels lowercase (draft §2 C5); the URI's reg-name percent-encoded.
                for label in h.split(|&b| b == b'.') {
                    cbor::text(
                        &mut items,
                        &String::from_utf8(label.to_ascii_lowercase()).unwrap(),
                    );
                    count += 1;
                }
                pct(&h, |b| unreserved(b) || sub_delim(b), &mut text);
            }
        }
        None => match dest.addr.len() {
            0 => return Err(NO_HOST),
            4 => {
                cbor::bytes(&mut items, &dest.addr);
                count = 1;
                let a: [u8; 4] = dest.addr[..].try_into().unwrap();
                text = Ipv4Addr::from(a).to_string().into_bytes();
            }
            16 => {
                cbor::bytes(&mut items, &dest.addr);
                count = 1;
                let a: [u8; 16] = dest.addr[..].try_into().unwrap();
                text = format!("[{}", Ipv6Addr::from(a)).into_bytes();
                if let Some(z) = &dest.zone {
                    cbor::text(&mut items, std::str::from_utf8(z).unwrap());
                    count += 1;
                    text.extend(b"%25");
                    pct(z, unreserved, &mut text);
                }
                text.push(b']');
            }
            _ => return Err(BAD_VALUE),
        },
    }
    if cri {
        let sections = if !queries.is_empty() {
            4
        } else if !paths.is_empty() {
            3
        } else {
            2
        };
        cbor::head(&mut out, 4, sections);
        cbor::head(&mut out, 1, number);
        cbor::head(&mut out, 4, count + u64::from(port.is_some()));
        out.extend(items);
        if let Some(p) = port {
            cbor::head(&mut out, 0, p.into());
        }
        if sections >= 3 {
            cbor::head(&mut out, 4, paths.len() as u64);
            for p in &paths {
                cbor::text(&mut out, std::str::from_utf8(p).unwrap());
            }
        }
        if sections == 4 {
            cbor::head(&mut out, 4, queries.len() as u64);
            for q in &queries {
                cbor::text(&mut out, std::str::from_utf8(q).unwrap());
            }
        }
    } else {
        out.extend(name.bytes());
        out.extend(b"://");
        out.extend(text);
        if let Some(p) = port {
            out.extend(format!(":{p}").bytes());
        }
        if paths.is_empty() {
            out.push(b'/');
        }
        for p in &paths {
            out.push(b'/');
            pct(p, pchar, &mut out);
        }
        for (i, q) in queries.iter().enumerate() {
            out.push(if i == 0 { b'?' } else { b'&' });
            pct(
                q,
                |b| (pchar(b) || b == b'/' || b == b'?') && b != b'&',
                &mut out,
            );
        }
    }
    Ok(out)
}

/// Calls the composer of `scheme`'s kind with a buffer of `cap` bytes (NULL for 0) and
/// checks what it gives against the model's `expect`.
fn check(
    scheme: Scheme,
    d: &cri_coap_destination,
    opts: &[cri_coap_option],
    cap: usize,
    expect: &Result<Vec<u8>, i32>,
) -> Result<(), String> {
    let mut buf = vec![FILL; cap + GUARD];
    let mut err = cri_error_info {
        offset: 77,
        reason: 77,
    };
    let mut out_len = usize::MAX;
    let out = if cap == 0 {
        core::ptr::null_mut()
    } else {
        buf.as_mut_ptr()
    };
    // SAFETY: every pointer is live for its length; the buffer holds `cap` bytes.
    let status = unsafe {
        match scheme {
            Scheme::Name(s) => uri_from_coap_options(
                s.as_ptr().cast(),
                s.len(),
                d,
                opts.as_ptr(),
                opts.len(),
                out.cast(),
                cap,
                &mut out_len,
                &mut err,
            ),
            Scheme::Number(n) => cri_from_coap_options(
                n,
                d,
                opts.as_ptr(),
                opts.len(),
                out,
                cap,
                &mut out_len,
                &mut err,
            ),
        }
    };
    let nul = usize::from(matches!(scheme, Scheme::Name(_)));
    let got = (status, err.reason, err.offset);
    if buf[cap..].iter().any(|&b| b != FILL) {
        return Err(format!("wrote past cap {cap}"));
    }
    match expect {
        Err(reason) => {
            if got != (cri_status::CRI_ERR_COAP, *reason, 0) {
                return Err(format!("got {got:?}, want reason {reason}"));
            }
        }
        Ok(text) if cap >= text.len() + nul => {
            let mut want = text.clone();
            want.extend(std::iter::repeat_n(0, nul));
            if got != (cri_status::CRI_OK, 0, 0)
                || out_len != text.len()
                || buf[..want.len()] != want[..]
            {
                return Err(format!(
                    "got {got:?} {:?}, want {:?}",
                    String::from_utf8_lossy(&buf[..out_len.min(cap)]),
                    String::from_utf8_lossy(text)
                ));
            }
        }
        Ok(text) => {
            if got != (cri_status::CRI_ERR_BUFFER, 0, 0) || out_len != text.len() {
                return Err(format!("got {got:?} {out_len}, want BUFFER {}", text.len()));
            }
        }
    }
    Ok(())
}

/// Checks both composers against the model at every capacity; returns the number of calls.
fn compare(
    scheme: Scheme,
    dest: &Dest,
    list: &Opts,
    seen: &mut BTreeMap<Result<(), i32>, usize>,
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
    let expect = model(scheme, dest, list);
    *seen
        .entry(expect.as_ref().map(|_| ()).map_err(|r| *r))
        .or_default() += 1;
    let needed = expect.as_ref().map_or(4, Vec::len);
    for cap in 0..=needed + 2 {
        if let Err(e) = check(scheme, &d, &opts, cap, &expect) {
            panic!(
                "{e}: cap {cap}, scheme {}, dest {dest:?}, options {list:?}",
                match scheme {
                    Scheme::Name(s) => String::from_utf8_lossy(s).into_owned(),
                    Scheme::Number(n) => n.to_string(),
                },
            );
        }
    }
    needed + 3
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
fn composers_match_the_model() {
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
        "{} corpus lists, {calls} calls, as the model; cases by outcome: {seen:?}",
        corpus.len()
    );
    // Every outcome the composers have is reached.
    for reason in [2, 4, 5, 7, 8, 9, 10, 12, 13, 15] {
        assert!(
            seen.contains_key(&Err(reason)),
            "reason {reason} never reached"
        );
    }
    assert!(seen[&Ok(())] > 1000);
}
