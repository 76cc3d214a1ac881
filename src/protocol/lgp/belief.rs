//! What a blind Looking-Glass player believes about the world it cannot see: where the enemy's
//! unseen pieces stand, kept from everything the referee told it, and the full positions it
//! guesses from that for the perfect-information search.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::geometry::{Layer, Square};
use crate::notation::lgp::{FateReport, Report, ToPlayer};
use crate::pieces::Color;
use crate::position::fen::fen_board;
use crate::position::Position;
use crate::random::Rng;
use crate::referee::{world, Sighting};
use crate::rules::chess960::{self, STANDARD_SETUP};
use crate::variant::Variant;

/// A believed enemy piece of the unseen world.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Guess {
    /// Its FEN letter.
    piece: char,
    /// Whether the referee placed it there (by an announcement or a capture) rather than the
    /// player assuming it stayed on its setup square.
    confirmed: bool,
}

/// A blind player's knowledge: the last view, and the enemy pieces believed in the unseen world.
#[derive(Clone)]
pub struct Belief {
    variant: Arc<Variant>,
    color: Color,
    /// The cells of the last view, by square index: `None` empty, `Some('?')` unseen.
    seen: BTreeMap<usize, Option<char>>,
    /// The enemy pieces believed on the unseen board, by square index.
    enemy: BTreeMap<usize, Guess>,
    castling: String,
    en_passant: Option<Square>,
}

impl Belief {
    /// The belief at the start of a game: the enemy's army on its standard setup squares.
    pub fn new(variant: Arc<Variant>, color: Color) -> Belief {
        let mut belief = Belief {
            variant,
            color,
            seen: BTreeMap::new(),
            enemy: BTreeMap::new(),
            castling: "-".into(),
            en_passant: None,
        };
        belief.assume_setup(STANDARD_SETUP, false);
        belief
    }

    /// The board the player cannot see.
    fn unseen(&self) -> Layer {
        world(self.color.flip())
    }

    /// Puts the enemy's pieces of setup `number` where no confirmed guess stands: all of them,
    /// or only those of its back rank.
    fn assume_setup(&mut self, number: u32, back_rank_only: bool) {
        let v = self.variant.clone();
        let Some(fen) = chess960::setup_fen(&v.start_fen, number, number) else { return };
        let Ok(start) = Position::from_fen(v.clone(), &fen) else { return };
        let unseen = self.unseen();
        let enemy = self.color.flip();
        let g = &v.geometry();
        let back_rank = if enemy == Color::White { 0 } else { g.ranks - 1 };
        for cell in g.cells[unseen.index()] {
            let sq = Square::new(unseen, cell);
            let piece = start.piece_at(sq);
            let wanted = piece.is_some() && piece.color() == enemy && (!back_rank_only || g.rank(cell) == back_rank);
            if wanted && self.enemy.get(&sq.index()).is_none_or(|guess| !guess.confirmed) {
                let letter = start.piece_char(sq).expect("a piece stands there");
                self.enemy.insert(sq.index(), Guess { piece: letter, confirmed: false });
            }
        }
    }

    /// Takes in a message from the referee.
    pub fn observe(&mut self, message: &ToPlayer) {
        match message {
            ToPlayer::View { board, castling, en_passant, .. } => self.observe_view(board, castling, *en_passant),
            ToPlayer::Captured(s) => {
                self.enemy.remove(&s.square.index());
            }
            ToPlayer::Arrival { arrived, attacks, in_front } => {
                if self.is_enemy(arrived.piece) {
                    self.place(*arrived);
                }
                for s in attacks {
                    self.place(*s);
                }
                if let Some((sq, what)) = in_front {
                    match what {
                        Some(c) if self.is_enemy(*c) => self.place(Sighting { piece: *c, square: *sq }),
                        _ => {
                            self.enemy.remove(&sq.index());
                        }
                    }
                }
            }
            ToPlayer::Fate(FateReport::Played(report)) | ToPlayer::MovedForYou(report) => self.observe_report(report),
            _ => {}
        }
    }

    /// Whether a FEN letter is the enemy's.
    fn is_enemy(&self, piece: char) -> bool {
        piece.is_ascii_uppercase() != (self.color == Color::White)
    }

    /// Puts a piece the referee named where it said, taking one of its kind away from where the
    /// player only assumed it.
    fn place(&mut self, s: Sighting) {
        if s.square.layer() != self.unseen() || !self.is_enemy(s.piece) {
            return;
        }
        if self.enemy.get(&s.square.index()).is_none_or(|g| g.piece != s.piece) {
            let assumed = self.enemy.iter().find(|(_, g)| g.piece == s.piece && !g.confirmed).map(|(&i, _)| i);
            if let Some(i) = assumed {
                self.enemy.remove(&i);
            }
        }
        self.enemy.insert(s.square.index(), Guess { piece: s.piece, confirmed: true });
    }

