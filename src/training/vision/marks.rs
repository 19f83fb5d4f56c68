//! Last-move marks drawn as shapes on the squares, not as tints: PyChess marks the square a
//! piece left with a four-pointed star of concave wedges and the square it went to with a
//! wedge in each corner. The star stands on an empty square and has a piece's size, so a
//! network that never saw it reads it as a piece; training boards draw such marks so that
//! the square network learns them as empty.

use image::{Rgba, RgbaImage};
use rand::Rng;
use rand::seq::IndexedRandom;
use shakmaty::{Board, Square};

/// Points per wedge edge drawn as a curve (a cubic Bézier flattened to this many segments).
const CURVE_STEPS: usize = 10;
/// Samples per pixel side when the marks are rasterised (anti-aliasing).
const SUBSAMPLES: usize = 4;

/// Marks of one move, their shape and colours (all lengths as fractions of a square).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveMarks {
    /// The square the piece left: the star (drawn on it whatever stands there).
    pub from: Square,
    /// The square the piece went to: the corner wedges.
    pub to: Square,
    /// Length of a wedge's straight sides (PyChess: 0.27).
    pub size: f32,
    /// Gap between the square's edge and the star's points (PyChess: 0.155).
    pub star_inset: f32,
    /// Gap between the square's edge and the corner wedges (PyChess: 0.085).
    pub corner_inset: f32,
    /// Fill of the wedges.
    pub fill: Rgba<u8>,
    /// Outline of the wedges.
    pub stroke: Rgba<u8>,
    /// Outline width (PyChess: 0.02).
    pub stroke_width: f32,
}

impl MoveMarks {
    /// Random marks of a move from an empty square of `board` to an occupied one, in PyChess's
    /// colours (yellow; orange for a capture; green for a drop) or a random hue, at sizes
    /// around PyChess's. `None` when the board has no empty or no occupied square.
    pub fn random(rng: &mut impl Rng, board: &Board) -> Option<Self> {
        let occupied: Vec<Square> = board.occupied().into_iter().collect();
        let empty: Vec<Square> = (!board.occupied()).into_iter().collect();
        let from = *empty.choose(rng)?;
        let to = *occupied.choose(rng)?;
        let (fill, stroke) = match rng.random_range(0..10) {
            0..=4 => (Rgba([237, 212, 0, 204]), Rgba([196, 160, 0, 128])),
            5..=6 => (Rgba([245, 121, 0, 204]), Rgba([206, 92, 0, 128])),
            7 => (Rgba([86, 156, 30, 204]), Rgba([60, 131, 43, 128])),
            _ => {
                let c = [rng.random(), rng.random(), rng.random()];
                let dark = c.map(|v: u8| (f32::from(v) * 0.8) as u8);
                (
                    Rgba([c[0], c[1], c[2], rng.random_range(150..=240)]),
                    Rgba([dark[0], dark[1], dark[2], rng.random_range(80..=200)]),
                )
            }
        };
        Some(MoveMarks {
            from,
            to,
            size: rng.random_range(0.22..0.32),
            star_inset: rng.random_range(0.12..0.19),
            corner_inset: rng.random_range(0.05..0.12),
            fill,
            stroke,
            stroke_width: rng.random_range(0.0..0.04),
        })
    }

    /// The four wedges of the star, in a unit square (PyChess's `drawLastMove`): each has its
    /// inner corner `inset + size` from two edges and its two points `inset` from one edge,
    /// joined by a curve bowed towards the inner corner.
    pub fn star(&self) -> Vec<Vec<(f32, f32)>> {
        let (m, p) = (self.size, self.star_inset);
        corners()
            .map(|(sx, sy)| {
                let corner = (edge(p, sx) + m * sx, edge(p, sy) + m * sy);
                let tip = (corner.0, corner.1 - m * sy);
                let mut wedge = vec![corner, tip];
                wedge.extend(cubic(
                    tip,
                    (tip.0, tip.1 + m * sy / 2.0),
                    (tip.0 - m * sx / 2.0, tip.1 + m * sy),
                    (tip.0 - m * sx, tip.1 + m * sy),
                ));
                wedge
            })
            .collect()
    }

