//! `vorpal datagen`: self-play at a fixed node count from random openings, writing the quiet
//! positions met with the search's score and each game's result: the data `vorpal tune` and
//! `vorpal train-network` fit the evaluation to.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::config::Config;
use crate::engine::Engine;
use crate::input::{read_text, MAX_DATA_LINE};
use crate::pieces::Color;
use crate::random::Rng;
use crate::rules::chess960::setup_from_words;
use crate::search::{Limits, MATE};
use crate::variant::CastlingStyle;

/// A score from which a game is called won (for the side it favours) when it lasts.
const DECISIVE: i32 = 1500;
/// Plies in a row a decisive score must last to end the game.
const DECISIVE_PLIES: usize = 8;
/// Plies after which a game is called drawn.
const LONGEST_GAME: usize = 400;
/// The largest record of finished games a run resumes (a line a game).
const MAX_RECORD: u64 = 1 << 30;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Datagen {
    /// The variant.
    pub variant: String,
    /// Games to finish, counting those of the run before a resume; openings set aside are not counted.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies before the engine plays.
    pub random_plies: usize,
    /// Each game from a Chess960 setup drawn at random (one a side where the sides may differ),
    /// not the variant's start position.
    pub random_setups: bool,
    /// The largest score (centipawns, either side) an opening may have after its random plies.
    pub opening_margin: i32,
    /// Seed of the random plies and setups.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// The file written: `FEN;RESULT;SCORE` per line, RESULT 1, 0.5 or 0 and SCORE in
    /// centipawns, both for White.
    pub out: PathBuf,
    /// Continue the run whose data `out` holds, skipping the games it finished.
    pub resume: bool,
}

/// What was written.
#[derive(Clone, Copy, Debug, Default)]
pub struct Written {
    /// Games played to the end.
    pub games: usize,
    /// Openings set aside: ended by their random plies or too far from level.
    pub unbalanced: usize,
    /// Positions written.
    pub positions: usize,
    /// White's wins, draws and Black's wins.
    pub results: [usize; 3],
    /// Games of the run finished before it was resumed.
    pub resumed: usize,
}

/// The data file and its record of finished games (`OUT.games`, one game number a line), each
/// game's lines written before its number, so that a stopped run resumes where it stood.
struct Output {
    data: BufWriter<File>,
    games: BufWriter<File>,
    path: PathBuf,
}

impl Output {
    /// Opens a new run's files, or an interrupted run's with the games it finished.
    fn open(settings: &Datagen) -> Result<(Output, HashSet<usize>), String> {
        let path = settings.out.clone();
        let record = games_path(&path);
        let named = |e: std::io::Error| format!("{}: {e}", path.display());
        let mut finished = HashSet::new();
        // A run to resume that never began (no data, no record) simply begins: a script can
        // always pass --resume.
        if settings.resume && (record.exists() || path.exists()) {
            let text = read_text(&record, MAX_RECORD)
                .map_err(|e| format!("--resume: {}: {e} (the record of the run's finished games)", record.display()))?;
            for (number, line) in text.lines().enumerate() {
                let game = line
                    .trim()
                    .parse()
                    .map_err(|_| format!("{} line {}: not a game number", record.display(), number + 1))?;
                finished.insert(game);
            }
            cut_torn_line(&path)?;
        } else if !settings.resume && path.exists() {
            return Err(format!("{}: exists; --resume continues its run, or choose another --out", path.display()));
        }
        let open = |p: &Path| OpenOptions::new().create(true).append(true).open(p);
        let data = BufWriter::new(open(&path).map_err(named)?);
        let games = BufWriter::new(open(&record).map_err(|e| format!("{}: {e}", record.display()))?);
        Ok((Output { data, games, path }, finished))
    }

    /// Writes one finished game.
    fn game(&mut self, number: usize, positions: &[(String, i32)], result: usize) -> Result<(), String> {
        let named = |e: std::io::Error| format!("{}: {e}", self.path.display());
        for (fen, score) in positions {
            writeln!(self.data, "{fen};{};{score}", ["1", "0.5", "0"][result]).map_err(named)?;
        }
        self.data.flush().map_err(named)?;
        writeln!(self.games, "{number}").map_err(named)?;
        self.games.flush().map_err(named)
    }
}

/// Where the workers stand: the next game number to try, the games being played, and the tally.
struct Run {
    next: usize,
    playing: usize,
    written: Written,
}

/// The record of a data file's finished games.
fn games_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".games");
    PathBuf::from(name)
}

