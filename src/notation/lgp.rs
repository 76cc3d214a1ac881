//! The lines of `lgp`, the protocol between the hidden Looking-Glass referee and its players:
//! each message once, written by the referee's side and read by the players' (and the other way
//! round), so both ends of the match runner and Vorpal's own player agree by construction.
//!
//! Squares are written as in Vorpal's notation (`2d5`), pieces as FEN letters (upper case
//! White), a piece on a square as `r@2d5`. The protocol is described for player authors in
//! `docs/lgp.md`.

use crate::geometry::{Geometry, Square, Word};
use crate::movegen::Move;
use crate::pieces::{ByColor, Color};
use crate::referee::{End, Event, Fate, Played, Sighting, StrikeRule, View};
use crate::variant::Variant;

/// What a player can read of a carried-out order (its own, or one given for it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The move of the true position, in Vorpal's notation.
    pub text: String,
    /// Where the piece got on its own board (the ordered square unless shortened).
    pub reached: Square,
    /// Where it stands after the transfer.
    pub landed: Square,
    /// Where the castling rook stands after it, for a castling.
    pub rook: Option<Square>,
    /// What it captured.
    pub captured: Option<Sighting>,
}

/// A message from the referee to a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToPlayer {
    /// A game starts: the player's side and what an impossible order costs.
    NewGame {
        /// The side the player plays.
        color: Color,
        /// The rule for impossible orders.
        rule: StrikeRule,
    },
    /// The referee asks for the player's Chess960 setup (answered by `setup N`).
    SetupQuery,
    /// The player's setup, as chosen or assigned.
    Setup(u32),
    /// What the player sees (the events follow as their own lines).
    View {
        /// Both boards as this player sees them (`?` for unseen cells).
        board: String,
        /// The side to move.
        side: Color,
        /// The player's own castling rights.
        castling: String,
        /// A square passed by a double step in the player's world.
        en_passant: Option<Square>,
        /// The captured pieces of each side.
        captured: ByColor<String>,
        /// The player's strikes.
        strikes: u8,
    },
    /// The true position, after the view, told only to a player with full sight (`sighted`).
    Truth(String),
    /// A piece was captured.
    Captured(Sighting),
    /// A piece arrived in the world the player cannot see.
    Arrival {
        /// The arriving piece where it landed.
        arrived: Sighting,
        /// The adversaries it attacks there.
        attacks: Vec<Sighting>,
        /// For a pawn, the square in front of it and what stands there.
        in_front: Option<(Square, Option<char>)>,
    },
    /// The opponent's order for this player moved one of its pieces.
    MovedForYou(Report),
    /// The player is to order for the opponent next.
    OrderForOpponent,
    /// The player's turn to order, with both clocks in milliseconds.
    Go {
        /// Milliseconds left to each side.
        time: ByColor<u64>,
        /// Under a fixed time per order, that time in milliseconds.
        movetime: Option<u64>,
        /// Whether the order is for the opponent's pieces (the alternative rule).
        for_opponent: bool,
    },
    /// The fate of the player's last order.
    Fate(FateReport),
    /// The answer to the question.
    Answer(bool),
    /// The game is over.
    End {
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
        /// The reason in words.
        reason: String,
    },
    /// The session is over.
    Quit,
}

/// The fate of an order as a player reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FateReport {
    /// Not accepted, at no cost, with the reason.
    Refused(String),
    /// Impossible; the player's strikes now.
    Impossible(u8),
    /// Carried out.
    Played(Report),
}

/// A message from a player to the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromPlayer {
    /// The player's name (`id name ...`).
    Name(String),
    /// The end of the handshake.
    Ready,
    /// The player's Chess960 setup, or `None` for `setup random`.
    Setup(Option<u32>),
    /// An order, in Vorpal's notation.
    Order(String),
    /// The question: has the player a legal move on the other board?
    Ask,
    /// The player gives the game up.
    Resign,
}

/// The letter of a colour in the protocol.
fn side_letter(color: Color) -> &'static str {
    if color == Color::White {
        "w"
    } else {
        "b"
    }
}

fn read_side(word: &str) -> Result<Color, String> {
    match word {
        "w" | "white" => Ok(Color::White),
        "b" | "black" => Ok(Color::Black),
        other => Err(format!("'{other}' is not a side (w or b)")),
    }
}

