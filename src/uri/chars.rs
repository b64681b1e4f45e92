//! Character classes of RFC 3986 §2 and Appendix A as one table of the 128 ASCII bytes,
//! so every component check is a compare, a load and a mask.

use crate::error::Error;

// Each bit is one set of RFC 3986 Appendix A: a byte's entry has the bit of every set it
// belongs to, so `is(b, SET)` is one load and one mask whatever the set.
/// unreserved: ALPHA DIGIT `-._~`.
pub(crate) const UNRESERVED: u8 = 1;
/// reg-name (without pct-encoded, which is handled separately): unreserved, sub-delims.
pub(crate) const REG_NAME: u8 = 2;
/// userinfo: reg-name and `:`.
pub(crate) const USERINFO: u8 = 4;
/// pchar: userinfo and `@`.
pub(crate) const PCHAR: u8 = 8;
/// A path: segments of pchar separated by "/".
pub(crate) const PATH: u8 = 16;
/// A query or fragment: pchar, `/`, `?`.
pub(crate) const QUERY: u8 = 32;
/// scheme characters after the first: ALPHA DIGIT `+-.`.
pub(crate) const SCHEME: u8 = 64;
/// HEXDIG.
pub(crate) const HEX: u8 = 128;
/// IPvFuture's tail: unreserved / sub-delims / ":".
pub(crate) const IPVFUTURE: u8 = USERINFO;

const fn class_of(c: u8) -> u8 {
    let alpha = c.is_ascii_alphabetic();
    let digit = c.is_ascii_digit();
    let unreserved = alpha || digit || matches!(c, b'-' | b'.' | b'_' | b'~');
    let sub_delim = matches!(
        c,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    );
    let reg_name = unreserved || sub_delim;
    let userinfo = reg_name || c == b':';
    let pchar = userinfo || c == b'@';
    let path = pchar || c == b'/';
    let query = path || c == b'?';
    let mut k = 0;
    if unreserved {
        k |= UNRESERVED;
    }
    if reg_name {
        k |= REG_NAME;
    }
    if userinfo {
        k |= USERINFO;
    }
    if pchar {
        k |= PCHAR;
    }
    if path {
        k |= PATH;
    }
    if query {
        k |= QUERY;
    }
    if alpha || digit || matches!(c, b'+' | b'-' | b'.') {
        k |= SCHEME;
    }
    if c.is_ascii_hexdigit() {
        k |= HEX;
    }
    k
}

// Evaluated at compile time: an out-of-bounds index or overflow would fail the build.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn build() -> [u8; CLASS_LEN] {
    let mut t = [0u8; CLASS_LEN];
    let mut i = 0;
    while i < CLASS_LEN {
        t[i] = class_of(i as u8);
        i += 1;
    }
    t
}

/// The table's length. Every set of Appendix A is ASCII, so a byte from 0x80 up is in
/// none (the IRI code reads non-ASCII characters as UTF-8, RFC 3987 §2.2, not through this
/// table): bare metal keeps the 128 ASCII entries and pays a compare per lookup; hosts keep
/// all 256, whose `u8` index needs no compare: the same classes, a layout per target
/// (docs/DESIGN.md, "Layers"); `--cfg cri_firmware_paths` tests the short one.
const CLASS_LEN: usize = if cfg!(any(target_os = "none", cri_firmware_paths)) {
    128
} else {
    256
};

static CLASS: [u8; CLASS_LEN] = build();

#[inline(always)]
pub(crate) fn class(b: u8) -> u8 {
    CLASS.get(usize::from(b)).copied().unwrap_or(0)
}

#[inline(always)]
pub(crate) fn is(b: u8, mask: u8) -> bool {
    class(b) & mask != 0
}

