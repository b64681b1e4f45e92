//! Splitting a URI reference into its components (RFC 3986 §3, §4.1, Appendix B).

use super::chars::{
    self, Ext, HEX, IPVFUTURE, PATH, QUERY, REG_NAME, SCHEME, UNRESERVED, USERINFO,
};
use super::ip;
use crate::error::Error;

/// What kind of host an authority names (RFC 3986 §3.2.2). The discriminants are the C
/// API's `URI_HOST_*` values, so `uri_split` stores the kind without a lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum HostKind {
    /// A registered name (possibly empty, as in `file:///`).
    RegName = 1,
    /// An IPv4address in dotted-decimal form.
    Ipv4,
    /// An IP-literal holding an IPv6address (optionally with an RFC 6874 zone id).
    Ipv6,
    /// An IP-literal holding an IPvFuture.
    IpvFuture,
}

/// A URI reference split into its components, borrowing the input (zero-copy).
///
/// `None` means the component is *absent*; `Some(b"")` means it is present and *empty*
/// (`http://a/b?` has an empty query, `http://a/b` has none). The path is always present.
/// `host` keeps the brackets of an IP-literal; `zone_id` is the zone id after `%25` inside
/// them (RFC 6874), as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct UriRef<'a> {
    /// The whole reference the components were split from (empty when built from parts).
    pub(crate) input: &'a [u8],
    pub(crate) scheme: Option<&'a [u8]>,
    pub(crate) userinfo: Option<&'a [u8]>,
    pub(crate) host: Option<&'a [u8]>,
    pub(crate) port: Option<&'a [u8]>,
    pub(crate) path: &'a [u8],
    pub(crate) query: Option<&'a [u8]>,
    pub(crate) fragment: Option<&'a [u8]>,
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) zone_id: Option<&'a [u8]>,
    pub(crate) port_number: Option<u16>,
}

fn text(b: &[u8]) -> &str {
    // Components of a strictly parsed reference are ASCII; lenient splits cut only at ASCII
    // delimiters, so a component is valid UTF-8 whenever the input is.
    chars::utf8_str(b).unwrap_or("")
}

