//! Hidden Looking-Glass in the browser: the referee plays the game on a thread of its own, and
//! each person is a seat that sees only what the referee tells that seat, reached by an address
//! with a secret in it.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::board::{board_json, view_pieces};
use super::json::{list, object, optional, quote};
use crate::arena::answer::Answer;
use crate::arena::client::{self, EngineSpec, Protocol};
use crate::arena::game::{Adjudication, GameRules, HiddenRules};
use crate::arena::hidden_game::play_hidden_game;
use crate::arena::human::message_words;
use crate::arena::opening::Opening;
use crate::arena::seat::Seat;
use crate::config::Config;
use crate::geometry::Square;
use crate::notation::lgp::{FateReport, FromPlayer, Report, ToPlayer};
use crate::notation::time_control::TimeControl;
use crate::pieces::Color;
use crate::random::Rng;
use crate::referee::StrikeRule;
use crate::rules::chess960;
use crate::variant::Variant;

/// How long the referee may take to show the seats their first view.
const READY_TIME: Duration = Duration::from_secs(30);

/// How a hidden game is set up.
#[derive(Clone, Debug)]
pub struct HiddenSetup {
    /// The first person's side.
    pub side: Color,
    /// Whether the other side is a second person (else Vorpal's blind player).
    pub two_people: bool,
    /// What an impossible order costs.
    pub rules: HiddenRules,
    /// Vorpal's time per order.
    pub think: Duration,
    /// Seed of both sides' Chess960 setups.
    pub seed: u64,
}

/// What one seat knows, as the page shows it.
#[derive(Default)]
struct Knowledge {
    color: Option<Color>,
    /// What an impossible order costs in this game.
    rule: Option<StrikeRule>,
    /// The last view's boards, `?` where the seat cannot see.
    board: Option<String>,
    side_to_move: Option<Color>,
    strikes: u8,
    /// Everything the referee said, in words, oldest first.
    log: Vec<String>,
    /// The moves made so far in the true game (counted from the views: the side to move changed).
    plies: u32,
    /// What the referee's words said of single squares, oldest first, for the page to draw as
    /// remembered pieces: the same news as the log, in a form a program reads.
    sightings: Vec<Note>,
    /// Whether the referee waits for this seat's order, and whether it is for the opponent's pieces.
    asked: Option<bool>,
    result: Option<String>,
    /// What the person said, and when, not yet read by the referee.
    inbox: VecDeque<(FromPlayer, Instant)>,
    /// The person left (the game was replaced): the referee hears a resignation.
    gone: bool,
    version: u64,
}

/// One thing the seat was told of one square.
struct Note {
    /// The number of moves made when it was told.
    ply: u32,
    kind: NoteKind,
    square: Square,
    /// The piece's FEN letter, when the news names it.
    piece: Option<char>,
}

/// What a [`Note`] tells of its square.
#[derive(Copy, Clone)]
enum NoteKind {
    /// A piece arrived there by transfer (announced).
    Arrived,
    /// A piece there is attacked by one that arrived (announced).
    Attacked,
    /// The square in front of a pawn that arrived: a piece, or empty (announced).
    InFront,
    /// A piece was captured there.
    Captured,
    /// Something stands there: the seat's piece could not transfer onto it.
    Blocked,
    /// The seat's own piece landed there.
    Own,
}

impl NoteKind {
    fn name(self) -> &'static str {
        match self {
            NoteKind::Arrived => "arrived",
            NoteKind::Attacked => "attacked",
            NoteKind::InFront => "in-front",
            NoteKind::Captured => "captured",
            NoteKind::Blocked => "blocked",
            NoteKind::Own => "own",
        }
    }
}

impl Knowledge {
    /// Keeps what a message says of single squares.
    fn note(&mut self, variant: &Variant, m: &ToPlayer) {
        let mut note = |ply, kind, square, piece| self.sightings.push(Note { ply, kind, square, piece });
        let now = self.plies;
        match m {
            ToPlayer::Captured(s) => note(now, NoteKind::Captured, s.square, Some(s.piece)),
            ToPlayer::Arrival { arrived, attacks, in_front } => {
                note(now, NoteKind::Arrived, arrived.square, Some(arrived.piece));
                for s in attacks {
                    note(now, NoteKind::Attacked, s.square, Some(s.piece));
                }
                if let Some((square, piece)) = in_front {
                    note(now, NoteKind::InFront, *square, *piece);
                }
            }
            // The mover hears the fate before the view of the move: it is of the next ply.
            ToPlayer::Fate(FateReport::Played(r)) => self.note_report(variant, now + 1, r),
            ToPlayer::MovedForYou(r) => self.note_report(variant, now, r),
            _ => {}
        }
    }

