//! Percent-encoding and decoding (RFC 3986 §2.1, §2.4) and the
//! `application/x-www-form-urlencoded` byte serializer (WHATWG URL §5.2).

use super::chars::{self, PCHAR, QUERY, REG_NAME, UNRESERVED, USERINFO};
use crate::error::Error;
use crate::out::Out;

/// Which bytes stay literal when percent-encoding; every other byte becomes `%HH`.
///
/// # Examples
///
/// ```
/// use cri::uri::{percent_encode, EncodeSet};
///
/// let mut out = [0u8; 32];
/// let n = percent_encode(b"a/b?c", EncodeSet::Query, &mut out)?; // `/` and `?` stay
/// assert_eq!(&out[..n], b"a/b?c");
/// let n = percent_encode(b"a/b?c", EncodeSet::PathSegment, &mut out)?;
/// assert_eq!(&out[..n], b"a%2Fb%3Fc");
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeSet {
    /// Only unreserved characters (ALPHA DIGIT `-._~`) stay: safe anywhere.
    Unreserved,
    /// A path segment (RFC 3986 `segment`): pchar, so `/`, `?` and `#` are encoded.
    PathSegment,
    /// A query (RFC 3986 `query`): pchar, `/` and `?`.
    Query,
    /// A fragment (RFC 3986 `fragment`): pchar, `/` and `?`.
    Fragment,
    /// A userinfo (RFC 3986 `userinfo`): unreserved, sub-delims and `:`.
    Userinfo,
    /// `application/x-www-form-urlencoded`: ALPHA DIGIT `*-._` stay, space becomes `+`.
    Form,
}

impl EncodeSet {
    fn set(self) -> Set {
        // By the declaration order of `EncodeSet`: a table, not a jump per variant.
        const SETS: [Set; 6] = [
            Set::Unreserved,
            Set::Segment,
            Set::Query,
            Set::Query,
            Set::Userinfo,
            Set::Form,
        ];
        SETS.get(self as usize).copied().unwrap_or(Set::Unreserved)
    }
}

/// The encode sets of every writer of the URI, CRI and CoAP layers: which bytes stay
/// literal in a component, on the class table of `chars` (RFC 3986 Appendix A).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Set {
    /// unreserved (RFC 3986 §2.3); also an RFC 6874 zone id.
    Unreserved,
    /// userinfo (RFC 3986 §3.2.1).
    Userinfo,
    /// reg-name (RFC 3986 §3.2.2); also a CRI host label.
    RegName,
    /// A path segment: pchar (RFC 3986 §3.3).
    Segment,
    /// A query or fragment (RFC 3986 §3.4, §3.5).
    Query,
    /// One `&`-separated query item: a query without `&` ("any ampersand character in the
    /// item value MUST be percent-encoded", draft-ietf-core-href-27 §6.1; RFC 7252 §6.5).
    QueryParam,
    /// `application/x-www-form-urlencoded` (WHATWG URL §5.2): ALPHA DIGIT `*-._`, and a
    /// space is written `+`.
    Form,
    /// Every ASCII byte, existing percent-encodings included (IRI → URI, RFC 3987 §3.1).
    Ascii,
    /// No byte: everything is encoded (PET bytes, draft-ietf-core-href-27 §7.2).
    Nothing,
}

impl Set {
    pub(crate) fn keeps(self, b: u8) -> bool {
        match self {
            Set::Ascii => b.is_ascii(),
            // ALPHA DIGIT "*-._": unreserved without "~", and "*".
            Set::Form => b == b'*' || (b != b'~' && chars::is(b, UNRESERVED)),
            Set::QueryParam if b == b'&' => false,
            _ => chars::is(b, self.class()),
        }
    }

    /// The class of the table that the set keeps (none for [`Set::Nothing`]); one
    /// lookup for every set the table spells, not a test each.
    fn class(self) -> u8 {
        match self {
            Set::Unreserved => UNRESERVED,
            Set::Userinfo => USERINFO,
            Set::RegName => REG_NAME,
            Set::Segment => PCHAR,
            Set::Query | Set::QueryParam => QUERY,
            Set::Form | Set::Ascii | Set::Nothing => 0,
        }
    }
}

