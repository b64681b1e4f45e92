//! Option lists in caller memory, destinations, and the rules on which options may stand
//! together.

use super::{
    PROXY_CRI, PROXY_SCHEME, PROXY_SCHEME_NUMBER, PROXY_URI, URI_HOST, URI_PATH, URI_PORT,
    URI_QUERY,
};
use crate::error::{CoapError, Error, OptionSpace};
use crate::out::Out;
use crate::uri::chars::utf8_multibyte_len;
use crate::uri::percent::{decode_until, pct_byte};

/// The request's destination transport address (RFC 7252 §6.4): IP address bytes (4 or
/// 16; empty when unknown), an optional zone, the UDP port (`None`: the URI's own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Destination<'a> {
    /// The IP address, 4 (IPv4) or 16 (IPv6) bytes in network order; empty when unknown.
    pub addr: &'a [u8],
    /// The IPv6 zone (interface) the address is scoped to, as text (RFC 6874's ZoneID
    /// decoded); `None` without one.
    pub zone: Option<&'a [u8]>,
    /// The UDP (or TCP) port; `None`: the port the URI or CRI names, or its default.
    pub port: Option<u16>,
}

/// One option of a list: its number and where its value lies (`offset`, `len`) in the
/// value buffer the list was built with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptionRef {
    /// The option number (RFC 7252 §5.10: 3 Uri-Host, 7 Uri-Port, 11 Uri-Path, ...).
    pub number: u16,
    /// Where the value starts in the value buffer (bytes).
    pub offset: usize,
    /// The value's length in bytes.
    pub len: usize,
}

/// Where an option list goes: a `[OptionRef]`, or the C caller's array.
pub(crate) trait OptionSlots {
    /// How many options fit.
    fn capacity(&self) -> usize;
    /// Stores option `i` (`i < capacity()`).
    fn set(&mut self, i: usize, option: OptionRef);
}

/// A Rust slice of options as [`OptionSlots`].
pub(crate) struct SliceSlots<'a>(pub(crate) &'a mut [OptionRef]);

impl OptionSlots for SliceSlots<'_> {
    fn capacity(&self) -> usize {
        self.0.len()
    }
    fn set(&mut self, i: usize, option: OptionRef) {
        if let Some(slot) = self.0.get_mut(i) {
            *slot = option;
        }
    }
}

/// Builds an option list into caller arrays, counting on past their ends so the caller
/// learns the room needed. Generic over the slots, not `&mut dyn OptionSlots`: the stack
/// report counts each indirect call as a call to any function whose address the image
/// holds, which put URI-side callbacks under every option pushed (issue 13).
pub(crate) struct Collector<'o, 's, S: OptionSlots> {
    opts: &'o mut S,
    /// `opts.capacity()`, asked once.
    capacity: usize,
    scratch: Out<'s>,
    count: usize,
}

/// The allowed value lengths (RFC 7252 §5.10, draft §8.2).
fn length_limits(number: u16) -> (usize, usize) {
    match number {
        URI_HOST => (1, 255),
        URI_PORT => (0, 2),
        URI_PATH | URI_QUERY => (0, 255),
        PROXY_URI => (1, 1034),
        PROXY_SCHEME => (1, 255),
        PROXY_CRI => (1, 1023),
        PROXY_SCHEME_NUMBER => (0, 3),
        _ => (0, usize::MAX),
    }
}

impl<'o, 's, S: OptionSlots> Collector<'o, 's, S> {
    pub(crate) fn new(opts: &'o mut S, scratch: &'s mut [u8]) -> Self {
        Collector {
            capacity: opts.capacity(),
            opts,
            scratch: Out::new(scratch),
            count: 0,
        }
    }

