//! The command line: `perft`, `play`, `search`, `bench`, `variants`, `bench-perft`, `match`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{CommandFactory, Parser, Subcommand};

use crate::arena::client::{EngineSpec, Protocol};
use crate::arena::game::{Adjudication, GameRules, HiddenRules};
use crate::arena::hidden::play_hidden_game;
use crate::arena::human::Human;
use crate::arena::opening::{random_opening, Book, Opening};
use crate::arena::stats::{Score, Sprt, Verdict};
use crate::arena::{self, pgn_reader, MatchConfig, Tournament};
use crate::config::Config;
use crate::engine::options::{self, Spin};
use crate::engine::Engine;
use crate::input::read_file;
use crate::movegen::outcome;
use crate::movegen::san::parse_either;
use crate::notation::time::TimeControl;
use crate::notation::xboard::Display;
use crate::notation::{score, variant_from_uci};
use crate::perft::{divide, parse_suite, perft, Suite};
use crate::pieces::Color;
use crate::position::Position;
use crate::protocol::lgp::Player;
use crate::random::Rng;
use crate::rules::chess960;
use crate::search::personality::Personality;
use crate::search::Limits;
use crate::tune::datagen::{datagen, Datagen, Written};
use crate::tune::network::{train_network, TrainNetwork};
use crate::tune::texel::{tune, Tune};
use crate::variant::{Variant, FIDE_CHESS};
use crate::{with_narrowest, with_rules};

/// The largest perft suite read.
const MAX_SUITE_BYTES: u64 = 64 << 20;

/// The largest PGN file `vorpal play --pgn` reads.
const MAX_PGN_BYTES: u64 = 256 << 20;

/// Vorpal, a chess-variant engine for stacked boards.
#[derive(Parser, Debug)]
#[command(name = "vorpal", version, about, after_help = ENGINE_HELP)]
pub struct Cli {
    /// An engine.ini whose sections add to or replace the built-in variants.
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// How Vorpal plays hidden-information Looking-Glass when a referee opens with `lgp`.
    #[arg(long, global = true, value_enum, default_value_t = Player::Blind)]
    pub player: Player,
    /// What to do; without a command, be an engine for a GUI: XBoard/CECP or UCI on stdin and
    /// stdout, whichever the first line names (`xboard` or `uci`).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What `vorpal --help` says after the commands: how the engine is run.
const ENGINE_HELP: &str = "Without a command, vorpal is an engine for a GUI: it reads XBoard/CECP v2 or UCI on \
standard input, whichever the first line names (xboard or uci). Point XBoard, WinBoard, cutechess or any UCI GUI \
at the binary; at a terminal, type 'uci' then 'help'.";

/// A variant and a position of it, as `play` and `search` take them.
#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    /// The variant.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// The position (default: the variant's start position).
    #[arg(long)]
    fen: Option<String>,
    /// A Chess960 setup (lookingglass, fischerandom): N, WHITE:BLACK (0-959; 518 is the standard array), or random:SEED.
    #[arg(long, value_name = "N:M")]
    setup: Option<String>,
    /// A variant option, NAME=VALUE; may be repeated.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
}

impl PositionArgs {
    /// The position these arguments name.
    fn position(self, config: &Config) -> Result<Position, Failure> {
        let options = parse_options(&self.options)?;
        let variant = config.variant(&self.variant, &options).map_err(|e| bad(e.to_string()))?;
        let fen = start_fen(&variant, self.fen, self.setup.as_deref())?;
        position(&variant, fen.as_deref())
    }

    /// An engine of `config` at the position these arguments name.
    fn engine(self, config: Config) -> Result<Engine, Failure> {
        let options = parse_options(&self.options)?;
        let variant = config.variant(&self.variant, &options).map_err(|e| bad(e.to_string()))?;
        let fen = start_fen(&variant, self.fen, self.setup.as_deref())?;
        position(&variant, fen.as_deref())?;
        let mut engine = Engine::new(config);
        engine.set_variant_with(&self.variant, options).map_err(bad)?;
        engine.set_position(fen.as_deref(), &[]).map_err(bad)?;
        Ok(engine)
    }
}

