//! URI reference → CRI reference in CBOR (draft-ietf-core-href-27 §6: "implementations
//! are free to use any algorithm as long as converting the resulting CRI back to a URI
//! yields an equivalent URI").
//!
//! The URI is normalized on the way (docs/DECISIONS.md Decision 4): scheme and host lowercased,
//! `%2E` dots and dot-segments removed (a CRI cannot hold `.`/`..`), the default port
//! dropped. Text is percent-decoded; a PET byte string is used only where the character
//! would not come back percent-encoded, or is not UTF-8 (Decision 7).

use super::model::MAX_DISCARD;
use super::scheme::scheme_number;
use super::to_uri::Set;
use super::wire::{self, ARRAY, BYTES, FALSE, NULL, TEXT, TRUE};
use crate::error::{Error, Unconvertible};
use crate::out::Out;
use crate::uri::chars::{self, UNRESERVED};
use crate::uri::dot_segments::{self, Dots, PathPieces};
use crate::uri::ip;
use crate::uri::percent::{decode_into, pct_byte, text_byte};
use crate::uri::{default_port, HostKind, UriRef};

/// Converts a URI reference into a CRI reference (CBOR, without tag) in `out`; returns the
/// length. A URI (with scheme) gives a full CRI: the scheme as a scheme-id when the table
/// has it, else as a scheme-name.
///
/// # Errors
///
/// [`Error::Unconvertible`] for an IPvFuture host, an empty port, a port with leading
/// zeros, a zone id that is not UTF-8, a path that starts with an empty segment and more
/// without an authority, a relative-path reference needing a discard over 127
/// (draft §5.1); [`Error::Buffer`] with the length needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::cri::{from_uri, to_edn};
/// use cri::{CriRef, UriRef};
///
/// let mut cbor = [0u8; 64];
/// let n = from_uri(&UriRef::parse("HTTP://Example.com:80/a/./b%2Fc/d%3Ae?x#f")?, &mut cbor)?;
/// let mut edn = [0u8; 80];
/// let m = to_edn(&CriRef::decode(&cbor[..n])?, &mut edn)?;
/// // Normalized on the way (Decision 4). A CRI → URI conversion encodes "/" in a
/// // segment again, so `%2F` is text; it writes ":" as it is, so `%3A` stays PET
/// // (Decision 7).
/// let want = br#"[-3, ["example", "com"], ["a", "b/c", ["d", h'3A', "e"]], ["x"], "f"]"#;
/// assert_eq!(&edn[..m], want);
/// # Ok::<(), cri::Error>(())
/// ```
pub fn from_uri(uri: &UriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    let mut a = [0u8; 16];
    let mut u = *uri;
    if read_address(uri, &mut a) == 0
        && matches!(u.host_kind, Some(HostKind::Ipv6 | HostKind::Ipv4))
    {
        // No address after all (a host in brackets that a lenient split gave): its text is
        // written, as a reg-name's is.
        u.host_kind = None;
    }
    from_parsed(&u, &a, out)
}

/// [`from_uri`] with `a`, the bytes of the host's address that the parse kept
/// ([`crate::uri::parse_reading_address`]): all 16 for an IP-literal, the first 4 for an
/// IPv4address. The address is read once, as the parser validates it.
pub(crate) fn from_parsed(uri: &UriRef<'_>, a: &[u8; 16], out: &mut [u8]) -> Result<usize, Error> {
    let mut plan = Plan::new(uri);
    plan.check(uri).map_err(Error::Unconvertible)?;
    let mut w = Out::new(out);
    plan.write(uri, a, &mut w);
    w.finish()
}

/// A run of units of one kind (all text or all PET): one piece of a text-or-pet item. A
/// unit is one character as CRI text, or one byte for PET.
#[derive(Default)]
struct Run {
    pet: bool,
    /// Source bytes covered; 0 at the end of the component.
    len: usize,
    /// Decoded bytes.
    decoded: usize,
}

/// One unit of a URI component: a character as CRI text, or a byte for PET.
struct Unit {
    /// Source bytes.
    len: usize,
    /// Decoded bytes (1 to 4: one UTF-8 character, or one PET byte).
    bytes: [u8; 4],
    width: usize,
    pet: bool,
}

