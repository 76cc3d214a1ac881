//! Through the Looking-Glass (RULES.md `lookingglass`): two boards, a piece transfers after its
//! move when its twin is empty and stays otherwise; Chess960 setups; kings are captured.

use super::alice::{castle_transfer, transfer};
use super::Transfer;
use super::{attacked_on_layer, LookingGlass, MoveEffects, Outcome, Reason, Rules, Targets};
use crate::geometry::{Layer, Square, Word};
use crate::pieces::Color;
use crate::position::moves::Move;
use crate::position::Position;

/// Rule 4 (as Alice's) with the en-passant square on the board the pawn left: it is captured
/// there, by a pawn of that board, before it crosses.
impl<W: Word> MoveEffects<W> for LookingGlass {
    #[inline]
    fn en_passant_board(&self, mv: Move) -> Layer {
        mv.from().layer()
    }
}

impl<W: Word> Rules<W> for LookingGlass {
    const DISCOVERY_ONLY: bool = false;
    const KING_CAPTURE: bool = true;

    #[inline]
    fn transfer(&self, pos: &Position<W>, from: Square, t: Targets<W>, emit: &mut impl FnMut(Square, Option<Square>)) {
        transfer(pos, Transfer::StayWhenBlocked, 2, from, t, emit);
    }

    /// After castling king and rook each transfer if their own twin is empty.
    fn castle_landing(
        &self,
        pos: &Position<W>,
        king: (Square, Square),
        rook: (Square, Square),
        emit: &mut impl FnMut(Square, Square),
    ) {
        castle_transfer(pos, Transfer::StayWhenBlocked, 2, king.1, rook.1, emit);
    }

    fn attacked(&self, pos: &Position<W>, sq: Square, by: Color) -> bool {
        attacked_on_layer(pos, sq, by)
    }

    /// Castling has no check condition.
    fn castle_attacked(&self, _: &Position<W>, _: Square, _: Color, _: Square) -> bool {
        false
    }

    /// Capturing the enemy king wins.
    fn ended(&self, pos: &Position<W>) -> Option<Outcome> {
        Color::ALL
            .into_iter()
            .find(|&c| pos.king_squares(c).next().is_none())
            .map(|loser| Outcome { winner: Some(loser.flip()), reason: Reason::KingCaptured })
    }

    /// No move on either board: a draw.
    fn no_moves(&self, _: &Position<W>) -> Outcome {
        Outcome { winner: None, reason: Reason::NoMove }
    }
}
