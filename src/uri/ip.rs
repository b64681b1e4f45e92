//! IP addresses in hosts: IPv4address and IPv6address of RFC 3986 §3.2.2, IPvFuture,
//! and the RFC 5952 text form of an IPv6 address.

use super::chars::{self, HEX, IPVFUTURE};
use crate::out::Out;

/// The longest text of an IPv6address (six groups and an IPv4address).
const MAX_IP_TEXT: usize = 45;
/// The bytes of an IPv6 address.
const IPV6_BYTES: usize = 16;
/// [`ipv6`] before a "::".
const NO_GAP: usize = usize::MAX;

/// `dec-octet "." dec-octet "." dec-octet "." dec-octet`, all of `s` (RFC 3986 §3.2.2:
/// 0-255 without leading zeros). Inlined: the bytes of [`ipv4_value`], the one copy for
/// every caller but [`is_ipv6`], which inlines the loop to stay a leaf under the parser
/// (Decision 17: `uri_split` within 256 bytes of stack).
#[inline(always)]
pub(crate) fn ipv4(s: &[u8]) -> Option<[u8; 4]> {
    ipv4_value(s).map(u32::to_be_bytes)
}

/// [`ipv4`] as a number (the first octet on top): a value that comes back in registers,
/// so that this leaf under the parser needs no frame for a returned array (Decision 17).
#[inline(never)]
fn ipv4_value(s: &[u8]) -> Option<u32> {
    ipv4_inline(s)
}

/// [`ipv4_value`], inlined.
#[inline(always)]
fn ipv4_inline(s: &[u8]) -> Option<u32> {
    // The octets so far, the one being read (NO_DIGIT before its first digit) and the
    // dots: few values, so that the leaves under the parser keep them in registers
    // (Decision 17: `uri_split` within its stack budget on Cortex-M0).
    const NO_DIGIT: u32 = 0x100;
    let (mut acc, mut v, mut dots) = (0u32, NO_DIGIT, 0u32);
    for &b in s {
        if b == b'.' {
            // No digit yet is NO_DIGIT, the one value over 255 at a dot.
            if v > 0xff || dots == 3 {
                return None;
            }
            (acc, v, dots) = (acc.wrapping_shl(8) | v, NO_DIGIT, dots.wrapping_add(1));
            continue;
        }
        let d = b.wrapping_sub(b'0');
        // A digit after a leading "0" is a leading zero; past 255 is no octet (and bounds
        // the digits to three).
        if d > 9 || v == 0 {
            return None;
        }
        // NO_DIGIT's low byte is 0: the first digit is the octet's value so far.
        v = (v & 0xff).wrapping_mul(10).wrapping_add(u32::from(d));
        if v > 255 {
            return None;
        }
    }
    (dots == 3 && v <= 0xff).then_some(acc.wrapping_shl(8) | v)
}

/// An IPv6address, all of `s`, every form of RFC 3986 §3.2.2, into `out` (16 bytes, or
/// empty to validate only): the groups go in as they are read, and those after a "::"
/// move to the end at last. The one IPv6 reader
/// (docs/DECISIONS.md Decision 17): the parser validates with it, the CoAP and CRI layers
/// read addresses with it.
pub(crate) fn ipv6(s: &[u8], out: &mut [u8]) -> bool {
    // Bytes written, where the "::" stands (NO_GAP: none yet), where in `s`.
    let (mut n, mut gap, mut i) = (0usize, NO_GAP, 0usize);
    if s.first() == Some(&b':') && s.get(1) == Some(&b':') {
        (gap, i) = (0, 2);
    }
    while i < s.len() {
        let start = i;
        let mut v = 0u32;
        while let Some(h) = s.get(i).and_then(|&b| chars::hex_value(b)) {
            (v, i) = (v.wrapping_shl(4) | u32::from(h), i.wrapping_add(1));
        }
        // A group of 1-4 hex digits, or the last 32 bits as an IPv4address to the end:
        // its bytes from the top of `word`.
        let (mut word, len) = if s.get(i) == Some(&b'.') {
            let Some(a) = ipv4_value(s.get(start..).unwrap_or(&[])) else {
                return false;
            };
            i = s.len();
            (a, 4usize)
        } else if (1..=4).contains(&i.wrapping_sub(start)) {
            (v.wrapping_shl(16), 2)
        } else {
            return false;
        };
        for _ in 0..len {
            word = word.rotate_left(8);
            if let Some(d) = out.get_mut(n) {
                *d = word as u8;
            }
            n = n.wrapping_add(1);
        }
        if n > IPV6_BYTES {
            return false;
        }
        if i == s.len() {
            break;
        }
        // ":" before the next group, or "::" for the gap.
        if s.get(i) != Some(&b':') {
            return false;
        }
        i = i.wrapping_add(1);
        if s.get(i) == Some(&b':') {
            if gap != NO_GAP {
                return false;
            }
            (gap, i) = (n, i.wrapping_add(1));
        } else if i == s.len() {
            return false;
        }
    }
    match gap {
        NO_GAP => n == IPV6_BYTES,
        // The gap stands for at least one zero group.
        g if n < IPV6_BYTES => {
            let shift = IPV6_BYTES.wrapping_sub(n);
            // Back to front, so that no byte is overwritten before it moves.
            for k in (g..IPV6_BYTES).rev() {
                let from = k.checked_sub(shift).filter(|&f| f >= g);
                let b = from.and_then(|f| out.get(f).copied()).unwrap_or(0);
                if let Some(d) = out.get_mut(k) {
                    *d = b;
                }
            }
            true
        }
        _ => false,
    }
}

