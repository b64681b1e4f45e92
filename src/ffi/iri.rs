//! C functions of RFC 3987 and of the web-address terms: IRI ⇄ URI mapping (RFC 3987
//! §3.1, §3.2), IRI resolution, web-address preprocessing and the HTML5 URL terms
//! `<hostport>` and `<host-specific>`. The RFC 3986 entry points are in `ffi/uri.rs`.

use super::cri_status;
use super::sink::regions_overlap;
use super::uri::{span, uri_parts, uri_span};
use crate::uri::{self, parse_strict, UriRef};
use core::ffi::c_char;

/// The reference `s` parsed strictly as an IRI (`iri`) or a URI reference into
/// `r`, or the status to return (an error reported to `error_offset`). One copy of these
/// steps for `iri_to_uri`, `uri_to_iri` and `uri_host_specific`, called, not inlined into
/// each: the three share it in the `everything` firmware profile. `r` is the caller's view,
/// filled by `parse_strict`: returning the view would hold it a second time, in a `Result`
/// on this frame (Decision 17: no large structs returned by value).
///
/// # Safety
/// `error_offset` is NULL or writable.
unsafe fn parse_as<'a>(
    s: &'a [u8],
    iri: bool,
    error_offset: *mut usize,
    r: &mut UriRef<'a>,
) -> Result<(), cri_status> {
    let parsed = if iri {
        parse_strict::<true>(s, r)
    } else {
        parse_strict::<false>(s, r)
    };
    parsed.map_err(|e| report!(e, error_offset))
}

/// `try_parse!(r = s, iri, error_offset)`: declares the view `r` and [`parse_as`]
/// into it, or returns its status. The view is parsed in place, not returned out of a
/// block: moving it would copy it through `memcpy` (Decision 17).
///
/// Promise (ffi/args.rs): as for [`parse_as`].
macro_rules! try_parse {
    ($r:ident = $s:expr, $iri:expr, $error_offset:expr) => {
        let mut $r = UriRef::default();
        // SAFETY: the enclosing function's `# Safety` makes the promise.
        if let Err(status) = unsafe { parse_as($s, $iri, $error_offset, &mut $r) } {
            return status;
        }
    };
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
    try_feature!("iri");
    let s = try_input!(iri, len);
    let room = try_room!(out, cap, out_len, [s]);
    try_parse!(r = s, true, error_offset);
    text_done!(out, cap, out_len, uri::iri_to_uri(&r, room), error_offset)
}

/// Maps the URI reference `(s, len)` to an IRI reference (RFC 3987 §3.2) in `(out, cap)`:
/// percent-encoded UTF-8 sequences of `ucschar`s (in the query also `iprivate`) become
/// characters; percent-encoded ASCII such as `%2F`, `%25`, `%3F`, invalid UTF-8, bidi
/// formatting characters (RFC 3987 §4.1) and an IP-literal's zone id (§2.2 allows no
/// `ucschar` in an IP-literal) stay encoded.
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
    try_feature!("iri");
    let s = try_input!(s, len);
    let room = try_room!(out, cap, out_len, [s]);
    try_parse!(r = s, false, error_offset);
    text_done!(out, cap, out_len, uri::uri_to_iri(&r, room), error_offset)
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
    try_feature!("iri");
    try_flags!(flags, IRI_RESOLVE_KEEP_IRI);
    let (base, reference) = (try_input!(base, base_len), try_input!(r#ref, ref_len));
    let room = try_room!(out, cap, out_len, [base, reference]);
    let mut target = uri::Target::default();
    try_ok!(
        uri::parse_target::<true>(base, reference, &mut target),
        error_offset
    );
    let keep = flags & IRI_RESOLVE_KEEP_IRI != 0;
    text_done!(
        out,
        cap,
        out_len,
        uri::write_iri_target(&target, keep, room),
        error_offset
    )
}

/// Web address processing for pasted or scraped links (draft-duerst-iri-bis §7.2, as the
/// HTML5 URL terms use it): strips leading and trailing ASCII whitespace (space, TAB, LF,
/// FF, CR; other controls, VT and non-ASCII spaces are percent-encoded like any byte that
/// cannot stand in a URI), removes tabs and line breaks inside, percent-encodes what cannot stand in a URI (spaces and controls,
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
    // Into a view on this frame (parse_strict): `parse_bytes` would add its own frame with
    // the view in a `Result` below this one (Decision 17: stack).
    let mut check = UriRef::default();
    try_ok!(parse_strict::<false>(written, &mut check), error_offset);
    cri_status::CRI_OK
}

