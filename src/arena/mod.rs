//! `vorpal match`: engine-vs-engine matches in every variant, Vorpal's rules as the arbiter,
//! with PGN output, Elo, LOS and SPRT.

pub mod answer;
pub mod client;
pub mod clock;
pub mod engine_game;
pub mod game;
pub mod hidden_game;
pub mod human;
pub mod opening;
pub mod pgn;
pub mod pgn_reader;
pub mod seat;
pub mod settings;
pub mod stats;

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;

use client::{Client, EngineSpec, IoLog};
use engine_game::play_game;
use game::{Game, GameRules};
use hidden_game::play_hidden_game;
use opening::Opening;
use stats::{Pairs, Score, Sprt, Verdict};

/// How the engines of a match are paired.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tournament {
    /// Every engine meets every other.
    RoundRobin,
    /// The first engine meets each of the others; they do not meet each other.
    Gauntlet,
}

impl Tournament {
    /// Parses `round-robin` or `gauntlet`, cutechess-cli's names.
    pub fn parse(text: &str) -> Result<Tournament, String> {
        match text {
            "round-robin" | "roundrobin" => Ok(Tournament::RoundRobin),
            "gauntlet" => Ok(Tournament::Gauntlet),
            other => Err(format!("--tournament {other}: give round-robin or gauntlet")),
        }
    }

    /// The encounters of `engines` engines, each as the indices of its two engines.
    pub fn pairings(self, engines: usize) -> Vec<[usize; 2]> {
        let firsts = match self {
            Tournament::RoundRobin => engines,
            Tournament::Gauntlet => 1,
        };
        (0..firsts).flat_map(|a| (a + 1..engines).map(move |b| [a, b])).collect()
    }
}

/// Everything a match needs.
#[derive(Clone)]
pub struct MatchConfig {
    /// The engines.
    pub engines: Vec<EngineSpec>,
    /// Who meets whom, as indices into `engines`; the score of an encounter is its first engine's.
    pub pairings: Vec<[usize; 2]>,
    /// Variant, time control, adjudication.
    pub rules: GameRules,
    /// Games of each encounter.
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Start positions; each is played twice in an encounter, colours swapped.
    pub openings: Vec<Opening>,
    /// Where games are appended.
    pub pgn: Option<PathBuf>,
    /// The test that may end the match early (two engines only).
    pub sprt: Option<Sprt>,
    /// Where every line to and from the engines is written, if anywhere.
    pub debug: Option<PathBuf>,
    /// Who watches the games as they are played (`vorpal match --gui`), if anyone.
    pub watch: Option<Watch>,
}

/// A watcher of a match's games: called with the game's number (from 0) and its record after
/// every move and when it ends.
pub type Watch = Arc<dyn Fn(usize, &Game) + Send + Sync>;

impl MatchConfig {
    /// Games in the whole match.
    pub fn total_games(&self) -> usize {
        self.games * self.pairings.len()
    }
}

/// The games of two engines in a match.
#[derive(Clone, Debug)]
pub struct Encounter {
    /// The two engines, as indices into the match's engines; the score is the first one's.
    pub engines: [usize; 2],
    /// The first engine's score.
    pub score: Score,
    /// The first engine's points in each pair of games of one opening.
    pub pairs: Pairs,
}

/// How a match ended.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The engines' names, as the games show them.
    pub names: Vec<String>,
    /// Each encounter's score, in the order of the match's pairings.
    pub encounters: Vec<Encounter>,
    /// The SPRT's verdict and the number of games it was reached at, if one ran.
    pub verdict: Option<(Verdict, u32)>,
}

impl MatchResult {
    /// Each engine's score over all its games, best first: its index and its score.
    pub fn standings(&self) -> Vec<(usize, Score)> {
        let mut totals = vec![Score::default(); self.names.len()];
        for encounter in &self.encounters {
            let [a, b] = encounter.engines;
            totals[a] += encounter.score;
            totals[b] += encounter.score.reversed();
        }
        let mut ranked: Vec<(usize, Score)> = totals.into_iter().enumerate().collect();
        ranked.sort_by(|x, y| y.1.fraction().total_cmp(&x.1.fraction()).then(x.0.cmp(&y.0)));
        ranked
    }

    /// The ranking table cutechess-cli prints after a tournament of more than two engines.
    pub fn ranking_lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "{:<4} {:<25} {:>7} {:>7} {:>7} {:>7} {:>7}",
            "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw"
        )];
        for (rank, (engine, score)) in self.standings().into_iter().enumerate() {
            let (elo, error) = match score.elo() {
                Some((elo, error)) => (format!("{elo:.0}"), format!("{error:.0}")),
                None if score.fraction() >= 0.5 => ("inf".into(), "nan".into()),
                None => ("-inf".into(), "nan".into()),
            };
            lines.push(format!(
                "{:>4} {:<25} {elo:>7} {error:>7} {:>7} {:>6.1}% {:>6.1}%",
                rank + 1,
                self.names[engine],
                score.games(),
                score.fraction() * 100.0,
                score.draws as f64 * 100.0 / score.games().max(1) as f64
            ));
        }
        lines
    }
}

