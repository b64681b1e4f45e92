//! Reference resolution (RFC 3986 §5.2), literally (docs/DECISIONS.md Decision 2).

use super::dot_segments::{is_rooted, Dots};
use super::iri::{plain, Iri, IriStyle};
use super::parse::{parse_into, UriRef};
use super::recompose::{Composer, Style};
use crate::error::Error;
use crate::out::Out;

/// Resolves `reference` against `base` (§5.2.2, merge §5.2.3, remove_dot_segments
/// §5.2.4) and writes the target URI (§5.3) into `out`; returns its length. The base's
/// fragment is ignored (§5.1); `%2E` is not a dot here (Decision 4).
///
/// # Errors
///
/// [`Error::Base`] (offset 0) if `base` has no scheme; [`Error::Buffer`] with the length
/// needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::uri::resolve;
/// use cri::UriRef;
///
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let mut out = [0u8; 64];
/// // RFC 3986 §5.4: normal and abnormal examples.
/// for (reference, target) in [("g;x?y#s", "http://a/b/c/g;x?y#s"), ("../../../g", "http://a/g")] {
///     let n = resolve(&base, &UriRef::parse(reference)?, &mut out)?;
///     assert_eq!(&out[..n], target.as_bytes());
/// }
/// # Ok::<(), cri::Error>(())
/// ```
pub fn resolve(base: &UriRef<'_>, reference: &UriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    let mut t = Target {
        r: *reference,
        ..Target::default()
    };
    resolve_onto(base, &mut t)?;
    write_target(&t, plain(false), out)
}

/// The target of a reference (§5.2.2): the reference's components with the base's filled
/// in, in place, and its path written after `head` (what merge keeps of the base path,
/// §5.2.3) with dot-segments removed as `dots` says.
#[derive(Clone, Copy, Default)]
pub(crate) struct Target<'a> {
    pub(crate) r: UriRef<'a>,
    pub(crate) head: &'a [u8],
    pub(crate) dots: Dots,
}

/// The target of `reference` against `base` (§5.2.2) into `t`, both parsed here, strictly
/// (as IRI references with `IRI`): errors in the base are [`Error::Base`] (§5.1), those in
/// the reference as [`UriRef::parse`] gives them. Never inlined: the parsed base lives on
/// this frame only, not on the C functions' frames under the writer; the reference is
/// parsed into `t` and becomes the target there. `t` is an out-parameter: returned, the
/// target would be copied through `memcpy` (Decision 17: no large structs returned by
/// value).
#[inline(never)]
pub(crate) fn parse_target<'a, const IRI: bool>(
    base: &'a [u8],
    reference: &'a [u8],
    t: &mut Target<'a>,
) -> Result<(), Error> {
    let mut b = UriRef::default();
    parse_strict::<IRI>(base, &mut b).map_err(base_error)?;
    parse_strict::<IRI>(reference, &mut t.r)?;
    resolve_onto(&b, t)
}

/// [`parse_into`] as one function for every strict parse of the C functions (both of
/// [`parse_target`], `uri_normalize`, both of `uri_equivalent`, the IRI functions,
/// `uri_preprocess`'s check, an absolute-form request target): one copy of the call and
/// its port check, not one per caller.
#[inline(never)]
pub(crate) fn parse_strict<'a, const IRI: bool>(
    s: &'a [u8],
    r: &mut UriRef<'a>,
) -> Result<(), Error> {
    parse_into::<IRI>(s, r)
}

/// Writes the target `t` (§5.3) in style `S` into `out`; returns its length.
///
/// Inlined into the C functions' closures, so that no frame of its own adds to the
/// writer's chain under them.
///
/// Errors: [`Error::Buffer`] if `out` is too small.
#[inline(always)]
pub(crate) fn write_target<S: Style>(
    t: &Target<'_>,
    style: S,
    out: &mut [u8],
) -> Result<usize, Error> {
    let mut w = Out::new(out);
    let c = Composer {
        r: &t.r,
        head: t.head,
        dots: t.dots,
    };
    c.write(style, &mut w);
    w.finish()
}

