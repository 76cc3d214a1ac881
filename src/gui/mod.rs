//! `vorpal gui`: a local web server and the page it serves, which draws every board of any
//! variant and plays it against Vorpal or between two people.
//!
//! The page is one file embedded in the binary; it talks to the server in plain HTTP with the
//! arguments in the query string, and the server answers in JSON. A page learns of changes
//! (Vorpal's move, its lines) by asking for the state with the version it has, which the
//! server answers as soon as there is a newer one.

mod board;
mod hidden_seats;
mod http;
mod json;
mod poll;
mod rules_page;
mod session;
mod watch;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::engine::options::ANALYSIS_LINES;
use hidden_seats::{HiddenSetup, HiddenTable, SeatBox};
use http::Response as Reply;
use json::{list, object, quote};
use session::{Player, Session, Setup, THINK_RANGE};
pub use watch::Watchboard;

use crate::arena::client::EngineSpec;
use crate::arena::game::HiddenRules;
use crate::config::Config;
use crate::notation::lgp::FromPlayer;
use crate::notation::time_control::TimeControl;
use crate::pieces::Color;
use crate::position::Position;
use crate::random::os_random;
use crate::referee::StrikeRule;
use crate::variant::family::Layout;
use board::board_json;
use poll::Polls;

/// The page, with its script and style.
const PAGE: &str = include_str!("page.html");

/// The most games kept at once: a new one replaces the one left alone longest.
const MAX_SESSIONS: usize = 16;

/// The longest request target (path and query) accepted.
const MAX_URL: usize = 4096;

/// How long a page's question about news waits before being answered with no news.
const LONGEST_WAIT: Duration = Duration::from_secs(10);

/// Every address the server answers, with the one method it takes there.
const ROUTES: [(&str, &str); 19] = [
    ("GET", "/"),
    ("GET", "/rules"),
    ("GET", "/api/catalogue"),
    ("GET", "/hidden"),
    ("GET", "/watch"),
    ("GET", "/api/watch"),
    ("POST", "/api/hidden/new"),
    ("POST", "/api/hidden/join"),
    ("GET", "/api/hidden/state"),
    ("POST", "/api/hidden/say"),
    ("GET", "/api/variants"),
    ("GET", "/api/players"),
    ("POST", "/api/analyse"),
    ("POST", "/api/new"),
    ("POST", "/api/join"),
    ("GET", "/api/state"),
    ("POST", "/api/move"),
    ("POST", "/api/undo"),
    ("GET", "/api/pgn"),
];

/// A page's hold on a game: the game, and the side the page plays in a game between two
/// people at two pages (by invitation); `None` for a page that plays every person's side.
#[derive(Clone)]
struct Handle {
    session: Arc<Session>,
    seat: Option<Color>,
}

/// Vorpal's time per move unless the page asks for another.
const DEFAULT_THINK: f64 = 1.0;

/// The server's state: the variants and the games.
struct Gui {
    config: Config,
    /// The engine a side may be given to, and its name.
    engine: Option<(EngineSpec, String)>,
    /// The pages' holds on games, by their secrets.
    sessions: Mutex<HashMap<String, Handle>>,
    /// The invited person's hold on a game between two people at two pages, until he takes it
    /// (once, as for hidden games).
    game_invites: Mutex<HashMap<String, Handle>>,
    /// The seats of hidden games, by their secrets, with when each was last asked about.
    seats: Mutex<HashMap<String, (Arc<SeatBox>, Instant)>>,
    /// The second person's seat of a game between two, until he takes it: the address given
    /// to him works once, so whoever passed it on cannot use it to look at his side.
    invites: Mutex<HashMap<String, Arc<SeatBox>>>,
    /// The match being watched, if any.
    watch: Option<Arc<Watchboard>>,
    /// The requests waiting for news, capped so that they cannot take the server's connections.
    polls: Polls,
}

impl Reply {
    fn json(body: String) -> Reply {
        Reply { status: 200, kind: "application/json", body }
    }

    fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply { status, kind: "application/json", body: object([("error", quote(&message.into()))]) }
    }
}

/// Serves the page at `host:port` (port 0: any free one) until the process ends; prints the
/// address first. `engine` is another engine a side may be given to.
pub fn serve(config: Config, host: &str, port: u16, engine: Option<EngineSpec>) -> Result<(), String> {
    let engine = match engine {
        None => None,
        Some(spec) => Some(try_engine(&config, spec)?),
    };
    let (address, server) = listen(config, host, port, None, engine)?;
    crate::outln!("Vorpal GUI at http://{address}/ (Ctrl-C ends it)");
    server.join().map_err(|_| "the server stopped".to_string())
}

