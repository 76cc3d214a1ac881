//! One game in the browser: its position and moves, who plays each side, and Vorpal thinking
//! in the background when a side is its.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::board::board_json;
use super::json::{list, object, optional, quote};
use crate::arena::engine::Thought;
use crate::arena::game::{GameRecord, Played};
use crate::arena::opening::Opening;
use crate::arena::pgn::write_game;
use crate::config::Config;
use crate::engine::Engine;
use crate::movegen::Move;
use crate::notation::score;
use crate::notation::time::TimeControl;
use crate::pieces::Color;
use crate::rules::Outcome;
use crate::search::{Info, Limits};
use crate::variant::family::Family;
use crate::variant::Variant;

/// The shortest and longest time Vorpal may be given per move, in seconds.
pub const THINK_RANGE: (f64, f64) = (0.01, 600.0);

/// How a new game is set up.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The variant's name.
    pub variant: String,
    /// The start position, or the variant's own.
    pub fen: Option<String>,
    /// Whether a person plays White and Black (else Vorpal does).
    pub humans: [bool; 2],
    /// Vorpal's time per move.
    pub think: Duration,
}

/// A move played, with the time its player took.
struct Step {
    mv: Move,
    text: String,
    elapsed: Duration,
    /// Vorpal's score and depth, for its own moves.
    thought: Thought,
}

/// What Vorpal's last iteration found.
struct Line {
    depth: u32,
    score: String,
    pv: String,
    nodes: u64,
}

/// The game and everything the page shows of it.
pub struct Game {
    /// Answers legality and holds the position (its table is the smallest).
    rules: Engine,
    /// Searches for Vorpal's moves, on a thread of its own.
    thinker: Arc<Mutex<Engine>>,
    setup: Setup,
    start_fen: String,
    steps: Vec<Step>,
    outcome: Option<Outcome>,
    line: Option<Line>,
    thinking: bool,
    /// Raised by every change, so that a page waiting for news learns of it.
    version: u64,
    /// Raised when the game is taken back or replaced: a search started before is ignored.
    generation: u64,
    turn_started: Instant,
    /// When a page last asked about this game.
    pub last_used: Instant,
}

/// A game shared between the server's threads and Vorpal's search.
pub struct Session {
    game: Mutex<Game>,
    changed: Condvar,
}

impl Session {
    /// A new game; Vorpal starts thinking if it has the move.
    pub fn start(config: &Config, setup: Setup) -> Result<Arc<Session>, String> {
        let mut rules = Engine::new(config.clone());
        rules.set_hash(1)?;
        rules.set_variant(&setup.variant)?;
        rules.set_position(setup.fen.as_deref(), &[])?;
        let start_fen = rules.position().to_fen();
        let mut thinker = Engine::new(config.clone());
        thinker.set_variant(&setup.variant)?;
        let mut game = Game {
            rules,
            thinker: Arc::new(Mutex::new(thinker)),
            setup,
            start_fen,
            steps: Vec::new(),
            outcome: None,
            line: None,
            thinking: false,
            version: 1,
            generation: 0,
            turn_started: Instant::now(),
            last_used: Instant::now(),
        };
        game.outcome = game.rules.outcome();
        let session = Arc::new(Session { game: Mutex::new(game), changed: Condvar::new() });
        session.kick();
        Ok(session)
    }

    /// The game, locked (a thread that panicked while holding it leaves it usable).
    pub fn lock(&self) -> MutexGuard<'_, Game> {
        self.game.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game once its version is past `after`, or after `wait` at most.
    pub fn wait_past(&self, after: u64, wait: Duration) -> MutexGuard<'_, Game> {
        let game = self.lock();
        let (game, _) =
            self.changed.wait_timeout_while(game, wait, |g| g.version <= after).unwrap_or_else(|e| e.into_inner());
        game
    }

    /// A person's move, given as its text.
    pub fn human_move(self: &Arc<Self>, text: &str) -> Result<(), String> {
        {
            let mut game = self.lock();
            if let Some(end) = &game.outcome {
                return Err(format!("the game is over: {end}"));
            }
            let side = game.rules.position().side();
            if !game.setup.humans[side.index()] {
                return Err("it is Vorpal's move, not yours".into());
            }
            let mut pos = game.rules.position().clone();
            let mv = game.rules.parse(&mut pos, text)?;
            game.play(mv);
        }
        self.touched();
        self.kick();
        Ok(())
    }

    /// Takes back moves until a person has the move again (one move when both sides are people).
    pub fn take_back(self: &Arc<Self>) -> Result<(), String> {
        {
            let mut game = self.lock();
            if game.steps.is_empty() {
                return Err("no move to take back".into());
            }
            game.generation += 1;
            game.thinking = false;
            game.line = None;
            while game.steps.pop().is_some() {
                game.rules.unmake();
                let side = game.rules.position().side();
                if game.setup.humans[side.index()] {
                    break;
                }
            }
            game.outcome = game.rules.outcome();
            game.turn_started = Instant::now();
        }
        self.touched();
        self.kick();
        Ok(())
    }

    /// Tells the pages waiting on this game that it changed.
    fn touched(&self) {
        self.lock().version += 1;
        self.changed.notify_all();
    }

    /// Starts Vorpal thinking when it has the move and is not thinking already.
    fn kick(self: &Arc<Self>) {
        let (position_fen, moves, generation, think, thinker) = {
            let mut game = self.lock();
            let side = game.rules.position().side();
            if game.outcome.is_some() || game.thinking || game.setup.humans[side.index()] {
                return;
            }
            game.thinking = true;
            let moves: Vec<String> = game.steps.iter().map(|s| s.text.clone()).collect();
            (game.start_fen.clone(), moves, game.generation, game.setup.think, game.thinker.clone())
        };
        let session = self.clone();
        std::thread::spawn(move || {
            let started = Instant::now();
            let result = {
                let mut engine = thinker.lock().unwrap_or_else(|e| e.into_inner());
                let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
                match engine.set_position(Some(&position_fen), &texts) {
                    Ok(()) => {
                        let limits = Limits { movetime: Some(think), ..Limits::default() };
                        engine.think(limits, |variant, info, _| session.report(generation, variant, info))
                    }
                    Err(_) => None,
                }
            };
            let played = {
                let mut game = session.lock();
                if game.generation != generation {
                    return;
                }
                game.thinking = false;
                let played = result.filter(|info| !info.pv.is_empty());
                if let Some(info) = &played {
                    game.play(info.pv[0]);
                    if let Some(last) = game.steps.last_mut() {
                        last.elapsed = started.elapsed();
                        last.thought = Thought { score: Some(info.score), depth: Some(info.depth) };
                    }
                }
                played.is_some()
            };
            session.touched();
            // Vorpal against itself goes on; a search that found no move is not repeated.
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
            game.line =
                Some(Line { depth: info.depth, score: score::uci(info.score), pv: pv.join(" "), nodes: info.nodes });
        }
        self.touched();
    }
}

