//! FIDE chess: one board, no transfer.

use super::{attacked_on_layer, blockers_without, is_attacked, Rules, Targets};
use crate::geometry::Square;
use crate::pieces::Color;
use crate::position::Position;

/// The rules of FIDE chess (on any single-layer geometry).
#[derive(Clone, Debug, Default)]
pub struct Fide;

impl Rules for Fide {
    const DISCOVERY_ONLY: bool = true;

    #[inline]
    fn transfer(&self, _pos: &Position, from: Square, targets: Targets, emit: &mut impl FnMut(Square, Option<Square>)) {
        let layer = from.layer();
        for cell in targets.quiet {
            emit(Square::new(layer, cell), None);
        }
        for cell in targets.capture {
            let to = Square::new(layer, cell);
            emit(to, Some(to));
        }
    }

    fn castle_landing(
        &self,
        _pos: &Position,
        king: (Square, Square),
        rook: (Square, Square),
        emit: &mut impl FnMut(Square, Square),
    ) {
        emit(king.1, rook.1);
    }

    #[inline]
    fn attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        attacked_on_layer(pos, sq, by)
    }

    fn castle_attacked(&self, pos: &Position, sq: Square, by: Color, king: Square) -> bool {
        is_attacked(pos, sq.layer(), sq.cell(), by, blockers_without(pos, sq.layer(), king))
    }
}
