//! Standard algebraic notation (SAN), the move notation of FIDE chess and of every chess tool's
//! PGN: written for a variant on one board, read back by matching the written forms of the legal
//! moves. Multi-board variants have no SAN; their PGN keeps Vorpal's notation.

use crate::geometry::Word;
use crate::position::Position;
use crate::rules::{Family, Rules};

use super::{in_check, legal, parse_move, Move, MoveError};

/// Whether `pos`'s variant is written in SAN: FIDE chess, and FIDE rules on another single board.
pub fn has_san<W: Word>(pos: &Position<W>) -> bool {
    let variant = pos.variant();
    variant.geometry().layers == 1 && matches!(variant.family(), Family::Fide(_))
}

/// `mv` in SAN (`Nbd7`, `exd5`, `e8=Q+`, `O-O-O#`); `mv` must be legal in `pos`.
pub fn to_san<W: Word, R: Rules<W>>(rules: &R, pos: &mut Position<W>, mv: Move) -> String {
    let mut moves = Vec::new();
    legal(rules, pos, &mut moves);
    let text = san_without_check(pos, &moves, mv);
    pos.make_with(rules, mv);
    let mut replies = Vec::new();
    legal(rules, pos, &mut replies);
    let check = in_check(rules, pos, pos.side());
    pos.unmake();
    match (check, replies.is_empty()) {
        (true, true) => text + "#",
        (true, false) => text + "+",
        _ => text,
    }
}

/// The legal move of `pos` that `text` names in SAN, if one does. Check marks, annotation
/// glyphs, `0-0` for `O-O` and a promotion without `=` are accepted.
pub fn from_san<W: Word, R: Rules<W>>(rules: &R, pos: &mut Position<W>, text: &str) -> Option<Move> {
    let wanted = normalise(text);
    let mut moves = Vec::new();
    legal(rules, pos, &mut moves);
    moves.iter().copied().find(|&mv| normalise(&san_without_check(pos, &moves, mv)) == wanted)
}

/// The legal move `text` names, in Vorpal's notation or, where the variant is written in SAN,
/// in SAN: what a PGN file of any chess tool, or of Vorpal's matches, holds.
pub fn parse_either<W: Word, R: Rules<W>>(rules: &R, pos: &mut Position<W>, text: &str) -> Result<Move, MoveError> {
    match parse_move(rules, pos, text) {
        Err(e) if has_san(pos) => from_san(rules, pos, text).ok_or(e),
        result => result,
    }
}

/// A SAN text reduced to what tells moves apart.
fn normalise(text: &str) -> String {
    text.trim_end_matches(['+', '#', '!', '?']).replace('0', "O").replace('=', "")
}

/// The SAN of `mv` among the legal `moves`, without the check mark.
fn san_without_check<W: Word>(pos: &Position<W>, moves: &[Move], mv: Move) -> String {
    let variant = pos.variant();
    let g = &variant.geometry();
    if let Some((rook_from, _)) = mv.rook() {
        return if g.file(rook_from.cell()) > g.file(mv.from().cell()) { "O-O" } else { "O-O-O" }.into();
    }
    let role = pos.piece_at(mv.from()).role();
    let to = g.cell_name(mv.to().cell());
    let promotion = mv.promotion().map(|r| format!("={}", variant.pieces[r.index()].letter)).unwrap_or_default();
    let capture = if mv.capture().is_some() { "x" } else { "" };
    if Some(role) == variant.pawn {
        let from_file =
            if capture.is_empty() { String::new() } else { ((b'a' + g.file(mv.from().cell())) as char).to_string() };
        return format!("{from_file}{capture}{to}{promotion}");
    }
    // Another piece of the same kind reaching the same square: name the file, else the rank,
    // else both.
    let rivals: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.to() == mv.to() && m.from() != mv.from() && m.rook().is_none())
        .filter(|m| pos.piece_at(m.from()).role() == role)
        .collect();
    let (file, rank) = (g.file(mv.from().cell()), g.rank(mv.from().cell()));
    let from = g.cell_name(mv.from().cell());
    let disambiguation = if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|m| g.file(m.from().cell()) != file) {
        from[..1].to_string()
    } else if rivals.iter().all(|m| g.rank(m.from().cell()) != rank) {
        from[1..].to_string()
    } else {
        from
    };
    format!("{}{disambiguation}{capture}{to}{promotion}", variant.pieces[role.index()].letter)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::with_rules;

    /// The SAN of each of `moves` (Vorpal's notation) from `fen`, played in turn; and each read back.
    fn sans(fen: &str, moves: &[&str]) -> Vec<String> {
        let variant = Config::builtin().variant("normal", &[]).unwrap();
        let mut pos = Position::from_fen(variant.clone(), fen).unwrap();
        with_rules!(&variant.family(), |rules| {
            moves
                .iter()
                .map(|text| {
                    let mv = parse_move(rules, &mut pos, text).unwrap();
                    let san = to_san(rules, &mut pos, mv);
                    assert_eq!(from_san(rules, &mut pos, &san), Some(mv), "{san}");
                    pos.make(mv);
                    san
                })
                .collect()
        })
    }

    #[test]
    fn san_names_pieces_captures_castling_promotion_and_checks() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            sans(start, &["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"]),
            ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"]
        );
        assert_eq!(sans(start, &["f2f3", "e7e5", "g2g4", "d8h4"]), ["f3", "e5", "g4", "Qh4#"]);
        let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(sans(castles, &["e1g1", "e8c8"]), ["O-O", "O-O-O"]);
        assert_eq!(sans("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", &["e1c1"]), ["O-O-O"]);
        assert_eq!(sans("7k/1P6/8/8/8/8/8/K7 w - - 0 1", &["b7b8q"]), ["b8=Q+"]);
        assert_eq!(sans("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5d6"]), ["exd6"]);
    }

    #[test]
    fn san_disambiguates_by_file_then_rank_then_both() {
        let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(sans(knights, &["b1d2"]), ["Nbd2"]);
        let rooks = "4k3/8/R7/8/8/8/R7/4K3 w - - 0 1";
        assert_eq!(sans(rooks, &["a2a4"]), ["R2a4"]);
        let queens = "2k5/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1";
        assert_eq!(sans(queens, &["a4d4"]), ["Qa4d4"]);
    }

    #[test]
    fn san_is_read_with_its_common_variations() {
        let variant = Config::builtin().variant("normal", &[]).unwrap();
        let mut pos = Position::start(variant.clone()).unwrap();
        with_rules!(&variant.family(), |rules| {
            let knight = from_san(rules, &mut pos, "Nf3!").unwrap();
            assert_eq!(knight.to_text(&variant), "g1f3");
            assert!(from_san(rules, &mut pos, "Nf4").is_none());
            assert!(from_san(rules, &mut pos, "e5").is_none());
        });
        let castle = Position::from_fen(variant.clone(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        with_rules!(&variant.family(), |rules| {
            assert!(from_san(rules, &mut castle.clone(), "0-0-0").is_some_and(|m| m.rook().is_some()));
        });
    }
}
