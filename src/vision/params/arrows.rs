//! Parameters of arrow finding and removal ([`crate::vision::arrows`]). Colour levels are
//! 0-255 per channel; lengths are in squares unless they say pixels.

/// Least distance between two cells' centres, in squares, for an arrow to be looked for
/// between them: a shorter arrow shows too little of itself to tell from a tinted square.
pub const MIN_LENGTH: f32 = 1.9;
/// Samples along a candidate arrow's middle line, per square.
pub const SAMPLES_PER_SQUARE: f32 = 5.0;
/// Length at each end, in squares, left out of the samples: an arrow starts a little off its
/// first square's centre and its head narrows to a point at the last's.
pub const END_GAP: f32 = 0.3;
/// A sample within this many levels (largest channel) of its square's usual colour shows the
/// bare square: no arrow there.
pub const BARE: f32 = 20.0;
/// Share of a candidate's samples that may show the bare square (noise, a blurred thin shaft).
pub const BARE_SHARE: f32 = 0.1;
/// A sample within this many levels (largest channel) of the arrow's colour over its square
/// colour is the arrow's.
pub const MATCH: f32 = 16.0;
/// Least share of a candidate's samples in the arrow's colours; the others lie over pieces.
pub const MATCH_SHARE: f32 = 0.55;
/// Least samples in the arrow's colours.
pub const MIN_MATCHED: usize = 5;
/// Least difference (largest channel) between an arrow's colour over a square colour and the
/// square colour itself: a fainter arrow is left alone.
pub const MIN_CONTRAST: f32 = 40.0;
/// Range of the share `k` of the covered colour that shows through an arrow: an opaque arrow
/// hides what is under it, and a nearly clear one does not need taking off.
pub const THROUGH: (f32, f32) = (0.08, 0.75);
/// Largest departure (largest channel) of `m_L − m_D` from `k·(L − D)` in a fitted lay.
pub const FIT: f32 = 14.0;
/// How far out of 0-255 an unblended channel may fall (noise grows by `1 / k`) for the pixel
/// still to count as covered.
pub const SLACK: f32 = 24.0;
/// Widest half-width of an arrow, in squares, from its middle line (its head).
pub const HALF_WIDTH: f32 = 0.35;
/// Length, in squares, of the band at each end where a head may widen it.
pub const HEAD: f32 = 0.55;
/// Pixels on either side of a band's edge that an arrow covers only in part.
pub const EDGE: f32 = 2.0;
/// Matched samples closer than this, in squares, to one of an arrow already chosen lie on
/// that arrow.
pub const SAME_SAMPLE: f32 = 0.15;
/// Least distance (Euclidean, RGB levels) between the board's two square colours for a lay to
/// be fitted from an arrow's colours over both.
pub const MIN_SQUARE_GAP: f32 = 30.0;
