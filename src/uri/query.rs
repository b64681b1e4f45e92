//! Query arguments: the `&`-separated pieces of a query, split at the first `=`, as
//! `application/x-www-form-urlencoded` (WHATWG URL §5.1) reads them. Empty pieces are
//! skipped; decoding the key and value is left to [`super::percent_decode`] with
//! `form: true`, so nothing is copied here.

/// One query argument: `key` before the first `=`, `value` after it (`None` without `=`).
///
/// # Examples
///
/// ```
/// use cri::uri::{query_args, QueryArg};
///
/// let first = query_args(b"flag&x=1").next();
/// assert_eq!(first, Some(QueryArg { key: b"flag", value: None }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryArg<'a> {
    /// The bytes before the first `=` (still percent-encoded).
    pub key: &'a [u8],
    /// The bytes after the first `=`, or `None` when there is no `=`.
    pub value: Option<&'a [u8]>,
}

/// Iterator over the arguments of a query (without its `?`), from [`query_args`].
///
/// # Examples
///
/// ```
/// use cri::uri::query_args;
///
/// let keys: Vec<&[u8]> = query_args(b"a=1&&b=2&c").map(|arg| arg.key).collect();
/// assert_eq!(keys, [&b"a"[..], b"b", b"c"]); // the empty piece is skipped
/// ```
#[derive(Clone, Debug)]
pub struct QueryArgs<'a> {
    rest: Option<&'a [u8]>,
}

/// The arguments of `query`, e.g. `x=1&y=2` gives `(x, 1)`, `(y, 2)`. Keys and values
/// stay percent-encoded: decode them with [`super::percent_decode`] and
/// `DecodeOptions { form: true, .. }` for form data.
///
/// # Examples
///
/// ```
/// use cri::uri::{percent_decode, query_args, DecodeOptions};
/// use cri::UriRef;
///
/// let r = UriRef::parse("http://h/search?q=caf%C3%A9+au+lait&page=2")?;
/// let mut args = query_args(r.query().unwrap_or("").as_bytes());
/// let q = args.next().unwrap();
/// assert_eq!(q.key, b"q");
/// let form = DecodeOptions { form: true, ..DecodeOptions::default() };
/// let mut out = [0u8; 32];
/// let n = percent_decode(q.value.unwrap(), form, &mut out)?;
/// assert_eq!(&out[..n], "caf\u{e9} au lait".as_bytes());
/// assert_eq!(args.next().map(|a| (a.key, a.value)), Some((&b"page"[..], Some(&b"2"[..]))));
/// assert_eq!(args.next(), None);
/// # Ok::<(), cri::Error>(())
/// ```
pub fn query_args(query: &[u8]) -> QueryArgs<'_> {
    QueryArgs { rest: Some(query) }
}

impl<'a> QueryArgs<'a> {
    /// The offset of the next piece within the query (the query's length at the end):
    /// lets the C iterator resume.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::uri::query_args;
    ///
    /// let q = b"a=1&b=2";
    /// let mut args = query_args(q);
    /// assert_eq!(args.position_in(q), 0);
    /// args.next();
    /// assert_eq!(args.position_in(q), 4); // "b=2" starts at byte 4
    /// ```
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