    /// A move of the player's (or made for it): the squares it crossed and landed on were empty.
    fn observe_report(&mut self, report: &Report) {
        let unseen = self.unseen();
        for sq in [report.reached, report.landed] {
            if sq.layer() == unseen && report.captured.is_none_or(|c| c.square != sq) {
                self.enemy.remove(&sq.index());
            }
        }
    }

    /// A new view: what it shows replaces what was believed there, and an enemy piece that
    /// appeared in the player's world left the unseen board from the twin of where it appeared.
    fn observe_view(&mut self, board: &str, castling: &str, en_passant: Option<Square>) {
        let seen = read_view_board(&self.variant, board);
        let own = world(self.color);
        let unseen = self.unseen();
        // An enemy piece new to the player's world came from the unseen board: it moved there
        // to the twin of the cell where it appeared (or, failing that guess, from anywhere).
        let in_own = |cells: &BTreeMap<usize, Option<char>>, letter: char| {
            cells
                .iter()
                .filter(|(&i, &c)| Square::from_index(i).layer() == own && c == Some(letter))
                .map(|(&i, _)| i)
                .collect::<Vec<usize>>()
        };
        let letters: Vec<char> = self.variant.pieces.iter().map(|p| p.letter).collect();
        for letter in letters.into_iter().map(|l| if self.color == Color::White { l.to_ascii_lowercase() } else { l }) {
            let (before, after) = (in_own(&self.seen, letter), in_own(&seen, letter));
            for &index in after.iter().filter(|i| !before.contains(i)).take(after.len().saturating_sub(before.len())) {
                let twin = Square::from_index(index).twin(unseen).index();
                let from = if self.enemy.get(&twin).is_some_and(|g| g.piece == letter) {
                    Some(twin)
                } else {
                    self.enemy.iter().find(|(_, g)| g.piece == letter).map(|(&i, _)| i)
                };
                if let Some(i) = from {
                    self.enemy.remove(&i);
                }
            }
        }
        // The player's own pieces on the unseen board are where the view says; nothing else is there.
        for (&index, &c) in &seen {
            if Square::from_index(index).layer() == unseen && c.is_some_and(|c| c != '?') {
                self.enemy.remove(&index);
            }
        }
        self.seen = seen;
        self.castling = castling.to_string();
        self.en_passant = en_passant;
    }

    /// The guessed full position, with the side to move `side`; where the guesses cannot make a
    /// valid position, only the enemy king is guessed.
    pub fn guess(&self, side: Color) -> Option<Position> {
        self.position_with(&self.enemy, side)
    }

    /// The position of the view with `enemy` on the unseen board, or with its king alone if
    /// that is not a valid position.
    fn position_with(&self, enemy: &BTreeMap<usize, Guess>, side: Color) -> Option<Position> {
        let king = if self.color == Color::White { 'k' } else { 'K' };
        self.try_position(enemy, side).or_else(|| {
            let kings: BTreeMap<usize, Guess> =
                enemy.iter().filter(|(_, g)| g.piece == king).map(|(&i, &g)| (i, g)).collect();
            self.try_position(&kings, side)
        })
    }

    /// A guessed position in which the unconfirmed back-rank pieces stand as in a random setup.
    pub fn sample(&self, side: Color, rng: &mut Rng) -> Option<Position> {
        let mut other = self.clone();
        // Only the back-rank pieces still assumed on setup squares are redrawn: they move together.
        let rank = if self.color == Color::White { self.variant.geometry().ranks - 1 } else { 0 };
        let back = |i: &usize| self.variant.geometry().rank(Square::from_index(*i).cell()) == rank;
        let assumed: Vec<usize> =
            other.enemy.iter().filter(|(i, g)| !g.confirmed && back(i)).map(|(&i, _)| i).collect();
        if assumed.len() == self.variant.geometry().files as usize {
            for i in assumed {
                other.enemy.remove(&i);
            }
            other.assume_setup(rng.below(960) as u32, true);
        }
        other.position_with(&other.enemy, side)
    }

