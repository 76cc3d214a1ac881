//! Hidden-information Looking-Glass through the real binary: Vorpal's `lgp` players, the
//! referee in `vorpal match --hidden`, its record of the games, and its arbitration.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{text, vorpal, PATIENT, VORPAL};

fn temp_pgn(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("vorpal-hidden-{}-{name}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// A hidden match of two players (engine commands), with extra arguments; its output and PGN.
fn hidden_match(white: &str, black: &str, games: &str, extra: &[&str], name: &str) -> (Output, String) {
    let pgn = temp_pgn(name);
    let mut args = vec!["match", "--variant", "lookingglass", "--hidden"];
    args.extend(extra);
    args.extend(["--engine", white, "--proto", "lgp", "--engine", black, "--proto", "lgp"]);
    args.extend(["--games", games, "--st", "0.02", "--seed", "3", "--pgn", pgn.to_str().unwrap()]);
    args.extend(PATIENT);
    let out = vorpal(&args);
    let games = std::fs::read_to_string(&pgn).unwrap_or_default();
    let _ = std::fs::remove_file(&pgn);
    (out, games)
}

fn player(kind: &str) -> String {
    format!("{VORPAL} --player {kind}")
}

#[test]
fn hidden_match_records_true_moves_orders_and_both_setups() {
    let (out, pgn) = hidden_match(&player("random"), &player("naive"), "2", &[], "record");
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert!(log.contains("Finished match"), "{log}");
    assert_eq!(pgn.matches("[Hidden \"true\"]").count(), 2, "{pgn}");
    assert!(pgn.contains("[WhiteSetup \"") && pgn.contains("[BlackSetup \""), "{pgn}");
    assert!(pgn.contains("orders"), "each move's comment names the orders given for it: {pgn}");
    assert!(!pgn.contains("rules infraction") && !pgn.contains("time forfeit") && !pgn.contains("abandoned"), "{pgn}");
    // The true moves replay in the perfect-information game from the recorded start.
    let file = temp_pgn("replay");
    std::fs::write(&file, &pgn).unwrap();
    let replay = vorpal(&["play", "--pgn", file.to_str().unwrap()]);
    let _ = std::fs::remove_file(&file);
    assert!(replay.status.success(), "{}", text(&replay));
}

#[test]
fn hidden_match_the_blind_player_plays_whole_games() {
    let (out, pgn) = hidden_match(&player("blind"), &player("random"), "2", &[], "blind");
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(pgn.matches("[Termination \"normal\"]").count(), 2, "{pgn}");
}

#[test]
fn hidden_match_the_alternative_rule_and_players_choosing_setups() {
    let (out, pgn) =
        hidden_match(&player("random"), &player("random"), "2", &["rule=opponent-orders setups=players"], "rule");
    assert!(out.status.success(), "{}", text(&out));
    assert!(!pgn.contains("strike 1"), "no strikes under the alternative rule: {pgn}");
    assert_eq!(pgn.matches("[Hidden \"true\"]").count(), 2, "{pgn}");
}

#[test]
fn hidden_match_a_sighted_player_alone_is_told_the_true_position() {
    let log = std::env::temp_dir().join(format!("vorpal-hidden-{}-sighted.log", std::process::id()));
    let log_arg = log.to_str().unwrap();
    let sighted = format!("{} sighted", player("blind"));
    let (out, pgn) = hidden_match(&sighted, &player("naive"), "2", &["--debug", log_arg], "sighted");
    let lines = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(pgn.matches("[Termination \"normal\"]").count(), 2, "{pgn}");
    // Each line of the log: time, engine (its place in the match, a dot, its game slot),
    // direction, the line. The sighted player is the first engine.
    let truths: Vec<Vec<&str>> = lines
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.get(3) == Some(&"truth"))
        .collect();
    assert!(!truths.is_empty(), "{lines}");
    assert!(truths.iter().all(|w| w[1].starts_with("1.")), "only the sighted player hears the truth: {truths:?}");
}

#[test]
fn hidden_match_no_view_a_player_is_sent_shows_the_enemy_in_the_unseen_world() {
    let log = std::env::temp_dir().join(format!("vorpal-hidden-{}-leak.log", std::process::id()));
    let log_arg = log.to_str().unwrap();
    let (out, _) = hidden_match(&player("blind"), &player("naive"), "2", &["--debug", log_arg], "leak");
    let lines = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    assert!(out.status.success(), "{}", text(&out));
    // Each engine's side, from the `newgame` line it was last sent.
    let mut sides: std::collections::HashMap<String, bool> = std::collections::HashMap::new();
    let mut views = 0;
    for words in lines.lines().map(|l| l.split_whitespace().collect::<Vec<_>>()) {
        let [_, engine, ">", message, rest @ ..] = words.as_slice() else { continue };
        match *message {
            "newgame" => {
                sides.insert(engine.to_string(), rest.first() == Some(&"white"));
            }
            "view" => {
                let white = sides[*engine];
                let boards: Vec<&str> = rest[0].split('|').collect();
                // White sees board 1 whole, Black board 2; in the other only its own pieces.
                let other = boards[if white { 1 } else { 0 }];
                let allowed =
                    |c: char| c == '/' || c == '?' || (c.is_ascii_alphabetic() && c.is_ascii_uppercase() == white);
                assert!(
                    other.chars().all(allowed),
                    "{engine} ({}) was shown {other}",
                    if white { "White" } else { "Black" }
                );
                views += 1;
            }
            "truth" => panic!("{engine} was told the true position without being sighted"),
            _ => {}
        }
    }
    assert!(views > 20, "the log holds the views: {views}");
}

/// `vorpal match` with these words (`V` standing for Vorpal's path) fails, saying `expected`.
fn refused(words: &str, expected: &str) {
    let args: Vec<&str> = words.split_whitespace().map(|w| if w == "V" { VORPAL } else { w }).collect();
    let out = vorpal(&args);
    assert!(!out.status.success() && text(&out).contains(expected), "{words}: {}", text(&out));
}

#[test]
fn hidden_match_refuses_what_it_cannot_referee() {
    let rest = "--games 1 --st 0.02";
    let lgp = "--engine V --proto lgp --engine V --proto lgp";
    refused(
        &format!("match --variant lookingglass --hidden --engine V --engine V {rest}"),
        "needs every engine to speak lgp",
    );
    refused(&format!("match --variant lookingglass {lgp} {rest}"), "add --hidden");
    refused(&format!("match --variant alice --hidden {lgp} {rest}"), "referees lookingglass");
    refused(&format!("match --variant lookingglass --hidden rule=never {lgp} {rest}"), "rule=strikes|opponent-orders");
}

#[test]
fn hidden_match_a_player_that_dies_loses_and_the_match_goes_on() {
    // Answers the handshake, then leaves at its first turn to order.
    let quitter = "sh -c 'read line; echo lgpok; while read line; do case $line in go*) exit 0;; esac; done'";
    let (out, pgn) = hidden_match(quitter, &player("random"), "2", &[], "quitter");
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert_eq!(pgn.matches("[Result \"0-1\"]").count() + pgn.matches("[Result \"1-0\"]").count(), 2, "{pgn}");
    assert!(pgn.contains("abandoned"), "{pgn}");
}

/// Talks `lgp` to a Vorpal player directly.
struct Session {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(VORPAL)
            .args(["--player", "naive"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("vorpal runs");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        Session { child, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.child.stdin.as_mut().unwrap(), "{line}").unwrap();
    }

    /// Lines until one starts with `prefix` (which is returned), within 20 s.
    fn expect(&mut self, prefix: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).unwrap_or_else(|_| panic!("no '{prefix}' line"));
            if line.starts_with(prefix) {
                return line;
            }
        }
    }
}

