//! Promotion choosers: where a GUI shows the pieces a pawn can become, found by their icons.
//!
//! GUIs ask in different places: a column of pieces over the board from the promotion square
//! (lichess, chess.com), a modal dialog with four piece buttons (GNOME Chess, PyChess), a
//! popup menu. Whatever the place, the chooser is four piece pictures in a row or a column that
//! appeared after the pawn was moved: the frame before our gesture and the frame now are
//! compared, the pictures in what changed (and in the board's cells below the promotion square)
//! are read by the square classifier, and a line of a queen, a rook, a bishop and a knight is
//! the chooser.

use super::AutoplayError;
use super::geometry::{BoardOnScreen, CapturePoint, CaptureRect, Frame};
use super::params::{
    CHOOSER_ALIGN, CHOOSER_CHANGE, CHOOSER_SQUARE_CHANGED, ICON_ASPECT, ICON_FILL, ICON_MAX,
    ICON_MIN, ICON_SURE, INK_CONTRAST,
};
use super::reader::BoardReader;
use image::RgbImage;
use shakmaty::{Board, Color, Piece, Role, Square};

/// A promotion chooser found on the screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Chooser {
    /// Each piece the chooser offers and where its icon is (capture pixels).
    pub icons: Vec<(Piece, CaptureRect)>,
}

impl Chooser {
    /// Where to click for `role`, if the chooser offers it.
    pub fn icon(&self, role: Role) -> Option<CapturePoint> {
        self.icons
            .iter()
            .find(|(p, _)| p.role == role)
            .map(|(_, r)| r.center())
    }
}

