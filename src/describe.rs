//! One-sentence descriptions of every error reason, for `Display` and for people: what
//! the CRI reasons (draft-ietf-core-href-27 §5.2.1), the URI ⇄ CRI conversion reasons
//! (draft §6.1) and the CoAP reasons (RFC 7252 §6.4/§6.5) mean. The names C programs
//! see are `cri_reason_name`'s; these sentences say the same thing in words.

use crate::coap::CoapError;
use crate::cri::Reason;
use crate::Unconvertible;
use core::fmt;

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

impl CoapError {
    /// Why the CoAP conversion failed, in one sentence.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            CoapError::NotAbsolute => "the URI is not absolute, or the CRI not full",
            CoapError::NotCoapScheme => "the scheme is not a CoAP scheme: use a proxy mode",
            CoapError::Fragment => "a fragment is never sent in a CoAP request",
            CoapError::NoHost => "there is no host, neither in the target nor a destination",
            CoapError::OptionLength => "an option value is outside the length RFC 7252 allows",
            CoapError::Pet => "a PET value cannot become an option value",
            CoapError::BadUriHost => {
                "a Uri-Host is neither a reg-name, an IP-literal nor an IPv4 address"
            }
            CoapError::NotUtf8 => "a Uri-Host, Uri-Path or Uri-Query is not UTF-8",
            CoapError::DotSegment => "a Uri-Path is \".\" or \"..\"",
            CoapError::Order => "the options are not in ascending number order",
            CoapError::Wire => "the option bytes are truncated or malformed",
            CoapError::Conflict => "options that must not stand together, or a repeated option",
            CoapError::BadValue => "a bad Uri-Port, destination address or destination zone",
            CoapError::Userinfo => "a CoAP URI has no userinfo",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

impl fmt::Display for Unconvertible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

impl fmt::Display for CoapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

#[cfg(test)]
mod tests {
    use crate::Error;
    use std::string::ToString;

    /// `Display` writes sentences, not variant names.
    #[test]
    fn errors_display_as_sentences() {
        let e = Error::Unprocessable {
            reason: crate::cri::Reason::DiscardRange,
            offset: 1,
        };
        assert_eq!(
            e.to_string(),
            "unprocessable CRI at byte 1: a discard value is over 127"
        );
        let e = Error::Coap(crate::coap::CoapError::Fragment);
        assert_eq!(
            e.to_string(),
            "CoAP: a fragment is never sent in a CoAP request"
        );
        let e = Error::Unconvertible(crate::Unconvertible::EmptyPort);
        assert_eq!(
            e.to_string(),
            "cannot convert: an empty port has no CRI form"
        );
    }
}
