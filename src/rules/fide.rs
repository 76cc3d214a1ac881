//! FIDE chess: one board, no transfer.

use super::{
    attack_lines, attacked_on_layer, blockers_without, is_attacked, CheckThreats, Fide, MoveEffects, Rules, Targets,
};
use crate::geometry::{Bitboard, Layer, Square, Word, MAX_LAYERS};
use crate::pieces::Color;
use crate::position::moves::{Move, MoveKind};
use crate::position::Position;

impl<W: Word> MoveEffects<W> for Fide {}

impl<W: Word> Rules<W> for Fide {
    const DISCOVERY_ONLY: bool = true;

    /// A capturer stays on the board it captured on, so every capture of an exchange is there.
    #[inline]
    fn exchange_board(&self, layer: Layer) -> Option<Layer> {
        Some(layer)
    }

    #[inline]
    fn transfer(
        &self,
        _pos: &Position<W>,
        from: Square,
        targets: Targets<W>,
        emit: &mut impl FnMut(Square, Option<Square>),
    ) {
        let layer = from.layer();
        for cell in targets.quiet {
            emit(Square::new(layer, cell), None);
        }
        for cell in targets.capture {
            let to = Square::new(layer, cell);
            emit(to, Some(to));
        }
    }

    #[inline]
    fn attacked(&self, pos: &Position<W>, sq: Square, by: Color) -> bool {
        attacked_on_layer(pos, sq, by)
    }

    /// Checks come from the moved piece where it lands or from a line it opens.
    fn check_threats(&self, pos: &Position<W>) -> Option<CheckThreats<W>> {
        Some(CheckThreats::of_geometry(pos))
    }

    /// A king stepping on one board is safe when its destination is not attacked with the king lifted.
    #[inline]
    fn king_move_safe(&self, pos: &Position<W>, mv: Move) -> Option<bool> {
        let king = pos.piece_at(mv.from());
        if mv.kind() != MoveKind::Normal || Some(king.role()) != pos.variant().king {
            return None;
        }
        let layer = mv.to().layer();
        let blockers = blockers_without(pos, layer, mv.from());
        Some(!is_attacked(pos, layer, mv.to().cell(), king.color().flip(), blockers))
    }

    /// Capture a checker or block its line, on the king's board.
    fn evasion_cells(&self, pos: &Position<W>, king: Square) -> Option<[Bitboard<W>; MAX_LAYERS]> {
        let mut cells = [Bitboard::EMPTY; MAX_LAYERS];
        cells[king.layer().index()] = attack_lines(pos, king.layer(), king.cell(), pos.side().flip());
        Some(cells)
    }

    /// No pawn, and besides the kings one knight or bishop at most, or only bishops, all on cells
    /// of one colour: no sequence of legal moves can mate (a dead position by FIDE's Laws).
    fn insufficient_material(&self, pos: &Position<W>) -> bool {
        let variant = pos.variant();
        let layer = Layer::FIRST;
        let kings = variant
            .king
            .map_or(Bitboard::EMPTY, |k| pos.pieces(Color::White, k, layer) | pos.pieces(Color::Black, k, layer));
        let others = pos.occupied(layer) & !kings;
        let moves_as =
            |cell, betza: &str| variant.pieces[pos.piece_at(Square::new(layer, cell)).role().index()].betza == betza;
        if others.into_iter().any(|c| !moves_as(c, "N") && !moves_as(c, "B")) {
            return false;
        }
        let bishops = others.into_iter().filter(|&c| moves_as(c, "B")).fold(Bitboard::EMPTY, |b, c| b.with(c));
        let one_colour = [0, 1].into_iter().any(|p| (bishops & !variant.geometry().colour_mask(p)).is_empty());
        others.count() <= 1 || (bishops == others && one_colour)
    }

    fn castle_attacked(&self, pos: &Position<W>, sq: Square, by: Color, king: Square) -> bool {
        is_attacked(pos, sq.layer(), sq.cell(), by, blockers_without(pos, sq.layer(), king))
    }
}
