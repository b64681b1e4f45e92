//! remove_dot_segments (RFC 3986 §5.2.4) without a heap.
//!
//! The RFC's algorithm is a stack: each segment is pushed ("/" + segment, or the bare
//! first segment of a rootless path) and each ".." pops the last one. On hosts, paths
//! whose stack stays within 16 chunks run it forwards with a fixed array of spans (one
//! pass). Otherwise, and always on bare metal, the segments are walked backwards: a pop is
//! a pending count and a push survives only when nothing is pending, so two backward
//! passes give the exact output length and then the output, written from its end, in
//! O(n) time and O(1) memory, however deep the dots go. The same walk with [`Dots::Keep`]
//! writes a path unchanged, so bare metal has one path writer for every caller; hosts
//! copy a path without dot-segments instead.

use super::percent::norm;
use crate::out::Out;

/// A path as the merge of §5.2.3 produces it: `head` (empty, or ending with "/") followed
/// by `tail`. A plain path is `head = ""`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PathPieces<'a> {
    pub(crate) head: &'a [u8],
    pub(crate) tail: &'a [u8],
}

impl<'a> PathPieces<'a> {
    pub(crate) fn new(path: &'a [u8]) -> Self {
        PathPieces {
            head: &[],
            tail: path,
        }
    }

    /// The head without its final "/" (`None` for an empty head). A look at the last byte,
    /// not `strip_suffix`: that one calls `memcmp`, three frames at the bottom of every
    /// dot-segment chain (Decision 17: no slice `==`).
    fn head_segments(self) -> Option<&'a [u8]> {
        match self.head.split_last() {
            Some((b'/', rest)) => Some(rest),
            _ => None,
        }
    }

    /// The length of the path, both pieces. Two slices hold at most `isize::MAX` bytes
    /// each: the sum cannot wrap (Decision 17).
    fn len(self) -> usize {
        self.head.len().wrapping_add(self.tail.len())
    }

    /// The byte at `i` of the path, both pieces read as one text.
    fn at(self, i: usize) -> Option<u8> {
        match i.checked_sub(self.head.len()) {
            Some(t) => self.tail.get(t).copied(),
            None => self.head.get(i).copied(),
        }
    }

    /// The segment from `b` to `e` of the path, both pieces read as one text: no segment
    /// spans them, as the head is empty or ends with "/".
    fn slice(self, b: usize, e: usize) -> &'a [u8] {
        let h = self.head.len();
        match b.checked_sub(h) {
            // `e >= b >= h` for a segment: no wrap (else `get` finds nothing).
            Some(b) => self.tail.get(b..e.wrapping_sub(h)),
            None => self.head.get(b..e),
        }
        .unwrap_or(&[])
    }
}

/// Does `path` start with "/"? A look at its first byte: `starts_with` compares slices
/// through `memcmp`, and the writers ask this of every path.
pub(crate) fn is_rooted(path: &[u8]) -> bool {
    path.first() == Some(&b'/')
}

/// Which segments count as "." and "..".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Dots {
    /// None: the path is written as it is (recomposition, a resolution that keeps the
    /// base path, a relative-path reference normalized, Decision 5).
    #[default]
    Keep,
    /// Only the literal "." and ".." (§5.2.4 as written; docs/DECISIONS.md Decision 4).
    Literal,
    /// Also their percent-encoded forms `%2E` / `%2e`, as after §6.2.2.2 normalization.
    Decoded,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Dot,
    DotDot,
    Other,
}

fn kind(seg: &[u8], dots: Dots) -> Kind {
    if dots == Dots::Keep {
        return Kind::Other;
    }
    let mut n = 0usize;
    let mut i = 0usize;
    while let Some(&b) = seg.get(i) {
        // Steps from `i`, an index just read, to at most 3 bytes past it: no wrap
        // (Decision 17).
        let step = match b {
            b'.' => 1,
            // "%2E" byte by byte: decoding the triplet put a frame under every writer.
            b'%' if dots == Dots::Decoded
                && seg.get(i.wrapping_add(1)) == Some(&b'2')
                && matches!(seg.get(i.wrapping_add(2)), Some(b'e' | b'E')) =>
            {
                3
            }
            _ => return Kind::Other,
        };
        // At most one per byte read: no wrap.
        n = n.wrapping_add(1);
        i = i.wrapping_add(step);
    }
    match n {
        1 => Kind::Dot,
        2 => Kind::DotDot,
        _ => Kind::Other,
    }
}

