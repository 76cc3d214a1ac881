//! Evaluation: material and piece-square terms derived from each variant's geometry, plus the
//! terms of each rule family (its own module here), all weighted by numbers from engine.ini.

mod activity;
mod alice;
mod fide;
pub mod incremental;
mod insideout;
mod lma;
mod lookingglass;
mod monochrome;
pub mod network;
mod pieces;
pub mod psq_table;
pub mod psq_values;
mod structure;
pub mod weights;

use std::sync::Arc;

use crate::geometry::{Bitboard, Cell, Geometry, Layer, Word};
use crate::pieces::{Color, Role};
use crate::position::Position;
use crate::rules::{Alice, Fide, InsideOut, Lma, LookingGlass, Monochrome, Rules};
use crate::variant::Variant;
pub use activity::Landing;
pub use incremental::{Features, Incremental};
use network::Network;
use psq_table::{PieceSquare, Sums};
pub use weights::{EvalData, Terms};

/// The expected score (0 to 1) of a lead of `points` centipawns or Elo on the logistic curve
/// where 400 more make the odds ten times better.
pub fn expected_score(points: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-points / 400.0))
}

/// A pawn's value.
pub const PAWN: i32 = 100;

/// What the evaluation knows of one variant, loaded with it: engine.ini's numbers, the material
/// and piece-square table built from them, and the network where the variant has one.
pub struct Evaluation {
    /// engine.ini's values, term weights and square bonuses.
    pub data: EvalData,
    /// Material and piece-square values per piece and square.
    pub psq: PieceSquare,
    /// The network that evaluates the variant, where it has one.
    pub network: Option<Arc<Network>>,
    /// The step the network's score is rounded to (engine.ini's `network_grain`; 1: not rounded).
    pub network_grain: i32,
}

impl Evaluation {
    /// The evaluation of `variant` by engine.ini's `data` and, if given, a network (one that
    /// does not [fit](Network::fits) the variant is an error) whose score is rounded to
    /// `network_grain` centipawns (at least 1).
    pub fn new<W: Word>(
        variant: &Variant<W>,
        data: EvalData,
        network: Option<Arc<Network>>,
        network_grain: i32,
    ) -> Result<Evaluation, String> {
        if let Some(net) = network.as_ref().filter(|net| !net.fits(variant)) {
            return Err(net.misfit());
        }
        let psq = psq_values::piece_square(variant, &data);
        Ok(Evaluation { data, psq, network, network_grain: network_grain.max(1) })
    }
}

/// Everything the evaluation of one variant needs, built once per search (each thread has its own).
#[derive(Clone)]
pub struct Eval<W: Word> {
    /// The variant's evaluation data.
    source: Arc<Evaluation>,
    /// Material value per role.
    pub values: Vec<i32>,
    /// The term weights.
    pub terms: Terms,
    /// Whether engine.ini gives some piece bonuses by the number of cells it can move to.
    pub moves_bonus: bool,
    /// The phase material (pieces other than pawns and kings) of the start position.
    full_phase: i32,
    /// The cells of each checkering parity, `(file + rank) mod 2`.
    pub parity: [Bitboard<W>; 2],
    pawn: Option<Role>,
    king: Option<Role>,
    structure: structure::Structure<W>,
    pieces: pieces::PieceRoles,
}

/// Steps from `cell` to the board's centre, counted in half-cells so that even boards have one.
fn off_centre<W: Word>(g: &Geometry<W>, cell: Cell) -> i32 {
    let (cx, cy) = (g.files as i32 - 1, g.ranks as i32 - 1);
    ((2 * g.file(cell) as i32 - cx).abs() + (2 * g.rank(cell) as i32 - cy).abs()) / 2
}

impl<W: Word> Eval<W> {
    /// The evaluation of `variant` by its evaluation data.
    pub fn new(variant: &Arc<Variant<W>>, source: &Arc<Evaluation>) -> Eval<W> {
        let parity = [0, 1].map(|p| variant.geometry().colour_mask(p));
        let structure = structure::Structure::new(variant.geometry(), variant.pawn);
        let full_phase = Position::start(variant.clone()).map_or(1, |start| source.psq.sums(&start).phase.max(1));
        Eval {
            source: source.clone(),
            values: source.psq.values.clone(),
            terms: source.data.terms.clone(),
            moves_bonus: source.data.squares.iter().any(|bonus| !bonus.moves.is_empty()),
            full_phase,
            parity,
            pawn: variant.pawn,
            king: variant.king,
            structure,
            pieces: pieces::PieceRoles::new(variant),
        }
    }

    /// The material and piece-square table.
    #[inline]
    pub fn psq(&self) -> &PieceSquare {
        &self.source.psq
    }

    /// The network, where the variant has one.
    #[inline]
    pub fn network(&self) -> Option<&Network> {
        self.source.network.as_deref()
    }

