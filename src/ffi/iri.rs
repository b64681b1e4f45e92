//! C functions of RFC 3987 and of the web-address terms: IRI ⇄ URI mapping (RFC 3987
//! §3.1, §3.2), IRI resolution, web-address preprocessing and the HTML5 URL terms
//! `<hostport>` and `<host-specific>`. The RFC 3986 entry points are in `ffi/uri.rs`.

use super::cri_status;
use super::uri::{parse_pair, span, uri_parts, uri_span};
use crate::uri::{self, UriRef};
use crate::Error;

/// The reference `s` parsed strictly as an IRI (`iri`) or a URI reference: one copy of
/// the parsers' calls for `iri_to_uri`, `uri_to_iri` and `uri_host_specific`.
fn parse_as(s: &[u8], iri: bool) -> Result<UriRef<'_>, Error> {
    if iri {
        UriRef::parse_iri_bytes(s)
    } else {
        UriRef::parse_bytes(s)
    }
}
use core::ffi::c_char;

/// Maps the IRI reference `(iri, len)` (UTF-8, validated against RFC 3987 `IRI-reference`)
/// to a URI reference (RFC 3987 §3.1) in the text buffer `(out, cap)`: every non-ASCII
/// character becomes the `%HH` triplets of its UTF-8 bytes (uppercase); ASCII and existing
/// percent-encodings stay. Host names are percent-encoded too: IDNA (punycode) is out of
/// scope.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_SYNTAX` (also invalid UTF-8) or
/// `CRI_ERR_PERCENT` with `*error_offset`; `CRI_ERR_BUFFER` with the length needed.
///
/// Without the cargo feature `iri` (default on) it returns `CRI_ERR_UNSUPPORTED`.
///
/// # Safety
/// As for `uri_normalize`.
#[no_mangle]
pub unsafe extern "C" fn iri_to_uri(
    iri: *const c_char,
    len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
) -> cri_status {
    try_feature!("iri");
    let s = try_input!(iri, len);
    let r = try_ok!(parse_as(s, true), error_offset);
    text_out!(out, cap, out_len, error_offset, [s], |b| uri::iri_to_uri(
        &r, b
    ))
}

/// Maps the URI reference `(s, len)` to an IRI reference (RFC 3987 §3.2) in `(out, cap)`:
/// percent-encoded UTF-8 sequences of `ucschar`s (in the query also `iprivate`) become
/// characters; percent-encoded ASCII such as `%2F`, `%25`, `%3F`, invalid UTF-8 and bidi
/// formatting characters (§4.1) stay encoded.
///
/// Returns as `iri_to_uri`.
///
/// Without the cargo feature `iri` (default on) it returns `CRI_ERR_UNSUPPORTED`.
///
/// # Safety
/// As for `uri_normalize`.
#[no_mangle]
pub unsafe extern "C" fn uri_to_iri(
    s: *const c_char,
    len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
) -> cri_status {
    try_feature!("iri");
    let s = try_input!(s, len);
    let r = try_ok!(parse_as(s, false), error_offset);
    text_out!(out, cap, out_len, error_offset, [s], |b| uri::uri_to_iri(
        &r, b
    ))
}

/// `iri_resolve` flag: write the target as an IRI (default: mapped to a URI).
pub const IRI_RESOLVE_KEEP_IRI: u32 = 1;

