//! The CoAP option wire format (RFC 7252 §3.1): each option as a delta from the previous
//! option number and a length, in 4-bit nibbles extended by 1 byte (13) or 2 bytes (14).

use super::options::{OptionRef, OptionSlots, SliceSlots};
use crate::error::{CoapError, Error};

/// Encodes options (ascending numbers) into `out`; returns the length. Values are copied
/// as they are. A firmware stack appends these bytes after the token.
///
/// # Errors
///
/// [`Error::Coap`] `Order` for numbers out of order, `OptionLength` for a value longer than
/// the format holds; [`Error::Buffer`] with the length needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::coap::{options_to_wire, URI_HOST, URI_PATH};
///
/// let options = [(URI_HOST, &b"h"[..]), (URI_PATH, b"sensors"), (URI_PATH, b"t")];
/// let mut wire = [0u8; 16];
/// let n = options_to_wire(options.into_iter(), &mut wire)?;
/// // Uri-Host: delta 3, length 1; Uri-Path: delta 8, length 7; Uri-Path: delta 0, length 1.
/// assert_eq!(&wire[..n], b"\x31h\x87sensors\x01t");
/// # Ok::<(), cri::Error>(())
/// ```
pub fn options_to_wire<'a>(
    options: impl Iterator<Item = (u16, &'a [u8])>,
    out: &mut [u8],
) -> Result<usize, Error> {
    let n = write_options(options, out).map_err(Error::Coap)?;
    if n > out.len() {
        return Err(Error::Buffer { needed: n });
    }
    Ok(n)
}

/// [`options_to_wire`] with the length counted on past the end of `out` (the caller
/// compares it with `out.len()`) and the refusal as the CoAP error it is:
/// `cri_coap_options_to_wire` reports it without a conversion of every [`Error`]
/// (Decision 17).
pub(crate) fn write_options<'a>(
    options: impl Iterator<Item = (u16, &'a [u8])>,
    out: &mut [u8],
) -> Result<usize, CoapError> {
    // Bytes past the end of `out` are only counted, so a too-small buffer yields the length
    // needed from the same pass.
    let mut pos = 0usize;
    let mut prev = 0u16;
    for (number, value) in options {
        let delta = number.checked_sub(prev).ok_or(CoapError::Order)?;
        prev = number;
        let len = value.len();
        if len > MAX_VALUE {
            return Err(CoapError::OptionLength);
        }
        // The first byte's nibbles, the delta's then the length's, each followed by its
        // extension bytes: one copy of the field code for both.
        let first = pos;
        pos = pos.wrapping_add(1);
        let mut nibbles = 0u8;
        // The delta, then the length (a value, not an array of both on the frame).
        let mut v = usize::from(delta);
        for _ in 0..2 {
            let f = field(v);
            v = len;
            nibbles = nibbles << NIBBLE_BITS | f.0;
            pos = extension(out, pos, f);
        }
        put(out, first, nibbles);
        for (k, &b) in value.iter().enumerate() {
            put(out, pos.wrapping_add(k), b);
        }
        pos = pos.saturating_add(len);
    }
    Ok(pos)
}

/// The longest value the format can carry: a 2-byte extension over 269 (RFC 7252 §3.1).
const MAX_VALUE: usize = 65535 + 269;
/// The first value a 1-byte extension (nibble 13) stands for, and a 2-byte one (14).
const EXT1: usize = 13;
const EXT2: usize = 269;
/// The nibbles that announce a 1-byte and a 2-byte extension (15 is reserved).
const NIBBLE_EXT1: u8 = 13;
const NIBBLE_EXT2: u8 = 14;
/// An option's first byte: the delta's nibble in the high 4 bits, the length's in the low.
const NIBBLE_BITS: u32 = 4;
const NIBBLE_MASK: u8 = 0x0f;
/// The byte that ends the options and starts the payload (RFC 7252 §3).
const PAYLOAD_MARKER: u8 = 0xff;

/// The 4-bit field for a delta or length, and its extension's value: the value itself up
/// to 12, else 13 or 14 for a 1- or 2-byte extension.
#[inline(always)]
fn field(v: usize) -> (u8, usize) {
    match v {
        0..EXT1 => (v as u8, 0),
        EXT1..EXT2 => (NIBBLE_EXT1, v.wrapping_sub(EXT1)),
        _ => (NIBBLE_EXT2, v.wrapping_sub(EXT2)),
    }
}

