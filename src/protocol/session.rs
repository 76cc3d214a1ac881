//! What a protocol loop keeps between commands: the variant, the game so far, the engine's
//! options, and the search running in the background.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use crate::config::Config;
use crate::eval::{Eval, Evaluate, Terms};
use crate::geometry::Square;
use crate::movegen::{legal, parse_move, Move};
use crate::pieces::Color;
use crate::position::Position;
use crate::search::personality::{choose, Personality, Rng};
use crate::search::time::DEFAULT_MOVE_OVERHEAD;
use crate::search::{search, Info, Limits, Shared};
use crate::variant::Variant;
use crate::{with_narrowest, with_rules};

/// The default transposition table size in MB.
pub const DEFAULT_HASH_MB: usize = 16;

/// One engine session.
pub struct Session {
    /// The variants known.
    pub config: Config,
    /// The current variant.
    pub variant: Arc<Variant>,
    /// Variant options set by the GUI, as (name, value).
    pub options: Vec<(String, String)>,
    /// The game's current position.
    pub position: Position,
    /// The search's shared state (table, stop signal, threads).
    pub shared: Arc<Shared>,
    /// Table size in MB.
    pub hash_mb: usize,
    /// How moves are chosen.
    pub personality: Personality,
    /// Seed for the reference personalities, advanced every move.
    pub seed: u64,
    /// Time kept back from every clock for the move to reach the GUI.
    pub move_overhead: Duration,
    /// How many best lines a search reports (UCI's MultiPV).
    pub lines: usize,
    /// Whether FIDE chess is played as Chess960 (UCI's `UCI_Chess960`).
    pub chess960: bool,
    running: Option<JoinHandle<()>>,
}

impl Session {
    /// A session in FIDE chess at the start position.
    pub fn new(config: Config) -> Session {
        let variant = config.variant("normal", &[]).expect("the built-in normal variant loads");
        let position = Position::start(variant.clone()).expect("the built-in start position is valid");
        Session {
            config,
            variant,
            options: Vec::new(),
            position,
            shared: Arc::new(Shared::new(DEFAULT_HASH_MB, 1)),
            hash_mb: DEFAULT_HASH_MB,
            personality: Personality::Normal,
            seed: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            lines: 1,
            chess960: false,
            running: None,
        }
    }

