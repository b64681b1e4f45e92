//! A URI to CoAP options (RFC 7252 §6.4) in one conversion pass over the parsed URI: each
//! value is decoded, checked and written straight into the caller's buffers, and counted
//! on past their ends, so that the room a too-small list needs comes out of the same pass
//! (docs/DECISIONS.md Decision 17).

use super::options::{
    is_destination, port_to_send, Destination, Kind, List, OptionRef, OptionSlots, Refusal,
    SliceSlots, Text, HOST, PATH, PORT, P_SCHEME, P_URI, QUERY, RANK_BAD_HOST, RANK_PATH_TEXT,
    RANK_TEXT_UTF8,
};
use crate::error::{CoapError, Error, OptionSpace};
use crate::uri::ip::read_ip;
use crate::uri::percent::text_byte;
use crate::uri::scheme::port_and_coap;
use crate::uri::{HostKind, UriRef};

/// Which options carry the request target.
///
/// # Examples
///
/// ```
/// use cri::coap::{uri_to_options, Mode, OptionRef, PROXY_URI, URI_HOST};
/// use cri::UriRef;
///
/// let (mut opts, mut values) = ([OptionRef::default(); 4], [0u8; 64]);
/// let uri = UriRef::parse("http://example.com/a")?;
/// // An HTTP URI cannot go as Uri-* options: Auto sends it whole to a forward-proxy.
/// let used = uri_to_options(&uri, None, Mode::Auto, &mut opts, &mut values)?;
/// assert_eq!((used.options, opts[0].number), (1, PROXY_URI));
/// assert_eq!(opts[0].value(&values), b"http://example.com/a");
/// let coap = UriRef::parse("coap://example.com/a")?;
/// uri_to_options(&coap, None, Mode::Auto, &mut opts, &mut values)?;
/// assert_eq!(opts[0].number, URI_HOST);
/// # Ok::<(), cri::Error>(())
/// ```
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

/// Does the target go to a forward-proxy whole (Proxy-Uri, Proxy-Cri) rather than as
/// Uri-* options, by `mode` and whether its scheme is a CoAP scheme? `None`: it cannot go
/// (mode `Direct` with another scheme). Inlined: one caller per firmware image.
#[inline(always)]
pub(crate) fn sent_whole(mode: Mode, is_coap: bool) -> Option<bool> {
    match (mode, is_coap) {
        (Mode::Direct, false) => None,
        (Mode::Proxy, _) | (Mode::Auto, false) => Some(true),
        (Mode::Direct | Mode::ProxyScheme | Mode::Auto, _) => Some(false),
    }
}

/// The URI `uri` as CoAP options (RFC 7252 §6.4, docs/DECISIONS.md Decision 6) for a request
/// to `dest` (`None`: the address and port the URI names, or in [`Mode::ProxyScheme`] a
/// proxy whose address is not given, Decision 6; its zone is compared with the
/// URI's zone id percent-decoded, RFC 6874 §2): option numbers and value positions into
/// `opts`, decoded values into `scratch`; returns the room used. Options come in
/// ascending number order.
///
/// The URI is normalized first (Decision 4): `%2E` dots count as dots, so no ".." reaches
/// a server; Uri-Host is the host percent-decoded and lowercased, without zone id.
///
/// # Errors
/// [`Error::Coap`] — `NotAbsolute`, `NotCoapScheme` (mode `Direct`), `Fragment`,
/// `NoHost`, `Userinfo`, `BadUriHost` (a reg-name that decodes to a bare IPv6 address or
/// to `[…]`), `NotUtf8` (a host, a segment sent or a query that is not UTF-8 once
/// percent-decoded: Uri-Host, Uri-Path and Uri-Query are strings, RFC 7252 §3.2),
/// `OptionLength` (Uri-Host 1-255, Uri-Path/Uri-Query 0-255, Proxy-Uri 1-1034 bytes);
/// [`Error::OptionSpace`] with the room needed when `opts` or `scratch` is too small.
///
/// # Examples
/// ```
/// use cri::coap::{uri_to_options, Mode, OptionRef, URI_HOST, URI_PATH};
/// use cri::uri::UriRef;
///
/// let uri = UriRef::parse("coap://example.com/a/../b?x=1")?;
/// let (mut opts, mut values) = ([OptionRef::default(); 8], [0u8; 64]);
/// let used = uri_to_options(&uri, None, Mode::Direct, &mut opts, &mut values)?;
/// assert_eq!(used.options, 3); // Uri-Host "example.com", Uri-Path "b", Uri-Query "x=1"
/// assert_eq!(opts[0].number, URI_HOST);
/// let path = opts[1];
/// assert_eq!((path.number, path.value(&values)), (URI_PATH, &b"b"[..]));
/// # Ok::<(), cri::Error>(())
/// ```
pub fn uri_to_options(
    uri: &UriRef<'_>,
    dest: Option<&Destination<'_>>,
    mode: Mode,
    opts: &mut [OptionRef],
    scratch: &mut [u8],
) -> Result<OptionSpace, Error> {
    uri_to_list(uri, dest, mode, &mut SliceSlots(opts), scratch).map_err(Error::from)
}

