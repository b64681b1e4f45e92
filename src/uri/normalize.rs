//! Syntax- and scheme-based normalization and comparison (RFC 3986 §6.2.2, §6.2.3),
//! following docs/DECISIONS.md Decision 4 and 5.

use super::dot_segments::{self, is_rooted, Dots, PathPieces};
use super::parse::UriRef;
use super::percent::norm_char;
use super::recompose::{ipv6_host, norm_port, slash_if_empty, Composer, Plain, Style};
use crate::error::Error;
use crate::out::Out;

// The parts of the normal form are one function each (`ipv6_host`, `norm_port`,
// `slash_if_empty` with the writer's style in `recompose`, and `norm_dots`): the writer
// calls them, and `equivalent` compares them one component at a time, so that it never
// holds two writers (Decision 17: stack).

/// Which dots are removed: none in a relative-path reference, whose dots depend on its
/// base (Decision 5).
fn norm_dots(r: &UriRef<'_>) -> Dots {
    if r.scheme.is_some() || r.host.is_some() || is_rooted(r.path) {
        Dots::Decoded
    } else {
        Dots::Keep
    }
}

/// Normalizes a valid URI reference into `out` (RFC 3986 §6.2.2, §6.2.3; docs/DECISIONS.md Decision 5):
/// scheme and host lowercased, percent-encoding hex uppercased, unreserved characters
/// decoded, dot-segments removed (also `%2E` ones, Decision 4) except in relative-path
/// references, IPv6 addresses in RFC 5952 form, leading zeros of a port dropped (`:0080`
/// is `:80`), empty and default ports dropped, and an
/// empty path after an authority written as "/" for schemes with a known default port.
/// Returns the output length.
///
/// # Errors
///
/// [`Error::Buffer`] with the length needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::uri::normalize;
/// use cri::UriRef;
///
/// let r = UriRef::parse("HTTP://Example.COM:80/%7Ea/./b/../%c3%a9?%3f")?;
/// let mut out = [0u8; 64];
/// let n = normalize(&r, &mut out)?;
/// assert_eq!(&out[..n], b"http://example.com/~a/%C3%A9?%3F");
///
/// // RFC 5952 for IPv6 addresses, and a port's leading zeros go (Decision 14).
/// let r = UriRef::parse("coap://[2001:DB8:0:0:0:0:0:1]:05684/")?;
/// let n = normalize(&r, &mut out)?;
/// assert_eq!(&out[..n], b"coap://[2001:db8::1]:5684/");
/// # Ok::<(), cri::Error>(())
/// ```
pub fn normalize(r: &UriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    normalize_in(r, Plain { normalize: true }, out)
}

/// [`normalize`] in `style`: normalizing plain text in the build's style type
/// (`iri::plain`), which the C function passes.
pub(crate) fn normalize_in<S: Style>(
    r: &UriRef<'_>,
    style: S,
    out: &mut [u8],
) -> Result<usize, Error> {
    let mut w = Out::new(out);
    let c = Composer {
        r,
        head: &[],
        dots: norm_dots(r),
    };
    c.write(style, &mut w);
    w.finish()
}

