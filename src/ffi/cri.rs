//! C functions of the CRI layer (draft-ietf-core-href-27).

use super::cri_status;
use super::sink::{input_region, output_refused, region, NO_INPUTS};
use crate::cri::{self, CriRef, ToUriOptions};
use crate::uri::{parse_reading_address, UriRef};
use core::ffi::c_char;

/// Details of an error, reset to 0/0 by every function that takes one. `reason` is in one
/// of three spaces, chosen by the status: a `CRI_REASON_*` value with
/// `CRI_ERR_UNPROCESSABLE` (and with `CRI_ERR_BASE` from `cri_resolve`), a
/// `CRI_UNCONVERTIBLE_*` value with `CRI_ERR_UNCONVERTIBLE`, a `CRI_COAP_ERR_*` value with
/// `CRI_ERR_COAP`; 0 otherwise. `cri_reason_name(status, reason)` names it. `offset` is
/// the byte offset of the offending CBOR item, or of the first bad byte of a URI; with
/// `CRI_ERR_COAP` it is the URI's offending byte from `uri_to_coap_options` and 0 from
/// every other function (their input is a CRI, options or option bytes).
/// @ingroup cri_lib
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct cri_error_info {
    /// Byte offset into the input the error refers to.
    pub offset: usize,
    /// `CRI_REASON_*`, `CRI_UNCONVERTIBLE_*` or `CRI_COAP_ERR_*` (by the status), 0 if the
    /// status says it all.
    pub reason: i32,
}

/// Unprocessable: not well-formed CBOR.
/// @ingroup cri_cri
pub const CRI_REASON_NOT_CBOR: i32 = 1;
/// Unprocessable: indefinite-length encoding.
/// @ingroup cri_cri
pub const CRI_REASON_INDEFINITE: i32 = 2;
/// Unprocessable: a trailing default value (or `null`) was not removed.
/// @ingroup cri_cri
pub const CRI_REASON_TRAILING_DEFAULT: i32 = 3;
/// Unprocessable: scheme and authority both `null` (use discard).
/// @ingroup cri_cri
pub const CRI_REASON_TWO_LEADING_NULLS: i32 = 4;
/// Unprocessable: a path segment is "." or "..".
/// @ingroup cri_cri
pub const CRI_REASON_DOT_SEGMENT: i32 = 5;
/// Unprocessable: a text string is not valid UTF-8.
/// @ingroup cri_cri
pub const CRI_REASON_INVALID_UTF8: i32 = 6;
/// Unprocessable: a port over 65535.
/// @ingroup cri_cri
pub const CRI_REASON_PORT_RANGE: i32 = 7;
/// Unprocessable: a host-ip that is not 4 or 16 bytes.
/// @ingroup cri_cri
pub const CRI_REASON_HOST_IP_LENGTH: i32 = 8;
/// Unprocessable: a host-name label with "." or an uppercase letter (draft §2 C5;
/// docs/DECISIONS.md Decision 12).
/// @ingroup cri_cri
pub const CRI_REASON_HOST_LABEL: i32 = 9;
/// Unprocessable: PET byte strings that are not minimal.
/// @ingroup cri_cri
pub const CRI_REASON_PET_NOT_MINIMAL: i32 = 10;
/// Unprocessable: a leading empty path segment without authority.
/// @ingroup cri_cri
pub const CRI_REASON_LEADING_EMPTY_SEGMENT: i32 = 11;
/// Unprocessable: a rootless no-authority CRI with an empty path.
/// @ingroup cri_cri
pub const CRI_REASON_NAKED_ROOTLESS: i32 = 12;
/// Unprocessable: an item of a type or shape the CDDL does not allow, or an unknown feature.
/// @ingroup cri_cri
pub const CRI_REASON_STRUCTURE: i32 = 13;
/// Unprocessable: discard over 127.
/// @ingroup cri_cri
pub const CRI_REASON_DISCARD_RANGE: i32 = 14;
/// Unprocessable: a scheme-name that does not match `[a-z][a-z0-9+.-]*`.
/// @ingroup cri_cri
pub const CRI_REASON_SCHEME_NAME: i32 = 15;
/// Unprocessable: bytes after the CRI.
/// @ingroup cri_cri
pub const CRI_REASON_TRAILING_BYTES: i32 = 16;
/// Unprocessable: a full CRI was required but this is a relative reference.
/// @ingroup cri_cri
pub const CRI_REASON_NOT_FULL: i32 = 17;
/// Unprocessable: a CBOR tag other than 99 around the CRI.
/// @ingroup cri_cri
pub const CRI_REASON_TAG: i32 = 18;

