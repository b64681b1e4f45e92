//! C functions of the CoAP layer (RFC 7252 §6.4, §6.5, §3.1; draft-ietf-core-href-27 §8).

use super::cri::cri_error_info;
use super::cri_status;
use super::sink::{input_region, overlap, overlaps, region, ErrorInfo, Region, NO_INPUTS};
use crate::coap::{self, Destination, Mode, OptionRef, Refusal};
use crate::cri::CriRef;
use crate::error::Error;
use crate::uri::{parse_components, UriRef};
use core::ffi::c_char;

/// Uri-Host (RFC 7252 §5.10.1).
/// @ingroup cri_coap
pub const CRI_COAP_OPTION_URI_HOST: u16 = 3;
/// Uri-Port.
/// @ingroup cri_coap
pub const CRI_COAP_OPTION_URI_PORT: u16 = 7;
/// Uri-Path.
/// @ingroup cri_coap
pub const CRI_COAP_OPTION_URI_PATH: u16 = 11;
/// Uri-Query.
/// @ingroup cri_coap
pub const CRI_COAP_OPTION_URI_QUERY: u16 = 15;
/// Proxy-Uri (RFC 7252 §5.10.2).
/// @ingroup cri_coap
pub const CRI_COAP_OPTION_PROXY_URI: u16 = 35;
/// Proxy-Scheme.
/// @ingroup cri_coap
pub const CRI_COAP_OPTION_PROXY_SCHEME: u16 = 39;
/// Proxy-Cri (draft-ietf-core-href-27 §8.2.1).
/// @ingroup cri_coap
pub const CRI_COAP_OPTION_PROXY_CRI: u16 = 235;
/// Proxy-Scheme-Number (draft §8.2.2).
/// @ingroup cri_coap
pub const CRI_COAP_OPTION_PROXY_SCHEME_NUMBER: u16 = 239;

/// Mode: Uri-Host, Uri-Port, Uri-Path, Uri-Query; a CoAP scheme is required.
/// @ingroup cri_coap
pub const CRI_COAP_MODE_DIRECT: i32 = 0;
/// Mode: to a forward-proxy, the whole URI in Proxy-Uri or the whole CRI in Proxy-Cri.
/// The target is the proxy's to resolve (RFC 7252 §5.7.2): any absolute URI or full CRI
/// goes as it is, with a user-info or without a host too (the Uri-* checks of the other
/// modes do not apply); only a relative reference, a fragment and a length outside the
/// option's (1-1034 bytes for Proxy-Uri, 1-1023 for Proxy-Cri) are refused. Proxy-Cri carries the caller's CBOR bytes
/// unchanged (a tag 99 and non-shortest heads included: the CRI was checked, not rewritten).
/// @ingroup cri_coap
pub const CRI_COAP_MODE_PROXY: i32 = 1;
/// Mode: to a forward-proxy, Proxy-Scheme / Proxy-Scheme-Number with the Uri-* options.
/// @ingroup cri_coap
pub const CRI_COAP_MODE_PROXY_SCHEME: i32 = 2;
/// Mode: direct for a CoAP scheme, else as `CRI_COAP_MODE_PROXY`.
/// @ingroup cri_coap
pub const CRI_COAP_MODE_AUTO: i32 = 3;

