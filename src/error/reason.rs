//! Why a CRI reference is unprocessable (draft-ietf-core-href-27 §5.2.1): the reasons,
//! their stable names (`CRI_REASON_*` in C) and one-sentence descriptions.

/// Why a CRI reference is unprocessable (draft §5.2.1).
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Reason {
    /// Not well-formed CBOR (truncated, reserved values, bad lengths).
    NotCbor = 1,
    /// Indefinite-length encoding (draft §5.1: not for stand-alone CRIs).
    Indefinite = 2,
    /// A trailing section holds its default value (or `null`) and was not removed.
    TrailingDefault = 3,
    /// Scheme and authority both `null`: the discard form must be used.
    TwoLeadingNulls = 4,
    /// A path segment is "." or "..".
    DotSegment = 5,
    /// A text string is not valid UTF-8.
    InvalidUtf8 = 6,
    /// A port is over 65535.
    PortRange = 7,
    /// A host-ip is not 4 or 16 bytes long.
    HostIpLength = 8,
    /// A host-name label contains "." or an uppercase ASCII letter (docs/DESIGN.md
    /// Decision 12).
    HostLabel = 9,
    /// A PET byte string holds bytes that must be text (unreserved or UTF-8 characters).
    PetNotMinimal = 10,
    /// Without an authority, the path starts with an empty segment followed by more, or a
    /// rootless path starts with an empty segment.
    LeadingEmptySegment = 11,
    /// A rootless (`true`) no-authority CRI with an empty path.
    NakedRootless = 12,
    /// An item of a type or shape the CDDL does not allow (or an unknown extension).
    Structure = 13,
    /// A discard value over 127.
    DiscardRange = 14,
    /// A scheme-name that does not match `[a-z][a-z0-9+.-]*`.
    SchemeName = 15,
    /// Bytes follow the CRI.
    TrailingBytes = 16,
    /// A full CRI was required, but this is a relative reference.
    NotFull = 17,
    /// A CBOR tag other than 99 (CRI reference) encloses the CRI.
    Tag = 18,
}

impl Reason {
    /// What makes the CRI unprocessable, in one sentence (no final period).
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            Reason::NotCbor => {
                "the bytes are not well-formed CBOR (truncated, reserved or bad lengths)"
            }
            Reason::Indefinite => "an item uses indefinite-length encoding, which a CRI must not",
            Reason::TrailingDefault => {
                "a trailing section holds its default value and was not removed"
            }
            Reason::TwoLeadingNulls => {
                "scheme and authority are both null: the discard form must be used"
            }
            Reason::DotSegment => "a path segment is \".\" or \"..\"",
            Reason::InvalidUtf8 => "a text string is not valid UTF-8",
            Reason::PortRange => "a port is over 65535",
            Reason::HostIpLength => "a host-ip is not 4 or 16 bytes long",
            Reason::HostLabel => "a host-name label contains a dot or an uppercase letter",
            Reason::PetNotMinimal => "a PET byte string holds bytes that must be text",
            Reason::LeadingEmptySegment => {
                "without an authority, the path starts with an empty segment"
            }
            Reason::NakedRootless => "a rootless CRI without authority has an empty path",
            Reason::Structure => "an item has a type or shape the CRI grammar does not allow",
            Reason::DiscardRange => "a discard value is over 127",
            Reason::SchemeName => "a scheme-name is not lowercase letters, digits, +, - and .",
            Reason::TrailingBytes => "bytes follow the CRI",
            Reason::NotFull => {
                "a full CRI (with a scheme) is needed, and this is a relative reference"
            }
            Reason::Tag => "a CBOR tag other than 99 encloses the CRI",
        }
    }
}