/// `<hostport>` of the HTML5 URL terms for parts from `uri_split`: the host, extended over
/// `:port` when there is a scheme and a port that differs from the scheme's default (or
/// whose default is not known). `*out` is absent (NULL) without an authority.
///
/// @retval CRI_OK `*out` is the host or host and port (NULL `ptr` without an authority).
/// @retval CRI_ERR_NULL `parts` or `out` is NULL.
/// @retval CRI_ERR_ARGUMENT `*out` overlaps `*parts` or the scheme's text (nothing written).
/// @retval CRI_ERR_PARTS The port does not start right after the host and its `:` in
///     memory (parts not from one `uri_split`); nothing written.
///
/// # Safety
/// `parts` is readable; `out` is writable.
/// @ingroup cri_iri
#[no_mangle]
pub unsafe extern "C" fn uri_hostport(parts: *const uri_parts, out: *mut uri_span) -> cri_status {
    let p = try_ref!(parts);
    // SAFETY: the parts come from `uri_split` (this function's contract): a scheme span
    // points to its length of readable bytes of the split's input.
    let scheme = (!p.scheme.ptr.is_null())
        .then(|| unsafe { core::slice::from_raw_parts(p.scheme.ptr.cast(), p.scheme.len) });
    // `*out` is an output: apart from the parts it reads, and from the text it reads.
    let (o, n) = (out as usize, size_of::<uri_span>());
    if regions_overlap(o, n, parts as usize, size_of::<uri_parts>()) {
        return cri_status::CRI_ERR_ARGUMENT;
    }
    try_apart!(out, [scheme.unwrap_or_default()]);
    let out = try_mut!(out);
    let view = UriRef {
        scheme,
        port_number: u16::try_from(p.port_number).ok(),
        ..UriRef::default()
    };
    let mut hostport = p.host;
    if !p.host.ptr.is_null() && !p.port.ptr.is_null() && view.shows_port() {
        // `UriRef::hostport` takes host to port from its input; `uri_parts` has none, and
        // a slice made from the host's pointer over the port would claim bytes that
        // pointer may not cover (Stacked Borrows; miri), so the join stays arithmetic on
        // addresses (usize is pointer-wide on every target), only compared. In parts from
        // one split the port starts right after the host's ":" (RFC 3986 §3.2); anything
        // else would make the span cover bytes of neither.
        let colon = (p.host.ptr as usize).saturating_add(p.host.len);
        if p.port.ptr as usize != colon.saturating_add(1) {
            return cri_status::CRI_ERR_PARTS;
        }
        hostport.len = p.host.len.saturating_add(1).saturating_add(p.port.len);
    }
    *out = hostport;
    cri_status::CRI_OK
}

/// `<host-specific>` of the HTML5 URL terms for the reference `(s, len)`: what follows the
/// authority, or the whole reference without one. `*out` points into `s`.
///
/// @retval CRI_OK `*out` is the part after the authority, pointing into `s`.
/// @retval CRI_ERR_NULL `out` is NULL, or `s` is NULL with `len > 0`.
/// @retval CRI_ERR_ARGUMENT `*out` overlaps the input (nothing written).
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
    let s = try_input!(s, len);
    try_apart!(out, [s]);
    try_parse!(r = s, cfg!(feature = "iri"), error_offset);
    let out = try_mut!(out);
    *out = span(Some(r.host_specific().as_bytes()));
    cri_status::CRI_OK
}
