//! Option lists in caller memory, destinations, and the rules on which options may stand
//! together.

use super::{
    PROXY_CRI, PROXY_SCHEME, PROXY_SCHEME_NUMBER, PROXY_URI, URI_HOST, URI_PATH, URI_PORT,
    URI_QUERY,
};
use crate::error::{CoapError, Error, OptionSpace};
use crate::out::Out;
use crate::uri::chars::same_bytes;
use crate::uri::percent::decode_text;

/// The request's destination transport address (RFC 7252 §6.4): IP address bytes (4 or
/// 16; empty when unknown), an optional zone, the UDP port (`None`: the URI's own).
///
/// # Examples
///
/// ```
/// use cri::coap::{uri_to_options, Destination, Mode, OptionRef, URI_PATH};
/// use cri::UriRef;
///
/// let (mut opts, mut values) = ([OptionRef::default(); 4], [0u8; 64]);
/// let uri = UriRef::parse("coap://192.0.2.1:61616/temp")?;
/// // The request goes to the address and port the URI names: no Uri-Host, no Uri-Port.
/// let dest = Destination { addr: &[192, 0, 2, 1], zone: None, port: Some(61616) };
/// let used = uri_to_options(&uri, Some(&dest), Mode::Direct, &mut opts, &mut values)?;
/// assert_eq!((used.options, opts[0].number), (1, URI_PATH));
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Destination<'a> {
    /// The IP address, 4 (IPv4) or 16 (IPv6) bytes in network order; empty when unknown.
    pub addr: &'a [u8],
    /// The IPv6 zone (interface) the address is scoped to, as text (RFC 6874's ZoneID
    /// decoded); `None` without one.
    pub zone: Option<&'a [u8]>,
    /// The UDP (or TCP) port; `None`: the port the URI or CRI names, or its default.
    pub port: Option<u16>,
}

/// One option of a list: its number and where its value lies (`offset`, `len`) in the
/// value buffer the list was built with; [`OptionRef::value`] gives the value bytes.
///
/// A position, not a borrowed value: the writers fill the list and the value buffer
/// together, so the list cannot borrow the buffer while it is written.
///
/// # Examples
///
/// ```
/// use cri::coap::{self, Mode, OptionRef, URI_HOST, URI_PATH};
/// use cri::UriRef;
///
/// let (mut opts, mut values) = ([OptionRef::default(); 8], [0u8; 64]);
/// let uri = UriRef::parse("coap://example.com/temp")?;
/// let used = coap::uri_to_options(&uri, None, Mode::Direct, &mut opts, &mut values)?;
/// let list: Vec<(u16, &[u8])> =
///     opts[..used.options].iter().map(|o| (o.number, o.value(&values))).collect();
/// assert_eq!(list, [(URI_HOST, &b"example.com"[..]), (URI_PATH, b"temp")]);
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptionRef {
    /// The option number (RFC 7252 §5.10: 3 Uri-Host, 7 Uri-Port, 11 Uri-Path, ...).
    pub number: u16,
    /// Where the value starts in the value buffer (bytes).
    pub offset: usize,
    /// The value's length in bytes.
    pub len: usize,
}

impl OptionRef {
    /// The option's value in `values`, the buffer the list was built with (the value
    /// buffer of [`super::uri_to_options`] or [`super::cri_to_options`], the message of
    /// [`super::options_from_wire`]). A range that does not lie in `values` (another
    /// buffer) gives the empty value.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::coap::{options_from_wire, OptionRef};
    ///
    /// let message = b"\x31h\x87sensors\xffpayload";
    /// let mut opts = [OptionRef::default(); 4];
    /// let (count, _) = options_from_wire(message, &mut opts)?;
    /// assert_eq!(count, 2);
    /// assert_eq!((opts[0].value(message), opts[1].value(message)), (&b"h"[..], &b"sensors"[..]));
    /// assert_eq!(opts[1].value(b"short"), b"");
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn value<'v>(&self, values: &'v [u8]) -> &'v [u8] {
        values
            .get(self.offset..self.offset.saturating_add(self.len))
            .unwrap_or_default()
    }
}

/// Where an option list goes: a `[OptionRef]`, or the C caller's array.
pub(crate) trait OptionSlots {
    /// How many options fit.
    fn capacity(&self) -> usize;
    /// Stores option `i` when `i < capacity()`.
    fn set(&mut self, i: usize, option: OptionRef);
}