    /// The position of the view with exactly these guesses, if it is a valid one.
    fn try_position(&self, enemy: &BTreeMap<usize, Guess>, side: Color) -> Option<Position> {
        let v = &self.variant;
        let content = |sq: Square| -> Option<char> {
            match self.seen.get(&sq.index()).copied().flatten() {
                Some('?') | None => enemy.get(&sq.index()).map(|g| g.piece),
                Some(c) => Some(c),
            }
        };
        let king = if self.color == Color::White { 'k' } else { 'K' };
        let mut board = fen_board(v.geometry(), content);
        if !board.contains(king) {
            // The enemy king is never lost: put it on a free square of the unseen back rank.
            let unseen = self.unseen();
            let rank = if self.color == Color::White { v.geometry().ranks - 1 } else { 0 };
            let free = (0..v.geometry().files)
                .map(|f| Square::new(unseen, v.geometry().cell(f, rank)))
                .find(|&sq| content(sq).is_none())?;
            board = fen_board(v.geometry(), |sq| if sq == free { Some(king) } else { content(sq) });
        }
        let side = if side == Color::White { "w" } else { "b" };
        let ep = self.en_passant.map_or("-".to_string(), |sq| v.geometry().square_name(sq));
        let fen = format!("{board} {side} {} {ep} 0 1", self.castling);
        Position::from_fen(v.clone(), &fen)
            .or_else(|_| Position::from_fen(v.clone(), &format!("{board} {side} - - 0 1")))
            .ok()
    }
}

/// The pieces of a view's board, by square index (`Some('?')` for an unseen cell); empty cells
/// are left out.
pub fn read_view_board(variant: &Variant, board: &str) -> BTreeMap<usize, Option<char>> {
    let g = &variant.geometry();
    let mut seen = BTreeMap::new();
    let layers: Vec<&str> = board.split('|').collect();
    for (l, text) in layers.iter().enumerate().take(g.layers as usize) {
        // A view of another shape than the variant's (a faulty referee) is read as far as it fits.
        for (row, rank_text) in text.split('/').enumerate().take(g.ranks as usize) {
            let rank = g.ranks - 1 - row as u8;
            let mut file = 0u8;
            let mut digits = String::new();
            let flush = |digits: &mut String, file: &mut u8| {
                *file = file.saturating_add(digits.parse::<u8>().unwrap_or(0));
                digits.clear();
            };
            for c in rank_text.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                flush(&mut digits, &mut file);
                if file < g.files {
                    let sq = Square::new(Layer::new(l as u8), g.cell(file, rank));
                    seen.insert(sq.index(), Some(c));
                }
                file = file.saturating_add(1);
            }
            flush(&mut digits, &mut file);
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::pieces::ByColor;

    fn view(board: &str) -> ToPlayer {
        ToPlayer::View {
            board: board.into(),
            side: Color::White,
            castling: "HA".into(),
            en_passant: None,
            captured: ByColor::default(),
            strikes: 0,
        }
    }

    #[test]
    fn a_belief_follows_the_views_announcements_and_captures() {
        let v = Config::builtin().variant("lookingglass", &[]).unwrap();
        let sq = |name: &str| v.geometry().parse_square(name).unwrap();
        let rooks = |pos: &Position| {
            v.geometry().cells[1]
                .into_iter()
                .filter(|&c| pos.piece_char(Square::new(Layer::new(1), c)) == Some('r'))
                .count()
        };
        let mut belief = Belief::new(v.clone(), Color::White);
        let start = belief.guess(Color::White).unwrap();
        assert_eq!((start.piece_char(sq("2e8")), start.piece_char(sq("2a7"))), (Some('k'), Some('p')));
        // White's knight went over to the Mirror world; Black announces the rook it attacks.
        let unseen = "????????/????????/????????/????????/????????/??N?????/????????/????????";
        belief.observe(&view(&format!("8/8/8/8/8/8/PPPPPPPP/R1BQKBNR|{unseen}")));
        let arrived = Sighting { piece: 'N', square: sq("2c3") };
        let rook = Sighting { piece: 'r', square: sq("2d5") };
        belief.observe(&ToPlayer::Arrival { arrived, attacks: vec![rook], in_front: None });
        let pos = belief.guess(Color::White).unwrap();
        assert_eq!((pos.piece_char(sq("2d5")), pos.piece_char(sq("2c3"))), (Some('r'), Some('N')));
        assert_eq!(rooks(&pos), 2, "the rook seen on d5 is one of the two believed on the back rank");
        belief.observe(&ToPlayer::Captured(rook));
        let pos = belief.guess(Color::White).unwrap();
        assert_eq!((pos.piece_char(sq("2d5")), rooks(&pos)), (None, 1));
        // A black pawn appears in the Real world: it left the twin of its square.
        belief.observe(&view(&format!("8/8/8/8/p7/8/PPPPPPPP/R1BQKBNR|{unseen}")));
        let pos = belief.guess(Color::White).unwrap();
        let pawns =
            v.geometry().cells[1].into_iter().filter(|&c| pos.piece_char(Square::new(Layer::new(1), c)) == Some('p'));
        assert_eq!(pawns.count(), 7);
        // Samples keep everything known and still have the enemy king.
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            let sample = belief.sample(Color::White, &mut rng).unwrap();
            assert_eq!(sample.piece_char(sq("2c3")), Some('N'));
            assert!(sample.king_squares(Color::Black).next().is_some());
        }
    }
}
