//! One hidden-information Looking-Glass game between two `lgp` players, Vorpal's referee in the
//! middle: each player is told only what the referee's rules let it know, and the record keeps
//! the true moves with every order and its fate.

use std::time::{Duration, Instant};

use super::answer::{Answer, Thought};
use super::game::{Game, GameRules, HiddenRules, Termination};
use super::opening::Opening;
use super::seat::Seat;
use crate::engine::rules_of::read_move;
use crate::notation::lgp::{FromPlayer, ToPlayer};
use crate::notation::time_control::TimeControl;
use crate::pieces::{ByColor, Color};
use crate::position::Position;
use crate::referee::{Fate, Referee};
use crate::rules::chess960;
use crate::variant::Variant;

/// How long a player may take to name its setup.
const SETUP_TIME: Duration = Duration::from_secs(10);

/// The Chess960 number of the back rank of `color` in a Looking-Glass position, if it is one.
pub fn setup_number(pos: &Position, color: Color) -> Option<u32> {
    let fen = pos.to_fen();
    let board = fen.split(' ').next()?;
    let rank = board.split(['/', '|']).find(|row| {
        row.len() == 8
            && row.chars().all(|c| c.is_ascii_alphabetic() && (c.is_ascii_uppercase() == (color == Color::White)))
            && !row.chars().any(|c| c.eq_ignore_ascii_case(&'p'))
    })?;
    let upper = rank.to_ascii_uppercase();
    (0..960).find(|&n| chess960::back_rank(n).is_some_and(|r| r.iter().collect::<String>() == upper))
}

/// Plays one hidden game: `seats[0]` has White, each on its time control. An end the referee
/// did not announce (a forfeit, a resignation, a crash) is told to both seats afterwards.
pub fn play_hidden_game(
    rules: &GameRules,
    hidden: HiddenRules,
    opening: &Opening,
    mut seats: [&mut dyn Seat; 2],
    tcs: [TimeControl; 2],
) -> Game {
    let mut announced = false;
    let record = referee_game(rules, hidden, opening, &mut seats, tcs, &mut announced);
    if !announced {
        let end = ToPlayer::End { result: record.result.clone(), reason: record.reason.clone() };
        for seat in seats {
            // A seat that crashed cannot be told; the others are.
            let _ = seat.tell(&rules.variant, std::slice::from_ref(&end));
        }
    }
    record
}

/// The game itself; `announced` is set when the referee's own end was told to both seats.
fn referee_game(
    rules: &GameRules,
    hidden: HiddenRules,
    opening: &Opening,
    seats: &mut [&mut dyn Seat; 2],
    tcs: [TimeControl; 2],
    announced: &mut bool,
) -> Game {
    let variant = rules.variant.clone();
    let (mut referee, mut record) = match seat_players(rules, hidden, opening, seats, tcs) {
        Ok(started) => started,
        Err(record) => return *record,
    };
    let mut notes = Vec::new();
    while referee.end().is_none() {
        let orderer = referee.orderer();
        let s = orderer.index();
        let name = orderer.name();
        let for_opponent = orderer != referee.side_to_move();
        let clocks = record.clocks();
        let movetime = matches!(tcs[s], TimeControl::PerMove(_)).then(|| clocks.left(s).as_millis() as u64);
        let time = ByColor([0, 1].map(|side| clocks.left(side).as_millis() as u64));
        let go = ToPlayer::Go { time, movetime, for_opponent };
        if let Err(e) = seats[s].tell(&variant, &[go]) {
            record.broken[s] = true;
            return end_after(record, Some(orderer.flip()), e, Termination::Abandoned, &notes);
        }
        let asked = Instant::now();
        let timed = seats[s].timed();
        let deadline = timed.then(|| record.clocks().deadline(s, asked));
        let (text, heard) = match read_order(&mut referee, &mut *seats[s], &variant, deadline, &mut notes) {
            Ok(order) => order,
            Err(Stop { broken, reason, termination }) => {
                record.broken[s] = broken;
                return end_after(record, Some(orderer.flip()), reason, termination, &notes);
            }
        };
        // Every order spends the orderer's time, carried out or not: a player cannot hold the
        // game by giving orders that are refused.
        let elapsed = heard.saturating_duration_since(asked);
        if timed && record.spend(orderer, elapsed).is_err() {
            return with_notes(record, &notes);
        }
        let fate = match referee.order(orderer, &text) {
            Ok(fate) => fate,
            Err(e) => return end_after(record, Some(orderer.flip()), e, Termination::RulesInfraction, &notes),
        };
        notes.push(format!("{name} orders {text}: {}", fate_words(&variant, &fate)));
        if let Err(e) = seats[s].tell(&variant, &[ToPlayer::of_fate(&variant, &fate)]) {
            record.broken[s] = true;
            return end_after(record, Some(orderer.flip()), e, Termination::Abandoned, &notes);
        }
        // A move or the end is news to both; a refused or impossible order only to the one who
        // gave it (its strikes), and under the alternative rule to the one who orders next.
        let told = if matches!(fate, Fate::Played(_)) || referee.end().is_some() || referee.orderer() != orderer {
            Color::ALL.to_vec()
        } else {
            vec![orderer]
        };
        if let Fate::Played(played) = fate {
            let notes = summary(&std::mem::take(&mut notes));
            record.play(orderer, played.mv, elapsed, Thought::default(), notes);
        }
        for color in told {
            let view = view_messages(&mut referee, color, seats[color.index()].sighted());
            if let Err(e) = seats[color.index()].tell(&variant, &view) {
                record.broken[color.index()] = true;
                return end_after(record, Some(color.flip()), e, Termination::Abandoned, &notes);
            }
        }
    }
    *announced = true;
    let end_of_game = referee.end().expect("the loop ran to the end");
    end_after(record, end_of_game.winner, end_of_game.describe(), Termination::Normal, &notes)
}