/// The URI `u` as CoAP options for a request to `dest` in `mode` (see
/// [`uri_to_options`] for the rules), into `slots` and `scratch`.
pub(crate) fn uri_to_list<S: OptionSlots>(
    u: &UriRef<'_>,
    dest: Option<&Destination<'_>>,
    mode: Mode,
    slots: &mut S,
    scratch: &mut [u8],
) -> Result<OptionSpace, Refusal> {
    let offset = |s: &[u8]| (s.as_ptr() as usize).wrapping_sub(u.input.as_ptr() as usize);
    let fail = |why, at| Err(Refusal::Coap(why, at));
    let Some(scheme) = u.scheme else {
        return fail(CoapError::NotAbsolute, 0);
    };
    if let Some(f) = u.fragment {
        // The `#` before the fragment.
        return fail(CoapError::Fragment, offset(f).wrapping_sub(1));
    }
    let mut list = List::new(slots, scratch);
    let (default, is_coap) = port_and_coap(scheme);
    let Some(whole) = sent_whole(mode, is_coap) else {
        return fail(CoapError::NotCoapScheme, 0);
    };
    if whole {
        list.bytes(P_URI, u.input);
        return list.finish();
    }
    // An empty host names nothing: a Uri-Host is 1-255 bytes (RFC 7252 §5.10.1) and CoAP
    // defines no default host (RFC 3986 §3.2.2).
    if u.host.is_none_or(<[u8]>::is_empty) {
        return fail(CoapError::NoHost, 0);
    }
    if let Some(userinfo) = u.userinfo {
        return fail(CoapError::Userinfo, offset(userinfo));
    }
    // Through a forward-proxy whose address is not given, nothing of the target is the
    // destination: Uri-Host always goes (Decision 6).
    let proxy = mode == Mode::ProxyScheme && dest.is_none();
    list.host(u, dest, proxy);
    if let Some(p) = port_to_send(u.port_number, default, dest, mode == Mode::ProxyScheme) {
        list.uint(PORT, u64::from(p));
    }
    list.path(u.path, offset(u.path));
    if let Some(q) = u.query {
        list.items(QUERY, QUERY_ITEM, q, offset(q));
    }
    if mode == Mode::ProxyScheme {
        // Lowercased (RFC 3986 §3.1: the canonical form) through the decoding loop: a
        // scheme holds no "%" and is ASCII.
        let (_, len) = list.decode(scheme, HOST_TEXT, 0);
        list.append(P_SCHEME, len, 0);
    }
    list.finish()
}

/// A host (and a scheme, which holds no `%` and is ASCII): lowercased (RFC 3986 §3.1,
/// §3.2.2: the canonical forms, Decision 6).
const HOST_TEXT: Text = Text {
    stop: b'/',
    lower: true,
    rank: RANK_TEXT_UTF8,
};
/// A path segment, up to its `/`.
const SEGMENT: Text = Text {
    stop: b'/',
    lower: false,
    rank: RANK_PATH_TEXT,
};
/// A query item, up to its `&`.
const QUERY_ITEM: Text = Text {
    stop: b'&',
    lower: false,
    rank: RANK_TEXT_UTF8,
};

