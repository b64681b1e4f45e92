//! Why a reference has no form in the other notation (URI ⇄ CRI, draft-ietf-core-href-27
//! §6.1): the reasons (`CRI_UNCONVERTIBLE_*` in C) and one-sentence descriptions.

reasons! {
    /// Why a conversion between URI and CRI is impossible (draft §6.1). The numbers are
    /// the C API's `CRI_UNCONVERTIBLE_*` values.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::from_uri;
    /// use cri::{Error, Unconvertible, UriRef};
    ///
    /// // A CRI port is a number: `:080` has no CRI form (draft §2 C6).
    /// let uri = UriRef::parse("coap://h:080/a")?;
    /// let e = from_uri(&uri, &mut [0u8; 32]);
    /// assert_eq!(e, Err(Error::Unconvertible(Unconvertible::PortLeadingZero)));
    /// # Ok::<(), Error>(())
    /// ```
    pub enum Unconvertible in "CRI_UNCONVERTIBLE_" {
        /// An IPvFuture host: CRIs have no form for it (draft §2 C4).
        IpvFuture = 1 as "IPVFUTURE" => "an IPvFuture host has no CRI form",
        /// An empty port (`http://a:/`): not supported by CRIs (draft §2 C6).
        EmptyPort = 2 => "an empty port has no CRI form",
        /// A port with redundant leading zeros (`:080`): not supported by CRIs (draft §2 C6).
        PortLeadingZero = 3 => "a port with leading zeros has no CRI form",
        /// URI → CRI: a zone id that is not valid UTF-8 once percent-decoded (a CRI zone-id
        /// is text). CRI → URI: an empty zone-id, or one on an IPv4 address (RFC 6874 gives
        /// IPv6 addresses only a `ZoneID = 1*( unreserved / pct-encoded )`).
        ZoneId = 4 => "the zone id cannot be carried (not UTF-8, or on an IPv4 address)",
        /// A scheme-id whose scheme number is not in the table compiled in.
        UnknownScheme = 5 => "the scheme number is not in the table compiled in",
        /// discard 0 together with a path, or with an empty query: no URI reference says
        /// "keep the whole base path and append" or "drop the base query" (draft §6.1).
        DiscardZero = 6 => "discard 0 with a path or an empty query has no URI form",
        /// discard `true` or a count, without path segments to append: a URI reference cannot
        /// remove base segments without adding one.
        DiscardWithoutPath = 7 => "a discard without path segments has no URI form",
        /// A host-ip with a zone-id, and the caller did not opt in to the RFC 6874 form.
        ZoneIdNotEnabled = 8 => "a zone id is written only when the caller opts in",
        /// The CRI is not a full CRI where one is needed (a base).
        NotFull = 9 => "a full CRI (with a scheme) is needed here",
        /// Without an authority, the path starts with an empty segment followed by more
        /// (`s:/.//x`): a CRI cannot hold it (draft §2, "Constraints not expressed by the data
        /// model").
        LeadingEmptySegment = 10 =>
            "a path starting with an empty segment and no authority has no CRI form",
        /// A relative-path reference that climbs more than 126 segments (`../` × 127 + `g`):
        /// it would need a discard over 127, which draft §5.1 does not allow (`0..127`).
        DiscardRange = 11 => "the reference climbs more than 127 segments",
        /// No scheme, and authority `true` (a rootless path without an authority): the base's
        /// scheme with its authority dropped, which no URI reference without a scheme can say
        /// (`x` would be merged with the base path, RFC 3986 §5.2.2).
        RootlessWithoutScheme = 12 =>
            "a rootless path without a scheme would resolve differently as a URI",
    }
}
