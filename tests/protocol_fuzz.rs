//! Random command sequences into both protocol loops of the real binary: searches started and
//! stopped at odd moments, variants and positions switched under them, options changed, broken
//! FENs and moves. The engine must answer every `ping` and `isready`, never panic, and quit cleanly.

mod common;

use common::engine::Engine;
use common::{random_text, Rng};

/// Every variant's name and the FENs of its perft suite (valid positions to start from).
fn positions() -> Vec<(String, Vec<String>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("perft");
    let mut suites: Vec<(String, Vec<String>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "epd"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let variant = text.lines().find_map(|l| l.strip_prefix("# variant: ")).unwrap().trim().to_string();
            let fens = text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(|l| l.split(';').next().unwrap().trim().to_string())
                .collect();
            (variant, fens)
        })
        .collect();
    suites.sort();
    suites
}

/// The generator for one test: `VORPAL_FUZZ_SEED` (a number) explores other sequences than the
/// fixed default.
fn rng(default: u64) -> Rng {
    let seed = std::env::var("VORPAL_FUZZ_SEED").ok().and_then(|s| s.parse::<u64>().ok());
    Rng::new(seed.map_or(default, |s| s.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ default))
}

fn pick<T: Clone>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.below(items.len())].clone()
}

/// `text` with a few random characters inserted.
fn damaged(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        chars.insert(at, pick(rng, b"rnbqkpcRNBQKPC12345678/| -wb") as char);
    }
    chars.into_iter().collect()
}

/// A line of random bytes, most of them not UTF-8 (a GUI or a pipe gone wrong).
fn binary_line(rng: &mut Rng) -> Vec<u8> {
    (0..rng.below(40)).map(|_| rng.below(256) as u8).filter(|&b| b != b'\n').collect()
}

/// Commands without a move or FEN of their own, `|` between them.
const XBOARD_COMMANDS: &str =
    "new|force|go|playother|undo|remove|hard|easy|post|nopost|?|draw|analyze|exit|.|hint|bk|white|\
    black|edit|computer|result 1-0 {x}|memory 4|cores 2|option Personality=greedy|\
    option Personality=normal|option EnPassant=1|st 0.02|sd 2|sd 0|nps 2000|level 40 0:01 0|\
    level 0 0:02 1|time 30|otim 30|time 1|time -5|usermove|usermove e2e4|e2e4|a1a1|usermove e7e8q|\
    lift e2|put e4|hover e4|setboard|variant|memory 4000000|memory 99999999999999999999999|cores 100000|\
    cores 0|st 1e30|st -1|st NaN|sd 99999999999999999999|sd 1000000|level 40 99999999 1e30|\
    level 4294967296 1 0|time 18446744073709551615|otim -1|nps 18446744073709551615|ping|";

#[test]
fn xboard_survives_random_command_sequences() {
    let suites = positions();
    let commands: Vec<&str> = XBOARD_COMMANDS.split('|').collect();
    let mut rng = rng(0x5EED_0001);
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.until("feature done=1");
    for step in 1..=1500u32 {
        match rng.below(10) {
            0 => {
                let (variant, fens) = pick(&mut rng, &suites);
                e.send("new");
                e.send(&format!("variant {variant}"));
                if rng.below(2) == 0 {
                    e.send(&format!("setboard {}", pick(&mut rng, &fens)));
                }
            }
            1 => {
                e.send(&format!("sd {}", 1 + rng.below(2)));
                e.send("st 0.02");
                e.send("go");
            }
            2 => {
                let (_, fens) = pick(&mut rng, &suites);
                let fen = pick(&mut rng, &fens);
                let fen = damaged(&mut rng, &fen);
                e.send(&format!("setboard {fen}"));
            }
            3 => {
                let square = |rng: &mut Rng| format!("{}{}", pick(rng, b"abcdefgh") as char, 1 + rng.below(8));
                let (from, to) = (square(&mut rng), square(&mut rng));
                e.send(&format!("usermove {from}{to}{}", pick(&mut rng, &["", "q", "n", "/1", "x"])));
            }
            4 => e.send(&random_text(&mut rng, b"abcdefghijklmnopqrstuvwxyz0123456789 =-", 30)),
            5 => e.send_bytes(&binary_line(&mut rng)),
            _ => e.send(pick(&mut rng, &commands)),
        }
        if step % 5 == 0 {
            e.send(&format!("ping {step}"));
            e.until(&format!("pong {step}"));
        }
    }
    e.send("quit");
    assert!(e.exits_cleanly());
    assert!(!e.panicked(), "a thread of the engine panicked");
}

