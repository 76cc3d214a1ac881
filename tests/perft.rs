//! The perft suites of perft/ (one file per variant), within a node limit; the full suites are
//! an opt-in test (`cargo test --release -- --ignored`) and belong to benchmarks. They run on
//! 64-bit masks, as the search does, and the smaller counts also on 128-bit ones, which boards
//! of more than 64 cells and the protocols' move checks use.

mod common;

use std::path::Path;
use std::sync::Arc;

use vorpal::config::Config;
use vorpal::eval::{Eval, Incremental};
use vorpal::geometry::{Narrow, Word};
use vorpal::movegen::standard::{Fast, Standard};
use vorpal::movegen::standard_alice::StandardAlice;
use vorpal::movegen::{in_check, legal, legal_with, legality_unplayed, pseudo_legal, Legality, Move, MoveKind};
use vorpal::perft::{parse_suite, perft, Suite};
use vorpal::pieces::Color;
use vorpal::position::Position;
use vorpal::rules::Rules;
use vorpal::variant::Variant;
use vorpal::{with_narrowest, with_rules};

/// The largest expected count run by the default test suite.
const NODE_LIMIT: u64 = 10_000_000;
/// The largest expected count also run on 128-bit masks by the default test suite.
const WIDE_NODE_LIMIT: u64 = 300_000;

fn suites() -> Vec<(String, Suite, Arc<Variant>)> {
    let mut files: Vec<_> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("perft"))
        .expect("perft/ exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "epd"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let suite = parse_suite(&std::fs::read_to_string(&path).expect("readable")).expect("well-formed suite");
            let name = suite.variant.clone().expect("every suite names its variant");
            let variant = Config::builtin().variant(&name, &suite.options).expect("known variant");
            (path.display().to_string(), suite, variant)
        })
        .collect()
}

/// Checks every count up to `limit` with the masks the search uses, and up to `wide_limit` with
/// 128-bit masks.
fn run(limit: u64, wide_limit: u64) {
    let (mut checked, mut wide) = (0, 0);
    for (file, suite, variant) in suites() {
        for case in &suite.cases {
            let mut pos =
                Position::from_fen(variant.clone(), &case.fen).unwrap_or_else(|e| panic!("{file}:{}: {e}", case.line));
            assert!(pos.narrowed().is_some(), "{file}: every built-in board fits 64-bit masks");
            for &(depth, expected) in case.expected.iter().filter(|(_, n)| *n <= limit) {
                let nodes = with_narrowest!(pos, |rules, narrow| perft(rules, &mut narrow, depth));
                assert_eq!(nodes, expected, "{file}:{} depth {depth}: {}", case.line, case.fen);
                checked += 1;
                if expected <= wide_limit {
                    let nodes = with_rules!(&variant.family(), |rules| perft(rules, &mut pos, depth));
                    assert_eq!(nodes, expected, "{file}:{} depth {depth} on 128-bit masks: {}", case.line, case.fen);
                    wide += 1;
                }
            }
        }
    }
    assert!(checked > 50 && wide > 50, "only {checked} counts checked, {wide} on 128-bit masks");
}

#[test]
fn perft_suites_within_node_limit() {
    run(NODE_LIMIT, WIDE_NODE_LIMIT);
}

#[test]
#[ignore = "deep perft: minutes; run with --ignored"]
fn perft_suites_full() {
    run(u64::MAX, u64::MAX);
}

/// Walks the tree, checking at every node that the incremental hash and material and
/// piece-square sums equal recomputed ones, that the search key worked out before a plain
/// move is the one after it, that FEN round-trips, that the tactical generator yields exactly the captures and
/// promotions among the legal moves, that every move proven legal or illegal without being
/// played (pins, exposure, ways out of check) is so when played, and that make then unmake
/// restores the position.
fn walk<W: Word>(pos: &mut Position<W>, depth: u32, eval: &Eval<W>, running: &mut Incremental) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash drifted at {}", pos.to_fen());
    let afresh = Incremental::new(eval, pos);
    assert_eq!(running.features().sums, afresh.features().sums, "piece-square sums drifted at {}", pos.to_fen());
    let fen = pos.to_fen();
    let again = Position::from_fen(pos.variant().clone(), &fen).unwrap_or_else(|e| panic!("{e}: {fen}"));
    assert_eq!(again.to_fen(), fen);
    assert_eq!(again.hash(), pos.hash(), "hash differs after a FEN round trip: {fen}");
    if depth == 0 {
        return;
    }
    let variant = pos.variant().clone();
    let mut list = Vec::new();
    let mut tactical = Vec::new();
    with_rules!(&variant.family(), |rules| {
        legal(rules, pos, &mut list);
        legal_with(rules, pos, &Legality::new(rules, pos), true, &mut tactical);
        let legality = Legality::new(rules, pos);
        let mut pseudo = Vec::new();
        pseudo_legal(rules, pos, &mut pseudo);
        for mv in pseudo {
            if let Some(proven) = legality_unplayed(rules, pos, &legality, mv) {
                // Played, never judged by a shortcut (is_legal takes the king's own).
                let us = pos.side();
                pos.make_with(rules, mv);
                let played = variant.family().captures_kings() || !in_check(rules, pos, us);
                pos.unmake();
                assert_eq!(proven, played, "{} proven {proven}, played {played} at {fen}", mv.to_text(&variant));
            }
        }
    });
    let mut expected: Vec<String> = list.iter().filter(|m| !m.is_quiet()).map(|m| m.to_text(&variant)).collect();
    let mut got: Vec<String> = tactical.iter().map(|m| m.to_text(&variant)).collect();
    expected.sort();
    got.sort();
    assert_eq!(got, expected, "tactical moves differ at {fen}");
    for mv in list {
        let guessed = with_rules!(&variant.family(), |rules| key_after(rules, pos, mv));
        let rights = |pos: &Position<W>| Color::ALL.map(|c| [0, 1].map(|side| pos.castling_squares(c, side)));
        let rights_before = rights(pos);
        pos.make(mv);
        // The key worked out before the move is right unless the move castles or changes rights or en passant.
        if mv.kind() != MoveKind::Castle && pos.en_passant().is_none() && rights(pos) == rights_before {
            if let Some(guessed) = guessed {
                let played = with_rules!(&variant.family(), |rules| key(rules, pos));
                assert_eq!(guessed, played, "key after {} guessed wrong at {fen}", mv.to_text(&variant));
            }
        }
        running.push(eval, pos);
        walk(pos, depth - 1, eval, running);
        pos.unmake();
        running.pop();
        assert_eq!(pos.to_fen(), fen, "make/unmake of {} did not restore", mv.to_text(&variant));
    }
}

