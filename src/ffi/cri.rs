//! C functions of the CRI layer (draft-ietf-core-href-27).

use super::{buffer_out, cri_status, input};
use crate::cri::{self, CriRef, ToUriOptions};
use crate::uri::UriRef;
use crate::Error;
use core::ffi::c_char;

/// Details of an error, reset to 0/0 by every function that takes one: `reason` is a
/// `CRI_REASON_*` value (with
/// `CRI_ERR_UNPROCESSABLE`, also `CRI_ERR_BASE` from `cri_resolve`) or a
/// `CRI_UNCONVERTIBLE_*` value (with `CRI_ERR_UNCONVERTIBLE`), 0 otherwise; `offset` is the
/// byte offset of the offending CBOR item, or of the first bad byte of a URI.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct cri_error_info {
    /// Byte offset into the input the error refers to.
    pub offset: usize,
    /// `CRI_REASON_*` or `CRI_UNCONVERTIBLE_*`, 0 if the status says it all.
    pub reason: i32,
}

/// Unprocessable: not well-formed CBOR.
pub const CRI_REASON_NOT_CBOR: i32 = 1;
/// Unprocessable: indefinite-length encoding.
pub const CRI_REASON_INDEFINITE: i32 = 2;
/// Unprocessable: a trailing default value (or `null`) was not removed.
pub const CRI_REASON_TRAILING_DEFAULT: i32 = 3;
/// Unprocessable: scheme and authority both `null` (use discard).
pub const CRI_REASON_TWO_LEADING_NULLS: i32 = 4;
/// Unprocessable: a path segment is "." or "..".
pub const CRI_REASON_DOT_SEGMENT: i32 = 5;
/// Unprocessable: a text string is not valid UTF-8.
pub const CRI_REASON_INVALID_UTF8: i32 = 6;
/// Unprocessable: a port over 65535.
pub const CRI_REASON_PORT_RANGE: i32 = 7;
/// Unprocessable: a host-ip that is not 4 or 16 bytes.
pub const CRI_REASON_HOST_IP_LENGTH: i32 = 8;
/// Unprocessable: a host-name label with ".".
pub const CRI_REASON_HOST_LABEL: i32 = 9;
/// Unprocessable: PET byte strings that are not minimal.
pub const CRI_REASON_PET_NOT_MINIMAL: i32 = 10;
/// Unprocessable: a leading empty path segment without authority.
pub const CRI_REASON_LEADING_EMPTY_SEGMENT: i32 = 11;
/// Unprocessable: a rootless no-authority CRI with an empty path.
pub const CRI_REASON_NAKED_ROOTLESS: i32 = 12;
/// Unprocessable: an item of a type or shape the CDDL does not allow, or an unknown feature.
pub const CRI_REASON_STRUCTURE: i32 = 13;
/// Unprocessable: discard over 127.
pub const CRI_REASON_DISCARD_RANGE: i32 = 14;
/// Unprocessable: a scheme-name that does not match `[a-z][a-z0-9+.-]*`.
pub const CRI_REASON_SCHEME_NAME: i32 = 15;
/// Unprocessable: bytes after the CRI.
pub const CRI_REASON_TRAILING_BYTES: i32 = 16;
/// Unprocessable: a full CRI was required but this is a relative reference.
pub const CRI_REASON_NOT_FULL: i32 = 17;
/// Unprocessable: a CBOR tag other than 99 around the CRI.
pub const CRI_REASON_TAG: i32 = 18;

