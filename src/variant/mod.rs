//! A loaded variant: geometry, pieces, rule options, start position, and its own tables.

pub mod family;
pub mod network;
pub mod psq_table;
pub mod weights;
pub mod zobrist;

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use crate::geometry::{Bitboard, Geometry, Narrow, Wide, Word};
use crate::pieces::attacks::Tables;
use crate::pieces::{ByColor, PieceType, Role};
use family::Family;
pub use family::FenExtras;
use psq_table::PieceSquare;
use weights::EvalData;
use zobrist::Zobrist;

/// The name of FIDE chess among the variants.
pub const FIDE_CHESS: &str = "normal";

/// What a variant is whatever the width of its masks: name, pieces, the movement rules that need
/// no masks, start position, evaluation data and hash keys. A [`Variant`] reads as one (`Deref`).
#[derive(Clone)]
pub struct Rulebook {
    /// The name used on the command line and in protocols.
    pub name: String,
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
    /// Whether en passant exists (`EnPassant` option).
    pub en_passant: bool,
    /// How king and rook castle.
    pub castling_style: CastlingStyle,
    /// The start position.
    pub start_fen: String,
    /// Evaluation values and weights from engine.ini.
    pub eval: EvalData,
    /// Hash keys.
    pub zobrist: Zobrist,
    /// Material and piece-square values per piece and square.
    pub psq: PieceSquare,
    /// The network that evaluates the variant, where it has one.
    pub network: Option<Arc<network::Network>>,
}

/// Everything the engine knows about one variant, built once when it is loaded: its
/// [`Rulebook`] and what depends on the width of the masks.
pub struct Variant<W: Word = Wide> {
    /// What does not depend on the width (its fields read as the variant's own: `variant.pawn`).
    pub rulebook: Rulebook,
    /// Layers and their size.
    pub geometry: Geometry<W>,
    /// Per colour, the cells from which a pawn may double-step (empty without the double step).
    pub double_step_zone: ByColor<Bitboard<W>>,
    /// Per colour, the cells where a pawn promotes (the last rank).
    pub promotion_zone: ByColor<Bitboard<W>>,
    /// The rule family and its options.
    pub family: Family<W>,
    /// Attack tables for this geometry and these pieces.
    pub tables: Tables<W>,
    /// The same variant with 64-bit masks, when its boards fit them (the search runs on it);
    /// `None` for a variant that has none or is narrow itself.
    pub narrow: Option<Arc<Variant<Narrow>>>,
}

impl<W: Word> Deref for Variant<W> {
    type Target = Rulebook;

    fn deref(&self) -> &Rulebook {
        &self.rulebook
    }
}

impl<W: Word> DerefMut for Variant<W> {
    fn deref_mut(&mut self) -> &mut Rulebook {
        &mut self.rulebook
    }
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
        Some(Variant {
            rulebook: self.rulebook.clone(),
            double_step_zone: ByColor(self.double_step_zone.0.map(Bitboard::resized)),
            promotion_zone: ByColor(self.promotion_zone.0.map(Bitboard::resized)),
            family: self.family.resized(),
            tables: Tables::new(&geometry, &self.pieces),
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
