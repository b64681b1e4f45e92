//! The argument checks of the C entry points, as early-return macros: each turns one raw
//! argument into what the Rust API takes, or returns the status the contract names
//! (`CRI_ERR_NULL`, `CRI_ERR_ARGUMENT`, `CRI_ERR_UNSUPPORTED`, an error's status).
//!
//! # Safety
//! A macro here that reads or writes through a pointer expands to an `unsafe` block. Use
//! it only in a function whose own `# Safety` section promises, for the arguments it is
//! given, what the macro's *Promise* line says. Those promises are the conventions of
//! cri.h (an input points to its length of readable bytes or is NULL; an output or error
//! sink is NULL or writable), which every entry point states in its `# Safety` section: the
//! safety argument is made there once, not at every use.

/// Backs the slice of a NULL input of length 0, so every component pointer is valid.
static EMPTY: [u8; 1] = [0];

/// The input `(p, len)` as a slice; NULL is allowed only with `len == 0`.
///
/// # Safety
/// `p` must point to `len` readable bytes when it is not NULL.
pub(super) unsafe fn input<'a>(p: *const u8, len: usize) -> Option<&'a [u8]> {
    if p.is_null() {
        return (len == 0).then_some(EMPTY.get(..0).unwrap_or(&[]));
    }
    // SAFETY: the caller promises `len` readable bytes at `p`.
    Some(unsafe { core::slice::from_raw_parts(p, len) })
}

/// `try_input!(p, len)`: the input `(p, len)` (`*const c_char` or `*const u8`) as
/// `&[u8]`; returns `CRI_ERR_NULL` for NULL with `len > 0`.
///
/// Promise: `p` points to `len` readable bytes or is NULL.
macro_rules! try_input {
    ($p:expr, $len:expr) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise (module docs).
        match unsafe { $crate::ffi::args::input($p.cast(), $len) } {
            Some(s) => s,
            None => return $crate::ffi::cri_status::CRI_ERR_NULL,
        }
    };
}

/// `try_ref!(p)`: `&*p`; returns `CRI_ERR_NULL` for NULL.
///
/// Promise: `p` is NULL or readable.
macro_rules! try_ref {
    ($p:expr) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise (module docs).
        match unsafe { $p.as_ref() } {
            Some(r) => r,
            None => return $crate::ffi::cri_status::CRI_ERR_NULL,
        }
    };
}

/// `try_mut!(p)`: `&mut *p`, an output the function writes; returns `CRI_ERR_NULL` for NULL.
///
/// Promise: `p` is NULL or writable, and no other argument reaches it.
macro_rules! try_mut {
    ($p:expr) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise (module docs).
        match unsafe { $p.as_mut() } {
            Some(r) => r,
            None => return $crate::ffi::cri_status::CRI_ERR_NULL,
        }
    };
}

/// `try_apart!(out, [inputs])`: returns `CRI_ERR_ARGUMENT` if the struct or number a
/// function stores at `out` shares a byte with one of the input slices (the overlap
/// contract, cri.h); asked before `out` is borrowed, so nothing is written.
///
/// Promise: none (addresses are only compared).
macro_rules! try_apart {
    ($out:expr, [$($input:expr),+ $(,)?]) => {
        if false $(|| $crate::ffi::sink::overlaps_value($out, $input))+ {
            return $crate::ffi::cri_status::CRI_ERR_ARGUMENT;
        }
    };
}

/// `try_flags!(flags, KNOWN)`: returns `CRI_ERR_ARGUMENT` if `flags` has a bit outside
/// `KNOWN`.
macro_rules! try_flags {
    ($flags:expr, $known:expr) => {
        if $flags & !($known) != 0 {
            return $crate::ffi::cri_status::CRI_ERR_ARGUMENT;
        }
    };
}

/// `try_feature!("iri")`: returns `CRI_ERR_UNSUPPORTED` when this build leaves out the
/// cargo feature (docs/DESIGN.md, firmware profiles). `try_feature!("iri", err)` first
/// resets `*err` (`struct cri_error_info *`), which every function that takes one does,
/// this early return included.
///
/// Promise: as for [`clear_error!`], with `err`.
macro_rules! try_feature {
    ($name:tt) => {
        if !cfg!(feature = $name) {
            return $crate::ffi::cri_status::CRI_ERR_UNSUPPORTED;
        }
    };
    ($name:tt, $err:expr) => {
        if !cfg!(feature = $name) {
            let _ = clear_error!($err);
            return $crate::ffi::cri_status::CRI_ERR_UNSUPPORTED;
        }
    };
}

