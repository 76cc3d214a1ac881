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
