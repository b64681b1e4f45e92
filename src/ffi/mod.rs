//! The C ABI: the only `extern "C"` and `#[repr(C)]` code. It checks pointers, turns
//! `(pointer, length)` pairs into slices, calls the Rust API and maps errors to
//! [`cri_status`]. `include/cri.h` is generated from this module by cbindgen.
//!
//! Conventions (docs/DESIGN.md): inputs are `(const char *s, size_t len)` and need no NUL;
//! text outputs are `(char *out, size_t cap, size_t *out_len)`: on success the text and a
//! NUL are written and `*out_len` is the length without the NUL; if `cap` is too small the
//! function returns `CRI_ERR_BUFFER`, writes nothing at or past `out + cap`, and sets
//! `*out_len` to the length needed without the NUL (retry with `cap >= *out_len + 1`);
//! `out = NULL, cap = 0` asks for the size. No output may overlap an input of the same
//! call (`CRI_ERR_ARGUMENT`, nothing written; `overlaps`): no function works in place.
#![allow(non_camel_case_types)]

// The argument checks (macros, so first) and the outputs and error sinks every entry
// point shares; neither has items for cri.h.
#[macro_use]
mod args;

mod sink;

// In the order of the layers, which cbindgen follows: cri.h lists the library-wide items
// of this file, then URI, then CRI, then CoAP. (Blank lines keep rustfmt from sorting.)
mod uri;

mod iri;

mod cri;

mod coap;

pub use coap::*;
pub use cri::*;
pub use iri::*;
pub use uri::*;

use crate::error::{nth_name, CoapError, Error, Reason, Unconvertible};
use core::ffi::c_char;

/// The name of a status, an `i32`: its enumerator's identifier, NUL-terminated, or
/// `CRI_UNKNOWN`. The identifiers are listed once, from `CRI_DONE` (1) down, and packed
/// into one string table ([`crate::error::pack`]) where status `s` is name `1 - s`; a
/// status left out of the list fails the build (the match over `cri_status` must be
/// exhaustive), and so does a list out of the order of the enumeration's numbers, so no
/// name or number is written twice.
macro_rules! status_name {
    ($status:expr; $($name:ident),+ $(,)?) => {{
        const _: () = {
            const fn listed(s: cri_status) -> bool {
                match s {
                    $(cri_status::$name)|+ => true,
                }
            }
            assert!(listed(cri_status::CRI_OK));
            assert!(
                crate::error::numbered_from_one(&[$(2 - cri_status::$name as i32),+]),
                "statuses listed from 1 down"
            );
        };
        const NAMES: &[&[u8]] = &[$(concat!(stringify!($name), "\0").as_bytes()),+];
        const PACKED: [u8; crate::error::packed_len(NAMES)] = crate::error::pack(NAMES);
        1i32.checked_sub($status)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| nth_name(&PACKED, i))
            .unwrap_or(UNKNOWN)
    }};
}

/// What the name functions return for a value they do not know.
const UNKNOWN: &[u8] = b"CRI_UNKNOWN\0";

/// Status of every libcri function that can fail: 0 is success, `CRI_DONE` ends an
/// iteration, negative values are errors. The return type `cri_status` is `int32_t`
/// before C23 and this enumeration, fixed to `int32_t`, in C23 and C++ (arm-none-eabi-gcc
/// packs a plain enum into one byte: docs/DESIGN.md, "Rules for every C entry point").
/// @ingroup cri_lib
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
    /// A port is over 65535 (valid RFC 3986 §3.2.3 syntax that libcri rejects,
    /// docs/DECISIONS.md Decision 10); `*error_offset` is its first digit.
    CRI_ERR_PORT_RANGE = -5,
    /// The base URI is not an absolute URI (RFC 3986 §5.1): no scheme (`*error_offset` 0)
    /// or a syntax error at `*error_offset` within the base.
    CRI_ERR_BASE = -6,
    /// The components cannot be recomposed into a reference that parses back to them.
    CRI_ERR_PARTS = -7,
    /// A flag or enumeration argument has a value this function does not know, or an
    /// output overlaps an input (the overlap contract at the top of cri.h; nothing is
    /// written).
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

