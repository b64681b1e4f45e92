//! A writer into a caller's buffer that never writes past its end but keeps counting, so
//! a too-small buffer yields the exact length needed. A window (`skip`) lets a caller see
//! any slice of a long output through a small buffer (used to compare two outputs).

use crate::Error;

pub(crate) struct Out<'a> {
    buf: &'a mut [u8],
    /// Output position of `buf[0]`.
    skip: usize,
    /// Output produced so far (written or only counted).
    len: usize,
    /// A window keeps the parts of pieces that overlap it (a buffer keeps whole pieces:
    /// output that does not fit is an error anyway).
    windowed: bool,
}

impl<'a> Out<'a> {
    pub(crate) fn new(buf: &'a mut [u8]) -> Self {
        Out {
            buf,
            skip: 0,
            len: 0,
            windowed: false,
        }
    }

    /// A writer that keeps only output bytes `skip .. skip + buf.len()`.
    pub(crate) fn window(buf: &'a mut [u8], skip: usize) -> Self {
        Out {
            buf,
            skip,
            len: 0,
            windowed: true,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Moves the output position (writers that fill a region out of order).
    pub(crate) fn seek(&mut self, pos: usize) {
        self.len = pos;
    }

    pub(crate) fn push(&mut self, bytes: &[u8]) {
        let start = self.len;
        let end = start.saturating_add(bytes.len());
        self.len = end;
        if !self.windowed {
            // The usual writer: no window, so a plain bounds-checked copy.
            if let Some(dst) = self.buf.get_mut(start..end) {
                copy(dst, bytes);
            }
            return;
        }
        let lo = start.max(self.skip);
        let hi = end.min(self.skip.saturating_add(self.buf.len()));
        if lo >= hi {
            return;
        }
        let src = bytes.get(lo.saturating_sub(start)..hi.saturating_sub(start));
        let dst = self
            .buf
            .get_mut(lo.saturating_sub(self.skip)..hi.saturating_sub(self.skip));
        if let (Some(src), Some(dst)) = (src, dst) {
            copy(dst, src);
        }
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
