//! The CRI reference model (draft-ietf-core-href-27 §5.1, §5.2): a borrowed view of a CRI
//! reference in CBOR, checked once on ingest so that later reads cannot fail. Arrays stay
//! as their encoded bytes and are walked on demand: no heap, no copies, no recursion.

use super::reader::{Kind, Malformed, Reader};
use super::wire::SIMPLE_TRUE;

use crate::error::{Error, Reason, Unprocessable};
use crate::uri::chars::{utf8_multibyte_len, utf8_str};

/// The scheme section: a scheme number (from scheme-id = -1 - number) or a scheme-name.
///
/// # Examples
///
/// ```
/// use cri::cri::{from_uri, Scheme};
/// use cri::{CriRef, UriRef};
///
/// let mut cbor = [0u8; 32];
/// let n = from_uri(&UriRef::parse("https://h/")?, &mut cbor)?;
/// assert_eq!(CriRef::decode(&cbor[..n])?.scheme(), Some(Scheme::Number(3)));
/// let n = from_uri(&UriRef::parse("x-local:a")?, &mut cbor)?; // not in the registry
/// assert_eq!(CriRef::decode(&cbor[..n])?.scheme(), Some(Scheme::Name("x-local")));
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme<'a> {
    /// A registered scheme number (0 coap, 1 coaps, 2 http, ...; draft §8.1).
    Number(u64),
    /// A scheme-name (lowercase, `[a-z][a-z0-9+.-]*`) for a scheme without a number.
    Name(&'a str),
}

/// One piece of a text-or-pet value: text, or bytes that stand for percent-encoded text.
///
/// # Examples
///
/// ```
/// use cri::cri::{from_uri, Piece};
/// use cri::{CriRef, UriRef};
///
/// // `%FF` is no UTF-8: it becomes a PET byte string between two texts (draft §7.2).
/// let mut cbor = [0u8; 32];
/// let n = from_uri(&UriRef::parse("coap://h/a%FFb")?, &mut cbor)?;
/// let r = CriRef::decode(&cbor[..n])?;
/// let segment = r.path().and_then(|p| p.iter().next()).unwrap();
/// let pieces: Vec<Piece<'_>> = segment.pieces().collect();
/// assert_eq!(pieces, [Piece::Text("a"), Piece::Bytes(&[0xff]), Piece::Text("b")]);
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Text, which stands for itself.
    Text(&'a str),
    /// Bytes that stand for their percent-encoding (PET, draft §7.2).
    Bytes(&'a [u8]),
}

/// A text-or-pet item (draft §7.2), kept encoded: a path segment, a query item, a host
/// label, the userinfo or the fragment. Plain text is [`TextOrPet::as_text`]; any value is
/// the sequence of its [`TextOrPet::pieces`].
///
/// # Examples
///
/// ```
/// use cri::cri::from_uri;
/// use cri::{CriRef, UriRef};
///
/// let mut cbor = [0u8; 32];
/// let n = from_uri(&UriRef::parse("coap://h/a#sec%202")?, &mut cbor)?;
/// let fragment = CriRef::decode(&cbor[..n])?.fragment().unwrap();
/// assert_eq!(fragment.as_text(), Some("sec 2"));
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextOrPet<'a> {
    pub(crate) raw: &'a [u8],
}

/// The items of an array section (path segments, query parameters, host labels), encoded.
///
/// # Examples
///
/// ```
/// use cri::cri::from_uri;
/// use cri::{CriRef, UriRef};
///
/// let mut cbor = [0u8; 32];
/// let n = from_uri(&UriRef::parse("coap://h/a?x=1&b")?, &mut cbor)?;
/// let r = CriRef::decode(&cbor[..n])?;
/// let query = r.query().unwrap();
/// assert_eq!((query.len(), query.is_empty()), (2, false));
/// let items: Vec<_> = query.iter().map(|q| q.as_text()).collect();
/// assert_eq!(items, [Some("x=1"), Some("b")]);
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Items<'a> {
    pub(crate) raw: &'a [u8],
    /// A usize, not the u64 a CBOR array head may declare: every item read on ingest took
    /// at least one byte of the input, so there are at most as many as it has bytes, and
    /// on a 32-bit target a usize is one register where a u64 is two (Decision 17, stack).
    pub(crate) count: usize,
}

/// The host of an authority.
///
/// # Examples
///
/// ```
/// use cri::cri::{from_uri, Authority, Host};
/// use cri::{CriRef, UriRef};
///
/// fn host<'a>(uri: &str, cbor: &'a mut [u8]) -> Result<Host<'a>, cri::Error> {
///     let n = from_uri(&UriRef::parse(uri)?, cbor)?;
///     match CriRef::decode(&cbor[..n])?.authority() {
///         Some(Authority::Host(a)) => Ok(a.host()),
///         _ => unreachable!(),
///     }
/// }
/// let mut cbor = [0u8; 64];
/// let Host::Name(labels) = host("coap://Example.COM/", &mut cbor)? else { unreachable!() };
/// let labels: Vec<_> = labels.iter().map(|l| l.as_text()).collect();
/// assert_eq!(labels, [Some("example"), Some("com")]); // lowercased (Decision 12)
///
/// let mut cbor = [0u8; 64];
/// let ip = host("coap://[fe80::1%25eth0]/", &mut cbor)?;
/// let mut fe80 = [0u8; 16];
/// fe80[..2].copy_from_slice(&[0xfe, 0x80]);
/// fe80[15] = 1;
/// assert_eq!(ip, Host::Ip { addr: &fe80, zone: Some("eth0") });
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Host<'a> {
    /// host-name labels (zero labels: an empty host).
    Name(Items<'a>),
    /// host-ip: 4 or 16 bytes, and a zone-id for IPv6.
    Ip {
        /// The address, 4 or 16 bytes in network order.
        addr: &'a [u8],
        /// The IPv6 zone-id, if any.
        zone: Option<&'a str>,
    },
}

