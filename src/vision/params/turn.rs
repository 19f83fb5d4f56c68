//! Parameters of the side to move read off a last-move highlight ([`crate::vision::turn`]).
//! Colour differences are in R + G + B units (0-765).

/// Least change of a square's colour that counts as a tint: the highlights sites draw move a
/// square by 40-120.
pub const MIN_TINT: f32 = 24.0;
/// A tint must also be this many times the typical difference between a square's colour and
/// its square colour's usual one (textured and noisy boards vary by themselves).
pub const TINT_OVER_NOISE: f32 = 5.0;
/// Two cells are under one highlight when what is left of their difference, once the square
/// colours' own difference is taken out, is under this share of the larger tint plus
/// [`SAME_TINT_LEVELS`] (blur, JPEG and texture move each a little).
pub const SAME_TINT: f32 = 0.3;
/// Colour levels added to [`SAME_TINT`]'s share of the larger tint.
pub const SAME_TINT_LEVELS: f32 = 12.0;
