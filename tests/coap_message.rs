//! `cri::coap::message` (feature `coap-message`) against the C API, through the
//! ecosystem's own `coap-message` implementations (`coap-message-implementations`'
//! in-memory `MessageMut`/`Message` and its heap `HeapMessage`).
//!
//! Client side: every URI and CRI the CoAP tests use (tests/data/coap_options.jsonl,
//! coap-options-derived.jsonl, cri-vectors.jsonl, split.jsonl, and every absolute URI
//! written in tests/regressions.rs, tests/coap_*.rs and c-tests/*.c), in every mode and
//! with several destinations, written into a message: the option bytes the message
//! holds, as that crate serializes them, equal `uri_to_coap_options` /
//! `cri_to_coap_options` then `cri_coap_options_to_wire`, byte for byte, and a refusal
//! is the C status and reason with the message left empty.
//!
//! Server side: every request those produce, and the option lists of the vectors, read
//! back: `read_uri` / `read_cri` equal `uri_from_coap_options` / `cri_from_coap_options`.
//!
//! Then the rules of the bridge itself: room, whole options, option numbers, order.

use coap_message::error::RenderableOnMinimal;
use coap_message::{Code, MessageOption, MinimalWritableMessage, ReadableMessage};
use coap_message_implementations::heap::HeapMessage;
use coap_message_implementations::inmemory::{self, Message, MessageMut};
use cri::coap::message::{self, Target, WriteError};
use cri::coap::{self, CoapError, Destination, Mode, OptionRef, OptionSpace};
use cri::ffi::{
    cri_coap_destination, cri_coap_option, cri_coap_options_to_wire, cri_error_info,
    cri_from_coap_options, cri_status, cri_to_coap_options, uri_from_coap_options,
    uri_to_coap_options,
};
use cri::uri::UriRef;
use cri::Error;
use std::collections::BTreeSet;
use std::convert::Infallible;
use std::ptr;

mod support;
use support::{hex, records};

/// An option list: (number, value) pairs.
type Options = Vec<(u16, Vec<u8>)>;

/// Option bytes (RFC 7252 §3.1), or the C status and reason of a refusal.
type Outcome = Result<Vec<u8>, (i32, i32)>;

const MODES: [Mode; 4] = [Mode::Direct, Mode::Proxy, Mode::ProxyScheme, Mode::Auto];
const FE80_1: [u8; 16] = [0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
const V4: Destination<'static> = Destination {
    addr: &[192, 0, 2, 1],
    zone: None,
    port: Some(5683),
};

/// The destinations every target is sent to: none (the target's own), another address
/// at the default port, the address and port of draft §5.1.3's example, a link-local
/// address with a zone and no port, and a port alone.
fn destinations() -> [Option<Destination<'static>>; 5] {
    [
        None,
        Some(V4),
        Some(Destination {
            addr: &[198, 51, 100, 1],
            zone: None,
            port: Some(61616),
        }),
        Some(Destination {
            addr: &FE80_1,
            zone: Some(b"eth0"),
            port: None,
        }),
        Some(Destination {
            addr: &[],
            zone: None,
            port: Some(5684),
        }),
    ]
}

fn c_mode(mode: Mode) -> i32 {
    match mode {
        Mode::Direct => 0,
        Mode::Proxy => 1,
        Mode::ProxyScheme => 2,
        Mode::Auto => 3,
    }
}

fn c_dest(d: &Destination) -> cri_coap_destination {
    cri_coap_destination {
        addr: if d.addr.is_empty() {
            ptr::null()
        } else {
            d.addr.as_ptr()
        },
        addr_len: d.addr.len(),
        zone: d.zone.map_or(ptr::null(), |z| z.as_ptr().cast()),
        zone_len: d.zone.map_or(0, <[u8]>::len),
        port: d.port.map_or(-1, i32::from),
    }
}

/// A status and reason as the C API reports them: the reason only where the status has
/// one that says which (CoAP and unprocessable-CRI errors).
fn refusal(status: cri_status, reason: i32) -> (i32, i32) {
    match status {
        cri_status::CRI_ERR_COAP | cri_status::CRI_ERR_UNPROCESSABLE => (status as i32, reason),
        _ => (status as i32, 0),
    }
}

/// A Rust error as the C API's status and reason.
fn refused(e: Error) -> (i32, i32) {
    let reason = match e {
        Error::Coap(why) => why as i32,
        Error::Unprocessable { reason, .. } => reason as i32,
        _ => 0,
    };
    refusal(cri_status::from(e), reason)
}

/// A C option-list function's result as option bytes, through `cri_coap_options_to_wire`.
fn c_wire(
    list: impl FnOnce(
        *mut cri_coap_option,
        usize,
        &mut usize,
        *mut u8,
        usize,
        &mut usize,
        &mut cri_error_info,
    ) -> cri_status,
) -> Outcome {
    let blank = cri_coap_option {
        number: 0,
        value: ptr::null(),
        len: 0,
    };
    let (mut opts, mut scratch) = (vec![blank; 64], vec![0u8; 4096]);
    let (mut n, mut m, mut err) = (0, 0, cri_error_info::default());
    let status = list(
        opts.as_mut_ptr(),
        opts.len(),
        &mut n,
        scratch.as_mut_ptr(),
        scratch.len(),
        &mut m,
        &mut err,
    );
    if status != cri_status::CRI_OK {
        return Err(refusal(status, err.reason));
    }
    let mut wire = vec![0u8; 8192];
    let mut len = 0;
    // SAFETY: `n` options that point into `scratch`, and an output of its length.
    let status = unsafe {
        cri_coap_options_to_wire(
            opts.as_ptr(),
            n,
            wire.as_mut_ptr(),
            wire.len(),
            &mut len,
            &mut err,
        )
    };
    assert_eq!(status, cri_status::CRI_OK);
    wire.truncate(len);
    Ok(wire)
}