/// An authority array: `[?false, userinfo, host, ?port]`.
///
/// # Examples
///
/// ```
/// use cri::cri::{from_uri, Authority};
/// use cri::{CriRef, UriRef};
///
/// let mut cbor = [0u8; 32];
/// let n = from_uri(&UriRef::parse("coap://me@h:61616/")?, &mut cbor)?;
/// let Some(Authority::Host(a)) = CriRef::decode(&cbor[..n])?.authority() else {
///     unreachable!()
/// };
/// assert_eq!(a.userinfo().and_then(|u| u.as_text()), Some("me"));
/// assert_eq!(a.port(), Some(61616));
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostAuthority<'a> {
    pub(crate) raw: &'a [u8],
    pub(crate) userinfo: Option<TextOrPet<'a>>,
    pub(crate) host: Host<'a>,
    pub(crate) port: Option<u16>,
}

/// The authority section.
///
/// # Examples
///
/// ```
/// use cri::cri::{from_uri, Authority};
/// use cri::{CriRef, UriRef};
///
/// let mut cbor = [0u8; 32];
/// let mut authority = |uri| -> Result<_, cri::Error> {
///     let n = from_uri(&UriRef::parse(uri)?, &mut cbor)?;
///     Ok(CriRef::decode(&cbor[..n])?.authority().map(|a| matches!(a, Authority::Host(_))))
/// };
/// assert_eq!(authority("coap://h/a")?, Some(true));
/// // Without an authority: `true` (rootless) or `null` (root-based) in the CBOR.
/// let n = from_uri(&UriRef::parse("urn:ietf:rfc:7252")?, &mut cbor)?;
/// assert_eq!(CriRef::decode(&cbor[..n])?.authority(), Some(Authority::Rootless));
/// let n = from_uri(&UriRef::parse("file:/etc/hosts")?, &mut cbor)?;
/// assert_eq!(CriRef::decode(&cbor[..n])?.authority(), Some(Authority::RootBased));
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Authority<'a> {
    /// `null` after a scheme: no authority, root-based path (NOAUTH-ROOTBASED).
    RootBased,
    /// `true`: no authority, rootless path (NOAUTH-ROOTLESS).
    Rootless,
    /// An authority with a host (and maybe userinfo and port).
    Host(HostAuthority<'a>),
}

/// The discard section.
///
/// # Examples
///
/// ```
/// use cri::cri::{from_uri, Discard};
/// use cri::{CriRef, UriRef};
///
/// let mut cbor = [0u8; 32];
/// let mut discard = |uri| -> Result<_, cri::Error> {
///     let n = from_uri(&UriRef::parse(uri)?, &mut cbor)?;
///     Ok(CriRef::decode(&cbor[..n])?.discard())
/// };
/// assert_eq!(discard("../../x")?, Discard::Count(3)); // the last segment and two more
/// assert_eq!(discard("/x")?, Discard::All);
/// assert_eq!(discard("?q")?, Discard::Count(0));
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Discard {
    /// `true`: discard all path segments of the base.
    All,
    /// Discard this many trailing path segments (0..=127, draft §5.1).
    Count(u8),
}

/// A CRI reference in its abstract form (draft §5.2): `authority` is `None` exactly when
/// the reference uses the discard form; `path`, `query`, `fragment` are `None` when not set.
///
/// A view of CBOR the caller owns: [`CriRef::decode`] checks every rule once, and the
/// accessors cannot fail afterwards.
///
/// # Examples
///
/// ```
/// use cri::cri::{to_uri, Scheme, ToUriOptions};
/// use cri::CriRef;
///
/// // [-1, ["example", "com"], ["a"]]: coap://example.com/a (scheme-id -1 is coap)
/// let cbor = [0x83, 0x20, 0x82, 0x67, b'e', b'x', b'a', b'm', b'p', b'l', b'e',
///             0x63, b'c', b'o', b'm', 0x81, 0x61, b'a'];
/// let r = CriRef::decode(&cbor)?;
/// assert!(r.is_full());
/// assert_eq!(r.scheme(), Some(Scheme::Number(0)));
/// let mut uri = [0u8; 32];
/// let n = to_uri(&r, ToUriOptions::default(), &mut uri)?;
/// assert_eq!(&uri[..n], b"coap://example.com/a");
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CriRef<'a> {
    pub(crate) scheme: Option<Scheme<'a>>,
    pub(crate) authority: Option<Authority<'a>>,
    pub(crate) discard: Discard,
    pub(crate) path: Option<Items<'a>>,
    pub(crate) query: Option<Items<'a>>,
    pub(crate) fragment: Option<TextOrPet<'a>>,
}

type R<T> = Result<T, Unprocessable>;

/// The largest discard count (draft §5.1: `discard = true / 0..127`).
pub(crate) const MAX_DISCARD: u8 = 127;

