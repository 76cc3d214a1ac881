//! LMA: a move to the other colour lands on the other board, whose checkering is opposite, so
//! `(file + rank + board) mod 2` never changes for a piece: each is bound to one colour class.
//! Pieces of the enemy king's class reach it by ordinary moves and captures.

use super::{balance, Eval};
use crate::geometry::{Square, Word};
use crate::position::Position;

/// The colour class of a square (its cell's parity looked up, not divided out of the index).
fn class<W: Word>(eval: &Eval<W>, sq: Square) -> u8 {
    (eval.parity[1].contains(sq.cell()) as u8 + sq.layer()) % 2
}

/// `king_class` per piece in the colour class of the enemy king, for the side to move.
pub(super) fn king_class<W: Word>(pos: &Position<W>, eval: &Eval<W>) -> i32 {
    let g = &pos.variant().geometry;
    eval.terms.king_class
        * balance(pos, |color| {
            let Some(king) = pos.king_squares(color.flip()).next() else { return 0 };
            let target = class(eval, king);
            (0..g.layers)
                .map(|layer| {
                    // The cells of this layer in the king's class: one parity of the checkering.
                    let parity = (target + layer) % 2;
                    eval.pieces_in(pos, color, layer, eval.parity[parity as usize])
                })
                .sum()
        })
}
