//! Pieces: colours, roles, and their movement described in Betza notation.

pub mod attacks;
pub mod betza;
pub mod sliders;

use std::ops::{Index, IndexMut};

/// A side: White moves first.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Color {
    /// The first player.
    White = 0,
    /// The second player.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The colour of index 0 or 1.
    #[inline]
    pub const fn from_index(i: usize) -> Color {
        if i == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// `White` or `Black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// One value per colour.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Hash)]
pub struct ByColor<T>(pub [T; 2]);

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        &self.0[c.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c.index()]
    }
}

/// The index of a piece type in its variant's piece list.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Role(u8);

crate::geometry::small_index!(Role, MAX_ROLES, "piece type");

/// The most piece types a variant may define.
pub const MAX_ROLES: usize = 12;

/// A coloured piece, or nothing: the content of one square.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Hash)]
pub struct Piece(u8);

impl Piece {
    /// An empty square.
    pub const NONE: Piece = Piece(0);

    /// The piece of `role` and `color`.
    #[inline]
    pub const fn new(role: Role, color: Color) -> Piece {
        Piece(1 + (role.0 << 1) + color as u8)
    }

    /// Whether this is an empty square.
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Whether a piece is there.
    #[inline]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    /// The role; the square must not be empty.
    #[inline]
    pub const fn role(self) -> Role {
        Role((self.0 - 1) >> 1)
    }

    /// The colour; the square must not be empty.
    #[inline]
    pub const fn color(self) -> Color {
        Color::from_index(((self.0 - 1) & 1) as usize)
    }

    /// A dense index (0 for empty), for hash keys.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece type as a variant defines it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    /// The FEN letter (upper case).
    pub letter: char,
    /// The Betza description of how it moves, for White.
    pub betza: String,
    /// Its moves, parsed from `betza`.
    pub steps: Vec<betza::Step>,
}