const UCI_COMMANDS: &[&str] = &[
    "setoption name Threads value 2",
    "setoption name Threads value 1",
    "setoption name Threads value x",
    "setoption name Hash value 1",
    "setoption name Hash value 0",
    "setoption name EnPassant value true",
    "setoption name Personality value random",
    "setoption name Personality value normal",
    "setoption name Nope value 3",
    "setoption",
    "setoption name UCI_Variant value bogus",
    "go searchmoves e2e4",
    "go movetime",
    "go nodes 500",
    "go mate 1",
    "go wtime 40 btime 40 winc 0 movestogo 1",
    "go wtime -5 btime -5",
    "stop",
    "ponderhit",
    "ucinewgame",
    "position",
    "position startpos moves e2e4 zz",
    "debug on",
    "setoption name Hash value 65536",
    "setoption name Hash value 99999999999999999999",
    "setoption name Threads value 100000",
    "setoption name Threads value 0",
    "go depth 99999999999 wtime 9223372036854775807 btime 9223372036854775807 winc 9223372036854775807",
    "go movetime 18446744073709551616",
    "go nodes 9223372036854775807 movestogo 4294967296",
    "setoption name MultiPV value 64",
    "setoption name MultiPV value 1",
    "go depth 2 searchmoves e2e4",
    "go perft 5",
    "go perft 20",
    "go perft 21",
    "go perft -1",
    "setoption name Ponder value maybe",
    "setoption name Move Overhead value 99999999",
    "setoption name Threads value 64",
    "",
];

#[test]
fn uci_survives_random_command_sequences() {
    let suites = positions();
    let mut rng = rng(0x5EED_0002);
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    let (mut fen, mut moves) = (String::from("startpos"), Vec::<String>::new());
    let position = |fen: &str, moves: &[String]| match (fen, moves.is_empty()) {
        ("startpos", true) => "position startpos".to_string(),
        (_, true) => format!("position fen {fen}"),
        (_, false) => format!("position fen {fen} moves {}", moves.join(" ")),
    };
    for step in 1..=1000u32 {
        match rng.below(10) {
            0 => {
                let (variant, fens) = pick(&mut rng, &suites);
                let name = if variant == "normal" { "chess" } else { &variant };
                e.send(&format!("setoption name UCI_Variant value {name}"));
                e.send("ucinewgame");
                fen = pick(&mut rng, &fens);
                moves.clear();
            }
            1 | 2 => {
                e.send(&position(&fen, &moves));
                e.send(&format!("go depth {}", 1 + rng.below(3)));
                let reply = e.until("bestmove");
                let best = reply.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
                if best != "0000" && best != "(none)" {
                    moves.push(best);
                }
            }
            3 => {
                e.send(&position(&fen, &moves));
                e.send(pick(&mut rng, &["go infinite", "go ponder wtime 500 btime 500"]));
                e.send(pick(&mut rng, &["go depth 1", "position startpos", "stop", "ponderhit", "isready"]));
                e.send("stop");
            }
            4 => {
                e.send(&damaged(&mut rng, &position(&fen, &moves)));
                e.send("go depth 1");
            }
            5 => {
                let bad = random_text(&mut rng, b"abcdefgh12345678/qnrcx", 7);
                e.send(&format!("{} {bad}", position(&fen, &moves)));
            }
            6 => {
                moves.pop();
            }
            7 => e.send(&random_text(&mut rng, b"abcdefghijklmnopqrstuvwxyz0123456789 =-", 30)),
            8 if rng.below(3) == 0 => e.send_bytes(&binary_line(&mut rng)),
            _ => e.send(pick(&mut rng, UCI_COMMANDS)),
        }
        if step % 5 == 0 {
            e.send("isready");
            e.until("readyok");
        }
    }
    e.send("stop");
    e.send("quit");
    assert!(e.exits_cleanly());
    assert!(!e.panicked(), "a thread of the engine panicked");
}