#[test]
fn incremental_hash_and_sums_match_recomputed_at_every_node_of_the_suites() {
    for (file, suite, variant) in suites() {
        let evaluation = Config::builtin().loaded(&variant.name, &suite.options).expect("known variant").evaluation;
        let eval = Eval::new(&variant, &evaluation);
        let narrow_eval = Eval::new(variant.narrow().expect("built-in boards fit 64-bit masks"), &evaluation);
        for case in &suite.cases {
            let mut pos =
                Position::from_fen(variant.clone(), &case.fen).unwrap_or_else(|e| panic!("{file}:{}: {e}", case.line));
            let depth = case.expected.iter().filter(|(_, n)| *n <= 20_000).map(|(d, _)| *d).max().unwrap_or(1);
            let mut narrow = pos.narrowed().expect("built-in boards fit 64-bit masks");
            let mut running = Incremental::new(&narrow_eval, &narrow);
            walk(&mut narrow, depth, &narrow_eval, &mut running);
            let mut running = Incremental::new(&eval, &pos);
            walk(&mut pos, depth.min(2), &eval, &mut running);
        }
    }
}

/// The search key of `pos` under `R`'s rules.
fn key<W: Word, R: Rules<W>>(_rules: &R, pos: &Position<W>) -> u64 {
    pos.search_key::<R>()
}

/// The search key after `mv` under `R`'s rules, worked out without playing it.
fn key_after<W: Word, R: Rules<W>>(_rules: &R, pos: &Position<W>, mv: Move) -> Option<u64> {
    pos.search_key_after::<R>(mv)
}

/// Walks the tree, checking at every node that a fast generator lists exactly the generic
/// generator's legal moves, and counts as many.
fn same_moves(fast: &impl Fast, pos: &mut Position<Narrow>, depth: u32) -> u64 {
    let variant = pos.variant().clone();
    let fen = pos.to_fen();
    let texts = |moves: &[Move]| {
        let mut texts: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
        texts.sort();
        texts
    };
    let mut generic = Vec::new();
    with_rules!(&variant.family(), |rules| legal(rules, pos, &mut generic));
    let mut listed = Vec::new();
    fast.legal(pos, &mut listed);
    assert_eq!(texts(&listed), texts(&generic), "the fast generator differs at {fen}");
    assert_eq!(fast.count(pos), generic.len() as u64, "the fast count differs at {fen}");
    let mut nodes = 1;
    if depth > 0 {
        for mv in generic {
            pos.make(mv);
            nodes += same_moves(fast, pos, depth - 1);
            pos.unmake();
        }
    }
    nodes
}

/// Checks `same_moves` to `depth` from every position of the suites whose variant `fast_of`
/// gives a fast generator; the number of positions checked.
fn fast_paths_agree<F: Fast>(fast_of: impl Fn(&Variant<Narrow>) -> Option<F>, depth: u32) -> u64 {
    let mut nodes = 0;
    for (file, suite, variant) in suites() {
        let Some(fast) = variant.narrow().and_then(|v| fast_of(v)) else { continue };
        for case in &suite.cases {
            let pos = Position::from_fen(variant.clone(), &case.fen).unwrap_or_else(|e| panic!("{file}: {e}"));
            let mut narrow = pos.narrowed().expect("8x8 fits 64-bit masks");
            nodes += same_moves(&fast, &mut narrow, depth);
        }
    }
    nodes
}

#[test]
fn standard_generator_lists_the_generic_legal_moves_at_every_node_of_the_fide_suites() {
    let nodes = fast_paths_agree(Standard::of, 3);
    assert!(nodes > 100_000, "only {nodes} FIDE positions checked");
    println!("{nodes} positions: the same moves");
}

#[test]
fn standard_alice_generator_lists_the_generic_legal_moves_at_every_node_of_the_alice_suites() {
    let nodes = fast_paths_agree(StandardAlice::of, 3);
    assert!(nodes > 100_000, "only {nodes} Alice positions checked");
    println!("{nodes} positions: the same moves");
}
