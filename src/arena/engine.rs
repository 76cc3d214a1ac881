//! An engine under the match runner: a process started from a command line, spoken to over UCI
//! or XBoard, told the game so far and asked for one move at a time.

use std::fs::File;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::input::{read_line, Line, MAX_LINE};
use crate::movegen::Move;
use crate::notation::score;
use crate::notation::time::TimeControl;
use crate::notation::xboard::Display;
use crate::notation::Dialect;
use crate::variant::Variant;

/// How long an engine may take to start, answer the handshake or get ready.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long an engine may take to quit before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// The protocol an engine speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI.
    Uci,
    /// XBoard / CECP v2.
    Xboard,
    /// A player of hidden-information Looking-Glass (`lgp`), refereed by the match.
    Lgp,
}

impl Protocol {
    /// Parses `uci` or `xboard`.
    pub fn parse(text: &str) -> Result<Protocol, String> {
        match text {
            "uci" => Ok(Protocol::Uci),
            "xboard" | "cecp" => Ok(Protocol::Xboard),
            "lgp" => Ok(Protocol::Lgp),
            other => Err(format!("protocol '{other}' is none of uci, xboard and lgp")),
        }
    }
}

/// How an engine is started and set up.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The command line, run by `sh -c`.
    pub command: String,
    /// Its protocol.
    pub protocol: Protocol,
    /// The name it is shown by, instead of the one it gives itself.
    pub name: Option<String>,
    /// Options set after the handshake, as (name, value): UCI's `setoption`, XBoard's `option`.
    pub options: Vec<(String, String)>,
    /// Whether it thinks on the opponent's time.
    pub ponder: bool,
    /// Its own time control, instead of the match's.
    pub tc: Option<TimeControl>,
    /// The depth it searches to at most (`depth=`): UCI's `go depth`, XBoard's `sd`.
    pub depth: Option<u32>,
    /// The nodes it searches at most (`nodes=`): UCI's `go nodes`.
    pub nodes: Option<u64>,
    /// How a UCI engine writes moves and FENs (`notation=vorpal|fairy`).
    pub notation: Dialect,
    /// A player of hidden Looking-Glass that the referee also tells the true position
    /// (`sighted`), to measure what playing blind costs.
    pub sighted: bool,
}

impl EngineSpec {
    /// An engine spoken to over `protocol`, with its own name, no options and no pondering.
    pub fn new(command: &str, protocol: Protocol) -> EngineSpec {
        EngineSpec {
            command: command.into(),
            protocol,
            name: None,
            options: Vec::new(),
            ponder: false,
            tc: None,
            depth: None,
            nodes: None,
            notation: Dialect::Vorpal,
            sighted: false,
        }
    }

    /// Applies settings written as cutechess-cli writes them, separated by spaces: `cmd=COMMAND`,
    /// `name=NAME`, `proto=uci|xboard`, `tc=TC`, `st=SECONDS`, `depth=N`, `nodes=N`,
    /// `notation=vorpal|fairy`, `option.NAME=VALUE`, `ponder` and `sighted`, a value with spaces
    /// in quotes.
    /// Text before the first setting is the command line, as it stands. A later setting of the
    /// same key replaces the earlier one.
    pub fn apply(&mut self, text: &str) -> Result<(), String> {
        self.apply_with(text, true)
    }

    /// [`apply`](Self::apply) for settings alone (cutechess-cli's `-each`): a word that is not
    /// a setting is an error, not a command line.
    pub fn apply_settings(&mut self, text: &str) -> Result<(), String> {
        self.apply_with(text, false)
    }

