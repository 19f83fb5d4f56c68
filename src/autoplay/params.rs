//! The fixed parameters of autoplay's stages, each with its meaning. The waits a user may
//! change are [`super::session::Settings`]; their defaults are here too.

use std::time::Duration;

/// Pause between screen captures.
pub const POLL: Duration = Duration::from_millis(100);
/// How long the board's pixels must stand still before its reading is acted on: longer than
/// the gap between two frames of a GUI's slide, shorter than a human notices.
pub const SETTLE: Duration = Duration::from_millis(250);
/// A board that has not stood still this long (a GUI that keeps redrawing it) is read on every
/// frame, and acted on when two readings in a row agree.
pub const RESTLESS: Duration = Duration::from_secs(3);
/// How long a still board that no legal move explains is waited out (a dialog, a marker, a
/// half-drawn frame) before the run stops.
pub const TRANSIENT: Duration = Duration::from_secs(3);
/// How long the board may be out of sight before the run stops.
pub const LOST: Duration = Duration::from_secs(5);
/// How long a run looks for a board before it has seen one: time for a GUI to start or for the
/// user to bring its window up.
pub const FIND: Duration = Duration::from_secs(30);
/// How long after a gesture a still board that does not show our move is waited out before
/// the move is entered another way (or the run stops).
pub const VERIFY: Duration = Duration::from_millis(1500);
/// How long we wait for the opponent's move before the run ends (the GUI's engine may have
/// died).
pub const OPPONENT_TIMEOUT: Duration = Duration::from_secs(300);
/// After this long on a still board waiting for a side to move that was only guessed, the run
/// says how to give the side to move.
pub const TURN_HINT: Duration = Duration::from_secs(10);
/// How long a run that was asked to stop still watches the board for the move it entered last,
/// so that the saved game has every move the board shows.
pub const DRAIN: Duration = Duration::from_secs(2);

/// A pixel differs from the last frame's when a channel differs by more than this.
pub const PIXEL_TOLERANCE: u8 = 16;
/// The watched area changed when more than this share of its pixels differ (at least one).
pub const CHANGED_SHARE: f32 = 0.0002;
/// How far (in capture pixels) the pointer may be from where autoplay left it before the user
/// is taken to have moved it.
pub const POINTER_SLACK: i32 = 3;

/// At most this many squares of a reading may differ from the position it is taken for, all
/// of them squares a GUI marks for the last move (see [`super::track::marker_squares`]).
pub const MARKER_MISMATCHES: u32 = 2;
/// A square lies on a last-move arrow when its centre is within this many squares of the line
/// from the start square's centre to the destination's.
pub const ARROW_REACH: f32 = 0.55;

/// A promotion chooser's icon is this many board squares across, at least and at most.
pub const ICON_MIN: f32 = 0.35;
/// See [`ICON_MIN`].
pub const ICON_MAX: f32 = 1.6;
/// Icon boxes wider than tall (or taller than wide) by more than this are not a piece's.
pub const ICON_ASPECT: f32 = 2.2;
/// A chooser icon's piece fills about this share of the box it is read in (as a piece fills
/// its square).
pub const ICON_FILL: f32 = 0.8;
/// A pixel of a changed region is ink (part of an icon or a letter) when a channel differs
/// from the region's background colour by more than this.
pub const INK_CONTRAST: u8 = 48;
/// A pixel changed between the frame before a promotion and the frame after when a channel
/// differs by more than this.
pub const CHOOSER_CHANGE: u8 = 40;
/// A board square is part of a chooser drawn over the board when more than this share of its
/// pixels changed.
pub const CHOOSER_SQUARE_CHANGED: f32 = 0.2;
/// Chooser icons in one row (or column) have centres within this share of an icon's size of
/// one line, and sizes within this share of each other.
pub const CHOOSER_ALIGN: f32 = 0.3;
/// The least probability the classifier must give an icon's piece.
pub const ICON_SURE: f32 = 0.5;
