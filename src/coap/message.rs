//! The request target through the `coap-message` traits (crate [`coap_message`] 0.3,
//! feature `coap-message`), which embedded Rust CoAP stacks implement: a URI or a CRI
//! written into a request as options (RFC 7252 §6.4, draft-ietf-core-href-27 §8.1.1), and
//! a request's options read back as a URI or a CRI (RFC 7252 §6.5, draft §8.1.2).
//!
//! A thin layer over [`uri_to_options`],
//! [`cri_to_options`], [`uri_from_options`]
//! and [`cri_from_options`]: the same rules, modes, destinations
//! and errors, no heap, and no memory but the caller's.
//!
//! - Client: [`write_uri`] and [`write_cri`] into any
//!   [`MinimalWritableMessage`]; [`Target`] when other options must go between the
//!   target's (an Observe, numbered 6, between Uri-Host and Uri-Path).
//! - Server: [`read_uri`] and [`read_cri`] from any [`ReadableMessage`].
//! - Errors: [`WriteError`] holds libcri's [`Error`] or the message's own error; both,
//!   like [`Error`] itself, render as a CoAP response ([`RenderableOnMinimal`]), so a
//!   `coap-handler` handler can return them.
//!
//! ```
//! use cri::coap::{message, Destination, Mode, OptionRef};
//! use cri::uri::UriRef;
//! use coap_message_implementations::inmemory::{Message, MessageMut};
//!
//! // Client: the target of a GET (code 0.01) into the message's buffer.
//! let (mut code, mut buf) = (0u8, [0u8; 64]);
//! let mut request = MessageMut::new_in_slice(&mut code, &mut buf);
//! let (mut opts, mut values) = ([OptionRef::default(); 8], [0u8; 64]);
//! let uri = UriRef::parse("coap://sensor.example/temp?unit=C")?;
//! message::write_uri(&mut request, &uri, None, Mode::Direct, &mut opts, &mut values)?;
//! let (len, _) = request.finish();
//!
//! // Server: the same request, received, read back.
//! let received = Message::new_from_slice(1, &buf[..len]);
//! let here = Destination { addr: &[192, 0, 2, 1], zone: None, port: Some(5683) };
//! let (mut scratch, mut text) = ([0u8; 64], [0u8; 64]);
//! let target = message::read_uri(&received, "coap", &here, &mut scratch, &mut text)?;
//! assert_eq!(target, "coap://sensor.example/temp?unit=C");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![cfg(feature = "coap-message")]
#![cfg_attr(docsrs, doc(cfg(feature = "coap-message")))]

use super::{
    cri_from_options, cri_to_options, options_to_wire, uri_from_options, uri_to_options, CoapError,
    Destination, Mode, OptionRef, OptionSpace, PROXY_CRI, PROXY_SCHEME, PROXY_SCHEME_NUMBER,
    PROXY_URI, URI_HOST, URI_PATH, URI_PORT, URI_QUERY,
};
use crate::cri::CriRef;
use crate::uri::UriRef;
use crate::Error;
use ::coap_message::error::RenderableOnMinimal;
use ::coap_message::{
    Code, MessageOption, MinimalWritableMessage, MutableWritableMessage, OptionNumber,
    ReadableMessage,
};
use core::fmt;
use core::ops::RangeBounds;

/// A request target as a list of CoAP options, in ascending number order, kept in the
/// caller's option array and value buffer: what [`write_uri`] and [`write_cri`] add to a
/// message, made first so that a target that cannot be sent leaves the message untouched.
///
/// # Examples
/// ```
/// use cri::coap::{message::Target, Destination, Mode, OptionRef, URI_HOST, URI_PATH};
/// use cri::uri::UriRef;
///
/// let (mut opts, mut values) = ([OptionRef::default(); 8], [0u8; 64]);
/// let uri = UriRef::parse("coap://example.com/a/../b")?;
/// let target = Target::from_uri(&uri, None, Mode::Direct, &mut opts, &mut values)?;
/// let options: Vec<(u16, &[u8])> = target.iter().collect();
/// assert_eq!(options, [(URI_HOST, &b"example.com"[..]), (URI_PATH, b"b")]);
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target<'a> {
    options: &'a [OptionRef],
    values: &'a [u8],
}

