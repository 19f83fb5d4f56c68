//! Board location: finds 8×8 chessboards anywhere in a screenshot, to the pixel.
//!
//! The search works for any two square colours and tolerates pieces, highlights, arrows,
//! coordinates and a frame, because it looks only at what every board has: the corners where
//! four squares meet, which show a checker pattern (diagonal neighbours alike, side neighbours
//! different) whatever the colours.
//!
//! 1. The image is reduced to a grey (R+G+B) image at most ~640 px wide by averaging blocks.
//! 2. A checker-corner response is computed at every lattice point of the reduced image, the
//!    weakest over two sample distances, so piece outlines and letters rarely pass; local
//!    maxima above a threshold are corner candidates. (When that finds no board, the
//!    single-distance response and then a finer reduction are tried; then both on images of
//!    colour differences, yellow against blue and red against cyan, for squares that differ in
//!    hue but hardly in brightness.) When all of that finds nothing, the whole search runs
//!    again reading each square's colour along its inner edges instead of at its corners
//!    (`Sampling`): a streaked or grainy texture on a board of close colours. Last, the grey
//!    searches run on the page reduced twice as far (grid lines a few pixels wide between the
//!    squares cover every corner's nearest samples at the usual reduction), then on the page
//!    blurred, coarser: wavy bands stronger than the squares' colour difference hide every
//!    corner until blurred away. Last of all, the page as it is at a
//!    lower contrast (`FAINT`): square colours a few R+G+B units apart, whose corners and
//!    colour gap fall under the usual thresholds, their colours read at the corners and then
//!    along the edges; page clutter passes those far more often, so only pages where nothing
//!    else was found are searched that way. At the very last, the grey image's linked corners
//!    are tried at more spacings each (page text beside a board can out-vote its own), and
//!    then with links up to a reduced pixel off a spacing supporting it (`WHOLE_PIXEL`).
//! 3. Candidates are linked to their nearest right and lower neighbours; linked groups with a
//!    common spacing form lattices (interior grid corners of a board, some hidden by pieces),
//!    placed by the median phase of their corners so that stray corners do not shift them.
//!    The quick search takes each group's best-supported spacing; when no board is found that
//!    way, the next best ones as well (page text beside a small board can out-vote it).
//! 4. For each lattice, the 8×8 windows whose cells alternate between two colours best are
//!    candidates. Clutter (page text often has a character pitch near a square's size) can
//!    pull a lattice's spacing a few percent off, so the best few windows are re-fitted: the
//!    nine lines of each direction that cross the strongest edges, spacing within ±10% and
//!    phase within half a square. The window that alternates best after that is the board;
//!    several windows in one lattice are several boards. Such a fit can still land a whole
//!    square off (its lines on all but one of the board's edges): the windows a square over
//!    are scored too (of two that alternate equally, the one whose grid lines step more),
//!    and of overlapping boards the one that alternates best stays.
//! 5. At full resolution, each of the 9 grid lines in each direction is moved to its strongest
//!    edge (sub-pixel), and a least-squares fit gives the box, so square sizes need not be
//!    whole pixels.
//!
//! ```
//! use chessbot::vision::locate::locate;
//! use image::{Rgb, RgbImage};
//!
//! // A 400×300 page with a 160 px board (20 px squares) at (100, 60).
//! let mut img = RgbImage::from_pixel(400, 300, Rgb([250, 250, 250]));
//! for y in 0..160u32 {
//!     for x in 0..160u32 {
//!         let dark = !(x / 20 + y / 20).is_multiple_of(2);
//!         let c = if dark { Rgb([181, 136, 99]) } else { Rgb([240, 217, 181]) };
//!         img.put_pixel(100 + x, 60 + y, c);
//!     }
//! }
//! let boards = locate(&img);
//! assert_eq!(boards.len(), 1);
//! let b = boards[0].board;
//! assert!((b.x - 100.0).abs() < 1.0 && (b.y - 60.0).abs() < 1.0 && (b.w - 160.0).abs() < 1.0);
//! ```

use crate::vision::geometry::BoardBox;
use crate::vision::params::locate::*;
use image::RgbImage;

/// One board found in an image.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Located {
    /// The outer box of the 8×8 squares, in image pixels.
    pub board: BoardBox,
    /// How many of the 64 squares follow the two-colour checker pattern (0..=64).
    pub consistent_squares: u32,
}

/// Finds every chessboard in `img`, largest first. An empty list means no board was found.
///
/// Boards from about 120 px (for images up to ~1900 px wide; larger images need boards of
/// at least 1/16 of their longer side) up to the whole image are found; none under 64 px is
/// kept. The search stops at the first way of looking that finds a board; [`locate_all`]
/// tries them all.
pub fn locate(img: &RgbImage) -> Vec<Located> {
    search(img, false, true)
}

/// Like [`locate`], but every way of looking is tried and their boards merged, so that a page
/// with several boards of different styles gives all of them (slower: `recognize --all`).
pub fn locate_all(img: &RgbImage) -> Vec<Located> {
    search(img, true, true)
}

/// [`locate`] (or, `all`, [`locate_all`]) with the first ways of looking only: the page as it
/// is, without the blurred and the faint look. For a second search of an image in which
/// nothing was found, inside a plain margin (`recognize`): there the last looks would spend
/// a refusal's time once more on every image without a board, for hardly a board found.
pub fn locate_first_looks(img: &RgbImage, all: bool) -> Vec<Located> {
    search(img, all, false)
}

/// Every way of looking in turn (`last_looks`: the blurred and the faint look too), stopping
/// at the first that finds a board unless `exhaustive`.
fn search(img: &RgbImage, exhaustive: bool, last_looks: bool) -> Vec<Located> {
    let (w, h) = img.dimensions();
    if w < 16 || h < 16 {
        return Vec::new();
    }
    let factor = (w.max(h) / WORK_SIZE).max(1);
    // Strict corners first (clutter dropped), in the grey image and then in the
    // colour-difference ones (squares that differ in hue but hardly in brightness leave no
    // corners in the grey image); then the plain response, which also sees boards whose
    // squares are only a few reduced pixels wide, and a finer reduction. The strict looks go
    // first because they are quick: on a textured board the plain response links thousands
    // of corners in the grain, and a colour image's strict look finds the board in a
    // fraction of that time.
    let mut tries: Vec<Try> = vec![(factor, 2, GREY)];
    tries.extend(CHROMA.map(|weights| (factor, 2, weights)));
    tries.push((factor, 1, GREY));
    if factor > 1 {
        tries.push(((factor / 2).max(1), 2, GREY));
    }
    tries.extend(CHROMA.map(|weights| (factor, 1, weights)));
    let mut found: Vec<Located> = Vec::new();
    // The quick search takes each lattice's best-supported spacing only; when that finds
    // nothing, the next best ones too (page text near a small board can out-vote its squares).
    let passes: &[usize] = if exhaustive { &[3] } else { &[1, 3] };
    // Square colours read at the corners first: the edges read more pixels, and only
    // streaked textures need them.
    let stages = [
        (Sampling::Corners, tries.as_slice()),
        (Sampling::Edges, tries.as_slice()),
    ];
    let found_now = run_stages(img, &stages, passes, exhaustive, NORMAL, &mut found);
    if found_now && !exhaustive || !last_looks {
        return sorted(found);
    }
    // Then the page as it is, reduced twice as far: grid lines three or more pixels wide drawn
    // between the squares cover a corner's nearest samples wherever it is placed, so no
    // checker corner stands out; reduced, they shrink to a pixel or two between the samples.
    let coarse: Vec<Try> = vec![(2 * factor, 2, GREY), (2 * factor, 1, GREY)];
    let stages = [
        (Sampling::Corners, coarse.as_slice()),
        (Sampling::Edges, coarse.as_slice()),
    ];
    let mut more = Vec::new();
    run_stages(img, &stages, passes, exhaustive, NORMAL, &mut more);
    add_apart(&mut found, more);
    if !found.is_empty() && !exhaustive {
        return sorted(found);
    }
    // Then the page blurred: wavy bands across the squares that differ by more than the two
    // square colours leave no checker corner and make any few pixels of a square unlike the
    // rest of it; blurred over about a band's width they fade while the squares' edges stay
    // where they were (the blur is symmetric), so the box found is the board's.
    let blurred = image::imageops::fast_blur(img, TEXTURE_BLUR);
    let grey: Vec<Try> = vec![(2 * factor, 2, GREY), (2 * factor, 1, GREY)];
    let stages = [
        (Sampling::Corners, grey.as_slice()),
        (Sampling::Edges, grey.as_slice()),
    ];
    let mut more = Vec::new();
    run_stages(&blurred, &stages, passes, exhaustive, NORMAL, &mut more);
    // A board found on the page as it is keeps its box (`--all`).
    add_apart(&mut found, more);
    if !found.is_empty() && !exhaustive {
        return sorted(found);
    }
    // Last, squares of nearly one colour: the page as it is, corners read at [`FAINT`]
    // contrast, in the grey image and the colour-difference ones (two square colours can
    // be equally bright), at the strict reach only: the plain one found no other board and
    // took a quarter of a page's refusal time. Then the squares' colours read along their
    // edges at that contrast, in all three images: faint streaked squares, whose corner
    // samples follow the checker pattern on under [`MIN_CONSISTENT`] squares, are found
    // nowhere else.
    let mut faint: Vec<Try> = vec![(factor, 2, GREY)];
    faint.extend(CHROMA.map(|weights| (factor, 2, weights)));
    let stages = [
        (Sampling::Corners, faint.as_slice()),
        (Sampling::Edges, faint.as_slice()),
    ];
    let mut more = Vec::new();
    run_stages(img, &stages, passes, exhaustive, FAINT, &mut more);
    add_apart(&mut found, more);
    if !found.is_empty() && !exhaustive {
        return sorted(found);
    }
    // At the very last, the grey image's lattices with up to LAST_SPACINGS spacings each,
    // colours read along the edges: page text beside a board, at a pitch near its squares'
    // (squares 17.2 px apart beside text 16 px apart), links the board's corners and the
    // text's into one group whose best-supported spacings are the text's.
    let last: [Try; 1] = [(factor, 2, GREY)];
    let mut more = Vec::new();
    run_stages(
        img,
        &[(Sampling::Edges, last.as_slice())],
        &[LAST_SPACINGS],
        exhaustive,
        FAINT,
        &mut more,
    );
    add_apart(&mut found, more);
    if !found.is_empty() && !exhaustive {
        return sorted(found);
    }
    // Last of all, links within a reduced pixel of a spacing support it (see `WHOLE_PIXEL`).
    let stages = [
        (Sampling::Corners, last.as_slice()),
        (Sampling::Edges, last.as_slice()),
    ];
    let mut more = Vec::new();
    run_stages(img, &stages, &[3], exhaustive, WHOLE_PIXEL, &mut more);
    add_apart(&mut found, more);
    sorted(found)
}

/// Adds to `found` the boards of `more` that overlap none of it: a later look's box never
/// replaces an earlier one's.
fn add_apart(found: &mut Vec<Located>, more: Vec<Located>) {
    for b in more {
        if found
            .iter()
            .all(|k| overlap(&k.board, &b.board) <= SAME_BOARD_OVERLAP)
        {
            found.push(b);
        }
    }
}

/// One look of [`search`]: the reduction (blocks of f × f pixels), the corner reach
/// ([`corners`]) and the grey image's channel weights.
type Try = (u32, usize, [i32; 3]);

/// The boards found, largest first.
fn sorted(mut found: Vec<Located>) -> Vec<Located> {
    found.sort_by(|a, b| (b.board.w * b.board.h).total_cmp(&(a.board.w * a.board.h)));
    found
}

/// Runs [`locate_at`] for each stage (how square colours are read, and the tries: reduction,
/// corner reach and channel weights), each with `passes` spacings per lattice, adding the
/// boards found to `found` that show at least `contrast`; stops at the first try that finds
/// one unless `exhaustive`. Whether any board was found.
fn run_stages(
    img: &RgbImage,
    stages: &[(Sampling, &[Try])],
    passes: &[usize],
    exhaustive: bool,
    contrast: Contrast,
    found: &mut Vec<Located>,
) -> bool {
    let mut grey: Option<(u32, [i32; 3], Grey)> = None;
    for &(sampling, tries) in stages {
        for &spacings in passes {
            for &(f, reach, weights) in tries {
                // Streaked boards of close colours in hue only are rare: on a page without
                // a board, the colour-difference images would double this stage's time. The
                // last look, which runs only where no other found a board, reads them too.
                if sampling == Sampling::Edges && weights != GREY && !contrast.colour_edges {
                    continue;
                }
                // Tries at the same reduction and weights share their grey image.
                if grey
                    .as_ref()
                    .is_none_or(|(gf, gw, _)| *gf != f || *gw != weights)
                {
                    grey = Some((f, weights, Grey::reduced(img, f, weights)));
                }
                let Some((_, _, g)) = &grey else { continue };
                for b in locate_at(img, g, f, reach, spacings, (sampling, contrast)) {
                    merge(found, b);
                }
                if !found.is_empty() && !exhaustive {
                    return true;
                }
            }
        }
    }
    !found.is_empty()
}