impl<'a> UriRef<'a> {
    /// Parses a URI reference strictly against the grammar of RFC 3986 §4.1.
    ///
    /// # Errors
    ///
    /// [`Error::Syntax`] / [`Error::Percent`] with the offset of the first bad byte;
    /// [`Error::PortRange`] (at the port's first digit) for a port over 65535, reported
    /// only when the rest of the reference is valid.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::{Error, UriRef};
    ///
    /// let r = UriRef::parse("coap://[fe80::1%25eth0]:5683/a?b")?;
    /// assert_eq!((r.zone_id(), r.port_number(), r.query()), (Some("eth0"), Some(5683), Some("b")));
    /// assert_eq!(UriRef::parse("http://a b/"), Err(Error::Syntax { offset: 8 }));
    /// assert_eq!(UriRef::parse("/%zz"), Err(Error::Percent { offset: 2 }));
    /// assert_eq!(UriRef::parse("//h:65536/"), Err(Error::PortRange { offset: 4 }));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn parse(s: &'a str) -> Result<Self, Error> {
        parse_strict::<false>(s.as_bytes())
    }

    /// Like [`UriRef::parse`] on bytes.
    ///
    /// # Errors
    ///
    /// As [`UriRef::parse`]; a byte outside ASCII is an [`Error::Syntax`] at its offset.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::{Error, UriRef};
    ///
    /// assert_eq!(UriRef::parse_bytes(b"/a")?.path(), "/a");
    /// assert_eq!(UriRef::parse_bytes(b"/\xff"), Err(Error::Syntax { offset: 1 }));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn parse_bytes(s: &'a [u8]) -> Result<Self, Error> {
        parse_strict::<false>(s)
    }

    /// Parses an IRI reference strictly (RFC 3987 §2.2): the URI grammar plus `ucschar`
    /// in userinfo, reg-name, path, query and fragment and `iprivate` in the query.
    ///
    /// # Errors
    ///
    /// As [`UriRef::parse`]; a character outside those sets (or a bidirectional
    /// formatting character, Decision 19) is an [`Error::Syntax`] at its first byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse_iri("http://例え.jp/パス")?.host(), Some("例え.jp"));
    /// assert!(UriRef::parse("http://例え.jp/").is_err());
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn parse_iri(s: &'a str) -> Result<Self, Error> {
        parse_strict::<true>(s.as_bytes())
    }

    /// Like [`UriRef::parse_iri`] on bytes.
    ///
    /// # Errors
    ///
    /// As [`UriRef::parse_iri`]; invalid UTF-8 is an [`Error::Syntax`] at its first byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::{Error, UriRef};
    ///
    /// assert_eq!(UriRef::parse_iri_bytes(b"/\xc3"), Err(Error::Syntax { offset: 1 }));
    /// ```
    pub fn parse_iri_bytes(s: &'a [u8]) -> Result<Self, Error> {
        parse_strict::<true>(s)
    }

    /// Splits any byte string by the regular expression of RFC 3986 Appendix B, never
    /// failing (for logs and other text that may not be a valid URI). The authority is
    /// split at its last `@` and at the last `:` outside `[ ]`; `port_number` is set only
    /// when the port is all digits and at most 65535. Nothing is validated, so the host
    /// kind tells the host's shape, not that it is a valid address: a host in `[ ]` is
    /// [`HostKind::IpvFuture`] when a `v` or `V` follows the `[`, else [`HostKind::Ipv6`] (`[zz]`
    /// too); [`HostKind::Ipv4`] is a valid dotted-decimal address.
    ///
    /// The components borrow the input. The accessors return text: a component that is
    /// not UTF-8 (possible only here, as the strict parsers accept no such input) reads
    /// as `""`, so check [`core::str::from_utf8`] on the input first where that matters.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// let r = UriRef::split_lenient(b"http://a b@h:80/x y?q#f");
    /// assert_eq!((r.scheme(), r.userinfo(), r.host()), (Some("http"), Some("a b"), Some("h")));
    /// assert_eq!((r.port_number(), r.path(), r.query()), (Some(80), "/x y", Some("q")));
    /// // Not UTF-8: the component is there, its text is "".
    /// assert_eq!(UriRef::split_lenient(b"/\xff").path(), "");
    /// // The host kind is the host's shape.
    /// let kind = UriRef::split_lenient(b"http://[zz]/").host_kind();
    /// assert_eq!(kind, Some(cri::uri::HostKind::Ipv6));
    /// ```
    pub fn split_lenient(s: &'a [u8]) -> Self {
        let mut r = UriRef::default();
        split_lenient(s, &mut r);
        r
    }

    /// The scheme, without the `:`, as written (not lowercased).
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("CoAP://h/")?.scheme(), Some("CoAP"));
    /// assert_eq!(UriRef::parse("//h/")?.scheme(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        self.scheme.map(text)
    }
    /// The userinfo, without the `@`.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("ftp://anon:x@h/")?.userinfo(), Some("anon:x"));
    /// assert_eq!(UriRef::parse("ftp://@h/")?.userinfo(), Some(""));
    /// assert_eq!(UriRef::parse("ftp://h/")?.userinfo(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn userinfo(&self) -> Option<&'a str> {
        self.userinfo.map(text)
    }
    /// The host as written (brackets included for an IP-literal); `Some("")` for an empty
    /// host (`file:///`), `None` when there is no authority.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("coap://[::1]:5683/")?.host(), Some("[::1]"));
    /// assert_eq!(UriRef::parse("file:///etc")?.host(), Some(""));
    /// assert_eq!(UriRef::parse("urn:x")?.host(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        self.host.map(text)
    }
    /// The port as written, without the `:`; `Some("")` for `http://a:/`.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("coap://h:05683/")?.port(), Some("05683"));
    /// assert_eq!(UriRef::parse("http://a:/")?.port(), Some(""));
    /// assert_eq!(UriRef::parse("http://a/")?.port(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        self.port.map(text)
    }
    /// The path (always present, possibly empty), as written (not percent-decoded).
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("coap://h/a/../b%20c")?.path(), "/a/../b%20c");
    /// assert_eq!(UriRef::parse("coap://h")?.path(), "");
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn path(&self) -> &'a str {
        text(self.path)
    }
    /// The query, without the `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("/a?b=1&c")?.query(), Some("b=1&c"));
    /// assert_eq!(UriRef::parse("/a?")?.query(), Some(""));
    /// assert_eq!(UriRef::parse("/a")?.query(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.query.map(text)
    }
    /// The fragment, without the `#`.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("/a#top")?.fragment(), Some("top"));
    /// assert_eq!(UriRef::parse("/a")?.fragment(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment.map(text)
    }
    /// The kind of host, `None` without an authority.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::uri::{HostKind, UriRef};
    ///
    /// assert_eq!(UriRef::parse("coap://192.0.2.1/")?.host_kind(), Some(HostKind::Ipv4));
    /// assert_eq!(UriRef::parse("coap://[v1.x]/")?.host_kind(), Some(HostKind::IpvFuture));
    /// assert_eq!(UriRef::parse("coap://192.0.2.300/")?.host_kind(), Some(HostKind::RegName));
    /// assert_eq!(UriRef::parse("/a")?.host_kind(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.host_kind
    }
    /// The RFC 6874 zone id (after `%25`) of an IPv6 literal, as written.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// let r = UriRef::parse("coap://[fe80::1%25en%301]/")?;
    /// assert_eq!((r.host(), r.zone_id()), (Some("[fe80::1%25en%301]"), Some("en%301")));
    /// assert_eq!(UriRef::parse("coap://[fe80::1]/")?.zone_id(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn zone_id(&self) -> Option<&'a str> {
        self.zone_id.map(text)
    }
    /// The port as a number, `None` when absent or empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("coap://h:05683/")?.port_number(), Some(5683));
    /// assert_eq!(UriRef::parse("coap://h:/")?.port_number(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn port_number(&self) -> Option<u16> {
        self.port_number
    }
    /// `<hostport>` of the HTML5 URL terms: the host, and `:port` when there is
    /// a scheme and a port that differs from the scheme's default (or the default is not
    /// known). `None` without an authority.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("coap://h:5683/a")?.hostport(), Some("h"));
    /// assert_eq!(UriRef::parse("coap://h:61616/a")?.hostport(), Some("h:61616"));
    /// assert_eq!(UriRef::parse("/a")?.hostport(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn hostport(&self) -> Option<&'a str> {
        let host = self.host?;
        let span = match self.port.filter(|_| self.shows_port()) {
            Some(port) => self.input_range(host, port).unwrap_or(host),
            None => host,
        };
        Some(text(span))
    }

    /// Does [`UriRef::hostport`] show the port? Only with a scheme and a port number that
    /// differs from the scheme's default port (or whose default is not known).
    pub(crate) fn shows_port(&self) -> bool {
        match (self.scheme, self.port_number) {
            (Some(s), Some(p)) => super::scheme::default_port(s) != Some(p),
            _ => false,
        }
    }

    /// `<host-specific>` of the HTML5 URL terms: what follows the authority, or the whole
    /// reference when there is none.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("coap://h:1/a?q#f")?.host_specific(), "/a?q#f");
    /// assert_eq!(UriRef::parse("urn:x")?.host_specific(), "urn:x");
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn host_specific(&self) -> &'a str {
        if self.host.is_none() {
            return text(self.input);
        }
        let start = (self.path.as_ptr() as usize).saturating_sub(self.input.as_ptr() as usize);
        text(self.input.get(start..).unwrap_or(self.path))
    }

    /// The stretch of the input from the start of `first` to the end of `last`.
    fn input_range(&self, first: &[u8], last: &[u8]) -> Option<&'a [u8]> {
        let base = self.input.as_ptr() as usize;
        let start = (first.as_ptr() as usize).checked_sub(base)?;
        let end = (last.as_ptr() as usize)
            .checked_sub(base)?
            .checked_add(last.len())?;
        self.input.get(start..end)
    }

    /// True when an authority (`//…`) is present, even an empty one.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert!(UriRef::parse("file:///etc")?.has_authority());
    /// assert!(!UriRef::parse("mailto:a@b")?.has_authority());
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn has_authority(&self) -> bool {
        self.host.is_some()
    }
    /// True for a URI reference with a scheme (it may still have a fragment).
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::UriRef;
    ///
    /// assert!(UriRef::parse("coap://h/a#f")?.is_absolute());
    /// assert!(!UriRef::parse("//h/a")?.is_absolute());
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn is_absolute(&self) -> bool {
        self.scheme.is_some()
    }
}

