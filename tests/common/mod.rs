//! Helpers shared by the integration tests.

#![allow(dead_code)]

pub mod engine;
pub mod gui;
pub mod reference;

use std::process::{Command, Output};
use std::sync::Arc;

use vorpal::config::{Config, Loaded};
use vorpal::movegen::legal;
pub use vorpal::position::FenError;
use vorpal::position::Position;
use vorpal::variant::Variant;
use vorpal::with_rules;

/// A built-in variant with options.
pub fn variant(name: &str, options: &[(&str, &str)]) -> Arc<Variant> {
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Config::builtin().variant(name, &options).expect("built-in variant")
}

/// A built-in variant with options, and its evaluation.
pub fn loaded(name: &str, options: &[(&str, &str)]) -> Loaded {
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Config::builtin().loaded(name, &options).expect("built-in variant")
}

/// A position from FEN, panicking with the reason on failure.
pub fn position(variant: &Arc<Variant>, fen: &str) -> Position {
    Position::from_fen(variant.clone(), fen).unwrap_or_else(|e| panic!("{e}: {fen}"))
}

/// The legal moves of the fast generator, as sorted texts.
pub fn fast_moves(pos: &mut Position) -> Vec<String> {
    let variant = pos.variant().clone();
    let mut list = Vec::new();
    with_rules!(&variant.family(), |rules| legal(rules, pos, &mut list));
    let mut texts: Vec<String> = list.iter().map(|m| m.to_text(&variant)).collect();
    texts.sort();
    texts
}

/// `vorpal match` arguments for games that test rules and protocols, not clocks: a loaded machine
/// may delay a short move well past its time, so the runner waits five seconds before a loss on time.
pub const PATIENT: [&str; 2] = ["--timemargin", "5000"];

/// Vorpal's seeded random generator, for reproducible random tests.
pub use vorpal::random::Rng;

/// Up to `len` random characters of `alphabet`.
pub fn random_text(rng: &mut Rng, alphabet: &[u8], len: usize) -> String {
    (0..rng.below(len + 1)).map(|_| alphabet[rng.below(alphabet.len())] as char).collect()
}

/// Plays a random legal move; `false` (and nothing played) when there is none.
pub fn play_random(pos: &mut Position, rng: &mut Rng) -> bool {
    let variant = pos.variant().clone();
    let mut list = Vec::new();
    with_rules!(&variant.family(), |rules| legal(rules, pos, &mut list));
    if list.is_empty() {
        return false;
    }
    pos.make(list[rng.below(list.len())]);
    true
}

/// Plays `games` random games of up to `plies` plies from the variant's start, showing
/// `visit` every position before its move is played.
pub fn random_games(
    variant: &Arc<Variant>,
    rng: &mut Rng,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&mut Position),
) {
    for _ in 0..games {
        let mut pos = position(variant, &variant.start_fen);
        for _ in 0..plies {
            visit(&mut pos);
            if !play_random(&mut pos, rng) {
                break;
            }
        }
    }
}

/// The legal moves of a position of a built-in variant (with options), as sorted texts.
pub fn moves_with(name: &str, options: &[(&str, &str)], fen: &str) -> Vec<String> {
    let v = variant(name, options);
    fast_moves(&mut position(&v, fen))
}

/// The legal moves of a position of a built-in variant, as sorted texts.
pub fn moves(name: &str, fen: &str) -> Vec<String> {
    moves_with(name, &[], fen)
}

/// The FEN after playing `mv` (which must be legal).
pub fn play_with(name: &str, options: &[(&str, &str)], fen: &str, mv: &str) -> String {
    let v = variant(name, options);
    let mut pos = position(&v, fen);
    let parsed = with_rules!(&v.family(), |rules| vorpal::movegen::parse_move(rules, &mut pos, mv));
    pos.make(parsed.unwrap_or_else(|e| panic!("{e} in {fen}")));
    pos.to_fen()
}

/// The FEN after playing `mv` (which must be legal).
pub fn play(name: &str, fen: &str, mv: &str) -> String {
    play_with(name, &[], fen, mv)
}

/// Whether the side to move is in check.
pub fn in_check(name: &str, fen: &str) -> bool {
    let v = variant(name, &[]);
    let pos = position(&v, fen);
    with_rules!(&v.family(), |rules| vorpal::movegen::in_check(rules, &pos, pos.side()))
}

