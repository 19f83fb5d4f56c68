//! Arrows drawn over the board (analysis arrows on lichess, chess.com and GUIs), found and
//! taken off, so that the pieces under them can be read again without them
//! ([`super::classify::Classifier::classify_board`]).
//!
//! An arrow is one translucent colour laid over a straight band from one square's centre
//! towards another's. Where it crosses empty squares of both colours, its pixels tell how it
//! was laid: over the light colour `L` it shows `m_L = a·C + k·L`, over the dark `D`
//! `m_D = a·C + k·D`, so `m_L − m_D = k·(L − D)` gives the share `k` of what lies under it
//! that still shows through, and `a·C = m_L − k·L` ([`Lay`]). Each pixel of the band that such
//! a blend can have made is then unblended, `(p − a·C) / k`, which gives a piece under the
//! arrow its own colours back: the network reads an arrow's colour as part of the piece under
//! it, and arrows are the screenshot artefact that misleads it most.

use super::geometry::BoardBox;
use super::params::arrows::*;
use super::squares::{median, square_colours};
use image::RgbImage;
use std::collections::HashMap;

/// How an arrow is laid over what it covers: `shown = over + through · covered`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lay {
    /// The arrow's own share of what is shown, `a·C`.
    pub over: [f32; 3],
    /// The share of the covered colour that shows through, `k` (one less the opacity).
    pub through: f32,
}

impl Lay {
    /// The colour under `shown`, if this lay can have made it (each channel within
    /// `SLACK` of 0-255), clamped to 0-255.
    pub fn under(&self, shown: [f32; 3]) -> Option<[f32; 3]> {
        let mut out = [0.0; 3];
        for c in 0..3 {
            let v = (shown[c] - self.over[c]) / self.through;
            if !(-SLACK..=255.0 + SLACK).contains(&v) {
                return None;
            }
            out[c] = v.clamp(0.0, 255.0);
        }
        Some(out)
    }

    /// What this lay shows over `covered`.
    fn shown_over(&self, covered: [f32; 3]) -> [f32; 3] {
        std::array::from_fn(|c| self.over[c] + self.through * covered[c])
    }
}

/// A screenshot with the arrows over its board taken off ([`take_off`]).
#[derive(Debug, Clone)]
pub struct Cleared {
    /// The whole screenshot, the arrows' pixels unblended.
    pub image: RgbImage,
    /// The cells (`row * 8 + col`) with a pixel changed.
    pub cells: Vec<usize>,
}

/// An arrow found over the board: between the centres of two image cells (`row * 8 + col`,
/// row 0 at the top of the image; which end is the head is not told) and how it is laid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arrow {
    /// One end's cell.
    pub from: usize,
    /// The other end's cell.
    pub to: usize,
    /// How it is laid over the board.
    pub lay: Lay,
    /// Half-width of its shaft, in pixels, as measured over bare squares.
    pub half_width: f32,
}

/// A candidate before the choice: its samples in the arrow's colours, and its score.
struct Candidate {
    arrow: Arrow,
    matched: Vec<(f32, f32)>,
    score: f32,
}

