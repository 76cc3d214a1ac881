//! Pawn structure and king terms for the families whose pawns march forward: passed, doubled,
//! isolated and connected pawns, the pawn shelter of a king, the kings' race to a passed pawn,
//! and the mop-up that drives a bare king to the edge.
//! Pawns of every board count together: in the multi-board variants a pawn changes boards
//! as it moves, so a file is blocked or open whatever board its pawns stand on.

use std::cell::Cell as Slot;

use super::{Eval, Terms};
use crate::geometry::{Bitboard, Cell, Geometry, Word};
use crate::pieces::{ByColor, Color, Role};
use crate::position::Position;

/// The material lead from which the stronger side hunts the other king (a minor piece).
const MOP_UP_LEAD: i32 = 300;

/// How many pawn formations a cache remembers (a power of two).
const CACHE_ENTRIES: usize = 1 << 13;

/// One remembered formation: both sides' pawns, their structure score and their passed pawns.
#[derive(Clone, Copy, Default)]
struct CacheEntry<W: Word> {
    pawns: [W; 2],
    score: [i32; 2],
    passed: [W; 2],
}

/// What a formation's structure gives: its score, White's view, and each side's passed pawns.
#[derive(Clone, Copy)]
struct Formation<W: Word> {
    score: [i32; 2],
    passed: ByColor<Bitboard<W>>,
}

/// Pawn-structure scores already computed, keyed by the whole formation: a hit is exact, so
/// the cache changes only the speed of the evaluation, never its result. One per thread.
#[derive(Clone)]
struct PawnCache<W: Word> {
    entries: Vec<Slot<CacheEntry<W>>>,
}

impl<W: Word> PawnCache<W> {
    fn new() -> PawnCache<W> {
        PawnCache { entries: vec![Slot::new(CacheEntry::default()); CACHE_ENTRIES] }
    }

