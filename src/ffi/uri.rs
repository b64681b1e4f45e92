//! C functions of the RFC 3986 layer.

use super::cri_status;
use super::sink::{regions_overlap, NO_OFFSET};
use crate::uri::{
    self, parse_components, parse_strict, split_lenient, DecodeOptions, EncodeSet, TargetForm,
    UriRef,
};
use core::ffi::c_char;
use core::mem::MaybeUninit;

/// A component of a split URI reference: `ptr` points into the caller's input (not
/// NUL-terminated), `len` is its length in bytes. `ptr == NULL` means the component is
/// absent; `ptr != NULL, len == 0` means present and empty.
/// @ingroup cri_uri
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct uri_span {
    /// First byte of the component inside the input, or NULL when absent.
    pub ptr: *const c_char,
    /// Length in bytes.
    pub len: usize,
}

/// No authority, so no host.
/// @ingroup cri_uri
pub const URI_HOST_NONE: i32 = 0;
/// The host is a reg-name (RFC 3986 §3.2.2), possibly empty.
/// @ingroup cri_uri
pub const URI_HOST_REG_NAME: i32 = 1;
/// The host is an IPv4address.
/// @ingroup cri_uri
pub const URI_HOST_IPV4: i32 = 2;
/// The host is an IP-literal holding an IPv6address (maybe with an RFC 6874 zone id).
/// @ingroup cri_uri
pub const URI_HOST_IPV6: i32 = 3;
/// The host is an IP-literal holding an IPvFuture.
/// @ingroup cri_uri
pub const URI_HOST_IPVFUTURE: i32 = 4;

/// A URI reference split into its components (RFC 3986 §3), zero-copy: every span points
/// into the input given to `uri_split`, which must outlive this struct.
/// @ingroup cri_uri
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct uri_parts {
    /// Scheme without the ":" (absent for a relative reference).
    pub scheme: uri_span,
    /// Userinfo without the "@".
    pub userinfo: uri_span,
    /// Host as written, brackets included for an IP-literal; absent without an authority,
    /// empty for `file:///`.
    pub host: uri_span,
    /// Port as written without the ":"; empty for `http://a:/`.
    pub port: uri_span,
    /// Path: never absent (ptr is never NULL), possibly empty.
    pub path: uri_span,
    /// Query without the "?".
    pub query: uri_span,
    /// Fragment without the "#".
    pub fragment: uri_span,
    /// RFC 6874 zone id of an IPv6 literal (the text after "%25", as written), else absent.
    pub zone_id: uri_span,
    /// One of `URI_HOST_NONE`, `URI_HOST_REG_NAME`, `URI_HOST_IPV4`, `URI_HOST_IPV6`,
    /// `URI_HOST_IPVFUTURE`.
    pub host_kind: i32,
    /// The port as a number 0..=65535, or -1 when the port is absent, empty or (lenient
    /// split only) not a number up to 65535.
    pub port_number: i32,
}

/// Split flag: split by RFC 3986 Appendix B without validating; never fails.
/// @ingroup cri_uri
pub const URI_SPLIT_LENIENT: u32 = 1;
/// Split flag: validate against RFC 3987 `IRI-reference` instead (UTF-8 input; `ucschar`
/// in userinfo, reg-name, path, query, fragment; `iprivate` in the query).
/// @ingroup cri_iri
pub const URI_SPLIT_IRI: u32 = 2;

pub(super) fn span(s: Option<&[u8]>) -> uri_span {
    match s {
        Some(s) => uri_span {
            ptr: s.as_ptr().cast(),
            len: s.len(),
        },
        None => uri_span {
            ptr: core::ptr::null(),
            len: 0,
        },
    }
}

/// Writes `r` into `*parts` field by field: building a `uri_parts` and assigning it
/// copies the struct through `memcpy` (Decision 17: no large structs by value).
fn fill_parts(r: &UriRef<'_>, parts: &mut uri_parts) {
    parts.scheme = span(r.scheme);
    parts.userinfo = span(r.userinfo);
    parts.host = span(r.host);
    parts.port = span(r.port);
    parts.path = span(Some(r.path));
    parts.query = span(r.query);
    parts.fragment = span(r.fragment);
    parts.zone_id = span(r.zone_id);
    // HostKind's discriminants are the URI_HOST_* values (checked by a unit test).
    parts.host_kind = r.host_kind.map_or(URI_HOST_NONE, |k| i32::from(k as u8));
    parts.port_number = r.port_number.map_or(-1, i32::from);
}

