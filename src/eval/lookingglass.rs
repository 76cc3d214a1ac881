//! Looking-Glass: no check protects the king, so a king whose board is full of enemy attacks
//! is in danger before any capture shows in the search.

use super::{balance, Eval};
use crate::geometry::Bitboard;
use crate::pieces::Color;
use crate::position::Position;
use crate::rules::attackers;

/// `-king_attack` per enemy attack on a king's cell or its neighbours, on the king's board.
pub(super) fn king_safety(pos: &Position, eval: &Eval) -> i32 {
    let v = pos.variant();
    let Some(king) = v.king else { return 0 };
    balance(pos, |color: Color| {
        let mut attacks = 0;
        for sq in pos.king_squares(color) {
            let (layer, blockers) = (sq.layer(), pos.blockers(sq.layer()));
            let (near, _) = v.tables.quiet_and_capture(king, color, sq.cell(), Bitboard::EMPTY);
            let zone = (near | Bitboard::from_cell(sq.cell())) & v.geometry.cells[layer as usize];
            for cell in zone {
                attacks += attackers(pos, layer, cell, color.flip(), blockers).count() as i32;
            }
        }
        -eval.terms.king_attack * attacks
    })
}
