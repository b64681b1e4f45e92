//! A CRI (draft-ietf-core-href-27 §8.1.1) to CoAP options, and the forward-proxy forms
//! (draft §8.2).

use super::client::{sent_whole, Mode};
use super::options::{
    is_destination, port_to_send, Destination, Kind, List, OptionRef, OptionSlots, Refusal,
    SliceSlots, HOST, PATH, PORT, P_CRI, P_SCHEME, P_SCHEME_NUMBER, QUERY, RANK_BAD_HOST,
    RANK_PATH_TEXT, RANK_QUERY_TEXT, RANK_TEXT_UTF8,
};
use crate::cri::{self, Authority, CriRef, Host, Items, Scheme, TextOrPet};
use crate::error::{CoapError, Error, OptionSpace};
use crate::out::Out;
use crate::uri::chars::same_bytes;
use crate::uri::{default_port, ip};

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
        Scheme::Number(n) => n < 32 && COAP_NUMBERS >> n & 1 != 0,
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
        &Host::Ip { addr, zone } => list.host_ip(addr, zone, dest, proxy),
    }
    let proxy_scheme = mode == Mode::ProxyScheme;
    if let Some(p) = port_to_send(a.port, scheme_default_port(scheme), dest, proxy_scheme) {
        list.uint(PORT, u64::from(p));
    }
    // A path of one empty segment is "/": no Uri-Path (RFC 7252 §6.4 step 8). The one
    // segment is all of the path's items.
    if let Some(path) = cri
        .path
        .filter(|p| !(p.count == 1 && TextOrPet { raw: p.raw }.is_empty()))
    {
        list.cri_items(PATH, path, RANK_PATH_TEXT, false);
    }
    if let Some(query) = cri.query {
        list.cri_items(QUERY, query, RANK_QUERY_TEXT, false);
    }
    if mode == Mode::ProxyScheme {
        match scheme {
            Scheme::Number(n) => list.uint(P_SCHEME_NUMBER, n),
            Scheme::Name(name) => list.bytes(P_SCHEME, name.as_bytes()),
        }
    }
    list.finish()
}

/// The scheme numbers of the CoAP schemes ([`super::coap_scheme`]'s table: coap, coaps,
/// coap+tcp, coaps+tcp, coap+ws, coaps+ws) as bits: a test holds the two to the same
/// answers.
const COAP_NUMBERS: u32 = 1 << 0 | 1 << 1 | 1 << 6 | 1 << 7 | 1 << 24 | 1 << 25;

/// The default port of a CRI scheme (RFC 7252 §6.4 step 7 sends none for it): by its
/// number in the scheme table, or by its name in the URI layer's (Decision 5).
fn scheme_default_port(scheme: Scheme<'_>) -> Option<u16> {
    match scheme {
        Scheme::Number(n) => cri::default_port(n),
        Scheme::Name(name) => default_port(name.as_bytes()),
    }
}