    fn apply_with(&mut self, text: &str, command_first: bool) -> Result<(), String> {
        let words = shell_words(text)?;
        let first_setting = words.iter().position(|(_, word)| is_setting(word)).unwrap_or(words.len());
        if first_setting > 0 && !command_first {
            return Err(format!("'{}' is not an engine setting ({SETTINGS})", words[0].1));
        }
        if first_setting > 0 {
            let end = words.get(first_setting).map_or(text.len(), |&(at, _)| at);
            self.command = text[..end].trim().into();
        }
        for (_, word) in &words[first_setting..] {
            match word.split_once('=') {
                Some(("cmd", command)) => self.command = command.into(),
                Some(("name", name)) => self.name = Some(name.into()),
                Some(("proto", protocol)) => self.protocol = Protocol::parse(protocol)?,
                Some(("tc", tc)) => self.tc = Some(TimeControl::parse_tc(tc)?),
                Some(("st", seconds)) => self.tc = Some(TimeControl::per_move(seconds)?),
                Some(("depth", depth)) => self.depth = Some(positive("depth", depth)?),
                Some(("nodes", nodes)) => self.nodes = Some(positive("nodes", nodes)?),
                Some(("notation", notation)) => self.notation = Dialect::parse(notation)?,
                Some((key, value)) if is_setting(word) => {
                    let name = &key["option.".len()..];
                    self.options.retain(|(n, _)| n != name);
                    self.options.push((name.into(), value.into()));
                }
                None if word == "ponder" => self.ponder = true,
                None if word == "sighted" => self.sighted = true,
                _ => return Err(format!("'{word}' is not an engine setting ({SETTINGS})")),
            }
        }
        Ok(())
    }

    /// Whether the engine can play under `tc`: a game without a clock needs a depth or node
    /// limit, and XBoard has no node limit to give.
    pub fn check_limits(&self, tc: TimeControl) -> Result<(), String> {
        let name = self.name.as_deref().unwrap_or(&self.command);
        if self.nodes.is_some() && self.protocol == Protocol::Xboard {
            return Err(format!("{name}: nodes= needs a UCI engine (XBoard has no node limit)"));
        }
        if self.notation != Dialect::Vorpal && self.protocol == Protocol::Xboard {
            return Err(format!("{name}: notation= is for UCI engines (XBoard engines see XBoard's own board)"));
        }
        if tc == TimeControl::Infinite && self.depth.is_none() && self.nodes.is_none() {
            return Err(format!("{name}: tc=inf needs depth=N or nodes=N, or the game would never end"));
        }
        Ok(())
    }
}

/// `text` as a number of at least 1, for the setting `key`.
fn positive<T: std::str::FromStr + PartialOrd + From<u8>>(key: &str, text: &str) -> Result<T, String> {
    text.parse::<T>()
        .ok()
        .filter(|n| *n >= T::from(1))
        .ok_or(format!("{key}: '{text}' is not a whole number of 1 or more"))
}

/// The settings [`EngineSpec::apply`] knows, as its errors list them.
const SETTINGS: &str = "cmd=COMMAND, name=NAME, proto=uci|xboard, tc=TC, st=SECONDS, depth=N, nodes=N, \
                        notation=vorpal|fairy, option.NAME=VALUE, ponder, sighted";

/// Whether `word` is one of the settings [`EngineSpec::apply`] knows.
fn is_setting(word: &str) -> bool {
    match word.split_once('=') {
        Some((key, _)) => {
            ["cmd", "name", "proto", "tc", "st", "depth", "nodes", "notation"].contains(&key)
                || key.len() > 7 && key.starts_with("option.")
        }
        None => word == "ponder" || word == "sighted",
    }
}

/// `text` split at spaces outside quotes, each word with where it starts; quotes ('…' or "…")
/// group and are removed.
fn shell_words(text: &str) -> Result<Vec<(usize, String)>, String> {
    let mut words = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let mut quote = None;
    for (at, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => current.get_or_insert((at, String::new())).1.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                current.get_or_insert((at, String::new()));
            }
            (None, c) if c.is_whitespace() => words.extend(current.take()),
            (None, c) => current.get_or_insert((at, String::new())).1.push(c),
        }
    }
    if let Some(q) = quote {
        return Err(format!("a {q} is not closed"));
    }
    words.extend(current);
    Ok(words)
}

/// The clocks when an engine is asked to move.
#[derive(Copy, Clone, Debug)]
pub struct Clocks {
    /// White's and Black's time left.
    pub left: [Duration; 2],
    /// White's and Black's increments (engines may have time controls of their own).
    pub increment: [Duration; 2],
    /// Moves to the next time control of the side to move, if the control has periods.
    pub moves_to_go: Option<u32>,
}

