//! The search: finds wins by each family's rules, is deterministic, runs on several threads,
//! obeys its limits and the stop signal; the reference personalities; the CLI reports it.

mod common;

use std::process::Command;
use std::sync::atomic::Ordering;
use std::time::Duration;

use common::{fast_moves, loaded, position, variant};
use vorpal::config::Config;
use vorpal::eval::Eval;
use vorpal::geometry::Narrow;
use vorpal::movegen::{in_check, legal, may_give_check, parse_move, pseudo_legal, pseudo_legal_knowing_check};
use vorpal::notation::score;
use vorpal::random::Rng;
use vorpal::rules::{Alice, Family, Fide, InsideOut, Lma, LookingGlass, Monochrome, Rules};
use vorpal::search::params::SearchParams;
use vorpal::search::personality::{choose, Personality};
use vorpal::search::time::Clock;
use vorpal::search::{search, Info, Limits, Shared, MATE};
use vorpal::{with_narrowest, with_rules};

/// Searches as the engine does: on 64-bit masks.
fn search_with(name: &str, fen: &str, limits: &Limits, shared: &Shared) -> Option<Info> {
    let loaded = loaded(name, &[]);
    let pos = position(&loaded.variant, fen);
    with_narrowest!(pos, |r, pos| search(
        r,
        &pos,
        &Eval::new(pos.variant(), &loaded.evaluation),
        limits,
        shared,
        |_| {}
    ))
}

fn best(name: &str, fen: &str, depth: u32) -> Info {
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    search_with(name, fen, &limits, &Shared::new(4, 1)).expect("a move")
}

fn best_text(name: &str, fen: &str, depth: u32) -> String {
    let info = best(name, fen, depth);
    info.pv[0].to_text(&variant(name, &[]))
}

#[test]
fn search_finds_a_mate_in_one() {
    let info = best("normal", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4);
    assert_eq!(info.pv[0].to_text(&variant("normal", &[])), "a1a8");
    assert_eq!(info.score, MATE - 1);
    assert_eq!(score::uci(info.score), "mate 1");
}

#[test]
fn search_takes_a_hanging_queen() {
    assert_eq!(best_text("normal", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 4), "d2d5");
}

#[test]
fn search_captures_the_king_where_that_wins() {
    let lg = "4k3/8/8/8/8/8/8/r3K3|8/8/8/8/8/8/8/8 b - - 0 1";
    assert_eq!(best_text("lookingglass", lg, 3), "1a12e1");
    let io = "k5/6/6/6/6/r4K|******/******/**4/**4/******/****** b - - 0 1";
    assert_eq!(best_text("insideout", io, 3), "1a11f1");
}

#[test]
fn search_scores_monochrome_captures() {
    // Taking the queen on d5 scores 8 points.
    assert_eq!(best_text("monochrome", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 2), "d2d5");
}

#[test]
fn search_finds_a_mate_in_two() {
    let info = best("normal", "k7/8/2K5/8/8/8/8/6R1 w - - 0 1", 6);
    assert_eq!(score::uci(info.score), "mate 2", "{info:?}");
}

fn null_move<R: SearchParams<Narrow>>() -> bool {
    R::NULL_MOVE
}

fn razoring<R: SearchParams<Narrow>>() -> bool {
    R::RAZORING
}

fn deeper_reductions<R: SearchParams<Narrow>>() -> bool {
    R::DEEPER_REDUCTIONS
}

fn exchange_pruning<R: SearchParams<Narrow>>() -> bool {
    R::EXCHANGE_PRUNING
}

fn delta_pruning<R: SearchParams<Narrow>>() -> bool {
    R::DELTA_PRUNING
}

/// Passing is unsafe where a captured king ends the game; Monochrome's king only scores points.
#[test]
fn null_move_is_used_where_check_exists_and_in_monochrome() {
    let allowed =
        [null_move::<Fide>(), null_move::<LookingGlass>(), null_move::<InsideOut>(), null_move::<Monochrome<Narrow>>()];
    assert_eq!(allowed, [true, false, false, true]);
}