/// CoAP error reason: the URI is not absolute, or the CRI not full.
/// @ingroup cri_coap
pub const CRI_COAP_ERR_NOT_ABSOLUTE: i32 = 1;
/// CoAP error reason: not a CoAP scheme (coap, coaps, coap+tcp, coaps+tcp, coap+ws, coaps+ws).
/// @ingroup cri_coap
pub const CRI_COAP_ERR_NOT_COAP_SCHEME: i32 = 2;
/// CoAP error reason: a fragment (never sent).
/// @ingroup cri_coap
pub const CRI_COAP_ERR_FRAGMENT: i32 = 3;
/// CoAP error reason: no host, or an empty one, in the target, the options or the
/// destination.
/// @ingroup cri_coap
pub const CRI_COAP_ERR_NO_HOST: i32 = 4;
/// CoAP error reason: an option value longer or shorter than RFC 7252 allows.
/// @ingroup cri_coap
pub const CRI_COAP_ERR_OPTION_LENGTH: i32 = 5;
/// CoAP error reason: a CRI text-pet-sequence where an option value is needed.
/// @ingroup cri_coap
pub const CRI_COAP_ERR_PET: i32 = 6;
/// CoAP error reason: a Uri-Host that is no reg-name, IP-literal or IPv4address.
/// @ingroup cri_coap
pub const CRI_COAP_ERR_BAD_URI_HOST: i32 = 7;
/// CoAP error reason: an option value that is not UTF-8 where a CRI needs text.
/// @ingroup cri_coap
pub const CRI_COAP_ERR_NOT_UTF8: i32 = 8;
/// CoAP error reason: a Uri-Path of "." or "..".
/// @ingroup cri_coap
pub const CRI_COAP_ERR_DOT_SEGMENT: i32 = 9;
/// CoAP error reason: option numbers out of ascending order.
/// @ingroup cri_coap
pub const CRI_COAP_ERR_ORDER: i32 = 10;
/// CoAP error reason: malformed option bytes.
/// @ingroup cri_coap
pub const CRI_COAP_ERR_WIRE: i32 = 11;
/// CoAP error reason: options that must not stand together, or repeated.
/// @ingroup cri_coap
pub const CRI_COAP_ERR_CONFLICT: i32 = 12;
/// CoAP error reason: a bad destination: an address length not 4 or 16, or a zone that
/// is empty, not UTF-8, or on an IPv4 address (composers).
/// @ingroup cri_coap
pub const CRI_COAP_ERR_BAD_VALUE: i32 = 13;
/// CoAP error reason: a userinfo (CoAP URIs have none, RFC 7252 §6.1).
/// @ingroup cri_coap
pub const CRI_COAP_ERR_USERINFO: i32 = 14;
/// CoAP error reason: a proxy option (Proxy-Uri, Proxy-Scheme, Proxy-Cri,
/// Proxy-Scheme-Number) given to a composer, which serves no forward-proxy (RFC 7252
/// §5.10.2: answer 5.05 Proxying Not Supported).
/// @ingroup cri_coap
pub const CRI_COAP_ERR_PROXY: i32 = 15;

/// One CoAP option: its number and its value (`len` bytes at `value`, not NUL-terminated;
/// uint options such as Uri-Port in network byte order without leading zeros).
/// @ingroup cri_coap
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
/// optional zone (`zone_len` bytes, NULL for none); `port` the UDP port, or -1 when
/// unknown: then URI or CRI → options takes the port the URI or CRI names, and options →
/// URI or CRI takes the scheme's default port (RFC 7252 §6.4, §6.5).
/// @ingroup cri_coap
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

/// `*d` as a [`Destination`], `None` for NULL; `CRI_ERR_NULL` for a NULL `addr` or `zone`
/// with a nonzero length, `CRI_ERR_ARGUMENT` for a port or address length out of range.
///
/// # Safety
/// `d` is NULL or readable, with readable `addr`/`zone` of their lengths.
unsafe fn destination<'a>(
    d: *const cri_coap_destination,
) -> Result<Option<Destination<'a>>, cri_status> {
    // SAFETY: the caller's promise for `d`.
    let Some(d) = (unsafe { d.as_ref() }) else {
        return Ok(None);
    };
    // NULL only with length 0, as for every input (ffi/args.rs); a NULL zone is no zone,
    // an empty one a zone the composers refuse.
    if (d.addr.is_null() && d.addr_len != 0) || (d.zone.is_null() && d.zone_len != 0) {
        return Err(cri_status::CRI_ERR_NULL);
    }
    if !matches!(d.addr_len, 0 | 4 | 16) || !(-1..=0xffff).contains(&d.port) {
        return Err(cri_status::CRI_ERR_ARGUMENT);
    }
    // SAFETY: the caller's promise for `addr` and `zone`, which are not NULL here or come
    // with length 0.
    let (addr, zone) = unsafe { (bytes(d.addr, d.addr_len), bytes(d.zone.cast(), d.zone_len)) };
    Ok(Some(Destination {
        addr: addr.unwrap_or(&[]),
        zone,
        port: u16::try_from(d.port).ok(),
    }))
}

/// The `n` bytes at `p`, `None` for NULL.
///
/// # Safety
/// `p` is NULL or points to `n` readable bytes.
unsafe fn bytes<'a>(p: *const u8, n: usize) -> Option<&'a [u8]> {
    // SAFETY: the caller's promise.
    (!p.is_null()).then(|| unsafe { core::slice::from_raw_parts(p, n) })
}

