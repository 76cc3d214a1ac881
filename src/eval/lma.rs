//! LMA: a move to the other colour lands on the other board, whose checkering is opposite, so
//! `(file + rank + board) mod 2` never changes for a piece: each is bound to one colour class.
//! Pieces of the enemy king's class reach it by ordinary moves and captures.

use super::Eval;
use crate::geometry::{Bitboard, Word};
use crate::pieces::Role;
use crate::position::Position;

/// `king_class` per piece in the colour class of the enemy king, for the side to move.
pub(super) fn king_class<W: Word>(pos: &Position<W>, eval: &Eval<W>) -> i32 {
    // The family has two boards (the configuration checks it), with opposite checkering. This
    // runs at every evaluation: the masks are worked out once for both sides.
    let role = |role: Option<Role>, layer| role.map_or(Bitboard::EMPTY, |r| pos.role_bb(r, layer));
    let kings = [0, 1].map(|layer| role(eval.king, layer));
    let pieces = [0, 1].map(|layer| pos.occupied(layer) & !(kings[layer as usize] | role(eval.pawn, layer)));
    // The class of a colour's first king: its cell's parity (looked up, not divided out of the
    // index) flipped on the second board.
    let class = |color| {
        (0..2).find_map(|layer| {
            let king = kings[layer] & pos.color_bb(color, layer as u8);
            king.any().then(|| eval.parity[1].contains(king.lowest()) as usize ^ layer)
        })
    };
    let pieces_in_class = |color, class: usize| {
        let on = |layer: usize| (pieces[layer] & pos.color_bb(color, layer as u8) & eval.parity[class ^ layer]).count();
        (on(0) + on(1)) as i32
    };
    let us = pos.side();
    let ours = class(us.flip()).map_or(0, |c| pieces_in_class(us, c));
    let theirs = class(us).map_or(0, |c| pieces_in_class(us.flip(), c));
    eval.terms.king_class * (ours - theirs)
}
