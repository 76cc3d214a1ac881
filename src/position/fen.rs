//! FEN in and out: `BOARD SIDE CASTLING EP HALFMOVE FULLMOVE`, layers split by `|`, `*` for holes.

use std::fmt;
use std::sync::Arc;

use super::{EnPassant, Position, Rights, Trip};
use crate::geometry::{Cell, Geometry, Layer, Square, Wide, Word};
use crate::pieces::{ByColor, Color, Piece, Role};
use crate::variant::{CastlingStyle, FenExtras, Variant};

/// Why a FEN was rejected: the field at fault, with the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The FEN has no fields at all.
    Empty,
    /// The board field: ranks, cells, pieces.
    Board(String),
    /// The side to move is neither `w` nor `b`.
    SideToMove(String),
    /// The castling rights.
    Castling(String),
    /// The en-passant square.
    EnPassant(String),
    /// The halfmove clock or the move number.
    Counter(String),
    /// A variant's extra field (`key:value`).
    Extra(String),
    /// Well formed, but a position the rules do not allow (kings, pawns, check, the family's own).
    Illegal(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = match self {
            FenError::Empty => "it is empty",
            FenError::Board(r)
            | FenError::SideToMove(r)
            | FenError::Castling(r)
            | FenError::EnPassant(r)
            | FenError::Counter(r)
            | FenError::Extra(r)
            | FenError::Illegal(r) => r,
        };
        write!(f, "invalid FEN: {reason}")
    }
}

impl std::error::Error for FenError {}

/// The board field of a FEN: every layer top rank first, layers split by `|`, `*` for cells
/// that do not exist, `content` for the others (`None`: empty).
pub fn fen_board<W: Word>(g: &Geometry<W>, content: impl Fn(Square) -> Option<char>) -> String {
    let layers: Vec<String> = g
        .all_layers()
        .map(|l| {
            let ranks: Vec<String> = (0..g.ranks)
                .rev()
                .map(|rank| {
                    fen_row((0..g.files).map(|file| {
                        let sq = Square::new(l, g.cell(file, rank));
                        if g.exists(sq) {
                            content(sq)
                        } else {
                            Some('*')
                        }
                    }))
                })
                .collect();
            ranks.join("/")
        })
        .collect();
    layers.join("|")
}

/// One rank of a FEN board: the cells' letters, runs of empty (`None`) cells as a count.
pub fn fen_row(cells: impl IntoIterator<Item = Option<char>>) -> String {
    let mut row = String::new();
    let mut empty = 0;
    for cell in cells {
        match cell {
            Some(c) => {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(c);
            }
            None => empty += 1,
        }
    }
    if empty > 0 {
        row.push_str(&empty.to_string());
    }
    row
}

/// A position as a FEN writes it, not yet checked against its variant's rules (one king each,
/// no pawn on a last rank, the family's own conditions): only the rules' check,
/// `Position::from_setup`, makes a [`Position`] of it.
pub struct Setup<W: Word = Wide>(Position<W>);

impl<W: Word> Setup<W> {
    /// Parses a FEN of `variant` as written, rejecting what is malformed with the reason.
    pub fn parse(variant: Arc<Variant<W>>, fen: &str) -> Result<Setup<W>, FenError> {
        Position::parse_fen(variant, fen).map(Setup)
    }

    /// The position as written, for the rules to check.
    pub(crate) fn unchecked(&self) -> &Position<W> {
        &self.0
    }

    /// The position, once the rules have checked it.
    pub(crate) fn into_checked(self) -> Position<W> {
        self.0
    }
}

