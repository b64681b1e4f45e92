//! Syntax- and scheme-based normalization and comparison (RFC 3986 §6.2.2, §6.2.3),
//! following docs/DESIGN.md Decision 4 and 5.

use super::chars::{self, UNRESERVED};
use super::dot_segments::{self, Dots, PathPieces, SegWrite};
use super::ip;
use super::parse::{HostKind, UriRef};
use super::percent::pct_byte;
use super::recompose::{Composer, Host, Style};
use super::scheme::default_port;
use crate::error::Error;
use crate::out::Out;

/// Writes `s` with percent-encoding normalized: unreserved characters decoded, other
/// triplets with uppercase hex (§6.2.2.1, §6.2.2.2).
pub(crate) fn norm_segment(s: &[u8], w: &mut Out<'_>) {
    norm(s, false, w);
}

/// Like [`norm_segment`], and ASCII letters lowercased (scheme and host, §6.2.2.1).
pub(crate) fn norm_lower(s: &[u8], w: &mut Out<'_>) {
    norm(s, true, w);
}

fn norm(s: &[u8], lower: bool, w: &mut Out<'_>) {
    let mut rest = s;
    while !rest.is_empty() {
        // Runs that need no change are copied whole.
        let run = rest
            .iter()
            .position(|&b| b == b'%' || (lower && b.is_ascii_uppercase()))
            .unwrap_or(rest.len());
        let (plain, tail) = rest.split_at_checked(run).unwrap_or((rest, &[]));
        w.push(plain);
        let Some(&b) = tail.first() else { break };
        let step = match pct_byte(tail, 0) {
            Some(v) if b == b'%' && chars::is(v, UNRESERVED) => {
                w.byte(if lower { v.to_ascii_lowercase() } else { v });
                3
            }
            Some(v) if b == b'%' => {
                w.push(&chars::pct_triplet(v));
                3
            }
            _ => {
                w.byte(b.to_ascii_lowercase());
                1
            }
        };
        rest = tail.get(step..).unwrap_or(&[]);
    }
}

/// Case and percent-encoding normalized (RFC 3986 §6.2.2.1, §6.2.2.2), IPv6 addresses in
/// RFC 5952 form.
pub(crate) struct Normalize;

impl SegWrite for Normalize {
    fn write(seg: &[u8], w: &mut Out<'_>) {
        norm_segment(seg, w);
    }
}

impl Style for Normalize {
    fn scheme(s: &[u8], w: &mut Out<'_>) {
        norm_lower(s, w);
    }
    fn host(h: &[u8], w: &mut Out<'_>) {
        norm_lower(h, w);
    }
    fn ipv6(addr: &[u8], zone: Option<&[u8]>, w: &mut Out<'_>) {
        w.byte(b'[');
        let mut bytes = [0u8; 16];
        if ip::parse_ipv6_into(addr, &mut bytes).is_some() {
            ip::write_ipv6(&bytes, w);
        }
        if let Some(z) = zone {
            w.push(b"%25");
            norm_segment(z, w);
        }
        w.byte(b']');
    }
}

/// The normalized form of a reference, ready to be written.
fn composer<'a>(r: &UriRef<'a>) -> Composer<'a> {
    let mut c = Composer::from_ref(r);
    let known_default = r.scheme.and_then(default_port);
    c.host = r.host.map(|h| {
        match (
            r.host_kind,
            h.strip_prefix(b"[").and_then(|h| h.strip_suffix(b"]")),
        ) {
            (Some(HostKind::Ipv6), Some(inner)) => {
                let addr_text = inner.split(|&b| b == b'%').next().unwrap_or(&[]);
                if ip::is_ipv6(addr_text) {
                    Host::Ipv6 {
                        addr: addr_text,
                        zone: r.zone_id,
                    }
                } else {
                    Host::Text(h)
                }
            }
            _ => Host::Text(h),
        }
    });
    // A port is a decimal number (§3.2.3) and scheme-based normalization compares it as
    // one (§6.2.3): leading zeros go. `normalize` and `equivalent` both read this.
    c.port = r.port.map(|p| {
        let zeros = p.iter().take_while(|&&b| b == b'0').count();
        p.get(zeros.min(p.len().saturating_sub(1))..).unwrap_or(p)
    });
    // §6.2.3: an empty port, or the scheme's default, is dropped.
    if r.port.is_some_and(|p| p.is_empty())
        || (known_default.is_some() && r.port_number == known_default)
    {
        c.port = None;
    }
    c.slash_if_empty = known_default.is_some();
    // Dots in a relative-path reference depend on its base (Decision 5).
    if r.scheme.is_some() || r.host.is_some() || r.path.starts_with(b"/") {
        c.dots = Some(Dots::Decoded);
    }
    c
}

/// Normalizes a valid URI reference into `out` (RFC 3986 §6.2.2, §6.2.3; docs/DESIGN.md Decision 5):
/// scheme and host lowercased, percent-encoding hex uppercased, unreserved characters
/// decoded, dot-segments removed (also `%2E` ones, Decision 4) except in relative-path
/// references, IPv6 addresses in RFC 5952 form, leading zeros of a port dropped (`:0080`
/// is `:80`), empty and default ports dropped, and an
/// empty path after an authority written as "/" for schemes with a known default port.
/// Returns the output length.
///
/// Errors: [`Error::Buffer`] if `out` is too small.
pub fn normalize(r: &UriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    let mut w = Out::new(out);
    composer(r).write::<Normalize>(&mut w);
    w.finish()
}

