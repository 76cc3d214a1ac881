//! Where a variant's squares stand on XBoard's single board (at most 16 × 16), and every
//! translation between XBoard's squares and Vorpal's: square names, moves, FENs, highlights.
//!
//! Layers are laid side by side in one row, a gap file between them when it fits; when they do
//! not fit in 16 files they go in 2 × 2 quadrants (layer 1 bottom left, 2 bottom right, 3 top
//! left, 4 top right). Files of a layer that hold no square at all (Inside-out's inner cells are
//! only on files c–f) are left out. Cells XBoard shows but Vorpal lacks are `*`.

use crate::geometry::{Square, MAX_SIDE};
use crate::movegen::Move;
use crate::pieces::{Color, Role};
use crate::position::fen::{fen_board, fen_row};
use crate::position::Position;
use crate::variant::Variant;

/// XBoard's piece types in the order of its `pieceToChar` table, with the Betza movement XBoard
/// gives each (`None`: a type Vorpal never assigns).
const XBOARD_TYPES: [Option<&str>; 22] = [
    Some("fmWfcF"),
    Some("N"),
    Some("B"),
    Some("R"),
    Some("Q"),
    Some("F"),
    None,
    Some("BN"),
    Some("RN"),
    Some("W"),
    Some("K"),
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    Some("K"),
];

/// The slots of the pieceToChar table where a piece of unknown movement may go, in order.
const FREE_SLOTS: [usize; 13] = [5, 6, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];

/// A variant's place on XBoard's board.
#[derive(Clone, Debug)]
pub struct Display {
    /// XBoard's board width.
    pub width: u8,
    /// XBoard's board height.
    pub height: u8,
    /// Per layer: the XBoard file and rank of the layer's first shown file and its rank 1.
    origin: Vec<(u8, u8)>,
    /// Per layer, the first file that holds a square.
    first_file: Vec<u8>,
    /// Every XBoard cell (`rank * width + file`) and the Vorpal square shown there.
    cells: Vec<Option<Square>>,
    /// Per role, the pieceToChar slot.
    slots: Vec<usize>,
    /// Whether XBoard knows the variant by this name (FIDE chess): no `setup` is sent.
    native: bool,
}

impl Display {
    /// The layout of `variant`, or why XBoard cannot show it.
    pub fn new(variant: &Variant) -> Result<Display, String> {
        let g = &variant.geometry();
        let layers = g.layers as usize;
        let mut first_file = Vec::new();
        let mut widths = Vec::new();
        for l in g.all_layers() {
            let used: Vec<u8> =
                (0..g.files).filter(|&f| (0..g.ranks).any(|r| g.exists(Square::new(l, g.cell(f, r))))).collect();
            let (lo, hi) = (used.first().copied().unwrap_or(0), used.last().copied().unwrap_or(0));
            first_file.push(lo);
            widths.push(hi - lo + 1);
        }
        let max = MAX_SIDE as usize;
        // XBoard 4.9.1 reads no move from the 16th rank (`d16d15` becomes a null move), so
        // layouts use 15 ranks at most.
        let max_height = max - 1;
        let row: usize = widths.iter().map(|&w| w as usize).sum();
        let mut origin = Vec::new();
        let (width, height) = if row <= max && g.ranks as usize <= max_height {
            let gap = usize::from(row + layers - 1 <= max);
            let mut x = 0;
            for &w in &widths {
                origin.push((x as u8, 0));
                x += w as usize + gap;
            }
            (x - gap, g.ranks as usize)
        } else {
            let left = widths.iter().step_by(2).copied().max().unwrap_or(0) as usize;
            let right = widths.iter().skip(1).step_by(2).copied().max().unwrap_or(0) as usize;
            let rows = layers.div_ceil(2);
            let ranks = g.ranks as usize;
            if left + right > max || rows * ranks > max_height {
                return Err(format!(
                    "{} layers of {}x{} do not fit on XBoard's board (16 files, 15 usable ranks)",
                    layers, g.files, g.ranks
                ));
            }
            let gap_file = usize::from(left + right < max);
            let gap_rank = usize::from(rows * ranks + rows - 1 <= max_height);
            for l in 0..layers {
                let x = if l % 2 == 0 { 0 } else { left + gap_file };
                origin.push((x as u8, ((l / 2) * (ranks + gap_rank)) as u8));
            }
            (left + gap_file + right, rows * ranks + (rows - 1) * gap_rank)
        };
        let mut display = Display {
            width: width as u8,
            height: height as u8,
            origin,
            first_file,
            cells: vec![None; width * height],
            slots: Vec::new(),
            native: variant.is_fide_chess(),
        };
        for l in g.all_layers() {
            for f in 0..g.files {
                for r in 0..g.ranks {
                    let sq = Square::new(l, g.cell(f, r));
                    if g.exists(sq) {
                        let (x, y) = display.place(variant, sq);
                        display.cells[y as usize * width + x as usize] = Some(sq);
                    }
                }
            }
        }
        display.slots = piece_slots(variant)?;
        Ok(display)
    }