/// Percent-encodes `input` into `out`: each byte outside `set` becomes `%HH` with uppercase
/// hex (bytes ≥ 0x80 one by one, so `è` is `%C3%A8`). Returns the output length.
///
/// # Errors
///
/// [`Error::Buffer`] with the length needed when `out` is too small (`out` then holds a
/// prefix of the output). Every input can be encoded, so nothing else fails.
///
/// # Examples
///
/// ```
/// use cri::uri::{percent_encode, EncodeSet};
///
/// let mut out = [0u8; 32];
/// let n = percent_encode("a/b c\u{e8}".as_bytes(), EncodeSet::PathSegment, &mut out)?;
/// assert_eq!(&out[..n], b"a%2Fb%20c%C3%A8");
/// let n = percent_encode(b"a b&c", EncodeSet::Form, &mut out)?;
/// assert_eq!(&out[..n], b"a+b%26c");
/// // A size query: the empty buffer gives the length needed.
/// assert_eq!(
///     percent_encode(b"a b", EncodeSet::Unreserved, &mut []),
///     Err(cri::Error::Buffer { needed: 5 })
/// );
/// # Ok::<(), cri::Error>(())
/// ```
pub fn percent_encode(input: &[u8], set: EncodeSet, out: &mut [u8]) -> Result<usize, Error> {
    let mut w = Out::new(out);
    encode_into(input, set.set(), &mut w);
    w.finish()
}

/// The percent-encoding loop of the library (RFC 3986 §2.1): each byte that `set` keeps
/// is copied, every other one becomes `%HH` with uppercase hex (a space `+` in
/// [`Set::Form`]). A byte at a time: copying the runs between encoded bytes whole needs a
/// second loop to find each run and a copy routine (Decision 17: no `mem*` calls from
/// Rust code), for components that are short.
#[inline(always)]
pub(crate) fn encode_into(input: &[u8], set: Set, w: &mut Out<'_>) {
    for &b in input {
        if set.keeps(b) {
            w.byte(b);
        } else if b == b' ' && set == Set::Form {
            w.byte(b'+');
        } else {
            w.push(&chars::pct_triplet(b));
        }
    }
}

/// How [`percent_decode`] treats its input. The default is strict, and `+` stays `+`.
///
/// # Examples
///
/// ```
/// use cri::uri::{percent_decode, DecodeOptions};
///
/// let mut out = [0u8; 16];
/// let n = percent_decode(b"a+b", DecodeOptions::default(), &mut out)?;
/// assert_eq!(&out[..n], b"a+b");
/// let n = percent_decode(b"a+b", DecodeOptions { form: true, lenient: false }, &mut out)?;
/// assert_eq!(&out[..n], b"a b");
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DecodeOptions {
    /// Pass a broken `%` sequence through unchanged instead of failing.
    pub lenient: bool,
    /// Form data: `+` decodes to a space (never in a path, RFC 3986 gives `+` no meaning).
    pub form: bool,
}

/// Decodes every `%HH` of `input` into `out` once (so `%252e` gives `%2e`). Decoded bytes
/// are data: `%00` gives a NUL byte. Returns the output length.
///
/// # Errors
///
/// [`Error::Percent`] with the offset of the `%` that starts a broken sequence (`%`,
/// `%4`, `%4G`) unless `opts.lenient`; [`Error::Buffer`] with the length needed when
/// `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::uri::{percent_decode, DecodeOptions};
/// use cri::Error;
///
/// let mut out = [0u8; 32];
/// let n = percent_decode(b"caf%C3%A9%252e", DecodeOptions::default(), &mut out)?;
/// assert_eq!(&out[..n], "café%2e".as_bytes());
/// let form = DecodeOptions { form: true, ..DecodeOptions::default() };
/// let n = percent_decode(b"a+b%26c", form, &mut out)?;
/// assert_eq!(&out[..n], b"a b&c");
/// // A broken sequence fails at its `%`, or passes through when lenient.
/// let strict = percent_decode(b"50%off", DecodeOptions::default(), &mut out);
/// assert_eq!(strict, Err(Error::Percent { offset: 2 }));
/// let lenient = DecodeOptions { lenient: true, ..DecodeOptions::default() };
/// let n = percent_decode(b"50%off", lenient, &mut out)?;
/// assert_eq!(&out[..n], b"50%off");
/// # Ok::<(), Error>(())
/// ```
pub fn percent_decode(input: &[u8], opts: DecodeOptions, out: &mut [u8]) -> Result<usize, Error> {
    let mut w = Out::new(out);
    let mut i = 0usize;
    // A byte at a time, as `encode_into` and for its reason: a run between `%`s copied
    // whole needs a loop of its own and a copy routine (Decision 17).
    while let Some(&b) = input.get(i) {
        let (byte, step) = match b {
            b'%' => match pct_byte(input, i) {
                Some(v) => (v, 3),
                None if opts.lenient => (b'%', 1),
                None => return Err(Error::Percent { offset: i }),
            },
            b'+' if opts.form => (b' ', 1),
            _ => (b, 1),
        };
        w.byte(byte);
        i = i.saturating_add(step);
    }
    w.finish()
}

