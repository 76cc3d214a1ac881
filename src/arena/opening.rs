//! Where the games of a match start: positions from an EPD/FEN file, games from a PGN file, or
//! a few random plies from the variant's start position.

use std::path::PathBuf;
use std::sync::Arc;

use super::pgn_reader::read_games;
use crate::engine::rules_of::{legal_moves, outcome, read_move};
use crate::input::read_file;
use crate::movegen::Move;
use crate::notation::variant_from_uci;
use crate::notation::xboard::Display;
use crate::position::Position;
use crate::random::Rng;
use crate::variant::{Variant, FIDE_CHESS};

/// The largest opening book read.
const MAX_OPENINGS_BYTES: u64 = 256 << 20;

/// A start position and the moves played from it before the engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Vorpal's FEN of the start position.
    pub fen: String,
    /// Moves in Vorpal's notation.
    pub moves: Vec<String>,
}

/// Where a match's openings come from, as cutechess-cli's `-openings` says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// The file.
    pub file: PathBuf,
    /// Whether it is a PGN file (else EPD/FEN lines).
    pub pgn: bool,
    /// Play the openings in a shuffled order (by the match's seed) instead of the file's.
    pub random: bool,
    /// From a PGN game, at most this many of its moves.
    pub plies: Option<usize>,
    /// The opening (from 1) to begin with.
    pub start: usize,
}

impl Book {
    /// Parses `--openings`: a file's path alone, or cutechess-cli's settings `file=PATH
    /// [format=epd|pgn] [order=sequential|random] [plies=N] [start=N]`. The format defaults to
    /// the file's ending (`.pgn`, else EPD).
    pub fn parse(text: &str) -> Result<Book, String> {
        let settings: Vec<(&str, &str)> = text.split_whitespace().filter_map(|w| w.split_once('=')).collect();
        if !settings.iter().any(|(key, _)| *key == "file") {
            let file = PathBuf::from(text);
            let pgn = file.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
            return Ok(Book { file, pgn, random: false, plies: None, start: 1 });
        }
        let mut book = Book { file: PathBuf::new(), pgn: false, random: false, plies: None, start: 1 };
        let mut format = None;
        for word in text.split_whitespace() {
            let number = |value: &str| value.parse::<usize>().ok().filter(|&n| n > 0);
            match word.split_once('=') {
                Some(("file", path)) => book.file = PathBuf::from(path),
                Some(("format", f @ ("epd" | "pgn"))) => format = Some(f == "pgn"),
                Some(("order", o @ ("sequential" | "random"))) => book.random = o == "random",
                Some(("plies", n)) => book.plies = Some(number(n).ok_or(format!("--openings: plies={n}"))?),
                Some(("start", n)) => book.start = number(n).ok_or(format!("--openings: start={n}"))?,
                _ => {
                    return Err(format!(
                        "--openings: '{word}' is not a setting (file=PATH format=epd|pgn order=sequential|random \
                         plies=N start=N)"
                    ))
                }
            }
        }
        book.pgn = format.unwrap_or_else(|| book.file.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn")));
        Ok(book)
    }

    /// The openings of the file, checked against `variant`'s rules, in the order asked for
    /// (`seed` shuffles them), beginning at `start`.
    pub fn read(&self, variant: &Arc<Variant>, seed: u64) -> Result<Vec<Opening>, String> {
        let source = self.file.display().to_string();
        let text = read_file(&self.file, MAX_OPENINGS_BYTES, "--openings")?;
        let mut openings = if self.pgn {
            read_pgn_openings(variant, &text, &source, self.plies)?
        } else {
            read_openings(variant, &text, &source)?
        };
        if self.start > openings.len() {
            return Err(format!("{source}: start={} but the file has {} openings", self.start, openings.len()));
        }
        if self.random {
            let mut rng = Rng::new(seed);
            for i in (1..openings.len()).rev() {
                openings.swap(i, rng.below(i + 1));
            }
        }
        openings.rotate_left(self.start - 1);
        Ok(openings)
    }
}

/// Reads an EPD/FEN list in Vorpal's FEN: one position per line, `#` comments and blank lines
/// skipped. A line is a whole FEN, or an EPD record: the first four fields, then operations
/// (`bm e4; id "x";`), of which `hmvc` and `fmvn` set the move counters and the rest are
/// ignored. Every position is checked.
pub fn read_openings(variant: &Arc<Variant>, text: &str, source: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = epd_to_fen(line);
        let pos = Position::from_fen(variant.clone(), &fen).map_err(|e| format!("{source}:{}: {e}", i + 1))?;
        openings.push(Opening { fen: pos.to_fen(), moves: Vec::new() });
    }
    if openings.is_empty() {
        return Err(format!("{source}: no position in the file"));
    }
    Ok(openings)
}

