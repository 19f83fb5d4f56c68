//! chessbot: a library that sees, thinks and plays chess.
//!
//! The binary `chessbot` is a thin layer over these modules:
//! - [`rules`]: validated FEN parsing and perft on top of shakmaty.

#![warn(missing_docs)]

pub mod rules;