/// Cuts a data file back to its last whole line: a run stopped while writing leaves half a one.
fn cut_torn_line(path: &Path) -> Result<(), String> {
    let named = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut file = OpenOptions::new().read(true).write(true).open(path).map_err(named)?;
    let length = file.metadata().map_err(named)?.len();
    // A line is at most MAX_DATA_LINE bytes, so its end is in the file's last ones.
    let tail = length.min(2 * MAX_DATA_LINE as u64);
    file.seek(SeekFrom::Start(length - tail)).map_err(named)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(named)?;
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(length - tail, |i| length - tail + i as u64 + 1);
    file.set_len(whole).map_err(named)
}

/// Plays the games and writes their positions; `progress` is called every 100 games.
pub fn datagen(config: &Config, settings: &Datagen, progress: impl Fn(&Written) + Sync) -> Result<Written, String> {
    let variant = config.variant(&settings.variant, &[]).map_err(|e| e.to_string())?;
    if settings.random_setups && variant.castling_style != CastlingStyle::Chess960 {
        return Err(format!(
            "--random-setups is for Chess960 variants (lookingglass, fischerandom), not {}",
            settings.variant
        ));
    }
    let (output, finished) = Output::open(settings)?;
    let state = Run { next: 0, playing: 0, written: Written { resumed: finished.len(), ..Written::default() } };
    let out = Mutex::new((output, state));
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..settings.threads.max(1))
            .map(|_| {
                scope.spawn(|| -> Result<(), String> {
                    let mut engine = Engine::new(config.clone());
                    engine.set_variant(&settings.variant)?;
                    loop {
                        let game = {
                            let mut guard = out.lock().unwrap_or_else(|e| e.into_inner());
                            let run = &mut guard.1;
                            if run.written.games + run.written.resumed + run.playing >= settings.games {
                                return Ok(());
                            }
                            while finished.contains(&run.next) {
                                run.next += 1;
                            }
                            run.playing += 1;
                            run.next += 1;
                            run.next - 1
                        };
                        let played = play(&mut engine, settings, game);
                        let mut guard = out.lock().unwrap_or_else(|e| e.into_inner());
                        let (output, run) = &mut *guard;
                        run.playing -= 1;
                        let written = &mut run.written;
                        let Some((lines, result)) = played else {
                            written.unbalanced += 1;
                            continue;
                        };
                        output.game(game, &lines, result)?;
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
    Ok(out.into_inner().unwrap_or_else(|e| e.into_inner()).1.written)
}

/// One game: its quiet positions with White's score, and the result (0 White won,
/// 1 drawn, 2 Black won), or `None` when the opening was ended or unbalanced by its random plies.
fn play(engine: &mut Engine, settings: &Datagen, game: usize) -> Option<(Vec<(String, i32)>, usize)> {
    let mut rng = Rng::new(settings.seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let setup = if settings.random_setups {
        Some(setup_from_words(engine.variant(), &format!("random:{}", rng.next_u64())).ok()?)
    } else {
        None
    };
    engine.set_position(setup.as_deref(), &[]).ok()?;
    engine.clear_hash();
    for _ in 0..settings.random_plies {
        let moves = engine.legal_moves();
        if moves.is_empty() {
            return None;
        }
        engine.make(moves[rng.below(moves.len())]);
    }
    engine.outcome().is_none().then_some(())?;
    let limits = Limits { nodes: Some(settings.nodes), ..Limits::default() };
    let mut lines = Vec::new();
    let mut decisive = (0, 0);
    for ply in 0..LONGEST_GAME {
        if let Some(end) = engine.outcome() {
            let result = match end.winner {
                Some(Color::White) => 0,
                None => 1,
                Some(Color::Black) => 2,
            };
            return Some((lines, result));
        }
        let info = engine.think(limits.clone(), |_, _, _| {})?;
        if ply == 0 && info.score.abs() > settings.opening_margin {
            return None;
        }
        let mv = *info.pv.first()?;
        let white_score = if engine.position().side() == Color::White { info.score } else { -info.score };
        // Positions where the best move is quiet and no king is in check: there the static
        // evaluation is what the search would say, near enough to be fitted to.
        if mv.is_quiet() && info.score.abs() < DECISIVE && !engine.in_check() {
            lines.push((engine.position().to_fen(), white_score));
        }
        decisive = match white_score.signum() {
            s if white_score.abs() >= DECISIVE && s == decisive.0 => (s, decisive.1 + 1),
            s if white_score.abs() >= DECISIVE => (s, 1),
            _ => (0, 0),
        };
        if decisive.1 >= DECISIVE_PLIES || info.score.abs() >= MATE - 1000 && decisive.1 >= 2 {
            return Some((lines, if decisive.0 > 0 { 0 } else { 2 }));
        }
        engine.make(mv);
    }
    Some((lines, 1))
}
