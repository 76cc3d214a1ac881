//! The fast move generator against the independent reference generator of tests/common,
//! move list by move list, on thousands of random positions per variant at depths 1 to 3.

mod common;

use common::reference::{self, Pos};
use common::{fast_moves, position, variant, Rng};
use vorpal::movegen::legal;
use vorpal::position::Position;
use vorpal::with_rules;

/// Compares the legal move lists of both generators at every node down to `depth`.
fn compare_tree(pos: &mut Position, rules: &reference::Rules, depth: u32) {
    let fen = pos.to_fen();
    let reference_pos = Pos::from_fen(rules.clone(), &fen);
    let family_end = with_rules!(&pos.variant().family().clone(), |r| vorpal::rules::Rules::ended(r, pos).is_some());
    assert_eq!(family_end, reference_pos.ended(), "the two disagree on whether the game is over: {fen}");
    if family_end || pos.halfmove() >= 100 {
        return;
    }
    let reference = reference_pos.legal_texts();
    let fast = fast_moves(pos);
    if fast != reference {
        let only_fast: Vec<&String> = fast.iter().filter(|m| !reference.contains(m)).collect();
        let only_ref: Vec<&String> = reference.iter().filter(|m| !fast.contains(m)).collect();
        panic!("{fen}\n  only Vorpal: {only_fast:?}\n  only reference: {only_ref:?}");
    }
    if depth <= 1 {
        return;
    }
    let variant = pos.variant().clone();
    let mut list = Vec::new();
    with_rules!(&variant.family(), |r| legal(r, pos, &mut list));
    for mv in list {
        pos.make(mv);
        compare_tree(pos, rules, depth - 1);
        pos.unmake();
    }
}