/// Writes a valid component percent-decoded, and with `lower` ASCII-lowercased.
#[inline]
pub(crate) fn decode_into(s: &[u8], lower: bool, w: &mut Out<'_>) {
    decode_until(s, None, lower, w);
}

/// Like [`decode_into`] for `s` up to its first `stop` byte (or its end); returns how
/// many bytes of `s` that was. Splitting and decoding in one loop matters for option
/// values: each loop exit is a mispredicted branch per value, as is each `memcpy` of a
/// few bytes. The result is never longer than `s`, so when all of `s` fits it is
/// decoded straight into the buffer (only the decoded bytes are written: writers that
/// fill a region back to front rely on what follows staying as it is).
#[inline]
pub(crate) fn decode_until(s: &[u8], stop: Option<u8>, lower: bool, w: &mut Out<'_>) -> usize {
    match w.room(s.len()) {
        Some(dst) => {
            let mut o = 0usize;
            let end = decode_with(s, stop, lower, |b| {
                if let Some(d) = dst.get_mut(o) {
                    *d = b;
                }
                // At most `s.len()` bytes come out: no overflow.
                o = o.wrapping_add(1);
            });
            w.advance(o);
            end
        }
        None => decode_with(s, stop, lower, |b| w.byte(b)),
    }
}

/// The decoding loop: each decoded byte of `s` (up to `stop`) goes to `emit`; returns
/// where it stopped.
#[inline]
fn decode_with(s: &[u8], stop: Option<u8>, lower: bool, mut emit: impl FnMut(u8)) -> usize {
    let mut i = 0usize;
    while let Some(&b) = s.get(i) {
        if Some(b) == stop {
            break;
        }
        let (byte, step) = match b {
            b'%' => pct_byte(s, i).map_or((b, 1), |v| (v, 3)),
            _ => (b, 1),
        };
        emit(if lower {
            byte.to_ascii_lowercase()
        } else {
            byte
        });
        // `i < s.len()`, and a step of 3 is a whole triplet inside `s`: no overflow.
        i = i.wrapping_add(step);
    }
    i
}

/// Writes `s` with percent-encoding normalized: unreserved characters decoded, other
/// triplets with uppercase hex (§6.2.2.1, §6.2.2.2), and with `lower` ASCII letters
/// lowercased (scheme and host, §6.2.2.1). [`norm_char`] at a time, the writer's and
/// `equivalent`'s one normal form of a character (Decision 17: one algorithm). Hosts first
/// copy each run that needs no change whole, for time; bare metal takes every byte
/// through [`norm_char`], for flash.
pub(crate) fn norm(s: &[u8], lower: bool, w: &mut Out<'_>) {
    let mut i = 0usize;
    loop {
        if !cfg!(any(target_os = "none", cri_firmware_paths)) {
            let rest = s.get(i..).unwrap_or(&[]);
            let run = rest
                .iter()
                .position(|&b| b == b'%' || (lower && b.is_ascii_uppercase()))
                .unwrap_or(rest.len());
            w.push(rest.get(..run).unwrap_or(&[]));
            // `run <= rest.len()`: still within `s`.
            i = i.wrapping_add(run);
        }
        let (c, step) = norm_char(s, i, lower);
        if step == 0 {
            return;
        }
        let [b0, b1, b2, n] = c.to_le_bytes();
        w.push([b0, b1, b2].get(..usize::from(n)).unwrap_or(&[]));
        // A step of at most 3 within `s` (`norm_char` read there): no wrap.
        i = i.wrapping_add(step);
    }
}

/// The normal form of the character at `i` of `s` (a `%HH` triplet or a byte), as the
/// normalizing writer writes it and `equivalent` compares it: an unreserved triplet
/// decoded (§6.2.2.2), another with uppercase hex, a letter lowercased with `lower`
/// (§6.2.2.1). Its bytes and length packed in a `u32` (0 past the end), and its length
/// in `s`. `equivalent` computes it, not the writer on the character: that chain, under
/// the path's walk, would put `uri_equivalent` over its stack budget.
pub(crate) fn norm_char(s: &[u8], i: usize, lower: bool) -> (u32, usize) {
    let Some(&raw) = s.get(i) else {
        return (0, 0);
    };
    let (b, step) = match pct_byte(s, i) {
        Some(v) if !chars::is(v, UNRESERVED) => {
            let [p, hi, lo] = chars::pct_triplet(v);
            return (u32::from_le_bytes([p, hi, lo, 3]), 3);
        }
        Some(v) => (v, 3),
        None => (raw, 1),
    };
    let b = if lower { b.to_ascii_lowercase() } else { b };
    (u32::from(b) | 1 << 24, step)
}

