//! Screenshot recognition: from pixels to a placement.
//!
//! - [`geometry`]: where the 8×8 grid is in an image ([`geometry::BoardBox`]) and which square
//!   each image cell shows.
//! - [`inference`]: the square classifier network (a small CNN) read from its weights and run
//!   on plain buffers.
//! - [`unfold`]: 3×3 patch extraction, so that the network's convolutions are matrix products.
//! - [`pool`]: bias, ReLU and 2×2 max-pooling of a convolution's output in one pass.
//! - [`arrows`]: arrows drawn over the board, found and taken off, so that the pieces under
//!   them can be read again without them.
//! - [`classes`]: what a square can hold (empty or one of twelve pieces), in the network's
//!   output order ([`classes::SquareClass`]).
//! - [`classify`]: crops the 64 squares, runs the network in one batch and decides the placement
//!   ([`classify::Classifier`], [`classify::BoardGuess`]).
//! - [`sprites`]: which squares of one image show the same piece picture (whatever the square
//!   colour or highlight under it).
//! - [`assign`]: one class per group of same-looking squares, chosen for the whole board under
//!   its rules (one king a side, no pawns on the edge ranks, different pictures are different
//!   pieces).
//! - [`input`]: decodes image bytes with size limits.
//! - [`edges`]: whether a located board's outer rows and columns show its square colours (a
//!   board found a square off takes in a strip of the page).
//! - [`locate`]: finds boards in a screenshot (checker corners, lattice, sub-pixel grid fit).
//! - [`labels`]: the coordinate labels drawn on or beside the board, found and read as text.
//! - [`prior`]: how likely a placement is with white at the bottom rather than turned round,
//!   learnt from the positions of games.
//! - [`orient`]: which side is at the bottom (the labels read, else the position prior).
//! - [`turn`]: the side to move from a last-move highlight (two tinted squares).
//! - [`params`]: the tuning parameters of each stage, with their meaning.
//! - [`recognize`]: the whole pipeline, from an image to full FENs ([`recognize::Recognizer`]).
//! - [`annotate`]: the `--debug` picture (grid and labels drawn on the screenshot).
//!
//! The vision module knows nothing of screens or mice; it turns images into placements. Training
//! and benchmarks live in [`crate::training::vision`], which uses this module and never the
//! reverse.

pub mod annotate;
pub mod arrows;
pub mod assign;
pub mod classes;
pub mod classify;
pub mod edges;
pub mod error;
pub mod geometry;
pub mod inference;
pub mod input;
pub mod labels;
pub mod locate;
pub mod orient;
pub mod params;
pub mod pool;
pub mod prior;
pub mod recognize;
pub mod sprites;
mod squares;
pub mod turn;
pub mod unfold;

pub use classes::SquareClass;
pub use classify::{BoardGuess, Classifier};
pub use error::VisionError;
pub use geometry::BoardBox;
