//! `vorpal match`: engine-vs-engine matches in every variant, Vorpal's rules as the arbiter,
//! with PGN output, Elo, LOS and SPRT.

pub mod engine;
pub mod game;
pub mod opening;
pub mod pgn;
pub mod stats;

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

use engine::{Engine, EngineSpec, IoLog};
use game::{play_game, GameRecord, GameRules};
use opening::Opening;
use stats::{Pairs, Score, Sprt, Verdict};

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
    /// Where every line to and from the engines is written, if anywhere.
    pub debug: Option<PathBuf>,
}

/// How a match ended.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The first engine's score.
    pub score: Score,
    /// The first engine's points in each pair of games of one opening.
    pub pairs: Pairs,
    /// The SPRT's verdict and the number of games it was reached at, if one ran.
    pub verdict: Option<(Verdict, u32)>,
}

/// What a game slot tells the match.
enum Report {
    /// Game `index` (from 0) starts between these players, White first.
    Started(usize, [String; 2]),
    /// Game `index` is over (boxed: a record is far larger than the other reports).
    Finished(usize, Box<GameRecord>),
    /// The match cannot go on: why.
    Failed(String),
}

/// Plays the match, printing what cutechess-cli prints (each game's start and end, the running
/// score, Elo, the pairs and the SPRT) so that scripts written for it read Vorpal's matches too;
/// on a terminal a progress bar follows, rewritten in place. Returns the final score.
pub fn run_match(config: &MatchConfig) -> Result<MatchResult, String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<Report>();
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
    let log = match &config.debug {
        Some(path) => Some(IoLog::new(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("--debug {}: {e}", path.display()))?,
        )),
        None => None,
    };
    let terminal = std::io::stdout().is_terminal();
    let mut score = Score::default();
    let mut pairs = Pairs::default();
    let mut halves: HashMap<usize, f64> = HashMap::new();
    let mut verdict = None;
    let mut failure = None;
    std::thread::scope(|scope| {
        for slot in 0..config.concurrency.max(1) {
            let (tx, next, stop, log) = (tx.clone(), &next, &stop, log.clone());
            scope.spawn(move || worker(config, next, stop, &tx, log, slot));
        }
        drop(tx);
        let mut names: Option<[String; 2]> = None;
        let clear_bar = || {
            if terminal {
                crate::out!("\r\x1b[K");
            }
        };
        while let Ok(report) = rx.recv() {
            let (index, record) = match report {
                Report::Finished(index, record) => (index, record),
                Report::Started(index, players) => {
                    clear_bar();
                    crate::outln!("Started game {} of {} ({} vs {})", index + 1, config.games, players[0], players[1]);
                    if terminal {
                        crate::out!("{}", progress_bar(score.games() as usize, config.games));
                    }
                    continue;
                }
                Report::Failed(e) => {
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
            let points = match (record.result.as_str(), first_is_white) {
                ("1-0", true) | ("0-1", false) => 1.0,
                ("1-0", false) | ("0-1", true) => 0.0,
                _ => 0.5,
            };
            match points {
                1.0 => score.wins += 1,
                0.0 => score.losses += 1,
                _ => score.draws += 1,
            }
            // The two games of an opening make a pair, whichever order they end in.
            if let Some(other) = halves.remove(&(index / 2)) {
                pairs.add(other, points);
            } else {
                halves.insert(index / 2, points);
            }
            if let Some(file) = pgn.as_mut() {
                let text = pgn::write_game(&record, &config.rules.variant, index + 1);
                if let Err(e) = file.write_all(text.as_bytes()) {
                    failure.get_or_insert(format!("--pgn: {e}"));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            clear_bar();
            crate::outln!(
                "Finished game {} ({} vs {}): {} {{{}}}",
                index + 1,
                record.players[0],
                record.players[1],
                record.result,
                record.reason
            );
            // Once the test has decided it stays decided; games already running still count.
            if let Some(sprt) =
                config.sprt.as_ref().filter(|_| !matches!(verdict, Some((Verdict::H0 | Verdict::H1, _))))
            {
                let v = sprt.verdict(&score);
                verdict = Some((v, score.games()));
                if v != Verdict::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            for line in score_lines(names, &score, &pairs, config.sprt.as_ref()) {
                crate::outln!("{line}");
            }
            if terminal {
                crate::out!("{}", progress_bar(score.games() as usize, config.games));
            }
            let _ = std::io::stdout().flush();
        }
        clear_bar();
    });
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(MatchResult { score, pairs, verdict })
}

/// One game slot: keeps its two engines running between games, restarts one that crashed or hung.
fn worker(
    config: &MatchConfig,
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: &std::sync::mpsc::Sender<Report>,
    log: Option<IoLog>,
    slot: usize,
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
        for (i, (engine, spec)) in engines.iter_mut().zip(&config.engines).enumerate() {
            if engine.is_none() {
                // Known in the log by its place in the match and its game slot: "2.1" is the
                // second engine of the first slot.
                let label = format!("{}.{}", i + 1, slot + 1);
                match Engine::start(spec, variant, log.clone().map(|log| (log, label))) {
                    Ok(started) => *engine = Some(started),
                    Err(e) => {
                        let _ = tx.send(Report::Failed(e));
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
        let players = if first_is_white { [&a.name, &b.name] } else { [&b.name, &a.name] };
        let _ = tx.send(Report::Started(index, players.map(String::clone)));
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
        if tx.send(Report::Finished(index, Box::new(record))).is_err() {
            break;
        }
    }
    for engine in engines.into_iter().flatten() {
        engine.quit();
    }
}

/// The running score as cutechess-cli writes it after a game: the score line, the Elo line, the
/// pentanomial counts of the finished pairs (as fastchess writes them) and, with a test, the
/// SPRT line.
pub fn score_lines(names: &[String; 2], score: &Score, pairs: &Pairs, sprt: Option<&Sprt>) -> Vec<String> {
    let elo = |value: Option<(f64, f64)>| match value {
        Some((elo, error)) => format!("{elo:.1} +/- {error:.1}"),
        None if score.fraction() >= 0.5 => "inf +/- nan".into(),
        None => "-inf +/- nan".into(),
    };
    let mut lines = vec![
        format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            names[0],
            names[1],
            score.wins,
            score.losses,
            score.draws,
            score.fraction(),
            score.games()
        ),
        format!(
            "Elo difference: {}, LOS: {:.1} %, DrawRatio: {:.1} %",
            elo(score.elo()),
            score.los() * 100.0,
            score.draws as f64 * 100.0 / score.games().max(1) as f64
        ),
    ];
    if pairs.total() > 0 {
        let [a, b, c, d, e] = pairs.counts;
        let ratio = match pairs.draw_draw {
            0 => "inf".to_string(),
            dd => format!("{:.2}", pairs.win_loss as f64 / dd as f64),
        };
        lines.push(format!("Ptnml(0-2): [{a}, {b}, {c}, {d}, {e}], WL/DD Ratio: {ratio}"));
        lines.push(format!("Elo difference (pentanomial): {}", elo(pairs.elo())));
    }
    if let Some(sprt) = sprt {
        let (low, high) = sprt.bounds();
        let llr = sprt.llr(score);
        let verdict = match sprt.verdict(score) {
            Verdict::Continue => "",
            Verdict::H0 => " - H0 was accepted",
            Verdict::H1 => " - H1 was accepted",
        };
        lines.push(format!(
            "SPRT: llr {} ({:.1}%), lbound {}, ubound {}{verdict}",
            significant(llr),
            llr / high * 100.0,
            significant(low),
            significant(high)
        ));
    }
    lines
}

/// `x` with three significant digits, as cutechess-cli writes the SPRT's numbers.
fn significant(x: f64) -> String {
    let digits = if x == 0.0 { 0 } else { (2 - x.abs().log10().floor() as i32).max(0) as usize };
    let text = format!("{x:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A bar of the games played so far, for a terminal.
fn progress_bar(done: usize, total: usize) -> String {
    const WIDTH: usize = 20;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH).min(WIDTH);
    format!("[{}{}] {done}/{total}", "#".repeat(filled), ".".repeat(WIDTH - filled))
}