/// The value of a hex digit, or `None`. From the class table's HEX bit and arithmetic, not
/// a second 256-byte table: the digits `0`-`9` are 0x30-0x39 and the letters 0x41-0x46 /
/// 0x61-0x66, so the value is the low nibble, plus 9 for a letter (bit 0x40). No branch on
/// the kind of digit, which would mispredict on the mixed digits of addresses and `%HH`.
#[inline(always)]
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    let letter = (b >> 6) & 1;
    is(b, HEX).then_some((b & 0x0f).wrapping_add(letter.wrapping_mul(9)))
}

pub(crate) const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// `a == b`, byte by byte (a slice `==` calls `memcmp`: docs/DECISIONS.md Decision 17).
#[inline]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// `%HH` with uppercase hex digits (RFC 3986 §2.1).
pub(crate) fn pct_triplet(b: u8) -> [u8; 3] {
    let hi = HEX_UPPER.get(usize::from(b >> 4)).copied().unwrap_or(b'0');
    let lo = HEX_UPPER.get(usize::from(b & 15)).copied().unwrap_or(b'0');
    [b'%', hi, lo]
}

/// Which characters beyond ASCII a component may hold (RFC 3987 §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ext {
    /// A URI: none.
    Ascii,
    /// An IRI component built on `iunreserved`: `ucschar`.
    Ucs,
    /// An IRI query: `ucschar` and `iprivate`.
    UcsPrivate,
}

/// Checks that `s` consists of bytes of class `mask` and well-formed pct-encoded triplets;
/// the error's offset is within `s`.
pub(crate) fn check(s: &[u8], mask: u8) -> Result<(), Error> {
    check_ext(s, mask, Ext::Ascii)
}

/// Like [`check`], and with `ext` the non-ASCII characters an IRI allows there; invalid
/// UTF-8 is an error at its first byte.
pub(crate) fn check_ext(s: &[u8], mask: u8, ext: Ext) -> Result<(), Error> {
    match scan(s, 0, mask, ext)? {
        end if end == s.len() => Ok(()),
        end => Err(Error::Syntax { offset: end }),
    }
}

/// Scans `s` from `i` over bytes of class `mask`, well-formed pct-encoded triplets and
/// (with `ext`) the non-ASCII characters an IRI allows, and returns where that stops:
/// the parser's one inner loop. A broken triplet is an error at its first non-hex byte;
/// invalid UTF-8 or a disallowed character simply stops the scan (the caller decides).
#[inline(always)]
pub(crate) fn scan(s: &[u8], i: usize, mask: u8, ext: Ext) -> Result<usize, Error> {
    match scan_to(s, i, mask, ext) {
        end if end & BROKEN != 0 => Err(Error::Percent {
            offset: end & !BROKEN,
        }),
        end => Ok(end),
    }
}

/// [`scan_to`]'s mark of a broken triplet's offset: offsets are below `isize::MAX`.
pub(crate) const BROKEN: usize = 1 << (usize::BITS - 1);

/// [`scan`] as one word: where the scan stops, or the offset of a broken triplet with
/// [`BROKEN`] set. One register back, not a `Result` in two (or, as an [`Error`], through
/// a stack slot in every caller's frame), so each call site tests one sign. Inlined so
/// that a constant `ext` picks one of the two loops at compile time: a URI-only image
/// holds no UTF-8 decoding.
#[inline(always)]
pub(crate) fn scan_to(s: &[u8], i: usize, mask: u8, ext: Ext) -> usize {
    if ext == Ext::Ascii {
        scan_ascii(s, i, mask)
    } else {
        scan_ext(s, i, mask, ext)
    }
}

/// [`scan_to`] of a URI component (ASCII only).
fn scan_ascii(s: &[u8], mut i: usize, mask: u8) -> usize {
    loop {
        i = run(s, i, mask);
        if s.get(i) != Some(&b'%') {
            return i;
        }
        i = match check_pct(s, i) {
            Ok(next) => next,
            Err(bad) => return bad | BROKEN,
        };
    }
}

