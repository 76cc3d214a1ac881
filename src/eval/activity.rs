//! Piece activity, for every family that uses the standard terms: how many cells each piece can
//! move to now, and how many cells around the enemy king it reaches, both on the king's board and,
//! in the multi-board families, from another board by a move that lands next to the king; and the
//! threats against pieces that pawns and lesser pieces make.

use super::{Eval, Evaluate, PAWN};
use crate::geometry::{Bitboard, Layer, Word, MAX_LAYERS};
use crate::pieces::{ByColor, Color, Role};
use crate::position::Position;

/// Where a piece's move on one board puts it, as its family's rules decide.
#[derive(Copy, Clone, Debug)]
pub struct Landing<W: Word> {
    /// The board the piece ends up on.
    pub layer: Layer,
    /// The cells of the move's board whose moves can be completed (not its own pieces, and where
    /// the piece crosses over, an empty twin).
    pub open: Bitboard<W>,
}

/// The cells of each board that make up the enemy kings' zones: each king's cell and its neighbours.
fn king_zones<W: Word>(pos: &Position<W>, enemy: Color) -> [Bitboard<W>; MAX_LAYERS] {
    let v = pos.variant();
    let mut zones = [Bitboard::EMPTY; MAX_LAYERS];
    if let Some(king) = v.king {
        for sq in pos.king_squares(enemy) {
            let (near, _) = v.tables().quiet_and_capture(king, enemy, sq.cell(), Bitboard::EMPTY);
            let layer = sq.layer().index();
            zones[layer] |= (near | Bitboard::from_cell(sq.cell())) & v.geometry().cells[layer];
        }
    }
    zones
}

/// Mobility, king-zone and threat terms, White's view, before (`[0]`) and in (`[1]`) the endgame.
pub(super) fn activity<W: Word, R: Evaluate<W>>(rules: &R, pos: &Position<W>, eval: &Eval<W>) -> [i32; 2] {
    let terms = &eval.terms;
    let threats = terms.pawn_threat != 0
        || terms.piece_threat != 0
        || terms.pawn_guarded != 0
        || terms.hanging != 0
        || terms.safe_check != 0;
    if terms.piece_mobility == 0 && terms.king_zone == 0 && terms.king_zone_across == 0 && !eval.moves_bonus && !threats
    {
        return [0, 0];
    }
    // Built twice, so that the variants whose threat terms weigh nothing run the loop without them.
    if threats {
        activity_with::<W, R, true>(rules, pos, eval)
    } else {
        activity_with::<W, R, false>(rules, pos, eval)
    }
}

/// [`activity`], with the threat terms when `THREATS`.
fn activity_with<W: Word, R: Evaluate<W>, const THREATS: bool>(
    rules: &R,
    pos: &Position<W>,
    eval: &Eval<W>,
) -> [i32; 2] {
    let terms = &eval.terms;
    let v = pos.variant();
    // Each side's pawn attacks per board, for the threats of its pawns and the cells they guard.
    let mut pawn_attacks = ByColor([[Bitboard::EMPTY; MAX_LAYERS]; 2]);
    if eval.moves_bonus || (THREATS && (terms.pawn_threat != 0 || terms.pawn_guarded != 0 || terms.hanging != 0)) {
        for color in [Color::White, Color::Black] {
            for layer in v.geometry().all_layers() {
                pawn_attacks[color][layer.index()] = pawn_attacks_on(pos, eval, color, layer);
            }
        }
    }
    // Each side's attacks per board (pawns and pieces), for the pieces nothing defends and the
    // checks nothing guards.
    let mut attacks = pawn_attacks;
    // Each side's cells per board from which a piece of it could check an enemy king next move.
    let mut checks = ByColor([[Bitboard::EMPTY; MAX_LAYERS]; 2]);
    let mut score = [0, 0];
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let zones = king_zones(pos, color.flip());
        let (mut mobility, mut near, mut across, mut threatened, mut guarded) = (0, 0, 0, 0, 0);
        let mut by_moves = [0, 0];
        for layer in v.geometry().all_layers() {
            let enemy_pieces = if THREATS && (terms.pawn_threat != 0 || terms.piece_threat != 0) {
                eval.pieces_only(pos, color.flip(), layer)
            } else {
                Bitboard::EMPTY
            };
            if THREATS && terms.pawn_threat != 0 && enemy_pieces.any() {
                threatened += terms.pawn_threat * (pawn_attacks[color][layer.index()] & enemy_pieces).count() as i32;
            }
            if eval.pieces_only(pos, color, layer).is_empty() {
                continue;
            }
            let blockers = rules.blockers(pos, layer);
            let landing = rules.landing(pos, color, layer);
            let enemy_pawn_attacks = pawn_attacks[color.flip()][landing.layer.index()];
            let (zone_here, zone_there) = (zones[layer.index()], zones[landing.layer.index()]);
            for role in Role::up_to(eval.values.len()).filter(|&r| eval.is_piece(r)) {
                let cells = pos.pieces(color, role, layer);
                if cells.is_empty() {
                    continue;
                }
                let tables = v.tables().role(role, color);
                // Looked up only where engine.ini sets some moves table (one flag, worked out once).
                let bonus = if eval.moves_bonus {
                    eval.data().squares.get(role.index()).filter(|b| !b.moves.is_empty())
                } else {
                    None
                };
                let richer = if THREATS && terms.piece_threat != 0 && enemy_pieces.any() {
                    worth_more_than(pos, eval, color.flip(), layer, eval.values[role.index()])
                } else {
                    Bitboard::EMPTY
                };
                let checking = if THREATS && terms.safe_check != 0 {
                    checking_cells(rules, pos, color, role, landing.layer)
                } else {
                    Bitboard::EMPTY
                };
                for cell in cells {
                    let (quiet, capture) = v.tables().quiet_and_capture_of(tables, cell, blockers);
                    let reach = (quiet | capture) & landing.open;
                    mobility += reach.count() as i32;
                    if let Some(bonus) = bonus {
                        let [mg, eg] = bonus.for_moves((reach & !enemy_pawn_attacks).count() as usize);
                        by_moves = [by_moves[0] + mg, by_moves[1] + eg];
                    }
                    near += (capture & zone_here).count() as i32;
                    if THREATS {
                        guarded += (reach & enemy_pawn_attacks).count() as i32;
                        threatened += terms.piece_threat * (capture & richer).count() as i32;
                        attacks[color][layer.index()] |= capture;
                        checks[color][landing.layer.index()] |= reach & checking;
                    }
                    if landing.layer != layer {
                        across += (reach & zone_there).count() as i32;
                    }
                }
            }
        }
        let mg = terms.king_zone * near + terms.king_pressure * near * near / 8 + terms.king_zone_across * across;
        let activity = terms.piece_mobility * mobility + terms.pawn_guarded * guarded + threatened;
        score[0] += sign * (activity + mg + by_moves[0]);
        score[1] += sign * (activity + by_moves[1]);
    }
    if THREATS && (terms.hanging != 0 || terms.safe_check != 0) {
        if let Some(king) = v.king {
            for color in [Color::White, Color::Black] {
                for sq in pos.king_squares(color) {
                    attacks[color][sq.layer().index()] |=
                        v.tables().capture_reach(king, color, sq.cell(), Bitboard::EMPTY);
                }
            }
        }
        let hanging = hanging_pieces(pos, &attacks);
        score[0] += terms.hanging * hanging;
        score[1] += terms.hanging * hanging;
        score[0] += terms.safe_check * unguarded(pos, &checks, &attacks);
    }
    score
}

