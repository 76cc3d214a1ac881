//! The game every front end plays: its moves, the arbiter's clocks under every time-control
//! form, adjudication, and the result with its reason. Matches, hidden games, the GUI and
//! `vorpal play` keep their games in it; each brings its own position (or referee).

use std::sync::Arc;
use std::time::Duration;

use super::answer::Thought;
use super::clock::{Flag, GameClocks};
use super::opening::Opening;
use crate::engine::rules_of::outcome;
use crate::movegen::Move;
use crate::notation::time_control::TimeControl;
use crate::pieces::Color;
use crate::position::Position;
use crate::referee::StrikeRule;
use crate::variant::Variant;

/// Adjudication of games the engines agree on.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// A draw once both engines' scores stayed within ±`.1` centipawns for `.0` moves each.
    pub draw: Option<(u32, i32)>,
    /// A loss for an engine whose score stayed at −`.1` or below for `.0` of its moves.
    pub resign: Option<(u32, i32)>,
}

/// How the hidden games of a match are played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct HiddenRules {
    /// What an impossible order costs.
    pub rule: StrikeRule,
    /// Whether the players choose their setups (`setup?`) instead of being given the opening's.
    pub players_choose: bool,
}

impl HiddenRules {
    /// Reads `rule=strikes|opponent-orders setups=opening|players` (any order, either left out).
    pub fn parse(text: &str) -> Result<HiddenRules, String> {
        let mut rules = HiddenRules::default();
        for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
            match word.split_once('=') {
                Some(("rule", "strikes")) => rules.rule = StrikeRule::Strikes,
                Some(("rule", "opponent-orders")) => rules.rule = StrikeRule::OpponentOrders,
                Some(("setups", "opening")) => rules.players_choose = false,
                Some(("setups", "players")) => rules.players_choose = true,
                _ => {
                    return Err(format!(
                        "--hidden {word}: give rule=strikes|opponent-orders and setups=opening|players"
                    ))
                }
            }
        }
        Ok(rules)
    }
}

/// The rules of a match's games.
#[derive(Clone)]
pub struct GameRules {
    /// The variant.
    pub variant: Arc<Variant>,
    /// The time control.
    pub tc: TimeControl,
    /// Time an engine may overrun its clock before it loses on time (scheduling jitter).
    pub margin: Duration,
    /// Adjudication.
    pub adjudication: Adjudication,
    /// Whether the games are hidden-information Looking-Glass, refereed, and how.
    pub hidden: Option<HiddenRules>,
}

/// How a game ended, in PGN's terms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules, a resignation or a verified claim.
    Normal,
    /// An engine ran out of time or hung.
    TimeForfeit,
    /// An illegal move, a false claim, or a legal move refused.
    RulesInfraction,
    /// An engine crashed.
    Abandoned,
    /// Adjudicated by score.
    Adjudication,
}

impl Termination {
    /// The value of the PGN `Termination` tag.
    pub fn tag(&self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Adjudication => "adjudication",
        }
    }
}

/// A move as played: the move, its time, the mover's clock after it, the score reported.
#[derive(Clone, Debug)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// Time the engine took.
    pub elapsed: Duration,
    /// The mover's clock after the move (and its increment).
    pub clock: Option<Duration>,
    /// The score and depth the engine reported, from its side.
    pub thought: Thought,
    /// What else the record keeps of it: in a hidden game, the orders given and their fates.
    pub notes: Vec<String>,
}

impl Played {
    /// A move of the opening book.
    pub fn book(mv: Move) -> Played {
        Played { mv, elapsed: Duration::ZERO, clock: None, thought: Thought::default(), notes: Vec::new() }
    }
}

/// A game: begun, under way or finished.
#[derive(Clone, Debug)]
pub struct Game {
    /// The opening it started from.
    pub opening: Opening,
    /// The names of White and Black.
    pub players: [String; 2],
    /// The moves of the opening, then the players' moves.
    pub moves: Vec<Played>,
    /// The number of opening moves at the start of `moves`.
    pub book_moves: usize,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game is under way.
    pub result: String,
    /// Why, in words (the PGN comment).
    pub reason: String,
    /// How, in PGN's terms.
    pub termination: Termination,
    /// Which engine (by colour) must be restarted: it crashed or hung.
    pub broken: [bool; 2],
    /// In a hidden game, White's and Black's Chess960 setups.
    pub setups: Option<[u32; 2]>,
    clocks: GameClocks,
    /// The clocks as the turn under way began, before any of its time was spent.
    turn_began: GameClocks,
    /// The clocks as each move's turn began, so that a take-back restores them.
    clocks_before: Vec<GameClocks>,
}