    /// Where the seat's piece landed, and, when it stayed, that the twin it could not reach is
    /// occupied.
    fn note_report(&mut self, variant: &Variant, ply: u32, r: &Report) {
        if r.landed == r.reached {
            for layer in variant.geometry().all_layers().filter(|&l| l != r.reached.layer()) {
                self.sightings.push(Note { ply, kind: NoteKind::Blocked, square: r.reached.twin(layer), piece: None });
            }
        }
        self.sightings.push(Note { ply, kind: NoteKind::Own, square: r.landed, piece: None });
    }
}

/// One seat's knowledge, shared between the referee's thread and the server's.
pub struct SeatBox {
    knowledge: Mutex<Knowledge>,
    changed: Condvar,
    variant: Arc<Variant>,
}

impl SeatBox {
    fn lock(&self) -> MutexGuard<'_, Knowledge> {
        self.knowledge.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The seat's state once its version is past `after`, or after `wait`.
    pub fn state_after(&self, after: u64, wait: Duration) -> String {
        let knowledge = self.lock();
        let (knowledge, _) =
            self.changed.wait_timeout_while(knowledge, wait, |k| k.version <= after).unwrap_or_else(|e| e.into_inner());
        state(&self.variant, &knowledge)
    }

    /// Waits until the referee has shown the seat its first view (or ended the game), up to
    /// `limit`; whether it has.
    fn wait_ready(&self, limit: Duration) -> bool {
        let knowledge = self.lock();
        let (knowledge, _) = self
            .changed
            .wait_timeout_while(knowledge, limit, |k| k.board.is_none() && k.result.is_none())
            .unwrap_or_else(|e| e.into_inner());
        knowledge.board.is_some() || knowledge.result.is_some()
    }

    /// The person's order, question or resignation; refused when the referee is not waiting for it.
    pub fn say(&self, message: FromPlayer) -> Result<(), String> {
        let mut knowledge = self.lock();
        if knowledge.result.is_some() {
            return Err("the game is over".into());
        }
        if knowledge.asked.is_none() && message != FromPlayer::Resign {
            return Err("it is not your turn to order".into());
        }
        // The question is answered and the order still awaited.
        if message != FromPlayer::Ask {
            knowledge.asked = None;
        }
        knowledge.inbox.push_back((message, Instant::now()));
        knowledge.version += 1;
        self.changed.notify_all();
        Ok(())
    }

    /// The person left: a referee waiting for an order hears a resignation.
    pub fn leave(&self) {
        self.lock().gone = true;
        self.changed.notify_all();
    }
}

/// A person in the browser as a seat of the referee's game.
struct BrowserSeat {
    seat: Arc<SeatBox>,
}

impl Seat for BrowserSeat {
    fn name(&self) -> String {
        "Human".into()
    }

    fn timed(&self) -> bool {
        false
    }

    fn tell(&mut self, variant: &Variant, messages: &[ToPlayer]) -> Result<(), String> {
        let mut knowledge = self.seat.lock();
        for m in messages {
            match m {
                ToPlayer::NewGame { color, rule } => {
                    knowledge.color = Some(*color);
                    knowledge.rule = Some(*rule);
                }
                ToPlayer::View { board, side, strikes, .. } => {
                    if knowledge.side_to_move.is_some_and(|before| before != *side) {
                        knowledge.plies += 1;
                    }
                    knowledge.board = Some(board.clone());
                    knowledge.side_to_move = Some(*side);
                    knowledge.strikes = *strikes;
                }
                ToPlayer::Go { for_opponent, .. } => knowledge.asked = Some(*for_opponent),
                ToPlayer::End { result, reason } => knowledge.result = Some(format!("{result} ({reason})")),
                _ => knowledge.note(variant, m),
            }
            // The page has its own buttons and board: the prompt's help and the view's diagram
            // are not repeated in the log.
            if !matches!(m, ToPlayer::Go { .. }) {
                knowledge.log.extend(message_words(variant, m));
            }
        }
        knowledge.version += 1;
        self.seat.changed.notify_all();
        Ok(())
    }