/// Unconvertible: an IPvFuture host.
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_IPVFUTURE: i32 = 1;
/// Unconvertible: an empty port.
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_EMPTY_PORT: i32 = 2;
/// Unconvertible: a port with leading zeros.
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_PORT_LEADING_ZERO: i32 = 3;
/// Unconvertible: a zone id that is not UTF-8 (`cri_from_uri`), or an empty zone-id or
/// one on an IPv4 address (`cri_to_uri`: RFC 6874 has a non-empty ZoneID for IPv6 only).
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_ZONE_ID: i32 = 4;
/// Unconvertible: a scheme number not in the table compiled in.
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_UNKNOWN_SCHEME: i32 = 5;
/// Unconvertible: discard 0 with a path or with an empty query.
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_DISCARD_ZERO: i32 = 6;
/// Unconvertible: discard without path segments to append.
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_DISCARD_WITHOUT_PATH: i32 = 7;
/// Unconvertible: a zone-id, and `CRI_TO_URI_ZONE_ID` was not given.
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_ZONE_ID_NOT_ENABLED: i32 = 8;
/// Unconvertible: the base is not a full CRI.
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_NOT_FULL: i32 = 9;
/// Unconvertible: without an authority, the path starts with an empty segment and more.
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_LEADING_EMPTY_SEGMENT: i32 = 10;
/// Unconvertible: a relative reference climbing more than 126 segments (discard over 127,
/// draft §5.1).
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_DISCARD_RANGE: i32 = 11;
/// Unconvertible: no scheme and a rootless path without authority (`[null, true, …]`),
/// which no URI reference without a scheme expresses (draft §6.1, RFC 3986 §5.2.2).
/// @ingroup cri_cri
pub const CRI_UNCONVERTIBLE_ROOTLESS_WITHOUT_SCHEME: i32 = 12;

/// `cri_validate` flag: the CRI reference must be a full CRI (start with a scheme).
/// @ingroup cri_cri
pub const CRI_VALIDATE_FULL: u32 = 1;
/// `cri_to_uri` flag: write a zone-id in the RFC 6874 form `[fe80::1%25eth0]`.
/// @ingroup cri_cri
pub const CRI_TO_URI_ZONE_ID: u32 = 1;

