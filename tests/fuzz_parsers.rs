//! Random strings into the FEN, move and engine.ini parsers: they may refuse, never panic.

mod common;

use common::{random_text, variant, Rng};
use vorpal::config::Config;
use vorpal::position::Position;

/// Mutates a valid text by replacing, inserting or deleting characters.
fn mutate(rng: &mut Rng, text: &str, alphabet: &[u8]) -> String {
    let mut bytes: Vec<u8> = text.bytes().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(3) {
            0 if at < bytes.len() => bytes[at] = alphabet[rng.below(alphabet.len())],
            1 => bytes.insert(at, alphabet[rng.below(alphabet.len())]),
            _ if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

const FEN_CHARS: &[u8] = b"rnbqkpcRNBQKPC12345678901*/| -wbKQkqA-Ha3e6:x\t";

#[test]
fn fen_parser_never_panics() {
    let mut rng = Rng::new(0xF00D);
    for name in ["normal", "alice", "alice3", "alice8x4", "lma"] {
        let options: &[(&str, &str)] = if name == "alice" { &[("EnPassant", "true")] } else { &[] };
        let v = variant(name, options);
        for i in 0..20_000 {
            let text = if i % 2 == 0 {
                random_text(&mut rng, FEN_CHARS, 90)
            } else {
                mutate(&mut rng, &v.start_fen, FEN_CHARS)
            };
            if let Ok(pos) = Position::from_fen(v.clone(), &text) {
                let again = Position::from_fen(v.clone(), &pos.to_fen()).expect("a written FEN parses back");
                assert_eq!(again.to_fen(), pos.to_fen());
            }
        }
    }
}

#[test]
fn move_parser_never_panics() {
    let mut rng = Rng::new(0xBEEF);
    for name in ["normal", "alice", "lma"] {
        let v = variant(name, &[]);
        let mut pos = Position::from_fen(v.clone(), &v.start_fen).unwrap();
        for _ in 0..20_000 {
            let text = random_text(&mut rng, b"abcdefgh12345678910qrnbck", 10);
            let _ = vorpal::with_rules!(&v.family(), |r| vorpal::movegen::parse_move(r, &mut pos, &text));
        }
    }
}

const INI_CHARS: &[u8] = b"[]:=#;\n abcdefghiklmnoprstuxyz_-0123456789WFDNAHCZGKQRBPmcfblrvs/|*";

#[test]
fn engine_ini_parser_never_panics() {
    let mut rng = Rng::new(0xCAFE);
    let base = "[v:alice]\nsize = 6x6\nlayers = 2\npieces = P:fmWfcF N:N K:K R:R\npromotion = N R\ncastling = false\n\
                start = rnkr2/pppp2/6/6/PPPP2/RNKR2|6/6/6/6/6/6 w - - 0 1\n";
    assert!(Config::with_text("fuzz.ini", base).is_ok(), "{:?}", Config::with_text("fuzz.ini", base).err());
    for i in 0..3_000 {
        let text = if i % 3 == 0 { random_text(&mut rng, INI_CHARS, 200) } else { mutate(&mut rng, base, INI_CHARS) };
        if let Err(e) = Config::with_text("fuzz.ini", &text) {
            assert!(e.to_string().starts_with("fuzz.ini:") || e.to_string().starts_with("engine.ini"), "{e}");
        }
    }
}
