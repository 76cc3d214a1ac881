//! The evaluation of each family, and its data in engine.ini.

mod common;

use common::{fen, loaded, play_random, position, variant, Rng};
use vorpal::config::{Config, Loaded};
use vorpal::eval::{Eval, Evaluate, Incremental, Terms};
use vorpal::geometry::{Cell, Square};
use vorpal::pieces::Color;
use vorpal::position::Position;
use vorpal::with_rules;

/// The evaluation of `fen` in variant `name` by its terms (without FIDE chess's network), for
/// the side to move.
fn value(name: &str, fen: &str) -> i32 {
    evaluated(&adjusted(name, ""), fen)
}

/// The evaluation of `fen` by `loaded`, for the side to move.
fn evaluated(loaded: &Loaded, fen: &str) -> i32 {
    let pos = position(&loaded.variant, fen);
    with_rules!(&loaded.variant.family(), |r| r.evaluate_alone(&pos, &loaded.eval()))
}

/// The term weights of built-in variant `name`.
fn terms(name: &str) -> Terms {
    loaded(name, &[]).evaluation.data.terms.clone()
}

/// The standard terms of `pos` by `eval`, its sums counted afresh.
fn standard<R: Evaluate<W>, W: vorpal::geometry::Word>(r: &R, eval: &Eval<W>, pos: &Position<W>) -> i32 {
    eval.standard(r, pos, Incremental::new(eval, pos).features().sums)
}

#[test]
fn every_start_position_is_level_but_for_the_tempo() {
    for name in Config::builtin().names() {
        let v = variant(&name, &[]);
        assert_eq!(value(&name, &v.start_fen), terms(&name).tempo, "{name}");
    }
}

/// The same position with the colours exchanged: ranks reversed, cases swapped, the side to
/// move flipped, and in `swap_boards` variants (whose sides start on different boards) the
/// boards exchanged too. `None` when it has an en-passant square (not mirrored here).
fn colours_exchanged(fen: &str, swap_boards: bool) -> Option<String> {
    let fields: Vec<&str> = fen.split(' ').collect();
    let [boards, side, castling, "-", rest @ ..] = &fields[..] else { return None };
    let swap_case = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect()
    };
    let mut mirrored: Vec<String> =
        boards.split('|').map(|b| swap_case(&b.split('/').rev().collect::<Vec<_>>().join("/"))).collect();
    if swap_boards {
        mirrored.reverse();
    }
    let side = if *side == "w" { "b" } else { "w" };
    Some(format!("{} {side} {} - {}", mirrored.join("|"), swap_case(castling), rest.join(" ")))
}

#[test]
fn the_evaluation_favours_neither_colour() {
    // Positions from random games against their colour-exchanged twins: any difference would
    // be a term that counts for one colour differently than for the other.
    for (name, swap_boards) in [("normal", false), ("alice", false), ("lma", true), ("lmadouble", true)] {
        let v = variant(name, &[]);
        let mut rng = Rng::new(0x5eed_0001);
        let mut compared = 0;
        for game in 0..40 {
            let mut pos = position(&v, &v.start_fen);
            for _ in 0..(4 + game % 20) {
                if !play_random(&mut pos, &mut rng) {
                    break;
                }
            }
            let fen = pos.to_fen();
            let Some(twin) = colours_exchanged(&fen, swap_boards) else { continue };
            assert_eq!(value(name, &fen), value(name, &twin), "{name}: {fen} against {twin}");
            compared += 1;
        }
        assert!(compared >= 30, "{name}: only {compared} positions without en passant");
    }
}

#[test]
fn alice_values_pieces_on_the_enemy_kings_board() {
    let on_kings_board = fen("4k3/8/8/3N4/8/8/8/4K3", "8/8/8/8/8/8/8/8", "w - - 0 1");
    let elsewhere = fen("4k3/8/8/8/8/8/8/4K3", "8/8/8/3N4/8/8/8/8", "w - - 0 1");
    // The weight is engine.ini's (tuned on data), whatever its sign.
    let weight = terms("alice").king_board;
    assert_ne!(weight, 0);
    // The knight's attacks next to the king differ too: those terms are tested on their own.
    let without_activity = |fen: &str| value_adjusted("alice", "king_zone:0 king_zone_across:0", fen);
    assert_eq!(without_activity(&on_kings_board) - without_activity(&elsewhere), weight);
}

#[test]
fn lma_values_pieces_of_the_enemy_kings_colour_class() {
    // The black king on 1d7 is in class (3 + 6 + 0) mod 2 = 1; a rook on 1a2 is in class 1,
    // one on 1b2 in class 0.
    let same = fen("3k2/6/6/6/6/R5/3K2", "6/6/6/6/6/6/6", "w - - 0 1");
    let other = fen("3k2/6/6/6/6/1R4/3K2", "6/6/6/6/6/6/6", "w - - 0 1");
    let mobility = 0; // a rook reaches as many cells from a2 as from b2 on an empty 6x7 board
    let weight = terms("lma").king_class;
    assert_ne!(weight, 0);
    assert_eq!(value("lma", &same) - value("lma", &other), weight + mobility);
}

