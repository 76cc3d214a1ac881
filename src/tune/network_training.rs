//! `vorpal train-network`: fits a variant's evaluation network to scored positions: another
//! engine's scores or Vorpal's own self-play (`vorpal datagen`).
//! The network's output `y` is its score in units of 400 of the teacher's centipawns; the error
//! is the mean squared difference between the logistic of `y` and the logistic of the target
//! (the score over 400 blended with the game's result), both for the side to move.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::config::Config;
use crate::eval::network::{bucket_of, Inputs, Network, HIDDEN, MAX_BUCKETS, MAX_NETWORK_BYTES};
use crate::input::{for_each_line, read_file_bytes, MAX_DATA_LINE};
use crate::position::Position;
use crate::random::Rng;
use crate::tune::data::Record;
use crate::variant::Variant;

/// The largest magnitude of a hidden weight or bias, so that the integers of 32 pieces' inputs
/// summed stay within 16 bits.
const HIDDEN_LIMIT: f32 = 1.98;
/// The share of the positions kept out of the fit to measure it: one in this many.
const VALIDATION_SHARE: usize = 50;
/// The share of the search's score in the target where a line has both it and the game's
/// result, unless `--score-share` says otherwise; the rest is the result.
pub const DEFAULT_SCORE_SHARE: f64 = 0.5;
/// The learning rate of the first half of the epochs (Adam); then 0.3 and 0.1 times it.
const LEARNING_RATE: f32 = 0.001;

/// What to train.
#[derive(Clone, Debug)]
pub struct TrainNetwork {
    /// The variant whose positions the data holds; its inputs are the network's.
    pub variant: String,
    /// The positions: `FEN;SCORE` per line, SCORE White's expected score from 0 to 1 as
    /// `benches/stockfish_labels.py` writes it, 1 / (1 + 10^(−cp/400)); or `FEN;RESULT;SCORE`
    /// as `vorpal datagen` writes it.
    pub data: PathBuf,
    /// The network file to write.
    pub out: PathBuf,
    /// Passes over the positions.
    pub epochs: usize,
    /// Positions per step of the weights.
    pub batch: usize,
    /// Threads that work out each step.
    pub threads: usize,
    /// Seed of the first weights and of the order of the positions.
    pub seed: u64,
    /// A network to start from instead of random weights (to refit it to new data); its
    /// inputs must be the variant's.
    pub start: Option<PathBuf>,
    /// Positions of other games, never fitted, whose error is measured before the first epoch
    /// and after each: held-out positions share games with fitted ones, these do not, so they
    /// compare networks fitted to different data (a generation against the one before).
    pub test: Option<PathBuf>,
    /// The share of the search's score in the target of a line that has both it and the game's
    /// result (0 to 1); the rest is the result.
    pub score_share: f64,
    /// Output buckets by the number of pieces (1 to [`MAX_BUCKETS`]); by default the start
    /// network's, else 1. A start network of one bucket gives its output to each.
    pub buckets: Option<usize>,
    /// FIDE chess: inputs seen by the king's half ([`Inputs::KingsHalf`]), each side's view
    /// turned left to right while its king stands on files e–h. A start network seen so
    /// implies it; one not seen so is turned ([`turned_rows`]).
    pub mirror: bool,
}

/// How the fit went.
#[derive(Clone, Debug, Default)]
pub struct Trained {
    /// Positions fitted to.
    pub positions: usize,
    /// Positions kept out to measure the fit.
    pub validation: usize,
    /// The error on those after the first epoch and after the last.
    pub error: (f64, f64),
    /// With `test`: how many test positions, and the error on them before the first epoch (the
    /// start network's, or random weights') and after the last.
    pub test: Option<(usize, f64, f64)>,
}

/// The errors after one epoch.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The epoch, from 1.
    pub epoch: usize,
    /// The mean error on the positions fitted, during the epoch.
    pub fitted: f64,
    /// The error on the held-out positions after it.
    pub held_out: f64,
    /// The error on the test positions after it, with `test`.
    pub test: Option<f64>,
}

