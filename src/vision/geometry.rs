//! Board geometry in image pixels: where the 8×8 grid lies in an image and which chess square
//! each image cell shows.

use shakmaty::{File, Rank, Square};

/// The outer box of the 8×8 playing area in image pixels (no border or coordinates outside it).
///
/// Coordinates are `f32` because real screenshots have non-integer square sizes (a 75.5 px
/// square is common after browser zoom). Pixel `(px, py)` covers `[px, px + 1) × [py, py + 1)`,
/// so a box starting at `x = 10.0` with `w = 80.0` covers pixel columns 10 through 89.
///
/// ```
/// use chessbot::vision::geometry::BoardBox;
/// let b = BoardBox::new(10.0, 20.0, 80.0, 80.0);
/// assert_eq!(b.square_size(), (10.0, 10.0));
/// assert_eq!(b.cell_rect(0, 1), (20.0, 20.0, 30.0, 30.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct BoardBox {
    /// Left edge in pixels.
    pub x: f32,
    /// Top edge in pixels.
    pub y: f32,
    /// Width of the whole 8×8 area in pixels.
    pub w: f32,
    /// Height of the whole 8×8 area in pixels.
    pub h: f32,
}

impl BoardBox {
    /// A box with the given left/top corner and size.
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        BoardBox { x, y, w, h }
    }

    /// Width and height of one square.
    pub fn square_size(&self) -> (f32, f32) {
        (self.w / 8.0, self.h / 8.0)
    }

    /// `(x0, y0, x1, y1)` of the image cell at `row` (0 = top of the image) and `col`
    /// (0 = left of the image).
    pub fn cell_rect(&self, row: usize, col: usize) -> (f32, f32, f32, f32) {
        let (sw, sh) = self.square_size();
        let x0 = self.x + col as f32 * sw;
        let y0 = self.y + row as f32 * sh;
        (x0, y0, x0 + sw, y0 + sh)
    }

    /// The centre of the image cell at `row`, `col`.
    pub fn cell_center(&self, row: usize, col: usize) -> (f32, f32) {
        let (x0, y0, x1, y1) = self.cell_rect(row, col);
        ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
    }

    /// True when every side is finite, the size is positive and the box lies inside an image of
    /// `width × height` pixels (allowing half a pixel of rounding).
    pub fn fits_in(&self, width: u32, height: u32) -> bool {
        let finite = [self.x, self.y, self.w, self.h]
            .iter()
            .all(|v| v.is_finite());
        finite
            && self.w > 0.0
            && self.h > 0.0
            && self.x >= -0.5
            && self.y >= -0.5
            && self.x + self.w <= width as f32 + 0.5
            && self.y + self.h <= height as f32 + 0.5
    }

    /// The same box in an image scaled by `factor` (HiDPI, zoom).
    pub fn scaled(&self, factor: f32) -> Self {
        BoardBox::new(
            self.x * factor,
            self.y * factor,
            self.w * factor,
            self.h * factor,
        )
    }

    /// The same box moved by `(dx, dy)` pixels.
    pub fn translated(&self, dx: f32, dy: f32) -> Self {
        BoardBox::new(self.x + dx, self.y + dy, self.w, self.h)
    }
}

/// The chess square shown in image cell `row` (0 = top), `col` (0 = left).
///
/// `flipped == false` means white plays up the image (a1 bottom left); `true` means black is at
/// the bottom (h8 in the bottom-left corner, a1 in the top-right one).
///
/// ```
/// use chessbot::vision::geometry::cell_square;
/// use shakmaty::Square;
/// assert_eq!(cell_square(7, 0, false), Square::A1);
/// assert_eq!(cell_square(0, 0, false), Square::A8);
/// assert_eq!(cell_square(0, 0, true), Square::H1);
/// ```
pub fn cell_square(row: usize, col: usize, flipped: bool) -> Square {
    let (file, rank) = if flipped {
        (7 - col, row)
    } else {
        (col, 7 - row)
    };
    Square::from_coords(File::new(file as u32), Rank::new(rank as u32))
}

/// The image cell `(row, col)` that shows `square`; the inverse of [`cell_square`].
pub fn square_cell(square: Square, flipped: bool) -> (usize, usize) {
    let file = usize::from(square.file());
    let rank = usize::from(square.rank());
    if flipped {
        (rank, 7 - file)
    } else {
        (7 - rank, file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_square_round_trips() {
        for flipped in [false, true] {
            for row in 0..8 {
                for col in 0..8 {
                    let sq = cell_square(row, col, flipped);
                    assert_eq!(square_cell(sq, flipped), (row, col));
                }
            }
        }
        assert_eq!(cell_square(7, 7, true), Square::A8);
        assert_eq!(cell_square(7, 7, false), Square::H1);
    }

    #[test]
    fn cell_rects_tile_the_box() {
        let b = BoardBox::new(3.5, 7.25, 603.0, 603.0);
        let (x0, y0, _, _) = b.cell_rect(0, 0);
        let (_, _, x1, y1) = b.cell_rect(7, 7);
        assert_eq!((x0, y0), (3.5, 7.25));
        assert!((x1 - 606.5).abs() < 1e-3 && (y1 - 610.25).abs() < 1e-3);
        assert!(b.fits_in(607, 611));
        assert!(!b.fits_in(600, 611));
        assert!(!BoardBox::new(f32::NAN, 0.0, 8.0, 8.0).fits_in(100, 100));
    }
}