    /// The XBoard file and rank (0-based) where `sq` is shown.
    fn place(&self, variant: &Variant, sq: Square) -> (u8, u8) {
        let g = &variant.geometry();
        let l = sq.layer().index();
        let (x, y) = self.origin[l];
        (x + g.file(sq.cell()) - self.first_file[l], y + g.rank(sq.cell()))
    }

    /// Whether XBoard draws `mv` in `pos` as Vorpal plays it: not castling outside FIDE chess
    /// (XBoard would leave the rook where it was), not a pawn move it takes for en passant.
    pub fn shows_move(&self, pos: &Position, mv: &Move) -> bool {
        (mv.rook().is_none() || self.shows_castling()) && !self.misreads_as_en_passant(pos, mv)
    }

    /// Whether XBoard draws Vorpal's castling: only in FIDE chess, where XBoard knows the rules
    /// (elsewhere the king is a commoner to XBoard, and the rook would stay where it was).
    pub fn shows_castling(&self) -> bool {
        self.native
    }

    /// Whether XBoard would take `mv` for an en-passant capture and remove a piece the move does
    /// not capture: XBoard 4.9.1 removes the piece behind the landing square of a pawn that
    /// leaves a square in the opponent's half for an empty square of another file, whatever
    /// the board it is on. Its halves are whole ranks split at `height / 2` rounded down, so on
    /// an odd number of ranks the middle rank is in Black's half for a white pawn.
    pub fn misreads_as_en_passant(&self, pos: &Position, mv: &Move) -> bool {
        let variant = pos.variant();
        let piece = pos.piece_at(mv.from());
        if self.native || piece.is_none() || variant.pawn != Some(piece.role()) {
            return false;
        }
        let ((fx, fy), (tx, ty)) = (self.place(variant, mv.from()), self.place(variant, mv.to()));
        // Checked: white pawns going e5-m6, m6-e7 (8 ranks) and h4-c4 (6 ranks) took the piece
        // on m5, e6 and c3; one going e4-m5 left m4 alone.
        let (far_half, behind) = match piece.color() {
            Color::White => (fy >= self.height / 2, ty.checked_sub(1)),
            Color::Black => (fy < self.height / 2, Some(ty + 1).filter(|&y| y < self.height)),
        };
        let lands_on_a_piece = mv.capture().is_some_and(|c| self.place(variant, c) == (tx, ty));
        let Some(behind) = behind.filter(|_| far_half && fx != tx && !lands_on_a_piece) else { return false };
        let victim = self.cells[behind as usize * self.width as usize + tx as usize];
        victim.is_some_and(|sq| pos.piece_at(sq).is_some() && Some(sq) != mv.capture() && sq != mv.from())
    }

    /// XBoard's name of the square where `sq` is shown.
    pub fn square_name(&self, variant: &Variant, sq: Square) -> String {
        let (x, y) = self.place(variant, sq);
        self.cell_name(x, y)
    }

    /// XBoard's name of the cell at file `x`, rank `y` (0-based).
    fn cell_name(&self, x: u8, y: u8) -> String {
        format!("{}{}", (b'a' + x) as char, y as u32 + self.first_rank())
    }

    /// The number of XBoard's first rank: 0 on boards of exactly 10 ranks (as in Xiangqi), else 1
    /// (checked with XBoard 4.9.1 on a 16-rank board).
    fn first_rank(&self) -> u32 {
        u32::from(self.height != 10)
    }

