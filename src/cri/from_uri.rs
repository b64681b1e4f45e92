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
use crate::uri::percent::{decode_into, decode_text, pct_byte};
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
    let mut plan = Plan::new(uri);
    plan.read_authority(uri).map_err(Error::Unconvertible)?;
    // The path's first segments after dot-segment removal: one that is empty followed by
    // more would read `//…` without an authority; a rootless path gives `true` after a
    // scheme without a host.
    let (leading_empty, rootless) = path_start(plan.path, uri.host.is_some());
    if !plan.relative && leading_empty {
        return Err(Error::Unconvertible(Unconvertible::LeadingEmptySegment));
    }
    plan.rootless = rootless;
    let (path_count, leftover) = plan.path_shape();
    // discard = 1 + the ".." that climb above the reference; draft §5.1 allows 0..127.
    if plan.relative && leftover >= u64::from(MAX_DISCARD) {
        return Err(Error::Unconvertible(Unconvertible::DiscardRange));
    }
    let mut w = Out::new(out);
    plan.write(uri, path_count, leftover, &mut w);
    w.finish()
}

/// `decode_text` stops at this byte, which no component holds once parsed (RFC 3986 §3:
/// `#` only ever starts the fragment): every item is decoded whole.
const NO_STOP: u8 = b'#';

/// Writes a URI component as a text-or-pet item: one text string, or an array of text and
/// byte strings when any byte needs PET (Decision 7).
///
/// One decode (Decision 17): the text is decoded straight into the buffer after room for
/// the head of the source's length, which holds the head of the decoded length, never
/// longer; a shorter head moves the text up. Only a component that needs PET, which the
/// decode finds (not UTF-8) or a percent-encoded character that the CRI → URI direction
/// writes literally shows, is written again as runs, by [`write_runs`] in a frame beside
/// this one rather than under it (Decision 17, stack).
#[inline(always)]
fn write_item(src: &[u8], set: Set, lower: bool, w: &mut Out<'_>) {
    if !write_text(src, set, lower, w) {
        write_runs(src, set, lower, w);
    }
}

/// [`write_item`] for a component that needs no PET; false, with nothing counted, for one
/// that does.
#[inline(never)]
fn write_text(src: &[u8], set: Set, lower: bool, w: &mut Out<'_>) -> bool {
    let n = src.len();
    let mut room = wire::head_len(n as u64);
    // Room plus source length cannot wrap: both are at most a few bytes over a slice length.
    let whole = room.wrapping_add(n);
    let mut d = decode_text(src, NO_STOP, lower, w.room(whole).unwrap_or(&mut []), room);
    if w.room(whole).is_none() {
        // Only counted: where the item straddles the buffer's end its decoded form may
        // still fit, and is decoded into it.
        room = wire::head_len(d.len as u64);
        if let Some(dst) = w.room(room.wrapping_add(d.len)) {
            d = decode_text(src, NO_STOP, lower, dst, room);
        }
    }
    // INVARIANT: decoding never lengthens the text.
    debug_assert!(d.len <= n && d.end == n);
    if !d.utf8 || (d.len < n && has_pet_ascii(src, set)) {
        return false;
    }
    let head = wire::head_len(d.len as u64);
    if let Some(dst) = w.room(room.wrapping_add(d.len)) {
        // Moves the text up to its head (`head <= room`): forwards, byte by byte
        // (Decision 17: no `mem*` calls).
        for k in 0..d.len {
            let b = dst.get(room.wrapping_add(k)).copied().unwrap_or(0);
            if let Some(slot) = dst.get_mut(head.wrapping_add(k)) {
                *slot = b;
            }
        }
    }
    wire::head(w, TEXT, d.len as u64);
    w.advance(d.len);
    true
}

/// Does `src` hold a percent-encoded ASCII character that needs PET: one that is not
/// unreserved and that the CRI → URI direction would write literally in `set`, so that
/// it would not come back percent-encoded (Decision 7)?
fn has_pet_ascii(src: &[u8], set: Set) -> bool {
    // Only a triplet whose first digit is 0-7 is ASCII: the others are not decoded again.
    src.windows(2).enumerate().any(|(i, pair)| {
        matches!(pair, [b'%', b'0'..=b'7'])
            && pct_byte(src, i).is_some_and(|b| !chars::is(b, UNRESERVED) && set.keeps(b))
    })
}

