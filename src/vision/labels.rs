//! Coordinate labels: the rank digits and file letters a board draws in the corners of its edge
//! squares or in a margin beside it, read as text.
//!
//! A person who sees `1` in the top-left square and `h ... a` along the bottom knows black is
//! at the bottom, whatever the pieces say. Here the labels are found and read in three steps:
//!
//! 1. **Spots** (`spots`): the four corners of each edge square, and a strip of the margin
//!    beside each row and column outside the board. Each spot's background is its most common
//!    colour (in a margin, that of the band next to the board); a pixel that differs from it by
//!    more than the spot's texture does is ink.
//! 2. **Glyphs** ([`candidates`]): blobs of ink of a glyph's size that lie inside the spot
//!    (a piece or a frame line runs out of it), nearest the corner or the board first; a
//!    margin spot with more than one is page text and gives none. Each is
//!    cut out around its box, its ink scaled to its own contrast (light labels on dark squares
//!    and dark ones on light squares look alike), and resampled to [`GLYPH`] pixels a side.
//! 3. **Reading** ([`GlyphNet`]): a small network, trained on labels rendered in many fonts
//!    (`chessbot vision train-glyphs`), reads each glyph as a digit `1`-`8`, a letter `a`-`h`
//!    (either case) or no label at all (a piece's fragment, a mark, page text).
//!
//! Which way the labels that were read point is decided in [`crate::vision::orient`].

use crate::vision::geometry::BoardBox;
use crate::vision::params::orient::{
    CORNER_SPOT, CORNER_SPOT_MOST, CORNER_SPOT_PIXELS, GLYPH_HEIGHT, GLYPH_PAD, GLYPH_WIDTH,
    GLYPHS_PER_SPOT, INK_OVER_TEXTURE, MARGIN_SPOT, MIN_INK, SPOT_INSET,
};
use image::RgbImage;
use std::sync::OnceLock;

/// Side of the square a glyph is resampled to before it is read, in pixels.
pub const GLYPH: usize = 16;
/// What a glyph can be: not a label, the digits `1`-`8`, the letters `a`-`h`.
pub const GLYPH_CLASSES: usize = 17;

/// The text of glyph class `class` (0: not a label).
///
/// ```
/// use chessbot::vision::labels::glyph_text;
/// assert_eq!(glyph_text(0), None);
/// assert_eq!(glyph_text(1), Some('1'));
/// assert_eq!(glyph_text(16), Some('h'));
/// ```
pub fn glyph_text(class: usize) -> Option<char> {
    match class {
        1..=8 => char::from_digit(class as u32, 10),
        9..=16 => Some(char::from(b'a' + (class - 9) as u8)),
        _ => None,
    }
}

/// The glyph class of a label's text: `1`-`8` and `a`-`h` or `A`-`H`; anything else is 0.
pub fn glyph_class(text: char) -> usize {
    match text.to_ascii_lowercase() {
        c @ '1'..='8' => c as usize - '0' as usize,
        c @ 'a'..='h' => c as usize - 'a' as usize + 9,
        _ => 0,
    }
}

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Left of the board.
    Left,
    /// Right of the board.
    Right,
    /// Above the board.
    Top,
    /// Below the board.
    Bottom,
}

/// Where a glyph was looked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// A corner of the edge square in image cell (`row`, `col`), row 0 at the top.
    Corner {
        /// Image row of the square.
        row: usize,
        /// Image column of the square.
        col: usize,
        /// The corner: `(right, bottom)`.
        corner: (bool, bool),
    },
    /// The margin beside the board on `side`, level with image row `index` (left and right)
    /// or image column `index` (top and bottom).
    Margin {
        /// Which side.
        side: Side,
        /// The row or column.
        index: usize,
    },
}

impl Spot {
    /// The image row a digit found here stands in (`digit`), else the image column a letter
    /// stands in, row 0 and column 0 at the top left. The margins beside the board count as
    /// the row or column just off it (-1 or 8), where a label one square off its rank or file
    /// stands (see [`crate::vision::orient::from_labels`]), but only beyond the ends of the
    /// edge the labels run along: a digit above the middle of the board or a letter beside
    /// it (page text, a button) stands in no line.
    pub fn line(self, digit: bool) -> Option<isize> {
        let index = |i: usize| i as isize;
        match self {
            Spot::Corner { row, .. } if digit => Some(index(row)),
            Spot::Corner { col, .. } => Some(index(col)),
            Spot::Margin { side, index: i } => match (side, digit) {
                (Side::Left | Side::Right, true) | (Side::Top | Side::Bottom, false) => {
                    Some(index(i))
                }
                _ if i != 0 && i != 7 => None,
                (Side::Left, false) | (Side::Top, true) => Some(-1),
                (Side::Right, false) | (Side::Bottom, true) => Some(8),
            },
        }
    }
}

