//! Reading the CBOR items a CRI reference is made of (RFC 8949 §3): unsigned and negative
//! integers, byte and text strings, arrays, tags, `false`, `true` and `null`. Any other
//! well-formed item is only recognised (`Kind::Other`) so that the caller can refuse it.
//!
//! Not a general CBOR decoder (Decision 15): one returns a large error value from each
//! call, which sits on the stack under every item read, and it carries code for maps,
//! floats and simple values that a CRI never holds. minicbor stays a dev-dependency, the
//! peer of the differential test `versus_minicbor` below. Writing CBOR is `wire.rs`.

use super::wire::{
    ARG_1_BYTE, ARG_8_BYTES, ARRAY, BYTES, INDEFINITE, INFO_MASK, MAJOR_SHIFT, MAP, MAX_IMMEDIATE,
    NEGATIVE, SIMPLE, SIMPLE_FALSE, SIMPLE_NULL, SIMPLE_TRUE, TAG, TEXT, UNSIGNED,
};

/// What the head at the reader's position announces, or why no item starts there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    // The major types 0 to 6 in their order, so that the kind of one is its number.
    Unsigned,
    Negative,
    Bytes,
    Text,
    Array,
    /// A map, a float, a simple value or `undefined`: well-formed, never part of a CRI.
    Other,
    Tag,
    Bool,
    Null,
    /// An indefinite-length string, array or map.
    Indefinite,
    /// End of input, a reserved additional-information value, or a stray break.
    NotCbor,
    /// No item: the end of an array, for the ingest walk (never from [`Reader::peek`]).
    End,
}