/// [`resolve`] on two strings, parsed strictly first.
///
/// # Errors
///
/// [`Error::Base`] with the offset of the first bad byte for a base that does not parse
/// (offset 0: it has no scheme); the errors of [`UriRef::parse`] for the reference; those
/// of [`resolve`].
///
/// # Examples
///
/// ```
/// use cri::uri::resolve_str;
/// use cri::Error;
///
/// let mut out = [0u8; 64];
/// let n = resolve_str("coap://h/a/b", "../c?x", &mut out)?;
/// assert_eq!(&out[..n], b"coap://h/c?x");
/// assert_eq!(resolve_str("/a/b", "c", &mut out), Err(Error::Base { offset: 0 }));
/// assert_eq!(resolve_str("http://a b/", "c", &mut out), Err(Error::Base { offset: 8 }));
/// # Ok::<(), Error>(())
/// ```
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
/// # Errors
///
/// As [`resolve`].
///
/// # Examples
///
/// ```
/// use cri::uri::resolve_iri;
/// use cri::UriRef;
///
/// let base = UriRef::parse_iri("http://example.com/caf\u{e9}/menu")?;
/// let reference = UriRef::parse_iri("th\u{e9}")?;
/// let mut out = [0u8; 64];
/// let n = resolve_iri(&base, &reference, false, &mut out)?;
/// assert_eq!(&out[..n], b"http://example.com/caf%C3%A9/th%C3%A9");
/// let n = resolve_iri(&base, &reference, true, &mut out)?;
/// assert_eq!(&out[..n], "http://example.com/caf\u{e9}/th\u{e9}".as_bytes());
/// # Ok::<(), cri::Error>(())
/// ```
pub fn resolve_iri(
    base: &UriRef<'_>,
    reference: &UriRef<'_>,
    keep_iri: bool,
    out: &mut [u8],
) -> Result<usize, Error> {
    let mut t = Target {
        r: *reference,
        ..Target::default()
    };
    resolve_onto(base, &mut t)?;
    write_iri_target(&t, keep_iri, out)
}

/// Writes the target `t` of IRI references: as a URI (RFC 3987 §3.1), or as it is with
/// `keep_iri`.
///
/// Errors: [`Error::Buffer`] if `out` is too small.
pub(crate) fn write_iri_target(
    t: &Target<'_>,
    keep_iri: bool,
    out: &mut [u8],
) -> Result<usize, Error> {
    if keep_iri {
        write_target(t, plain(false), out)
    } else {
        write_target(t, IriStyle::from(Iri::ToUri), out)
    }
}

/// Any error in a base URI, as [`Error::Base`].
fn base_error(e: Error) -> Error {
    match e {
        Error::Syntax { offset } | Error::Percent { offset } | Error::PortRange { offset } => {
            Error::Base { offset }
        }
        other => other,
    }
}

/// Turns `t`, whose `r` holds the reference, into its target against `base` (§5.2.2), in
/// place: the caller's view is not copied.
///
/// Errors: [`Error::Base`] (offset 0) if `base` has no scheme.
fn resolve_onto<'a>(base: &UriRef<'a>, t: &mut Target<'a>) -> Result<(), Error> {
    if base.scheme.is_none() {
        return Err(Error::Base { offset: 0 });
    }
    t.dots = Dots::Literal;
    let r = &mut t.r;
    if r.scheme.is_some() {
        return Ok(());
    }
    r.scheme = base.scheme;
    if r.host.is_some() {
        return Ok(());
    }
    (r.userinfo, r.host, r.port) = (base.userinfo, base.host, base.port);
    (r.host_kind, r.zone_id, r.port_number) = (base.host_kind, base.zone_id, base.port_number);
    if r.path.is_empty() {
        r.path = base.path;
        t.dots = Dots::Keep;
        if r.query.is_none() {
            r.query = base.query;
        }
    } else if !is_rooted(r.path) {
        t.head = merge_head(base);
    }
    Ok(())
}

/// §5.2.3: what a relative path is appended to: "/" for a base with an authority and an
/// empty path, else the base path up to and including its last "/".
fn merge_head<'a>(base: &UriRef<'a>) -> &'a [u8] {
    if base.host.is_some() && base.path.is_empty() {
        b"/"
    } else {
        match base.path.iter().rposition(|&b| b == b'/') {
            Some(i) => base.path.get(..=i).unwrap_or(&[]),
            None => &[],
        }
    }
}
