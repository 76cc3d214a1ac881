//! Fairy-Stockfish's Alice dialect, for two-board variants: a move names its cells without
//! boards (`e2e4`, castling `e1g1`, promotion `a7a8q`), since a piece's board is wherever it
//! stands and its move's board follows from the rules; a FEN has one board of ranks in which
//! `|` marks a piece on board 2 (`4|P3`), and it may instead give 16 files per rank, board 1's
//! then board 2's. Vorpal's rules stay the arbiter: a move is read by finding the one legal
//! move written that way.

use std::collections::HashMap;
use std::sync::Arc;

use crate::geometry::{Layer, Square};
use crate::movegen::Move;
use crate::position::fen::fen_board;
use crate::position::Position;
use crate::variant::Variant;

/// Refuses a variant the dialect cannot write: one of more than two boards (on one board it is
/// plain UCI, as Vorpal's own notation).
pub fn check(variant: &Variant) -> Result<(), String> {
    if variant.geometry().layers <= 2 {
        Ok(())
    } else {
        Err(format!(
            "the Fairy-Stockfish notation has at most two boards; {} has {}",
            variant.name,
            variant.geometry().layers
        ))
    }
}

/// A move as Fairy-Stockfish writes it: the cells without their boards.
pub fn move_text(variant: &Variant, mv: Move) -> String {
    let g = &variant.geometry();
    let mut text = g.cell_name(mv.from().cell()) + &g.cell_name(mv.written_to(variant).cell());
    if let Some(role) = mv.promotion() {
        text.push(variant.pieces[role.index()].letter.to_ascii_lowercase());
    }
    text
}

/// The one move of `legal` that Fairy-Stockfish writes as `text`.
pub fn find_move(variant: &Variant, legal: &[Move], text: &str) -> Result<Move, String> {
    let mut found = legal.iter().filter(|&&m| move_text(variant, m) == text);
    match (found.next(), found.next()) {
        (Some(&mv), None) => Ok(mv),
        (None, _) => Err(format!("'{text}' is not a legal move here")),
        (Some(&a), Some(&b)) => {
            Err(format!("'{text}' is ambiguous without boards ({} or {})", a.to_text(variant), b.to_text(variant)))
        }
    }
}

/// The position's FEN in Fairy-Stockfish's form; an error where twin cells are both occupied,
/// which that form cannot say.
pub fn fen(pos: &Position) -> Result<String, String> {
    let variant = pos.variant();
    check(variant)?;
    if variant.geometry().layers == 1 {
        return Ok(pos.to_fen());
    }
    let g = &variant.geometry();
    let mut ranks = Vec::new();
    for rank in (0..g.ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..g.files {
            let cell = g.cell(file, rank);
            let text = match (
                pos.piece_char(Square::new(Layer::FIRST, cell)),
                pos.piece_char(Square::new(Layer::new(1), cell)),
            ) {
                (Some(_), Some(_)) => {
                    return Err(format!(
                        "both boards hold a piece on {}, which Fairy-Stockfish's FEN cannot write",
                        g.cell_name(cell)
                    ))
                }
                (Some(p), None) => p.to_string(),
                (None, Some(p)) => format!("|{p}"),
                (None, None) => {
                    empty += 1;
                    continue;
                }
            };
            if empty > 0 {
                row += &empty.to_string();
                empty = 0;
            }
            row += &text;
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        ranks.push(row);
    }
    let own = pos.to_fen();
    let mut fields = own.split_whitespace().skip(1);
    let (side, castling) = (fields.next().unwrap_or("w"), fields.next().unwrap_or("-"));
    let ep =
        fields.next().map_or("-".to_string(), |ep| ep.trim_start_matches(|c: char| c.is_ascii_digit()).to_string());
    let counters: Vec<&str> = fields.take(2).collect();
    Ok(format!("{} {side} {castling} {ep} {}", ranks.join("/"), counters.join(" ")))
}

/// The pieces of one rank of a Fairy-Stockfish FEN: `(board, letter)` per cell, `None` for empty.
fn read_rank(rank: &str, files: usize) -> Result<Vec<Option<(u8, char)>>, String> {
    let mut cells = Vec::new();
    let mut marked = false;
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut run = c.to_digit(10).unwrap_or(0) as usize;
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                run = run * 10 + d as usize;
                chars.next();
            }
            cells.extend(std::iter::repeat_n(None, run.min(2 * files + 1)));
        } else if c == '|' {
            marked = true;
            match chars.next() {
                Some(p) if p.is_ascii_alphabetic() => cells.push(Some((1, p))),
                _ => return Err(format!("rank '{rank}': '|' must stand before a piece")),
            }
        } else if c.is_ascii_alphabetic() {
            cells.push(Some((0, c)));
        } else {
            return Err(format!("rank '{rank}': '{c}' is not a piece, a number or '|'"));
        }
    }
    if cells.len() == files {
        return Ok(cells);
    }
    // Sixteen files: board 1's cells, then board 2's, twins never both occupied.
    if cells.len() == 2 * files && !marked {
        let (near, far) = cells.split_at(files);
        return near
            .iter()
            .zip(far)
            .map(|(&a, &b)| match (a, b) {
                (Some(_), Some(_)) => Err(format!("rank '{rank}': both boards hold a piece on one cell")),
                (Some(p), None) => Ok(Some(p)),
                (None, Some((_, p))) => Ok(Some((1, p))),
                (None, None) => Ok(None),
            })
            .collect();
    }
    Err(format!("rank '{rank}' has {} cells; expected {files} (or {} without '|')", cells.len(), 2 * files))
}

