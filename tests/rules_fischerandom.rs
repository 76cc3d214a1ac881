//! FIDE Chess960 (`fischerandom`), one test per clause of its castling and setup rules; the
//! moves themselves are FIDE chess's (tests/rules_shared.rs), and the perft suite
//! (perft/fischerandom.epd) was counted by Stockfish as well.

mod common;

use common::*;
use vorpal::rules::chess960;

#[test]
fn fischerandom_setup_puts_the_same_chess960_back_rank_on_both_sides() {
    let start = &variant("fischerandom", &[]).start_fen;
    assert_eq!(chess960::setup_fen(start, 518, 518).as_deref(), Some(start.as_str()));
    let setup = chess960::setup_fen(start, 0, 0).unwrap();
    assert_eq!(setup, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    assert!(rejected("fischerandom", &setup).is_none());
}

#[test]
fn fischerandom_castling_takes_king_and_rook_to_the_g_and_f_or_c_and_d_files() {
    let f = "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1";
    assert_eq!(play("fischerandom", f, "g1h1"), "1r4kr/8/8/8/8/8/8/1R3RK1 b hb - 1 1");
    assert_eq!(play("fischerandom", f, "g1b1"), "1r4kr/8/8/8/8/8/8/2KR3R b hb - 1 1");
}

#[test]
fn fischerandom_castling_is_written_as_the_king_taking_its_own_rook() {
    let moves = moves("fischerandom", "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
    assert!(moves.contains(&"g1h1".to_string()) && moves.contains(&"g1b1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"g1g1".to_string()));
}

#[test]
fn fischerandom_castling_needs_every_square_the_pieces_cross_empty_but_their_own() {
    // The king crosses f1..c1 to c1; the rook on b1 goes to d1: a knight on e1 blocks.
    assert_illegal("fischerandom", "1r4kr/8/8/8/8/8/8/1R2N1KR w HBhb - 0 1", "g1b1");
    assert_legal("fischerandom", "1r4kr/8/8/8/8/8/8/1R2N1KR w HBhb - 0 1", "g1h1");
}

#[test]
fn fischerandom_no_castling_out_of_check_even_when_the_king_stays_on_its_square() {
    // The king on g1 castles to g1 with the rook from h1 to f1, which would block the check
    // from d1: castling out of check is still not allowed.
    assert_illegal("fischerandom", "6k1/8/8/8/8/8/8/3r2KR w H - 0 1", "g1h1");
}

#[test]
fn fischerandom_no_castling_across_or_onto_an_attacked_square() {
    // A rook on c8 attacks c1, where the king would land; a rook on e8 attacks e1, crossed.
    assert_illegal("fischerandom", "2r3k1/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1b1");
    assert_illegal("fischerandom", "4r1k1/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1b1");
    assert_legal("fischerandom", "4r1k1/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1h1");
}
