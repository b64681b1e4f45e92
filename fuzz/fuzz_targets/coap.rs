//! coap: option lists, the option wire format, URI/CRI → options → URI/CRI, and the C
//! `cri_coap_options_from_wire` / `cri_coap_options_to_wire`. The first byte picks the
//! mode (low 2 bits), the scheme (bits 2-4) and the destination (bits 5-6):
//!
//! - 0, wire bytes: options_from_wire succeeds ⇒ it stopped at the end or at a 0xFF
//!   payload marker, and options_to_wire of the options gives the same bytes back (the
//!   encoding is unique); the C decoder agrees;
//! - 1, an option list (records `number-selector, length, value`): options ⇒ wire ⇒
//!   options is the identity; uri_from_options gives a valid URI u, u ⇒ options ⇒ URI is
//!   equivalent to u and a fixpoint after one round; cri_from_options gives a valid full
//!   CRI whose URI is equivalent to u;
//! - 2, a URI: uri_to_options(u) ⇒ uri_from_options is equivalent to u, or gives the same
//!   options again (decoding `%3B` to `;` changes the URI but not the options); the CRI
//!   path (from_uri then cri_to_options) gives the same options as the URI path unless it
//!   needs PET; the proxy modes never fail on a valid URI except for lengths;
//! - 3, a CRI: cri_to_options ⇒ cri_from_options ⇒ cri_to_options gives the same options;
//!   the options equal those of its URI.
#![no_main]

#[path = "common.rs"]
mod common;

use common::{utf8, write_all};
use cri::coap::{self, CoapError, Destination, Mode, OptionRef};
use cri::cri::{self as c, CriRef, Scheme, ToUriOptions};
use cri::uri::{self, HostKind, UriRef};
use cri::Error;
use libfuzzer_sys::fuzz_target;

type Opts = Vec<(u16, Vec<u8>)>;

const SCHEMES: [(&str, u64); 6] = [
    ("coap", 0),
    ("coaps", 1),
    ("coap+tcp", 6),
    ("coaps+tcp", 7),
    ("coap+ws", 24),
    ("coaps+ws", 25),
];
const NUMBERS: [u16; 16] = [
    3, 7, 11, 11, 11, 15, 15, 15, 1, 4, 12, 17, 60, 258, 2049, 65000,
];
const V4: [u8; 4] = [192, 0, 2, 1];
const V6: [u8; 16] = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
const LL: [u8; 16] = [0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];

fn dest(sel: u8) -> Destination<'static> {
    match sel & 3 {
        0 => Destination {
            addr: &[],
            zone: None,
            port: Some(5683),
        },
        1 => Destination {
            addr: &V4,
            zone: None,
            port: Some(5683),
        },
        2 => Destination {
            addr: &V6,
            zone: None,
            port: Some(61616),
        },
        _ => Destination {
            addr: &LL,
            zone: Some(b"eth0"),
            port: Some(5684),
        },
    }
}

/// Runs an option-list producer through its room contract and returns the options.
fn collect(
    f: impl Fn(&mut [OptionRef], &mut [u8]) -> Result<coap::OptionSpace, Error>,
) -> Result<Opts, Error> {
    let space = match f(&mut [], &mut []) {
        Ok(s) => s,
        Err(Error::OptionSpace(s)) => s,
        Err(e) => return Err(e),
    };
    let mut opts = vec![OptionRef::default(); space.options];
    let mut scratch = vec![0u8; space.scratch];
    let got =
        f(&mut opts, &mut scratch).unwrap_or_else(|e| panic!("with the room asked for: {e:?}"));
    assert_eq!(got, space, "room used differs from room asked for");
    if space.options > 0 {
        let mut fewer = vec![OptionRef::default(); space.options - 1];
        assert_eq!(f(&mut fewer, &mut scratch), Err(Error::OptionSpace(space)));
    }
    if space.scratch > 0 {
        let mut less = vec![0u8; space.scratch - 1];
        assert_eq!(f(&mut opts, &mut less), Err(Error::OptionSpace(space)));
    }
    Ok(opts
        .iter()
        .map(|o| (o.number, scratch[o.offset..o.offset + o.len].to_vec()))
        .collect())
}

fn iter(o: &Opts) -> impl Iterator<Item = (u16, &[u8])> + Clone {
    o.iter().map(|(n, v)| (*n, v.as_slice()))
}

