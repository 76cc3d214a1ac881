//! An engine under the match runner: a process started from a command line, spoken to over UCI
//! or XBoard ([`UciClient`], [`XboardClient`]), told the game so far and asked for one move at a
//! time; or a player of hidden Looking-Glass ([`LgpClient`]), spoken to by the referee.

mod engine_spec;
mod lgp_client;
mod process;
mod uci_client;
mod xboard_client;

use std::sync::Arc;
use std::time::{Duration, Instant};

pub use engine_spec::EngineSpec;
pub use lgp_client::LgpClient;
pub use process::IoLog;
use process::Process;
pub use uci_client::UciClient;
pub use xboard_client::XboardClient;

use super::answer::Answer;
use super::clock::Clocks;
use super::seat::Seat;
use crate::movegen::Move;
use crate::notation::time_control::TimeControl;
use crate::position::Position;
use crate::variant::Variant;

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
    /// Parses `uci`, `xboard` (or `cecp`) or `lgp`.
    pub fn parse(text: &str) -> Result<Protocol, String> {
        match text {
            "uci" => Ok(Protocol::Uci),
            "xboard" | "cecp" => Ok(Protocol::Xboard),
            "lgp" => Ok(Protocol::Lgp),
            other => Err(format!("protocol '{other}' is none of uci, xboard and lgp")),
        }
    }
}

/// A running engine, whatever its protocol.
pub trait Client: Send {
    /// The engine's process: its name, and what it said when.
    fn process(&self) -> &Process;

    /// The engine's process, to rename it.
    fn process_mut(&mut self) -> &mut Process;

    /// The name it is shown by: its own, from the handshake, unless the match gave one.
    fn name(&self) -> &str {
        &self.process().name
    }

    /// Gives it the name it is shown by.
    fn rename(&mut self, name: String) {
        self.process_mut().name = name;
    }

    /// When the engine wrote the last line read from it: the moment its answer counts from.
    fn heard(&self) -> Instant {
        self.process().heard()
    }

    /// The processor time its process has used so far, where the system tells it.
    fn processor_time(&self) -> Option<Duration> {
        self.process().processor_time()
    }

    /// Its own time control, if it has one instead of the match's.
    fn own_tc(&self) -> Option<TimeControl>;

    /// Prepares a new game from `start` in `variant`.
    fn new_game(&mut self, variant: &Arc<Variant>, start: &Position, tc: TimeControl) -> Result<(), String>;

    /// Tells the engine the game (`moves` from the start) and asks for its move.
    fn ask(&mut self, variant: &Arc<Variant>, moves: &[Move], clocks: Clocks, tc: TimeControl) -> Result<(), String>;

    /// The engine's answer to [`ask`](Self::ask), read until `deadline`; lines it wrote before
    /// the deadline count even when read after it ([`heard`](Self::heard) says when).
    fn answer(
        &mut self,
        variant: &Arc<Variant>,
        moves: &[Move],
        clocks: Clocks,
        tc: TimeControl,
        deadline: Instant,
    ) -> Answer;

    /// Asks for a move after `moves` from the start, with the time it has; gives up after `limit`.
    fn play(
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

    /// The engine's move text as a move of `legal`.
    fn find(&self, variant: &Arc<Variant>, legal: &[Move], text: &str) -> Option<Move>;

    /// Tells the engine the game is over, so it stops thinking.
    fn game_over(&mut self, result: &str, comment: &str);

    /// The engine as a seat at the hidden game's referee, if it plays hidden games.
    fn seat(&mut self) -> Option<&mut dyn Seat> {
        None
    }

    /// Asks the engine to quit, and kills it if it does not.
    fn quit(self: Box<Self>);
}

/// Starts the engine of `spec` and completes its protocol's handshake for `variant`; `log`
/// records everything said both ways, the engine known in it as its label.
pub fn start(
    spec: &EngineSpec,
    variant: &Arc<Variant>,
    log: Option<(IoLog, String)>,
) -> Result<Box<dyn Client>, String> {
    let mut client: Box<dyn Client> = match spec.protocol {
        Protocol::Uci => Box::new(UciClient::start(spec, variant, Process::start(&spec.command, log)?)?),
        Protocol::Xboard => Box::new(XboardClient::start(spec, variant, Process::start(&spec.command, log)?)?),
        Protocol::Lgp => Box::new(start_lgp(spec, log)?),
    };
    if let Some(name) = &spec.name {
        client.rename(name.clone());
    }
    Ok(client)
}

/// Starts a player of hidden Looking-Glass and completes the handshake.
pub fn start_lgp(spec: &EngineSpec, log: Option<(IoLog, String)>) -> Result<LgpClient, String> {
    let mut client = LgpClient::start(spec, Process::start(&spec.command, log)?)?;
    if let Some(name) = &spec.name {
        client.rename(name.clone());
    }
    Ok(client)
}
