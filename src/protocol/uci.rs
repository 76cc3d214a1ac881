//! UCI: the protocol of engine authors' tools; every variant is reached through `UCI_Variant`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use super::Event;
use crate::config::Config;
use crate::engine::options::{self, DEPTH};
use crate::engine::Engine;
use crate::movegen::Move;
use crate::notation::{score, uci_variant_name, variant_from_uci, Dialect};
use crate::search::personality::Personality;
use crate::search::time::Clock;
use crate::search::{Info, Limits};
use crate::variant::{Variant, FIDE_CHESS};

/// Answers `uci` and serves commands until `quit` or the end of input.
pub fn run(config: Config, lines: &Receiver<Event>) -> i32 {
    let mut uci = Uci { engine: Engine::new(config), chess960: false, dialect: Dialect::Vorpal, perft: None };
    uci.identify();
    while let Ok(event) = lines.recv() {
        let line = match event {
            Event::Line(line) => line,
            Event::TooLong(n) => {
                crate::outln!("info string error: {}; the line is ignored", super::too_long(n));
                continue;
            }
            Event::End => break,
            Event::Done(..) => continue,
        };
        match uci.command(&line) {
            Ok(Flow::Continue) => {}
            Ok(Flow::Quit) => break,
            Err(message) => crate::outln!("info string error: {message}"),
        }
    }
    uci.engine.stop();
    0
}

/// Whether the loop goes on after a command.
enum Flow {
    /// Read the next command.
    Continue,
    /// `quit`.
    Quit,
}

/// The UCI loop's state: the engine, whether FIDE chess is played as Chess960, and the
/// notation of moves and FENs.
struct Uci {
    engine: Engine,
    /// `UCI_Chess960`.
    chess960: bool,
    /// `Notation`: Vorpal's or Fairy-Stockfish's.
    dialect: Dialect,
    /// The last `go perft`, counting on its own thread or done.
    perft: Option<Counting>,
}

/// A `go perft` on its own thread: what stops it, and whether it has finished counting.
struct Counting {
    thread: JoinHandle<()>,
    stop: Arc<AtomicBool>,
    /// Set before the counts are written, since a client may send the next `go perft` as soon
    /// as it reads the last line, before the thread has ended; that `go perft` waits for it.
    counted: Arc<AtomicBool>,
}

/// What `help` prints: a hint for someone who typed to the engine at a terminal.
const HELP: &str = "info string Vorpal speaks UCI here: position startpos moves e2e4, go depth 10, go perft 4, d, \
stop, quit. Type 'vorpal --help' at the shell for the command line.";

impl Uci {
    fn identify(&self) {
        crate::outln!("id name Vorpal {}", env!("CARGO_PKG_VERSION"));
        crate::outln!("id author the Vorpal developers");
        crate::outln!("{}", options::HASH.uci_line());
        crate::outln!("{}", options::THREADS.uci_line());
        crate::outln!("option name Ponder type check default false");
        crate::outln!("{}", options::MOVE_OVERHEAD.uci_line());
        crate::outln!("option name Clear Hash type button");
        crate::outln!("{}", options::MULTIPV.uci_line());
        // As Fairy-Stockfish does, FIDE chess is `chess` (python-chess and GUIs expect it).
        let names = self.engine.config().names();
        let vars: Vec<String> = names.iter().map(|n| format!(" var {}", uci_variant_name(n))).collect();
        crate::outln!("option name UCI_Variant type combo default chess{}", vars.concat());
        crate::outln!("option name UCI_Chess960 type check default false");
        crate::outln!("option name EnPassant type check default false");
        crate::outln!("option name Personality type combo default normal var normal var random var greedy");
        crate::outln!("option name Notation type combo default vorpal var vorpal var fairy");
        crate::outln!("uciok");
    }