/// The status of each `Error` variant, in the order of its index in [`From<Error>`]: one
/// byte each (every status fits one), where a `match` becomes a table of `i32`s.
const STATUS_OF: [i8; 10] = [
    cri_status::CRI_ERR_BUFFER as i8,
    cri_status::CRI_ERR_SYNTAX as i8,
    cri_status::CRI_ERR_PERCENT as i8,
    cri_status::CRI_ERR_PORT_RANGE as i8,
    cri_status::CRI_ERR_BASE as i8,
    cri_status::CRI_ERR_PARTS as i8,
    cri_status::CRI_ERR_UNPROCESSABLE as i8,
    cri_status::CRI_ERR_UNCONVERTIBLE as i8,
    cri_status::CRI_ERR_COAP as i8,
    cri_status::CRI_ERR_BUFFER as i8,
];

impl From<Error> for cri_status {
    fn from(e: Error) -> Self {
        let index = match e {
            Error::Buffer { .. } => 0,
            Error::Syntax { .. } => 1,
            Error::Percent { .. } => 2,
            Error::PortRange { .. } => 3,
            Error::Base { .. } => 4,
            Error::Parts => 5,
            Error::Unprocessable { .. } => 6,
            Error::Unconvertible(_) => 7,
            Error::Coap(_) => 8,
            Error::OptionSpace(_) => 9,
        };
        let status = STATUS_OF
            .get(index)
            .copied()
            .unwrap_or(Self::CRI_ERR_BUFFER as i8);
        // SAFETY: `status` is one of the `cri_status` values of `STATUS_OF`.
        unsafe { core::mem::transmute::<i32, cri_status>(i32::from(status)) }
    }
}

/// The name of the status `status` as a static NUL-terminated string.
///
/// @return The enumerator's name (e.g. `"CRI_ERR_SYNTAX"` for -3), or `"CRI_UNKNOWN"` for
///         a value that is not a status. Never NULL, never fails.
/// @ingroup cri_lib
#[no_mangle]
pub extern "C" fn cri_status_name(status: i32) -> *const c_char {
    let name = status_name!(status;
        CRI_DONE,
        CRI_OK,
        CRI_ERR_NULL,
        CRI_ERR_BUFFER,
        CRI_ERR_SYNTAX,
        CRI_ERR_PERCENT,
        CRI_ERR_PORT_RANGE,
        CRI_ERR_BASE,
        CRI_ERR_PARTS,
        CRI_ERR_ARGUMENT,
        CRI_ERR_UNPROCESSABLE,
        CRI_ERR_UNCONVERTIBLE,
        CRI_ERR_NOT_FOUND,
        CRI_ERR_COAP,
        CRI_ERR_UNSUPPORTED,
    );
    name.as_ptr().cast()
}

/// The CBOR tag of a CRI reference, tag 99 (draft-ietf-core-href-27 §11.4).
/// @ingroup cri_cri
pub const CRI_CBOR_TAG: u64 = 99;

/// The version of the linked library (semantic versioning), to compare with the
/// `CRI_VERSION_*` macros of the header a program was compiled with.
///
/// @return `MAJOR << 16 | MINOR << 8 | PATCH`. Never fails.
/// @ingroup cri_lib
#[no_mangle]
pub extern "C" fn cri_version() -> u32 {
    VERSION
}

const VERSION: u32 = (decimal(env!("CARGO_PKG_VERSION_MAJOR")) << 16)
    | (decimal(env!("CARGO_PKG_VERSION_MINOR")) << 8)
    | decimal(env!("CARGO_PKG_VERSION_PATCH"));

/// A Cargo version component as a number, at compile time (digits only; a component over
/// 255 would not fit its byte and fails the build through the assertion below). Only
/// evaluated at compile time, so its indexing and arithmetic cannot panic at run time.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn decimal(s: &str) -> u32 {
    let b = s.as_bytes();
    let mut i = 0;
    let mut n = 0u32;
    while i < b.len() {
        let d = b[i];
        assert!(
            d.is_ascii_digit() && n < 26,
            "version component is not a small decimal"
        );
        n = n * 10 + (d - b'0') as u32;
        i += 1;
    }
    assert!(n < 256, "version component over 255");
    n
}

