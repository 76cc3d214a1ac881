//! The XBoard/CECP v2 loop, driven over pipes: the feature list, every command, the `setup`
//! of multi-board variants, moves of several legs, highlights, the result claim of every kind
//! of game end, and bad input that must not kill it.

mod common;

use common::engine::Engine;

/// An engine past the handshake, in force mode.
fn xboard() -> Engine {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.until("feature done=1");
    e.send("new");
    e.send("force");
    e
}

/// Sends `ping N` and returns every line printed before `pong N`.
fn sync(e: &mut Engine, n: u32) -> Vec<String> {
    e.send(&format!("ping {n}"));
    let mut lines = e.until(&format!("pong {n}"));
    lines.pop();
    lines
}

#[test]
fn xboard_protover_lists_the_features_and_every_showable_variant() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let lines = e.until("feature done=1");
    assert_eq!(lines[0], "feature done=0");
    let features = lines.iter().find(|l| l.contains("myname=")).unwrap();
    for f in [
        "myname=\"Vorpal",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "san=0",
        "colors=0",
        "time=1",
        "analyze=1",
        "memory=1",
        "smp=1",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "highlight=1",
    ] {
        assert!(features.contains(f), "{f} missing from {features}");
    }
    let variants = features.split("variants=\"").nth(1).unwrap().split('"').next().unwrap();
    let names: Vec<&str> = variants.split(',').collect();
    for name in
        ["normal", "alice", "alice2", "msalice", "odonohue", "duo", "alice8x4", "lma", "lmadouble", "lookingglass"]
    {
        assert!(names.contains(&name), "{name} missing from {variants}");
    }
    assert!(!names.contains(&"monochrome"), "XBoard cannot show Monochrome's change of owner");
    assert!(!names.contains(&"alice3"), "XBoard 4.9.1 reads no move from a 16th rank");
    assert!(!names.contains(&"insideout"), "XBoard cannot draw Inside-out's spawned pawns");
    assert!(lines.iter().any(|l| l.starts_with("feature option=\"EnPassant -check")));
    assert!(lines.iter().any(|l| l.starts_with("feature option=\"Personality -combo")));
}

#[test]
fn xboard_variant_sends_the_setup_of_each_layout() {
    let mut e = xboard();
    let expected = [
        ("alice", "16x8+0_fairy rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w"),
        ("lookingglass", "16x8+0_fairy 8rnbqkbnr/8pppppppp/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w"),
        ("alice8x4", "9x8+0_fairy rqkr*4/nbbn*4/pppp*4/4*4/4*4/PPPP*4/NBBN*4/RQKR*4 w"),
        ("lma", "13x7+0_fairy rcqkcr*6/pppppp*6/6*6/6*6/6*6/6*PPPPPP/6*RCQKCR w"),
        ("insideout", "11x6+0_fairy rbkknr*****/pppppp*****/6*4/6*4/PPPPPP*****/RNKKBR***** w"),
    ];
    for (n, (variant, setup)) in expected.iter().enumerate() {
        e.send(&format!("variant {variant}"));
        let lines = sync(&mut e, n as u32);
        assert!(lines.iter().any(|l| l.starts_with("setup (") && l.contains(setup)), "{variant}: {lines:?}");
    }
    e.send("variant alice3");
    let lines = sync(&mut e, 8);
    assert!(lines[0].starts_with("Error (variant alice3 cannot be shown: 3 layers of 8x8 do not fit"), "{lines:?}");
    e.send("variant lma");
    let lines = sync(&mut e, 9);
    assert!(
        lines[0].starts_with("setup (P..RQ..C..K...........p..rq..c..k...........)"),
        "the Cardinal is XBoard's Archbishop: {lines:?}"
    );
    e.send("variant normal");
    assert!(sync(&mut e, 10).is_empty(), "XBoard knows FIDE chess: no setup");
    e.send("variant monochrome");
    let lines = sync(&mut e, 11);
    assert!(lines.iter().any(|l| l == "piece P& mvWcF"), "Monochrome's pawn is described: {lines:?}");
}

#[test]
fn xboard_plays_either_side_and_thinks_aloud() {
    let mut e = xboard();
    e.send("new");
    e.send("post");
    e.send("sd 3");
    e.send("usermove e2e4");
    let lines = e.until("move ");
    assert!(lines.iter().any(|l| l.starts_with("3 ") && l.split_whitespace().count() >= 5), "{lines:?}");
    e.send("new");
    e.send("level 40 0:05 0");
    e.send("time 500");
    e.send("otim 500");
    e.send("go");
    let mv = e.until("move ").pop().unwrap();
    assert_eq!(mv.len(), "move e2e4".len(), "{mv}");
    e.send("force");
    e.send("st 0.2");
    e.send("playother");
    e.send("usermove e7e5");
    e.until("move ");
}