/// Lines a referee could send, and lines no referee would, with extreme values.
const LGP_LINES: &[&str] = &[
    "newgame white strikes",
    "newgame black opponent-orders",
    "newgame green",
    "setup?",
    "setup 518",
    "setup 960",
    "setup 4294967296",
    "setup -1",
    "view 8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|????????/????????/????????/????????/????????/????????/????????/???????? w castling HA ep - captured - - strikes 0",
    "view 8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w castling HA ep zz captured - - strikes 300",
    "view",
    "event captured p@2a5",
    "event arrival N@2c3 attacks r@2d5,b@2e1 front 2c4 P",
    "event arrival P@9z9 attacks - front",
    "event movedforyou played 1e22e4 reached 1e4 landed 2e4",
    "event orderforopponent",
    "go wtime 50 btime 50",
    "go wtime 18446744073709551615 btime 0 movetime 18446744073709551615",
    "go wtime -1 btime x",
    "go wtime 30 btime 30 foropponent",
    "fate refused no",
    "fate impossible strikes 300",
    "fate impossible strikes 2",
    "fate played 1e22e4 reached 1e4 landed 2e4",
    "fate played",
    "answer yes",
    "answer maybe",
    "truth 8/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/8 w - - 0 1",
    "truth not a fen",
    "end 1-0 a reason",
    "",
];

#[test]
fn lgp_player_survives_random_referee_lines() {
    let mut rng = rng(0x5EED_0003);
    let mut e = Engine::start();
    e.send("lgp");
    e.until("lgpok");
    let fresh_game = [
        "newgame white strikes",
        "setup 518",
        "view 8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|????????/????????/????????/????????/????????/????????/????????/???????? w castling HA ep - captured - - strikes 0",
    ];
    for step in 1..=2000u32 {
        match rng.below(8) {
            0 => e.send(&random_text(&mut rng, b"abcdefghijklmnopqrstuvwxyz0123456789 @|/?-", 40)),
            1 => e.send_bytes(&binary_line(&mut rng)),
            2 => {
                let line = pick(&mut rng, LGP_LINES);
                e.send(&damaged(&mut rng, line));
            }
            _ => e.send(pick(&mut rng, LGP_LINES)),
        }
        // Every few lines, a game the player can play, and its turn: it must answer.
        if step % 10 == 0 {
            for line in fresh_game {
                e.send(line);
            }
            e.send("go wtime 20 btime 20 movetime 20");
            let reply = e.until("order");
            assert!(reply.last().is_some_and(|l| l.starts_with("order ")), "{reply:?}");
            e.send("end 1/2-1/2 the test goes on");
        }
    }
    e.send("quit");
    assert!(e.exits_cleanly());
    assert!(!e.panicked(), "a thread of the player panicked");
}

#[test]
fn the_command_line_survives_random_arguments() {
    let mut rng = rng(0x5EED_0004);
    let words = [
        "perft",
        "play",
        "search",
        "variants",
        "--variant",
        "alice",
        "lookingglass",
        "nosuch",
        "--depth",
        "3",
        "0",
        "-1",
        "99999999999999999999",
        "--fen",
        "8/8/8/8/8/8/8/8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "--moves",
        "e2e4",
        "zz",
        "--divide",
        "--threads",
        "64",
        "--nodes",
        "1000",
        "--movetime",
        "10",
        "--setup",
        "960",
        "5:5",
        "--option",
        "EnPassant=maybe",
        "--max-nodes",
        "1",
        "--config",
        "/nonexistent",
        "--",
    ];
    for _ in 0..200 {
        let n = 1 + rng.below(6);
        let args: Vec<&str> = (0..n).map(|_| pick(&mut rng, &words)).collect();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_vorpal"))
            .args(&args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("vorpal starts");
        // A deep perft or search asked for by chance is cut short: only a panic or a crash fails.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        let status = loop {
            if let Some(status) = child.try_wait().expect("its status") {
                break Some(status);
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        let mut stderr = String::new();
        let _ = std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr);
        assert!(!stderr.contains("panicked"), "vorpal {}: {stderr}", args.join(" "));
        if let Some(status) = status {
            assert!(status.code().is_some_and(|c| c != 101), "vorpal {}: {status} {stderr}", args.join(" "));
        }
    }
}
