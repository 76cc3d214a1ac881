//! FIDE chess on one 8×8 board with the standard pieces, generated fast: sliders looked up by
//! PEXT (its portable form off x86-64-v3), legal moves straight from check and pin masks, and the
//! last ply of perft counted without listing its moves. The generic generator is the reference:
//! the perft suites count through both.

use once_cell::sync::Lazy;

use super::generate::{castling, is_legal};
use crate::geometry::{Cell, Layer, Narrow, Square};
use crate::pieces::sliders::{ride, Sliders, BISHOP_DIRECTIONS, ROOK_DIRECTIONS, SLIDERS};
use crate::pieces::{Color, Role};
use crate::position::moves::{Move, MoveKind};
use crate::position::Position;
use crate::rules::Rules;
use crate::variant::family::{Family, Fide};
use crate::variant::Variant;

/// The roles of the standard army in a variant that has exactly it.
#[derive(Copy, Clone, Debug)]
pub struct Standard {
    pub(super) pawn: Role,
    pub(super) knight: Role,
    pub(super) bishop: Role,
    pub(super) rook: Role,
    pub(super) queen: Role,
    pub(super) king: Role,
}

impl Standard {
    /// The roles, when the variant is of FIDE chess's family on one 8×8 board without holes,
    /// with exactly the six standard pieces and the pawn's double step.
    pub fn of(variant: &Variant<Narrow>) -> Option<Standard> {
        if !matches!(variant.family(), Family::Fide(_)) {
            return None;
        }
        Standard::army(variant, 1)
    }

    /// The roles, when the variant has `layers` 8×8 boards without holes, exactly the six
    /// standard pieces and the pawn's double step (whatever its family).
    pub(super) fn army(variant: &Variant<Narrow>, layers: u8) -> Option<Standard> {
        let g = variant.geometry();
        if (g.files, g.ranks, g.layers) != (8, 8, layers)
            || g.holes.iter().any(|h| h.any())
            || !variant.double_step
            || variant.pieces.len() != 6
        {
            return None;
        }
        let role = |betza: &str| variant.pieces.iter().position(|p| p.betza == betza).map(|i| Role::new(i as u8));
        let standard = Standard {
            pawn: role("fmWfcF")?,
            knight: role("N")?,
            bishop: role("B")?,
            rook: role("R")?,
            queen: role("Q")?,
            king: role("K")?,
        };
        (variant.pawn == Some(standard.pawn) && variant.king == Some(standard.king)).then_some(standard)
    }
}

impl Fast for Standard {
    type Rules = Fide;

    fn rules(&self) -> &Fide {
        &Fide
    }

