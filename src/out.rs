//! A writer into a caller's buffer that never writes past its end but keeps counting, so
//! a too-small buffer yields the exact length needed.

use crate::error::Error;

pub(crate) struct Out<'a> {
    buf: &'a mut [u8],
    /// Output produced so far (written or only counted).
    len: usize,
}

impl<'a> Out<'a> {
    pub(crate) fn new(buf: &'a mut [u8]) -> Self {
        Out { buf, len: 0 }
    }

    /// How many bytes `write` produces, without writing them anywhere.
    pub(crate) fn measure(write: impl FnOnce(&mut Out<'_>)) -> usize {
        let mut counter = Out::new(&mut []);
        write(&mut counter);
        counter.len()
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Moves the output position (writers that fill a region out of order).
    pub(crate) fn seek(&mut self, pos: usize) {
        self.len = pos;
    }

    /// Appends `bytes` when they fit; a piece that does not fit is only counted (the
    /// output is then an error anyway).
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        let start = self.len;
        let end = start.saturating_add(bytes.len());
        self.len = end;
        if let Some(dst) = self.buf.get_mut(start..end) {
            copy(dst, bytes);
        }
    }

    /// The next `n` bytes of the buffer, when they fit, for a writer that fills them
    /// itself and then calls [`Out::advance`] with what it wrote.
    pub(crate) fn room(&mut self, n: usize) -> Option<&mut [u8]> {
        self.buf.get_mut(self.len..self.len.checked_add(n)?)
    }

    /// Counts `n` more bytes of output (written through [`Out::room`], or only counted).
    pub(crate) fn advance(&mut self, n: usize) {
        self.len = self.len.saturating_add(n);
    }

    pub(crate) fn byte(&mut self, b: u8) {
        self.push(&[b]);
    }

    pub(crate) fn finish(self) -> Result<usize, Error> {
        if self.len > self.buf.len() {
            Err(Error::Buffer { needed: self.len })
        } else {
            Ok(self.len)
        }
    }
}

/// Copies `src` into `dst` (their common length). `copy_from_slice` keeps a length check
/// that can panic when it is not inlined (at `opt-level = "z"`), which the `panic-never`
/// firmware link rejects; this loop has none and still compiles to a `memcpy`.
#[inline(always)]
pub(crate) fn copy<T: Copy>(dst: &mut [T], src: &[T]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s;
    }
}

/// Runs the text writer `write` on `out` and returns the text it wrote, borrowed from
/// `out`: the `&str` form of every writer that produces text (`uri::resolve`,
/// `uri::normalize`, `uri::recompose`, `uri::percent_encode`, the IRI conversions,
/// `cri::to_uri`, `cri::to_edn`, `coap::uri_from_options`, ...).
///
/// # Errors
///
/// What `write` returns. [`Error::Syntax`] at the first byte (an offset into `out`) that
/// is not UTF-8, when `write` wrote bytes that are not text: only a writer of bytes, such
/// as `uri::percent_decode` or `cri::from_uri`, does that.
///
/// # Examples
///
/// ```
/// use cri::cri::{to_edn, to_uri, ToUriOptions};
/// use cri::{uri, CriRef, UriRef};
///
/// let r = UriRef::parse("HTTP://Example.COM/a/./b")?;
/// let mut buf = [0u8; 64];
/// assert_eq!(cri::text(&mut buf, |b| uri::normalize(&r, b))?, "http://example.com/a/b");
///
/// let c = CriRef::decode(&[0x82, 0x02, 0x81, 0x61, b'b'])?; // [2, ["b"]]
/// assert_eq!(cri::text(&mut buf, |b| to_uri(&c, ToUriOptions::default(), b))?, "../b");
/// assert_eq!(cri::text(&mut buf, |b| to_edn(&c, b))?, r#"[2, ["b"]]"#);
///
/// // Too small: the length needed, as from the writer itself.
/// let e = cri::text(&mut buf[..3], |b| uri::normalize(&r, b));
/// assert_eq!(e, Err(cri::Error::Buffer { needed: 22 }));
/// # Ok::<(), cri::Error>(())
/// ```
pub fn text(
    out: &mut [u8],
    write: impl FnOnce(&mut [u8]) -> Result<usize, Error>,
) -> Result<&str, Error> {
    let n = write(out)?;
    let written = out.get(..n).unwrap_or_default();
    core::str::from_utf8(written).map_err(|e| Error::Syntax {
        offset: e.valid_up_to(),
    })
}

#[cfg(test)]
mod tests {
    use super::text;
    use crate::error::Error;
    use crate::uri::{percent_decode, DecodeOptions};

    /// A writer of bytes that are no text gives no `&str`: the error names the first byte
    /// of `out` that is not UTF-8.
    #[test]
    fn text_of_bytes_that_are_not_utf8() {
        let mut out = [0u8; 8];
        let decode = |input: &'static [u8]| {
            move |b: &mut [u8]| percent_decode(input, DecodeOptions::default(), b)
        };
        assert_eq!(text(&mut out, decode(b"a%C3%A9")), Ok("a\u{e9}"));
        assert_eq!(
            text(&mut out, decode(b"ab%FFc")),
            Err(Error::Syntax { offset: 2 })
        );
        assert_eq!(text(&mut out, decode(b"")), Ok(""));
    }
}