/// The name of the reason `reason` that comes with the status `status` in
/// `struct cri_error_info`, as a static NUL-terminated string equal to the constant's
/// name in `cri.h`: a `CRI_REASON_*` with `CRI_ERR_UNPROCESSABLE` or `CRI_ERR_BASE`, a
/// `CRI_UNCONVERTIBLE_*` with `CRI_ERR_UNCONVERTIBLE`, a `CRI_COAP_ERR_*` with
/// `CRI_ERR_COAP`.
///
/// @return The constant's name (e.g. `cri_reason_name(CRI_ERR_COAP, 8)` is
///         `"CRI_COAP_ERR_NOT_UTF8"`), or `"CRI_UNKNOWN"` for any other pair (reason 0
///         included: the status says it all). Never NULL, never fails.
/// @ingroup cri_lib
#[no_mangle]
pub extern "C" fn cri_reason_name(status: i32, reason: i32) -> *const c_char {
    const UNPROCESSABLE: i32 = cri_status::CRI_ERR_UNPROCESSABLE as i32;
    const BASE: i32 = cri_status::CRI_ERR_BASE as i32;
    const UNCONVERTIBLE: i32 = cri_status::CRI_ERR_UNCONVERTIBLE as i32;
    const COAP: i32 = cri_status::CRI_ERR_COAP as i32;
    // The tables come from the reason enums (`reasons!`): reason `n` is at `n - 1`.
    let table: &'static [u8] = match status {
        UNPROCESSABLE | BASE => Reason::C_NAMES,
        UNCONVERTIBLE => Unconvertible::C_NAMES,
        COAP => CoapError::C_NAMES,
        _ => &[],
    };
    let name = usize::try_from(reason)
        .ok()
        .and_then(|r| r.checked_sub(1))
        .and_then(|i| nth_name(table, i))
        .unwrap_or(UNKNOWN);
    name.as_ptr().cast()
}