impl Game {
    /// A game about to start from `opening` between `players`, White first, each side on its
    /// time control; `margin` is the lateness the clocks forgive.
    pub fn new(opening: &Opening, players: [String; 2], tcs: [TimeControl; 2], margin: Duration) -> Game {
        Game {
            opening: opening.clone(),
            players,
            moves: Vec::new(),
            book_moves: 0,
            result: "*".into(),
            reason: String::new(),
            termination: Termination::Normal,
            broken: [false; 2],
            setups: None,
            clocks: GameClocks::new(tcs, margin),
            turn_began: GameClocks::new(tcs, margin),
            clocks_before: Vec::new(),
        }
    }

    /// The arbiter's clocks.
    pub fn clocks(&self) -> &GameClocks {
        &self.clocks
    }

    /// White's and Black's time controls.
    pub fn time_controls(&self) -> [TimeControl; 2] {
        [0, 1].map(|s| self.clocks.time_control(s))
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.result != "*"
    }

    /// The result and its reason, as a person reads them: `1-0 (White mates)`.
    pub fn summary(&self) -> Option<String> {
        self.is_over().then(|| format!("{} ({})", self.result, self.reason))
    }

    /// Plays a move of the opening book: no clock runs.
    pub fn book_move(&mut self, mv: Move) {
        self.moves.push(Played::book(mv));
        self.book_moves = self.moves.len();
    }

    /// Charges `side` with `elapsed`, time spent on its turn; a side whose time is spent loses.
    pub fn spend(&mut self, side: Color, elapsed: Duration) -> Result<(), Flag> {
        self.clocks.spend(side.index(), elapsed).inspect_err(|_| self.lose_on_time(side))
    }

    /// `side`'s time ran out: it loses.
    pub fn lose_on_time(&mut self, side: Color) {
        self.finish(Some(side.flip()), format!("{} loses on time", side.name()), Termination::TimeForfeit);
    }

    /// Adds to a loss on time how long the loser's last turn `took` and how much of that its
    /// process `ran`, where known: a turn that ran far less than it took was a machine too busy
    /// to run the engine, not an engine thinking too long.
    pub fn note_turn_time(&mut self, took: Duration, ran: Option<Duration>) {
        if self.termination != Termination::TimeForfeit {
            return;
        }
        let ran = ran.map_or(String::new(), |ran| format!(", its process ran {:.2} s of it", ran.as_secs_f64()));
        self.reason = format!("{} (its turn took {:.2} s{ran})", self.reason, took.as_secs_f64());
    }

    /// Records `side`'s move, whose time was already [spent](Self::spend): its increment is
    /// added or a new period begins, and the mover's clock after it is kept with the move.
    pub fn play(&mut self, side: Color, mv: Move, elapsed: Duration, thought: Thought, notes: Vec<String>) {
        let clock = self.clocks.moved(side.index());
        self.clocks_before.push(std::mem::replace(&mut self.turn_began, self.clocks.clone()));
        self.moves.push(Played { mv, elapsed, clock, thought, notes });
    }

    /// Takes the last move back (not the opening's), with the clocks as they stood before it;
    /// the game is under way again.
    pub fn take_back(&mut self) -> Option<Played> {
        if self.moves.len() <= self.book_moves {
            return None;
        }
        let played = self.moves.pop()?;
        if let Some(clocks) = self.clocks_before.pop() {
            self.clocks = clocks.clone();
            self.turn_began = clocks;
        }
        self.result = "*".into();
        self.reason.clear();
        self.termination = Termination::Normal;
        Some(played)
    }

    /// Ends the game: `winner` (none for a draw), the reason in words, and how it ended.
    pub fn finish(&mut self, winner: Option<Color>, reason: String, termination: Termination) {
        self.result = match winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
        .into();
        self.reason = reason;
        self.termination = termination;
    }

    /// [`finish`](Self::finish), for a game handed on as it ends.
    pub fn ended(mut self, winner: Option<Color>, reason: String, termination: Termination) -> Game {
        self.finish(winner, reason, termination);
        self
    }

    /// Ends the game if the rules end it in `pos`, the position its moves reached; whether they do.
    pub fn note_outcome(&mut self, pos: &mut Position) -> bool {
        match outcome(pos) {
            Some(end) => {
                self.finish(end.winner, end.describe(pos), Termination::Normal);
                true
            }
            None => false,
        }
    }

