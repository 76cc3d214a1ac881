//! The UCI loop, driven over pipes: identification and options, positions in every variant,
//! the limits of `go`, `stop` during infinite analysis, and bad input that must not kill it.

mod common;

use common::engine::Engine;

#[test]
fn uci_identifies_itself_and_lists_every_variant() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines[0].starts_with("id name Vorpal"));
    let variant = lines.iter().find(|l| l.starts_with("option name UCI_Variant type combo default chess")).unwrap();
    for name in ["var chess", "var alice", "var lma", "var monochrome", "var insideout", "var lookingglass"] {
        assert!(variant.contains(name), "{variant}");
    }
    for option in ["Hash type spin", "Threads type spin", "EnPassant type check", "Personality type combo"] {
        assert!(lines.iter().any(|l| l.contains(option)), "{option}");
    }
    e.send("isready");
    assert_eq!(e.until("readyok").last().unwrap(), "readyok");
}

#[test]
fn uci_searches_every_variant_to_a_depth() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    for name in ["chess", "alice", "duo", "alice3", "lma", "monochrome", "insideout", "lookingglass"] {
        e.send(&format!("setoption name UCI_Variant value {name}"));
        e.send("ucinewgame");
        e.send("position startpos");
        e.send("go depth 3");
        let lines = e.until("bestmove");
        assert!(lines.iter().any(|l| l.starts_with("info depth 3 seldepth ") && l.contains(" hashfull ")), "{lines:?}");
        assert!(!lines.last().unwrap().contains("0000"), "{name}: {lines:?}");
    }
}

#[test]
fn uci_plays_from_a_fen_with_moves_and_by_the_clock() {
    let mut e = Engine::start();
    e.send("uci");
    e.send("setoption name Threads value 2");
    e.send("setoption name Hash value 8");
    // A mate in one after the move played: found at depth 1, so however loaded the machine.
    e.send("position fen 6k1/p4ppp/8/8/8/8/8/1R4K1 b - - 0 1 moves a7a6");
    e.send("go wtime 2000 btime 2000 winc 10 binc 10");
    assert!(e.until("bestmove").last().unwrap().starts_with("bestmove b1b8"));
    e.send("position startpos moves e2e4 e7e5");
    e.send("go movetime 100");
    e.until("bestmove");
    e.send("go nodes 3000");
    e.until("bestmove");
    e.send("go wtime 50 btime 50 movestogo 1");
    e.until("bestmove");
}

#[test]
fn uci_stops_infinite_analysis_and_pondering() {
    let mut e = Engine::start();
    e.send("uci");
    e.send("position startpos");
    e.send("go infinite");
    e.until("info depth 2");
    e.send("isready");
    e.until("readyok");
    e.send("stop");
    e.until("bestmove");
    e.send("go ponder wtime 1000 btime 1000");
    e.until("info depth 2");
    e.send("ponderhit");
    e.until("bestmove");
}

#[test]
fn uci_go_during_a_search_stops_it_with_a_bestmove_then_searches() {
    let mut e = Engine::start();
    e.send("uci");
    e.send("position startpos");
    for (running, next) in [("go infinite", "go depth 2"), ("go depth 100", "go ponder wtime 9000 btime 9000")] {
        e.send(running);
        e.until("info depth 2");
        e.send(next);
        e.until("bestmove");
        let second = e.until("info depth 2 ");
        e.send("stop");
        e.until("bestmove");
        assert!(second.iter().all(|l| !l.starts_with("bestmove")), "{running}, then {next}: {second:?}");
    }
    e.send("isready");
    e.until("readyok");
}

#[test]
fn uci_reports_bad_input_and_keeps_running() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    for (line, complaint) in [
        ("flurb", "unknown command 'flurb'"),
        ("setoption name UCI_Variant value nosuch", "nosuch"),
        ("setoption name Hash value 0", "Hash: expected 1 to"),
        ("setoption name Colour value red", "unknown option 'Colour'"),
        ("position fen 8/8/8 w - - 0 1", "bad FEN"),
        ("position startpos moves e2e5", "e2e5"),
        ("position", "position needs"),
        ("go depth x", "'x' is not a number"),
    ] {
        e.send(line);
        let reply = e.until("info string error");
        assert!(reply.last().unwrap().contains(complaint), "{line}: {reply:?}");
    }
    for garbage in ["\u{1b}[A", "go wtime", "position fen", "setoption", "  ", "ÿÿÿ"] {
        e.send(garbage);
    }
    e.send("isready");
    e.until("readyok");
    // The position was left as it was before the bad commands: the start position.
    e.send("go depth 1");
    let best = e.until("bestmove");
    assert!(best.last().unwrap().len() >= 13, "{best:?}");
    e.send("quit");
    assert!(e.exits_cleanly());
}

#[test]
fn uci_reports_a_finished_game_with_the_null_move() {
    let mut e = Engine::start();
    e.send("uci");
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 2");
    assert_eq!(e.until("bestmove").last().unwrap(), "bestmove 0000");
}

#[test]
fn uci_a_hash_larger_than_memory_keeps_the_old_table_and_answers() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Hash value 65536");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines.iter().any(|l| l.starts_with("info string") && l.contains("65536 MB") && l.contains("stays at 16 MB")),
        "{lines:?}"
    );
    e.send("setoption name Hash value 4");
    e.send("position startpos");
    e.send("go depth 3");
    assert!(e.until("bestmove").last().unwrap().len() >= 13);
    assert!(!e.panicked());
}

#[test]
fn uci_at_the_end_of_input_every_search_stops_and_the_engine_exits() {
    for go in ["go infinite", "go ponder wtime 60000 btime 60000", "go depth 100", "go movetime 600000"] {
        let mut e = Engine::start();
        e.send("uci");
        e.send("position startpos moves e2e4");
        e.send(go);
        let lines = e.end_input(std::time::Duration::from_secs(10)).unwrap_or_else(|| panic!("{go}: still running"));
        assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")), "{go}: {lines:?}");
        assert!(e.exits_cleanly());
    }
}
