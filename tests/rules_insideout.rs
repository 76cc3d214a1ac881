//! One test per clause of RULES.md for `insideout`, named after the clause.

mod common;

use common::*;

const INNER_EMPTY: &str = "******/******/**4/**4/******/******";

#[test]
fn insideout_setup() {
    let v = variant("insideout", &[]);
    assert_eq!(v.start_fen, fen("rbkknr/pppppp/6/6/PPPPPP/RNKKBR", INNER_EMPTY, "w - - 0 1 lastw:- lastb:-"));
    assert_eq!(v.geometry().cells[1].count(), 8, "the inner layer has the eight dual fields only");
}

#[test]
fn insideout_1_a_move_ending_at_a_dual_field_ends_in_its_inner_cell() {
    let start = variant("insideout", &[]).start_fen.clone();
    assert_legal("insideout", &start, "1b12c3");
    assert_illegal("insideout", &start, "1b11c3");
}

#[test]
fn insideout_1_outer_content_does_not_matter_friend_inside_blocks_enemy_inside_is_captured() {
    let outer_enemy = fen("k5/6/6/2n3/6/1N3K", INNER_EMPTY, "w - - 0 1");
    assert_legal("insideout", &outer_enemy, "1b12c3");
    let friend_inside = fen("k5/6/6/6/6/1N3K", "******/******/**4/**B3/******/******", "w - - 0 1");
    assert_illegal("insideout", &friend_inside, "1b12c3");
    let enemy_inside = fen("k5/6/6/6/6/1N3K", "******/******/**4/**b3/******/******", "w - - 0 1");
    assert_legal("insideout", &enemy_inside, "1b12c3");
}

#[test]
fn insideout_1_a_pawn_captures_inside_only_diagonally() {
    let f = fen("k5/6/6/6/1PP3/5K", "******/******/**4/**b3/******/******", "w - - 0 1");
    assert_legal("insideout", &f, "1b22c3");
    assert_illegal("insideout", &f, "1c22c3");
}

#[test]
fn insideout_2_a_piece_in_an_inner_cell_only_steps_out() {
    let f = fen("k5/6/6/2n3/6/5K", "******/******/**4/**R3/******/******", "w - - 0 1");
    let rook: Vec<String> = moves("insideout", &f).into_iter().filter(|m| m.starts_with("2c3")).collect();
    assert_eq!(rook, ["2c31c3"]);
    let blocked = fen("k5/6/6/2N3/6/5K", "******/******/**4/**R3/******/******", "w - - 0 1");
    assert!(moves("insideout", &blocked).iter().all(|m| !m.starts_with("2c3")));
}

#[test]
fn insideout_3_an_outer_piece_never_enters_its_own_inner_cell() {
    let f = fen("k5/6/6/2R3/6/5K", INNER_EMPTY, "w - - 0 1");
    assert_illegal("insideout", &f, "1c32c3");
}

#[test]
fn insideout_4_riders_pass_a_dual_field_only_when_both_cells_are_empty() {
    let outer_taken = fen("k5/6/6/R1n3/6/5K", INNER_EMPTY, "w - - 0 1");
    assert_legal("insideout", &outer_taken, "1a32c3");
    assert_illegal("insideout", &outer_taken, "1a32d3");
    let inner_taken = fen("k5/6/6/R5/6/5K", "******/******/**4/**n3/******/******", "w - - 0 1");
    assert_legal("insideout", &inner_taken, "1a32c3");
    assert_illegal("insideout", &inner_taken, "1a32d3");
    assert_illegal("insideout", &inner_taken, "1a31e3");
}

#[test]
fn insideout_4_the_double_step_passes_a_dual_field_only_when_it_is_empty() {
    let blocked = fen("k5/6/6/6/2P3/5K", "******/******/**4/**n3/******/******", "w - - 0 1");
    assert_illegal("insideout", &blocked, "1c22c4");
    assert_legal("insideout", &fen("k5/6/6/6/2P3/5K", INNER_EMPTY, "w - - 0 1"), "1c22c4");
}

#[test]
fn insideout_5_pawns_promote_to_a_king_written_k() {
    let f = fen("5k/P5/6/6/6/K5", INNER_EMPTY, "w - - 0 1");
    let pawn: Vec<String> = moves("insideout", &f).into_iter().filter(|m| m.starts_with("1a5")).collect();
    assert_eq!(pawn, ["1a51a6k"]);
}

#[test]
fn insideout_6_no_check_kings_are_captured() {
    let f = fen("k5/6/6/6/6/r4K", INNER_EMPTY, "b - - 0 1");
    assert_legal("insideout", &f, "1a11f1");
}

#[test]
fn insideout_7_a_captured_king_spawns_pawns_on_empty_start_squares() {
    // Black takes one of White's two kings: each side gets a pawn on every empty start square
    // of a file where it has no pawn.
    // Black has a pawn on b and a knight on c5; White a pawn on e and a knight on f2.
    let f = fen("k5/1pn3/6/6/4PN/r1K2K", INNER_EMPTY, "b - - 0 1 lastw:- lastb:-");
    let after = play("insideout", &f, "1a11c1");
    assert_eq!(after, fen("k5/ppnppp/6/6/PPPPPN/2r2K", INNER_EMPTY, "w - - 0 2 lastw:- lastb:1a11c1"));
    // Pawns in inner cells count: Black's pawn inside d4 keeps the d file from spawning.
    let inside = fen("k5/1pn3/6/6/4PN/r1K2K", "******/******/**1p2/**4/******/******", "b - - 0 1");
    assert!(play("insideout", &inside, "1a11c1").starts_with("k5/ppn1pp/"));
}

#[test]
fn insideout_8_a_player_may_not_reverse_their_own_last_move() {
    let f = fen("k5/6/6/N5/6/5K", INNER_EMPTY, "w - - 0 1 lastw:1b11a3 lastb:-");
    assert_illegal("insideout", &f, "1a31b1");
    assert_legal("insideout", &f, "1a31c2");
}

#[test]
fn insideout_9_no_king_left_or_no_move_loses() {
    let no_king = fen("6/6/6/6/6/r4K", INNER_EMPTY, "w - - 0 1");
    assert_eq!(outcome("insideout", &no_king, &[]).as_deref(), Some("1-0 (no king left)"));
    // White's king sits inside c3 with its own pawn outside; the pawn is blocked inside c4.
    let stuck = fen("k5/6/6/2P3/6/6", "******/******/**n3/**K3/******/******", "w - - 0 1");
    assert_eq!(outcome("insideout", &stuck, &[]).as_deref(), Some("0-1 (no move)"));
}

#[test]
fn insideout_7_unmake_takes_the_spawned_pawns_back() {
    let v = variant("insideout", &[]);
    let f = fen("k5/1pn3/6/6/4PN/r1K2K", INNER_EMPTY, "b - - 0 1 lastw:- lastb:-");
    let mut pos = position(&v, &f);
    let (before, hash) = (pos.to_fen(), pos.hash());
    let mv = vorpal::with_rules!(&v.family(), |r| vorpal::movegen::parse_move(r, &mut pos, "1a11c1")).unwrap();
    pos.make(mv);
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake();
    assert_eq!((pos.to_fen(), pos.hash()), (before, hash));
}