/// One piece of output: `"/" + seg` or, for the first segment of a rootless path, `seg`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chunk<'a> {
    pub(crate) slash: bool,
    pub(crate) seg: &'a [u8],
}

/// Where the segments that rules B, C and E of §5.2.4 see begin: past the dot-segments
/// that rules A and D drop from the start of a rootless path. Rule A drops "./" and "../",
/// rule D a final "." or ".."; what is left starts with "/" (rooted, all its segments
/// come with their "/"), with a segment that is no dot (the bare first chunk), or is empty.
fn leading(p: PathPieces<'_>, dots: Dots) -> usize {
    let len = p.len();
    let mut s = 0usize;
    loop {
        let mut e = s;
        while !matches!(p.at(e), None | Some(b'/')) {
            // `e < len`: `at` found a byte there.
            e = e.wrapping_add(1);
        }
        // An empty segment (before the "/" of a rooted rest, or at the end) is no dot.
        if kind(p.slice(s, e), dots) == Kind::Other {
            return s;
        }
        if e >= len {
            return len;
        }
        // Past the "/" that `at` found at `e`.
        s = e.wrapping_add(1);
    }
}

/// The surviving chunks, last first: one backward walk over the raw path in constant
/// memory (Decision 17). A ".." is a pending pop, and a segment survives only when no pop
/// is pending.
#[derive(Clone)]
pub(crate) struct Survivors<'a> {
    p: PathPieces<'a>,
    /// Where the walk stops: the start of what [`leading`] leaves.
    start: usize,
    /// The end of the next segment to look at.
    end: usize,
    /// The "/" of the chunk of the segment at `start` when the walk reaches it without
    /// one: for a relative reference every segment is appended with its "/".
    first_slash: bool,
    done: bool,
    at_end: bool,
    pending: usize,
    dots: Dots,
}

pub(crate) fn survivors(p: PathPieces<'_>, dots: Dots) -> Survivors<'_> {
    let start = leading(p, dots);
    Survivors {
        p,
        start,
        end: p.len(),
        first_slash: false,
        done: start >= p.len(),
        at_end: true,
        pending: 0,
        dots,
    }
}

/// The segments of a relative-path reference as resolution sees them: every segment is
/// appended to a base path, so a ".." pops what came before it or, with nothing left,
/// one more segment of the base ([`Survivors::leftover`]). Dots are decoded.
pub(crate) fn relative_survivors(p: PathPieces<'_>) -> Survivors<'_> {
    Survivors {
        p,
        start: 0,
        end: p.len(),
        first_slash: true,
        done: false,
        at_end: true,
        pending: 0,
        dots: Dots::Decoded,
    }
}

impl Survivors<'_> {
    /// The pops left over once all segments are seen: ".." segments that climb above the
    /// start of the path.
    pub(crate) fn leftover(mut self) -> u64 {
        while self.next().is_some() {}
        self.pending as u64
    }
}

impl<'a> Iterator for Survivors<'a> {
    type Item = Chunk<'a>;

    fn next(&mut self) -> Option<Chunk<'a>> {
        loop {
            if self.done {
                return None;
            }
            // The segment before `end`, and whether a "/" comes before it.
            let mut b = self.end;
            while b > self.start && self.p.at(b.wrapping_sub(1)) != Some(b'/') {
                b = b.wrapping_sub(1);
            }
            let seg = self.p.slice(b, self.end);
            let slash = if b > self.start {
                // Before the "/" just found; at `start` after it only in a rooted path,
                // whose walk ends there.
                self.end = b.wrapping_sub(1);
                self.done = self.end == self.start && !self.first_slash;
                true
            } else {
                self.done = true;
                self.first_slash
            };
            let at_end = core::mem::replace(&mut self.at_end, false);
            let kind = kind(seg, self.dots);
            // What the segment pushes: itself, or when it is a final "." or ".." a "/"
            // (rules B and C turn "/." and "/.." into "/"). A ".." then pops one more
            // chunk: forwards the pop comes first, then the push of the "/", so backwards
            // the push survives and the pop is pending after it.
            let push = match kind {
                Kind::Other => Some(Chunk { slash, seg }),
                _ if at_end => Some(Chunk { slash, seg: &[] }),
                _ => None,
            };
            let pops = usize::from(kind == Kind::DotDot);
            if let Some(c) = push {
                if self.pending == 0 {
                    self.pending = pops;
                    return Some(c);
                }
                // Not 0 (just asked).
                self.pending = self.pending.wrapping_sub(1);
            }
            // At most one pending pop per segment: no wrap (Decision 17).
            self.pending = self.pending.wrapping_add(pops);
        }
    }
}

