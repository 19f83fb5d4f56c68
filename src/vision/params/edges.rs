//! Parameters of the check that a located box lies on the board ([`crate::vision::edges`]).
//! Colour differences are the largest channel difference, 0-255.

/// Square colours closer than this are too alike to tell a board's strip from the page's.
pub const LEAST_CONTRAST: f32 = 24.0;
/// A square matches its expected colour within this share of the board's two colours'
/// difference.
pub const MATCH_SHARE: f32 = 0.35;
/// An edge strip with at most this many of its 8 squares matching is off the board...
pub const OFF_MATCHES: usize = 4;
/// ...when the strip on the opposite edge has at least this many (the two squares of a
/// last-move highlight can both lie in it).
pub const ON_MATCHES: usize = 6;
