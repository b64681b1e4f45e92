//! Recomposition of components into a URI reference (RFC 3986 §5.3), shared by
//! `recompose`, `resolve` and `normalize`.

use super::chars::{self, Ext, PATH, QUERY, SCHEME, USERINFO};
pub(crate) use super::dot_segments::Plain;
use super::dot_segments::{self, is_rooted, Dots, PathPieces, Prefixes, SegWrite};
use super::ip;
use super::parse::{host_alone, literal_address, port_number, HostKind, UriRef};
use super::percent::norm;
use super::scheme::default_port;
use crate::error::Error;
use crate::out::Out;

/// How the text of components is written. The C functions pass one style type per build
/// (`iri::PlainStyle`), so that [`Composer::write`] is compiled once: [`Plain`] alone
/// without the `iri` feature (an image that recomposes or sends Proxy-Uri then holds no
/// IRI mapping), or with it `iri::AnyStyle`, plain text and the IRI mappings. Its
/// [`SegWrite`] writes userinfo, path segments, fragment (and, unless overridden, the
/// host and query).
pub(crate) trait Style: SegWrite {
    /// The scheme.
    fn scheme(self, s: &[u8], w: &mut Out<'_>) {
        w.push(s);
    }
    /// The host and, with its ":", the port of `r`, which has a host.
    fn authority(self, r: &UriRef<'_>, w: &mut Out<'_>) {
        self.host(r.host.unwrap_or(&[]), w);
        if let Some(p) = r.port {
            w.byte(b':');
            w.push(p);
        }
    }
    /// A host written as text (a reg-name, IPv4address or IP-literal).
    fn host(self, h: &[u8], w: &mut Out<'_>) {
        self.write(h, w);
    }
    /// Is an empty path after the authority of `r` written "/" (§6.2.3, normalization)?
    fn slash_if_empty(self, _r: &UriRef<'_>) -> bool {
        false
    }
    /// The query: an IRI's query may also hold `iprivate` (RFC 3987 §2.2).
    fn query(self, s: &[u8], w: &mut Out<'_>) {
        self.write(s, w);
    }
}

/// As it is or normalized (RFC 3986 §6.2.2, §6.2.3; Decision 5): scheme and host
/// lowercased, percent-encoding normalized, IPv6 addresses in RFC 5952 form, the port
/// without leading zeros and without the scheme's default.
impl Style for Plain {
    fn scheme(self, s: &[u8], w: &mut Out<'_>) {
        if self.normalize {
            norm(s, true, w);
        } else {
            w.push(s);
        }
    }
    fn authority(self, r: &UriRef<'_>, w: &mut Out<'_>) {
        write_authority(r, self.normalize, w);
    }
    fn slash_if_empty(self, r: &UriRef<'_>) -> bool {
        self.normalize && slash_if_empty(r)
    }
}

/// The host and port of `r`, as they are or normalized. Not inlined, as the other pieces
/// of the writer that are not on the path's chain: their locals then sit on frames of
/// their own, not on the writer's above that chain (Decision 17, stack).
#[inline(never)]
fn write_authority(r: &UriRef<'_>, normalize: bool, w: &mut Out<'_>) {
    let port = if normalize {
        let mut addr = [0u8; 16];
        if ipv6_host(r, &mut addr) {
            // An IP-literal: the address in RFC 5952 form, its zone id normalized.
            w.byte(b'[');
            ip::write_ipv6(&addr, w);
            if let Some(z) = r.zone_id {
                w.push(b"%25");
                norm(z, false, w);
            }
            w.byte(b']');
        } else if let Some(h) = r.host {
            norm(h, true, w);
        }
        norm_port(r)
    } else {
        w.push(r.host.unwrap_or(&[]));
        r.port
    };
    if let Some(p) = port {
        w.byte(b':');
        w.push(p);
    }
}

