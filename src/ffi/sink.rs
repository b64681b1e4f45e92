//! Everything a C function writes back besides its status: the error sinks (the URI
//! functions' `size_t *error_offset`, the CRI and CoAP functions' `struct cri_error_info *`)
//! and the output convention of `(out, cap, out_len)` with its overlap check.
//!
//! The entry points reach these through the macros of `ffi/args.rs` (`report!`,
//! `try_ok!`, `clear_error!`, `text_out!`, `bytes_out!`), which carry the safety argument.

use super::coap::cri_coap_option;
use super::cri::cri_error_info;
use super::cri_status;
use crate::error::Error;
use core::ffi::c_char;

/// A place where the caller learns more of an error than its status: a URI function's
/// `size_t *error_offset` gets the byte offset ([`error_offset`]), a CRI or CoAP function's
/// [`ErrorInfo`] the offset and the reason. NULL means the caller does not want them.
pub(super) trait Sink: Copy {
    /// Stores what the caller may learn of `e` in `sink` and returns its status.
    ///
    /// # Safety
    /// `sink` is NULL or writable.
    unsafe fn report(e: Error, sink: Self) -> cri_status;
}

/// The error sink of a URI function that reports no offset (it has no `error_offset`).
pub(super) const NO_OFFSET: *mut usize = core::ptr::null_mut();

impl Sink for *mut usize {
    unsafe fn report(e: Error, sink: Self) -> cri_status {
        // SAFETY: NULL or writable (the contract of `report`).
        if let (Some(off), Some(slot)) = (error_offset(e), unsafe { sink.as_mut() }) {
            *slot = off;
        }
        e.into()
    }
}

/// The `struct cri_error_info *err` of a CRI or CoAP function (NULL or writable, as
/// [`ErrorInfo::clear`] was promised), reset to 0/0 when the call starts.
#[derive(Clone, Copy)]
pub(super) struct ErrorInfo(*mut cri_error_info);

impl ErrorInfo {
    /// Resets `*err` at the start of a call, so it reads 0/0 unless an error says more.
    ///
    /// # Safety
    /// `err` is NULL or writable for the whole call.
    pub(super) unsafe fn clear(err: *mut cri_error_info) -> Self {
        let sink = Self(err);
        sink.set(cri_error_info::default());
        sink
    }

    /// Reports the CoAP error `why` about the byte `at` of the input (`CRI_ERR_COAP`).
    pub(super) fn coap(self, why: crate::coap::CoapError, at: usize) -> cri_status {
        self.set(cri_error_info {
            offset: at,
            reason: why as i32,
        });
        cri_status::CRI_ERR_COAP
    }

    /// Reports that the result would be no valid CRI or URI (`CRI_ERR_UNCONVERTIBLE`), as
    /// [`ErrorInfo::coap`] does a CoAP error: offset 0, the reason `why`.
    pub(super) fn unconvertible(self, why: crate::error::Unconvertible) -> cri_status {
        self.set(cri_error_info {
            offset: 0,
            reason: why as i32,
        });
        cri_status::CRI_ERR_UNCONVERTIBLE
    }

    /// Reports an error of the URI text about the byte `offset`, whose status the caller
    /// knows (`CRI_ERR_SYNTAX`, `CRI_ERR_PERCENT`, `CRI_ERR_PORT_RANGE`): the parser's
    /// errors without an [`Error`] in between, so that an image whose only other errors are
    /// CoAP reasons links no conversion of every [`Error`] (Decision 17).
    pub(super) fn uri(self, status: cri_status, offset: usize) -> cri_status {
        self.set(cri_error_info { offset, reason: 0 });
        status
    }

    /// Reports an unprocessable CRI with the status the caller gives it
    /// (`CRI_ERR_UNPROCESSABLE`, or `CRI_ERR_BASE` for the base of `cri_resolve`): the
    /// reader's error without an [`Error`] in between, as for [`ErrorInfo::uri`].
    pub(super) fn cri(self, status: cri_status, u: crate::error::Unprocessable) -> cri_status {
        self.set(cri_error_info {
            offset: u.offset,
            reason: u.reason as i32,
        });
        status
    }