fn wire_round_trip(list: &Opts) {
    let wire = write_all(|o| coap::options_to_wire(iter(list), o)).expect("options_to_wire");
    let back = from_wire(&wire).expect("options_from_wire of options_to_wire");
    assert_eq!(back.1, wire.len(), "consumed");
    assert_eq!(&back.0, list, "options -> wire -> options");
}

fn from_wire(wire: &[u8]) -> Result<(Opts, usize), Error> {
    let n = match coap::options_from_wire(wire, &mut []) {
        Ok((n, _)) => n,
        Err(Error::OptionSpace(s)) => s.options,
        Err(e) => return Err(e),
    };
    let mut opts = vec![OptionRef::default(); n];
    let (count, consumed) = coap::options_from_wire(wire, &mut opts).expect("with room");
    assert_eq!(count, n);
    Ok((
        opts.iter()
            .map(|o| (o.number, wire[o.offset..o.offset + o.len].to_vec()))
            .collect(),
        consumed,
    ))
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let (scheme, number) = SCHEMES[usize::from(sel >> 2 & 7) % SCHEMES.len()];
    let d = dest(sel >> 5);
    match sel & 3 {
        0 => wire_mode(rest),
        1 => list_mode(rest, scheme, number, &d),
        2 => {
            if let Ok(u) = UriRef::parse_bytes(rest) {
                uri_mode(&u);
            }
        }
        _ => cri_mode(rest),
    }
});

fn wire_mode(wire: &[u8]) {
    let r = from_wire(wire);
    ffi_from_wire(wire, &r);
    let Ok((list, consumed)) = r else {
        return;
    };
    // A payload marker ends the options only with a payload after it (RFC 7252 §3).
    assert!(
        consumed == wire.len() || (wire[consumed] == 0xff && consumed + 1 < wire.len()),
        "stopped early, or accepted a marker without payload"
    );
    let again = write_all(|o| coap::options_to_wire(iter(&list), o)).expect("to_wire");
    assert_eq!(again, &wire[..consumed], "wire -> options -> wire");
    let _ = coap::check_options(list.iter().map(|(n, v)| (*n, v.len())));
}

fn list_mode(mut rest: &[u8], scheme: &str, number: u64, d: &Destination<'_>) {
    let mut list: Opts = Vec::new();
    while let [s, len, tail @ ..] = rest {
        let n = usize::from(*len).min(tail.len());
        list.push((NUMBERS[usize::from(s & 15)], tail[..n].to_vec()));
        rest = &tail[n..];
    }
    list.sort_by_key(|(n, _)| *n);
    wire_round_trip(&list);
    let cri_r = write_all(|o| coap::cri_from_options(number, d, iter(&list), o));
    let u = match write_all(|o| coap::uri_from_options(scheme.as_bytes(), d, iter(&list), o)) {
        Ok(u) => u,
        // The two composers check the same things (UTF-8 strings, destination zones,
        // lengths): when one refuses the options, so does the other, for the same
        // reason.
        Err(e) => {
            assert_eq!(
                cri_r.err(),
                Some(e),
                "uri_from_options {e:?}, cri_from_options"
            );
            return;
        }
    };
    let text = utf8(&u);
    let uu = UriRef::parse(text).unwrap_or_else(|e| panic!("uri_from_options gave {text:?}: {e}"));
    let o2 = collect(|o, s| coap::uri_to_options(&uu, Some(d), Mode::Direct, o, s))
        .unwrap_or_else(|e| panic!("{text:?}: uri_to_options {e:?}"));
    let u2 = write_all(|o| coap::uri_from_options(scheme.as_bytes(), d, iter(&o2), o)).unwrap();
    let t2 = utf8(&u2);
    assert!(
        uri::equivalent(&uu, &UriRef::parse(t2).unwrap()),
        "options -> {text:?} -> {o2:?} -> {t2:?}"
    );
    let o3 = collect(|o, s| {
        coap::uri_to_options(&UriRef::parse(t2).unwrap(), Some(d), Mode::Direct, o, s)
    })
    .unwrap();
    assert_eq!(o3, o2, "{t2:?}: options are not a fixpoint");
    match cri_r {
        Ok(cbor) => {
            let cr = CriRef::decode_full(&cbor).unwrap_or_else(|e| {
                panic!("cri_from_options gave {cbor:02x?} for {text:?}: {e:?}")
            });
            let cu = write_all(|o| {
                c::to_uri(
                    &cr,
                    ToUriOptions {
                        zone_id: true,
                        ..Default::default()
                    },
                    o,
                )
            })
            .unwrap_or_else(|e| panic!("{cbor:02x?}: to_uri {e:?}"));
            let cu = utf8(&cu);
            assert!(
                uri::equivalent(&uu, &UriRef::parse(cu).unwrap()),
                "options give URI {text:?} but CRI {cbor:02x?} = {cu:?}"
            );
        }
        // A CRI host has no IPvFuture form (draft §5.1).
        Err(Error::Coap(CoapError::BadUriHost)) if uu.host_kind() == Some(HostKind::IpvFuture) => {}
        Err(e) => panic!("uri_from_options gave {text:?}, cri_from_options {e:?}"),
    }
}

