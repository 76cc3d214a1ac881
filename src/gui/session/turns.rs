//! The game's moves and clocks: a move played, the clocks charged, a flag fallen.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{time_control, Ending, Game, Player, Step, Task, ANALYSIS_TIME, ENGINE_GRACE};
use crate::arena::answer::Thought;
use crate::arena::clock::Clocks;
use crate::arena::clock::Flag;
use crate::engine::Engine;
use crate::movegen::Move;
use crate::pieces::Color;
use crate::search::time::Clock;
use crate::search::Limits;

impl Drop for Game {
    fn drop(&mut self) {
        // A game replaced or gone stops its search; the engine process is killed with its last handle.
        if let Some(thinker) = &self.thinker {
            thinker.lock().unwrap_or_else(|e| e.into_inner()).halt();
        }
    }
}

impl Game {
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

    /// Plays a legal move made at `made`, runs the mover's clock, and notes what it ended; a
    /// move made after the mover's time ran out is not played, and the game is lost on time.
    pub(super) fn play(&mut self, mv: Move, made: Instant) {
        let elapsed = made.saturating_duration_since(self.turn_started);
        let side = self.rules.position().side();
        let clocks_before = self.clocks.clone();
        let clock_after = match &mut self.clocks {
            Some(clocks) => match clocks.charge_move(side.index(), elapsed) {
                Ok(after) => after,
                Err(Flag) => {
                    self.lose_on_time(side);
                    return;
                }
            },
            None => None,
        };
        let text = mv.to_text(self.rules.variant());
        self.rules.make(mv);
        self.steps.push(Step { mv, text, elapsed, thought: Thought::default(), clocks_before, clock_after });
        self.ending = self.rules.outcome().map(Ending::Rules);
        // An analysis of the position before is over: the next search interrupts it.
        self.generation += 1;
        self.analysing = false;
        self.lines.clear();
        self.turn_started = Instant::now();
    }

    /// Vorpal's or the engine's move, given at `answered`: its clock is charged up to then, not
    /// up to when this thread got to it.
    pub(super) fn engine_move(&mut self, mv: Move, answered: Instant, thought: Thought) {
        let before = self.steps.len();
        self.play(mv, answered);
        if self.steps.len() > before {
            if let Some(last) = self.steps.last_mut() {
                last.thought = thought;
            }
        }
    }

    /// Time left on each clock now.
    pub(super) fn clocks_now(&self) -> Option<[Duration; 2]> {
        let clocks = self.clocks.as_ref()?;
        let mut left = [clocks.left(0), clocks.left(1)];
        if self.ending.is_none() {
            let side = self.rules.position().side().index();
            left[side] = left[side].saturating_sub(self.turn_started.elapsed());
        }
        Some(left)
    }

    /// How long until the clock of the side to move runs out, margin included.
    pub(super) fn time_to_flag(&self) -> Option<Duration> {
        let side = self.rules.position().side().index();
        let clocks = self.clocks.as_ref().filter(|_| self.ending.is_none())?;
        Some(clocks.deadline(side, self.turn_started).saturating_duration_since(Instant::now()))
    }

    /// Ends the game if the clock of a person to move has run out; whether it has. An engine's
    /// or Vorpal's clock is judged when its move comes, by when it was given.
    pub(super) fn flag_fall(&mut self) -> bool {
        if self.thinking || self.time_to_flag() != Some(Duration::ZERO) {
            return false;
        }
        let side = self.rules.position().side();
        if let Some(clocks) = &mut self.clocks {
            // The time is spent: the clock is charged to its end and so reads zero.
            let _ = clocks.spend(side.index(), self.turn_started.elapsed());
        }
        self.lose_on_time(side);
        true
    }

    /// `side` lost on time: the game ends and whatever searched for it is forgotten.
    pub(super) fn lose_on_time(&mut self, side: Color) {
        self.ending = Some(Ending::Time(side));
        self.generation += 1;
        self.thinking = false;
        self.analysing = false;
        self.version += 1;
    }

    /// What a search of the current position needs.
    pub(super) fn task(&mut self, player: Player) -> Task {
        let side = self.rules.position().side();
        let tc = time_control(&self.setup);
        let (clock, clocks) = match (&self.clocks, self.clocks_now()) {
            (Some(game_clocks), Some(left)) => {
                let told = Clocks { left, ..game_clocks.told(side.index()) };
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
            start_fen: self.start_fen.clone(),
            moves: self.steps.iter().map(|s| s.mv).collect(),
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
