//! Chess variants played on top of shakmaty's bitboards and attack tables.
//!
//! - [`alice`]: Alice chess, the two-board variant where every move crosses to the other board.

pub mod alice;
