//! `lgp`: Vorpal as a player of hidden-information Through the Looking-Glass, answering a
//! referee on stdin and stdout (see `docs/lgp.md`). It keeps a [`Belief`] of the board it
//! cannot see and turns it into full positions for the perfect-information search.

pub mod belief;

use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use crate::config::Config;
use crate::engine::Engine;
use crate::movegen::Move;
use crate::notation::lgp::{order_text, FateReport, FromPlayer, ToPlayer};
use crate::pieces::Color;
use crate::position::Position;
use crate::random::Rng;
use crate::referee::{world, Fate, Referee, StrikeRule};
use crate::rules::chess960::STANDARD_SETUP;
use crate::search::Limits;
use belief::Belief;

use super::Event;

/// The variant the hidden game is played in.
const VARIANT: &str = "lookingglass";
/// Positions the blind player draws from its belief to judge an order's risk of a strike.
const SAMPLES: usize = 8;
/// Orders the blind player may set aside as too likely impossible before it gives one anyway.
const RISKY_ORDERS: usize = 3;
/// The shortest search worth starting.
const MIN_SEARCH: Duration = Duration::from_millis(5);
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
                self.search(engine, &mut pos, budget, &[]).map(|(order, _)| order)
            }
            Player::Blind => self.blind_choice(engine, rng, budget),
        }
    }

    /// Searches the position it believes most likely, then tries the chosen order on positions
    /// drawn from its belief: an order in the unseen world that the referee would find
    /// impossible in most of them is set aside and the next best is searched for, so that it
    /// seldom risks a strike (a set-aside order is still given if nothing safer turns up).
    fn blind_choice(&mut self, engine: &mut Engine, rng: &mut Rng, budget: Duration) -> Option<String> {
        let samples: Vec<Position> = (0..SAMPLES).filter_map(|_| self.belief.sample(self.color, rng)).collect();
        let mut guess = self.belief.guess(self.color)?;
        let deadline = Instant::now() + budget;
        let mut set_aside = Vec::new();
        for attempt in 0..=RISKY_ORDERS {
            let left = deadline.saturating_duration_since(Instant::now());
            let time = if attempt == 0 { left * 2 / 3 } else { left / 2 };
            let Some((order, _)) = self.search(engine, &mut guess, time.max(MIN_SEARCH), &set_aside) else { break };
            if self.strike_risk(&samples, &order) <= 0.5 {
                return Some(order);
            }
            set_aside.push(order);
        }
        set_aside.into_iter().next()
    }

    /// The share of `samples` in which the referee would find `order` impossible (none for an
    /// order in the player's own world, which is checked, not struck).
    fn strike_risk(&self, samples: &[Position], order: &str) -> f64 {
        let unseen = (world(self.color.flip()).number() + 1).to_string();
        if samples.is_empty() || !order.starts_with(&unseen) {
            return 0.0;
        }
        let impossible = samples
            .iter()
            .filter(|pos| {
                let fate =
                    Referee::new((*pos).clone(), StrikeRule::Strikes).and_then(|mut r| r.order(self.color, order));
                matches!(fate, Ok(Fate::Impossible { .. }))
            })
            .count();
        impossible as f64 / samples.len() as f64
    }

    /// The best order in `pos` that was neither tried this turn nor `set_aside`, and its score.
    fn search(
        &self,
        engine: &mut Engine,
        pos: &mut Position,
        budget: Duration,
        set_aside: &[String],
    ) -> Option<(String, i32)> {
        let mut moves = self.untried(engine, pos);
        moves.retain(|(_, order)| !set_aside.contains(order));
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