/// `report!(e, sink)`: stores what the caller may learn of the error `e` in the error sink
/// (`error_offset` or `err`) and gives its status.
///
/// Promise: `sink` is NULL or writable.
macro_rules! report {
    ($e:expr, $sink:expr) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise (module docs).
        unsafe { $crate::ffi::sink::Sink::report($e, $sink) }
    };
}

/// `try_ok!(result, sink)`: the value of an `Ok`; for an `Err` (an `Error` or what converts
/// into one) returns [`report!`] of it.
///
/// Promise: as for [`report!`].
macro_rules! try_ok {
    ($result:expr, $sink:expr) => {
        match $result {
            Ok(v) => v,
            Err(e) => return report!($crate::Error::from(e), $sink),
        }
    };
}

/// `clear_error!(err)`: resets `*err` (`struct cri_error_info *`) to 0/0 at the start of a
/// call and gives it as the function's error sink (`sink::ErrorInfo`).
///
/// Promise: `err` is NULL or writable.
macro_rules! clear_error {
    ($err:expr) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise (module docs).
        unsafe { $crate::ffi::sink::ErrorInfo::clear($err) }
    };
}

/// `try_room!(out, cap, out_len, inputs)`: the room for a text in the buffer `(out, cap)`
/// (`sink::text_room`), or returns `CRI_ERR_NULL` / `CRI_ERR_ARGUMENT`. Asked before the
/// inputs are read: an output that overlaps an input is the call's fault whatever the
/// input holds (the overlap contract, cri.h). [`text_done!`] ends the convention.
///
/// Promise: `out` is NULL or points to `cap` writable bytes; `out_len` is NULL or
/// writable.
macro_rules! try_room {
    ($out:expr, $cap:expr, $out_len:expr, $inputs:expr) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise (module docs).
        match unsafe { $crate::ffi::sink::text_room($out, $cap, $out_len, &$inputs) } {
            Ok(room) => room,
            Err(status) => return status,
        }
    };
}

/// `text_done!(out, cap, out_len, written, sink)`: what the writer gave for the room of
/// [`try_room!`] (`sink::text_done`): the NUL and `*out_len`, `CRI_ERR_BUFFER`, or the
/// error reported to `sink`.
///
/// Promise: as for [`try_room!`], which gave the room for these `out`, `cap`, `out_len`;
/// `sink` is NULL or writable.
macro_rules! text_done {
    ($out:expr, $cap:expr, $out_len:expr, $written:expr, $sink:expr) => {{
        let written = $written;
        // SAFETY: as above; the room is no longer used once `written` is known.
        unsafe { $crate::ffi::sink::text_done($out, $cap, $out_len, written, $sink) }
    }};
}

/// `text_out!(out, cap, out_len, sink, inputs, f)`: runs `f` on the text buffer
/// `(out, cap)` under the output convention ([`try_room!`], then [`text_done!`]), reporting
/// errors to `sink`; `inputs` (an array of slices) are the call's inputs, which the
/// buffer must not overlap.
///
/// Promise: as for [`text_done!`].
macro_rules! text_out {
    ($out:expr, $cap:expr, $out_len:expr, $sink:expr, $inputs:expr, $f:expr) => {{
        let (out, cap, out_len) = ($out, $cap, $out_len);
        let room = try_room!(out, cap, out_len, $inputs);
        text_done!(out, cap, out_len, $f(room), $sink)
    }};
}

/// `bytes_out!(...)`: [`text_out!`] for bytes (CBOR, option wire bytes), no NUL after them.
///
/// Promise: as for [`text_out!`].
macro_rules! bytes_out {
    ($out:expr, $cap:expr, $out_len:expr, $sink:expr, $inputs:expr, $f:expr) => {
        // SAFETY: the enclosing function's `# Safety` makes the promise (module docs).
        unsafe { $crate::ffi::sink::buffer_out($out, $cap, $out_len, false, $inputs, $f) }
            .unwrap_or_else(|e| report!(e, $sink))
    };
}