    fn generate<S: Sink>(&self, pos: &mut Position<Narrow>, sink: &mut S) {
        let rules = &Fide;
        let t = &*TABLES;
        let layer = Layer::FIRST;
        let us = pos.side();
        let them = us.flip();
        let occupied = pos.occupied(layer).0;
        let own = pos.color_bb(us, layer).0;
        let enemies = pos.color_bb(them, layer).0;
        let mine = |role: Role| pos.pieces(us, role, layer).0;
        let theirs = |role: Role| pos.pieces(them, role, layer).0;
        let Some(king) = lowest(mine(self.king)) else { return };
        let straight = theirs(self.rook) | theirs(self.queen);
        let diagonal = theirs(self.bishop) | theirs(self.queen);
        let attackers = |sq: usize, occupied: u64| {
            (t.knight[sq] & theirs(self.knight))
                | (t.king[sq] & theirs(self.king))
                | (t.pawn[us.index()][sq] & theirs(self.pawn))
                | (t.rook.attacks(sq, occupied) & straight)
                | (t.bishop.attacks(sq, occupied) & diagonal)
        };
        let checkers = attackers(king, occupied);

        // The king: any square not attacked once it has left its own.
        let without_king = occupied & !(1 << king);
        for to in bits(t.king[king] & !own) {
            if attackers(to, without_king) == 0 {
                sink.add(piece_move(king, to, enemies));
            }
        }
        if checkers.count_ones() > 1 {
            return;
        }
        // Where a move must land (capture the checker or block it), and each pinned piece's line.
        let check_mask = match lowest(checkers) {
            Some(checker) => checkers | t.between[king][checker],
            None => !0,
        };
        let mut pinned = 0;
        let snipers = (t.rook.attacks(king, 0) & straight) | (t.bishop.attacks(king, 0) & diagonal);
        for sniper in bits(snipers) {
            let between = t.between[king][sniper] & occupied;
            if between.count_ones() == 1 && between & own != 0 {
                pinned |= between;
            }
        }
        let allowed = |from: usize| if pinned & (1 << from) != 0 { t.line[king][from] } else { !0 };
        let targets = check_mask & !own;

        for from in bits(mine(self.knight) & !pinned) {
            sink.piece(from, t.knight[from] & targets, enemies);
        }
        for from in bits(mine(self.bishop) | mine(self.queen)) {
            sink.piece(from, t.bishop.attacks(from, occupied) & targets & allowed(from), enemies);
        }
        for from in bits(mine(self.rook) | mine(self.queen)) {
            sink.piece(from, t.rook.attacks(from, occupied) & targets & allowed(from), enemies);
        }

        let promotions = &pos.variant().promotion;
        let (forward, start_rank, last_rank): (i32, u64, u64) =
            if us == Color::White { (8, 0xff00, 0xff << 56) } else { (-8, 0xff << 48, 0xff) };
        for from in bits(mine(self.pawn)) {
            let along = allowed(from);
            let step = (from as i32 + forward) as usize;
            let mut quiet = 0;
            if occupied & (1 << step) == 0 {
                quiet |= 1 << step;
                let double = (step as i32 + forward) as usize;
                if start_rank & (1 << from) != 0 && occupied & (1 << double) == 0 {
                    let mv = Move::new(square(from), square(double), None, MoveKind::DoubleStep);
                    if check_mask & along & (1 << double) != 0 {
                        sink.add(mv);
                    }
                }
            }
            let reach = ((quiet & !enemies) | (t.pawn[us.index()][from] & enemies)) & check_mask & along;
            for to in bits(reach) {
                let mv = piece_move(from, to, enemies);
                if last_rank & (1 << to) != 0 {
                    sink.promotions(mv, promotions);
                } else {
                    sink.add(mv);
                }
            }
        }
        // En passant and castling are rare: each is played to be judged.
        let castles = pos.variant().castling && checkers == 0;
        let mut rare = Vec::new();
        if let Some(ep) = pos.en_passant() {
            let passed = ep.passed.cell().index();
            if occupied & (1 << passed) == 0 {
                for from in bits(t.pawn[them.index()][passed] & mine(self.pawn)) {
                    rare.push(Move::new(square(from), ep.passed, Some(ep.victim), MoveKind::EnPassant));
                }
            }
        }
        if castles {
            castling(rules, pos, &mut rare);
        }
        for mv in rare {
            if is_legal(rules, pos, mv) {
                sink.add(mv);
            }
        }
    }
}

/// A generator of one shape of variant, faster than the generic one: perft's fast path.
pub trait Fast {
    /// The family's rules, which play the moves.
    type Rules: Rules<Narrow>;

    /// The family's rules.
    fn rules(&self) -> &Self::Rules;

    /// Puts every legal move into `sink`.
    fn generate<S: Sink>(&self, pos: &mut Position<Narrow>, sink: &mut S);

    /// Appends every legal move.
    fn legal(&self, pos: &mut Position<Narrow>, list: &mut Vec<Move>) {
        self.generate(pos, &mut List(list));
    }

    /// The number of legal moves, counted without listing most of them.
    fn count(&self, pos: &mut Position<Narrow>) -> u64 {
        let mut sink = Count(0);
        self.generate(pos, &mut sink);
        sink.0
    }
}

/// Where a fast generator puts what it finds: a list, or a count.
pub trait Sink {
    /// One move.
    fn add(&mut self, mv: Move);

    /// A piece's moves to `targets` (captures where `enemies` stand).
    fn piece(&mut self, from: usize, targets: u64, enemies: u64) {
        for to in bits(targets) {
            self.add(piece_move(from, to, enemies));
        }
    }