/// The LMA king-class term by its definition, square by square: each side's pieces (not pawns
/// or kings) whose `(file + rank + board) mod 2` is that of the enemy king, times the weight.
fn king_class_by_definition(pos: &Position) -> i32 {
    let v = pos.variant().clone();
    let g = &v.geometry();
    let class = |sq: Square| (g.file(sq.cell()) + g.rank(sq.cell()) + sq.layer().number()) % 2;
    let squares: Vec<Square> =
        g.all_layers().flat_map(|l| Cell::up_to(g.area()).map(move |c| Square::new(l, c))).collect();
    let count = |color: Color| {
        let Some(king) = squares.iter().find(|&&sq| {
            let p = pos.piece_at(sq);
            !p.is_none() && p.color() == color.flip() && Some(p.role()) == v.king
        }) else {
            return 0;
        };
        squares
            .iter()
            .filter(|&&sq| {
                let p = pos.piece_at(sq);
                !p.is_none()
                    && p.color() == color
                    && Some(p.role()) != v.king
                    && Some(p.role()) != v.pawn
                    && class(sq) == class(*king)
            })
            .count() as i32
    };
    terms(&v.name).king_class * (count(pos.side()) - count(pos.side().flip()))
}

#[test]
fn lma_king_class_term_agrees_with_its_definition() {
    // In random games: the terms' evaluation less its standard terms, on 128-bit and 64-bit
    // masks.
    let mut rng = Rng::new(0x5eed_0002);
    for name in ["lma", "lmadouble"] {
        let loaded = adjusted(name, "");
        let v = loaded.variant.clone();
        let eval = loaded.eval();
        let narrow_eval = Eval::new(v.narrow().expect("LMA's boards fit 64 bits"), &loaded.evaluation);
        let mut nonzero = 0;
        common::random_games(&v, &mut rng, 30, 60, |pos| {
            let expected = king_class_by_definition(pos);
            nonzero += (expected != 0) as usize;
            with_rules!(&v.family(), |r| assert_eq!(r.evaluate_alone(pos, &eval) - standard(r, &eval, pos), expected));
            let narrow = pos.narrowed().expect("LMA's boards fit 64 bits");
            let narrow_variant = narrow.variant().clone();
            with_rules!(&narrow_variant.family(), |r| {
                assert_eq!(r.evaluate_alone(&narrow, &narrow_eval) - standard(r, &narrow_eval, &narrow), expected)
            });
        });
        assert!(nonzero > 100, "{name}: only {nonzero} positions with a king-class difference");
    }
}

#[test]
fn monochrome_counts_the_captured_score_first() {
    let ahead = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 score:3-0 last:-";
    let level = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 score:0-0 last:-";
    assert_eq!(value("monochrome", ahead) - value("monochrome", level), 300);
}

#[test]
fn insideout_fears_the_last_king() {
    let two_kings = "2kk2/6/6/6/6/2KK2|******/******/**4/**4/******/****** w - - 0 1 lastw:- lastb:-";
    let one_king = "2kk2/6/6/6/6/2K3|******/******/**4/**4/******/****** w - - 0 1 lastw:- lastb:-";
    let loss = |loaded: &Loaded| {
        let v = &loaded.variant;
        let value = |fen| with_rules!(&v.family(), |r| r.evaluate_alone(&position(v, fen), &loaded.eval()));
        value(two_kings) - value(one_king)
    };
    // engine.ini's `last_king` is tuned on data (to 0, so far): whatever it is, it is what
    // being down to the last king costs beyond the king itself, in the terms (which serve
    // where Inside-out's network is set aside).
    let without_network = ("network", "none".to_string());
    let tuned = Config::builtin().loaded_adjusted("insideout", &[], std::slice::from_ref(&without_network)).unwrap();
    let dearer = Config::builtin()
        .loaded_adjusted(
            "insideout",
            &[],
            &[without_network, ("eval", format!("last_king:{}", terms("insideout").last_king + 300))],
        )
        .expect("the variant with a dearer last king");
    assert_eq!(loss(&dearer) - loss(&tuned), 300);
    assert!(loss(&tuned) > 400, "losing a king costs about a king: {}", loss(&tuned));
}

#[test]
fn lookingglass_fears_attacks_on_the_king() {
    // A rook on h2 attacks d2, e2 and f2 next to the king; one on a8 nothing near it. A rook
    // reaches 14 cells from either on an empty board, so with the activity terms (tested on
    // their own) left out only the king-safety term differs.
    let quiet = fen("r3k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/8/8", "w - - 0 1");
    let attacked = fen("4k3/8/8/8/8/8/7r/4K3", "8/8/8/8/8/8/8/8", "w - - 0 1");
    let weight = terms("lookingglass").king_attack;
    assert_ne!(weight, 0);
    let without_activity = |fen: &str| value_adjusted("lookingglass", "piece_mobility:0 king_zone:0", fen);
    assert_eq!(without_activity(&quiet) - without_activity(&attacked), 3 * weight);
}

#[test]
fn a_passed_pawn_gains_with_each_rank() {
    // Both lone pawns are isolated in both positions; only White's e5 changes from blocked
    // (by e7) to passed (a7 is passed too, but on its start rank, where the bonus is 0).
    let blocked = "4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1";
    let passed = "4k3/p7/8/4P3/8/8/8/4K3 w - - 0 1";
    let three_ranks = 8 * (3 * 3 + 3) / 2;
    assert_eq!(term_worth("passed_pawn", 8, passed) - term_worth("passed_pawn", 8, blocked), three_ranks);
}

#[test]
fn doubled_and_isolated_pawns_cost() {
    let apart = "4k3/8/8/8/8/3P4/4P3/4K3 w - - 0 1";
    let doubled = "4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1";
    // Side by side, neither pawn is isolated; one behind the other, one is doubled and both isolated.
    assert_eq!(term_worth("doubled_pawn", 10, apart) - term_worth("doubled_pawn", 10, doubled), 10);
    assert_eq!(term_worth("isolated_pawn", 10, apart) - term_worth("isolated_pawn", 10, doubled), 2 * 10);
}

