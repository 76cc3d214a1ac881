//! What OpenBench needs of an engine: `make EXE=PATH` builds it at PATH, and `bench` ends with
//! a line its parser reads as the node count and the speed, the same count every run.

use std::process::Command;

/// OpenBench's reading of a bench output: every character that is not a letter or a digit
/// becomes a space, case is ignored, and the lines are scanned from the bottom for the first that matches
/// `(\d+\s+nodes)|(nodes\s+\d+)|(nodes searched\s+\d+)`, and for the first that matches
/// `(\d+\s+nps)|(nps\s+\d+)|(nodes second\s+\d+)`; each pattern's first match in its line
/// gives the number.
fn openbench_reads(output: &str) -> (Option<u64>, Option<u64>) {
    let lines: Vec<Vec<String>> = output
        .lines()
        .rev()
        .map(|l| {
            let spaced: String =
                l.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { ' ' }).collect();
            spaced.split_whitespace().map(str::to_string).collect()
        })
        .collect();
    // The first match in the line, scanning its words left to right as a regex engine would.
    let find = |words: &Vec<String>, key: &str, before: &[&str]| -> Option<u64> {
        (0..words.len()).find_map(|i| {
            let number = |w: &String| w.parse::<u64>().ok();
            if i + 1 < words.len() && words[i + 1] == key {
                if let Some(n) = number(&words[i]) {
                    return Some(n);
                }
            }
            if words[i] == key {
                if let Some(n) = words.get(i + 1).and_then(number) {
                    return Some(n);
                }
            }
            let phrase = before.len();
            if phrase > 0 && words.get(i..i + phrase).is_some_and(|w| w.iter().zip(before).all(|(a, b)| a == b)) {
                return words.get(i + phrase).and_then(number);
            }
            None
        })
    };
    let nodes = lines.iter().find_map(|w| find(w, "nodes", &["nodes", "searched"]));
    let nps = lines.iter().find_map(|w| find(w, "nps", &["nodes", "second"]));
    (nodes, nps)
}

#[test]
fn openbench_reads_the_bench_total_and_its_speed() {
    let run = || {
        let o = Command::new(env!("CARGO_BIN_EXE_vorpal")).args(["bench", "--depth", "4"]).output().unwrap();
        assert!(o.status.success());
        String::from_utf8(o.stdout).unwrap()
    };
    let (first, second) = (run(), run());
    let total_line = first.lines().find(|l| l.starts_with("nodes ")).unwrap();
    let words: Vec<&str> = total_line.split_whitespace().collect();
    let (nodes, ms): (u64, u64) = (words[1].parse().unwrap(), words[3].parse().unwrap());
    let (read_nodes, read_nps) = openbench_reads(&first);
    assert_eq!(read_nodes, Some(nodes), "{first}");
    // The speed read is the total's, not the milliseconds or a variant's row.
    let nps = read_nps.unwrap();
    assert!(nps > 1000 && nps != ms, "{first}");
    assert_eq!(openbench_reads(&second).0, Some(nodes), "the node count is the same every run");
}

#[test]
fn the_parser_reads_a_line_as_openbench_does() {
    // The line Vorpal wrote before: OpenBench read 406 as the speed.
    assert_eq!(openbench_reads("nodes 945583 ms 406 nps 2327764"), (Some(945583), Some(406)));
    assert_eq!(openbench_reads("Nodes searched: 1234\nNodes/second: 99"), (Some(1234), Some(99)));
}

#[test]
fn make_builds_the_engine_at_the_path_given() {
    let dir = std::env::temp_dir().join(format!("vorpal-openbench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("vorpal-ob");
    let make = Command::new("make")
        .arg(format!("EXE={}", exe.display()))
        .arg("EVALFILE=none")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("make runs (OpenBench builds engines with it; install it with the system's build tools)");
    assert!(make.status.success(), "{}", String::from_utf8_lossy(&make.stderr));
    let o = Command::new(&exe).args(["bench", "--depth", "3"]).output().unwrap();
    let mine = Command::new(env!("CARGO_BIN_EXE_vorpal")).args(["bench", "--depth", "3"]).output().unwrap();
    let nodes = |out: &[u8]| openbench_reads(&String::from_utf8_lossy(out)).0;
    assert!(nodes(&o.stdout).is_some());
    assert_eq!(nodes(&o.stdout), nodes(&mine.stdout), "the binary make built searches as this one does");
}

/// The node count of `vorpal bench` is the signature docs/benchmarks.md gives: a change that
/// should alter only speed leaves it, and one that alters the search must say so there.
#[test]
fn the_bench_signature_is_the_one_the_benchmarks_name() {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/benchmarks.md")).unwrap();
    let named = docs
        .split_once("**The bench signature** is **")
        .and_then(|(_, rest)| rest.split_once("**"))
        .map(|(number, _)| number.replace(',', "").parse::<u64>().unwrap())
        .expect("docs/benchmarks.md names the bench signature");
    let o = Command::new(env!("CARGO_BIN_EXE_vorpal")).arg("bench").output().unwrap();
    let (nodes, _) = openbench_reads(&String::from_utf8_lossy(&o.stdout));
    assert_eq!(nodes, Some(named), "bench's node count against the signature docs/benchmarks.md names");
}
