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
    /// Empty where the variant has no network.
    accumulators: Vec<Accumulator>,
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
        let accumulators = eval.network().map(|net| net.accumulate(pos)).into_iter().collect();
        Incremental { sums: vec![eval.psq().sums(pos)], keeps_sums, accumulators }
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
            // Copied once, into its place, and brought up to date there.
            let last = self.accumulators.len() - 1;
            self.accumulators.extend_from_within(last..);
            net.update(&mut self.accumulators[last + 1], pos);
        }
    }

    /// Takes back the last move added.
    #[inline]
    pub fn pop(&mut self) {
        // The entries of the start stay; without sums kept or layers nothing is to be taken back.
        if self.keeps_sums {
            if self.sums.len() > 1 {
                self.sums.pop();
                self.accumulators.pop();
            }
        } else if self.accumulators.len() > 1 {
            self.accumulators.pop();
        }
    }

    /// The sums of the position now.
    #[inline]
    pub fn features(&self) -> Features<'_> {
        Features {
            sums: self.sums.last().expect("the start's sums are never taken back"),
            accumulator: self.accumulators.last(),
        }
    }
}
