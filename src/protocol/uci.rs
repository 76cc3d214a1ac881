//! UCI: the protocol of engine authors' tools; every variant is reached through `UCI_Variant`.

use std::sync::atomic::Ordering;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use super::session::{Session, DEFAULT_HASH_MB};
use super::Event;
use crate::config::Config;
use crate::search::personality::Personality;
use crate::search::time::Clock;
use crate::search::{Info, Limits, Shared, MAX_HASH_MB, MAX_THREADS};
use crate::variant::Variant;

/// Answers `uci` and serves commands until `quit` or the end of input.
pub fn run(config: Config, lines: &Receiver<Event>) -> i32 {
    let mut session = Session::new(config);
    identify(&session);
    while let Ok(event) = lines.recv() {
        let line = match event {
            Event::Line(line) => line,
            Event::End => break,
            Event::Done(..) => continue,
        };
        match command(&mut session, &line) {
            Ok(()) => {}
            Err(message) if message == QUIT => {
                session.stop();
                return 0;
            }
            Err(message) => crate::outln!("info string error: {message}"),
        }
    }
    session.stop();
    0
}

const QUIT: &str = "quit";

/// The UCI name of FIDE chess.
const FIDE_UCI_NAME: &str = "chess";

/// A variant's name in the UCI_Variant combo.
fn uci_variant_name(name: &str) -> &str {
    if name == "normal" {
        FIDE_UCI_NAME
    } else {
        name
    }
}

fn identify(session: &Session) {
    crate::outln!("id name Vorpal {}", env!("CARGO_PKG_VERSION"));
    crate::outln!("id author the Vorpal developers");
    crate::outln!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}");
    crate::outln!("option name Threads type spin default 1 min 1 max {MAX_THREADS}");
    crate::outln!("option name Ponder type check default false");
    // As Fairy-Stockfish does, FIDE chess is `chess` (python-chess and GUIs expect it).
    let names = session.config.names();
    let vars: Vec<String> = names.iter().map(|n| format!(" var {}", uci_variant_name(n))).collect();
    crate::outln!("option name UCI_Variant type combo default chess{}", vars.concat());
    crate::outln!("option name EnPassant type check default false");
    crate::outln!("option name Personality type combo default normal var normal var random var greedy");
    crate::outln!("uciok");
}

/// Carries out one command line; `Err` is a message to report (or [`QUIT`]).
fn command(session: &mut Session, line: &str) -> Result<(), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&name, args)) = words.split_first() else { return Ok(()) };
    match name {
        "uci" => identify(session),
        "isready" => crate::outln!("readyok"),
        "debug" | "register" => {}
        "setoption" => set_option(session, args)?,
        "ucinewgame" => {
            session.stop();
            session.shared.tt.clear();
            session.set_variant(&session.variant.name.clone())?;
        }
        "position" => {
            session.stop();
            position(session, args)?;
        }
        "go" => go(session, args)?,
        "stop" => session.stop(),
        "ponderhit" => session.shared.pondering.store(false, Ordering::Relaxed),
        "quit" => return Err(QUIT.into()),
        _ => return Err(format!("unknown command '{name}'")),
    }
    Ok(())
}

/// `setoption name NAME [value VALUE]`.
fn set_option(session: &mut Session, args: &[&str]) -> Result<(), String> {
    let text = args.join(" ");
    let rest = text.strip_prefix("name ").ok_or("setoption needs 'name NAME [value VALUE]'")?;
    let (name, value) = match rest.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (rest.trim(), ""),
    };
    let number = |max: usize| -> Result<usize, String> {
        value
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or(format!("{name}: expected 1 to {max}, got '{value}'"))
    };
    session.stop();
    match name.to_ascii_lowercase().as_str() {
        "hash" => session.set_hash(number(MAX_HASH_MB)?).map_err(|e| format!("Hash: {e}"))?,
        "threads" => session.set_threads(number(MAX_THREADS)?),
        "ponder" => {}
        "uci_variant" => session.set_variant(if value == FIDE_UCI_NAME { "normal" } else { value })?,
        "enpassant" => {
            let on = value.eq_ignore_ascii_case("true");
            if !on && !value.eq_ignore_ascii_case("false") {
                return Err(format!("EnPassant: expected true or false, got '{value}'"));
            }
            session.set_variant_option("EnPassant", &value.to_ascii_lowercase())?;
        }
        "personality" => session.personality = Personality::parse(value)?,
        _ => return Err(format!("unknown option '{name}'")),
    }
    Ok(())
}

/// `position (startpos | fen FEN) [moves M...]`.
fn position(session: &mut Session, args: &[&str]) -> Result<(), String> {
    let split = args.iter().position(|&w| w == "moves").unwrap_or(args.len());
    let (setup, moves) = (&args[..split], args.get(split + 1..).unwrap_or(&[]));
    match setup.split_first() {
        Some((&"startpos", [])) => session.set_position(None, moves),
        Some((&"fen", fen)) if !fen.is_empty() => session.set_position(Some(&fen.join(" ")), moves),
        _ => Err("position needs 'startpos' or 'fen FEN', then optionally 'moves ...'".into()),
    }
}

/// `go` with its limits; the search reports from its own thread.
fn go(session: &mut Session, args: &[&str]) -> Result<(), String> {
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
            "searchmoves" => return Err("go searchmoves is not supported".into()),
            word => {
                let n = value()?;
                match word {
                    "wtime" => time[0] = Some(ms(n)),
                    "btime" => time[1] = Some(ms(n)),
                    "winc" => inc[0] = ms(n),
                    "binc" => inc[1] = ms(n),
                    "movestogo" => moves_to_go = Some(n as u32),
                    "depth" => limits.depth = Some(n.clamp(1, 127) as u32),
                    "nodes" => limits.nodes = Some(n.max(1)),
                    "movetime" => limits.movetime = Some(ms(n)),
                    "mate" => limits.depth = Some((2 * n).clamp(1, 127) as u32),
                    other => return Err(format!("go: unknown limit '{other}'")),
                }
                i += 1;
            }
        }
        i += 1;
    }
    let side = session.position.side().index();
    if let Some(remaining) = time[side] {
        limits.clock = Some(Clock { remaining, increment: inc[side], moves_to_go });
    }
    session.shared.pondering.store(ponder, Ordering::Relaxed);
    session.go(limits, print_info, print_best);
    Ok(())
}

fn print_info(variant: &Variant, info: &Info, shared: &Shared) {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_text(variant)).collect();
    crate::outln!(
        "info depth {} seldepth {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.score_text(),
        info.nodes,
        info.nps(),
        shared.tt.hashfull(),
        info.time.as_millis(),
        pv.join(" ")
    );
}

fn print_best(variant: &Variant, result: Option<Info>) {
    match result.as_ref().and_then(|i| i.pv.first()) {
        Some(best) => match result.as_ref().and_then(|i| i.pv.get(1)) {
            Some(reply) => crate::outln!("bestmove {} ponder {}", best.to_text(variant), reply.to_text(variant)),
            None => crate::outln!("bestmove {}", best.to_text(variant)),
        },
        // UCI has no word for "the game is over"; `0000` is the null move GUIs understand.
        None => crate::outln!("bestmove 0000"),
    }
}
