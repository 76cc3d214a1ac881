//! Orders: how one is written, checked in the orderer's own world, and carried out (or found
//! impossible) in the other.

use crate::geometry::{Cell, Square};
use crate::movegen::{legal, Move, MoveKind};
use crate::pieces::{Color, Role};
use crate::position::Position;
use crate::variant::family::LookingGlass;

/// An order: a piece's square and where it should go on its own board, before any transfer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// The square of the piece to move.
    pub from: Square,
    /// Where it should go, on the same board.
    pub to: Square,
    /// The piece a pawn promotes to.
    pub promotion: Option<Role>,
}

/// How the referee settles an order.
pub(super) enum Resolution {
    /// Not accepted, at no cost.
    Refused(String),
    /// A strike: the piece cannot move that way at all.
    Impossible,
    /// The move to play, and the square the piece reaches on its own board.
    Move { mv: Move, reached: Square },
}

impl Order {
    /// Reads `2d42d5` (promotion `1b71b8q`), checking only what the orderer can see: the squares,
    /// that they share a board, and that a promotion is named exactly when one of the orderer's
    /// pawns reaches the last rank.
    pub fn parse(pos: &Position, text: &str) -> Result<Order, String> {
        let variant = pos.variant();
        let g = &variant.geometry();
        let text = text.trim();
        if text.is_empty() {
            return Err("no order given: an order names two squares, such as 'order 1e21e4'".into());
        }
        let (from, rest) =
            g.parse_square_prefix(text).ok_or_else(|| format!("'{text}' does not start with a square such as 1e2"))?;
        let (to, rest) =
            g.parse_square_prefix(rest).ok_or_else(|| format!("'{text}' has no second square such as 1e4"))?;
        if from == to {
            return Err(format!("'{text}' names the same square twice"));
        }
        if from.layer() != to.layer() {
            return Err(format!("'{text}': an order names two squares of one board, before any transfer"));
        }
        let promotion = match rest {
            "" => None,
            letter => {
                let mut chars = letter.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(format!("'{text}': '{letter}' after the squares is not a promotion piece"));
                };
                let role = variant.pieces.iter().position(|p| p.letter == c.to_ascii_uppercase());
                match role.map(|r| Role::new(r as u8)).filter(|r| variant.promotion.contains(r)) {
                    Some(role) => Some(role),
                    None => return Err(format!("'{text}': a pawn cannot promote to '{c}'")),
                }
            }
        };
        let piece = pos.piece_at(from);
        let own = piece.is_some() && piece.color() == pos.side();
        let pawn_arrives =
            own && Some(piece.role()) == variant.pawn && variant.promotion_zone()[pos.side()].contains(to.cell());
        if promotion.is_some() && !pawn_arrives && own {
            return Err(format!("'{text}' names a promotion, but it moves no pawn to the last rank"));
        }
        if promotion.is_none() && pawn_arrives {
            return Err(format!("'{text}' takes a pawn to the last rank: name the piece it promotes to"));
        }
        Ok(Order { from, to, promotion })
    }

    /// An order in the orderer's own world: a legal move there, or refused.
    pub(super) fn in_sight(&self, pos: &mut Position) -> Resolution {
        let mut moves = Vec::new();
        legal(&LookingGlass, pos, &mut moves);
        let found = moves.into_iter().find(|m| {
            m.from() == self.from
                && m.promotion() == self.promotion
                && match m.rook() {
                    Some((rook_from, _)) => rook_from == self.to,
                    None => m.to().cell() == self.to.cell(),
                }
        });
        match found {
            Some(mv) => Resolution::Move { mv, reached: self.to },
            None => Resolution::Refused(format!(
                "{} is not a legal move in your world",
                pos.variant().geometry().square_name(self.from) + &pos.variant().geometry().square_name(self.to)
            )),
        }
    }

    /// An order in the world the orderer cannot see, carried out by the referee: impossible
    /// when no piece of the side to move stands there or it cannot move that way at all,
    /// shortened when its path is blocked.
    pub(super) fn out_of_sight(&self, pos: &mut Position) -> Resolution {
        let piece = pos.piece_at(self.from);
        let us = pos.side();
        if piece.is_none() || piece.color() != us {
            return Resolution::Impossible;
        }
        let reached = if Some(piece.role()) == pos.variant().pawn {
            self.pawn_reach(pos, us)
        } else {
            self.piece_reach(pos, us, piece.role())
        };
        let Some(reached) = reached else {
            return Resolution::Impossible;
        };
        let mut moves = Vec::new();
        legal(&LookingGlass, pos, &mut moves);
        moves
            .into_iter()
            .find(|m| {
                m.from() == self.from
                    && m.to().cell() == reached
                    && m.promotion() == self.promotion
                    && !matches!(m.kind(), MoveKind::Castle | MoveKind::EnPassant)
            })
            .map_or(Resolution::Impossible, |mv| Resolution::Move {
                mv,
                reached: Square::new(self.from.layer(), reached),
            })
    }

    /// Files and ranks from the order's square to its target.
    fn displacement(&self, pos: &Position) -> (i32, i32) {
        let g = &pos.variant().geometry();
        let (from, to) = (self.from.cell(), self.to.cell());
        (g.file(to) as i32 - g.file(from) as i32, g.rank(to) as i32 - g.rank(from) as i32)
    }

    /// Where a pawn's order takes it: a step or a double step forward to an empty square
    /// (a double step blocked on its second square becomes a single step), or a diagonal
    /// capture of an enemy piece. En passant is never carried out here: its two pawns stand on
    /// the board the mover cannot see.
    fn pawn_reach(&self, pos: &Position, us: Color) -> Option<Cell> {
        let variant = pos.variant();
        let g = &variant.geometry();
        let layer = self.from.layer();
        let forward = if us == Color::White { 1 } else { -1 };
        let occupied = pos.occupied(layer);
        let one = g.offset(self.from.cell(), 0, forward)?;
        let (df, dr) = self.displacement(pos);
        match (df, dr * forward) {
            (0, 1) => (!occupied.contains(one)).then_some(one),
            (0, 2) if variant.double_step && variant.double_step_zone()[us].contains(self.from.cell()) => {
                if occupied.contains(one) {
                    None
                } else if occupied.contains(self.to.cell()) {
                    Some(one)
                } else {
                    Some(self.to.cell())
                }
            }
            (-1 | 1, 1) => pos.color_bb(us.flip(), layer).contains(self.to.cell()).then_some(self.to.cell()),
            _ => None,
        }
    }

    /// Where a piece other than a pawn gets: along the first of its lines or leaps that leads to
    /// the ordered square, stopped by the first piece on the way (capturing an enemy one,
    /// short of its own); impossible if even the first square is barred.
    fn piece_reach(&self, pos: &Position, us: Color, role: Role) -> Option<Cell> {
        let variant = pos.variant();
        let g = &variant.geometry();
        let layer = self.from.layer();
        let (df, dr) = self.displacement(pos);
        let turn = if us == Color::White { 1 } else { -1 };
        let steps = variant.pieces[role.index()].steps.iter().map(|s| (s.dx as i32 * turn, s.dy as i32 * turn, s));
        let (dx, dy, step, count) = steps
            .filter_map(|(dx, dy, s)| {
                let count = [(df, dx), (dr, dy)]
                    .iter()
                    .find(|(_, d)| *d != 0)
                    .map(|&(delta, d)| delta / d)
                    .filter(|&k| k >= 1 && df == k * dx && dr == k * dy)?;
                (s.range == 0 || count <= s.range as i32).then_some((dx, dy, s, count))
            })
            .next()?;
        let (ours, theirs) = (pos.color_bb(us, layer), pos.color_bb(us.flip(), layer));
        let mut at = self.from.cell();
        let mut last_free = None;
        for _ in 0..count {
            let next = g.offset(at, dx, dy)?;
            if ours.contains(next) || !g.exists(Square::new(layer, next)) {
                return last_free;
            }
            if theirs.contains(next) {
                return if step.captures { Some(next) } else { last_free };
            }
            at = next;
            last_free = step.moves.then_some(next).or(last_free);
        }
        last_free
    }
}