#[test]
fn the_stronger_side_drives_the_bare_king_to_the_edge() {
    // Three pawns up, no pieces (so all endgame). The king in the corner is 7 steps off the centre
    // and 7 from White's king; in the centre 1 and 4.
    let cornered = "k7/8/8/8/8/8/PPP5/4K3 w - - 0 1";
    let central = "8/8/8/3k4/8/8/PPP5/4K3 w - - 0 1";
    let king_centre = 8 * (7 - 1);
    let mop_up = 10 * ((2 * 7 - 7) - (2 - 4));
    let worth = |fen: &str| {
        value_adjusted("normal", "king_centre:8 mop_up:10", fen)
            - value_adjusted("normal", "king_centre:0 mop_up:0", fen)
    };
    assert_eq!(worth(cornered) - worth(central), king_centre + mop_up);
}

#[test]
fn pawns_in_front_of_the_king_shelter_it() {
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    // Black keeps three shelter pawns, White two.
    assert_eq!(term_worth("king_shelter", 10, after_e4), 10);
}

/// How much `term` at `weight` adds to the standard terms of `fen` in FIDE chess, against the
/// term at 0 (before the scaling of drawish endings, which would shrink it in the bare endings
/// these tests use).
fn term_worth(term: &str, weight: i32, fen: &str) -> i32 {
    standard_adjusted("normal", &format!("{term}:{weight}"), fen)
        - standard_adjusted("normal", &format!("{term}:0"), fen)
}

#[test]
fn a_piece_a_pawn_attacks_is_threatened() {
    // The pawn on e4 attacks the knight on d5; the knight's pawn d3 attacks nothing. White's rook
    // keeps the sum from crossing zero, where the taper's division, rounding toward zero, would
    // take a centipawn off.
    assert_eq!(term_worth("pawn_threat", 50, "4k3/8/8/3n4/4P3/8/8/R3K3 w - - 0 1"), 50);
    assert_eq!(term_worth("pawn_threat", 50, "4k3/8/8/3n4/8/3P4/8/4K3 w - - 0 1"), 0);
}

#[test]
fn a_piece_attacked_by_a_lesser_one_is_threatened() {
    // The knight on e3 attacks the rook on d5, which is worth more; a bishop there is not.
    assert_eq!(term_worth("piece_threat", 50, "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1"), 50);
    assert_eq!(term_worth("piece_threat", 50, "4k3/8/8/3b4/8/4N3/8/4K3 w - - 0 1"), 0);
}

#[test]
fn king_pressure_grows_with_the_square_of_the_attack() {
    // All pieces on the board, so the middle game counts alone. A knight on g5 attacks f7 next to
    // the black king; one more on c5 attacks d7 too: 1 and 2 cells of its zone.
    let one = "rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
    let two = "rnbqkbnr/pppppppp/8/2N3N1/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1";
    assert_eq!(term_worth("king_pressure", 16, one), 16 / 8);
    assert_eq!(term_worth("king_pressure", 16, two), 16 * 4 / 8);
}

#[test]
fn the_side_to_move_has_the_tempo() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(term_worth("tempo", 20, start), 20);
    assert_eq!(term_worth("tempo", 20, &start.replace(" w ", " b ")), 20);
}

#[test]
fn a_passed_pawn_wants_its_king_nearer_than_the_enemy_king() {
    // The pawn on e5 has come 3 ranks (of 0 to 5); the cell in front of it is e6. The black king
    // on h8 is 3 steps from e6; White's king on e1 is 5 steps away, on d6 1 step.
    assert_eq!(term_worth("passer_king", 6, "7k/8/8/4P3/8/8/8/4K3 w - - 0 1"), 6 * 3 * (3 - 5));
    assert_eq!(term_worth("passer_king", 6, "7k/8/3K4/4P3/8/8/8/8 w - - 0 1"), 6 * 3 * (3 - 1));
}

#[test]
fn cells_an_enemy_pawn_attacks_count_apart_from_mobility() {
    // The knight on f1 reaches d2, e3, g3 and h2; the black pawn on d4 attacks e3.
    assert_eq!(term_worth("pawn_guarded", -7, "4k3/8/8/8/3p4/8/8/4KN2 w - - 0 1"), -7);
}

#[test]
fn a_piece_nothing_defends_hangs() {
    // Within a centipawn: the taper's division rounds toward zero, and the sum crosses zero here.
    let hangs = |fen: &str| term_worth("hanging", 40, fen);
    // The bishop on a2 attacks the knight on d5, which nothing of Black's defends; a pawn on e6
    // defends it. Nothing attacks the bishop, and the kings are too far to take part.
    assert!((hangs("4k3/8/8/3n4/8/8/B7/7K w - - 0 1") - 40).abs() <= 1);
    assert!(hangs("4k3/8/4p3/3n4/8/8/B7/7K w - - 0 1").abs() <= 1);
    // A pawn hangs too, and a king defends: the king on c6 guards d5.
    assert!((hangs("4k3/8/8/3p4/8/8/B7/7K w - - 0 1") - 40).abs() <= 1);
    assert!(hangs("8/8/2k5/3p4/8/8/B7/7K w - - 0 1").abs() <= 1);
}

