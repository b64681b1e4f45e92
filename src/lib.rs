//! libcri: URIs (RFC 3986, RFC 3987), CRIs (draft-ietf-core-href-27) and CoAP options
//! (RFC 7252 §6.4/§6.5) for firmware.
//!
//! `#![no_std]`, no heap, no panics, no recursion: every function works on memory the
//! caller owns, writes into a `&mut [u8]`, and reports failure as an [`Error`]
//! (`Error::Buffer { needed }` when the output does not fit). C programs use the same code
//! through `include/cri.h`; the README describes that API.
//!
//! Three layers, each building only on the ones before it:
//!
//! **[`uri`]**: split and validate (RFC 3986 §3), resolve (§5.2), normalize (§6.2),
//! percent-encoding (§2.1), dot-segments (§5.2.4), IRIs (RFC 3987).
//!
//! ```
//! use cri::uri::{self, UriRef};
//! let r = UriRef::parse("http://a/b/c/d;p?q")?;
//! assert_eq!((r.host(), r.query(), r.fragment()), (Some("a"), Some("q"), None));
//! let mut out = [0u8; 64];
//! let n = uri::resolve_str("http://a/b/c/d;p?q", "../g", &mut out)?; // RFC 3986 §5.4.1
//! assert_eq!(&out[..n], b"http://a/b/g");
//! # Ok::<(), cri::Error>(())
//! ```
//!
//! **[`cri`]**: URI ⇄ CRI (draft §6), CRI resolution (draft §5.3), validity (draft §5.2).
//!
//! ```
//! use ::cri::cri::{self, CriRef, ToUriOptions};
//! use ::cri::uri::UriRef;
//! let mut cbor = [0u8; 64];
//! let n = cri::from_uri(&UriRef::parse("coap://198.51.100.1:61616/.well-known/core")?, &mut cbor)?;
//! // draft §5.1.3: [-1, [h'C6336401', 61616], [".well-known", "core"]]
//! assert_eq!(cbor[..4], [0x83, 0x20, 0x82, 0x44]);
//! let r = CriRef::decode(&cbor[..n]).map_err(::cri::Error::from)?;
//! let mut text = [0u8; 64];
//! let m = cri::to_uri(&r, ToUriOptions::default(), &mut text)?;
//! assert_eq!(&text[..m], b"coap://198.51.100.1:61616/.well-known/core");
//! # Ok::<(), ::cri::Error>(())
//! ```
//!
//! **[`coap`]**: URI or CRI → Uri-Host, Uri-Port, Uri-Path, Uri-Query (RFC 7252 §6.4,
//! draft §8) and back (§6.5), the proxy options, the option wire format (RFC 7252 §3.1).
//!
//! ```
//! use cri::coap::{self, Mode, OptionRef};
//! use cri::uri::UriRef;
//! let mut opts = [OptionRef::default(); 8];
//! let mut values = [0u8; 64];
//! let uri = UriRef::parse("coap://example.com/sensors/temp?unit=C")?;
//! let used = coap::uri_to_options(&uri, None, Mode::Direct, &mut opts, &mut values)?;
//! let numbers: Vec<u16> = opts[..used.options].iter().map(|o| o.number).collect();
//! assert_eq!(numbers, [coap::URI_HOST, coap::URI_PATH, coap::URI_PATH, coap::URI_QUERY]);
//! # Ok::<(), cri::Error>(())
//! ```
//!
//! Cargo features (the C archive is built with the same ones). `iri`, `lenient` and `edn`
//! gate C entry points only: without one, its C functions and flags return
//! `CRI_ERR_UNSUPPORTED` and its code is in no firmware image; the Rust API always has them
//! (a Rust binary links what it calls):
//!
//! | feature | default | what it adds |
//! | --- | --- | --- |
//! | `full-scheme-table` | on | every registered CRI scheme number, not only the CoAP, HTTP, urn and did schemes |
//! | `iri` | on | the C IRI functions (RFC 3987: `iri_*`, `URI_SPLIT_IRI`, `cri_from_iri`, `cri_to_iri`) |
//! | `lenient` | on | the C lenient split (`URI_SPLIT_LENIENT`, RFC 3986 Appendix B) and `URI_DECODE_LENIENT` |
//! | `edn` | on | the C `cri_to_edn` |
//! | `panic-handler` | on | a `#[panic_handler]` for bare-metal targets (off when another Rust staticlib has one) |
//! | `panic-never` | off | the bare-metal panic handler calls an undefined symbol: a surviving panic path fails the link |
//! | `std` | off | links `std`, only so that host C tests can link the archive |
//! | `coap-message` | off | Rust only: `coap::message`, a request's target through the `coap-message` 0.3 traits |
//!
//! docs/DESIGN.md in the repository records the design and the numbered decisions
//! ("Decision N") that the documentation cites.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(
        clippy::indexing_slicing,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::arithmetic_side_effects
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

pub use error::{Error, Unconvertible};

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
