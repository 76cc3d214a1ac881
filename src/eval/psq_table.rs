//! Material and piece-square values per piece and square (their numbers are worked out in
//! `psq_values.rs`), and the running sums of them that a search keeps as pieces come and go
//! (`incremental.rs`).

use crate::geometry::{Square, Word, MAX_CELLS, MAX_LAYERS};
use crate::pieces::{ByColor, Color, Piece};
use crate::position::Position;

/// Square slots per piece in the table.
pub const SQUARES: usize = MAX_LAYERS * MAX_CELLS;

/// What one piece on one square adds to its position's [`Sums`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// Material plus piece-square value before (`[0]`) and in (`[1]`) the endgame, White's view.
    pub score: [i32; 2],
    /// The piece's material value.
    pub material: i32,
    /// The piece's share of the game phase: its value for pieces other than pawns and kings.
    pub phase: i32,
}

/// The running sums a position keeps of its pieces' entries.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    /// Material plus piece-square values, White's minus Black's, before (`[0]`) and in (`[1]`) the
    /// endgame.
    pub score: [i32; 2],
    /// Each side's material.
    pub material: ByColor<i32>,
    /// The material of both sides' pieces other than pawns and kings.
    pub phase: i32,
}

impl Sums {
    /// Counts a piece of `color` that arrived.
    #[inline]
    pub fn add(&mut self, color: Color, entry: Entry) {
        self.score[0] += entry.score[0];
        self.score[1] += entry.score[1];
        self.material[color] += entry.material;
        self.phase += entry.phase;
    }

    /// Uncounts a piece of `color` that left.
    #[inline]
    pub fn remove(&mut self, color: Color, entry: Entry) {
        self.score[0] -= entry.score[0];
        self.score[1] -= entry.score[1];
        self.material[color] -= entry.material;
        self.phase -= entry.phase;
    }
}

/// Per role its material value, and per piece and square its [`Entry`].
#[derive(Clone, Debug, Default)]
pub struct PieceSquare {
    /// Material value per role: engine.ini's `values`, else derived from the piece's reach.
    pub values: Vec<i32>,
    /// Per piece and square its entry, at [`PieceSquare::index`].
    pub entries: Vec<Entry>,
}

impl PieceSquare {
    /// Where the entry of `piece` on `sq` is kept.
    #[inline]
    pub fn index(sq: Square, piece: Piece) -> usize {
        piece.index() * SQUARES + sq.index()
    }

    /// What `piece` on `sq` adds to the sums.
    #[inline]
    pub fn entry(&self, sq: Square, piece: Piece) -> Entry {
        self.entries[Self::index(sq, piece)]
    }

    /// The sums of the pieces of `pos`, counted from scratch.
    pub fn sums<W: Word>(&self, pos: &Position<W>) -> Sums {
        let mut sums = Sums::default();
        for (sq, piece) in pos.pieces_on_board() {
            sums.add(piece.color(), self.entry(sq, piece));
        }
        sums
    }
}
