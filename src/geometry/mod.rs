//! Geometry: layers of `files × ranks` cells stacked on one grid, squares and bitboards.

pub mod bitboard;

pub use bitboard::{Bitboard, Cells, Narrow, Wide, Word};

/// The most layers a variant may have.
pub const MAX_LAYERS: usize = 4;
// `Square::layer` masks with `MAX_LAYERS - 1`.
const _: () = assert!(MAX_LAYERS.is_power_of_two());
/// The most cells a layer may have (one `u128` mask).
pub const MAX_CELLS: usize = 128;
/// The most files or ranks a layer may have.
pub const MAX_SIDE: u8 = 16;

/// The methods a small index newtype shares: `new` (checked below `$max` in debug builds),
/// `number`, `index` and `up_to`; for boards, cells and piece types.
macro_rules! small_index {
    ($name:ident, $max:expr, $what:literal) => {
        impl $name {
            #[doc = concat!("The ", $what, " numbered `number`.")]
            #[inline]
            pub const fn new(number: u8) -> $name {
                debug_assert!((number as usize) < $max);
                $name(number)
            }

            #[doc = concat!("The ", $what, "'s number.")]
            #[inline]
            pub const fn number(self) -> u8 {
                self.0
            }

            #[doc = concat!("The ", $what, "'s number as a table index.")]
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            #[doc = concat!("The ", $what, "s numbered `0..count`, in order.")]
            pub fn up_to(count: impl Into<usize>) -> impl DoubleEndedIterator<Item = $name> + Clone {
                (0..count.into() as u8).map($name::new)
            }
        }
    };
}
pub(crate) use small_index;

/// One board of the stack, 0-based, below [`MAX_LAYERS`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Layer(u8);

small_index!(Layer, MAX_LAYERS, "board");

impl Layer {
    /// The first board.
    pub const FIRST: Layer = Layer(0);

    /// The other board of a two-board variant.
    #[inline]
    pub const fn other(self) -> Layer {
        debug_assert!(self.0 < 2);
        Layer(1 - self.0)
    }
}

/// A cell of a layer: `rank * files + file`, below 128.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Cell(u8);

small_index!(Cell, MAX_CELLS, "cell");

impl Cell {
    /// The cell halfway between two cells of one file, such as the square a double step passes.
    #[inline]
    pub const fn midpoint(self, other: Cell) -> Cell {
        Cell((self.0 + other.0) / 2)
    }

    /// The cell `by` numbers further on (a rank forward is `files`); it must exist.
    #[inline]
    pub const fn shifted(self, by: i8) -> Cell {
        Cell::new(self.0.wrapping_add_signed(by))
    }
}

/// A square: a cell on a given layer (`layer * 128 + cell`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Square(u16);

impl Square {
    /// The square of `cell` on `layer` (0-based).
    #[inline]
    pub const fn new(layer: Layer, cell: Cell) -> Square {
        Square((layer.0 as u16) << 7 | cell.0 as u16)
    }

    /// The 0-based layer.
    #[inline]
    pub const fn layer(self) -> Layer {
        // Squares are made below `MAX_LAYERS` (a power of two): the mask changes nothing but
        // spares the bounds checks of every per-layer table it indexes.
        Layer((self.0 >> 7) as u8 & (MAX_LAYERS as u8 - 1))
    }

    /// The cell within its layer.
    #[inline]
    pub const fn cell(self) -> Cell {
        Cell((self.0 & 127) as u8)
    }

    /// A dense index below `MAX_LAYERS * MAX_CELLS`, for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square of a dense index, the inverse of [`Square::index`].
    #[inline]
    pub const fn from_index(index: usize) -> Square {
        debug_assert!(index < MAX_LAYERS * MAX_CELLS);
        Square(index as u16)
    }

    /// The same cell on another layer.
    #[inline]
    pub const fn twin(self, layer: Layer) -> Square {
        Square::new(layer, self.cell())
    }
}

