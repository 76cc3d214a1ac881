//! The arbiter's clocks of one game, for ordinary and hidden games alike: each side's time left
//! under every time-control form, charged with the time each answer took.
//!
//! A side whose time is spent loses. The margin forgives only scheduling jitter: an answer up to
//! `margin` late leaves the side's clock below zero, and that debt is carried, so repeated small
//! overruns add up to a loss as they do on a real clock (and in cutechess). A per-move time
//! is the time for the whole turn: in a hidden game, refused and impossible orders spend it.

use std::time::{Duration, Instant};

use crate::notation::time_control::{TimeControl, NO_CLOCK_MOVE_TIME};

/// The clocks when an engine is asked to move.
#[derive(Copy, Clone, Debug)]
pub struct Clocks {
    /// White's and Black's time left.
    pub left: [Duration; 2],
    /// White's and Black's increments (engines may have time controls of their own).
    pub increment: [Duration; 2],
    /// Moves to the next time control of the side to move, if the control has periods.
    pub moves_to_go: Option<u32>,
}

/// Both sides' clocks, White's first.
#[derive(Clone, Debug)]
pub struct GameClocks {
    tcs: [TimeControl; 2],
    /// Time left in nanoseconds; below zero by less than the margin after a forgiven overrun.
    left: [i128; 2],
    /// Moves each side has completed.
    moves: [u32; 2],
    margin: Duration,
}

/// A side's time ran out: it answered later than its time left and the margin allow.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Flag;

impl GameClocks {
    /// Full clocks for White's and Black's time controls; `margin` is the lateness forgiven.
    pub fn new(tcs: [TimeControl; 2], margin: Duration) -> GameClocks {
        GameClocks { tcs, left: tcs.map(|tc| nanos(turn_time(tc))), moves: [0; 2], margin }
    }

    /// The time control of side `s` (0 White, 1 Black).
    pub fn time_control(&self, s: usize) -> TimeControl {
        self.tcs[s]
    }

    /// The time side `s` has left, as a player is told it (never below zero).
    pub fn left(&self, s: usize) -> Duration {
        Duration::from_nanos(self.left[s].clamp(0, u64::MAX as i128) as u64)
    }

    /// Moves side `s` must make before its next period begins, if its control has periods.
    pub fn moves_to_go(&self, s: usize) -> Option<u32> {
        self.tcs[s].moves_to_go(self.moves[s])
    }

    /// What side `s`'s engine is told when asked to move.
    pub fn told(&self, s: usize) -> Clocks {
        Clocks {
            left: [self.left(0), self.left(1)],
            increment: self.tcs.map(increment),
            moves_to_go: self.moves_to_go(s),
        }
    }

    /// The last moment an answer of side `s` to a question asked at `asked` is in time.
    pub fn deadline(&self, s: usize, asked: Instant) -> Instant {
        asked + self.left(s) + self.margin
    }

    /// Charges side `s` with `elapsed`, the time of one answer; the flag if that spent its time.
    pub fn spend(&mut self, s: usize, elapsed: Duration) -> Result<(), Flag> {
        self.left[s] -= nanos(elapsed);
        if self.left[s] < -nanos(self.margin) {
            self.left[s] = 0;
            return Err(Flag);
        }
        Ok(())
    }

    /// Side `s` made its move: its increment is added, a new period starts when one is due, and
    /// a per-move time is refilled. The clock after it, for a clock control.
    pub fn moved(&mut self, s: usize) -> Option<Duration> {
        self.moves[s] += 1;
        match self.tcs[s] {
            TimeControl::Clock { moves, base, increment } => {
                self.left[s] += nanos(increment);
                if moves > 0 && self.moves[s].is_multiple_of(moves) {
                    self.left[s] += nanos(base);
                }
                Some(self.left(s))
            }
            tc => {
                self.left[s] = nanos(turn_time(tc));
                None
            }
        }
    }
}

/// The time a side starts with: its base, its time per move, or the bound of a game with no clock.
fn turn_time(tc: TimeControl) -> Duration {
    match tc {
        TimeControl::Clock { base, .. } => base,
        TimeControl::PerMove(t) => t,
        TimeControl::Infinite => NO_CLOCK_MOVE_TIME,
    }
}

fn increment(tc: TimeControl) -> Duration {
    match tc {
        TimeControl::Clock { increment, .. } => increment,
        _ => Duration::ZERO,
    }
}

fn nanos(d: Duration) -> i128 {
    d.as_nanos() as i128
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    impl GameClocks {
        /// A move that took `elapsed`, as the game charges it.
        fn charge_move(&mut self, s: usize, elapsed: Duration) -> Result<Option<Duration>, Flag> {
            self.spend(s, elapsed)?;
            Ok(self.moved(s))
        }
    }

    fn clock(moves: u32, base_ms: u32, increment_ms: u32) -> TimeControl {
        TimeControl::Clock { moves, base: base_ms * MS, increment: increment_ms * MS }
    }

    #[test]
    fn overruns_within_the_margin_add_up_to_a_loss_on_time() {
        let mut clocks = GameClocks::new([clock(0, 1000, 0); 2], 100 * MS);
        let mut moves = 0;
        while clocks.charge_move(0, 45 * MS).is_ok() {
            moves += 1;
        }
        // 1 s plus the 0.1 s margin lasts 24 moves of 45 ms; the 25th spends it.
        assert_eq!(moves, 24);
    }

    #[test]
    fn the_increment_comes_after_the_move_and_periods_repeat() {
        let mut clocks = GameClocks::new([clock(2, 1000, 10); 2], Duration::ZERO);
        assert_eq!(clocks.moves_to_go(0), Some(2));
        assert_eq!(clocks.charge_move(0, 400 * MS), Ok(Some(610 * MS)));
        assert_eq!(clocks.moves_to_go(0), Some(1));
        assert_eq!(clocks.charge_move(0, 400 * MS), Ok(Some(1220 * MS)), "the second period's second added");
        assert_eq!(clocks.moves_to_go(0), Some(2));
        for _ in 0..2 {
            clocks.charge_move(0, 10 * MS).unwrap();
        }
        assert_eq!(clocks.left(0), 2220 * MS, "the third period's second added too");
        assert_eq!(clocks.charge_move(1, 1001 * MS), Err(Flag), "no increment saves a spent clock");
    }

    #[test]
    fn a_per_move_time_is_for_the_whole_turn() {
        let mut clocks = GameClocks::new([TimeControl::PerMove(100 * MS); 2], 10 * MS);
        for _ in 0..9 {
            assert_eq!(clocks.spend(0, 10 * MS), Ok(()), "a refused order spends the turn's time");
        }
        assert_eq!(clocks.left(0), 10 * MS);
        assert_eq!(clocks.spend(0, 30 * MS), Err(Flag));
        let mut clocks = GameClocks::new([TimeControl::PerMove(100 * MS); 2], 10 * MS);
        clocks.charge_move(0, 90 * MS).unwrap();
        assert_eq!(clocks.left(0), 100 * MS, "a move refills the time for the next turn");
    }
}
