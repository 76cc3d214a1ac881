//! The blind player's many guesses at the true position (a particle filter): full positions
//! that agree with everything the referee told it. Each of its own orders is replayed on
//! every guess by a referee of that guess, and the guesses whose outcome differs from the
//! true one are dropped; each enemy move it cannot see is drawn for every guess among the
//! moves that would have shown it exactly what it was shown, the better moves (by the static
//! evaluation, and those that attack its king) drawn more often. Guesses that nothing allowed
//! explains are mended to fit what it was told.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::eval::{Eval, Evaluate, Evaluation};
use crate::geometry::{Geometry, Square, Wide};
use crate::movegen::{legal, Move};
use crate::notation::lgp::{order_text, FateReport, Report, ToPlayer};
use crate::pieces::Color;
use crate::position::fen::fen_board;
use crate::position::Position;
use crate::random::Rng;
use crate::referee::{castling_rights, view_board, world, Event, Fate, Referee, StrikeRule, View};
use crate::rules::chess960;
use crate::rules::{LookingGlass, Rules};
use crate::variant::Variant;

use super::belief::read_view_board;

/// Guesses kept: more than the enemy has setups, so that the first guesses hold every one of
/// them and the true position stays among them for longer (64 had shrunk to a single position
/// in two turns of three).
pub const PARTICLES: usize = 1024;
/// Centipawns by which an enemy move that is worse than the enemy's best (by the static
/// evaluation) is drawn e (2.718) times less often.
const ENEMY_TEMPERATURE: f64 = 80.0;

/// Centipawns added to an enemy move's worth when it attacks the player's king.
const KING_THREAT: f64 = 300.0;

/// What a view told the player: its board, the side to move, and the events heard with it.
struct Heard {
    board: String,
    side: Color,
    /// The player's own castling rights.
    castling: String,
    events: Vec<ToPlayer>,
}

/// The guessed true positions of one game, kept in step with the referee's messages.
pub struct Particles {
    variant: Arc<Variant>,
    color: Color,
    eval: Eval<Wide>,
    rng: Rng,
    /// The guesses; a position held by several particles is that much likelier.
    positions: Vec<Position>,
    /// The last view and its events, settled when the next message that is not an event comes.
    heard: Option<Heard>,
    /// The player's last order and, once told, its fate.
    order: Option<String>,
    fate: Option<FateReport>,
    setup: Option<u32>,
    started: bool,
    /// The side to move in the last view the guesses were brought up to.
    side: Color,
}

impl Particles {
    /// No guesses yet: they are drawn from the player's first view.
    pub fn new(variant: Arc<Variant>, evaluation: &Arc<Evaluation>, color: Color, seed: u64) -> Particles {
        Particles {
            eval: Eval::new(&variant, evaluation),
            variant,
            color,
            rng: Rng::new(seed),
            positions: Vec::new(),
            heard: None,
            order: None,
            fate: None,
            setup: None,
            started: false,
            side: Color::White,
        }
    }

    /// The guesses (copies included).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// When every guess was found wrong (after the first view), the side to move in the view
    /// they failed to follow, for which new guesses are wanted.
    pub fn lost(&self) -> Option<Color> {
        (self.started && self.positions.is_empty()).then_some(self.side)
    }

    /// Replaces the guesses, when every one of them was found wrong.
    pub fn reseed(&mut self, positions: Vec<Position>) {
        self.positions = positions;
    }

    /// The `most` likeliest distinct guesses, each with how many particles hold it, likeliest
    /// first (only those are copied).
    pub fn weighed(&self, most: usize) -> Vec<(Position, usize)> {
        let mut weighed = distinct(&self.positions);
        // A stable sort: among equals the guess held first stays first.
        weighed.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
        weighed.into_iter().take(most).map(|(pos, count)| (pos.clone(), count)).collect()
    }

    /// Notes the order the player just gave.
    pub fn ordered(&mut self, order: &str) {
        self.order = Some(order.to_string());
    }

