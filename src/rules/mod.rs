//! Rules per variant family behind one small trait; the core move generator is generic over it.
//!
//! The core finds where a piece could go on its own layer ("geometric targets"); a family's
//! [`Rules`] decides where it finally lands (transfer), what counts as an attack, which moves it
//! adds (zero moves, Monochrome's castling) and how the game ends.

pub mod alice;
pub mod chess960;
pub mod fide;
pub mod insideout;
pub mod lma;
pub mod lookingglass;
pub mod monochrome;
pub mod outcome;
pub mod setup;

use crate::geometry::{Bitboard, Cell, Layer, Square, Word, MAX_LAYERS};
use crate::pieces::Color;
pub use crate::position::make::MoveEffects;
use crate::position::moves::Move;
use crate::position::Position;

pub use crate::variant::family::{Alice, Family, Fide, InsideOut, Lma, LookingGlass, Monochrome, Transfer, ZeroMoves};
pub use outcome::{Outcome, Reason};

/// The geometric targets of one piece on its own layer, sorted by what stands there.
#[derive(Copy, Clone, Debug, Default)]
pub struct Targets<W: Word> {
    /// Empty cells it may move to.
    pub quiet: Bitboard<W>,
    /// Cells holding an enemy it may capture.
    pub capture: Bitboard<W>,
    /// Empty cells it could capture on (for rules that capture on another layer).
    pub capture_empty: Bitboard<W>,
    /// Every cell its moving geometry reaches, whatever stands there.
    pub quiet_reach: Bitboard<W>,
    /// Every cell its capturing geometry reaches, whatever stands there.
    pub capture_reach: Bitboard<W>,
}

/// What a quiet move of the side to move needs in order to give check, in a family where only
/// geometry checks: see [`Rules::check_threats`]. Cells are of any board.
#[derive(Copy, Clone, Debug)]
pub struct CheckThreats<W: Word> {
    /// The cells of the enemy kings.
    pub kings: Bitboard<W>,
    /// The cells whose emptying could let an attack through: the lines from each enemy king to
    /// the side's riders, and the kings' own cells (twins that an attack may need empty).
    pub discovery: Bitboard<W>,
}

impl<W: Word> CheckThreats<W> {
    /// The threats to the enemy kings of a family where a quiet move gives check only by its
    /// piece's capture geometry from where it lands, by landing on a king's cell of another
    /// board, or by leaving a cell of `discovery`.
    pub fn of_geometry(pos: &Position<W>) -> CheckThreats<W> {
        let us = pos.side();
        let tables = &pos.variant().tables();
        let mut kings = Bitboard::EMPTY;
        let mut discovery = Bitboard::EMPTY;
        for king in pos.king_squares(us.flip()) {
            kings = kings.with(king.cell());
            discovery |= tables.rider_lines(us, king.cell(), |r| pos.pieces_on_any_board(us, r));
        }
        CheckThreats { kings, discovery: discovery | kings }
    }
}

/// The rules of one variant family, on masks of the word `W`: the hooks named after the clauses
/// of RULES.md, and how a move is made ([`MoveEffects`]).
pub trait Rules<W: Word>: MoveEffects<W> + Sync + Send + Sized {
    /// Whether a move other than a king move, castling or en passant can expose its own king
    /// only by emptying a square of the king's board (its start, or a capture square it does
    /// not land on) that lies between the king and an enemy rider.
    const DISCOVERY_ONLY: bool;

    /// Whether the family has no check: kings are captured like any piece (RULES.md "king-capture").
    const KING_CAPTURE: bool = false;

    /// The cells of `layer` that stop a rider there.
    #[inline]
    fn blockers(&self, pos: &Position<W>, layer: Layer) -> Bitboard<W> {
        pos.blockers(layer)
    }

    /// Whether a pawn's double step from `layer` over `passed` to `dest` finds its way clear.
    #[inline]
    fn double_step_clear(&self, pos: &Position<W>, layer: Layer, passed: Cell, dest: Cell) -> bool {
        let empty = !pos.occupied(layer) & pos.variant().geometry().cells[layer.index()];
        empty.contains(passed) && empty.contains(dest)
    }

    /// The cells one of which a piece on `layer` must reach geometrically to capture anything
    /// (by default the enemies on its layer); `None` when the family cannot say.
    #[inline]
    fn capture_cells(&self, pos: &Position<W>, layer: Layer) -> Option<Bitboard<W>> {
        Some(pos.color_bb(pos.side().flip(), layer))
    }

    /// Turns a piece's geometric targets into landing squares: calls `emit(to, captured_square)`.
    fn transfer(
        &self,
        pos: &Position<W>,
        from: Square,
        targets: Targets<W>,
        emit: &mut impl FnMut(Square, Option<Square>),
    );

