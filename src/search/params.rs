//! The search's parameters: the margins and depths every family shares, and per family the
//! prunings and reductions an SPRT accepted there ([`SearchParams`]).

use once_cell::sync::Lazy;

use crate::eval::Evaluate;
use crate::geometry::Word;
use crate::rules::{Alice, Fide, InsideOut, Lma, LookingGlass, Monochrome};

/// The depth up to which the static evaluation may prune (reverse futility).
pub(super) const FUTILE_DEPTH: i32 = 6;
/// Per ply of depth left, what a quiet move is assumed to be able to change the evaluation by.
pub(super) const FUTILITY_MARGIN: i32 = 110;
/// What a capture may gain beyond its victim's value in quiescence (positional swing).
pub(super) const DELTA_MARGIN: i32 = 200;
/// Razoring applies at this depth and below.
pub(super) const RAZOR_DEPTH: i32 = 3;
/// How far below alpha, per ply of depth beyond a base, razoring starts.
pub(super) const RAZOR_MARGIN: i32 = 150;
/// The part of the razoring margin that does not grow with depth.
pub(super) const RAZOR_BASE: i32 = 200;
/// The depth from which a node without a table move is searched a ply shallower (internal
/// iterative reduction): its ordering is a guess there, so a full-depth search of it costs much
/// and returns little.
pub(super) const IIR_DEPTH: i32 = 4;
/// The depth up to which a node's late quiet moves are pruned by their number.
pub(super) const LATE_MOVE_DEPTH: i32 = 6;
/// The depth up to which moves that lose by the static exchange are pruned.
pub(super) const EXCHANGE_DEPTH: i32 = 8;
/// Per ply of depth left, what a capture may lose by the exchange before it is pruned.
pub(super) const CAPTURE_LOSS_MARGIN: i32 = 200;
/// Per ply of depth left, squared, what a quiet move may lose by the exchange before it is pruned.
pub(super) const QUIET_LOSS_MARGIN: i32 = 25;
/// The first aspiration window's half width around the previous iteration's score; it doubles
/// at each fail.
pub(super) const ASPIRATION_DELTA: i32 = 25;
/// The depth from which an iteration starts with an aspiration window.
pub(super) const ASPIRATION_DEPTH: i32 = 4;

/// Late-move reductions by depth and move number (both capped at 63), worked out once: two
/// logarithms per reduced move showed in the profile. ln(depth) · ln(move) over 2.5, or over 1.75
/// for the families that reduce deeper ([`SearchParams::DEEPER_REDUCTIONS`]).
static REDUCTIONS: Lazy<[[[u8; 64]; 64]; 2]> = Lazy::new(|| {
    [2.5, 1.75].map(|divisor| {
        std::array::from_fn(|d| {
            std::array::from_fn(|i| (0.5 + (d.max(1) as f64).ln() * (i.max(1) as f64).ln() / divisor) as u8)
        })
    })
});

/// How many legal moves a node at `depth` tries before it prunes its late quiet moves: more
/// where the side to move is doing better than two plies ago, as its moves then matter more.
pub(super) fn late_move_count(depth: i32, improving: bool) -> usize {
    ((3 + depth * depth) * (1 + improving as i32)) as usize
}

/// Late-move reductions by depth and move number, the deeper ones where `deeper`.
#[inline]
pub(super) fn reduction(deeper: bool, depth: i32, index: usize) -> i32 {
    REDUCTIONS[deeper as usize][depth.clamp(0, 63) as usize][index.min(63)] as i32
}

/// What the search does differently in a family: each choice is kept only where an SPRT showed
/// a gain there. Read at compile time, so a family's search carries no flag it tests per node.
pub trait SearchParams<W: Word>: Evaluate<W> {
    /// Whether the search may pass (null move) and trust the static evaluation for the shallow
    /// prunings (futility, late moves). Not where kings are captured: with no stalemate, having
    /// to move can lose outright, and a quiet move can threaten the king without the check that
    /// would exempt it from pruning.
    const NULL_MOVE: bool = !Self::KING_CAPTURE;