/// Parses `s` strictly (as an IRI reference with `IRI`) into the view in `slot`, which it
/// resets first; an error goes to `error_offset` and comes back as its status. One copy
/// of the reset and of the report for every entry point that parses a reference, not one
/// in each (Decision 17).
///
/// # Safety
/// `error_offset` is NULL or writable.
// Shared on bare metal, inlined on hosts (Decision 17).
#[cfg_attr(any(target_os = "none", cri_firmware_paths), inline(never))]
#[cfg_attr(not(any(target_os = "none", cri_firmware_paths)), inline(always))]
pub(super) unsafe fn parse_c<'v, 'a, const IRI: bool>(
    s: &'a [u8],
    slot: &'v mut MaybeUninit<UriRef<'a>>,
    error_offset: *mut usize,
) -> Result<&'v mut UriRef<'a>, cri_status> {
    let r = slot.write(UriRef::default());
    match parse_strict::<IRI>(s, r) {
        Ok(()) => Ok(r),
        Err(e) => Err(report!(e, error_offset)),
    }
}

/// `try_parse!(s, error_offset)`: the strict parse of the input slice `s` ([`parse_c`],
/// `try_parse!(s, error_offset, IRI)` as an IRI reference), a view borrowed from `slot`;
/// returns the error's status.
///
/// Promise: `error_offset` is NULL or writable.
macro_rules! try_parse {
    ($slot:ident, $s:expr, $error_offset:expr) => {
        try_parse!($slot, $s, $error_offset, false)
    };
    ($slot:ident, $s:expr, $error_offset:expr, $iri:expr) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise (module docs).
        match unsafe { $crate::ffi::uri::parse_c::<{ $iri }>($s, &mut $slot, $error_offset) } {
            Ok(r) => r,
            Err(status) => return status,
        }
    };
}

/// Splits the URI reference `(s, len)` into `*parts` (RFC 3986 §3, §4.1).
///
/// By default the whole reference is validated against the RFC 3986 ABNF (with RFC 6874
/// zone ids); with `URI_SPLIT_IRI` against RFC 3987 `IRI-reference`; with
/// `URI_SPLIT_LENIENT` in `flags` it is split by the regular expression of Appendix B and
/// never fails (for logs): nothing is validated then, and `host_kind` tells the host's
/// shape, not a valid address: a host in brackets (`[` first and `]` last) is
/// `URI_HOST_IPV6` (`[zz]` too), or `URI_HOST_IPVFUTURE` when a `v` or `V` follows the `[`;
/// one without its closing `]` (`[::1`) is `URI_HOST_REG_NAME`. `error_offset` may be NULL.
///
/// @retval CRI_OK `*parts` holds the components.
/// @retval CRI_ERR_NULL `parts` is NULL, or `s` is NULL with `len > 0`.
/// @retval CRI_ERR_ARGUMENT `flags` has a bit other than `URI_SPLIT_LENIENT` and
///     `URI_SPLIT_IRI`, or `*parts` overlaps the input (nothing written).
/// @retval CRI_ERR_UNSUPPORTED `URI_SPLIT_IRI` without the cargo feature `iri`, or
///     `URI_SPLIT_LENIENT` without `lenient` (both default on; a firmware build without
///     them carries only the strict URI parser).
/// @retval CRI_ERR_SYNTAX The reference breaks the grammar: `*error_offset` is the first
///     bad byte; `*parts` untouched.
/// @retval CRI_ERR_PERCENT A `%` is not followed by two hex digits: `*error_offset` is the
///     first byte that is not one; `*parts` untouched.
/// @retval CRI_ERR_PORT_RANGE A port over 65535, reported only when the rest of the
///     reference is valid (the grammar allows any number of port digits): `*error_offset`
///     is its first digit, `*parts` is filled (`port_number` -1).
///
/// # Safety
/// `s` points to `len` readable bytes (or is NULL with `len == 0`); `parts` is writable;
/// `error_offset` is NULL or writable.
/// @ingroup cri_uri
#[no_mangle]
pub unsafe extern "C" fn uri_split(
    s: *const c_char,
    len: usize,
    flags: u32,
    parts: *mut uri_parts,
    error_offset: *mut usize,
) -> cri_status {
    let s = try_input!(s, len);
    try_apart!(parts, [s]);
    let parts = try_mut!(parts);
    try_flags!(flags, URI_SPLIT_LENIENT | URI_SPLIT_IRI);
    // One view on the frame for whichever splitter runs.
    let mut r = UriRef::default();
    if flags & URI_SPLIT_LENIENT != 0 {
        try_feature!("lenient");
        split_lenient(s, &mut r);
        fill_parts(&r, parts);
        return cri_status::CRI_OK;
    }
    let parsed = if flags & URI_SPLIT_IRI != 0 {
        try_feature!("iri");
        parse_components::<true>(s, &mut r)
    } else {
        parse_components::<false>(s, &mut r)
    };
    match parsed {
        Ok(()) => {
            // A port over 65535 still fills `*parts` (the rest of the reference is valid).
            fill_parts(&r, parts);
            match r.port_error(s) {
                Some(e) => report!(e, error_offset),
                None => cri_status::CRI_OK,
            }
        }
        Err(e) => report!(crate::Error::from(e), error_offset),
    }
}