/// The options of `vorpal match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// An engine (two or more; with two, the first engine's score is reported): its command
    /// line, then any settings as cutechess-cli writes them: name=NAME proto=uci|xboard tc=TC
    /// st=SECONDS depth=N nodes=N notation=vorpal|fairy option.NAME=VALUE ponder sighted (or the command
    /// as cmd=COMMAND; quote a value that has spaces).
    #[arg(long = "engine", value_name = "CMD [SETTING...]", required = true)]
    engines: Vec<String>,
    /// Settings for both engines (cutechess-cli's -each), applied before each engine's own.
    #[arg(long = "each", value_name = "SETTING...")]
    each: Option<String>,
    /// The protocol of the engine given at the same position: uci (default), xboard, or lgp
    /// (a player of hidden Looking-Glass, for --hidden).
    #[arg(long = "proto", value_name = "uci|xboard|lgp")]
    protocols: Vec<String>,
    /// Referee hidden-information Looking-Glass between lgp players: "rule=strikes|opponent-orders
    /// setups=opening|players" (defaults: strikes, and each pair of games gets two setups drawn
    /// from --seed unless --openings gives positions).
    #[arg(long, value_name = "SETTINGS", num_args = 0..=1, default_missing_value = "")]
    hidden: Option<String>,
    /// The variant.
    #[arg(long, default_value = "normal")]
    variant: String,
    /// A variant option, NAME=VALUE; may be repeated.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Games of each encounter (at most, with --sprt); with two engines, of the match.
    #[arg(long)]
    games: usize,
    /// With more than two engines: round-robin (everyone meets everyone) or gauntlet (the first
    /// engine meets each of the others).
    #[arg(long, value_name = "round-robin|gauntlet", default_value = "round-robin")]
    tournament: String,
    /// Play the encounters this many times over (cutechess-cli's -rounds): games × rounds each.
    #[arg(long, default_value_t = 1)]
    rounds: usize,
    /// Time control: MOVES/SECONDS, SECONDS+INC, SECONDS, or inf (no clock: give each engine
    /// depth=N or nodes=N).
    #[arg(long, value_name = "TC")]
    tc: Option<String>,
    /// A fixed time per move, in seconds.
    #[arg(long, value_name = "SECONDS")]
    st: Option<f64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Openings, each played with both colours: an EPD/FEN or PGN file, or cutechess-cli's
    /// settings "file=PATH format=epd|pgn order=sequential|random plies=N start=N".
    #[arg(long, value_name = "FILE|SETTINGS")]
    openings: Option<String>,
    /// Start each pair of games with this many random plies.
    #[arg(long, value_name = "N")]
    random_plies: Option<usize>,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Append the games to this PGN file.
    #[arg(long, value_name = "PATH")]
    pgn: Option<PathBuf>,
    /// Stop when the test decides: elo0=E0,elo1=E1,alpha=A,beta=B (or separated by spaces, as
    /// cutechess-cli writes it).
    #[arg(long, value_name = "SPEC", num_args = 1..)]
    sprt: Vec<String>,
    /// Adjudicate a draw when both engines' scores stay within ±CP for MOVES moves each.
    #[arg(long, value_name = "MOVES,CP")]
    draw: Option<String>,
    /// Adjudicate a loss for an engine whose score stays at -CP or below for MOVES moves.
    #[arg(long, value_name = "MOVES,CP")]
    resign: Option<String>,
    /// Append every line sent to and read from the engines to this file (cutechess-cli's -debug).
    #[arg(long, value_name = "PATH")]
    debug: Option<PathBuf>,
    /// Milliseconds an engine may overrun its clock before it loses on time.
    #[arg(long, default_value_t = 50)]
    timemargin: u64,
    /// Show the games live in the browser: serve `vorpal gui`'s page on 127.0.0.1 at this port
    /// (none given: any free one) and print its address.
    #[arg(long, value_name = "PORT", num_args = 0..=1, default_missing_value = "0")]
    gui: Option<u16>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaves of the legal move tree (or run a suite file with --epd).
    Perft {
        /// The variant (default: a suite's `# variant:` line, else normal).
        #[arg(long)]
        variant: Option<String>,
        /// The position (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// The depth in plies.
        #[arg(long, value_parser = perft_depth_value)]
        depth: Option<u32>,
        /// Print the count below every root move.
        #[arg(long)]
        divide: bool,
        /// Worker threads.
        #[arg(long, default_value_t = 1, value_parser = threads_value)]
        threads: usize,
        /// A suite file of lines `FEN ;D1 n ;D2 n ...`.
        #[arg(long, value_name = "FILE")]
        epd: Option<PathBuf>,
        /// With --epd: skip expected counts above this many nodes.
        #[arg(long)]
        max_nodes: Option<u64>,
        /// A variant option, NAME=VALUE (e.g. EnPassant=true); may be repeated.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// A Chess960 setup (lookingglass, fischerandom): N, WHITE:BLACK (0-959; 518 is the standard array), or random:SEED.
        #[arg(long, value_name = "N:M")]
        setup: Option<String>,
    },
    /// Play moves from a position; print the FEN, a diagram of every board and the outcome.
    Play {
        /// The position to start from.
        #[command(flatten)]
        at: PositionArgs,
        /// Replay a game of this PGN file instead (its Variant and FEN tags set the position).
        #[arg(long, value_name = "FILE")]
        pgn: Option<PathBuf>,
        /// With --pgn: which game of the file (from 1).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// The moves, in Vorpal's notation.
        moves: Vec<String>,
    },
    /// Play hidden Looking-Glass at the terminal against an lgp engine, seeing only your world.
    PlayHidden {
        /// Your side: white or black.
        #[arg(long = "as", default_value = "white")]
        side: String,
        /// The engine's command (an lgp player), with any match settings after it [default: this
        /// program, Vorpal's blind player].
        #[arg(long)]
        engine: Option<String>,
        /// White's and Black's Chess960 setups, WHITE:BLACK or random:SEED; drawn from --seed when not given.
        #[arg(long, value_name = "N:M")]
        setup: Option<String>,
        /// Seed of the drawn setups.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The engine's time per order, in seconds.
        #[arg(long, default_value_t = 1.0)]
        st: f64,
        /// What an impossible order costs: strikes, or the opponent orders for you.
        #[arg(long, value_name = "strikes|opponent-orders", default_value = "strikes")]
        rule: String,
        /// Append the game to this PGN file.
        #[arg(long, value_name = "PATH")]
        pgn: Option<PathBuf>,
    },
    /// Serve a page that draws every board of any variant and plays it, in the browser.
    Gui {
        /// The port (0: any free one; the address is printed).
        #[arg(long, default_value_t = 0)]
        port: u16,
        /// The address to listen on: only this machine unless another is given.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Another engine a side may be given to, as `vorpal match --engine` takes it
        /// ("CMD [proto=uci|xboard] [option.NAME=VALUE] ...").
        #[arg(long, value_name = "ENGINE")]
        engine: Option<String>,
    },
    /// Play a match between two engines, or a tournament of more, Vorpal's rules as the arbiter.
    Match(Box<MatchArgs>),
    /// Search a position: one info line per iteration, then `bestmove MOVE`.
    Search {
        /// The position to search.
        #[command(flatten)]
        at: PositionArgs,
        /// Search to this depth.
        #[arg(long, value_parser = depth_value)]
        depth: Option<u32>,
        /// Search for this many milliseconds.
        #[arg(long)]
        movetime: Option<u64>,
        /// Search about this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = options::HASH.default as usize, value_parser = hash_value)]
        hash: usize,
        /// Search threads (lazy SMP).
        #[arg(long, default_value_t = 1, value_parser = threads_value)]
        threads: usize,
        /// normal, or a reference opponent: random (any legal move) or greedy (best material one ply deep).
        #[arg(long, default_value = "normal")]
        personality: String,
        /// Seed for the random and greedy personalities.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Search every built-in variant's start position to a fixed depth; print the node total.
    Bench {
        /// The depth.
        #[arg(long, default_value_t = 8, value_parser = depth_value)]
        depth: u32,
        /// Threads; with more than one the node count varies from run to run (time to depth).
        #[arg(long, default_value_t = 1, value_parser = threads_value)]
        threads: usize,
    },
    /// Self-play at a fixed node count from random openings; write the quiet positions with each game's result (for `tune`).
    Datagen {
        /// The variant.
        #[arg(long, default_value = "normal")]
        variant: String,
        /// Games to play.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Nodes per move.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        /// Random plies before the engine plays.
        #[arg(long, default_value_t = 8)]
        random_plies: usize,
        /// Set aside an opening whose first search scores it further from level than this (centipawns).
        #[arg(long, default_value_t = 200, value_name = "CP")]
        opening_margin: i32,
        /// Seed of the random plies.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1, value_parser = threads_value)]
        threads: usize,
        /// The file to write: one `FEN;RESULT;SCORE` per line, RESULT 1, 0.5 or 0 and SCORE in centipawns, both for White.
        #[arg(long, value_name = "PATH")]
        out: PathBuf,
        /// Continue the run that wrote --out (same settings), skipping the games it finished.
        #[arg(long)]
        resume: bool,
    },
    /// Fit a variant's piece values and evaluation weights to datagen's positions (Texel's method); print engine.ini's lines.
    Tune {
        /// The variant.
        #[arg(long, default_value = "normal")]
        variant: String,
        /// The data: `FEN;SCORE` per line as `datagen` writes it, SCORE White's result or expected score from 0 to 1.
        #[arg(long, value_name = "PATH")]
        data: PathBuf,
        /// Use at most this many positions (the first).
        #[arg(long, default_value_t = 1_000_000)]
        positions: usize,
        /// Passes over all the numbers, at most.
        #[arg(long, default_value_t = 20)]
        rounds: usize,
        /// Move only these numbers (term names and piece letters, comma-separated); the rest stay.
        #[arg(long, value_name = "NAMES", value_delimiter = ',')]
        only: Vec<String>,
        /// Also fit each piece's bonuses by rank, by file, by cell and by moves (engine.ini's `squares`).
        #[arg(long)]
        squares: bool,
    },
    /// Fit FIDE chess's evaluation network to positions scored by a stronger engine; write the network file (engine.ini's `network`).
    TrainNetwork {
        /// The data: `FEN;SCORE` per line, SCORE White's expected score from 0 to 1 (benches/stockfish_labels.py).
        #[arg(long, value_name = "PATH")]
        data: PathBuf,
        /// The network file to write.
        #[arg(long, value_name = "PATH")]
        out: PathBuf,
        /// Passes over the positions.
        #[arg(long, default_value_t = 15)]
        epochs: usize,
        /// Positions per step of the weights.
        #[arg(long, default_value_t = 1024)]
        batch: usize,
        /// Threads.
        #[arg(long, default_value_t = 1, value_parser = threads_value)]
        threads: usize,
        /// Seed of the first weights and of the order of the positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// List the variants: name, layers, board size.
    Variants,
    /// Perft speed on fixed positions, with 1 thread and with --threads.
    BenchPerft {
        /// Threads for the parallel runs.
        #[arg(long, default_value_t = 2, value_parser = threads_value)]
        threads: usize,
        /// Search each position this many plies shallower (for a quick look).
        #[arg(long, default_value_t = 0)]
        shallower: u32,
    },
    /// Print a completion script for a shell (e.g. `vorpal completions bash > /etc/bash_completion.d/vorpal`).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page, in roff (e.g. `vorpal man | man -l -`).
    Man,
}

/// An error to report as one line, with the exit status.
struct Failure(i32, String);

fn bad(message: impl Into<String>) -> Failure {
    Failure(2, message.into())
}

/// Parses the command line, runs it, and returns the exit status.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match execute(cli) {
        Ok(()) => 0,
        Err(Failure(code, message)) => {
            eprintln!("error: {message}");
            code
        }
    }
}