fn sighting_text<W: Word>(g: &Geometry<W>, s: &Sighting) -> String {
    format!("{}@{}", s.piece, g.square_name(s.square))
}

fn read_square<W: Word>(g: &Geometry<W>, word: &str) -> Result<Square, String> {
    g.parse_square(word).ok_or_else(|| format!("'{word}' is not a square"))
}

fn read_sighting<W: Word>(g: &Geometry<W>, word: &str) -> Result<Sighting, String> {
    let (piece, square) = word.split_once('@').ok_or_else(|| format!("'{word}' is not a piece@square"))?;
    let mut chars = piece.chars();
    match (chars.next(), chars.next()) {
        (Some(piece), None) if piece.is_ascii_alphabetic() => Ok(Sighting { piece, square: read_square(g, square)? }),
        _ => Err(format!("'{piece}' is not a piece letter")),
    }
}

impl Report {
    /// The report of a carried-out order.
    pub fn of(variant: &Variant, played: &Played) -> Report {
        Report {
            text: played.mv.to_text(variant),
            reached: played.reached,
            landed: played.landed,
            rook: played.rook,
            captured: played.captured,
        }
    }

    fn text<W: Word>(&self, g: &Geometry<W>) -> String {
        let mut out = format!(
            "played {} reached {} landed {}",
            self.text,
            g.square_name(self.reached),
            g.square_name(self.landed)
        );
        if let Some(rook) = self.rook {
            out += &format!(" rook {}", g.square_name(rook));
        }
        if let Some(c) = &self.captured {
            out += &format!(" captured {}", sighting_text(g, c));
        }
        out
    }

    fn read<W: Word>(g: &Geometry<W>, words: &[&str]) -> Result<Report, String> {
        let field = |name: &str| words.iter().position(|w| *w == name).and_then(|i| words.get(i + 1)).copied();
        let text = field("played").ok_or("a report starts 'played MOVE'")?.to_string();
        Ok(Report {
            text,
            reached: read_square(g, field("reached").ok_or("a report needs 'reached SQUARE'")?)?,
            landed: read_square(g, field("landed").ok_or("a report needs 'landed SQUARE'")?)?,
            rook: field("rook").map(|w| read_square(g, w)).transpose()?,
            captured: field("captured").map(|w| read_sighting(g, w)).transpose()?,
        })
    }
}

impl ToPlayer {
    /// The messages of a view: the `view` line, then one per event (orders' fates were sent
    /// when they were given, and are left out).
    pub fn of_view(variant: &Variant, view: &View) -> Vec<ToPlayer> {
        let mut out = vec![ToPlayer::View {
            board: view.board.clone(),
            side: view.side,
            castling: view.castling.clone(),
            en_passant: view.en_passant,
            captured: view.captured.clone(),
            strikes: view.strikes,
        }];
        out.extend(view.events.iter().filter_map(|e| ToPlayer::of_event(variant, e)));
        out
    }

    /// The message of an event, if it is sent as one.
    pub fn of_event(variant: &Variant, event: &Event) -> Option<ToPlayer> {
        Some(match event {
            Event::Order(_) => return None,
            Event::MovedForYou(played) => ToPlayer::MovedForYou(Report::of(variant, played)),
            Event::Captured(s) => ToPlayer::Captured(*s),
            Event::Arrival { arrived, attacks, in_front } => {
                ToPlayer::Arrival { arrived: *arrived, attacks: attacks.clone(), in_front: *in_front }
            }
            Event::OrderForOpponent => ToPlayer::OrderForOpponent,
            Event::End(end) => ToPlayer::of_end(end),
        })
    }

    /// The message of an order's fate.
    pub fn of_fate(variant: &Variant, fate: &Fate) -> ToPlayer {
        ToPlayer::Fate(match fate {
            Fate::Refused(why) => FateReport::Refused(why.clone()),
            Fate::Impossible { strikes } => FateReport::Impossible(*strikes),
            Fate::Played(played) => FateReport::Played(Report::of(variant, played)),
        })
    }

    /// The message of the end of the game.
    pub fn of_end(end: &End) -> ToPlayer {
        ToPlayer::End { result: end.result().into(), reason: end.describe() }
    }