/// One position: where its inputs start in [`Samples::inputs`] and how many there are, whose
/// side is to move, how many pieces it has (for its output bucket), and the target.
#[derive(Clone, Copy)]
struct Sample {
    start: u32,
    count: u8,
    mover: u8,
    pieces: u8,
    target: f32,
}

/// The positions read: each piece's input as White and as Black see it, one position's after
/// another's, and the positions.
struct Samples {
    inputs: Vec<[u16; 2]>,
    positions: Vec<Sample>,
}

impl Samples {
    /// The inputs of `sample`.
    fn of(&self, sample: &Sample) -> &[[u16; 2]] {
        &self.inputs[sample.start as usize..][..usize::from(sample.count)]
    }
}

/// The weights as numbers, laid out as [`Network::encode`] takes them.
struct Weights {
    inputs: Inputs,
    input: Vec<f32>,
    bias: Vec<f32>,
    output: Vec<f32>,
    output_bias: Vec<f32>,
}

impl Weights {
    fn random(inputs: Inputs, buckets: usize, rng: &mut Rng) -> Weights {
        let mut uniform = |limit: f32| (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 * limit - limit;
        // About 32 pieces feed each hidden neuron, and 2 × HIDDEN neurons the output.
        let input = (0..inputs.count() * HIDDEN).map(|_| uniform(0.5 / 32f32.sqrt())).collect();
        let output = (0..buckets * 2 * HIDDEN).map(|_| uniform(1.0 / (HIDDEN as f32).sqrt())).collect();
        Weights { inputs, input, bias: vec![0.0; HIDDEN], output, output_bias: vec![0.0; buckets] }
    }

    /// The weights of the network file at `path`, which must have the inputs of `variant`'s
    /// network, `inputs`, or their other layout ([`Inputs::mirrored`]), with `buckets` output
    /// buckets if given: a network of one gives its output to each. With `mirror`, a network of
    /// `inputs` is turned into one seen by the king's half ([`turned_rows`]).
    fn read(
        path: &Path,
        inputs: Inputs,
        mirror: bool,
        variant: &str,
        buckets: Option<usize>,
    ) -> Result<Weights, String> {
        let name = path.display();
        let bytes = read_file_bytes(path, MAX_NETWORK_BYTES, "--start")?;
        let network = Network::from_bytes(&bytes).map_err(|e| format!("--start {name}: {e}"))?;
        let (mut input, bias, mut output, mut output_bias) = network.decode();
        let inputs = match inputs.mirrored() {
            Some(mirrored) if network.inputs() == mirrored => mirrored,
            Some(mirrored) if network.inputs() == inputs && mirror => {
                input = turned_rows(&input);
                mirrored
            }
            _ if network.inputs() == inputs => inputs,
            _ => return Err(format!("--start {name}: {}, not [{variant}]", network.misfit())),
        };
        match buckets {
            Some(wanted) if wanted != network.buckets() => {
                if network.buckets() != 1 {
                    return Err(format!(
                        "--start {name} has {} output buckets: --buckets {wanted} can only split a network of one",
                        network.buckets()
                    ));
                }
                output = output.repeat(wanted);
                output_bias = output_bias.repeat(wanted);
            }
            _ => {}
        }
        Ok(Weights { inputs, input, bias, output, output_bias })
    }

    fn count(&self) -> usize {
        self.input.len() + HIDDEN + self.output.len() + self.output_bias.len()
    }

    /// The output bucket of `sample`.
    fn bucket(&self, sample: &Sample) -> usize {
        bucket_of(usize::from(sample.pieces), self.output_bias.len())
    }

    /// The hidden layers of a position of `inputs` (before clipping) and the output of `bucket`.
    fn forward(&self, inputs: &[[u16; 2]], mover: usize, bucket: usize, hidden: &mut [[f32; HIDDEN]; 2]) -> f32 {
        for (side, layer) in hidden.iter_mut().enumerate() {
            layer.copy_from_slice(&self.bias);
            for input in inputs {
                let row = &self.input[usize::from(input[side]) * HIDDEN..][..HIDDEN];
                layer.iter_mut().zip(row).for_each(|(h, w)| *h += w);
            }
        }
        let (us, them) = (&hidden[mover], &hidden[1 - mover]);
        let (ours, theirs) = self.output[bucket * 2 * HIDDEN..][..2 * HIDDEN].split_at(HIDDEN);
        let dot = |layer: &[f32; HIDDEN], weights: &[f32]| -> f32 {
            layer.iter().zip(weights).map(|(h, w)| h.clamp(0.0, 1.0) * w).sum()
        };
        self.output_bias[bucket] + dot(us, ours) + dot(them, theirs)
    }

    /// Adds the gradient of the squared error of `samples` to `gradient` (laid out as the
    /// weights); returns the summed squared error.
    fn gradient(&self, data: &Samples, samples: &[Sample], gradient: &mut [f32]) -> f64 {
        let (g_input, rest) = gradient.split_at_mut(self.input.len());
        let (g_bias, rest) = rest.split_at_mut(HIDDEN);
        let (g_output, g_output_bias) = rest.split_at_mut(self.output.len());
        let mut hidden = [[0.0; HIDDEN]; 2];
        let mut back = [[0.0; HIDDEN]; 2];
        let mut error = 0.0;
        for sample in samples {
            let (inputs, mover, bucket) = (data.of(sample), usize::from(sample.mover), self.bucket(sample));
            let predicted = logistic(self.forward(inputs, mover, bucket, &mut hidden));
            let miss = predicted - sample.target;
            error += f64::from(miss * miss);
            let d = 2.0 * miss * predicted * (1.0 - predicted);
            g_output_bias[bucket] += d;
            let first = bucket * 2 * HIDDEN;
            for (side, offset) in [(mover, first), (1 - mover, first + HIDDEN)] {
                for j in 0..HIDDEN {
                    let h = hidden[side][j];
                    g_output[offset + j] += d * h.clamp(0.0, 1.0);
                    back[side][j] = if h > 0.0 && h < 1.0 { d * self.output[offset + j] } else { 0.0 };
                    g_bias[j] += back[side][j];
                }
            }
            for input in inputs {
                for (side, back) in back.iter().enumerate() {
                    let row = &mut g_input[usize::from(input[side]) * HIDDEN..][..HIDDEN];
                    row.iter_mut().zip(back).for_each(|(g, b)| *g += b);
                }
            }
        }
        error
    }

    fn error(&self, data: &Samples, samples: &[Sample]) -> f64 {
        let mut hidden = [[0.0; HIDDEN]; 2];
        let mut miss = |s: &Sample| {
            logistic(self.forward(data.of(s), usize::from(s.mover), self.bucket(s), &mut hidden)) - s.target
        };
        let sum: f64 = samples.iter().map(|s| f64::from(miss(s).powi(2))).sum();
        sum / samples.len().max(1) as f64
    }

    /// Every weight, mutably, in the gradient's order.
    fn each_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.input
            .iter_mut()
            .chain(self.bias.iter_mut())
            .chain(self.output.iter_mut())
            .chain(self.output_bias.iter_mut())
    }
}