/// Is the host of `r` an IPv6 address as normalization reads it (then its bytes are in
/// `addr`, and its zone id is `r.zone_id`)? It is written in RFC 5952 form and compared by
/// its bytes. No for no host and for any other host (a reg-name, IPv4address or IPvFuture
/// literal, or a literal whose address is not valid), which is written and compared as
/// text. A flag, returned in a register.
pub(crate) fn ipv6_host(r: &UriRef<'_>, addr: &mut [u8; 16]) -> bool {
    // A look at both ends, not `strip_prefix` and `strip_suffix` (they compare slices
    // through `memcmp`); the address is the parser's, up to a zone id.
    match (r.host_kind, r.host) {
        (Some(HostKind::Ipv6), Some(h @ [b'[', .., b']'])) => ip::ipv6(literal_address(h), addr),
        _ => false,
    }
}

/// The port as normalization writes it. A port is a decimal number (§3.2.3) and
/// scheme-based normalization compares it as one (§6.2.3): leading zeros go, and an
/// empty port or the scheme's default is dropped.
pub(crate) fn norm_port<'a>(r: &UriRef<'a>) -> Option<&'a [u8]> {
    let known_default = r.scheme.and_then(default_port);
    if r.port.is_some_and(<[u8]>::is_empty)
        || (known_default.is_some() && r.port_number == known_default)
    {
        return None;
    }
    r.port.map(|mut p| {
        // Zeros go while a digit follows: "0" stays.
        while let [b'0', rest @ ..] = p {
            if rest.is_empty() {
                break;
            }
            p = rest;
        }
        p
    })
}

/// Does an empty path after an authority become "/" (§6.2.3, schemes with a known
/// default port: the http-like ones)?
pub(crate) fn slash_if_empty(r: &UriRef<'_>) -> bool {
    r.scheme.and_then(default_port).is_some()
}

/// A reference to write (§5.3): the components of `r`, borrowed (Decision 17: no big
/// views copied between frames), its path written after `head` (the part of a base path
/// that merge keeps, §5.2.3) with dot-segments removed as `dots` says.
#[derive(Clone, Copy)]
pub(crate) struct Composer<'r, 'a> {
    pub(crate) r: &'r UriRef<'a>,
    pub(crate) head: &'a [u8],
    /// Which dot-segments to remove from the path ([`Dots::Keep`]: none).
    pub(crate) dots: Dots,
}

impl<'r, 'a> Composer<'r, 'a> {
    /// The components of a split reference, written as they are.
    pub(crate) fn new(r: &'r UriRef<'a>) -> Self {
        Composer {
            r,
            head: &[],
            dots: Dots::Keep,
        }
    }

    /// Writes the reference (§5.3) with the prefixes that keep it reparsing to the same
    /// components: "/." before a path starting with "//" when there is no authority
    /// (docs/DECISIONS.md Decision 3), "./" before a first segment with ":" when there is
    /// neither scheme nor authority (§4.2).
    pub(crate) fn write<S: Style>(&self, style: S, w: &mut Out<'_>) {
        let r = self.r;
        if let Some(s) = r.scheme {
            style.scheme(s, w);
            w.byte(b':');
        }
        if r.host.is_some() {
            w.push(b"//");
            if let Some(u) = r.userinfo {
                style.write(u, w);
                w.byte(b'@');
            }
            style.authority(r, w);
        }
        self.write_path(style, w);
        if let Some(q) = r.query {
            w.byte(b'?');
            style.query(q, w);
        }
        if let Some(f) = r.fragment {
            w.byte(b'#');
            style.write(f, w);
        }
    }

    /// The path, with dot-segments removed as `self.dots` says, after its prefix.
    fn write_path<S: Style>(&self, style: S, w: &mut Out<'_>) {
        let r = self.r;
        let p = PathPieces {
            head: self.head,
            tail: r.path,
        };
        let prefixes = Prefixes {
            no_authority: r.host.is_none(),
            relative_path: r.scheme.is_none() && r.host.is_none(),
            slash_if_empty: r.host.is_some() && style.slash_if_empty(r),
        };
        dot_segments::write_path(style, p, self.dots, w, prefixes);
    }
}