/// A rectangle of pixels `[x0, x1) × [y0, y1)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PixelBox {
    /// Left column.
    pub x0: i32,
    /// Top row.
    pub y0: i32,
    /// One past the right column.
    pub x1: i32,
    /// One past the bottom row.
    pub y1: i32,
}

impl PixelBox {
    fn width(&self) -> i32 {
        self.x1 - self.x0
    }

    fn height(&self) -> i32 {
        self.y1 - self.y0
    }

    /// The centre, in image pixels.
    pub fn center(&self) -> (f32, f32) {
        (
            (self.x0 + self.x1) as f32 / 2.0,
            (self.y0 + self.y1) as f32 / 2.0,
        )
    }

    /// Area of the overlap with `other` over the area of both together (0 to 1).
    pub fn overlap(&self, other: &PixelBox) -> f32 {
        let w = (self.x1.min(other.x1) - self.x0.max(other.x0)).max(0);
        let h = (self.y1.min(other.y1) - self.y0.max(other.y0)).max(0);
        let both = self.width() * self.height() + other.width() * other.height() - w * h;
        if both <= 0 {
            0.0
        } else {
            (w * h) as f32 / both as f32
        }
    }
}

/// A spot: where it is, its pixels, the corner or edge its glyphs lie nearest, which of its
/// sides a glyph may not touch (`[left, top, right, bottom]`), and where its background is read.
#[derive(Debug, Clone, Copy)]
struct SpotArea {
    spot: Spot,
    area: PixelBox,
    anchor: (f32, f32),
    closed: [bool; 4],
    background: PixelBox,
}

