//! IP addresses in hosts: IPv4address and IPv6address of RFC 3986 §3.2.2, IPvFuture,
//! and the RFC 5952 text form of an IPv6 address.

use super::chars::{self, HEX, IPVFUTURE};
use crate::out::Out;

/// Parses `dec-octet "." dec-octet "." dec-octet "." dec-octet` (no leading zeros).
pub(crate) fn parse_ipv4(s: &[u8]) -> Option<[u8; 4]> {
    if !is_ipv4(s) {
        return None;
    }
    // Checked text: each octet is its digits' value, and a "." moves to the next one.
    let mut addr = [0u8; 4];
    let mut k = 0usize;
    for &b in s {
        if b == b'.' {
            k = k.saturating_add(1);
        } else if let Some(slot) = addr.get_mut(k) {
            *slot = slot.wrapping_mul(10).wrapping_add(b.wrapping_sub(b'0'));
        }
    }
    Some(addr)
}

/// Is `s` an IPv4address, four dec-octets (0-255, no leading zero) joined by "." (RFC 3986
/// §3.2.2)? A leaf with no calls and no array on its frame, which the parser asks of every
/// host that starts with a digit. Never inlined: one copy for its callers, and one inlined
/// into [`is_ipv6`] ([`ipv4_text`]) to keep that a leaf too; inlined everywhere it cost the
/// RFC 3986 profile 132 bytes of flash (Cortex-M4F).
#[inline(never)]
pub(crate) fn is_ipv4(s: &[u8]) -> bool {
    ipv4_text(s)
}

/// [`is_ipv4`], inlined.
#[inline(always)]
fn ipv4_text(s: &[u8]) -> bool {
    let (mut dots, mut digits, mut v) = (0u8, 0u8, 0u16);
    for &b in s {
        if b == b'.' {
            if digits == 0 || dots == 3 {
                return false;
            }
            (dots, digits, v) = (dots.wrapping_add(1), 0, 0);
            continue;
        }
        let d = b.wrapping_sub(b'0');
        // A digit after a leading "0" is a leading zero; past 255 is no octet (and bounds
        // the digits to three).
        if d > 9 || (digits == 1 && v == 0) {
            return false;
        }
        v = v.wrapping_mul(10).wrapping_add(u16::from(d));
        digits = digits.wrapping_add(1);
        if v > 255 {
            return false;
        }
    }
    dots == 3 && digits > 0
}

/// Parses an RFC 3986 IPv6address (all forms of §3.2.2, including a trailing IPv4address),
/// in one pass over the text.
pub(crate) fn parse_ipv6(s: &[u8]) -> Option<[u8; 16]> {
    let mut addr = [0u8; 16];
    parse_ipv6_into(s, &mut addr).map(|()| addr)
}

/// Is `s` an RFC 3986 IPv6address (§3.2.2, every form, with an IPv4address as `ls32`)?
/// Validation only, for the parser: one loop with no calls and no group array, so the
/// chain under `uri_split` ends here (parsing into groups, [`parse_ipv6_into`], took
/// 144 bytes of stack in three frames on Cortex-M4F). It accepts exactly the texts
/// [`parse_ipv6_into`] does (the unit tests compare them).
pub(crate) fn is_ipv6(s: &[u8]) -> bool {
    let mut groups = 0usize; // 16-bit pieces, an IPv4address counting two
    let mut gap = false; // "::" seen
    let mut i = 0usize;
    // Byte by byte: comparing slices calls memcmp.
    if s.first() == Some(&b':') && s.get(1) == Some(&b':') {
        gap = true;
        i = 2;
    }
    while i < s.len() {
        let start = i;
        while s.get(i).is_some_and(u8::is_ascii_hexdigit) {
            i = i.saturating_add(1);
        }
        if s.get(i) == Some(&b'.') {
            // The last 32 bits as an IPv4address, running to the end.
            groups = groups.saturating_add(2);
            if !ipv4_text(s.get(start..).unwrap_or(&[])) {
                return false;
            }
            break;
        }
        let digits = i.wrapping_sub(start);
        if digits == 0 || digits > 4 {
            return false;
        }
        groups = groups.saturating_add(1);
        if i == s.len() {
            break;
        }
        // ":" before the next group, or "::" for the gap.
        if s.get(i) != Some(&b':') {
            return false;
        }
        i = i.saturating_add(1);
        if s.get(i) == Some(&b':') {
            if gap {
                return false;
            }
            gap = true;
            i = i.saturating_add(1);
        } else if i == s.len() {
            return false;
        }
    }
    // The gap stands for at least one zero group.
    if gap {
        groups < 8
    } else {
        groups == 8
    }
}