/// A FEN from an EPD record or a FEN line: the four position fields, the move counters (from
/// the line, else from `hmvc` and `fmvn`, else 0 and 1), and the `key:value` fields Vorpal's
/// variants add.
fn epd_to_fen(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(position) = words.get(..4) else { return line.to_string() };
    let counters = words.get(4..6).filter(|c| c.iter().all(|w| w.parse::<u32>().is_ok()));
    let rest = &words[if counters.is_some() { 6 } else { 4 }.min(words.len())..];
    let extras: Vec<&str> = rest.iter().copied().take_while(|w| w.contains(':') && !w.contains(';')).collect();
    let operations = rest[extras.len()..].join(" ");
    let operation = |code: &str| {
        operations.split(';').find_map(|op| {
            let mut parts = op.split_whitespace();
            (parts.next() == Some(code)).then(|| parts.next().unwrap_or("").to_string())
        })
    };
    let [halfmove, fullmove] = match counters {
        Some(c) => [c[0].to_string(), c[1].to_string()],
        None => [operation("hmvc").unwrap_or("0".into()), operation("fmvn").unwrap_or("1".into())],
    };
    [&position.join(" "), halfmove.as_str(), fullmove.as_str()].into_iter().chain(extras).collect::<Vec<_>>().join(" ")
}

/// The openings of a PGN file: each game's start (its `FEN` tag, else the variant's start) and
/// its moves (SAN or Vorpal's notation), at most `plies` of them. A game of another variant (its
/// `Variant` tag) or with a move that is not legal is an error naming it.
fn read_pgn_openings(
    variant: &Arc<Variant>,
    text: &str,
    source: &str,
    plies: Option<usize>,
) -> Result<Vec<Opening>, String> {
    let games = read_games(text).map_err(|e| format!("{source}: {e}"))?;
    let mut openings = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let at = |what: String| format!("{source}: game {}: {what}", i + 1);
        let named = game.tag("Variant").map(|v| v.to_ascii_lowercase());
        if named.as_deref().is_some_and(|v| variant_from_uci(v) != FIDE_CHESS && v != variant.name) {
            return Err(at(format!("a game of {} in a match of {}", named.unwrap_or_default(), variant.name)));
        }
        let fen = game.tag("FEN").unwrap_or(&variant.start_fen);
        let mut pos = Position::from_fen(variant.clone(), fen).map_err(|e| at(e.to_string()))?;
        let start = pos.to_fen();
        let mut moves = Vec::new();
        for text in game.moves.iter().take(plies.unwrap_or(usize::MAX)) {
            let mv = read_move(&mut pos, text).map_err(|e| at(e.to_string()))?;
            moves.push(mv.to_text(variant));
            pos.make(mv);
        }
        openings.push(Opening { fen: start, moves });
    }
    if openings.is_empty() {
        return Err(format!("{source}: no game in the file"));
    }
    Ok(openings)
}

/// `plies` random legal plies from the start position, after which the game is not over and the
/// side to move cannot end it at once (else the opening, not the engines, decides the game).
/// With `xboard` (an engine of the match speaks XBoard), only moves XBoard can show are played:
/// no castling outside FIDE chess, no pawn move it would take for en passant.
pub fn random_opening(variant: &Arc<Variant>, plies: usize, rng: &mut Rng, xboard: Option<&Display>) -> Opening {
    let shown = |pos: &Position, mv: &Move| xboard.is_none_or(|d| d.shows_move(pos, mv));
    let (pos, moves) = random_moves_where(variant, plies, rng, shown);
    Opening { fen: pos.to_fen(), moves: moves.iter().map(|m| m.to_text(variant)).collect() }
}

/// The start position and `plies` random moves from it, chosen as [`random_opening`] says for
/// engines that can show every move; the position returned is the one before the moves.
pub fn random_moves(variant: &Arc<Variant>, plies: usize, rng: &mut Rng) -> (Position, Vec<Move>) {
    random_moves_where(variant, plies, rng, |_, _| true)
}

