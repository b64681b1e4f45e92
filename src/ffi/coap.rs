//! C functions of the CoAP layer (RFC 7252 §6.4, §6.5, §3.1; draft-ietf-core-href-27 §8).

use super::cri::{clear, cri_error_info, fail};
use super::{buffer_out, cri_status, input, overlaps};
use crate::coap::{self, Destination, Mode, OptionRef};
use crate::cri::CriRef;
use crate::uri::{parse_into, UriRef};
use crate::Error;
use core::ffi::c_char;

/// Uri-Host (RFC 7252 §5.10.1).
pub const CRI_COAP_OPTION_URI_HOST: u16 = 3;
/// Uri-Port.
pub const CRI_COAP_OPTION_URI_PORT: u16 = 7;
/// Uri-Path.
pub const CRI_COAP_OPTION_URI_PATH: u16 = 11;
/// Uri-Query.
pub const CRI_COAP_OPTION_URI_QUERY: u16 = 15;
/// Proxy-Uri (RFC 7252 §5.10.2).
pub const CRI_COAP_OPTION_PROXY_URI: u16 = 35;
/// Proxy-Scheme.
pub const CRI_COAP_OPTION_PROXY_SCHEME: u16 = 39;
/// Proxy-Cri (draft-ietf-core-href-27 §8.2.1).
pub const CRI_COAP_OPTION_PROXY_CRI: u16 = 235;
/// Proxy-Scheme-Number (draft §8.2.2).
pub const CRI_COAP_OPTION_PROXY_SCHEME_NUMBER: u16 = 239;

/// Mode: Uri-Host, Uri-Port, Uri-Path, Uri-Query; a CoAP scheme is required.
pub const CRI_COAP_MODE_DIRECT: i32 = 0;
/// Mode: to a forward-proxy, the whole URI in Proxy-Uri or the whole CRI in Proxy-Cri.
pub const CRI_COAP_MODE_PROXY: i32 = 1;
/// Mode: to a forward-proxy, Proxy-Scheme / Proxy-Scheme-Number with the Uri-* options.
pub const CRI_COAP_MODE_PROXY_SCHEME: i32 = 2;
/// Mode: direct for a CoAP scheme, else as `CRI_COAP_MODE_PROXY`.
pub const CRI_COAP_MODE_AUTO: i32 = 3;

/// CoAP error reason: the URI is not absolute, or the CRI not full.
pub const CRI_COAP_ERR_NOT_ABSOLUTE: i32 = 1;
/// CoAP error reason: not a CoAP scheme (coap, coaps, coap+tcp, coaps+tcp, coap+ws, coaps+ws).
pub const CRI_COAP_ERR_NOT_COAP_SCHEME: i32 = 2;
/// CoAP error reason: a fragment (never sent).
pub const CRI_COAP_ERR_FRAGMENT: i32 = 3;
/// CoAP error reason: no host, or an empty one, in the target, the options or the
/// destination.
pub const CRI_COAP_ERR_NO_HOST: i32 = 4;
/// CoAP error reason: an option value longer or shorter than RFC 7252 allows.
pub const CRI_COAP_ERR_OPTION_LENGTH: i32 = 5;
/// CoAP error reason: a CRI text-pet-sequence where an option value is needed.
pub const CRI_COAP_ERR_PET: i32 = 6;
/// CoAP error reason: a Uri-Host that is no reg-name, IP-literal or IPv4address.
pub const CRI_COAP_ERR_BAD_URI_HOST: i32 = 7;
/// CoAP error reason: an option value that is not UTF-8 where a CRI needs text.
pub const CRI_COAP_ERR_NOT_UTF8: i32 = 8;
/// CoAP error reason: a Uri-Path of "." or "..".
pub const CRI_COAP_ERR_DOT_SEGMENT: i32 = 9;
/// CoAP error reason: option numbers out of ascending order.
pub const CRI_COAP_ERR_ORDER: i32 = 10;
/// CoAP error reason: malformed option bytes.
pub const CRI_COAP_ERR_WIRE: i32 = 11;
/// CoAP error reason: options that must not stand together, or repeated.
pub const CRI_COAP_ERR_CONFLICT: i32 = 12;
/// CoAP error reason: a bad destination: an address length not 4 or 16, or a zone that
/// is empty, not UTF-8, or on an IPv4 address (composers).
pub const CRI_COAP_ERR_BAD_VALUE: i32 = 13;
/// CoAP error reason: a userinfo (CoAP URIs have none, RFC 7252 §6.1).
pub const CRI_COAP_ERR_USERINFO: i32 = 14;

