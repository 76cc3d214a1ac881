//! What the page is shown of a game: its state as JSON, and its PGN.

use super::{Player, Table};
use crate::arena::pgn::{write_game, Event};
use crate::engine::rules_of::{kings_in_check, san};
use crate::gui::board::board_json;
use crate::gui::json::{list, object, optional, quote};
use crate::movegen::san::has_san;
use crate::pieces::Color;
use crate::position::Position;
use crate::variant::family::Layout;

impl Table {
    /// Everything the page of `seat` draws, as JSON (`seat`: the side a page of a game by
    /// invitation plays; `None` at one screen).
    pub fn state(&mut self, seat: Option<Color>) -> String {
        self.flag_fall();
        let variant = self.rules.variant().clone();
        let pos = self.rules.position().clone();
        let g = &variant.geometry();
        let boards = g.all_layers().map(|layer| board_json(&variant, layer, |sq| pos.piece_char(sq)));
        let ours = seat.is_none_or(|seat| seat == pos.side());
        let legal = if !self.game.is_over() && self.setup.players[pos.side().index()] == Player::Human && ours {
            self.rules.legal_moves()
        } else {
            Vec::new()
        };
        let legal = legal.iter().map(|&mv| {
            object([
                ("from", quote(&g.square_name(mv.from()))),
                ("to", quote(&g.square_name(mv.to()))),
                ("capture", optional(mv.capture().map(|c| quote(&g.square_name(c))))),
                ("text", quote(&mv.to_text(&variant))),
            ])
        });
        let sans = self.sans();
        let steps = self.game.moves.iter().enumerate().map(|(i, s)| {
            object([
                ("text", quote(&s.mv.to_text(&variant))),
                ("san", optional(sans.as_ref().map(|sans| quote(&sans[i])))),
                ("capture", s.mv.capture().is_some().to_string()),
                ("ms", s.elapsed.as_millis().to_string()),
                ("clock", optional(s.clock.map(|c| c.as_millis().to_string()))),
            ])
        });
        let check = kings_in_check(&pos);
        let start = self.game.opening.fen.split(' ').collect::<Vec<_>>();
        let first = object([
            ("number", start.get(5).and_then(|n| n.parse::<u32>().ok()).unwrap_or(1).to_string()),
            ("black", (start.get(1) == Some(&"b")).to_string()),
        ]);
        let last =
            self.game.moves.last().map(|s| {
                object([("from", quote(&g.square_name(s.mv.from()))), ("to", quote(&g.square_name(s.mv.to())))])
            });
        let lines = self.lines.iter().flatten().map(|l| {
            object([
                ("depth", l.depth.to_string()),
                ("score", quote(&l.score)),
                ("pv", quote(&l.pv)),
                ("nodes", l.nodes.to_string()),
            ])
        });
        let scores = variant.family().scores_captures().then(|| {
            let s = pos.scores();
            list([s[Color::White].to_string(), s[Color::Black].to_string()])
        });
        let clocks = self.clocks_now().map(|c| list(c.map(|d| d.as_millis().to_string())));
        let engine = self.engine_name.as_ref().map(|name| quote(name));
        object([
            ("version", self.version.to_string()),
            ("variant", quote(&variant.name)),
            ("fen", quote(&pos.to_fen())),
            ("side", color_name(pos.side())),
            ("players", list(self.setup.players.iter().map(|p| quote(p.name())))),
            ("humans", list(self.setup.players.iter().map(|&p| (p == Player::Human).to_string()))),
            ("engine", optional(engine)),
            ("seat", optional(seat.map(color_name))),
            ("invited", optional(self.setup.invited.map(color_name))),
            ("takeBack", optional(self.take_back_asked.map(color_name))),
            ("think", format!("{:.3}", self.setup.think.as_secs_f64())),
            ("clocks", optional(clocks)),
            ("boards", list(boards)),
            ("nested", (variant.family().layout() == Layout::Nested).to_string()),
            ("halves", (variant.family().layout() == Layout::Halves).to_string()),
            ("legal", list(legal)),
            ("moves", list(steps)),
            ("first", first),
            ("check", list(check.iter().map(|&sq| quote(&g.square_name(sq))))),
            ("last", optional(last)),
            ("thinking", self.thinking.to_string()),
            ("analysing", self.analysing.to_string()),
            ("analysis", self.analysis.to_string()),
            ("lines", list(lines)),
            ("scores", optional(scores)),
            ("result", optional(self.game.summary().map(|o| quote(&o)))),
        ])
    }

    /// The moves in SAN, where the variant writes them so (FIDE chess on one board).
    fn sans(&self) -> Option<Vec<String>> {
        let mut pos = Position::from_fen(self.rules.variant().clone(), &self.game.opening.fen).ok()?;
        has_san(&pos).then(|| {
            self.game
                .moves
                .iter()
                .map(|played| {
                    let text = san(&mut pos, played.mv);
                    pos.make(played.mv);
                    text
                })
                .collect()
        })
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        write_game(&self.game, self.rules.variant(), &Event::casual("Casual game", "Vorpal GUI"))
    }
}

/// `"white"` or `"black"`, as JSON.
fn color_name(color: Color) -> String {
    quote(if color == Color::White { "white" } else { "black" })
}