    /// Carries out one command line; `Err` is a message to report.
    fn command(&mut self, line: &str) -> Result<Flow, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else { return Ok(Flow::Continue) };
        match name {
            "uci" => self.identify(),
            "isready" => crate::outln!("readyok"),
            "debug" | "register" => {}
            "d" => {
                let pos = self.engine.position();
                crate::out!("{}", pos.diagram());
                crate::outln!("Fen: {}", self.dialect.fen(pos)?);
                crate::outln!("Key: {:016X}", pos.hash());
            }
            "help" => crate::outln!("{HELP}"),
            "eval" => {
                for line in self.engine.evaluation_report()? {
                    crate::outln!("{line}");
                }
            }
            "setoption" => self.set_option(args)?,
            "ucinewgame" => {
                self.engine.stop();
                self.engine.clear_hash();
                self.engine.set_variant(&self.engine.variant().name.clone())?;
            }
            "position" => {
                self.engine.stop();
                self.position(args)?;
            }
            "go" => self.go(args)?,
            "stop" => {
                self.stop_perft();
                self.engine.stop();
            }
            "ponderhit" => self.engine.ponder_hit(),
            "quit" => return Ok(Flow::Quit),
            _ => return Err(format!("unknown command '{name}'")),
        }
        Ok(Flow::Continue)
    }

    /// `setoption name NAME [value VALUE]`.
    fn set_option(&mut self, args: &[&str]) -> Result<(), String> {
        let text = args.join(" ");
        let rest = text.strip_prefix("name ").ok_or("setoption needs 'name NAME [value VALUE]'")?;
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        let engine = &mut self.engine;
        engine.stop();
        match name.to_ascii_lowercase().as_str() {
            "hash" => engine.set_hash(options::HASH.parse(value)? as usize).map_err(|e| format!("Hash: {e}"))?,
            "clear hash" => engine.clear_hash(),
            "multipv" => engine.set_lines(options::MULTIPV.parse(value)? as usize),
            "move overhead" => engine.set_move_overhead(Duration::from_millis(options::MOVE_OVERHEAD.parse(value)?)),
            "threads" => {
                engine.set_threads(options::THREADS.parse(value)? as usize).map_err(|e| format!("Threads: {e}"))?
            }
            // Pondering needs nothing set: `go ponder` says when; the value is still checked.
            "ponder" => {
                parse_check(name, value)?;
            }
            "uci_variant" => {
                let fide = variant_from_uci(value) == FIDE_CHESS;
                let name = if fide { fide_variant(self.chess960) } else { value };
                let wanted = engine.config().variant(name, &[]).map_err(|e| e.to_string())?;
                self.dialect.check(&wanted).map_err(|e| format!("UCI_Variant: {e} (set Notation to vorpal first)"))?;
                engine.set_variant(name)?;
                announce_variant(self.dialect, engine);
            }
            "notation" => {
                let dialect = Dialect::parse(value)?;
                dialect.check(engine.variant()).map_err(|e| format!("Notation: {e}"))?;
                self.dialect = dialect;
            }
            "uci_chess960" => {
                self.chess960 = parse_check(name, value)?;
                if [fide_variant(true), fide_variant(false)].contains(&engine.variant().name.as_str()) {
                    engine.set_variant(fide_variant(self.chess960))?;
                }
            }
            "enpassant" => {
                let on = parse_check(name, value)?;
                engine.set_variant_option("EnPassant", if on { "true" } else { "false" })?;
            }
            "personality" => engine.set_personality(Personality::parse(value)?),
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    /// `position (startpos | fen FEN) [moves M...]`.
    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let split = args.iter().position(|&w| w == "moves").unwrap_or(args.len());
        let (setup, moves) = (&args[..split], args.get(split + 1..).unwrap_or(&[]));
        let fen = match setup.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", fen)) if !fen.is_empty() => Some(fen.join(" ")),
            _ => return Err("position needs 'startpos' or 'fen FEN', then optionally 'moves ...'".into()),
        };
        let (fen, moves) = self.dialect.vorpal_game(self.engine.variant(), fen.as_deref(), moves)?;
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.engine.set_position(fen.as_deref(), &moves)
    }

    /// `go perft N`: the leaves under each root move, then their sum, as Stockfish writes them.
    /// It counts on a thread of its own: `stop` gives it up, `quit` ends the program at once.
    fn perft(&mut self, depth: &str) -> Result<(), String> {
        let depth = options::PERFT_DEPTH.parse(depth).map_err(|e| format!("go {e}"))? as u32;
        if self.perft.as_ref().is_some_and(|last| !last.counted.load(Ordering::Acquire)) {
            return Err("go perft: a perft is still counting ('stop' gives it up)".into());
        }
        if let Some(last) = self.perft.take() {
            let _ = last.thread.join();
        }
        self.engine.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let counted = Arc::new(AtomicBool::new(false));
        let (dialect, done) = (self.dialect, counted.clone());
        let thread = self.engine.divide_in_background(depth, stop.clone(), move |variant, counts| {
            done.store(true, Ordering::Release);
            match counts {
                Some(counts) => {
                    for (mv, nodes) in &counts {
                        crate::outln!("{}: {nodes}", dialect.move_text(variant, *mv));
                    }
                    crate::outln!("\nNodes searched: {}\n", counts.iter().map(|(_, n)| n).sum::<u64>());
                }
                None => crate::outln!("info string perft {depth} stopped"),
            }
        });
        self.perft = Some(Counting { thread, stop, counted });
        Ok(())
    }

    /// Gives up the perft being counted, if any.
    fn stop_perft(&mut self) {
        if let Some(last) = self.perft.take() {
            last.stop.store(true, Ordering::Relaxed);
            let _ = last.thread.join();
        }
    }

    /// `go` with its limits; the search reports from its own thread.
    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        if let ["perft", depth, ..] = args {
            return self.perft(depth);
        }
        let mut limits = Limits::default();
        let (mut time, mut inc) = ([None, None], [Duration::ZERO; 2]);
        let mut moves_to_go = None;
        let mut ponder = false;
        let mut i = 0;
        while i < args.len() {
            let value = || -> Result<u64, String> {
                let v = args.get(i + 1).ok_or(format!("go {}: missing number", args[i]))?;
                v.parse::<i64>().map(|n| n.max(0) as u64).map_err(|_| format!("go {}: '{v}' is not a number", args[i]))
            };
            let ms = |n: u64| Duration::from_millis(n);
            match args[i] {
                "infinite" => limits.infinite = true,
                "ponder" => ponder = true,
                "searchmoves" => {
                    let listed = args[i + 1..].iter().take_while(|w| !GO_WORDS.contains(w));
                    let legal = self.engine.legal_moves();
                    let variant = self.engine.variant();
                    let mut wanted = Vec::new();
                    for text in listed {
                        let mv = self.dialect.find_move(variant, &legal, text);
                        wanted.push(mv.map_err(|e| format!("go searchmoves: {e}"))?);
                    }
                    i += wanted.len();
                    limits.excluded = legal.into_iter().filter(|m| !wanted.contains(m)).collect();
                }
                word => {
                    let n = value()?;
                    match word {
                        "wtime" => time[0] = Some(ms(n)),
                        "btime" => time[1] = Some(ms(n)),
                        "winc" => inc[0] = ms(n),
                        "binc" => inc[1] = ms(n),
                        "movestogo" => moves_to_go = Some(n as u32),
                        "depth" => limits.depth = Some(n.clamp(DEPTH.min, DEPTH.max) as u32),
                        "nodes" => limits.nodes = Some(n.max(1)),
                        "movetime" => limits.movetime = Some(ms(n)),
                        "mate" => limits.depth = Some((2 * n).clamp(DEPTH.min, DEPTH.max) as u32),
                        other => return Err(format!("go: unknown limit '{other}'")),
                    }
                    i += 1;
                }
            }
            i += 1;
        }
        let side = self.engine.position().side().index();
        if let Some(remaining) = time[side] {
            limits.clock = Some(Clock { remaining, increment: inc[side], moves_to_go });
        }
        let dialect = self.dialect;
        let info = move |variant: &Variant, info: &Info, hashfull| print_info(dialect, variant, info, hashfull);
        let best = move |variant: &Variant, result| print_best(dialect, variant, result);
        if ponder {
            self.engine.ponder(None, limits, info, best);
        } else {
            self.engine.go(limits, info, best);
        }
        Ok(())
    }
}