/// The spots of the board at `board` in an image of `width × height`: the corners of the 28
/// edge squares and the margin beside each edge row and column, clipped to the image (spots
/// left with no pixels are dropped).
fn spots(board: &BoardBox, width: u32, height: u32) -> Vec<SpotArea> {
    let (sw, sh) = board.square_size();
    let (ix, iy) = ((SPOT_INSET * sw).max(1.0), (SPOT_INSET * sh).max(1.0));
    let clip = |x0: f32, y0: f32, x1: f32, y1: f32| PixelBox {
        x0: (x0.round() as i32).clamp(0, width as i32),
        y0: (y0.round() as i32).clamp(0, height as i32),
        x1: (x1.round() as i32).clamp(0, width as i32),
        y1: (y1.round() as i32).clamp(0, height as i32),
    };
    // The corner spot's side along a square side of `side` pixels.
    let corner =
        |side: f32| (CORNER_SPOT * side).max(CORNER_SPOT_PIXELS.min(CORNER_SPOT_MOST * side));
    let (cw, ch) = (corner(sw), corner(sh));
    let mut out = Vec::new();
    for row in 0..8 {
        for col in 0..8 {
            if !(row == 0 || row == 7 || col == 0 || col == 7) {
                continue;
            }
            let (cx0, cy0, cx1, cy1) = board.cell_rect(row, col);
            for corner in [(false, false), (true, false), (false, true), (true, true)] {
                let (right, bottom) = corner;
                let (x0, x1) = if right {
                    (cx1 - cw, cx1 - ix)
                } else {
                    (cx0 + ix, cx0 + cw)
                };
                let (y0, y1) = if bottom {
                    (cy1 - ch, cy1 - iy)
                } else {
                    (cy0 + iy, cy0 + ch)
                };
                let area = clip(x0, y0, x1, y1);
                out.push(SpotArea {
                    spot: Spot::Corner { row, col, corner },
                    area,
                    anchor: (
                        if right { cx1 } else { cx0 },
                        if bottom { cy1 } else { cy0 },
                    ),
                    // The sides toward the square's middle.
                    closed: [right, bottom, !right, !bottom],
                    background: area,
                });
            }
        }
    }
    let (bx0, by0) = (board.x, board.y);
    let (bx1, by1) = (board.x + board.w, board.y + board.h);
    for index in 0..8 {
        let (cx0, cy0, cx1, cy1) = board.cell_rect(index, index);
        let (mw, mh) = (MARGIN_SPOT * sw, MARGIN_SPOT * sh);
        for side in [Side::Left, Side::Right, Side::Top, Side::Bottom] {
            // The spot, the band of it next to the board, and the edge it lies along.
            let (area, band, anchor) = match side {
                Side::Left => (
                    clip(bx0 - mw, cy0 + iy, bx0 - ix, cy1 - iy),
                    clip(bx0 - mw / 2.0, cy0 + iy, bx0 - ix, cy1 - iy),
                    (bx0, (cy0 + cy1) / 2.0),
                ),
                Side::Right => (
                    clip(bx1 + ix, cy0 + iy, bx1 + mw, cy1 - iy),
                    clip(bx1 + ix, cy0 + iy, bx1 + mw / 2.0, cy1 - iy),
                    (bx1, (cy0 + cy1) / 2.0),
                ),
                Side::Top => (
                    clip(cx0 + ix, by0 - mh, cx1 - ix, by0 - iy),
                    clip(cx0 + ix, by0 - mh / 2.0, cx1 - ix, by0 - iy),
                    ((cx0 + cx1) / 2.0, by0),
                ),
                Side::Bottom => (
                    clip(cx0 + ix, by1 + iy, cx1 - ix, by1 + mh),
                    clip(cx0 + ix, by1 + iy, cx1 - ix, by1 + mh / 2.0),
                    ((cx0 + cx1) / 2.0, by1),
                ),
            };
            // A glyph in the margin may touch the board's side of the spot only.
            let closed = match side {
                Side::Left => [true, true, false, true],
                Side::Right => [false, true, true, true],
                Side::Top => [true, true, true, false],
                Side::Bottom => [true, false, true, true],
            };
            out.push(SpotArea {
                spot: Spot::Margin { side, index },
                area,
                anchor,
                closed,
                background: band,
            });
        }
    }
    out.retain(|s| s.area.width() >= 2 && s.area.height() >= 2 && s.background.width() >= 1);
    out
}

/// A glyph found in a spot, ready to be read.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// Where it was found.
    pub spot: Spot,
    /// Its box of ink in the image.
    pub ink: PixelBox,
    /// Its ink resampled to [`GLYPH`] × [`GLYPH`], row by row, 0 (background) to 1 (the
    /// glyph's own full contrast).
    pub pixels: Vec<f32>,
}

