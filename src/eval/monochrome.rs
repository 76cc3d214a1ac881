//! Monochrome: the captured points decide the game; the pieces a player owns (those in its
//! half) are its capturers but also the other player's targets, and a piece that crosses the
//! centerline is given away, so ownership counts for little beside the score.

use super::Eval;
use crate::geometry::{Layer, Word};
use crate::pieces::Role;
use crate::position::Position;
use crate::rules::Monochrome;

/// `captured_point` per point of score lead plus `owned_point` per point of material owned.
pub(super) fn evaluate<W: Word>(rules: &Monochrome<W>, pos: &Position<W>, eval: &Eval<W>) -> i32 {
    let owned = |color| -> i32 {
        let mut points = 0;
        for (role, &value) in rules.capture_values.iter().enumerate() {
            points += value as i32 * pos.pieces(color, Role::new(role as u8), Layer::FIRST).count() as i32;
        }
        points
    };
    let us = pos.side();
    let them = us.flip();
    score_lead(pos, eval) + eval.terms.owned_point * (owned(us) - owned(them))
}

/// `captured_point` per point the side to move leads by.
pub(super) fn score_lead<W: Word>(pos: &Position<W>, eval: &Eval<W>) -> i32 {
    let (scores, us) = (pos.scores(), pos.side());
    eval.terms.captured_point * (scores[us] as i32 - scores[us.flip()] as i32)
}