/// `try_destination!(d = dest)`: declares `d`, the `Option<&Destination>` of the
/// `cri_coap_destination *` (None for NULL), borrowed where [`destination`] left it (taking
/// it out of the `Result` is a copy through `memcpy` on Cortex-M0, Decision 17), or
/// returns the status of a bad one; `try_destination!(dest, required)`: the
/// `Destination`, `CRI_ERR_NULL` for NULL.
///
/// Promise (ffi/args.rs): `dest` is NULL or readable, with `addr` and `zone` readable for
/// their lengths.
macro_rules! try_destination {
    ($d:ident = $dest:expr) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise.
        let read = unsafe { destination($dest) };
        let $d = match &read {
            Ok(d) => d.as_ref(),
            Err(status) => return *status,
        };
    };
    ($dest:expr, required) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise.
        match unsafe { destination($dest) } {
            Ok(Some(d)) => d,
            Ok(None) => return cri_status::CRI_ERR_NULL,
            Err(status) => return status,
        }
    };
}

/// `try_options!(opts, n)`: the caller's option array as a slice ([`option_pairs`]), or
/// returns `CRI_ERR_NULL`.
///
/// Promise (ffi/args.rs): `opts` points to `n` readable options whose values are readable
/// (or is NULL with 0).
macro_rules! try_options {
    ($opts:expr, $n:expr) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise.
        match unsafe { option_pairs($opts, $n) } {
            Some(list) => list,
            None => return cri_status::CRI_ERR_NULL,
        }
    };
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

/// The bytes of `n` options, at most `usize::MAX`: a compare and a plain multiply, where a
/// saturating multiply is a 64-bit product through a library call on Cortex-M0.
fn array_bytes(n: usize) -> usize {
    const OPTION: usize = size_of::<cri_coap_option>();
    if n > usize::MAX / OPTION {
        usize::MAX
    } else {
        n.wrapping_mul(OPTION)
    }
}

/// The region of the option array `list` itself, which the calls that read it also read.
fn array(list: &[cri_coap_option]) -> Region {
    region(list.as_ptr(), size_of_val(list))
}

/// The destination's address and zone as regions (none without a destination).
fn dest_regions(d: Option<&Destination<'_>>) -> [Region; 2] {
    let addr = d.map_or(&[][..], |d| d.addr);
    let zone = d.and_then(|d| d.zone).unwrap_or(&[]);
    [input_region(addr), input_region(zone)]
}

/// The option outputs of a CoAP entry point: `(opts, opts_cap, opts_len, scratch,
/// scratch_cap, scratch_len)`.
type Outputs = (
    *mut cri_coap_option,
    usize,
    *mut usize,
    *mut u8,
    usize,
    *mut usize,
);

/// Whether the option array `(opts, opts_cap)` or the value buffer `(scratch,
/// scratch_cap)`, both outputs, overlaps an input (the target, the destination's address
/// and zone) or the other ([`overlap`]). Not inlined: one copy for both entry points, and
/// the regions are not in the frame that holds the decoded target under the conversion
/// (Decision 17, stack).
#[inline(never)]
fn outputs_overlap(
    opts: *const cri_coap_option,
    opts_cap: usize,
    scratch: *const u8,
    scratch_cap: usize,
    target: &[u8],
    d: Option<&Destination<'_>>,
) -> bool {
    let [addr, zone] = dest_regions(d);
    let regions = [
        region(opts, array_bytes(opts_cap)),
        region(scratch, scratch_cap),
        input_region(target),
        addr,
        zone,
    ];
    overlap(&regions, 2, &[])
}

/// The status of option outputs that break the contract (`CRI_ERR_NULL`: a NULL count, an
/// array or buffer NULL with a capacity; `CRI_ERR_ARGUMENT`: one overlaps an input or the
/// other, [`outputs_overlap`]), `None` when they keep it. Asked before the input is read,
/// so that a bad argument is reported whatever the input (ffi/args.rs). Only addresses are
/// compared.
#[inline(always)]
fn bad_outputs(o: &Outputs, target: &[u8], d: Option<&Destination<'_>>) -> Option<cri_status> {
    let &(opts, opts_cap, opts_len, scratch, scratch_cap, scratch_len) = o;
    if opts_len.is_null()
        || scratch_len.is_null()
        || (opts.is_null() && opts_cap != 0)
        || (scratch.is_null() && scratch_cap != 0)
    {
        return Some(cri_status::CRI_ERR_NULL);
    }
    outputs_overlap(opts, opts_cap, scratch, scratch_cap, target, d)
        .then_some(cri_status::CRI_ERR_ARGUMENT)
}

