//! Making and unmaking moves, with the hash updated incrementally.

use super::moves::{Move, MoveKind};
use super::{EnPassant, Position, Rights, Undo};
use crate::geometry::{Bitboard, Layer, Square, Word};
use crate::pieces::{Color, Piece, Role};

/// What a rule family changes in how a move is made: who owns the piece that lands, what a
/// capture scores or brings back, which board holds the en-passant square, which moves reset
/// the 50-move clock, and whether the position carries state its hash leaves out. Every
/// family's `Rules` has them, so that making a move is monomorphised per family, as generating
/// moves is; the defaults are FIDE chess's.
pub trait MoveEffects<W: Word> {
    /// Whether a pawn move resets the 50-move clock (Monochrome: only captures do).
    const PAWN_MOVE_RESETS_CLOCK: bool = true;

    /// Whether capturing a king gives each player a pawn on every empty pawn start square of a
    /// file without one of its pawns (Inside-out).
    const KING_CAPTURE_SPAWNS: bool = false;

    /// Whether the last moves and the scores, which the hash leaves out, change what may be
    /// played or what a position is worth (Monochrome, Inside-out): then they are in the FEN
    /// and in the search's key.
    const STATE_BEYOND_HASH: bool = false;

    /// Who owns the piece that `mover` puts on `to` (Monochrome: whoever's half it is).
    #[inline]
    fn owner(&self, mover: Color, _to: Square) -> Color {
        mover
    }

    /// The points `mover` scores for capturing a piece of `role` (Monochrome).
    #[inline]
    fn capture_points(&self, _role: Role) -> u32 {
        0
    }

    /// The board of the square a double step passes, where it can be captured en passant (by
    /// default the board the pawn lands on).
    #[inline]
    fn en_passant_board(&self, mv: Move) -> Layer {
        mv.to().layer()
    }
}

/// What a pass changed, to take it back.
#[derive(Copy, Clone, Debug)]
pub struct NullUndo {
    ep: Option<EnPassant>,
    hash: u64,
    halfmove: u32,
}

impl<W: Word> Position<W> {
    /// Plays a move (which must be pseudo-legal here) by the rules whose `effects` are given.
    #[inline]
    pub fn make_with<E: MoveEffects<W>>(&mut self, effects: &E, mv: Move) {
        let moved = self.piece_at(mv.from());
        let captured = mv.capture().map_or(Piece::NONE, |s| self.piece_at(s));
        let mover = self.side;
        self.history.push(Undo {
            mv,
            moved,
            captured,
            rights: self.castling.rights,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
            last_move: self.last_moves[mover],
            scores: self.scores,
            spawned: Bitboard::EMPTY,
        });
        if let Some(ep) = self.ep.take() {
            self.hash ^= self.variant.zobrist.ep[ep.passed.index()];
        }
        if let Some(c) = mv.capture() {
            self.remove(c);
        }
        self.remove(mv.from());
        let owner = effects.owner(mover, mv.to());
        let placed = Piece::new(mv.promotion().unwrap_or(moved.role()), owner);
        if let Some((rook_from, rook_to)) = mv.rook() {
            let rook = self.remove(rook_from);
            self.put(mv.to(), placed);
            self.put(rook_to, rook);
        } else {
            self.put(mv.to(), placed);
        }
        if !self.castling.rights.is_empty() {
            self.update_castling(mv);
        }
        if captured.is_some() {
            self.scores[mover] += effects.capture_points(captured.role());
            if E::KING_CAPTURE_SPAWNS && Some(captured.role()) == self.variant.king {
                let spawned = self.spawn_pawns();
                if let Some(u) = self.history.last_mut() {
                    u.spawned = spawned;
                }
            }
        }
        self.last_moves[mover] = Some((mv.from(), mv.to()));
        if mv.kind() == MoveKind::DoubleStep && self.variant.en_passant {
            let passed = Square::new(effects.en_passant_board(mv), mv.from().cell().midpoint(mv.to().cell()));
            self.ep = Some(EnPassant { passed, victim: mv.to() });
            self.hash ^= self.variant.zobrist.ep[passed.index()];
        }
        let pawn_moved = Some(moved.role()) == self.variant.pawn;
        let resets = captured.is_some() || (pawn_moved && E::PAWN_MOVE_RESETS_CLOCK);
        self.halfmove = if resets { 0 } else { self.halfmove + 1 };
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        self.hash ^= self.variant.zobrist.side;
    }

