//! Static evaluations already worked out in this search, by position: every iteration of the
//! deepening visits again most positions of the one before, and their evaluation is the largest
//! single cost of a node. A hit is checked against the whole 64-bit search key, so the cache
//! changes only the speed of the search, never its result.

/// How many evaluations a cache remembers (a power of two): 64 KB. A cache of 512 KB saved a
/// few more instructions, but each search touches its pages afresh, and the page faults cost
/// short searches more time than the evaluations saved.
const ENTRIES: usize = 1 << 12;

/// A key that no position has in practice, marking an empty entry.
const EMPTY_KEY: u64 = 0;

/// One thread's evaluations by search key; a newer evaluation replaces the one in its slot.
pub(super) struct EvalCache {
    /// Per slot, the key and the evaluation; zeros, so that a new cache costs no writes.
    entries: Vec<[u64; 2]>,
}

impl EvalCache {
    /// An empty cache.
    pub(super) fn new() -> EvalCache {
        EvalCache { entries: vec![[EMPTY_KEY, 0]; ENTRIES] }
    }

    /// A cache that is never used, for the families that do without one: no memory.
    pub(super) fn none() -> EvalCache {
        EvalCache { entries: Vec::new() }
    }

    /// The evaluation stored for `key`, or the one `evaluate` works out, stored for next time.
    #[inline]
    pub(super) fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        // The top bits index: the table's index uses them too, but a different table.
        let slot = &mut self.entries[(key >> (64 - ENTRIES.trailing_zeros())) as usize];
        if slot[0] == key && key != EMPTY_KEY {
            return slot[1] as i32;
        }
        let value = evaluate();
        *slot = [key, value as u64];
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_evaluation_is_given_back_without_evaluating_again() {
        let mut cache = EvalCache::new();
        assert_eq!(cache.get_or(0x1234_5678_9abc_def0, || 42), 42);
        assert_eq!(cache.get_or(0x1234_5678_9abc_def0, || unreachable!("evaluated again")), 42);
    }

    #[test]
    fn a_key_sharing_the_slot_is_evaluated_and_replaces_it() {
        let mut cache = EvalCache::new();
        let (a, b) = (0xF000_0000_0000_0001, 0xF000_0000_0000_0002);
        assert_eq!(cache.get_or(a, || 1), 1);
        assert_eq!(cache.get_or(b, || 2), 2);
        assert_eq!(cache.get_or(a, || 3), 3);
    }
}