/// A position in definite-length CBOR.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reader<'a> {
    input: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(input: &'a [u8]) -> Self {
        Reader { input, pos: 0 }
    }

    pub(crate) fn position(&self) -> usize {
        self.pos
    }

    /// How many bytes of the input are left after the position.
    pub(crate) fn left(&self) -> usize {
        self.input.len().saturating_sub(self.pos)
    }

    /// The input from byte `start` to the current position.
    pub(crate) fn since(&self, start: usize) -> &'a [u8] {
        // INVARIANT: `start` is a position this reader had (the callers note it before
        // reading), and the position only moves forward within the input.
        debug_assert!(start <= self.pos && self.pos <= self.input.len());
        self.input.get(start..self.pos).unwrap_or(&[])
    }

    /// The kind of the item at the position, without reading it: what [`Reader::next`]
    /// would return. The readers of CBOR that passed ingest use it (its items are whole).
    pub(crate) fn peek(&self) -> Kind {
        let mut probe = *self;
        probe.next().0
    }

    /// Reads the item at the position, a string with its content, and returns its kind
    /// and its argument saturated to a usize ([`saturate`]): the value of an integer, the
    /// length of a string, the count of an array, the number of a tag, the simple value of
    /// `false`, `true` and `null`. An item that is not well-formed is a kind of its own
    /// (`Indefinite`; `NotCbor`: the end of the input, a reserved head, a stray break, a
    /// head or a string cut short) and is not read: the position stays. The one decoder
    /// of an initial byte: kind and argument in two registers, where a `Result` would be
    /// tested and mapped at every call (Decision 17).
    #[inline(never)]
    pub(crate) fn next(&mut self) -> (Kind, usize) {
        let at = self.pos;
        // No byte: 0, an unsigned integer whose head the read below finds missing.
        let initial = self.input.get(at).copied().unwrap_or(0);
        let (major, info) = (initial >> MAJOR_SHIFT, initial & INFO_MASK);
        let n = saturate(self.head());
        if self.pos == at {
            // Nothing read: an indefinite length, a reserved additional information, or
            // the input ends within the head (a negative integer's argument included, as
            // minicbor, used before, read it to choose the integer width).
            let kind = if info == INDEFINITE && matches!(major, BYTES..=MAP) {
                Kind::Indefinite
            } else {
                Kind::NotCbor
            };
            return (kind, 0);
        }
        let kind = match major {
            UNSIGNED => Kind::Unsigned,
            NEGATIVE => Kind::Negative,
            BYTES => Kind::Bytes,
            TEXT => Kind::Text,
            ARRAY => Kind::Array,
            TAG => Kind::Tag,
            SIMPLE => match info {
                SIMPLE_FALSE | SIMPLE_TRUE => Kind::Bool,
                SIMPLE_NULL => Kind::Null,
                _ => Kind::Other,
            },
            _ => Kind::Other,
        };
        if matches!(kind, Kind::Bytes | Kind::Text) && self.body(n).is_none() {
            self.pos = at;
            return (Kind::NotCbor, 0);
        }
        (kind, n)
    }

    /// The content of the string just read by [`Reader::next`], whose length is `n`.
    pub(crate) fn last(&self, n: usize) -> &'a [u8] {
        self.since(self.pos.wrapping_sub(n))
    }

    /// Reads the head at the position and returns its argument: the value of an integer,
    /// the length of a string or array, the number of a tag, the simple value for `false`,
    /// `true` and `null` (`SIMPLE_FALSE`, `SIMPLE_TRUE`, `SIMPLE_NULL` of `wire.rs`).
    /// `None` (and the position unchanged) if the head is truncated or reserved.
    #[inline(always)]
    pub(crate) fn arg(&mut self) -> Option<u64> {
        let at = self.pos;
        let value = self.head();
        (self.pos != at).then_some(value)
    }

    /// [`Reader::arg`] with the failure told by the position alone (a head read takes at
    /// least one byte): a bare `u64` comes back in r0:r1, where an `Option<u64>` is a
    /// stack slot in the frame of every caller (Decision 17). 0 if nothing was read.
    #[inline(never)]
    pub(crate) fn head(&mut self) -> u64 {
        let Some(&initial) = self.input.get(self.pos) else {
            return 0;
        };
        let info = initial & INFO_MASK;
        if info <= MAX_IMMEDIATE {
            self.pos = self.pos.saturating_add(1);
            return u64::from(info);
        }
        if info > ARG_8_BYTES {
            return 0;
        }
        // 1, 2, 4 or 8 bytes for ARG_1_BYTE..=ARG_8_BYTES (RFC 8949 §3): a shift, no table.
        let width = 1usize.wrapping_shl(u32::from(info.wrapping_sub(ARG_1_BYTE)));
        let start = self.pos.saturating_add(1);
        let Some(bytes) = self.input.get(start..start.saturating_add(width)) else {
            return 0;
        };
        self.pos = start.saturating_add(width);
        bytes
            .iter()
            .fold(0u64, |n, &b| n.wrapping_shl(8) | u64::from(b))
    }

    /// The argument of the head at `at`, a position this reader had before a head it
    /// read (so the head is whole), read again without moving: in full, where a reader
    /// kept less of it.
    #[inline(always)]
    pub(crate) fn arg_at(&self, at: usize) -> u64 {
        Reader {
            input: self.input,
            pos: at,
        }
        .head()
    }

    /// Reads a text or byte string and returns its content; `None` (and the position
    /// unchanged) if no string is whole at the position.
    pub(crate) fn string(&mut self) -> Option<&'a [u8]> {
        let at = self.pos;
        match self.next() {
            (Kind::Bytes | Kind::Text, n) => Some(self.last(n)),
            _ => {
                self.pos = at;
                None
            }
        }
    }

    /// The `declared` bytes of a string's content at the position (its head read), read;
    /// `None` if the input ends before. A length past `usize::MAX` comes saturated
    /// ([`saturate`]), which is past the input on every usize width as the exact one is.
    /// Inlined: the readers that call it are on the deepest stack chains (Decision 17).
    #[inline(always)]
    pub(crate) fn body(&mut self, declared: usize) -> Option<&'a [u8]> {
        if declared > self.left() {
            return None;
        }
        // declared <= left: the end is within the input, the add cannot wrap.
        let end = self.pos.wrapping_add(declared);
        let b = self.input.get(self.pos..end)?;
        self.pos = end;
        Some(b)
    }
}

