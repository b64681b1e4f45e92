//! RFC 3986 (URI generic syntax): split and validate, percent-encode and decode, remove
//! dot-segments, resolve, recompose, normalize and compare; HTTP request-targets.

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
mod target;

pub use dot_segments::remove_dot_segments;
pub use iri::{iri_to_uri, preprocess, uri_to_iri};
pub use normalize::{default_port, equivalent, normalize};
pub(crate) use parse::{parse_components, parse_into, split_lenient};
pub use parse::{HostKind, UriRef};
pub use percent::{percent_decode, percent_encode, DecodeOptions, EncodeSet};
pub use query::{query_args, QueryArg, QueryArgs};
pub use recompose::{recompose, Parts};
pub(crate) use resolve::base_error as base_error_of;
pub use resolve::{resolve, resolve_iri, resolve_str};
pub use target::{split_request_target, TargetForm};
