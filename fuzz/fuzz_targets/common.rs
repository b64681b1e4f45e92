//! Helpers shared by the fuzz targets (included with `#[path = "common.rs"] mod common;`).
#![allow(dead_code)]

use cri::uri::{self, HostKind, UriRef};
use cri::Error;

/// Every component of a split reference, as the accessors give them.
pub type Components<'a> = (
    [Option<&'a str>; 7],
    Option<HostKind>,
    Option<&'a str>,
    Option<u16>,
);

pub fn components<'a>(u: &UriRef<'a>) -> Components<'a> {
    (
        [
            u.scheme(),
            u.userinfo(),
            u.host(),
            u.port(),
            Some(u.path()),
            u.query(),
            u.fragment(),
        ],
        u.host_kind(),
        u.zone_id(),
        u.port_number(),
    )
}

/// Runs a writer of the `Out` family through the buffer contract and returns its output:
/// a size query (empty buffer) gives `Error::Buffer { needed }` (or `Ok(0)`), a buffer of
/// exactly `needed` bytes succeeds with `needed`, one byte less gives the same
/// `Error::Buffer { needed }`, and a larger buffer gives the same bytes. Other errors are
/// returned (they must not depend on the buffer size).
pub fn write_all(f: impl Fn(&mut [u8]) -> Result<usize, Error>) -> Result<Vec<u8>, Error> {
    let needed = match f(&mut []) {
        Ok(n) => {
            assert_eq!(n, 0, "an empty buffer accepted {n} bytes");
            0
        }
        Err(Error::Buffer { needed }) => {
            assert!(needed > 0, "Buffer error with needed 0");
            needed
        }
        Err(e) => {
            // The error must not depend on the buffer: a large buffer gives it too.
            let mut big = vec![0u8; 1 << 16];
            assert_eq!(f(&mut big), Err(e), "error differs with a large buffer");
            return Err(e);
        }
    };
    let mut exact = vec![0u8; needed];
    let n = f(&mut exact).unwrap_or_else(|e| panic!("exact buffer of {needed}: {e:?}"));
    assert_eq!(n, needed, "exact buffer: wrote {n}, needed {needed}");
    if needed > 0 {
        let mut short = vec![0u8; needed - 1];
        assert_eq!(
            f(&mut short),
            Err(Error::Buffer { needed }),
            "one byte short"
        );
    }
    let mut big = vec![0xA5u8; needed + 5];
    assert_eq!(f(&mut big), Ok(needed), "larger buffer");
    assert_eq!(&big[..needed], &exact[..], "larger buffer: other bytes");
    assert!(
        big[needed..].iter().all(|&b| b == 0xA5),
        "wrote past the output"
    );
    Ok(exact)
}

pub fn utf8(b: &[u8]) -> &str {
    std::str::from_utf8(b).expect("library output is not UTF-8")
}

/// RFC 3986 §5.2.4 exactly as written: the model the property tests use too.
#[path = "../../tests/support/model.rs"]
pub mod model;

/// Two references are the same when they are equivalent; relative references also when
/// they resolve to equivalent URIs against a few bases (`./g` and `g`, `a/./b` and `a/b`).
/// Relative references are normalized first, so `%2E` counts as a dot (docs/DECISIONS.md Decision 4:
/// URI → CRI normalizes) before the literal resolution.
pub fn same_reference(a: &str, b: &str) -> bool {
    let (u, v) = (UriRef::parse(a).unwrap(), UriRef::parse(b).unwrap());
    if uri::equivalent(&u, &v) {
        return true;
    }
    if u.is_absolute() {
        return false;
    }
    let na = write_all(|o| uri::normalize(&u, o)).unwrap();
    let nb = write_all(|o| uri::normalize(&v, o)).unwrap();
    let (na, nb) = (utf8(&na), utf8(&nb));
    [
        "s://h/a/b/c?q#f",
        "s://h",
        "s:/a/b",
        "s://h/a/",
        "s:/",
        "s://h/a/b/c/d/e/f/g/h",
    ]
    .iter()
    .all(|base| {
        let x = write_all(|o| uri::resolve_str(base, na, o));
        let y = write_all(|o| uri::resolve_str(base, nb, o));
        match (x, y) {
            (Ok(x), Ok(y)) => uri::equivalent(
                &UriRef::parse_bytes(&x).unwrap(),
                &UriRef::parse_bytes(&y).unwrap(),
            ),
            _ => false,
        }
    })
}

/// Splits fuzz input at its first `\n` (a byte no URI reference holds).
pub fn two(data: &[u8]) -> Option<(&[u8], &[u8])> {
    let i = data.iter().position(|&b| b == b'\n')?;
    Some((&data[..i], &data[i + 1..]))
}

/// The path has a "." or ".." segment (literal dots only).
pub fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| s == "." || s == "..")
}

/// Is `c` one of the six CoAP schemes?
pub fn is_coap_scheme(s: &str) -> bool {
    [
        "coap",
        "coaps",
        "coap+tcp",
        "coaps+tcp",
        "coap+ws",
        "coaps+ws",
    ]
    .iter()
    .any(|c| c.eq_ignore_ascii_case(s))
}

/// Open library bugs (each an `#[ignore]`d test in tests/regressions.rs) get a `known_*`
/// predicate here, `skip_known() && <the bug's shape>`, that the targets use to step around
/// them so that a run finds other bugs; `CRI_FUZZ_CHECK_KNOWN=1` checks them too. The fix
/// deletes the predicate and its uses. (None is open now.)
pub fn skip_known() -> bool {
    static CHECK: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    !*CHECK.get_or_init(|| std::env::var_os("CRI_FUZZ_CHECK_KNOWN").is_some())
}