/// Grey image (channels weighted, e.g. R+G+B, 0..=765) reduced by averaging `f × f` blocks.
struct Grey {
    w: usize,
    h: usize,
    px: Vec<i32>,
}

impl Grey {
    fn reduced(img: &RgbImage, f: u32, weights: [i32; 3]) -> Grey {
        // The loop inlined with the common factors as constants: the block sums unrolled and
        // the division by f² a multiplication (a page of 1280 px is reduced by 2).
        match f {
            1 => Grey::reduced_inline(img, 1, weights),
            2 => Grey::reduced_inline(img, 2, weights),
            3 => Grey::reduced_inline(img, 3, weights),
            4 => Grey::reduced_inline(img, 4, weights),
            _ => Grey::reduced_inline(img, (f as usize).max(1), weights),
        }
    }

    #[inline(always)]
    fn reduced_inline(img: &RgbImage, f: usize, weights: [i32; 3]) -> Grey {
        let (iw, ih) = (img.width() as usize, img.height() as usize);
        let (w, h) = (iw / f, ih / f);
        let raw = img.as_raw();
        let mut px = vec![0i32; w * h];
        let mut row_acc = vec![0i32; w];
        for y in 0..h {
            row_acc.iter_mut().for_each(|v| *v = 0);
            for dy in 0..f {
                let line = &raw[(y * f + dy) * iw * 3..(y * f + dy + 1) * iw * 3];
                let blocks = line.chunks_exact(f * 3);
                // Plain sums for the grey image: the first and usually only one made.
                if weights == GREY {
                    for (acc, block) in row_acc.iter_mut().zip(blocks) {
                        *acc += block.iter().map(|&v| i32::from(v)).sum::<i32>();
                    }
                    continue;
                }
                for (acc, block) in row_acc.iter_mut().zip(blocks) {
                    *acc += block
                        .chunks_exact(3)
                        .map(|p| {
                            weights[0] * i32::from(p[0])
                                + weights[1] * i32::from(p[1])
                                + weights[2] * i32::from(p[2])
                        })
                        .sum::<i32>();
                }
            }
            let div = (f * f) as i32;
            for (out, &acc) in px[y * w..(y + 1) * w].iter_mut().zip(&row_acc) {
                *out = acc / div;
            }
        }
        Grey { w, h, px }
    }
}

/// A checker-corner candidate at lattice point `(x, y)` of the reduced image.
#[derive(Debug, Clone, Copy)]
struct Corner {
    x: f32,
    y: f32,
}

/// Checker-corner candidates: local maxima of `|a+e-b-c| - |a-e| - |b-c|` where a, e and b, c
/// are the diagonal pairs of samples around the lattice point, taken as the smallest response
/// over the sample distances `1.5 ..= reach + 0.5` px. A real grid corner is a checker pattern
/// at every distance up to half a square; the edges and outlines of pieces and letters
/// mostly are not, so a `reach` of 2 keeps the grid and drops most of that clutter, which
/// would otherwise hide a grid corner's true neighbours.
fn corners(g: &Grey, reach: usize, contrast: Contrast) -> Vec<Corner> {
    let (w, h) = (g.w, g.h);
    let m = reach + 1;
    if w < 2 * m + 4 || h < 2 * m + 4 {
        return Vec::new();
    }
    let mut resp = vec![i32::MIN; w * h];
    // Row by row and distance by distance over whole runs of pixels, without stopping early
    // where a distance already falls under the threshold, so that the compiler works on
    // several pixels at once: a response under the threshold only ever counts as under it
    // (it is neither a corner nor above one), so the points found are the same.
    let xs = m..w - reach;
    for y in m..h - reach {
        let out = &mut resp[y * w..(y + 1) * w][xs.clone()];
        out.fill(i32::MAX);
        for k in 1..=reach {
            let up = &g.px[(y - 1 - k) * w..(y - k) * w];
            let down = &g.px[(y + k) * w..(y + k + 1) * w];
            // For pixel x: a and b up-left and up-right, c and e down-left and down-right.
            let n = xs.len();
            let a = &up[m - 1 - k..][..n];
            let b = &up[m + k..][..n];
            let c = &down[m - 1 - k..][..n];
            let e = &down[m + k..][..n];
            for ((o, (a, b)), (c, e)) in out.iter_mut().zip(a.iter().zip(b)).zip(c.iter().zip(e)) {
                *o = (*o).min((a + e - b - c).abs() - (a - e).abs() - (b - c).abs());
            }
        }
    }
    let mut found = Vec::new();
    for y in m + 1..h - reach - 1 {
        for x in m + 1..w - reach - 1 {
            let r = resp[y * w + x];
            if r < contrast.corner_threshold {
                continue;
            }
            let mut is_max = true;
            'nb: for dy in -1i32..=1 {
                for dx in -1i32..=1 {
                    if dx == 0 && dy == 0 {
                        continue;
                    }
                    let o = resp[(y as i32 + dy) as usize * w + (x as i32 + dx) as usize];
                    // Ties (plateaus) keep the top-left point only.
                    if o > r || (o == r && (dy < 0 || (dy == 0 && dx < 0))) {
                        is_max = false;
                        break 'nb;
                    }
                }
            }
            if is_max {
                found.push(Corner {
                    x: x as f32,
                    y: y as f32,
                });
            }
        }
    }
    found
}

struct UnionFind(Vec<usize>);

impl UnionFind {
    fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra] = rb;
        }
    }
}

/// A regular lattice of corners: point `(i, j)` lies at `(ox + i·s, oy + j·s)` in reduced
/// pixels, and the corners seen, at `points`, span indices `i0..=i1`, `j0..=j1`.
#[derive(Debug, Clone)]
struct Lattice {
    ox: f32,
    oy: f32,
    sx: f32,
    sy: f32,
    i0: i32,
    i1: i32,
    j0: i32,
    j1: i32,
    points: Vec<(i32, i32)>,
}

/// Links corners to their nearest right and lower neighbours and turns linked groups into
/// lattices, trying up to `spacings` square sizes per group; a link supports a spacing within
/// 8 % of it, or within `slack` reduced pixels where that is more.
fn lattices(pts: &[Corner], spacings: usize, slack: f32) -> Vec<Lattice> {
    let n = pts.len();
    let mut by_y: Vec<usize> = (0..n).collect();
    by_y.sort_by(|&a, &b| pts[a].y.total_cmp(&pts[b].y));
    let mut by_x: Vec<usize> = (0..n).collect();
    by_x.sort_by(|&a, &b| pts[a].x.total_cmp(&pts[b].x));
    let ys: Vec<f32> = by_y.iter().map(|&i| pts[i].y).collect();
    let xs: Vec<f32> = by_x.iter().map(|&i| pts[i].x).collect();

    let mut uf = UnionFind((0..n).collect());
    let mut links: Vec<(usize, usize, f32)> = Vec::new();
    for (i, p) in pts.iter().enumerate() {
        // Right neighbour: nearly the same row.
        let lo = ys.partition_point(|&y| y < p.y - 2.0);
        let hi = ys.partition_point(|&y| y <= p.y + 2.0);
        let mut best: Option<(usize, f32)> = None;
        for &j in &by_y[lo..hi] {
            let q = pts[j];
            let d = q.x - p.x;
            if d >= MIN_SQUARE
                && (q.y - p.y).abs() <= 1.0 + 0.03 * d
                && best.is_none_or(|b| d < b.1)
            {
                best = Some((j, d));
            }
        }
        if let Some((j, d)) = best {
            links.push((i, j, d));
        }
        // Lower neighbour: nearly the same column.
        let lo = xs.partition_point(|&x| x < p.x - 2.0);
        let hi = xs.partition_point(|&x| x <= p.x + 2.0);
        let mut best: Option<(usize, f32)> = None;
        for &j in &by_x[lo..hi] {
            let q = pts[j];
            let d = q.y - p.y;
            if d >= MIN_SQUARE
                && (q.x - p.x).abs() <= 1.0 + 0.03 * d
                && best.is_none_or(|b| d < b.1)
            {
                best = Some((j, d));
            }
        }
        if let Some((j, d)) = best {
            links.push((i, j, d));
        }
    }
    // Only links whose length recurs nearby are kept: a lone link between two random corners
    // does not make a lattice.
    for &(a, b, _) in &links {
        uf.union(a, b);
    }
    let mut groups: std::collections::HashMap<usize, Vec<usize>> = Default::default();
    for i in 0..n {
        groups.entry(uf.find(i)).or_default().push(i);
    }
    let mut group_links: std::collections::HashMap<usize, Vec<f32>> = Default::default();
    for &(a, _, d) in &links {
        group_links.entry(uf.find(a)).or_default().push(d);
    }

    let mut out = Vec::new();
    for (root, members) in groups {
        if members.len() < 4 {
            continue;
        }
        let Some(lengths) = group_links.get(&root) else {
            continue;
        };
        // The spacing: the link length with the most support within ±8% (or `slack` reduced
        // pixels where that is more), then their mean.
        // With `spacings` > 1 the next best-supported lengths are tried too: boards of two
        // sizes side by side can end up in one linked group.
        let mut lengths = lengths.clone();
        for _ in 0..spacings {
            let mut best = (0usize, 0.0f32);
            for &d in &lengths {
                let support = lengths
                    .iter()
                    .filter(|&&e| (e - d).abs() <= (LINK_SUPPORT * d).max(slack))
                    .count();
                if support > best.0 || (support == best.0 && d < best.1) {
                    best = (support, d);
                }
            }
            if best.0 < 3 {
                break;
            }
            let (close, rest): (Vec<f32>, Vec<f32>) = lengths
                .iter()
                .partition(|&&e| (e - best.1).abs() <= (LINK_SUPPORT * best.1).max(slack));
            let s = close.iter().sum::<f32>() / close.len() as f32;
            split_lattices(pts, &members, s, &mut out);
            lengths = rest;
        }
    }
    out
}

/// Fits lattices of spacing ~`s` to `members`, one per consistent phase.
fn split_lattices(pts: &[Corner], members: &[usize], s: f32, out: &mut Vec<Lattice>) {
    let mut left: Vec<usize> = members.to_vec();
    while left.len() >= 4 {
        // The reference point with the most others on its lattice.
        let on_lattice = |r: Corner, p: Corner| {
            let fx = (p.x - r.x) / s;
            let fy = (p.y - r.y) / s;
            (fx - fx.round()).abs() < 0.2 && (fy - fy.round()).abs() < 0.2
        };
        let step = (left.len() / 64).max(1);
        let mut best = (0usize, left[0]);
        for &r in left.iter().step_by(step) {
            let c = left.iter().filter(|&&p| on_lattice(pts[r], pts[p])).count();
            if c > best.0 {
                best = (c, r);
            }
        }
        if best.0 < 4 {
            break;
        }
        let r = pts[best.1];
        let (inliers, rest): (Vec<usize>, Vec<usize>) =
            left.iter().partition(|&&p| on_lattice(r, pts[p]));
        left = rest;
        let idx: Vec<(i32, i32, Corner)> = inliers
            .iter()
            .map(|&p| {
                let q = pts[p];
                (
                    ((q.x - r.x) / s).round() as i32,
                    ((q.y - r.y) / s).round() as i32,
                    q,
                )
            })
            .collect();
        // Clutter near the lattice (letters, piece outlines a few pixels off a grid line)
        // would pull a plain least-squares fit off the grid: keep the corners close to the
        // median phase only.
        let median = |mut v: Vec<f32>| -> f32 {
            v.sort_by(|a, b| a.total_cmp(b));
            v[v.len() / 2]
        };
        let mx = median(idx.iter().map(|&(i, _, q)| q.x - i as f32 * s).collect());
        let my = median(idx.iter().map(|&(_, j, q)| q.y - j as f32 * s).collect());
        let tol = (0.07 * s).max(1.0);
        let idx: Vec<(i32, i32, Corner)> = idx
            .into_iter()
            .filter(|&(i, j, q)| {
                (q.x - mx - i as f32 * s).abs() <= tol && (q.y - my - j as f32 * s).abs() <= tol
            })
            .collect();
        if idx.len() < 4 {
            continue;
        }
        let fit = |pairs: Vec<(f32, f32)>| -> Option<(f32, f32)> {
            let n = pairs.len() as f32;
            let (mk, mv) = pairs
                .iter()
                .fold((0.0, 0.0), |(a, b), &(k, v)| (a + k, b + v));
            let (mk, mv) = (mk / n, mv / n);
            let var: f32 = pairs.iter().map(|&(k, _)| (k - mk) * (k - mk)).sum();
            if var < 1e-6 {
                return None;
            }
            let cov: f32 = pairs.iter().map(|&(k, v)| (k - mk) * (v - mv)).sum();
            let slope = cov / var;
            Some((mv - slope * mk, slope))
        };
        let fx = fit(idx.iter().map(|&(i, _, q)| (i as f32, q.x)).collect());
        let fy = fit(idx.iter().map(|&(_, j, q)| (j as f32, q.y)).collect());
        let (ox, sx) = fx.unwrap_or((r.x, s));
        let (oy, sy) = fy.unwrap_or((r.y, s));
        let (sx, sy) = (
            if fx.is_some() { sx } else { sy },
            if fy.is_some() { sy } else { sx },
        );
        if !(sx > MIN_SQUARE * 0.9 && sy > MIN_SQUARE * 0.9) || (sx / sy - 1.0).abs() > 0.1 {
            continue;
        }
        let i0 = idx.iter().map(|t| t.0).min().unwrap_or(0);
        let i1 = idx.iter().map(|t| t.0).max().unwrap_or(0);
        let j0 = idx.iter().map(|t| t.1).min().unwrap_or(0);
        let j1 = idx.iter().map(|t| t.1).max().unwrap_or(0);
        if i1 - i0 < 1 || j1 - j0 < 1 {
            continue;
        }
        out.push(Lattice {
            ox,
            oy,
            sx,
            sy,
            i0,
            i1,
            j0,
            j1,
            points: idx.iter().map(|&(i, j, _)| (i, j)).collect(),
        });
    }
}