impl<'a> Target<'a> {
    /// The URI `uri` as options for a request to `dest` (`None`: the address and port the
    /// URI names) in `mode`, built in `opts` and `scratch`: exactly
    /// [`uri_to_options`], whose documentation gives the rules
    /// (RFC 7252 §6.4, the URI normalized first).
    ///
    /// # Errors
    /// Those of [`uri_to_options`]: [`Error::Coap`] when the URI
    /// cannot be sent (`OptionLength` for a value outside RFC 7252 §5.10's lengths), and
    /// [`Error::OptionSpace`] with the room needed when `opts` or `scratch` is too small.
    ///
    /// # Examples
    /// ```
    /// use cri::coap::{message::Target, Mode, OptionRef, PROXY_URI};
    /// use cri::uri::UriRef;
    ///
    /// let (mut opts, mut values) = ([OptionRef::default(); 1], [0u8; 64]);
    /// let uri = UriRef::parse("http://example.com/a")?;
    /// let target = Target::from_uri(&uri, None, Mode::Auto, &mut opts, &mut values)?;
    /// assert_eq!(target.iter().next(), Some((PROXY_URI, &b"http://example.com/a"[..])));
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn from_uri(
        uri: &UriRef<'_>,
        dest: Option<&Destination<'_>>,
        mode: Mode,
        opts: &'a mut [OptionRef],
        scratch: &'a mut [u8],
    ) -> Result<Self, Error> {
        let used = uri_to_options(uri, dest, mode, opts, scratch)?;
        Ok(Self::used(opts, scratch, used))
    }