/// A Rust slice of options as [`OptionSlots`].
pub(crate) struct SliceSlots<'a>(pub(crate) &'a mut [OptionRef]);

impl OptionSlots for SliceSlots<'_> {
    fn capacity(&self) -> usize {
        self.0.len()
    }
    fn set(&mut self, i: usize, option: OptionRef) {
        if let Some(slot) = self.0.get_mut(i) {
            *slot = option;
        }
    }
}

/// Why a list could not be made: a CoAP error with the byte of the input it is about, or
/// the room a list that did not fit needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The target cannot be sent: why, and the offset of the piece that made it so.
    Coap(CoapError, usize),
    /// The options do not fit: the room needed.
    Space(OptionSpace),
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::Coap(why, _) => Error::Coap(why),
            Refusal::Space(space) => Error::OptionSpace(space),
        }
    }
}

// The ranks of the errors a conversion pass notes, in the documented precedence (the
// lowest wins, whatever the order the pass meets them in, Decision 17): a host or query
// that is not UTF-8, a host that spells an IPv6 address or is bracketed, an over-long
// Uri-Host, a path segment that is not UTF-8 (a CRI: a PET segment), then over-long
// Uri-Path, a PET query item (CRI), over-long Uri-Query and Proxy-Scheme.
pub(crate) const RANK_TEXT_UTF8: u8 = 0;
pub(crate) const RANK_BAD_HOST: u8 = 1;
pub(crate) const RANK_HOST_LENGTH: u8 = 2;
pub(crate) const RANK_PATH_TEXT: u8 = 3;
pub(crate) const RANK_PATH_LENGTH: u8 = 4;
pub(crate) const RANK_QUERY_TEXT: u8 = 5;
pub(crate) const RANK_QUERY_LENGTH: u8 = 6;
pub(crate) const RANK_SCHEME_LENGTH: u8 = 7;
/// No error noted.
const RANK_NONE: u8 = u8::MAX;

/// An option a list writes: its number, the value lengths it allows (RFC 7252 §5.10,
/// draft §8.2) and the rank of a value outside them, in one word: the writers take it as
/// a constant, with no lookup by number per option.
#[derive(Clone, Copy)]
pub(crate) struct Kind(u32);

impl Kind {
    /// Bits 0-15 the number, 16-26 the longest value, 27 the shortest (0 or 1), 28-30 the
    /// rank.
    const fn new(number: u16, min: bool, max: u16, rank: u8) -> Kind {
        Kind(number as u32 | (max as u32) << 16 | (min as u32) << 27 | (rank as u32) << 28)
    }

    pub(crate) fn number(self) -> u16 {
        self.0 as u16
    }

    /// The shortest and the longest value allowed.
    fn limits(self) -> (usize, usize) {
        (
            ((self.0 >> 27) & 1) as usize,
            ((self.0 >> 16) & 0x7ff) as usize,
        )
    }

    fn rank(self) -> u8 {
        (self.0 >> 28) as u8
    }
}

pub(crate) const HOST: Kind = Kind::new(URI_HOST, true, 255, RANK_HOST_LENGTH);
/// A uint of at most 2 bytes: never outside its lengths.
pub(crate) const PORT: Kind = Kind::new(URI_PORT, false, 2, RANK_SCHEME_LENGTH);
pub(crate) const PATH: Kind = Kind::new(URI_PATH, false, 255, RANK_PATH_LENGTH);
pub(crate) const QUERY: Kind = Kind::new(URI_QUERY, false, 255, RANK_QUERY_LENGTH);
pub(crate) const P_URI: Kind = Kind::new(PROXY_URI, true, 1034, RANK_SCHEME_LENGTH);
pub(crate) const P_SCHEME: Kind = Kind::new(PROXY_SCHEME, true, 255, RANK_SCHEME_LENGTH);
pub(crate) const P_CRI: Kind = Kind::new(PROXY_CRI, true, 1023, RANK_SCHEME_LENGTH);
pub(crate) const P_SCHEME_NUMBER: Kind =
    Kind::new(PROXY_SCHEME_NUMBER, false, 3, RANK_SCHEME_LENGTH);

/// How a piece of URI text is decoded into an option value: up to which byte, whether
/// ASCII-lowercased, and the rank of a piece that is not UTF-8. One word, taken as a
/// constant by each caller of [`List::decode`].
#[derive(Clone, Copy)]
pub(crate) struct Text {
    pub(crate) stop: u8,
    pub(crate) lower: bool,
    pub(crate) rank: u8,
}