/// [`parse_ipv6`] into `out` (no copy of the address).
pub(crate) fn parse_ipv6_into(s: &[u8], out: &mut [u8; 16]) -> Option<()> {
    let mut groups = [0u16; 8];
    let mut n = 0usize; // groups written
    let mut gap: Option<usize> = None; // index in `groups` where "::" stands
    let mut i = 0usize;
    // Byte by byte: comparing slices calls memcmp.
    if s.first() == Some(&b':') && s.get(1) == Some(&b':') {
        gap = Some(0);
        i = 2;
    }
    while i < s.len() {
        let (v, digits) = h16(s, i);
        if s.get(i.saturating_add(digits)) == Some(&b'.') {
            // The last 32 bits as an IPv4address.
            let [a, b, c, d] = parse_ipv4(s.get(i..)?)?;
            *groups.get_mut(n)? = u16::from_be_bytes([a, b]);
            *groups.get_mut(n.saturating_add(1))? = u16::from_be_bytes([c, d]);
            n = n.saturating_add(2);
            break;
        }
        if digits == 0 || digits > 4 {
            return None;
        }
        *groups.get_mut(n)? = v;
        n = n.saturating_add(1);
        i = i.saturating_add(digits);
        if i == s.len() {
            break;
        }
        // ":" before the next group, or "::" for the gap.
        if s.get(i) != Some(&b':') {
            return None;
        }
        i = i.saturating_add(1);
        if s.get(i) == Some(&b':') {
            if gap.is_some() {
                return None;
            }
            gap = Some(n);
            i = i.saturating_add(1);
        } else if i == s.len() {
            return None;
        }
    }
    expand(groups, n, gap, out)
}

/// The address the valid percent-encoded text `s` spells once decoded: an IPv4address
/// (4 bytes into `out`, returns 4) or an IPv6address (16 bytes, returns 16) of RFC 3986
/// §3.2.2, or neither (returns 0, `out` unspecified). The one IP reader of a conversion
/// (docs/DESIGN.md Decision 18): it validates, yields the bytes a destination is compared
/// with, and finds a reg-name such as `%3A%3A1` that spells an address, decoding as it
/// reads.
pub(crate) fn read_ip(s: &[u8], out: &mut [u8; 16]) -> usize {
    let mut r = Reader { s, i: 0 };
    if let Some(a) = r.ipv4() {
        if r.done() {
            out.iter_mut().zip(a).for_each(|(d, b)| *d = b);
            return 4;
        }
    }
    r.i = 0;
    if r.ipv6(out) {
        16
    } else {
        0
    }
}

/// A cursor over the decoded bytes of valid percent-encoded text.
struct Reader<'a> {
    s: &'a [u8],
    /// Position in `s` (raw bytes).
    i: usize,
}

/// The most groups of an IPv6 address (RFC 3986 §3.2.2).
const IPV6_GROUPS: usize = 8;