    /// The line that carries the message.
    pub fn line<W: Word>(&self, g: &Geometry<W>) -> String {
        match self {
            ToPlayer::NewGame { color, rule } => format!(
                "newgame {} {}",
                if *color == Color::White { "white" } else { "black" },
                match rule {
                    StrikeRule::Strikes => "strikes",
                    StrikeRule::OpponentOrders => "opponent-orders",
                }
            ),
            ToPlayer::SetupQuery => "setup?".into(),
            ToPlayer::Setup(n) => format!("setup {n}"),
            ToPlayer::View { board, side, castling, en_passant, captured, strikes } => {
                let or_dash = |s: &str| if s.is_empty() { "-".to_string() } else { s.to_string() };
                format!(
                    "view {board} {} castling {castling} ep {} captured {} {} strikes {strikes}",
                    side_letter(*side),
                    en_passant.map_or("-".into(), |sq| g.square_name(sq)),
                    or_dash(&captured[Color::White]),
                    or_dash(&captured[Color::Black]),
                )
            }
            ToPlayer::Truth(fen) => format!("truth {fen}"),
            ToPlayer::Captured(s) => format!("event captured {}", sighting_text(g, s)),
            ToPlayer::Arrival { arrived, attacks, in_front } => {
                let attacked: Vec<String> = attacks.iter().map(|s| sighting_text(g, s)).collect();
                let mut line = format!(
                    "event arrival {} attacks {}",
                    sighting_text(g, arrived),
                    if attacked.is_empty() { "-".into() } else { attacked.join(",") }
                );
                if let Some((sq, what)) = in_front {
                    line += &format!(" front {} {}", g.square_name(*sq), what.map_or('-', |c| c));
                }
                line
            }
            ToPlayer::MovedForYou(report) => format!("event movedforyou {}", report.text(g)),
            ToPlayer::OrderForOpponent => "event orderforopponent".into(),
            ToPlayer::Go { time, movetime, for_opponent } => format!(
                "go wtime {} btime {}{}{}",
                time[Color::White],
                time[Color::Black],
                movetime.map(|t| format!(" movetime {t}")).unwrap_or_default(),
                if *for_opponent { " foropponent" } else { "" }
            ),
            ToPlayer::Fate(FateReport::Refused(why)) => format!("fate refused {why}"),
            ToPlayer::Fate(FateReport::Impossible(n)) => format!("fate impossible strikes {n}"),
            ToPlayer::Fate(FateReport::Played(report)) => format!("fate {}", report.text(g)),
            ToPlayer::Answer(yes) => format!("answer {}", if *yes { "yes" } else { "no" }),
            ToPlayer::End { result, reason } => format!("end {result} {reason}"),
            ToPlayer::Quit => "quit".into(),
        }
    }

