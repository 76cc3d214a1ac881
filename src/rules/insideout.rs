//! Inside-out Chess (RULES.md `insideout`): eight dual fields with an outer cell (layer 1) and
//! an inner cell (layer 2); kings are captured, and a captured king makes pawns spawn.

use super::{is_attacked, InsideOut, MoveEffects, Outcome, Reason, Rules, Targets};
use crate::geometry::{Bitboard, Cell, Layer, Square, Word};
use crate::pieces::Color;
use crate::position::Position;

/// The layer of outer cells (the whole 6×6 board).
const OUTER: Layer = Layer::new(0);
/// The layer of inner cells (the eight dual fields only).
const INNER: Layer = Layer::new(1);

impl InsideOut {
    /// Rule 8: a player may not move a piece straight back from where their last move took it.
    fn reversal<W: Word>(pos: &Position<W>, from: Square, to: Square) -> bool {
        pos.last_move(pos.side()) == Some((to, from))
    }
}

/// Rule 7: a captured king brings pawns back; the last moves (no rejection) are state.
impl<W: Word> MoveEffects<W> for InsideOut {
    const KING_CAPTURE_SPAWNS: bool = true;
    const STATE_BEYOND_HASH: bool = true;
}

impl<W: Word> Rules<W> for InsideOut {
    const DISCOVERY_ONLY: bool = false;
    const KING_CAPTURE: bool = true;

    /// Rule 4: a rider passes a dual field only when both its cells are empty.
    #[inline]
    fn blockers(&self, pos: &Position<W>, layer: Layer) -> Bitboard<W> {
        if layer == OUTER {
            pos.blockers(OUTER) | pos.occupied(INNER)
        } else {
            pos.blockers(layer)
        }
    }

    /// Rule 4 for the double step: the passed field wholly empty; a dual destination needs only its inner cell.
    fn double_step_clear(&self, pos: &Position<W>, _layer: Layer, passed: Cell, dest: Cell) -> bool {
        let dual = pos.variant().geometry().cells[INNER.index()];
        let (outer, inner) = (pos.occupied(OUTER), pos.occupied(INNER));
        let passed_clear = !outer.contains(passed) && !inner.contains(passed);
        let dest_clear = if dual.contains(dest) { !inner.contains(dest) } else { !outer.contains(dest) };
        passed_clear && dest_clear
    }

    /// Rules 1-3: a move ending at a dual field ends in its inner cell; a piece in an inner
    /// cell may only step out to the outer cell of its field.
    fn transfer(&self, pos: &Position<W>, from: Square, t: Targets<W>, emit: &mut impl FnMut(Square, Option<Square>)) {
        let us = pos.side();
        let mut out = |to: Square, capture: Option<Square>| {
            if !InsideOut::reversal(pos, from, to) {
                emit(to, capture);
            }
        };
        if from.layer() == INNER {
            let outer = Square::new(OUTER, from.cell());
            let there = pos.piece_at(outer);
            if there.is_none() {
                out(outer, None);
            } else if there.color() != us {
                out(outer, Some(outer));
            }
            return;
        }
        let dual = pos.variant().geometry().cells[INNER.index()];
        for cell in (t.quiet | t.capture) & !dual {
            let to = Square::new(OUTER, cell);
            out(to, t.capture.contains(cell).then_some(to));
        }
        for cell in t.quiet_reach & dual & !pos.occupied(INNER) {
            out(Square::new(INNER, cell), None);
        }
        for cell in t.capture_reach & dual & pos.color_bb(us.flip(), INNER) {
            let to = Square::new(INNER, cell);
            out(to, Some(to));
        }
    }

    /// Outer pieces capture on the outer cells and in the inner cells they reach; an inner
    /// piece's one move out ignores its geometry.
    #[inline]
    fn capture_cells(&self, pos: &Position<W>, layer: Layer) -> Option<Bitboard<W>> {
        let them = pos.side().flip();
        (layer == OUTER).then(|| pos.color_bb(them, OUTER) | pos.color_bb(them, INNER))
    }

    fn attacked(&self, pos: &Position<W>, sq: Square, by: Color) -> bool {
        is_attacked(pos, sq.layer(), sq.cell(), by, self.blockers(pos, sq.layer()))
    }

    fn castle_attacked(&self, _: &Position<W>, _: Square, _: Color, _: Square) -> bool {
        false
    }

    /// Rule 9: a player with no king left has lost.
    fn ended(&self, pos: &Position<W>) -> Option<Outcome> {
        let us = pos.side();
        [us, us.flip()]
            .into_iter()
            .find(|&c| pos.king_squares(c).next().is_none())
            .map(|loser| Outcome { winner: Some(loser.flip()), reason: Reason::NoKingLeft })
    }

    /// Rule 9: a player with no move has lost.
    fn no_moves(&self, pos: &Position<W>) -> Outcome {
        Outcome { winner: Some(pos.side().flip()), reason: Reason::NoMove }
    }
}
