//! Betza notation, the movement language of XBoard's `piece` command.
//!
//! Supported: the leapers W F D N A H C Z G, the shorthands K Q R B, riders written doubled
//! (`WW`, `NN`) or with a range (`W0` unlimited, `W3` up to three steps), compounds by
//! concatenation, and the modifiers `m` (move only), `c` (capture only) and the directions
//! `f b l r v s` (with `ff`, `fl`, `fs` and the like).

/// One direction of movement, for White (forward = increasing rank).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Files moved per step.
    pub dx: i8,
    /// Ranks moved per step.
    pub dy: i8,
    /// Most steps in a row (1 = a leap, 0 = unlimited).
    pub range: u8,
    /// May end on an empty square.
    pub moves: bool,
    /// May capture.
    pub captures: bool,
}

/// Parses a Betza description into its steps, or says what is wrong.
pub fn parse(text: &str) -> Result<Vec<Step>, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err("empty movement description".into());
    }
    let mut steps: Vec<Step> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mod_start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            i += 1;
        }
        let mods: String = chars[mod_start..i].iter().collect();
        let atom =
            *chars.get(i).ok_or_else(|| format!("'{text}': modifiers '{mods}' are not followed by a piece letter"))?;
        i += 1;
        let (bases, default_range): (&[(i8, i8)], u8) = match atom {
            'W' => (&[(1, 0)], 1),
            'F' => (&[(1, 1)], 1),
            'D' => (&[(2, 0)], 1),
            'N' => (&[(2, 1)], 1),
            'A' => (&[(2, 2)], 1),
            'H' => (&[(3, 0)], 1),
            'C' => (&[(3, 1)], 1),
            'Z' => (&[(3, 2)], 1),
            'G' => (&[(3, 3)], 1),
            'K' => (&[(1, 0), (1, 1)], 1),
            'Q' => (&[(1, 0), (1, 1)], 0),
            'R' => (&[(1, 0)], 0),
            'B' => (&[(1, 1)], 0),
            other => return Err(format!("'{text}': unknown piece letter '{other}'")),
        };
        let mut range = default_range;
        if i < chars.len() && chars[i] == atom && matches!(atom, 'W' | 'F' | 'D' | 'N' | 'A' | 'H' | 'C' | 'Z' | 'G') {
            range = 0;
            i += 1;
        } else if i < chars.len() && chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let n: String = chars[start..i].iter().collect();
            range = n.parse().map_err(|_| format!("'{text}': range '{n}' is too large"))?;
        }
        let (moves, captures, directions) = parse_modifiers(&mods).map_err(|e| format!("'{text}': {e}"))?;
        for &(a, b) in bases {
            for (dx, dy) in symmetric(a, b) {
                if directions.iter().any(|d| d.admits(dx, dy)) || directions.is_empty() {
                    let step = Step { dx, dy, range, moves, captures };
                    merge(&mut steps, step);
                }
            }
        }
    }
    if steps.is_empty() {
        return Err(format!("'{text}': the modifiers leave no move at all"));
    }
    Ok(steps)
}

/// Adds a step, joining it with an equal direction already listed.
fn merge(steps: &mut Vec<Step>, step: Step) {
    if let Some(s) = steps.iter_mut().find(|s| s.dx == step.dx && s.dy == step.dy && s.range == step.range) {
        s.moves |= step.moves;
        s.captures |= step.captures;
    } else {
        steps.push(step);
    }
}

/// The up to eight directions of a leap of `a` by `b`.
fn symmetric(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let d = (x * sx, y * sy);
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// A direction selector such as `f`, `fl` or `ff`.
#[derive(Debug)]
struct Direction(Vec<char>);

impl Direction {
    fn admits(&self, dx: i8, dy: i8) -> bool {
        let vertical = dy.abs() > dx.abs();
        let sideways = dx.abs() > dy.abs();
        self.0.iter().all(|&c| match c {
            'f' => dy > 0,
            'b' => dy < 0,
            'l' => dx < 0,
            'r' => dx > 0,
            'v' => vertical,
            's' => sideways,
            // A doubled letter: the narrow pair of that side.
            'F' => dy > 0 && vertical,
            'B' => dy < 0 && vertical,
            'L' => dx < 0 && sideways,
            'R' => dx > 0 && sideways,
            _ => false,
        })
    }
}

/// Splits modifiers into move/capture permission and direction selectors.
fn parse_modifiers(mods: &str) -> Result<(bool, bool, Vec<Direction>), String> {
    let (mut m, mut c) = (false, false);
    let mut dirs: Vec<Direction> = Vec::new();
    let chars: Vec<char> = mods.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        match ch {
            'm' => m = true,
            'c' => c = true,
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => {
                let doubled = i + 1 < chars.len() && chars[i + 1] == ch && "fblr".contains(ch);
                let letter = if doubled { ch.to_ascii_uppercase() } else { ch };
                if doubled {
                    i += 1;
                }
                // A vertical letter directly followed by a sideways one narrows it (`fl`, `fs`).
                let joins = matches!(dirs.last(), Some(d) if d.0.len() == 1 && "fbFB".contains(d.0[0]))
                    && "lrs".contains(letter)
                    && i > 0
                    && !"mc".contains(chars[i - if doubled { 2 } else { 1 }]);
                match dirs.last_mut() {
                    Some(d) if joins => d.0.push(letter),
                    _ => dirs.push(Direction(vec![letter])),
                }
            }
            other => return Err(format!("modifier '{other}' is not supported (use m c f b l r v s)")),
        }
        i += 1;
    }
    let (moves, captures) = if m || c { (m, c) } else { (true, true) };
    Ok((moves, captures, dirs))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(text: &str) -> Vec<(i8, i8, u8, bool, bool)> {
        let mut v: Vec<_> = parse(text).unwrap().iter().map(|s| (s.dx, s.dy, s.range, s.moves, s.captures)).collect();
        v.sort();
        v
    }

    #[test]
    fn standard_pieces() {
        assert_eq!(parse("N").unwrap().len(), 8);
        assert_eq!(parse("K").unwrap().len(), 8);
        assert!(parse("Q").unwrap().iter().all(|s| s.range == 0));
        assert_eq!(dirs("R"), dirs("WW"));
        assert_eq!(dirs("B"), dirs("F0"));
        assert_eq!(parse("BN").unwrap().len(), 12);
    }

    #[test]
    fn pawn_modifiers() {
        assert_eq!(dirs("fmWfcF"), vec![(-1, 1, 1, false, true), (0, 1, 1, true, false), (1, 1, 1, false, true)]);
    }

    #[test]
    fn direction_modifiers() {
        assert_eq!(dirs("ffN"), vec![(-1, 2, 1, true, true), (1, 2, 1, true, true)]);
        assert_eq!(dirs("flF"), vec![(-1, 1, 1, true, true)]);
        assert_eq!(parse("vW").unwrap().len(), 2);
        assert_eq!(parse("sW").unwrap().len(), 2);
        assert_eq!(parse("fsN").unwrap().len(), 2);
        assert_eq!(parse("W3").unwrap()[0].range, 3);
    }

    #[test]
    fn errors_name_the_problem() {
        assert!(parse("X").unwrap_err().contains("'X'"));
        assert!(parse("jN").unwrap_err().contains("'j'"));
        assert!(parse("f").is_err());
        assert!(parse("").is_err());
    }
}
