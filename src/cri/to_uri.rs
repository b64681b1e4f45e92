//! CRI reference → URI reference (draft-ietf-core-href-27 §6.1), recomposed as RFC 3986
//! §5.3 says.

use super::model::{Authority, CriRef, Discard, Host, Items, Scheme, TextOrPet};
use super::reader::Reader;
use super::scheme::scheme_name;
use super::wire::{ARRAY, INFO_MASK, MAJOR_SHIFT, MAX_IMMEDIATE, TEXT};
use crate::error::{Error, Unconvertible};
use crate::out::Out;
use crate::uri::chars;
use crate::uri::ip;
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
    let mut t = Text {
        cap: out.len(),
        iri: opts.iri,
        w: Out::new(out),
    };
    write_uri(cri, opts, &mut t)?;
    t.w.finish()
}

/// The URI being written: the output, the length of the caller's buffer, so that the
/// encoding loop writes straight into all of it (Decision 17), and whether it is an IRI.
struct Text<'a> {
    w: Out<'a>,
    cap: usize,
    iri: bool,
}

fn write_uri(cri: &CriRef<'_>, opts: ToUriOptions, t: &mut Text<'_>) -> Result<(), Error> {
    let fail = |why| Err(Error::Unconvertible(why));
    match cri.scheme {
        Some(Scheme::Number(n)) => {
            t.w.push(
                scheme_name(n)
                    .ok_or(Error::Unconvertible(Unconvertible::UnknownScheme))?
                    .as_bytes(),
            );
            t.w.byte(b':');
        }
        Some(Scheme::Name(s)) => {
            t.w.push(s.as_bytes());
            t.w.byte(b':');
        }
        None => {}
    }
    if let Some(Authority::Host(a)) = cri.authority {
        t.w.push(b"//");
        if let Some(u) = a.userinfo {
            t.joined(one(u), 0, Set::Userinfo);
            t.w.byte(b'@');
        }
        write_host(a.host, opts, t)?;
        if let Some(port) = a.port {
            t.w.byte(b':');
            write_decimal(u64::from(port), &mut t.w);
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
                t.w.push(b"../");
            }
            (false, b"")
        }
    };
    t.w.push(prefix);
    // A rooted path has a "/" before every segment, a rootless one between them.
    if rooted && !path.is_empty() {
        t.w.byte(b'/');
    }
    t.joined(path, b'/', Set::Segment);
    if let Some(q) = cri.query.filter(|q| !q.is_empty()) {
        t.w.byte(b'?');
        t.joined(q, b'&', Set::QueryParam);
    }
    if let Some(f) = cri.fragment {
        t.w.byte(b'#');
        t.joined(one(f), 0, Set::Query);
    }
    Ok(())
}

