//! The referee of hidden-information Through the Looking-Glass: the true position, what each
//! player may know of it, and one operation per rule of the game.
//!
//! White sees board 1 (the Real world) and Black board 2 (the Mirror world). An order in one's
//! own world is checked as an ordinary move; one in the other world is carried out by the
//! referee: refused with a strike when the piece cannot move that way at all, shortened when a
//! slider's path or a pawn's double step is blocked. Every move then transfers as the
//! perfect-information game's do, and a piece arriving in a world is announced to the player
//! who cannot see it, with the enemy pieces it attacks there. Each player is handed only its
//! [`View`]: its own world whole, its own pieces in the other, the captured pieces, its strikes
//! and the events that concern it.

mod order;

use std::sync::Arc;

use crate::geometry::{Layer, Square};
use crate::movegen::{legal, outcome, Move, MoveKind};
use crate::pieces::{ByColor, Color};
use crate::position::fen::fen_board;
use crate::position::Position;
use crate::rules::{Outcome, Reason};
use crate::variant::family::{Family, LookingGlass};
use crate::variant::Variant;

pub use order::Order;
use order::Resolution;

/// Strikes that lose the game.
pub const STRIKES_TO_LOSE: u8 = 3;

/// What an impossible order in the other world costs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum StrikeRule {
    /// A strike; the third loses the game (the default).
    #[default]
    Strikes,
    /// The opponent gives an order for the player; if that one is impossible too, the player
    /// orders again.
    OpponentOrders,
}

/// The board a colour sees whole: White's is board 1, Black's board 2.
pub fn world(color: Color) -> Layer {
    Layer::new(color.index() as u8)
}

/// The boards as `by` sees them in `pos`, in Vorpal's FEN board notation: its own world whole,
/// its own pieces in the other and `?` on every other cell there.
pub fn view_board(pos: &Position, by: Color) -> String {
    let own = world(by);
    fen_board(pos.variant().geometry(), |sq| {
        let piece = pos.piece_at(sq);
        if sq.layer() == own || (piece.is_some() && piece.color() == by) {
            pos.piece_char(sq)
        } else {
            Some('?')
        }
    })
}

/// `color`'s castling rights in `pos`, as Shredder-FEN letters (empty for none).
pub fn castling_rights(pos: &Position, color: Color) -> String {
    let fen = pos.to_fen();
    let field = fen.split(' ').nth(2).unwrap_or("-");
    field.chars().filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == (color == Color::White)).collect()
}

/// A piece as both players may name it: its FEN letter (upper case White) and its square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sighting {
    /// The piece's FEN letter, upper case for White.
    pub piece: char,
    /// Where it stands (or stood, for a capture).
    pub square: Square,
}

/// What became of an order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Not accepted, at no cost: malformed, or not a legal move in the orderer's own world.
    Refused(String),
    /// The piece cannot move that way at all in the other world: `strikes` is the player's
    /// count now (under [`StrikeRule::OpponentOrders`], the count stays and the turn to order
    /// passes instead).
    Impossible {
        /// The player's strikes after this one.
        strikes: u8,
    },
    /// Carried out: as given, or shortened to `reached`.
    Played(Played),
}

/// A move the referee carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move of the true position.
    pub mv: Move,
    /// The square the order named (before any transfer).
    pub ordered: Square,
    /// The square the piece reached on its own board: `ordered`, or where a blocked path stopped it.
    pub reached: Square,
    /// Where the piece stands now: the twin of `reached` when it transferred.
    pub landed: Square,
    /// The castling rook's square after the move, if the order castled.
    pub rook: Option<Square>,
    /// The piece captured, if any.
    pub captured: Option<Sighting>,
}

impl Played {
    /// Whether a blocked path stopped the piece short of the ordered square.
    pub fn shortened(&self) -> bool {
        self.reached != self.ordered
    }

    /// Whether the piece moved to the other board.
    pub fn transferred(&self) -> bool {
        self.landed != self.reached
    }
}

/// Why the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// By the rules of the true position: a king captured, no move, 50 moves, repetition.
    Rules(Reason),
    /// The loser's third impossible order.
    ThirdStrike,
}

/// The end of a hidden game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: EndReason,
}

impl End {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        Outcome { winner: self.winner, reason: Reason::NoMove }.result()
    }

    /// The reason in words, as the referee announces it.
    pub fn describe(&self) -> String {
        match (self.reason, self.winner) {
            (EndReason::ThirdStrike, Some(w)) => format!("{} gave a third impossible order", w.flip().name()),
            (EndReason::Rules(Reason::KingCaptured), Some(w)) => format!("{} captured the king", w.name()),
            (EndReason::Rules(Reason::NoMove), _) => "the player to move has no legal move".into(),
            (EndReason::Rules(reason), _) => reason.to_string(),
            (EndReason::ThirdStrike, None) => "third strike".into(),
        }
    }
}