/// What a target is given as.
#[derive(Clone, Copy, Debug)]
enum Input<'a> {
    Uri(&'a str),
    Cri(&'a [u8]),
}

fn c_outcome(input: Input, dest: Option<&Destination>, mode: Mode) -> Outcome {
    let d = dest.map(c_dest);
    let d = d.as_ref().map_or(ptr::null(), |d| d as *const _);
    c_wire(|o, oc, on, s, sc, sn, e| match input {
        // SAFETY: the input, destination and outputs live across the call.
        Input::Uri(u) => unsafe {
            uri_to_coap_options(
                u.as_ptr().cast(),
                u.len(),
                d,
                c_mode(mode),
                o,
                oc,
                on,
                s,
                sc,
                sn,
                e,
            )
        },
        // SAFETY: as above.
        Input::Cri(c) => unsafe {
            cri_to_coap_options(
                c.as_ptr(),
                c.len(),
                d,
                c_mode(mode),
                o,
                oc,
                on,
                s,
                sc,
                sn,
                e,
            )
        },
    })
}

fn write<M: MinimalWritableMessage>(
    msg: &mut M,
    input: Input,
    dest: Option<&Destination>,
    mode: Mode,
) -> Result<(), WriteError<M::UnionError>> {
    let (mut opts, mut scratch) = ([OptionRef::default(); 64], [0u8; 4096]);
    match input {
        Input::Uri(text) => {
            let uri = UriRef::parse(text)?;
            message::write_uri(msg, &uri, dest, mode, &mut opts, &mut scratch)
        }
        Input::Cri(cbor) => message::write_cri(msg, cbor, dest, mode, &mut opts, &mut scratch),
    }
}

/// The target written into an in-memory message (`MessageMut`): the bytes it holds.
fn in_memory(input: Input, dest: Option<&Destination>, mode: Mode) -> Outcome {
    let (mut code, mut buf) = (1u8, vec![0u8; 8192]);
    let mut msg = MessageMut::new_in_slice(&mut code, &mut buf);
    let r = write(&mut msg, input, dest, mode);
    let (len, _) = msg.finish();
    match r {
        Ok(()) => Ok(buf[..len].to_vec()),
        Err(WriteError::Target(e)) => {
            assert_eq!(len, 0, "{input:?}: a refused target wrote {len} bytes");
            Err(refused(e))
        }
        Err(WriteError::Message(e)) => panic!("{input:?}: the message refused: {e:?}"),
    }
}

/// A readable message's options serialized by `coap-message-implementations`
/// (`set_from_message` into a `MessageMut`).
fn serialized<M: ReadableMessage + coap_message::WithSortedOptions>(msg: &M) -> Vec<u8> {
    let (mut code, mut buf) = (0u8, vec![0u8; 8192]);
    let mut out = MessageMut::new_in_slice(&mut code, &mut buf);
    out.set_from_message(msg).unwrap();
    let (len, _) = out.finish();
    buf.truncate(len);
    buf
}

/// The target written into a `HeapMessage`, serialized by that crate.
fn on_heap(input: Input, dest: Option<&Destination>, mode: Mode) -> Outcome {
    let mut msg = HeapMessage::new();
    match write(&mut msg, input, dest, mode) {
        Ok(()) => Ok(serialized(&msg)),
        Err(WriteError::Target(e)) => {
            assert_eq!(
                msg.options().count(),
                0,
                "{input:?}: a refused target wrote"
            );
            Err(refused(e))
        }
        Err(WriteError::Message(never)) => match never {},
    }
}

/// String literals in a source file that are absolute URIs: the inputs other CoAP tests
/// (Rust and C) write inline.
fn absolute_uris_in(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| !s.contains('\\') && s.contains(':'))
        .filter(|s| UriRef::parse(s).is_ok_and(|u| u.scheme().is_some()))
        .map(str::to_string)
        .collect()
}

