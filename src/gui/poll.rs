//! The pages' questions about news ("long polls"), capped: each holds a connection while it
//! waits, so past a few per game and a few dozen in all, a question waits only a second before
//! it is answered with the state as it is, and the page simply asks again (a second, so that
//! a page past the cap does not ask in a tight loop).

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// The most questions waiting their full time at once for one game or seat.
pub const PER_GAME: usize = 8;

/// The most questions waiting their full time at once in all.
pub const IN_ALL: usize = 64;

/// How long a question past the caps waits.
pub const SHORT_WAIT: Duration = Duration::from_secs(1);

/// The questions waiting now, by the game or seat they are about.
#[derive(Default)]
pub struct Polls {
    waiting: Mutex<HashMap<String, usize>>,
}

/// A question's leave to wait, given back when dropped.
pub struct Ticket<'a> {
    polls: &'a Polls,
    key: Option<String>,
}

impl Polls {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, usize>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Leave for a question about `key` to wait up to `longest`: the ticket, with the time it
    /// may wait ([`SHORT_WAIT`] at most when the caps are reached).
    pub fn admit(&self, key: &str, longest: Duration) -> (Ticket<'_>, Duration) {
        let mut waiting = self.lock();
        let total: usize = waiting.values().sum();
        let mine = waiting.get(key).copied().unwrap_or(0);
        if total >= IN_ALL || mine >= PER_GAME {
            return (Ticket { polls: self, key: None }, longest.min(SHORT_WAIT));
        }
        *waiting.entry(key.to_string()).or_default() += 1;
        (Ticket { polls: self, key: Some(key.to_string()) }, longest)
    }
}

impl Drop for Ticket<'_> {
    fn drop(&mut self) {
        let Some(key) = self.key.take() else { return };
        let mut waiting = self.polls.lock();
        if let Some(n) = waiting.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                waiting.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_past_the_caps_do_not_wait_and_tickets_free_their_places() {
        let polls = Polls::default();
        let long = Duration::from_secs(10);
        let first: Vec<_> = (0..PER_GAME).map(|_| polls.admit("a", long)).collect();
        assert!(first.iter().all(|(_, wait)| *wait == long));
        assert_eq!(polls.admit("a", long).1, SHORT_WAIT, "one question too many about one game");
        let others: Vec<_> = (0..IN_ALL - PER_GAME).map(|i| polls.admit(&format!("g{i}"), long)).collect();
        assert!(others.iter().all(|(_, wait)| *wait == long));
        assert_eq!(polls.admit("z", long).1, SHORT_WAIT, "one question past the cap in all");
        drop(first);
        assert_eq!(polls.admit("z", long).1, long, "dropped tickets give their places back");
    }
}
