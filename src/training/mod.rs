//! Training and benchmark tools: they make data, fit the weights the binary ships with and
//! measure them, and are not part of what plays or recognises.
//!
//! They sit above [`crate::search`], [`crate::uci`] and [`crate::vision`] (data generation drives
//! external UCI engines; the vision benchmark runs the recognition pipeline), so nothing in
//! `rules`, `search`, `game` or `vision` imports them.
//! - [`nnue`]: training positions from engine self-play, their file format, and fitting the
//!   evaluation network.
//! - [`texel`]: Texel tuning of the hand-written evaluation's weights, and writing them back as
//!   Rust source.
//! - [`vision`]: the board renderer, the square classifier's training data and training, the
//!   benchmark's held-out networks, and the recognition benchmark.

pub mod nnue;
pub mod texel;
pub mod vision;
