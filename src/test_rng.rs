//! A fixed-seed xorshift generator for the unit tests' random cases (the same bytes on
//! every machine, and no dependency).

pub(crate) struct XorShift(pub(crate) u64);

impl XorShift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// One of `items`.
    pub(crate) fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[(self.next() % items.len() as u64) as usize]
    }
}
