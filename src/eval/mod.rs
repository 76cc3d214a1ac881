//! Evaluation: material and piece-square terms derived from each variant's geometry, plus the
//! terms of each rule family (its own module here), all weighted by numbers from engine.ini.

mod alice;
mod insideout;
mod lma;
mod lookingglass;
mod monochrome;
mod structure;

use std::sync::Arc;

use crate::geometry::{Bitboard, Cell, Geometry, Square, MAX_CELLS, MAX_LAYERS};
use crate::pieces::{ByColor, Color, Role, MAX_ROLES};
use crate::position::Position;
use crate::rules::{Alice, Fide, InsideOut, Lma, LookingGlass, Monochrome, Rules};
use crate::variant::Variant;

/// Centipawns per average target cell of a piece on an empty board (a knight on 8x8: 5.25 cells).
const PER_TARGET: u32 = 40;
/// A pawn's value.
pub const PAWN: i32 = 100;
/// A royal piece's value where kings are captured (losing the last one loses the game).
const KING_CAPTURE_ROYAL: i32 = 2000;

/// The weights of the evaluation terms, in centipawns; engine.ini's `eval` key sets them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Per target cell a piece reaches from its cell above its average reach (centralisation).
    pub mobility: i32,
    /// Per rank a pawn has advanced beyond its start rank.
    pub pawn_advance: i32,
    /// Per step toward the centre for a king in the endgame (and away from it before).
    pub king_centre: i32,
    /// Alice: per piece (not pawn or king) standing on the board of the enemy king.
    pub king_board: i32,
    /// LMA: per piece (not pawn or king) bound to the colour class of the enemy king.
    pub king_class: i32,
    /// Monochrome: per captured point.
    pub captured_point: i32,
    /// Monochrome: per point of material a player owns (its capturers, and targets for the other).
    pub owned_point: i32,
    /// Inside-out: the cost of being down to a single king.
    pub last_king: i32,
    /// Inside-out: per file where a king capture would give the player a pawn.
    pub spawn_file: i32,
    /// Looking-Glass: per enemy piece attacking the king or a cell next to it.
    pub king_attack: i32,
    /// A passed pawn's endgame bonus, times (a² + a) / 2 for `a` ranks advanced (half before).
    pub passed_pawn: i32,
    /// Per pawn beyond the first on a file.
    pub doubled_pawn: i32,
    /// Per pawn with no friendly pawn on the files beside it.
    pub isolated_pawn: i32,
    /// Per own pawn (up to three) one or two ranks in front of the king, before the endgame.
    pub king_shelter: i32,
    /// With a material lead, per step the enemy king stands off the centre and toward our king.
    pub mop_up: i32,
}

impl Default for Terms {
    fn default() -> Terms {
        Terms {
            mobility: 4,
            pawn_advance: 6,
            king_centre: 8,
            king_board: 15,
            king_class: 20,
            captured_point: 100,
            owned_point: 10,
            last_king: 600,
            spawn_file: 20,
            king_attack: 12,
            passed_pawn: 8,
            doubled_pawn: 10,
            isolated_pawn: 10,
            king_shelter: 10,
            mop_up: 10,
        }
    }
}

impl Terms {
    /// The names engine.ini may set.
    pub const NAMES: &'static [&'static str] = &[
        "mobility",
        "pawn_advance",
        "king_centre",
        "king_board",
        "king_class",
        "captured_point",
        "owned_point",
        "last_king",
        "spawn_file",
        "king_attack",
        "passed_pawn",
        "doubled_pawn",
        "isolated_pawn",
        "king_shelter",
        "mop_up",
    ];

    /// Sets one weight by name; `Err` names the known ones.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let field = match name {
            "mobility" => &mut self.mobility,
            "pawn_advance" => &mut self.pawn_advance,
            "king_centre" => &mut self.king_centre,
            "king_board" => &mut self.king_board,
            "king_class" => &mut self.king_class,
            "captured_point" => &mut self.captured_point,
            "owned_point" => &mut self.owned_point,
            "last_king" => &mut self.last_king,
            "spawn_file" => &mut self.spawn_file,
            "king_attack" => &mut self.king_attack,
            "passed_pawn" => &mut self.passed_pawn,
            "doubled_pawn" => &mut self.doubled_pawn,
            "isolated_pawn" => &mut self.isolated_pawn,
            "king_shelter" => &mut self.king_shelter,
            "mop_up" => &mut self.mop_up,
            _ => return Err(format!("unknown evaluation term '{name}' (known: {})", Terms::NAMES.join(", "))),
        };
        *field = value;
        Ok(())
    }
}

