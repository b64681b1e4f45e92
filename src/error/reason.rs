//! Why a CRI reference is unprocessable (draft-ietf-core-href-27 §5.2.1): the reasons,
//! their stable names (`CRI_REASON_*` in C) and one-sentence descriptions.

reasons! {
    /// Why a CRI reference is unprocessable (draft §5.2.1). The numbers are the C API's
    /// `CRI_REASON_*` values.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::{CriRef, Error, Reason};
    ///
    /// // [0, [".."]]: a path segment may not be "." or ".." (draft §5.2.1).
    /// let e = CriRef::decode(&[0x82, 0x00, 0x81, 0x62, b'.', b'.']);
    /// assert_eq!(e, Err(Error::Unprocessable { reason: Reason::DotSegment, offset: 3 }));
    /// assert_eq!(Reason::DotSegment as i32, 5); // CRI_REASON_DOT_SEGMENT
    /// ```
    pub enum Reason in "CRI_REASON_" {
        /// Not well-formed CBOR (truncated, reserved values, bad lengths).
        NotCbor = 1 => "the bytes are not well-formed CBOR (truncated, reserved or bad lengths)",
        /// Indefinite-length encoding (draft §5.1: not for stand-alone CRIs).
        Indefinite = 2 => "an item uses indefinite-length encoding, which a CRI must not",
        /// A trailing section holds its default value (or `null`) and was not removed.
        TrailingDefault = 3 => "a trailing section holds its default value and was not removed",
        /// Scheme and authority both `null`: the discard form must be used.
        TwoLeadingNulls = 4 => "scheme and authority are both null: the discard form must be used",
        /// A path segment is "." or "..".
        DotSegment = 5 => "a path segment is \".\" or \"..\"",
        /// A text string is not valid UTF-8.
        InvalidUtf8 = 6 => "a text string is not valid UTF-8",
        /// A port is over 65535.
        PortRange = 7 => "a port is over 65535",
        /// A host-ip is not 4 or 16 bytes long.
        HostIpLength = 8 => "a host-ip is not 4 or 16 bytes long",
        /// A host-name label contains "." or an uppercase ASCII letter (docs/DESIGN.md
        /// Decision 12).
        HostLabel = 9 => "a host-name label contains a dot or an uppercase letter",
        /// A PET byte string holds bytes that must be text (unreserved or UTF-8 characters).
        PetNotMinimal = 10 => "a PET byte string holds bytes that must be text",
        /// Without an authority, the path starts with an empty segment followed by more, or a
        /// rootless path starts with an empty segment.
        LeadingEmptySegment = 11 => "without an authority, the path starts with an empty segment",
        /// A rootless (`true`) no-authority CRI with an empty path.
        NakedRootless = 12 => "a rootless CRI without authority has an empty path",
        /// An item of a type or shape the CDDL does not allow (or an unknown extension).
        Structure = 13 => "an item has a type or shape the CRI grammar does not allow",
        /// A discard value over 127.
        DiscardRange = 14 => "a discard value is over 127",
        /// A scheme-name that does not match `[a-z][a-z0-9+.-]*`.
        SchemeName = 15 => "a scheme-name is not lowercase letters, digits, +, - and .",
        /// Bytes follow the CRI.
        TrailingBytes = 16 => "bytes follow the CRI",
        /// A full CRI was required, but this is a relative reference.
        NotFull = 17 => "a full CRI (with a scheme) is needed, and this is a relative reference",
        /// A CBOR tag other than 99 (CRI reference) encloses the CRI.
        Tag = 18 => "a CBOR tag other than 99 encloses the CRI",
    }
}

/// An unprocessable CRI (draft §5.2.1): the reason and the byte offset of the offending
/// CBOR item, the two fields of [`crate::Error::Unprocessable`] (what
/// [`crate::cri::CriRef::decode`] returns) as a type of their own; `Error::from`
/// converts it.
///
/// # Examples
///
/// ```
/// use cri::{CriRef, Error, Reason, Unprocessable};
///
/// // [-1, ["h", 65536]]: a port over 65535, at byte 5.
/// let cbor = [0x82, 0x20, 0x82, 0x61, b'h', 0x1a, 0x00, 0x01, 0x00, 0x00];
/// let e = Unprocessable { reason: Reason::PortRange, offset: 5 };
/// assert_eq!(CriRef::decode(&cbor), Err(Error::from(e)));
/// assert_eq!(e.to_string(), "unprocessable CRI at byte 5: a port is over 65535");
/// assert_eq!(Error::from(e).to_string(), e.to_string());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unprocessable {
    /// What requirement the CRI misses.
    pub reason: Reason,
    /// The byte offset of the offending CBOR item in the input.
    pub offset: usize,
}

impl core::fmt::Display for Unprocessable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "unprocessable CRI at byte {}: {}",
            self.offset, self.reason
        )
    }
}

impl core::error::Error for Unprocessable {}
