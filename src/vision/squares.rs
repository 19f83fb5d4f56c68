//! The background colours of a located board's squares, read in small patches in each square's
//! four corners: clear of the piece in the middle, so that the board's light and dark colours
//! can be told apart from whatever stands on them. Shared by the last-move highlight
//! ([`super::turn`]), arrows ([`super::arrows`]) and the check that a box lies on the board
//! ([`super::edges`]).

use super::geometry::BoardBox;
use super::params::squares::CORNER;
use image::RgbImage;

/// The four corner patches' colours of each of the 64 cells, in cell order (row by row from
/// the top left); `None` when a cell lies off the image.
pub(super) fn cell_corners(img: &RgbImage, board: &BoardBox) -> Option<Vec<[[f32; 3]; 4]>> {
    (0..64)
        .map(|i| corner_colours(img, board, i / 8, i % 8))
        .collect()
}

/// The usual colour of the board's two square colours, `[cells whose row + col is even,
/// odd]`: the median of the cells' colours ([`cell_colours`]), so that a few tinted, covered or
/// crowded cells do not move it. `None` when a cell lies off the image.
pub(super) fn square_colours(img: &RgbImage, board: &BoardBox) -> Option<[[f32; 3]; 2]> {
    Some(usual_colours(&cell_colours(&cell_corners(img, board)?)))
}

/// Each cell's colour: the median of its four corner patches' colours.
pub(super) fn cell_colours(corners: &[[[f32; 3]; 4]]) -> Vec<[f32; 3]> {
    corners
        .iter()
        .map(|k| std::array::from_fn(|c| median(k.iter().map(|p| p[c]).collect())))
        .collect()
}

/// The usual colour of each square colour: the median of its cells' (`colour`, 64 cells).
pub(super) fn usual_colours(colour: &[[f32; 3]]) -> [[f32; 3]; 2] {
    let parity = |i: usize| (i / 8 + i % 8) % 2;
    std::array::from_fn(|p| {
        std::array::from_fn(|c| {
            median(
                (0..colour.len())
                    .filter(|&i| parity(i) == p)
                    .map(|i| colour[i][c])
                    .collect(),
            )
        })
    })
}

/// The median colours of the four corner patches inside the cell at `row`, `col`.
fn corner_colours(
    img: &RgbImage,
    board: &BoardBox,
    row: usize,
    col: usize,
) -> Option<[[f32; 3]; 4]> {
    let (x0, y0, x1, y1) = board.cell_rect(row, col);
    let (near, far) = (CORNER.0 * (x1 - x0), CORNER.1 * (x1 - x0));
    let (near_y, far_y) = (CORNER.0 * (y1 - y0), CORNER.1 * (y1 - y0));
    let spans_x = [(x0 + near, x0 + far), (x1 - far, x1 - near)];
    let spans_y = [(y0 + near_y, y0 + far_y), (y1 - far_y, y1 - near_y)];
    let mut out = [[0.0; 3]; 4];
    for (k, ((ax, bx), (ay, by))) in spans_y
        .iter()
        .flat_map(|&y| spans_x.iter().map(move |&x| (x, y)))
        .enumerate()
    {
        out[k] = patch_colour(img, ax, bx, ay, by)?;
    }
    Some(out)
}

/// The median colour of the pixels whose centres lie in `[ax, bx) × [ay, by)` (at least the
/// pixel under the patch's middle).
fn patch_colour(img: &RgbImage, ax: f32, bx: f32, ay: f32, by: f32) -> Option<[f32; 3]> {
    let pixels = |a: f32, b: f32| -> (i64, i64) {
        let (from, to) = ((a - 0.5).ceil() as i64, (b - 0.5).ceil() as i64);
        if to > from {
            (from, to)
        } else {
            let mid = ((a + b) / 2.0).floor() as i64;
            (mid, mid + 1)
        }
    };
    let ((px0, px1), (py0, py1)) = (pixels(ax, bx), pixels(ay, by));
    let (w, h) = (i64::from(img.width()), i64::from(img.height()));
    if px0 < 0 || py0 < 0 || px1 > w || py1 > h {
        return None;
    }
    let mut channels: [Vec<f32>; 3] = Default::default();
    for y in py0..py1 {
        for x in px0..px1 {
            let p = img.get_pixel(x as u32, y as u32);
            for c in 0..3 {
                channels[c].push(f32::from(p[c]));
            }
        }
    }
    let [r, g, b] = channels;
    Some([median(r), median(g), median(b)])
}

/// The median of `v` (the upper middle one for an even count; 0 for none).
pub(super) fn median(mut v: Vec<f32>) -> f32 {
    if v.is_empty() {
        return 0.0;
    }
    let mid = v.len() / 2;
    *v.select_nth_unstable_by(mid, f32::total_cmp).1
}
