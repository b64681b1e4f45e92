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
//!    encode sets of `chars`.
//! 2. `ip`, `dot_segments`: IP literals (RFC 3986 §3.2.2, RFC 5952) and
//!    remove_dot_segments (RFC 3986 §5.2.4).
//! 3. `parse`: splitting and validating (RFC 3986 §3, Appendix B; RFC 3987 §2.2).
//! 4. `recompose`, `target`: writing components back (RFC 3986 §5.3) in a style chosen at
//!    compile time (`Style`: each style lives with the algorithm that needs it, so
//!    recompose holds no normalization or IRI code); HTTP request-targets (RFC 9112 §3.2).
//! 5. `iri`, `normalize`: the IRI mappings (RFC 3987 §3.1, §3.2) and normalization and
//!    equivalence (RFC 3986 §6.2.2, §6.2.3), each with its `Style`.
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
pub use iri::{iri_to_uri, preprocess, uri_to_iri};
pub use normalize::{equivalent, normalize};
pub(crate) use parse::{parse_components, parse_into, split_lenient};
pub use parse::{HostKind, UriRef};
pub use percent::{percent_decode, percent_encode, DecodeOptions, EncodeSet};
pub use query::{query_args, QueryArg, QueryArgs};
pub use recompose::{recompose, Parts};
pub(crate) use resolve::{parse_target, write_iri_target, write_target};
pub use resolve::{resolve, resolve_iri, resolve_str};
pub use scheme::default_port;
pub use target::{split_request_target, TargetForm};