/// Checks that `(cbor, len)` is one well-formed, processable CRI reference (draft §5.1,
/// §5.2.1, the constraints of §2 and the PET rules of §7.2), optionally inside CBOR tag 99.
/// With `CRI_VALIDATE_FULL` it must also be a full CRI. Arbitrary bytes are safe: the
/// check never reads past `len`, uses bounded stack and no recursion.
///
/// @retval CRI_OK The CRI reference is processable (and full, with `CRI_VALIDATE_FULL`).
/// @retval CRI_ERR_NULL `cbor` is NULL with `len > 0`.
/// @retval CRI_ERR_ARGUMENT `flags` has a bit other than `CRI_VALIDATE_FULL`.
/// @retval CRI_ERR_UNPROCESSABLE The CRI reference is not processable (draft §5.2.1):
///     `err->reason` is a `CRI_REASON_*` value, `err->offset` the offending CBOR item (for
///     a rule across sections, the path or its first segment, or the end of the reference
///     where a path would stand). A relative reference with `CRI_VALIDATE_FULL` is
///     `CRI_REASON_NOT_FULL`.
///
/// # Safety
/// `cbor` points to `len` readable bytes (or is NULL with `len == 0`); `err` is NULL or
/// writable.
/// @ingroup cri_cri
#[no_mangle]
pub unsafe extern "C" fn cri_validate(
    cbor: *const u8,
    len: usize,
    flags: u32,
    err: *mut cri_error_info,
) -> cri_status {
    let err = clear_error!(err);
    let bytes = try_input!(cbor, len);
    try_flags!(flags, CRI_VALIDATE_FULL);
    let mut r = CriRef::empty();
    if let Err(u) = r.ingest(bytes, flags & CRI_VALIDATE_FULL != 0) {
        return err.cri(cri_status::CRI_ERR_UNPROCESSABLE, u);
    }
    cri_status::CRI_OK
}

/// Converts the URI reference `(uri, len)` into a CRI reference in CBOR (no tag) in
/// `(out, cap)` (bytes, no NUL): normalized (scheme and host lowercase, dot-segments and
/// default port removed), scheme-id where the scheme table has one, text percent-decoded,
/// PET only where needed.
///
/// @retval CRI_OK The CBOR is in `out`, `*out_len` is its length in bytes.
/// @retval CRI_ERR_NULL `uri` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps the input (nothing written).
/// @retval CRI_ERR_SYNTAX The input is no URI reference: `err->offset` is the first bad
///     byte.
/// @retval CRI_ERR_PERCENT A `%` is not followed by two hex digits: `err->offset` is the
///     first byte that is not one.
/// @retval CRI_ERR_PORT_RANGE A port over 65535: `err->offset` is its first digit.
/// @retval CRI_ERR_UNCONVERTIBLE The reference has no CRI form: `err->reason` is
///     `CRI_UNCONVERTIBLE_IPVFUTURE`, `CRI_UNCONVERTIBLE_EMPTY_PORT`,
///     `CRI_UNCONVERTIBLE_PORT_LEADING_ZERO`, `CRI_UNCONVERTIBLE_ZONE_ID` (a zone id that
///     is not UTF-8), `CRI_UNCONVERTIBLE_LEADING_EMPTY_SEGMENT` (no authority and a path
///     starting with an empty segment and more) or `CRI_UNCONVERTIBLE_DISCARD_RANGE` (a
///     relative reference that would need a discard over 127, draft §5.1).
/// @retval CRI_ERR_BUFFER The CBOR does not fit: `*out_len` is its length in bytes; nothing
///     written at or past `out + cap`.
///
/// # Safety
/// `uri` points to `len` readable bytes (or is NULL with `len == 0`); `out` points to `cap`
/// writable bytes (or is NULL with `cap == 0`); `out_len` is writable; `err` NULL or writable.
/// @ingroup cri_cri
#[no_mangle]
pub unsafe extern "C" fn cri_from_uri(
    uri: *const c_char,
    len: usize,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: the arguments go on unchanged, under the same contract.
    unsafe { from_text(uri, len, false, out, cap, out_len, err) }
}

/// `cri_from_uri` / `cri_from_iri`: the text parsed as a URI reference, or as an IRI
/// reference with `iri`, then converted. A flag, not a parser passed as a function
/// pointer: an indirect call counts, in the stack bound of every entry point that makes
/// one, as a call to any function whose address the image holds, and the parser closures
/// were the deepest of those (Decision 17: stack).
///
/// # Safety
/// As for `cri_from_uri`.
unsafe fn from_text(
    text: *const c_char,
    len: usize,
    iri: bool,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    let err = clear_error!(err);
    let s = try_input!(text, len);
    // The output's refusals come before the input is read (cri.h).
    if let Some(status) = output_refused(&[region(out, cap), input_region(s)], out_len) {
        return status;
    }
    let mut u = UriRef::default();
    // The host's address, kept from the parse for the conversion.
    let mut a = [0u8; 16];
    let parsed = if iri {
        parse_reading_address::<true>(s, &mut u, &mut a)
    } else {
        parse_reading_address::<false>(s, &mut u, &mut a)
    };
    match parsed {
        Ok(()) => bytes_out!(out, cap, out_len, err, NO_INPUTS, |b| cri::from_parsed(
            &u, &a, b
        )),
        Err(e) => report!(e, err),
    }
}