    /// Appends an option whose value `write` produces (generic, so that each writer is
    /// inlined: a list has an option every few bytes of URI).
    #[inline]
    pub(crate) fn push(
        &mut self,
        number: u16,
        write: impl FnOnce(&mut Out<'_>),
    ) -> Result<(), Error> {
        let offset = self.scratch.len();
        write(&mut self.scratch);
        self.record(number, offset)
    }

    /// Lists the option `number` whose value [`Collector::push`] wrote from `offset` to the
    /// end of the scratch buffer, once its length is in range (RFC 7252 §5.10). Not
    /// inlined: one copy for all the pushes of a conversion, where each held its own.
    #[inline(never)]
    fn record(&mut self, number: u16, offset: usize) -> Result<(), Error> {
        let len = self.scratch.len().saturating_sub(offset);
        let (min, max) = length_limits(number);
        if len < min || len > max {
            return Err(Error::Coap(CoapError::OptionLength));
        }
        if self.count < self.capacity {
            self.opts.set(
                self.count,
                OptionRef {
                    number,
                    offset,
                    len,
                },
            );
        }
        self.count = self.count.saturating_add(1);
        Ok(())
    }

    /// Appends options of one `number` whose values arrive last first (`values` gives an
    /// iterator that yields them in reverse order): the first pass sizes them, the second
    /// writes each value and option into its final place. Dot-segment removal finds the
    /// surviving segments backwards in constant memory; this keeps it O(n). Each pass
    /// starts an iterator of its own, not a clone of one, so that two are never in the
    /// caller's frame at once (push_dotted_path 152 -> 96 bytes, issue 13).
    pub(crate) fn push_reversed<'v, I: Iterator<Item = &'v [u8]>>(
        &mut self,
        number: u16,
        values: impl Fn() -> I,
        write: impl Fn(&[u8], &mut Out<'_>),
    ) -> Result<(), Error> {
        let len = |v: &[u8]| Out::measure(|w| write(v, w));
        let (n, total) = values().fold((0usize, 0usize), |(n, t), v| {
            (n.saturating_add(1), t.saturating_add(len(v)))
        });
        let (first, start) = (self.count, self.scratch.len());
        let (min, max) = length_limits(number);
        let mut end = start.saturating_add(total);
        for (j, v) in values().enumerate() {
            let l = len(v);
            if l < min || l > max {
                return Err(Error::Coap(CoapError::OptionLength));
            }
            end = end.saturating_sub(l);
            self.scratch.seek(end);
            write(v, &mut self.scratch);
            let index = first.saturating_add(n).saturating_sub(j).saturating_sub(1);
            if index < self.capacity {
                let offset = end;
                self.opts.set(
                    index,
                    OptionRef {
                        number,
                        offset,
                        len: l,
                    },
                );
            }
        }
        self.count = first.saturating_add(n);
        self.scratch.seek(start.saturating_add(total));
        Ok(())
    }

    /// Appends one option of `number` per `sep`-separated item of the valid component
    /// `s` (empty items included), each percent-decoded: Uri-Path segments, Uri-Query
    /// items. Items are split and decoded in one loop, and the whole list in one call:
    /// they are most of a list, a few bytes each.
    pub(crate) fn push_split_decoded(
        &mut self,
        number: u16,
        s: &[u8],
        sep: u8,
    ) -> Result<(), Error> {
        let mut rest = s;
        loop {
            let mut taken = 0;
            self.push(number, |w| taken = decode_until(rest, Some(sep), false, w))?;
            match rest.get(taken..).and_then(<[u8]>::split_first) {
                Some((_, after_sep)) => rest = after_sep,
                None => return Ok(()),
            }
        }
    }

    /// A CoAP uint option value: big-endian, without leading zero bytes (RFC 7252 §3.2).
    pub(crate) fn push_uint(&mut self, number: u16, value: u64) -> Result<(), Error> {
        self.push(number, |w| write_uint(value, w))
    }

    pub(crate) fn finish(self) -> Result<OptionSpace, Error> {
        let space = OptionSpace {
            options: self.count,
            scratch: self.scratch.len(),
        };
        if self.count > self.capacity || self.scratch.finish().is_err() {
            return Err(Error::OptionSpace(space));
        }
        Ok(space)
    }
}

pub(crate) fn write_uint(value: u64, w: &mut Out<'_>) {
    let bytes = value.to_be_bytes();
    // The leading zero bytes counted from the leading zero bits (8 for 0), not by a loop.
    let skip = (value.leading_zeros() / 8) as usize;
    w.push(bytes.get(skip..).unwrap_or(&[]));
}

/// Reads a CoAP uint option value of at most `max` bytes.
pub(crate) fn read_uint(value: &[u8], max: usize) -> Result<u64, Error> {
    if value.len() > max {
        return Err(Error::Coap(CoapError::BadValue));
    }
    Ok(value.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b)))
}

