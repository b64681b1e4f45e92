//! Reference resolution (RFC 3986 §5.2), literally (docs/DESIGN.md Decision 2).

use super::dot_segments::{Dots, PathPieces};
use super::iri::ToUri;
use super::parse::UriRef;
use super::recompose::{AsIs, Composer, Host};
use crate::error::Error;
use crate::out::Out;

/// Resolves `reference` against `base` (§5.2.2, merge §5.2.3, remove_dot_segments
/// §5.2.4) and writes the target URI (§5.3) into `out`; returns its length. The base's
/// fragment is ignored (§5.1); `%2E` is not a dot here (Decision 4).
///
/// Errors: [`Error::Base`] if `base` has no scheme; [`Error::Buffer`] if `out` is too small.
pub fn resolve(base: &UriRef<'_>, reference: &UriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    let target = target(base, reference)?;
    let mut w = Out::new(out);
    target.write::<AsIs>(&mut w);
    w.finish()
}

/// Resolves two strings; errors in `base` are reported as [`Error::Base`] with the offset.
pub fn resolve_str(base: &str, reference: &str, out: &mut [u8]) -> Result<usize, Error> {
    let b = UriRef::parse(base).map_err(base_error)?;
    let r = UriRef::parse(reference)?;
    resolve(&b, &r, out)
}

/// Resolves IRI references (parsed with [`UriRef::parse_iri`]) like [`resolve`]: the
/// resolution algorithm is the same for IRIs (RFC 3987 §6.5). The target is written as a
/// URI (RFC 3987 §3.1 mapping applied, as a crawler resolving a page's links needs), or
/// as an IRI with `keep_iri`.
///
/// Errors: as [`resolve`].
pub fn resolve_iri(
    base: &UriRef<'_>,
    reference: &UriRef<'_>,
    keep_iri: bool,
    out: &mut [u8],
) -> Result<usize, Error> {
    let t = target(base, reference)?;
    let mut w = Out::new(out);
    if keep_iri {
        t.write::<AsIs>(&mut w);
    } else {
        t.write::<ToUri>(&mut w);
    }
    w.finish()
}

/// Any error in a base URI, as [`Error::Base`].
pub(crate) fn base_error(e: Error) -> Error {
    match e {
        Error::Syntax { offset } | Error::Percent { offset } | Error::PortRange { offset } => {
            Error::Base { offset }
        }
        other => other,
    }
}

pub(crate) fn target<'a>(base: &UriRef<'a>, r: &UriRef<'a>) -> Result<Composer<'a>, Error> {
    if base.scheme.is_none() {
        return Err(Error::Base { offset: 0 });
    }
    let mut t = Composer::from_ref(r);
    t.dots = Some(Dots::Literal);
    if r.scheme.is_some() {
        return Ok(t);
    }
    t.scheme = base.scheme;
    if r.host.is_some() {
        return Ok(t);
    }
    t.userinfo = base.userinfo;
    t.host = base.host.map(Host::Text);
    t.port = base.port;
    if r.path.is_empty() {
        t.path = PathPieces::new(base.path);
        t.dots = None;
        if r.query.is_none() {
            t.query = base.query;
        }
    } else if !r.path.starts_with(b"/") {
        t.path = merge(base, r.path);
    }
    Ok(t)
}

/// §5.2.3: "/" + reference for a base with an authority and an empty path, else the base
/// path up to and including its last "/", then the reference path.
fn merge<'a>(base: &UriRef<'a>, path: &'a [u8]) -> PathPieces<'a> {
    let head: &'a [u8] = if base.host.is_some() && base.path.is_empty() {
        b"/"
    } else {
        match base.path.iter().rposition(|&b| b == b'/') {
            Some(i) => base.path.get(..=i).unwrap_or(&[]),
            None => &[],
        }
    };
    PathPieces { head, tail: path }
}
