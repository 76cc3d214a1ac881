//! What an outside fuzz of every input surface found, each kept as a test: the protocols keep
//! answering after extreme values, every line and file read is bounded, and what should be
//! refused is refused with its reason.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::engine::Engine;
use common::{text, vorpal};

fn uci() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e
}

/// A protocol's answer to `command` after `setup`: the lines up to `readyok` (UCI) or `pong`.
fn uci_reply(e: &mut Engine, command: &str) -> Vec<String> {
    e.send(command);
    e.send("isready");
    e.until("readyok")
}

#[test]
fn multipv_beyond_the_searched_moves_still_ends_with_a_best_move() {
    let mut e = uci();
    e.send("setoption name MultiPV value 2");
    e.send("position startpos");
    e.send("go depth 3 searchmoves e2e4");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().map(String::as_str).and_then(|l| l.split_whitespace().nth(1)), Some("e2e4"), "{lines:?}");
    e.send("quit");
    assert!(e.exits_cleanly() && !e.panicked());
}

#[test]
fn threads_the_system_cannot_start_are_done_without_and_said() {
    // 300 MB of address space leaves room for far fewer than 64 threads of 16 MB stacks.
    let script = "ulimit -v 300000; exec \"$0\"";
    let mut child = Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_vorpal")])
        .env("RUST_MIN_STACK", (16 << 20).to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let input = "uci\nsetoption name Threads value 64\nisready\nposition startpos\ngo depth 6\n";
    child.stdin.as_mut().unwrap().write_all(input.as_bytes()).unwrap();
    // The answer is awaited line by line; `quit` follows the best move.
    let stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    for line in std::io::BufRead::lines(std::io::BufReader::new(stdout)).map_while(Result::ok) {
        let done = line.starts_with("bestmove");
        seen.push(line);
        if done {
            break;
        }
    }
    let _ = child.stdin.as_mut().unwrap().write_all(b"quit\n");
    let status = child.wait().unwrap();
    let all = seen.join("\n");
    assert!(status.success(), "{all}");
    assert!(all.contains("bestmove"), "{all}");
    assert!(all.contains("threads could be started"), "the fallback is said: {all}");
}

#[test]
fn go_perft_counts_while_commands_are_read_and_quit_ends_it() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go perft 9");
    let lines = uci_reply(&mut e, "stop");
    assert!(lines.iter().any(|l| l.contains("perft 9 stopped")), "{lines:?}");
    e.send("go perft 2");
    let lines = e.until("Nodes searched");
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 400"));
    e.send("go perft 9");
    e.send("quit");
    assert!(e.end_input(Duration::from_secs(30)).is_some(), "quit ends a perft under way");
}

#[test]
fn a_line_longer_than_a_megabyte_is_refused_and_the_loop_goes_on() {
    let mut e = uci();
    let mut long = String::from("position startpos moves");
    while long.len() < 3 << 20 {
        long.push_str(" g1f3 g8f6 f3g1 f6g8");
    }
    e.send(&long);
    let lines = uci_reply(&mut e, "position startpos moves e2e4");
    assert!(lines.iter().any(|l| l.contains("longer than the 1048576 a line may have")), "{lines:?}");
    let lines = uci_reply(&mut e, "d");
    assert!(lines.iter().any(|l| l.starts_with("Fen: rnbqkbnr/pppppppp/8/8/4P3/")), "{lines:?}");
}

#[test]
fn bad_option_values_and_positions_are_refused_with_their_reason() {
    let mut e = uci();
    let lines = uci_reply(&mut e, "setoption name Ponder value maybe");
    assert!(lines.iter().any(|l| l.contains("Ponder") && l.contains("maybe")), "{lines:?}");
    let empty = [
        ("lookingglass", "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1"),
        ("insideout", "6/6/6/6/6/6|******/******/**4/**4/******/****** w - - 0 1 lastw:- lastb:-"),
        ("monochrome", "8/8/8/8/8/8/8/8 w - - 0 1"),
    ];
    for (variant, fen) in empty {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        let lines = uci_reply(&mut e, &format!("position fen {fen}"));
        assert!(lines.iter().any(|l| l.contains("no king")), "{variant}: {lines:?}");
    }
    e.send("setoption name UCI_Variant value alice");
    let lines =
        uci_reply(&mut e, "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq zz 0 1");
    assert!(lines.iter().any(|l| l.contains("'zz' is not a square")), "a bad en-passant field: {lines:?}");
    e.send("quit");
    assert!(e.exits_cleanly() && !e.panicked());
}