impl Reader<'_> {
    fn done(&self) -> bool {
        self.i >= self.s.len()
    }

    /// The next decoded byte, without moving.
    fn peek(&self) -> Option<(u8, usize)> {
        let b = *self.s.get(self.i)?;
        Some(match super::percent::pct_byte(self.s, self.i) {
            Some(v) => (v, 3),
            None => (b, 1),
        })
    }

    /// Moves past the next byte if it is `want`.
    fn eat(&mut self, want: u8) -> bool {
        match self.peek() {
            Some((b, step)) if b == want => {
                self.i = self.i.wrapping_add(step);
                true
            }
            _ => false,
        }
    }

    /// `dec-octet "." dec-octet "." dec-octet "." dec-octet` from here (no leading zeros).
    fn ipv4(&mut self) -> Option<[u8; 4]> {
        let mut a = [0u8; 4];
        for (k, octet) in a.iter_mut().enumerate() {
            if k > 0 && !self.eat(b'.') {
                return None;
            }
            let (mut v, mut digits) = (0u16, 0u8);
            while let Some((b, step)) = self.peek().filter(|(b, _)| b.is_ascii_digit()) {
                // A digit after a leading "0" is a leading zero; past 255 is no octet.
                if digits == 1 && v == 0 {
                    return None;
                }
                v = v
                    .wrapping_mul(10)
                    .wrapping_add(u16::from(b.wrapping_sub(b'0')));
                *octet = u8::try_from(v).ok()?;
                digits = digits.wrapping_add(1);
                self.i = self.i.wrapping_add(step);
            }
            if digits == 0 {
                return None;
            }
        }
        Some(a)
    }

    /// An IPv6address to the end of the text, every form of RFC 3986 §3.2.2, into `out`:
    /// the groups go in as they are read, and those after a "::" move to the end at last.
    fn ipv6(&mut self, out: &mut [u8; 16]) -> bool {
        let mut n = 0usize; // groups read
        let mut gap = None; // groups before the "::"
        if self.eat(b':') {
            if !self.eat(b':') {
                return false;
            }
            gap = Some(0);
        }
        while !self.done() && n < IPV6_GROUPS {
            let start = self.i;
            let (mut v, mut digits) = (0u16, 0u8);
            while let Some((h, step)) = self
                .peek()
                .and_then(|(b, st)| Some((chars::hex_value(b)?, st)))
            {
                v = v.wrapping_shl(4) | u16::from(h);
                digits = digits.saturating_add(1);
                self.i = self.i.wrapping_add(step);
            }
            if matches!(self.peek(), Some((b'.', _))) && n.wrapping_add(2) <= IPV6_GROUPS {
                // The last 32 bits as an IPv4address, running to the end.
                self.i = start;
                let Some(a) = self.ipv4() else {
                    return false;
                };
                for (k, b) in a.into_iter().enumerate() {
                    if let Some(d) = out.get_mut(n.wrapping_mul(2).wrapping_add(k)) {
                        *d = b;
                    }
                }
                n = n.wrapping_add(2);
                break;
            }
            if digits == 0 || digits > 4 {
                return false;
            }
            let [hi, lo] = v.to_be_bytes();
            if let Some([d0, d1]) =
                out.get_mut(n.wrapping_mul(2)..n.wrapping_mul(2).wrapping_add(2))
            {
                (*d0, *d1) = (hi, lo);
            }
            n = n.wrapping_add(1);
            if self.done() {
                break;
            }
            // ":" before the next group, or "::" for the gap.
            if !self.eat(b':') {
                return false;
            }
            if self.eat(b':') {
                if gap.is_some() {
                    return false;
                }
                gap = Some(n);
            } else if self.done() {
                return false;
            }
        }
        if !self.done() {
            return false;
        }
        match gap {
            // The gap stands for at least one zero group.
            Some(g) if n < IPV6_GROUPS => {
                let shift = IPV6_GROUPS.wrapping_sub(n).wrapping_mul(2);
                // Back to front, so that no byte is overwritten before it moves.
                for k in (g.wrapping_mul(2)..16).rev() {
                    let moved = k.checked_sub(shift).filter(|&f| f >= g.wrapping_mul(2));
                    let b = moved.and_then(|f| out.get(f).copied()).unwrap_or(0);
                    if let Some(d) = out.get_mut(k) {
                        *d = b;
                    }
                }
                true
            }
            None => n == IPV6_GROUPS,
            Some(_) => false,
        }
    }
}

/// The hex digits at `s[i]`: their value (the last four) and how many there are.
fn h16(s: &[u8], i: usize) -> (u16, usize) {
    let mut v = 0u16;
    let mut n = 0usize;
    while let Some(h) = s
        .get(i.saturating_add(n))
        .and_then(|&b| chars::hex_value(b))
    {
        v = (v << 4) | u16::from(h);
        n = n.saturating_add(1);
    }
    (v, n)
}

/// Places the groups after a "::" at the end (the gap stands for at least one zero group).
/// Each output group is picked in place: copying arrays of groups calls `memcpy`.
fn expand(groups: [u16; 8], n: usize, gap: Option<usize>, out: &mut [u8; 16]) -> Option<()> {
    let zeros = match gap {
        None if n == 8 => 0,
        Some(g) if n < 8 && g <= n => 8usize.checked_sub(n)?,
        _ => return None,
    };
    let g = gap.unwrap_or(n);
    for (k, pair) in out.chunks_exact_mut(2).enumerate() {
        let v = if k < g {
            *groups.get(k)?
        } else if k < g.saturating_add(zeros) {
            0
        } else {
            *groups.get(k.checked_sub(zeros)?)?
        };
        if let [hi, lo] = pair {
            [*hi, *lo] = v.to_be_bytes();
        }
    }
    Some(())
}

/// Checks `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`; returns the offset of
/// the first byte that breaks it.
pub(crate) fn check_ipvfuture(s: &[u8]) -> Result<(), usize> {
    if !matches!(s.first(), Some(b'v' | b'V')) {
        return Err(0);
    }
    let digits = s.iter().skip(1).take_while(|&&b| chars::is(b, HEX)).count();
    let dot = digits.saturating_add(1);
    if digits == 0 || s.get(dot) != Some(&b'.') {
        return Err(dot);
    }
    let tail_start = dot.saturating_add(1);
    let tail = s.get(tail_start..).unwrap_or(&[]);
    if tail.is_empty() {
        return Err(s.len());
    }
    match tail.iter().position(|&b| !chars::is(b, IPVFUTURE)) {
        Some(p) => Err(tail_start.saturating_add(p)),
        None => Ok(()),
    }
}