    /// The Vorpal square XBoard's square name `text` shows, if any.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let (sq, rest) = self.parse_square_prefix(text)?;
        rest.is_empty().then_some(sq?)
    }

    /// Reads an XBoard square at the start of `text`: the Vorpal square there (`None` for a gap
    /// cell) and the rest of the text.
    fn parse_square_prefix<'a>(&self, text: &'a str) -> Option<(Option<Square>, &'a str)> {
        let bytes = text.as_bytes();
        let file = bytes.first()?.checked_sub(b'a')?;
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        let rank: u32 = text.get(1..1 + digits)?.parse().ok()?;
        let y = rank.checked_sub(self.first_rank())?;
        if file >= self.width || y >= self.height as u32 {
            return None;
        }
        Some((self.cells[y as usize * self.width as usize + file as usize], &text[1 + digits..]))
    }

    /// The legs of `mv` as XBoard shows them: one, or two when the capture happens on another
    /// square than the one the piece ends on (`e5f7,` then `f7n7`).
    pub fn move_legs(&self, variant: &Variant, mv: &Move) -> Vec<String> {
        let from = self.square_name(variant, mv.from());
        let to = self.square_name(variant, mv.to());
        let promotion = mv.promotion().map(|r| variant.pieces[r.index()].letter.to_ascii_lowercase());
        let last = |start: &str| format!("{start}{to}{}", promotion.map(String::from).unwrap_or_default());
        match mv.capture().map(|c| self.square_name(variant, c)) {
            // XBoard knows FIDE chess, en passant included.
            Some(victim) if victim != to && !self.native => vec![format!("{from}{victim},"), last(&victim)],
            _ => vec![last(&from)],
        }
    }

    /// The move of `moves` that XBoard's text names: `e2e4`, `e7e8q`, or the legs `c4d5,d5e4`.
    pub fn find_move(&self, variant: &Variant, moves: &[Move], text: &str) -> Option<Move> {
        let legs: Vec<&str> = text.split(',').collect();
        let (first, last) = (legs.first()?, legs.last()?);
        let (from, rest) = self.parse_square_prefix(first)?;
        let via = if legs.len() > 1 {
            let (via, _) = self.parse_square_prefix(rest)?;
            Some(via?)
        } else {
            None
        };
        let (_, last_rest) = self.parse_square_prefix(last)?;
        let (to, promotion) =
            if legs.len() > 1 { self.parse_square_prefix(last_rest)? } else { self.parse_square_prefix(rest)? };
        let (from, to) = (from?, to?);
        let promotion = match promotion {
            "" => None,
            p if p.chars().count() == 1 => p.chars().next(),
            _ => return None,
        };
        let matches = |mv: &&Move| {
            mv.from() == from
                && mv.to() == to
                && mv.promotion().map(|r| variant.pieces[r.index()].letter.to_ascii_lowercase())
                    == promotion.map(|c| c.to_ascii_lowercase())
        };
        let candidates: Vec<&Move> = moves.iter().filter(matches).collect();
        let shown_victim = |mv: &Move| mv.capture().filter(|&c| self.place(variant, c) != self.place(variant, mv.to()));
        candidates.iter().find(|mv| shown_victim(mv) == via).or_else(|| candidates.first()).map(|mv| **mv)
    }

    /// The board part of an XBoard FEN showing the board `char_at` describes.
    fn board_fen(&self, char_at: impl Fn(Square) -> Option<char>) -> String {
        self.rows(|cell| match cell {
            None => Some('*'),
            Some(sq) => char_at(sq),
        })
    }

    /// A COLORFEN for `highlight`: every marked square with its colour letter.
    pub fn colour_fen(&self, colour_at: impl Fn(Square) -> Option<char>) -> String {
        self.rows(|cell| cell.and_then(&colour_at))
    }

    /// The rows of a FEN-like text, top rank first; `None` cells are counted as empty.
    fn rows(&self, content: impl Fn(Option<Square>) -> Option<char>) -> String {
        let width = self.width as usize;
        let mut rows = Vec::new();
        for y in (0..self.height as usize).rev() {
            rows.push(fen_row(self.cells[y * width..(y + 1) * width].iter().map(|cell| content(*cell))));
        }
        rows.join("/")
    }

    /// Reads the board part of an XBoard FEN into the Vorpal board part (layers split by `|`).
    pub fn vorpal_board(&self, variant: &Variant, board: &str) -> Result<String, String> {
        let width = self.width as usize;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != self.height as usize {
            return Err(format!("{} ranks given, XBoard's board of {} has {}", rows.len(), variant.name, self.height));
        }
        let mut grid = vec![None; width * self.height as usize];
        for (i, row) in rows.iter().enumerate() {
            let y = self.height as usize - 1 - i;
            let mut x = 0;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    let mut n = d as usize;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d as usize;
                        chars.next();
                    }
                    x += n;
                } else {
                    if x < width && c != '*' {
                        grid[y * width + x] = Some(c);
                    }
                    x += 1;
                }
            }
            if x != width {
                return Err(format!(
                    "rank {} has {} cells, XBoard's board of {} has {}",
                    y + 1,
                    x,
                    variant.name,
                    width
                ));
            }
        }
        Ok(fen_board(variant.geometry(), |sq| {
            let (x, y) = self.place(variant, sq);
            grid[y as usize * width + x as usize]
        }))
    }

    /// XBoard's FEN of `pos` on this board. Castling rights are left out where XBoard cannot
    /// show castling: it would act on them (see `shows_castling`).
    pub fn fen(&self, pos: &Position) -> String {
        let variant = pos.variant();
        let vorpal = pos.to_fen();
        let fields: Vec<&str> = vorpal.split_whitespace().collect();
        let ep = fields
            .get(3)
            .and_then(|ep| variant.geometry().parse_square(ep))
            .map(|sq| self.square_name(variant, sq))
            .unwrap_or_else(|| "-".into());
        let castling = if self.shows_castling() { fields.get(2).copied().unwrap_or("-") } else { "-" };
        format!(
            "{} {} {castling} {ep} {} {}",
            self.board_fen(|sq| pos.piece_char(sq)),
            fields.get(1).unwrap_or(&"w"),
            fields.get(4).unwrap_or(&"0"),
            fields.get(5).unwrap_or(&"1")
        )
    }

    /// The `setup` line that switches XBoard to this layout at the position of XBoard's `fen`,
    /// or `None` for FIDE chess, which XBoard knows.
    pub fn setup_line(&self, variant: &Variant, fen: &str) -> Option<String> {
        if self.native {
            return None;
        }
        let mut table = ['.'; 44];
        for (role, piece) in variant.pieces.iter().enumerate() {
            table[self.slots[role]] = piece.letter.to_ascii_uppercase();
            table[22 + self.slots[role]] = piece.letter.to_ascii_lowercase();
        }
        let table: String = table.iter().collect();
        Some(format!("setup ({table}) {}x{}+0_fairy {fen}", self.width, self.height))
    }

    /// The `piece` lines for the pieces whose movement is not the one XBoard gives their slot.
    pub fn piece_lines(&self, variant: &Variant) -> Vec<String> {
        if self.native {
            return Vec::new();
        }
        variant
            .pieces
            .iter()
            .enumerate()
            .filter(|(role, piece)| XBOARD_TYPES[self.slots[*role]] != Some(piece.betza.as_str()))
            .map(|(_, piece)| format!("piece {}& {}", piece.letter.to_ascii_uppercase(), piece.betza))
            .collect()
    }
}