    fn next(&mut self, _: Option<Instant>) -> Result<(FromPlayer, Instant), Answer> {
        let mut knowledge = self.seat.lock();
        loop {
            if let Some(message) = knowledge.inbox.pop_front() {
                return Ok(message);
            }
            if knowledge.gone {
                return Ok((FromPlayer::Resign, Instant::now()));
            }
            knowledge = self.seat.changed.wait(knowledge).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// A hidden game: its seats for people (one or two), the referee running it.
pub struct HiddenTable {
    /// The people's seats, by the side they play.
    pub seats: Vec<(Color, Arc<SeatBox>)>,
}

impl HiddenTable {
    /// Starts the referee's game; with one person, Vorpal's blind player (this program, as an
    /// `lgp` engine) takes the other side.
    pub fn start(config: &Config, setup: &HiddenSetup) -> Result<HiddenTable, String> {
        let variant = config.variant("lookingglass", &[]).map_err(|e| e.to_string())?;
        let mut rng = Rng::new(setup.seed);
        let (white, black) = (rng.below(960) as u32, rng.below(960) as u32);
        let fen = chess960::setup_fen(&variant.start_fen, white, black).ok_or("the setups cannot be placed")?;
        let people: Vec<Color> = if setup.two_people { vec![Color::White, Color::Black] } else { vec![setup.side] };
        let seats: Vec<(Color, Arc<SeatBox>)> = people
            .iter()
            .map(|&c| {
                let seat = SeatBox {
                    knowledge: Mutex::new(Knowledge::default()),
                    changed: Condvar::new(),
                    variant: variant.clone(),
                };
                (c, Arc::new(seat))
            })
            .collect();
        let engine = if setup.two_people {
            None
        } else {
            let program = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
            let mut spec = EngineSpec::new(&format!("'{}' --player blind", program.display()), Protocol::Lgp);
            spec.name = Some("Vorpal".into());
            Some(client::start_lgp(&spec, None)?)
        };
        let per_order = TimeControl::PerMove(setup.think);
        let rules = GameRules {
            variant: variant.clone(),
            tc: per_order,
            margin: Duration::from_millis(200),
            adjudication: Adjudication::default(),
            hidden: Some(setup.rules),
        };
        let hidden = setup.rules;
        let mut browsers: Vec<(Color, BrowserSeat)> =
            seats.iter().map(|(c, s)| (*c, BrowserSeat { seat: s.clone() })).collect();
        std::thread::spawn(move || {
            let opening = Opening { fen, moves: Vec::new() };
            let mut engine = engine;
            let tc = |human: bool| if human { TimeControl::Infinite } else { per_order };
            match (&mut engine, browsers.as_mut_slice()) {
                (Some(engine), [(color, person)]) => {
                    let seats: [&mut dyn Seat; 2] =
                        if *color == Color::White { [person, engine] } else { [engine, person] };
                    let tcs = if *color == Color::White { [tc(true), tc(false)] } else { [tc(false), tc(true)] };
                    play_hidden_game(&rules, hidden, &opening, seats, tcs);
                }
                (None, [(_, white), (_, black)]) => {
                    play_hidden_game(&rules, hidden, &opening, [white, black], [tc(true), tc(true)]);
                }
                _ => {}
            }
            if let Some(engine) = engine {
                engine.quit();
            }
        });
        // The seats' addresses are handed out only once each seat has something to show.
        if !seats.iter().all(|(_, seat)| seat.wait_ready(READY_TIME)) {
            for (_, seat) in &seats {
                seat.leave();
            }
            return Err(format!("the game did not start within {} s", READY_TIME.as_secs()));
        }
        Ok(HiddenTable { seats })
    }
}

/// One seat's state as JSON: its boards as it sees them, its turn, strikes, log and result.
fn state(variant: &Variant, k: &Knowledge) -> String {
    let boards = k.board.as_deref().map(|view| {
        let pieces = view_pieces(variant, view);
        let piece_at = |sq: Square| pieces.iter().find(|(s, _)| *s == sq).map(|&(_, c)| c);
        list(variant.geometry().all_layers().map(|layer| board_json(variant, layer, piece_at)))
    });
    let color = k.color.map(|c| quote(if c == Color::White { "white" } else { "black" }));
    object([
        ("version", k.version.to_string()),
        ("color", optional(color)),
        ("boards", optional(boards)),
        ("side", optional(k.side_to_move.map(|c| quote(if c == Color::White { "white" } else { "black" })))),
        ("asked", k.asked.is_some().to_string()),
        ("forOpponent", (k.asked == Some(true)).to_string()),
        ("strikes", k.strikes.to_string()),
        ("rule", optional(k.rule.map(|r| quote(if r == StrikeRule::Strikes { "strikes" } else { "opponent-orders" })))),
        ("log", list(k.log.iter().map(|l| quote(l)))),
        ("plies", k.plies.to_string()),
        ("sightings", list(k.sightings.iter().map(|n| note_json(variant, n)))),
        ("result", optional(k.result.as_deref().map(quote))),
    ])
}

/// A note as JSON: `{"ply": 3, "kind": "arrived", "square": "2f6", "piece": "n"}`.
fn note_json(variant: &Variant, n: &Note) -> String {
    object([
        ("ply", n.ply.to_string()),
        ("kind", quote(n.kind.name())),
        ("square", quote(&variant.geometry().square_name(n.square))),
        ("piece", optional(n.piece.map(|c| quote(&c.to_string())))),
    ])
}