/// One CoAP option: its number and its value (`len` bytes at `value`, not NUL-terminated;
/// uint options such as Uri-Port in network byte order without leading zeros).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct cri_coap_option {
    /// Option number (RFC 7252 §5.10, e.g. `CRI_COAP_OPTION_URI_PATH`).
    pub number: u16,
    /// The value bytes.
    pub value: *const u8,
    /// The value length in bytes.
    pub len: usize,
}

/// A request's destination transport address (RFC 7252 §6.4): `addr` points to 4 (IPv4)
/// or 16 (IPv6) address bytes, or is NULL with `addr_len` 0 when unknown; `zone` an
/// optional zone (`zone_len` bytes, NULL for none); `port` the UDP port, or -1 for the
/// port the URI or CRI names.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct cri_coap_destination {
    /// Address bytes (4 or 16), or NULL.
    pub addr: *const u8,
    /// Length of `addr`: 0, 4 or 16.
    pub addr_len: usize,
    /// Zone (interface) name, or NULL.
    pub zone: *const c_char,
    /// Length of `zone`.
    pub zone_len: usize,
    /// UDP port 0..=65535, or -1.
    pub port: i32,
}

/// # Safety
/// `d` is NULL or readable, with readable `addr`/`zone` of their lengths.
unsafe fn destination<'a>(
    d: *const cri_coap_destination,
) -> Result<Option<Destination<'a>>, cri_status> {
    // SAFETY: forwarded from the caller.
    let Some(d) = (unsafe { d.as_ref() }) else {
        return Ok(None);
    };
    // SAFETY: forwarded from the caller.
    let addr = unsafe { input(d.addr.cast(), d.addr_len) }.ok_or(cri_status::CRI_ERR_NULL)?;
    // SAFETY: forwarded from the caller.
    let zone = if d.zone.is_null() {
        if d.zone_len != 0 {
            return Err(cri_status::CRI_ERR_NULL);
        }
        None
    } else {
        Some(unsafe { input(d.zone, d.zone_len) }.ok_or(cri_status::CRI_ERR_NULL)?)
    };
    let port = match d.port {
        -1 => None,
        p => Some(u16::try_from(p).map_err(|_| cri_status::CRI_ERR_ARGUMENT)?),
    };
    if !matches!(addr.len(), 0 | 4 | 16) {
        return Err(cri_status::CRI_ERR_ARGUMENT);
    }
    Ok(Some(Destination { addr, zone, port }))
}

fn mode(m: i32) -> Option<Mode> {
    match m {
        CRI_COAP_MODE_DIRECT => Some(Mode::Direct),
        CRI_COAP_MODE_PROXY => Some(Mode::Proxy),
        CRI_COAP_MODE_PROXY_SCHEME => Some(Mode::ProxyScheme),
        CRI_COAP_MODE_AUTO => Some(Mode::Auto),
        _ => None,
    }
}

/// The C caller's option array, filled with pointers into its value buffer.
struct CSlots {
    opts: *mut cri_coap_option,
    cap: usize,
    values: *const u8,
}

impl coap::OptionSlots for CSlots {
    fn capacity(&self) -> usize {
        self.cap
    }
    fn set(&mut self, i: usize, o: OptionRef) {
        if i < self.cap {
            // SAFETY: `i < cap` options are writable at `opts` (promised by the caller of the
            // C function); the value lies inside the caller's value buffer at `values`.
            unsafe {
                *self.opts.add(i) = cri_coap_option {
                    number: o.number,
                    value: self.values.wrapping_add(o.offset),
                    len: o.len,
                };
            }
        }
    }
}