fn execute(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Some(Command::Completions { shell }) => {
            clap_complete::generate(shell, &mut Cli::command(), "vorpal", &mut std::io::stdout());
            return Ok(());
        }
        Some(Command::Man) => {
            let page = clap_mangen::Man::new(Cli::command());
            return match page.render(&mut std::io::stdout()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(bad(format!("man: {e}"))),
                _ => Ok(()),
            };
        }
        _ => {}
    }
    let config = Config::load(cli.config.as_deref()).map_err(|e| bad(e.to_string()))?;
    let Some(command) = cli.command else {
        return match crate::protocol::run(config, cli.player) {
            0 => Ok(()),
            code => Err(Failure(code, "the protocol loop failed".into())),
        };
    };
    match command {
        Command::Variants => {
            for name in config.names() {
                let v = config.variant(&name, &[]).map_err(|e| bad(e.to_string()))?;
                let g = &v.geometry;
                crate::outln!("{name} {} {}x{}", g.layers, g.files, g.ranks);
            }
            Ok(())
        }
        Command::Perft { variant, fen, depth, divide, threads, epd, max_nodes, options, setup } => {
            let mut options = parse_options(&options)?;
            let pool = thread_pool(threads)?;
            match epd {
                Some(path) => {
                    let text = read_file(&path, MAX_SUITE_BYTES, "--epd").map_err(bad)?;
                    let suite = parse_suite(&text).map_err(|e| bad(format!("{}: {e}", path.display())))?;
                    let name = variant.or(suite.variant.clone()).unwrap_or_else(|| FIDE_CHESS.into());
                    options.splice(0..0, suite.options.iter().cloned());
                    let variant = config.variant(&name, &options).map_err(|e| bad(e.to_string()))?;
                    pool.install(|| run_suite(&variant, &path, &suite, depth, max_nodes))
                }
                None => {
                    let name = variant.unwrap_or_else(|| FIDE_CHESS.into());
                    let variant = config.variant(&name, &options).map_err(|e| bad(e.to_string()))?;
                    let depth = depth.ok_or_else(|| bad("perft needs --depth D (or --epd FILE)"))?;
                    let fen = start_fen(&variant, fen, setup.as_deref())?;
                    let pos = position(&variant, fen.as_deref())?;
                    pool.install(|| run_perft(&pos, depth, divide, threads));
                    Ok(())
                }
            }
        }
        Command::BenchPerft { threads, shallower } => bench_perft(&config, threads, shallower),
        Command::Search { at, depth, movetime, nodes, hash, threads, personality, seed } => {
            let mut engine = at.engine(config)?;
            let personality = Personality::parse(&personality).map_err(bad)?;
            if depth.is_none() && movetime.is_none() && nodes.is_none() && personality == Personality::Normal {
                return Err(bad("search needs --depth D, --movetime MS or --nodes N"));
            }
            let limits = Limits { depth, nodes, movetime: movetime.map(Duration::from_millis), ..Limits::default() };
            engine.set_hash(hash).map_err(|e| bad(format!("--hash: {e}")))?;
            if let Err(e) = engine.set_threads(threads) {
                eprintln!("--threads: {e}");
            }
            engine.set_personality(personality);
            engine.set_seed(seed);
            // The command line has no GUI to send the move to.
            engine.set_move_overhead(Duration::ZERO);
            run_search(&mut engine, limits)
        }
        Command::Bench { depth, threads } => bench(config, depth, threads),
        Command::Datagen { variant, games, nodes, random_plies, opening_margin, seed, threads, out, resume } => {
            if nodes == 0 || opening_margin < 0 {
                return Err(bad("--nodes at least 1; --opening-margin at least 0"));
            }
            let settings = Datagen { variant, games, nodes, random_plies, opening_margin, seed, threads, out, resume };
            let start = std::time::Instant::now();
            let report = |w: &Written| {
                let [white, draws, black] = w.results;
                let rate = w.positions as f64 / start.elapsed().as_secs_f64().max(1e-3);
                format!(
                    "{} games (+{white} ={draws} -{black} for White), {} positions ({rate:.0} a second), {} openings set aside{}",
                    w.games,
                    w.positions,
                    w.unbalanced,
                    if w.resumed > 0 { format!(", {} games from before", w.resumed) } else { String::new() }
                )
            };
            let written = datagen(&config, &settings, |w| eprintln!("{}", report(w))).map_err(bad)?;
            crate::outln!("{} written to {}", report(&written), settings.out.display());
            Ok(())
        }
        Command::Tune { variant, data, positions, rounds, only, squares } => {
            let settings = Tune { variant, data, positions, rounds, only, squares };
            let tuned = tune(&config, &settings, |step| eprintln!("{step}")).map_err(bad)?;
            crate::outln!(
                "{} positions, scale {:.3}: error {:.6} before, {:.6} after",
                tuned.positions,
                tuned.scale,
                tuned.error.0,
                tuned.error.1
            );
            for line in tuned.lines {
                crate::outln!("{line}");
            }
            Ok(())
        }
        Command::TrainNetwork { data, out, epochs, batch, threads, seed } => {
            let settings = TrainNetwork { data, out, epochs, batch, threads, seed };
            let progress =
                |epoch, fitted, held_out| eprintln!("epoch {epoch}: error {fitted:.6}, held out {held_out:.6}");
            let trained = train_network(&config, &settings, progress).map_err(bad)?;
            crate::outln!(
                "{} positions ({} held out): error held out {:.6} after the first epoch, {:.6} after the last; written to {}",
                trained.positions,
                trained.validation,
                trained.error.0,
                trained.error.1,
                settings.out.display()
            );
            Ok(())
        }
        Command::Play { at, pgn: Some(path), game, .. } => play_pgn(&config, &path, game, at),
        Command::Play { at, moves, .. } => play(at.position(&config)?, &moves),
        Command::Match(args) => run_match(&config, *args),
        Command::PlayHidden { side, engine, setup, seed, st, rule, pgn } => {
            let engine = match engine {
                Some(engine) => engine,
                None => {
                    let program = std::env::current_exe().map_err(|e| bad(format!("cannot find this program: {e}")))?;
                    format!("'{}'", program.display())
                }
            };
            play_hidden(&config, HiddenGame { side, engine, setup, seed, st, rule, pgn })
        }
        Command::Gui { port, host, engine } => {
            let spec = match engine {
                None => None,
                Some(words) => {
                    let mut spec = EngineSpec::new("", Protocol::Uci);
                    spec.apply(&words).map_err(|e| bad(format!("--engine {words}: {e}")))?;
                    Some(spec)
                }
            };
            crate::gui::serve(config, &host, port, spec).map_err(bad)
        }
        Command::Completions { .. } | Command::Man => unreachable!("answered before the configuration is read"),
    }
}

