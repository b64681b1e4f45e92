//! A CRI (draft-ietf-core-href-27 §8.1.1) to CoAP options, and the forward-proxy forms
//! (draft §8.2).

use super::client::{sent_whole, Mode};
use super::coap_scheme;
use super::options::{
    is_destination, port_to_send, Destination, Kind, List, OptionRef, OptionSlots, Refusal,
    SliceSlots, HOST, NO_ADDRESS, PATH, PORT, P_CRI, P_SCHEME, P_SCHEME_NUMBER, QUERY,
    RANK_BAD_HOST, RANK_PATH_TEXT, RANK_QUERY_TEXT, RANK_TEXT_UTF8,
};
use crate::cri::{Authority, CriRef, Host, Items, Scheme, TextOrPet};
use crate::error::{CoapError, Error, OptionSpace};
use crate::out::Out;
use crate::uri::{default_port, ip};

/// The longest IPv6 text: six groups and an embedded IPv4 address (RFC 3986 §3.2.2).
const MAX_IPV6_TEXT: usize = 45;

/// The full CRI `cri` (whose CBOR is `raw`) as CoAP options (draft §8.1.1) for a request
/// to `dest` (`None`: the address and port the CRI names); see
/// [`super::uri_to_options`] for the output. `raw` is what Proxy-Cri carries.
///
/// # Errors
///
/// [`Error::Coap`] with a [`crate::CoapError`]: `NotAbsolute` (not a full CRI),
/// `NotCoapScheme` (mode `Direct`: a scheme-id outside the CoAP table, or a scheme-name),
/// `Fragment`, `Pet` (a text-pet-sequence where an option value is needed), `NoHost`,
/// `Userinfo`, `OptionLength` (Proxy-Cri 1-1023 bytes); [`Error::OptionSpace`] with the
/// room needed when `opts` or `scratch` is too small.
///
/// # Examples
///
/// ```
/// use cri::coap::{cri_to_options, CoapError, Mode, OptionRef, URI_HOST, URI_PATH};
/// use cri::{CriRef, Error};
///
/// // [-1, ["example", "com"], ["temp"]]: coap://example.com/temp
/// let raw = b"\x83\x20\x82\x67example\x63com\x81\x64temp";
/// let cri = CriRef::decode(raw)?;
/// let (mut opts, mut values) = ([OptionRef::default(); 4], [0u8; 32]);
/// let used = cri_to_options(&cri, raw, None, Mode::Direct, &mut opts, &mut values)?;
/// let list: Vec<(u16, &[u8])> =
///     opts[..used.options].iter().map(|o| (o.number, o.value(&values))).collect();
/// assert_eq!(list, [(URI_HOST, &b"example.com"[..]), (URI_PATH, b"temp")]);
///
/// // A relative reference names no request target.
/// let raw = [0x82, 0x01, 0x81, 0x61, b'x']; // [1, ["x"]]: ../x
/// let rel = CriRef::decode(&raw)?;
/// let e = cri_to_options(&rel, &raw, None, Mode::Direct, &mut opts, &mut values);
/// assert_eq!(e, Err(Error::Coap(CoapError::NotAbsolute)));
/// # Ok::<(), Error>(())
/// ```
pub fn cri_to_options(
    cri: &CriRef<'_>,
    raw: &[u8],
    dest: Option<&Destination<'_>>,
    mode: Mode,
    opts: &mut [OptionRef],
    scratch: &mut [u8],
) -> Result<OptionSpace, Error> {
    cri_to_slots(cri, raw, dest, mode, &mut SliceSlots(opts), scratch).map_err(Error::from)
}