/// The glyphs of the board at `board` in `img`: in every spot, the blobs of ink of a glyph's
/// size that lie inside it, nearest its corner or the board first, at most
/// [`GLYPHS_PER_SPOT`] a spot.
pub fn candidates(img: &RgbImage, board: &BoardBox) -> Vec<Candidate> {
    let (sw, sh) = board.square_size();
    let square = sw.min(sh);
    let mut out = Vec::new();
    if !(square.is_finite() && square >= 4.0) {
        return out;
    }
    for spot in spots(board, img.width(), img.height()) {
        let background = dominant_colour(img, &spot.background);
        let a = spot.area;
        let (w, h) = (a.width() as usize, a.height() as usize);
        let distance: Vec<f32> = (a.y0..a.y1)
            .flat_map(|y| (a.x0..a.x1).map(move |x| (x, y)))
            .map(|(x, y)| colour_distance(img, x, y, &background))
            .collect();
        // Ink stands out from the background's texture: the typical distance of the pixels
        // the background is read from.
        let band = spot.background;
        let mut sorted: Vec<f32> = if band == a {
            distance.clone()
        } else {
            (band.y0..band.y1)
                .flat_map(|y| (band.x0..band.x1).map(move |x| (x, y)))
                .map(|(x, y)| colour_distance(img, x, y, &background))
                .collect()
        };
        sorted.sort_by(f32::total_cmp);
        let texture = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
        let threshold = MIN_INK.max(INK_OVER_TEXTURE * texture);
        let mask: Vec<bool> = distance.iter().map(|&d| d > threshold).collect();
        let limit = match spot.spot {
            Spot::Corner { .. } => GLYPH_HEIGHT.1,
            Spot::Margin { .. } => GLYPH_HEIGHT.2,
        };
        let mut found: Vec<(f32, Blob)> = blobs(&mask, w, h)
            .into_iter()
            .filter(|b| {
                let (bw, bh) = (b.x1 - b.x0, b.y1 - b.y0);
                let touches = [b.x0 == 0, b.y0 == 0, b.x1 == w, b.y1 == h];
                (bh as f32) >= (GLYPH_HEIGHT.0 * square).max(4.0)
                    && (bh as f32) <= limit * square
                    && (bw as f32) <= GLYPH_WIDTH * bh as f32
                    && !touches.iter().zip(&spot.closed).any(|(&t, &c)| t && c)
            })
            .map(|b| {
                let cx = a.x0 as f32 + (b.x0 + b.x1) as f32 / 2.0;
                let cy = a.y0 as f32 + (b.y0 + b.y1) as f32 / 2.0;
                let far = (cx - spot.anchor.0).abs().max((cy - spot.anchor.1).abs());
                (far, b)
            })
            .collect();
        found.sort_by(|x, y| x.0.total_cmp(&y.0));
        // A label beside the board is one glyph level with its row or column; glyphs side by
        // side there are page text (a clock, a player's name), not a label.
        if matches!(spot.spot, Spot::Margin { .. }) && found.len() > 1 {
            continue;
        }
        for (_, b) in found.into_iter().take(GLYPHS_PER_SPOT) {
            let contrast = (b.y0..b.y1)
                .flat_map(|y| (b.x0..b.x1).map(move |x| y * w + x))
                .filter(|&i| mask[i])
                .map(|i| distance[i])
                .fold(0.0f32, f32::max);
            let ink = PixelBox {
                x0: a.x0 + b.x0 as i32,
                y0: a.y0 + b.y0 as i32,
                x1: a.x0 + b.x1 as i32,
                y1: a.y0 + b.y1 as i32,
            };
            out.push(Candidate {
                spot: spot.spot,
                ink,
                pixels: glyph_pixels(img, &ink, &a, &background, contrast),
            });
        }
    }
    out
}

/// The most common colour of the pixels in `area` (colours binned at 3 bits a channel), as the
/// mean of the pixels in that bin.
fn dominant_colour(img: &RgbImage, area: &PixelBox) -> [f32; 3] {
    let mut bins = vec![(0u32, [0u32; 3]); 512];
    for y in area.y0..area.y1 {
        for x in area.x0..area.x1 {
            let p = img.get_pixel(x as u32, y as u32).0;
            let bin = (usize::from(p[0] >> 5) << 6)
                | (usize::from(p[1] >> 5) << 3)
                | usize::from(p[2] >> 5);
            let e = &mut bins[bin];
            e.0 += 1;
            for (sum, v) in e.1.iter_mut().zip(p) {
                *sum += u32::from(v);
            }
        }
    }
    let (n, sum) = bins
        .iter()
        .max_by_key(|e| e.0)
        .copied()
        .unwrap_or((0, [0; 3]));
    sum.map(|s| s as f32 / n.max(1) as f32)
}

/// Summed R, G, B difference (0-765) of pixel `(x, y)` from `colour`; 0 outside the image.
fn colour_distance(img: &RgbImage, x: i32, y: i32, colour: &[f32; 3]) -> f32 {
    if x < 0 || y < 0 || x >= img.width() as i32 || y >= img.height() as i32 {
        return 0.0;
    }
    let p = img.get_pixel(x as u32, y as u32).0;
    (0..3).map(|c| (f32::from(p[c]) - colour[c]).abs()).sum()
}

/// A blob of ink: its box in the spot's pixels, `[x0, x1) × [y0, y1)`.
#[derive(Debug, Clone, Copy)]
struct Blob {
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
}