/// How the bytes of a segment are written: as they are ([`AsIs`]), or transformed
/// (normalization, IRI mappings). A trait, not a function pointer: each writer gets its own
/// copy of the dot-segment writer with direct calls, so a stack analysis need not assume
/// that the one indirect call reaches every function whose address the image holds (which
/// would bound `uri_remove_dot_segments` far above its real depth).
pub(crate) trait SegWrite: Copy {
    /// Writes `seg`, transformed, to `w`.
    fn write(self, seg: &[u8], w: &mut Out<'_>);
    /// The length [`SegWrite::write`] gives `seg`.
    fn len(self, seg: &[u8]) -> usize {
        Out::measure(|w| self.write(seg, w))
    }
}

/// RFC 3986 text as it is or, with `normalize`, with its percent-encoding normalized
/// (§6.2.2.1, §6.2.2.2). One type with a flag, not a type per style: resolution,
/// recomposition, normalization and remove_dot_segments share one writer in a firmware
/// image (Decision 17: no twin monomorphizations).
#[derive(Clone, Copy)]
pub(crate) struct Plain {
    pub(crate) normalize: bool,
}

impl SegWrite for Plain {
    // Shared on bare metal, inlined on hosts (Decision 17).
    #[cfg_attr(not(any(target_os = "none", cri_firmware_paths)), inline(always))]
    fn write(self, seg: &[u8], w: &mut Out<'_>) {
        if self.normalize {
            norm(seg, false, w);
        } else {
            w.push(seg);
        }
    }
}

#[inline(always)]
fn chunk_len<S: SegWrite>(s: S, c: Chunk<'_>) -> usize {
    s.len(c.seg).saturating_add(usize::from(c.slash))
}

/// Does the path hold a dot-segment? Without one, remove_dot_segments is the identity
/// (rules A to D of §5.2.4 only act on them), the common case: hosts copy such a path,
/// and the URI → CRI conversion asks it too.
pub(crate) fn has_dots(p: PathPieces<'_>, dots: Dots) -> bool {
    // Both pieces start a segment (the head is empty or ends with "/"), and no segment
    // spans them.
    has_dot_segment(p.head, dots) || has_dot_segment(p.tail, dots)
}

/// Does `s`, which starts a segment, hold a dot-segment?
fn has_dot_segment(s: &[u8], dots: Dots) -> bool {
    segments(s, dots).1
}

/// Whether `s`, which starts a segment, holds a dot-segment, and if not, its segments: as
/// many as "/" splits it into (the URI → CRI conversion needs both before it writes, and
/// counts the segments that survive a dot-segment itself). The walk stops at the first
/// dot-segment. Only a segment that starts with "." (or with `Dots::Decoded`, "%" for
/// "%2E") can be one, so only those are looked at. One loop on hosts and firmware alike
/// (Decision 17: one algorithm, the small one); the CoAP client's search is the same.
pub(crate) fn segments(s: &[u8], dots: Dots) -> (usize, bool) {
    let mut n = 0usize;
    for seg in s.split(|&b| b == b'/') {
        if matches!(seg.first(), Some(b'.' | b'%')) && kind(seg, dots) != Kind::Other {
            return (n, true);
        }
        // At most one per byte and one more: no wrap (Decision 17).
        n = n.wrapping_add(1);
    }
    (n, false)
}

/// Writes remove_dot_segments(`p`) (`p` itself with [`Dots::Keep`]) to `w`, each segment
/// through `S`, after the prefix that `prefixes` gives for the way the output starts.
/// Hosts copy a path without dot-segments, the common case, as it is; bare metal walks
/// every path with [`write_dotted`] (Decision 17: one path writer in flash), which writes
/// such a path unchanged.
pub(crate) fn write_path<S: SegWrite>(
    s: S,
    p: PathPieces<'_>,
    dots: Dots,
    w: &mut Out<'_>,
    prefixes: Prefixes,
) {
    if !cfg!(any(target_os = "none", cri_firmware_paths)) && !has_dots(p, dots) {
        w.push(prefixes.before(raw_path_start(p)));
        s.write(p.head, w);
        s.write(p.tail, w);
        return;
    }
    write_dotted(s, p, dots, w, prefixes);
}

/// How the path `p`, written as it is, starts. Not inlined: its locals then sit on a
/// frame of their own, not on the writer's above the walk's chain (Decision 17, stack).
#[inline(never)]
fn raw_path_start(p: PathPieces<'_>) -> PathStart {
    let whole_first = if p.head.is_empty() { p.tail } else { p.head };
    let first_seg = whole_first.split(|&b| b == b'/').next().unwrap_or(&[]);
    PathStart {
        empty: p.head.is_empty() && p.tail.is_empty(),
        double_slash: matches!(whole_first, [b'/', b'/', ..])
            || (matches!(p.head, [b'/']) && is_rooted(p.tail)),
        first_segment_colon: !is_rooted(whole_first) && has_colon(first_seg),
    }
}

/// [`write_path`] by walking the segments, after the prefix that `prefixes` gives for the
/// way the output starts (its first two chunks; the recomposition rules of
/// Decision 3 and §4.2 look at them). Forwards when the surviving chunks fit the fixed
/// stack of [`forward_chunks`] (hosts only): one pass, then the chunks written in order.
/// Otherwise two backward walks (Decision 17): the first counts and sizes the survivors
/// and finds the first two on the way, the second writes each into its final slot, from
/// the end of the output back to its start. (The output itself cannot serve as the stack:
/// it would hold segments that a later ".." pops past the end of the final output, where
/// the caller's bytes must stay as they are.)
#[inline(never)]
pub(crate) fn write_dotted<S: SegWrite>(
    s: S,
    p: PathPieces<'_>,
    dots: Dots,
    w: &mut Out<'_>,
    prefixes: Prefixes,
) {
    if let Some(stack) = forward_chunks(p, dots) {
        let mut firsts = stack.clone().chunks(p);
        w.push(prefixes.before(path_start(firsts.next(), firsts.next())));
        for c in stack.chunks(p) {
            if c.slash {
                w.byte(b'/');
            }
            s.write(c.seg, w);
        }
        return;
    }
    // Each walk starts afresh in the same place: a copy of the first walk's state kept for
    // the second would sit on this frame beside it (Decision 17, stack).
    let (mut total, mut first, mut second) = (0usize, None, None);
    let mut walk = survivors(p, dots);
    for c in walk.by_ref() {
        total = total.saturating_add(chunk_len(s, c));
        (first, second) = (Some(c), first);
    }
    w.push(prefixes.before(path_start(first, second)));
    let base = w.len();
    let mut end = total;
    walk = survivors(p, dots);
    for c in walk {
        end = end.saturating_sub(chunk_len(s, c));
        w.seek(base.saturating_add(end));
        if c.slash {
            w.byte(b'/');
        }
        s.write(c.seg, w);
    }
    w.seek(base.saturating_add(total));
}

/// How the written path starts, which decides the prefixes of recomposition (Decision 3,
/// RFC 3986 §4.2).
#[derive(Clone, Copy, Default)]
struct PathStart {
    empty: bool,
    double_slash: bool,
    first_segment_colon: bool,
}

/// Which prefixes recomposition may put before a path (none for remove_dot_segments), so
/// that the output parses back to the same components.
#[derive(Clone, Copy, Default)]
pub(crate) struct Prefixes {
    /// No authority: a path starting with "//" gets "/." (Decision 3).
    pub(crate) no_authority: bool,
    /// Neither scheme nor authority: a first segment with ":" gets "./" (RFC 3986 §4.2).
    pub(crate) relative_path: bool,
    /// An empty path after an authority is written "/" (RFC 3986 §6.2.3, normalization).
    pub(crate) slash_if_empty: bool,
}

impl Prefixes {
    /// What comes before a path that starts as `start` says.
    fn before(self, start: PathStart) -> &'static [u8] {
        if self.no_authority && start.double_slash {
            b"/."
        } else if self.relative_path && start.first_segment_colon {
            b"./"
        } else if self.slash_if_empty && start.empty {
            b"/"
        } else {
            b""
        }
    }
}

