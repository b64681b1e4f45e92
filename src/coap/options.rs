//! Option lists in caller memory, destinations, and the rules on which options may stand
//! together.

use super::{
    PROXY_CRI, PROXY_SCHEME, PROXY_SCHEME_NUMBER, PROXY_URI, URI_HOST, URI_PATH, URI_PORT,
    URI_QUERY,
};
use crate::error::{CoapError, Error, OptionSpace};
use crate::out::Out;
use crate::uri::percent::pct_byte;

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

/// Is `addr` (with `zone`) the destination's address? Without a destination, the target's
/// own address is the destination (Decision 6). `zone` is a URI's zone id (RFC 6874 §2:
/// percent-encoded, compared decoded, so `eth%30` is `eth0`) or a CRI's zone-id (text,
/// compared as it is), by `encoded`.
pub(crate) fn is_destination(
    addr: &[u8],
    zone: Option<&[u8]>,
    encoded: bool,
    dest: Option<&Destination<'_>>,
) -> bool {
    let Some(d) = dest else {
        return true;
    };
    same_bytes(d.addr, addr)
        && match (zone, d.zone) {
            (None, None) => true,
            (Some(z), Some(dz)) => {
                let (mut i, mut k, mut same) = (0usize, 0usize, true);
                while let Some(&b) = z.get(i) {
                    let (v, step) = match pct_byte(z, i).filter(|_| encoded) {
                        Some(v) => (v, 3),
                        None => (b, 1),
                    };
                    same &= dz.get(k) == Some(&v);
                    (i, k) = (i.wrapping_add(step), k.wrapping_add(1));
                }
                same && k == dz.len()
            }
            _ => false,
        }
}

/// `a == b`, byte by byte (a slice `==` calls `memcmp`: docs/DESIGN.md Decision 17).
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}