/// The unit at `s[i]` of a (valid, percent-encoded) component. `%HH` of an unreserved
/// character, or of one the CRI → URI direction would encode again, is text; another ASCII
/// character needs PET to come back encoded; bytes of 0x80 and up are text when they form
/// UTF-8, else PET. A literal byte is text (a literal non-ASCII byte only comes from an
/// IRI, which the parser checked to be UTF-8). Host labels are lowercased (RFC 3986
/// §6.2.2.1, Decision 4), no other component: the set says which it is.
#[inline(always)]
fn unit_at(s: &[u8], i: usize, set: Set) -> Unit {
    let (b, len) = text_byte(s, i);
    let lower = if set == Set::RegName {
        b.to_ascii_lowercase()
    } else {
        b
    };
    let mut u = Unit {
        len,
        bytes: [lower, 0, 0, 0],
        width: 1,
        pet: false,
    };
    if len == 1 {
        return u;
    }
    if b < 0x80 {
        u.pet = !chars::is(b, UNRESERVED) && set.keeps(b);
        return u;
    }
    // `k` and the width are at most 4: a plain multiply (Decision 17, no 64-bit products).
    for (k, slot) in u.bytes.iter_mut().enumerate().skip(1) {
        *slot = pct_byte(s, i.saturating_add(k.wrapping_mul(3))).unwrap_or(0);
    }
    // The character decoded inline, not checked by `chars::is_utf8`: this is under
    // every item written, where a leaf frame more counts (Decision 17, stack).
    match chars::decode_utf8(&u.bytes).map_or(0, |(_, w)| w) {
        0 | 1 => u.pet = true,
        w => (u.width, u.len) = (w, w.wrapping_mul(3)),
    }
    u
}

/// The run at the start of `s`, into `run` (one slot of the caller's for every call,
/// Decision 17, stack), its decoded bytes written to `w` when given, each unit whole or
/// not at all, as `Out::push` writes a piece.
#[inline(never)]
fn run_at(s: &[u8], set: Set, mut w: Option<&mut Out<'_>>, run: &mut Run) {
    *run = Run::default();
    while run.len < s.len() {
        let u = unit_at(s, run.len, set);
        if run.len > 0 && u.pet != run.pet {
            break;
        }
        run.pet = u.pet;
        run.len = run.len.saturating_add(u.len);
        run.decoded = run.decoded.saturating_add(u.width);
        if let Some(w) = w.as_deref_mut() {
            w.push(u.bytes.get(..u.width).unwrap_or(&[]));
        }
    }
}

/// Does `s` hold a `%`?
fn has_pct(s: &[u8]) -> bool {
    #[allow(clippy::manual_contains)] // `contains` calls memchr (Decision 17)
    s.iter().any(|&b| b == b'%')
}

/// Writes a URI component as a text-or-pet item: one text string, or an array of text and
/// byte strings when any byte needs PET.
fn write_item(src: &[u8], set: Set, w: &mut Out<'_>) {
    // Without a `%` (the usual case) the item is one run of text, the source itself.
    let plain = !has_pct(src);
    let (mut pieces, mut any_pet, mut decoded) = (1usize, false, src.len());
    // One run on this frame, filled in place by every call (Decision 17, stack).
    let mut run = Run::default();
    if !plain {
        // One walk over the runs finds how many there are, whether any is PET, and the
        // decoded length, for the heads that come first.
        (pieces, decoded) = (0, 0);
        let mut rest = src;
        loop {
            run_at(rest, set, None, &mut run);
            if run.len == 0 {
                break;
            }
            pieces = pieces.saturating_add(1);
            any_pet |= run.pet;
            decoded = decoded.saturating_add(run.decoded);
            rest = rest.get(run.len..).unwrap_or(&[]);
        }
    }
    // A text item is one run under one head; a PET one an array of runs, each after its
    // own head (its length measured).
    let (major, count) = if any_pet {
        (ARRAY, pieces)
    } else {
        (TEXT, decoded)
    };
    wire::head(w, major, count as u64);
    if plain && set != Set::RegName {
        w.push(src);
        return;
    }
    if !any_pet {
        // Text throughout: the item percent-decoded, and a host lowercased, is its one run
        // (every unit is a character or a decoded byte).
        decode_into(src, set == Set::RegName, w);
        return;
    }
    let mut rest = src;
    loop {
        run_at(rest, set, None, &mut run);
        if run.len == 0 {
            return;
        }
        wire::head(w, if run.pet { BYTES } else { TEXT }, run.decoded as u64);
        let (this, tail) = rest.split_at_checked(run.len).unwrap_or((rest, &[]));
        rest = tail;
        run_at(this, set, Some(&mut *w), &mut run);
    }
}

