//! Alice Chess and its sisters (RULES.md, `alice` and "Alice family"): a piece moves on its
//! board, then transfers to the twin square on another board.

use super::{
    attack_lines, attacked_on_layer, blockers_without, is_attacked, Alice, CheckThreats, MoveEffects, Rules, Targets,
    Transfer, ZeroMoves,
};
use crate::geometry::{Bitboard, Layer, Square, Word, MAX_LAYERS};
use crate::pieces::Color;
use crate::position::moves::{Move, MoveKind};
use crate::position::Position;

impl Alice {
    /// The boards a piece on `layer` may transfer to.
    #[inline]
    fn others(&self, layer: Layer) -> impl Iterator<Item = Layer> {
        Layer::up_to(self.layers).filter(move |&l| l != layer)
    }

    /// Duo: whether a non-pawn piece of `by` stands on a twin of `sq` (it could capture by a zero move).
    fn zero_move_attack<W: Word>(&self, pos: &Position<W>, sq: Square, by: Color) -> bool {
        self.zero_moves == ZeroMoves::Capturing
            && self.others(sq.layer()).any(|l| {
                let p = pos.piece_at(sq.twin(l));
                p.is_some() && p.color() == by && Some(p.role()) != pos.variant().pawn
            })
    }
}

impl<W: Word> MoveEffects<W> for Alice {}

impl<W: Word> Rules<W> for Alice {
    // A piece arriving from another board can only block; one leaving can only discover.
    const DISCOVERY_ONLY: bool = true;

    /// With two boards and the transfer required, a capturer always crosses to the other board
    /// (the twin of the cell it took on, empty), so an exchange on a cell alternates boards: the
    /// next capture is made there, by a piece of that board, and lands back on the first. With
    /// three boards the capturer chooses its board, and where it may stay (`odonohue`, `duo`)
    /// whether it crosses depends on the twin: no single exchange describes those.
    #[inline]
    fn exchange_board(&self, layer: Layer) -> Option<Layer> {
        (self.layers == 2 && self.transfer == Transfer::Required).then(|| layer.other())
    }

    #[inline]
    fn transfer(&self, pos: &Position<W>, from: Square, t: Targets<W>, emit: &mut impl FnMut(Square, Option<Square>)) {
        transfer(pos, self.transfer, self.layers, from, t, emit);
    }

    fn castle_landing(
        &self,
        pos: &Position<W>,
        king: (Square, Square),
        rook: (Square, Square),
        emit: &mut impl FnMut(Square, Square),
    ) {
        // Rule 6: the king may not land on a square attacked on the castling board.
        let here = king.1.layer();
        let blockers = pos.blockers(here).without(king.0.cell());
        if is_attacked(pos, here, king.1.cell(), pos.side().flip(), blockers) {
            return;
        }
        castle_transfer(pos, self.transfer, self.layers, king.1, rook.1, emit);
    }

    /// Rule 4: a quiet move checks by its piece's geometry where it lands, by opening a line on
    /// the king's board, or in `duo` by landing on a twin of the king's square (a zero-move
    /// capture). Emptying a twin never checks: a capture can always land (rule 3 never lets all
    /// of a king's twins fill, and the sisters without a required transfer may stay).
    fn check_threats(&self, pos: &Position<W>) -> Option<CheckThreats<W>> {
        Some(CheckThreats::of_geometry(pos))
    }

    /// Rule 4 (and the shared definition of check): an enemy on the same board attacks the
    /// square and could complete the capture by its transfer rule; in `duo`, also an enemy
    /// non-pawn piece on a twin square.
    fn attacked(&self, pos: &Position<W>, sq: Square, by: Color) -> bool {
        if attacked_on_layer(pos, sq, by) {
            let can_land = match self.transfer {
                Transfer::Required => self.others(sq.layer()).any(|l| {
                    let twin = sq.twin(l);
                    pos.variant().geometry().exists(twin) && pos.piece_at(twin).is_none()
                }),
                Transfer::StayWhenBlocked | Transfer::Optional => true,
            };
            if can_land {
                return true;
            }
        }
        self.zero_move_attack(pos, sq, by)
    }

    /// Rule 6: castling looks at attacks on the castling board only (and `duo`'s twin attacks).
    fn castle_attacked(&self, pos: &Position<W>, sq: Square, by: Color, king: Square) -> bool {
        is_attacked(pos, sq.layer(), sq.cell(), by, blockers_without(pos, sq.layer(), king))
            || self.zero_move_attack(pos, sq, by)
    }

    /// Rule 4: capture a checker or block its line on the king's board, or take a twin of the
    /// king's square (filling the landing squares a capture needs, or, in `duo`, capturing a
    /// piece that would take the king by a zero move).
    fn evasion_cells(&self, pos: &Position<W>, king: Square) -> Option<[Bitboard<W>; MAX_LAYERS]> {
        let mut cells = [Bitboard::from_cell(king.cell()); MAX_LAYERS];
        cells[king.layer().index()] = attack_lines(pos, king.layer(), king.cell(), pos.side().flip());
        Some(cells)
    }

    /// Rules 4 and 5: a king's step, legal on its own board (`king_targets` kept only those),
    /// lands on the other board, where it is safe unless a piece there attacks its landing
    /// square; the cell it stepped to on its own board is empty again, so such an attacker could
    /// complete the capture. Judged so with two boards, the transfer required and no zero moves;
    /// otherwise the move is played to be judged.
    #[inline]
    fn king_move_safe(&self, pos: &Position<W>, mv: Move) -> Option<bool> {
        if self.layers != 2 || self.transfer != Transfer::Required || self.zero_moves != ZeroMoves::None {
            return None;
        }
        let king = pos.piece_at(mv.from());
        if mv.kind() != MoveKind::Normal
            || Some(king.role()) != pos.variant().king
            || mv.to().layer() == mv.from().layer()
        {
            return None;
        }
        Some(!attacked_on_layer(pos, mv.to(), king.color().flip()))
    }