/// What a game slot tells the match.
enum Report {
    /// Game `index` (from 0) starts between these players, White first.
    Started(usize, [String; 2]),
    /// Game `index` is over (boxed: a record is far larger than the other reports).
    Finished(usize, Box<Game>),
    /// The match cannot go on: why.
    Failed(String),
}

/// Opens `path` for appending, for the option `flag`.
fn append_to(path: &Option<PathBuf>, flag: &str) -> Result<Option<File>, String> {
    path.as_ref()
        .map(|path| {
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("--{flag} {}: {e}", path.display()))
        })
        .transpose()
}

/// The match's running results, kept as the games end in whatever order.
struct Tally {
    encounters: Vec<Encounter>,
    /// The first engine's points in the one finished game of a pair, by encounter and pair.
    halves: HashMap<(usize, usize), f64>,
    /// Games finished.
    played: usize,
    verdict: Option<(Verdict, u32)>,
}

impl Tally {
    /// Counts game `index` of the match; returns its encounter, and whether the SPRT has just
    /// decided the match.
    fn count(&mut self, config: &MatchConfig, index: usize, result: &str) -> (&Encounter, bool) {
        self.played += 1;
        let (pairing, game) = (index / config.games, index % config.games);
        let encounter = &mut self.encounters[pairing];
        let first_is_white = game.is_multiple_of(2);
        let points = match (result, first_is_white) {
            ("1-0", true) | ("0-1", false) => 1.0,
            ("1-0", false) | ("0-1", true) => 0.0,
            _ => 0.5,
        };
        match points {
            1.0 => encounter.score.wins += 1,
            0.0 => encounter.score.losses += 1,
            _ => encounter.score.draws += 1,
        }
        // The two games of an opening make a pair, whichever order they end in.
        if let Some(other) = self.halves.remove(&(pairing, game / 2)) {
            encounter.pairs.add(other, points);
        } else {
            self.halves.insert((pairing, game / 2), points);
        }
        let mut decided = false;
        // Once the test has decided it stays decided; games already running still count.
        if let Some(sprt) =
            config.sprt.as_ref().filter(|_| !matches!(self.verdict, Some((Verdict::H0 | Verdict::H1, _))))
        {
            let v = sprt.verdict(&encounter.pairs);
            self.verdict = Some((v, encounter.score.games()));
            decided = v != Verdict::Continue;
        }
        (encounter, decided)
    }
}

/// Plays the match, printing what cutechess-cli prints (each game's start and end, the running
/// score of the encounter, Elo, the pairs and the SPRT) so that scripts written for it read
/// Vorpal's matches too; on a terminal a progress bar follows, rewritten in place. Every engine
/// is started once before the first game, to learn its name and check it plays the variant.
pub fn run_match(config: &MatchConfig) -> Result<MatchResult, String> {
    let total = config.total_games();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<Report>();
    let mut pgn = append_to(&config.pgn, "pgn")?;
    let log = append_to(&config.debug, "debug")?.map(IoLog::new);
    let first_engines = start_engines(config, log.as_ref())?;
    let names: Vec<String> = first_engines.iter().map(|e| e.as_ref().expect("started").name().to_string()).collect();
    let terminal = std::io::stdout().is_terminal();
    let encounters = config
        .pairings
        .iter()
        .map(|&engines| Encounter { engines, score: Score::default(), pairs: Pairs::default() })
        .collect();
    let mut tally = Tally { encounters, halves: HashMap::new(), played: 0, verdict: None };
    let mut failure = None;
    std::thread::scope(|scope| {
        let mut first_engines = Some(first_engines);
        for slot in 0..config.concurrency.max(1) {
            let engines = match slot {
                0 => first_engines.take().expect("the first slot's"),
                _ => config.engines.iter().map(|_| None).collect(),
            };
            let (tx, next, stop, log, names) = (tx.clone(), &next, &stop, log.clone(), &names);
            scope.spawn(move || worker(config, names, engines, next, stop, &tx, log, slot));
        }
        drop(tx);
        let clear_bar = || {
            if terminal {
                crate::out!("\r\x1b[K");
            }
        };
        while let Ok(report) = rx.recv() {
            clear_bar();
            match report {
                Report::Started(index, players) => {
                    crate::outln!("Started game {} of {total} ({} vs {})", index + 1, players[0], players[1]);
                }
                Report::Failed(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                }
                Report::Finished(index, record) => {
                    if let Some(file) = pgn.as_mut() {
                        let text = pgn::write_game(&record, &config.rules.variant, &pgn::Event::match_game(index + 1));
                        if let Err(e) = file.write_all(text.as_bytes()) {
                            failure.get_or_insert(format!("--pgn: {e}"));
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    let (players, result, reason) = (&record.players, &record.result, &record.reason);
                    crate::outln!(
                        "Finished game {} ({} vs {}): {result} {{{reason}}}",
                        index + 1,
                        players[0],
                        players[1]
                    );
                    let (encounter, decided) = tally.count(config, index, result);
                    if decided {
                        stop.store(true, Ordering::Relaxed);
                    }
                    let pair_names = encounter.engines.map(|i| names[i].clone());
                    for line in score_lines(&pair_names, &encounter.score, &encounter.pairs, config.sprt.as_ref()) {
                        crate::outln!("{line}");
                    }
                }
            }
            if terminal {
                crate::out!("{}", progress_bar(tally.played, total));
            }
            let _ = std::io::stdout().flush();
        }
        clear_bar();
    });
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(MatchResult { names, encounters: tally.encounters, verdict: tally.verdict })
}

/// Starts every engine of the match at once, as the first game slot's: their names, made
/// unique with the engine's place in the match (`Vorpal [2]`) where two are alike.
fn start_engines(config: &MatchConfig, log: Option<&IoLog>) -> Result<Vec<Option<Box<dyn Client>>>, String> {
    let variant = &config.rules.variant;
    let started: Vec<Result<Box<dyn Client>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = config
            .engines
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let log = log.map(|log| (log.clone(), format!("{}.1", i + 1)));
                scope.spawn(move || client::start(spec, variant, log))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("an engine's start panicked".into()))).collect()
    });
    let mut engines = started.into_iter().collect::<Result<Vec<Box<dyn Client>>, String>>()?;
    let given: Vec<String> = engines.iter().map(|e| e.name().to_string()).collect();
    for (i, engine) in engines.iter_mut().enumerate() {
        if given.iter().filter(|n| **n == given[i]).count() > 1 {
            engine.rename(format!("{} [{}]", given[i], i + 1));
        }
    }
    Ok(engines.into_iter().map(Some).collect())
}

