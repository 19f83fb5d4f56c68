//! Chess variants played on top of shakmaty's bitboards and attack tables.
//!
//! A variant's position implements [`crate::game::GamePosition`] (rules, notation, endings)
//! and [`crate::search::SearchPosition`] (for our engine); [`crate::players::Variant`] ties the
//! two together, and from there games, players, matches, `play`, `bestmove` and `perft` are
//! the same code for every variant.
//!
//! - [`alice`]: Alice chess, the two-board variant where every move crosses to the other board.

pub mod alice;
