//! A loaded variant: geometry, pieces, rule options, start position, and its own tables.

use crate::geometry::Bitboard;
use crate::geometry::Geometry;
use crate::pieces::attacks::Tables;
use crate::pieces::{ByColor, PieceType, Role};
use crate::position::zobrist::Zobrist;
use crate::rules::Family;

/// Everything the engine knows about one variant, built once when it is loaded.
pub struct Variant {
    /// The name used on the command line and in protocols.
    pub name: String,
    /// Layers and their size.
    pub geometry: Geometry,
    /// The piece types, indexed by role.
    pub pieces: Vec<PieceType>,
    /// The role that moves as a pawn (double step, promotion, en passant).
    pub pawn: Option<Role>,
    /// The royal role (check, castling).
    pub king: Option<Role>,
    /// The role that castles with the king.
    pub rook: Option<Role>,
    /// The roles a pawn may promote to.
    pub promotion: Vec<Role>,
    /// Whether castling exists.
    pub castling: bool,
    /// Whether pawns may double-step from their second rank.
    pub double_step: bool,
    /// Per colour, the cells from which a pawn may double-step (empty without the double step).
    pub double_step_zone: ByColor<Bitboard>,
    /// Per colour, the cells where a pawn promotes (the last rank).
    pub promotion_zone: ByColor<Bitboard>,
    /// Whether en passant exists (`EnPassant` option).
    pub en_passant: bool,
    /// The start position.
    pub start_fen: String,
    /// The rule family and its options.
    pub family: Family,
    /// Attack tables for this geometry and these pieces.
    pub tables: Tables,
    /// Hash keys.
    pub zobrist: Zobrist,
}

impl Variant {
    /// The role whose FEN letter is `letter` (either case).
    pub fn role_of(&self, letter: char) -> Option<Role> {
        self.pieces.iter().position(|p| p.letter == letter.to_ascii_uppercase()).map(|r| r as Role)
    }
}
