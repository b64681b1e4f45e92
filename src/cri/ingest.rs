//! Ingest of a CRI reference (draft-ietf-core-href-27 §5.2): one pass over the CBOR that
//! fills the view ([`CriRef`]) and checks, on the way, every rule of §2, §5.1 and §5.2.1
//! and the PET rules of §7.2 that a recipient can check.
//!
//! The walk keeps the first rule broken, in reading order, which is the documented
//! precedence; the checks across sections (§2 C2, C9) come last, at the end of the input.
//! After a fault the reads yield neutral values, the loops stop and later checks cannot
//! replace it: no `Result` is threaded through the readers, and the verdict is read once
//! (Decision 17: one pass, no error values on the frames under every read).

use super::model::{
    Authority, CriRef, Discard, Host, HostAuthority, Items, Scheme, TextOrPet, CRI_TAG, MAX_DISCARD,
};
use super::reader::{Kind, Reader};
use super::wire::SIMPLE_TRUE;
use crate::error::{Reason, Unprocessable};
use crate::uri::chars::{is_utf8, utf8_multibyte_len, utf8_str};

/// The reader and the first fault it met.
struct Walk<'a> {
    d: Reader<'a>,
    fault: Option<Unprocessable>,
    /// The fault is an item of the wrong type ([`Walk::wrong`]).
    misplaced: bool,
    /// Where the path section starts; 0 (the reference's own head) without one.
    path_at: usize,
}

/// What a text item may not be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TextRule {
    Any,
    /// A path segment: not "." or "..".
    Segment,
    /// A host-name label: no "." and no uppercase ASCII.
    Label,
}

impl<'a> CriRef<'a> {
    /// Fills `self`, which must be [`CriRef::empty`], from `cbor` as
    /// [`CriRef::decode`] does (with `full`, [`CriRef::decode_full`]); after an error `self`
    /// is partly filled and must not be used. It writes into the caller's view rather than
    /// returning one: a view built in a frame and then moved into a `Result` puts two
    /// copies of it on the stack below every read (Decision 17), so the C functions decode
    /// into a view of their own with it.
    #[inline(never)]
    pub(crate) fn ingest(&mut self, cbor: &'a [u8], full: bool) -> Result<(), Unprocessable> {
        let mut w = Walk {
            d: Reader::new(cbor),
            fault: None,
            misplaced: false,
            path_at: 0,
        };
        if w.peek() == Kind::Tag && w.arg() != CRI_TAG {
            w.fail(Reason::Tag, 0);
        }
        let first_empty = w.read_ref(self);
        let end = w.d.position();
        if end != cbor.len() {
            w.fail(Reason::TrailingBytes, end);
        }
        if let Some(reason) = across_sections(self, first_empty) {
            // The item the rule refuses: the empty first segment, else the path, else the
            // end of the reference, where a path would stand.
            let at = match (reason, self.path) {
                (Reason::LeadingEmptySegment, Some(p)) => {
                    (p.raw.as_ptr() as usize).wrapping_sub(cbor.as_ptr() as usize)
                }
                _ if w.path_at != 0 => w.path_at,
                _ => end,
            };
            w.fail(reason, at);
        }
        if full && self.scheme.is_none() {
            w.fail(Reason::NotFull, 0);
        }
        match w.fault {
            Some(Unprocessable { offset, .. }) if w.misplaced => Err(Unprocessable {
                reason: misplaced(cbor.get(offset..).unwrap_or_default()),
                offset,
            }),
            Some(u) => Err(u),
            None => Ok(()),
        }
    }
}

/// The fault of an item (at the start of `item`) of a type the CDDL does not allow where
/// it is: its head's own fault if it is malformed (an indefinite length, not CBOR), else
/// `Structure`, unless the item is cut short (a head without its argument, a string past
/// the end of the input), which makes the input no well-formed CBOR (RFC 8949 §5.3.1:
/// `NotCbor` comes before any check of validity).
#[inline(never)]
fn misplaced(item: &[u8]) -> Reason {
    let mut probe = Reader::new(item);
    let kind = match probe.peek() {
        Kind::Indefinite => return Reason::Indefinite,
        Kind::NotCbor => return Reason::NotCbor,
        kind => kind,
    };
    let whole = match probe.arg() {
        // usize -> u64 is lossless for 16-, 32- and 64-bit usize.
        Some(n) => !matches!(kind, Kind::Bytes | Kind::Text) || n <= probe.left() as u64,
        None => false,
    };
    if whole {
        Reason::Structure
    } else {
        Reason::NotCbor
    }
}

