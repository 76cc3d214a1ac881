//! The generic move generator: geometric targets per piece, landed by the family's [`Rules`].

use crate::geometry::{Bitboard, Square, Word, MAX_LAYERS};
use crate::pieces::{Color, Role};
use crate::position::moves::{parse_parts, Move, MoveError, MoveKind};
use crate::position::Position;
use crate::rules::{in_check, CheckThreats, Rules, Targets};
use crate::variant::CastlingStyle;

/// Appends every pseudo-legal move (all rules but the mover's king safety) to `list`.
pub fn pseudo_legal<W: Word, R: Rules<W>>(rules: &R, pos: &Position<W>, list: &mut Vec<Move>) {
    generate::<W, R, false>(rules, pos, None, list);
}

/// [`pseudo_legal`] where whether the side to move is in check is known already.
pub fn pseudo_legal_knowing_check<W: Word, R: Rules<W>>(
    rules: &R,
    pos: &Position<W>,
    checked: bool,
    list: &mut Vec<Move>,
) {
    generate::<W, R, false>(rules, pos, Some(checked), list);
}

/// Appends the pseudo-legal captures and promotions, what quiescence search looks at.
pub fn pseudo_legal_tactical<W: Word, R: Rules<W>>(rules: &R, pos: &Position<W>, list: &mut Vec<Move>) {
    generate::<W, R, true>(rules, pos, None, list);
}

