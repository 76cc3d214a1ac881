//! Reference opponents for matches and tests: a random mover and a greedy one-ply player.

use super::params::SearchParams;
use crate::eval::Eval;
use crate::geometry::Word;
use crate::movegen::outcome;
use crate::movegen::{legal, Move};
use crate::position::Position;
use crate::random::Rng;

/// How the engine chooses its moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Personality {
    /// The full search.
    #[default]
    Normal,
    /// A uniformly random legal move.
    Random,
    /// The move that wins or leaves the best material, one ply deep; ties broken at random.
    Greedy,
}

impl Personality {
    /// Parses `normal`, `random` or `greedy`.
    pub fn parse(text: &str) -> Result<Personality, String> {
        match text.to_ascii_lowercase().as_str() {
            "normal" => Ok(Personality::Normal),
            "random" => Ok(Personality::Random),
            "greedy" => Ok(Personality::Greedy),
            _ => Err(format!("unknown personality '{text}' (known: normal, random, greedy)")),
        }
    }
}

/// A move chosen by a reference personality (not [`Personality::Normal`]); `None` without moves.
pub fn choose<W: Word, R: SearchParams<W>>(
    personality: Personality,
    rules: &R,
    pos: &Position<W>,
    eval: &Eval<W>,
    rng: &mut Rng,
) -> Option<Move> {
    let mut pos = pos.clone();
    let mut moves = Vec::new();
    legal(rules, &mut pos, &mut moves);
    if moves.is_empty() {
        return None;
    }
    if personality != Personality::Greedy {
        return Some(moves[rng.below(moves.len())]);
    }
    let us = pos.side();
    let mut best = Vec::new();
    let mut best_value = i32::MIN;
    for &mv in &moves {
        pos.make_with(rules, mv);
        let value = match outcome(rules, &mut pos) {
            Some(o) if o.winner == Some(us) => i32::MAX,
            Some(o) if o.winner.is_some() => i32::MIN + 1,
            Some(_) => 0,
            None => -rules.material(&pos, eval),
        };
        pos.unmake();
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(mv);
        }
    }
    Some(best[rng.below(best.len())])
}