/// The URI side of the list: values decoded from a URI's components.
impl<S: OptionSlots> List<'_, S> {
    /// Uri-Host from the host of `u`, which is not empty (RFC 7252 §6.4 steps 5-6,
    /// Decision 6): none when the host is the destination's address (without a
    /// destination: when it is an address); else the host percent-decoded and lowercased,
    /// an IP-literal without its zone id. A reg-name that spells an IPv6 address or reads
    /// as an IP-literal cannot be sent (§6.5 would read it back as an address). Takes the
    /// view whole: one argument for the host, its kind, its zone id and its offset.
    /// Through a forward-proxy whose address is not given (`proxy`), no host is the
    /// destination (Decision 6). Not inlined: the
    /// address bytes stay out of the caller's frame, which lies under the deepest chain of
    /// `uri_to_coap_options` (Decision 17, stack).
    #[inline(never)]
    fn host(&mut self, u: &UriRef<'_>, dest: Option<&Destination<'_>>, proxy: bool) {
        let (host, kind, zone) = (u.host.unwrap_or_default(), u.host_kind, u.zone_id);
        let at = (host.as_ptr() as usize).wrapping_sub(u.input.as_ptr() as usize);
        let literal = matches!(kind, Some(HostKind::Ipv6 | HostKind::IpvFuture));
        // An IP-literal's value is "[" and the address, without a zone id, then "]".
        let (text, value) = if literal {
            let a = crate::uri::literal_address(host);
            (a, host.get(..a.len().wrapping_add(1)).unwrap_or(host))
        } else {
            (host, host)
        };
        let mut addr = [0u8; 16];
        // The address the host names: an IPv4address or an IP-literal's IPv6address (the
        // parser checked them), or a reg-name that spells one through percent-encoding (a
        // name such as 10.0.0.1 is an IPv4address to the parser, and ":" is no reg-name
        // character); an IPvFuture names none. The one reader takes them all: neither
        // address holds a "%".
        let n = read_ip(text, &mut addr);
        debug_assert!(
            match kind {
                Some(HostKind::Ipv6) => n == 16,
                Some(HostKind::Ipv4) => n == 4,
                _ => true,
            },
            "the parser checked the address"
        );
        if kind == Some(HostKind::RegName) {
            // A reg-name holds no "[" or "]" but as the triplets "%5B" and "%5D", so the
            // bytes decoded at its start and at its last triplet's place tell.
            let last = host.len().wrapping_sub(3);
            let bracketed = text_byte(host, 0).0 == b'[' && text_byte(host, last).0 == b']';
            if n == 16 || bracketed {
                self.note(RANK_BAD_HOST, CoapError::BadUriHost, at);
            }
        }
        // An address is ASCII: a host left out needs no UTF-8 check.
        if n != 0
            && !proxy
            && is_destination(addr.get(..n).unwrap_or(&[]), zone, dest, same_zone_decoded)
        {
            return;
        }
        let (_, mut len) = self.decode(value, HOST_TEXT, at);
        if literal {
            self.put(self.len.wrapping_add(len), b']');
            len = len.wrapping_add(1);
        }
        self.append(HOST, len, at);
    }

    /// Uri-Path (RFC 7252 §6.4 step 8): one option per segment of the path after
    /// dot-segment removal (RFC 3986 §5.2.4, `%2E` dots too: Decision 4), none for a path
    /// of "" or "/". Two backward walks over the raw path (Decision 17): the first counts
    /// and sizes the survivors, the second writes each into its final slot. On bare metal
    /// every path takes them; a host sends a path without dot-segments in one forward
    /// pass instead, the same options in fewer instructions (docs/DESIGN.md, "Layers":
    /// `--cfg cri_firmware_paths` tests the bare-metal route on hosts).
    fn path(&mut self, path: &[u8], at: usize) {
        // path-abempty: "" or "/" and the segments.
        let Some((_, segments)) = path.split_first() else {
            return;
        };
        let (at, first, start) = (at.wrapping_add(1), self.count, self.len);
        if !cfg!(any(target_os = "none", cri_firmware_paths)) && !has_dot_segment(segments) {
            self.items(PATH, SEGMENT, segments, at);
            // "/" alone: no Uri-Path.
            if self.count == first.wrapping_add(1) && self.len == start {
                self.count = first;
            }
            return;
        }
        // The first walk moves the list's end down by each survivor without writing, so
        // the distance it moved is the survivors' count and length (the steps are modular:
        // only the distance counts); the second writes each into its slot down from the
        // end that makes.
        self.survivors(segments, at, false);
        let (n, total) = (first.wrapping_sub(self.count), start.wrapping_sub(self.len));
        // Neither wraps (Decision 17): the survivors are some of the path's segments, and
        // their decoded length is at most the path's.
        let end = (first.wrapping_add(n), start.wrapping_add(total));
        // "/" alone is left: no Uri-Path.
        if n == 1 && total == 0 {
            (self.count, self.len) = (first, start);
            return;
        }
        (self.count, self.len) = end;
        self.survivors(segments, at, true);
        (self.count, self.len) = end;
    }

    /// One backward walk over the raw `segments` (at `at` in the input): moves the list's
    /// end (`count`, `len`) down by one slot and the decoded length of each segment that
    /// survives dot-segment removal, last first; with `write`, decodes and lists each
    /// survivor at the slot and value position it moved to. Not inlined: one copy for
    /// both walks.
    #[inline(never)]
    fn survivors(&mut self, segments: &[u8], at: usize, write: bool) {
        let (mut end, mut skip) = (segments.len(), 0usize);
        loop {
            let (b, len, dots) = segment_before(segments, end);
            // The decoding loop stops at the segment's `/`: no end to cut.
            let seg = segments.get(b..).unwrap_or(&[]);
            // A final "." or ".." (the first segment walked) leaves an empty last segment
            // (RFC 3986 §5.2.4 2C, 2D).
            let sent = match dots {
                0 if skip == 0 => Some((seg, len)),
                0 => {
                    skip = skip.wrapping_sub(1);
                    None
                }
                _ => {
                    // At most one per segment: no wrap (Decision 17).
                    skip = skip.wrapping_add(usize::from(dots == 2));
                    (end == segments.len()).then_some((&[][..], 0))
                }
            };
            if let Some((s, len)) = sent {
                let seg_at = at.wrapping_add(b);
                self.count = self.count.wrapping_sub(1);
                self.len = self.len.wrapping_sub(len);
                if write {
                    self.decode(s, SEGMENT, seg_at);
                    self.record(PATH, len, seg_at);
                }
            }
            let Some(before) = b.checked_sub(1) else {
                return;
            };
            end = before;
        }
    }

    /// One option of `kind` per item of `s` (Uri-Path: `/`-separated segments, Uri-Query:
    /// `&`-separated items, RFC 7252 §6.4 steps 8-9), each decoded as `how` says.
    fn items(&mut self, kind: Kind, how: Text, s: &[u8], at: usize) {
        let mut i = 0usize;
        loop {
            let item = s.get(i..).unwrap_or(&[]);
            let item_at = at.wrapping_add(i);
            let (end, len) = self.decode(item, how, item_at);
            self.append(kind, len, item_at);
            // The end of an item lies in `s`: no wrap.
            i = i.wrapping_add(end);
            if i >= s.len() {
                return;
            }
            // Past the separator.
            i = i.wrapping_add(1);
        }
    }
}

