//! Alice Chess on two 8×8 boards with the standard pieces (the transfer required, no zero moves,
//! no en passant), generated fast on the standard tables: each move's legality is judged from
//! the two boards' masks after it, and perft's last ply counts whole sets of moves that cannot
//! expose the king. The generic generator is the reference: the perft suites count through both.

use super::generate::{castling, is_legal};
use super::standard::{bits, lowest, Fast, Sink, Standard, TABLES};
use crate::geometry::{Cell, Layer, Narrow, Square};
use crate::pieces::{Color, Role};
use crate::position::moves::{Move, MoveKind};
use crate::position::Position;
use crate::variant::family::{Alice, Family, Transfer, ZeroMoves};
use crate::variant::Variant;

/// The standard army's roles and the family's rules, for Alice Chess's shape.
#[derive(Clone, Debug)]
pub struct StandardAlice {
    army: Standard,
    rules: Alice,
}

impl StandardAlice {
    /// The roles and rules, when the variant is of the Alice family with two 8×8 boards, the
    /// transfer required, no zero moves, no en passant, and exactly the standard pieces.
    pub fn of(variant: &Variant<Narrow>) -> Option<StandardAlice> {
        let Family::Alice(rules) = variant.family() else { return None };
        if rules.layers != 2 || rules.transfer != Transfer::Required || rules.zero_moves != ZeroMoves::None {
            return None;
        }
        if variant.en_passant {
            return None;
        }
        Some(StandardAlice { army: Standard::army(variant, 2)?, rules: rules.clone() })
    }
}

impl Fast for StandardAlice {
    type Rules = Alice;

    fn rules(&self) -> &Alice {
        &self.rules
    }