/// What an engine last reported while choosing a move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Thought {
    /// The score in centipawns, from its side (mates near ±`MATE`).
    pub score: Option<i32>,
    /// The depth searched.
    pub depth: Option<u32>,
}

/// What an engine answered when asked to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A move, in the engine's notation, with what it last reported thinking.
    Move(String, Thought),
    /// A claim that the game is over: the result and the comment.
    Claim(String, String),
    /// It resigned.
    Resign,
    /// It refused a move it was told of (XBoard's `Illegal move`): its words.
    Refused(String),
    /// It ended, or closed its output: why.
    Crashed(String),
    /// It did not answer in time.
    Timeout,
}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
    /// When the last line taken from `lines` was read from the engine.
    heard: Instant,
    protocol: Protocol,
    /// The engine's name, from its handshake.
    pub name: String,
    /// Its own time control, if it has one instead of the match's.
    pub tc: Option<TimeControl>,
    /// Its depth limit, if any.
    depth: Option<u32>,
    /// Its node limit, if any (UCI only).
    nodes: Option<u64>,
    /// UCI: how it writes moves and FENs.
    dialect: Dialect,
    /// UCI: the game's start as `position` gives it (`startpos` or `fen FEN`, in its dialect).
    setup: String,
    /// XBoard: whether it takes `setboard`, and `usermove` before moves.
    setboard: bool,
    usermove: bool,
    ping: bool,
    /// XBoard: moves of the current game already sent to it.
    known: usize,
    display: Option<Display>,
    /// Whether it thinks on the opponent's time.
    ponder: bool,
    /// Whether the referee of a hidden game tells it the true position too.
    pub sighted: bool,
    /// The opponent's move it is thinking on, in its notation (UCI), or, for XBoard, whether it
    /// plays on after its move, so that the opponent's move alone sets it thinking.
    pondering: Pondering,
    /// The I/O log and this engine's label in it.
    log: Option<(IoLog, String)>,
}

/// What an engine does between its move and the opponent's.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pondering {
    /// It waits.
    Idle,
    /// UCI: it thinks on this reply of the opponent's (`go ponder`).
    On(String),
    /// XBoard: it plays on; the opponent's move starts its thinking (a ponder hit or not).
    Playing,
}

/// Where every line to and from the engines goes, as cutechess-cli's `-debug` shows it: the time
/// since the match started, which engine, `>` for a line it was sent and `<` for one it wrote.
#[derive(Clone)]
pub struct IoLog {
    file: Arc<Mutex<File>>,
    start: Instant,
}

impl IoLog {
    /// A log appended to `file`.
    pub fn new(file: File) -> IoLog {
        IoLog { file: Arc::new(Mutex::new(file)), start: Instant::now() }
    }

    fn write(&self, engine: &str, direction: char, line: &str) {
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(file, "{:.3} {engine} {direction} {line}", self.start.elapsed().as_secs_f64());
    }
}