/// Whether two URI references are equivalent: their normalized forms are equal
/// (RFC 3986 §6.2.2, §6.2.3). Rooted and rootless paths are never equivalent.
///
/// # Examples
///
/// ```
/// use cri::uri::equivalent;
/// use cri::UriRef;
///
/// let a = UriRef::parse("http://example.com/~a/c")?;
/// let b = UriRef::parse("HTTP://EXAMPLE.com:80/%7ea/b/../c")?;
/// assert!(equivalent(&a, &b));
/// // A relative-path reference keeps its dots: they depend on the base (Decision 5).
/// assert!(!equivalent(&UriRef::parse(".")?, &UriRef::parse("./")?));
/// # Ok::<(), cri::Error>(())
/// ```
///
/// The normalized forms are compared component by component as byte streams, in linear
/// time and without a buffer; a path is compared by its segments after dot-segment
/// removal (both taken last first).
///
/// Not inlined: the C entry point would otherwise hold the comparison's state next to
/// both parsed references in its frame while it parses (Decision 17: stack). No composer is
/// built: each component of the normal form is computed for both references and
/// compared. The host and path comparisons are inlined into it: one frame for both.
#[inline(never)]
pub fn equivalent(a: &UriRef<'_>, b: &UriRef<'_>) -> bool {
    same_text(a.scheme, b.scheme, true)
        && same_text(a.userinfo, b.userinfo, false)
        && same_host(a, b)
        // Digits only (§3.2.3): compared as any text.
        && same_text(norm_port(a), norm_port(b), false)
        && same_path(a, b)
        && same_text(a.query, b.query, false)
        && same_text(a.fragment, b.fragment, false)
}

/// Do two optional components have the same normal form (both absent, or both present
/// with the same [`norm_char`]s)?
fn same_text(x: Option<&[u8]>, y: Option<&[u8]>, lower: bool) -> bool {
    match (x, y) {
        (Some(x), Some(y)) => same_norm(x, y, lower),
        (x, y) => x.is_none() && y.is_none(),
    }
}

/// Do `x` and `y` normalize to the same bytes? The two texts in lockstep, a character
/// (a byte or a triplet) of each at a time: each normalizes on its own, so equal
/// characters all along are equal normal forms (linear time, no buffer).
fn same_norm(x: &[u8], y: &[u8], lower: bool) -> bool {
    let (mut i, mut j) = (0usize, 0usize);
    loop {
        let ((a, step), (b, other)) = (norm_char(x, i, lower), norm_char(y, j, lower));
        if a != b {
            return false;
        }
        // Both ended: an ended text's character is the empty one.
        if step == 0 {
            return true;
        }
        // Steps of at most 3 within the texts (`norm_char` read there): no wrap.
        (i, j) = (i.wrapping_add(step), j.wrapping_add(other));
    }
}

/// Do the hosts have the same normal form: the same IPv6 address and zone id, or the same
/// text (both absent included)? Inlined into [`equivalent`], as [`same_path`].
#[inline(always)]
fn same_host(a: &UriRef<'_>, b: &UriRef<'_>) -> bool {
    let (mut x, mut y) = ([0u8; 16], [0u8; 16]);
    match (ipv6_host(a, &mut x), ipv6_host(b, &mut y)) {
        // The addresses as numbers: comparing slices calls memcmp.
        (true, true) => {
            u128::from_ne_bytes(x) == u128::from_ne_bytes(y)
                && same_text(a.zone_id, b.zone_id, false)
        }
        // Both hosts text, or absent.
        (false, false) => same_text(a.host, b.host, true),
        _ => false,
    }
}

/// The segments of the path as normalization writes it, last first, after dot-segment
/// removal: an empty path after an authority is "/" where the scheme asks for it.
/// Not inlined: one copy for both paths [`same_path`] compares.
#[inline(never)]
fn norm_segments<'a>(r: &UriRef<'a>) -> dot_segments::Survivors<'a> {
    let path = if slash_if_empty(r) && r.host.is_some() && r.path.is_empty() {
        b"/"
    } else {
        r.path
    };
    dot_segments::survivors(PathPieces::new(path), norm_dots(r))
}

/// Compares the paths by their segments after dot-segment removal, both taken last
/// first. A relative-path reference keeps its dots ([`Dots::Keep`]): its first segment
/// comes without "/", where every other path's first one has it, so the two never match.
#[inline(always)]
fn same_path(a: &UriRef<'_>, b: &UriRef<'_>) -> bool {
    let (mut xs, mut ys) = (norm_segments(a), norm_segments(b));
    loop {
        match (xs.next(), ys.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if x.slash == y.slash && same_norm(x.seg, y.seg, false) => {}
            _ => return false,
        }
    }
}
