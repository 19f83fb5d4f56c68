//! Training tools: they make data and fit the weights that the engine ships with, and are not
//! part of what plays.
//!
//! They sit above [`crate::search`] and [`crate::uci`] (data generation drives external UCI
//! engines), so nothing in `rules`, `search` or `game` imports them.
//! - [`nnue`]: training positions from engine self-play, their file format, and fitting the
//!   evaluation network.
//! - [`texel`]: Texel tuning of the hand-written evaluation's weights, and writing them back as
//!   Rust source.

pub mod nnue;
pub mod texel;
