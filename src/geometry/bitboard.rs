//! A set of cells of one layer, as a mask in a 64- or 128-bit word.
//!
//! The word is a type parameter: a variant whose boards have at most 64 cells is searched with
//! `u64` masks, which halve the memory every table and position takes and make every operation
//! one instruction; larger boards (up to 128 cells) use `u128`. On `u128`, cell-indexed
//! operations work on the 64-bit half that holds the cell, with a branch on which half, which
//! costs less than the shifts and bit scans of a whole 128-bit word.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Cell;

/// The word for boards of up to 128 cells, and the default of every width-generic type.
pub type Wide = u128;
/// The word for boards of up to 64 cells.
pub type Narrow = u64;

/// An integer a layer's mask is held in: [`Narrow`] or [`Wide`].
pub trait Word:
    Copy
    + Eq
    + Default
    + Hash
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// How many cells a mask of this word holds.
    const CELLS: usize;
    /// No bit set.
    const ZERO: Self;
    /// Every bit set.
    const ONES: Self;
    /// The word with bit `cell` set.
    fn bit(cell: Cell) -> Self;
    /// Whether bit `cell` is set.
    fn has(self, cell: Cell) -> bool;
    /// The lowest set bit; the word must not be zero.
    fn lowest(self) -> Cell;
    /// The highest set bit; the word must not be zero.
    fn highest(self) -> Cell;
    /// The number of set bits.
    fn count(self) -> u32;
    /// The low and the high 64 bits.
    fn halves(self) -> (u64, u64);
    /// `self - rhs`, wrapping.
    fn wrapping_sub(self, rhs: Self) -> Self;
    /// The low bits of a 128-bit word.
    fn from_wide(wide: u128) -> Self;
}

impl Word for u64 {
    const CELLS: usize = 64;
    const ZERO: u64 = 0;
    const ONES: u64 = u64::MAX;
    #[inline]
    fn bit(cell: Cell) -> u64 {
        1 << cell.number()
    }
    #[inline]
    fn has(self, cell: Cell) -> bool {
        self >> cell.number() & 1 != 0
    }
    #[inline]
    fn lowest(self) -> Cell {
        Cell::new(self.trailing_zeros() as u8)
    }
    #[inline]
    fn highest(self) -> Cell {
        Cell::new((63 - self.leading_zeros()) as u8)
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn halves(self) -> (u64, u64) {
        (self, 0)
    }
    #[inline]
    fn wrapping_sub(self, rhs: u64) -> u64 {
        u64::wrapping_sub(self, rhs)
    }
    #[inline]
    fn from_wide(wide: u128) -> u64 {
        wide as u64
    }
}

impl Word for u128 {
    const CELLS: usize = 128;
    const ZERO: u128 = 0;
    const ONES: u128 = u128::MAX;
    #[inline]
    fn bit(cell: Cell) -> u128 {
        let cell = cell.number();
        if cell < 64 {
            (1u64 << cell) as u128
        } else {
            ((1u64 << (cell - 64)) as u128) << 64
        }
    }
    #[inline]
    fn has(self, cell: Cell) -> bool {
        let cell = cell.number();
        let half = if cell < 64 { self as u64 } else { (self >> 64) as u64 };
        half >> (cell & 63) & 1 != 0
    }
    #[inline]
    fn lowest(self) -> Cell {
        let low = self as u64;
        Cell::new(if low != 0 { low.trailing_zeros() } else { 64 + ((self >> 64) as u64).trailing_zeros() } as u8)
    }
    #[inline]
    fn highest(self) -> Cell {
        let high = (self >> 64) as u64;
        Cell::new(if high != 0 { 127 - high.leading_zeros() } else { 63 - (self as u64).leading_zeros() } as u8)
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn halves(self) -> (u64, u64) {
        (self as u64, (self >> 64) as u64)
    }
    #[inline]
    fn wrapping_sub(self, rhs: u128) -> u128 {
        u128::wrapping_sub(self, rhs)
    }
    #[inline]
    fn from_wide(wide: u128) -> u128 {
        wide
    }
}

/// A set of cells of one layer: bit `c` is cell `c` (`rank * files + file`).
///
/// ```
/// use vorpal::geometry::{Bitboard, Cell};
/// let b: Bitboard = Bitboard::from_cell(Cell::new(3)) | Bitboard::from_cell(Cell::new(100));
/// assert_eq!(b.count(), 2);
/// assert_eq!(b.into_iter().map(Cell::number).collect::<Vec<_>>(), vec![3, 100]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Default, Hash)]
pub struct Bitboard<W: Word = Wide>(pub W);

impl<W: Word> Bitboard<W> {
    /// The empty set.
    pub const EMPTY: Bitboard<W> = Bitboard(W::ZERO);
    /// Every cell the word can hold.
    pub const ALL: Bitboard<W> = Bitboard(W::ONES);

