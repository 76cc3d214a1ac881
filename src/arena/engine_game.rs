//! One game between two engines, with Vorpal's rules as the arbiter: every move is checked, the
//! clocks are kept, claims are verified, and adjudication applies.

use std::time::Instant;

use super::answer::Answer;
use super::client::Client;
use super::game::{Game, GameRules, Termination};
use super::opening::Opening;
use crate::engine::rules_of::{legal_moves, read_move};
use crate::movegen::Move;
use crate::pieces::Color;
use crate::position::Position;

/// Plays one game: `engines[0]` has White. `watch` sees the record after every engine move.
pub fn play_game(
    rules: &GameRules,
    opening: &Opening,
    engines: [&mut Box<dyn Client>; 2],
    watch: &dyn Fn(&Game),
) -> Game {
    let variant = &rules.variant;
    let [white, black] = engines;
    let mut engines = [white, black];
    let players = [engines[0].name().to_string(), engines[1].name().to_string()];
    let tcs = [0, 1].map(|i| engines[i].own_tc().unwrap_or(rules.tc));
    let mut game = Game::new(opening, players, tcs, rules.margin);
    let start = match Position::from_fen(variant.clone(), &opening.fen) {
        Ok(pos) => pos,
        Err(e) => return game.ended(None, format!("opening: {e}"), Termination::Abandoned),
    };
    let mut pos = start.clone();
    for text in &opening.moves {
        match read_move(&mut pos, text) {
            Ok(mv) => {
                pos.make(mv);
                game.book_move(mv);
            }
            Err(e) => return game.ended(None, format!("opening move {text}: {e}"), Termination::Abandoned),
        }
    }
    for (i, engine) in engines.iter_mut().enumerate() {
        if let Err(e) = engine.new_game(variant, &start, tcs[i]) {
            game.broken[i] = true;
            let loser = Color::from_index(i);
            return game.ended(Some(loser.flip()), e, Termination::Abandoned);
        }
    }
    loop {
        if game.note_outcome(&mut pos) {
            return game;
        }
        let side = pos.side();
        let s = side.index();
        let played: Vec<Move> = game.moves.iter().map(|p| p.mv).collect();
        let asked = Instant::now();
        let ran_before = engines[s].processor_time();
        let limit = game.clocks().deadline(s, asked) - asked;
        let answer = engines[s].play(variant, &played, game.clocks().told(s), tcs[s], limit);
        let elapsed = engines[s].heard().saturating_duration_since(asked);
        let ran = ran_before.zip(engines[s].processor_time()).map(|(before, after)| after.saturating_sub(before));
        let name = side.name();
        match answer {
            Answer::Timeout => {
                game.broken[s] = true;
                game.lose_on_time(side);
                game.note_turn_time(asked.elapsed(), ran);
                return game;
            }
            Answer::Crashed(why) => {
                game.broken[s] = true;
                return game.ended(Some(side.flip()), format!("{name}'s engine {why}"), Termination::Abandoned);
            }
            Answer::Resign => return game.ended(Some(side.flip()), format!("{name} resigns"), Termination::Normal),
            Answer::Refused(words) => {
                let reason = format!("{name} refuses a legal move and cannot go on: {words}");
                return game.ended(Some(side.flip()), reason, Termination::RulesInfraction);
            }
            Answer::Claim(result, comment) => {
                let reason = format!("{name} claims {result} ({comment}) falsely: the game goes on");
                return game.ended(Some(side.flip()), reason, Termination::RulesInfraction);
            }
            Answer::Move(text, thought) => {
                if game.spend(side, elapsed).is_err() {
                    game.note_turn_time(elapsed, ran);
                    return game;
                }
                let moves = legal_moves(&mut pos);
                let Some(mv) = engines[s].find(variant, &moves, &text) else {
                    let reason = format!("{name} plays the illegal move {text}");
                    return game.ended(Some(side.flip()), reason, Termination::RulesInfraction);
                };
                pos.make(mv);
                game.play(side, mv, elapsed, thought, Vec::new());
                watch(&game);
                if game.adjudicate(&rules.adjudication) {
                    return game;
                }
            }
        }
    }
}
