//! Self-play strength check, in process: Vorpal at one time per move against Vorpal at another,
//! or against a reference personality, in any variant, with Vorpal's rules as the arbiter.
//!
//! `cargo bench --bench selfplay -- VARIANT GAMES [--strong MS] [--weak MS | --weak greedy|random]
//! [--plies N] [--seed S] [--concurrency K] [--balanced CP]`. Each opening (N random plies,
//! default 4) is played twice with colours swapped; with `--balanced CP` only openings that a
//! depth-8 search scores within CP centipawns of level are used. Prints one line per game and a
//! summary with the strong side's score, moves that overran their time by more than 50 ms, and
//! any illegal move.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use vorpal::arena::opening::random_moves;
use vorpal::config::Config;
use vorpal::engine::Engine;
use vorpal::pieces::Color;
use vorpal::position::Position;
use vorpal::random::Rng;
use vorpal::search::personality::Personality;
use vorpal::search::Limits;

/// A game longer than this is called a draw.
const MAX_PLIES: usize = 400;
/// A move taking this much longer than allowed counts as an overrun.
const OVERRUN: Duration = Duration::from_millis(50);

#[derive(Clone, Copy, Debug)]
enum Player {
    Search(Duration),
    Reference(Personality),
}

struct Finished {
    strong_points: f64,
    reason: String,
    plies: usize,
    overruns: usize,
}

fn parse_player(text: &str) -> Player {
    match Personality::parse(text) {
        Ok(p) if p != Personality::Normal => Player::Reference(p),
        _ => Player::Search(Duration::from_millis(text.parse().expect("a time in ms or greedy/random"))),
    }
}

/// An engine of the built-in variants, playing as `player`, at `opening`.
fn engine(opening: &Position, player: Player, seed: u64) -> Engine {
    let mut engine = Engine::new(Config::builtin());
    engine.set_variant(&opening.variant().name).expect("a built-in variant");
    engine.set_position(Some(&opening.to_fen()), &[]).expect("the opening");
    if let Player::Reference(personality) = player {
        engine.set_personality(personality);
    }
    engine.set_seed(seed);
    // In process, a move reaches its opponent at once.
    engine.set_move_overhead(Duration::ZERO);
    engine
}

/// Plays one game from `opening`; the strong player has White when `strong_white`. Each
/// player is an engine told the game so far before each of its moves; a third keeps the game.
fn play(opening: &Position, strong: Player, weak: Player, strong_white: bool, seed: u64) -> Finished {
    let fen = opening.to_fen();
    let mut players = [engine(opening, strong, seed), engine(opening, weak, seed)];
    let mut arbiter = engine(opening, strong, seed);
    let mut moves: Vec<String> = Vec::new();
    let mut overruns = 0;
    loop {
        if let Some(o) = arbiter.outcome() {
            let strong_color = if strong_white { Color::White } else { Color::Black };
            let points = match o.winner {
                None => 0.5,
                Some(w) if w == strong_color => 1.0,
                Some(_) => 0.0,
            };
            let plies = arbiter.position().fullmove() as usize;
            return Finished { strong_points: points, reason: o.to_string(), plies, overruns };
        }
        if arbiter.position().fullmove() as usize * 2 > MAX_PLIES {
            return Finished { strong_points: 0.5, reason: "move limit".into(), plies: MAX_PLIES, overruns };
        }
        let strong_to_move = (arbiter.position().side() == Color::White) == strong_white;
        let (player, kind) = if strong_to_move { (&mut players[0], strong) } else { (&mut players[1], weak) };
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        player.set_position(Some(&fen), &texts).expect("the game so far is legal");
        let limits = match kind {
            Player::Search(t) => Limits { movetime: Some(t), ..Limits::default() },
            Player::Reference(_) => Limits::default(),
        };
        let start = Instant::now();
        let mv = player.think(limits, |_, _, _| {}).and_then(|i| i.pv.first().copied());
        if let Player::Search(t) = kind {
            if start.elapsed() > t + OVERRUN {
                overruns += 1;
            }
        }
        match mv.filter(|m| arbiter.legal_moves().contains(m)) {
            Some(m) => {
                moves.push(m.to_text(arbiter.variant()));
                arbiter.make(m);
            }
            None => {
                let points = if strong_to_move { 0.0 } else { 1.0 };
                return Finished { strong_points: points, reason: "illegal move".into(), plies: 0, overruns };
            }
        }
    }
}

/// What a depth-8 search thinks of an opening, for the side to move.
fn opening_score(pos: &Position) -> i32 {
    let limits = Limits { depth: Some(8), ..Limits::default() };
    engine(pos, Player::Search(Duration::ZERO), 1).think(limits, |_, _, _| {}).map_or(0, |i| i.score)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let flag = |name: &str, default: &str| -> String {
        args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned().unwrap_or(default.into())
    };
    let (Some(name), Some(games)) = (args.first(), args.get(1).and_then(|g| g.parse::<usize>().ok())) else {
        eprintln!("usage: selfplay VARIANT GAMES [--strong MS] [--weak MS|greedy|random] [--plies N] [--seed S] [--concurrency K] [--balanced CP]");
        std::process::exit(2);
    };
    let strong = parse_player(&flag("--strong", "1000"));
    let weak = parse_player(&flag("--weak", "100"));
    let plies: usize = flag("--plies", "4").parse().expect("--plies N");
    let seed: u64 = flag("--seed", "1").parse().expect("--seed S");
    let concurrency: usize = flag("--concurrency", "1").parse().expect("--concurrency K");
    let balanced: Option<i32> =
        args.iter().any(|a| a == "--balanced").then(|| flag("--balanced", "").parse().expect("--balanced CP"));
    let variant = Config::builtin().variant(name, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = Rng::new(seed);
    let mut jobs = Vec::new();
    for pair in 0..games.div_ceil(2) as u64 {
        let start = loop {
            let (mut start, moves) = random_moves(&variant, plies, &mut rng);
            for mv in moves {
                start.make(mv);
            }
            if balanced.is_none_or(|cp| opening_score(&start).abs() <= cp) {
                break start;
            }
        };
        jobs.push((start.clone(), true, 2 * pair));
        jobs.push((start, false, 2 * pair + 1));
    }
    jobs.truncate(games);
    jobs.reverse();
    let queue = Mutex::new(jobs);
    let totals = Mutex::new((0usize, 0.0f64, 0usize, 0usize, [0usize; 3]));
    std::thread::scope(|scope| {
        for _ in 0..concurrency.max(1) {
            scope.spawn(|| loop {
                let Some((opening, strong_white, seed)) = queue.lock().unwrap().pop() else { return };
                let f = play(&opening, strong, weak, strong_white, seed);
                let mut t = totals.lock().unwrap();
                t.0 += 1;
                t.1 += f.strong_points;
                t.2 += f.overruns;
                t.3 += (f.reason == "illegal move") as usize;
                t.4[(f.strong_points * 2.0) as usize] += 1;
                let colour = if strong_white { "white" } else { "black" };
                println!(
                    "{name} game {}: strong {colour} {} ({}, move {}) | score {:.1}%",
                    t.0,
                    f.strong_points,
                    f.reason,
                    f.plies,
                    100.0 * t.1 / t.0 as f64
                );
            });
        }
    });
    let t = totals.into_inner().unwrap();
    println!(
        "{name}: games {} strong +{} ={} -{} score {:.1}% overruns {} illegal {}",
        t.0,
        t.4[2],
        t.4[1],
        t.4[0],
        100.0 * t.1 / t.0.max(1) as f64,
        t.2,
        t.3
    );
}