/// Why a seat's turn ended the game before its order: whether the seat is broken (it cannot be
/// told the end), the reason, and how the game ended.
struct Stop {
    broken: bool,
    reason: String,
    termination: Termination,
}

/// The seat's next order and when it was given, answering its questions meanwhile; or why the
/// game ends instead (a resignation, the clock, a player that crashed or refused).
fn read_order(
    referee: &mut Referee,
    seat: &mut dyn Seat,
    variant: &Variant,
    deadline: Option<Instant>,
    notes: &mut Vec<String>,
) -> Result<(String, Instant), Stop> {
    let orderer = referee.orderer();
    let name = orderer.name();
    loop {
        match seat.next(deadline) {
            Ok((FromPlayer::Order(text), heard)) => return Ok((text, heard)),
            Ok((FromPlayer::Ask, _)) => {
                let yes = referee.ask(orderer);
                notes.push(format!("{name} asks: {}", if yes { "yes" } else { "no" }));
                if let Err(reason) = seat.tell(variant, &[ToPlayer::Answer(yes)]) {
                    return Err(Stop { broken: true, reason, termination: Termination::Abandoned });
                }
            }
            Ok((FromPlayer::Resign, _)) => {
                let reason = format!("{name} resigns");
                return Err(Stop { broken: false, reason, termination: Termination::Normal });
            }
            Ok(_) => {}
            Err(Answer::Timeout) => {
                let reason = format!("{name} loses on time");
                return Err(Stop { broken: true, reason, termination: Termination::TimeForfeit });
            }
            Err(other) => {
                let why = match other {
                    Answer::Crashed(why) | Answer::Refused(why) => why,
                    _ => "stopped answering".into(),
                };
                let reason = format!("{name}'s player {why}");
                return Err(Stop { broken: true, reason, termination: Termination::Abandoned });
            }
        }
    }
}

/// Tells both seats of the new game, takes their setups (the opening's, or each player's
/// choice), plays the opening's moves and tells each seat its view: the referee and the record
/// so far, or the record of a game that could not start.
fn seat_players(
    rules: &GameRules,
    hidden: HiddenRules,
    opening: &Opening,
    seats: &mut [&mut dyn Seat; 2],
    tcs: [TimeControl; 2],
) -> Result<(Referee, Game), Box<Game>> {
    let variant = rules.variant.clone();
    let mut record = Game::new(opening, [seats[0].name(), seats[1].name()], tcs, rules.margin);
    let mut start = match Position::from_fen(variant.clone(), &opening.fen) {
        Ok(pos) => pos,
        Err(e) => return Err(Box::new(record.ended(None, format!("opening: {e}"), Termination::Abandoned))),
    };
    let mut setups = ByColor([0u32; 2]);
    for color in Color::ALL {
        let s = color.index();
        let new_game = ToPlayer::NewGame { color, rule: hidden.rule };
        if let Err(e) = seats[s].tell(&variant, &[new_game]) {
            record.broken[s] = true;
            return Err(Box::new(record.ended(Some(color.flip()), e, Termination::Abandoned)));
        }
        setups[color] = if hidden.players_choose {
            match ask_setup(&mut *seats[s], &variant) {
                Ok(n) => n,
                Err((answer, why)) => {
                    record.broken[s] = matches!(answer, Some(Answer::Crashed(_) | Answer::Timeout));
                    return Err(Box::new(record.ended(Some(color.flip()), why, Termination::Abandoned)));
                }
            }
        } else {
            setup_number(&start, color).unwrap_or(chess960::STANDARD_SETUP)
        };
    }
    if hidden.players_choose {
        let fen = chess960::setup_fen(&variant.start_fen, setups[Color::White], setups[Color::Black]);
        match fen.map(|fen| Position::from_fen(variant.clone(), &fen)) {
            Some(Ok(pos)) => start = pos,
            _ => {
                return Err(Box::new(record.ended(None, "the setups make no position".into(), Termination::Abandoned)))
            }
        }
        record.opening.fen = start.to_fen();
    }
    record.setups = Some(setups.0);
    let mut pos = start;
    for text in &opening.moves {
        match read_move(&mut pos, text) {
            Ok(mv) => {
                pos.make(mv);
                record.book_move(mv);
            }
            Err(e) => {
                return Err(Box::new(record.ended(None, format!("opening move {text}: {e}"), Termination::Abandoned)))
            }
        }
    }
    let mut referee = match Referee::new(pos, hidden.rule) {
        Ok(r) => r,
        Err(e) => return Err(Box::new(record.ended(None, e, Termination::Abandoned))),
    };
    for color in Color::ALL {
        let s = color.index();
        let mut messages = vec![ToPlayer::Setup(setups[color])];
        messages.extend(view_messages(&mut referee, color, seats[s].sighted()));
        if let Err(e) = seats[s].tell(&variant, &messages) {
            record.broken[s] = true;
            return Err(Box::new(record.ended(Some(color.flip()), e, Termination::Abandoned)));
        }
    }
    Ok((referee, record))
}

