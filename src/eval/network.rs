//! A small neural network that evaluates FIDE chess: the pieces on their cells, seen from each
//! side, feed one hidden layer per side; the two layers, the mover's first, give the score.

use crate::geometry::{Cell, Word};
use crate::pieces::{Color, Role};
use crate::position::Position;
use crate::variant::family::Family;
use crate::variant::Variant;

/// Neurons of the hidden layer of each side.
pub const HIDDEN: usize = 256;
/// Inputs: a piece of either side, of six kinds, on one of 64 cells.
pub const INPUTS: usize = 768;
/// The factor of the hidden layer's weights and biases in their integers.
pub const QA: i32 = 255;
/// The factor of the output weights in their integers.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output: it learns Stockfish's scores in units of 400 of
/// Stockfish's centipawns, which this keeps, so that a pawn is worth about 100 and the search's
/// margins, set on the hand-made evaluation's scale, mean what they did there.
const SCALE: i32 = 400;

/// The largest score the network gives, in centipawns: beyond any count of material and well
/// below the mate scores, whatever a network file holds.
const MAX_SCORE: i64 = 10_000;

/// The two hidden layers of a position: as White sees it and as Black does.
pub type Accumulator = [[i16; HIDDEN]; 2];

/// The weights of a network, in integers.
pub struct Network {
    input: Vec<[i16; HIDDEN]>,
    bias: [i16; HIDDEN],
    output: [[i16; HIDDEN]; 2],
    output_bias: i32,
}

impl Network {
    /// The file of a network whose weights are `input` (one row of [`HIDDEN`] per input),
    /// `bias`, `output` (the mover's [`HIDDEN`], then the other side's) and `output_bias`, in
    /// units of the output; each is rounded to its integer ([`Network::from_bytes`] reads it).
    pub fn encode(input: &[f32], bias: &[f32], output: &[f32], output_bias: f32) -> Vec<u8> {
        let mut bytes = b"VNN1".to_vec();
        bytes.extend((HIDDEN as u32).to_le_bytes());
        let integer = |x: f32, factor: i32| (x * factor as f32).round().clamp(-32767.0, 32767.0) as i16;
        for &w in input.iter().chain(bias) {
            bytes.extend(integer(w, QA).to_le_bytes());
        }
        for &w in output {
            bytes.extend(integer(w, QB).to_le_bytes());
        }
        bytes.extend(((output_bias * (QA * QB) as f32).round() as i32).to_le_bytes());
        bytes
    }

    /// Reads a network from its file: `VNN1`, the hidden size, then little-endian integers.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let mut words = bytes.get(8..).ok_or("the network file is too short")?.chunks_exact(2);
        if &bytes[..4] != b"VNN1" || u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize != HIDDEN {
            return Err(format!("not a network of {HIDDEN} hidden neurons"));
        }
        let expected = 8 + 2 * (INPUTS * HIDDEN + 3 * HIDDEN) + 4;
        if bytes.len() != expected {
            return Err(format!("the network file has {} bytes, not {expected}", bytes.len()));
        }
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            for (x, w) in r.iter_mut().zip(&mut words) {
                *x = i16::from_le_bytes([w[0], w[1]]);
            }
            r
        };
        let input = (0..INPUTS).map(|_| row()).collect();
        let bias = row();
        let output = [row(), row()];
        let output_bias = i32::from_le_bytes(bytes[expected - 4..].try_into().unwrap());
        Ok(Network { input, bias, output, output_bias })
    }

    /// What a variant needs for a network to evaluate it.
    pub const FITS: &'static str =
        "a network evaluates FIDE chess's pieces (P N B R Q K, in that order) on one 8x8 board";

    /// Whether the network can evaluate `variant`: FIDE chess's rules, board and pieces.
    pub fn fits<W: Word>(variant: &Variant<W>) -> bool {
        let g = &variant.geometry();
        let letters: String = variant.pieces.iter().map(|p| p.letter).collect();
        matches!(variant.family(), Family::Fide(_)) && (g.files, g.ranks, g.layers) == (8, 8, 1) && letters == "PNBRQK"
    }

    /// The hidden layers of an empty board.
    pub fn empty(&self) -> Accumulator {
        [self.bias; 2]
    }

    /// The hidden layers of the pieces of `pos`, counted from scratch.
    pub fn accumulate<W: Word>(&self, pos: &Position<W>) -> Accumulator {
        let mut acc = self.empty();
        for (sq, piece) in pos.pieces_on_board() {
            self.add(&mut acc, piece.color(), piece.role(), sq.cell());
        }
        acc
    }

    /// Adds a piece of `color` and `role` on `cell` to the hidden layers.
    #[inline]
    pub fn add(&self, acc: &mut Accumulator, color: Color, role: Role, cell: Cell) {
        let [white, black] = features(color, role, cell);
        add(&mut acc[0], &self.input[white]);
        add(&mut acc[1], &self.input[black]);
    }

    /// Takes a piece of `color` and `role` on `cell` out of the hidden layers.
    #[inline]
    pub fn remove(&self, acc: &mut Accumulator, color: Color, role: Role, cell: Cell) {
        let [white, black] = features(color, role, cell);
        subtract(&mut acc[0], &self.input[white]);
        subtract(&mut acc[1], &self.input[black]);
    }

    /// The score for `side` to move of the position whose hidden layers are `acc`.
    #[inline]
    pub fn output(&self, acc: &Accumulator, side: Color) -> i32 {
        let us = side.index();
        let sum = [dot(&acc[us], &self.output[0]), dot(&acc[1 - us], &self.output[1]), self.output_bias];
        let score = sum.map(i64::from).iter().sum::<i64>() * i64::from(SCALE) / i64::from(QA * QB);
        score.clamp(-MAX_SCORE, MAX_SCORE) as i32
    }
}

