//! One test per clause of RULES.md for `lookingglass`, named after the clause.

mod common;

use common::*;
use vorpal::rules::chess960;

/// Looking-Glass's start with White's and Black's Chess960 back ranks.
fn setup_fen(white: u32, black: u32) -> Option<String> {
    chess960::setup_fen(&variant("lookingglass", &[]).start_fen, white, black)
}

const EMPTY: &str = "8/8/8/8/8/8/8/8";

#[test]
fn lookingglass_setup_chess960_for_each_side() {
    assert_eq!(variant("lookingglass", &[]).start_fen, setup_fen(518, 518).unwrap());
    let mixed = setup_fen(518, 0).unwrap();
    assert_eq!(mixed, fen("8/8/8/8/8/8/PPPPPPPP/RNBQKBNR", "bbqnnrkr/pppppppp/8/8/8/8/8/8", "w HAhf - 0 1"));
    assert!(rejected("lookingglass", &mixed).is_none());
}

#[test]
fn lookingglass_a_piece_transfers_when_its_twin_is_empty_and_stays_otherwise() {
    let start = variant("lookingglass", &[]).start_fen.clone();
    assert_legal("lookingglass", &start, "1g12f3");
    assert_illegal("lookingglass", &start, "1g11f3");
    let blocked = fen("4k3/8/8/8/8/8/8/4K1N1", "8/8/8/8/8/5p2/8/8", "w - - 0 1");
    assert_legal("lookingglass", &blocked, "1g11f3");
    assert_illegal("lookingglass", &blocked, "1g12f3");
}

#[test]
fn lookingglass_moves_see_only_their_own_board() {
    let f = fen("4k3/8/8/8/8/8/8/R3K3", "8/8/8/8/p7/8/8/8", "w - - 0 1");
    assert_legal("lookingglass", &f, "1a12a8");
    assert_legal("lookingglass", &f, "1a11a4");
}

#[test]
fn lookingglass_castling_chess960_without_check_then_each_transfers() {
    // f1 is attacked and the king is attacked: castling happens all the same.
    let f = fen("4kr2/8/8/8/8/8/8/4K2R", "8/8/8/8/8/8/8/5n2", "w H - 0 1");
    assert_legal("lookingglass", &f, "1e11h1");
    assert_eq!(play("lookingglass", &f, "1e11h1"), fen("4kr2/8/8/8/8/8/8/5R2", "8/8/8/8/8/8/8/5nK1", "b - - 1 1"));
}

#[test]
fn lookingglass_castling_writes_shredder_letters() {
    let v = variant("lookingglass", &[]);
    assert!(position(&v, &fen("4k3/8/8/8/8/8/8/R3K2R", EMPTY, "w KQ - 0 1")).to_fen().contains(" w HA - "));
}

#[test]
fn lookingglass_en_passant_by_a_pawn_on_the_board_of_the_double_step() {
    let f = fen("4k3/8/8/8/3p4/8/4P3/4K3", "8/8/8/8/3p4/8/8/8", "w - - 0 1");
    let after = play("lookingglass", &f, "1e22e4");
    assert!(after.contains(" b - 1e3 "), "the EP field names the passed square of the Real world: {after}");
    let m = moves("lookingglass", &after);
    assert!(m.contains(&"1d42e3".to_string()), "{m:?}");
    assert!(!m.iter().any(|m| m.starts_with("2d4") && m.ends_with("e3")), "not from the Mirror world: {m:?}");
    // The captured pawn is removed from the Mirror world, where it stands now.
    assert_eq!(play("lookingglass", &after, "1d42e3"), fen("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/3p4/4p3/8/8", "w - - 0 2"));
}

#[test]
fn lookingglass_no_check_capturing_the_king_wins() {
    let f = fen("4k3/8/8/8/8/8/8/r3K3", EMPTY, "b - - 0 1");
    assert_legal("lookingglass", &f, "1a12e1");
    assert_eq!(outcome("lookingglass", &f, &["1a12e1"]).as_deref(), Some("0-1 (king captured)"));
}

#[test]
fn lookingglass_no_move_on_either_board_is_a_draw() {
    use vorpal::rules::{LookingGlass, Rules};
    let v = variant("lookingglass", &[]);
    let pos = position(&v, &fen("k7/8/8/8/8/8/8/K7", EMPTY, "w - - 0 1"));
    assert_eq!(LookingGlass.no_moves(&pos).to_string(), "1/2-1/2 (no move)");
    assert!(outcome("lookingglass", &pos.to_fen(), &[]).is_none(), "a king that can move is not stuck");
}
