//! `vorpal match`: engine-vs-engine matches in every variant, Vorpal's rules as the arbiter,
//! with PGN output, Elo, LOS and SPRT.

pub mod engine;
pub mod game;
pub mod opening;
pub mod pgn;
pub mod stats;

use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

use engine::{Engine, EngineSpec};
use game::{play_game, GameRecord, GameRules};
use opening::Opening;
use stats::{Score, Sprt, Verdict};

/// Everything a match needs.
#[derive(Clone)]
pub struct MatchConfig {
    /// The two engines; the score is the first one's.
    pub engines: [EngineSpec; 2],
    /// Variant, time control, adjudication.
    pub rules: GameRules,
    /// Games to play at most.
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Start positions; each is played twice, colours swapped.
    pub openings: Vec<Opening>,
    /// Where games are appended.
    pub pgn: Option<PathBuf>,
    /// The test that may end the match early.
    pub sprt: Option<Sprt>,
}

/// How a match ended.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The first engine's score.
    pub score: Score,
    /// The SPRT's verdict and the number of games it was reached at, if one ran.
    pub verdict: Option<(Verdict, u32)>,
}

/// Plays the match, printing a line per game and the running score; returns the final score.
pub fn run_match(config: &MatchConfig) -> Result<MatchResult, String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<Result<(usize, GameRecord), String>>();
    let mut pgn = match &config.pgn {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("--pgn {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let terminal = std::io::stdout().is_terminal();
    let mut score = Score::default();
    let mut verdict = None;
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            let (tx, next, stop) = (tx.clone(), &next, &stop);
            scope.spawn(move || worker(config, next, stop, &tx));
        }
        drop(tx);
        let mut names: Option<[String; 2]> = None;
        while let Ok(message) = rx.recv() {
            let (index, record) = match message {
                Ok(game) => game,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                    continue;
                }
            };
            let first_is_white = index.is_multiple_of(2);
            let names = names.get_or_insert_with(|| {
                let (w, b) = (record.players[0].clone(), record.players[1].clone());
                if first_is_white {
                    [w, b]
                } else {
                    [b, w]
                }
            });
            match (record.result.as_str(), first_is_white) {
                ("1-0", true) | ("0-1", false) => score.wins += 1,
                ("1-0", false) | ("0-1", true) => score.losses += 1,
                _ => score.draws += 1,
            }
            if let Some(file) = pgn.as_mut() {
                let text = pgn::write_game(&record, &config.rules.variant, config.rules.tc, index + 1);
                if let Err(e) = file.write_all(text.as_bytes()) {
                    failure.get_or_insert(format!("--pgn: {e}"));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if terminal {
                crate::out!("\r\x1b[K");
            }
            crate::outln!(
                "Game {} of {}: {} vs {}: {} {{{}}}",
                index + 1,
                config.games,
                record.players[0],
                record.players[1],
                record.result,
                record.reason
            );
            let status = status_line(names, &score, config.sprt.as_ref());
            if terminal {
                crate::out!("{} {status}", progress_bar(score.games() as usize, config.games));
            } else {
                crate::outln!("{status}");
            }
            let _ = std::io::stdout().flush();
            // Once the test has decided it stays decided; games already running still count.
            if let Some(sprt) =
                config.sprt.as_ref().filter(|_| !matches!(verdict, Some((Verdict::H0 | Verdict::H1, _))))
            {
                let v = sprt.verdict(&score);
                verdict = Some((v, score.games()));
                if v != Verdict::Continue {
                    crate::outln!(
                        "SPRT: {} accepted after {} games",
                        if v == Verdict::H1 { "H1" } else { "H0" },
                        score.games()
                    );
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        if terminal {
            crate::outln!();
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(MatchResult { score, verdict })
}

/// One game slot: keeps its two engines running between games, restarts one that crashed or hung.
fn worker(
    config: &MatchConfig,
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: &std::sync::mpsc::Sender<Result<(usize, GameRecord), String>>,
) {
    let variant = &config.rules.variant;
    let mut engines: [Option<Engine>; 2] = [None, None];
    let mut names: [Option<String>; 2] = [None, None];
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.games {
            break;
        }
        for (slot, spec) in engines.iter_mut().zip(&config.engines) {
            if slot.is_none() {
                match Engine::start(spec, variant) {
                    Ok(engine) => *slot = Some(engine),
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
            }
        }
        let [a, b] = &mut engines;
        let (a, b) = (a.as_mut().expect("started"), b.as_mut().expect("started"));
        if names[0].is_none() {
            let same = a.name == b.name;
            names = [0, 1].map(|i| {
                let name = [&a.name, &b.name][i].clone();
                Some(if same { format!("{name} [{}]", i + 1) } else { name })
            });
        }
        a.name = names[0].clone().expect("named");
        b.name = names[1].clone().expect("named");
        let opening = &config.openings[(index / 2) % config.openings.len()];
        let first_is_white = index.is_multiple_of(2);
        let record = if first_is_white {
            play_game(&config.rules, opening, [a, b])
        } else {
            play_game(&config.rules, opening, [b, a])
        };
        for (colour, broken) in record.broken.iter().enumerate() {
            let engine_index = if first_is_white { colour } else { 1 - colour };
            if *broken {
                engines[engine_index] = None;
            } else if let Some(engine) = engines[engine_index].as_mut() {
                engine.game_over(&record.result, &record.reason);
            }
        }
        if tx.send(Ok((index, record))).is_err() {
            break;
        }
    }
    for engine in engines.into_iter().flatten() {
        engine.quit();
    }
}

/// The running score: W-L-D, the score in percent, Elo ± error, LOS, and the LLR.
pub fn status_line(names: &[String; 2], score: &Score, sprt: Option<&Sprt>) -> String {
    let elo = match score.elo() {
        Some((elo, error)) => format!("Elo {elo:+.1} ± {error:.1}"),
        None => "Elo -".into(),
    };
    let mut line = format!(
        "Score of {} vs {}: {} - {} - {} [{:.3}] {} | {elo} | LOS {:.1} %",
        names[0],
        names[1],
        score.wins,
        score.losses,
        score.draws,
        score.fraction(),
        score.games(),
        score.los() * 100.0
    );
    if let Some(sprt) = sprt {
        let (low, high) = sprt.bounds();
        let verdict = match sprt.verdict(score) {
            Verdict::Continue => String::new(),
            Verdict::H0 => " H0 accepted".into(),
            Verdict::H1 => " H1 accepted".into(),
        };
        line.push_str(&format!(" | LLR {:.2} ({low:.2}, {high:.2}){verdict}", sprt.llr(score)));
    }
    line
}

fn progress_bar(done: usize, total: usize) -> String {
    const WIDTH: usize = 20;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH).min(WIDTH);
    format!("[{}{}] {done}/{total}", "#".repeat(filled), ".".repeat(WIDTH - filled))
}
