//! The material and piece-square values of a variant, derived from its geometry, its pieces,
//! its family and engine.ini's numbers, into a [`PieceSquare`] table.

use super::psq_table::{Entry, PieceSquare, SQUARES};
use super::{off_centre, EvalData, Terms, PAWN};
use crate::geometry::{Cell, Layer, Square, Word};
use crate::pieces::{Color, Piece, Role, MAX_ROLES};
use crate::variant::Variant;

/// Centipawns per average target cell of a piece on an empty board (a knight on 8x8: 5.25 cells).
const PER_TARGET: u32 = 40;
/// A royal piece's value where kings are captured (losing the last one loses the game).
const KING_CAPTURE_ROYAL: i32 = 2000;

/// How many cells a piece of `role` reaches from `cell` of an empty `layer`.
fn reach<W: Word>(variant: &Variant<W>, role: Role, layer: Layer, cell: Cell) -> u32 {
    let g = &variant.geometry();
    let (quiet, _) = variant.tables().quiet_and_capture(role, Color::White, cell, g.holes[layer.index()]);
    (quiet & g.cells[layer.index()]).count()
}

/// The cells a piece of `role` reaches from each cell of an empty first layer.
fn reaches<W: Word>(variant: &Variant<W>, role: Role) -> impl Iterator<Item = u32> + '_ {
    variant.geometry().cells[0].into_iter().map(move |c| reach(variant, role, Layer::FIRST, c))
}

/// The cells a piece of `role` reaches, summed over the cells of an empty first layer.
fn total_reach<W: Word>(variant: &Variant<W>, role: Role) -> u32 {
    reaches(variant, role).sum()
}

/// The most cells a piece of `role` reaches from one cell of an empty first layer.
pub fn most_reach<W: Word>(variant: &Variant<W>, role: Role) -> u32 {
    reaches(variant, role).max().unwrap_or(0)
}

/// The table of `variant`, from its geometry, pieces, family and engine.ini's evaluation `data`.
pub fn piece_square<W: Word>(variant: &Variant<W>, data: &EvalData) -> PieceSquare {
    let g = &variant.geometry();
    let terms: &Terms = &data.terms;
    let cells = g.cells[0].count().max(1);
    let values: Vec<i32> = Role::up_to(variant.pieces.len())
        .map(|role| {
            if let Some(Some(v)) = data.values.get(role.index()) {
                *v
            } else if Some(role) == variant.pawn {
                PAWN
            } else if Some(role) == variant.king {
                if variant.family().captures_kings() {
                    KING_CAPTURE_ROYAL
                } else {
                    0
                }
            } else {
                (PER_TARGET * total_reach(variant, role) / cells) as i32
            }
        })
        .collect();
    let mut entries = vec![Entry::default(); (2 * MAX_ROLES + 1) * SQUARES];
    let top = g.ranks as i32 - 1;
    for role in Role::up_to(variant.pieces.len()) {
        let value = values[role.index()];
        let is_piece = Some(role) != variant.pawn && Some(role) != variant.king;
        let average = (total_reach(variant, role) / cells) as i32;
        for layer in g.all_layers() {
            for cell in g.cells[layer.index()] {
                let rank = g.rank(cell) as i32;
                let off_centre = off_centre(g, cell);
                for color in [Color::White, Color::Black] {
                    let advance = if color == Color::White { rank } else { top - rank };
                    let (mg, eg) = if Some(role) == variant.pawn {
                        let bonus = terms.pawn_advance * (advance - 1).max(0);
                        (bonus, 2 * bonus)
                    } else if Some(role) == variant.king {
                        (terms.king_centre * off_centre, -terms.king_centre * off_centre)
                    } else {
                        let centre = terms.mobility * (reach(variant, role, layer, cell) as i32 - average);
                        (centre, centre)
                    };
                    let bonus = data
                        .squares
                        .get(role.index())
                        .map_or([0, 0], |b| b.at(advance as usize, g.file(cell) as usize, g.files as usize));
                    let (mg, eg) = (mg + bonus[0], eg + bonus[1]);
                    let sign = if color == Color::White { 1 } else { -1 };
                    let sq = Square::new(layer, cell);
                    let piece = Piece::new(role, color);
                    entries[PieceSquare::index(sq, piece)] = Entry {
                        score: [sign * (value + mg), sign * (value + eg)],
                        material: value,
                        phase: if is_piece { value } else { 0 },
                    };
                }
            }
        }
    }
    PieceSquare { values, entries }
}
