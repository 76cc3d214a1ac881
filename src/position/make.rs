//! Making and unmaking moves, with the hash updated incrementally.

use super::{EnPassant, Position, Undo};
use crate::geometry::Square;
use crate::movegen::{Move, MoveKind};
use crate::pieces::{Color, Piece};

impl Position {
    /// Plays a move (which must be pseudo-legal here).
    pub fn make(&mut self, mv: Move) {
        let moved = self.piece_at(mv.from);
        let captured = mv.capture.map_or(Piece::NONE, |s| self.piece_at(s));
        self.history.push(Undo {
            mv,
            moved,
            captured,
            rights: self.castling.rights,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        });
        if let Some(ep) = self.ep.take() {
            self.hash ^= self.variant.zobrist.ep[ep.passed.index()];
        }
        if let Some(c) = mv.capture {
            self.remove(c);
        }
        self.remove(mv.from);
        let placed = mv.promotion.map_or(moved, |r| Piece::new(r, moved.color()));
        if let Some((rook_from, rook_to)) = mv.rook {
            let rook = self.remove(rook_from);
            self.put(mv.to, placed);
            self.put(rook_to, rook);
        } else {
            self.put(mv.to, placed);
        }
        if self.castling.rights != 0 {
            self.update_castling(mv);
        }
        if mv.kind == MoveKind::DoubleStep && self.variant.en_passant {
            let passed = Square::new(mv.to.layer(), (mv.from.cell() + mv.to.cell()) / 2);
            self.ep = Some(EnPassant { passed, victim: mv.to });
            self.hash ^= self.variant.zobrist.ep[passed.index()];
        }
        let pawn_moved = Some(moved.role()) == self.variant.pawn;
        self.halfmove = if captured.is_some() || pawn_moved { 0 } else { self.halfmove + 1 };
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        self.hash ^= self.variant.zobrist.side;
    }

    /// Clears the rights whose king or rook left or was captured on its home square.
    fn update_castling(&mut self, mv: Move) {
        let old = self.castling.rights;
        let touched = [Some(mv.from), mv.capture, mv.rook.map(|r| r.0)];
        for sq in touched.into_iter().flatten() {
            for c in 0..2 {
                if sq == self.castling.king[c] {
                    self.castling.rights &= !(3 << (2 * c));
                }
                for side in 0..2 {
                    if sq == self.castling.rooks[c][side] {
                        self.castling.rights &= !(1 << (2 * c + side));
                    }
                }
            }
        }
        let z = &self.variant.zobrist;
        self.hash ^= z.castling[old as usize] ^ z.castling[self.castling.rights as usize];
    }

    /// Takes back the last move made; does nothing when there is none.
    pub fn unmake(&mut self) {
        let Some(u) = self.history.pop() else { return };
        let mv = u.mv;
        self.side = self.side.flip();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        if let Some((rook_from, rook_to)) = mv.rook {
            let rook = self.remove(rook_to);
            self.remove(mv.to);
            self.put(rook_from, rook);
        } else {
            self.remove(mv.to);
        }
        self.put(mv.from, u.moved);
        if let Some(c) = mv.capture {
            self.put(c, u.captured);
        }
        self.castling.rights = u.rights;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
    }
}
