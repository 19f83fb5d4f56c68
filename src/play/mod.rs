//! `chessbot play`: a game in the terminal against our engine or a UCI engine, in any variant
//! ([`crate::game::GamePosition`]).
//!
//! - [`input`]: what the player types (moves in SAN or UCI, commands);
//! - [`editor`]: where the lines come from (a line editor on a terminal, or a pipe);
//! - [`render`]: the boards and move list as lines of text (colour or ASCII);
//! - [`session`]: the game in progress (moves, take-backs, endings, clocks), kept in a
//!   [`crate::game::GameRecord`];
//! - [`clock`]: time controls and chess clocks.
//!
//! The opponent is any [`crate::players::Player`]. The read-print loop itself is the `play`
//! command (`src/commands/play.rs`).

pub mod clock;
pub mod editor;
pub mod input;
pub mod render;
pub mod session;
