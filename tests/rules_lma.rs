//! One test per clause of RULES.md for `lma` and `lmadouble`, named after the clause.

mod common;

use common::*;

/// Black's king alone on board 1, at f7.
const BOARD1: &str = "5k/6/6/6/6/6/6";

#[test]
fn lma_setup() {
    let v = variant("lma", &[]);
    assert_eq!(v.start_fen, fen("rcqkcr/pppppp/6/6/6/6/6", "6/6/6/6/6/PPPPPP/RCQKCR", "w KQkq - 0 1"));
    assert_eq!((v.geometry().files, v.geometry().ranks, v.geometry().layers), (6, 7, 2));
}

#[test]
fn lma_cardinal_moves_as_bishop_and_knight() {
    let m = moves("lma", &fen(BOARD1, "6/6/6/6/2C3/6/K5", "w - - 0 1"));
    assert!(m.contains(&"2c32e5".to_string()), "bishop move, same colour: {m:?}");
    assert!(m.contains(&"2c31d5".to_string()), "knight move, other colour: {m:?}");
}

#[test]
fn lma_same_colour_stays_other_colour_lands_on_the_twin() {
    let f = fen(BOARD1, "6/6/6/6/2R3/6/K5", "w - - 0 1");
    assert_legal("lma", &f, "2c31c4");
    assert_legal("lma", &f, "2c32c5");
    assert_illegal("lma", &f, "2c32c4");
    assert_illegal("lma", &f, "2c31c5");
}

#[test]
fn lma_other_colour_onto_a_friend_is_illegal() {
    assert_illegal("lma", &fen(BOARD1, "6/6/6/2C3/2R3/6/K5", "w - - 0 1"), "2c31c4");
}

#[test]
fn lma_off_colour_capture_needs_the_twin_empty() {
    assert_illegal("lma", &fen("5k/6/6/2c3/6/6/6", "6/6/6/2c3/2R3/6/K5", "w - - 0 1"), "2c31c4");
    let f = fen(BOARD1, "6/6/6/2c3/2R3/6/K5", "w - - 0 1");
    assert_eq!(play("lma", &f, "2c31c4"), fen("5k/6/6/2R3/6/6/6", "6/6/6/6/6/6/K5", "b - - 0 1"));
}

#[test]
fn lma_other_colour_to_an_empty_cell_captures_an_enemy_on_the_twin() {
    let f = fen("5k/6/6/2c3/6/6/6", "6/6/6/6/2R3/6/K5", "w - - 0 1");
    assert_eq!(play("lma", &f, "2c31c4"), fen("5k/6/6/2R3/6/6/6", "6/6/6/6/6/6/K5", "b - - 0 1"));
}

#[test]
fn lma_other_colour_onto_a_friend_on_the_twin_is_illegal() {
    assert_illegal("lma", &fen("5k/6/6/2R3/6/6/6", "6/6/6/6/2R3/6/K5", "w - - 0 1"), "2c31c4");
}

#[test]
fn lma_king_may_not_change_colour_onto_an_attacked_cell() {
    let f = fen(BOARD1, "6/6/6/6/6/5r/K5", "w - - 0 1");
    assert_illegal("lma", &f, "2a11a2");
    assert_legal("lma", &f, "2a11b1");
}

#[test]
fn lma_pawn_step_needs_the_cell_and_its_twin_empty() {
    assert_legal("lma", &fen(BOARD1, "6/6/6/6/6/1P4/K5", "w - - 0 1"), "2b21b3");
    let blocked = fen("5k/6/6/6/1r4/6/6", "6/6/6/6/6/1P4/K5", "w - - 0 1");
    assert_illegal("lma", &blocked, "2b21b3");
    // The double step keeps the colour and needs only its own board's cells empty.
    assert_legal("lma", &blocked, "2b22b4");
}

#[test]
fn lma_pawn_captures_diagonally_on_its_board_without_en_passant() {
    let f = fen(BOARD1, "6/6/6/6/2c3/1P4/K5", "w - - 0 1");
    assert_legal("lma", &f, "2b22c3");
    let after = play("lma", &fen(BOARD1, "6/6/6/6/6/2P3/K5", "w - - 0 1"), "2c22c4");
    assert!(after.ends_with(" b - - 0 1"), "no en-passant square in lma: {after}");
}

