//! Whole-search tests: mates, tactics, draws, limits, stopping, MultiPV and strength.

use super::*;
use crate::rules::fen::parse_position;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Square};

fn pos(fen: &str) -> Chess {
    parse_position(fen, CastlingMode::Standard).unwrap()
}

fn search(fen: &str, limits: Limits) -> SearchResult {
    Engine::new(4).search(
        &pos(fen),
        &[],
        &limits,
        &SearchControl::default(),
        &mut Silent,
    )
}

fn uci(m: Move) -> String {
    UciMove::from_standard(m).to_string()
}

#[test]
fn finds_mate_in_one() {
    let result = search("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Limits::depth(3));
    assert_eq!(result.score, Score::mate_in(1));
    assert_eq!(result.best_move.unwrap().to(), Square::A8);
}

#[test]
fn finds_mate_in_two_and_three() {
    // Mate in 2: 1. Kb6 Kb8 2. Rh8#.
    let r = search("k7/8/2K5/8/8/8/8/7R w - - 0 1", Limits::depth(6));
    assert_eq!(r.score.mate_moves(), Some(2), "{:?}", r.pv);
    // Mate in 3 (Lasker): queen sacrifice.
    let r = search(
        "r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 0",
        Limits::depth(8),
    );
    let pv: Vec<String> = r.pv.iter().map(|m| uci(*m)).collect();
    assert_eq!(r.score.mate_moves(), Some(3), "{pv:?}");
    assert_eq!(pv.len(), 5, "{pv:?}");
}

#[test]
fn reports_being_mated_and_no_move_positions() {
    // Checkmated: no move, mated score.
    let r = search("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Limits::depth(3));
    assert_eq!(r.best_move, None);
    assert_eq!(r.score, Score::mated_in(0));
    // Stalemate: no move, draw.
    let r = search("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Limits::depth(3));
    assert_eq!((r.best_move, r.score), (None, Score::DRAW));
    // Mate in one against us shows as a negative mate.
    let r = search("6k1/8/8/8/8/1r6/r7/7K w - - 0 1", Limits::depth(4));
    assert_eq!(r.score, Score::mated_in(2));
    assert_eq!(r.score.mate_moves(), Some(-1));
}

#[test]
fn avoids_stalemate_when_winning() {
    // Qf7?? / Qg6?? stalemate; any sensible move keeps winning.
    let r = search("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", Limits::depth(5));
    let m = r.best_move.unwrap();
    let mut after = pos("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    after.play_unchecked(m);
    assert!(
        !after.legal_moves().is_empty() || after.is_check(),
        "{} stalemates",
        uci(m)
    );
    assert!(r.score.0 > 500, "{}", r.score);
}

#[test]
fn wins_a_piece() {
    // Knight fork of king and queen.
    let r = search("3q3k/8/8/4N3/8/8/8/4K3 w - - 0 1", Limits::depth(4));
    assert_eq!(uci(r.best_move.unwrap()), "e5f7", "{:?}", r.pv);
    // Take the hanging rook.
    let r = search("4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1", Limits::depth(4));
    assert_eq!(uci(r.best_move.unwrap()), "d2d5");
    // Don't take a defended pawn with the queen.
    let r = search("4k3/2p5/3p4/8/8/8/8/3QK3 w - - 0 1", Limits::depth(4));
    assert_ne!(uci(r.best_move.unwrap()), "d1d6");
}

#[test]
fn scores_repetition_and_fifty_moves_as_draws() {
    // A position already seen in the game history: repeating it is a draw.
    let start = Chess::default();
    let key = position_key(&start);
    let mut after_nf3 = start.clone();
    after_nf3.play_unchecked(
        UciMove::from_ascii(b"g1f3")
            .unwrap()
            .to_move(&start)
            .unwrap(),
    );
    let mut after_nf6 = after_nf3.clone();
    after_nf6.play_unchecked(
        UciMove::from_ascii(b"g8f6")
            .unwrap()
            .to_move(&after_nf3)
            .unwrap(),
    );
    let mut after_ng1 = after_nf6.clone();
    after_ng1.play_unchecked(
        UciMove::from_ascii(b"f3g1")
            .unwrap()
            .to_move(&after_nf6)
            .unwrap(),
    );
    let history = [key, position_key(&after_nf3), position_key(&after_nf6)];
    // Black, down material, could repeat with Ng8 back to the start position: offer it a
    // position where it is losing so it wants the draw.
    let r = Engine::new(1).search(
        &after_ng1,
        &history,
        &Limits {
            search_moves: vec![
                UciMove::from_ascii(b"f6g8")
                    .unwrap()
                    .to_move(&after_ng1)
                    .unwrap(),
            ],
            ..Limits::depth(3)
        },
        &SearchControl::default(),
        &mut Silent,
    );
    assert_eq!(r.score, Score::DRAW);
    // Fifty-move rule: a won KQK at halfmove 99 is a draw after any non-capture.
    let r = search("7k/8/8/8/8/8/8/1Q4K1 w - - 99 120", Limits::depth(3));
    assert_eq!(r.score, Score::DRAW);
    // Insufficient material is a draw.
    let r = search("7k/8/8/8/8/8/8/N5K1 w - - 0 1", Limits::depth(4));
    assert_eq!(r.score, Score::DRAW);
}

#[test]
fn node_depth_and_time_limits_return() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10";
    let r = search(fen, Limits::nodes(5_000));
    assert!(r.best_move.is_some());
    assert!(r.nodes < 5_000 + 100, "{}", r.nodes);
    let r = search(fen, Limits::depth(2));
    assert_eq!(r.depth, 2);
    let r = search(fen, Limits::movetime(Duration::from_millis(50)));
    assert!(r.best_move.is_some() && r.depth >= 1);
    let r = search(
        fen,
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(300),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        },
    );
    assert!(r.best_move.is_some());
}

/// An infinite search of the start position by `engine`, stopped from another thread.
fn stopped_from_another_thread(engine: &mut Engine) -> SearchResult {
    let control = SearchControl::default();
    let stopper = control.clone();
    let handle = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        stopper.stop.stop();
    });
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let r = engine.search(&Chess::default(), &[], &limits, &control, &mut Silent);
    handle.join().unwrap();
    r
}