pub(crate) fn cri_to_slots<S: OptionSlots>(
    cri: &CriRef<'_>,
    raw: &[u8],
    dest: Option<&Destination<'_>>,
    mode: Mode,
    opts: &mut S,
    scratch: &mut [u8],
) -> Result<OptionSpace, Refusal> {
    // The CRI functions report no offset for a CoAP error.
    let fail = |why| Err(Refusal::Coap(why, 0));
    let Some(scheme) = cri.scheme else {
        return fail(CoapError::NotAbsolute);
    };
    if cri.fragment.is_some() {
        return fail(CoapError::Fragment);
    }
    let coap = match scheme {
        Scheme::Number(n) => coap_scheme(n).is_some(),
        Scheme::Name(_) => false,
    };
    let Some(whole) = sent_whole(mode, coap) else {
        return fail(CoapError::NotCoapScheme);
    };
    let mut list = List::new(opts, scratch);
    if whole {
        list.bytes(P_CRI, raw);
        return list.finish();
    }
    // Through a forward-proxy whose address is not given, nothing of the target is the
    // destination: Uri-Host always goes (Decision 6).
    let proxy = mode == Mode::ProxyScheme && dest.is_none();
    let to = if proxy { Some(&NO_ADDRESS) } else { dest };
    // Borrowed, not copied: a host authority is 36 bytes on a 32-bit target.
    let Some(Authority::Host(a)) = &cri.authority else {
        return fail(CoapError::NoHost);
    };
    if a.userinfo.is_some() {
        return fail(CoapError::Userinfo);
    }
    match &a.host {
        Host::Name(labels) if labels.is_empty() => return fail(CoapError::NoHost),
        &Host::Name(labels) => list.host_name(labels),
        &Host::Ip { addr, zone } => {
            if !is_destination(addr, zone.map(str::as_bytes), false, to) {
                list.write(HOST, 0, |w| write_ip_literal(addr, w));
            }
        }
    }
    if let Some(p) = port_to_send(a.port, scheme_default_port(scheme), dest, proxy) {
        list.uint(PORT, u64::from(p));
    }
    // A path of one empty segment is "/": no Uri-Path (RFC 7252 §6.4 step 8). The one
    // segment is all of the path's items.
    if let Some(path) = cri
        .path
        .filter(|p| !(p.count == 1 && TextOrPet { raw: p.raw }.is_empty()))
    {
        list.text_items(PATH, path, RANK_PATH_TEXT);
    }
    if let Some(query) = cri.query {
        list.text_items(QUERY, query, RANK_QUERY_TEXT);
    }
    if mode == Mode::ProxyScheme {
        match scheme {
            Scheme::Number(n) => list.uint(P_SCHEME_NUMBER, n),
            Scheme::Name(name) => list.bytes(P_SCHEME, name.as_bytes()),
        }
    }
    list.finish()
}

/// The default port of a CRI scheme (RFC 7252 §6.4 step 7 sends none for it): that of
/// its name in the URI layer's table (Decision 5). A scheme number is matched with the
/// numbers of those names (draft §5.1.1, the scheme table compiled in), not turned into
/// its name: the lookup by number is code the CRI device needs for nothing else.
#[inline(never)]
fn scheme_default_port(scheme: Scheme<'_>) -> Option<u16> {
    match scheme {
        // No scheme number in the table is over 16 bits.
        Scheme::Number(n) => match u16::try_from(n).ok()? {
            // coap, coap+tcp; coaps, coaps+tcp; http, coap+ws; https, coaps+ws.
            0 | 6 => Some(5683),
            1 | 7 => Some(5684),
            2 | 24 => Some(80),
            3 | 25 => Some(443),
            // ws and wss, which only the full scheme table has.
            #[cfg(feature = "full-scheme-table")]
            11962 => Some(80),
            #[cfg(feature = "full-scheme-table")]
            3119 => Some(443),
            _ => None,
        },
        Scheme::Name(name) => default_port(name.as_bytes()),
    }
}

