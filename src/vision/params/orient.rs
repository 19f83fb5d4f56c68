//! Parameters of the orientation ([`crate::vision::orient`]): which side is at the bottom.

/// Placement evidence (the weighted mean distance of the pieces from their own side, in rows)
/// at least this clear decides the orientation before the rank digits are read.
pub const CLEAR_PLACEMENT: f32 = 1.5;
/// Typical relative ink of the digits 1..=8 in common UI fonts (sans and serif alike): their
/// order, not their values, is what the labels are compared with.
pub const DIGIT_INK: [f32; 8] = [0.50, 0.78, 0.74, 0.80, 0.80, 0.90, 0.58, 1.0];
/// Range of the ratio of the most to the least inked label of an edge read as digits (`8`
/// against `1` is about 2): nearer 1 is a page texture, further apart are pieces.
pub const INK_SPREAD: (f32, f32) = (1.15, 4.0);
/// A label stands out when its ink differs from the median label's by more than this share
/// of it; at least [`ODD_LABELS`] of an edge's labels must (a frame line inks every row
/// alike).
pub const ODD_SHARE: f32 = 0.02;
/// Fewest labels of an edge that must stand out ([`ODD_SHARE`]).
pub const ODD_LABELS: usize = 2;
/// Two labels carry the same ink when their inks differ by at most this share of the median
/// label's; fewer than [`SAME_INK_LABELS`] of an edge's labels may.
pub const SAME_INK: f32 = 0.005;
/// Fewest labels of one ink ([`SAME_INK`]) that show a page element beside the board rather
/// than digits.
pub const SAME_INK_LABELS: usize = 5;
/// Largest share of an edge's ink spread that its rows' parity may explain for the labels to
/// be read as digits: the digits' own inks follow parity for at most 0.90 of their spread on
/// any five rows.
pub const PARITY_SHARE: f32 = 0.95;
/// Fewest empty squares of an edge column on which labels inside the board are read (a
/// piece's ink outweighs a digit's).
pub const LEAST_LABELS: usize = 5;
/// Range of the share of inked pixels in every label of an edge: labels have some ink, and
/// none is a solid block.
pub const LABEL_INK: (f32, f32) = (0.02, 0.6);
/// Least margin (difference of the correlations with `8..1` and `1..8`) for an edge's labels
/// to decide the orientation.
pub const DIGIT_MARGIN: f32 = 0.5;
/// Least difference (summed R, G, B units) of a pixel from its label's dominant colour for the
/// pixel to count as ink.
pub const INK_DISTANCE: i32 = 110;
/// Where the labels of each row are read, in squares from the board's left (or, mirrored, its
/// right) edge: `(x0, x1, y0, y1)`, inside the edge square's top corner, its bottom corner,
/// just outside the edge, and the middle of the edge square.
pub const LABEL_REGIONS: [(f32, f32, f32, f32); 4] = [
    (0.02, 0.34, 0.02, 0.40),
    (0.02, 0.34, 0.60, 0.98),
    (-0.55, -0.04, 0.10, 0.90),
    (0.02, 0.34, 0.30, 0.70),
];