/// The caller's option array and value buffer, filled by `f`.
///
/// # Safety
/// `opts` points to `opts_cap` writable options (or NULL with 0); `scratch` to
/// `scratch_cap` writable bytes (or NULL with 0); `opts_len`, `scratch_len` writable;
/// `err` NULL or writable.
#[allow(clippy::too_many_arguments)]
unsafe fn option_list(
    opts: *mut cri_coap_option,
    opts_cap: usize,
    opts_len: *mut usize,
    scratch: *mut u8,
    scratch_cap: usize,
    scratch_len: *mut usize,
    err: *mut cri_error_info,
    inputs: [&[u8]; 3],
    f: impl FnOnce(&mut dyn coap::OptionSlots, &mut [u8]) -> Result<coap::OptionSpace, Error>,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    let (Some(opts_len), Some(scratch_len)) = (unsafe { opts_len.as_mut() }, unsafe {
        scratch_len.as_mut()
    }) else {
        return cri_status::CRI_ERR_NULL;
    };
    if (opts.is_null() && opts_cap != 0) || (scratch.is_null() && scratch_cap != 0) {
        return cri_status::CRI_ERR_NULL;
    }
    let array_bytes = opts_cap.saturating_mul(size_of::<cri_coap_option>());
    let array = opts.cast::<u8>().cast_const();
    // The option array and the value buffer are outputs: neither may overlap an input, nor
    // each other.
    // SAFETY: `scratch` is NULL with capacity 0 or `scratch_cap` bytes the caller owns.
    let scratch_region = (!scratch.is_null())
        .then(|| unsafe { core::slice::from_raw_parts(scratch.cast_const(), scratch_cap) });
    if overlaps(array, array_bytes, inputs.into_iter().chain(scratch_region))
        || overlaps(scratch, scratch_cap, inputs)
    {
        return cri_status::CRI_ERR_ARGUMENT;
    }
    let buf: &mut [u8] = if scratch.is_null() {
        &mut []
    } else {
        // SAFETY: the caller promises `scratch_cap` writable bytes.
        unsafe { core::slice::from_raw_parts_mut(scratch, scratch_cap) }
    };
    let mut slots = CSlots {
        opts,
        cap: opts_cap,
        values: scratch,
    };
    match f(&mut slots, buf) {
        Ok(space) => {
            *opts_len = space.options;
            *scratch_len = space.scratch;
            cri_status::CRI_OK
        }
        Err(Error::OptionSpace(space)) => {
            *opts_len = space.options;
            *scratch_len = space.scratch;
            cri_status::CRI_ERR_BUFFER
        }
        // SAFETY: forwarded from the caller.
        Err(e) => unsafe { fail(e, err) },
    }
}

