//! Ingest of a CRI reference (draft-ietf-core-href-27 §5.2): one pass over the CBOR that
//! fills the view ([`CriRef`]) and checks, on the way, every rule of §2, §5.1 and §5.2.1
//! and the PET rules of §7.2 that a recipient can check.
//!
//! The checks run in reading order and the first rule broken ends the walk, which is the
//! documented precedence; the checks across sections (§2 C2, C9) come last, at the end of
//! the input, from what the pass noted on the way (no second walk over the view).
//!
//! Each item is read whole (head, and a string's content) before the walk looks at it, so
//! an item cut short is `NotCbor` at its head wherever it stands (RFC 8949 §5.3.1: a
//! well-formedness error comes before any check of validity), and an item of a type the
//! CDDL does not allow where it is has one fault, told by its kind ([`wrong`]).

use super::model::{
    Authority, CriRef, Discard, Host, HostAuthority, Items, Scheme, TextOrPet, CRI_TAG, MAX_DISCARD,
};
use super::reader::{Kind, Reader};
use super::wire::SIMPLE_TRUE;
use crate::error::{Reason, Unprocessable};
use crate::uri::chars::{is_utf8, utf8_multibyte_len, utf8_str};

/// A fault of the walk: the rule broken and the offset of the item it is about.
type Fault = Unprocessable;

/// Ends the walk: the first rule broken, in reading order, is the one reported.
fn fault(reason: Reason, offset: usize) -> Result<(), Fault> {
    Err(Unprocessable { reason, offset })
}

/// The fault of an item of kind `kind` at `at` that the CDDL does not allow there: its
/// own fault if it is malformed (an indefinite length, not CBOR, cut short), else
/// `Structure`.
#[inline(never)]
fn wrong(kind: Kind, at: usize) -> Result<(), Fault> {
    let reason = match kind {
        Kind::Indefinite => Reason::Indefinite,
        Kind::NotCbor => Reason::NotCbor,
        _ => Reason::Structure,
    };
    fault(reason, at)
}

/// The reader and the item it read last. The reader first (`repr(C)`): its address is
/// the walk's, one register less at every read of the walk ([`Walk::next`], inlined),
/// the deepest calls of the walk (Decision 17, stack).
#[repr(C)]
struct Walk<'a> {
    d: Reader<'a>,
    /// Where the item read last starts.
    at: usize,
    /// Its argument (an integer's value, a string's length, an array's count, a tag's
    /// number, the simple value of `false`, `true` and `null`), saturated to a usize: one
    /// register where a u64 takes two, and every value a rule compares it with fits (a
    /// count past `usize::MAX` fails on the same item as the exact one, as every item
    /// takes at least one byte of the input).
    arg: usize,
    /// How many items of the host authority array are still to read.
    left: usize,
    /// The text-or-pet item read last is the empty text.
    empty: bool,
    /// How the reference stands without an authority (set with the scheme).
    bare: Bare,
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

/// How the reference stands without an authority, for the checks across sections.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bare {
    /// An authority, or a discard that keeps base path segments.
    No,
    /// The discard 0: as `No`, and it keeps the base query too (draft §2.3).
    Zero,
    /// `true` after a scheme: a rootless path.
    Rootless,
    /// `null` after a scheme, or the discard `true`: a root-based path, no authority.
    Rooted,
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
            at: 0,
            arg: 0,
            left: 0,
            empty: false,
            bare: Bare::No,
        };
        w.reference(self)?;
        if full && self.scheme.is_none() {
            return fault(Reason::NotFull, 0);
        }
        Ok(())
    }
}

impl<'a> Walk<'a> {
    /// Reads the item at the position whole ([`Reader::next`]) and returns its kind;
    /// notes where it starts and its argument. Inlined: a call of its own would be one
    /// frame more on the deepest chain of the walk (Decision 17, stack).
    #[inline(always)]
    fn next(&mut self) -> Kind {
        self.at = self.d.position();
        let (kind, arg) = self.d.next();
        self.arg = arg;
        kind
    }

    /// [`Walk::next`] for the host authority array, with `left` items still to read:
    /// `End` once there are none (nothing read, the position noted as the item's start).
    fn next_in(&mut self) -> Kind {
        if self.left == 0 {
            self.at = self.d.position();
            return Kind::End;
        }
        self.left = self.left.wrapping_sub(1); // left > 0
        self.next()
    }

    /// The count of the array just read.
    fn count(&self) -> usize {
        self.arg
    }