    /// Ends the game if the players' scores call for adjudication; whether they did.
    pub fn adjudicate(&mut self, rules: &Adjudication) -> bool {
        match adjudication(rules, &self.moves[self.book_moves..], self.moves.len()) {
            Some((winner, reason)) => {
                self.finish(winner, reason, Termination::Adjudication);
                true
            }
            None => false,
        }
    }
}

/// The adjudicated end of a game whose players' moves are `engine_moves` (of `ply` in all),
/// if their scores call for one.
fn adjudication(rules: &Adjudication, engine_moves: &[Played], ply: usize) -> Option<(Option<Color>, String)> {
    if let Some((moves, cp)) = rules.resign {
        let mover = Color::from_index((ply - 1) % 2);
        let own: Vec<Option<i32>> =
            engine_moves.iter().rev().step_by(2).take(moves as usize).map(|p| p.thought.score).collect();
        if moves > 0 && own.len() == moves as usize && own.iter().all(|s| s.is_some_and(|s| s <= -cp)) {
            return Some((
                Some(mover.flip()),
                format!("{} resigns by adjudication (score -{cp} or worse)", mover.name()),
            ));
        }
    }
    if let Some((moves, cp)) = rules.draw {
        let last: Vec<Option<i32>> =
            engine_moves.iter().rev().take(2 * moves as usize).map(|p| p.thought.score).collect();
        if moves > 0 && last.len() == 2 * moves as usize && last.iter().all(|s| s.is_some_and(|s| s.abs() <= cp)) {
            return Some((None, format!("Draw by adjudication (scores within ±{cp} for {moves} moves)")));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, Layer, Square};
    use crate::position::moves::MoveKind;

    const MS: Duration = Duration::from_millis(1);

    fn clock_game() -> Game {
        let opening = Opening { fen: String::new(), moves: Vec::new() };
        let tc = TimeControl::Clock { moves: 0, base: 1000 * MS, increment: 100 * MS };
        Game::new(&opening, ["a".into(), "b".into()], [tc; 2], Duration::ZERO)
    }

    /// A move that took `elapsed`, charged as a match charges it.
    fn timed_move(game: &mut Game, side: Color, elapsed: Duration, thought: Thought) -> Result<(), Flag> {
        game.spend(side, elapsed)?;
        game.play(side, a_move(), elapsed, thought, Vec::new());
        Ok(())
    }

    fn a_move() -> Move {
        let square = |cell| Square::new(Layer::new(0), Cell::new(cell));
        Move::new(square(0), square(1), None, MoveKind::Normal)
    }

    #[test]
    fn a_move_charges_its_time_and_keeps_the_clock_after_it() {
        let mut game = clock_game();
        timed_move(&mut game, Color::White, 300 * MS, Thought::default()).unwrap();
        assert_eq!(game.moves[0].clock, Some(800 * MS), "1 s less 0.3 s, plus the 0.1 s increment");
        assert_eq!(game.clocks().left(0), 800 * MS);
    }

    #[test]
    fn a_take_back_restores_the_clocks_and_reopens_the_game() {
        let mut game = clock_game();
        timed_move(&mut game, Color::White, 300 * MS, Thought::default()).unwrap();
        assert_eq!(game.spend(Color::Black, 2000 * MS), Err(Flag));
        assert_eq!(game.summary().as_deref(), Some("1-0 (Black loses on time)"));
        assert!(game.take_back().is_some());
        assert!(!game.is_over());
        assert_eq!(game.clocks().left(0), 1000 * MS);
        assert!(game.take_back().is_none(), "nothing before the first move");
    }

    #[test]
    fn the_opening_book_is_not_taken_back_and_runs_no_clock() {
        let mut game = clock_game();
        game.book_move(a_move());
        assert_eq!((game.book_moves, game.clocks().left(0)), (1, 1000 * MS));
        assert!(game.take_back().is_none());
    }

    #[test]
    fn adjudication_ends_the_game_on_the_players_scores() {
        let mut game = clock_game();
        let rules = Adjudication { draw: Some((2, 10)), resign: None };
        for (i, score) in [5, -3, 8, 0].into_iter().enumerate() {
            assert!(!game.adjudicate(&rules), "after {i} moves");
            let thought = Thought { score: Some(score), depth: Some(1) };
            timed_move(&mut game, Color::from_index(i % 2), MS, thought).unwrap();
        }
        assert!(game.adjudicate(&rules));
        assert_eq!((game.result.as_str(), game.termination), ("1/2-1/2", Termination::Adjudication));
    }
}