/// Offsets are relative to a sub-slice; this adds the sub-slice's start.
pub(crate) fn at(base: usize, e: Error) -> Error {
    match e {
        Error::Syntax { offset } => Error::Syntax {
            offset: base.saturating_add(offset),
        },
        Error::Percent { offset } => Error::Percent {
            offset: base.saturating_add(offset),
        },
        Error::PortRange { offset } => Error::PortRange {
            offset: base.saturating_add(offset),
        },
        other => other,
    }
}

/// An error of the strict parser: the offset of the bad byte, with [`PERCENT`] set for a
/// broken percent-encoding. One word, so that the parser's `Result<usize, ParseError>` is
/// a pair of words that comes back in registers; a two-variant error made it a value
/// returned through a slot on every caller's frame (and an [`Error`] is three words),
/// which on Cortex-M0 put `uri_split` over its stack budget (Decision 17: no large values
/// returned through the stack).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ParseError(usize);

/// [`ParseError`]'s mark of a broken percent-encoding: offsets are below `isize::MAX`.
const PERCENT: usize = chars::BROKEN;

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Self {
        let offset = e.0 & !PERCENT;
        if e.0 & PERCENT != 0 {
            Error::Percent { offset }
        } else {
            Error::Syntax { offset }
        }
    }
}

impl ParseError {
    /// The offset of the bad byte, and whether it breaks a percent-encoding (else it is a
    /// syntax error): what a C error sink stores, without an [`Error`] in between.
    pub(crate) fn parts(self) -> (usize, bool) {
        (self.0 & !PERCENT, self.0 & PERCENT != 0)
    }
}

fn syntax(offset: usize) -> ParseError {
    debug_assert!(offset & PERCENT == 0, "an offset into a slice");
    ParseError(offset)
}

/// `s[start..end]`, a component of the strict parser (`None` out of bounds, which the
/// parser's indices never are). Shared on bare metal, inlined on hosts (Decision 17).
#[cfg_attr(any(target_os = "none", cri_firmware_paths), inline(never))]
#[cfg_attr(not(any(target_os = "none", cri_firmware_paths)), inline(always))]
fn part(s: &[u8], start: usize, end: usize) -> Option<&[u8]> {
    s.get(start..end)
}