    /// Where king and rook land after castling, given their `(from, to)` on the king's layer;
    /// by default where castling put them.
    fn castle_landing(
        &self,
        _pos: &Position<W>,
        king: (Square, Square),
        rook: (Square, Square),
        emit: &mut impl FnMut(Square, Square),
    ) {
        emit(king.1, rook.1);
    }

    /// Whether a piece of the other side standing on `sq` could be captured by `by`.
    fn attacked(&self, pos: &Position<W>, sq: Square, by: Color) -> bool;

    /// Whether castling may not start from or cross `sq` because `by` attacks it, judged with
    /// the castling king already gone from `king`.
    fn castle_attacked(&self, pos: &Position<W>, sq: Square, by: Color, king: Square) -> bool;

    /// Removes king targets that the family forbids before any transfer.
    fn king_targets(&self, _pos: &Position<W>, _from: Square, targets: Targets<W>) -> Targets<W> {
        targets
    }

    /// Whether a plain king move leaves the king safe, when the family can tell without playing
    /// it; `None` means "play it and look".
    fn king_move_safe(&self, _pos: &Position<W>, _mv: Move) -> Option<bool> {
        None
    }

    /// Adds the family's extra moves (zero moves, Monochrome's castling) to `list`; with
    /// `captures_only`, at least those that capture (the generator drops the others).
    /// `checked` is whether the side to move is in check, when the caller knows it already.
    fn extra_moves(&self, _pos: &Position<W>, _captures_only: bool, _checked: Option<bool>, _list: &mut Vec<Move>) {}

    /// For a family that is not `DISCOVERY_ONLY`: the cells, on any board, whose emptying could
    /// expose the side to move's unchecked king on `king`; a move other than a king move,
    /// castling or en passant that empties none of them is legal. `None`: test every move.
    fn exposing_cells(&self, _pos: &Position<W>, _king: Square) -> Option<Bitboard<W>> {
        None
    }

    /// When the side to move's one king, on `king`, is in check: per board, the cells where a
    /// move other than a king move or en passant must land or capture to have a chance of
    /// ending the check (more cells are fine, fewer are not). `None`: try every move.
    fn evasion_cells(&self, _pos: &Position<W>, _king: Square) -> Option<[Bitboard<W>; MAX_LAYERS]> {
        None
    }

    /// For the side to move, what a quiet move (no capture, promotion or castling) needs to
    /// give check, where the family can say; `None`: any move may give check. The search uses
    /// it to drop futile quiet moves without playing them.
    fn check_threats(&self, _pos: &Position<W>) -> Option<CheckThreats<W>> {
        None
    }

    /// For the search's static exchange evaluation: the board the capturer of a piece on `layer`
    /// stands on afterwards, where the next capture of an exchange on that cell is made. `None`
    /// where a run of captures on one cell does not describe how material changes hands.
    fn exchange_board(&self, _layer: Layer) -> Option<Layer> {
        None
    }

    /// Whether the game is over before any move is looked at (a king captured, a half emptied).
    fn ended(&self, _pos: &Position<W>) -> Option<Outcome> {
        None
    }

    /// Whether neither side has the material left to mate by any sequence of legal moves, so
    /// that the game is drawn at once. Only the arbiter asks: the search and perft play on.
    fn insufficient_material(&self, _pos: &Position<W>) -> bool {
        false
    }

    /// The result when the side to move has no legal move.
    fn no_moves(&self, pos: &Position<W>) -> Outcome {
        if in_check(self, pos, pos.side()) {
            Outcome { winner: Some(pos.side().flip()), reason: Reason::Checkmate }
        } else {
            Outcome { winner: None, reason: Reason::Stalemate }
        }
    }

    /// The result of a game ended by the 50-move rule or repetition (a draw unless the family scores it).
    fn drawn(&self, _pos: &Position<W>, reason: Reason) -> Outcome {
        Outcome { winner: None, reason }
    }

    /// Rejects positions the family's rules can never produce.
    fn validate(&self, _pos: &Position<W>) -> Result<(), String> {
        Ok(())
    }
}

/// Runs `$body` with `$rules` bound to the concrete rules of `$family`, monomorphising it.
#[macro_export]
macro_rules! with_rules {
    ($family:expr, |$rules:ident| $body:expr) => {
        match $family {
            $crate::rules::Family::Fide($rules) => $body,
            $crate::rules::Family::Alice($rules) => $body,
            $crate::rules::Family::Lma($rules) => $body,
            $crate::rules::Family::Monochrome($rules) => $body,
            $crate::rules::Family::InsideOut($rules) => $body,
            $crate::rules::Family::LookingGlass($rules) => $body,
        }
    };
}

