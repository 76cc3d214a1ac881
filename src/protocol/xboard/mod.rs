//! XBoard/CECP v2: the protocol of XBoard and WinBoard. The engine keeps the game itself (unlike
//! UCI), plays the side it is told to, ponders, analyses, claims results by the variant's rules,
//! and shows multi-board variants on XBoard's one board through [`crate::notation::xboard`].

mod highlight;
mod setboard;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::Event;
use crate::config::Config;
use crate::engine::options::{DEPTH, HASH, THREADS};
use crate::engine::Engine;
use crate::geometry::{Cell, Square};
use crate::movegen::Move;
use crate::notation::score;
use crate::notation::time_control::{read_xboard_seconds, TimeControl, NO_CLOCK_MOVE_TIME};
use crate::notation::xboard::Display;
use crate::pieces::Color;
use crate::rules::Outcome;
use crate::search::personality::Personality;
use crate::search::time::{Budget, Clock};
use crate::search::{Info, Limits};
use crate::variant::{CastlingStyle, Variant, FIDE_CHESS};

/// The score below which the engine accepts a draw offer (centipawns, its own view).
const DRAW_ACCEPT_CP: i32 = -100;
/// What a person who typed `help` is told.
const HELP: &str = "Vorpal speaks XBoard/CECP v2 here: new, variant NAME, usermove e2e4, go, force, undo, \
setboard FEN, analyze, quit.";

/// What the running search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Purpose {
    /// Choosing the engine's move.
    Think,
    /// Thinking on the opponent's time, expecting this reply.
    Ponder(Move),
    /// Analysis without end (`analyze`).
    Analyze,
}

/// The last thinking line, for `.` and `draw`.
#[derive(Clone, Debug, Default)]
struct Progress {
    depth: u32,
    score: i32,
    nodes: u64,
    elapsed: Duration,
}

/// One XBoard session.
struct XBoard {
    engine: Engine,
    display: Arc<Display>,
    events: Sender<Event>,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    control: TimeControl,
    /// The engine's clock, from `time` (the opponent's, `otim`, is not needed).
    clock: Duration,
    depth_limit: Option<u32>,
    /// Nodes per second the engine is to count as time (`nps`), 0 for wall time.
    nps: u64,
    post: Arc<AtomicBool>,
    ponder: bool,
    analyzing: bool,
    game_over: bool,
    /// Moves made since the game's start position (the ones `undo` can take back).
    moves_made: usize,
    /// The running search's number and purpose; results of other numbers are stale.
    search: Option<(u64, Purpose)>,
    searches: u64,
    progress: Arc<Mutex<Progress>>,
    /// The opponent's reply the last search expected.
    expected: Option<Move>,
    /// The square of the piece the user holds (`lift`).
    lifted: Option<Square>,
    /// Pieces XBoard does not show (Inside-out's spawned pawns), before each move made.
    hidden: Vec<Vec<Square>>,
}

/// Serves XBoard commands until `quit` or the end of input (the `xboard` line was read).
pub fn run(config: Config, lines: &Receiver<Event>, events: Sender<Event>) -> i32 {
    let engine = Engine::new(config);
    let display = Arc::new(Display::new(engine.variant()).expect("FIDE chess fits on XBoard's board"));
    let mut xb = XBoard {
        engine,
        display,
        events,
        engine_side: Some(Color::Black),
        control: TimeControl::Clock { moves: 40, base: Duration::from_secs(300), increment: Duration::ZERO },
        clock: Duration::from_secs(300),
        depth_limit: None,
        nps: 0,
        post: Arc::new(AtomicBool::new(false)),
        ponder: false,
        analyzing: false,
        game_over: false,
        moves_made: 0,
        search: None,
        searches: 0,
        progress: Arc::default(),
        expected: None,
        lifted: None,
        hidden: vec![Vec::new()],
    };
    while let Ok(event) = lines.recv() {
        match event {
            Event::Line(line) => match xb.command(&line) {
                Ok(true) => {}
                Ok(false) => {
                    xb.abandon();
                    return 0;
                }
                Err(Reply::Error(reason)) => crate::outln!("Error ({reason}): {}", line.trim()),
                Err(Reply::Illegal(reason, mv)) => crate::outln!("Illegal move ({reason}): {mv}"),
            },
            Event::TooLong(n) => crate::outln!("Error ({}): the line is ignored", super::too_long(n)),
            Event::Done(number, result) => xb.finished(number, result),
            Event::End => break,
        }
    }
    // At the end of input every search stops at once. A move being chosen is still played,
    // and nothing new starts after it: no pondering, no analysis.
    xb.ponder = false;
    xb.analyzing = false;
    if matches!(xb.search, Some((_, Purpose::Think))) {
        xb.engine.halt();
    } else {
        xb.abandon();
    }
    while xb.search.is_some() {
        match lines.recv() {
            Ok(Event::Done(number, result)) => xb.finished(number, result),
            Ok(_) => {}
            Err(_) => break,
        }
    }
    xb.engine.stop();
    0
}