/// The cells of `layer` from which a piece of `color` and `role` would attack an enemy king
/// there: the king's own capture geometry for that role, seen from the king's side.
fn checking_cells<W: Word, R: Evaluate<W>>(
    rules: &R,
    pos: &Position<W>,
    color: Color,
    role: Role,
    layer: Layer,
) -> Bitboard<W> {
    let enemy = color.flip();
    let blockers = rules.blockers(pos, layer);
    let tables = &pos.variant().tables();
    pos.king_squares(enemy)
        .filter(|sq| sq.layer() == layer)
        .fold(Bitboard::EMPTY, |cells, sq| cells | tables.capture_reach(role, enemy, sq.cell(), blockers))
}

/// White's view of the cells of `cells` (each side's, per board) that the other side does not
/// attack on that board.
fn unguarded<W: Word>(
    pos: &Position<W>,
    cells: &ByColor<[Bitboard<W>; MAX_LAYERS]>,
    attacks: &ByColor<[Bitboard<W>; MAX_LAYERS]>,
) -> i32 {
    let mut count = 0;
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        for layer in pos.variant().geometry().all_layers() {
            count += sign * (cells[color][layer.index()] & !attacks[color.flip()][layer.index()]).count() as i32;
        }
    }
    count
}

/// White's view of the pieces and pawns (not kings) that are attacked on their board where
/// nothing of their side on that board attacks the cell back: each can be taken for nothing.
/// `attacks` holds each side's attacks per board, kings' included.
fn hanging_pieces<W: Word>(pos: &Position<W>, attacks: &ByColor<[Bitboard<W>; MAX_LAYERS]>) -> i32 {
    let v = pos.variant();
    let mut attacked = ByColor([[Bitboard::EMPTY; MAX_LAYERS]; 2]);
    for color in [Color::White, Color::Black] {
        let enemy = color.flip();
        for layer in v.geometry().all_layers() {
            let kings = v.king.map_or(Bitboard::EMPTY, |king| pos.pieces(enemy, king, layer));
            attacked[color][layer.index()] = pos.color_bb(enemy, layer) & !kings & attacks[color][layer.index()];
        }
    }
    unguarded(pos, &attacked, attacks)
}

/// The cells of `layer` that `color`'s pawns attack.
fn pawn_attacks_on<W: Word>(pos: &Position<W>, eval: &Eval<W>, color: Color, layer: Layer) -> Bitboard<W> {
    let Some(pawn) = eval.pawn else { return Bitboard::EMPTY };
    let tables = &pos.variant().tables();
    pos.pieces(color, pawn, layer)
        .into_iter()
        .fold(Bitboard::EMPTY, |attacks, cell| attacks | tables.capture_reach(pawn, color, cell, Bitboard::EMPTY))
}

/// `color`'s pieces (not pawns or kings) on `layer` worth more than `value` by half a pawn or more:
/// attacked by a piece of that value, they must move or be lost for less.
fn worth_more_than<W: Word>(pos: &Position<W>, eval: &Eval<W>, color: Color, layer: Layer, value: i32) -> Bitboard<W> {
    Role::up_to(eval.values.len())
        .filter(|&r| eval.is_piece(r) && eval.values[r.index()] >= value + PAWN / 2)
        .fold(Bitboard::EMPTY, |cells, r| cells | pos.pieces(color, r, layer))
}
