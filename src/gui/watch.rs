//! Watching a match (`vorpal match --gui`): the match runner tells the board of every move, and
//! pages follow the games live with the running score.

use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use super::board::board_json;
use super::json::{list, object, optional, quote};
use crate::arena::game::Game;
use crate::arena::Watch;
use crate::position::Position;
use crate::variant::Variant;

/// One game as the watchers see it.
struct Watched {
    players: [String; 2],
    position: Option<Position>,
    moves: Vec<String>,
    result: Option<String>,
}

#[derive(Default)]
struct Games {
    by_number: BTreeMap<usize, Watched>,
    version: u64,
}

/// The games of a match, kept for the pages that watch them.
pub struct Watchboard {
    variant: Arc<Variant>,
    games: Mutex<Games>,
    changed: Condvar,
}

impl Watchboard {
    /// An empty board for a match of `variant`.
    pub fn new(variant: Arc<Variant>) -> Arc<Watchboard> {
        Arc::new(Watchboard { variant, games: Mutex::new(Games::default()), changed: Condvar::new() })
    }

    fn lock(&self) -> MutexGuard<'_, Games> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What the match runner calls after every move and at every game's end.
    pub fn watcher(self: &Arc<Self>) -> Watch {
        let board = self.clone();
        Arc::new(move |number: usize, record: &Game| board.update(number, record))
    }

    /// Brings game `number` up to its record: only the moves not seen yet are made.
    fn update(&self, number: usize, record: &Game) {
        let mut games = self.lock();
        let watched = games.by_number.entry(number).or_insert_with(|| Watched {
            players: record.players.clone(),
            position: Position::from_fen(self.variant.clone(), &record.opening.fen).ok(),
            moves: Vec::new(),
            result: None,
        });
        for played in record.moves.iter().skip(watched.moves.len()) {
            if let Some(pos) = &mut watched.position {
                pos.make(played.mv);
            }
            watched.moves.push(played.mv.to_text(&self.variant));
        }
        watched.result = record.summary();
        games.version += 1;
        self.changed.notify_all();
    }

    /// The games and the score once the version is past `after` (or after `wait`), with the
    /// boards of game `shown` (by default the latest game still being played).
    pub fn state(&self, after: u64, shown: Option<usize>, wait: Duration) -> String {
        let games = self.lock();
        let (games, _) =
            self.changed.wait_timeout_while(games, wait, |g| g.version <= after).unwrap_or_else(|e| e.into_inner());
        let mut points: BTreeMap<&str, f64> = BTreeMap::new();
        for game in games.by_number.values() {
            let result = game.result.as_deref().unwrap_or("*");
            let (white, black) = match result.split_whitespace().next() {
                Some("1-0") => (1.0, 0.0),
                Some("0-1") => (0.0, 1.0),
                Some("1/2-1/2") => (0.5, 0.5),
                _ => continue,
            };
            *points.entry(&game.players[0]).or_default() += white;
            *points.entry(&game.players[1]).or_default() += black;
        }
        let shown = shown
            .filter(|n| games.by_number.contains_key(n))
            .or_else(|| games.by_number.iter().rev().find(|(_, g)| g.result.is_none()).map(|(n, _)| *n))
            .or_else(|| games.by_number.keys().next_back().copied());
        let rows = games.by_number.iter().map(|(number, g)| {
            object([
                ("number", (number + 1).to_string()),
                ("white", quote(&g.players[0])),
                ("black", quote(&g.players[1])),
                ("plies", g.moves.len().to_string()),
                ("result", optional(g.result.as_deref().map(quote))),
            ])
        });
        let detail = shown.and_then(|n| games.by_number.get(&n).map(|g| (n, g))).map(|(n, g)| {
            let boards = g.position.as_ref().map(|pos| {
                list(
                    self.variant
                        .geometry()
                        .all_layers()
                        .map(|layer| board_json(&self.variant, layer, |sq| pos.piece_char(sq))),
                )
            });
            object([
                ("number", (n + 1).to_string()),
                ("white", quote(&g.players[0])),
                ("black", quote(&g.players[1])),
                ("boards", optional(boards)),
                ("moves", list(g.moves.iter().map(|m| quote(m)))),
                ("result", optional(g.result.as_deref().map(quote))),
            ])
        });
        let score = points.iter().map(|(name, p)| object([("name", quote(name)), ("points", p.to_string())]));
        object([
            ("version", games.version.to_string()),
            ("variant", quote(&self.variant.name)),
            ("games", list(rows)),
            ("score", list(score)),
            ("shown", optional(detail)),
        ])
    }
}
