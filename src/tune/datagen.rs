//! `vorpal datagen`: self-play at a fixed node count from random openings, writing the quiet
//! positions met with each game's result, the data `vorpal tune` fits the evaluation to.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::config::Config;
use crate::engine::Engine;
use crate::pieces::Color;
use crate::random::Rng;
use crate::search::{Limits, MATE};

/// A score from which a game is called won (for the side it favours) when it lasts.
const DECISIVE: i32 = 1500;
/// Plies in a row a decisive score must last to end the game.
const DECISIVE_PLIES: usize = 8;
/// Plies after which a game is called drawn.
const LONGEST_GAME: usize = 400;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Datagen {
    /// The variant.
    pub variant: String,
    /// Games to play.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies before the engine plays.
    pub random_plies: usize,
    /// Seed of the random plies.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// The file written: `FEN;RESULT` per line, RESULT 1, 0.5 or 0 for White.
    pub out: PathBuf,
}

/// What was written.
#[derive(Clone, Copy, Debug, Default)]
pub struct Written {
    /// Games played to the end.
    pub games: usize,
    /// Positions written.
    pub positions: usize,
    /// White's wins, draws and Black's wins.
    pub results: [usize; 3],
}

/// Plays the games and writes their positions; `progress` is called now and then.
pub fn datagen(config: &Config, settings: &Datagen, progress: impl Fn(&Written) + Sync) -> Result<Written, String> {
    config.variant(&settings.variant, &[]).map_err(|e| e.to_string())?;
    let file = File::create(&settings.out).map_err(|e| format!("{}: {e}", settings.out.display()))?;
    let out = Mutex::new((BufWriter::new(file), Written::default()));
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..settings.threads.max(1))
            .map(|_| {
                scope.spawn(|| -> Result<(), String> {
                    let mut engine = Engine::new(config.clone());
                    engine.set_variant(&settings.variant)?;
                    loop {
                        let game = next.fetch_add(1, Ordering::Relaxed);
                        if game >= settings.games {
                            return Ok(());
                        }
                        let Some((lines, result)) = play(&mut engine, settings, game) else { continue };
                        let mut guard = out.lock().unwrap_or_else(|e| e.into_inner());
                        let (writer, written) = &mut *guard;
                        for fen in &lines {
                            writeln!(writer, "{fen};{}", [1.0, 0.5, 0.0][result])
                                .map_err(|e| format!("{}: {e}", settings.out.display()))?;
                        }
                        written.games += 1;
                        written.positions += lines.len();
                        written.results[result] += 1;
                        if written.games % 100 == 0 {
                            progress(written);
                        }
                    }
                })
            })
            .collect();
        // A worker's error (the file could not be written) is the run's.
        workers.into_iter().try_for_each(|w| w.join().unwrap_or_else(|_| Err("a datagen thread failed".into())))
    })?;
    let (mut writer, written) = out.into_inner().unwrap_or_else(|e| e.into_inner());
    writer.flush().map_err(|e| format!("{}: {e}", settings.out.display()))?;
    Ok(written)
}

/// One game: the quiet positions' FENs and the result (0 White won, 1 drawn, 2 Black won), or
/// `None` when the random plies ended it.
fn play(engine: &mut Engine, settings: &Datagen, game: usize) -> Option<(Vec<String>, usize)> {
    let mut rng = Rng::new(settings.seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    engine.set_position(None, &[]).ok()?;
    engine.clear_hash();
    for _ in 0..settings.random_plies {
        let moves = engine.legal_moves();
        if moves.is_empty() {
            return None;
        }
        engine.make(moves[rng.below(moves.len())]);
    }
    engine.outcome().is_none().then_some(())?;
    let mut fens = Vec::new();
    let mut decisive = (0, 0);
    for _ in 0..LONGEST_GAME {
        if let Some(end) = engine.outcome() {
            let result = match end.winner {
                Some(Color::White) => 0,
                None => 1,
                Some(Color::Black) => 2,
            };
            return Some((fens, result));
        }
        let limits = Limits { nodes: Some(settings.nodes), ..Limits::default() };
        let info = engine.think(limits, |_, _, _| {})?;
        let mv = *info.pv.first()?;
        let white_score = if engine.position().side() == Color::White { info.score } else { -info.score };
        // Positions where the best move is quiet and no king is in check: there the static
        // evaluation is what the search would say, near enough to be fitted to.
        if mv.is_quiet() && info.score.abs() < DECISIVE && !engine.in_check() {
            fens.push(engine.position().to_fen());
        }
        decisive = match white_score.signum() {
            s if white_score.abs() >= DECISIVE && s == decisive.0 => (s, decisive.1 + 1),
            s if white_score.abs() >= DECISIVE => (s, 1),
            _ => (0, 0),
        };
        if decisive.1 >= DECISIVE_PLIES || info.score.abs() >= MATE - 1000 && decisive.1 >= 2 {
            return Some((fens, if decisive.0 > 0 { 0 } else { 2 }));
        }
        engine.make(mv);
    }
    Some((fens, 1))
}
