//! A CRI (draft-ietf-core-href-27 §8.1.1) to CoAP options, and the forward-proxy forms
//! (draft §8.2).

use super::client::{sent_whole, Mode};
use super::coap_scheme;
use super::options::{
    is_destination, port_to_send, Destination, Kind, List, OptionRef, OptionSlots, Refusal,
    SliceSlots, HOST, NO_ADDRESS, PATH, PORT, P_CRI, P_SCHEME, P_SCHEME_NUMBER, QUERY,
    RANK_BAD_HOST, RANK_PATH_TEXT, RANK_QUERY_TEXT, RANK_TEXT_UTF8,
};
use crate::cri::{Authority, CriRef, Host, Items, Scheme};
use crate::error::{CoapError, Error, OptionSpace};
use crate::out::Out;
use crate::uri::{default_port, ip};

/// The longest IPv6 text: six groups and an embedded IPv4 address (RFC 3986 §3.2.2).
const MAX_IPV6_TEXT: usize = 45;

/// Would this Uri-Host value read as a bare IPv6 address (a reg-name such as `%3A%3A1`)?
/// RFC 7252 §6.5 cannot turn such a value back into a URI, and a server could take the
/// name for the address, so it is refused rather than sent.
///
/// Generic, not `&dyn Fn`, for the reason `List` is generic over its slots; not inlined,
/// so that its 45-byte buffer stays out of its callers' frames.
#[inline(never)]
fn spells_ipv6(write: impl Fn(&mut Out<'_>)) -> bool {
    let mut buf = [0u8; MAX_IPV6_TEXT];
    let mut w = Out::new(&mut buf);
    write(&mut w);
    let n = w.len();
    // The reader alone: an IPv6 text without a ':' is none. A `contains(&b':')` first
    // called `memchr`, which the CRI device image carried for it and two loops of the
    // CRI decoder.
    n <= buf.len() && buf.get(..n).is_some_and(|t| ip::ipv6(t, &mut []))
}

/// Does a Uri-Host value that starts with `first` and ends with `last` read as an
/// IP-literal? RFC 7252 §6.5 step 5 takes a Uri-Host in brackets for one, so a reg-name
/// or CRI host-name that decodes to `[…]` cannot be sent: `%5B%3A%3A1%5D` would come back
/// as the address `[::1]`, and `%5Bo%5D` not at all (the composers refuse `[o]`).
fn bracketed(first: Option<u8>, last: Option<u8>) -> bool {
    first == Some(b'[') && last == Some(b']')
}

/// [`bracketed`] for the labels of a CRI host-name, which go into Uri-Host joined by `.`:
/// the first byte of the first label and the last byte of the last, in one walk over the
/// labels (a PET label has neither: it fails the conversion anyway). Not inlined: its item
/// iterator would otherwise be in cri_to_coap_options' own frame, on the deepest stack of
/// the CRI device (Decision 17, stack; the budget is in docs/FIRMWARE.md).
#[inline(never)]
fn labels_are_bracketed(labels: Items<'_>) -> bool {
    let (mut first, mut last) = (None, None);
    for (i, label) in labels.iter().enumerate() {
        let text = label.text_bytes().unwrap_or_default();
        if i == 0 {
            first = text.first().copied();
        }
        last = text.last().copied();
    }
    bracketed(first, last)
}

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
        Scheme::Number(n) => coap_scheme(n),
        Scheme::Name(_) => None,
    };
    let Some(whole) = sent_whole(mode, coap.is_some()) else {
        return fail(CoapError::NotCoapScheme);
    };
    let mut list = List::new(opts, scratch);
    if whole {
        list.bytes(P_CRI, raw);
        return list.finish();
    }
    let default = match scheme {
        Scheme::Number(n) => coap
            .map(|(_, port)| port)
            .or_else(|| crate::cri::scheme_name(n).and_then(|name| default_port(name.as_bytes()))),
        Scheme::Name(name) => default_port(name.as_bytes()),
    };
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
        &Host::Name(labels) => {
            list.check_text(labels, RANK_TEXT_UTF8);
            if spells_ipv6(|w| write_joined(labels, b'.', w)) || labels_are_bracketed(labels) {
                list.note(RANK_BAD_HOST, CoapError::BadUriHost, 0);
            }
            list.write(HOST, 0, |w| write_joined(labels, b'.', w));
        }
        &Host::Ip { addr, zone } => {
            if !is_destination(addr, zone.map(str::as_bytes), false, to) {
                list.write(HOST, 0, |w| write_ip_literal(addr, w));
            }
        }
    }
    if let Some(p) = port_to_send(a.port, default, dest, proxy) {
        list.uint(PORT, u64::from(p));
    }
    // A path of one empty segment is "/": no Uri-Path (RFC 7252 §6.4 step 8).
    if let Some(path) = cri
        .path
        .filter(|p| !(p.count == 1 && p.iter().all(|s| s.is_empty())))
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

/// The CRI side of the list.
impl<S: OptionSlots> List<'_, S> {
    /// "The presence of any text-pet-sequence subitem in this item fails this algorithm"
    /// (draft §8.1.1): noted at `rank`. Not inlined: its item iterator would otherwise be
    /// in cri_to_coap_options' own frame, on the deepest stack of the CRI device
    /// (Decision 17, stack).
    #[inline(never)]
    fn check_text(&mut self, items: Items<'_>, rank: u8) {
        if !items.iter().all(|i| i.text_bytes().is_some()) {
            self.note(rank, CoapError::Pet, 0);
        }
    }

    /// One option of `kind` per item of `items` (Uri-Path: the path segments, Uri-Query:
    /// the query parameters, draft §8.1.1), a text-pet-sequence item noted at `rank` (as
    /// [`List::check_text`]) and listed empty: the conversion fails anyway. One walk for
    /// both, not inlined: one copy for the path and the query.
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

/// Uri-Host from host-name labels: joined by dots and ASCII-lowercased (Decision 6, as
/// for a URI's host).
///
/// The labels are text (the caller ran `check_text_items`): each is read whole, and the
/// separator goes before every label but the first, with no `Pieces` or `Enumerate` state
/// on this frame, which lies under `spells_ipv6` on the deepest chain of
/// cri_to_coap_options (Decision 17, stack).
fn write_joined(items: Items<'_>, sep: u8, w: &mut Out<'_>) {
    let mut after_first = false;
    for item in items.iter() {
        if after_first {
            w.byte(sep);
        }
        after_first = true;
        let text = item.text_bytes().unwrap_or_default();
        text.iter().for_each(|b| w.byte(b.to_ascii_lowercase()));
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
