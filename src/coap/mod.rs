//! CoAP (RFC 7252 §6.4, §6.5; draft-ietf-core-href-27 §8): a URI or a CRI to Uri-Host,
//! Uri-Port, Uri-Path and Uri-Query options and back, the proxy options, and the option
//! wire format (RFC 7252 §3.1).

mod client;
mod decompose;
pub mod message;
mod options;
mod server;
mod wire;

pub use crate::error::{CoapError, OptionSpace};
pub(crate) use client::uri_to_list;
pub use client::{uri_to_options, Mode};
pub use decompose::cri_to_options;
pub(crate) use decompose::cri_to_slots;
pub(crate) use options::OptionSlots;
pub(crate) use options::Refusal;
pub use options::{check_options, Destination, OptionRef};
pub(crate) use server::compose as compose_target;
pub use server::{cri_from_options, uri_from_options};
pub(crate) use wire::options_from_wire_into;
pub(crate) use wire::write_options;
pub use wire::{options_from_wire, options_to_wire};

/// Uri-Host (RFC 7252 §5.10.1).
pub const URI_HOST: u16 = 3;
/// Uri-Port.
pub const URI_PORT: u16 = 7;
/// Uri-Path.
pub const URI_PATH: u16 = 11;
/// Uri-Query.
pub const URI_QUERY: u16 = 15;
/// Proxy-Uri (RFC 7252 §5.10.2).
pub const PROXY_URI: u16 = 35;
/// Proxy-Scheme.
pub const PROXY_SCHEME: u16 = 39;
/// Proxy-Cri (draft-ietf-core-href-27 §8.2.1, IANA 235).
pub const PROXY_CRI: u16 = 235;
/// Proxy-Scheme-Number (draft §8.2.2, IANA 239).
pub const PROXY_SCHEME_NUMBER: u16 = 239;

/// The scheme number of a CoAP scheme name (case-insensitive): coap, coaps, coap+tcp,
/// coaps+tcp, coap+ws, coaps+ws (RFC 7252 §6, RFC 8323 §8; draft §8.1).
///
/// # Examples
///
/// ```
/// use cri::coap::coap_scheme_number;
///
/// assert_eq!(coap_scheme_number(b"COAPS"), Some(1));
/// assert_eq!(coap_scheme_number(b"coap+tcp"), Some(6));
/// assert_eq!(coap_scheme_number(b"http"), None); // not a CoAP scheme
/// ```
pub fn coap_scheme_number(name: &[u8]) -> Option<u64> {
    coap_scheme_port(name).map(|(num, _)| num)
}

/// The scheme number and default port of a CoAP scheme name (case-insensitive).
pub(crate) fn coap_scheme_port(name: &[u8]) -> Option<(u64, u16)> {
    crate::uri::scheme::coap_by_name(name)
}

/// The name and default port of a CoAP scheme number.
///
/// # Examples
///
/// ```
/// use cri::coap::coap_scheme;
///
/// assert_eq!(coap_scheme(1), Some((&b"coaps"[..], 5684)));
/// assert_eq!(coap_scheme(24), Some((&b"coap+ws"[..], 80)));
/// assert_eq!(coap_scheme(2), None); // http
/// ```
pub fn coap_scheme(number: u64) -> Option<(&'static [u8], u16)> {
    crate::uri::scheme::coap_by_number(number)
}
