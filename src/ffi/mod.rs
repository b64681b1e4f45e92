//! The C ABI: the only `extern "C"` and `#[repr(C)]` code. It checks pointers, turns
//! `(pointer, length)` pairs into slices, calls the Rust API and maps errors to
//! [`cri_status`]. `include/cri.h` is generated from this module by cbindgen.
//!
//! Conventions (DESIGN.md): inputs are `(const char *s, size_t len)` and need no NUL;
//! text outputs are `(char *out, size_t cap, size_t *out_len)`: on success the text and a
//! NUL are written and `*out_len` is the length without the NUL; if `cap` is too small the
//! function returns `CRI_ERR_BUFFER`, writes nothing at or past `out + cap`, and sets
//! `*out_len` to the length needed without the NUL (retry with `cap >= *out_len + 1`);
//! `out = NULL, cap = 0` asks for the size.
#![allow(non_camel_case_types)]

mod coap;
mod cri;
mod uri;

pub use coap::*;
pub use cri::*;
pub use uri::*;

use crate::Error;
use core::ffi::c_char;

/// Status of every libcri function: 0 is success, negative values are errors.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum cri_status {
    /// Success.
    CRI_OK = 0,
    /// An iteration has no more items (not an error): `uri_query_next`.
    CRI_DONE = 1,
    /// A required pointer is NULL (or an input pointer is NULL with a nonzero length).
    CRI_ERR_NULL = -1,
    /// The output buffer is too small; `*out_len` holds the length needed (without NUL).
    CRI_ERR_BUFFER = -2,
    /// The input does not match the RFC 3986 grammar; `*error_offset` is the first bad byte
    /// (the input length if it ended too early; for an invalid IPv6 address, its first byte,
    /// as fluent-uri reports it).
    CRI_ERR_SYNTAX = -3,
    /// A `%` is not followed by two hex digits; `*error_offset` is the `%` (percent-decoding)
    /// or the first byte that is not a hex digit (parsing).
    CRI_ERR_PERCENT = -4,
    /// A port is over 65535; `*error_offset` is its first digit.
    CRI_ERR_PORT_RANGE = -5,
    /// The base URI is not an absolute URI (RFC 3986 §5.1): no scheme (`*error_offset` 0)
    /// or a syntax error at `*error_offset` within the base.
    CRI_ERR_BASE = -6,
    /// The components cannot be recomposed into a reference that parses back to them.
    CRI_ERR_PARTS = -7,
    /// A flag or enumeration argument has a value this function does not know.
    CRI_ERR_ARGUMENT = -8,
    /// The CRI reference is unprocessable (draft-ietf-core-href-27 §5.2.1): `err->reason`
    /// is a `CRI_REASON_*` value, `err->offset` the offending CBOR item.
    CRI_ERR_UNPROCESSABLE = -9,
    /// The reference has no form in the other notation (URI ⇄ CRI, draft §6.1):
    /// `err->reason` is a `CRI_UNCONVERTIBLE_*` value.
    CRI_ERR_UNCONVERTIBLE = -10,
    /// The name or number is not in the table compiled in.
    CRI_ERR_NOT_FOUND = -11,
    /// A CoAP conversion failed (RFC 7252 §6.4/§6.5, draft §8): `err->reason` is a
    /// `CRI_COAP_ERR_*` value.
    CRI_ERR_COAP = -12,
    /// The function or flag belongs to an optional part that this build of libcri leaves
    /// out (cargo features `iri`, `lenient`, `edn`; Kconfig in Zephyr), so that firmware
    /// that does not call it does not carry it.
    CRI_ERR_UNSUPPORTED = -13,
}

impl From<Error> for cri_status {
    fn from(e: Error) -> Self {
        match e {
            Error::Buffer { .. } => cri_status::CRI_ERR_BUFFER,
            Error::Syntax { .. } => cri_status::CRI_ERR_SYNTAX,
            Error::Percent { .. } => cri_status::CRI_ERR_PERCENT,
            Error::PortRange { .. } => cri_status::CRI_ERR_PORT_RANGE,
            Error::Base { .. } => cri_status::CRI_ERR_BASE,
            Error::Parts => cri_status::CRI_ERR_PARTS,
            Error::Unprocessable { .. } => cri_status::CRI_ERR_UNPROCESSABLE,
            Error::Unconvertible(_) => cri_status::CRI_ERR_UNCONVERTIBLE,
            Error::Coap(_) => cri_status::CRI_ERR_COAP,
            Error::OptionSpace(_) => cri_status::CRI_ERR_BUFFER,
        }
    }
}