/// A head's argument as a usize, saturated: one register where a u64 takes two on a 32-bit
/// target, and every value a reader compares it with (a length left, a count of items
/// that each take a byte, a port, a discard) fits, so a value past `usize::MAX` fails
/// where the exact one does.
#[inline(always)]
pub(crate) fn saturate(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_the_initial_bytes() {
        let kind = |b: &[u8]| Reader::new(b).next().0;
        assert_eq!(kind(&[0x1b, 0, 0, 0, 0, 0, 0, 0, 0]), Kind::Unsigned);
        assert_eq!(kind(&[0x1b, 0, 0, 0, 0, 0, 0, 0]), Kind::NotCbor);
        assert_eq!(kind(&[0x20]), Kind::Negative);
        assert_eq!(kind(&[0x38, 0]), Kind::Negative);
        assert_eq!(kind(&[0x38]), Kind::NotCbor);
        assert_eq!(kind(&[0x5f]), Kind::Indefinite);
        assert_eq!(kind(&[0x7f]), Kind::Indefinite);
        assert_eq!(kind(&[0x9f]), Kind::Indefinite);
        assert_eq!(kind(&[0xbf]), Kind::Indefinite);
        assert_eq!(kind(&[0xa0]), Kind::Other);
        assert_eq!(kind(&[0xd8, 99]), Kind::Tag);
        assert_eq!(kind(&[0xdf]), Kind::NotCbor);
        assert_eq!(kind(&[0xf4]), Kind::Bool);
        assert_eq!(kind(&[0xf6]), Kind::Null);
        assert_eq!(kind(&[0xf7]), Kind::Other);
        assert_eq!(kind(&[0xf9, 0, 0]), Kind::Other);
        assert_eq!(kind(&[0xf9, 0]), Kind::NotCbor);
        assert_eq!(kind(&[0xfc]), Kind::NotCbor);
        assert_eq!(kind(&[0xff]), Kind::NotCbor);
        assert_eq!(kind(&[0x1c]), Kind::NotCbor);
        assert_eq!(kind(&[0x62, b'a']), Kind::NotCbor);
        assert_eq!(kind(&[]), Kind::NotCbor);
    }

    #[test]
    fn arguments_of_every_width() {
        let arg = |b: &[u8]| {
            let mut r = Reader::new(b);
            r.arg().map(|v| (v, r.position()))
        };
        assert_eq!(arg(&[0x17]), Some((23, 1)));
        assert_eq!(arg(&[0x18, 0x05]), Some((5, 2)));
        assert_eq!(arg(&[0x39, 0x01, 0x00]), Some((256, 3)));
        assert_eq!(arg(&[0x9a, 0, 1, 0, 0]), Some((65536, 5)));
        assert_eq!(
            arg(&[0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
            Some((u64::MAX, 9))
        );
        assert_eq!(arg(&[0x19, 0x01]), None);
        assert_eq!(arg(&[0x1c]), None);
    }

    #[test]
    fn strings_within_the_input_only() {
        let mut r = Reader::new(&[0x62, b'a', b'b', 0x43, 1, 2]);
        assert_eq!(r.string(), Some(&b"ab"[..]));
        assert_eq!(r.string(), None);
        assert_eq!(r.position(), 3);
        assert_eq!(r.next(), (Kind::NotCbor, 0));
        assert_eq!(r.position(), 3);
        // A declared length of 2^64 - 1 is past any input.
        let mut huge = Reader::new(&[0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0]);
        assert_eq!(huge.string(), None);
    }
}

/// A differential test against minicbor 2.3.1, the decoder this reader replaced (a
/// dev-dependency only). Both walk the same input item by item, reading only the head of
/// an array, map or tag (both are streaming readers), and must agree on the kind of each
/// item, its argument, a string's content and the position after it, and on the first
/// item that is refused: at the same position and for the same reason.
#[cfg(test)]
mod versus_minicbor {
    use super::*;
    use crate::test_rng::XorShift;
    use minicbor::data::Type;
    use minicbor::decode::Error;
    use minicbor::Decoder;
    use std::vec::Vec;

    /// The kind the reader must report for what minicbor's `datatype()` says.
    fn expected_kind(t: &Result<Type, Error>) -> Kind {
        match t {
            Ok(Type::U8 | Type::U16 | Type::U32 | Type::U64) => Kind::Unsigned,
            // minicbor chooses the width of a negative integer from the first byte of its
            // argument (I8..I64, or Int past i64), so a major-type-1 head with a missing
            // argument is an error of `datatype()` itself: the reader keeps that (its
            // documented quirk), and the Err arm below expects NotCbor for it.
            Ok(Type::I8 | Type::I16 | Type::I32 | Type::I64 | Type::Int) => Kind::Negative,
            Ok(Type::Bytes) => Kind::Bytes,
            Ok(Type::String) => Kind::Text,
            Ok(Type::Array) => Kind::Array,
            Ok(Type::Tag) => Kind::Tag,
            Ok(Type::Bool) => Kind::Bool,
            Ok(Type::Null) => Kind::Null,
            Ok(Type::Map | Type::F16 | Type::F32 | Type::F64 | Type::Simple | Type::Undefined) => {
                Kind::Other
            }
            Ok(Type::BytesIndef | Type::StringIndef | Type::ArrayIndef | Type::MapIndef) => {
                Kind::Indefinite
            }
            // A stray break (0xff), a reserved additional information (28-30), info 31 on
            // major types 0, 1 and 6 (all `Unknown`), or the end of the input.
            Ok(Type::Break | Type::Unknown(_)) | Err(_) => Kind::NotCbor,
        }
    }

    /// What minicbor reads for the item at `d` (of minicbor type `t`), as the reader's
    /// `arg()` would return it; `Err(None)` for an item this test does not follow (a
    /// half float: minicbor reads it only with its `half` feature).
    fn minicbor_arg(d: &mut Decoder<'_>, t: Type) -> Result<u64, Option<Error>> {
        let arg = match t {
            Type::U8 | Type::U16 | Type::U32 | Type::U64 => d.u64(),
            // -1 - n for an argument n <= 2^64 - 1.
            Type::I8 | Type::I16 | Type::I32 | Type::I64 | Type::Int => d
                .int()
                .map(|i| u64::try_from(-1 - i128::from(i)).expect("a CBOR negative integer")),
            Type::Array => d.array().map(|n| n.expect("a definite-length array")),
            Type::Map => d.map().map(|n| n.expect("a definite-length map")),
            Type::Tag => d.tag().map(u64::from),
            Type::Bool => d.bool().map(|b| if b { 21 } else { 20 }),
            Type::Null => d.null().map(|()| 22),
            Type::Undefined => d.undefined().map(|()| 23),
            // RFC 8949 §3.3: 0xf8 with a value below 32 is not well-formed; minicbor reads
            // it, and the reader only calls it `Other` (which a CRI decoder refuses), so
            // the value read is compared as it is.
            Type::Simple => d.simple().map(u64::from),
            Type::F32 => d.f32().map(|f| u64::from(f.to_bits())),
            Type::F64 => d.f64().map(f64::to_bits),
            _ => return Err(None),
        };
        arg.map_err(Some)
    }

    /// What the walks met: items read of each kind, and how each walk ended.
    #[derive(Default, Debug)]
    struct Tally {
        /// Items read by both, by `Kind`.
        read: [usize; 9],
        /// Walks that read up to the end of the input.
        at_end: usize,
        /// Walks ended by a head both call not CBOR (reserved, stray break, info 31)...
        not_cbor: usize,
        /// ... among them a negative integer's head at the end of the input.
        negative_head_at_end: usize,
        /// ... or an indefinite-length item.
        indefinite: usize,
        /// ... or by a head or a string cut short (past the end of the input).
        truncated: usize,
        /// ... or by a half float, which minicbor reads only with its `half` feature.
        half: usize,
        /// Text strings with invalid UTF-8 (minicbor refuses them, the reader returns the
        /// bytes): the walk goes on.
        invalid_utf8: usize,
    }

    /// Walks `input` with both readers; returns the number of items both read.
    fn walk(input: &[u8], tally: &mut Tally) -> usize {
        let mut r = Reader::new(input);
        let mut d = Decoder::new(input);
        let mut items = 0;
        loop {
            let at = r.position();
            assert_eq!(at, d.position(), "{input:02x?}");
            let t = d.datatype();
            let kind = r.peek();
            let expected = expected_kind(&t);
            if kind != expected {
                // The reader reads the whole item, where minicbor's `datatype()` looks at
                // its initial byte: a head or a string cut short is NotCbor, which minicbor
                // finds on reading the item.
                assert_eq!(kind, Kind::NotCbor, "item at {at} of {input:02x?}: {t:?}");
                let theirs = match (expected, &t) {
                    (Kind::Bytes, _) => d.bytes().map(|_| ()).map_err(Some),
                    (Kind::Text, _) => d.str().map(|_| ()).map_err(Some),
                    (_, &Ok(ty)) => minicbor_arg(&mut d, ty).map(|_| ()),
                    (_, Err(_)) => panic!("item at {at} of {input:02x?}: {t:?}"),
                };
                // minicbor fails to read it too: at the end of the input, or (where usize
                // has 32 bits) on a length it cannot convert to one.
                assert!(
                    theirs.is_err_and(|e| e.is_none_or(|e| !e.is_type_mismatch())),
                    "item at {at} of {input:02x?}: {t:?}"
                );
                assert_eq!(r.position(), at);
                tally.truncated += 1;
                return items;
            }
            let (false, &Ok(ty)) = (matches!(kind, Kind::Indefinite | Kind::NotCbor), &t) else {
                // Refused by both at `at`, for the same reason.
                match (kind, &t) {
                    _ if at == input.len() => tally.at_end += 1,
                    (Kind::Indefinite, _) => tally.indefinite += 1,
                    (_, Err(_)) => {
                        tally.negative_head_at_end += 1;
                        tally.not_cbor += 1;
                    }
                    _ => tally.not_cbor += 1,
                }
                return items;
            };
            let read = match kind {
                Kind::Bytes => {
                    let theirs = d.bytes();
                    let ours = r.string();
                    match (ours, theirs) {
                        (Some(a), Ok(b)) => assert_eq!(a, b, "at {at} of {input:02x?}"),
                        (None, Err(e)) => assert!(!e.is_type_mismatch(), "{e}"),
                        (a, b) => panic!("bytes at {at} of {input:02x?}: {a:02x?} / {b:02x?}"),
                    }
                    ours.is_some()
                }
                Kind::Text => {
                    let theirs = d.str();
                    let ours = r.string();
                    match (ours, theirs) {
                        (Some(a), Ok(b)) => assert_eq!(a, b.as_bytes(), "at {at}"),
                        // minicbor's `str()` also checks UTF-8 (after reading the whole
                        // string); the reader returns the bytes and its callers check them
                        // (`Walk::text` in ingest.rs reports InvalidUtf8 at the string's head).
                        (Some(a), Err(e)) if !e.is_end_of_input() && !e.is_type_mismatch() => {
                            assert!(core::str::from_utf8(a).is_err(), "{a:02x?}: {e}");
                            let end = d.position();
                            assert_eq!(input.get(end - a.len()..end), Some(a));
                            tally.invalid_utf8 += 1;
                        }
                        (None, Err(e)) => assert!(!e.is_type_mismatch(), "{e}"),
                        (a, b) => panic!("text at {at} of {input:02x?}: {a:02x?} / {b:?}"),
                    }
                    ours.is_some()
                }
                _ => {
                    let theirs = match minicbor_arg(&mut d, ty) {
                        Err(None) => {
                            // A half float: only the reader reads on; nothing to compare.
                            assert_eq!(r.arg().is_some(), input.len() - at > 2);
                            tally.half += 1;
                            return items;
                        }
                        Err(Some(e)) => Err(e),
                        Ok(n) => Ok(n),
                    };
                    let ours = r.arg();
                    match (ours, theirs) {
                        (Some(a), Ok(b)) => assert_eq!(a, b, "{kind:?} at {at} of {input:02x?}"),
                        (None, Err(e)) => assert!(!e.is_type_mismatch(), "{e}"),
                        (a, b) => panic!("{kind:?} at {at} of {input:02x?}: {a:?} / {b:?}"),
                    }
                    ours.is_some()
                }
            };
            if !read {
                // Refused by both: the reader stays at the item's head.
                assert_eq!(r.position(), at);
                tally.truncated += 1;
                return items;
            }
            assert_eq!(
                r.position(),
                d.position(),
                "after the item at {at} of {input:02x?}"
            );
            tally.read[kind as usize] += 1;
            items += 1;
        }
    }

    /// Appends a head of major type `major` with argument `n` in the width chosen by `info`
    /// (0-23: `n` is ignored; 24-27: 1, 2, 4 or 8 bytes, so not always the shortest form).
    fn head(out: &mut Vec<u8>, major: u8, info: u8, n: u64) {
        out.push((major << 5) | info);
        let width = match info {
            24 => 1,
            25 => 2,
            26 => 4,
            27 => 8,
            _ => 0,
        };
        out.extend_from_slice(&n.to_be_bytes()[8 - width..]);
    }

    /// An argument biased toward the edges of each width.
    fn argument(rng: &mut XorShift, info: u8) -> u64 {
        let max = match info {
            24 => 0xff,
            25 => 0xffff,
            26 => 0xffff_ffff,
            _ => u64::MAX,
        };
        match rng.next() % 4 {
            0 => max,
            1 => rng.next() % 24,
            // 0x7f.. or 0x80..: where minicbor's integer widths change.
            2 => (max >> 1) + (rng.next() & 1),
            _ => rng.next() & max,
        }
    }

    fn info(rng: &mut XorShift) -> u8 {
        match rng.next() % 3 {
            0 => (rng.next() % 24) as u8,
            _ => 24 + (rng.next() % 4) as u8,
        }
    }

    /// A random sequence of mostly well-formed items, then truncated and with bytes
    /// flipped now and then.
    fn random_input(rng: &mut XorShift, out: &mut Vec<u8>) {
        out.clear();
        for _ in 0..=rng.next() % 8 {
            match rng.next() % 20 {
                0..=1 => {
                    let i = info(rng);
                    head(out, 0, i, argument(rng, i));
                }
                2..=3 => {
                    let i = info(rng);
                    head(out, 1, i, argument(rng, i));
                }
                4..=7 => {
                    // A byte or text string, its length in range or past the end.
                    let major = 2 + (rng.next() % 2) as u8;
                    let len = rng.next() % 12;
                    let i = if rng.next() % 2 == 0 {
                        len as u8
                    } else {
                        24 + (rng.next() % 4) as u8
                    };
                    let declared = match rng.next() % 8 {
                        0 => argument(rng, i.max(24)),
                        1 => len + 1 + rng.next() % 4,
                        _ => len,
                    };
                    let declared = if i < 24 { u64::from(i) } else { declared };
                    head(out, major, i, declared);
                    for _ in 0..len {
                        let b = match rng.next() % 16 {
                            // Invalid or multi-byte UTF-8 now and then.
                            0 => 0x80 | (rng.next() as u8 & 0x3f),
                            1 => 0xc0 | (rng.next() as u8 & 0x3f),
                            2 => 0xe0 | (rng.next() as u8 & 0x1f),
                            _ => b'a' + (rng.next() % 26) as u8,
                        };
                        out.push(b);
                    }
                }
                8..=9 => {
                    let i = info(rng);
                    head(out, 4, i, argument(rng, i) % 16);
                }
                10..=11 => {
                    let i = info(rng);
                    head(out, 6, i, argument(rng, i));
                }
                12 => out.push(*rng.pick(&[&0xf4u8, &0xf5, &0xf6, &0xf7])),
                13 => {
                    // A float, a map head or a simple value.
                    match rng.next() % 5 {
                        0 => head(out, 7, 25, rng.next()),
                        1 => head(out, 7, 26, rng.next()),
                        2 => head(out, 7, 27, rng.next()),
                        3 => head(out, 7, 24, rng.next() % 64),
                        _ => {
                            let i = info(rng);
                            head(out, 5, i, argument(rng, i) % 16);
                        }
                    }
                }
                14 => out.push(((rng.next() % 8) as u8 * 32) | 31),
                15 => out.push(((rng.next() % 8) as u8 * 32) | (28 + rng.next() % 3) as u8),
                16 => out.push(0xff),
                // A head of any major type with a small argument.
                17 => out.push(((rng.next() % 8) as u8 * 32) | (rng.next() % 20) as u8),
                _ => out.push(rng.next() as u8),
            }
        }
        if rng.next() % 3 == 0 {
            let keep = (rng.next() % (out.len() as u64 + 1)) as usize;
            out.truncate(keep);
        }
        if !out.is_empty() {
            for _ in 0..rng.next() % 4 {
                let at = (rng.next() % out.len() as u64) as usize;
                out[at] ^= 1 << (rng.next() % 8);
            }
        }
    }

    // Half a million inputs: far too slow under Miri, and the reader has no unsafe code for
    // Miri to check (the host runs of `cargo test` cover it).
    #[test]
    #[cfg_attr(miri, ignore = "500,000 inputs; no unsafe code in the reader")]
    fn random_items() {
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let mut input = Vec::new();
        let mut tally = Tally::default();
        for _ in 0..500_000 {
            random_input(&mut rng, &mut input);
            walk(&input, &mut tally);
        }
        // The inputs must reach every kind and every way to end, thousands of times each
        // (`cargo test -- --nocapture` shows the counts).
        std::println!("{tally:?}");
        assert!(tally.read.iter().all(|&n| n > 5_000), "{tally:?}");
        let Tally {
            at_end,
            not_cbor,
            negative_head_at_end,
            indefinite,
            truncated,
            half,
            invalid_utf8,
            ..
        } = tally;
        for n in [
            at_end,
            not_cbor,
            negative_head_at_end,
            indefinite,
            truncated,
            half,
            invalid_utf8,
        ] {
            assert!(n > 1_000, "{tally:?}");
        }
    }

    #[test]
    fn every_truncation_of_some_cris() {
        let cris: [&[u8]; 6] = [
            // [-2, ["foo", 4711], ["pa", "th"], ["query"], "frag"]
            b"\x85\x21\x82\x63foo\x19\x12\x67\x82\x62pa\x62th\x81\x65query\x64frag",
            // [-1, [h'c6336401', 61616], [".well-known", "core"]]
            b"\x83\x20\x82\x44\xc6\x33\x64\x01\x19\xf0\xb0\x82\x6b.well-known\x64core",
            // [null, [false, "alice@example.com", "example", "com"]]
            b"\x82\xf6\x84\xf4\x71alice@example.com\x67example\x63com",
            // [true, [".well-known", "core"], ["rt=temperature-c"]]
            b"\x83\xf5\x82\x6b.well-known\x64core\x81\x70rt=temperature-c",
            // [-1, [h'2001 0db8 ... 0001', 5683], ["a"]] with a 16-byte IPv6 host
            b"\x83\x20\x82\x50\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\x01\x19\x16\x33\x81\x61a",
            // Non-shortest heads: [-1-2^32, ["h", 2^32+1], ...] and a tag, as an
            // unprocessable-but-well-formed input.
            b"\xd8\x63\x83\x3a\x00\x01\x00\x00\x82\x78\x01h\x1b\0\0\0\x01\0\0\0\x01\x9a\0\0\0\x01\x79\0\x01z",
        ];
        for cri in cris {
            let mut tally = Tally::default();
            for end in 0..=cri.len() {
                walk(&cri[..end], &mut tally);
            }
            // The whole input is read item by item, up to its end.
            assert_eq!(walk(cri, &mut tally), walk_count(cri), "{cri:02x?}");
        }
    }

    /// The number of items in well-formed `input` (every head and every string).
    fn walk_count(input: &[u8]) -> usize {
        let mut r = Reader::new(input);
        let mut n = 0;
        loop {
            let kind = r.peek();
            if matches!(kind, Kind::Indefinite | Kind::NotCbor) {
                break;
            }
            let read = match kind {
                Kind::Bytes | Kind::Text => r.string().is_some(),
                _ => r.arg().is_some(),
            };
            assert!(read);
            n += 1;
        }
        assert_eq!(r.position(), input.len());
        n
    }
}
