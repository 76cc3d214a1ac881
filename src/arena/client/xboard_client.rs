//! An XBoard (CECP v2) engine under the match runner.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::process::{Process, HANDSHAKE};
use super::{Client, EngineSpec};
use crate::arena::answer::{Answer, Thought};
use crate::arena::clock::Clocks;
use crate::movegen::Move;
use crate::notation::score;
use crate::notation::time_control::TimeControl;
use crate::notation::xboard::Display;
use crate::position::Position;
use crate::variant::Variant;

/// The features whose offer is answered with `accepted`.
const ACCEPTED: [&str; 9] = ["myname", "setboard", "usermove", "ping", "done", "variants", "sigint", "sigterm", "time"];

/// An XBoard engine: kept in force mode and told each move, as XBoard does.
pub struct XboardClient {
    process: Process,
    /// Its own time control, if it has one instead of the match's.
    tc: Option<TimeControl>,
    depth: Option<u32>,
    /// XBoard's board: the squares and pieces the engine names.
    display: Display,
    /// Whether it takes `setboard`, `usermove` before moves, and `ping`.
    setboard: bool,
    usermove: bool,
    ping: bool,
    /// Moves of the current game already sent to it.
    known: usize,
    /// Whether it thinks on the opponent's time.
    ponder: bool,
    /// Whether it plays on after its move (pondering), so that the opponent's move alone sets it
    /// thinking.
    playing_on: bool,
}

impl XboardClient {
    /// Starts the engine and completes the handshake for `variant`.
    pub(super) fn start(spec: &EngineSpec, variant: &Arc<Variant>, process: Process) -> Result<XboardClient, String> {
        let mut client = XboardClient {
            process,
            tc: spec.tc,
            depth: spec.depth,
            display: Display::new(variant)?,
            setboard: false,
            usermove: false,
            ping: false,
            known: 0,
            ponder: spec.ponder,
            playing_on: false,
        };
        client.process.send("xboard")?;
        client.process.send("protover 2")?;
        let features = client.features()?;
        let mut offered = Vec::new();
        for (key, value) in &features {
            match key.as_str() {
                "myname" => client.process.name = value.clone(),
                "setboard" => client.setboard = value == "1",
                "usermove" => client.usermove = value == "1",
                "ping" => client.ping = value == "1",
                "variants" => offered = value.split(',').map(|v| v.trim().to_string()).collect(),
                _ => {}
            }
            if ACCEPTED.contains(&key.as_str()) {
                client.process.send(&format!("accepted {key}"))?;
            }
        }
        if !variant.is_fide_chess() {
            client.process.check_variant(&variant.name, "XBoard", &offered)?;
        }
        for (name, value) in &spec.options {
            client.process.send(&format!("option {name}={value}"))?;
        }
        Ok(client)
    }

    /// Reads `feature` lines until `done=1` (or until 2 s of silence from a protocol 1 engine).
    fn features(&mut self) -> Result<Vec<(String, String)>, String> {
        let mut features = Vec::new();
        let mut deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let line = match self.process.line(deadline) {
                Ok(line) => line,
                Err(Answer::Timeout) => return Ok(features),
                Err(_) => return Err(format!("{}: ended during the handshake", self.process.name)),
            };
            let Some(rest) = line.strip_prefix("feature ") else { continue };
            for (key, value) in parse_features(rest) {
                match (key.as_str(), value.as_str()) {
                    ("done", "1") => return Ok(features),
                    ("done", "0") => deadline = Instant::now() + HANDSHAKE,
                    _ => features.push((key, value)),
                }
            }
        }
    }

    /// Reads away what the engine still had to say about the last game (a result claim after
    /// its last move, thinking output): with `ping` up to the `pong`, else for a moment.
    fn drain(&mut self) -> Result<(), String> {
        if self.ping {
            self.process.send("ping 1")?;
            return self.process.expect("pong", |_| {});
        }
        let quiet = Instant::now() + Duration::from_millis(100);
        while self.process.line(quiet).is_ok() {}
        Ok(())
    }
}

