//! What the protocols write and read, shared by the protocol loops and the match runner's
//! engine drivers: moves and FENs in Vorpal's or Fairy-Stockfish's dialect ([`Dialect`]),
//! XBoard's one-board picture of the variants ([`xboard::Display`]), scores in UCI and XBoard
//! form ([`score`]), time controls ([`time`]), and the variants' names in UCI.

pub mod fairy;
pub mod lgp;
pub mod score;
pub mod time_control;
pub mod xboard;

use std::sync::Arc;

use crate::movegen::{legal, Move};
use crate::position::Position;
use crate::variant::{Variant, FIDE_CHESS};
use crate::with_rules;

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

/// How moves and FENs are written for another program.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Dialect {
    /// Vorpal's own: squares with their board (`1e22e4`), FEN boards split by `|`.
    #[default]
    Vorpal,
    /// Fairy-Stockfish's Alice notation, for two-board variants (see [`fairy`]).
    Fairy,
}

impl Dialect {
    /// Reads a dialect's name: `vorpal` or `fairy`.
    pub fn parse(text: &str) -> Result<Dialect, String> {
        match text.to_ascii_lowercase().as_str() {
            "vorpal" => Ok(Dialect::Vorpal),
            "fairy" => Ok(Dialect::Fairy),
            _ => Err(format!("unknown notation '{text}' (known: vorpal, fairy)")),
        }
    }

    /// Refuses a variant the dialect cannot write.
    pub fn check(self, variant: &Variant) -> Result<(), String> {
        match self {
            Dialect::Vorpal => Ok(()),
            Dialect::Fairy => fairy::check(variant),
        }
    }

    /// The move's text in this dialect.
    pub fn move_text(self, variant: &Variant, mv: Move) -> String {
        match self {
            Dialect::Vorpal => mv.to_text(variant),
            Dialect::Fairy => fairy::move_text(variant, mv),
        }
    }

    /// The move of `legal` that `text` names in this dialect.
    pub fn find_move(self, variant: &Variant, legal: &[Move], text: &str) -> Result<Move, String> {
        match self {
            Dialect::Vorpal => legal
                .iter()
                .find(|m| m.to_text(variant) == text)
                .copied()
                .ok_or(format!("'{text}' is not a legal move here")),
            Dialect::Fairy => fairy::find_move(variant, legal, text),
        }
    }

    /// The position's FEN in this dialect.
    pub fn fen(self, pos: &Position) -> Result<String, String> {
        match self {
            Dialect::Vorpal => Ok(pos.to_fen()),
            Dialect::Fairy => fairy::fen(pos),
        }
    }

    /// Vorpal's FEN and move texts of a position given in this dialect as a FEN (`None`: the
    /// variant's start) and the moves played from it.
    pub fn vorpal_game(
        self,
        variant: &Arc<Variant>,
        fen: Option<&str>,
        moves: &[&str],
    ) -> Result<(Option<String>, Vec<String>), String> {
        let fen = fen.map(|fen| self.vorpal_fen(variant, fen)).transpose()?;
        if self == Dialect::Vorpal {
            return Ok((fen, moves.iter().map(|m| m.to_string()).collect()));
        }
        let start = fen.as_deref().unwrap_or(&variant.start_fen);
        let mut pos = Position::from_fen(variant.clone(), start).map_err(|e| format!("bad FEN: {e}"))?;
        let mut texts = Vec::new();
        for text in moves {
            let mut legal_moves = Vec::new();
            with_rules!(&variant.family(), |rules| legal(rules, &mut pos, &mut legal_moves));
            let mv = self.find_move(variant, &legal_moves, text)?;
            texts.push(mv.to_text(variant));
            pos.make(mv);
        }
        Ok((fen, texts))
    }

    /// Vorpal's FEN of `fen`, written in this dialect.
    pub fn vorpal_fen(self, variant: &Arc<Variant>, fen: &str) -> Result<String, String> {
        match self {
            Dialect::Vorpal => Ok(fen.to_string()),
            Dialect::Fairy => fairy::vorpal_fen(variant, fen),
        }
    }
}
