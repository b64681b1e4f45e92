//! libcri against the Rust URI crates: fluent-uri 0.4, iri-string 0.7 and
//! oxiri 0.3, on the corpora of BENCHMARKS.md, read from the repository at start.
//!
//! ```text
//! cargo bench --bench peers                          # everything (a few minutes)
//! cargo bench --bench peers -- split-urls            # one group (criterion filter)
//! python3 bench/criterion_table.py                   # the tables with ratios
//! ```
//!
//! One iteration is one pass over a whole corpus; `bench/criterion_table.py` divides by
//! the number of operations. Before measuring, the program prints how many inputs each
//! implementation accepts (the crates do not accept the same sets: oxiri parses IRIs,
//! iri-string normalizes only absolute URIs, curl-like leniency nowhere).
//!
//! Every implementation writes into a reused buffer where its API allows it (libcri,
//! iri-string's `write_to_slice`, oxiri's `resolve_into`); fluent-uri's resolve and
//! normalize return a new `String` each time, as its API does.

use criterion::{Criterion, Throughput};
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

/// One corpus: the inputs of one operation each.
struct Corpus {
    name: &'static str,
    items: Vec<String>,
    bytes: usize,
}

/// Reference pairs (base, reference).
struct Pairs {
    name: &'static str,
    items: Vec<(String, String)>,
    bytes: usize,
}

fn read(rel: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn corpus(name: &'static str, rel: &str) -> Corpus {
    let items: Vec<String> = read(rel)
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    let bytes = items.iter().map(String::len).sum();
    Corpus { name, items, bytes }
}

fn pairs(name: &'static str, rel: &str) -> Pairs {
    let items: Vec<(String, String)> = read(rel)
        .lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(b, r)| (b.to_owned(), r.to_owned()))
        .collect();
    let bytes = items.iter().map(|(b, r)| b.len() + r.len()).sum();
    Pairs { name, items, bytes }
}

/// Output buffer of every writer that takes one.
const OUT: usize = 65536;

// ------------------------------------------------------------------ the limit line

/// RFC 3986 §2 character classes, one byte per input byte value (as bench/bench.c).
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        let mut k = 0u8;
        if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~') {
            k |= 1;
        }
        if matches!(
            c,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        ) {
            k |= 2;
        }
        if matches!(c, b':' | b'@') {
            k |= 4;
        }
        if matches!(c, b'/' | b'?') {
            k |= 8;
        }
        if c == b'%' {
            k |= 16;
        }
        if matches!(c, b'#' | b'[' | b']') {
            k |= 32;
        }
        if k == 0 {
            k = 128;
        }
        t[i] = k;
        i += 1;
    }
    t
};

/// A single table-driven byte scan: the class table OR-reduced over every byte.
#[inline(never)]
fn scan(s: &[u8]) -> u8 {
    s.iter().fold(0u8, |m, &b| m | CLASS[usize::from(b)])
}

fn scan_all(c: &Corpus) -> usize {
    c.items
        .iter()
        .filter(|s| scan(black_box(s.as_bytes())) & 128 == 0)
        .count()
}

fn scan_pairs(p: &Pairs) -> usize {
    p.items
        .iter()
        .filter(|(b, r)| (scan(black_box(b.as_bytes())) | scan(black_box(r.as_bytes()))) & 128 == 0)
        .count()
}

// ------------------------------------------------------------------ parse / validate

fn parse_libcri(c: &Corpus) -> usize {
    c.items
        .iter()
        .filter(|s| black_box(cri::uri::UriRef::parse(black_box(s))).is_ok())
        .count()
}

fn parse_fluent(c: &Corpus) -> usize {
    c.items
        .iter()
        .filter(|s| black_box(fluent_uri::UriRef::parse(black_box(s.as_str()))).is_ok())
        .count()
}

fn parse_iri_string(c: &Corpus) -> usize {
    c.items
        .iter()
        .filter(|s| {
            black_box(iri_string::types::UriReferenceStr::new(black_box(
                s.as_str(),
            )))
            .is_ok()
        })
        .count()
}

fn parse_oxiri(c: &Corpus) -> usize {
    c.items
        .iter()
        .filter(|s| black_box(oxiri::IriRef::parse(black_box(s.as_str()))).is_ok())
        .count()
}

// ------------------------------------------------------------------ resolve + recompose

fn resolve_libcri(p: &Pairs) -> usize {
    let mut out = vec![0u8; OUT];
    p.items
        .iter()
        .filter(|(b, r)| {
            black_box(cri::uri::resolve_str(black_box(b), black_box(r), &mut out)).is_ok()
        })
        .count()
}

fn resolve_fluent(p: &Pairs) -> usize {
    p.items
        .iter()
        .filter(|(b, r)| {
            let Ok(base) = fluent_uri::Uri::parse(black_box(b.as_str())) else {
                return false;
            };
            let Ok(r) = fluent_uri::UriRef::parse(black_box(r.as_str())) else {
                return false;
            };
            black_box(r.resolve_against(&base)).is_ok()
        })
        .count()
}

fn resolve_iri_string(p: &Pairs) -> usize {
    use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
    let mut out = vec![0u8; OUT];
    p.items
        .iter()
        .filter(|(b, r)| {
            let Ok(base) = UriAbsoluteStr::new(black_box(b.as_str())) else {
                return false;
            };
            let Ok(r) = UriReferenceStr::new(black_box(r.as_str())) else {
                return false;
            };
            black_box(iri_string::format::write_to_slice(
                &mut out,
                &r.resolve_against(base),
            ))
            .is_ok()
        })
        .count()
}