/// Puts `b` at `out[pos]` when it fits; returns the position after it. A position counts
/// a few bytes per option, and an option's value before it: it does not wrap.
fn put(out: &mut [u8], pos: usize, b: u8) -> usize {
    if let Some(d) = out.get_mut(pos) {
        *d = b;
    }
    pos.wrapping_add(1)
}

/// Puts the extension bytes (big-endian) of the [`field`] `(nib, e)` at `pos`: one for
/// nibble 13, two for 14, none below; returns the position after them.
#[inline(always)]
fn extension(out: &mut [u8], mut pos: usize, (nib, e): (u8, usize)) -> usize {
    if nib == NIBBLE_EXT2 {
        pos = put(out, pos, (e >> 8) as u8);
    }
    if nib >= NIBBLE_EXT1 {
        pos = put(out, pos, e as u8);
    }
    pos
}

/// Decodes the options at the start of `wire` (up to its end or a 0xFF payload marker)
/// into `opts` (values as offsets into `wire`); returns how many options there are and how
/// many bytes they took (the payload marker not included).
///
/// # Errors
///
/// [`Error::Coap`] `Wire` for truncated bytes, a reserved nibble 15, a number over 65535,
/// or a payload marker with nothing after it (RFC 7252 §3); [`Error::OptionSpace`] when
/// `opts` is too small (with the count needed).
///
/// # Examples
///
/// ```
/// use cri::coap::{options_from_wire, OptionRef, URI_HOST, URI_PATH};
///
/// let message = b"\x31h\x87sensors\xffpayload";
/// let mut opts = [OptionRef::default(); 4];
/// let (count, len) = options_from_wire(message, &mut opts)?;
/// assert_eq!((count, len), (2, 10));
/// assert_eq!(opts[1], OptionRef { number: URI_PATH, offset: 3, len: 7 });
/// assert_eq!(opts[1].value(message), b"sensors");
/// assert_eq!(opts[0].number, URI_HOST);
/// # Ok::<(), cri::Error>(())
/// ```
pub fn options_from_wire(wire: &[u8], opts: &mut [OptionRef]) -> Result<(usize, usize), Error> {
    options_from_wire_into(wire, &mut SliceSlots(opts))
}

pub(crate) fn options_from_wire_into(
    wire: &[u8],
    opts: &mut dyn OptionSlots,
) -> Result<(usize, usize), Error> {
    let bad = Error::Coap(CoapError::Wire);
    let mut pos = 0usize;
    let mut number = 0u32;
    let mut count = 0usize;
    while let Some(&first) = wire.get(pos) {
        if first == PAYLOAD_MARKER {
            // RFC 7252 §3: a payload marker followed by a zero-length payload is a
            // message format error.
            if pos.saturating_add(1) == wire.len() {
                return Err(bad);
            }
            break;
        }
        pos = pos.saturating_add(1);
        let delta = extended(first >> NIBBLE_BITS, wire, &mut pos).ok_or(bad)?;
        let len = extended(first & NIBBLE_MASK, wire, &mut pos).ok_or(bad)?;
        number = number.saturating_add(delta);
        let n = u16::try_from(number).map_err(|_| bad)?;
        // An option length is at most 65,804 (RFC 7252 §3.1): lossless on 32- and 64-bit
        // usize; on 16-bit usize a length over 65,535 cannot fit the input and is refused.
        let len = usize::try_from(len).map_err(|_| bad)?;
        let end = pos
            .checked_add(len)
            .filter(|&e| e <= wire.len())
            .ok_or(bad)?;
        if count < opts.capacity() {
            opts.set(
                count,
                OptionRef {
                    number: n,
                    offset: pos,
                    len,
                },
            );
        }
        count = count.saturating_add(1);
        pos = end;
    }
    if count > opts.capacity() {
        return Err(Error::OptionSpace(super::OptionSpace {
            options: count,
            scratch: 0,
        }));
    }
    Ok((count, pos))
}

/// A delta or length from its nibble and extension bytes at `wire[*pos..]`.
fn extended(nib: u8, wire: &[u8], pos: &mut usize) -> Option<u32> {
    let (ext, add) = match nib {
        0..NIBBLE_EXT1 => return Some(u32::from(nib)),
        NIBBLE_EXT1 => (1usize, EXT1 as u32),
        NIBBLE_EXT2 => (2, EXT2 as u32),
        _ => return None,
    };
    let bytes = wire.get(*pos..pos.checked_add(ext)?)?;
    *pos = pos.saturating_add(ext);
    let v = bytes.iter().fold(0u32, |v, &b| (v << 8) | u32::from(b));
    v.checked_add(add)
}
