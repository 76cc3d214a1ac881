//! FIDE chess's endings that the material count misjudges. Without pawns, a side whose whole
//! material is less than a rook's cannot mate, and one whose lead is less than that seldom
//! wins; with a single bishop each, on cells of opposite colours, the side a pawn or two up
//! seldom wins either, as neither bishop can contest the other's cells.

use super::Eval;
use crate::geometry::Word;
use crate::pieces::ByColor;
use crate::position::Position;

/// The material, pawns counted, that a side without pawns needs in all and ahead of the other
/// side to be expected to win: about a rook (a lone minor piece cannot mate; a rook against a
/// minor piece, or a queen against a rook and a minor piece, is a draw with best play).
const WINNING_LEAD: i32 = 400;

/// `score` (for the side to move) scaled towards a draw where the side ahead, by `material`, cannot
/// be expected to win.
pub(super) fn scaled<W: Word>(pos: &Position<W>, eval: &Eval<W>, score: i32, material: ByColor<i32>) -> i32 {
    let ahead = if score > 0 { pos.side() } else { pos.side().flip() };
    let pawns = eval.pawn.map_or(0, |p| pos.pieces_on_any_board(ahead, p).count());
    if pawns == 0 && material[ahead] < WINNING_LEAD {
        score / 16
    } else if pawns == 0 && material[ahead] - material[ahead.flip()] < WINNING_LEAD {
        score / 4
    } else if eval.pieces.opposite_lone_bishops(pos, eval) {
        score / 2
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Config;
    use crate::eval::Evaluate;
    use crate::position::Position;
    use crate::rules::Fide;

    /// The scaled scores of the terms (the network set aside, so that the sizes are known).
    fn scores(fens: &[&str]) -> Vec<i32> {
        let loaded = Config::builtin().loaded_adjusted("normal", &[], &[("network", "none".into())]).unwrap();
        let (v, e) = (&loaded.variant, loaded.eval());
        fens.iter().map(|fen| Fide.evaluate_alone(&Position::from_fen(v.clone(), fen).unwrap(), &e)).collect()
    }

    #[test]
    fn a_lone_minor_piece_cannot_win() {
        let s = scores(&["4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1"]);
        assert!(s[0].abs() < 60 && s[1] > 400, "{s:?}");
    }

    #[test]
    fn a_rook_against_a_minor_piece_is_nearly_level() {
        let s = scores(&["4k3/8/2b5/8/3R4/8/8/4K3 w - - 0 1", "4k3/8/2q5/8/3R4/8/8/4K3 b - - 0 1"]);
        assert!(s[0] > 0 && s[0] < 150 && s[1] > 500, "{s:?}");
    }

    #[test]
    fn bishops_of_opposite_colours_halve_a_pawn_up() {
        // The same pawns, and bishops on cells of opposite colours, then of the same colour.
        let s = scores(&["4k3/5p2/4b3/8/8/2B5/P4P2/4K3 w - - 0 1", "4k3/5p2/3b4/8/8/2B5/P4P2/4K3 w - - 0 1"]);
        assert!(s[0] > 0 && s[0] < s[1], "{s:?}");
    }
}