/// Converts the IRI reference `(iri, len)` (UTF-8, RFC 3987) into a CRI reference in CBOR
/// (draft §6: IRI → URI → CRI; CRI text is Unicode, so non-ASCII characters stay text) in
/// `(out, cap)` (bytes, no NUL), as `cri_from_uri` does for a URI.
///
/// @retval CRI_OK The CBOR is in `out`, `*out_len` is its length in bytes.
/// @retval CRI_ERR_NULL `iri` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps the input (nothing written).
/// @retval CRI_ERR_SYNTAX The input is no IRI reference: `err->offset` is the first bad
///     byte (of invalid UTF-8, or of a character RFC 3987 does not allow there).
/// @retval CRI_ERR_PERCENT A `%` is not followed by two hex digits: `err->offset` is the
///     first byte that is not one.
/// @retval CRI_ERR_PORT_RANGE A port over 65535: `err->offset` is its first digit.
/// @retval CRI_ERR_UNCONVERTIBLE The reference has no CRI form: `err->reason` is
///     `CRI_UNCONVERTIBLE_IPVFUTURE`, `CRI_UNCONVERTIBLE_EMPTY_PORT`,
///     `CRI_UNCONVERTIBLE_PORT_LEADING_ZERO`, `CRI_UNCONVERTIBLE_ZONE_ID` (a zone id that
///     is not UTF-8), `CRI_UNCONVERTIBLE_LEADING_EMPTY_SEGMENT` (no authority and a path
///     starting with an empty segment and more) or `CRI_UNCONVERTIBLE_DISCARD_RANGE` (a
///     relative reference that would need a discard over 127, draft §5.1).
/// @retval CRI_ERR_BUFFER The CBOR does not fit: `*out_len` is its length in bytes; nothing
///     written at or past `out + cap`.
/// @retval CRI_ERR_UNSUPPORTED This build leaves out the cargo feature `iri` (default on);
///     nothing else is checked.
///
/// # Safety
/// As for `cri_from_uri`.
/// @ingroup cri_iri
#[no_mangle]
pub unsafe extern "C" fn cri_from_iri(
    iri: *const c_char,
    len: usize,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    try_feature!("iri", err);
    // SAFETY: the arguments go on unchanged, under the same contract.
    unsafe { from_text(iri, len, true, out, cap, out_len, err) }
}

