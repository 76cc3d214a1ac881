//! Lazy SMP: every thread runs its own iterative deepening on its own copy of the position, all
//! sharing the transposition table; half the helpers search one ply deeper so that the threads
//! spread over depths. The main thread watches the limits, reports, and decides the move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::alphabeta::Worker;
use super::{Info, Limits, Shared, MATE, MAX_PLY};
use crate::eval::{Eval, Evaluate};
use crate::movegen::legal;
use crate::position::Position;
use crate::rules::outcome::ended_statically;

/// Searches `pos` within `limits` on `shared.threads` threads, calling `on_info` after every
/// iteration the main thread finishes; returns the last one, or `None` when the game is over.
/// With one thread the result depends only on the position, the limits and the table's state.
pub fn search<R: Evaluate>(
    rules: &R,
    pos: &Position,
    eval: &Eval,
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
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1) as i32;
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for helper in 1..shared.threads {
            let (finished, mut copy) = (&finished, pos.clone());
            scope.spawn(move || {
                let mut worker = Worker::new(rules, eval, shared, finished, limits, start, false);
                let mut previous = None;
                for depth in 1..=max_depth {
                    let depth = (depth + (helper % 2) as i32).min(MAX_PLY as i32 - 1);
                    match worker.iterate(&mut copy, depth, previous) {
                        Some(info) => previous = Some(info.score),
                        None => break,
                    }
                }
                worker.publish();
            });
        }
        let mut worker = Worker::new(rules, eval, shared, &finished, limits, start, true);
        let mut last: Option<Info> = None;
        for depth in 1..=max_depth {
            let Some(info) = worker.iterate(&mut root, depth, last.as_ref().map(|i| i.score)) else { break };
            on_info(&info);
            let mate_found = info.score.abs() > MATE - depth;
            last = Some(info);
            if mate_found || worker.past_soft_limit() {
                break;
            }
        }
        // Infinite analysis and pondering end only when the GUI says so.
        while (limits.infinite || shared.pondering.load(Ordering::Relaxed)) && !shared.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        finished.store(true, Ordering::Relaxed);
        worker.publish();
        // Stopped before the first iteration ended: the first legal move in the search's order.
        last.or_else(|| {
            Some(Info {
                depth: 0,
                seldepth: 0,
                score: 0,
                nodes: worker.total_nodes(),
                time: start.elapsed(),
                pv: vec![moves[0]],
            })
        })
    })
}
