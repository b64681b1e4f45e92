//! IRIs (RFC 3987): the mapping to URIs (§3.1) and back (§3.2), and web-address
//! preprocessing for pasted or scraped links (draft-duerst-iri-bis §7.2, as the HTML5
//! seed text uses it).

use super::chars::{self, decode_utf8, is_bidi_format, is_iprivate, is_ucschar, pct_triplet, HEX};
use super::dot_segments::SegWrite;
use super::parse::UriRef;
use super::percent::{self, pct_byte, Set};
use super::recompose::{Composer, Plain, Style};
use crate::error::Error;
use crate::out::Out;

/// RFC 3987 §3.1 step 2: every byte of a non-ASCII character as `%HH` (uppercase hex);
/// ASCII, existing percent-encodings included, stays as it is.
fn encode_non_ascii(s: &[u8], w: &mut Out<'_>) {
    percent::encode_into(s, Set::Ascii, w);
}

/// RFC 3987 §3.2: percent-encoded UTF-8 sequences of `ucschar`s (and `iprivate` where
/// `private`) become characters; ASCII (delimiters, `%25`), invalid UTF-8 and bidi
/// formatting characters stay percent-encoded.
fn decode(s: &[u8], private: bool, w: &mut Out<'_>) {
    let mut i = 0usize;
    while let Some(&b) = s.get(i) {
        if b == b'%' {
            if let Some((bytes, n)) = encoded_char(s, i) {
                let char_ok = decode_utf8(bytes.get(..n).unwrap_or(&[])).is_some_and(|(c, _)| {
                    (is_ucschar(c) || (private && is_iprivate(c))) && !is_bidi_format(c)
                });
                if char_ok {
                    w.push(bytes.get(..n).unwrap_or(&[]));
                    // `n` is at most 4: a plain multiply (Decision 17, no 64-bit products).
                    i = i.saturating_add(n.wrapping_mul(3));
                    continue;
                }
            }
            // Not decoded: copy this triplet as written.
            w.push(s.get(i..i.saturating_add(3)).unwrap_or(&[]));
            i = i.saturating_add(3);
            continue;
        }
        w.byte(b);
        i = i.saturating_add(1);
    }
}

/// The bytes of a multi-byte UTF-8 lead triplet at `s[i]` and the triplets that follow,
/// and how many there are (2 to 4), when the lead byte asks for that many.
fn encoded_char(s: &[u8], i: usize) -> Option<([u8; 4], usize)> {
    let lead = pct_byte(s, i)?;
    let n = match lead {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return None,
    };
    let mut bytes = [lead, 0, 0, 0];
    for (k, slot) in bytes.iter_mut().enumerate().take(n).skip(1) {
        // `k` is at most 3: a plain multiply (Decision 17, no 64-bit products).
        *slot = pct_byte(s, i.checked_add(k.wrapping_mul(3))?)?;
    }
    Some((bytes, n))
}

pub(crate) fn decode_ucs(s: &[u8], w: &mut Out<'_>) {
    decode(s, false, w);
}

pub(crate) fn decode_ucs_private(s: &[u8], w: &mut Out<'_>) {
    decode(s, true, w);
}

/// The two IRI mappings: IRI → URI, non-ASCII bytes percent-encoded (RFC 3987 §3.1), and
/// URI → IRI, percent-encoded `ucschar`s decoded (§3.2). One type with a runtime
/// direction, not a type each, and inside `AnyStyle` with
/// plain text: every C function that writes a reference then shares one copy of the
/// reference writer and of the dot-segment writer (Decision 17: no twin monomorphizations).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Iri {
    ToUri,
    ToIri,
}

impl SegWrite for Iri {
    fn write(self, seg: &[u8], w: &mut Out<'_>) {
        match self {
            Iri::ToUri => encode_non_ascii(seg, w),
            Iri::ToIri => decode_ucs(seg, w),
        }
    }
}

impl Style for Iri {
    /// URI → IRI writes an IP-literal as it is: `ihost = IP-literal / IPv4address /
    /// ireg-name` (RFC 3987 §2.2), so an IRI has no `ucschar` in a zone id, which stays
    /// percent-encoded (as `cri::to_uri` with `iri` writes it). A reg-name is decoded as a
    /// segment.
    fn host(self, h: &[u8], w: &mut Out<'_>) {
        if self == Iri::ToIri && h.first() == Some(&b'[') {
            w.push(h);
        } else {
            self.write(h, w);
        }
    }
    /// URI → IRI decodes `iprivate` in the query too (RFC 3987 §2.2).
    fn query(self, s: &[u8], w: &mut Out<'_>) {
        match self {
            Iri::ToUri => encode_non_ascii(s, w),
            Iri::ToIri => decode_ucs_private(s, w),
        }
    }
}