    fn set(self, details: cri_error_info) {
        // SAFETY: NULL or writable (the promise made to `clear`).
        if let Some(info) = unsafe { self.0.as_mut() } {
            *info = details;
        }
    }
}

impl Sink for ErrorInfo {
    unsafe fn report(e: Error, sink: Self) -> cri_status {
        sink.set(error_info(e));
        e.into()
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

/// The details of `e` as `struct cri_error_info` gives them.
fn error_info(e: Error) -> cri_error_info {
    match e {
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
        Error::Buffer { .. } | Error::Parts | Error::OptionSpace(_) => cri_error_info::default(),
    }
}

/// Does the output region `(out, bytes)` share a byte with any of `inputs`? The overlap
/// contract (cri.h): no output may overlap an input, because every function reads its
/// inputs while it writes (in place, `uri_percent_encode` wrote `a%2020c%30c…`). Such a
/// call returns `CRI_ERR_ARGUMENT` before anything is written. The check of one output
/// against the slices it reads (`text_room`, `buffer_out`, the option array of
/// `cri_coap_options_from_wire`); the other CoAP entry points and `cri_resolve`, which a
/// CRI device links together, describe their regions to [`overlap`] instead, so that such
/// an image carries one check. Generic over how a caller holds its inputs (an array, a
/// slice, a reference to an array), so that no caller copies its array of inputs into a
/// slice on its frame (Decision 17, stack).
pub(super) fn overlaps(
    out: *const u8,
    bytes: usize,
    inputs: impl IntoIterator<Item: AsRef<[u8]>>,
) -> bool {
    for i in inputs {
        if overlaps_one(out, bytes, i.as_ref()) {
            return true;
        }
    }
    false
}

/// [`overlaps`] for one input, written out so that the split profile does not carry an
/// iterator for it.
fn overlaps_one(out: *const u8, bytes: usize, input: &[u8]) -> bool {
    regions_overlap(out as usize, bytes, input.as_ptr() as usize, input.len())
}

/// Does the value a function stores at `out` (a struct or a number) share a byte with
/// `input`? [`try_apart!`] asks it before `out` is borrowed.
pub(super) fn overlaps_value<T>(out: *const T, input: &[u8]) -> bool {
    overlaps_one(out.cast(), size_of::<T>(), input)
}

/// A region of memory a call reads or writes: its address and its length in bytes.
pub(super) type Region = (usize, usize);

/// The region of a pointer and a length in bytes; only the address is taken.
pub(super) fn region<T>(p: *const T, bytes: usize) -> Region {
    (p as usize, bytes)
}

/// The region of an input slice.
pub(super) fn input_region(s: &[u8]) -> Region {
    region(s.as_ptr(), s.len())
}

/// What `buffer_out` checks the output against when the caller has checked it ([`overlap`]).
pub(super) const NO_INPUTS: [&[u8]; 0] = [];

/// The refusals of [`buffer_out`] for its output, made by an entry point that reads its
/// input before it calls it, so that they come before the input is read (cri.h: a NULL
/// argument is `CRI_ERR_NULL` and an overlap `CRI_ERR_ARGUMENT` whatever the input holds).
/// `regions` is the output `(out, cap)` and then the inputs; a NULL `out_len` or an `out`
/// NULL with `cap > 0` is `CRI_ERR_NULL`, an `out` that overlaps an input
/// `CRI_ERR_ARGUMENT`, in `buffer_out`'s order.
pub(super) fn output_refused(regions: &[Region], out_len: *const usize) -> Option<cri_status> {
    let (out, cap) = regions.first().copied().unwrap_or_default();
    if out_len.is_null() || (out == 0 && cap != 0) {
        return Some(cri_status::CRI_ERR_NULL);
    }
    overlap(regions, 1, &[]).then_some(cri_status::CRI_ERR_ARGUMENT)
}

/// The overlap contract (cri.h) as a description: does one of the first `outputs` of
/// `regions` share a byte with a region after it or with a value of `list` (an option
/// array the call reads)? The outputs come first, so each is checked against the other
/// outputs and every input once. One function for the entry points that write to more
/// than one place or read more than one input, each of which passes the table of its
/// regions, over a slice and plain loops (no iterator chain per entry point, Decision 17),
/// not inlined: its checks are not in the frame that holds the decoded input under the
/// conversion. Only addresses are compared, so a NULL pointer with length 0 is no region.
#[inline(never)]
pub(super) fn overlap(regions: &[Region], outputs: usize, list: &[cri_coap_option]) -> bool {
    let mut k = 0usize;
    while k < outputs {
        let Some(&(o, n)) = regions.get(k) else {
            return false;
        };
        k = k.wrapping_add(1);
        // Every region after output `k`, then every value: one comparison for both.
        let mut j = k;
        loop {
            let (i, m) = match regions.get(j) {
                Some(&r) => r,
                // A NULL value comes with length 0 (`option_pairs`): no region.
                None => match list.get(j.wrapping_sub(regions.len())) {
                    Some(v) => region(v.value, v.len),
                    None => break,
                },
            };
            if regions_overlap(o, n, i, m) {
                return true;
            }
            j = j.wrapping_add(1);
        }
    }
    false
}

/// Do the regions of `n` bytes at address `o` and `m` bytes at address `i` share a byte?
/// Only addresses are compared, nothing is read. An output at NULL overlaps nothing,
/// whatever its length: it is refused as NULL (`CRI_ERR_NULL`), not as an overlap.
pub(super) fn regions_overlap(o: usize, n: usize, i: usize, m: usize) -> bool {
    o != 0 && n != 0 && m != 0 && i < o.saturating_add(n) && o < i.saturating_add(m)
}

/// The room for the text in the caller's buffer `(out, cap)`: its first `cap - 1` bytes,
/// the last one kept for the NUL. The first half of the output convention (`text_out!`),
/// one function for every text writer rather than a copy in each entry point: a NULL
/// `out_len` or an `out` NULL with `cap > 0` is `CRI_ERR_NULL`, an `out` that overlaps
/// one of `inputs` (the overlap contract, [`overlaps`]) `CRI_ERR_ARGUMENT`.
///
/// # Safety
/// `out` is NULL or points to `cap` writable bytes that nothing else reaches while the
/// room is used.
// Shared on bare metal, inlined on hosts (Decision 17).
#[cfg_attr(any(target_os = "none", cri_firmware_paths), inline(never))]
#[cfg_attr(not(any(target_os = "none", cri_firmware_paths)), inline(always))]
pub(super) unsafe fn text_room<'o>(
    out: *mut c_char,
    cap: usize,
    out_len: *const usize,
    inputs: &[&[u8]],
) -> Result<&'o mut [u8], cri_status> {
    if out_len.is_null() {
        return Err(cri_status::CRI_ERR_NULL);
    }
    let out = out.cast::<u8>();
    if overlaps(out, cap, inputs) {
        return Err(cri_status::CRI_ERR_ARGUMENT);
    }
    if out.is_null() {
        return if cap == 0 {
            Ok(&mut [])
        } else {
            Err(cri_status::CRI_ERR_NULL)
        };
    }
    // SAFETY: the caller promises `cap` writable bytes at `out`; the room leaves the last.
    Ok(unsafe { core::slice::from_raw_parts_mut(out, cap.saturating_sub(1)) })
}