/// Runs `f` on the option outputs `o`, which [`bad_outputs`] accepted, and stores the
/// counts it gives or reports why it refused.
///
/// # Safety
/// `o`'s `opts` points to `opts_cap` writable options (or NULL with 0), its `scratch` to
/// `scratch_cap` writable bytes (or NULL with 0), and `o` passed [`bad_outputs`].
#[inline(always)]
unsafe fn fill_options(
    o: Outputs,
    err: ErrorInfo,
    f: impl FnOnce(&mut CSlots, &mut [u8]) -> Result<coap::OptionSpace, Refusal>,
) -> cri_status {
    let (opts, opts_cap, opts_len, scratch, scratch_cap, scratch_len) = o;
    let (opts_len, scratch_len) = (try_mut!(opts_len), try_mut!(scratch_len));
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
        Err(Refusal::Space(space)) => {
            *opts_len = space.options;
            *scratch_len = space.scratch;
            cri_status::CRI_ERR_BUFFER
        }
        Err(Refusal::Coap(why, at)) => err.coap(why, at),
    }
}

/// Turns the URI `(uri, len)` into CoAP options (RFC 7252 §6.4, docs/DECISIONS.md Decision 4
/// and 6) for a request to `*dest` (NULL: the address and port the URI names, or in
/// `CRI_COAP_MODE_PROXY_SCHEME` a proxy whose address is not given, so Uri-Host always
/// goes; in that mode `*dest` is the proxy, and Uri-Port goes unless the proxy would
/// compose the same port without it: the target's port is the proxy's, or it is the
/// scheme's default and the proxy's port 5683, 5684 or -1, as the proxy composes the
/// target with its own port, RFC 7252 §5.10.2, §6.5; a target port of 5683 or 5684 that
/// is not its scheme's default needs `CRI_COAP_MODE_PROXY`; the URI's
/// zone id is compared with `dest->zone` percent-decoded, RFC 6874 §2). `mode` is
/// `CRI_COAP_MODE_DIRECT`, `CRI_COAP_MODE_PROXY` (Proxy-Uri), `CRI_COAP_MODE_PROXY_SCHEME`
/// (Proxy-Scheme and Uri-*) or `CRI_COAP_MODE_AUTO`. The options go to `opts` (`opts_cap`
/// entries) sorted by number, their values (percent-decoded) to `scratch` (`scratch_cap`
/// bytes): each `opts[i].value` points into `scratch`. `*opts_len` and `*scratch_len` get
/// the counts used; with `opts = NULL, opts_cap = 0, scratch = NULL, scratch_cap = 0` it is
/// a size query.
///
/// @retval CRI_OK `opts[0]` to `opts[*opts_len - 1]` are the options, sorted by number,
///     their values in the first `*scratch_len` bytes of `scratch`.
/// @retval CRI_ERR_NULL `opts_len` or `scratch_len` is NULL, `opts` is NULL with
///     `opts_cap > 0`, `scratch` is NULL with `scratch_cap > 0`, `uri` is NULL with
///     `len > 0`, or in `*dest` `addr` or `zone` is NULL with a nonzero length.
/// @retval CRI_ERR_ARGUMENT `mode` is no `CRI_COAP_MODE_*` value, `dest->addr_len` is not
///     0, 4 or 16, `dest->port` is neither -1 nor 0..=65535, or the option array or the
///     value buffer overlaps an input or the other (nothing written).
/// @retval CRI_ERR_SYNTAX The input is no URI reference: `err->offset` is the first bad
///     byte.
/// @retval CRI_ERR_PERCENT A `%` is not followed by two hex digits: `err->offset` is the
///     first byte that is not one.
/// @retval CRI_ERR_PORT_RANGE A port over 65535: `err->offset` is its first digit.
/// @retval CRI_ERR_COAP The URI cannot be sent as CoAP options: `err->reason` is
///     `CRI_COAP_ERR_NOT_ABSOLUTE`, `CRI_COAP_ERR_NOT_COAP_SCHEME` (`CRI_COAP_MODE_DIRECT`
///     with another scheme), `CRI_COAP_ERR_FRAGMENT`, `CRI_COAP_ERR_NO_HOST`,
///     `CRI_COAP_ERR_USERINFO`, `CRI_COAP_ERR_BAD_URI_HOST` (a reg-name that decodes to a
///     bare IPv6 address), `CRI_COAP_ERR_NOT_UTF8` (a host, a segment sent or a query that
///     is not UTF-8 once percent-decoded: RFC 7252 §3.2 makes these string options UTF-8)
///     or `CRI_COAP_ERR_OPTION_LENGTH`; `err->offset` is the byte of the URI it is about
///     (the `#` of a fragment, the userinfo, the host, the first segment or query item that
///     is not UTF-8 or too long; 0 for the scheme), always a piece that would be sent
///     (RFC 7252 §6.4): a segment that dot-segment removal drops, or a zone id, is never
///     the offset.
/// @retval CRI_ERR_BUFFER The options do not fit: `*opts_len` and `*scratch_len` are the
///     room needed (the contents of `opts` and `scratch` are then unspecified).
///
/// # Safety
/// `uri` points to `len` readable bytes; `dest` is NULL or readable; `opts`/`scratch`
/// point to their capacities of writable memory (or are NULL with capacity 0);
/// `opts_len`, `scratch_len` are writable; `err` is NULL or writable.
/// @ingroup cri_coap
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
    let err = clear_error!(err);
    let s = try_input!(uri, len);
    try_destination!(d = dest);
    let Some(m) = self::mode(mode) else {
        return cri_status::CRI_ERR_ARGUMENT;
    };
    // Every argument before the URI (ffi/args.rs).
    let outputs = (opts, opts_cap, opts_len, scratch, scratch_cap, scratch_len);
    if let Some(status) = bad_outputs(&outputs, s, d) {
        return status;
    }
    let mut u = UriRef::default();
    if let Err(e) = parse_components::<false>(s, &mut u) {
        let (offset, percent) = e.parts();
        let status = if percent {
            cri_status::CRI_ERR_PERCENT
        } else {
            cri_status::CRI_ERR_SYNTAX
        };
        return err.uri(status, offset);
    }
    if let Some(offset) = u.port_range_at(s) {
        return err.uri(cri_status::CRI_ERR_PORT_RANGE, offset);
    }
    // SAFETY: the option outputs are this function's, under the same contract, and passed
    // `bad_outputs`.
    unsafe { fill_options(outputs, err, |o, b| coap::uri_to_list(&u, d, m, o, b)) }
}