/// An option list under construction in the caller's memory (option slots and a value
/// buffer), counted on past the ends of both, with the errors noted so far.
pub(crate) struct List<'a, S: OptionSlots> {
    slots: &'a mut S,
    pub(super) scratch: &'a mut [u8],
    /// Options listed so far (stored or only counted).
    pub(super) count: usize,
    /// Value bytes so far (written or only counted).
    pub(super) len: usize,
    /// The lowest rank noted, its error, and the offset it was noted at (the first).
    rank: u8,
    why: CoapError,
    at: usize,
    /// The first piece sent that is not UTF-8, in text order.
    utf8_at: usize,
}

impl<'a, S: OptionSlots> List<'a, S> {
    pub(crate) fn new(slots: &'a mut S, scratch: &'a mut [u8]) -> Self {
        List {
            slots,
            scratch,
            count: 0,
            len: 0,
            rank: RANK_NONE,
            why: CoapError::OptionLength,
            at: 0,
            utf8_at: usize::MAX,
        }
    }

    /// Notes the error `why` of `rank` about the piece at `at`; the lowest rank, and its
    /// first offset, win.
    pub(super) fn note(&mut self, rank: u8, why: CoapError, at: usize) {
        if (rank, at) < (self.rank, self.at) {
            (self.rank, self.why, self.at) = (rank, why, at);
        }
    }

    /// Has an error been noted?
    pub(super) fn failed(&self) -> bool {
        self.rank != RANK_NONE
    }

    /// Decodes the valid percent-encoded piece of `s` up to `how.stop` onto the end of
    /// the value buffer (lowercased with `how.lower`), noting a piece that is not UTF-8
    /// (RFC 7252 §3.2: the Uri-* options are strings, Decision 13) at `how.rank`; returns
    /// where the piece ended in `s` and its decoded length. Not inlined: the one copy of
    /// the decoding loop (Decision 17).
    #[inline(never)]
    pub(super) fn decode(&mut self, s: &[u8], how: Text, at: usize) -> (usize, usize) {
        let d = decode_text(s, how.stop, how.lower, self.scratch, self.len);
        if !d.utf8 {
            self.note(how.rank, CoapError::NotUtf8, at);
            self.utf8_at = self.utf8_at.min(at);
        }
        (d.end, d.len)
    }

    /// Lists an option of `kind` at the list's end (`count`, `len`: the next slot and
    /// value position) with the `len` value bytes there, when it fits, noting a value
    /// outside the length its option allows (RFC 7252 §5.10, draft §8.2) against the piece
    /// at `at`. The end does not move.
    pub(super) fn record(&mut self, kind: Kind, len: usize, at: usize) {
        let (min, max) = kind.limits();
        if len < min || len > max {
            self.note(kind.rank(), CoapError::OptionLength, at);
        }
        self.slots.set(
            self.count,
            OptionRef {
                number: kind.number(),
                offset: self.len,
                len,
            },
        );
    }

    /// Appends an option of `kind` whose value is the `len` bytes just put at the end.
    pub(super) fn append(&mut self, kind: Kind, len: usize, at: usize) {
        self.record(kind, len, at);
        // Neither wraps (Decision 17): there are at most a few options per input byte,
        // and a few value bytes (an IPv6 host-ip as text).
        self.count = self.count.wrapping_add(1);
        self.len = self.len.wrapping_add(len);
    }

    /// Puts `b` at `pos` of the value buffer, when it fits.
    pub(super) fn put(&mut self, pos: usize, b: u8) {
        if let Some(d) = self.scratch.get_mut(pos) {
            *d = b;
        }
    }

