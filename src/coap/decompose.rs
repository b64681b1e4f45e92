//! A URI (RFC 7252 §6.4) or a CRI (draft-ietf-core-href-27 §8.1.1) to CoAP options, and
//! the forward-proxy forms (RFC 7252 §5.10.2, draft §8.2).

use super::options::{
    decoded, decodes_to_utf8, Collector, Destination, OptionRef, OptionSlots, SliceSlots,
};
use super::{coap_scheme, coap_scheme_port};
use super::{
    PROXY_CRI, PROXY_SCHEME, PROXY_SCHEME_NUMBER, PROXY_URI, URI_HOST, URI_PATH, URI_PORT,
    URI_QUERY,
};
use crate::cri::{Authority, CriRef, Host, Items, Piece, Scheme, TextOrPet};
use crate::error::{CoapError, Error, OptionSpace};
use crate::out::Out;
use crate::uri::dot_segments::{self, Dots, PathPieces};
use crate::uri::percent::{decode_into, pct_byte};
use crate::uri::recompose::{write_ref, AsIs};
use crate::uri::{default_port, ip, HostKind, UriRef};

/// Which options carry the request target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Uri-Host, Uri-Port, Uri-Path, Uri-Query; the scheme must be a CoAP scheme.
    Direct,
    /// To a forward-proxy: the whole URI in Proxy-Uri, or the whole CRI in Proxy-Cri.
    Proxy,
    /// To a forward-proxy: Proxy-Scheme (URI, or CRI scheme-name) or Proxy-Scheme-Number
    /// (CRI) with the Uri-* options, for any scheme.
    ProxyScheme,
    /// Direct for a CoAP scheme, else Proxy.
    Auto,
}

fn fail<T>(e: CoapError) -> Result<T, Error> {
    Err(Error::Coap(e))
}

/// Is `addr` (with `zone`) the destination's address? Without a destination, the target's
/// own address is the destination (Decision 6).
/// `addr` is 4 or 16 bytes, borrowed: addresses are compared and written in place, never
/// copied (a 16-byte copy is a `memcpy` call). `zone` is a URI's zone id (RFC 6874:
/// percent-encoded, compared decoded, so `eth%30` is `eth0`) or a CRI's zone-id (text,
/// compared as it is), by `encoded`.
fn is_destination(
    addr: &[u8],
    zone: Option<&[u8]>,
    encoded: bool,
    dest: Option<&Destination<'_>>,
) -> bool {
    let same_zone = |z: &[u8], d: &[u8]| {
        if encoded {
            decoded(z).eq(d.iter().copied())
        } else {
            same_bytes(z, d)
        }
    };
    match dest {
        None => true,
        Some(d) => {
            same_bytes(d.addr, addr)
                && match (zone, d.zone) {
                    (Some(z), Some(dz)) => same_zone(z, dz),
                    (z, dz) => z.is_none() && dz.is_none(),
                }
        }
    }
}

/// `a == b`, byte by byte: a slice `==` calls memcmp, which the CRI device image carried
/// (with two shims, 136 bytes) for [`is_destination`] alone.
#[inline(never)]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// Uri-Port when the port differs from the destination port (`None` there: the target's
/// own port).
fn push_port<S: OptionSlots>(
    c: &mut Collector<'_, '_, S>,
    port: Option<u16>,
    dest: Option<&Destination<'_>>,
) -> Result<(), Error> {
    let dest_port = dest.and_then(|d| d.port).or(port);
    match port.filter(|&p| Some(p) != dest_port) {
        Some(p) => c.push_uint(URI_PORT, u64::from(p)),
        None => Ok(()),
    }
}