/// The components of a URI reference as bytes, for [`UriRef::from_parts`] and
/// [`UriRef::parts`]: `None` is an absent component, `Some(b"")` an empty one (RFC 3986
/// §5.3 tells them apart: `http://a/b?` has an empty query); the path is always there.
/// Each component is written as given, so the caller percent-encodes it (§2.1), and
/// `host` is a reg-name, an IPv4address or an IP-literal with its brackets (§3.2.2).
///
/// # Examples
///
/// ```
/// use cri::uri::Parts;
/// use cri::UriRef;
///
/// let p = UriRef::parse("http://a/b?")?.parts();
/// assert_eq!(p, Parts { scheme: Some(b"http"), host: Some(b"a"), path: b"/b", query: Some(b""), ..Parts::default() });
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parts<'a> {
    /// The scheme, without the `:` (§3.1).
    pub scheme: Option<&'a [u8]>,
    /// The userinfo, without the `@` (§3.2.1); only with a host.
    pub userinfo: Option<&'a [u8]>,
    /// The host (§3.2.2); `Some` means an authority is present.
    pub host: Option<&'a [u8]>,
    /// The port digits, without the `:` (§3.2.3); only with a host.
    pub port: Option<&'a [u8]>,
    /// The path (§3.3), possibly empty.
    pub path: &'a [u8],
    /// The query, without the `?` (§3.4).
    pub query: Option<&'a [u8]>,
    /// The fragment, without the `#` (§3.5).
    pub fragment: Option<&'a [u8]>,
}

impl<'a> UriRef<'a> {
    /// Builds a reference from its components, checked as [`recompose`] checks them: the
    /// result is what [`UriRef::parse`] gives for the recomposed text (RFC 3986 §5.3),
    /// host kind, zone id and port number included. Two paths need a prefix to reparse
    /// the same (docs/DECISIONS.md Decision 3), which [`recompose`] writes: a path starting
    /// with `//` without an authority (§3.3) gets `/.`, a first segment with `:` without
    /// scheme and authority (§4.2) gets `./`. The view keeps no input text, so
    /// [`UriRef::hostport`] is the host alone and [`UriRef::host_specific`] is empty
    /// without an authority and the path with one.
    ///
    /// # Errors
    ///
    /// [`Error::Parts`] if an authority is followed by a path that is not empty
    /// and does not start with `/` (§3.3), a userinfo or port is given without a host
    /// (§3.2), or a component is not what its rule (§3.1-§3.5) allows, so the text would
    /// split differently: an empty scheme, `#` in a query, `/` or `:` in a host, a port
    /// that is not digits or over 65535, a broken `%`, a space, a non-ASCII byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::uri::{self, Parts, UriRef};
    /// // RFC 3986 §3: the example URI, from its components.
    /// let r = UriRef::from_parts(Parts {
    ///     scheme: Some(b"foo"),
    ///     host: Some(b"example.com"),
    ///     port: Some(b"8042"),
    ///     path: b"/over/there",
    ///     query: Some(b"name=ferret"),
    ///     fragment: Some(b"nose"),
    ///     ..Parts::default()
    /// })?;
    /// assert_eq!(r.port_number(), Some(8042));
    /// let mut out = [0u8; 64];
    /// let n = uri::recompose(&r, &mut out)?;
    /// assert_eq!(&out[..n], b"foo://example.com:8042/over/there?name=ferret#nose");
    /// // §3.3: with an authority, the path is empty or starts with "/".
    /// let rootless = Parts { host: Some(b"a"), path: b"b", ..Parts::default() };
    /// assert_eq!(UriRef::from_parts(rootless), Err(cri::Error::Parts));
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn from_parts(p: Parts<'a>) -> Result<Self, Error> {
        let mut r = UriRef {
            scheme: p.scheme,
            userinfo: p.userinfo,
            host: p.host,
            port: p.port,
            path: p.path,
            query: p.query,
            fragment: p.fragment,
            ..UriRef::default()
        };
        if !check_parts(&mut r) {
            return Err(Error::Parts);
        }
        Ok(r)
    }

    /// The components as [`Parts`], which [`UriRef::from_parts`] takes: change one and
    /// build a new reference.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::uri::{self, Parts};
    /// use cri::UriRef;
    ///
    /// let r = UriRef::parse("coap://example.com/sensors?all")?;
    /// let moved = UriRef::from_parts(Parts { host: Some(b"[2001:db8::1]"), ..r.parts() })?;
    /// let mut out = [0u8; 64];
    /// let n = uri::recompose(&moved, &mut out)?;
    /// assert_eq!(&out[..n], b"coap://[2001:db8::1]/sensors?all");
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn parts(&self) -> Parts<'a> {
        Parts {
            scheme: self.scheme,
            userinfo: self.userinfo,
            host: self.host,
            port: self.port,
            path: self.path,
            query: self.query,
            fragment: self.fragment,
        }
    }
}

