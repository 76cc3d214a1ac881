//! The arbiter's clocks: a side whose time is spent loses, in ordinary and hidden games alike;
//! refused orders spend time too; and an answer counts from when the engine wrote it, however
//! late the game's own thread gets to it.

mod common;

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{ensure_installed, text, VORPAL};
use vorpal::arena::answer::Answer;
use vorpal::arena::client::{self, EngineSpec, Protocol};
use vorpal::arena::clock::GameClocks;
use vorpal::notation::time_control::TimeControl;
use vorpal::position::Position;

/// Runs `vorpal` with `args`, killed after `limit`: a run that does not end by then fails the test.
fn vorpal_within(args: &[&str], limit: Duration) -> Output {
    run_within(Command::new(VORPAL).args(args), limit)
}

/// Runs `command`, killed after `limit`: a run that does not end by then fails the test.
fn run_within(command: &mut Command, limit: Duration) -> Output {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the command starts");
    let deadline = Instant::now() + limit;
    while child.try_wait().expect("its status").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let out = child.wait_with_output().expect("its output");
            panic!("{command:?} did not end within {limit:?}: {}", text(&out));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("its output")
}

fn temp_pgn(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("vorpal-arbiter-{}-{name}.pgn", std::process::id()))
}

/// A hidden game of a scripted White player (its turns' lines, the last repeated) against
/// Vorpal's naive player at `tc`; the PGN, once the match has ended within two minutes.
fn scripted_hidden_game(lines: &[&str], tc: &str, name: &str) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/scripted.sh");
    let quoted: Vec<String> = lines.iter().map(|l| format!("'{l}'")).collect();
    let scripted = format!("sh {script} {}", quoted.join(" "));
    let naive = format!("{VORPAL} --player naive");
    let pgn = temp_pgn(name);
    let mut args = vec!["match", "--variant", "lookingglass", "--hidden", "--games", "1", "--tc", tc];
    args.extend(["--engine", &scripted, "--proto", "lgp", "--engine", &naive, "--proto", "lgp"]);
    args.extend(["--pgn", pgn.to_str().unwrap()]);
    let out = vorpal_within(&args, Duration::from_secs(120));
    let games = std::fs::read_to_string(&pgn).unwrap_or_default();
    let _ = std::fs::remove_file(&pgn);
    assert!(out.status.success(), "{}", text(&out));
    games
}

#[test]
fn a_hidden_player_giving_only_refused_orders_loses_on_time() {
    let games = scripted_hidden_game(&["order 1a11a1"], "2+0", "refuser");
    assert!(games.contains("[Result \"0-1\"]") && games.contains("White loses on time"), "{games}");
    assert!(games.contains("[Termination \"time forfeit\"]"), "{games}");
}

#[test]
fn a_malformed_order_is_refused_with_its_reason() {
    let games = scripted_hidden_game(&["order", "order 1e21e4 extra", "resign"], "10+0", "malformed");
    assert!(games.contains("refused (no order given"), "{games}");
    assert!(games.contains("refused ('1e21e4 extra'"), "{games}");
    assert!(games.contains("White resigns"), "{games}");
}

