//! What a search thread learns of quiet moves as it goes: two killers per ply (quiet moves that
//! caused a cutoff there) and a history table by side, piece and destination.

use super::MAX_PLY;
use crate::geometry::{Word, MAX_CELLS, MAX_LAYERS};
use crate::movegen::Move;
use crate::pieces::MAX_ROLES;
use crate::position::Position;

/// A quiet move's history bonus for a cutoff is this many times depth², up to the cap: large
/// enough that the table follows the latest cutoffs fast.
const HISTORY_BONUS_PER_DEPTH_SQUARED: i32 = 16;
/// The cap of a history bonus.
const HISTORY_BONUS_CAP: i32 = 1536;
/// The bound a history entry approaches and never passes, below every capture's and killer's rank.
const HISTORY_BOUND: i32 = 16_384;

/// One thread's killers and history.
pub(super) struct Histories {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Histories {
    /// Empty tables, with killers for every ply and for quiescence's (`MAX_PLY + 1`).
    pub(super) fn new() -> Histories {
        Histories { killers: vec![[None; 2]; MAX_PLY + 2], history: vec![0; 2 * MAX_ROLES * MAX_LAYERS * MAX_CELLS] }
    }

    /// The killers of a ply, the latest first.
    #[inline]
    pub(super) fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    /// A quiet move's history score.
    #[inline]
    pub(super) fn history<W: Word>(&self, pos: &Position<W>, mv: Move) -> i32 {
        self.history[Self::index(pos, mv)]
    }

    fn index<W: Word>(pos: &Position<W>, mv: Move) -> usize {
        let role = pos.piece_at(mv.from()).role().index();
        (pos.side().index() * MAX_ROLES + role) * MAX_LAYERS * MAX_CELLS + mv.to().index()
    }

    /// A quiet move caused a cutoff after `before` were tried: make it a killer, raise its
    /// history and lower the history of the quiet moves tried before it (when there were any
    /// besides it: `tried` counts it).
    pub(super) fn reward_quiet<W: Word>(
        &mut self,
        pos: &Position<W>,
        before: &[(i32, Move)],
        mv: Move,
        depth: i32,
        ply: usize,
        tried: usize,
    ) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply] = [Some(mv), self.killers[ply][0]];
        }
        let bonus = (HISTORY_BONUS_PER_DEPTH_SQUARED * depth * depth).min(HISTORY_BONUS_CAP);
        let mut adjust = |index: usize, by: i32| {
            let h = &mut self.history[index];
            // Bounded, so history never outranks a capture or a killer.
            *h += by - *h * by.abs() / HISTORY_BOUND;
        };
        adjust(Self::index(pos, mv), bonus);
        if tried > 1 {
            for other in before.iter().map(|&(_, m)| m).filter(|m| m.is_quiet()) {
                adjust(Self::index(pos, other), -bonus);
            }
        }
    }
}
