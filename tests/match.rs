//! `vorpal match`: short matches between Vorpal instances in every variant (over XBoard and over
//! UCI), the arbitration of faulty engines (crash, hang, illegal move, false claim, refusal),
//! PGN written and read back, and FIDE matches against Fairy-Max and Stockfish.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{ensure_installed, text, vorpal, PATIENT, VORPAL};

fn temp_pgn(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("vorpal-match-{}-{name}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The faulty engine's command, or `None` where python3 is missing and cannot be installed.
fn faulty(fault: &str, nth: u32) -> Option<String> {
    let python = ensure_installed("/usr/bin/python3", "python3")?;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/faulty.py");
    Some(format!("{python} {script} {fault} {nth} {VORPAL}"))
}

/// A one- or two-game match of `first` (over `proto`) against Vorpal over UCI, patient with a
/// loaded machine: a fault, not the clock, is to end these games (a hang after the margin).
fn match_against(first: &str, proto: &str, games: &str, pgn: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["match", "--engine", first, "--proto", proto, "--engine", VORPAL, "--proto", "uci"];
    args.extend(["--games", games, "--st", "0.05", "--pgn", pgn.to_str().unwrap()]);
    args.extend(PATIENT);
    args.extend(extra);
    vorpal(&args)
}

/// One game of an engine with `fault` at its `nth` chance (over `proto`) against Vorpal: checks
/// that the faulty engine lost it and returns the PGN (`None`: skipped, python3 missing).
fn lost_by_fault(fault: &str, nth: u32, proto: &str) -> Option<String> {
    let pgn = temp_pgn(&format!("{fault}-{proto}"));
    let all = text(&match_against(&faulty(fault, nth)?, proto, "1", &pgn, &[]));
    assert!(all.contains("Finished: 1 games, +0 =0 -1"), "{fault} over {proto}: {all}");
    Some(std::fs::read_to_string(&pgn).unwrap())
}

/// Runs `vorpal` with `args` plus an I/O log and a PGN file of its own (named after `name`);
/// returns the run, the log and the PGN.
fn logged_match(name: &str, args: &[&str]) -> (Output, String, String) {
    let log = std::env::temp_dir().join(format!("vorpal-match-{}-{name}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let pgn = temp_pgn(name);
    let out = vorpal(&[args, &["--debug", log.to_str().unwrap(), "--pgn", pgn.to_str().unwrap()]].concat());
    let read = |path: &Path| std::fs::read_to_string(path).unwrap_or_default();
    (out, read(&log), read(&pgn))
}

#[test]
fn match_plays_every_variant_over_both_protocols() {
    let config = Command::new(VORPAL).arg("variants").output().unwrap();
    let names: Vec<String> = String::from_utf8_lossy(&config.stdout)
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(names.len(), 14);
    for name in names {
        // Both engines speak one protocol: over XBoard Vorpal neither castles nor accepts castling
        // outside FIDE chess, so a UCI opponent's castling would end the game (see the README).
        // Monochrome, alice3, Inside-out and FIDE Chess960 are not offered over XBoard: UCI only.
        let uci_only = ["monochrome", "alice3", "insideout", "fischerandom"].contains(&name.as_str());
        let protocols: &[&str] = if uci_only { &["uci"] } else { &["xboard", "uci"] };
        for &proto in protocols {
            let pgn = temp_pgn(&format!("{name}-{proto}"));
            let versus = ["match", "--engine", VORPAL, "--proto", proto, "--engine", VORPAL, "--proto", proto];
            let settings = ["--games", "2", "--st", "0.01", "--random-plies", "2", "--seed", "3", "--draw", "6,100000"];
            let settings = [&settings[..], &PATIENT].concat();
            let out =
                vorpal(&[&versus[..], &["--variant", &name], &settings, &["--pgn", pgn.to_str().unwrap()]].concat());
            let all = text(&out);
            let what = format!("{name} over {proto}");
            assert!(out.status.success(), "{what}: {all}");
            assert!(all.contains("Finished: 2 games"), "{what}: {all}");
            for wrong in ["illegal", "Illegal", "refuses", "on time", "claims"] {
                assert!(!all.contains(wrong), "{what}: {all}");
            }
            let pgn_text = std::fs::read_to_string(&pgn).unwrap();
            // FIDE chess is written as every chess tool expects it: no Variant tag, moves in SAN.
            let tag = if name == "normal" { "[Result ".to_string() } else { format!("[Variant \"{name}\"]") };
            assert_eq!(pgn_text.matches(&tag).count(), 2, "{pgn_text}");
            // Each game replays under the rules.
            for game in ["1", "2"] {
                let replay = vorpal(&["play", "--pgn", pgn.to_str().unwrap(), "--game", game]);
                assert!(replay.status.success(), "{what} game {game}: {}", text(&replay));
            }
            let _ = std::fs::remove_file(pgn);
        }
    }
}

#[test]
fn match_forfeits_a_crash_and_restarts_the_engine() {
    let pgn = temp_pgn("crash");
    let Some(crashing) = faulty("crash", 2) else { return };
    let out = match_against(&crashing, "uci", "2", &pgn, &[]);
    let all = text(&out);
    assert!(out.status.success(), "{all}");
    assert!(all.contains("Finished: 2 games, +0 =0 -2"), "both games lost by the crashing engine: {all}");
    let pgn_text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(pgn_text.matches("[Termination \"abandoned\"]").count(), 2, "{pgn_text}");
    assert!(pgn_text.contains("engine exited"), "{pgn_text}");
}

#[test]
fn match_forfeits_a_hang_on_time() {
    let Some(pgn_text) = lost_by_fault("hang", 3, "xboard") else { return };
    assert!(pgn_text.contains("[Termination \"time forfeit\"]") && pgn_text.contains("loses on time"), "{pgn_text}");
    // The reason tells how long the turn took and how much of it the engine's process ran: a
    // hung engine, waiting, ran next to nothing of it.
    let seconds = |after: &str| -> f64 {
        let rest =
            &pgn_text[pgn_text.find(after).unwrap_or_else(|| panic!("no '{after}': {pgn_text}")) + after.len()..];
        rest.split(" s").next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{pgn_text}"))
    };
    let (took, ran) = (seconds("its turn took "), seconds("its process ran "));
    assert!(took > 0.5 && ran < took / 2.0, "took {took} s, ran {ran} s: {pgn_text}");
}

#[test]
fn match_forfeits_an_illegal_move() {
    for proto in ["uci", "xboard"] {
        let Some(pgn_text) = lost_by_fault("illegal", 2, proto) else { return };
        assert!(pgn_text.contains("[Termination \"rules infraction\"]"), "{pgn_text}");
        assert!(pgn_text.contains("plays the illegal move a1a1"), "{pgn_text}");
    }
}

#[test]
fn match_forfeits_an_engine_that_refuses_a_legal_move() {
    let Some(pgn_text) = lost_by_fault("refuse", 1, "xboard") else { return };
    assert!(pgn_text.contains("[Termination \"rules infraction\"]"), "{pgn_text}");
    assert!(pgn_text.contains("White refuses a legal move and cannot go on: Illegal move (refused"), "{pgn_text}");
}

#[test]
fn match_forfeits_a_false_claim_and_accepts_the_arbiter_s_ends() {
    let Some(pgn_text) = lost_by_fault("claim", 2, "xboard") else { return };
    assert!(pgn_text.contains("claims 1-0 (White mates) falsely"), "{pgn_text}");
    // A real end: mate in one from an opening file, decided by the rules, not by a claim.
    let openings = std::env::temp_dir().join(format!("vorpal-match-{}-mate.epd", std::process::id()));
    std::fs::write(&openings, "# mate in one for the side to move\n6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n").unwrap();
    let pgn = temp_pgn("mate");
    let out = match_against(VORPAL, "xboard", "1", &pgn, &["--openings", openings.to_str().unwrap()]);
    let all = text(&out);
    assert!(all.contains("1-0 {White mates}"), "{all}");
    let pgn_text = std::fs::read_to_string(&pgn).unwrap();
    assert!(pgn_text.contains("[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]") && pgn_text.contains("[SetUp \"1\"]"));
    assert!(pgn_text.contains("[TimeControl \"1/0.05\"]") && pgn_text.contains("1. Ra8# {+M1/"), "{pgn_text}");
}

#[test]
fn match_adjudicates_and_reports_elo_and_sprt() {
    let pgn = temp_pgn("adjudicate");
    let out = vorpal(&[
        "match",
        "--engine",
        VORPAL,
        "--engine",
        VORPAL,
        "--games",
        "4",
        "--tc",
        "2+0.05",
        "--concurrency",
        "2",
        "--random-plies",
        "4",
        "--draw",
        "4,100000",
        "--sprt",
        "elo0=0,elo1=10",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let all = text(&out);
    assert!(out.status.success(), "{all}");
    assert_eq!(all.matches("Draw by adjudication").count(), 4, "{all}");
    // Every line in cutechess-cli's form, so that its users' scripts read the match.
    for line in [
        "Started game 1 of 4 (Vorpal 0.1.0 [1] vs Vorpal 0.1.0 [2])",
        "Started game 4 of 4 (Vorpal 0.1.0 [2] vs Vorpal 0.1.0 [1])",
        "Score of Vorpal 0.1.0 [1] vs Vorpal 0.1.0 [2]: 0 - 0 - 4  [0.500] 4",
        "Elo difference: 0.0 +/- 0.0, LOS: 50.0 %, DrawRatio: 100.0 %",
        "Ptnml(0-2): [0, 0, 2, 0, 0], WL/DD Ratio: 0.00",
        "SPRT: llr 0 (0.0%), lbound -2.94, ubound 2.94",
        "Finished match",
    ] {
        assert!(all.lines().any(|l| l == line), "'{line}' missing: {all}");
    }
    assert_eq!(all.lines().filter(|l| l.starts_with("Finished game ") && l.ends_with("}")).count(), 4, "{all}");
    let pgn_text = std::fs::read_to_string(&pgn).unwrap();
    assert!(pgn_text.contains("[TimeControl \"2+0.05\"]") && pgn_text.contains(" [%clk 0:00:0"), "{pgn_text}");
    for bad in [
        vec!["match", "--engine", VORPAL, "--games", "2", "--st", "1"],
        vec!["match", "--engine", VORPAL, "--engine", VORPAL, "--games", "2"],
        vec!["match", "--engine", VORPAL, "--engine", VORPAL, "--games", "2", "--tc", "40/"],
        vec!["match", "--engine", VORPAL, "--engine", VORPAL, "--games", "2", "--st", "1", "--sprt", "elo0=5,elo1=1"],
        vec!["match", "--engine", VORPAL, "--engine", VORPAL, "--games", "2", "--st", "1", "--proto", "cecp2"],
        vec!["match", "--engine", "/nonexistent/engine", "--engine", VORPAL, "--games", "1", "--st", "0.1"],
    ] {
        let out = vorpal(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {}", text(&out));
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "), "{bad:?}: {}", text(&out));
    }
    let missing =
        vorpal(&["match", "--engine", "/nonexistent/engine", "--engine", VORPAL, "--games", "1", "--st", "0.1"]);
    assert!(text(&missing).contains("could not be run (no such command)"), "{}", text(&missing));
    // A variant the engine does not list is refused before any game (XBoard cannot show Inside-out).
    let unoffered = vorpal(&[
        "match",
        "--engine",
        VORPAL,
        "--engine",
        VORPAL,
        "--proto",
        "xboard",
        "--proto",
        "xboard",
        "--variant",
        "insideout",
        "--games",
        "1",
        "--st",
        "0.1",
    ]);
    assert_eq!(unoffered.status.code(), Some(2), "{}", text(&unoffered));
    assert!(text(&unoffered).contains("does not offer insideout over XBoard (it offers: normal, alice"));
}

#[test]
fn match_against_fairymax_and_stockfish_in_fide_chess() {
    for (program, package, proto) in [("fairymax", "fairymax", "xboard"), ("stockfish", "stockfish", "uci")] {
        let Some(engine) = ensure_installed(&format!("/usr/games/{program}"), package) else { return };
        let pgn = temp_pgn(program);
        let versus = ["match", "--engine", VORPAL, "--engine", &engine, "--proto", "uci", "--proto", proto];
        let pgn_arg = pgn.to_str().unwrap();
        // Real engines at a real clock, but the test is of the protocols: a minute's margin before
        // a loss on time, since an engine run beside busy processes at a low priority can stall for
        // longer than PATIENT's five seconds (Stockfish did, niced beside two matches).
        let settings =
            ["--tc", "5+0.05", "--random-plies", "2", "--resign", "3,600", "--draw", "20,20", "--timemargin", "60000"];
        let out = vorpal(&[&versus[..], &["--games", "2"], &settings, &["--pgn", pgn_arg]].concat());
        let all = text(&out);
        assert!(out.status.success(), "{program}: {all}");
        assert!(all.contains("Finished: 2 games"), "{program}: {all}");
        assert!(!all.contains("illegal") && !all.contains("on time") && !all.contains("falsely"), "{program}: {all}");
        let pgn_text = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(pgn_text.matches("[Result ").count(), 2, "{pgn_text}");
        assert!(!pgn_text.contains("[Variant "), "{pgn_text}");
        // They do not play Alice Chess, and the match says so instead of starting.
        let alice = vorpal(&[&versus[..], &["--variant", "alice", "--games", "1", "--st", "0.1"]].concat());
        assert_eq!(alice.status.code(), Some(2), "{program}: {}", text(&alice));
        assert!(text(&alice).contains("does not offer alice over"), "{program}: {}", text(&alice));
    }
}

#[test]
fn match_engines_take_settings_and_ponder_over_both_protocols() {
    for proto in ["uci", "xboard"] {
        let log = std::env::temp_dir().join(format!("vorpal-match-{}-ponder-{proto}.log", std::process::id()));
        let _ = std::fs::remove_file(&log);
        let first = format!("{VORPAL} name=Pondering proto={proto} ponder");
        let pgn = temp_pgn(&format!("ponder-{proto}"));
        let args = ["match", "--engine", &first, "--engine", VORPAL, "--each", "option.Personality=normal"];
        let args = [&args[..], &["--debug", log.to_str().unwrap()]].concat();
        let settings = ["--games", "2", "--tc", "3+0.05", "--random-plies", "2", PATIENT[0], PATIENT[1]];
        let settings = [&settings[..], &["--pgn", pgn.to_str().unwrap()]].concat();
        let out = vorpal(&[&args[..], &settings].concat());
        let all = text(&out);
        assert!(out.status.success() && all.contains("Finished: 2 games"), "{proto}: {all}");
        for wrong in ["illegal", "refuses", "on time", "claims", "abandoned"] {
            assert!(!all.contains(wrong), "{proto}: {all}");
        }
        let pgn_text = std::fs::read_to_string(&pgn).unwrap();
        assert!(pgn_text.contains("[White \"Pondering\"]") && pgn_text.contains("[Black \"Pondering\"]"), "{pgn_text}");
        // The I/O log (--debug) shows what the first engine of slot 1 was told and said.
        let told = std::fs::read_to_string(&log).unwrap();
        let expected: &[&str] = if proto == "uci" {
            &[
                " 1.1 > setoption name Ponder value true",
                " 1.1 > setoption name Personality value normal",
                " 1.1 > go ponder",
                " 1.1 > ponderhit",
                " 1.1 < bestmove ",
            ]
        } else {
            &[" 1.1 > hard", " 1.1 > option Personality=normal", " 1.1 < move "]
        };
        for line in expected {
            assert!(told.contains(line), "{proto}: '{line}' not in the log: {told}");
        }
    }
}

#[test]
fn match_refuses_an_unknown_engine_setting_by_name() {
    let out = vorpal(&["match", "--engine", &format!("{VORPAL} ponder bogus"), "--engine", VORPAL, "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("'bogus' is not an engine setting"), "{}", text(&out));
}

#[test]
fn match_takes_openings_from_pgn_and_epd_files_as_cutechess_does() {
    let dir = std::env::temp_dir();
    let book = dir.join(format!("vorpal-match-{}-openings.pgn", std::process::id()));
    std::fs::write(&book, "[Event \"one\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"two\"]\n\n1. d4 d5 2. c4 e6 *\n").unwrap();
    let pgn = temp_pgn("book");
    let openings = format!("file={} order=sequential plies=3 start=2", book.display());
    let out = vorpal(
        &["match", "--engine", VORPAL, "--engine", VORPAL, "--games", "2", "--st", "0.02"]
            .into_iter()
            .chain(["--openings", &openings, "--draw", "2,100000", "--pgn", pgn.to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    assert!(out.status.success(), "{}", text(&out));
    let pgn_text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(pgn_text.matches("1. d4 {book} d5 {book} 2. c4 {book}").count(), 2, "{pgn_text}");
    let epd = dir.join(format!("vorpal-match-{}-book.epd", std::process::id()));
    std::fs::write(&epd, "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8; id \"mate in one\";\n").unwrap();
    let pgn = temp_pgn("epd");
    let out = match_against(VORPAL, "uci", "1", &pgn, &["--openings", epd.to_str().unwrap()]);
    assert!(text(&out).contains("1-0 {White mates}"), "{}", text(&out));
}

#[test]
fn match_engines_take_time_controls_of_their_own() {
    let (clock, fixed) = (format!("{VORPAL} name=Clock tc=40/0:03+0.05"), format!("{VORPAL} name=Fixed st=0.03"));
    let args = ["match", "--engine", &clock, "--engine", &fixed, "--games", "2", "--random-plies", "2"];
    let args = [&args[..], &PATIENT].concat();
    let (out, told, pgn_text) = logged_match("own-tc", &args);
    let all = text(&out);
    assert!(out.status.success() && all.contains("Finished: 2 games"), "{all}");
    assert!(!all.contains("on time"), "{all}");
    for tag in ["[WhiteTimeControl \"40/3+0.05\"]", "[BlackTimeControl \"1/0.03\"]", "[WhiteTimeControl \"1/0.03\"]"] {
        assert!(pgn_text.contains(tag), "{tag}: {pgn_text}");
    }
    assert!(told.contains(" 1.1 > go wtime ") && told.contains(" winc 50 binc 0 movestogo "), "{told}");
    assert!(told.contains(" 2.1 > go movetime 30"), "{told}");
    let neither = vorpal(&["match", "--engine", &clock, "--engine", VORPAL, "--games", "1"]);
    assert!(text(&neither).contains("match needs --tc TC or --st SECONDS, or tc= or st= on every --engine"));
}

#[test]
fn match_plays_a_round_robin_and_a_gauntlet_of_several_engines() {
    let engines: Vec<String> = ["A", "B", "C", "D"].iter().map(|n| format!("{VORPAL} name={n} depth=1")).collect();
    let run = |count: usize, tournament: &str| {
        let mut args = vec!["match", "--games", "2", "--tc", "inf", "--draw", "3,100000", "--tournament", tournament];
        for engine in &engines[..count] {
            args.extend(["--engine", engine.as_str()]);
        }
        let out = vorpal(&args);
        assert!(out.status.success(), "{}", text(&out));
        text(&out)
    };
    let round_robin = run(3, "round-robin");
    for line in ["Started game 1 of 6 (A vs B)", "Started game 4 of 6 (C vs A)", "Started game 6 of 6 (C vs B)"] {
        assert!(round_robin.lines().any(|l| l == line), "'{line}' missing: {round_robin}");
    }
    let table = round_robin.lines().skip_while(|l| !l.starts_with("Rank Name")).collect::<Vec<_>>();
    assert_eq!(table.len(), 4, "{round_robin}");
    for name in ["A", "B", "C"] {
        assert!(
            table.iter().any(|l| l.split_whitespace().nth(1) == Some(name) && l.contains(" 4 ")),
            "{name}: {table:?}"
        );
    }
    let gauntlet = run(4, "gauntlet");
    assert_eq!(gauntlet.lines().filter(|l| l.starts_with("Finished game ")).count(), 6, "{gauntlet}");
    assert!(!gauntlet.contains("(B vs C)") && gauntlet.contains("Started game 6 of 6 (D vs A)"), "{gauntlet}");
    let sprt = vorpal(&[
        "match",
        "--engine",
        &engines[0],
        "--engine",
        &engines[1],
        "--engine",
        &engines[2],
        "--games",
        "2",
        "--tc",
        "inf",
        "--sprt",
        "elo0=0,elo1=10",
    ]);
    assert!(text(&sprt).contains("--sprt tests two engines"), "{}", text(&sprt));
    let unknown = vorpal(&[
        "match",
        "--engine",
        &engines[0],
        "--engine",
        &engines[1],
        "--games",
        "2",
        "--tc",
        "inf",
        "--tournament",
        "knockout",
    ]);
    assert!(text(&unknown).contains("--tournament knockout: give round-robin or gauntlet"), "{}", text(&unknown));
}

#[test]
fn match_without_a_clock_ends_each_search_by_depth_or_nodes() {
    let (deep, counted) =
        (format!("{VORPAL} name=Deep depth=2 proto=xboard"), format!("{VORPAL} name=Counted nodes=500"));
    let args = ["match", "--engine", &deep, "--engine", &counted, "--games", "2", "--tc", "inf", "--draw", "4,100000"];
    let (out, told, pgn_text) = logged_match("inf", &args);
    assert!(out.status.success() && text(&out).contains("Finished: 2 games"), "{}", text(&out));
    assert!(told.contains(" 1.1 > sd 2") && told.contains(" 2.1 > go nodes 500"), "{told}");
    assert!(pgn_text.contains("[TimeControl \"-\"]") && !pgn_text.contains("[%clk"), "{pgn_text}");
    let endless = vorpal(&["match", "--engine", VORPAL, "--engine", &counted, "--games", "2", "--tc", "inf"]);
    assert!(text(&endless).contains("tc=inf needs depth=N or nodes=N"), "{}", text(&endless));
    let xboard_nodes = format!("{VORPAL} proto=xboard nodes=100");
    let refused = vorpal(&["match", "--engine", &xboard_nodes, "--engine", &counted, "--games", "2", "--st", "0.1"]);
    assert!(text(&refused).contains("nodes= needs a UCI engine"), "{}", text(&refused));
}

#[test]
fn match_drives_an_engine_in_fairy_stockfish_notation() {
    // The second Vorpal speaks Fairy-Stockfish's Alice notation, as that engine does; the match
    // runner translates, and its own rules judge every move.
    let fairy = format!("{VORPAL} name=Fairy notation=fairy option.Notation=fairy");
    let args = ["match", "--engine", VORPAL, "--engine", &fairy, "--variant", "alice", "--games", "2", "--st", "0.02"];
    let settings = ["--random-plies", "4", "--seed", "5", "--draw", "10,100000"];
    let (out, told, pgn_text) = logged_match("fairy", &[&args[..], &settings, &PATIENT].concat());
    assert!(out.status.success() && text(&out).contains("Finished: 2 games"), "{}", text(&out));
    assert!(!pgn_text.contains("illegal") && !pgn_text.contains("forfeit"), "{pgn_text}");
    let fairy_said: Vec<&str> = told.lines().filter(|l| l.contains(" 2.1 > position ")).collect();
    assert!(fairy_said.iter().any(|l| l.contains(" moves ")), "{told}");
    let plain =
        |l: &&str| l.split(" moves ").nth(1).is_none_or(|m| m.split(' ').all(|w| !w.starts_with(char::is_numeric)));
    assert!(fairy_said.iter().all(plain), "{fairy_said:?}");
    let alice3 = ["--variant", "alice3", "--games", "2", "--st", "0.02"];
    let refused = vorpal(&[&["match", "--engine", VORPAL, "--engine", &fairy][..], &alice3].concat());
    assert!(text(&refused).contains("at most two boards"), "{}", text(&refused));
}
