//! The layering of `src/uri` written in its module doc (`src/uri/mod.rs`) is the one the
//! code has: every module of that list imports only modules of lower layers, so the
//! module graph is acyclic and the list names every module.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

fn uri_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/uri")
}

/// The layer of each module, from the numbered list of the module doc ("//! 3. `parse`: …").
fn layers() -> BTreeMap<String, usize> {
    let doc = fs::read_to_string(uri_dir().join("mod.rs")).unwrap();
    let mut layers = BTreeMap::new();
    for line in doc.lines().filter_map(|l| l.strip_prefix("//! ")) {
        let Some((n, rest)) = line.split_once(". ") else {
            continue;
        };
        let Ok(n) = n.parse::<usize>() else { continue };
        // The names are the backticked words before the first ':'.
        let names = rest.split(':').next().unwrap();
        for name in names.split('`').skip(1).step_by(2) {
            layers.insert(name.to_string(), n);
        }
    }
    layers
}

/// The code of a module: without comment lines and its unit tests.
fn code(source: &str) -> String {
    let before_tests = source.split("#[cfg(test)]\nmod tests").next().unwrap();
    before_tests
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The sibling modules `source` names through `super::` in code (comments and the unit
/// tests, where `super` is the module itself, left out).
fn imports(source: &str, modules: &BTreeMap<String, usize>) -> Vec<String> {
    let code = code(source);
    let mut found = Vec::new();
    for line in code.lines() {
        for (_, after) in line
            .match_indices("super::")
            .map(|(i, _)| line.split_at(i + 7))
        {
            // `super::{a, b::c}` or `super::a::…`
            let group = after
                .strip_prefix('{')
                .map_or(after, |g| g.split('}').next().unwrap());
            for item in group.split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if modules.contains_key(&name) {
                    found.push(name);
                }
            }
        }
    }
    found
}

#[test]
fn uri_modules_import_only_lower_layers() {
    let layers = layers();
    let mut files: Vec<String> = fs::read_dir(uri_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f != "mod.rs" && f.ends_with(".rs"))
        .collect();
    files.sort();
    assert!(files.len() > 5, "{files:?}");
    for file in &files {
        let module = file.trim_end_matches(".rs");
        let Some(&layer) = layers.get(module) else {
            panic!("src/uri/mod.rs lists no layer for module {module}");
        };
        let source = fs::read_to_string(uri_dir().join(file)).unwrap();
        // `crate::uri::…` would go around the check below; the higher layers of the
        // crate (docs/DESIGN.md, Layers) are out of bounds for the URI layer.
        for other in ["crate::uri::", "crate::cri", "crate::coap", "crate::ffi"] {
            assert!(!code(&source).contains(other), "{module} uses {other}");
        }
        for imported in imports(&source, &layers) {
            assert!(
                layers[&imported] < layer,
                "{module} (layer {layer}) imports {imported} (layer {})",
                layers[&imported]
            );
        }
    }
}

/// The check sees both forms of import, so it would catch the cycles this layering
/// removed (recompose used normalize's and iri's writers, parse normalize's ports).
#[test]
fn imports_are_read_in_both_forms() {
    let layers = layers();
    let src = "use super::chars::{self, HEX};\nuse super::{ip, parse::UriRef};\n\
               // super::resolve in a comment\n    x = super::scheme::default_port(s);\n\
               #[cfg(test)]\nmod tests {\n    use super::normalize;\n}\n";
    assert_eq!(imports(src, &layers), ["chars", "ip", "parse", "scheme"]);
}
