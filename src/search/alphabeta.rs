//! One thread's alpha-beta search: principal-variation search with null move, futility,
//! late-move, exchange and mate-distance pruning, late-move and internal iterative reductions,
//! check extensions, a static evaluation corrected by what searches found, and quiescence over
//! the captures the exchange does not lose. Which of these a family uses, and why, is in
//! `search::params`; late-move reductions are used everywhere: a reduced move that turns out
//! good is searched again at full depth, so they only cost time, never correctness.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::correction::Correction;
use super::correction::Entries;
use super::eval_cache::EvalCache;
use super::exchange;
use super::history::Histories;
use super::ordering::{loses_by_exchange, order, pick, Ranked, SELECTED_MOVES};
use super::params::*;
use super::time::Budget;
use super::tt::{from_tt, to_tt, Bound, Entry, PackedMove};
use super::{Info, Limits, Shared, Team, MATE, MAX_PLY};
use crate::eval::{Eval, Incremental};
use crate::geometry::Word;
use crate::movegen::{
    in_check, legal_with, legality_unplayed, make_if_legal, may_give_check, pseudo_legal_knowing_check,
    pseudo_legal_tactical, Legality, Move,
};
use crate::pieces::Role;
use crate::position::Position;
use crate::rules::outcome::Reason;
use crate::rules::Outcome;

/// Beyond every score.
pub(super) const INFINITY: i32 = 32_000;
/// Nodes between looks at the clock and the stop signal.
const CHECK_EVERY: u64 = 1024;

/// How the search came to a node, and what the node's parent knows of it already.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Reached {
    /// The root of the search.
    Root,
    /// By a pass (null move), after which the side to move may not pass again.
    Pass,
    /// By a move, which the parent has tested for check (it needs that for its own choices).
    Move {
        /// Whether the side to move is in check.
        checked: bool,
    },
}

/// A node's static evaluation, as [`Worker::standing`] works it out.
struct Standing {
    /// The corrected evaluation, bounded by the table's score, where the node prunes by it.
    stand: Option<i32>,
    /// Whether the side to move stands better than two plies ago (or nothing says otherwise).
    improving: bool,
    /// The correction's entries with the evaluation before and after it, where the node corrects it.
    correction: Option<(Entries, i32, i32)>,
}

/// The table's score where its bound decides the node without a search.
fn cutoff(entry: Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(entry.score, ply);
    let cut = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    cut.then_some(score)
}

/// Whether a result means the game is won or lost within the search horizon.
fn is_mate(score: i32) -> bool {
    score.abs() > MATE - MAX_PLY as i32
}

/// One thread's search state.
pub(super) struct Worker<'a, W: Word, R: SearchParams<W>> {
    rules: &'a R,
    eval: &'a Eval<W>,
    shared: &'a Shared,
    /// What the threads of this search share beyond the table.
    team: &'a Team,
    /// The depth of the iteration under way.
    iteration: u32,
    limits: &'a Limits,
    budget: Option<Budget>,
    start: Instant,
    main: bool,
    nodes: u64,
    /// This thread's node count at which it next looks at the clock, the limits and the signals.
    next_poll: u64,
    unpublished: u64,
    seldepth: usize,
    pub(super) stopped: bool,
    histories: Histories,
    /// The evaluation's running sums along the line being searched.
    incremental: Incremental,
    /// The static evaluations of positions this thread has evaluated in this search.
    evals: EvalCache,
    /// Each ply's static evaluation, where the node worked it out (for "improving").
    static_evals: Vec<Option<i32>>,
    pv: Vec<Vec<Move>>,
    /// Each ply's moves, as generated.
    generated: Vec<Vec<Move>>,
    /// Each ply's moves with their ordering keys.
    ranked: Vec<Vec<Ranked>>,
    /// Root moves left out of this iteration's search beyond the limits' own: the first moves
    /// of the lines already found when several are asked for (MultiPV).
    pub(super) lines_found: Vec<Move>,
}