/// The generator; with `TACTICAL` only captures and promotions are kept. `checked` is whether
/// the side to move is in check, if known (some families' extra moves depend on it).
#[inline]
fn generate<W: Word, R: Rules<W>, const TACTICAL: bool>(
    rules: &R,
    pos: &Position<W>,
    checked: Option<bool>,
    list: &mut Vec<Move>,
) {
    let start = list.len();
    let variant = pos.variant();
    let g = &variant.geometry();
    let us = pos.side();
    for layer in g.all_layers() {
        let own = pos.color_bb(us, layer);
        if own.is_empty() {
            continue;
        }
        let blockers = rules.blockers(pos, layer);
        let empty = !pos.occupied(layer) & g.cells[layer.index()];
        let enemies = pos.color_bb(us.flip(), layer);
        // Quiescence skips, before computing its moves, a piece that could capture nothing even
        // on an empty board (and, for a pawn, could not promote or take en passant either).
        let victims = if TACTICAL { rules.capture_cells(pos, layer) } else { None };
        let en_passant_here = TACTICAL && pos.en_passant().is_some_and(|ep| ep.passed.layer() == layer);
        for role in Role::up_to(variant.pieces.len()) {
            let pieces = pos.pieces(us, role, layer);
            if pieces.is_empty() {
                continue;
            }
            let (is_pawn, is_king) = (Some(role) == variant.pawn, Some(role) == variant.king);
            let tables = variant.tables().role(role, us);
            for cell in pieces {
                if let Some(victims) = victims {
                    let (capture_span, quiet_span) = tables.spans(cell);
                    let idle = (capture_span & victims).is_empty()
                        && (!is_pawn || (!en_passant_here && (quiet_span & variant.promotion_zone()[us]).is_empty()));
                    if idle {
                        continue;
                    }
                }
                let from = Square::new(layer, cell);
                let (quiet, capture) = variant.tables().quiet_and_capture_of(tables, cell, blockers);
                // Quiescence wants no quiet moves but a pawn's promotions.
                let quiet_wanted = match (TACTICAL, is_pawn) {
                    (false, _) => quiet & empty,
                    (true, true) => quiet & empty & variant.promotion_zone()[us],
                    (true, false) => Bitboard::EMPTY,
                };
                let mut targets = Targets {
                    quiet: quiet_wanted,
                    capture: capture & enemies,
                    capture_empty: capture & empty,
                    quiet_reach: quiet,
                    capture_reach: capture,
                };
                if is_pawn {
                    pawn_moves::<W, R, TACTICAL>(rules, pos, from, targets, list);
                    continue;
                }
                if is_king {
                    targets = rules.king_targets(pos, from, targets);
                }
                rules.transfer(pos, from, targets, &mut |to, captured| {
                    if !TACTICAL || captured.is_some() {
                        list.push(Move::new(from, to, captured, MoveKind::Normal))
                    }
                });
            }
        }
    }
    if variant.castling && !TACTICAL {
        castling(rules, pos, list);
    }
    let extra = list.len();
    rules.extra_moves(pos, TACTICAL, checked, list);
    if TACTICAL {
        let mut i = extra.max(start);
        while i < list.len() {
            if list[i].is_quiet() {
                list.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
}

/// Pawn steps, double steps, en passant and promotion, landed by the rules.
fn pawn_moves<W: Word, R: Rules<W>, const TACTICAL: bool>(
    rules: &R,
    pos: &Position<W>,
    from: Square,
    targets: Targets<W>,
    list: &mut Vec<Move>,
) {
    let variant = pos.variant();
    let us = pos.side();
    let promotion_zone = variant.promotion_zone()[us];
    let mut push = |to: Square, capture: Option<Square>, kind: MoveKind| {
        if promotion_zone.contains(to.cell()) {
            for &role in &variant.promotion {
                list.push(Move::new(from, to, capture, kind).promoting(role));
            }
        } else if !TACTICAL || capture.is_some() {
            list.push(Move::new(from, to, capture, kind));
        }
    };
    rules.transfer(pos, from, targets, &mut |to, captured| push(to, captured, MoveKind::Normal));

    let cell = from.cell();
    if !TACTICAL && variant.double_step_zone()[us].contains(cell) {
        let forward = if us == Color::White { 1 } else { -1 };
        let (passed, dest) = (
            cell.shifted(forward * variant.geometry().files as i8),
            cell.shifted(forward * 2 * variant.geometry().files as i8),
        );
        if targets.quiet_reach.contains(passed) && rules.double_step_clear(pos, from.layer(), passed, dest) {
            let step = Targets {
                quiet: Bitboard::from_cell(dest),
                quiet_reach: Bitboard::from_cell(dest),
                ..Targets::default()
            };
            rules.transfer(pos, from, step, &mut |to, captured| push(to, captured, MoveKind::DoubleStep));
        }
    }

    if let Some(ep) = pos.en_passant() {
        if ep.passed.layer() == from.layer()
            && targets.capture_reach.contains(ep.passed.cell())
            && pos.piece_at(ep.passed).is_none()
        {
            let passed = Bitboard::from_cell(ep.passed.cell());
            let step = Targets { quiet: passed, quiet_reach: passed, ..Targets::default() };
            rules.transfer(pos, from, step, &mut |to, _| push(to, Some(ep.victim), MoveKind::EnPassant));
        }
    }
}

/// Castling: in `TwoSteps` style the king two squares toward the rook and the rook onto the
/// square the king crossed; in `Chess960` style the king to the c or g file and the rook to d or f.
pub(super) fn castling<W: Word, R: Rules<W>>(rules: &R, pos: &Position<W>, list: &mut Vec<Move>) {
    let variant = pos.variant();
    let g = &variant.geometry();
    let us = pos.side();
    let them = us.flip();
    for side in 0..2 {
        let Some((king_from, rook_from)) = pos.castling_squares(us, side) else { continue };
        let (king, rook) = (pos.piece_at(king_from), pos.piece_at(rook_from));
        if king.is_none()
            || king.color() != us
            || Some(king.role()) != variant.king
            || rook.is_none()
            || rook.color() != us
        {
            continue;
        }
        let layer = king_from.layer();
        let rank = g.rank(king_from.cell());
        let (kf, rf) = (g.file(king_from.cell()) as i32, g.file(rook_from.cell()) as i32);
        let files = g.files as i32;
        let (kt, rt) = match variant.castling_style {
            CastlingStyle::TwoSteps => {
                let dir = if rf > kf { 1 } else { -1 };
                (kf + 2 * dir, kf + dir)
            }
            CastlingStyle::Chess960 if side == 0 => (files - 2, files - 3),
            CastlingStyle::Chess960 => (2, 3),
        };
        if !(0..files).contains(&kt) || !(0..files).contains(&rt) {
            continue;
        }
        let occupied = pos.occupied(layer) | g.holes[layer.index()];
        let clear = |a: i32, b: i32| {
            (a.min(b)..=a.max(b)).all(|f| {
                let c = g.cell(f as u8, rank);
                c == king_from.cell() || c == rook_from.cell() || !occupied.contains(c)
            })
        };
        if !clear(kf, rf) || !clear(kf, kt) || !clear(rf, rt) {
            continue;
        }
        // The king may not start from, pass over, nor land on an attacked square. Its start is
        // tested even when it does not move (Chess960: a king on g1 castling with the h1 rook),
        // where the rook would otherwise block the check it castles out of. The position after
        // castling is judged by the legality test, or by the family's castle_landing.
        let dir = if kt > kf { 1 } else { -1 };
        let path = std::iter::successors(Some(kf), |&f| (f != kt).then_some(f + dir));
        if path
            .map(|f| Square::new(layer, g.cell(f as u8, rank)))
            .any(|sq| rules.castle_attacked(pos, sq, them, king_from))
        {
            continue;
        }
        let king_to = Square::new(layer, g.cell(kt as u8, rank));
        let rook_to = Square::new(layer, g.cell(rt as u8, rank));
        rules.castle_landing(pos, (king_from, king_to), (rook_from, rook_to), &mut |k, r| {
            list.push(Move::castling((king_from, k), (rook_from, r)));
        });
    }
}

/// What lets most moves be proven legal, or illegal, without playing them: check status and
/// the king's exposure or its way out of check.
pub struct Legality<W: Word> {
    /// The side to move's one king with what could expose it or end its check; `None` when
    /// every move must be tested.
    king: Option<(Square, Exposure<W>)>,
    /// Every pseudo-legal move is legal (king-capture variants).
    all_legal: bool,
    /// The side to move is in check.
    in_check: bool,
}

/// What a move must empty to expose an unchecked king.
#[derive(Copy, Clone)]
enum Exposure<W: Word> {
    /// `DISCOVERY_ONLY` families: these pieces of the king's board, pinned to it, or any capture
    /// square of that board the capturer does not land on.
    Pins(Bitboard<W>),
    /// Any of these cells, on any board (the family's `exposing_cells`).
    Cells(Bitboard<W>),
    /// The king is in check: a move that neither lands nor captures on one of these cells (per
    /// board, the family's `evasion_cells`) leaves it in check.
    Evasions([Bitboard<W>; MAX_LAYERS]),
}

impl<W: Word> Legality<W> {
    /// Computes check and what could expose the king for the side to move.
    #[inline]
    pub fn new<R: Rules<W>>(rules: &R, pos: &Position<W>) -> Legality<W> {
        Legality::knowing_check(rules, pos, in_check(rules, pos, pos.side()))
    }

    /// Computes what could expose the king of the side to move, whose check status `in_check`
    /// is already known.
    #[inline]
    pub fn knowing_check<R: Rules<W>>(rules: &R, pos: &Position<W>, in_check: bool) -> Legality<W> {
        let us = pos.side();
        let mut kings = pos.king_squares(us);
        let king = match (kings.next(), kings.next()) {
            _ if R::KING_CAPTURE => None,
            (Some(k), None) if in_check => rules.evasion_cells(pos, k).map(|cells| (k, Exposure::Evasions(cells))),
            _ if in_check => None,
            (Some(k), None) if R::DISCOVERY_ONLY => {
                let (layer, them) = (k.layer(), us.flip());
                let pinned =
                    pos.variant().tables().pinned(them, k.cell(), pos.blockers(layer), pos.color_bb(us, layer), |r| {
                        pos.pieces(them, r, layer)
                    });
                Some((k, Exposure::Pins(pinned)))
            }
            (Some(k), None) => rules.exposing_cells(pos, k).map(|cells| (k, Exposure::Cells(cells))),
            _ => None,
        };
        Legality { king, all_legal: R::KING_CAPTURE, in_check }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// Whether the pseudo-legal `mv` is legal, when that is known without playing it.
    #[inline(always)]
    pub fn proof(&self, mv: Move) -> Option<bool> {
        if self.all_legal {
            return Some(true);
        }
        let (king, exposure) = self.king?;
        if mv.from() == king || matches!(mv.kind(), MoveKind::EnPassant | MoveKind::Castle) {
            return None;
        }
        // A piece captured where the capturer does not land leaves a gap, as a moving piece does.
        let gap = mv.capture().filter(|&c| c != mv.to());
        let exposes = match exposure {
            Exposure::Pins(pinned) => {
                gap.is_some_and(|c| c.layer() == king.layer())
                    || (mv.from().layer() == king.layer() && pinned.contains(mv.from().cell()))
            }
            Exposure::Cells(cells) => cells.contains(mv.from().cell()) || gap.is_some_and(|c| cells.contains(c.cell())),
            Exposure::Evasions(cells) => {
                let touches = |sq: Square| cells[sq.layer().index()].contains(sq.cell());
                return if touches(mv.to()) || mv.capture().is_some_and(touches) { None } else { Some(false) };
            }
        };
        (!exposes).then_some(true)
    }
}

/// Whether a pseudo-legal move's legality is known without playing it, and if so which.
#[inline]
pub fn legality_unplayed<W: Word, R: Rules<W>>(
    rules: &R,
    pos: &Position<W>,
    legality: &Legality<W>,
    mv: Move,
) -> Option<bool> {
    legality.proof(mv).or_else(|| rules.king_move_safe(pos, mv))
}

/// Whether a pseudo-legal move of the side to move may give check, given the family's `threats`
/// (false only when it certainly does not).
#[inline]
pub fn may_give_check<W: Word>(pos: &Position<W>, threats: &CheckThreats<W>, mv: Move) -> bool {
    if !mv.is_quiet() || mv.kind() == MoveKind::Castle {
        return true;
    }
    let role = pos.piece_at(mv.from()).role();
    let (reach, _) = pos.variant().tables().spans(role, pos.side(), mv.to().cell());
    (reach & threats.kings).any()
        || threats.kings.contains(mv.to().cell())
        || threats.discovery.contains(mv.from().cell())
}

/// Whether a pseudo-legal move leaves the mover's king safe.
#[inline]
pub fn is_legal<W: Word, R: Rules<W>>(rules: &R, pos: &mut Position<W>, mv: Move) -> bool {
    if R::KING_CAPTURE {
        return true;
    }
    rules.king_move_safe(pos, mv).unwrap_or_else(|| {
        let us = pos.side();
        pos.make_with(rules, mv);
        let safe = !in_check(rules, pos, us);
        pos.unmake();
        safe
    })
}

/// Plays a pseudo-legal move if it leaves the mover's king safe, testing only what `legality`
/// cannot prove; says whether it was played.
#[inline]
pub fn make_if_legal<W: Word, R: Rules<W>>(rules: &R, pos: &mut Position<W>, legality: &Legality<W>, mv: Move) -> bool {
    let Some(legal) = legality_unplayed(rules, pos, legality, mv) else {
        // Played to be tested: kept on the board when it passes.
        let us = pos.side();
        pos.make_with(rules, mv);
        if in_check(rules, pos, us) {
            pos.unmake();
            return false;
        }
        return true;
    };
    if legal {
        pos.make_with(rules, mv);
    }
    legal
}

/// Fills `list` with every legal move.
pub fn legal<W: Word, R: Rules<W>>(rules: &R, pos: &mut Position<W>, list: &mut Vec<Move>) {
    let legality = Legality::new(rules, pos);
    legal_with(rules, pos, &legality, false, list);
}

/// Fills `list` with the legal moves, or with only the captures and promotions when `tactical`,
/// using the check and pin information already computed for this position.
pub fn legal_with<W: Word, R: Rules<W>>(
    rules: &R,
    pos: &mut Position<W>,
    legality: &Legality<W>,
    tactical: bool,
    list: &mut Vec<Move>,
) {
    list.clear();
    if tactical {
        pseudo_legal_tactical(rules, pos, list);
    } else {
        pseudo_legal_knowing_check(rules, pos, legality.in_check(), list);
    }
    if !R::KING_CAPTURE {
        list.retain(|&mv| legality.proof(mv).unwrap_or_else(|| is_legal(rules, pos, mv)));
    }
}

/// The occupied square of another board on which a move from `from` to `to`'s cell would have
/// landed (Alice's transfer), had it been empty: the move is possible on its own board, and only
/// the landing refuses it. Kings are never lifted away for the trial.
fn blocked_landing<W: Word, R: Rules<W>>(rules: &R, pos: &Position<W>, from: Square, to: Square) -> Option<Square> {
    let g = &pos.variant().geometry();
    let piece = pos.piece_at(from);
    g.all_layers()
        .filter(|&layer| layer != from.layer())
        .map(|layer| to.twin(layer))
        .filter(|&sq| {
            g.exists(sq) && !pos.piece_at(sq).is_none() && Some(pos.piece_at(sq).role()) != pos.variant().king
        })
        .find(|&sq| {
            let mut trial = pos.clone();
            trial.remove(sq);
            let mut moves = Vec::new();
            pseudo_legal(rules, &trial, &mut moves);
            moves.iter().any(|m| m.from() == from && m.to() == sq && trial.piece_at(m.from()) == piece)
        })
}

/// Finds the legal move a string names, or says why there is none.
pub fn parse_move<W: Word, R: Rules<W>>(rules: &R, pos: &mut Position<W>, text: &str) -> Result<Move, MoveError> {
    let variant = pos.variant().clone();
    let (from, to, promotion) = match parse_parts(&variant, text) {
        Ok(parts) => parts,
        Err(MoveError::Malformed(_)) if variant.geometry().layers > 1 => {
            let mut moves = Vec::new();
            legal(rules, pos, &mut moves);
            let plain = text.to_ascii_lowercase();
            let same: Vec<String> =
                moves.iter().filter(|m| m.to_plain_text(&variant) == plain).map(|m| m.to_text(&variant)).collect();
            return Err(if same.is_empty() {
                MoveError::Malformed(text.into())
            } else {
                MoveError::Misnotated(text.into(), same.join(" or "))
            });
        }
        Err(e) => return Err(e),
    };
    let g = &variant.geometry();
    let illegal = |why: String| MoveError::Illegal(text.to_string(), why);
    let piece = pos.piece_at(from);
    if piece.is_none() {
        return Err(illegal(format!("there is no piece on {}", g.square_name(from))));
    }
    if piece.color() != pos.side() {
        return Err(illegal(format!("the piece on {} is not the side to move's", g.square_name(from))));
    }
    let mut pseudo = Vec::new();
    pseudo_legal(rules, pos, &mut pseudo);
    let promo_letter = |m: &Move| m.promotion().map(|r| variant.pieces[r.index()].letter);
    let candidates: Vec<Move> =
        pseudo.iter().copied().filter(|m| m.from() == from && m.written_to(&variant) == to).collect();
    if candidates.is_empty() {
        // Written with the board the piece leaves instead of the one it lands on (Alice)?
        let landing: Vec<String> = pseudo
            .iter()
            .filter(|m| m.from() == from && m.written_to(&variant).cell() == to.cell() && promo_letter(m) == promotion)
            .map(|m| m.to_text(&variant))
            .collect();
        return Err(illegal(match &landing[..] {
            [] => match blocked_landing(rules, pos, from, to) {
                Some(occupied) => format!(
                    "the piece on {} would land on {}, which is occupied: a move lands only on an empty square",
                    g.square_name(from),
                    g.square_name(occupied)
                ),
                None => format!("the piece on {} cannot move to {}", g.square_name(from), g.square_name(to)),
            },
            [..] => format!(
                "the piece on {} would land on another board than {}: write {}",
                g.square_name(from),
                g.square_name(to),
                landing.join(" or ")
            ),
        }));
    }
    let Some(mv) = candidates.iter().copied().find(|m| promo_letter(m) == promotion) else {
        return Err(illegal(match promotion {
            None => "a promotion piece must be given".to_string(),
            Some(c) => format!("cannot promote to '{}'", c.to_ascii_lowercase()),
        }));
    };
    if !is_legal(rules, pos, mv) {
        return Err(illegal("it leaves the king in check".into()));
    }
    Ok(mv)
}