/// The CBOR tag for a CRI reference (draft §11.4). [`CriRef::decode`] accepts a CRI inside
/// it; a CRI embedded in other CBOR carries it.
///
/// # Examples
///
/// ```
/// use cri::cri::CRI_TAG;
/// use cri::CriRef;
///
/// assert_eq!(CRI_TAG, 99);
/// // 99([1, ["x"]]): the tag's head is 0xd8 0x63.
/// let tagged = [0xd8, CRI_TAG as u8, 0x82, 0x01, 0x81, 0x61, b'x'];
/// assert_eq!(CriRef::decode(&tagged)?, CriRef::decode(&tagged[2..])?);
/// # Ok::<(), cri::Error>(())
/// ```
pub const CRI_TAG: u64 = 99;

impl<'a> CriRef<'a> {
    /// Ingests a CRI reference (draft §5.2) from CBOR, optionally inside tag 99, checking
    /// every constraint of §2 and §5.1 that a recipient can check.
    ///
    /// # Errors
    ///
    /// [`Error::Unprocessable`] with the [`Reason`] and the byte offset of the offending
    /// item (draft §5.2.1).
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::{CriRef, Error, Reason};
    ///
    /// let r = CriRef::decode(&[0x82, 0x01, 0x81, 0x61, b'x'])?; // [1, ["x"]]: "x"
    /// assert!(!r.is_full());
    /// // [1, ["x"], null]: a trailing default must be left out (draft §5.1).
    /// let e = CriRef::decode(&[0x83, 0x01, 0x81, 0x61, b'x', 0xf6]);
    /// assert_eq!(e, Err(Error::Unprocessable { reason: Reason::TrailingDefault, offset: 5 }));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn decode(cbor: &'a [u8]) -> Result<Self, Error> {
        Self::decode_as(cbor, false)
    }

    /// Like [`CriRef::decode`], and the reference must be a full CRI (starts with a scheme):
    /// what a base or a request target needs.
    ///
    /// # Errors
    ///
    /// As [`CriRef::decode`], and [`Reason::NotFull`] (offset 0) for a relative reference.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::{CriRef, Reason};
    ///
    /// assert!(CriRef::decode_full(&[0x81, 0x20])?.is_full()); // [-1]: coap:
    /// let e = CriRef::decode_full(&[0x82, 0x01, 0x81, 0x61, b'x']).unwrap_err();
    /// assert!(matches!(e, cri::Error::Unprocessable { reason: Reason::NotFull, offset: 0 }));
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn decode_full(cbor: &'a [u8]) -> Result<Self, Error> {
        Self::decode_as(cbor, true)
    }

    /// Both decoders in one: a `decode_full` that called `decode` would hold a second
    /// copy of the view (and its `Result`) in its frame (Decision 17: no large structs by
    /// value).
    fn decode_as(cbor: &'a [u8], full: bool) -> Result<Self, Error> {
        // Copied from a constant, unlike in the C functions' `ingest` calls: only the Rust
        // API and `cri_to_edn` come here, and the copy keeps the view's construction off
        // this frame.
        let mut r = const { Self::empty() };
        r.ingest(cbor, full)?;
        Ok(r)
    }

    /// The reference `[]` (draft §5.2: `[0]`), what [`CriRef::ingest`] starts from. A
    /// function, not a `const`: a `const` view is a constant in `.rodata` that every
    /// caller copies into its frame with `memcpy` (Decision 17: no `mem*` calls from Rust
    /// code); built inline, it is a few stores of the `None` tags.
    #[inline(always)]
    pub(crate) const fn empty() -> Self {
        CriRef {
            scheme: None,
            authority: None,
            discard: Discard::Count(0),
            path: None,
            query: None,
            fragment: None,
        }
    }

    /// Fills `self`, which must be [`CriRef::empty`], from `cbor` as
    /// [`CriRef::decode`] does (with `full`, [`CriRef::decode_full`]); after an error `self`
    /// is partly filled and must not be used. It writes into the caller's view rather than
    /// returning one: a view built in a frame and then moved into a `Result` puts two
    /// copies of it on the stack below every read (Decision 17), so the C functions decode
    /// into a view of their own with it.
    #[inline(never)]
    pub(crate) fn ingest(&mut self, cbor: &'a [u8], full: bool) -> R<()> {
        let mut d = Reader::new(cbor);
        if peek(&d)? == Kind::Tag {
            let at = d.position();
            if argument(&mut d, at)? != CRI_TAG {
                return Err(Unprocessable {
                    reason: Reason::Tag,
                    offset: at,
                });
            }
        }
        read_ref(&mut d, self)?;
        if d.position() != cbor.len() {
            return Err(Unprocessable {
                reason: Reason::TrailingBytes,
                offset: d.position(),
            });
        }
        self.check(cbor.len())?;
        if full && self.scheme.is_none() {
            return Err(Unprocessable {
                reason: Reason::NotFull,
                offset: 0,
            });
        }
        Ok(())
    }

    /// True for a full CRI (the sections start with a scheme).
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::CriRef;
    ///
    /// assert!(CriRef::decode(&[0x81, 0x20])?.is_full()); // [-1]: coap:
    /// assert!(!CriRef::decode(&[0x80])?.is_full()); // []: the empty reference
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn is_full(&self) -> bool {
        self.scheme.is_some()
    }

    /// The scheme section: `None` in a relative reference (draft §5.2).
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::{scheme_name, Scheme};
    /// use cri::CriRef;
    ///
    /// let r = CriRef::decode(&[0x81, 0x21])?; // [-2]: coaps:
    /// assert_eq!(r.scheme(), Some(Scheme::Number(1)));
    /// assert_eq!(scheme_name(1), Some("coaps"));
    /// assert_eq!(CriRef::decode(&[0x80])?.scheme(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn scheme(&self) -> Option<Scheme<'a>> {
        self.scheme
    }

    /// Constraints across sections (draft §2 C9 and "Constraints not expressed by the data
    /// model").
    fn check(&self, len: usize) -> R<()> {
        let fail = |reason| {
            Err(Unprocessable {
                reason,
                offset: len,
            })
        };
        let rooted_without_authority = matches!(self.authority, Some(Authority::RootBased))
            || (self.authority.is_none() && self.discard == Discard::All);
        let first = self.path.and_then(|p| p.iter().next());
        let first_empty = first.is_some_and(|s| s.is_empty());
        let count = self.path.map_or(0, |p| p.count);
        // `matches!`, not `==`, here and in `read_ref`: see `resolve`.
        if matches!(self.authority, Some(Authority::Rootless)) {
            if count == 0 {
                return fail(Reason::NakedRootless);
            }
            if first_empty {
                return fail(Reason::LeadingEmptySegment);
            }
        }
        if rooted_without_authority && first_empty && count >= 2 {
            return fail(Reason::LeadingEmptySegment);
        }
        Ok(())
    }
}

