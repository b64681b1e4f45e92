//! CoAP options back to a URI (RFC 7252 §6.5, RFC 8323 §8) or a CRI (draft-ietf-core-href-27
//! §8.1.2) in one checking walk and one writing walk over the options, for both forms: the
//! text or CBOR goes straight into the caller's buffer and is counted on past its end, so
//! that the length a too-small buffer needs comes out of the same walk (docs/DECISIONS.md
//! Decision 17).

use super::options::{length_limits, Destination};
use super::{PROXY_CRI, PROXY_SCHEME, PROXY_SCHEME_NUMBER, PROXY_URI, URI_HOST, URI_PATH};
use super::{URI_PORT, URI_QUERY};
use crate::cri::wire::{self as cbor, ARRAY, TEXT};
use crate::error::{CoapError, Error};
use crate::out::Out;
use crate::uri::chars::{self, is_utf8, PCHAR, QUERY, REG_NAME, UNRESERVED};
use crate::uri::ip;

/// Composes the URI of a request (RFC 7252 §6.5) from its CoAP `scheme` (coap, coaps,
/// coap+tcp, coaps+tcp, coap+ws, coaps+ws; any case), its destination `dest` (address used
/// when there is no Uri-Host, with its zone in the RFC 6874 form `%25zone`; port used
/// when there is no Uri-Port) and its options (other options than Uri-* are skipped) into
/// `out`; returns the length. Uri-Path values have every character outside pchar
/// percent-encoded (so `/` is `%2F`), Uri-Query values outside query characters and `&`;
/// a path without Uri-Path is "/".
///
/// # Errors
///
/// [`Error::Coap`], the first of these that applies: `NotCoapScheme` (another scheme:
/// docs/DECISIONS.md Decision 11); `Order`, `OptionLength` (a value outside its RFC 7252
/// §5.10 length) or `Conflict` (a repeated Uri-Host or Uri-Port), for the first option in
/// the list that has one; `Conflict` for proxy options that may not stand together;
/// `BadValue` (a destination zone that is empty, not UTF-8, or on an IPv4 address);
/// `NotUtf8` (a Uri-Host, Uri-Path or Uri-Query that is not UTF-8, RFC 7252 §3.2) or
/// `DotSegment`, for the first option that has one; `Proxy` (a proxy option: the request
/// is for a forward-proxy, RFC 7252 §5.10.2);
/// `BadUriHost` (a bare IPv6 address or an invalid IP-literal), `NoHost` or `BadValue`
/// (a destination address not 4 or 16 bytes). Then [`Error::Buffer`] with the length
/// needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::coap::{uri_from_options, Destination, URI_PATH, URI_QUERY};
///
/// // A request to 192.0.2.1:61616 without Uri-Host: the address is the host.
/// let dest = Destination { addr: &[192, 0, 2, 1], zone: None, port: Some(61616) };
/// let options = [(URI_PATH, &b"a b"[..]), (URI_PATH, b"c/d"), (URI_QUERY, b"x=1")];
/// let mut out = [0u8; 64];
/// let n = uri_from_options(b"coap", &dest, options.into_iter(), &mut out)?;
/// assert_eq!(&out[..n], b"coap://192.0.2.1:61616/a%20b/c%2Fd?x=1");
/// # Ok::<(), cri::Error>(())
/// ```
pub fn uri_from_options<'a, I>(
    scheme: &[u8],
    dest: &Destination<'_>,
    options: I,
    out: &mut [u8],
) -> Result<usize, Error>
where
    I: Iterator<Item = (u16, &'a [u8])> + Clone,
{
    compose(Some(scheme), 0, dest, options, out)
}

/// Composes the full CRI of a request (draft §8.1.2) from the CoAP scheme number
/// (0, 1, 6, 7, 24, 25), the destination and the options, as CBOR into `out`; returns the
/// length. Without Uri-Host the host is the destination address (and zone id); the port is
/// elided when it is the scheme's default; trailing empty path and query are dropped.
///
/// # Errors
///
/// As [`uri_from_options`] (`NotCoapScheme` for another scheme number), and `BadUriHost`
/// also for an IPvFuture Uri-Host (a CRI has none).
///
/// # Examples
///
/// ```
/// use cri::coap::{cri_from_options, Destination, URI_HOST, URI_PATH};
/// use cri::cri::to_edn;
/// use cri::CriRef;
///
/// let dest = Destination { addr: &[192, 0, 2, 1], zone: None, port: Some(5683) };
/// let options = [(URI_HOST, &b"example.com"[..]), (URI_PATH, b"temp")];
/// let mut cbor = [0u8; 64];
/// let n = cri_from_options(0, &dest, options.into_iter(), &mut cbor)?; // 0: coap
/// let mut edn = [0u8; 64];
/// let m = to_edn(&CriRef::decode(&cbor[..n])?, &mut edn)?;
/// assert_eq!(&edn[..m], br#"[-1, ["example", "com"], ["temp"]]"#);
/// # Ok::<(), cri::Error>(())
/// ```
pub fn cri_from_options<'a, I>(
    scheme: u64,
    dest: &Destination<'_>,
    options: I,
    out: &mut [u8],
) -> Result<usize, Error>
where
    I: Iterator<Item = (u16, &'a [u8])> + Clone,
{
    compose(None, scheme, dest, options, out)
}

/// What the checking walk learned of an option list that may stand together.
pub(crate) struct Scan<'a> {
    /// The Uri-Host value.
    pub(crate) host: Option<&'a [u8]>,
    /// The Uri-Port value.
    pub(crate) port: Option<u16>,
    /// How many Uri-Path and Uri-Query options.
    pub(crate) paths: usize,
    pub(crate) queries: usize,
    /// Whether a proxy option is in the list.
    pub(crate) proxy: bool,
}