impl<'a, W: Word, R: SearchParams<W>> Worker<'a, W, R> {
    /// A worker; the main one watches the limits, the others only the stop signals.
    pub(super) fn new(
        rules: &'a R,
        eval: &'a Eval<W>,
        shared: &'a Shared,
        team: &'a Team,
        limits: &'a Limits,
        start: Instant,
        main: bool,
    ) -> Self {
        Worker {
            rules,
            eval,
            shared,
            team,
            iteration: 0,
            limits,
            budget: limits.budget(),
            start,
            main,
            nodes: 0,
            next_poll: CHECK_EVERY,
            unpublished: 0,
            seldepth: 0,
            stopped: false,
            histories: Histories::new(),
            incremental: Incremental::default(),
            evals: if R::EVAL_CACHE { EvalCache::new() } else { EvalCache::none() },
            static_evals: vec![None; MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            generated: vec![Vec::new(); MAX_PLY + 2],
            ranked: vec![Vec::new(); MAX_PLY + 2],
            lines_found: Vec::new(),
        }
    }

    /// Nodes of all threads so far.
    pub(super) fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + self.unpublished
    }

    /// Adds this thread's uncounted nodes to the shared count.
    pub(super) fn publish(&mut self) {
        self.shared.nodes.fetch_add(self.unpublished, Ordering::Relaxed);
        self.unpublished = 0;
    }

    /// Whether time says not to start another iteration.
    pub(super) fn past_soft_limit(&self) -> bool {
        let pondering = self.shared.pondering.load(Ordering::Relaxed);
        // An iteration takes about as long as all before it together; starting one up to 3/5 of the
        // share in lets the clock run over it a little, within the hard limit.
        !pondering && self.budget.is_some_and(|b| self.start.elapsed() * 5 >= b.soft * 3)
    }

    /// Whether the search as a whole must end: a stop signal, or (main thread) a limit reached.
    pub(super) fn stopped_for_good(&self) -> bool {
        if self.shared.stop.load(Ordering::Relaxed) || self.team.finished.load(Ordering::Relaxed) {
            return true;
        }
        if !self.main {
            return false;
        }
        let pondering = self.shared.pondering.load(Ordering::Relaxed);
        let out_of_time = !pondering && self.budget.is_some_and(|b| self.start.elapsed() >= b.hard);
        // A node limit lets the first iteration finish: a move chosen at depth 1 beats the first legal one.
        let nodes_spent = self.iteration > 1 && self.limits.nodes.is_some_and(|n| self.total_nodes() >= n);
        out_of_time || nodes_spent
    }

    fn poll(&mut self) {
        self.publish();
        // A node limit is met exactly (with one thread): the next look comes at the latest at the
        // node that reaches it.
        let until_limit = match self.limits.nodes {
            Some(limit) if self.main => limit.saturating_sub(self.total_nodes()).max(1),
            _ => CHECK_EVERY,
        };
        self.next_poll = self.nodes + until_limit.min(CHECK_EVERY);
        // The main thread also gives up an iteration that a helper has finished already, but
        // not the search of a further best line, which only it makes.
        let overtaken =
            self.main && self.lines_found.is_empty() && self.team.deepest.load(Ordering::Relaxed) >= self.iteration;
        if overtaken || self.stopped_for_good() {
            self.stopped = true;
        }
    }

    /// The position's static evaluation, from the cache where this thread has worked it out before.
    #[inline]
    fn static_eval(&mut self, pos: &Position<W>) -> i32 {
        let (rules, eval, features) = (self.rules, self.eval, self.incremental.features());
        if !R::EVAL_CACHE {
            return rules.evaluate(pos, eval, features);
        }
        self.evals.get_or(pos.search_key::<R>(), || rules.evaluate(pos, eval, features))
    }

    fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.unpublished += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.nodes >= self.next_poll {
            self.poll();
        }
    }

    /// One iteration at `depth` around the previous score; `None` when stopped.
    pub(super) fn iterate(&mut self, pos: &mut Position<W>, depth: i32, previous: Option<i32>) -> Option<Info> {
        self.incremental = Incremental::for_search(self.eval, pos, self.rules.reads_sums(self.eval));
        self.seldepth = 0;
        self.iteration = depth as u32;
        self.stopped = false;
        self.poll();
        if self.stopped {
            return None;
        }
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = match previous {
            Some(p) if depth >= ASPIRATION_DEPTH && !is_mate(p) => (p - delta, p + delta),
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let score = self.negamax(pos, depth, 0, alpha, beta, Reached::Root);
            if self.stopped {
                return None;
            }
            if score <= alpha && alpha > -INFINITY {
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = (score + delta).min(INFINITY);
            } else {
                return Some(Info {
                    depth: depth as u32,
                    seldepth: self.seldepth as u32,
                    score,
                    nodes: self.total_nodes(),
                    time: self.start.elapsed(),
                    pv: self.pv[0].clone(),
                    line: self.lines_found.len() as u32 + 1,
                });
            }
            delta *= 2;
        }
    }

    /// A finished game as a score for the side to move: wins sooner and losses later are better.
    fn outcome_score(pos: &Position<W>, outcome: Outcome, ply: usize) -> i32 {
        match outcome.winner {
            None => 0,
            Some(w) if w == pos.side() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The game's end at an inner node, if it has ended by a rule that needs no move list.
    fn terminal(&self, pos: &Position<W>, ply: usize) -> Option<i32> {
        if let Some(o) = self.rules.ended(pos) {
            return Some(Self::outcome_score(pos, o, ply));
        }
        // One repetition inside the search is enough to call it.
        let reason = if pos.halfmove() >= 100 {
            Reason::FiftyMoves
        } else if pos.repeated() {
            Reason::Repetition
        } else {
            return None;
        };
        Some(Self::outcome_score(pos, self.rules.drawn(pos, reason), ply))
    }

    /// Whether the side to move has a piece other than pawns and kings (null move is unsafe
    /// without one: zugzwang).
    fn has_pieces(&self, pos: &Position<W>) -> bool {
        let g = &pos.variant().geometry();
        Role::up_to(self.eval.values.len())
            .filter(|&r| self.eval.is_piece(r))
            .any(|r| g.all_layers().any(|l| pos.pieces(pos.side(), r, l).any()))
    }

    fn negamax(
        &mut self,
        pos: &mut Position<W>,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        reached: Reached,
    ) -> i32 {
        self.pv[ply].clear();
        if ply > 0 {
            if let Some(score) = self.terminal(pos, ply) {
                self.count_node(ply);
                return score;
            }
        }
        if ply >= MAX_PLY - 1 {
            self.count_node(ply);
            return self.static_eval(pos);
        }
        let checked = match reached {
            Reached::Move { checked } => checked,
            Reached::Root | Reached::Pass => in_check(self.rules, pos, pos.side()),
        };
        let null_ok = reached != Reached::Pass;
        let depth = if checked { depth + 1 } else { depth };
        if depth <= 0 {
            // Counted there: a position is one node however many searches look at it.
            return self.quiesce_knowing_check(pos, ply, alpha, beta, checked);
        }
        self.count_node(ply);
        if self.stopped {
            return 0;
        }
        // Mate distance pruning: no line from here can beat a mate found nearer the root.
        let beta = if ply > 0 {
            alpha = alpha.max(-(MATE - ply as i32));
            beta.min(MATE - ply as i32 - 1)
        } else {
            beta
        };
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = pos.search_key::<R>();
        let entry = self.shared.tt.probe(key);
        if let Some(score) =
            entry.filter(|e| ply > 0 && !pv_node && e.depth >= depth).and_then(|e| cutoff(e, ply, alpha, beta))
        {
            return score;
        }
        let tt_move = entry.map_or(PackedMove::NONE, |e| e.mv);
        let depth = if depth >= IIR_DEPTH && !tt_move.is_some() { depth - 1 } else { depth };

        // The shallow prunings trust the static evaluation as null move does: only where check exists.
        let prunable = R::NULL_MOVE && !pv_node && !checked && (depth <= FUTILE_DEPTH || null_ok);
        let standing = self.standing(pos, ply, prunable, checked, entry);
        let stand = standing.stand;
        // Late-move pruning, where the static evaluation is trusted (as futility is).
        let late_moves = stand.filter(|_| depth <= LATE_MOVE_DEPTH).map(|_| late_move_count(depth, standing.improving));
        if let Some(stand) = stand {
            if let Some(score) = self.prune_before_moves(pos, depth, ply, alpha, beta, stand, null_ok) {
                return score;
            }
        }

        // The pins are worked out only for nodes that get this far.
        let legality = Legality::knowing_check(self.rules, pos, checked);
        let moves = self.generate(pos, ply, checked, &legality);
        let mut ranked = std::mem::take(&mut self.ranked[ply]);
        order(self.rules, pos, &self.eval.values, &moves, &mut ranked, tt_move, &self.histories, ply);
        self.generated[ply] = moves;
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried = 0;
        // How many legal moves came up before this one (the move number that reductions use).
        let mut legal_before = 0;
        // Futility: quiet moves that cannot raise the score to alpha in the last plies.
        let futile = stand.is_some_and(|s| depth <= 2 && !is_mate(alpha) && s + FUTILITY_MARGIN * depth <= alpha);
        // What a quiet move needs to give check, worked out once a quiet move comes up.
        let mut threats = None;
        for picked in 0..ranked.len() {
            let mv = pick(&mut ranked, picked);
            // In the sorted tail the next move is known: its child's slot loads during this search.
            if let Some(&(_, next)) = ranked.get(picked + 1).filter(|_| picked >= SELECTED_MOVES) {
                if let Some(key) = pos.search_key_after::<R>(next) {
                    self.shared.tt.prefetch(key);
                }
            }
            let quiet = mv.is_quiet();
            let killer = self.histories.killers(ply).contains(&Some(mv));
            // Whether a move has kept the node from a loss, after which the prunings may drop moves.
            let saved = best > -(MATE - MAX_PLY as i32);
            let prunable = futile && legal_before > 0 && quiet && !killer;
            // A quiet move the threats rule out gives no check: no attack test once it is played.
            let no_check = quiet && {
                let threats = threats.get_or_insert_with(|| self.rules.check_threats(pos));
                threats.as_ref().is_some_and(|t| !may_give_check(pos, t, mv))
            };
            // Late-move pruning drops a late quiet move that cannot give check, once a move has
            // kept the node from a loss.
            let late = quiet && !killer && late_moves.is_some_and(|n| legal_before >= n) && saved;
            if late && no_check {
                continue;
            }
            // A move that loses material by the exchange is dropped at the last plies, once a
            // move has kept the node from a loss.
            if R::EXCHANGE_PRUNING && ply > 0 && !checked && depth <= EXCHANGE_DEPTH && saved {
                let margin = if quiet {
                    no_check.then_some(QUIET_LOSS_MARGIN * depth * depth)
                } else {
                    loses_by_exchange(ranked[picked].0).then_some(CAPTURE_LOSS_MARGIN * depth)
                };
                if margin.is_some_and(|m| !exchange::wins_at_least(self.rules, pos, &self.eval.values, mv, -m)) {
                    continue;
                }
            }
            // A futile move that cannot give check is dropped unplayed once its legality is known
            // (it still counts as a legal move of the node).
            if prunable && no_check {
                if let Some(legal) = legality_unplayed(self.rules, pos, &legality, mv) {
                    legal_before += legal as usize;
                    continue;
                }
            }
            // The root's list holds only legal moves already.
            if ply == 0 {
                pos.make_with(self.rules, mv);
            } else if !make_if_legal(self.rules, pos, &legality, mv) {
                continue;
            }
            // The child probes the table after the check test; its slot loads meanwhile.
            self.shared.tt.prefetch(pos.search_key::<R>());
            let i = legal_before;
            legal_before += 1;
            // Tested once here for futility, reductions and the child itself.
            let gives_check = !no_check && in_check(self.rules, pos, pos.side());
            if prunable && !gives_check {
                pos.unmake();
                continue;
            }
            self.incremental.push(self.eval, pos);
            let child = Reached::Move { checked: gives_check };
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, child)
            } else {
                let mut r = 0;
                if depth >= 3 && i >= 3 && quiet && !checked && !killer && !gives_check {
                    r = (reduction(R::DEEPER_REDUCTIONS, depth, i) - pv_node as i32).clamp(0, depth - 2);
                }
                let mut score = -self.negamax(pos, depth - 1 - r, ply + 1, -alpha - 1, -alpha, child);
                if score > alpha && r > 0 {
                    score = -self.negamax(pos, depth - 1, ply + 1, -alpha - 1, -alpha, child);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, child);
                }
                score
            };
            pos.unmake();
            self.incremental.pop();
            if self.stopped {
                self.ranked[ply] = ranked;
                return 0;
            }
            quiets_tried += quiet as usize;
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.extend_pv(ply, mv);
                    if alpha >= beta {
                        if quiet {
                            self.histories.reward_quiet(pos, &ranked[..picked], mv, depth, ply, quiets_tried);
                        }
                        break;
                    }
                }
            }
        }
        self.ranked[ply] = ranked;
        if legal_before == 0 {
            return Self::outcome_score(pos, self.rules.no_moves(pos), ply);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.learn_correction(&standing, best, best_move, bound, depth);
        let packed = best_move.filter(|_| bound != Bound::Upper).map_or(PackedMove::NONE, PackedMove::new);
        self.shared.tt.store(key, packed, to_tt(best, ply), depth, bound);
        best
    }

    /// The node's static evaluation, corrected, where it corrects it or prunes by it, and the
    /// table's score where its bound puts it nearer the truth.
    fn standing(
        &mut self,
        pos: &Position<W>,
        ply: usize,
        prunable: bool,
        checked: bool,
        entry: Option<Entry>,
    ) -> Standing {
        let uncorrected = (prunable || R::CORRECTION_HISTORY && !checked).then(|| self.static_eval(pos));
        let correction = uncorrected.filter(|_| R::CORRECTION_HISTORY).map(|_| Correction::entries(pos));
        let corrected = uncorrected.map(|s| correction.map_or(s, |f| s + self.shared.correction.get(f)));
        let raw_stand = corrected.filter(|_| prunable);
        self.static_evals[ply] = raw_stand;
        let improving = match (raw_stand, ply.checked_sub(2).and_then(|p| self.static_evals[p])) {
            (Some(now), Some(before)) => now > before,
            _ => true,
        };
        let stand = raw_stand.map(|s| match entry.filter(|e| !is_mate(e.score)) {
            Some(e) => match e.bound {
                Bound::Exact => e.score,
                Bound::Lower => s.max(e.score),
                Bound::Upper => s.min(e.score),
            },
            None => s,
        });
        let correction = match (correction, uncorrected, corrected) {
            (Some(entries), Some(uncorrected), Some(corrected)) => Some((entries, uncorrected, corrected)),
            _ => None,
        };
        Standing { stand, improving, correction }
    }

    /// The prunings by the static evaluation before any move: reverse futility, razoring and
    /// null move. The node's score where one of them ends it.
    #[allow(clippy::too_many_arguments)]
    fn prune_before_moves(
        &mut self,
        pos: &mut Position<W>,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        stand: i32,
        null_ok: bool,
    ) -> Option<i32> {
        // Reverse futility: so far above beta that no reply in the last plies will bring it back.
        if depth <= FUTILE_DEPTH && !is_mate(beta) && stand - FUTILITY_MARGIN * depth >= beta {
            return Some(stand);
        }
        // Razoring: so far below alpha that only a capture could bring it back, which
        // quiescence answers without the node's quiet moves.
        if R::RAZORING && depth <= RAZOR_DEPTH && !is_mate(alpha) && stand + RAZOR_BASE + RAZOR_MARGIN * depth <= alpha
        {
            let score = self.quiesce_counted(pos, ply, alpha, alpha + 1, false);
            if score <= alpha {
                return Some(score);
            }
        }
        if null_ok && depth >= 3 && !is_mate(beta) && self.has_pieces(pos) && stand >= beta {
            let r = R::NULL_MOVE_REDUCTION + depth / 6;
            let undo = pos.make_null();
            let score = -self.negamax(pos, depth - 1 - r, ply + 1, -beta, -beta + 1, Reached::Pass);
            pos.unmake_null(undo);
            if self.stopped {
                return Some(0);
            }
            if score >= beta {
                return Some(if is_mate(score) { beta } else { score });
            }
        }
        None
    }

    /// The node's moves: at the root the legal ones the limits and the lines found leave;
    /// elsewhere the pseudo-legal ones, whose legality is tested as each comes up (most nodes
    /// cut off after a few moves).
    fn generate(&mut self, pos: &mut Position<W>, ply: usize, checked: bool, legality: &Legality<W>) -> Vec<Move> {
        let mut moves = std::mem::take(&mut self.generated[ply]);
        moves.clear();
        if ply == 0 {
            legal_with(self.rules, pos, legality, false, &mut moves);
            if moves.iter().any(|m| !self.limits.excluded.contains(m)) {
                moves.retain(|m| !self.limits.excluded.contains(m));
            }
            if !self.lines_found.is_empty() {
                moves.retain(|m| !self.lines_found.contains(m));
            }
        } else {
            pseudo_legal_knowing_check(self.rules, pos, checked, &mut moves);
        }
        moves
    }

    /// A move raised alpha: the node's line becomes it and its child's line.
    fn extend_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// What the search found is a correction of the static evaluation only where its bound
    /// says the truth lies beyond it on that side, and not where a capture decided it (the
    /// evaluation of a formation says nothing of material about to change hands).
    fn learn_correction(&self, standing: &Standing, best: i32, best_move: Option<Move>, bound: Bound, depth: i32) {
        let Some((entries, uncorrected, corrected)) = standing.correction else { return };
        let decided_by_capture = bound != Bound::Upper && best_move.is_some_and(|m| !m.is_quiet());
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best > corrected,
            Bound::Upper => best < corrected,
        };
        if informative && !decided_by_capture && !is_mate(best) {
            self.shared.correction.update(entries, best - uncorrected, depth);
        }
    }

    /// Captures and promotions from a standing evaluation; every move when in check.
    fn quiesce(&mut self, pos: &mut Position<W>, ply: usize, alpha: i32, beta: i32) -> i32 {
        let checked = in_check(self.rules, pos, pos.side());
        self.quiesce_knowing_check(pos, ply, alpha, beta, checked)
    }

    /// Quiescence where whether the side to move is in check is known already.
    fn quiesce_knowing_check(
        &mut self,
        pos: &mut Position<W>,
        ply: usize,
        alpha: i32,
        beta: i32,
        checked: bool,
    ) -> i32 {
        self.count_node(ply);
        self.quiesce_counted(pos, ply, alpha, beta, checked)
    }

    /// [`Self::quiesce_knowing_check`] at a node counted already (razoring asks it of its own node).
    fn quiesce_counted(&mut self, pos: &mut Position<W>, ply: usize, mut alpha: i32, beta: i32, checked: bool) -> i32 {
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos);
        }
        let mut best = -INFINITY;
        if !checked {
            best = self.static_eval(pos);
            if R::CORRECTION_HISTORY {
                best += self.shared.correction.get(Correction::entries(pos));
            }
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        // Legality is tested only for the moves searched: most nodes cut off early.
        let mut moves = std::mem::take(&mut self.generated[ply]);
        moves.clear();
        if checked {
            pseudo_legal_knowing_check(self.rules, pos, true, &mut moves);
        } else {
            pseudo_legal_tactical(self.rules, pos, &mut moves);
        }
        let mut ranked = std::mem::take(&mut self.ranked[ply]);
        order(self.rules, pos, &self.eval.values, &moves, &mut ranked, PackedMove::NONE, &self.histories, MAX_PLY + 1);
        self.generated[ply] = moves;
        if ranked.is_empty() {
            self.ranked[ply] = ranked;
            return if checked { Self::outcome_score(pos, self.rules.no_moves(pos), ply) } else { best };
        }
        // Worked out when a move gets past delta pruning: sometimes none does.
        let mut legality = None;
        let mut any_legal = false;
        for picked in 0..ranked.len() {
            let mv = pick(&mut ranked, picked);
            // A capture that loses material by the exchange on its cell cannot raise the standing score.
            if !checked && loses_by_exchange(ranked[picked].0) {
                continue;
            }
            // Delta pruning: a capture that cannot lift the score to alpha even with a margin.
            if R::DELTA_PRUNING && !checked {
                let values = &self.eval.values;
                let victim = mv.capture().map_or(0, |c| values[pos.piece_at(c).role().index()]);
                let promotion = mv.promotion().map_or(0, |r| values[r.index()]);
                if best + victim + promotion + DELTA_MARGIN <= alpha {
                    continue;
                }
            }
            let legality = legality.get_or_insert_with(|| Legality::knowing_check(self.rules, pos, checked));
            if !make_if_legal(self.rules, pos, legality, mv) {
                continue;
            }
            self.incremental.push(self.eval, pos);
            any_legal = true;
            let score = match self.terminal(pos, ply + 1) {
                Some(end) => -end,
                None => -self.quiesce(pos, ply + 1, -beta, -alpha),
            };
            pos.unmake();
            self.incremental.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score >= beta {
                    break;
                }
                alpha = alpha.max(score);
            }
        }
        self.ranked[ply] = ranked;
        if checked && !any_legal && !self.stopped {
            return Self::outcome_score(pos, self.rules.no_moves(pos), ply);
        }
        best
    }
}