    /// Takes in a message from the referee.
    pub fn observe(&mut self, message: &ToPlayer) {
        match message {
            ToPlayer::Setup(number) => self.setup = Some(*number),
            ToPlayer::View { board, side, castling, .. } => {
                self.settle();
                let (board, castling) = (board.clone(), castling.clone());
                self.heard = Some(Heard { board, side: *side, castling, events: Vec::new() });
            }
            ToPlayer::Captured(_) | ToPlayer::Arrival { .. } => {
                if let Some(heard) = &mut self.heard {
                    heard.events.push(message.clone());
                }
            }
            ToPlayer::Fate(fate) => {
                self.settle();
                self.fate = Some(fate.clone());
            }
            _ => self.settle(),
        }
    }

    /// Brings the guesses up to the last view heard.
    fn settle(&mut self) {
        let Some(heard) = self.heard.take() else { return };
        self.side = heard.side;
        if !self.started {
            self.started = true;
            self.start(&heard);
            return;
        }
        let order = self.order.clone();
        let before = std::mem::take(&mut self.positions);
        self.positions = match (self.fate.take(), order) {
            (Some(FateReport::Played(report)), Some(order)) => self.after_own(&before, &order, &report, &heard),
            (Some(FateReport::Impossible(_)), Some(order)) => {
                let color = self.color;
                let kept: Vec<Position> = before
                    .iter()
                    .filter(|pos| {
                        let fate =
                            Referee::new((*pos).clone(), StrikeRule::Strikes).and_then(|mut r| r.order(color, &order));
                        matches!(fate, Ok(Fate::Impossible { .. }))
                    })
                    .cloned()
                    .collect();
                // No guess explains the strike: keep them all rather than none.
                if kept.is_empty() {
                    before.clone()
                } else {
                    kept
                }
            }
            (Some(_), _) => before.clone(),
            (None, _) if heard.side == self.color => self.after_enemy(&before, &heard),
            (None, _) => before.clone(),
        };
        if self.positions.is_empty() {
            // Nothing the guesses allow explains what was seen: each is mended to fit it instead,
            // copies of one guess each in a way of its own.
            self.positions = before.iter().filter_map(|pos| self.mended(pos, &heard)).collect();
        }
    }

    /// The first guesses: the player's own setup, and the enemy's drawn among the 960.
    fn start(&mut self, heard: &Heard) {
        let Some(own) = self.setup else { return };
        let fen = &self.variant.start_fen;
        // The enemy's setups in a random order, so that no two guesses start from the same one
        // while there are setups left.
        let mut setups: Vec<u32> = (0..960).collect();
        for i in (1..setups.len()).rev() {
            setups.swap(i, self.rng.below(i + 1));
        }
        let mut positions = Vec::new();
        for i in 0..PARTICLES {
            let theirs = setups[i % setups.len()];
            let (white, black) = if self.color == Color::White { (own, theirs) } else { (theirs, own) };
            let Some(setup) = chess960::setup_fen(fen, white, black) else { continue };
            if let Ok(pos) = Position::from_fen(self.variant.clone(), &setup) {
                if view_board(&pos, self.color) == heard.board {
                    positions.push(pos);
                }
            }
        }
        self.positions = positions;
    }

    /// The player's order was carried out: the guesses in which it goes the same way, and
    /// shows the same view and events, stay, with the order played.
    fn after_own(&self, before: &[Position], order: &str, report: &Report, heard: &Heard) -> Vec<Position> {
        before
            .iter()
            .filter_map(|pos| {
                let mut referee = Referee::new(pos.clone(), StrikeRule::Strikes).ok()?;
                match referee.order(self.color, order) {
                    Ok(Fate::Played(played)) if Report::of(&self.variant, &played) == *report => {}
                    _ => return None,
                }
                agrees(&self.variant, &referee.view(self.color), heard).then(|| referee.position().clone())
            })
            .collect()
    }

    /// The enemy moved unseen: every guess is followed by one of the enemy's moves that would
    /// have shown the player this view and these events, drawn by how good it is for the enemy.
    fn after_enemy(&mut self, before: &[Position], heard: &Heard) -> Vec<Position> {
        // Each distinct guess's possible successors with their weights, and its count.
        let followers: Vec<(Vec<(Position, f64)>, usize)> = distinct(before)
            .into_iter()
            .map(|(pos, count)| (self.successors(pos.clone(), heard), count))
            .filter(|(successors, _)| !successors.is_empty())
            .collect();
        let counts: Vec<usize> = followers.iter().map(|(_, count)| *count).collect();
        let mut out = Vec::new();
        for _ in 0..PARTICLES {
            let Some(drawn) = drawn_index(&mut self.rng, &counts) else { break };
            let successors = &followers[drawn].0;
            let sum: f64 = successors.iter().map(|(_, w)| w).sum();
            let mut x = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * sum;
            let chosen = successors.iter().find(|(_, w)| {
                x -= w;
                x <= 0.0
            });
            let (pos, _) = chosen.unwrap_or(&successors[successors.len() - 1]);
            out.push(pos.clone());
        }
        out
    }