    /// The CRI whose CBOR is `cri` (a full CRI reference, optionally in tag 99) as options
    /// for a request to `dest` (`None`: the address and port the CRI names) in `mode`
    /// (`Proxy`: the CBOR whole in Proxy-Cri; `ProxyScheme`: Proxy-Scheme-Number), built in
    /// `opts` and `scratch`: exactly [`cri_to_options`] (draft
    /// §8.1.1).
    ///
    /// # Errors
    /// [`Error::Unprocessable`] when `cri` is not a valid CRI reference (draft §5.2.1);
    /// otherwise those of [`cri_to_options`]: [`Error::Coap`] and
    /// [`Error::OptionSpace`].
    ///
    /// # Examples
    /// ```
    /// use cri::coap::{message::Target, Mode, OptionRef, URI_HOST, URI_PATH};
    ///
    /// // [-1, ["example", "com"], ["a"]]: coap://example.com/a
    /// let cri = [0x83, 0x20, 0x82, 0x67, b'e', b'x', b'a', b'm', b'p', b'l', b'e',
    ///            0x63, b'c', b'o', b'm', 0x81, 0x61, b'a'];
    /// let (mut opts, mut values) = ([OptionRef::default(); 4], [0u8; 32]);
    /// let target = Target::from_cri(&cri, None, Mode::Direct, &mut opts, &mut values)?;
    /// let options: Vec<(u16, &[u8])> = target.iter().collect();
    /// assert_eq!(options, [(URI_HOST, &b"example.com"[..]), (URI_PATH, b"a")]);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn from_cri(
        cri: &[u8],
        dest: Option<&Destination<'_>>,
        mode: Mode,
        opts: &'a mut [OptionRef],
        scratch: &'a mut [u8],
    ) -> Result<Self, Error> {
        let reference = CriRef::decode(cri)?;
        let used = cri_to_options(&reference, cri, dest, mode, opts, scratch)?;
        Ok(Self::used(opts, scratch, used))
    }

    fn used(opts: &'a [OptionRef], values: &'a [u8], used: OptionSpace) -> Self {
        Target {
            options: opts.get(..used.options).unwrap_or_default(),
            values: values.get(..used.scratch).unwrap_or_default(),
        }
    }

    /// The options, as (number, value) in ascending number order; a Uri-Port or
    /// Proxy-Scheme-Number value is a CoAP uint (RFC 7252 §3.2).
    ///
    /// # Examples
    /// ```
    /// use cri::coap::{message::Target, Destination, Mode, OptionRef, URI_HOST, URI_PORT};
    /// use cri::uri::UriRef;
    ///
    /// let (mut opts, mut values) = ([OptionRef::default(); 4], [0u8; 32]);
    /// let uri = UriRef::parse("coap://[2001:db8::1]:61616/")?;
    /// // To another address: Uri-Host names the target; the port differs: Uri-Port.
    /// let dest = Destination { addr: &[192, 0, 2, 1], zone: None, port: Some(5683) };
    /// let target = Target::from_uri(&uri, Some(&dest), Mode::Direct, &mut opts, &mut values)?;
    /// let options: Vec<(u16, &[u8])> = target.iter().collect();
    /// assert_eq!(options, [(URI_HOST, &b"[2001:db8::1]"[..]), (URI_PORT, &[0xF0, 0xB0])]);
    /// # Ok::<(), cri::Error>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (u16, &'a [u8])> + Clone + 'a {
        let values = self.values;
        self.options
            .iter()
            .map(move |o| (o.number, o.value(values)))
    }

    /// How many options the target has.
    ///
    /// # Examples
    /// ```
    /// use cri::coap::{message::Target, Mode, OptionRef};
    /// use cri::uri::UriRef;
    ///
    /// let (mut opts, mut values) = ([OptionRef::default(); 4], [0u8; 32]);
    /// let uri = UriRef::parse("coap://h/a/b")?;
    /// let target = Target::from_uri(&uri, None, Mode::Direct, &mut opts, &mut values)?;
    /// assert_eq!(target.len(), 3);
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.options.len()
    }

    /// True when the target needs no option (`coap://198.51.100.1/` sent to that
    /// address).
    ///
    /// # Examples
    /// ```
    /// use cri::coap::{message::Target, Mode, OptionRef};
    /// use cri::uri::UriRef;
    ///
    /// let (mut opts, mut values) = ([OptionRef::default(); 0], [0u8; 0]);
    /// let uri = UriRef::parse("coap://198.51.100.1/")?;
    /// let target = Target::from_uri(&uri, None, Mode::Direct, &mut opts, &mut values)?;
    /// assert!(target.is_empty());
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }

    /// Adds every option to `msg`, in number order: the message must have no option
    /// numbered above the first one added (Uri-Host is 3; use [`Target::write_range`] to
    /// put other options between the target's).
    ///
    /// # Errors
    /// See [`Target::write_range`].
    ///
    /// # Examples
    /// ```
    /// use cri::coap::{message::Target, Mode, OptionRef};
    /// use cri::uri::UriRef;
    /// use coap_message_implementations::inmemory::MessageMut;
    ///
    /// let (mut opts, mut values) = ([OptionRef::default(); 4], [0u8; 32]);
    /// let uri = UriRef::parse("coap://h/a")?;
    /// let target = Target::from_uri(&uri, None, Mode::Direct, &mut opts, &mut values)?;
    /// let (mut code, mut buf) = (1u8, [0u8; 16]);
    /// let mut request = MessageMut::new_in_slice(&mut code, &mut buf);
    /// target.write(&mut request)?;
    /// let (len, _) = request.finish();
    /// assert_eq!(buf[..len], [0x31, b'h', 0x81, b'a']); // Uri-Host "h", Uri-Path "a"
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write<M: MinimalWritableMessage>(
        &self,
        msg: &mut M,
    ) -> Result<(), WriteError<M::UnionError>> {
        self.write_range(msg, ..)
    }

    /// Adds the options numbered in `numbers` to `msg`, in number order, so that a
    /// request's other options can go between them (coap-message's writers take options
    /// in ascending order).
    ///
    /// Nothing is added unless every option number converts to the message's
    /// option-number type and, for a message that offers [`MutableWritableMessage`],
    /// unless the message has the room: an upper bound of the bytes the options take
    /// (each option's delta counted from 0, so up to 2 bytes more than they may take).
    /// A message that is only [`MinimalWritableMessage`] is checked by its own
    /// `add_option`: each option is added whole or not at all (the trait's rule), and the
    /// ones before an option it refused stay.
    ///
    /// # Errors
    /// [`WriteError::Target`] holding [`Error::Buffer`] (`needed`: that upper bound) when
    /// the message has less room; [`WriteError::Message`] holding the message's error
    /// when it refuses an option number or an option.
    ///
    /// # Examples
    /// ```
    /// use cri::coap::{message::Target, Mode, OptionRef, URI_HOST};
    /// use cri::uri::UriRef;
    /// use coap_message::MinimalWritableMessage;
    /// use coap_message_implementations::inmemory::MessageMut;
    ///
    /// const OBSERVE: u16 = 6;
    /// let (mut opts, mut values) = ([OptionRef::default(); 4], [0u8; 32]);
    /// let uri = UriRef::parse("coap://h/temp")?;
    /// let target = Target::from_uri(&uri, None, Mode::Direct, &mut opts, &mut values)?;
    /// let (mut code, mut buf) = (1u8, [0u8; 16]);
    /// let mut request = MessageMut::new_in_slice(&mut code, &mut buf);
    /// target.write_range(&mut request, ..OBSERVE)?; // Uri-Host
    /// request.add_option(OBSERVE, &[])?; // register
    /// target.write_range(&mut request, OBSERVE..)?; // Uri-Path
    /// let (len, _) = request.finish();
    /// assert_eq!(buf[..len], [0x31, b'h', 0x30, 0x54, b't', b'e', b'm', b'p']);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_range<M: MinimalWritableMessage>(
        &self,
        msg: &mut M,
        numbers: impl RangeBounds<u16>,
    ) -> Result<(), WriteError<M::UnionError>> {
        let selected = self.iter().filter(|(n, _)| numbers.contains(n));
        for (number, _) in selected.clone() {
            option_number::<M>(number)?;
        }
        if let Some(m) = msg.promote_to_mutable_writable_message() {
            // The wire length with every delta counted from 0: no shorter than with the
            // message's last option number (at most the first number added) before them.
            let needed = match options_to_wire(selected.clone(), &mut []) {
                Ok(n) => n,
                Err(Error::Buffer { needed }) => needed,
                Err(e) => return Err(WriteError::Target(e)),
            };
            if needed > m.available_space() {
                return Err(WriteError::Target(Error::Buffer { needed }));
            }
        }
        for (number, value) in selected {
            msg.add_option(option_number::<M>(number)?, value)
                .map_err(|e| WriteError::Message(M::convert_add_option_error(e)))?;
        }
        Ok(())
    }
}