/// [`chars::scan`] with a [`ParseError`]: the scan's mark of a broken triplet is
/// [`PERCENT`], so its word is the error as it is.
#[inline(always)]
fn scan(s: &[u8], i: usize, mask: u8, ext: Ext) -> Result<usize, ParseError> {
    match chars::scan_to(s, i, mask, ext) {
        end if end & PERCENT != 0 => Err(ParseError(end)),
        end => Ok(end),
    }
}

// The grammar a reference is parsed against: RFC 3986 `URI-reference` (`iri` false) or
// RFC 3987 `IRI-reference` (the same rules, plus `ucschar` in userinfo, reg-name, path,
// query and fragment, and `iprivate` in the query). It is a const generic `IRI` of the
// parser's entry points; the body ([`reference`]) takes it as a value, one copy for both
// grammars on bare metal (Decision 17: no twin monomorphizations), and a build without
// the `iri` feature holds no IRI code.

/// The non-ASCII characters a component other than the query allows.
const fn ext(iri: bool) -> Ext {
    if cfg!(feature = "iri") && iri {
        Ext::Ucs
    } else {
        Ext::Ascii
    }
}

/// The non-ASCII characters the query allows.
const fn query_ext(iri: bool) -> Ext {
    if cfg!(feature = "iri") && iri {
        Ext::UcsPrivate
    } else {
        Ext::Ascii
    }
}

/// Length of a scheme at the start of `s` when `s` starts with `scheme ":"`.
fn scheme_len(s: &[u8]) -> Option<usize> {
    if !s.first()?.is_ascii_alphabetic() {
        return None;
    }
    let n = chars::run_apart(s, 1, SCHEME);
    (s.get(n) == Some(&b':')).then_some(n)
}

/// Index of the first byte in `s` that is one of `stops`, or `s.len()`.
pub(crate) fn find_any(s: &[u8], stops: &[u8]) -> usize {
    // `any` rather than `contains`, which calls memchr.
    s.iter()
        .position(|b| stops.iter().any(|c| c == b))
        .unwrap_or(s.len())
}

/// The byte at `i` must end a component: the end of input or a byte `ends` takes (a
/// `matches!` of the delimiters: a loop over an array of them keeps it on the frame,
/// `<[u8]>::contains` calls memchr, and at opt-level "z" `Iterator::any` stays a function
/// call).
#[inline(always)]
fn expect_end(s: &[u8], i: usize, ends: impl Fn(u8) -> bool) -> Result<(), ParseError> {
    match s.get(i) {
        Some(&b) if !ends(b) => Err(syntax(i)),
        _ => Ok(()),
    }
}

fn parse_strict<const IRI: bool>(s: &[u8]) -> Result<UriRef<'_>, Error> {
    let mut r = UriRef::default();
    parse_into::<IRI>(s, &mut r)?;
    Ok(r)
}

/// [`UriRef::parse_bytes`] (or, with `IRI`, [`UriRef::parse_iri_bytes`]) into `r`, which
/// is [`UriRef::default`]: the C
/// functions parse into a view on their own frame, so the view is not copied out of a
/// `Result` (a `memcpy` and a second frame per call). Inlined: it is a port check after one
/// call, and a frame of its own would sit on `uri_resolve`'s deepest chain.
#[inline(always)]
pub(crate) fn parse_into<'a, const IRI: bool>(
    s: &'a [u8],
    r: &mut UriRef<'a>,
) -> Result<(), Error> {
    parse_components::<IRI>(s, r)?;
    match r.port_error(s) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// [`parse_into`] that also keeps the host's address bytes in `a`, as the parser reads
/// them to validate the host ([`settle_host_reading`]): 4 for an IPv4address, 16 for an
/// IP-literal's IPv6address (`r.host_kind` tells which), for URI → CRI.
#[inline(always)]
pub(crate) fn parse_reading_address<'a, const IRI: bool>(
    s: &'a [u8],
    r: &mut UriRef<'a>,
    a: &mut [u8; 16],
) -> Result<(), Error> {
    let parsed = parse_reference::<IRI>(s, r);
    settle_host_reading(s, r, parsed, a)?;
    match r.port_error(s) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Parses strictly into `r` (a [`UriRef::default`]) but leaves the port's range unchecked ([`UriRef::port_error`]
/// checks it): `uri_split` fills its parts from this result on [`Error::PortRange`]
/// instead of splitting a second time (the lenient splitter stays out of strict-only
/// images). `r` is an out-parameter rather than the return value so that the 80-byte
/// view is written in place, not copied out through `memcpy`. Inlined: two calls, so that
/// the host's address is read in a frame beside the parser's, not under it (Decision 17,
/// stack on Cortex-M0).
#[inline(always)]
pub(crate) fn parse_components<'a, const IRI: bool>(
    s: &'a [u8],
    r: &mut UriRef<'a>,
) -> Result<(), ParseError> {
    let parsed = parse_reference::<IRI>(s, r);
    settle_host(s, r, parsed)
}