    /// The positions after each enemy move in `pos` that agrees with what the player heard,
    /// each weighed by how good it is for the enemy.
    fn successors(&self, mut pos: Position, heard: &Heard) -> Vec<(Position, f64)> {
        let enemy = self.color.flip();
        if pos.side() != enemy {
            return Vec::new();
        }
        let mut moves: Vec<Move> = Vec::new();
        legal(&LookingGlass, &mut pos, &mut moves);
        let mut out = Vec::new();
        for mv in moves {
            let crosses = |(from, to): (Square, Square)| from.layer() != to.layer();
            let told_of = mv.capture().is_some() || crosses((mv.from(), mv.to())) || mv.rook().is_some_and(crosses);
            let next = if told_of {
                // A capture or an arrival is told: the referee of this guess says exactly how.
                let Ok(mut referee) = Referee::new(pos.clone(), StrikeRule::Strikes) else { continue };
                match referee.order(enemy, &order_text(&self.variant, mv)) {
                    Ok(Fate::Played(played)) if played.mv == mv => {}
                    _ => continue,
                }
                if !agrees(&self.variant, &referee.view(self.color), heard) {
                    continue;
                }
                referee.position().clone()
            } else {
                if !heard.events.is_empty() {
                    continue;
                }
                let mut next = pos.clone();
                next.make_with(&LookingGlass, mv);
                if view_board(&next, self.color) != heard.board {
                    continue;
                }
                next
            };
            // The evaluation is the side to move's, the player's: the enemy's is its negation.
            // A move that attacks the player's king is what an enemy who sees it would play,
            // which the static evaluation, with the player to move, does not show.
            let threat = next.king_squares(self.color).any(|king| LookingGlass.attacked(&next, king, enemy));
            let score = -LookingGlass.evaluate_alone(&next, &self.eval) as f64 + if threat { KING_THREAT } else { 0.0 };
            out.push((next, score));
        }
        let best = out.iter().map(|(_, s)| *s).fold(f64::MIN, f64::max);
        for (_, s) in &mut out {
            *s = ((*s - best) / ENEMY_TEMPERATURE).exp();
        }
        out
    }

