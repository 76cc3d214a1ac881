//! Perft: counting the leaves of the legal move tree, to prove the move generator.

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::geometry::{Narrow, Word};
use crate::movegen::ended_statically;
use crate::movegen::standard::{Fast, Standard};
use crate::movegen::standard_alice::StandardAlice;
use crate::movegen::{is_legal, legal, pseudo_legal_knowing_check, Legality, Move};
use crate::position::Position;
use crate::rules::Rules;

/// The number of legal move sequences of length `depth` from `pos`; a position whose game is
/// over (by the family's rules or the 50-move rule) is not expanded.
pub fn perft<W: Word, R: Rules<W>>(rules: &R, pos: &mut Position<W>, depth: u32) -> u64 {
    perft_until(rules, pos, depth, &AtomicBool::new(false))
}

/// [`perft`], cut short (with a partial count) soon after `stop` is raised. FIDE chess on one
/// 8×8 board, and Alice Chess on two, with the standard pieces run on faster generators of
/// their own.
fn perft_until<W: Word, R: Rules<W>>(rules: &R, pos: &mut Position<W>, depth: u32, stop: &AtomicBool) -> u64 {
    let mut lists: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    if let Some(narrow) = (pos as &mut dyn Any).downcast_mut::<Position<Narrow>>() {
        if let Some(standard) = Standard::of(narrow.variant()) {
            return perft_with(&FastPath(&standard), narrow, &mut lists, stop);
        }
        if let Some(alice) = StandardAlice::of(narrow.variant()) {
            return perft_with(&FastPath(&alice), narrow, &mut lists, stop);
        }
    }
    perft_with(&Generic(rules), pos, &mut lists, stop)
}

/// How perft finds a position's legal moves, and counts them at its last ply.
trait Generator<W: Word> {
    /// The family's rules, which play the moves.
    type Rules: Rules<W>;
    fn rules(&self) -> &Self::Rules;
    /// Fills `list` with the legal moves.
    fn legal(&self, pos: &mut Position<W>, list: &mut Vec<Move>);
    /// The number of legal moves (`list` is scratch space).
    fn count(&self, pos: &mut Position<W>, list: &mut Vec<Move>) -> u64;
}

/// The generic generator: pseudo-legal moves, each proven legal without playing it where the
/// check and pin information can, else played.
struct Generic<'a, R>(&'a R);

impl<W: Word, R: Rules<W>> Generator<W> for Generic<'_, R> {
    type Rules = R;

    fn rules(&self) -> &R {
        self.0
    }

    fn legal(&self, pos: &mut Position<W>, list: &mut Vec<Move>) {
        legal(self.0, pos, list);
    }

    fn count(&self, pos: &mut Position<W>, list: &mut Vec<Move>) -> u64 {
        list.clear();
        let legality = Legality::new(self.0, pos);
        pseudo_legal_knowing_check(self.0, pos, legality.in_check(), list);
        list.iter().filter(|&&mv| legality.proof(mv).unwrap_or_else(|| is_legal(self.0, pos, mv))).count() as u64
    }
}

/// A fast generator of one shape of variant, as perft's [`Generator`].
struct FastPath<'a, F>(&'a F);

impl<F: Fast> Generator<Narrow> for FastPath<'_, F> {
    type Rules = F::Rules;

    fn rules(&self) -> &F::Rules {
        self.0.rules()
    }

    fn legal(&self, pos: &mut Position<Narrow>, list: &mut Vec<Move>) {
        list.clear();
        self.0.legal(pos, list);
    }

    fn count(&self, pos: &mut Position<Narrow>, _: &mut Vec<Move>) -> u64 {
        self.0.count(pos)
    }
}

/// The plies of a subtree below which `stop` is no longer looked at before counting it: a load
/// per subtree that deep costs nothing measurable, and one that shallow ends within a
/// millisecond even in the Alice family's middlegames (where the four-ply subtrees left after a
/// stop once took a quarter of a second, and over fifteen on a loaded machine).
const STOP_CHECK_PLIES: usize = 3;

/// Perft to the depth `lists.len()`, generating each ply's moves into its own reused list.
fn perft_with<W: Word, G: Generator<W>>(
    generator: &G,
    pos: &mut Position<W>,
    lists: &mut [Vec<Move>],
    stop: &AtomicBool,
) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else { return 1 };
    let rules = generator.rules();
    if ended_statically(rules, pos).is_some() {
        return 0;
    }
    if deeper.is_empty() {
        return generator.count(pos, list);
    }
    let looks_at_stop = deeper.len() >= STOP_CHECK_PLIES;
    generator.legal(pos, list);
    let mut nodes = 0;
    for &mv in list.iter() {
        if looks_at_stop && stop.load(Ordering::Relaxed) {
            break;
        }
        pos.make_with(rules, mv);
        nodes += perft_with(generator, pos, deeper, stop);
        pos.unmake();
    }
    nodes
}

