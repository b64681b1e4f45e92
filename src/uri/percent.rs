//! Percent-encoding and decoding (RFC 3986 §2.1, §2.4) and the
//! `application/x-www-form-urlencoded` byte serializer (WHATWG URL §5.2).

use super::chars::{self, PCHAR, QUERY, UNRESERVED, USERINFO};
use crate::out::Out;
use crate::Error;

/// Which bytes stay literal when percent-encoding; every other byte becomes `%HH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeSet {
    /// Only unreserved characters (ALPHA DIGIT `-._~`) stay: safe anywhere.
    Unreserved,
    /// A path segment (RFC 3986 `segment`): pchar, so `/`, `?` and `#` are encoded.
    PathSegment,
    /// A query (RFC 3986 `query`): pchar, `/` and `?`.
    Query,
    /// A fragment (RFC 3986 `fragment`): pchar, `/` and `?`.
    Fragment,
    /// A userinfo (RFC 3986 `userinfo`): unreserved, sub-delims and `:`.
    Userinfo,
    /// `application/x-www-form-urlencoded`: ALPHA DIGIT `*-._` stay, space becomes `+`.
    Form,
}

impl EncodeSet {
    fn keeps(self, b: u8) -> bool {
        match self {
            EncodeSet::Unreserved => chars::is(b, UNRESERVED),
            EncodeSet::PathSegment => chars::is(b, PCHAR),
            EncodeSet::Query | EncodeSet::Fragment => chars::is(b, QUERY),
            EncodeSet::Userinfo => chars::is(b, USERINFO),
            EncodeSet::Form => b.is_ascii_alphanumeric() || matches!(b, b'*' | b'-' | b'.' | b'_'),
        }
    }
}

/// Percent-encodes `input` into `out`: each byte outside `set` becomes `%HH` with uppercase
/// hex (bytes ≥ 0x80 one by one, so `è` is `%C3%A8`). Returns the output length.
///
/// Errors: [`Error::Buffer`] with the length needed when `out` is too small (`out` then
/// holds a prefix of the output).
pub fn percent_encode(input: &[u8], set: EncodeSet, out: &mut [u8]) -> Result<usize, Error> {
    let mut w = Out::new(out);
    encode_into(input, set, &mut w);
    w.finish()
}

pub(crate) fn encode_into(input: &[u8], set: EncodeSet, w: &mut Out<'_>) {
    let mut rest = input;
    while !rest.is_empty() {
        let keep = rest.iter().take_while(|&&b| set.keeps(b)).count();
        let (literal, tail) = rest.split_at_checked(keep).unwrap_or((rest, &[]));
        w.push(literal);
        if let Some((&b, tail)) = tail.split_first() {
            if b == b' ' && set == EncodeSet::Form {
                w.byte(b'+');
            } else {
                w.push(&chars::pct_triplet(b));
            }
            rest = tail;
        } else {
            rest = tail;
        }
    }
}

/// How [`percent_decode`] treats its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DecodeOptions {
    /// Pass a broken `%` sequence through unchanged instead of failing.
    pub lenient: bool,
    /// Form data: `+` decodes to a space (never in a path, RFC 3986 gives `+` no meaning).
    pub form: bool,
}

/// Decodes every `%HH` of `input` into `out` once (so `%252e` gives `%2e`). Decoded bytes
/// are data: `%00` gives a NUL byte. Returns the output length.
///
/// Errors: [`Error::Percent`] with the offset of the `%` that starts a broken sequence
/// (`%`, `%4`, `%4G`) unless `opts.lenient`; [`Error::Buffer`] when `out` is too small.
pub fn percent_decode(input: &[u8], opts: DecodeOptions, out: &mut [u8]) -> Result<usize, Error> {
    let mut w = Out::new(out);
    let mut i = 0usize;
    while let Some(&b) = input.get(i) {
        let step = match b {
            b'%' => match pct_byte(input, i) {
                Some(v) => {
                    w.byte(v);
                    3
                }
                None if opts.lenient => {
                    w.byte(b'%');
                    1
                }
                None => return Err(Error::Percent { offset: i }),
            },
            b'+' if opts.form => {
                w.byte(b' ');
                1
            }
            _ => {
                let run = input
                    .get(i..)
                    .unwrap_or(&[])
                    .iter()
                    .take_while(|&&c| c != b'%' && !(opts.form && c == b'+'))
                    .count();
                w.push(input.get(i..i.saturating_add(run)).unwrap_or(&[]));
                run
            }
        };
        i = i.saturating_add(step);
    }
    w.finish()
}

/// Writes a valid component percent-decoded, and with `lower` ASCII-lowercased, copying
/// the runs between triplets whole.
pub(crate) fn decode_into(s: &[u8], lower: bool, w: &mut Out<'_>) {
    let mut rest = s;
    while !rest.is_empty() {
        let run = rest
            .iter()
            .position(|&b| b == b'%' || (lower && b.is_ascii_uppercase()))
            .unwrap_or(rest.len());
        let (plain, tail) = rest.split_at_checked(run).unwrap_or((rest, &[]));
        w.push(plain);
        let Some(&b) = tail.first() else { break };
        let (byte, step) = match pct_byte(tail, 0) {
            Some(v) if b == b'%' => (v, 3),
            _ => (b, 1),
        };
        w.byte(if lower {
            byte.to_ascii_lowercase()
        } else {
            byte
        });
        rest = tail.get(step..).unwrap_or(&[]);
    }
}

/// The byte of the `%HH` triplet at `s[i]`, if it is well-formed.
pub(crate) fn pct_byte(s: &[u8], i: usize) -> Option<u8> {
    if s.get(i) != Some(&b'%') {
        return None;
    }
    let hi = chars::hex_value(*s.get(i.checked_add(1)?)?)?;
    let lo = chars::hex_value(*s.get(i.checked_add(2)?)?)?;
    Some(hi << 4 | lo)
}