impl Client for XboardClient {
    fn process(&self) -> &Process {
        &self.process
    }

    fn process_mut(&mut self) -> &mut Process {
        &mut self.process
    }

    fn own_tc(&self) -> Option<TimeControl> {
        self.tc
    }

    fn new_game(&mut self, variant: &Arc<Variant>, start: &Position, tc: TimeControl) -> Result<(), String> {
        self.known = 0;
        self.playing_on = false;
        self.process.send("new")?;
        if !variant.is_fide_chess() {
            self.process.send(&format!("variant {}", variant.name))?;
        }
        for line in [if self.ponder { "hard" } else { "easy" }, "post", "force"] {
            self.process.send(line)?;
        }
        self.process.send(&tc.xboard_command())?;
        if let Some(depth) = self.depth {
            self.process.send(&format!("sd {depth}"))?;
        }
        if start.to_fen() != variant.start_fen {
            if !self.setboard {
                return Err(format!("{} cannot set up a position (no setboard)", self.process.name));
            }
            let fen = self.display.fen(start);
            self.process.send(&format!("setboard {fen}"))?;
        }
        self.drain()
    }

    /// One that plays on after its move (pondering) and lacks only the opponent's reply is told
    /// the clocks and that move, which sets it thinking, as XBoard does; otherwise it is put in
    /// force mode, told the moves it lacks, and sent `go`.
    fn ask(&mut self, variant: &Arc<Variant>, moves: &[Move], clocks: Clocks, _tc: TimeControl) -> Result<(), String> {
        let side = moves.len() % 2;
        let playing_on = std::mem::take(&mut self.playing_on) && self.known + 1 == moves.len();
        let cs = |d: Duration| d.as_millis() / 10;
        let clock_lines = [format!("time {}", cs(clocks.left[side])), format!("otim {}", cs(clocks.left[1 - side]))];
        if playing_on {
            for line in &clock_lines {
                self.process.send(line)?;
            }
        } else {
            self.process.send("force")?;
        }
        for mv in &moves[self.known.min(moves.len())..] {
            let text = self.display.move_legs(variant, mv).concat();
            self.process.send(&if self.usermove { format!("usermove {text}") } else { text })?;
        }
        self.known = moves.len();
        if playing_on {
            return Ok(());
        }
        for line in &clock_lines {
            self.process.send(line)?;
        }
        self.process.send("go")
    }

    fn answer(
        &mut self,
        _variant: &Arc<Variant>,
        moves: &[Move],
        _clocks: Clocks,
        _tc: TimeControl,
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
                ["move", mv] => {
                    let mut text = mv.to_string();
                    while text.ends_with(',') {
                        match self.process.line(deadline) {
                            Ok(next) => match next.strip_prefix("move ") {
                                Some(leg) => text.push_str(leg.trim()),
                                None => continue,
                            },
                            Err(answer) => return answer,
                        }
                    }
                    self.known = moves.len() + 1;
                    self.playing_on = self.ponder;
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
            }
        }
    }

    /// XBoard engines name XBoard's squares.
    fn find(&self, variant: &Arc<Variant>, legal: &[Move], text: &str) -> Option<Move> {
        self.display.find_move(variant, legal, text)
    }

    fn game_over(&mut self, result: &str, comment: &str) {
        self.playing_on = false;
        let _ = self.process.send(&format!("result {result} {{{comment}}}"));
    }

    fn quit(self: Box<Self>) {
        self.process.quit();
    }
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
    fn features_are_read() {
        let f = parse_features("myname=\"Fairy-Max 5.0b\" setboard=0 done=1");
        assert_eq!(f[0], ("myname".into(), "Fairy-Max 5.0b".into()));
        assert_eq!(f[1], ("setboard".into(), "0".into()));
    }
}