/// Where [`cell_color`] reads a square's colour: four samples away from the middle, where
/// pieces sit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sampling {
    /// Small patches at the four inner corners: few pixels, so quick.
    Corners,
    /// Strips along the four inner edges, over the middle 60% of the side. A streaked (wood
    /// grain) or grainy texture on a board of close colours makes small patches of one square
    /// differ by more than the two square colours do, so that fewer than [`MIN_CONSISTENT`]
    /// squares follow the pattern at the corners; a strip across the streaks averages them out.
    Edges,
}

/// The colour of a square, read at four places away from its middle (pieces sit there, see
/// [`Sampling`]): the mean of the two samples that agree best, so a coordinate letter or a
/// piece overlapping one or two of them does not change it.
fn cell_color(
    img: &RgbImage,
    x0: f32,
    y0: f32,
    sx: f32,
    sy: f32,
    sampling: Sampling,
) -> Option<[i32; 3]> {
    let (w, h) = (img.width() as f32, img.height() as f32);
    let (ox, oy) = ((OUTSIDE * sx).max(0.5), (OUTSIDE * sy).max(0.5));
    if x0 < -ox || y0 < -oy || x0 + sx > w + ox || y0 + sy > h + oy {
        return None;
    }
    let inset = SAMPLE_INSET;
    let patch = (sx * 0.08).clamp(1.0, 6.0) as i32;
    let mut samples = [[0i32; 3]; 4];
    match sampling {
        Sampling::Corners => {
            for (k, (fx, fy)) in [
                (inset, inset),
                (1.0 - inset, inset),
                (inset, 1.0 - inset),
                (1.0 - inset, 1.0 - inset),
            ]
            .iter()
            .enumerate()
            {
                let (left, top) = (
                    (x0 + fx * sx) as i32 - patch / 2,
                    (y0 + fy * sy) as i32 - patch / 2,
                );
                samples[k] = patch_mean(img, left, top, patch, patch);
            }
        }
        Sampling::Edges => {
            let (a0, a1) = (
                (x0 + STRIP_START * sx) as i32,
                (x0 + (1.0 - STRIP_START) * sx) as i32,
            );
            let (b0, b1) = (
                (y0 + STRIP_START * sy) as i32,
                (y0 + (1.0 - STRIP_START) * sy) as i32,
            );
            let (len_x, len_y) = ((a1 - a0).max(1), (b1 - b0).max(1));
            let across = |origin: f32, side: f32, f: f32| (origin + f * side) as i32 - patch / 2;
            samples[0] = patch_mean(img, a0, across(y0, sy, inset), len_x, patch);
            samples[1] = patch_mean(img, a0, across(y0, sy, 1.0 - inset), len_x, patch);
            samples[2] = patch_mean(img, across(x0, sx, inset), b0, patch, len_y);
            samples[3] = patch_mean(img, across(x0, sx, 1.0 - inset), b0, patch, len_y);
        }
    }
    let mut best = (i32::MAX, [0i32; 3]);
    for a in 0..4 {
        for b in a + 1..4 {
            let d = dist(samples[a], samples[b]);
            if d < best.0 {
                let m = [0, 1, 2].map(|c| (samples[a][c] + samples[b][c]) / 2);
                best = (d, m);
            }
        }
    }
    Some(best.1)
}

/// Mean colour of the `width`x`height` pixels from `(left, top)`, edge pixels repeated
/// outside the image. Called four times for every lattice cell the search reads: the inside
/// case reads rows straight from the buffer.
fn patch_mean(img: &RgbImage, left: i32, top: i32, width: i32, height: i32) -> [i32; 3] {
    let (w, h) = (img.width() as i32, img.height() as i32);
    let mut acc = [0i32; 3];
    if left >= 0 && top >= 0 && left + width <= w && top + height <= h {
        let raw = img.as_raw();
        for y in top..top + height {
            let start = 3 * (y as usize * w as usize + left as usize);
            for p in raw[start..start + 3 * width as usize].chunks_exact(3) {
                for c in 0..3 {
                    acc[c] += i32::from(p[c]);
                }
            }
        }
    } else {
        for y in top..top + height {
            for x in left..left + width {
                let p = img
                    .get_pixel(x.clamp(0, w - 1) as u32, y.clamp(0, h - 1) as u32)
                    .0;
                for c in 0..3 {
                    acc[c] += i32::from(p[c]);
                }
            }
        }
    }
    acc.map(|v| v / (width * height).max(1))
}

fn dist(a: [i32; 3], b: [i32; 3]) -> i32 {
    (a[0] - b[0]).abs() + (a[1] - b[1]).abs() + (a[2] - b[2]).abs()
}

/// The per-channel median of the 32 cells of one colour of a window (the upper one of the
/// middle two).
fn median_color(colors: &[[i32; 3]; 32]) -> [i32; 3] {
    [0, 1, 2].map(|c| {
        let v: [i32; 32] = std::array::from_fn(|k| colors[k][c]);
        // The value with at most 16 values below it and more than 16 at or below it: branch-free
        // counts over 32 integers, cheaper than a selection for this one size.
        v.iter()
            .copied()
            .find(|&y| {
                let below = v.iter().filter(|&&x| x < y).count();
                let upto = v.iter().filter(|&&x| x <= y).count();
                below <= 16 && upto > 16
            })
            .unwrap_or(v[16])
    })
}

/// How many of the 64 cells of the board `b` (full-resolution pixels) follow a two-colour
/// checker pattern, their colours read either way ([`Sampling`]; the better count), or `None`
/// when the board leaves the image or the two colours are too close both ways.
pub(crate) fn checker_consistency(img: &RgbImage, b: &BoardBox) -> Option<usize> {
    consistency(img, b, NORMAL)
}

/// [`checker_consistency`] at a look's `contrast`.
fn consistency(img: &RgbImage, b: &BoardBox, contrast: Contrast) -> Option<usize> {
    let corners = consistency_by(img, b, Sampling::Corners, contrast);
    let edges = consistency_by(img, b, Sampling::Edges, contrast);
    corners.max(edges)
}

/// [`checker_consistency`] with the cells' colours read one way.
fn consistency_by(
    img: &RgbImage,
    b: &BoardBox,
    sampling: Sampling,
    contrast: Contrast,
) -> Option<usize> {
    let (sx, sy) = b.square_size();
    let mut cells = [[0i32; 3]; 64];
    for (k, cell) in cells.iter_mut().enumerate() {
        let (r, c) = (k / 8, k % 8);
        *cell = cell_color(
            img,
            b.x + c as f32 * sx,
            b.y + r as f32 * sy,
            sx,
            sy,
            sampling,
        )?;
    }
    checker_score(&cells, contrast)
}

/// How many of a window's 64 cell colours (row by row) follow a two-colour checker pattern,
/// or `None` when the two colours are closer than `contrast` allows.
fn checker_score(cells: &[[i32; 3]; 64], contrast: Contrast) -> Option<usize> {
    let (mut even, mut odd) = ([[0i32; 3]; 32], [[0i32; 3]; 32]);
    for (k, c) in cells.iter().enumerate() {
        // Row r holds cells 8r..8r+8; its even-parity cells are every other one from r % 2.
        let (r, col) = (k / 8, k % 8);
        if (r + col).is_multiple_of(2) {
            even[4 * r + col / 2] = *c;
        } else {
            odd[4 * r + col / 2] = *c;
        }
    }
    let a = median_color(&even);
    let bcol = median_color(&odd);
    let gap = dist(a, bcol);
    if gap < contrast.min_gap {
        return None;
    }
    let ok = cells
        .iter()
        .enumerate()
        .filter(|(k, c)| {
            let (own, other) = if (k / 8 + k % 8).is_multiple_of(2) {
                (a, bcol)
            } else {
                (bcol, a)
            };
            // Near its own colour, or at least twice as near it as the other: streaks of
            // light and shade move a cell's colour along all three channels at once, which
            // a colour difference mostly in one or two channels does not match.
            let (d_own, d_other) = (dist(**c, own), dist(**c, other));
            d_own < d_other && (d_own * 3 < gap || d_own * 2 < d_other)
        })
        .count();
    Some(ok)
}

/// The colours of a lattice's cells over a range of cell indices, read once: the 8x8 windows
/// along a lattice overlap, and reading each window's cells afresh was most of the time the
/// whole recognition took on cluttered pages.
struct LatticeColours {
    i0: i32,
    j0: i32,
    width: i32,
    height: i32,
    colours: Vec<Option<[i32; 3]>>,
}

impl LatticeColours {
    /// Cells `i0..i0 + width` by `j0..j0 + height` of `lat`, whose units are `f` image pixels;
    /// only those `needed` says (row by row; all when it is empty), the others count as
    /// unreadable.
    fn read(
        img: &RgbImage,
        lat: &Lattice,
        f: f32,
        (i0, width): (i32, i32),
        (j0, height): (i32, i32),
        needed: &[bool],
        sampling: Sampling,
    ) -> Self {
        let (sx, sy) = (f * lat.sx, f * lat.sy);
        let mut colours = Vec::with_capacity((width.max(0) * height.max(0)) as usize);
        for j in j0..j0 + height {
            for i in i0..i0 + width {
                let k = colours.len();
                if !needed.is_empty() && !needed.get(k).copied().unwrap_or(false) {
                    colours.push(None);
                    continue;
                }
                let x = f * (lat.ox + i as f32 * lat.sx);
                let y = f * (lat.oy + j as f32 * lat.sy);
                colours.push(cell_color(img, x, y, sx, sy, sampling));
            }
        }
        LatticeColours {
            i0,
            j0,
            width,
            height,
            colours,
        }
    }

    /// [`consistency_by`] of the window whose top-left cell is `(i, j)`, in the sampling read.
    fn consistency(&self, i: i32, j: i32, contrast: Contrast) -> Option<usize> {
        let (di, dj) = (i - self.i0, j - self.j0);
        if di < 0 || dj < 0 || di + 8 > self.width || dj + 8 > self.height {
            return None;
        }
        let mut cells = [[0i32; 3]; 64];
        for (k, cell) in cells.iter_mut().enumerate() {
            let (r, c) = ((k / 8) as i32, (k % 8) as i32);
            *cell = self.colours[((dj + r) * self.width + di + c) as usize]?;
        }
        checker_score(&cells, contrast)
    }
}

