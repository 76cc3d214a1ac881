//! A board as the page draws it, for a game seen whole and for a seat's view of a hidden one.

use super::json::{list, object, optional, quote};
use crate::geometry::{Layer, Square};
use crate::variant::family::Layout;
use crate::variant::Variant;

/// One board as JSON: its number, label and files, and its rows from the top rank down, each
/// cell `null` where the board has a hole, else its square's name, shade and piece (a FEN
/// letter, or `?` for a cell the viewer cannot see).
pub fn board_json(variant: &Variant, layer: Layer, piece_at: impl Fn(Square) -> Option<char>) -> String {
    let g = &variant.geometry();
    let rows = (0..g.ranks).rev().map(|rank| {
        list((0..g.files).map(|file| {
            let sq = Square::new(layer, g.cell(file, rank));
            if !g.exists(sq) {
                return "null".into();
            }
            object([
                ("square", quote(&g.square_name(sq))),
                ("dark", ((file + rank) % 2 == 0).to_string()),
                ("piece", optional(piece_at(sq).map(|c| quote(&c.to_string())))),
            ])
        }))
    });
    object([
        ("number", (layer.number() + 1).to_string()),
        ("label", quote(&board_label(variant, layer.index()))),
        ("files", g.files.to_string()),
        ("rows", list(rows)),
    ])
}

/// What a board is called: Alice's A, B, …; Looking-Glass's worlds; else its number (Inside-out's
/// second board is drawn inside the first).
fn board_label(variant: &Variant, layer: usize) -> String {
    match variant.family().layout() {
        Layout::Worlds => ["Real world", "Mirror world"].get(layer).unwrap_or(&"Board").to_string(),
        Layout::Lettered => format!("Board {}", (b'A' + layer as u8) as char),
        Layout::Nested => "Inside-out board (a dual field's inner cell is its small square)".to_string(),
        Layout::Side | Layout::Halves => format!("Board {}", layer + 1),
    }
}

/// The piece letters of a view's boards (FEN ranks, `|` between boards, `?` for unseen cells),
/// by square; empty cells are left out.
pub fn view_pieces(variant: &Variant, view: &str) -> Vec<(Square, char)> {
    let g = &variant.geometry();
    let mut pieces = Vec::new();
    for (l, board) in view.split('|').enumerate() {
        for (r, rank_text) in board.split('/').enumerate() {
            let Some(rank) = (g.ranks as usize).checked_sub(r + 1) else { continue };
            let (mut file, mut run) = (0usize, 0usize);
            for c in rank_text.chars() {
                match c.to_digit(10) {
                    Some(d) => run = run * 10 + d as usize,
                    None => {
                        file += std::mem::take(&mut run);
                        if file < g.files as usize {
                            pieces.push((Square::new(Layer::new(l as u8), g.cell(file as u8, rank as u8)), c));
                        }
                        file += 1;
                    }
                }
            }
        }
    }
    pieces
}
