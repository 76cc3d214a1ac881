//! How an engine of a match is started and set up: its command line and settings, written as
//! cutechess-cli writes them.

use super::Protocol;
use crate::notation::time_control::TimeControl;
use crate::notation::Dialect;

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
                Some(("tc", tc)) => self.tc = Some(TimeControl::parse_tc(tc).map_err(|e| format!("tc: {e}"))?),
                Some(("st", seconds)) => {
                    self.tc = Some(TimeControl::per_move(seconds).map_err(|e| format!("st: {e}"))?)
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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
}
