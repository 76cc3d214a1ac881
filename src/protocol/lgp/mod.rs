//! `lgp`: Vorpal as a player of hidden-information Through the Looking-Glass, answering a
//! referee on stdin and stdout (see `docs/lgp.md`). It keeps a [`Belief`] of the board it
//! cannot see, and the blind player also [`Particles`], many guesses of the true position;
//! either gives full positions for the perfect-information search.

pub mod belief;
pub mod particles;

use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use crate::config::Config;
use crate::engine::Engine;
use crate::eval::expected_score;
use crate::geometry::Square;
use crate::movegen::{legal, Move};
use crate::notation::lgp::{order_squares, order_text, FateReport, FromPlayer, ToPlayer};
use crate::pieces::Color;
use crate::position::Position;
use crate::random::Rng;
use crate::referee::{world, Fate, Referee, StrikeRule};
use crate::rules::chess960::STANDARD_SETUP;
use crate::rules::LookingGlass;
use crate::search::Limits;
use belief::Belief;
use particles::{Particles, PARTICLES};

use super::Event;

/// The variant the hidden game is played in.
const VARIANT: &str = "lookingglass";
/// Positions the blind player draws from its simple belief to judge an order's risk of a
/// strike, when it has no guesses to judge it on.
const SAMPLES: usize = 8;
/// Guesses, likeliest first, on which every order is judged.
const JUDGED_GUESSES: usize = 64;
/// Guesses, likeliest first, whose best orders are pooled for the first choice.
const SEARCHED_GUESSES: usize = 4;
/// The share of the guesses in which an order may be impossible and still be given.
const MAX_STRIKE_RISK: f64 = 0.5;
/// The share of the guesses in which an order may lose the king to a reply and still be given.
const MAX_KING_RISK: f64 = 0.25;
/// Guesses, likeliest first, on which every safe order is scored by a short search.
const AVERAGED_GUESSES: usize = 32;
/// The depth of those short searches.
const AVERAGED_DEPTH: u32 = 2;
/// How far below the best average expected score an order may be and still be searched.
const AVERAGED_MARGIN: f64 = 0.04;
/// The shortest search worth starting.
const MIN_SEARCH: Duration = Duration::from_millis(5);
/// Share of the remaining time one order may take.
const TIME_SHARE: u64 = 30;

/// How Vorpal chooses its orders.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Player {
    /// Keeps many guesses of the true position that agree with all it was told, searches the
    /// one most of them hold, and avoids orders in the unseen world that most would make impossible.
    #[default]
    Blind,
    /// Assumes the unseen pieces are where it last knew them (or on the standard setup squares)
    /// and searches that one position.
    Naive,
    /// A random order among the moves of that one guessed position.
    Random,
}

/// The shares of the guesses in which an order goes wrong.
struct Risk {
    /// The referee finds it impossible: a strike.
    strike: f64,
    /// An enemy reply captures the king.
    king: f64,
}

