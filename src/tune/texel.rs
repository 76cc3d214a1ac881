//! `vorpal tune`: fits a variant's material values and evaluation weights to game results, by
//! minimising the mean squared error between each position's result and its static evaluation
//! mapped to an expected score (Texel's method), one number at a time.

use std::path::PathBuf;

use rayon::prelude::*;

use crate::config::{Config, Loaded};
use crate::eval::psq_values::most_reach;
use crate::eval::{expected_score, Eval, Evaluate, Terms};
use crate::input::{for_each_line, MAX_DATA_LINE};
use crate::pieces::{Color, Role};
use crate::position::Position;
use crate::tune::data::Record;
use crate::with_rules;

/// What to tune.
#[derive(Clone, Debug)]
pub struct Tune {
    /// The variant.
    pub variant: String,
    /// The positions with results, as `vorpal datagen` writes them.
    pub data: PathBuf,
    /// Use at most this many positions (the first ones).
    pub positions: usize,
    /// Passes over all the numbers at most.
    pub rounds: usize,
    /// When not empty, the only numbers to move (term names, piece letters); the rest stay.
    pub only: Vec<String>,
    /// Also fit each piece's bonuses by rank, by file, by cell and by moves (engine.ini's `squares`).
    pub squares: bool,
}

/// One number the tuner moves: a piece's value, a term's weight or an entry of a piece's table.
#[derive(Clone, Debug)]
struct Knob {
    /// The engine.ini key: `values`, `eval` or `squares`.
    key: &'static str,
    /// The piece's letter, the term's name or the piece's table (`N.rank`).
    name: String,
    /// In a table, the entry: rank, file, cell or count of moves × 2, plus 1 for the endgame's
    /// number.
    slot: usize,
    /// In a table, how progress names the entry: a rank or file from 1, a cell as White sees
    /// it (`e4`), a count of moves from none.
    entry: String,
    value: i32,
    /// The step tried each way.
    step: i32,
}

impl Knob {
    /// How progress names it: `N:330`, `mobility:4`, `N.rank 4 endgame:12`, `N.cell e4 opening:8`.
    fn label(&self) -> String {
        if self.key == "squares" {
            let phase = ["opening", "endgame"][self.slot % 2];
            format!("{} {} {phase}:{}", self.name, self.entry, self.value)
        } else {
            format!("{}:{}", self.name, self.value)
        }
    }
}

/// engine.ini's words for `key` from the knobs: `N:330 …`, or for `squares` one
/// `N.rank:OPENING/ENDGAME,…` per table (a table's knobs stand together, in slot order), those
/// all 0 left out unless `zeros`.
fn words(knobs: &[Knob], key: &str, zeros: bool) -> String {
    let mut out = Vec::new();
    for (i, knob) in knobs.iter().enumerate().filter(|(_, k)| k.key == key) {
        if key != "squares" {
            out.push(knob.label());
        } else if knob.slot == 0 {
            let table = knobs[i..].iter().take_while(|k| k.key == key && k.name == knob.name);
            let values: Vec<i32> = table.map(|k| k.value).collect();
            if !zeros && values.iter().all(|&v| v == 0) {
                continue;
            }
            let pairs: Vec<String> = values.chunks(2).map(|p| format!("{}/{}", p[0], p[1])).collect();
            out.push(format!("{}:{}", knob.name, pairs.join(",")));
        }
    }
    out.join(" ")
}

/// The most steps one number takes in a round: a number that only a few positions pin down (a
/// king's cell in the enemy camp) would otherwise run off to where their results saturate.
const STEPS_PER_ROUND: usize = 4;

/// The keys the tuner writes.
const KEYS: [&str; 3] = ["values", "eval", "squares"];

/// The outcome: the error before and after, and engine.ini's lines to use.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// Positions used.
    pub positions: usize,
    /// The scale of the evaluation in the expected-score curve.
    pub scale: f64,
    /// Mean squared error with the variant's numbers, and with the tuned ones.
    pub error: (f64, f64),
    /// `values = …` and `eval = …` (and `squares = …` when fitted), the tuned numbers.
    pub lines: Vec<String>,
}

