//! What a match's score says: Elo difference with its 95% error, likelihood of superiority, and
//! the sequential probability ratio test that stops a match once it has decided.

use crate::eval::expected_score;

/// Wins, draws and losses of the first engine.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games the first engine won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

impl Score {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's score as a fraction of the games.
    pub fn fraction(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The variance of one game's result around the mean score.
    fn variance(&self) -> f64 {
        let (n, s) = (self.games().max(1) as f64, self.fraction());
        (self.wins as f64 * (1.0 - s).powi(2) + self.draws as f64 * (0.5 - s).powi(2) + self.losses as f64 * s * s) / n
    }

    /// The Elo difference and the half-width of its 95% confidence interval, when defined
    /// (no score of 0% or 100%).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let s = self.fraction();
        if self.games() == 0 || s <= 0.0 || s >= 1.0 {
            return None;
        }
        let error = 1.959_964 * (self.variance() / self.games() as f64).sqrt();
        let (low, high) = ((s - error).max(1e-6), (s + error).min(1.0 - 1e-6));
        Some((elo_of(s), (elo_of(high) - elo_of(low)) / 2.0))
    }

    /// The same games from the second engine's side.
    pub fn reversed(self) -> Score {
        Score { wins: self.losses, draws: self.draws, losses: self.wins }
    }

    /// The likelihood of superiority: the chance the first engine is the stronger, from wins and
    /// losses (draws say nothing about it).
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }
}

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, other: Score) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }
}

/// Game pairs (one opening played with colours swapped) counted by the first engine's points in
/// the pair: 0, ½, 1, 1½ or 2. Pairs cancel most of what an opening gives one colour, so their
/// spread, the pentanomial one, gives a truer error than single games do.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    /// How many pairs scored 0, ½, 1, 1½ and 2 points.
    pub counts: [u32; 5],
    /// Of the pairs scoring 1, those of a win and a loss.
    pub win_loss: u32,
    /// Of the pairs scoring 1, those of two draws.
    pub draw_draw: u32,
}

impl Pairs {
    /// Counts a pair from the first engine's points in its two games (each 0, 0.5 or 1).
    pub fn add(&mut self, first: f64, second: f64) {
        let halves = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[halves] += 1;
        if halves == 2 {
            if first == 0.5 {
                self.draw_draw += 1;
            } else {
                self.win_loss += 1;
            }
        }
    }

    /// Pairs counted.
    pub fn total(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The pairs' mean score per game and the variance of a pair's mean, when any pair is in.
    fn moments(&self) -> Option<(f64, f64)> {
        let n = self.total() as f64;
        if self.total() == 0 {
            return None;
        }
        let mean = self.counts.iter().enumerate().map(|(i, &c)| i as f64 / 4.0 * c as f64).sum::<f64>() / n;
        let variance =
            self.counts.iter().enumerate().map(|(i, &c)| c as f64 * (i as f64 / 4.0 - mean).powi(2)).sum::<f64>() / n;
        Some((mean, variance))
    }

    /// The Elo difference and the half-width of its 95% confidence interval from the pairs'
    /// spread, when defined (no score of 0% or 100%).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (mean, variance) = self.moments().filter(|&(mean, _)| mean > 0.0 && mean < 1.0)?;
        let error = 1.959_964 * (variance / self.total() as f64).sqrt();
        let (low, high) = ((mean - error).max(1e-6), (mean + error).min(1.0 - 1e-6));
        Some((elo_of(mean), (elo_of(high) - elo_of(low)) / 2.0))
    }
}

/// The Elo difference that a score fraction means under the logistic model.
pub fn elo_of(score: f64) -> f64 {
    400.0 * (score / (1.0 - score)).log10()
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

/// A sequential probability ratio test of H0 (Elo = `elo0`) against H1 (Elo = `elo1`).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test says so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on playing.
    Continue,
    /// H0 accepted: the change is not the gain hoped for.
    H0,
    /// H1 accepted: the change gains at least `elo1`.
    H1,
}

