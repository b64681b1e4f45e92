//! CRIs (draft-ietf-core-href-27): CRI references in CBOR, their validity, conversion to
//! and from URI references, reference resolution, the scheme-number registry, the PET
//! extension and EDN for humans.
//!
//! Revision: draft -27 (CBOR tag 99). Differences from RFC 3986 resolution (docs/DESIGN.md
//! Decision 2): the empty reference `[]` keeps the base fragment, and `..` cannot climb
//! above what `discard` removes (a trailing `.`/`..` gives no empty last segment).

mod access;
mod edn;
pub(crate) use edn::cbor_to_edn;
mod from_uri;
mod ingest;
mod model;
mod reader;
mod resolve;
mod scheme;
mod scheme_table;
pub(crate) mod to_uri;
pub(crate) mod wire;

pub use crate::error::{Reason, Unprocessable};
pub use edn::to_edn;
pub(crate) use from_uri::from_parsed;
pub use from_uri::from_uri;
pub use model::{
    Authority, CriRef, Discard, Host, HostAuthority, ItemIter, Items, Piece, Pieces, Scheme,
    TextOrPet, CRI_TAG,
};
pub use resolve::resolve;
pub(crate) use resolve::resolve_cbor;
pub(crate) use scheme::default_port;
pub use scheme::{scheme_name, scheme_number};
pub use to_uri::{to_uri, ToUriOptions};