/// Perft per root move, sorted by move text, computed in parallel on the current rayon pool.
pub fn divide<W: Word, R: Rules<W>>(rules: &R, pos: &Position<W>, depth: u32) -> Vec<(Move, u64)> {
    divide_until(rules, pos, depth, &AtomicBool::new(false)).unwrap_or_default()
}

/// [`divide`], given up (`None`) soon after `stop` is raised: it is looked at between pieces of
/// work two plies deep, never in the counting itself.
pub fn divide_until<W: Word, R: Rules<W>>(
    rules: &R,
    pos: &Position<W>,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<(Move, u64)>> {
    let mut root = pos.clone();
    let mut moves = Vec::new();
    if ended_statically(rules, pos).is_some() {
        return Some(Vec::new());
    }
    legal(rules, &mut root, &mut moves);
    if depth <= 1 {
        return Some(moves.into_iter().map(|m| (m, depth as u64)).collect());
    }
    // Split two plies deep so that both threads stay busy to the end.
    let mut jobs: Vec<(usize, Option<Move>)> = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        if depth >= 3 {
            root.make_with(rules, m);
            let mut replies = Vec::new();
            legal(rules, &mut root, &mut replies);
            root.unmake();
            jobs.extend(replies.into_iter().map(|r| (i, Some(r))));
        } else {
            jobs.push((i, None));
        }
    }
    // One job per piece of work, so that an idle thread can always steal what is left.
    let counts: Option<Vec<(usize, u64)>> = jobs
        .par_iter()
        .with_max_len(1)
        .map(|&(i, reply)| {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let mut p = pos.clone();
            p.make_with(rules, moves[i]);
            let n = match reply {
                Some(r) => {
                    p.make_with(rules, r);
                    perft_until(rules, &mut p, depth - 2, stop)
                }
                None => perft_until(rules, &mut p, depth - 1, stop),
            };
            Some((i, n))
        })
        .collect();
    // Counts cut short by the stop are partial: none of them is given.
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut totals = vec![0u64; moves.len()];
    for (i, n) in counts? {
        totals[i] += n;
    }
    let mut out: Vec<(Move, u64)> = moves.into_iter().zip(totals).collect();
    let v = pos.variant();
    out.sort_by_key(|(m, _)| m.to_text(v));
    Some(out)
}

/// One case of a perft suite: a FEN and the expected node counts per depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteCase {
    /// The position.
    pub fen: String,
    /// `(depth, nodes)` pairs.
    pub expected: Vec<(u32, u64)>,
    /// The line of the suite file.
    pub line: usize,
}

/// A perft suite file: the variant and options it is for, and its cases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suite {
    /// From a `# variant: NAME` line.
    pub variant: Option<String>,
    /// From `# option: NAME=VALUE` lines.
    pub options: Vec<(String, String)>,
    /// The cases.
    pub cases: Vec<SuiteCase>,
}

/// Parses a suite file of lines `FEN ;D1 20 ;D2 400`; `#` starts a comment line, and the
/// comments `# variant: NAME` and `# option: NAME=VALUE` say what the suite is for.
pub fn parse_suite(text: &str) -> Result<Suite, String> {
    let mut suite = Suite::default();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim();
            if let Some(name) = comment.strip_prefix("variant:") {
                suite.variant = Some(name.trim().to_string());
            } else if let Some(option) = comment.strip_prefix("option:") {
                let (k, v) =
                    option.split_once('=').ok_or_else(|| format!("line {}: expected '# option: NAME=VALUE'", i + 1))?;
                suite.options.push((k.trim().to_string(), v.trim().to_string()));
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut expected = Vec::new();
        for part in parts {
            let bad = || format!("line {}: expected ';D<depth> <nodes>', got ';{}'", i + 1, part.trim());
            let (d, n) = part.trim().split_once(char::is_whitespace).ok_or_else(bad)?;
            let depth = d.strip_prefix('D').and_then(|d| d.parse().ok()).ok_or_else(bad)?;
            let nodes = n.trim().parse().map_err(|_| bad())?;
            expected.push((depth, nodes));
        }
        if expected.is_empty() {
            return Err(format!("line {}: no ';D<depth> <nodes>' entries", i + 1));
        }
        suite.cases.push(SuiteCase { fen, expected, line: i + 1 });
    }
    Ok(suite)
}