/// A variant's evaluation data from engine.ini: material values that replace the derived ones,
/// and term weights.
#[derive(Clone, Debug, Default)]
pub struct EvalData {
    /// Per role, a value set by engine.ini's `values` key.
    pub values: Vec<Option<i32>>,
    /// The term weights.
    pub terms: Terms,
}

/// Everything the evaluation of one variant needs, built once per variant.
pub struct Eval {
    /// Material value per role.
    pub values: Vec<i32>,
    /// The term weights.
    pub terms: Terms,
    /// Material plus piece-square value per colour, role and square, before (`[0]`) and in
    /// (`[1]`) the endgame, from White's point of view of that colour's piece.
    table: Vec<[i32; 2]>,
    /// The phase material (pieces other than pawns and kings) of the start position.
    full_phase: i32,
    /// The cells of each checkering parity, `(file + rank) mod 2`.
    pub parity: [Bitboard; 2],
    pawn: Option<Role>,
    king: Option<Role>,
    structure: structure::Structure,
}

fn table_index(color: Color, role: Role, sq: Square) -> usize {
    (color.index() * MAX_ROLES + role as usize) * MAX_LAYERS * MAX_CELLS + sq.index()
}

/// Steps from `cell` to the board's centre, counted in half-cells so that even boards have one.
fn off_centre(g: &Geometry, cell: Cell) -> i32 {
    let (cx, cy) = (g.files as i32 - 1, g.ranks as i32 - 1);
    ((2 * g.file(cell) as i32 - cx).abs() + (2 * g.rank(cell) as i32 - cy).abs()) / 2
}

/// How many cells a piece of `role` reaches from `cell` of an empty `layer`.
fn reach(variant: &Variant, role: Role, layer: u8, cell: Cell) -> u32 {
    let g = &variant.geometry;
    let (quiet, _) = variant.tables.quiet_and_capture(role, Color::White, cell, g.holes[layer as usize]);
    (quiet & g.cells[layer as usize]).count()
}

/// The cells a piece of `role` reaches, summed over the cells of an empty first layer.
fn total_reach(variant: &Variant, role: Role) -> u32 {
    variant.geometry.cells[0].into_iter().map(|c| reach(variant, role, 0, c)).sum()
}

