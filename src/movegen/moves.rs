//! The move type and its notation (`e2e4`, `1e22e4`, `1e72e8q`).

use std::fmt;

use crate::geometry::Square;
use crate::geometry::Word;
use crate::pieces::Role;
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
    /// Castling: `rook` holds the rook's move.
    Castle,
    /// A piece crossing to its twin square.
    Zero,
}

/// A move: where the piece starts, where it finally stands, and what it captures where.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Move {
    /// The moving piece's square.
    pub from: Square,
    /// Where the piece finally stands, after any transfer.
    pub to: Square,
    /// Where a piece is captured, if one is (not always `to`).
    pub capture: Option<Square>,
    /// For castling, the rook's start and final squares.
    pub rook: Option<(Square, Square)>,
    /// The role a pawn promotes to.
    pub promotion: Option<Role>,
    /// The kind of move.
    pub kind: MoveKind,
}

impl Move {
    /// The square the move's text names second: where the piece ends, or the castling rook's
    /// start square in Chess960-style castling (king takes own rook).
    pub fn written_to<W: Word>(&self, variant: &Variant<W>) -> Square {
        match self.rook {
            Some((rook_from, _)) if variant.castling_style == CastlingStyle::Chess960 => rook_from,
            _ => self.to,
        }
    }

    /// The move's text: from-square, to-square, promotion letter.
    pub fn to_text<W: Word>(&self, variant: &Variant<W>) -> String {
        let g = &variant.geometry;
        let mut s = g.square_name(self.from);
        s.push_str(&g.square_name(self.written_to(variant)));
        if let Some(role) = self.promotion {
            s.push(variant.pieces[role as usize].letter.to_ascii_lowercase());
        }
        s
    }
}

/// Why a move string was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// It does not have the form of a move in this variant.
    Malformed(String),
    /// It has the form of a move but is not legal here.
    Illegal(String, String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(m) => write!(f, "'{m}' is not a move in this variant's notation"),
            MoveError::Illegal(m, why) => write!(f, "'{m}' is illegal: {why}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// The parts of a move string: from, to, and the promotion letter.
pub fn parse_parts<W: Word>(variant: &Variant<W>, text: &str) -> Result<(Square, Square, Option<char>), MoveError> {
    let g = &variant.geometry;
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