/// The shape of a variant's board: `layers` boards of `files × ranks` cells, some maybe absent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry<W: Word = Wide> {
    /// Number of files (columns), 1 to 16.
    pub files: u8,
    /// Number of ranks (rows), 1 to 16.
    pub ranks: u8,
    /// Number of layers, 1 to 4.
    pub layers: u8,
    /// The cells that exist, per layer.
    pub cells: [Bitboard<W>; MAX_LAYERS],
    /// The cells that do not exist, per layer (they block sliders like walls).
    pub holes: [Bitboard<W>; MAX_LAYERS],
}

impl<W: Word> Geometry<W> {
    /// A geometry with every cell present, or why the size is not allowed.
    pub fn new(files: u8, ranks: u8, layers: u8) -> Result<Geometry<W>, String> {
        if !(1..=MAX_SIDE).contains(&files) || !(1..=MAX_SIDE).contains(&ranks) {
            return Err(format!("board size {files}x{ranks}: files and ranks must be 1 to {MAX_SIDE}"));
        }
        if files as usize * ranks as usize > W::CELLS {
            return Err(format!("board size {files}x{ranks} has more than {} cells", W::CELLS));
        }
        if !(1..=MAX_LAYERS as u8).contains(&layers) {
            return Err(format!("{layers} layers: a variant has 1 to {MAX_LAYERS}"));
        }
        let n = files as u32 * ranks as u32;
        let full = Bitboard(W::from_wide(if n == 128 { u128::MAX } else { (1u128 << n) - 1 }));
        let mut cells = [Bitboard::EMPTY; MAX_LAYERS];
        cells[..layers as usize].fill(full);
        Ok(Geometry { files, ranks, layers, cells, holes: [Bitboard::EMPTY; MAX_LAYERS] })
    }

    /// The same geometry with masks of another word, if its layers fit in it.
    pub fn resized<V: Word>(&self) -> Option<Geometry<V>> {
        (self.area() <= V::CELLS).then(|| Geometry {
            files: self.files,
            ranks: self.ranks,
            layers: self.layers,
            cells: self.cells.map(Bitboard::resized),
            holes: self.holes.map(Bitboard::resized),
        })
    }

    /// Removes a cell (a hole: it holds nothing and blocks sliders).
    pub fn remove(&mut self, sq: Square) {
        self.cells[sq.layer().index()] = self.cells[sq.layer().index()].without(sq.cell());
        self.holes[sq.layer().index()] = self.holes[sq.layer().index()].with(sq.cell());
    }

    /// Number of cells of a full layer.
    pub fn area(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The cell at `file`, `rank` (0-based).
    #[inline]
    pub fn cell(&self, file: u8, rank: u8) -> Cell {
        Cell::new(rank * self.files + file)
    }

    /// The king's-move distance between two cells.
    #[inline]
    pub fn distance(&self, a: Cell, b: Cell) -> u8 {
        self.file(a).abs_diff(self.file(b)).max(self.rank(a).abs_diff(self.rank(b)))
    }

    /// The 0-based file of a cell.
    #[inline]
    pub fn file(&self, cell: Cell) -> u8 {
        cell.0 % self.files
    }

    /// The 0-based rank of a cell.
    #[inline]
    pub fn rank(&self, cell: Cell) -> u8 {
        cell.0 / self.files
    }

    /// The cell `df` files and `dr` ranks away, if on the grid.
    pub fn offset(&self, cell: Cell, df: i32, dr: i32) -> Option<Cell> {
        let f = self.file(cell) as i32 + df;
        let r = self.rank(cell) as i32 + dr;
        (f >= 0 && r >= 0 && f < self.files as i32 && r < self.ranks as i32).then(|| self.cell(f as u8, r as u8))
    }

    /// The boards of this geometry, in order.
    pub fn all_layers(&self) -> impl DoubleEndedIterator<Item = Layer> + Clone {
        Layer::up_to(self.layers)
    }

    /// Whether a square exists.
    #[inline]
    pub fn exists(&self, sq: Square) -> bool {
        sq.layer().0 < self.layers && self.cells[sq.layer().index()].contains(sq.cell())
    }

    /// All cells of one rank.
    pub fn rank_mask(&self, rank: u8) -> Bitboard<W> {
        (0..self.files).fold(Bitboard::EMPTY, |b, f| b.with(self.cell(f, rank)))
    }

    /// All cells whose colour `(file + rank) mod 2` is `parity`.
    pub fn colour_mask(&self, parity: u8) -> Bitboard<W> {
        Cell::up_to(self.area())
            .filter(|&c| (self.file(c) + self.rank(c)) % 2 == parity)
            .fold(Bitboard::EMPTY, |b, c| b.with(c))
    }

    /// The name of a square: `e4`, or `1e4` when there are several layers.
    pub fn square_name(&self, sq: Square) -> String {
        let cell = self.cell_name(sq.cell());
        if self.layers > 1 {
            format!("{}{}", sq.layer().0 + 1, cell)
        } else {
            cell
        }
    }

    /// The name of a cell without its layer: `e4`.
    pub fn cell_name(&self, cell: Cell) -> String {
        format!("{}{}", (b'a' + self.file(cell)) as char, self.rank(cell) + 1)
    }

    /// Parses a whole square name (`e4`, `1e4`); `None` if it is not a square of this geometry.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let (sq, rest) = self.parse_square_prefix(text)?;
        rest.is_empty().then_some(sq)
    }

