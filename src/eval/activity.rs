//! Piece activity, for every family that uses the standard terms: how many cells each piece can
//! move to now, and how many cells around the enemy king it reaches, both on the king's board and,
//! in the multi-board families, from another board by a move that lands next to the king.

use super::{Eval, Evaluate};
use crate::geometry::{Bitboard, Layer, Word, MAX_LAYERS};
use crate::pieces::{Color, Role};
use crate::position::Position;

/// Where a piece's move on one board puts it, as its family's rules decide.
#[derive(Copy, Clone, Debug)]
pub struct Landing<W: Word> {
    /// The board the piece ends up on.
    pub layer: Layer,
    /// The cells of the move's board whose moves can be completed (not its own pieces, and where
    /// the piece crosses over, an empty twin).
    pub open: Bitboard<W>,
}

/// The cells of each board that make up the enemy kings' zones: each king's cell and its neighbours.
fn king_zones<W: Word>(pos: &Position<W>, enemy: Color) -> [Bitboard<W>; MAX_LAYERS] {
    let v = pos.variant();
    let mut zones = [Bitboard::EMPTY; MAX_LAYERS];
    if let Some(king) = v.king {
        for sq in pos.king_squares(enemy) {
            let (near, _) = v.tables.quiet_and_capture(king, enemy, sq.cell(), Bitboard::EMPTY);
            let layer = sq.layer().index();
            zones[layer] |= (near | Bitboard::from_cell(sq.cell())) & v.geometry.cells[layer];
        }
    }
    zones
}

/// Mobility and king-zone terms, White's view, before (`[0]`) and in (`[1]`) the endgame.
pub(super) fn activity<W: Word, R: Evaluate<W>>(rules: &R, pos: &Position<W>, eval: &Eval<W>) -> [i32; 2] {
    let terms = &eval.terms;
    if terms.piece_mobility == 0 && terms.king_zone == 0 && terms.king_zone_across == 0 {
        return [0, 0];
    }
    let v = pos.variant();
    let mut score = [0, 0];
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let zones = king_zones(pos, color.flip());
        let (mut mobility, mut near, mut across) = (0, 0, 0);
        for layer in v.geometry.all_layers() {
            if eval.pieces_only(pos, color, layer).is_empty() {
                continue;
            }
            let blockers = rules.blockers(pos, layer);
            let landing = rules.landing(pos, color, layer);
            let (zone_here, zone_there) = (zones[layer.index()], zones[landing.layer.index()]);
            for role in Role::up_to(eval.values.len()).filter(|&r| eval.is_piece(r)) {
                let tables = v.tables.role(role, color);
                for cell in pos.pieces(color, role, layer) {
                    let (quiet, capture) = v.tables.quiet_and_capture_of(tables, cell, blockers);
                    let reach = (quiet | capture) & landing.open;
                    mobility += reach.count() as i32;
                    near += (capture & zone_here).count() as i32;
                    if landing.layer != layer {
                        across += (reach & zone_there).count() as i32;
                    }
                }
            }
        }
        let mg = terms.king_zone * near + terms.king_zone_across * across;
        score[0] += sign * (terms.piece_mobility * mobility + mg);
        score[1] += sign * terms.piece_mobility * mobility;
    }
    score
}
