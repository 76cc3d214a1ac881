//! XBoard's `lift`, `put` and `hover`: the squares a lifted piece may go to, highlighted.

use super::{Reply, XBoard};

impl XBoard {
    /// `lift SQ`: highlight where the piece there may go.
    pub(super) fn lift(&mut self, square: &str) -> Result<(), Reply> {
        let from = self.display.parse_square(square).ok_or(Reply::Error(format!("no such square '{square}'")))?;
        let moves = self.showable_moves();
        let variant = self.engine.variant().clone();
        let display = &self.display;
        let same = |a, b| display.square_name(&variant, a) == display.square_name(&variant, b);
        // A second lift on the intermediate square of a multi-leg move marks that move's ends.
        let (origin, via) = match self.lifted {
            Some(held) if !same(held, from) && moves.iter().any(|m| m.from() == held && m.capture() == Some(from)) => {
                (held, Some(from))
            }
            _ => (from, None),
        };
        self.lifted = Some(origin);
        let colour = |sq| {
            let mut mark = None;
            for mv in moves.iter().filter(|m| m.from() == origin) {
                let split = mv.capture().filter(|&c| !same(c, mv.to()));
                match via {
                    Some(v) if split == Some(v) && same(mv.to(), sq) => mark = Some('Y'),
                    Some(_) => {}
                    None => {
                        if split.is_some_and(|c| same(c, sq)) {
                            mark = Some('C');
                        } else if split.is_none() && same(mv.to(), sq) {
                            mark = Some(match (mv.promotion(), mv.capture()) {
                                (Some(_), _) => 'M',
                                (None, Some(_)) => 'R',
                                (None, None) => mark.unwrap_or('Y'),
                            });
                        }
                    }
                }
            }
            mark
        };
        crate::outln!("highlight {}", self.display.colour_fen(colour));
        Ok(())
    }

    /// `put SQ`: offer the promotion choices when the piece lands on a promotion square.
    pub(super) fn put(&mut self, square: &str) -> Result<(), Reply> {
        let to = self.display.parse_square(square).ok_or(Reply::Error(format!("no such square '{square}'")))?;
        let Some(from) = self.lifted else { return Ok(()) };
        let variant = self.engine.variant().clone();
        let choices: String = self
            .engine
            .legal_moves()
            .iter()
            .filter(|m| m.from() == from && m.to() == to)
            .filter_map(|m| m.promotion())
            .map(|r| variant.pieces[r.index()].letter.to_ascii_uppercase())
            .collect();
        if !choices.is_empty() {
            crate::outln!("choice {choices}");
        }
        Ok(())
    }

    /// `hover SQ`: mark the victim of a capture that takes a piece elsewhere (en passant).
    pub(super) fn hover(&mut self, square: &str) -> Result<(), Reply> {
        let to = self.display.parse_square(square).ok_or(Reply::Error(format!("no such square '{square}'")))?;
        let Some(from) = self.lifted else { return Ok(()) };
        let victims: Vec<_> = self
            .engine
            .legal_moves()
            .iter()
            .filter(|m| m.from() == from && m.to() == to)
            .filter_map(|m| m.capture().filter(|&c| c != to))
            .collect();
        if !victims.is_empty() {
            crate::outln!("highlight {}", self.display.colour_fen(|sq| victims.contains(&sq).then_some('g')));
        }
        Ok(())
    }
}