/// [`scan_to`] of an IRI component.
fn scan_ext(s: &[u8], mut i: usize, mask: u8, ext: Ext) -> usize {
    loop {
        i = run(s, i, mask);
        let Some(&b) = s.get(i) else {
            return i;
        };
        if b == b'%' {
            i = match check_pct(s, i) {
                Ok(next) => next,
                Err(bad) => return bad | BROKEN,
            };
        } else if b >= 0x80 {
            match decode_utf8(s.get(i..).unwrap_or(&[])) {
                Some((c, w))
                    if (is_ucschar(c) || (ext == Ext::UcsPrivate && is_iprivate(c)))
                        && !is_bidi_format(c) =>
                {
                    i = i.saturating_add(w);
                }
                _ => return i,
            }
        } else {
            return i;
        }
    }
}

/// The end of the run of bytes of set `mask` from `s[i]`: the common case, a
/// plain stretch of a component, one load, mask and branch per byte. (Not 8 bytes per
/// step: the runs of real URLs and CoAP URIs are short, and a second loop exit is a
/// second mispredicted branch per run, so a word-at-a-time scan is no faster here.)
#[inline(always)]
pub(crate) fn run(s: &[u8], mut i: usize, mask: u8) -> usize {
    // A `while let`, not `is_some_and`: its closure can stay a call of its own.
    while let Some(&b) = s.get(i) {
        if !is(b, mask) {
            break;
        }
        // `i` indexes a byte just read: below `s.len()`, it cannot wrap (Decision 17).
        i = i.wrapping_add(1);
    }
    i
}

/// [`run`] in a function of its own, for the runs outside the scan loops (the parser's
/// scheme and IPvFuture): one copy of the loop for them all (Decision 17).
#[inline(never)]
pub(crate) fn run_apart(s: &[u8], i: usize, mask: u8) -> usize {
    run(s, i, mask)
}

/// The character at the start of `b` and its UTF-8 length, if `b` starts with valid UTF-8
/// (RFC 3629: no overlong form, no surrogate, nothing over U+10FFFF). Decoded by hand, a
/// leaf: `core::str::from_utf8` would put two frames at the bottom of `uri_split`'s
/// deepest chain (the IRI scan). Inlined into the scan for the same reason (Decision 17,
/// stack).
#[inline(always)]
pub(crate) fn decode_utf8(b: &[u8]) -> Option<(u32, usize)> {
    let lead = *b.first()?;
    // Width, the smallest scalar value of that width, and the lead byte's payload bits.
    let (w, min, bits) = match lead {
        0x00..=0x7f => return Some((u32::from(lead), 1)),
        0xc2..=0xdf => (2, 0x80, lead & 0x1f),
        0xe0..=0xef => (3, 0x800, lead & 0x0f),
        0xf0..=0xf4 => (4, 0x1_0000, lead & 0x07),
        _ => return None,
    };
    let mut c = u32::from(bits);
    for k in 1..w {
        let cont = *b.get(k)?;
        if cont & 0xc0 != 0x80 {
            return None;
        }
        c = c << 6 | u32::from(cont & 0x3f);
    }
    let scalar = c >= min && c <= 0x10_ffff && !(0xd800..=0xdfff).contains(&c);
    scalar.then_some((c, w))
}

/// The length (2 to 4) of the valid multi-byte UTF-8 character at the start of `b`, else 0
/// (for ASCII, a byte that starts no character, or a start without its valid rest). With
/// [`is_utf8`], the UTF-8 checks of the CRI and CoAP layers, so that no image links
/// `core::str::from_utf8` beside them (Decision 17: one UTF-8 check).
/// The width comes from the lead byte and [`is_utf8`], the one decoder of those layers,
/// checks the character; inlined, so that it adds no frame.
#[inline(always)]
pub(crate) fn utf8_multibyte_len(b: &[u8]) -> usize {
    let w = match b.first() {
        Some(0xc2..=0xdf) => 2,
        Some(0xe0..=0xef) => 3,
        Some(0xf0..=0xf4) => 4,
        _ => return 0,
    };
    match b.get(..w) {
        Some(c) if is_utf8(c) => w,
        _ => 0,
    }
}

