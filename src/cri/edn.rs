//! CBOR diagnostic notation (EDN, RFC 8949 §8) of a CRI reference, for logs and humans:
//! `[-1, ["example", "com"], ["a"]]`, byte strings as `h'C0A80061'`.

use super::model::CriRef;
use crate::error::Error;
use crate::out::Out;
use crate::uri::chars::HEX_UPPER;
use minicbor::data::Type;
use minicbor::Decoder;

/// Nesting of a valid CRI: outer array, authority or path, PET sequence.
const MAX_DEPTH: usize = 4;

/// Writes the EDN of the CRI reference `cbor` (checked first, so the nesting is bounded)
/// into `out`; returns its length. A tag 99 around the CRI is written as `99(…)`.
///
/// Errors: [`Error::Unprocessable`] if `cbor` is not a valid CRI reference;
/// [`Error::Buffer`] if `out` is too small.
pub fn to_edn(cbor: &[u8], out: &mut [u8]) -> Result<usize, Error> {
    CriRef::decode(cbor)?;
    let mut w = Out::new(out);
    let mut d = Decoder::new(cbor);
    // Items still to write in each open array.
    let mut open = [0u64; MAX_DEPTH];
    let mut depth = 0usize;
    let mut tagged = false;
    loop {
        let ty = d.datatype().map_err(|_| unprocessable(&d))?;
        match ty {
            Type::Tag => {
                let tag = d.tag().map_err(|_| unprocessable(&d))?;
                write_u64(tag.as_u64(), &mut w);
                w.byte(b'(');
                tagged = true;
                continue;
            }
            Type::Array => {
                let n = d.array().ok().flatten().ok_or_else(|| unprocessable(&d))?;
                w.byte(b'[');
                if n > 0 {
                    let slot = open.get_mut(depth).ok_or_else(|| unprocessable(&d))?;
                    *slot = n;
                    depth = depth.saturating_add(1);
                    continue;
                }
                w.byte(b']');
            }
            _ => write_scalar(ty, &mut d, &mut w)?,
        }
        // Close every array whose last item this was.
        loop {
            let Some(top) = depth.checked_sub(1) else {
                if tagged {
                    w.byte(b')');
                }
                return w.finish();
            };
            let slot = open.get_mut(top).ok_or_else(|| unprocessable(&d))?;
            *slot = slot.saturating_sub(1);
            if *slot > 0 {
                w.push(b", ");
                break;
            }
            w.byte(b']');
            depth = top;
        }
    }
}

fn unprocessable(d: &Decoder<'_>) -> Error {
    Error::Unprocessable {
        reason: super::Reason::NotCbor,
        offset: d.position(),
    }
}

fn write_scalar(ty: Type, d: &mut Decoder<'_>, w: &mut Out<'_>) -> Result<(), Error> {
    let bad = |d: &Decoder<'_>| unprocessable(d);
    match ty {
        Type::Null => {
            d.null().map_err(|_| bad(d))?;
            w.push(b"null");
        }
        Type::Bool => {
            let b = d.bool().map_err(|_| bad(d))?;
            w.push(if b { b"true" } else { b"false" });
        }
        Type::U8 | Type::U16 | Type::U32 | Type::U64 => write_u64(d.u64().map_err(|_| bad(d))?, w),
        Type::I8 | Type::I16 | Type::I32 | Type::I64 | Type::Int => {
            // A CBOR negative integer is -1 - n for n up to 2^64 - 1: -2^64 does not fit a u64.
            let v = i128::from(d.int().map_err(|_| bad(d))?);
            w.byte(b'-');
            match u64::try_from(v.unsigned_abs()) {
                Ok(m) => write_u64(m, w),
                Err(_) => w.push(b"18446744073709551616"),
            }
        }
        // The input passed CriRef::decode (string_content): no string length exceeds it,
        // so minicbor's u64 -> usize conversion cannot fail on any usize width.
        Type::String => write_text(d.str().map_err(|_| bad(d))?, w),
        Type::Bytes => {
            w.push(b"h'");
            for &b in d.bytes().map_err(|_| bad(d))? {
                w.byte(HEX_UPPER.get(usize::from(b >> 4)).copied().unwrap_or(b'0'));
                w.byte(HEX_UPPER.get(usize::from(b & 15)).copied().unwrap_or(b'0'));
            }
            w.byte(b'\'');
        }
        _ => return Err(bad(d)),
    }
    Ok(())
}

fn write_u64(n: u64, w: &mut Out<'_>) {
    super::to_uri::write_decimal(n, w);
}

/// A JSON-like string literal: `"` and `\` escaped, control characters as `\u00XX`.
fn write_text(s: &str, w: &mut Out<'_>) {
    w.byte(b'"');
    for &b in s.as_bytes() {
        match b {
            b'"' | b'\\' => {
                w.byte(b'\\');
                w.byte(b);
            }
            0..=0x1f | 0x7f => {
                w.push(b"\\u00");
                w.byte(HEX_UPPER.get(usize::from(b >> 4)).copied().unwrap_or(b'0'));
                w.byte(HEX_UPPER.get(usize::from(b & 15)).copied().unwrap_or(b'0'));
            }
            _ => w.byte(b),
        }
    }
    w.byte(b'"');
}