/// [`parse_components`] but for the host's address ([`settle_host`]): [`reference`] of
/// the grammar `IRI`, a copy of its own for each grammar on hosts, where the character
/// classes are then fixed at compile time.
#[cfg_attr(any(target_os = "none", cri_firmware_paths), inline(always))]
#[cfg_attr(not(any(target_os = "none", cri_firmware_paths)), inline(never))]
fn parse_reference<'a, const IRI: bool>(s: &'a [u8], r: &mut UriRef<'a>) -> Result<(), ParseError> {
    reference(s, r, IRI)
}

/// The body of [`parse_reference`], of the grammar `iri`: one copy for URIs and IRIs on
/// bare metal (Decision 17).
#[cfg_attr(any(target_os = "none", cri_firmware_paths), inline(never))]
#[cfg_attr(not(any(target_os = "none", cri_firmware_paths)), inline(always))]
fn reference<'a>(s: &'a [u8], r: &mut UriRef<'a>, iri: bool) -> Result<(), ParseError> {
    // One forward pass over the reference (RFC 3986 §4.1, or RFC 3987 §2.2): every byte is
    // classified once, by the component it belongs to. Into a fresh view: only what is
    // found is set (every caller makes one on its frame, so it is not cleared twice).
    debug_assert!(*r == UriRef::default(), "a fresh view");
    r.input = s;
    let mut i = 0usize;
    if let Some(n) = scheme_len(s) {
        r.scheme = part(s, 0, n);
        // Index steps over bytes just read: below `s.len()`, so they cannot wrap
        // (Decision 17).
        i = n.wrapping_add(1);
    }
    // Byte by byte: comparing slices calls memcmp.
    if s.get(i) == Some(&b'/') && s.get(i.wrapping_add(1)) == Some(&b'/') {
        // A call of each grammar's authority parser, not one body with the grammar as a
        // value: inlined here, the IRI one is no frame of its own under this one (stack
        // on Cortex-M0, Decision 17).
        let start = i.wrapping_add(2);
        i = if iri {
            parse_authority::<true>(s, start, r)?
        } else {
            parse_authority::<false>(s, start, r)?
        };
    }
    let path_start = i;
    i = scan(s, i, PATH, ext(iri))?;
    expect_end(s, i, |b| matches!(b, b'?' | b'#'))?;
    r.path = part(s, path_start, i).unwrap_or(&[]);
    if r.scheme.is_none() && r.host.is_none() {
        // path-noscheme (§4.2): no ":" in the first segment of a relative-path reference.
        let mut first = r.path.iter().take_while(|&&b| b != b'/');
        if let Some(colon) = first.position(|&b| b == b':') {
            return Err(syntax(path_start.wrapping_add(colon)));
        }
    }
    if s.get(i) == Some(&b'?') {
        let start = i.wrapping_add(1);
        i = scan(s, start, QUERY, query_ext(iri))?;
        r.query = part(s, start, i);
    }
    if s.get(i) == Some(&b'#') {
        let start = i.wrapping_add(1);
        i = scan(s, start, QUERY, ext(iri))?;
        r.fragment = part(s, start, i);
    }
    // A query ends at "#" or the end, a fragment at the end: what stopped either scan
    // and is not the "#" of a fragment is an error here.
    expect_end(s, i, |_| false)
}

impl UriRef<'_> {
    /// [`Error::PortRange`] (offset into `s`, the input) when the port is digits over 65535.
    pub(crate) fn port_error(&self, s: &[u8]) -> Option<Error> {
        self.port_range_at(s)
            .map(|offset| Error::PortRange { offset })
    }

    /// The offset into `s` (the input) of a port of digits over 65535, if there is one.
    #[inline(always)]
    pub(crate) fn port_range_at(&self, s: &[u8]) -> Option<usize> {
        match self.port {
            Some(p) if !p.is_empty() && self.port_number.is_none() => {
                Some((p.as_ptr() as usize).saturating_sub(s.as_ptr() as usize))
            }
            _ => None,
        }
    }
}

/// Parses `s` as an authority alone into `r` (RFC 9112 authority-form builds on it); a
/// port over 65535 is reported after the whole authority was checked.
pub(crate) fn parse_authority_into<'a>(s: &'a [u8], r: &mut UriRef<'a>) -> Result<(), Error> {
    authority_alone(s, r)?;
    match r.port_error(s) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Is the host of `r` a host as the parser reads it alone: a reg-name, an IPv4address or
/// an IP-literal (RFC 3986 §3.2.2) with no userinfo, port or anything after it?
/// ([`UriRef::from_parts`] checks a caller's host with it.) Read into `r` itself, which
/// then has its host kind and zone id, its other components as they were (a second view
/// would be zero-filled on this frame, Decision 17); when it is not, `r` is left as the
/// parser left it, for the caller to drop.
pub(crate) fn host_alone(r: &mut UriRef<'_>) -> bool {
    let Some(h) = r.host else {
        return true;
    };
    (r.host_kind, r.zone_id) = (None, None);
    // The host the parser reads is a part of `h` that starts after a userinfo's "@" and
    // ends before a port's ":": all of `h` by length only when it read neither, and then
    // it set no other component.
    authority_alone(h, r).is_ok() && r.host.is_some_and(|x| x.len() == h.len())
}