    /// A guess changed as little as it takes to fit a view nothing it allows explains (say, a
    /// piece announced where the guess has another): the player's world and pieces as seen;
    /// enemy pieces that came into view taken from the unseen board (from the twin first); each
    /// announced or captured enemy piece put where it was named, trading places with one of its
    /// kind; a square told empty cleared; a piece of the player's taken on the unseen board by
    /// an enemy piece near it, unless its taker came into view. Which piece moves is drawn, the
    /// nearer likelier (`drawn_near`), so that the copies of a guess become different guesses.
    fn mended(&mut self, pos: &Position, heard: &Heard) -> Option<Position> {
        let variant = &self.variant;
        let g = &variant.geometry();
        let (own, unseen) = (world(self.color), world(self.color.flip()));
        let seen = read_view_board(variant, &heard.board);
        let enemy_letter = |c: char| c.is_ascii_uppercase() != (self.color == Color::White);
        let sees_enemy = |sq: Square| seen.get(&sq.index()).copied().flatten().is_some_and(enemy_letter);
        let mut enemy: BTreeMap<Square, char> = BTreeMap::new();
        for cell in g.cells[unseen.index()] {
            let sq = Square::new(unseen, cell);
            if let Some(c) = pos.piece_char(sq).filter(|&c| enemy_letter(c)) {
                enemy.insert(sq, c);
            }
        }
        for cell in g.cells[own.index()] {
            let sq = Square::new(own, cell);
            let Some(c) = seen.get(&sq.index()).copied().flatten() else { continue };
            if enemy_letter(c) && pos.piece_char(sq) != Some(c) {
                let twin = sq.twin(unseen);
                let from = if enemy.get(&twin) == Some(&c) {
                    Some(twin)
                } else {
                    let kin =
                        enemy.iter().filter(|(_, &e)| e == c).map(|(&at, _)| (at, g.distance(at.cell(), sq.cell())));
                    drawn_near(&mut self.rng, kin)
                };
                if let Some(from) = from {
                    enemy.remove(&from);
                }
            }
        }
        for event in &heard.events {
            match event {
                ToPlayer::Captured(s) if s.square.layer() == unseen => {
                    if enemy_letter(s.piece) {
                        place(&mut enemy, s.piece, s.square, g, &mut self.rng);
                        enemy.remove(&s.square);
                    } else if !sees_enemy(s.square.twin(own)) && !enemy.contains_key(&s.square) {
                        let king = |c: char| c.eq_ignore_ascii_case(&'k');
                        let takers = enemy
                            .iter()
                            .filter(|(_, &c)| !king(c))
                            .map(|(&at, _)| (at, g.distance(at.cell(), s.square.cell())));
                        if let Some(at) = drawn_near(&mut self.rng, takers) {
                            let c = enemy.remove(&at).expect("the taker was drawn among the enemy's pieces");
                            enemy.insert(s.square, c);
                        }
                    }
                }
                ToPlayer::Arrival { arrived, attacks, in_front } if arrived.square.layer() == unseen => {
                    if enemy_letter(arrived.piece) {
                        enemy.insert(arrived.square, arrived.piece);
                    }
                    for a in attacks.iter().filter(|a| enemy_letter(a.piece)) {
                        place(&mut enemy, a.piece, a.square, g, &mut self.rng);
                    }
                    match in_front {
                        Some((sq, Some(c))) if enemy_letter(*c) => place(&mut enemy, *c, *sq, g, &mut self.rng),
                        Some((sq, _)) => {
                            if let Some(c) = enemy.remove(sq) {
                                let free = g.cells[unseen.index()]
                                    .into_iter()
                                    .map(|cell| Square::new(unseen, cell))
                                    .filter(|at| !enemy.contains_key(at) && !seen.contains_key(&at.index()))
                                    .map(|at| (at, g.distance(at.cell(), sq.cell())));
                                if let Some(free) = drawn_near(&mut self.rng, free) {
                                    enemy.insert(free, c);
                                }
                            }
                        }
                        None => {}
                    }
                }
                _ => {}
            }
        }
        let board = fen_board(g, |sq| match seen.get(&sq.index()).copied().flatten() {
            Some('?') => enemy.get(&sq).copied(),
            Some(c) => Some(c),
            None if sq.layer() == unseen => enemy.get(&sq).copied(),
            None => None,
        });
        let side = if heard.side == Color::White { "w" } else { "b" };
        let theirs = castling_rights(pos, self.color.flip());
        let mine = heard.castling.trim_matches('-');
        [format!("{mine}{theirs}"), mine.to_string()]
            .iter()
            .map(|rights| if rights.is_empty() { "-" } else { rights.as_str() })
            .find_map(|rights| Position::from_fen(variant.clone(), &format!("{board} {side} {rights} - 0 1")).ok())
            .filter(|mended| view_board(mended, self.color) == heard.board)
    }
}

/// Puts an enemy piece `letter` on `sq`, where the player was told it stands: one of its kind
/// elsewhere, drawn the nearer likelier, trades places with whatever the guess had on `sq`.
fn place(enemy: &mut BTreeMap<Square, char>, letter: char, sq: Square, g: &Geometry, rng: &mut Rng) {
    if enemy.get(&sq) == Some(&letter) {
        return;
    }
    let kin =
        enemy.iter().filter(|(&at, &c)| c == letter && at != sq).map(|(&at, _)| (at, g.distance(at.cell(), sq.cell())));
    let other = drawn_near(rng, kin);
    let before = enemy.insert(sq, letter);
    if let Some(other) = other {
        enemy.remove(&other);
        if let Some(before) = before {
            enemy.insert(other, before);
        }
    }
}

