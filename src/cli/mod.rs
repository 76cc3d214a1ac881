//! The command line: `perft`, `play`, `search`, `bench`, `variants`, `bench-perft`, `match`,
//! `datagen`, `tune`, `train-network`, `gui`. It parses, then hands each command to the layer
//! that does it.

mod args;
mod move_counts;
mod play;
mod training;

use args::{Cli, Command};

use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{CommandFactory, Parser};

use crate::arena::client::{EngineSpec, Protocol};
use crate::arena::settings::MatchSettings;
use crate::arena::stats::{Score, Verdict};
use crate::arena::{self};
use crate::config::Config;
use crate::engine::Engine;
use crate::notation::score;
use crate::position::Position;
use crate::rules::chess960;
use crate::search::personality::Personality;
use crate::search::Limits;
use crate::tune::datagen::Datagen;
use crate::tune::network_training::TrainNetwork;
use crate::tune::texel::Tune;
use crate::variant::Variant;

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
                let g = &v.geometry();
                let line = format!("{name} {} {}x{}", g.layers, g.files, g.ranks);
                match v.description.as_str() {
                    "" => crate::outln!("{line}"),
                    description => crate::outln!("{line}  {description}"),
                }
            }
            Ok(())
        }
        Command::Perft { variant, fen, depth, divide, threads, epd, max_nodes, options, setup } => {
            move_counts::perft_command(
                &config,
                move_counts::PerftArgs { variant, fen, depth, divide, threads, epd, max_nodes, options, setup },
            )
        }
        Command::BenchPerft { threads, shallower } => move_counts::bench_perft(&config, threads, shallower),
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
        Command::Datagen {
            variant,
            games,
            nodes,
            random_plies,
            random_setups,
            opening_margin,
            seed,
            threads,
            out,
            resume,
        } => {
            let settings = Datagen {
                variant,
                games,
                nodes,
                random_plies,
                random_setups,
                opening_margin,
                seed,
                threads,
                out,
                resume,
            };
            training::datagen_command(&config, settings)
        }
        Command::Tune { variant, data, positions, rounds, only, squares } => {
            training::tune_command(&config, Tune { variant, data, positions, rounds, only, squares })
        }
        Command::TrainNetwork {
            variant,
            data,
            out,
            epochs,
            batch,
            threads,
            seed,
            start,
            test,
            score_share,
            buckets,
            mirror,
        } => training::train_command(
            &config,
            TrainNetwork {
                variant,
                data,
                out,
                epochs,
                batch,
                threads,
                seed,
                start,
                test,
                score_share,
                buckets,
                mirror,
            },
        ),
        Command::Play { at, pgn: Some(path), game, .. } => play::play_pgn(&config, &path, game, at),
        Command::Play { at, moves, .. } => play::play(at.position(&config)?, &moves),
        Command::Match(args) => run_match(&config, *args),
        Command::PlayHidden { side, engine, setup, seed, st, rule, pgn } => {
            let engine = match engine {
                Some(engine) => engine,
                None => {
                    let program = std::env::current_exe().map_err(|e| bad(format!("cannot find this program: {e}")))?;
                    format!("'{}'", program.display())
                }
            };
            play::play_hidden(&config, play::HiddenGame { side, engine, setup, seed, st, rule, pgn })
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
    // Last, the totals as OpenBench's parser reads them: it scans from the bottom line for a
    // number before "nodes" and one before "nps", so no other number may come first.
    crate::outln!("{total} nodes {} nps", nps(total, total_time));
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

/// `vorpal match`: checks the arguments, then plays.
fn run_match(config: &Config, settings: MatchSettings) -> Result<(), Failure> {
    let mut match_config = settings.build(config).map_err(bad)?;
    if let Some(port) = settings.gui {
        let board = crate::gui::Watchboard::new(match_config.rules.variant.clone());
        let (address, _) =
            crate::gui::listen(config.clone(), "127.0.0.1", port, Some(board.clone()), None).map_err(bad)?;
        crate::outln!("Watch the games at http://{address}/watch");
        match_config.watch = Some(board.watcher());
    }
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

fn parse_options(options: &[String]) -> Result<Vec<(String, String)>, Failure> {
    crate::config::parse_options(options).map_err(bad)
}

fn position(variant: &Arc<Variant>, fen: Option<&str>) -> Result<Position, Failure> {
    let fen = fen.unwrap_or(&variant.start_fen);
    Position::from_fen(variant.clone(), fen).map_err(|e| bad(e.to_string()))
}
