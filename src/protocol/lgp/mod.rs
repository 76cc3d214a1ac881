//! `lgp`: Vorpal as a player of hidden-information Through the Looking-Glass, answering a
//! referee on stdin and stdout (see `docs/lgp.md`). It keeps a [`Belief`] of the board it
//! cannot see and turns it into full positions for the perfect-information search.

pub mod belief;

use std::collections::HashMap;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use crate::config::Config;
use crate::engine::Engine;
use crate::movegen::Move;
use crate::notation::lgp::{order_text, FateReport, FromPlayer, ToPlayer};
use crate::pieces::Color;
use crate::position::Position;
use crate::random::Rng;
use crate::referee::world;
use crate::rules::chess960::STANDARD_SETUP;
use crate::search::Limits;
use belief::Belief;

use super::Event;

/// The variant the hidden game is played in.
const VARIANT: &str = "lookingglass";
/// Guessed positions the blind player searches per order.
const SAMPLES: usize = 4;
/// Share of the remaining time one order may take.
const TIME_SHARE: u64 = 30;

/// How Vorpal chooses its orders.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Player {
    /// Searches several positions consistent with what it knows and picks the order most of
    /// them agree on, avoiding orders in the unseen world that many of them would make impossible.
    #[default]
    Blind,
    /// Assumes the unseen pieces are where it last knew them (or on the standard setup squares)
    /// and searches that one position.
    Naive,
    /// A random order among the moves of that one guessed position.
    Random,
}

/// One game's state on the player's side.
struct Game {
    color: Color,
    belief: Belief,
    side: Color,
    /// Orders refused or found impossible on this turn, not to be given again.
    tried: Vec<String>,
}

/// Answers `lgp` and plays games until `quit` or the end of input.
pub fn run(config: Config, lines: &Receiver<Event>, player: Player) -> i32 {
    let mut engine = Engine::new(config);
    if let Err(e) = engine.set_variant(VARIANT) {
        crate::outln!("Error (the hidden game needs the variant {VARIANT}): {e}");
        return 1;
    }
    crate::outln!("{}", FromPlayer::Name(format!("Vorpal {} ({player:?})", env!("CARGO_PKG_VERSION"))).line());
    crate::outln!("{}", FromPlayer::Ready.line());
    let mut rng = Rng::new(0x6c67_7000);
    let mut game: Option<Game> = None;
    while let Ok(event) = lines.recv() {
        let line = match event {
            Event::Line(line) => line,
            Event::End => break,
            Event::Done(..) => continue,
        };
        if line.trim().is_empty() {
            continue;
        }
        let message = match ToPlayer::parse(&engine.variant().geometry, &line) {
            Ok(m) => m,
            Err(e) => {
                crate::outln!("Error (not understood: {e}): {line}");
                continue;
            }
        };
        match &message {
            ToPlayer::Quit => return 0,
            ToPlayer::NewGame { color, .. } => {
                let belief = Belief::new(engine.variant().clone(), *color);
                game = Some(Game { color: *color, belief, side: Color::White, tried: Vec::new() });
            }
            ToPlayer::SetupQuery => {
                let setup = if player == Player::Naive { STANDARD_SETUP } else { rng.below(960) as u32 };
                crate::outln!("{}", FromPlayer::Setup(Some(setup)).line());
            }
            ToPlayer::End { .. } => game = None,
            _ => {}
        }
        let Some(game) = game.as_mut() else { continue };
        game.belief.observe(&message);
        match message {
            ToPlayer::View { side, .. } => game.side = side,
            ToPlayer::Fate(FateReport::Played(_)) => game.tried.clear(),
            ToPlayer::Go { time, movetime, for_opponent } => {
                // A fixed time per order is used whole but for a margin; a clock is shared out.
                let budget = match movetime {
                    Some(t) => t.saturating_sub(t / 10 + 5),
                    None => time[game.color] / TIME_SHARE,
                };
                let budget = Duration::from_millis(budget.clamp(5, 5_000));
                let order = game.choose(&mut engine, player, &mut rng, budget, for_opponent);
                let reply = match order {
                    Some(text) => {
                        game.tried.push(text.clone());
                        FromPlayer::Order(text)
                    }
                    None => FromPlayer::Resign,
                };
                crate::outln!("{}", reply.line());
            }
            _ => {}
        }
    }
    0
}

