//! The one error type of the Rust API; [`crate::ffi::cri_status`] mirrors it for C.

use core::fmt;

/// Why an operation failed. Offsets are byte offsets into the input that was being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The output buffer is too small; `needed` is the length the output needs (bytes,
    /// without a terminating NUL).
    Buffer { needed: usize },
    /// The input does not match the RFC 3986 grammar; `offset` is the first byte that
    /// cannot continue a valid reference (the input length if it ended too early).
    Syntax { offset: usize },
    /// A broken percent-encoding (`%` not followed by two hex digits) starts at `offset`.
    Percent { offset: usize },
    /// The port at `offset` is larger than 65535.
    PortRange { offset: usize },
    /// The base URI is not an absolute URI (RFC 3986 §5.1): it has no scheme (`offset` 0)
    /// or a syntax error at `offset`.
    Base { offset: usize },
    /// The components given cannot be recomposed into a URI reference that parses back to
    /// them (RFC 3986 §4.2, §5.3), e.g. a rootless path after an authority.
    Parts,
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
        }
    }
}

impl core::error::Error for Error {}
