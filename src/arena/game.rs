//! One game between two engines, with Vorpal's rules as the arbiter: every move is checked, the
//! clocks are kept, claims are verified, and adjudication applies.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::answer::{Answer, Thought};
use super::client::Client;
use super::clock::GameClocks;
use super::opening::Opening;
use crate::engine::rules_of::{legal_moves, outcome, read_move};
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

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The opening it started from.
    pub opening: Opening,
    /// The names of White and Black.
    pub players: [String; 2],
    /// The moves of the opening, then the engines' moves.
    pub moves: Vec<Played>,
    /// The number of opening moves at the start of `moves`.
    pub book_moves: usize,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why, in words (the PGN comment).
    pub reason: String,
    /// How, in PGN's terms.
    pub termination: Termination,
    /// Which engine (by colour) must be restarted: it crashed or hung.
    pub broken: [bool; 2],
    /// White's and Black's time controls.
    pub time_controls: [TimeControl; 2],
    /// In a hidden game, White's and Black's Chess960 setups.
    pub setups: Option<[u32; 2]>,
}

impl GameRecord {
    /// A game about to start from `opening` between `players`, White first.
    pub fn new(opening: &Opening, players: [String; 2], tc: TimeControl) -> GameRecord {
        GameRecord {
            opening: opening.clone(),
            players,
            moves: Vec::new(),
            book_moves: 0,
            result: "*".into(),
            reason: String::new(),
            termination: Termination::Normal,
            broken: [false; 2],
            time_controls: [tc; 2],
            setups: None,
        }
    }
}

/// Plays one game: `engines[0]` has White. `watch` sees the record after every engine move.
pub fn play_game(
    rules: &GameRules,
    opening: &Opening,
    engines: [&mut Box<dyn Client>; 2],
    watch: &dyn Fn(&GameRecord),
) -> GameRecord {
    let variant = &rules.variant;
    let players = [engines[0].name().to_string(), engines[1].name().to_string()];
    let mut record = GameRecord::new(opening, players, rules.tc);
    let start = match Position::from_fen(variant.clone(), &opening.fen) {
        Ok(pos) => pos,
        Err(e) => return end(record, None, format!("opening: {e}"), Termination::Abandoned),
    };
    let mut pos = start.clone();
    for text in &opening.moves {
        let mv = read_move(&mut pos, text);
        match mv {
            Ok(mv) => {
                pos.make(mv);
                record.moves.push(Played::book(mv));
            }
            Err(e) => return end(record, None, format!("opening move {text}: {e}"), Termination::Abandoned),
        }
    }
    record.book_moves = record.moves.len();
    let [white, black] = engines;
    let mut engines = [white, black];
    let tcs = [0, 1].map(|i| engines[i].own_tc().unwrap_or(rules.tc));
    record.time_controls = tcs;
    for (i, engine) in engines.iter_mut().enumerate() {
        if let Err(e) = engine.new_game(variant, &start, tcs[i]) {
            record.broken[i] = true;
            let loser = Color::from_index(i);
            return end(record, Some(loser.flip()), e, Termination::Abandoned);
        }
    }
    let mut clocks = GameClocks::new(tcs, rules.margin);
    loop {
        let ended = outcome(&mut pos);
        if let Some(o) = ended {
            return end(record, o.winner, o.describe(&pos), Termination::Normal);
        }
        let side = pos.side();
        let s = side.index();
        let played: Vec<Move> = record.moves.iter().map(|p| p.mv).collect();
        let asked = Instant::now();
        let limit = clocks.deadline(s, asked) - asked;
        let answer = engines[s].play(variant, &played, clocks.told(s), tcs[s], limit);
        let elapsed = engines[s].heard().saturating_duration_since(asked);
        let name = Color::from_index(s).name();
        match answer {
            Answer::Timeout => {
                record.broken[s] = true;
                return end(record, Some(side.flip()), format!("{name} loses on time"), Termination::TimeForfeit);
            }
            Answer::Crashed(why) => {
                record.broken[s] = true;
                return end(record, Some(side.flip()), format!("{name}'s engine {why}"), Termination::Abandoned);
            }
            Answer::Resign => return end(record, Some(side.flip()), format!("{name} resigns"), Termination::Normal),
            Answer::Refused(words) => {
                let reason = format!("{name} refuses a legal move and cannot go on: {words}");
                return end(record, Some(side.flip()), reason, Termination::RulesInfraction);
            }
            Answer::Claim(result, comment) => {
                let reason = format!("{name} claims {result} ({comment}) falsely: the game goes on");
                return end(record, Some(side.flip()), reason, Termination::RulesInfraction);
            }
            Answer::Move(text, thought) => {
                let Ok(clock) = clocks.charge_move(s, elapsed) else {
                    return end(record, Some(side.flip()), format!("{name} loses on time"), Termination::TimeForfeit);
                };
                let moves = legal_moves(&mut pos);
                let Some(mv) = engines[s].find(variant, &moves, &text) else {
                    let reason = format!("{name} plays the illegal move {text}");
                    return end(record, Some(side.flip()), reason, Termination::RulesInfraction);
                };
                pos.make(mv);
                record.moves.push(Played { mv, elapsed, clock, thought, notes: Vec::new() });
                watch(&record);
                if let Some((winner, reason)) = adjudicate(&rules.adjudication, &record) {
                    return end(record, winner, reason, Termination::Adjudication);
                }
            }
        }
    }
}

/// Fills in the result, its reason and how the game ended.
pub(super) fn end(
    mut record: GameRecord,
    winner: Option<Color>,
    reason: String,
    termination: Termination,
) -> GameRecord {
    record.result = match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
    .into();
    record.reason = reason;
    record.termination = termination;
    record
}

/// The adjudicated end of the game, if its scores call for one.
fn adjudicate(rules: &Adjudication, record: &GameRecord) -> Option<(Option<Color>, String)> {
    let engine_moves = &record.moves[record.book_moves..];
    let ply = record.moves.len();
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
