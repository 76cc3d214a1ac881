//! Lazy SMP: every thread runs its own iterative deepening on its own copy of the position, all
//! sharing the transposition table; half the helpers search one ply deeper so that the threads
//! spread over depths. The main thread watches the limits, reports, and decides the move.

use crate::geometry::Word;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::alphabeta::Worker;
use super::params::SearchParams;
use super::{Info, Limits, Shared, Team, MATE, MAX_PLY};
use crate::eval::Eval;
use crate::movegen::ended_statically;
use crate::movegen::legal;
use crate::position::Position;

/// Searches `pos` within `limits` on `shared.threads()` threads, calling `on_info` for every
/// iteration the main thread finishes or takes over, deeper, from a helper; returns the deepest
/// one, or `None` when the game is over.
/// With one thread the result depends only on the position, the limits and the table's state.
pub fn search<W: Word, R: SearchParams<W>>(
    rules: &R,
    pos: &Position<W>,
    eval: &Eval<W>,
    limits: &Limits,
    shared: &Shared,
    mut on_info: impl FnMut(&Info),
) -> Option<Info> {
    let start = Instant::now();
    shared.tt.new_search();
    shared.nodes.store(0, Ordering::Relaxed);
    let mut root = pos.clone();
    let mut moves = Vec::new();
    legal(rules, &mut root, &mut moves);
    if moves.is_empty() || ended_statically(rules, &root).is_some() {
        return None;
    }
    // UCI's `searchmoves` leaves the others out: there are no more lines than moves searched.
    let searchable = moves.iter().filter(|m| !limits.excluded.contains(m)).count();
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1) as i32;
    let team = Team { finished: AtomicBool::new(false), deepest: AtomicU32::new(0), best: Mutex::new(None) };
    std::thread::scope(|scope| {
        for helper in 1..shared.threads() {
            // Each thread evaluates with its own copy: the evaluation caches pawn structures.
            let (team, mut copy, eval) = (&team, pos.clone(), eval.clone());
            // A helper the system cannot start is done without: the search goes on with fewer.
            let started = std::thread::Builder::new().spawn_scoped(scope, move || {
                let mut worker = Worker::new(rules, &eval, shared, team, limits, start, false);
                let mut previous = None;
                let mut depth = 1 + (helper % 2) as i32;
                while depth <= max_depth {
                    let Some(info) = worker.iterate(&mut copy, depth, previous) else { break };
                    previous = Some(info.score);
                    team.publish(info);
                    depth = (depth + 1).max(team.deepest.load(Ordering::Relaxed) as i32 + 1);
                }
                worker.publish();
            });
            if started.is_err() {
                break;
            }
        }
        let mut worker = Worker::new(rules, eval, shared, &team, limits, start, true);
        let mut last: Option<Info> = None;
        let mut depth = 1;
        while depth <= max_depth {
            let info = match worker.iterate(&mut root, depth, last.as_ref().map(|i| i.score)) {
                Some(info) => info,
                None => match team.deeper_than(last.as_ref().map_or(0, |i| i.depth)) {
                    Some(info) if !worker.stopped_for_good() => info,
                    _ => break,
                },
            };
            depth = info.depth as i32 + 1;
            on_info(&info);
            // The next best lines, each searched with the better ones' first moves left out.
            if limits.lines > 1 {
                worker.lines_found.push(info.pv[0]);
                while worker.lines_found.len() < limits.lines.min(searchable) {
                    let Some(line) = worker.iterate(&mut root, info.depth as i32, None) else { break };
                    let Some(&first) = line.pv.first() else { break };
                    on_info(&line);
                    worker.lines_found.push(first);
                }
                worker.lines_found.clear();
            }
            let mate_found = info.score.abs() > MATE - info.depth as i32;
            last = Some(info);
            if mate_found || worker.past_soft_limit() {
                break;
            }
        }
        // Infinite analysis and pondering end only when the GUI says so.
        while (limits.infinite || shared.pondering.load(Ordering::Relaxed)) && !shared.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        team.finished.store(true, Ordering::Relaxed);
        worker.publish();
        // The deepest finished iteration of any thread decides.
        if let Some(deeper) = team.deeper_than(last.as_ref().map_or(0, |i| i.depth)) {
            last = Some(deeper);
        }
        // Stopped before the first iteration ended: the first legal move.
        last.or_else(|| {
            Some(Info {
                depth: 0,
                seldepth: 0,
                score: 0,
                nodes: worker.total_nodes(),
                time: start.elapsed(),
                pv: vec![moves.iter().find(|m| !limits.excluded.contains(m)).copied().unwrap_or(moves[0])],
                line: 1,
            })
        })
    })
}