/// [`random_moves`] among the moves `allowed` lets through.
fn random_moves_where(
    variant: &Arc<Variant>,
    plies: usize,
    rng: &mut Rng,
    allowed: impl Fn(&Position, &Move) -> bool,
) -> (Position, Vec<Move>) {
    let start = Position::start(variant.clone()).expect("the start position of a loaded variant is valid");
    loop {
        let mut pos = start.clone();
        let mut played = Vec::new();
        for _ in 0..plies {
            let mut moves = legal_moves(&mut pos);
            moves.retain(|m| allowed(&pos, m));
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.make(mv);
            played.push(mv);
        }
        if outcome(&mut pos).is_some() {
            continue;
        }
        let decisive = legal_moves(&mut pos).into_iter().any(|m| {
            pos.make(m);
            let over = outcome(&mut pos).is_some();
            pos.unmake();
            over
        });
        if !decisive {
            return (start, played);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn epd_records_become_fens_with_their_counters() {
        assert_eq!(epd_to_fen("8/8/8/8/8/8/8/K6k w - - bm Kb2; id \"x\";"), "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(epd_to_fen("8/8/8/8/8/8/8/K6k b - - hmvc 7; fmvn 40;"), "8/8/8/8/8/8/8/K6k b - - 7 40");
        assert_eq!(epd_to_fen("8/8/8/8/8/8/8/K6k w - - 3 9"), "8/8/8/8/8/8/8/K6k w - - 3 9");
        let monochrome = "8/8/8/8/8/8/8/K6k w - - 0 1 score:1-0 last:- c0 \"x\";";
        assert_eq!(epd_to_fen(monochrome), "8/8/8/8/8/8/8/K6k w - - 0 1 score:1-0 last:-");
    }

    #[test]
    fn openings_settings_read_as_cutechess_writes_them() {
        let plain = Book::parse("my book.pgn").unwrap();
        assert_eq!((plain.file, plain.pgn, plain.random, plain.start), (PathBuf::from("my book.pgn"), true, false, 1));
        let full = Book::parse("file=a.txt format=pgn order=random plies=6 start=3").unwrap();
        assert_eq!((full.pgn, full.random, full.plies, full.start), (true, true, Some(6), 3));
        assert!(!Book::parse("file=a.epd").unwrap().pgn);
        for bad in ["file=a.epd order=shuffled", "file=a.epd plies=0", "file=a.epd depth=3"] {
            assert!(Book::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn pgn_games_become_openings_in_san_or_vorpal_notation() {
        let normal = Config::builtin().variant("normal", &[]).unwrap();
        let text =
            "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *\n";
        let openings = read_pgn_openings(&normal, text, "t.pgn", Some(3)).unwrap();
        assert_eq!(openings[0].moves, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(openings[1].fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!(openings[1].moves, ["e1g1", "e8d7"]);
        let alice = Config::builtin().variant("alice", &[]).unwrap();
        let text = "[Variant \"alice\"]\n\n1. 1e22e4 1d72d5 *\n";
        assert_eq!(read_pgn_openings(&alice, text, "t.pgn", None).unwrap()[0].moves, ["1e22e4", "1d72d5"]);
        let wrong = read_pgn_openings(&normal, text, "t.pgn", None).unwrap_err();
        assert!(wrong.contains("game 1: a game of alice"), "{wrong}");
        let illegal = read_pgn_openings(&normal, "1. e5 *\n", "t.pgn", None).unwrap_err();
        assert!(illegal.contains("t.pgn: game 1:"), "{illegal}");
    }

    #[test]
    fn random_openings_for_xboard_engines_hold_only_moves_xboard_can_show() {
        let lma = Config::builtin().variant("lma", &[]).unwrap();
        let display = Display::new(&lma).unwrap();
        let mut rng = Rng::new(3);
        let (mut castled_anyway, mut castled_shown) = (0, 0);
        for _ in 0..300 {
            for (xboard, castled) in [(None, &mut castled_anyway), (Some(&display), &mut castled_shown)] {
                let opening = random_opening(&lma, 4, &mut rng, xboard);
                let mut pos = Position::from_fen(lma.clone(), &opening.fen).unwrap();
                for text in &opening.moves {
                    let mv = read_move(&mut pos, text).unwrap();
                    *castled += usize::from(mv.rook().is_some());
                    assert!(xboard.is_none_or(|d| !d.misreads_as_en_passant(&pos, &mv)), "{text}");
                    pos.make(mv);
                }
            }
        }
        assert!(castled_anyway > 0, "LMA's random openings castle now and then");
        assert_eq!(castled_shown, 0);
    }
}
