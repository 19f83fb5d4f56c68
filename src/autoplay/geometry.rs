//! Capture pixels and mouse coordinates are different spaces: keep them apart.
//!
//! A screenshot of a HiDPI screen has more pixels than the mouse has positions, and a capture of a
//! region starts somewhere on the screen. [`Frame`] remembers both, so every conversion is
//! explicit: the board is found in [`CapturePoint`]s and the mouse is sent to [`ScreenPoint`]s.

use image::RgbImage;
use shakmaty::{File, Rank, Square};

/// A position in a captured image, in that image's pixels (sub-pixel precision).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CapturePoint {
    /// Pixels from the image's left edge.
    pub x: f32,
    /// Pixels from the image's top edge.
    pub y: f32,
}

/// A rectangle in a captured image, in that image's pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CaptureRect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl CaptureRect {
    /// The square of side `side` centred on `c`.
    pub fn square_around(c: CapturePoint, side: f32) -> CaptureRect {
        CaptureRect {
            x: c.x - side / 2.0,
            y: c.y - side / 2.0,
            w: side,
            h: side,
        }
    }

    /// The rectangle's centre.
    pub fn center(&self) -> CapturePoint {
        CapturePoint {
            x: self.x + self.w / 2.0,
            y: self.y + self.h / 2.0,
        }
    }
}

/// A position the mouse can be moved to, in the input system's (logical) coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScreenPoint {
    /// Logical pixels from the screen's left edge.
    pub x: i32,
    /// Logical pixels from the screen's top edge.
    pub y: i32,
}

/// One captured image and where it lies on the screen.
#[derive(Debug, Clone)]
pub struct Frame {
    /// The captured pixels.
    pub image: RgbImage,
    /// Screen position of the image's top-left pixel.
    pub origin: ScreenPoint,
    /// Capture pixels per logical screen pixel (2.0 on a typical HiDPI screen, else 1.0).
    pub scale: f32,
}

impl Frame {
    /// A frame that maps one to one onto the screen from its top-left corner.
    pub fn unscaled(image: RgbImage) -> Frame {
        Frame {
            image,
            origin: ScreenPoint { x: 0, y: 0 },
            scale: 1.0,
        }
    }

    /// Where a point of this capture is on the screen.
    pub fn to_screen(&self, p: CapturePoint) -> ScreenPoint {
        let scale = if self.scale > 0.0 { self.scale } else { 1.0 };
        ScreenPoint {
            x: self.origin.x + (p.x / scale).round() as i32,
            y: self.origin.y + (p.y / scale).round() as i32,
        }
    }
}

/// A board's grid in capture pixels and which side is at the bottom.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardOnScreen {
    /// Left edge of the a-file (or h-file when flipped), capture pixels.
    pub x: f32,
    /// Top edge of the board, capture pixels.
    pub y: f32,
    /// Board width, capture pixels.
    pub width: f32,
    /// Board height, capture pixels.
    pub height: f32,
    /// Whether White plays up the screen (White at the bottom).
    pub white_at_bottom: bool,
}

impl BoardOnScreen {
    /// The centre of a square, in capture pixels.
    pub fn square_center(&self, sq: Square) -> CapturePoint {
        let (col, row) = self.cell(sq);
        CapturePoint {
            x: self.x + (col as f32 + 0.5) * self.width / 8.0,
            y: self.y + (row as f32 + 0.5) * self.height / 8.0,
        }
    }

    /// The side of a square, in capture pixels.
    pub fn square_side(&self) -> f32 {
        self.width.min(self.height) / 8.0
    }

    /// A square's cell, in capture pixels.
    pub fn square_rect(&self, sq: Square) -> CaptureRect {
        let (col, row) = self.cell(sq);
        CaptureRect {
            x: self.x + col as f32 * self.width / 8.0,
            y: self.y + row as f32 * self.height / 8.0,
            w: self.width / 8.0,
            h: self.height / 8.0,
        }
    }

    /// Column and row (0..8 from the top-left) of a square as drawn.
    pub fn cell(&self, sq: Square) -> (u32, u32) {
        let file = u32::from(sq.file());
        let rank = u32::from(sq.rank());
        if self.white_at_bottom {
            (file, 7 - rank)
        } else {
            (7 - file, rank)
        }
    }

    /// The square drawn at a column and row (0..8 from the top-left).
    pub fn square_at(&self, col: u32, row: u32) -> Square {
        let (file, rank) = if self.white_at_bottom {
            (col, 7 - row)
        } else {
            (7 - col, row)
        };
        Square::from_coords(File::new(file & 7), Rank::new(rank & 7))
    }

    /// The square under a point, if the point is on the board.
    pub fn square_under(&self, p: CapturePoint) -> Option<Square> {
        let col = ((p.x - self.x) * 8.0 / self.width).floor();
        let row = ((p.y - self.y) * 8.0 / self.height).floor();
        ((0.0..8.0).contains(&col) && (0.0..8.0).contains(&row))
            .then(|| self.square_at(col as u32, row as u32))
    }

    /// Whether two sightings are the same board (moved by less than a quarter square).
    pub fn same_place(&self, other: &BoardOnScreen) -> bool {
        let tol = self.width / 32.0;
        (self.x - other.x).abs() < tol
            && (self.y - other.y).abs() < tol
            && (self.width - other.width).abs() < tol
            && self.white_at_bottom == other.white_at_bottom
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidpi_capture_maps_to_half_coordinates() {
        let frame = Frame {
            image: RgbImage::new(4, 4),
            origin: ScreenPoint { x: 100, y: 50 },
            scale: 2.0,
        };
        let p = frame.to_screen(CapturePoint { x: 200.0, y: 100.0 });
        assert_eq!(p, ScreenPoint { x: 200, y: 100 });
    }

    #[test]
    fn squares_map_both_orientations() {
        let mut board = BoardOnScreen {
            x: 10.0,
            y: 20.0,
            width: 80.0,
            height: 80.0,
            white_at_bottom: true,
        };
        assert_eq!(
            board.square_center(Square::A1),
            CapturePoint { x: 15.0, y: 95.0 }
        );
        assert_eq!(board.square_at(0, 7), Square::A1);
        board.white_at_bottom = false;
        assert_eq!(
            board.square_center(Square::A1),
            CapturePoint { x: 85.0, y: 25.0 }
        );
        assert_eq!(board.square_at(7, 0), Square::A1);
        for sq in Square::ALL {
            let (c, r) = board.cell(sq);
            assert_eq!(board.square_at(c, r), sq);
        }
    }
}