/// Turns the full CRI `(cri, len)` (CBOR) into CoAP options (draft §8.1.1) for a request
/// to `*dest` (NULL: as for `uri_to_coap_options`); `mode` as for
/// `uri_to_coap_options` (`CRI_COAP_MODE_PROXY` gives Proxy-Cri, `CRI_COAP_MODE_PROXY_SCHEME`
/// Proxy-Scheme-Number, or Proxy-Scheme for a scheme-name). Outputs as for
/// `uri_to_coap_options`.
///
/// @retval CRI_OK `opts[0]` to `opts[*opts_len - 1]` are the options, sorted by number,
///     their values in the first `*scratch_len` bytes of `scratch`.
/// @retval CRI_ERR_NULL `opts_len` or `scratch_len` is NULL, `opts` is NULL with
///     `opts_cap > 0`, `scratch` is NULL with `scratch_cap > 0`, `cri` is NULL with
///     `len > 0`, or in `*dest` `addr` or `zone` is NULL with a nonzero length.
/// @retval CRI_ERR_ARGUMENT `mode` is no `CRI_COAP_MODE_*` value, `dest->addr_len` is not
///     0, 4 or 16, `dest->port` is neither -1 nor 0..=65535, or the option array or the
///     value buffer overlaps an input or the other (nothing written).
/// @retval CRI_ERR_UNPROCESSABLE The CRI reference is not processable (draft §5.2.1):
///     `err->reason` is a `CRI_REASON_*` value, `err->offset` the offending CBOR item.
/// @retval CRI_ERR_COAP The CRI cannot be sent as CoAP options: `err->reason` is
///     `CRI_COAP_ERR_NOT_ABSOLUTE` (not a full CRI), `CRI_COAP_ERR_NOT_COAP_SCHEME`
///     (`CRI_COAP_MODE_DIRECT` with a scheme-id outside the CoAP table or a scheme-name),
///     `CRI_COAP_ERR_FRAGMENT`, `CRI_COAP_ERR_PET` (a text-pet-sequence where an option
///     value is needed), `CRI_COAP_ERR_NO_HOST`, `CRI_COAP_ERR_USERINFO`,
///     `CRI_COAP_ERR_BAD_URI_HOST` (a host-name that spells an IPv6 address) or
///     `CRI_COAP_ERR_OPTION_LENGTH`; `err->offset` is 0.
/// @retval CRI_ERR_BUFFER The options do not fit: `*opts_len` and `*scratch_len` are the
///     room needed (the contents of `opts` and `scratch` are then unspecified).
///
/// # Safety
/// As for `uri_to_coap_options`.
/// @ingroup cri_coap
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
    let err = clear_error!(err);
    let bytes = try_input!(cri, len);
    try_destination!(d = dest);
    let Some(m) = self::mode(mode) else {
        return cri_status::CRI_ERR_ARGUMENT;
    };
    // Every argument before the CRI (ffi/args.rs).
    let outputs = (opts, opts_cap, opts_len, scratch, scratch_cap, scratch_len);
    if let Some(status) = bad_outputs(&outputs, bytes, d) {
        return status;
    }
    // Decoded in place (CriRef::ingest): no second copy of the view in this frame.
    let mut c = CriRef::empty();
    if let Err(u) = c.ingest(bytes, false) {
        return err.cri(cri_status::CRI_ERR_UNPROCESSABLE, u);
    }
    // SAFETY: the option outputs are this function's, under the same contract, and passed
    // `bad_outputs`.
    unsafe {
        fill_options(outputs, err, |o, b| {
            coap::cri_to_slots(&c, bytes, d, m, o, b)
        })
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

fn pairs(list: &[cri_coap_option]) -> impl Iterator<Item = (u16, &[u8])> + Clone {
    list.iter().map(|o| {
        // A NULL value has length 0 (`option_pairs`): a dangling, aligned pointer then.
        let p = if o.value.is_null() {
            core::ptr::NonNull::dangling().as_ptr()
        } else {
            o.value
        };
        // SAFETY: non-NULL; the caller promises `len` bytes at a value that is not NULL,
        // and NULL comes with 0 (checked by `option_pairs`).
        (o.number, unsafe { core::slice::from_raw_parts(p, o.len) })
    })
}

/// Composes the URI of a request (RFC 7252 §6.5, RFC 8323 §8) from its CoAP scheme
/// `(scheme, scheme_len)` (coap, coaps, coap+tcp, coaps+tcp, coap+ws or coaps+ws, any
/// case), destination `*dest` (required: the address stands in for a missing Uri-Host,
/// the port for a missing Uri-Port; a zone is written `%25zone`, RFC 6874) and options
/// `(opts, n)` (ascending numbers; options other than Uri-* are skipped), into the text
/// buffer `(out, cap)`.
///
/// @retval CRI_OK The URI and a NUL are in `out`, `*out_len` is its length without the NUL.
/// @retval CRI_ERR_NULL `dest` is NULL, `scheme` is NULL with `scheme_len > 0`, `opts` is
///     NULL with `n > 0`, an option's `value` is NULL with `len > 0`, in `*dest` `addr` or
///     `zone` is NULL with a nonzero length, `out_len` is NULL, or `out` is NULL with
///     `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `dest->addr_len` is not 0, 4 or 16, `dest->port` is neither -1
///     nor 0..=65535, or `out` overlaps an input (the scheme, the option array, a value,
///     the destination's bytes; nothing written).
/// @retval CRI_ERR_COAP The options make no URI: `err->reason` is
///     `CRI_COAP_ERR_NOT_COAP_SCHEME` (another scheme, docs/DECISIONS.md Decision 11),
///     `CRI_COAP_ERR_BAD_URI_HOST` (a bare IPv6 Uri-Host), `CRI_COAP_ERR_NO_HOST`,
///     `CRI_COAP_ERR_BAD_VALUE` (a destination zone that is empty, not UTF-8 or on an IPv4
///     address), `CRI_COAP_ERR_NOT_UTF8` (a Uri-Host, Uri-Path or Uri-Query that is not
///     UTF-8, RFC 7252 §3.2), `CRI_COAP_ERR_OPTION_LENGTH`, `CRI_COAP_ERR_DOT_SEGMENT`,
///     `CRI_COAP_ERR_CONFLICT` (a repeated Uri-Host or Uri-Port, proxy options that must
///     not stand together), `CRI_COAP_ERR_PROXY` (a proxy option: the request is for a
///     forward-proxy, answer 5.05 Proxying Not Supported, RFC 7252 §5.10.2) or
///     `CRI_COAP_ERR_ORDER`.
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
///
/// # Safety
/// `scheme` points to `scheme_len` readable bytes or is NULL with `scheme_len == 0`; `dest`
/// is NULL or readable; `opts` points to `n` readable options or is NULL with `n == 0`;
/// `out`, `out_len`, `err` as for `uri_normalize`.
/// @ingroup cri_coap
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
    // SAFETY: this function's `# Safety` makes the promises of `from_options`.
    unsafe {
        from_options(
            scheme.cast(),
            scheme_len,
            true,
            0,
            dest,
            opts,
            n,
            out.cast(),
            cap,
            out_len,
            err,
        )
    }
}

