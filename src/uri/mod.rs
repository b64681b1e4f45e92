//! RFC 3986 (URI generic syntax): split and validate, percent-encode and decode, remove
//! dot-segments, resolve, recompose, normalize and compare; HTTP request-targets.
//!
//! The modules are layered: a module imports (`use super::…` or `super::m::…` in code)
//! only modules of a lower layer, so the imports form no cycle and a firmware image that
//! calls a lower layer links nothing of the higher ones. `tests/uri_layers.rs` reads this
//! list and the sources and fails on an import that goes sideways or up.
//!
//! 0. `chars`, `scheme`, `query`: facts. Character classes of RFC 3986 Appendix A (the
//!    one table behind every component check and every encode set), what a scheme's
//!    default port is and which schemes are CoAP's, query splitting.
//! 1. `percent`: the percent-encoding loop and the decoding loops (RFC 3986 §2.1), on the
//!    encode sets of `chars`, and percent-encoding normalization (§6.2.2.1, §6.2.2.2).
//! 2. `ip`, `dot_segments`: IP literals (RFC 3986 §3.2.2, RFC 5952) and
//!    remove_dot_segments (RFC 3986 §5.2.4).
//! 3. `parse`: splitting and validating (RFC 3986 §3, Appendix B; RFC 3987 §2.2).
//! 4. `recompose`, `target`: writing components back (RFC 3986 §5.3) in a style chosen at
//!    compile time (`Style`: the IRI styles live with the IRI mappings, so recompose holds
//!    no IRI code; `Plain`, as it is or normalized, is the one writer of resolution,
//!    recomposition and normalization, Decision 17); HTTP request-targets (RFC 9112 §3.2).
//! 5. `iri`, `normalize`: the IRI mappings (RFC 3987 §3.1, §3.2), with their `Style` and,
//!    on bare metal with the `iri` feature, the one style type of the C functions'
//!    writers (`AnyStyle`: plain or IRI, chosen at run time, so the writers are compiled
//!    once), and
//!    normalization and equivalence (RFC 3986 §6.2.2, §6.2.3).
//! 6. `resolve`: reference resolution (RFC 3986 §5.2), also of IRIs.

pub(crate) mod chars;
pub(crate) mod dot_segments;
pub(crate) mod ip;
mod iri;
mod normalize;
mod parse;
pub(crate) mod percent;
mod query;
pub(crate) mod recompose;
mod resolve;
pub(crate) mod scheme;
mod target;