/// Unconvertible: an IPvFuture host.
pub const CRI_UNCONVERTIBLE_IPVFUTURE: i32 = 1;
/// Unconvertible: an empty port.
pub const CRI_UNCONVERTIBLE_EMPTY_PORT: i32 = 2;
/// Unconvertible: a port with leading zeros.
pub const CRI_UNCONVERTIBLE_PORT_LEADING_ZERO: i32 = 3;
/// Unconvertible: a zone id that is not UTF-8 (`cri_from_uri`), or an empty zone-id or
/// one on an IPv4 address (`cri_to_uri`: RFC 6874 has a non-empty ZoneID for IPv6 only).
pub const CRI_UNCONVERTIBLE_ZONE_ID: i32 = 4;
/// Unconvertible: a scheme number not in the table compiled in.
pub const CRI_UNCONVERTIBLE_UNKNOWN_SCHEME: i32 = 5;
/// Unconvertible: discard 0 with a path or with an empty query.
pub const CRI_UNCONVERTIBLE_DISCARD_ZERO: i32 = 6;
/// Unconvertible: discard without path segments to append.
pub const CRI_UNCONVERTIBLE_DISCARD_WITHOUT_PATH: i32 = 7;
/// Unconvertible: a zone-id, and `CRI_TO_URI_ZONE_ID` was not given.
pub const CRI_UNCONVERTIBLE_ZONE_ID_NOT_ENABLED: i32 = 8;
/// Unconvertible: the base is not a full CRI.
pub const CRI_UNCONVERTIBLE_NOT_FULL: i32 = 9;
/// Unconvertible: without an authority, the path starts with an empty segment and more.
pub const CRI_UNCONVERTIBLE_LEADING_EMPTY_SEGMENT: i32 = 10;
/// Unconvertible: a relative reference climbing more than 126 segments (discard over 127,
/// draft §5.1).
pub const CRI_UNCONVERTIBLE_DISCARD_RANGE: i32 = 11;
/// Unconvertible: no scheme and a rootless path without authority (`[null, true, …]`),
/// which no URI reference without a scheme expresses (draft §6.1, RFC 3986 §5.2.2).
pub const CRI_UNCONVERTIBLE_ROOTLESS_WITHOUT_SCHEME: i32 = 12;

/// `cri_validate` flag: the CRI reference must be a full CRI (start with a scheme).
pub const CRI_VALIDATE_FULL: u32 = 1;
/// `cri_to_uri` flag: write a zone-id in the RFC 6874 form `[fe80::1%25eth0]`.
pub const CRI_TO_URI_ZONE_ID: u32 = 1;

/// Resets `*err` at the start of a call, so it reads 0/0 unless an error says more.
///
/// # Safety
/// `err` is NULL or writable.
pub(super) unsafe fn clear(err: *mut cri_error_info) {
    // SAFETY: forwarded from the caller.
    if let Some(info) = unsafe { err.as_mut() } {
        *info = cri_error_info::default();
    }
}

/// Stores the details of `e` and returns its status.
///
/// # Safety
/// `err` is NULL or writable.
pub(super) unsafe fn fail(e: Error, err: *mut cri_error_info) -> cri_status {
    // SAFETY: forwarded from the caller.
    if let Some(info) = unsafe { err.as_mut() } {
        *info = match e {
            Error::Unprocessable { reason, offset } => cri_error_info {
                offset,
                reason: reason as i32,
            },
            Error::Unconvertible(why) => cri_error_info {
                offset: 0,
                reason: why as i32,
            },
            Error::Syntax { offset }
            | Error::Percent { offset }
            | Error::PortRange { offset }
            | Error::Base { offset } => cri_error_info { offset, reason: 0 },
            Error::Coap(why) => cri_error_info {
                offset: 0,
                reason: why as i32,
            },
            Error::Buffer { .. } | Error::Parts | Error::OptionSpace(_) => {
                cri_error_info::default()
            }
        };
    }
    e.into()
}

/// Byte output `(out, cap, out_len)` (no NUL) with CRI error details.
///
/// # Safety
/// As for `buffer_out`; `err` is NULL or writable.
unsafe fn cbor_out<'i>(
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
    inputs: impl IntoIterator<Item = &'i [u8]>,
    f: impl FnOnce(&mut [u8]) -> Result<usize, Error>,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { buffer_out(out, cap, out_len, false, inputs, f) }
        .unwrap_or_else(|e| unsafe { fail(e, err) })
}