/// The windows (top-left cell `(i, j)`, `i` in `ilo..=ihi`, `j` in `jlo..=jhi`) that hold at
/// least [`MIN_WINDOW_CORNERS`] of `lat`'s corners. A lattice up to a board wide has all its
/// corners (at least four) in every window; one of clutter spread over a page (a few corners
/// a few pixels apart in a GUI's text and icons, far from each other) spans tens of thousands
/// of windows that hold none, and scoring them all took most of a second.
fn windows_holding_corners(
    lat: &Lattice,
    (ilo, ihi): (i32, i32),
    (jlo, jhi): (i32, i32),
) -> Vec<(i32, i32)> {
    // Prefix sums over the points ilo..=ihi+8 by jlo..=jhi+8.
    let (w, h) = (
        (ihi - ilo + 9).max(0) as usize,
        (jhi - jlo + 9).max(0) as usize,
    );
    let mut sum = vec![0usize; (w + 1) * (h + 1)];
    for &(i, j) in &lat.points {
        let (x, y) = (i - ilo, j - jlo);
        if x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h {
            sum[(y as usize + 1) * (w + 1) + x as usize + 1] += 1;
        }
    }
    for y in 1..=h {
        for x in 1..=w {
            sum[y * (w + 1) + x] += sum[(y - 1) * (w + 1) + x] + sum[y * (w + 1) + x - 1]
                - sum[(y - 1) * (w + 1) + x - 1];
        }
    }
    let mut out = Vec::new();
    for j in jlo..=jhi {
        for i in ilo..=ihi {
            let (x0, y0) = ((i - ilo) as usize, (j - jlo) as usize);
            let (x1, y1) = (x0 + 9, y0 + 9);
            let held = sum[y1 * (w + 1) + x1] + sum[y0 * (w + 1) + x0]
                - sum[y0 * (w + 1) + x1]
                - sum[y1 * (w + 1) + x0];
            if held >= MIN_WINDOW_CORNERS {
                out.push((i, j));
            }
        }
    }
    out
}

/// Boards found from the corners of `grey` (`img` reduced by `factor`).
fn locate_at(
    img: &RgbImage,
    grey: &Grey,
    factor: u32,
    reach: usize,
    spacings: usize,
    (sampling, contrast): (Sampling, Contrast),
) -> Vec<Located> {
    let pts = corners(grey, reach, contrast);
    let f = factor as f32;
    let mut found: Vec<Located> = Vec::new();
    for lat in lattices(&pts, spacings, contrast.link_slack) {
        // The board's inner lines hold the corners seen, so its first line index lies in
        // i1-7 ..= i0-1; one more on each side, because a stray corner on the board's edge
        // (a frame, a coordinate) can widen the lattice by a line. A lattice wider than a
        // board spans several boards, or clutter: every window along it.
        let mut windows: Vec<(usize, BoardBox)> = Vec::new();
        let (ilo, ihi) = if lat.i1 - lat.i0 <= 7 {
            (lat.i1 - 8, lat.i0)
        } else {
            (lat.i0 - 7, lat.i1)
        };
        let (jlo, jhi) = if lat.j1 - lat.j0 <= 7 {
            (lat.j1 - 8, lat.j0)
        } else {
            (lat.j0 - 7, lat.j1)
        };
        let candidates = windows_holding_corners(&lat, (ilo, ihi), (jlo, jhi));
        let (width, height) = (ihi - ilo + 8, jhi - jlo + 8);
        let mut needed = vec![false; (width * height) as usize];
        for &(i, j) in &candidates {
            for r in j - jlo..j - jlo + 8 {
                let row = (r * width + i - ilo) as usize;
                needed[row..row + 8].fill(true);
            }
        }
        let colours =
            LatticeColours::read(img, &lat, f, (ilo, width), (jlo, height), &needed, sampling);
        for (i, j) in candidates {
            let b = BoardBox::new(
                f * (lat.ox + i as f32 * lat.sx),
                f * (lat.oy + j as f32 * lat.sy),
                f * 8.0 * lat.sx,
                f * 8.0 * lat.sy,
            );
            if let Some(n) = colours.consistency(i, j, contrast)
                && n >= NEAR_CONSISTENT
            {
                windows.push((n, b));
            }
        }
        windows.sort_by_key(|w| std::cmp::Reverse(w.0));
        // The lattice's spacing may be a little off (clutter pulls it) and then the best
        // windows drift from the board: fit the grid lines' own spacing and phase in the most
        // promising windows, and judge the windows after that fit.
        let mut fitted: Vec<(usize, BoardBox)> = Vec::new();
        for (n, b) in windows {
            if fitted.len() < MAX_COMB_FITS
                && let Some(fit) = comb_fit(img, &b)
                && let Some(m) = consistency_by(img, &fit, sampling, contrast)
                && m >= n
            {
                fitted.push((m, fit));
                continue;
            }
            fitted.push((n, b));
        }
        fitted.sort_by_key(|w| std::cmp::Reverse(w.0));
        let mut kept: Vec<BoardBox> = Vec::new();
        for (n, b) in fitted {
            if n < MIN_CONSISTENT || kept.iter().any(|k| overlap(k, &b) > KEPT_OVERLAP) {
                continue;
            }
            kept.push(b);
            let refined = best_shift(img, refine(img, &b), contrast);
            // A window the refined grid gave up is checked a square over as well.
            let (board, n) = match keep_refined(img, refined, b, n, contrast) {
                (board, n) if board == b => best_of_shifts(
                    img,
                    b,
                    consistency(img, &b, contrast).unwrap_or(n),
                    contrast,
                ),
                kept => kept,
            };
            let (board, n) = squared(img, board, n, contrast);
            if n >= MIN_CONSISTENT && board.w.min(board.h) >= MIN_BOARD {
                merge(
                    &mut found,
                    Located {
                        board,
                        consistent_squares: n as u32,
                    },
                );
            }
        }
    }
    found
}

/// The refined grid `refined` (`consistent` of its squares follow the checker pattern), unless
/// it no longer follows the pattern or is not square: then the `window` it came from (`n`
/// squares). On a board whose two square colours are close, the pieces' outlines are the
/// strongest edges and can pull the lines off the grid.
fn refined_or_window(
    refined: BoardBox,
    consistent: Option<usize>,
    window: BoardBox,
    n: usize,
) -> (BoardBox, usize) {
    match consistent {
        Some(m) if is_square(&refined) && m >= MIN_CONSISTENT => (refined, m),
        _ => (window, n),
    }
}

/// [`refined_or_window`], the refined grid's squares read both ways
/// ([`checker_consistency`]): on wood grain the corner patches of the exact grid can take in
/// streaks that those of a window a few pixels inside miss, while its edge strips do not.
fn keep_refined(
    img: &RgbImage,
    refined: BoardBox,
    window: BoardBox,
    n: usize,
    contrast: Contrast,
) -> (BoardBox, usize) {
    refined_or_window(refined, consistency(img, &refined, contrast), window, n)
}

/// Whether `b` is square within [`MAX_ASPECT_ERROR`].
fn is_square(b: &BoardBox) -> bool {
    (b.w / b.h - 1.0).abs() <= MAX_ASPECT_ERROR
}

/// `b` (`n` of its squares following the checker pattern), or when it is not square, the
/// square window of its shorter side about its middle fitted again to the edges (see
/// [`comb_fit`], [`refine`]), when that is square and follows the pattern at least as well. A
/// frame of about the dark squares' colour on two sides of a board stretches a lattice
/// one way only.
fn squared(img: &RgbImage, b: BoardBox, n: usize, contrast: Contrast) -> (BoardBox, usize) {
    if is_square(&b) {
        return (b, n);
    }
    let side = b.w.min(b.h);
    let guess = BoardBox::new(
        b.x + (b.w - side) / 2.0,
        b.y + (b.h - side) / 2.0,
        side,
        side,
    );
    let Some(fit) = comb_fit(img, &guess) else {
        return (b, n);
    };
    let fit = best_shift(img, refine(img, &fit), contrast);
    match consistency(img, &fit, contrast) {
        Some(m) if m >= n && is_square(&fit) => (fit, m),
        _ => (b, n),
    }
}

/// Adds `b` to `found`, unless a board overlapping it (by more than [`SAME_BOARD_OVERLAP`]) is
/// there already: then the one whose squares follow the checker pattern better stays (a
/// window a square off the board can come first).
fn merge(found: &mut Vec<Located>, b: Located) {
    match found
        .iter_mut()
        .find(|k| overlap(&k.board, &b.board) > SAME_BOARD_OVERLAP)
    {
        Some(k) => {
            if b.consistent_squares > k.consistent_squares {
                *k = b;
            }
        }
        None => found.push(b),
    }
}

/// `b`, or `b` moved by a square in either or both directions (then refined again) when that
/// window follows the checker pattern better: a grid fitted from one side of the board can
/// land a whole square off, the lines lining up with all but one of the board's edges.
/// Windows that follow it equally well are told apart by their grid lines' edges
/// ([`grid_edges`]): a window a square off has one line in the page beside the board, where
/// nothing steps, instead of on the board's edge (a blurred board with many pieces, its
/// squares read 49 of 64 either way, lay a square into the dark page beside it).
fn best_shift(img: &RgbImage, b: BoardBox, contrast: Contrast) -> BoardBox {
    let mut current = b;
    for _ in 0..SHIFTS {
        let Some(n) = consistency(img, &current, contrast) else {
            break;
        };
        let (best, _) = best_of_shifts(img, current, n, contrast);
        if best == current {
            break;
        }
        current = refine(img, &best);
    }
    current
}

/// `b` (`n` of its squares follow the checker pattern: read both ways, or as the search read
/// them when both ways the colours are too close) or the window a square over in either or
/// both directions that follows it better, or as well with stronger grid edges (see
/// [`best_shift`]), with its count. Windows are compared by their squares'
/// colours read both ways, the better count ([`checker_consistency`]): on a streaked board the
/// corner patches of a window that takes in a row of the page beside it can follow the pattern
/// as well as the board's own, the edge strips cannot.
fn best_of_shifts(img: &RgbImage, b: BoardBox, n: usize, contrast: Contrast) -> (BoardBox, usize) {
    let (sx, sy) = b.square_size();
    let mut best_n = n;
    let mut best = b;
    // The best window's grid edges, read on the first tie.
    let mut best_edges: Option<f32> = None;
    for dy in -1i32..=1 {
        for dx in -1i32..=1 {
            if dx == 0 && dy == 0 {
                continue;
            }
            let moved = BoardBox::new(b.x + dx as f32 * sx, b.y + dy as f32 * sy, b.w, b.h);
            let Some(n) = consistency(img, &moved, contrast) else {
                continue;
            };
            if n > best_n {
                (best_n, best, best_edges) = (n, moved, None);
            } else if n == best_n {
                let current = *best_edges.get_or_insert_with(|| grid_edges(img, &best));
                let edges = grid_edges(img, &moved);
                if edges > current {
                    (best, best_edges) = (moved, Some(edges));
                }
            }
        }
    }
    (best, best_n)
}

/// Sum of [`edge_strength`] over a window's nine lines in each direction.
fn grid_edges(img: &RgbImage, b: &BoardBox) -> f32 {
    let (sx, sy) = b.square_size();
    let step = ((b.w.min(b.h) / 64.0) as i32).max(1);
    let (x0, y0) = (b.x as i32, b.y as i32);
    let (x1, y1) = ((b.x + b.w) as i32, (b.y + b.h) as i32);
    (0..=8)
        .map(|k| {
            let x = (b.x + k as f32 * sx).round() as i32;
            let y = (b.y + k as f32 * sy).round() as i32;
            edge_strength(img, true, x, y0, y1, step) + edge_strength(img, false, y, x0, x1, step)
        })
        .sum()
}

/// Median absolute luma step across pixel line `c` of `img` (between columns `c - 1` and `c`
/// for `vertical`, else rows), sampled every `step` pixels along `a0..a1`. The median, not the
/// mean: a grid line steps all along the board, a piece's outline only where the piece is, and
/// on a board whose two square colours are close the outlines' few big steps would outweigh it.
fn edge_strength(img: &RgbImage, vertical: bool, c: i32, a0: i32, a1: i32, step: i32) -> f32 {
    // Straight from the pixel buffer, the line's two columns (rows) clamped once: this runs
    // for every line of every candidate board.
    let (w, h) = (img.width() as i32, img.height() as i32);
    if w == 0 || h == 0 {
        return 0.0;
    }
    let raw = img.as_raw();
    let luma = |x: usize, y: usize| {
        let at = 3 * (y * w as usize + x);
        i32::from(raw[at]) + i32::from(raw[at + 1]) + i32::from(raw[at + 2])
    };
    let inside = |v: i32, len: i32| v.clamp(0, len - 1) as usize;
    let across = if vertical { w } else { h };
    let (line, before) = (inside(c, across), inside(c - 1, across));
    let mut steps: Vec<i32> = (a0..a1)
        .step_by(step.max(1) as usize)
        .map(|a| {
            let (v1, v0) = if vertical {
                let y = inside(a, h);
                (luma(line, y), luma(before, y))
            } else {
                let x = inside(a, w);
                (luma(x, line), luma(x, before))
            };
            (v1 - v0).abs()
        })
        .collect();
    if steps.is_empty() {
        return 0.0;
    }
    let mid = steps.len() / 2;
    *steps.select_nth_unstable(mid).1 as f32
}

