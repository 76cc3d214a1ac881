//! `vorpal gui` tried by a hostile user: its secrets cannot be predicted from the ones it gave
//! out, slow or idle clients cannot keep others from being answered, oversized requests are
//! refused without growing the server, and abandoned games do not pile up in memory.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::gui::Server;

/// The string value of `key` in a JSON object, as the server writes it.
fn field(body: &str, key: &str) -> String {
    let after = body.split(&format!("\"{key}\":\"")).nth(1).unwrap_or_else(|| panic!("no {key} in {body}"));
    after.split('"').next().expect("a closing quote").to_string()
}

const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output for a state.
fn mix(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The state SplitMix64 had when it gave `output`: each step of its output function is invertible.
fn unmix(output: u64) -> u64 {
    let inverse = |odd: u64| (0..6).fold(odd, |x: u64, _| x.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(x))));
    let unshift = |z: u64, s: u32| (0..64 / s + 1).fold(z, |x, _| z ^ (x >> s));
    let mut z = unshift(output, 31);
    z = unshift(z.wrapping_mul(inverse(0x94D0_49BB_1331_11EB)), 27);
    unshift(z.wrapping_mul(inverse(0xBF58_476D_1CE4_E5B9)), 30)
}

/// The 64-bit words of a secret written in hexadecimal.
fn words(secret: &str) -> Vec<u64> {
    assert!(secret.len() >= 32, "a secret of at least 128 bits: {secret}");
    secret.as_bytes().chunks(16).map(|c| u64::from_str_radix(std::str::from_utf8(c).unwrap(), 16).unwrap()).collect()
}

/// Every secret of two words that a SplitMix64 generator would give within `steps` outputs of
/// the one that gave `word`, before or after it.
fn neighbours(word: u64, steps: i64) -> Vec<String> {
    let state = unmix(word);
    let at = |k: i64| mix(state.wrapping_add(GAMMA.wrapping_mul(k as u64)));
    (-steps..=steps).map(|k| format!("{:016x}{:016x}", at(k), at(k + 1))).collect()
}

#[test]
fn secrets_cannot_be_predicted_by_inverting_a_seen_one() {
    // The attack works: it recovers a SplitMix64 generator's next outputs from one output.
    let mut rng = common::Rng::new(99);
    let (first, second, third) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
    assert!(neighbours(first, 1).contains(&format!("{second:016x}{third:016x}")), "the inversion is right");

    let server = Server::start();
    let new = |target: &str| {
        let (status, body) = server.ask("POST", target);
        assert_eq!(status, 200, "{target}: {body}");
        body
    };
    let seen = field(&new("/api/new?white=human&black=human"), "session");
    let next = field(&new("/api/new?white=human&black=human"), "session");
    let hidden = new("/api/hidden/new?opponent=human");
    let (seat, invite) = (field(&hidden, "seat"), field(&hidden, "invite"));
    let joined = field(&new(&format!("/api/hidden/join?invite={invite}")), "seat");
    for (known, unknown) in [(&seen, &next), (&seen, &seat), (&invite, &seat), (&invite, &joined), (&seat, &joined)] {
        for word in words(known) {
            let guesses = neighbours(word, 40);
            assert!(!guesses.contains(unknown), "{unknown} was predicted from {known}");
        }
    }
    let (status, body) = server.ask("POST", "/api/hidden/new?opponent=human&seed=3");
    assert_eq!(status, 400, "a caller-chosen seed would tell the other side's setup: {body}");
    assert!(body.contains("seed"), "{body}");
}

#[test]
fn stalled_bodies_and_waiting_polls_do_not_keep_others_from_being_answered() {
    let server = Server::start();
    let (_, body) = server.ask("POST", "/api/new?white=human&black=human");
    let session = field(&body, "session");
    let (_, state) = server.ask("GET", &format!("/api/state?session={session}"));
    let version: u64 =
        state.split("\"version\":").nth(1).and_then(|v| v.split([',', '}']).next()?.parse().ok()).expect("a version");

    let stalled: Vec<TcpStream> = (0..70)
        .map(|_| server.send_and_hold("POST /api/move HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n"))
        .collect();
    let polls: Vec<TcpStream> = (0..150)
        .map(|_| {
            let target = format!("/api/state?session={session}&after={version}");
            server.send_and_hold(&format!("GET {target} HTTP/1.1\r\nHost: x\r\n\r\n"))
        })
        .collect();
    for target in ["/api/variants", "/", "/api/variants"] {
        let (status, body, took) = server.ask_timed("GET", target);
        assert_eq!(status, 200, "{target}: {body}");
        assert!(took < Duration::from_secs(1), "{target} took {took:?} beside 70 stalled bodies and 150 polls");
    }
    drop((stalled, polls));
}

#[test]
fn an_oversized_header_is_refused_and_its_memory_freed() {
    let server = Server::start();
    let before = server.rss_kib();
    let mut stream = server.send_and_hold("GET / HTTP/1.1\r\nX-Long: ");
    // The line never ends: the server must refuse it by its length, not wait for its end.
    stream.write_all(&vec![b'a'; 1 << 20]).expect("the server reads what it refuses until it answers");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 431"), "a 1 MB header line: {answer:?}");
    let (status, _) = server.ask("GET", "/api/variants");
    assert_eq!(status, 200, "the server still answers");
    let after = server.rss_kib();
    assert!(after < before + 4096, "the server grew from {before} KiB to {after} KiB");
}

#[test]
fn abandoned_games_do_not_pile_up_in_memory() {
    let server = Server::start();
    for i in 0..200 {
        let variant = ["normal", "alice", "lma", "insideout"][i % 4];
        let (status, body) = server.ask("POST", &format!("/api/new?variant={variant}&white=human&black=human"));
        assert_eq!(status, 200, "{body}");
    }
    let rss = server.rss_kib();
    assert!(rss < 64 * 1024, "200 games between people, none searching, took the server to {rss} KiB");
}