const PROMOTABLE: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Looks for a promotion chooser in `now` that was not in `before` (the frame read before our
/// gesture, showing `known`), for a pawn of `side` promoting on `to` of the board at `place`.
/// Icons are taken only with the piece of `side` (a GUI shows the promoting side's pieces) or,
/// where the colour is misread, with all four pieces in one line.
pub fn find_chooser(
    reader: &mut dyn BoardReader,
    before: &Frame,
    now: &Frame,
    place: &BoardOnScreen,
    known: &Board,
    to: Square,
    side: Color,
) -> Result<Option<Chooser>, AutoplayError> {
    if before.image.dimensions() != now.image.dimensions() {
        return Ok(None);
    }
    let changed = changed_mask(&before.image, &now.image);
    let side_px = place.square_side();
    let mut boxes = column_cells(place, to, &changed, now.image.width());
    for region in regions(&changed, now.image.width(), now.image.height(), side_px) {
        boxes.extend(icons_in(&now.image, region, side_px));
    }
    if boxes.is_empty() {
        return Ok(None);
    }
    let read = reader.read_pictures(now, &boxes)?;
    // A picture where the known position has that very piece is the piece, not an icon.
    let candidates: Vec<(Piece, f32, CaptureRect)> = boxes
        .iter()
        .zip(read)
        .filter_map(|(b, r)| {
            let (piece, sure) = r?;
            let on_board = place.square_under(b.center());
            let same = on_board.is_some_and(|sq| known.piece_at(sq) == Some(piece));
            (PROMOTABLE.contains(&piece.role) && sure >= ICON_SURE && !same)
                .then_some((piece, sure, *b))
        })
        .collect();
    Ok(best_line(&candidates, side))
}

/// The line of icons (a row or a column of similar boxes) with the most different promotable
/// pieces: all four, or three of `side`'s colour.
fn best_line(candidates: &[(Piece, f32, CaptureRect)], side: Color) -> Option<Chooser> {
    let mut best: Option<(usize, bool, f32, Chooser)> = None;
    for (_, _, anchor) in candidates {
        for across in [false, true] {
            let members: Vec<&(Piece, f32, CaptureRect)> = candidates
                .iter()
                .filter(|(_, _, b)| in_line(anchor, b, across))
                .collect();
            // The surest icon of each role.
            let mut icons: Vec<(Piece, f32, CaptureRect)> = Vec::new();
            for &&(piece, sure, rect) in &members {
                match icons.iter_mut().find(|(p, _, _)| p.role == piece.role) {
                    Some(slot) if slot.1 >= sure => {}
                    Some(slot) => *slot = (piece, sure, rect),
                    None => icons.push((piece, sure, rect)),
                }
            }
            let ours = icons.iter().all(|(p, _, _)| p.color == side);
            let roles = icons.len();
            if roles < 3 || (roles == 3 && !ours) {
                continue;
            }
            let sureness: f32 = icons.iter().map(|(_, s, _)| s).sum();
            let key = (roles, ours, sureness);
            if best
                .as_ref()
                .is_none_or(|(r, o, s, _)| (key.0, key.1, key.2) > (*r, *o, *s))
            {
                let chooser = Chooser {
                    icons: icons.into_iter().map(|(p, _, r)| (p, r)).collect(),
                };
                best = Some((roles, ours, sureness, chooser));
            }
        }
    }
    best.map(|(_, _, _, c)| c)
}

/// Whether `b` lies in the row (or, `across`, the column) of `a` and is about its size.
fn in_line(a: &CaptureRect, b: &CaptureRect, across: bool) -> bool {
    let size = a.w.max(a.h);
    let (ca, cb) = (a.center(), b.center());
    let off = if across { ca.x - cb.x } else { ca.y - cb.y };
    off.abs() <= CHOOSER_ALIGN * size && (a.w - b.w).abs() <= CHOOSER_ALIGN * size
}

/// Per pixel of `now`: whether it changed since `before` (same size).
fn changed_mask(before: &RgbImage, now: &RgbImage) -> Vec<bool> {
    before
        .pixels()
        .zip(now.pixels())
        .map(|(a, b)| {
            a.0.iter()
                .zip(b.0)
                .any(|(x, y)| x.abs_diff(y) > CHOOSER_CHANGE)
        })
        .collect()
}

/// The board's cells from the promotion square towards the centre, four of them, where they
/// changed: a chooser drawn over the board in the grid.
fn column_cells(
    place: &BoardOnScreen,
    to: Square,
    changed: &[bool],
    width: u32,
) -> Vec<CaptureRect> {
    let (col, row) = place.cell(to);
    (0..4)
        .map(|i| if row == 0 { i } else { 7 - i })
        .map(|r| place.square_rect(place.square_at(col, r)))
        .filter(|cell| share_changed(cell, changed, width) > CHOOSER_SQUARE_CHANGED)
        .collect()
}

/// The share of the pixels of `rect` that changed.
fn share_changed(rect: &CaptureRect, changed: &[bool], width: u32) -> f32 {
    let height = changed.len() as u32 / width.max(1);
    let x0 = rect.x.max(0.0) as u32;
    let y0 = rect.y.max(0.0) as u32;
    let x1 = ((rect.x + rect.w) as u32).min(width);
    let y1 = ((rect.y + rect.h) as u32).min(height);
    let mut n = 0usize;
    let mut hit = 0usize;
    for y in y0..y1 {
        for x in x0..x1 {
            n += 1;
            hit += usize::from(changed[(y * width + x) as usize]);
        }
    }
    if n == 0 { 0.0 } else { hit as f32 / n as f32 }
}

/// A box of pixels, inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
}

impl Span {
    fn w(&self) -> u32 {
        self.x1 - self.x0 + 1
    }

    fn h(&self) -> u32 {
        self.y1 - self.y0 + 1
    }
}

