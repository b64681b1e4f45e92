//! CRI reference → URI reference (draft-ietf-core-href-27 §6.1), recomposed as RFC 3986
//! §5.3 says.

use super::model::{Authority, CriRef, Discard, Host, Items, Piece, Scheme, TextOrPet};
use super::reader::{Kind, Reader};
use super::scheme::scheme_name;
use crate::error::{Error, Unconvertible};
use crate::out::Out;
use crate::uri::chars;
use crate::uri::ip;
use crate::uri::percent::encode_into;
/// The characters each component writes literally (draft §6.1); all others are
/// percent-encoded from their UTF-8 bytes.
pub(crate) use crate::uri::percent::Set;

/// Options of [`to_uri`]. The default writes a URI and refuses a zone-id.
///
/// # Examples
///
/// ```
/// use cri::cri::{from_uri, to_uri, ToUriOptions};
/// use cri::{CriRef, Error, Unconvertible, UriRef};
///
/// let mut cbor = [0u8; 64];
/// let n = from_uri(&UriRef::parse("coap://[fe80::1%25eth0]/caf%C3%A9")?, &mut cbor)?;
/// let r = CriRef::decode(&cbor[..n])?;
/// let mut out = [0u8; 64];
/// let e = to_uri(&r, ToUriOptions::default(), &mut out);
/// assert_eq!(e, Err(Error::Unconvertible(Unconvertible::ZoneIdNotEnabled)));
/// let opts = ToUriOptions { zone_id: true, iri: true };
/// let m = to_uri(&r, opts, &mut out)?;
/// assert_eq!(&out[..m], "coap://[fe80::1%25eth0]/caf\u{e9}".as_bytes());
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToUriOptions {
    /// Write a zone-id in the RFC 6874 form `[fe80::1%25eth0]` (docs/DECISIONS.md Decision 8: -27
    /// defines no URI form, so this is opt-in); without it a zone-id is an error.
    pub zone_id: bool,
    /// Write an IRI (draft §6, CRI → IRI): non-ASCII characters of text stay characters
    /// where RFC 3987 allows them (`ucschar`; `iprivate` in the query; no bidi formatting).
    pub iri: bool,
}

/// Writes a CRI reference as a URI reference into `out`; returns its length.
///
/// # Errors
///
/// [`Error::Unconvertible`] where §6.1 fails or has no answer: a scheme number not in the
/// table, discard 0 with a path or with an empty query, discard without path segments to
/// append, a zone-id without `opts.zone_id`, an empty zone-id or one on an IPv4 address
/// (`ZoneId`, RFC 6874), no scheme with authority `true` (no URI reference means the
/// same); [`Error::Buffer`] with the length needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::cri::{to_uri, ToUriOptions};
/// use cri::{CriRef, Error, Unconvertible};
///
/// let mut out = [0u8; 32];
/// // [2, ["b"]] is ../b
/// let r = CriRef::decode(&[0x82, 0x02, 0x81, 0x61, b'b'])?;
/// let n = to_uri(&r, ToUriOptions::default(), &mut out)?;
/// assert_eq!(&out[..n], b"../b");
/// // [0, ["b"]] keeps the whole base path and appends: no URI reference says that.
/// let r = CriRef::decode(&[0x82, 0x00, 0x81, 0x61, b'b'])?;
/// let e = to_uri(&r, ToUriOptions::default(), &mut out);
/// assert_eq!(e, Err(Error::Unconvertible(Unconvertible::DiscardZero)));
/// # Ok::<(), Error>(())
/// ```
pub fn to_uri(cri: &CriRef<'_>, opts: ToUriOptions, out: &mut [u8]) -> Result<usize, Error> {
    let mut w = Out::new(out);
    write_uri(cri, opts, &mut w)?;
    w.finish()
}