/// Checks the components of `r` as [`UriRef::from_parts`] does and sets what they imply:
/// the host kind and zone id (the host read as the parser reads it alone: a reg-name,
/// IPv4address or IP-literal, nothing after it) and the port number. In place:
/// `uri_recompose` fills a view on its own frame and checks it here, so that neither
/// parts nor view travel between frames (Decision 17). A flag, not a `Result`: it comes
/// back in a register, and the callers give [`Error::Parts`] for `false`.
///
/// Not inlined: its frame then sits beside the writer's chain, not above it.
#[inline(never)]
pub(crate) fn check_parts(r: &mut UriRef<'_>) -> bool {
    let misplaced = match r.host {
        Some(_) => !r.path.is_empty() && !is_rooted(r.path),
        None => r.userinfo.is_some() || r.port.is_some(),
    };
    if !host_alone(r) {
        return false;
    }
    r.port_number = r.port.and_then(port_number);
    let port_ok = r
        .port
        .is_none_or(|d| d.is_empty() || r.port_number.is_some());
    !misplaced && port_ok && texts_valid(r)
}

/// Recomposes a reference (RFC 3986 §5.3) into `out`; returns the length written. A path
/// that would start with "//" without an authority gets a "/." prefix, and a first
/// segment with ":" without scheme and authority a "./" prefix, so the output parses back
/// to the same components (docs/DECISIONS.md Decision 3). A strict parse or
/// [`UriRef::from_parts`] always gives a reference that recomposes; a lenient split
/// ([`UriRef::split_lenient`]) may not.
///
/// # Errors
///
/// [`Error::Parts`] for components that [`UriRef::from_parts`] refuses (an authority
/// followed by a path not starting with "/", a userinfo or port without a host, a
/// component its RFC 3986 §3.1-§3.5 rule does not allow); [`Error::Buffer`] with the
/// length needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::uri::{recompose, Parts};
/// use cri::UriRef;
///
/// // Without an authority, a path starting with "//" needs "/." (Decision 3).
/// let r = UriRef::from_parts(Parts { scheme: Some(b"s"), path: b"//x", ..Parts::default() })?;
/// let mut out = [0u8; 16];
/// let n = recompose(&r, &mut out)?;
/// assert_eq!(&out[..n], b"s:/.//x");
/// assert_eq!(UriRef::parse_bytes(&out[..n])?.path(), "/.//x");
/// # Ok::<(), cri::Error>(())
/// ```
pub fn recompose(r: &UriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    write_as_is(
        &UriRef::from_parts(r.parts())?,
        Plain { normalize: false },
        out,
    )
}

/// Writes a reference whose components [`check_parts`] accepted, as it is (`style` is plain
/// text in the build's style type, `iri::plain`).
pub(crate) fn write_as_is<S: Style>(
    r: &UriRef<'_>,
    style: S,
    out: &mut [u8],
) -> Result<usize, Error> {
    let mut w = Out::new(out);
    Composer::new(r).write(style, &mut w);
    w.finish()
}

/// Do scheme, userinfo, path, query and fragment match their rules (RFC 3986 §3.1,
/// §3.2.1, §3.3-§3.5), so that the recomposed text splits back at the same delimiters?
/// (Parts from a split always do; parts from callers may hold anything.)
fn texts_valid(p: &UriRef<'_>) -> bool {
    // A scan that stops only at the end (a broken triplet stops it with `BROKEN` set).
    let text = |c: Option<&[u8]>, mask| {
        c.is_none_or(|s| chars::scan_to(s, 0, mask, Ext::Ascii) == s.len())
    };
    // The parser's run of scheme characters, one copy for both (Decision 17).
    let scheme = p.scheme.is_none_or(|s| {
        s.first().is_some_and(u8::is_ascii_alphabetic) && chars::run_apart(s, 1, SCHEME) == s.len()
    });
    scheme
        && text(p.userinfo, USERINFO)
        && text(Some(p.path), PATH)
        && text(p.query, QUERY)
        && text(p.fragment, QUERY)
}
