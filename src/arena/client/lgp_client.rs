//! A player of hidden-information Looking-Glass (`lgp`), seated at the match's referee.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::process::Process;
use super::{Client, EngineSpec};
use crate::arena::answer::Answer;
use crate::arena::clock::Clocks;
use crate::arena::seat::Seat;
use crate::movegen::Move;
use crate::notation::lgp::{FromPlayer, ToPlayer};
use crate::notation::time_control::TimeControl;
use crate::position::Position;
use crate::variant::Variant;

/// An lgp player: told what the referee says, and read for its orders.
pub struct LgpClient {
    process: Process,
    /// Its own time control, if it has one instead of the match's.
    tc: Option<TimeControl>,
    /// Whether the referee also tells it the true position.
    sighted: bool,
}

impl LgpClient {
    /// Starts the player and completes the handshake.
    pub(super) fn start(spec: &EngineSpec, process: Process) -> Result<LgpClient, String> {
        let mut client = LgpClient { process, tc: spec.tc, sighted: spec.sighted };
        client.process.send("lgp")?;
        client.process.expect_named("lgpok", |_| {})?;
        Ok(client)
    }

    /// Asks the player to quit, and kills it if it does not.
    pub fn quit(self) {
        self.process.quit();
    }

    fn only_hidden(&self) -> String {
        format!("{}: an lgp player plays only hidden games (--hidden)", self.process.name)
    }
}

/// An lgp player is asked nothing as an engine is: the referee speaks to it as a [`Seat`].
impl Client for LgpClient {
    fn process(&self) -> &Process {
        &self.process
    }

    fn process_mut(&mut self) -> &mut Process {
        &mut self.process
    }

    fn own_tc(&self) -> Option<TimeControl> {
        self.tc
    }

    fn new_game(&mut self, _variant: &Arc<Variant>, _start: &Position, _tc: TimeControl) -> Result<(), String> {
        Err(self.only_hidden())
    }

    fn ask(
        &mut self,
        _variant: &Arc<Variant>,
        _moves: &[Move],
        _clocks: Clocks,
        _tc: TimeControl,
    ) -> Result<(), String> {
        Err(self.only_hidden())
    }

    fn answer(&mut self, _: &Arc<Variant>, _: &[Move], _: Clocks, _: TimeControl, _: Instant) -> Answer {
        Answer::Crashed(self.only_hidden())
    }

    fn find(&self, _variant: &Arc<Variant>, _legal: &[Move], _text: &str) -> Option<Move> {
        None
    }

    /// The referee has told it already.
    fn game_over(&mut self, _result: &str, _comment: &str) {}

    fn seat(&mut self) -> Option<&mut dyn Seat> {
        Some(self)
    }

    fn quit(self: Box<Self>) {
        self.process.quit();
    }
}

impl Seat for LgpClient {
    fn name(&self) -> String {
        self.process.name.clone()
    }

    fn timed(&self) -> bool {
        true
    }

    fn sighted(&self) -> bool {
        self.sighted
    }

    fn tell(&mut self, variant: &Variant, messages: &[ToPlayer]) -> Result<(), String> {
        for m in messages {
            self.process.send(&m.line(variant.geometry()))?;
        }
        Ok(())
    }

    /// Lines that are not messages (thinking output, a stray line) are passed over.
    fn next(&mut self, deadline: Option<Instant>) -> Result<(FromPlayer, Instant), Answer> {
        let deadline = deadline.unwrap_or_else(|| Instant::now() + Duration::from_secs(86_400));
        loop {
            let line = self.process.line(deadline)?;
            match FromPlayer::parse(&line) {
                Ok(message) => return Ok((message, self.process.heard())),
                // A malformed setup is an answer, and a wrong one.
                Err(e) if line.starts_with("setup") => return Err(Answer::Refused(e)),
                Err(_) => {}
            }
        }
    }
}
