//! A loaded variant: geometry, pieces, rule options, start position, and its own tables.

pub mod family;
pub mod zobrist;

use std::ops::Deref;
use std::sync::Arc;

use crate::geometry::{Bitboard, Geometry, Narrow, Wide, Word};
use crate::pieces::attacks::Tables;
use crate::pieces::{ByColor, PieceType, Role};
use family::Family;
pub use family::FenExtras;
use zobrist::Zobrist;

/// The name of FIDE chess among the variants.
pub const FIDE_CHESS: &str = "normal";

/// What a variant is whatever the width of its masks: name, pieces, the movement rules that need
/// no masks, start position and hash keys. A [`Variant`] reads as one (`Deref`). What the
/// evaluation knows of it is the evaluation's (`eval::Evaluation`).
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
    /// One line about the variant, from engine.ini (empty where none is given).
    pub description: String,
    /// Hash keys.
    pub zobrist: Zobrist,
}

/// Everything the engine knows about one variant, built once when it is loaded: its
/// [`Rulebook`] and what depends on the width of the masks.
pub struct Variant<W: Word = Wide> {
    /// What does not depend on the width (its fields read as the variant's own: `variant.pawn`).
    rulebook: Rulebook,
    geometry: Geometry<W>,
    double_step_zone: ByColor<Bitboard<W>>,
    promotion_zone: ByColor<Bitboard<W>>,
    family: Family<W>,
    tables: Tables<W>,
    narrow: Option<Arc<Variant<Narrow>>>,
}

impl<W: Word> Deref for Variant<W> {
    type Target = Rulebook;

    fn deref(&self) -> &Rulebook {
        &self.rulebook
    }
}

impl<W: Word> Variant<W> {
    /// Layers and their size.
    #[inline]
    pub fn geometry(&self) -> &Geometry<W> {
        &self.geometry
    }

    /// Per colour, the cells from which a pawn may double-step (empty without the double step).
    #[inline]
    pub fn double_step_zone(&self) -> &ByColor<Bitboard<W>> {
        &self.double_step_zone
    }

    /// Per colour, the cells where a pawn promotes (the last rank).
    #[inline]
    pub fn promotion_zone(&self) -> &ByColor<Bitboard<W>> {
        &self.promotion_zone
    }

    /// The rule family and its options.
    #[inline]
    pub fn family(&self) -> &Family<W> {
        &self.family
    }

    /// Attack tables for this geometry and these pieces.
    #[inline]
    pub fn tables(&self) -> &Tables<W> {
        &self.tables
    }

    /// The same variant with 64-bit masks, when its boards fit them (the search runs on it);
    /// `None` for a variant that has none or is narrow itself.
    #[inline]
    pub fn narrow(&self) -> Option<&Arc<Variant<Narrow>>> {
        self.narrow.as_ref()
    }

    /// Whether this is FIDE chess itself (not a variant on its board, nor Chess960).
    pub fn is_fide_chess(&self) -> bool {
        self.name == FIDE_CHESS
    }
}

impl Variant<Wide> {
    /// A variant from its parts, with its 64-bit copy where its boards fit one.
    pub fn new(
        rulebook: Rulebook,
        geometry: Geometry,
        zones: [ByColor<Bitboard>; 2],
        family: Family,
        tables: Tables<Wide>,
    ) -> Variant {
        let [double_step_zone, promotion_zone] = zones;
        let mut variant =
            Variant { rulebook, geometry, double_step_zone, promotion_zone, family, tables, narrow: None };
        variant.narrow = variant.narrowed().map(Arc::new);
        variant
    }

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
