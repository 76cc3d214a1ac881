//! How a game ends: the result and its reason, by each family's rules.

use crate::geometry::Word;
use std::fmt;

use crate::pieces::Color;
use crate::position::Position;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A king was captured (king-capture variants).
    KingCaptured,
    /// A player has no king left (Inside-out).
    NoKingLeft,
    /// The side to move has no move (king-capture variants).
    NoMove,
    /// One half of the board holds no pieces (Monochrome).
    HalfEmptied,
    /// 100 plies without capture (or pawn move, where pawn moves count).
    FiftyMoves,
    /// The same position a third time.
    Repetition,
    /// Neither side can ever mate (too little material).
    InsufficientMaterial,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::KingCaptured => "king captured",
            Reason::NoKingLeft => "no king left",
            Reason::NoMove => "no move",
            Reason::HalfEmptied => "a half of the board is empty",
            Reason::FiftyMoves => "50-move rule",
            Reason::Repetition => "threefold repetition",
            Reason::InsufficientMaterial => "insufficient material",
        })
    }
}

/// The end of a game: who won (nobody for a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl Outcome {
    /// The end in words, as result claims and PGN comments give it: `White mates`,
    /// `Stalemate`, `King captured`, `Black has no move`… (with the score where captures score).
    pub fn describe<W: Word>(&self, pos: &Position<W>) -> String {
        let text = match (self.reason, self.winner) {
            (Reason::Checkmate, Some(w)) => format!("{} mates", w.name()),
            (Reason::Stalemate, _) => "Stalemate".into(),
            (Reason::KingCaptured, _) => "King captured".into(),
            (Reason::NoKingLeft, Some(w)) => format!("{} has no king left", w.flip().name()),
            (Reason::NoMove, _) => format!("{} has no move", pos.side().name()),
            (Reason::HalfEmptied, _) => "A half of the board is empty".into(),
            (Reason::FiftyMoves, _) => "50-move rule".into(),
            (Reason::Repetition, _) => "3-fold repetition".into(),
            (Reason::InsufficientMaterial, _) => "Insufficient material".into(),
            (reason, _) => reason.to_string(),
        };
        if !pos.variant().family().scores_captures() {
            text
        } else {
            let scores = pos.scores();
            format!("{text}, score {}-{}", scores[Color::White], scores[Color::Black])
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.reason)
    }
}
