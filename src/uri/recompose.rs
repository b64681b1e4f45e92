//! Recomposition of components into a URI reference (RFC 3986 §5.3), shared by
//! `recompose`, `resolve` and `normalize`.

use super::chars::{self, PATH, QUERY, SCHEME, USERINFO};
pub(crate) use super::dot_segments::AsIs;
use super::dot_segments::{self, is_rooted, Dots, PathPieces, SegWrite};
use super::parse::{host_alone, port_number, UriRef};
use crate::error::Error;
use crate::out::Out;

/// How the text of components is written: a type per style, so that each caller's
/// [`Composer::write`] is compiled with only its style's code (a firmware image that
/// recomposes or sends Proxy-Uri holds no normalization, IRI mapping or IPv6 writer).
/// Its [`SegWrite`] writes userinfo, path segments, fragment (and, unless overridden, the
/// host and query).
pub(crate) trait Style: SegWrite {
    /// The scheme.
    fn scheme(s: &[u8], w: &mut Out<'_>) {
        w.push(s);
    }
    /// A host written as text (a reg-name, IPv4address or IP-literal).
    fn host(h: &[u8], w: &mut Out<'_>) {
        Self::write(h, w);
    }
    /// An IPv6 address (its text, validated) in RFC 5952 form: only normalization builds
    /// [`Host::Ipv6`], so the other styles never get one and write nothing.
    fn ipv6(_addr: &[u8], _zone: Option<&[u8]>, _w: &mut Out<'_>) {}
    /// The query: an IRI's query may also hold `iprivate` (RFC 3987 §2.2).
    fn query(s: &[u8], w: &mut Out<'_>) {
        Self::write(s, w);
    }
}

/// As it is.
impl Style for AsIs {}

/// A host to write: as text, or an IPv6 address in RFC 5952 form (normalization).
#[derive(Clone, Copy)]
pub(crate) enum Host<'a> {
    Text(&'a [u8]),
    /// `addr` is the address text (valid, without brackets and zone id): it is parsed
    /// where it is written or compared, as carrying its 16 bytes would copy them through
    /// `memcpy` with every `Composer`.
    Ipv6 {
        addr: &'a [u8],
        zone: Option<&'a [u8]>,
    },
}

/// Components of a target URI and how to write them.
#[derive(Clone, Copy, Default)]
pub(crate) struct Composer<'a> {
    pub(crate) scheme: Option<&'a [u8]>,
    pub(crate) userinfo: Option<&'a [u8]>,
    /// `Some` means an authority is present.
    pub(crate) host: Option<Host<'a>>,
    pub(crate) port: Option<&'a [u8]>,
    pub(crate) path: PathPieces<'a>,
    /// `Some`: remove dot-segments from the path; `None`: write it as it is.
    pub(crate) dots: Option<Dots>,
    pub(crate) query: Option<&'a [u8]>,
    pub(crate) fragment: Option<&'a [u8]>,
    /// Write "/" for an empty path after an authority (§6.2.3, for http-like schemes).
    pub(crate) slash_if_empty: bool,
}

/// How the written path starts, which decides the prefixes of Decision 3 and §4.2.
#[derive(Default)]
struct PathStart {
    empty: bool,
    double_slash: bool,
    first_segment_colon: bool,
}

impl<'a> Composer<'a> {
    /// The components of a split reference, written as they are.
    pub(crate) fn from_ref(r: &UriRef<'a>) -> Self {
        Composer {
            scheme: r.scheme,
            userinfo: r.userinfo,
            host: r.host.map(Host::Text),
            port: r.port,
            path: PathPieces::new(r.path),
            dots: None,
            query: r.query,
            fragment: r.fragment,
            slash_if_empty: false,
        }
    }

    /// The dot handling that applies: `None` when there is none or nothing to remove.
    fn effective_dots(&self) -> Option<Dots> {
        self.dots.filter(|&d| dot_segments::has_dots(self.path, d))
    }

    /// How the path starts once `dots` are removed; `dots` is `None` unless `DOTS`, which
    /// keeps dot-segment code out of the writer without dots.
    fn path_start(&self, dots: Option<Dots>) -> PathStart {
        match dots {
            Some(dots) => {
                let (first, second) = dot_segments::first_chunks(self.path, dots);
                PathStart {
                    empty: first.is_none(),
                    double_slash: first.is_some_and(|c| c.slash && c.seg.is_empty())
                        && second.is_some(),
                    first_segment_colon: first.is_some_and(|c| !c.slash && has_colon(c.seg)),
                }
            }
            None => {
                let p = self.path;
                let whole_first = if p.head.is_empty() { p.tail } else { p.head };
                let first_seg = whole_first.split(|&b| b == b'/').next().unwrap_or(&[]);
                PathStart {
                    empty: p.head.is_empty() && p.tail.is_empty(),
                    double_slash: matches!(whole_first, [b'/', b'/', ..])
                        || (matches!(p.head, [b'/']) && is_rooted(p.tail)),
                    first_segment_colon: !is_rooted(whole_first) && has_colon(first_seg),
                }
            }
        }
    }

    /// Writes the reference (§5.3), with its dot-segments removed as `self.dots` says.
    pub(crate) fn write<S: Style>(&self, w: &mut Out<'_>) {
        self.write_with::<S>(w);
    }