/// Does `s` hold a ":"? A loop, not `contains`: for bytes that calls
/// `core::slice::memchr`, which the RFC 3986 profile needs nowhere else (Decision 17: no
/// `mem*` calls).
#[allow(clippy::manual_contains)]
pub(crate) fn has_colon(s: &[u8]) -> bool {
    s.iter().any(|&b| b == b':')
}

/// How a path whose first two chunks are `first` and `second` starts.
fn path_start(first: Option<Chunk<'_>>, second: Option<Chunk<'_>>) -> PathStart {
    PathStart {
        empty: first.is_none(),
        double_slash: first.is_some_and(|c| c.slash && c.seg.is_empty()) && second.is_some(),
        first_segment_colon: first.is_some_and(|c| !c.slash && has_colon(c.seg)),
    }
}

/// How many surviving chunks the forward pass keeps (in a fixed array on the stack:
/// 6 bytes each); paths that need more take the backward passes.
const FORWARD_DEPTH: usize = 16;

/// A chunk of the output as a place in the path: the piece, the segment's bounds in it
/// (a path over 64 KiB takes the backward passes) and whether a "/" comes before it.
#[derive(Clone, Copy, Default)]
struct Span {
    tail: bool,
    slash: bool,
    start: u16,
    end: u16,
}

