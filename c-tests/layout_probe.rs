//! The C layout of every public `#[repr(C)]` struct, as Rust computes it for the target
//! this probe is compiled for. It is not part of the cargo package: c-tests/
//! header_portability.sh compiles it with rustc against the libcri rlib of the host and of
//! `thumbv7em-none-eabihf`:
//!
//! ```text
//! rustc --edition 2021 --crate-type lib --emit=obj --target T -C panic=abort \
//!     --extern cri=DIR/libcri.rlib -L dependency=DIR/deps c-tests/layout_probe.rs
//! ```
//!
//! Each value is the *size* of a symbol (`nm -S`): `CRI_LAYOUT_<struct>_SIZE`, `_ALIGN` and
//! `CRI_LAYOUT_<struct>_<field>` (the field's offset) are byte arrays one longer than the
//! value, so an offset of 0 still makes a symbol. The script turns them into `#define`s
//! that `_Static_assert`s compare with what the C compiler makes of `include/cri.h`.
//! A struct or field missing here leaves its `#define` undefined, and the C check fails.
#![no_std]
#![allow(non_upper_case_globals)]

use core::mem::{align_of, offset_of, size_of};
use cri::ffi::{
    cri_coap_destination, cri_coap_option, cri_error_info, uri_parts, uri_query_arg, uri_span,
};

/// One static per value, named CRI_LAYOUT_<struct>_<what>, of value + 1 bytes.
macro_rules! probe {
    ($ty:ident, $what:ident, $value:expr) => {
        const _: () = {
            #[export_name = concat!("CRI_LAYOUT_", stringify!($ty), "_", stringify!($what))]
            #[used]
            static VALUE: [u8; $value + 1] = [0; $value + 1];
        };
    };
}

macro_rules! layout {
    ($($ty:ident { $($field:ident),* })*) => {
        $(
            probe!($ty, SIZE, size_of::<$ty>());
            probe!($ty, ALIGN, align_of::<$ty>());
            $( probe!($ty, $field, offset_of!($ty, $field)); )*
        )*
    };
}

layout! {
    uri_span { ptr, len }
    uri_parts {
        scheme, userinfo, host, port, path, query, fragment, zone_id, host_kind, port_number
    }
    uri_query_arg { key, value }
    cri_error_info { offset, reason }
    cri_coap_option { number, value, len }
    cri_coap_destination { addr, addr_len, zone, zone_len, port }
}