/// Starts serving at `host:port` on a thread of its own, with a match to watch if given;
/// returns the address it listens on and the thread.
pub fn listen(
    config: Config,
    host: &str,
    port: u16,
    watch: Option<Arc<Watchboard>>,
    engine: Option<(EngineSpec, String)>,
) -> Result<(SocketAddr, JoinHandle<()>), String> {
    let (address, listener) = http::bind(host, port)?;
    give_back_large_blocks();
    let gui = Arc::new(Gui {
        config,
        engine,
        sessions: Mutex::new(HashMap::new()),
        game_invites: Mutex::new(HashMap::new()),
        seats: Mutex::new(HashMap::new()),
        invites: Mutex::new(HashMap::new()),
        watch,
        polls: Polls::default(),
    });
    let handler: http::Handler = Arc::new(move |request| gui.route(&request_parts(request)));
    let thread = std::thread::spawn(move || http::serve(listener, handler));
    Ok((address, thread))
}

/// Makes freed blocks of 128 KiB or more (the games' hash tables, the searches' tables) go back
/// to the system, as glibc starts out doing. Without this, glibc raises its threshold for
/// mapping blocks to the size of the last one freed, and later tables come from its heap,
/// which grows with every game made and dropped.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_back_large_blocks() {
    // SAFETY: mallopt only sets an allocator parameter; it is called before the server's
    // threads start allocating.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 << 10);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn give_back_large_blocks() {}

/// Starts the engine once, to learn its name and to fail now, with its reason, if it cannot play.
fn try_engine(config: &Config, spec: EngineSpec) -> Result<(EngineSpec, String), String> {
    if spec.protocol == crate::arena::client::Protocol::Lgp {
        return Err("--engine: an lgp player plays only hidden games; the GUI needs a uci or xboard engine".into());
    }
    let variant = config.variant(crate::variant::FIDE_CHESS, &[]).map_err(|e| e.to_string())?;
    let process =
        crate::arena::client::start(&spec, &variant, None).map_err(|e| format!("--engine {}: {e}", spec.command))?;
    let name = spec.name.clone().unwrap_or_else(|| process.name().to_string());
    process.quit();
    Ok((spec, name))
}

/// What the server reads of a request: its method, path and query, and whether it was too long.
struct Request {
    method: String,
    path: String,
    query: HashMap<String, String>,
    url_too_long: bool,
}

fn request_parts(request: &http::Request) -> Request {
    let url = &request.target;
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let query = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(k), decode(v))
        })
        .collect();
    Request { method: request.method.clone(), path: path.to_string(), query, url_too_long: url.len() > MAX_URL }
}