/// Searches and prints UCI-style info lines and the best move.
fn run_search(engine: &mut Engine, limits: Limits) -> Result<(), Failure> {
    let result = engine.think(limits, |variant, info, _| {
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_text(variant)).collect();
        crate::outln!(
            "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
            info.depth,
            info.seldepth,
            score::uci(info.score),
            info.nodes,
            info.nps(),
            info.time.as_millis(),
            pv.join(" ")
        );
    });
    match result.as_ref().and_then(|info| info.pv.first()) {
        Some(best) => {
            crate::outln!("bestmove {}", best.to_text(engine.variant()));
            Ok(())
        }
        None => Err(bad("no move to search: the game is over")),
    }
}

/// Searches every built-in variant's start position to `depth`; prints each variant's nodes,
/// time and speed, then the totals (single-threaded, the node total is the search's signature).
fn bench(config: Config, depth: u32, threads: usize) -> Result<(), Failure> {
    let mut total = 0;
    let mut total_time = Duration::ZERO;
    let names = config.names();
    let mut engine = Engine::new(config);
    if let Err(e) = engine.set_threads(threads) {
        eprintln!("--threads: {e}");
    }
    for name in names {
        engine.set_variant(&name).map_err(bad)?;
        engine.clear_hash();
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let start = Instant::now();
        let nodes = engine.think(limits, |_, _, _| {}).map_or(0, |i| i.nodes);
        let time = start.elapsed();
        crate::outln!("{name:<13} nodes {nodes:>10} ms {:>7} nps {:>9}", time.as_millis(), nps(nodes, time));
        total += nodes;
        total_time += time;
    }
    crate::outln!("nodes {total} ms {} nps {}", total_time.as_millis(), nps(total, total_time));
    Ok(())
}