/// Every URI of the CoAP tests: the option vectors (libcoap and Zephyr path and query
/// strings sent to host "h", as tests/coap_vectors.rs sends them), the split vectors, and
/// the URIs written in the regression and C tests, plus a few edges of RFC 7252 §5.10.
fn uris() -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for r in records("coap_options.jsonl") {
        let input = r["uri"].as_str().unwrap();
        if input.starts_with("hex:") || !input.is_ascii() {
            continue;
        }
        let uri = match r["kind"].as_str().unwrap() {
            "uri->options" => input.to_string(),
            "path->options" | "path-query->options" | "query->options" => {
                format!("coap://h/{}", input.trim_start_matches('/'))
            }
            _ => continue,
        };
        all.insert(uri);
    }
    for r in records("split.jsonl") {
        if let Some(u) = r["uri"].as_str() {
            all.insert(u.to_string());
        }
    }
    for file in [
        "tests/regressions.rs",
        "tests/coap_vectors.rs",
        "tests/coap_client_model.rs",
        "c-tests/test_api.c",
        "c-tests/test_cri.c",
        "c-tests/test_buffers.c",
        "c-tests/libcoap_diff.c",
        "c-tests/target_stack.c",
    ] {
        all.extend(absolute_uris_in(file));
    }
    let long = "a".repeat(255);
    all.extend([
        format!("coap://h/{long}"),  // Uri-Path of 255 bytes: sent
        format!("coap://h/{long}a"), // 256: OptionLength
        format!("coap://h/?{long}a"),
        format!("coap://{long}/"), // Uri-Host of 255 bytes
        format!("coap://{long}a/"),
        format!("http://h/{}", "p".repeat(1020)), // Proxy-Uri of 1029 bytes
        format!("http://h/{}", "p".repeat(1030)), // 1039: over 1034
    ]);
    all
}

/// Every CRI of the CoAP tests: the CRI vectors, the derived option vectors, and each URI
/// above as a CRI.
fn cris(uris: &BTreeSet<String>) -> BTreeSet<Vec<u8>> {
    let mut all = BTreeSet::new();
    let keys = [
        "cri_hex_27",
        "cri_hex",
        "result_cri_hex_27",
        "result_cri_hex",
    ];
    for r in records("cri-vectors.jsonl") {
        for k in keys {
            if let Some(h) = r[k].as_str() {
                all.insert(hex(h));
            }
        }
    }
    for r in records("coap-options-derived.jsonl") {
        for k in ["cri_hex", "option_value_hex", "result_cri_hex"] {
            if let Some(h) = r[k].as_str().filter(|h| h.len() > 2) {
                all.insert(hex(h));
            }
        }
    }
    for u in uris {
        let Ok(uri) = UriRef::parse(u) else { continue };
        let mut out = vec![0u8; 4096];
        if let Ok(n) = cri::cri::from_uri(&uri, &mut out) {
            all.insert(out[..n].to_vec());
        }
    }
    all
}

/// The requests the client side produced: option bytes, with the scheme they were sent
/// for and their destination.
struct Sent {
    wire: Vec<u8>,
    scheme: String,
    dest: Option<Destination<'static>>,
}

fn scheme_of(input: Input) -> String {
    let scheme = match input {
        Input::Uri(u) => UriRef::parse(u)
            .ok()
            .and_then(|u| u.scheme().map(str::to_ascii_lowercase)),
        Input::Cri(c) => match cri::cri::CriRef::decode(c).ok().and_then(|c| c.scheme()) {
            Some(cri::cri::Scheme::Number(n)) => {
                coap::coap_scheme(n).map(|(name, _)| String::from_utf8(name.to_vec()).unwrap())
            }
            _ => None,
        },
    };
    scheme
        .filter(|s| coap::coap_scheme_number(s.as_bytes()).is_some())
        .unwrap_or_else(|| "coap".into())
}

/// Writes `input` in every mode to every destination through both message types and the
/// C API; returns how many were sent, and collects the requests.
fn client_side(input: Input, sent: &mut Vec<Sent>, failures: &mut Vec<String>) -> usize {
    let mut n = 0;
    for dest in destinations() {
        for mode in MODES {
            let want = c_outcome(input, dest.as_ref(), mode);
            let got = in_memory(input, dest.as_ref(), mode);
            let heap = on_heap(input, dest.as_ref(), mode);
            if got != want || heap != want {
                failures.push(format!(
                    "{input:?} {mode:?} {dest:?}:\n  C         {want:02x?}\n  in-memory {got:02x?}\n  heap      {heap:02x?}"
                ));
            }
            if let Ok(wire) = want {
                n += 1;
                sent.push(Sent {
                    wire,
                    scheme: scheme_of(input),
                    dest,
                });
            }
        }
    }
    n
}

#[test]
fn uri_targets_equal_the_c_api() {
    let (mut sent, mut failures, mut n) = (Vec::new(), Vec::new(), 0);
    let uris = uris();
    for u in &uris {
        n += client_side(Input::Uri(u), &mut sent, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        uris.len() > 500 && n > 5000,
        "{} URIs, {n} sent",
        uris.len()
    );
    server_side(&sent);
}

#[test]
fn cri_targets_equal_the_c_api() {
    let (mut sent, mut failures, mut n) = (Vec::new(), Vec::new(), 0);
    let cris = cris(&uris());
    for c in &cris {
        n += client_side(Input::Cri(c), &mut sent, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        cris.len() > 500 && n > 5000,
        "{} CRIs, {n} sent",
        cris.len()
    );
    server_side(&sent);
}

/// A message whose options come out in the order they were added, without
/// `WithSortedOptions`: coap-message allows any order to a reader.
struct Listed(Vec<(u16, Vec<u8>)>);

struct Opt<'a>(u16, &'a [u8]);

impl MessageOption for Opt<'_> {
    fn number(&self) -> u16 {
        self.0
    }
    fn value(&self) -> &[u8] {
        self.1
    }
}