fn utf8_lossless(b: &[u8]) -> &str {
    std::str::from_utf8(b).unwrap_or("")
}

/// The destination a URI names itself: its IP address (if any) and port.
fn own_destination<'a>(
    u: &UriRef<'_>,
    addr: &'a mut Vec<u8>,
    zone: &'a mut Vec<u8>,
) -> Destination<'a> {
    let host = u.host().unwrap_or("");
    match u.host_kind() {
        Some(HostKind::Ipv4) => addr.extend(host.parse::<std::net::Ipv4Addr>().unwrap().octets()),
        Some(HostKind::Ipv6) => {
            let inner = &host[1..host.len() - 1];
            let text = inner.split('%').next().unwrap();
            addr.extend(text.parse::<std::net::Ipv6Addr>().unwrap().octets());
        }
        // A reg-name that is an IPv4address once percent-decoded (`198.5%35.198.51`) is
        // that address (RFC 3986 §3.2.2 after §6.2.2.2 normalization).
        Some(HostKind::RegName) => {
            let d =
                write_all(|o| uri::percent_decode(host.as_bytes(), Default::default(), o)).unwrap();
            if let Ok(a) = utf8_lossless(&d).parse::<std::net::Ipv4Addr>() {
                if utf8_lossless(&d)
                    .split('.')
                    .all(|p| p == "0" || !p.starts_with('0'))
                {
                    addr.extend(a.octets());
                }
            }
        }
        _ => {}
    }
    let has_zone = u.zone_id().is_some();
    if let Some(z) = u.zone_id() {
        *zone = write_all(|o| uri::percent_decode(z.as_bytes(), Default::default(), o)).unwrap();
    }
    let port = u
        .port_number()
        .or_else(|| uri::default_port(u.scheme().unwrap().as_bytes()));
    Destination {
        addr: addr.as_slice(),
        zone: has_zone.then_some(zone.as_slice()),
        port,
    }
}

fn uri_mode(u: &UriRef<'_>) {
    for mode in [Mode::Proxy, Mode::ProxyScheme, Mode::Auto] {
        match collect(|o, s| coap::uri_to_options(u, None, mode, o, s)) {
            Ok(_) | Err(Error::Coap(_)) => {}
            Err(e) => panic!("mode {mode:?}: {e:?}"),
        }
    }
    let Ok(opts) = collect(|o, s| coap::uri_to_options(u, None, Mode::Direct, o, s)) else {
        return;
    };
    let scheme = u.scheme().unwrap();
    let text = format!("{}", UriText(u));
    let (mut addr, mut zone) = (Vec::new(), Vec::new());
    let d = own_destination(u, &mut addr, &mut zone);
    let back = match write_all(|o| coap::uri_from_options(scheme.as_bytes(), &d, iter(&opts), o)) {
        // A zone id that is not UTF-8 once decoded is no destination zone (RFC 6874 §2,
        // draft §5.1 text); the options themselves never carry it.
        Err(Error::Coap(CoapError::BadValue))
            if d.zone.is_some_and(|z| std::str::from_utf8(z).is_err()) =>
        {
            return
        }
        r => r.unwrap_or_else(|e| panic!("{text:?} -> {opts:?}: uri_from_options {e:?}")),
    };
    let back = utf8(&back);
    let bu = UriRef::parse(back).unwrap_or_else(|e| panic!("{text:?} -> {back:?}: {e}"));
    if !uri::equivalent(u, &bu) {
        let again = collect(|o, s| coap::uri_to_options(&bu, None, Mode::Direct, o, s))
            .unwrap_or_else(|e| panic!("{text:?} -> {back:?}: {e:?}"));
        assert_eq!(
            again, opts,
            "{text:?} -> options -> {back:?}: neither equivalent nor the same options"
        );
    }
    // The CRI path gives the same options.
    let Ok(cbor) = write_all(|o| c::from_uri(u, o)) else {
        return;
    };
    let cr = CriRef::decode_full(&cbor).unwrap();
    match collect(|o, s| coap::cri_to_options(&cr, &cbor, None, Mode::Direct, o, s)) {
        Ok(co) => assert_eq!(co, opts, "{text:?}: CRI {cbor:02x?} gives other options"),
        Err(Error::Coap(CoapError::Pet)) => {}
        Err(e) => panic!("{text:?}: CRI {cbor:02x?}: cri_to_options {e:?}"),
    }
}