/// Vorpal's FEN of a position Fairy-Stockfish writes as `fen` in `variant`.
pub fn vorpal_fen(variant: &Arc<Variant>, fen: &str) -> Result<String, String> {
    check(variant)?;
    if variant.geometry().layers == 1 {
        return Ok(fen.to_string());
    }
    let g = &variant.geometry();
    let mut fields = fen.split_whitespace();
    let board = fields.next().ok_or("the FEN is empty")?;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != g.ranks as usize {
        return Err(format!("the FEN has {} ranks; {} has {}", ranks.len(), variant.name, g.ranks));
    }
    let mut pieces = HashMap::new();
    for (i, rank) in ranks.iter().enumerate() {
        let row = g.ranks - 1 - i as u8;
        for (file, cell) in read_rank(rank, g.files as usize)?.into_iter().enumerate() {
            if let Some((board, letter)) = cell {
                pieces.insert(Square::new(Layer::new(board), g.cell(file as u8, row)).index(), letter);
            }
        }
    }
    let rest: Vec<&str> = fields.collect();
    let board = fen_board(g, |sq| pieces.get(&sq.index()).copied());
    let with_ep = |ep: &str| {
        let mut all = vec![board.clone()];
        all.extend(rest.iter().enumerate().map(|(i, f)| if i == 2 { ep.to_string() } else { f.to_string() }));
        all.join(" ")
    };
    // The en-passant square is named without its board: it is on the board where Vorpal's
    // rules accept it, and on none where they allow no such capture (en passant off).
    let ep = rest.get(2).filter(|&&ep| ep != "-");
    Ok(ep
        .and_then(|ep| {
            ["1", "2"]
                .iter()
                .map(|board| with_ep(&format!("{board}{ep}")))
                .find(|candidate| Position::from_fen(variant.clone(), candidate).is_ok())
        })
        .unwrap_or_else(|| with_ep("-")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::movegen::legal;

    fn alice(name: &str, fen: &str) -> Position {
        let variant = Config::builtin().variant(name, &[]).expect("built-in variant");
        Position::from_fen(variant, fen).expect("a legal FEN")
    }

    fn legal_moves(pos: &mut Position) -> Vec<Move> {
        let mut moves = Vec::new();
        crate::with_rules!(&pos.variant().family().clone(), |rules| legal(rules, pos, &mut moves));
        moves
    }

    /// Plays `text` (Fairy-Stockfish's) and checks that it is written back the same way.
    fn play(pos: &mut Position, text: &str) -> Move {
        let variant = pos.variant().clone();
        let mv = find_move(&variant, &legal_moves(pos), text).unwrap();
        assert_eq!(move_text(&variant, mv), text);
        pos.make(mv);
        mv
    }

    #[test]
    fn moves_and_fens_translate_both_ways_as_fairy_stockfish_writes_them() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut pos = alice("alice", &Config::builtin().variant("alice", &[]).unwrap().start_fen);
        assert_eq!(fen(&pos).unwrap(), start);
        let mv = play(&mut pos, "e2e4");
        assert_eq!(mv.to_text(pos.variant()), "1e22e4");
        play(&mut pos, "e7e5");
        play(&mut pos, "g1f3");
        // As Fairy-Stockfish's `d` prints it after these moves.
        let theirs = "rnbqkbnr/pppp1ppp/8/4|p3/4|P3/5|N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
        assert_eq!(fen(&pos).unwrap(), theirs);
        let variant = pos.variant().clone();
        assert_eq!(vorpal_fen(&variant, theirs).unwrap(), pos.to_fen());
        let sixteen_files = "rnbqkbnr/pppp1ppp/8/12p3/12P3/13N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
        assert_eq!(vorpal_fen(&variant, sixteen_files).unwrap(), pos.to_fen());
    }

    #[test]
    fn castling_captures_and_promotions_name_cells_only() {
        let mut pos = alice("alice", "4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8 w K - 0 1");
        play(&mut pos, "e1g1");
        assert_eq!(fen(&pos).unwrap(), "4k3/8/8/8/8/8/8/5|R|K1 b - - 1 1");

        let mut pos = alice("alice", "r3k3/8/8/8/8/8/8/R3K3|8/8/8/8/8/8/8/8 w - - 0 1");
        let capture = play(&mut pos, "a1a8");
        assert!(capture.capture().is_some());
        assert_eq!(fen(&pos).unwrap(), "|R3k3/8/8/8/8/8/8/4K3 b - - 0 1");

        let mut pos = alice("alice", "4k3/P7/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1");
        play(&mut pos, "a7a8q");
        assert_eq!(fen(&pos).unwrap(), "|Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    }

    #[test]
    fn a_piece_that_stays_on_its_cell_names_the_cell_twice() {
        // In msalice a piece may pass to the other board without moving on it.
        let start = Config::builtin().variant("msalice", &[]).unwrap().start_fen.clone();
        let mut pos = alice("msalice", &start);
        play(&mut pos, "e2e2");
        assert!(fen(&pos).unwrap().contains("|P"));
    }

    #[test]
    fn what_the_dialect_cannot_say_is_refused_with_the_reason() {
        let pos = alice("alice", "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1");
        let variant = pos.variant().clone();
        assert!(find_move(&variant, &[], "e1e2").unwrap_err().contains("not a legal move"));
        for bad in
            ["", "8/8", "4k3/8/8/8/8/8/8/4K2 w - - 0 1", "4k3/8/8/8/8/8/8/4K|3 w - - 0 1", "4k3/8/8/8/8/8/8/4X?2 w"]
        {
            assert!(vorpal_fen(&variant, bad).is_err(), "{bad}");
        }
        let alice3 = Config::builtin().variant("alice3", &[]).unwrap();
        assert!(check(&alice3).unwrap_err().contains("two boards"));
    }
}