/// The surviving chunks in order.
#[derive(Clone)]
struct Stack {
    spans: [Span; FORWARD_DEPTH],
    len: usize,
}

impl Stack {
    fn push(&mut self, span: Span) -> Option<()> {
        *self.spans.get_mut(self.len)? = span;
        self.len = self.len.saturating_add(1);
        Some(())
    }

    fn chunks(self, p: PathPieces<'_>) -> impl Iterator<Item = Chunk<'_>> {
        let Stack { spans, len } = self;
        spans.into_iter().take(len).map(move |s| {
            let piece = if s.tail { p.tail } else { p.head };
            // INVARIANT: `forward_chunks` made the spans from this path's pieces.
            debug_assert!(s.start <= s.end && usize::from(s.end) <= piece.len());
            Chunk {
                slash: s.slash,
                seg: piece
                    .get(usize::from(s.start)..usize::from(s.end))
                    .unwrap_or(&[]),
            }
        })
    }
}

fn slash_split(s: &[u8]) -> impl Iterator<Item = &[u8]> + Clone {
    s.split(|&b| b == b'/')
}

/// §5.2.4 forwards with a bounded stack of chunks: each segment is pushed ("/" + segment,
/// bare for the first segment of a rootless path), a ".." pops the last chunk, a final
/// "." or ".." leaves a "/". Rules A and D drop the dot-segments that lead a rootless
/// path; an empty segment after them makes it rooted. `None` when more than
/// [`FORWARD_DEPTH`] chunks would be kept at once, or a piece is over 64 KiB.
fn forward_chunks(p: PathPieces<'_>, dots: Dots) -> Option<Stack> {
    // Bare-metal builds keep only the backward passes (Decision 17: dot-segment removal in
    // constant memory): the forward pass is a second algorithm in flash, for time that
    // matters on hosts parsing many URLs.
    // `--cfg cri_firmware_paths` takes the bare-metal path on a host, so the whole test
    // suite runs the algorithm firmware ships (ctest rust_firmware_paths).
    let too_long = p.head.len() > usize::from(u16::MAX) || p.tail.len() > usize::from(u16::MAX);
    if cfg!(any(target_os = "none", cri_firmware_paths)) || too_long {
        return None;
    }
    // A segment as a span of its piece (split gives subslices, so the offset is the
    // distance between the pointers).
    let span = |(tail, seg): (bool, &[u8]), slash: bool| {
        let piece = if tail { p.tail } else { p.head };
        let start = (seg.as_ptr() as usize).wrapping_sub(piece.as_ptr() as usize);
        // INVARIANT: `seg` is a subslice of `piece` (split of it), which `too_long` above
        // keeps within u16.
        debug_assert!(start.wrapping_add(seg.len()) <= piece.len());
        debug_assert!(piece.len() <= usize::from(u16::MAX));
        Span {
            tail,
            slash,
            start: u16::try_from(start).unwrap_or(0),
            end: u16::try_from(start.wrapping_add(seg.len())).unwrap_or(0),
        }
    };
    let mut stack = Stack {
        spans: [Span::default(); FORWARD_DEPTH],
        len: 0,
    };
    let head = p.head_segments().into_iter().flat_map(slash_split);
    let mut segs = head
        .map(|s| (false, s))
        .chain(slash_split(p.tail).map(|s| (true, s)))
        .peekable();
    if let Some(first) = segs.next().filter(|(_, f)| !f.is_empty()) {
        let mut seg = first;
        while kind(seg.1, dots) != Kind::Other {
            match segs.next() {
                None => return Some(stack),
                Some((_, [])) => break,
                Some(next) => seg = next,
            }
        }
        if kind(seg.1, dots) == Kind::Other {
            stack.push(span(seg, false))?;
        }
    }
    let trailing_slash = Span {
        tail: true,
        slash: true,
        start: 0,
        end: 0,
    };
    while let Some(seg) = segs.next() {
        let last = segs.peek().is_none();
        match kind(seg.1, dots) {
            Kind::Other => stack.push(span(seg, true))?,
            k => {
                if k == Kind::DotDot {
                    stack.len = stack.len.saturating_sub(1);
                }
                if last {
                    stack.push(trailing_slash)?;
                }
            }
        }
    }
    Some(stack)
}

/// The first two chunks of the output (forwards), for the recomposition rules that look
/// at how a path starts. Always inlined: as a frame of its own between the writers'
/// `path_start` and `survivors` it would add to their deepest chain (Decision 17, stack).
#[inline(always)]
pub(crate) fn first_chunks(
    p: PathPieces<'_>,
    dots: Dots,
) -> (Option<Chunk<'_>>, Option<Chunk<'_>>) {
    if let Some(stack) = forward_chunks(p, dots) {
        let mut chunks = stack.chunks(p);
        return (chunks.next(), chunks.next());
    }
    let mut first = None;
    let mut second = None;
    for c in survivors(p, dots) {
        second = first;
        first = Some(c);
    }
    (first, second)
}

/// remove_dot_segments (RFC 3986 §5.2.4) of `path` into `out`, literal dots only: `%2E`
/// is not a dot here (Decision 4). Returns the output length.
///
/// # Errors
///
/// [`crate::Error::Buffer`] with the exact length needed when `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::uri::remove_dot_segments;
///
/// let mut out = [0u8; 32];
/// // RFC 3986 §5.2.4's two worked examples.
/// let n = remove_dot_segments(b"/a/b/c/./../../g", &mut out)?;
/// assert_eq!(&out[..n], b"/a/g");
/// let n = remove_dot_segments(b"mid/content=5/../6", &mut out)?;
/// assert_eq!(&out[..n], b"mid/6");
/// // Percent-encoded dots are not dots until normalization decodes them.
/// let n = remove_dot_segments(b"/a/%2E%2E/b", &mut out)?;
/// assert_eq!(&out[..n], b"/a/%2E%2E/b");
/// # Ok::<(), cri::Error>(())
/// ```
pub fn remove_dot_segments(path: &[u8], out: &mut [u8]) -> Result<usize, crate::error::Error> {
    remove_dots_in(Plain { normalize: false }, path, out)
}

/// [`remove_dot_segments`], each segment written through `s`: plain text as it is in the
/// build's style type (`iri::plain`), which the C function passes.
pub(crate) fn remove_dots_in<S: SegWrite>(
    s: S,
    path: &[u8],
    out: &mut [u8],
) -> Result<usize, crate::error::Error> {
    let mut w = Out::new(out);
    write_path(
        s,
        PathPieces::new(path),
        Dots::Literal,
        &mut w,
        Prefixes::default(),
    );
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::XorShift;
    use std::string::String;
    use std::vec::Vec;

    /// Calls `check` on random paths of up to 12 segments (dot-segments, names, empty
    /// segments) cut into a head (ending with "/", or empty) and a tail, with both kinds
    /// of dots; the path's text is for messages.
    fn each_random_path(seed: u64, mut check: impl FnMut(PathPieces<'_>, Dots, &str)) {
        let pieces: [&[u8]; 10] = [
            b"a", b"bc", b".", b"..", b"", b"...", b".a", b"%2E", b"x.y", b"%2e%2E",
        ];
        let mut rng = XorShift(seed);
        let mut path = Vec::new();
        // Miri runs these unit tests too, a thousand times slower.
        for _ in 0..if cfg!(miri) { 100 } else { 50_000 } {
            path.clear();
            if rng.next() % 2 == 0 {
                path.push(b'/');
            }
            for i in 0..rng.next() % 12 {
                if i > 0 {
                    path.push(b'/');
                }
                path.extend_from_slice(rng.pick(&pieces));
            }
            let split = (rng.next() as usize) % (path.len() + 1);
            let cut = path[..split]
                .iter()
                .rposition(|&b| b == b'/')
                .map_or(0, |i| i + 1);
            let p = PathPieces {
                head: &path[..cut],
                tail: &path[cut..],
            };
            let text = String::from_utf8_lossy(&path);
            for dots in [Dots::Keep, Dots::Literal, Dots::Decoded] {
                check(p, dots, &text);
            }
        }
    }

    #[allow(dead_code)]
    mod model {
        use std::string::{String, ToString};
        use std::vec::Vec;
        include!("../../tests/support/model.rs");
    }

    /// The forward pass (hosts) and the backward passes (deep paths, bare metal) keep the
    /// same chunks, and with literal dots these spell what RFC 3986 §5.2.4 as written
    /// gives (with `Keep`, the path as it is): the backward passes are tested here on
    /// shallow paths too, which the host otherwise sends forwards.
    #[test]
    fn forward_and_backward_passes_agree() {
        each_random_path(0x2545f4914f6cdd1d, |p, dots, text| {
            let mut backward: Vec<_> = survivors(p, dots).collect();
            backward.reverse();
            if dots != Dots::Decoded {
                let spelled: String = backward
                    .iter()
                    .map(|c| {
                        let seg = String::from_utf8_lossy(c.seg);
                        if c.slash {
                            std::format!("/{seg}")
                        } else {
                            seg.into_owned()
                        }
                    })
                    .collect();
                // With `Keep` the chunks spell the path itself.
                let want = match dots {
                    Dots::Keep => String::from(text),
                    _ => model::remove_dot_segments_model(text),
                };
                assert_eq!(spelled, want, "{text:?}");
            }
            if let Some(stack) = forward_chunks(p, dots) {
                let forward: Vec<_> = stack.chunks(p).collect();
                assert_eq!(forward, backward, "{text:?}");
            }
        });
    }

    /// Which pass a short path takes: forwards on hosts, backwards on bare metal and under
    /// `--cfg cri_firmware_paths` (so that run of the suite really tests the firmware path).
    #[test]
    fn short_paths_take_the_pass_of_the_build() {
        let p = PathPieces {
            head: b"",
            tail: b"/a/b/../c",
        };
        let firmware = cfg!(any(target_os = "none", cri_firmware_paths));
        assert_eq!(forward_chunks(p, Dots::Literal).is_none(), firmware);
    }

    /// The search finds exactly the paths with a dot-segment, in both pieces, with both
    /// kinds of dots (and none with `Keep`).
    #[test]
    fn has_dots_matches_every_segment() {
        each_random_path(0x853c49e6748fea9b, |p, dots, text| {
            // RFC 3986 §5.2.4's dot-segments, "." and "..", with `%2E` read as "." under
            // Decision 4.
            let dotted = match dots {
                Dots::Keep => String::new(),
                Dots::Literal => String::from(text),
                Dots::Decoded => text.replace("%2E", ".").replace("%2e", "."),
            };
            let want = dotted.split('/').any(|s| s == "." || s == "..");
            assert_eq!(has_dots(p, dots), want, "{text:?}");
        });
    }
}