#[test]
fn xboard_reads_a_negative_clock_as_zero() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.until("feature done=1");
    e.send("time -500");
    e.send("otim -3");
    e.send("ping 1");
    let lines = e.until("pong 1");
    assert!(!lines.iter().any(|l| l.starts_with("Error")), "{lines:?}");
    e.send("quit");
    assert!(e.exits_cleanly());
}

#[test]
fn files_past_their_bound_are_refused_by_name() {
    let zero = "/dev/zero";
    let cases: [(&[&str], &str); 8] = [
        (&["--config", zero, "variants"], "larger than 4 MiB"),
        (&["perft", "--epd", zero], "--epd /dev/zero: larger than"),
        (&["play", "--pgn", zero], "--pgn /dev/zero: larger than"),
        (&["tune", "--data", zero], "--data /dev/zero line 1: longer than"),
        (&["train-network", "--data", zero, "--out", "/dev/null"], "--data /dev/zero line 1: longer than"),
        (&["train-network", "--data", zero, "--out", "/dev/null", "--start", zero], "--start /dev/zero: larger than"),
        (
            &["train-network", "--data", zero, "--out", "/dev/null", "--test", zero],
            "--test /dev/zero line 1: longer than",
        ),
        (
            &["match", "--openings", zero, "--engine", "a", "--engine", "b", "--st", "0.1", "--games", "1"],
            "--openings /dev/zero",
        ),
    ];
    for (args, reason) in cases {
        let out = vorpal(args);
        assert!(!out.status.success() && text(&out).contains(reason), "{args:?}: {}", text(&out));
    }
    let dir = std::env::temp_dir().join(format!("vorpal-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ini = dir.join("net.ini");
    std::fs::write(&ini, format!("[n:normal]\nnetwork = {zero}\n")).unwrap();
    let out = vorpal(&["--config", ini.to_str().unwrap(), "variants"]);
    assert!(text(&out).contains("network /dev/zero: larger than 64 MiB"), "{}", text(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engine_ini_takes_a_byte_order_mark_and_refuses_a_chain_of_thousands() {
    let dir = std::env::temp_dir().join(format!("vorpal-ini-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bom = dir.join("bom.ini");
    std::fs::write(&bom, "\u{feff}[mine:alice]\n").unwrap();
    let out = vorpal(&["--config", bom.to_str().unwrap(), "variants"]);
    assert!(out.status.success() && text(&out).contains("mine"), "{}", text(&out));
    let chain = dir.join("chain.ini");
    let sections: String = (1..3000).map(|i| format!("[v{i}:v{}]\n", i - 1)).collect();
    std::fs::write(&chain, format!("[v0:normal]\n{sections}")).unwrap();
    let out = vorpal(&["--config", chain.to_str().unwrap(), "variants"]);
    assert!(!out.status.success() && text(&out).contains("ancestors"), "{}", text(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_refuses_an_unknown_each_setting() {
    let out = vorpal(&["match", "--each", "bogus=1", "--engine", "a", "--engine", "b", "--st", "0.1", "--games", "1"]);
    assert!(
        !out.status.success() && text(&out).contains("--each: 'bogus=1' is not an engine setting"),
        "{}",
        text(&out)
    );
}

#[test]
fn play_hidden_plays_this_program_by_default() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vorpal"))
        .args(["play-hidden", "--st", "0.05"])
        .env("PATH", "/usr/bin:/bin")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("vorpal starts");
    child.stdin.as_mut().unwrap().write_all(b"resign\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let all = text(&out);
    assert!(all.contains("resign") && !all.contains("no such command"), "{all}");
}