/// FIDE chess, or FIDE Chess960 when `UCI_Chess960` is on.
fn fide_variant(chess960: bool) -> &'static str {
    if chess960 {
        "fischerandom"
    } else {
        FIDE_CHESS
    }
}

/// A check option's value, `true` or `false`.
fn parse_check(name: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("{name}: expected true or false, got '{value}'")),
    }
}

/// Says the board of the variant just chosen as Fairy-Stockfish does, so that GUIs built for it
/// learn its size and start position (in the loop's notation); `boards` is Vorpal's own addition.
fn announce_variant(dialect: Dialect, engine: &Engine) {
    let variant = engine.variant();
    let g = &variant.geometry();
    crate::outln!(
        "info string variant {} files {} ranks {} boards {} pocket 0 template fairy startpos {}",
        uci_variant_name(&variant.name),
        g.files,
        g.ranks,
        g.layers,
        dialect.fen(engine.position()).unwrap_or_else(|_| variant.start_fen.clone())
    );
}

/// The words that start a limit of `go`, which end a list of `searchmoves`.
const GO_WORDS: &[&str] = &[
    "infinite",
    "ponder",
    "searchmoves",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "perft",
];

fn print_info(dialect: Dialect, variant: &Variant, info: &Info, hashfull: u32) {
    let pv: Vec<String> = info.pv.iter().map(|&m| dialect.move_text(variant, m)).collect();
    crate::outln!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.line,
        score::uci(info.score),
        info.nodes,
        info.nps(),
        hashfull,
        info.time.as_millis(),
        pv.join(" ")
    );
}

fn print_best(dialect: Dialect, variant: &Variant, result: Option<Info>) {
    let text = |mv: &Move| dialect.move_text(variant, *mv);
    match result.as_ref().and_then(|i| i.pv.first()) {
        Some(best) => match result.as_ref().and_then(|i| i.pv.get(1)) {
            Some(reply) => crate::outln!("bestmove {} ponder {}", text(best), text(reply)),
            None => crate::outln!("bestmove {}", text(best)),
        },
        // UCI has no word for "the game is over"; Stockfish and Fairy-Stockfish write this.
        None => crate::outln!("bestmove (none)"),
    }
}