/// Whether a FEN is rejected, and why.
pub fn rejected(name: &str, fen: &str) -> Option<String> {
    fen_error(name, fen).map(|e| e.to_string())
}

/// Why `fen` is rejected in `name`, as the error value; `None` if it is accepted.
#[allow(dead_code)]
pub fn fen_error(name: &str, fen: &str) -> Option<FenError> {
    Position::from_fen(variant(name, &[]), fen).err()
}

/// Asserts that `mv` is among the legal moves.
#[track_caller]
pub fn assert_legal(name: &str, fen: &str, mv: &str) {
    let m = moves(name, fen);
    assert!(m.contains(&mv.to_string()), "{mv} should be legal in {name} {fen}; legal: {m:?}");
}

/// Asserts that `mv` is not among the legal moves.
#[track_caller]
pub fn assert_illegal(name: &str, fen: &str, mv: &str) {
    let m = moves(name, fen);
    assert!(!m.contains(&mv.to_string()), "{mv} should be illegal in {name} {fen}");
}

/// The outcome of a position (after its history, if any), as `Outcome`'s text or `None`.
pub fn outcome(name: &str, fen: &str, moves: &[&str]) -> Option<String> {
    let v = variant(name, &[]);
    let mut pos = position(&v, fen);
    with_rules!(&v.family(), |rules| {
        for m in moves {
            let mv = vorpal::movegen::parse_move(rules, &mut pos, m).unwrap_or_else(|e| panic!("{e}"));
            pos.make(mv);
        }
        vorpal::movegen::outcome(rules, &mut pos).map(|o| o.to_string())
    })
}

/// A two-board FEN from its boards and the remaining fields.
pub fn fen(board1: &str, board2: &str, rest: &str) -> String {
    format!("{board1}|{board2} {rest}")
}

/// Makes sure `program` (a path) exists, installing the Debian `package` with apt-get when it
/// does not (as root, or with `sudo -n`). On a machine where nothing can be installed (no
/// apt-get, neither root nor password-less sudo) it prints that the test is skipped and returns
/// `None`; under `CI=true` it never skips, and panics with the command to run if that fails.
/// The tests of one binary run side by side, and apt-get fails at once while another holds its
/// lock: one install at a time here, and apt-get waits for any other apt on the machine.
pub fn ensure_installed(program: &str, package: &str) -> Option<String> {
    use std::path::Path;
    use std::process::Command;
    use std::sync::Mutex;
    static INSTALLING: Mutex<()> = Mutex::new(());
    let _one_at_a_time = INSTALLING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if Path::new(program).exists() {
        return Some(program.to_string());
    }
    let runs = |cmd: &[&str]| Command::new(cmd[0]).args(&cmd[1..]).output().is_ok_and(|o| o.status.success());
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout == b"0\n");
    let can_install = Path::new("/usr/bin/apt-get").exists() && (root || runs(&["sudo", "-n", "true"]));
    if !can_install && std::env::var("CI").as_deref() != Ok("true") {
        eprintln!("SKIPPED: {program} is missing and this machine cannot install it (apt-get install {package})");
        return None;
    }
    let prefix: &[&str] = if root { &[] } else { &["sudo", "-n"] };
    let wait = "DPkg::Lock::Timeout=600";
    for args in
        [&["apt-get", "-o", wait, "update", "-q"][..], &["apt-get", "-o", wait, "install", "-y", "-q", package][..]]
    {
        let all: Vec<&str> = prefix.iter().chain(args).copied().collect();
        let _ = Command::new(all[0]).args(&all[1..]).env("DEBIAN_FRONTEND", "noninteractive").output();
    }
    assert!(Path::new(program).exists(), "{program} is needed: apt-get install {package} (the test could not)");
    Some(program.to_string())
}

/// The binary under test.
pub const VORPAL: &str = env!("CARGO_BIN_EXE_vorpal");

/// Runs the binary with `args` and waits for it.
pub fn vorpal(args: &[&str]) -> Output {
    Command::new(VORPAL).args(args).output().expect("vorpal runs")
}

/// What a run printed: standard output, then standard error.
pub fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}
