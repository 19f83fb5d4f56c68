//! Alice chess: two boards, A and B; every move is played on one board and the piece then
//! passes "through the looking glass" to the same square on the other board.
//!
//! The rules are the mainstream ones, as pychess.org plays them with Fairy-Stockfish's Alice
//! build (see [`position`] for each rule and where it is enforced):
//! - a piece on board X makes a move legal on X alone (pieces on the other board Y are invisible
//!   to it), then moves to the same square on Y, which must be empty there;
//! - a king is in check only from enemy pieces on its own board; after the transfer the mover's
//!   king must not be in check, and a king may not move to a square attacked on its departure
//!   board either;
//! - pawns: a single step needs the square empty on both boards, a double step the passed square
//!   empty on X and the destination empty on both; no en passant;
//! - castling is played on A, king and rook both arrive on B;
//! - checkmate wins; stalemate, the fifty-move rule, threefold repetition (which board each
//!   piece stands on counts) and bare kings draw.
//!
//! The position is one shakmaty [`Board`](shakmaty::Board) holding every piece plus a
//! [`Bitboard`](shakmaty::Bitboard) of the squares whose piece stands on board B: since no square
//! ever holds a piece on both boards, that is the whole state. Moves are shakmaty
//! [`Move`]s (`Normal` and `Castle`; Alice has no en passant and no drops).
//!
//! ```
//! use chessbot::variant::alice::{Alice, perft};
//! let start = Alice::default();
//! assert_eq!(start.legal_moves().len(), 20);
//! assert_eq!(perft(&start, 3), 9_384);
//! ```

pub mod diagram;
pub mod eval;
pub mod game;
mod movegen;
pub mod notation;
pub mod players;
pub mod position;
pub mod record;
pub mod search;

pub use game::{AliceEnd, AliceGame};
pub use notation::{AliceFenError, AliceMoveError};
pub use position::{Alice, BoardId};

use shakmaty::Move;

/// Counts the leaf nodes of the Alice legal move tree `depth` plies deep.
pub fn perft(pos: &Alice, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&pos.played(m), depth - 1)).sum()
}

/// Perft split by root move: each legal move with the leaf count below it.
pub fn divide(pos: &Alice, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let n = perft(&pos.played(&m), depth - 1);
            (m, n)
        })
        .collect()
}

#[cfg(test)]
mod crosscheck_tests;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod rules_tests;