pub(crate) fn write_uri(
    cri: &CriRef<'_>,
    opts: ToUriOptions,
    w: &mut Out<'_>,
) -> Result<(), Error> {
    let fail = |why| Err(Error::Unconvertible(why));
    match cri.scheme {
        Some(Scheme::Number(n)) => {
            w.push(
                scheme_name(n)
                    .ok_or(Error::Unconvertible(Unconvertible::UnknownScheme))?
                    .as_bytes(),
            );
            w.byte(b':');
        }
        Some(Scheme::Name(s)) => {
            w.push(s.as_bytes());
            w.byte(b':');
        }
        None => {}
    }
    if let Some(Authority::Host(a)) = cri.authority {
        w.push(b"//");
        if let Some(u) = a.userinfo {
            write_item(u, Set::Userinfo, opts.iri, w);
            w.byte(b'@');
        }
        write_host(a.host, opts, w)?;
        if let Some(port) = a.port {
            w.byte(b':');
            write_decimal(u64::from(port), w);
        }
    }
    let path = cri.path.unwrap_or_default();
    let (rooted, prefix): (bool, &[u8]) = match (cri.authority, cri.discard) {
        // Without a scheme, `true` drops the base authority and keeps a rootless path; a
        // URI reference without a scheme cannot say that (its path would be merged with
        // the base's, RFC 3986 §5.2.2), so the conversion would change the target.
        (Some(Authority::Rootless), _) if cri.scheme.is_none() => {
            return fail(Unconvertible::RootlessWithoutScheme)
        }
        (Some(Authority::Rootless), _) => (false, b""),
        (Some(_), _) => (true, b""),
        (None, Discard::All) if path.is_empty() => return fail(Unconvertible::DiscardWithoutPath),
        (None, Discard::All) => (true, b""),
        (None, Discard::Count(0)) if cri.path.is_some() => return fail(Unconvertible::DiscardZero),
        (None, Discard::Count(0)) if cri.query.is_some_and(|q| q.is_empty()) => {
            return fail(Unconvertible::DiscardZero)
        }
        (None, Discard::Count(0)) => (true, b""),
        (None, Discard::Count(_)) if path.is_empty() => {
            return fail(Unconvertible::DiscardWithoutPath)
        }
        (None, Discard::Count(1)) => (false, dot_prefix(path)),
        (None, Discard::Count(n)) => {
            for _ in 1..n {
                w.push(b"../");
            }
            (false, b"")
        }
    };
    w.push(prefix);
    for (i, seg) in path.iter().enumerate() {
        if rooted || i > 0 {
            w.byte(b'/');
        }
        write_item(seg, Set::Segment, opts.iri, w);
    }
    if let Some(q) = cri.query.filter(|q| !q.is_empty()) {
        w.byte(b'?');
        write_joined(q, b'&', Set::QueryParam, opts.iri, w);
    }
    if let Some(f) = cri.fragment {
        w.byte(b'#');
        write_item(f, Set::Query, opts.iri, w);
    }
    Ok(())
}

/// "./" before an unrooted first segment with ":" (draft §6.1, RFC 3986 §4.2), and before
/// an empty one, which would otherwise vanish (`[1, [""]]` is "./", not "").
fn dot_prefix(path: Items<'_>) -> &'static [u8] {
    let first = path.iter().next();
    let colon = first.is_some_and(|s| {
        s.pieces()
            .any(|p| matches!(p, Piece::Text(t) if t.contains(':')))
    });
    if colon || first.is_some_and(|s| s.is_empty()) {
        b"./"
    } else {
        b""
    }
}

fn write_host(host: Host<'_>, opts: ToUriOptions, w: &mut Out<'_>) -> Result<(), Error> {
    match host {
        Host::Name(labels) => write_joined(labels, b'.', Set::RegName, opts.iri, w),
        Host::Ip {
            addr: &[a, b, c, d],
            zone: None,
        } => ip::write_ipv4(&[a, b, c, d], w),
        Host::Ip { addr, zone } => {
            let addr: &[u8; 16] = addr
                .try_into()
                .map_err(|_| Error::Unconvertible(Unconvertible::ZoneId))?;
            w.byte(b'[');
            ip::write_ipv6(addr, w);
            if let Some(z) = zone {
                if !opts.zone_id {
                    return Err(Error::Unconvertible(Unconvertible::ZoneIdNotEnabled));
                }
                if z.is_empty() {
                    // RFC 6874: ZoneID = 1*( unreserved / pct-encoded ).
                    return Err(Error::Unconvertible(Unconvertible::ZoneId));
                }
                w.push(b"%25");
                encode_into(z.as_bytes(), Set::Unreserved, w);
            }
            w.byte(b']');
        }
    }
    Ok(())
}

fn write_joined(items: Items<'_>, sep: u8, set: Set, iri: bool, w: &mut Out<'_>) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            w.byte(sep);
        }
        write_item(item, set, iri, w);
    }
}

