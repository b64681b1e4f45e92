//! Syntax- and scheme-based normalization and comparison (RFC 3986 §6.2.2, §6.2.3),
//! following DESIGN Decisions 4 and 5.

use super::chars::{self, UNRESERVED};
use super::dot_segments::Dots;
use super::ip;
use super::parse::{HostKind, UriRef};
use super::percent::pct_byte;
use super::recompose::{Composer, Host, Style};
use crate::out::Out;
use crate::Error;

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

/// Default ports of the schemes this library knows (Decision 5).
const DEFAULT_PORTS: &[(&[u8], u16)] = &[
    (b"http", 80),
    (b"https", 443),
    (b"ws", 80),
    (b"wss", 443),
    (b"coap", 5683),
    (b"coaps", 5684),
    (b"coap+tcp", 5683),
    (b"coaps+tcp", 5684),
    (b"coap+ws", 80),
    (b"coaps+ws", 443),
];

/// The default port of a scheme (compared case-insensitively), if it has one here.
pub fn default_port(scheme: &[u8]) -> Option<u16> {
    DEFAULT_PORTS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(scheme))
        .map(|&(_, port)| port)
}

/// The normalized form of a reference, ready to be written.
fn composer<'a>(r: &UriRef<'a>) -> Composer<'a> {
    let mut c = Composer::from_ref(r);
    c.style = Style::Normalize;
    let known_default = r.scheme.and_then(default_port);
    c.host = r.host.map(|h| {
        match (
            r.host_kind,
            h.strip_prefix(b"[").and_then(|h| h.strip_suffix(b"]")),
        ) {
            (Some(HostKind::Ipv6), Some(inner)) => {
                let addr_text = inner.split(|&b| b == b'%').next().unwrap_or(&[]);
                match ip::parse_ipv6(addr_text) {
                    Some(addr) => Host::Ipv6 {
                        addr,
                        zone: r.zone_id,
                    },
                    None => Host::Text(h),
                }
            }
            _ => Host::Text(h),
        }
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

/// Normalizes a valid URI reference into `out` (RFC 3986 §6.2.2, §6.2.3; DESIGN Decision 5):
/// scheme and host lowercased, percent-encoding hex uppercased, unreserved characters
/// decoded, dot-segments removed (also `%2E` ones, Decision 4) except in relative-path
/// references, IPv6 addresses in RFC 5952 form, empty and default ports dropped, and an
/// empty path after an authority written as "/" for schemes with a known default port.
/// Returns the output length.
///
/// Errors: [`Error::Buffer`] if `out` is too small.
pub fn normalize(r: &UriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    let mut w = Out::new(out);
    composer(r).write(&mut w);
    w.finish()
}

/// Whether two URI references are equivalent: their normalized forms are equal
/// (RFC 3986 §6.2.2, §6.2.3). Rooted and rootless paths are never equivalent.
pub fn equivalent(a: &UriRef<'_>, b: &UriRef<'_>) -> bool {
    const WINDOW: usize = 64;
    let (ca, cb) = (composer(a), composer(b));
    let total = |c: &Composer<'_>| {
        let mut w = Out::new(&mut []);
        c.write(&mut w);
        w.len()
    };
    let len = total(&ca);
    if len != total(&cb) {
        return false;
    }
    // Compare the two outputs window by window: no buffer holds a whole normalized URI.
    let mut skip = 0usize;
    while skip < len {
        let (mut wa, mut wb) = ([0u8; WINDOW], [0u8; WINDOW]);
        ca.write(&mut Out::window(&mut wa, skip));
        cb.write(&mut Out::window(&mut wb, skip));
        if wa != wb {
            return false;
        }
        skip = skip.saturating_add(WINDOW);
    }
    true
}