/// Parses all of `s` as an authority into `r` (inlined: a call and an end check).
#[inline(always)]
fn authority_alone<'a>(s: &'a [u8], r: &mut UriRef<'a>) -> Result<(), ParseError> {
    let parsed = parse_authority::<false>(s, 0, r).and_then(|end| expect_end(s, end, |_| false));
    settle_host(s, r, parsed)
}

/// authority = [ userinfo "@" ] host [ ":" port ] (§3.2), starting at `s[start]`;
/// returns where the authority ends. A name host is left a reg-name: the caller settles
/// whether it is an IPv4address, and checks an IP-literal's IPv6address ([`settle_host`]).
fn parse_authority<'a, const IRI: bool>(
    s: &'a [u8],
    start: usize,
    r: &mut UriRef<'a>,
) -> Result<usize, ParseError> {
    // Userinfo characters are reg-name characters and ":": a scan as userinfo runs to the
    // "@" of a userinfo or over the host and the port, and a bad triplet stops it at the
    // byte that would stop the scan of the host. The host is then scanned from its start
    // (after the "@"), which a scan before it already found valid up to its end.
    let ext = ext(IRI);
    let mut host_start = start;
    let u_end = scan(s, start, USERINFO, ext)?;
    if s.get(u_end) == Some(&b'@') {
        r.userinfo = part(s, start, u_end);
        host_start = u_end.wrapping_add(1);
    }
    let host_end = if s.get(host_start) == Some(&b'[') {
        parse_ip_literal(s, host_start, r)?
    } else {
        // A reg-name until the caller's [`settle_host`] finds an IPv4address.
        r.host_kind = Some(HostKind::RegName);
        scan(s, host_start, REG_NAME, ext)?
    };
    r.host = part(s, host_start, host_end);
    let mut i = host_end;
    if s.get(i) == Some(&b':') {
        // port = *DIGIT (§3.2.3), its value taken in the same walk as [`port_number`]
        // takes it (held at most 0x10000 before each step, so it cannot overflow).
        let port_start = i.wrapping_add(1);
        let mut v = 0u32;
        i = port_start;
        while let Some(&b) = s.get(i) {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            v = v.min(0x1_0000).wrapping_mul(10).wrapping_add(u32::from(d));
            i = i.wrapping_add(1);
        }
        r.port = part(s, port_start, i);
        r.port_number = u16::try_from(v).ok().filter(|_| i != port_start);
    }
    expect_end(s, i, |b| matches!(b, b'/' | b'?' | b'#'))?;
    Ok(i)
}

/// Settles the host [`parse_authority`] left in `r` (RFC 3986 §3.2.2) once the reference
/// or authority was `parsed`, whatever the outcome: a reg-name that is an IPv4address is
/// one (the IPv4address rule wins; only a name that starts with a digit can be one), and
/// an IP-literal's IPv6address must be valid, else the error is at its first byte. Every
/// other error after the authority's start lies further on, so an invalid address is still
/// the error reported; an error before the host leaves no host kind. Not under the
/// parser's frame: the address reader's frame is then beside it (Decision 17, stack on
/// Cortex-M0). Not inlined: one copy for every caller.
#[inline(never)]
fn settle_host(
    s: &[u8],
    r: &mut UriRef<'_>,
    parsed: Result<(), ParseError>,
) -> Result<(), ParseError> {
    settle(s, r, parsed, &mut [])
}

/// [`settle_host`] that keeps the address it reads: the bytes of an IPv4address (4) or of
/// an IP-literal's IPv6address (16) go into `a`, for the one caller that converts the
/// address (URI → CRI), which then does not read it a second time. A copy of its own, so
/// that the images without that caller keep [`settle_host`] as it is.
#[inline(never)]
fn settle_host_reading(
    s: &[u8],
    r: &mut UriRef<'_>,
    parsed: Result<(), ParseError>,
    a: &mut [u8; 16],
) -> Result<(), ParseError> {
    settle(s, r, parsed, a)
}

/// The body of [`settle_host`], with room `a` for the address bytes (empty: none kept).
#[inline(always)]
fn settle(
    s: &[u8],
    r: &mut UriRef<'_>,
    parsed: Result<(), ParseError>,
    a: &mut [u8],
) -> Result<(), ParseError> {
    // A `match`, not `is_some_and`: its closure can stay a call of its own.
    let Some(h) = r.host else {
        return parsed;
    };
    match (r.host_kind, h) {
        (Some(HostKind::RegName), [b'0'..=b'9', ..]) if ip::ipv4_into(h, a) => {
            r.host_kind = Some(HostKind::Ipv4);
        }
        (Some(HostKind::Ipv6), _) => {
            // The address starts after the "[".
            let addr = literal_address(h);
            if !ip::ipv6(addr, a) {
                return Err(syntax(
                    (addr.as_ptr() as usize).wrapping_sub(s.as_ptr() as usize),
                ));
            }
        }
        _ => {}
    }
    parsed
}