fn not_cbor(offset: usize) -> Unprocessable {
    Unprocessable {
        reason: Reason::NotCbor,
        offset,
    }
}

/// The kind of the item at `d`. Inline, over the reader's own `peek`: its result is a
/// register, where an `R<Kind>` (no register pair) is a stack slot in the frame of every
/// reader on the ingest chain (Decision 17, stack).
#[inline(always)]
fn peek(d: &Reader<'_>) -> R<Kind> {
    d.peek().map_err(|m| malformed(m, d.position()))
}

#[inline(never)]
fn malformed(m: Malformed, offset: usize) -> Unprocessable {
    Unprocessable {
        reason: match m {
            Malformed::Indefinite => Reason::Indefinite,
            Malformed::NotCbor => Reason::NotCbor,
        },
        offset,
    }
}

/// The argument of the head at `at`, the reader's position: a truncated head is not-CBOR.
#[inline(always)]
fn argument(d: &mut Reader<'_>, at: usize) -> R<u64> {
    d.arg().ok_or(not_cbor(at))
}

/// The item at `d`, whose kind the caller has peeked, is of a type the CDDL does not allow
/// there: `Structure`, unless the item is itself cut short (a head without its argument, a
/// string past the end of the input), which makes the input no well-formed CBOR (RFC 8949
/// §5.3.1: `NotCbor` comes before any check of validity). Only the head is read, and a
/// string's length compared with the bytes left: this is the innermost frame of the readers
/// that call it (Decision 17, stack).
#[inline(never)]
fn wrong_item(d: &Reader<'_>, kind: Kind) -> Unprocessable {
    let offset = d.position();
    let mut probe = *d;
    let whole = match probe.arg() {
        // usize -> u64 is lossless for 16-, 32- and 64-bit usize.
        Some(n) => !matches!(kind, Kind::Bytes | Kind::Text) || n <= probe.left() as u64,
        None => false,
    };
    let reason = if whole {
        Reason::Structure
    } else {
        Reason::NotCbor
    };
    Unprocessable { reason, offset }
}

/// [`wrong_item`] for the item at `d`, which has been peeked.
#[inline(always)]
fn wrong<T>(d: &Reader<'_>) -> R<T> {
    Err(wrong_item(d, d.peek().unwrap_or(Kind::Other)))
}

/// `Structure` at `d`: an item is missing, or one too many, or an empty piece was before
/// `d`.
fn structure<T>(d: &Reader<'_>) -> R<T> {
    Err(Unprocessable {
        reason: Reason::Structure,
        offset: d.position(),
    })
}

/// The declared length of the array at `d`, saturated to a usize: every item takes at
/// least one byte of the input, so a count past `usize::MAX` fails on the same item as
/// the exact one, and a usize counter is one register where a u64 takes two (and spill
/// slots in each of the readers below: Decision 17, stack).
#[inline(always)]
fn array_len(d: &mut Reader<'_>) -> R<usize> {
    let at = d.position();
    if peek(d)? != Kind::Array {
        return wrong(d);
    }
    Ok(usize::try_from(argument(d, at)?).unwrap_or(usize::MAX))
}

#[inline(always)]
fn text<'a>(d: &mut Reader<'a>) -> R<&'a str> {
    let at = d.position();
    if peek(d)? != Kind::Text {
        return wrong(d);
    }
    let content = d.string().ok_or(not_cbor(at))?;
    utf8_str(content).ok_or(Unprocessable {
        reason: Reason::InvalidUtf8,
        offset: at,
    })
}

#[inline(always)]
fn bytes<'a>(d: &mut Reader<'a>) -> R<&'a [u8]> {
    let at = d.position();
    if peek(d)? != Kind::Bytes {
        return wrong(d);
    }
    d.string().ok_or(not_cbor(at))
}

/// Reads a `false` or `true` (the caller has peeked `Kind::Bool`).
fn boolean(d: &mut Reader<'_>) -> R<bool> {
    let at = d.position();
    Ok(argument(d, at)? == u64::from(SIMPLE_TRUE))
}

fn unsigned(d: &mut Reader<'_>) -> R<u64> {
    let at = d.position();
    argument(d, at)
}

