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
