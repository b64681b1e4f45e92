//! C functions of RFC 3987 and of the web-address terms: IRI ⇄ URI mapping (RFC 3987
//! §3.1, §3.2), IRI resolution, web-address preprocessing and the HTML5 URL terms
//! `<hostport>` and `<host-specific>`. The RFC 3986 entry points are in `ffi/uri.rs`.

use super::uri::{span, uri_parts, uri_span};
use super::{cri_status, input, report, text_out};
use crate::uri::{self, UriRef};
use core::ffi::c_char;

/// The validated reference `(s, len)` as URI (`iri` false) or IRI, or the error reported.
///
/// # Safety
/// `s` points to `len` readable bytes (or is NULL with `len == 0`); `error_offset` is NULL
/// or writable.
unsafe fn parse_as<'a>(
    s: *const c_char,
    len: usize,
    iri: bool,
    error_offset: *mut usize,
) -> Result<UriRef<'a>, cri_status> {
    // SAFETY: forwarded from the caller.
    let s = unsafe { input(s, len) }.ok_or(cri_status::CRI_ERR_NULL)?;
    let parsed = if iri {
        UriRef::parse_iri_bytes(s)
    } else {
        UriRef::parse_bytes(s)
    };
    // SAFETY: forwarded from the caller.
    parsed.map_err(|e| unsafe { report(e, error_offset) })
}

/// Maps the IRI reference `(iri, len)` (UTF-8, validated against RFC 3987 `IRI-reference`)
/// to a URI reference (RFC 3987 §3.1) in the text buffer `(out, cap)`: every non-ASCII
/// character becomes the `%HH` triplets of its UTF-8 bytes (uppercase); ASCII and existing
/// percent-encodings stay. Host names are percent-encoded too: IDNA (punycode) is out of
/// scope.
///
/// @retval CRI_OK The URI reference and a NUL are in `out`, `*out_len` is its length
///     without the NUL.
/// @retval CRI_ERR_NULL `iri` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps the input (nothing written).
/// @retval CRI_ERR_SYNTAX The input is no IRI reference (also invalid UTF-8):
///     `*error_offset` is the first bad byte.
/// @retval CRI_ERR_PERCENT A `%` is not followed by two hex digits: `*error_offset` is the
///     first byte that is not one.
/// @retval CRI_ERR_PORT_RANGE A port over 65535: `*error_offset` is its first digit.
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
/// @retval CRI_ERR_UNSUPPORTED This build leaves out the cargo feature `iri` (default on);
///     nothing else is checked.
///
/// # Safety
/// As for `uri_normalize`.
/// @ingroup cri_iri
#[no_mangle]
pub unsafe extern "C" fn iri_to_uri(
    iri: *const c_char,
    len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
) -> cri_status {
    if !cfg!(feature = "iri") {
        return cri_status::CRI_ERR_UNSUPPORTED;
    }
    // SAFETY: forwarded from the caller.
    match unsafe { parse_as(iri, len, true, error_offset) } {
        // SAFETY: forwarded from the caller.
        Ok(r) => unsafe {
            text_out(out, cap, out_len, error_offset, [r.input], |b| {
                uri::iri_to_uri(&r, b)
            })
        },
        Err(status) => status,
    }
}

/// Maps the URI reference `(s, len)` to an IRI reference (RFC 3987 §3.2) in `(out, cap)`:
/// percent-encoded UTF-8 sequences of `ucschar`s (in the query also `iprivate`) become
/// characters; percent-encoded ASCII such as `%2F`, `%25`, `%3F`, invalid UTF-8 and bidi
/// formatting characters (RFC 3987 §4.1) stay encoded.
///
/// @retval CRI_OK The IRI reference and a NUL are in `out`, `*out_len` is its length
///     without the NUL.
/// @retval CRI_ERR_NULL `s` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps the input (nothing written).
/// @retval CRI_ERR_SYNTAX The input is no URI reference: `*error_offset` is the first bad
///     byte.
/// @retval CRI_ERR_PERCENT A `%` is not followed by two hex digits: `*error_offset` is the
///     first byte that is not one.
/// @retval CRI_ERR_PORT_RANGE A port over 65535: `*error_offset` is its first digit.
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
/// @retval CRI_ERR_UNSUPPORTED This build leaves out the cargo feature `iri` (default on);
///     nothing else is checked.
///
/// # Safety
/// As for `uri_normalize`.
/// @ingroup cri_iri
#[no_mangle]
pub unsafe extern "C" fn uri_to_iri(
    s: *const c_char,
    len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
) -> cri_status {
    if !cfg!(feature = "iri") {
        return cri_status::CRI_ERR_UNSUPPORTED;
    }
    // SAFETY: forwarded from the caller.
    match unsafe { parse_as(s, len, false, error_offset) } {
        // SAFETY: forwarded from the caller.
        Ok(r) => unsafe {
            text_out(out, cap, out_len, error_offset, [r.input], |b| {
                uri::uri_to_iri(&r, b)
            })
        },
        Err(status) => status,
    }
}