/// A host's labels: split at "." units (a literal "." or `%2E`, which normalization
/// turns into "." anyway).
fn labels(host: &[u8]) -> impl Iterator<Item = &[u8]> + Clone {
    let mut rest = Some(host);
    core::iter::from_fn(move || {
        let s = rest?;
        let mut i = 0usize;
        while let Some(&b) = s.get(i) {
            let dot = match b {
                b'.' => 1,
                b'%' if pct_byte(s, i) == Some(b'.') => 3,
                _ => 0,
            };
            if dot > 0 {
                rest = s.get(i.saturating_add(dot)..);
                return s.get(..i);
            }
            i = i.saturating_add(1);
        }
        rest = None;
        Some(s)
    })
}

/// The address bytes of an IP-literal host (16) or an IPv4address (4) into `a`, else
/// none (0): what [`from_parsed`] gets from the parse, for a view
/// that was not parsed with it.
fn read_address(uri: &UriRef<'_>, a: &mut [u8; 16]) -> usize {
    let Some(host) = uri.host else {
        return 0;
    };
    match uri.host_kind {
        Some(HostKind::Ipv6) => {
            // INVARIANT: the parser gives this kind only to an IP-literal, which keeps its
            // brackets.
            debug_assert!(host.first() == Some(&b'[') && host.last() == Some(&b']'));
            let inner = host.get(1..host.len().saturating_sub(1)).unwrap_or(&[]);
            let addr = inner.split(|&b| b == b'%').next().unwrap_or(&[]);
            if ip::ipv6(addr, a) {
                16
            } else {
                0
            }
        }
        Some(HostKind::Ipv4) if ip::ipv4_into(host, a) => 4,
        _ => 0,
    }
}

/// A section of the CRI reference being written.
#[derive(Clone, Copy)]
enum Section {
    Scheme,
    Authority,
    Null,
    True,
    /// At most `MAX_DISCARD` (`from_uri` checks the range before writing): a byte, so that
    /// the five sections on the writer's frame stay two bytes each (Decision 17, stack).
    Discard(u8),
    Path,
    Query,
    EmptyArray,
    Fragment,
}

/// The path segments after dot-segment removal: a relative-path reference keeps the ".."
/// that climb above it as extra discard (`leftover`).
fn path_segments(path: &[u8], relative: bool) -> dot_segments::Survivors<'_> {
    let path = PathPieces::new(path);
    if relative {
        dot_segments::relative_survivors(path)
    } else {
        dot_segments::survivors(path, Dots::Decoded)
    }
}

/// What the URI turns into, decided before writing.
struct Plan {
    /// A relative-path reference (RFC 3986 §4.2): the CRI starts with a discard of 1 plus
    /// the ".." that climb above it (draft §5.1).
    relative: bool,
    /// After dot-segment removal the path is rootless (`zz:a/..` is `zz:/`, `zz:.` is
    /// `zz:`).
    rootless: bool,
    /// The path has dot-segments (with `%2E` dots): found once, by [`Plan::check`].
    dots: bool,
    /// Path segments after dot-segment removal.
    path_count: usize,
    /// The ".." left over above a relative-path reference (extra discard): at most
    /// `MAX_DISCARD` where it counts (a relative-path reference, checked), so a byte
    /// (Decision 17, stack).
    leftover: u8,
}

impl Plan {
    /// The fields that cannot fail. The struct is built once, in the caller's frame, and
    /// then completed in place by [`Plan::check`]: a constructor returning
    /// `Result<Plan, _>` had the plan copied through `memcpy` between frame slots, twice
    /// its size on `cri_from_uri`'s deepest chain (Decision 17: no large structs returned
    /// by value).
    fn new(uri: &UriRef<'_>) -> Self {
        Plan {
            relative: uri.scheme.is_none()
                && uri.host.is_none()
                && !uri.path.is_empty()
                && !dot_segments::is_rooted(uri.path),
            rootless: false,
            dots: false,
            path_count: 0,
            leftover: 0,
        }
    }