/// What [`decode_text`] found in one piece of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decoded {
    /// Where the piece ended in the text: at its `stop` byte or at the text's end.
    pub(crate) end: usize,
    /// The piece's length once decoded (bytes).
    pub(crate) len: usize,
    /// Whether the decoded bytes are UTF-8 (RFC 3629).
    pub(crate) utf8: bool,
}

/// The one decoding loop of a conversion (docs/DECISIONS.md Decision 17): decodes the valid
/// percent-encoded text `s` up to its first `stop` byte (or its end), ASCII-lowercased with
/// `lower`, into `out` from `at` on; bytes past the end of `out` are only counted. It checks
/// that the decoded bytes are UTF-8 on the way, so that no text is walked a second time.
/// Inlined: its one caller (`coap::options::List::decode`) is the out-of-line copy, which
/// then neither passes the result through memory nor has a frame of its own to set up.
#[inline(always)]
pub(crate) fn decode_text(s: &[u8], stop: u8, lower: bool, out: &mut [u8], at: usize) -> Decoded {
    let (mut i, mut n) = (0usize, 0usize);
    // The UTF-8 state: continuation bytes still due, and the range the next one must be in
    // (RFC 3629 §4: narrower after E0, ED, F0 and F4) as its first byte and its span, so
    // that one subtraction and one comparison test it.
    let (mut due, mut lo, mut span, mut utf8) = (0u8, 0x80u8, 0x3fu8, true);
    // One loop for every byte, plain or a triplet: a second loop for runs of plain ASCII
    // is a second copy of the write and of the UTF-8 step.
    while let Some(&raw) = s.get(i) {
        if raw == stop {
            break;
        }
        let (mut b, step) = text_byte(s, i);
        if lower {
            b = b.to_ascii_lowercase();
        }
        if due > 0 {
            utf8 &= b.wrapping_sub(lo) <= span;
            (due, lo, span) = (due.wrapping_sub(1), 0x80, 0x3f);
        } else if b >= 0x80 {
            // A lead byte: C2-F4, then 1-3 continuation bytes by its leading ones.
            utf8 &= b.wrapping_sub(0xc2) <= 0xf4 - 0xc2;
            due = (b.leading_ones() as u8).wrapping_sub(1);
            (lo, span) = match b {
                0xe0 => (0xa0, 0x1f),
                0xed => (0x80, 0x1f),
                0xf0 => (0x90, 0x2f),
                0xf4 => (0x80, 0x0f),
                _ => (0x80, 0x3f),
            };
        }
        // Bytes past the end of `out` are only counted. The position does not wrap: `at`
        // is a count of bytes decoded before from the same input.
        if let Some(d) = out.get_mut(at.wrapping_add(n)) {
            *d = b;
        }
        // At most one byte out per byte in, and a step of 3 is a whole triplet in `s`.
        n = n.wrapping_add(1);
        i = i.wrapping_add(step);
    }
    Decoded {
        end: i,
        len: n,
        utf8: utf8 && due == 0,
    }
}

/// The byte at `s[i]` of valid percent-encoded text (a parsed component: every `%` starts
/// a triplet) and how many bytes of `s` it takes: a triplet's byte and 3, else the byte
/// and 1. The hex digits by arithmetic, as the text is valid (`0`-`9` are 0x30-0x39, the
/// letters 0x41-0x46 and 0x61-0x66): no table lookup and no check per digit. Shared
/// by the decoding loop, the dot-segment walk and the zone compare on bare metal,
/// inlined on hosts (Decision 17).
#[cfg_attr(any(target_os = "none", cri_firmware_paths), inline(never))]
#[cfg_attr(not(any(target_os = "none", cri_firmware_paths)), inline(always))]
pub(crate) fn text_byte(s: &[u8], i: usize) -> (u8, usize) {
    // The "%" too: its value shifts out of the byte.
    let mut v = 0u8;
    for k in 0..3 {
        let h = s.get(i.wrapping_add(k)).copied().unwrap_or(0);
        if k == 0 && h != b'%' {
            return (h, 1);
        }
        v = v << 4 | (h & 15).wrapping_add((h >> 6).wrapping_mul(9));
    }
    (v, 3)
}