#[test]
fn xboard_multi_leg_moves_go_both_ways() {
    let mut e = xboard();
    e.send("variant alice");
    sync(&mut e, 0);
    // The queen captures on board 1 and lands on board 2: two legs.
    e.send("setboard 4k3/8/8/3p4/8/8/8/3QK3|8/8/8/8/8/8/8/8 w - - 0 1");
    e.send("usermove d1d5,d5l5");
    e.send("undo");
    e.send("usermove d1d5");
    let lines = sync(&mut e, 1);
    assert_eq!(lines, ["Illegal move (not a legal move here): d1d5"], "the capture lands on board 2");
    e.send("setboard 4k3/8/8/3p4/8/8/8/3QK3|8/8/8/8/8/8/8/8 b - - 0 1");
    e.send("usermove e8m7");
    e.send("sd 2");
    e.send("go");
    let lines = e.until("move ");
    let last = lines.last().unwrap();
    if last.ends_with(',') {
        let second = e.until("move ").pop().unwrap();
        assert!(second.starts_with(&format!("move {}", &last[7..9])), "{last} then {second}");
    }
}

#[test]
fn xboard_lift_highlights_targets_and_put_offers_promotions() {
    let mut e = xboard();
    e.send("variant alice");
    sync(&mut e, 0);
    e.send("lift e2");
    let lines = sync(&mut e, 1);
    assert_eq!(lines, ["highlight 16/16/16/16/12Y3/12Y3/16/16"], "e2 goes to 2e3 or 2e4");
    e.send("setboard 4k3/8/8/3p4/8/8/8/3QK3|8/8/8/8/8/8/8/8 w - - 0 1");
    e.send("lift d1");
    let lines = sync(&mut e, 2);
    assert!(lines[0].starts_with("highlight ") && lines[0].contains('C'), "the capture square is cyan: {lines:?}");
    e.send("lift d5");
    let lines = sync(&mut e, 3);
    assert_eq!(lines, ["highlight 16/16/16/11Y4/16/16/16/16"], "then the landing square: {lines:?}");
    e.send("new");
    e.send("force");
    e.send("setboard 8/4P3/8/8/8/8/8/k1K5 w - - 0 1");
    e.send("lift e7");
    let lines = sync(&mut e, 4);
    assert_eq!(lines, ["highlight 4M3/8/8/8/8/8/8/8"]);
    e.send("put e8");
    assert_eq!(sync(&mut e, 5), ["choice QRBN"]);
    e.send("hover e8");
    assert!(sync(&mut e, 6).is_empty());
}

/// The lines after playing `moves` from `fen` in `variant` (force mode, so only claims print).
fn claims(variant: &str, fen: &str, moves: &[&str]) -> Vec<String> {
    let mut e = xboard();
    e.send(&format!("variant {variant}"));
    sync(&mut e, 0);
    e.send(&format!("setboard {fen}"));
    for mv in moves {
        e.send(&format!("usermove {mv}"));
    }
    sync(&mut e, 1)
}

#[test]
fn xboard_claims_every_kind_of_game_end() {
    let mate = claims("normal", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]);
    assert_eq!(mate, ["1-0 {White mates}"]);
    let stalemate = claims("normal", "7k/8/6Q1/8/8/8/8/6K1 w - - 0 1", &["g6f7"]);
    assert_eq!(stalemate, ["1/2-1/2 {Stalemate}"]);
    let fifty = claims("normal", "7k/8/8/8/8/8/8/R5K1 w - - 99 80", &["a1a2"]);
    assert_eq!(fifty, ["1/2-1/2 {50-move rule}"]);
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"];
    let repetition = claims("normal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &shuffle);
    assert_eq!(repetition, ["1/2-1/2 {3-fold repetition}"]);
    let king = claims("lookingglass", "7k/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8 w - - 0 1", &["h1h8,h8p8"]);
    assert_eq!(king, ["1-0 {King captured}"]);
    // Black's last piece crosses into White's half (and becomes White's).
    let half = claims("monochrome", "8/8/8/4k3/8/8/8/4K3 b - - 0 1 score:3-1 last:-", &["e5e4"]);
    assert_eq!(half, ["1-0 {A half of the board is empty, score 3-1}"]);
    let inner = "******/******/**4/**4/******/******";
    let no_king = claims("insideout", &format!("6/6/6/6/1k4/r4K|{inner} b - - 0 1"), &["a1f1"]);
    assert_eq!(no_king, ["0-1 {White has no king left}"]);
    let stuck = claims("insideout", "k5/6/6/2P3/6/6|******/******/**n3/**K3/******/****** w - - 0 1", &[]);
    assert!(stuck.is_empty(), "a claim follows a move: {stuck:?}");
    let mut e = xboard();
    e.send("variant insideout");
    e.send("setboard k5/6/6/2P3/6/6|******/******/**n3/**K3/******/****** w - - 0 1");
    e.send("go");
    assert_eq!(e.until("0-1").pop().unwrap(), "0-1 {White has no move}");
}