    /// Switches to variant `name` (with the current options) at its start position.
    pub fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let variant = self.config.variant(name, &self.options).map_err(|e| e.to_string())?;
        self.position = Position::start(variant.clone()).map_err(|e| e.to_string())?;
        self.variant = variant;
        Ok(())
    }

    /// Sets variant option `name` (replacing its old value) and restarts the variant with it.
    pub fn set_variant_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.options.retain(|(n, _)| n != name);
        self.options.push((name.into(), value.into()));
        let variant = self.variant.name.clone();
        self.set_variant(&variant)
    }

    /// Sets up `fen` (or the start position) and plays `moves`; on error the position is unchanged.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut pos = match fen {
            Some(fen) => Position::from_fen(self.variant.clone(), fen).map_err(|e| format!("bad FEN: {e}"))?,
            None => Position::start(self.variant.clone()).map_err(|e| e.to_string())?,
        };
        for text in moves {
            let mv = self.parse(&mut pos, text)?;
            pos.make(mv);
        }
        self.position = pos;
        Ok(())
    }

    /// The legal move `text` names in `pos`.
    pub fn parse(&self, pos: &mut Position, text: &str) -> Result<Move, String> {
        with_rules!(&self.variant.family, |rules| parse_move(rules, pos, text)).map_err(|e| e.to_string())
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut moves = Vec::new();
        with_rules!(&self.variant.family, |rules| legal(rules, &mut self.position, &mut moves));
        moves
    }

    /// The static evaluation of the current position taken apart, as lines to print: each
    /// board's material, each term's share (the evaluation less the evaluation with that term
    /// weighed 0), the rest, and the total, all from White's side.
    pub fn evaluation_report(&self) -> Result<Vec<String>, String> {
        let white_view = |pos: &Position| if pos.side() == Color::White { 1 } else { -1 };
        let evaluate = |variant: &Arc<Variant>| -> Result<i32, String> {
            let pos = Position::from_fen(variant.clone(), &self.position.to_fen()).map_err(|e| e.to_string())?;
            let eval = Eval::new(variant);
            let score = with_rules!(&variant.family, |rules| rules.evaluate(&pos, &eval));
            Ok(score * white_view(&pos))
        };
        let name = &self.variant.name;
        let total = evaluate(&self.variant)?;
        let eval = Eval::new(&self.variant);
        let g = &self.variant.geometry;
        let mut lines = vec![format!("Evaluation of this {name} position, centipawns from White's side")];
        for layer in 0..g.layers {
            let mut material = [0; 2];
            for cell in 0..g.files * g.ranks {
                let piece = self.position.piece_at(Square::new(layer, cell));
                if piece.is_some() && g.exists(Square::new(layer, cell)) {
                    material[piece.color().index()] += eval.values[piece.role() as usize];
                }
            }
            lines.push(format!("board {}: material White {} Black {}", layer + 1, material[0], material[1]));
        }
        lines.push(format!("{:<16}{:>8}{:>8}", "term", "weight", "share"));
        let mut shares = 0;
        for &term in Terms::NAMES {
            let without =
                self.config.variant_weighing(name, &self.options, Some((term, 0))).map_err(|e| e.to_string())?;
            let share = total - evaluate(&without)?;
            if share != 0 {
                let weight = eval.terms.weight(term).unwrap_or(0);
                lines.push(format!("{term:<16}{weight:>8}{share:>+8}"));
                shares += share;
            }
        }
        lines.push(format!("{:<16}{:>8}{:>+8}", "material, rest", "", total - shares));
        lines.push(format!("Final evaluation: {:+.2} (White's side)", total as f64 / 100.0));
        Ok(lines)
    }

    /// Sets the table size (only between searches). When that much memory cannot be had, a
    /// table of the previous size is kept and the error says so: a GUI's too-large `Hash` must
    /// not cost it the engine.
    pub fn set_hash(&mut self, hash_mb: usize) -> Result<(), String> {
        self.wait();
        let threads = self.shared.threads();
        // The old table goes first, so that old and new never need memory at once.
        self.shared = Arc::new(Shared::new(1, threads));
        match Shared::try_new(hash_mb, threads) {
            Ok(shared) => {
                self.shared = Arc::new(shared);
                self.hash_mb = hash_mb;
                Ok(())
            }
            Err(too_large) => {
                let kept = match Shared::try_new(self.hash_mb, threads) {
                    Ok(shared) => {
                        self.shared = Arc::new(shared);
                        self.hash_mb
                    }
                    Err(_) => 1,
                };
                self.hash_mb = kept;
                Err(format!("{too_large}; the table stays at {kept} MB"))
            }
        }
    }

    /// Sets the number of search threads (only between searches); the table stays.
    pub fn set_threads(&mut self, threads: usize) {
        self.wait();
        self.shared.set_threads(threads);
    }

    /// Whether a search is running.
    pub fn searching(&self) -> bool {
        self.running.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Starts searching the current position in the background; `on_info` is called after each
    /// iteration and `on_done` with the result (`None` when the game is over). A search still
    /// running is stopped first and reports as when stopped.
    pub fn go(
        &mut self,
        mut limits: Limits,
        on_info: impl Fn(&Variant, &Info, &Shared) + Send + 'static,
        on_done: impl FnOnce(&Variant, Option<Info>) + Send + 'static,
    ) {
        self.interrupt();
        limits.overhead = self.move_overhead;
        self.shared.stop.store(false, Ordering::Relaxed);
        let (variant, pos, shared, personality) =
            (self.variant.clone(), self.position.clone(), self.shared.clone(), self.personality);
        self.seed = self.seed.wrapping_add(1);
        let seed = self.seed;
        self.running = Some(std::thread::spawn(move || {
            let result = with_narrowest!(pos, |rules, pos| {
                let eval = Eval::new(pos.variant());
                if personality == Personality::Normal {
                    search(rules, &pos, &eval, &limits, &shared, |info| on_info(&variant, info, &shared))
                } else {
                    choose(personality, rules, &pos, &eval, &mut Rng::new(seed)).map(|mv| Info {
                        depth: 1,
                        seldepth: 1,
                        score: 0,
                        nodes: 1,
                        time: std::time::Duration::ZERO,
                        pv: vec![mv],
                        line: 1,
                    })
                }
            });
            on_done(&variant, result);
        }));
    }

    /// Stops the search, if one runs, and waits for it to report.
    pub fn stop(&mut self) {
        self.shared.pondering.store(false, Ordering::Relaxed);
        self.interrupt();
    }

    /// Stops the search, if one runs, leaving the pondering flag to the next one: a `go ponder`
    /// sets it before the search it replaces has stopped.
    fn interrupt(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    /// Waits for a running search to end by itself.
    pub fn wait(&mut self) {
        if let Some(handle) = self.running.take() {
            let _ = handle.join();
        }
    }
}