/// One unit of `s` at `i`: a character as CRI text, or a byte for PET. `%HH` is text
/// for an unreserved character or one the CRI → URI direction would encode again, PET
/// for another ASCII character; bytes of 0x80 and up are text where they form UTF-8,
/// else each is PET. Returns the unit's decoded bytes (0 at the end) in the low bits,
/// [`UNIT_PET`] and [`UNIT_PCT`] (three source bytes per decoded byte): one register, not
/// a tuple through the caller's frame (Decision 17, stack).
fn unit(s: &[u8], i: usize, set: Set) -> u8 {
    let Some(b) = pct_byte(s, i) else {
        return u8::from(i < s.len());
    };
    if b < 0x80 {
        let pet = !chars::is(b, UNRESERVED) && set.keeps(b);
        return 1 | UNIT_PCT | if pet { UNIT_PET } else { 0 };
    }
    let mut bytes = [b, 0, 0, 0];
    for (k, slot) in bytes.iter_mut().enumerate().skip(1) {
        *slot = pct_byte(s, i.saturating_add(k.saturating_mul(3))).unwrap_or(0);
    }
    // `decode_utf8` is inlined: no UTF-8 checker's frame under the writer's.
    match chars::decode_utf8(&bytes) {
        Some((_, width)) => u8::try_from(width).unwrap_or(1) | UNIT_PCT,
        None => 1 | UNIT_PCT | UNIT_PET,
    }
}

/// [`unit`]: the unit is PET.
const UNIT_PET: u8 = 0x10;
/// [`unit`]: the unit is percent-encoded.
const UNIT_PCT: u8 = 0x20;
/// [`unit`]: the mask of its decoded length.
const UNIT_WIDTH: u8 = 0x0f;

/// The run of units of one kind from `s[i]`: where it ends, its decoded length, and
/// whether it is PET.
#[inline(always)]
fn run(s: &[u8], i: usize, set: Set) -> (usize, usize, bool) {
    let first = unit(s, i, set);
    let pet = first & UNIT_PET != 0;
    let (mut end, mut len, mut u) = (i, 0usize, first);
    loop {
        let width = usize::from(u & UNIT_WIDTH);
        if width == 0 || (u & UNIT_PET != 0) != pet {
            return (end, len, pet);
        }
        let step = if u & UNIT_PCT != 0 {
            width.saturating_mul(3)
        } else {
            width
        };
        end = end.saturating_add(step);
        len = len.saturating_add(width);
        u = unit(s, end, set);
    }
}

/// A component that needs PET: an array of its runs, text and byte strings in turn
/// (draft §7.2). Rare, so the runs are walked once to count them and once to write them.
#[inline(never)]
fn write_runs(src: &[u8], set: Set, lower: bool, w: &mut Out<'_>) {
    wire::head(w, ARRAY, count_runs(src, set));
    let mut i = 0usize;
    while i < src.len() {
        let (end, len, pet) = run(src, i, set);
        wire::head(w, if pet { BYTES } else { TEXT }, len as u64);
        decode_into(src.get(i..end).unwrap_or(&[]), lower, w);
        i = end;
    }
}

/// The number of runs in `src`.
#[inline(never)]
fn count_runs(src: &[u8], set: Set) -> u64 {
    let (mut i, mut pieces) = (0usize, 0u64);
    while i < src.len() {
        i = run(src, i, set).0;
        pieces = pieces.saturating_add(1);
    }
    pieces
}

