//! Query arguments: the `&`-separated pieces of a query, split at the first `=`, as
//! `application/x-www-form-urlencoded` (WHATWG URL §5.1) reads them. Empty pieces are
//! skipped; decoding the key and value is left to [`super::percent_decode`] with
//! `form: true`, so nothing is copied here.

/// One query argument: `key` before the first `=`, `value` after it (`None` without `=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryArg<'a> {
    /// The bytes before the first `=` (still percent-encoded).
    pub key: &'a [u8],
    /// The bytes after the first `=`, or `None` when there is no `=`.
    pub value: Option<&'a [u8]>,
}

/// Iterator over the arguments of a query (without its `?`).
#[derive(Clone, Debug)]
pub struct QueryArgs<'a> {
    rest: Option<&'a [u8]>,
}

/// The arguments of `query`, e.g. `x=1&y=2` gives `(x, 1)`, `(y, 2)`.
pub fn query_args(query: &[u8]) -> QueryArgs<'_> {
    QueryArgs { rest: Some(query) }
}

impl<'a> QueryArgs<'a> {
    /// The offset of the next piece within the query (the query's length at the end):
    /// lets the C iterator resume.
    pub fn position_in(&self, query: &'a [u8]) -> usize {
        match self.rest {
            Some(r) => query.len().saturating_sub(r.len()),
            None => query.len().saturating_add(1),
        }
    }
}

impl<'a> Iterator for QueryArgs<'a> {
    type Item = QueryArg<'a>;

    fn next(&mut self) -> Option<QueryArg<'a>> {
        loop {
            let rest = self.rest?;
            let (piece, tail) = match rest.iter().position(|&b| b == b'&') {
                Some(i) => (
                    rest.get(..i).unwrap_or(&[]),
                    rest.get(i.saturating_add(1)..),
                ),
                None => (rest, None),
            };
            self.rest = tail;
            if piece.is_empty() {
                continue;
            }
            return Some(match piece.iter().position(|&b| b == b'=') {
                Some(i) => QueryArg {
                    key: piece.get(..i).unwrap_or(&[]),
                    value: piece.get(i.saturating_add(1)..),
                },
                None => QueryArg {
                    key: piece,
                    value: None,
                },
            });
        }
    }
}
