//! Pawn structure and king terms for the families whose pawns march forward: passed, doubled,
//! isolated, connected and backward pawns, outposts and minor pieces behind pawns, the pawn
//! shelter of a king and the files open before it, the kings' race
//! to a passed pawn, and the mop-up that drives a bare king to the edge.
//! Pawns of every board count together: in the multi-board variants a pawn changes boards
//! as it moves, so a file is blocked or open whatever board its pawns stand on.

use std::cell::{Cell as Slot, OnceCell};

use super::{Eval, Terms, PAWN};
use crate::geometry::{Bitboard, Cell, Geometry, Word};
use crate::pieces::{ByColor, Color, Role};
use crate::position::Position;

/// The material lead from which the stronger side hunts the other king (a minor piece).
const MOP_UP_LEAD: i32 = 300;

/// Pieces worth less than this are minor (FIDE chess's knights and bishops): they use outposts
/// and shelter behind pawns.
const MINOR_VALUE: i32 = 4 * PAWN;

/// How many pawn formations a cache remembers (a power of two).
const CACHE_ENTRIES: usize = 1 << 13;

/// One remembered formation: both sides' pawns and what [`Formation`] keeps of them.
#[derive(Clone, Copy, Default)]
struct CacheEntry<W: Word> {
    pawns: [W; 2],
    score: [i32; 2],
    passed: [W; 2],
    files: [u32; 2],
    outposts: [W; 2],
    shadows: [W; 2],
}

/// What a formation's structure gives: its score, White's view, and per side its passed pawns,
/// the files of its pawns (bit f for file f), the cells that are outposts for its minor pieces,
/// and the cells right behind its pawns.
#[derive(Clone, Copy)]
struct Formation<W: Word> {
    score: [i32; 2],
    passed: ByColor<Bitboard<W>>,
    files: ByColor<u32>,
    outposts: ByColor<Bitboard<W>>,
    shadows: ByColor<Bitboard<W>>,
}

/// Pawn-structure scores already computed, keyed by the whole formation: a hit is exact, so
/// the cache changes only the speed of the evaluation, never its result. One per thread.
#[derive(Clone)]
struct PawnCache<W: Word> {
    /// Made at the first lookup: an evaluation is built for every search, and some families'
    /// evaluations never look at pawn structure (filling 640 KB cost Monochrome's short
    /// searches 5 % of their instructions).
    entries: OnceCell<Vec<Slot<CacheEntry<W>>>>,
}

impl<W: Word> PawnCache<W> {
    fn new() -> PawnCache<W> {
        PawnCache { entries: OnceCell::new() }
    }

