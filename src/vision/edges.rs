//! Whether a located board's outer rows and columns show the board's two square colours.
//!
//! A board found a square off takes in a row or column of the page beside it and cuts off its
//! own edge rank or file. The page's strip does not alternate between the board's light and
//! dark squares; [`off_board_side`] finds such a strip, so that the box can be moved a square
//! the other way ([`super::recognize::Recognizer::read_located`]).

use super::geometry::BoardBox;
use image::RgbImage;

/// Square colours closer than this (largest channel difference, 0-255) are too alike to
/// tell a board's strip from the page's.
const LEAST_CONTRAST: f32 = 24.0;
/// A square matches its expected colour within this share of the board's two colours'
/// difference.
const MATCH_SHARE: f32 = 0.35;
/// An edge strip with at most this many of its 8 squares matching is off the board...
const OFF_MATCHES: usize = 4;
/// ...when the strip on the opposite edge has at least this many.
const ON_MATCHES: usize = 7;

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

/// The mean colours of four small patches near the corners of the square at `row`, `col`
/// (fewer where the image ends).
fn corner_colours(img: &RgbImage, board: &BoardBox, row: usize, col: usize) -> Vec<[f32; 3]> {
    let (x0, y0, x1, y1) = board.cell_rect(row, col);
    let (sw, sh) = (x1 - x0, y1 - y0);
    let half = (0.06 * sw.min(sh)).max(1.0);
    let mut means: Vec<[f32; 3]> = Vec::with_capacity(4);
    for (fx, fy) in [(0.14, 0.14), (0.86, 0.14), (0.14, 0.86), (0.86, 0.86)] {
        let (cx, cy) = (x0 + fx * sw, y0 + fy * sh);
        let (ax, bx) = ((cx - half).floor().max(0.0), (cx + half).ceil());
        let (ay, by) = ((cy - half).floor().max(0.0), (cy + half).ceil());
        let (mut sum, mut n) = ([0.0f32; 3], 0.0f32);
        for y in ay as u32..(by as u32).min(img.height()) {
            for x in ax as u32..(bx as u32).min(img.width()) {
                let p = img.get_pixel(x, y).0;
                for ch in 0..3 {
                    sum[ch] += p[ch] as f32;
                }
                n += 1.0;
            }
        }
        if n > 0.0 {
            means.push(sum.map(|s| s / n));
        }
    }
    means
}

/// Per channel, the median of `colours` (0 for none).
fn median(colours: &[[f32; 3]]) -> [f32; 3] {
    std::array::from_fn(|ch| {
        let mut v: Vec<f32> = colours.iter().map(|c| c[ch]).collect();
        v.sort_by(f32::total_cmp);
        match v.len() {
            0 => 0.0,
            n if n % 2 == 0 => (v[n / 2 - 1] + v[n / 2]) / 2.0,
            n => v[n / 2],
        }
    })
}

/// Largest channel difference of two colours.
fn apart(a: [f32; 3], b: [f32; 3]) -> f32 {
    (0..3).map(|ch| (a[ch] - b[ch]).abs()).fold(0.0, f32::max)
}

/// The side of `board` (which must lie inside `img`) whose strip of squares does not show the
/// board's square colours while the opposite strip does: the box is then a square off, that
/// way. `None` when every strip shows them, or the board's two colours are too alike to tell.
/// The light and dark colours are the medians of the inner 6 × 6 squares of each colour; a
/// strip's square shows its colour when one of its corners does.
pub fn off_board_side(img: &RgbImage, board: &BoardBox) -> Option<Side> {
    let corners: Vec<Vec<[f32; 3]>> = (0..64)
        .map(|i| corner_colours(img, board, i / 8, i % 8))
        .collect();
    // A square's colour: the median of its corners (pieces rarely reach them; a coordinate
    // letter or an arrow spoils one or two).
    let expected: Vec<[f32; 3]> = (0..2)
        .map(|parity| {
            let inner: Vec<[f32; 3]> = (0..64)
                .filter(|&i| (1..7).contains(&(i / 8)) && (1..7).contains(&(i % 8)))
                .filter(|&i| (i / 8 + i % 8) % 2 == parity && corners[i].len() == 4)
                .map(|i| median(&corners[i]))
                .collect();
            median(&inner)
        })
        .collect();
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
}