/// Reads the data, fits the numbers and returns them; `progress` hears of each improvement.
pub fn tune(config: &Config, settings: &Tune, progress: impl Fn(&str)) -> Result<Tuned, String> {
    let base = config.loaded(&settings.variant, &[]).map_err(|e| e.to_string())?;
    let variant = &base.variant;
    let mut data = Vec::new();
    let name = settings.data.display();
    for_each_line(&settings.data, MAX_DATA_LINE, "--data", |number, line| {
        if line.trim().is_empty() {
            return Ok(true);
        }
        let Record { fen, result, .. } =
            Record::parse(line).map_err(|expected| format!("{name} line {number}: {expected}, got '{line}'"))?;
        Position::from_fen(variant.clone(), fen).map_err(|e| format!("{name} line {number}: {e}"))?;
        data.push((fen.to_string(), result));
        Ok(data.len() < settings.positions)
    })?;
    if data.is_empty() {
        return Err(format!("{}: no positions", settings.data.display()));
    }
    let mut knobs = knobs(&base, settings.squares);
    if let Some(unknown) = settings.only.iter().find(|name| !knobs.iter().any(|k| &k.name == *name)) {
        let known: Vec<&str> = knobs.iter().map(|k| k.name.as_str()).collect();
        return Err(format!(
            "--only: '{unknown}' is not a number of {} (known: {})",
            settings.variant,
            known.join(", ")
        ));
    }
    let build = |knobs: &[Knob]| -> Result<Loaded, String> {
        // Every table is written, so that one tuned to 0 replaces engine.ini's.
        let mut additions: Vec<(&str, String)> = KEYS.iter().map(|&key| (key, words(knobs, key, true))).collect();
        // The numbers fitted are the terms': FIDE chess's network would hide them.
        additions.push(("network", "none".into()));
        config.loaded_adjusted(&settings.variant, &[], &additions).map_err(|e| e.to_string())
    };
    let all: Vec<usize> = (0..data.len()).collect();
    let mut current = scores(&build(&knobs)?, &data, &all);
    let scale = fit_scale(&current, &data);
    let before = error(&current, &data, scale);
    // A number that changes no position's evaluation (a term of another family) is left alone;
    // the others keep the positions they change, and a move of one re-evaluates only those.
    let mut live: Vec<(usize, Vec<usize>)> = Vec::new();
    for i in (0..knobs.len()).filter(|&i| settings.only.is_empty() || settings.only.contains(&knobs[i].name)) {
        let mut moved = knobs.clone();
        moved[i].value += moved[i].step;
        let changed = scores(&build(&moved)?, &data, &all);
        let touched: Vec<usize> = all.iter().copied().filter(|&j| changed[j] != current[j]).collect();
        if !touched.is_empty() {
            live.push((i, touched));
        }
    }
    let mut best = before;
    for round in 1..=settings.rounds {
        let mut improved = false;
        for (i, touched) in &live {
            let i = *i;
            // A step that lowers the error is followed by more the same way, until one does not
            // or the round's steps are spent.
            for direction in [1, -1] {
                let mut stepped = false;
                for _ in 0..STEPS_PER_ROUND {
                    let mut moved = knobs.clone();
                    moved[i].value += direction * moved[i].step;
                    let changed = scores(&build(&moved)?, &data, touched);
                    let gain: f64 = touched
                        .iter()
                        .zip(&changed)
                        .map(|(&j, &s)| miss(current[j], data[j].1, scale) - miss(s, data[j].1, scale))
                        .sum();
                    if gain <= 0.0 {
                        break;
                    }
                    for (&j, &s) in touched.iter().zip(&changed) {
                        current[j] = s;
                    }
                    best -= gain / data.len() as f64;
                    knobs = moved;
                    stepped = true;
                    progress(&format!("round {round}: {} {} -> error {best:.6}", knobs[i].key, knobs[i].label()));
                }
                if stepped {
                    improved = true;
                    break;
                }
            }
        }
        // A move can change a position its first step did not (a rounding crossed): the round
        // ends on every position evaluated anew.
        current = scores(&build(&knobs)?, &data, &all);
        best = error(&current, &data, scale);
        if !improved {
            // Finer steps once the coarse ones find nothing.
            if knobs.iter().all(|k| k.step == 1) {
                break;
            }
            for k in &mut knobs {
                k.step = (k.step / 2).max(1);
            }
        }
    }
    let lines = KEYS
        .iter()
        .filter(|&&key| key != "squares" || settings.squares)
        .map(|&key| format!("{key} = {}", words(&knobs, key, false)))
        .collect();
    Ok(Tuned { positions: data.len(), scale, error: (before, best), lines })
}

