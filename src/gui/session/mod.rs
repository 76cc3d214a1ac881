//! One game in the browser: its position, moves and clocks, who plays each side (a person,
//! Vorpal, or the engine the GUI was started with), and Vorpal playing or analysing in the
//! background.

mod turns;
mod view;

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::arena::answer::{Answer, Thought};
use crate::arena::client::{self, Client, EngineSpec};
use crate::arena::clock::Clocks;
use crate::arena::game::{Game, Termination};
use crate::arena::opening::Opening;
use crate::config::Config;
use crate::engine::options::ANALYSIS_LINES;
use crate::engine::rules_of::read_move;
use crate::engine::Engine;
use crate::movegen::Move;
use crate::notation::score;
use crate::notation::time_control::TimeControl;
use crate::pieces::Color;
use crate::position::Position;
use crate::rules::chess960;
use crate::search::{Info, Limits};
use crate::variant::Variant;

/// The shortest and longest time Vorpal may be given per move, in seconds.
pub const THINK_RANGE: (f64, f64) = (0.01, 600.0);

/// How long Vorpal analyses one position before it rests.
const ANALYSIS_TIME: Duration = Duration::from_secs(120);

/// How late past its time a move may come, as in matches: scheduling jitter, not thinking time.
const CLOCK_MARGIN: Duration = Duration::from_millis(50);

/// How much longer than its clock (or its time per move) the engine may take before it forfeits.
const ENGINE_GRACE: Duration = Duration::from_secs(5);

/// Who plays a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the page.
    Human,
    /// Vorpal, in this process.
    Vorpal,
    /// The engine given to `vorpal gui --engine`.
    Engine,
}

impl Player {
    /// Reads `human`, `vorpal` or `engine`.
    pub fn parse(text: &str) -> Result<Player, String> {
        match text {
            "human" => Ok(Player::Human),
            "vorpal" => Ok(Player::Vorpal),
            "engine" => Ok(Player::Engine),
            other => Err(format!("'{other}' is not human, vorpal or engine")),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Vorpal => "vorpal",
            Player::Engine => "engine",
        }
    }
}

/// How a new game is set up.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The variant's name.
    pub variant: String,
    /// The start position, or the variant's own.
    pub fen: Option<String>,
    /// A Chess960 setup (`N`, `WHITE:BLACK` or `random:SEED`) instead of a FEN.
    pub chess960: Option<String>,
    /// Who plays White and Black.
    pub players: [Player; 2],
    /// The time per move of Vorpal and the engine, when the game has no clocks.
    pub think: Duration,
    /// The clocks' time control (`TimeControl::Clock`), if the game has clocks.
    pub clock: Option<TimeControl>,
    /// The side of a person invited to play from a page of his own, in a game between two
    /// people; `None` when they share one screen (or a side is not a person's).
    pub invited: Option<Color>,
}

/// One line of Vorpal's last iterations.
struct Line {
    depth: u32,
    score: String,
    pv: String,
    nodes: u64,
}

/// The game and everything the page shows of it: who plays, and what Vorpal is thinking.
pub struct Table {
    /// Answers legality and holds the position (its table is the smallest).
    rules: Engine,
    /// The variants, for the searcher made when first needed.
    config: Config,
    /// Searches for Vorpal's moves and analyses, in the background; made at the first search,
    /// so that a game that never searches has no hash table.
    thinker: Option<Arc<Mutex<Engine>>>,
    /// The engine of `vorpal gui --engine`, when it plays a side of this game, and its name (kept
    /// apart: the engine is locked while it thinks).
    program: Option<Arc<Mutex<Box<dyn Client>>>>,
    engine_name: Option<String>,
    setup: Setup,
    /// The moves, the clocks (which run only when the setup has them) and the result.
    game: Game,
    /// Each line of the search under way or last finished (several when analysing).
    lines: Vec<Option<Line>>,
    /// How many lines to analyse on a person's move (0: no analysis).
    analysis: usize,
    /// A search for a move (Vorpal's or the engine's) is under way.
    thinking: bool,
    /// Vorpal is analysing the position for the person to move.
    analysing: bool,
    /// The engine must be told the game afresh (after a take-back).
    engine_restart: bool,
    /// In a game by invitation, the side that asked to take its last move back, until the
    /// other agrees (by asking too) or a move is made.
    take_back_asked: Option<Color>,
    /// Raised by every change, so that a page waiting for news learns of it.
    version: u64,
    /// Raised when the game moves on, is taken back or is replaced: a search started before is ignored.
    generation: u64,
    turn_started: Instant,
    /// When a page last asked about this game.
    pub last_used: Instant,
}

/// A game shared between the server's threads and the searches.
pub struct Session {
    table: Mutex<Table>,
    changed: Condvar,
}

