//! IP addresses in hosts: IPv4address and IPv6address of RFC 3986 §3.2.2, IPvFuture,
//! and the RFC 5952 text form of an IPv6 address.

use super::chars::{self, HEX, IPVFUTURE};
use crate::out::{copy, Out};

/// Parses `dec-octet "." dec-octet "." dec-octet "." dec-octet` (no leading zeros).
pub(crate) fn parse_ipv4(s: &[u8]) -> Option<[u8; 4]> {
    let mut addr = [0u8; 4];
    let mut parts = s.split(|&b| b == b'.');
    for slot in addr.iter_mut() {
        *slot = dec_octet(parts.next()?)?;
    }
    match parts.next() {
        None => Some(addr),
        Some(_) => None,
    }
}

fn dec_octet(s: &[u8]) -> Option<u8> {
    if s.is_empty() || s.len() > 3 || (s.len() > 1 && s.first() == Some(&b'0')) {
        return None;
    }
    let mut v: u16 = 0;
    for &b in s {
        if !b.is_ascii_digit() {
            return None;
        }
        v = v
            .wrapping_mul(10)
            .wrapping_add(u16::from(b.wrapping_sub(b'0')));
    }
    u8::try_from(v).ok()
}

/// Parses an RFC 3986 IPv6address (all forms of §3.2.2, including a trailing IPv4address).
pub(crate) fn parse_ipv6(s: &[u8]) -> Option<[u8; 16]> {
    let mut groups = [0u16; 8];
    let mut n = 0usize; // groups written
    let mut gap: Option<usize> = None; // index in `groups` where "::" stands
    let mut rest = s;
    if let Some(r) = rest.strip_prefix(b"::") {
        gap = Some(0);
        rest = r;
    }
    while !rest.is_empty() {
        let digits = rest.iter().take_while(|&&b| chars::is(b, HEX)).count();
        if rest.get(digits) == Some(&b'.') {
            // The last 32 bits as an IPv4address.
            let v4 = parse_ipv4(rest)?;
            for pair in v4.chunks_exact(2) {
                let g = groups.get_mut(n)?;
                *g = u16::from_be_bytes([*pair.first()?, *pair.get(1)?]);
                n = n.wrapping_add(1);
            }
            break;
        }
        if digits == 0 || digits > 4 {
            return None;
        }
        let (h16, tail) = rest.split_at_checked(digits)?;
        *groups.get_mut(n)? = h16.iter().fold(0u16, |v, &b| {
            (v << 4) | u16::from(chars::hex_value(b).unwrap_or(0))
        });
        n = n.wrapping_add(1);
        rest = tail;
        if rest.is_empty() {
            break;
        }
        if let Some(r) = rest.strip_prefix(b"::") {
            if gap.is_some() {
                return None;
            }
            gap = Some(n);
            rest = r;
        } else if let Some(r) = rest.strip_prefix(b":") {
            if r.is_empty() {
                return None;
            }
            rest = r;
        } else {
            return None;
        }
    }
    expand(groups, n, gap)
}

/// Places the groups after a "::" at the end (the gap stands for at least one zero group).
fn expand(groups: [u16; 8], n: usize, gap: Option<usize>) -> Option<[u8; 16]> {
    let mut full = [0u16; 8];
    match gap {
        None if n == 8 => full = groups,
        Some(g) if n < 8 => {
            let tail = n.checked_sub(g)?;
            let head = groups.get(..g)?;
            copy(full.get_mut(..g)?, head);
            let src = groups.get(g..n)?;
            copy(full.get_mut(8usize.checked_sub(tail)?..)?, src);
        }
        _ => return None,
    }
    let mut out = [0u8; 16];
    for (pair, g) in out.chunks_exact_mut(2).zip(full) {
        copy(pair, &g.to_be_bytes());
    }
    Some(out)
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
    let mut g = [0u16; 8];
    for (slot, pair) in g.iter_mut().zip(addr.chunks_exact(2)) {
        *slot = u16::from_be_bytes([
            pair.first().copied().unwrap_or(0),
            pair.get(1).copied().unwrap_or(0),
        ]);
    }
    let mapped = g.get(..5) == Some(&[0; 5]) && g.get(5) == Some(&0xffff);
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
        let digits = [b / 100, (b / 10) % 10, b % 10];
        let skip = if b >= 100 {
            0
        } else if b >= 10 {
            1
        } else {
            2
        };
        for d in digits.iter().skip(skip) {
            out.byte(b'0'.wrapping_add(*d));
        }
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
