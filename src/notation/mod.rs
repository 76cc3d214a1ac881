//! What the protocols write and read that is not Vorpal's own notation, shared by the protocol
//! loops and the match runner's engine drivers: XBoard's one-board picture of the variants
//! ([`xboard::Display`]) and XBoard's mate scores.

pub mod xboard;

/// XBoard's score of a mate in N moves is this plus N (minus, when mated).
pub const XBOARD_MATE: i32 = 100_000;