/// One thing a player learns, besides what its view shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The fate of an order this player gave.
    Order(Fate),
    /// One of this player's pieces was moved by the opponent's order for it (the alternative
    /// rule to strikes).
    MovedForYou(Played),
    /// A piece was captured (both players hear it).
    Captured(Sighting),
    /// A piece arrived in the world this player cannot see: what it attacks there, and for a
    /// pawn what stands in front of it (`Some(None)`: nothing).
    Arrival {
        /// The piece that arrived, where it landed.
        arrived: Sighting,
        /// The arriving piece's adversaries on that board that it attacks.
        attacks: Vec<Sighting>,
        /// For a pawn, the content of the square in front of it.
        in_front: Option<(Square, Option<char>)>,
    },
    /// It is this player's turn to order for the opponent (the alternative rule to strikes).
    OrderForOpponent,
    /// The game ended.
    End(End),
}

/// What one player may know after a ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The boards as this player sees them, in Vorpal's FEN board notation: its own world
    /// whole, its own pieces in the other and `?` on every other cell there.
    pub board: String,
    /// The side to move.
    pub side: Color,
    /// This player's castling rights, as Shredder-FEN letters (`-` for none).
    pub castling: String,
    /// The square an enemy pawn passed by a double step in this player's world, when it is
    /// this player's move and so his to take en passant.
    pub en_passant: Option<Square>,
    /// The captured pieces of each side, as FEN letters.
    pub captured: ByColor<String>,
    /// This player's strikes.
    pub strikes: u8,
    /// The events since this player's last view.
    pub events: Vec<Event>,
}

/// A hidden game in progress: the true position, the strikes, the captured pieces, and what is
/// still to be told to each player.
pub struct Referee {
    pos: Position,
    strike_rule: StrikeRule,
    strikes: ByColor<u8>,
    captured: ByColor<String>,
    orderer: Color,
    end: Option<End>,
    pending: ByColor<Vec<Event>>,
}

impl Referee {
    /// A game from a `lookingglass` position (usually the two sides' setups).
    pub fn new(pos: Position, strike_rule: StrikeRule) -> Result<Referee, String> {
        if !matches!(pos.variant().family(), Family::LookingGlass(_)) {
            return Err(format!("the hidden game is Looking-Glass's; {} is not of that family", pos.variant().name));
        }
        let orderer = pos.side();
        let mut referee = Referee {
            pos,
            strike_rule,
            strikes: ByColor::default(),
            captured: ByColor::default(),
            orderer,
            end: None,
            pending: ByColor::default(),
        };
        referee.check_end();
        Ok(referee)
    }

