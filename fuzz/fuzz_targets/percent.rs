//! percent: `percent_encode` / `percent_decode` and the C `uri_percent_encode` /
//! `uri_percent_decode`. The first byte picks the encode set and decode options, the rest
//! is the data.
//!
//! Oracles:
//! - decode(encode(x, set)) = x for every byte string and every set (the form set decodes
//!   with `form`), and the encoded text holds only bytes the set keeps and `%HH` triplets
//!   with uppercase hex (and `+` for a space in the form set), of the exact length;
//! - a lenient decode never fails; where a strict decode succeeds the lenient one gives the
//!   same bytes; a strict decode fails exactly when some `%` does not start `%HH`, with the
//!   offset of the first such `%`;
//! - decoding never makes output longer than the input;
//! - every call honours the buffer contract (see `common::write_all`), and the C functions
//!   give the same bytes and status, a NUL after the text, and nothing past `cap`.
#![no_main]

#[path = "common.rs"]
mod common;

use common::write_all;
use cri::uri::{percent_decode, percent_encode, DecodeOptions, EncodeSet};
use cri::Error;
use libfuzzer_sys::fuzz_target;

const SETS: [EncodeSet; 6] = [
    EncodeSet::Unreserved,
    EncodeSet::PathSegment,
    EncodeSet::Query,
    EncodeSet::Fragment,
    EncodeSet::Userinfo,
    EncodeSet::Form,
];

fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~".contains(&b)
}
fn sub_delim(b: u8) -> bool {
    b"!$&'()*+,;=".contains(&b)
}
/// The RFC 3986 character classes, written out again independently of the library.
fn keeps(set: EncodeSet, b: u8) -> bool {
    let pchar = unreserved(b) || sub_delim(b) || b == b':' || b == b'@';
    match set {
        EncodeSet::Unreserved => unreserved(b),
        EncodeSet::PathSegment => pchar,
        EncodeSet::Query | EncodeSet::Fragment => pchar || b == b'/' || b == b'?',
        EncodeSet::Userinfo => unreserved(b) || sub_delim(b) || b == b':',
        EncodeSet::Form => b.is_ascii_alphanumeric() || b"*-._".contains(&b),
    }
}

fn is_hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, x)) = data.split_first() else {
        return;
    };
    for (i, &set) in SETS.iter().enumerate() {
        let enc = write_all(|o| percent_encode(x, set, o)).expect("encode cannot fail");
        // The model: kept bytes as they are, a space as "+" (form), others as %HH.
        let mut model = Vec::with_capacity(x.len() * 3);
        for &b in x {
            if keeps(set, b) {
                model.push(b);
            } else if b == b' ' && set == EncodeSet::Form {
                model.push(b'+');
            } else {
                // Not `format!`: one allocation per byte made this target ~10x slower.
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                model.extend_from_slice(&[
                    b'%',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 15)],
                ]);
            }
        }
        assert_eq!(enc, model, "encode with {set:?}");
        let opts = DecodeOptions {
            lenient: false,
            form: set == EncodeSet::Form,
        };
        let dec = write_all(|o| percent_decode(&enc, opts, o)).expect("decode of an encoding");
        assert_eq!(dec, x, "decode(encode(x)) != x with {set:?}");
        if usize::from(sel) % SETS.len() == i {
            ffi_encode(x, i as i32, &enc);
        }
    }

    let form = sel & 0x40 != 0;
    let strict = write_all(|o| {
        percent_decode(
            x,
            DecodeOptions {
                lenient: false,
                form,
            },
            o,
        )
    });
    let lenient = write_all(|o| {
        percent_decode(
            x,
            DecodeOptions {
                lenient: true,
                form,
            },
            o,
        )
    })
    .expect("a lenient decode failed");
    assert!(lenient.len() <= x.len());
    // A "%" consumed by an earlier triplet is data, so scan as the decoder does.
    let mut i = 0;
    let mut first_broken = None;
    while i < x.len() {
        if x[i] == b'%' {
            if i + 2 < x.len() && is_hex(x[i + 1]) && is_hex(x[i + 2]) {
                i += 3;
                continue;
            }
            first_broken = Some(i);
            break;
        }
        i += 1;
    }
    match (&strict, first_broken) {
        (Ok(s), None) => assert_eq!(s, &lenient, "strict and lenient decode differ"),
        (Err(Error::Percent { offset }), Some(at)) => assert_eq!(*offset, at, "error offset"),
        other => panic!("strict decode: {other:?}"),
    }
    ffi_decode(x, sel, &strict, &lenient);
});

/// The C encoder: same bytes, a NUL after them, nothing past `cap`.
fn ffi_encode(x: &[u8], set: i32, want: &[u8]) {
    let mut len = usize::MAX;
    // SAFETY: size query with NULL/0.
    let st = unsafe {
        cri::ffi::uri_percent_encode(
            x.as_ptr().cast(),
            x.len(),
            set,
            std::ptr::null_mut(),
            0,
            &mut len,
        )
    };
    assert_eq!(
        (st as i32, len),
        (-2, want.len()),
        "uri_percent_encode size query"
    );
    for cap in [want.len(), want.len() + 1, want.len() + 2] {
        let mut buf = vec![0xA5u8; cap + 8];
        // SAFETY: buf has cap + 8 writable bytes.
        let st = unsafe {
            cri::ffi::uri_percent_encode(
                x.as_ptr().cast(),
                x.len(),
                set,
                buf.as_mut_ptr().cast(),
                cap,
                &mut len,
            )
        };
        if cap > want.len() {
            assert_eq!(st as i32, 0);
            assert_eq!(&buf[..len], want);
            assert_eq!(buf[len], 0, "no NUL after the text");
            assert!(
                buf[len + 1..].iter().all(|&b| b == 0xA5),
                "wrote past the NUL"
            );
        } else {
            assert_eq!((st as i32, len), (-2, want.len()), "no room for the NUL");
            assert!(buf[cap..].iter().all(|&b| b == 0xA5), "wrote past cap");
        }
    }
}

fn ffi_decode(x: &[u8], sel: u8, strict: &Result<Vec<u8>, Error>, lenient: &[u8]) {
    let lenient_flag = sel & 0x80 != 0;
    let flags = u32::from(lenient_flag) | if sel & 0x40 != 0 { 2 } else { 0 };
    let want: Result<&[u8], usize> = if lenient_flag {
        Ok(lenient)
    } else {
        match strict {
            Ok(v) => Ok(v),
            Err(Error::Percent { offset }) => Err(*offset),
            Err(e) => panic!("{e:?}"),
        }
    };
    let cap = match want {
        Ok(w) => w.len() + 1,
        Err(_) => x.len() + 1,
    };
    let mut buf = vec![0xA5u8; cap + 8];
    let (mut len, mut off) = (usize::MAX, usize::MAX);
    // SAFETY: buf has cap + 8 writable bytes.
    let st = unsafe {
        cri::ffi::uri_percent_decode(
            x.as_ptr().cast(),
            x.len(),
            flags,
            buf.as_mut_ptr().cast(),
            cap,
            &mut len,
            &mut off,
        )
    };
    match want {
        Ok(w) => {
            assert_eq!(st as i32, 0, "uri_percent_decode status");
            assert_eq!(&buf[..len], w);
            assert_eq!(buf[len], 0);
            assert!(buf[cap..].iter().all(|&b| b == 0xA5));
        }
        Err(at) => {
            assert_eq!((st as i32, off), (-4, at), "uri_percent_decode error");
            assert!(buf[cap..].iter().all(|&b| b == 0xA5));
        }
    }
}