/// The CRI side of the list.
impl<S: OptionSlots> List<'_, S> {
    /// Uri-Host from host-name labels, joined by dots (Decision 6, as for a URI's host;
    /// labels have no uppercase letter, draft §2 C5, so none is lowercased), with what
    /// makes the value unsendable besides a text-pet-sequence label: a value that reads as
    /// an IP-literal, in brackets or a bare IPv6 address (RFC 7252 §6.5 step 5 would take
    /// it for one: `%5B%3A%3A1%5D` would come back as the address `[::1]`, `%3A%3A1` could
    /// be taken for `::1`).
    fn host_name(&mut self, labels: Items<'_>) {
        self.cri_items(HOST, labels, RANK_TEXT_UTF8, true);
    }

    /// Uri-Host from a host-ip (draft §6.1) with its zone-id, unless it is the address of
    /// `dest`; through a forward-proxy whose address is not given (`proxy`), always
    /// (Decision 6). Not inlined: the compare and the writer stay out of
    /// cri_to_coap_options' frame (Decision 17, stack).
    #[inline(never)]
    fn host_ip(
        &mut self,
        addr: &[u8],
        zone: Option<&str>,
        dest: Option<&Destination<'_>>,
        proxy: bool,
    ) {
        if proxy || !is_destination(addr, zone.map(str::as_bytes), dest, same_bytes) {
            self.write(HOST, 0, |w| write_ip_literal(addr, w));
        }
    }

    /// One option of `kind` per item of `items` (Uri-Path: the path segments, Uri-Query:
    /// the query parameters, draft §8.1.1), or with `join` one of all items joined by "."
    /// (Uri-Host: the host-name labels); a text-pet-sequence item noted at `rank` ("The
    /// presence of any text-pet-sequence subitem in this item fails this algorithm",
    /// draft §8.1.1) and listed empty: the conversion fails anyway. One walk for all
    /// three, not inlined (the item iterator stays out of cri_to_coap_options' frame,
    /// Decision 17, stack), that reads every byte into the IPv6 grammar, so that no copy
    /// of a host value is made for a reader (it may not fit the caller's buffer); with
    /// `join` it gives that reading.
    #[inline(never)]
    fn cri_items(&mut self, kind: Kind, items: Items<'_>, rank: u8, join: bool) {
        let mut v6 = Ipv6Text::default();
        let (mut k, mut first, mut last) = (0usize, 0u8, 0u8);
        for (n, item) in items.iter().enumerate() {
            let text = item.text_bytes();
            if text.is_none() {
                self.note(rank, CoapError::Pet, 0);
            }
            let bytes = text.unwrap_or_default();
            // Between labels a ".", taken as the labels' bytes are.
            let mut i = usize::from(!join || n == 0);
            while i <= bytes.len() {
                let b = match i.checked_sub(1) {
                    Some(j) => bytes.get(j).copied().unwrap_or_default(),
                    None => b'.',
                };
                self.put(self.len.wrapping_add(k), b);
                v6.byte(b);
                if k == 0 {
                    first = b;
                }
                (last, k, i) = (b, k.wrapping_add(1), i.wrapping_add(1));
            }
            if !join {
                self.append(kind, k, 0);
                k = 0;
            }
        }
        if join {
            if (first == b'[' && last == b']') || v6.is_ipv6() {
                self.note(RANK_BAD_HOST, CoapError::BadUriHost, 0);
            }
            self.append(kind, k, 0);
        }
    }
}

/// Does the text read so far spell an IPv6address (RFC 3986 §3.2.2, every form)? Read one
/// byte at a time as the labels of a host-name go into Uri-Host, so that no copy of the
/// value is made for a reader (it may not fit the caller's buffer): a validator, not the
/// IP reader, which yields the address's bytes for a destination that no CRI host-name
/// is compared with. The grammar is the reader's (`uri::ip`), and a test holds the two
/// to the same answers.
#[derive(Clone, Copy, Default)]
struct Ipv6Text {
    /// The address bytes read: two a group, the "::" counted as the one zero group it
    /// stands for at least, one a dec-octet; 256 or more once the text broke the grammar
    /// (the count only grows, and no address has that many).
    n: usize,
    /// The current run of hex digits: its length, and its value as a dec-octet (over
    /// 255 for none: a letter, a leading zero, too large).
    run: u32,
    dec: u32,
    /// The ":" just read (0-2), the dots read, and whether the "::" was read.
    colons: u8,
    dots: u8,
    gap: bool,
}