pub use dot_segments::remove_dot_segments;
pub(crate) use iri::plain;
pub use iri::{iri_to_uri, preprocess, uri_to_iri};
pub(crate) use normalize::normalize_in;
pub use normalize::{equivalent, normalize};
/// # Examples
///
/// ```
/// use cri::uri::HostKind;
/// use cri::UriRef;
///
/// let kind = |s| UriRef::parse(s).map(|r| r.host_kind());
/// assert_eq!(kind("coap://[2001:db8::1]/"), Ok(Some(HostKind::Ipv6)));
/// assert_eq!(kind("coap://192.0.2.1/"), Ok(Some(HostKind::Ipv4)));
/// assert_eq!(kind("file:///etc/hosts"), Ok(Some(HostKind::RegName)));
/// assert_eq!(kind("urn:ietf:rfc:3986"), Ok(None));
/// ```
pub use parse::HostKind;
/// # Examples
///
/// ```
/// use cri::uri::HostKind;
/// use cri::{Error, UriRef};
///
/// let r = UriRef::parse("coap://user@[fe80::1%25eth0]:5683/a/b?x=1#top")?;
/// assert_eq!((r.scheme(), r.userinfo()), (Some("coap"), Some("user")));
/// assert_eq!(r.host(), Some("[fe80::1%25eth0]"));
/// assert_eq!((r.host_kind(), r.zone_id()), (Some(HostKind::Ipv6), Some("eth0")));
/// assert_eq!((r.port(), r.port_number()), (Some("5683"), Some(5683)));
/// assert_eq!((r.path(), r.query(), r.fragment()), ("/a/b", Some("x=1"), Some("top")));
/// assert!(r.is_absolute() && r.has_authority());
///
/// // An empty component is not an absent one (RFC 3986 §5.3).
/// assert_eq!(UriRef::parse("http://a/b?")?.query(), Some(""));
/// assert_eq!(UriRef::parse("http://a/b")?.query(), None);
///
/// // The HTML5 URL terms: the port shows only when it is not the scheme's default.
/// let r = UriRef::parse("http://a:8080/x?y")?;
/// assert_eq!((r.hostport(), r.host_specific()), (Some("a:8080"), "/x?y"));
/// assert_eq!(UriRef::parse("http://a:80/")?.hostport(), Some("a"));
///
/// // Errors name the first byte that breaks the grammar (Decision 10 for ports).
/// assert_eq!(UriRef::parse("http://a:99999/"), Err(Error::PortRange { offset: 9 }));
/// assert_eq!(UriRef::parse("http://\u{e9}/"), Err(Error::Syntax { offset: 7 }));
/// assert!(UriRef::parse_iri("http://\u{e9}/").is_ok()); // RFC 3987 allows it
/// # Ok::<(), Error>(())
/// ```
///
/// # Components that are not UTF-8
///
/// A strict parse gives components that are text (ASCII, and UTF-8 for an IRI), so the
/// accessors return them as `&str`. [`UriRef::split_lenient`] splits any bytes; where a
/// component it found is not UTF-8, its accessor returns `""` (`Some("")` for one that may
/// be absent), and [`UriRef::parts`] gives the bytes.
///
/// ```
/// use cri::UriRef;
///
/// let r = UriRef::split_lenient(b"http://h/caf\xe9?q");
/// assert_eq!((r.path(), r.query()), ("", Some("q")));
/// assert_eq!(r.parts().path, b"/caf\xe9");
/// ```
pub use parse::UriRef;
pub(crate) use parse::{literal_address, parse_components, parse_reading_address, split_lenient};
/// # Examples
///
/// ```
/// use cri::uri::{percent_decode, DecodeOptions};
/// use cri::Error;
///
/// let mut out = [0u8; 16];
/// let strict = DecodeOptions::default();
/// assert_eq!(percent_decode(b"%41%2", strict, &mut out), Err(Error::Percent { offset: 3 }));
/// let lenient = DecodeOptions { lenient: true, ..strict };
/// let n = percent_decode(b"%41%2", lenient, &mut out)?;
/// assert_eq!(&out[..n], b"A%2");
/// let form = DecodeOptions { form: true, ..strict };
/// let n = percent_decode(b"a+b%2B", form, &mut out)?;
/// assert_eq!(&out[..n], b"a b+");
/// # Ok::<(), Error>(())
/// ```
pub use percent::percent_decode;
/// # Examples
///
/// ```
/// use cri::uri::{percent_encode, EncodeSet};
///
/// let mut out = [0u8; 32];
/// let n = percent_encode("a b/c?\u{e8}".as_bytes(), EncodeSet::PathSegment, &mut out)?;
/// assert_eq!(&out[..n], b"a%20b%2Fc%3F%C3%A8");
/// let n = percent_encode(b"a b&c", EncodeSet::Form, &mut out)?;
/// assert_eq!(&out[..n], b"a+b%26c");
/// # Ok::<(), cri::Error>(())
/// ```
pub use percent::percent_encode;
/// # Examples
///
/// ```
/// use cri::uri::DecodeOptions;
///
/// let opts = DecodeOptions { form: true, ..DecodeOptions::default() };
/// assert!(opts.form && !opts.lenient);
/// ```
///
/// [`percent_decode`] shows each option at work.
pub use percent::DecodeOptions;
/// # Examples
///
/// ```
/// use cri::uri::{percent_encode, EncodeSet};
///
/// let mut out = [0u8; 32];
/// let mut encode = |set| percent_encode(b"a:b/c?d", set, &mut out).map(|n| out[..n].to_vec());
/// assert_eq!(encode(EncodeSet::Unreserved)?, b"a%3Ab%2Fc%3Fd");
/// assert_eq!(encode(EncodeSet::PathSegment)?, b"a:b%2Fc%3Fd");
/// assert_eq!(encode(EncodeSet::Query)?, b"a:b/c?d");
/// # Ok::<(), cri::Error>(())
/// ```
pub use percent::EncodeSet;
pub use query::{query_args, QueryArg, QueryArgs};
pub use recompose::{recompose, Parts};
pub(crate) use resolve::{parse_strict, parse_target, write_iri_target, write_target, Target};
pub use resolve::{resolve, resolve_iri, resolve_str};
pub use scheme::default_port;
pub(crate) use target::split_target_into;
pub use target::{split_request_target, TargetForm};
