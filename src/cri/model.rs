//! The CRI reference model (draft-ietf-core-href-27 §5.1, §5.2): a borrowed view of a CRI
//! reference in CBOR, checked once on ingest so that later reads cannot fail. Arrays stay
//! as their encoded bytes and are walked on demand: no heap, no copies, no recursion.

use super::reader::{Kind, Reader};

use crate::error::Error;
use crate::uri::chars::utf8_str;

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
    /// [`Error::Unprocessable`] with the [`Reason`](crate::Reason) and the byte offset of the offending
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
    /// As [`CriRef::decode`], and [`Reason::NotFull`](crate::Reason::NotFull) (offset 0) for a relative reference.
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
}

/// The text or byte string at `d`, read without checks: every reader below walks items
/// that passed ingest, so the shapes and lengths are known to be right and a `None` here
/// only ends an iteration early.
fn piece<'a>(d: &mut Reader<'a>) -> Option<Piece<'a>> {
    match d.next() {
        (Kind::Text, n) => utf8_str(d.last(n)).map(Piece::Text),
        (Kind::Bytes, n) => Some(Piece::Bytes(d.last(n))),
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
        // INVARIANT: `raw` passed ingest (`read_text_or_pet`): an array of pieces, or the
        // one piece plain text is, read again from the start.
        let left = match d.next() {
            (Kind::Array, n) => n,
            _ => {
                d = Reader::new(self.raw);
                1
            }
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
        // The head alone, not `as_text`: ingest checked the UTF-8, and a second check is
        // the deepest frame under ingest's own cross-section checks (Decision 17, stack);
        // and the head of a text string that passed ingest is whole, so its argument is
        // the length.
        Reader::new(self.raw).next() == (Kind::Text, 0)
    }

    /// The bytes of the value when it is plain text, as [`TextOrPet::as_text`] without a
    /// second UTF-8 check (ingest made it): the CoAP options take bytes, and the check's
    /// frames were the deepest under cri_to_coap_options (Decision 17, stack).
    #[inline(always)]
    pub(crate) fn text_bytes(&self) -> Option<&'a [u8]> {
        let mut d = Reader::new(self.raw);
        match d.next() {
            (Kind::Text, n) => Some(d.last(n)),
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
        // Ingest checked the shape: a text string, or an array of text and byte strings,
        // each read whole (no UTF-8 check: its call would be one frame deeper on the
        // stack, Decision 17).
        let (kind, mut pieces) = self.d.next();
        match kind {
            Kind::Array => {}
            Kind::Text => pieces = 0,
            _ => return None,
        }
        for _ in 0..pieces {
            if !matches!(self.d.next().0, Kind::Text | Kind::Bytes) {
                return None;
            }
        }
        Some(TextOrPet {
            raw: self.d.since(start),
        })
    }
}
