//! Time controls as the protocols and the match runner write and read them: cutechess-cli's
//! `--tc`, XBoard's `level` and `st`, and PGN's `TimeControl` tag.

use std::time::Duration;

/// The longest time a time control may give, in seconds (about 30 years).
const MAX_TC_SECONDS: f64 = 1e9;

/// The time a move may take in a game without a clock (`tc=inf`), so that a hung engine still
/// ends the game one day.
pub const NO_CLOCK_MOVE_TIME: Duration = Duration::from_secs(86_400);

/// The time control of a match.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum TimeControl {
    /// `MOVES/SECONDS` (MOVES 0: the whole game) plus an increment per move.
    Clock {
        /// Moves per period, 0 for sudden death.
        moves: u32,
        /// Time per period.
        base: Duration,
        /// Time added after each move.
        increment: Duration,
    },
    /// A fixed time per move.
    PerMove(Duration),
    /// No clock (`inf`): each engine's depth or node limit ends its searches.
    Infinite,
}

impl TimeControl {
    /// The moves left before the next period begins for a side that has made `made` moves
    /// under this control, if it has periods (the arbiter's clocks and an engine's own count).
    pub fn moves_to_go(&self, made: u32) -> Option<u32> {
        match *self {
            TimeControl::Clock { moves, .. } if moves > 0 => Some(moves - made % moves),
            _ => None,
        }
    }