impl Game {
    /// The next order, or `None` when no untried one is left.
    fn choose(
        &mut self,
        engine: &mut Engine,
        player: Player,
        rng: &mut Rng,
        budget: Duration,
        for_opponent: bool,
    ) -> Option<String> {
        if for_opponent {
            // An order for the opponent: a random move of theirs in the guessed position,
            // preferably in this player's own world, where it is checked rather than struck.
            let mut pos = self.belief.guess(self.side)?;
            let moves = self.untried(engine, &mut pos);
            let own = world(self.color);
            let seen: Vec<&(Move, String)> = moves.iter().filter(|(m, _)| m.from().layer() == own).collect();
            let pool = if seen.is_empty() { moves.iter().collect() } else { seen };
            return (!pool.is_empty()).then(|| pool[rng.below(pool.len())].1.clone());
        }
        match player {
            Player::Random => {
                let mut pos = self.belief.guess(self.color)?;
                let moves = self.untried(engine, &mut pos);
                (!moves.is_empty()).then(|| moves[rng.below(moves.len())].1.clone())
            }
            Player::Naive => {
                let mut pos = self.belief.guess(self.color)?;
                self.search(engine, &mut pos, budget).map(|(order, _)| order)
            }
            Player::Blind => self.blind_choice(engine, rng, budget),
        }
    }

    /// Searches several sampled positions; the order most of them choose wins, ties broken by
    /// the mean score, and an order in the unseen world loses a vote for each sample in which
    /// it would be impossible.
    fn blind_choice(&mut self, engine: &mut Engine, rng: &mut Rng, budget: Duration) -> Option<String> {
        let share = budget / SAMPLES as u32;
        let mut tally: HashMap<String, (i32, i64)> = HashMap::new();
        let mut samples = Vec::new();
        for i in 0..SAMPLES {
            let sampled = if i == 0 { self.belief.guess(self.color) } else { self.belief.sample(self.color, rng) };
            let Some(mut pos) = sampled else { continue };
            if let Some((order, score)) = self.search(engine, &mut pos, share) {
                let entry = tally.entry(order).or_default();
                entry.0 += 1;
                entry.1 += score as i64;
            }
            samples.push(pos);
        }
        let unseen = world(self.color.flip());
        let mut best: Option<(String, i32, i64)> = None;
        for (order, (votes, total)) in tally {
            let mut value = votes;
            if order.starts_with(&(unseen.number() + 1).to_string()) {
                let possible = samples.iter_mut().filter_map(|pos| order_move(engine, pos, &order)).count();
                value -= (samples.len() - possible) as i32;
            }
            let mean = total / votes.max(1) as i64;
            if best.as_ref().is_none_or(|(_, v, m)| (value, mean) > (*v, *m)) {
                best = Some((order, value, mean));
            }
        }
        best.map(|(order, _, _)| order)
    }

    /// The best untried order in `pos` and its score.
    fn search(&self, engine: &mut Engine, pos: &mut Position, budget: Duration) -> Option<(String, i32)> {
        let moves = self.untried(engine, pos);
        if moves.is_empty() {
            return None;
        }
        engine.set_position(Some(&pos.to_fen()), &[]).ok()?;
        let allowed: Vec<Move> = moves.iter().map(|(m, _)| *m).collect();
        let excluded: Vec<Move> = engine.legal_moves().into_iter().filter(|m| !allowed.contains(m)).collect();
        let limits = Limits { movetime: Some(budget), excluded, ..Limits::default() };
        let info = engine.think(limits, |_, _, _| {})?;
        let best = *info.pv.first()?;
        let order = moves.iter().find(|(m, _)| *m == best).map(|(_, o)| o.clone())?;
        Some((order, info.score))
    }

    /// The legal moves of `pos` whose orders have not been tried this turn, with their orders.
    fn untried(&self, engine: &Engine, pos: &mut Position) -> Vec<(Move, String)> {
        let mut moves = Vec::new();
        crate::movegen::legal(&crate::rules::LookingGlass, pos, &mut moves);
        let variant = engine.variant();
        moves
            .into_iter()
            .map(|m| (m, order_text(variant, m)))
            .filter(|(_, order)| !self.tried.contains(order))
            .collect()
    }
}

/// The move of `pos` that `order` asks for as written, if it is legal there.
fn order_move(engine: &Engine, pos: &mut Position, order: &str) -> Option<Move> {
    let mut moves = Vec::new();
    crate::movegen::legal(&crate::rules::LookingGlass, pos, &mut moves);
    moves.into_iter().find(|&m| order_text(engine.variant(), m) == order)
}