fn item_len(src: &[u8], set: Set, lower: bool) -> usize {
    Out::measure(|w| write_item(src, set, lower, w))
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
fn path_segments(path: PathPieces<'_>, relative: bool) -> dot_segments::Survivors<'_> {
    if relative {
        dot_segments::relative_survivors(path)
    } else {
        dot_segments::survivors(path, Dots::Decoded)
    }
}

/// What the URI turns into, decided before writing.
struct Plan<'a> {
    port: Option<u16>,
    ipv6: Option<[u8; 16]>,
    ipv4: Option<[u8; 4]>,
    /// A relative-path reference (RFC 3986 §4.2): the CRI starts with a discard of 1 plus
    /// the ".." that climb above it (draft §5.1).
    relative: bool,
    /// After dot-segment removal the path is rootless (`zz:a/..` is `zz:/`, `zz:.` is
    /// `zz:`).
    rootless: bool,
    path: PathPieces<'a>,
}

impl<'a> Plan<'a> {
    /// The fields that cannot fail. The struct is built once, in the caller's frame, and
    /// then completed in place by [`Plan::read_authority`]: a constructor returning
    /// `Result<Plan, _>` had the plan copied through `memcpy` between frame slots, twice
    /// its size on `cri_from_uri`'s deepest chain (Decision 17: no large structs returned
    /// by value).
    fn new(uri: &UriRef<'a>) -> Self {
        let default = uri.scheme.and_then(default_port);
        Plan {
            port: uri.port_number.filter(|p| Some(*p) != default),
            ipv6: None,
            ipv4: None,
            relative: uri.scheme.is_none()
                && uri.host.is_none()
                && !uri.path.is_empty()
                && !dot_segments::is_rooted(uri.path),
            rootless: false,
            path: PathPieces::new(uri.path),
        }
    }

    /// The host's address bytes (an IP literal, an IPv4 address, or a reg-name that
    /// spells one) and the checks of host and port, written into the plan in place.
    fn read_authority(&mut self, uri: &UriRef<'_>) -> Result<(), Unconvertible> {
        match uri.port {
            Some([]) => return Err(Unconvertible::EmptyPort),
            Some(p) if p.len() > 1 && p.first() == Some(&b'0') => {
                return Err(Unconvertible::PortLeadingZero)
            }
            _ => {}
        }
        let Some(host) = uri.host else {
            return Ok(());
        };
        match uri.host_kind {
            Some(HostKind::IpvFuture) => return Err(Unconvertible::IpvFuture),
            Some(HostKind::Ipv6) => {
                // INVARIANT: the parser gives this kind only to an IP-literal, which
                // keeps its brackets.
                debug_assert!(host.first() == Some(&b'[') && host.last() == Some(&b']'));
                let inner = host.get(1..host.len().saturating_sub(1)).unwrap_or(&[]);
                let addr = inner.split(|&b| b == b'%').next().unwrap_or(&[]);
                let mut a = [0u8; 16];
                self.ipv6 = ip::ipv6(addr, &mut a).then_some(a);
                if let Some(z) = uri.zone_id {
                    // Every ASCII character of a zone id is unreserved or encoded again
                    // (RFC 6874): only bytes that are not UTF-8 would need PET.
                    if !decode_text(z, NO_STOP, false, &mut [], 0).utf8 {
                        return Err(Unconvertible::ZoneId);
                    }
                }
            }
            Some(HostKind::Ipv4) => self.ipv4 = ip::ipv4(host),
            // A reg-name that normalizes (§6.2.2.2) to an IPv4 address is one.
            _ => {
                let mut a = [0u8; 16];
                if let (4, [a0, a1, a2, a3, ..]) = (ip::read_ip(host, &mut a), a) {
                    self.ipv4 = Some([a0, a1, a2, a3]);
                }
            }
        }
        Ok(())
    }

    /// The sections of the CRI reference, before trailing defaults are removed.
    fn sections(&self, uri: &UriRef<'_>, path_count: u64, leftover: u64) -> [Section; 5] {
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
            debug_assert!(leftover < u64::from(MAX_DISCARD));
            Section::Discard(u8::try_from(leftover.saturating_add(1)).unwrap_or(u8::MAX))
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

    /// The number of path segments after dot-segment removal, and the ".." left over
    /// above a relative-path reference (extra discard).
    fn path_shape(&self) -> (u64, u64) {
        let relative = self.relative;
        if dot_segments::has_dots(self.path, Dots::Decoded) {
            // One walk gives both: the survivors counted, then the ".." left over.
            let mut segments = path_segments(self.path, relative);
            // usize -> u64 (CBOR counts): lossless for 16-, 32- and 64-bit usize.
            (segments.by_ref().count() as u64, segments.leftover())
        } else {
            // Without dot-segments every segment stays (none after a leading "/").
            let rooted = dot_segments::is_rooted(self.path.tail);
            let n = self
                .path
                .tail
                .split(|&b| b == b'/')
                .count()
                .saturating_sub(usize::from(rooted));
            (
                if self.path.tail.is_empty() {
                    0
                } else {
                    n as u64
                },
                0,
            )
        }
    }

    fn write(&self, uri: &UriRef<'a>, path_count: u64, leftover: u64, w: &mut Out<'_>) {
        let relative = self.relative;
        let sections = self.sections(uri, path_count, leftover);
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
                Section::Authority => self.write_authority(uri, w),
                Section::Null => w.byte(NULL),
                Section::True => w.byte(TRUE),
                Section::Discard(n) => wire::int(w, false, u64::from(n)),
                Section::Path => write_path(self.path, relative, path_count, w),
                Section::Query => {
                    // INVARIANT: `sections` gives Query only for a URI with a query.
                    debug_assert!(uri.query.is_some());
                    write_query(uri.query.unwrap_or(&[]), w);
                }
                Section::EmptyArray => wire::head(w, ARRAY, 0),
                Section::Fragment => {
                    // INVARIANT: `sections` gives Fragment only for a URI with a fragment.
                    debug_assert!(uri.fragment.is_some());
                    write_item(uri.fragment.unwrap_or(&[]), Set::Query, false, w);
                }
            }
        }
    }

    /// The scheme's number is looked up here, where it is written, rather than kept in the
    /// plan, which stays on the frame under every item written after it.
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

    fn write_authority(&self, uri: &UriRef<'_>, w: &mut Out<'_>) {
        // INVARIANT: `sections` gives Authority only for a URI with a host.
        debug_assert!(uri.host.is_some());
        let host = uri.host.unwrap_or(&[]);
        let host_items = match (&self.ipv4, &self.ipv6) {
            (Some(_), _) => 1,
            (_, Some(_)) => 1u64.saturating_add(u64::from(uri.zone_id.is_some())),
            _ if host.is_empty() => 0,
            _ => labels(host).count() as u64,
        };
        let items = [
            if uri.userinfo.is_some() { 2 } else { 0 },
            host_items,
            u64::from(self.port.is_some()),
        ]
        .iter()
        .fold(0u64, |n, k| n.saturating_add(*k));
        wire::head(w, ARRAY, items);
        if let Some(u) = uri.userinfo {
            w.byte(FALSE);
            write_item(u, Set::Userinfo, false, w);
        }
        match (&self.ipv4, &self.ipv6) {
            (Some(a), _) => wire::bytes(w, a),
            (_, Some(a)) => {
                wire::bytes(w, a);
                if let Some(z) = uri.zone_id {
                    write_item(z, Set::Unreserved, false, w);
                }
            }
            _ if host.is_empty() => {}
            _ => {
                for label in labels(host) {
                    write_item(label, Set::RegName, true, w);
                }
            }
        }
        if let Some(p) = self.port {
            wire::int(w, false, u64::from(p));
        }
    }
}

