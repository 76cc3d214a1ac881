//! A person at the terminal as a seat of a hidden Looking-Glass game (`vorpal play-hidden`):
//! the referee's messages shown in words and diagrams, orders typed at a prompt.

use std::io::BufRead;
use std::time::Instant;

use super::answer::Answer;
use super::seat::Seat;
use crate::geometry::Square;
use crate::input::{read_line, Line, MAX_LINE};
use crate::notation::lgp::{FateReport, FromPlayer, Report, ToPlayer};
use crate::pieces::Color;
use crate::referee::Sighting;
use crate::variant::Variant;

/// What the person is told at every prompt.
const PROMPT_HELP: &str = "an order such as 1e21e4 (promotion 1b71b8q, castling king takes rook 1e11h1), \
'ask' (have I a legal move on the other board?), 'resign', or 'help'";

/// A person typing orders on `input` and reading the referee's words on standard output.
pub struct Human<R: BufRead> {
    input: R,
    name: String,
    board_names: Vec<String>,
}

impl<R: BufRead> Human<R> {
    /// A person known in the record as `name`.
    pub fn new(input: R, name: &str) -> Human<R> {
        Human {
            input,
            name: name.into(),
            board_names: vec!["Real world (board 1)".into(), "Mirror world (board 2)".into()],
        }
    }

    /// The boards of a view side by side, top rank first, `?` where the person cannot see.
    fn diagram(&self, variant: &Variant, board: &str) -> String {
        let g = &variant.geometry();
        let boards: Vec<Vec<String>> = board
            .split('|')
            .map(|layer| {
                layer
                    .split('/')
                    .map(|rank| {
                        let mut cells = String::new();
                        for c in rank.chars() {
                            match c.to_digit(10) {
                                Some(n) => cells.push_str(&".".repeat(n as usize)),
                                None => cells.push(c),
                            }
                        }
                        cells.chars().map(|c| format!("{c} ")).collect()
                    })
                    .collect()
            })
            .collect();
        let width = 2 * g.files as usize + 2;
        let mut out = String::new();
        for (l, name) in self.board_names.iter().enumerate().take(boards.len()) {
            out += &format!("   {:<width$}", name, width = if l + 1 < boards.len() { width + 3 } else { 0 });
        }
        out.push('\n');
        for row in 0..g.ranks as usize {
            let rank = g.ranks as usize - row;
            for (l, b) in boards.iter().enumerate() {
                let cells = b.get(row).cloned().unwrap_or_default();
                out += &format!("{rank:>2} {cells}");
                if l + 1 < boards.len() {
                    out += "    ";
                }
            }
            out.push('\n');
        }
        let files: String = (0..g.files).map(|f| format!("{} ", (b'a' + f) as char)).collect();
        for (l, _) in boards.iter().enumerate() {
            out += &format!("   {files}");
            if l + 1 < boards.len() {
                out += "    ";
            }
        }
        out
    }
}

/// An order carried out, in words: where the piece reached and landed, and what it took.
fn report_words(variant: &Variant, r: &Report) -> String {
    let g = &variant.geometry();
    let mut words = format!("{} (reached {}", r.text, g.square_name(r.reached));
    words += &if r.landed == r.reached {
        ", stayed: its twin was occupied".to_string()
    } else {
        format!(", transferred to {}", g.square_name(r.landed))
    };
    if let Some(c) = r.captured {
        words += &format!(", took {}", sighting_words(variant, &c));
    }
    words + ")"
}