/// The 8-connected blobs of `mask` (`w × h`, row by row).
fn blobs(mask: &[bool], w: usize, h: usize) -> Vec<Blob> {
    let mut seen = vec![false; mask.len()];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..mask.len() {
        if !mask[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut b = Blob {
            x0: w,
            y0: h,
            x1: 0,
            y1: 0,
        };
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            b.x0 = b.x0.min(x);
            b.y0 = b.y0.min(y);
            b.x1 = b.x1.max(x + 1);
            b.y1 = b.y1.max(y + 1);
            for ny in y.saturating_sub(1)..(y + 2).min(h) {
                for nx in x.saturating_sub(1)..(x + 2).min(w) {
                    let j = ny * w + nx;
                    if mask[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        out.push(b);
    }
    out
}

/// The glyph in box `ink` resampled to [`GLYPH`] × [`GLYPH`]: a square around the box, a
/// [`GLYPH_PAD`] share of its side wider on every side, each output pixel the mean of 2 × 2
/// bilinear samples of the pixels' distance from `background` over `contrast`, capped at 1.
/// Pixels outside `spot` count as background: the next square, the board's edge or the page
/// beside a label in a corner are no part of it.
pub fn glyph_pixels(
    img: &RgbImage,
    ink: &PixelBox,
    spot: &PixelBox,
    background: &[f32; 3],
    contrast: f32,
) -> Vec<f32> {
    let (cx, cy) = ink.center();
    let side = ink.width().max(ink.height()) as f32 * (1.0 + 2.0 * GLYPH_PAD);
    let step = side / GLYPH as f32;
    let (left, top) = (cx - side / 2.0, cy - side / 2.0);
    let scale = 1.0 / contrast.max(1.0);
    // Distance at a point, bilinear between the four pixels around it (pixel centres at +0.5).
    let at = |x: f32, y: f32| {
        let (fx, fy) = (x - 0.5, y - 0.5);
        let (x0, y0) = (fx.floor(), fy.floor());
        let (tx, ty) = (fx - x0, fy - y0);
        let (x0, y0) = (x0 as i32, y0 as i32);
        let d = |dx: i32, dy: i32| {
            let (x, y) = (x0 + dx, y0 + dy);
            let inside = x >= spot.x0 && x < spot.x1 && y >= spot.y0 && y < spot.y1;
            if inside {
                colour_distance(img, x, y, background)
            } else {
                0.0
            }
        };
        (d(0, 0) * (1.0 - tx) + d(1, 0) * tx) * (1.0 - ty)
            + (d(0, 1) * (1.0 - tx) + d(1, 1) * tx) * ty
    };
    let mut out = Vec::with_capacity(GLYPH * GLYPH);
    for gy in 0..GLYPH {
        for gx in 0..GLYPH {
            let mut sum = 0.0;
            for (sx, sy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                sum += at(
                    left + (gx as f32 + sx) * step,
                    top + (gy as f32 + sy) * step,
                );
            }
            out.push((sum / 4.0 * scale).min(1.0));
        }
    }
    out
}

/// The glyph network's weights (`assets/vision/glyphs.safetensors`), compiled in.
static GLYPH_WEIGHTS: &[u8] = include_bytes!("../../assets/vision/glyphs.safetensors");

/// Widths of the glyph network's two convolutions and its hidden layer.
pub const GLYPH_WIDTHS: [usize; 3] = [8, 16, 48];

/// A 3×3 convolution (padding 1) on channels-last pixels: `kernel` is `[3][3][cin][cout]`.
struct Conv {
    cin: usize,
    cout: usize,
    kernel: Vec<f32>,
    bias: Vec<f32>,
}

/// A fully connected layer: `weight` is `[outputs][inputs]`.
struct Dense {
    inputs: usize,
    outputs: usize,
    weight: Vec<f32>,
    bias: Vec<f32>,
}

/// The glyph reader: two 3×3 convolutions with ReLU and 2×2 max-pooling, a hidden layer and
/// [`GLYPH_CLASSES`] outputs, on [`GLYPH`]-pixel glyphs of one channel. Its weights are the
/// safetensors file `chessbot vision train-glyphs` writes (`c1`, `c2`, `f1`, `f2`, as candle's
/// `Conv2d` and `Linear` name them).
pub struct GlyphNet {
    convs: [Conv; 2],
    hidden: Dense,
    head: Dense,
}

impl std::fmt::Debug for GlyphNet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GlyphNet")
            .field(
                "widths",
                &[self.convs[0].cout, self.convs[1].cout, self.hidden.outputs],
            )
            .finish()
    }
}

impl GlyphNet {
    /// The network compiled into the binary.
    pub fn embedded() -> &'static GlyphNet {
        static NET: OnceLock<GlyphNet> = OnceLock::new();
        NET.get_or_init(|| {
            GlyphNet::from_safetensors(GLYPH_WEIGHTS)
                .expect("the embedded glyph network is a valid glyph network")
        })
    }

    /// The network in safetensors `bytes` (float16 or float32), any widths.
    pub fn from_safetensors(bytes: &[u8]) -> candle_core::Result<GlyphNet> {
        use crate::vision::inference::Weights;
        let weights = Weights::deserialize(bytes)?;
        let conv = |name: &str, cin: usize| -> candle_core::Result<Conv> {
            let Some(dims) = weights.dims(&format!("{name}.weight")) else {
                candle_core::bail!("the weights have no {name}")
            };
            let cout = dims.first().copied().unwrap_or(0);
            let w = weights.values(&format!("{name}.weight"), &[cout, cin, 3, 3])?;
            let mut kernel = vec![0.0; 9 * cin * cout];
            for o in 0..cout {
                for c in 0..cin {
                    for k in 0..9 {
                        kernel[(k * cin + c) * cout + o] = w[(o * cin + c) * 9 + k];
                    }
                }
            }
            Ok(Conv {
                cin,
                cout,
                kernel,
                bias: weights.values(&format!("{name}.bias"), &[cout])?,
            })
        };
        let dense = |name: &str, inputs: usize| -> candle_core::Result<Dense> {
            let Some(dims) = weights.dims(&format!("{name}.weight")) else {
                candle_core::bail!("the weights have no {name}")
            };
            let outputs = dims.first().copied().unwrap_or(0);
            Ok(Dense {
                inputs,
                outputs,
                weight: weights.values(&format!("{name}.weight"), &[outputs, inputs])?,
                bias: weights.values(&format!("{name}.bias"), &[outputs])?,
            })
        };
        let c1 = conv("c1", 1)?;
        let c2 = conv("c2", c1.cout)?;
        let cells = (GLYPH / 4) * (GLYPH / 4);
        let hidden = dense("f1", c2.cout * cells)?;
        let head = dense("f2", hidden.outputs)?;
        if head.outputs != GLYPH_CLASSES {
            candle_core::bail!(
                "the glyph network has {} outputs, not {GLYPH_CLASSES}",
                head.outputs
            )
        }
        Ok(GlyphNet {
            convs: [c1, c2],
            hidden,
            head,
        })
    }

    /// The probability of each glyph class for one glyph ([`Candidate::pixels`]).
    pub fn probabilities(&self, pixels: &[f32]) -> [f32; GLYPH_CLASSES] {
        let mut x = pixels.to_vec();
        x.resize(GLYPH * GLYPH, 0.0);
        let mut side = GLYPH;
        for conv in &self.convs {
            x = conv_relu_pool(&x, side, conv);
            side /= 2;
        }
        // Channels-last to channel-major, the order candle's flatten reads.
        let c = self.convs[1].cout;
        let cells = side * side;
        let flat: Vec<f32> = (0..c)
            .flat_map(|ch| (0..cells).map(move |p| (ch, p)))
            .map(|(ch, p)| x[p * c + ch])
            .collect();
        let hidden: Vec<f32> = dense(&self.hidden, &flat)
            .into_iter()
            .map(|v| v.max(0.0))
            .collect();
        let logits = dense(&self.head, &hidden);
        let most = logits.iter().copied().fold(f32::MIN, f32::max);
        let exp: Vec<f32> = logits.iter().map(|v| (v - most).exp()).collect();
        let sum: f32 = exp.iter().sum();
        std::array::from_fn(|i| exp.get(i).copied().unwrap_or(0.0) / sum)
    }
}

/// A 3×3 convolution with padding 1 on the channels-last `side × side` image `x`, then ReLU and
/// 2×2 max-pooling: a channels-last `side/2 × side/2` image.
fn conv_relu_pool(x: &[f32], side: usize, conv: &Conv) -> Vec<f32> {
    let (cin, cout) = (conv.cin, conv.cout);
    let mut full = vec![0.0f32; side * side * cout];
    for y in 0..side {
        for xx in 0..side {
            let out = &mut full[(y * side + xx) * cout..][..cout];
            out.copy_from_slice(&conv.bias);
            for ky in 0..3 {
                let sy = y + ky;
                if sy < 1 || sy > side {
                    continue;
                }
                for kx in 0..3 {
                    let sx = xx + kx;
                    if sx < 1 || sx > side {
                        continue;
                    }
                    let input = &x[((sy - 1) * side + sx - 1) * cin..][..cin];
                    let kernel = &conv.kernel[(ky * 3 + kx) * cin * cout..][..cin * cout];
                    for (v, row) in input.iter().zip(kernel.chunks_exact(cout)) {
                        for (o, k) in out.iter_mut().zip(row) {
                            *o += v * k;
                        }
                    }
                }
            }
        }
    }
    let half = side / 2;
    let mut pooled = vec![0.0f32; half * half * cout];
    for y in 0..half {
        for xx in 0..half {
            let out = &mut pooled[(y * half + xx) * cout..][..cout];
            for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let src = &full[((2 * y + dy) * side + 2 * xx + dx) * cout..][..cout];
                for (o, s) in out.iter_mut().zip(src) {
                    *o = o.max(*s);
                }
            }
        }
    }
    // Max-pooling of ReLU outputs: the zeros pooled starts with are the ReLU.
    pooled
}

