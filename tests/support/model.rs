// Models written from the RFC 3986 text that the tests check the library against:
// §5.2.4 remove_dot_segments and §2.1 percent-decoding. The library's unit tests
// (`include!`) and the fuzz crate (`#[path]`) use this file too, so it has no inner
// attributes or doc comments.

/// RFC 3986 §5.2.4 exactly as written: an input and an output buffer of strings.
pub fn remove_dot_segments_model(path: &str) -> String {
    let mut input = path.to_string();
    let mut output = String::new();
    while !input.is_empty() {
        if input.starts_with("../") {
            input.drain(..3);
        } else if input.starts_with("./") {
            input.drain(..2);
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
        } else if input == "/." {
            input = "/".into();
        } else if input.starts_with("/../") || input == "/.." {
            let n = if input == "/.." { 3 } else { 4 };
            input.replace_range(..n, "/");
            let cut = output.rfind('/').unwrap_or(0);
            output.truncate(cut);
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input.drain(..end);
        }
    }
    output
}

/// Percent-decoding as RFC 3986 §2.1 defines it: `%` and two hex digits stand for the
/// octet; everything else is itself.
pub fn pct_decode_model(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match hex.filter(|h| b[i] == b'%' && h.bytes().all(|c| c.is_ascii_hexdigit())) {
            Some(h) => {
                out.push(u8::from_str_radix(h, 16).unwrap());
                i += 3;
            }
            None => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    out
}
