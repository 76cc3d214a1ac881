//! The lines of training data that `datagen` writes and `tune` and `train-network` read.

use crate::eval::expected_score;

/// One position of the data: `FEN;RESULT;SCORE` as `datagen` writes it, or `FEN;VALUE` as
/// another engine's scores are written (`benches/stockfish_labels.py`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Record<'a> {
    /// The position.
    pub fen: &'a str,
    /// White's result (1, 0.5 or 0) or expected score, from 0 to 1.
    pub result: f64,
    /// The search's score for White in centipawns, when the line has one.
    pub score: Option<i32>,
}

impl<'a> Record<'a> {
    /// Reads one line, or says what it expected.
    pub fn parse(line: &'a str) -> Result<Record<'a>, &'static str> {
        const EXPECTED: &str =
            "expected FEN;RESULT;SCORE or FEN;RESULT (White's result or expected score from 0 to 1, \
                                White's score in centipawns)";
        let mut fields = line.split(';');
        let fen = fields.next().filter(|f| !f.trim().is_empty()).ok_or(EXPECTED)?;
        let result = fields.next().and_then(|r| r.trim().parse::<f64>().ok()).filter(|r| (0.0..=1.0).contains(r));
        let result = result.ok_or(EXPECTED)?;
        let score = match fields.next() {
            Some(s) => Some(s.trim().parse::<i32>().map_err(|_| EXPECTED)?),
            None => None,
        };
        if fields.next().is_some() {
            return Err(EXPECTED);
        }
        Ok(Record { fen, result, score })
    }

    /// White's expected score: the result, blended with the search's score as an expected
    /// score (1 / (1 + 10^(−cp/400))) in the share `score_share` when the line has one.
    pub fn target(&self, score_share: f64) -> f64 {
        match self.score {
            Some(cp) => score_share * expected_score(f64::from(cp)) + (1.0 - score_share) * self.result,
            None => self.result,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_forms_and_refuses_others() {
        let full = Record::parse("8/8/8/8/8/8/8/K6k w - - 0 1;0.5;-40").unwrap();
        assert_eq!((full.fen, full.result, full.score), ("8/8/8/8/8/8/8/K6k w - - 0 1", 0.5, Some(-40)));
        assert_eq!(Record::parse("x;0.75").unwrap().score, None);
        for bad in ["x", "x;2", "x;0.5;abc", "x;0.5;1;2", ";0.5"] {
            assert!(Record::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_target_blends_the_result_with_the_score() {
        let level = Record { fen: "", result: 1.0, score: Some(0) };
        assert!((level.target(0.5) - 0.75).abs() < 1e-9);
        assert!((level.target(0.0) - 1.0).abs() < 1e-9);
        assert!((Record { score: None, ..level }.target(0.5) - 1.0).abs() < 1e-9);
    }
}
