//! One test per clause of RULES.md for `monochrome`, named after the clause.

mod common;

use common::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score:0-0 last:-";

#[test]
fn monochrome_pieces_belong_to_whoever_half_they_stand_in() {
    // Letters are read case-blind and written in the case of their owner.
    let v = variant("monochrome", &[]);
    let pos = position(&v, "4k3/8/8/8/8/n7/8/4K3 w - - 0 1");
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/N7/8/4K3 w - - 0 1 score:0-0 last:-");
    assert_legal("monochrome", "4k3/8/8/8/8/n7/8/4K3 w - - 0 1", "a3b5");
}

#[test]
fn monochrome_a_player_moves_only_pieces_in_their_half() {
    assert!(moves("monochrome", START).iter().all(|m| m.as_bytes()[1] <= b'4'));
}

#[test]
fn monochrome_a_piece_moved_across_the_centerline_becomes_the_opponents() {
    let after = play("monochrome", START, "g1f3");
    let after = play("monochrome", &after, "b8c6");
    let crossed = play("monochrome", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a6");
    assert!(crossed.starts_with("4k3/8/r7/"), "{crossed}");
    assert!(after.contains("N2/") && after.contains("/2n5/"), "{after}");
}

#[test]
fn monochrome_captures_only_in_the_opponents_half() {
    let f = "4k3/8/8/p7/R7/8/8/4K3 w - - 0 1";
    assert_legal("monochrome", f, "a4a5");
    let after = play("monochrome", f, "a4a5");
    assert!(after.contains("score:1-0"), "{after}");
}

#[test]
fn monochrome_pawns_step_forward_or_backward_and_double_step_toward_the_centre() {
    let m = moves("monochrome", "4k3/6p1/8/8/8/4P3/8/4K3 w - - 0 1");
    assert!(m.contains(&"e3e4".to_string()) && m.contains(&"e3e2".to_string()), "{m:?}");
    let black = moves("monochrome", "4k3/6p1/8/8/8/4P3/8/4K3 b - - 0 1");
    assert!(black.contains(&"g7g5".to_string()) && black.contains(&"g7g8".to_string()), "{black:?}");
}

#[test]
fn monochrome_pawns_capture_diagonally_in_any_direction() {
    // The pawn on d5 came from White's side; now Black's, it captures toward rank 4.
    let f = "4k3/8/8/3p4/2N1N3/8/8/4K3 b - - 0 1";
    assert_legal("monochrome", f, "d5c4");
    assert_legal("monochrome", f, "d5e4");
}

#[test]
fn monochrome_no_promotion_and_no_en_passant() {
    let m = moves("monochrome", "4k3/7p/8/8/8/8/8/4K3 b - - 0 1");
    assert!(m.contains(&"h7h8".to_string()) && !m.iter().any(|m| m.len() > 4), "{m:?}");
    let after = play("monochrome", START, "e2e4");
    assert!(after.contains(" b - - "), "{after}");
}

#[test]
fn monochrome_castling_needs_only_the_squares_between_empty() {
    // The rook on f8 sees f1, and the king has no rights field: castling is still allowed.
    let f = "4kr2/8/8/8/8/8/8/R3K2R w - - 0 1";
    assert_legal("monochrome", f, "e1g1");
    assert_legal("monochrome", f, "e1c1");
    assert_eq!(play("monochrome", f, "e1g1"), "4kr2/8/8/8/8/8/8/R4RK1 b - - 1 1 score:0-0 last:e1g1");
    assert_illegal("monochrome", "4kr2/8/8/8/8/8/8/RN2K2R w - - 0 1", "e1c1");
}

#[test]
fn monochrome_no_check_kings_are_captured() {
    let f = "4k3/8/8/4r3/8/8/8/4K3 b - - 0 1";
    assert_legal("monochrome", f, "e5e1");
    assert_eq!(play("monochrome", f, "e5e1").split(' ').nth(6), Some("score:0-10"));
    // White, whose king is attacked, may still make any move.
    assert_legal("monochrome", "4k3/8/8/4r3/8/8/8/R3K3 w - - 0 1", "a1a2");
}

#[test]
fn monochrome_no_rejection_of_the_opponents_last_move() {
    let after = play("monochrome", "4k3/8/8/4r3/8/8/8/K7 b - - 0 1", "e5e3");
    assert!(after.starts_with("4k3/8/8/8/8/4R3/"), "{after}");
    assert_illegal("monochrome", &after, "e3e5");
    assert_legal("monochrome", &after, "e3e6");
}

#[test]
fn monochrome_halfmove_counts_plies_since_the_last_capture() {
    let after = play("monochrome", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 7 1 score:0-0 last:-", "e2e4");
    assert!(after.contains(" b - - 8 1 "), "{after}");
}

#[test]
fn monochrome_game_ends_when_a_half_is_empty_and_scores_decide() {
    // A capture never empties a half: the capturer stays there, now the opponent's.
    assert_eq!(outcome("monochrome", "4k3/8/8/8/8/8/8/4R2K w - - 0 1", &["e1e8"]), None);
    // Black's last piece crosses the centre line: Black's half is empty; the scores decide.
    let fen = |score: &str| format!("8/8/8/4k3/8/8/8/7K b - - 0 1 score:{score} last:-");
    assert_eq!(outcome("monochrome", &fen("5-0"), &["e5e4"]).as_deref(), Some("1-0 (a half of the board is empty)"));
    assert_eq!(outcome("monochrome", &fen("3-8"), &["e5e4"]).as_deref(), Some("0-1 (a half of the board is empty)"));
    assert_eq!(
        outcome("monochrome", &fen("2-2"), &["e5e4"]).as_deref(),
        Some("1/2-1/2 (a half of the board is empty)")
    );
}

#[test]
fn monochrome_game_ends_after_100_plies_without_capture_equal_scores_draw() {
    assert_eq!(
        outcome("monochrome", "4k3/8/8/8/8/8/8/4K3 w - - 100 80 score:4-4 last:-", &[]).as_deref(),
        Some("1/2-1/2 (50-move rule)")
    );
}