    /// A piece's moves from `from` to `targets` of its board, each landing on the same cell of
    /// board `there` (Alice's transfer), a capture where `enemies` stand on its own board.
    fn transfers(&mut self, from: Square, targets: u64, there: Layer, enemies: u64) {
        for to in bits(targets) {
            let capture = (enemies & (1 << to) != 0).then(|| Square::new(from.layer(), Cell::new(to as u8)));
            self.add(Move::new(from, Square::new(there, Cell::new(to as u8)), capture, MoveKind::Normal));
        }
    }

    /// A pawn's move to the last rank, once per piece it may become.
    fn promotions(&mut self, mv: Move, roles: &[Role]) {
        for &role in roles {
            self.add(mv.promoting(role));
        }
    }
}

struct List<'a>(&'a mut Vec<Move>);

impl Sink for List<'_> {
    #[inline]
    fn add(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

struct Count(u64);

impl Sink for Count {
    #[inline]
    fn add(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline]
    fn piece(&mut self, _: usize, targets: u64, _: u64) {
        self.0 += u64::from(targets.count_ones());
    }

    #[inline]
    fn transfers(&mut self, _: Square, targets: u64, _: Layer, _: u64) {
        self.0 += u64::from(targets.count_ones());
    }

    #[inline]
    fn promotions(&mut self, _: Move, roles: &[Role]) {
        self.0 += roles.len() as u64;
    }
}

fn square(index: usize) -> Square {
    Square::new(Layer::FIRST, Cell::new(index as u8))
}

/// A move to `to`, a capture when an enemy stands there.
#[inline]
fn piece_move(from: usize, to: usize, enemies: u64) -> Move {
    let capture = (enemies & (1 << to) != 0).then(|| square(to));
    Move::new(square(from), square(to), capture, MoveKind::Normal)
}

#[inline]
pub(super) fn lowest(set: u64) -> Option<usize> {
    (set != 0).then(|| set.trailing_zeros() as usize)
}

/// The set bits, lowest first.
#[inline]
pub(super) fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let bit = lowest(set)?;
        set &= set - 1;
        Some(bit)
    })
}

/// Attack tables of the 8×8 board, made once.
pub(super) struct Tables {
    pub(super) knight: [u64; 64],
    pub(super) king: [u64; 64],
    /// The cells a pawn of each colour on a cell attacks.
    pub(super) pawn: [[u64; 64]; 2],
    pub(super) rook: &'static Sliders,
    pub(super) bishop: &'static Sliders,
    /// The cells strictly between two cells on a line, else none.
    between: Vec<[u64; 64]>,
    /// The whole line through two cells, else none.
    line: Vec<[u64; 64]>,
}

pub(super) static TABLES: Lazy<Tables> = Lazy::new(Tables::new);

/// The cells reached from `cell` by `steps` (each taken once), on the board.
fn leaps(cell: usize, steps: &[(i32, i32)]) -> u64 {
    let (file, rank) = ((cell % 8) as i32, (cell / 8) as i32);
    steps
        .iter()
        .map(|&(df, dr)| (file + df, rank + dr))
        .filter(|&(f, r)| (0..8).contains(&f) && (0..8).contains(&r))
        .fold(0, |set, (f, r)| set | 1 << (r * 8 + f))
}

impl Tables {
    fn new() -> Tables {
        const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
        let mut between = vec![[0u64; 64]; 64];
        let mut line = vec![[0u64; 64]; 64];
        for a in 0..64 {
            for &direction in ROOK_DIRECTIONS.iter().chain(&BISHOP_DIRECTIONS) {
                let ray = ride(a, &[direction], 0);
                let back = ride(a, &[(-direction.0, -direction.1)], 0);
                for b in bits(ray) {
                    between[a][b] = ray & ride(b, &[(-direction.0, -direction.1)], 0) & !(1 << b);
                    line[a][b] = ray | back | 1 << a;
                }
            }
        }
        Tables {
            knight: std::array::from_fn(|c| leaps(c, &KNIGHT)),
            king: std::array::from_fn(|c| leaps(c, &KING)),
            pawn: [
                std::array::from_fn(|c| leaps(c, &[(-1, 1), (1, 1)])),
                std::array::from_fn(|c| leaps(c, &[(-1, -1), (1, -1)])),
            ],
            rook: &SLIDERS.rook,
            bishop: &SLIDERS.bishop,
            between,
            line,
        }
    }
}