/// The URI `uri` as CoAP options (RFC 7252 §6.4, docs/DESIGN.md Decision 6) for a request to
/// `dest` (`None`: the address and port the URI names; its zone is compared with the
/// URI's zone id percent-decoded, RFC 6874 §2): option numbers and value
/// positions into `opts`, decoded values into `scratch`; returns the room used. Options
/// come in ascending number order.
///
/// The URI is normalized first (Decision 4): `%2E` dots count as dots, so no ".." reaches
/// a server; Uri-Host is the host percent-decoded and lowercased, without zone id.
///
/// Errors: [`Error::Coap`] — `NotAbsolute`, `NotCoapScheme` (mode `Direct`), `Fragment`,
/// `NoHost`, `Userinfo`, `BadUriHost` (a reg-name that decodes to a bare IPv6 address),
/// `NotUtf8` (a host, a segment sent or a query that is not UTF-8 once percent-decoded:
/// Uri-Host, Uri-Path and Uri-Query are strings, RFC 7252 §3.2),
/// `OptionLength` (Uri-Host 1-255, Uri-Path/Uri-Query 0-255, Proxy-Uri 1-1034
/// bytes); [`Error::OptionSpace`] with the room needed when `opts` or `scratch` is too small.
pub fn uri_to_options(
    uri: &UriRef<'_>,
    dest: Option<&Destination<'_>>,
    mode: Mode,
    opts: &mut [OptionRef],
    scratch: &mut [u8],
) -> Result<OptionSpace, Error> {
    uri_to_slots(uri, dest, mode, &mut SliceSlots(opts), scratch)
}

pub(crate) fn uri_to_slots<S: OptionSlots>(
    uri: &UriRef<'_>,
    dest: Option<&Destination<'_>>,
    mode: Mode,
    opts: &mut S,
    scratch: &mut [u8],
) -> Result<OptionSpace, Error> {
    let mut c = Collector::new(opts, scratch);
    let Some(scheme) = uri.scheme else {
        return fail(CoapError::NotAbsolute);
    };
    if uri.fragment.is_some() {
        return fail(CoapError::Fragment);
    }
    let coap = coap_scheme_port(scheme);
    if sent_whole(mode, coap.is_some())? {
        c.push(PROXY_URI, |w| write_ref::<AsIs>(uri, w))?;
        return c.finish();
    }
    // An empty host names nothing: a Uri-Host is 1-255 bytes (RFC 7252 §5.10.1) and CoAP
    // defines no default host (RFC 3986 §3.2.2).
    let Some(host) = uri.host.filter(|h| !h.is_empty()) else {
        return fail(CoapError::NoHost);
    };
    if uri.userinfo.is_some() {
        return fail(CoapError::Userinfo);
    }
    let texts_utf8 = (uri.host_kind != Some(HostKind::RegName) || decodes_to_utf8(host))
        && uri.query.is_none_or(decodes_to_utf8);
    if !texts_utf8 {
        return fail(CoapError::NotUtf8);
    }
    // A reg-name without "%" is neither an address nor can it spell one (no ":").
    let plain_name = uri.host_kind == Some(HostKind::RegName) && !host.contains(&b'%');
    if plain_name || !host_is_destination(uri, dest) {
        if !plain_name
            && uri.host_kind == Some(HostKind::RegName)
            && (spells_ipv6(|w| write_uri_host(host, w)) || name_is_bracketed(host))
        {
            return fail(CoapError::BadUriHost);
        }
        c.push(URI_HOST, |w| write_uri_host(host, w))?;
    }
    let default = default_port(scheme);
    push_port(&mut c, uri.port_number.or(default), dest)?;
    push_path(&mut c, uri.path)?;
    if let Some(q) = uri.query {
        c.push_split_decoded(URI_QUERY, q, b'&')?;
    }
    if mode == Mode::ProxyScheme {
        c.push(PROXY_SCHEME, |w| {
            scheme.iter().for_each(|b| w.byte(b.to_ascii_lowercase()))
        })?;
    }
    c.finish()
}

/// Does the target go to a forward-proxy whole (Proxy-Uri, Proxy-Cri) rather than as
/// Uri-* options, by `mode` and whether its scheme is a CoAP scheme?
///
/// Errors: `NotCoapScheme` in mode `Direct` for another scheme.
fn sent_whole(mode: Mode, is_coap: bool) -> Result<bool, Error> {
    match (mode, is_coap) {
        (Mode::Direct, false) => fail(CoapError::NotCoapScheme),
        (Mode::Proxy, _) | (Mode::Auto, false) => Ok(true),
        (Mode::Direct | Mode::ProxyScheme | Mode::Auto, _) => Ok(false),
    }
}

