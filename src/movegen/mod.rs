//! Move generation: the move type, its notation, and the generic generator.

pub mod generate;
pub mod moves;
pub mod san;

pub use generate::{
    in_check, is_legal, legal, legal_with, legality_unplayed, make_if_legal, may_give_check, parse_move, pseudo_legal,
    pseudo_legal_knowing_check, pseudo_legal_tactical, Legality,
};
pub use moves::{Move, MoveError, MoveKind};