#[test]
fn xboard_analyze_undo_remove_hint_and_draw() {
    let mut e = xboard();
    e.send("post");
    e.send("analyze");
    e.send("usermove e2e4");
    e.until("1 ");
    e.send(".");
    e.until("stat01: ");
    e.send("undo");
    e.send("exit");
    sync(&mut e, 1);
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    e.send("remove");
    e.send("remove");
    let lines = sync(&mut e, 2);
    assert_eq!(lines, ["Error (command not legal now: no move to take back): remove"]);
    e.send("usermove e7e5");
    assert_eq!(sync(&mut e, 3), ["Illegal move (not a legal move here): e7e5"], "White is to move again");
    e.send("new");
    e.send("sd 4");
    e.send("usermove e2e4");
    e.until("move ");
    e.send("hint");
    e.send("draw");
    let lines = sync(&mut e, 4);
    assert!(lines.iter().all(|l| l.starts_with("Hint: ")), "no draw accepted at the start: {lines:?}");
    e.send("result 1/2-1/2 {agreed}");
    e.send("usermove d2d4");
    assert_eq!(sync(&mut e, 5), ["Illegal move (the game is over): d2d4"]);
}

#[test]
fn xboard_go_in_analyze_mode_leaves_it_and_moves() {
    let mut e = xboard();
    e.send("post");
    e.send("analyze");
    e.until("1 ");
    e.send("sd 2");
    e.send("go");
    e.until("move ");
    e.send("playother");
    e.send("analyze");
    e.until("1 ");
    e.send("playother");
    assert!(sync(&mut e, 1).iter().all(|l| !l.starts_with("Error")), "playother ends analysis too");
}

#[test]
fn xboard_options_memory_cores_and_time_commands() {
    let mut e = xboard();
    for command in [
        "memory 32",
        "cores 2",
        "option EnPassant=1",
        "option Personality=greedy",
        "hard",
        "easy",
        "nopost",
        "computer",
        "name Someone",
        "rating 2000 1800",
        "random",
        "nps 100000",
        "level 0 2 1",
        "st 1",
        "sd 5",
        "time 1000",
        "otim 1000",
        "accepted setboard",
        "rejected san",
    ] {
        e.send(command);
    }
    assert!(sync(&mut e, 1).is_empty());
    e.send("go");
    e.until("move ");
}

#[test]
fn xboard_errors_name_what_was_wrong_and_garbage_does_not_kill_it() {
    let mut e = xboard();
    let bad = [
        ("frobnicate", "Error (unknown command): frobnicate"),
        ("variant nosuch", "Error (unknown variant: "),
        ("level 40 x 0", "Error (base time in minutes or MINUTES:SECONDS expected, not 'x'): level 40 x 0"),
        ("sd deep", "Error (a depth expected, not 'deep'): sd deep"),
        ("setboard 8/8/8 w", "Error (bad FEN: "),
        ("usermove e2e5", "Illegal move (not a legal move here): e2e5"),
        ("usermove", "Error (usermove needs a move): usermove"),
        ("option Nonsense=3", "Error (unknown option 'Nonsense'): option Nonsense=3"),
        ("lift z9", "Error (no such square 'z9'): lift z9"),
        ("e2e5", "Illegal move (not a legal move here): e2e5"),
    ];
    for (n, (command, reply)) in bad.iter().enumerate() {
        e.send(command);
        let lines = sync(&mut e, n as u32);
        assert!(lines.len() == 1 && lines[0].starts_with(reply), "{command}: {lines:?}");
    }
    for garbage in ["\u{1F600} ünïcode", "usermove \u{00e9}2e4", "setboard \u{0000}", "time -5", "ping", "level", "%%%"]
    {
        e.send(garbage);
    }
    sync(&mut e, 99);
    e.send("usermove e2e4");
    assert!(sync(&mut e, 100).is_empty(), "the position survived the garbage");
}