impl Engine {
    /// Starts the engine and completes the protocol's handshake for `variant`; `log` records
    /// everything said both ways, the engine known in it as `label`.
    pub fn start(spec: &EngineSpec, variant: &Arc<Variant>, log: Option<(IoLog, String)>) -> Result<Engine, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {}", spec.command))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", spec.command))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        let reader_log = log.clone();
        // Each line is stamped with the moment it was read, so that the arbiter charges the
        // engine up to when it answered, not up to when the game's thread got to the line.
        std::thread::spawn(move || {
            let mut output = BufReader::new(stdout);
            while let Ok(Some(line)) = read_line(&mut output, MAX_LINE) {
                let heard = Instant::now();
                // A line past the bound is nothing any protocol says: it is dropped.
                let Line::Text(line) = line else { continue };
                if let Some((log, label)) = &reader_log {
                    log.write(label, '<', &line);
                }
                if tx.send((heard, line)).is_err() {
                    break;
                }
            }
        });
        let fallback = spec.command.split_whitespace().next().unwrap_or("engine");
        let fallback = fallback.rsplit('/').next().unwrap_or(fallback).to_string();
        let display = (spec.protocol == Protocol::Xboard).then(|| Display::new(variant)).transpose()?;
        let mut engine = Engine {
            child,
            stdin,
            lines,
            heard: Instant::now(),
            protocol: spec.protocol,
            name: fallback,
            tc: spec.tc,
            depth: spec.depth,
            nodes: spec.nodes,
            dialect: spec.notation,
            setup: "startpos".into(),
            setboard: false,
            usermove: false,
            ping: false,
            known: 0,
            display,
            ponder: spec.ponder,
            sighted: spec.sighted,
            pondering: Pondering::Idle,
            log,
        };
        match spec.protocol {
            Protocol::Uci => engine.uci_handshake(variant, spec)?,
            Protocol::Xboard => engine.xboard_handshake(variant, spec)?,
            Protocol::Lgp => engine.lgp_handshake()?,
        }
        if let Some(name) = &spec.name {
            engine.name = name.clone();
        }
        Ok(engine)
    }

    /// When the engine wrote the last line read from it: the moment its answer counts from.
    pub fn heard(&self) -> Instant {
        self.heard
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        if let Some((log, label)) = &self.log {
            log.write(label, '>', line);
        }
        let written = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush());
        written.map_err(|e| {
            let why = self.exit_status();
            format!("{}: {why}; writing to it failed: {e}", self.name)
        })
    }

    /// The next line before `deadline`.
    fn line(&mut self, deadline: Instant) -> Result<String, Answer> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok((heard, line)) => {
                self.heard = heard;
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Answer::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Answer::Crashed(self.exit_status())),
        }
    }

    /// Lines until one starts with `prefix`, within the handshake time.
    fn expect(&mut self, prefix: &str, mut each: impl FnMut(&str)) -> Result<(), String> {
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            match self.line(deadline) {
                Ok(line) if line.starts_with(prefix) => return Ok(()),
                Ok(line) => each(&line),
                Err(Answer::Crashed(why)) => return Err(format!("{}: {why} before sending '{prefix}'", self.name)),
                Err(_) => return Err(format!("{}: no '{prefix}' within {} s", self.name, HANDSHAKE.as_secs())),
            }
        }
    }

    fn exit_status(&mut self) -> String {
        std::thread::sleep(Duration::from_millis(20));
        match self.child.try_wait() {
            // The shell that starts the engine exits with 127 when the command does not exist.
            Ok(Some(status)) if status.code() == Some(127) => "could not be run (no such command)".into(),
            Ok(Some(status)) => format!("exited ({status})"),
            _ => "closed its output".into(),
        }
    }

    fn uci_handshake(&mut self, variant: &Arc<Variant>, spec: &EngineSpec) -> Result<(), String> {
        spec.notation.check(variant)?;
        self.send("uci")?;
        let mut name = None;
        let mut variants = Vec::new();
        self.expect("uciok", |line| {
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            }
            if let Some(combo) = line.strip_prefix("option name UCI_Variant ") {
                let words: Vec<&str> = combo.split_whitespace().collect();
                let vars = words.windows(2).filter(|w| w[0] == "var").map(|w| w[1].to_string());
                variants = vars.collect();
            }
        })?;
        if let Some(name) = name {
            self.name = name;
        }
        if !variant.is_fide_chess() {
            self.check_variant(&variant.name, "UCI", &variants)?;
            self.send(&format!("setoption name UCI_Variant value {}", variant.name))?;
        }
        if spec.ponder {
            self.send("setoption name Ponder value true")?;
        }
        for (name, value) in &spec.options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.ready()
    }

    fn lgp_handshake(&mut self) -> Result<(), String> {
        self.send("lgp")?;
        let mut name = None;
        self.expect("lgpok", |line| {
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            }
        })?;
        if let Some(name) = name {
            self.name = name;
        }
        Ok(())
    }

    /// Sends a line of the hidden game's protocol.
    pub(super) fn send_lgp(&mut self, line: &str) -> Result<(), String> {
        self.send(line)
    }

    /// The player's next line of the hidden game's protocol before `deadline`.
    pub(super) fn read_lgp(&mut self, deadline: Instant) -> Result<String, Answer> {
        self.line(deadline)
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.expect("readyok", |_| {})
    }

    /// An error naming what the engine offers, unless `variant` is among the `offered` ones it announced.
    fn check_variant(&self, variant: &str, protocol: &str, offered: &[String]) -> Result<(), String> {
        if offered.iter().any(|v| v == variant) {
            return Ok(());
        }
        let list = if offered.is_empty() { "none".to_string() } else { offered.join(", ") };
        Err(format!("{}: does not offer {variant} over {protocol} (it offers: {list})", self.name))
    }

    fn xboard_handshake(&mut self, variant: &Arc<Variant>, spec: &EngineSpec) -> Result<(), String> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let mut features = Vec::new();
        self.expect_features(&mut features)?;
        let mut offered = Vec::new();
        for (key, value) in &features {
            match key.as_str() {
                "myname" => self.name = value.clone(),
                "setboard" => self.setboard = value == "1",
                "usermove" => self.usermove = value == "1",
                "ping" => self.ping = value == "1",
                _ => {}
            }
            if key == "variants" {
                offered = value.split(',').map(|v| v.trim().to_string()).collect();
            }
            if ["myname", "setboard", "usermove", "ping", "done", "variants", "sigint", "sigterm", "time"]
                .contains(&key.as_str())
            {
                self.send(&format!("accepted {key}"))?;
            }
        }
        if !variant.is_fide_chess() {
            self.check_variant(&variant.name, "XBoard", &offered)?;
        }
        for (name, value) in &spec.options {
            self.send(&format!("option {name}={value}"))?;
        }
        Ok(())
    }

    /// Reads `feature` lines until `done=1` (or until 2 s of silence from a protocol 1 engine).
    fn expect_features(&mut self, features: &mut Vec<(String, String)>) -> Result<(), String> {
        let mut deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let line = match self.line(deadline) {
                Ok(line) => line,
                Err(Answer::Timeout) => return Ok(()),
                Err(_) => return Err(format!("{}: ended during the handshake", self.name)),
            };
            let Some(rest) = line.strip_prefix("feature ") else { continue };
            for (key, value) in parse_features(rest) {
                match (key.as_str(), value.as_str()) {
                    ("done", "1") => return Ok(()),
                    ("done", "0") => deadline = Instant::now() + HANDSHAKE,
                    _ => features.push((key, value)),
                }
            }
        }
    }

    /// Prepares a new game from `start` (Vorpal's FEN) in `variant`.
    pub fn new_game(
        &mut self,
        variant: &Arc<Variant>,
        start: &crate::position::Position,
        tc: TimeControl,
    ) -> Result<(), String> {
        match self.protocol {
            Protocol::Uci => {
                self.stop_pondering()?;
                self.setup = if start.to_fen() == variant.start_fen {
                    "startpos".into()
                } else {
                    format!("fen {}", self.dialect.fen(start).map_err(|e| format!("{}: {e}", self.name))?)
                };
                self.send("ucinewgame")?;
                self.ready()
            }
            Protocol::Xboard => {
                self.known = 0;
                self.pondering = Pondering::Idle;
                self.send("new")?;
                if !variant.is_fide_chess() {
                    self.send(&format!("variant {}", variant.name))?;
                }
                for line in [if self.ponder { "hard" } else { "easy" }, "post", "force"] {
                    self.send(line)?;
                }
                self.send(&tc.xboard_command())?;
                if let Some(depth) = self.depth {
                    self.send(&format!("sd {depth}"))?;
                }
                if start.to_fen() != variant.start_fen {
                    if !self.setboard {
                        return Err(format!("{} cannot set up a position (no setboard)", self.name));
                    }
                    let fen = self.display.as_ref().expect("an XBoard engine has a display").fen(start);
                    self.send(&format!("setboard {fen}"))?;
                }
                self.drain()
            }
            Protocol::Lgp => Err(format!("{}: an lgp player plays only hidden games (--hidden)", self.name)),
        }
    }

    /// Reads away what the engine still had to say about the last game (a result claim after
    /// its last move, thinking output): with `ping` up to the `pong`, else for a moment.
    fn drain(&mut self) -> Result<(), String> {
        if self.ping {
            self.send("ping 1")?;
            return self.expect("pong", |_| {});
        }
        let quiet = Instant::now() + Duration::from_millis(100);
        while self.line(quiet).is_ok() {}
        Ok(())
    }

    /// Asks for a move after `moves` from `start`, with the time it has; gives up after `limit`.
    pub fn play(
        &mut self,
        variant: &Arc<Variant>,
        moves: &[Move],
        clocks: Clocks,
        tc: TimeControl,
        limit: Duration,
    ) -> Answer {
        let deadline = Instant::now() + limit;
        match self.ask(variant, moves, clocks, tc) {
            Ok(()) => self.answer(variant, moves, clocks, tc, deadline),
            Err(e) => Answer::Crashed(e),
        }
    }

    /// Tells the engine the game (`moves` from the start) and asks for its move.
    pub fn ask(
        &mut self,
        variant: &Arc<Variant>,
        moves: &[Move],
        clocks: Clocks,
        tc: TimeControl,
    ) -> Result<(), String> {
        let side = moves.len() % 2;
        match (self.protocol, std::mem::replace(&mut self.pondering, Pondering::Idle)) {
            (Protocol::Uci, Pondering::On(expected))
                if moves.last().is_some_and(|&m| self.dialect.move_text(variant, m) == expected) =>
            {
                self.send("ponderhit")
            }
            (Protocol::Uci, pondering) => {
                let stopped = if pondering == Pondering::Idle { Ok(()) } else { self.stop_pondering_now() };
                stopped.and_then(|()| self.uci_go(variant, moves, clocks, tc))
            }
            (Protocol::Xboard, pondering) => self.xboard_go(variant, moves, clocks, side, pondering),
            (Protocol::Lgp, _) => Err(format!("{}: an lgp player plays only hidden games", self.name)),
        }
    }

    /// The engine's answer to [`ask`](Self::ask), read until `deadline`; lines it wrote before
    /// the deadline count even when read after it ([`heard`](Self::heard) says when).
    pub fn answer(
        &mut self,
        variant: &Arc<Variant>,
        moves: &[Move],
        clocks: Clocks,
        tc: TimeControl,
        deadline: Instant,
    ) -> Answer {
        let mut thought = Thought::default();
        loop {
            let line = match self.line(deadline) {
                Ok(line) => line,
                Err(answer) => return answer,
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match self.protocol {
                Protocol::Uci => match words.as_slice() {
                    ["bestmove", mv, rest @ ..] => {
                        if let ["ponder", reply, ..] = rest {
                            if self.ponder {
                                if let Err(e) = self.uci_ponder(variant, moves, [mv, reply], clocks, tc) {
                                    return Answer::Crashed(e);
                                }
                            }
                        }
                        return Answer::Move(mv.to_string(), thought);
                    }
                    // Only the best line says what the engine thinks of its move.
                    ["info", rest @ ..] if !rest.windows(2).any(|w| w[0] == "multipv" && w[1] != "1") => {
                        thought.score = score::read_uci(rest).or(thought.score);
                        let depth = rest.iter().position(|w| *w == "depth").and_then(|at| rest.get(at + 1));
                        thought.depth = depth.and_then(|d| d.parse().ok()).or(thought.depth);
                    }
                    _ => {}
                },
                Protocol::Xboard => match words.as_slice() {
                    ["move", mv] => {
                        let mut text = mv.to_string();
                        while text.ends_with(',') {
                            match self.line(deadline) {
                                Ok(next) => match next.strip_prefix("move ") {
                                    Some(leg) => text.push_str(leg.trim()),
                                    None => continue,
                                },
                                Err(answer) => return answer,
                            }
                        }
                        self.known = moves.len() + 1;
                        if self.ponder {
                            self.pondering = Pondering::Playing;
                        }
                        return Answer::Move(text, thought);
                    }
                    ["resign", ..] => return Answer::Resign,
                    // Told of a move it will not take, it goes on from another position than ours.
                    ["Illegal", word, ..] if word.starts_with("move") => return Answer::Refused(line.to_string()),
                    [result @ ("1-0" | "0-1" | "1/2-1/2"), ..] => {
                        let comment = line.split_once('{').map(|(_, c)| c.trim_end_matches('}').trim()).unwrap_or("");
                        return Answer::Claim(result.to_string(), comment.to_string());
                    }
                    [depth, value, ..] if depth.parse::<u32>().is_ok() => {
                        thought.score = value.parse::<i32>().ok().map(score::read_xboard).or(thought.score);
                        thought.depth = depth.parse().ok();
                    }
                    _ => {}
                },
                Protocol::Lgp => {}
            }
        }
    }

    fn uci_go(
        &mut self,
        variant: &Arc<Variant>,
        moves: &[Move],
        clocks: Clocks,
        tc: TimeControl,
    ) -> Result<(), String> {
        let texts: Vec<String> = moves.iter().map(|&m| self.dialect.move_text(variant, m)).collect();
        self.uci_position(&texts)?;
        let limits = uci_limits(clocks, tc, self.depth, self.nodes);
        self.send(&format!("go{limits}"))
    }

    fn uci_position(&mut self, texts: &[String]) -> Result<(), String> {
        let moves = if texts.is_empty() { String::new() } else { format!(" moves {}", texts.join(" ")) };
        self.send(&format!("position {}{moves}", self.setup))
    }

    /// Sets the engine thinking on `reply` after its own `best`, with the clocks as they were
    /// when it was asked (the opponent's clock then runs; its own starts at `ponderhit`).
    fn uci_ponder(
        &mut self,
        variant: &Arc<Variant>,
        moves: &[Move],
        [best, reply]: [&str; 2],
        clocks: Clocks,
        tc: TimeControl,
    ) -> Result<(), String> {
        let mut texts: Vec<String> = moves.iter().map(|&m| self.dialect.move_text(variant, m)).collect();
        texts.extend([best.to_string(), reply.to_string()]);
        self.uci_position(&texts)?;
        self.send(&format!("go ponder{}", uci_limits(clocks, tc, self.depth, self.nodes)))?;
        self.pondering = Pondering::On(reply.into());
        Ok(())
    }

    /// Stops a UCI engine's pondering, if it ponders, and reads away its `bestmove`.
    fn stop_pondering(&mut self) -> Result<(), String> {
        match std::mem::replace(&mut self.pondering, Pondering::Idle) {
            Pondering::On(_) => self.stop_pondering_now(),
            _ => Ok(()),
        }
    }

    /// Sends `stop` and reads away the `bestmove` of the search it ends.
    fn stop_pondering_now(&mut self) -> Result<(), String> {
        self.send("stop")?;
        self.expect("bestmove", |_| {})
    }

    /// Asks an XBoard engine to move. One that plays on after its move (pondering) and lacks
    /// only the opponent's reply is told the clocks and that move, which sets it thinking, as
    /// XBoard does; otherwise it is put in force mode, told the moves it lacks, and sent `go`.
    fn xboard_go(
        &mut self,
        variant: &Arc<Variant>,
        moves: &[Move],
        clocks: Clocks,
        side: usize,
        pondering: Pondering,
    ) -> Result<(), String> {
        let display = self.display.clone().expect("an XBoard engine has a display");
        let playing_on = pondering == Pondering::Playing && self.known + 1 == moves.len();
        let cs = |d: Duration| d.as_millis() / 10;
        let clock_lines = [format!("time {}", cs(clocks.left[side])), format!("otim {}", cs(clocks.left[1 - side]))];
        if playing_on {
            for line in &clock_lines {
                self.send(line)?;
            }
        } else {
            self.send("force")?;
        }
        for mv in &moves[self.known.min(moves.len())..] {
            let text = display.move_legs(variant, mv).concat();
            self.send(&if self.usermove { format!("usermove {text}") } else { text })?;
        }
        self.known = moves.len();
        if playing_on {
            return Ok(());
        }
        for line in &clock_lines {
            self.send(line)?;
        }
        self.send("go")
    }

    /// The engine's move text as a move of `legal` (XBoard engines name XBoard's squares).
    pub fn find(&self, variant: &Arc<Variant>, legal: &[Move], text: &str) -> Option<Move> {
        match &self.display {
            Some(display) => display.find_move(variant, legal, text),
            None => self.dialect.find_move(variant, legal, text).ok(),
        }
    }

    /// Tells the engine the game is over, so it stops thinking.
    pub fn game_over(&mut self, result: &str, comment: &str) {
        if self.protocol == Protocol::Lgp {
            // The referee has told it already.
        } else if self.protocol == Protocol::Xboard {
            self.pondering = Pondering::Idle;
            let _ = self.send(&format!("result {result} {{{comment}}}"));
        } else if self.pondering == Pondering::Idle {
            let _ = self.send("stop");
        } else {
            let _ = self.stop_pondering();
        }
    }

    /// Asks the engine to quit, and kills it if it does not.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The limits of UCI's `go` for the clocks and the engine's own depth and node limits, with a
/// leading space.
fn uci_limits(clocks: Clocks, tc: TimeControl, depth: Option<u32>, nodes: Option<u64>) -> String {
    let depth = depth.map(|d| format!(" depth {d}")).unwrap_or_default();
    let nodes = nodes.map(|n| format!(" nodes {n}")).unwrap_or_default();
    let time = match tc {
        TimeControl::Infinite => String::new(),
        TimeControl::PerMove(t) => format!(" movetime {}", t.as_millis()),
        TimeControl::Clock { .. } => {
            let ms = |d: Duration| d.as_millis();
            let mtg = clocks.moves_to_go.map(|n| format!(" movestogo {n}")).unwrap_or_default();
            let [winc, binc] = clocks.increment.map(ms);
            format!(" wtime {} btime {} winc {winc} binc {binc}{mtg}", ms(clocks.left[0]), ms(clocks.left[1]))
        }
    };
    format!("{time}{depth}{nodes}")
}

/// The `key=value` pairs of a `feature` line (values may be quoted).
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while let Some((key, after)) = rest.split_once('=') {
        let key = key.trim().to_string();
        let (value, next) = match after.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
            None => after.split_once(' ').unwrap_or((after, "")),
        };
        out.push((key, value.to_string()));
        rest = next.trim();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_settings_read_as_cutechess_writes_them() {
        let spec = |text: &str| {
            let mut spec = EngineSpec::new("", Protocol::Uci);
            spec.apply(text).map(|()| spec)
        };
        let plain = spec("python3 engine.py --level=3").unwrap();
        assert_eq!((plain.command.as_str(), plain.ponder), ("python3 engine.py --level=3", false));
        let full = spec("./vorpal --config 'my file.ini' name=Test proto=xboard option.Hash=64 ponder").unwrap();
        assert_eq!(full.command, "./vorpal --config 'my file.ini'");
        assert_eq!((full.name.as_deref(), full.protocol, full.ponder), (Some("Test"), Protocol::Xboard, true));
        assert_eq!(full.options, [("Hash".to_string(), "64".to_string())]);
        let quoted = spec("cmd='stockfish --x' option.UCI_Elo=2400 option.UCI_Elo=2000 \"option.Move Overhead=10\"");
        let quoted = quoted.unwrap();
        assert_eq!(quoted.command, "stockfish --x");
        assert_eq!(quoted.options, [("UCI_Elo".into(), "2000".into()), ("Move Overhead".into(), "10".into())]);
        let timed = spec("./vorpal tc=40/1:00+0.5").unwrap().tc;
        assert_eq!(timed.map(|t| t.pgn_tag()).as_deref(), Some("40/60+0.5"));
        assert_eq!(spec("./vorpal st=0.25").unwrap().tc, Some(TimeControl::PerMove(Duration::from_millis(250))));
        for bad in
            ["./vorpal ponder extra", "cmd='unclosed", "./vorpal proto=winboard", "./vorpal tc=fast", "./vorpal st=0"]
        {
            assert!(spec(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn features_are_read() {
        let f = parse_features("myname=\"Fairy-Max 5.0b\" setboard=0 done=1");
        assert_eq!(f[0], ("myname".into(), "Fairy-Max 5.0b".into()));
        assert_eq!(f[1], ("setboard".into(), "0".into()));
    }
}