    /// Reads a line from the referee.
    pub fn parse<W: Word>(g: &Geometry<W>, line: &str) -> Result<ToPlayer, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let word = |i: usize| words.get(i).copied().ok_or_else(|| format!("'{line}' is cut short"));
        let number = |i: usize| -> Result<u64, String> {
            word(i)?.parse().map_err(|_| format!("'{}' is not a number in '{line}'", words[i]))
        };
        let rest = |i: usize| words.get(i..).map(|w| w.join(" ")).unwrap_or_default();
        Ok(match word(0)? {
            "newgame" => ToPlayer::NewGame {
                color: read_side(word(1)?)?,
                rule: match words.get(2).copied().unwrap_or("strikes") {
                    "strikes" => StrikeRule::Strikes,
                    "opponent-orders" => StrikeRule::OpponentOrders,
                    other => return Err(format!("'{other}' is not a rule (strikes or opponent-orders)")),
                },
            },
            "setup?" => ToPlayer::SetupQuery,
            "setup" => match number(1)? {
                n if n < 960 => ToPlayer::Setup(n as u32),
                n => return Err(format!("'{n}' is not a setup number (0 to 959) in '{line}'")),
            },
            "view" => {
                let field = |name: &str| {
                    words.iter().position(|w| *w == name).and_then(|i| words.get(i + 1)).copied().unwrap_or("-")
                };
                let captured_at = words.iter().position(|w| *w == "captured").ok_or("a view has 'captured W B'")?;
                let letters = |w: &str| if w == "-" { String::new() } else { w.to_string() };
                ToPlayer::View {
                    board: word(1)?.to_string(),
                    side: read_side(word(2)?)?,
                    castling: field("castling").to_string(),
                    en_passant: match field("ep") {
                        "-" => None,
                        sq => Some(read_square(g, sq)?),
                    },
                    captured: ByColor([letters(word(captured_at + 1)?), letters(word(captured_at + 2)?)]),
                    strikes: field("strikes").parse().map_err(|_| format!("no strike count in '{line}'"))?,
                }
            }
            "truth" => ToPlayer::Truth(rest(1)),
            "event" => match word(1)? {
                "captured" => ToPlayer::Captured(read_sighting(g, word(2)?)?),
                "arrival" => {
                    let attacks = match words.iter().position(|w| *w == "attacks").and_then(|i| words.get(i + 1)) {
                        None | Some(&"-") => Vec::new(),
                        Some(list) => list.split(',').map(|w| read_sighting(g, w)).collect::<Result<_, _>>()?,
                    };
                    let in_front = match words.iter().position(|w| *w == "front") {
                        None => None,
                        Some(i) => {
                            let what = word(i + 2)?;
                            Some((read_square(g, word(i + 1)?)?, (what != "-").then(|| what.chars().next()).flatten()))
                        }
                    };
                    ToPlayer::Arrival { arrived: read_sighting(g, word(2)?)?, attacks, in_front }
                }
                "movedforyou" => ToPlayer::MovedForYou(Report::read(g, &words[2..])?),
                "orderforopponent" => ToPlayer::OrderForOpponent,
                other => return Err(format!("unknown event '{other}'")),
            },
            "go" => ToPlayer::Go {
                time: ByColor([number(2)?, number(4)?]),
                movetime: match words.iter().position(|w| *w == "movetime") {
                    Some(i) => Some(number(i + 1)?),
                    None => None,
                },
                for_opponent: words.contains(&"foropponent"),
            },
            "fate" => ToPlayer::Fate(match word(1)? {
                "refused" => FateReport::Refused(rest(2)),
                "impossible" => FateReport::Impossible(
                    u8::try_from(number(3)?).map_err(|_| format!("'{}' is too many strikes in '{line}'", words[3]))?,
                ),
                "played" => FateReport::Played(Report::read(g, &words[1..])?),
                other => return Err(format!("unknown fate '{other}'")),
            }),
            "answer" => ToPlayer::Answer(word(1)? == "yes"),
            "end" => ToPlayer::End { result: word(1)?.to_string(), reason: rest(2) },
            "quit" => ToPlayer::Quit,
            other => return Err(format!("unknown message '{other}'")),
        })
    }
}

impl FromPlayer {
    /// The line that carries the message.
    pub fn line(&self) -> String {
        match self {
            FromPlayer::Name(name) => format!("id name {name}"),
            FromPlayer::Ready => "lgpok".into(),
            FromPlayer::Setup(Some(n)) => format!("setup {n}"),
            FromPlayer::Setup(None) => "setup random".into(),
            FromPlayer::Order(text) => format!("order {text}"),
            FromPlayer::Ask => "ask".into(),
            FromPlayer::Resign => "resign".into(),
        }
    }

    /// Reads a line from a player.
    pub fn parse(line: &str) -> Result<FromPlayer, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        Ok(match words.as_slice() {
            ["id", "name", name @ ..] if !name.is_empty() => FromPlayer::Name(name.join(" ")),
            ["lgpok"] => FromPlayer::Ready,
            ["setup", "random"] => FromPlayer::Setup(None),
            ["setup", n] => match n.parse::<u32>() {
                Ok(n) if n <= 959 => FromPlayer::Setup(Some(n)),
                _ => return Err(format!("'{n}' is not a setup number (0 to 959, or random)")),
            },
            // Whatever follows `order` is the order: the referee refuses a malformed one with
            // its reason, so that the player hears why instead of waiting for an answer.
            ["order", text @ ..] => FromPlayer::Order(text.join(" ")),
            ["ask"] => FromPlayer::Ask,
            ["resign"] => FromPlayer::Resign,
            _ => return Err(format!("'{line}' is not a player's message (id, lgpok, setup, order, ask, resign)")),
        })
    }
}

