//! The command line's arguments, as clap reads them.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use super::{bad, parse_options, position, start_fen, Failure};
use crate::arena::settings::MatchSettings;
use crate::config::Config;
use crate::engine::options::{self, Spin};
use crate::engine::Engine;
use crate::position::Position;
use crate::protocol::lgp::Player;
use crate::tune::network_training::DEFAULT_SCORE_SHARE;

/// Vorpal, a chess-variant engine for stacked boards.
#[derive(Parser, Debug)]
#[command(name = "vorpal", version, about, after_help = ENGINE_HELP)]
pub struct Cli {
    /// An engine.ini whose sections add to or replace the built-in variants.
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// How Vorpal plays hidden-information Looking-Glass when a referee opens with `lgp` (engine mode, without a command).
    #[arg(long, value_enum, default_value_t = Player::Blind)]
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
    pub(super) variant: String,
    /// The position (default: the variant's start position).
    #[arg(long)]
    pub(super) fen: Option<String>,
    /// A Chess960 setup (lookingglass, fischerandom): N, WHITE:BLACK (0-959; 518 is the standard array), or random:SEED.
    #[arg(long, value_name = "N:M")]
    pub(super) setup: Option<String>,
    /// A variant option, NAME=VALUE; may be repeated.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub(super) options: Vec<String>,
}

impl PositionArgs {
    /// The position these arguments name.
    pub(super) fn position(self, config: &Config) -> Result<Position, Failure> {
        let options = parse_options(&self.options)?;
        let variant = config.variant(&self.variant, &options).map_err(|e| bad(e.to_string()))?;
        let fen = start_fen(&variant, self.fen, self.setup.as_deref())?;
        position(&variant, fen.as_deref())
    }

    /// An engine of `config` at the position these arguments name.
    pub(super) fn engine(self, config: Config) -> Result<Engine, Failure> {
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
    Match(Box<MatchSettings>),
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
        /// Start each game from a Chess960 setup drawn at random (lookingglass: one a side; fischerandom), not the start position.
        #[arg(long)]
        random_setups: bool,
        /// Set aside an opening whose first search scores it further from level than this (centipawns).
        #[arg(long, default_value_t = 200, value_name = "CP")]
        opening_margin: i32,
        /// Seed of the random plies and setups.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1, value_parser = threads_value)]
        threads: usize,
        /// The file to write: one `FEN;RESULT;SCORE` per line, RESULT 1, 0.5 or 0 and SCORE in centipawns, both for White.
        #[arg(long, value_name = "PATH")]
        out: PathBuf,
        /// Continue the run that wrote --out (same settings), skipping the games it finished; begin it if it never began
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
    /// Fit a variant's evaluation network (FIDE chess, Alice Chess, Inside-out Chess, Monochrome, LMA or Looking-Glass) to scored positions; write the network file (engine.ini's `network`).
    TrainNetwork {
        /// The variant whose positions the data holds.
        #[arg(long, default_value = "normal")]
        variant: String,
        /// The data: `FEN;SCORE` per line, SCORE White's expected score from 0 to 1 (benches/stockfish_labels.py), or `FEN;RESULT;SCORE` as `vorpal datagen` writes it.
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
        /// Start from this network file instead of random weights (to refit it to new data, e.g. a sister variant's games); its inputs must fit the variant.
        #[arg(long, value_name = "PATH")]
        start: Option<PathBuf>,
        /// Positions of other games (the data's format), never fitted: their error is printed before the first epoch and after each, to compare networks fitted to different data.
        #[arg(long, value_name = "PATH")]
        test: Option<PathBuf>,
        /// The share of the search's score in the target of a `FEN;RESULT;SCORE` line, from 0 to 1; the rest is the game's result.
        #[arg(long, value_name = "SHARE", default_value_t = DEFAULT_SCORE_SHARE)]
        score_share: f64,
        /// Output buckets by the number of pieces, 1 to 32 (8: one per four pieces); by default the start network's, else 1. A start network of one bucket gives its output to each.
        #[arg(long, value_name = "N")]
        buckets: Option<usize>,
        /// FIDE chess: each side sees the board turned left to right while its king stands on files e–h (a network file `VNK`); a start network seen so implies it, and one not seen so is turned into one (its rows turned left to right, so that it scores as before where kings stand on files e–h).
        #[arg(long)]
        mirror: bool,
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