/// Text output `(out, cap, out_len)` (NUL-terminated) with CRI error details.
///
/// # Safety
/// As for `buffer_out`; `err` is NULL or writable.
unsafe fn text_out<'i>(
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
    inputs: impl IntoIterator<Item = &'i [u8]>,
    f: impl FnOnce(&mut [u8]) -> Result<usize, Error>,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { buffer_out(out.cast(), cap, out_len, true, inputs, f) }
        .unwrap_or_else(|e| unsafe { fail(e, err) })
}

/// Checks that `(cbor, len)` is one well-formed, processable CRI reference (draft §5.1,
/// §5.2.1, the constraints of §2 and the PET rules of §7.2), optionally inside CBOR tag 99.
/// With `CRI_VALIDATE_FULL` it must also be a full CRI. Arbitrary bytes are safe: the
/// check never reads past `len`, uses bounded stack and no recursion.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_ARGUMENT` for an unknown flag;
/// `CRI_ERR_UNPROCESSABLE` with `err->reason` (`CRI_REASON_*`) and `err->offset`.
///
/// # Safety
/// `cbor` points to `len` readable bytes (or is NULL with `len == 0`); `err` is NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn cri_validate(
    cbor: *const u8,
    len: usize,
    flags: u32,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let Some(bytes) = (unsafe { input(cbor.cast(), len) }) else {
        return cri_status::CRI_ERR_NULL;
    };
    if flags & !CRI_VALIDATE_FULL != 0 {
        return cri_status::CRI_ERR_ARGUMENT;
    }
    let mut r = CriRef::EMPTY;
    match r.ingest(bytes, flags & CRI_VALIDATE_FULL != 0) {
        Ok(()) => cri_status::CRI_OK,
        // SAFETY: forwarded from the caller.
        Err(u) => unsafe { fail(u.into(), err) },
    }
}

/// Converts the URI reference `(uri, len)` into a CRI reference in CBOR (no tag) in
/// `(out, cap)` (bytes, no NUL): normalized (scheme and host lowercase, dot-segments and
/// default port removed), scheme-id where the scheme table has one, text percent-decoded,
/// PET only where needed.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_SYNTAX`, `CRI_ERR_PERCENT` or
/// `CRI_ERR_PORT_RANGE` with `err->offset` for an invalid URI reference;
/// `CRI_ERR_UNCONVERTIBLE` with `err->reason` (IPvFuture, empty port, port with leading
/// zeros, zone id not UTF-8, a path starting with an empty segment and more without an
/// authority, `CRI_UNCONVERTIBLE_DISCARD_RANGE` for a relative reference that would need
/// a discard over 127, draft §5.1); `CRI_ERR_BUFFER` with the length needed in `*out_len`.
///
/// # Safety
/// `uri` points to `len` readable bytes (or is NULL with `len == 0`); `out` points to `cap`
/// writable bytes (or is NULL with `cap == 0`); `out_len` is writable; `err` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn cri_from_uri(
    uri: *const c_char,
    len: usize,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { from_text(uri, len, |s| UriRef::parse_bytes(s), out, cap, out_len, err) }
}

/// `cri_from_uri` / `cri_from_iri`: the text parsed by `parse`, then converted.
///
/// # Safety
/// As for `cri_from_uri`.
unsafe fn from_text(
    text: *const c_char,
    len: usize,
    parse: fn(&[u8]) -> Result<UriRef<'_>, Error>,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let Some(s) = (unsafe { input(text, len) }) else {
        return cri_status::CRI_ERR_NULL;
    };
    match parse(s) {
        // SAFETY: forwarded from the caller.
        Ok(u) => unsafe { cbor_out(out, cap, out_len, err, [s], |b| cri::from_uri(&u, b)) },
        // SAFETY: forwarded from the caller.
        Err(e) => unsafe { fail(e, err) },
    }
}

