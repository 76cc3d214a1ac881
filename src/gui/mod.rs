//! `vorpal gui`: a local web server and the page it serves, which draws every board of any
//! variant and plays it against Vorpal or between two people.
//!
//! The page is one file embedded in the binary; it talks to the server in plain HTTP with the
//! arguments in the query string, and the server answers in JSON. A page learns of changes
//! (Vorpal's move, its lines) by asking for the state with the version it has, which the
//! server answers as soon as there is a newer one.

mod board;
mod hidden;
mod json;
mod session;
mod watch;

use std::collections::HashMap;
use std::io::Read;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};

use hidden::{HiddenSetup, HiddenTable, SeatBox};
use json::{list, object, quote};
use session::{Player, Session, Setup, MAX_ANALYSIS_LINES, THINK_RANGE};
pub use watch::Watchboard;

use crate::arena::engine::EngineSpec;
use crate::arena::game::HiddenRules;
use crate::config::Config;
use crate::notation::lgp::FromPlayer;
use crate::notation::time::TimeControl;
use crate::pieces::Color;
use crate::random::Rng;

/// The page, with its script and style.
const PAGE: &str = include_str!("page.html");

/// The most games kept at once: a new one replaces the one left alone longest.
const MAX_SESSIONS: usize = 16;

/// The most requests answered at once; more are turned away.
const MAX_REQUESTS: usize = 64;

/// The longest request line accepted, and the longest body read.
const MAX_URL: usize = 4096;
const MAX_BODY: u64 = 4096;

/// How long a page's question about news waits before being answered with no news.
const LONGEST_WAIT: Duration = Duration::from_secs(10);

/// Vorpal's time per move unless the page asks for another.
const DEFAULT_THINK: f64 = 1.0;

/// The server's state: the variants and the games.
struct Gui {
    config: Config,
    /// The engine a side may be given to, and its name.
    engine: Option<(EngineSpec, String)>,
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    /// The seats of hidden games, by their secrets, with when each was last asked about.
    seats: Mutex<HashMap<String, (Arc<SeatBox>, Instant)>>,
    /// The second person's seat of a game between two, until he takes it: the address given
    /// to him works once, so whoever passed it on cannot use it to look at his side.
    invites: Mutex<HashMap<String, Arc<SeatBox>>>,
    /// The match being watched, if any.
    watch: Option<Arc<Watchboard>>,
    ids: Mutex<Rng>,
}

/// An answer: status, content type and body.
struct Reply {
    status: u16,
    kind: &'static str,
    body: String,
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
    let server = tiny_http::Server::http((host, port)).map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let address = server.server_addr().to_ip().ok_or("the server has no IP address")?;
    let seed = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
    let gui = Arc::new(Gui {
        config,
        engine,
        sessions: Mutex::new(HashMap::new()),
        seats: Mutex::new(HashMap::new()),
        invites: Mutex::new(HashMap::new()),
        watch,
        ids: Mutex::new(Rng::new(seed)),
    });
    let thread = std::thread::spawn(move || {
        let busy = Arc::new(AtomicUsize::new(0));
        for request in server.incoming_requests() {
            if busy.load(Ordering::Relaxed) >= MAX_REQUESTS {
                respond(request, Reply::error(503, "too many requests at once; try again"));
                continue;
            }
            busy.fetch_add(1, Ordering::Relaxed);
            let (gui, busy) = (gui.clone(), busy.clone());
            std::thread::spawn(move || {
                let (request, parts) = request_parts(request);
                respond(request, gui.route(&parts));
                busy.fetch_sub(1, Ordering::Relaxed);
            });
        }
    });
    Ok((address, thread))
}

/// Starts the engine once, to learn its name and to fail now, with its reason, if it cannot play.
fn try_engine(config: &Config, spec: EngineSpec) -> Result<(EngineSpec, String), String> {
    if spec.protocol == crate::arena::engine::Protocol::Lgp {
        return Err("--engine: an lgp player plays only hidden games; the GUI needs a uci or xboard engine".into());
    }
    let variant = config.variant(crate::variant::FIDE_CHESS, &[]).map_err(|e| e.to_string())?;
    let process = crate::arena::engine::Engine::start(&spec, &variant, None)
        .map_err(|e| format!("--engine {}: {e}", spec.command))?;
    let name = spec.name.clone().unwrap_or_else(|| process.name.clone());
    process.quit();
    Ok((spec, name))
}

/// What the server reads of a request: its method, path and query, and whether it was too long.
struct Request {
    post: bool,
    path: String,
    query: HashMap<String, String>,
    url_too_long: bool,
    body_too_long: bool,
}