// The C entry points called through their raw pointers, so that `cargo miri test --lib`
// checks the pointer handling of the FFI layer (the C harness covers the behaviour).
#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr::{null, null_mut};

    /// Each `Error` gives the status cri.h documents for it (a too-small option list is
    /// `CRI_ERR_BUFFER`, like a too-small buffer): the index `match` and `STATUS_OF` are
    /// two lists that have to agree.
    #[test]
    fn every_error_gives_its_documented_status() {
        use crate::error::{CoapError, OptionSpace, Reason, Unconvertible};
        let cases = [
            (Error::Buffer { needed: 1 }, cri_status::CRI_ERR_BUFFER),
            (Error::Syntax { offset: 0 }, cri_status::CRI_ERR_SYNTAX),
            (Error::Percent { offset: 0 }, cri_status::CRI_ERR_PERCENT),
            (
                Error::PortRange { offset: 0 },
                cri_status::CRI_ERR_PORT_RANGE,
            ),
            (Error::Base { offset: 0 }, cri_status::CRI_ERR_BASE),
            (Error::Parts, cri_status::CRI_ERR_PARTS),
            (
                Error::Unprocessable {
                    reason: Reason::NotCbor,
                    offset: 0,
                },
                cri_status::CRI_ERR_UNPROCESSABLE,
            ),
            (
                Error::Unconvertible(Unconvertible::ZoneId),
                cri_status::CRI_ERR_UNCONVERTIBLE,
            ),
            (Error::Coap(CoapError::Fragment), cri_status::CRI_ERR_COAP),
            (
                Error::OptionSpace(OptionSpace {
                    options: 1,
                    scratch: 0,
                }),
                cri_status::CRI_ERR_BUFFER,
            ),
        ];
        for (e, want) in cases {
            assert_eq!(cri_status::from(e), want, "{e:?}");
        }
    }

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
    fn hostport_through_pointers() {
        let s = b"http://h:81/";
        let mut parts = core::mem::MaybeUninit::<uri_parts>::uninit();
        // SAFETY: valid pointers and length.
        let st = unsafe { uri_split(s.as_ptr().cast(), 12, 0, parts.as_mut_ptr(), null_mut()) };
        assert_eq!(st, cri_status::CRI_OK);
        // SAFETY: CRI_OK filled the parts.
        let mut p = unsafe { parts.assume_init() };
        let mut out = p.path;
        // SAFETY: the parts come from one split of `s`, which is alive.
        assert_eq!(unsafe { uri_hostport(&p, &mut out) }, cri_status::CRI_OK);
        assert_eq!((out.ptr, out.len), (p.host.ptr, 4));
        // The port before the host in memory: not parts of one split.
        let text = b"81 h";
        p.port.ptr = text.as_ptr().cast();
        p.host.ptr = text[3..].as_ptr().cast();
        // SAFETY: every span points to its length of readable bytes of one array.
        let st = unsafe { uri_hostport(&p, &mut out) };
        assert_eq!(st, cri_status::CRI_ERR_PARTS);
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

    /// The entry points a cargo feature gates: with the feature they work, without it they
    /// say `CRI_ERR_UNSUPPORTED`, and those that take a `cri_error_info` reset it either
    /// way (`scripts/rust-tests.sh minimal` runs this without the features).
    #[test]
    fn gated_entry_points_answer_without_their_feature() {
        let expect = |on: bool, st: cri_status| {
            let want_unsupported = !on;
            assert_eq!(
                st == cri_status::CRI_ERR_UNSUPPORTED,
                want_unsupported,
                "{st:?}"
            );
        };
        let (iri, lenient, edn) = (
            cfg!(feature = "iri"),
            cfg!(feature = "lenient"),
            cfg!(feature = "edn"),
        );
        let mut parts = core::mem::MaybeUninit::<uri_parts>::uninit();
        let (mut off, mut n) = (0usize, 0usize);
        let mut out = [0u8; 64];
        let u = b"http://a/%C3%A9";
        let i = "http://a/\u{e9}".as_bytes();
        // SAFETY: valid pointers and lengths throughout.
        unsafe {
            let mut split = |flags| {
                uri_split(
                    u.as_ptr().cast(),
                    u.len(),
                    flags,
                    parts.as_mut_ptr(),
                    &mut off,
                )
            };
            expect(lenient, split(URI_SPLIT_LENIENT));
            expect(iri, split(URI_SPLIT_IRI));
            let o = out.as_mut_ptr().cast();
            expect(
                iri,
                iri_to_uri(i.as_ptr().cast(), i.len(), o, 64, &mut n, &mut off),
            );
            expect(
                iri,
                uri_to_iri(u.as_ptr().cast(), u.len(), o, 64, &mut n, &mut off),
            );
            let (b, r) = (b"http://a/b", b"c");
            expect(
                iri,
                iri_resolve(
                    b.as_ptr().cast(),
                    10,
                    r.as_ptr().cast(),
                    1,
                    0,
                    o,
                    64,
                    &mut n,
                    &mut off,
                ),
            );
            // A CRI to read, from a URI (not gated).
            let (mut cri, mut len) = ([0u8; 32], 0usize);
            let mut e = cri_error_info::default();
            let st = cri_from_uri(
                b"coap://a/b".as_ptr().cast(),
                10,
                cri.as_mut_ptr(),
                32,
                &mut len,
                &mut e,
            );
            assert_eq!(st, cri_status::CRI_OK);
            let stale = || cri_error_info {
                offset: 7,
                reason: 7,
            };
            let reset = |e: cri_error_info| assert_eq!((e.offset, e.reason), (0, 0));
            e = stale();
            expect(
                iri,
                cri_from_iri(
                    i.as_ptr().cast(),
                    i.len(),
                    out.as_mut_ptr(),
                    64,
                    &mut n,
                    &mut e,
                ),
            );
            reset(e);
            e = stale();
            expect(iri, cri_to_iri(cri.as_ptr(), len, 0, o, 64, &mut n, &mut e));
            reset(e);
            e = stale();
            expect(edn, cri_to_edn(cri.as_ptr(), len, o, 64, &mut n, &mut e));
            reset(e);
        }
    }

    /// Each name `cri_status_name` and `cri_reason_name` give is the name of the cri.h
    /// constant it stands for (they derive it from the Rust enums' identifiers), the
    /// tables hold one name per constant, and any other value is `CRI_UNKNOWN`.
    #[test]
    fn names_are_the_constants_own() {
        use std::ffi::CStr;
        let text = |p: *const c_char| {
            // SAFETY: both functions return a pointer to a static NUL-terminated string.
            unsafe { CStr::from_ptr(p) }.to_str().unwrap()
        };
        macro_rules! named {
            ($status:expr; $($c:ident),+ $(,)?) => {{
                let s = $status as i32;
                $(assert_eq!(text(cri_reason_name(s, $c)), stringify!($c));)+
                let count = [$($c),+].len() as i32;
                assert_eq!(text(cri_reason_name(s, count + 1)), "CRI_UNKNOWN");
                assert_eq!(text(cri_reason_name(s, 0)), "CRI_UNKNOWN");
            }};
        }
        named!(cri_status::CRI_ERR_UNPROCESSABLE;
            CRI_REASON_NOT_CBOR, CRI_REASON_INDEFINITE, CRI_REASON_TRAILING_DEFAULT,
            CRI_REASON_TWO_LEADING_NULLS, CRI_REASON_DOT_SEGMENT, CRI_REASON_INVALID_UTF8,
            CRI_REASON_PORT_RANGE, CRI_REASON_HOST_IP_LENGTH, CRI_REASON_HOST_LABEL,
            CRI_REASON_PET_NOT_MINIMAL, CRI_REASON_LEADING_EMPTY_SEGMENT,
            CRI_REASON_NAKED_ROOTLESS, CRI_REASON_STRUCTURE, CRI_REASON_DISCARD_RANGE,
            CRI_REASON_SCHEME_NAME, CRI_REASON_TRAILING_BYTES, CRI_REASON_NOT_FULL,
            CRI_REASON_TAG);
        assert_eq!(
            text(cri_reason_name(
                cri_status::CRI_ERR_BASE as i32,
                CRI_REASON_TAG
            )),
            "CRI_REASON_TAG"
        );
        named!(cri_status::CRI_ERR_UNCONVERTIBLE;
            CRI_UNCONVERTIBLE_IPVFUTURE, CRI_UNCONVERTIBLE_EMPTY_PORT,
            CRI_UNCONVERTIBLE_PORT_LEADING_ZERO, CRI_UNCONVERTIBLE_ZONE_ID,
            CRI_UNCONVERTIBLE_UNKNOWN_SCHEME, CRI_UNCONVERTIBLE_DISCARD_ZERO,
            CRI_UNCONVERTIBLE_DISCARD_WITHOUT_PATH, CRI_UNCONVERTIBLE_ZONE_ID_NOT_ENABLED,
            CRI_UNCONVERTIBLE_NOT_FULL, CRI_UNCONVERTIBLE_LEADING_EMPTY_SEGMENT,
            CRI_UNCONVERTIBLE_DISCARD_RANGE, CRI_UNCONVERTIBLE_ROOTLESS_WITHOUT_SCHEME);
        named!(cri_status::CRI_ERR_COAP;
            CRI_COAP_ERR_NOT_ABSOLUTE, CRI_COAP_ERR_NOT_COAP_SCHEME, CRI_COAP_ERR_FRAGMENT,
            CRI_COAP_ERR_NO_HOST, CRI_COAP_ERR_OPTION_LENGTH, CRI_COAP_ERR_PET,
            CRI_COAP_ERR_BAD_URI_HOST, CRI_COAP_ERR_NOT_UTF8, CRI_COAP_ERR_DOT_SEGMENT,
            CRI_COAP_ERR_ORDER, CRI_COAP_ERR_WIRE, CRI_COAP_ERR_CONFLICT,
            CRI_COAP_ERR_BAD_VALUE, CRI_COAP_ERR_USERINFO, CRI_COAP_ERR_PROXY);
        assert_eq!(
            text(cri_reason_name(cri_status::CRI_ERR_SYNTAX as i32, 1)),
            "CRI_UNKNOWN"
        );

        let statuses = [
            cri_status::CRI_OK,
            cri_status::CRI_DONE,
            cri_status::CRI_ERR_NULL,
            cri_status::CRI_ERR_BUFFER,
            cri_status::CRI_ERR_SYNTAX,
            cri_status::CRI_ERR_PERCENT,
            cri_status::CRI_ERR_PORT_RANGE,
            cri_status::CRI_ERR_BASE,
            cri_status::CRI_ERR_PARTS,
            cri_status::CRI_ERR_ARGUMENT,
            cri_status::CRI_ERR_UNPROCESSABLE,
            cri_status::CRI_ERR_UNCONVERTIBLE,
            cri_status::CRI_ERR_NOT_FOUND,
            cri_status::CRI_ERR_COAP,
            cri_status::CRI_ERR_UNSUPPORTED,
        ];
        for v in -20..=20 {
            let want = statuses
                .iter()
                .find(|&&s| s as i32 == v)
                .map_or("CRI_UNKNOWN".into(), |s| std::format!("{s:?}"));
            assert_eq!(text(cri_status_name(v)), want, "{v}");
        }
    }

    #[test]
    fn version_and_tag_match_the_crate() {
        let v = cri_version();
        let cargo = (
            env!("CARGO_PKG_VERSION_MAJOR").parse::<u32>().unwrap(),
            env!("CARGO_PKG_VERSION_MINOR").parse::<u32>().unwrap(),
            env!("CARGO_PKG_VERSION_PATCH").parse::<u32>().unwrap(),
        );
        assert_eq!((v >> 16, (v >> 8) & 0xff, v & 0xff), cargo);
        assert_eq!(CRI_CBOR_TAG, crate::cri::CRI_TAG);
    }

    /// `uri_to_coap_options` checks its output arguments before it parses the URI, as
    /// every entry point does (ffi/args.rs): a NULL count or overlapping outputs are
    /// reported as such for a URI that does not parse, or that cannot be sent.
    #[test]
    fn uri_to_coap_options_checks_arguments_before_the_uri() {
        let mut opts = [cri_coap_option {
            number: 0,
            value: null(),
            len: 0,
        }; 4];
        let mut scratch = [0u8; 64];
        let (mut olen, mut slen) = (0usize, 0usize);
        let (o, s): (*mut cri_coap_option, *mut u8) = (opts.as_mut_ptr(), scratch.as_mut_ptr());
        let (ol, sl): (*mut usize, *mut usize) = (&mut olen, &mut slen);
        // The outputs broken one at a time: a NULL count of options, a NULL count of
        // value bytes, a value buffer that lies in the option array.
        let cases = [
            (null_mut(), s, 64, sl, cri_status::CRI_ERR_NULL),
            (ol, s, 64, null_mut(), cri_status::CRI_ERR_NULL),
            (ol, o.cast(), 8, sl, cri_status::CRI_ERR_ARGUMENT),
        ];
        for uri in [
            &b"coap://a b/"[..],
            b"coap://h:99999/",
            b"http://h/#f",
            b"/%zz",
        ] {
            for mode in [CRI_COAP_MODE_DIRECT, CRI_COAP_MODE_PROXY] {
                for (opts_len, values, cap, values_len, want) in cases {
                    let mut err = cri_error_info::default();
                    // SAFETY: the input is readable for its length; `o` holds 4 options
                    // and `s` 64 bytes; the counts are writable or NULL.
                    let st = unsafe {
                        uri_to_coap_options(
                            uri.as_ptr().cast(),
                            uri.len(),
                            null(),
                            mode,
                            o,
                            4,
                            opts_len,
                            values,
                            cap,
                            values_len,
                            &mut err,
                        )
                    };
                    assert_eq!(st, want, "{uri:?}");
                    assert_eq!((err.reason, err.offset), (0, 0), "{uri:?}");
                }
            }
        }
    }
}