fn option_number<M: MinimalWritableMessage>(
    number: u16,
) -> Result<M::OptionNumber, WriteError<M::UnionError>> {
    <M::OptionNumber as OptionNumber>::new(number)
        .map_err(|e| WriteError::Message(M::convert_option_number_error(e)))
}

/// Writes the request target of the URI `uri` (RFC 7252 §6.4) into `msg` as options, for
/// a request to `dest` (`None`: the address and port the URI names) in `mode`: the list is
/// made in `opts` and `scratch` first ([`Target::from_uri`]), then added
/// ([`Target::write`]), so a URI that cannot be sent leaves the message as it was.
///
/// # Errors
/// [`WriteError::Target`] with the errors of [`Target::from_uri`] (the URI cannot be sent,
/// `opts` or `scratch` is too small: [`Error::OptionSpace`] gives the room needed) and of
/// [`Target::write`] (the message has too little room); [`WriteError::Message`] with the
/// message's error when it refuses an option.
///
/// # Examples
/// ```
/// use cri::coap::{message, Mode, OptionRef};
/// use cri::uri::UriRef;
/// use coap_message_implementations::inmemory::MessageMut;
///
/// let (mut code, mut buf) = (1u8, [0u8; 64]); // GET
/// let mut request = MessageMut::new_in_slice(&mut code, &mut buf);
/// let (mut opts, mut values) = ([OptionRef::default(); 8], [0u8; 64]);
/// let uri = UriRef::parse("coap://example.com/%7Euser/a%2Fb?q")?;
/// message::write_uri(&mut request, &uri, None, Mode::Direct, &mut opts, &mut values)?;
/// let (len, _) = request.finish();
/// // Uri-Host "example.com", Uri-Path "~user", Uri-Path "a/b", Uri-Query "q"
/// assert_eq!(buf[..len], *b"\x3Bexample.com\x85~user\x03a/b\x41q");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_uri<M: MinimalWritableMessage>(
    msg: &mut M,
    uri: &UriRef<'_>,
    dest: Option<&Destination<'_>>,
    mode: Mode,
    opts: &mut [OptionRef],
    scratch: &mut [u8],
) -> Result<(), WriteError<M::UnionError>> {
    Target::from_uri(uri, dest, mode, opts, scratch)?.write(msg)
}

