//! Search: iterative deepening principal-variation alpha-beta with aspiration windows, null move
//! and late-move reductions where the rules allow them, quiescence, a lock-free transposition
//! table shared by lazy-SMP threads, and time management.

mod alphabeta;
pub mod correction;
mod eval_cache;
mod exchange;
mod history;
mod ordering;
pub mod params;
pub mod personality;
mod threads;
pub mod time;
pub mod tt;

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use crate::movegen::Move;
use correction::Correction;
pub use threads::search;
use time::{Budget, Clock};
use tt::{TableTooLarge, Tt};

/// A score above this is a won game (a mate or a king capture), counted in plies from the root.
pub const MATE: i32 = 30_000;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// The most search threads any interface accepts.
pub const MAX_THREADS: usize = 256;
/// The largest transposition table any interface accepts, in MB.
pub const MAX_HASH_MB: usize = 65536;

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think this long.
    pub movetime: Option<Duration>,
    /// Think by the clock.
    pub clock: Option<Clock>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Root moves not to play unless nothing else is legal (moves a GUI cannot show, or not
    /// among UCI's `searchmoves`).
    pub excluded: Vec<Move>,
    /// Time kept back from every budget for the move to reach the GUI.
    pub overhead: Duration,
    /// How many best lines to report (UCI's MultiPV); 0 and 1 both mean one.
    pub lines: usize,
}

impl Limits {
    /// The time budget, if time limits the search.
    pub fn budget(&self) -> Option<Budget> {
        if self.infinite {
            return None;
        }
        match (self.movetime, self.clock) {
            (Some(t), _) => Some(Budget::fixed(t, self.overhead)),
            (None, Some(clock)) => Some(Budget::from_clock(clock, self.overhead)),
            (None, None) => None,
        }
    }
}

/// What every search thread shares: the table, the corrections, the stop signal, and the node count.
pub struct Shared {
    /// The transposition table.
    pub tt: Tt,
    /// What searches have found of the static evaluation's errors, by pawn formation and pieces.
    pub correction: Correction,
    /// Set to stop the search (a GUI's `stop`, or the main thread when done).
    pub stop: AtomicBool,
    /// While set, time limits wait (pondering); clearing it starts the clock.
    pub pondering: AtomicBool,
    threads: AtomicUsize,
    nodes: AtomicU64,
}

impl Shared {
    /// A table of `hash_mb` MB for `threads` threads; panics if the memory cannot be had (tests
    /// and fixed small sizes; interfaces use [`Shared::try_new`]).
    pub fn new(hash_mb: usize, threads: usize) -> Shared {
        Shared::with_table(Tt::new(hash_mb), threads)
    }

    /// A table of `hash_mb` MB for `threads` threads, or why the table cannot be had.
    pub fn try_new(hash_mb: usize, threads: usize) -> Result<Shared, TableTooLarge> {
        Tt::try_new(hash_mb).map(|tt| Shared::with_table(tt, threads))
    }

    /// The number of threads a search uses.
    pub fn threads(&self) -> usize {
        self.threads.load(Ordering::Relaxed)
    }

    /// Sets the number of threads the next search uses; the table stays.
    pub fn set_threads(&self, threads: usize) {
        self.threads.store(threads.max(1), Ordering::Relaxed);
    }

    fn with_table(tt: Tt, threads: usize) -> Shared {
        Shared {
            tt,
            correction: Correction::default(),
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            threads: AtomicUsize::new(threads.max(1)),
            nodes: AtomicU64::new(0),
        }
    }
}

/// What the threads of one search share besides the table.
pub(super) struct Team {
    /// Set by the main thread when the search is over.
    pub(super) finished: AtomicBool,
    /// The deepest iteration any helper has finished.
    pub(super) deepest: AtomicU32,
    /// That iteration's result.
    pub(super) best: Mutex<Option<Info>>,
}

impl Team {
    /// Records a helper's finished iteration if it is the deepest so far.
    pub(super) fn publish(&self, info: Info) {
        let mut best = self.best.lock().unwrap_or_else(|e| e.into_inner());
        if best.as_ref().is_none_or(|b| info.depth > b.depth) {
            self.deepest.store(info.depth, Ordering::Relaxed);
            *best = Some(info);
        }
    }

    /// A helper's result deeper than `depth`, if there is one.
    pub(super) fn deeper_than(&self, depth: u32) -> Option<Info> {
        let best = self.best.lock().unwrap_or_else(|e| e.into_inner());
        best.as_ref().filter(|b| b.depth > depth).cloned()
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug)]
pub struct Info {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score for the side to move, in centipawns or mate distance (see [`MATE`]).
    pub score: i32,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Which of the best lines this is, from 1 (UCI's `multipv`).
    pub line: u32,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-6)) as u64
    }
}
