//! Issue 15, "sharp edges": each test pins one item of the issue. The expected values come
//! from the RFC or draft text cited beside them; every test here failed before its fix.

use cri::cri::{self as c, CriRef};
use cri::uri::UriRef;
use cri::{Error, Unconvertible};

fn from_uri(s: &str) -> Result<Vec<u8>, Error> {
    let u = UriRef::parse(s).unwrap_or_else(|e| panic!("{s:?} is a valid URI reference: {e}"));
    let mut out = vec![0u8; 4 * s.len() + 64];
    let n = c::from_uri(&u, &mut out)?;
    out.truncate(n);
    Ok(out)
}

/// draft §5.1: `discard = true / 0..127`. A relative-path reference that climbs 127 or more
/// segments (`../` × 127 + `g` needs discard 128) has no CRI form; 126 of them (discard
/// 127) has one, and it is valid.
#[test]
fn from_uri_discard_over_127_is_unconvertible() {
    let climb = |n: usize| format!("{}g", "../".repeat(n));
    assert_eq!(
        from_uri(&climb(127)),
        Err(Error::Unconvertible(Unconvertible::DiscardRange))
    );
    assert_eq!(
        from_uri(&climb(200)),
        Err(Error::Unconvertible(Unconvertible::DiscardRange))
    );
    let ok = from_uri(&climb(126)).unwrap();
    // [127, ["g"]]: array of 2, unsigned 127 (0x18 0x7f), array of 1, text "g".
    assert_eq!(ok, [0x82, 0x18, 0x7f, 0x81, 0x61, b'g']);
    CriRef::decode(&ok).unwrap();
}