/// Is `s` UTF-8 (RFC 3629)? ASCII bytes take the short path. A leaf, so that checking a
/// CRI's text adds no frame below the reader's. It validates without decoding: the lead
/// byte gives the number of continuation bytes and the range of the first one, which is
/// what keeps out overlong forms, surrogates and values past U+10FFFF (RFC 3629 §4, the
/// table of well-formed sequences).
#[inline(never)]
pub(crate) fn is_utf8(s: &[u8]) -> bool {
    // The rest as a slice (a pointer and a length) keeps the loop in few enough
    // registers that the frame stays small.
    let mut rest = s;
    while let Some((&lead, tail)) = rest.split_first() {
        rest = tail;
        let (more, mut low, mut high) = match lead {
            0x00..=0x7f => continue,
            0xc2..=0xdf => (1, 0x80, 0xbf),
            0xe0 => (2, 0xa0, 0xbf),
            0xed => (2, 0x80, 0x9f),
            0xe1..=0xef => (2, 0x80, 0xbf),
            0xf0 => (3, 0x90, 0xbf),
            0xf4 => (3, 0x80, 0x8f),
            0xf1..=0xf3 => (3, 0x80, 0xbf),
            _ => return false,
        };
        for _ in 0..more {
            match rest.split_first() {
                Some((&c, tail)) if (low..=high).contains(&c) => rest = tail,
                _ => return false,
            }
            (low, high) = (0x80, 0xbf);
        }
    }
    true
}

/// `s` as text, if it is UTF-8 (RFC 3629): `core::str::from_utf8` with the check above.
pub(crate) fn utf8_str(s: &[u8]) -> Option<&str> {
    // SAFETY: `is_utf8` has checked that `s` is well-formed UTF-8, the precondition of
    // `from_utf8_unchecked` (tests compare the two checks on every short sequence).
    is_utf8(s).then(|| unsafe { core::str::from_utf8_unchecked(s) })
}

/// `ucschar` of RFC 3987 §2.2.
pub(crate) fn is_ucschar(c: u32) -> bool {
    match c {
        0xa0..=0xd7ff | 0xf900..=0xfdcf | 0xfdf0..=0xffef => true,
        0xe1000..=0xefffd => true,
        0x10000..=0xdffff => c & 0xffff <= 0xfffd,
        _ => false,
    }
}

/// Bidirectional formatting characters, which RFC 3987 §4.1 keeps out of IRIs
/// (LRM, RLM, LRE, RLE, PDF, LRO, RLO, and the later isolates LRI, RLI, FSI, PDI).
pub(crate) fn is_bidi_format(c: u32) -> bool {
    matches!(c, 0x200e | 0x200f | 0x202a..=0x202e | 0x2066..=0x2069)
}

/// `iprivate` of RFC 3987 §2.2 (allowed in queries only).
pub(crate) fn is_iprivate(c: u32) -> bool {
    matches!(c, 0xe000..=0xf8ff | 0xf0000..=0xffffd | 0x100000..=0x10fffd)
}

/// Checks the pct-encoded triplet at `s[i]` (which is `%`); returns the index after it or
/// the offset of the first byte that is not a hex digit. Inlined: as its own frame it would
/// be the leaf of `uri_split`'s deepest chain (Decision 17, stack).
#[inline(always)]
pub(crate) fn check_pct(s: &[u8], i: usize) -> Result<usize, usize> {
    debug_assert!(i < s.len(), "check_pct is called at a `%` of `s`");
    // `i < s.len() <= isize::MAX`: the steps below cannot wrap (Decision 17).
    let h = i.wrapping_add(1);
    let l = i.wrapping_add(2);
    // `is_hex`, not `is_some_and`: its closure can stay a call of its own.
    if !is_hex(s, h) {
        return Err(h);
    }
    if !is_hex(s, l) {
        return Err(l);
    }
    Ok(i.wrapping_add(3))
}

