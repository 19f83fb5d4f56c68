//! Parameters of the orientation ([`crate::vision::orient`]): which side is at the bottom.

/// Placement evidence (the weighted mean distance of the pieces from their own side, in rows)
/// at least this clear lets the board decision judge a position's checks with that side at the
/// bottom only ([`crate::vision::assign`]; the orientation itself is decided afterwards).
pub const CLEAR_PLACEMENT: f32 = 1.5;

// Finding coordinate labels ([`crate::vision::labels`]). Colour differences are in R + G + B
// units (0-765); sizes are shares of the square's side.

/// How far inside the square's edges (or outside the board's) a spot starts: clear of the
/// grid's last pixel of error and of the next square's colour (at least one pixel).
pub const SPOT_INSET: f32 = 0.02;
/// Side of the spot in each corner of an edge square: labels sit within it, a piece in the
/// middle of the square reaches out of it.
pub const CORNER_SPOT: f32 = 0.45;
/// Least side of a corner spot in pixels, up to `CORNER_SPOT_MOST` of the square: sites draw
/// labels in a font of their own size (a 14 px font reaches about 16 px in from the corner),
/// so on a small board they take more of the square.
pub const CORNER_SPOT_PIXELS: f32 = 17.0;
/// Largest share of the square a corner spot grows to by `CORNER_SPOT_PIXELS`.
pub const CORNER_SPOT_MOST: f32 = 0.65;
/// How far out from the board the margin spots reach.
pub const MARGIN_SPOT: f32 = 0.7;
/// Least difference of a pixel from its spot's background for it to count as ink: faint
/// labels (light grey on a light square) differ by 60 or more.
pub const MIN_INK: f32 = 24.0;
/// Ink also differs from the background by this many times the spot's median difference, so
/// that a wood or noise texture is not ink.
pub const INK_OVER_TEXTURE: f32 = 4.0;
/// Height of a glyph's ink: at least the first share of the square (and 4 pixels), at most the
/// second in a corner and the third in a margin.
pub const GLYPH_HEIGHT: (f32, f32, f32) = (0.06, 0.42, 0.6);
/// Largest width of a glyph's ink over its height (the widest label letters are about as wide
/// as tall).
pub const GLYPH_WIDTH: f32 = 1.3;
/// Glyphs read per spot, nearest its corner or the board first (a square's name, such as `a1`,
/// is two).
pub const GLYPHS_PER_SPOT: usize = 2;
/// Space left around a glyph's ink in the crop the network reads, as a share of its longer
/// side on each side.
pub const GLYPH_PAD: f32 = 0.12;
/// Least weight of the labels read toward one side (each glyph adds how much likelier it reads
/// that side's text than the other's, up to 1) for the labels to decide the orientation: two
/// labels read for sure, or more read less surely.
pub const LABEL_EVIDENCE: f32 = 2.0;
/// The labels' weight toward one side must outweigh that toward the other this many times
/// (a misread glyph, page text beside the board).
pub const LABEL_MAJORITY: f32 = 3.0;
/// Least probability of a label's text for `recognize --json` to report it.
pub const REPORTED_LABEL: f32 = 0.5;

// The position prior ([`crate::vision::prior`]).

/// Positions' worth of the all-phases share of a piece on a square mixed into each phase's
/// share: phases with few positions of a piece lean on the whole table.
pub const PRIOR_SMOOTHING: f64 = 50.0;
/// The share of screenshots that show white at the bottom, before their pieces are looked at:
/// players see their own side at the bottom, and diagrams, puzzles and broadcasts mostly show
/// white's side.
pub const WHITE_BOTTOM_SHARE: f32 = 0.7;
/// Least probability of a side at the bottom for the prior to decide it; a placement that
/// leaves the prior less sure is read with white at the bottom, as a default.
pub const PRIOR_CONFIDENCE: f32 = 0.8;
