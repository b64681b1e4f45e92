//! CoAP options back to a URI (RFC 7252 §6.5) or a CRI (draft-ietf-core-href-27 §8.1.2).

use super::options::{check_options, read_uint, Destination};
use super::{coap_scheme, coap_scheme_port, URI_HOST, URI_PATH, URI_PORT, URI_QUERY};
use super::{PROXY_CRI, PROXY_SCHEME, PROXY_SCHEME_NUMBER, PROXY_URI};
use crate::cri::to_uri::write_decimal;
use crate::cri::wire::{self as cbor, ARRAY, TEXT};
use crate::error::{CoapError, Error};
use crate::out::Out;
use crate::uri::chars::is_utf8;
use crate::uri::ip;
use crate::uri::percent::{encode_into, Set};

fn fail<T>(e: CoapError) -> Result<T, Error> {
    Err(Error::Coap(e))
}

/// The request-target options of a list, checked: Uri-Host, the port, the paths, queries.
struct Target<'a, I> {
    host: Option<&'a [u8]>,
    port: Option<u16>,
    options: I,
}

fn target<'a, I>(options: I, dest: &Destination<'_>) -> Result<Target<'a, I>, Error>
where
    I: Iterator<Item = (u16, &'a [u8])> + Clone,
{
    check_options(options.clone().map(|(n, v)| (n, v.len())))?;
    // A zone is RFC 6874 `1*( unreserved / pct-encoded )` in the URI and CRI text (draft
    // §5.1) in the CRI, and only a (scoped) IPv6 address has one (RFC 4007 §11).
    if dest
        .zone
        .is_some_and(|z| z.is_empty() || !is_utf8(z) || dest.addr.len() != 16)
    {
        return fail(CoapError::BadValue);
    }
    let mut t = Target {
        host: None,
        port: dest.port,
        options: options.clone(),
    };
    for (number, value) in options {
        // Uri-Host, Uri-Path and Uri-Query are strings, which are UTF-8 (RFC 7252 §3.2).
        if matches!(number, URI_HOST | URI_PATH | URI_QUERY) && !is_utf8(value) {
            return fail(CoapError::NotUtf8);
        }
        match number {
            URI_HOST => t.host = Some(value),
            URI_PORT => t.port = Some(u16::try_from(read_uint(value, 2)?).unwrap_or(u16::MAX)),
            URI_PATH if value == b"." || value == b".." => return fail(CoapError::DotSegment),
            PROXY_URI | PROXY_SCHEME | PROXY_CRI | PROXY_SCHEME_NUMBER => {
                return fail(CoapError::Conflict)
            }
            _ => {}
        }
    }
    if t.host.is_none() && dest.addr.len() != 4 && dest.addr.len() != 16 {
        return fail(if dest.addr.is_empty() {
            CoapError::NoHost
        } else {
            CoapError::BadValue
        });
    }
    Ok(t)
}

fn values<'a, I: Iterator<Item = (u16, &'a [u8])>>(
    options: I,
    number: u16,
) -> impl Iterator<Item = &'a [u8]> {
    options.filter(move |(n, _)| *n == number).map(|(_, v)| v)
}

/// What a Uri-Host value is (RFC 7252 §6.5 step 2).
enum UriHost<'a> {
    V4([u8; 4]),
    /// An IPv6 address, written into the caller's buffer by [`classify`] (carried in the
    /// enum, its 16 bytes would be copied through `memcpy`, Decision 17).
    V6,
    /// An IP-literal holding an IPvFuture: written as it is.
    Future,
    RegName(&'a [u8]),
}

