//! Monochrome Chess (RULES.md `monochrome`): pieces belong to whoever's half they stand in,
//! kings are captured like any piece, and the game is scored by the points captured.

use std::cmp::Ordering;

use super::{attacked_on_layer, Monochrome, MoveEffects, Outcome, Reason, Rules, Targets};
use crate::geometry::{Layer, Square, Word};
use crate::pieces::{Color, Role};
use crate::position::moves::Move;
use crate::position::Position;

impl<W: Word> Monochrome<W> {
    /// The game's end by the scores: the higher score wins, equal scores draw.
    fn scored(pos: &Position<W>, reason: Reason) -> Outcome {
        let s = pos.scores();
        let winner = match s[Color::White].cmp(&s[Color::Black]) {
            Ordering::Greater => Some(Color::White),
            Ordering::Less => Some(Color::Black),
            Ordering::Equal => None,
        };
        Outcome { winner, reason }
    }

    /// No rejection: a piece the opponent just moved from A to B may not go straight back.
    fn rejected(pos: &Position<W>, from: Square, to: Square) -> bool {
        pos.last_move(pos.side().flip()) == Some((to, from))
    }
}

/// A piece belongs to whoever's half it lands in, captures score points, and only a capture
/// resets the 50-move clock; the scores and the last move (no rejection) are state.
impl<W: Word> MoveEffects<W> for Monochrome<W> {
    const PAWN_MOVE_RESETS_CLOCK: bool = false;
    const STATE_BEYOND_HASH: bool = true;

    #[inline]
    fn owner(&self, mover: Color, to: Square) -> Color {
        if self.owner_zone[mover].contains(to.cell()) {
            mover
        } else {
            mover.flip()
        }
    }

    #[inline]
    fn capture_points(&self, role: Role) -> u32 {
        self.capture_values.get(role.index()).copied().unwrap_or(0)
    }
}

impl<W: Word> Rules<W> for Monochrome<W> {
    const DISCOVERY_ONLY: bool = false;
    const KING_CAPTURE: bool = true;

    /// Pieces move as in FIDE chess; enemies stand only in the other half, so captures happen there.
    #[inline]
    fn transfer(&self, pos: &Position<W>, from: Square, t: Targets<W>, emit: &mut impl FnMut(Square, Option<Square>)) {
        let layer = from.layer();
        for cell in t.quiet | t.capture {
            let to = Square::new(layer, cell);
            if !Self::rejected(pos, from, to) {
                emit(to, t.capture.contains(cell).then_some(to));
            }
        }
    }

    fn attacked(&self, pos: &Position<W>, sq: Square, by: Color) -> bool {
        attacked_on_layer(pos, sq, by)
    }

    /// Castling ignores attacks.
    fn castle_attacked(&self, _: &Position<W>, _: Square, _: Color, _: Square) -> bool {
        false
    }

    /// Castling: a king on e1 (e8) with a rook on a1 or h1 (a8 or h8) and nothing between,
    /// as FIDE castling moves them; no rights, attacks or earlier moves matter.
    fn extra_moves(&self, pos: &Position<W>, captures_only: bool, _checked: Option<bool>, list: &mut Vec<Move>) {
        if captures_only {
            return;
        }
        let variant = pos.variant();
        let g = &variant.geometry();
        let us = pos.side();
        let rank = if us == Color::White { 0 } else { g.ranks - 1 };
        let (Some(king_role), Some(rook_role)) = (variant.king, variant.rook) else { return };
        // The rule names e1, a1 and h1: it exists on eight files only.
        if g.files != 8 {
            return;
        }
        let king_from = Square::new(Layer::FIRST, g.cell(4, rank));
        let king = pos.piece_at(king_from);
        if king.is_none() || king.color() != us || king.role() != king_role {
            return;
        }
        for (rook_file, dir) in [(g.files - 1, 1i32), (0, -1)] {
            let rook_from = Square::new(Layer::FIRST, g.cell(rook_file, rank));
            let rook = pos.piece_at(rook_from);
            if rook.is_none() || rook.color() != us || rook.role() != rook_role {
                continue;
            }
            let (lo, hi) = (rook_file.min(4) + 1, rook_file.max(4));
            if (lo..hi).any(|f| pos.piece_at(Square::new(Layer::FIRST, g.cell(f, rank))).is_some()) {
                continue;
            }
            let king_to = Square::new(Layer::FIRST, g.cell((4 + 2 * dir) as u8, rank));
            let rook_to = Square::new(Layer::FIRST, g.cell((4 + dir) as u8, rank));
            list.push(Move::castling((king_from, king_to), (rook_from, rook_to)));
        }
    }

    /// The game ends as soon as either half holds no pieces.
    fn ended(&self, pos: &Position<W>) -> Option<Outcome> {
        let empty_half = Color::ALL.iter().any(|&c| pos.color_bb(c, Layer::FIRST).is_empty());
        empty_half.then(|| Self::scored(pos, Reason::HalfEmptied))
    }

    fn no_moves(&self, pos: &Position<W>) -> Outcome {
        Self::scored(pos, Reason::NoMove)
    }

    fn drawn(&self, pos: &Position<W>, reason: Reason) -> Outcome {
        Self::scored(pos, reason)
    }
}
