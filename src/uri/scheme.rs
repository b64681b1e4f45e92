//! What the library knows about particular schemes, in one table for the URI, CRI and
//! CoAP layers: default ports (RFC 3986 §6.2.3 normalization, docs/DECISIONS.md Decision 5;
//! CoAP's Uri-Port elision, RFC 7252 §6.4) and which schemes are CoAP's, with their CRI
//! scheme numbers (draft-ietf-core-href-27 §8.1, RFC 7252 §6, RFC 8323 §8). A leaf: it
//! imports nothing.

// The table as three arrays, not an array of structs: a name slice is two words beside
// its text, a struct with padding three.
/// The scheme names, each after its length: the first [`COAP`] are the CoAP schemes.
const NAMES: &[u8] =
    b"\x04coap\x05coaps\x08coap+tcp\x09coaps+tcp\x07coap+ws\x08coaps+ws\x04http\x05https\x02ws\x03wss";

/// The default port of each scheme of [`NAMES`].
const PORTS: [u16; 10] = [5683, 5684, 5683, 5684, 80, 443, 80, 443, 80, 443];

/// How many entries of [`NAMES`], from its start, are CoAP schemes.
const COAP: usize = 6;

/// The CRI scheme number of each CoAP scheme of [`NAMES`].
const NUMBERS: [u8; COAP] = [0, 1, 6, 7, 24, 25];

/// Where each CoAP scheme's entry (its length) starts in [`NAMES`].
const STARTS: [u8; COAP] = [0, 5, 11, 20, 30, 38];

/// The index in [`NAMES`] of a scheme (compared case-insensitively: the names are
/// lowercase).
fn index(scheme: &[u8]) -> Option<usize> {
    // Indices into `NAMES`, a constant of 65 bytes: the steps cannot wrap (Decision 17).
    let (mut at, mut i) = (0usize, 0usize);
    while let Some(&len) = NAMES.get(at) {
        let start = at.wrapping_add(1);
        at = start.wrapping_add(usize::from(len));
        let name = NAMES.get(start..at).unwrap_or(&[]);
        if name.len() == scheme.len()
            && name
                .iter()
                .zip(scheme)
                .all(|(&n, &c)| n == c.to_ascii_lowercase())
        {
            return Some(i);
        }
        i = i.wrapping_add(1);
    }
    None
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
    PORTS.get(index(scheme)?).copied()
}

/// The default port of a scheme (as [`default_port`]) and whether it is a CoAP scheme:
/// one lookup for the URI → CoAP options conversion, which asks both (RFC 7252 §6.4).
pub(crate) fn port_and_coap(scheme: &[u8]) -> (Option<u16>, bool) {
    let i = index(scheme);
    (
        i.and_then(|i| PORTS.get(i).copied()),
        i.is_some_and(|i| i < COAP),
    )
}

/// The CRI scheme number and default port of a CoAP scheme name (case-insensitive).
pub(crate) fn coap_by_name(scheme: &[u8]) -> Option<(u64, u16)> {
    let i = index(scheme)?;
    Some((u64::from(*NUMBERS.get(i)?), *PORTS.get(i)?))
}

/// The name and default port of the CoAP scheme with CRI scheme number `number`.
pub(crate) fn coap_by_number(number: u64) -> Option<(&'static [u8], u16)> {
    let i = NUMBERS.iter().position(|&n| u64::from(n) == number)?;
    Some((name(i)?, *PORTS.get(i)?))
}

/// The name of the CoAP scheme at index `i` of [`NAMES`].
fn name(i: usize) -> Option<&'static [u8]> {
    // An entry of `NAMES`, a constant of 65 bytes: the steps cannot wrap (Decision 17).
    let at = usize::from(*STARTS.get(i)?).wrapping_add(1);
    NAMES.get(at..at.wrapping_add(usize::from(*NAMES.get(at.wrapping_sub(1))?)))
}

#[cfg(test)]
mod tests {
    /// The split of the table: exactly its first entries are CoAP schemes (RFC 7252 §6,
    /// RFC 8323 §8), each with its own scheme number, and every name has a port.
    #[test]
    fn coap_schemes_lead_the_table() {
        let (mut at, mut i) = (0, 0);
        while let Some(&len) = super::NAMES.get(at) {
            let name = &super::NAMES[at + 1..at + 1 + usize::from(len)];
            assert_eq!(name.starts_with(b"coap"), i < super::COAP, "{i}");
            assert_eq!(super::index(name), Some(i));
            if i < super::COAP {
                assert_eq!(usize::from(super::STARTS[i]), at);
                let number = super::NUMBERS[i].into();
                assert_eq!(super::coap_by_number(number).unwrap().0, name);
                assert_eq!(super::coap_by_name(name).unwrap().0, number);
            }
            at += 1 + usize::from(len);
            i += 1;
        }
        assert_eq!(i, super::PORTS.len());
    }
}