/// One game's state on the player's side.
struct Game {
    color: Color,
    belief: Belief,
    /// The blind player's guesses at the true position (not under the alternative rule, where
    /// the opponent's orders for it would also have to be followed).
    particles: Option<Particles>,
    side: Color,
    /// Orders refused or found impossible on this turn, not to be given again.
    tried: Vec<String>,
    /// The true position, when the referee tells it (a sighted player).
    truth: Option<Position>,
    /// Orders found impossible this game: set aside from then on, since the blind player's
    /// guesses may not know why.
    impossible: Vec<String>,
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
            Event::TooLong(n) => {
                crate::outln!("Error ({}): the line is ignored", super::too_long(n));
                continue;
            }
            Event::End => break,
            Event::Done(..) => continue,
        };
        if line.trim().is_empty() {
            continue;
        }
        let message = match ToPlayer::parse(engine.variant().geometry(), &line) {
            Ok(m) => m,
            Err(e) => {
                crate::outln!("Error (not understood: {e}): {line}");
                continue;
            }
        };
        match &message {
            ToPlayer::Quit => return 0,
            ToPlayer::NewGame { color, rule } => {
                let belief = Belief::new(engine.variant().clone(), *color);
                let particles = (player == Player::Blind && *rule == StrikeRule::Strikes)
                    .then(|| Particles::new(engine.variant().clone(), engine.evaluation(), *color, rng.next_u64()));
                game = Some(Game {
                    color: *color,
                    belief,
                    particles,
                    side: Color::White,
                    tried: Vec::new(),
                    truth: None,
                    impossible: Vec::new(),
                });
            }
            ToPlayer::SetupQuery => {
                let setup = if player == Player::Naive { STANDARD_SETUP } else { rng.below(960) as u32 };
                crate::outln!("{}", FromPlayer::Setup(Some(setup)).line());
            }
            ToPlayer::End { .. } => game = None,
            _ => {}
        }
        let Some(game) = game.as_mut() else { continue };
        // The guesses settle the view before this message: a belief that has not yet taken
        // this message in is at that view too, and can stand in for guesses found wrong.
        if let Some(particles) = game.particles.as_mut() {
            particles.observe(&message);
            if let Some(side) = particles.lost() {
                // Something the guesses could not follow: start again from the simple belief.
                let samples = (0..PARTICLES).filter_map(|_| game.belief.sample(side, &mut rng)).collect();
                particles.reseed(samples);
            }
        }
        game.belief.observe(&message);
        match message {
            ToPlayer::View { side, .. } => game.side = side,
            ToPlayer::Truth(fen) => game.truth = Position::from_fen(engine.variant().clone(), &fen).ok(),
            ToPlayer::Fate(FateReport::Played(_)) => game.tried.clear(),
            ToPlayer::Fate(FateReport::Impossible(_)) => game.impossible.extend(game.tried.last().cloned()),
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
                        if let Some(particles) = game.particles.as_mut() {
                            particles.ordered(&text);
                        }
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
                self.search(engine, &mut pos, budget, &|_| true).map(|(order, _)| order)
            }
            Player::Blind => self.blind_choice(engine, rng, budget),
        }
    }

    /// Judges every order of the likeliest guess on the likeliest guesses first and keeps the
    /// safest ([`safest`]) and of those the best on average ([`Game::averaged_scores`]), then
    /// searches a few of the likeliest guesses for the best of those and gives the order chosen
    /// for the most particles.
    fn blind_choice(&mut self, engine: &mut Engine, rng: &mut Rng, budget: Duration) -> Option<String> {
        let followed = self.particles.as_ref().filter(|p| !p.positions().is_empty());
        let (samples, guess): (Vec<(Position, usize)>, _) = match (&self.truth, followed) {
            (Some(truth), _) => (vec![(truth.clone(), 1)], Some(truth.clone())),
            (None, Some(particles)) => {
                let weighed = particles.weighed(JUDGED_GUESSES);
                let likeliest = weighed.first().map(|(pos, _)| pos.clone());
                (weighed, likeliest)
            }
            (None, None) => (
                (0..SAMPLES).filter_map(|_| self.belief.sample(self.color, rng)).map(|pos| (pos, 1)).collect(),
                self.belief.guess(self.color),
            ),
        };
        let mut guess = guess?;
        let deadline = Instant::now() + budget;
        let judged: Vec<(String, Risk)> = self
            .untried(engine, &mut guess)
            .into_iter()
            .filter(|(_, order)| !same_squares_as_any(order, &self.impossible))
            .map(|(_, order)| {
                let risk = self.risk(&samples, &order);
                (order, risk)
            })
            .collect();
        let mut allowed = safest(judged);
        if allowed.is_empty() {
            return self.simple_choice(engine, deadline);
        }
        if samples.len() > 1 && allowed.len() > 1 {
            // The few likeliest guesses alone would not see a piece given away in a third of
            // the setups the enemy may have: score every order on many guesses first.
            let scores = self.averaged_scores(engine, &samples, &allowed, Instant::now() + budget / 2);
            allowed = near_the_best(allowed, &scores);
        }
        let searched = &samples[..samples.len().min(SEARCHED_GUESSES)];
        let left = deadline.saturating_duration_since(Instant::now());
        let share = (left / searched.len().max(1) as u32).max(MIN_SEARCH);
        let mut votes: Vec<(String, usize)> = Vec::new();
        let keep = |order: &str| allowed.iter().any(|a| a == order);
        for (pos, weight) in searched {
            let Some((order, _)) = self.search(engine, &mut pos.clone(), share, &keep) else { continue };
            match votes.iter_mut().find(|(o, _)| *o == order) {
                Some((_, count)) => *count += weight,
                None => votes.push((order, *weight)),
            }
        }
        // A stable sort: among equal counts the likeliest guess's choice stays first.
        votes.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
        votes.into_iter().next().map(|(order, _)| order).or_else(|| allowed.into_iter().next())
    }

    /// When the likeliest guess has no order left to give: the best of the simple belief's
    /// guess, still leaving out the orders found impossible this game.
    fn simple_choice(&self, engine: &mut Engine, deadline: Instant) -> Option<String> {
        let mut pos = self.belief.guess(self.color)?;
        let left = deadline.saturating_duration_since(Instant::now());
        let possible = |order: &str| !same_squares_as_any(order, &self.impossible);
        self.search(engine, &mut pos, left.max(MIN_SEARCH), &possible).map(|(order, _)| order)
    }

    /// In what share of `samples` (positions with their weights) the referee would find
    /// `order` impossible (never in the player's own world, where orders are checked, not
    /// struck), and in what share an enemy reply could then capture the player's king.
    fn risk(&self, samples: &[(Position, usize)], order: &str) -> Risk {
        let mut risk = Risk { strike: 0.0, king: 0.0 };
        for (pos, weight) in samples {
            let weight = *weight as f64;
            let Ok(mut referee) = Referee::new(pos.clone(), StrikeRule::Strikes) else { continue };
            match referee.order(self.color, order) {
                Ok(Fate::Impossible { .. }) => risk.strike += weight,
                Ok(Fate::Played(_)) => {
                    let mut after = referee.position().clone();
                    let kings: Vec<Square> = after.king_squares(self.color).collect();
                    // A king that crosses into the world the enemy sees whole and the player
                    // does not is lost there more often than the guesses know.
                    let unseen = world(self.color.flip());
                    let was_seen = pos.king_squares(self.color).all(|k| k.layer() != unseen);
                    if was_seen && kings.iter().any(|k| k.layer() == unseen) && referee.end().is_none() {
                        risk.king += weight;
                        continue;
                    }
                    let mut replies = Vec::new();
                    legal(&LookingGlass, &mut after, &mut replies);
                    if replies.iter().any(|m| m.capture().is_some_and(|sq| kings.contains(&sq))) {
                        risk.king += weight;
                    }
                }
                _ => {}
            }
        }
        let n = samples.iter().map(|(_, weight)| weight).sum::<usize>().max(1) as f64;
        Risk { strike: risk.strike / n, king: risk.king / n }
    }

    /// Each of `orders`' expected score (0 lost, 1 won) averaged over the likeliest of
    /// `samples` by their weights, each scored by a short search after the referee of that guess
    /// carried the order out; empty when no guess could be scored before `deadline`. Whole
    /// guesses are scored in turn, so that the averages are over the same guesses.
    fn averaged_scores(
        &self,
        engine: &mut Engine,
        samples: &[(Position, usize)],
        orders: &[String],
        deadline: Instant,
    ) -> Vec<f64> {
        let mut sums = vec![0.0; orders.len()];
        let mut total = 0.0;
        for (pos, weight) in samples.iter().take(AVERAGED_GUESSES) {
            if Instant::now() >= deadline {
                break;
            }
            // An order impossible in this guess leaves it as it stands, with a strike.
            let mut standing = None;
            let mut scores = Vec::with_capacity(orders.len());
            for order in orders {
                let Ok(mut referee) = Referee::new(pos.clone(), StrikeRule::Strikes) else { break };
                let score = match (referee.order(self.color, order), referee.end()) {
                    (Ok(Fate::Played(_)), Some(end)) => match end.winner {
                        Some(winner) => f64::from(u8::from(winner == self.color)),
                        None => 0.5,
                    },
                    (Ok(Fate::Played(_)), None) => 1.0 - short_score(engine, referee.position()),
                    _ => *standing.get_or_insert_with(|| short_score(engine, pos)),
                };
                scores.push(score);
            }
            if scores.len() == orders.len() {
                let weight = *weight as f64;
                sums.iter_mut().zip(scores).for_each(|(sum, score)| *sum += weight * score);
                total += weight;
            }
        }
        if total == 0.0 {
            return Vec::new();
        }
        sums.into_iter().map(|sum| sum / total).collect()
    }

    /// The best order in `pos` that was not tried this turn and that `keep` keeps, and its score.
    fn search(
        &self,
        engine: &mut Engine,
        pos: &mut Position,
        budget: Duration,
        keep: &dyn Fn(&str) -> bool,
    ) -> Option<(String, i32)> {
        let mut moves = self.untried(engine, pos);
        moves.retain(|(_, order)| keep(order));
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
        legal(&LookingGlass, pos, &mut moves);
        let variant = engine.variant();
        moves
            .into_iter()
            .map(|m| (m, order_text(variant, m)))
            .filter(|(_, order)| !same_squares_as_any(order, &self.tried))
            .collect()
    }
}