/// Is the URI's host the destination's address (without a destination: is it an address)?
fn host_is_destination(uri: &UriRef<'_>, dest: Option<&Destination<'_>>) -> bool {
    match (dest, uri.host_kind) {
        (None, Some(HostKind::Ipv4 | HostKind::Ipv6)) => true,
        _ => {
            let mut addr = [0u8; 16];
            uri_host_ip(uri, &mut addr).is_some_and(|(len, z)| {
                is_destination(addr.get(..len).unwrap_or(&[]), z, true, dest)
            })
        }
    }
}

/// The IP address (and zone id) a URI's host names, if it is an IP address.
fn uri_host_ip<'a>(uri: &UriRef<'a>, addr: &mut [u8; 16]) -> Option<(usize, Option<&'a [u8]>)> {
    let host = uri.host?;
    let v4 = |a: [u8; 4], addr: &mut [u8; 16]| {
        addr.iter_mut().zip(a).for_each(|(d, b)| *d = b);
        (4, None)
    };
    match uri.host_kind? {
        HostKind::Ipv4 => ip::ipv4(host).map(|a| v4(a, addr)),
        HostKind::Ipv6 => {
            let inner = host.get(1..host.len().saturating_sub(1))?;
            let text = inner.split(|&b| b == b'%').next()?;
            ip::ipv6(text, addr).then_some((16, uri.zone_id))
        }
        HostKind::RegName => (ip::read_ip(host, addr) == 4).then_some((4, None)),
        HostKind::IpvFuture => None,
    }
}