/// Does a segment of `segments` (a path after its first `/`) decode to "." or ".."? A
/// look at the first byte of each segment: most paths have none.
fn has_dot_segment(segments: &[u8]) -> bool {
    segments.split(|&b| b == b'/').any(|seg| {
        matches!(seg.first(), Some(b'.' | b'%')) && segment_before(seg, seg.len()).2 != 0
    })
}

/// The segment of the valid path text `segments` that ends at `end` (at a `/` or the
/// end): where it starts, its length once decoded, and 1 when it decodes to ".", 2 for
/// "..", else 0 (`%2E` and `%2e` are dots: Decision 4). One backward walk that counts
/// the triplets and the dots: a segment of dots alone has as many as it has bytes
/// decoded.
#[inline(always)]
fn segment_before(segments: &[u8], end: usize) -> (usize, usize, usize) {
    let (mut b, mut pcts, mut dots) = (end, 0usize, 0usize);
    while let Some(&c) = b.checked_sub(1).and_then(|i| segments.get(i)) {
        if c == b'/' {
            break;
        }
        // The "%" of a triplet: its digits are at `b` and after.
        let pct = c == b'%';
        let dot = c == b'.' || (pct && text_byte(segments, b.wrapping_sub(1)).0 == b'.');
        pcts = pcts.wrapping_add(usize::from(pct));
        dots = dots.wrapping_add(usize::from(dot));
        b = b.wrapping_sub(1);
    }
    // Each triplet is 3 bytes for 1 decoded.
    let len = end.wrapping_sub(b).wrapping_sub(pcts.wrapping_mul(2));
    let dots = if dots == len && len <= 2 { len } else { 0 };
    (b, len, dots)
}

/// Is the URI's zone id `z` (percent-encoded, RFC 6874 §2: `eth%30` is `eth0`) the
/// destination's zone `dz`? Read through `text_byte`, with no decoded copy.
fn same_zone_decoded(z: &[u8], dz: &[u8]) -> bool {
    let (mut i, mut k) = (0usize, 0usize);
    while i < z.len() {
        let (v, step) = text_byte(z, i);
        if dz.get(k) != Some(&v) {
            return false;
        }
        // Neither wraps (Decision 17): `i` indexes `z` and `k` counts its bytes read.
        (i, k) = (i.wrapping_add(step), k.wrapping_add(1));
    }
    k == dz.len()
}
