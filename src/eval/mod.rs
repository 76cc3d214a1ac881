//! Evaluation: material values derived from each piece's mobility on its variant's geometry.

use crate::geometry::{Bitboard, Cell};
use crate::pieces::{Color, Role};
use crate::position::Position;
use crate::variant::Variant;

/// Centipawns per average target cell of a piece on an empty board (a knight on 8x8: 5.25 cells).
const PER_TARGET: u32 = 40;
/// A pawn's value.
pub const PAWN: i32 = 100;
/// A royal piece's value where kings are captured (losing the last one loses the game).
const KING_CAPTURE_ROYAL: i32 = 2000;

/// Material values per role for one variant.
#[derive(Clone, Debug)]
pub struct Values(pub Vec<i32>);

impl Values {
    /// Values derived from mobility: a piece is worth `PER_TARGET` times the average number of
    /// cells it reaches from the cells of an empty first layer; pawns are worth `PAWN`; kings
    /// count only where they can be captured.
    pub fn derive(variant: &Variant, king_capture: bool) -> Values {
        let g = &variant.geometry;
        let cells = g.cells[0];
        let values = (0..variant.pieces.len() as Role)
            .map(|role| {
                if Some(role) == variant.pawn {
                    PAWN
                } else if Some(role) == variant.king {
                    if king_capture {
                        KING_CAPTURE_ROYAL
                    } else {
                        0
                    }
                } else {
                    let reach: u32 = cells
                        .into_iter()
                        .map(|c: Cell| {
                            let (q, _) = variant.tables.quiet_and_capture(role, Color::White, c, Bitboard::EMPTY);
                            (q & cells).count()
                        })
                        .sum();
                    (PER_TARGET * reach / cells.count().max(1)) as i32
                }
            })
            .collect();
        Values(values)
    }
}

/// The position's value for the side to move, in centipawns.
pub fn evaluate(pos: &Position, values: &Values) -> i32 {
    let variant = pos.variant();
    let us = pos.side();
    let mut score = 0;
    for layer in 0..variant.geometry.layers {
        for (role, &value) in values.0.iter().enumerate() {
            let role = role as Role;
            score += value * pos.pieces(us, role, layer).count() as i32;
            score -= value * pos.pieces(us.flip(), role, layer).count() as i32;
        }
    }
    if !variant.capture_values.is_empty() {
        // Monochrome: the points already captured decide the game.
        let s = pos.scores();
        let diff = s[us] as i32 - s[us.flip()] as i32;
        score += PAWN * diff;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn derived_values_order_the_fide_pieces() {
        let v = Config::builtin().variant("normal", &[]).unwrap();
        let values = Values::derive(&v, false);
        let of = |letter: char| values.0[v.pieces.iter().position(|p| p.letter == letter).unwrap()];
        assert!(of('P') < of('N') && of('N') < of('B') && of('B') < of('R') && of('R') < of('Q'));
        assert_eq!(of('K'), 0);
    }
}