/// Writes the request target of the CRI whose CBOR is `cri` (draft-ietf-core-href-27
/// §8.1.1) into `msg` as options, for a request to `dest` (`None`: the address and port
/// the CRI names) in `mode` (`Proxy`: Proxy-Cri; `ProxyScheme`: Proxy-Scheme-Number):
/// made in `opts` and `scratch` first ([`Target::from_cri`]), then added
/// ([`Target::write`]).
///
/// # Errors
/// As [`write_uri`], with [`Error::Unprocessable`] for CBOR that is no valid CRI
/// reference.
///
/// # Examples
/// ```
/// use cri::coap::{message, Destination, Mode, OptionRef};
/// use coap_message_implementations::inmemory::MessageMut;
///
/// // [-1, [h'C6336401', 61616], [".well-known", "core"]] (draft §5.1.3), sent to
/// // 198.51.100.1 port 61616: no Uri-Host, no Uri-Port.
/// let cri = b"\x83\x20\x82\x44\xC6\x33\x64\x01\x19\xF0\xB0\x82\x6B.well-known\x64core";
/// let dest = Destination { addr: &[198, 51, 100, 1], zone: None, port: Some(61616) };
/// let (mut code, mut buf) = (1u8, [0u8; 64]);
/// let mut request = MessageMut::new_in_slice(&mut code, &mut buf);
/// let (mut opts, mut values) = ([OptionRef::default(); 8], [0u8; 64]);
/// message::write_cri(&mut request, cri, Some(&dest), Mode::Direct, &mut opts, &mut values)?;
/// let (len, _) = request.finish();
/// assert_eq!(buf[..len], *b"\xBB.well-known\x04core");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_cri<M: MinimalWritableMessage>(
    msg: &mut M,
    cri: &[u8],
    dest: Option<&Destination<'_>>,
    mode: Mode,
    opts: &mut [OptionRef],
    scratch: &mut [u8],
) -> Result<(), WriteError<M::UnionError>> {
    Target::from_cri(cri, dest, mode, opts, scratch)?.write(msg)
}

/// The options [`read_uri`] and [`read_cri`] read: Uri-Host, Uri-Port, Uri-Path,
/// Uri-Query, and the proxy options, which the composers refuse.
fn is_target(number: u16) -> bool {
    matches!(
        number,
        URI_HOST
            | URI_PORT
            | URI_PATH
            | URI_QUERY
            | PROXY_URI
            | PROXY_SCHEME
            | PROXY_CRI
            | PROXY_SCHEME_NUMBER
    )
}

/// The option number a message implementation yields for option bytes it cannot parse
/// (coap-message-implementations' `OPTION_INVALID`): critical and unsafe (RFC 7252 §5.4.6),
/// so no request that carries it can be served (§5.4.1), and a target read around it may
/// have lost an option.
const OPTION_INVALID: u16 = u16::MAX;

