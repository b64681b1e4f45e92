//! The one error type of the Rust API; [`crate::ffi::cri_status`] mirrors it for C.

use core::fmt;

pub use crate::cri::Reason;

/// Why an operation failed. Offsets are byte offsets into the input that was being read.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The output buffer is too small; `needed` is the length the output needs (bytes,
    /// without a terminating NUL).
    Buffer {
        /// Bytes the output needs, without a NUL.
        needed: usize,
    },
    /// The input does not match the RFC 3986 grammar; `offset` is the first byte that
    /// cannot continue a valid reference (the input length if it ended too early).
    Syntax {
        /// Byte offset into the input.
        offset: usize,
    },
    /// A broken percent-encoding (`%` not followed by two hex digits): `offset` is the `%`
    /// when percent-decoding, the first byte that is not a hex digit when parsing.
    Percent {
        /// Byte offset into the input.
        offset: usize,
    },
    /// The port at `offset` is larger than 65535.
    PortRange {
        /// Byte offset of the port's first digit.
        offset: usize,
    },
    /// The base URI is not an absolute URI (RFC 3986 §5.1): it has no scheme (`offset` 0)
    /// or a syntax error at `offset`.
    Base {
        /// Byte offset into the base.
        offset: usize,
    },
    /// The components given cannot be recomposed into a URI reference that parses back to
    /// them (RFC 3986 §4.2, §5.3), e.g. a rootless path after an authority.
    Parts,
    /// The CRI reference is unprocessable (draft-ietf-core-href-27 §5.2.1): `reason` says
    /// why, `offset` is the byte offset of the offending CBOR item.
    Unprocessable {
        /// The requirement the CRI misses.
        reason: Reason,
        /// Byte offset of the offending CBOR item.
        offset: usize,
    },
    /// The reference cannot be converted: a valid URI with no CRI form, or a CRI with no
    /// URI form (draft §6.1).
    Unconvertible(Unconvertible),
    /// A CoAP conversion failed (RFC 7252 §6.4/§6.5, draft §8).
    Coap(crate::coap::CoapError),
    /// An option list did not fit: the room needed (options, value bytes).
    OptionSpace(crate::coap::OptionSpace),
}

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

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Buffer { needed } => write!(f, "output buffer too small: {needed} bytes needed"),
            Error::Syntax { offset } => write!(f, "syntax error at byte {offset}"),
            Error::Percent { offset } => write!(f, "broken percent-encoding at byte {offset}"),
            Error::PortRange { offset } => write!(f, "port at byte {offset} is over 65535"),
            Error::Base { offset } => write!(f, "base URI is not an absolute URI (byte {offset})"),
            Error::Parts => f.write_str("components cannot be recomposed"),
            Error::Unprocessable { reason, offset } => {
                write!(f, "unprocessable CRI at byte {offset}: {reason}")
            }
            Error::Unconvertible(why) => write!(f, "cannot convert: {why}"),
            Error::Coap(why) => write!(f, "CoAP: {why}"),
            Error::OptionSpace(s) => write!(
                f,
                "option list too small: {} options, {} value bytes needed",
                s.options, s.scratch
            ),
        }
    }
}

impl core::error::Error for Error {}