/// A family constant's value in FIDE chess, Alice, LMA, Monochrome, Inside-out and Looking-Glass.
macro_rules! in_each_family {
    ($constant:ident) => {
        [
            $constant::<Fide>(),
            $constant::<Alice>(),
            $constant::<Lma<Narrow>>(),
            $constant::<Monochrome<Narrow>>(),
            $constant::<InsideOut>(),
            $constant::<LookingGlass>(),
        ]
    };
}

#[test]
fn razoring_is_used_only_in_fide_chess_where_it_gained() {
    assert_eq!(in_each_family!(razoring), [true, false, false, false, false, false]);
}

#[test]
fn deeper_reductions_are_used_only_in_fide_chess_inside_out_and_looking_glass_where_they_gained() {
    assert_eq!(in_each_family!(deeper_reductions), [true, false, false, false, true, true]);
}

#[test]
fn exchange_pruning_is_used_only_in_fide_chess_where_it_gained() {
    assert_eq!(in_each_family!(exchange_pruning), [true, false, false, false, false, false]);
}

#[test]
fn delta_pruning_is_off_where_kings_are_captured() {
    let allowed = [delta_pruning::<Fide>(), delta_pruning::<Alice>(), delta_pruning::<Lma<Narrow>>()];
    assert_eq!(allowed, [true, true, true]);
    let off = [delta_pruning::<LookingGlass>(), delta_pruning::<InsideOut>(), delta_pruning::<Monochrome<Narrow>>()];
    assert_eq!(off, [false, false, false]);
}

#[test]
fn two_threads_find_the_same_mate() {
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let info = search_with("normal", "k7/8/2K5/8/8/8/8/6R1 w - - 0 1", &limits, &Shared::new(4, 2)).unwrap();
    assert_eq!(score::uci(info.score), "mate 2", "{info:?}");
}

#[test]
fn two_threads_search_every_variant() {
    for name in Config::builtin().names() {
        let v = variant(&name, &[]);
        let limits = Limits { depth: Some(4), ..Limits::default() };
        let info = search_with(&name, &v.start_fen, &limits, &Shared::new(4, 2)).unwrap();
        let legal = fast_moves(&mut position(&v, &v.start_fen));
        assert!(legal.contains(&info.pv[0].to_text(&v)), "{name}: {:?}", info.pv);
    }
}

#[test]
fn a_position_at_the_horizon_counts_as_one_node() {
    // One legal move (Kb1), after which Black has no capture: the root and the one leaf, whose
    // quiescence search is the same position as the depth-0 node that hands over to it.
    assert_eq!(best("normal", "k7/8/8/8/8/1p6/1P6/K7 w - - 0 1", 1).nodes, 2);
}

/// FIDE chess's start position searched to a node limit.
fn start_searched_to(nodes: u64) -> Info {
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    search_with("normal", &variant("normal", &[]).start_fen, &limits, &Shared::new(4, 1)).expect("a move")
}

#[test]
fn a_node_limit_still_lets_depth_one_choose_the_move() {
    let info = start_searched_to(1);
    assert!(info.depth == 1 && info.nodes > 1, "{info:?}");
}

#[test]
fn a_node_limit_stops_the_search() {
    let info = start_searched_to(20_000);
    assert!(info.nodes <= 20_000 && !info.pv.is_empty(), "{info:?}");
}

#[test]
fn an_almost_empty_clock_still_gets_a_move() {
    let clock = Clock { remaining: Duration::from_millis(5), ..Clock::default() };
    let limits = Limits { clock: Some(clock), ..Limits::default() };
    for name in ["normal", "lma", "duo"] {
        let info = search_with(name, &variant(name, &[]).start_fen, &limits, &Shared::new(4, 1)).unwrap();
        assert!(!info.pv.is_empty(), "{name}");
    }
}

#[test]
fn infinite_analysis_runs_until_stopped() {
    let shared = Shared::new(4, 2);
    let limits = Limits { infinite: true, depth: Some(3), ..Limits::default() };
    std::thread::scope(|scope| {
        let running = scope.spawn(|| search_with("alice", &variant("alice", &[]).start_fen, &limits, &shared));
        std::thread::sleep(Duration::from_millis(50));
        assert!(!running.is_finished(), "infinite analysis ended by itself");
        shared.stop.store(true, Ordering::Relaxed);
        assert!(running.join().unwrap().is_some());
    });
}