/// One of `candidates` (each with its distance from where it is wanted) drawn at random, each
/// half as likely as one a step nearer.
fn drawn_near(rng: &mut Rng, candidates: impl Iterator<Item = (Square, u8)>) -> Option<Square> {
    let candidates: Vec<(Square, u8)> = candidates.collect();
    let nearest = candidates.iter().map(|&(_, d)| d).min()?;
    let weights: Vec<usize> = candidates.iter().map(|&(_, d)| 1 << (16 - (d - nearest).min(16))).collect();
    drawn_index(rng, &weights).map(|drawn| candidates[drawn].0)
}

/// The index of one of `weights` drawn at random in proportion to it (none when they are all 0).
fn drawn_index(rng: &mut Rng, weights: &[usize]) -> Option<usize> {
    let total: usize = weights.iter().sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.below(total);
    weights.iter().position(|&weight| {
        let here = pick < weight;
        pick = pick.saturating_sub(weight);
        here
    })
}

/// The distinct positions of `positions` (told apart by their hash), each with how often it
/// occurs, in the order they first occur.
fn distinct(positions: &[Position]) -> Vec<(&Position, usize)> {
    let mut out: Vec<(&Position, usize)> = Vec::new();
    let mut index: HashMap<u64, usize> = HashMap::new();
    for pos in positions {
        match index.get(&pos.hash()) {
            Some(&i) => out[i].1 += 1,
            None => {
                index.insert(pos.hash(), out.len());
                out.push((pos, 1));
            }
        }
    }
    out
}

