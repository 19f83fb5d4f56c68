//! The tuning parameters of the recognition stages, one module per stage. Each constant says
//! what it means (its units, and which way a larger value moves the stage); the stage's code
//! refers to it by name, so a parameter is changed here and nowhere else.
//!
//! In the order the pipeline ([`crate::vision::recognize`]) runs them: [`locate`] finds the
//! board, [`recognize`] frames a cropped screenshot, [`edges`] checks the box lies on the
//! board, [`arrows`] takes arrows off, [`classify`] reads the squares and groups their
//! pictures ([`sprites`]), [`assign`] gives each group its class, [`orient`] decides which
//! side is at the bottom and [`turn`] reads the side to move off a highlight; [`squares`] is
//! how several of them read the squares' background colours.

pub mod arrows;
pub mod assign;
pub mod classify;
pub mod edges;
pub mod locate;
pub mod orient;
pub mod recognize;
pub mod sprites;
pub mod squares;
pub mod turn;
