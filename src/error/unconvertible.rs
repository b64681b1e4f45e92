//! Why a reference has no form in the other notation (URI ⇄ CRI, draft-ietf-core-href-27
//! §6.1): the reasons (`CRI_UNCONVERTIBLE_*` in C) and one-sentence descriptions.

/// Why a conversion between URI and CRI is impossible.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Unconvertible {
    /// An IPvFuture host: CRIs have no form for it (draft §2 C4).
    IpvFuture = 1,
    /// An empty port (`http://a:/`): not supported by CRIs (draft §2 C6).
    EmptyPort = 2,
    /// A port with redundant leading zeros (`:080`): not supported by CRIs (draft §2 C6).
    PortLeadingZero = 3,
    /// URI → CRI: a zone id that is not valid UTF-8 once percent-decoded (a CRI zone-id
    /// is text). CRI → URI: an empty zone-id, or one on an IPv4 address (RFC 6874 gives
    /// IPv6 addresses only a `ZoneID = 1*( unreserved / pct-encoded )`).
    ZoneId = 4,
    /// A scheme-id whose scheme number is not in the table compiled in.
    UnknownScheme = 5,
    /// discard 0 together with a path, or with an empty query: no URI reference says
    /// "keep the whole base path and append" or "drop the base query" (draft §6.1).
    DiscardZero = 6,
    /// discard `true` or a count, without path segments to append: a URI reference cannot
    /// remove base segments without adding one.
    DiscardWithoutPath = 7,
    /// A host-ip with a zone-id, and the caller did not opt in to the RFC 6874 form.
    ZoneIdNotEnabled = 8,
    /// The CRI is not a full CRI where one is needed (a base).
    NotFull = 9,
    /// Without an authority, the path starts with an empty segment followed by more
    /// (`s:/.//x`): a CRI cannot hold it (draft §2, "Constraints not expressed by the data
    /// model").
    LeadingEmptySegment = 10,
    /// A relative-path reference that climbs more than 126 segments (`../` × 127 + `g`):
    /// it would need a discard over 127, which draft §5.1 does not allow (`0..127`).
    DiscardRange = 11,
    /// No scheme, and authority `true` (a rootless path without an authority): the base's
    /// scheme with its authority dropped, which no URI reference without a scheme can say
    /// (`x` would be merged with the base path, RFC 3986 §5.2.2).
    RootlessWithoutScheme = 12,
}

impl Unconvertible {
    /// Why the reference has no form in the other notation, in one sentence.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            Unconvertible::IpvFuture => "an IPvFuture host has no CRI form",
            Unconvertible::EmptyPort => "an empty port has no CRI form",
            Unconvertible::PortLeadingZero => "a port with leading zeros has no CRI form",
            Unconvertible::ZoneId => {
                "the zone id cannot be carried (not UTF-8, or on an IPv4 address)"
            }
            Unconvertible::UnknownScheme => "the scheme number is not in the table compiled in",
            Unconvertible::DiscardZero => "discard 0 with a path or an empty query has no URI form",
            Unconvertible::DiscardWithoutPath => "a discard without path segments has no URI form",
            Unconvertible::ZoneIdNotEnabled => "a zone id is written only when the caller opts in",
            Unconvertible::NotFull => "a full CRI (with a scheme) is needed here",
            Unconvertible::LeadingEmptySegment => {
                "a path starting with an empty segment and no authority has no CRI form"
            }
            Unconvertible::DiscardRange => "the reference climbs more than 127 segments",
            Unconvertible::RootlessWithoutScheme => {
                "a rootless path without a scheme would resolve differently as a URI"
            }
        }
    }
}