/// What a search for a move or an analysis needs, taken from the game under its lock.
struct Task {
    generation: u64,
    start_fen: String,
    moves: Vec<Move>,
    legal: Vec<Move>,
    variant: Arc<Variant>,
    limits: Limits,
    /// The clocks as the engine is told them, and its time control.
    clocks: Clocks,
    tc: TimeControl,
    deadline: Duration,
    /// The engine is to be told the game afresh first.
    restart: bool,
}

impl Session {
    /// A new game; Vorpal or the engine starts thinking if it has the move. `engine` is the
    /// GUI's engine, needed when a side is [`Player::Engine`].
    pub fn start(config: &Config, setup: Setup, engine: Option<&EngineSpec>) -> Result<Arc<Session>, String> {
        let mut rules = Engine::for_rules(config.clone());
        rules.set_variant(&setup.variant)?;
        let fen = match (&setup.fen, &setup.chess960) {
            (Some(_), Some(_)) => return Err("give a FEN or a setup, not both".into()),
            (_, Some(words)) => Some(chess960::setup_from_words(rules.variant(), words)?),
            (fen, None) => fen.clone(),
        };
        rules.set_position(fen.as_deref(), &[])?;
        let start_fen = rules.position().to_fen();
        let program = if setup.players.contains(&Player::Engine) {
            let spec = engine.ok_or("no engine to play: start the GUI with --engine CMD")?;
            let mut process = client::start(spec, rules.variant(), None)?;
            process.new_game(rules.variant(), rules.position(), time_control(&setup))?;
            Some((spec.name.clone().unwrap_or_else(|| process.name().to_string()), Arc::new(Mutex::new(process))))
        } else {
            None
        };
        let (engine_name, program) = program.unzip();
        // Without clocks, Vorpal and the engine have their time per move and a person all the time.
        let tcs = setup.players.map(|player| match (setup.clock, player) {
            (Some(tc), _) => tc,
            (None, Player::Human) => TimeControl::Infinite,
            (None, _) => TimeControl::PerMove(setup.think),
        });
        let players = setup.players.map(|player| match player {
            Player::Human => "Human".to_string(),
            Player::Vorpal => "Vorpal".to_string(),
            Player::Engine => engine_name.clone().unwrap_or_else(|| "Engine".into()),
        });
        let opening = Opening { fen: start_fen, moves: Vec::new() };
        let mut table = Table {
            game: Game::new(&opening, players, tcs, CLOCK_MARGIN),
            rules,
            config: config.clone(),
            thinker: None,
            program,
            engine_name,
            setup,
            lines: Vec::new(),
            analysis: 0,
            thinking: false,
            analysing: false,
            engine_restart: false,
            take_back_asked: None,
            version: 1,
            generation: 0,
            turn_started: Instant::now(),
            last_used: Instant::now(),
        };
        table.note_outcome();
        let session = Arc::new(Session { table: Mutex::new(table), changed: Condvar::new() });
        session.kick();
        Ok(session)
    }

