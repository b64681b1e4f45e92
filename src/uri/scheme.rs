//! What the library knows about particular schemes, in one table for the URI, CRI and
//! CoAP layers: default ports (RFC 3986 §6.2.3 normalization, docs/DECISIONS.md Decision 5;
//! CoAP's Uri-Port elision, RFC 7252 §6.4) and which schemes are CoAP's, with their CRI
//! scheme numbers (draft-ietf-core-href-27 §8.1, RFC 7252 §6, RFC 8323 §8). A leaf: it
//! imports nothing.

/// A scheme with a default port.
struct Known {
    name: &'static [u8],
    port: u16,
    /// The CRI scheme number, for the first [`COAP`] entries (the CoAP schemes).
    coap: u8,
}

const fn known(name: &'static [u8], port: u16, coap: u8) -> Known {
    Known { name, port, coap }
}

/// How many entries of [`KNOWN`], from its start, are CoAP schemes.
const COAP: usize = 6;

const KNOWN: [Known; 10] = [
    known(b"coap", 5683, 0),
    known(b"coaps", 5684, 1),
    known(b"coap+tcp", 5683, 6),
    known(b"coaps+tcp", 5684, 7),
    known(b"coap+ws", 80, 24),
    known(b"coaps+ws", 443, 25),
    // Not CoAP schemes: no scheme number here.
    known(b"http", 80, 0),
    known(b"https", 443, 0),
    known(b"ws", 80, 0),
    known(b"wss", 443, 0),
];

/// The index in [`KNOWN`] of a scheme (compared case-insensitively).
fn index(scheme: &[u8]) -> Option<usize> {
    KNOWN
        .iter()
        .position(|k| k.name.eq_ignore_ascii_case(scheme))
}

/// The default port of a scheme (compared case-insensitively), if it has one here: http,
/// https, ws, wss and the six CoAP schemes (Decision 5). Normalization drops a port equal
/// to it, and CoAP sends no Uri-Port for it.
///
/// # Examples
///
/// ```
/// use cri::uri::default_port;
///
/// assert_eq!(default_port(b"coap"), Some(5683));
/// assert_eq!(default_port(b"HTTPS"), Some(443));
/// assert_eq!(default_port(b"mqtt"), None);
/// ```
pub fn default_port(scheme: &[u8]) -> Option<u16> {
    KNOWN.get(index(scheme)?).map(|k| k.port)
}

/// The CRI scheme number and default port of a CoAP scheme name (case-insensitive).
pub(crate) fn coap_by_name(scheme: &[u8]) -> Option<(u64, u16)> {
    let k = KNOWN.get(..COAP)?.get(index(scheme)?)?;
    Some((u64::from(k.coap), k.port))
}

/// The name and default port of the CoAP scheme with CRI scheme number `number`.
pub(crate) fn coap_by_number(number: u64) -> Option<(&'static [u8], u16)> {
    KNOWN
        .get(..COAP)?
        .iter()
        .find(|k| u64::from(k.coap) == number)
        .map(|k| (k.name, k.port))
}

#[cfg(test)]
mod tests {
    /// The split of the table: exactly its first entries are CoAP schemes (RFC 7252 §6,
    /// RFC 8323 §8), each with its own scheme number.
    #[test]
    fn coap_schemes_lead_the_table() {
        for (i, k) in super::KNOWN.iter().enumerate() {
            assert_eq!(k.name.starts_with(b"coap"), i < super::COAP, "{i}");
            if i < super::COAP {
                assert_eq!(super::coap_by_number(k.coap.into()).unwrap().0, k.name);
            }
        }
    }
}