fn dense(layer: &Dense, x: &[f32]) -> Vec<f32> {
    layer
        .weight
        .chunks_exact(layer.inputs.max(1))
        .zip(&layer.bias)
        .map(|(row, b)| b + row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>())
        .collect()
}

/// A glyph read on or beside the board as a label.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LabelReading {
    /// What it most likely says: `1`-`8` or `a`-`h`.
    pub text: char,
    /// Where it was found.
    pub spot: Spot,
    /// Its centre in image pixels.
    pub x: f32,
    /// Its centre in image pixels.
    pub y: f32,
    /// The network's probability of `text`.
    pub confidence: f32,
    /// The network's probability of every glyph class ([`glyph_text`]).
    pub probabilities: [f32; GLYPH_CLASSES],
}

impl LabelReading {
    /// The reading of a glyph found at `spot` with its centre at `(x, y)` whose classes have
    /// `probabilities`, if its likeliest class is a label.
    pub fn new(
        spot: Spot,
        (x, y): (f32, f32),
        probabilities: [f32; GLYPH_CLASSES],
    ) -> Option<Self> {
        let (class, &confidence) = probabilities
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))?;
        Some(LabelReading {
            text: glyph_text(class)?,
            spot,
            x,
            y,
            confidence,
            probabilities,
        })
    }

    /// The probability that this glyph says `text` (`1`-`8`, `a`-`h`).
    pub fn probability(&self, text: char) -> f32 {
        match glyph_class(text) {
            0 => 0.0,
            class => self.probabilities[class],
        }
    }
}

