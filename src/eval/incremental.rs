//! What the evaluation keeps up to date as a search makes and takes back moves: the running
//! material and piece-square sums, and the network's hidden layers where the variant has a
//! network. Each made move adds and subtracts the few pieces it moved, so that evaluating a
//! node reads sums instead of walking every piece of every board.

use super::network::Accumulator;
use super::psq_table::Sums;
use super::Eval;
use crate::geometry::Word;
use crate::position::Position;

/// The evaluation's running sums of a position, as an evaluation reads them.
#[derive(Copy, Clone)]
pub struct Features<'a> {
    /// Material and piece-square sums (those of the search's start where the family's
    /// evaluation does not read them).
    pub sums: &'a Sums,
    /// The network's hidden layers, where the variant has a network.
    pub accumulator: Option<&'a Accumulator>,
}

/// The running sums of a line of play: one entry for the position it started from and one for
/// each move made since and not taken back (none at all before [`Incremental::new`] sets it).
#[derive(Clone, Default)]
pub struct Incremental {
    /// The start's entry alone where the sums are not kept up to date.
    sums: Vec<Sums>,
    /// Whether each move updates `sums`.
    keeps_sums: bool,
    /// Empty where the variant has no network. Entries past `accumulators_used` are those of
    /// moves taken back, kept so that the next move writes its layers over one in place.
    accumulators: Vec<Accumulator>,
    /// The entries of `accumulators` that belong to the line now.
    accumulators_used: usize,
}

impl Incremental {
    /// The sums of `pos`, counted from scratch.
    pub fn new<W: Word>(eval: &Eval<W>, pos: &Position<W>) -> Incremental {
        Incremental::for_search(eval, pos, true)
    }

    /// The sums of `pos` for a search, which keeps the material and piece-square sums up to date
    /// only if `keeps_sums` (the evaluation reads them, [`Evaluate::reads_sums`]); else they stay
    /// those of `pos`, and each move costs only the network's update.
    ///
    /// [`Evaluate::reads_sums`]: super::Evaluate::reads_sums
    pub fn for_search<W: Word>(eval: &Eval<W>, pos: &Position<W>, keeps_sums: bool) -> Incremental {
        let accumulators: Vec<Accumulator> = eval.network().map(|net| net.accumulate(pos)).into_iter().collect();
        let accumulators_used = accumulators.len();
        Incremental { sums: vec![eval.psq().sums(pos)], keeps_sums, accumulators, accumulators_used }
    }

    /// Adds the move `pos` was just reached by (see [`Position::last_move_changes`]).
    #[inline]
    pub fn push<W: Word>(&mut self, eval: &Eval<W>, pos: &Position<W>) {
        if self.keeps_sums {
            let psq = eval.psq();
            let mut sums = self.sums[self.sums.len() - 1];
            pos.last_move_changes(|sq, piece, put| {
                let entry = psq.entry(sq, piece);
                if put {
                    sums.add(piece.color(), entry);
                } else {
                    sums.remove(piece.color(), entry);
                }
            });
            self.sums.push(sums);
        }
        if let Some(net) = eval.network() {
            // Written once, from the entry before into its own place: no copy first.
            let used = self.accumulators_used;
            if used == self.accumulators.len() {
                self.accumulators.extend_from_within(used - 1..);
            }
            let (line, free) = self.accumulators.split_at_mut(used);
            net.update(&line[used - 1], &mut free[0], pos);
            self.accumulators_used = used + 1;
        }
    }

    /// Takes back the last move added.
    #[inline]
    pub fn pop(&mut self) {
        // The entries of the start stay; without sums kept or layers nothing is to be taken back.
        if self.keeps_sums && self.sums.len() > 1 {
            self.sums.pop();
        }
        if self.accumulators_used > 1 {
            self.accumulators_used -= 1;
        }
    }

    /// The sums of the position now.
    #[inline]
    pub fn features(&self) -> Features<'_> {
        Features {
            sums: self.sums.last().expect("the start's sums are never taken back"),
            accumulator: self.accumulators[..self.accumulators_used].last(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::movegen::legal;

    #[test]
    fn moves_taken_back_and_made_anew_leave_the_layers_of_the_position_counted_from_scratch() {
        // Entries of moves taken back are written over by the next move, never read.
        let loaded = Config::builtin().loaded("normal", &[]).unwrap();
        let eval = loaded.eval();
        let net = eval.network().expect("FIDE chess has a network");
        let mut pos = Position::from_fen(loaded.variant.clone(), &loaded.variant.start_fen).unwrap();
        let mut incremental = Incremental::new(&eval, &pos);
        let mut rng = crate::random::Rng::new(11);
        let mut made = 0;
        for _ in 0..200 {
            let mut moves = Vec::new();
            let variant = pos.variant().clone();
            crate::with_rules!(variant.family(), |rules| legal(rules, &mut pos, &mut moves));
            if made > 0 && (moves.is_empty() || rng.below(3) == 0) {
                pos.unmake();
                incremental.pop();
                made -= 1;
            } else if !moves.is_empty() {
                pos.make(moves[rng.below(moves.len())]);
                incremental.push(&eval, &pos);
                made += 1;
            }
            assert_eq!(incremental.features().accumulator, Some(&net.accumulate(&pos)), "{}", pos.to_fen());
        }
    }
}
