//! Writing CBOR items into an [`Out`]. Only the head (major type and argument, RFC 8949
//! §3) is built here: the contents of strings are streamed by the callers, which is what
//! lets a decoded URI component go straight into a CBOR text string without a copy.
//! Reading CBOR is `reader.rs`.

use crate::out::Out;

pub(crate) const UNSIGNED: u8 = 0;
pub(crate) const NEGATIVE: u8 = 1;
pub(crate) const BYTES: u8 = 2;
pub(crate) const TEXT: u8 = 3;
pub(crate) const ARRAY: u8 = 4;
pub(crate) const NULL: u8 = 0xf6;
pub(crate) const TRUE: u8 = 0xf5;

/// The head of an item: major type `major` with argument `value`, in the shortest form.
pub(crate) fn head(w: &mut Out<'_>, major: u8, value: u64) {
    let mt = major << 5;
    let be = value.to_be_bytes();
    let (info, len) = match value {
        0..=23 => (value as u8, 0usize),
        24..=0xff => (24, 1),
        0x100..=0xffff => (25, 2),
        0x1_0000..=0xffff_ffff => (26, 4),
        _ => (27, 8),
    };
    w.byte(mt | info);
    w.push(be.get(8usize.saturating_sub(len)..).unwrap_or(&[]));
}

// Lengths and counts written as CBOR heads are usize values widened to u64: lossless for
// 16-, 32- and 64-bit usize (Rust has no wider usize), here and in from_uri.rs/compose.rs.
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