/// The glyphs of the board at `board` in `img` that `net` reads as labels rather than as no
/// label, however unsure: how far each points one way or the other is weighed in
/// [`crate::vision::orient::from_labels`].
pub fn read(img: &RgbImage, board: &BoardBox, net: &GlyphNet) -> Vec<LabelReading> {
    candidates(img, board)
        .into_iter()
        .filter_map(|c| LabelReading::new(c.spot, c.ink.center(), net.probabilities(&c.pixels)))
        .collect()
}

/// A label as `recognize --json` reports it: what it says, the square it is drawn in (inside
/// the board) or the side of the board it stands beside, where, and how sure the network is.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Label {
    /// `1`-`8` or `a`-`h`.
    pub text: String,
    /// The square it is drawn in, once the orientation is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    /// The side of the board it stands beside.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edge: Option<Side>,
    /// Its centre in image pixels.
    pub x: f32,
    /// Its centre in image pixels.
    pub y: f32,
    /// The network's probability of `text`.
    pub confidence: f32,
}

impl LabelReading {
    /// This label as reported for a board with black at the bottom (`flipped`) or white.
    pub fn located(&self, flipped: bool) -> Label {
        let (square, edge) = match self.spot {
            Spot::Corner { row, col, .. } => (
                Some(crate::vision::geometry::cell_square(row, col, flipped).to_string()),
                None,
            ),
            Spot::Margin { side, .. } => (None, Some(side)),
        };
        Label {
            text: self.text.to_string(),
            square,
            edge,
            x: self.x,
            y: self.y,
            confidence: self.confidence,
        }
    }
}
