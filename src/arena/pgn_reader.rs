//! PGN in: the tags and moves of each game of a file, for `vorpal play --pgn` and the openings
//! of a match.

/// One game read from a PGN file: its tags and its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The moves, as written.
    pub moves: Vec<String>,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// Reads every game of a PGN text.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let mut chars = text.chars().peekable();
    let mut token = String::new();
    let mut depth = 0;
    let flush = |token: &mut String, game: &mut PgnGame| {
        let t = std::mem::take(token);
        // A move number is digits then dots; a move may start with a digit too (`1e22e4`).
        let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let t = if t[digits..].starts_with('.') { t[digits..].trim_start_matches('.') } else { t.as_str() };
        let is_result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&t);
        if !t.is_empty() && !is_result && !t.starts_with('$') {
            game.moves.push(t.to_string());
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '[' if depth == 0 && token.is_empty() => {
                if in_moves {
                    games.push(std::mem::take(&mut game));
                    in_moves = false;
                }
                let name: String = chars.by_ref().take_while(|&c| c != '"').collect();
                let mut value = String::new();
                let mut escaped = false;
                for c in chars.by_ref() {
                    match (c, escaped) {
                        ('\\', false) => escaped = true,
                        ('"', false) => break,
                        (c, _) => {
                            value.push(c);
                            escaped = false;
                        }
                    }
                }
                if chars.by_ref().take_while(|&c| c != ']').any(|c| !c.is_whitespace()) {
                    return Err(format!("malformed tag [{}\"{value}\"...]", name.trim()));
                }
                game.tags.push((name.trim().to_string(), value));
            }
            '{' => {
                flush(&mut token, &mut game);
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut token, &mut game);
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut token, &mut game);
                depth += 1;
            }
            ')' => depth = (depth - 1).max(0),
            c if c.is_whitespace() => {
                if depth == 0 {
                    flush(&mut token, &mut game);
                } else {
                    token.clear();
                }
            }
            c => {
                in_moves = true;
                if depth == 0 {
                    token.push(c);
                }
            }
        }
    }
    flush(&mut token, &mut game);
    if in_moves || !game.tags.is_empty() {
        games.push(game);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_games_skips_numbers_comments_variations_and_results() {
        let text = "[Variant \"alice\"]\n[White \"Vorpal [1] \\\"x\\\"\"]\n[Result \"1-0\"]\n\n1. 1e22e4 {book} 1d72d5 (1... 1e72e5) 2. 1d12h5 $1 ; note\n{White mates} 1-0\n\n[Event \"two\"]\n1. e2e4 *\n";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Variant"), Some("alice"));
        assert_eq!(games[0].tag("White"), Some("Vorpal [1] \"x\""));
        assert_eq!(games[0].moves, ["1e22e4", "1d72d5", "1d12h5"]);
        assert_eq!(games[1].moves, ["e2e4"]);
    }
}