fn null(d: &mut Reader<'_>) -> R<bool> {
    if peek(d)? == Kind::Null {
        let at = d.position();
        argument(d, at)?;
        return Ok(true);
    }
    Ok(false)
}

/// The sections after the leading one(s): how many of the optional trailing sections
/// (path, query, fragment) there are is `n - lead`.
/// `r` comes in as `[]`, which is `[0]` (draft §5.2).
fn read_ref<'a>(d: &mut Reader<'a>, r: &mut CriRef<'a>) -> R<()> {
    let start = d.position();
    let n = array_len(d)?;
    if n == 0 {
        return Ok(());
    }
    let first = peek(d)?;
    let lead = if first == Kind::Null || first == Kind::Text || first == Kind::Negative {
        r.scheme = read_scheme(d)?;
        r.discard = Discard::All;
        let auth_at = d.position();
        if n >= 2 {
            read_authority(d, &mut r.authority)?;
        } else {
            r.authority = Some(Authority::RootBased);
        }
        if r.scheme.is_none() && matches!(r.authority, Some(Authority::RootBased)) {
            return Err(Unprocessable {
                reason: Reason::TwoLeadingNulls,
                offset: auth_at,
            });
        }
        if n == 2 && matches!(r.authority, Some(Authority::RootBased)) {
            return Err(Unprocessable {
                reason: Reason::TrailingDefault,
                offset: auth_at,
            });
        }
        2
    } else if first == Kind::Bool || first == Kind::Unsigned {
        r.discard = read_discard(d)?;
        1
    } else {
        return wrong(d);
    };
    let rest = n.saturating_sub(lead);
    if rest > 3 {
        return Err(Unprocessable {
            reason: Reason::Structure,
            offset: start,
        });
    }
    read_local_part(d, r, rest)
}

fn read_scheme<'a>(d: &mut Reader<'a>) -> R<Option<Scheme<'a>>> {
    let at = d.position();
    if null(d)? {
        return Ok(None);
    }
    if peek(d)? == Kind::Text {
        let name = text(d)?;
        // `matches!`, not `b"+.-".contains(&b)`: a byte slice's `contains` calls `memchr`,
        // which the CRI device profile would carry for this one loop (Decision 17).
        let ok = name.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
            && name.bytes().all(|b| {
                b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'+' | b'.' | b'-')
            });
        if !ok {
            return Err(Unprocessable {
                reason: Reason::SchemeName,
                offset: at,
            });
        }
        return Ok(Some(Scheme::Name(name)));
    }
    // scheme-id = -1 - scheme-number, and a CBOR negative integer with argument n is
    // -1 - n: the argument is the scheme number.
    Ok(Some(Scheme::Number(argument(d, at)?)))
}

fn read_discard(d: &mut Reader<'_>) -> R<Discard> {
    let at = d.position();
    if peek(d)? == Kind::Bool {
        if boolean(d)? {
            return Ok(Discard::All);
        }
        return Err(Unprocessable {
            reason: Reason::Structure,
            offset: at,
        });
    }
    match u8::try_from(unsigned(d)?) {
        Ok(n) if n <= MAX_DISCARD => Ok(Discard::Count(n)),
        _ => Err(Unprocessable {
            reason: Reason::DiscardRange,
            offset: at,
        }),
    }
}

/// Reads the authority into `slot`: written in place, as `read_items` does; an
/// `R<Authority>` built and moved would be a second copy on `ingest`'s frame (Decision 17).
fn read_authority<'a>(d: &mut Reader<'a>, slot: &mut Option<Authority<'a>>) -> R<()> {
    let at = d.position();
    *slot = Some(match peek(d)? {
        Kind::Null => {
            null(d)?;
            Authority::RootBased
        }
        Kind::Bool if boolean(d)? => Authority::Rootless,
        Kind::Array => {
            let n = array_len(d)?;
            return read_host_authority(d, n, at, slot);
        }
        _ => return wrong(d),
    });
    Ok(())
}

/// `[?(false, userinfo), host-ip [zone-id] / *label, ?port]` with `n` items.
fn read_host_authority<'a>(
    d: &mut Reader<'a>,
    n: usize,
    start: usize,
    slot: &mut Option<Authority<'a>>,
) -> R<()> {
    let mut left = n;
    let mut userinfo = None;
    if left > 0 && peek(d)? == Kind::Bool {
        if boolean(d)? || left < 2 {
            return structure(d);
        }
        userinfo = Some(text_or_pet(d, TextRule::Any)?);
        left = left.saturating_sub(2);
    }
    let host = if left > 0 && peek(d)? == Kind::Bytes {
        let at = d.position();
        let addr = bytes(d)?;
        if addr.len() != 4 && addr.len() != 16 {
            return Err(Unprocessable {
                reason: Reason::HostIpLength,
                offset: at,
            });
        }
        left = left.saturating_sub(1);
        let zone = if left > 0 && peek(d)? == Kind::Text {
            left = left.saturating_sub(1);
            Some(text(d)?)
        } else {
            None
        };
        Host::Ip { addr, zone }
    } else {
        let labels_start = d.position();
        let mut count = 0usize;
        while left > 0 && matches!(peek(d)?, Kind::Text | Kind::Array) {
            read_text_or_pet(d, TextRule::Label)?;
            count = count.saturating_add(1);
            left = left.saturating_sub(1);
        }
        let raw = d.since(labels_start);
        Host::Name(Items { raw, count })
    };
    let mut port = None;
    if left > 0 {
        let at = d.position();
        if peek(d)? != Kind::Unsigned {
            return wrong(d);
        }
        port = Some(u16::try_from(unsigned(d)?).map_err(|_| Unprocessable {
            reason: Reason::PortRange,
            offset: at,
        })?);
        left = left.saturating_sub(1);
    }
    if left > 0 {
        return structure(d);
    }
    *slot = Some(Authority::Host(HostAuthority {
        raw: d.since(start),
        userinfo,
        host,
        port,
    }));
    Ok(())
}