/// Constraints across sections (draft §2 C2, C9 and "Constraints not expressed by the data
/// model"), given whether the first path segment is the empty text. `matches!`, not `==`,
/// on the authority: the derived `PartialEq` compares a whole host authority (Decision 17:
/// no slice `==`).
fn across_sections(r: &CriRef<'_>, first_empty: bool) -> Option<Reason> {
    let rootless = matches!(r.authority, Some(Authority::Rootless));
    let rooted_without_authority = matches!(r.authority, Some(Authority::RootBased))
        || (r.authority.is_none() && r.discard == Discard::All);
    let count = r.path.map_or(0, |p| p.count);
    if rootless && count == 0 {
        Some(Reason::NakedRootless)
    } else if first_empty && (rootless || rooted_without_authority && count >= 2) {
        Some(Reason::LeadingEmptySegment)
    } else {
        None
    }
}

/// Is the trailing section, whose value is `null` or `[]`, one whose removal keeps the
/// meaning (draft §5.1: such trailing defaults MUST be removed)? A `null` always is (left
/// off, a section is not set). An empty path or query is not when the discard is 0 and
/// nothing before it clears the query: `[0, []]` drops the base query and fragment, and
/// `[0, null, []]` the base query, where `[0]` keeps them (draft §2.3 names the latter).
fn redundant_tail(r: &CriRef<'_>, rest: usize) -> bool {
    let keeps_base_query = r.discard == Discard::Count(0);
    match rest {
        1 => r.path.is_none() || !keeps_base_query,
        2 => r.query.is_none() || !keeps_base_query || r.path.is_some(),
        _ => true,
    }
}

/// The pieces of a text-or-pet item read so far ([`Walk::read_text_or_pet`]): a piece
/// was read,
const READ: u8 = 1;
/// and it was text;
const TEXT: u8 = 2;
/// a byte string was read;
const BYTES: u8 = 4;
/// the item is plain text, no array of pieces;
const PLAIN: u8 = 8;
/// and that text is empty.
const EMPTY: u8 = 16;

impl<'a> Walk<'a> {
    fn at(&self) -> usize {
        self.d.position()
    }

    fn ok(&self) -> bool {
        self.fault.is_none()
    }

    /// Notes a fault unless one came before.
    #[inline(never)]
    fn fail(&mut self, reason: Reason, offset: usize) {
        if self.fault.is_none() {
            self.fault = Some(Unprocessable { reason, offset });
        }
    }

    /// The kind of the item at the position; a malformed head is a kind no reader takes,
    /// so that it becomes [`Walk::wrong`] at the same position, and [`misplaced`] tells
    /// why (no fault is noted here: this is the innermost call of the walk).
    #[inline(always)]
    fn peek(&self) -> Kind {
        self.d.peek()
    }

    /// The argument of the head at the position: a truncated head is not-CBOR, and 0.
    fn arg(&mut self) -> u64 {
        let at = self.at();
        match self.d.arg() {
            Some(n) => n,
            None => {
                self.fail(Reason::NotCbor, at);
                0
            }
        }
    }

    /// The item at the position is of a type the CDDL does not allow there. Which fault
    /// that is depends on the item alone ([`misplaced`]), so it is worked out at the end,
    /// for the first fault only: here the walk notes the offset.
    fn wrong(&mut self) {
        self.misplaced |= self.ok();
        self.structure();
    }

    /// `Structure` at the position: an item is missing, or one too many, or an empty
    /// piece was just read.
    fn structure(&mut self) {
        self.fail(Reason::Structure, self.at());
    }

    /// The declared length of the array at the position, saturated to a usize: every item
    /// takes at least one byte of the input, so a count past `usize::MAX` fails on the
    /// same item as the exact one, and a usize is one register where a u64 takes two.
    #[inline(never)]
    fn array_len(&mut self) -> usize {
        self.array_len_here()
    }