/// Is `s[i]` a HEXDIG?
#[inline(always)]
fn is_hex(s: &[u8], i: usize) -> bool {
    match s.get(i) {
        Some(&b) => is(b, HEX),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    /// The hand decoder agrees with `core::str::from_utf8` on every one-, two- and
    /// three-byte sequence and on four-byte ones around every boundary of the lead bytes.
    /// `utf8_multibyte_len` agrees with `core::str::from_utf8` on the width the lead byte
    /// announces: every first and second byte, later bytes at and around each range
    /// boundary, and every truncation.
    #[test]
    #[cfg_attr(miri, ignore)]
    fn utf8_multibyte_len_agrees_with_core() {
        let by_core = |b: &[u8]| {
            (2..=4)
                .find(|&w| b.get(..w).is_some_and(|c| core::str::from_utf8(c).is_ok()))
                .filter(|_| b.first().is_some_and(|&l| l >= 0x80))
                .unwrap_or(0)
        };
        let later = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF];
        for b0 in 0..=0xFFu8 {
            for b1 in 0..=0xFFu8 {
                for &b2 in &later {
                    for &b3 in &later {
                        let b = [b0, b1, b2, b3];
                        for n in 0..=4 {
                            let b = &b[..n];
                            assert_eq!(super::utf8_multibyte_len(b), by_core(b), "{b:02x?}");
                        }
                    }
                }
            }
        }
    }

    /// `utf8_str` agrees with `core::str::from_utf8` on every sequence of up to three
    /// bytes and on four-byte ones at the lead bytes' boundaries, alone and after ASCII.
    #[test]
    #[cfg_attr(miri, ignore)]
    fn utf8_str_agrees_with_core() {
        let check = |b: &[u8]| {
            assert_eq!(super::utf8_str(b), core::str::from_utf8(b).ok(), "{b:02x?}");
            let mut t = [b'a'; 6];
            t[2..2 + b.len()].copy_from_slice(b);
            let t = &t[..2 + b.len()];
            assert_eq!(super::utf8_str(t), core::str::from_utf8(t).ok(), "{t:02x?}");
        };
        check(&[]);
        for x in 0..=0xff_ffffu32 {
            let [_, b0, b1, b2] = x.to_be_bytes();
            check(&[b0, b1, b2]);
            if b0 == 0 {
                check(&[b1, b2]);
            }
            if x <= 0xff {
                check(&[b2]);
            }
        }
        for lead in 0xf0..=0xf7u8 {
            for mid in [0x7f, 0x80, 0x8f, 0x90, 0xbf, 0xc0] {
                for last in [0x7f, 0x80, 0xbf, 0xc0] {
                    check(&[lead, mid, 0x80, last]);
                    check(&[lead, mid, last, 0x80]);
                }
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore)]
    fn decode_utf8_agrees_with_core() {
        let core_decode = |b: &[u8]| {
            (1..=b.len()).find_map(|w| {
                let c = core::str::from_utf8(b.get(..w)?).ok()?.chars().next()?;
                Some((u32::from(c), w))
            })
        };
        let check = |b: &[u8]| assert_eq!(super::decode_utf8(b), core_decode(b), "{b:02x?}");
        for x in 0..=0xff_ffffu32 {
            let [b0, b1, b2, _] = x.to_be_bytes();
            check(&[b0, b1, b2]);
        }
        for lead in 0xf0..=0xf7u8 {
            for mid in [0x7f, 0x80, 0x8f, 0x90, 0xbf, 0xc0] {
                for last in [0x7f, 0x80, 0xbf, 0xc0] {
                    check(&[lead, mid, 0x80, last]);
                    check(&[lead, mid, last]);
                }
            }
        }
        check(&[]);
    }

    #[test]
    fn hex_value_is_the_digit_value_of_every_byte() {
        for b in 0..=255u8 {
            let expected = char::from(b).to_digit(16).map(|v| v as u8);
            assert_eq!(super::hex_value(b), expected, "byte {b:#04x}");
        }
    }
}