fn request_parts(mut inner: tiny_http::Request) -> (tiny_http::Request, Request) {
    let url = inner.url().to_string();
    let post = *inner.method() == tiny_http::Method::Post;
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let query = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(k), decode(v))
        })
        .collect();
    // The arguments are in the query; a body is read (up to a bound) only to be dropped.
    let mut sink = Vec::new();
    let body_too_long =
        inner.as_reader().take(MAX_BODY + 1).read_to_end(&mut sink).map_or(true, |n| n as u64 > MAX_BODY);
    let parts = Request { post, path: path.to_string(), query, url_too_long: url.len() > MAX_URL, body_too_long };
    (inner, parts)
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

fn respond(request: tiny_http::Request, reply: Reply) {
    let content_type = format!("{}; charset=utf-8", reply.kind);
    let header = tiny_http::Header::from_bytes("Content-Type", content_type).expect("a valid header");
    let no_store = tiny_http::Header::from_bytes("Cache-Control", "no-store").expect("a valid header");
    let response = tiny_http::Response::from_string(reply.body)
        .with_status_code(reply.status)
        .with_header(header)
        .with_header(no_store);
    // A page that went away before its answer is no concern of the server's.
    let _ = request.respond(response);
}

impl Gui {
    /// Answers one request.
    fn route(&self, request: &Request) -> Reply {
        if request.url_too_long {
            return Reply::error(414, format!("the address is longer than {MAX_URL} characters"));
        }
        if request.body_too_long {
            return Reply::error(413, format!("the request's body is longer than {MAX_BODY} bytes"));
        }
        let arg = |name: &str| request.query.get(name).map(String::as_str);
        match (request.post, request.path.as_str()) {
            (false, "/api/watch") => match &self.watch {
                None => Reply::error(404, "no match is being watched here (vorpal match --gui shows one)"),
                Some(board) => {
                    let after = arg("after").and_then(|a| a.parse().ok()).unwrap_or(0);
                    let shown = arg("game").and_then(|g| g.parse::<usize>().ok()).and_then(|g| g.checked_sub(1));
                    Reply::json(board.state(after, shown, LONGEST_WAIT))
                }
            },
            (false, "/" | "/hidden" | "/watch") => Reply { status: 200, kind: "text/html", body: PAGE.to_string() },
            (true, "/api/hidden/new") => self.new_hidden(arg),
            (true, "/api/hidden/join") => match arg("invite") {
                None => Reply::error(400, "which invitation? (invite=...)"),
                Some(invite) => self.join(invite),
            },
            (false, "/api/hidden/state") => self.with_seat(arg, |seat| {
                let after = arg("after").and_then(|a| a.parse().ok()).unwrap_or(0);
                Reply::json(seat.state_after(after, LONGEST_WAIT))
            }),
            (true, "/api/hidden/say") => self.with_seat(arg, |seat| {
                let message = match (arg("order"), arg("ask"), arg("resign")) {
                    (Some(order), None, None) => FromPlayer::Order(order.trim().to_string()),
                    (None, Some(_), None) => FromPlayer::Ask,
                    (None, None, Some(_)) => FromPlayer::Resign,
                    _ => return Reply::error(400, "say one thing: order=ORDER, ask=1 or resign=1"),
                };
                outcome(seat.say(message))
            }),
            (false, "/api/variants") => Reply::json(list(self.config.names().iter().map(|n| quote(n)))),
            (false, "/api/players") => {
                let engine = self.engine.as_ref().map(|(_, name)| quote(name));
                Reply::json(object([("engine", json::optional(engine))]))
            }
            (true, "/api/analyse") => self.with_session(arg, |session| {
                let lines = arg("lines").unwrap_or("0");
                match lines.parse::<usize>() {
                    Ok(n) => outcome(session.analyse(n)),
                    Err(_) => {
                        Reply::error(400, format!("lines: '{lines}' is not a number from 0 to {MAX_ANALYSIS_LINES}"))
                    }
                }
            }),
            (true, "/api/new") => self.new_game(arg),
            (false, "/api/state") => self.with_session(arg, |session| {
                let after = arg("after").and_then(|a| a.parse().ok()).unwrap_or(0);
                let mut game = session.wait_past(after, LONGEST_WAIT);
                game.last_used = Instant::now();
                Reply::json(game.state())
            }),
            (true, "/api/move") => self.with_session(arg, |session| match arg("move") {
                None => Reply::error(400, "which move? (move=...)"),
                Some(text) => outcome(session.human_move(text)),
            }),
            (true, "/api/undo") => self.with_session(arg, |session| outcome(session.take_back())),
            (false, "/api/pgn") => self.with_session(arg, |session| Reply {
                status: 200,
                kind: "application/x-chess-pgn",
                body: session.lock().pgn(),
            }),
            (_, path) if path == "/" || path.starts_with("/api/") => {
                Reply::error(405, format!("{path} does not answer {}", if request.post { "POST" } else { "GET" }))
            }
            (_, path) => Reply::error(404, format!("nothing at {path}")),
        }
    }