/// Runs `$body` with `$pos` bound to a copy of `$position` (a wide [`Position`]) in the
/// narrowest word its variant has, and `$rules` to its family's rules, monomorphising it for
/// every word and family: the search and perft run on 64-bit masks whenever the boards fit.
#[macro_export]
macro_rules! with_narrowest {
    ($position:expr, |$rules:ident, $pos:ident| $body:expr) => {
        // The copy is mutable for the bodies that play moves on it (perft, games); the others
        // leave `mut` unused.
        match $position.narrowed() {
            Some(narrow) => {
                #[allow(unused_mut)]
                let mut $pos = narrow;
                let variant = $pos.variant().clone();
                $crate::with_rules!(&variant.family(), |$rules| $body)
            }
            None => {
                #[allow(unused_mut)]
                let mut $pos = $position.clone();
                let variant = $pos.variant().clone();
                $crate::with_rules!(&variant.family(), |$rules| $body)
            }
        }
    };
}

impl<W: Word> Position<W> {
    /// Plays a move (which must be pseudo-legal here) by its variant's rules, picked when it is
    /// called: for callers away from the search and the generator, which have no rules at hand.
    pub fn make(&mut self, mv: Move) {
        let variant = self.variant().clone();
        with_rules!(&variant.family(), |rules| self.make_with(rules, mv))
    }
}

impl<W: Word> Family<W> {
    /// Whether the family's games are won by capturing kings rather than by mate.
    pub fn captures_kings(&self) -> bool {
        fn of<W: Word, R: Rules<W>>(_: &R) -> bool {
            R::KING_CAPTURE
        }
        with_rules!(self, |rules| of::<W, _>(rules))
    }
}

/// Whether any king of `color` is attacked.
#[inline]
pub fn in_check<W: Word, R: Rules<W>>(rules: &R, pos: &Position<W>, color: Color) -> bool {
    if R::KING_CAPTURE {
        return false;
    }
    let Some(king) = pos.variant().king else {
        return false;
    };
    for layer in pos.variant().geometry().all_layers() {
        for cell in pos.pieces(color, king, layer) {
            if rules.attacked(pos, Square::new(layer, cell), color.flip()) {
                return true;
            }
        }
    }
    false
}

/// The squares of `color`'s kings that are attacked, for a front end to show: none where kings
/// are captured, since there is no check. [`in_check`] stays its own loop: on the search's hot
/// path, an iterator shared by both cost 1 % more instructions in perft.
pub fn checked_kings<W: Word, R: Rules<W>>(rules: &R, pos: &Position<W>, color: Color) -> Vec<Square> {
    if R::KING_CAPTURE {
        return Vec::new();
    }
    pos.king_squares(color).filter(|&sq| rules.attacked(pos, sq, color.flip())).collect()
}

/// Pieces of `by` on `layer` whose capture geometry reaches `cell`, riders stopped by `blockers`.
#[inline]
pub fn attackers<W: Word>(
    pos: &Position<W>,
    layer: Layer,
    cell: Cell,
    by: Color,
    blockers: Bitboard<W>,
) -> Bitboard<W> {
    pos.variant().tables().attackers(by, cell, blockers, |r| pos.pieces(by, r, layer), false)
}

/// Whether any piece of `by` on `layer` reaches `cell` with a capture, riders stopped by `blockers`.
#[inline]
pub fn is_attacked<W: Word>(pos: &Position<W>, layer: Layer, cell: Cell, by: Color, blockers: Bitboard<W>) -> bool {
    pos.variant().tables().attackers(by, cell, blockers, |r| pos.pieces(by, r, layer), true).any()
}

/// Whether any piece of `by` on the square's layer geometrically attacks it, seeing that layer only.
#[inline]
pub fn attacked_on_layer<W: Word>(pos: &Position<W>, sq: Square, by: Color) -> bool {
    is_attacked(pos, sq.layer(), sq.cell(), by, pos.blockers(sq.layer()))
}

/// The pieces of `by` on `layer` that capture on `cell`, with the cells between each rider of
/// them and `cell`: a piece landing or capturing on none of these leaves every such attack.
#[inline]
pub fn attack_lines<W: Word>(pos: &Position<W>, layer: Layer, cell: Cell, by: Color) -> Bitboard<W> {
    pos.variant().tables().attack_lines(by, cell, pos.blockers(layer), |r| pos.pieces(by, r, layer))
}

/// The blockers of a layer with one square (a king about to leave) taken away.
#[inline]
pub fn blockers_without<W: Word>(pos: &Position<W>, layer: Layer, gone: Square) -> Bitboard<W> {
    let b = pos.blockers(layer);
    if gone.layer() == layer {
        b.without(gone.cell())
    } else {
        b
    }
}