    /// engine.ini's evaluation data.
    pub fn data(&self) -> &EvalData {
        &self.source.data
    }

    /// Whether `role` counts as a piece (not a pawn, not a king).
    pub fn is_piece(&self, role: Role) -> bool {
        Some(role) != self.pawn && Some(role) != self.king
    }

    /// Material, piece-square, pawn-structure, activity and piece terms for the side to move, tapered
    /// from opening to endgame, plus the tempo of having the move.
    pub fn standard<R: Evaluate<W>>(&self, rules: &R, pos: &Position<W>, sums: &Sums) -> i32 {
        let phase = sums.phase.min(self.full_phase);
        let structure = self.structure.evaluate(pos, self, sums.material);
        let activity = activity::activity(rules, pos, self);
        let pieces = self.pieces.evaluate(pos, self);
        let [mg, eg] = [0, 1].map(|i| sums.score[i] + structure[i] + activity[i] + pieces[i]);
        let white = (mg * phase + eg * (self.full_phase - phase)) / self.full_phase;
        let ours = if pos.side() == Color::White { white } else { -white };
        ours + self.terms.tempo
    }

    /// Material alone, for the side to move.
    pub fn material(&self, pos: &Position<W>) -> i32 {
        let material = self.psq().sums(pos).material;
        balance(pos, |color| material[color])
    }

    /// Pieces (not pawns or kings) of `color` on `layer` among `cells`.
    pub fn pieces_in(&self, pos: &Position<W>, color: Color, layer: Layer, cells: Bitboard<W>) -> i32 {
        (self.pieces_only(pos, color, layer) & cells).count() as i32
    }

    /// The cells of `color`'s pieces (not pawns or kings) on `layer`.
    #[inline]
    pub fn pieces_only(&self, pos: &Position<W>, color: Color, layer: Layer) -> Bitboard<W> {
        let of = |role: Option<Role>| role.map_or(Bitboard::EMPTY, |r| pos.pieces(color, r, layer));
        pos.color_bb(color, layer) & !(of(self.pawn) | of(self.king))
    }
}

/// A family's evaluation: the standard terms plus what its rules make matter.
pub trait Evaluate<W: Word>: Rules<W> {
    /// The position's value for the side to move, in centipawns, by its running sums.
    fn evaluate(&self, pos: &Position<W>, eval: &Eval<W>, features: Features) -> i32 {
        eval.standard(self, pos, features.sums)
    }

    /// Whether [`evaluate`](Self::evaluate) reads the material and piece-square sums under
    /// `eval`: the terms do and a network alone does not, so a search keeps them only if read.
    fn reads_sums(&self, eval: &Eval<W>) -> bool {
        eval.network().is_none()
    }

    /// [`evaluate`](Self::evaluate), the sums counted from scratch (outside a search).
    fn evaluate_alone(&self, pos: &Position<W>, eval: &Eval<W>) -> i32 {
        self.evaluate(pos, eval, Incremental::new(eval, pos).features())
    }

    /// Where a piece of `color` moving on `layer` lands, for the activity terms: by default on
    /// the same board, on any cell but its own pieces'.
    #[inline]
    fn landing(&self, pos: &Position<W>, color: Color, layer: Layer) -> Landing<W> {
        Landing { layer, open: pos.variant().geometry().cells[layer.index()] & !pos.color_bb(color, layer) }
    }

    /// Material alone, for the side to move (what the greedy personality maximises).
    fn material(&self, pos: &Position<W>, eval: &Eval<W>) -> i32 {
        eval.material(pos)
    }
}

impl<W: Word> Evaluate<W> for Fide {
    fn evaluate(&self, pos: &Position<W>, eval: &Eval<W>, features: Features) -> i32 {
        let raw = by_network(pos, eval, features).unwrap_or_else(|| eval.standard(self, pos, features.sums));
        fide::scaled(pos, eval, raw, features.sums.material)
    }

    /// The scaling of drawish endings reads the material, with the network too.
    fn reads_sums(&self, _: &Eval<W>) -> bool {
        true
    }
}
impl<W: Word> Evaluate<W> for Alice {
    fn evaluate(&self, pos: &Position<W>, eval: &Eval<W>, features: Features) -> i32 {
        by_network(pos, eval, features)
            .unwrap_or_else(|| eval.standard(self, pos, features.sums) + alice::king_board(pos, eval))
    }

    fn landing(&self, pos: &Position<W>, color: Color, layer: Layer) -> Landing<W> {
        alice::landing(self, pos, color, layer)
    }
}
impl<W: Word> Evaluate<W> for Lma<W> {
    fn evaluate(&self, pos: &Position<W>, eval: &Eval<W>, features: Features) -> i32 {
        by_network(pos, eval, features)
            .unwrap_or_else(|| eval.standard(self, pos, features.sums) + lma::king_class(pos, eval))
    }
}
impl<W: Word> Evaluate<W> for Monochrome<W> {
    fn evaluate(&self, pos: &Position<W>, eval: &Eval<W>, features: Features) -> i32 {
        by_network(pos, eval, features).unwrap_or_else(|| monochrome::evaluate(self, pos, eval))
    }

