//! CRI reference resolution (draft-ietf-core-href-27 §5.3), producing CBOR.

use super::model::{Authority, CriRef, Discard, Items, Scheme, TextOrPet};
use super::wire::{self, ARRAY, MAJOR_SHIFT, NEGATIVE, NULL, TEXT, TRUE};
use crate::error::{Error, Unconvertible};
use crate::out::Out;

/// Resolves the CRI reference `r` against the full CRI `base` (draft §5.3) and writes the
/// resulting full CRI as CBOR (trailing defaults removed) into `out`; returns the length.
///
/// One reading differs from the letter of step 5, as the draft's own test vectors and
/// RFC 3986 require: a reference with a scheme also brings its authority, even `null`.
/// And a rootless result with no segment or one empty segment, which the steps leave and
/// which is no CRI (draft §2 C2), is the root-based empty path with the same URI `s:`
/// (Decision 20).
///
/// # Errors
///
/// [`Error::Unconvertible`]: `NotFull` if `base` has no scheme, `LeadingEmptySegment` if
/// the result would be no valid CRI: no authority and a path starting with an empty
/// segment and more, or a rootless path starting with an empty segment and more;
/// [`Error::Buffer`] with the length needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::cri::{from_uri, resolve, to_uri, ToUriOptions};
/// use cri::{CriRef, UriRef};
///
/// let (mut b, mut r) = ([0u8; 64], [0u8; 16]);
/// let nb = from_uri(&UriRef::parse("http://a/b/c/d;p?q")?, &mut b)?;
/// let nr = from_uri(&UriRef::parse("../g")?, &mut r)?;
/// let base = CriRef::decode_full(&b[..nb])?;
/// let mut target = [0u8; 64];
/// let n = resolve(&base, &CriRef::decode(&r[..nr])?, &mut target)?;
/// let mut uri = [0u8; 64];
/// let m = to_uri(&CriRef::decode(&target[..n])?, ToUriOptions::default(), &mut uri)?;
/// assert_eq!(&uri[..m], b"http://a/b/g"); // as RFC 3986 §5.4.1
/// # Ok::<(), cri::Error>(())
/// ```
pub fn resolve(base: &CriRef<'_>, r: &CriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    let n = resolve_cbor(base, r, out).map_err(Error::Unconvertible)?;
    if n > out.len() {
        return Err(Error::Buffer { needed: n });
    }
    Ok(n)
}