/// The path array: segments after dot-segment removal, written from the last one
/// backwards (the survivors of remove_dot_segments come last first).
fn write_path(path: PathPieces<'_>, relative: bool, count: u64, w: &mut Out<'_>) {
    wire::head(w, ARRAY, count);
    if !dot_segments::has_dots(path, Dots::Decoded) {
        // No dot-segments: the segments as they stand, in order.
        let rooted = dot_segments::is_rooted(path.tail);
        let segs = path.tail.split(|&b| b == b'/').skip(usize::from(rooted));
        // INVARIANT: `count` was counted as a usize over these segments (`path_shape`), so
        // it fits back on every usize width.
        debug_assert!(usize::try_from(count).is_ok());
        for seg in segs.take(usize::try_from(count).unwrap_or(usize::MAX)) {
            write_item(seg, Set::Segment, false, w);
        }
        return;
    }
    let segs = || path_segments(path, relative);
    let total = segs().fold(0usize, |n, c| {
        n.saturating_add(item_len(c.seg, Set::Segment, false))
    });
    let base = w.len();
    let mut end = total;
    for c in segs() {
        let len = item_len(c.seg, Set::Segment, false);
        end = end.saturating_sub(len);
        w.seek(base.saturating_add(end));
        // Each segment is written into its own region: the decode runs ahead of the
        // item's head (`write_text`) and must not touch the segment after it, written
        // already. One that does not fit whole is only counted (the total above).
        if let Some(dst) = w.room(len) {
            write_item(c.seg, Set::Segment, false, &mut Out::new(dst));
        }
    }
    w.seek(base.saturating_add(total));
}

fn write_query(q: &[u8], w: &mut Out<'_>) {
    let params = || q.split(|&b| b == b'&');
    wire::head(w, ARRAY, params().count() as u64);
    for p in params() {
        write_item(p, Set::QueryParam, false, w);
    }
}

/// The first two chunks of `path` after dot-segment removal (with `%2E` dots), in a frame
/// of its own: `first_chunks` is inlined into the URI writers, and inlined here its
/// iterator would sit on the frame of `cri_from_uri`'s deepest chain (Decision 17, stack).
/// Returns whether the first is empty with more after it, and whether the first is
/// rootless: two flags in a register rather than the chunks through the caller's frame.
#[inline(never)]
fn path_start(path: PathPieces<'_>, host: bool) -> (bool, bool) {
    if host {
        // With a host neither matters: its path is empty or starts with "/".
        return (false, false);
    }
    let (first, second) = dot_segments::first_chunks(path, Dots::Decoded);
    (
        first.is_some_and(|c| c.seg.is_empty()) && second.is_some(),
        first.is_some_and(|c| !c.slash),
    )
}