#[test]
fn an_engine_overrunning_by_less_than_the_margin_each_move_loses_on_time() {
    let Some(python) = ensure_installed("/usr/bin/python3", "python3") else { return };
    let slow = format!("{python} {} slow 45 {VORPAL}", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/faulty.py"));
    // The honest engine has a long clock of its own, so that on a busy machine it cannot lose
    // on time before the slow one does.
    let honest = format!("{VORPAL} tc=10");
    let pgn = temp_pgn("slow");
    let args = [
        "match",
        "--engine",
        &slow,
        "--proto",
        "uci",
        "--engine",
        &honest,
        "--proto",
        "uci",
        "--games",
        "1",
        "--tc",
        "0.5+0",
        "--timemargin",
        "50",
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    let out = vorpal_within(&args, Duration::from_secs(300));
    let games = std::fs::read_to_string(&pgn).unwrap_or_default();
    let _ = std::fs::remove_file(&pgn);
    assert!(out.status.success(), "{}", text(&out));
    // Some 45 ms a move spends 0.5 s and the 50 ms margin within a dozen moves: the margin is
    // not forgiven each move anew. A short clock, so that the game cannot end first (a 1 s
    // clock once let it be drawn by repetition at move 22, before the flag fell).
    assert!(games.contains("White loses on time") && games.contains("[Result \"0-1\"]"), "{games}");
}

#[test]
fn an_answer_counts_from_when_it_was_written_not_from_when_it_was_read() {
    let variant = common::variant("normal", &[]);
    let mut spec = EngineSpec::new(VORPAL, Protocol::Uci);
    spec.apply("depth=1").expect("a depth limit");
    let mut engine = client::start(&spec, &variant, None).expect("vorpal starts");
    let tc = TimeControl::PerMove(Duration::from_millis(500));
    let start = Position::start(variant.clone()).expect("the start");
    engine.new_game(&variant, &start, tc).expect("a new game");
    let mut clocks = GameClocks::new([tc; 2], Duration::from_millis(50));
    let asked = Instant::now();
    engine.ask(&variant, &[], clocks.told(0), tc).expect("asked");
    // The game's thread is held up well past the engine's time; the engine answers at once.
    std::thread::sleep(Duration::from_secs(2));
    let answer = engine.answer(&variant, &[], clocks.told(0), tc, clocks.deadline(0, asked));
    assert!(matches!(answer, Answer::Move(..)), "{answer:?}");
    let elapsed = engine.heard().saturating_duration_since(asked);
    assert!(elapsed < Duration::from_secs(2), "the answer was stamped when it was read: {elapsed:?}");
    assert!(clocks.spend(0, elapsed).is_ok(), "a depth-1 answer after {elapsed:?} is in time");
    engine.quit();
}

#[test]
fn an_engine_answering_with_one_endless_line_loses_on_time_without_growing_the_runner() {
    // Its `go` is answered by `yes` with the line ends taken out: gigabytes with no end of line.
    let endless = "sh -c 'while read l; do case $l in uci) echo uciok;; isready) echo readyok;; go*) yes | tr -d \"\\n\";; esac; done'";
    let pgn = temp_pgn("endless");
    let mut args = vec!["match", "--engine", endless, "--engine", VORPAL, "--games", "1", "--st", "2"];
    args.extend(["--pgn", pgn.to_str().unwrap()]);
    // The runner may use 1 GB of address space: an unbounded line would pass it within seconds.
    let mut command = Command::new("sh");
    command.arg("-c").arg("ulimit -v 1000000; exec \"$@\"").arg("sh").arg(VORPAL).args(&args);
    let out = run_within(&mut command, Duration::from_secs(120));
    let games = std::fs::read_to_string(&pgn).unwrap_or_default();
    let _ = std::fs::remove_file(&pgn);
    assert!(out.status.success(), "{}", text(&out));
    assert!(games.contains("White loses on time") && games.contains("[Result \"0-1\"]"), "{games}");
}

#[test]
fn a_hidden_match_repeats_its_time_control_period() {
    let naive = format!("{VORPAL} --player naive");
    let pgn = temp_pgn("periods");
    let mut args = vec!["match", "--variant", "lookingglass", "--hidden", "--games", "1", "--tc", "2/0.5"];
    args.extend(["--engine", &naive, "--proto", "lgp", "--engine", &naive, "--proto", "lgp", "--seed", "5"]);
    args.extend(["--pgn", pgn.to_str().unwrap()]);
    let out = vorpal_within(&args, Duration::from_secs(300));
    let games = std::fs::read_to_string(&pgn).unwrap_or_default();
    let _ = std::fs::remove_file(&pgn);
    assert!(out.status.success(), "{}", text(&out));
    // Half a second for every two moves: only a clock that is given the period again after each
    // second move can read more than the half second it started with.
    let seconds: Vec<f64> = games
        .split("[%clk ")
        .skip(1)
        .filter_map(|rest| rest.split(']').next())
        .filter_map(|clock| clock.rsplit(':').next()?.parse().ok())
        .collect();
    assert!(seconds.iter().any(|&s| s > 0.5), "no clock above its base: {seconds:?} {games}");
}
