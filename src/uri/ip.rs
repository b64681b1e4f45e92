//! IP addresses in hosts: IPv4address and IPv6address of RFC 3986 §3.2.2, IPvFuture,
//! and the RFC 5952 text form of an IPv6 address.

use super::chars::{self, HEX, IPVFUTURE};
use crate::out::Out;

/// The bytes of an IPv6 address.
const IPV6_BYTES: usize = 16;

// [`read`]'s grammar of both addresses as a table: what it read last (its state), and
// for each kind of character and state the next state and what to do.
/// Nothing yet.
const START: u8 = 0;
/// A ":" first.
const LEAD: u8 = 1;
/// A ":" after a group.
const SEP: u8 = 2;
/// The "::".
const GAPPED: u8 = 3;
/// A run of hex digits (a group, or an IPv4address's first dec-octet).
const RUN: u8 = 4;
/// The first "." and the run of digits after it (a dec-octet); the second and third
/// follow.
const DOT1: u8 = 5;
const OCTET1: u8 = 6;
const DOT2: u8 = 7;
const OCTET2: u8 = 8;
const DOT3: u8 = 9;
const OCTET3: u8 = 10;
/// No address.
const FAIL: u8 = 11;
// What to do at a character that is no digit, above the next state's four bits.
/// The run ends as a group of two bytes.
const GROUP: u8 = 1 << 4;
/// The run ends as a dec-octet, one byte.
const OCTET: u8 = 1 << 5;
/// The "::" stands here, and a zero group (the least it stands for).
const GAP: u8 = 1 << 6;
/// The character is a digit of the run.
const DIGIT: u8 = 1 << 7;
/// The steps by the kind of character (hex digit, ":", ".", the end), then the state.
#[rustfmt::skip]
static STEPS: [u8; 44] = [
    // START, LEAD, SEP, GAPPED, RUN, DOT1, OCTET1, DOT2, OCTET2, DOT3, OCTET3
    RUN | DIGIT, FAIL, RUN | DIGIT, RUN | DIGIT, RUN | DIGIT, OCTET1 | DIGIT, OCTET1 | DIGIT,
        OCTET2 | DIGIT, OCTET2 | DIGIT, OCTET3 | DIGIT, OCTET3 | DIGIT,
    LEAD, GAPPED | GAP | GROUP, GAPPED | GAP | GROUP, FAIL, SEP | GROUP,
        FAIL, FAIL, FAIL, FAIL, FAIL, FAIL,
    FAIL, FAIL, FAIL, FAIL, DOT1 | OCTET, FAIL, DOT2 | OCTET, FAIL, DOT3 | OCTET, FAIL, FAIL,
    FAIL, FAIL, FAIL, GAPPED, RUN | GROUP, FAIL, FAIL, FAIL, FAIL, FAIL, OCTET3 | OCTET,
];
/// [`read`] before a "::".
const NO_GAP: usize = usize::MAX;

/// `dec-octet "." dec-octet "." dec-octet "." dec-octet`, all of `s` (RFC 3986 §3.2.2:
/// 0-255 without leading zeros): [`read`]'s IPv4address, its bytes read into room for an
/// IPv6 address on this frame (not the callers': never inlined, Decision 17, stack).
#[inline(never)]
pub(crate) fn ipv4(s: &[u8]) -> Option<[u8; 4]> {
    let mut a = [0u8; IPV6_BYTES];
    let v4 = read(s, false, Some(&mut a)) == 4;
    let [b0, b1, b2, b3, ..] = a;
    v4.then_some([b0, b1, b2, b3])
}

/// Is `s` an IPv4address? [`read`] without an output.
#[inline(always)]
pub(crate) fn is_ipv4(s: &[u8]) -> bool {
    ipv4_into(s, &mut [])
}

/// Is `s` an IPv4address? Its bytes into the first 4 of `out` (16 bytes, or empty to
/// validate only): [`read`]'s IPv4address.
#[inline(always)]
pub(crate) fn ipv4_into(s: &[u8], out: &mut [u8]) -> bool {
    read(s, false, <&mut [u8; IPV6_BYTES]>::try_from(out).ok()) == 4
}

/// An IPv6address, all of `s`, every form of RFC 3986 §3.2.2, into `out` (16 bytes, or
/// empty to validate only): [`read`]'s IPv6address.
#[inline(always)]
pub(crate) fn ipv6(s: &[u8], out: &mut [u8]) -> bool {
    read(s, false, <&mut [u8; IPV6_BYTES]>::try_from(out).ok()) == IPV6_BYTES
}