/// Resolves the IRI reference `(ref, ref_len)` against the IRI `(base, base_len)` (both
/// UTF-8, RFC 3987; URIs are IRIs too) as `uri_resolve` does (RFC 3986 §5.2, RFC 3987
/// §6.5) and writes the target into `(out, cap)` as a URI (RFC 3987 §3.1 mapping), or as
/// an IRI with `IRI_RESOLVE_KEEP_IRI`: a crawler resolving a page's links against the page
/// URL or its `<base href>`.
///
/// Returns as `uri_resolve`, and `CRI_ERR_ARGUMENT` for an unknown flag.
///
/// Without the cargo feature `iri` (default on) it returns `CRI_ERR_UNSUPPORTED`.
///
/// # Safety
/// As for `uri_resolve`.
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
    try_feature!("iri");
    try_flags!(flags, IRI_RESOLVE_KEEP_IRI);
    let (base, reference) = (try_input!(base, base_len), try_input!(r#ref, ref_len));
    let (mut b, mut r) = (UriRef::default(), UriRef::default());
    try_ok!(
        parse_pair::<true, true>([base, reference], [&mut b, &mut r]),
        error_offset
    );
    let keep = flags & IRI_RESOLVE_KEEP_IRI != 0;
    text_out!(out, cap, out_len, error_offset, [base, reference], |o| {
        uri::resolve_iri(&b, &r, keep, o)
    })
}

/// Web address processing for pasted or scraped links (draft-duerst-iri-bis §7.2, as the
/// HTML5 URL terms use it): strips leading and trailing whitespace, removes tabs and line
/// breaks inside, percent-encodes what cannot stand in a URI (spaces and controls,
/// `` "<>\^`{|} ``, non-ASCII bytes, a `%` without two hex digits, a second `#`, `[` or `]`
/// outside the authority), writes the result to `(out, cap)` and checks it against the
/// RFC 3986 grammar.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_BUFFER` with the length needed;
/// `CRI_ERR_SYNTAX` or `CRI_ERR_PORT_RANGE` with `*error_offset` into the output when even
/// the processed text is no URI reference (e.g. a bad IP-literal), the output written.
///
/// # Safety
/// As for `uri_normalize`.
#[no_mangle]
pub unsafe extern "C" fn uri_preprocess(
    s: *const c_char,
    len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
) -> cri_status {
    let text = try_input!(s, len);
    let status = text_out!(out, cap, out_len, error_offset, [text], |b| {
        uri::preprocess(text, b)
    });
    if status != cri_status::CRI_OK {
        return status;
    }
    // The output is written (with its NUL and length) either way; then it is checked.
    // SAFETY: CRI_OK means `out` holds `*out_len` written bytes.
    let written = unsafe { core::slice::from_raw_parts(out.cast::<u8>(), *out_len) };
    try_ok!(UriRef::parse_bytes(written), error_offset);
    cri_status::CRI_OK
}

/// `<hostport>` of the HTML5 URL terms for parts from `uri_split`: the host, extended over
/// `:port` when there is a scheme and a port that differs from the scheme's default (or
/// whose default is not known). `*out` is absent (NULL) without an authority.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_PARTS` if the port does not follow the host
/// in memory (parts not from one `uri_split`).
///
/// # Safety
/// `parts` is readable; `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn uri_hostport(parts: *const uri_parts, out: *mut uri_span) -> cri_status {
    let (p, out) = (try_ref!(parts), try_mut!(out));
    *out = p.host;
    // SAFETY: the parts come from one `uri_split` (this function's contract), so each span
    // is NULL or lies in that split's input, still alive.
    let Some(view) = (unsafe { hostport_view(p) }) else {
        return cri_status::CRI_OK;
    };
    match view.host.and_then(|host| view.hostport_of(host)) {
        Some(hostport) => {
            *out = span(Some(hostport));
            cri_status::CRI_OK
        }
        None => cri_status::CRI_ERR_PARTS,
    }
}

/// The view [`UriRef::hostport`] needs of `*p`: scheme, host, port and port number, with
/// the stretch from the host to the end of the port as its input when the port follows
/// the host (else no input, in which `hostport_of` finds no `host:port`). `None` without
/// a host.
///
/// # Safety
/// Each span of `p` is NULL or points to its length of readable bytes, and the bytes from
/// the host to the end of a port that follows it are one readable stretch (one input).
unsafe fn hostport_view<'a>(p: &uri_parts) -> Option<UriRef<'a>> {
    // SAFETY: the caller's promise for every span.
    let bytes = |s: uri_span| {
        (!s.ptr.is_null()).then(|| unsafe { core::slice::from_raw_parts(s.ptr.cast(), s.len) })
    };
    let host: &[u8] = bytes(p.host)?;
    let port = bytes(p.port);
    // Pointers as addresses (usize is pointer-wide on every target): only compared.
    let start = host.as_ptr() as usize;
    let input = match port.map(|p| p.as_ptr() as usize) {
        Some(at) if at >= start.saturating_add(host.len()) => {
            let end = at.saturating_add(p.port.len);
            // SAFETY: host to port end is one stretch of the split's input (caller).
            unsafe { core::slice::from_raw_parts(host.as_ptr(), end.saturating_sub(start)) }
        }
        _ => &[],
    };
    Some(UriRef {
        input,
        scheme: bytes(p.scheme),
        host: Some(host),
        port,
        port_number: u16::try_from(p.port_number).ok(),
        ..UriRef::default()
    })
}

/// `<host-specific>` of the HTML5 URL terms for the reference `(s, len)`: what follows the
/// authority, or the whole reference without one. `*out` points into `s`.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_SYNTAX`, `CRI_ERR_PERCENT` or
/// `CRI_ERR_PORT_RANGE` with `*error_offset` (validated as an IRI reference, so URIs and
/// IRIs both work; as a URI reference without the cargo feature `iri`).
///
/// # Safety
/// `s` points to `len` readable bytes; `out` is writable; `error_offset` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn uri_host_specific(
    s: *const c_char,
    len: usize,
    out: *mut uri_span,
    error_offset: *mut usize,
) -> cri_status {
    let out = try_mut!(out);
    let s = try_input!(s, len);
    let r = try_ok!(parse_as(s, cfg!(feature = "iri")), error_offset);
    *out = span(Some(r.host_specific().as_bytes()));
    cri_status::CRI_OK
}
