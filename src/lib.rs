//! chessbot: a library that sees, thinks and plays chess.
//!
//! The binary `chessbot` is a thin layer over these modules:
//! - [`rules`]: validated FEN parsing and perft on top of shakmaty.
//! - [`play`]: the interactive terminal game (input, rendering, game session, clocks).
//! - [`analysis`]: game review with an engine: move classes, accuracy, annotated PGN.
//! - [`book`]: Polyglot opening books (the embedded GNU Chess book, lookup, building).
//! - [`search`]: our engine (no I/O; limits in, progress to an observer, a move out).
//! - [`game`]: game records, how games end, PGN output.
//! - [`matches`](mod@matches): engine-vs-engine matches, statistics (Elo, LOS, SPRT).
//! - [`players`]: everything that chooses a move, behind one [`players::Player`] trait.
//! - [`autoplay`]: play on an on-screen board: screen, vision, tracking, player, mouse.
//! - [`variant`]: chess variants on shakmaty bitboards (Alice chess).
//! - [`uci`]: the UCI protocol, `chessbot uci`, and external UCI engines.
//! - [`vision`]: screenshot recognition, from pixels to a FEN.
//! - [`training`]: training and benchmark tools (NNUE data and training, Texel tuning, board
//!   rendering, the square classifier's training, the recognition benchmark), apart from what
//!   ships.

#![warn(missing_docs)]

pub mod analysis;
pub mod autoplay;
pub mod book;
pub mod game;
pub mod matches;
pub mod play;
pub mod players;
pub mod rules;
pub mod search;
pub mod training;
pub mod uci;
pub mod variant;
pub mod vision;