impl Ipv6Text {
    /// Reads the next byte. Not inlined: the state stays in memory, out of the registers
    /// of the walk over the labels.
    #[inline(never)]
    fn byte(&mut self, c: u8) {
        let digit = c.wrapping_sub(b'0');
        if digit < 10 || (c | 0x20).wrapping_sub(b'a') < 6 {
            // No digit after a lone leading ":"; at most four a group.
            self.fail((self.colons == 1 && self.n == 0) || self.run == 4);
            // A letter, or a digit after a leading zero, makes no dec-octet.
            self.dec = if digit > 9 || (self.dec == 0 && self.run > 0) {
                0x100
            } else {
                self.dec.wrapping_mul(10).wrapping_add(u32::from(digit))
            };
            (self.run, self.colons) = (self.run.wrapping_add(1), 0);
            return;
        }
        match c {
            // None after a dot, nor a third in a row.
            b':' if self.dots == 0 && self.colons < 2 => {
                if self.run > 0 {
                    // A group ends.
                    (self.n, self.colons) = (self.n.wrapping_add(2), 1);
                } else if self.colons == 1 {
                    // The "::", once.
                    self.fail(self.gap);
                    (self.n, self.colons, self.gap) = (self.n.wrapping_add(2), 2, true);
                } else {
                    // A leading ":", which only "::" may start.
                    self.colons = 1;
                }
            }
            // A dec-octet ends (an IPv4address's first three).
            b'.' => {
                let ok = self.octet();
                self.fail(!ok || self.dots == 3);
                (self.dots, self.colons) = (self.dots.wrapping_add(1), 0);
            }
            _ => self.fail(true),
        }
        (self.run, self.dec) = (0, 0);
    }

    /// Notes that the text broke the grammar when `bad`: a count no address has (one
    /// flag less to keep beside it).
    fn fail(&mut self, bad: bool) {
        self.n |= usize::from(bad) << 8;
    }

    /// Does the run end as a dec-octet? Counts its byte.
    fn octet(&mut self) -> bool {
        self.n = self.n.wrapping_add(1);
        self.run > 0 && self.dec <= 0xff
    }

    /// At the end: an IPv6address? Sixteen bytes, or at most that with the "::".
    fn is_ipv6(mut self) -> bool {
        let end = match self.dots {
            // The fourth dec-octet.
            3 => self.octet(),
            0 if self.run > 0 => {
                self.n = self.n.wrapping_add(2);
                true
            }
            // Else only the "::" may end the text.
            0 => self.colons == 2,
            _ => false,
        };
        end && (self.n == 16 || self.gap && self.n < 16)
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
    use super::{scheme_default_port, Ipv6Text, COAP_NUMBERS};
    use crate::cri::Scheme;
    use crate::test_rng::XorShift;
    use crate::uri::ip;

    /// A scheme-name's port is its name's in the URI layer; a number's, its own.
    #[test]
    fn default_port_by_number_or_name() {
        assert_eq!(scheme_default_port(Scheme::Number(1)), Some(5684));
        assert_eq!(scheme_default_port(Scheme::Number(4)), None);
        assert_eq!(scheme_default_port(Scheme::Name("https")), Some(443));
        assert_eq!(scheme_default_port(Scheme::Name("x-local")), None);
    }

    /// The bits of the CoAP scheme numbers are the scheme table's.
    #[test]
    fn coap_numbers_are_the_tables() {
        for n in 0..200u64 {
            let bit = n < 32 && COAP_NUMBERS >> n & 1 != 0;
            assert_eq!(bit, crate::coap::coap_scheme(n).is_some(), "{n}");
        }
    }

    /// The validator gives the IP reader's answer (which agrees with `core::net`) on
    /// random texts built from pieces of addresses, so that valid ones are common.
    #[test]
    #[cfg_attr(miri, ignore)]
    fn ipv6_text_is_the_readers() {
        const PIECES: [&[u8]; 17] = [
            b"0", b"1", b"ff", b"FFFF", b"abcd", b"12345", b":", b"::", b".", b"255", b"256",
            b"01", b"1.2.3.4", b"0.0.0.0", b"g", b"[", b"00",
        ];
        let mut rng = XorShift(0x0006_7e47);
        let mut valid = 0usize;
        for _ in 0..300_000 {
            let mut text = std::vec::Vec::new();
            for _ in 0..(rng.next() % 14) {
                text.extend_from_slice(rng.pick(&PIECES));
            }
            let mut v6 = Ipv6Text::default();
            text.iter().for_each(|&b| v6.byte(b));
            let expect = ip::ipv6(&text, &mut []);
            assert_eq!(
                v6.is_ipv6(),
                expect,
                "{:?}",
                std::string::String::from_utf8_lossy(&text)
            );
            valid += usize::from(expect);
        }
        assert!(valid > 1_000, "too few valid addresses: {valid}");
    }
}
