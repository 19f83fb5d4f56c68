//! One test per rule of the variant, each a position with its exact legal move list.
//!
//! Every list below was worked out by hand from the rule it tests and agrees with Fairy-Stockfish's
//! Alice build (`pyffish-alice` 0.0.3); `tests/data/alice/pyffish_movelists.txt` holds many more.

use super::{Alice, AliceFenError, BoardId};
use crate::game::{GamePosition, GameResult, Termination};
use crate::variant::alice::notation::uci;
use shakmaty::{Color, Square};

fn pos(fen: &str) -> Alice {
    Alice::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(fen: &str) -> String {
    let mut list: Vec<String> = pos(fen).legal_moves().iter().map(uci).collect();
    list.sort();
    list.join(" ")
}

#[test]
fn start_is_the_usual_array_on_a_with_b_empty() {
    let start = Alice::default();
    assert_eq!(start.on_b(), shakmaty::Bitboard::EMPTY);
    assert_eq!(start.turn(), Color::White);
    assert_eq!(
        start.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        moves("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4"
    );
}

#[test]
fn a_move_is_made_on_its_own_board_then_transferred() {
    let start = Alice::default();
    let after = start.played(&start.parse_uci("g1f3").unwrap());
    assert_eq!(after.board_of(Square::F3), Some(BoardId::B));
    assert_eq!(after.board_of(Square::G1), None);
    // And back: a piece on B arrives on A.
    let back = after.played(&after.parse_uci("g8f6").unwrap()).played(
        &Alice::from_fen("rnbqkb1r/pppppppp/5|n2/8/8/5|N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2")
            .unwrap()
            .parse_uci("f3g1")
            .unwrap(),
    );
    assert_eq!(back.board_of(Square::G1), Some(BoardId::A));
}

#[test]
fn sliders_pass_squares_occupied_only_on_the_other_board_but_cannot_land_there() {
    // Rook a1 on A: black pieces on B at a3 and a5 are invisible to it but block a3 and a5 as
    // destinations; the knight on A at d1 is captured on A. King e1: f2 is attacked by the
    // knight on A.
    assert_eq!(
        moves("4k3/8/8/|p7/8/|b7/8/R2nK3 w - - 0 1"),
        "a1a2 a1a4 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1"
    );
}

#[test]
fn check_comes_only_from_the_kings_own_board() {
    // The rook on B does not check the king on A, but the king cannot arrive on e2 of B.
    let p = pos("4|r2k/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!p.is_check());
    assert_eq!(
        moves("4|r2k/8/8/8/8/8/8/4K3 w - - 0 1"),
        "e1d1 e1d2 e1f1 e1f2"
    );
}

#[test]
fn check_is_parried_by_capture_king_move_or_a_piece_arriving_from_the_other_board() {
    // Rook e8 on A checks e1 on A. Ra8xe8 captures; the knight on B arrives on A at e2 or e4
    // and blocks; the bishop on A cannot block (it would leave for B).
    let fen = "R3r3/8/8/7k/2B5/2|N5/8/4K3 w - - 0 1";
    assert!(pos(fen).is_check());
    assert_eq!(moves(fen), "a8e8 c3e2 c3e4 e1d1 e1d2 e1f1 e1f2");
    // In check, castling is gone and pieces leaving A cannot block.
    assert_eq!(
        moves("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
        "e1d1 e1d2 e1f1 e1f2"
    );
}

#[test]
fn a_piece_may_not_expose_its_king_on_its_own_board() {
    // The knight on A shields the king on A from the rook on A: it cannot move (it would leave
    // A); the king itself may step aside.
    assert_eq!(
        moves("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1"),
        "e1d1 e1d2 e1f1 e1f2"
    );
}

#[test]
fn a_king_may_not_move_to_a_square_attacked_on_its_departure_board() {
    // d1 and d2 are attacked on A (rook d8 on A), f1 and f2 on B where the king would arrive.
    assert_eq!(moves("3r1|r1k/8/8/8/8/8/8/4K3 w - - 0 1"), "e1e2");
    // Computed on A after the move: f1 is attacked through the square the king left.
    assert_eq!(moves("7k/8/8/8/8/8/8/r3K3 w - - 0 1"), "e1d2 e1e2 e1f2");
}

#[test]
fn pawn_steps_need_the_right_squares_empty_and_capture_only_on_their_board() {
    // c2: both steps; c2xb3 is impossible (b3's piece is on B). d2: d3 only (d4 is taken on B).
    // e2: no single step (e3 taken on B) but the double step passes e3 (empty on A) to e4.
    // e2xf3 and g2xf3 capture the knight on A. The king h1 has no move (g1, h2: knight f3).
    assert_eq!(
        moves("7k/8/8/8/3|r4/1|b2|nn2/2PPP1P1/7K w - - 0 1"),
        "c2c3 c2c4 d2d3 e2e4 e2f3 g2f3 g2g3 g2g4"
    );
}

#[test]
fn promotion_on_the_pawns_board_with_the_new_piece_arriving_on_the_other() {
    // The pawn on B promotes on b8 or by taking c8 (on B); a8's rook is on A, out of reach.
    let fen = "r1|n4k/1|P6/8/8/8/8/8/7K w - - 0 1";
    assert_eq!(
        moves(fen),
        "b7b8b b7b8n b7b8q b7b8r b7c8b b7c8n b7c8q b7c8r h1g1 h1g2 h1h2"
    );
    let p = pos(fen);
    let after = p.played(&p.parse_uci("b7c8q").unwrap());
    assert_eq!(
        after.piece_at(Square::C8),
        Some((shakmaty::Role::Queen.of(Color::White), BoardId::A))
    );
}

#[test]
fn there_is_no_en_passant() {
    let p = pos("4k3/3p4/8/4|P3/8/8/8/4K3 b - - 0 1");
    let after = p.played(&p.parse_uci("d7d5").unwrap());
    assert_eq!(after.to_fen(), "4k3/8/8/3|p|P3/8/8/8/4K3 w - - 0 2");
    let mut list: Vec<String> = after.legal_moves().iter().map(uci).collect();
    list.sort();
    assert_eq!(list.join(" "), "e1d1 e1d2 e1e2 e1f1 e1f2 e5e6");
    assert!(matches!(
        Alice::from_fen("4k3/8/8/3|p|P3/8/8/8/4K3 w - d6 0 2"),
        Err(AliceFenError::EnPassant(_))
    ));
}

#[test]
fn castling_is_played_on_a_and_both_pieces_arrive_on_b() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        moves(fen),
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 \
         h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"
    );
    let p = pos(fen);
    let after = p.played(&p.parse_uci("e1g1").unwrap());
    assert_eq!(after.to_fen(), "r3k2r/8/8/8/8/8/8/R4|R|K1 b kq - 1 1");
}

#[test]
fn castling_needs_the_arrival_squares_empty_on_b_but_not_the_others() {
    // A piece on B at b1 does not stop O-O-O; one on B at g1 (the king's arrival) stops O-O.
    assert_eq!(
        moves("4k3/8/8/8/8/8/8/R|n2K1|nR w KQ - 0 1"),
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1c1 a1d1 e1c1 e1d1 e1f1 e1f2 h1f1 h1h2 h1h3 h1h4 h1h5 \
         h1h6 h1h7 h1h8"
    );
}

#[test]
fn castling_may_not_pass_an_attacked_square_on_a_nor_end_in_check_on_b() {
    // f1 is attacked on A (rook f8 on A): no O-O. d1 is attacked only on B, where the rook (not
    // the king) arrives: O-O-O stands.
    assert_eq!(
        moves("3|rkr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1e2 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 \
         h1h6 h1h7 h1h8"
    );
    // g1 is attacked on B, where the king would arrive: no O-O.
    assert_eq!(
        moves("1k4|r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 h1f1 h1g1 \
         h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"
    );
}

#[test]
fn castling_rights_are_lost_as_in_chess() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let rook_moved = p.played(&p.parse_uci("h1h2").unwrap());
    assert_eq!(rook_moved.to_fen(), "r3k2r/8/8/8/8/8/7|R/R3K3 b Qkq - 1 1");
    let rook_taken = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    let rook_taken = rook_taken.played(&rook_taken.parse_uci("a8a1").unwrap());
    assert_eq!(rook_taken.to_fen(), "4k2r/8/8/8/8/8/8/|r3K2R w Kk - 0 2");
    let king_moved = p.played(&p.parse_uci("e1e2").unwrap());
    assert_eq!(king_moved.to_fen(), "r3k2r/8/8/8/8/8/4|K3/R6R b kq - 1 1");
}

#[test]
fn checkmate_wins_and_stalemate_draws() {
    // Queen a6 on A checks a8 on A and covers a7 and b7 there; b8 is covered on B by the rook.
    let mate = pos("k6|R/8/Q7/8/8/8/8/7K b - - 0 1");
    assert!(mate.is_checkmate());
    assert_eq!(
        mate.end_by_rules(&[]),
        Some(GameResult::new(Some(Color::White), Termination::Checkmate))
    );
    // The queen on B covers a7, b7 and b8 there, but gives no check to the king on A.
    let stalemate = pos("k7/8/1|Q6/8/8/8/8/7K b - - 0 1");
    assert!(stalemate.is_stalemate());
    assert_eq!(
        stalemate.end_by_rules(&[]),
        Some(GameResult::new(None, Termination::Stalemate))
    );
}

/// How the rules end the game after `moves` (UCI) from `start`, with the history of keys.
fn end_after(start: Alice, moves: &[&str]) -> Option<Termination> {
    let mut pos = start;
    let mut keys = Vec::new();
    for m in moves {
        assert_eq!(pos.end_by_rules(&keys), None, "before {m}");
        let mv = pos.parse_uci(m).unwrap();
        keys.push(GamePosition::key(&pos));
        pos = pos.played(&mv);
    }
    pos.end_by_rules(&keys).map(|r| r.termination)
}

#[test]
fn fifty_moves_draw() {
    let start = pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(end_after(start, &["a1a2"]), Some(Termination::FiftyMoves));
}

#[test]
fn threefold_repetition_counts_the_board_of_each_piece() {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let twice: Vec<&str> = shuffle.iter().chain(&shuffle).copied().collect();
    assert_eq!(
        end_after(Alice::default(), &twice),
        Some(Termination::Repetition)
    );
    // The same squares with a piece on the other board are another position.
    assert_ne!(
        pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").key(),
        pos("4k3/8/8/8/8/8/8/|R3K3 w - - 0 1").key()
    );
}

#[test]
fn insufficient_material_follows_chess() {
    for fen in [
        "k7/8/8/8/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/KN6 w - - 0 1",
        "k7/8/8/8/8/8/8/K1|B5 w - - 0 1",
        "kb6/8/8/8/8/8/8/K1B5 w - - 0 1",
    ] {
        assert!(pos(fen).is_insufficient_material(), "{fen}");
        assert_eq!(
            pos(fen).end_by_rules(&[]).map(|r| r.termination),
            Some(Termination::InsufficientMaterial)
        );
    }
    for fen in [
        "k1b5/8/8/8/8/8/8/K1B5 w - - 0 1",
        "kn6/8/8/8/8/8/8/KN6 w - - 0 1",
        "k7/8/8/8/8/8/8/KNN5 w - - 0 1",
        "k7/8/8/8/8/8/1|P6/K7 w - - 0 1",
    ] {
        assert!(!pos(fen).is_insufficient_material(), "{fen}");
    }
}

#[test]
fn no_square_ever_holds_two_pieces_and_bad_fens_are_refused() {
    let err = |fen: &str| Alice::from_fen(fen).unwrap_err().to_string();
    assert!(err("4k3/8/8/8/8/8/8/4K2| w - - 0 1").contains("'|' in rank 1"));
    assert!(err("4k3/8/8/8/8/8/8/4K|3 w - - 0 1").contains("'|' in rank 1"));
    assert!(err("4k3/8/8/8/8/8/8/4KX2 w - - 0 1").contains("bad piece letter 'X'"));
    assert!(err("4k3/8/8/8/8/8/8/4K2 w - - 0 1").contains("7 squares"));
    assert!(err("4k3/8/8/8/8/8/8/8 w - - 0 1").contains("white has 0 kings"));
    assert!(err("4k3/8/8/8/8/8/8/4K|K2 w - - 0 1").contains("white has 2 kings"));
    assert!(err("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").contains("pawn on the first or last rank"));
    assert!(err("4k3/8/8/8/8/8/8/R3|K3 w Q - 0 1").contains("castling right"));
    assert!(err("4k3/8/8/8/8/8/8/|R3K3 w Q - 0 1").contains("castling right"));
    assert!(err("4k3/8/8/8/8/8/8/4K3 w K - 0 1").contains("castling right"));
    assert!(err("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1").contains("not to move is in check"));
    assert!(err("3k4/3K4/8/8/8/8/8/8 w - - 0 1").contains("next to each other"));
    assert!(err("4k3/8/8/8/8/8/8/4K3 w - e3 0 1").contains("no en passant"));
    assert!(err("4k3/8/8/8/8/8/8/4K3 x - - 0 1").contains("side to move"));
    // A rook on B does not check a king on A: a legal position.
    assert!(Alice::from_fen("4k3/4|R3/8/8/8/8/8/4K3 w - - 0 1").is_ok());
}

#[test]
fn san_for_display() {
    let start = Alice::default();
    let san = |p: &Alice, m: &str| p.san(&p.parse_uci(m).unwrap());
    assert_eq!(san(&start, "e2e4"), "e4");
    assert_eq!(san(&start, "g1f3"), "Nf3");
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san(&p, "e1g1"), "O-O");
    assert_eq!(san(&p, "e1c1"), "O-O-O");
    // The rook lands on B: no check to the king on A.
    assert_eq!(san(&p, "a1a8"), "Rxa8");
    let p = pos("r1|n4k/1|P6/8/8/8/8/8/7K w - - 0 1");
    // The queen arrives on A, where it checks h8 along the eighth rank.
    assert_eq!(san(&p, "b7c8q"), "bxc8=Q+");
    let p = pos("k7/8/1Q6/8/8/8/8/|R3K3 w - - 0 1");
    assert_eq!(san(&p, "a1h1"), "Rh1");
    assert!(matches!(
        start.parse_uci("e2e5"),
        Err(super::AliceMoveError::Illegal(_))
    ));
    assert!(matches!(
        start.parse_uci("zz"),
        Err(super::AliceMoveError::Syntax(_))
    ));
}

#[test]
fn san_reads_back_and_reasons_follow_the_boards() {
    let p = pos("r3k2r/pppppppp/8/3|N4/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    for m in p.legal_moves() {
        let text = p.san(&m);
        let san = text.trim_end_matches(['+', '#']).parse().unwrap();
        assert_eq!(p.san_to_move(san), Ok(m), "{text}");
    }
    // The knight on B moves to f6, empty on both boards, but not to e7: it would arrive on A,
    // where a pawn stands.
    assert!(p.reaches(Square::D5, Square::F6));
    assert!(!p.reaches(Square::D5, Square::E7));
    assert!(!p.reaches(Square::D5, Square::D6));
    // A bare king cannot mate; the side with a rook can.
    let rook = pos("k7/8/8/8/8/8/8/KR6 w - - 0 1");
    assert!(rook.has_insufficient_material(Color::Black));
    assert!(!rook.has_insufficient_material(Color::White));
}