/// The style of plain text in this build. A bare-metal image with the `iri` feature (and
/// the `cri_firmware_paths` test build) uses the type that also holds the IRI mappings
/// (`AnyStyle`), so that plain and IRI writers share one copy of the reference writer
/// and of the dot-segment writer (Decision 17: no twin monomorphizations; a style chosen
/// per call costs a branch per piece). A host build keeps a writer per style (flash is
/// not scarce there, the branch is time), and an image without `iri` has [`Plain`] alone,
/// so no IRI code.
#[cfg(all(feature = "iri", any(target_os = "none", cri_firmware_paths)))]
pub(crate) type PlainStyle = AnyStyle;
#[cfg(not(all(feature = "iri", any(target_os = "none", cri_firmware_paths))))]
pub(crate) type PlainStyle = Plain;

/// The style of the IRI mappings in this build: `AnyStyle` where [`PlainStyle`] is, else
/// [`Iri`] alone.
#[cfg(all(feature = "iri", any(target_os = "none", cri_firmware_paths)))]
pub(crate) type IriStyle = AnyStyle;
#[cfg(not(all(feature = "iri", any(target_os = "none", cri_firmware_paths))))]
pub(crate) type IriStyle = Iri;

/// The plain style (as it is, or normalized) in this build's style type.
pub(crate) fn plain(normalize: bool) -> PlainStyle {
    PlainStyle::from(Plain { normalize })
}

#[cfg(all(feature = "iri", any(target_os = "none", cri_firmware_paths)))]
pub(crate) use shared::AnyStyle;

/// The one style type of a bare-metal image with IRIs (see [`PlainStyle`]).
#[cfg(all(feature = "iri", any(target_os = "none", cri_firmware_paths)))]
mod shared {
    use super::{Iri, Out, Plain, SegWrite, Style, UriRef};

    /// Plain text or an IRI mapping, chosen at run time.
    #[derive(Clone, Copy)]
    pub(crate) enum AnyStyle {
        Plain(Plain),
        Iri(Iri),
    }

    impl From<Plain> for AnyStyle {
        fn from(p: Plain) -> Self {
            AnyStyle::Plain(p)
        }
    }

    impl From<Iri> for AnyStyle {
        fn from(i: Iri) -> Self {
            AnyStyle::Iri(i)
        }
    }

    impl SegWrite for AnyStyle {
        // The dispatch sits in its caller, not on a frame of its own in the writer's chain
        // (Decision 17, stack).
        #[inline(always)]
        fn write(self, seg: &[u8], w: &mut Out<'_>) {
            match self {
                AnyStyle::Plain(p) => p.write(seg, w),
                AnyStyle::Iri(i) => i.write(seg, w),
            }
        }
    }

    impl Style for AnyStyle {
        fn scheme(self, s: &[u8], w: &mut Out<'_>) {
            match self {
                AnyStyle::Plain(p) => p.scheme(s, w),
                AnyStyle::Iri(i) => i.scheme(s, w),
            }
        }
        fn authority(self, r: &UriRef<'_>, w: &mut Out<'_>) {
            match self {
                AnyStyle::Plain(p) => p.authority(r, w),
                AnyStyle::Iri(i) => i.authority(r, w),
            }
        }
        fn slash_if_empty(self, r: &UriRef<'_>) -> bool {
            match self {
                AnyStyle::Plain(p) => p.slash_if_empty(r),
                AnyStyle::Iri(i) => i.slash_if_empty(r),
            }
        }
        fn query(self, s: &[u8], w: &mut Out<'_>) {
            match self {
                AnyStyle::Plain(p) => p.query(s, w),
                AnyStyle::Iri(i) => i.query(s, w),
            }
        }
    }
}

/// Maps an IRI reference (parsed with [`UriRef::parse_iri`]) to a URI reference
/// (RFC 3987 §3.1) in `out`: each non-ASCII character becomes the `%HH` triplets of its
/// UTF-8 bytes. Host names are percent-encoded too (RFC 3986 allows it): IDNA/punycode is
/// out of scope for a `no_std` library. Returns the length.
///
/// # Errors
///
/// [`Error::Buffer`] with the length needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::uri::iri_to_uri;
/// use cri::UriRef;
///
/// let iri = UriRef::parse_iri("http://example.com/r\u{e9}sum\u{e9}?q=\u{fc}")?;
/// let mut out = [0u8; 64];
/// let n = iri_to_uri(&iri, &mut out)?;
/// assert_eq!(&out[..n], b"http://example.com/r%C3%A9sum%C3%A9?q=%C3%BC");
/// # Ok::<(), cri::Error>(())
/// ```
pub fn iri_to_uri(iri: &UriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    write(iri, Iri::ToUri, out)
}

