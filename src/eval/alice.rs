//! Alice: a piece captures on the board it stands on, so pieces on the enemy king's board are
//! the ones that can attack it.

use super::{balance, Eval};
use crate::geometry::Word;
use crate::position::Position;

/// `king_board` per piece on the board of the enemy king, for the side to move.
pub(super) fn king_board<W: Word>(pos: &Position<W>, eval: &Eval<W>) -> i32 {
    let all = pos.variant().geometry.cells;
    eval.terms.king_board
        * balance(pos, |color| {
            pos.king_squares(color.flip()).map(|k| eval.pieces_in(pos, color, k.layer(), all[k.layer().index()])).sum()
        })
}