impl Eval {
    /// The evaluation of `variant` under rules `R`.
    pub fn new<R: Rules>(variant: &Arc<Variant>) -> Eval {
        let g = &variant.geometry;
        let values: Vec<i32> = (0..variant.pieces.len() as Role)
            .map(|role| {
                if let Some(Some(v)) = variant.eval.values.get(role as usize) {
                    *v
                } else if Some(role) == variant.pawn {
                    PAWN
                } else if Some(role) == variant.king {
                    if R::KING_CAPTURE {
                        KING_CAPTURE_ROYAL
                    } else {
                        0
                    }
                } else {
                    (PER_TARGET * total_reach(variant, role) / g.cells[0].count().max(1)) as i32
                }
            })
            .collect();
        let terms = variant.eval.terms.clone();
        let mut table = vec![[0; 2]; 2 * MAX_ROLES * MAX_LAYERS * MAX_CELLS];
        let cy = g.ranks as i32 - 1;
        for role in 0..variant.pieces.len() as Role {
            let average = (total_reach(variant, role) / g.cells[0].count().max(1)) as i32;
            for layer in 0..g.layers {
                for cell in g.cells[layer as usize] {
                    let rank = g.rank(cell) as i32;
                    let off_centre = off_centre(g, cell);
                    for color in [Color::White, Color::Black] {
                        let advance = if color == Color::White { rank } else { cy - rank };
                        let (mg, eg) = if Some(role) == variant.pawn {
                            let bonus = terms.pawn_advance * (advance - 1).max(0);
                            (bonus, 2 * bonus)
                        } else if Some(role) == variant.king {
                            (terms.king_centre * off_centre, -terms.king_centre * off_centre)
                        } else {
                            let centre = terms.mobility * (reach(variant, role, layer, cell) as i32 - average);
                            (centre, centre)
                        };
                        let v = values[role as usize];
                        table[table_index(color, role, Square::new(layer, cell))] = [v + mg, v + eg];
                    }
                }
            }
        }
        let parity = [0, 1].map(|p| g.colour_mask(p));
        let structure = structure::Structure::new(g, variant.pawn);
        let mut eval =
            Eval { values, terms, table, full_phase: 1, parity, pawn: variant.pawn, king: variant.king, structure };
        if let Ok(start) = Position::start(variant.clone()) {
            eval.full_phase = eval.phase_material(&start).max(1);
        }
        eval
    }

    /// The evaluation of `variant` under `rules` (names the rules type for [`Eval::new`]).
    pub fn new_for<R: Rules>(_rules: &R, variant: &Arc<Variant>) -> Eval {
        Eval::new::<R>(variant)
    }

    /// Whether `role` counts as a piece (not a pawn, not a king).
    pub fn is_piece(&self, role: Role) -> bool {
        Some(role) != self.pawn && Some(role) != self.king
    }

    /// The material of both sides other than pawns and kings.
    fn phase_material(&self, pos: &Position) -> i32 {
        let layers = pos.variant().geometry.layers;
        let mut total = 0;
        for role in (0..self.values.len() as Role).filter(|&r| self.is_piece(r)) {
            for layer in 0..layers {
                let n = pos.pieces(Color::White, role, layer).count() + pos.pieces(Color::Black, role, layer).count();
                total += self.values[role as usize] * n as i32;
            }
        }
        total
    }

    /// Material, piece-square and pawn-structure terms for the side to move, tapered from opening
    /// to endgame.
    pub fn standard(&self, pos: &Position) -> i32 {
        let layers = pos.variant().geometry.layers;
        let mut sums = ByColor([[0i32; 2]; 2]);
        let mut material = ByColor([0i32; 2]);
        let mut phase = 0;
        for color in [Color::White, Color::Black] {
            for role in 0..self.values.len() as Role {
                for layer in 0..layers {
                    for cell in pos.pieces(color, role, layer) {
                        let [mg, eg] = self.table[table_index(color, role, Square::new(layer, cell))];
                        sums[color][0] += mg;
                        sums[color][1] += eg;
                        material[color] += self.values[role as usize];
                        if self.is_piece(role) {
                            phase += self.values[role as usize];
                        }
                    }
                }
            }
        }
        let phase = phase.min(self.full_phase);
        let structure = self.structure.evaluate(pos, self, material);
        let [mg, eg] = [0, 1].map(|i| sums[Color::White][i] - sums[Color::Black][i] + structure[i]);
        let white = (mg * phase + eg * (self.full_phase - phase)) / self.full_phase;
        if pos.side() == Color::White {
            white
        } else {
            -white
        }
    }

    /// Material alone, for the side to move.
    pub fn material(&self, pos: &Position) -> i32 {
        let layers = pos.variant().geometry.layers;
        balance(pos, |color| {
            let mut sum = 0;
            for (role, &value) in self.values.iter().enumerate() {
                for layer in 0..layers {
                    sum += value * pos.pieces(color, role as Role, layer).count() as i32;
                }
            }
            sum
        })
    }