/// Maps a URI reference to an IRI reference (RFC 3987 §3.2) in `out`: percent-encoded
/// UTF-8 sequences of `ucschar`s (in the query also `iprivate`) become characters;
/// percent-encoded ASCII (`%2F`, `%25`, `%3F`, …), invalid UTF-8, bidi formatting
/// characters (§4.1) and an IP-literal's zone id (§2.2: no `ucschar` in an IP-literal)
/// stay encoded. Returns the length.
///
/// # Errors
///
/// [`Error::Buffer`] with the length needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::uri::uri_to_iri;
/// use cri::UriRef;
///
/// let uri = UriRef::parse("http://example.com/r%C3%A9sum%C3%A9/a%2Fb/%FF")?;
/// let mut out = [0u8; 64];
/// let n = uri_to_iri(&uri, &mut out)?;
/// // `é` becomes a character; `%2F` (ASCII) and `%FF` (not UTF-8) stay encoded.
/// assert_eq!(&out[..n], "http://example.com/r\u{e9}sum\u{e9}/a%2Fb/%FF".as_bytes());
/// # Ok::<(), cri::Error>(())
/// ```
pub fn uri_to_iri(uri: &UriRef<'_>, out: &mut [u8]) -> Result<usize, Error> {
    write(uri, Iri::ToIri, out)
}

fn write(r: &UriRef<'_>, style: Iri, out: &mut [u8]) -> Result<usize, Error> {
    let mut w = Out::new(out);
    // The writer IRI resolution uses, as `recompose` does.
    Composer::new(r).write(IriStyle::from(style), &mut w);
    w.finish()
}

/// ASCII whitespace of the WHATWG/iri-bis processing rules.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0c)
}

/// Web address processing (draft-duerst-iri-bis §7.2, used by the HTML5 seed): strips
/// leading and trailing whitespace, removes tabs and line breaks inside, and
/// percent-encodes what cannot stand in a URI: spaces and other controls, `` "<>\^`{|} ``,
/// non-ASCII bytes, a `%` not followed by two hex digits, a second `#`, and `[` or `]`
/// outside the authority. The result is a URI reference if the text had the shape of one;
/// check it with [`UriRef::parse`]. Returns the length written to `out`.
///
/// # Errors
///
/// [`Error::Buffer`] with the length needed if `out` is too small.
///
/// # Examples
///
/// ```
/// use cri::uri::preprocess;
/// use cri::UriRef;
///
/// let pasted = " http://example.com/a b|c\n#x#y ";
/// let mut out = [0u8; 64];
/// let n = preprocess(pasted.as_bytes(), &mut out)?;
/// assert_eq!(&out[..n], b"http://example.com/a%20b%7Cc#x%23y");
/// assert!(UriRef::parse_bytes(&out[..n]).is_ok());
/// # Ok::<(), cri::Error>(())
/// ```
pub fn preprocess(text: &[u8], out: &mut [u8]) -> Result<usize, Error> {
    let start = text
        .iter()
        .position(|&b| !is_space(b))
        .unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|&b| !is_space(b))
        .map_or(start, |e| e.saturating_add(1));
    let s = text.get(start..end).unwrap_or(&[]);
    let authority = authority_range(s);
    let mut w = Out::new(out);
    let mut seen_hash = false;
    for (i, &b) in s.iter().enumerate() {
        let keep = match b {
            b'\t' | b'\n' | b'\r' => continue,
            b'%' => s
                .get(i.saturating_add(1)..i.saturating_add(3))
                .is_some_and(|h| h.iter().all(|&c| chars::is(c, HEX))),
            b'#' => !core::mem::replace(&mut seen_hash, true),
            b'[' | b']' => authority.contains(&i) && !seen_hash,
            b'"' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'{' | b'|' | b'}' => false,
            0x21..=0x7e => true,
            _ => false,
        };
        if keep {
            w.byte(b);
        } else {
            w.push(&pct_triplet(b));
        }
    }
    w.finish()
}

/// Where an authority would be (after `scheme://` or a leading `//`, up to `/`, `?`, `#`).
fn authority_range(s: &[u8]) -> core::ops::Range<usize> {
    let scheme_end = s
        .iter()
        .position(|&b| b == b':' || b == b'/' || b == b'?' || b == b'#')
        .filter(|&i| s.get(i) == Some(&b':'))
        .map_or(0, |i| i.saturating_add(1));
    let rest = s.get(scheme_end..).unwrap_or(&[]);
    // Byte by byte: `starts_with` compares slices through memcmp (Decision 17).
    if !(rest.first() == Some(&b'/') && rest.get(1) == Some(&b'/')) {
        return 0..0;
    }
    let from = scheme_end.saturating_add(2);
    let len = super::parse::find_any(s.get(from..).unwrap_or(&[]), b"/?#");
    from..from.saturating_add(len)
}