/// Turns the URI `(uri, len)` into CoAP options (RFC 7252 §6.4, docs/DESIGN.md Decision 4 and 6)
/// for a request to `*dest` (NULL: the address and port the URI names; the URI's zone id
/// is compared with `dest->zone` percent-decoded, RFC 6874 §2). `mode` is
/// `CRI_COAP_MODE_DIRECT`, `CRI_COAP_MODE_PROXY` (Proxy-Uri), `CRI_COAP_MODE_PROXY_SCHEME` (Proxy-Scheme
/// and Uri-*) or `CRI_COAP_MODE_AUTO`. The options go to `opts` (`opts_cap` entries) sorted by
/// number, their values (percent-decoded) to `scratch` (`scratch_cap` bytes): each
/// `opts[i].value` points into `scratch`. `*opts_len` and `*scratch_len` get the counts
/// used; with `opts = NULL, opts_cap = 0, scratch = NULL, scratch_cap = 0` it is a size query.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_ARGUMENT` (mode, destination);
/// `CRI_ERR_SYNTAX`/`CRI_ERR_PERCENT`/`CRI_ERR_PORT_RANGE` with `err->offset`;
/// `CRI_ERR_COAP` with `err->reason` a `CRI_COAP_ERR_*` and `err->offset` the byte of
/// the URI it is about (the `#` of a fragment, the userinfo, the host, the first segment
/// or query item that is not UTF-8 or too long; 0 for the scheme) (not absolute, not a CoAP scheme,
/// fragment, no host, userinfo, option length, `CRI_COAP_ERR_NOT_UTF8` for a host, a
/// segment sent or a query that is not UTF-8 once percent-decoded: RFC 7252 §3.2 makes
/// these string options UTF-8); `CRI_ERR_BUFFER` with the room needed in
/// `*opts_len` and `*scratch_len` (the arrays' contents are then unspecified).
///
/// # Safety
/// `uri` points to `len` readable bytes; `dest` is NULL or readable; `opts`/`scratch`
/// point to their capacities of writable memory (or are NULL with capacity 0);
/// `opts_len`, `scratch_len` are writable; `err` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn uri_to_coap_options(
    uri: *const c_char,
    len: usize,
    dest: *const cri_coap_destination,
    mode: i32,
    opts: *mut cri_coap_option,
    opts_cap: usize,
    opts_len: *mut usize,
    scratch: *mut u8,
    scratch_cap: usize,
    scratch_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let Some(s) = (unsafe { input(uri, len) }) else {
        return cri_status::CRI_ERR_NULL;
    };
    // SAFETY: forwarded from the caller.
    let d = match unsafe { destination(dest) } {
        Ok(d) => d,
        Err(status) => return status,
    };
    let Some(m) = self::mode(mode) else {
        return cri_status::CRI_ERR_ARGUMENT;
    };
    let mut u = UriRef::default();
    if let Err(e) = parse_into::<false>(s, &mut u) {
        // SAFETY: forwarded from the caller.
        return unsafe { fail(e, err) };
    }
    let mut coap_failure = None;
    // SAFETY: forwarded from the caller.
    let status = unsafe {
        option_list(
            opts,
            opts_cap,
            opts_len,
            scratch,
            scratch_cap,
            scratch_len,
            err,
            dest_inputs(s, d.as_ref()),
            |o, b| {
                coap::uri_to_slots(&u, d.as_ref(), m, o, b).inspect_err(|e| {
                    if let Error::Coap(why) = e {
                        coap_failure = Some(*why);
                    }
                })
            },
        )
    };
    // A CoAP error points at the part of the URI it is about (fragment, userinfo, host, a
    // segment or query item).
    // SAFETY: forwarded from the caller.
    if let (Some(why), Some(info)) = (coap_failure, unsafe { err.as_mut() }) {
        info.offset = coap::uri_error_offset(&u, why);
    }
    status
}

/// Turns the full CRI `(cri, len)` (CBOR) into CoAP options (draft §8.1.1) for a request
/// to `*dest` (NULL: the address and port the CRI names); `mode` as for
/// `uri_to_coap_options` (`CRI_COAP_MODE_PROXY` gives Proxy-Cri, `CRI_COAP_MODE_PROXY_SCHEME`
/// Proxy-Scheme-Number). Outputs as for `uri_to_coap_options`.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_ARGUMENT`; `CRI_ERR_UNPROCESSABLE` with
/// `err->reason`/`err->offset`; `CRI_ERR_COAP` (not a full CRI, not a CoAP scheme-id or a
/// scheme-name, fragment, a text-pet-sequence, no host, userinfo, option length); `CRI_ERR_BUFFER`.
///
/// # Safety
/// As for `uri_to_coap_options`.
#[no_mangle]
pub unsafe extern "C" fn cri_to_coap_options(
    cri: *const u8,
    len: usize,
    dest: *const cri_coap_destination,
    mode: i32,
    opts: *mut cri_coap_option,
    opts_cap: usize,
    opts_len: *mut usize,
    scratch: *mut u8,
    scratch_cap: usize,
    scratch_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let Some(bytes) = (unsafe { input(cri.cast(), len) }) else {
        return cri_status::CRI_ERR_NULL;
    };
    // SAFETY: forwarded from the caller.
    let d = match unsafe { destination(dest) } {
        Ok(d) => d,
        Err(status) => return status,
    };
    let Some(m) = self::mode(mode) else {
        return cri_status::CRI_ERR_ARGUMENT;
    };
    // Decoded in place (CriRef::ingest): no second copy of the view in this frame.
    let mut c = CriRef::EMPTY;
    if let Err(u) = c.ingest(bytes, false) {
        // SAFETY: forwarded from the caller.
        return unsafe { fail(u.into(), err) };
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        option_list(
            opts,
            opts_cap,
            opts_len,
            scratch,
            scratch_cap,
            scratch_len,
            err,
            dest_inputs(bytes, d.as_ref()),
            |o, b| coap::cri_to_slots(&c, bytes, d.as_ref(), m, o, b),
        )
    }
}

