//! The ranges of the engine's numeric options, one table that every front end (UCI, XBoard,
//! the command line and the GUI) announces and checks values against: a value outside its
//! range is refused with the range named, never clamped in silence.

use crate::search::time::DEFAULT_MOVE_OVERHEAD;
use crate::search::{MAX_HASH_MB, MAX_PLY, MAX_THREADS};

/// A numeric option and its range.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Spin {
    /// The name UCI gives it.
    pub name: &'static str,
    /// The value it has until set.
    pub default: u64,
    /// The smallest value.
    pub min: u64,
    /// The largest value.
    pub max: u64,
    /// What a value counts, for messages ("" for a plain number).
    pub unit: &'static str,
}

/// The transposition table's size in MB (UCI `Hash`, XBoard `memory`, `--hash`).
pub const HASH: Spin = Spin { name: "Hash", default: 16, min: 1, max: MAX_HASH_MB as u64, unit: " MB" };
/// Search threads (UCI `Threads`, XBoard `cores`, `--threads`).
pub const THREADS: Spin = Spin { name: "Threads", default: 1, min: 1, max: MAX_THREADS as u64, unit: "" };
/// Best lines reported (UCI `MultiPV`).
pub const MULTIPV: Spin = Spin { name: "MultiPV", default: 1, min: 1, max: 64, unit: "" };
/// Time kept back from each move for the interface's delays, in ms (UCI `Move Overhead`).
pub const MOVE_OVERHEAD: Spin =
    Spin { name: "Move Overhead", default: DEFAULT_MOVE_OVERHEAD.as_millis() as u64, min: 0, max: 5000, unit: " ms" };
/// Best lines the GUI's analysis shows (its `MultiPV`, as many as the page has room for; 0 is off).
pub const ANALYSIS_LINES: Spin = Spin { name: "lines", default: 0, min: 0, max: 8, unit: "" };
/// The deepest search asked for (UCI `go depth`, XBoard `sd`, `--depth`).
pub const DEPTH: Spin = Spin { name: "depth", default: 1, min: 1, max: MAX_PLY as u64 - 1, unit: " plies" };
/// The deepest perft (UCI `go perft`, `vorpal perft`).
pub const PERFT_DEPTH: Spin = Spin { name: "perft depth", default: 1, min: 1, max: 32, unit: " plies" };

impl Spin {
    /// `value` if it is within the range, else a message naming the option and its range.
    pub fn check(&self, value: u64) -> Result<u64, String> {
        if (self.min..=self.max).contains(&value) {
            Ok(value)
        } else {
            Err(format!("{}: {value} is out of range ({})", self.name, self.range()))
        }
    }

    /// `text` as a value within the range, else a message naming the option and its range.
    pub fn parse(&self, text: &str) -> Result<u64, String> {
        let value = text
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("{}: '{text}' is not a number ({})", self.name, self.range()))?;
        self.check(value)
    }

    /// The range as messages give it: `1 to 65536 MB`.
    pub fn range(&self) -> String {
        format!("{} to {}{}", self.min, self.max, self.unit)
    }

    /// UCI's `option` line announcing it.
    pub fn uci_line(&self) -> String {
        format!("option name {} type spin default {} min {} max {}", self.name, self.default, self.min, self.max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_out_of_range_is_refused_with_the_range_named() {
        assert_eq!(HASH.check(64), Ok(64));
        assert_eq!(HASH.check(0).unwrap_err(), "Hash: 0 is out of range (1 to 65536 MB)");
        assert_eq!(THREADS.parse("x").unwrap_err(), "Threads: 'x' is not a number (1 to 256)");
        assert_eq!(MOVE_OVERHEAD.parse("0"), Ok(0));
        assert_eq!(MULTIPV.uci_line(), "option name MultiPV type spin default 1 min 1 max 64");
    }
}