/// The orders worth searching among `judged`: those safe enough (the referee would find them
/// impossible in at most half the guesses, and an enemy reply could capture the king in at most
/// a quarter), or when none is, those that risk the king least.
fn safest(mut judged: Vec<(String, Risk)>) -> Vec<String> {
    let safe = |risk: &Risk| risk.strike <= MAX_STRIKE_RISK && risk.king <= MAX_KING_RISK;
    if judged.iter().any(|(_, risk)| safe(risk)) {
        judged.retain(|(_, risk)| safe(risk));
    } else {
        let least = judged.iter().map(|(_, risk)| risk.king).fold(f64::INFINITY, f64::min);
        judged.retain(|(_, risk)| risk.king <= least);
    }
    judged.into_iter().map(|(order, _)| order).collect()
}

/// The expected score (0 lost, 1 won) of the side to move in `pos` by a short search.
fn short_score(engine: &mut Engine, pos: &Position) -> f64 {
    let limits = Limits { depth: Some(AVERAGED_DEPTH), ..Limits::default() };
    let info = engine.set_position(Some(&pos.to_fen()), &[]).ok().and_then(|()| engine.think(limits, |_, _, _| {}));
    match info {
        Some(info) => expected_score(f64::from(info.score)),
        None => 0.5,
    }
}