/// Path, query and fragment: `rest` sections follow.
fn read_local_part<'a>(d: &mut Reader<'a>, r: &mut CriRef<'a>, rest: usize) -> R<()> {
    let mut last_default = false;
    let mut last_at = d.position();
    for section in 0..rest {
        last_at = d.position();
        let is_null = null(d)?;
        // One call of `read_items` for the path and the query, inlined: its frame would
        // be one more on the deepest chain of the readers (Decision 17, stack).
        match section {
            _ if is_null => {}
            0 | 1 => {
                let (rule, slot) = if section == 0 {
                    (TextRule::Segment, &mut r.path)
                } else {
                    (TextRule::Any, &mut r.query)
                };
                read_items(d, rule, slot)?;
            }
            _ => r.fragment = Some(text_or_pet(d, TextRule::Any)?),
        }
        last_default = is_null
            || match section {
                0 => r.path.is_some_and(|p| p.count == 0),
                1 => r.query.is_some_and(|q| q.count == 0),
                _ => false,
            };
    }
    if last_default && redundant_tail(r, rest) {
        return Err(Unprocessable {
            reason: Reason::TrailingDefault,
            offset: last_at,
        });
    }
    Ok(())
}

/// Is the trailing section, whose value is `null` or `[]`, one whose removal keeps the
/// meaning (draft §5.1: such trailing defaults MUST be removed)? A `null` always is (left
/// off, a section is not set). An empty path or query is not when the discard is 0 and
/// nothing before it clears the query: `[0, []]` drops the base query and fragment, and
/// `[0, null, []]` the base query, where `[0]` keeps them (draft §2.3 names the latter).
fn redundant_tail(r: &CriRef<'_>, rest: usize) -> bool {
    let keeps_base_query = r.discard == Discard::Count(0);
    match rest {
        1 => r.path.is_none() || !keeps_base_query,
        2 => r.query.is_none() || !keeps_base_query || r.path.is_some(),
        _ => true,
    }
}

/// Reads an array of text-or-pet items into `slot`. Written in place: an `R<()>` is a
/// register pair, where an `R<Items>` is a stack slot in the caller's frame (Decision 17).
#[inline(always)]
fn read_items<'a>(d: &mut Reader<'a>, rule: TextRule, slot: &mut Option<Items<'a>>) -> R<()> {
    let count = array_len(d)?;
    let start = d.position();
    for _ in 0..count {
        read_text_or_pet(d, rule)?;
    }
    *slot = Some(Items {
        raw: d.since(start),
        count,
    });
    Ok(())
}

/// What a text item may not be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TextRule {
    Any,
    /// A path segment: not "." or "..".
    Segment,
    /// A host-name label: no "." and no uppercase ASCII.
    Label,
}

fn check_text(s: &str, rule: TextRule, at: usize) -> R<()> {
    let bad = match rule {
        TextRule::Any => None,
        // A slice pattern, not `==`: comparing with "." and ".." calls memcmp, whose frame
        // would be the innermost of every CRI read (Decision 17: no slice `==`).
        TextRule::Segment => matches!(s.as_bytes(), b"." | b"..").then_some(Reason::DotSegment),
        // Labels are lowercase and without dots (draft §2 C5), and a CRI that does not
        // meet a requirement is unprocessable (§5.2.1; docs/DECISIONS.md Decision 12). Only ASCII
        // case is checked: Unicode case needs tables a device does not carry.
        // One pass over the bytes, not `contains('.')`: that calls memchr, a frame under
        // every label read (Decision 17: no `mem*` calls).
        TextRule::Label => s
            .bytes()
            .any(|b| b == b'.' || b.is_ascii_uppercase())
            .then_some(Reason::HostLabel),
    };
    match bad {
        Some(reason) => Err(Unprocessable { reason, offset: at }),
        None => Ok(()),
    }
}

/// A text-or-pet item read with [`read_text_or_pet`], as the view of its encoding.
#[inline(always)]
fn text_or_pet<'a>(d: &mut Reader<'a>, rule: TextRule) -> R<TextOrPet<'a>> {
    let start = d.position();
    read_text_or_pet(d, rule)?;
    Ok(TextOrPet {
        raw: d.since(start),
    })
}

/// Reads `text / [?text1, ((+(pet1, text1), ?pet1) // pet1)]` (draft §7.2), with minimal
/// PET. Only the verdict comes back: an `R<()>` is a register pair, where an
/// `R<TextOrPet>` is a stack slot in the frame of each caller (Decision 17).
fn read_text_or_pet(d: &mut Reader<'_>, rule: TextRule) -> R<()> {
    let start = d.position();
    if peek(d)? == Kind::Text {
        let s = text(d)?;
        check_text(s, rule, start)?;
    } else {
        let n = array_len(d)?;
        let mut prev: Option<bool> = None; // was the previous piece text?
        let mut any_bytes = false;
        for _ in 0..n {
            let at = d.position();
            let is_text = match peek(d)? {
                Kind::Text => {
                    let s = text(d)?;
                    // A piece is part of a segment, so only the label rule applies to it.
                    if rule == TextRule::Label {
                        check_text(s, rule, at)?;
                    }
                    if s.is_empty() {
                        return structure(d);
                    }
                    true
                }
                Kind::Bytes => {
                    let b = bytes(d)?;
                    if b.is_empty() {
                        return structure(d);
                    }
                    if !pet_is_minimal(b) {
                        return Err(Unprocessable {
                            reason: Reason::PetNotMinimal,
                            offset: at,
                        });
                    }
                    any_bytes = true;
                    false
                }
                _ => return wrong(d),
            };
            if prev == Some(is_text) {
                return Err(Unprocessable {
                    reason: Reason::Structure,
                    offset: at,
                });
            }
            prev = Some(is_text);
        }
        if !any_bytes {
            return Err(Unprocessable {
                reason: Reason::Structure,
                offset: start,
            });
        }
    }
    Ok(())
}

