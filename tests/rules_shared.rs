//! The shared conventions of RULES.md and FIDE chess (`normal`), one test per clause.

mod common;

use common::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn shared_squares_carry_the_layer_in_multi_layer_variants() {
    assert!(moves("normal", START).contains(&"e2e4".to_string()));
    let alice = variant("alice", &[]).start_fen.clone();
    assert!(moves("alice", &alice).contains(&"1e22e4".to_string()));
}

#[test]
fn shared_zero_move_is_written_from_square_to_twin() {
    assert_legal("msalice", &variant("msalice", &[]).start_fen, "1e22e2");
}

#[test]
fn shared_castling_is_written_as_the_kings_move() {
    assert_legal("normal", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1");
}

#[test]
fn shared_fen_boards_split_by_bar_layer_1_first() {
    let why = rejected("alice", START).expect("one board for a two-board variant");
    assert!(why.contains("1 board(s) given") && why.contains("has 2"), "{why}");
}

#[test]
fn shared_fen_castling_uses_shredder_letters_for_inner_rooks() {
    let v = variant("normal", &[]);
    let inner = position(&v, "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(inner.to_fen(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    let outer = position(&v, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(outer.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

#[test]
fn shared_fen_written_parses_back_to_the_same_position() {
    for name in vorpal::config::Config::builtin().names() {
        let v = variant(&name, &[]);
        let pos = position(&v, &v.start_fen);
        let again = position(&v, &pos.to_fen());
        assert_eq!(again.to_fen(), pos.to_fen());
        assert_eq!(again.hash(), pos.hash());
    }
}

#[test]
fn shared_fen_rejects_malformed_input_with_a_reason() {
    use FenError::*;
    let field = |e: &FenError| std::mem::discriminant(e);
    for (fen, needle, expected) in [
        ("", "empty", Empty),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks", Board(String::new())),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "too many cells", Board(String::new())),
        ("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "cells, not 8", Board(String::new())),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "'X' is not a piece", Board(String::new())),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move", SideToMove(String::new())),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "no rook", Castling(String::new())),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1", "kings", Illegal(String::new())),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en-passant", EnPassant(String::new())),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove", Counter(String::new())),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "extra field", Extra(String::new())),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "not to move is in check", Illegal(String::new())),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank", Illegal(String::new())),
    ] {
        let error = fen_error("normal", fen).unwrap_or_else(|| panic!("accepted: {fen}"));
        let why = error.to_string();
        assert!(why.contains(needle), "{fen}: {why} (expected '{needle}')");
        assert_eq!(field(&error), field(&expected), "{fen}: {error:?} names the wrong field");
    }
}

#[test]
fn shared_check_is_a_king_capture_the_opponent_could_make() {
    assert!(in_check("normal", "4k3/8/8/8/8/8/8/4K2r w - - 0 1"));
    assert!(!in_check("normal", "4k3/8/8/8/8/8/8/4K1Nr w - - 0 1"));
}

#[test]
fn shared_legal_move_leaves_the_mover_not_in_check() {
    // The bishop on e2 is pinned by the rook on e8.
    let f = "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1";
    assert!(moves("normal", f).iter().all(|m| !m.starts_with("e2")));
    assert_legal("normal", "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1", "e2e5");
}

#[test]
fn shared_pawn_double_step_from_the_second_rank_only() {
    assert_legal("normal", START, "e2e4");
    assert_illegal("normal", "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3e5");
}

#[test]
fn shared_pawn_on_the_last_rank_must_promote() {
    let m = moves("normal", "8/P3k3/8/8/8/8/8/4K3 w - - 0 1");
    let pawn: Vec<&String> = m.iter().filter(|m| m.starts_with("a7")).collect();
    assert_eq!(pawn, ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
}

#[test]
fn normal_en_passant() {
    let after = play("normal", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d7d5");
    assert!(after.contains(" d6 "), "{after}");
    assert_eq!(play("normal", &after, "e5d6"), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
}

#[test]
fn normal_castling_not_out_of_through_or_into_check() {
    assert_legal("normal", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1");
    assert_illegal("normal", "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "e1c1");
    assert_illegal("normal", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1");
    assert_illegal("normal", "4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1");
    // Only the king's path matters: b1 may be attacked in queenside castling.
    assert_legal("normal", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1");
}

#[test]
fn normal_castling_right_lost_when_the_rook_is_captured() {
    let after = play("normal", "4k3/8/8/8/8/8/6b1/4K2R b K - 0 1", "g2h1");
    assert!(after.contains(" w - "), "{after}");
}

#[test]
fn shared_illegal_moves_are_refused_with_a_reason() {
    let v = variant("normal", &[]);
    let mut pos = position(&v, START);
    for (mv, needle) in [
        ("e2e5", "cannot move to e5"),
        ("e3e4", "no piece on e3"),
        ("e7e5", "not the side to move"),
        ("e2", "not a move"),
        ("z9z8", "not a move"),
    ] {
        let err = vorpal::with_rules!(&v.family(), |r| vorpal::movegen::parse_move(r, &mut pos, mv)).unwrap_err();
        assert!(err.to_string().contains(needle), "{mv}: {err}");
    }
    let pinned = position(&v, "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    let err =
        vorpal::with_rules!(&v.family(), |r| vorpal::movegen::parse_move(r, &mut pinned.clone(), "e2d3")).unwrap_err();
    assert!(err.to_string().contains("leaves the king in check"), "{err}");
}