/// Nodes per second.
fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
}

/// The FEN to start from: `--fen`, or a Chess960 `--setup` (Looking-Glass, fischerandom), or
/// `None` for the variant's own.
fn start_fen(variant: &Variant, fen: Option<String>, setup: Option<&str>) -> Result<Option<String>, Failure> {
    let Some(setup) = setup else { return Ok(fen) };
    if fen.is_some() {
        return Err(bad("give --fen or --setup, not both"));
    }
    chess960::setup_from_words(variant, setup).map(Some).map_err(|e| bad(format!("--{e}")))
}

/// Applies moves one by one, then prints the FEN, the boards and the outcome.
fn play(mut pos: Position, moves: &[String]) -> Result<(), Failure> {
    let variant = pos.variant().clone();
    with_rules!(&variant.family, |rules| {
        for (i, text) in moves.iter().enumerate() {
            if let Some(end) = outcome(rules, &mut pos) {
                return Err(bad(format!("move {} '{text}': the game is already over, {end}", i + 1)));
            }
            let mv = parse_either(rules, &mut pos, text).map_err(|e| bad(format!("move {}: {e}", i + 1)))?;
            pos.make(mv);
        }
        crate::outln!("{}", pos.to_fen());
        crate::out!("{}", pos.diagram());
        if variant.family.scores_captures() {
            let s = pos.scores();
            crate::outln!("score {}-{}", s[Color::White], s[Color::Black]);
        }
        match outcome(rules, &mut pos) {
            Some(end) => crate::outln!("result {end}"),
            None => crate::outln!("result * ({:?} to move)", pos.side()),
        }
        Ok(())
    })
}

