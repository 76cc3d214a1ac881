//! The transposition table, shared by every search thread without locks.
//!
//! Race policy: a slot is two `AtomicU64`s, the key XOR the data and the data, written and read
//! with relaxed ordering. Two threads may write one slot at once, or a read may see half of a
//! write; the XOR check then fails and the slot reads as empty, so a torn entry is never used.
//! A wrong entry that passes the check (a 64-bit key collision) can only cost search quality:
//! its move is used only when it equals a move of the current legal list.

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU64, Ordering};

use super::{MATE, MAX_PLY};
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

/// A move packed into 26 bits: from, to, promotion and kind; zero means none.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct PackedMove(u32);

impl PackedMove {
    /// No move.
    pub const NONE: PackedMove = PackedMove(0);

    /// Packs a move; two different legal moves of one position never pack alike.
    #[inline]
    pub fn new(mv: Move) -> PackedMove {
        PackedMove(1 << 25 | mv.identity())
    }

    /// Whether this is a move.
    pub fn is_some(self) -> bool {
        self.0 != 0
    }
}

/// One stored search result.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// The best move found, or [`PackedMove::NONE`].
    pub mv: PackedMove,
    /// The score, mate distances counted from the stored position.
    pub score: i32,
    /// The depth searched.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
    age: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        self.mv.0 as u64
            | (self.score as i16 as u16 as u64) << 26
            | (self.depth.clamp(0, 255) as u64) << 42
            | bound << 50
            | (self.age as u64 & AGE_MASK) << 52
    }

    fn unpack(data: u64) -> Entry {
        let bound = match data >> 50 & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Entry {
            mv: PackedMove(data as u32 & ((1 << 26) - 1)),
            score: (data >> 26) as u16 as i16 as i32,
            depth: (data >> 42 & 255) as i32,
            bound,
            age: (data >> 52 & AGE_MASK) as u8,
        }
    }
}

const AGE_MASK: u64 = 63;

/// A data word no real entry has (a bound of 3), so an all-zero slot is empty.
const EMPTY: u64 = 3 << 50;

/// A fixed-size table of search results indexed by hash, shared by threads.
pub struct Tt {
    slots: Vec<[AtomicU64; 2]>,
    age: AtomicU64,
}

impl Tt {
    /// A table of about `megabytes` MB (at least one entry); panics if the memory cannot be had,
    /// so it is for the small fixed sizes of tests and benchmarks. Interfaces use [`Tt::try_new`].
    pub fn new(megabytes: usize) -> Tt {
        Tt::try_new(megabytes).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `megabytes` MB (at least one entry), or why it cannot be had: more than
    /// the memory free now, or an allocation the system refuses. Never aborts the process.
    pub fn try_new(megabytes: usize) -> Result<Tt, TableTooLarge> {
        let too_large = |free_mb| TableTooLarge { asked_mb: megabytes, free_mb };
        let n = (megabytes.saturating_mul(1024 * 1024) / std::mem::size_of::<[AtomicU64; 2]>()).max(1);
        let free = free_memory();
        // A table the system would have to take from other programs' memory is refused
        // before it is touched: Linux grants such an allocation, then kills a process.
        if let Some(free) = free {
            if n.saturating_mul(std::mem::size_of::<[AtomicU64; 2]>()) > free / 10 * 9 {
                return Err(too_large(Some(free >> 20)));
            }
        }
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).map_err(|_| too_large(free.map(|f| f >> 20)))?;
        // Advised before the first write: the kernel picks a page's size when it is first touched.
        advise_huge_pages(slots.spare_capacity_mut());
        slots.extend((0..n).map(|_| [AtomicU64::new(EMPTY), AtomicU64::new(EMPTY)]));
        Ok(Tt { slots, age: AtomicU64::new(0) })
    }

    /// The table's size in MB, as asked for (rounded down to whole entries).
    pub fn megabytes(&self) -> usize {
        (self.slots.len() * std::mem::size_of::<[AtomicU64; 2]>()) >> 20
    }