/// [`resolve`] with the length of the result counted on past the end of `out` (the
/// caller compares it with `out.len()`) and its one refusal as it is: `cri_resolve`
/// reports it without a conversion of every [`Error`] (Decision 17).
#[inline(never)]
pub(crate) fn resolve_cbor(
    base: &CriRef<'_>,
    r: &CriRef<'_>,
    out: &mut [u8],
) -> Result<usize, Unconvertible> {
    // The sections are borrowed from the two views, not copied: an authority is several
    // words, and this frame is on the deepest stack of cri_resolve (Decision 17, stack).
    let Some(base_scheme) = base.scheme.as_ref() else {
        return Err(Unconvertible::NotFull);
    };
    // INVARIANT: ingest sets the authority of every reference with a scheme, here and for
    // `r` below.
    debug_assert!(base.authority.is_some() && (r.scheme.is_none() || r.authority.is_some()));
    let base_path = base.path.unwrap_or_default();
    // Step 3: the discard keeps the first `keep` base segments; `true` discards them all.
    let discarded = match r.discard {
        Discard::All => usize::MAX,
        Discard::Count(n) => usize::from(n),
    };
    let mut keep = base_path.count.saturating_sub(discarded);
    // Steps 4 and 5: a reference takes every section from the first one it sets on (a
    // discard other than 0 or a path sets the path). The path is always the kept base
    // segments and the appended ones: a discard 0 without a path keeps them all. Only a
    // reference that sets none of discard, path and query keeps the base query, and then
    // the base fragment unless it sets one.
    let inherit = r.discard == Discard::Count(0) && r.path.is_none() && r.query.is_none();
    let (query, fragment) = if inherit {
        (base.query, r.fragment.or(base.fragment))
    } else {
        (r.query, r.fragment)
    };
    // A reference with a scheme also brings its authority, even `null`. Else the base's
    // stays, but the discard `true` leaves a root-based path where it was rootless. The
    // authority's kind is asked with `matches!`, not `==`: the derived `PartialEq` compares
    // a whole host authority (Decision 17: no slice `==`).
    let scheme = r.scheme.as_ref().unwrap_or(base_scheme);
    let mut authority = base.authority.as_ref().unwrap_or(&Authority::RootBased);
    if let Some(a) = &r.authority {
        authority = a;
    } else if discarded == usize::MAX && matches!(authority, Authority::Rootless) {
        authority = &Authority::RootBased;
    }
    let mut appended = r.path.unwrap_or_default();
    // Each count is at most the length of its input, so the sum cannot wrap.
    let mut path_count = keep.wrapping_add(appended.count);
    // The first segment of the result leads the items it comes from: read in place, with
    // no item iterator (none at all: the empty raw of no items is no empty text).
    let leading = if keep > 0 { base_path } else { appended };
    let first_empty = TextOrPet { raw: leading.raw }.is_empty();
    // Without an authority, a path may not start with an empty segment and more: the
    // result would be no valid CRI (`f:/a` + `.//g`; RFC 3986 writes `f:/.//g`), and a
    // rootless one may not start with an empty segment at all (draft §2 C2).
    if first_empty && path_count >= 2 && !matches!(authority, Authority::Host(_)) {
        return Err(Unconvertible::LeadingEmptySegment);
    }
    // A rootless result with no segment (`urn:a` + `[1]`) or a lone empty one (`coap:a` +
    // `./`) has the URI `s:`, which is the root-based empty path (draft §2.3, naked
    // rootless): that CRI is the result, as RFC 3986 §5.2 gives `coap:` (Decision 20).
    if matches!(authority, Authority::Rootless) && (path_count == 0 || first_empty) {
        authority = &Authority::RootBased;
        (keep, appended, path_count) = (0, Items::default(), 0);
    }
    let query_count = query.map_or(0, |q| q.count);
    // The trailing sections that hold their default values are left out (draft §5.1).
    // The section count is the last section that is set: at most 5, no step wraps.
    let sections = (u8::from(fragment.is_some()).wrapping_mul(5))
        .max(u8::from(query_count > 0).wrapping_mul(4))
        .max(u8::from(path_count > 0).wrapping_mul(3))
        .max(u8::from(!matches!(authority, Authority::RootBased)).wrapping_add(1));
    let mut w = Out::new(out);
    w.byte(ARRAY << MAJOR_SHIFT | sections);
    // scheme-id = -1 - scheme-number (draft §5.1): the number is the argument of a
    // negative integer's head.
    let (major, argument, name) = match scheme {
        Scheme::Number(n) => (NEGATIVE, *n, &[][..]),
        // usize -> u64 is lossless (wire.rs).
        Scheme::Name(s) => (TEXT, s.len() as u64, s.as_bytes()),
    };
    item(&mut w, major, argument, name);
    if sections >= 2 {
        match authority {
            Authority::RootBased => w.byte(NULL),
            Authority::Rootless => w.byte(TRUE),
            Authority::Host(h) => w.push(h.raw),
        }
    }
    // usize -> u64 is lossless (wire.rs).
    if sections >= 3 {
        let kept = base_path.prefix(keep);
        item(&mut w, ARRAY, path_count as u64, kept);
        w.push(appended.raw);
    }
    if sections >= 4 {
        let items = query.map_or(&[][..], |q| q.raw);
        item(&mut w, ARRAY, query_count as u64, items);
    }
    if let Some(f) = fragment {
        w.push(f.raw);
    }
    Ok(w.len())
}

/// An item whose contents follow its head as they came: a head of `major` with
/// `argument`, then the bytes `contents`. One copy for the scheme name, the path and the
/// query (Decision 17: shared on bare metal).
#[inline(never)]
fn item(w: &mut Out<'_>, major: u8, argument: u64, contents: &[u8]) {
    wire::head(w, major, argument);
    w.push(contents);
}
