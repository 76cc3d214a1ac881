//! XBoard's `setboard`: a position in Vorpal's FEN, or in XBoard's FEN of the board it shows.

use super::{Reply, XBoard};
use crate::pieces::Color;
use crate::position::Position;

impl XBoard {
    /// `setboard FEN`: Vorpal's own FEN, or XBoard's FEN of the displayed board.
    pub(super) fn setboard(&mut self, fen: &str) -> Result<(), Reply> {
        let variant = self.engine.variant().clone();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let board = *fields.first().ok_or(Reply::Error("setboard needs a FEN".into()))?;
        let vorpal = if variant.geometry().layers == 1 || board.contains('|') {
            fen.to_string()
        } else {
            let board =
                self.display.vorpal_board(&variant, board).map_err(|e| Reply::Error(format!("bad FEN: {e}")))?;
            let ep = fields
                .get(3)
                .and_then(|ep| self.display.parse_square(ep))
                .map(|sq| variant.geometry().square_name(sq))
                .unwrap_or_else(|| "-".into());
            let side = fields.get(1).unwrap_or(&"w").to_string();
            let castling = self.castling_in_place(&board, &side);
            let mut out = vec![board, side, castling, ep];
            out.extend(fields.iter().skip(4).map(|s| s.to_string()));
            out.join(" ")
        };
        self.engine.set_position(Some(&vorpal), &[]).map_err(Reply::Error)?;
        self.new_game();
        if self.analyzing {
            self.analyze();
        }
        Ok(())
    }

    /// The castling rights of the start position whose king and rook still stand on their
    /// start squares in `board`: XBoard's FEN of a multi-board variant carries none, because
    /// XBoard would apply its own castling to them.
    pub(super) fn castling_in_place(&self, board: &str, side: &str) -> String {
        let variant = self.engine.variant();
        let start_fen = &variant.start_fen;
        let Ok(start) = Position::from_fen(variant.clone(), start_fen) else { return "-".into() };
        let start_fields: Vec<&str> = start_fen.split_whitespace().collect();
        let kept: String = start_fields
            .get(2)
            .unwrap_or(&"-")
            .chars()
            .filter(|&right| {
                let mut fields = start_fields.clone();
                let right = right.to_string();
                if fields.len() < 3 {
                    return false;
                }
                fields[2] = &right;
                let Ok(one) = Position::from_fen(variant.clone(), &fields.join(" ")) else { return false };
                let placed = format!("{board} {side} {right} - 0 1");
                let Ok(now) = Position::from_fen(variant.clone(), &placed) else { return false };
                Color::ALL.iter().all(|&c| {
                    (0..2).all(|s| match one.castling_squares(c, s) {
                        Some((king, rook)) => {
                            now.piece_at(king) == start.piece_at(king) && now.piece_at(rook) == start.piece_at(rook)
                        }
                        None => true,
                    })
                })
            })
            .collect();
        if kept.is_empty() {
            "-".into()
        } else {
            kept
        }
    }
}