struct UriText<'a, 'b>(&'a UriRef<'b>);
impl std::fmt::Display for UriText<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = write_all(|o| uri::recompose(self.0, o)).unwrap();
        f.write_str(utf8(&v))
    }
}

fn cri_mode(data: &[u8]) {
    let Ok(cr) = CriRef::decode(data) else {
        return;
    };
    for mode in [Mode::Proxy, Mode::ProxyScheme, Mode::Auto] {
        let _ = collect(|o, s| coap::cri_to_options(&cr, data, None, mode, o, s));
    }
    let Ok(opts) = collect(|o, s| coap::cri_to_options(&cr, data, None, Mode::Direct, o, s)) else {
        return;
    };
    let Some(Scheme::Number(number)) = cr.scheme() else {
        panic!("Direct mode accepted a CRI without a CoAP scheme number");
    };
    // The URI of the CRI gives the same options.
    let Ok(uri) = write_all(|o| {
        c::to_uri(
            &cr,
            ToUriOptions {
                zone_id: true,
                ..Default::default()
            },
            o,
        )
    }) else {
        return;
    };
    let text = utf8(&uri);
    let u = UriRef::parse(text).unwrap();
    let uo = collect(|o, s| coap::uri_to_options(&u, None, Mode::Direct, o, s))
        .unwrap_or_else(|e| panic!("CRI gives options, its URI {text:?}: {e:?}"));
    assert_eq!(uo, opts, "CRI and its URI {text:?} give other options");
    let (mut addr, mut zone) = (Vec::new(), Vec::new());
    let d = own_destination(&u, &mut addr, &mut zone);
    let cbor = write_all(|o| coap::cri_from_options(number, &d, iter(&opts), o))
        .unwrap_or_else(|e| panic!("{text:?}: cri_from_options {e:?}"));
    let c2 = CriRef::decode_full(&cbor).unwrap_or_else(|e| panic!("{cbor:02x?}: {e:?}"));
    let again = collect(|o, s| coap::cri_to_options(&c2, &cbor, None, Mode::Direct, o, s))
        .unwrap_or_else(|e| panic!("{text:?}: {cbor:02x?}: {e:?}"));
    assert_eq!(
        again, opts,
        "CRI {text:?} -> options -> CRI {cbor:02x?} -> other options"
    );
}

fn ffi_from_wire(wire: &[u8], want: &Result<(Opts, usize), Error>) {
    use cri::ffi::{cri_coap_option, cri_error_info};
    let (mut n, mut consumed) = (usize::MAX, usize::MAX);
    let mut err = cri_error_info::default();
    let cap = want.as_ref().map_or(0, |(l, _)| l.len());
    let mut opts = vec![
        cri_coap_option {
            number: 0,
            value: std::ptr::null(),
            len: 0
        };
        cap + 1
    ];
    // SAFETY: wire readable; opts has cap + 1 writable entries.
    let st = unsafe {
        cri::ffi::cri_coap_options_from_wire(
            wire.as_ptr(),
            wire.len(),
            opts.as_mut_ptr(),
            cap,
            &mut n,
            &mut consumed,
            &mut err,
        )
    };
    match want {
        Ok((list, used)) => {
            assert_eq!((st as i32, n, consumed), (0, list.len(), *used));
            for (o, (num, v)) in opts.iter().zip(list) {
                assert_eq!(o.number, *num);
                // SAFETY: the value points into wire.
                assert_eq!(
                    unsafe { std::slice::from_raw_parts(o.value, o.len) },
                    v.as_slice()
                );
            }
            assert!(opts[cap].value.is_null(), "wrote past cap");
        }
        Err(_) => assert_eq!(st as i32, -12),
    }
}
