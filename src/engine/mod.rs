//! The engine every front end drives: the variant and its options, the game's position, the
//! search's table and threads, and the search running in the background. It narrows the masks,
//! picks the rule family and builds the evaluation in one place, so that UCI, XBoard, the
//! command line and the benchmarks call it and nothing below it.

pub mod options;
pub mod rules_of;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use crate::config::{Config, Loaded};
use crate::eval::{Eval, Evaluate, Evaluation, Terms};
use crate::geometry::{Cell, Square};
use crate::movegen::outcome;
use crate::movegen::{legal, parse_move, Move};
use crate::perft::{divide, divide_until};
use crate::pieces::Color;
use crate::position::Position;
use crate::random::Rng;
use crate::rules::{in_check, Outcome};
use crate::search::personality::{choose, Personality};
use crate::search::time::DEFAULT_MOVE_OVERHEAD;
use crate::search::{search, Info, Limits, Shared};
use crate::variant::{Variant, FIDE_CHESS};
use crate::{with_narrowest, with_rules};

/// The default transposition table size in MB.
pub const DEFAULT_HASH_MB: usize = options::HASH.default as usize;

/// One engine: what a protocol loop keeps between commands.
pub struct Engine {
    config: Config,
    variant: Arc<Variant>,
    /// What the evaluation knows of the variant.
    evaluation: Arc<Evaluation>,
    /// Variant options set by the user, as (name, value).
    options: Vec<(String, String)>,
    position: Position,
    shared: Arc<Shared>,
    hash_mb: usize,
    personality: Personality,
    /// Seed of the next search's reference personality; each search advances it.
    seed: u64,
    move_overhead: Duration,
    /// How many best lines a search reports (UCI's MultiPV).
    lines: usize,
    running: Option<JoinHandle<()>>,
}

impl Engine {
    /// An engine in FIDE chess at the start position, with a table of [`DEFAULT_HASH_MB`] and one thread.
    pub fn new(config: Config) -> Engine {
        Engine::with_table(config, DEFAULT_HASH_MB)
    }

    /// An engine that answers questions of the rules (legality, outcome) and does not search:
    /// its table has a single entry, so keeping many of them costs no memory.
    pub fn for_rules(config: Config) -> Engine {
        Engine::with_table(config, 0)
    }

    fn with_table(config: Config, hash_mb: usize) -> Engine {
        let Loaded { variant, evaluation } = config.loaded(FIDE_CHESS, &[]).expect("the built-in FIDE chess loads");
        let position = Position::start(variant.clone()).expect("the built-in start position is valid");
        Engine {
            config,
            variant,
            evaluation,
            options: Vec::new(),
            position,
            shared: Arc::new(Shared::new(hash_mb, 1)),
            hash_mb,
            personality: Personality::Normal,
            seed: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            lines: 1,
            running: None,
        }
    }

    /// The variants it knows.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The current variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// What the evaluation knows of the current variant.
    pub fn evaluation(&self) -> &Arc<Evaluation> {
        &self.evaluation
    }

    /// The game's current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Switches to variant `name` (with the current options) at its start position.
    pub fn set_variant(&mut self, name: &str) -> Result<(), String> {
        self.set_variant_with(name, self.options.clone())
    }

