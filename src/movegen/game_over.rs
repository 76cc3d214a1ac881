//! Whether a game is over at a position: the family's own ends, then no legal move, too little
//! material to mate, the 50-move rule and repetition. It needs the move generator, so it lives
//! above it; the results and their reasons are the rules' ([`crate::rules::Outcome`]).

use super::legal;
use crate::geometry::Word;
use crate::position::Position;
use crate::rules::{Outcome, Reason, Rules};

/// Whether the game is over without looking at moves: the family's own ends and the
/// 50-move rule. This is what perft respects; repetition needs the game's history.
#[inline]
pub fn ended_statically<W: Word, R: Rules<W>>(rules: &R, pos: &Position<W>) -> Option<Outcome> {
    rules.ended(pos).or_else(|| (pos.halfmove() >= 100).then(|| rules.drawn(pos, Reason::FiftyMoves)))
}

/// The outcome of the game at `pos`, or `None` while it goes on.
pub fn outcome<W: Word, R: Rules<W>>(rules: &R, pos: &mut Position<W>) -> Option<Outcome> {
    if let Some(o) = rules.ended(pos) {
        return Some(o);
    }
    let mut moves = Vec::new();
    legal(rules, pos, &mut moves);
    if moves.is_empty() {
        return Some(rules.no_moves(pos));
    }
    if rules.insufficient_material(pos) {
        return Some(rules.drawn(pos, Reason::InsufficientMaterial));
    }
    if pos.halfmove() >= 100 {
        return Some(rules.drawn(pos, Reason::FiftyMoves));
    }
    if pos.repetitions() >= 3 {
        return Some(rules.drawn(pos, Reason::Repetition));
    }
    None
}