#[test]
fn stop_flag_from_another_thread_stops_an_infinite_search() {
    let r = stopped_from_another_thread(&mut Engine::new(4));
    assert!(r.best_move.is_some());
    assert!(r.depth >= 1);
}

#[test]
fn multipv_and_searchmoves() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut infos = Vec::new();
    struct Collect<'a>(&'a mut Vec<SearchInfo>);
    impl Observer for Collect<'_> {
        fn on_info(&mut self, info: &SearchInfo) {
            self.0.push(info.clone());
        }
    }
    let limits = Limits {
        multipv: 3,
        ..Limits::depth(4)
    };
    let r = Engine::new(4).search(
        &pos(fen),
        &[],
        &limits,
        &SearchControl::default(),
        &mut Collect(&mut infos),
    );
    assert_eq!(r.lines.len(), 3);
    let firsts: Vec<Move> = r.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert!(r.lines.windows(2).all(|w| w[0].score >= w[1].score));
    assert!(infos.iter().any(|i| i.multipv == 3 && i.depth == 4));
    let only = UciMove::from_ascii(b"a2a3")
        .unwrap()
        .to_move(&pos(fen))
        .unwrap();
    let r = search(
        fen,
        Limits {
            search_moves: vec![only],
            ..Limits::depth(3)
        },
    );
    assert_eq!(r.best_move, Some(only));
}