/// The address of the IP-literal `host` (RFC 3986 §3.2.2, RFC 6874): after the "[", up
/// to the "%" of a zone id's "%25" or the "]", or to the end of a literal that does not
/// close (the parser leaves the "[" and the address then). The parser ends the address at
/// the first "%" or "]", and an IPvFuture holds neither. Shared on bare metal, inlined on
/// hosts (Decision 17).
#[cfg_attr(any(target_os = "none", cri_firmware_paths), inline(never))]
#[cfg_attr(not(any(target_os = "none", cri_firmware_paths)), inline(always))]
pub(crate) fn literal_address(host: &[u8]) -> &[u8] {
    let mut end = 1usize;
    while let Some(&b) = host.get(end) {
        if b == b'%' || b == b']' {
            break;
        }
        // `end` indexes a byte just read: it cannot wrap (Decision 17).
        end = end.wrapping_add(1);
    }
    host.get(1..end).unwrap_or_default()
}

/// The value of an all-digit port, `None` if empty, not digits or over 65535. Inlined:
/// each caller calls it once.
#[inline(always)]
pub(crate) fn port_number(port: &[u8]) -> Option<u16> {
    if port.is_empty() {
        return None;
    }
    // A value held at most 0x10000 before each step and a digit flag instead of a branch
    // per digit: past 65535 it stays past, and the step cannot overflow, so no wide
    // multiply checks it (a library call on Cortex-M0, under the parser's deepest frame). A
    // `for` loop, not `fold`: a fold with several callers stays an outlined function.
    let (mut v, mut digits) = (0u32, true);
    for &b in port {
        let d = b.wrapping_sub(b'0');
        v = v.min(0x1_0000).wrapping_mul(10).wrapping_add(u32::from(d));
        digits &= d < 10;
    }
    u16::try_from(v).ok().filter(|_| digits)
}

/// IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]" (RFC 3986, RFC 6874),
/// starting at the "[" at `s[start]`; returns where the literal ends (after its "]"). An
/// IPvFuture is checked here, an IPv6address by [`settle_host`] (from `r.host`, which is
/// the "[" and the address until the literal ends), so that an invalid one is reported at
/// its first byte; a literal that does not close, where its address, zone or IPvFuture
/// stops. Inlined into [`parse_authority`], its one caller: a frame of its own would sit
/// on the deepest chain under `uri_split` (Decision 17, stack).
#[inline(always)]
fn parse_ip_literal<'a>(
    s: &'a [u8],
    start: usize,
    r: &mut UriRef<'a>,
) -> Result<usize, ParseError> {
    // Absolute offsets throughout, so errors need no remapping. Every index is at most
    // `s.len()`, or a few bytes past it: the steps cannot wrap (Decision 17). Plain loops, not iterator adapters:
    // at opt-level "z" their closures can stay calls, each with an iterator on this frame,
    // which is on the deepest chain under `uri_split` (Decision 17, stack).
    let open = start.wrapping_add(1);
    // The literal's last part, from `from` to `end`, which the "]" must follow: a zone id
    // or an IPvFuture's tail, neither of them empty; or the address (from the "[", so
    // never empty: the address is checked by [`settle_host`]).
    let (from, end);
    let mut zone = None;
    if matches!(s.get(open), Some(b'v' | b'V')) {
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
        let digits = open.wrapping_add(1);
        let dot = chars::run_apart(s, digits, HEX);
        if dot == digits || s.get(dot) != Some(&b'.') {
            return Err(syntax(dot));
        }
        from = dot.wrapping_add(1);
        end = chars::run_apart(s, from, IPVFUTURE);
        r.host_kind = Some(HostKind::IpvFuture);
    } else {
        // The address runs to the first "%" (a zone id's, RFC 6874) or to where the
        // authority ends.
        let mut pct = open;
        while let Some(&b) = s.get(pct) {
            if matches!(b, b'%' | b']' | b'/' | b'?' | b'#') {
                break;
            }
            pct = pct.wrapping_add(1);
        }
        r.host_kind = Some(HostKind::Ipv6);
        r.host = part(s, start, pct);
        // One look at the bytes from the "%", not an index check for each.
        match s.get(pct..) {
            Some([b'%', b'2', b'5', ..]) => {
                // A zone is one or more unreserved or pct-encoded bytes up to the "]".
                from = pct.wrapping_add(3);
                end = scan(s, from, UNRESERVED, Ext::Ascii)?;
                zone = part(s, from, end);
            }
            // A "%" that starts no zone ("%25") is in the address, which then is none.
            Some([b'%', ..]) => return Err(syntax(open)),
            _ => (from, end) = (start, pct),
        }
    }
    if end == from || s.get(end) != Some(&b']') {
        return Err(syntax(end));
    }
    // Only a closed literal has a zone id.
    r.zone_id = zone;
    Ok(end.wrapping_add(1))
}