/// The input of a piece seen by White and by Black (the board turned over, the sides swapped).
#[inline]
pub fn features(color: Color, role: Role, cell: Cell) -> [usize; 2] {
    let (own, piece, cell) = (color.index(), role.index() * 64, cell.index());
    [own * 384 + piece + cell, (1 - own) * 384 + piece + (cell ^ 56)]
}

#[inline]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline]
fn subtract(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

#[inline]
fn dot(acc: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    acc.iter().zip(weights).map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A network whose every weight is `w`: input, bias and output alike, output bias 0.
    fn uniform(w: f32) -> Vec<u8> {
        Network::encode(&vec![w; INPUTS * HIDDEN], &[w; HIDDEN], &[w; 2 * HIDDEN], 0.0)
    }

    #[test]
    fn a_file_not_of_a_network_is_refused_with_its_reason() {
        let good = uniform(0.01);
        assert!(Network::from_bytes(&good).is_ok());
        let refusal = |bytes: &[u8]| Network::from_bytes(bytes).err().unwrap_or_default();
        assert!(refusal(&good[..6]).contains("too short"));
        assert!(refusal(&good[..good.len() - 2]).contains("bytes, not"));
        let mut other = good.clone();
        other[0] = b'X';
        assert!(refusal(&other).contains("not a network"));
    }

    #[test]
    fn the_file_keeps_the_weights_and_the_score_is_the_movers() {
        // Hidden weights 0.01 (2.55 → 3 in integers), output weights 0.5 (32): with one white
        // pawn on a1 and the bias, each neuron of each side holds 6, so the output is
        // 2 × HIDDEN × 6 × 32 / (255 × 64) units of SCALE centipawns, the same for either side.
        let net = Network::from_bytes(&Network::encode(
            &vec![0.01; INPUTS * HIDDEN],
            &[0.01; HIDDEN],
            &[0.5; 2 * HIDDEN],
            0.0,
        ))
        .unwrap();
        let mut acc = net.empty();
        net.add(&mut acc, Color::White, Role::new(0), Cell::new(0));
        let expected = 2 * HIDDEN as i32 * 6 * 32 * SCALE / (QA * QB);
        assert_eq!(net.output(&acc, Color::White), expected);
        assert_eq!(net.output(&acc, Color::Black), expected);
        net.remove(&mut acc, Color::White, Role::new(0), Cell::new(0));
        assert_eq!(acc, net.empty());
    }

    #[test]
    fn a_network_of_extreme_weights_gives_a_bounded_score() {
        // The largest integers a file can hold, every piece on the board: no overflow, and a
        // score within the bound, below the mate scores.
        let net = Network::from_bytes(&uniform(200.0)).unwrap();
        let mut acc = net.empty();
        for cell in 0..32 {
            net.add(&mut acc, Color::White, Role::new(cell % 6), Cell::new(cell));
        }
        assert_eq!(net.output(&acc, Color::White), MAX_SCORE as i32);
    }

    #[test]
    fn each_side_sees_the_board_from_its_own_side() {
        // A white pawn on e2 is, to Black, an enemy pawn on e7.
        let [white, black] = features(Color::White, Role::new(0), Cell::new(12));
        assert_eq!((white, black), (12, 384 + 52));
    }
}
