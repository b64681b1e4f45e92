//! Syntax- and scheme-based normalization and comparison (RFC 3986 §6.2.2, §6.2.3),
//! following docs/DECISIONS.md Decision 4 and 5.

use super::chars;
use super::dot_segments::{is_rooted, Dots};
use super::parse::{parse_into, UriRef};
use super::recompose::{Composer, Plain};
use crate::error::Error;
use crate::out::Out;

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
    let mut w = Out::new(out);
    write_normal(r, &mut w);
    w.finish()
}

/// Writes the normal form of `r`: the one normalizing writer, of [`normalize`] and
/// [`equivalent`] alike. Inlined: a frame of its own would add to their chains.
#[inline(always)]
fn write_normal(r: &UriRef<'_>, w: &mut Out<'_>) {
    let c = Composer {
        r,
        head: &[],
        dots: norm_dots(r),
    };
    c.write(Plain { normalize: true }, w);
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
/// The normal forms are written by the writer of [`normalize`] and compared a few bytes
/// at a time: in constant memory, without a buffer, in time that grows with the square
/// of their length.
pub fn equivalent(a: &UriRef<'_>, b: &UriRef<'_>) -> bool {
    same_normal_forms(|second, w| {
        write_normal(if second { b } else { a }, w);
        Ok(())
    })
    .unwrap_or(false)
}

/// [`equivalent`] of two URI references given as text, parsed strictly (errors as
/// [`UriRef::parse`] gives them, in `a` first). Each is parsed whenever its normal form
/// is written, so that one view, not two, sits under the writer (Decision 17: stack);
/// the first round finds the errors. Not inlined: the view lives on this frame, not on
/// the C function's.
#[inline(never)]
pub(crate) fn equivalent_texts(a: &[u8], b: &[u8]) -> Result<bool, Error> {
    let mut r = UriRef::default();
    same_normal_forms(|second, w| {
        parse_strict::<false>(if second { b } else { a }, &mut r)?;
        write_normal(&r, w);
        Ok(())
    })
}

/// How many bytes of each normal form [`same_normal_forms`] compares per round.
const WINDOW: usize = 8;

/// Are the two texts that `write` writes (the first, and with `true` the second) the
/// same? Each round writes both again and keeps the same window of each, [`WINDOW`]
/// bytes further on every round: no buffer for a whole form, and one writer for
/// normalization and comparison (Decision 17). One call of `write`, so that it is
/// inlined here rather than a frame of its own above the writer.
///
/// Errors: the first that `write` returns (in the first round, both texts are written).
#[inline(always)]
fn same_normal_forms(
    mut write: impl FnMut(bool, &mut Out<'_>) -> Result<(), Error>,
) -> Result<bool, Error> {
    let mut from = 0usize;
    loop {
        // Fresh each round: bytes past the end of both forms stay 0 in both.
        let mut windows = [[0u8; WINDOW]; 2];
        let mut lens = [0usize; 2];
        for (i, (window, len)) in windows.iter_mut().zip(&mut lens).enumerate() {
            let mut w = Out::window(window, from);
            write(i == 1, &mut w)?;
            *len = w.len().wrapping_add(from);
        }
        let [x, y] = &windows;
        if lens[0] != lens[1] || !chars::same_bytes(x, y) {
            return Ok(false);
        }
        from = from.saturating_add(WINDOW);
        if from >= lens[0] {
            return Ok(true);
        }
    }
}

/// [`parse_into`] as one function for every strict parse of the C functions (both of
/// `parse_target`, `uri_normalize`, those of `uri_equivalent`): one copy of the call and
/// its port check, not one per caller.
#[inline(never)]
pub(crate) fn parse_strict<'a, const IRI: bool>(
    s: &'a [u8],
    r: &mut UriRef<'a>,
) -> Result<(), Error> {
    parse_into::<IRI>(s, r)
}
