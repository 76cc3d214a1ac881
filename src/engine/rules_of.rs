//! What a front end asks of a position, answered by its variant's rules: the family is picked
//! here, so that the match runner, the protocols, the GUI and the command line never pick one
//! themselves.

use crate::geometry::Square;
use crate::movegen::san::{parse_either, to_san};
use crate::movegen::{legal, outcome as outcome_by, Move, MoveError};
use crate::perft::{divide as divide_by, perft as perft_by};
use crate::position::Position;
use crate::rules::{checked_kings, Outcome};
use crate::{with_narrowest, with_rules};

/// The position's legal moves.
pub fn legal_moves(pos: &mut Position) -> Vec<Move> {
    let mut moves = Vec::new();
    let variant = pos.variant().clone();
    with_rules!(&variant.family(), |rules| legal(rules, pos, &mut moves));
    moves
}

/// How the game has ended in the position, if it has.
pub fn outcome(pos: &mut Position) -> Option<Outcome> {
    let variant = pos.variant().clone();
    with_rules!(&variant.family(), |rules| outcome_by(rules, pos))
}

/// The squares of the side to move's kings that stand in check.
pub fn kings_in_check(pos: &Position) -> Vec<Square> {
    let variant = pos.variant().clone();
    with_rules!(&variant.family(), |rules| checked_kings(rules, pos, pos.side()))
}

/// The legal move `text` names, in Vorpal's notation or (FIDE chess on one board) in SAN.
pub fn read_move(pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let variant = pos.variant().clone();
    with_rules!(&variant.family(), |rules| parse_either(rules, pos, text))
}

/// A legal move in SAN (FIDE chess on one board).
pub fn san(pos: &mut Position, mv: Move) -> String {
    let variant = pos.variant().clone();
    with_rules!(&variant.family(), |rules| to_san(rules, pos, mv))
}

/// The leaves `depth` plies below the position, on the narrowest masks that hold its boards.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    with_narrowest!(pos, |rules, pos| perft_by(rules, &mut pos, depth))
}

/// The leaves `depth` plies below each legal move, the moves counted in parallel.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    with_narrowest!(pos, |rules, pos| divide_by(rules, &pos, depth))
}