impl<W: Word> Position<W> {
    /// Parses a FEN of `variant` as written, rejecting what is malformed with the reason.
    fn parse_fen(variant: Arc<Variant<W>>, fen: &str) -> Result<Position<W>, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        let mut pos = Position::empty(variant.clone());
        pos.parse_board(fields[0])?;
        pos.side = match fields.get(1).copied().unwrap_or("w") {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(format!("side to move must be 'w' or 'b', not '{other}'"))),
        };
        pos.parse_castling(fields.get(2).copied().unwrap_or("-"))?;
        pos.parse_en_passant(fields.get(3).copied().unwrap_or("-"))?;
        let number = |i: usize, name: &str, default: u32| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => t.parse().map_err(|_| FenError::Counter(format!("{name} must be a number, not '{t}'"))),
            }
        };
        pos.halfmove = number(4, "the halfmove clock", 0)?;
        pos.fullmove = number(5, "the move number", 1)?.max(1);
        for extra in fields.iter().skip(6) {
            pos.parse_extra(extra)?;
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn parse_board(&mut self, board: &str) -> Result<(), FenError> {
        let v = self.variant.clone();
        let g = &v.geometry();
        let layers: Vec<&str> = board.split('|').collect();
        if layers.len() != g.layers as usize {
            return Err(FenError::Board(format!(
                "{} board(s) given, variant {} has {} (separate boards with '|')",
                layers.len(),
                v.name,
                g.layers
            )));
        }
        for (l, text) in layers.iter().enumerate() {
            let ranks: Vec<&str> = text.split('/').collect();
            if ranks.len() != g.ranks as usize {
                return Err(FenError::Board(format!(
                    "board {} has {} ranks, variant {} has {}",
                    l + 1,
                    ranks.len(),
                    v.name,
                    g.ranks
                )));
            }
            for (i, rank_text) in ranks.iter().enumerate() {
                let rank = g.ranks - 1 - i as u8;
                let mut file: u32 = 0;
                let chars: Vec<char> = rank_text.chars().collect();
                let mut j = 0;
                let where_ = |file: u32| {
                    format!("board {} rank {}", l + 1, rank + 1)
                        + &if file > 0 { format!(" file {}", file + 1) } else { String::new() }
                };
                while j < chars.len() {
                    let ch = chars[j];
                    if ch.is_ascii_digit() {
                        let start = j;
                        while j < chars.len() && chars[j].is_ascii_digit() {
                            j += 1;
                        }
                        let n: u32 = chars[start..j].iter().collect::<String>().parse().unwrap_or(u32::MAX);
                        if n == 0 || file + n > g.files as u32 {
                            return Err(FenError::Board(format!(
                                "{}: too many cells (the board has {} files)",
                                where_(file),
                                g.files
                            )));
                        }
                        for f in file..file + n {
                            if !g.exists(Square::new(Layer::new(l as u8), g.cell(f as u8, rank))) {
                                return Err(FenError::Board(format!(
                                    "{}: cell {} does not exist and must be written '*'",
                                    where_(f),
                                    g.cell_name(g.cell(f as u8, rank))
                                )));
                            }
                        }
                        file += n;
                        continue;
                    }
                    if file >= g.files as u32 {
                        return Err(FenError::Board(format!(
                            "{}: too many cells (the board has {} files)",
                            where_(file),
                            g.files
                        )));
                    }
                    let sq = Square::new(Layer::new(l as u8), g.cell(file as u8, rank));
                    if ch == '*' {
                        if g.exists(sq) {
                            return Err(FenError::Board(format!(
                                "'*' marks {} as absent, but it exists in {}",
                                g.square_name(sq),
                                v.name
                            )));
                        }
                    } else {
                        let Some(role) = v.pieces.iter().position(|p| p.letter == ch.to_ascii_uppercase()) else {
                            return Err(FenError::Board(format!("'{ch}' is not a piece of variant {}", v.name)));
                        };
                        if !g.exists(sq) {
                            return Err(FenError::Board(format!(
                                "a piece stands on {}, a cell that does not exist",
                                g.square_name(sq)
                            )));
                        }
                        // Where halves own the pieces, the letter's case does not matter.
                        let color = match v.family().owner_zone() {
                            Some(zone) if zone[Color::White].contains(sq.cell()) => Color::White,
                            Some(_) => Color::Black,
                            None if ch.is_ascii_uppercase() => Color::White,
                            None => Color::Black,
                        };
                        self.put(sq, Piece::new(Role::new(role as u8), color));
                    }
                    file += 1;
                    j += 1;
                }
                if file != g.files as u32 {
                    return Err(FenError::Board(format!(
                        "board {} rank {} has {} cells, not {}",
                        l + 1,
                        rank + 1,
                        file,
                        g.files
                    )));
                }
            }
        }
        Ok(())
    }

    fn parse_castling(&mut self, text: &str) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        let v = self.variant.clone();
        let g = &v.geometry();
        if !v.castling {
            return Err(FenError::Castling(format!(
                "castling rights '{text}' given, but variant {} has no castling",
                v.name
            )));
        }
        for ch in text.chars() {
            let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
            let home_rank = if color == Color::White { 0 } else { g.ranks - 1 };
            let kings: Vec<Square> = self.king_squares(color).filter(|k| g.rank(k.cell()) == home_rank).collect();
            let [king] = kings[..] else {
                return Err(FenError::Castling(format!(
                    "castling right '{ch}' needs exactly one {color:?} king on its first rank"
                )));
            };
            let rooks: Vec<Cell> = v
                .rook
                .map(|r| self.pieces(color, r, king.layer()))
                .unwrap_or_default()
                .into_iter()
                .filter(|&c| g.rank(c) == home_rank)
                .collect();
            let kf = g.file(king.cell());
            let rook = match ch.to_ascii_uppercase() {
                'K' => rooks.iter().copied().filter(|&c| g.file(c) > kf).max(),
                'Q' => rooks.iter().copied().filter(|&c| g.file(c) < kf).min(),
                f @ 'A'..='P' => rooks.iter().copied().find(|&c| g.file(c) == f as u8 - b'A'),
                _ => {
                    return Err(FenError::Castling(format!(
                        "'{ch}' is not a castling right (use KQkq or file letters)"
                    )))
                }
            };
            let Some(rook) = rook else {
                return Err(FenError::Castling(format!("castling right '{ch}' has no rook to castle with")));
            };
            let side = if g.file(rook) > kf { 0 } else { 1 };
            let c = color.index();
            self.castling.rights |= Rights::of(color, side);
            self.castling.king[c] = king;
            self.castling.rooks[c][side] = Square::new(king.layer(), rook);
        }
        for color in Color::ALL {
            let c = color.index();
            for side in 0..2 {
                if self.castling.rights.contains(Rights::of(color, side)) {
                    self.castling_keep[self.castling.king[c].index()] &= !Rights::both(color);
                    self.castling_keep[self.castling.rooks[c][side].index()] &= !Rights::of(color, side);
                }
            }
        }
        Ok(())
    }

    fn parse_en_passant(&mut self, text: &str) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        let v = self.variant.clone();
        let g = &v.geometry();
        let Some(passed) = g.parse_square(text) else {
            return Err(FenError::EnPassant(format!("en-passant square '{text}' is not a square of {}", v.name)));
        };
        // A well-formed square where there is no en passant is read as none, as GUIs write one
        // after every double step.
        if !v.en_passant {
            return Ok(());
        }
        let back = if self.side == Color::White { -1 } else { 1 };
        // The double-stepped pawn stands beyond the passed square: on that board, or on another
        // when it transferred (then its cell on the passed square's board is empty).
        let beyond = g.offset(passed.cell(), 0, back);
        let layers = std::iter::once(passed.layer()).chain(g.all_layers().filter(|&l| l != passed.layer()));
        let victim = beyond.and_then(|cell| {
            layers.map(|l| Square::new(l, cell)).find(|&sq| {
                let p = self.piece_at(sq);
                p.is_some() && p.color() != self.side && Some(p.role()) == v.pawn
            })
        });
        match victim {
            Some(victim) => {
                self.ep = Some(EnPassant { passed, victim });
                Ok(())
            }
            None => Err(FenError::EnPassant(format!("en-passant square {text}: no enemy pawn stands just beyond it"))),
        }
    }

    /// Reads one `key:value` field after the move number.
    fn parse_extra(&mut self, field: &str) -> Result<(), FenError> {
        let v = self.variant.clone();
        let Some((key, value)) = field.split_once(':') else {
            return Err(FenError::Extra(format!(
                "unknown extra field '{field}' for variant {} (expected key:value)",
                v.name
            )));
        };
        let trip = |text: &str| -> Result<Option<Trip>, FenError> {
            if text == "-" {
                return Ok(None);
            }
            match super::moves::parse_parts(&v, text) {
                Ok((from, to, _)) => Ok(Some((from, to))),
                Err(_) => Err(FenError::Extra(format!("'{field}': '{text}' is not a move"))),
            }
        };
        match (v.family().fen_extras(), key) {
            (FenExtras::ScoreAndLast, "score") => {
                let scores = value.split_once('-').and_then(|(w, b)| Some((w.parse().ok()?, b.parse().ok()?)));
                let Some((w, b)) = scores else {
                    return Err(FenError::Extra(format!("'{field}': expected score:W-B with numbers")));
                };
                self.scores = ByColor([w, b]);
            }
            (FenExtras::ScoreAndLast, "last") => self.last_moves[self.side.flip()] = trip(value)?,
            (FenExtras::LastPerSide, "lastw") => self.last_moves[Color::White] = trip(value)?,
            (FenExtras::LastPerSide, "lastb") => self.last_moves[Color::Black] = trip(value)?,
            _ => return Err(FenError::Extra(format!("unknown extra field '{field}' for variant {}", v.name))),
        }
        Ok(())
    }

    /// Writes the position as FEN; it parses back to the same position.
    pub fn to_fen(&self) -> String {
        let v = &self.variant;
        let g = &v.geometry();
        let board = fen_board(g, |sq| self.piece_char(sq));
        let side = if self.side == Color::White { "w" } else { "b" };
        let castling = self.castling_text();
        let ep = self.ep.map_or("-".to_string(), |e| g.square_name(e.passed));
        let mut fen = format!("{} {} {} {} {} {}", board, side, castling, ep, self.halfmove, self.fullmove);
        let trip = |t: Option<Trip>| t.map_or("-".to_string(), |(a, b)| g.square_name(a) + &g.square_name(b));
        match v.family().fen_extras() {
            FenExtras::None => {}
            FenExtras::ScoreAndLast => {
                let s = self.scores;
                fen += &format!(
                    " score:{}-{} last:{}",
                    s[Color::White],
                    s[Color::Black],
                    trip(self.last_moves[self.side.flip()])
                );
            }
            FenExtras::LastPerSide => {
                fen += &format!(
                    " lastw:{} lastb:{}",
                    trip(self.last_moves[Color::White]),
                    trip(self.last_moves[Color::Black])
                );
            }
        }
        fen
    }

    fn castling_text(&self) -> String {
        let v = &self.variant;
        let g = &v.geometry();
        let mut s = String::new();
        for color in Color::ALL {
            for side in 0..2 {
                let Some((king, rook)) = self.castling_squares(color, side) else {
                    continue;
                };
                let rf = g.file(rook.cell());
                let outermost =
                    v.rook.map_or(Default::default(), |r| self.pieces(color, r, king.layer())).into_iter().all(|c| {
                        g.rank(c) != g.rank(rook.cell()) || if side == 0 { g.file(c) <= rf } else { g.file(c) >= rf }
                    });
                let shredder = v.castling_style == CastlingStyle::Chess960 || !outermost;
                let letter = if shredder { (b'A' + rf) as char } else { ['K', 'Q'][side] };
                s.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}