    fn slot(&self, pawns: [W; 2]) -> &Slot<CacheEntry<W>> {
        let folded = pawns.iter().fold(0u64, |h, &p| {
            let (low, high) = p.halves();
            (h ^ low ^ high).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        let entries = self.entries.get_or_init(|| vec![Slot::new(CacheEntry::default()); CACHE_ENTRIES]);
        &entries[(folded >> (64 - CACHE_ENTRIES.trailing_zeros())) as usize]
    }

    fn get(&self, pawns: ByColor<Bitboard<W>>) -> Option<Formation<W>> {
        let key = pawns.0.map(|b| b.0);
        let entry = self.slot(key).get();
        // The empty entry is right for a board without pawns: their structure scores nothing.
        (entry.pawns == key).then_some(Formation {
            score: entry.score,
            passed: ByColor(entry.passed.map(Bitboard)),
            files: ByColor(entry.files),
            outposts: ByColor(entry.outposts.map(Bitboard)),
            shadows: ByColor(entry.shadows.map(Bitboard)),
        })
    }

    fn put(&self, pawns: ByColor<Bitboard<W>>, formation: Formation<W>) {
        let key = pawns.0.map(|b| b.0);
        self.slot(key).set(CacheEntry {
            pawns: key,
            score: formation.score,
            passed: formation.passed.0.map(|b| b.0),
            files: formation.files.0,
            outposts: formation.outposts.0.map(|b| b.0),
            shadows: formation.shadows.0.map(|b| b.0),
        });
    }
}

/// Masks and tables of one geometry, built once per variant.
#[derive(Clone)]
pub(super) struct Structure<W: Word> {
    pawn: Option<Role>,
    /// Per cell, its file.
    file_of: Vec<u8>,
    /// The bits of the board's files.
    all_files: u32,
    /// Per colour and cell, the cells ahead on the same and the adjacent files (an enemy pawn
    /// there stops or can capture a pawn on the cell).
    front: ByColor<Vec<Bitboard<W>>>,
    /// Per colour and cell, the cells one and two ranks ahead of a king there, on its file and the
    /// adjacent ones.
    shelter: ByColor<Vec<Bitboard<W>>>,
    /// Per colour and cell, the cells diagonally behind and beside it on its rank: a pawn of its
    /// side there defends it or stands connected with it.
    connections: ByColor<Vec<Bitboard<W>>>,
    /// Per colour and cell, the cells diagonally ahead: a pawn of the colour there defends them.
    guards: ByColor<Vec<Bitboard<W>>>,
    /// Per colour and cell, the cells ahead on the files beside it: only an enemy pawn there can
    /// ever attack the cell.
    attack_span: ByColor<Vec<Bitboard<W>>>,
    /// Per colour and cell, the cells on the files beside it, level with it or behind: only a
    /// pawn of its side there can come to defend a pawn on the cell.
    support_span: ByColor<Vec<Bitboard<W>>>,
    /// Per colour and cell, the cells from which an enemy pawn attacks the cell ahead.
    stop_attackers: ByColor<Vec<Bitboard<W>>>,
    /// Per colour and cell, the cell one rank ahead (the cell itself on the last rank).
    front_cell: ByColor<Vec<Cell>>,
    /// Per colour and cell, how many ranks a pawn there has advanced, scaled to an 8-rank board.
    advance: ByColor<Vec<i32>>,
    /// Per cell, its steps from the centre.
    off_centre: Vec<i32>,
    cache: PawnCache<W>,
}

/// How much a passed pawn `advance` ranks along (0 to 5) weighs: (a² + a) / 2, 0 to 15.
fn passer_weight(advance: i32) -> i32 {
    (advance * advance + advance) / 2
}

/// The bits of the files either side of file `f`.
fn beside(f: u8) -> u32 {
    (1u32 << f >> 1) | (1u32 << f << 1)
}

impl<W: Word> Structure<W> {
    /// The tables of `g`, for pawns of role `pawn`.
    pub(super) fn new(g: &Geometry<W>, pawn: Option<Role>) -> Structure<W> {
        let area = g.area();
        let file_of = Cell::up_to(area).map(|c| g.file(c)).collect();
        let ranks = g.ranks as i32;
        // Per colour and cell, the cells `files` apart and `steps` ranks ahead (behind if negative)
        // in the colour's direction.
        let table = |files: &[i32], steps: std::ops::RangeInclusive<i32>| {
            ByColor([Color::White, Color::Black].map(|color| {
                let dir = if color == Color::White { 1 } else { -1 };
                Cell::up_to(area)
                    .map(|cell| {
                        let mut b = Bitboard::EMPTY;
                        for step in steps.clone() {
                            for &df in files {
                                if let Some(c) = g.offset(cell, df, dir * step) {
                                    b = b.with(c);
                                }
                            }
                        }
                        b
                    })
                    .collect()
            }))
        };
        let front = table(&[-1, 0, 1], 1..=ranks);
        let shelter = table(&[-1, 0, 1], 1..=2);
        let connections = table(&[-1, 1], -1..=0);
        let guards = table(&[-1, 1], 1..=1);
        let attack_span = table(&[-1, 1], 1..=ranks);
        let support_span = table(&[-1, 1], -ranks..=0);
        let stop_attackers = table(&[-1, 1], 2..=2);
        let front_cell = ByColor([Color::White, Color::Black].map(|color| {
            let dir = if color == Color::White { 1 } else { -1 };
            Cell::up_to(area).map(|c| g.offset(c, 0, dir).unwrap_or(c)).collect()
        }));
        let top = g.ranks as i32 - 1;
        // Rank 2 to the rank before promotion map onto 0 to 5, as on the 8-rank board.
        let span = (top - 2).max(1);
        let advance = ByColor([Color::White, Color::Black].map(|color| {
            Cell::up_to(area)
                .map(|c| {
                    let rank = g.rank(c) as i32;
                    let steps = if color == Color::White { rank - 1 } else { top - 1 - rank };
                    (steps.max(0) * 5 + span / 2) / span
                })
                .collect()
        }));
        let off_centre = Cell::up_to(area).map(|c| super::off_centre(g, c)).collect();
        Structure {
            pawn,
            file_of,
            all_files: (1u32 << g.files) - 1,
            front,
            shelter,
            connections,
            guards,
            attack_span,
            support_span,
            stop_attackers,
            front_cell,
            advance,
            off_centre,
            cache: PawnCache::new(),
        }
    }

    /// Pawn structure, shelter and mop-up, White's view, before (`[0]`) and in (`[1]`) the
    /// endgame; `material` is each side's material.
    pub(super) fn evaluate(&self, pos: &Position<W>, eval: &Eval<W>, material: ByColor<i32>) -> [i32; 2] {
        let terms = &eval.terms;
        let pawns = self.pawn.map_or(ByColor([Bitboard::EMPTY; 2]), |p| {
            ByColor([Color::White, Color::Black].map(|c| pos.pieces_on_any_board(c, p)))
        });
        let formation = self.cache.get(pawns).unwrap_or_else(|| {
            let formation = self.pawn_structure(pawns, terms);
            self.cache.put(pawns, formation);
            formation
        });
        let mut score = formation.score;
        // Every board's pieces, for the cell ahead of a passed pawn, folded once for both sides.
        let occupied =
            if terms.passer_free != 0 && (formation.passed[Color::White] | formation.passed[Color::Black]).any() {
                pos.variant().geometry().all_layers().fold(Bitboard::EMPTY, |b, l| b | pos.occupied(l))
            } else {
                Bitboard::EMPTY
            };
        for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
            if let Some(p) = self.pawn {
                for king in pos.king_squares(color) {
                    let shield = pos.pieces(color, p, king.layer()) & self.shelter[color][king.cell().index()];
                    score[0] += sign * terms.king_shelter * shield.count().min(3) as i32;
                    if terms.king_open_file != 0 {
                        let file = self.file_of[king.cell().index()];
                        let open = (1 << file | beside(file)) & self.all_files & !formation.files[color];
                        score[0] -= sign * terms.king_open_file * open.count_ones() as i32;
                    }
                }
            }
            score[1] += sign * self.mop_up(pos, terms, color, material[color] - material[color.flip()]);
            if terms.passer_king != 0 {
                score[1] += sign * self.passer_king(pos, terms, color, formation.passed[color]);
            }
            if terms.passer_free != 0 {
                let free = formation.passed[color]
                    .into_iter()
                    .filter(|cell| !occupied.contains(self.front_cell[color][cell.index()]))
                    .map(|cell| passer_weight(self.advance[color][cell.index()]))
                    .sum::<i32>();
                score[0] += sign * terms.passer_free * free / 2;
                score[1] += sign * terms.passer_free * free;
            }
            if terms.outpost != 0 || terms.minor_behind_pawn != 0 {
                let minors = Role::up_to(eval.values.len())
                    .filter(|&r| eval.is_piece(r) && eval.values[r.index()] < MINOR_VALUE)
                    .fold(Bitboard::EMPTY, |b, r| b | pos.pieces_on_any_board(color, r));
                let outposts = (minors & formation.outposts[color]).count() as i32;
                let behind = (minors & formation.shadows[color]).count() as i32;
                let bonus = terms.outpost * outposts + terms.minor_behind_pawn * behind;
                score[0] += sign * bonus;
                score[1] += sign * bonus / 2;
            }
        }
        score
    }

    /// For `color`'s passed pawns, each weighted by how far it has come: how much farther the enemy
    /// king stands from the cell in front of it than our king (who escorts it or is too far).
    fn passer_king(&self, pos: &Position<W>, terms: &Terms, color: Color, passed: Bitboard<W>) -> i32 {
        let (Some(ours), Some(theirs)) = (pos.king_squares(color).next(), pos.king_squares(color.flip()).next()) else {
            return 0;
        };
        let g = &pos.variant().geometry();
        let steps = |a: Cell, b: Cell| g.distance(a, b).min(5) as i32;
        let mut sum = 0;
        for cell in passed {
            let front = self.front_cell[color][cell.index()];
            let lead = steps(theirs.cell(), front) - steps(ours.cell(), front);
            sum += self.advance[color][cell.index()] * lead;
        }
        terms.passer_king * sum
    }

    /// Passed, doubled, isolated, connected and backward pawns, White's view, before and in the
    /// endgame, and the rest of [`Formation`].
    fn pawn_structure(&self, pawns: ByColor<Bitboard<W>>, terms: &Terms) -> Formation<W> {
        let mut sums = ByColor([[0i32; 2]; 2]);
        let mut passed = ByColor([Bitboard::EMPTY; 2]);
        let mut pawn_files = ByColor([0u32; 2]);
        let mut outposts = ByColor([Bitboard::EMPTY; 2]);
        let mut shadows = ByColor([Bitboard::EMPTY; 2]);
        for color in [Color::White, Color::Black] {
            let (own, enemy) = (pawns[color], pawns[color.flip()]);
            let sum = &mut sums[color];
            // Bit f is set when the colour has a pawn on file f (at most 16 files).
            let mut files = 0u32;
            let mut count = 0;
            let mut connected = 0;
            let mut backward = 0;
            for cell in own {
                let i = cell.index();
                // Outposts: in the enemy half (ranks 4 to 6 of 8), defended by this pawn, out of
                // every enemy pawn's reach.
                for guarded in self.guards[color][i] {
                    let g = guarded.index();
                    if (2..=4).contains(&self.advance[color][g]) && (self.attack_span[color][g] & enemy).is_empty() {
                        outposts[color] = outposts[color].with(guarded);
                    }
                }
                // The cell behind: the cell ahead as the other side sees it.
                shadows[color] = shadows[color].with(self.front_cell[color.flip()][i]);
                files |= 1 << self.file_of[i];
                count += 1;
                if (self.connections[color][i] & own).any() {
                    connected += 1 + self.advance[color][i];
                }
                if (self.support_span[color][i] & own).is_empty() && (self.stop_attackers[color][i] & enemy).any() {
                    backward += 1;
                }
                if (self.front[color][i] & enemy).is_empty() {
                    passed[color] = passed[color].with(cell);
                    let bonus = terms.passed_pawn * passer_weight(self.advance[color][i]);
                    sum[0] += bonus / 2;
                    sum[1] += bonus;
                }
            }
            let isolated =
                own.into_iter().filter(|&cell| files & beside(self.file_of[cell.index()]) == 0).count() as i32;
            let penalty = terms.doubled_pawn * (count - files.count_ones() as i32) + terms.isolated_pawn * isolated
                - terms.connected_pawn * connected
                + terms.backward_pawn * backward;
            sum[0] -= penalty;
            sum[1] -= penalty;
            pawn_files[color] = files;
        }
        Formation {
            score: [0, 1].map(|i| sums[Color::White][i] - sums[Color::Black][i]),
            passed,
            files: pawn_files,
            outposts,
            shadows,
        }
    }

    /// For a side `lead` ahead with one king against one: the enemy king's distance from the
    /// centre and its nearness to ours, the two things that mate a bare king.
    fn mop_up(&self, pos: &Position<W>, terms: &Terms, color: Color, lead: i32) -> i32 {
        if lead < MOP_UP_LEAD {
            return 0;
        }
        let mut ours = pos.king_squares(color);
        let mut theirs = pos.king_squares(color.flip());
        let (Some(ours), None, Some(theirs), None) = (ours.next(), ours.next(), theirs.next(), theirs.next()) else {
            return 0;
        };
        let distance = pos.variant().geometry().distance(ours.cell(), theirs.cell()) as i32;
        terms.mop_up * (2 * self.off_centre[theirs.cell().index()] - distance)
    }
}