    fn generate<S: Sink>(&self, pos: &mut Position<Narrow>, sink: &mut S) {
        let t = &*TABLES;
        let a = &self.army;
        let us = pos.side();
        let them = us.flip();
        let layers = [Layer::new(0), Layer::new(1)];
        let occupied = layers.map(|l| pos.occupied(l).0);
        let own = layers.map(|l| pos.color_bb(us, l).0);
        let enemies = layers.map(|l| pos.color_bb(them, l).0);
        let mine = |role: Role, l: usize| pos.pieces(us, role, layers[l]).0;
        let theirs = |role: Role, l: usize| pos.pieces(them, role, layers[l]).0;
        let Some((k, king)) = (0..2).find_map(|l| lowest(mine(a.king, l)).map(|c| (l, c))) else { return };
        let y = 1 - k;
        // The enemies of each board by how they attack: knights, king, pawns, straight, diagonal.
        let attackers = [0, 1].map(|l| {
            let queens = theirs(a.queen, l);
            [
                theirs(a.knight, l),
                theirs(a.king, l),
                theirs(a.pawn, l),
                theirs(a.rook, l) | queens,
                theirs(a.bishop, l) | queens,
            ]
        });
        // Whether the enemies of board `l` still standing (`alive`) attack `cell` there, given
        // that board's occupancy (a capture needs an empty twin: the caller knows whether it has one).
        let attacked = |l: usize, cell: usize, occupied: u64, alive: u64| {
            let [knights, kings, pawns, straight, diagonal] = attackers[l];
            ((t.knight[cell] & knights)
                | (t.king[cell] & kings)
                | (t.pawn[us.index()][cell] & pawns)
                | (t.rook.attacks(cell, occupied) & straight)
                | (t.bishop.attacks(cell, occupied) & diagonal))
                & alive
                != 0
        };
        // Check: attacked on the king's board, its twin empty for the capturer to land on.
        let twin_empty = occupied[y] & (1 << king) == 0;
        let checked = twin_empty && attacked(k, king, occupied[k], enemies[k]);
        // A move of a piece of the king's board (from `from`, taking on `to` if an enemy stands
        // there) leaves the king safe: the twin does not change.
        let safe_from_king_board = |from: usize, to: usize| {
            !twin_empty || !attacked(k, king, occupied[k] & !(1 << from) & !(1 << to), enemies[k] & !(1 << to))
        };
        // A move of a piece of the other board (from `from`, taking on `to`, landing on `to` of
        // the king's board) leaves the king safe: it may block, and may empty the king's twin.
        let safe_from_other_board = |from: usize, to: usize| {
            let twin_after = (occupied[y] & !(1 << from) & !(1 << to)) & (1 << king) == 0;
            !twin_after || !attacked(k, king, occupied[k] | (1 << to), enemies[k])
        };
        let square = |l: usize, cell: usize| Square::new(layers[l], Cell::new(cell as u8));

        // The king: legal on its own board with its square vacated, and safe where it lands.
        let without_king = occupied[k] & !(1 << king);
        for to in bits(t.king[king] & !own[k] & !occupied[y]) {
            if !attacked(k, to, without_king, enemies[k]) && !attacked(y, to, occupied[y], enemies[y]) {
                let capture = (enemies[k] & (1 << to) != 0).then(|| square(k, to));
                sink.add(Move::new(square(k, king), square(y, to), capture, MoveKind::Normal));
            }
        }

        let promotions = &pos.variant().promotion;
        let double_zone = pos.variant().double_step_zone()[us].0;
        let (forward, last_rank): (i32, u64) = if us == Color::White { (8, 0xff << 56) } else { (-8, 0xff) };
        for x in 0..2 {
            let z = 1 - x;
            let free = !occupied[z];
            let on_king_board = x == k;
            // Whether a move from `from` to `to` of this board, judged one by one, leaves the king safe.
            let safe = |from: usize, to: usize| {
                if on_king_board {
                    safe_from_king_board(from, to)
                } else {
                    safe_from_other_board(from, to)
                }
            };
            // A piece's landings, judged one by one where they could leave the king in check.
            let mut piece = |from: usize, reach: u64| {
                let landings = reach & !own[x] & free;
                // Sure to be safe: on the king's board when its twin is full (no capture of the
                // king can land); from the other board, out of check, when the move leaves the
                // twin as it is (it neither starts on it nor takes on it).
                let sure = if on_king_board {
                    if twin_empty {
                        0
                    } else {
                        landings
                    }
                } else if !checked && from != king {
                    landings & !(1 << king)
                } else {
                    0
                };
                sink.transfers(square(x, from), sure, layers[z], enemies[x]);
                for to in bits(landings & !sure) {
                    if safe(from, to) {
                        sink.transfers(square(x, from), 1 << to, layers[z], enemies[x]);
                    }
                }
            };
            for from in bits(mine(a.knight, x)) {
                piece(from, t.knight[from]);
            }
            for from in bits(mine(a.bishop, x) | mine(a.queen, x)) {
                piece(from, t.bishop.attacks(from, occupied[x]));
            }
            for from in bits(mine(a.rook, x) | mine(a.queen, x)) {
                piece(from, t.rook.attacks(from, occupied[x]));
            }
            for from in bits(mine(a.pawn, x)) {
                let step = (from as i32 + forward) as usize;
                let mut steps = 0;
                if occupied[x] & (1 << step) == 0 {
                    steps |= 1 << step;
                    let double = (step as i32 + forward) as usize;
                    if double_zone & (1 << from) != 0
                        && occupied[x] & (1 << double) == 0
                        && free & (1 << double) != 0
                        && safe(from, double)
                    {
                        sink.add(Move::new(square(x, from), square(z, double), None, MoveKind::DoubleStep));
                    }
                }
                let reach = (steps | (t.pawn[us.index()][from] & enemies[x])) & free;
                for to in bits(reach) {
                    if !safe(from, to) {
                        continue;
                    }
                    let capture = (enemies[x] & (1 << to) != 0).then(|| square(x, to));
                    let mv = Move::new(square(x, from), square(z, to), capture, MoveKind::Normal);
                    if last_rank & (1 << to) != 0 {
                        sink.promotions(mv, promotions);
                    } else {
                        sink.add(mv);
                    }
                }
            }
        }
        // Castling is rare: each is played to be judged.
        if pos.variant().castling && !checked {
            let mut castles = Vec::new();
            castling(&self.rules, pos, &mut castles);
            for mv in castles {
                if is_legal(&self.rules, pos, mv) {
                    sink.add(mv);
                }
            }
        }
    }
}