    /// The plies a pass is searched shallower by, before the depth's share (`depth / 6`): the
    /// families where a quiet move is often the threat a shallow pass misses reduce less.
    const NULL_MOVE_REDUCTION: i32 = 3;

    /// Whether the search razors (drops to quiescence far below alpha at the last plies).
    const RAZORING: bool = false;

    /// Whether late quiet moves are reduced deeper (ln(depth) · ln(move) over 1.75 instead of 2.5).
    const DEEPER_REDUCTIONS: bool = false;

    /// Whether the last plies drop moves that lose material by the static exchange (captures by
    /// more than a margin per ply, quiet moves that cannot check by more than one per ply
    /// squared).
    const EXCHANGE_PRUNING: bool = false;

    /// Whether the search corrects the static evaluation by what searches found of positions
    /// with the same pawn formation or pieces (`search::correction`).
    const CORRECTION_HISTORY: bool = false;

    /// Whether a capture changes the evaluation by about its victim's value, so that quiescence
    /// may skip captures too small to reach alpha. Not where kings are captured: taking the last
    /// one wins at once, whatever alpha is (a mate score, say), and Inside-out's next-to-last
    /// one also costs its owner `last_king`; Monochrome's captures score points and shift
    /// ownership instead.
    const DELTA_PRUNING: bool = !Self::KING_CAPTURE;

    /// Whether static evaluations are kept by position for the rest of the search (see
    /// `search::eval_cache`): only a speed choice, since the cache gives back what the
    /// evaluation would. Not where the evaluation costs less than the lookup.
    const EVAL_CACHE: bool = true;
}

impl<W: Word> SearchParams<W> for Fide {
    // +34.5 Elo by SPRT in FIDE chess; it lost in Alice, and with deeper reductions it gained
    // nothing in LMA.
    const RAZORING: bool = true;
    // +24.5 Elo by SPRT in FIDE chess, +46.6 in Looking-Glass and +45.5 in Inside-out; it lost
    // in Alice, with razoring it gained nothing in LMA, and alone +8.5 over 163 games in
    // Monochrome (not kept).
    const DEEPER_REDUCTIONS: bool = true;
    // With the table's score for the prunings, the larger history bonus, reductions over 1.75
    // instead of 2, mate-distance pruning and monotone moves tables: +60.4 Elo together by SPRT
    // in FIDE chess.
    const EXCHANGE_PRUNING: bool = true;
    const CORRECTION_HISTORY: bool = true;
    // The network's output costs little more than a lookup: the cache saves under 2 % of the
    // instructions here, and its misses and page faults cost about as much time.
    const EVAL_CACHE: bool = false;
}

impl<W: Word> SearchParams<W> for Alice {
    // A move that crosses to the other board is a threat a deeply reduced pass misses: reducing
    // 2 + depth/6 instead of 3 + depth/6 gained 41.5 Elo in Alice by SPRT (and lost in FIDE chess).
    const NULL_MOVE_REDUCTION: i32 = 2;
}

impl<W: Word> SearchParams<W> for Lma<W> {}

impl<W: Word> SearchParams<W> for Monochrome<W> {
    // Capturing a king only scores its points, so a pass and the shallow prunings are as sound
    // as where check exists (an SPRT accepted them). After a pass the passer's last move still
    // forbids its reversal one ply too long: a narrower search, never an illegal move, since the
    // root never passes.
    const NULL_MOVE: bool = true;
    // The terms are scores and material alone: cheaper to evaluate again than to look up (5 %
    // more instructions a node in `vorpal bench` with the cache). The network's output, as in
    // FIDE chess, costs little more than a lookup.
    const EVAL_CACHE: bool = false;
}

impl<W: Word> SearchParams<W> for InsideOut {
    // As in FIDE chess: +45.5 Elo by SPRT in Inside-out.
    const DEEPER_REDUCTIONS: bool = true;
}

impl<W: Word> SearchParams<W> for LookingGlass {
    // As in FIDE chess: +46.6 Elo by SPRT in Looking-Glass.
    const DEEPER_REDUCTIONS: bool = true;
}