    /// The true position (for the arbiter's record, never for a player).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        self.pos.variant()
    }

    /// The side whose pieces move next.
    pub fn side_to_move(&self) -> Color {
        self.pos.side()
    }

    /// The player who gives the next order: the side to move, or its opponent after an
    /// impossible order under [`StrikeRule::OpponentOrders`].
    pub fn orderer(&self) -> Color {
        self.orderer
    }

    /// The end of the game, once it has ended.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// A player's strikes.
    pub fn strikes(&self, color: Color) -> u8 {
        self.strikes[color]
    }

    /// The question: whether `color` has a legal move on the board it cannot see (as if it
    /// were to move). En passant is left out: it is never carried out there.
    pub fn ask(&self, color: Color) -> bool {
        let mut pos = self.pos.clone();
        if pos.side() != color {
            pos.make_null();
        }
        let mut moves = Vec::new();
        legal(&LookingGlass, &mut pos, &mut moves);
        let other = world(color.flip());
        moves.iter().any(|m| m.from().layer() == other && m.kind() != MoveKind::EnPassant)
    }

    /// An order from `by`, in Vorpal's notation (`2d42d5`, promotion `1b71b8q`, castling
    /// king-takes-own-rook `1e11h1`). `Err` when it is not `by`'s turn to order or the game is over.
    pub fn order(&mut self, by: Color, text: &str) -> Result<Fate, String> {
        if let Some(end) = self.end {
            return Err(format!("the game is over: {}", end.describe()));
        }
        if by != self.orderer {
            return Err(format!("it is {}'s turn to order", self.orderer.name()));
        }
        let mover = self.pos.side();
        let fate = match Order::parse(&self.pos, text) {
            Err(reason) => Fate::Refused(reason),
            Ok(order) => self.carry_out(by, mover, order),
        };
        if let Fate::Played(played) = &fate {
            if by != mover {
                self.pending[mover].push(Event::MovedForYou(played.clone()));
            }
        }
        self.pending[by].push(Event::Order(fate.clone()));
        if matches!(fate, Fate::Impossible { .. }) {
            self.after_impossible(by, mover);
        }
        Ok(fate)
    }

    /// `by`'s view: what it sees now and the events since its last view.
    pub fn view(&mut self, by: Color) -> View {
        let own = world(by);
        let board = view_board(&self.pos, by);
        let rights = castling_rights(&self.pos, by);
        View {
            board,
            side: self.pos.side(),
            castling: if rights.is_empty() { "-".into() } else { rights },
            // Only a double step the player saw and may now take: in his own world, his move.
            en_passant: self
                .pos
                .en_passant()
                .map(|ep| ep.passed)
                .filter(|sq| sq.layer() == own && self.pos.side() == by),
            captured: self.captured.clone(),
            strikes: self.strikes[by],
            events: std::mem::take(&mut self.pending[by]),
        }
    }

    /// Works out an order of `by` for `mover`'s pieces and plays it if it can be.
    fn carry_out(&mut self, by: Color, mover: Color, order: Order) -> Fate {
        let resolution = if order.from.layer() == world(by) {
            order.in_sight(&mut self.pos)
        } else {
            order.out_of_sight(&mut self.pos)
        };
        match resolution {
            Resolution::Refused(reason) => Fate::Refused(reason),
            Resolution::Impossible => {
                Fate::Impossible { strikes: self.strikes[mover] + (self.strike_rule == StrikeRule::Strikes) as u8 }
            }
            Resolution::Move { mv, reached } => Fate::Played(self.play(mv, order.to, reached)),
        }
    }

    /// A strike, or the turn to order passing under the alternative rule.
    fn after_impossible(&mut self, by: Color, mover: Color) {
        match self.strike_rule {
            StrikeRule::Strikes => {
                self.strikes[mover] += 1;
                if self.strikes[mover] >= STRIKES_TO_LOSE {
                    self.finish(End { winner: Some(mover.flip()), reason: EndReason::ThirdStrike });
                }
            }
            StrikeRule::OpponentOrders => {
                // The player's own impossible order hands the choice over; the opponent's hands it back.
                self.orderer = if by == mover { mover.flip() } else { mover };
                if self.orderer != mover {
                    self.pending[self.orderer].push(Event::OrderForOpponent);
                }
            }
        }
    }

    /// Plays a move of the true position and tells each player what it learns of it.
    fn play(&mut self, mv: Move, ordered: Square, reached: Square) -> Played {
        let mover = self.pos.side();
        let captured = mv.capture().map(|sq| Sighting { piece: self.char_at(sq), square: sq });
        let moved_piece = self.pos.piece_at(mv.from());
        self.pos.make_with(&LookingGlass, mv);
        let rook = mv.rook().map(|(_, to)| to);
        let played = Played { mv, ordered, reached, landed: mv.to(), rook, captured };
        if let Some(c) = captured {
            self.captured[if c.piece.is_ascii_uppercase() { Color::White } else { Color::Black }].push(c.piece);
            for color in Color::ALL {
                self.pending[color].push(Event::Captured(c));
            }
        }
        let mut arrivals = Vec::new();
        if mv.from().layer() != mv.to().layer() {
            arrivals.push(mv.to());
        }
        if let Some((from, to)) = mv.rook() {
            if from.layer() != to.layer() {
                arrivals.push(to);
            }
        }
        for sq in arrivals {
            self.announce(sq);
        }
        debug_assert!(moved_piece.is_some() && moved_piece.color() == mover);
        self.orderer = self.pos.side();
        self.check_end();
        played
    }

    /// Rule "announcements on arrival": the player who sees the board a piece arrived on tells
    /// the other what it attacks there, and for a pawn what stands in front of it.
    fn announce(&mut self, sq: Square) {
        let piece = self.pos.piece_at(sq);
        let (color, role) = (piece.color(), piece.role());
        let variant = self.pos.variant().clone();
        let layer = sq.layer();
        let reach = variant.tables().capture_reach(role, color, sq.cell(), self.pos.blockers(layer));
        let attacks: Vec<Sighting> = (reach & self.pos.color_bb(color.flip(), layer))
            .into_iter()
            .map(|cell| {
                let at = Square::new(layer, cell);
                Sighting { piece: self.char_at(at), square: at }
            })
            .collect();
        let in_front = (Some(role) == variant.pawn)
            .then(|| {
                let forward = if color == Color::White { 1 } else { -1 };
                variant.geometry().offset(sq.cell(), 0, forward).map(|cell| {
                    let ahead = Square::new(layer, cell);
                    (ahead, self.pos.piece_char(ahead))
                })
            })
            .flatten();
        let hearer = if layer == world(Color::White) { Color::Black } else { Color::White };
        let arrived = Sighting { piece: self.char_at(sq), square: sq };
        self.pending[hearer].push(Event::Arrival { arrived, attacks, in_front });
    }

    /// Ends the game if the true position has ended.
    fn check_end(&mut self) {
        if let Some(o) = outcome(&LookingGlass, &mut self.pos) {
            self.finish(End { winner: o.winner, reason: EndReason::Rules(o.reason) });
        }
    }

    /// Records the end and tells both players.
    fn finish(&mut self, end: End) {
        self.end = Some(end);
        for color in Color::ALL {
            self.pending[color].push(Event::End(end));
        }
    }

    /// The FEN letter of the piece on an occupied square.
    fn char_at(&self, sq: Square) -> char {
        self.pos.piece_char(sq).unwrap_or('?')
    }
}
