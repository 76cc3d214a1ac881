//! Move generation: the move type, its notation, and the generic generator.

pub mod generate;
pub mod moves;

pub use generate::{in_check, is_legal, legal, parse_move, pseudo_legal, Legality};
pub use moves::{Move, MoveError, MoveKind};
