//! libcri: URIs (RFC 3986, RFC 3987), CRIs (draft-ietf-core-href-27) and CoAP options
//! (RFC 7252 §6.4/§6.5) for firmware.
//!
//! `#![no_std]`, no heap, no panics, no recursion: every function works on memory the
//! caller owns, writes into a `&mut [u8]`, and reports failure as an [`Error`]. C programs
//! use the same code through `include/cri.h`; the README describes that API.
//!
//! The types most code meets are here at the top: [`UriRef`], [`CriRef`], [`Error`] and
//! the reasons an error carries ([`Reason`], [`Unconvertible`], [`CoapError`]). The rest
//! lives in three layers, each building only on the ones before it.
//!
//! # URIs: [`uri`]
//!
//! Split and validate (RFC 3986 §3), resolve (§5.2), normalize and compare (§6.2),
//! recompose (§5.3), percent-encoding (§2.1), dot-segments (§5.2.4), IRIs (RFC 3987) and
//! HTTP request-targets. [`UriRef::parse`] checks the whole grammar once and gives a
//! borrowed view with an accessor per component: `None` is an absent component,
//! `Some("")` an empty one (`http://a/b?` has an empty query, `http://a/b` none).
//!
//! ```
//! use cri::{uri, UriRef};
//!
//! let r = UriRef::parse("http://a/b/c/d;p?q")?;
//! assert_eq!((r.host(), r.query(), r.fragment()), (Some("a"), Some("q"), None));
//!
//! let mut out = [0u8; 64];
//! let n = uri::resolve(&r, &UriRef::parse("../g")?, &mut out)?; // RFC 3986 §5.4.1
//! assert_eq!(&out[..n], b"http://a/b/g");
//! # Ok::<(), cri::Error>(())
//! ```
//!
//! # CRIs: [`cri`](mod@cri)
//!
//! A CRI (draft-ietf-core-href-27) is a URI reference as a CBOR array. URI ⇄ CRI
//! (draft §6), CRI reference resolution (§5.3), the checks that make a CRI unprocessable
//! (§5.2.1), the scheme-number registry and EDN for logs. [`CriRef::decode`] checks every
//! rule once; the view's accessors cannot fail afterwards.
//!
//! ```
//! use cri::cri::{from_uri, to_uri, ToUriOptions};
//! use cri::{CriRef, UriRef};
//!
//! let mut cbor = [0u8; 64];
//! let uri = UriRef::parse("coap://198.51.100.1:61616/.well-known/core")?;
//! let n = from_uri(&uri, &mut cbor)?;
//! // draft §5.1.3: [-1, [h'C6336401', 61616], [".well-known", "core"]]
//! assert_eq!(cbor[..4], [0x83, 0x20, 0x82, 0x44]);
//!
//! let r = CriRef::decode(&cbor[..n])?;
//! let mut text = [0u8; 64];
//! let m = to_uri(&r, ToUriOptions::default(), &mut text)?;
//! assert_eq!(&text[..m], b"coap://198.51.100.1:61616/.well-known/core");
//! # Ok::<(), cri::Error>(())
//! ```
//!
//! # CoAP options: [`coap`]
//!
//! A URI or CRI → Uri-Host, Uri-Port, Uri-Path, Uri-Query (RFC 7252 §6.4, draft §8) and
//! back (§6.5), the proxy options, and the option wire format (RFC 7252 §3.1). An option
//! list is an array of [`coap::OptionRef`] (number, and where the value lies) over one
//! value buffer, whose bytes [`coap::OptionRef::value`] gives.
//!
//! ```
//! use cri::coap::{self, Mode, OptionRef};
//! use cri::UriRef;
//!
//! let (mut opts, mut values) = ([OptionRef::default(); 8], [0u8; 64]);
//! let uri = UriRef::parse("coap://example.com/sensors/temp?unit=C")?;
//! let used = coap::uri_to_options(&uri, None, Mode::Direct, &mut opts, &mut values)?;
//! let numbers = opts[..used.options].iter().map(|o| o.number);
//! assert!(numbers.eq([coap::URI_HOST, coap::URI_PATH, coap::URI_PATH, coap::URI_QUERY]));
//!
//! // The same options as the bytes of a CoAP message (after the token).
//! let list = opts[..used.options].iter().map(|o| (o.number, o.value(&values)));
//! let mut wire = [0u8; 64];
//! let n = coap::options_to_wire(list, &mut wire)?;
//! assert_eq!(wire[..4], [0x3b, b'e', b'x', b'a']); // Uri-Host: delta 3, length 11
//! assert_eq!(n, 32);
//! # Ok::<(), cri::Error>(())
//! ```
//!
//! # Buffers and errors
//!
//! A writer returns the length it wrote. When the buffer is too small it returns
//! [`Error::Buffer`] with the exact length needed (an option list:
//! [`Error::OptionSpace`]), so an empty buffer is a size query. [`text`] runs a writer
//! of text and gives what it wrote as a `&str` of the buffer. Offsets in errors are byte
//! offsets into the input being read. Every error type implements `Display` (one
//! sentence) and `core::error::Error`, so `?` works in a `main` that returns
//! `Result<(), Box<dyn std::error::Error>>`.
//!
//! ```
//! use cri::{uri, Error, UriRef};
//!
//! let r = UriRef::parse("http://example.com/a/./b/../c")?;
//! let needed = match uri::normalize(&r, &mut []) {
//!     Err(Error::Buffer { needed }) => needed,
//!     other => panic!("{other:?}"),
//! };
//! let mut out = [0u8; 64];
//! assert_eq!(uri::normalize(&r, &mut out[..needed])?, needed);
//! assert_eq!(&out[..needed], b"http://example.com/a/c");
//!
//! let e = UriRef::parse("http://a b/").unwrap_err();
//! assert_eq!(e, Error::Syntax { offset: 8 });
//! assert_eq!(e.to_string(), "syntax error at byte 8");
//! # Ok::<(), cri::Error>(())
//! ```
//!
//! # Cargo features
//!
//! The C archive is built with the same ones. `iri`, `lenient` and `edn` gate C entry
//! points only: without one, its C functions and flags return `CRI_ERR_UNSUPPORTED` and
//! its code is in no firmware image; the Rust API always has them (a Rust binary links
//! what it calls).
//!
//! | feature | default | what it adds |
//! | --- | --- | --- |
//! | `full-scheme-table` | on | every registered CRI scheme number, not only the CoAP, HTTP, urn and did schemes |
//! | `iri` | on | the C IRI functions (RFC 3987: `iri_*`, `URI_SPLIT_IRI`, `cri_from_iri`, `cri_to_iri`) |
//! | `lenient` | on | the C lenient split (`URI_SPLIT_LENIENT`, RFC 3986 Appendix B) and `URI_DECODE_LENIENT` |
//! | `edn` | on | the C `cri_to_edn` |
//! | `panic-handler` | off | a `#[panic_handler]` for bare-metal targets, for a C firmware's archive (a Rust application has its own) |
//! | `panic-never` | off | the bare-metal panic handler calls an undefined symbol: a surviving panic path fails the link |
//! | `std` | off | links `std`, only so that host C tests can link the archive |
//! | `coap-message` | off | Rust only: `coap::message`, a request's target through the `coap-message` 0.3 traits |
//!
//! docs/DESIGN.md in the repository records the design, and docs/DECISIONS.md the
//! numbered decisions ("Decision N") that the documentation cites.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
// Panic freedom for the library code (not for its unit tests); every other lint is in
// Cargo.toml's [lints] tables.
#![cfg_attr(
    not(test),
    deny(
        clippy::indexing_slicing,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::arithmetic_side_effects,
        // clippy.toml: the slice methods that call mem* (Decision 17).
        clippy::disallowed_methods
    )
)]

#[cfg(any(feature = "std", test))]
extern crate std;

#[cfg(all(target_arch = "arm", target_os = "none"))]
mod aeabi;
pub mod coap;
pub mod cri;
mod error;
#[doc(hidden)]
pub mod ffi;
mod out;
#[cfg(test)]
mod test_rng;
pub mod uri;

pub use self::cri::CriRef;
pub use error::{CoapError, Error, OptionSpace, Reason, Unconvertible, Unprocessable};
pub use out::text;
pub use uri::UriRef;

/// The bare-metal panic handler. No panic path is reachable (clippy denies the panicking
/// constructs, and the `panic-never` link test proves it), so it only spins.
#[cfg(all(
    target_os = "none",
    feature = "panic-handler",
    not(feature = "panic-never"),
    not(feature = "std")
))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}

/// With `panic-never`, a surviving panic path references an undefined symbol, so the
/// firmware link fails and names it.
#[cfg(all(target_os = "none", feature = "panic-never", not(feature = "std")))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    extern "C" {
        fn libcri_panic_path_survived_optimisation() -> !;
    }
    // SAFETY: the symbol is deliberately undefined; the call is never linked in a good build.
    unsafe { libcri_panic_path_survived_optimisation() }
}