/// Copies the values of `msg`'s target options into `scratch`, one after the other;
/// returns the bytes used, or the room needed. A message with [`OPTION_INVALID`] has no
/// target: `Wire`, as [`super::options_from_wire`] says of the same bytes.
fn gather<'s, M: ReadableMessage>(msg: &M, scratch: &'s mut [u8]) -> Result<&'s [u8], Error> {
    let (mut options, mut len) = (0usize, 0usize);
    for o in msg.options() {
        match o.number() {
            OPTION_INVALID => return Err(Error::Coap(CoapError::Wire)),
            n if !is_target(n) => continue,
            _ => {}
        }
        let value = o.value();
        let end = len.saturating_add(value.len());
        if let Some(to) = scratch.get_mut(len..end) {
            // Byte by byte: `copy_from_slice` calls memcpy (Decision 17).
            for (d, &b) in to.iter_mut().zip(value) {
                *d = b;
            }
        }
        (options, len) = (options.saturating_add(1), end);
    }
    match scratch.get(..len) {
        Some(used) => Ok(used),
        None => Err(Error::OptionSpace(OptionSpace {
            options,
            scratch: len,
        })),
    }
}

/// A message's target options as (number, value) pairs, the values read from the copy
/// [`gather`] made; a clone reads the message's options again from the start to where
/// the original stands (the composers take a `Clone` iterator).
struct Replay<'m, 'v, M: ReadableMessage> {
    msg: &'m M,
    options: M::OptionsIter<'m>,
    /// Options taken from `options` so far.
    taken: usize,
    values: &'v [u8],
    /// Where the next value starts in `values`.
    at: usize,
}

impl<'m, 'v, M: ReadableMessage> Replay<'m, 'v, M> {
    fn new(msg: &'m M, values: &'v [u8]) -> Self {
        Replay {
            msg,
            options: msg.options(),
            taken: 0,
            values,
            at: 0,
        }
    }
}

impl<'v, M: ReadableMessage> Iterator for Replay<'_, 'v, M> {
    type Item = (u16, &'v [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        for o in self.options.by_ref() {
            self.taken = self.taken.saturating_add(1);
            let number = o.number();
            if is_target(number) {
                let end = self.at.saturating_add(o.value().len());
                let value = self.values.get(self.at..end)?;
                self.at = end;
                return Some((number, value));
            }
        }
        None
    }
}

impl<M: ReadableMessage> Clone for Replay<'_, '_, M> {
    fn clone(&self) -> Self {
        let mut options = self.msg.options();
        options.by_ref().take(self.taken).for_each(drop);
        Replay { options, ..*self }
    }
}