/// The address the valid percent-encoded text `s` (a parsed host: every "%" starts a
/// triplet) spells once decoded: an IPv4address (its 4 bytes into `out`, returns 4), an
/// IPv6address (16 bytes, returns 16), or neither (0, `out` unspecified). For a host that
/// is compared with a destination, and a reg-name such as `%3A%3A1` that spells an
/// address: [`read`] through the triplets, with no decoded copy.
#[inline(always)]
pub(crate) fn read_ip(s: &[u8], out: &mut [u8; 16]) -> usize {
    read(s, true, Some(out))
}

/// The one IP reader (docs/DECISIONS.md Decision 17): the address all of `s` spells (with
/// `encoded`, read through its `%HH` triplets), an IPv4address (returns 4) or an
/// IPv6address in every form of RFC 3986 §3.2.2 (returns 16), else 0. The bytes go into
/// `out` as they are read (the parser gives none: it validates), and those after a "::"
/// move to the end at last. A leaf with one place that reads a character and few values
/// live, so that it stays small and the parser validates IP literals with it within
/// `uri_split`'s stack budget.
#[inline(never)]
fn read(s: &[u8], encoded: bool, mut out: Option<&mut [u8; IPV6_BYTES]>) -> usize {
    // The text not read yet; the state; the run of hex digits: its value, its length and
    // its value as a dec-octet (over 255 with a digit over 9 or a leading zero); the
    // bytes so far and where the "::" stands (NO_GAP: none yet).
    let (mut rest, mut state) = (s, START);
    let (mut v, mut k, mut x) = (0u32, 0u32, 0u32);
    let (mut n, mut gap) = (0usize, NO_GAP);
    loop {
        // The next character and its kind: a hex digit (its value), ":", "." or the end.
        let (kind, h) = match rest.split_first() {
            None => (3usize, 0),
            Some((&b, tail)) => {
                rest = tail;
                let mut c = b;
                // A triplet stands for its byte: its two hex digits by arithmetic, as the
                // text is valid (`0`-`9` are 0x30-0x39, the letters 0x41-0x46 and
                // 0x61-0x66).
                if b == b'%' && encoded {
                    let [hi, lo, tail @ ..] = rest else {
                        return 0;
                    };
                    debug_assert!(hi.is_ascii_hexdigit() && lo.is_ascii_hexdigit());
                    let nibble = |h: u8| (h & 15).wrapping_add((h >> 6).wrapping_mul(9));
                    (c, rest) = (nibble(*hi) << 4 | nibble(*lo), tail);
                }
                // A hex digit's value by arithmetic, as for a triplet: a letter folded to
                // lowercase is 0x61-0x66.
                let (digit, letter) = (c.wrapping_sub(b'0'), (c | 0x20).wrapping_sub(b'a'));
                match c {
                    _ if digit < 10 => (0, u32::from(digit)),
                    _ if letter < 6 => (0, u32::from(letter).wrapping_add(10)),
                    b':' => (1, 0),
                    b'.' => (2, 0),
                    _ => return 0,
                }
            }
        };
        let step = STEPS
            .get(kind.wrapping_mul(11).wrapping_add(usize::from(state)))
            .copied()
            .unwrap_or(FAIL);
        state = step & 15;
        if state == FAIL {
            return 0;
        }
        if step & DIGIT != 0 {
            // A fifth digit is neither a group (1-4 digits) nor a dec-octet (1-3).
            if k == 4 {
                return 0;
            }
            x = if h > 9 || (x == 0 && k > 0) {
                0x100
            } else {
                x.wrapping_mul(10).wrapping_add(h)
            };
            (v, k) = (v << 4 | h, k.wrapping_add(1));
            continue;
        }
        // The run ends: a group's two bytes, or a dec-octet's one.
        if step & GROUP != 0 {
            put(&mut out, n, (v >> 8) as u8);
            (x, n) = (v & 0xff, n.wrapping_add(1));
        }
        if step & (GROUP | OCTET) != 0 {
            if x > 0xff {
                return 0;
            }
            put(&mut out, n, x as u8);
            n = n.wrapping_add(1);
        }
        if step & GAP != 0 {
            if gap != NO_GAP {
                return 0;
            }
            gap = n;
        }
        if kind == 3 {
            break;
        }
        (v, k, x) = (0, 0, 0);
    }
    // Every byte is read (the "::" counted as the zero group it stands for at least).
    match (gap, out) {
        _ if n > IPV6_BYTES => 0,
        // Four dec-octets and nothing else: an IPv4address.
        _ if n == 4 && state == OCTET3 => 4,
        (NO_GAP, _) if n != IPV6_BYTES => 0,
        (NO_GAP, _) | (_, None) => IPV6_BYTES,
        (g, Some(o)) => {
            open_gap(o, n, g);
            IPV6_BYTES
        }
    }
}

