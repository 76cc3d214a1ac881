//! Search: iterative deepening, principal-variation alpha-beta, quiescence over captures and
//! promotions, a transposition table, and each family's game ends as scores.
//!
//! Single-threaded so far; the parallel search and time management are still to come.

pub mod tt;

use std::time::{Duration, Instant};

use crate::eval::{evaluate, Values};
use crate::movegen::{legal, Move};
use crate::position::Position;
use crate::rules::outcome::Reason;
use crate::rules::{Outcome, Rules};
use tt::{Bound, Tt};

/// A score above this is a won game (a mate or a king capture), counted in plies from the root.
pub const MATE: i32 = 30_000;
const INFINITY: i32 = 32_000;
const MAX_PLY: usize = 128;

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this long.
    pub movetime: Option<Duration>,
}

/// What one finished iteration found.
#[derive(Clone, Debug)]
pub struct Info {
    /// The iteration's depth.
    pub depth: u32,
    /// The score for the side to move, in centipawns or mate distance (see [`MATE`]).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
}

impl Info {
    /// The score as UCI writes it: `cp N` or `mate N` (in moves, negative when losing).
    pub fn score_text(&self) -> String {
        if self.score.abs() > MATE - MAX_PLY as i32 {
            let plies = MATE - self.score.abs();
            let moves = (plies + 1) / 2;
            format!("mate {}", if self.score > 0 { moves } else { -moves })
        } else {
            format!("cp {}", self.score)
        }
    }
}

/// One search's state.
struct Searcher<'a, R: Rules> {
    rules: &'a R,
    values: Values,
    tt: &'a mut Tt,
    limits: &'a Limits,
    start: Instant,
    nodes: u64,
    stopped: bool,
    killers: Vec<[Option<Move>; 2]>,
}

/// Searches `pos` within `limits`, calling `on_info` after every finished iteration; returns the
/// last finished iteration, or `None` when the side to move has no move or the game is over.
pub fn search<R: Rules>(
    rules: &R,
    pos: &mut Position,
    values: Values,
    limits: &Limits,
    tt: &mut Tt,
    mut on_info: impl FnMut(&Info),
) -> Option<Info> {
    tt.new_search();
    let mut s = Searcher {
        rules,
        values,
        tt,
        limits,
        start: Instant::now(),
        nodes: 0,
        stopped: false,
        killers: vec![[None; 2]; MAX_PLY + 1],
    };
    let mut root = Vec::new();
    legal(rules, pos, &mut root);
    if root.is_empty() || crate::rules::outcome::ended_statically(rules, pos).is_some() {
        return None;
    }
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).min(MAX_PLY as u32 - 1);
    let mut last: Option<Info> = None;
    for depth in 1..=max_depth {
        let score = s.negamax(pos, depth as i32, 0, -INFINITY, INFINITY);
        if s.stopped && last.is_some() {
            break;
        }
        let info = Info { depth, score, nodes: s.nodes, time: s.start.elapsed(), pv: s.principal_variation(pos) };
        on_info(&info);
        last = Some(info);
        if s.stopped || score.abs() > MATE - depth as i32 {
            break;
        }
    }
    last
}

impl<R: Rules> Searcher<'_, R> {
    fn out_of_budget(&self) -> bool {
        self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || self.limits.movetime.is_some_and(|t| self.start.elapsed() >= t)
    }

    /// A finished game as a score for the side to move: wins sooner and losses later are better.
    fn outcome_score(pos: &Position, outcome: Outcome, ply: usize) -> i32 {
        match outcome.winner {
            None => 0,
            Some(w) if w == pos.side() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The game's end at an inner node, if it has ended by a rule that needs no move list.
    fn terminal(&self, pos: &Position, ply: usize) -> Option<i32> {
        if let Some(o) = self.rules.ended(pos) {
            return Some(Self::outcome_score(pos, o, ply));
        }
        // One repetition inside the search is enough to call it.
        let reason = if pos.halfmove() >= 100 {
            Reason::FiftyMoves
        } else if pos.repetitions() >= 2 {
            Reason::Repetition
        } else {
            return None;
        };
        Some(Self::outcome_score(pos, self.rules.drawn(pos, reason), ply))
    }

    fn negamax(&mut self, pos: &mut Position, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.out_of_budget() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if ply > 0 {
            if let Some(score) = self.terminal(pos, ply) {
                return score;
            }
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, ply, alpha, beta);
        }
        let key = pos.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry.filter(|e| ply > 0 && e.depth >= depth) {
            let score = from_tt(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }
        let mut moves = Vec::new();
        legal(self.rules, pos, &mut moves);
        if moves.is_empty() {
            return Self::outcome_score(pos, self.rules.no_moves(pos), ply);
        }
        self.order(pos, &mut moves, entry.and_then(|e| e.mv), ply);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            pos.make(mv);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(pos, depth - 1, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            pos.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if mv.capture.is_none() && self.killers[ply][0] != Some(mv) {
                            self.killers[ply] = [Some(mv), self.killers[ply][0]];
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// Captures and promotions only, from a standing evaluation.
    fn quiesce(&mut self, pos: &mut Position, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let stand = evaluate(pos, &self.values);
        if stand >= beta || ply >= MAX_PLY {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = Vec::new();
        legal(self.rules, pos, &mut moves);
        moves.retain(|m| m.capture.is_some() || m.promotion.is_some());
        self.order(pos, &mut moves, None, ply);
        for mv in moves {
            pos.make(mv);
            let score = match self.terminal(pos, ply + 1) {
                Some(end) => -end,
                None => -self.quiesce(pos, ply + 1, -beta, -alpha),
            };
            pos.unmake();
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// The table's move first, then captures by most valuable victim and least valuable
    /// attacker, then killers, then the rest.
    fn order(&self, pos: &Position, moves: &mut [Move], tt_move: Option<Move>, ply: usize) {
        let value = |sq| self.values.0[pos.piece_at(sq).role() as usize];
        let killers = self.killers[ply.min(MAX_PLY)];
        moves.sort_by_cached_key(|&m| {
            if Some(m) == tt_move {
                return i32::MIN;
            }
            let capture = m.capture.map_or(0, |c| 16 * value(c) - value(m.from) / 16 + 1_000_000);
            let promotion = m.promotion.map_or(0, |r| self.values.0[r as usize]);
            let killer = if killers.contains(&Some(m)) { 500_000 } else { 0 };
            -(capture + promotion + killer)
        });
    }

    /// The best line, read from the table.
    fn principal_variation(&self, pos: &mut Position) -> Vec<Move> {
        let mut pv = Vec::new();
        while pv.len() < 32 {
            let Some(mv) = self.tt.probe(pos.hash()).and_then(|e| e.mv) else { break };
            let mut moves = Vec::new();
            legal(self.rules, pos, &mut moves);
            if !moves.contains(&mv) {
                break;
            }
            pos.make(mv);
            pv.push(mv);
            if pos.repetitions() >= 2 {
                break;
            }
        }
        for _ in 0..pv.len() {
            pos.unmake();
        }
        pv
    }
}

/// A score as stored: mate distances counted from the stored position.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score < -(MATE - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score as seen from `ply` plies below the root.
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score < -(MATE - MAX_PLY as i32) {
        score + ply as i32
    } else {
        score
    }
}
