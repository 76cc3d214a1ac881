//! Where the games of a match start: positions from an EPD/FEN file, or a few random plies from
//! the variant's start position.

use std::sync::Arc;

use crate::movegen::{legal, Move};
use crate::position::Position;
use crate::rules::outcome::outcome;
use crate::search::personality::Rng;
use crate::variant::Variant;
use crate::with_rules;

/// A start position and the moves played from it before the engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Vorpal's FEN of the start position.
    pub fen: String,
    /// Moves in Vorpal's notation.
    pub moves: Vec<String>,
}

/// Reads an EPD/FEN list in Vorpal's FEN: one position per line, `#` comments and blank lines
/// skipped, EPD operations after `;` ignored. Every position is checked.
pub fn read_openings(variant: &Arc<Variant>, text: &str, source: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fen = line.split(';').next().unwrap_or("").trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let pos = Position::from_fen(variant.clone(), fen).map_err(|e| format!("{source}:{}: {e}", i + 1))?;
        openings.push(Opening { fen: pos.to_fen(), moves: Vec::new() });
    }
    if openings.is_empty() {
        return Err(format!("{source}: no position in the file"));
    }
    Ok(openings)
}

/// `plies` random legal plies from the start position, after which the game is not over and the
/// side to move cannot end it at once (else the opening, not the engines, decides the game).
pub fn random_opening(variant: &Arc<Variant>, plies: usize, rng: &mut Rng) -> Opening {
    let (pos, moves) = random_moves(variant, plies, rng);
    Opening { fen: pos.to_fen(), moves: moves.iter().map(|m| m.to_text(variant)).collect() }
}

/// The start position and `plies` random moves from it, chosen as [`random_opening`] says; the
/// position returned is the one before the moves.
pub fn random_moves(variant: &Arc<Variant>, plies: usize, rng: &mut Rng) -> (Position, Vec<Move>) {
    let start = Position::start(variant.clone()).expect("the start position of a loaded variant is valid");
    with_rules!(&variant.family, |rules| loop {
        let mut pos = start.clone();
        let mut played = Vec::new();
        let mut moves = Vec::new();
        for _ in 0..plies {
            legal(rules, &mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.make(mv);
            played.push(mv);
        }
        if outcome(rules, &mut pos).is_some() {
            continue;
        }
        legal(rules, &mut pos, &mut moves);
        let decisive = moves.iter().any(|&m| {
            pos.make(m);
            let over = outcome(rules, &mut pos).is_some();
            pos.unmake();
            over
        });
        if !decisive {
            return (start, played);
        }
    })
}
