//! The tuning parameters of the recognition stages, one module per stage. Each constant says
//! what it means (its units, and which way a larger value moves the stage); the stage's code
//! refers to it by name, so a parameter is changed here and nowhere else.

pub mod arrows;
pub mod classify;
pub mod edges;
pub mod locate;
pub mod orient;
pub mod recognize;
pub mod sprites;
pub mod squares;
pub mod turn;
