//! PGN out: the games of a match, in SAN or Vorpal's notation, with cutechess-cli's comments.

use std::fmt::Write as _;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use std::sync::Arc;

use super::answer::Thought;
use super::game::Game;
use crate::engine::rules_of;
use crate::movegen::san::has_san;
use crate::position::Position;
use crate::search::{MATE, MAX_PLY};
use crate::variant::Variant;

/// Where a game was played, for the PGN's first tags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The `Event` tag: "Vorpal match", "Casual game".
    pub name: String,
    /// The `Site` tag.
    pub site: String,
    /// The `Round` tag: the game's number in a match, or "-" for a game on its own.
    pub round: String,
}

impl Event {
    /// Game `number` of a `vorpal match`.
    pub fn match_game(number: usize) -> Event {
        Event { name: "Vorpal match".into(), site: "?".into(), round: number.to_string() }
    }

    /// A game on its own, not a round of anything: Round is "-", as PGN writes it.
    pub fn casual(name: &str, site: &str) -> Event {
        Event { name: name.into(), site: site.into(), round: "-".into() }
    }
}

/// The PGN text of a game, finished or under way (`Result "*"`, and no `Termination`): FIDE chess in SAN with no `Variant` tag, so that every chess
/// tool reads it (other one-board variants with FIDE rules in SAN too, with their tag); the
/// other variants in Vorpal's notation. An engine's move carries what it reported
/// as cutechess-cli writes it (`{+0.25/12 0.534s}`: score in pawns from its side, depth, time
/// used), then the clock left (`[%clk H:MM:SS.mmm]`); a hidden game's move is preceded in its
/// comment by the orders given for it and their fates, and its tags name both setups.
pub fn write_game(record: &Game, variant: &Arc<Variant>, event: &Event) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", value.replace('\\', "\\\\").replace('"', "\\\""));
    };
    tag("Event", &event.name);
    tag("Site", &event.site);
    tag("Date", &today());
    tag("Round", &event.round);
    tag("White", &record.players[0]);
    tag("Black", &record.players[1]);
    tag("Result", &record.result);
    let start = Position::from_fen(variant.clone(), &record.opening.fen).ok();
    let san = start.as_ref().is_some_and(has_san);
    // Every variant but FIDE chess names itself, fischerandom included: read as FIDE chess
    // its castling would be wrong.
    if !variant.is_fide_chess() {
        tag("Variant", &variant.name);
    }
    if record.opening.fen != variant.start_fen {
        tag("FEN", &record.opening.fen);
        tag("SetUp", "1");
    }
    match record.time_controls() {
        [white, black] if white == black => tag("TimeControl", &white.pgn_tag()),
        [white, black] => {
            tag("WhiteTimeControl", &white.pgn_tag());
            tag("BlackTimeControl", &black.pgn_tag());
        }
    }
    if let Some([white, black]) = record.setups {
        tag("Hidden", "true");
        tag("WhiteSetup", &white.to_string());
        tag("BlackSetup", &black.to_string());
    }
    let finished = record.is_over();
    if finished {
        tag("Termination", record.termination.tag());
    }
    tag("PlyCount", &record.moves.len().to_string());
    out.push('\n');
    let black_starts = record.opening.fen.split_whitespace().nth(1) == Some("b");
    let first_number: usize = record.opening.fen.split_whitespace().nth(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut tokens = Vec::new();
    let mut pos = start.filter(|_| san);
    for (i, played) in record.moves.iter().enumerate() {
        let ply = i + usize::from(black_starts);
        let number = first_number + ply / 2;
        if ply % 2 == 0 {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(match pos.as_mut() {
            Some(pos) => {
                let text = rules_of::san(pos, played.mv);
                pos.make(played.mv);
                text
            }
            None => played.mv.to_text(variant),
        });
        if i < record.book_moves {
            tokens.push("{book}".into());
        } else {
            let clock = played.clock.map(|c| format!(" [%clk {}]", clock_text(c))).unwrap_or_default();
            // A hidden game's move carries the orders given for it instead of an engine's score;
            // a move whose player reported nothing (a person's) carries only its time.
            let said = if !played.notes.is_empty() {
                played.notes.iter().map(|n| format!("{}; ", n.replace('}', ")"))).collect::<String>()
            } else if played.thought == Thought::default() {
                String::new()
            } else {
                format!("{} ", thought_text(played.thought))
            };
            tokens.push(format!("{{{said}{:.3}s{clock}}}", played.elapsed.as_secs_f64()));
        }
    }
    if finished && !record.reason.is_empty() {
        tokens.push(format!("{{{}}}", record.reason.replace('}', ")")));
    }
    tokens.push(record.result.clone());
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// An engine's score and depth as cutechess-cli writes them: `+0.25/12`, `-M3/20` (mated in 3).
fn thought_text(thought: Thought) -> String {
    let score = thought.score.unwrap_or(0);
    let value = if score.abs() > MATE - MAX_PLY as i32 {
        let moves = (MATE - score.abs() + 1) / 2;
        format!("{}M{moves}", if score > 0 { "+" } else { "-" })
    } else if score == 0 {
        "0.00".to_string()
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    };
    format!("{value}/{}", thought.depth.unwrap_or(0))
}

/// `H:MM:SS.mmm`.
fn clock_text(d: Duration) -> String {
    let ms = d.as_millis();
    format!("{}:{:02}:{:02}.{:03}", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
}

/// Today's date as PGN writes it, `YYYY.MM.DD` (UTC).
fn today() -> String {
    let days = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() / 86_400).unwrap_or(0) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_clocks_are_written_as_pgn_wants() {
        let date = today();
        assert_eq!(date.len(), 10);
        assert!(date.starts_with("20"), "{date}");
        assert_eq!(clock_text(Duration::from_millis(3_723_045)), "1:02:03.045");
    }
}
