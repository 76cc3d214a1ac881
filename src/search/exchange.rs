//! Static exchange evaluation: what a capture wins once both sides have recaptured on its cell
//! with their least valuable pieces for as long as that pays. Each family says where the
//! exchange goes on ([`Rules::exchange_board`]): in FIDE chess every capture of it is on the
//! one board, in two-board Alice Chess they alternate boards, as each capturer crosses to the
//! other; where the family cannot say, every capture counts as winning nothing or more.

use crate::geometry::{Bitboard, Layer, Square, Word, MAX_LAYERS};
use crate::movegen::Move;
use crate::pieces::Color;
use crate::position::Position;
use crate::rules::{attackers, Rules};

/// A king's value in an exchange: above every piece, so that it captures last.
const KING: i32 = i32::MAX / 4;

/// Whether `mv` wins at least `threshold` centipawns by the exchange on the cell it lands on (a
/// quiet move wins nothing and may lose its piece), pieces valued by `values` (a king never
/// lets itself be recaptured). Pins are not looked at; moves the family gives no exchange for,
/// castling, en passant and promotions count as winning.
pub(super) fn wins_at_least<W: Word, R: Rules<W>>(
    rules: &R,
    pos: &Position<W>,
    values: &[i32],
    mv: Move,
    threshold: i32,
) -> bool {
    let cell = mv.to().cell();
    let victim = mv.capture();
    if mv.promotion().is_some()
        || mv.rook().is_some()
        || victim.is_some_and(|v| v.cell() != cell)
        || rules.exchange_board(victim.unwrap_or(mv.to()).layer()).is_none()
    {
        return true;
    }
    let variant = pos.variant();
    let value = |sq: Square| {
        let role = pos.piece_at(sq).role();
        if Some(role) == variant.king {
            KING
        } else {
            values[role.index()]
        }
    };
    // What the side to move is up if the exchange stops here, less the threshold.
    let mut swap = victim.map_or(0, value) - threshold;
    if swap < 0 {
        return false;
    }
    // What it is up if the opponent recaptures and the exchange stops there.
    swap = value(mv.from()) - swap;
    if swap <= 0 {
        return true;
    }
    let mut gone = [Bitboard::<W>::EMPTY; MAX_LAYERS];
    gone[mv.from().layer().index()] = Bitboard::from_cell(mv.from().cell());
    // The pieces of `by` on `layer` that reach the cell and have not captured yet, seen through
    // those that have.
    let reaching = |gone: &[Bitboard<W>; MAX_LAYERS], layer: Layer, by: Color| {
        let gone = gone[layer.index()];
        attackers(pos, layer, cell, by, rules.blockers(pos, layer) & !gone) & !gone
    };
    let mut layer = mv.to().layer();
    let mut side = pos.side();
    // Whether the side that moved wins the threshold if the exchange stops now.
    let mut wins = true;
    loop {
        side = side.flip();
        let Some((from, cost)) =
            reaching(&gone, layer, side).into_iter().map(|c| (c, value(Square::new(layer, c)))).min_by_key(|&(_, v)| v)
        else {
            break;
        };
        wins = !wins;
        let Some(next) = rules.exchange_board(layer) else {
            break;
        };
        if cost == KING {
            // A king recaptures only where nothing of the other side still reaches the cell.
            return if reaching(&gone, next, side.flip()).any() { !wins } else { wins };
        }
        swap = cost - swap;
        // The side that just captured is up `-swap` if the exchange stops; it stops when that
        // side cannot lose by capturing.
        if swap < wins as i32 {
            break;
        }
        gone[layer.index()] = gone[layer.index()].with(from);
        layer = next;
    }
    wins
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::movegen::parse_move;
    use crate::with_rules;

    /// Whether `text`, played in the position `fen` of `variant`, wins at least `threshold`.
    fn wins(variant: &str, fen: &str, text: &str, threshold: i32) -> bool {
        let loaded = Config::builtin().loaded(variant, &[]).unwrap();
        let (variant, values) = (loaded.variant.clone(), loaded.eval().values);
        let mut pos = Position::from_fen(variant.clone(), fen).unwrap();
        with_rules!(&variant.family(), |rules| {
            let mv = parse_move(rules, &mut pos, text).unwrap();
            wins_at_least(rules, &pos, &values, mv, threshold)
        })
    }

    #[test]
    fn a_capture_of_a_defended_pawn_by_a_rook_loses() {
        assert!(!wins("normal", "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 0));
        assert!(wins("normal", "4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 0));
        assert!(!wins("normal", "4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 101));
    }

    #[test]
    fn a_pawn_takes_a_defended_knight_with_profit() {
        assert!(wins("normal", "4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5", 200));
    }

    #[test]
    fn a_quiet_move_onto_a_guarded_cell_loses_its_piece() {
        let fen = "4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1";
        assert!(!wins("normal", fen, "f3e5", 0));
        // It loses the knight and no more (a knight is worth less than a rook).
        assert!(wins("normal", fen, "f3e5", -400));
        assert!(wins("normal", fen, "f3d4", 0));
    }

    #[test]
    fn pieces_behind_the_first_capturer_join_the_exchange() {
        // Rook e2 backed by rook e1 against a pawn defended by rook e8: +100 - 500 + 500.
        assert!(wins("normal", "4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", 0));
        assert!(!wins("normal", "4r1k1/8/8/4p3/8/8/8/4R1K1 w - - 0 1", "e1e5", 0));
    }

    #[test]
    fn a_king_recaptures_only_where_nothing_takes_it_back() {
        assert!(!wins("normal", "8/8/3k4/4p3/8/8/8/4Q1K1 w - - 0 1", "e1e5", 0));
        assert!(wins("normal", "8/8/3k4/4p3/8/8/4R3/4Q1K1 w - - 0 1", "e2e5", 0));
    }

    #[test]
    fn an_alice_exchange_goes_on_on_the_board_the_capturer_crossed_to() {
        // The pawn on d6 of the first board cannot touch the rook that crossed to e5 of the second.
        assert!(wins("alice", "4k3/8/3p4/4p3/8/8/8/4RK2|8/8/8/8/8/8/8/8 w - - 0 1", "1e12e5", 0));
        assert!(!wins("alice", "4k3/8/8/4p3/8/8/8/4RK2|8/8/3p4/8/8/8/8/8 w - - 0 1", "1e12e5", 0));
        // The rook of the second board would retake the knight, landing back on the first
        // board, where the queen would take it: so it does not.
        assert!(!wins("alice", "6k1/8/8/4p3/8/5N2/8/6K1|4r3/8/8/8/8/8/8/8 w - - 0 1", "1f32e5", 0));
        assert!(wins("alice", "6k1/8/8/4p3/8/5N2/8/4Q1K1|4r3/8/8/8/8/8/8/8 w - - 0 1", "1f32e5", 0));
    }

    #[test]
    fn families_without_an_exchange_count_every_capture_as_winning() {
        let fen = "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1";
        assert!(wins("monochrome", fen, "e1e5", 0));
        assert!(wins("alice3", "4k3/8/3p4/4p3/8/8/8/4RK2|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1", "1e12e5", 0));
    }
}