    /// The checks of host, port and path, and the path's shape, written into the plan in
    /// place. A frame of its own: the walks it makes are done before anything is written,
    /// and their state stays off the writers' chain (Decision 17, stack).
    #[inline(never)]
    fn check(&mut self, uri: &UriRef<'_>) -> Result<(), Unconvertible> {
        match uri.port {
            Some([]) => return Err(Unconvertible::EmptyPort),
            Some(p) if p.len() > 1 && p.first() == Some(&b'0') => {
                return Err(Unconvertible::PortLeadingZero)
            }
            _ => {}
        }
        match (uri.host_kind, uri.zone_id) {
            (Some(HostKind::IpvFuture), _) if uri.host.is_some() => {
                return Err(Unconvertible::IpvFuture)
            }
            // Only an IP-literal has a zone id.
            (_, Some(z)) if uri.host.is_some() => {
                // Not UTF-8: a first run of PET, or one of text that a PET run follows
                // (the parser checked every `%HH`, so no run ends early).
                let mut text = Run::default();
                run_at(z, Set::Unreserved, None, &mut text);
                if text.pet || text.len < z.len() {
                    return Err(Unconvertible::ZoneId);
                }
            }
            _ => {}
        }
        // The path's first segments after dot-segment removal: one that is empty followed
        // by more would read `//…` without an authority; a rootless path gives `true` after
        // a scheme without a host. A path without dot-segments stays as it is, so its
        // start tells both, without the dot-segment walk.
        let path = PathPieces::new(uri.path);
        // One walk tells whether there are dot-segments and, for a path without them,
        // its segments.
        let (pieces, dots) = dot_segments::segments(uri.path, Dots::Decoded);
        self.dots = dots;
        let (leading_empty, rootless) = if self.dots {
            let (first, second) = dot_segments::first_chunks(path, Dots::Decoded);
            (
                first.is_some_and(|c| c.seg.is_empty()) && second.is_some(),
                first.is_some_and(|c| !c.slash),
            )
        } else {
            (
                matches!(uri.path, [b'/', b'/', ..]),
                !uri.path.is_empty() && !dot_segments::is_rooted(uri.path),
            )
        };
        if uri.host.is_none() && !self.relative && leading_empty {
            return Err(Unconvertible::LeadingEmptySegment);
        }
        self.rootless = rootless;
        let (count, leftover) = if dots {
            // One walk gives both: the survivors counted, then the ".." left over.
            let mut segments = path_segments(uri.path, self.relative);
            (segments.by_ref().count(), segments.leftover())
        } else {
            // Without dot-segments every segment stays (none after a leading "/").
            let rooted = dot_segments::is_rooted(uri.path);
            let n = pieces.saturating_sub(usize::from(rooted));
            (if uri.path.is_empty() { 0 } else { n }, 0)
        };
        // discard = 1 + the ".." that climb above the reference; draft §5.1 allows 0..127.
        if self.relative && leftover >= u64::from(MAX_DISCARD) {
            return Err(Unconvertible::DiscardRange);
        }
        self.path_count = count;
        self.leftover = u8::try_from(leftover).unwrap_or(u8::MAX);
        Ok(())
    }

    /// The sections of the CRI reference, before trailing defaults are removed.
    fn sections(&self, uri: &UriRef<'_>) -> [Section; 5] {
        let (path_count, leftover) = (self.path_count, self.leftover);
        let query = if uri.query.is_some() {
            Section::Query
        } else {
            Section::Null
        };
        let fragment = if uri.fragment.is_some() {
            Section::Fragment
        } else {
            Section::Null
        };
        if uri.scheme.is_some() {
            let full_query = if uri.query.is_some() {
                Section::Query
            } else {
                Section::EmptyArray
            };
            // Without a host: `true` for a rootless path, else `null` (root-based).
            let authority = match (uri.host, self.rootless) {
                (Some(_), _) => Section::Authority,
                (None, true) => Section::True,
                (None, false) => Section::Null,
            };
            return [
                Section::Scheme,
                authority,
                Section::Path,
                full_query,
                fragment,
            ];
        }
        if uri.host.is_some() {
            let path = if path_count > 0 {
                Section::Path
            } else {
                Section::Null
            };
            return [Section::Null, Section::Authority, path, query, fragment];
        }
        let lead = if self.relative {
            // INVARIANT: `from_uri` refused a discard over MAX_DISCARD before writing.
            debug_assert!(leftover < MAX_DISCARD);
            Section::Discard(leftover.saturating_add(1))
        } else if uri.path.is_empty() {
            Section::Discard(0)
        } else {
            Section::True
        };
        let path = if uri.path.is_empty() {
            Section::Null
        } else {
            Section::Path
        };
        [lead, path, query, fragment, Section::Null]
    }

