//! The protocol loop: `vorpal` without a subcommand reads commands from stdin and speaks the
//! protocol the first command names: `xboard` (XBoard/CECP v2), `uci`, or `lgp` (a player of
//! hidden-information Looking-Glass).

pub mod lgp;
pub mod uci;
pub mod xboard;

use std::sync::mpsc::{channel, Receiver, Sender};

use crate::config::Config;
use crate::input::{read_line, Line, MAX_LINE};
use crate::search::Info;

/// What a protocol loop waits for: a line of input, or the end of a search it started.
pub enum Event {
    /// A line read from stdin.
    Line(String),
    /// A line longer than [`MAX_LINE`], dropped: its length in bytes.
    TooLong(usize),
    /// A search finished: its number and its result (`None` when the game was already over).
    Done(u64, Option<Info>),
    /// The end of input.
    End,
}

/// Reads stdin on its own thread, so commands such as `stop` arrive while a search runs; the
/// sender is for searches to report on the same channel.
fn stdin_lines() -> (Sender<Event>, Receiver<Event>) {
    let (tx, rx) = channel();
    let reader = tx.clone();
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        // Bytes that are not UTF-8 make a line the loops reject, not the end of input.
        while let Ok(Some(line)) = read_line(&mut input, MAX_LINE) {
            let event = match line {
                Line::Text(text) => Event::Line(text),
                Line::TooLong(n) => Event::TooLong(n),
            };
            if reader.send(event).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::End);
    });
    (tx, rx)
}

/// What is wrong with a line of `n` bytes, in every protocol's error.
fn too_long(n: usize) -> String {
    format!("a line of {n} bytes, longer than the {MAX_LINE} a line may have")
}

/// What a person who typed `help` at the engine's prompt is told.
const HELP: &str = "Vorpal is an engine for chess GUIs: it waits for 'uci' (UCI) or 'xboard' (XBoard/CECP v2). \
Type 'uci', then for example 'position startpos moves e2e4', 'go depth 10', 'd', 'quit'. \
For the command line (perft, match, search, bench), run 'vorpal --help'.";

/// Runs the protocol loop until `quit` or the end of input; returns the exit status. `player`
/// is how the hidden Looking-Glass game (`lgp`) is played.
pub fn run(config: Config, player: lgp::Player) -> i32 {
    let (events, lines) = stdin_lines();
    while let Ok(event) = lines.recv() {
        let line = match event {
            Event::Line(line) => line,
            Event::TooLong(n) => {
                crate::outln!("Error ({}): the line is ignored", too_long(n));
                continue;
            }
            Event::End => break,
            Event::Done(..) => continue,
        };
        match line.split_whitespace().next() {
            None => continue,
            Some("uci") => return uci::run(config, &lines),
            Some("xboard") => return xboard::run(config, &lines, events),
            Some("lgp") => return lgp::run(config, &lines, player),
            Some("quit") => return 0,
            Some("help" | "-h" | "--help" | "?") => crate::outln!("{HELP}"),
            Some(other) => {
                crate::outln!("Error (unknown command: the first command must be 'xboard', 'uci' or 'lgp'): {other}")
            }
        }
    }
    0
}
