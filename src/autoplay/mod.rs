//! `autoplay`: watch a chessboard on the screen and play our side with the mouse.
//!
//! The run is a loop over parts, each behind a trait so tests can replay screenshots, drive a
//! simulated GUI and record clicks instead of touching a real screen:
//! [`screen::ScreenSource`] (frames) → [`settle`] (has the board stood still?) →
//! [`reader::BoardReader`] (vision) → tracking ([`track`]: which legal moves explain the board,
//! the marks GUIs draw allowed for) → [`crate::players::Player`] (our choice) →
//! [`input::InputSink`] (the mouse), with [`promotion`] choosers found by their icons and every
//! wait measured on a [`clock::Clock`]. Capture pixels and mouse coordinates are different types
//! ([`geometry`]) so HiDPI scaling is never forgotten. The loop is [`session`]; its fixed
//! parameters are [`params`].
//!
//! Only for boards you are allowed to automate: local GUIs, your own analysis boards, engine
//! testing. Chess sites forbid programmatic moves in their games (the sanctioned route online is
//! the Lichess Bot API).

pub mod clock;
pub mod geometry;
pub mod input;
#[cfg(feature = "autoplay")]
pub mod live;
pub mod params;
pub mod promotion;
pub mod reader;
pub mod screen;
pub mod session;
pub mod settle;
pub mod track;

use std::path::PathBuf;

/// What can go wrong in the autoplay machinery (safety stops are
/// [`session::StopReason`]s, not errors).
#[derive(Debug, thiserror::Error)]
pub enum AutoplayError {
    /// A replay folder or frame could not be read.
    #[error("cannot read replay {path}: {reason}", path = path.display())]
    Replay {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// A finite frame source has no more frames.
    #[error("no more frames")]
    EndOfFrames,
    /// Screen capture failed.
    #[error("screen capture failed: {0}")]
    Capture(String),
    /// The mouse could not be driven.
    #[error("mouse input failed: {0}")]
    Input(String),
    /// The user moved the mouse while we were dragging.
    #[error("the mouse was moved by the user during a drag")]
    UserMovedMouse,
    /// The pointer was pushed into a screen corner.
    #[error("the mouse was pushed into a screen corner")]
    Failsafe,
    /// The player could not choose a move.
    #[error("the player failed: {0}")]
    Player(String),
    /// The board could not be read.
    #[error("vision failed: {0}")]
    Vision(String),
}