/// Whether a guess's view shows the board and the events the player was told.
fn agrees(variant: &Variant, view: &View, heard: &Heard) -> bool {
    let events: Vec<ToPlayer> = view
        .events
        .iter()
        .filter(|e| matches!(e, Event::Captured(_) | Event::Arrival { .. }))
        .filter_map(|e| ToPlayer::of_event(variant, e))
        .collect();
    view.board == heard.board && events == heard.events
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    /// Hands `particles` what the referee tells `color` after a ply: the view and its events.
    fn tell(particles: &mut Particles, referee: &mut Referee, color: Color) {
        let variant = referee.variant().clone();
        for message in ToPlayer::of_view(&variant, &referee.view(color)) {
            particles.observe(&message);
        }
    }

    #[test]
    fn every_guess_agrees_with_all_the_player_was_told() {
        let loaded = Config::builtin().loaded("lookingglass", &[]).unwrap();
        let variant = &loaded.variant;
        let mut rng = Rng::new(5);
        for game in 0..3 {
            let setups = [rng.below(960) as u32, rng.below(960) as u32];
            let fen = chess960::setup_fen(&variant.start_fen, setups[0], setups[1]).unwrap();
            let mut referee =
                Referee::new(Position::from_fen(variant.clone(), &fen).unwrap(), StrikeRule::Strikes).unwrap();
            let mut players: Vec<Particles> =
                Color::ALL.iter().map(|&c| Particles::new(variant.clone(), &loaded.evaluation, c, 17 + game)).collect();
            for color in Color::ALL {
                players[color.index()].observe(&ToPlayer::Setup(setups[color.index()]));
                tell(&mut players[color.index()], &mut referee, color);
            }
            for _ply in 0..60 {
                if referee.end().is_some() {
                    break;
                }
                let mover = referee.side_to_move();
                let player = &mut players[mover.index()];
                player.observe(&ToPlayer::Go { time: Default::default(), movetime: Some(100), for_opponent: false });
                let view = view_board(referee.position(), mover);
                assert!(!player.positions().is_empty(), "game {game}: no guess left");
                for pos in player.positions() {
                    assert_eq!(view_board(pos, mover), view, "game {game}: a guess that disagrees with the view");
                }
                // A random move of the true position, ordered as its player would.
                let mut pos = referee.position().clone();
                let mut moves = Vec::new();
                legal(&LookingGlass, &mut pos, &mut moves);
                let order = order_text(variant, moves[rng.below(moves.len())]);
                player.ordered(&order);
                let fate = referee.order(mover, &order).unwrap();
                player.observe(&ToPlayer::of_fate(variant, &fate));
                let told = if matches!(fate, Fate::Played(_)) { Color::ALL.to_vec() } else { vec![mover] };
                for color in told {
                    tell(&mut players[color.index()], &mut referee, color);
                }
            }
        }
    }

    #[test]
    fn the_first_guesses_hold_every_setup_of_the_enemy() {
        let loaded = Config::builtin().loaded("lookingglass", &[]).unwrap();
        let variant = &loaded.variant;
        let fen = chess960::setup_fen(&variant.start_fen, 518, 77).unwrap();
        let mut referee =
            Referee::new(Position::from_fen(variant.clone(), &fen).unwrap(), StrikeRule::Strikes).unwrap();
        let mut particles = Particles::new(variant.clone(), &loaded.evaluation, Color::White, 3);
        particles.observe(&ToPlayer::Setup(518));
        tell(&mut particles, &mut referee, Color::White);
        particles.observe(&ToPlayer::Go { time: Default::default(), movetime: Some(100), for_opponent: false });
        assert_eq!(particles.positions().len(), PARTICLES);
        assert_eq!(distinct(particles.positions()).len(), 960);
    }

    #[test]
    fn copies_of_a_guess_that_nothing_explains_are_mended_into_different_guesses() {
        let loaded = Config::builtin().loaded("lookingglass", &[]).unwrap();
        let variant = &loaded.variant;
        let position = |mirror: &str| {
            Position::from_fen(variant.clone(), &format!("8/8/8/8/8/8/8/4K3|{mirror} b - - 0 1")).unwrap()
        };
        // In truth a knight takes White's rook in the Mirror world; the guess has no enemy piece
        // that could, but two knights as near as each other to the rook.
        let mut referee = Referee::new(position("4k3/8/4n3/8/3R4/8/8/8"), StrikeRule::Strikes).unwrap();
        let mut particles = Particles::new(variant.clone(), &loaded.evaluation, Color::White, 9);
        particles.started = true;
        particles.positions = vec![position("4k3/8/8/8/3R4/8/8/n5n1"); 64];
        let mut pos = referee.position().clone();
        let mut moves = Vec::new();
        legal(&LookingGlass, &mut pos, &mut moves);
        let capture = moves.into_iter().find(|mv| mv.capture().is_some()).unwrap();
        referee.order(Color::Black, &order_text(variant, capture)).unwrap();
        tell(&mut particles, &mut referee, Color::White);
        particles.observe(&ToPlayer::Go { time: Default::default(), movetime: Some(100), for_opponent: false });
        let view = view_board(referee.position(), Color::White);
        assert!(particles.positions().iter().all(|pos| view_board(pos, Color::White) == view));
        assert_eq!(particles.positions().len(), 64);
        assert_eq!(distinct(particles.positions()).len(), 2, "either knight may have taken the rook");
    }

    #[test]
    fn the_nearer_candidate_is_drawn_more_often_but_not_always() {
        let variant = Config::builtin().variant("lookingglass", &[]).unwrap();
        let sq = |name: &str| variant.geometry().parse_square(name).unwrap();
        let mut rng = Rng::new(4);
        let near = (0..300)
            .filter(|_| drawn_near(&mut rng, [(sq("2a1"), 2), (sq("2h8"), 3)].into_iter()) == Some(sq("2a1")))
            .count();
        assert!((150..290).contains(&near), "{near} of 300 drawn nearer");
        assert_eq!(drawn_near(&mut rng, std::iter::empty()), None);
    }

    #[test]
    fn a_named_piece_trades_places_with_what_the_guess_had_there() {
        let variant = Config::builtin().variant("lookingglass", &[]).unwrap();
        let sq = |name: &str| variant.geometry().parse_square(name).unwrap();
        let mut enemy = BTreeMap::from([(sq("2a8"), 'r'), (sq("2e8"), 'n'), (sq("2h8"), 'r')]);
        let mut rng = Rng::new(1);
        place(&mut enemy, 'r', sq("2e8"), variant.geometry(), &mut rng);
        assert_eq!(enemy.values().filter(|&&c| c == 'r').count(), 2);
        assert_eq!(enemy.get(&sq("2e8")), Some(&'r'));
        assert!(enemy.get(&sq("2a8")) == Some(&'n') || enemy.get(&sq("2h8")) == Some(&'n'));
        // A piece of a kind the guess lacks is added, and what stood there is lost.
        place(&mut enemy, 'q', sq("2e8"), variant.geometry(), &mut rng);
        assert_eq!((enemy.get(&sq("2e8")), enemy.len()), (Some(&'q'), 3));
    }
}