/// The second half of the output convention: what the writer gave for the room of
/// [`text_room`], as the caller learns it. A text of `n < cap` bytes gets its NUL at
/// `out + n` (written through `out`, once the room is no longer used) and `*out_len = n`;
/// a longer one, or [`Error::Buffer`], `CRI_ERR_BUFFER` with the length needed in
/// `*out_len`; other errors go to `sink`.
///
/// # Safety
/// [`text_room`] gave the room for these `out`, `cap`, `out_len` (so `out_len` is not
/// NULL), and the room is no longer used; `out_len` and `sink` are writable or NULL as
/// the contract of the entry point says.
// Shared on bare metal, inlined on hosts (Decision 17).
#[cfg_attr(any(target_os = "none", cri_firmware_paths), inline(never))]
#[cfg_attr(not(any(target_os = "none", cri_firmware_paths)), inline(always))]
pub(super) unsafe fn text_done(
    out: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    written: Result<usize, Error>,
    sink: impl Sink,
) -> cri_status {
    // SAFETY: `text_room` checked it for NULL (the caller's promise).
    let Some(out_len) = (unsafe { out_len.as_mut() }) else {
        return cri_status::CRI_ERR_NULL;
    };
    match written {
        Ok(n) if n < cap => {
            // SAFETY: `n < cap`, so `out` is not NULL (`text_room`) and `out + n` is one of
            // the `cap` writable bytes; the room's borrow has ended.
            unsafe { *out.cast::<u8>().add(n) = 0 };
            *out_len = n;
            cri_status::CRI_OK
        }
        Ok(n) | Err(Error::Buffer { needed: n }) => {
            *out_len = n;
            cri_status::CRI_ERR_BUFFER
        }
        // SAFETY: NULL or writable (the caller's promise).
        Err(e) => unsafe { Sink::report(e, sink) },
    }
}