/// Would this Uri-Host value read as a bare IPv6 address (a reg-name such as `%3A%3A1`)?
/// RFC 7252 §6.5 cannot turn such a value back into a URI, and a server could take the
/// name for the address, so it is refused rather than sent.
///
/// Generic, not `&dyn Fn`, for the reason `Collector` is generic over its slots; not
/// inlined, so that its 45-byte buffer stays out of its callers' frames.
#[inline(never)]
fn spells_ipv6(write: impl Fn(&mut Out<'_>)) -> bool {
    // The longest IPv6 text (with an embedded IPv4 address) is 45 bytes.
    let mut buf = [0u8; 45];
    let mut w = Out::new(&mut buf);
    write(&mut w);
    let n = w.len();
    // `is_ipv6` alone: an IPv6 text without a ':' is none. A `contains(&b':')` first
    // called `memchr`, which the CRI device image carried for it and two loops of the
    // CRI decoder.
    n <= buf.len() && buf.get(..n).is_some_and(|t| ip::ipv6(t, &mut [0; 16]))
}

/// Does a Uri-Host value that starts with `first` and ends with `last` read as an
/// IP-literal? RFC 7252 §6.5 step 5 takes a Uri-Host in brackets for one, so a reg-name
/// or CRI host-name that decodes to `[…]` cannot be sent: `%5B%3A%3A1%5D` would come back
/// as the address `[::1]`, and `%5Bo%5D` not at all (the composers refuse `[o]`).
fn bracketed(first: Option<u8>, last: Option<u8>) -> bool {
    first == Some(b'[') && last == Some(b']')
}

/// [`bracketed`] for a valid reg-name: `[` and `]` are not reg-name characters, so only
/// the triplets `%5B` and `%5D` can give them (a `%` three bytes from the end starts a
/// triplet: the two bytes after a `%` are hex digits).
fn name_is_bracketed(host: &[u8]) -> bool {
    let last = host.len().checked_sub(3).and_then(|i| pct_byte(host, i));
    bracketed(pct_byte(host, 0), last)
}

/// [`bracketed`] for the labels of a CRI host-name, which go into Uri-Host joined by `.`.
/// Not inlined: its two item iterators took cri_to_coap_options' own frame from 264 to
/// 280 bytes (over issue 13's 512-byte budget).
#[inline(never)]
fn labels_are_bracketed(labels: Items<'_>) -> bool {
    let first = labels.iter().next().and_then(|l| l.as_text());
    let last = labels.iter().last().and_then(|l| l.as_text());
    let (first, last) = (
        first.and_then(|t| t.bytes().next()),
        last.and_then(|t| t.bytes().last()),
    );
    bracketed(first, last)
}

/// Uri-Host: the host percent-decoded and ASCII-lowercased (Decision 6); an IP-literal
/// keeps its brackets and loses its zone id.
fn write_uri_host(host: &[u8], w: &mut Out<'_>) {
    if host.first() == Some(&b'[') {
        let end = host
            .iter()
            .position(|&b| b == b'%' || b == b']')
            .unwrap_or(host.len());
        decode_into(host.get(..end).unwrap_or(&[]), true, w);
        w.byte(b']');
    } else {
        decode_into(host, true, w);
    }
}

/// RFC 7252 §6.4 step 8: a path of "" or "/" gives no Uri-Path; otherwise one per
/// segment after dot-segment removal (with `%2E` dots, Decision 4).
fn push_path<S: OptionSlots>(c: &mut Collector<'_, '_, S>, path: &[u8]) -> Result<(), Error> {
    if dot_segments::has_dots(PathPieces::new(path), Dots::Decoded) {
        // Checked, then pushed, by two functions side by side: their survivor iterators
        // are never on the stack at once (push_dotted_path 200 -> 152 bytes, issue 13).
        if !dotted_path_sent(path)? {
            return Ok(());
        }
        return push_dotted_path(c, path);
    }
    // Without dot-segments the segments are the path's own (path-abempty: "" or "/…"),
    // split and decoded in one pass.
    match path.strip_prefix(b"/") {
        None | Some(b"") => Ok(()),
        Some(_) if !decodes_to_utf8(path) => fail(CoapError::NotUtf8),
        Some(segments) => c.push_split_decoded(URI_PATH, segments, b'/'),
    }
}

/// [`push_path`] through dot-segment removal: the surviving segments, found last first
/// (after [`dotted_path_sent`]).
///
/// Not inlined: its survivor iterators took 144 bytes of uri_to_coap_options' frame
/// (416 -> 272, issue 13), under the URI parser's chain too.
#[inline(never)]
fn push_dotted_path<S: OptionSlots>(
    c: &mut Collector<'_, '_, S>,
    path: &[u8],
) -> Result<(), Error> {
    let segments =
        || dot_segments::survivors(PathPieces::new(path), Dots::Decoded).map(|chunk| chunk.seg);
    c.push_reversed(URI_PATH, segments, |seg, w| decode_into(seg, false, w))
}

/// Whether the dotted `path` gives Uri-Path options (not when "/" alone is left), and
/// `NotUtf8` when a segment sent is not UTF-8.
#[inline(never)]
fn dotted_path_sent(path: &[u8]) -> Result<bool, Error> {
    // One pass, one iterator (a clone to probe the first segments took this frame from 80
    // to 120 bytes, issue 13): how many survive, whether the first is empty, and whether
    // all are UTF-8.
    let (mut count, mut first_empty, mut utf8) = (0usize, false, true);
    for chunk in dot_segments::survivors(PathPieces::new(path), Dots::Decoded) {
        if count == 0 {
            first_empty = chunk.seg.is_empty();
        }
        count = count.saturating_add(1);
        // Only the segments sent must be UTF-8: `/%FF/..` sends none of its bytes.
        utf8 = utf8 && decodes_to_utf8(chunk.seg);
    }
    if count == 1 && first_empty {
        return Ok(false);
    }
    if !utf8 {
        return fail(CoapError::NotUtf8);
    }
    Ok(true)
}

/// The full CRI `cri` (whose CBOR is `raw`) as CoAP options (draft §8.1.1) for a request to `dest` (`None`: the
/// address and port the CRI names); see [`uri_to_options`] for the output.
///
/// Errors: [`Error::Coap`] — `NotAbsolute` (not a full CRI), `NotCoapScheme` (mode
/// `Direct`: a scheme-id outside the CoAP table, or a scheme-name), `Fragment`, `Pet` (a
/// text-pet-sequence where an option value is needed), `NoHost`, `Userinfo`, `OptionLength`
/// (Proxy-Cri 1-1023 bytes); [`Error::OptionSpace`].
pub fn cri_to_options(
    cri: &CriRef<'_>,
    raw: &[u8],
    dest: Option<&Destination<'_>>,
    mode: Mode,
    opts: &mut [OptionRef],
    scratch: &mut [u8],
) -> Result<OptionSpace, Error> {
    cri_to_slots(cri, raw, dest, mode, &mut SliceSlots(opts), scratch)
}

pub(crate) fn cri_to_slots<S: OptionSlots>(
    cri: &CriRef<'_>,
    raw: &[u8],
    dest: Option<&Destination<'_>>,
    mode: Mode,
    opts: &mut S,
    scratch: &mut [u8],
) -> Result<OptionSpace, Error> {
    let mut c = Collector::new(opts, scratch);
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
    if sent_whole(mode, coap.is_some())? {
        c.push(PROXY_CRI, |w| w.push(raw))?;
        return c.finish();
    }
    let default = match scheme {
        Scheme::Number(n) => coap
            .map(|(_, port)| port)
            .or_else(|| crate::cri::scheme_name(n).and_then(|name| default_port(name.as_bytes()))),
        Scheme::Name(name) => default_port(name.as_bytes()),
    };
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
            check_text_items(labels)?;
            if spells_ipv6(|w| write_joined(labels, b'.', w)) || labels_are_bracketed(labels) {
                return fail(CoapError::BadUriHost);
            }
            c.push(URI_HOST, |w| write_joined(labels, b'.', w))?;
        }
        &Host::Ip { addr, zone } => {
            if !is_destination(addr, zone.map(str::as_bytes), false, dest) {
                c.push(URI_HOST, |w| write_ip_literal(addr, w))?;
            }
        }
    }
    push_port(&mut c, a.port.or(default), dest)?;
    if let Some(path) = cri
        .path
        .filter(|p| !(p.count == 1 && p.iter().all(|s| s.is_empty())))
    {
        check_text_items(path)?;
        for seg in path.iter() {
            c.push(URI_PATH, |w| write_text(seg, w))?;
        }
    }
    if let Some(query) = cri.query {
        check_text_items(query)?;
        for param in query.iter() {
            c.push(URI_QUERY, |w| write_text(param, w))?;
        }
    }
    if mode == Mode::ProxyScheme {
        match scheme {
            Scheme::Number(n) => c.push_uint(PROXY_SCHEME_NUMBER, n)?,
            Scheme::Name(name) => c.push(PROXY_SCHEME, |w| w.push(name.as_bytes()))?,
        }
    }
    c.finish()
}