/// How a command failed.
enum Reply {
    /// `Error (REASON): COMMAND`.
    Error(String),
    /// `Illegal move (REASON): MOVE`.
    Illegal(String, String),
}

fn error<T>(reason: impl Into<String>) -> Result<T, Reply> {
    Err(Reply::Error(reason.into()))
}

impl XBoard {
    /// Carries out one command; `Ok(false)` on `quit`.
    fn command(&mut self, line: &str) -> Result<bool, Reply> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else { return Ok(true) };
        let rest = line.trim_start()[name.len()..].trim();
        match name {
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics" => {}
            "protover" => self.features(),
            "new" => {
                self.abandon();
                self.set_variant(FIDE_CHESS)?;
                self.engine_side = Some(Color::Black);
                self.depth_limit = None;
                self.engine.clear_hash();
            }
            "variant" => {
                self.abandon();
                let name = args.first().ok_or(Reply::Error("variant needs a name".into()))?;
                self.set_variant(name)?;
            }
            "force" => {
                self.stop_thinking();
                self.engine_side = None;
            }
            "go" => {
                self.leave_analysis();
                self.engine_side = Some(self.engine.position().side());
                self.think();
            }
            "playother" => {
                self.leave_analysis();
                self.engine_side = Some(self.engine.position().side().flip());
                self.ponder_if_wanted();
            }
            "usermove" => {
                let text = args.first().ok_or(Reply::Error("usermove needs a move".into()))?;
                self.user_move(text)?;
            }
            "time" | "otim" | "level" | "st" | "sd" | "nps" | "memory" | "cores" => self.limit(name, args, rest)?,
            "?" => {
                if matches!(self.search, Some((_, Purpose::Think))) {
                    self.engine.halt();
                }
            }
            "ping" => crate::outln!("pong {}", args.first().unwrap_or(&"")),
            "draw" => self.answer_draw(),
            "result" => {
                self.abandon();
                self.game_over = true;
                self.engine_side = None;
            }
            "setboard" => {
                self.abandon();
                self.setboard(rest)?;
            }
            "undo" => self.take_back(1)?,
            "remove" => self.take_back(2)?,
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if matches!(self.search, Some((_, Purpose::Ponder(_)))) {
                    self.abandon();
                }
            }
            "post" => self.post.store(true, Ordering::Relaxed),
            "nopost" => self.post.store(false, Ordering::Relaxed),
            "analyze" => {
                self.abandon();
                self.analyzing = true;
                self.analyze();
            }
            "exit" => {
                if self.analyzing {
                    self.leave_analysis();
                }
            }
            "." => {
                let p = self.progress.lock().map(|p| p.clone()).unwrap_or_default();
                crate::outln!("stat01: {} {} {} 0 0", p.elapsed.as_millis() / 10, p.nodes, p.depth);
            }
            "hint" => {
                if let Some(mv) = self.expected {
                    crate::outln!("Hint: {}", self.display.move_legs(self.engine.variant(), &mv).concat());
                }
            }
            "option" => self.option(rest)?,
            "lift" => self.lift(args.first().copied().unwrap_or(""))?,
            "put" => self.put(args.first().copied().unwrap_or(""))?,
            "hover" => self.hover(args.first().copied().unwrap_or(""))?,
            "bk" => crate::outln!(" Vorpal has no opening book\n"),
            "help" => crate::outln!("# {HELP}"),
            "quit" => return Ok(false),
            _ if looks_like_move(name) => self.user_move(name)?,
            _ => return error("unknown command"),
        }
        Ok(true)
    }

    /// The commands that set the clock, the time control and the search's limits and resources.
    fn limit(&mut self, name: &str, args: &[&str], rest: &str) -> Result<(), Reply> {
        let number = |what: &str| -> Result<u64, Reply> {
            let text = args.first().ok_or(Reply::Error(format!("{name} needs {what}")))?;
            text.parse().map_err(|_| Reply::Error(format!("{what} expected, not '{text}'")))
        };
        let centiseconds = || -> Result<u64, Reply> {
            let text = args.first().ok_or(Reply::Error(format!("{name} needs centiseconds")))?;
            let value =
                text.parse::<i64>().map_err(|_| Reply::Error(format!("centiseconds expected, not '{text}'")))?;
            Ok(value.max(0) as u64)
        };
        match name {
            // A clock past zero (an interface's overrun) is read as zero, as UCI's are.
            "time" => self.clock = Duration::from_millis(centiseconds()?.saturating_mul(10)),
            "otim" => {
                centiseconds()?;
            }
            "level" => self.control = TimeControl::read_xboard_level(args).map_err(Reply::Error)?,
            "st" => {
                let per_move = read_xboard_seconds(rest).map_err(Reply::Error)?;
                self.control = TimeControl::PerMove(per_move.max(Duration::from_millis(1)));
            }
            "sd" => self.depth_limit = Some(number("a depth")?.clamp(DEPTH.min, DEPTH.max) as u32),
            "nps" => self.nps = number("nodes per second")?,
            "memory" => {
                let mb = HASH.check(number("megabytes")?).map_err(Reply::Error)?;
                self.memory(mb as usize);
            }
            "cores" => {
                let cores = THREADS.check(number("a core count")?).map_err(Reply::Error)?;
                self.abandon();
                self.engine.set_threads(cores as usize).map_err(Reply::Error)?;
            }
            _ => return error("unknown command"),
        }
        Ok(())
    }

    /// `draw`: accepted (by offering one back) when the engine stands worse than [`DRAW_ACCEPT_CP`].
    fn answer_draw(&self) {
        let score = self.progress.lock().map(|p| p.score).unwrap_or(0);
        if self.engine_side.is_some() && !self.game_over && score <= DRAW_ACCEPT_CP {
            crate::outln!("offer draw");
        }
    }

    /// `memory MB`: a table of that size, or the old one kept with a comment saying why.
    fn memory(&mut self, mb: usize) {
        self.abandon();
        if let Err(e) = self.engine.set_hash(mb) {
            crate::outln!("# memory {mb}: {e}");
        }
    }

    /// The reply to `protover`.
    fn features(&self) {
        let names: Vec<String> = self
            .engine
            .config()
            .names()
            .into_iter()
            .filter(|name| {
                self.engine.config().variant(name, &[]).is_ok_and(|v| Display::new(&v).is_ok() && shows_truly(&v))
            })
            .collect();
        crate::outln!("feature done=0");
        crate::outln!(
            "feature myname=\"Vorpal {}\" variants=\"{}\" setboard=1 usermove=1 ping=1 san=0 colors=0 time=1 \
             draw=1 playother=1 analyze=1 memory=1 smp=1 sigint=0 sigterm=0 reuse=1 highlight=1 nps=1 debug=1",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        );
        crate::outln!("feature option=\"EnPassant -check 0\"");
        crate::outln!("feature option=\"Personality -combo *normal /// random /// greedy\"");
        crate::outln!("feature done=1");
    }

    /// Switches to variant `name` at its start position and tells XBoard how to show it.
    fn set_variant(&mut self, name: &str) -> Result<(), Reply> {
        let previous = self.engine.variant().name.clone();
        self.engine.set_variant(name).map_err(|e| Reply::Error(format!("unknown variant: {e}")))?;
        match Display::new(self.engine.variant()) {
            Ok(display) => self.display = Arc::new(display),
            Err(reason) => {
                self.engine.set_variant(&previous).ok();
                return error(format!("variant {name} cannot be shown: {reason}"));
            }
        }
        self.new_game();
        let variant = self.engine.variant().clone();
        if let Some(setup) = self.display.setup_line(&variant, &self.display.fen(self.engine.position())) {
            crate::outln!("{setup}");
        }
        for line in self.display.piece_lines(&variant) {
            crate::outln!("{line}");
        }
        Ok(())
    }

    /// Forgets what belonged to the previous game.
    fn new_game(&mut self) {
        self.game_over = false;
        self.moves_made = 0;
        self.expected = None;
        self.lifted = None;
        self.hidden = vec![Vec::new()];
        *self.progress.lock().expect("progress lock") = Progress::default();
    }

    /// `option NAME=VALUE`.
    fn option(&mut self, text: &str) -> Result<(), Reply> {
        let (name, value) = text.split_once('=').unwrap_or((text, ""));
        match name.trim() {
            "EnPassant" => {
                let on = match value.trim() {
                    "1" | "true" => "true",
                    "0" | "false" => "false",
                    other => return error(format!("EnPassant is 0 or 1, not '{other}'")),
                };
                self.abandon();
                self.engine.set_variant_option("EnPassant", on).map_err(Reply::Error)?;
                let name = self.engine.variant().name.clone();
                self.set_variant(&name)?;
            }
            "Personality" => self.engine.set_personality(Personality::parse(value.trim()).map_err(Reply::Error)?),
            other => return error(format!("unknown option '{other}'")),
        }
        Ok(())
    }

    /// Whether XBoard can show `mv`: not Vorpal's castling outside FIDE chess (XBoard would
    /// leave the rook where it was), nor a move of a piece XBoard does not show, nor a pawn step
    /// XBoard would take for en passant.
    fn showable(&self, mv: &Move) -> bool {
        self.display.shows_move(self.engine.position(), mv) && !self.hidden_now().contains(&mv.from())
    }

    /// The pieces XBoard does not show now.
    fn hidden_now(&self) -> &[Square] {
        self.hidden.last().map_or(&[], |h| h.as_slice())
    }

    /// The legal moves XBoard can show; the others are refused from the user and not played.
    fn showable_moves(&mut self) -> Vec<Move> {
        let moves = self.engine.legal_moves();
        moves.into_iter().filter(|m| self.showable(m)).collect()
    }

    /// The game's outcome at the current position, if it is over.
    fn outcome(&mut self) -> Option<Outcome> {
        self.engine.outcome()
    }

    /// A move from the user (or the other engine).
    fn user_move(&mut self, text: &str) -> Result<(), Reply> {
        if self.game_over {
            return Err(Reply::Illegal("the game is over".into(), text.into()));
        }
        let moves = self.engine.legal_moves();
        let variant = self.engine.variant().clone();
        let mv = self
            .display
            .find_move(&variant, &moves, text)
            .ok_or_else(|| Reply::Illegal("not a legal move here".into(), text.into()))?;
        if !self.showable(&mv) {
            let reason = if mv.rook().is_some() {
                "XBoard cannot show this castling: it would leave the rook where it was"
            } else if self.hidden_now().contains(&mv.from()) {
                "XBoard does not show the piece that would move"
            } else {
                "XBoard would take this pawn move for en passant and remove the piece behind it"
            };
            return Err(Reply::Illegal(reason.into(), text.into()));
        }
        let pondered = match self.search {
            Some((number, Purpose::Ponder(expected))) if expected == mv && self.engine_side.is_some() => {
                self.search = Some((number, Purpose::Think));
                self.engine.ponder_hit();
                true
            }
            _ => {
                self.stop_thinking();
                false
            }
        };
        self.play(mv);
        if self.analyzing {
            self.analyze();
        } else if !self.claim_if_over() && !pondered && self.engine_side == Some(self.engine.position().side()) {
            self.think();
        }
        Ok(())
    }

    /// Makes `mv` and notes the pieces it puts on the board that XBoard does not show.
    fn play(&mut self, mv: Move) {
        let g = self.engine.variant().geometry().clone();
        let squares: Vec<Square> = g
            .all_layers()
            .flat_map(|l| Cell::up_to(g.area()).map(move |c| Square::new(l, c)))
            .filter(|&sq| g.exists(sq))
            .collect();
        // Squares XBoard shows empty after the move: the empty ones, and those the move leaves.
        let vacated = [Some(mv.from()), mv.rook().map(|(from, _)| from)];
        let empty_before: Vec<Square> = squares
            .iter()
            .copied()
            .filter(|&sq| self.engine.position().piece_at(sq).is_none() || vacated.contains(&Some(sq)))
            .collect();
        self.engine.make(mv);
        let shown = [Some(mv.to()), mv.rook().map(|(_, to)| to)];
        let mut hidden: Vec<Square> =
            self.hidden_now().iter().copied().filter(|&sq| sq != mv.to() && Some(sq) != mv.capture()).collect();
        hidden.extend(
            empty_before
                .into_iter()
                .filter(|&sq| self.engine.position().piece_at(sq).is_some() && !shown.contains(&Some(sq))),
        );
        self.hidden.push(hidden);
        self.moves_made += 1;
        self.lifted = None;
    }

    /// Prints the result claim if the game is over by the rules; returns whether it is.
    fn claim_if_over(&mut self) -> bool {
        let Some(outcome) = self.outcome() else { return false };
        crate::outln!("{} {{{}}}", outcome.result(), outcome.describe(self.engine.position()));
        self.game_over = true;
        true
    }

    /// `undo` / `remove`: takes back `count` moves.
    fn take_back(&mut self, count: usize) -> Result<(), Reply> {
        if self.moves_made < count {
            return error("command not legal now: no move to take back");
        }
        self.abandon();
        for _ in 0..count {
            self.engine.unmake();
            self.hidden.pop();
        }
        self.moves_made -= count;
        self.game_over = false;
        self.expected = None;
        if self.analyzing {
            self.analyze();
        }
        Ok(())
    }

    /// The limits for choosing the engine's move now.
    fn limits(&mut self) -> Limits {
        let excluded = self.engine.legal_moves().into_iter().filter(|m| !self.showable(m)).collect();
        let mut limits =
            Limits { depth: self.depth_limit, excluded, overhead: self.engine.move_overhead(), ..Limits::default() };
        let budget = match self.control {
            TimeControl::PerMove(per_move) => Budget::fixed(per_move, limits.overhead).hard,
            TimeControl::Infinite => Budget::fixed(NO_CLOCK_MOVE_TIME, limits.overhead).hard,
            TimeControl::Clock { increment, .. } => {
                let played = self.engine.position().fullmove().saturating_sub(1);
                let moves_to_go = self.control.moves_to_go(played);
                let clock = Clock { remaining: self.clock, increment, moves_to_go };
                if self.nps == 0 {
                    limits.clock = Some(clock);
                    return limits;
                }
                Budget::from_clock(clock, limits.overhead).soft
            }
        };
        if self.nps > 0 {
            limits.nodes = Some(((budget.as_secs_f64() * self.nps as f64) as u64).max(1));
        } else {
            limits.movetime = Some(budget);
        }
        limits
    }

    /// Starts choosing the engine's move.
    fn think(&mut self) {
        if self.game_over || self.claim_if_over() {
            return;
        }
        let limits = self.limits();
        self.start(limits, Purpose::Think);
    }

    /// Starts pondering on the expected reply, when pondering is on and there is one.
    fn ponder_if_wanted(&mut self) {
        let Some(expected) = self.expected.filter(|_| self.ponder && !self.game_over) else { return };
        if !self.showable_moves().contains(&expected) {
            return;
        }
        // The game must go on after the reply, and the limits are those of the position after
        // it: its moves XBoard cannot show are the ones the search must not choose.
        self.engine.make(expected);
        let ended = self.engine.outcome().is_some();
        let mut limits = self.limits();
        self.engine.unmake();
        if ended {
            return;
        }
        // On a ponder hit the opponent's clock was ours to use: count the budget from then.
        limits.clock = limits.clock.map(|c| Clock { remaining: c.remaining + c.increment, ..c });
        self.start(limits, Purpose::Ponder(expected));
    }

    /// Starts infinite analysis of the current position.
    fn analyze(&mut self) {
        self.abandon();
        if self.outcome().is_none() {
            self.start(Limits { infinite: true, ..Limits::default() }, Purpose::Analyze);
        }
    }

    fn start(&mut self, limits: Limits, purpose: Purpose) {
        self.searches += 1;
        let number = self.searches;
        self.search = Some((number, purpose));
        *self.progress.lock().expect("progress lock") = Progress::default();
        let (display, post, progress, events) =
            (self.display.clone(), self.post.clone(), self.progress.clone(), self.events.clone());
        let started = Instant::now();
        let on_info = move |variant: &Variant, info: &Info, _hashfull: u32| {
            if let Ok(mut p) = progress.lock() {
                *p = Progress { depth: info.depth, score: info.score, nodes: info.nodes, elapsed: started.elapsed() };
            }
            if post.load(Ordering::Relaxed) {
                let pv: Vec<String> = info.pv.iter().map(|m| display.move_legs(variant, m).concat()).collect();
                crate::outln!(
                    "{} {} {} {} {}",
                    info.depth,
                    score::xboard(info.score),
                    info.time.as_millis() / 10,
                    info.nodes,
                    pv.join(" ")
                );
            }
        };
        let on_done = move |_: &Variant, result: Option<Info>| {
            let _ = events.send(Event::Done(number, result));
        };
        match purpose {
            Purpose::Ponder(expected) => self.engine.ponder(Some(expected), limits, on_info, on_done),
            Purpose::Think | Purpose::Analyze => self.engine.go(limits, on_info, on_done),
        }
    }

    /// A search ended: play its move if it was choosing one.
    fn finished(&mut self, number: u64, result: Option<Info>) {
        if self.search.map(|(n, _)| n) != Some(number) {
            return;
        }
        let Some((_, Purpose::Think)) = self.search.take() else { return };
        let Some(info) = result.filter(|i| !i.pv.is_empty()) else {
            self.claim_if_over();
            return;
        };
        let mv = info.pv[0];
        // A move XBoard cannot show is played only when nothing else is legal (the search's rule).
        if self.engine_side != Some(self.engine.position().side()) || !self.engine.legal_moves().contains(&mv) {
            return;
        }
        let legs = self.display.move_legs(self.engine.variant(), &mv);
        self.play(mv);
        for leg in legs {
            crate::outln!("move {leg}");
        }
        self.expected = info.pv.get(1).copied();
        if !self.claim_if_over() {
            self.ponder_if_wanted();
        }
    }

    /// Stops a search that chooses a move or ponders, forgetting its result.
    fn stop_thinking(&mut self) {
        if !matches!(self.search, Some((_, Purpose::Analyze))) {
            self.abandon();
        }
    }

    /// Stops any search, analysis included, and leaves analyze mode: `go` and `playother` there
    /// mean the user wants the engine to play.
    fn leave_analysis(&mut self) {
        self.analyzing = false;
        self.abandon();
    }

    /// Stops any search and forgets its result.
    fn abandon(&mut self) {
        self.search = None;
        self.engine.stop();
    }
}

/// Whether XBoard can play the variant as Vorpal does, so that it is offered: not when pieces
/// change owner (Monochrome: XBoard forfeits a move of a piece of the other colour), nor when
/// pieces appear (Inside-out's spawned pawns: XBoard cannot draw them, and refuses their moves),
/// nor FIDE Chess960, which XBoard plays by its own castling that Vorpal does not read.
fn shows_truly(variant: &Variant) -> bool {
    let own_chess960 = variant.geometry().layers == 1 && variant.castling_style == CastlingStyle::Chess960;
    variant.family().xboard_shows() && !own_chess960
}

/// Whether an unknown command is a move sent without `usermove`.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() >= 4
        && b[0].is_ascii_lowercase()
        && b[1].is_ascii_digit()
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == ',')
}
