//! Every error of the library in one place: [`Error`], the one error type of the Rust API
//! ([`crate::ffi::cri_status`] mirrors it for C), and the reasons it carries, each with
//! its stable name (the C constant's) and a one-sentence description (`Display`). Below
//! every layer, so that `uri`, `cri`, `coap` and `ffi` all import from here and this module
//! from none of them.

/// A reason enum: `#[repr(i32)]` with the numbers the C constants repeat (checked by the
/// ffi tests), `#[non_exhaustive]`, each variant with its one-sentence description beside
/// it; `description()` returns the sentence and `Display` writes it.
///
/// `pub enum Name in "CRI_PREFIX_"` gives the prefix of the C constants: a variant's C name
/// is the prefix and the variant in SCREAMING_SNAKE_CASE (`NotCbor` is
/// `CRI_REASON_NOT_CBOR`), or the prefix and the text after `as` where that rule does not
/// give it (`IpvFuture = 1 as "IPVFUTURE"`). `C_NAMES` holds them, each NUL-terminated, one
/// after another in the order of their numbers from 1 (checked at compile time):
/// `cri_reason_name`'s tables, read with [`nth_name`].
macro_rules! reasons {
    (
        $(#[$meta:meta])*
        pub enum $name:ident in $prefix:literal {
            $($(#[$vmeta:meta])* $variant:ident = $value:literal $(as $c_name:literal)?
                => $sentence:literal,)*
        }
    ) => {
        $(#[$meta])*
        #[non_exhaustive]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(i32)]
        pub enum $name {
            $($(#[$vmeta])* $variant = $value,)*
        }

        impl $name {
            /// What this reason means, in one sentence without a final period; `Display`
            /// writes the same sentence.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let why = cri::", stringify!($name), "::", first!($($variant)*), ";")]
            /// assert!(!why.description().is_empty());
            /// assert_eq!(why.to_string(), why.description());
            /// ```
            #[must_use]
            pub fn description(self) -> &'static str {
                match self {
                    $($name::$variant => $sentence,)*
                }
            }

            /// The C constants' names, each NUL-terminated, packed in the order of their
            /// numbers: the one of number `n` is [`nth_name`]`(C_NAMES, n - 1)`.
            pub(crate) const C_NAMES: &'static [u8] = {
                const NAMES: &[&[u8]] = &[$(c_name!($prefix, $variant $(, $c_name)?),)*];
                const PACKED: [u8; $crate::error::packed_len(NAMES)] =
                    $crate::error::pack(NAMES);
                &PACKED
            };
        }

        const _: () = assert!(
            $crate::error::numbered_from_one(&[$($value,)*]),
            concat!(stringify!($name), ": the numbers must be 1, 2, 3, ... in order"),
        );

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.description())
            }
        }

        impl core::error::Error for $name {}
    };
}

/// The first of a list of identifiers, as a string literal (for the examples above).
macro_rules! first {
    ($first:ident $($rest:ident)*) => {
        stringify!($first)
    };
}

/// The NUL-terminated C name of a reason: `prefix` and the variant in SCREAMING_SNAKE_CASE,
/// or `prefix` and the text given for it.
macro_rules! c_name {
    ($prefix:literal, $variant:ident) => {{
        const NAME: [u8; $crate::error::c_name_len($prefix, stringify!($variant))] =
            $crate::error::c_name_bytes($prefix, stringify!($variant));
        &NAME
    }};
    ($prefix:literal, $variant:ident, $c_name:literal) => {
        concat!($prefix, $c_name, "\0").as_bytes()
    };
}

// The three functions below run at compile time only (in the constants of `reasons!`),
// so their indexing and arithmetic cannot panic at run time: a slip fails the build.

/// The length of [`c_name_bytes`]'s output for `prefix` and the CamelCase `variant`: a `_`
/// before each uppercase letter but the first, and the NUL.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
pub(crate) const fn c_name_len(prefix: &str, variant: &str) -> usize {
    let v = variant.as_bytes();
    let mut n = prefix.len() + v.len() + 1;
    let mut i = 1;
    while i < v.len() {
        if v[i].is_ascii_uppercase() {
            n += 1;
        }
        i += 1;
    }
    n
}

/// `prefix`, then the CamelCase `variant` in SCREAMING_SNAKE_CASE, then a NUL; `N` is
/// [`c_name_len`] of the two.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
pub(crate) const fn c_name_bytes<const N: usize>(prefix: &str, variant: &str) -> [u8; N] {
    let mut out = [0u8; N];
    let (p, v) = (prefix.as_bytes(), variant.as_bytes());
    let mut n = 0;
    while n < p.len() {
        out[n] = p[n];
        n += 1;
    }
    let mut i = 0;
    while i < v.len() {
        if i > 0 && v[i].is_ascii_uppercase() {
            out[n] = b'_';
            n += 1;
        }
        out[n] = v[i].to_ascii_uppercase();
        n += 1;
        i += 1;
    }
    assert!(n + 1 == N, "the length is c_name_len's");
    out
}

