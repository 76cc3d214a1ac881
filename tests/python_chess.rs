//! python-chess, a second client implementation, plays full FIDE games against Vorpal over
//! XBoard and over UCI (tests/python/full_games.py). python3 is installed with apt, and the
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