#[test]
fn a_pawn_defended_by_a_pawn_or_beside_one_is_connected() {
    // e4 defended by d3: e4 has come 2 ranks, d3 (nothing of its own behind or beside it) none.
    assert_eq!(term_worth("connected_pawn", 5, "4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1"), 5 * 3);
    // d4 and e4 side by side: both count, each 2 ranks up.
    assert_eq!(term_worth("connected_pawn", 5, "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1"), 2 * 5 * 3);
    // Two files apart, nothing; Black's mirror image cancels White's.
    assert_eq!(term_worth("connected_pawn", 5, "4k3/8/8/8/2P1P3/8/8/4K3 w - - 0 1"), 0);
    assert_eq!(term_worth("connected_pawn", 5, "4k3/8/8/3pp3/3PP3/8/8/4K3 w - - 0 1"), 0);
}

#[test]
fn engine_ini_sets_values_and_weights() {
    let text = "[strong:normal]\nvalues = N:900\neval = mobility:0 pawn_advance:0 king_centre:0 mop_up:0\nsquares =\nnetwork = none\n";
    let config = Config::with_text("test.ini", text).unwrap();
    let loaded = config.loaded("strong", &[]).unwrap();
    let v = &loaded.variant;
    let pos = position(v, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
    assert_eq!(with_rules!(&v.family(), |r| r.evaluate_alone(&pos, &loaded.eval())), 900);
}

#[test]
fn engine_ini_names_a_bad_evaluation_term() {
    let err = Config::with_text("test.ini", "[x:normal]\neval = mobilty:3\n").unwrap_err().to_string();
    assert!(err.contains("test.ini:2") && err.contains("unknown evaluation term 'mobilty'"), "{err}");
    let err = Config::with_text("test.ini", "[x:normal]\nvalues = Z:3\n").unwrap_err().to_string();
    assert!(err.contains("test.ini:2") && err.contains("'Z' is not one of the pieces"), "{err}");
}

/// What engine.ini's `squares` words add to the standard terms of `fen` in FIDE chess without
/// them (before the scaling of drawish endings, as in [`term_worth`]).
fn squares_worth(words: &str, fen: &str) -> i32 {
    let value_with = |words: &str| {
        let config = Config::with_text("test.ini", &format!("[bare:normal]\nsquares = {words}\n")).unwrap();
        let loaded = config.loaded("bare", &[]).unwrap();
        let pos = position(&loaded.variant, fen);
        with_rules!(&loaded.variant.family(), |r| standard(r, &loaded.eval(), &pos))
    };
    value_with(words) - value_with("")
}

#[test]
fn engine_ini_squares_add_bonuses_by_rank_and_file() {
    // Rank 4 is worth 40 to a knight and file d 7, the same in the opening and the endgame;
    // ranks count from the owner's side, so Black's knight on d5 stands on its fourth rank.
    let ranks = "N.rank:0/0,0/0,0/0,40/40,0/0,0/0,0/0,0/0";
    let files = "N.file:0/0,0/0,0/0,7/7,0/0,0/0,0/0,0/0";
    let words = format!("{ranks} {files}");
    assert_eq!(squares_worth(&words, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"), 47);
    assert_eq!(squares_worth(&words, "4k3/8/8/3n4/8/8/8/4K3 b - - 0 1"), 47);
    assert_eq!(squares_worth(&words, "4k3/8/8/8/8/3N4/8/4K3 w - - 0 1"), 7);
    assert_eq!(squares_worth(ranks, "4k3/8/8/8/3B4/8/8/4K3 w - - 0 1"), 0);
}

#[test]
fn engine_ini_squares_add_bonuses_by_cell() {
    // One pair per cell, rank by rank from the owner's side: the 28th pair is d4 for White and
    // d5 for Black; it adds to the rank and file tables.
    let mut pairs = vec!["0/0"; 64];
    pairs[3 * 8 + 3] = "30/30";
    let cells = format!("N.cell:{}", pairs.join(","));
    assert_eq!(squares_worth(&cells, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"), 30);
    assert_eq!(squares_worth(&cells, "4k3/8/8/3n4/8/8/8/4K3 b - - 0 1"), 30);
    assert_eq!(squares_worth(&cells, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1"), 0);
    let ranks = "N.rank:0/0,0/0,0/0,40/40,0/0,0/0,0/0,0/0";
    assert_eq!(squares_worth(&format!("{cells} {ranks}"), "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"), 70);
}

#[test]
fn engine_ini_squares_add_bonuses_by_the_moves_a_piece_has() {
    // One pair per count of cells from none; a count past the table takes its last pair.
    let moves = "N.moves:0/0,10/10,20/20,30/30";
    assert_eq!(squares_worth(moves, "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"), 30);
    assert_eq!(squares_worth(moves, "1n2k3/8/8/8/8/8/8/4K3 b - - 0 1"), 30);
    assert_eq!(squares_worth(moves, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"), 30);
    // A cell an enemy pawn attacks does not count: b4 takes a3 and c3 from the knight on b1.
    assert_eq!(squares_worth(moves, "4k3/8/8/8/1p6/8/8/1N2K3 w - - 0 1"), 10);
    // Tables for rank and file need a pair per rank or file, this one any number.
    assert_eq!(squares_worth("N.moves:25/25", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"), 25);
}

#[test]
fn engine_ini_names_a_bad_square_bonus() {
    let bad = |words: &str| {
        Config::with_text("test.ini", &format!("[x:normal]\nsquares = {words}\n")).unwrap_err().to_string()
    };
    let err = bad("N.rank:1/1,2/2");
    assert!(
        err.contains("test.ini:2") && err.contains("'N.rank' needs 8 OPENING/ENDGAME pairs, one per rank, got 2"),
        "{err}"
    );
    let err = bad("N.cell:1/1,2/2");
    assert!(err.contains("'N.cell' needs 64 OPENING/ENDGAME pairs, one per cell, got 2"), "{err}");
    let err = bad("N.diagonal:1/1");
    assert!(err.contains("expected LETTER.rank:OPENING/ENDGAME") && err.contains("'N.diagonal:1/1'"), "{err}");
    let err = bad("Z.file:0/0,0/0,0/0,0/0,0/0,0/0,0/0,0/0");
    assert!(err.contains("'Z' is not one of the pieces"), "{err}");
}

#[test]
fn a_child_of_another_board_size_goes_without_its_parents_squares() {
    let files = "N.file:0/0,0/0,0/0,7/7,0/0,0/0,0/0,0/0";
    let text = format!(
        "[wide:normal]\nsquares = {files}\n[narrow:wide]\nsize = 6x8\ncastling = false\n\
         start = rnbqkr/pppppp/6/6/6/6/PPPPPP/RNBQKR w - - 0 1\n"
    );
    let config = Config::with_text("test.ini", &text).unwrap();
    let squares = |name: &str| config.loaded(name, &[]).unwrap().evaluation.data.squares[1].files.clone();
    assert_eq!(squares("wide")[3], [7, 7]);
    assert!(squares("narrow").is_empty());
}

#[test]
fn inherited_values_skip_the_pieces_a_child_drops() {
    // `normal` values its bishop; a child without bishops keeps the other values.
    let text = "[nobishops:normal]\npieces = P:fmWfcF N:N R:R Q:Q K:K\npromotion = Q R N\nstart = rnqk1nr1/8/8/8/8/8/8/RNQK1NR1 w - - 0 1\n";
    let v = Config::with_text("test.ini", text).unwrap().loaded("nobishops", &[]).unwrap();
    let normal = loaded("normal", &[]).evaluation.data.values.clone();
    assert_eq!(v.evaluation.data.values, vec![None, normal[1], normal[3], normal[4], None]);
}

/// The evaluation of `fen` in variant `name` with some weights replaced.
fn value_adjusted(name: &str, eval_words: &str, fen: &str) -> i32 {
    evaluated(&adjusted(name, eval_words), fen)
}

/// The standard terms alone (what every family adds to, and before FIDE chess's scaling of
/// drawish endings) of `fen` in variant `name` with its `eval` key adjusted by `eval_words`.
fn standard_adjusted(name: &str, eval_words: &str, fen: &str) -> i32 {
    let loaded = adjusted(name, eval_words);
    let pos = position(&loaded.variant, fen);
    with_rules!(&loaded.variant.family(), |r| standard(r, &loaded.eval(), &pos))
}

/// Built-in variant `name` with its `eval` key adjusted by `eval_words`, evaluated by its terms
/// (FIDE chess's network set aside: these tests are of the terms).
fn adjusted(name: &str, eval_words: &str) -> Loaded {
    let additions = [("eval", eval_words.to_string()), ("network", "none".to_string())];
    Config::builtin().loaded_adjusted(name, &[], &additions).unwrap()
}

#[test]
fn alice_mobility_counts_only_moves_whose_twin_is_empty() {
    // Rule 3: a rook on 1a1 reaches a2-a8 and b1-d1 on board 1, ten cells, each of whose twins
    // on board 2 is empty; a white pawn on 2a3 takes away one landing square.
    let free = fen("4k3/8/8/8/8/8/8/R3K3", "8/8/8/8/8/8/8/8", "w - - 0 1");
    let blocked = fen("4k3/8/8/8/8/8/8/R3K3", "8/8/8/8/8/P7/8/8", "w - - 0 1");
    let gain =
        |fen: &str| value_adjusted("alice", "piece_mobility:1", fen) - value_adjusted("alice", "piece_mobility:0", fen);
    assert_eq!(gain(&free), 10);
    assert_eq!(gain(&blocked), 9);
}

#[test]
fn fide_mobility_counts_the_cells_a_piece_can_move_to() {
    // A knight on d4 reaches eight cells, one of which holds its own pawn; the black king's
    // moves do not count (kings and pawns have no mobility term).
    let knight = "4k3/8/8/8/3N4/8/4P3/4K3 w - - 0 1";
    let gain =
        value_adjusted("normal", "piece_mobility:1", knight) - value_adjusted("normal", "piece_mobility:0", knight);
    assert_eq!(gain, 7);
}

#[test]
fn attacks_next_to_the_king_count_against_it() {
    // A black rook on h2 attacks d2, e2 and f2 next to the white king on e1.
    let fide = "4k3/8/8/8/8/8/7r/R3K3 w - - 0 1";
    assert!(value_adjusted("normal", "king_zone:20", fide) < value_adjusted("normal", "king_zone:0", fide));
    // In Alice the same rook on board 1 attacks those cells on board 1; the king is on board 2,
    // where the rook's moves land: a threat from across the boards.
    let across = fen("4k3/8/8/8/8/8/7r/R7", "8/8/8/8/8/8/8/4K3", "w - - 0 1");
    let with = value_adjusted("alice", "king_zone_across:20 king_zone:0", &across);
    let without = value_adjusted("alice", "king_zone_across:0 king_zone:0", &across);
    assert!(with < without, "{with} against {without}");
}

#[test]
fn a_check_the_king_side_does_not_guard_is_safe() {
    // All pieces on the board, so the middle game counts alone. The queen on d1 can go to h5 and
    // check along h5-e8, where nothing of Black's attacks h5; a knight on f6 guards it.
    let open = "rnbqkbnr/ppppp1pp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    let guarded = "rnbqkb1r/ppppp1pp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(term_worth("safe_check", 10, open), 10);
    assert_eq!(term_worth("safe_check", 10, guarded), 0);
}

#[test]
fn a_passed_pawn_with_its_cell_ahead_empty_is_free() {
    // e4 has come 2 ranks: (2² + 2) / 2 = 3 in the endgame; a king on e5 stops it.
    assert_eq!(term_worth("passer_free", 4, "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"), 4 * 3);
    assert_eq!(term_worth("passer_free", 4, "8/8/8/4k3/4P3/8/8/4K3 w - - 0 1"), 0);
}

#[test]
fn a_minor_piece_a_pawn_defends_where_no_enemy_pawn_can_attack_is_on_an_outpost() {
    // A knight on d5 defended by e4: the full weight before the endgame, half in it, so with
    // one knight on the board between the two.
    let outpost = term_worth("outpost", 40, "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1");
    assert!((20..=40).contains(&outpost), "{outpost}");
    // A black pawn on c7 can come to attack it; undefended; a rook; still in its own half.
    for fen in [
        "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1",
        "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/3R4/4P3/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1",
    ] {
        assert_eq!(term_worth("outpost", 40, fen), 0, "{fen}");
    }
}

#[test]
fn a_pawn_no_pawn_can_support_whose_cell_ahead_an_enemy_pawn_attacks_is_backward() {
    // A cost, as doubled and isolated pawns are. d3: c4 and e4 have gone past it and e5 attacks
    // d4. Black's e5 and f5 support each other.
    assert_eq!(term_worth("backward_pawn", 10, "4k3/8/8/4pp2/2P1P3/3P4/8/4K3 w - - 0 1"), -10);
    // c3 beside it can support it.
    assert_eq!(term_worth("backward_pawn", 10, "4k3/8/8/4pp2/2P1P3/2PP4/8/4K3 w - - 0 1"), 0);
}

#[test]
fn a_file_at_the_king_without_a_pawn_of_its_side_is_open() {
    // A cost before the endgame (all pieces are on the board). The king on e1 misses the f-pawn;
    // castled on g1 (its bishop and knight on f2 and g2) it misses f and g; on h1 only h counts,
    // as there is no file beyond it.
    let cost = |fen: &str| term_worth("king_open_file", 10, fen);
    assert_eq!(cost("rnbqkbnr/pppppppp/8/8/8/8/PPPPP2P/RNBQKBNR w KQkq - 0 1"), -10);
    assert_eq!(cost("rnbqkbnr/pppppppp/8/8/8/8/PPPPPBNP/RNBQ1RK1 w kq - 0 1"), -20);
    assert_eq!(cost("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQBRNK w kq - 0 1"), -10);
}

#[test]
fn a_minor_piece_behind_a_pawn_of_its_side_is_sheltered() {
    // The full weight before the endgame, half in it: one knight on the board is in between.
    let behind = term_worth("minor_behind_pawn", 20, "4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1");
    assert!((10..=20).contains(&behind), "{behind}");
    // The pawn on another file, or a rook behind it, count nothing.
    assert_eq!(term_worth("minor_behind_pawn", 20, "4k3/8/8/8/4P3/3N4/8/4K3 w - - 0 1"), 0);
    assert_eq!(term_worth("minor_behind_pawn", 20, "4k3/8/8/8/3P4/3R4/8/4K3 w - - 0 1"), 0);
}

#[test]
fn fide_chess_is_evaluated_by_its_network() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    ];
    let queen_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    is_evaluated_by_its_network("normal", fens, [queen_up, &queen_up.replace(" w ", " b ")]);
}

#[test]
fn alice_chess_is_evaluated_by_its_network() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR|8/8/8/8/4P3/8/8/8 b KQkq - 0 1",
        "rnbqkb1r/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKB1R|8/8/5n2/4p3/4P3/5N2/8/8 w KQkq - 2 3",
    ];
    let queen_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1";
    is_evaluated_by_its_network("alice", fens, [queen_up, &queen_up.replace(" w ", " b ")]);
    // Alice on three boards has a network of its own, fitted to its own games' scores, which
    // give White's first move some 100 cp on three boards: a queen outweighs it.
    let empty = "8/8/8/8/8/8/8/8";
    let alice3 = [
        format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|{empty}|{empty} w KQkq - 0 1"),
        format!("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR|8/8/8/8/4P3/8/8/8|{empty} b KQkq - 0 1"),
        "rnbqkb1r/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKB1R|8/8/5n2/8/4P3/8/8/8|8/8/8/4p3/8/5N2/8/8 w KQkq - 2 3".to_string(),
    ];
    let by_network: Vec<i32> = alice3.iter().map(|f| value_by_network("alice3", f)).collect();
    let by_terms: Vec<i32> = alice3.iter().map(|f| value("alice3", f)).collect();
    assert_ne!(by_network, by_terms, "alice3");
    let queen_up = format!("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|{empty}|{empty} w KQkq - 0 1");
    let [up, down] = [queen_up.clone(), queen_up.replace(" w ", " b ")].map(|f| value_by_network("alice3", &f));
    assert!(up > 600 && down < -600 && up > by_network[0] + 400, "alice3: {up} {down} {by_network:?}");
    // Its sisters of other rules and boards keep the terms until an SPRT says otherwise; Alice
    // on 4x8 boards has no network that fits it.
    for sister in ["alice2", "msalice", "odonohue", "duo", "alice8x4"] {
        assert!(loaded(sister, &[]).evaluation.network.is_none(), "{sister}");
    }
}

#[test]
fn lma_is_evaluated_by_its_network() {
    let start = "rcqkcr/pppppp/6/6/6/6/6|6/6/6/6/6/PPPPPP/RCQKCR w KQkq - 0 1";
    let after_a_move = "rcqkcr/pppppp/6/6/3P2/6/6|6/6/6/6/6/PPP1PP/RCQKCR b KQkq - 0 1";
    // LMA's first move is worth much, so the side to move starts ahead, a quiet move leaves the
    // game near where it was, and a queen is worth more than that lead.
    let [at_start, after] = [start, after_a_move].map(|f| value_by_network("lma", f));
    assert!(at_start > 0 && at_start < 300 && after.abs() < 300, "{at_start} {after}");
    let queen_up = "rc1kcr/pppppp/6/6/6/6/6|6/6/6/6/6/PPPPPP/RCQKCR w KQkq - 0 1";
    let [up, down] = [queen_up, &queen_up.replace(" w ", " b ")].map(|f| value_by_network("lma", f));
    assert!(up > at_start + 300 && down < 0, "{up} {down}");
    let by_terms = [start, after_a_move].map(|f| value("lma", f));
    assert_ne!([at_start, after], by_terms);
}

#[test]
fn monochrome_is_evaluated_by_its_network_rounded_to_its_grain() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score:0-0 last:-";
    let ahead = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score:8-0 last:-";
    let [level, up, down] = [start, ahead, &ahead.replace(" w ", " b ")].map(|f| value_by_network("monochrome", f));
    // A queen's points captured (8) outweigh whatever the first move is worth, and every score
    // is a multiple of engine.ini's `network_grain` (25).
    assert!(level.abs() < 200 && up > level + 400 && down < -400, "{level} {up} {down}");
    assert!([level, up, down].iter().all(|score| score % 25 == 0), "{level} {up} {down}");
    assert_eq!(loaded("monochrome", &[]).evaluation.network_grain, 25);
}

/// Built-in variant `name` with its network's score rounded to `grain` (engine.ini's
/// `network_grain`, given as written).
fn with_grain(name: &str, grain: &str) -> Result<Loaded, String> {
    Config::builtin().loaded_adjusted(name, &[], &[("network_grain", grain.to_string())]).map_err(|e| e.to_string())
}

#[test]
fn any_network_may_be_rounded_to_a_grain_and_a_grain_out_of_range_is_an_error() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR|8/8/8/8/4P3/8/8/8 b KQkq - 0 1",
        "rnbqkb1r/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKB1R|8/8/5n2/4p3/4P3/5N2/8/8 w KQkq - 2 3",
    ];
    let name = "alice";
    let (fine, coarse) = (with_grain(name, "1").unwrap(), with_grain(name, "50").unwrap());
    for fen in fens {
        let (exact, rounded) = (evaluated(&fine, fen), evaluated(&coarse, fen));
        assert_eq!(exact, value_by_network(name, fen), "{fen}");
        assert!(rounded % 50 == 0 && (rounded - exact).abs() <= 25, "{fen}: {exact} {rounded}");
    }
    for bad in ["0", "-25", "1001", "a quarter pawn"] {
        let error = with_grain(name, bad).err().unwrap_or_else(|| panic!("network_grain = {bad} was taken"));
        assert!(error.contains("network_grain") && error.contains(bad), "{error}");
    }
}

#[test]
fn lmadouble_is_evaluated_by_a_network_of_its_own() {
    // LMA's network refitted to the doubled armies' games: it values their start otherwise than
    // LMA's network does, near level, and a queen up as more than that.
    let start = "rcqkcr/pppppp/6/6/6/PPPPPP/RCQ1CR|rcq1cr/pppppp/6/6/6/PPPPPP/RCQKCR w KQkq - 0 1";
    let own = value_by_network("lmadouble", start);
    assert!(own.abs() < 300, "{own}");
    assert_ne!(own, value_by_network("lma", start));
    let queen_up = "rc1kcr/pppppp/6/6/6/PPPPPP/RCQ1CR|rcq1cr/pppppp/6/6/6/PPPPPP/RCQKCR w KQkq - 0 1";
    let [up, down] = [queen_up, &queen_up.replace(" w ", " b ")].map(|f| value_by_network("lmadouble", f));
    assert!(up > own + 300 && down < -300, "{own} {up} {down}");
}

/// Checks that `name`'s positions `fens` (the first the start) are valued by its network, not
/// by its terms, and that a queen up is a queen up, for the side to move (`queen`: up, down).
fn is_evaluated_by_its_network(name: &str, fens: [&str; 3], queen: [&str; 2]) {
    let by_network: Vec<i32> = fens.iter().map(|f| value_by_network(name, f)).collect();
    let [up, down] = queen.map(|fen| value_by_network(name, fen));
    assert!(by_network[0].abs() < 100, "{name}: {by_network:?}");
    assert!(up > 600 && down < -600, "{name}: {up} {down}");
    // The terms alone would say otherwise: the network, not the terms, gave these. Several
    // positions, since the two can agree on one by chance.
    let by_terms: Vec<i32> = fens.iter().map(|f| value(name, f)).collect();
    assert_ne!(by_network, by_terms, "{name}");
}

/// The evaluation of `fen` in variant `name` as the engine plays it, by its network.
fn value_by_network(name: &str, fen: &str) -> i32 {
    let loaded = loaded(name, &[]);
    assert!(loaded.evaluation.network.is_some(), "{name}");
    evaluated(&loaded, fen)
}

#[test]
fn the_running_sums_follow_every_move_and_its_unmaking() {
    // Random games from positions where promotions, captures by en passant, castling (FIDE
    // chess's network), transfers (Alice), ownership changing hands (Monochrome) and pawns
    // spawned after a king's capture (Inside-out) come soon; after each move the running sums
    // and layers equal those of the same position counted afresh, and after unmaking all the
    // moves those of the start.
    let starts = [
        ("normal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("normal", "r3k2r/pPpp1ppp/8/3Pp3/8/8/P1PP1PpP/R3K2R w KQkq e6 0 1"),
        ("normal", "4k3/1P4P1/8/8/8/8/1p4p1/4K3 b - - 0 1"),
        ("alice", ""),
        ("monochrome", ""),
        ("insideout", ""),
        ("lma", ""),
    ];
    let mut rng = Rng::new(7);
    let mut moves = 0;
    for (name, start) in starts {
        let loaded = loaded(name, &[]);
        let eval = loaded.eval();
        let start = if start.is_empty() { loaded.variant.start_fen.clone() } else { start.to_string() };
        let fresh = |pos: &Position| {
            let afresh = Incremental::new(&eval, &position(&loaded.variant, &pos.to_fen()));
            (*afresh.features().sums, afresh.features().accumulator.copied())
        };
        for _ in 0..20 {
            let mut pos = position(&loaded.variant, &start);
            let mut running = Incremental::new(&eval, &pos);
            let first = fresh(&pos);
            let mut played = 0;
            while played < 40 && common::play_random(&mut pos, &mut rng) {
                running.push(&eval, &pos);
                played += 1;
                let now = (*running.features().sums, running.features().accumulator.copied());
                assert!(now == fresh(&pos), "{name}: {}", pos.to_fen());
            }
            moves += played;
            for _ in 0..played {
                pos.unmake();
                running.pop();
            }
            assert!((*running.features().sums, running.features().accumulator.copied()) == first, "{start}");
        }
    }
    assert!(moves > 2000, "only {moves} moves played");
}

#[test]
fn a_search_that_keeps_only_the_sums_its_evaluation_reads_evaluates_as_one_that_keeps_them_all() {
    // The search leaves the material and piece-square sums as they were at its start where the
    // family says its evaluation does not read them (a network alone, Monochrome's terms): along
    // random games, every family with and without its network evaluates the same either way.
    let mut rng = Rng::new(11);
    for name in ["normal", "alice", "alice3", "monochrome", "insideout", "lma", "lookingglass"] {
        for loaded in [loaded(name, &[]), adjusted(name, "")] {
            let eval = loaded.eval();
            with_rules!(&loaded.variant.family(), |rules| {
                for _ in 0..5 {
                    let mut pos = position(&loaded.variant, &loaded.variant.start_fen);
                    let mut all = Incremental::new(&eval, &pos);
                    let mut read = Incremental::for_search(&eval, &pos, rules.reads_sums(&eval));
                    let mut played = 0;
                    while played < 60 && play_random(&mut pos, &mut rng) {
                        all.push(&eval, &pos);
                        read.push(&eval, &pos);
                        played += 1;
                        let [whole, lean] = [&all, &read].map(|sums| rules.evaluate(&pos, &eval, sums.features()));
                        assert_eq!(whole, lean, "{name}: {}", pos.to_fen());
                    }
                    for _ in 0..played {
                        pos.unmake();
                        all.pop();
                        read.pop();
                    }
                    assert_eq!(
                        rules.evaluate(&pos, &eval, all.features()),
                        rules.evaluate(&pos, &eval, read.features())
                    );
                }
            });
        }
    }
}

#[test]
fn engine_ini_network_is_checked_and_dropped_where_it_does_not_fit() {
    let err = |text: &str| Config::with_text("dir/test.ini", text).unwrap_err().to_string();
    // A file that is missing is named, from the directory of the engine.ini that names it.
    let missing = err("[x:normal]\nnetwork = absent.vnn\n");
    assert!(missing.contains("test.ini:2") && missing.contains("dir/absent.vnn"), "{missing}");
    // A network set for a variant of other pieces is refused; one inherited is dropped.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/src/eval/normal.vnn");
    let bad = err(&format!("[x:normal]\nnetwork = {file}\npieces = P:fmWfcF N:N B:B R:R Q:Q K:K A:BN\n"));
    assert!(
        bad.contains("this network evaluates FIDE chess's pieces (P N B R Q K, in that order) on one 8x8 board"),
        "{bad}"
    );
    let text = "[lessbishops:normal]\npieces = P:fmWfcF N:N R:R Q:Q K:K\npromotion = Q R N\nstart = rnqk1nr1/8/8/8/8/8/8/RNQK1NR1 w - - 0 1\n";
    let config = Config::with_text("test.ini", text).unwrap();
    let has_network = |config: &Config, name: &str| config.loaded(name, &[]).unwrap().evaluation.network.is_some();
    assert!(!has_network(&config, "lessbishops"));
    assert!(has_network(&Config::builtin(), "fischerandom"));
    // FIDE chess's network on Alice's boards is refused; Alice's on 4x8 boards is dropped.
    let fide_on_alice = err(&format!("[x:alice]\nnetwork = {file}\n"));
    assert!(fide_on_alice.contains("on one 8x8 board under FIDE chess's rules"), "{fide_on_alice}");
    assert!(!has_network(&Config::builtin(), "alice8x4"));
    // `none` turns it off.
    let config =
        Config::with_text("test.ini", &format!("[own:normal]\nnetwork = {file}\n[classical:normal]\nnetwork = none\n"))
            .unwrap();
    assert!(has_network(&config, "own") && !has_network(&config, "classical"));
}