    /// Writes the reference (§5.3) with the prefixes that keep it reparsing to the same
    /// components: "/." before a path starting with "//" when there is no authority
    /// (docs/DECISIONS.md Decision 3), "./" before a first segment with ":" when there is neither
    /// scheme nor authority (§4.2).
    fn write_with<S: Style>(&self, w: &mut Out<'_>) {
        if let Some(s) = self.scheme {
            S::scheme(s, w);
            w.byte(b':');
        }
        if let Some(host) = self.host {
            w.push(b"//");
            if let Some(u) = self.userinfo {
                S::write(u, w);
                w.byte(b'@');
            }
            match host {
                Host::Text(h) => S::host(h, w),
                Host::Ipv6 { addr, zone } => S::ipv6(addr, zone, w),
            }
            if let Some(p) = self.port {
                w.byte(b':');
                w.push(p);
            }
        }
        self.write_path::<S>(w);
        if let Some(q) = self.query {
            w.byte(b'?');
            S::query(q, w);
        }
        if let Some(f) = self.fragment {
            w.byte(b'#');
            S::write(f, w);
        }
    }

    /// The path, with dot-segments removed as `self.dots` says.
    fn write_path<S: SegWrite>(&self, w: &mut Out<'_>) {
        let dots = self.effective_dots();
        // With an authority, only an empty path that gets a "/" needs to know how the
        // path starts: finding out costs a pass over the segments when there are dots.
        let start = if self.host.is_none() || self.slash_if_empty {
            self.path_start(dots)
        } else {
            PathStart::default()
        };
        if self.host.is_none() && start.double_slash {
            w.push(b"/.");
        }
        if self.scheme.is_none() && self.host.is_none() && start.first_segment_colon {
            w.push(b"./");
        }
        if start.empty && self.slash_if_empty && self.host.is_some() {
            w.byte(b'/');
        }
        match dots {
            Some(dots) => dot_segments::write_dotted::<S>(self.path, dots, w),
            None => {
                S::write(self.path.head, w);
                S::write(self.path.tail, w);
            }
        }
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
        let mut r = UriRef::default();
        r.fill_from_parts(&p)?;
        Ok(r)
    }

    /// [`UriRef::from_parts`] into `self`: the C function fills a view on its own frame,
    /// so that neither the parts nor the view travel by value (Decision 17). After an
    /// error `self` is unchanged.
    pub(crate) fn fill_from_parts(&mut self, p: &Parts<'a>) -> Result<(), Error> {
        let misplaced = match p.host {
            Some(_) => !p.path.is_empty() && !is_rooted(p.path),
            None => p.userinfo.is_some() || p.port.is_some(),
        };
        // The host as the parser reads it alone (a reg-name, IPv4address or IP-literal,
        // nothing after it), which also gives its kind and zone id.
        let (host_kind, zone_id) = match p.host {
            Some(h) => host_alone(h).ok_or(Error::Parts)?,
            None => (None, None),
        };
        let port_number = p.port.and_then(port_number);
        let port_ok = p.port.is_none_or(|d| d.is_empty() || port_number.is_some());
        if misplaced || !port_ok || !texts_valid(p) {
            return Err(Error::Parts);
        }
        // Field by field: a struct literal assigned whole is built aside and copied.
        self.input = &[];
        (self.scheme, self.userinfo, self.host) = (p.scheme, p.userinfo, p.host);
        (self.port, self.path, self.query) = (p.port, p.path, p.query);
        (self.fragment, self.host_kind, self.zone_id) = (p.fragment, host_kind, zone_id);
        self.port_number = port_number;
        Ok(())
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

/// Does `s` hold a ":"? A loop, not `contains`: for bytes that calls
/// `core::slice::memchr`, which the RFC 3986 profile needs nowhere else (Decision 17: no
/// `mem*` calls).
#[allow(clippy::manual_contains)]
fn has_colon(s: &[u8]) -> bool {
    s.iter().any(|&b| b == b':')
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
    write_as_is(&UriRef::from_parts(r.parts())?, out)
}

/// Writes a reference that [`UriRef::from_parts`] accepted, as it is: `uri_recompose`
/// checks its parts once, through `from_parts`, and writes with this.
pub(crate) fn write_as_is(r: &UriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    let mut w = Out::new(out);
    Composer::from_ref(r).write::<AsIs>(&mut w);
    w.finish()
}

/// Do scheme, userinfo, path, query and fragment match their rules (RFC 3986 §3.1,
/// §3.2.1, §3.3-§3.5), so that the recomposed text splits back at the same delimiters?
/// (Parts from a split always do; parts from callers may hold anything.)
fn texts_valid(p: &Parts<'_>) -> bool {
    let text = |c: Option<&[u8]>, mask| c.is_none_or(|s| chars::check(s, mask).is_ok());
    let scheme = p.scheme.is_none_or(|s| {
        s.first().is_some_and(u8::is_ascii_alphabetic) && s.iter().all(|&b| chars::is(b, SCHEME))
    });
    scheme
        && text(p.userinfo, USERINFO)
        && text(Some(p.path), PATH)
        && text(p.query, QUERY)
        && text(p.fragment, QUERY)
}