/// Request-target form: origin-form (`/path?query`), RFC 9112 §3.2.1.
/// @ingroup cri_uri
pub const URI_TARGET_ORIGIN: i32 = 1;
/// Request-target form: absolute-form (an absolute-URI), RFC 9112 §3.2.2.
/// @ingroup cri_uri
pub const URI_TARGET_ABSOLUTE: i32 = 2;
/// Request-target form: authority-form (`host:port`, CONNECT), RFC 9112 §3.2.3.
/// @ingroup cri_uri
pub const URI_TARGET_AUTHORITY: i32 = 3;
/// Request-target form: asterisk-form (`*`, OPTIONS), RFC 9112 §3.2.4.
/// @ingroup cri_uri
pub const URI_TARGET_ASTERISK: i32 = 4;
/// Request-target flag: the method is CONNECT, so the target is in authority-form.
/// @ingroup cri_uri
pub const URI_TARGET_CONNECT: u32 = 1;

/// Splits an HTTP request-target `(s, len)` (RFC 9112 §3.2) into `*parts` and stores its
/// form (`URI_TARGET_*`) in `*form`. With `URI_TARGET_CONNECT` the target must be in
/// authority-form (`host:port` with a port of at least one digit, as RFC 9110 §9.3.6
/// requires of CONNECT; no userinfo); otherwise `*` is asterisk-form (path `*`),
/// a leading `/` is origin-form (path and query; the path may start with `//`) and
/// anything else must be an absolute-URI without fragment. `error_offset` may be NULL.
///
/// @retval CRI_OK `*parts` holds the components and `*form` the form.
/// @retval CRI_ERR_NULL `parts` or `form` is NULL, or `s` is NULL with `len > 0`.
/// @retval CRI_ERR_ARGUMENT `flags` has a bit other than `URI_TARGET_CONNECT`, or `*parts`
///     or `*form` overlaps the input (nothing written).
/// @retval CRI_ERR_SYNTAX The target is in none of the forms or breaks its form's grammar
///     (a fragment, userinfo in authority-form, a relative reference): `*error_offset` is
///     the first bad byte.
/// @retval CRI_ERR_PERCENT A `%` is not followed by two hex digits: `*error_offset` is the
///     first byte that is not one.
/// @retval CRI_ERR_PORT_RANGE A port over 65535: `*error_offset` is its first digit.
///
/// # Safety
/// As for `uri_split`; `form` is writable.
/// @ingroup cri_uri
#[no_mangle]
pub unsafe extern "C" fn uri_split_request_target(
    s: *const c_char,
    len: usize,
    flags: u32,
    parts: *mut uri_parts,
    form: *mut i32,
    error_offset: *mut usize,
) -> cri_status {
    let s = try_input!(s, len);
    try_apart!(parts, [s]);
    try_apart!(form, [s]);
    let (parts, form) = (try_mut!(parts), try_mut!(form));
    try_flags!(flags, URI_TARGET_CONNECT);
    let mut r = UriRef::default();
    let f = try_ok!(
        uri::split_target_into(s, flags & URI_TARGET_CONNECT != 0, &mut r),
        error_offset
    );
    fill_parts(&r, parts);
    *form = match f {
        TargetForm::Origin => URI_TARGET_ORIGIN,
        TargetForm::Absolute => URI_TARGET_ABSOLUTE,
        TargetForm::Authority => URI_TARGET_AUTHORITY,
        TargetForm::Asterisk => URI_TARGET_ASTERISK,
    };
    cri_status::CRI_OK
}

