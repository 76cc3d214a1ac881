//! A set of cells of one layer, as a 128-bit mask.

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
        Bitboard(1u128 << cell)
    }

    /// Whether the set holds `cell`.
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell & 1 != 0
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
        self.0.trailing_zeros() as Cell
    }

    /// The highest cell; the set must not be empty.
    #[inline]
    pub const fn highest(self) -> Cell {
        (127 - self.0.leading_zeros()) as Cell
    }

    /// The set with `cell` added.
    #[inline]
    pub const fn with(self, cell: Cell) -> Bitboard {
        Bitboard(self.0 | 1u128 << cell)
    }

    /// The set with `cell` removed.
    #[inline]
    pub const fn without(self, cell: Cell) -> Bitboard {
        Bitboard(self.0 & !(1u128 << cell))
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bitboard({:#x})", self.0)
    }
}

/// Iterates over the cells of a set, lowest first.
pub struct Cells(u128);

impl Iterator for Cells {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as Cell;
        self.0 &= self.0 - 1;
        Some(cell)
    }
}

impl IntoIterator for Bitboard {
    type Item = Cell;
    type IntoIter = Cells;
    #[inline]
    fn into_iter(self) -> Cells {
        Cells(self.0)
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
