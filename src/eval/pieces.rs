//! Terms of the pieces beside the pawns: the pair of colour-bound pieces (a bishop on each
//! colour of cells covers what one alone cannot), and rook-like riders on files without pawns.

use super::Eval;
use crate::geometry::{Bitboard, Cell, Layer, Square, Word};
use crate::pieces::{ByColor, Color, Role};
use crate::position::Position;
use crate::variant::Variant;

/// The roles each term looks at, worked out once per variant from the pieces' moves.
#[derive(Clone)]
pub(super) struct PieceRoles {
    /// Roles whose every move keeps to the colour of the cell they start from (bishops).
    colour_bound: Vec<Role>,
    /// Roles that ride a whole file but not a whole diagonal (rooks, not queens).
    file_riders: Vec<Role>,
}

impl PieceRoles {
    /// The roles of `variant`'s pieces (not pawns or kings) that the terms look at.
    pub(super) fn new<W: Word>(variant: &Variant<W>) -> PieceRoles {
        let g = &variant.geometry();
        let cells = g.cells[Layer::FIRST.index()];
        let holes = g.holes[Layer::FIRST.index()];
        let parity = |c: Cell| (g.file(c) + g.rank(c)) % 2;
        let reach = |role: Role, cell: Cell| {
            let (quiet, capture) = variant.tables().quiet_and_capture(role, Color::White, cell, holes);
            (quiet | capture) & cells
        };
        let line = |df: i32, dr: i32| {
            let corner = Cell::up_to(g.area()).find(|&c| cells.contains(c) && g.file(c) == 0 && g.rank(c) == 0);
            corner.map(|start| {
                let mut b = Bitboard::EMPTY;
                let mut at = g.offset(start, df, dr);
                while let Some(c) = at.filter(|&c| cells.contains(c)) {
                    b = b.with(c);
                    at = g.offset(c, df, dr);
                }
                (start, b)
            })
        };
        let pieces: Vec<Role> =
            Role::up_to(variant.pieces.len()).filter(|&r| Some(r) != variant.pawn && Some(r) != variant.king).collect();
        let colour_bound = pieces
            .iter()
            .copied()
            .filter(|&r| {
                let mut moves = false;
                let bound = cells.into_iter().all(|c| {
                    let targets = reach(r, c);
                    moves |= targets.any();
                    targets.into_iter().all(|t| parity(t) == parity(c))
                });
                bound && moves
            })
            .collect();
        let rides = |role: Role, line: Option<(Cell, Bitboard<W>)>| {
            line.is_some_and(|(start, cells)| cells.any() && (reach(role, start) & cells) == cells)
        };
        let (file, diagonal) = (line(0, 1), line(1, 1));
        let file_riders = pieces.iter().copied().filter(|&r| rides(r, file) && !rides(r, diagonal)).collect();
        PieceRoles { colour_bound, file_riders }
    }

    /// Whether each side's only piece besides pawns and kings is a colour-bound one, and the two
    /// stand on cells of opposite colours.
    pub(super) fn opposite_lone_bishops<W: Word>(&self, pos: &Position<W>, eval: &Eval<W>) -> bool {
        let lone = |color: Color| {
            let mut boards = pos.variant().geometry().all_layers().map(|l| (l, eval.pieces_only(pos, color, l)));
            let (layer, pieces) = boards.find(|(_, pieces)| pieces.any())?;
            let alone = pieces.count() == 1 && boards.all(|(_, others)| others.is_empty());
            let role = pos.piece_at(Square::new(layer, pieces.lowest())).role();
            (alone && self.colour_bound.contains(&role)).then(|| (pieces & eval.parity[0]).any())
        };
        matches!((lone(Color::White), lone(Color::Black)), (Some(w), Some(b)) if w != b)
    }

    /// The bishop pair and the open files, White's view, before (`[0]`) and in (`[1]`) the endgame.
    pub(super) fn evaluate<W: Word>(&self, pos: &Position<W>, eval: &Eval<W>) -> [i32; 2] {
        let terms = &eval.terms;
        if terms.bishop_pair == 0 && terms.open_file == 0 {
            return [0, 0];
        }
        let g = &pos.variant().geometry();
        // Bit f is set when the colour has a pawn on file f, on any board.
        let pawn_files = ByColor([Color::White, Color::Black].map(|color| {
            eval.pawn
                .map_or(Bitboard::EMPTY, |p| pos.pieces_on_any_board(color, p))
                .into_iter()
                .fold(0u32, |files, c| files | 1 << g.file(c))
        }));
        let mut score = [0, 0];
        for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
            let pairs = self
                .colour_bound
                .iter()
                .map(|&r| pos.pieces_on_any_board(color, r))
                .filter(|&b| (b & eval.parity[0]).any() && (b & eval.parity[1]).any())
                .count() as i32;
            let (own, any) = (pawn_files[color], pawn_files[color] | pawn_files[color.flip()]);
            let mut open = 0;
            for &r in &self.file_riders {
                for cell in pos.pieces_on_any_board(color, r) {
                    let file = 1 << g.file(cell);
                    open += (own & file == 0) as i32 + (any & file == 0) as i32;
                }
            }
            score[0] += sign * (terms.bishop_pair * pairs + terms.open_file * open);
            score[1] += sign * (terms.bishop_pair * pairs + terms.open_file * open / 2);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::geometry::Wide;

    fn fide() -> (std::sync::Arc<Variant>, Eval<Wide>) {
        let loaded = Config::builtin().loaded("normal", &[]).unwrap();
        let (v, mut e) = (loaded.variant.clone(), loaded.eval());
        e.terms.bishop_pair = 40;
        e.terms.open_file = 15;
        (v, e)
    }

    #[test]
    fn bishops_are_colour_bound_and_rooks_ride_files() {
        let (v, _) = fide();
        let letters = |roles: &[Role]| roles.iter().map(|r| v.pieces[r.index()].letter).collect::<String>();
        let roles = PieceRoles::new(&*v);
        assert_eq!((letters(&roles.colour_bound), letters(&roles.file_riders)), ("B".into(), "R".into()));
    }

    #[test]
    fn a_pair_of_bishops_and_a_rook_on_an_open_file_score() {
        let (v, e) = fide();
        let score = |fen: &str| e.pieces.evaluate(&Position::from_fen(v.clone(), fen).unwrap(), &e);
        // Two bishops on both colours and a rook on a file with no pawn at all.
        assert_eq!(score("4k3/1ppppppp/8/8/8/8/1PPPPPPP/R1B1KB2 w - - 0 1"), [40 + 30, 40 + 15]);
        // Both bishops on light cells are no pair; a black pawn on the rook's file halves it.
        assert_eq!(score("4k3/pppppppp/8/8/8/8/1PPPPPPP/R3KB1B w - - 0 1"), [15, 7]);
    }
}
