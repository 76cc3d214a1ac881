//! `vorpal tune`: fits a variant's material values and evaluation weights to game results, by
//! minimising the mean squared error between each position's result and its static evaluation
//! mapped to an expected score (Texel's method), one number at a time.

use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;

use crate::config::Config;
use crate::eval::{Eval, Evaluate};
use crate::pieces::{Color, Role};
use crate::position::Position;
use crate::variant::weights::Terms;
use crate::variant::Variant;
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
}

/// One number the tuner moves: a piece's value or a term's weight.
#[derive(Clone, Debug)]
struct Knob {
    /// The engine.ini key: `values` or `eval`.
    key: &'static str,
    /// The piece's letter or the term's name.
    name: String,
    value: i32,
    /// The step tried each way.
    step: i32,
}

impl Knob {
    fn words(&self, value: i32) -> String {
        format!("{}:{value}", self.name)
    }
}

/// The outcome: the error before and after, and engine.ini's two lines to use.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// Positions used.
    pub positions: usize,
    /// The scale of the evaluation in the expected-score curve.
    pub scale: f64,
    /// Mean squared error with the variant's numbers, and with the tuned ones.
    pub error: (f64, f64),
    /// `values = …` and `eval = …`, the tuned numbers.
    pub lines: Vec<String>,
}

/// Reads the data, fits the numbers and returns them; `progress` hears of each improvement.
pub fn tune(config: &Config, settings: &Tune, progress: impl Fn(&str)) -> Result<Tuned, String> {
    let base = config.variant(&settings.variant, &[]).map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(&settings.data).map_err(|e| format!("{}: {e}", settings.data.display()))?;
    let mut data = Vec::new();
    for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).take(settings.positions) {
        let bad = || {
            format!(
                "{} line {}: expected FEN;RESULT (a score for White from 0 to 1), got '{line}'",
                settings.data.display(),
                number + 1
            )
        };
        let (fen, result) = line.rsplit_once(';').ok_or_else(bad)?;
        let result: f64 = result.trim().parse().ok().filter(|r| (0.0..=1.0).contains(r)).ok_or_else(bad)?;
        Position::from_fen(base.clone(), fen)
            .map_err(|e| format!("{} line {}: {e}", settings.data.display(), number + 1))?;
        data.push((fen.to_string(), result));
    }
    if data.is_empty() {
        return Err(format!("{}: no positions", settings.data.display()));
    }
    let mut knobs = knobs(&base);
    if let Some(unknown) = settings.only.iter().find(|name| !knobs.iter().any(|k| &k.name == *name)) {
        let known: Vec<&str> = knobs.iter().map(|k| k.name.as_str()).collect();
        return Err(format!(
            "--only: '{unknown}' is not a number of {} (known: {})",
            settings.variant,
            known.join(", ")
        ));
    }
    let build = |knobs: &[Knob]| -> Result<Arc<Variant>, String> {
        let words =
            |key: &str| knobs.iter().filter(|k| k.key == key).map(|k| k.words(k.value)).collect::<Vec<_>>().join(" ");
        config
            .variant_adjusted(&settings.variant, &[], &[("values", words("values")), ("eval", words("eval"))])
            .map_err(|e| e.to_string())
    };
    let base_scores = scores(&build(&knobs)?, &data);
    let scale = fit_scale(&base_scores, &data);
    let error_of = |knobs: &[Knob]| -> Result<f64, String> { Ok(error(&scores(&build(knobs)?, &data), &data, scale)) };
    let before = error(&base_scores, &data, scale);
    let mut best = before;
    // A number that changes no position's evaluation (a term of another family) is left alone.
    let mut live: Vec<usize> = Vec::new();
    for i in (0..knobs.len()).filter(|&i| settings.only.is_empty() || settings.only.contains(&knobs[i].name)) {
        let mut moved = knobs.clone();
        moved[i].value += moved[i].step;
        if scores(&build(&moved)?, &data) != base_scores {
            live.push(i);
        }
    }
    for round in 1..=settings.rounds {
        let mut improved = false;
        for &i in &live {
            for direction in [1, -1] {
                let mut moved = knobs.clone();
                moved[i].value += direction * moved[i].step;
                let e = error_of(&moved)?;
                if e < best {
                    best = e;
                    knobs = moved;
                    improved = true;
                    progress(&format!(
                        "round {round}: {} {} -> error {best:.6}",
                        knobs[i].key,
                        knobs[i].words(knobs[i].value)
                    ));
                    break;
                }
            }
        }
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
    let line = |key: &str| {
        let words: Vec<String> = knobs.iter().filter(|k| k.key == key).map(|k| k.words(k.value)).collect();
        format!("{key} = {}", words.join(" "))
    };
    Ok(Tuned { positions: data.len(), scale, error: (before, best), lines: vec![line("values"), line("eval")] })
}

/// The numbers of `variant` the tuner may move: every piece's value but the pawn's (the unit)
/// and the king's, and every term's weight.
fn knobs(variant: &Arc<Variant>) -> Vec<Knob> {
    let eval = Eval::new(variant);
    let mut knobs: Vec<Knob> = Role::up_to(variant.pieces.len())
        .filter(|&r| eval.is_piece(r))
        .map(|r| Knob {
            key: "values",
            name: variant.pieces[r.index()].letter.to_string(),
            value: eval.values[r.index()],
            step: 16,
        })
        .collect();
    for &term in Terms::NAMES {
        let value = eval.terms.weight(term).unwrap_or(0);
        knobs.push(Knob { key: "eval", name: term.to_string(), value, step: (value.abs() / 4).max(2) });
    }
    knobs
}

/// The static evaluation of every position, from White's side.
fn scores(variant: &Arc<Variant>, data: &[(String, f64)]) -> Vec<i32> {
    // The evaluation keeps a cache of its own: one per worker.
    data.par_iter()
        .map_init(
            || Eval::new(variant),
            |eval, (fen, _)| {
                let pos = Position::from_fen(variant.clone(), fen).expect("read once already");
                let score = with_rules!(&variant.family, |rules| rules.evaluate(&pos, eval));
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
    1.0 / (1.0 + 10f64.powf(-scale * score as f64 / 400.0))
}

/// Mean squared error of the expected scores against the results.
fn error(scores: &[i32], data: &[(String, f64)], scale: f64) -> f64 {
    let sum: f64 = scores.iter().zip(data).map(|(&s, (_, r))| (r - expected(s, scale)).powi(2)).sum();
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