    /// Writes the CRI reference. Each section that walks text has a writer of its own:
    /// the frame that holds the reference then holds only the plan and the output
    /// (Decision 17, stack).
    fn write(&self, uri: &UriRef<'_>, a: &[u8; 16], w: &mut Out<'_>) {
        let path_count = self.path_count;
        let sections = self.sections(uri);
        // Trailing default values are removed (draft §5.1); a lone [0] is sent as [].
        let is_default = |s: &Section| match s {
            Section::Null | Section::EmptyArray | Section::Discard(0) => true,
            Section::Path => path_count == 0,
            _ => false,
        };
        let keep = sections
            .iter()
            .rposition(|s| !is_default(s))
            .map_or(0, |i| i.saturating_add(1));
        wire::head(w, ARRAY, keep as u64);
        for s in sections.iter().take(keep) {
            match *s {
                Section::Scheme => Self::write_scheme(uri, w),
                Section::Authority => Self::write_authority(uri, a, w),
                Section::Null => w.byte(NULL),
                Section::True => w.byte(TRUE),
                Section::Discard(n) => wire::int(w, false, u64::from(n)),
                Section::Path => write_path(uri.path, self, w),
                Section::Query => {
                    // INVARIANT: `sections` gives Query only for a URI with a query.
                    debug_assert!(uri.query.is_some());
                    write_query(uri.query.unwrap_or(&[]), w);
                }
                Section::EmptyArray => wire::head(w, ARRAY, 0),
                Section::Fragment => {
                    // INVARIANT: `sections` gives Fragment only for a URI with a fragment.
                    debug_assert!(uri.fragment.is_some());
                    write_item(uri.fragment.unwrap_or(&[]), Set::Query, w);
                }
            }
        }
    }

    /// The scheme's number is looked up here, where it is written, rather than kept in the
    /// plan, which stays on the frame under every item written after it.
    #[inline(never)]
    fn write_scheme(uri: &UriRef<'_>, w: &mut Out<'_>) {
        match (uri.scheme, uri.scheme.and_then(scheme_number)) {
            (Some(_), Some(n)) => wire::int(w, true, n),
            (Some(name), None) => {
                wire::head(w, TEXT, name.len() as u64);
                for &b in name {
                    w.byte(b.to_ascii_lowercase());
                }
            }
            (None, _) => w.byte(NULL),
        }
    }

    /// `a` holds the bytes of an IP-literal or IPv4address host. A reg-name's are read
    /// here, beside the labels, off the path's chain: one that normalizes (§6.2.2.2) to an
    /// IPv4 address is one.
    #[inline(never)]
    fn write_authority(uri: &UriRef<'_>, a: &[u8; 16], w: &mut Out<'_>) {
        // The scheme's default port is dropped (Decision 5), looked up only for a port.
        let port = uri
            .port_number
            .filter(|&p| uri.scheme.and_then(default_port) != Some(p));
        let mut name = [0u8; 16];
        let addr = match (uri.host_kind, uri.host) {
            (Some(HostKind::Ipv6), _) => a.as_slice(),
            (Some(HostKind::Ipv4), _) => a.get(..4).unwrap_or(&[]),
            // Refused by `Plan::check`.
            (Some(HostKind::IpvFuture), _) => &[],
            (_, Some(host)) if ip::read_ip(host, &mut name) == 4 => name.get(..4).unwrap_or(&[]),
            _ => &[],
        };
        // INVARIANT: `sections` gives Authority only for a URI with a host.
        debug_assert!(uri.host.is_some());
        let host = uri.host.unwrap_or(&[]);
        let host_items = match addr.len() {
            4 => 1,
            16 => 1u64.saturating_add(u64::from(uri.zone_id.is_some())),
            _ if host.is_empty() => 0,
            _ => labels(host).count() as u64,
        };
        let userinfo_items = if uri.userinfo.is_some() { 2 } else { 0 };
        let items = host_items
            .saturating_add(userinfo_items)
            .saturating_add(u64::from(port.is_some()));
        wire::head(w, ARRAY, items);
        if let Some(u) = uri.userinfo {
            w.byte(FALSE);
            write_item(u, Set::Userinfo, w);
        }
        match addr.len() {
            4 => wire::bytes(w, addr),
            16 => {
                wire::bytes(w, addr);
                if let Some(z) = uri.zone_id {
                    write_item(z, Set::Unreserved, w);
                }
            }
            _ if host.is_empty() => {}
            _ => {
                for label in labels(host) {
                    write_item(label, Set::RegName, w);
                }
            }
        }
        if let Some(p) = port {
            wire::int(w, false, u64::from(p));
        }
    }
}

