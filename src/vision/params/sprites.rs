//! Parameters of the picture comparison ([`crate::vision::sprites`]): which squares show the
//! same sprite. Colours are in `[-0.5, 0.5]` per channel; distances run from 0 (the same
//! picture) to 1.

/// Side of the square crops the pictures are made from, in pixels.
pub const PICTURE: usize = 32;
/// Side of the reduced square picture that is compared, in pixels (crops reduced 2×2).
pub const SIDE: usize = 16;
/// A pixel is part of the piece when a channel differs from the square's background by more
/// than this.
pub const FOREGROUND: f32 = 0.1;
/// Per-pixel differences are capped here, so that one bad pixel counts like any other.
pub const CAP: f32 = 0.3;
/// Fewer foreground pixels than this in both pictures: nothing to compare, distance 0.
pub const MIN_UNION: usize = 6;
/// Side of the window whose mismatch the distance also weighs, in reduced pixels.
pub const LOCAL: usize = 3;
/// Weight of the worst window's mean mismatch in the distance: a difference in one place (a
/// crown against a cross) counts more than its share of the picture.
pub const LOCAL_WEIGHT: f32 = 0.7;
/// Pictures at least this far apart unshifted are not compared at the sub-pixel shifts (it
/// would not bring them near: this only saves time).
pub const ALIGN_BELOW: f32 = 0.4;
/// Distance of two pictures that hidden pixels leave too little of to compare: no evidence
/// either way, neither alike nor surely different.
pub const UNKNOWN: f32 = 0.5;
/// An empty square's pixel is part of an overlay (an arrow, a move marker) when a channel
/// differs from the square's background by more than this...
pub const OVERLAY_CONTRAST: f32 = 0.2;
/// ...its difference from every square colour of the board is further than this from a grey
/// shade (coordinates and shading are shades of the squares)...
pub const OVERLAY_CHROMA: f32 = 0.08;
/// ...and its channels span at least this much: sites draw arrows in strong colours.
pub const OVERLAY_SATURATION: f32 = 0.25;
/// Fewer overlay pixels than this on the empty squares of a board are no overlay (stray
/// marker dots, JPEG colour noise, pieces reaching into a neighbouring square).
pub const OVERLAY_PIXELS: usize = 16;
/// A piece square's pixel shows an overlay colour when their difference is within this of a
/// grey shade: an arrow drawn over a piece is the arrow's colour made lighter or darker by
/// what is under it...
pub const OVERLAY_MATCH: f32 = 0.06;
/// ...by at most this much.
pub const OVERLAY_SHADE: f32 = 0.3;
/// Least share of an overlay colour in a pixel that is taken for the overlay laid partly
/// transparent over the square (a tinted square under an arrow, an arrow's soft edge).
pub const OVERLAY_BLEND: f32 = 0.3;
/// Levels per channel of a piece's colour histogram (fewer put a white fill and a mid-grey one
/// in one box).
pub const COLOUR_LEVELS: usize = 8;
/// Crop pixels taken off a silhouette's edge before its colours are counted: most sets draw
/// both sides' pieces with one dark outline, which would make every piece's colours alike.
pub const COLOUR_EDGE: usize = 2;
/// A silhouette pixel this close to the square's background in every channel shows the square
/// (a hollow glyph's inside), not the piece's colour.
pub const SEE_THROUGH: f32 = 0.04;
/// Fewer coloured pixels than this: no colours to compare.
pub const MIN_COLOURED: usize = 8;
/// Radius, as a share of the square's side, of the central disk a piece's colours are taken
/// from: a ring drawn around a piece (a move's target) encloses the square in its silhouette.
pub const COLOUR_DISK: f32 = 0.38;
/// Crop pixels this close to the crop's edge are never part of a silhouette: they catch the
/// neighbouring squares and the grid lines.
pub const SILHOUETTE_MARGIN: usize = 2;
/// Least share of the annulus between [`INNER_FROM`] and [`INNER_TO`] (between a piece's body
/// and a ring drawn around it) that must show the picture's corner colour for that colour to
/// replace the second ring's median as the square's background.
pub const INNER_SHARE: f32 = 0.3;
/// Share of the second ring's pixels near its median under which a piece is drawn across the
/// ring (a tint or a glow over the square leaves the ring of one colour), so that corners
/// showing the board's own square colour are the background instead.
pub const BAND_UNIFORM: f32 = 0.5;
/// Inner edge of the annulus of [`INNER_SHARE`], as a share of the side from the centre.
pub const INNER_FROM: f32 = 0.28;
/// Outer edge of the annulus of [`INNER_SHARE`].
pub const INNER_TO: f32 = 0.36;
/// Innermost radius (a share of the crop's side, from its centre) at which a ring drawn around
/// the piece is looked for: a capture marker's ring lies at about 0.40-0.48 of the square.
pub const RING_FROM: f32 = 0.34;
/// Outermost radius at which a ring is looked for.
pub const RING_TO: f32 = 0.5;
/// Directions from the centre in which a ring is looked for.
pub const RING_DIRECTIONS: usize = 48;
/// Share of the directions that must cross drawn pixels between [`RING_FROM`] and [`RING_TO`]
/// for a ring: a piece's own outline leaves a square's corner directions empty.
pub const RING_COVER: f32 = 0.9;
/// Shifts, in crop pixels each way, at which two silhouettes are lined up before their overlap
/// is measured.
pub const SILHOUETTE_SHIFT: isize = 2;
/// Least opacity of a fitted overlay blend: fainter overlays leave the pieces readable as
/// they are.
pub const LEAST_OPACITY: f32 = 0.3;
/// Most opacity of a fitted overlay blend: under a nearly opaque overlay too little of the
/// piece shows to be recovered.
pub const MOST_OPACITY: f32 = 0.9;
/// The squares under an overlay's pixels must differ by this much (root mean square per
/// channel) for the overlay's opacity to be told from its colour.
pub const BLEND_SPREAD: f32 = 0.05;
/// Largest mean difference per channel between the overlay pixels and the blend fitted to
/// them: more, and the overlay is not one colour laid evenly (several arrow colours).
pub const BLEND_MISFIT: f32 = 0.03;
