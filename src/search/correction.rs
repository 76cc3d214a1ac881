//! Correction history: by side to move and pawn formation, and by each side's pieces, a running
//! mean of how far searches have found positions from their static evaluation, added to that
//! evaluation. A formation or a placing of pieces the evaluation misjudges (a weak king's
//! shelter, a blockade the terms do not see) is met again and again in one game, and what deeper
//! searches found of it corrects the shallow ones.

use std::sync::atomic::{AtomicI32, Ordering};

use crate::geometry::{Bitboard, Layer, Word};
use crate::pieces::{Color, Role};
use crate::position::Position;

/// Formations kept per side to move.
const FORMATIONS: usize = 16_384;
/// An entry counts corrections in 1/`GRAIN` centipawns, so that small steps of the mean add up.
const GRAIN: i32 = 256;
/// What a step of the running mean weighs at most, in 1/256: a deep search weighs more than a
/// shallow one, and none replaces what the earlier ones found.
const MOST_WEIGHT: i32 = 16;
/// The largest correction, in centipawns: a correction mends the evaluation, it does not stand
/// in for it.
const LIMIT: i32 = 64;

/// Where a position's corrections are kept: its pawn formation's entry, and the entries of each
/// side's pieces (their roles and cells, the king's included), all for its side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Entries {
    formation: usize,
    pieces: [usize; 2],
}

/// The shared tables of corrections.
pub struct Correction {
    formations: Vec<AtomicI32>,
    pieces: Vec<AtomicI32>,
}

impl Default for Correction {
    fn default() -> Self {
        let table = |n| (0..n).map(|_| AtomicI32::new(0)).collect();
        Correction { formations: table(2 * FORMATIONS), pieces: table(2 * 2 * FORMATIONS) }
    }
}

/// A key folded into an index below [`FORMATIONS`].
fn fold(key: u64) -> usize {
    ((key ^ key >> 32) as usize) % FORMATIONS
}

/// The bits of a mask, mixed by `multiplier`.
fn mixed<W: Word>(cells: Bitboard<W>, multiplier: u64) -> u64 {
    let (low, high) = cells.0.halves();
    (low ^ high.rotate_left(29)).wrapping_mul(multiplier)
}

/// Odd multipliers that spread a mask's bits, one per role (and per side for the pawns).
const MULTIPLIERS: [u64; 8] = [
    0x9E37_79B9_7F4A_7C15,
    0xC2B2_AE3D_27D4_EB4F,
    0x1656_67B1_9E37_79F9,
    0xD6E8_FEB8_6659_FD93,
    0xA076_1D64_78BD_642F,
    0xE703_7ED1_A0B4_28DB,
    0x8EBC_6AF0_9C88_C6E3,
    0x5899_65CC_7537_4CC3,
];

impl Correction {
    /// Forgets every correction (a new game).
    pub fn clear(&self) {
        for entry in self.formations.iter().chain(&self.pieces) {
            entry.store(0, Ordering::Relaxed);
        }
    }

    /// The entries of `pos`.
    pub(super) fn entries<W: Word>(pos: &Position<W>) -> Entries {
        let side = pos.side().index() * FORMATIONS;
        let variant = pos.variant();
        let pawn = variant.pawn;
        // One board (FIDE chess) reads each role's mask where a fold over the boards would loop.
        let one_board = variant.geometry().layers == 1;
        let on_any_board = |color: Color, role: Role| {
            if one_board {
                pos.pieces(color, role, Layer::FIRST)
            } else {
                pos.pieces_on_any_board(color, role)
            }
        };
        let formation = pawn.map_or(0, |p| {
            fold(
                mixed(on_any_board(Color::White, p), MULTIPLIERS[0])
                    ^ mixed(on_any_board(Color::Black, p), MULTIPLIERS[1]).rotate_left(31),
            )
        });
        let pieces = [Color::White, Color::Black].map(|color| {
            let key = Role::up_to(variant.pieces.len()).filter(|&r| Some(r) != pawn).fold(0, |key, r| {
                key ^ mixed(on_any_board(color, r), MULTIPLIERS[r.index() % 8]).rotate_left(r.index() as u32 * 7)
            });
            2 * side + color.index() * FORMATIONS + fold(key)
        });
        Entries { formation: side + formation, pieces }
    }

    /// The correction of a position with these entries, in centipawns.
    #[inline]
    pub(super) fn get(&self, entries: Entries) -> i32 {
        let read = |table: &[AtomicI32], i: usize| table[i].load(Ordering::Relaxed);
        let pieces = read(&self.pieces, entries.pieces[0]) + read(&self.pieces, entries.pieces[1]);
        (read(&self.formations, entries.formation) + pieces / 2) / GRAIN
    }

    /// Moves the entries toward `error` (a search's result less the uncorrected static
    /// evaluation) by a share that grows with the search's `depth`: the formation's toward the
    /// error, the pieces' toward what the formation's correction leaves of it.
    pub(super) fn update(&self, entries: Entries, error: i32, depth: i32) {
        let weight = (depth + 1).min(MOST_WEIGHT);
        let step = |entry: &AtomicI32, target: i32| {
            let old = entry.load(Ordering::Relaxed);
            let target = target.clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
            // Threads may overwrite each other's steps: a lost step only slows the mean.
            entry.store((old * (256 - weight) + target * weight) / 256, Ordering::Relaxed);
        };
        let formation = &self.formations[entries.formation];
        let left = error * GRAIN - formation.load(Ordering::Relaxed);
        step(formation, error * GRAIN);
        for i in entries.pieces {
            step(&self.pieces[i], left);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::geometry::Wide;

    fn entries(fen: &str) -> Entries {
        Correction::entries(
            &Position::<Wide>::from_fen(Config::builtin().variant("normal", &[]).unwrap(), fen).unwrap(),
        )
    }

    #[test]
    fn a_correction_follows_the_searches_and_is_bounded() {
        let table = Correction::default();
        let at = entries("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        for _ in 0..200 {
            table.update(at, 40, 12);
        }
        assert!((38..=40).contains(&table.get(at)), "{}", table.get(at));
        for _ in 0..400 {
            table.update(at, -500, 12);
        }
        assert!((-LIMIT * 2..=-LIMIT).contains(&table.get(at)), "{}", table.get(at));
        table.clear();
        assert_eq!(table.get(at), 0);
    }

    #[test]
    fn the_formation_is_the_pawns_and_the_side_to_move() {
        let base = entries("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let more_pieces = entries("3qk3/pp6/8/8/8/2N5/PP6/4K3 w - - 0 1");
        assert_eq!(base.formation, more_pieces.formation);
        assert_ne!(base.pieces, more_pieces.pieces);
        assert_ne!(base.formation, entries("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1").formation);
        assert_ne!(base.formation, entries("4k3/pp6/8/8/8/1P6/P7/4K3 w - - 0 1").formation);
    }

    #[test]
    fn each_side_has_its_own_pieces_entry() {
        let base = entries("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let white_knight = entries("4k3/pp6/8/8/8/2N5/PP6/4K3 w - - 0 1");
        assert_eq!(base.pieces[1], white_knight.pieces[1]);
        assert_ne!(base.pieces[0], white_knight.pieces[0]);
    }
}