/// Converts the IRI reference `(iri, len)` (UTF-8, RFC 3987) into a CRI reference in CBOR
/// (draft §6: IRI → URI → CRI; CRI text is Unicode, so non-ASCII characters stay text) in
/// `(out, cap)`. Errors as for `cri_from_uri`; invalid UTF-8 or a character RFC 3987
/// does not allow there is `CRI_ERR_SYNTAX` at its first byte.
///
/// Without the cargo feature `iri` (default on) it returns `CRI_ERR_UNSUPPORTED`.
///
/// # Safety
/// As for `cri_from_uri`.
#[no_mangle]
pub unsafe extern "C" fn cri_from_iri(
    iri: *const c_char,
    len: usize,
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    if !cfg!(feature = "iri") {
        return cri_status::CRI_ERR_UNSUPPORTED;
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        from_text(
            iri,
            len,
            |s| UriRef::parse_iri_bytes(s),
            out,
            cap,
            out_len,
            err,
        )
    }
}

/// Converts the CRI reference `(cbor, len)` (CBOR, optionally in tag 99) into a URI
/// reference (draft §6.1, recomposed per RFC 3986 §5.3) in the text buffer `(out, cap)`.
/// With `CRI_TO_URI_ZONE_ID` a zone-id is written as `%25zone` (RFC 6874).
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_ARGUMENT`; `CRI_ERR_UNPROCESSABLE` with
/// `err->reason`/`err->offset`; `CRI_ERR_UNCONVERTIBLE` with `err->reason` (unknown scheme
/// number, discard 0 with a path or an empty query, discard without path, zone-id not
/// enabled, an empty zone-id or one on an IPv4 address (`CRI_UNCONVERTIBLE_ZONE_ID`:
/// RFC 6874 `ZoneID = 1*…`, IPv6 only), no
/// scheme with a rootless path (`CRI_UNCONVERTIBLE_ROOTLESS_WITHOUT_SCHEME`: the URI
/// reference would resolve elsewhere); `CRI_ERR_BUFFER` with the length needed.
///
/// # Safety
/// As for `cri_from_uri`.
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
    // SAFETY: forwarded from the caller.
    unsafe { to_text(cbor, len, flags, false, out, cap, out_len, err) }
}

/// Converts the CRI reference `(cbor, len)` into an IRI reference (draft §6: CRI → URI
/// → IRI) in the text buffer `(out, cap)`: text components keep their non-ASCII
/// characters where RFC 3987 allows them (`ucschar`, `iprivate` in the query, no bidi
/// formatting); PET bytes and other characters are percent-encoded. Flags and errors as
/// for `cri_to_uri`.
///
/// Without the cargo feature `iri` (default on) it returns `CRI_ERR_UNSUPPORTED`.
///
/// # Safety
/// As for `cri_from_uri`.
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
    if !cfg!(feature = "iri") {
        return cri_status::CRI_ERR_UNSUPPORTED;
    }
    // SAFETY: forwarded from the caller.
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
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let Some(bytes) = (unsafe { input(cbor.cast(), len) }) else {
        return cri_status::CRI_ERR_NULL;
    };
    if flags & !CRI_TO_URI_ZONE_ID != 0 {
        return cri_status::CRI_ERR_ARGUMENT;
    }
    let opts = ToUriOptions {
        zone_id: flags & CRI_TO_URI_ZONE_ID != 0,
        iri,
    };
    // Decoded in place (CriRef::ingest), like every C function that reads a CRI.
    let mut c = CriRef::EMPTY;
    match c.ingest(bytes, false) {
        // SAFETY: forwarded from the caller.
        Ok(()) => unsafe {
            text_out(out, cap, out_len, err, [bytes], |b| {
                cri::to_uri(&c, opts, b)
            })
        },
        // SAFETY: forwarded from the caller.
        Err(u) => unsafe { fail(u.into(), err) },
    }
}

/// Resolves the CRI reference `(ref, ref_len)` against the full CRI `(base, base_len)`
/// (draft §5.3) and writes the resulting full CRI in CBOR into `(out, cap)` (bytes).
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_BASE` with `err->reason` (`CRI_REASON_*`,
/// `CRI_REASON_NOT_FULL` for a relative base) and `err->offset` in the base;
/// `CRI_ERR_UNPROCESSABLE` for the reference; `CRI_ERR_UNCONVERTIBLE` with
/// `CRI_UNCONVERTIBLE_LEADING_EMPTY_SEGMENT` when the result would be no valid CRI (no
/// authority, path starting with an empty segment and more); `CRI_ERR_BUFFER` with the
/// length needed.
///
/// # Safety
/// `base` and `ref` point to their lengths of readable bytes (or are NULL with length 0);
/// `out`, `out_len`, `err` as for `cri_from_uri`.
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
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let (Some(b), Some(r)) = (unsafe { input(base.cast(), base_len) }, unsafe {
        input(r#ref.cast(), ref_len)
    }) else {
        return cri_status::CRI_ERR_NULL;
    };
    let inputs = [b, r];
    let (mut base, mut reference) = (CriRef::EMPTY, CriRef::EMPTY);
    if let Err(u) = base.ingest(b, true) {
        // SAFETY: forwarded from the caller.
        unsafe { fail(u.into(), err) };
        return cri_status::CRI_ERR_BASE;
    }
    match reference.ingest(r, false) {
        // SAFETY: forwarded from the caller.
        Ok(()) => unsafe {
            cbor_out(out, cap, out_len, err, inputs, |o| {
                cri::resolve(&base, &reference, o)
            })
        },
        // SAFETY: forwarded from the caller.
        Err(u) => unsafe { fail(u.into(), err) },
    }
}

/// Writes the CBOR diagnostic notation (EDN, RFC 8949 §8) of the CRI reference
/// `(cbor, len)` into the text buffer `(out, cap)`, e.g. `[-1, ["example", "com"], ["a"]]`.
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_UNPROCESSABLE` with `err->reason` and
/// `err->offset`; `CRI_ERR_BUFFER` with the length needed.
///
/// Without the cargo feature `edn` (default on) it returns `CRI_ERR_UNSUPPORTED`.
///
/// # Safety
/// As for `cri_from_uri`.
#[no_mangle]
pub unsafe extern "C" fn cri_to_edn(
    cbor: *const u8,
    len: usize,
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    err: *mut cri_error_info,
) -> cri_status {
    if !cfg!(feature = "edn") {
        return cri_status::CRI_ERR_UNSUPPORTED;
    }
    // SAFETY: forwarded from the caller.
    unsafe { clear(err) };
    // SAFETY: forwarded from the caller.
    let Some(bytes) = (unsafe { input(cbor.cast(), len) }) else {
        return cri_status::CRI_ERR_NULL;
    };
    // SAFETY: forwarded from the caller.
    unsafe { text_out(out, cap, out_len, err, [bytes], |b| cri::to_edn(bytes, b)) }
}

/// Looks up the CRI scheme number of the scheme name `(name, len)` (ASCII
/// case-insensitive; draft §5.1.1) and stores it in `*number` (scheme-id = -1 - number).
///
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_NOT_FOUND` if the table compiled in does not
/// have the name.
///
/// # Safety
/// `name` points to `len` readable bytes; `number` is writable.
#[no_mangle]
pub unsafe extern "C" fn cri_scheme_number(
    name: *const c_char,
    len: usize,
    number: *mut u64,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    let (Some(name), Some(number)) = (unsafe { input(name, len) }, unsafe { number.as_mut() })
    else {
        return cri_status::CRI_ERR_NULL;
    };
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
/// Returns `CRI_OK`; `CRI_ERR_NULL`; `CRI_ERR_NOT_FOUND` if the table compiled in does not
/// have the number.
///
/// # Safety
/// `name` and `len` are writable.
#[no_mangle]
pub unsafe extern "C" fn cri_scheme_name(
    number: u64,
    name: *mut *const c_char,
    len: *mut usize,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    let (Some(name), Some(len)) = (unsafe { name.as_mut() }, unsafe { len.as_mut() }) else {
        return cri_status::CRI_ERR_NULL;
    };
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
    use crate::cri::Reason;
    use crate::Unconvertible;

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