    /// Pieces (not pawns or kings) of `color` on `layer` among `cells`.
    pub fn pieces_in(&self, pos: &Position, color: Color, layer: u8, cells: Bitboard) -> i32 {
        (0..self.values.len() as Role)
            .filter(|&r| self.is_piece(r))
            .map(|r| (pos.pieces(color, r, layer) & cells).count() as i32)
            .sum()
    }
}

/// A family's evaluation: the standard terms plus what its rules make matter.
pub trait Evaluate: Rules {
    /// Whether a capture changes the evaluation by about its victim's value, so that quiescence
    /// may skip captures too small to reach alpha. Not where kings are captured: taking the last
    /// one wins at once, whatever alpha is (a mate score, say), and Inside-out's next-to-last
    /// one also costs its owner `last_king`; Monochrome's captures score points and shift
    /// ownership instead.
    const DELTA_PRUNING: bool = !Self::KING_CAPTURE;

    /// The position's value for the side to move, in centipawns.
    fn evaluate(&self, pos: &Position, eval: &Eval) -> i32 {
        eval.standard(pos)
    }

    /// Material alone, for the side to move (what the greedy personality maximises).
    fn material(&self, pos: &Position, eval: &Eval) -> i32 {
        eval.material(pos)
    }
}

impl Evaluate for Fide {}
impl Evaluate for Alice {
    fn evaluate(&self, pos: &Position, eval: &Eval) -> i32 {
        eval.standard(pos) + alice::king_board(pos, eval)
    }
}
impl Evaluate for Lma {
    fn evaluate(&self, pos: &Position, eval: &Eval) -> i32 {
        eval.standard(pos) + lma::king_class(pos, eval)
    }
}
impl Evaluate for Monochrome {
    fn evaluate(&self, pos: &Position, eval: &Eval) -> i32 {
        monochrome::evaluate(pos, eval)
    }

    fn material(&self, pos: &Position, eval: &Eval) -> i32 {
        monochrome::score_lead(pos, eval)
    }
}
impl Evaluate for InsideOut {
    fn evaluate(&self, pos: &Position, eval: &Eval) -> i32 {
        eval.standard(pos) + insideout::kings_and_spawn(pos, eval)
    }
}
impl Evaluate for LookingGlass {
    fn evaluate(&self, pos: &Position, eval: &Eval) -> i32 {
        eval.standard(pos) + lookingglass::king_safety(pos, eval)
    }
}

/// `f(side to move) - f(opponent)`.
fn balance(pos: &Position, mut f: impl FnMut(Color) -> i32) -> i32 {
    let us = pos.side();
    f(us) - f(us.flip())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn eval_of(name: &str) -> (Arc<Variant>, Eval) {
        let v = Config::builtin().variant(name, &[]).unwrap();
        let e = Eval::new::<Fide>(&v);
        (v, e)
    }

    #[test]
    fn derived_values_order_the_fide_pieces() {
        let (v, e) = eval_of("normal");
        let of = |letter: char| e.values[v.pieces.iter().position(|p| p.letter == letter).unwrap()];
        assert!(of('P') < of('N') && of('N') < of('B') && of('B') < of('R') && of('R') < of('Q'));
        assert_eq!(of('K'), 0);
    }

    #[test]
    fn the_start_position_is_level() {
        for name in ["normal", "alice", "lma", "lookingglass"] {
            let (v, e) = eval_of(name);
            assert_eq!(e.standard(&Position::start(v).unwrap()), 0, "{name}");
        }
    }

    #[test]
    fn a_central_knight_is_worth_more_than_a_cornered_one() {
        let (v, e) = eval_of("normal");
        let centre = Position::from_fen(v.clone(), "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        let corner = Position::from_fen(v, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1").unwrap();
        assert!(e.standard(&centre) > e.standard(&corner));
    }

    #[test]
    fn unknown_terms_are_named() {
        let err = Terms::default().set("mobilty", 3).unwrap_err();
        assert!(err.contains("mobilty") && err.contains("mobility"));
    }
}
