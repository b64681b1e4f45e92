//! What the library knows about particular schemes, in one table for the URI, CRI and
//! CoAP layers: default ports (RFC 3986 §6.2.3 normalization, docs/DESIGN.md Decision 5;
//! CoAP's Uri-Port elision, RFC 7252 §6.4) and which schemes are CoAP's, with their CRI
//! scheme numbers (draft-ietf-core-href-27 §8.1, RFC 7252 §6, RFC 8323 §8). A leaf: it
//! imports nothing.

/// A scheme with a default port.
struct Known {
    name: &'static [u8],
    port: u16,
    /// The CRI scheme number of a CoAP scheme; `None` for the others.
    coap: Option<u8>,
}

const fn known(name: &'static [u8], port: u16, coap: Option<u8>) -> Known {
    Known { name, port, coap }
}

const KNOWN: [Known; 10] = [
    known(b"http", 80, None),
    known(b"https", 443, None),
    known(b"ws", 80, None),
    known(b"wss", 443, None),
    known(b"coap", 5683, Some(0)),
    known(b"coaps", 5684, Some(1)),
    known(b"coap+tcp", 5683, Some(6)),
    known(b"coaps+tcp", 5684, Some(7)),
    known(b"coap+ws", 80, Some(24)),
    known(b"coaps+ws", 443, Some(25)),
];

fn by_name(scheme: &[u8]) -> Option<&'static Known> {
    KNOWN.iter().find(|k| k.name.eq_ignore_ascii_case(scheme))
}

/// The default port of a scheme (compared case-insensitively), if it has one here.
pub fn default_port(scheme: &[u8]) -> Option<u16> {
    by_name(scheme).map(|k| k.port)
}

/// The CRI scheme number and default port of a CoAP scheme name (case-insensitive).
pub(crate) fn coap_by_name(scheme: &[u8]) -> Option<(u64, u16)> {
    by_name(scheme).and_then(|k| Some((u64::from(k.coap?), k.port)))
}

/// The name and default port of the CoAP scheme with CRI scheme number `number`.
pub(crate) fn coap_by_number(number: u64) -> Option<(&'static [u8], u16)> {
    KNOWN
        .iter()
        .find(|k| k.coap.is_some_and(|n| u64::from(n) == number))
        .map(|k| (k.name, k.port))
}