/// One text-or-pet value (userinfo, fragment) as items.
fn one(item: TextOrPet<'_>) -> Items<'_> {
    Items {
        raw: item.raw,
        count: 1,
    }
}

/// "./" before an unrooted first segment with ":" (draft §6.1, RFC 3986 §4.2), and before
/// an empty one, which would otherwise vanish (`[1, [""]]` is "./", not ""). The segment's
/// pieces are read as [`Text::joined`] reads them, bytes compared one by one (a `str`
/// search links a word-at-a-time copy of `memchr`'s loop; Decision 17).
fn dot_prefix(path: Items<'_>) -> &'static [u8] {
    if path.count == 0 {
        return b"";
    }
    let mut at = 0usize;
    let (array, pieces) = item_pieces(path.raw, &mut at);
    let (mut colon, mut empty) = (false, !array);
    for _ in 0..pieces {
        let (text, s) = piece(path.raw, &mut at);
        let mut i = 0usize;
        while let Some(&b) = s.get(i) {
            colon |= text && b == b':';
            // `i < s.len()`: no wrap.
            i = i.wrapping_add(1);
        }
        // A plain text string alone can be the empty segment (`TextOrPet::is_empty`).
        empty &= text && s.is_empty();
    }
    if colon || empty {
        b"./"
    } else {
        b""
    }
}

/// The text-or-pet item at `raw[*at]` (checked on ingest): whether it is a PET array, and
/// how many pieces follow; `*at` moves past an array's head to its first piece (a plain
/// text string is its own one piece).
fn item_pieces(raw: &[u8], at: &mut usize) -> (bool, u64) {
    if raw.get(*at).is_none_or(|&b| b >> MAJOR_SHIFT != ARRAY) {
        return (false, 1);
    }
    let mut d = Reader::new(raw.get(*at..).unwrap_or(&[]));
    let pieces = d.arg().unwrap_or(0);
    // The head's bytes, within `raw`.
    *at = at.wrapping_add(d.position());
    (true, pieces)
}

fn write_host(host: Host<'_>, opts: ToUriOptions, t: &mut Text<'_>) -> Result<(), Error> {
    match host {
        Host::Name(labels) => t.joined(labels, b'.', Set::RegName),
        Host::Ip {
            addr: &[a, b, c, d],
            zone: None,
        } => ip::write_ipv4(&[a, b, c, d], &mut t.w),
        Host::Ip { addr, zone } => {
            let addr: &[u8; 16] = addr
                .try_into()
                .map_err(|_| Error::Unconvertible(Unconvertible::ZoneId))?;
            t.w.byte(b'[');
            ip::write_ipv6(addr, &mut t.w);
            if let Some(z) = zone {
                if !opts.zone_id {
                    return Err(Error::Unconvertible(Unconvertible::ZoneIdNotEnabled));
                }
                if z.is_empty() {
                    // RFC 6874: ZoneID = 1*( unreserved / pct-encoded ).
                    return Err(Error::Unconvertible(Unconvertible::ZoneId));
                }
                t.w.push(b"%25");
                t.encode(z.as_bytes(), Set::Unreserved, false);
            }
            t.w.byte(b']');
        }
    }
    Ok(())
}

impl Text<'_> {
    /// The text-or-pet values of `items` with `sep` between them: text percent-encoded
    /// where `set` does not keep it, PET bytes always percent-encoded (draft §7.2). The
    /// pieces are read here, in one walk over the items, rather than through
    /// [`Items::iter`] and [`TextOrPet::pieces`], which skip each item and then read it
    /// again, and give each text as a `str`, checking its UTF-8 again: ingest checked it
    /// (draft §5.2.1), and the encoder takes bytes (Decision 17: no text walked a second
    /// time).
    fn joined(&mut self, items: Items<'_>, sep: u8, set: Set) {
        let raw = items.raw;
        let mut at = 0usize;
        for i in 0..items.count {
            if i > 0 {
                self.w.byte(sep);
            }
            // INVARIANT: the items passed ingest (`read_text_or_pet`), so each is a text
            // string or an array of text and byte strings, with complete heads.
            let (_, pieces) = item_pieces(raw, &mut at);
            for _ in 0..pieces {
                let (text, s) = piece(raw, &mut at);
                if text {
                    self.encode(s, set, self.iri);
                } else {
                    self.encode(s, Set::Nothing, false);
                }
            }
        }
    }

    /// The encoding loop of the conversion (RFC 3986 §2.1): each byte that `set` keeps is
    /// copied, every other one becomes `%HH` (PET bytes, `Set::Nothing`: all of them,
    /// draft §7.2). With `iri`, text (UTF-8, checked on ingest) keeps a non-ASCII character
    /// where RFC 3987 allows it. The bytes go straight into the rest of the caller's buffer and
    /// are counted on past its end (Decision 17), one bounds check per byte written.
    fn encode(&mut self, s: &[u8], set: Set, iri: bool) {
        let dst = self
            .w
            .room(self.cap.saturating_sub(self.w.len()))
            .unwrap_or(&mut []);
        // `Set::Nothing` (PET) keeps no byte, and is not asked: the sets asked are those of
        // the components only (a range test, so that the set lookup is built for those
        // alone). Each of them keeps the unreserved characters, the most common bytes: one
        // class test for those, before the set's own.
        let text = matches!(
            set,
            Set::Unreserved
                | Set::Userinfo
                | Set::RegName
                | Set::Segment
                | Set::Query
                | Set::QueryParam
        );
        let (mut i, mut n) = (0usize, 0usize);
        while let Some(&b) = s.get(i) {
            // `i < s.len()`, and at most three bytes out per byte of a slice: no overflow.
            i = i.wrapping_add(1);
            if text && (chars::is(b, chars::UNRESERVED) || set.keeps(b)) {
                // The usual byte: copied.
                if let Some(d) = dst.get_mut(n) {
                    *d = b;
                }
                n = n.wrapping_add(1);
                continue;
            }
            // One unit: a byte, or with `iri` a non-ASCII character; written whole or not
            // at all, as `Out::push` writes a piece.
            let start = i.wrapping_sub(1);
            let (keep, width) = if iri && b >= 0x80 {
                iri_char(s.get(start..).unwrap_or(&[]), set)
            } else {
                (false, 1)
            };
            let unit = s.get(start..start.wrapping_add(width)).unwrap_or(&[]);
            // `width` bytes of `s` from `start`.
            i = start.wrapping_add(width);
            if keep {
                if let Some(d) = dst.get_mut(n..n.wrapping_add(width)) {
                    for (d, &c) in d.iter_mut().zip(unit) {
                        *d = c;
                    }
                }
                n = n.wrapping_add(width);
                continue;
            }
            for &c in unit {
                if let Some([d0, d1, d2]) = dst.get_mut(n..n.wrapping_add(3)) {
                    [*d0, *d1, *d2] = chars::pct_triplet(c);
                }
                n = n.wrapping_add(3);
            }
        }
        self.w.advance(n);
    }
}

/// The text or byte string at `raw[*at]` (its head checked on ingest): whether it is text,
/// and its bytes; `*at` moves past it. A length under 24, the usual one, is the initial
/// byte's own; a longer one is read by [`Reader`].
fn piece<'a>(raw: &'a [u8], at: &mut usize) -> (bool, &'a [u8]) {
    let rest = raw.get(*at..).unwrap_or(&[]);
    let Some((&initial, body)) = rest.split_first() else {
        debug_assert!(false, "a piece is missing");
        return (false, &[]);
    };
    let text = initial >> MAJOR_SHIFT == TEXT;
    let info = initial & INFO_MASK;
    if info <= MAX_IMMEDIATE {
        let n = usize::from(info);
        // The initial byte and at most 23 more, within `raw`: no overflow.
        *at = at.wrapping_add(n).wrapping_add(1);
        return (text, body.get(..n).unwrap_or(&[]));
    }
    let mut d = Reader::new(rest);
    let s = d.string();
    debug_assert!(s.is_some(), "a piece is missing");
    // The piece's bytes, within `raw`.
    *at = at.wrapping_add(d.position());
    (text, s.unwrap_or(&[]))
}

/// Does the non-ASCII character at the start of `t` (text, UTF-8 checked on ingest) stay
/// itself in an IRI component of `set` (RFC 3987: `ucschar`, `iprivate` in the query, no
/// bidi formatting character, Decision 19)? And its width in bytes.
fn iri_char(t: &[u8], set: Set) -> (bool, usize) {
    // INVARIANT: ingest checked the text, so a character starts here.
    let (code, width) = chars::decode_utf8(t).unwrap_or((0xfffd, 1));
    let private_ok = set == Set::QueryParam && chars::is_iprivate(code);
    let allowed = chars::is_ucschar(code) || private_ok;
    (allowed && !chars::is_bidi_format(code), width)
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
