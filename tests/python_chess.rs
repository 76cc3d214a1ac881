//! python-chess, a second client implementation, plays full FIDE games against Vorpal over
//! XBoard and over UCI (tests/python/full_games.py), and reads the PGN of a `vorpal match` as
//! any chess tool would (tests/python/read_pgn.py). python3 is installed with apt, and the
//! `chess` package with pip or apt, when missing.

mod common;

use std::process::Command;

#[test]
fn python_chess_plays_full_games_over_xboard_and_uci() {
    let Some(python) = common::ensure_installed("/usr/bin/python3", "python3") else { return };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/full_games.py");
    let output = Command::new(python).args([script, env!("CARGO_BIN_EXE_vorpal")]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    for protocol in ["xboard: ", "uci: "] {
        assert!(stdout.lines().any(|l| l.starts_with(protocol) && l.contains(" plies, ")), "{stdout}");
    }
}

#[test]
fn python_chess_reads_the_pgn_of_a_fide_match() {
    let Some(python) = common::ensure_installed("/usr/bin/python3", "python3") else { return };
    let vorpal = env!("CARGO_BIN_EXE_vorpal");
    // full_games.py installs the `chess` package when it is missing; one short game does it.
    let installer = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/full_games.py");
    let installed = Command::new(&python).args([installer, vorpal, "--max-plies", "2"]).output().unwrap();
    assert!(installed.status.success(), "{}", String::from_utf8_lossy(&installed.stderr));
    let pgn = std::env::temp_dir().join(format!("vorpal-python-chess-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let settings = ["--games", "4", "--st", "0.02", "--random-plies", "3", "--pgn", pgn.to_str().unwrap()];
    let args = [&["match", "--engine", vorpal, "--engine", vorpal][..], &settings].concat();
    assert!(Command::new(vorpal).args(args).output().unwrap().status.success());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/read_pgn.py");
    let read = Command::new(&python).args([script, pgn.to_str().unwrap()]).output().unwrap();
    let stdout = String::from_utf8_lossy(&read.stdout);
    assert!(read.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&read.stderr));
    assert_eq!(stdout.trim(), "4 games read");
}