    /// Appends an option of `kind` whose value `write` writes through an [`Out`].
    pub(super) fn write(&mut self, kind: Kind, at: usize, write: impl FnOnce(&mut Out<'_>)) {
        let mut w = Out::new(self.scratch);
        w.seek(self.len);
        write(&mut w);
        let len = w.len().saturating_sub(self.len);
        self.append(kind, len, at);
    }

    /// Appends an option of `kind` with the bytes of `s` as they are.
    pub(super) fn bytes(&mut self, kind: Kind, s: &[u8]) {
        for (k, &b) in s.iter().enumerate() {
            self.put(self.len.wrapping_add(k), b);
        }
        self.append(kind, s.len(), 0);
    }

    /// Appends a uint option: big-endian without leading zero bytes (RFC 7252 §3.2).
    pub(super) fn uint(&mut self, kind: Kind, v: u64) {
        // The leading zero bytes from the leading zero bits (8 for 0).
        let skip = (v.leading_zeros() / 8) as usize;
        let bytes = v.to_be_bytes();
        self.bytes(kind, bytes.get(skip..).unwrap_or(&[]));
    }

    /// The list's room, or why it cannot be made.
    pub(crate) fn finish(self) -> Result<OptionSpace, Refusal> {
        if self.failed() {
            let at = if self.why == CoapError::NotUtf8 {
                self.utf8_at
            } else {
                self.at
            };
            return Err(Refusal::Coap(self.why, at));
        }
        let space = OptionSpace {
            options: self.count,
            scratch: self.len,
        };
        if self.count > self.slots.capacity() || self.len > self.scratch.len() {
            return Err(Refusal::Space(space));
        }
        Ok(space)
    }
}

/// The allowed value lengths of option `number` (RFC 7252 §5.10, draft §8.2): those of its
/// [`Kind`], any length for an option not restricted there. Inlined: a switch of constants
/// in the one loop of each image that checks lengths.
#[inline(always)]
pub(super) fn length_limits(number: u16) -> (usize, usize) {
    // Each arm a constant: no unpacking at run time.
    match number {
        URI_HOST => HOST.limits(),
        URI_PORT => PORT.limits(),
        URI_PATH => PATH.limits(),
        URI_QUERY => QUERY.limits(),
        PROXY_URI => P_URI.limits(),
        PROXY_SCHEME => P_SCHEME.limits(),
        PROXY_CRI => P_CRI.limits(),
        PROXY_SCHEME_NUMBER => P_SCHEME_NUMBER.limits(),
        _ => (0, usize::MAX),
    }
}

/// Checks that options, given as (number, value length in bytes), may stand together in
/// one request (RFC 7252 §5.4.5, §5.10, draft §8.2): ascending numbers, Uri-Host, Uri-Port
/// and the proxy options at most once, Proxy-Uri and Proxy-Cri without Uri-* options,
/// Proxy-Cri without Proxy-Uri, Proxy-Scheme without Proxy-Scheme-Number, and each value
/// length within its option's range (Uri-Host 1-255, Uri-Port 0-2, Uri-Path and Uri-Query
/// 0-255, Proxy-Uri 1-1034, Proxy-Scheme 1-255, Proxy-Cri 1-1023, Proxy-Scheme-Number 0-3).
///
/// # Errors
///
/// [`Error::Coap`] with [`CoapError::Order`] (numbers not ascending),
/// [`CoapError::Conflict`] (a repeated or forbidden combination) or
/// [`CoapError::OptionLength`] (a value length outside its option's range), for the
/// first option that breaks a rule.
///
/// # Examples
///
/// ```
/// use cri::coap::{check_options, CoapError, PROXY_URI, URI_HOST, URI_PATH};
/// use cri::Error;
///
/// check_options([(URI_HOST, 11), (URI_PATH, 4), (URI_PATH, 0)].into_iter())?;
/// let e = check_options([(URI_PATH, 1), (URI_HOST, 1)].into_iter());
/// assert_eq!(e, Err(Error::Coap(CoapError::Order)));
/// let e = check_options([(URI_PATH, 1), (PROXY_URI, 20)].into_iter());
/// assert_eq!(e, Err(Error::Coap(CoapError::Conflict)));
/// let e = check_options([(URI_HOST, 0)].into_iter()); // Uri-Host is 1-255 bytes
/// assert_eq!(e, Err(Error::Coap(CoapError::OptionLength)));
/// # Ok::<(), Error>(())
/// ```
pub fn check_options(options: impl Iterator<Item = (u16, usize)>) -> Result<(), Error> {
    // One bit per option kind that RFC 7252 §5.10 and draft §8.2 restrict.
    const HOST: u32 = 1;
    const PORT: u32 = 2;
    const PATH: u32 = 4;
    const QUERY: u32 = 8;
    const P_URI: u32 = 16;
    const P_SCHEME: u32 = 32;
    const P_CRI: u32 = 64;
    const P_SCHEME_NUMBER: u32 = 128;
    const URI_OPTIONS: u32 = HOST | PORT | PATH | QUERY;
    let mut seen = 0u32;
    let mut prev = 0u16;
    let bit = |n: u16| match n {
        URI_HOST => HOST,
        URI_PORT => PORT,
        URI_PATH => PATH,
        URI_QUERY => QUERY,
        PROXY_URI => P_URI,
        PROXY_SCHEME => P_SCHEME,
        PROXY_CRI => P_CRI,
        PROXY_SCHEME_NUMBER => P_SCHEME_NUMBER,
        _ => 0,
    };
    for (n, len) in options {
        if n < prev {
            return Err(Error::Coap(CoapError::Order));
        }
        let (min, max) = length_limits(n);
        if len < min || len > max {
            return Err(Error::Coap(CoapError::OptionLength));
        }
        prev = n;
        let b = bit(n);
        // Uri-Path and Uri-Query repeat; so does every option not restricted here.
        let repeatable = b == PATH || b == QUERY || b == 0;
        if !repeatable && seen & b != 0 {
            return Err(Error::Coap(CoapError::Conflict));
        }
        seen |= b;
    }
    let has = |mask: u32| seen & mask != 0;
    let conflict = (has(P_CRI) && has(URI_OPTIONS | P_URI))
        || (has(P_URI) && has(URI_OPTIONS))
        || (has(P_SCHEME) && has(P_SCHEME_NUMBER));
    if conflict {
        return Err(Error::Coap(CoapError::Conflict));
    }
    Ok(())
}

/// Is a target's zone (first) the destination's zone (second)? A URI's zone id is
/// percent-encoded (RFC 6874 §2: `eth%30` is `eth0`), a CRI's zone-id is text compared as
/// it is (draft §5.1: no `%HH` reader in a CRI image, Decision 17).
pub(crate) type SameZone = fn(&[u8], &[u8]) -> bool;

/// Is `addr` (with `zone`, compared by `same_zone`) the destination's address, its zone
/// included? Without a destination, the target's own address is the destination
/// (Decision 6). One compare for a URI's and a CRI's zone, inlined into each of its two
/// callers with its zone compare (Decision 17).
#[inline(always)]
pub(crate) fn is_destination(
    addr: &[u8],
    zone: Option<&[u8]>,
    dest: Option<&Destination<'_>>,
    same_zone: SameZone,
) -> bool {
    let Some(d) = dest else {
        return true;
    };
    if !same_bytes(d.addr, addr) {
        return false;
    }
    match (zone, d.zone) {
        (Some(z), Some(dz)) => same_zone(z, dz),
        (z, dz) => z.is_none() && dz.is_none(),
    }
}

/// The Uri-Port to send (RFC 7252 §6.4 step 7): the target's `port` (its scheme's
/// `default` when it names none) when it differs from the destination's port; none without
/// a destination port (the target's own port is the destination's, Decision 6).
///
/// Through a forward-proxy with Proxy-Scheme (`proxy_scheme`), the destination is the
/// proxy, which composes a `coap` URI with the port it was reached on, leaves that port
/// out when it is CoAP's default, and then puts the Proxy-Scheme in (RFC 7252 §5.10.2,
/// §6.5 steps 3-4). So the target's port goes unless it is its scheme's default and the
/// proxy sits on a CoAP default port, as a proxy whose port is not given is taken to
/// (Decision 6).
pub(crate) fn port_to_send(
    port: Option<u16>,
    default: Option<u16>,
    dest: Option<&Destination<'_>>,
    proxy_scheme: bool,
) -> Option<u16> {
    // Ports as u32, `NO_PORT` for none: one register each.
    let wide = |p: Option<u16>| p.map_or(NO_PORT, u32::from);
    // The port the target gets without a Uri-Port.
    let mut implied = wide(dest.and_then(|d| d.port));
    if proxy_scheme && (implied == NO_PORT || implied.wrapping_sub(COAP_PORT) < 2) {
        implied = wide(default);
    } else if implied == NO_PORT {
        return None;
    }
    let target = wide(port.or(default));
    u16::try_from(target).ok().filter(|_| target != implied)
}

/// No port, beside the u16 ones.
const NO_PORT: u32 = 1 << 16;

/// CoAP's default port over UDP; over DTLS it is the next one (RFC 7252 §6.1, §6.2).
const COAP_PORT: u32 = 5683;
