//! Zobrist keys, one set per loaded variant, from a fixed seed so hashes are reproducible.

use crate::geometry::{Square, MAX_CELLS, MAX_LAYERS};
use crate::pieces::{Piece, MAX_ROLES};

const PIECE_CODES: usize = 2 * MAX_ROLES + 1;

/// Random keys for every piece on every square, the side to move, castling rights and en passant.
pub struct Zobrist {
    pieces: Vec<u64>,
    /// Toggled when Black is to move.
    pub side: u64,
    /// One key per castling-rights mask.
    pub castling: [u64; 16],
    /// One key per en-passant square.
    pub ep: Vec<u64>,
}

/// The SplitMix64 generator: tiny, and good enough for hash keys.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    /// Keys from a fixed seed.
    pub fn new() -> Zobrist {
        let mut s = 0x5652_5041_4C00_0001u64;
        let squares = MAX_LAYERS * MAX_CELLS;
        Zobrist {
            pieces: (0..squares * PIECE_CODES).map(|_| splitmix(&mut s)).collect(),
            side: splitmix(&mut s),
            castling: std::array::from_fn(|i| if i == 0 { 0 } else { splitmix(&mut s) }),
            ep: (0..squares).map(|_| splitmix(&mut s)).collect(),
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
