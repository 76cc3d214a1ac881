//! The layering of the source: every module imports only modules below it, siblings of one
//! level (the protocols and the match runner) not each other; no two files of a module import
//! each other in a circle; and the front ends never pick a variant family's rules themselves.
//! Unit tests (`#[cfg(test)]` items) may reach anywhere. Each rule is also tried on a planted
//! violation, so that a reader that stopped seeing one would fail here.

use std::collections::{BTreeMap, BTreeSet};
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

/// The front ends: they reach a position's rules only through `engine` (`engine::rules_of`,
/// `engine::Engine`), which picks the family.
const FRONT_ENDS: &[&str] = &["protocol", "arena", "gui", "cli"];

/// The macros that pick a family's rules for a position.
const FAMILY_DISPATCH: &[&str] = &["with_rules!", "with_narrowest!"];

/// Exported macros, by the module that defines them.
const MACROS: &[(&str, &str)] =
    &[("out", "output"), ("outln", "output"), ("with_rules", "rules"), ("with_narrowest", "rules")];

/// A source file: its path under `src` and its text without unit tests.
struct Source {
    path: PathBuf,
    text: String,
}

fn level(module: &str) -> usize {
    LEVELS.iter().position(|l| l.contains(&module)).unwrap_or_else(|| panic!("module '{module}' has no level"))
}

/// Every `.rs` file under `src`.
fn sources() -> Vec<Source> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    walk(Path::new("src"), &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("readable");
            Source { path: path.strip_prefix("src").expect("under src").to_path_buf(), text: without_tests(&text) }
        })
        .collect()
}

/// Planted sources, as `(path under src, text)`.
fn planted(files: &[(&str, &str)]) -> Vec<Source> {
    files.iter().map(|(path, text)| Source { path: PathBuf::from(path), text: without_tests(text) }).collect()
}

/// The text without its `#[cfg(test)]` items: each attribute and the item after it, up to the
/// end of its braces (or its `;`), wherever in the file it stands.
fn without_tests(text: &str) -> String {
    const ATTRIBUTE: &str = "#[cfg(test)]";
    let mut kept = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(ATTRIBUTE) {
        kept.push_str(&rest[..at]);
        let item = &rest[at + ATTRIBUTE.len()..];
        let mut depth = 0;
        let mut end = item.len();
        for (i, c) in item.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 1 => {
                    end = i + 1;
                    break;
                }
                '}' => depth -= 1,
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    kept.push_str(rest);
    kept
}

/// The first segment of each path after `prefix` (each of a `prefix{a, b::c}` group).
fn paths_after(text: &str, prefix: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let macro_path = rest[..at].ends_with('$');
        rest = &rest[at + prefix.len()..];
        if macro_path {
            continue;
        }
        match rest.strip_prefix('{') {
            Some(group) => found.extend(group_members(group).into_iter().map(|m| first_segment(&m))),
            None => found.push(first_segment(rest)),
        }
    }
    found.retain(|name| !name.is_empty());
    found
}