/// The boxes of the 8-connected parts of `mask` (`width` × `height`), each part grown by
/// `reach` pixels first so that parts that nearly touch are one.
fn components(mask: &[bool], width: u32, height: u32, reach: u32) -> Vec<Span> {
    let (w, h) = (width as usize, height as usize);
    let grown: Vec<bool> = if reach == 0 {
        mask.to_vec()
    } else {
        let r = reach as usize;
        // Rows then columns: a pixel is set when one within `reach` was.
        let mut rows = vec![false; w * h];
        for y in 0..h {
            for x in 0..w {
                let lo = x.saturating_sub(r);
                let hi = (x + r).min(w - 1);
                rows[y * w + x] = (lo..=hi).any(|xx| mask[y * w + xx]);
            }
        }
        let mut out = vec![false; w * h];
        for y in 0..h {
            let lo = y.saturating_sub(r);
            let hi = (y + r).min(h - 1);
            for x in 0..w {
                out[y * w + x] = (lo..=hi).any(|yy| rows[yy * w + x]);
            }
        }
        out
    };
    let mut seen = vec![false; w * h];
    let mut spans = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if !grown[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut span = Span {
            x0: u32::MAX,
            y0: u32::MAX,
            x1: 0,
            y1: 0,
        };
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            // Only the pixels of the mask itself count towards the box.
            if mask[i] {
                span.x0 = span.x0.min(x as u32);
                span.y0 = span.y0.min(y as u32);
                span.x1 = span.x1.max(x as u32);
                span.y1 = span.y1.max(y as u32);
            }
            for dy in -1i64..=1 {
                for dx in -1i64..=1 {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                        continue;
                    }
                    let j = ny as usize * w + nx as usize;
                    if grown[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        if span.x0 <= span.x1 {
            spans.push(span);
        }
    }
    spans
}

/// The changed regions big enough to hold an icon, each with a margin of half a square
/// around it (an icon may be all that changed, its background being the page's).
fn regions(changed: &[bool], width: u32, height: u32, square: f32) -> Vec<Span> {
    let least = (ICON_MIN * square) as u32;
    let margin = (square / 2.0).max(4.0) as u32;
    components(changed, width, height, 2)
        .into_iter()
        .filter(|s| s.w() >= least && s.h() >= least)
        .map(|s| Span {
            x0: s.x0.saturating_sub(margin),
            y0: s.y0.saturating_sub(margin),
            x1: (s.x1 + margin).min(width - 1),
            y1: (s.y1 + margin).min(height - 1),
        })
        .collect()
}

/// The boxes that may hold an icon inside `region` of `image`: the parts drawn in a colour
/// other than the region's background, of a piece's size and shape, each in a square box that
/// it fills as a piece fills its square.
fn icons_in(image: &RgbImage, region: Span, square: f32) -> Vec<CaptureRect> {
    let (rw, rh) = (region.w(), region.h());
    let pixel = |x: u32, y: u32| image.get_pixel(region.x0 + x, region.y0 + y).0;
    let background = most_common_colour(
        (0..rh)
            .flat_map(|y| (0..rw).map(move |x| (x, y)))
            .map(|(x, y)| pixel(x, y)),
    );
    let ink: Vec<bool> = (0..rh)
        .flat_map(|y| (0..rw).map(move |x| (x, y)))
        .map(|(x, y)| {
            pixel(x, y)
                .iter()
                .zip(background)
                .any(|(a, b)| a.abs_diff(b) > INK_CONTRAST)
        })
        .collect();
    let (least, most) = (ICON_MIN * square, ICON_MAX * square);
    components(&ink, rw, rh, 1)
        .into_iter()
        .filter_map(|s| {
            let (w, h) = (s.w() as f32, s.h() as f32);
            let size = w.max(h);
            let shaped = w.max(h) / w.min(h).max(1.0) <= ICON_ASPECT;
            (size >= least && size <= most && shaped).then(|| {
                let centre = CapturePoint {
                    x: region.x0 as f32 + (s.x0 + s.x1 + 1) as f32 / 2.0,
                    y: region.y0 as f32 + (s.y0 + s.y1 + 1) as f32 / 2.0,
                };
                CaptureRect::square_around(centre, size / ICON_FILL)
            })
        })
        .collect()
}

/// The most common colour among `pixels`, to 1/8 of each channel's range (the centre of its
/// box).
fn most_common_colour(pixels: impl Iterator<Item = [u8; 3]>) -> [u8; 3] {
    let mut counts = vec![0u32; 512];
    let bin = |p: [u8; 3]| {
        ((p[0] >> 5) as usize) << 6 | ((p[1] >> 5) as usize) << 3 | (p[2] >> 5) as usize
    };
    let mut sums = vec![[0u64; 3]; 512];
    for p in pixels {
        let b = bin(p);
        counts[b] += 1;
        for c in 0..3 {
            sums[b][c] += u64::from(p[c]);
        }
    }
    let (best, n) = counts
        .iter()
        .enumerate()
        .max_by_key(|&(_, n)| *n)
        .map(|(b, n)| (b, *n))
        .unwrap_or((0, 0));
    if n == 0 {
        return [0, 0, 0];
    }
    std::array::from_fn(|c| (sums[best][c] / u64::from(n)) as u8)
}
