//! The layering of the source: every module imports only modules below it, siblings of one
//! level (the protocols and the match runner) not each other, and no two files of a module
//! import each other in a circle. Unit tests (`#[cfg(test)]`) may reach anywhere.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The levels from the bottom; the modules of one level may not import each other.
const LEVELS: &[&[&str]] = &[
    &["input", "output", "random"],
    &["geometry"],
    &["pieces"],
    &["variant"],
    &["position"],
    &["rules"],
    &["movegen"],
    &["perft", "referee"],
    &["eval"],
    &["config"],
    &["search"],
    &["engine"],
    &["notation", "tune"],
    &["protocol", "arena"],
    &["gui"],
    &["cli"],
    &["lib", "main"],
];

/// Exported macros, by the module that defines them.
const MACROS: &[(&str, &str)] =
    &[("out", "output"), ("outln", "output"), ("with_rules", "rules"), ("with_narrowest", "rules")];

fn level(module: &str) -> usize {
    LEVELS.iter().position(|l| l.contains(&module)).unwrap_or_else(|| panic!("module '{module}' has no level"))
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source without its unit tests.
fn without_tests(text: &str) -> &str {
    text.split("#[cfg(test)]").next().unwrap_or(text)
}

/// The first path segment after each `crate::` (each of a `crate::{a, b::c}` group).
fn crate_imports(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("crate::") {
        let macro_path = rest[..at].ends_with('$');
        rest = &rest[at + "crate::".len()..];
        if macro_path {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let end = group
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map_or(group.len(), |(i, _)| i);
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in group[..end].char_indices().chain([(end, ',')]) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.push(first_segment(&group[start..i]));
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            found.push(first_segment(rest));
        }
    }
    found.retain(|name| !name.is_empty());
    found
}

fn first_segment(text: &str) -> String {
    text.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// The module a file of `src` belongs to: `src/rules/alice.rs` is in `rules`, `src/cli.rs` in `cli`.
fn module_of(path: &Path) -> String {
    let relative = path.strip_prefix("src").expect("under src");
    let first = relative.components().next().expect("a file").as_os_str().to_string_lossy().into_owned();
    first.trim_end_matches(".rs").to_string()
}

#[test]
fn no_module_imports_one_above_it_or_beside_it() {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    let mut wrong = Vec::new();
    for path in &files {
        let module = module_of(path);
        let text = std::fs::read_to_string(path).expect("readable");
        for name in crate_imports(without_tests(&text)) {
            let target = MACROS.iter().find(|(m, _)| *m == name).map_or(name.as_str(), |(_, home)| home);
            if target != module && level(target) >= level(&module) {
                wrong.push(format!("{} imports crate::{name}", path.display()));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "imports that go up or sideways:\n{}", wrong.join("\n"));
}

#[test]
fn no_two_files_of_a_module_import_each_other_in_a_circle() {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    // Per directory, which sibling files each file names through `super::`.
    let mut graph: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    for path in &files {
        let dir = path.parent().expect("a directory");
        let text = std::fs::read_to_string(path).expect("readable");
        let mut rest = without_tests(&text);
        let mut names = Vec::new();
        while let Some(at) = rest.find("super::") {
            rest = &rest[at + "super::".len()..];
            names.push(first_segment(rest));
        }
        let edges = names
            .into_iter()
            .map(|n| dir.join(format!("{n}.rs")))
            .filter(|p| p.exists() && p != path && path.file_name() != Some("mod.rs".as_ref()))
            .collect();
        graph.insert(path.clone(), edges);
    }
    for start in graph.keys() {
        let mut seen = vec![start.clone()];
        let mut stack = graph[start].clone();
        while let Some(next) = stack.pop() {
            assert!(&next != start, "{} reaches itself through its sibling files", start.display());
            if !seen.contains(&next) {
                seen.push(next.clone());
                stack.extend(graph.get(&next).cloned().unwrap_or_default());
            }
        }
    }
}

#[test]
fn the_import_reader_sees_groups_and_skips_macro_paths() {
    let text = "use crate::{geometry::Square, pieces::{Color, Role}};\nuse crate::rules::Rules;\n$crate::eval::x";
    assert_eq!(crate_imports(text), ["geometry", "pieces", "rules"]);
}