/// The orders of `orders` whose averaged expected score (`scores`, in the same order) is within
/// [`AVERAGED_MARGIN`] of the best; all of them when there are no scores.
fn near_the_best(orders: Vec<String>, scores: &[f64]) -> Vec<String> {
    if scores.len() != orders.len() {
        return orders;
    }
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    orders.into_iter().zip(scores).filter(|(_, &score)| score >= best - AVERAGED_MARGIN).map(|(o, _)| o).collect()
}

/// Whether `order` names the same squares as one of `orders`. Whether the referee carries an
/// order out or refuses it depends on its squares alone, not on the piece a pawn promotes to:
/// an order found impossible as `1h21g1q` is impossible as `1h21g1r` too.
fn same_squares_as_any(order: &str, orders: &[String]) -> bool {
    let mine = order_squares(order);
    orders.iter().any(|o| order_squares(o) == mine)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use std::sync::Arc;

    /// White's side of a game, with only the simple belief.
    fn white_without_guesses(variant: &Arc<Variant>) -> Game {
        Game {
            color: Color::White,
            belief: Belief::new(variant.clone(), Color::White),
            particles: None,
            side: Color::White,
            tried: Vec::new(),
            truth: None,
            impossible: Vec::new(),
        }
    }

    #[test]
    fn an_impossible_order_is_never_given_again_even_by_the_last_resort() {
        let mut engine = Engine::new(Config::builtin());
        engine.set_variant(VARIANT).unwrap();
        let variant = engine.variant().clone();
        let mut game = white_without_guesses(&variant);
        let unseen = ["????????"; 8].join("/");
        for line in [
            "setup 567".to_string(),
            format!("view 8/8/8/8/8/8/PPPPPPPP/RNBKNRQB|{unseen} w castling FA ep - captured - - strikes 0"),
        ] {
            game.belief.observe(&ToPlayer::parse(engine.variant().geometry(), &line).unwrap());
        }
        for _ in 0..4 {
            let deadline = Instant::now() + Duration::from_millis(20);
            let order = game.simple_choice(&mut engine, deadline).expect("an order is left");
            assert!(!same_squares_as_any(&order, &game.impossible), "{order} again after {:?}", game.impossible);
            game.impossible.push(order);
        }
    }

    #[test]
    fn only_safe_orders_are_searched_and_when_none_is_those_that_risk_the_king_least() {
        let judged = |risks: &[(&str, f64, f64)]| {
            let judged = risks.iter().map(|&(o, strike, king)| (o.to_owned(), Risk { strike, king })).collect();
            safest(judged)
        };
        let risks = [("1e21e4", 0.0, 0.0), ("2d72d5", 0.6, 0.0), ("1g11f3", 0.0, 0.3), ("2b82c6", 0.5, 0.25)];
        assert_eq!(judged(&risks), ["1e21e4", "2b82c6"]);
        let risks = [("1e11f2", 0.0, 1.0), ("1e11d1", 0.9, 0.5), ("1e11e2", 0.0, 0.5)];
        assert_eq!(judged(&risks), ["1e11d1", "1e11e2"]);
        assert!(judged(&[]).is_empty());
    }

    #[test]
    fn an_order_is_scored_on_many_guesses_so_a_piece_lost_in_most_of_them_scores_low() {
        let mut engine = Engine::new(Config::builtin());
        engine.set_variant(VARIANT).unwrap();
        let variant = engine.variant().clone();
        let game = white_without_guesses(&variant);
        // The queen's order to d4 lands it on the unseen board's d-file, where three guesses
        // of four have a rook; c2 is safe in all four.
        let guess = |unseen: &str| {
            let fen = format!("8/8/8/8/8/8/8/3QK3|{unseen}/8/8/8/8/8/8/8 w - - 0 1");
            Position::from_fen(variant.clone(), &fen).unwrap()
        };
        let samples = vec![(guess("3rk3"), 3), (guess("4k3"), 1)];
        let orders = ["1d11d4".to_owned(), "1d11c2".to_owned()];
        let deadline = Instant::now() + Duration::from_secs(60);
        let scores = game.averaged_scores(&mut engine, &samples, &orders, deadline);
        assert!(scores[1] > scores[0] + 0.3, "{scores:?}");
        assert_eq!(near_the_best(orders.to_vec(), &scores), ["1d11c2"]);
    }

    #[test]
    fn orders_near_the_best_average_are_kept_and_all_when_none_was_scored() {
        let orders = || ["1e21e4", "1d21d4", "1g11f3"].map(str::to_owned).to_vec();
        assert_eq!(near_the_best(orders(), &[0.50, 0.47, 0.30]), ["1e21e4", "1d21d4"]);
        assert_eq!(near_the_best(orders(), &[]), orders());
    }

    #[test]
    fn an_order_ruled_out_rules_out_its_other_promotions() {
        let given = vec!["1h21g1q".to_owned()];
        assert!(same_squares_as_any("1h21g1r", &given));
        assert!(same_squares_as_any("1h21g1q", &given));
        assert!(!same_squares_as_any("1h21h1q", &given));
        assert!(!same_squares_as_any("1e21e4", &given));
    }
}
