//! Move ordering: each move's rank (the table's move, captures by the static exchange and by
//! victim and attacker, killers, then quiet moves by history), and picking them best first.

use super::exchange;
use super::history::Histories;
use super::tt::PackedMove;
use crate::eval::Evaluate;
use crate::geometry::Word;
use crate::movegen::Move;
use crate::position::Position;

/// A move with its rank.
pub(super) type Ranked = (i32, Move);

/// Move ranks, best first: the table's move is `i32::MAX`; a promotion adds `PROMOTION` to the
/// rank its capture or quiet move would have; quiet moves other than killers rank by history,
/// whose bound keeps it below `BAD_CAPTURE`.
const GOOD_CAPTURE: i32 = 1_000_000;
const FIRST_KILLER: i32 = 900_000;
const SECOND_KILLER: i32 = 800_000;
/// A capture that loses material by the static exchange, ranked below the killers.
const BAD_CAPTURE: i32 = 700_000;
const PROMOTION: i32 = 2_000_000;
/// How many moves of a node are picked one by one before the rest are sorted.
pub(super) const SELECTED_MOVES: usize = 3;

/// Fills `ranked` with the moves and their ranks: the table's move first, then captures by most
/// valuable victim and least valuable attacker, then killers, then quiet moves by history.
/// The first best-ranked move is swapped to the front, as [`pick`] would.
#[allow(clippy::too_many_arguments)]
pub(super) fn order<W: Word, R: Evaluate<W>>(
    rules: &R,
    pos: &Position<W>,
    values: &[i32],
    moves: &[Move],
    ranked: &mut Vec<Ranked>,
    tt_move: PackedMove,
    histories: &Histories,
    ply: usize,
) {
    let value = |sq| values[pos.piece_at(sq).role().index()];
    let killers = histories.killers(ply);
    ranked.clear();
    let (mut best, mut best_key) = (0, i32::MIN);
    // One reservation for the whole list, where pushes would check the room move by move.
    ranked.extend(moves.iter().enumerate().map(|(i, &m)| {
        let key = if tt_move.is_some() && PackedMove::new(m) == tt_move {
            i32::MAX
        } else if let Some(c) = m.capture() {
            let wins = exchange::wins_at_least(rules, pos, values, m, 0);
            // Most valuable victim, then least valuable attacker, kept within its band.
            let within = (16 * value(c) - value(m.from()) / 16).clamp(0, 99_999);
            (if wins { GOOD_CAPTURE } else { BAD_CAPTURE }) + within
        } else if killers[0] == Some(m) {
            FIRST_KILLER
        } else if killers[1] == Some(m) {
            SECOND_KILLER
        } else {
            histories.history(pos, m)
        };
        let key = key.saturating_add(m.promotion().map_or(0, |r| PROMOTION + values[r.index()]));
        if key > best_key {
            (best, best_key) = (i, key);
        }
        (key, m)
    }));
    if !ranked.is_empty() {
        ranked.swap(0, best);
    }
}

/// Whether a move's rank says it is a capture that loses material by the static exchange.
#[inline]
pub(super) fn loses_by_exchange(rank: i32) -> bool {
    (BAD_CAPTURE..SECOND_KILLER).contains(&rank)
}

/// Brings the best-ranked of the moves from `next` on to `next` and returns it (the first is
/// there already, put by [`order`]). Most nodes cut off after a move or two, so the first moves
/// are found by selection; a node that gets past them sorts the rest at once.
#[inline]
pub(super) fn pick(ranked: &mut [Ranked], next: usize) -> Move {
    if next == SELECTED_MOVES {
        ranked[next..].sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
    } else if (1..SELECTED_MOVES).contains(&next) {
        // Only a strictly higher rank displaces: of equal ranks, the first is picked.
        let (mut best, mut best_key) = (next, ranked[next].0);
        for (i, &(key, _)) in ranked.iter().enumerate().skip(next + 1) {
            if key > best_key {
                (best, best_key) = (i, key);
            }
        }
        ranked.swap(next, best);
    }
    ranked[next].1
}