    fn slot(&self, pawns: [W; 2]) -> &Slot<CacheEntry<W>> {
        let folded = pawns.iter().fold(0u64, |h, &p| {
            let (low, high) = p.halves();
            (h ^ low ^ high).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        &self.entries[(folded >> (64 - CACHE_ENTRIES.trailing_zeros())) as usize]
    }

    fn get(&self, pawns: ByColor<Bitboard<W>>) -> Option<Formation<W>> {
        let key = pawns.0.map(|b| b.0);
        let entry = self.slot(key).get();
        // The empty entry is right for a board without pawns: their structure scores nothing.
        (entry.pawns == key).then_some(Formation { score: entry.score, passed: ByColor(entry.passed.map(Bitboard)) })
    }

    fn put(&self, pawns: ByColor<Bitboard<W>>, formation: Formation<W>) {
        let key = pawns.0.map(|b| b.0);
        self.slot(key).set(CacheEntry { pawns: key, score: formation.score, passed: formation.passed.0.map(|b| b.0) });
    }
}

/// Masks and tables of one geometry, built once per variant.
#[derive(Clone)]
pub(super) struct Structure<W: Word> {
    pawn: Option<Role>,
    /// Per cell, its file.
    file_of: Vec<u8>,
    /// Per colour and cell, the cells ahead on the same and the adjacent files (an enemy pawn
    /// there stops or can capture a pawn on the cell).
    front: ByColor<Vec<Bitboard<W>>>,
    /// Per colour and cell, the cells one and two ranks ahead of a king there, on its file and the
    /// adjacent ones.
    shelter: ByColor<Vec<Bitboard<W>>>,
    /// Per colour and cell, the cells diagonally behind and beside it on its rank: a pawn of its
    /// side there defends it or stands connected with it.
    connections: ByColor<Vec<Bitboard<W>>>,
    /// Per colour and cell, the cell one rank ahead (the cell itself on the last rank).
    front_cell: ByColor<Vec<Cell>>,
    /// Per colour and cell, how many ranks a pawn there has advanced, scaled to an 8-rank board.
    advance: ByColor<Vec<i32>>,
    /// Per cell, its steps from the centre.
    off_centre: Vec<i32>,
    cache: PawnCache<W>,
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
        let ahead = |color: Color, cell: Cell, ranks: std::ops::RangeInclusive<i32>| {
            let dir = if color == Color::White { 1 } else { -1 };
            let mut b = Bitboard::EMPTY;
            for step in ranks {
                for df in -1..=1 {
                    if let Some(c) = g.offset(cell, df, dir * step) {
                        b = b.with(c);
                    }
                }
            }
            b
        };
        let per_cell = |f: &dyn Fn(Color, Cell) -> Bitboard<W>| {
            ByColor([Color::White, Color::Black].map(|color| Cell::up_to(area).map(|c| f(color, c)).collect()))
        };
        let front = per_cell(&|color, cell| ahead(color, cell, 1..=g.ranks as i32));
        let shelter = per_cell(&|color, cell| ahead(color, cell, 1..=2));
        let connections = per_cell(&|color, cell| {
            let back = if color == Color::White { -1 } else { 1 };
            [(-1, back), (1, back), (-1, 0), (1, 0)]
                .into_iter()
                .filter_map(|(df, dr)| g.offset(cell, df, dr))
                .fold(Bitboard::EMPTY, |b, c| b.with(c))
        });
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
            front,
            shelter,
            connections,
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
        for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
            if let Some(p) = self.pawn {
                for king in pos.king_squares(color) {
                    let shield = pos.pieces(color, p, king.layer()) & self.shelter[color][king.cell().index()];
                    score[0] += sign * terms.king_shelter * shield.count().min(3) as i32;
                }
            }
            score[1] += sign * self.mop_up(pos, terms, color, material[color] - material[color.flip()]);
            if terms.passer_king != 0 {
                score[1] += sign * self.passer_king(pos, terms, color, formation.passed[color]);
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
        let g = &pos.variant().geometry;
        let steps = |a: Cell, b: Cell| g.distance(a, b).min(5) as i32;
        let mut sum = 0;
        for cell in passed {
            let front = self.front_cell[color][cell.index()];
            let lead = steps(theirs.cell(), front) - steps(ours.cell(), front);
            sum += self.advance[color][cell.index()] * lead;
        }
        terms.passer_king * sum
    }

    /// Passed, doubled, isolated and connected pawns, White's view, before and in the endgame,
    /// and the passed pawns.
    fn pawn_structure(&self, pawns: ByColor<Bitboard<W>>, terms: &Terms) -> Formation<W> {
        let mut sums = ByColor([[0i32; 2]; 2]);
        let mut passed = ByColor([Bitboard::EMPTY; 2]);
        for color in [Color::White, Color::Black] {
            let (own, enemy) = (pawns[color], pawns[color.flip()]);
            let sum = &mut sums[color];
            // Bit f is set when the colour has a pawn on file f (at most 16 files).
            let mut files = 0u32;
            let mut count = 0;
            let mut connected = 0;
            for cell in own {
                files |= 1 << self.file_of[cell.index()];
                count += 1;
                if (self.connections[color][cell.index()] & own).any() {
                    connected += 1 + self.advance[color][cell.index()];
                }
                if (self.front[color][cell.index()] & enemy).is_empty() {
                    passed[color] = passed[color].with(cell);
                    let a = self.advance[color][cell.index()];
                    let bonus = terms.passed_pawn * (a * a + a) / 2;
                    sum[0] += bonus / 2;
                    sum[1] += bonus;
                }
            }
            let isolated =
                own.into_iter().filter(|&cell| files & beside(self.file_of[cell.index()]) == 0).count() as i32;
            let penalty = terms.doubled_pawn * (count - files.count_ones() as i32) + terms.isolated_pawn * isolated
                - terms.connected_pawn * connected;
            sum[0] -= penalty;
            sum[1] -= penalty;
        }
        Formation { score: [0, 1].map(|i| sums[Color::White][i] - sums[Color::Black][i]), passed }
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
        let distance = pos.variant().geometry.distance(ours.cell(), theirs.cell()) as i32;
        terms.mop_up * (2 * self.off_centre[theirs.cell().index()] - distance)
    }
}
