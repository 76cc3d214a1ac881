//! The move type and its notation (`e2e4`, `1e22e4`, `1e72e8q`).

use std::fmt;
use std::num::NonZeroU64;

use crate::geometry::{Square, Word, MAX_CELLS, MAX_LAYERS};
use crate::pieces::{Role, MAX_ROLES};
use crate::variant::{CastlingStyle, Variant};

/// What kind of move, for make/unmake.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum MoveKind {
    /// A move or capture.
    Normal,
    /// A pawn's two-square first step (may set an en-passant square).
    DoubleStep,
    /// An en-passant capture.
    EnPassant,
    /// Castling: the move also names the rook's start and final squares.
    Castle,
    /// A piece crossing to its twin square.
    Zero,
}

/// A move: where the piece starts, where it finally stands, and what it captures where.
///
/// Packed in one word, so that move lists stay small, a copy is a register and two moves
/// compare in one instruction (the killer and table-move tests of move ordering). From the
/// lowest bit: from and to (9 bits each), promotion role + 1 (4), kind (3), then the capture
/// square and the rook's two squares, each of these with a bit saying it is there. The low 25
/// bits are what the transposition table keeps of a move. The top bit is always set, so that
/// `Option<Move>` takes no more room than a move.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU64);

const SQUARE_BITS: u32 = 9;
const SQUARE_MASK: u64 = (1 << SQUARE_BITS) - 1;
const TO_SHIFT: u32 = SQUARE_BITS;
const PROMOTION_SHIFT: u32 = 2 * SQUARE_BITS;
const KIND_SHIFT: u32 = PROMOTION_SHIFT + 4;
const CAPTURE_SHIFT: u32 = KIND_SHIFT + 3;
const HAS_CAPTURE: u64 = 1 << (CAPTURE_SHIFT + SQUARE_BITS);
const ROOK_FROM_SHIFT: u32 = CAPTURE_SHIFT + SQUARE_BITS + 1;
const ROOK_TO_SHIFT: u32 = ROOK_FROM_SHIFT + SQUARE_BITS;
const HAS_ROOK: u64 = 1 << (ROOK_TO_SHIFT + SQUARE_BITS);
const VALID: u64 = 1 << 63;
// Every square index fits its field, and every role + 1 the promotion's four bits.
const _: () = assert!(MAX_LAYERS * MAX_CELLS <= 1 << SQUARE_BITS && MAX_ROLES < 15);

impl Move {
    /// A move of the piece on `from` to `to`, capturing on `capture` if anything.
    #[inline]
    pub fn new(from: Square, to: Square, capture: Option<Square>, kind: MoveKind) -> Move {
        let capture = capture.map_or(0, |c| HAS_CAPTURE | (c.index() as u64) << CAPTURE_SHIFT);
        let bits =
            VALID | capture | (kind as u64) << KIND_SHIFT | (to.index() as u64) << TO_SHIFT | from.index() as u64;
        Move(NonZeroU64::new(bits).expect("the valid bit is set"))
    }

    /// A castling: the king's move and the rook's.
    #[inline]
    pub fn castling(king: (Square, Square), rook: (Square, Square)) -> Move {
        let rook_bits =
            HAS_ROOK | (rook.0.index() as u64) << ROOK_FROM_SHIFT | (rook.1.index() as u64) << ROOK_TO_SHIFT;
        Move::new(king.0, king.1, None, MoveKind::Castle).with_bits(rook_bits)
    }

    /// The same pawn move promoting to `role`.
    #[inline]
    pub fn promoting(self, role: Role) -> Move {
        self.with_bits((role.number() as u64 + 1) << PROMOTION_SHIFT)
    }

    #[inline]
    fn with_bits(self, bits: u64) -> Move {
        Move(self.0 | bits)
    }

    #[inline]
    fn square_at(self, shift: u32) -> Square {
        Square::from_index((self.0.get() >> shift & SQUARE_MASK) as usize)
    }

    /// The moving piece's square.
    #[inline]
    pub fn from(self) -> Square {
        self.square_at(0)
    }

    /// Where the piece finally stands, after any transfer.
    #[inline]
    pub fn to(self) -> Square {
        self.square_at(TO_SHIFT)
    }

    /// Where a piece is captured, if one is (not always `to`).
    #[inline]
    pub fn capture(self) -> Option<Square> {
        (self.0.get() & HAS_CAPTURE != 0).then(|| self.square_at(CAPTURE_SHIFT))
    }

    /// For castling, the rook's start and final squares.
    #[inline]
    pub fn rook(self) -> Option<(Square, Square)> {
        (self.0.get() & HAS_ROOK != 0).then(|| (self.square_at(ROOK_FROM_SHIFT), self.square_at(ROOK_TO_SHIFT)))
    }

    /// The role a pawn promotes to.
    #[inline]
    pub fn promotion(self) -> Option<Role> {
        let code = (self.0.get() >> PROMOTION_SHIFT & 15) as u8;
        code.checked_sub(1).map(Role::new)
    }

    /// Whether the move neither captures nor promotes.
    #[inline]
    pub fn is_quiet(self) -> bool {
        self.0.get() & (HAS_CAPTURE | 15 << PROMOTION_SHIFT) == 0
    }

    /// The kind of move.
    #[inline]
    pub fn kind(self) -> MoveKind {
        match self.0.get() >> KIND_SHIFT & 7 {
            0 => MoveKind::Normal,
            1 => MoveKind::DoubleStep,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Castle,
            _ => MoveKind::Zero,
        }
    }