/// What a writer of [`buffer_out`] refuses with: an [`Error`], which may be the room a
/// too-small buffer needs, or the one kind of error a writer has, which it reports
/// without a conversion of every [`Error`] (Decision 17).
pub(super) trait Refused {
    /// Whether the writer gives a length past the room when the buffer is too small (it
    /// counts on past the end) rather than a refusal with it: a constant, so that the
    /// writers that refuse compare nothing more.
    const PAST_END: bool = true;

    /// The length a too-small buffer needs, if that is the refusal (a writer that counts
    /// on past the end never refuses with it).
    fn needed(&self) -> Option<usize> {
        None
    }
}

impl Refused for Error {
    const PAST_END: bool = false;

    fn needed(&self) -> Option<usize> {
        match *self {
            Error::Buffer { needed } => Some(needed),
            _ => None,
        }
    }
}

impl Refused for crate::coap::CoapError {}

impl Refused for crate::error::Unconvertible {}

/// The output convention for `(out, cap, out_len)`: with `nul` a NUL follows the output
/// (text); without, the output is bytes. `CRI_ERR_ARGUMENT` if `out` overlaps one of
/// `inputs` ([`overlaps`]). A length past the room (a writer that counts on past the end)
/// or an [`Error::Buffer`] is `CRI_ERR_BUFFER` with that length; other refusals are handed
/// back.
///
/// # Safety
/// `out` is NULL or points to `cap` writable bytes; `out_len` is NULL or writable.
pub(super) unsafe fn buffer_out<E: Refused>(
    out: *mut u8,
    cap: usize,
    out_len: *mut usize,
    nul: bool,
    inputs: impl IntoIterator<Item: AsRef<[u8]>>,
    f: impl FnOnce(&mut [u8]) -> Result<usize, E>,
) -> Result<cri_status, E> {
    // SAFETY: checked for NULL; the caller promises it is writable otherwise.
    let Some(out_len) = (unsafe { out_len.as_mut() }) else {
        return Ok(cri_status::CRI_ERR_NULL);
    };
    if overlaps(out, cap, inputs) {
        return Ok(cri_status::CRI_ERR_ARGUMENT);
    }
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
        Ok(n) if !nul && (!E::PAST_END || n <= cap) => {
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
        Err(e) => match e.needed() {
            Some(needed) => {
                *out_len = needed;
                Ok(cri_status::CRI_ERR_BUFFER)
            }
            None => Err(e),
        },
    }
}