/// Converts the CRI reference `(cbor, len)` (CBOR, optionally in tag 99) into a URI
/// reference (draft §6.1, recomposed per RFC 3986 §5.3) in the text buffer `(out, cap)`.
/// With `CRI_TO_URI_ZONE_ID` a zone-id is written as `%25zone` (RFC 6874).
///
/// @retval CRI_OK The URI reference and a NUL are in `out`, `*out_len` is its length
///     without the NUL.
/// @retval CRI_ERR_NULL `cbor` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `flags` has a bit other than `CRI_TO_URI_ZONE_ID`, or `out`
///     overlaps the input (nothing written).
/// @retval CRI_ERR_UNPROCESSABLE The CRI reference is not processable (draft §5.2.1):
///     `err->reason` is a `CRI_REASON_*` value, `err->offset` the offending CBOR item.
/// @retval CRI_ERR_UNCONVERTIBLE The CRI has no URI reference form: `err->reason` is
///     `CRI_UNCONVERTIBLE_UNKNOWN_SCHEME` (a scheme number not in the table compiled in),
///     `CRI_UNCONVERTIBLE_DISCARD_ZERO` (discard 0 with a path or an empty query),
///     `CRI_UNCONVERTIBLE_DISCARD_WITHOUT_PATH`, `CRI_UNCONVERTIBLE_ZONE_ID_NOT_ENABLED` (a
///     zone-id without `CRI_TO_URI_ZONE_ID`), `CRI_UNCONVERTIBLE_ZONE_ID` (an empty zone-id
///     or one on an IPv4 address: RFC 6874 has `ZoneID = 1*( unreserved / pct-encoded )`,
///     for IPv6 only) or `CRI_UNCONVERTIBLE_ROOTLESS_WITHOUT_SCHEME` (no scheme and a
///     rootless path: the reference would resolve elsewhere).
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
///
/// # Safety
/// As for `cri_from_uri`.
/// @ingroup cri_cri
#[no_mangle]
pub unsafe extern "C" fn cri_to_uri(
    cbor: *const u8,
    len: usize,
    flags: u32,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: the arguments go on unchanged, under the same contract.
    unsafe { to_text(cbor, len, flags, false, out, cap, out_len, err) }
}

/// Converts the CRI reference `(cbor, len)` into an IRI reference (draft §6: CRI → URI →
/// IRI) in the text buffer `(out, cap)`: text components keep their non-ASCII characters
/// where RFC 3987 allows them (`ucschar`, `iprivate` in the query, no bidi formatting); PET
/// bytes and other characters are percent-encoded. Flags as for `cri_to_uri`.
///
/// @retval CRI_OK The IRI reference and a NUL are in `out`, `*out_len` is its length
///     without the NUL.
/// @retval CRI_ERR_NULL `cbor` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `flags` has a bit other than `CRI_TO_URI_ZONE_ID`, or `out`
///     overlaps the input (nothing written).
/// @retval CRI_ERR_UNPROCESSABLE The CRI reference is not processable (draft §5.2.1):
///     `err->reason` is a `CRI_REASON_*` value, `err->offset` the offending CBOR item.
/// @retval CRI_ERR_UNCONVERTIBLE The CRI has no IRI reference form: `err->reason` is
///     `CRI_UNCONVERTIBLE_UNKNOWN_SCHEME` (a scheme number not in the table compiled in),
///     `CRI_UNCONVERTIBLE_DISCARD_ZERO` (discard 0 with a path or an empty query),
///     `CRI_UNCONVERTIBLE_DISCARD_WITHOUT_PATH`, `CRI_UNCONVERTIBLE_ZONE_ID_NOT_ENABLED` (a
///     zone-id without `CRI_TO_URI_ZONE_ID`), `CRI_UNCONVERTIBLE_ZONE_ID` (an empty zone-id
///     or one on an IPv4 address: RFC 6874 has `ZoneID = 1*( unreserved / pct-encoded )`,
///     for IPv6 only) or `CRI_UNCONVERTIBLE_ROOTLESS_WITHOUT_SCHEME` (no scheme and a
///     rootless path: the reference would resolve elsewhere).
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
/// @retval CRI_ERR_UNSUPPORTED This build leaves out the cargo feature `iri` (default on);
///     nothing else is checked.
///
/// # Safety
/// As for `cri_from_uri`.
/// @ingroup cri_iri
#[no_mangle]
pub unsafe extern "C" fn cri_to_iri(
    cbor: *const u8,
    len: usize,
    flags: u32,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    try_feature!("iri", err);
    // SAFETY: the arguments go on unchanged, under the same contract.
    unsafe { to_text(cbor, len, flags, true, out, cap, out_len, err) }
}