/// A random position: kings and rooks at home with castling rights half of the time, then
/// random pieces; returned only if Vorpal accepts it.
fn scattered(name: &str, options: &[(&str, &str)], rng: &mut Rng) -> Option<String> {
    let v = variant(name, options);
    let g = &v.geometry();
    let (files, ranks, layers) = (g.files as usize, g.ranks as usize, g.layers as usize);
    let start = Pos::from_fen(reference::rules(name, false), &v.start_fen);
    let mut cells: Vec<Option<char>> = vec![None; layers * ranks * files];
    let idx = |l: usize, f: usize, r: usize| (l * ranks + r) * files + f;
    let mut rights = String::new();
    let letters: Vec<char> = v.pieces.iter().map(|p| p.letter).filter(|&c| c != 'K').collect();
    let twins_free = ["odonohue", "duo", "lma", "lmadouble", "lookingglass", "insideout"].contains(&name);
    let twin_ok = |cells: &Vec<Option<char>>, f: usize, r: usize| {
        let used = (0..layers).filter(|&l| cells[idx(l, f, r)].is_some()).count();
        twins_free || used + 1 < layers.max(2)
    };
    let exists = |l: usize, f: usize, r: usize| {
        g.exists(vorpal::geometry::Square::new(vorpal::geometry::Layer::new(l as u8), g.cell(f as u8, r as u8)))
    };
    if rng.below(2) == 0 && v.castling {
        for l in 0..layers {
            for r in 0..ranks {
                for f in 0..files {
                    if let Some(p) = start.at((l as i32, f as i32, r as i32)) {
                        if p.kind == 'K' || p.kind == 'R' {
                            let ch = if p.white { p.kind } else { p.kind.to_ascii_lowercase() };
                            cells[idx(l, f, r)] = Some(ch);
                        }
                    }
                }
            }
        }
        for c in ['K', 'Q', 'k', 'q'] {
            if rng.below(3) > 0 {
                rights.push(c);
            }
        }
    } else {
        for king in ['K', 'k'] {
            loop {
                let (l, f, r) = (rng.below(layers), rng.below(files), rng.below(ranks));
                if cells[idx(l, f, r)].is_none() && twin_ok(&cells, f, r) && exists(l, f, r) {
                    cells[idx(l, f, r)] = Some(king);
                    break;
                }
            }
        }
    }
    for _ in 0..2 + rng.below(14) {
        let (l, f, r) = (rng.below(layers), rng.below(files), rng.below(ranks));
        let letter = letters[rng.below(letters.len())];
        if cells[idx(l, f, r)].is_some()
            || !twin_ok(&cells, f, r)
            || !exists(l, f, r)
            || (letter == 'P' && (r == 0 || r == ranks - 1))
        {
            continue;
        }
        cells[idx(l, f, r)] = Some(if rng.below(2) == 0 { letter } else { letter.to_ascii_lowercase() });
    }
    let boards: Vec<String> = (0..layers)
        .map(|l| {
            (0..ranks)
                .rev()
                .map(|r| {
                    let mut s = String::new();
                    let mut empty = 0;
                    for f in 0..files {
                        if !exists(l, f, r) {
                            if empty > 0 {
                                s += &empty.to_string();
                                empty = 0;
                            }
                            s.push('*');
                            continue;
                        }
                        match cells[idx(l, f, r)] {
                            None => empty += 1,
                            Some(c) => {
                                if empty > 0 {
                                    s += &empty.to_string();
                                    empty = 0;
                                }
                                s.push(c);
                            }
                        }
                    }
                    if empty > 0 {
                        s += &empty.to_string();
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    if rights.is_empty() {
        rights.push('-');
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    let fen = format!("{} {side} {rights} - 0 1", boards.join("|"));
    Position::from_fen(v, &fen).ok().map(|p| p.to_fen())
}

/// Random positions: random games from the start and from scattered positions.
fn random_positions(name: &str, options: &[(&str, &str)], count: usize, seed: u64) -> Vec<String> {
    let v = variant(name, options);
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let fen = if rng.below(3) == 0 { scattered(name, options, &mut rng) } else { Some(v.start_fen.clone()) };
        let Some(fen) = fen else { continue };
        let mut pos = position(&v, &fen);
        let plies = rng.below(60);
        for ply in 0..plies {
            let mut list = Vec::new();
            let over = with_rules!(&v.family(), |r| {
                legal(r, &mut pos, &mut list);
                vorpal::movegen::ended_statically(r, &pos).is_some()
            });
            if list.is_empty() || over {
                break;
            }
            pos.make(list[rng.below(list.len())]);
            if ply % 7 == 6 {
                out.push(pos.to_fen());
            }
        }
        out.push(pos.to_fen());
    }
    out.truncate(count);
    out
}

fn compare_variant(name: &str, options: &[(&str, &str)]) {
    let v = variant(name, options);
    let rules = reference::rules(name, v.en_passant);
    let seed = name.bytes().fold(0x9E37_79B9_7F4A_7C15u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01B3)) | 1;
    let positions = random_positions(name, options, 2000, seed);
    for (i, fen) in positions.iter().enumerate() {
        let mut pos = position(&v, fen);
        let depth = if i < 8 {
            3
        } else if i < 100 {
            2
        } else {
            1
        };
        compare_tree(&mut pos, &rules, depth);
    }
}

#[test]
fn reference_normal() {
    compare_variant("normal", &[]);
}

#[test]
fn reference_alice() {
    compare_variant("alice", &[]);
}

#[test]
fn reference_alice_en_passant() {
    compare_variant("alice", &[("EnPassant", "true")]);
}

#[test]
fn reference_alice2() {
    compare_variant("alice2", &[]);
}

#[test]
fn reference_msalice() {
    compare_variant("msalice", &[]);
}

#[test]
fn reference_odonohue() {
    compare_variant("odonohue", &[]);
}

#[test]
fn reference_duo() {
    compare_variant("duo", &[]);
}

#[test]
fn reference_alice3() {
    compare_variant("alice3", &[]);
}

#[test]
fn reference_alice8x4() {
    compare_variant("alice8x4", &[]);
}

#[test]
fn reference_lma() {
    compare_variant("lma", &[]);
}

#[test]
fn reference_lmadouble() {
    compare_variant("lmadouble", &[]);
}

#[test]
fn reference_monochrome() {
    compare_variant("monochrome", &[]);
}

#[test]
fn reference_insideout() {
    compare_variant("insideout", &[]);
}

#[test]
fn reference_lookingglass() {
    compare_variant("lookingglass", &[]);
}
