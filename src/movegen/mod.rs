//! Move generation: the move type, its notation, and the generic generator.

pub mod game_over;
pub mod generate;
pub mod san;
pub mod standard;
pub mod standard_alice;

pub use crate::position::moves::{Move, MoveError, MoveKind};
pub use crate::rules::in_check;
pub use game_over::{ended_statically, outcome};
pub use generate::{
    is_legal, legal, legal_with, legality_unplayed, make_if_legal, may_give_check, parse_move, pseudo_legal,
    pseudo_legal_knowing_check, pseudo_legal_tactical, Legality,
};