    /// Forgets everything stored (a new game).
    pub fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(EMPTY, Ordering::Relaxed);
            slot[1].store(EMPTY, Ordering::Relaxed);
        }
    }

    /// Marks the start of a new search, so that older entries give way.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn current_age(&self) -> u8 {
        (self.age.load(Ordering::Relaxed) & AGE_MASK) as u8
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[((key as u128 * self.slots.len() as u128) >> 64) as usize]
    }

    /// Starts loading the slot of `key` into the cache, so that a probe soon after finds it
    /// there: the probe's cache miss is the largest single cost of a deep search's node.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot = self.slot(key).as_ptr().cast();
            // SAFETY: a prefetch is only a hint to the cache; it reads nothing and cannot fault.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let check = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        (check ^ data == key && data != EMPTY).then(|| Entry::unpack(data))
    }

    /// Stores a result; a deeper entry of another position from the current search stays.
    pub fn store(&self, key: u64, mv: PackedMove, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let age = self.current_age();
        let check = slot[0].load(Ordering::Relaxed);
        let old = slot[1].load(Ordering::Relaxed);
        let same = check ^ old == key;
        if old != EMPTY && !same {
            let e = Entry::unpack(old);
            if e.age == age && e.depth > depth {
                return;
            }
        }
        // Keep the old move when the new result has none for the same position.
        let mv = if !mv.is_some() && same { Entry::unpack(old).mv } else { mv };
        let data = Entry { mv, score, depth, bound, age }.pack();
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    /// How full the table is, in permille of a sample of slots holding entries of this search.
    pub fn hashfull(&self) -> u32 {
        let age = self.current_age();
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let data = s[1].load(Ordering::Relaxed);
                data != EMPTY && Entry::unpack(data).age == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// A table size that could not be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableTooLarge {
    /// The size asked for, in MB.
    pub asked_mb: usize,
    /// The memory free when it was asked for, in MB, where the system says.
    pub free_mb: Option<usize>,
}

impl std::fmt::Display for TableTooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "a table of {} MB cannot be had", self.asked_mb)?;
        match self.free_mb {
            Some(free) => write!(f, " (about {free} MB of memory are free)"),
            None => write!(f, " (the system refused the memory)"),
        }
    }
}

/// The memory the system can give without swapping or taking it from others, in bytes, where
/// the system says (Linux's `MemAvailable`).
fn free_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb.saturating_mul(1024))
}

/// Asks the kernel to back `memory` with huge pages where it can: probes land anywhere in the
/// table, and with 4 KiB pages most of them also miss the address-translation cache.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(memory: &mut [MaybeUninit<T>]) {
    const PAGE: usize = 4096;
    let start = memory.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(memory);
    let first = start.next_multiple_of(PAGE);
    if end >= first + PAGE {
        // SAFETY: the whole pages from `first` lie inside `memory`, which is borrowed mutably
        // here; the advice changes how the kernel backs them, never what they hold. A kernel
        // without huge pages refuses it, which costs nothing but the speed-up.
        unsafe { libc::madvise(first as *mut libc::c_void, (end - first) / PAGE * PAGE, libc::MADV_HUGEPAGE) };
    }
}

/// Huge pages are asked for on Linux only.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_memory: &mut [MaybeUninit<T>]) {}

/// A score as stored: mate distances counted from the stored position.
pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score < -(MATE - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score as seen from `ply` plies below the root.
pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score < -(MATE - MAX_PLY as i32) {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_packing() {
        let tt = Tt::new(1);
        tt.new_search();
        tt.store(42, PackedMove(1 << 25 | 77), -29_990, 17, Bound::Lower);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.mv, e.score, e.depth, e.bound), (PackedMove(1 << 25 | 77), -29_990, 17, Bound::Lower));
        assert!(tt.probe(43).is_none());
    }

    #[test]
    fn a_table_larger_than_memory_is_refused_not_aborted() {
        let err = Tt::try_new(usize::MAX >> 20).err().expect("no machine has that much memory");
        assert_eq!(err.asked_mb, usize::MAX >> 20);
        assert!(err.to_string().contains("cannot be had"), "{err}");
        assert_eq!(Tt::try_new(2).map(|t| t.megabytes()), Ok(2));
    }

    #[test]
    fn a_deeper_entry_of_this_search_is_kept() {
        let tt = Tt::new(0);
        tt.new_search();
        tt.store(1, PackedMove::NONE, 5, 9, Bound::Exact);
        tt.store(2, PackedMove::NONE, 6, 3, Bound::Exact);
        assert_eq!(tt.probe(1).map(|e| e.score), Some(5));
        tt.new_search();
        tt.store(2, PackedMove::NONE, 6, 3, Bound::Exact);
        assert_eq!(tt.probe(2).map(|e| e.score), Some(6));
    }
}