/// Percent-encoding set: only unreserved characters (ALPHA DIGIT `-._~`) stay literal.
/// @ingroup cri_uri
pub const URI_ENCODE_UNRESERVED: i32 = 0;
/// Percent-encoding set: a path segment (pchar: unreserved, sub-delims, `:`, `@`).
/// @ingroup cri_uri
pub const URI_ENCODE_PATH_SEGMENT: i32 = 1;
/// Percent-encoding set: a query (pchar, `/`, `?`).
/// @ingroup cri_uri
pub const URI_ENCODE_QUERY: i32 = 2;
/// Percent-encoding set: a fragment (pchar, `/`, `?`).
/// @ingroup cri_uri
pub const URI_ENCODE_FRAGMENT: i32 = 3;
/// Percent-encoding set: a userinfo (unreserved, sub-delims, `:`).
/// @ingroup cri_uri
pub const URI_ENCODE_USERINFO: i32 = 4;
/// Percent-encoding set: `application/x-www-form-urlencoded` (ALPHA DIGIT `*-._` stay,
/// space becomes `+`).
/// @ingroup cri_uri
pub const URI_ENCODE_FORM: i32 = 5;

/// Percent-encodes the bytes `(in, len)` into the text buffer `(out, cap)` (RFC 3986 §2.1):
/// every byte outside the set `set` (`URI_ENCODE_*`) becomes `%HH` with uppercase hex.
///
/// @retval CRI_OK The text and a NUL are in `out`, `*out_len` is its length without the
///     NUL.
/// @retval CRI_ERR_NULL `in` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `set` is no `URI_ENCODE_*` value, or `out` overlaps the input
///     (nothing written).
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
///
/// # Safety
/// `in` points to `len` readable bytes (or is NULL with `len == 0`); `out` points to `cap`
/// writable bytes (or is NULL with `cap == 0`); `out_len` is writable.
/// @ingroup cri_uri
#[no_mangle]
pub unsafe extern "C" fn uri_percent_encode(
    r#in: *const c_char,
    len: usize,
    set: i32,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> cri_status {
    let data = try_input!(r#in, len);
    let set = match set {
        URI_ENCODE_UNRESERVED => EncodeSet::Unreserved,
        URI_ENCODE_PATH_SEGMENT => EncodeSet::PathSegment,
        URI_ENCODE_QUERY => EncodeSet::Query,
        URI_ENCODE_FRAGMENT => EncodeSet::Fragment,
        URI_ENCODE_USERINFO => EncodeSet::Userinfo,
        URI_ENCODE_FORM => EncodeSet::Form,
        _ => return cri_status::CRI_ERR_ARGUMENT,
    };
    text_out!(out, cap, out_len, NO_OFFSET, [data], |b| {
        uri::percent_encode(data, set, b)
    })
}

/// Decode flag: pass a broken `%` sequence through unchanged instead of failing.
/// @ingroup cri_uri
pub const URI_DECODE_LENIENT: u32 = 1;
/// Decode flag: form data, `+` decodes to a space (never use it for a path).
/// @ingroup cri_uri
pub const URI_DECODE_FORM: u32 = 2;

/// Decodes every `%HH` in `(s, len)` once into `(out, cap)` (RFC 3986 §2.1): `%252e` gives
/// `%2e`, `+` stays `+` unless `URI_DECODE_FORM`. The output is bytes and may contain NUL
/// (from `%00`): use `*out_len`; a NUL is still written after it.
///
/// @retval CRI_OK The decoded bytes and a NUL are in `out`, `*out_len` is their length
///     without the NUL.
/// @retval CRI_ERR_NULL `s` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `flags` has a bit other than `URI_DECODE_LENIENT` and
///     `URI_DECODE_FORM`, or `out` overlaps the input (nothing written).
/// @retval CRI_ERR_UNSUPPORTED `URI_DECODE_LENIENT` without the cargo feature `lenient`
///     (default on).
/// @retval CRI_ERR_PERCENT A broken sequence (`%`, `%4`, `%4G`) without
///     `URI_DECODE_LENIENT`: `*error_offset` is its `%`.
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
///
/// # Safety
/// As for `uri_percent_encode`; `error_offset` is NULL or writable.
/// @ingroup cri_uri
#[no_mangle]
pub unsafe extern "C" fn uri_percent_decode(
    s: *const c_char,
    len: usize,
    flags: u32,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
) -> cri_status {
    let s = try_input!(s, len);
    try_flags!(flags, URI_DECODE_LENIENT | URI_DECODE_FORM);
    if flags & URI_DECODE_LENIENT != 0 {
        try_feature!("lenient");
    }
    let opts = DecodeOptions {
        lenient: flags & URI_DECODE_LENIENT != 0,
        form: flags & URI_DECODE_FORM != 0,
    };
    text_out!(out, cap, out_len, error_offset, [s], |b| {
        uri::percent_decode(s, opts, b)
    })
}

/// Removes dot-segments from the path `(path, len)` (RFC 3986 §5.2.4) into `(out, cap)`:
/// `/a/b/c/./../../g` gives `/a/g`. Only literal `.` and `..` are dots (`%2E` is not).
///
/// @retval CRI_OK The text and a NUL are in `out`, `*out_len` is its length without the
///     NUL.
/// @retval CRI_ERR_NULL `path` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps the input (nothing written).
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
///
/// # Safety
/// As for `uri_percent_encode`.
/// @ingroup cri_uri
#[no_mangle]
pub unsafe extern "C" fn uri_remove_dot_segments(
    path: *const c_char,
    len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> cri_status {
    let path = try_input!(path, len);
    text_out!(out, cap, out_len, NO_OFFSET, [path], |b| {
        uri::dot_segments::remove_dots_in(uri::plain(false), path, b)
    })
}

/// Resolves the URI reference `(ref, ref_len)` against the base URI `(base, base_len)` (RFC
/// 3986 §5.2.2 with merge §5.2.3 and remove_dot_segments §5.2.4, literally) and writes the
/// target URI (RFC 3986 §5.3) into `(out, cap)`. Both are validated strictly; the base must
/// have a scheme and its fragment is ignored. `error_offset` may be NULL.
///
/// @retval CRI_OK The target URI and a NUL are in `out`, `*out_len` is its length without
///     the NUL.
/// @retval CRI_ERR_NULL `base` or `ref` is NULL with a nonzero length, `out_len` is NULL,
///     or `out` is NULL with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps `base` or `ref` (nothing written).
/// @retval CRI_ERR_BASE The base is no absolute URI: `*error_offset` is 0 without a scheme,
///     else the first bad byte of the base.
/// @retval CRI_ERR_SYNTAX The reference breaks the grammar: `*error_offset` is the first
///     bad byte of the reference.
/// @retval CRI_ERR_PERCENT A `%` in the reference is not followed by two hex digits:
///     `*error_offset` is the first byte that is not one.
/// @retval CRI_ERR_PORT_RANGE A port over 65535 in the reference: `*error_offset` is its
///     first digit.
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
///
/// # Safety
/// `base` and `ref` point to their lengths of readable bytes (or are NULL with length 0);
/// `out`, `out_len`, `error_offset` as for `uri_percent_decode`.
/// @ingroup cri_uri
#[no_mangle]
pub unsafe extern "C" fn uri_resolve(
    base: *const c_char,
    base_len: usize,
    r#ref: *const c_char,
    ref_len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
) -> cri_status {
    let (base, reference) = (try_input!(base, base_len), try_input!(r#ref, ref_len));
    let room = try_room!(out, cap, out_len, [base, reference]);
    let mut target = uri::Target::default();
    try_ok!(
        uri::parse_target::<false>(base, reference, &mut target),
        error_offset
    );
    let plain = uri::plain(false);
    text_done!(
        out,
        cap,
        out_len,
        uri::write_target(&target, plain, room),
        error_offset
    )
}

/// Recomposes `*parts` into a URI reference (RFC 3986 §5.3) in `(out, cap)`. Spans are
/// written as given (the caller percent-encodes them); `host_kind` and `port_number` are
/// not used. A NULL path span means an empty path. A path that would start with `//`
/// without an authority gets a `/.` prefix, a first segment with `:` without scheme and
/// authority a `./` prefix (Decision 3), so the output parses back to the same
/// components up to those prefixes: a path `//a` comes back as `/.//a`, the same path
/// once dot-segments are removed.
///
/// @retval CRI_OK The reference and a NUL are in `out`, `*out_len` is its length without
///     the NUL.
/// @retval CRI_ERR_NULL `parts` is NULL, a span has a NULL `ptr` with `len > 0`, `out_len`
///     is NULL, or `out` is NULL with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps a span (nothing written).
/// @retval CRI_ERR_PARTS The output would split into other components: an authority
///     followed by a path not starting with `/`, a userinfo or port without a host, or a
///     span that its RFC 3986 §3.1-§3.5 rule does not allow (an empty scheme, `#` in a
///     query, `/` or `:` in a host, a port that is not digits or over 65535, a broken `%`,
///     a space).
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
///
/// # Safety
/// `parts` is readable and each span points to `len` readable bytes; `out` and `out_len`
/// as for `uri_percent_encode`.
/// @ingroup cri_uri
#[no_mangle]
pub unsafe extern "C" fn uri_recompose(
    parts: *const uri_parts,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> cri_status {
    let spans = component_spans(try_ref!(parts));
    // One walk over the spans for both of their checks. The overlap is reported where
    // `text_out!` would report it: after a NULL span and a NULL `out_len`.
    let mut apart = true;
    for c in spans {
        // A NULL `ptr` is an absent component only with `len == 0`.
        if c.ptr.is_null() && c.len != 0 {
            return cri_status::CRI_ERR_NULL;
        }
        // Addresses only (`regions_overlap`): the spans in place, not an array of the
        // components on this frame, under the writer's chain.
        apart &= !regions_overlap(out as usize, cap, c.ptr as usize, c.len);
    }
    if !apart && !out_len.is_null() {
        return cri_status::CRI_ERR_ARGUMENT;
    }
    let [scheme, userinfo, host, port, path, query, fragment] = spans;
    // SAFETY: every span points to `len` readable bytes or is NULL (`# Safety` below).
    // The spans straight into a view on this frame (Decision 17); `check_parts` sets the
    // rest.
    let mut r = unsafe {
        UriRef {
            scheme: component(scheme),
            userinfo: component(userinfo),
            host: component(host),
            port: component(port),
            // A path is never absent: a NULL one of length 0 is the empty path.
            path: component(path).unwrap_or(&[]),
            query: component(query),
            fragment: component(fragment),
            ..UriRef::default()
        }
    };
    text_out!(out, cap, out_len, NO_OFFSET, [], |b| {
        if !uri::recompose::check_parts(&mut r) {
            return Err(crate::Error::Parts);
        }
        uri::recompose::write_as_is(&r, uri::plain(false), b)
    })
}

/// The seven component spans of `*parts`, scheme to fragment, as the array they are laid
/// out as: `uri_parts` is `repr(C)` and starts with them.
fn component_spans(parts: &uri_parts) -> &[uri_span; 7] {
    const _: () = assert!(core::mem::offset_of!(uri_parts, fragment) == size_of::<[uri_span; 6]>());
    // SAFETY: `uri_parts` is `repr(C)`; its first seven fields are `uri_span`s, so they
    // lie one after the other from its start (checked above), as in a `[uri_span; 7]`.
    unsafe { &*core::ptr::from_ref(parts).cast::<[uri_span; 7]>() }
}

/// The component a span of `uri_recompose` gives: absent for a NULL `ptr`, its bytes
/// otherwise.
///
/// # Safety
/// `c.ptr` points to `c.len` readable bytes, or is NULL with `c.len == 0`.
unsafe fn component<'a>(c: &uri_span) -> Option<&'a [u8]> {
    // SAFETY: the caller's promise; a NULL `ptr` has no bytes to read.
    (!c.ptr.is_null()).then(|| unsafe { core::slice::from_raw_parts(c.ptr.cast(), c.len) })
}

/// Normalizes the URI reference `(s, len)` into `(out, cap)` (RFC 3986 §6.2.2, §6.2.3):
/// scheme and host lowercased, percent-encoding hex uppercased, unreserved characters
/// decoded, dot-segments removed (also `%2E` ones) except in relative-path references, IPv6
/// in RFC 5952 form, leading zeros of a port dropped (`:08080` is `:8080`, RFC 3986
/// §3.2.3), empty and default ports dropped (http, https, ws, wss and the six CoAP
/// schemes), an empty path after an authority written `/` for those schemes.
///
/// @retval CRI_OK The normalized reference and a NUL are in `out`, `*out_len` is its length
///     without the NUL.
/// @retval CRI_ERR_NULL `s` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps the input (nothing written).
/// @retval CRI_ERR_SYNTAX The reference breaks the grammar: `*error_offset` is the first
///     bad byte.
/// @retval CRI_ERR_PERCENT A `%` is not followed by two hex digits: `*error_offset` is the
///     first byte that is not one.
/// @retval CRI_ERR_PORT_RANGE A port over 65535: `*error_offset` is its first digit.
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
///
/// # Safety
/// As for `uri_percent_decode`.
/// @ingroup cri_uri
#[no_mangle]
pub unsafe extern "C" fn uri_normalize(
    s: *const c_char,
    len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
) -> cri_status {
    let s = try_input!(s, len);
    let room = try_room!(out, cap, out_len, [s]);
    let mut slot = MaybeUninit::uninit();
    let r = try_parse!(slot, s, error_offset);
    text_done!(
        out,
        cap,
        out_len,
        uri::normalize_in(r, uri::plain(true), room),
        error_offset
    )
}

/// Compares two URI references after normalization (RFC 3986 §6.2.2, §6.2.3, as
/// `uri_normalize`) and stores 1 (equivalent) or 0 in `*equivalent`. No buffer is needed.
/// Dot-segments of a relative-path reference stay (docs/DECISIONS.md Decision 5), so `.` and
/// `./` are not equivalent: they resolve alike only against a base (`uri_resolve`).
/// Normalization decodes `%2E` to `.` (an unreserved character, RFC 3986 §6.2.2.2), so
/// `%2e/..` and `./..` are equivalent, although `uri_resolve` and
/// `uri_remove_dot_segments` take `%2E` literally (Decision 4).
///
/// @retval CRI_OK `*equivalent` is 1 if the two normalize to the same text, else 0.
/// @retval CRI_ERR_NULL `equivalent` is NULL, or `a` or `b` is NULL with a nonzero length.
/// @retval CRI_ERR_ARGUMENT `*equivalent` overlaps `a` or `b` (nothing written).
/// @retval CRI_ERR_SYNTAX A reference breaks the grammar: `*error_offset` is its first bad
///     byte, in `a` if `a` is invalid, else in `b`.
/// @retval CRI_ERR_PERCENT A `%` is not followed by two hex digits: `*error_offset` as for
///     `CRI_ERR_SYNTAX`.
/// @retval CRI_ERR_PORT_RANGE A port over 65535: `*error_offset` is its first digit, as for
///     `CRI_ERR_SYNTAX`.
///
/// # Safety
/// `a` and `b` point to their lengths of readable bytes (or are NULL with length 0);
/// `equivalent` is writable; `error_offset` is NULL or writable.
/// @ingroup cri_uri
#[no_mangle]
pub unsafe extern "C" fn uri_equivalent(
    a: *const c_char,
    a_len: usize,
    b: *const c_char,
    b_len: usize,
    equivalent: *mut i32,
    error_offset: *mut usize,
) -> cri_status {
    let (a, b) = (try_input!(a, a_len), try_input!(b, b_len));
    try_apart!(equivalent, [a, b]);
    let equivalent = try_mut!(equivalent);
    let (mut slot_a, mut slot_b) = (MaybeUninit::uninit(), MaybeUninit::uninit());
    let ra = try_parse!(slot_a, a, error_offset);
    let rb = try_parse!(slot_b, b, error_offset);
    *equivalent = i32::from(uri::equivalent(ra, rb));
    cri_status::CRI_OK
}

/// One query argument: `key` before the first `=`, `value` after it (`value.ptr` NULL
/// when the argument has no `=`). Both point into the query and are still encoded:
/// decode them with `uri_percent_decode(..., URI_DECODE_FORM, ...)`.
/// @ingroup cri_uri
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct uri_query_arg {
    /// The key, as written.
    pub key: uri_span,
    /// The value, as written; absent without `=`.
    pub value: uri_span,
}

/// Iterates over the `&`-separated arguments of a query `(query, len)` (without its `?`),
/// as `application/x-www-form-urlencoded` reads them (empty pieces skipped). Start with
/// `*pos = 0`; each call stores the next argument in `*arg` and advances `*pos`.
///
/// @retval CRI_OK `*arg` holds the next argument and `*pos` is past it and the `&` that
///     ends it: at most `len + 1`, a cursor for the next call, not an offset to read at.
/// @retval CRI_DONE No argument is left (`*arg` untouched); every later call returns
///     `CRI_DONE` too.
/// @retval CRI_ERR_NULL `pos` or `arg` is NULL, or `query` is NULL with `len > 0`.
/// @retval CRI_ERR_ARGUMENT `*pos` or `*arg` overlaps the query (nothing written).
///
/// # Safety
/// `query` points to `len` readable bytes (or is NULL with `len == 0`); `pos` and `arg`
/// are writable.
/// @ingroup cri_uri
#[no_mangle]
pub unsafe extern "C" fn uri_query_next(
    query: *const c_char,
    len: usize,
    pos: *mut usize,
    arg: *mut uri_query_arg,
) -> cri_status {
    let q = try_input!(query, len);
    try_apart!(pos, [q]);
    try_apart!(arg, [q]);
    let (pos, arg) = (try_mut!(pos), try_mut!(arg));
    let Some(rest) = q.get(*pos..) else {
        return cri_status::CRI_DONE;
    };
    let mut args = uri::query_args(rest);
    let Some(next) = args.next() else {
        *pos = len.saturating_add(1);
        return cri_status::CRI_DONE;
    };
    *pos = pos.saturating_add(args.position_in(rest));
    *arg = uri_query_arg {
        key: span(Some(next.key)),
        value: span(next.value),
    };
    cri_status::CRI_OK
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri::HostKind;

    #[test]
    fn host_kind_discriminants_are_the_c_values() {
        let kinds = [
            (HostKind::RegName, URI_HOST_REG_NAME),
            (HostKind::Ipv4, URI_HOST_IPV4),
            (HostKind::Ipv6, URI_HOST_IPV6),
            (HostKind::IpvFuture, URI_HOST_IPVFUTURE),
        ];
        for (kind, c) in kinds {
            assert_eq!(i32::from(kind as u8), c, "{kind:?}");
        }
    }

    /// `uri_recompose` checks its arguments as every entry point does (ffi/args.rs): a
    /// NULL `parts` or a span with a NULL `ptr` and a length is `CRI_ERR_NULL`, a NULL span
    /// of length 0 is an absent component (the path: an empty one), an output that
    /// overlaps a span is `CRI_ERR_ARGUMENT`, and the output convention holds.
    #[test]
    fn recompose_checks_its_arguments() {
        use core::ptr::{null, null_mut};
        let none = uri_span {
            ptr: null(),
            len: 0,
        };
        let span = |s: &[u8]| uri_span {
            ptr: s.as_ptr().cast(),
            len: s.len(),
        };
        let mut parts = uri_parts {
            scheme: span(b"coap"),
            userinfo: none,
            host: span(b"h"),
            port: none,
            path: none,
            query: span(b""),
            fragment: none,
            zone_id: none,
            host_kind: URI_HOST_REG_NAME,
            port_number: -1,
        };
        let mut out = [0xffu8; 16];
        let mut n = usize::MAX;
        let mut call = |parts: *const uri_parts, out: *mut c_char, cap| {
            // SAFETY: `parts` is NULL or valid with readable spans; `out` holds `cap` bytes.
            let st = unsafe { uri_recompose(parts, out, cap, &mut n) };
            (st, n)
        };
        let o = out.as_mut_ptr().cast();
        assert_eq!(call(&parts, o, 16), (cri_status::CRI_OK, 9));
        assert_eq!(&out[..10], b"coap://h?\0");
        let o = out.as_mut_ptr().cast();
        assert_eq!(call(null(), o, 16).0, cri_status::CRI_ERR_NULL);
        assert_eq!(call(&parts, null_mut(), 0), (cri_status::CRI_ERR_BUFFER, 9));
        parts.fragment.len = 1;
        assert_eq!(call(&parts, o, 16).0, cri_status::CRI_ERR_NULL);
        parts.fragment.len = 0;
        parts.path.len = 2;
        assert_eq!(call(&parts, o, 16).0, cri_status::CRI_ERR_NULL);
        parts.path.len = 0;
        // The output over the scheme's bytes (both from one pointer, as a C caller has).
        let mut text = *b"coap.....";
        let at = text.as_mut_ptr().cast::<c_char>();
        parts.scheme = uri_span { ptr: at, len: 4 };
        assert_eq!(call(&parts, at, 9).0, cri_status::CRI_ERR_ARGUMENT);
        assert_eq!(&text, b"coap.....");
    }
}
