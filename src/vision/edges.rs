//! Whether a located board's outer rows and columns show the board's two square colours.
//!
//! A board found a square off takes in a row or column of the page beside it and cuts off its
//! own edge rank or file. The page's strip does not alternate between the board's light and
//! dark squares; [`off_board_side`] finds such a strip, so that the box can be moved a square
//! the other way ([`super::recognize::Recognizer::read_located`]).

use super::geometry::BoardBox;
use super::params::edges::*;
use super::squares::{cell_colours, cell_corners, usual_colours};
use image::RgbImage;

/// A side of the box: the strip of 8 squares along it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The top row.
    Top,
    /// The bottom row.
    Bottom,
    /// The left column.
    Left,
    /// The right column.
    Right,
}

impl Side {
    /// The box moved one square away from this side (towards the board the strip cut off).
    pub fn away(self, board: &BoardBox) -> BoardBox {
        let (sw, sh) = board.square_size();
        let (dx, dy) = match self {
            Side::Top => (0.0, sh),
            Side::Bottom => (0.0, -sh),
            Side::Left => (sw, 0.0),
            Side::Right => (-sw, 0.0),
        };
        BoardBox::new(board.x + dx, board.y + dy, board.w, board.h)
    }

    fn opposite(self) -> Side {
        match self {
            Side::Top => Side::Bottom,
            Side::Bottom => Side::Top,
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// The `(row, col)` of the strip's `k`-th square.
    fn cell(self, k: usize) -> (usize, usize) {
        match self {
            Side::Top => (0, k),
            Side::Bottom => (7, k),
            Side::Left => (k, 0),
            Side::Right => (k, 7),
        }
    }
}

/// Largest channel difference of two colours.
fn apart(a: [f32; 3], b: [f32; 3]) -> f32 {
    (0..3).map(|ch| (a[ch] - b[ch]).abs()).fold(0.0, f32::max)
}

/// The side of `board` (which must lie inside `img`) whose strip of squares does not show the
/// board's square colours while the opposite strip does: the box is then a square off, that
/// way. `None` when every strip shows them, the board's two colours are too alike to tell, or
/// the box reaches off the image. Colours are read in the squares' corners, as the last-move
/// highlight reads them; a strip's square shows its colour when one of its corners does.
pub fn off_board_side(img: &RgbImage, board: &BoardBox) -> Option<Side> {
    let corners = cell_corners(img, board)?;
    // A square's colour is the median of its corners (pieces rarely reach them; a coordinate
    // letter or an arrow spoils one or two), each colour's the median of its squares'.
    let expected = usual_colours(&cell_colours(&corners));
    let contrast = apart(expected[0], expected[1]);
    if contrast < LEAST_CONTRAST {
        return None;
    }
    let matches = |side: Side| {
        (0..8)
            .filter(|&k| {
                let (row, col) = side.cell(k);
                // One corner of the square's own colour is enough: a wide piece on a back
                // rank covers the others.
                corners[row * 8 + col]
                    .iter()
                    .any(|&c| apart(c, expected[(row + col) % 2]) < MATCH_SHARE * contrast)
            })
            .count()
    };
    [Side::Top, Side::Bottom, Side::Left, Side::Right]
        .into_iter()
        .filter(|&side| matches(side) <= OFF_MATCHES && matches(side.opposite()) >= ON_MATCHES)
        .min_by_key(|&side| matches(side))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A 400 × 300 page of `page` colour with an 8 × 8 board of 20 px squares at (100, 50).
    fn page_with_board(page: [u8; 3]) -> RgbImage {
        RgbImage::from_fn(400, 300, |x, y| {
            if (100..260).contains(&x) && (50..210).contains(&y) {
                let (c, r) = ((x - 100) / 20, (y - 50) / 20);
                if (r + c) % 2 == 0 {
                    Rgb([240, 217, 181])
                } else {
                    Rgb([181, 136, 99])
                }
            } else {
                Rgb(page)
            }
        })
    }

    #[test]
    fn the_box_on_the_board_has_no_side_off_it() {
        let img = page_with_board([40, 40, 40]);
        assert_eq!(
            off_board_side(&img, &BoardBox::new(100.0, 50.0, 160.0, 160.0)),
            None
        );
    }

    #[test]
    fn a_box_a_square_off_names_the_side_on_the_page() {
        let img = page_with_board([40, 40, 40]);
        let left = BoardBox::new(80.0, 50.0, 160.0, 160.0);
        assert_eq!(off_board_side(&img, &left), Some(Side::Left));
        assert_eq!(
            Side::Left.away(&left),
            BoardBox::new(100.0, 50.0, 160.0, 160.0)
        );
        let low = BoardBox::new(100.0, 70.0, 160.0, 160.0);
        assert_eq!(off_board_side(&img, &low), Some(Side::Bottom));
        assert_eq!(
            Side::Bottom.away(&low),
            BoardBox::new(100.0, 50.0, 160.0, 160.0)
        );
    }

    #[test]
    fn a_page_of_one_square_colour_still_shows_the_strip_off_the_board() {
        // The page is the light squares' colour: half the strip matches, not enough.
        let img = page_with_board([240, 217, 181]);
        let right = BoardBox::new(120.0, 50.0, 160.0, 160.0);
        assert_eq!(off_board_side(&img, &right), Some(Side::Right));
    }

    #[test]
    fn a_last_move_tinted_in_the_opposite_strip_does_not_hide_the_strip_off_the_board() {
        let mut img = page_with_board([40, 40, 40]);
        // A green tint over two squares of the board's g-file, the box's last column.
        for y in 70..110 {
            for x in 220..240 {
                img.put_pixel(x, y, Rgb([120, 160, 60]));
            }
        }
        let left = BoardBox::new(80.0, 50.0, 160.0, 160.0);
        assert_eq!(off_board_side(&img, &left), Some(Side::Left));
    }
}
