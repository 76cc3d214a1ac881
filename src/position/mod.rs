//! The position: pieces on every layer, side to move, castling, en passant, counters, hash.

pub mod fen;
pub mod make;
pub mod moves;

use std::sync::Arc;

use crate::geometry::{Bitboard, Cells, Layer, Narrow, Square, Wide, Word, MAX_CELLS, MAX_LAYERS};
use crate::pieces::{ByColor, Color, Piece, Role, MAX_ROLES};
use crate::variant::Variant;
use make::MoveEffects;
use moves::Move;

pub use fen::{FenError, Setup};

/// An en-passant opportunity: the square passed over and the pawn that may be taken.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct EnPassant {
    /// The square the capturing pawn moves to (the one passed over).
    pub passed: Square,
    /// Where the double-stepped pawn stands.
    pub victim: Square,
}

bitflags::bitflags! {
    /// The castling rights that remain, per colour and side (side 0: toward higher files).
    #[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Hash)]
    pub struct Rights: u8 {
        /// White toward the higher files (kingside in FIDE chess).
        const WHITE_HIGH = 1;
        /// White toward the lower files.
        const WHITE_LOW = 1 << 1;
        /// Black toward the higher files.
        const BLACK_HIGH = 1 << 2;
        /// Black toward the lower files.
        const BLACK_LOW = 1 << 3;
    }
}

impl Rights {
    /// The right of `color` on `side` (0: toward higher files, 1: lower).
    #[inline]
    pub fn of(color: Color, side: usize) -> Rights {
        Rights::from_bits_retain(1 << (2 * color.index() + side))
    }

    /// Both rights of `color`.
    #[inline]
    pub fn both(color: Color) -> Rights {
        Rights::of(color, 0) | Rights::of(color, 1)
    }
}

/// Castling rights and the home squares they refer to.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Castling {
    /// The rights that remain.
    pub rights: Rights,
    /// Each colour's king home square.
    pub king: [Square; 2],
    /// Each colour's rook home squares, per side.
    pub rooks: [[Square; 2]; 2],
}

/// A move as far as the no-reversal rules care: from where to where a piece went.
pub type Trip = (Square, Square);

/// What make() saves for unmake().
#[derive(Clone, Debug)]
pub(crate) struct Undo<W: Word> {
    mv: Move,
    moved: Piece,
    captured: Piece,
    rights: Rights,
    ep: Option<EnPassant>,
    halfmove: u32,
    hash: u64,
    last_move: Option<Trip>,
    scores: ByColor<u32>,
    spawned: Bitboard<W>,
}

impl<W: Word> Undo<W> {
    /// The same record with masks of another word.
    fn resized<V: Word>(&self) -> Undo<V> {
        Undo {
            mv: self.mv,
            moved: self.moved,
            captured: self.captured,
            rights: self.rights,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
            last_move: self.last_move,
            scores: self.scores,
            spawned: self.spawned.resized(),
        }
    }
}

/// A position of a variant, with the history needed to unmake moves.
#[derive(Clone)]
pub struct Position<W: Word = Wide> {
    variant: Arc<Variant<W>>,
    board: [[Piece; MAX_CELLS]; MAX_LAYERS],
    by_color: [[Bitboard<W>; MAX_LAYERS]; 2],
    by_role: [[Bitboard<W>; MAX_LAYERS]; MAX_ROLES],
    side: Color,
    castling: Castling,
    /// Per square, the castling rights that a move from it, or capturing on it, keeps: all but
    /// those of a king or rook whose home it is (one lookup where make would compare squares).
    castling_keep: [Rights; MAX_LAYERS * MAX_CELLS],
    ep: Option<EnPassant>,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    history: Vec<Undo<W>>,
    last_moves: ByColor<Option<Trip>>,
    scores: ByColor<u32>,
}

impl Position<Wide> {
    /// This position with 64-bit masks, when its variant has them (see [`Variant::narrow`]).
    pub fn narrowed(&self) -> Option<Position<Narrow>> {
        self.variant.narrow().cloned().map(|variant| self.resized(variant))
    }
}

impl<W: Word> Position<W> {
    /// An empty board of `variant`, White to move.
    pub(crate) fn empty(variant: Arc<Variant<W>>) -> Position<W> {
        Position {
            board: [[Piece::NONE; MAX_CELLS]; MAX_LAYERS],
            by_color: [[Bitboard::EMPTY; MAX_LAYERS]; 2],
            by_role: [[Bitboard::EMPTY; MAX_LAYERS]; MAX_ROLES],
            side: Color::White,
            castling: Castling::default(),
            castling_keep: [Rights::all(); MAX_LAYERS * MAX_CELLS],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            history: Vec::new(),
            last_moves: ByColor::default(),
            scores: ByColor::default(),
            variant,
        }
    }

    /// This position on `variant`, the same variant with masks of another word.
    fn resized<V: Word>(&self, variant: Arc<Variant<V>>) -> Position<V> {
        let resize = |sets: &[Bitboard<W>; MAX_LAYERS]| sets.map(Bitboard::resized);
        Position {
            variant,
            board: self.board,
            by_color: self.by_color.each_ref().map(resize),
            by_role: self.by_role.each_ref().map(resize),
            side: self.side,
            castling: self.castling,
            castling_keep: self.castling_keep,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            history: self.history.iter().map(Undo::resized).collect(),
            last_moves: self.last_moves,
            scores: self.scores,
        }
    }

