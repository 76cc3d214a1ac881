//! A UCI engine under the match runner.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::process::Process;
use super::{Client, EngineSpec};
use crate::arena::answer::{Answer, Thought};
use crate::arena::clock::Clocks;
use crate::movegen::Move;
use crate::notation::score;
use crate::notation::time_control::TimeControl;
use crate::notation::Dialect;
use crate::position::Position;
use crate::variant::Variant;

/// A UCI engine: told the whole game with `position` before each `go`.
pub struct UciClient {
    process: Process,
    /// Its own time control, if it has one instead of the match's.
    tc: Option<TimeControl>,
    depth: Option<u32>,
    nodes: Option<u64>,
    /// How it writes moves and FENs.
    dialect: Dialect,
    /// The game's start as `position` gives it (`startpos` or `fen FEN`, in its dialect).
    setup: String,
    /// Whether it thinks on the opponent's time.
    ponder: bool,
    /// The opponent's move it is thinking on (`go ponder`), in its notation.
    pondering: Option<String>,
}

impl UciClient {
    /// Starts the engine and completes the handshake for `variant`.
    pub(super) fn start(spec: &EngineSpec, variant: &Arc<Variant>, process: Process) -> Result<UciClient, String> {
        spec.notation.check(variant)?;
        let mut client = UciClient {
            process,
            tc: spec.tc,
            depth: spec.depth,
            nodes: spec.nodes,
            dialect: spec.notation,
            setup: "startpos".into(),
            ponder: spec.ponder,
            pondering: None,
        };
        let p = &mut client.process;
        p.send("uci")?;
        let mut variants = Vec::new();
        p.expect_named("uciok", |line| {
            if let Some(combo) = line.strip_prefix("option name UCI_Variant ") {
                let words: Vec<&str> = combo.split_whitespace().collect();
                variants = words.windows(2).filter(|w| w[0] == "var").map(|w| w[1].to_string()).collect();
            }
        })?;
        if !variant.is_fide_chess() {
            p.check_variant(&variant.name, "UCI", &variants)?;
            p.send(&format!("setoption name UCI_Variant value {}", variant.name))?;
        }
        if spec.ponder {
            p.send("setoption name Ponder value true")?;
        }
        for (name, value) in &spec.options {
            p.send(&format!("setoption name {name} value {value}"))?;
        }
        client.ready()?;
        Ok(client)
    }

    fn ready(&mut self) -> Result<(), String> {
        self.process.send("isready")?;
        self.process.expect("readyok", |_| {})
    }

    fn go(&mut self, variant: &Arc<Variant>, moves: &[Move], clocks: Clocks, tc: TimeControl) -> Result<(), String> {
        let texts: Vec<String> = moves.iter().map(|&m| self.dialect.move_text(variant, m)).collect();
        self.position(&texts)?;
        let limits = limits(clocks, tc, self.depth, self.nodes);
        self.process.send(&format!("go{limits}"))
    }

    fn position(&mut self, texts: &[String]) -> Result<(), String> {
        let moves = if texts.is_empty() { String::new() } else { format!(" moves {}", texts.join(" ")) };
        self.process.send(&format!("position {}{moves}", self.setup))
    }

    /// Sets the engine thinking on `reply` after its own `best`, with the clocks as they were
    /// when it was asked (the opponent's clock then runs; its own starts at `ponderhit`).
    fn ponder_on(
        &mut self,
        variant: &Arc<Variant>,
        moves: &[Move],
        [best, reply]: [&str; 2],
        clocks: Clocks,
        tc: TimeControl,
    ) -> Result<(), String> {
        let mut texts: Vec<String> = moves.iter().map(|&m| self.dialect.move_text(variant, m)).collect();
        texts.extend([best.to_string(), reply.to_string()]);
        self.position(&texts)?;
        self.process.send(&format!("go ponder{}", limits(clocks, tc, self.depth, self.nodes)))?;
        self.pondering = Some(reply.into());
        Ok(())
    }

    /// Sends `stop` and reads away the `bestmove` of the search it ends, if it ponders.
    fn stop_pondering(&mut self) -> Result<(), String> {
        if self.pondering.take().is_none() {
            return Ok(());
        }
        self.process.send("stop")?;
        self.process.expect("bestmove", |_| {})
    }
}

impl Client for UciClient {
    fn process(&self) -> &Process {
        &self.process
    }

    fn process_mut(&mut self) -> &mut Process {
        &mut self.process
    }

    fn own_tc(&self) -> Option<TimeControl> {
        self.tc
    }

    fn new_game(&mut self, variant: &Arc<Variant>, start: &Position, _tc: TimeControl) -> Result<(), String> {
        self.stop_pondering()?;
        self.setup = if start.to_fen() == variant.start_fen {
            "startpos".into()
        } else {
            format!("fen {}", self.dialect.fen(start).map_err(|e| format!("{}: {e}", self.process.name))?)
        };
        self.process.send("ucinewgame")?;
        self.ready()
    }

    fn ask(&mut self, variant: &Arc<Variant>, moves: &[Move], clocks: Clocks, tc: TimeControl) -> Result<(), String> {
        match &self.pondering {
            Some(expected) if moves.last().is_some_and(|&m| self.dialect.move_text(variant, m) == *expected) => {
                self.pondering = None;
                self.process.send("ponderhit")
            }
            _ => {
                self.stop_pondering()?;
                self.go(variant, moves, clocks, tc)
            }
        }
    }

    fn answer(
        &mut self,
        variant: &Arc<Variant>,
        moves: &[Move],
        clocks: Clocks,
        tc: TimeControl,
        deadline: Instant,
    ) -> Answer {
        let mut thought = Thought::default();
        loop {
            let line = match self.process.line(deadline) {
                Ok(line) => line,
                Err(answer) => return answer,
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["bestmove", mv, rest @ ..] => {
                    if let ["ponder", reply, ..] = rest {
                        if self.ponder {
                            if let Err(e) = self.ponder_on(variant, moves, [mv, reply], clocks, tc) {
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
            }
        }
    }

    fn find(&self, variant: &Arc<Variant>, legal: &[Move], text: &str) -> Option<Move> {
        self.dialect.find_move(variant, legal, text).ok()
    }

    fn game_over(&mut self, _result: &str, _comment: &str) {
        if self.pondering.is_none() {
            let _ = self.process.send("stop");
        } else {
            let _ = self.stop_pondering();
        }
    }

    fn quit(self: Box<Self>) {
        self.process.quit();
    }
}

/// The limits of UCI's `go` for the clocks and the engine's own depth and node limits, with a
/// leading space.
fn limits(clocks: Clocks, tc: TimeControl, depth: Option<u32>, nodes: Option<u64>) -> String {
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