/// Composes the URI of the request `msg` (RFC 7252 §6.5) into `out`: its CoAP `scheme`
/// (`coap`, `coaps`, `coap+tcp`, ...; the transport the request came over), its
/// destination `dest` (the address and port it was received at, used when it has no
/// Uri-Host or no Uri-Port; the zone of a link-local address) and its options. The values
/// of its Uri-Host, Uri-Port, Uri-Path, Uri-Query and proxy options are copied into
/// `scratch` first (a [`MessageOption`] lends its value only while it lives); other
/// options are not read. Exactly [`uri_from_options`] of those
/// options.
///
/// The request's other options are the handler's to check: a critical option it does not
/// know fails the request with 4.02 Bad Option (RFC 7252 §5.4.1), whatever its target.
/// Option bytes the message cannot parse are its implementation's to report; one that
/// yields them as option 65535 (as coap-message-implementations does) gets `Wire` here.
///
/// # Errors
/// [`Error::Coap`] with `Wire` when the message has an option 65535 (above);
/// [`Error::OptionSpace`] when `scratch` cannot hold the values (`scratch`: the bytes
/// needed); otherwise those of [`uri_from_options`]:
/// [`Error::Coap`] for options that make no URI (`NotUtf8`, `DotSegment`, `BadUriHost`,
/// `OptionLength`, `Order`, `Conflict`, `Proxy` for proxy options, ...) or a bad `scheme`
/// or `dest`, and [`Error::Buffer`] with the length needed when `out` is too small. These
/// render as a CoAP response (4.02 Bad Option for the request's options, 5.05 Proxying Not
/// Supported for proxy options; see [`Error`]'s [`RenderableOnMinimal`]).
///
/// # Examples
/// ```
/// use cri::coap::{message, Destination};
/// use coap_message_implementations::inmemory::Message;
///
/// // A GET with Uri-Path ".well-known", Uri-Path "core", received at [2001:db8::1]:5683.
/// let request = Message::new_from_slice(1, b"\xBB.well-known\x04core");
/// let addr = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
/// let here = Destination { addr: &addr, zone: None, port: Some(5683) };
/// let (mut scratch, mut out) = ([0u8; 32], [0u8; 64]);
/// let uri = message::read_uri(&request, "coap", &here, &mut scratch, &mut out)?;
/// assert_eq!(uri, "coap://[2001:db8::1]/.well-known/core");
/// # Ok::<(), cri::Error>(())
/// ```
pub fn read_uri<'o, M: ReadableMessage>(
    msg: &M,
    scheme: &str,
    dest: &Destination<'_>,
    scratch: &mut [u8],
    out: &'o mut [u8],
) -> Result<&'o str, Error> {
    let values = gather(msg, scratch)?;
    let n = uri_from_options(scheme.as_bytes(), dest, Replay::new(msg, values), out)?;
    let out: &'o [u8] = out;
    // The composer writes ASCII, and a zone that is UTF-8.
    core::str::from_utf8(out.get(..n).unwrap_or_default())
        .map_err(|_| Error::Coap(CoapError::NotUtf8))
}

/// Composes the CRI of the request `msg` (draft-ietf-core-href-27 §8.1.2) into `out` as
/// CBOR: its scheme number `scheme_number` (0 for `coap`, 1 for `coaps`, ...: the
/// transport the request came over), its destination `dest` (as for [`read_uri`]) and its
/// options, copied into `scratch` as [`read_uri`] does. Exactly
/// [`cri_from_options`] of those options.
///
/// # Errors
/// As [`read_uri`], with [`cri_from_options`]'s errors
/// (`NotCoapScheme` for a scheme number outside the CoAP table).
///
/// # Examples
/// ```
/// use cri::coap::{message, Destination};
/// use coap_message_implementations::inmemory::Message;
///
/// // A GET with Uri-Host "example.com" and Uri-Path "a", over coaps (scheme number 1).
/// let request = Message::new_from_slice(1, b"\x3Bexample.com\x81a");
/// let here = Destination { addr: &[192, 0, 2, 1], zone: None, port: Some(5684) };
/// let (mut scratch, mut out) = ([0u8; 32], [0u8; 64]);
/// let cri = message::read_cri(&request, 1, &here, &mut scratch, &mut out)?;
/// // [-2, ["example", "com"], ["a"]]
/// assert_eq!(cri, b"\x83\x21\x82\x67example\x63com\x81\x61a");
/// # Ok::<(), cri::Error>(())
/// ```
pub fn read_cri<'o, M: ReadableMessage>(
    msg: &M,
    scheme_number: u64,
    dest: &Destination<'_>,
    scratch: &mut [u8],
    out: &'o mut [u8],
) -> Result<&'o [u8], Error> {
    let values = gather(msg, scratch)?;
    let n = cri_from_options(scheme_number, dest, Replay::new(msg, values), out)?;
    let out: &'o [u8] = out;
    Ok(out.get(..n).unwrap_or_default())
}

