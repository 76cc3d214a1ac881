//! `vorpal gui`: the server answers every request, bad ones with a reason, and keeps running;
//! and every variant is played by clicks in a real browser (Chromium through its WebDriver).

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use common::gui::Server;
use common::{ensure_installed, VORPAL};

/// The session id of a new game's answer.
fn session_of(body: &str) -> String {
    body.split('"').nth(3).unwrap_or_else(|| panic!("no session in {body}")).to_string()
}

#[test]
fn gui_listens_only_on_this_machine_unless_told() {
    let server = Server::start();
    assert!(server.address.starts_with("127.0.0.1:"), "{}", server.address);
}

#[test]
fn gui_refuses_bad_requests_with_a_reason_and_keeps_running() {
    let mut server = Server::start();
    let (status, page) = server.ask("GET", "/");
    assert_eq!(status, 200);
    assert!(page.contains("data-board") || page.contains("dataset.board"), "the page draws boards");
    let refused = [
        ("POST", "/api/new?variant=nosuch", 400, "unknown variant 'nosuch'"),
        ("POST", "/api/new?fen=not%20a%20fen", 400, "bad FEN"),
        ("POST", "/api/new?think=-3", 400, "think: '-3'"),
        ("POST", "/api/new?white=robot", 400, "white: 'robot'"),
        ("GET", "/api/state?session=0123", 404, "no such game"),
        ("GET", "/api/state", 400, "which game"),
        ("POST", "/api/new?clock=abc", 400, "clock: 'abc' is not a positive time"),
        ("POST", "/api/hidden/new?rule=foo", 400, "rule: 'foo' is neither strikes nor opponent-orders"),
        ("GET", "/api/new", 405, "does not answer GET"),
        ("DELETE", "/api/new", 405, "it takes POST"),
        ("PUT", "/api/state", 405, "it takes GET"),
        ("GET", "/etc/passwd", 404, "nothing at /etc/passwd"),
    ];
    for (method, target, expected, reason) in refused {
        let (status, body) = server.ask(method, target);
        assert_eq!(status, expected, "{method} {target}: {body}");
        assert!(body.contains(reason), "{method} {target}: {body}");
        // A player reads these: no command line's words in them.
        for words in ["command line", "--tc", "--hidden", "setups="] {
            assert!(!body.contains(words), "{method} {target}: {body}");
        }
    }
    let (status, body) = server.ask("GET", &format!("/api/variants?{}", "x".repeat(5000)));
    assert_eq!(status, 414, "{body}");

    let (status, body) = server.ask("POST", "/api/new?variant=alice&white=human&black=human");
    assert_eq!(status, 200, "{body}");
    let session = session_of(&body);
    let refused = [
        ("move=zz", "not a move"),
        ("move=1e21e4", "would land on another board than 1e4: write 1e22e4"),
        ("", "which move"),
    ];
    for (target, reason) in refused {
        let (status, body) = server.ask("POST", &format!("/api/move?session={session}&{target}"));
        assert_eq!(status, 400, "{target}: {body}");
        assert!(body.contains(reason), "{target}: {body}");
    }
    let (status, body) = server.ask("POST", &format!("/api/undo?session={session}"));
    assert_eq!((status, body.contains("no move to take back")), (400, true), "{body}");
    let (status, body) = server.ask("POST", &format!("/api/move?session={session}&move=1e22e4"));
    assert_eq!(status, 200, "{body}");
    let (_, state) = server.ask("GET", &format!("/api/state?session={session}"));
    assert!(state.contains(r#""moves":[{"text":"1e22e4""#), "{state}");
    assert!(state.contains(r#""square":"2e4","dark":false,"piece":"P""#), "{state}");
    let (status, body) = server.ask("POST", &format!("/api/undo?session={session}"));
    assert_eq!(status, 200, "{body}");
    let (_, pgn) = server.ask("GET", &format!("/api/pgn?session={session}"));
    assert!(pgn.contains("[Variant \"alice\"]"), "{pgn}");
    assert!(server.alive(), "the server still runs");
}

#[test]
fn gui_pgn_of_a_game_under_way_is_written_as_a_gui_writes_it() {
    let server = Server::start();
    let (_, body) = server.ask("POST", "/api/new?variant=normal&white=human&black=human");
    let session = session_of(&body);
    for mv in ["e2e4", "e7e5"] {
        let (status, body) = server.ask("POST", &format!("/api/move?session={session}&move={mv}"));
        assert_eq!(status, 200, "{body}");
    }
    let (_, pgn) = server.ask("GET", &format!("/api/pgn?session={session}"));
    for tag in ["[Event \"Casual game\"]", "[Site \"Vorpal GUI\"]", "[Round \"-\"]", "[Result \"*\"]"] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(pgn.contains("[Date \"20"), "{pgn}");
    // Under way: no Termination; a person's move has its time and no engine's score; no empty
    // comment before the result.
    assert!(!pgn.contains("[Termination"), "{pgn}");
    assert!(!pgn.contains("0.00/0") && !pgn.contains("{}"), "{pgn}");
    let moves = pgn.split("\n\n").nth(1).unwrap();
    assert!(moves.starts_with("1. e4 {") && moves.trim_end().ends_with('*'), "{moves}");
}

#[test]
fn gui_game_by_invitation_gives_each_person_only_his_side() {
    let mut server = Server::start();
    for (target, reason) in [
        ("/api/new?white=friend&black=friend", "only one side can be the friend"),
        ("/api/new?white=friend&black=vorpal", "the other side must be human"),
        ("/api/new?black=friend&white=robot", "white: 'robot'"),
    ] {
        let (status, body) = server.ask("POST", target);
        assert_eq!((status, body.contains(reason)), (400, true), "{target}: {body}");
    }
    let (status, body) = server.ask("POST", "/api/join?invite=0123");
    assert_eq!((status, body.contains("no such invitation")), (404, true), "{body}");
    let (status, body) = server.ask("POST", "/api/new?variant=normal&white=friend&black=human");
    assert_eq!(status, 200, "{body}");
    let black = session_of(&body);
    let invite = body.split('"').nth(7).expect("an invitation").to_string();
    let (status, body) = server.ask("POST", &format!("/api/join?invite={invite}"));
    assert_eq!(status, 200, "{body}");
    let white = session_of(&body);
    let (status, body) = server.ask("POST", &format!("/api/join?invite={invite}"));
    assert_eq!((status, body.contains("used already")), (404, true), "an invitation works once: {body}");
    let mv = |session: &str, text: &str| server.ask("POST", &format!("/api/move?session={session}&move={text}"));
    let (status, body) = mv(&black, "e2e4");
    assert_eq!((status, body.contains("it is White's move, not yours")), (400, true), "{body}");
    let (_, state) = server.ask("GET", &format!("/api/state?session={black}"));
    assert!(state.contains(r#""seat":"black""#) && state.contains(r#""legal":[]"#), "{state}");
    assert_eq!(mv(&white, "e2e4").0, 200);
    let (status, body) = mv(&white, "e7e5");
    assert_eq!((status, body.contains("it is Black's move, not yours")), (400, true), "{body}");
    assert_eq!(mv(&black, "e7e5").0, 200);
    let (status, body) = server.ask("POST", &format!("/api/analyse?session={black}&lines=2"));
    assert_eq!((status, body.contains("no analysis while a game by invitation goes on")), (400, true), "{body}");
    // A take-back is asked by one page and done when the other agrees: the asker's last move
    // goes back, with the reply to it.
    let undo = |session: &str| server.ask("POST", &format!("/api/undo?session={session}"));
    assert_eq!(undo(&white).0, 200);
    let (status, body) = undo(&white);
    assert_eq!((status, body.contains("asked already")), (400, true), "{body}");
    let (_, state) = server.ask("GET", &format!("/api/state?session={black}"));
    assert!(state.contains(r#""takeBack":"white""#) && state.contains(r#""moves":[{"text":"e2e4""#), "{state}");
    assert_eq!(undo(&black).0, 200);
    let (_, state) = server.ask("GET", &format!("/api/state?session={white}"));
    assert!(state.contains(r#""seat":"white""#) && state.contains(r#""invited":"white""#), "{state}");
    assert!(state.contains(r#""moves":[]"#) && state.contains(r#""takeBack":null"#), "{state}");
    // A move instead of agreeing refuses the request.
    assert_eq!(mv(&white, "d2d4").0, 200);
    assert_eq!(undo(&white).0, 200);
    assert_eq!(mv(&black, "d7d5").0, 200);
    let (_, state) = server.ask("GET", &format!("/api/state?session={white}"));
    assert!(state.contains(r#""takeBack":null"#), "{state}");
    let (status, body) = undo(&black);
    assert_eq!(status, 200, "{body}");
    assert!(server.alive());
}

#[test]
fn gui_hidden_games_refuse_what_a_seat_may_not_do() {
    let mut server = Server::start();
    for (target, expected, reason) in [
        ("/api/hidden/new?as=green", 400, "as: 'green'"),
        ("/api/hidden/new?opponent=robot", 400, "opponent: 'robot'"),
        ("/api/hidden/new?rule=mercy", 400, "mercy"),
        ("/api/hidden/say?seat=0123&order=1e21e4", 404, "no such seat"),
        ("/api/hidden/join?invite=0123", 404, "no such invitation"),
    ] {
        let (status, body) = server.ask("POST", target);
        assert_eq!(status, expected, "{target}: {body}");
        assert!(body.contains(reason), "{target}: {body}");
    }
    let (status, body) = server.ask("POST", "/api/hidden/new?opponent=human");
    assert_eq!(status, 200, "{body}");
    let white = session_of(&body);
    let invite = body.split('"').nth(7).expect("an invitation").to_string();
    let (status, body) = server.ask("POST", &format!("/api/hidden/join?invite={invite}"));
    assert_eq!(status, 200, "{body}");
    let black = session_of(&body);
    let (status, body) = server.ask("POST", &format!("/api/hidden/join?invite={invite}"));
    assert_eq!((status, body.contains("used already")), (404, true), "an invitation works once: {body}");
    let say = |seat: &str, what: &str| server.ask("POST", &format!("/api/hidden/say?seat={seat}&{what}"));
    let (status, body) = say(&black, "order=1e71e5");
    assert_eq!((status, body.contains("not your turn")), (400, true), "{body}");
    let (status, body) = say(&white, "order=1e21e4&ask=1");
    assert_eq!((status, body.contains("say one thing")), (400, true), "{body}");
    // White's own world is board 1: its view has no `?` there and only `?` or its own pieces on board 2.
    let (_, view) = server.ask("GET", &format!("/api/hidden/state?seat={white}&after=0"));
    assert!(view.contains(r#""color":"white""#), "{view}");
    assert!(!view.contains(r#""square":"1a1","dark":true,"piece":"?""#), "{view}");
    assert!(view.contains(r#""square":"2a8","dark":false,"piece":"?""#), "{view}");
    assert!(server.alive());
}

/// The browser test's needs, installed when missing; `None` where nothing can be installed.
fn browser_test_tools() -> Option<String> {
    ensure_installed("/usr/bin/chromium", "chromium")?;
    ensure_installed("/usr/bin/chromedriver", "chromium-driver")?;
    let python = ensure_installed("/usr/bin/python3", "python3")?;
    ensure_installed("/usr/lib/python3/dist-packages/selenium/__init__.py", "python3-selenium")?;
    Some(python)
}

#[test]
fn gui_plays_hidden_looking_glass_in_two_browsers_without_leaks() {
    let Some(python) = browser_test_tools() else { return };
    let server = Server::start();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/gui/blind.py");
    let output =
        Command::new(python).args([script, &format!("http://{}", server.address)]).output().expect("python3 runs");
    let report = common::text(&output);
    println!("{report}");
    assert!(output.status.success(), "{report}");
    assert!(report.contains("two people: ") && report.contains("against Vorpal: "), "{report}");
    assert!(report.contains("other world: ") && report.contains("remembered: "), "{report}");
}

#[test]
fn gui_plays_every_variant_by_clicks_in_a_real_browser() {
    let Some(python) = browser_test_tools() else { return };
    let server = Server::start();
    let variants = common::text(&common::vorpal(&["variants"]));
    let names: Vec<&str> = variants.lines().filter_map(|l| l.split_whitespace().next()).collect();
    assert!(names.len() >= 13, "{variants}");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/gui/browser.py");
    let url = format!("http://{}", server.address);
    let output = Command::new(python).args([script, &url, VORPAL, "0.05"]).args(&names).output().expect("python3 runs");
    let report = common::text(&output);
    println!("{report}");
    assert!(output.status.success(), "{report}");
    for name in names {
        assert!(report.contains(&format!("{name}: ")), "{name} was not played: {report}");
        assert!(report.contains(&format!("{name} to the end: ")), "{name} was not played to its end: {report}");
    }
}

#[test]
fn gui_plays_another_engine_with_clocks_drag_take_back_and_analysis() {
    let Some(python) = browser_test_tools() else { return };
    let server = Server::start_with(&["--engine", &format!("{VORPAL} name=Other st=0.05")]);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/gui/clocks.py");
    let output =
        Command::new(python).args([script, &format!("http://{}", server.address)]).output().expect("python3 runs");
    let report = common::text(&output);
    println!("{report}");
    assert!(output.status.success(), "{report}");
    assert!(report.contains("against Other with clocks") && report.contains("analysis: 3 lines"), "{report}");
    assert!(report.contains("on time"), "{report}");
}

#[test]
fn gui_board_page_reads_as_a_players_page_in_a_real_browser() {
    let Some(python) = browser_test_tools() else { return };
    let server = Server::start();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/gui/reading.py");
    let variants = common::text(&common::vorpal(&["variants"])).lines().count().to_string();
    let url = format!("http://{}", server.address);
    let output = Command::new(python).args([script, &url, &variants]).output().expect("python3 runs");
    let report = common::text(&output);
    println!("{report}");
    assert!(output.status.success(), "{report}");
    let parts = ["start page: ", "phone: ", "coordinates: ", "move list: ", "check: ", "flip: ", "promotion: "];
    for part in parts.into_iter().chain([
        "screen readers: ",
        "analysis: ",
        "import: ",
        "keyboard: ",
        "invitation: ",
        "premove: ",
    ]) {
        assert!(report.contains(part), "{part} missing: {report}");
    }
}

#[test]
fn gui_refuses_a_bad_engine_clock_or_analysis_with_a_reason() {
    let bad = common::vorpal(&["gui", "--engine", "/nonexistent/engine"]);
    assert!(!bad.status.success() && common::text(&bad).contains("/nonexistent/engine"), "{}", common::text(&bad));
    let mut server = Server::start();
    let (status, body) = server.ask("GET", "/api/players");
    assert_eq!((status, body.as_str()), (200, r#"{"engine":null}"#));
    for (target, reason) in [
        ("/api/new?white=engine", "start the GUI with --engine"),
        ("/api/new?clock=abc", "clock: "),
        ("/api/new?clock=0%2B1", "clock: "),
        ("/api/new?variant=alice&setup=3", "setup is for Chess960 variants"),
        ("/api/new?variant=lookingglass&setup=960", "the numbers run from 0 to 959"),
    ] {
        let (status, body) = server.ask("POST", target);
        assert_eq!(status, 400, "{target}: {body}");
        assert!(body.contains(reason), "{target}: {body}");
    }
    let (status, body) = server.ask("POST", "/api/new?variant=lookingglass&setup=0:959&white=human&black=human");
    assert_eq!(status, 200, "{body}");
    let (_, state) = server.ask("GET", &format!("/api/state?session={}", session_of(&body)));
    assert!(state.contains(r#""fen":"8/8/8/8/8/8/PPPPPPPP/BBQNNRKR|rkrnnqbb/"#), "Chess960 0 and 959: {state}");
    let (_, body) = server.ask("POST", "/api/new?white=human&black=human");
    let session = session_of(&body);
    for lines in ["9", "x"] {
        let (status, body) = server.ask("POST", &format!("/api/analyse?session={session}&lines={lines}"));
        assert_eq!(status, 400, "lines={lines}: {body}");
        assert!(body.contains("lines"), "{body}");
    }
    assert!(server.alive());
}

#[test]
fn match_with_gui_shows_its_games_live_with_the_score() {
    let mut child = Command::new(VORPAL)
        // Moves of 0.3 s keep the match, and so the server, alive for some 20 s or more: long
        // enough for a test starved on a busy machine to find a game being played.
        .args(["match", "--variant", "alice", "--games", "2", "--st", "0.3", "--gui"])
        .args(["--engine", VORPAL, "--engine", &format!("{VORPAL} name=Other")])
        .stdout(Stdio::piped())
        .spawn()
        .expect("vorpal match starts");
    let mut out = BufReader::new(child.stdout.take().expect("its output"));
    let mut line = String::new();
    out.read_line(&mut line).expect("the address");
    let address = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .and_then(|a| a.strip_suffix("/watch"))
        .unwrap_or_else(|| panic!("no address in '{line}'"))
        .to_string();
    let ask = |target: &str| {
        let mut stream = TcpStream::connect(&address).expect("the server accepts");
        write!(stream, "GET {target} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").expect("sent");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("an answer");
        answer
    };
    assert!(ask("/watch").contains("startWatch"), "the watch page");
    let mut seen = String::new();
    for _ in 0..100 {
        seen = ask("/api/watch?after=0");
        if seen.contains(r#""plies":"#) && seen.contains(r#""square":"1e1""#) && !seen.contains(r#""plies":0"#) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(seen.contains(r#""white":"Vorpal"#) && seen.contains(r#""black":"Other""#), "{seen}");
    assert!(seen.contains(r#""boards":[{"number":1,"label":"Board A""#), "{seen}");
    let mut rest = String::new();
    out.read_to_string(&mut rest).expect("the match's output");
    assert!(child.wait().expect("it ends").success(), "{rest}");
    assert!(rest.contains("Finished match"), "{rest}");
}