impl ReadableMessage for Listed {
    type Code = u8;
    type MessageOption<'a> = Opt<'a>;
    type OptionsIter<'a> =
        std::iter::Map<std::slice::Iter<'a, (u16, Vec<u8>)>, fn(&'a (u16, Vec<u8>)) -> Opt<'a>>;
    fn code(&self) -> u8 {
        1
    }
    fn options(&self) -> Self::OptionsIter<'_> {
        self.0.iter().map(|(n, v)| Opt(*n, v))
    }
    fn payload(&self) -> &[u8] {
        &[]
    }
}

fn c_read(
    scheme: Option<&str>,
    number: u64,
    dest: &Destination,
    options: &[(u16, Vec<u8>)],
) -> Outcome {
    let list: Vec<cri_coap_option> = options
        .iter()
        .map(|(n, v)| cri_coap_option {
            number: *n,
            value: v.as_ptr(),
            len: v.len(),
        })
        .collect();
    let d = c_dest(dest);
    let mut out = vec![0u8; 8192];
    let (mut len, mut err) = (0, cri_error_info::default());
    // SAFETY: the option list, the destination and the output live across the call.
    let status = unsafe {
        match scheme {
            Some(s) => uri_from_coap_options(
                s.as_ptr().cast(),
                s.len(),
                &d,
                list.as_ptr(),
                list.len(),
                out.as_mut_ptr().cast(),
                out.len(),
                &mut len,
                &mut err,
            ),
            None => cri_from_coap_options(
                number,
                &d,
                list.as_ptr(),
                list.len(),
                out.as_mut_ptr(),
                out.len(),
                &mut len,
                &mut err,
            ),
        }
    };
    if status != cri_status::CRI_OK {
        return Err(refusal(status, err.reason));
    }
    out.truncate(len);
    Ok(out)
}

/// `read_uri` (with `scheme`) or `read_cri` (scheme number `number`) of `msg`.
fn bridge_read<M: ReadableMessage>(
    msg: &M,
    scheme: Option<&str>,
    number: u64,
    dest: &Destination,
) -> Outcome {
    let (mut scratch, mut out) = (vec![0u8; 4096], vec![0u8; 8192]);
    let r = match scheme {
        Some(s) => message::read_uri(msg, s, dest, &mut scratch, &mut out).map(str::as_bytes),
        None => message::read_cri(msg, number, dest, &mut scratch, &mut out),
    };
    r.map(<[u8]>::to_vec).map_err(refused)
}

/// Reads `options` back as a URI and as a CRI from an in-memory message (its option
/// bytes), a heap message and a listed one, against the C composers.
fn read_back(
    options: &[(u16, Vec<u8>)],
    scheme: &str,
    dest: &Destination,
    failures: &mut Vec<String>,
) {
    let pairs = options.iter().map(|(n, v)| (*n, v.as_slice()));
    let mut wire = vec![0u8; 8192];
    let wire = coap::options_to_wire(pairs, &mut wire).map(|n| wire[..n].to_vec());
    let in_memory = wire.as_ref().ok().map(|w| Message::new_from_slice(1, w));
    let mut heap = HeapMessage::new();
    for (n, v) in options {
        heap.add_option(*n, v).unwrap();
    }
    let listed = Listed(options.to_vec());
    let number = coap::coap_scheme_number(scheme.as_bytes()).unwrap();
    for (name, scheme) in [(scheme, Some(scheme)), ("cri", None)] {
        let want = c_read(scheme, number, dest, options);
        let got = [
            in_memory
                .as_ref()
                .map(|m| bridge_read(m, scheme, number, dest)),
            // A heap message sorts by number: only a sorted list reads as given.
            wire.is_ok()
                .then(|| bridge_read(&heap, scheme, number, dest)),
            Some(bridge_read(&listed, scheme, number, dest)),
        ];
        for (kind, got) in ["in-memory", "heap", "listed"].iter().zip(got) {
            if got.as_ref().is_some_and(|g| *g != want) {
                failures.push(format!(
                    "{name} of {options:?} to {dest:?} ({kind}): got {got:02x?}, C {want:02x?}"
                ));
            }
        }
    }
}