/// Why [`write_uri`], [`write_cri`] or [`Target::write`] did not write a target: libcri's
/// [`Error`], or the message's own (`E` is its [`MinimalWritableMessage::UnionError`]).
///
/// # Examples
/// ```
/// use cri::coap::{message::{self, WriteError}, CoapError, Mode, OptionRef};
/// use cri::uri::UriRef;
/// use coap_message_implementations::inmemory::MessageMut;
///
/// let (mut code, mut buf) = (1u8, [0u8; 64]);
/// let mut request = MessageMut::new_in_slice(&mut code, &mut buf);
/// let (mut opts, mut values) = ([OptionRef::default(); 8], [0u8; 512]);
/// let long = format!("coap://h/{}", "a".repeat(256)); // Uri-Path is 0-255 bytes
/// let uri = UriRef::parse(&long)?;
/// let r = message::write_uri(&mut request, &uri, None, Mode::Direct, &mut opts, &mut values);
/// assert!(matches!(r, Err(WriteError::Target(cri::Error::Coap(CoapError::OptionLength)))));
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteError<E> {
    /// libcri's error: the target cannot be sent, the option list does not fit the
    /// caller's buffers ([`Error::OptionSpace`]), or the message has too little room
    /// ([`Error::Buffer`]). Nothing was written.
    Target(Error),
    /// The message's error: it refused an option number or an option.
    Message(E),
}

impl<E> From<Error> for WriteError<E> {
    fn from(e: Error) -> Self {
        WriteError::Target(e)
    }
}

impl<E: fmt::Debug> fmt::Display for WriteError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Target(e) => e.fmt(f),
            WriteError::Message(e) => write!(f, "the message refused an option: {e:?}"),
        }
    }
}

impl<E: fmt::Debug> core::error::Error for WriteError<E> {}

impl<E: RenderableOnMinimal + fmt::Debug> RenderableOnMinimal for WriteError<E> {
    type Error<IE: RenderableOnMinimal + fmt::Debug> = Result<IE, E::Error<IE>>;

    fn render<M: MinimalWritableMessage>(
        self,
        msg: &mut M,
    ) -> Result<(), Self::Error<M::UnionError>> {
        match self {
            WriteError::Target(e) => e.render(msg).map_err(Ok),
            WriteError::Message(e) => e.render(msg).map_err(Err),
        }
    }
}

/// 4.00 Bad Request, 4.02 Bad Option, 5.00 Internal Server Error, 5.05 Proxying Not
/// Supported (RFC 7252 §12.1.2).
const BAD_REQUEST: u8 = 0x80;
const BAD_OPTION: u8 = 0x82;
const INTERNAL_SERVER_ERROR: u8 = 0xA0;
const PROXYING_NOT_SUPPORTED: u8 = 0xA5;

/// An error as a CoAP response: 4.02 Bad Option for request options that make no target
/// ([`Error::Coap`]), 5.05 Proxying Not Supported for proxy options (`Proxy`: the request
/// is for a forward-proxy, RFC 7252 §5.10.2), 5.00 Internal Server Error where the server's
/// side failed (its
/// buffers: [`Error::Buffer`], [`Error::OptionSpace`]; its scheme or destination:
/// `NotCoapScheme`, `NoHost`), 4.00 Bad Request for the rest (a URI or CRI in the request
/// that is malformed). A CoAP reason comes with its sentence as diagnostic payload (RFC
/// 7252 §5.5.2).
impl RenderableOnMinimal for Error {
    type Error<IE: RenderableOnMinimal + fmt::Debug> = IE;

    fn render<M: MinimalWritableMessage>(self, msg: &mut M) -> Result<(), M::UnionError> {
        let code = match self {
            Error::Buffer { .. }
            | Error::OptionSpace(_)
            | Error::Coap(CoapError::NotCoapScheme | CoapError::NoHost) => INTERNAL_SERVER_ERROR,
            Error::Coap(CoapError::Proxy) => PROXYING_NOT_SUPPORTED,
            Error::Coap(_) => BAD_OPTION,
            _ => BAD_REQUEST,
        };
        msg.set_code(<M::Code as Code>::new(code).map_err(M::convert_code_error)?);
        if let Error::Coap(why) = self {
            msg.set_payload(why.description().as_bytes())
                .map_err(M::convert_set_payload_error)?;
        }
        Ok(())
    }
}