    /// [`Walk::array_len`] inlined, for [`Walk::read_text_or_pet`], whose frame is on the
    /// deepest chain of the walk: a frame less under it (Decision 17, stack).
    #[inline(always)]
    fn array_len_here(&mut self) -> usize {
        if self.peek() != Kind::Array {
            self.wrong();
            return 0;
        }
        usize::try_from(self.arg()).unwrap_or(usize::MAX)
    }

    /// The content of the text or byte string at the position, whose kind the caller has
    /// peeked (no second peek); empty after a fault. Inlined: it is under
    /// [`Walk::read_text_or_pet`], on the deepest chain of the walk (Decision 17, stack).
    #[inline(always)]
    fn string(&mut self) -> &'a [u8] {
        // INVARIANT: every caller has peeked a text or byte string here.
        debug_assert!(matches!(self.d.peek(), Kind::Text | Kind::Bytes));
        let at = self.at();
        self.d.string().unwrap_or_else(|| {
            self.fail(Reason::NotCbor, at);
            &[]
        })
    }

    /// A text string (peeked by the caller), which must be UTF-8 (draft §5.1), as a `str`
    /// (a scheme-name, a zone-id); empty after a fault.
    fn text(&mut self) -> &'a str {
        let at = self.at();
        let s = self.string();
        utf8_str(s).unwrap_or_else(|| {
            self.fail(Reason::InvalidUtf8, at);
            ""
        })
    }

    /// [`Walk::text`] as bytes, for a text-or-pet item: `is_utf8` straight from the
    /// reader of those items, whose frame is on the deepest chain of the walk (Decision 17,
    /// stack).
    #[inline(always)]
    fn text_bytes(&mut self) -> &'a [u8] {
        let at = self.at();
        let s = self.string();
        if is_utf8(s) {
            s
        } else {
            self.fail(Reason::InvalidUtf8, at);
            &[]
        }
    }

    fn null(&mut self) -> bool {
        let is_null = self.peek() == Kind::Null;
        if is_null {
            self.arg();
        }
        is_null
    }

    /// The sections after the leading one(s): how many of the optional trailing sections
    /// (path, query, fragment) there are is `n - lead`. `r` comes in as `[]`, which is
    /// `[0]` (draft §5.2). Returns whether the first path segment is the empty text.
    fn read_ref(&mut self, r: &mut CriRef<'a>) -> bool {
        let start = self.at();
        let n = self.array_len();
        if n == 0 {
            return false;
        }
        let lead = match self.peek() {
            Kind::Null | Kind::Text | Kind::Negative => {
                r.scheme = self.read_scheme();
                r.discard = Discard::All;
                let auth_at = self.at();
                if n >= 2 {
                    self.read_authority(&mut r.authority);
                } else {
                    r.authority = Some(Authority::RootBased);
                }
                if matches!(r.authority, Some(Authority::RootBased)) {
                    if r.scheme.is_none() {
                        self.fail(Reason::TwoLeadingNulls, auth_at);
                    }
                    if n == 2 {
                        self.fail(Reason::TrailingDefault, auth_at);
                    }
                }
                2
            }
            Kind::Bool | Kind::Unsigned => {
                r.discard = self.read_discard();
                1
            }
            _ => {
                self.wrong();
                return false;
            }
        };
        let rest = n.saturating_sub(lead);
        if rest > 3 {
            self.fail(Reason::Structure, start);
            return false;
        }
        self.read_local_part(r, rest)
    }

    fn read_scheme(&mut self) -> Option<Scheme<'a>> {
        let at = self.at();
        if self.null() {
            return None;
        }
        if self.peek() == Kind::Text {
            let name = self.text();
            // `matches!`, not `b"+.-".contains(&b)`: a byte slice's `contains` calls
            // `memchr` (Decision 17).
            let ok = name.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
                && name.bytes().all(|b| {
                    b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'+' | b'.' | b'-')
                });
            if !ok {
                self.fail(Reason::SchemeName, at);
            }
            return Some(Scheme::Name(name));
        }
        // scheme-id = -1 - scheme-number, and a CBOR negative integer with argument n is
        // -1 - n: the argument is the scheme number.
        Some(Scheme::Number(self.arg()))
    }

    fn read_discard(&mut self) -> Discard {
        let at = self.at();
        if self.peek() == Kind::Bool {
            if self.arg() != u64::from(SIMPLE_TRUE) {
                self.fail(Reason::Structure, at);
            }
            return Discard::All;
        }
        match u8::try_from(self.arg()) {
            Ok(n) if n <= MAX_DISCARD => Discard::Count(n),
            _ => {
                self.fail(Reason::DiscardRange, at);
                Discard::Count(0)
            }
        }
    }

    /// Reads the authority into `slot`, in place: an authority built and moved would be a
    /// second copy on `ingest`'s frame (Decision 17).
    fn read_authority(&mut self, slot: &mut Option<Authority<'a>>) {
        let at = self.at();
        *slot = Some(match self.peek() {
            Kind::Null => {
                self.arg();
                Authority::RootBased
            }
            // `true` is no-authority; a `false`, well-formed CBOR, stands where the CDDL
            // allows none.
            Kind::Bool if self.arg() == u64::from(SIMPLE_TRUE) => Authority::Rootless,
            Kind::Bool => return self.fail(Reason::Structure, at),
            Kind::Array => {
                let n = self.array_len();
                return self.read_host_authority(n, at, slot);
            }
            _ => return self.wrong(),
        });
    }

    /// `[?(false, userinfo), host-ip [zone-id] / *label, ?port]` with `n` items.
    fn read_host_authority(&mut self, n: usize, start: usize, slot: &mut Option<Authority<'a>>) {
        let mut left = n;
        let mut userinfo = None;
        if left > 0 && self.peek() == Kind::Bool {
            if self.arg() == u64::from(SIMPLE_TRUE) || left < 2 {
                return self.structure();
            }
            userinfo = Some(self.text_or_pet(TextRule::Any));
            left = left.saturating_sub(2);
        }
        let host = if left > 0 && self.peek() == Kind::Bytes {
            let at = self.at();
            let addr = self.string();
            if addr.len() != 4 && addr.len() != 16 {
                self.fail(Reason::HostIpLength, at);
            }
            left = left.saturating_sub(1);
            let zone = if left > 0 && self.peek() == Kind::Text {
                left = left.saturating_sub(1);
                Some(self.text())
            } else {
                None
            };
            Host::Ip { addr, zone }
        } else {
            let labels_start = self.at();
            let mut count = 0usize;
            while left > 0 && self.ok() && matches!(self.peek(), Kind::Text | Kind::Array) {
                self.read_text_or_pet(TextRule::Label);
                count = count.saturating_add(1);
                left = left.saturating_sub(1);
            }
            let raw = self.d.since(labels_start);
            Host::Name(Items { raw, count })
        };
        let mut port = None;
        if left > 0 {
            let at = self.at();
            if self.peek() != Kind::Unsigned {
                return self.wrong();
            }
            let p = u16::try_from(self.arg()).unwrap_or_else(|_| {
                self.fail(Reason::PortRange, at);
                0
            });
            port = Some(p);
            left = left.saturating_sub(1);
        }
        if left > 0 {
            return self.structure();
        }
        *slot = Some(Authority::Host(HostAuthority {
            raw: self.d.since(start),
            userinfo,
            host,
            port,
        }));
    }

    /// Path, query and fragment: `rest` sections follow. Returns whether the first path
    /// segment is the empty text.
    fn read_local_part(&mut self, r: &mut CriRef<'a>, rest: usize) -> bool {
        let mut last_default = false;
        let mut last_at = self.at();
        let mut first_empty = false;
        for section in 0..rest {
            last_at = self.at();
            last_default = self.null();
            if last_default {
                continue;
            }
            if section >= 2 {
                r.fragment = Some(self.text_or_pet(TextRule::Any));
                continue;
            }
            // One reader for both arrays: path and query differ only in the rule for
            // their items (draft §5.1).
            let (rule, slot) = if section == 0 {
                self.path_at = last_at;
                (TextRule::Segment, &mut r.path)
            } else {
                (TextRule::Any, &mut r.query)
            };
            let (empty, count) = self.read_items(rule, slot);
            first_empty |= section == 0 && empty;
            last_default = count == 0;
        }
        if last_default && redundant_tail(r, rest) {
            self.fail(Reason::TrailingDefault, last_at);
        }
        first_empty
    }

    /// Reads an array of text-or-pet items into `slot`; returns whether the first is the
    /// empty text, and how many there are.
    #[inline(always)]
    fn read_items(&mut self, rule: TextRule, slot: &mut Option<Items<'a>>) -> (bool, usize) {
        let count = self.array_len();
        let start = self.at();
        let mut first_empty = false;
        for i in 0..count {
            if !self.ok() {
                break;
            }
            let empty = self.read_text_or_pet(rule);
            first_empty |= i == 0 && empty;
        }
        *slot = Some(Items {
            raw: self.d.since(start),
            count,
        });
        (first_empty, count)
    }

    /// A text-or-pet item read with [`Walk::read_text_or_pet`], as the view of its encoding.
    #[inline(always)]
    fn text_or_pet(&mut self, rule: TextRule) -> TextOrPet<'a> {
        let start = self.at();
        self.read_text_or_pet(rule);
        TextOrPet {
            raw: self.d.since(start),
        }
    }

    /// Reads `text / [?text1, ((+(pet1, text1), ?pet1) // pet1)]` (draft §7.2), with
    /// minimal PET; returns whether it is the empty text. Plain text is read as the one
    /// piece of a sequence, by the code that reads the pieces of an array.
    fn read_text_or_pet(&mut self, rule: TextRule) -> bool {
        let start = self.at();
        // What the pieces so far were, in one register (the frame of this reader is on
        // the deepest chain of the walk, Decision 17, stack).
        let mut seen = 0u8;
        let mut left = 1;
        if self.peek() == Kind::Text {
            seen = PLAIN;
        } else {
            left = self.array_len_here();
        }
        while left > 0 && self.ok() {
            left = left.wrapping_sub(1); // left > 0
            let at = self.at();
            let kind = self.peek();
            if kind == Kind::Text {
                let s = self.text_bytes();
                // A piece is part of a segment, so only the label rule applies to it.
                if seen & PLAIN != 0 || rule == TextRule::Label {
                    self.check_text(s, rule, at);
                }
                if s.is_empty() {
                    if seen & PLAIN != 0 {
                        seen |= EMPTY;
                    } else {
                        self.structure();
                    }
                }
            } else if kind == Kind::Bytes {
                let b = self.string();
                if b.is_empty() {
                    self.structure();
                } else if !pet_is_minimal(b) {
                    self.fail(Reason::PetNotMinimal, at);
                }
                seen |= BYTES;
            } else {
                self.wrong();
            }
            let text = if kind == Kind::Text { TEXT } else { 0 };
            // Two text pieces or two byte strings in a row.
            if seen & READ != 0 && seen & TEXT == text {
                self.fail(Reason::Structure, at);
            }
            seen = (seen & !(READ | TEXT)) | READ | text;
        }
        if seen & (BYTES | PLAIN) == 0 {
            self.fail(Reason::Structure, start);
        }
        seen & EMPTY != 0
    }

    fn check_text(&mut self, s: &[u8], rule: TextRule, at: usize) {
        let bad = match rule {
            TextRule::Any => false,
            // A slice pattern, not `==`: comparing with "." and ".." calls memcmp
            // (Decision 17: no slice `==`).
            TextRule::Segment => matches!(s, b"." | b".."),
            // Labels are lowercase and without dots (draft §2 C5), and a CRI that does not
            // meet a requirement is unprocessable (§5.2.1; Decision 12). Only ASCII case is
            // checked: Unicode case needs tables a device does not carry. One pass over
            // the bytes, not `contains('.')`, which calls memchr (Decision 17).
            TextRule::Label => s.iter().any(|&b| b == b'.' || b.is_ascii_uppercase()),
        };
        if bad {
            let reason = if rule == TextRule::Label {
                Reason::HostLabel
            } else {
                Reason::DotSegment
            };
            self.fail(reason, at);
        }
    }
}

/// Minimal PET (draft §7.2): no unreserved ASCII character and no complete UTF-8 character
/// of U+0080 or above may hide in a byte string.
fn pet_is_minimal(b: &[u8]) -> bool {
    let mut i = 0usize;
    while let Some(&c) = b.get(i) {
        // Not `b"-._~".contains(&c)`, which calls `memchr` (as in `read_scheme`).
        if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~') {
            return false;
        }
        if utf8_multibyte_len(b.get(i..).unwrap_or(&[])) != 0 {
            return false;
        }
        i = i.saturating_add(1);
    }
    true
}