/// `iri_resolve` flag: write the target as an IRI (default: mapped to a URI).
/// @ingroup cri_iri
pub const IRI_RESOLVE_KEEP_IRI: u32 = 1;

/// Resolves the IRI reference `(ref, ref_len)` against the IRI `(base, base_len)` (both
/// UTF-8, RFC 3987; URIs are IRIs too) as `uri_resolve` does (RFC 3986 §5.2, RFC 3987
/// §6.5) and writes the target into `(out, cap)` as a URI (RFC 3987 §3.1 mapping), or as
/// an IRI with `IRI_RESOLVE_KEEP_IRI`: a crawler resolving a page's links against the page
/// URL or its `<base href>`.
///
/// @retval CRI_OK The target and a NUL are in `out`, `*out_len` is its length without the
///     NUL.
/// @retval CRI_ERR_NULL `base` or `ref` is NULL with a nonzero length, `out_len` is NULL,
///     or `out` is NULL with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `flags` has a bit other than `IRI_RESOLVE_KEEP_IRI`, or `out`
///     overlaps `base` or `ref` (nothing written).
/// @retval CRI_ERR_BASE The base is no absolute IRI: `*error_offset` is 0 without a scheme,
///     else the first bad byte of the base.
/// @retval CRI_ERR_SYNTAX The reference is no IRI reference (also invalid UTF-8):
///     `*error_offset` is the first bad byte of the reference.
/// @retval CRI_ERR_PERCENT A `%` in the reference is not followed by two hex digits:
///     `*error_offset` is the first byte that is not one.
/// @retval CRI_ERR_PORT_RANGE A port over 65535 in the reference: `*error_offset` is its
///     first digit.
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
/// @retval CRI_ERR_UNSUPPORTED This build leaves out the cargo feature `iri` (default on);
///     nothing else is checked.
///
/// # Safety
/// As for `uri_resolve`.
/// @ingroup cri_iri
#[no_mangle]
pub unsafe extern "C" fn iri_resolve(
    base: *const c_char,
    base_len: usize,
    r#ref: *const c_char,
    ref_len: usize,
    flags: u32,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
) -> cri_status {
    if !cfg!(feature = "iri") {
        return cri_status::CRI_ERR_UNSUPPORTED;
    }
    if flags & !IRI_RESOLVE_KEEP_IRI != 0 {
        return cri_status::CRI_ERR_ARGUMENT;
    }
    // SAFETY: forwarded from the caller.
    let (Some(b), Some(r)) = (unsafe { input(base, base_len) }, unsafe {
        input(r#ref, ref_len)
    }) else {
        return cri_status::CRI_ERR_NULL;
    };
    let parsed = UriRef::parse_iri_bytes(b)
        .map_err(crate::uri::base_error_of)
        .and_then(|b| UriRef::parse_iri_bytes(r).map(|r| (b, r)));
    let keep = flags & IRI_RESOLVE_KEEP_IRI != 0;
    match parsed {
        // SAFETY: forwarded from the caller.
        Ok((b, r)) => unsafe {
            text_out(out, cap, out_len, error_offset, [b.input, r.input], |o| {
                uri::resolve_iri(&b, &r, keep, o)
            })
        },
        // SAFETY: forwarded from the caller.
        Err(e) => unsafe { report(e, error_offset) },
    }
}

/// Web address processing for pasted or scraped links (draft-duerst-iri-bis §7.2, as the
/// HTML5 URL terms use it): strips leading and trailing whitespace, removes tabs and line
/// breaks inside, percent-encodes what cannot stand in a URI (spaces and controls,
/// `` "<>\^`{|} ``, non-ASCII bytes, a `%` without two hex digits, a second `#`, `[` or `]`
/// outside the authority), writes the result to `(out, cap)` and checks it against the
/// RFC 3986 grammar.
///
/// @retval CRI_OK The processed text and a NUL are in `out`, `*out_len` is its length
///     without the NUL, and it is a URI reference.
/// @retval CRI_ERR_NULL `s` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps the input (nothing written).
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
/// @retval CRI_ERR_SYNTAX Even the processed text is no URI reference (e.g. a bad
///     IP-literal): the output is written as for `CRI_OK`, `*error_offset` is the first bad
///     byte of the output.
/// @retval CRI_ERR_PORT_RANGE The processed text has a port over 65535: the output is
///     written, `*error_offset` is the port's first digit in the output.
///
/// # Safety
/// As for `uri_normalize`.
/// @ingroup cri_iri
#[no_mangle]
pub unsafe extern "C" fn uri_preprocess(
    s: *const c_char,
    len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    let Some(text) = (unsafe { input(s, len) }) else {
        return cri_status::CRI_ERR_NULL;
    };
    // SAFETY: forwarded from the caller.
    let status = unsafe {
        text_out(out, cap, out_len, error_offset, [text], |b| {
            uri::preprocess(text, b)
        })
    };
    if status != cri_status::CRI_OK {
        return status;
    }
    // The output is written (with its NUL and length) either way; then it is checked.
    // SAFETY: CRI_OK means `out` holds `*out_len` written bytes.
    let written = unsafe { core::slice::from_raw_parts(out.cast::<u8>(), *out_len) };
    match UriRef::parse_bytes(written) {
        Ok(_) => cri_status::CRI_OK,
        // SAFETY: forwarded from the caller.
        Err(e) => unsafe { report(e, error_offset) },
    }
}

/// `<hostport>` of the HTML5 URL terms for parts from `uri_split`: the host, extended over
/// `:port` when there is a scheme and a port that differs from the scheme's default (or
/// whose default is not known). `*out` is absent (NULL) without an authority.
///
/// @retval CRI_OK `*out` is the host or host and port (NULL `ptr` without an authority).
/// @retval CRI_ERR_NULL `parts` or `out` is NULL.
/// @retval CRI_ERR_PARTS The port does not follow the host in memory (parts not from one
///     `uri_split`).
///
/// # Safety
/// `parts` is readable; `out` is writable.
/// @ingroup cri_iri
#[no_mangle]
pub unsafe extern "C" fn uri_hostport(parts: *const uri_parts, out: *mut uri_span) -> cri_status {
    // SAFETY: forwarded from the caller.
    let (Some(p), Some(out)) = (unsafe { parts.as_ref() }, unsafe { out.as_mut() }) else {
        return cri_status::CRI_ERR_NULL;
    };
    *out = p.host;
    if p.host.ptr.is_null() || p.port.ptr.is_null() || p.scheme.ptr.is_null() || p.port_number < 0 {
        return cri_status::CRI_OK;
    }
    // SAFETY: the scheme span is readable (caller), as it came from uri_split.
    let scheme = unsafe { core::slice::from_raw_parts(p.scheme.ptr.cast::<u8>(), p.scheme.len) };
    if uri::default_port(scheme).is_some_and(|d| i32::from(d) == p.port_number) {
        return cri_status::CRI_OK;
    }
    // Pointers as addresses (usize is pointer-wide on every target): only compared.
    let start = p.host.ptr as usize;
    let end = (p.port.ptr as usize).saturating_add(p.port.len);
    if end < start || (p.port.ptr as usize) < start.saturating_add(p.host.len) {
        return cri_status::CRI_ERR_PARTS;
    }
    out.len = end.saturating_sub(start);
    cri_status::CRI_OK
}

/// `<host-specific>` of the HTML5 URL terms for the reference `(s, len)`: what follows the
/// authority, or the whole reference without one. `*out` points into `s`.
///
/// @retval CRI_OK `*out` is the part after the authority, pointing into `s`.
/// @retval CRI_ERR_NULL `out` is NULL, or `s` is NULL with `len > 0`.
/// @retval CRI_ERR_SYNTAX The input is not an IRI reference (not a URI reference, in a build
///     without the cargo feature `iri`): `*error_offset` is the first bad byte.
/// @retval CRI_ERR_PERCENT A `%` is not followed by two hex digits: `*error_offset` is the
///     first byte that is not one.
/// @retval CRI_ERR_PORT_RANGE A port over 65535: `*error_offset` is its first digit.
///
/// # Safety
/// `s` points to `len` readable bytes; `out` is writable; `error_offset` NULL or writable.
/// @ingroup cri_iri
#[no_mangle]
pub unsafe extern "C" fn uri_host_specific(
    s: *const c_char,
    len: usize,
    out: *mut uri_span,
    error_offset: *mut usize,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    let Some(out) = (unsafe { out.as_mut() }) else {
        return cri_status::CRI_ERR_NULL;
    };
    // SAFETY: forwarded from the caller.
    match unsafe { parse_as(s, len, cfg!(feature = "iri"), error_offset) } {
        Ok(r) => {
            *out = span(Some(r.host_specific().as_bytes()));
            cri_status::CRI_OK
        }
        Err(status) => status,
    }
}