    /// The four corner wedges of the destination square, in a unit square: two straight sides
    /// of `size` along the edges, `inset` from them, joined by a curve bowed towards the corner.
    pub fn corner_wedges(&self) -> Vec<Vec<(f32, f32)>> {
        let (m, p) = (self.size, self.corner_inset);
        corners()
            .map(|(sx, sy)| {
                let corner = (edge(p, sx), edge(p, sy));
                let end = (corner.0 + m * sx, corner.1);
                let mut wedge = vec![corner, end];
                wedge.extend(cubic(
                    end,
                    (end.0 - m * sx / 2.0, end.1),
                    (end.0 - m * sx, end.1 + m * sy / 2.0),
                    (end.0 - m * sx, end.1 + m * sy),
                ));
                wedge
            })
            .collect()
    }

    /// Draws the star on the square whose top-left corner is `origin` and the corner wedges on
    /// the one at `target`, squares `side` pixels wide, blended into `img`.
    pub fn draw(&self, img: &mut RgbaImage, origin: (f32, f32), target: (f32, f32), side: f32) {
        for (wedges, at) in [(self.star(), origin), (self.corner_wedges(), target)] {
            for wedge in wedges {
                let path: Vec<(f32, f32)> = wedge
                    .iter()
                    .map(|&(x, y)| (at.0 + x * side, at.1 + y * side))
                    .collect();
                fill_path(img, &path, self.fill, self.stroke, self.stroke_width * side);
            }
        }
    }
}

/// The four corners' directions (PyChess's `matrix_scaler`): +1 measures from the left or top
/// edge, -1 from the right or bottom one.
fn corners() -> impl Iterator<Item = (f32, f32)> {
    [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)].into_iter()
}

/// The coordinate `inset` from the edge that direction `s` measures from.
fn edge(inset: f32, s: f32) -> f32 {
    if s > 0.0 { inset } else { 1.0 - inset }
}

/// The points of a cubic Bézier curve after its start `a`, ending at `d`.
fn cubic(a: (f32, f32), b: (f32, f32), c: (f32, f32), d: (f32, f32)) -> Vec<(f32, f32)> {
    (1..=CURVE_STEPS)
        .map(|i| {
            let t = i as f32 / CURVE_STEPS as f32;
            let u = 1.0 - t;
            let w = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
            (
                w[0] * a.0 + w[1] * b.0 + w[2] * c.0 + w[3] * d.0,
                w[0] * a.1 + w[1] * b.1 + w[2] * c.1 + w[3] * d.1,
            )
        })
        .collect()
}

/// True when `p` is inside the closed polygon `path` (even-odd rule).
fn inside(path: &[(f32, f32)], p: (f32, f32)) -> bool {
    let mut hit = false;
    let mut j = path.len() - 1;
    for i in 0..path.len() {
        let (a, b) = (path[i], path[j]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
            hit = !hit;
        }
        j = i;
    }
    hit
}

