//! Why a CoAP conversion failed (RFC 7252 §6.4/§6.5, draft-ietf-core-href-27 §8): the
//! reasons (`CRI_COAP_ERR_*` in C), their one-sentence descriptions, and the room an
//! option list needs.

reasons! {
    /// Why a CoAP conversion failed. The numbers are the C API's `CRI_COAP_ERR_*`
    /// values.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::coap::{self, Mode, OptionRef};
    /// use cri::{CoapError, Error, UriRef};
    ///
    /// // A fragment is never sent (RFC 7252 §6.4 step 4).
    /// let uri = UriRef::parse("coap://h/a#top")?;
    /// let (mut opts, mut values) = ([OptionRef::default(); 4], [0u8; 16]);
    /// let e = coap::uri_to_options(&uri, None, Mode::Direct, &mut opts, &mut values);
    /// assert_eq!(e, Err(Error::Coap(CoapError::Fragment)));
    /// # Ok::<(), Error>(())
    /// ```
    pub enum CoapError in "CRI_COAP_ERR_" {
        /// The URI is not absolute, or the CRI not full (RFC 7252 §6.4 step 1, draft §8.1.1
        /// step 1).
        NotAbsolute = 1 => "the URI is not absolute, or the CRI not full",
        /// Not one of coap, coaps, coap+tcp, coaps+tcp, coap+ws, coaps+ws (or a scheme-name in
        /// a CRI): use a proxy mode.
        NotCoapScheme = 2 => "the scheme is not a CoAP scheme: use a proxy mode",
        /// A fragment: it is never sent (RFC 7252 §6.4 step 4).
        Fragment = 3 => "a fragment is never sent in a CoAP request",
        /// No host, or an empty one (a Uri-Host is 1-255 bytes, RFC 7252 §5.10.1, and CoAP
        /// defines no default host): neither in the URI/CRI/options nor a destination address.
        NoHost = 4 => "there is no host, neither in the target nor a destination",
        /// An option value is longer (or shorter) than RFC 7252 allows for its option.
        OptionLength = 5 => "an option value is outside the length RFC 7252 allows",
        /// A CRI text-pet-sequence cannot become an option value (draft §8.1.1).
        Pet = 6 => "a PET value cannot become an option value",
        /// A Uri-Host that is neither a reg-name, an IP-literal nor an IPv4address (a bare
        /// IPv6 address, for one: RFC 7252 §6.5 step 2).
        BadUriHost = 7 => "a Uri-Host is neither a reg-name, an IP-literal nor an IPv4 address",
        /// An option value that is not UTF-8 where text is needed (a CRI).
        NotUtf8 = 8 => "a Uri-Host, Uri-Path or Uri-Query is not UTF-8",
        /// A Uri-Path of "." or ".." (no URI or CRI carries it as a segment).
        DotSegment = 9 => "a Uri-Path is \".\" or \"..\"",
        /// Options out of order in a list to encode (RFC 7252 §3.1 needs ascending numbers).
        Order = 10 => "the options are not in ascending number order",
        /// Truncated option bytes, a reserved nibble 15, or an option number over 65535.
        Wire = 11 => "the option bytes are truncated or malformed",
        /// Options that must not stand together (Proxy-Cri with Uri-* or Proxy-Uri,
        /// Proxy-Scheme with Proxy-Scheme-Number, Proxy-Uri with Uri-*), or a
        /// non-repeatable option repeated.
        Conflict = 12 => "options that must not stand together, or a repeated option",
        /// A destination address not 4 or 16 bytes, or a destination zone that is empty, not
        /// UTF-8, or on an IPv4 address (composers: RFC 6874 `ZoneID = 1*…`, draft §5.1 text).
        BadValue = 13 => "a bad Uri-Port, destination address or destination zone",
        /// A userinfo: CoAP URIs have none (RFC 7252 §6.1) and no option carries it.
        Userinfo = 14 => "a CoAP URI has no userinfo",
        /// Proxy-Uri, Proxy-Scheme, Proxy-Cri or Proxy-Scheme-Number given to a composer:
        /// the request is for a forward-proxy, and a server that composes its own target
        /// is none (RFC 7252 §5.10.2: 5.05 Proxying Not Supported).
        Proxy = 15 => "a proxy option reached a server that is no forward-proxy",
    }
}

/// How much room an option list takes: options and value bytes. What the list writers
/// return on success, and carry in [`crate::Error::OptionSpace`] when the list does not
/// fit.
///
/// # Examples
///
/// ```
/// use cri::coap::{self, Mode, OptionRef};
/// use cri::{Error, OptionSpace, UriRef};
///
/// let uri = UriRef::parse("coap://example.com/a/b")?;
/// let (mut opts, mut values) = ([OptionRef::default(); 2], [0u8; 64]);
/// let e = coap::uri_to_options(&uri, None, Mode::Direct, &mut opts, &mut values);
/// let needed = OptionSpace { options: 3, scratch: 13 };
/// assert_eq!(e, Err(Error::OptionSpace(needed)));
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptionSpace {
    /// Options in the list.
    pub options: usize,
    /// Bytes of option values.
    pub scratch: usize,
}