/// The arrows over `board` in `img`, the surest first. Arrows that cross no empty square of
/// each colour (a diagonal one keeps to one colour) are found only when they match the lay
/// of one that does.
pub fn find(img: &RgbImage, board: &BoardBox) -> Vec<Arrow> {
    let (sw, sh) = board.square_size();
    if !board.fits_in(img.width(), img.height()) || sw.min(sh) < 8.0 {
        return Vec::new();
    }
    let Some(usual) = square_colours(img, board) else {
        return Vec::new();
    };
    let mut two_coloured = Vec::new();
    let mut one_coloured = Vec::new();
    for a in 0..64 {
        for b in a + 1..64 {
            match candidate(img, board, &usual, a, b) {
                Some(Line::Fitted(c)) => two_coloured.push(c),
                Some(Line::OneColour(parity, colour, matched, score)) => {
                    one_coloured.push((a, b, parity, colour, matched, score))
                }
                None => {}
            }
        }
    }
    let by_score = |x: &Candidate, y: &Candidate| y.score.total_cmp(&x.score);
    two_coloured.sort_by(by_score);
    let mut chosen: Vec<Candidate> = Vec::new();
    for c in two_coloured {
        if !explained(&c, &chosen, sw.min(sh)) {
            chosen.push(c);
        }
    }
    let fits: Vec<(Lay, f32)> = chosen
        .iter()
        .map(|c| (c.arrow.lay, c.matched.len() as f32))
        .collect();
    for (c, lay) in chosen.iter_mut().zip(pooled(&fits, &usual)) {
        c.arrow.lay = lay;
    }
    // A one-coloured line is an arrow when it has the colour of one found on both colours.
    let lays: Vec<(Lay, f32)> = chosen
        .iter()
        .map(|c| (c.arrow.lay, c.arrow.half_width))
        .collect();
    let mut extra: Vec<Candidate> = one_coloured
        .into_iter()
        .filter_map(|(a, b, parity, colour, matched, score)| {
            let (lay, half_width) = lays.iter().copied().find(|(lay, _)| {
                let want = lay.shown_over(usual[parity]);
                (0..3).all(|c| (want[c] - colour[c]).abs() <= MATCH)
            })?;
            Some(Candidate {
                arrow: Arrow {
                    from: a,
                    to: b,
                    lay,
                    half_width,
                },
                matched,
                score,
            })
        })
        .collect();
    extra.sort_by(by_score);
    for c in extra {
        if !explained(&c, &chosen, sw.min(sh)) {
            chosen.push(c);
        }
    }
    chosen.into_iter().map(|c| c.arrow).collect()
}

/// Each of `fits` (a line's lay and its weight, its matched samples) as the weighted mean of
/// the lays that show its colour over both square colours `usual`: arrows of one colour share
/// one lay. Each line's fit is off by a few levels, and where two arrows cross, each unblends
/// the pixels in turn, so lays a little apart in `through` would leave a stripe lighter than
/// the square across the crossing, which the network can read as a pawn.
fn pooled(fits: &[(Lay, f32)], usual: &[[f32; 3]; 2]) -> Vec<Lay> {
    fits.iter()
        .map(|(lay, _)| {
            let same: Vec<&(Lay, f32)> = fits
                .iter()
                .filter(|(other, _)| {
                    usual.iter().all(|&u| {
                        largest_difference(&other.shown_over(u), &lay.shown_over(u)) <= MATCH
                    })
                })
                .collect();
            let total: f32 = same.iter().map(|(_, w)| w).sum();
            let mean =
                |f: &dyn Fn(&Lay) -> f32| same.iter().map(|(l, w)| w * f(l)).sum::<f32>() / total;
            Lay {
                over: std::array::from_fn(|c| mean(&|l: &Lay| l.over[c])),
                through: mean(&|l: &Lay| l.through),
            }
        })
        .collect()
}

/// Whether most of `c`'s matched samples lie on arrows already chosen.
fn explained(c: &Candidate, chosen: &[Candidate], square: f32) -> bool {
    let near = |p: (f32, f32)| {
        chosen.iter().any(|k| {
            k.matched
                .iter()
                .any(|q| (p.0 - q.0).hypot(p.1 - q.1) < SAME_SAMPLE * square)
        })
    };
    let on = c.matched.iter().filter(|&&p| near(p)).count();
    2 * on >= c.matched.len()
}

/// What the line between two cells' centres shows.
enum Line {
    /// An arrow over both square colours, its lay fitted.
    Fitted(Candidate),
    /// A line of one colour over one square colour (the parity given): an arrow whose lay
    /// its pixels cannot tell.
    OneColour(usize, [f32; 3], Vec<(f32, f32)>, f32),
}

