//! One test per clause of the hidden-information Looking-Glass referee's rules, named after it.

mod common;

use common::*;
use vorpal::pieces::Color;
use vorpal::referee::{EndReason, Event, Fate, Referee, Sighting, StrikeRule};
use vorpal::rules::Reason;

const EMPTY: &str = "8/8/8/8/8/8/8/8";

/// A referee for a `lookingglass` position given by its two boards and the other FEN fields.
fn referee(board1: &str, board2: &str, rest: &str) -> Referee {
    referee_with(board1, board2, rest, StrikeRule::Strikes)
}

fn referee_with(board1: &str, board2: &str, rest: &str, rule: StrikeRule) -> Referee {
    let v = variant("lookingglass", &[]);
    Referee::new(position(&v, &fen(board1, board2, rest)), rule).expect("a lookingglass position")
}

/// Gives an order that must be taken (the right player's turn) and returns its fate.
fn order(r: &mut Referee, by: Color, text: &str) -> Fate {
    r.order(by, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The move a carried-out order played, in Vorpal's notation.
fn played(r: &Referee, fate: &Fate) -> String {
    match fate {
        Fate::Played(p) => p.mv.to_text(r.variant()),
        other => panic!("not played: {other:?}"),
    }
}

fn square(r: &Referee, name: &str) -> vorpal::geometry::Square {
    r.variant().geometry.parse_square(name).unwrap()
}

fn sighting(r: &Referee, piece: char, name: &str) -> Sighting {
    Sighting { piece, square: square(r, name) }
}

#[test]
fn hidden_sides_and_views_each_sees_its_world_and_its_own_pieces() {
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/3n4/8/8/8/2N5/8/8", "w - - 0 1");
    let white = r.view(Color::White);
    assert_eq!(
        white.board,
        "4k3/8/8/8/8/8/8/4K3|????????/????????/????????/????????/????????/??N?????/????????/????????"
    );
    let black = r.view(Color::Black);
    assert_eq!(
        black.board,
        "????k???/????????/????????/????????/????????/????????/????????/????????|8/3n4/8/8/8/2N5/8/8"
    );
    assert_eq!((white.side, white.strikes), (Color::White, 0));
}

#[test]
fn hidden_sides_and_views_captured_pieces_are_public() {
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/3p4/8/8/R7", "w - - 0 1");
    // The rook cannot transfer (a8 of board 1 is empty: it does) and takes nothing; a capture:
    let fate = order(&mut r, Color::White, "2a12a8");
    assert_eq!(played(&r, &fate), "2a11a8");
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/p7/8/8/R7", "w - - 0 1");
    order(&mut r, Color::White, "2a12a8");
    for color in Color::ALL {
        let view = r.view(color);
        assert_eq!(view.captured[Color::Black], "p");
        assert!(view.events.contains(&Event::Captured(sighting(&r, 'p', "2a4"))), "{color:?}: {:?}", view.events);
    }
}

#[test]
fn hidden_orders_name_both_squares_on_one_board() {
    let mut r = referee("4k3/8/8/8/8/8/4P3/4K3", EMPTY, "w - - 0 1");
    for bad in ["1e2", "1e22e4", "e2e4", "1e21e2", "1e21e4x", "zz"] {
        assert!(matches!(order(&mut r, Color::White, bad), Fate::Refused(_)), "{bad}");
    }
    assert_eq!(r.strikes(Color::White), 0);
    let fate = order(&mut r, Color::White, "1e21e4");
    assert_eq!(played(&r, &fate), "1e22e4", "the order names the square before the transfer");
}

#[test]
fn hidden_orders_castling_is_king_takes_own_rook_on_the_home_board() {
    let mut r = referee("4k3/8/8/8/8/8/8/4K2R", EMPTY, "w H - 0 1");
    let fate = order(&mut r, Color::White, "1e11h1");
    let Fate::Played(p) = &fate else { panic!("{fate:?}") };
    assert_eq!((p.landed, p.rook), (square(&r, "2g1"), Some(square(&r, "2f1"))), "both transfer");
}

#[test]
fn hidden_orders_in_ones_own_world_are_refused_without_penalty() {
    let mut r = referee("4k3/8/8/8/8/8/8/R3K3", EMPTY, "w - - 0 1");
    let fate = order(&mut r, Color::White, "1a11b3");
    assert!(matches!(fate, Fate::Refused(ref why) if why.contains("not a legal move")), "{fate:?}");
    assert_eq!((r.strikes(Color::White), r.orderer()), (0, Color::White));
    assert!(matches!(order(&mut r, Color::White, "1a11a5"), Fate::Played(_)));
}

#[test]
fn hidden_strike_when_no_piece_of_the_player_stands_there() {
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/8/n7", "w - - 0 1");
    assert_eq!(order(&mut r, Color::White, "2a12a2"), Fate::Impossible { strikes: 1 });
    assert_eq!(order(&mut r, Color::White, "2b12b2"), Fate::Impossible { strikes: 2 });
    assert_eq!((r.strikes(Color::White), r.orderer()), (2, Color::White), "the player orders again");
}

#[test]
fn hidden_strike_when_the_piece_cannot_move_that_way_at_all() {
    // Rook on 2a1 with its own pawn on 2a2; knight on 2c3; pawns on 2e3 and 2g2.
    let board2 = "8/8/8/8/8/2N1P3/P5P1/R7";
    let cases = [
        ("2a12b3", "not on the rook's lines"),
        ("2a12a5", "the slider's first square holds its own piece"),
        ("2c32c5", "not a knight's leap"),
        ("2c32e3", "not a knight's leap, nor to its own pawn"),
        ("2e32e5", "a double step from off the start rank"),
        ("2e32f4", "a diagonal step with nothing to capture"),
        ("2g22h3", "a diagonal step with nothing to capture"),
    ];
    for (text, why) in cases {
        let mut r = referee("4k3/8/8/8/8/8/8/4K3", board2, "w - - 0 1");
        assert_eq!(order(&mut r, Color::White, text), Fate::Impossible { strikes: 1 }, "{text}: {why}");
    }
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/6n1/6P1/8", "w - - 0 1");
    assert_eq!(order(&mut r, Color::White, "2g22g3"), Fate::Impossible { strikes: 1 }, "blocked pawn step");
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/6n1/6P1/8", "w - - 0 1");
    assert_eq!(order(&mut r, Color::White, "2g22g4"), Fate::Impossible { strikes: 1 }, "double step blocked at once");
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/2N5/8/1n1N4", "w - - 0 1");
    assert_eq!(order(&mut r, Color::White, "2c32d1"), Fate::Impossible { strikes: 1 }, "a knight onto its own piece");
}

#[test]
fn hidden_strike_the_third_loses() {
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", EMPTY, "w - - 0 1");
    for n in 1..=3 {
        assert_eq!(order(&mut r, Color::White, "2a12a2"), Fate::Impossible { strikes: n });
    }
    let end = r.end().expect("the third strike ends the game");
    assert_eq!((end.winner, end.reason, end.result()), (Some(Color::Black), EndReason::ThirdStrike, "0-1"));
    for color in Color::ALL {
        assert!(r.view(color).events.contains(&Event::End(end)));
    }
    assert!(r.order(Color::White, "1e11e2").is_err(), "no order after the end");
}

#[test]
fn hidden_shortened_a_slider_stops_on_the_first_enemy_capturing_it() {
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/p7/8/8/8/R7", "w - - 0 1");
    let fate = order(&mut r, Color::White, "2a12a8");
    let Fate::Played(p) = &fate else { panic!("{fate:?}") };
    assert!(p.shortened());
    assert_eq!((p.reached, p.captured), (square(&r, "2a5"), Some(sighting(&r, 'p', "2a5"))));
    assert_eq!(p.mv.to_text(r.variant()), "2a11a5", "then it transfers as every move does");
}

#[test]
fn hidden_shortened_a_slider_stops_before_its_own_piece() {
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/P7/8/8/8/R7", "w - - 0 1");
    let fate = order(&mut r, Color::White, "2a12a8");
    let Fate::Played(p) = &fate else { panic!("{fate:?}") };
    assert_eq!((p.reached, p.captured), (square(&r, "2a4"), None));
}

#[test]
fn hidden_shortened_a_blocked_double_step_becomes_a_single_step() {
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/6n1/8/6P1/8", "w - - 0 1");
    let fate = order(&mut r, Color::White, "2g22g4");
    let Fate::Played(p) = &fate else { panic!("{fate:?}") };
    assert_eq!(p.reached, square(&r, "2g3"));
    assert_eq!(p.mv.to_text(r.variant()), "2g21g3");
}

#[test]
fn hidden_then_the_piece_transfers_if_its_twin_is_empty_else_stays() {
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/8/R7", "w - - 0 1");
    let Fate::Played(p) = order(&mut r, Color::White, "2a12a4") else { panic!() };
    assert!(p.transferred());
    let mut r = referee("4k3/8/8/8/p7/8/8/4K3", "8/8/8/8/8/8/8/R7", "w - - 0 1");
    let Fate::Played(p) = order(&mut r, Color::White, "2a12a4") else { panic!() };
    assert!(!p.transferred(), "its twin 1a4 holds a piece: it stays");
}

#[test]
fn hidden_what_each_learns_the_mover_hears_the_fate_both_hear_the_capture() {
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/p7/8/8/8/R7", "w - - 0 1");
    let fate = order(&mut r, Color::White, "2a12a8");
    let white = r.view(Color::White);
    assert!(white.events.contains(&Event::Order(fate.clone())));
    let black = r.view(Color::Black);
    assert!(!black.events.iter().any(|e| matches!(e, Event::Order(_))), "{:?}", black.events);
    assert!(black.events.contains(&Event::Captured(sighting(&r, 'p', "2a5"))));
}

#[test]
fn hidden_announcements_on_arrival_name_the_attacked_adversaries() {
    // White's knight leaves the Real world for the Mirror world, where from 2c3 it attacks the
    // rook on 2d5 (the pawn on 2e6 is out of its reach); Black, who sees it arrive, tells White.
    let mut r = referee("4k3/8/8/8/8/8/8/1N2K3", "8/8/4p3/3r4/8/8/8/8", "w - - 0 1");
    order(&mut r, Color::White, "1b11c3");
    let arrival =
        Event::Arrival { arrived: sighting(&r, 'N', "2c3"), attacks: vec![sighting(&r, 'r', "2d5")], in_front: None };
    assert!(r.view(Color::White).events.contains(&arrival));
    assert!(!r.view(Color::Black).events.contains(&arrival), "Black saw it arrive: nothing to announce to him");
    // A piece arriving in the Real world: White, who sees it, tells Black.
    let mut r = referee("4k3/8/8/8/3b4/8/8/4K3", "8/8/8/8/8/8/8/6N1", "w - - 0 1");
    order(&mut r, Color::White, "2g12f3");
    let arrival =
        Event::Arrival { arrived: sighting(&r, 'N', "1f3"), attacks: vec![sighting(&r, 'b', "1d4")], in_front: None };
    assert!(r.view(Color::Black).events.contains(&arrival));
}

#[test]
fn hidden_announcements_on_arrival_of_a_pawn_say_what_stands_in_front() {
    let mut r = referee("4k3/8/8/8/8/8/4P3/4K3", "8/8/8/8/4b3/8/8/8", "w - - 0 1");
    order(&mut r, Color::White, "1e21e3");
    let events = r.view(Color::White).events;
    assert!(
        events.contains(&Event::Arrival {
            arrived: sighting(&r, 'P', "2e3"),
            attacks: vec![],
            in_front: Some((square(&r, "2e4"), Some('b')))
        }),
        "{events:?}"
    );
}

#[test]
fn hidden_announcements_on_arrival_whoever_owns_the_piece() {
    // Black's rook leaves the Mirror world (Black's) for the Real world, where it attacks
    // White's bishop on 1a5: White, who sees it arrive, announces it to Black.
    let mut r = referee("4k3/8/8/B7/8/8/8/4K3", "8/8/8/8/8/8/8/r7", "b - - 0 1");
    order(&mut r, Color::Black, "2a12a3");
    let events = r.view(Color::Black).events;
    assert!(
        events.contains(&Event::Arrival {
            arrived: sighting(&r, 'r', "1a3"),
            attacks: vec![sighting(&r, 'B', "1a5")],
            in_front: None
        }),
        "{events:?}"
    );
    assert!(!r.view(Color::White).events.iter().any(|e| matches!(e, Event::Arrival { .. })));
}

#[test]
fn hidden_the_question_is_answered_truthfully() {
    let r = referee("8/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/R7", "w - - 0 1");
    assert!(r.ask(Color::White));
    assert!(!r.ask(Color::Black), "Black has nothing on the Real world");
    assert!(referee("4k3/8/8/8/8/8/8/4K3", EMPTY, "w - - 0 1").ask(Color::Black), "his king stands in the Real world");
    let r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/p7/R7", "w - - 0 1");
    assert!(r.ask(Color::White), "the rook can take the pawn");
    let r = referee("8/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/p7/P7/8", "w - - 0 1");
    assert!(!r.ask(Color::White), "a pawn blocked head-on, with nothing to capture");
}

#[test]
fn hidden_end_a_captured_king_loses_and_both_hear_it() {
    let mut r = referee("8/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/4R3", "w - - 0 1");
    order(&mut r, Color::White, "2e12e8");
    let end = r.end().expect("king captured");
    assert_eq!((end.winner, end.reason), (Some(Color::White), EndReason::Rules(Reason::KingCaptured)));
    for color in Color::ALL {
        assert!(r.view(color).events.contains(&Event::End(end)));
    }
}

#[test]
fn hidden_end_no_legal_move_is_a_draw() {
    // Black's rooks and king are walled in by their own pawns, which have nowhere to go.
    let r = referee("8/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/pppppppp/rrrrrrrk", "b - - 0 1");
    let end = r.end().expect("no move");
    assert_eq!((end.winner, end.reason, end.result()), (None, EndReason::Rules(Reason::NoMove), "1/2-1/2"));
}

#[test]
fn hidden_alternative_rule_the_opponent_orders_for_the_player() {
    let mut r = referee_with("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/8/R7", "w - - 0 1", StrikeRule::OpponentOrders);
    assert_eq!(order(&mut r, Color::White, "2b12b2"), Fate::Impossible { strikes: 0 });
    assert_eq!(r.orderer(), Color::Black, "Black now orders for White");
    assert!(r.view(Color::Black).events.contains(&Event::OrderForOpponent));
    assert!(r.order(Color::White, "2a12a2").is_err(), "not White's turn to order");
    // Black sees the Mirror world: an order there is checked as a move.
    assert!(matches!(order(&mut r, Color::Black, "2a12b2"), Fate::Refused(_)));
    // Impossible in the Real world, which Black cannot see: White orders again.
    assert_eq!(order(&mut r, Color::Black, "1e11e3"), Fate::Impossible { strikes: 0 });
    assert_eq!(r.orderer(), Color::White);
    let _ = r.view(Color::White);
    assert_eq!(order(&mut r, Color::White, "2b12b2"), Fate::Impossible { strikes: 0 });
    assert_eq!(r.orderer(), Color::Black, "White's impossible order hands the choice over again");
    let fate = order(&mut r, Color::Black, "2a12a5");
    assert!(matches!(fate, Fate::Played(_)));
    assert!(r.view(Color::White).events.iter().any(|e| matches!(e, Event::MovedForYou(_))));
    assert_eq!((r.side_to_move(), r.orderer(), r.strikes(Color::White)), (Color::Black, Color::Black, 0));
}

#[test]
fn hidden_nothing_else_leaks_a_view_never_shows_an_unseen_enemy() {
    let v = variant("lookingglass", &[]);
    let mut r = Referee::new(position(&v, &v.start_fen), StrikeRule::Strikes).unwrap();
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        if r.end().is_some() {
            break;
        }
        let by = r.orderer();
        let mut moves = Vec::new();
        let mut pos = r.position().clone();
        vorpal::movegen::legal(&vorpal::rules::LookingGlass, &mut pos, &mut moves);
        let mv = moves[rng.below(moves.len())];
        let text = format!(
            "{}{}{}",
            v.geometry.square_name(mv.from()),
            v.geometry.square_name(vorpal::geometry::Square::new(
                mv.from().layer(),
                match mv.rook() {
                    Some((rook, _)) => rook.cell(),
                    None => mv.to().cell(),
                }
            )),
            mv.promotion().map(|p| v.pieces[p.index()].letter.to_ascii_lowercase().to_string()).unwrap_or_default()
        );
        assert!(matches!(order(&mut r, by, &text), Fate::Played(_)), "{text}");
        for color in Color::ALL {
            let view = r.view(color);
            let unseen = view.board.split('|').nth(1 - color.index()).unwrap().to_string();
            let enemy = |c: char| if color == Color::White { c.is_ascii_lowercase() } else { c.is_ascii_uppercase() };
            assert!(!unseen.chars().any(enemy), "{color:?} sees an enemy in the other world: {}", view.board);
        }
    }
}