#[test]
fn lgp_player_answers_the_handshake_setup_and_orders_and_survives_bad_lines() {
    let mut s = Session::start();
    s.send("lgp");
    assert!(s.expect("id name").contains("Vorpal"));
    s.expect("lgpok");
    s.send("newgame white strikes");
    s.send("setup?");
    assert_eq!(s.expect("setup"), "setup 518", "the naive player keeps the standard setup");
    s.send("setup 518");
    s.send("view 8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|????????/????????/????????/????????/????????/????????/????????/???????? w castling HA ep - captured - - strikes 0");
    s.send("this is not lgp");
    assert!(s.expect("Error").contains("not understood"));
    s.send("go wtime 2000 btime 2000");
    let order = s.expect("order ");
    assert!(order.len() >= "order 1a11a2".len(), "{order}");
    s.send("fate refused pretend it was not legal");
    s.send("go wtime 1900 btime 2000");
    let again = s.expect("order ");
    assert_ne!(again, order, "a refused order is not given twice in a turn");
    s.send("quit");
    let status = s.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn play_hidden_a_person_at_the_terminal_sees_only_his_world() {
    let mut child = Command::new(VORPAL)
        .args(["play-hidden", "--as", "white", "--setup", "518:518", "--st", "0.05"])
        .args(["--engine", &player("random")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("vorpal runs");
    child.stdin.as_mut().unwrap().write_all(b"help\n1e21e4\nask\n2b12b2\nresign\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    for expected in [
        "You play White",
        "Your setup is Chess960 number 518.",
        "Real world (board 1)",
        "Carried out: 1e22e4",
        "Impossible. Strikes: 1.",
        "result 0-1 (White resigns",
    ] {
        assert!(log.contains(expected), "no '{expected}' in:\n{log}");
    }
    assert!(log.contains("legal move there"), "the question is answered:\n{log}");
    // Black's army stands on board 2, which White never sees.
    assert!(!log.contains("r n b q k b n r"), "Black's setup showed:\n{log}");
}
