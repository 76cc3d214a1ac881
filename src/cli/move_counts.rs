//! `vorpal perft` and `bench-perft`: move-generator counts, one position or a suite, and their speed.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use super::{bad, parse_options, position, start_fen, Failure};
use crate::config::Config;
use crate::engine::options;
use crate::engine::rules_of::{divide, perft};
use crate::input::read_file;
use crate::perft::{parse_suite, Suite};
use crate::position::Position;
use crate::variant::{Variant, FIDE_CHESS};

/// The largest perft suite read.
pub(super) const MAX_SUITE_BYTES: u64 = 64 << 20;

/// What `vorpal perft` was asked for.
pub(super) struct PerftArgs {
    pub(super) variant: Option<String>,
    pub(super) fen: Option<String>,
    pub(super) depth: Option<u32>,
    pub(super) divide: bool,
    pub(super) threads: usize,
    pub(super) epd: Option<PathBuf>,
    pub(super) max_nodes: Option<u64>,
    pub(super) options: Vec<String>,
    pub(super) setup: Option<String>,
}

/// `vorpal perft`: a suite file's positions, or one position.
pub(super) fn perft_command(config: &Config, args: PerftArgs) -> Result<(), Failure> {
    let PerftArgs { variant, fen, depth, divide, threads, epd, max_nodes, options, setup } = args;
    let mut options = parse_options(&options)?;
    let pool = thread_pool(threads)?;
    match epd {
        Some(path) => {
            let text = read_file(&path, MAX_SUITE_BYTES, "--epd").map_err(bad)?;
            let suite = parse_suite(&text).map_err(|e| bad(format!("{}: {e}", path.display())))?;
            let name = variant.or(suite.variant.clone()).unwrap_or_else(|| FIDE_CHESS.into());
            options.splice(0..0, suite.options.iter().cloned());
            let variant = config.variant(&name, &options).map_err(|e| bad(e.to_string()))?;
            pool.install(|| run_suite(&variant, &path, &suite, depth, max_nodes))
        }
        None => {
            let name = variant.unwrap_or_else(|| FIDE_CHESS.into());
            let variant = config.variant(&name, &options).map_err(|e| bad(e.to_string()))?;
            let depth = depth.ok_or_else(|| bad("perft needs --depth D (or --epd FILE)"))?;
            let fen = start_fen(&variant, fen, setup.as_deref())?;
            let pos = position(&variant, fen.as_deref())?;
            pool.install(|| run_perft(&pos, depth, divide, threads));
            Ok(())
        }
    }
}

pub(super) fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| bad(format!("cannot start threads: {e}")))
}

/// Perft of one position, in parallel when there are several threads.
pub(super) fn count(pos: &Position, depth: u32, threads: usize) -> u64 {
    if threads > 1 {
        divide(pos, depth).iter().map(|(_, n)| n).sum()
    } else {
        perft(pos, depth)
    }
}

pub(super) fn run_perft(pos: &Position, depth: u32, show_divide: bool, threads: usize) {
    let start = Instant::now();
    let nodes = if show_divide {
        let rows = divide(pos, depth);
        for (mv, n) in &rows {
            crate::outln!("{} {n}", mv.to_text(pos.variant()));
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        count(pos, depth, threads)
    };
    report_speed(nodes, start);
    crate::outln!("nodes {nodes}");
}

pub(super) fn report_speed(nodes: u64, start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    eprintln!("time {secs:.3} s, {:.2} Mnps", nodes as f64 / secs.max(1e-9) / 1e6);
}

pub(super) fn run_suite(
    variant: &Arc<Variant>,
    path: &std::path::Path,
    suite: &Suite,
    only_depth: Option<u32>,
    max_nodes: Option<u64>,
) -> Result<(), Failure> {
    let threads = rayon::current_num_threads();
    let mut failures = 0;
    for case in &suite.cases {
        let pos = Position::from_fen(variant.clone(), &case.fen)
            .map_err(|e| bad(format!("{}:{}: {e}", path.display(), case.line)))?;
        for &(depth, expected) in &case.expected {
            if only_depth.is_some_and(|d| d != depth) || max_nodes.is_some_and(|m| expected > m) {
                continue;
            }
            options::PERFT_DEPTH
                .check(depth.into())
                .map_err(|e| bad(format!("{}:{}: {e}", path.display(), case.line)))?;
            let start = Instant::now();
            let nodes = count(&pos, depth, threads);
            let verdict = if nodes == expected { "ok" } else { "FAIL" };
            if nodes != expected {
                failures += 1;
            }
            crate::outln!("{verdict} D{depth} {nodes} (expected {expected}) {}", case.fen);
            report_speed(nodes, start);
        }
    }
    if failures > 0 {
        return Err(Failure(1, format!("{failures} perft count(s) differ")));
    }
    Ok(())
}

/// The positions `bench-perft` measures: (label, variant, FEN or start, depth).
pub(super) const BENCH: &[(&str, &str, Option<&str>, u32)] = &[
    ("fide-start", "normal", None, 6),
    ("kiwipete", "normal", Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), 5),
    ("alice-start", "alice", None, 6),
    ("lma-start", "lma", None, 5),
];

pub(super) fn bench_perft(config: &Config, threads: usize, shallower: u32) -> Result<(), Failure> {
    crate::outln!("{:<12} {:>7} {:>12} {:>9} {:>9}", "position", "threads", "nodes", "seconds", "Mnps");
    for &(label, name, fen, depth) in BENCH {
        let variant = config.variant(name, &[]).map_err(|e| bad(e.to_string()))?;
        let pos = position(&variant, fen)?;
        let depth = depth.saturating_sub(shallower).max(1);
        for t in [1, threads] {
            let pool = thread_pool(t)?;
            let start = Instant::now();
            let nodes = pool.install(|| count(&pos, depth, t));
            let secs = start.elapsed().as_secs_f64();
            crate::outln!("{label:<12} {t:>7} {nodes:>12} {secs:>9.3} {:>9.2}", nodes as f64 / secs / 1e6);
        }
    }
    Ok(())
}