    /// The set holding one cell.
    #[inline]
    pub fn from_cell(cell: Cell) -> Bitboard<W> {
        Bitboard(W::bit(cell))
    }

    /// Whether the set holds `cell`.
    #[inline]
    pub fn contains(self, cell: Cell) -> bool {
        self.0.has(cell)
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == W::ZERO
    }

    /// Whether the set holds at least one cell.
    #[inline]
    pub fn any(self) -> bool {
        self.0 != W::ZERO
    }

    /// The number of cells in the set.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count()
    }

    /// The lowest cell; the set must not be empty.
    #[inline]
    pub fn lowest(self) -> Cell {
        self.0.lowest()
    }

    /// The highest cell; the set must not be empty.
    #[inline]
    pub fn highest(self) -> Cell {
        self.0.highest()
    }

    /// The set with `cell` added.
    #[inline]
    pub fn with(self, cell: Cell) -> Bitboard<W> {
        Bitboard(self.0 | W::bit(cell))
    }

    /// The set with `cell` removed.
    #[inline]
    pub fn without(self, cell: Cell) -> Bitboard<W> {
        Bitboard(self.0 & !W::bit(cell))
    }

    /// The same cells in a mask of another word, which must be wide enough to hold them.
    #[inline]
    pub fn resized<V: Word>(self) -> Bitboard<V> {
        let (low, high) = self.0.halves();
        Bitboard(V::from_wide((high as u128) << 64 | low as u128))
    }
}

impl<W: Word> std::fmt::Debug for Bitboard<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (low, high) = self.0.halves();
        write!(f, "Bitboard({:#x})", (high as u128) << 64 | low as u128)
    }
}

/// Iterates over the cells of a set, lowest first: the low half, then the high one.
pub struct Cells {
    low: u64,
    high: u64,
}

impl Iterator for Cells {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.low != 0 {
            let cell = Cell::new(self.low.trailing_zeros() as u8);
            self.low &= self.low - 1;
            Some(cell)
        } else if self.high != 0 {
            let cell = Cell::new(64 + self.high.trailing_zeros() as u8);
            self.high &= self.high - 1;
            Some(cell)
        } else {
            None
        }
    }
}

impl<W: Word> IntoIterator for Bitboard<W> {
    type Item = Cell;
    type IntoIter = Cells;
    #[inline]
    fn into_iter(self) -> Cells {
        let (low, high) = self.0.halves();
        Cells { low, high }
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign:ident $op:tt),*) => {$(
        impl<W: Word> $trait for Bitboard<W> {
            type Output = Bitboard<W>;
            #[inline]
            fn $method(self, rhs: Bitboard<W>) -> Bitboard<W> {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl<W: Word> $assign_trait for Bitboard<W> {
            #[inline]
            fn $assign(&mut self, rhs: Bitboard<W>) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bit_ops!(BitAnd bitand BitAndAssign bitand_assign &, BitOr bitor BitOrAssign bitor_assign |, BitXor bitxor BitXorAssign bitxor_assign ^);

impl<W: Word> Not for Bitboard<W> {
    type Output = Bitboard<W>;
    #[inline]
    fn not(self) -> Bitboard<W> {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Single cells and pairs of `cells` in masks of `W`, checked against 128-bit shifts.
    fn cells_are_found<W: Word>(numbers: &[u8]) {
        let cells: Vec<Cell> = numbers.iter().map(|&n| Cell::new(n)).collect();
        for &c in &cells {
            let one = Bitboard::<W>::from_cell(c);
            assert_eq!(one.resized::<Wide>().0, 1u128 << c.number());
            assert!(one.contains(c) && one.count() == 1);
            assert_eq!((one.lowest(), one.highest()), (c, c));
            assert_eq!(Bitboard::<W>::ALL.without(c), Bitboard(W::from_wide(!(1u128 << c.number()))));
            for &d in cells.iter().filter(|&&d| d != c) {
                assert!(!one.contains(d));
                let two = one.with(d);
                assert_eq!((two.lowest(), two.highest()), (c.min(d), c.max(d)));
            }
        }
        let all = cells.iter().fold(Bitboard::<W>::EMPTY, |b, &c| b.with(c));
        assert_eq!(all.into_iter().collect::<Vec<_>>(), cells);
        assert_eq!(all.resized::<Wide>().resized::<W>(), all);
    }

    #[test]
    fn cells_on_both_sides_of_the_halves_are_found() {
        cells_are_found::<Wide>(&[0, 1, 62, 63, 64, 65, 126, 127]);
    }

    #[test]
    fn cells_of_a_narrow_mask_are_found() {
        cells_are_found::<Narrow>(&[0, 1, 31, 32, 62, 63]);
    }
}
