//! Chess960 setups (Fischer random chess): the 960 back ranks by their standard numbers, and a
//! variant's start position with them. Looking-Glass gives each side its own; `fischerandom`
//! uses them as FIDE Chess960 does.

use crate::random::Rng;
use crate::variant::{CastlingStyle, Variant};

/// The number of the standard setup, `RNBQKBNR`.
pub const STANDARD_SETUP: u32 = 518;

/// The back rank of Chess960 position `n` (0 to 959; 518 is `RNBQKBNR`), files a to h.
pub fn back_rank(n: u32) -> Option<[char; 8]> {
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

/// The start position of a Chess960 variant with the setup written `N` (both sides), `WHITE:BLACK`
/// (numbers 0 to 959) or `random:SEED` (Looking-Glass draws one per side, FIDE Chess960 one for both).
pub fn setup_from_words(variant: &Variant, setup: &str) -> Result<String, String> {
    if variant.castling_style != CastlingStyle::Chess960 {
        return Err(format!("setup is for Chess960 variants (lookingglass, fischerandom), not {}", variant.name));
    }
    let expected = || format!("setup {setup}: expected N, WHITE:BLACK (numbers 0-959) or random:SEED");
    let (white, black) = match setup.split_once(':') {
        Some(("random", seed)) => {
            let seed: u64 = seed.parse().map_err(|_| format!("setup {setup}: the seed must be a number"))?;
            let mut rng = Rng::new(seed);
            let mut next = || rng.below(960) as u32;
            let white = next();
            (white, if variant.geometry().layers == 1 { white } else { next() })
        }
        Some((w, b)) => (w.parse().map_err(|_| expected())?, b.parse().map_err(|_| expected())?),
        None => {
            let n = setup.parse().map_err(|_| expected())?;
            (n, n)
        }
    };
    setup_fen(&variant.start_fen, white, black).ok_or_else(|| {
        format!("setup {setup}: the numbers run from 0 to 959, and the variant's start needs its usual back ranks")
    })
}

/// `start_fen` (a start position with the standard back ranks `RNBQKBNR` and `rnbqkbnr`, on
/// whichever boards) with White's back rank from Chess960 number `white` and Black's from
/// `black`, and the castling rights of their rooks in file letters; `None` for a number above
/// 959 or a start position without those ranks.
pub fn setup_fen(start_fen: &str, white: u32, black: u32) -> Option<String> {
    let w: String = back_rank(white)?.iter().collect();
    let b: String = back_rank(black)?.iter().collect::<String>().to_ascii_lowercase();
    let (board, rest) = start_fen.split_once(' ')?;
    let rows: Vec<String> = board
        .split(['/', '|'])
        .map(|row| match row {
            "RNBQKBNR" => w.clone(),
            "rnbqkbnr" => b.clone(),
            other => other.to_string(),
        })
        .collect();
    if !rows.contains(&w) || !rows.contains(&b) {
        return None;
    }
    // The separators stay where they were.
    let mut rows = rows.into_iter();
    let mut placed = String::new();
    for (i, part) in board.split('|').enumerate() {
        if i > 0 {
            placed.push('|');
        }
        let count = part.split('/').count();
        placed.push_str(&rows.by_ref().take(count).collect::<Vec<_>>().join("/"));
    }
    let rights = |rank: &str| -> String {
        rank.char_indices()
            .filter(|(_, c)| c.eq_ignore_ascii_case(&'r'))
            .map(|(i, _)| (b'A' + i as u8) as char)
            .rev()
            .collect()
    };
    let mut fields: Vec<String> = rest.split_whitespace().map(String::from).collect();
    *fields.get_mut(1)? = format!("{}{}", rights(&w), rights(&b).to_ascii_lowercase());
    Some(format!("{placed} {}", fields.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess960_numbering() {
        let rank = |n| back_rank(n).map(|r| r.iter().collect::<String>());
        assert_eq!(rank(518).as_deref(), Some("RNBQKBNR"));
        assert_eq!(rank(0).as_deref(), Some("BBQNNRKR"));
        assert_eq!(rank(959).as_deref(), Some("RKRNNQBB"));
        assert_eq!(rank(960), None);
    }

    #[test]
    fn setups_replace_the_back_ranks_on_any_board() {
        let fide = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            setup_fen(fide, 518, 518).as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
        );
        assert_eq!(setup_fen(fide, 0, 0).as_deref(), Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"));
        let glass = "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/8/8 w HAha - 0 1";
        assert_eq!(
            setup_fen(glass, 518, 0).as_deref(),
            Some("8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|bbqnnrkr/pppppppp/8/8/8/8/8/8 w HAhf - 0 1")
        );
        assert_eq!(setup_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 518, 518), None);
    }
}
