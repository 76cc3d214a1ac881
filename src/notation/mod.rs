//! What the protocols write and read that is not Vorpal's own notation, shared by the protocol
//! loops and the match runner's engine drivers: XBoard's one-board picture of the variants
//! ([`xboard::Display`]), XBoard's mate scores, and the variants' names in UCI.

pub mod xboard;

use crate::variant::FIDE_CHESS;

/// The UCI name of FIDE chess, as Fairy-Stockfish, python-chess and GUIs built for them call it.
pub const FIDE_UCI_NAME: &str = "chess";

/// A variant's name in UCI's `UCI_Variant`.
pub fn uci_variant_name(name: &str) -> &str {
    if name == FIDE_CHESS {
        FIDE_UCI_NAME
    } else {
        name
    }
}

/// The variant a UCI name (or a PGN `Variant` tag) names: `chess` and `standard` are FIDE chess.
pub fn variant_from_uci(name: &str) -> &str {
    match name {
        FIDE_UCI_NAME | "standard" => FIDE_CHESS,
        other => other,
    }
}

/// XBoard's score of a mate in N moves is this plus N (minus, when mated).
pub const XBOARD_MATE: i32 = 100_000;