fn logistic(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The input rows of a network of FIDE chess's inputs ([`Inputs::OneBoard`]) for the same network
/// seen by the king's half ([`Inputs::KingsHalf`]): each input takes the row of its cell turned
/// left to right, so that a view whose king stands on files e–h, as both kings do at the start
/// and after castling short, scores as the network did; a view of a king on files a–d starts
/// from the turned board's rows, and the fit learns the rest.
fn turned_rows(input: &[f32]) -> Vec<f32> {
    let rows: Vec<&[f32]> = input.chunks_exact(HIDDEN).collect();
    (0..rows.len()).flat_map(|feature| rows[feature ^ 7].iter().copied()).collect()
}

/// What training reads: the variant's inputs, the start network, the test positions and the
/// positions to fit.
struct Read {
    inputs: Inputs,
    start: Option<Weights>,
    test: Option<Samples>,
    data: Samples,
}

/// Reads the start network and the test positions first, so that a mistake in them is told
/// before the data, which may take minutes to read.
fn read(config: &Config, settings: &TrainNetwork) -> Result<Read, String> {
    let variant = config.variant(&settings.variant, &[]).map_err(|e| e.to_string())?;
    let inputs = Inputs::of(&variant).ok_or_else(|| format!("[{}]: {}", settings.variant, Inputs::any()))?;
    let start = settings
        .start
        .as_deref()
        .map(|path| Weights::read(path, inputs, settings.mirror, &settings.variant, settings.buckets))
        .transpose()?;
    let inputs = match (&start, settings.mirror) {
        (Some(start), _) => start.inputs,
        (None, true) => inputs.mirrored().ok_or_else(|| {
            format!("--mirror: [{}]'s network has no view by the king's half (FIDE chess's has)", settings.variant)
        })?,
        (None, false) => inputs,
    };
    let test = match &settings.test {
        Some(path) => {
            let test = read_samples(path, "--test", &variant, inputs, settings.score_share)?;
            if test.positions.is_empty() {
                return Err(format!("{}: no positions", path.display()));
            }
            Some(test)
        }
        None => None,
    };
    let data = read_samples(&settings.data, "--data", &variant, inputs, settings.score_share)?;
    if data.positions.len() < VALIDATION_SHARE {
        let name = settings.data.display();
        return Err(format!("{name}: {} positions; at least {VALIDATION_SHARE} are needed", data.positions.len()));
    }
    Ok(Read { inputs, start, test, data })
}

/// Reads the positions of the file at `path` (given as `flag`): each line's inputs and its
/// target for the side to move, the search's score taking `score_share` of it.
fn read_samples(
    path: &Path,
    flag: &str,
    variant: &Arc<Variant>,
    inputs: Inputs,
    score_share: f64,
) -> Result<Samples, String> {
    let name = path.display();
    let mut samples = Samples { inputs: Vec::new(), positions: Vec::new() };
    for_each_line(path, MAX_DATA_LINE, flag, |number, line| {
        if line.trim().is_empty() {
            return Ok(true);
        }
        let record =
            Record::parse(line).map_err(|expected| format!("{name} line {number}: {expected}, got '{line}'"))?;
        let (fen, score) = (record.fen, record.target(score_share) as f32);
        let pos = Position::from_fen(variant.clone(), fen).map_err(|e| format!("{name} line {number}: {e}"))?;
        let start = samples.inputs.len();
        inputs.each_active(&pos, |features| samples.inputs.push(features.map(|f| f as u16)));
        let count = u8::try_from(samples.inputs.len() - start)
            .map_err(|_| format!("{name} line {number}: more than 255 pieces"))?;
        let pieces = pos.piece_count().min(usize::from(u8::MAX)) as u8;
        // The score back to the teacher's centipawns over 400, then for the side to move.
        let score = score.clamp(1e-4, 1.0 - 1e-4);
        let white = (score / (1.0 - score)).log10();
        let mover = pos.side().index();
        let target = logistic(if mover == 0 { white } else { -white });
        samples.positions.push(Sample { start: start as u32, count, mover: mover as u8, pieces, target });
        Ok(true)
    })?;
    Ok(samples)
}

/// Fits a network to the positions of `settings.data` and writes it; `progress` hears of each
/// epoch's errors on the positions fitted, on those kept out and on the test positions.
pub fn train_network(
    config: &Config,
    settings: &TrainNetwork,
    progress: impl Fn(&Progress),
) -> Result<Trained, String> {
    if settings.epochs == 0 || settings.batch == 0 || settings.threads == 0 {
        return Err("--epochs, --batch and --threads must be at least 1".into());
    }
    if !(0.0..=1.0).contains(&settings.score_share) {
        return Err(format!("--score-share must be from 0 to 1, not {}", settings.score_share));
    }
    if settings.buckets.is_some_and(|b| !(1..=MAX_BUCKETS).contains(&b)) {
        return Err(format!("--buckets must be from 1 to {MAX_BUCKETS}"));
    }
    let Read { inputs, start, test, data } = read(config, settings)?;
    let test_error = |weights: &Weights| test.as_ref().map(|test| weights.error(test, &test.positions));
    let mut samples = data.positions.clone();
    let mut rng = Rng::new(settings.seed);
    shuffle(&mut samples, &mut rng);
    let validation: Vec<Sample> = samples.drain(..samples.len() / VALIDATION_SHARE).collect();
    let mut weights = start.unwrap_or_else(|| Weights::random(inputs, settings.buckets.unwrap_or(1), &mut rng));
    let test_before = test_error(&weights);
    let count = weights.count();
    let (mut first, mut second) = (vec![0.0f32; count], vec![0.0f32; count]);
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let mut step = 0;
    let mut errors = (0.0, 0.0);
    let mut test_after = None;
    for epoch in 0..settings.epochs {
        let rate = LEARNING_RATE
            * match epoch {
                e if e >= settings.epochs * 3 / 4 => 0.1,
                e if e >= settings.epochs / 2 => 0.3,
                _ => 1.0,
            };
        shuffle(&mut samples, &mut rng);
        let mut total = 0.0;
        for batch in samples.chunks(settings.batch) {
            let share = batch.len().div_ceil(settings.threads);
            let parts: Vec<(Vec<f32>, f64)> = std::thread::scope(|scope| {
                let workers: Vec<_> = batch
                    .chunks(share)
                    .map(|part| {
                        let (weights, data) = (&weights, &data);
                        scope.spawn(move || {
                            let mut gradient = vec![0.0; count];
                            let error = weights.gradient(data, part, &mut gradient);
                            (gradient, error)
                        })
                    })
                    .collect();
                workers.into_iter().map(|w| w.join().unwrap_or_default()).collect()
            });
            let mut gradient = vec![0.0f32; count];
            for (part, error) in &parts {
                total += error;
                gradient.iter_mut().zip(part).for_each(|(g, p)| *g += p);
            }
            step += 1;
            let (correct1, correct2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            let per = 1.0 / batch.len() as f32;
            for (i, w) in weights.each_mut().enumerate() {
                let g = gradient[i] * per;
                first[i] = beta1 * first[i] + (1.0 - beta1) * g;
                second[i] = beta2 * second[i] + (1.0 - beta2) * g * g;
                *w -= rate * (first[i] / correct1) / ((second[i] / correct2).sqrt() + 1e-8);
            }
            let hidden = weights.input.len() + HIDDEN;
            weights.each_mut().take(hidden).for_each(|w| *w = w.clamp(-HIDDEN_LIMIT, HIDDEN_LIMIT));
        }
        let held_out = weights.error(&data, &validation);
        let test = test_error(&weights);
        progress(&Progress { epoch: epoch + 1, fitted: total / samples.len() as f64, held_out, test });
        errors = (if epoch == 0 { held_out } else { errors.0 }, held_out);
        test_after = test;
    }
    let bytes = Network::encode(weights.inputs, &weights.input, &weights.bias, &weights.output, &weights.output_bias);
    std::fs::write(&settings.out, bytes).map_err(|e| format!("{}: {e}", settings.out.display()))?;
    let test = test.zip(test_before.zip(test_after)).map(|(t, (before, after))| (t.positions.len(), before, after));
    Ok(Trained { positions: samples.len(), validation: validation.len(), error: errors, test })
}

fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(variant: &str, name: &str, text: &str) -> TrainNetwork {
        let dir = std::env::temp_dir().join(format!("vorpal-train-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("data"), text).unwrap();
        let (data, out) = (dir.join("data"), dir.join("out.vnn"));
        TrainNetwork {
            variant: variant.into(),
            data,
            out,
            epochs: 12,
            batch: 8,
            threads: 2,
            seed: 3,
            start: None,
            test: None,
            score_share: DEFAULT_SCORE_SHARE,
            buckets: None,
            mirror: false,
        }
    }

    /// 300 lines of FIDE chess: the start, level, and either side to move a queen up.
    fn queen_up_text() -> String {
        let lines = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.95",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1;0.05",
        ];
        lines.iter().cycle().take(300).map(|l| format!("{l}\n")).collect()
    }

    /// Trains on `lines` (the first level, the others the side to move a queen up, or a rook in
    /// Inside-out, which has no queen) many times over, and checks that the network learnt it
    /// and loads.
    fn learns_a_queen_up(variant: &str, lines: [&str; 3]) {
        let text = lines.iter().cycle().take(300).map(|l| format!("{l}\n")).collect::<String>();
        let settings = settings(variant, variant, &text);
        let trained = train_network(&Config::builtin(), &settings, |_| {}).unwrap();
        assert_eq!((trained.positions, trained.validation), (294, 6));
        assert!(trained.error.1 < trained.error.0 && trained.error.1 < 0.01, "{trained:?}");
        let net = Network::from_bytes(&std::fs::read(&settings.out).unwrap()).unwrap();
        let loaded = Config::builtin().loaded_adjusted(variant, &[], &[("network", "none".into())]).unwrap();
        assert!(net.fits(&loaded.variant));
        let score = |line: &str| {
            let pos = Position::from_fen(loaded.variant.clone(), line.split(';').next().unwrap()).unwrap();
            net.output(&net.accumulate(&pos), pos.side(), net.bucket(&pos))
        };
        assert!(score(lines[1]) > 300 && score(lines[2]) > 300, "{variant}");
    }

    #[test]
    fn training_learns_that_a_queen_up_wins_and_writes_a_network_that_loads() {
        // White a queen up with White to move, then Black with Black to move.
        learns_a_queen_up(
            "normal",
            [
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5",
                "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.95",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1;0.05",
            ],
        );
    }

    #[test]
    fn an_alice_network_learns_from_datagens_lines() {
        // Lines as datagen writes them: White's result and White's score in centipawns.
        learns_a_queen_up(
            "alice",
            [
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1;0.5;0",
                "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR|8/8/8/8/3Q4/8/8/8 w KQkq - 0 1;1;900",
                "rnb1kbnr/pppppppp/8/3q4/8/8/PPPPPPPP/RNB1KBNR|8/8/8/8/8/8/8/8 b KQkq - 0 1;0;-900",
            ],
        );
    }

    #[test]
    fn an_inside_out_network_learns_from_datagens_lines() {
        learns_a_queen_up(
            "insideout",
            [
                "rbkknr/pppppp/6/6/PPPPPP/RNKKBR|******/******/**4/**4/******/****** w - - 0 1 lastw:- lastb:-;0.5;0",
                "1bkknr/pppppp/6/6/PPPPPP/RNKKBR|******/******/**4/**4/******/****** w - - 0 1 lastw:- lastb:-;1;500",
                "rbkknr/pppppp/6/6/PPPPPP/RNKKB1|******/******/**4/**4/******/****** b - - 0 1 lastw:- lastb:-;0;-500",
            ],
        );
    }

    #[test]
    fn a_monochrome_network_learns_the_captured_points() {
        // The same board, a lead of 8 points (a queen captured) for the side to move.
        learns_a_queen_up(
            "monochrome",
            [
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score:0-0 last:-;0.5;0",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score:8-0 last:-;1;800",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1 score:0-8 last:-;0;-800",
            ],
        );
    }

    #[test]
    fn an_lma_network_learns_from_datagens_lines() {
        // White's army on the second board, Black's on the first; a queen missing from one.
        learns_a_queen_up(
            "lma",
            [
                "rcqkcr/pppppp/6/6/6/6/6|6/6/6/6/6/PPPPPP/RCQKCR w KQkq - 0 1;0.5;0",
                "rc1kcr/pppppp/6/6/6/6/6|6/6/6/6/6/PPPPPP/RCQKCR w KQkq - 0 1;1;500",
                "rcqkcr/pppppp/6/6/6/6/6|6/6/6/6/6/PPPPPP/RC1KCR b KQkq - 0 1;0;-500",
            ],
        );
    }

    #[test]
    fn a_network_refitted_from_its_own_weights_starts_where_it_ended() {
        let text = queen_up_text();
        let first = settings("normal", "start-first", &text);
        let fitted = train_network(&Config::builtin(), &first, |_| {}).unwrap();
        let again =
            TrainNetwork { epochs: 1, start: Some(first.out.clone()), ..settings("normal", "start-again", &text) };
        let refitted = train_network(&Config::builtin(), &again, |_| {}).unwrap();
        // A random start is far off after one epoch; this one is as good as the fit it began from.
        assert!(refitted.error.0 < 2.0 * fitted.error.1 + 1e-4, "{fitted:?} then {refitted:?}");
        assert!(refitted.error.0 < fitted.error.0 / 4.0, "{fitted:?} then {refitted:?}");
    }

    /// Gives `fit` a test file beside its data, of positions of the queen-up kind but not
    /// among them (a rook up for the side to move); returns its path.
    fn with_rook_up_test(fit: &mut TrainNetwork) -> PathBuf {
        let test = fit.data.with_file_name("test");
        std::fs::write(&test, "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1;0.9\n").unwrap();
        fit.test = Some(test.clone());
        test
    }

    #[test]
    fn a_network_of_one_output_split_into_buckets_starts_where_it_ended_and_loads_with_them() {
        let text = queen_up_text();
        let mut first = settings("normal", "buckets-first", &text);
        let test = with_rook_up_test(&mut first);
        train_network(&Config::builtin(), &first, |_| {}).unwrap();
        let refit = TrainNetwork {
            epochs: 1,
            start: Some(first.out.clone()),
            test: Some(test),
            ..settings("normal", "buckets-refit", &text)
        };
        let split = TrainNetwork { buckets: Some(8), out: refit.out.with_file_name("split.vnn"), ..refit.clone() };
        let [kept, split_up] = [&refit, &split].map(|s| train_network(&Config::builtin(), s, |_| {}).unwrap());
        // Each bucket starts as the one output: the test error before the fit is the same.
        assert_eq!(kept.test.unwrap().1, split_up.test.unwrap().1, "{kept:?} and {split_up:?}");
        let net = Network::from_bytes(&std::fs::read(&split.out).unwrap()).unwrap();
        assert_eq!(net.buckets(), 8);
        let again = TrainNetwork { start: Some(split.out.clone()), ..split.clone() };
        assert!(train_network(&Config::builtin(), &TrainNetwork { buckets: Some(4), ..again.clone() }, |_| {})
            .unwrap_err()
            .contains("can only split a network of one"));
        assert!(train_network(&Config::builtin(), &TrainNetwork { buckets: Some(0), ..again }, |_| {})
            .unwrap_err()
            .contains("--buckets must be from 1 to 32"));
    }

    #[test]
    fn test_positions_are_measured_before_the_fit_and_after_each_epoch() {
        let text = queen_up_text();
        let mut fit = settings("normal", "test-set", &text);
        let test = with_rook_up_test(&mut fit);
        let epochs = std::cell::RefCell::new(Vec::new());
        let trained = train_network(&Config::builtin(), &fit, |p| epochs.borrow_mut().push(p.test)).unwrap();
        let (positions, before, after) = trained.test.unwrap();
        assert_eq!(positions, 1);
        assert!(after < before, "{trained:?}");
        assert_eq!(epochs.borrow().len(), 12);
        assert_eq!(*epochs.borrow().last().unwrap(), Some(after));

        std::fs::write(&test, "").unwrap();
        let err = train_network(&Config::builtin(), &fit, |_| {}).unwrap_err();
        assert!(err.contains("no positions"), "{err}");
        std::fs::write(&test, "not a fen;0.5\n").unwrap();
        let err = train_network(&Config::builtin(), &fit, |_| {}).unwrap_err();
        assert!(err.contains("test line 1"), "{err}");
    }

    #[test]
    fn a_start_network_of_other_inputs_is_refused() {
        let first = settings("normal", "start-normal", "");
        std::fs::write(&first.out, include_bytes!("../eval/normal.vnn")).unwrap();
        let lma = TrainNetwork { start: Some(first.out.clone()), ..settings("lma", "start-lma", "x;0.5\n") };
        let err = train_network(&Config::builtin(), &lma, |_| {}).unwrap_err();
        assert!(err.starts_with("--start ") && err.contains("FIDE chess's pieces") && err.contains("[lma]"), "{err}");
    }

    #[test]
    fn a_network_turned_to_see_by_the_kings_half_starts_where_it_was_for_kings_on_files_e_to_h() {
        // Both kings on files e–h in every test position: turned, the network scores each the same.
        let text = queen_up_text();
        let mut plain = settings("normal", "turn-plain", &text);
        let test = with_rook_up_test(&mut plain);
        let start = plain.out.with_file_name("start.vnn");
        std::fs::write(&start, include_bytes!("../eval/normal.vnn")).unwrap();
        plain = TrainNetwork { epochs: 1, start: Some(start), ..plain };
        let turned = TrainNetwork { mirror: true, out: plain.out.with_file_name("turned.vnn"), ..plain.clone() };
        let [before, after] = [&plain, &turned].map(|s| train_network(&Config::builtin(), s, |_| {}).unwrap());
        assert_eq!(before.test.unwrap().1, after.test.unwrap().1, "{test:?}");
        let net = Network::from_bytes(&std::fs::read(&turned.out).unwrap()).unwrap();
        assert_eq!(net.inputs(), Inputs::KingsHalf);
    }

    #[test]
    fn a_network_seen_by_the_kings_half_is_trained_refitted_and_evaluates_fide_chess() {
        let text = queen_up_text();
        let first = TrainNetwork { mirror: true, ..settings("normal", "mirror-first", &text) };
        let trained = train_network(&Config::builtin(), &first, |_| {}).unwrap();
        assert!(trained.error.1 < trained.error.0, "{trained:?}");
        let net = Network::from_bytes(&std::fs::read(&first.out).unwrap()).unwrap();
        assert_eq!(net.inputs(), Inputs::KingsHalf);
        assert!(net.fits(&Config::builtin().variant("normal", &[]).unwrap()));
        // Its refit keeps the layout without being told; a network not seen so is no start for it.
        let refit =
            TrainNetwork { epochs: 1, start: Some(first.out.clone()), ..settings("normal", "mirror-refit", &text) };
        train_network(&Config::builtin(), &refit, |_| {}).unwrap();
        assert_eq!(Network::from_bytes(&std::fs::read(&refit.out).unwrap()).unwrap().inputs(), Inputs::KingsHalf);
        let lma = TrainNetwork { mirror: true, ..settings("lma", "mirror-lma", "x;0.5\n") };
        let err = train_network(&Config::builtin(), &lma, |_| {}).unwrap_err();
        assert!(err.contains("--mirror: [lma]"), "{err}");
    }

    #[test]
    fn the_score_share_weighs_the_search_against_the_result() {
        // Won games whose search scored them level: the target follows the share given it.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let text = format!("{start};1;0\n").repeat(60);
        let fitted = |name: &str, share: f64| {
            let settings = TrainNetwork { score_share: share, ..settings("normal", name, &text) };
            train_network(&Config::builtin(), &settings, |_| {})?;
            let net = Network::from_bytes(&std::fs::read(&settings.out).unwrap()).unwrap();
            let loaded = Config::builtin().loaded_adjusted("normal", &[], &[("network", "none".into())]).unwrap();
            let pos = Position::from_fen(loaded.variant, start).unwrap();
            Ok::<i32, String>(net.output(&net.accumulate(&pos), pos.side(), net.bucket(&pos)))
        };
        let (by_result, by_score) = (fitted("by-result", 0.0).unwrap(), fitted("by-score", 1.0).unwrap());
        assert!(by_result > 300 && by_score.abs() < 50, "{by_result} {by_score}");
        let err = fitted("share-too-large", 1.5).unwrap_err();
        assert!(err.contains("--score-share") && err.contains("1.5"), "{err}");
    }

    #[test]
    fn a_bad_line_is_named() {
        let settings = settings("normal", "bad", "8/8/8/8/8/8/8/8 w - - 0 1;2\n");
        let err = train_network(&Config::builtin(), &settings, |_| {}).unwrap_err();
        assert!(err.contains("line 1") && err.contains("expected FEN;RESULT;SCORE"), "{err}");
    }

    #[test]
    fn a_variant_no_network_fits_is_refused() {
        let settings = settings("alice8x4", "alice8x4", "x;0.5\n");
        let err = train_network(&Config::builtin(), &settings, |_| {}).unwrap_err();
        assert!(err.contains("[alice8x4]") && err.contains("P N B R Q K"), "{err}");
    }
}