/// Distance from `p` to the closed polygon `path`'s outline.
fn outline_distance(path: &[(f32, f32)], p: (f32, f32)) -> f32 {
    let mut best = f32::INFINITY;
    let mut j = path.len() - 1;
    for i in 0..path.len() {
        let (a, b) = (path[j], path[i]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        let t = if len2 > 0.0 {
            (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (qx, qy) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
        best = best.min((qx * qx + qy * qy).sqrt());
        j = i;
    }
    best
}

/// Fills the polygon `path` (pixel coordinates) with `fill` and draws its outline `width`
/// pixels wide in `stroke`, both anti-aliased and blended by their alpha.
fn fill_path(
    img: &mut RgbaImage,
    path: &[(f32, f32)],
    fill: Rgba<u8>,
    stroke: Rgba<u8>,
    width: f32,
) {
    if path.len() < 3 {
        return;
    }
    let pad = width / 2.0 + 1.0;
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in path {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let clampx = |v: f32| (v.max(0.0) as u32).min(img.width());
    let clampy = |v: f32| (v.max(0.0) as u32).min(img.height());
    let (px0, px1) = (clampx(x0 - pad), clampx(x1 + pad + 1.0));
    let (py0, py1) = (clampy(y0 - pad), clampy(y1 + pad + 1.0));
    let n = (SUBSAMPLES * SUBSAMPLES) as f32;
    for py in py0..py1 {
        for px in px0..px1 {
            let (mut filled, mut stroked) = (0.0f32, 0.0f32);
            for sy in 0..SUBSAMPLES {
                for sx in 0..SUBSAMPLES {
                    let p = (
                        px as f32 + (sx as f32 + 0.5) / SUBSAMPLES as f32,
                        py as f32 + (sy as f32 + 0.5) / SUBSAMPLES as f32,
                    );
                    if inside(path, p) {
                        filled += 1.0;
                    }
                    if width > 0.0 && outline_distance(path, p) <= width / 2.0 {
                        stroked += 1.0;
                    }
                }
            }
            let dst = img.get_pixel_mut(px, py);
            for (c, cover) in [(fill, filled / n), (stroke, stroked / n)] {
                let a = f32::from(c[3]) / 255.0 * cover;
                if a > 0.0 {
                    for i in 0..3 {
                        dst[i] =
                            (f32::from(dst[i]) * (1.0 - a) + f32::from(c[i]) * a).round() as u8;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use shakmaty::Board;

    fn pychess_marks() -> MoveMarks {
        MoveMarks {
            from: Square::E2,
            to: Square::E4,
            size: 0.27,
            star_inset: 0.155,
            corner_inset: 0.085,
            fill: Rgba([237, 212, 0, 204]),
            stroke: Rgba([196, 160, 0, 128]),
            stroke_width: 0.02,
        }
    }

    #[test]
    fn the_star_lies_around_the_centre_and_leaves_it_bare() {
        let m = pychess_marks();
        for wedge in m.star() {
            for &(x, y) in &wedge {
                assert!(
                    (0.15..=0.85).contains(&x) && (0.15..=0.85).contains(&y),
                    "{x} {y}"
                );
            }
            assert!(!inside(&wedge, (0.5, 0.5)));
        }
        // Each wedge covers the point between its inner corner and its curve.
        let inner = [(0.4, 0.4), (0.6, 0.4), (0.6, 0.6), (0.4, 0.6)];
        for (wedge, p) in m.star().iter().zip(inner) {
            assert!(inside(wedge, p), "{p:?}");
        }
    }

    #[test]
    fn corner_wedges_sit_in_the_corners() {
        let m = pychess_marks();
        let near = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)];
        for (wedge, p) in m.corner_wedges().iter().zip(near) {
            assert!(inside(wedge, p), "{p:?}");
            assert!(!inside(wedge, (0.5, 0.5)));
        }
    }

    #[test]
    fn drawing_colours_the_star_and_not_the_centre() {
        let mut img = RgbaImage::from_pixel(80, 40, Rgba([100, 60, 40, 255]));
        pychess_marks().draw(&mut img, (0.0, 0.0), (40.0, 0.0), 40.0);
        let yellowish = |p: &Rgba<u8>| p[1] > 150 && p[2] < 60;
        assert!(yellowish(img.get_pixel(16, 16)));
        assert_eq!(*img.get_pixel(20, 20), Rgba([100, 60, 40, 255]));
        assert!(yellowish(img.get_pixel(44, 4)));
        assert_eq!(*img.get_pixel(60, 20), Rgba([100, 60, 40, 255]));
    }

    #[test]
    fn random_marks_go_from_an_empty_square_to_an_occupied_one() {
        let board = Board::default();
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for _ in 0..50 {
            let m = MoveMarks::random(&mut rng, &board).expect("the start has both kinds");
            assert!(board.piece_at(m.from).is_none());
            assert!(board.piece_at(m.to).is_some());
        }
        assert_eq!(MoveMarks::random(&mut rng, &Board::empty()), None);
    }
}