    /// The variant this position belongs to.
    #[inline]
    pub fn variant(&self) -> &Arc<Variant<W>> {
        &self.variant
    }

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// What stands on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.layer().index()][sq.cell().index()]
    }

    /// Occupied cells of a layer.
    #[inline]
    pub fn occupied(&self, layer: Layer) -> Bitboard<W> {
        self.by_color[0][layer.index()] | self.by_color[1][layer.index()]
    }

    /// Cells of a layer that stop a rider: occupied or absent.
    #[inline]
    pub fn blockers(&self, layer: Layer) -> Bitboard<W> {
        self.occupied(layer) | self.variant.geometry().holes[layer.index()]
    }

    /// Cells of a layer holding pieces of `color`.
    #[inline]
    pub fn color_bb(&self, color: Color, layer: Layer) -> Bitboard<W> {
        self.by_color[color.index()][layer.index()]
    }

    /// Cells of a layer holding pieces of `role`, of either colour.
    #[inline]
    pub fn role_bb(&self, role: Role, layer: Layer) -> Bitboard<W> {
        self.by_role[role.index()][layer.index()]
    }

    /// Cells of a layer holding pieces of `color` and `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role, layer: Layer) -> Bitboard<W> {
        self.by_role[role.index()][layer.index()] & self.by_color[color.index()][layer.index()]
    }

    /// The cells holding pieces of `color` and `role` on any board.
    #[inline]
    pub fn pieces_on_any_board(&self, color: Color, role: Role) -> Bitboard<W> {
        self.variant.geometry().all_layers().fold(Bitboard::EMPTY, |b, layer| b | self.pieces(color, role, layer))
    }

    /// The squares of `color`'s royal pieces.
    pub fn king_squares(&self, color: Color) -> KingSquares<'_, W> {
        let cells = self.variant.king.map_or(Bitboard::EMPTY, |k| self.pieces(color, k, Layer::FIRST));
        KingSquares { pos: self, color, layer: Layer::FIRST, cells: cells.into_iter() }
    }

    /// The en-passant opportunity, if the last move made one.
    #[inline]
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }

    /// King and rook home squares for a castling right that remains (side 0: toward higher files).
    #[inline]
    pub fn castling_squares(&self, color: Color, side: usize) -> Option<(Square, Square)> {
        let c = color.index();
        self.castling
            .rights
            .contains(Rights::of(color, side))
            .then(|| (self.castling.king[c], self.castling.rooks[c][side]))
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and increasing after Black's move.
    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist hash, kept up to date by make and unmake.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The last move `color` made (from, to), for the rules against reversing a move.
    #[inline]
    pub fn last_move(&self, color: Color) -> Option<Trip> {
        self.last_moves[color]
    }

    /// Points each side has captured (Monochrome).
    #[inline]
    pub fn scores(&self) -> ByColor<u32> {
        self.scores
    }

    /// The key the search stores results under: the hash, plus the state that the hash leaves
    /// out but that changes moves or values (last moves, Monochrome's scores).
    #[inline]
    pub fn search_key<E: MoveEffects<W>>(&self) -> u64 {
        if !E::STATE_BEYOND_HASH {
            return self.hash;
        }
        let trip = |t: Option<Trip>| t.map_or(0, |(a, b)| (1 + a.index() as u64) << 9 | b.index() as u64);
        let extra = trip(self.last_moves[Color::White])
            | trip(self.last_moves[Color::Black]) << 20
            | (self.scores[Color::White] as u64) << 40
            | (self.scores[Color::Black] as u64) << 52;
        // A multiply-xorshift spreads the packed state over all 64 bits.
        let mixed = (extra ^ extra >> 29).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        self.hash ^ (mixed ^ mixed >> 32)
    }

    /// How often the current position has occurred since the position was set up, itself included.
    pub fn repetitions(&self) -> usize {
        1 + self.history.iter().rev().take(self.halfmove as usize).filter(|u| u.hash == self.hash).count()
    }

    /// Whether the current position has occurred before (`repetitions() >= 2`, sooner): only
    /// positions with the same side to move can match, every second one back.
    pub fn repeated(&self) -> bool {
        self.history.iter().rev().take(self.halfmove as usize).skip(1).step_by(2).any(|u| u.hash == self.hash)
    }

    /// The search key after `mv`, worked out without playing it, to prefetch the child's table
    /// slot early: right for moves that neither castle, change castling rights nor set an
    /// en-passant square (a wrong key costs only a useless prefetch); `None` where the key holds
    /// more than the hash.
    #[inline]
    pub fn search_key_after<E: MoveEffects<W>>(&self, mv: Move) -> Option<u64> {
        if E::STATE_BEYOND_HASH {
            return None;
        }
        let z = &self.variant.zobrist;
        let moved = self.piece_at(mv.from());
        let placed = mv.promotion().map_or(moved, |role| Piece::new(role, moved.color()));
        let mut key = self.hash ^ z.side ^ z.piece(mv.from(), moved) ^ z.piece(mv.to(), placed);
        if let Some(c) = mv.capture() {
            key ^= z.piece(c, self.piece_at(c));
        }
        if let Some(ep) = self.ep {
            key ^= z.ep[ep.passed.index()];
        }
        Some(key)
    }

    /// Puts a piece on an empty square.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.place(sq, piece);
        self.hash ^= self.variant.zobrist.piece(sq, piece);
    }

    /// Removes and returns the piece on an occupied square.
    #[inline]
    pub(crate) fn remove(&mut self, sq: Square) -> Piece {
        let piece = self.lift(sq);
        self.hash ^= self.variant.zobrist.piece(sq, piece);
        piece
    }

    /// Puts a piece on an empty square, leaving the hash to the caller (unmake restores it whole).
    #[inline]
    fn place(&mut self, sq: Square, piece: Piece) {
        let (l, c) = (sq.layer().index(), sq.cell());
        self.board[l][c.index()] = piece;
        self.by_color[piece.color().index()][l] |= Bitboard::from_cell(c);
        self.by_role[piece.role().index()][l] |= Bitboard::from_cell(c);
    }

    /// Removes and returns the piece on an occupied square, leaving the hash to the caller.
    #[inline]
    fn lift(&mut self, sq: Square) -> Piece {
        let (l, c) = (sq.layer().index(), sq.cell());
        let piece = self.board[l][c.index()];
        self.board[l][c.index()] = Piece::NONE;
        self.by_color[piece.color().index()][l] &= !Bitboard::from_cell(c);
        self.by_role[piece.role().index()][l] &= !Bitboard::from_cell(c);
        piece
    }

    /// How many pieces stand on the boards, of both sides.
    #[inline]
    pub fn piece_count(&self) -> usize {
        self.variant.geometry().all_layers().map(|layer| self.occupied(layer).count() as usize).sum()
    }

    /// Every piece on the boards, with its square.
    pub fn pieces_on_board(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.variant.geometry().all_layers().flat_map(move |layer| {
            self.occupied(layer).into_iter().map(move |cell| {
                let sq = Square::new(layer, cell);
                (sq, self.piece_at(sq))
            })
        })
    }

    /// The hash computed from scratch, to check the incremental one.
    pub fn compute_hash(&self) -> u64 {
        let z = &self.variant.zobrist;
        let g = &self.variant.geometry();
        let mut h = 0;
        for l in g.all_layers() {
            for c in self.occupied(l) {
                let sq = Square::new(l, c);
                h ^= z.piece(sq, self.piece_at(sq));
            }
        }
        if self.side == Color::Black {
            h ^= z.side;
        }
        h ^= z.castling[self.castling.rights.bits() as usize];
        if let Some(ep) = self.ep {
            h ^= z.ep[ep.passed.index()];
        }
        h
    }

    /// A text diagram of every layer, top rank first, layers side by side.
    pub fn diagram(&self) -> String {
        let g = &self.variant.geometry();
        let mut out = String::new();
        for l in g.all_layers() {
            out.push_str(&format!("{:<width$}", format!("board {}", l.number() + 1), width = 2 * g.files as usize + 6));
        }
        out.push('\n');
        for rank in (0..g.ranks).rev() {
            for l in g.all_layers() {
                out.push_str(&format!("{:>2}  ", rank + 1));
                for file in 0..g.files {
                    let sq = Square::new(l, g.cell(file, rank));
                    let ch = if !g.exists(sq) { ' ' } else { self.piece_char(sq).unwrap_or('.') };
                    out.push(ch);
                    out.push(' ');
                }
                out.push_str("  ");
            }
            out.push('\n');
        }
        for _ in g.all_layers() {
            out.push_str("    ");
            for file in 0..g.files {
                out.push((b'a' + file) as char);
                out.push(' ');
            }
            out.push_str("  ");
        }
        out.push('\n');
        out
    }

    /// The FEN letter of the piece on a square (upper case for White).
    pub fn piece_char(&self, sq: Square) -> Option<char> {
        let p = self.piece_at(sq);
        p.is_some().then(|| {
            let letter = self.variant.pieces[p.role().index()].letter;
            if p.color() == Color::White {
                letter
            } else {
                letter.to_ascii_lowercase()
            }
        })
    }
}

/// The squares of one colour's royal pieces, board by board (see [`Position::king_squares`]).
pub struct KingSquares<'a, W: Word> {
    pos: &'a Position<W>,
    color: Color,
    layer: Layer,
    cells: Cells,
}

impl<W: Word> Iterator for KingSquares<'_, W> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        loop {
            if let Some(cell) = self.cells.next() {
                return Some(Square::new(self.layer, cell));
            }
            let king = self.pos.variant.king?;
            let next = self.layer.number() + 1;
            if next >= self.pos.variant.geometry().layers {
                return None;
            }
            self.layer = Layer::new(next);
            self.cells = self.pos.pieces(self.color, king, self.layer).into_iter();
        }
    }
}