/// A text-or-pet value: text percent-encoded where `set` does not keep it, PET bytes
/// always percent-encoded (draft §7.2). With `iri`, non-ASCII characters that RFC 3987
/// allows stay characters. The pieces are read here rather than through
/// [`TextOrPet::pieces`], which gives each text as a `str` and so checks its UTF-8 again:
/// ingest checked it (draft §5.2.1), and the encoders take bytes (Decision 17: no text
/// walked a second time).
pub(crate) fn write_item(item: TextOrPet<'_>, set: Set, iri: bool, w: &mut Out<'_>) {
    let mut d = Reader::new(item.raw);
    let mut left = match d.peek() {
        Kind::Array => d.arg().unwrap_or(0),
        _ => 1,
    };
    while left > 0 {
        left = left.wrapping_sub(1);
        let text = matches!(d.peek(), Kind::Text);
        // INVARIANT: the value passed ingest (`read_text_or_pet`), so `left` more text or
        // byte strings follow.
        let s = d.string();
        debug_assert!(s.is_some(), "a piece is missing");
        let s = s.unwrap_or(&[]);
        match (text, iri) {
            (true, true) => encode_iri_text(s, set, w),
            (true, false) => encode_into(s, set, w),
            (false, _) => encode_into(s, Set::Nothing, w),
        }
    }
}

/// Text (UTF-8, checked on ingest) for an IRI: a non-ASCII character stays itself where
/// RFC 3987 allows it, everything else is encoded for `set`.
fn encode_iri_text(t: &[u8], set: Set, w: &mut Out<'_>) {
    let mut i = 0usize;
    while let Some(rest) = t.get(i..).filter(|r| !r.is_empty()) {
        // INVARIANT: ingest checked the text, so a character starts at every step.
        let (code, width) = chars::decode_utf8(rest).unwrap_or((0xfffd, 1));
        let bytes = rest.get(..width).unwrap_or(&[]);
        let private_ok = matches!(set, Set::QueryParam) && chars::is_iprivate(code);
        if code >= 0x80 && (chars::is_ucschar(code) || private_ok) && !chars::is_bidi_format(code) {
            w.push(bytes);
        } else {
            encode_into(bytes, set, w);
        }
        // `width` bytes were just taken from `t`: no overflow.
        i = i.wrapping_add(width);
    }
}

/// Decimal digits of `n`. Powers of ten are subtracted rather than divided by: Cortex-M
/// has no 64-bit division, and the runtime's routine for it would be linked for this one
/// loop.
pub(crate) fn write_decimal(n: u64, w: &mut Out<'_>) {
    const POWERS: [u64; 20] = [
        10_000_000_000_000_000_000,
        1_000_000_000_000_000_000,
        100_000_000_000_000_000,
        10_000_000_000_000_000,
        1_000_000_000_000_000,
        100_000_000_000_000,
        10_000_000_000_000,
        1_000_000_000_000,
        100_000_000_000,
        10_000_000_000,
        1_000_000_000,
        100_000_000,
        10_000_000,
        1_000_000,
        100_000,
        10_000,
        1_000,
        100,
        10,
        1,
    ];
    let mut v = n;
    let mut started = false;
    for &power in &POWERS {
        let mut digit = 0u8;
        while v >= power {
            v = v.wrapping_sub(power);
            digit = digit.wrapping_add(1);
        }
        if digit > 0 || started || power == 1 {
            started = true;
            w.byte(b'0'.wrapping_add(digit));
        }
    }
}
