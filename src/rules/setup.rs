//! Which positions the rules allow: a FEN is parsed as written at the position's level, then
//! checked here (one king each where kings are not captured, no pawn on a first or last rank,
//! the family's own conditions, the side not to move not in check).

use std::sync::Arc;

use super::{in_check, Rules};
use crate::geometry::{Square, Word};
use crate::pieces::Color;
use crate::position::fen::{FenError, Setup};
use crate::position::Position;
use crate::variant::Variant;

fn err<T>(reason: impl Into<String>) -> Result<T, FenError> {
    Err(FenError::Illegal(reason.into()))
}

impl<W: Word> Position<W> {
    /// Parses a FEN of `variant`, rejecting what is malformed or impossible with the reason.
    pub fn from_fen(variant: Arc<Variant<W>>, fen: &str) -> Result<Position<W>, FenError> {
        Position::from_setup(Setup::parse(variant, fen)?)
    }

    /// The setup as a position, if the variant's rules allow it; else the reason they do not.
    pub fn from_setup(setup: Setup<W>) -> Result<Position<W>, FenError> {
        setup.unchecked().validate()?;
        Ok(setup.into_checked())
    }

    /// The variant's start position.
    pub fn start(variant: Arc<Variant<W>>) -> Result<Position<W>, FenError> {
        let fen = variant.start_fen.clone();
        Position::from_fen(variant, &fen)
    }

    fn validate(&self) -> Result<(), FenError> {
        let v = self.variant().clone();
        let g = &v.geometry();
        let king_capture = v.family().captures_kings();
        if v.king.is_some() && !king_capture {
            for color in Color::ALL {
                let n = self.king_squares(color).count();
                if n != 1 {
                    return err(format!("{color:?} has {n} kings; variant {} needs exactly one", v.name));
                }
            }
        }
        if let Some(pawn) = v.pawn.filter(|_| !v.promotion.is_empty()) {
            for l in g.all_layers() {
                for color in Color::ALL {
                    for c in self.pieces(color, pawn, l) {
                        let r = g.rank(c);
                        if r == 0 || r == g.ranks - 1 {
                            return err(format!(
                                "a pawn stands on {}, a first or last rank",
                                g.square_name(Square::new(l, c))
                            ));
                        }
                    }
                }
            }
        }
        crate::with_rules!(&v.family(), |rules| {
            rules.validate(self).map_err(FenError::Illegal)?;
            if in_check(rules, self, self.side().flip()) {
                return err("the side not to move is in check");
            }
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn a_setup_the_rules_forbid_parses_but_is_no_position() {
        let variant = Config::builtin().variant("normal", &[]).unwrap();
        // Two white kings: a well-formed FEN of a position FIDE chess does not allow.
        let setup = Setup::parse(variant.clone(), "4k3/8/8/8/8/8/8/3KK3 w - - 0 1").unwrap();
        let refused = Position::from_setup(setup).err().unwrap();
        assert!(refused.to_string().contains("White has 2 kings"), "{refused}");
        let setup = Setup::parse(variant, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(Position::from_setup(setup).is_ok());
    }
}