    /// Parses `--tc MOVES/SECONDS`, `--tc SECONDS+INC`, `--tc SECONDS` or `--tc inf`, as
    /// cutechess-cli writes them; SECONDS may also be written `MINUTES:SECONDS` or
    /// `HOURS:MINUTES:SECONDS` (`40/1:00`).
    pub fn parse_tc(text: &str) -> Result<TimeControl, String> {
        if text == "inf" || text == "infinite" {
            return Ok(TimeControl::Infinite);
        }
        let seconds = |t: &str| -> Result<Duration, String> {
            let total = t.split(':').try_fold(0.0, |sum: f64, part| part.parse::<f64>().map(|p| sum * 60.0 + p));
            total
                .ok()
                .filter(|s| *s > 0.0 && *s <= MAX_TC_SECONDS && t.split(':').count() <= 3)
                .map(Duration::from_secs_f64)
                .ok_or(format!("'{t}' is not a positive time (seconds, M:SS or H:MM:SS, at most 1e9 s)"))
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => (m.parse::<u32>().map_err(|_| format!("'{m}' is not a move count"))?, rest),
            None => (0, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (seconds(b)?, if i.trim() == "0" { Duration::ZERO } else { seconds(i)? }),
            None => (seconds(rest)?, Duration::ZERO),
        };
        Ok(TimeControl::Clock { moves, base, increment })
    }

    /// A fixed time per move of `seconds` (`--st`, `st=`).
    pub fn per_move(seconds: &str) -> Result<TimeControl, String> {
        let s = seconds.parse::<f64>().ok().filter(|s| *s > 0.0 && *s <= MAX_TC_SECONDS);
        s.map(|s| TimeControl::PerMove(Duration::from_secs_f64(s)))
            .ok_or(format!("'{seconds}' is not a positive number of seconds (at most 1e9)"))
    }

    /// The PGN `TimeControl` tag: `40/60`, `60+1`, `60`, `1/5` for 5 s per move, or `-` for none.
    pub fn pgn_tag(&self) -> String {
        let s = |d: Duration| {
            let text = format!("{:.3}", d.as_secs_f64());
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        match *self {
            TimeControl::Clock { moves, base, increment } => {
                let period = if moves > 0 { format!("{moves}/{}", s(base)) } else { s(base) };
                if increment.is_zero() {
                    period
                } else {
                    format!("{period}+{}", s(increment))
                }
            }
            TimeControl::PerMove(t) => format!("1/{}", s(t)),
            TimeControl::Infinite => "-".into(),
        }
    }
    /// Reads XBoard's `level MPS BASE INC`: MPS moves per period (0: the whole game), BASE in
    /// minutes or `MINUTES:SECONDS`, INC in seconds.
    pub fn read_xboard_level(args: &[&str]) -> Result<TimeControl, String> {
        let [moves, base, increment] = args else { return Err("level needs MPS BASE INC".into()) };
        let moves: u32 = moves.parse().map_err(|_| format!("moves per session expected, not '{moves}'"))?;
        let minutes = match base.split_once(':') {
            Some((m, s)) => match (m.parse::<u64>(), s.parse::<u64>()) {
                (Ok(m), Ok(s)) if s < 60 => Some(m as f64 + s as f64 / 60.0),
                _ => None,
            },
            None => base.parse::<f64>().ok(),
        };
        let base = minutes
            .map(|m| m * 60.0)
            .filter(|s| (0.0..=MAX_TC_SECONDS).contains(s))
            .ok_or(format!("base time in minutes or MINUTES:SECONDS expected, not '{base}'"))?;
        let increment = read_xboard_seconds(increment)?;
        Ok(TimeControl::Clock { moves, base: Duration::from_secs_f64(base), increment })
    }

    /// The XBoard command that sets this time control: `level`, or `st` for a time per move
    /// (and for no clock, which XBoard cannot say: a day per move, a depth limit ends the search).
    pub fn xboard_command(&self) -> String {
        match *self {
            TimeControl::Clock { moves, base, increment } => {
                let secs = base.as_secs();
                format!("level {moves} {}:{:02} {}", secs / 60, secs % 60, increment.as_secs_f64())
            }
            TimeControl::PerMove(t) => format!("st {}", t.as_secs_f64()),
            TimeControl::Infinite => format!("st {}", NO_CLOCK_MOVE_TIME.as_secs()),
        }
    }
}

/// A time in seconds as XBoard's `st` and `level` write it (a decimal number).
pub fn read_xboard_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=MAX_TC_SECONDS).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("seconds from 0 to {MAX_TC_SECONDS} expected, not '{text}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_and_print_as_pgn_tags() {
        let tc = TimeControl::parse_tc("40/60").unwrap();
        assert_eq!(tc, TimeControl::Clock { moves: 40, base: Duration::from_secs(60), increment: Duration::ZERO });
        assert_eq!(tc.pgn_tag(), "40/60");
        assert_eq!(TimeControl::parse_tc("10+0.1").unwrap().pgn_tag(), "10+0.1");
        assert_eq!(TimeControl::parse_tc("5").unwrap().pgn_tag(), "5");
        assert_eq!(TimeControl::PerMove(Duration::from_millis(500)).pgn_tag(), "1/0.5");
        assert_eq!(TimeControl::parse_tc("40/1:00").unwrap(), tc);
        assert_eq!(TimeControl::parse_tc("1:00:00+0.5").unwrap().pgn_tag(), "3600+0.5");
        assert_eq!(
            (TimeControl::parse_tc("inf"), TimeControl::Infinite.pgn_tag().as_str()),
            (Ok(TimeControl::Infinite), "-")
        );
        for bad in ["", "x", "40/", "/60", "60+x", "-5", "0", "1e30", "infinity", "1:2:3:4", "1:x"] {
            assert!(TimeControl::parse_tc(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn xboard_levels_read_back_as_written() {
        let tc = TimeControl::read_xboard_level(&["40", "5", "0"]).unwrap();
        assert_eq!(tc, TimeControl::Clock { moves: 40, base: Duration::from_secs(300), increment: Duration::ZERO });
        assert_eq!(tc.xboard_command(), "level 40 5:00 0");
        let tc = TimeControl::read_xboard_level(&["0", "1:30", "0.5"]).unwrap();
        assert_eq!(TimeControl::read_xboard_level(&tc.xboard_command().split(' ').collect::<Vec<_>>()[1..]), Ok(tc));
        assert_eq!(TimeControl::PerMove(Duration::from_millis(250)).xboard_command(), "st 0.25");
        for bad in [&["40", "5"][..], &["x", "5", "0"], &["40", "1:75", "0"], &["40", "5", "-1"], &["40", "1e12", "0"]]
        {
            assert!(TimeControl::read_xboard_level(bad).is_err(), "{bad:?}");
        }
    }
}