/// Writes `addr` in the RFC 5952 §4 text form: lowercase hex, no leading zeros, the longest
/// run (first on a tie) of two or more zero groups as "::", and the mixed form
/// `::ffff:a.b.c.d` for IPv4-mapped addresses (§5).
pub(crate) fn write_ipv6(addr: &[u8; 16], out: &mut Out<'_>) {
    let byte = |j: usize| addr.get(j).copied().unwrap_or(0);
    let g: [u16; 8] = core::array::from_fn(|i| {
        let j = i.wrapping_mul(2);
        u16::from_be_bytes([byte(j), byte(j.wrapping_add(1))])
    });
    // The first 96 bits are `::ffff` (RFC 4291 §2.5.5.2), asked of the address as one
    // number: comparing `g[..5]` with `[0; 5]` called memcmp.
    let mapped = u128::from_be_bytes(*addr) >> 32 == 0xffff;
    let words = if mapped { 6 } else { 8 };
    let (run_start, run_len) = longest_zero_run(g.get(..words).unwrap_or(&[]));
    let mut i = 0;
    while i < words {
        if run_len >= 2 && i == run_start {
            out.push(if i == 0 { b"::" } else { b":" });
            i = i.saturating_add(run_len);
            continue;
        }
        write_hex16(g.get(i).copied().unwrap_or(0), out);
        i = i.saturating_add(1);
        if i < words || mapped {
            out.byte(b':');
        }
    }
    if mapped {
        write_ipv4(addr.get(12..).unwrap_or(&[]), out);
    }
}

fn longest_zero_run(g: &[u16]) -> (usize, usize) {
    let (mut best, mut best_len, mut cur, mut cur_len) = (0usize, 0usize, 0usize, 0usize);
    for (i, &w) in g.iter().enumerate() {
        if w == 0 {
            if cur_len == 0 {
                cur = i;
            }
            cur_len = cur_len.saturating_add(1);
            if cur_len > best_len {
                best = cur;
                best_len = cur_len;
            }
        } else {
            cur_len = 0;
        }
    }
    (best, best_len)
}

fn write_hex16(w: u16, out: &mut Out<'_>) {
    let mut started = false;
    for shift in [12u16, 8, 4, 0] {
        let nibble = usize::from((w >> shift) & 15);
        if nibble != 0 || started || shift == 0 {
            started = true;
            out.byte(b"0123456789abcdef".get(nibble).copied().unwrap_or(b'0'));
        }
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

/// The IPv4 address a reg-name spells once percent-decoded (`127.0.0.%31`), if it does.
pub(crate) fn decoded_ipv4(host: &[u8]) -> Option<[u8; 4]> {
    if !host.contains(&b'%') || host.len() > 45 {
        return None;
    }
    let mut buf = [0u8; 15];
    let mut w = Out::new(&mut buf);
    super::percent::decode_into(host, false, &mut w);
    let n = w.finish().ok()?;
    parse_ipv4(buf.get(..n)?)
}

#[cfg(test)]
mod tests {
    use super::{is_ipv4, is_ipv6, parse_ipv4, parse_ipv6_into};
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

    /// The validator the parser uses and the parser normalize uses accept the same texts,
    /// and both agree with `core::net`: RFC 3986's IPv6address and `Ipv6Addr`'s text form
    /// coincide (at most four hex digits a group, "::" for at least one zero group, an
    /// embedded IPv4 only as the last 32 bits, dec-octets without leading zeros); core
    /// differs only by what it does not take here (zone ids, brackets), and its IPv4
    /// parser likewise rejects leading zeros, as RFC 3986's dec-octet does.
    #[test]
    #[cfg_attr(miri, ignore)]
    fn ipv6_validator_agrees_with_parser_and_core() {
        let mut rng = XorShift(0x1d6_5a1e);
        let mut buf = [0u8; 64];
        let mut valid = 0usize;
        for _ in 0..200_000 {
            let n = random_text(&mut rng, &mut buf);
            let s = &buf[..n];
            let mut out = [0u8; 16];
            let parsed = parse_ipv6_into(s, &mut out).is_some();
            assert_eq!(is_ipv6(s), parsed, "{:?}", core::str::from_utf8(s));
            let text = core::str::from_utf8(s).unwrap();
            let core_v6 = text.parse::<Ipv6Addr>().ok();
            assert_eq!(core_v6.map(|a| a.octets()), parsed.then_some(out), "{text}");
            assert_eq!(
                parse_ipv4(s),
                text.parse::<Ipv4Addr>().ok().map(|a| a.octets()),
                "{text}"
            );
            valid += usize::from(parsed);
        }
        assert!(valid > 1_000, "too few valid addresses: {valid}");
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
        for s in good {
            assert!(is_ipv6(s.as_bytes()), "{s}");
        }
        for s in bad {
            assert!(!is_ipv6(s.as_bytes()), "{s}");
        }
        assert!(is_ipv4(b"0.10.255.199") && !is_ipv4(b"0.10.255.1990"));
    }
}