/// Decodes `%XX` escapes and `+` of a query part; bad escapes are kept as written.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl Gui {
    /// Answers one request.
    fn route(&self, request: &Request) -> Reply {
        if request.url_too_long {
            return Reply::error(414, format!("the address is longer than {MAX_URL} characters"));
        }
        let arg = |name: &str| request.query.get(name).map(String::as_str);
        let after = || arg("after").and_then(|a| a.parse().ok()).unwrap_or(0);
        match (request.method.as_str(), request.path.as_str()) {
            ("GET", "/api/watch") => match &self.watch {
                None => Reply::error(404, "no match is being watched here (vorpal match --gui shows one)"),
                Some(board) => {
                    let shown = arg("game").and_then(|g| g.parse::<usize>().ok()).and_then(|g| g.checked_sub(1));
                    let (_ticket, wait) = self.polls.admit("watch", LONGEST_WAIT);
                    Reply::json(board.state(after(), shown, wait))
                }
            },
            ("GET", "/" | "/hidden" | "/watch") => Reply { status: 200, kind: "text/html", body: PAGE.to_string() },
            ("GET", "/rules") => Reply { status: 200, kind: "text/html", body: rules_page::page() },
            ("GET", "/api/catalogue") => self.catalogue(),
            ("POST", "/api/hidden/new") => self.new_hidden(arg),
            ("POST", "/api/hidden/join") => match arg("invite") {
                None => Reply::error(400, "which invitation? (invite=...)"),
                Some(invite) => self.join(invite),
            },
            ("GET", "/api/hidden/state") => self.with_seat(arg, |seat| {
                let (_ticket, wait) = self.polls.admit(arg("seat").unwrap_or(""), LONGEST_WAIT);
                Reply::json(seat.state_after(after(), wait))
            }),
            ("POST", "/api/hidden/say") => self.with_seat(arg, |seat| {
                let message = match (arg("order"), arg("ask"), arg("resign")) {
                    (Some(order), None, None) => FromPlayer::Order(order.trim().to_string()),
                    (None, Some(_), None) => FromPlayer::Ask,
                    (None, None, Some(_)) => FromPlayer::Resign,
                    _ => return Reply::error(400, "say one thing: order=ORDER, ask=1 or resign=1"),
                };
                outcome(seat.say(message))
            }),
            ("GET", "/api/variants") => Reply::json(list(self.config.names().iter().map(|n| quote(n)))),
            ("GET", "/api/players") => {
                let engine = self.engine.as_ref().map(|(_, name)| quote(name));
                Reply::json(object([("engine", json::optional(engine))]))
            }
            ("POST", "/api/analyse") => {
                self.with_session(arg, |game| match ANALYSIS_LINES.parse(arg("lines").unwrap_or("0")) {
                    Ok(n) => outcome(game.session.analyse(n as usize)),
                    Err(e) => Reply::error(400, e),
                })
            }
            ("POST", "/api/new") => self.new_game(arg),
            ("POST", "/api/join") => match arg("invite") {
                None => Reply::error(400, "which invitation? (invite=...)"),
                Some(invite) => self.join_game(invite),
            },
            ("GET", "/api/state") => self.with_session(arg, |game| {
                let (_ticket, wait) = self.polls.admit(arg("session").unwrap_or(""), LONGEST_WAIT);
                let mut table = game.session.wait_past(after(), wait);
                table.last_used = Instant::now();
                Reply::json(table.state(game.seat))
            }),
            ("POST", "/api/move") => self.with_session(arg, |game| match arg("move") {
                None => Reply::error(400, "which move? (move=...)"),
                Some(text) => outcome(game.session.human_move(text, game.seat)),
            }),
            ("POST", "/api/undo") => self.with_session(arg, |game| outcome(game.session.take_back(game.seat))),
            ("GET", "/api/pgn") => self.with_session(arg, |game| Reply {
                status: 200,
                kind: "application/x-chess-pgn",
                body: game.session.lock().pgn(),
            }),
            (method, path) => match ROUTES.iter().find(|(_, route)| *route == path) {
                Some((takes, _)) => Reply::error(405, format!("{path} does not answer {method}: it takes {takes}")),
                None => Reply::error(404, format!("nothing at {path}")),
            },
        }
    }

    fn with_session<'a>(&self, arg: impl Fn(&str) -> Option<&'a str>, act: impl FnOnce(&Handle) -> Reply) -> Reply {
        let Some(id) = arg("session") else {
            return Reply::error(400, "which game? (session=...)");
        };
        let session = self.sessions.lock().unwrap_or_else(|e| e.into_inner()).get(id).cloned();
        match session {
            Some(game) => act(&game),
            None => Reply::error(404, "no such game: it was never started here, or a newer one replaced it"),
        }
    }

    /// Every variant for the start page: its name, its line of description and its boards at the start.
    fn catalogue(&self) -> Reply {
        let mut entries = Vec::new();
        for name in self.config.names() {
            let variant = match self.config.variant(&name, &[]) {
                Ok(variant) => variant,
                Err(e) => return Reply::error(500, format!("variant {name}: {e}")),
            };
            let start = match Position::from_fen(variant.clone(), &variant.start_fen) {
                Ok(pos) => pos,
                Err(e) => return Reply::error(500, format!("variant {name}: {e}")),
            };
            let boards =
                variant.geometry().all_layers().map(|layer| board_json(&variant, layer, |sq| start.piece_char(sq)));
            entries.push(object([
                ("name", quote(&name)),
                ("description", quote(&variant.description)),
                ("rules", quote(&rules_page::section_of(&variant))),
                ("nested", (variant.family().layout() == Layout::Nested).to_string()),
                ("boards", list(boards)),
            ]));
        }
        Reply::json(list(entries))
    }

    fn new_game<'a>(&self, arg: impl Fn(&str) -> Option<&'a str>) -> Reply {
        // `friend`: a person invited to play that side from a page of his own.
        let side = |name: &str, default: Player| match arg(name) {
            None => Ok(default),
            Some("friend") => Ok(Player::Human),
            Some(text) => Player::parse(text).map_err(|e| format!("{name}: {e} (or friend, invited by a link)")),
        };
        let invited = || match (arg("white"), arg("black")) {
            (Some("friend"), Some("friend")) => Err("white and black: only one side can be the friend invited".into()),
            (Some("friend"), Some("human")) => Ok(Some(Color::White)),
            (Some("human") | None, Some("friend")) => Ok(Some(Color::Black)),
            (Some("friend"), _) | (_, Some("friend")) => {
                Err("a friend invited plays against you: the other side must be human".to_string())
            }
            _ => Ok(None),
        };
        let setup = (|| {
            Ok::<_, String>(Setup {
                variant: arg("variant").unwrap_or("normal").to_string(),
                fen: arg("fen").filter(|f| !f.trim().is_empty()).map(str::to_string),
                chess960: arg("setup").filter(|f| !f.trim().is_empty()).map(|s| s.trim().to_string()),
                players: [side("white", Player::Human)?, side("black", Player::Vorpal)?],
                think: Duration::from_secs_f64(think(arg("think"))?),
                clock: clock(arg("clock"))?,
                invited: invited()?,
            })
        })();
        let invited = setup.as_ref().ok().and_then(|s| s.invited);
        let engine = self.engine.as_ref().map(|(spec, _)| spec);
        let session = match setup.and_then(|setup| Session::start(&self.config, setup, engine)) {
            Ok(session) => session,
            Err(e) => return Reply::error(400, e),
        };
        let (Ok(id), Ok(token)) = (secret(), secret()) else {
            return Reply::error(500, "the system's random source failed: no secret can be drawn");
        };
        let mut sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        let mut invites = self.game_invites.lock().unwrap_or_else(|e| e.into_inner());
        if sessions.len() >= MAX_SESSIONS {
            let oldest = sessions.values().min_by_key(|h| h.session.lock().last_used).map(|h| h.session.clone());
            // Every hold on the game dropped goes with it, its invitation too.
            if let Some(oldest) = oldest {
                sessions.retain(|_, h| !Arc::ptr_eq(&h.session, &oldest));
                invites.retain(|_, h| !Arc::ptr_eq(&h.session, &oldest));
            }
        }
        let invite = invited.map(|side| {
            invites.insert(token.clone(), Handle { session: session.clone(), seat: Some(side) });
            quote(&token)
        });
        sessions.insert(id.clone(), Handle { session, seat: invited.map(Color::flip) });
        Reply::json(object([("session", quote(&id)), ("invite", json::optional(invite))]))
    }

    /// The invited person takes his side of a game between two: the invitation is used up, and
    /// his own secret returned.
    fn join_game(&self, invite: &str) -> Reply {
        redeem(&self.game_invites, invite, "session", |id, handle| {
            self.sessions.lock().unwrap_or_else(|e| e.into_inner()).insert(id, handle);
        })
    }

    fn with_seat<'a>(&self, arg: impl Fn(&str) -> Option<&'a str>, act: impl FnOnce(&SeatBox) -> Reply) -> Reply {
        let Some(id) = arg("seat") else {
            return Reply::error(400, "which seat? (seat=...)");
        };
        let seat = self.seats.lock().unwrap_or_else(|e| e.into_inner()).get_mut(id).map(|(seat, used)| {
            *used = Instant::now();
            seat.clone()
        });
        match seat {
            Some(seat) => act(&seat),
            None => Reply::error(404, "no such seat: the address is wrong, or a newer game replaced it"),
        }
    }

    fn new_hidden<'a>(&self, arg: impl Fn(&str) -> Option<&'a str>) -> Reply {
        let setup = (|| {
            let side = match arg("as").unwrap_or("white") {
                "white" => Color::White,
                "black" => Color::Black,
                other => return Err(format!("as: '{other}' is neither white nor black")),
            };
            let two_people = match arg("opponent").unwrap_or("vorpal") {
                "vorpal" => false,
                "human" => true,
                other => return Err(format!("opponent: '{other}' is neither vorpal nor human")),
            };
            let rule = match arg("rule").unwrap_or("strikes") {
                "strikes" => StrikeRule::Strikes,
                "opponent-orders" => StrikeRule::OpponentOrders,
                other => return Err(format!("rule: '{other}' is neither strikes nor opponent-orders")),
            };
            let rules = HiddenRules { rule, players_choose: false };
            if arg("seed").is_some() {
                return Err(
                    "seed: the setups of a hidden game are secret, so the server draws them; it takes no seed".into()
                );
            }
            let seed = u64::from_le_bytes(os_random()?);
            Ok(HiddenSetup { side, two_people, rules, think: Duration::from_secs_f64(think(arg("think"))?), seed })
        })();
        let (setup, table) = match setup.and_then(|s| HiddenTable::start(&self.config, &s).map(|t| (s, t))) {
            Ok(started) => started,
            Err(e) => return Reply::error(400, e),
        };
        let (Ok(mine_id), Ok(invite_id)) = (secret(), secret()) else {
            return Reply::error(500, "the system's random source failed: no secret can be drawn");
        };
        let mut seats = self.seats.lock().unwrap_or_else(|e| e.into_inner());
        while seats.len() >= MAX_SESSIONS {
            let oldest = seats.iter().min_by_key(|(_, (_, used))| *used).map(|(k, _)| k.clone());
            if let Some((seat, _)) = oldest.and_then(|k| seats.remove(&k)) {
                seat.leave();
            }
        }
        let mut mine = None;
        let mut invite = None;
        for (color, seat) in table.seats {
            if color == setup.side {
                seats.insert(mine_id.clone(), (seat, Instant::now()));
                mine = Some(mine_id.clone());
            } else {
                let token = invite_id.clone();
                let mut invites = self.invites.lock().unwrap_or_else(|e| e.into_inner());
                if invites.len() >= MAX_SESSIONS {
                    // Invitations never taken up: their games end, their seats resigning.
                    for (_, seat) in invites.drain() {
                        seat.leave();
                    }
                }
                invites.insert(token.clone(), seat);
                invite = Some(quote(&token));
            }
        }
        let Some(mine) = mine else { return Reply::error(500, "the game has no seat for you") };
        Reply::json(object([("seat", quote(&mine)), ("invite", json::optional(invite))]))
    }

    /// The second person takes his seat: the invitation is used up, and his own secret returned.
    fn join(&self, invite: &str) -> Reply {
        redeem(&self.invites, invite, "seat", |id, seat| {
            self.seats.lock().unwrap_or_else(|e| e.into_inner()).insert(id, (seat, Instant::now()));
        })
    }
}