/// `out[n] = b` where there is an `out` with room.
#[inline(always)]
fn put(out: &mut Option<&mut [u8; IPV6_BYTES]>, n: usize, b: u8) {
    if let Some(d) = out.as_deref_mut().and_then(|o| o.get_mut(n)) {
        *d = b;
    }
}

/// Opens the gap of a "::" at `gap` in `out`, whose first `n` bytes are read: the bytes
/// after it move to the end, zeros take their place. One byte at a time: a loop that
/// moves a slice would call `memmove`.
fn open_gap(out: &mut [u8; IPV6_BYTES], n: usize, gap: usize) {
    let tail = out.get_mut(gap..).unwrap_or(&mut []);
    for _ in n..IPV6_BYTES {
        let mut prev = 0;
        for b in tail.iter_mut() {
            (prev, *b) = (*b, prev);
        }
    }
}

/// Checks `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`; returns the offset of
/// the first byte that breaks it. Not inlined: a copy in its caller, the CoAP server's
/// host check, costs that function more flash than the call.
#[inline(never)]
pub(crate) fn check_ipvfuture(s: &[u8]) -> Result<(), usize> {
    if !matches!(s.first(), Some(b'v' | b'V')) {
        return Err(0);
    }
    let dot = chars::run(s, 1, HEX);
    if dot == 1 || s.get(dot) != Some(&b'.') {
        return Err(dot);
    }
    // The tail runs to the end and is not empty; else the first byte that breaks it (the
    // end of `s` for an empty tail).
    let start = dot.saturating_add(1);
    let end = chars::run(s, start, IPVFUTURE);
    if end == start || end != s.len() {
        return Err(end);
    }
    Ok(())
}

/// Writes `addr` in the RFC 5952 §4 text form: lowercase hex, no leading zeros, the longest
/// run (first on a tie) of two or more zero groups as "::", and the mixed form
/// `::ffff:a.b.c.d` for IPv4-mapped addresses (§5).
pub(crate) fn write_ipv6(addr: &[u8; 16], out: &mut Out<'_>) {
    // The first 96 bits are `::ffff` (RFC 4291 §2.5.5.2), asked of the address as one
    // number: comparing slices calls memcmp. Such an address has one text.
    if u128::from_be_bytes(*addr) >> 32 == 0xffff {
        out.push(b"::ffff:");
        write_ipv4(addr.get(12..).unwrap_or(&[]), out);
        return;
    }
    // Group `i` of the eight: the mask shows the optimiser both bytes in bounds, so the
    // closure is inlined without checks at its two uses.
    let group = |i: usize| {
        let j = (i & 7).wrapping_mul(2);
        let byte = |k: usize| addr.get(k).copied().unwrap_or(0);
        u16::from_be_bytes([byte(j), byte(j | 1)])
    };
    // The longest run of two zero groups or more (one is written as "0", §4.2.2), the
    // first on a tie: where it ends and how long it is. Without one, the run [8, 9) lies
    // past the groups and is never met.
    let (mut end, mut best, mut cur) = (9usize, 1usize, 0usize);
    for i in 0..8 {
        cur = if group(i) == 0 {
            cur.wrapping_add(1)
        } else {
            0
        };
        if cur > best {
            (end, best) = (i.wrapping_add(1), cur);
        }
    }
    let start = end.wrapping_sub(best);
    let mut i = 0usize;
    while i < 8 {
        if i == start {
            // The run's "::" stands for the colons on both sides of it.
            out.push(b"::");
            i = end;
            continue;
        }
        if i > 0 && i != end {
            out.byte(b':');
        }
        write_hex16(group(i), out);
        i = i.wrapping_add(1);
    }
}

