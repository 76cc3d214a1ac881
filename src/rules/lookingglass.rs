//! Through the Looking-Glass (RULES.md `lookingglass`): two boards, a piece transfers after its
//! move when its twin is empty and stays otherwise; Chess960 setups; kings are captured.

use super::alice::{castle_transfer, transfer, Transfer};
use super::{attacked_on_layer, Outcome, Reason, Rules, Targets};
use crate::geometry::{Square, Word};
use crate::pieces::Color;
use crate::position::Position;

/// The rules of Through the Looking-Glass (the perfect-information game).
#[derive(Clone, Debug, Default)]
pub struct LookingGlass;

impl<W: Word> Rules<W> for LookingGlass {
    const DISCOVERY_ONLY: bool = false;
    const KING_CAPTURE: bool = true;

    #[inline]
    fn transfer(&self, pos: &Position<W>, from: Square, t: Targets<W>, emit: &mut impl FnMut(Square, Option<Square>)) {
        transfer(pos, Transfer::StayWhenBlocked, 2, from, t, emit);
    }

    /// After castling king and rook each transfer if their own twin is empty.
    fn castle_landing(
        &self,
        pos: &Position<W>,
        king: (Square, Square),
        rook: (Square, Square),
        emit: &mut impl FnMut(Square, Square),
    ) {
        castle_transfer(pos, Transfer::StayWhenBlocked, 2, king.1, rook.1, emit);
    }

    fn attacked(&self, pos: &Position<W>, sq: Square, by: Color) -> bool {
        attacked_on_layer(pos, sq, by)
    }

    /// Castling has no check condition.
    fn castle_attacked(&self, _: &Position<W>, _: Square, _: Color, _: Square) -> bool {
        false
    }

    /// Capturing the enemy king wins.
    fn ended(&self, pos: &Position<W>) -> Option<Outcome> {
        Color::ALL
            .into_iter()
            .find(|&c| pos.king_squares(c).next().is_none())
            .map(|loser| Outcome { winner: Some(loser.flip()), reason: Reason::KingCaptured })
    }

    /// No move on either board: a draw.
    fn no_moves(&self, _: &Position<W>) -> Outcome {
        Outcome { winner: None, reason: Reason::NoMove }
    }
}

/// The back rank of Chess960 position `n` (0 to 959; 518 is `RNBQKBNR`), files a to h.
pub fn chess960_back_rank(n: u32) -> Option<[char; 8]> {
    if n > 959 {
        return None;
    }
    let mut rank = [' '; 8];
    let mut n = n;
    rank[(2 * (n % 4) + 1) as usize] = 'B';
    n /= 4;
    rank[(2 * (n % 4)) as usize] = 'B';
    n /= 4;
    let mut place = |skip: u32, piece: char| {
        let i = rank.iter().enumerate().filter(|(_, &c)| c == ' ').nth(skip as usize).map(|(i, _)| i);
        if let Some(i) = i {
            rank[i] = piece;
        }
    };
    place(n % 6, 'Q');
    n /= 6;
    const KNIGHTS: [(u32, u32); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let (first, second) = KNIGHTS[n as usize];
    place(second, 'N');
    place(first, 'N');
    for piece in ['R', 'K', 'R'] {
        place(0, piece);
    }
    Some(rank)
}

/// The start FEN with White's back rank from Chess960 number `white` and Black's from `black`.
pub fn setup_fen(white: u32, black: u32) -> Option<String> {
    let w: String = chess960_back_rank(white)?.iter().collect();
    let b: String = chess960_back_rank(black)?.iter().collect::<String>().to_ascii_lowercase();
    let rights = |rank: &str, upper: bool| -> String {
        let files: Vec<char> = rank
            .char_indices()
            .filter(|(_, c)| c.eq_ignore_ascii_case(&'r'))
            .map(|(i, _)| (b'A' + i as u8) as char)
            .collect();
        let s: String = files.iter().rev().collect();
        if upper {
            s
        } else {
            s.to_ascii_lowercase()
        }
    };
    Some(format!("8/8/8/8/8/8/PPPPPPPP/{w}|{b}/pppppppp/8/8/8/8/8/8 w {}{} - 0 1", rights(&w, true), rights(&b, false)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess960_numbering() {
        let rank = |n| chess960_back_rank(n).map(|r| r.iter().collect::<String>());
        assert_eq!(rank(518).as_deref(), Some("RNBQKBNR"));
        assert_eq!(rank(0).as_deref(), Some("BBQNNRKR"));
        assert_eq!(rank(959).as_deref(), Some("RKRNNQBB"));
        assert_eq!(rank(960), None);
        assert_eq!(
            setup_fen(518, 518).as_deref(),
            Some("8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/8/8 w HAha - 0 1")
        );
    }
}