/// `cri_to_uri` and `cri_to_iri`.
///
/// # Safety
/// As for `cri_from_uri`.
#[allow(clippy::too_many_arguments)]
unsafe fn to_text(
    cbor: *const u8,
    len: usize,
    flags: u32,
    iri: bool,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    let err = clear_error!(err);
    let bytes = try_input!(cbor, len);
    try_flags!(flags, CRI_TO_URI_ZONE_ID);
    let opts = ToUriOptions {
        zone_id: flags & CRI_TO_URI_ZONE_ID != 0,
        iri,
    };
    let room = try_room!(out, cap, out_len, [bytes]);
    // Decoded in place (CriRef::ingest), like every C function that reads a CRI.
    let mut c = CriRef::empty();
    if let Err(u) = c.ingest(bytes, false) {
        return err.cri(cri_status::CRI_ERR_UNPROCESSABLE, u);
    }
    text_done!(out, cap, out_len, cri::to_uri(&c, opts, room), err)
}

/// Resolves the CRI reference `(ref, ref_len)` against the full CRI `(base, base_len)`
/// (draft §5.3) and writes the resulting full CRI in CBOR into `(out, cap)` (bytes). Where
/// it differs from `uri_resolve` on the same references (draft §5.3; docs/API.md lists
/// them): the empty reference keeps the base's fragment, and the cases below.
///
/// @retval CRI_OK The resulting full CRI is in `out`, `*out_len` is its length in bytes.
/// @retval CRI_ERR_NULL `base` or `ref` is NULL with a nonzero length, `out_len` is NULL,
///     or `out` is NULL with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps `base` or `ref` (nothing written).
/// @retval CRI_ERR_BASE The base is not a processable full CRI: `err->reason` is a
///     `CRI_REASON_*` value (`CRI_REASON_NOT_FULL` for a relative reference), `err->offset`
///     the offending CBOR item of the base.
/// @retval CRI_ERR_UNPROCESSABLE The reference is not processable (draft §5.2.1):
///     `err->reason` and `err->offset` as for `CRI_ERR_BASE`, in the reference.
/// @retval CRI_ERR_UNCONVERTIBLE The result would be no valid CRI (no authority and a path
///     starting with an empty segment and more, or a rootless path starting with an empty
///     segment and more): `err->reason` is `CRI_UNCONVERTIBLE_LEADING_EMPTY_SEGMENT`. A
///     rootless result with no segment or one empty segment (`coap:a` + `./`) is the
///     root-based empty path (`coap:`, docs/DECISIONS.md Decision 20); against a base
///     without authority a discard leaves no root (`urn:a=b/;p` + `../x` is `urn:x`, where
///     RFC 3986 gives `urn:/x`; docs/API.md lists the differences).
/// @retval CRI_ERR_BUFFER The CBOR does not fit: `*out_len` is its length in bytes; nothing
///     written at or past `out + cap`.
///
/// # Safety
/// `base` and `ref` point to their lengths of readable bytes (or are NULL with length 0);
/// `out`, `out_len`, `err` as for `cri_from_uri`.
/// @ingroup cri_cri
#[no_mangle]
pub unsafe extern "C" fn cri_resolve(
    base: *const u8,
    base_len: usize,
    r#ref: *const u8,
    ref_len: usize,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    let err = clear_error!(err);
    let (b, r) = (try_input!(base, base_len), try_input!(r#ref, ref_len));
    // The output's refusals come before the inputs are read (cri.h).
    let regions = [region(out, cap), input_region(b), input_region(r)];
    if let Some(status) = output_refused(&regions, out_len) {
        return status;
    }
    let (mut base, mut reference) = (CriRef::empty(), CriRef::empty());
    // The base is read first; its details go with the status that says it is the base.
    let mut status = cri_status::CRI_ERR_BASE;
    let mut read = base.ingest(b, true);
    if read.is_ok() {
        status = cri_status::CRI_ERR_UNPROCESSABLE;
        read = reference.ingest(r, false);
    }
    if let Err(u) = read {
        return err.cri(status, u);
    }
    // SAFETY: the caller's promises for `out`, `out_len`.
    unsafe {
        super::sink::buffer_out(out, cap, out_len, false, NO_INPUTS, |o| {
            cri::resolve_cbor(&base, &reference, o)
        })
    }
    // Resolution's only refusal besides the room: reported as it is, so that a CRI device
    // links no conversion of every `Error` (Decision 17).
    .unwrap_or_else(|why| err.unconvertible(why))
}

/// Writes the CBOR diagnostic notation (EDN, RFC 8949 §8) of the CRI reference
/// `(cbor, len)` into the text buffer `(out, cap)`, e.g. `[-1, ["example", "com"], ["a"]]`.
///
/// @retval CRI_OK The EDN and a NUL are in `out`, `*out_len` is its length without the NUL.
/// @retval CRI_ERR_NULL `cbor` is NULL with `len > 0`, `out_len` is NULL, or `out` is NULL
///     with `cap > 0`.
/// @retval CRI_ERR_ARGUMENT `out` overlaps the input (nothing written).
/// @retval CRI_ERR_UNPROCESSABLE The CRI reference is not processable (draft §5.2.1):
///     `err->reason` is a `CRI_REASON_*` value, `err->offset` the offending CBOR item.
/// @retval CRI_ERR_BUFFER The text does not fit: `*out_len` is the length needed without
///     the NUL (retry with `cap >= *out_len + 1`); nothing written at or past `out + cap`.
/// @retval CRI_ERR_UNSUPPORTED This build leaves out the cargo feature `edn` (default on);
///     nothing else is checked.
///
/// # Safety
/// As for `cri_from_uri`.
/// @ingroup cri_cri
#[no_mangle]
pub unsafe extern "C" fn cri_to_edn(
    cbor: *const u8,
    len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    try_feature!("edn", err);
    let err = clear_error!(err);
    let bytes = try_input!(cbor, len);
    text_out!(out, cap, out_len, err, [bytes], |b| cri::cbor_to_edn(
        bytes, b
    ))
}

/// Looks up the CRI scheme number of the scheme name `(name, len)` (ASCII
/// case-insensitive; draft §5.1.1) and stores it in `*number` (scheme-id = -1 - number).
///
/// @retval CRI_OK `*number` is the scheme number.
/// @retval CRI_ERR_NULL `number` is NULL, or `name` is NULL with `len > 0`.
/// @retval CRI_ERR_ARGUMENT `*number` overlaps the name (nothing written).
/// @retval CRI_ERR_NOT_FOUND The table compiled in does not have the name (`*number`
///     untouched).
///
/// # Safety
/// `name` points to `len` readable bytes; `number` is writable.
/// @ingroup cri_cri
#[no_mangle]
pub unsafe extern "C" fn cri_scheme_number(
    name: *const c_char,
    len: usize,
    number: *mut u64,
) -> cri_status {
    let name = try_input!(name, len);
    try_apart!(number, [name]);
    let number = try_mut!(number);
    match cri::scheme_number(name) {
        Some(n) => {
            *number = n;
            cri_status::CRI_OK
        }
        None => cri_status::CRI_ERR_NOT_FOUND,
    }
}

/// Looks up the scheme name of a CRI scheme number: `*name` points to a static,
/// lowercase name of `*len` bytes, not NUL-terminated.
///
/// @retval CRI_OK `*name` and `*len` are the name.
/// @retval CRI_ERR_NULL `name` or `len` is NULL.
/// @retval CRI_ERR_NOT_FOUND The table compiled in does not have the number (`*name`,
///     `*len` untouched).
///
/// # Safety
/// `name` and `len` are writable.
/// @ingroup cri_cri
#[no_mangle]
pub unsafe extern "C" fn cri_scheme_name(
    number: u64,
    name: *mut *const c_char,
    len: *mut usize,
) -> cri_status {
    let (name, len) = (try_mut!(name), try_mut!(len));
    match cri::scheme_name(number) {
        Some(s) => {
            *name = s.as_ptr().cast();
            *len = s.len();
            cri_status::CRI_OK
        }
        None => cri_status::CRI_ERR_NOT_FOUND,
    }
}

// Keeps the C constants equal to the Rust enums they mirror.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Reason, Unconvertible};

    #[test]
    fn constants_match_the_rust_enums() {
        let reasons = [
            (Reason::NotCbor, CRI_REASON_NOT_CBOR),
            (Reason::Indefinite, CRI_REASON_INDEFINITE),
            (Reason::TrailingDefault, CRI_REASON_TRAILING_DEFAULT),
            (Reason::TwoLeadingNulls, CRI_REASON_TWO_LEADING_NULLS),
            (Reason::DotSegment, CRI_REASON_DOT_SEGMENT),
            (Reason::InvalidUtf8, CRI_REASON_INVALID_UTF8),
            (Reason::PortRange, CRI_REASON_PORT_RANGE),
            (Reason::HostIpLength, CRI_REASON_HOST_IP_LENGTH),
            (Reason::HostLabel, CRI_REASON_HOST_LABEL),
            (Reason::PetNotMinimal, CRI_REASON_PET_NOT_MINIMAL),
            (
                Reason::LeadingEmptySegment,
                CRI_REASON_LEADING_EMPTY_SEGMENT,
            ),
            (Reason::NakedRootless, CRI_REASON_NAKED_ROOTLESS),
            (Reason::Structure, CRI_REASON_STRUCTURE),
            (Reason::DiscardRange, CRI_REASON_DISCARD_RANGE),
            (Reason::SchemeName, CRI_REASON_SCHEME_NAME),
            (Reason::TrailingBytes, CRI_REASON_TRAILING_BYTES),
            (Reason::NotFull, CRI_REASON_NOT_FULL),
            (Reason::Tag, CRI_REASON_TAG),
        ];
        for (r, c) in reasons {
            assert_eq!(r as i32, c, "{r:?}");
        }
        let unconvertible = [
            (Unconvertible::IpvFuture, CRI_UNCONVERTIBLE_IPVFUTURE),
            (Unconvertible::EmptyPort, CRI_UNCONVERTIBLE_EMPTY_PORT),
            (
                Unconvertible::PortLeadingZero,
                CRI_UNCONVERTIBLE_PORT_LEADING_ZERO,
            ),
            (Unconvertible::ZoneId, CRI_UNCONVERTIBLE_ZONE_ID),
            (
                Unconvertible::UnknownScheme,
                CRI_UNCONVERTIBLE_UNKNOWN_SCHEME,
            ),
            (Unconvertible::DiscardZero, CRI_UNCONVERTIBLE_DISCARD_ZERO),
            (
                Unconvertible::DiscardWithoutPath,
                CRI_UNCONVERTIBLE_DISCARD_WITHOUT_PATH,
            ),
            (
                Unconvertible::ZoneIdNotEnabled,
                CRI_UNCONVERTIBLE_ZONE_ID_NOT_ENABLED,
            ),
            (Unconvertible::NotFull, CRI_UNCONVERTIBLE_NOT_FULL),
            (
                Unconvertible::LeadingEmptySegment,
                CRI_UNCONVERTIBLE_LEADING_EMPTY_SEGMENT,
            ),
            (Unconvertible::DiscardRange, CRI_UNCONVERTIBLE_DISCARD_RANGE),
            (
                Unconvertible::RootlessWithoutScheme,
                CRI_UNCONVERTIBLE_ROOTLESS_WITHOUT_SCHEME,
            ),
        ];
        for (u, c) in unconvertible {
            assert_eq!(u as i32, c, "{u:?}");
        }
    }
}