/// Replays game `number` of a PGN file.
fn play_pgn(config: &Config, path: &Path, number: usize, at: PositionArgs) -> Result<(), Failure> {
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
struct HiddenGame {
    side: String,
    engine: String,
    setup: Option<String>,
    seed: u64,
    st: f64,
    rule: String,
    pgn: Option<PathBuf>,
}

/// `vorpal play-hidden`: a person at the terminal against an lgp engine, refereed.
fn play_hidden(config: &Config, game: HiddenGame) -> Result<(), Failure> {
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
    let per_order = TimeControl::per_move(&game.st.to_string()).map_err(|e| bad(format!("--{e}")))?;
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
        let text = arena::pgn::write_game(&record, &variant, 1);
        let failed = |e: std::io::Error| bad(format!("--pgn {}: {e}", path.display()));
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(failed)?;
        std::io::Write::write_all(&mut file, text.as_bytes()).map_err(failed)?;
    }
    Ok(())
}

/// `vorpal match`: checks the arguments, then plays.
fn run_match(config: &Config, args: MatchArgs) -> Result<(), Failure> {
    if args.engines.len() < 2 {
        return Err(bad(format!("match needs two or more --engine, got {}", args.engines.len())));
    }
    if args.protocols.len() > args.engines.len() {
        return Err(bad("at most one --proto per --engine"));
    }
    let specs: Vec<EngineSpec> = args
        .engines
        .iter()
        .enumerate()
        .map(|(i, words)| {
            let protocol = Protocol::parse(args.protocols.get(i).map_or("uci", String::as_str)).map_err(bad)?;
            let mut spec = EngineSpec::new("", protocol);
            spec.apply_settings(args.each.as_deref().unwrap_or("")).map_err(|e| bad(format!("--each: {e}")))?;
            spec.apply(words).map_err(|e| bad(format!("--engine {words}: {e}")))?;
            if spec.command.trim().is_empty() {
                return Err(bad(format!("--engine {words}: no command (give it first, or as cmd=COMMAND)")));
            }
            Ok(spec)
        })
        .collect::<Result<_, Failure>>()?;
    let options = parse_options(&args.options)?;
    let variant = config.variant(&args.variant, &options).map_err(|e| bad(e.to_string()))?;
    // The match's time control, for each engine without one of its own (tc= or st=).
    let own = specs.iter().find_map(|s| s.tc).filter(|_| specs.iter().all(|s| s.tc.is_some()));
    let tc = match (&args.tc, args.st, own) {
        (Some(tc), None, _) => TimeControl::parse_tc(tc).map_err(bad)?,
        (None, Some(st), _) => TimeControl::per_move(&st.to_string()).map_err(|e| bad(format!("--{e}")))?,
        (None, None, Some(own)) => own,
        (Some(_), Some(_), _) => return Err(bad("give --tc TC or --st SECONDS, not both")),
        (None, None, None) => return Err(bad("match needs --tc TC or --st SECONDS, or tc= or st= on every --engine")),
    };
    for spec in &specs {
        spec.check_limits(spec.tc.unwrap_or(tc)).map_err(|e| bad(format!("--engine {e}")))?;
    }
    let pair = |flag: &str, text: &Option<String>| -> Result<Option<(u32, i32)>, Failure> {
        let Some(text) = text else { return Ok(None) };
        let parsed = text.split_once(',').and_then(|(m, c)| Some((m.trim().parse().ok()?, c.trim().parse().ok()?)));
        parsed.map(Some).ok_or_else(|| bad(format!("--{flag} {text}: expected MOVES,CP")))
    };
    let adjudication = Adjudication { draw: pair("draw", &args.draw)?, resign: pair("resign", &args.resign)? };
    let openings = match (&args.openings, args.random_plies) {
        (Some(_), Some(_)) => return Err(bad("give --openings or --random-plies, not both")),
        (Some(book), None) => Book::parse(book).and_then(|b| b.read(&variant, args.seed)).map_err(bad)?,
        (None, Some(plies)) => {
            let mut rng = Rng::new(args.seed);
            let xboard = specs.iter().any(|s| s.protocol == Protocol::Xboard);
            let display = xboard.then(|| Display::new(&variant)).transpose().map_err(bad)?;
            (0..args.games.div_ceil(2).max(1))
                .map(|_| random_opening(&variant, plies, &mut rng, display.as_ref()))
                .collect()
        }
        (None, None) => vec![Opening { fen: variant.start_fen.clone(), moves: Vec::new() }],
    };
    if args.games == 0 || args.rounds == 0 || args.concurrency == 0 || args.concurrency > 64 {
        return Err(bad("--games and --rounds must be at least 1, --concurrency 1 to 64"));
    }
    let sprt = (!args.sprt.is_empty()).then(|| Sprt::parse(&args.sprt.join(" "))).transpose().map_err(bad)?;
    if sprt.is_some() && specs.len() > 2 {
        return Err(bad("--sprt tests two engines; this match has more"));
    }
    let hidden = args.hidden.as_deref().map(HiddenRules::parse).transpose().map_err(bad)?;
    let lgp = specs.iter().filter(|s| s.protocol == Protocol::Lgp).count();
    match hidden {
        Some(_) if variant.name != "lookingglass" => {
            return Err(bad(format!("--hidden referees lookingglass, not {}", variant.name)))
        }
        Some(_) if lgp < specs.len() => return Err(bad("--hidden needs every engine to speak lgp (--proto lgp)")),
        None if lgp > 0 => return Err(bad("an lgp player plays only hidden games: add --hidden")),
        _ => {}
    }
    if hidden.is_some() && args.random_plies.is_some() {
        return Err(bad("--random-plies does not apply to hidden games (their openings are setups)"));
    }
    let openings = match hidden {
        Some(_) if args.openings.is_none() => {
            let mut rng = Rng::new(args.seed);
            (0..args.games.div_ceil(2).max(1))
                .map(|_| {
                    let (w, b) = (rng.below(960) as u32, rng.below(960) as u32);
                    let fen = chess960::setup_fen(&variant.start_fen, w, b).expect("setups 0 to 959 exist");
                    Opening { fen, moves: Vec::new() }
                })
                .collect()
        }
        _ => openings,
    };
    let pairings = Tournament::parse(&args.tournament).map_err(bad)?.pairings(specs.len());
    let watch = match args.gui {
        None => None,
        Some(port) => {
            let board = crate::gui::Watchboard::new(variant.clone());
            let (address, _) =
                crate::gui::listen(config.clone(), "127.0.0.1", port, Some(board.clone()), None).map_err(bad)?;
            crate::outln!("Watch the games at http://{address}/watch");
            Some(board.watcher())
        }
    };
    let match_config = MatchConfig {
        engines: specs,
        pairings,
        rules: GameRules { variant, tc, margin: Duration::from_millis(args.timemargin), adjudication, hidden },
        games: args.games.saturating_mul(args.rounds),
        concurrency: args.concurrency,
        openings,
        pgn: args.pgn,
        sprt,
        debug: args.debug,
        watch,
    };
    let result = arena::run_match(&match_config).map_err(bad)?;
    crate::outln!("Finished match");
    if let [only] = result.encounters.as_slice() {
        summarise(only.score, result.verdict);
    } else {
        for line in result.ranking_lines() {
            crate::outln!("{line}");
        }
    }
    Ok(())
}