/// The order that asks for `mv`: its piece's square and where it goes on its own board
/// (castling as king takes own rook), with a promotion letter.
pub fn order_text(variant: &Variant, mv: Move) -> String {
    let g = &variant.geometry();
    let to = match mv.rook() {
        Some((rook, _)) => rook,
        None => mv.to().twin(mv.from().layer()),
    };
    let promotion = mv.promotion().map(|r| variant.pieces[r.index()].letter.to_ascii_lowercase());
    format!("{}{}{}", g.square_name(mv.from()), g.square_name(to), promotion.map(String::from).unwrap_or_default())
}

/// The part of an order (as [`order_text`] writes it) that names its squares: the order without
/// its promotion letter, since square names end in their rank's digits.
pub fn order_squares(order: &str) -> &str {
    order.trim_end_matches(|c: char| c.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Wide;

    #[test]
    fn every_message_reads_back_as_written() {
        let g: Geometry<Wide> = Geometry::new(8, 8, 2).unwrap();
        let sq = |name: &str| g.parse_square(name).unwrap();
        let report = Report {
            text: "2a11a5".into(),
            reached: sq("2a5"),
            landed: sq("1a5"),
            rook: Some(sq("2f1")),
            captured: Some(Sighting { piece: 'p', square: sq("2a5") }),
        };
        let messages = [
            ToPlayer::NewGame { color: Color::Black, rule: StrikeRule::OpponentOrders },
            ToPlayer::SetupQuery,
            ToPlayer::Setup(518),
            ToPlayer::View {
                board: "8/8/8/8/8/8/8/4K3|????????/????????/????????/????????/????????/????????/????????/????????"
                    .into(),
                side: Color::White,
                castling: "HA".into(),
                en_passant: Some(sq("1e3")),
                captured: ByColor(["PN".into(), String::new()]),
                strikes: 2,
            },
            ToPlayer::Truth("4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1".into()),
            ToPlayer::Captured(Sighting { piece: 'Q', square: sq("1d1") }),
            ToPlayer::Arrival {
                arrived: Sighting { piece: 'P', square: sq("2e3") },
                attacks: vec![Sighting { piece: 'b', square: sq("2d4") }, Sighting { piece: 'r', square: sq("2f4") }],
                in_front: Some((sq("2e4"), None)),
            },
            ToPlayer::Arrival { arrived: Sighting { piece: 'n', square: sq("1c3") }, attacks: vec![], in_front: None },
            ToPlayer::MovedForYou(report.clone()),
            ToPlayer::OrderForOpponent,
            ToPlayer::Go { time: ByColor([1000, 2500]), movetime: None, for_opponent: true },
            ToPlayer::Go { time: ByColor([100, 100]), movetime: Some(100), for_opponent: false },
            ToPlayer::Fate(FateReport::Refused("1a11b3 is not a legal move in your world".into())),
            ToPlayer::Fate(FateReport::Impossible(3)),
            ToPlayer::Fate(FateReport::Played(report)),
            ToPlayer::Answer(false),
            ToPlayer::End { result: "0-1".into(), reason: "White gave a third impossible order".into() },
            ToPlayer::Quit,
        ];
        for m in messages {
            assert_eq!(ToPlayer::parse(&g, &m.line(&g)), Ok(m.clone()), "{}", m.line(&g));
        }
        for m in [
            FromPlayer::Name("Some Player 1.0".into()),
            FromPlayer::Ready,
            FromPlayer::Setup(Some(0)),
            FromPlayer::Setup(None),
            FromPlayer::Order("2d42d5".into()),
            FromPlayer::Ask,
            FromPlayer::Resign,
        ] {
            assert_eq!(FromPlayer::parse(&m.line()), Ok(m.clone()));
        }
        for bad in ["", "setup 960", "id name", "fly"] {
            assert!(FromPlayer::parse(bad).is_err(), "{bad}");
        }
        // An order of any words is the referee's to refuse, with its reason.
        assert_eq!(FromPlayer::parse("order"), Ok(FromPlayer::Order(String::new())));
        assert_eq!(FromPlayer::parse("order 1e21e4 x"), Ok(FromPlayer::Order("1e21e4 x".into())));
        for bad in ["", "view", "event arrival X@9z9", "go wtime x btime 1", "fate sideways", "newgame green"] {
            assert!(ToPlayer::parse(&g, bad).is_err(), "{bad}");
        }
    }
}
