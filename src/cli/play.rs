//! `vorpal play` and `play-hidden`: moves applied to a position, a PGN game replayed, and a
//! person at the terminal against an lgp engine.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::args::PositionArgs;
use super::{bad, parse_options, position, start_fen, Failure};
use crate::arena::answer::Thought;
use crate::arena::client::{EngineSpec, Protocol};
use crate::arena::game::{Adjudication, Game, GameRules, HiddenRules};
use crate::arena::hidden_game::play_hidden_game;
use crate::arena::human::Human;
use crate::arena::opening::Opening;
use crate::arena::{self, pgn_reader};
use crate::config::Config;
use crate::engine::rules_of::read_move;
use crate::input::read_file;
use crate::notation::time_control::TimeControl;
use crate::notation::variant_from_uci;
use crate::pieces::Color;
use crate::position::Position;
use crate::variant::FIDE_CHESS;

/// The largest PGN file `vorpal play --pgn` reads.
pub(super) const MAX_PGN_BYTES: u64 = 256 << 20;

/// Applies moves one by one, then prints the FEN, the boards and the outcome.
pub(super) fn play(mut pos: Position, moves: &[String]) -> Result<(), Failure> {
    let variant = pos.variant().clone();
    let opening = Opening { fen: pos.to_fen(), moves: Vec::new() };
    let mut game = Game::new(&opening, ["White".into(), "Black".into()], [TimeControl::Infinite; 2], Duration::ZERO);
    game.note_outcome(&mut pos);
    for (i, text) in moves.iter().enumerate() {
        if let Some(end) = game.summary() {
            return Err(bad(format!("move {} '{text}': the game is already over, {end}", i + 1)));
        }
        let mv = read_move(&mut pos, text).map_err(|e| bad(format!("move {}: {e}", i + 1)))?;
        game.play(pos.side(), mv, Duration::ZERO, Thought::default(), Vec::new());
        pos.make(mv);
        game.note_outcome(&mut pos);
    }
    crate::outln!("{}", pos.to_fen());
    crate::out!("{}", pos.diagram());
    if variant.family().scores_captures() {
        let s = pos.scores();
        crate::outln!("score {}-{}", s[Color::White], s[Color::Black]);
    }
    match game.summary() {
        Some(end) => crate::outln!("result {end}"),
        None => crate::outln!("result * ({:?} to move)", pos.side()),
    }
    Ok(())
}

/// Replays game `number` of a PGN file.
pub(super) fn play_pgn(config: &Config, path: &Path, number: usize, at: PositionArgs) -> Result<(), Failure> {
    let text = read_file(path, MAX_PGN_BYTES, "--pgn").map_err(bad)?;
    let games = pgn_reader::read_games(&text).map_err(|e| bad(format!("{}: {e}", path.display())))?;
    let game = games
        .get(number.wrapping_sub(1))
        .ok_or_else(|| bad(format!("{}: no game {number} (the file has {})", path.display(), games.len())))?;
    let options = parse_options(&at.options)?;
    let tag = game.tag("Variant").map(str::to_ascii_lowercase);
    let name = tag.as_deref().map_or(FIDE_CHESS, variant_from_uci);
    let variant = config.variant(name, &options).map_err(|e| bad(format!("{}: {e}", path.display())))?;
    let pos = position(&variant, game.tag("FEN"))?;
    play(pos, &game.moves)?;
    if let Some(result) = game.tag("Result") {
        let termination = game.tag("Termination").map(|t| format!(" ({t})")).unwrap_or_default();
        crate::outln!("pgn result {result}{termination}");
    }
    Ok(())
}

/// What `vorpal play-hidden` was asked for.
pub(super) struct HiddenGame {
    pub(super) side: String,
    pub(super) engine: String,
    pub(super) setup: Option<String>,
    pub(super) seed: u64,
    pub(super) st: f64,
    pub(super) rule: String,
    pub(super) pgn: Option<PathBuf>,
}

/// `vorpal play-hidden`: a person at the terminal against an lgp engine, refereed.
pub(super) fn play_hidden(config: &Config, game: HiddenGame) -> Result<(), Failure> {
    let human = match game.side.as_str() {
        "white" | "w" => Color::White,
        "black" | "b" => Color::Black,
        other => return Err(bad(format!("--as {other}: give white or black"))),
    };
    let hidden =
        HiddenRules::parse(&format!("rule={}", game.rule)).map_err(|e| bad(e.replace("--hidden ", "--rule ")))?;
    let variant = config.variant("lookingglass", &[]).map_err(|e| bad(e.to_string()))?;
    let setup = game.setup.clone().unwrap_or_else(|| format!("random:{}", game.seed));
    let fen = start_fen(&variant, None, Some(&setup))?.unwrap_or_else(|| variant.start_fen.clone());
    let per_order = TimeControl::per_move(&game.st.to_string()).map_err(|e| bad(format!("--st: {e}")))?;
    let mut spec = EngineSpec::new("", Protocol::Lgp);
    spec.apply(&game.engine).map_err(|e| bad(format!("--engine {}: {e}", game.engine)))?;
    let mut engine = arena::client::start_lgp(&spec, None).map_err(bad)?;
    let mut person = Human::new(std::io::stdin().lock(), "You");
    let rules = GameRules {
        variant: variant.clone(),
        tc: per_order,
        margin: Duration::from_millis(200),
        adjudication: Adjudication::default(),
        hidden: Some(hidden),
    };
    let opening = Opening { fen, moves: Vec::new() };
    let record = if human == Color::White {
        play_hidden_game(&rules, hidden, &opening, [&mut person, &mut engine], [TimeControl::Infinite, per_order])
    } else {
        play_hidden_game(&rules, hidden, &opening, [&mut engine, &mut person], [per_order, TimeControl::Infinite])
    };
    engine.quit();
    crate::outln!("result {} ({})", record.result, record.reason);
    if let Some(path) = &game.pgn {
        let event = arena::pgn::Event::casual("Hidden Looking-Glass game", "Vorpal, at the terminal");
        let text = arena::pgn::write_game(&record, &variant, &event);
        let failed = |e: std::io::Error| bad(format!("--pgn {}: {e}", path.display()));
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(failed)?;
        std::io::Write::write_all(&mut file, text.as_bytes()).map_err(failed)?;
    }
    Ok(())
}
