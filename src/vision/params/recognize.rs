//! Parameters of the pipeline's own steps ([`crate::vision::recognize`]).

/// Width in pixels of the plain margin put around an image in which no board is found, or
/// whose board runs to its edge: the locator needs a board's outer edge against something
/// else (4 to 32 px work alike).
pub const MARGIN: u32 = 8;
/// Grey of that margin, halfway up: the board's edge shows against it unless both of its
/// square colours are mid-grey themselves.
pub const MARGIN_GREY: u8 = 128;
/// How far, in squares, around a board found near the image's edge the search in a margin
/// looks again: its labels and a square beyond each side, where the box may have been off.
pub const AROUND_SQUARES: f32 = 2.0;
