//! Parameters of reading the squares' background colours (the `squares` helper), shared
//! by the last-move highlight, arrows and the box check.

/// Where the corner patches a square's background is read from start and end, as shares of
/// the square's side in from its edges: clear of the grid's last pixel of error, of a piece in
/// the middle, of legal-move rings (0.40-0.48 of the side from the centre) and of most of a
/// check glow.
pub const CORNER: (f32, f32) = (0.04, 0.16);
