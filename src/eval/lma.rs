//! LMA: a move to the other colour lands on the other board, whose checkering is opposite, so
//! `(file + rank + board) mod 2` never changes for a piece: each is bound to one colour class.
//! Pieces of the enemy king's class reach it by ordinary moves and captures.

use super::Eval;
use crate::geometry::{Bitboard, Layer, Word};
use crate::pieces::Role;
use crate::position::Position;

/// `king_class` per piece in the colour class of the enemy king, for the side to move.
pub(super) fn king_class<W: Word>(pos: &Position<W>, eval: &Eval<W>) -> i32 {
    // The family has two boards (the configuration checks it), with opposite checkering. This
    // runs at every evaluation: the masks are worked out once for both sides.
    let role = |role: Option<Role>, layer| role.map_or(Bitboard::EMPTY, |r| pos.role_bb(r, layer));
    let boards = [Layer::new(0), Layer::new(1)];
    let kings = boards.map(|layer| role(eval.king, layer));
    let pieces = boards.map(|layer| pos.occupied(layer) & !(kings[layer.index()] | role(eval.pawn, layer)));
    // The class of a colour's first king: its cell's parity (looked up, not divided out of the
    // index) flipped on the second board.
    let class = |color| {
        boards.into_iter().find_map(|layer| {
            let king = kings[layer.index()] & pos.color_bb(color, layer);
            king.any().then(|| eval.parity[1].contains(king.lowest()) as usize ^ layer.index())
        })
    };
    let pieces_in_class = |color, class: usize| {
        let on = |layer: Layer| {
            (pieces[layer.index()] & pos.color_bb(color, layer) & eval.parity[class ^ layer.index()]).count()
        };
        boards.into_iter().map(on).sum::<u32>() as i32
    };
    let us = pos.side();
    let ours = class(us.flip()).map_or(0, |c| pieces_in_class(us, c));
    let theirs = class(us).map_or(0, |c| pieces_in_class(us.flip(), c));
    eval.terms.king_class * (ours - theirs)
}
