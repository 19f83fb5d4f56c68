//! Random play: never panics, and the position stays well-formed after every move.

use super::{Alice, BoardId};
use crate::game::GamePosition;
use proptest::prelude::*;
use shakmaty::{Color, Move};

/// What must hold in every position reached by legal play.
fn check_invariants(pos: &Alice) {
    // The board-B set only names occupied squares, so no square holds a piece on both boards.
    assert!(pos.on_b().is_subset(pos.board().occupied()));
    assert_eq!(
        pos.occupied_on(BoardId::A) & pos.occupied_on(BoardId::B),
        shakmaty::Bitboard::EMPTY
    );
    for color in Color::ALL {
        assert_eq!(
            pos.board().by_piece(shakmaty::Role::King.of(color)).count(),
            1
        );
    }
    // The side that just moved is never left in check.
    assert!(
        pos.checkers_of(pos.turn().other()).is_empty(),
        "{}",
        pos.to_fen()
    );
    // The FEN round trip is exact.
    assert_eq!(Alice::from_fen(&pos.to_fen()).as_ref(), Ok(pos));
    for m in pos.legal_moves() {
        // A destination is always empty on the board the piece arrives on.
        if let Move::Normal { from, to, .. } = m {
            let arrive = pos.board_of(from).map(BoardId::other);
            assert_ne!(pos.board_of(to), arrive, "{} in {}", m, pos.to_fen());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_play_keeps_the_position_well_formed(choices in prop::collection::vec(any::<u16>(), 1..160)) {
        let mut pos = Alice::default();
        for c in choices {
            check_invariants(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[usize::from(c) % moves.len()];
            let san = pos.san(&m);
            prop_assert!(!san.is_empty());
            pos.play_unchecked(&m);
        }
        // A short perft from wherever play stopped does not panic either.
        let _ = pos.perft(2);
    }

    #[test]
    fn any_text_parses_or_fails_cleanly(text in "[pnbrqkPNBRQK1-8/| wb-]{0,80}") {
        if let Ok(pos) = Alice::from_fen(&text) {
            let _ = pos.legal_moves();
        }
    }
}
