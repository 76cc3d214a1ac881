//! A loaded variant: geometry, pieces, rule options, start position, and its own tables.

pub mod family;
pub mod psq;
pub mod weights;
pub mod zobrist;

use std::sync::Arc;

use crate::geometry::{Bitboard, Geometry, Narrow, Wide, Word};
use crate::pieces::attacks::Tables;
use crate::pieces::{ByColor, PieceType, Role};
use family::Family;
pub use family::FenExtras;
use psq::PieceSquare;
use weights::EvalData;
use zobrist::Zobrist;

/// The name of FIDE chess among the variants.
pub const FIDE_CHESS: &str = "normal";

/// Everything the engine knows about one variant, built once when it is loaded.
pub struct Variant<W: Word = Wide> {
    /// The name used on the command line and in protocols.
    pub name: String,
    /// Layers and their size.
    pub geometry: Geometry<W>,
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
    pub double_step_zone: ByColor<Bitboard<W>>,
    /// Per colour, the cells where a pawn promotes (the last rank).
    pub promotion_zone: ByColor<Bitboard<W>>,
    /// Whether en passant exists (`EnPassant` option).
    pub en_passant: bool,
    /// How king and rook castle.
    pub castling_style: CastlingStyle,
    /// The start position.
    pub start_fen: String,
    /// Evaluation values and weights from engine.ini.
    pub eval: EvalData,
    /// The rule family and its options.
    pub family: Family<W>,
    /// Attack tables for this geometry and these pieces.
    pub tables: Tables<W>,
    /// Hash keys.
    pub zobrist: Zobrist,
    /// Material and piece-square values per piece and square.
    pub psq: PieceSquare,
    /// The same variant with 64-bit masks, when its boards fit them (the search runs on it);
    /// `None` for a variant that has none or is narrow itself.
    pub narrow: Option<Arc<Variant<Narrow>>>,
}

impl<W: Word> Variant<W> {
    /// Whether this is FIDE chess itself (not a variant on its board, nor Chess960).
    pub fn is_fide_chess(&self) -> bool {
        self.name == FIDE_CHESS
    }
}

impl Variant<Wide> {
    /// The same variant with 64-bit masks, if every board has at most 64 cells.
    pub fn narrowed(&self) -> Option<Variant<Narrow>> {
        let geometry = self.geometry.resized()?;
        let tables = Tables::new(&geometry, &self.pieces);
        Some(Variant {
            name: self.name.clone(),
            pieces: self.pieces.clone(),
            pawn: self.pawn,
            king: self.king,
            rook: self.rook,
            promotion: self.promotion.clone(),
            castling: self.castling,
            double_step: self.double_step,
            double_step_zone: ByColor(self.double_step_zone.0.map(Bitboard::resized)),
            promotion_zone: ByColor(self.promotion_zone.0.map(Bitboard::resized)),
            en_passant: self.en_passant,
            castling_style: self.castling_style,
            start_fen: self.start_fen.clone(),
            eval: self.eval.clone(),
            family: self.family.resized(),
            tables,
            zobrist: Zobrist::new(),
            psq: self.psq.clone(),
            narrow: None,
            geometry,
        })
    }
}

/// How castling moves king and rook.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastlingStyle {
    /// The king two squares toward the rook, the rook onto the square it crossed; written as the king's move.
    TwoSteps,
    /// Chess960: the king to the c or g file, the rook to d or f; written king-takes-own-rook,
    /// with Shredder-FEN castling letters.
    Chess960,
}