#[test]
fn the_greedy_personality_takes_the_most_material() {
    let v = variant("normal", &[]);
    let pos = position(&v, "4k3/8/8/3q4/8/2n5/3R4/4K3 w - - 0 1");
    let mv = with_rules!(&v.family(), |r| choose(
        Personality::Greedy,
        r,
        &pos,
        &Eval::new(&v, &loaded(&v.name, &[]).evaluation),
        &mut Rng::new(7)
    ));
    assert_eq!(mv.unwrap().to_text(&v), "d2d5");
}

#[test]
fn the_random_personality_plays_legal_moves_repeatably() {
    let v = variant("alice", &[]);
    let pos = position(&v, &v.start_fen);
    let legal = fast_moves(&mut pos.clone());
    let pick = |seed| {
        with_rules!(&v.family(), |r| choose(
            Personality::Random,
            r,
            &pos,
            &Eval::new(&v, &loaded(&v.name, &[]).evaluation),
            &mut Rng::new(seed)
        ))
        .unwrap()
        .to_text(&v)
    };
    assert_eq!(pick(3), pick(3));
    let picks: std::collections::HashSet<String> = (0..20).map(pick).collect();
    assert!(picks.len() > 5 && picks.iter().all(|m| legal.contains(m)), "{picks:?}");
}

#[test]
fn search_is_deterministic_and_plays_every_variant() {
    for name in Config::builtin().names() {
        let v = variant(&name, &[]);
        let a = best(&name, &v.start_fen, 3);
        let b = best(&name, &v.start_fen, 3);
        assert_eq!((a.nodes, a.score, &a.pv), (b.nodes, b.score, &b.pv), "{name}");
        let legal = fast_moves(&mut position(&v, &v.start_fen));
        assert!(legal.contains(&a.pv[0].to_text(&v)), "{name}: {:?}", a.pv);
    }
}

#[test]
fn search_on_64_and_128_bit_masks_is_the_same_search() {
    let limits = Limits { depth: Some(5), ..Limits::default() };
    for name in Config::builtin().names() {
        let v = variant(&name, &[]);
        let pos = position(&v, &v.start_fen);
        let wide = with_rules!(&v.family(), |r| search(
            r,
            &pos,
            &Eval::new(&v, &loaded(&v.name, &[]).evaluation),
            &limits,
            &Shared::new(4, 1),
            |_| {}
        ))
        .unwrap();
        let narrow = search_with(&name, &v.start_fen, &limits, &Shared::new(4, 1)).unwrap();
        assert_eq!((wide.nodes, wide.score, &wide.pv), (narrow.nodes, narrow.score, &narrow.pv), "{name}");
    }
}

/// The search drops futile quiet moves unplayed, and plays every other quiet move without
/// testing it for check, when the rules say it cannot give check; in random games of every
/// variant, no move so ruled out gives check.
#[test]
fn a_move_said_not_to_give_check_never_does() {
    let mut rng = common::Rng::new(7);
    for name in Config::builtin().names() {
        let v = variant(&name, &[]);
        let mut ruled_out = 0;
        let mut said = false;
        with_rules!(&v.family(), |rules| {
            common::random_games(&v, &mut rng, 20, 80, |pos| {
                if let Some(threats) = rules.check_threats(pos) {
                    said = true;
                    let mut list = Vec::new();
                    legal(rules, pos, &mut list);
                    list.retain(|&mv| !may_give_check(pos, &threats, mv));
                    ruled_out += list.len();
                    for mv in list {
                        pos.make(mv);
                        assert!(!in_check(rules, pos, pos.side()), "{name}: {} checks", pos.to_fen());
                        pos.unmake();
                    }
                }
            });
        });
        assert!(!said || ruled_out > 1000, "{name}: only {ruled_out} moves ruled out");
    }
}