/// What the referee says, in words for a person (a view in words without its diagram);
/// `None` for what a person need not read.
pub fn message_words(variant: &Variant, m: &ToPlayer) -> Option<String> {
    let text = match m {
        ToPlayer::NewGame { color, rule } => {
            format!("You play {} in hidden Looking-Glass ({rule:?}). You see only your world.", color.name())
        }
        ToPlayer::SetupQuery => "Your setup? Type 'setup N' (0-959) or 'setup random'.".into(),
        ToPlayer::Setup(n) => format!("Your setup is Chess960 number {n}."),
        ToPlayer::View { side, captured, strikes, .. } => format!(
            "{} to move. Captured: White {}, Black {}. Your strikes: {strikes}.",
            side.name(),
            if captured[Color::White].is_empty() { "-" } else { &captured[Color::White] },
            if captured[Color::Black].is_empty() { "-" } else { &captured[Color::Black] },
        ),
        ToPlayer::Truth(fen) => format!("The true position: {fen}."),
        ToPlayer::Captured(s) => format!("Captured: {}.", sighting_words(variant, s)),
        ToPlayer::Arrival { arrived, attacks, in_front } => {
            let attacked: Vec<String> = attacks.iter().map(|s| sighting_words(variant, s)).collect();
            let mut words = format!(
                "Announced: {} arrived; it attacks {}",
                sighting_words(variant, arrived),
                if attacked.is_empty() { "nothing".into() } else { attacked.join(", ") }
            );
            if let Some((sq, what)) = in_front {
                let what = what.map_or("nothing".to_string(), |c| c.to_string());
                words += &format!("; in front of it, on {}: {what}", square_words(variant, *sq));
            }
            words + "."
        }
        ToPlayer::MovedForYou(r) => format!("Your opponent's order moved your piece: {}.", report_words(variant, r)),
        ToPlayer::OrderForOpponent => "Your opponent's order was impossible: give an order for his pieces.".into(),
        ToPlayer::Go { for_opponent, .. } => {
            let whose = if *for_opponent { "for your opponent's pieces" } else { "yours" };
            format!("Your order ({whose}): {PROMPT_HELP}.")
        }
        ToPlayer::Fate(FateReport::Played(r)) => format!("Carried out: {}.", report_words(variant, r)),
        ToPlayer::Fate(FateReport::Impossible(n)) => format!("Impossible. Strikes: {n}."),
        ToPlayer::Fate(FateReport::Refused(why)) => format!("Refused, at no cost: {why}."),
        ToPlayer::Answer(yes) => {
            format!("{}.", if *yes { "Yes, you have a legal move there" } else { "No legal move there" })
        }
        ToPlayer::End { result, reason } => format!("Game over: {result}, {reason}."),
        ToPlayer::Quit => return None,
    };
    Some(text)
}

/// `r on 2d5`.
fn sighting_words(variant: &Variant, s: &Sighting) -> String {
    format!("{} on {}", s.piece, variant.geometry().square_name(s.square))
}

fn square_words(variant: &Variant, sq: Square) -> String {
    variant.geometry().square_name(sq)
}

impl<R: BufRead> Seat for Human<R> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn timed(&self) -> bool {
        false
    }

    fn tell(&mut self, variant: &Variant, messages: &[ToPlayer]) -> Result<(), String> {
        for m in messages {
            if let ToPlayer::View { board, .. } = m {
                crate::outln!("{}", self.diagram(variant, board));
            }
            if let Some(text) = message_words(variant, m) {
                crate::outln!("{text}");
            }
        }
        Ok(())
    }

    fn next(&mut self, _: Option<Instant>) -> Result<(FromPlayer, Instant), Answer> {
        loop {
            let line = match read_line(&mut self.input, MAX_LINE) {
                Ok(Some(Line::Text(line))) => line,
                Ok(Some(Line::TooLong(n))) => {
                    crate::outln!("That line has {n} characters, more than {MAX_LINE}: type {PROMPT_HELP}.");
                    continue;
                }
                Ok(None) | Err(_) => return Err(Answer::Crashed("left the game (end of input)".into())),
            };
            let message = match line.trim() {
                "" => continue,
                "help" | "?" => {
                    crate::outln!("Type {PROMPT_HELP}.");
                    continue;
                }
                "ask" => FromPlayer::Ask,
                "resign" | "quit" => FromPlayer::Resign,
                // A bare order is an order; the referee judges it.
                other => FromPlayer::parse(other)
                    .unwrap_or_else(|_| FromPlayer::Order(other.trim_start_matches("order ").to_string())),
            };
            return Ok((message, Instant::now()));
        }
    }
}
