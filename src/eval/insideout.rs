//! Inside-out: a player loses with its last king, and every king capture spawns pawns on the
//! empty start squares of the files where a player has no pawn.

use super::{balance, Eval};
use crate::geometry::{Layer, Square, Word};
use crate::pieces::Color;
use crate::position::Position;

/// Files of `color` without a pawn whose pawn start square is empty.
fn spawn_files<W: Word>(pos: &Position<W>, color: Color) -> i32 {
    let v = pos.variant();
    let (Some(pawn), g) = (v.pawn, &v.geometry()) else { return 0 };
    let start_rank = if color == Color::White { 1 } else { g.ranks - 2 };
    // Bit f for a pawn on file f: one pass over the pawns, not one per file.
    let pawn_files = pos.pieces_on_any_board(color, pawn).into_iter().fold(0u128, |files, c| files | 1 << g.file(c));
    (0..g.files)
        .filter(|&file| {
            let start = g.cell(file, start_rank);
            pawn_files & 1 << file == 0 && pos.piece_at(Square::new(Layer::FIRST, start)).is_none()
        })
        .count() as i32
}

/// `-last_king` for a player down to one king, `spawn_file` per file that would spawn a pawn.
pub(super) fn kings_and_spawn<W: Word>(pos: &Position<W>, eval: &Eval<W>) -> i32 {
    balance(pos, |color| {
        let kings = pos.king_squares(color).count();
        let last = if kings == 1 { -eval.terms.last_king } else { 0 };
        last + eval.terms.spawn_file * spawn_files(pos, color)
    })
}