/// The caller's `(opts, n)` as (number, value) pairs.
///
/// # Safety
/// `opts` points to `n` readable options whose values are readable (or is NULL with 0).
unsafe fn option_pairs<'a>(
    opts: *const cri_coap_option,
    n: usize,
) -> Option<&'a [cri_coap_option]> {
    if opts.is_null() {
        return (n == 0).then_some(&[]);
    }
    // SAFETY: the caller promises `n` readable options.
    let list = unsafe { core::slice::from_raw_parts(opts, n) };
    list.iter()
        .all(|o| !o.value.is_null() || o.len == 0)
        .then_some(list)
}

fn pairs<'a>(list: &'a [cri_coap_option]) -> impl Iterator<Item = (u16, &'a [u8])> + Clone {
    list.iter().map(|o| {
        let value: &'a [u8] = if o.value.is_null() {
            &[]
        } else {
            // SAFETY: checked non-NULL by `option_pairs`; the caller promises `len` bytes.
            unsafe { core::slice::from_raw_parts(o.value, o.len) }
        };
        (o.number, value)
    })
}

/// What a URI or CRI → options call reads: the target and the destination's bytes.
fn dest_inputs<'a>(target: &'a [u8], d: Option<&Destination<'a>>) -> [&'a [u8]; 3] {
    [
        target,
        d.map_or(&[][..], |d| d.addr),
        d.and_then(|d| d.zone).unwrap_or(&[]),
    ]
}

/// What an option list call reads: the option array itself, each value, the destination
/// address and zone (none of which an output may overlap).
fn list_inputs<'a>(
    list: &'a [cri_coap_option],
    d: &Destination<'a>,
) -> impl Iterator<Item = &'a [u8]> + 'a {
    // SAFETY: `list` is a live slice; its bytes are readable for its size.
    let array =
        unsafe { core::slice::from_raw_parts(list.as_ptr().cast::<u8>(), size_of_val(list)) };
    pairs(list)
        .map(|(_, v)| v)
        .chain([array, d.addr, d.zone.unwrap_or(&[])])
}