/// "The presence of any text-pet-sequence subitem in this item fails this algorithm."
fn check_text_items(items: Items<'_>) -> Result<(), Error> {
    if items.iter().all(|i| i.as_text().is_some()) {
        Ok(())
    } else {
        fail(CoapError::Pet)
    }
}

fn write_text(item: TextOrPet<'_>, w: &mut Out<'_>) {
    for piece in item.pieces() {
        if let Piece::Text(t) = piece {
            w.push(t.as_bytes());
        }
    }
}

/// Uri-Host from host-name labels: joined by dots and ASCII-lowercased (Decision 6, as
/// for a URI's host).
///
/// The labels are text (the caller ran `check_text_items`): each is read whole, and the
/// separator goes before every label but the first, with no `Pieces` or `Enumerate` state
/// on this frame: 96 -> 48 bytes, under `spells_ipv6` on the deepest chain of
/// cri_to_coap_options (issue 13).
fn write_joined(items: Items<'_>, sep: u8, w: &mut Out<'_>) {
    let mut after_first = false;
    for item in items.iter() {
        if after_first {
            w.byte(sep);
        }
        after_first = true;
        let text = item.as_text().unwrap_or_default();
        text.bytes().for_each(|b| w.byte(b.to_ascii_lowercase()));
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

/// Where in the URI's text a CoAP error of [`uri_to_options`] lies (byte offset into
/// `uri`'s input): the `#` of a fragment, the userinfo, the host (`BadUriHost`, a host
/// that is not UTF-8 or too long for Uri-Host), the first path segment or query item that
/// is not UTF-8 or over 255 bytes decoded; 0 for the others (the scheme, no host).
///
/// Not inlined: it runs only after a failure, and its iterators took 16 bytes of
/// uri_to_coap_options' frame (issue 13).
#[inline(never)]
pub(crate) fn uri_error_offset(uri: &UriRef<'_>, why: CoapError) -> usize {
    let at = |s: &[u8]| (s.as_ptr() as usize).saturating_sub(uri.input.as_ptr() as usize);
    let bad = |s: &[u8]| match why {
        CoapError::NotUtf8 => !decodes_to_utf8(s),
        CoapError::OptionLength => decoded(s).count() > 255,
        _ => false,
    };
    let host = uri.host.unwrap_or(&[]);
    let bad_host = match why {
        CoapError::BadUriHost => true,
        CoapError::OptionLength => host.is_empty() || decoded(host).count() > 255,
        _ => uri.host_kind == Some(HostKind::RegName) && bad(host),
    };
    // The path's segments, then the query's items: two plain searches, not one over a
    // chain with a flat_map, whose state made this chain 72 bytes deeper (288 -> 216 from
    // uri_to_coap_options, issue 13).
    fn first_bad(s: &[u8], sep: u8, bad: impl Fn(&[u8]) -> bool) -> Option<&[u8]> {
        s.split(|&b| b == sep).find(|s| bad(s))
    }
    let path = uri.path.strip_prefix(b"/").unwrap_or(uri.path);
    match why {
        CoapError::Fragment => uri.fragment.map_or(0, |f| at(f).saturating_sub(1)),
        CoapError::Userinfo => uri.userinfo.map_or(0, at),
        _ if uri.host.is_some() && bad_host => at(host),
        _ => first_bad(path, b'/', bad)
            .or_else(|| uri.query.and_then(|q| first_bad(q, b'&', bad)))
            .map_or(0, at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri::parse_into;

    fn offset(s: &str, why: CoapError) -> usize {
        let mut u = UriRef::default();
        parse_into::<false>(s.as_bytes(), &mut u).expect("a URI");
        uri_error_offset(&u, why)
    }

    /// The first bad path segment, else the first bad query item, else 0.
    #[test]
    fn error_offsets_of_segments_then_query_items() {
        assert_eq!(offset("coap://h/a/%FF?x", CoapError::NotUtf8), 11);
        assert_eq!(offset("coap://h/a?x&%FF", CoapError::NotUtf8), 13);
        assert_eq!(offset("coap://h/%FF?%FF", CoapError::NotUtf8), 9);
        assert_eq!(offset("coap://h/a?x", CoapError::NotUtf8), 0);
        assert_eq!(offset("coap://h/a#f", CoapError::Fragment), 10);
    }

    /// The Uri-Path options of a URI with dot-segments (or its error).
    fn dotted_path(s: &str) -> Result<usize, Error> {
        let mut u = UriRef::default();
        parse_into::<false>(s.as_bytes(), &mut u).expect("a URI");
        let (mut opts, mut scratch) = ([OptionRef::default(); 8], [0u8; 64]);
        let space = uri_to_options(&u, None, Mode::Direct, &mut opts, &mut scratch)?;
        let sent = opts.get(..space.options).unwrap_or(&[]);
        Ok(sent.iter().filter(|o| o.number == URI_PATH).count())
    }

    /// "/" alone after dot-segment removal sends no Uri-Path; only the segments that
    /// survive must be UTF-8.
    #[test]
    fn dotted_paths_checked_then_pushed() {
        assert_eq!(dotted_path("coap://h/a/.."), Ok(0));
        assert_eq!(dotted_path("coap://h/%FF/../b"), Ok(1));
        assert_eq!(dotted_path("coap://h/a/./b/.."), Ok(2));
        assert_eq!(
            dotted_path("coap://h/%FF/x/.."),
            Err(Error::Coap(CoapError::NotUtf8))
        );
    }
}