/// The numbers of `variant` the tuner may move: every piece's value but the pawn's (the unit)
/// and the king's, every term's weight and, with `squares`, every piece's rank, file, cell and moves tables.
fn knobs(loaded: &Loaded, squares: bool) -> Vec<Knob> {
    let variant = &loaded.variant;
    let eval = Eval::new(variant, &loaded.evaluation);
    let mut knobs: Vec<Knob> = Role::up_to(variant.pieces.len())
        .filter(|&r| eval.is_piece(r))
        .map(|r| Knob {
            key: "values",
            name: variant.pieces[r.index()].letter.to_string(),
            slot: 0,
            entry: String::new(),
            value: eval.values[r.index()],
            step: 16,
        })
        .collect();
    for &term in Terms::NAMES {
        let value = eval.terms.weight(term).unwrap_or(0);
        let step = (value.abs() / 4).max(2);
        knobs.push(Knob { key: "eval", name: term.to_string(), slot: 0, entry: String::new(), value, step });
    }
    if squares {
        let g = &variant.geometry();
        for role in Role::up_to(variant.pieces.len()) {
            let bonus = &eval.data().squares[role.index()];
            // Only pieces are counted by their moves, from none to the most they can have.
            let moves = if eval.is_piece(role) { most_reach(variant, role) + 1 } else { 0 };
            let files = g.files as usize;
            let tables = [
                ("rank", &bonus.ranks, g.ranks as usize),
                ("file", &bonus.files, files),
                ("cell", &bonus.cells, g.ranks as usize * files),
                ("moves", &bonus.moves, moves as usize),
            ];
            for (axis, table, count) in tables {
                for slot in 0..2 * count {
                    let entry = match axis {
                        "cell" => g.cell_name(g.cell((slot / 2 % files) as u8, (slot / 2 / files) as u8)),
                        "moves" => (slot / 2).to_string(),
                        _ => (slot / 2 + 1).to_string(),
                    };
                    knobs.push(Knob {
                        key: "squares",
                        name: format!("{}.{axis}", variant.pieces[role.index()].letter),
                        slot,
                        entry,
                        value: table.get(slot / 2).map_or(0, |pair| pair[slot % 2]),
                        step: 8,
                    });
                }
            }
        }
    }
    knobs
}

/// The static evaluation of the positions numbered `which`, from White's side.
fn scores(loaded: &Loaded, data: &[(String, f64)], which: &[usize]) -> Vec<i32> {
    let variant = &loaded.variant;
    // The evaluation keeps a cache of its own: one per worker.
    which
        .par_iter()
        .map_init(
            || Eval::new(variant, &loaded.evaluation),
            |eval, &j| {
                let pos = Position::from_fen(variant.clone(), &data[j].0).expect("read once already");
                let score = with_rules!(&variant.family(), |rules| rules.evaluate_alone(&pos, eval));
                if pos.side() == Color::White {
                    score
                } else {
                    -score
                }
            },
        )
        .collect()
}

/// The expected score of a White evaluation, on a curve of `scale`.
fn expected(score: i32, scale: f64) -> f64 {
    expected_score(scale * score as f64)
}

/// The squared error of one evaluation against its result.
fn miss(score: i32, result: f64, scale: f64) -> f64 {
    (result - expected(score, scale)).powi(2)
}

/// Mean squared error of the expected scores against the results.
fn error(scores: &[i32], data: &[(String, f64)], scale: f64) -> f64 {
    let sum: f64 = scores.iter().zip(data).map(|(&s, &(_, r))| miss(s, r, scale)).sum();
    sum / data.len() as f64
}

/// The curve's scale that fits the evaluations as they are best (a ternary search).
fn fit_scale(scores: &[i32], data: &[(String, f64)]) -> f64 {
    let (mut low, mut high) = (0.05, 4.0);
    for _ in 0..60 {
        let a = low + (high - low) / 3.0;
        let b = high - (high - low) / 3.0;
        if error(scores, data, a) < error(scores, data, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_fitted_is_the_one_the_results_were_drawn_with() {
        let data: Vec<(String, f64)> = (-40..=40).map(|i| (String::new(), expected(i * 25, 1.3))).collect();
        let scores: Vec<i32> = (-40..=40).map(|i| i * 25).collect();
        assert!((fit_scale(&scores, &data) - 1.3).abs() < 0.01);
    }
}