    /// The game, locked (a thread that panicked while holding it leaves it usable).
    pub fn lock(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game once its version is past `after`, or after `wait` at most (sooner when the clock
    /// of the side to move runs out before, so that the page hears of it).
    pub fn wait_past(&self, after: u64, wait: Duration) -> MutexGuard<'_, Table> {
        let game = self.lock();
        let wait = game.time_to_flag().map_or(wait, |t| wait.min(t + Duration::from_millis(10)));
        let (mut game, _) =
            self.changed.wait_timeout_while(game, wait, |g| g.version <= after).unwrap_or_else(|e| e.into_inner());
        game.flag_fall();
        game
    }

    /// A person's move, given as its text, from a page that plays `seat` (`None`: any person's side).
    pub fn human_move(self: &Arc<Self>, text: &str, seat: Option<Color>) -> Result<(), String> {
        {
            let mut game = self.lock();
            game.flag_fall();
            if let Some(end) = game.game.summary() {
                return Err(format!("the game is over: {end}"));
            }
            let side = game.rules.position().side();
            let player = game.setup.players[side.index()];
            if player != Player::Human {
                return Err(format!(
                    "it is {}'s move, not yours",
                    if player == Player::Vorpal { "Vorpal" } else { "the engine" }
                ));
            }
            if seat.is_some_and(|seat| seat != side) {
                return Err(format!("it is {}'s move, not yours", side.name()));
            }
            let mut pos = game.rules.position().clone();
            let mv = read_move(&mut pos, text).map_err(|e| e.to_string())?;
            game.play(mv, Instant::now(), Thought::default());
        }
        self.touched();
        self.kick();
        Ok(())
    }

    /// Takes back moves until a person has the move again (one move when both sides are people).
    /// In a game by invitation the page of `seat` asks, and when the other page asks too, the
    /// first asker's last move is taken back (with the reply to it, if any).
    pub fn take_back(self: &Arc<Self>, seat: Option<Color>) -> Result<(), String> {
        {
            let mut game = self.lock();
            if game.game.moves.is_empty() {
                return Err("no move to take back".into());
            }
            // The side whose move goes back, in a game by invitation.
            let mut asker = None;
            if let (Some(_), Some(seat)) = (game.setup.invited, seat) {
                match game.take_back_asked.take() {
                    Some(first) if first == seat => {
                        game.take_back_asked = Some(first);
                        return Err("you asked already: your friend has not agreed yet".into());
                    }
                    Some(first) => asker = Some(first),
                    None => {
                        let last_mover = game.rules.position().side().flip();
                        if game.game.is_over() {
                            return Err("the game is over: its moves stand".into());
                        }
                        if game.game.moves.len() == 1 && last_mover != seat {
                            return Err("you have made no move to take back".into());
                        }
                        game.take_back_asked = Some(seat);
                        game.version += 1;
                        self.changed.notify_all();
                        return Ok(());
                    }
                }
            }
            game.generation += 1;
            (game.thinking, game.analysing) = (false, false);
            game.lines.clear();
            while game.game.take_back().is_some() {
                game.rules.unmake();
                let side = game.rules.position().side();
                let done = match asker {
                    Some(asker) => side == asker,
                    None => game.setup.players[side.index()] == Player::Human,
                };
                if done {
                    break;
                }
            }
            game.note_outcome();
            game.turn_started = Instant::now();
            // An XBoard engine keeps the game itself: it is told the game afresh before its next move.
            game.engine_restart = game.program.is_some();
        }
        self.halt();
        self.touched();
        self.kick();
        Ok(())
    }

    /// Turns analysis for the person to move on with `lines` lines, or off with 0.
    pub fn analyse(self: &Arc<Self>, lines: usize) -> Result<(), String> {
        ANALYSIS_LINES.check(lines as u64)?;
        {
            let mut game = self.lock();
            if lines > 0 && game.setup.invited.is_some() && !game.game.is_over() {
                return Err("no analysis while a game by invitation goes on: it is open once the game ends".into());
            }
            game.analysis = lines;
            if game.analysing {
                game.generation += 1;
                game.analysing = false;
                game.lines.clear();
            }
        }
        self.halt();
        self.touched();
        self.kick();
        Ok(())
    }

    /// Tells the pages waiting on this game that it changed.
    fn touched(&self) {
        self.lock().version += 1;
        self.changed.notify_all();
    }

    /// Stops Vorpal's search, if one runs (its result is ignored by its generation).
    fn halt(&self) {
        if let Some(thinker) = self.lock().thinker.clone() {
            thinker.lock().unwrap_or_else(|e| e.into_inner()).halt();
        }
    }

    /// Starts whatever the position asks for: Vorpal's or the engine's move, or an analysis for
    /// the person to move.
    fn kick(self: &Arc<Self>) {
        let (player, task, thinker, program) = {
            let mut game = self.lock();
            if game.game.is_over() || game.thinking || game.analysing {
                return;
            }
            let side = game.rules.position().side();
            let player = game.setup.players[side.index()];
            if player == Player::Human && game.analysis == 0 {
                return;
            }
            if player == Player::Human {
                game.analysing = true;
            } else {
                game.thinking = true;
            }
            game.lines.clear();
            let thinker = if player == Player::Engine { None } else { game.thinker() };
            (player, game.task(player), thinker, game.program.clone())
        };
        match (player, program, thinker) {
            (Player::Engine, Some(program), _) => self.ask_engine(task, program),
            (Player::Engine, None, _) => {}
            (_, _, Some(thinker)) => self.search(task, player == Player::Human, thinker),
            (_, _, None) => {
                let mut game = self.lock();
                (game.thinking, game.analysing) = (false, false);
            }
        }
    }

    /// Vorpal searches, for its move or, for a person, as analysis.
    fn search(self: &Arc<Self>, task: Task, analysis: bool, thinker: Arc<Mutex<Engine>>) {
        let mut engine = thinker.lock().unwrap_or_else(|e| e.into_inner());
        // A take-back or a move may have come while the lock was awaited: that search is not wanted.
        if self.lock().generation != task.generation {
            return;
        }
        let texts: Vec<String> = task.moves.iter().map(|m| m.to_text(&task.variant)).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        if let Err(e) = engine.set_position(Some(&task.start_fen), &texts) {
            // Its own moves from its own start: this cannot fail unless the game itself is broken.
            let mut game = self.lock();
            (game.thinking, game.analysing) = (false, false);
            let side = game.rules.position().side();
            game.forfeit(side, format!("(Vorpal) cannot go on: {e}"), Termination::Abandoned);
            return;
        }
        let (reporter, finisher) = (Arc::downgrade(self), Arc::downgrade(self));
        let generation = task.generation;
        engine.go(
            task.limits,
            move |variant, info, _| {
                if let Some(session) = reporter.upgrade() {
                    session.report(generation, variant, info);
                }
            },
            move |_, result| {
                if let Some(session) = finisher.upgrade() {
                    // Searches start from a thread of their own: this one is the search's, which
                    // a new search would wait for.
                    let answered = Instant::now();
                    std::thread::spawn(move || session.searched(generation, analysis, result, answered));
                }
            },
        );
    }

    /// A search ended: Vorpal's move is played, or the analysis rests.
    fn searched(self: &Arc<Self>, generation: u64, analysis: bool, result: Option<Info>, answered: Instant) {
        let played = {
            let mut game = self.lock();
            if game.generation != generation {
                return;
            }
            if analysis {
                game.analysing = false;
                false
            } else {
                game.thinking = false;
                let played = result.filter(|info| !info.pv.is_empty());
                if let Some(info) = &played {
                    let thought = Thought { score: Some(info.score), depth: Some(info.depth) };
                    game.play(info.pv[0], answered, thought);
                }
                played.is_some()
            }
        };
        self.touched();
        // Vorpal against itself goes on; a search that found no move is not repeated.
        if played {
            self.kick();
        }
    }

    /// The GUI's engine is asked for its move, on a thread of its own.
    fn ask_engine(self: &Arc<Self>, task: Task, program: Arc<Mutex<Box<dyn Client>>>) {
        let session = Arc::downgrade(self);
        std::thread::spawn(move || {
            let (answer, chosen, answered) = {
                let mut process = program.lock().unwrap_or_else(|e| e.into_inner());
                let restarted = match Position::from_fen(task.variant.clone(), &task.start_fen) {
                    Ok(start) if task.restart => process.new_game(&task.variant, &start, task.tc),
                    Ok(_) => Ok(()),
                    Err(e) => Err(e.to_string()),
                };
                let answer = match restarted {
                    Ok(()) => process.play(&task.variant, &task.moves, task.clocks, task.tc, task.deadline),
                    Err(e) => Answer::Crashed(e),
                };
                let chosen = match &answer {
                    Answer::Move(text, _) => process.find(&task.variant, &task.legal, text),
                    _ => None,
                };
                (answer, chosen, process.heard())
            };
            let Some(session) = session.upgrade() else { return };
            let played = {
                let mut game = session.lock();
                if game.generation != task.generation {
                    return;
                }
                game.thinking = false;
                let side = game.rules.position().side();
                match (answer, chosen) {
                    (Answer::Move(_, thought), Some(mv)) => {
                        game.play(mv, answered, thought);
                        true
                    }
                    (answer, _) => {
                        let (what, how) = match answer {
                            Answer::Move(text, _) => {
                                (format!("(the engine) played an illegal move: {text}"), Termination::RulesInfraction)
                            }
                            Answer::Resign => ("(the engine) resigned".into(), Termination::Normal),
                            Answer::Claim(result, comment) => (
                                format!("(the engine) claimed {result} {{{comment}}}, which the rules do not give"),
                                Termination::RulesInfraction,
                            ),
                            Answer::Refused(words) => {
                                (format!("(the engine) refused a move: {words}"), Termination::RulesInfraction)
                            }
                            Answer::Crashed(why) => (format!("(the engine) stopped: {why}"), Termination::Abandoned),
                            Answer::Timeout => ("(the engine) did not answer in time".into(), Termination::TimeForfeit),
                        };
                        if how == Termination::TimeForfeit && game.setup.clock.is_some() {
                            game.lose_on_time(side);
                        } else {
                            game.forfeit(side, what, how);
                        }
                        false
                    }
                }
            };
            session.touched();
            if played {
                session.kick();
            }
        });
    }

    /// Shows an iteration of a search still wanted.
    fn report(&self, generation: u64, variant: &Variant, info: &Info) {
        {
            let mut game = self.lock();
            if game.generation != generation {
                return;
            }
            let pv: Vec<String> = info.pv.iter().map(|m| m.to_text(variant)).collect();
            let index = info.line.max(1) as usize - 1;
            if game.lines.len() <= index {
                game.lines.resize_with(index + 1, || None);
            }
            game.lines[index] =
                Some(Line { depth: info.depth, score: score::uci(info.score), pv: pv.join(" "), nodes: info.nodes });
        }
        self.touched();
    }
}

/// The time control the engines are given: the clocks', or the time per move.
fn time_control(setup: &Setup) -> TimeControl {
    setup.clock.unwrap_or(TimeControl::PerMove(setup.think))
}