/// The pieceToChar slot of each role: the slot whose letter and movement are the piece's, else
/// one with the same movement, else the first free one.
fn piece_slots(variant: &Variant) -> Result<Vec<usize>, String> {
    const LETTERS: &str = "PNBRQFEACWMOHIJGDVLSUK";
    let mut taken = [false; 22];
    let mut slots = vec![usize::MAX; variant.pieces.len()];
    let is_pawn = |role: usize| variant.pawn == Some(Role::new(role as u8));
    let is_king = |role: usize| variant.king == Some(Role::new(role as u8));
    for (role, piece) in variant.pieces.iter().enumerate() {
        let betza = Some(piece.betza.as_str());
        let wanted = if is_pawn(role) {
            Some(0)
        } else if is_king(role) {
            // XBoard castles whenever a king steps two or more files along a rank; a king
            // crossing boards does that all the time, so it is shown as XBoard's commoner.
            Some(if variant.is_fide_chess() { 21 } else { 10 })
        } else {
            let by_letter = LETTERS.find(piece.letter.to_ascii_uppercase()).filter(|&s| XBOARD_TYPES[s] == betza);
            by_letter.or_else(|| (1..21).find(|&s| !taken[s] && XBOARD_TYPES[s] == betza))
        };
        if let Some(s) = wanted.filter(|&s| !taken[s]) {
            taken[s] = true;
            slots[role] = s;
        }
    }
    for slot in slots.iter_mut().filter(|s| **s == usize::MAX) {
        let free = FREE_SLOTS.iter().copied().find(|&s| !taken[s]).ok_or("too many piece types for XBoard")?;
        taken[free] = true;
        *slot = free;
    }
    Ok(slots)
}
