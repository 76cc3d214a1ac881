//! Looking-Glass: no check protects the king, so a king whose board is full of enemy attacks
//! is in danger before any capture shows in the search.

use super::{balance, Eval};
use crate::geometry::{Bitboard, Word};
use crate::pieces::{Color, Role};
use crate::position::Position;

/// `-king_attack` per enemy attack on a king's cell or its neighbours, on the king's board.
pub(super) fn king_safety<W: Word>(pos: &Position<W>, eval: &Eval<W>) -> i32 {
    let v = pos.variant();
    let Some(king) = v.king else { return 0 };
    balance(pos, |color: Color| {
        let them = color.flip();
        let mut attacks = 0;
        for sq in pos.king_squares(color) {
            let (layer, blockers) = (sq.layer(), pos.blockers(sq.layer()));
            let (near, _) = v.tables().quiet_and_capture(king, color, sq.cell(), Bitboard::EMPTY);
            let zone = (near | Bitboard::from_cell(sq.cell())) & v.geometry().cells[layer.index()];
            // Counted from each attacker's side: one reach per enemy piece that could get there.
            for role in Role::up_to(v.pieces.len()) {
                for cell in pos.pieces(them, role, layer) {
                    if (v.tables().spans(role, them, cell).0 & zone).any() {
                        attacks += (v.tables().capture_reach(role, them, cell, blockers) & zone).count() as i32;
                    }
                }
            }
        }
        -eval.terms.king_attack * attacks
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::movegen::legal;
    use crate::rules::{attackers, LookingGlass};

    /// The definition, cell by cell: every enemy piece on the king's board that captures there.
    fn attacks_by_cell(pos: &Position, color: Color) -> i32 {
        let v = pos.variant();
        let king = v.king.unwrap();
        let mut attacks = 0;
        for sq in pos.king_squares(color) {
            let (near, _) = v.tables().quiet_and_capture(king, color, sq.cell(), Bitboard::EMPTY);
            let zone = (near | Bitboard::from_cell(sq.cell())) & v.geometry().cells[sq.layer().index()];
            for cell in zone {
                attacks += attackers(pos, sq.layer(), cell, color.flip(), pos.blockers(sq.layer())).count() as i32;
            }
        }
        attacks
    }

    #[test]
    fn king_safety_counts_every_attack_on_the_king_and_its_neighbours() {
        let loaded = Config::builtin().loaded("lookingglass", &[]).unwrap();
        let (v, eval) = (loaded.variant.clone(), loaded.eval());
        let fens = include_str!("../../perft/lookingglass.epd").lines().filter(|l| !l.starts_with('#'));
        let mut checked = 0;
        for fen in fens.map(|l| l.split(';').next().unwrap().trim()) {
            let mut pos = Position::from_fen(v.clone(), fen).unwrap();
            let (mut first, mut second) = (Vec::new(), Vec::new());
            legal(&LookingGlass, &mut pos, &mut first);
            for &a in &first {
                pos.make(a);
                legal(&LookingGlass, &mut pos, &mut second);
                for &b in &second {
                    pos.make(b);
                    let us = pos.side();
                    let expected = attacks_by_cell(&pos, us.flip()) - attacks_by_cell(&pos, us);
                    assert_eq!(king_safety(&pos, &eval), eval.terms.king_attack * expected, "{}", pos.to_fen());
                    checked += 1;
                    pos.unmake();
                }
                pos.unmake();
            }
        }
        assert!(checked > 1000);
    }
}