    /// Sets variant option `name` (replacing its old value) and restarts the variant with it.
    pub fn set_variant_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut options = self.options.clone();
        options.retain(|(n, _)| n != name);
        options.push((name.into(), value.into()));
        self.set_variant_with(&self.variant.name.clone(), options)
    }

    /// Switches to variant `name` with exactly these options, at its start position; on error
    /// nothing changes.
    pub fn set_variant_with(&mut self, name: &str, options: Vec<(String, String)>) -> Result<(), String> {
        let Loaded { variant, evaluation } = self.config.loaded(name, &options).map_err(|e| e.to_string())?;
        self.position = Position::start(variant.clone()).map_err(|e| e.to_string())?;
        self.variant = variant;
        self.evaluation = evaluation;
        self.options = options;
        Ok(())
    }

    /// Sets up `fen` (or the start position) and plays `moves`; on error the position is unchanged.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut pos = match fen {
            Some(fen) => Position::from_fen(self.variant.clone(), fen).map_err(|e| format!("bad FEN: {e}"))?,
            None => Position::start(self.variant.clone()).map_err(|e| e.to_string())?,
        };
        // Where kings are captured, a FEN may lack one (the referee's and the blind player's
        // positions after a capture do); a game given to play from needs one a side.
        if self.variant.king.is_some() {
            if let Some(color) = Color::ALL.into_iter().find(|&c| pos.king_squares(c).next().is_none()) {
                return Err(format!(
                    "bad FEN: {color:?} has no king; a game of {} needs one a side",
                    self.variant.name
                ));
            }
        }
        for text in moves {
            let mv = self.parse(&mut pos, text)?;
            pos.make(mv);
        }
        self.position = pos;
        Ok(())
    }

    /// Plays `mv`, a legal move of the current position.
    pub fn make(&mut self, mv: Move) {
        self.position.make(mv);
    }

    /// Takes back the last move made.
    pub fn unmake(&mut self) {
        self.position.unmake();
    }

    /// The legal move `text` names in `pos`, a position of the current variant.
    pub fn parse(&self, pos: &mut Position, text: &str) -> Result<Move, String> {
        with_rules!(&self.variant.family(), |rules| parse_move(rules, pos, text)).map_err(|e| e.to_string())
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut moves = Vec::new();
        with_rules!(&self.variant.family(), |rules| legal(rules, &mut self.position, &mut moves));
        moves
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        let pos = &self.position;
        with_rules!(&self.variant.family(), |rules| in_check(rules, pos, pos.side()))
    }

    /// How the game has ended in the current position, if it has.
    pub fn outcome(&mut self) -> Option<Outcome> {
        with_rules!(&self.variant.family(), |rules| outcome(rules, &mut self.position))
    }

    /// The leaves `depth` plies below each legal move of the current position.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        with_rules!(&self.variant.family(), |rules| divide(rules, &self.position, depth))
    }

    /// [`divide`](Self::divide) on a thread of its own, so that the protocol goes on reading
    /// commands; `done` gets the counts, or `None` when `stop` was raised first.
    pub fn divide_in_background(
        &self,
        depth: u32,
        stop: Arc<AtomicBool>,
        done: impl FnOnce(&Variant, Option<Vec<(Move, u64)>>) + Send + 'static,
    ) -> JoinHandle<()> {
        let (variant, position) = (self.variant.clone(), self.position.clone());
        std::thread::spawn(move || {
            let counts = with_rules!(&variant.family(), |rules| divide_until(rules, &position, depth, &stop));
            done(&variant, counts);
        })
    }

    /// How moves are chosen: by searching, or by a reference personality.
    pub fn set_personality(&mut self, personality: Personality) {
        self.personality = personality;
    }

    /// Sets the seed of the next search's reference personality.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Time kept back from every clock for the move to reach the GUI.
    pub fn move_overhead(&self) -> Duration {
        self.move_overhead
    }

    /// Sets the time kept back from every clock.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.move_overhead = overhead;
    }

    /// Sets how many best lines a search reports (UCI's MultiPV).
    pub fn set_lines(&mut self, lines: usize) {
        self.lines = lines;
    }

    /// The static evaluation of the current position taken apart, as lines to print: each
    /// board's material, each term's share (the evaluation less the evaluation with that term
    /// weighed 0) and the rest, or the network's score where a network evaluates the variant,
    /// and the total, all from White's side.
    pub fn evaluation_report(&self) -> Result<Vec<String>, String> {
        let white_view = |pos: &Position| if pos.side() == Color::White { 1 } else { -1 };
        let evaluate = |loaded: &Loaded| -> Result<i32, String> {
            let Loaded { variant, evaluation } = loaded;
            let pos = Position::from_fen(variant.clone(), &self.position.to_fen()).map_err(|e| e.to_string())?;
            let eval = Eval::new(variant, evaluation);
            let score = with_rules!(&variant.family(), |rules| rules.evaluate_alone(&pos, &eval));
            Ok(score * white_view(&pos))
        };
        let name = &self.variant.name;
        let total = evaluate(&Loaded { variant: self.variant.clone(), evaluation: self.evaluation.clone() })?;
        let eval = Eval::new(&self.variant, &self.evaluation);
        let g = &self.variant.geometry();
        let mut lines = vec![format!("Evaluation of this {name} position, centipawns from White's side")];
        for layer in g.all_layers() {
            let mut material = [0; 2];
            for cell in Cell::up_to(g.area()) {
                let piece = self.position.piece_at(Square::new(layer, cell));
                if piece.is_some() && g.exists(Square::new(layer, cell)) {
                    material[piece.color().index()] += eval.values[piece.role().index()];
                }
            }
            lines.push(format!("board {}: material White {} Black {}", layer.number() + 1, material[0], material[1]));
        }
        lines.push(format!("{:<16}{:>8}{:>8}", "term", "weight", "share"));
        // A network gives the whole score: weighing a term 0 changes nothing, so none is tried.
        let terms = if self.evaluation.network.is_some() { &[][..] } else { Terms::NAMES };
        let mut shares = 0;
        for &term in terms {
            let without = self
                .config
                .loaded_adjusted(name, &self.options, &[("eval", format!("{term}:0"))])
                .map_err(|e| e.to_string())?;
            let share = total - evaluate(&without)?;
            if share != 0 {
                let weight = eval.terms.weight(term).unwrap_or(0);
                lines.push(format!("{term:<16}{weight:>8}{share:>+8}"));
                shares += share;
            }
        }
        let rest = if terms.is_empty() { "network" } else { "material, rest" };
        lines.push(format!("{rest:<16}{:>8}{:>+8}", "", total - shares));
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

    /// Empties the table and forgets the corrections (only between searches).
    pub fn clear_hash(&mut self) {
        self.wait();
        self.shared.tt.clear();
        self.shared.correction.clear();
    }

    /// Sets the number of search threads (only between searches); the table stays. When the
    /// system cannot start that many, as many as it can are used, and the error says so.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), String> {
        self.wait();
        let available = threads_available(threads.max(1));
        self.shared.set_threads(available);
        if available < threads {
            return Err(format!("only {available} of {threads} threads could be started; searching with {available}"));
        }
        Ok(())
    }

    /// Whether a search is running.
    pub fn searching(&self) -> bool {
        self.running.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Searches the current position on this thread and returns what the last iteration found
    /// (`None` when the game is over); `on_info` is called after each iteration with the
    /// variant, the iteration and how full the table is, in permille.
    pub fn think(&mut self, limits: Limits, on_info: impl Fn(&Variant, &Info, u32)) -> Option<Info> {
        let (limits, seed) = self.prepare(limits, false);
        run(&self.position, &self.evaluation, &limits, &self.shared, self.personality, seed, &on_info)
    }

    /// Starts searching the current position in the background; `on_info` is called after each
    /// iteration (as for [`Engine::think`]) and `on_done` with the result (`None` when the game
    /// is over). A search still running is stopped first and reports as when stopped.
    pub fn go(
        &mut self,
        limits: Limits,
        on_info: impl Fn(&Variant, &Info, u32) + Send + 'static,
        on_done: impl FnOnce(&Variant, Option<Info>) + Send + 'static,
    ) {
        self.start(self.position.clone(), false, limits, on_info, on_done);
    }

    /// Starts pondering in the background: searching the current position, or the one after
    /// the opponent's `expected` reply, with the time limits held until [`Engine::ponder_hit`].
    pub fn ponder(
        &mut self,
        expected: Option<Move>,
        limits: Limits,
        on_info: impl Fn(&Variant, &Info, u32) + Send + 'static,
        on_done: impl FnOnce(&Variant, Option<Info>) + Send + 'static,
    ) {
        let mut pos = self.position.clone();
        if let Some(mv) = expected {
            pos.make(mv);
        }
        self.start(pos, true, limits, on_info, on_done);
    }

    /// The opponent played the move pondered on: the time limits start counting.
    pub fn ponder_hit(&self) {
        self.shared.pondering.store(false, Ordering::Relaxed);
    }

    /// Stops a running search and readies the next: its limits with the engine's settings, and
    /// the seed it uses.
    fn prepare(&mut self, mut limits: Limits, pondering: bool) -> (Limits, u64) {
        self.interrupt();
        limits.overhead = self.move_overhead;
        limits.lines = limits.lines.max(self.lines);
        self.shared.stop.store(false, Ordering::Relaxed);
        self.shared.pondering.store(pondering, Ordering::Relaxed);
        let seed = self.seed;
        self.seed = self.seed.wrapping_add(1);
        (limits, seed)
    }

    fn start(
        &mut self,
        pos: Position,
        pondering: bool,
        limits: Limits,
        on_info: impl Fn(&Variant, &Info, u32) + Send + 'static,
        on_done: impl FnOnce(&Variant, Option<Info>) + Send + 'static,
    ) {
        let (limits, seed) = self.prepare(limits, pondering);
        let (variant, shared, personality) = (self.variant.clone(), self.shared.clone(), self.personality);
        let evaluation = self.evaluation.clone();
        self.running = Some(std::thread::spawn(move || {
            let result = run(&pos, &evaluation, &limits, &shared, personality, seed, &on_info);
            on_done(&variant, result);
        }));
    }

    /// Tells a running search to stop, without waiting for it: it reports as when stopped.
    pub fn halt(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Stops the search, if one runs, and waits for it to report.
    pub fn stop(&mut self) {
        self.shared.pondering.store(false, Ordering::Relaxed);
        self.interrupt();
    }

    /// Stops the search, if one runs, leaving the pondering flag to the next one.
    fn interrupt(&mut self) {
        self.halt();
        self.wait();
    }

    /// Waits for a running search to end by itself.
    pub fn wait(&mut self) {
        if let Some(handle) = self.running.take() {
            let _ = handle.join();
        }
    }
}

/// Chooses a move in `pos`: the search on the narrowest masks its boards fit, with the family's
/// rules and the variant's `evaluation`, or a reference personality.
fn run(
    pos: &Position,
    evaluation: &Arc<Evaluation>,
    limits: &Limits,
    shared: &Shared,
    personality: Personality,
    seed: u64,
    on_info: &impl Fn(&Variant, &Info, u32),
) -> Option<Info> {
    let variant = pos.variant().clone();
    with_narrowest!(pos, |rules, pos| {
        let eval = Eval::new(pos.variant(), evaluation);
        if personality == Personality::Normal {
            search(rules, &pos, &eval, limits, shared, |info| on_info(&variant, info, shared.tt.hashfull()))
        } else {
            choose(personality, rules, &pos, &eval, &mut Rng::new(seed)).map(|mv| Info {
                depth: 1,
                seldepth: 1,
                score: 0,
                nodes: 1,
                time: Duration::ZERO,
                pv: vec![mv],
                line: 1,
            })
        }
    })
}

/// How many of `wanted` threads (this one included) the system can run at once: the search's
/// helpers run all together, so they are started all together, each waiting until the count is done.
fn threads_available(wanted: usize) -> usize {
    let gate = std::sync::Mutex::new(());
    let held = gate.lock().unwrap_or_else(|e| e.into_inner());
    std::thread::scope(|scope| {
        let mut started = 1;
        while started < wanted {
            if std::thread::Builder::new().spawn_scoped(scope, || drop(gate.lock())).is_err() {
                break;
            }
            started += 1;
        }
        drop(held);
        started
    })
}