/// Whether two URI references are equivalent: their normalized forms are equal
/// (RFC 3986 §6.2.2, §6.2.3). Rooted and rootless paths are never equivalent.
///
/// The normalized forms are compared component by component as byte streams, in linear
/// time and without a buffer; a path is compared by its segments after dot-segment
/// removal (both taken last first).
///
/// Not inlined: the C entry point would otherwise hold both composers next to both
/// parsed references in its frame while it parses (issue 13, stack).
#[inline(never)]
pub fn equivalent(a: &UriRef<'_>, b: &UriRef<'_>) -> bool {
    let (ca, cb) = (composer(a), composer(b));
    let text = |x: Option<&[u8]>, y: Option<&[u8]>, lower: bool| match (x, y) {
        (Some(x), Some(y)) => NormBytes::new(x, lower).eq(NormBytes::new(y, lower)),
        (x, y) => x.is_none() && y.is_none(),
    };
    text(ca.scheme, cb.scheme, true)
        && text(ca.userinfo, cb.userinfo, false)
        && same_host(ca.host, cb.host)
        && ca.port == cb.port
        && same_path(&ca, &cb)
        && text(ca.query, cb.query, false)
        && text(ca.fragment, cb.fragment, false)
}

fn same_host(a: Option<Host<'_>>, b: Option<Host<'_>>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(Host::Text(x)), Some(Host::Text(y))) => {
            NormBytes::new(x, true).eq(NormBytes::new(y, true))
        }
        (Some(Host::Ipv6 { addr: x, zone: zx }), Some(Host::Ipv6 { addr: y, zone: zy })) => {
            let (za, zb) = (zx.unwrap_or(&[]), zy.unwrap_or(&[]));
            let (mut ax, mut ay) = ([0u8; 16], [0u8; 16]);
            ip::parse_ipv6_into(x, &mut ax).is_some()
                && ip::parse_ipv6_into(y, &mut ay).is_some()
                && ax == ay
                && zx.is_some() == zy.is_some()
                && NormBytes::new(za, false).eq(NormBytes::new(zb, false))
        }
        _ => false,
    }
}

/// The path as normalization writes it: an empty path after an authority is "/" where
/// the scheme asks for it.
fn effective_path<'a>(c: &Composer<'a>) -> PathPieces<'a> {
    if c.slash_if_empty && c.host.is_some() && c.path.head.is_empty() && c.path.tail.is_empty() {
        PathPieces::new(b"/")
    } else {
        c.path
    }
}

fn same_path(a: &Composer<'_>, b: &Composer<'_>) -> bool {
    let (pa, pb) = (effective_path(a), effective_path(b));
    match (a.dots, b.dots) {
        // Relative-path references keep their dots: compare the normalized bytes.
        (None, None) => {
            let xs = NormBytes::new(pa.head, false).chain(NormBytes::new(pa.tail, false));
            xs.eq(NormBytes::new(pb.head, false).chain(NormBytes::new(pb.tail, false)))
        }
        (Some(da), Some(db)) => {
            let mut xs = dot_segments::survivors(pa, da);
            let mut ys = dot_segments::survivors(pb, db);
            loop {
                match (xs.next(), ys.next()) {
                    (None, None) => return true,
                    (Some(x), Some(y)) => {
                        if x.slash != y.slash
                            || !NormBytes::new(x.seg, false).eq(NormBytes::new(y.seg, false))
                        {
                            return false;
                        }
                    }
                    _ => return false,
                }
            }
        }
        // A relative-path reference against any other form: never the same text.
        _ => false,
    }
}

/// The bytes [`norm`] writes for `s`, one at a time.
#[derive(Clone)]
struct NormBytes<'a> {
    s: &'a [u8],
    lower: bool,
    /// Hex digits of a triplet still to yield.
    pending: [u8; 2],
    npending: u8,
}

impl<'a> NormBytes<'a> {
    fn new(s: &'a [u8], lower: bool) -> Self {
        NormBytes {
            s,
            lower,
            pending: [0; 2],
            npending: 0,
        }
    }
}

impl Iterator for NormBytes<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.npending > 0 {
            let i = usize::from(2u8.saturating_sub(self.npending));
            self.npending = self.npending.saturating_sub(1);
            return self.pending.get(i).copied();
        }
        let (&b, rest) = self.s.split_first()?;
        if let Some(v) = pct_byte(self.s, 0) {
            self.s = self.s.get(3..).unwrap_or(&[]);
            if chars::is(v, UNRESERVED) {
                return Some(if self.lower {
                    v.to_ascii_lowercase()
                } else {
                    v
                });
            }
            let t = chars::pct_triplet(v);
            self.pending = [t[1], t[2]];
            self.npending = 2;
            return Some(b'%');
        }
        self.s = rest;
        Some(if self.lower {
            b.to_ascii_lowercase()
        } else {
            b
        })
    }
}