/// One game slot: keeps the two engines of its current encounter running between games,
/// restarts one that crashed or hung, and quits those whose encounter is over.
#[allow(clippy::too_many_arguments)]
fn worker(
    config: &MatchConfig,
    names: &[String],
    mut engines: Vec<Option<Box<dyn Client>>>,
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: &std::sync::mpsc::Sender<Report>,
    log: Option<IoLog>,
    slot: usize,
) {
    let variant = &config.rules.variant;
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.total_games() {
            break;
        }
        let pairing = config.pairings[index / config.games];
        let game = index % config.games;
        for (i, engine) in engines.iter_mut().enumerate() {
            if !pairing.contains(&i) {
                if let Some(idle) = engine.take() {
                    idle.quit();
                }
            }
        }
        let mut players = Vec::with_capacity(2);
        for i in pairing {
            let engine = match engines[i].take() {
                Some(engine) => engine,
                None => {
                    // Known in the log by its place in the match and its game slot: "2.1" is the
                    // second engine of the first slot.
                    let label = format!("{}.{}", i + 1, slot + 1);
                    match client::start(&config.engines[i], variant, log.clone().map(|log| (log, label))) {
                        Ok(mut started) => {
                            started.rename(names[i].clone());
                            started
                        }
                        Err(e) => {
                            let _ = tx.send(Report::Failed(e));
                            return;
                        }
                    }
                }
            };
            players.push(engine);
        }
        let [mut a, mut b]: [Box<dyn Client>; 2] = players.try_into().ok().expect("two players");
        let opening = &config.openings[(game / 2) % config.openings.len()];
        let first_is_white = game.is_multiple_of(2);
        let colours = if first_is_white { [a.name(), b.name()] } else { [b.name(), a.name()] };
        let _ = tx.send(Report::Started(index, colours.map(String::from)));
        let players = if first_is_white { [&mut a, &mut b] } else { [&mut b, &mut a] };
        let record = match config.rules.hidden {
            Some(hidden) => {
                let tcs = [0, 1].map(|i| players[i].own_tc().unwrap_or(config.rules.tc));
                let [white, black] = players;
                let names = [white.name().to_string(), black.name().to_string()];
                // The match's settings let only lgp players into a hidden match; a configuration
                // built otherwise gets an abandoned game, not a panic of the match's thread.
                match (white.seat(), black.seat()) {
                    (Some(white), Some(black)) => play_hidden_game(&config.rules, hidden, opening, [white, black], tcs),
                    _ => {
                        let game = Game::new(opening, names, tcs, config.rules.margin);
                        let reason = "a hidden game needs two lgp players".to_string();
                        game.ended(None, reason, game::Termination::Abandoned)
                    }
                }
            }
            None => {
                let watch = |record: &Game| {
                    if let Some(watch) = &config.watch {
                        watch(index, record);
                    }
                };
                play_game(&config.rules, opening, players, &watch)
            }
        };
        if let Some(watch) = &config.watch {
            watch(index, &record);
        }
        for (engine_index, mut engine) in pairing.into_iter().zip([a, b]) {
            let colour = if first_is_white == (engine_index == pairing[0]) { 0 } else { 1 };
            if !record.broken[colour] {
                engine.game_over(&record.result, &record.reason);
                engines[engine_index] = Some(engine);
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
        let llr = sprt.llr(pairs);
        let verdict = match sprt.verdict(pairs) {
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
