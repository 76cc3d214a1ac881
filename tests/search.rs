//! The search: finds wins by each family's rules, is deterministic, and the CLI reports it.

mod common;

use std::process::Command;

use common::{fast_moves, position, variant};
use vorpal::config::Config;
use vorpal::eval::Values;
use vorpal::rules::Rules;
use vorpal::search::tt::Tt;
use vorpal::search::{search, Info, Limits, MATE};
use vorpal::with_rules;

fn king_capture<R: Rules>(_: &R) -> bool {
    R::KING_CAPTURE
}

fn best(name: &str, fen: &str, depth: u32) -> Info {
    let v = variant(name, &[]);
    let mut pos = position(&v, fen);
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    with_rules!(&v.family, |r| search(
        r,
        &mut pos,
        Values::derive(&v, king_capture(r)),
        &limits,
        &mut Tt::new(4),
        |_| {}
    ))
    .expect("a move")
}

fn best_text(name: &str, fen: &str, depth: u32) -> String {
    let info = best(name, fen, depth);
    info.pv[0].to_text(&variant(name, &[]))
}

#[test]
fn search_finds_a_mate_in_one() {
    let info = best("normal", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4);
    assert_eq!(info.pv[0].to_text(&variant("normal", &[])), "a1a8");
    assert_eq!(info.score, MATE - 1);
    assert_eq!(info.score_text(), "mate 1");
}

#[test]
fn search_takes_a_hanging_queen() {
    assert_eq!(best_text("normal", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 4), "d2d5");
}

#[test]
fn search_captures_the_king_where_that_wins() {
    let lg = "4k3/8/8/8/8/8/8/r3K3|8/8/8/8/8/8/8/8 b - - 0 1";
    assert_eq!(best_text("lookingglass", lg, 3), "1a12e1");
    let io = "k5/6/6/6/6/r4K|******/******/**4/**4/******/****** b - - 0 1";
    assert_eq!(best_text("insideout", io, 3), "1a11f1");
}

#[test]
fn search_scores_monochrome_captures() {
    // Taking the queen on d5 scores 8 points.
    assert_eq!(best_text("monochrome", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 2), "d2d5");
}

#[test]
fn search_is_deterministic_and_plays_every_variant() {
    for name in Config::builtin().names() {
        let v = variant(&name, &[]);
        let a = best(&name, &v.start_fen, 3);
        let b = best(&name, &v.start_fen, 3);
        assert_eq!((a.nodes, a.score, &a.pv), (b.nodes, b.score, &b.pv), "{name}");
        let legal = fast_moves(&mut position(&v, &v.start_fen));
        assert!(legal.contains(&a.pv[0].to_text(&v)), "{name}: {:?}", a.pv);
    }
}

fn vorpal(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vorpal")).args(args).output().expect("runs")
}

#[test]
fn search_command_prints_info_lines_and_bestmove() {
    let o = vorpal(&["search", "--variant", "alice", "--depth", "3"]);
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("info depth 1 score cp "), "{out}");
    assert!(lines[2].contains(" nodes ") && lines[2].contains(" nps ") && lines[2].contains(" pv "), "{out}");
    assert!(lines[3].starts_with("bestmove 1"), "{out}");
    let o = vorpal(&["search", "--nodes", "5000"]);
    assert!(String::from_utf8_lossy(&o.stdout).lines().last().is_some_and(|l| l.starts_with("bestmove ")));
    let o = vorpal(&["search"]);
    assert_eq!(o.status.code(), Some(2));
    let o = vorpal(&["search", "--depth", "2", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("the game is over"));
}

#[test]
fn bench_prints_a_node_total() {
    let o = vorpal(&["bench", "--depth", "2"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), 14, "{out}");
    assert!(out.lines().last().is_some_and(|l| l.starts_with("nodes ") && l.contains(" nps ")), "{out}");
}