/// Composes the full CRI of a request (draft §8.1.2) from the CoAP scheme number
/// (0 coap, 1 coaps, 6 coap+tcp, 7 coaps+tcp, 24 coap+ws, 25 coaps+ws), destination and
/// options, as CBOR into `(out, cap)` (bytes, no NUL). A request without Uri-Path has the
/// empty path (draft §8.1.2 step 4: `[0, ["h"]]`, the URI `coap://h`), where
/// `uri_from_coap_options` writes `coap://h/` (RFC 7252 §6.5 step 8) and
/// `cri_from_uri("coap://h/")` gives the path `[""]`: equivalent, not the same bytes.
///
/// @retval CRI_OK The CBOR is in `out`, `*out_len` is its length in bytes.
/// @retval CRI_ERR_NULL `dest` is NULL, `opts` is NULL with `n > 0`, an option's `value` is
///     NULL with `len > 0`, in `*dest` `addr` or `zone` is NULL with a nonzero length,
///     `out_len` is NULL, or `out` is NULL with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `dest->addr_len` is not 0, 4 or 16, `dest->port` is neither -1
///     nor 0..=65535, or `out` overlaps an input (the option array, a value, the
///     destination's bytes; nothing written).
/// @retval CRI_ERR_COAP As for `uri_from_coap_options`, with `CRI_COAP_ERR_NOT_COAP_SCHEME`
///     for another scheme number, and `CRI_COAP_ERR_BAD_URI_HOST` also for an IPvFuture
///     Uri-Host (a CRI host has no such form).
/// @retval CRI_ERR_BUFFER The CBOR does not fit: `*out_len` is its length in bytes; nothing
///     written at or past `out + cap`.
///
/// # Safety
/// As for `uri_from_coap_options`.
/// @ingroup cri_coap
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
    // SAFETY: this function's `# Safety` makes the promises of `from_options`; a NULL
    // scheme of length 0 is an empty input.
    unsafe {
        from_options(
            core::ptr::null(),
            0,
            false,
            scheme_number,
            dest,
            opts,
            n,
            out,
            cap,
            out_len,
            err,
        )
    }
}