    /// From, to, promotion and kind in 25 bits: what tells two moves of a position apart.
    #[inline]
    pub fn identity(self) -> u32 {
        (self.0.get() & ((1 << CAPTURE_SHIFT) - 1)) as u32
    }

    /// The square the move's text names second: where the piece ends, or the castling rook's
    /// start square in Chess960-style castling (king takes own rook).
    pub fn written_to<W: Word>(&self, variant: &Variant<W>) -> Square {
        match self.rook() {
            Some((rook_from, _)) if variant.castling_style == CastlingStyle::Chess960 => rook_from,
            _ => self.to(),
        }
    }

    /// The move's text: from-square, to-square, promotion letter.
    pub fn to_text<W: Word>(&self, variant: &Variant<W>) -> String {
        let g = &variant.geometry();
        let mut s = g.square_name(self.from());
        s.push_str(&g.square_name(self.written_to(variant)));
        if let Some(role) = self.promotion() {
            s.push(variant.pieces[role.index()].letter.to_ascii_lowercase());
        }
        s
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Move")
            .field("from", &self.from())
            .field("to", &self.to())
            .field("capture", &self.capture())
            .field("rook", &self.rook())
            .field("promotion", &self.promotion())
            .field("kind", &self.kind())
            .finish()
    }
}

/// Why a move string was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// It does not have the form of a move in this variant.
    Malformed(String),
    /// It has the form of a move but is not legal here.
    Illegal(String, String),
    /// It names a legal move in another notation (without board numbers, say): the text, and
    /// how to write that move here.
    Misnotated(String, String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(m) => write!(f, "'{m}' is not a move in this variant's notation"),
            MoveError::Illegal(m, why) => write!(f, "'{m}' is illegal: {why}"),
            MoveError::Misnotated(m, right) => {
                write!(f, "'{m}' is not a move in this variant's notation: write {right}")
            }
        }
    }
}

impl std::error::Error for MoveError {}

impl Move {
    /// The move written without board numbers (`e2e4` for Alice's `1e22e4`), as single-board
    /// notations would write it.
    pub fn to_plain_text<W: Word>(&self, variant: &Variant<W>) -> String {
        let g = &variant.geometry();
        let promotion = self.promotion().map(|r| variant.pieces[r.index()].letter.to_ascii_lowercase());
        format!("{}{}{}", g.cell_name(self.from().cell()), g.cell_name(self.written_to(variant).cell()), {
            promotion.map(String::from).unwrap_or_default()
        })
    }
}

/// The parts of a move string: from, to, and the promotion letter.
pub fn parse_parts<W: Word>(variant: &Variant<W>, text: &str) -> Result<(Square, Square, Option<char>), MoveError> {
    let g = &variant.geometry();
    let malformed = || MoveError::Malformed(text.to_string());
    let (from, rest) = g.parse_square_prefix(text).ok_or_else(malformed)?;
    let (to, rest) = g.parse_square_prefix(rest).ok_or_else(malformed)?;
    let promotion = match rest.chars().collect::<Vec<_>>()[..] {
        [] => None,
        [c] if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
        _ => return Err(malformed()),
    };
    Ok((from, to, promotion))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, Layer};

    fn sq(layer: u8, cell: u8) -> Square {
        Square::new(Layer::new(layer), Cell::new(cell))
    }

    const KINDS: [MoveKind; 5] =
        [MoveKind::Normal, MoveKind::DoubleStep, MoveKind::EnPassant, MoveKind::Castle, MoveKind::Zero];

    #[test]
    fn every_field_round_trips_through_packing() {
        let last = Square::from_index(MAX_LAYERS * MAX_CELLS - 1);
        let squares = [sq(0, 0), sq(1, 77), last];
        for (&from, &to, &kind) in
            squares.iter().flat_map(|f| squares.iter().flat_map(move |t| KINDS.iter().map(move |k| (f, t, k))))
        {
            for capture in [None, Some(sq(0, 0)), Some(last)] {
                for promotion in [None, Some(Role::new(0)), Some(Role::new(MAX_ROLES as u8 - 1))] {
                    let mut mv = Move::new(from, to, capture, kind);
                    if let Some(role) = promotion {
                        mv = mv.promoting(role);
                    }
                    assert_eq!((mv.from(), mv.to(), mv.capture(), mv.kind()), (from, to, capture, kind));
                    assert_eq!((mv.promotion(), mv.rook()), (promotion, None));
                    assert_eq!(mv.is_quiet(), capture.is_none() && promotion.is_none());
                }
            }
        }
        let castle = Move::castling((sq(0, 4), sq(1, 6)), (last, sq(0, 5)));
        assert_eq!(castle.rook(), Some((last, sq(0, 5))));
        assert_eq!(
            (castle.from(), castle.to(), castle.kind(), castle.capture()),
            (sq(0, 4), sq(1, 6), MoveKind::Castle, None)
        );
    }

    #[test]
    fn moves_differing_in_any_field_differ_and_no_move_is_none() {
        let a = Move::new(sq(0, 1), sq(0, 2), None, MoveKind::Normal);
        let others = [
            Move::new(sq(0, 1), sq(0, 2), Some(sq(0, 2)), MoveKind::Normal),
            Move::new(sq(0, 1), sq(0, 2), None, MoveKind::Zero),
            a.promoting(Role::new(0)),
            Move::castling((sq(0, 1), sq(0, 2)), (sq(0, 0), sq(0, 3))),
        ];
        assert!(others.iter().all(|&o| o != a));
        assert_eq!(std::mem::size_of::<Option<Move>>(), 8);
    }
}