/// Is `s` an RFC 3986 IPv6address (§3.2.2, every form, with an IPv4address as `ls32`)?
/// Validation only, for the parser: a leaf with no output, so that `uri_split` stays
/// within its stack budget (Decision 17). It accepts exactly the texts [`ipv6`] does (the
/// unit tests compare them).
pub(crate) fn is_ipv6(s: &[u8]) -> bool {
    // Twice the 16-bit pieces so far (an IPv4address counts two), plus 1 once "::" was
    // seen: one value with small steps, so that this leaf keeps its state in registers
    // (Decision 17: stack). Below `2 * s.len() + 2`, so the steps cannot wrap.
    let (mut c, mut i) = (0usize, 0usize);
    // Byte by byte: comparing slices calls memcmp.
    if s.first() == Some(&b':') && s.get(1) == Some(&b':') {
        (c, i) = (1, 2);
    }
    // Index steps over bytes just read cannot wrap (Decision 17).
    while i < s.len() {
        let start = i;
        while s.get(i).is_some_and(u8::is_ascii_hexdigit) {
            i = i.wrapping_add(1);
        }
        if s.get(i) == Some(&b'.') {
            // The last 32 bits as an IPv4address, two pieces, running to the end: the count
            // is judged first, so that nothing else is live in the address's loop.
            return complete(c.wrapping_add(4))
                && ipv4_inline(s.get(start..).unwrap_or(&[])).is_some();
        }
        if !(1..=4).contains(&i.wrapping_sub(start)) {
            return false;
        }
        c = c.wrapping_add(2);
        if i == s.len() {
            break;
        }
        // ":" before the next group, or "::" for the gap.
        if s.get(i) != Some(&b':') {
            return false;
        }
        i = i.wrapping_add(1);
        if s.get(i) == Some(&b':') {
            if c & 1 != 0 {
                return false;
            }
            c |= 1;
            i = i.wrapping_add(1);
        } else if i == s.len() {
            return false;
        }
    }
    complete(c)
}

/// Does [`is_ipv6`]'s count `c` (twice the pieces, plus 1 with a "::") make an address?
/// The gap stands for at least one zero group: at most 7 pieces with it, 8 without.
#[inline(always)]
fn complete(c: usize) -> bool {
    if c & 1 != 0 {
        c < 16
    } else {
        c == 16
    }
}

/// The address the valid percent-encoded text `s` spells once decoded: an IPv4address
/// (its 4 bytes into `out`, returns 4), an IPv6address (16 bytes, returns 16), or neither
/// (0, `out` unspecified). For a host that is compared with a destination, and a reg-name
/// such as `%3A%3A1` that spells an address.
pub(crate) fn read_ip(s: &[u8], out: &mut [u8; 16]) -> usize {
    // Decoded by the one decode loop (`percent::decode_text`, Decision 17) into room for
    // the longest address text: a longer one spells none. A host holds no "/".
    let mut text = [0u8; MAX_IP_TEXT];
    let n = super::percent::decode_text(s, b'/', false, &mut text, 0).len;
    if n > MAX_IP_TEXT {
        return 0;
    }
    let t = text.get(..n).unwrap_or(&[]);
    if let Some(a) = ipv4(t) {
        out.iter_mut().zip(a).for_each(|(d, b)| *d = b);
        4
    } else if ipv6(t, out) {
        IPV6_BYTES
    } else {
        0
    }
}

/// Checks `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`; returns the offset of
/// the first byte that breaks it.
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
    let group = |i: usize| {
        let j = i.wrapping_mul(2);
        let byte = |k: usize| addr.get(k).copied().unwrap_or(0);
        u16::from_be_bytes([byte(j), byte(j.wrapping_add(1))])
    };
    // The longest run of zero groups, the first on a tie: where it ends and how long it is.
    let (mut end, mut best, mut cur) = (0usize, 0usize, 0usize);
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
    // A run of one group is written as "0" (§4.2.2): no run, then.
    let (start, end) = if best >= 2 {
        (end.wrapping_sub(best), end)
    } else {
        (8, 8)
    };
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
        let nibble = usize::from((w >> shift) & 15);
        if w >> shift != 0 || shift == 0 {
            out.byte(b"0123456789abcdef".get(nibble).copied().unwrap_or(b'0'));
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
        // Leading digits only where there are any (no leading zeros, §3.2.2).
        if b >= 100 {
            out.byte(b'0'.wrapping_add(b / 100));
        }
        if b >= 10 {
            out.byte(b'0'.wrapping_add(b / 10 % 10));
        }
        out.byte(b'0'.wrapping_add(b % 10));
    }
}

#[cfg(test)]
mod tests {
    use super::{ipv4, ipv6, is_ipv6, read_ip};
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
            assert_eq!(is_ipv6(s), parsed, "{:?}", core::str::from_utf8(s));
            assert_eq!(ipv6(s, &mut []), parsed, "{:?}", core::str::from_utf8(s));
            let text = core::str::from_utf8(s).unwrap();
            let core_v6 = text.parse::<Ipv6Addr>().ok();
            assert_eq!(core_v6.map(|a| a.octets()), parsed.then_some(out), "{text}");
            let core_v4 = text.parse::<Ipv4Addr>().ok().map(|a| a.octets());
            assert_eq!(ipv4(s), core_v4, "{text}");
            // Every byte percent-encoded, as a reg-name may spell an address.
            let encoded: std::string::String = s.iter().map(|b| std::format!("%{b:02X}")).collect();
            let mut via = [0u8; 16];
            let k = read_ip(encoded.as_bytes(), &mut via);
            let expect = match (core_v4, core_v6) {
                (Some(a), _) => (4, a.to_vec()),
                (_, Some(a)) => (16, a.octets().to_vec()),
                _ => (0, std::vec::Vec::new()),
            };
            assert_eq!((k, via[..k].to_vec()), expect, "{text}");
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
    }
}
