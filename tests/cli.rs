//! Drives the real `vorpal` binary: perft output, suites, variants, user engine.ini files, errors.

use std::collections::HashSet;
use std::io::Write;
use std::process::{Command, Output};

fn vorpal(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vorpal"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts a clean failure: exit status 2, one error line naming `needle`, no panic.
#[track_caller]
fn assert_bad_input(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(err.contains(needle), "expected '{needle}' in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("vorpal-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::File::create(&path).and_then(|mut f| f.write_all(text.as_bytes())).expect("written");
    path
}

#[test]
fn perft_prints_nodes_as_the_last_line() {
    let o = vorpal(&["perft", "--depth", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("nodes 8902"));
    assert!(stderr(&o).contains("nps"), "speed goes to stderr");
}

#[test]
fn perft_divide_prints_one_line_per_root_move() {
    let o = vorpal(&["perft", "--variant", "alice", "--depth", "2", "--divide", "--threads", "2"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"1e22e4 20"), "{out}");
    assert_eq!(lines.last(), Some(&"nodes 400"));
}

#[test]
fn perft_with_fen_and_threads() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = vorpal(&["perft", "--fen", fen, "--depth", "3", "--threads", "2"]);
    assert_eq!(stdout(&o).lines().last(), Some("nodes 97862"));
}

#[test]
fn perft_suite_reports_ok_and_fail() {
    let o = vorpal(&["perft", "--epd", "perft/alice.epd", "--max-nodes", "100000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).lines().all(|l| l.starts_with("ok ")));
    let bad = temp_file(
        "bad.epd",
        "# variant: normal\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n",
    );
    let o = vorpal(&["perft", "--epd", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("FAIL D2 400 (expected 401)"));
}

#[test]
fn variants_lists_name_layers_size_and_description() {
    let out = stdout(&vorpal(&["variants"]));
    for line in ["normal 1 8x8", "alice 2 8x8", "alice3 3 8x8", "alice8x4 2 4x8", "lma 2 6x7", "lmadouble 2 6x7"] {
        assert!(out.lines().any(|l| l.starts_with(&format!("{line}  "))), "{line} missing from {out}");
    }
    for line in ["monochrome 1 8x8", "insideout 2 6x6", "lookingglass 2 8x8"] {
        assert!(out.lines().any(|l| l.starts_with(&format!("{line}  "))), "{line} missing from {out}");
    }
    assert!(out.contains("alice 2 8x8  Alice Chess: two boards;"), "{out}");
    assert_eq!(out.lines().count(), 14);
}

/// Runs `vorpal args` with `input` on its standard input and its standard output a pipe that
/// nobody reads any more (as under `vorpal variants | head -1`).
fn vorpal_with_reader_gone(args: &[&str], input: &str) -> Output {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_vorpal"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    // The engine may be gone before it has read everything: that write may fail.
    let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
    child.wait_with_output().expect("ends")
}

#[test]
fn a_command_whose_reader_has_gone_ends_quietly() {
    let o = vorpal_with_reader_gone(&["variants"], "");
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    assert_eq!(stderr(&o), "");
}

#[test]
fn the_protocol_loop_ends_quietly_when_the_gui_stops_reading() {
    for first in ["xboard\nprotover 2\n", "uci\n"] {
        let o = vorpal_with_reader_gone(&[], &format!("{first}isready\nquit\n"));
        assert_eq!(o.status.code(), Some(0), "{first:?} stderr: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{first:?}");
    }
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    assert_bad_input(&vorpal(&["perft", "--variant", "nosuch", "--depth", "1"]), "unknown variant 'nosuch'");
    assert_bad_input(&vorpal(&["perft", "--fen", "8/8 w - - 0 1", "--depth", "1"]), "invalid FEN");
    assert_bad_input(&vorpal(&["perft", "--variant", "alice", "--fen", "x", "--depth", "1"]), "invalid FEN");
    assert_bad_input(&vorpal(&["perft"]), "--depth");
    assert_bad_input(&vorpal(&["perft", "--depth", "1", "--threads", "0"]), "--threads");
    assert_bad_input(&vorpal(&["perft", "--depth", "1", "--option", "Nope=1"]), "unknown option 'Nope'");
    assert_bad_input(&vorpal(&["perft", "--depth", "x"]), "invalid value");
    assert_bad_input(&vorpal(&["perft", "--depth", "1000000"]), "1000000 is out of range (1 to 32 plies)");
    assert_bad_input(&vorpal(&["perft", "--epd", "/nonexistent.epd"]), "nonexistent");
    assert_bad_input(&vorpal(&["frobnicate"]), "unrecognized subcommand");
    assert_bad_input(&vorpal(&["--config", "/nonexistent.ini", "variants"]), "/nonexistent.ini:0: cannot read");
}

const USER_VARIANTS: &str = "\
# Alice Chess on a 10x8 board with Archbishop (A) and Chancellor (C).
[alice10:alice]
size = 10x8
pieces = P:fmWfcF N:N B:B R:R Q:Q K:K A:BN C:RN
promotion = Q C A R B N
start = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR|10/10/10/10/10/10/10/10 w KQkq - 0 1

# Alice Chess on the 6x6 Los Alamos board: no bishops, no castling, no double step.
[alice-losalamos:alice]
size = 6x6
pieces = P:fmWfcF N:N R:R Q:Q K:K
promotion = Q R N
castling = false
double_step = false
start = rnqknr/pppppp/6/6/PPPPPP/RNQKNR|6/6/6/6/6/6 w - - 0 1

# Absent cells: the corners of board 2 do not exist.
[alice-holes:alice]
holes = 2a1 2h1 2a8 2h8
start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|*6*/8/8/8/8/8/8/*6* w KQkq - 0 1
";

#[test]
fn user_defined_variants_from_config_perft() {
    let ini = temp_file("user.ini", USER_VARIANTS);
    let cfg = ini.to_str().unwrap();
    let out = stdout(&vorpal(&["--config", cfg, "variants"]));
    assert!(out.contains("alice10 2 10x8") && out.contains("alice-losalamos 2 6x6"), "{out}");
    // 10 pawns x 2 steps + 4 knight moves + archbishop and chancellor knight jumps (2 + 2).
    let o = vorpal(&["--config", cfg, "perft", "--variant", "alice10", "--depth", "1", "--divide"]);
    assert_eq!(stdout(&o).lines().last(), Some("nodes 28"), "{}", stdout(&o));
    let o = vorpal(&["--config", cfg, "perft", "--variant", "alice-losalamos", "--depth", "1"]);
    assert_eq!(stdout(&o).lines().last(), Some("nodes 10"));
    let o = vorpal(&["--config", cfg, "perft", "--variant", "alice-holes", "--depth", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = vorpal(&[
        "--config",
        cfg,
        "perft",
        "--variant",
        "alice-holes",
        "--fen",
        "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1",
        "--depth",
        "1",
    ]);
    assert_bad_input(&o, "must be written '*'");
}

#[test]
fn a_board_of_more_than_64_cells_is_searched_on_128_bit_masks() {
    let ini = temp_file("wide.ini", USER_VARIANTS);
    let cfg = ini.to_str().unwrap();
    let o = vorpal(&["--config", cfg, "search", "--variant", "alice10", "--depth", "4"]);
    let out = stdout(&o);
    assert!(out.lines().any(|l| l.starts_with("info depth 4 ")), "{out}");
    let best = out.lines().last().and_then(|l| l.strip_prefix("bestmove ")).expect("a bestmove line");
    let o = vorpal(&["--config", cfg, "perft", "--variant", "alice10", "--depth", "1", "--divide"]);
    assert!(stdout(&o).lines().any(|l| l.starts_with(&format!("{best} "))), "{best} is not a legal first move");
}

#[test]
fn broken_engine_ini_reports_file_and_line() {
    for (text, needle) in [
        ("[a:alice]\nsize = 8by8\n", "bad.ini:2: key 'size'"),
        ("[a:alice]\npieces = P:fmWfcF N:X K:K\n", "bad.ini:2: key 'pieces'"),
        ("[a:nosuch]\n", "bad.ini:1: [a] inherits from unknown section 'nosuch'"),
        ("[a:alice]\ncolour = blue\n", "bad.ini:2: unknown key 'colour'"),
        ("[a:alice]\nstart = 8/8 w - - 0 1\n", "bad.ini:2: key 'start': invalid FEN"),
        ("[a]\nfamily = fide\n", "bad.ini:1: [a] needs the key 'size'"),
        (
            "[normal]\nfamily = fide\n",
            "[fischerandom] needs the key 'size', which none of the sections it inherits from sets: [normal] (",
        ),
        ("[normal]\nfamily = fide\n", "/bad.ini:1)"),
        ("[a:b]\n[b:a]\n", "runs in a circle"),
        ("key = value\n", "bad.ini:1: key 'key' stands before any [section]"),
        ("[a:alice]\nsize = 17x8\n", "bad.ini:2: key 'size'"),
        ("[a:normal]\nholes = d4\n", "bad.ini:1: [a]: key 'start' inherited from [normal] (engine.ini (built in):"),
        (
            "[a:normal]\ncapture_values = Q:9\n",
            "bad.ini:2: key 'capture_values': only the monochrome family scores captures",
        ),
    ] {
        let ini = temp_file("bad.ini", text);
        let o = vorpal(&["--config", ini.to_str().unwrap(), "variants"]);
        assert_bad_input(&o, needle);
    }
}

#[test]
fn completions_and_the_manual_page_are_printed() {
    let bash = vorpal(&["completions", "bash"]);
    assert!(bash.status.success() && stdout(&bash).contains("complete -F _vorpal"), "{}", stderr(&bash));
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let out = vorpal(&["completions", shell]);
        assert!(out.status.success() && stdout(&out).contains("match"), "{shell}: {}", stderr(&out));
    }
    let man = vorpal(&["man"]);
    assert!(man.status.success() && stdout(&man).starts_with(".ie ") && stdout(&man).contains(".TH vorpal 1"));
    let tcsh = vorpal(&["completions", "tcsh"]);
    assert_eq!(tcsh.status.code(), Some(2), "{}", stderr(&tcsh));
    assert!(stderr(&tcsh).contains("possible values: bash"), "{}", stderr(&tcsh));
}

#[test]
fn datagen_writes_quiet_positions_with_results_and_tune_fits_them() {
    let data = temp_file("datagen.txt", "");
    std::fs::remove_file(&data).unwrap();
    let o =
        vorpal(&["datagen", "--variant", "alice", "--games", "4", "--nodes", "300", "--out", data.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("4 games"), "{}", stdout(&o));
    let text = std::fs::read_to_string(&data).unwrap();
    assert!(!text.is_empty());
    for line in text.lines() {
        let [fen, result, score] = line.split(';').collect::<Vec<_>>()[..] else { panic!("{line}") };
        assert!(["1", "0.5", "0"].contains(&result), "{line}");
        assert!(score.parse::<i32>().is_ok_and(|s| s.abs() < 1500), "{line}");
        assert_eq!(fen.split('|').count(), 2, "{line}");
    }
    let o = vorpal(&["tune", "--variant", "alice", "--data", data.to_str().unwrap(), "--rounds", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("error") && out.contains("\nvalues = N:") && out.contains("\neval = mobility:"), "{out}");
    // With --only, every other number keeps engine.ini's value.
    let o = vorpal(&["tune", "--variant", "alice", "--data", data.to_str().unwrap(), "--rounds", "2", "--only", "Q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let builtin = vorpal::config::Config::builtin().loaded("alice", &[]).unwrap().evaluation;
    let eval_line = stdout(&o).lines().find(|l| l.starts_with("eval = ")).unwrap().to_string();
    assert!(eval_line.contains(&format!(" king_board:{} ", builtin.data.terms.king_board)), "{eval_line}");
    let o = vorpal(&["tune", "--variant", "alice", "--data", data.to_str().unwrap(), "--only", "king_bored"]);
    assert_bad_input(&o, "--only: 'king_bored' is not a number of alice");
}

#[test]
fn datagen_draws_a_chess960_setup_for_each_game_when_asked() {
    let data = temp_file("datagen-setups.txt", "");
    std::fs::remove_file(&data).unwrap();
    let args = ["--games", "4", "--nodes", "200", "--random-plies", "0", "--random-setups", "--out"];
    let o = vorpal(&[&["datagen", "--variant", "lookingglass"], &args[..], &[data.to_str().unwrap()]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    // The castling field names the rooks' files: the standard array's are H and A for each side.
    let castling: HashSet<String> = std::fs::read_to_string(&data)
        .unwrap()
        .lines()
        .filter_map(|line| line.split(' ').nth(2).map(String::from))
        .collect();
    assert!(castling.iter().any(|field| !["HAha", "-"].contains(&field.as_str())), "{castling:?}");
    let o = vorpal(&[&["datagen", "--variant", "alice"], &args[..], &["/tmp/never-written.txt"]].concat());
    assert_bad_input(&o, "--random-setups is for Chess960 variants (lookingglass, fischerandom), not alice");
}

#[test]
fn datagen_resumes_a_stopped_run_to_the_same_data_and_never_overwrites_one() {
    let args = |out: &std::path::Path| {
        ["datagen", "--variant", "alice", "--games", "6", "--nodes", "300", "--out", out.to_str().unwrap()]
            .map(String::from)
    };
    let whole = temp_file("datagen-whole.txt", "");
    std::fs::remove_file(&whole).unwrap();
    let o = vorpal(&args(&whole).each_ref().map(String::as_str));
    assert!(o.status.success(), "{}", stderr(&o));
    let whole_text = std::fs::read_to_string(&whole).unwrap();
    let games: Vec<String> =
        std::fs::read_to_string(format!("{}.games", whole.display())).unwrap().lines().map(String::from).collect();
    assert!(games.len() >= 2, "{games:?}");
    // A run stopped in its first game, having written one whole line and part of the next.
    let kept: Vec<&str> = whole_text.lines().take(1).collect();
    let stopped = temp_file("datagen-stopped.txt", &format!("{}\nr1bq", kept[0]));
    std::fs::write(format!("{}.games", stopped.display()), "").unwrap();
    let again = vorpal(&args(&stopped).each_ref().map(String::as_str));
    assert_bad_input(&again, "exists; --resume continues its run");
    // Resumed with no game recorded as finished, the run plays them all again after the kept
    // line: that line was written but its game not finished, so it appears twice.
    let resumed = vorpal(&[&args(&stopped).each_ref().map(String::as_str)[..], &["--resume"]].concat());
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let text = std::fs::read_to_string(&stopped).unwrap();
    assert!(!text.contains("r1bq\n") && text.ends_with('\n'), "the torn line is cut");
    let mut expected: Vec<&str> = whole_text.lines().chain(kept.iter().copied()).collect();
    let mut got: Vec<&str> = text.lines().collect();
    expected.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, expected);
    // Resumed once more, every game is recorded as finished: nothing is added.
    let o = vorpal(&[&args(&stopped).each_ref().map(String::as_str)[..], &["--resume"]].concat());
    assert!(o.status.success() && stdout(&o).contains(&format!("{} games from before", games.len())), "{}", stdout(&o));
    assert_eq!(std::fs::read_to_string(&stopped).unwrap(), text);
    // A run to resume that never began begins, as a script that always passes --resume expects.
    let fresh = temp_file("datagen-fresh.txt", "");
    std::fs::remove_file(&fresh).unwrap();
    let o = vorpal(&[&args(&fresh).each_ref().map(String::as_str)[..], &["--resume"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let mut fresh_lines: Vec<String> = std::fs::read_to_string(&fresh).unwrap().lines().map(String::from).collect();
    let mut whole_lines: Vec<&str> = whole_text.lines().collect();
    fresh_lines.sort_unstable();
    whole_lines.sort_unstable();
    assert_eq!(fresh_lines, whole_lines, "the same games as a run begun without --resume");
    // Data without its record of finished games cannot be resumed: the message names the record.
    std::fs::remove_file(format!("{}.games", fresh.display())).unwrap();
    let o = vorpal(&[&args(&fresh).each_ref().map(String::as_str)[..], &["--resume"]].concat());
    assert_bad_input(&o, "the record of the run's finished games");
}

#[test]
fn tune_reads_expected_scores_as_well_as_results() {
    // Another engine's scores, mapped to expected scores for White (benches/stockfish_labels.py).
    let text = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0.5600\n\
                rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2;0.5300\n\
                rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3;0.9900\n";
    let data = temp_file("tune-scores.txt", text);
    let o = vorpal(&["tune", "--data", data.to_str().unwrap(), "--rounds", "1", "--only", "Q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("3 positions"), "{}", stdout(&o));
}

#[test]
fn tune_fits_square_bonuses_that_engine_ini_reads_back() {
    // A knight on the fifth rank is worth far more here than one at home. A pawn each, so that
    // the scaling of a lone minor piece's ending does not round the tuner's steps away.
    let text = "4k3/p7/8/4N3/8/8/P7/4K3 w - - 0 1;0.9500\n\
                4k3/p7/8/8/8/8/P7/N3K3 w - - 0 1;0.6000\n\
                4k3/p7/8/8/8/8/P7/1N2K3 w - - 0 1;0.6200\n";
    let data = temp_file("tune-squares.txt", text);
    // FIDE chess without its tables, so that the fit starts from none.
    let ini = temp_file("tune-squares.ini", "[bare:normal]\nsquares =\n");
    let (ini, data) = (ini.to_str().unwrap(), data.to_str().unwrap());
    let tuned = |table: &str| {
        let args = ["--config", ini, "tune", "--variant", "bare", "--data", data, "--rounds", "3", "--squares"];
        let o = vorpal(&[&args[..], &["--only", table]].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        let line = stdout(&o).lines().find(|l| l.starts_with(&format!("squares = {table}:"))).unwrap().to_string();
        let config = vorpal::config::Config::with_text("tuned.ini", &format!("[tuned:normal]\n{line}\n")).unwrap();
        (config.loaded("tuned", &[]).unwrap().evaluation.data.squares[1].clone(), line)
    };
    let (bonus, line) = tuned("N.rank");
    assert!(bonus.ranks[4][1] > bonus.ranks[0][1], "{line}");
    assert!(bonus.files.is_empty() && bonus.cells.is_empty(), "{line}");
    // By cell, rank by rank from the first: e5 is the 37th, a1 the first.
    let (bonus, line) = tuned("N.cell");
    assert!(bonus.cells[4 * 8 + 4][1] > bonus.cells[0][1], "{line}");
    assert!(bonus.ranks.is_empty(), "{line}");
}

#[test]
fn tune_refuses_data_it_cannot_read_with_the_line_at_fault() {
    let bad = temp_file("tune-bad.txt", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;2\n");
    assert_bad_input(&vorpal(&["tune", "--data", bad.to_str().unwrap()]), "line 1: expected FEN;RESULT");
    let bad = temp_file("tune-fen.txt", "not a fen;1\n");
    assert_bad_input(&vorpal(&["tune", "--data", bad.to_str().unwrap()]), "line 1:");
    assert_bad_input(&vorpal(&["tune", "--data", "/nonexistent/data.txt"]), "/nonexistent/data.txt");
    assert_bad_input(&vorpal(&["datagen", "--variant", "nosuch", "--out", "/tmp/x"]), "unknown variant 'nosuch'");
}

#[test]
fn a_command_s_help_lists_only_the_options_that_act_on_it() {
    let o = vorpal(&["gui", "--help"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let help = stdout(&o);
    assert!(help.contains("--port") && help.contains("--config"), "{help}");
    // How the engine plays hidden games concerns only the engine mode, without a command.
    assert!(!help.contains("--player"), "{help}");
    assert_bad_input(&vorpal(&["gui", "--player", "naive"]), "--player");
    assert!(stdout(&vorpal(&["--help"])).contains("--player"));
}
