//! Alice: a piece captures on the board it stands on, so pieces on the enemy king's board are
//! the ones that can attack it.

use super::{balance, Eval, Landing};
use crate::geometry::{Layer, Word};
use crate::pieces::Color;
use crate::position::Position;
use crate::rules::{Alice, Transfer};

/// `king_board` per piece on the board of the enemy king, for the side to move.
pub(super) fn king_board<W: Word>(pos: &Position<W>, eval: &Eval<W>) -> i32 {
    let all = pos.variant().geometry().cells;
    eval.terms.king_board
        * balance(pos, |color| {
            pos.king_squares(color.flip()).map(|k| eval.pieces_in(pos, color, k.layer(), all[k.layer().index()])).sum()
        })
}

/// Rule 3: with a required transfer between two boards, a piece moving on one lands on the other,
/// so a move needs an empty twin. The sisters that may stay, or have a third board, are judged
/// as moving on their own board.
pub(super) fn landing<W: Word>(rules: &Alice, pos: &Position<W>, color: Color, layer: Layer) -> Landing<W> {
    let cells = pos.variant().geometry().cells[layer.index()];
    let open = cells & !pos.color_bb(color, layer);
    if rules.transfer == Transfer::Required && rules.layers == 2 {
        let there = layer.other();
        Landing { layer: there, open: open & !pos.occupied(there) }
    } else {
        Landing { layer, open }
    }
}
