//! The rules of chess as this crate uses them: validated FEN input and perft.
//!
//! Move generation itself is shakmaty's; this module is the single door through which outside
//! text becomes a position, so every command reports bad input the same way.

pub mod chess960;
pub mod fen;
pub mod perft;
pub mod pgn;