#[test]
fn strength_limit_is_weaker_but_reproducible_and_sane() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let weak = Limits {
        strength: Some(Strength::from_level(Level::new(1).unwrap()).with_seed(3)),
        ..Limits::default()
    };
    let a = search(fen, weak.clone());
    let b = search(fen, weak.clone());
    assert_eq!(a.best_move, b.best_move);
    assert!(a.nodes < 5_000, "{}", a.nodes);
    // Even the weakest level takes a queen hanging for free... most of the time; it never
    // plays an illegal or null move.
    let r = search("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", weak);
    assert!(r.best_move.is_some());
    // Across seeds, a weak level varies its choice in a quiet opening position.
    let choices: std::collections::HashSet<_> = (0..12)
        .map(|seed| {
            search(
                fen,
                Limits {
                    strength: Some(Strength::from_elo(1200).with_seed(seed)),
                    ..Limits::default()
                },
            )
            .best_move
        })
        .collect();
    assert!(choices.len() > 1);
}

fn threaded(threads: usize) -> Engine {
    let mut engine = Engine::new(4);
    engine.set_threads(threads);
    engine
}

#[test]
fn threads_find_the_same_mates_and_tactics() {
    let mut engine = threaded(3);
    assert_eq!(engine.threads(), 3);
    let control = SearchControl::default();
    let r = engine.search(
        &pos("k7/8/2K5/8/8/8/8/7R w - - 0 1"),
        &[],
        &Limits::depth(10),
        &control,
        &mut Silent,
    );
    assert_eq!(r.score.mate_moves(), Some(2), "{:?}", r.pv);
    let r = engine.search(
        &pos("3q3k/8/8/4N3/8/8/8/4K3 w - - 0 1"),
        &[],
        &Limits::depth(6),
        &control,
        &mut Silent,
    );
    assert_eq!(uci(r.best_move.unwrap()), "e5f7", "{:?}", r.pv);
    assert!(r.depth >= 6, "{}", r.depth);
}

#[test]
fn threads_obey_limits_and_the_stop_flag() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10";
    let mut engine = threaded(2);
    let control = SearchControl::default();
    let mut run = |limits: Limits| engine.search(&pos(fen), &[], &limits, &control, &mut Silent);
    // Helpers search past the depth limit, but the answer is of the depth asked for.
    for _ in 0..3 {
        let r = run(Limits::depth(5));
        assert!(r.depth == 5 && r.best_move.is_some(), "{}", r.depth);
    }
    // The node limit counts every thread's nodes: the search ends soon after the team's
    // total reaches it (how soon depends on how the threads are scheduled).
    let r = run(Limits::nodes(20_000));
    assert!(r.best_move.is_some());
    assert!(r.nodes >= 20_000, "{}", r.nodes);
    let r = run(Limits::movetime(Duration::from_millis(50)));
    assert!(r.best_move.is_some());
    let r = stopped_from_another_thread(&mut engine);
    assert!(r.best_move.is_some() && r.depth >= 1);
}

#[test]
fn one_thread_searches_the_same_nodes_whatever_the_engine_ran_before() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let fresh = search(fen, Limits::depth(7));
    let mut engine = threaded(3);
    engine.search(
        &pos(fen),
        &[],
        &Limits::depth(5),
        &SearchControl::default(),
        &mut Silent,
    );
    engine.set_threads(1);
    engine.clear();
    let again = engine.search(
        &pos(fen),
        &[],
        &Limits::depth(7),
        &SearchControl::default(),
        &mut Silent,
    );
    assert_eq!((fresh.nodes, fresh.pv), (again.nodes, again.pv));
}

#[test]
fn a_clock_with_nothing_left_answers_from_depth_one() {
    for threads in [1, 2] {
        for time in [0, 1, 5, 20] {
            let limits = Limits {
                clock: Some(Clock {
                    time: Duration::from_millis(time),
                    increment: Duration::ZERO,
                    moves_to_go: None,
                }),
                ..Limits::default()
            };
            let r = threaded(threads).search(
                &Chess::default(),
                &[],
                &limits,
                &SearchControl::default(),
                &mut Silent,
            );
            assert!(r.best_move.is_some(), "{time} ms");
            assert_eq!(r.depth, 1, "{time} ms on {threads} threads");
        }
    }
}