/// The path array: segments after dot-segment removal, written from the last one
/// backwards (the survivors of remove_dot_segments come last first).
#[inline(never)]
fn write_path(path: &[u8], plan: &Plan, w: &mut Out<'_>) {
    let (relative, count) = (plan.relative, plan.path_count);
    // usize -> u64 (CBOR counts): lossless for 16-, 32- and 64-bit usize.
    wire::head(w, ARRAY, count as u64);
    if !plan.dots {
        // No dot-segments: the segments as they stand, in order.
        let rooted = dot_segments::is_rooted(path);
        let segs = path.split(|&b| b == b'/').skip(usize::from(rooted));
        for seg in segs.take(count) {
            write_item(seg, Set::Segment, w);
        }
        return;
    }
    let base = w.len();
    let total =
        path_segments(path, relative).fold(0usize, |n, c| n.saturating_add(segment_len(c.seg, w)));
    let mut end = total;
    for c in path_segments(path, relative) {
        end = end.saturating_sub(segment_len(c.seg, w));
        w.seek(base.saturating_add(end));
        write_item(c.seg, Set::Segment, w);
    }
    w.seek(base.saturating_add(total));
}

/// The length of a segment's item, measured on `w` itself: written where no buffer reaches
/// (a slice is at most `isize::MAX` bytes), it is only counted. A second writer for the
/// count would be one more frame under the path writer (Decision 17, stack). The caller
/// seeks back.
#[inline(always)]
fn segment_len(seg: &[u8], w: &mut Out<'_>) -> usize {
    const FAR: usize = isize::MAX as usize;
    w.seek(FAR);
    write_item(seg, Set::Segment, w);
    w.len().saturating_sub(FAR)
}

#[inline(never)]
fn write_query(q: &[u8], w: &mut Out<'_>) {
    // One more parameter than "&"s: a count without a split, which a loop with no exit
    // compiles to (vector instructions on hosts).
    #[allow(clippy::naive_bytecount)] // no dependency for one count (no_std, flash)
    let ands = q.iter().filter(|&&b| b == b'&').count();
    wire::head(w, ARRAY, ands.saturating_add(1) as u64);
    for p in q.split(|&b| b == b'&') {
        write_item(p, Set::QueryParam, w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// Runs of text and of PET bytes alternate, each unit in exactly one run: bytes that
    /// form UTF-8 are text, others PET.
    #[test]
    fn runs_split_text_from_pet() {
        let runs_of = |s: &'static str| {
            let mut rest = s.as_bytes();
            let mut out = Vec::new();
            loop {
                let mut run = Run::default();
                run_at(rest, Set::Segment, None, &mut run);
                if run.len == 0 {
                    return out;
                }
                out.push((run.pet, core::str::from_utf8(&rest[..run.len]).unwrap()));
                rest = &rest[run.len..];
            }
        };
        assert_eq!(
            runs_of("a%FFb%FE%FDc%C3%A9"),
            [
                (false, "a"),
                (true, "%FF"),
                (false, "b"),
                (true, "%FE%FD"),
                (false, "c%C3%A9"),
            ]
        );
        assert_eq!(runs_of("%FF"), [(true, "%FF")]);
        assert_eq!(runs_of("ab"), [(false, "ab")]);
        assert!(runs_of("").is_empty());
    }
}