/// Checks that the options may stand together in one request (RFC 7252 §5.4.5, §5.10, draft
/// §8.2; the rules of [`super::check_options`]) and gathers the request target's parts.
/// The first option out of order, of a length outside its range or repeated where it must
/// not be decides the error, then the proxy options that must not stand together.
pub(crate) fn scan<'a, I>(options: I) -> Result<Scan<'a>, CoapError>
where
    I: Iterator<Item = (u16, &'a [u8])>,
{
    // One bit per option kind that RFC 7252 §5.10 and draft §8.2 restrict.
    const HOST: u32 = 1;
    const PORT: u32 = 2;
    const PATH: u32 = 4;
    const QUERY: u32 = 8;
    const P_URI: u32 = 16;
    const P_SCHEME: u32 = 32;
    const P_CRI: u32 = 64;
    const P_SCHEME_NUMBER: u32 = 128;
    const URI_OPTIONS: u32 = HOST | PORT | PATH | QUERY;
    const PROXY_OPTIONS: u32 = P_URI | P_SCHEME | P_CRI | P_SCHEME_NUMBER;
    let mut s = Scan {
        host: None,
        port: None,
        paths: 0,
        queries: 0,
        proxy: false,
    };
    let (mut seen, mut prev) = (0u32, 0u16);
    for (n, v) in options {
        if n < prev {
            return Err(CoapError::Order);
        }
        let (min, max) = length_limits(n);
        if v.len() < min || v.len() > max {
            return Err(CoapError::OptionLength);
        }
        prev = n;
        let b = match n {
            URI_HOST => {
                s.host = Some(v);
                HOST
            }
            URI_PORT => {
                // At most 2 bytes (the length check): always a u16.
                s.port = Some(v.iter().fold(0u16, |p, &b| (p << 8) | u16::from(b)));
                PORT
            }
            URI_PATH => {
                s.paths = s.paths.wrapping_add(1);
                PATH
            }
            URI_QUERY => {
                s.queries = s.queries.wrapping_add(1);
                QUERY
            }
            PROXY_URI => P_URI,
            PROXY_SCHEME => P_SCHEME,
            PROXY_CRI => P_CRI,
            PROXY_SCHEME_NUMBER => P_SCHEME_NUMBER,
            _ => 0,
        };
        // Uri-Path and Uri-Query repeat; so does every option not restricted here.
        if b & (HOST | PORT | PROXY_OPTIONS) & seen != 0 {
            return Err(CoapError::Conflict);
        }
        seen |= b;
    }
    let has = |mask: u32| seen & mask != 0;
    if (has(P_CRI) && has(URI_OPTIONS | P_URI))
        || (has(P_URI) && has(URI_OPTIONS))
        || (has(P_SCHEME) && has(P_SCHEME_NUMBER))
    {
        return Err(CoapError::Conflict);
    }
    s.proxy = has(PROXY_OPTIONS);
    Ok(s)
}

/// Percent-encodes `v` (RFC 3986 §2.1): the bytes of the character class `mask` are
/// kept, every other one becomes `%HH`; a query item keeps no `&` ("any ampersand
/// character in the item value MUST be percent-encoded", draft §6.1; RFC 7252 §6.5). One
/// copy for the host, the zone, the segments and the query items.
#[inline(never)]
fn encode(v: &[u8], mask: u8, w: &mut Out<'_>) {
    for &b in v {
        if chars::is(b, mask) && (b != b'&' || mask != QUERY) {
            w.byte(b);
        } else {
            w.push(&chars::pct_triplet(b));
        }
    }
}

/// Writes the port `p` in decimal (RFC 3986 §3.2.3), its digits last first into a
/// 5-byte array (a u16 has at most 5).
fn write_port(p: u16, w: &mut Out<'_>) {
    let (mut digits, mut i, mut v) = ([0u8; 5], 5usize, p);
    loop {
        i = i.wrapping_sub(1);
        if let Some(d) = digits.get_mut(i) {
            *d = b'0'.wrapping_add((v % 10) as u8);
        }
        v /= 10;
        if v == 0 {
            break;
        }
    }
    w.push(digits.get(i..).unwrap_or(&[]));
}

/// Does `name` hold `lit` (lowercase) at `from`, in any case?
fn holds(name: &[u8], from: usize, lit: &[u8]) -> bool {
    lit.iter()
        .enumerate()
        .all(|(k, &c)| name.get(from.wrapping_add(k)).map(u8::to_ascii_lowercase) == Some(c))
}

/// The CRI scheme number of a CoAP scheme name in any case: `coap` or `coaps` (RFC 7252
/// §6), alone or with `+tcp` or `+ws` (RFC 8323 §8); numbers 0, 1, 6, 7, 24, 25 (draft
/// §8.1). Read by the names' structure: no scheme table in a server image.
fn scheme_number(name: &[u8]) -> Option<u64> {
    if !holds(name, 0, b"coap") {
        return None;
    }
    let secure = holds(name, 4, b"s");
    let at = 4usize.wrapping_add(usize::from(secure));
    let transport = match name.len().wrapping_sub(at) {
        0 => 0,
        4 if holds(name, at, b"+tcp") => 6,
        3 if holds(name, at, b"+ws") => 24,
        _ => return None,
    };
    Some(transport | u64::from(secure))
}

/// The default port of the CoAP scheme number `number` (RFC 7252 §6.1, §6.2; RFC 8323 §8.1,
/// §8.2, §8.3, §8.4).
fn default_port(number: u64) -> Option<u16> {
    match number {
        0 | 6 => Some(5683),
        1 | 7 => Some(5684),
        24 => Some(80),
        25 => Some(443),
        _ => None,
    }
}

/// Is `v` "." or ".."? Byte by byte (a slice `==` calls `memcmp`, Decision 17).
fn is_dots(v: &[u8]) -> bool {
    matches!(v.len(), 1 | 2) && v.iter().all(|&b| b == b'.')
}

/// Composes the request target of `options` (RFC 7252 §6.5) sent to `dest` into `out`: the
/// URI text with the CoAP scheme `name` (any case), or with `name` `None` the full CRI
/// (draft §8.1.2) with the scheme number `number`; `default` is the scheme's default port.
/// Returns the length.
///
/// The errors come in the order `uri_from_options` documents: the first option that may
/// not stand in the list (`Order`, `OptionLength`, `Conflict`), proxy options that may not
/// stand together (`Conflict`), the destination zone (`BadValue`), then the first option
/// whose value cannot be carried (`NotUtf8`, `DotSegment`), a proxy option (`Proxy`),
/// the host (`NoHost`, `BadValue`, `BadUriHost`), and last the room (`Buffer`).
pub(crate) fn compose<'a, I>(
    name: Option<&[u8]>,
    number: u64,
    dest: &Destination<'_>,
    options: I,
    out: &mut [u8],
) -> Result<usize, Error>
where
    I: Iterator<Item = (u16, &'a [u8])> + Clone,
{
    let fail = |why| Err(Error::Coap(why));
    // RFC 7252 §6.5 (and RFC 8323 §8) compose URIs of the CoAP schemes only: the
    // destination port and the default ports are CoAP's (docs/DECISIONS.md Decision 11).
    let Some((number, default)) = name
        .map_or(Some(number), scheme_number)
        .and_then(|n| Some((n, default_port(n)?)))
    else {
        return fail(CoapError::NotCoapScheme);
    };
    let s = scan(options.clone()).map_err(Error::Coap)?;
    // A zone is RFC 6874 `1*( unreserved / pct-encoded )` in the URI and CRI text (draft
    // §5.1) in the CRI, and only a (scoped) IPv6 address has one (RFC 4007 §11).
    if dest
        .zone
        .is_some_and(|z| z.is_empty() || !is_utf8(z) || dest.addr.len() != 16)
    {
        return fail(CoapError::BadValue);
    }
    let cri = name.is_none();
    let mut w = Out::new(out);
    // The errors ranked below every option value error, noted and given after them: proxy
    // options (a server that composes its request's target is no forward-proxy), then
    // the host.
    let mut late = s.proxy.then_some(CoapError::Proxy);
    let port = s.port.or(dest.port).filter(|&p| p != default);
    // Scheme and authority, then the path when there is a path or a query, then the query.
    let sections = 2u64
        .wrapping_add(u64::from(s.paths | s.queries != 0))
        .wrapping_add(u64::from(s.queries != 0));
    if let Some(name) = name {
        name.iter().for_each(|b| w.byte(b.to_ascii_lowercase()));
        w.push(b"://");
    } else {
        cbor::head(&mut w, ARRAY, sections);
        cbor::int(&mut w, true, number);
    }
    // The authority's items for a CRI (draft §5.1): the host's, then the port.
    let port_items = u64::from(port.is_some());
    if let Some(host) = s.host {
        // Uri-Host is a string, which is UTF-8 (RFC 7252 §3.2).
        if !is_utf8(host) {
            return fail(CoapError::NotUtf8);
        }
        let mut v6 = [0u8; 16];
        // `[` and `]` asked byte by byte (`strip_prefix` compares through `memcmp`).
        let bracketed =
            host.len() >= 2 && host.first() == Some(&b'[') && host.last() == Some(&b']');
        if let (true, Some(inner)) = (bracketed, host.get(1..host.len().wrapping_sub(1))) {
            // IP-literal = "[" ( IPv6address / IPvFuture ) "]" (RFC 3986 §3.2.2): an
            // IPvFuture host is written as it is (RFC 7252 §6.4); a CRI host is a name or
            // an IPv4/IPv6 address (draft §5.1), no IPvFuture.
            let future = !cri && ip::check_ipvfuture(inner).is_ok();
            if !future && !ip::ipv6(inner, &mut v6) {
                late = late.or(Some(CoapError::BadUriHost));
            } else if cri {
                cbor::head(&mut w, ARRAY, port_items.wrapping_add(1));
                cbor::bytes(&mut w, &v6);
            } else {
                w.push(host);
            }
        } else if ip::ipv6(host, &mut v6) {
            // A bare IPv6 address needs brackets.
            late = late.or(Some(CoapError::BadUriHost));
        } else if !cri {
            // A reg-name, its characters outside the reg-name set percent-encoded (an
            // IPv4address has none), where RFC 7252 §6.5 step 5 would fail
            // (docs/DECISIONS.md Decision 18).
            encode(host, REG_NAME, &mut w);
        } else if let Some(a) = ip::ipv4(host) {
            cbor::head(&mut w, ARRAY, port_items.wrapping_add(1));
            cbor::bytes(&mut w, &a);
        } else {
            let dots = host
                .iter()
                .fold(0u64, |n, &b| n.wrapping_add(u64::from(b == b'.')));
            cbor::head(&mut w, ARRAY, port_items.wrapping_add(dots).wrapping_add(1));
            // Labels are lowercase (draft §2 C5); a Uri-Host compares case-insensitively
            // (RFC 3986 §3.2.2), so lowercasing keeps its meaning.
            let mut start = 0usize;
            for i in 0..=host.len() {
                if host.get(i).is_none_or(|&b| b == b'.') {
                    let label = host.get(start..i).unwrap_or(&[]);
                    cbor::head(&mut w, TEXT, label.len() as u64);
                    label.iter().for_each(|b| w.byte(b.to_ascii_lowercase()));
                    start = i.wrapping_add(1);
                }
            }
        }
    } else if matches!(dest.addr.len(), 4 | 16) {
        if cri {
            // Only an IPv6 address has a zone (checked above).
            let zone = u64::from(dest.zone.is_some());
            cbor::head(&mut w, ARRAY, port_items.wrapping_add(zone).wrapping_add(1));
            cbor::bytes(&mut w, dest.addr);
            if let Some(z) = dest.zone {
                cbor::text(&mut w, z);
            }
        } else if let Ok(addr) = <&[u8; 16]>::try_from(dest.addr) {
            w.byte(b'[');
            ip::write_ipv6(addr, &mut w);
            // A link-local destination keeps its zone, in the RFC 6874 form.
            if let Some(z) = dest.zone {
                w.push(b"%25");
                encode(z, UNRESERVED, &mut w);
            }
            w.byte(b']');
        } else {
            ip::write_ipv4(dest.addr, &mut w);
        }
    } else {
        late = late.or(Some(if dest.addr.is_empty() {
            CoapError::NoHost
        } else {
            CoapError::BadValue
        }));
    }
    if let Some(p) = port {
        if cri {
            cbor::int(&mut w, false, u64::from(p));
        } else {
            w.byte(b':');
            write_port(p, &mut w);
        }
    }
    // The path: "/" alone without Uri-Path in a URI; the path array, empty before a query,
    // in a CRI.
    if s.paths == 0 && !cri {
        w.byte(b'/');
    }
    if sections >= 3 && cri {
        cbor::head(&mut w, ARRAY, s.paths as u64);
    }
    let mut first_query = true;
    for (n, v) in options {
        // A segment follows "/" and keeps pchar; the first query item follows "?", the
        // others "&", and each keeps the query characters but "&".
        let (sep, mask) = match n {
            URI_PATH => (b'/', PCHAR),
            URI_QUERY if first_query => (b'?', QUERY),
            URI_QUERY => (b'&', QUERY),
            _ => continue,
        };
        // Uri-Path and Uri-Query are strings (RFC 7252 §3.2); "." and ".." are no segment
        // a URI or CRI can carry.
        if !is_utf8(v) {
            return fail(CoapError::NotUtf8);
        }
        if sep == b'/' && is_dots(v) {
            return fail(CoapError::DotSegment);
        }
        if cri {
            if sep == b'?' {
                cbor::head(&mut w, ARRAY, s.queries as u64);
            }
            cbor::text(&mut w, v);
        } else {
            w.byte(sep);
            encode(v, mask, &mut w);
        }
        first_query &= sep == b'/';
    }
    if let Some(why) = late {
        return fail(why);
    }
    w.finish()
}