/// The total length of `names`, which [`pack`] puts one after another.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
pub(crate) const fn packed_len(names: &[&[u8]]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < names.len() {
        n += names[i].len();
        i += 1;
    }
    n
}

/// `names` one after another, with nothing between them (each ends in its own NUL): one
/// string table instead of a table of slices, which would cost a pointer and a length per
/// name in flash.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
pub(crate) const fn pack<const N: usize>(names: &[&[u8]]) -> [u8; N] {
    let mut out = [0u8; N];
    let (mut n, mut i) = (0, 0);
    while i < names.len() {
        let name = names[i];
        assert!(
            !name.is_empty() && name[name.len() - 1] == 0,
            "a name ends in a NUL"
        );
        let mut j = 0;
        while j < name.len() {
            out[n] = name[j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(n == N, "the length is packed_len's");
    out
}

/// The name at index `n` of a table of NUL-terminated names packed one after another
/// ([`pack`]), with what follows it, or `None` past the last name.
pub(crate) fn nth_name(packed: &'static [u8], n: usize) -> Option<&'static [u8]> {
    let mut left = n;
    for (i, &b) in packed.iter().enumerate() {
        if left == 0 {
            return packed.get(i..);
        }
        left = left.saturating_sub(usize::from(b == 0));
    }
    None
}

/// Are `codes` 1, 2, 3, ... in order, so that code `n` is at index `n - 1`?
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
pub(crate) const fn numbered_from_one(codes: &[i32]) -> bool {
    let mut i = 0;
    while i < codes.len() {
        if codes[i] != i as i32 + 1 {
            return false;
        }
        i += 1;
    }
    true
}

mod coap;
mod reason;
mod unconvertible;

use core::fmt;

pub use coap::{CoapError, OptionSpace};
pub use reason::{Reason, Unprocessable};
pub use unconvertible::Unconvertible;

/// Why an operation failed: the one error type of the Rust API. Offsets are byte offsets
/// into the input that was being read.
///
/// `Display` writes a sentence, and every error type of the crate converts into this one
/// (`?` applies the conversion), so a function calling several layers returns
/// `Result<_, cri::Error>`.
///
/// # Examples
///
/// ```
/// use cri::{uri, Error, UriRef};
///
/// // A syntax error names the first byte that cannot continue a reference.
/// assert_eq!(UriRef::parse("http://a/%zz"), Err(Error::Percent { offset: 10 }));
///
/// // A buffer that is too small gives the exact length needed.
/// let r = UriRef::parse("HTTP://Example.COM/%7euser")?;
/// let mut small = [0u8; 8];
/// assert_eq!(uri::normalize(&r, &mut small), Err(Error::Buffer { needed: 24 }));
/// let mut out = [0u8; 24];
/// uri::normalize(&r, &mut out)?;
/// assert_eq!(&out, b"http://example.com/~user");
/// # Ok::<(), Error>(())
/// ```
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
    Coap(CoapError),
    /// An option list did not fit: the room needed (options, value bytes).
    OptionSpace(OptionSpace),
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
            &Error::Unprocessable { reason, offset } => Unprocessable { reason, offset }.fmt(f),
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

impl From<Unprocessable> for Error {
    fn from(u: Unprocessable) -> Self {
        Error::Unprocessable {
            reason: u.reason,
            offset: u.offset,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{CoapError, Error, Reason, Unconvertible, Unprocessable};
    use std::boxed::Box;
    use std::string::ToString;

    /// Every error type prints and boxes as a `dyn Error`, so `?` works in a `main` that
    /// returns `Result<(), Box<dyn Error>>` whichever layer's error it meets.
    #[test]
    fn every_error_type_is_an_error() {
        let u = Unprocessable {
            reason: Reason::DotSegment,
            offset: 3,
        };
        let all: [Box<dyn core::error::Error>; 5] = [
            Box::new(u),
            Box::new(u.reason),
            Box::new(Unconvertible::ZoneId),
            Box::new(CoapError::Fragment),
            Box::new(Error::from(u)),
        ];
        let text = all.map(|e| e.to_string());
        assert_eq!(
            text[0],
            "unprocessable CRI at byte 3: a path segment is \".\" or \"..\""
        );
        assert_eq!(text[4], text[0]);
        assert!(text.iter().all(|t| !t.is_empty()));
    }

    /// `Display` writes sentences, not variant names.
    #[test]
    fn errors_display_as_sentences() {
        let e = Error::Unprocessable {
            reason: Reason::DiscardRange,
            offset: 1,
        };
        assert_eq!(
            e.to_string(),
            "unprocessable CRI at byte 1: a discard value is over 127"
        );
        let e = Error::Coap(CoapError::Fragment);
        assert_eq!(
            e.to_string(),
            "CoAP: a fragment is never sent in a CoAP request"
        );
        let e = Error::Unconvertible(Unconvertible::EmptyPort);
        assert_eq!(
            e.to_string(),
            "cannot convert: an empty port has no CRI form"
        );
    }
}