/// The last line of a match of two engines: the first one's score, Elo, LOS and the SPRT's verdict.
fn summarise(score: Score, verdict: Option<(Verdict, u32)>) {
    let elo = score.elo().map(|(e, err)| format!("{e:+.1} ± {err:.1}")).unwrap_or_else(|| "-".into());
    let verdict = match verdict {
        Some((Verdict::H1, at)) => format!(", SPRT: H1 accepted after {at} games"),
        Some((Verdict::H0, at)) => format!(", SPRT: H0 accepted after {at} games"),
        Some((Verdict::Continue, _)) => ", SPRT: no decision".into(),
        None => String::new(),
    };
    crate::outln!(
        "Finished: {} games, +{} ={} -{}, {:.1} %, Elo {elo}, LOS {:.1} %{verdict}",
        score.games(),
        score.wins,
        score.draws,
        score.losses,
        score.fraction() * 100.0,
        score.los() * 100.0
    );
}

/// A value of `spin`'s range, for clap: a value outside it is refused with the range named.
fn spin_value(spin: Spin, text: &str) -> Result<u64, String> {
    spin.parse(text).map_err(|e| e.split_once(": ").map_or(e.clone(), |(_, why)| why.to_string()))
}

fn threads_value(text: &str) -> Result<usize, String> {
    spin_value(options::THREADS, text).map(|v| v as usize)
}