/// [`edge_strength`] of every line from `from` to `to` (0 outside the image), each from about
/// 64 samples along `along0..along1`: enough to average pieces out, cheap on big boards.
///
/// Neighbouring lines share a pixel line, so each sample's luma is read once into a table
/// (one row per pixel line) and each line's steps are the difference of two table rows.
fn edge_profile(
    img: &RgbImage,
    vertical: bool,
    from: i32,
    to: i32,
    along0: f32,
    along1: f32,
) -> Vec<f32> {
    let (w, h) = (img.width() as i32, img.height() as i32);
    let limit = if vertical { w } else { h };
    let (a0, a1) = (along0.max(0.0) as i32, along1 as i32);
    let step = ((a1 - a0) / 64).max(1);
    let mut profile = vec![0.0; usize::try_from(to - from + 1).unwrap_or(0)];
    // The lines with a value: c and c - 1 both inside the image.
    let (first, last) = (from.max(1), to.min(limit - 1));
    if first > last || w == 0 || h == 0 {
        return profile;
    }
    let samples: Vec<usize> = (a0..a1)
        .step_by(step as usize)
        .map(|a| a.clamp(0, if vertical { h } else { w } - 1) as usize)
        .collect();
    if samples.is_empty() {
        return profile;
    }
    let raw = img.as_raw();
    let luma = |x: usize, y: usize| {
        let at = 3 * (y * w as usize + x);
        i32::from(raw[at]) + i32::from(raw[at + 1]) + i32::from(raw[at + 2])
    };
    // Row i of the table: the samples of pixel line first - 1 + i.
    let lines = (last - first + 2) as usize;
    let mut table = vec![0; lines * samples.len()];
    for (i, row) in table.chunks_exact_mut(samples.len()).enumerate() {
        let line = (first - 1) as usize + i;
        for (v, &a) in row.iter_mut().zip(&samples) {
            *v = if vertical {
                luma(line, a)
            } else {
                luma(a, line)
            };
        }
    }
    let mut steps = vec![0; samples.len()];
    let mid = samples.len() / 2;
    for (i, pair) in table
        .windows(2 * samples.len())
        .step_by(samples.len())
        .enumerate()
    {
        let (before, line) = pair.split_at(samples.len());
        for ((s, v1), v0) in steps.iter_mut().zip(line).zip(before) {
            *s = (v1 - v0).abs();
        }
        profile[(first - from) as usize + i] = *steps.select_nth_unstable(mid).1 as f32;
    }
    profile
}

/// The nine grid lines of one direction: the origin within half a square of `o` and the
/// spacing within ±[`COMB_SCALE`] of `s` whose lines cross the strongest edges in total.
fn comb_fit_1d(profile: &[f32], first: i32, o: f32, s: f32) -> (f32, f32) {
    let at = |x: f32| -> f32 {
        let i = x.floor() as i32 - first;
        let t = x - x.floor();
        let get = |k: i32| {
            usize::try_from(k)
                .ok()
                .and_then(|k| profile.get(k))
                .copied()
        };
        match (get(i), get(i + 1)) {
            (Some(a), Some(b)) => a * (1.0 - t) + b * t,
            _ => 0.0,
        }
    };
    let score = |org: f32, sp: f32| -> f32 { (0..=8).map(|l| at(org + l as f32 * sp)).sum() };
    // Coarse (1 px, 0.5%) over the whole range, then fine (0.25 px, 0.1%) around the best.
    let mut best = (f32::MIN, o, s);
    let phases = (s / 2.0).ceil() as i32;
    for k in -20..=20 {
        let sp = s * (1.0 + COMB_SCALE * k as f32 / 20.0);
        for p in -phases..=phases {
            let org = o + p as f32;
            let v = score(org, sp);
            if v > best.0 {
                best = (v, org, sp);
            }
        }
    }
    let (_, o1, s1) = best;
    for k in -5..=5 {
        let sp = s1 * (1.0 + 0.001 * k as f32);
        for p in -4..=4 {
            let org = o1 + 0.25 * p as f32;
            let v = score(org, sp);
            if v > best.0 {
                best = (v, org, sp);
            }
        }
    }
    (best.1, best.2)
}

/// Re-fits `b`'s grid lines to the image's edges, spacing included; `None` when the box is
/// too small or leaves the image.
fn comb_fit(img: &RgbImage, b: &BoardBox) -> Option<BoardBox> {
    let (sx, sy) = b.square_size();
    if sx < 2.0 || sy < 2.0 {
        return None;
    }
    let reach = |s: f32| (s * (0.5 + 8.0 * COMB_SCALE)).ceil() as i32 + 2;
    let (x0, x1) = ((b.x as i32) - reach(sx), (b.x + b.w) as i32 + reach(sx));
    let (y0, y1) = ((b.y as i32) - reach(sy), (b.y + b.h) as i32 + reach(sy));
    let cols = edge_profile(img, true, x0, x1, b.y, b.y + b.h);
    let rows = edge_profile(img, false, y0, y1, b.x, b.x + b.w);
    let (x, sx) = comb_fit_1d(&cols, x0, b.x, sx);
    let (y, sy) = comb_fit_1d(&rows, y0, b.y, sy);
    let fit = BoardBox::new(x, y, 8.0 * sx, 8.0 * sy);
    fit.fits_in(img.width(), img.height()).then_some(fit)
}

/// Intersection over the smaller box's area.
fn overlap(a: &BoardBox, b: &BoardBox) -> f32 {
    let ix = (a.x + a.w).min(b.x + b.w) - a.x.max(b.x);
    let iy = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
    if ix <= 0.0 || iy <= 0.0 {
        return 0.0;
    }
    ix * iy / (a.w * a.h).min(b.w * b.h)
}

/// Moves each grid line of `b` to its strongest nearby edge at full resolution and fits the
/// nine lines of each direction with one origin and one spacing. Where one direction's lines
/// are fitted and the other's are not (looked for too far from where they are), the other
/// takes the fitted side about its middle, as boards are square, and the second pass looks
/// for its lines there (a window a few percent small on vertical stripes: its columns are not
/// found, its rows are).
pub(crate) fn refine(img: &RgbImage, b: &BoardBox) -> BoardBox {
    let mut cur = *b;
    for _ in 0..2 {
        let sx = cur.square_size().0;
        let radius = ((sx * 0.06).max(2.0)).ceil() as i32 + 1;
        let xs = line_fit(img, &cur, true, radius);
        let ys = line_fit(img, &cur, false, radius);
        let (x, w) = match (xs, ys) {
            (Some(fit), _) => fit,
            (None, Some((_, h))) => (cur.x + (cur.w - h) / 2.0, h),
            (None, None) => (cur.x, cur.w),
        };
        let (y, h) = match (ys, xs) {
            (Some(fit), _) => fit,
            (None, Some((_, w))) => (cur.y + (cur.h - w) / 2.0, w),
            (None, None) => (cur.y, cur.h),
        };
        cur = BoardBox::new(x, y, w, h);
    }
    cur
}

/// How much pixel line `c` of `img` steps the way a grid line of the board along
/// `along0..along0 + along_len` does (between columns `c - 1` and `c` for `vertical`, else
/// rows): the mean signed luma step over the middle 60% of each of the 8 squares it borders,
/// summed with alternating signs (the squares on either side swap colours from one square to
/// the next), over 8, sampled every `step` pixels. A wood-grain stripe steps one way all along
/// and sums to nothing; a board's edge sums to the squares' colour gap, whatever the page's
/// colour. [`line_fit`] takes the geometric mean of this and [`edge_strength`]: on vertical
/// stripes the median alone puts lines on the stripes, and this alone misses lines a piece
/// crosses.
fn alternating_step(
    img: &RgbImage,
    vertical: bool,
    c: i32,
    along0: f32,
    along_len: f32,
    step: i32,
) -> f32 {
    let (w, h) = (img.width() as i32, img.height() as i32);
    if w == 0 || h == 0 {
        return 0.0;
    }
    let raw = img.as_raw();
    let luma = |x: i32, y: i32| {
        let at = 3 * (y.clamp(0, h - 1) as usize * w as usize + x.clamp(0, w - 1) as usize);
        i32::from(raw[at]) + i32::from(raw[at + 1]) + i32::from(raw[at + 2])
    };
    let square = along_len / 8.0;
    let mut total = 0.0f32;
    for k in 0..8 {
        let a0 = (along0 + (k as f32 + 0.2) * square).round() as i32;
        let a1 = ((along0 + (k as f32 + 0.8) * square).round() as i32).max(a0 + 1);
        let (mut sum, mut n) = (0i64, 0i64);
        for a in (a0..a1).step_by(step.max(1) as usize) {
            let d = if vertical {
                luma(c, a) - luma(c - 1, a)
            } else {
                luma(a, c) - luma(a, c - 1)
            };
            sum += i64::from(d);
            n += 1;
        }
        let mean = sum as f32 / n.max(1) as f32;
        total += if k % 2 == 0 { mean } else { -mean };
    }
    (total / 8.0).abs()
}