/// The arrow that may lie between cells `a` and `b`, from samples along the line between
/// their centres.
fn candidate(
    img: &RgbImage,
    board: &BoardBox,
    usual: &[[f32; 3]; 2],
    a: usize,
    b: usize,
) -> Option<Line> {
    let (sw, sh) = board.square_size();
    let square = sw.min(sh);
    let p0 = board.cell_center(a / 8, a % 8);
    let p1 = board.cell_center(b / 8, b % 8);
    let (dx, dy) = (p1.0 - p0.0, p1.1 - p0.1);
    let len = dx.hypot(dy);
    if len < MIN_LENGTH * square {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let step = square / SAMPLES_PER_SQUARE;
    let mut bare = 0usize;
    let mut total = 0usize;
    // (parity, position, colour) of samples that are not the bare square.
    let mut marked: Vec<(usize, (f32, f32), [f32; 3])> = Vec::new();
    let mut t = END_GAP * square;
    while t <= len - END_GAP * square {
        let (x, y) = (p0.0 + ux * t, p0.1 + uy * t);
        t += step;
        // Samples within a pixel of a cell's edge may take the other cell's colour.
        let (fx, fy) = ((x - board.x) / sw, (y - board.y) / sh);
        let (col, row) = (fx.floor(), fy.floor());
        if (fx - col) * sw < 1.0
            || (col + 1.0 - fx) * sw < 1.0
            || (fy - row) * sh < 1.0
            || (row + 1.0 - fy) * sh < 1.0
            || !(0.0..8.0).contains(&col)
            || !(0.0..8.0).contains(&row)
        {
            continue;
        }
        let parity = (row as usize + col as usize) % 2;
        let colour = pixel(img, x, y)?;
        total += 1;
        if largest_difference(&colour, &usual[parity]) < BARE {
            bare += 1;
        } else {
            marked.push((parity, (x, y), colour));
        }
    }
    if total == 0 || bare as f32 > BARE_SHARE * total as f32 {
        return None;
    }
    let mut shown: [Option<[f32; 3]>; 2] = [None; 2];
    for (parity, slot) in shown.iter_mut().enumerate() {
        let here: Vec<[f32; 3]> = marked
            .iter()
            .filter(|m| m.0 == parity)
            .map(|m| m.2)
            .collect();
        *slot = densest(&here);
    }
    let matched: Vec<(usize, (f32, f32))> = marked
        .iter()
        .filter(|m| shown[m.0].is_some_and(|s| largest_difference(&m.2, &s) <= MATCH))
        .map(|m| (m.0, m.1))
        .collect();
    if matched.len() < MIN_MATCHED || (matched.len() as f32) < MATCH_SHARE * total as f32 {
        return None;
    }
    for parity in 0..2 {
        if let Some(s) = shown[parity]
            && largest_difference(&s, &usual[parity]) < MIN_CONTRAST
        {
            return None;
        }
    }
    // The line's score: its matched samples, less half of those over something else.
    let score = matched.len() as f32 - 0.5 * (total - bare - matched.len()) as f32;
    let positions: Vec<(f32, f32)> = matched.iter().map(|m| m.1).collect();
    let counts = [0, 1].map(|p| matched.iter().filter(|m| m.0 == p).count());
    if counts[0] < 2 || counts[1] < 2 {
        let parity = usize::from(counts[1] > counts[0]);
        let colour = shown[parity]?;
        return Some(Line::OneColour(parity, colour, positions, score));
    }
    let (m0, m1) = (shown[0]?, shown[1]?);
    let gap: [f32; 3] = std::array::from_fn(|c| usual[0][c] - usual[1][c]);
    let norm = gap.iter().map(|g| g * g).sum::<f32>();
    if norm < MIN_SQUARE_GAP * MIN_SQUARE_GAP {
        return None;
    }
    let seen: [f32; 3] = std::array::from_fn(|c| m0[c] - m1[c]);
    let through = (0..3).map(|c| seen[c] * gap[c]).sum::<f32>() / norm;
    if !(THROUGH.0..=THROUGH.1).contains(&through) {
        return None;
    }
    if (0..3).any(|c| (seen[c] - through * gap[c]).abs() > FIT) {
        return None;
    }
    let lay = Lay {
        over: std::array::from_fn(|c| m0[c] - through * usual[0][c]),
        through,
    };
    let half_width = shaft_half_width(img, board, usual, &lay, &positions, (ux, uy))?;
    Some(Line::Fitted(Candidate {
        arrow: Arrow {
            from: a,
            to: b,
            lay,
            half_width,
        },
        matched: positions,
        score,
    }))
}

/// The colour most of `colours` lie near (within [`MATCH`] of one of them, the most), as
/// the mean of those near it: an arrow's samples over one square colour agree, those over
/// pieces scatter.
fn densest(colours: &[[f32; 3]]) -> Option<[f32; 3]> {
    let near = |a: &[f32; 3]| {
        colours
            .iter()
            .filter(|b| largest_difference(a, b) <= MATCH)
            .count()
    };
    let centre = colours.iter().max_by_key(|a| near(a))?;
    let close: Vec<&[f32; 3]> = colours
        .iter()
        .filter(|b| largest_difference(centre, b) <= MATCH)
        .collect();
    let n = close.len() as f32;
    Some(std::array::from_fn(|c| {
        close.iter().map(|p| p[c]).sum::<f32>() / n
    }))
}

/// The median half-width of the band of the arrow's colour across `positions` (matched
/// samples over bare squares), measured at right angles to the direction `(ux, uy)`.
fn shaft_half_width(
    img: &RgbImage,
    board: &BoardBox,
    usual: &[[f32; 3]; 2],
    lay: &Lay,
    positions: &[(f32, f32)],
    (ux, uy): (f32, f32),
) -> Option<f32> {
    let (sw, sh) = board.square_size();
    let most = HALF_WIDTH * sw.min(sh);
    let (nx, ny) = (-uy, ux);
    let mut widths: Vec<f32> = Vec::with_capacity(positions.len());
    for &(x, y) in positions {
        let (fx, fy) = ((x - board.x) / sw, (y - board.y) / sh);
        let parity = (fx.floor() as usize + fy.floor() as usize) % 2;
        let want = lay.shown_over(usual[parity]);
        let mut sides = [0.0f32; 2];
        for (side, sign) in [1.0f32, -1.0].into_iter().enumerate() {
            let mut r = 0.5;
            while r <= most {
                match pixel(img, x + sign * nx * r, y + sign * ny * r) {
                    Some(p) if largest_difference(&p, &want) <= MATCH => r += 0.5,
                    _ => break,
                }
            }
            sides[side] = r - 0.5;
        }
        widths.push(sides[0].max(sides[1]));
    }
    (!widths.is_empty()).then(|| median(widths))
}

/// `img` with the arrows over `board` taken off, or `None` when it has none. Across the band
/// of each arrow, at every half pixel along it, the pixels that its lay can have made
/// ([`Lay::under`]) are unblended: along the middle up to the shaft's measured half-width;
/// within `HEAD` of either end, where a head may be, out from the middle line as long as
/// each pixel is one its lay can have made, up to `HALF_WIDTH` of a square (a piece beside
/// the arrow whose colours a lay could make is left as it is). The `EDGE` pixels on either
/// side of the band's edge, which the arrow covers only in part (anti-aliasing, blur,
/// scaling), take the colour just beyond it.
pub fn take_off(img: &RgbImage, board: &BoardBox) -> Option<Cleared> {
    let arrows = find(img, board);
    if arrows.is_empty() {
        return None;
    }
    let mut out = img.clone();
    let (sw, sh) = board.square_size();
    let square = sw.min(sh);
    for arrow in &arrows {
        // Each arrow's changes are gathered first and written after, so the scan reads the
        // screenshot as the arrows before it left it.
        let p0 = board.cell_center(arrow.from / 8, arrow.from % 8);
        let p1 = board.cell_center(arrow.to / 8, arrow.to % 8);
        let (dx, dy) = (p1.0 - p0.0, p1.1 - p0.1);
        let len = dx.hypot(dy);
        let (ux, uy) = (dx / len, dy / len);
        let (nx, ny) = (-uy, ux);
        let head = HALF_WIDTH * square;
        let mut unblended: HashMap<(u32, u32), [f32; 3]> = HashMap::new();
        let mut edges: HashMap<(u32, u32), [f32; 3]> = HashMap::new();
        let mut t = 0.0;
        while t <= len {
            let near_end = t < HEAD * square || t > len - HEAD * square;
            let most = if near_end { head } else { arrow.half_width };
            let (cx, cy) = (p0.0 + ux * t, p0.1 + uy * t);
            t += 0.5;
            for sign in [1.0f32, -1.0] {
                let at = |r: f32| (cx + sign * nx * r, cy + sign * ny * r);
                let mut inside = Vec::new();
                let mut r = 0.0;
                while r <= most {
                    let (x, y) = at(r);
                    let under = pixel(&out, x, y).and_then(|p| arrow.lay.under(p));
                    match under {
                        Some(under) => inside.push((r, (x as u32, y as u32), under)),
                        // Along the shaft its measured width says where the edge is.
                        None if !near_end && pixel(&out, x, y).is_some() => {}
                        None => break,
                    }
                    r += 0.5;
                }
                let last = if near_end {
                    let Some(&(last, ..)) = inside.last() else {
                        continue;
                    };
                    last
                } else {
                    arrow.half_width
                };
                inside.retain(|&(r, ..)| r <= last);
                let (ox, oy) = at(last + EDGE + 0.5);
                let Some(beyond) = pixel(&out, ox, oy) else {
                    continue;
                };
                for &(r, key, under) in &inside {
                    if r < last - EDGE + 1.0 {
                        unblended.insert(key, under);
                    } else {
                        edges.insert(key, beyond);
                    }
                }
                let mut r = last + 0.5;
                while r <= last + EDGE {
                    let (x, y) = at(r);
                    if pixel(&out, x, y).is_some() {
                        edges.insert((x as u32, y as u32), beyond);
                    }
                    r += 0.5;
                }
            }
        }
        for (key, colour) in edges.iter().filter(|(k, _)| !unblended.contains_key(k)) {
            out.put_pixel(key.0, key.1, image::Rgb(colour.map(|v| v.round() as u8)));
        }
        for (key, colour) in &unblended {
            out.put_pixel(key.0, key.1, image::Rgb(colour.map(|v| v.round() as u8)));
        }
    }
    let touched = (0..64)
        .filter(|&cell| {
            let (x0, y0, x1, y1) = board.cell_rect(cell / 8, cell % 8);
            let xs = (x0.max(0.0) as u32)..(x1.ceil() as u32).min(img.width());
            (y0.max(0.0) as u32..(y1.ceil() as u32).min(img.height())).any(|y| {
                xs.clone()
                    .any(|x| img.get_pixel(x, y) != out.get_pixel(x, y))
            })
        })
        .collect();
    Some(Cleared {
        image: out,
        cells: touched,
    })
}

/// The colour of the pixel under `(x, y)`, if inside the image.
fn pixel(img: &RgbImage, x: f32, y: f32) -> Option<[f32; 3]> {
    if x < 0.0 || y < 0.0 {
        return None;
    }
    let (px, py) = (x as u32, y as u32);
    if px >= img.width() || py >= img.height() {
        return None;
    }
    let p = img.get_pixel(px, py);
    Some([f32::from(p[0]), f32::from(p[1]), f32::from(p[2])])
}

/// The largest channel difference of two colours.
fn largest_difference(a: &[f32; 3], b: &[f32; 3]) -> f32 {
    (0..3).map(|c| (a[c] - b[c]).abs()).fold(0.0, f32::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    const SQ: f32 = 40.0;
    const LIGHT: [u8; 3] = [238, 238, 210];
    const DARK: [u8; 3] = [118, 150, 86];
    const PIECE: [u8; 3] = [40, 30, 30];

    /// A board of 40 px squares at (20, 20) in a 360 px page, with dark discs (pieces) on
    /// `pieces` (row, col).
    fn board(pieces: &[(usize, usize)]) -> (RgbImage, BoardBox) {
        let b = BoardBox::new(20.0, 20.0, 8.0 * SQ, 8.0 * SQ);
        let img = RgbImage::from_fn(360, 360, |x, y| {
            let (fx, fy) = ((x as f32 + 0.5 - b.x) / SQ, (y as f32 + 0.5 - b.y) / SQ);
            if !(0.0..8.0).contains(&fx) || !(0.0..8.0).contains(&fy) {
                return Rgb([90, 90, 90]);
            }
            let (col, row) = (fx as usize, fy as usize);
            let (cx, cy) = (col as f32 + 0.5, row as f32 + 0.5);
            if pieces.contains(&(row, col)) && (fx - cx).hypot(fy - cy) < 0.35 {
                Rgb(PIECE)
            } else if (row + col) % 2 == 0 {
                Rgb(LIGHT)
            } else {
                Rgb(DARK)
            }
        });
        (img, b)
    }

    /// Lays a translucent arrow (colour `c`, opacity `a`) from cell `from`'s centre to `to`'s:
    /// a shaft 0.2 squares wide from a quarter square off `from`, a head 0.5 squares wide
    /// and 0.45 long.
    fn lay_arrow(img: &mut RgbImage, b: &BoardBox, from: usize, to: usize, c: [f32; 3], a: f32) {
        let p0 = b.cell_center(from / 8, from % 8);
        let p1 = b.cell_center(to / 8, to % 8);
        let len = (p1.0 - p0.0).hypot(p1.1 - p0.1);
        let (ux, uy) = ((p1.0 - p0.0) / len, (p1.1 - p0.1) / len);
        for y in 0..img.height() {
            for x in 0..img.width() {
                let (dx, dy) = (x as f32 + 0.5 - p0.0, y as f32 + 0.5 - p0.1);
                let t = dx * ux + dy * uy;
                let r = (dy * ux - dx * uy).abs();
                let neck = len - 0.45 * SQ;
                let inside = (t >= 0.25 * SQ && t <= neck && r <= 0.1 * SQ)
                    || (t > neck && t <= len && r <= 0.25 * SQ * (len - t) / (0.45 * SQ));
                if inside {
                    let p = img.get_pixel_mut(x, y);
                    for k in 0..3 {
                        p[k] = (a * c[k] + (1.0 - a) * f32::from(p[k])).round() as u8;
                    }
                }
            }
        }
    }

    #[test]
    fn finds_an_arrow_and_how_it_is_laid() {
        let (mut img, b) = board(&[(4, 2)]);
        // From c1 to c7 (white at the bottom), across a piece on c4.
        lay_arrow(&mut img, &b, 7 * 8 + 2, 8 + 2, [21.0, 120.0, 27.0], 0.78);
        let found = find(&img, &b);
        assert_eq!(found.len(), 1, "{found:?}");
        let arrow = found[0];
        let ends = [arrow.from.min(arrow.to), arrow.from.max(arrow.to)];
        assert_eq!(ends, [8 + 2, 7 * 8 + 2]);
        assert!((arrow.lay.through - 0.22).abs() < 0.02, "{arrow:?}");
        assert!(
            (arrow.half_width - 4.0).abs() <= 1.0,
            "{}",
            arrow.half_width
        );
    }

    #[test]
    fn taking_an_arrow_off_gives_the_piece_under_it_its_colours_back() {
        let (clean, b) = board(&[(4, 2)]);
        let mut img = clean.clone();
        lay_arrow(&mut img, &b, 7 * 8 + 2, 8 + 2, [136.0, 32.0, 32.0], 0.78);
        let under = |im: &RgbImage| *im.get_pixel(20 + 2 * 40 + 20, 20 + 4 * 40 + 20);
        assert_ne!(under(&img), Rgb(PIECE));
        let cleared = take_off(&img, &b).expect("an arrow");
        let back = under(&cleared.image);
        assert!(
            (0..3).all(|k| back[k].abs_diff(PIECE[k]) <= 4),
            "{back:?} for {PIECE:?}"
        );
        // The cells the arrow crosses are the changed ones, the piece's among them.
        assert!(cleared.cells.contains(&(4 * 8 + 2)), "{:?}", cleared.cells);
        assert!(
            cleared.cells.iter().all(|&c| c % 8 == 2),
            "{:?}",
            cleared.cells
        );
        // Away from the arrow, nothing changed.
        assert_eq!(cleared.image.get_pixel(30, 30), clean.get_pixel(30, 30));
        // Along the shaft, over empty squares, the square colours are back.
        let mid = cleared.image.get_pixel(20 + 2 * 40 + 20, 20 + 5 * 40 + 20);
        let want = if (5 + 2) % 2 == 0 { LIGHT } else { DARK };
        assert!((0..3).all(|k| mid[k].abs_diff(want[k]) <= 4), "{mid:?}");
    }

    #[test]
    fn two_crossing_arrows_come_off_where_they_cross() {
        // Two arrows of one colour from a2 to g6 and from b6 to f2 (white at the bottom) cross
        // at the middle of d4, where a piece stands: there the screenshot shows the colour
        // laid twice.
        let (clean, b) = board(&[(4, 3)]);
        let mut img = clean.clone();
        let colour = [136.0, 32.0, 32.0];
        lay_arrow(&mut img, &b, 6 * 8, 2 * 8 + 6, colour, 0.7);
        lay_arrow(&mut img, &b, 2 * 8 + 1, 6 * 8 + 5, colour, 0.7);
        assert_eq!(find(&img, &b).len(), 2, "{:?}", find(&img, &b));
        let cleared = take_off(&img, &b).expect("arrows");
        // Every pixel of the board is back within a few levels (but at the bands' edges,
        // which the arrows cover in part), the crossing's among them: unblended twice, its
        // rounding to whole levels grows by 1 / through² (11 times at 0.3).
        let mut off = Vec::new();
        for y in 24..(20 + 8 * 40 - 4) {
            for x in 24..(20 + 8 * 40 - 4) {
                let (got, want) = (cleared.image.get_pixel(x, y), clean.get_pixel(x, y));
                if (0..3).any(|k| got[k].abs_diff(want[k]) > 12) {
                    off.push((x, y));
                }
            }
        }
        let centre = (20 + 3 * 40 + 20, 20 + 4 * 40 + 20);
        let near_centre = off
            .iter()
            .filter(|&&(x, y)| x.abs_diff(centre.0) <= 8 && y.abs_diff(centre.1) <= 8)
            .count();
        assert_eq!(
            near_centre,
            0,
            "{:?}",
            cleared.image.get_pixel(centre.0, centre.1)
        );
        assert!(off.len() < 400, "{} pixels off", off.len());
    }

    #[test]
    fn arrows_of_one_colour_share_one_lay() {
        let usual = [LIGHT, DARK].map(|c| c.map(f32::from));
        let lay = |over: [f32; 3], through: f32| Lay { over, through };
        let fits = [
            (lay([95.0, 22.0, 22.0], 0.30), 30.0),
            (lay([99.0, 24.0, 24.0], 0.28), 10.0),
            // Another colour (blue) keeps its own.
            (lay([10.0, 30.0, 150.0], 0.30), 20.0),
        ];
        let out = pooled(&fits, &usual);
        assert_eq!(out[0], out[1]);
        assert!((out[0].through - 0.295).abs() < 1e-4, "{:?}", out[0]);
        assert!((out[0].over[0] - 96.0).abs() < 1e-3, "{:?}", out[0]);
        assert_eq!(out[2], fits[2].0);
    }

    #[test]
    fn tinted_squares_and_pieces_are_not_arrows() {
        let (mut img, b) = board(&[(0, 4), (7, 4), (6, 3), (4, 4)]);
        // A last move's two squares tinted yellow, two squares apart with a piece between.
        for cell in [(3usize, 4usize), (5, 4)] {
            let (x0, y0, x1, y1) = b.cell_rect(cell.0, cell.1);
            for y in y0 as u32..y1 as u32 {
                for x in x0 as u32..x1 as u32 {
                    let p = img.get_pixel_mut(x, y);
                    for (k, t) in [255.0f32, 255.0, 51.0].into_iter().enumerate() {
                        p[k] = (0.5 * t + 0.5 * f32::from(p[k])).round() as u8;
                    }
                }
            }
        }
        assert_eq!(find(&img, &b), Vec::new());
        assert!(take_off(&img, &b).is_none());
        // A box off the image, or of tiny squares: nothing.
        assert!(find(&img, &BoardBox::new(200.0, 200.0, 320.0, 320.0)).is_empty());
        assert!(find(&img, &BoardBox::new(20.0, 20.0, 40.0, 40.0)).is_empty());
    }
}