/// The CRI side of the list.
impl<S: OptionSlots> List<'_, S> {
    /// Uri-Host from host-name labels, joined by dots (Decision 6, as for a URI's host;
    /// labels have no uppercase letter, draft §2 C5, so none is lowercased), in one walk
    /// that also notes what makes the value unsendable: a text-pet-sequence label (draft
    /// §8.1.1, listed empty: the conversion fails anyway), and a value that reads as an
    /// IP-literal, in brackets or a bare IPv6 address (RFC 7252 §6.5 step 5 would take it
    /// for one: `%5B%3A%3A1%5D` would come back as the address `[::1]`, `%3A%3A1` could
    /// be taken for `::1`). The value is copied into a buffer as long as the longest
    /// IPv6 text for the IP reader, as it may not fit the caller's; not inlined, so that
    /// the buffer and the item iterator stay out of cri_to_coap_options' frame
    /// (Decision 17, stack).
    #[inline(never)]
    fn host_name(&mut self, labels: Items<'_>) {
        let mut text = [0u8; MAX_IPV6_TEXT];
        let (start, mut k, mut last) = (self.len, 0usize, 0u8);
        // Each byte into the value buffer and the copy; the last one for the brackets.
        let mut push = |list: &mut Self, b: u8| {
            list.put(start.wrapping_add(k), b);
            if let Some(t) = text.get_mut(k) {
                *t = b;
            }
            (k, last) = (k.wrapping_add(1), b);
        };
        let mut after_first = false;
        for label in labels.iter() {
            let bytes = label.text_bytes();
            if bytes.is_none() {
                self.note(RANK_TEXT_UTF8, CoapError::Pet, 0);
            }
            if after_first {
                push(self, b'.');
            }
            after_first = true;
            for &b in bytes.unwrap_or_default() {
                push(self, b);
            }
        }
        let bracketed = text.first() == Some(&b'[') && last == b']';
        let spells_ipv6 = text.get(..k).is_some_and(|t| ip::ipv6(t, &mut []));
        if bracketed || spells_ipv6 {
            self.note(RANK_BAD_HOST, CoapError::BadUriHost, 0);
        }
        self.append(HOST, k, 0);
    }

    /// One option of `kind` per item of `items` (Uri-Path: the path segments, Uri-Query:
    /// the query parameters, draft §8.1.1), a text-pet-sequence item noted at `rank`
    /// ("The presence of any text-pet-sequence subitem in this item fails this
    /// algorithm", draft §8.1.1) and listed empty: the conversion fails anyway. One walk
    /// for both, not inlined: one copy for the path and the query.
    #[inline(never)]
    fn text_items(&mut self, kind: Kind, items: Items<'_>, rank: u8) {
        for item in items.iter() {
            let text = item.text_bytes();
            if text.is_none() {
                self.note(rank, CoapError::Pet, 0);
            }
            self.bytes(kind, text.unwrap_or_default());
        }
    }
}

/// The URI text of a host-ip (draft §6.1): dotted IPv4, or `[…]` in RFC 5952 form; never
/// a zone id.
/// `addr` is 4 or 16 bytes (the CRI decoder checked it).
fn write_ip_literal(addr: &[u8], w: &mut Out<'_>) {
    if let Ok(a) = <&[u8; 16]>::try_from(addr) {
        w.byte(b'[');
        ip::write_ipv6(a, w);
        w.byte(b']');
    } else {
        ip::write_ipv4(addr, w);
    }
}

#[cfg(test)]
mod tests {
    use super::scheme_default_port;
    use crate::cri::{scheme_name, Scheme};
    use crate::uri::default_port;

    /// The numbers matched are those of the names with a default port, in the scheme
    /// table compiled in: the same port as looking the number's name up.
    #[test]
    fn default_port_by_number_is_by_name() {
        for n in 0..=70_000u64 {
            let by_name = scheme_name(n).and_then(|name| default_port(name.as_bytes()));
            assert_eq!(scheme_default_port(Scheme::Number(n)), by_name, "{n}");
        }
        assert_eq!(scheme_default_port(Scheme::Number(u64::MAX)), None);
        assert_eq!(scheme_default_port(Scheme::Name("https")), Some(443));
        assert_eq!(scheme_default_port(Scheme::Name("x-local")), None);
    }
}
