//! Lilliputian Monochromatic Alice Chess (RULES.md, `lma`): a piece that would change colour
//! lands on the other board instead, so every piece keeps its colour.

use super::{attack_lines, blockers_without, is_attacked, CheckThreats, Lma, MoveEffects, Rules, Targets};
use crate::geometry::{Bitboard, Cell, Layer, Square, Word, MAX_LAYERS};
use crate::pieces::Color;
use crate::position::Position;

impl<W: Word> Lma<W> {
    /// The colour of a cell, looked up rather than divided out of its index (a hot path).
    #[inline]
    fn parity(&self, cell: Cell) -> usize {
        self.colour[1].contains(cell) as usize
    }

    /// Check by the colour rule, with `gone` (a castling king) taken off the board.
    fn attacked_without(&self, pos: &Position<W>, sq: Square, by: Color, gone: Option<Square>) -> bool {
        let (here, there, v) = (sq.layer(), sq.layer().other(), sq.cell());
        let p = self.parity(v);
        let blockers = |layer| gone.map_or(pos.blockers(layer), |g| blockers_without(pos, layer, g));
        let tables = &pos.variant().tables();
        // Attackers standing on the cells of `colour` of `layer` only.
        let board = |layer: Layer, colour: Bitboard<W>| {
            let army = pos.color_bb(by, layer) & colour;
            (blockers(layer), move |r| pos.role_bb(r, layer) & army)
        };
        if pos.occupied(there).contains(v) {
            // An off-colour capture needs the twin empty; so does a capture from the other board.
            let (b, pieces) = board(here, self.colour[p]);
            tables.attackers(by, v, b, pieces, true).any()
        } else {
            tables.attacked_from_two(by, v, board(here, Bitboard::ALL), board(there, self.colour[1 - p]))
        }
    }
}

impl<W: Word> MoveEffects<W> for Lma<W> {}

impl<W: Word> Rules<W> for Lma<W> {
    // Vacating the king's twin square unblocks off-colour captures, so every move is tested.
    const DISCOVERY_ONLY: bool = false;

    /// The colour rule: same colour stays on the board; other colour lands on the twin.
    #[inline]
    fn transfer(&self, pos: &Position<W>, from: Square, t: Targets<W>, emit: &mut impl FnMut(Square, Option<Square>)) {
        let here = from.layer();
        let there = here.other();
        let p = self.parity(from.cell());
        let (same, other) = (self.colour[p], self.colour[1 - p]);
        let free_there = !pos.occupied(there) & pos.variant().geometry().cells[there.index()];
        let enemy_there = pos.color_bb(pos.side().flip(), there);
        for cell in t.quiet & same {
            emit(Square::new(here, cell), None);
        }
        for cell in t.capture & same {
            emit(Square::new(here, cell), Some(Square::new(here, cell)));
        }
        for cell in t.quiet & other & free_there {
            emit(Square::new(there, cell), None);
        }
        for cell in t.capture & other & free_there {
            emit(Square::new(there, cell), Some(Square::new(here, cell)));
        }
        for cell in t.capture_empty & other & enemy_there {
            emit(Square::new(there, cell), Some(Square::new(there, cell)));
        }
    }

    /// An enemy on the piece's board, or on the other board under an empty cell of this one
    /// (where an off-colour capture lands).
    #[inline]
    fn capture_cells(&self, pos: &Position<W>, layer: Layer) -> Option<Bitboard<W>> {
        let them = pos.side().flip();
        Some(pos.color_bb(them, layer) | (pos.color_bb(them, layer.other()) & !pos.occupied(layer)))
    }

    /// Castling: each of king and rook follows the colour rule and needs an empty landing twin.
    fn castle_landing(
        &self,
        pos: &Position<W>,
        king: (Square, Square),
        rook: (Square, Square),
        emit: &mut impl FnMut(Square, Square),
    ) {
        let land = |(from, to): (Square, Square)| {
            if self.parity(from.cell()) == self.parity(to.cell()) {
                Some(to)
            } else {
                let twin = to.twin(to.layer().other());
                pos.piece_at(twin).is_none().then_some(twin)
            }
        };
        if let (Some(k), Some(r)) = (land(king), land(rook)) {
            emit(k, r);
        }
    }

    /// A quiet move checks by its piece's geometry where it lands, by opening a line on either
    /// board, or by emptying the king's twin (which off-colour captures need).
    fn check_threats(&self, pos: &Position<W>) -> Option<CheckThreats<W>> {
        Some(CheckThreats::of_geometry(pos))
    }

    /// The shared definition of check under the colour rule.
    fn attacked(&self, pos: &Position<W>, sq: Square, by: Color) -> bool {
        self.attacked_without(pos, sq, by, None)
    }

    fn castle_attacked(&self, pos: &Position<W>, sq: Square, by: Color, king: Square) -> bool {
        self.attacked_without(pos, sq, by, Some(king))
    }

    /// A king is attacked only along an enemy rider's lines to its cell (on either board) or,
    /// off-colour, once its twin is empty; leapers need no emptied cell.
    fn exposing_cells(&self, pos: &Position<W>, king: Square) -> Option<Bitboard<W>> {
        let them = pos.side().flip();
        let tables = &pos.variant().tables();
        // A line is one of cells, whatever board its rider stands on: one look serves both boards.
        let lines = tables.rider_lines(them, king.cell(), |r| pos.pieces_on_any_board(them, r));
        Some(lines.with(king.cell()))
    }

    /// Capture a checker or block its line on either board, or fill the king's twin (which
    /// off-colour captures need empty).
    fn evasion_cells(&self, pos: &Position<W>, king: Square) -> Option<[Bitboard<W>; MAX_LAYERS]> {
        let them = pos.side().flip();
        let mut cells = [Bitboard::EMPTY; MAX_LAYERS];
        for layer in Layer::up_to(2u8) {
            cells[layer.index()] = attack_lines(pos, layer, king.cell(), them);
        }
        let twin = king.layer().other().index();
        cells[twin] = cells[twin].with(king.cell());
        Some(cells)
    }

    /// A king may not change colour onto a square attacked on its own board.
    fn king_targets(&self, pos: &Position<W>, from: Square, mut t: Targets<W>) -> Targets<W> {
        let layer = from.layer();
        let blockers = pos.blockers(layer).without(from.cell());
        let them = pos.side().flip();
        let other = self.colour[1 - self.parity(from.cell())];
        let mut unsafe_cells = Bitboard::EMPTY;
        for cell in (t.quiet | t.capture | t.capture_empty) & other {
            if is_attacked(pos, layer, cell, them, blockers) {
                unsafe_cells = unsafe_cells.with(cell);
            }
        }
        t.quiet &= !unsafe_cells;
        t.capture &= !unsafe_cells;
        t.capture_empty &= !unsafe_cells;
        t
    }
}