/// [`Game::ended`], the orders given since the last move (and their fates) added to the
/// reason, so that the record keeps them however the game ended.
fn end_after(record: Game, winner: Option<Color>, reason: String, termination: Termination, notes: &[String]) -> Game {
    with_notes(record.ended(winner, reason, termination), notes)
}

/// An ended game, the orders given since the last move added to its reason.
fn with_notes(mut record: Game, notes: &[String]) -> Game {
    if !notes.is_empty() {
        record.reason = format!("{} (after: {})", record.reason, summary(notes).join("; "));
    }
    record
}

/// The record's notes of one turn, the first few in full: a player may give thousands of
/// refused orders before its time runs out.
fn summary(notes: &[String]) -> Vec<String> {
    const KEPT: usize = 10;
    let mut kept: Vec<String> = notes.iter().take(KEPT).cloned().collect();
    if notes.len() > KEPT {
        kept.push(format!("and {} more", notes.len() - KEPT));
    }
    kept
}

/// What the referee tells `color` after a ply: its view and events, and for a sighted seat
/// the true position.
fn view_messages(referee: &mut Referee, color: Color, sighted: bool) -> Vec<ToPlayer> {
    let variant = referee.variant().clone();
    let mut messages = ToPlayer::of_view(&variant, &referee.view(color));
    if sighted {
        messages.push(ToPlayer::Truth(referee.position().to_fen()));
    }
    messages
}

/// Asks a seat for its setup; a wrong answer or none loses it the game.
fn ask_setup(seat: &mut dyn Seat, variant: &Variant) -> Result<u32, (Option<Answer>, String)> {
    seat.tell(variant, &[ToPlayer::SetupQuery]).map_err(|e| (None, e))?;
    let deadline = seat.timed().then(|| Instant::now() + SETUP_TIME);
    loop {
        match seat.next(deadline).map(|(message, _)| message) {
            Ok(FromPlayer::Setup(Some(n))) => return Ok(n),
            Ok(FromPlayer::Setup(None)) => {
                let nanos =
                    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
                return Ok(crate::random::Rng::new(nanos as u64).below(960) as u32);
            }
            Ok(_) => {}
            Err(Answer::Refused(why)) => return Err((None, format!("{}: {why}", seat.name()))),
            Err(answer) => {
                let why = format!("{}: no setup within {} s", seat.name(), SETUP_TIME.as_secs());
                return Err((Some(answer), why));
            }
        }
    }
}

/// The fate of an order in words, for the record.
fn fate_words(variant: &Variant, fate: &Fate) -> String {
    let g = &variant.geometry();
    match fate {
        Fate::Refused(why) => format!("refused ({why})"),
        Fate::Impossible { strikes } => format!("impossible, strike {strikes}"),
        Fate::Played(p) => {
            let mut words = if p.shortened() {
                format!("shortened to {}", g.square_name(p.reached))
            } else {
                "carried out".to_string()
            };
            if let Some(c) = p.captured {
                words += &format!(", takes {} on {}", c.piece, g.square_name(c.square));
            }
            words += if p.transferred() { ", transfers" } else { ", stays" };
            words
        }
    }
}