/// The body both options → target functions share (one instance of the argument checks,
/// the output convention and the composer, docs/DECISIONS.md Decision 17): with `uri`, the URI with the
/// scheme name `(scheme, scheme_len)` into the text buffer `(out, cap)`; else the CRI with
/// the scheme `number` into the byte buffer.
///
/// # Safety
/// As for `uri_from_coap_options` (`scheme` NULL with `scheme_len` 0 for a CRI).
#[allow(clippy::too_many_arguments)]
unsafe fn from_options(
    scheme: *const u8,
    scheme_len: usize,
    uri: bool,
    number: u64,
    dest: *const cri_coap_destination,
    opts: *const cri_coap_option,
    n: usize,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    let err = clear_error!(err);
    // Both are checked before either is refused.
    // SAFETY: the promises of `try_input!` and `try_options!` (ffi/args.rs), which this
    // function's `# Safety` makes.
    let (Some(scheme), Some(list)) = (unsafe { super::args::input(scheme, scheme_len) }, unsafe {
        option_pairs(opts, n)
    }) else {
        return cri_status::CRI_ERR_NULL;
    };
    let d = try_destination!(dest, required);
    let name = uri.then_some(scheme);
    let [addr, zone] = dest_regions(Some(&d));
    let regions = [
        region(out, cap),
        array(list),
        addr,
        zone,
        input_region(scheme),
    ];
    // Asked where `buffer_out` would ask it: after the NULL `out_len`.
    if !out_len.is_null() && overlap(&regions, 1, list) {
        return cri_status::CRI_ERR_ARGUMENT;
    }
    // SAFETY: the caller's promises for `out`, `out_len`.
    unsafe {
        super::sink::buffer_out(out, cap, out_len, uri, NO_INPUTS, |b| {
            coap::compose_target(name, number, &d, pairs(list), b)
        })
    }
    .unwrap_or_else(|e| report!(e, err))
}