/// Composes the URI of a request (RFC 7252 §6.5, RFC 8323 §8) from its CoAP scheme
/// `(scheme, scheme_len)` (coap, coaps, coap+tcp, coaps+tcp, coap+ws or coaps+ws, any
/// case), destination `*dest` (required: the address stands in for a missing Uri-Host,
/// the port for a missing Uri-Port; a zone is written `%25zone`, RFC 6874) and options
/// `(opts, n)` (ascending numbers; options other than Uri-* are skipped), into the text
/// buffer `(out, cap)`.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL` (also for a NULL `dest`); `CRI_ERR_ARGUMENT`;
/// `CRI_ERR_COAP` (`CRI_COAP_ERR_NOT_COAP_SCHEME` for another scheme, README Decision 11;
/// `BAD_URI_HOST` for a bare IPv6 Uri-Host; `NO_HOST`; `BAD_VALUE` for a destination zone
/// that is empty, not UTF-8 or on an IPv4 address; `NOT_UTF8` for a Uri-Host, Uri-Path or
/// Uri-Query that is not UTF-8, RFC 7252 §3.2; `OPTION_LENGTH`; `DOT_SEGMENT`; `CONFLICT`
/// for proxy options or repeated Uri-Host/Uri-Port; `ORDER`); `CRI_ERR_BUFFER` with the
/// length needed.
///
/// # Safety
/// `scheme` points to `scheme_len` readable bytes; `dest` is readable; `opts` points to
/// `n` readable options; `out`, `out_len`, `err` as for `uri_normalize`.
#[no_mangle]
pub unsafe extern "C" fn uri_from_coap_options(
    scheme: *const c_char,
    scheme_len: usize,
    dest: *const cri_coap_destination,
    opts: *const cri_coap_option,
    n: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let (Some(scheme), Some(list)) = (unsafe { input(scheme, scheme_len) }, unsafe {
        option_pairs(opts, n)
    }) else {
        return cri_status::CRI_ERR_NULL;
    };
    // SAFETY: forwarded from the caller.
    let d = match unsafe { destination(dest) } {
        Ok(Some(d)) => d,
        Ok(None) => return cri_status::CRI_ERR_NULL,
        Err(status) => return status,
    };
    // SAFETY: forwarded from the caller.
    unsafe {
        buffer_out(
            out.cast(),
            cap,
            out_len,
            true,
            list_inputs(list, &d).chain([scheme]),
            |b| coap::uri_from_options(scheme, &d, pairs(list), b),
        )
    }
    .unwrap_or_else(|e| unsafe { fail(e, err) })
}

/// Composes the full CRI of a request (draft §8.1.2) from the CoAP scheme number
/// (0 coap, 1 coaps, 6 coap+tcp, 7 coaps+tcp, 24 coap+ws, 25 coaps+ws), destination and
/// options, as CBOR into `(out, cap)` (bytes, no NUL).
///
/// Returns as `uri_from_coap_options` (`CRI_COAP_ERR_NOT_COAP_SCHEME` for another scheme
/// number), and `CRI_ERR_COAP` with `CRI_COAP_ERR_BAD_URI_HOST` also for an IPvFuture
/// Uri-Host (a CRI host has no such form).
///
/// # Safety
/// As for `uri_from_coap_options`.
#[no_mangle]
pub unsafe extern "C" fn cri_from_coap_options(
    scheme_number: u64,
    dest: *const cri_coap_destination,
    opts: *const cri_coap_option,
    n: usize,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let Some(list) = (unsafe { option_pairs(opts, n) }) else {
        return cri_status::CRI_ERR_NULL;
    };
    // SAFETY: forwarded from the caller.
    let d = match unsafe { destination(dest) } {
        Ok(Some(d)) => d,
        Ok(None) => return cri_status::CRI_ERR_NULL,
        Err(status) => return status,
    };
    // SAFETY: forwarded from the caller.
    unsafe {
        buffer_out(out, cap, out_len, false, list_inputs(list, &d), |b| {
            coap::cri_from_options(scheme_number, &d, pairs(list), b)
        })
    }
    .unwrap_or_else(|e| unsafe { fail(e, err) })
}

/// Encodes the options `(opts, n)` (ascending numbers) in the CoAP option format
/// (RFC 7252 §3.1: delta and length nibbles, 13/14 extensions) into `(out, cap)` (bytes),
/// ready to follow the token of a message.
///
/// Any option number is encoded (Observe, ETag, ...): the RFC 7252 §5.10 length of each
/// Uri-* and Proxy-* option is checked by `cri_coap_options_check`, not here.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_COAP` (`CRI_COAP_ERR_ORDER`, or
/// `CRI_COAP_ERR_OPTION_LENGTH` for a value over 65,804 bytes, the most the format can
/// carry); `CRI_ERR_BUFFER` with the length needed.
///
/// # Safety
/// `opts` points to `n` readable options; `out`, `out_len`, `err` as for `cri_from_uri`.
#[no_mangle]
pub unsafe extern "C" fn cri_coap_options_to_wire(
    opts: *const cri_coap_option,
    n: usize,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let Some(list) = (unsafe { option_pairs(opts, n) }) else {
        return cri_status::CRI_ERR_NULL;
    };
    // SAFETY: forwarded from the caller.
    unsafe {
        buffer_out(
            out,
            cap,
            out_len,
            false,
            list_inputs(list, &Destination::default()),
            |b| coap::options_to_wire(pairs(list), b),
        )
    }
    .unwrap_or_else(|e| unsafe { fail(e, err) })
}

