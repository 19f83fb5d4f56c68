//! chessbot: a library that sees, thinks and plays chess.
//!
//! The binary `chessbot` is a thin layer over these modules:
//! - [`rules`]: validated FEN parsing and perft on top of shakmaty.
//! - [`play`]: the interactive terminal game (input, rendering, game session, clocks).
//! - [`search`]: our engine (no I/O; limits in, progress to an observer, a move out).
//! - [`players`]: everything that chooses a move, behind one [`players::Player`] trait.
//! - [`variant`]: chess variants on shakmaty bitboards (Alice chess).
//! - [`uci`]: the UCI protocol, `chessbot uci`, and external UCI engines.

#![warn(missing_docs)]

pub mod play;
pub mod players;
pub mod rules;
pub mod search;
pub mod uci;
pub mod variant;
