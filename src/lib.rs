//! libcri: URIs (RFC 3986), CRIs (draft-ietf-core-href) and CoAP options for firmware.
//!
//! `#![no_std]`, no heap, no panics: every function works on caller-owned memory and
//! reports failure as an [`Error`]. The C ABI lives in [`ffi`] and is described by the
//! generated header `include/cri.h`.
//!
//! Layers (data flows down): [`ffi`] → [`uri`]. See the README for the API at a glance.
#![no_std]
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

pub mod coap;
pub mod cri;
mod error;
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