    /// The pieces the last move took off the board and put on it, each as `(square, piece,
    /// put)`, for what keeps running sums of the pieces (the evaluation's); nothing before the
    /// first move. Right only until the next move or unmake.
    #[inline]
    pub fn last_move_changes(&self, mut change: impl FnMut(Square, Piece, bool)) {
        let Some(u) = self.history.last() else { return };
        let mv = u.mv;
        if let Some(c) = mv.capture() {
            change(c, u.captured, false);
        }
        change(mv.from(), u.moved, false);
        if let Some((rook_from, rook_to)) = mv.rook() {
            let rook = self.piece_at(rook_to);
            change(rook_from, rook, false);
            change(rook_to, rook, true);
        }
        change(mv.to(), self.piece_at(mv.to()), true);
        for cell in u.spawned {
            let sq = Square::new(Layer::FIRST, cell);
            change(sq, self.piece_at(sq), true);
        }
    }

    /// Inside-out rule 7: after a king is captured, each player gets a pawn on every empty
    /// pawn start square of a file where that player has no pawn. Returns the cells filled.
    fn spawn_pawns(&mut self) -> Bitboard<W> {
        let Some(pawn) = self.variant.pawn else { return Bitboard::EMPTY };
        let variant = self.variant.clone();
        let g = &variant.geometry();
        let mut spawned = Bitboard::EMPTY;
        for color in Color::ALL {
            for cell in variant.double_step_zone()[color] {
                let file = g.file(cell);
                let has_pawn =
                    g.all_layers().any(|l| self.pieces(color, pawn, l).into_iter().any(|c| g.file(c) == file));
                let start = Square::new(Layer::FIRST, cell);
                if !has_pawn && self.piece_at(start).is_none() {
                    self.put(start, Piece::new(pawn, color));
                    spawned = spawned.with(cell);
                }
            }
        }
        spawned
    }

    /// Clears the rights whose king or rook left or was captured on its home square.
    fn update_castling(&mut self, mv: Move) {
        let old = self.castling.rights;
        let keep = |sq: Option<Square>| sq.map_or(Rights::all(), |s| self.castling_keep[s.index()]);
        self.castling.rights &= keep(Some(mv.from())) & keep(mv.capture()) & keep(mv.rook().map(|r| r.0));
        let z = &self.variant.zobrist;
        self.hash ^= z.castling[old.bits() as usize] ^ z.castling[self.castling.rights.bits() as usize];
    }

    /// Passes the turn (the search's null move); returns what [`Position::unmake_null`] needs.
    pub fn make_null(&mut self) -> NullUndo {
        let undo = NullUndo { ep: self.ep, hash: self.hash, halfmove: self.halfmove };
        if let Some(ep) = self.ep.take() {
            self.hash ^= self.variant.zobrist.ep[ep.passed.index()];
        }
        self.side = self.side.flip();
        self.hash ^= self.variant.zobrist.side;
        // No repetition reaches back across a pass.
        self.halfmove = 0;
        undo
    }

    /// Takes back a pass.
    pub fn unmake_null(&mut self, undo: NullUndo) {
        self.side = self.side.flip();
        self.ep = undo.ep;
        self.hash = undo.hash;
        self.halfmove = undo.halfmove;
    }

    /// Takes back the last move made; does nothing when there is none.
    pub fn unmake(&mut self) {
        let Some(u) = self.history.pop() else { return };
        let mv = u.mv;
        self.side = self.side.flip();
        for cell in u.spawned {
            self.lift(Square::new(Layer::FIRST, cell));
        }
        self.last_moves[self.side] = u.last_move;
        self.scores = u.scores;
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        if let Some((rook_from, rook_to)) = mv.rook() {
            let rook = self.lift(rook_to);
            self.lift(mv.to());
            self.place(rook_from, rook);
        } else {
            self.lift(mv.to());
        }
        self.place(mv.from(), u.moved);
        if let Some(c) = mv.capture() {
            self.place(c, u.captured);
        }
        self.castling.rights = u.rights;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
    }
}