/// The members of a `{…}` group whose opening brace is just before `group`.
fn group_members(group: &str) -> Vec<String> {
    let mut depth = 0;
    let mut start = 0;
    let mut members = Vec::new();
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                members.push(group[start..i].to_string());
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                members.push(group[start..i].to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    members
}

fn first_segment(text: &str) -> String {
    text.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// The top module a file belongs to: `rules/alice.rs` is in `rules`, `cli/mod.rs` in `cli`.
fn module_of(path: &Path) -> String {
    let first = path.components().next().expect("a file").as_os_str().to_string_lossy().into_owned();
    first.trim_end_matches(".rs").to_string()
}

/// Imports that go up a level or sideways within one.
fn layering_violations(sources: &[Source]) -> Vec<String> {
    let mut wrong = BTreeSet::new();
    for source in sources {
        let module = module_of(&source.path);
        for name in paths_after(&source.text, "crate::") {
            let target = MACROS.iter().find(|(m, _)| *m == name).map_or(name.as_str(), |(_, home)| home);
            if target != module && level(target) >= level(&module) {
                wrong.insert(format!("{} imports crate::{name}", source.path.display()));
            }
        }
    }
    wrong.into_iter().collect()
}

/// A file's place among its siblings: the directory they share and its module name there
/// (`a/b.rs` and `a/b/mod.rs` are both `b` in `a`).
fn node(path: &Path) -> (PathBuf, String) {
    let stem = path.file_stem().expect("a file name").to_string_lossy().into_owned();
    let dir = path.parent().expect("a directory").to_path_buf();
    if stem == "mod" {
        let name = dir.file_name().expect("a module directory").to_string_lossy().into_owned();
        (dir.parent().expect("under src").to_path_buf(), name)
    } else {
        (dir, stem)
    }
}

/// Per module file, the sibling files it names through `super::` or its full path from `crate`:
/// directly (`super::b::X` or `crate::a::b::X` in `a`, in groups too), or through an item its
/// parent re-exports or imports from a sibling (`pub use b::X` in the parent, then `super::X`).
fn sibling_edges(sources: &[Source]) -> BTreeMap<(PathBuf, String), BTreeSet<String>> {
    let nodes: BTreeSet<(PathBuf, String)> = sources.iter().map(|s| node(&s.path)).collect();
    // Per directory, the items its parent file takes from each child: name → child.
    let mut from_child: BTreeMap<PathBuf, BTreeMap<String, String>> = BTreeMap::new();
    for source in sources.iter().filter(|s| s.path.file_name().is_some_and(|n| n == "mod.rs")) {
        let dir = source.path.parent().expect("a directory").to_path_buf();
        let items = from_child.entry(dir.clone()).or_default();
        for line in source.text.split(';') {
            let Some(path) = line.trim().strip_prefix("pub use ").or_else(|| line.trim().strip_prefix("use ")) else {
                continue;
            };
            let path = path.trim_start_matches("self::");
            let child = first_segment(path);
            if !nodes.contains(&(dir.clone(), child.clone())) {
                continue;
            }
            let tail = &path[child.len()..];
            let names: Vec<String> = match tail.rfind('{') {
                Some(open) => group_members(&tail[open + 1..]),
                None => vec![tail.rsplit("::").next().unwrap_or("").to_string()],
            };
            for name in names {
                let name =
                    name.rsplit(" as ").next().unwrap_or(&name).rsplit("::").next().unwrap_or("").trim().to_string();
                if !name.is_empty() {
                    items.insert(name, child.clone());
                }
            }
        }
    }
    let mut edges: BTreeMap<(PathBuf, String), BTreeSet<String>> = BTreeMap::new();
    for source in sources {
        let (dir, name) = node(&source.path);
        let found = edges.entry((dir.clone(), name.clone())).or_default();
        let modules: Vec<String> = dir.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        let by_full_path = if modules.is_empty() {
            Vec::new()
        } else {
            paths_after(&source.text, &format!("crate::{}::", modules.join("::")))
        };
        for target in paths_after(&source.text, "super::").into_iter().chain(by_full_path) {
            let sibling = if nodes.contains(&(dir.clone(), target.clone())) {
                Some(target)
            } else {
                from_child.get(&dir).and_then(|items| items.get(&target)).cloned()
            };
            if let Some(sibling) = sibling.filter(|s| *s != name) {
                found.insert(sibling);
            }
        }
    }
    edges
}

/// The files that reach themselves through their siblings' imports.
fn circles(sources: &[Source]) -> Vec<String> {
    let edges = sibling_edges(sources);
    let mut found = Vec::new();
    for ((dir, start), next) in &edges {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<String> = next.iter().cloned().collect();
        while let Some(name) = stack.pop() {
            if name == *start {
                found.push(format!("{} reaches itself through its sibling files", dir.join(start).display()));
                break;
            }
            if seen.insert(name.clone()) {
                stack.extend(edges.get(&(dir.clone(), name)).into_iter().flatten().cloned());
            }
        }
    }
    found
}

/// Front-end files that pick a family's rules themselves.
fn dispatch_in_front_ends(sources: &[Source]) -> Vec<String> {
    sources
        .iter()
        .filter(|s| FRONT_ENDS.contains(&module_of(&s.path).as_str()))
        .flat_map(|s| {
            FAMILY_DISPATCH
                .iter()
                .filter(|m| s.text.contains(*m))
                .map(|m| format!("{} expands {m} (ask engine::rules_of instead)", s.path.display()))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn no_module_imports_one_above_it_or_beside_it() {
    let wrong = layering_violations(&sources());
    assert!(wrong.is_empty(), "imports that go up or sideways:\n{}", wrong.join("\n"));
}

#[test]
fn no_two_files_of_a_module_import_each_other_in_a_circle() {
    let found = circles(&sources());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn front_ends_reach_the_rules_only_through_the_engine() {
    let found = dispatch_in_front_ends(&sources());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_import_reader_sees_groups_and_skips_macro_paths() {
    let text = "use crate::{geometry::Square, pieces::{Color, Role}};\nuse crate::rules::Rules;\n$crate::eval::x";
    assert_eq!(paths_after(text, "crate::"), ["geometry", "pieces", "rules"]);
}

#[test]
fn a_planted_upward_import_after_a_test_item_is_found() {
    let sources = planted(&[(
        "rules/alice.rs",
        "#[cfg(test)]\nfn helper() { let _ = crate::gui::x; }\n\nuse crate::geometry::Square;\nuse crate::search::Shared;\n",
    )]);
    assert_eq!(layering_violations(&sources), ["rules/alice.rs imports crate::search"]);
}

#[test]
fn a_planted_circle_through_a_grouped_super_import_is_found() {
    let sources = planted(&[
        ("search/mod.rs", "mod a;\nmod b;\n"),
        ("search/a.rs", "use super::{b::Thing, MATE};\n"),
        ("search/b.rs", "use super::a::Other;\n"),
    ]);
    assert_eq!(circles(&sources).len(), 2, "{:?}", circles(&sources));
}

#[test]
fn a_planted_circle_through_full_paths_is_found() {
    let sources = planted(&[
        ("arena/mod.rs", "mod game;\nmod seat;\n"),
        ("arena/game.rs", "use crate::arena::seat::Seat;\n"),
        ("arena/seat.rs", "use crate::arena::{game::Game, Other};\n"),
    ]);
    assert_eq!(circles(&sources).len(), 2, "{:?}", circles(&sources));
}

#[test]
fn a_planted_circle_through_a_module_directory_is_found() {
    let sources = planted(&[
        ("protocol/mod.rs", "mod uci;\nmod xboard;\n"),
        ("protocol/xboard/mod.rs", "use super::uci::Reply;\n"),
        ("protocol/uci.rs", "use super::xboard::Display;\n"),
    ]);
    let found = circles(&sources);
    assert!(found.iter().any(|c| c.starts_with("protocol/xboard reaches itself")), "{found:?}");
}

#[test]
fn a_planted_circle_through_a_re_export_is_found() {
    let sources = planted(&[
        ("arena/mod.rs", "mod a;\nmod b;\npub use a::Alpha;\nuse b::{Beta, Gamma as G};\n"),
        ("arena/a.rs", "use super::G;\n"),
        ("arena/b.rs", "use super::Alpha;\n"),
    ]);
    assert_eq!(circles(&sources).len(), 2, "{:?}", circles(&sources));
    // Items the parent defines itself are not a sibling's.
    let parent_only = planted(&[("arena/mod.rs", "mod a;\npub struct Own;\n"), ("arena/a.rs", "use super::Own;\n")]);
    assert!(circles(&parent_only).is_empty());
}

#[test]
fn a_planted_front_end_that_picks_a_family_is_found() {
    let sources = planted(&[
        ("arena/game.rs", "let moves = with_rules!(&variant.family(), |r| legal(r, pos));\n"),
        ("engine/rules_of.rs", "with_rules!(&variant.family(), |r| legal(r, pos))\n"),
        ("cli/mod.rs", "#[cfg(test)]\nmod tests { with_narrowest!(pos, |r, p| 0); }\n"),
    ]);
    assert_eq!(dispatch_in_front_ends(&sources), ["arena/game.rs expands with_rules! (ask engine::rules_of instead)"]);
}