/// Redeems an invitation, once: what it stands for leaves `invites` and is given to `keep`
/// under a fresh secret, which the answer names as `field`.
fn redeem<T>(invites: &Mutex<HashMap<String, T>>, invite: &str, field: &str, keep: impl FnOnce(String, T)) -> Reply {
    let Some(held) = invites.lock().unwrap_or_else(|e| e.into_inner()).remove(invite) else {
        return Reply::error(404, "no such invitation: it was used already, or a newer game replaced it");
    };
    let id = match secret() {
        Ok(id) => id,
        Err(e) => return Reply::error(500, e),
    };
    keep(id.clone(), held);
    Reply::json(object([(field, quote(&id))]))
}

/// A fresh secret of 128 bits from the operating system's random source, in hexadecimal: no
/// number of secrets seen tells anything of the next.
fn secret() -> Result<String, String> {
    let bytes: [u8; 16] = os_random()?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Vorpal's time per move or order, in seconds, as the page gives it.
fn think(text: Option<&str>) -> Result<f64, String> {
    match text {
        None => Ok(DEFAULT_THINK),
        Some(text) => text
            .parse::<f64>()
            .ok()
            .filter(|t| (THINK_RANGE.0..=THINK_RANGE.1).contains(t))
            .ok_or(format!("think: '{text}' is not a number of seconds from {} to {}", THINK_RANGE.0, THINK_RANGE.1)),
    }
}

/// The clocks' time control as the page gives it, in the forms `vorpal match --tc` reads
/// (`SECONDS+INC`, `MOVES/SECONDS+INC`, `M:SS+INC`), or none.
fn clock(text: Option<&str>) -> Result<Option<TimeControl>, String> {
    let Some(text) = text.filter(|t| !t.trim().is_empty()) else { return Ok(None) };
    match TimeControl::parse_tc(text.trim()) {
        Ok(tc @ TimeControl::Clock { base, .. }) if base > Duration::ZERO => Ok(Some(tc)),
        Ok(_) => Err(format!("clock: '{text}' has no time on the clock (give SECONDS+INCREMENT, like 300+2)")),
        Err(e) => Err(format!("clock: {e}")),
    }
}

/// `{"ok":true}`, or the error.
fn outcome(result: Result<(), String>) -> Reply {
    match result {
        Ok(()) => Reply::json(object([("ok", "true".into())])),
        Err(e) => Reply::error(400, e),
    }
}
