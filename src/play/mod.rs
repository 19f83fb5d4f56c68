//! `chessbot play`: a chess game in the terminal against our engine or a UCI engine.
//!
//! - [`input`]: what the player types (moves in SAN or UCI, commands);
//! - [`render`]: the board and move list as lines of text (colour or ASCII);
//! - [`session`]: the game in progress (moves, take-backs, endings, clocks);
//! - [`clock`]: time controls and chess clocks;
//! - [`record`]: the game record and PGN.
//!
//! The opponent is any [`crate::players::Player`]. The read-print loop itself is the `play` command (`src/commands/play.rs`).

pub mod clock;
pub mod input;
pub mod record;
pub mod render;
pub mod session;