    fn with_session<'a>(
        &self,
        arg: impl Fn(&str) -> Option<&'a str>,
        act: impl FnOnce(&Arc<Session>) -> Reply,
    ) -> Reply {
        let Some(id) = arg("session") else {
            return Reply::error(400, "which game? (session=...)");
        };
        let session = self.sessions.lock().unwrap_or_else(|e| e.into_inner()).get(id).cloned();
        match session {
            Some(session) => act(&session),
            None => Reply::error(404, "no such game: it was never started here, or a newer one replaced it"),
        }
    }

    fn new_game<'a>(&self, arg: impl Fn(&str) -> Option<&'a str>) -> Reply {
        let side = |name: &str, default: Player| match arg(name) {
            None => Ok(default),
            Some(text) => Player::parse(text).map_err(|e| format!("{name}: {e}")),
        };
        let setup = (|| {
            Ok::<_, String>(Setup {
                variant: arg("variant").unwrap_or("normal").to_string(),
                fen: arg("fen").filter(|f| !f.trim().is_empty()).map(str::to_string),
                chess960: arg("setup").filter(|f| !f.trim().is_empty()).map(|s| s.trim().to_string()),
                players: [side("white", Player::Human)?, side("black", Player::Vorpal)?],
                think: Duration::from_secs_f64(think(arg("think"))?),
                clock: clock(arg("clock"))?,
            })
        })();
        let engine = self.engine.as_ref().map(|(spec, _)| spec);
        let session = match setup.and_then(|setup| Session::start(&self.config, setup, engine)) {
            Ok(session) => session,
            Err(e) => return Reply::error(400, e),
        };
        let id = self.secret();
        let mut sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        if sessions.len() >= MAX_SESSIONS {
            let oldest = sessions.iter().min_by_key(|(_, s)| s.lock().last_used).map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                sessions.remove(&oldest);
            }
        }
        sessions.insert(id.clone(), session);
        Reply::json(object([("session", quote(&id))]))
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
            let rules = HiddenRules::parse(&format!("rule={}", arg("rule").unwrap_or("strikes")))?;
            let seed = match arg("seed") {
                None => self.next_id(),
                Some(text) => text.parse().map_err(|_| format!("seed: '{text}' is not a number"))?,
            };
            Ok(HiddenSetup { side, two_people, rules, think: Duration::from_secs_f64(think(arg("think"))?), seed })
        })();
        let (setup, table) = match setup.and_then(|s| HiddenTable::start(&self.config, &s).map(|t| (s, t))) {
            Ok(started) => started,
            Err(e) => return Reply::error(400, e),
        };
        let mut seats = self.seats.lock().unwrap_or_else(|e| e.into_inner());
        while seats.len() + table.seats.len() > 2 * MAX_SESSIONS {
            let oldest = seats.iter().min_by_key(|(_, (_, used))| *used).map(|(k, _)| k.clone());
            if let Some((seat, _)) = oldest.and_then(|k| seats.remove(&k)) {
                seat.leave();
            }
        }
        let mut mine = None;
        let mut invite = None;
        for (color, seat) in table.seats {
            if color == setup.side {
                let id = self.secret();
                seats.insert(id.clone(), (seat, Instant::now()));
                mine = Some(id);
            } else {
                let token = self.secret();
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
        let Some(seat) = self.invites.lock().unwrap_or_else(|e| e.into_inner()).remove(invite) else {
            return Reply::error(404, "no such invitation: it was used already, or a newer game replaced it");
        };
        let id = self.secret();
        self.seats.lock().unwrap_or_else(|e| e.into_inner()).insert(id.clone(), (seat, Instant::now()));
        Reply::json(object([("seat", quote(&id))]))
    }

    /// A fresh secret of 128 bits, in hexadecimal.
    fn secret(&self) -> String {
        format!("{:016x}{:016x}", self.next_id(), self.next_id())
    }

    fn next_id(&self) -> u64 {
        self.ids.lock().unwrap_or_else(|e| e.into_inner()).next_u64()
    }
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
