//! Reading the CBOR items a CRI reference is made of (RFC 8949 §3): unsigned and negative
//! integers, byte and text strings, arrays, tags, `false`, `true` and `null`. Any other
//! well-formed item is only recognised (`Kind::Other`) so that the caller can refuse it.
//!
//! A general CBOR decoder (minicbor) was used before: each of its calls returns a large
//! error value, which put 250-300 bytes of stack under every item read, and it carries code
//! for maps, floats and simple values that a CRI never holds (issue 13). Writing CBOR is
//! `wire.rs`.

/// What the head at the reader's position announces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Unsigned,
    Negative,
    Bytes,
    Text,
    Array,
    Tag,
    Bool,
    Null,
    /// A map, a float, a simple value or `undefined`: well-formed, never part of a CRI.
    Other,
}

/// Why no item starts at the reader's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Malformed {
    /// An indefinite-length string, array or map.
    Indefinite,
    /// End of input, a reserved additional-information value, or a stray break.
    NotCbor,
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

    /// The input from byte `start` to the current position.
    pub(crate) fn since(&self, start: usize) -> &'a [u8] {
        self.input.get(start..self.pos).unwrap_or(&[])
    }

    /// The kind of the item at the position, without reading it.
    pub(crate) fn peek(&self) -> Result<Kind, Malformed> {
        let initial = *self.input.get(self.pos).ok_or(Malformed::NotCbor)?;
        let info = initial & 0x1F;
        let kind = match (initial >> 5, info) {
            (_, 28..=30) | (0 | 1 | 6 | 7, 31) => return Err(Malformed::NotCbor),
            (_, 31) => return Err(Malformed::Indefinite),
            // A negative integer's argument must be there to be one (minicbor, used before,
            // read it to choose the integer width and failed at the head): kept, so the
            // reasons and offsets reported stay the same.
            (1, 24..=27) if self.input.get(self.pos.saturating_add(1)).is_none() => {
                return Err(Malformed::NotCbor)
            }
            (0, _) => Kind::Unsigned,
            (1, _) => Kind::Negative,
            (2, _) => Kind::Bytes,
            (3, _) => Kind::Text,
            (4, _) => Kind::Array,
            (6, _) => Kind::Tag,
            (7, 20 | 21) => Kind::Bool,
            (7, 22) => Kind::Null,
            _ => Kind::Other,
        };
        Ok(kind)
    }

    /// Reads the head at the position and returns its argument: the value of an integer,
    /// the length of a string or array, the number of a tag, 20/21/22 for false/true/null.
    /// `None` (and the position unchanged) if the head is truncated or reserved.
    pub(crate) fn arg(&mut self) -> Option<u64> {
        let initial = *self.input.get(self.pos)?;
        let width = match initial & 0x1F {
            info @ 0..=23 => {
                self.pos = self.pos.checked_add(1)?;
                return Some(u64::from(info));
            }
            24 => 1,
            25 => 2,
            26 => 4,
            27 => 8,
            _ => return None,
        };
        let start = self.pos.checked_add(1)?;
        let end = start.checked_add(width)?;
        let value = self
            .input
            .get(start..end)?
            .iter()
            .fold(0u64, |n, &b| n.wrapping_shl(8) | u64::from(b));
        self.pos = end;
        Some(value)
    }

    /// Reads a definite-length text or byte string (the caller has peeked its kind) and
    /// returns its content. The declared length is compared with the bytes left as a u64,
    /// so a length past the input is a truncated item on every usize width (a conversion
    /// to usize first would fail differently on 16- and 32-bit targets). `None` (and the
    /// position unchanged) if the string is truncated.
    pub(crate) fn string(&mut self) -> Option<&'a [u8]> {
        let at = self.pos;
        let declared = self.arg()?;
        // usize -> u64 is lossless for 16-, 32- and 64-bit usize.
        let left = self.input.len().saturating_sub(self.pos) as u64;
        let body = if declared > left {
            None
        } else {
            // declared <= left, which came from a usize: the conversion cannot fail.
            let end = usize::try_from(declared)
                .ok()
                .and_then(|n| self.pos.checked_add(n));
            end.and_then(|end| self.input.get(self.pos..end).map(|b| (b, end)))
        };
        match body {
            Some((b, end)) => {
                self.pos = end;
                Some(b)
            }
            None => {
                self.pos = at;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_the_initial_bytes() {
        let kind = |b: &[u8]| Reader::new(b).peek();
        assert_eq!(kind(&[0x1b]), Ok(Kind::Unsigned));
        assert_eq!(kind(&[0x20]), Ok(Kind::Negative));
        assert_eq!(kind(&[0x38, 0]), Ok(Kind::Negative));
        assert_eq!(kind(&[0x38]), Err(Malformed::NotCbor));
        assert_eq!(kind(&[0x5f]), Err(Malformed::Indefinite));
        assert_eq!(kind(&[0x7f]), Err(Malformed::Indefinite));
        assert_eq!(kind(&[0x9f]), Err(Malformed::Indefinite));
        assert_eq!(kind(&[0xbf]), Err(Malformed::Indefinite));
        assert_eq!(kind(&[0xa0]), Ok(Kind::Other));
        assert_eq!(kind(&[0xd8]), Ok(Kind::Tag));
        assert_eq!(kind(&[0xdf]), Err(Malformed::NotCbor));
        assert_eq!(kind(&[0xf4]), Ok(Kind::Bool));
        assert_eq!(kind(&[0xf6]), Ok(Kind::Null));
        assert_eq!(kind(&[0xf7]), Ok(Kind::Other));
        assert_eq!(kind(&[0xf9]), Ok(Kind::Other));
        assert_eq!(kind(&[0xfc]), Err(Malformed::NotCbor));
        assert_eq!(kind(&[0xff]), Err(Malformed::NotCbor));
        assert_eq!(kind(&[0x1c]), Err(Malformed::NotCbor));
        assert_eq!(kind(&[]), Err(Malformed::NotCbor));
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
        // A declared length of 2^64 - 1 is past any input.
        let mut huge = Reader::new(&[0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0]);
        assert_eq!(huge.string(), None);
    }
}