    /// Parses a square at the start of `text`, returning it and the rest.
    ///
    /// A square is `[layer digit] file-letter rank-number`; the rank is read up to the next
    /// layer digit that is followed by a letter, so `1a12a1` reads as `1a1` then `2a1`.
    pub fn parse_square_prefix<'a>(&self, text: &'a str) -> Option<(Square, &'a str)> {
        let bytes = text.as_bytes();
        let mut i = 0;
        let layer = if self.layers > 1 {
            let d = *bytes.first()?;
            if !d.is_ascii_digit() {
                return None;
            }
            i = 1;
            (d - b'1') as u32
        } else {
            0
        };
        let f = *bytes.get(i)?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        i += 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        // In a layered name the last digit before a letter starts the next square.
        let next_square_follows = i + 1 < bytes.len() && bytes[i].is_ascii_lowercase() && bytes[i + 1].is_ascii_digit();
        if self.layers > 1 && next_square_follows && i - start >= 2 {
            i -= 1;
        }
        let rank: u32 = text.get(start..i)?.parse().ok()?;
        let file = (f - b'a') as u32;
        if layer >= self.layers as u32 || file >= self.files as u32 || rank == 0 || rank > self.ranks as u32 {
            return None;
        }
        let sq = Square::new(Layer::new(layer as u8), self.cell(file as u8, rank as u8 - 1));
        self.exists(sq).then_some((sq, &text[i..]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layered_square_names_parse_unambiguously() {
        let g: Geometry = Geometry::new(16, 8, 2).unwrap();
        let (a, rest) = g.parse_square_prefix("1a12a1").unwrap();
        assert_eq!(g.square_name(a), "1a1");
        assert_eq!(g.parse_square(rest).map(|s| g.square_name(s)), Some("2a1".into()));
        let tall: Geometry = Geometry::new(8, 16, 2).unwrap();
        let (a, rest) = tall.parse_square_prefix("1a122a1").unwrap();
        assert_eq!(tall.square_name(a), "1a12");
        assert_eq!(rest, "2a1");
        let (a, rest) = tall.parse_square_prefix("1a102a10q").unwrap();
        assert_eq!(tall.square_name(a), "1a10");
        assert_eq!(tall.parse_square_prefix(rest).map(|(s, r)| (tall.square_name(s), r)), Some(("2a10".into(), "q")));
    }

    #[test]
    fn sizes_beyond_the_mask_are_refused() {
        assert!(Geometry::<Wide>::new(16, 9, 1).is_err());
        assert!(Geometry::<Wide>::new(16, 8, 4).is_ok());
        assert!(Geometry::<Wide>::new(8, 8, 5).is_err());
        assert!(Geometry::<Narrow>::new(8, 8, 4).is_ok());
        assert!(Geometry::<Narrow>::new(10, 8, 1).is_err());
    }
}
