//! LMA: a move to the other colour lands on the other board, whose checkering is opposite, so
//! `(file + rank + board) mod 2` never changes for a piece: each is bound to one colour class.
//! Pieces of the enemy king's class reach it by ordinary moves and captures.

use super::Eval;
use crate::geometry::Word;
use crate::position::Position;

/// `king_class` per piece in the colour class of the enemy king, for the side to move.
pub(super) fn king_class<W: Word>(pos: &Position<W>, eval: &Eval<W>) -> i32 {
    // The class of a colour's first king: its cell's parity (looked up, not divided out of the
    // index, for this runs at every evaluation) flipped on the second board.
    let class =
        |color| pos.king_squares(color).next().map(|k| eval.parity[1].contains(k.cell()) as usize ^ k.layer() as usize);
    // The family has two boards (the configuration checks it), with opposite checkering.
    let pieces_in_class = |color, class: usize| {
        let on = |layer: u8, parity: usize| (eval.pieces_only(pos, color, layer) & eval.parity[parity]).count() as i32;
        on(0, class) + on(1, class ^ 1)
    };
    let us = pos.side();
    let ours = class(us.flip()).map_or(0, |c| pieces_in_class(us, c));
    let theirs = class(us).map_or(0, |c| pieces_in_class(us.flip(), c));
    eval.terms.king_class * (ours - theirs)
}