/// The byte offset an error refers to, if any.
fn error_offset(e: Error) -> Option<usize> {
    match e {
        Error::Syntax { offset }
        | Error::Percent { offset }
        | Error::PortRange { offset }
        | Error::Base { offset }
        | Error::Unprocessable { offset, .. } => Some(offset),
        Error::Buffer { .. }
        | Error::Parts
        | Error::Unconvertible(_)
        | Error::Coap(_)
        | Error::OptionSpace(_) => None,
    }
}

/// The name of a status as a static NUL-terminated string (e.g. `"CRI_ERR_SYNTAX"`),
/// `"CRI_UNKNOWN"` for a value that is not a status.
#[no_mangle]
pub extern "C" fn cri_status_name(status: i32) -> *const c_char {
    let name: &'static [u8] = match status {
        0 => b"CRI_OK\0",
        1 => b"CRI_DONE\0",
        -1 => b"CRI_ERR_NULL\0",
        -2 => b"CRI_ERR_BUFFER\0",
        -3 => b"CRI_ERR_SYNTAX\0",
        -4 => b"CRI_ERR_PERCENT\0",
        -5 => b"CRI_ERR_PORT_RANGE\0",
        -6 => b"CRI_ERR_BASE\0",
        -7 => b"CRI_ERR_PARTS\0",
        -8 => b"CRI_ERR_ARGUMENT\0",
        -9 => b"CRI_ERR_UNPROCESSABLE\0",
        -10 => b"CRI_ERR_UNCONVERTIBLE\0",
        -11 => b"CRI_ERR_NOT_FOUND\0",
        -12 => b"CRI_ERR_COAP\0",
        -13 => b"CRI_ERR_UNSUPPORTED\0",
        _ => b"CRI_UNKNOWN\0",
    };
    name.as_ptr().cast()
}

/// Backs the slice of a NULL input of length 0, so every component pointer is valid.
static EMPTY: [u8; 1] = [0];

/// The input `(p, len)` as a slice; NULL is allowed only with `len == 0`.
///
/// # Safety
/// `p` must point to `len` readable bytes when it is not NULL.
unsafe fn input<'a>(p: *const c_char, len: usize) -> Option<&'a [u8]> {
    if p.is_null() {
        return (len == 0).then_some(EMPTY.get(..0).unwrap_or(&[]));
    }
    // SAFETY: the caller promises `len` readable bytes at `p`.
    Some(unsafe { core::slice::from_raw_parts(p.cast::<u8>(), len) })
}

/// Stores an error's offset through an optional pointer.
///
/// # Safety
/// `error_offset` is NULL or writable.
unsafe fn report(e: Error, error_offset: *mut usize) -> cri_status {
    if let (Some(off), Some(slot)) = (self::error_offset(e), unsafe { error_offset.as_mut() }) {
        *slot = off;
    }
    e.into()
}

/// Runs `f` on the caller's text buffer `(out, cap)` and applies the output convention.
///
/// # Safety
/// `out` is NULL or points to `cap` writable bytes; `out_len` is NULL or writable;
/// `error_offset` is NULL or writable.
unsafe fn text_out(
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    error_offset: *mut usize,
    f: impl FnOnce(&mut [u8]) -> Result<usize, Error>,
) -> cri_status {
    // SAFETY: forwarded from the caller.
    unsafe { buffer_out(out.cast(), cap, out_len, true, f) }
        .unwrap_or_else(|e| unsafe { report(e, error_offset) })
}

