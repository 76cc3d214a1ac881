//! Scores as the protocols write and read them: UCI's `cp N` and `mate N`, XBoard's
//! centipawns with a mate in N moves as 100000 + N. Vorpal's own scores count a won game as
//! [`MATE`] minus the plies to its end.

use crate::search::{MATE, MAX_PLY};

/// XBoard's score of a mate in N moves is this plus N (minus, when mated).
pub const XBOARD_MATE: i32 = 100_000;

/// Moves to the end of a won (positive) or lost (negative) game, if the score is one.
pub fn mate_in(score: i32) -> Option<i32> {
    (score.abs() > MATE - MAX_PLY as i32).then(|| {
        let moves = (MATE - score.abs() + 1) / 2;
        if score > 0 {
            moves
        } else {
            -moves
        }
    })
}

/// Vorpal's score of a game won in `moves` moves (lost, when negative): the mover's last move
/// ends it, so a win in N moves is 2N - 1 plies away and a loss in N moves 2N.
fn from_mate_in(moves: i32) -> i32 {
    if moves > 0 {
        MATE - (2 * moves - 1)
    } else {
        -(MATE + 2 * moves)
    }
}

/// The score as UCI writes it: `cp N` or `mate N` (in moves, negative when losing).
pub fn uci(score: i32) -> String {
    match mate_in(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

/// The score of a UCI `info` line (the words after `info`), if it has one.
pub fn read_uci(words: &[&str]) -> Option<i32> {
    let at = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(value),
        "mate" if value != 0 => Some(from_mate_in(value)),
        _ => None,
    }
}

/// The score as XBoard shows it: centipawns, or ±(100000 + N) for a mate in N moves.
pub fn xboard(score: i32) -> i32 {
    match mate_in(score) {
        Some(moves) if moves > 0 => XBOARD_MATE + moves,
        Some(moves) => -XBOARD_MATE + moves,
        None => score,
    }
}

/// An XBoard score as Vorpal's: centipawns, its mates as mates of the same distance.
pub fn read_xboard(value: i32) -> i32 {
    // A mate "in 0" (exactly ±100000) is read as the nearest mate there is, in one move.
    let moves = (value.abs() - XBOARD_MATE).max(1);
    match value {
        v if v >= XBOARD_MATE => from_mate_in(moves),
        v if v <= -XBOARD_MATE => from_mate_in(-moves),
        v => v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_are_counted_in_moves_from_plies() {
        assert_eq!(
            (uci(MATE - 1), uci(MATE - 3), uci(-(MATE - 2)), uci(-31)),
            ("mate 1".to_string(), "mate 2".to_string(), "mate -1".to_string(), "cp -31".to_string())
        );
        assert_eq!((xboard(MATE - 5), xboard(-(MATE - 4)), xboard(-35)), (100_003, -100_002, -35));
    }

    #[test]
    fn what_is_written_reads_back_as_the_same_score() {
        for plies in 1..40 {
            for score in [MATE - plies, -(MATE - plies)] {
                let exact = if score > 0 { plies % 2 == 1 } else { plies % 2 == 0 };
                let words: Vec<String> =
                    format!("depth 5 score {} nodes 9", uci(score)).split(' ').map(String::from).collect();
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                let (from_uci, from_xboard) = (read_uci(&words).unwrap(), read_xboard(xboard(score)));
                assert_eq!(from_uci, from_xboard, "{score}");
                if exact {
                    assert_eq!(from_uci, score);
                }
                assert_eq!(mate_in(from_uci), mate_in(score));
            }
        }
        assert_eq!(read_uci(&["depth", "5", "score", "cp", "-31", "nodes", "9"]), Some(-31));
        // Mates keep their distance: in 3 moves is 5 plies, mated in 2 is 4 plies.
        assert_eq!((read_xboard(100_003), read_xboard(-100_002), read_xboard(-35)), (MATE - 5, -(MATE - 4), -35));
        assert_eq!((read_xboard(100_000), read_xboard(-100_000)), (MATE - 1, -(MATE - 2)));
        assert_eq!(read_uci(&["score", "mate", "2"]), Some(MATE - 3));
        assert_eq!(read_uci(&["score", "lowerbound"]), None);
    }
}
