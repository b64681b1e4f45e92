//! Writing CBOR items into an [`Out`]. Only the head (major type and argument, RFC 8949
//! §3) is built here: the contents of strings are streamed by the callers, which is what
//! lets a decoded URI component go straight into a CBOR text string without a copy.
//! Reading CBOR is `reader.rs`.

use crate::out::Out;

// The numbers of CBOR's initial byte (RFC 8949 §3), for this writer and `reader.rs`: the
// major type in the high 3 bits, the additional information in the low 5.

/// Major type 0: an unsigned integer.
pub(crate) const UNSIGNED: u8 = 0;
/// Major type 1: a negative integer, -1 minus the argument.
pub(crate) const NEGATIVE: u8 = 1;
/// Major type 2: a byte string.
pub(crate) const BYTES: u8 = 2;
/// Major type 3: a text string.
pub(crate) const TEXT: u8 = 3;
/// Major type 4: an array.
pub(crate) const ARRAY: u8 = 4;
/// Major type 5: a map (never part of a CRI).
pub(crate) const MAP: u8 = 5;
/// Major type 6: a tag.
pub(crate) const TAG: u8 = 6;
/// Major type 7: simple values and floats.
pub(crate) const SIMPLE: u8 = 7;

/// The initial byte's major type is its top 3 bits.
pub(crate) const MAJOR_SHIFT: u32 = 5;
/// The initial byte's additional information is its low 5 bits.
pub(crate) const INFO_MASK: u8 = 0x1f;
/// Additional information up to this is the argument itself.
pub(crate) const MAX_IMMEDIATE: u8 = 23;
/// Additional information 24, 25, 26, 27: the argument follows in 1, 2, 4, 8 bytes.
pub(crate) const ARG_1_BYTE: u8 = 24;
pub(crate) const ARG_2_BYTES: u8 = 25;
pub(crate) const ARG_4_BYTES: u8 = 26;
pub(crate) const ARG_8_BYTES: u8 = 27;
/// Additional information 31: indefinite length (and `break` in major type 7).
pub(crate) const INDEFINITE: u8 = 31;

/// The simple values of major type 7 a CRI holds (RFC 8949 §3.3).
pub(crate) const SIMPLE_FALSE: u8 = 20;
pub(crate) const SIMPLE_TRUE: u8 = 21;
pub(crate) const SIMPLE_NULL: u8 = 22;
/// `false`, `true` and `null` as the one byte each is.
pub(crate) const FALSE: u8 = SIMPLE << MAJOR_SHIFT | SIMPLE_FALSE;
pub(crate) const TRUE: u8 = SIMPLE << MAJOR_SHIFT | SIMPLE_TRUE;
pub(crate) const NULL: u8 = SIMPLE << MAJOR_SHIFT | SIMPLE_NULL;

/// The head of an item: major type `major` with argument `value`, in the shortest form.
pub(crate) fn head(w: &mut Out<'_>, major: u8, value: u64) {
    let mt = major << MAJOR_SHIFT;
    let be = value.to_be_bytes();
    // The narrowest argument that holds `value`: in the initial byte, or a u8, u16, u32,
    // u64 after it.
    let (info, len) = if value <= u64::from(MAX_IMMEDIATE) {
        // The condition makes the cast lossless.
        (value as u8, 0usize)
    } else if value <= u64::from(u8::MAX) {
        (ARG_1_BYTE, 1)
    } else if value <= u64::from(u16::MAX) {
        (ARG_2_BYTES, 2)
    } else if value <= u64::from(u32::MAX) {
        (ARG_4_BYTES, 4)
    } else {
        (ARG_8_BYTES, 8)
    };
    w.byte(mt | info);
    w.push(be.get(8usize.saturating_sub(len)..).unwrap_or(&[]));
}

// Lengths and counts written as CBOR heads are usize values widened to u64: lossless for
// 16-, 32- and 64-bit usize (Rust has no wider usize), here and in from_uri.rs/coap/server.rs.
pub(crate) fn text(w: &mut Out<'_>, s: &[u8]) {
    head(w, TEXT, s.len() as u64);
    w.push(s);
}

pub(crate) fn bytes(w: &mut Out<'_>, s: &[u8]) {
    head(w, BYTES, s.len() as u64);
    w.push(s);
}

/// An unsigned integer `n` (major 0), or with `negative` the integer -1 - n (major 1).
pub(crate) fn int(w: &mut Out<'_>, negative: bool, n: u64) {
    head(w, if negative { NEGATIVE } else { UNSIGNED }, n);
}