    /// The content of the string just read.
    #[inline(always)]
    fn body(&self) -> &'a [u8] {
        self.d.last(self.arg)
    }

    /// The input from byte `start` to the position.
    fn since(&self, start: usize) -> &'a [u8] {
        self.d.since(start)
    }

    /// The whole reference, after an optional tag 99: `[]` is `[0]` (draft §5.2).
    fn reference(&mut self, r: &mut CriRef<'a>) -> Result<(), Fault> {
        let mut k = self.next();
        if k == Kind::Tag {
            if self.arg as u64 != CRI_TAG {
                return fault(Reason::Tag, 0);
            }
            k = self.next();
        }
        if k != Kind::Array {
            return wrong(k, self.at);
        }
        let start = self.at;
        let n = self.count();
        let mut rest = 0;
        if n > 0 {
            let lead = match self.next() {
                k @ (Kind::Null | Kind::Text | Kind::Negative) => {
                    self.lead_sections(r, k, n)?;
                    2
                }
                Kind::Bool => {
                    if self.arg != usize::from(SIMPLE_TRUE) {
                        return fault(Reason::Structure, self.at);
                    }
                    r.discard = Discard::All;
                    self.bare = Bare::Rooted;
                    1
                }
                Kind::Unsigned => {
                    let count = match u8::try_from(self.arg) {
                        Ok(c) if c <= MAX_DISCARD => c,
                        _ => return fault(Reason::DiscardRange, self.at),
                    };
                    r.discard = Discard::Count(count);
                    if count == 0 {
                        self.bare = Bare::Zero;
                    }
                    1
                }
                k => return wrong(k, self.at),
            };
            rest = n.saturating_sub(lead);
            if rest > 3 {
                return fault(Reason::Structure, start);
            }
        }
        self.local_part(r, rest)
    }

    /// Scheme and authority (the item `k` just read is the scheme) of a reference with
    /// `n` sections; notes how it stands without an authority.
    fn lead_sections(&mut self, r: &mut CriRef<'a>, k: Kind, n: usize) -> Result<(), Fault> {
        r.scheme = match k {
            Kind::Null => None,
            Kind::Text => {
                let Some(name) = utf8_str(self.body()) else {
                    return fault(Reason::InvalidUtf8, self.at);
                };
                // `matches!`, not `b"+.-".contains(&b)`: a byte slice's `contains` calls
                // `memchr` (Decision 17).
                let ok = name.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
                    && name.bytes().all(|b| {
                        b.is_ascii_lowercase()
                            || b.is_ascii_digit()
                            || matches!(b, b'+' | b'.' | b'-')
                    });
                if !ok {
                    return fault(Reason::SchemeName, self.at);
                }
                Some(Scheme::Name(name))
            }
            // scheme-id = -1 - scheme-number, and a CBOR negative integer with argument n
            // is -1 - n: the argument is the scheme number, read again in full (the walk
            // keeps a usize).
            _ => Some(Scheme::Number(self.d.arg_at(self.at))),
        };
        r.discard = Discard::All;
        let auth_at = self.d.position();
        let bare = if n >= 2 {
            match self.next() {
                Kind::Null => Bare::Rooted,
                // `true` is no-authority; a `false`, well-formed CBOR, stands where the
                // CDDL allows none.
                Kind::Bool if self.arg == usize::from(SIMPLE_TRUE) => Bare::Rootless,
                Kind::Array => return self.host_authority(r),
                k => return wrong(k, self.at),
            }
        } else {
            Bare::Rooted
        };
        if bare == Bare::Rooted {
            if r.scheme.is_none() {
                return fault(Reason::TwoLeadingNulls, auth_at);
            }
            if n == 2 {
                return fault(Reason::TrailingDefault, auth_at);
            }
        }
        r.authority = Some(if bare == Bare::Rootless {
            Authority::Rootless
        } else {
            Authority::RootBased
        });
        self.bare = bare;
        Ok(())
    }

    /// `[?(false, userinfo), host-ip [zone-id] / *label, ?port]`, the array just read.
    /// Each part goes into the view as it is read: parts held in locals until the end
    /// would be spilled to the frame that is under every read of the walk (Decision 17,
    /// stack).
    fn host_authority(&mut self, r: &mut CriRef<'a>) -> Result<(), Fault> {
        let start = self.at;
        self.left = self.count();
        let Authority::Host(a) = r.authority.insert(Authority::Host(HostAuthority {
            raw: &[],
            userinfo: None,
            host: Host::Name(Items::default()),
            port: None,
        })) else {
            // INVARIANT: the value was just inserted.
            debug_assert!(false, "the host authority was just inserted");
            return Ok(());
        };
        let mut k = self.next_in();
        if k == Kind::Bool {
            if self.arg == usize::from(SIMPLE_TRUE) || self.left == 0 {
                return fault(Reason::Structure, self.d.position());
            }
            k = self.next_in();
            let at = self.at;
            self.text_or_pet(k, TextRule::Any)?;
            a.userinfo = Some(TextOrPet {
                raw: self.since(at),
            });
            k = self.next_in();
        }
        if k == Kind::Bytes {
            let addr = self.body();
            if addr.len() != 4 && addr.len() != 16 {
                return fault(Reason::HostIpLength, self.at);
            }
            a.host = Host::Ip { addr, zone: None };
            k = self.next_in();
            if k == Kind::Text {
                let Some(z) = utf8_str(self.body()) else {
                    return fault(Reason::InvalidUtf8, self.at);
                };
                a.host = Host::Ip {
                    addr,
                    zone: Some(z),
                };
                k = self.next_in();
            }
        } else {
            let labels_start = self.at;
            let mut count = 0usize;
            while matches!(k, Kind::Text | Kind::Array) {
                self.text_or_pet(k, TextRule::Label)?;
                count = count.wrapping_add(1); // at most one per byte of the input
                a.host = Host::Name(Items {
                    raw: self.since(labels_start),
                    count,
                });
                k = self.next_in();
            }
        }
        if k != Kind::End {
            if k != Kind::Unsigned {
                return wrong(k, self.at);
            }
            match u16::try_from(self.arg) {
                Ok(p) => a.port = Some(p),
                Err(_) => return fault(Reason::PortRange, self.at),
            }
            k = self.next_in();
        }
        if k != Kind::End {
            return fault(Reason::Structure, self.at);
        }
        a.raw = self.since(start);
        Ok(())
    }

    /// Path, query and fragment: `rest` sections follow; then the end of the input and
    /// the checks across sections (draft §2 C2, C9 and "Constraints not expressed by the
    /// data model"), from what the pass noted.
    fn local_part(&mut self, r: &mut CriRef<'a>, rest: usize) -> Result<(), Fault> {
        let bare = self.bare;
        let mut last_at = 0;
        let mut last_null = false;
        let mut last_empty = false;
        // The path array and its first segment if that is the empty text; 0 without.
        let mut path_at = 0usize;
        let mut first_empty_at = 0usize;
        let mut segments = 0usize;
        for section in 0..rest {
            let k = self.next();
            last_at = self.at;
            last_null = k == Kind::Null;
            last_empty = false;
            if last_null {
                continue;
            }
            if section >= 2 {
                let at = self.at;
                self.text_or_pet(k, TextRule::Any)?;
                r.fragment = Some(TextOrPet {
                    raw: self.since(at),
                });
                continue;
            }
            // One reader for both arrays: path and query differ only in the rule for
            // their items (draft §5.1).
            if k != Kind::Array {
                return wrong(k, self.at);
            }
            let count = self.count();
            let start = self.d.position();
            let rule = if section == 0 {
                path_at = self.at;
                segments = count;
                TextRule::Segment
            } else {
                TextRule::Any
            };
            let mut left = count;
            while left > 0 {
                left = left.wrapping_sub(1); // left > 0
                let k = self.next();
                let at = self.at;
                self.text_or_pet(k, rule)?;
                if self.empty && section == 0 && at == start {
                    first_empty_at = at;
                }
            }
            let slot = if section == 0 {
                &mut r.path
            } else {
                &mut r.query
            };
            *slot = Some(Items {
                raw: self.since(start),
                count,
            });
            last_empty = count == 0;
        }
        // A trailing `null` or `[]` must be left out (draft §5.1) where its removal keeps
        // the meaning: a `null` always (left off, a section is not set); an empty path or
        // query not when the discard is 0 and nothing before it clears the query: `[0, []]`
        // drops the base query and fragment, and `[0, null, []]` the base query, where `[0]`
        // keeps them (draft §2.3 names the latter).
        if last_null || last_empty && (bare != Bare::Zero || rest == 2 && path_at != 0) {
            return fault(Reason::TrailingDefault, last_at);
        }
        let end = self.d.position();
        if self.d.left() != 0 {
            return fault(Reason::TrailingBytes, end);
        }
        if bare == Bare::Rootless && segments == 0 {
            // The path, or the end of the reference where a path would stand.
            let at = if path_at != 0 { path_at } else { end };
            return fault(Reason::NakedRootless, at);
        }
        if first_empty_at != 0 && (bare == Bare::Rootless || bare == Bare::Rooted && segments >= 2)
        {
            return fault(Reason::LeadingEmptySegment, first_empty_at);
        }
        Ok(())
    }

    /// Reads `text / [?text1, ((+(pet1, text1), ?pet1) // pet1)]` (draft §7.2), the item
    /// `k` just read, with minimal PET; notes whether it is the empty text. Plain text is read as the one piece of a sequence, by the code that reads
    /// the pieces of an array.
    fn text_or_pet(&mut self, k: Kind, rule: TextRule) -> Result<(), Fault> {
        let start = self.at;
        // What the pieces so far were, in one register (the frame of this reader is on
        // the deepest chain of the walk, Decision 17, stack).
        let mut seen = PLAIN;
        let mut left = 1;
        // A piece is part of a segment, so only the label rule applies to it.
        let mut rule = rule;
        match k {
            Kind::Text => {}
            Kind::Array => {
                seen = 0;
                left = self.count();
                if rule != TextRule::Label {
                    rule = TextRule::Any;
                }
            }
            _ => return wrong(k, start),
        }
        let mut kind = k;
        self.empty = false;
        while left > 0 {
            left = left.wrapping_sub(1); // left > 0
            if seen & PLAIN == 0 {
                kind = self.next();
            }
            let at = self.at;
            // The content only of a string: another kind's argument is no length.
            let this = match kind {
                Kind::Text => {
                    let b = self.body();
                    if !is_utf8(b) {
                        return fault(Reason::InvalidUtf8, at);
                    }
                    check_text(b, rule, at)?;
                    if b.is_empty() {
                        if seen & PLAIN == 0 {
                            return fault(Reason::Structure, self.d.position());
                        }
                        self.empty = true;
                    }
                    TEXT
                }
                Kind::Bytes => {
                    let b = self.body();
                    if b.is_empty() {
                        return fault(Reason::Structure, self.d.position());
                    }
                    if !pet_is_minimal(b) {
                        return fault(Reason::PetNotMinimal, at);
                    }
                    BYTES
                }
                _ => return wrong(kind, at),
            };
            // Two text pieces or two byte strings in a row.
            if seen & this & (TEXT | BYTES) != 0 {
                return fault(Reason::Structure, at);
            }
            seen = (seen & (PLAIN | HAS_BYTES)) | this | if this == BYTES { HAS_BYTES } else { 0 };
        }
        if seen & (PLAIN | HAS_BYTES) == 0 {
            return fault(Reason::Structure, start);
        }
        Ok(())
    }
}