/// `w` in lowercase hex without leading zeros (RFC 5952 §4.1, §4.3).
fn write_hex16(w: u16, out: &mut Out<'_>) {
    // From the top nibble down; the last is written even when it is zero.
    let mut shift = 12u32;
    loop {
        let nibble = ((w >> shift) & 15) as u8;
        if w >> shift != 0 || shift == 0 {
            // "0"-"9", then "a"-"f" 39 further on: no table (a nibble, no wrap).
            let skip = if nibble > 9 { b'a' - b'9' - 1 } else { 0 };
            out.byte(b'0'.wrapping_add(nibble).wrapping_add(skip));
        }
        if shift == 0 {
            return;
        }
        shift = shift.wrapping_sub(4);
    }
}

/// Writes dotted-decimal IPv4 text for 4 bytes.
pub(crate) fn write_ipv4(a: &[u8], out: &mut Out<'_>) {
    for (i, &b) in a.iter().take(4).enumerate() {
        if i > 0 {
            out.byte(b'.');
        }
        // Each digit by subtraction (no division by a digit's weight: a Cortex-M0 has no
        // divide instruction), the hundreds and the tens only where there are any (no
        // leading zeros, §3.2.2).
        let (mut v, mut d) = (b, 100u8);
        while d != 0 {
            let mut q = b'0';
            while v >= d {
                (v, q) = (v.wrapping_sub(d), q.wrapping_add(1));
            }
            if b >= d || d == 1 {
                out.byte(q);
            }
            // The next weight, a tenth of this one (100, 10, 1, then 0) as 26/256 of it:
            // no divide instruction either.
            d = (u32::from(d).wrapping_mul(26) >> 8) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ipv4, ipv6, read_ip};
    use crate::test_rng::XorShift;
    use core::net::{Ipv4Addr, Ipv6Addr};

    /// Random texts over the bytes IPv6 text is made of (and a few it is not), built from
    /// pieces so that valid addresses are common.
    fn random_text(rng: &mut XorShift, buf: &mut [u8; 64]) -> usize {
        const PIECES: [&[u8]; 16] = [
            b"0", b"1", b"ff", b"FFFF", b"abcd", b"12345", b":", b"::", b".", b"255", b"256",
            b"01", b"1.2.3.4", b"0.0.0.0", b"g", b"%25",
        ];
        let mut n = 0usize;
        for _ in 0..(rng.next() % 14) {
            let piece: &[u8] = rng.pick(&PIECES);
            let Some(dst) = buf.get_mut(n..n + piece.len()) else {
                break;
            };
            dst.copy_from_slice(piece);
            n += piece.len();
        }
        n
    }

    /// The reader agrees with `core::net`: RFC 3986's IPv6address and `Ipv6Addr`'s text
    /// form coincide (at most four hex digits a group, "::" for at least one zero group, an
    /// embedded IPv4 only as the last 32 bits, dec-octets without leading zeros); core
    /// differs only by what it does not take here (zone ids, brackets), and its IPv4
    /// parser likewise rejects leading zeros, as RFC 3986's dec-octet does. `read_ip` reads
    /// the same addresses through percent-encoding.
    #[test]
    #[cfg_attr(miri, ignore)]
    fn ip_reader_agrees_with_core() {
        let mut rng = XorShift(0x1d6_5a1e);
        let mut buf = [0u8; 64];
        let mut valid = 0usize;
        for _ in 0..200_000 {
            let n = random_text(&mut rng, &mut buf);
            let s = &buf[..n];
            // Not zeroed: every byte, the gap's included, must be written.
            let mut out = [0xaau8; 16];
            let parsed = ipv6(s, &mut out);
            assert_eq!(ipv6(s, &mut []), parsed, "{:?}", core::str::from_utf8(s));
            let text = core::str::from_utf8(s).unwrap();
            let core_v6 = text.parse::<Ipv6Addr>().ok();
            assert_eq!(core_v6.map(|a| a.octets()), parsed.then_some(out), "{text}");
            let core_v4 = text.parse::<Ipv4Addr>().ok().map(|a| a.octets());
            assert_eq!(ipv4(s), core_v4, "{text}");
            // Percent-encoded, every byte, or some in either case ("%" always), as a
            // reg-name may spell an address.
            let expect = match (core_v4, core_v6) {
                (Some(a), _) => (4, a.to_vec()),
                (_, Some(a)) => (16, a.octets().to_vec()),
                _ => (0, std::vec::Vec::new()),
            };
            for every in [true, false] {
                let encoded: std::string::String = s
                    .iter()
                    .map(|&b| match rng.next() % 3 {
                        _ if every || b == b'%' => std::format!("%{b:02X}"),
                        0 => std::format!("%{b:02x}"),
                        1 => std::string::String::from(char::from(b)),
                        _ => std::format!("%{b:02X}"),
                    })
                    .collect();
                let mut via = [0xaau8; 16];
                let k = read_ip(encoded.as_bytes(), &mut via);
                assert_eq!((k, via[..k].to_vec()), expect, "{encoded}");
            }
            valid += usize::from(parsed);
        }
        assert!(valid > 1_000, "too few valid addresses: {valid}");
    }

    /// The RFC 5952 writer agrees with `core::net::Ipv6Addr`'s `Display`, which follows
    /// RFC 5952 too (longest zero run, first on a tie, `::ffff:a.b.c.d` for IPv4-mapped),
    /// on random addresses whose groups are mostly zero, and the text reads back.
    #[test]
    #[cfg_attr(miri, ignore)]
    fn ipv6_text_is_rfc_5952() {
        let mut rng = XorShift(0x5952);
        for _ in 0..100_000 {
            let mut a = [0u8; 16];
            for g in 0..8 {
                let v = match rng.next() % 4 {
                    0 | 1 => 0u16,
                    2 => (rng.next() % 16) as u16,
                    _ => rng.next() as u16,
                };
                a[2 * g..2 * g + 2].copy_from_slice(&v.to_be_bytes());
            }
            if rng.next() % 8 == 0 {
                a[..10].fill(0);
                a[10..12].fill(0xff);
            }
            let mut buf = [0u8; 64];
            let mut w = crate::out::Out::new(&mut buf);
            super::write_ipv6(&a, &mut w);
            let n = w.finish().unwrap();
            let text = core::str::from_utf8(&buf[..n]).unwrap();
            assert_eq!(text, std::format!("{}", Ipv6Addr::from(a)), "{a:02x?}");
            let mut back = [0u8; 16];
            assert!(ipv6(&buf[..n], &mut back) && back == a, "{text}");
        }
    }

    /// The IPv4 writer agrees with `core::net::Ipv4Addr`'s `Display` for every byte value
    /// in every place.
    #[test]
    fn ipv4_text_is_cores() {
        for v in 0..=255u8 {
            for place in 0..4 {
                let mut a = [1u8, 20, 255, 0];
                a[place] = v;
                let mut buf = [0u8; 16];
                let mut w = crate::out::Out::new(&mut buf);
                super::write_ipv4(&a, &mut w);
                let n = w.finish().unwrap();
                assert_eq!(&buf[..n], std::format!("{}", Ipv4Addr::from(a)).as_bytes());
            }
        }
    }

    /// RFC 3986 §3.2.2 IPv6address forms at their edges.
    #[test]
    fn ipv6_forms() {
        let good = [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::1.2.3.4",
            "1::1.2.3.4",
            "1:2:3:4:5::1.2.3.4",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "::ffff:255.255.255.255",
            "FFFF::0",
        ];
        let bad = [
            "",
            ":",
            ":1",
            "1:",
            ":::",
            "1:::2",
            "1::2::3",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7:8::",
            "::1:2:3:4:5:6:7:8",
            "12345::",
            "1:2:3:4:5:6:7:1.2.3.4",
            "1:2:3:4:5:6::1.2.3.4",
            "1.2.3.4",
            "::1.2.3",
            "::1.2.3.4.5",
            "::01.2.3.4",
            "::256.2.3.4",
            "::1.2.3.4:1",
            "::1a.2.3.4",
            "::g",
            "1::2%25eth0",
        ];
        let mut out = [0u8; 16];
        for s in good {
            assert!(ipv6(s.as_bytes(), &mut out), "{s}");
        }
        for s in bad {
            assert!(!ipv6(s.as_bytes(), &mut out), "{s}");
        }
        assert!(ipv4(b"0.10.255.199").is_some() && ipv4(b"0.10.255.1990").is_none());
        // A NUL byte ends no address; a "%" that is no triplet starts none.
        assert!(!ipv6(b"::1\0", &mut out) && ipv4(b"1.2.3.4\0").is_none());
        assert_eq!(read_ip(b"%3A%3A1%00", &mut out), 0);
        assert_eq!(read_ip(b"::1%", &mut out), 0);
        assert_eq!(read_ip(b"%31.2.3.%34", &mut out), 4);
        assert_eq!(out[..4], [1, 2, 3, 4]);
    }
}
