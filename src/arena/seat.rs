//! A seat at the hidden game's referee: what the referee tells a player and reads from it.

use std::time::Instant;

use super::answer::Answer;
use crate::notation::lgp::{FromPlayer, ToPlayer};
use crate::variant::Variant;

/// A seat at a hidden game: an `lgp` engine, or a person at the terminal.
pub trait Seat {
    /// The name the record shows.
    fn name(&self) -> String;
    /// Whether the seat plays by the clock (a person at the terminal does not).
    fn timed(&self) -> bool;
    /// Tells the seat what the referee says.
    fn tell(&mut self, variant: &Variant, messages: &[ToPlayer]) -> Result<(), String>;
    /// The seat's next message, before `deadline` if there is one, with when it was said.
    fn next(&mut self, deadline: Option<Instant>) -> Result<(FromPlayer, Instant), Answer>;
    /// Whether the referee also tells the seat the true position (a player with full sight,
    /// to measure what blindness costs).
    fn sighted(&self) -> bool {
        false
    }
}