#[test]
fn xboard_refuses_what_it_cannot_show_castling_and_spawned_pawns() {
    let mut e = xboard();
    e.send("st 0.1");
    e.send("variant alice");
    sync(&mut e, 0);
    e.send("setboard 4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8 w K - 0 1");
    e.send("usermove e1o1");
    let lines = sync(&mut e, 1);
    assert_eq!(lines, ["Illegal move (XBoard cannot show this castling: it would leave the rook where it was): e1o1"]);
    // Pawn steps XBoard would take for en passant, removing the piece behind the landing square.
    let misread = [
        // O'Donohue: from 1e5 to 2e6 (XBoard's m6) beside the rook on 2e5 (m5).
        ("odonohue", "4k3/8/8/4P3/8/8/8/4K3|8/8/8/4r3/8/8/8/8 w - - 0 1", "e5m6"),
        // LMA, 7 ranks: from the middle rank (2d4, XBoard's k4) to 1d5 (d5) in front of the pawn
        // on 1d4; the middle rank is in Black's half for XBoard (seen in a GUI game).
        ("lma", "6/6/6/3p2/6/6/K5|3k2/6/6/3P2/6/6/6 w - - 0 1", "k4d5"),
    ];
    for (ping, (variant, fen, mv)) in (20..).zip(misread) {
        e.send(&format!("variant {variant}"));
        e.send(&format!("setboard {fen}"));
        e.send(&format!("usermove {mv}"));
        let lines = sync(&mut e, ping);
        let expected = format!(
            "Illegal move (XBoard would take this pawn move for en passant and remove the piece behind it): {mv}"
        );
        assert_eq!(lines.last().unwrap(), &expected, "{variant}");
    }
    e.send("variant insideout");
    sync(&mut e, 2);
    // Black takes a king: pawns spawn on a2, b2, c2, d2 (and a5, d5, e5, f5), which XBoard does not show.
    e.send("setboard k5/1pn3/6/6/4PN/r1K2K|******/******/**4/**4/******/****** b - - 0 1");
    e.send("usermove a1c1");
    e.send("usermove a2a3");
    e.send("usermove e2j3");
    let lines = sync(&mut e, 3);
    assert_eq!(lines, ["Illegal move (XBoard does not show the piece that would move): a2a3"]);
    // A pawn spawned on the square the capturer just left is not shown either.
    e.send("setboard k5/6/6/6/r5/K1K3|******/******/**4/**4/******/****** b - - 0 1");
    e.send("usermove a2a1");
    e.send("usermove a2a3");
    let lines = sync(&mut e, 4);
    assert_eq!(lines, ["Illegal move (XBoard does not show the piece that would move): a2a3"]);
    e.send("go");
    let mv = e.until("move ").pop().unwrap();
    assert!(mv.starts_with("move c1"), "only the king is shown: {mv}");
    e.send("setboard k5/1pn3/6/6/4PN/r1K2K|******/******/**4/**4/******/****** b - - 0 1");
    e.send("usermove a1c1");
    e.send("go");
    let mv = e.until("move ").pop().unwrap();
    for hidden in ["a5", "d5", "e5", "f5"] {
        assert!(!mv.starts_with(&format!("move {hidden}")), "the engine moved a pawn XBoard does not show: {mv}");
    }
}

#[test]
fn xboard_at_the_end_of_input_plays_the_move_being_chosen_and_exits() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child =
        Command::new(env!("CARGO_BIN_EXE_vorpal")).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(b"xboard\nprotover 2\nnew\nst 0.2\ngo\n").unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success());
    assert!(stdout.lines().last().unwrap().starts_with("move "), "{stdout}");
}

#[test]
fn xboard_memory_larger_than_the_machine_keeps_the_old_table_and_answers() {
    let mut e = xboard();
    e.send("memory 65536");
    let lines = sync(&mut e, 1);
    assert!(lines.iter().any(|l| l.starts_with("# memory") && l.contains("stays at 16 MB")), "{lines:?}");
    // Past the range of the options' table, the value is refused, not clamped.
    e.send("memory 30000000");
    e.send("cores 0");
    let lines = sync(&mut e, 2);
    assert!(
        lines.contains(&"Error (Hash: 30000000 is out of range (1 to 65536 MB)): memory 30000000".into()),
        "{lines:?}"
    );
    assert!(lines.contains(&"Error (Threads: 0 is out of range (1 to 256)): cores 0".into()), "{lines:?}");
    e.send("sd 2");
    e.send("go");
    e.until("move ");
    assert!(!e.panicked());
}

#[test]
fn xboard_at_the_end_of_input_pondering_and_analysis_stop_and_the_engine_exits() {
    for (mode, plays) in [("hard\nnew\ngo", true), ("new\nanalyze", false), ("hard\nnew\nlevel 40 60 0\ngo", true)] {
        let mut e = Engine::start();
        e.send("xboard");
        e.send("protover 2");
        e.send(mode);
        let lines = e.end_input(std::time::Duration::from_secs(10)).unwrap_or_else(|| panic!("{mode}: still running"));
        assert_eq!(lines.iter().filter(|l| l.starts_with("move ")).count(), usize::from(plays), "{mode}: {lines:?}");
        assert!(e.exits_cleanly());
    }
}