fn server_side(sent: &[Sent]) {
    let mut failures = Vec::new();
    for s in sent {
        let mut opts = [OptionRef::default(); 64];
        let (count, _) = coap::options_from_wire(&s.wire, &mut opts).unwrap();
        let options: Vec<(u16, Vec<u8>)> = opts[..count]
            .iter()
            .map(|o| (o.number, s.wire[o.offset..o.offset + o.len].to_vec()))
            .collect();
        let here = s.dest.filter(|d| !d.addr.is_empty()).unwrap_or(V4);
        read_back(&options, &s.scheme, &here, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn value_of(v: &serde_json::Value) -> Vec<u8> {
    match v {
        serde_json::Value::String(s) => s.as_bytes().to_vec(),
        serde_json::Value::Number(p) => {
            let n = p.as_u64().unwrap();
            n.to_be_bytes()
                .iter()
                .skip_while(|&&b| b == 0)
                .copied()
                .collect()
        }
        _ => unreachable!(),
    }
}

/// The option lists of the vectors (libcoap's options->path records sent to host "h",
/// draft §8.1.2's coap-options-to-cri records), and lists that make no target: each read
/// back as the C API reads it.
#[test]
fn option_lists_read_as_the_c_api_reads_them() {
    let mut failures = Vec::new();
    let mut lists: Vec<(Options, Destination)> = Vec::new();
    for r in records("coap_options.jsonl")
        .iter()
        .filter(|r| r["kind"] == "options->path")
    {
        let mut options = vec![(3u16, b"h".to_vec())];
        for o in r["options"].as_array().unwrap() {
            options.push((o[0].as_u64().unwrap() as u16, value_of(&o[1])));
        }
        lists.push((options, V4));
    }
    let addrs: Vec<Vec<u8>> = records("coap-options-derived.jsonl")
        .iter()
        .filter(|r| r["kind"] == "coap-options-to-cri")
        .map(|r| {
            match r["request_destination"]["ip"]
                .as_str()
                .unwrap()
                .parse::<std::net::IpAddr>()
                .unwrap()
            {
                std::net::IpAddr::V4(a) => a.octets().to_vec(),
                std::net::IpAddr::V6(a) => a.octets().to_vec(),
            }
        })
        .collect();
    let derived = records("coap-options-derived.jsonl");
    for (r, addr) in derived
        .iter()
        .filter(|r| r["kind"] == "coap-options-to-cri")
        .zip(&addrs)
    {
        let options = r["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| (o[0].as_u64().unwrap() as u16, value_of(&o[1])))
            .collect();
        let port = r["request_destination"]["port"].as_u64().map(|p| p as u16);
        let dest = Destination {
            addr,
            zone: None,
            port,
        };
        lists.push((options, dest));
        // The vector's own answer, through the bridge.
        let (options, dest) = lists.last().unwrap();
        let wire = {
            let mut w = vec![0u8; 1024];
            let n =
                coap::options_to_wire(options.iter().map(|(n, v)| (*n, &v[..])), &mut w).unwrap();
            w.truncate(n);
            w
        };
        let got = bridge_read(
            &Message::new_from_slice(1, &wire),
            None,
            r["scheme_number"].as_u64().unwrap(),
            dest,
        );
        assert_eq!(
            got,
            Ok(hex(r["result_cri_hex"].as_str().unwrap())),
            "{}",
            r["id"]
        );
    }
    let s = |v: &str| v.as_bytes().to_vec();
    let long = "x".repeat(256);
    for options in [
        vec![(11, s("a")), (11, s("."))],            // DotSegment
        vec![(11, s("..")), (15, s("q"))],           // DotSegment
        vec![(3, vec![0xff])],                       // NotUtf8
        vec![(11, vec![0xc3])],                      // NotUtf8
        vec![(15, vec![0xe2, 0x82])],                // NotUtf8
        vec![(3, s("::1"))],                         // BadUriHost
        vec![(3, s("[::1"))],                        // BadUriHost
        vec![(3, s("[v1.x]")), (11, s("a"))],        // IPvFuture
        vec![(3, s("a")), (3, s("b"))],              // Conflict
        vec![(7, vec![1]), (7, vec![2])],            // Conflict
        vec![(7, vec![1, 2, 3])],                    // OptionLength
        vec![(3, vec![])],                           // OptionLength
        vec![(11, s(&long))],                        // OptionLength
        vec![(3, s("h")), (35, s("coap://h/"))],     // Conflict
        vec![(35, s("coap://h/"))],                  // Proxy
        vec![(39, s("http"))],                       // Proxy
        vec![(235, vec![0x81, 0x20])],               // Proxy
        vec![(239, vec![])],                         // Proxy
        vec![(11, s("b")), (3, s("h"))],             // Order
        vec![(15, s("q")), (11, s("p"))],            // Order
        vec![(7, vec![0x16, 0x33]), (11, s("a"))],   // port 5683: dropped
        vec![(7, vec![]), (11, s("a"))],             // port 0
        vec![(4, s("etag")), (11, s("a b/c?"))],     // ETag is not read
        vec![(11, s("")), (11, s("")), (15, s(""))], // empty segments and query
        vec![],
    ] {
        for dest in [
            V4,
            Destination {
                addr: &FE80_1,
                zone: Some(b"eth0"),
                port: Some(61616),
            },
            Destination::default(),
        ] {
            lists.push((options.clone(), dest));
        }
    }
    for (options, dest) in &lists {
        for scheme in ["coap", "coaps", "coap+tcp", "coaps+ws"] {
            read_back(options, scheme, dest, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(lists.len() > 80, "{} lists", lists.len());
}

/// A reader may give options in any order: only the target options' order counts (the
/// C API, given every option, refuses the list).
#[test]
fn other_options_out_of_order_are_not_read() {
    let s = |v: &str| v.as_bytes().to_vec();
    let listed = Listed(vec![
        (12, vec![]),
        (3, s("h")),
        (4, s("etag")),
        (11, s("a")),
        (1, s("if-match")),
        (15, s("q")),
    ]);
    assert_eq!(
        bridge_read(&listed, Some("coap"), 0, &V4),
        Ok(b"coap://h/a?q".to_vec())
    );
    let out_of_order = Listed(vec![(11, s("a")), (3, s("h"))]);
    assert_eq!(
        bridge_read(&out_of_order, Some("coap"), 0, &V4),
        Err(refused(Error::Coap(CoapError::Order)))
    );
}

/// From a new user's trial: option bytes that coap-message-implementations cannot parse
/// come out of its iterator as option 65535 (critical, unsafe), and the target read
/// around them was returned as if whole (`\xB3ab`: a Uri-Path of 3 bytes with 2 present
/// read as `coap://192.0.2.1/`). The C server path refuses the same bytes with `Wire`;
/// so does the bridge now, for the URI and the CRI alike.
#[test]
fn unparsable_option_bytes_make_no_target() {
    for wire in [&b"\xB1a\xD0"[..], b"\xB3ab", b"\xB1a\xF1x"] {
        let msg = Message::new_from_slice(1, wire);
        assert!(msg.options().any(|o| o.number() == u16::MAX), "{wire:?}");
        let (mut scratch, mut out) = ([0u8; 64], [0u8; 64]);
        let uri = message::read_uri(&msg, "coap", &V4, &mut scratch, &mut out);
        assert_eq!(uri, Err(Error::Coap(CoapError::Wire)), "{wire:?}");
        let cri = message::read_cri(&msg, 0, &V4, &mut scratch, &mut out);
        assert_eq!(cri, Err(Error::Coap(CoapError::Wire)), "{wire:?}");
        let mut opts = [OptionRef::default(); 8];
        let c = coap::options_from_wire(wire, &mut opts);
        assert_eq!(c.map(|_| ()), Err(Error::Coap(CoapError::Wire)), "{wire:?}");
    }
}

/// A message with less room than the options take refuses them all, before writing:
/// `Error::Buffer` with the bytes needed, and the message stays empty.
#[test]
fn a_full_message_gets_no_option() {
    let uri = UriRef::parse("coap://example.com/a/b?c=d").unwrap();
    let (mut opts, mut scratch) = ([OptionRef::default(); 8], [0u8; 64]);
    let target = Target::from_uri(&uri, None, Mode::Direct, &mut opts, &mut scratch).unwrap();
    let mut wire = [0u8; 64];
    let needed = coap::options_to_wire(target.iter(), &mut wire).unwrap();
    assert_eq!(needed, 12 + 2 + 2 + 4);
    for room in 0..=needed + 1 {
        let (mut code, mut buf) = (1u8, vec![0u8; room]);
        let mut msg = MessageMut::new_in_slice(&mut code, &mut buf);
        let r = target.write(&mut msg);
        let (len, _) = msg.finish();
        if room < needed {
            assert!(
                matches!(r, Err(WriteError::Target(Error::Buffer { needed: n })) if n == needed),
                "{room}: {r:?}"
            );
            assert_eq!(len, 0, "{room}");
        } else {
            assert!(r.is_ok(), "{room}: {r:?}");
            assert_eq!(buf[..len], wire[..needed]);
        }
    }
}

/// A value over RFC 7252 §5.10's length is `OptionLength`, on either side, and the
/// message gets nothing.
#[test]
fn option_length_is_refused_whole() {
    let long = "a".repeat(256);
    let proxy = format!("http://h/{}", "p".repeat(1030));
    for (text, mode) in [
        (format!("coap://h/ok/{long}"), Mode::Direct),
        (format!("coap://h/?{long}"), Mode::Auto),
        (format!("coap://{long}/"), Mode::Direct),
        (format!("http://h/{long}"), Mode::ProxyScheme),
        (proxy, Mode::Proxy),
    ] {
        let uri = UriRef::parse(&text).unwrap();
        let (mut code, mut buf) = (1u8, [0u8; 2048]);
        let mut msg = MessageMut::new_in_slice(&mut code, &mut buf);
        let (mut opts, mut scratch) = ([OptionRef::default(); 8], [0u8; 2048]);
        let r = message::write_uri(&mut msg, &uri, None, mode, &mut opts, &mut scratch);
        assert!(
            matches!(
                r,
                Err(WriteError::Target(Error::Coap(CoapError::OptionLength)))
            ),
            "{text}: {r:?}"
        );
        assert_eq!(msg.finish().0, 0);
    }
    let request = Listed(vec![(3, b"h".to_vec()), (11, long.into_bytes())]);
    assert_eq!(
        bridge_read(&request, Some("coap"), 0, &V4),
        Err(refused(Error::Coap(CoapError::OptionLength)))
    );
}

/// Buffers too small for the list: the exact room, and nothing written.
#[test]
fn too_small_buffers_give_the_room_needed() {
    let uri = UriRef::parse("coap://example.com/a/b?c=d").unwrap();
    let space = OptionSpace {
        options: 4,
        scratch: 11 + 1 + 1 + 3,
    };
    for (o, s) in [(3, 64), (8, 15), (0, 0)] {
        let (mut code, mut buf) = (1u8, [0u8; 64]);
        let mut msg = MessageMut::new_in_slice(&mut code, &mut buf);
        let (mut opts, mut scratch) = (vec![OptionRef::default(); o], vec![0u8; s]);
        let r = message::write_uri(&mut msg, &uri, None, Mode::Direct, &mut opts, &mut scratch);
        assert!(
            matches!(r, Err(WriteError::Target(Error::OptionSpace(x))) if x == space),
            "{r:?}"
        );
        assert_eq!(msg.finish().0, 0);
    }
    // Reading: the values of the target options (not the ETag's) must fit `scratch`.
    let request = Listed(vec![
        (3, b"example.com".to_vec()),
        (4, b"etag-etag".to_vec()),
        (11, b"a".to_vec()),
        (15, b"c=d".to_vec()),
    ]);
    let mut out = [0u8; 64];
    for room in 0..15 {
        let mut scratch = vec![0u8; room];
        assert_eq!(
            message::read_uri(&request, "coap", &V4, &mut scratch, &mut out),
            Err(Error::OptionSpace(OptionSpace {
                options: 3,
                scratch: 15
            }))
        );
    }
    let mut scratch = [0u8; 15];
    assert_eq!(
        message::read_uri(&request, "coap", &V4, &mut scratch, &mut out),
        Ok("coap://example.com/a?c=d")
    );
    let mut short = [0u8; 23];
    assert_eq!(
        message::read_uri(&request, "coap", &V4, &mut scratch, &mut short),
        Err(Error::Buffer { needed: 24 })
    );
}

/// The error of [`Minimal`]: a full message, or an option number it has no name for.
#[derive(Debug, PartialEq, Eq)]
enum MinimalError {
    Full,
    Number(u16),
}

impl From<Infallible> for MinimalError {
    fn from(never: Infallible) -> Self {
        match never {}
    }
}

impl RenderableOnMinimal for MinimalError {
    type Error<IE: RenderableOnMinimal + std::fmt::Debug> = IE;
    fn render<M: MinimalWritableMessage>(self, msg: &mut M) -> Result<(), M::UnionError> {
        msg.set_code(M::Code::new(0xa0).map_err(M::convert_code_error)?);
        Ok(())
    }
}

/// Option numbers up to 60 (Size1), as a stack that knows only RFC 7252's options.
#[derive(Clone, Copy, Debug)]
struct Known(u16);

impl From<Known> for u16 {
    fn from(k: Known) -> u16 {
        k.0
    }
}

impl TryFrom<u16> for Known {
    type Error = MinimalError;
    fn try_from(n: u16) -> Result<Self, MinimalError> {
        if n <= 60 {
            Ok(Known(n))
        } else {
            Err(MinimalError::Number(n))
        }
    }
}

impl coap_message::OptionNumber for Known {
    type Error = MinimalError;
    fn new(n: u16) -> Result<Self, MinimalError> {
        Known::try_from(n)
    }
}

/// A `MinimalWritableMessage` alone (no `MutableWritableMessage`, so no room to ask),
/// which takes `room` options.
struct Minimal {
    options: Vec<(u16, Vec<u8>)>,
    room: usize,
}

impl MinimalWritableMessage for Minimal {
    type Code = u8;
    type OptionNumber = Known;
    type AddOptionError = MinimalError;
    type SetPayloadError = MinimalError;
    type UnionError = MinimalError;
    fn set_code(&mut self, _: u8) {}
    fn add_option(&mut self, number: Known, value: &[u8]) -> Result<(), MinimalError> {
        if self.options.len() == self.room {
            return Err(MinimalError::Full);
        }
        self.options.push((number.0, value.to_vec()));
        Ok(())
    }
    fn set_payload(&mut self, _: &[u8]) -> Result<(), MinimalError> {
        Ok(())
    }
}

/// A message that refuses an option keeps the options before it, each whole; an option
/// number the message cannot name is refused before any option is added.
#[test]
fn a_minimal_message_keeps_whole_options() {
    let uri = UriRef::parse("coap://h/a/b/c").unwrap();
    let (mut opts, mut scratch) = ([OptionRef::default(); 8], [0u8; 64]);
    let target = Target::from_uri(&uri, None, Mode::Direct, &mut opts, &mut scratch).unwrap();
    let all: Vec<(u16, Vec<u8>)> = target.iter().map(|(n, v)| (n, v.to_vec())).collect();
    for room in 0..=all.len() {
        let mut msg = Minimal {
            options: Vec::new(),
            room,
        };
        let r = target.write(&mut msg);
        assert_eq!(r.is_ok(), room == all.len(), "{room}: {r:?}");
        if room < all.len() {
            assert_eq!(r, Err(WriteError::Message(MinimalError::Full)));
        }
        assert_eq!(msg.options, all[..room]);
    }
    // Proxy-Cri (235) and Proxy-Scheme-Number (239) are over 60.
    let cbor = hex("8320816168816161"); // [-1, ["h"], ["a"]]
    for mode in [Mode::Proxy, Mode::ProxyScheme] {
        let mut msg = Minimal {
            options: Vec::new(),
            room: 8,
        };
        let (mut opts, mut scratch) = ([OptionRef::default(); 8], [0u8; 64]);
        let r = message::write_cri(&mut msg, &cbor, None, mode, &mut opts, &mut scratch);
        assert!(
            matches!(r, Err(WriteError::Message(MinimalError::Number(235 | 239)))),
            "{mode:?}: {r:?}"
        );
        assert!(msg.options.is_empty());
    }
}

/// Other options between the target's: `write_range` around an Observe (6) and an
/// Accept (17) gives the C list with them merged in, as the message serializes it.
#[test]
fn other_options_go_between_the_targets() {
    const OBSERVE: u16 = 6;
    const ACCEPT: u16 = 17;
    let text = "coap://example.com:61616/sensors/temp?unit=C";
    let uri = UriRef::parse(text).unwrap();
    let (mut opts, mut scratch) = ([OptionRef::default(); 8], [0u8; 64]);
    let target = Target::from_uri(&uri, Some(&V4), Mode::Direct, &mut opts, &mut scratch).unwrap();
    let (mut code, mut buf) = (1u8, [0u8; 128]);
    let mut msg = MessageMut::new_in_slice(&mut code, &mut buf);
    target.write_range(&mut msg, ..OBSERVE).unwrap();
    msg.add_option(OBSERVE, &[]).unwrap();
    target.write_range(&mut msg, OBSERVE..ACCEPT).unwrap();
    msg.add_option(ACCEPT, &[60]).unwrap();
    target.write_range(&mut msg, ACCEPT..).unwrap();
    let (len, _) = msg.finish();

    let mut merged: Vec<(u16, Vec<u8>)> = target.iter().map(|(n, v)| (n, v.to_vec())).collect();
    merged.extend([(OBSERVE, vec![]), (ACCEPT, vec![60])]);
    merged.sort_by_key(|(n, _)| *n);
    let mut want = [0u8; 128];
    let n = coap::options_to_wire(merged.iter().map(|(n, v)| (*n, &v[..])), &mut want).unwrap();
    assert_eq!(buf[..len], want[..n]);
    // The target alone is the C API's list: Uri-Host, Uri-Port, 2 Uri-Path, Uri-Query.
    let alone = coap::options_to_wire(target.iter(), &mut want).unwrap();
    assert_eq!(target.len(), 5);
    assert_eq!(
        c_outcome(Input::Uri(text), Some(&V4), Mode::Direct),
        Ok(want[..alone].to_vec())
    );
}

/// Errors render as CoAP responses (coap-message's `RenderableOnMinimal`): libcri's as
/// A request with Proxy-Uri, Proxy-Scheme, Proxy-Cri or Proxy-Scheme-Number to a server
/// that composes its own target (so is no forward-proxy) is answered 5.05 Proxying Not
/// Supported (RFC 7252 §5.10.2, draft §8.2), not 4.02: the options are well-formed.
#[test]
fn proxy_options_to_a_server_render_5_05() {
    let s = |v: &str| v.as_bytes().to_vec();
    for options in [
        vec![(35, s("coap://h/"))],
        vec![(11, s("a")), (39, s("http"))],
        vec![(235, vec![0x81, 0x20])],
        vec![(3, s("h")), (239, vec![])],
    ] {
        for scheme in [Some("coap"), None] {
            let listed = Listed(options.clone());
            let proxy = refusal(cri_status::CRI_ERR_COAP, CoapError::Proxy as i32);
            assert_eq!(
                bridge_read(&listed, scheme, 0, &V4),
                Err(proxy),
                "{options:?}"
            );
        }
    }
    let mut response = HeapMessage::new();
    Error::Coap(CoapError::Proxy).render(&mut response).unwrap();
    assert_eq!(response.code(), 0xa5);
    assert_eq!(
        response.payload(),
        CoapError::Proxy.description().as_bytes()
    );
}

/// 4.02 Bad Option with the reason as diagnostic payload (options that make no target),
/// 5.00 for the server's own buffers, 4.00 for a malformed URI or CRI; the message's own
/// error as it renders itself.
#[test]
fn errors_render_as_responses() {
    let render = |e: Error| {
        let mut response = HeapMessage::new();
        e.render(&mut response).unwrap();
        (response.code(), response.payload().to_vec())
    };
    assert_eq!(
        render(Error::Coap(CoapError::DotSegment)),
        (0x82, b"a Uri-Path is \".\" or \"..\"".to_vec())
    );
    assert_eq!(render(Error::Buffer { needed: 300 }), (0xa0, vec![]));
    assert_eq!(
        render(Error::OptionSpace(OptionSpace::default())),
        (0xa0, vec![])
    );
    assert_eq!(render(Error::Syntax { offset: 3 }).0, 0x80);
    assert_eq!(render(Error::Coap(CoapError::NotCoapScheme)).0, 0xa0);

    let (mut code, mut buf) = (0u8, [0u8; 64]);
    let mut response = MessageMut::new_in_slice(&mut code, &mut buf);
    let e: WriteError<inmemory::WriteError> = WriteError::Message(inmemory::WriteError::OutOfSpace);
    e.render(&mut response).unwrap();
    assert_eq!(code, 0xa0);
    let mut response = HeapMessage::new();
    WriteError::<Infallible>::Target(Error::Coap(CoapError::NotUtf8))
        .render(&mut response)
        .unwrap();
    assert_eq!(response.code(), 0x82);
    assert_eq!(
        format!(
            "{}",
            WriteError::<Infallible>::Target(Error::Coap(CoapError::Fragment))
        ),
        "CoAP: a fragment is never sent in a CoAP request"
    );
}