/// For `vertical` lines (constant x), finds each line's edge position and fits `x = o + k·s`.
/// Returns `(origin, 8·s)`.
fn line_fit(img: &RgbImage, b: &BoardBox, vertical: bool, radius: i32) -> Option<(f32, f32)> {
    let (sx, sy) = b.square_size();
    let (o, s, along0, along_len) = if vertical {
        (b.x, sx, b.y, b.h)
    } else {
        (b.y, sy, b.x, b.w)
    };
    let limit = if vertical { img.width() } else { img.height() } as i32;
    let a0 = (along0 + 2.0).max(0.0) as i32;
    let a1 = (along0 + along_len - 2.0) as i32;
    let step = ((a1 - a0) / 200).max(1);
    let mut found: Vec<(f32, f32, f32)> = Vec::new(); // (k, position, strength)
    for k in 0..=8 {
        let expect = o + k as f32 * s;
        let c0 = expect.round() as i32;
        let mut prof: Vec<(i32, f32)> = Vec::new();
        for c in c0 - radius..=c0 + radius {
            if c < 1 || c >= limit {
                continue;
            }
            // Both measures: a line must step all along (the median) and step the checker's
            // way (alternating), so neither a streaked texture's stripes nor a piece's outline
            // passes for a grid line.
            let plain = edge_strength(img, vertical, c, a0, a1, step);
            let checker = alternating_step(img, vertical, c, along0, along_len, step);
            prof.push((c, (plain * checker).sqrt()));
        }
        let Some(best) = (0..prof.len()).max_by(|&i, &j| prof[i].1.total_cmp(&prof[j].1)) else {
            continue;
        };
        let (c, v) = prof[best];
        // Sub-pixel: parabola through the peak and its neighbours.
        let mut pos = c as f32;
        if best > 0 && best + 1 < prof.len() {
            let (l, r) = (prof[best - 1].1, prof[best + 1].1);
            let denom = l - 2.0 * v + r;
            if denom < -1e-3 {
                pos += (0.5 * (l - r) / denom).clamp(-0.5, 0.5);
            }
        }
        found.push((k as f32, pos, v));
    }
    if found.len() < 4 {
        return None;
    }
    let mut strengths: Vec<f32> = found.iter().map(|t| t.2).collect();
    strengths.sort_by(|a, b| a.total_cmp(b));
    let med = strengths[strengths.len() / 2];
    // Weak lines (a frame the colour of a square, a piece across the line) do not vote.
    let mut use_: Vec<(f32, f32)> = found
        .iter()
        .filter(|t| t.2 >= WEAK_LINE * med && t.2 > 2.0)
        .map(|t| (t.0, t.1))
        .collect();
    for _ in 0..2 {
        if use_.len() < 3 {
            return None;
        }
        let n = use_.len() as f32;
        let mk = use_.iter().map(|t| t.0).sum::<f32>() / n;
        let mv = use_.iter().map(|t| t.1).sum::<f32>() / n;
        let var: f32 = use_.iter().map(|t| (t.0 - mk).powi(2)).sum();
        let cov: f32 = use_.iter().map(|t| (t.0 - mk) * (t.1 - mv)).sum();
        let slope = cov / var;
        let origin = mv - slope * mk;
        let before = use_.len();
        use_.retain(|t| (origin + slope * t.0 - t.1).abs() <= 1.0);
        if use_.len() == before {
            return Some((origin, slope * 8.0));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A `w`×`h` picture of reproducible noise (a linear congruential stream from `seed`).
    fn noisy_image(w: u32, h: u32, seed: u32) -> RgbImage {
        let mut state = seed;
        RgbImage::from_fn(w, h, |_, _| {
            let mut next = || {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (state >> 16) as u8
            };
            image::Rgb([next(), next(), next()])
        })
    }

    #[test]
    fn a_reduced_pixel_is_its_blocks_weighted_mean() {
        let img = noisy_image(37, 23, 11);
        for f in 1..=6u32 {
            for weights in [GREY, CHROMA[0], CHROMA[1]] {
                let g = Grey::reduced(&img, f, weights);
                let fu = f as usize;
                assert_eq!((g.w, g.h), (37 / fu, 23 / fu));
                for y in 0..g.h {
                    for x in 0..g.w {
                        let mut sum = 0i32;
                        for dy in 0..fu {
                            for dx in 0..fu {
                                let p = img.get_pixel((x * fu + dx) as u32, (y * fu + dy) as u32);
                                sum += (0..3).map(|c| weights[c] * i32::from(p[c])).sum::<i32>();
                            }
                        }
                        assert_eq!(
                            g.px[y * g.w + x],
                            sum / (fu * fu) as i32,
                            "f {f} at {x},{y}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_profile_holds_each_lines_edge_strength() {
        // A noisy picture: every line's median differs; the profile must be the lines' own.
        let img = noisy_image(53, 41, 7);
        for vertical in [true, false] {
            let limit = if vertical { 53 } else { 41 };
            for (from, to, along0, along1) in [
                (-3, limit + 2, -5.0, 70.0),
                (0, 10, 3.5, 30.2),
                (5, 5, 0.0, 200.0),
                (12, 40, 10.0, 10.0),
                (60, 70, 0.0, 20.0),
            ] {
                let profile = edge_profile(&img, vertical, from, to, along0, along1);
                assert_eq!(profile.len(), (to - from + 1) as usize);
                let (a0, a1) = (f32::max(along0, 0.0) as i32, along1 as i32);
                let step = ((a1 - a0) / 64).max(1);
                for (c, v) in (from..=to).zip(&profile) {
                    let expected = if c < 1 || c >= limit {
                        0.0
                    } else {
                        edge_strength(&img, vertical, c, a0, a1, step)
                    };
                    assert_eq!(*v, expected, "vertical {vertical}, line {c}");
                }
            }
        }
    }

    #[test]
    fn a_faint_line_all_along_beats_a_few_strong_outlines() {
        // Columns 0..50 at 100, 50.. at 110: a faint edge down the whole of column 50. In one
        // row in five, a dark outline from column 40 on (a piece's edge): by the mean, twice
        // the faint line's strength.
        let img = RgbImage::from_fn(100, 100, |x, y| {
            let v = if y % 5 == 0 && (40..48).contains(&x) {
                0
            } else if x < 50 {
                100
            } else {
                110
            };
            Rgb([v, v, v])
        });
        let line = edge_strength(&img, true, 50, 0, 100, 1);
        let outline = edge_strength(&img, true, 40, 0, 100, 1);
        assert!((line - 30.0).abs() < 1e-3, "{line}");
        assert!(line > outline, "{line} vs {outline}");
    }

    /// Draws a board with square size `s` (may be fractional) at `(x0, y0)` into `img`, with
    /// "pieces" (discs) on the squares listed, the way antialias-free renderers do: pixel
    /// (px, py) belongs to square floor((px + 0.5 - x0) / s).
    fn draw_board(
        img: &mut RgbImage,
        x0: f32,
        y0: f32,
        s: f32,
        light: [u8; 3],
        dark: [u8; 3],
        pieces: &[(usize, usize)],
    ) {
        let x_end = (x0 + 8.0 * s).round() as u32;
        let y_end = (y0 + 8.0 * s).round() as u32;
        for py in y0.round() as u32..y_end {
            for px in x0.round() as u32..x_end {
                let c = ((px as f32 + 0.5 - x0) / s).floor() as usize;
                let r = ((py as f32 + 0.5 - y0) / s).floor() as usize;
                if c > 7 || r > 7 {
                    continue;
                }
                let mut col = if (r + c).is_multiple_of(2) {
                    light
                } else {
                    dark
                };
                if pieces.contains(&(r, c)) {
                    let cx = x0 + (c as f32 + 0.5) * s;
                    let cy = y0 + (r as f32 + 0.5) * s;
                    let d =
                        ((px as f32 + 0.5 - cx).powi(2) + (py as f32 + 0.5 - cy).powi(2)).sqrt();
                    if d < 0.38 * s {
                        col = if (r * 3 + c).is_multiple_of(2) {
                            [250, 250, 250]
                        } else {
                            [20, 20, 20]
                        };
                    }
                }
                img.put_pixel(px, py, Rgb(col));
            }
        }
    }

    /// Adds `delta(x, y)` grey levels to the squares (pixels of the grey levels 151 to 239,
    /// not the pieces) of the board drawn at `(x0, y0)` with squares of `s` px.
    fn add_texture(img: &mut RgbImage, x0: f32, y0: f32, s: f32, delta: impl Fn(u32, u32) -> i32) {
        for py in y0 as u32..(y0 + 8.0 * s) as u32 {
            for px in x0 as u32..(x0 + 8.0 * s) as u32 {
                let p = img.get_pixel_mut(px, py);
                if p.0[0] > 150 && p.0[0] < 240 {
                    let d = delta(px, py);
                    p.0 = p.0.map(|v| (i32::from(v) + d).clamp(0, 255) as u8);
                }
            }
        }
    }

    /// Wood-grain-like streaks over the board's light pixels (see [`add_texture`]): pixel
    /// columns up to `amplitude` levels lighter or darker, 6.7 px a period.
    fn add_streaks(img: &mut RgbImage, x0: f32, y0: f32, s: f32, amplitude: f32) {
        add_texture(img, x0, y0, s, |px, _| {
            (amplitude * (px as f32 * std::f32::consts::TAU / 6.7).sin()).round() as i32
        });
    }

    /// Checks that the board drawn at `(x0, y0)` with squares of `s` px follows the checker
    /// pattern on too few squares read at the corners and on enough read along the edges (at
    /// `contrast`), and that `locate` finds it, alone, to the pixel.
    fn assert_found_only_along_the_edges(
        img: &RgbImage,
        (x0, y0, s): (f32, f32, f32),
        contrast: Contrast,
    ) {
        let board = BoardBox::new(x0, y0, 8.0 * s, 8.0 * s);
        let corners = consistency_by(img, &board, Sampling::Corners, contrast).unwrap_or(0);
        let edges = consistency_by(img, &board, Sampling::Edges, contrast).unwrap_or(0);
        assert!(corners < MIN_CONSISTENT, "corners {corners}");
        assert!(edges >= MIN_CONSISTENT, "edges {edges}");
        let found = locate(img);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_box(&found[0].board, x0, y0, 8.0 * s);
    }

    /// Paints `colour` over the four corner patches ([`Sampling::Corners`]) of the square in
    /// row `r`, column `c` of the board drawn at `(x0, y0)` with squares of `s` px.
    fn paint_corners(
        img: &mut RgbImage,
        (x0, y0, s): (f32, f32, f32),
        (r, c): (usize, usize),
        colour: [u8; 3],
    ) {
        for (fx, fy) in [(0.12, 0.12), (0.88, 0.12), (0.12, 0.88), (0.88, 0.88)] {
            let (cx, cy) = (x0 + (c as f32 + fx) * s, y0 + (r as f32 + fy) * s);
            for y in (cy - 3.0) as u32..(cy + 3.0) as u32 {
                for x in (cx - 3.0) as u32..(cx + 3.0) as u32 {
                    img.put_pixel(x, y, Rgb(colour));
                }
            }
        }
    }

    #[test]
    fn windows_a_square_apart_are_compared_by_their_colours_read_both_ways() {
        // Corner patches can be fooled where edge strips are not (streaked boards beside a
        // page). Here the board's top row shows the other
        // colour at its corner patches only, and the page row below the board shows the
        // pattern at the corner patches of six cells: read at the corners, the window a square
        // down follows the pattern better; read both ways, the board does.
        let (x0, y0, s) = (100.0f32, 60.0f32, 40.0f32);
        let (light, dark) = ([220u8, 220, 200], [120u8, 140, 90]);
        let mut img = RgbImage::from_pixel(600, 520, Rgb([60, 60, 60]));
        draw_board(&mut img, x0, y0, s, light, dark, &[]);
        let mut corners_of = |r: usize, c: usize, colour: [u8; 3]| {
            paint_corners(&mut img, (x0, y0, s), (r, c), colour)
        };
        for c in 0..8 {
            corners_of(0, c, if c % 2 == 0 { dark } else { light });
            if c < 6 {
                corners_of(8, c, if c % 2 == 0 { light } else { dark });
            }
        }
        let board = BoardBox::new(x0, y0, 8.0 * s, 8.0 * s);
        let down = BoardBox::new(x0, y0 + s, 8.0 * s, 8.0 * s);
        let at_corners =
            |b: &BoardBox| consistency_by(&img, b, Sampling::Corners, NORMAL).unwrap_or(0);
        assert!(at_corners(&down) > at_corners(&board));
        let n = checker_consistency(&img, &down).unwrap_or(0);
        assert_eq!(best_of_shifts(&img, down, n, NORMAL).0, board);
    }

    #[test]
    fn grid_lines_are_fitted_to_the_squares_not_to_stripes() {
        // Vertical stripes stronger than the two square colours' gap (25 levels against 18,
        // 5 px a period): a stripe's edge steps more than a grid line, and the plain median
        // step put the lines on stripes; a stripe steps one way all down the board, a grid line
        // the checker's way.
        let mut img = RgbImage::from_pixel(640, 480, Rgb([90, 90, 100]));
        let (x0, y0, s) = (120.0f32, 80.0f32, 36.0f32);
        draw_board(&mut img, x0, y0, s, [215, 215, 215], [197, 197, 197], &[]);
        add_texture(&mut img, x0, y0, s, |px, _| {
            (25.0 * (px as f32 * std::f32::consts::TAU / 5.0).sin()).round() as i32
        });
        let board = BoardBox::new(x0, y0, 8.0 * s, 8.0 * s);
        for (dx, dy) in [(2.0, 1.0), (-2.0, -1.0), (1.5, -2.0)] {
            let guess = BoardBox::new(x0 + dx, y0 + dy, 8.0 * s + 3.0, 8.0 * s - 2.0);
            assert_box(&refine(&img, &guess), board.x, board.y, board.w);
        }
    }

    #[test]
    fn a_grid_fitted_one_way_lends_its_size_to_the_other() {
        // A window 12% too narrow: at the radius looked over, only the middle column line is
        // found, too few to fit; the rows are fitted, and their size places the columns.
        let mut img = RgbImage::from_pixel(520, 480, Rgb([60, 60, 60]));
        let (x0, y0, s) = (90.0f32, 70.0f32, 40.0f32);
        draw_board(&mut img, x0, y0, s, [230, 220, 200], [120, 90, 60], &[]);
        let narrow = 8.0 * s * 0.88;
        let guess = BoardBox::new(x0 + (8.0 * s - narrow) / 2.0, y0, narrow, 8.0 * s);
        assert_box(&refine(&img, &guess), x0, y0, 8.0 * s);
    }

    #[test]
    fn a_streaked_board_of_close_colours_is_read_along_the_square_edges() {
        // Light and dark squares 18 levels apart under wood-grain-like streaks: pixel columns
        // up to 14 levels lighter or darker, 6.7 px a period.
        let mut img = RgbImage::from_pixel(600, 500, Rgb([66, 48, 70]));
        let (x0, y0, s) = (101.0, 63.0, 25.5);
        draw_board(
            &mut img,
            x0,
            y0,
            s,
            [215, 215, 215],
            [197, 197, 197],
            &[
                (0, 4),
                (1, 3),
                (2, 2),
                (3, 7),
                (4, 5),
                (5, 1),
                (6, 6),
                (7, 0),
            ],
        );
        add_streaks(&mut img, x0, y0, s, 14.0);
        assert_found_only_along_the_edges(&img, (x0, y0, s), NORMAL);
    }

    #[test]
    fn a_board_under_shading_stronger_than_a_third_of_its_colour_gap_is_found() {
        // Cream and lavender squares (gap 82, mostly in the green channel) under vertical
        // streaks of light and shade of up to 20 levels in every channel, two to a square:
        // cells stray from their colour by more than a third of the gap, yet stay twice as
        // near it as the other.
        let mut img = RgbImage::from_pixel(640, 480, Rgb([216, 232, 200]));
        let (x0, y0, s) = (81.0, 59.0, 34.0);
        draw_board(
            &mut img,
            x0,
            y0,
            s,
            [209, 225, 193],
            [180, 174, 192],
            &start_pieces(),
        );
        add_texture(&mut img, x0, y0, s, |px, _| {
            (20.0 * (px as f32 * std::f32::consts::TAU / 16.5).sin()).round() as i32
        });
        let board = BoardBox::new(x0, y0, 8.0 * s, 8.0 * s);
        assert!(checker_consistency(&img, &board).unwrap_or(0) >= MIN_CONSISTENT);
        let found = locate(&img);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_box(&found[0].board, x0, y0, 8.0 * s);
    }

    #[test]
    fn a_board_under_wavy_bands_stronger_than_its_colours_is_found_blurred() {
        // Light and dark squares 18 levels apart under wavy horizontal bands of up to 20
        // levels, 12.5 px a period: no checker corner stands out of the bands.
        let mut img = RgbImage::from_pixel(1280, 800, Rgb([226, 214, 222]));
        let (x0, y0, s) = (508.0, 265.0, 48.8);
        draw_board(
            &mut img,
            x0,
            y0,
            s,
            [218, 218, 218],
            [200, 200, 200],
            &start_pieces(),
        );
        add_texture(&mut img, x0, y0, s, |px, py| {
            let wave = py as f32
                + 3.0 * (px as f32 * 0.013 + 1.0).sin()
                + 1.5 * (px as f32 * 0.051 + 2.0).sin();
            (20.0 * (wave * std::f32::consts::TAU / 12.5).sin()).round() as i32
        });
        let found = locate(&img);
        assert_eq!(found.len(), 1, "{found:?}");
        let b = found[0].board;
        // Found to a few pixels (the bands shift the edges found), enough to read each square.
        assert!(
            (b.x - x0).abs() <= 0.1 * s
                && (b.y - y0).abs() <= 0.1 * s
                && (b.w - 8.0 * s).abs() <= 0.2 * s,
            "{b:?}"
        );
    }

    #[test]
    fn a_board_with_thick_grid_lines_between_its_squares_is_found() {
        // Squares of 61 px of two close colours, three black pixels between them and round the
        // board, and two pieces.
        let (x0, y0, sq, line) = (40u32, 90u32, 61u32, 3u32);
        let pitch = sq + line;
        let mut img = RgbImage::from_pixel(620, 660, Rgb([220, 218, 213]));
        for py in y0..y0 + 8 * pitch + line {
            for px in x0..x0 + 8 * pitch + line {
                let (dx, dy) = (px - x0, py - y0);
                let on_line = dx % pitch < line || dy % pitch < line;
                let (c, r) = (dx / pitch, dy / pitch);
                let col = if on_line || c > 7 || r > 7 {
                    [0, 0, 0]
                } else if [(2, 5), (6, 1)].contains(&(r, c)) {
                    let (cx, cy) = (c * pitch + line + sq / 2, r * pitch + line + sq / 2);
                    if dx.abs_diff(cx).pow(2) + dy.abs_diff(cy).pow(2) < (sq / 3).pow(2) {
                        [20, 20, 20]
                    } else {
                        [119, 162, 109]
                    }
                } else if (r + c).is_multiple_of(2) {
                    [200, 195, 101]
                } else {
                    [119, 162, 109]
                };
                img.put_pixel(px, py, Rgb(col));
            }
        }
        let found = locate(&img);
        assert_eq!(found.len(), 1, "{found:?}");
        let b = found[0].board;
        // The box runs along the middles of the outer grid lines, give or take a line's width.
        let (x, y, size) = (x0 as f32 + 1.5, y0 as f32 + 1.5, 8.0 * pitch as f32);
        assert!(
            (b.x - x).abs() <= 3.0
                && (b.y - y).abs() <= 3.0
                && (b.w - size).abs() <= 3.0
                && (b.h - size).abs() <= 3.0,
            "found {b:?}, expected {x},{y} {size}"
        );
    }

    #[test]
    fn a_refined_grid_that_goes_wrong_gives_way_to_its_window() {
        let window = BoardBox::new(10.0, 20.0, 160.0, 160.0);
        let good = BoardBox::new(10.5, 20.25, 160.5, 160.5);
        assert_eq!(refined_or_window(good, Some(60), window, 55), (good, 60));
        // Pulled off the board by the pieces' outlines: the checker pattern is gone.
        assert_eq!(refined_or_window(good, Some(30), window, 55), (window, 55));
        assert_eq!(refined_or_window(good, None, window, 55), (window, 55));
        // Squares are square: a box 4% taller than wide is off, however well it scores.
        let tall = BoardBox::new(10.0, 14.0, 160.0, 166.4);
        assert_eq!(refined_or_window(tall, Some(64), window, 55), (window, 55));
    }

    #[test]
    fn a_refined_grid_is_judged_by_its_colours_read_both_ways() {
        // Streaks over the corner patches of 20 squares show the other colour there; the edge
        // strips still show each square's own.
        let (x0, y0, s) = (60.0f32, 50.0f32, 40.0f32);
        let (light, dark) = ([230u8, 220, 200], [120u8, 90, 60]);
        let mut img = RgbImage::from_pixel(440, 420, Rgb([60, 60, 60]));
        draw_board(&mut img, x0, y0, s, light, dark, &[]);
        for k in 0..20u32 {
            let (r, c) = (k / 8, k % 8);
            let other = if (r + c) % 2 == 0 { dark } else { light };
            paint_corners(&mut img, (x0, y0, s), (r as usize, c as usize), other);
        }
        let board = BoardBox::new(x0, y0, 8.0 * s, 8.0 * s);
        assert!(
            consistency_by(&img, &board, Sampling::Corners, NORMAL).unwrap_or(0) < MIN_CONSISTENT
        );
        let window = BoardBox::new(x0 + 4.0, y0 + 4.0, 8.0 * s - 8.0, 8.0 * s - 8.0);
        assert_eq!(keep_refined(&img, board, window, 63, NORMAL), (board, 64));
    }

    #[test]
    fn median_colour_is_the_sorted_middle() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for round in 0..300 {
            // Few distinct values in some rounds, so that ties are common.
            let top = if round % 3 == 0 { 4 } else { 256 };
            let colors: [[i32; 3]; 32] =
                std::array::from_fn(|_| std::array::from_fn(|_| rng.random_range(0..top)));
            let expect = [0, 1, 2].map(|c| {
                let mut v: Vec<i32> = colors.iter().map(|p| p[c]).collect();
                v.sort_unstable();
                v[16]
            });
            assert_eq!(median_color(&colors), expect);
        }
    }

    #[test]
    fn only_windows_holding_corners_are_scored() {
        let lattice = |points: Vec<(i32, i32)>| Lattice {
            ox: 0.0,
            oy: 0.0,
            sx: 4.0,
            sy: 4.0,
            i0: points.iter().map(|p| p.0).min().unwrap(),
            i1: points.iter().map(|p| p.0).max().unwrap(),
            j0: points.iter().map(|p| p.1).min().unwrap(),
            j1: points.iter().map(|p| p.1).max().unwrap(),
            points,
        };
        // A board's inner corners (1..=7 each way): every window that can hold the board does.
        let board: Vec<(i32, i32)> = (1..=7).flat_map(|j| (1..=7).map(move |i| (i, j))).collect();
        let all = windows_holding_corners(&lattice(board), (-1, 1), (-1, 1));
        assert_eq!(all.len(), 9);
        // Four corners far apart on a wide lattice (clutter): of 121 x 121 windows, only those
        // holding a corner, and none holds four of them.
        let spread = lattice(vec![(0, 0), (60, 0), (0, 60), (120, 120)]);
        assert!(windows_holding_corners(&spread, (-7, 120), (-7, 120)).is_empty());
        // Four close together among them: the windows that hold all four.
        let mut near = vec![(50, 50), (51, 50), (50, 52), (53, 53)];
        near.extend([(0, 0), (120, 120)]);
        let got = windows_holding_corners(&lattice(near), (-7, 120), (-7, 120));
        assert_eq!(got.len(), 6 * 6);
        assert!(
            got.iter()
                .all(|&(i, j)| (45..=50).contains(&i) && (45..=50).contains(&j))
        );
    }

    #[test]
    fn a_lattice_scores_its_windows_like_single_windows() {
        let (img, x0, y0, s) = start_board_on_page();
        // The board's lattice in half-size units (f = 2), from two squares before it.
        let lat = Lattice {
            ox: x0 / 2.0,
            oy: y0 / 2.0,
            sx: s / 2.0,
            sy: s / 2.0,
            i0: 0,
            i1: 0,
            j0: 0,
            j1: 0,
            points: Vec::new(),
        };
        let colours =
            LatticeColours::read(&img, &lat, 2.0, (-2, 12), (-2, 11), &[], Sampling::Corners);
        for j in -2..=1 {
            for i in -2..=2 {
                let b = BoardBox::new(x0 + i as f32 * s, y0 + j as f32 * s, 8.0 * s, 8.0 * s);
                assert_eq!(
                    colours.consistency(i, j, NORMAL),
                    consistency_by(&img, &b, Sampling::Corners, NORMAL),
                    "window {i},{j}"
                );
            }
        }
        assert_eq!(colours.consistency(0, 0, NORMAL), Some(64));
        // Windows reaching past the cells read are not scored.
        assert_eq!(colours.consistency(3, 0, NORMAL), None);
        assert_eq!(colours.consistency(0, -3, NORMAL), None);
    }

    fn start_pieces() -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for r in [0, 1, 6, 7] {
            for c in 0..8 {
                v.push((r, c));
            }
        }
        v
    }

    fn assert_box(b: &BoardBox, x: f32, y: f32, size: f32) {
        assert!(
            (b.x - x).abs() <= 1.0
                && (b.y - y).abs() <= 1.0
                && (b.w - size).abs() <= 1.0
                && (b.h - size).abs() <= 1.0,
            "found {b:?}, expected {x},{y} {size}"
        );
    }

    /// A 600x500 page with the starting position on a board of 31.5 px squares at (101, 63):
    /// the image, the board's origin and its square size.
    fn start_board_on_page() -> (RgbImage, f32, f32, f32) {
        let mut img = RgbImage::from_pixel(600, 500, Rgb([235, 245, 235]));
        let (x0, y0, s) = (101.0, 63.0, 31.5);
        draw_board(
            &mut img,
            x0,
            y0,
            s,
            [222, 227, 230],
            [140, 162, 173],
            &start_pieces(),
        );
        (img, x0, y0, s)
    }

    #[test]
    fn comb_fit_corrects_a_spacing_a_few_percent_off() {
        let (img, x0, y0, s) = start_board_on_page();
        // A window 4% too small, its origin a third of a square off, as clutter leaves it.
        let guess = BoardBox::new(x0 - 10.0, y0 + 9.0, 8.0 * s * 0.96, 8.0 * s * 0.96);
        let fit = comb_fit(&img, &guess).expect("a fit inside the image");
        assert_box(&fit, x0, y0, 8.0 * s);
        // Half a square is the most the phase moves: a window a whole square off stays off.
        let far = BoardBox::new(x0 + s, y0, 8.0 * s, 8.0 * s);
        let fit = comb_fit(&img, &far).expect("a fit inside the image");
        assert!((fit.x - (x0 + s)).abs() <= 1.0, "{fit:?}");
    }

    #[test]
    fn a_window_a_square_off_moves_onto_the_board() {
        let (img, x0, y0, s) = start_board_on_page();
        // The page is close to the light squares: a window a row low still follows the
        // checker pattern in 60 of 64 cells, the board itself in all 64.
        let low = BoardBox::new(x0, y0 + s, 8.0 * s, 8.0 * s);
        assert_box(&best_shift(&img, low, NORMAL), x0, y0, 8.0 * s);
        let left = BoardBox::new(x0 - s, y0, 8.0 * s, 8.0 * s);
        assert_box(&best_shift(&img, left, NORMAL), x0, y0, 8.0 * s);
        let right = BoardBox::new(x0, y0, 8.0 * s, 8.0 * s);
        assert_box(&best_shift(&img, right, NORMAL), x0, y0, 8.0 * s);
        // Two squares off, it takes two steps.
        let two_low = BoardBox::new(x0, y0 + 2.0 * s, 8.0 * s, 8.0 * s);
        assert_box(&best_shift(&img, two_low, NORMAL), x0, y0, 8.0 * s);
    }

    #[test]
    fn a_window_a_square_off_moves_onto_a_board_at_the_images_edge() {
        let mut img = RgbImage::from_pixel(400, 400, Rgb([235, 245, 235]));
        let (y0, s) = (63.0, 31.5);
        draw_board(
            &mut img,
            0.0,
            y0,
            s,
            [222, 227, 230],
            [140, 162, 173],
            &start_pieces(),
        );
        // A grid fitted from the board's inner lines, a file to the right and the page's
        // column beside the board taken in: the window a square left of it starts 0.8 px
        // outside the image, which its cells may reach.
        let right = BoardBox::new(s - 0.8, y0, 8.0 * s, 8.0 * s);
        assert_box(&best_shift(&img, right, NORMAL), 0.0, y0, 8.0 * s);
    }

    #[test]
    fn a_window_stretched_one_way_is_squared_onto_the_board() {
        let (img, x0, y0, s) = start_board_on_page();
        // 8% too tall, reaching half a square above the board, as a frame leaves it.
        let tall = BoardBox::new(x0, y0 - 0.5 * s, 8.0 * s, 8.0 * s * 1.08);
        let n = consistency_by(&img, &tall, Sampling::Corners, NORMAL).unwrap_or(0);
        let (board, m) = squared(&img, tall, n, NORMAL);
        assert_box(&board, x0, y0, 8.0 * s);
        assert!(m >= n);
        // A square window is left as it is.
        let board = BoardBox::new(x0, y0, 8.0 * s, 8.0 * s);
        assert_eq!(squared(&img, board, 64, NORMAL), (board, 64));
    }

    #[test]
    fn windows_that_follow_the_pattern_equally_are_told_apart_by_their_edges() {
        // A board on a dark page whose a-file is covered (a red strip): the board and the
        // window a square to its right (the page's column in place of the a-file) follow the
        // checker pattern in 56 cells each. The board's grid lines all step; the other
        // window's last one lies in the page.
        let (x0, y0, s) = (100.0, 60.0, 20.0);
        let mut img = RgbImage::from_pixel(400, 300, Rgb([20, 22, 24]));
        draw_board(&mut img, x0, y0, s, [235, 235, 235], [200, 200, 195], &[]);
        for y in 60..220 {
            for x in 100..120 {
                img.put_pixel(x, y, Rgb([200, 30, 30]));
            }
        }
        let board = BoardBox::new(x0, y0, 8.0 * s, 8.0 * s);
        let right = BoardBox::new(x0 + s, y0, 8.0 * s, 8.0 * s);
        let n = consistency_by(&img, &right, Sampling::Corners, NORMAL).unwrap();
        assert_eq!(
            consistency_by(&img, &board, Sampling::Corners, NORMAL),
            Some(n),
            "a tie"
        );
        let (moved, m) = best_of_shifts(&img, right, n, NORMAL);
        assert_eq!(m, n);
        assert_box(&moved, x0, y0, 8.0 * s);
        // The board itself stays.
        assert_eq!(best_of_shifts(&img, board, n, NORMAL).0, board);
    }

    #[test]
    fn finds_boards_of_many_sizes_and_colours() {
        let themes = [
            ([240, 217, 181], [181, 136, 99]),  // lichess brown
            ([159, 144, 176], [125, 74, 141]),  // lichess purple (low contrast)
            ([220, 220, 220], [201, 201, 201]), // newspaper (lowest contrast)
            ([200, 195, 101], [119, 162, 109]), // xboard
        ];
        for (k, (light, dark)) in themes.iter().enumerate() {
            for &(s, x0, y0) in &[
                (15.0f32, 37.0f32, 211.0f32),
                (60.5, 300.25, 120.0),
                (91.75, 10.0, 20.0),
            ] {
                let mut img = RgbImage::from_pixel(1280, 800, Rgb([245, 246, 247]));
                // Page chrome: a dark bar and some blocks.
                for x in 0..1280 {
                    for y in 0..30 {
                        img.put_pixel(x, y, Rgb([40, 44, 52]));
                    }
                }
                let pieces = if k.is_multiple_of(2) {
                    start_pieces()
                } else {
                    vec![(3, 4), (0, 0), (7, 7)]
                };
                draw_board(&mut img, x0, y0 + 30.0, s, *light, *dark, &pieces);
                let found = locate(&img);
                assert_eq!(found.len(), 1, "theme {k} s {s}: {found:?}");
                assert_box(&found[0].board, x0, y0 + 30.0, 8.0 * s);
            }
        }
    }

    #[test]
    fn finds_boards_whose_squares_differ_only_in_hue() {
        // The same R+G+B in both colours: the grey image shows no corners at all.
        let themes = [
            ([200, 180, 160], [160, 180, 200]), // orange against blue
            ([150, 200, 150], [200, 150, 150]), // green against red
            ([219, 200, 206], [213, 201, 221]), // pink against lilac, 22 apart
        ];
        for (k, (light, dark)) in themes.iter().enumerate() {
            let (s, x0, y0) = (24.0f32, 301.0f32, 97.0f32);
            let mut img = RgbImage::from_pixel(1280, 800, Rgb([245, 246, 247]));
            draw_board(
                &mut img,
                x0,
                y0,
                s,
                *light,
                *dark,
                &[(3, 4), (0, 0), (7, 7)],
            );
            let found = locate(&img);
            assert_eq!(found.len(), 1, "theme {k}: {found:?}");
            assert_box(&found[0].board, x0, y0, 8.0 * s);
        }
    }

    #[test]
    fn finds_boards_whose_square_colours_nearly_meet() {
        // Themes shifted until light and dark nearly meet, each under `MIN_COLOR_GAP`: only
        // the last look, at `FAINT` contrast, finds them.
        let themes = [
            ([211, 215, 214], [211, 215, 207]), // 7 apart, in blue only
            ([197, 214, 212], [189, 218, 216]), // 16 apart, equally bright
            ([205, 222, 218], [210, 219, 214]), // 12 apart
        ];
        for (k, (light, dark)) in themes.iter().enumerate() {
            let (s, x0, y0) = (19.0f32, 653.0f32, 211.0f32);
            let mut img = RgbImage::from_pixel(1280, 800, Rgb([240, 200, 240]));
            draw_board(&mut img, x0, y0, s, *light, *dark, &start_pieces());
            let found = locate(&img);
            assert_eq!(found.len(), 1, "theme {k}: {found:?}");
            assert_box(&found[0].board, x0, y0, 8.0 * s);
        }
    }

    #[test]
    fn a_faint_streaked_board_is_read_along_the_square_edges_in_the_last_look() {
        // Squares 12 apart (under `MIN_COLOR_GAP`) under streaks of up to 6 levels, 6.7 px a
        // period: at `FAINT` contrast the corner samples follow the pattern on too few
        // squares, the edge strips on enough.
        let mut img = RgbImage::from_pixel(1280, 800, Rgb([90, 40, 40]));
        let (x0, y0, s) = (653.0f32, 211.0f32, 21.9f32);
        draw_board(
            &mut img,
            x0,
            y0,
            s,
            [205, 222, 218],
            [210, 219, 214],
            &start_pieces(),
        );
        add_streaks(&mut img, x0, y0, s, 6.0);
        assert_found_only_along_the_edges(&img, (x0, y0, s), FAINT);
    }

    #[test]
    fn the_last_look_tries_the_spacings_that_page_text_outvotes() {
        // A board's 7x7 inner corners 8.6 reduced px apart (links of 8 and 9 px), linked to
        // clutter of three other pitches (8, 10 and 12 px, each with more links than the
        // board's 9 px ones): the best three spacings are the clutter's, so no lattice near
        // the board's spacing comes of them; the last look's spacings give one.
        let mut pts = Vec::new();
        let (bx, by, s) = (200.0f32, 150.0f32, 8.6f32);
        let board_xs: Vec<f32> = (1..8).map(|i| (bx + i as f32 * s).round()).collect();
        let board_ys: Vec<f32> = (1..8).map(|j| (by + j as f32 * s).round()).collect();
        for &y in &board_ys {
            for &x in &board_xs {
                pts.push(Corner { x, y });
            }
            // Text of pitch 8 to the left on the board's rows, linking into its first column.
            for k in 1..=12 {
                pts.push(Corner {
                    x: board_xs[0] - 8.0 * k as f32,
                    y,
                });
            }
        }
        // Text of pitches 10 and 12 above and below the board, their first column on the
        // board's first column.
        for (pitch, above) in [(10.0f32, true), (12.0, false)] {
            for j in 1..=8 {
                let y = if above {
                    board_ys[0] - pitch * j as f32
                } else {
                    board_ys[6] + pitch * j as f32
                };
                for i in 0..10 {
                    pts.push(Corner {
                        x: board_xs[0] + pitch * i as f32,
                        y,
                    });
                }
            }
        }
        // Near enough for the windows' own fit of the grid lines (`comb_fit`, ±10%).
        let board_lattice = |lats: &[Lattice]| {
            lats.iter().any(|l| {
                (l.sx / s - 1.0).abs() < 0.06
                    && (l.sy / s - 1.0).abs() < 0.06
                    && l.points.len() >= 25
            })
        };
        assert!(!board_lattice(&lattices(&pts, 3, 0.0)));
        assert!(board_lattice(&lattices(&pts, LAST_SPACINGS, 0.0)));
    }

    #[test]
    fn a_spacing_between_two_whole_pixels_takes_the_links_of_both() {
        // A board's 7x7 inner corners 9.4 reduced px apart, each at its nearest whole pixel:
        // links of 9 and 10, each outside the other's 8 %. From the 9s alone (9.0) the lattice
        // loses the far corners; with a pixel's slack it takes both and holds every corner.
        let (bx, by, s) = (100.0f32, 80.0f32, 9.4f32);
        let pts: Vec<Corner> = (1..8)
            .flat_map(|j| {
                (1..8).map(move |i| Corner {
                    x: (bx + i as f32 * s).round(),
                    y: (by + j as f32 * s).round(),
                })
            })
            .collect();
        assert!(!lattices(&pts, 1, 0.0).iter().any(|l| l.points.len() == 49));
        let lats = lattices(&pts, 1, WHOLE_PIXEL.link_slack);
        assert!(
            lats.iter().any(|l| (l.sx - s).abs() < 0.15
                && (l.sy - s).abs() < 0.15
                && l.points.len() == 49),
            "{lats:?}"
        );
    }

    #[test]
    fn boards_under_64_px_are_not_kept() {
        for (s, kept) in [(6.0f32, false), (9.0, true)] {
            let mut img = RgbImage::from_pixel(640, 480, Rgb([245, 246, 247]));
            draw_board(
                &mut img,
                101.0,
                77.0,
                s,
                [240, 217, 181],
                [181, 136, 99],
                &[],
            );
            let found = locate(&img);
            assert_eq!(found.len(), usize::from(kept), "{s} px squares: {found:?}");
        }
    }

    #[test]
    fn several_boards_largest_first_and_none_on_plain_pages() {
        let mut img = RgbImage::from_pixel(1000, 700, Rgb([30, 30, 30]));
        draw_board(
            &mut img,
            20.0,
            20.0,
            40.0,
            [238, 238, 210],
            [118, 150, 86],
            &start_pieces(),
        );
        draw_board(
            &mut img,
            500.0,
            300.0,
            22.25,
            [222, 227, 230],
            [140, 162, 173],
            &[],
        );
        let found = locate(&img);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_box(&found[0].board, 20.0, 20.0, 320.0);
        assert_box(&found[1].board, 500.0, 300.0, 178.0);

        let plain = RgbImage::from_pixel(640, 480, Rgb([200, 10, 10]));
        assert!(locate(&plain).is_empty());
        assert!(locate(&RgbImage::new(0, 0)).is_empty());
    }

    #[test]
    fn a_4x4_checker_is_not_a_board_and_a_frame_is_not_part_of_it() {
        let mut img = RgbImage::from_pixel(600, 600, Rgb([255, 255, 255]));
        for y in 0..160u32 {
            for x in 0..160u32 {
                let dark = !(x / 40 + y / 40).is_multiple_of(2);
                img.put_pixel(
                    x + 10,
                    y + 10,
                    Rgb(if dark { [0, 0, 0] } else { [255, 255, 255] }),
                );
            }
        }
        assert!(locate(&img).is_empty());
        // A brown frame 12 px wide around a board.
        for y in 188..(200 + 8 * 45 + 12) {
            for x in 188..(200 + 8 * 45 + 12) {
                img.put_pixel(x, y, Rgb([90, 50, 20]));
            }
        }
        draw_board(
            &mut img,
            200.0,
            200.0,
            45.0,
            [240, 217, 181],
            [181, 136, 99],
            &[(4, 4)],
        );
        let found = locate(&img);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_box(&found[0].board, 200.0, 200.0, 360.0);
    }
}
