//! Every kind of game end, by each family's rules, and the `play` command that reports it.

mod common;

use std::process::Command;

use common::outcome;

#[test]
fn checkmate_wins_and_stalemate_draws() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(outcome("normal", start, &["f2f3", "e7e5", "g2g4", "d8h4"]).as_deref(), Some("0-1 (checkmate)"));
    assert_eq!(outcome("normal", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]).as_deref(), Some("1/2-1/2 (stalemate)"));
    assert_eq!(outcome("normal", start, &[]), None);
}

#[test]
fn alice_checkmate() {
    // The rook gives check on board 1; every escape square of the king is covered or blocked.
    let mate = "3k4/8/8/8/8/8/5PPP/3r2K1|8/8/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(outcome("alice", mate, &[]).as_deref(), Some("0-1 (checkmate)"));
}

#[test]
fn fifty_move_rule_and_threefold_repetition_draw() {
    assert_eq!(outcome("normal", "4k3/8/8/8/8/8/8/4K2R w - - 100 80", &[]).as_deref(), Some("1/2-1/2 (50-move rule)"));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"];
    assert_eq!(outcome("normal", start, &shuffle[..4]), None);
    assert_eq!(outcome("normal", start, &shuffle).as_deref(), Some("1/2-1/2 (threefold repetition)"));
}

#[test]
fn fide_too_little_material_to_mate_draws_at_once() {
    let draw = Some("1/2-1/2 (insufficient material)");
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/3N4/8/8/4K3 b - - 0 1",
        "4k3/8/8/8/3b4/8/8/4K3 w - - 0 1",
        // Bishops alone, every one on a dark cell, however many.
        "4kb2/8/8/8/3B4/8/8/B3K3 w - - 0 1",
    ] {
        assert_eq!(outcome("normal", fen, &[]).as_deref(), draw, "{fen}");
    }
    // A mate can still be helped along: bishops on both colours, two knights, knight and bishop,
    // a pawn.
    for fen in [
        "4k3/8/8/8/3B4/8/8/1B2K3 w - - 0 1",
        "2b1k3/8/8/8/3B4/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/3N4/8/8/1N2K3 w - - 0 1",
        "4k3/8/8/8/3N4/8/8/1b2K3 w - - 0 1",
        "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1",
    ] {
        assert_eq!(outcome("normal", fen, &[]), None, "{fen}");
    }
    // The capture that leaves a lone knight ends the game, in Chess960 too.
    assert_eq!(outcome("normal", "4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1", &["e1d2"]).as_deref(), draw);
    assert_eq!(outcome("fischerandom", "4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1", &["e1d2"]).as_deref(), draw);
    // Only FIDE chess's family: a lone bishop is not a dead draw by the other families' rules here.
    assert_eq!(outcome("alice", "4k3/8/8/8/3B4/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1", &[]), None);
}

#[test]
fn the_search_sees_a_repetition_as_the_rules_count_it() {
    // Kings and a rook wandering at random repeat positions often; the search's quick test
    // must agree with the full count at every ply, in one-board and two-board variants.
    for (name, fen) in
        [("normal", "k7/8/8/8/8/8/8/K6R w - - 0 1"), ("alice", "k7/8/8/8/8/8/8/K6R|8/8/8/8/8/8/8/8 w - - 0 1")]
    {
        let v = common::variant(name, &[]);
        let mut pos = common::position(&v, fen);
        let mut rng = common::Rng::new(7);
        let mut repeated = 0;
        for _ in 0..400 {
            if pos.halfmove() >= 100 || !common::play_random(&mut pos, &mut rng) {
                pos = common::position(&v, fen);
                continue;
            }
            assert_eq!(pos.repeated(), pos.repetitions() >= 2, "{name}: {}", pos.to_fen());
            repeated += pos.repeated() as usize;
        }
        assert!(repeated > 0, "{name}: no repetition in 400 plies");
    }
}

fn vorpal(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vorpal")).args(args).output().expect("runs")
}

#[test]
fn play_prints_fen_boards_and_outcome() {
    let o = vorpal(&["play", "f2f3", "e7e5", "g2g4", "d8h4"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    assert_eq!(out.lines().next(), Some("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));
    assert!(out.contains(" 4  . . . . . . P q "), "{out}");
    assert_eq!(out.lines().last(), Some("result 0-1 (Black mates)"));
    let o = vorpal(&["play", "--variant", "alice", "1e22e4"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("board 1") && out.contains("board 2"), "{out}");
    assert_eq!(out.lines().last(), Some("result * (Black to move)"));
}

#[test]
fn play_rejects_an_illegal_move_with_its_reason() {
    let o = vorpal(&["play", "e2e4", "e7e6", "e4e6"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert!(err.contains("move 3") && err.contains("cannot move to e6"), "{err}");
    let o = vorpal(&[
        "play",
        "--variant",
        "lookingglass",
        "--fen",
        "4k3/8/8/8/8/8/8/r3K3|8/8/8/8/8/8/8/8 b - - 0 1",
        "1a12e1",
        "1e82e7",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("already over"), "{err}");
}

#[test]
fn play_and_perft_take_looking_glass_setups() {
    let o = vorpal(&["play", "--variant", "lookingglass", "--setup", "0:959"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("8/8/8/8/8/8/PPPPPPPP/BBQNNRKR|rkrnnqbb/pppppppp/8/8/8/8/8/8 w HFca - 0 1"), "{out}");
    let random = || vorpal(&["play", "--variant", "lookingglass", "--setup", "random:7"]).stdout;
    assert_eq!(random(), random(), "a seed gives the same setup every time");
    assert_ne!(random(), vorpal(&["play", "--variant", "lookingglass", "--setup", "random:8"]).stdout);
    for bad in ["960:1", "x", "random:x"] {
        let o = vorpal(&["perft", "--variant", "lookingglass", "--setup", bad, "--depth", "1"]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
    }
    let o = vorpal(&["perft", "--variant", "normal", "--setup", "1:1", "--depth", "1"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("--setup is for Chess960 variants"));
    let o = vorpal(&["play", "--variant", "fischerandom", "--setup", "0"]);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"));
}
