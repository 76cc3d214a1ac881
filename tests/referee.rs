//! One test per clause of the hidden-information Looking-Glass referee's rules, named after it.

mod common;

use common::*;
use vorpal::notation::lgp::order_text;
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
    r.variant().geometry().parse_square(name).unwrap()
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
fn hidden_no_shortening_of_knights_kings_and_pawns_except_the_double_step() {
    // Knight on 2b1 with its own pawn on 2c3 and an enemy pawn on 2a3; king on 2e4 in the Mirror world.
    let board2 = "8/8/8/8/4K3/p1P5/8/1N6";
    let cases = [
        ("2b12c3", "a knight onto its own piece is not stopped short"),
        ("2e42e6", "a king has no two-square move to be shortened"),
        ("2c32c5", "a pawn's double step only from its start rank"),
    ];
    for (text, why) in cases {
        let mut r = referee("4k3/8/8/8/8/8/8/8", board2, "w - - 0 1");
        assert_eq!(order(&mut r, Color::White, text), Fate::Impossible { strikes: 1 }, "{text}: {why}");
    }
    let mut r = referee("4k3/8/8/8/8/8/8/8", board2, "w - - 0 1");
    let Fate::Played(p) = order(&mut r, Color::White, "2b12a3") else { panic!() };
    assert!(!p.shortened() && p.captured.is_some(), "a knight's capture is carried out whole");
}

#[test]
fn hidden_castling_king_and_rook_each_stay_or_transfer() {
    // The rook's twin 2f1 is taken: the king passes to 2g1, the rook stays on 1f1.
    let mut r = referee("4k3/8/8/8/8/8/8/4K2R", "8/8/8/8/8/8/8/5n2", "w H - 0 1");
    let Fate::Played(p) = order(&mut r, Color::White, "1e11h1") else { panic!() };
    assert_eq!((p.landed, p.rook), (square(&r, "2g1"), Some(square(&r, "1f1"))));
    // The king's twin 2g1 is taken: the king stays, the rook passes.
    let mut r = referee("4k3/8/8/8/8/8/8/4K2R", "8/8/8/8/8/8/8/6n1", "w H - 0 1");
    let Fate::Played(p) = order(&mut r, Color::White, "1e11h1") else { panic!() };
    assert_eq!((p.landed, p.rook), (square(&r, "1g1"), Some(square(&r, "2f1"))));
}

#[test]
fn hidden_en_passant_only_in_ones_own_world() {
    // White's double step on board 1 passes Black's pawn on 1d4 (White's world, Black's other
    // world): Black cannot take it there blind.
    let after = play("lookingglass", &fen("4k3/8/8/8/3p4/8/4P3/4K3", "8/8/8/8/8/8/8/8", "w - - 0 1"), "1e22e4");
    let v = variant("lookingglass", &[]);
    let mut r = Referee::new(position(&v, &after), StrikeRule::Strikes).unwrap();
    assert_eq!(order(&mut r, Color::Black, "1d41e3"), Fate::Impossible { strikes: 1 });
    // Black's double step in his own world, beside a white pawn there: White sees nothing of it,
    // but Black, in his world, may take White's double step en passant.
    let after = play("lookingglass", &fen("4K3/8/8/8/8/8/8/8", "4k3/3p4/8/4P3/8/8/8/8", "b - - 0 1"), "2d71d5");
    let mut r = Referee::new(position(&v, &after), StrikeRule::Strikes).unwrap();
    assert_eq!(order(&mut r, Color::White, "2e52d6"), Fate::Impossible { strikes: 1 }, "blind for White");
    // White's pawn double-steps in the Mirror world (blind, carried out) and passes Black's
    // pawn there: Black, who sees that world, takes it en passant.
    let mut r = referee("8/8/8/8/8/8/8/4K3", "4k3/8/8/8/4p3/8/3P4/8", "w - - 0 1");
    assert!(matches!(order(&mut r, Color::White, "2d22d4"), Fate::Played(_)));
    // The view's en-passant square is the one its player may take: Black's, not White's.
    assert_eq!(r.view(Color::White).en_passant, None, "White's own double step is not his to take");
    assert_eq!(r.view(Color::Black).en_passant, Some(square(&r, "2d3")), "Black may take it");
    let fate = order(&mut r, Color::Black, "2e42d3");
    assert!(matches!(fate, Fate::Played(_)), "Black sees board 2, where the pawn stands: {fate:?}");
}

