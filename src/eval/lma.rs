//! LMA: a move to the other colour lands on the other board, whose checkering is opposite, so
//! `(file + rank + board) mod 2` never changes for a piece: each is bound to one colour class.
//! Pieces of the enemy king's class reach it by ordinary moves and captures.

use super::{balance, Eval};
use crate::geometry::Word;
use crate::pieces::Color;
use crate::position::Position;

/// `king_class` per piece in the colour class of the enemy king, for the side to move.
pub(super) fn king_class<W: Word>(pos: &Position<W>, eval: &Eval<W>) -> i32 {
    let Some(king) = eval.king else { return 0 };
    let layers = pos.variant().geometry.layers;
    // The class of a colour's first king: its cell's parity (looked up, not divided out of the
    // index, for this runs at every evaluation) flipped on odd layers.
    let class = |color| {
        (0..layers).find_map(|layer| {
            let kings = pos.pieces(color, king, layer);
            kings.any().then(|| eval.parity[1].contains(kings.lowest()) as u8 ^ (layer % 2))
        })
    };
    eval.terms.king_class
        * balance(pos, |color: Color| {
            let Some(target) = class(color.flip()) else { return 0 };
            (0..layers)
                .map(|layer| {
                    let cells = eval.parity[(target ^ (layer % 2)) as usize];
                    (eval.pieces_only(pos, color, layer) & cells).count() as i32
                })
                .sum()
        })
}