impl Game {
    /// Plays a legal move and notes what it ended.
    fn play(&mut self, mv: Move) {
        let text = mv.to_text(self.rules.variant());
        let elapsed = self.turn_started.elapsed();
        self.rules.make(mv);
        self.steps.push(Step { mv, text, elapsed, thought: Thought::default() });
        self.outcome = self.rules.outcome();
        self.turn_started = Instant::now();
    }

    /// Everything the page draws, as JSON.
    pub fn state(&mut self) -> String {
        let variant = self.rules.variant().clone();
        let pos = self.rules.position().clone();
        let g = &variant.geometry;
        let boards = g.all_layers().map(|layer| board_json(&variant, layer, |sq| pos.piece_char(sq)));
        let legal = if self.outcome.is_none() && self.setup.humans[pos.side().index()] {
            self.rules.legal_moves()
        } else {
            Vec::new()
        };
        let legal = legal.iter().map(|&mv| {
            object([
                ("from", quote(&g.square_name(mv.from()))),
                ("to", quote(&g.square_name(mv.to()))),
                ("capture", optional(mv.capture().map(|c| quote(&g.square_name(c))))),
                ("text", quote(&mv.to_text(&variant))),
            ])
        });
        let steps =
            self.steps.iter().map(|s| object([("text", quote(&s.text)), ("ms", s.elapsed.as_millis().to_string())]));
        let last = self
            .steps
            .last()
            .map(|s| object([("from", quote(&g.square_name(s.mv.from()))), ("to", quote(&g.square_name(s.mv.to())))]));
        let line = self.line.as_ref().map(|l| {
            object([
                ("depth", l.depth.to_string()),
                ("score", quote(&l.score)),
                ("pv", quote(&l.pv)),
                ("nodes", l.nodes.to_string()),
            ])
        });
        let scores = variant.family.scores_captures().then(|| {
            let s = pos.scores();
            list([s[Color::White].to_string(), s[Color::Black].to_string()])
        });
        object([
            ("version", self.version.to_string()),
            ("variant", quote(&variant.name)),
            ("fen", quote(&pos.to_fen())),
            ("side", quote(if pos.side() == Color::White { "white" } else { "black" })),
            ("humans", list(self.setup.humans.iter().map(bool::to_string))),
            ("think", format!("{:.3}", self.setup.think.as_secs_f64())),
            ("boards", list(boards)),
            ("nested", matches!(variant.family, Family::InsideOut(_)).to_string()),
            ("halves", matches!(variant.family, Family::Monochrome(_)).to_string()),
            ("legal", list(legal)),
            ("moves", list(steps)),
            ("last", optional(last)),
            ("thinking", self.thinking.to_string()),
            ("line", optional(line)),
            ("scores", optional(scores)),
            ("result", optional(self.outcome.as_ref().map(|o| quote(&o.to_string())))),
        ])
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        let name = |human: bool| if human { "Human".to_string() } else { "Vorpal".to_string() };
        let players = [name(self.setup.humans[0]), name(self.setup.humans[1])];
        let opening = Opening { fen: self.start_fen.clone(), moves: Vec::new() };
        let mut record = GameRecord::new(&opening, players, TimeControl::PerMove(self.setup.think));
        record.moves = self
            .steps
            .iter()
            .map(|s| Played { mv: s.mv, elapsed: s.elapsed, clock: None, thought: s.thought, notes: Vec::new() })
            .collect();
        if let Some(end) = &self.outcome {
            record.result = end.result().into();
            record.reason = end.reason.to_string();
        }
        write_game(&record, self.rules.variant(), 1)
    }
}