/// The output convention for `(out, cap, out_len)`: with `nul` a NUL follows the output
/// (text); without, the output is bytes. Errors other than `Buffer` are handed back.
///
/// # Safety
/// `out` is NULL or points to `cap` writable bytes; `out_len` is NULL or writable.
unsafe fn buffer_out(
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    nul: bool,
    f: impl FnOnce(&mut [u8]) -> Result<usize, Error>,
) -> Result<cri_status, Error> {
    // SAFETY: checked for NULL; the caller promises it is writable otherwise.
    let Some(out_len) = (unsafe { out_len.as_mut() }) else {
        return Ok(cri_status::CRI_ERR_NULL);
    };
    let buf: &mut [u8] = if out.is_null() {
        if cap != 0 {
            return Ok(cri_status::CRI_ERR_NULL);
        }
        &mut []
    } else {
        // SAFETY: the caller promises `cap` writable bytes at `out`.
        unsafe { core::slice::from_raw_parts_mut(out, cap) }
    };
    let room = if nul { cap.saturating_sub(1) } else { cap };
    match f(buf.get_mut(..room).unwrap_or(&mut [])) {
        Ok(n) if !nul => {
            *out_len = n;
            Ok(cri_status::CRI_OK)
        }
        Ok(n) => match buf.get_mut(n) {
            Some(end) if n < cap => {
                *end = 0;
                *out_len = n;
                Ok(cri_status::CRI_OK)
            }
            _ => {
                *out_len = n;
                Ok(cri_status::CRI_ERR_BUFFER)
            }
        },
        Err(Error::Buffer { needed }) => {
            *out_len = needed;
            Ok(cri_status::CRI_ERR_BUFFER)
        }
        Err(e) => Err(e),
    }
}

// The C entry points called through their raw pointers, so that `cargo miri test --lib`
// checks the pointer handling of the FFI layer (the C harness covers the behaviour).
#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr::{null, null_mut};

    #[test]
    fn split_and_resolve_through_pointers() {
        let s = b"http://a/b?c#dJUNK";
        let mut parts = core::mem::MaybeUninit::<uri_parts>::uninit();
        let mut off = 0usize;
        // SAFETY: valid pointers and lengths.
        let st = unsafe { uri_split(s.as_ptr().cast(), 14, 0, parts.as_mut_ptr(), &mut off) };
        assert_eq!(st, cri_status::CRI_OK);
        // SAFETY: CRI_OK filled the parts.
        let p = unsafe { parts.assume_init() };
        assert_eq!((p.fragment.len, p.query.len), (1, 1));

        let (base, r) = (b"http://a/b/c/d;p?q", b"../g");
        let mut needed = 0usize;
        // SAFETY: a size query: NULL output with capacity 0.
        let st = unsafe {
            uri_resolve(
                base.as_ptr().cast(),
                18,
                r.as_ptr().cast(),
                4,
                null_mut(),
                0,
                &mut needed,
                &mut off,
            )
        };
        assert_eq!((st, needed), (cri_status::CRI_ERR_BUFFER, 12));
        let mut out = [0x55u8; 13];
        let mut n = 0usize;
        // SAFETY: `out` holds `needed + 1` bytes.
        let st = unsafe {
            uri_resolve(
                base.as_ptr().cast(),
                18,
                r.as_ptr().cast(),
                4,
                out.as_mut_ptr().cast(),
                13,
                &mut n,
                &mut off,
            )
        };
        assert_eq!(
            (st, &out[..n], out[n]),
            (cri_status::CRI_OK, &b"http://a/b/g"[..], 0)
        );
    }

    #[test]
    fn cri_and_coap_through_pointers() {
        let uri = b"coap://198.51.100.1:61616/.well-known/core";
        let mut cbor = [0u8; 64];
        let (mut n, mut err) = (0usize, cri_error_info::default());
        // SAFETY: valid pointers and capacities.
        let st = unsafe {
            cri_from_uri(
                uri.as_ptr().cast(),
                uri.len(),
                cbor.as_mut_ptr(),
                64,
                &mut n,
                &mut err,
            )
        };
        assert_eq!((st, n), (cri_status::CRI_OK, 29));
        let mut opts = [cri_coap_option {
            number: 0,
            value: null(),
            len: 0,
        }; 4];
        let mut values = [0u8; 32];
        let (mut nopts, mut nvalues) = (0usize, 0usize);
        // SAFETY: valid pointers and capacities; no destination.
        let st = unsafe {
            cri_to_coap_options(
                cbor.as_ptr(),
                n,
                null(),
                CRI_COAP_MODE_DIRECT,
                opts.as_mut_ptr(),
                4,
                &mut nopts,
                values.as_mut_ptr(),
                32,
                &mut nvalues,
                &mut err,
            )
        };
        assert_eq!((st, nopts), (cri_status::CRI_OK, 2));
        // SAFETY: the option values point into `values`, which is still alive.
        let first = unsafe { core::slice::from_raw_parts(opts[0].value, opts[0].len) };
        assert_eq!((opts[0].number, first), (11, &b".well-known"[..]));
    }
}