    /// Rule 5: the king's move must be legal on its own board, its start square vacated.
    fn king_targets(&self, pos: &Position<W>, from: Square, mut t: Targets<W>) -> Targets<W> {
        let layer = from.layer();
        let blockers = pos.blockers(layer).without(from.cell());
        let them = pos.side().flip();
        let mut unsafe_cells = Bitboard::EMPTY;
        for cell in t.quiet | t.capture {
            if is_attacked(pos, layer, cell, them, blockers) {
                unsafe_cells = unsafe_cells.with(cell);
            }
        }
        t.quiet &= !unsafe_cells;
        t.capture &= !unsafe_cells;
        t
    }

    /// `msalice` and `duo` zero moves.
    fn extra_moves(&self, pos: &Position<W>, captures_only: bool, checked: Option<bool>, list: &mut Vec<Move>) {
        // Only `duo`'s zero moves capture.
        if self.zero_moves == ZeroMoves::None || (captures_only && self.zero_moves != ZeroMoves::Capturing) {
            return;
        }
        let us = pos.side();
        let variant = pos.variant();
        let g = &variant.geometry();
        let king_in_check = self.zero_moves == ZeroMoves::Quiet
            && checked.unwrap_or_else(|| pos.king_squares(us).any(|k| self.attacked(pos, k, us.flip())));
        // The roles that may not cross here: pawns in `duo`, a checked king in `msalice`.
        let barred = match self.zero_moves {
            ZeroMoves::Capturing => variant.pawn,
            ZeroMoves::Quiet if king_in_check => variant.king,
            _ => None,
        };
        let mut movers = [Bitboard::EMPTY; MAX_LAYERS];
        for here in Layer::up_to(self.layers) {
            movers[here.index()] =
                pos.color_bb(us, here) & !barred.map_or(Bitboard::EMPTY, |r| pos.pieces(us, r, here));
        }
        // The generator drops the quiet zero moves again when it wants captures only, so with no
        // capturing one there is nothing to add. (With one, the quiet ones still go in: where
        // the generator leaves the captures depends on them.)
        let captures =
            |here: Layer| self.others(here).any(|there| (movers[here.index()] & pos.color_bb(us.flip(), there)).any());
        if captures_only && !Layer::up_to(self.layers).any(captures) {
            return;
        }
        for here in Layer::up_to(self.layers) {
            for cell in movers[here.index()] {
                let from = Square::new(here, cell);
                for there in self.others(here) {
                    let to = from.twin(there);
                    let capture = if (g.cells[there.index()] & !pos.occupied(there)).contains(cell) {
                        None
                    } else if self.zero_moves == ZeroMoves::Capturing && pos.color_bb(us.flip(), there).contains(cell) {
                        Some(to)
                    } else {
                        continue;
                    };
                    list.push(Move::new(from, to, capture, MoveKind::Zero));
                }
            }
        }
    }

    /// Rule 3: with a required transfer, twin squares are never all occupied.
    fn validate(&self, pos: &Position<W>) -> Result<(), String> {
        if self.transfer != Transfer::Required {
            return Ok(());
        }
        let g = &pos.variant().geometry();
        let mut all = Bitboard::ALL;
        for l in Layer::up_to(self.layers) {
            all &= pos.occupied(l);
        }
        if let Some(cell) = all.into_iter().next() {
            let names: Vec<String> = Layer::up_to(self.layers).map(|l| g.square_name(Square::new(l, cell))).collect();
            return Err(format!(
                "twin squares {} are all occupied, which Alice rules never allow",
                names.join(" and ")
            ));
        }
        Ok(())
    }
}

/// Where a piece's geometric targets land under a transfer rule (rules 2 and 3 and the sisters').
#[inline]
pub fn transfer<W: Word>(
    pos: &Position<W>,
    rule: Transfer,
    layers: u8,
    from: Square,
    t: Targets<W>,
    emit: &mut impl FnMut(Square, Option<Square>),
) {
    let here = from.layer();
    let all = t.quiet | t.capture;
    let capture_at = |cell| t.capture.contains(cell).then_some(Square::new(here, cell));
    if rule == Transfer::Optional {
        for cell in all {
            emit(Square::new(here, cell), capture_at(cell));
        }
    }
    for there in Layer::up_to(layers).filter(|&l| l != here) {
        let free = !pos.occupied(there) & pos.variant().geometry().cells[there.index()];
        for cell in all & free {
            emit(Square::new(there, cell), capture_at(cell));
        }
        if rule == Transfer::StayWhenBlocked {
            for cell in all & !free {
                emit(Square::new(here, cell), capture_at(cell));
            }
        }
    }
}

/// Where king and rook land after castling under a transfer rule, from their squares on the castling board.
pub fn castle_transfer<W: Word>(
    pos: &Position<W>,
    rule: Transfer,
    layers: u8,
    king_to: Square,
    rook_to: Square,
    emit: &mut impl FnMut(Square, Square),
) {
    let free = |sq: Square| pos.variant().geometry().exists(sq) && pos.piece_at(sq).is_none();
    let here = king_to.layer();
    if rule == Transfer::Optional {
        emit(king_to, rook_to);
    }
    for there in Layer::up_to(layers).filter(|&l| l != here) {
        let (k, r) = (king_to.twin(there), rook_to.twin(there));
        match rule {
            Transfer::StayWhenBlocked => emit(if free(k) { k } else { king_to }, if free(r) { r } else { rook_to }),
            _ if free(k) && free(r) => emit(k, r),
            _ => {}
        }
    }
}