/// Checks that options, given as (number, value length in bytes), may stand together in
/// one request (RFC 7252 §5.4.5, §5.10, draft §8.2): ascending numbers, Uri-Host, Uri-Port
/// and the proxy options at most once, Proxy-Uri and Proxy-Cri without Uri-* options,
/// Proxy-Cri without Proxy-Uri, Proxy-Scheme without Proxy-Scheme-Number, and each value
/// length within its option's range (Uri-Host 1-255, Uri-Port 0-2, Uri-Path and Uri-Query
/// 0-255, Proxy-Uri 1-1034, Proxy-Scheme 1-255, Proxy-Cri 1-1023, Proxy-Scheme-Number 0-3).
///
/// Errors: [`CoapError::Order`], [`CoapError::Conflict`] or [`CoapError::OptionLength`]
/// as [`Error::Coap`].
pub fn check_options(options: impl Iterator<Item = (u16, usize)>) -> Result<(), Error> {
    let mut seen = 0u32; // bit per option kind below
    let mut prev = 0u16;
    let bit = |n: u16| match n {
        URI_HOST => 1,
        URI_PORT => 2,
        URI_PATH => 4,
        URI_QUERY => 8,
        PROXY_URI => 16,
        PROXY_SCHEME => 32,
        PROXY_CRI => 64,
        PROXY_SCHEME_NUMBER => 128,
        _ => 0,
    };
    for (n, len) in options {
        if n < prev {
            return Err(Error::Coap(CoapError::Order));
        }
        let (min, max) = length_limits(n);
        if len < min || len > max {
            return Err(Error::Coap(CoapError::OptionLength));
        }
        prev = n;
        let b = bit(n);
        let repeatable = b == 4 || b == 8 || b == 0;
        if !repeatable && seen & b != 0 {
            return Err(Error::Coap(CoapError::Conflict));
        }
        seen |= b;
    }
    let uri_options = seen & 15 != 0;
    let conflict = (seen & 64 != 0 && (uri_options || seen & 16 != 0))
        || (seen & 16 != 0 && uri_options)
        || (seen & 32 != 0 && seen & 128 != 0);
    if conflict {
        return Err(Error::Coap(CoapError::Conflict));
    }
    Ok(())
}

/// The bytes of valid percent-encoded text, decoded (RFC 3986 §2.1).
pub(crate) fn decoded(s: &[u8]) -> impl Iterator<Item = u8> + Clone + '_ {
    let mut i = 0usize;
    core::iter::from_fn(move || {
        let b = *s.get(i)?;
        let (v, step) = pct_byte(s, i).map_or((b, 1), |v| (v, 3));
        i = i.saturating_add(step);
        Some(v)
    })
}

/// Is valid percent-encoded text UTF-8 once decoded? Uri-Host, Uri-Path and Uri-Query are
/// strings, and RFC 7252 §3.2 makes a string UTF-8.
pub(crate) fn decodes_to_utf8(s: &[u8]) -> bool {
    if !s.contains(&b'%') {
        // A URI is ASCII, and an IRI's raw characters are checked UTF-8 by its parser.
        return true;
    }
    let mut bytes = decoded(s);
    while let Some(b) = bytes.next() {
        let width = match b {
            0..=0x7f => continue,
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => return false,
        };
        let mut c = [b, 0, 0, 0];
        for slot in c.iter_mut().take(width).skip(1) {
            match bytes.next() {
                Some(x) => *slot = x,
                None => return false,
            }
        }
        if utf8_multibyte_len(c.get(..width).unwrap_or(&[])) == 0 {
            return false;
        }
    }
    true
}