/// RFC 3986 Appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
/// Into `r`, a [`UriRef::default`] (an out-parameter, as for [`parse_components`]: `uri_split` keeps one view on
/// its frame for both splitters). Never inlined: its locals would enlarge `uri_split`'s
/// frame, under which the strict parser's chain runs too (Decision 17, stack).
#[inline(never)]
pub(crate) fn split_lenient<'a>(s: &'a [u8], r: &mut UriRef<'a>) {
    // Into a fresh view, as [`parse_reference`].
    debug_assert!(*r == UriRef::default(), "a fresh view");
    r.input = s;
    // Indices into `s`, each at most `s.len()`: the steps past a delimiter just found
    // cannot wrap (Decision 17).
    let upto = |from: usize, stops: &[u8]| {
        from.wrapping_add(find_any(s.get(from..).unwrap_or(&[]), stops))
    };
    let mut i = 0usize;
    let n = upto(0, b":/?#");
    if n > 0 && s.get(n) == Some(&b':') {
        r.scheme = s.get(..n);
        i = n.wrapping_add(1);
    }
    // Byte by byte: `strip_prefix` compares slices through memcmp (Decision 17).
    if s.get(i) == Some(&b'/') && s.get(i.wrapping_add(1)) == Some(&b'/') {
        let start = i.wrapping_add(2);
        i = upto(start, b"/?#");
        split_authority_lenient(s.get(start..i).unwrap_or(&[]), r);
    }
    let start = i;
    i = upto(start, b"?#");
    r.path = s.get(start..i).unwrap_or(&[]);
    if s.get(i) == Some(&b'?') {
        let start = i.wrapping_add(1);
        i = upto(start, b"#");
        r.query = s.get(start..i);
    }
    if s.get(i) == Some(&b'#') {
        r.fragment = s.get(i.wrapping_add(1)..);
    }
}

fn split_authority_lenient<'a>(a: &'a [u8], r: &mut UriRef<'a>) {
    // Indices into `a`, as in `split_lenient`.
    let mut host = 0usize;
    if let Some(at_sign) = a.iter().rposition(|&b| b == b'@') {
        r.userinfo = a.get(..at_sign);
        host = at_sign.wrapping_add(1);
    }
    // An IP-literal runs to its "]"; an unclosed "[" runs to the end (no port), so the
    // colons of an IPv6 address are never taken for the port delimiter.
    let mut port_from = host;
    if a.get(host) == Some(&b'[') {
        port_from = upto_byte(a, host, b']').map_or(a.len(), |c| c.wrapping_add(1));
    }
    let mut host_end = a.len();
    let mut k = a.len();
    while k > port_from {
        k = k.wrapping_sub(1);
        if a.get(k) == Some(&b':') {
            host_end = k;
            r.port = a.get(k.wrapping_add(1)..);
            r.port_number = r.port.and_then(port_number);
            break;
        }
    }
    let h = a.get(host..host_end).unwrap_or(&[]);
    r.host = Some(h);
    r.host_kind = Some(lenient_host_kind(h, r));
}

/// The index of the first `b` in `s` from `from`, if any.
fn upto_byte(s: &[u8], from: usize, b: u8) -> Option<usize> {
    let mut i = from;
    while let Some(&c) = s.get(i) {
        if c == b {
            return Some(i);
        }
        i = i.wrapping_add(1);
    }
    None
}

fn lenient_host_kind<'a>(host: &'a [u8], r: &mut UriRef<'a>) -> HostKind {
    if host.first() == Some(&b'[') && host.last() == Some(&b']') {
        if matches!(host.get(1), Some(b'v' | b'V')) {
            return HostKind::IpvFuture;
        }
        // The zone id after the first "%25", to the "]".
        let mut z = 1usize;
        while let Some(p) = upto_byte(host, z, b'%') {
            if host.get(p.wrapping_add(1)) == Some(&b'2')
                && host.get(p.wrapping_add(2)) == Some(&b'5')
            {
                r.zone_id = host.get(p.wrapping_add(3)..host.len().wrapping_sub(1));
                break;
            }
            z = p.wrapping_add(1);
        }
        return HostKind::Ipv6;
    }
    if ip::is_ipv4(host) {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

#[cfg(test)]
mod zone_tests {
    use super::UriRef;
    use crate::error::Error;

    /// RFC 6874 zone ids: where each kind of error is reported (absolute offsets).
    #[test]
    fn zone_id_errors_are_reported_at_their_byte() {
        let cases: [(&str, Result<&str, Error>); 8] = [
            ("http://[fe80::1%25eth0]/", Ok("eth0")),
            ("http://[fe80::1%25e%41]/", Ok("e%41")),
            ("http://[fe80::1%25]/", Err(Error::Syntax { offset: 18 })),
            (
                "http://[fe80::1%25a%zz]/",
                Err(Error::Percent { offset: 20 }),
            ),
            (
                "http://[fe80::1%25a%4]/",
                Err(Error::Percent { offset: 21 }),
            ),
            ("http://[fe80::1%25a:b]/", Err(Error::Syntax { offset: 19 })),
            ("http://[fe80::1%25ab", Err(Error::Syntax { offset: 20 })),
            ("http://[fe80::1%25a%", Err(Error::Percent { offset: 20 })),
        ];
        for (input, expected) in cases {
            let got = UriRef::parse(input).map(|r| r.zone_id().unwrap_or("-"));
            assert_eq!(got, expected, "{input}");
        }
    }
}