/// Encodes the options `(opts, n)` (ascending numbers) in the CoAP option format
/// (RFC 7252 §3.1: delta and length nibbles, 13/14 extensions) into `(out, cap)` (bytes),
/// ready to follow the token of a message.
///
/// Any option number is encoded (Observe, ETag, ...): the RFC 7252 §5.10 length of each
/// Uri-* and Proxy-* option is checked by `cri_coap_options_check`, not here.
///
/// @retval CRI_OK The option bytes are in `out`, `*out_len` is their length.
/// @retval CRI_ERR_NULL `opts` is NULL with `n > 0`, an option's `value` is NULL with
///     `len > 0`, `out_len` is NULL, or `out` is NULL with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps the option array or a value (nothing written).
/// @retval CRI_ERR_COAP `err->reason` is `CRI_COAP_ERR_ORDER` (numbers not ascending) or
///     `CRI_COAP_ERR_OPTION_LENGTH` (a value over 65,804 bytes, the most the format can
///     carry).
/// @retval CRI_ERR_BUFFER The bytes do not fit: `*out_len` is their length; nothing written
///     at or past `out + cap`.
///
/// # Safety
/// `opts` points to `n` readable options or is NULL with `n == 0`; `out`, `out_len`, `err`
/// as for `cri_from_uri`.
/// @ingroup cri_coap
#[no_mangle]
pub unsafe extern "C" fn cri_coap_options_to_wire(
    opts: *const cri_coap_option,
    n: usize,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    let (err, list) = (clear_error!(err), try_options!(opts, n));
    // Asked where `bytes_out!` would ask it: after the NULL `out_len`.
    if !out_len.is_null() && overlap(&[region(out, cap), array(list)], 1, list) {
        return cri_status::CRI_ERR_ARGUMENT;
    }
    // SAFETY: the caller's promises for `out`, `out_len`.
    unsafe {
        super::sink::buffer_out(out, cap, out_len, false, NO_INPUTS, |b| {
            coap::write_options(pairs(list), b)
        })
    }
    // The wire format's only errors (ORDER, OPTION_LENGTH): reported as they are, so that
    // this image links no conversion of every `Error` (Decision 17).
    .unwrap_or_else(|why| err.coap(why, 0))
}

/// Decodes CoAP options (RFC 7252 §3.1) from `(wire, len)`, up to its end or the 0xFF
/// payload marker, into `opts` (`cap` entries; values point into `wire`). `*n` gets the
/// number of options, `*consumed` the bytes they took (without the payload marker).
///
/// @retval CRI_OK `opts[0]` to `opts[*n - 1]` are the options, `*consumed` the bytes they
///     took.
/// @retval CRI_ERR_NULL `n` or `consumed` is NULL, `wire` is NULL with `len > 0`, or `opts`
///     is NULL with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT The option array overlaps `wire` (nothing written).
/// @retval CRI_ERR_COAP `err->reason` is `CRI_COAP_ERR_WIRE` (truncated, reserved nibble
///     15, a number over 65535, a payload marker with no payload after it: RFC 7252 §3).
/// @retval CRI_ERR_BUFFER More options than `cap`: `*n` is the count needed (`*consumed`
///     untouched).
///
/// # Safety
/// `wire` points to `len` readable bytes; `opts` to `cap` writable options (or NULL with
/// 0); `n`, `consumed` writable; `err` NULL or writable.
/// @ingroup cri_coap
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
    let err = clear_error!(err);
    let (bytes, n, consumed) = (try_input!(wire, len), try_mut!(n), try_mut!(consumed));
    if opts.is_null() && cap != 0 {
        return cri_status::CRI_ERR_NULL;
    }
    if overlaps(opts.cast::<u8>().cast_const(), array_bytes(cap), [bytes]) {
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
        Err(e) => report!(e, err),
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
/// @retval CRI_OK The options may stand together.
/// @retval CRI_ERR_NULL `opts` is NULL with `n > 0`, an option's `value` is NULL with
///     `len > 0`.
/// @retval CRI_ERR_COAP `err->reason` is `CRI_COAP_ERR_ORDER`, `CRI_COAP_ERR_CONFLICT` or
///     `CRI_COAP_ERR_OPTION_LENGTH`.
///
/// # Safety
/// `opts` points to `n` readable options; `err` is NULL or writable.
/// @ingroup cri_coap
#[no_mangle]
pub unsafe extern "C" fn cri_coap_options_check(
    opts: *const cri_coap_option,
    n: usize,
    err: *mut cri_error_info,
) -> cri_status {
    let (err, list) = (clear_error!(err), try_options!(opts, n));
    try_ok!(
        coap::check_options(list.iter().map(|o| (o.number, o.len))),
        err
    );
    cri_status::CRI_OK
}
