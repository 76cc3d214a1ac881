//! python-chess, a second client implementation, plays full FIDE games against Vorpal over
//! XBoard and over UCI (tests/python/full_games.py; it installs `chess` with pip if needed).

use std::process::Command;

#[test]
fn python_chess_plays_full_games_over_xboard_and_uci() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/full_games.py");
    let output = match Command::new("python3").args([script, env!("CARGO_BIN_EXE_vorpal")]).output() {
        Ok(output) => output,
        Err(e) => panic!("python3 is needed for this test and could not be run: {e}"),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    for protocol in ["xboard: ", "uci: "] {
        assert!(stdout.lines().any(|l| l.starts_with(protocol) && l.contains(" plies, ")), "{stdout}");
    }
}
