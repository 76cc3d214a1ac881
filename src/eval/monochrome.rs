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

/// The network's `score` rounded to the nearest multiple of `grain` (engine.ini's
/// `network_grain`), halves away from zero so that both sides see the same value. Scores that
/// differ only by a little then tie, and ties cut the search off as the terms' flat scores do.
pub(super) fn coarse(score: i32, grain: i32) -> i32 {
    let grain = grain.max(1);
    score.signum() * ((score.abs() + grain / 2) / grain * grain)
}

#[cfg(test)]
mod tests {
    use super::coarse;

    #[test]
    fn the_networks_score_is_rounded_to_its_grain_the_same_for_either_side() {
        for score in -300..=300 {
            assert_eq!(coarse(-score, 25), -coarse(score, 25));
            assert_eq!(coarse(score, 1), score);
            assert_eq!(coarse(score, 0), score);
        }
        assert_eq!(coarse(12, 25), 0);
        assert_eq!(coarse(13, 25), 25);
        assert_eq!(coarse(-37, 25), -25);
        assert_eq!(coarse(-38, 25), -50);
    }
}
