//! CBOR diagnostic notation (EDN, RFC 8949 §8) of a CRI reference, for logs and humans:
//! `[-1, ["example", "com"], ["a"]]`, byte strings as `h'C0A80061'`.

use super::model::CriRef;
use super::reader::{Kind, Reader};
use super::wire::SIMPLE_TRUE;
use crate::error::Error;
use crate::out::Out;
use crate::uri::chars::{utf8_str, HEX_UPPER};

/// Nesting of a valid CRI: outer array, authority or path, PET sequence.
const MAX_DEPTH: usize = 4;

/// Writes the EDN of the CRI reference `cbor` (checked first, so the nesting is bounded)
/// into `out`; returns its length. A tag 99 around the CRI is written as `99(…)`.
///
/// # Errors
///
/// [`Error::Unprocessable`] if `cbor` is not a valid CRI reference; [`Error::Buffer`]
/// with the length needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::cri::to_edn;
///
/// // [-1, [h'C6336401', 61616], [".well-known", "core"]] (draft §5.1.3)
/// let cbor = b"\x83\x20\x82\x44\xc6\x33\x64\x01\x19\xf0\xb0\x82\x6b.well-known\x64core";
/// let mut out = [0u8; 80];
/// let n = to_edn(cbor, &mut out)?;
/// assert_eq!(&out[..n], br#"[-1, [h'C6336401', 61616], [".well-known", "core"]]"#);
/// # Ok::<(), cri::Error>(())
/// ```
pub fn to_edn(cbor: &[u8], out: &mut [u8]) -> Result<usize, Error> {
    CriRef::decode(cbor)?;
    let mut w = Out::new(out);
    let mut d = Reader::new(cbor);
    // Items still to write in each open array.
    let mut open = [0u64; MAX_DEPTH];
    let mut depth = 0usize;
    let mut tagged = false;
    loop {
        let kind = d.peek().map_err(|_| unprocessable(&d))?;
        match kind {
            Kind::Tag => {
                write_u64(arg(&mut d)?, &mut w);
                w.byte(b'(');
                tagged = true;
                continue;
            }
            Kind::Array => {
                let n = arg(&mut d)?;
                w.byte(b'[');
                if n > 0 {
                    let slot = open.get_mut(depth).ok_or_else(|| unprocessable(&d))?;
                    *slot = n;
                    depth = depth.saturating_add(1);
                    continue;
                }
                w.byte(b']');
            }
            _ => write_scalar(kind, &mut d, &mut w)?,
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

fn unprocessable(d: &Reader<'_>) -> Error {
    Error::Unprocessable {
        reason: super::Reason::NotCbor,
        offset: d.position(),
    }
}

fn arg(d: &mut Reader<'_>) -> Result<u64, Error> {
    d.arg().ok_or_else(|| unprocessable(d))
}

fn string<'a>(d: &mut Reader<'a>) -> Result<&'a [u8], Error> {
    d.string().ok_or_else(|| unprocessable(d))
}

fn write_scalar(kind: Kind, d: &mut Reader<'_>, w: &mut Out<'_>) -> Result<(), Error> {
    match kind {
        Kind::Null => {
            arg(d)?;
            w.push(b"null");
        }
        Kind::Bool => w.push(if arg(d)? == u64::from(SIMPLE_TRUE) {
            b"true"
        } else {
            b"false"
        }),
        Kind::Unsigned => write_u64(arg(d)?, w),
        Kind::Negative => {
            // A CBOR negative integer is -1 - n for n up to 2^64 - 1: -2^64 does not fit a u64.
            w.byte(b'-');
            match arg(d)?.checked_add(1) {
                Some(m) => write_u64(m, w),
                None => w.push(b"18446744073709551616"),
            }
        }
        // The input passed CriRef::decode: its text strings are UTF-8.
        Kind::Text => {
            let s = utf8_str(string(d)?).ok_or_else(|| unprocessable(d))?;
            write_text(s, w);
        }
        Kind::Bytes => {
            w.push(b"h'");
            for &b in string(d)? {
                w.byte(HEX_UPPER.get(usize::from(b >> 4)).copied().unwrap_or(b'0'));
                w.byte(HEX_UPPER.get(usize::from(b & 15)).copied().unwrap_or(b'0'));
            }
            w.byte(b'\'');
        }
        _ => return Err(unprocessable(d)),
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