fn resolve_oxiri(p: &Pairs) -> usize {
    let mut out = String::with_capacity(OUT);
    p.items
        .iter()
        .filter(|(b, r)| {
            let Ok(base) = oxiri::Iri::parse(black_box(b.as_str())) else {
                return false;
            };
            let Ok(r) = oxiri::IriRef::parse(black_box(r.as_str())) else {
                return false;
            };
            out.clear();
            black_box(base.resolve_into(&r, &mut out)).is_ok()
        })
        .count()
}

// ------------------------------------------------------------------ normalize + recompose

fn normalize_libcri(c: &Corpus) -> usize {
    let mut out = vec![0u8; OUT];
    c.items
        .iter()
        .filter(|s| {
            cri::uri::UriRef::parse(black_box(s))
                .is_ok_and(|u| black_box(cri::uri::normalize(&u, &mut out)).is_ok())
        })
        .count()
}

fn normalize_fluent(c: &Corpus) -> usize {
    c.items
        .iter()
        .filter(|s| {
            fluent_uri::UriRef::parse(black_box(s.as_str()))
                .map(|u| black_box(u.normalize()))
                .is_ok()
        })
        .count()
}

/// iri-string normalizes absolute URIs (`RiStr`) only: references fail here.
fn normalize_iri_string(c: &Corpus) -> usize {
    let mut out = vec![0u8; OUT];
    c.items
        .iter()
        .filter(|s| {
            iri_string::types::UriStr::new(black_box(s.as_str())).is_ok_and(|u| {
                black_box(iri_string::format::write_to_slice(&mut out, &u.normalize())).is_ok()
            })
        })
        .count()
}

// ------------------------------------------------------------------ driver

type CorpusFn = fn(&Corpus) -> usize;
type PairsFn = fn(&Pairs) -> usize;

const PARSE: &[(&str, CorpusFn)] = &[
    ("libcri", parse_libcri),
    ("fluent-uri", parse_fluent),
    ("iri-string", parse_iri_string),
    ("oxiri", parse_oxiri),
    ("byte-scan", scan_all),
];

const RESOLVE: &[(&str, PairsFn)] = &[
    ("libcri", resolve_libcri),
    ("fluent-uri", resolve_fluent),
    ("iri-string", resolve_iri_string),
    ("oxiri", resolve_oxiri),
    ("byte-scan", scan_pairs),
];

const NORMALIZE: &[(&str, CorpusFn)] = &[
    ("libcri", normalize_libcri),
    ("fluent-uri", normalize_fluent),
    ("iri-string", normalize_iri_string),
    ("byte-scan", scan_all),
];

fn bench_corpus(c: &mut Criterion, op: &str, corpus: &Corpus, impls: &[(&str, CorpusFn)]) {
    let mut g = c.benchmark_group(format!("{op}-{}", corpus.name));
    g.throughput(Throughput::Bytes(corpus.bytes as u64));
    for &(name, f) in impls {
        g.bench_function(name, |b| b.iter(|| f(black_box(corpus))));
    }
    g.finish();
}

fn bench_pairs(c: &mut Criterion, op: &str, pairs: &Pairs, impls: &[(&str, PairsFn)]) {
    let mut g = c.benchmark_group(format!("{op}-{}", pairs.name));
    g.throughput(Throughput::Bytes(pairs.bytes as u64));
    for &(name, f) in impls {
        g.bench_function(name, |b| b.iter(|| f(black_box(pairs))));
    }
    g.finish();
}

fn main() {
    let urls = corpus("urls", "corpus/urls.txt");
    let shapes = corpus("urls-shapes", "bench/corpus/urls-shapes.txt");
    let coap = corpus("coap", "bench/corpus/coap.txt");
    let refs = pairs("refs", "bench/corpus/refs.tsv");

    // What each implementation accepts, so the timings can be read with it.
    let mut accepted = String::from("# accepted inputs (operations that succeeded / all)\n");
    for corpus in [&urls, &shapes, &coap] {
        for (op, impls) in [("parse", PARSE), ("normalize", NORMALIZE)] {
            for &(name, f) in impls.iter().filter(|(n, _)| *n != "byte-scan") {
                let _ = writeln!(
                    accepted,
                    "{op}-{}\t{name}\t{}/{}",
                    corpus.name,
                    f(corpus),
                    corpus.items.len()
                );
            }
        }
    }
    for &(name, f) in RESOLVE.iter().filter(|(n, _)| *n != "byte-scan") {
        let _ = writeln!(
            accepted,
            "resolve-refs\t{name}\t{}/{}",
            f(&refs),
            refs.items.len()
        );
    }
    eprint!("{accepted}");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion");
    if std::fs::create_dir_all(&dir).is_ok() {
        let _ = std::fs::write(dir.join("cri-accepted.tsv"), &accepted);
    }

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(30)
        .configure_from_args();
    for corpus in [&urls, &shapes, &coap] {
        bench_corpus(&mut c, "parse", corpus, PARSE);
    }
    bench_pairs(&mut c, "resolve", &refs, RESOLVE);
    for corpus in [&urls, &shapes, &coap] {
        bench_corpus(&mut c, "normalize", corpus, NORMALIZE);
    }
    c.final_summary();
}