impl Sprt {
    /// Parses `elo0=E0,elo1=E1,alpha=A,beta=B`, or the same separated by spaces as
    /// cutechess-cli writes it (alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt { elo0: f64::NAN, elo1: f64::NAN, alpha: 0.05, beta: 0.05 };
        for part in text.split([',', ' ']).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or(format!("--sprt: '{part}' is not KEY=VALUE"))?;
            let value: f64 = value.trim().parse().map_err(|_| format!("--sprt: {key}: '{value}' is not a number"))?;
            match key.trim() {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                other => return Err(format!("--sprt: unknown key '{other}' (elo0, elo1, alpha, beta)")),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("--sprt needs elo0 and elo1".into());
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err("--sprt: elo1 must be above elo0".into());
        }
        if !(0.0 < sprt.alpha && sprt.alpha < 0.5 && 0.0 < sprt.beta && sprt.beta < 0.5) {
            return Err("--sprt: alpha and beta must lie between 0 and 0.5".into());
        }
        Ok(sprt)
    }

    /// The bounds of the log-likelihood ratio: below the first accept H0, above the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of the finished pairs: the normal approximation of the
    /// pentanomial GSPRT, as fishtest's and fastchess's. Pairs, not games, are the trials because
    /// the two games of an opening are not independent: where openings favour one colour (LMA's
    /// do), most pairs end 1-1, and counting their games as independent draws the spread of
    /// the colours into the test. Zero until the pairs' scores differ.
    pub fn llr(&self, pairs: &Pairs) -> f64 {
        let Some((mean, variance)) = pairs.moments().filter(|&(_, variance)| variance > 0.0) else {
            return 0.0;
        };
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        pairs.total() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The test's verdict on the finished pairs.
    pub fn verdict(&self, pairs: &Pairs) -> Verdict {
        let (low, high) = self.bounds();
        let llr = self.llr(pairs);
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert!(elo_of(0.5).abs() < 1e-9);
        assert!((elo_of(0.75) - 190.85).abs() < 0.01);
        let score = Score { wins: 60, draws: 20, losses: 20 };
        let (elo, error) = score.elo().unwrap();
        assert!((elo - elo_of(0.7)).abs() < 1e-9 && error > 50.0 && error < 100.0, "{elo} ± {error}");
        assert_eq!(Score { wins: 3, draws: 0, losses: 0 }.elo(), None);
    }

    #[test]
    fn los_is_a_half_when_even_and_grows_with_wins() {
        assert!((Score { wins: 5, draws: 3, losses: 5 }.los() - 0.5).abs() < 1e-9);
        assert!(Score { wins: 30, draws: 0, losses: 10 }.los() > 0.99);
        assert!(Score { wins: 10, draws: 0, losses: 30 }.los() < 0.01);
    }

    #[test]
    fn sprt_accepts_h1_for_a_clear_gain_and_h0_for_none() {
        let sprt = Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
        let (low, high) = sprt.bounds();
        assert!((low + 2.944).abs() < 0.01 && (high - 2.944).abs() < 0.01);
        let pairs = |counts| Pairs { counts, ..Pairs::default() };
        assert_eq!(sprt.verdict(&pairs([60, 120, 220, 150, 90])), Verdict::H1);
        assert_eq!(sprt.verdict(&pairs([90, 150, 220, 120, 60])), Verdict::H0);
        assert_eq!(sprt.verdict(&pairs([1, 1, 2, 1, 1])), Verdict::Continue);
        assert_eq!(sprt.llr(&pairs([0, 0, 5, 0, 0])), 0.0);
        assert_eq!(Sprt::parse("elo0=0 elo1=10  alpha=0.05 beta=0.05"), Ok(sprt));
        assert!(Sprt::parse("elo0=5,elo1=0").is_err());
        assert!(Sprt::parse("elo0=0").is_err());
        assert!(Sprt::parse("elo0=0,elo1=5,gamma=1").is_err());
    }

    #[test]
    fn pairs_count_the_pentanomial_buckets_and_their_elo() {
        let mut pairs = Pairs::default();
        for (a, b) in [(1.0, 1.0), (1.0, 0.0), (0.5, 0.5), (0.5, 1.0), (0.0, 0.0), (1.0, 0.5)] {
            pairs.add(a, b);
        }
        assert_eq!(pairs.counts, [1, 0, 2, 2, 1]);
        assert_eq!((pairs.win_loss, pairs.draw_draw), (1, 1));
        let (elo, error) = pairs.elo().unwrap();
        assert!((elo - elo_of(7.0 / 12.0)).abs() < 1e-9 && error > 0.0, "{elo} ± {error}");
        assert_eq!(Pairs { counts: [0, 0, 0, 0, 3], ..Pairs::default() }.elo(), None);
    }

    #[test]
    fn sprt_counts_pairs_so_that_openings_favouring_one_colour_do_not_hide_a_gain() {
        // 99 pairs of an LMA match: 77 ended 1-1 (75 of them a win each): its openings favour one colour.
        let pairs = Pairs { counts: [1, 1, 77, 11, 9], ..Pairs::default() };
        let sprt = Sprt::parse("elo0=0,elo1=10").unwrap();
        let llr = sprt.llr(&pairs);
        // Counted as single games, the trinomial test had reached 0.77 after these 198.
        assert!((llr - 2.92).abs() < 0.01, "{llr}");
    }
}