fn classify<'a>(host: &'a [u8], v6: &mut [u8; 16]) -> Result<UriHost<'a>, Error> {
    if let Some(inner) = host.strip_prefix(b"[").and_then(|h| h.strip_suffix(b"]")) {
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]" (RFC 3986 §3.2.2), and an
        // IPvFuture host goes into Uri-Host as it is written (RFC 7252 §6.4).
        if ip::check_ipvfuture(inner).is_ok() {
            return Ok(UriHost::Future);
        }
        return if ip::ipv6(inner, v6) {
            Ok(UriHost::V6)
        } else {
            fail(CoapError::BadUriHost)
        };
    }
    if let Some(a) = ip::ipv4(host) {
        return Ok(UriHost::V4(a));
    }
    // A bare IPv6 address is neither (it needs brackets); anything else is a reg-name
    // whose characters outside the reg-name set are percent-encoded.
    if host.is_empty() || ip::ipv6(host, v6) {
        return fail(CoapError::BadUriHost);
    }
    Ok(UriHost::RegName(host))
}

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
/// [`Error::Coap`] — `NotCoapScheme` (another scheme: docs/DECISIONS.md Decision 11),
/// `BadUriHost` (a bare IPv6 address or an invalid IP-literal), `NoHost`, `BadValue` (a
/// destination address not 4 or 16 bytes; a destination zone that is empty, not UTF-8, or
/// on an IPv4 address), `NotUtf8` (a Uri-Host, Uri-Path or Uri-Query that is not UTF-8,
/// RFC 7252 §3.2), `OptionLength` (a value outside its RFC 7252 §5.10 length),
/// `DotSegment`, `Conflict` (proxy options, or repeated Uri-Host or Uri-Port), `Order`;
/// [`Error::Buffer`] with the length needed if `out` is too small.
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
    // RFC 7252 §6.5 (and RFC 8323 §8) compose URIs of the CoAP schemes only: the
    // destination port and the default ports are CoAP's (docs/DECISIONS.md Decision 11).
    let Some((_, default)) = coap_scheme_port(scheme) else {
        return fail(CoapError::NotCoapScheme);
    };
    let t = target(options, dest)?;
    let mut w = Out::new(out);
    scheme.iter().for_each(|b| w.byte(b.to_ascii_lowercase()));
    w.push(b"://");
    match t.host.map(|h| classify(h, &mut [0; 16])).transpose()? {
        // Every byte a reg-name cannot hold is percent-encoded, where RFC 7252 §6.5
        // step 5 fails (docs/DECISIONS.md Decision 18).
        Some(UriHost::RegName(name)) => encode_into(name, Set::RegName, &mut w),
        Some(_) => w.push(t.host.unwrap_or(&[])),
        None if dest.addr.len() == 4 => ip::write_ipv4(dest.addr, &mut w),
        None => {
            w.byte(b'[');
            // A reference, not a copy of the 16 bytes (`target` checked the length).
            if let Ok(addr) = <&[u8; 16]>::try_from(dest.addr) {
                ip::write_ipv6(addr, &mut w);
            }
            // A link-local destination keeps its zone, in the RFC 6874 form.
            if let Some(z) = dest.zone {
                w.push(b"%25");
                encode_into(z, Set::Unreserved, &mut w);
            }
            w.byte(b']');
        }
    }
    if let Some(p) = t.port.filter(|&p| p != default) {
        w.byte(b':');
        write_decimal(u64::from(p), &mut w);
    }
    let mut any_path = false;
    for seg in values(t.options.clone(), URI_PATH) {
        w.byte(b'/');
        encode_into(seg, Set::Segment, &mut w);
        any_path = true;
    }
    if !any_path {
        w.byte(b'/');
    }
    for (i, q) in values(t.options, URI_QUERY).enumerate() {
        w.byte(if i == 0 { b'?' } else { b'&' });
        encode_into(q, Set::QueryParam, &mut w);
    }
    w.finish()
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
    let Some((_, default)) = coap_scheme(scheme) else {
        return fail(CoapError::NotCoapScheme);
    };
    let t = target(options, dest)?;
    let mut v6 = [0u8; 16];
    let host = t.host.map(|h| classify(h, &mut v6)).transpose()?;
    if matches!(host, Some(UriHost::Future)) {
        // A CRI host is a name or an IPv4/IPv6 address (draft §5.1): no IPvFuture.
        return fail(CoapError::BadUriHost);
    }
    let port = t.port.filter(|&p| p != default);
    let paths = values(t.options.clone(), URI_PATH).count();
    let queries = values(t.options.clone(), URI_QUERY).count();
    let sections = if queries > 0 {
        4
    } else if paths > 0 {
        3
    } else {
        2
    };
    let mut w = Out::new(out);
    cbor::head(&mut w, ARRAY, sections);
    cbor::int(&mut w, true, scheme);
    write_authority(host, &v6, dest, port, &mut w);
    if sections >= 3 {
        text_array(values(t.options.clone(), URI_PATH), paths, &mut w);
    }
    if sections >= 4 {
        text_array(values(t.options, URI_QUERY), queries, &mut w);
    }
    w.finish()
}

fn write_authority(
    host: Option<UriHost<'_>>,
    v6: &[u8; 16],
    dest: &Destination<'_>,
    port: Option<u16>,
    w: &mut Out<'_>,
) {
    let labels = match host {
        Some(UriHost::RegName(name)) => name.split(|&b| b == b'.').count(),
        Some(_) => 1,
        None => 1usize.saturating_add(usize::from(dest.zone.is_some())),
    };
    cbor::head(
        w,
        ARRAY,
        (labels as u64).saturating_add(u64::from(port.is_some())),
    );
    match host {
        // Labels are lowercase (draft §2 C5); a Uri-Host compares case-insensitively
        // (RFC 3986 §3.2.2), so lowercasing keeps its meaning.
        Some(UriHost::RegName(name)) => name.split(|&b| b == b'.').for_each(|l| {
            cbor::head(w, TEXT, l.len() as u64);
            l.iter().for_each(|b| w.byte(b.to_ascii_lowercase()));
        }),
        Some(UriHost::V4(a)) => cbor::bytes(w, &a),
        Some(UriHost::V6) => cbor::bytes(w, v6),
        // Refused by the caller: a CRI has no IPvFuture host.
        Some(UriHost::Future) => {}
        None => {
            cbor::bytes(w, dest.addr);
            if let Some(z) = dest.zone {
                cbor::text(w, z);
            }
        }
    }
    if let Some(p) = port {
        cbor::int(w, false, u64::from(p));
    }
}

/// `count` and the item lengths are usize widened to u64 CBOR heads: lossless for 16-, 32-
/// and 64-bit usize.
fn text_array<'a>(items: impl Iterator<Item = &'a [u8]>, count: usize, w: &mut Out<'_>) {
    cbor::head(w, ARRAY, count as u64);
    for item in items {
        cbor::head(w, TEXT, item.len() as u64);
        w.push(item);
    }
}
