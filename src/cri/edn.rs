//! CBOR diagnostic notation (EDN, RFC 8949 §8) of a CRI reference, for logs and humans:
//! `[-1, ["example", "com"], ["a"]]`, byte strings as `h'C0A80061'`.

use super::model::{Authority, CriRef, Discard, Scheme};
use super::reader::{Kind, Reader};
use super::wire::SIMPLE_TRUE;
use crate::error::Error;
use crate::out::Out;
use crate::uri::chars::pct_triplet;

/// Nesting of a valid CRI: outer array, authority or path, PET sequence.
const MAX_DEPTH: usize = 4;

/// Writes the EDN of the CRI reference `cri` into `out`; returns its length.
///
/// The EDN shows the sections the reference has, as [`CriRef::decode`] read them: an
/// absent section in the middle is `null`, trailing defaults are left out (draft §5.1),
/// and the empty reference is `[]` (its other spelling `[0]` means the same, draft §5.2).
/// A tag 99 around the CBOR is an envelope, not part of the reference, and is not
/// written; the C function `cri_to_edn`, which reads the bytes, writes it as `99(…)`.
///
/// # Errors
///
/// [`Error::Buffer`] with the length needed if `out` is too small. A view from
/// [`CriRef::decode`] is valid, so nothing else fails.
///
/// # Examples
///
/// ```
/// use cri::cri::to_edn;
/// use cri::CriRef;
///
/// // [-1, [h'C6336401', 61616], [".well-known", "core"]] (draft §5.1.3)
/// let cbor = b"\x83\x20\x82\x44\xc6\x33\x64\x01\x19\xf0\xb0\x82\x6b.well-known\x64core";
/// let r = CriRef::decode(cbor)?;
/// let mut out = [0u8; 80];
/// let n = to_edn(&r, &mut out)?;
/// assert_eq!(&out[..n], br#"[-1, [h'C6336401', 61616], [".well-known", "core"]]"#);
/// # Ok::<(), cri::Error>(())
/// ```
pub fn to_edn(cri: &CriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    let mut w = Out::new(out);
    w.byte(b'[');
    let local = [
        cri.path.map(|p| p.raw),
        cri.query.map(|q| q.raw),
        cri.fragment.map(|f| f.raw),
    ];
    // Trailing sections that are absent are left out: a valid CRI has no trailing `null`
    // (draft §5.1), so the last section it has is the last one set.
    let rest = local
        .iter()
        .rposition(Option::is_some)
        .map_or(0, |i| i.saturating_add(1));
    // The leading sections: scheme (or `null`) and authority when the reference sets an
    // authority (draft §5.1), else the discard.
    if let Some(authority) = cri.authority {
        match cri.scheme {
            // scheme-id = -1 - scheme-number
            Some(Scheme::Number(n)) => write_negative(n, &mut w),
            Some(Scheme::Name(s)) => write_text(s.as_bytes(), &mut w),
            None => w.push(b"null"),
        }
        if rest > 0 || !matches!(authority, Authority::RootBased) {
            w.push(b", ");
            match authority {
                Authority::RootBased => w.push(b"null"),
                Authority::Rootless => w.push(b"true"),
                Authority::Host(h) => write_items(h.raw, &mut w)?,
            }
        }
    } else {
        // INVARIANT: ingest sets the authority of every reference with a scheme.
        debug_assert!(cri.scheme.is_none());
        match cri.discard {
            Discard::All => w.push(b"true"),
            Discard::Count(0) if rest == 0 => {}
            Discard::Count(n) => write_u64(u64::from(n), &mut w),
        }
    }
    for (i, section) in local.iter().take(rest).enumerate() {
        w.push(b", ");
        match section {
            None => w.push(b"null"),
            // The fragment is one item; path and query are arrays kept without their head.
            Some(raw) if i == 2 => write_items(raw, &mut w)?,
            Some(raw) => {
                w.byte(b'[');
                write_items(raw, &mut w)?;
                w.byte(b']');
            }
        }
    }
    w.byte(b']');
    w.finish()
}

/// The EDN of the CRI reference `cbor` (checked first, so the nesting is bounded), a tag
/// 99 around it written as `99(…)`: what `cri_to_edn` writes.
pub(crate) fn cbor_to_edn(cbor: &[u8], out: &mut [u8]) -> Result<usize, Error> {
    let mut r = CriRef::empty();
    r.ingest(cbor, false)?;
    let mut w = Out::new(out);
    write_items(cbor, &mut w)?;
    w.finish()
}

/// Writes the CBOR items of `cbor`, a sequence of well-formed items from a valid CRI,
/// separated by `, `.
fn write_items(cbor: &[u8], w: &mut Out<'_>) -> Result<(), Error> {
    let mut d = Reader::new(cbor);
    // Items still to write in each open array.
    let mut open = [0u64; MAX_DEPTH];
    let mut depth = 0usize;
    let mut tagged = false;
    while d.position() < cbor.len() {
        if d.position() > 0 {
            w.push(b", ");
        }
        loop {
            // A malformed head is no kind `write_scalar` writes: unprocessable.
            let kind = d.peek();
            match kind {
                Kind::Tag => {
                    write_u64(arg(&mut d)?, w);
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
                _ => write_scalar(kind, &mut d, w)?,
            }
            // Close every array whose last item this was.
            while let Some(top) = depth.checked_sub(1) {
                let slot = open.get_mut(top).ok_or_else(|| unprocessable(&d))?;
                *slot = slot.saturating_sub(1);
                if *slot > 0 {
                    w.push(b", ");
                    break;
                }
                w.byte(b']');
                depth = top;
            }
            if depth == 0 {
                if tagged {
                    w.byte(b')');
                    tagged = false;
                }
                break;
            }
        }
    }
    Ok(())
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
        Kind::Negative => write_negative(arg(d)?, w),
        // The input passed CriRef::ingest: its text strings are UTF-8, written as they are.
        Kind::Text => write_text(string(d)?, w),
        Kind::Bytes => {
            w.push(b"h'");
            for &b in string(d)? {
                write_hex(b, w);
            }
            w.byte(b'\'');
        }
        _ => return Err(unprocessable(d)),
    }
    Ok(())
}

/// The CBOR negative integer with argument `n`, -1 - n: for n up to 2^64 - 1, so -2^64
/// does not fit a u64.
fn write_negative(n: u64, w: &mut Out<'_>) {
    w.byte(b'-');
    match n.checked_add(1) {
        Some(m) => write_u64(m, w),
        None => w.push(b"18446744073709551616"),
    }
}

fn write_u64(n: u64, w: &mut Out<'_>) {
    super::to_uri::write_decimal(n, w);
}

/// The two uppercase hex digits of `b`: those of its percent-encoded triplet, whose
/// writer the URI layer shares.
fn write_hex(b: u8, w: &mut Out<'_>) {
    let [_, hi, lo] = pct_triplet(b);
    w.byte(hi);
    w.byte(lo);
}

/// A JSON-like string literal of UTF-8 text `s`: `"` and `\` escaped, control characters
/// as `\u00XX`.
fn write_text(s: &[u8], w: &mut Out<'_>) {
    w.byte(b'"');
    for &b in s {
        match b {
            b'"' | b'\\' => {
                w.byte(b'\\');
                w.byte(b);
            }
            0..=0x1f | 0x7f => {
                w.push(b"\\u00");
                write_hex(b, w);
            }
            _ => w.byte(b),
        }
    }
    w.byte(b'"');
}