fn hash_value(text: &str) -> Result<usize, String> {
    spin_value(options::HASH, text).map(|v| v as usize)
}

fn depth_value(text: &str) -> Result<u32, String> {
    spin_value(options::DEPTH, text).map(|v| v as u32)
}

fn perft_depth_value(text: &str) -> Result<u32, String> {
    spin_value(options::PERFT_DEPTH, text).map(|v| v as u32)
}

fn parse_options(options: &[String]) -> Result<Vec<(String, String)>, Failure> {
    options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| bad(format!("option '{o}' must be NAME=VALUE")))
        })
        .collect()
}

fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| bad(format!("cannot start threads: {e}")))
}

fn position(variant: &Arc<Variant>, fen: Option<&str>) -> Result<Position, Failure> {
    let fen = fen.unwrap_or(&variant.start_fen);
    Position::from_fen(variant.clone(), fen).map_err(|e| bad(e.to_string()))
}

/// Perft of one position, in parallel when there are several threads.
fn count(pos: &Position, depth: u32, threads: usize) -> u64 {
    with_narrowest!(pos, |rules, pos| if threads > 1 {
        divide(rules, &pos, depth).iter().map(|(_, n)| n).sum()
    } else {
        perft(rules, &mut pos, depth)
    })
}

fn run_perft(pos: &Position, depth: u32, show_divide: bool, threads: usize) {
    let start = Instant::now();
    let nodes = if show_divide {
        let rows = with_narrowest!(pos, |rules, pos| divide(rules, &pos, depth));
        for (mv, n) in &rows {
            crate::outln!("{} {n}", mv.to_text(pos.variant()));
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        count(pos, depth, threads)
    };
    report_speed(nodes, start);
    crate::outln!("nodes {nodes}");
}

fn report_speed(nodes: u64, start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    eprintln!("time {secs:.3} s, {:.2} Mnps", nodes as f64 / secs.max(1e-9) / 1e6);
}

fn run_suite(
    variant: &Arc<Variant>,
    path: &std::path::Path,
    suite: &Suite,
    only_depth: Option<u32>,
    max_nodes: Option<u64>,
) -> Result<(), Failure> {
    let threads = rayon::current_num_threads();
    let mut failures = 0;
    for case in &suite.cases {
        let pos = Position::from_fen(variant.clone(), &case.fen)
            .map_err(|e| bad(format!("{}:{}: {e}", path.display(), case.line)))?;
        for &(depth, expected) in &case.expected {
            if only_depth.is_some_and(|d| d != depth) || max_nodes.is_some_and(|m| expected > m) {
                continue;
            }
            options::PERFT_DEPTH
                .check(depth.into())
                .map_err(|e| bad(format!("{}:{}: {e}", path.display(), case.line)))?;
            let start = Instant::now();
            let nodes = count(&pos, depth, threads);
            let verdict = if nodes == expected { "ok" } else { "FAIL" };
            if nodes != expected {
                failures += 1;
            }
            crate::outln!("{verdict} D{depth} {nodes} (expected {expected}) {}", case.fen);
            report_speed(nodes, start);
        }
    }
    if failures > 0 {
        return Err(Failure(1, format!("{failures} perft count(s) differ")));
    }
    Ok(())
}

/// The positions `bench-perft` measures: (label, variant, FEN or start, depth).
const BENCH: &[(&str, &str, Option<&str>, u32)] = &[
    ("fide-start", "normal", None, 6),
    ("kiwipete", "normal", Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), 5),
    ("alice-start", "alice", None, 6),
    ("lma-start", "lma", None, 5),
];

fn bench_perft(config: &Config, threads: usize, shallower: u32) -> Result<(), Failure> {
    crate::outln!("{:<12} {:>7} {:>12} {:>9} {:>9}", "position", "threads", "nodes", "seconds", "Mnps");
    for &(label, name, fen, depth) in BENCH {
        let variant = config.variant(name, &[]).map_err(|e| bad(e.to_string()))?;
        let pos = position(&variant, fen)?;
        let depth = depth.saturating_sub(shallower).max(1);
        for t in [1, threads] {
            let pool = thread_pool(t)?;
            let start = Instant::now();
            let nodes = pool.install(|| count(&pos, depth, t));
            let secs = start.elapsed().as_secs_f64();
            crate::outln!("{label:<12} {t:>7} {nodes:>12} {secs:>9.3} {:>9.2}", nodes as f64 / secs / 1e6);
        }
    }
    Ok(())
}