/// Minimal PET (draft §7.2): no unreserved ASCII character and no complete UTF-8 character
/// of U+0080 or above may hide in a byte string. Not inlined: in `read_text_or_pet` its
/// loop's state would grow that frame, which is on the deepest chain of
/// cri_to_coap_options (Decision 17, stack).
#[inline(never)]
pub(crate) fn pet_is_minimal(b: &[u8]) -> bool {
    let mut i = 0usize;
    while let Some(&c) = b.get(i) {
        // Not `b"-._~".contains(&c)`, which calls `memchr` (as in `read_scheme`).
        if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~') {
            return false;
        }
        if utf8_multibyte_len(b.get(i..).unwrap_or(&[])) != 0 {
            return false;
        }
        i = i.saturating_add(1);
    }
    true
}

/// The text or byte string at `d`, read without checks: every reader below walks items
/// that passed ingest, so the shapes and lengths are known to be right and a `None` here
/// only ends an iteration early.
fn piece<'a>(d: &mut Reader<'a>) -> Option<Piece<'a>> {
    match d.peek().ok()? {
        Kind::Text => utf8_str(d.string()?).map(Piece::Text),
        Kind::Bytes => d.string().map(Piece::Bytes),
        _ => None,
    }
}

impl<'a> TextOrPet<'a> {
    /// The pieces of the value, in order: one [`Piece::Text`] for plain text, else text
    /// and PET byte strings in turn (draft §7.2).
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::{from_uri, Piece};
    /// use cri::{CriRef, UriRef};
    ///
    /// let mut cbor = [0u8; 32];
    /// let n = from_uri(&UriRef::parse("coap://h/%FE%FFz")?, &mut cbor)?;
    /// let r = CriRef::decode(&cbor[..n])?;
    /// let segment = r.path().and_then(|p| p.iter().next()).unwrap();
    /// let mut pieces = segment.pieces();
    /// assert_eq!(pieces.next(), Some(Piece::Bytes(&[0xfe, 0xff])));
    /// assert_eq!(pieces.next(), Some(Piece::Text("z")));
    /// assert_eq!(pieces.next(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn pieces(&self) -> Pieces<'a> {
        let mut d = Reader::new(self.raw);
        // INVARIANT: `raw` passed ingest (`read_text_or_pet`): an array head is complete and
        // its count fits a usize (each piece took a byte).
        let left = match d.peek() {
            Ok(Kind::Array) => {
                let n = d.arg().map(usize::try_from);
                debug_assert!(matches!(n, Some(Ok(_))), "{:02x?}", self.raw);
                n.map_or(0, |n| n.unwrap_or(0))
            }
            _ => 1,
        };
        Pieces { d, left }
    }

    /// True for the empty text string, however long its head: the draft asks for no
    /// preferred serialization, so `""` may come as `0x60` or as `0x78 0x00` and longer
    /// (compared with `0x60`, a longer one slipped past the leading-empty-segment rule
    /// of draft §5.2.1).
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::from_uri;
    /// use cri::{CriRef, UriRef};
    ///
    /// let mut cbor = [0u8; 32];
    /// let n = from_uri(&UriRef::parse("coap://h/a/")?, &mut cbor)?;
    /// let r = CriRef::decode(&cbor[..n])?;
    /// let empty: Vec<bool> = r.path().unwrap().iter().map(|s| s.is_empty()).collect();
    /// assert_eq!(empty, [false, true]); // a trailing "/" is an empty last segment
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        // Bytes, not `as_text`: ingest checked the UTF-8, and a second check is the
        // deepest frame under ingest's own cross-section checks (Decision 17, stack).
        self.text_bytes().is_some_and(<[u8]>::is_empty)
    }

    /// The bytes of the value when it is plain text, as [`TextOrPet::as_text`] without a
    /// second UTF-8 check (ingest made it): the CoAP options take bytes, and the check's
    /// frames were the deepest under cri_to_coap_options (Decision 17, stack).
    #[inline(always)]
    pub(crate) fn text_bytes(&self) -> Option<&'a [u8]> {
        let mut d = Reader::new(self.raw);
        match d.peek() {
            Ok(Kind::Text) => d.string(),
            _ => None,
        }
    }

    /// The value when it is plain text; `None` when it holds PET bytes (read those with
    /// [`TextOrPet::pieces`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::from_uri;
    /// use cri::{CriRef, UriRef};
    ///
    /// let mut cbor = [0u8; 32];
    /// let n = from_uri(&UriRef::parse("coap://h/caf%C3%A9/%FF")?, &mut cbor)?;
    /// let r = CriRef::decode(&cbor[..n])?;
    /// let texts: Vec<_> = r.path().unwrap().iter().map(|s| s.as_text()).collect();
    /// assert_eq!(texts, [Some("caf\u{e9}"), None]);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn as_text(&self) -> Option<&'a str> {
        match piece(&mut Reader::new(self.raw))? {
            Piece::Text(s) => Some(s),
            Piece::Bytes(_) => None,
        }
    }
}