/// The pieces of a text-or-pet item read so far ([`Walk::text_or_pet`]): the item is
/// plain text, no array of pieces;
const PLAIN: u8 = 1;
/// the piece before was text;
const TEXT: u8 = 2;
/// the piece before was a byte string;
const BYTES: u8 = 4;
/// a byte string was read.
const HAS_BYTES: u8 = 8;

/// The rule for a text piece at `at`.
fn check_text(s: &[u8], rule: TextRule, at: usize) -> Result<(), Fault> {
    match rule {
        TextRule::Any => Ok(()),
        // A slice pattern, not `==`: comparing with "." and ".." calls memcmp (Decision 17:
        // no slice `==`).
        TextRule::Segment if matches!(s, b"." | b"..") => fault(Reason::DotSegment, at),
        TextRule::Segment => Ok(()),
        // Labels are lowercase and without dots (draft §2 C5), and a CRI that does not meet
        // a requirement is unprocessable (§5.2.1; Decision 12). Only ASCII case is checked:
        // Unicode case needs tables a device does not carry. One pass over the bytes, not
        // `contains('.')`, which calls memchr (Decision 17).
        TextRule::Label if s.iter().any(|&b| b == b'.' || b.is_ascii_uppercase()) => {
            fault(Reason::HostLabel, at)
        }
        TextRule::Label => Ok(()),
    }
}

/// Minimal PET (draft §7.2): no unreserved ASCII character and no complete UTF-8 character
/// of U+0080 or above may hide in a byte string.
fn pet_is_minimal(b: &[u8]) -> bool {
    let mut i = 0usize;
    while let Some(&c) = b.get(i) {
        // Not `b"-._~".contains(&c)`, which calls `memchr` (as for the scheme-name).
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