    /// Its terms count the material owned from the boards, not from the sums.
    fn reads_sums(&self, _: &Eval<W>) -> bool {
        false
    }

    fn material(&self, pos: &Position<W>, eval: &Eval<W>) -> i32 {
        monochrome::score_lead(pos, eval)
    }
}
impl<W: Word> Evaluate<W> for InsideOut {
    fn evaluate(&self, pos: &Position<W>, eval: &Eval<W>, features: Features) -> i32 {
        by_network(pos, eval, features)
            .unwrap_or_else(|| eval.standard(self, pos, features.sums) + insideout::kings_and_spawn(pos, eval))
    }
}
impl<W: Word> Evaluate<W> for LookingGlass {
    fn evaluate(&self, pos: &Position<W>, eval: &Eval<W>, features: Features) -> i32 {
        by_network(pos, eval, features)
            .unwrap_or_else(|| eval.standard(self, pos, features.sums) + lookingglass::king_safety(pos, eval))
    }
}

/// The network's score for the side to move, rounded to its grain, where the variant has a
/// network (else the terms score it).
#[inline]
fn by_network<W: Word>(pos: &Position<W>, eval: &Eval<W>, features: Features) -> Option<i32> {
    let network = eval.network()?;
    let score = network.output(features.accumulator?, pos.side(), network.bucket(pos));
    let grain = eval.source.network_grain;
    Some(if grain > 1 { network::rounded(score, grain) } else { score })
}

/// `f(side to move) - f(opponent)`.
fn balance<W: Word>(pos: &Position<W>, mut f: impl FnMut(Color) -> i32) -> i32 {
    let us = pos.side();
    f(us) - f(us.flip())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::geometry::Wide;

    fn eval_of(name: &str) -> (Arc<Variant>, Eval<Wide>) {
        let loaded = Config::builtin().loaded(name, &[]).unwrap();
        (loaded.variant.clone(), loaded.eval())
    }

    /// The standard terms of `pos`, its sums counted afresh.
    fn standard(e: &Eval<Wide>, pos: &Position) -> i32 {
        e.standard(&Fide, pos, &e.psq().sums(pos))
    }

    #[test]
    fn the_fide_values_order_the_pieces() {
        let (v, e) = eval_of("normal");
        let of = |letter: char| e.values[v.pieces.iter().position(|p| p.letter == letter).unwrap()];
        // Knight and bishop are worth nearly three pawns or more, within a pawn of each other (the
        // rank and file tables carry the rest of each piece's worth: a bishop's add about 2 pawns
        // before the endgame).
        let minor = 5 * of('P') / 2;
        assert!(of('N') > minor && of('B') > minor && (of('N') - of('B')).abs() < of('P'));
        assert!(of('N').max(of('B')) < of('R') && of('R') < of('Q'));
        assert_eq!(of('K'), 0);
    }

    #[test]
    fn the_start_position_is_level_but_for_the_tempo() {
        for name in ["normal", "alice", "lma", "lookingglass"] {
            let (v, e) = eval_of(name);
            assert_eq!(standard(&e, &Position::start(v).unwrap()), e.terms.tempo, "{name}");
        }
    }

    #[test]
    fn a_central_knight_is_worth_more_than_a_cornered_one() {
        // Before the endgame: FIDE chess's fitted bonuses by moves value a knight with all eight
        // cells free less than one with fewer once the board is bare (docs/evaluation.md).
        let (v, e) = eval_of("normal");
        let centre = Position::from_fen(v.clone(), "r2qk2r/8/8/8/3N4/8/8/R2QK3 w - - 0 1").unwrap();
        let corner = Position::from_fen(v, "r2qk2r/8/8/8/8/8/8/R2QK2N w - - 0 1").unwrap();
        assert!(standard(&e, &centre) > standard(&e, &corner));
    }

    #[test]
    fn a_cached_pawn_structure_scores_as_a_fresh_one() {
        let (v, e) = eval_of("normal");
        let fens = [
            "4k3/pp3ppp/8/3P4/8/8/PP3PPP/4K3 w - - 0 1",
            "4k3/pp3ppp/8/3P4/8/8/PP3PPP/4K3 b - - 0 1",
            "4k3/p7/8/8/8/8/7P/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ];
        for fen in fens.iter().chain(fens.iter()) {
            let pos = Position::from_fen(v.clone(), fen).unwrap();
            assert_eq!(standard(&e, &pos), standard(&eval_of("normal").1, &pos), "{fen}");
        }
    }

    #[test]
    fn unknown_terms_are_named() {
        let err = Terms::default().set("mobilty", 3).unwrap_err();
        assert!(err.contains("mobilty") && err.contains("mobility"));
    }
}
