//! The transposition table: one entry per slot, replaced when the new result is at least as deep
//! or comes from a newer search. Single-threaded for now; sharing it between threads (atomic
//! entries) comes with the parallel search.

use crate::movegen::Move;

/// How a stored score bounds the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// The position's hash.
    pub key: u64,
    /// The best move found, if any.
    pub mv: Option<Move>,
    /// The score, mate distances counted from this position.
    pub score: i32,
    /// The depth searched.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
    /// The search that stored it.
    age: u8,
}

/// A fixed-size table of search results indexed by hash.
pub struct Tt {
    entries: Vec<Option<Entry>>,
    age: u8,
}

impl Tt {
    /// A table of about `megabytes` MB (at least one entry).
    pub fn new(megabytes: usize) -> Tt {
        let n = (megabytes * 1024 * 1024 / std::mem::size_of::<Option<Entry>>()).max(1);
        Tt { entries: vec![None; n], age: 0 }
    }

    /// Marks the start of a new search, so that older entries give way.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn slot(&self, key: u64) -> usize {
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    /// Stores a result, keeping a deeper one of the current search.
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let age = self.age;
        let keep = self.entries[slot].is_some_and(|e| e.age == age && e.key != key && e.depth > depth);
        if !keep {
            self.entries[slot] = Some(Entry { key, mv, score, depth, bound, age });
        }
    }
}
