//! One test per clause of RULES.md for `alice` and its family, named after the clause.

mod common;

use common::*;

const EMPTY: &str = "8/8/8/8/8/8/8/8";

#[test]
fn alice_setup_standard_array_on_board_1() {
    let v = variant("alice", &[]);
    assert_eq!(v.start_fen, fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", EMPTY, "w KQkq - 0 1"));
}

#[test]
fn alice_1_piece_moves_seeing_only_its_board() {
    let f = fen("7k/8/p7/8/8/8/8/R6K", "8/8/8/8/p7/8/8/8", "w - - 0 1");
    assert_legal("alice", &f, "1a12a5"); // 2a4 does not block a rook on board 1
    assert_illegal("alice", &f, "1a12a7"); // 1a6 does
}

#[test]
fn alice_1_captures_only_on_its_own_board() {
    let f = fen("7k/8/p7/8/8/8/8/R6K", "8/8/8/8/p7/8/8/8", "w - - 0 1");
    assert!(moves("alice", &f).iter().all(|m| !m.ends_with("a4")));
    assert_legal("alice", &f, "1a12a6");
}

#[test]
fn alice_2_twin_of_destination_must_be_empty() {
    let f = fen("7k/8/8/8/8/8/8/1N5K", "8/8/8/8/8/2P5/8/8", "w - - 0 1");
    assert_illegal("alice", &f, "1b12c3");
    assert_legal("alice", &f, "1b12a3");
}

#[test]
fn alice_2_a_move_refused_by_its_occupied_twin_names_the_landing_square() {
    let v = variant("alice", &[]);
    let mut pos = position(&v, &fen("7k/8/8/8/8/8/8/1N5K", "8/8/8/8/8/2P5/8/8", "w - - 0 1"));
    for written in ["1b12c3", "1b11c3"] {
        let err = vorpal::engine::rules_of::read_move(&mut pos, written).unwrap_err().to_string();
        assert!(err.contains("would land on 2c3, which is occupied"), "{written}: {err}");
    }
    let err = vorpal::engine::rules_of::read_move(&mut pos, "1b12c4").unwrap_err().to_string();
    assert!(err.contains("cannot move to 2c4"), "{err}");
}

#[test]
fn alice_3_piece_lands_on_the_twin_and_capture_is_removed() {
    let f = fen("7k/8/p7/8/8/8/8/R6K", EMPTY, "w - - 0 1");
    assert_eq!(play("alice", &f, "1a12a6"), fen("7k/8/8/8/8/8/8/7K", "8/8/R7/8/8/8/8/8", "b - - 0 1"));
}

#[test]
fn alice_3_fen_with_both_twins_occupied_is_rejected() {
    let why = rejected("alice", &fen("7k/8/8/8/8/8/8/R6K", "8/8/8/8/8/8/8/r7", "w - - 0 1")).expect("rejected");
    assert!(why.contains("1a1") && why.contains("2a1"), "{why}");
}

#[test]
fn alice_4_check_comes_only_from_the_kings_board() {
    assert!(!in_check("alice", &fen("7k/8/8/8/8/8/8/4K3", "4r3/8/8/8/8/8/8/8", "w - - 0 1")));
    assert!(in_check("alice", &fen("4r2k/8/8/8/8/8/8/4K3", EMPTY, "w - - 0 1")));
}

#[test]
fn alice_4_piece_arriving_from_the_other_board_blocks_check() {
    let f = fen("4r2k/8/8/8/8/8/8/4K3", "8/8/8/8/8/3B4/8/8", "w - - 0 1");
    assert_legal("alice", &f, "2d31e4");
    assert_illegal("alice", &f, "2d31c4");
}

#[test]
fn alice_5_king_move_must_be_legal_on_its_own_board() {
    // d1 is attacked on board 1, although 2d1 would be safe.
    let f = fen("3r3k/8/8/8/8/8/8/4K3", EMPTY, "w - - 0 1");
    assert_illegal("alice", &f, "1e12d1");
    assert_legal("alice", &f, "1e12f1");
}

#[test]
fn alice_5_king_judged_with_its_start_square_vacated() {
    let f = fen("7k/8/8/8/8/8/8/r3K3", EMPTY, "w - - 0 1");
    assert_illegal("alice", &f, "1e12f1"); // the rook sees f1 through e1
    assert_legal("alice", &f, "1e12e2");
}

const CASTLE: &str = "4k3/8/8/8/8/8/8/4K2R";

#[test]
fn alice_6_castling_on_the_starting_board_both_transfer() {
    let f = fen(CASTLE, EMPTY, "w K - 0 1");
    assert_eq!(play("alice", &f, "1e12g1"), fen("4k3/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/5RK1", "b - - 1 1"));
}

#[test]
fn alice_6_castling_needs_empty_destinations_on_the_other_board() {
    assert_illegal("alice", &fen(CASTLE, "8/8/8/8/8/8/8/5n2", "w K - 0 1"), "1e12g1");
    assert_illegal("alice", &fen(CASTLE, "8/8/8/8/8/8/8/6n1", "w K - 0 1"), "1e12g1");
}

#[test]
fn alice_6_castling_not_in_check_nor_through_or_onto_attacked_squares() {
    assert_illegal("alice", &fen("k3r3/8/8/8/8/8/8/4K2R", EMPTY, "w K - 0 1"), "1e12g1");
    assert_illegal("alice", &fen("k4r2/8/8/8/8/8/8/4K2R", EMPTY, "w K - 0 1"), "1e12g1");
    assert_illegal("alice", &fen("k5r1/8/8/8/8/8/8/4K2R", EMPTY, "w K - 0 1"), "1e12g1");
    assert_legal("alice", &fen("k2r4/8/8/8/8/8/8/4K2R", EMPTY, "w K - 0 1"), "1e12g1");
}

#[test]
fn alice_6_castled_king_must_not_be_in_check_on_the_other_board() {
    assert_illegal("alice", &fen(CASTLE, "6r1/8/8/8/8/8/8/8", "w K - 0 1"), "1e12g1");
    assert_legal("alice", &fen(CASTLE, "5r2/8/8/8/8/8/8/8", "w K - 0 1"), "1e12g1");
}

#[test]
fn alice_7_double_step_needs_passed_square_destination_and_twin_empty() {
    let base = "4k3/8/8/8/8/8/4P3/4K3";
    assert_legal("alice", &fen(base, EMPTY, "w - - 0 1"), "1e22e4");
    assert_illegal("alice", &fen(base, "8/8/8/8/4n3/8/8/8", "w - - 0 1"), "1e22e4");
    assert_illegal("alice", &fen("4k3/8/8/8/8/4n3/4P3/4K3", EMPTY, "w - - 0 1"), "1e22e4");
}

#[test]
fn alice_7_promotion_then_transfer() {
    let m = moves("alice", &fen("7k/P7/8/8/8/8/8/7K", EMPTY, "w - - 0 1"));
    for p in ["q", "r", "b", "n"] {
        assert!(m.contains(&format!("1a72a8{p}")), "{m:?}");
    }
    assert!(!m.contains(&"1a72a8".to_string()));
}

#[test]
fn alice_8_en_passant_is_off_by_default() {
    let f = fen("7k/3p4/8/8/8/8/8/7K", "8/8/8/4P3/8/8/8/8", "b - - 0 1");
    let after = play("alice", &f, "1d72d5");
    assert!(after.contains(" w - - "), "{after}");
    assert_illegal("alice", &after, "2e51d6");
}

#[test]
fn alice_8_en_passant_on_the_board_where_the_pawn_landed() {
    let f = fen("7k/3p4/8/2P5/8/8/8/7K", "8/8/8/4P3/8/8/8/8", "b - - 0 1");
    let opts = [("EnPassant", "true")];
    let after = play_with("alice", &opts, &f, "1d72d5");
    assert!(after.contains(" w - 2d6 "), "the EP field names the passed square on the landing board: {after}");
    let m = moves_with("alice", &opts, &after);
    assert!(m.contains(&"2e51d6".to_string()), "{m:?}");
    assert!(!m.contains(&"1c52d6".to_string()), "a pawn on the other board cannot take en passant");
    let taken = play_with("alice", &opts, &after, "2e51d6");
    assert_eq!(taken, fen("7k/8/3P4/2P5/8/8/8/7K", EMPTY, "b - - 0 2"));
}

#[test]
fn alice2_black_army_starts_on_board_2() {
    let v = variant("alice2", &[]);
    assert_eq!(v.start_fen, fen("8/8/8/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr/pppppppp/8/8/8/8/8/8", "w KQkq - 0 1"));
    let black = play("alice2", &v.start_fen, "1e22e4");
    assert!(moves("alice2", &black).contains(&"2e71e5".to_string()));
}

#[test]
fn msalice_zero_move_to_an_empty_twin() {
    let start = variant("msalice", &[]).start_fen.clone();
    assert_legal("msalice", &start, "1b12b1");
    assert_legal("msalice", &start, "1e22e2");
    assert_eq!(moves("msalice", &start).len(), 36);
}

#[test]
fn msalice_king_in_check_may_not_make_a_zero_move() {
    let f = fen("4r2k/8/8/8/8/8/8/4K3", EMPTY, "w - - 0 1");
    assert_illegal("msalice", &f, "1e12e1");
    assert_legal("msalice", &fen("7k/8/8/8/8/8/8/4K3", EMPTY, "w - - 0 1"), "1e12e1");
}

#[test]
fn msalice_zero_move_by_king_or_rook_loses_castling_right() {
    let f = fen("r3k3/8/8/8/8/8/8/R3K2R", EMPTY, "w KQq - 0 1");
    assert!(play("msalice", &f, "1h12h1").contains(" b Qq "));
    assert!(play("msalice", &f, "1e12e1").contains(" b q "));
}

#[test]
fn msalice_pawn_double_steps_from_either_board() {
    let f = fen("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/3P4/8", "w - - 0 1");
    assert_legal("msalice", &f, "2d21d4");
}

#[test]
fn odonohue_piece_stays_when_the_twin_is_occupied() {
    let f = fen("7k/8/8/8/8/8/8/R6K", "8/8/8/N7/8/8/8/8", "w - - 0 1");
    assert_legal("odonohue", &f, "1a11a5");
    assert_legal("odonohue", &f, "1a12a4");
    assert_illegal("alice", &f, "1a11a5");
}

#[test]
fn odonohue_castling_king_and_rook_each_transfer_if_their_twin_is_empty() {
    let f = fen(CASTLE, "8/8/8/8/8/8/8/5n2", "w K - 0 1");
    assert_eq!(play("odonohue", &f, "1e12g1"), fen("4k3/8/8/8/8/8/8/5R2", "8/8/8/8/8/8/8/5nK1", "b - - 1 1"));
}

#[test]
fn duo_black_starts_on_board_2_and_transfer_is_optional() {
    let start = variant("duo", &[]).start_fen.clone();
    assert!(start.starts_with("8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/"));
    assert_legal("duo", &start, "1g11f3");
    assert_legal("duo", &start, "1g12f3");
}

#[test]
fn duo_crossing_only_to_an_empty_twin() {
    let f = fen("7k/8/8/8/8/8/8/R6K", "8/8/8/n7/8/8/8/8", "w - - 0 1");
    assert_legal("duo", &f, "1a11a5");
    assert_illegal("duo", &f, "1a12a5");
}

#[test]
fn duo_zero_move_of_non_pawn_pieces_may_capture() {
    let f = fen("7k/8/8/8/8/8/P7/R6K", "8/8/8/8/8/8/8/n7", "w - - 0 1");
    assert_legal("duo", &f, "1a12a1");
    assert_legal("duo", &f, "1h12h1");
    assert_illegal("duo", &f, "1a22a2");
}

#[test]
fn duo_enemy_non_pawn_on_the_twin_square_gives_check() {
    assert!(in_check("duo", &fen("7k/8/8/8/8/4K3/8/8", "8/8/8/8/8/4n3/8/8", "w - - 0 1")));
    assert!(!in_check("duo", &fen("7k/8/8/8/8/4K3/8/8", "8/8/8/8/8/4p3/8/8", "w - - 0 1")));
    assert!(!in_check("odonohue", &fen("7k/8/8/8/8/4K3/8/8", "8/8/8/8/8/4n3/8/8", "w - - 0 1")));
}

#[test]
fn duo_king_may_escape_check_by_a_zero_move() {
    assert_legal("duo", &fen("4r2k/8/8/8/8/8/8/4K3", EMPTY, "w - - 0 1"), "1e12e1");
}

#[test]
fn duo_castling_both_stay_or_both_cross() {
    let f = fen(CASTLE, EMPTY, "w K - 0 1");
    assert_eq!(play("duo", &f, "1e11g1"), fen("4k3/8/8/8/8/8/8/5RK1", EMPTY, "b - - 1 1"));
    assert_eq!(play("duo", &f, "1e12g1"), fen("4k3/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/5RK1", "b - - 1 1"));
}

#[test]
fn duo_castling_square_attacked_by_a_twin_piece() {
    assert_illegal("duo", &fen(CASTLE, "8/8/8/8/8/8/8/5n2", "w K - 0 1"), "1e11g1");
}

#[test]
fn alice3_transfer_to_either_other_board() {
    let start = variant("alice3", &[]).start_fen.clone();
    assert_legal("alice3", &start, "1g12f3");
    assert_legal("alice3", &start, "1g13f3");
    assert_illegal("alice3", &start, "1g11f3");
}

#[test]
fn alice3_castling_king_and_rook_go_to_the_same_board() {
    let f = format!("{CASTLE}|{EMPTY}|{EMPTY} w K - 0 1");
    assert_eq!(play("alice3", &f, "1e13g1"), format!("4k3/8/8/8/8/8/8/8|{EMPTY}|8/8/8/8/8/8/8/5RK1 b - - 1 1"));
}

#[test]
fn alice3_fen_with_all_three_twins_occupied_is_rejected() {
    assert!(rejected("alice3", &format!("4k3/8/8/8/8/8/8/R3K3|{EMPTY}|8/8/8/8/8/8/8/n7 w - - 0 1")).is_none());
    let f = "4k3/8/8/8/8/8/8/R3K3|8/8/8/8/8/8/8/N7|8/8/8/8/8/8/8/n7 w - - 0 1";
    assert!(rejected("alice3", f).is_some());
}

#[test]
fn alice8x4_small_boards_no_castling_no_double_step() {
    let start = variant("alice8x4", &[]).start_fen.clone();
    assert!(start.starts_with("rqkr/nbbn/pppp/4/4/PPPP/NBBN/RQKR|4/4/4/4/4/4/4/4 "));
    let m = moves("alice8x4", &start);
    assert!(m.contains(&"1a32a4".to_string()) && !m.contains(&"1a32a5".to_string()), "{m:?}");
    let promo = moves("alice8x4", "2k1/P3/4/4/4/4/4/2K1|4/4/4/4/4/4/4/4 w - - 0 1");
    assert_eq!(promo.iter().filter(|m| m.starts_with("1a72a8")).count(), 4);
}
