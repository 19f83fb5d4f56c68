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
//! [`Move`](shakmaty::Move)s (`Normal` and `Castle`; Alice has no en passant and no drops).
//!
//! Games, players, matches, `play` and `bestmove` see Alice through
//! [`GamePosition`](crate::game::GamePosition) (implemented in [`game`]) and our engine searches
//! it through [`search`]; only the rules, the notation and the evaluation live here.
//!
//! ```
//! use chessbot::game::GamePosition;
//! use chessbot::variant::alice::Alice;
//! let start = Alice::default();
//! assert_eq!(start.legal_moves().len(), 20);
//! assert_eq!(start.perft(3), 9_384);
//! ```

pub mod diagram;
pub mod eval;
pub mod game;
mod movegen;
pub mod notation;
pub mod position;
pub mod search;

pub use notation::{AliceFenError, AliceMoveError};
pub use position::{Alice, BoardId};

#[cfg(test)]
mod crosscheck_tests;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod rules_tests;