#[test]
fn lma_promotion_to_rook_queen_or_cardinal_only() {
    let m = moves("lma", &fen("5k/1P4/6/6/6/6/6", "6/6/6/6/6/6/K5", "w - - 0 1"));
    let promotions: Vec<&String> = m.iter().filter(|m| m.starts_with("1b62b7")).collect();
    assert_eq!(promotions, ["1b62b7c", "1b62b7q", "1b62b7r"]);
}

const CASTLE: &str = "6/6/6/6/6/6/R2K1R";

#[test]
fn lma_castling_kingside_rook_changes_board() {
    let f = fen("3k2/6/6/6/6/6/6", CASTLE, "w KQ - 0 1");
    assert_eq!(play("lma", &f, "2d12f1"), fen("3k2/6/6/6/6/6/4R1", "6/6/6/6/6/6/R4K", "b - - 1 1"));
}

#[test]
fn lma_castling_queenside_both_stay() {
    let f = fen("3k2/6/6/6/6/6/6", CASTLE, "w KQ - 0 1");
    assert_eq!(play("lma", &f, "2d12b1"), fen("3k2/6/6/6/6/6/6", "6/6/6/6/6/6/1KR2R", "b - - 1 1"));
}

#[test]
fn lma_castling_rook_changing_board_needs_its_landing_twin_empty() {
    assert_illegal("lma", &fen("3k2/6/6/6/6/6/4c1", CASTLE, "w KQ - 0 1"), "2d12f1");
}

#[test]
fn lma_castling_not_in_check_nor_across_an_attacked_square() {
    assert_illegal("lma", &fen("3k2/6/6/6/6/6/6", "4r1/6/6/6/6/6/R2K1R", "w KQ - 0 1"), "2d12f1");
    assert_legal("lma", &fen("3k2/6/6/6/6/6/6", "4r1/6/6/6/6/6/R2K1R", "w KQ - 0 1"), "2d12b1");
    assert_illegal("lma", &fen("3k2/6/6/6/6/6/6", "3r2/6/6/6/6/6/R2K1R", "w KQ - 0 1"), "2d12b1");
}

#[test]
fn lma_check_blocked_by_an_occupied_twin_of_the_king() {
    assert!(in_check("lma", &fen(BOARD1, "6/6/6/3r2/6/6/3K2", "w - - 0 1")));
    assert!(!in_check("lma", &fen("5k/6/6/6/6/6/3C2", "6/6/6/3r2/6/6/3K2", "w - - 0 1")));
}

#[test]
fn lma_check_from_the_other_board_lands_on_the_king() {
    assert!(in_check("lma", &fen("5k/6/6/3r2/6/6/6", "6/6/6/6/6/6/3K2", "w - - 0 1")));
    assert!(!in_check("lma", &fen("5k/6/6/3r2/6/6/3C2", "6/6/6/6/6/6/3K2", "w - - 0 1")));
}

#[test]
fn lma_check_vacating_the_twin_of_the_king_exposes_an_off_colour_capture() {
    let f = fen("5k/6/6/6/6/6/R5", "6/6/6/6/6/6/K4r", "w - - 0 1");
    assert_illegal("lma", &f, "1a11a3");
}

#[test]
fn lma_check_a_capture_landing_on_the_twin_opens_a_line_to_the_king() {
    let f = fen(BOARD1, "r5/6/6/c5/6/1C4/K5", "w - - 0 1");
    assert_illegal("lma", &f, "2b21a4");
    assert_legal("lma", &f, "2b21d3");
}

#[test]
fn lmadouble_setup_arrays_on_both_boards() {
    let v = variant("lmadouble", &[]);
    assert_eq!(
        v.start_fen,
        fen("rcqkcr/pppppp/6/6/6/PPPPPP/RCQ1CR", "rcq1cr/pppppp/6/6/6/PPPPPP/RCQKCR", "w KQkq - 0 1")
    );
}
