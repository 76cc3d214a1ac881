//! Zobrist keys, one set per loaded variant, from a fixed seed so hashes are reproducible.

use crate::geometry::{Square, MAX_CELLS, MAX_LAYERS};
use crate::pieces::{Piece, MAX_ROLES};
use crate::random::Rng;

const PIECE_CODES: usize = 2 * MAX_ROLES + 1;

/// Random keys for every piece on every square, the side to move, castling rights and en passant.
#[derive(Clone)]
pub struct Zobrist {
    pieces: Vec<u64>,
    /// Toggled when Black is to move.
    pub side: u64,
    /// One key per castling-rights mask.
    pub castling: [u64; 16],
    /// One key per en-passant square.
    pub ep: Vec<u64>,
}

impl Zobrist {
    /// Keys from a fixed seed.
    pub fn new() -> Zobrist {
        let mut rng = Rng::new(0x5652_5041_4C00_0001);
        let squares = MAX_LAYERS * MAX_CELLS;
        Zobrist {
            pieces: (0..squares * PIECE_CODES).map(|_| rng.next_u64()).collect(),
            side: rng.next_u64(),
            castling: std::array::from_fn(|i| if i == 0 { 0 } else { rng.next_u64() }),
            ep: (0..squares).map(|_| rng.next_u64()).collect(),
        }
    }

    /// The key of `piece` on `sq`.
    #[inline]
    pub fn piece(&self, sq: Square, piece: Piece) -> u64 {
        self.pieces[sq.index() * PIECE_CODES + piece.index()]
    }
}

impl Default for Zobrist {
    fn default() -> Zobrist {
        Zobrist::new()
    }
}