/// Iterator over the pieces of a [`TextOrPet`], from [`TextOrPet::pieces`].
///
/// # Examples
///
/// ```
/// use cri::cri::{from_uri, Piece};
/// use cri::{CriRef, UriRef};
///
/// let mut cbor = [0u8; 32];
/// let n = from_uri(&UriRef::parse("coap://h/%FFa")?, &mut cbor)?;
/// let r = CriRef::decode(&cbor[..n])?;
/// let segment = r.path().and_then(|p| p.iter().next()).unwrap();
/// assert_eq!(segment.pieces().count(), 2); // h'FF', "a"
/// assert!(matches!(segment.pieces().next(), Some(Piece::Bytes(&[0xff]))));
/// # Ok::<(), cri::Error>(())
/// ```
pub struct Pieces<'a> {
    d: Reader<'a>,
    /// A usize, not the array head's u64: one register less in every loop over pieces.
    left: usize,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = Piece<'a>;

    fn next(&mut self) -> Option<Piece<'a>> {
        self.left = self.left.checked_sub(1)?;
        let piece = piece(&mut self.d);
        // INVARIANT: the value passed ingest (`read_text_or_pet`), so `left` more text or
        // byte strings follow.
        debug_assert!(piece.is_some(), "a piece is missing");
        piece
    }
}

impl<'a> Items<'a> {
    /// The items, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::from_uri;
    /// use cri::{CriRef, UriRef};
    ///
    /// let mut cbor = [0u8; 32];
    /// let n = from_uri(&UriRef::parse("coap://h/a/b")?, &mut cbor)?;
    /// let r = CriRef::decode(&cbor[..n])?;
    /// let path: Vec<_> = r.path().unwrap().iter().filter_map(|s| s.as_text()).collect();
    /// assert_eq!(path, ["a", "b"]);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn iter(&self) -> ItemIter<'a> {
        ItemIter {
            d: Reader::new(self.raw),
            left: self.count,
        }
    }

    /// The encoded bytes of the first `k` items.
    pub(crate) fn prefix(&self, k: usize) -> &'a [u8] {
        let mut it = self.iter();
        for _ in 0..k {
            if it.next().is_none() {
                break;
            }
        }
        it.d.since(0)
    }

    /// How many items there are.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::CriRef;
    ///
    /// // [-1, ["h"], ["a", "b"]]: coap://h/a/b
    /// let r = CriRef::decode(&[0x83, 0x20, 0x81, 0x61, b'h', 0x82, 0x61, b'a', 0x61, b'b'])?;
    /// assert_eq!(r.path().map(|p| p.len()), Some(2));
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn len(&self) -> u64 {
        // usize -> u64 is lossless for 16-, 32- and 64-bit usize.
        self.count as u64
    }

    /// Whether there are no items.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::CriRef;
    ///
    /// // [0, []]: an empty path, which is not an absent one: it drops the base's query
    /// // and fragment, where [] keeps them.
    /// let r = CriRef::decode(&[0x82, 0x00, 0x80])?;
    /// assert!(r.path().is_some_and(|p| p.is_empty()));
    /// assert_eq!(CriRef::decode(&[0x80])?.path(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
}

/// Iterator over the items of an [`Items`], from [`Items::iter`].
///
/// # Examples
///
/// ```
/// use cri::CriRef;
///
/// // [-1, ["h"], ["a", "b"]]: coap://h/a/b
/// let r = CriRef::decode(&[0x83, 0x20, 0x81, 0x61, b'h', 0x82, 0x61, b'a', 0x61, b'b'])?;
/// let mut it = r.path().unwrap().iter();
/// assert_eq!(it.next().and_then(|s| s.as_text()), Some("a"));
/// assert_eq!(it.next().and_then(|s| s.as_text()), Some("b"));
/// assert!(it.next().is_none());
/// # Ok::<(), cri::Error>(())
/// ```
pub struct ItemIter<'a> {
    d: Reader<'a>,
    left: usize,
}

impl<'a> Iterator for ItemIter<'a> {
    type Item = TextOrPet<'a>;

    fn next(&mut self) -> Option<TextOrPet<'a>> {
        self.left = self.left.checked_sub(1)?;
        let item = self.item();
        // INVARIANT: the array passed ingest (`read_items`, the host labels of
        // `read_host_authority`), so `left` more text-or-pet items follow.
        debug_assert!(item.is_some(), "an item is missing");
        item
    }
}

impl<'a> ItemIter<'a> {
    /// The text-or-pet item at the position.
    #[inline(always)]
    fn item(&mut self) -> Option<TextOrPet<'a>> {
        let start = self.d.position();
        // Ingest checked the shape: a text string, or an array of text and byte strings.
        let pieces = match self.d.peek().ok()? {
            Kind::Array => self.d.arg()?,
            _ => 1,
        };
        // Skipped, not read as pieces: a skip needs no UTF-8 check, whose call would be
        // one frame deeper on the stack (Decision 17).
        for _ in 0..pieces {
            self.d.string()?;
        }
        Some(TextOrPet {
            raw: self.d.since(start),
        })
    }
}