#[test]
fn hidden_end_the_fifty_move_rule_and_repetition_draw() {
    let mut r = referee("4k3/8/8/8/8/8/8/R3K3", EMPTY, "w - - 99 80");
    order(&mut r, Color::White, "1a11a2");
    assert_eq!(r.end().map(|e| e.reason), Some(EndReason::Rules(Reason::FiftyMoves)));
    let mut r = referee("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/8/8", "w - - 0 1");
    let shuffle =
        [("1e11e2", Color::White), ("1e81e7", Color::Black), ("2e22e1", Color::White), ("2e72e8", Color::Black)];
    for _ in 0..2 {
        for (text, by) in shuffle {
            if r.end().is_none() {
                order(&mut r, by, text);
            }
        }
    }
    assert_eq!(r.end().map(|e| (e.winner, e.reason)), Some((None, EndReason::Rules(Reason::Repetition))));
}

/// Checks a view against the truth: the player's own world exactly, its own pieces in the
/// other, `?` for everything else there, its own strikes, and only events it may hear.
fn check_view(r: &mut Referee, color: Color, ordered: bool, rule: StrikeRule) {
    let truth = r.position().to_fen();
    let true_boards: Vec<String> = truth.split(' ').next().unwrap().split('|').map(expand).collect();
    let view = r.view(color);
    let seen: Vec<String> = view.board.split('|').map(expand).collect();
    let own = color.index();
    assert_eq!(seen[own], true_boards[own], "{color:?}'s own world");
    let mine = |c: char| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == (color == Color::White);
    for (s, t) in seen[1 - own].chars().zip(true_boards[1 - own].chars()) {
        match s {
            '?' => assert!(!mine(t), "{color:?}'s own piece hidden from it"),
            '/' => assert_eq!(t, '/'),
            c => assert!(mine(c) && c == t, "{color:?} is shown '{c}' where '{t}' stands"),
        }
    }
    assert_eq!(view.strikes, r.strikes(color));
    for event in &view.events {
        match event {
            Event::Order(_) => assert!(ordered, "{color:?} hears of an order it did not give"),
            Event::MovedForYou(_) | Event::OrderForOpponent => assert_eq!(rule, StrikeRule::OpponentOrders),
            Event::Arrival { arrived, attacks, .. } => {
                let unseen = vorpal::referee::world(color.flip());
                assert_eq!(arrived.square.layer(), unseen, "{color:?} is told of an arrival it saw");
                assert!(attacks.iter().all(|s| s.square.layer() == unseen));
            }
            Event::Captured(_) | Event::End(_) => {}
        }
    }
}

/// A FEN board with its empty runs written out as dots.
fn expand(board: &str) -> String {
    board.chars().map(|c| c.to_digit(10).map_or(c.to_string(), |n| ".".repeat(n as usize))).collect()
}

#[test]
fn hidden_leak_test_every_view_holds_only_what_its_player_may_know() {
    let v = variant("lookingglass", &[]);
    let mut rng = Rng::new(11);
    for game in 0..12 {
        let rule = if game % 2 == 0 { StrikeRule::Strikes } else { StrikeRule::OpponentOrders };
        let (w, b) = (rng.below(960) as u32, rng.below(960) as u32);
        let start = vorpal::rules::chess960::setup_fen(&v.start_fen, w, b).unwrap();
        let mut r = Referee::new(position(&v, &start), rule).unwrap();
        for _ in 0..300 {
            if r.end().is_some() {
                break;
            }
            let by = r.orderer();
            let mut pos = r.position().clone();
            let mut moves = Vec::new();
            vorpal::movegen::legal(&vorpal::rules::LookingGlass, &mut pos, &mut moves);
            // One order in four is a blind guess that may well be impossible.
            let text = if rng.below(4) == 0 {
                let g = &v.geometry();
                let layer = vorpal::referee::world(by.flip());
                let from = vorpal::geometry::Square::new(layer, vorpal::geometry::Cell::new(rng.below(64) as u8));
                let to = vorpal::geometry::Square::new(layer, vorpal::geometry::Cell::new(rng.below(64) as u8));
                format!("{}{}", g.square_name(from), g.square_name(to))
            } else {
                order_text(&v, moves[rng.below(moves.len())])
            };
            r.order(by, &text).unwrap();
            for color in Color::ALL {
                check_view(&mut r, color, color == by, rule);
            }
        }
    }
}
