//! Training and measuring the networks and tables of [`crate::vision`].
//!
//! - [`render`]: draws boards and whole screenshots from piece sets and board colours (training
//!   and test data), and names the piece sets held out of training.
//! - [`marks`]: last-move marks drawn as shapes on squares (PyChess's star), which the
//!   square network must read as empty.
//! - [`model`]: the square network as candle layers, for training (recognition reads the same
//!   weights with [`crate::vision::inference`]).
//! - [`train`]: trains the network on rendered boards (`chessbot vision train`) and measures it
//!   on held-out piece sets (`chessbot vision eval`).
//! - [`networks`]: the benchmark's networks, trained without the held-out piece sets, read
//!   from files (never compiled in).
//! - [`dataset`]: writes the crops training draws to a file, for trainers outside the binary.
//! - [`glyphs`]: trains the label reader's glyph network on coordinates rendered in many fonts
//!   (`chessbot vision train-glyphs`) and measures it on font families it never saw.
//! - [`prior`]: fits the orientation's position prior to the positions of games
//!   (`chessbot vision fit-prior`).
//! - [`bench`](mod@bench): the recognition benchmark on held-out piece sets (`chessbot vision bench`).
//!
//! Imports run one way: this module uses [`crate::vision`], never the reverse.

pub mod bench;
pub mod dataset;
pub mod glyphs;
pub mod marks;
pub mod model;
pub mod networks;
pub mod prior;
pub mod render;
pub mod train;