/// Decodes CoAP options (RFC 7252 §3.1) from `(wire, len)`, up to its end or the 0xFF
/// payload marker, into `opts` (`cap` entries; values point into `wire`). `*n` gets the
/// number of options, `*consumed` the bytes they took (without the payload marker).
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_COAP` with `CRI_COAP_ERR_WIRE` (truncated,
/// reserved nibble 15, number over 65535, a payload marker with no payload after it:
/// RFC 7252 §3); `CRI_ERR_BUFFER` with the count needed in `*n`.
///
/// # Safety
/// `wire` points to `len` readable bytes; `opts` to `cap` writable options (or NULL with
/// 0); `n`, `consumed` writable; `err` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn cri_coap_options_from_wire(
    wire: *const u8,
    len: usize,
    opts: *mut cri_coap_option,
    cap: usize,
    n: *mut usize,
    consumed: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let (Some(bytes), Some(n), Some(consumed)) = (
        unsafe { input(wire.cast(), len) },
        unsafe { n.as_mut() },
        unsafe { consumed.as_mut() },
    ) else {
        return cri_status::CRI_ERR_NULL;
    };
    if opts.is_null() && cap != 0 {
        return cri_status::CRI_ERR_NULL;
    }
    let array_bytes = cap.saturating_mul(size_of::<cri_coap_option>());
    if overlaps(opts.cast::<u8>().cast_const(), array_bytes, [bytes]) {
        return cri_status::CRI_ERR_ARGUMENT;
    }
    let mut slots = CSlots {
        opts,
        cap,
        values: bytes.as_ptr(),
    };
    match coap::options_from_wire_into(bytes, &mut slots) {
        Ok((count, used)) => {
            *n = count;
            *consumed = used;
            cri_status::CRI_OK
        }
        Err(Error::OptionSpace(space)) => {
            *n = space.options;
            cri_status::CRI_ERR_BUFFER
        }
        // SAFETY: forwarded from the caller.
        Err(e) => unsafe { fail(e, err) },
    }
}

/// Checks that the options `(opts, n)` may stand together in one request: ascending
/// numbers; Uri-Host, Uri-Port and each proxy option at most once; no Uri-* options with
/// Proxy-Uri or Proxy-Cri; not Proxy-Cri with Proxy-Uri; not Proxy-Scheme with
/// Proxy-Scheme-Number (RFC 7252 §5.10.2, draft §8.2); each value length in its option's
/// range in bytes (RFC 7252 §5.10 table 4, draft §8.2: Uri-Host 1-255, Uri-Port 0-2,
/// Uri-Path and Uri-Query 0-255, Proxy-Uri 1-1034, Proxy-Scheme 1-255, Proxy-Cri 1-1023,
/// Proxy-Scheme-Number 0-3).
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_COAP` with `CRI_COAP_ERR_ORDER`,
/// `CRI_COAP_ERR_CONFLICT` or `CRI_COAP_ERR_OPTION_LENGTH`.
///
/// # Safety
/// `opts` points to `n` readable options; `err` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn cri_coap_options_check(
    opts: *const cri_coap_option,
    n: usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let Some(list) = (unsafe { option_pairs(opts, n) }) else {
        return cri_status::CRI_ERR_NULL;
    };
    match coap::check_options(list.iter().map(|o| (o.number, o.len))) {
        Ok(()) => cri_status::CRI_OK,
        // SAFETY: forwarded from the caller.
        Err(e) => unsafe { fail(e, err) },
    }
}
