//! A set of cells of one layer, as a 128-bit mask.
//!
//! Cell-indexed operations work on the 64-bit half that holds the cell, with a branch on which
//! half: most boards have at most 64 cells, so the branch always goes one way and costs less than
//! the shifts and bit scans of a whole 128-bit word.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Cell;

/// A set of cells of one layer: bit `c` is cell `c` (`rank * files + file`).
///
/// ```
/// use vorpal::geometry::Bitboard;
/// let b = Bitboard::from_cell(3) | Bitboard::from_cell(100);
/// assert_eq!(b.count(), 2);
/// assert_eq!(b.into_iter().collect::<Vec<_>>(), vec![3, 100]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Default, Hash)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding one cell.
    #[inline]
    pub const fn from_cell(cell: Cell) -> Bitboard {
        if cell < 64 {
            Bitboard((1u64 << cell) as u128)
        } else {
            Bitboard(((1u64 << (cell - 64)) as u128) << 64)
        }
    }

    /// Whether the set holds `cell`.
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        let half = if cell < 64 { self.0 as u64 } else { (self.0 >> 64) as u64 };
        half >> (cell & 63) & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one cell.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of cells in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest cell; the set must not be empty.
    #[inline]
    pub const fn lowest(self) -> Cell {
        let low = self.0 as u64;
        if low != 0 {
            low.trailing_zeros() as Cell
        } else {
            64 + ((self.0 >> 64) as u64).trailing_zeros() as Cell
        }
    }

    /// The highest cell; the set must not be empty.
    #[inline]
    pub const fn highest(self) -> Cell {
        let high = (self.0 >> 64) as u64;
        if high != 0 {
            (127 - high.leading_zeros()) as Cell
        } else {
            (63 - (self.0 as u64).leading_zeros()) as Cell
        }
    }

    /// The set with `cell` added.
    #[inline]
    pub const fn with(self, cell: Cell) -> Bitboard {
        Bitboard(self.0 | Bitboard::from_cell(cell).0)
    }

    /// The set with `cell` removed.
    #[inline]
    pub const fn without(self, cell: Cell) -> Bitboard {
        Bitboard(self.0 & !Bitboard::from_cell(cell).0)
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bitboard({:#x})", self.0)
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
            let cell = self.low.trailing_zeros() as Cell;
            self.low &= self.low - 1;
            Some(cell)
        } else if self.high != 0 {
            let cell = 64 + self.high.trailing_zeros() as Cell;
            self.high &= self.high - 1;
            Some(cell)
        } else {
            None
        }
    }
}

impl IntoIterator for Bitboard {
    type Item = Cell;
    type IntoIter = Cells;
    #[inline]
    fn into_iter(self) -> Cells {
        Cells { low: self.0 as u64, high: (self.0 >> 64) as u64 }
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign:ident $op:tt),*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bit_ops!(BitAnd bitand BitAndAssign bitand_assign &, BitOr bitor BitOrAssign bitor_assign |, BitXor bitxor BitXorAssign bitxor_assign ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_on_both_sides_of_the_halves_are_found() {
        let cells = [0, 1, 62, 63, 64, 65, 126, 127];
        for &c in &cells {
            let one = Bitboard::from_cell(c);
            assert_eq!(one.0, 1u128 << c);
            assert!(one.contains(c) && one.count() == 1);
            assert_eq!((one.lowest(), one.highest()), (c, c));
            assert_eq!(Bitboard(u128::MAX).without(c).0, !(1u128 << c));
            for &d in cells.iter().filter(|&&d| d != c) {
                assert!(!one.contains(d));
                let two = one.with(d);
                assert_eq!((two.lowest(), two.highest()), (c.min(d), c.max(d)));
            }
        }
        let all = cells.iter().fold(Bitboard::EMPTY, |b, &c| b.with(c));
        assert_eq!(all.into_iter().collect::<Vec<_>>(), cells);
    }
}