/// The byte of the `%HH` triplet at `s[i]`, if it is well-formed.
pub(crate) fn pct_byte(s: &[u8], i: usize) -> Option<u8> {
    if s.get(i) != Some(&b'%') {
        return None;
    }
    // The two digits in one loop: one copy of the digit step. `s[i]` was read, so
    // `i + k` cannot wrap (Decision 17).
    let mut v = 0u8;
    for k in 1..3 {
        v = v << 4 | chars::hex_value(*s.get(i.wrapping_add(k))?)?;
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::XorShift;

    /// `decode_text` decodes and measures every triplet, and its UTF-8 verdict is
    /// `core::str::from_utf8`'s on every one- and two-byte sequence, every three-byte
    /// sequence over the bytes that matter at RFC 3629's boundaries, and random four-byte
    /// ones, alone and after ASCII.
    #[test]
    #[cfg_attr(miri, ignore)]
    fn decode_text_checks_utf8_as_core_does() {
        const EDGES: [u8; 20] = [
            0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0,
            0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff,
        ];
        let check = |bytes: &[u8]| {
            let text: std::string::String =
                bytes.iter().map(|b| std::format!("x%{b:02x}")).collect();
            let mut out = [0u8; 16];
            let d = decode_text(text.as_bytes(), b'/', false, &mut out, 0);
            let expected: std::vec::Vec<u8> = bytes.iter().flat_map(|&b| [b'x', b]).collect();
            assert_eq!(d.len, expected.len());
            assert_eq!(&out[..d.len], &expected[..]);
            assert_eq!(
                d.utf8,
                core::str::from_utf8(&expected).is_ok(),
                "{bytes:x?}"
            );
            let plain: std::vec::Vec<u8> = bytes.to_vec();
            let text: std::string::String =
                plain.iter().map(|b| std::format!("%{b:02X}")).collect();
            let d = decode_text(text.as_bytes(), b'/', false, &mut [], 0);
            assert_eq!(d.utf8, core::str::from_utf8(&plain).is_ok(), "{bytes:x?}");
        };
        for a in 0..=255u8 {
            check(&[a]);
            for b in 0..=255u8 {
                check(&[a, b]);
            }
        }
        for a in EDGES {
            for b in EDGES {
                for c in EDGES {
                    check(&[a, b, c]);
                }
            }
        }
        let mut rng = XorShift(0x00dd_ba11);
        for _ in 0..100_000 {
            let r = rng.next().to_le_bytes();
            let lead = [0xf0, 0xf1, 0xf3, 0xf4, 0xf5][(r[0] % 5) as usize];
            check(&[lead, r[1] | 0x80, r[2] | 0x80, r[3] | 0x80]);
            check(&[lead, r[1], r[2], r[3]]);
        }
    }

    #[allow(dead_code)]
    mod model {
        use std::string::{String, ToString};
        use std::vec::Vec;
        include!("../../tests/support/model.rs");
    }

    /// `decode_into` decodes as RFC 3986 §2.1 defines it (the model; a broken `%` stays
    /// itself), whether it decodes in place or only counts, with and without lowercasing,
    /// on inputs mixing long plain stretches, triplets, broken triplets and `%` at every
    /// distance from a word boundary.
    #[test]
    fn decode_into_matches_the_rfc_model() {
        let pieces: [&[u8]; 9] = [
            b"abcdefgh",
            b"xyz",
            b"%41",
            b"%e9",
            b"%",
            b"%4",
            b"%%41",
            b"Q",
            b"%2F/",
        ];
        let mut rng = XorShift(0x2545f4914f6cdd1d);
        // Miri runs these unit tests too, a thousand times slower.
        for _ in 0..if cfg!(miri) { 100 } else { 20_000 } {
            let mut s = [0u8; 64];
            let mut len = 0;
            for _ in 0..rng.next() % 9 {
                let p = rng.pick(&pieces);
                s[len..len + p.len()].copy_from_slice(p);
                len += p.len();
            }
            let s = &s[..len];
            let decoded = model::pct_decode_model(core::str::from_utf8(s).unwrap());
            let n = decoded.len();
            let mut want = [0u8; 64];
            want[..n].copy_from_slice(&decoded);
            for lower in [false, true] {
                let mut got = [0u8; 64];
                let mut w = Out::new(&mut got);
                decode_into(s, lower, &mut w);
                assert_eq!(w.finish(), Ok(n), "{s:?}");
                let mut want = want;
                if lower {
                    want.make_ascii_lowercase();
                }
                assert_eq!(got[..n], want[..n], "{s:?}");
                let mut none = Out::new(&mut []);
                decode_into(s, lower, &mut none);
                assert_eq!(none.len(), n, "counted {s:?}");
            }
        }
    }
}
