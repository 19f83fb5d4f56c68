//! Alice for our engine: the same search code ([`crate::search::Engine::search_position`]) on
//! an Alice position, with the Alice evaluation ([`super::eval`]).

use super::eval::evaluate;
use super::position::Alice;
use crate::search::position::SearchPosition;
use crate::search::{Engine, Limits, SearchControl, SearchResult, Silent};
use shakmaty::{Color, Move, MoveList};

/// An Alice position as the searcher sees it, with its key kept alongside.
#[derive(Debug, Clone)]
pub struct AliceSearch {
    pos: Alice,
    key: u64,
}

impl AliceSearch {
    /// Wraps a position.
    pub fn new(pos: Alice) -> AliceSearch {
        let key = pos.key();
        AliceSearch { pos, key }
    }

    /// The wrapped position.
    pub fn position(&self) -> &Alice {
        &self.pos
    }
}

/// Copies moves into the searcher's fixed-size list. Positions from play stay far below its 256
/// moves; a set-up position beyond that would have the excess left out rather than panic.
fn fill(moves: &mut MoveList, from: impl IntoIterator<Item = Move>) {
    for m in from {
        if moves.try_push(m).is_err() {
            break;
        }
    }
}

impl SearchPosition for AliceSearch {
    fn legal_moves(&self, moves: &mut MoveList) {
        fill(moves, self.pos.legal_moves());
    }

    fn tactical_moves(&self, moves: &mut MoveList) {
        fill(
            moves,
            self.pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.is_capture() || m.is_promotion()),
        );
    }

    fn play(&mut self, m: Move) {
        self.pos.play_unchecked(&m);
        self.key = self.pos.key();
    }

    fn null_move(&self) -> Option<Self> {
        if self.pos.is_check() {
            return None;
        }
        let mut pos = self.pos.clone();
        pos.turn = pos.turn.other();
        Some(AliceSearch::new(pos))
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn turn(&self) -> Color {
        self.pos.turn()
    }

    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    fn halfmoves(&self) -> u32 {
        self.pos.halfmoves()
    }

    fn is_insufficient_material(&self) -> bool {
        self.pos.is_insufficient_material()
    }

    fn has_non_pawn_material(&self) -> bool {
        let board = self.pos.board();
        let ours = board.by_color(self.pos.turn());
        (ours & !board.pawns() & !board.kings()).any()
    }

    fn evaluate(&self) -> i32 {
        evaluate(&self.pos)
    }
}

/// Searches an Alice position with our engine; `history` holds the keys ([`Alice::key`]) of the
/// positions before it, oldest first.
///
/// ```
/// use chessbot::search::{Engine, Limits};
/// use chessbot::variant::alice::{Alice, search::best_move};
/// let result = best_move(&mut Engine::new(1), &Alice::default(), &[], &Limits::depth(2));
/// assert!(result.best_move.is_some());
/// ```
pub fn best_move(
    engine: &mut Engine,
    pos: &Alice,
    history: &[u64],
    limits: &Limits,
) -> SearchResult {
    engine.search_position(
        &AliceSearch::new(pos.clone()),
        history,
        limits,
        &SearchControl::default(),
        &mut Silent,
    )
}
