//! The game's moves and clocks: a move played, the clocks charged, a flag fallen.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{time_control, Player, Table, Task, ANALYSIS_TIME, ENGINE_GRACE};
use crate::arena::answer::Thought;
use crate::arena::clock::Clocks;
use crate::arena::game::Termination;
use crate::engine::Engine;
use crate::movegen::Move;
use crate::pieces::Color;
use crate::search::time::Clock;
use crate::search::Limits;

impl Drop for Table {
    fn drop(&mut self) {
        // A game replaced or gone stops its search; the engine process is killed with its last handle.
        if let Some(thinker) = &self.thinker {
            thinker.lock().unwrap_or_else(|e| e.into_inner()).halt();
        }
    }
}

impl Table {
    /// Vorpal's searcher, made now if this is the game's first search; none if the variant
    /// cannot be loaded again (it loaded when the game started, so this does not happen).
    pub(super) fn thinker(&mut self) -> Option<Arc<Mutex<Engine>>> {
        if self.thinker.is_none() {
            let mut engine = Engine::new(self.config.clone());
            engine.set_variant(&self.setup.variant).ok()?;
            self.thinker = Some(Arc::new(Mutex::new(engine)));
        }
        self.thinker.clone()
    }

    /// Plays a legal move made at `made`, with what its player thought of it; runs the mover's
    /// clock, and notes what the move ended. A move made after the mover's time ran out is not
    /// played, and the game is lost on time.
    pub(super) fn play(&mut self, mv: Move, made: Instant, thought: Thought) {
        let elapsed = made.saturating_duration_since(self.turn_started);
        let side = self.rules.position().side();
        if self.setup.clock.is_some() && self.game.spend(side, elapsed).is_err() {
            self.lose_on_time(side);
            return;
        }
        self.game.play(side, mv, elapsed, thought, Vec::new());
        self.rules.make(mv);
        // A move answers a request to take back: it is refused.
        self.take_back_asked = None;
        self.note_outcome();
        // An analysis of the position before is over: the next search interrupts it.
        self.generation += 1;
        self.analysing = false;
        self.lines.clear();
        self.turn_started = Instant::now();
    }

    /// Ends the game if the rules end it in the position now.
    pub(super) fn note_outcome(&mut self) {
        self.game.note_outcome(&mut self.rules.position().clone());
    }

    /// The player of `side` lost the game by what it did (`what`, in words).
    pub(super) fn forfeit(&mut self, side: Color, what: String, how: Termination) {
        self.game.finish(Some(side.flip()), format!("{} {what}", side.name()), how);
    }

    /// Time left on each clock now.
    pub(super) fn clocks_now(&self) -> Option<[Duration; 2]> {
        self.setup.clock?;
        let clocks = self.game.clocks();
        let mut left = [clocks.left(0), clocks.left(1)];
        if !self.game.is_over() {
            let side = self.rules.position().side().index();
            left[side] = left[side].saturating_sub(self.turn_started.elapsed());
        }
        Some(left)
    }

    /// How long until the clock of the side to move runs out, margin included.
    pub(super) fn time_to_flag(&self) -> Option<Duration> {
        let side = self.rules.position().side().index();
        if self.setup.clock.is_none() || self.game.is_over() {
            return None;
        }
        Some(self.game.clocks().deadline(side, self.turn_started).saturating_duration_since(Instant::now()))
    }

    /// Ends the game if the clock of a person to move has run out; whether it has. An engine's
    /// or Vorpal's clock is judged when its move comes, by when it was given.
    pub(super) fn flag_fall(&mut self) -> bool {
        if self.thinking || self.time_to_flag() != Some(Duration::ZERO) {
            return false;
        }
        let side = self.rules.position().side();
        // The time is spent: the clock is charged to its end and so reads zero.
        let _ = self.game.spend(side, self.turn_started.elapsed());
        self.lose_on_time(side);
        true
    }

    /// `side` lost on time: the game ends and whatever searched for it is forgotten.
    pub(super) fn lose_on_time(&mut self, side: Color) {
        if !self.game.is_over() {
            self.game.lose_on_time(side);
        }
        self.generation += 1;
        self.thinking = false;
        self.analysing = false;
        self.version += 1;
    }

    /// What a search of the current position needs.
    pub(super) fn task(&mut self, player: Player) -> Task {
        let side = self.rules.position().side();
        let tc = time_control(&self.setup);
        let (clock, clocks) = match self.clocks_now() {
            Some(left) => {
                let told = Clocks { left, ..self.game.clocks().told(side.index()) };
                let clock = Clock {
                    remaining: left[side.index()],
                    increment: told.increment[side.index()],
                    moves_to_go: told.moves_to_go,
                };
                (Some(clock), told)
            }
            _ => (None, Clocks { left: [self.setup.think; 2], increment: [Duration::ZERO; 2], moves_to_go: None }),
        };
        let limits = match player {
            Player::Human => Limits { movetime: Some(ANALYSIS_TIME), lines: self.analysis, ..Limits::default() },
            _ if clock.is_some() => Limits { clock, ..Limits::default() },
            _ => Limits { movetime: Some(self.setup.think), ..Limits::default() },
        };
        let deadline = clock.map_or(self.setup.think, |c| c.remaining) + ENGINE_GRACE;
        Task {
            generation: self.generation,
            start_fen: self.game.opening.fen.clone(),
            moves: self.game.moves.iter().map(|s| s.mv).collect(),
            legal: if player == Player::Engine { self.rules.legal_moves() } else { Vec::new() },
            variant: self.rules.variant().clone(),
            limits,
            clocks,
            tc,
            deadline,
            restart: player == Player::Engine && std::mem::take(&mut self.engine_restart),
        }
    }
}
