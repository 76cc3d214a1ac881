//! The rule families and their options, as a variant carries them: which family, and the
//! numbers and choices that make its sisters. What each family's rules do is in `rules`, one
//! module per family, behind the `Rules` trait.

use crate::geometry::{Bitboard, Geometry, Wide, Word};
use crate::pieces::ByColor;

/// What happens after a move when the twin square is considered (rules 2 and 3, and sisters).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Transfer {
    /// The twin must be empty and the piece lands there (`alice`, `alice2`, `msalice`, `alice3`).
    Required,
    /// The piece transfers when the twin is empty and stays otherwise (`odonohue`).
    StayWhenBlocked,
    /// The mover chooses to stay or to cross to an empty twin (`duo`).
    Optional,
}

/// Which zero moves (a piece crossing to its twin without moving) exist.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ZeroMoves {
    /// None (`alice`).
    None,
    /// Any piece onto an empty twin; not a king in check (`msalice`).
    Quiet,
    /// Non-pawn pieces onto an empty twin or capturing an enemy there (`duo`).
    Capturing,
}

/// The rules of the Alice family, with the options that make its sisters.
#[derive(Clone, Debug)]
pub struct Alice {
    /// The transfer rule.
    pub transfer: Transfer,
    /// The zero-move rule.
    pub zero_moves: ZeroMoves,
    /// Number of boards.
    pub layers: u8,
}

/// The rules of FIDE chess (on any single-layer geometry).
#[derive(Clone, Debug, Default)]
pub struct Fide;

/// The rules of Inside-out Chess.
#[derive(Clone, Debug, Default)]
pub struct InsideOut;

/// The rules of Through the Looking-Glass (the perfect-information game).
#[derive(Clone, Debug, Default)]
pub struct LookingGlass;

/// The rules of Monochrome Chess.
#[derive(Clone, Debug)]
pub struct Monochrome<W: Word> {
    /// Per colour, the cells whose pieces belong to that colour (its half).
    pub owner_zone: ByColor<Bitboard<W>>,
    /// Points for capturing a piece of each role.
    pub capture_values: Vec<u32>,
}

impl<W: Word> Monochrome<W> {
    /// The same rules with masks of another word, wide enough for the board.
    pub fn resized<V: Word>(&self) -> Monochrome<V> {
        Monochrome {
            owner_zone: ByColor(self.owner_zone.0.map(Bitboard::resized)),
            capture_values: self.capture_values.clone(),
        }
    }
}

/// The rules of LMA (two boards, colour-bound pieces).
#[derive(Clone, Debug)]
pub struct Lma<W: Word> {
    /// The cells of each colour `(file + rank) mod 2`.
    pub colour: [Bitboard<W>; 2],
}

impl<W: Word> Lma<W> {
    /// The rules for a geometry.
    pub fn new(geometry: &Geometry<W>) -> Lma<W> {
        Lma { colour: [geometry.colour_mask(0), geometry.colour_mask(1)] }
    }

    /// The same rules with masks of another word, wide enough for the board.
    pub fn resized<V: Word>(&self) -> Lma<V> {
        Lma { colour: self.colour.map(Bitboard::resized) }
    }
}

/// The rule family of a variant, with its options: the one place that names every family.
#[derive(Clone, Debug)]
pub enum Family<W: Word = Wide> {
    /// FIDE chess on any geometry.
    Fide(Fide),
    /// Alice Chess and its sisters.
    Alice(Alice),
    /// Lilliputian Monochromatic Alice Chess.
    Lma(Lma<W>),
    /// Monochrome Chess.
    Monochrome(Monochrome<W>),
    /// Inside-out Chess.
    InsideOut(InsideOut),
    /// Through the Looking-Glass.
    LookingGlass(LookingGlass),
}

impl<W: Word> Family<W> {
    /// The same family with its masks in another word, wide enough for its boards.
    pub fn resized<V: Word>(&self) -> Family<V> {
        match self {
            Family::Fide(rules) => Family::Fide(rules.clone()),
            Family::Alice(rules) => Family::Alice(rules.clone()),
            Family::Lma(rules) => Family::Lma(rules.resized()),
            Family::Monochrome(rules) => Family::Monochrome(rules.resized()),
            Family::InsideOut(rules) => Family::InsideOut(rules.clone()),
            Family::LookingGlass(rules) => Family::LookingGlass(rules.clone()),
        }
    }

    // Every match on the family below names each family, so that a new one cannot slip
    // through as another: the compiler lists each place it must be handled.

    /// The extra `key:value` fields of the family's FEN.
    pub fn fen_extras(&self) -> FenExtras {
        match self {
            Family::Monochrome(_) => FenExtras::ScoreAndLast,
            Family::InsideOut(_) => FenExtras::LastPerSide,
            Family::Fide(_) | Family::Alice(_) | Family::Lma(_) | Family::LookingGlass(_) => FenExtras::None,
        }
    }

    /// Per colour, the cells whose pieces belong to that colour, where halves own the pieces
    /// (Monochrome) rather than the letters' case.
    pub fn owner_zone(&self) -> Option<&ByColor<Bitboard<W>>> {
        match self {
            Family::Monochrome(rules) => Some(&rules.owner_zone),
            Family::Fide(_) | Family::Alice(_) | Family::Lma(_) | Family::InsideOut(_) | Family::LookingGlass(_) => {
                None
            }
        }
    }

    /// Whether captures score points (Monochrome), so that results and positions show the score.
    pub fn scores_captures(&self) -> bool {
        match self {
            Family::Monochrome(_) => true,
            Family::Fide(_) | Family::Alice(_) | Family::Lma(_) | Family::InsideOut(_) | Family::LookingGlass(_) => {
                false
            }
        }
    }

    /// How the family's boards are laid out for a person to see them.
    pub fn layout(&self) -> Layout {
        match self {
            Family::Alice(_) => Layout::Lettered,
            Family::Fide(_) | Family::Lma(_) => Layout::Side,
            Family::LookingGlass(_) => Layout::Worlds,
            Family::InsideOut(_) => Layout::Nested,
            Family::Monochrome(_) => Layout::Halves,
        }
    }

    /// Whether XBoard can show and play the family's games as Vorpal plays them: not where
    /// pieces change owner (Monochrome: XBoard forfeits a move of a piece of the other colour),
    /// nor where pieces appear (Inside-out's spawned pawns, which XBoard cannot draw).
    pub fn xboard_shows(&self) -> bool {
        match self {
            Family::Fide(_) | Family::Alice(_) | Family::Lma(_) | Family::LookingGlass(_) => true,
            Family::Monochrome(_) | Family::InsideOut(_) => false,
        }
    }
}

/// How a family's boards are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Side by side, named A, B, … (the Alice family).
    Lettered,
    /// Side by side, numbered.
    Side,
    /// Side by side as the real world and its mirror (Looking-Glass).
    Worlds,
    /// The second board inside the first, a dual field's inner cell its small square (Inside-out).
    Nested,
    /// One board whose halves own the pieces (Monochrome).
    Halves,
}

/// The extra `key:value` fields a family's FEN carries.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenExtras {
    /// None.
    None,
    /// `score:W-B last:MOVE` (Monochrome).
    ScoreAndLast,
    /// `lastw:MOVE lastb:MOVE` (Inside-out).
    LastPerSide,
}