/// The search hands the generator the check status it knows (`msalice`'s zero moves depend on
/// it): the list must be the one the generator finds by testing the king itself.
#[test]
fn generating_knowing_check_lists_the_same_moves() {
    let mut rng = common::Rng::new(11);
    for name in Config::builtin().names() {
        let v = variant(&name, &[]);
        let mut checks = 0;
        with_rules!(&v.family(), |rules| {
            common::random_games(&v, &mut rng, 10, 80, |pos| {
                let checked = in_check(rules, pos, pos.side());
                checks += checked as usize;
                let (mut tested, mut told) = (Vec::new(), Vec::new());
                pseudo_legal(rules, pos, &mut tested);
                pseudo_legal_knowing_check(rules, pos, checked, &mut told);
                assert_eq!(tested, told, "{name}: {}", pos.to_fen());
            });
        });
        assert!(name != "msalice" || checks > 10, "msalice: only {checks} positions in check");
    }
}

/// LMA: a pawn step off the twin of the enemy king's square lets an off-colour attack on it
/// land, so such a move is never ruled out as a check.
#[test]
fn a_move_emptying_a_kings_twin_may_give_check() {
    let v = variant("lma", &[]);
    let mut pos = position(&v, "6/6/2k3/6/6/2R3/K5|6/6/2P3/6/6/6/6 w - - 0 1");
    let Family::Lma(rules) = &v.family() else { unreachable!() };
    let mv = parse_move(rules, &mut pos, "2c51c6").unwrap();
    let threats = rules.check_threats(&pos).expect("threats");
    assert!(may_give_check(&pos, &threats, mv));
    pos.make(mv);
    assert!(in_check(rules, &pos, pos.side()), "{}", pos.to_fen());
}

#[test]
fn only_boards_of_at_most_64_cells_get_64_bit_masks() {
    let text = "[wide:normal]\nsize = 10x8\nstart = 4k5/10/10/10/10/10/10/4K5 w - - 0 1\n";
    let wide = Config::with_text("wide.ini", text).unwrap().variant("wide", &[]).unwrap();
    assert!(wide.narrow().is_none());
    for name in Config::builtin().names() {
        assert!(variant(&name, &[]).narrow().is_some(), "{name}");
    }
}

fn vorpal(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vorpal")).args(args).output().expect("runs")
}

#[test]
fn search_command_prints_info_lines_and_bestmove() {
    let o = vorpal(&["search", "--variant", "alice", "--depth", "3"]);
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("info depth 1 seldepth "), "{out}");
    assert!(lines[2].contains(" nodes ") && lines[2].contains(" nps ") && lines[2].contains(" pv "), "{out}");
    assert!(lines[3].starts_with("bestmove 1"), "{out}");
    let o = vorpal(&["search", "--nodes", "5000"]);
    assert!(String::from_utf8_lossy(&o.stdout).lines().last().is_some_and(|l| l.starts_with("bestmove ")));
    let o = vorpal(&["search"]);
    assert_eq!(o.status.code(), Some(2));
    for (bad, range) in
        [(["--depth", "0"], "1 to 127 plies"), (["--hash", "0"], "1 to 65536 MB"), (["--threads", "0"], "1 to 256")]
    {
        let o = vorpal(&["search", "--nodes", "100", bad[0], bad[1]]);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(&format!("0 is out of range ({range})")) && err.contains(bad[0]), "{err}");
    }
    let o = vorpal(&["search", "--variant", "lma", "--depth", "4", "--threads", "2"]);
    assert!(String::from_utf8_lossy(&o.stdout).lines().last().is_some_and(|l| l.starts_with("bestmove ")));
    let o = vorpal(&["search", "--variant", "insideout", "--personality", "greedy"]);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("bestmove "));
    let o = vorpal(&["search", "--personality", "clever"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown personality 'clever'"));
    let o = vorpal(&["search", "--depth", "2", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("the game is over"));
}

#[test]
fn bench_prints_a_node_total() {
    let o = vorpal(&["bench", "--depth", "2"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), 16, "{out}");
    let total = out.lines().nth(14).unwrap();
    assert!(total.starts_with("nodes ") && total.contains(" nps "), "{out}");
    for bad in [["--depth", "0"], ["--depth", "128"], ["--threads", "0"]] {
        let o = vorpal(&["bench", bad[0], bad[1]]);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("is out of range"), "{bad:?}");
    }
}
