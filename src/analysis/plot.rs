//! The evaluation graph of a reviewed game as an image: White's expected score over the moves
//! (light area White's share, dark area Black's, as Lichess draws it), the even line, and a dot
//! on each inaccuracy (yellow), mistake (orange) and blunder (red).

use super::review::{Class, GameReview, expected_score};
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_hollow_circle_mut, draw_line_segment_mut};
use std::path::{Path, PathBuf};

/// Height of the graph in pixels.
pub const HEIGHT: u32 = 240;
/// Narrowest graph in pixels.
pub const MIN_WIDTH: u32 = 480;
/// Horizontal pixels per ply when the game is long enough to need more than [`MIN_WIDTH`].
pub const PLY_WIDTH: u32 = 6;
/// Margin around the graph.
const MARGIN: u32 = 10;

/// White's area.
pub const WHITE_AREA: Rgb<u8> = Rgb([236, 236, 236]);
/// Black's area.
pub const BLACK_AREA: Rgb<u8> = Rgb([70, 70, 70]);
/// The evaluation curve.
pub const CURVE: Rgb<u8> = Rgb([30, 110, 220]);
/// The marker colour of a move class (`None` for a good move).
pub fn marker_color(class: Class) -> Option<Rgb<u8>> {
    match class {
        Class::Good => None,
        Class::Inaccuracy => Some(Rgb([240, 200, 0])),
        Class::Mistake => Some(Rgb([245, 130, 0])),
        Class::Blunder => Some(Rgb([220, 20, 20])),
    }
}

/// The pixel position of ply `i` (0 = the start position) with White's expected score `e`.
fn point(i: usize, plies: usize, width: u32, e: f64) -> (f32, f32) {
    let inner_w = (width - 2 * MARGIN) as f64;
    let inner_h = (HEIGHT - 2 * MARGIN) as f64;
    let x = MARGIN as f64 + inner_w * i as f64 / plies.max(1) as f64;
    let y = MARGIN as f64 + inner_h * (1.0 - e);
    (x as f32, y as f32)
}

/// Draws the evaluation graph of `review`.
pub fn eval_graph(review: &GameReview) -> RgbImage {
    let scores: Vec<f64> = review
        .white_scores()
        .into_iter()
        .map(expected_score)
        .collect();
    let plies = scores.len().saturating_sub(1);
    let width = MIN_WIDTH.max(2 * MARGIN + PLY_WIDTH * plies as u32);
    let mut img = RgbImage::from_pixel(width, HEIGHT, Rgb([255, 255, 255]));
    // Areas: for each column, the value interpolated between the two nearest plies.
    for x in MARGIN..width - MARGIN {
        let t = (x - MARGIN) as f64 / (width - 2 * MARGIN) as f64 * plies.max(1) as f64;
        let i = (t.floor() as usize).min(scores.len() - 1);
        let j = (i + 1).min(scores.len() - 1);
        let e = scores[i] + (scores[j] - scores[i]) * (t - i as f64);
        let (_, y) = point(0, plies, width, e);
        let top = MARGIN as f32;
        let bottom = (HEIGHT - MARGIN) as f32;
        draw_line_segment_mut(&mut img, (x as f32, top), (x as f32, y), BLACK_AREA);
        draw_line_segment_mut(&mut img, (x as f32, y), (x as f32, bottom), WHITE_AREA);
    }
    let (_, mid) = point(0, plies, width, 0.5);
    draw_line_segment_mut(
        &mut img,
        (MARGIN as f32, mid),
        ((width - MARGIN) as f32, mid),
        Rgb([150, 150, 150]),
    );
    for (i, pair) in scores.windows(2).enumerate() {
        let a = point(i, plies, width, pair[0]);
        let b = point(i + 1, plies, width, pair[1]);
        draw_line_segment_mut(&mut img, a, b, CURVE);
        draw_line_segment_mut(&mut img, (a.0, a.1 + 1.0), (b.0, b.1 + 1.0), CURVE);
    }
    for m in &review.moves {
        if let Some(color) = marker_color(m.class) {
            let (x, y) = point(m.ply + 1, plies, width, scores[m.ply + 1]);
            let c = (x.round() as i32, y.round() as i32);
            draw_filled_circle_mut(&mut img, c, 5, color);
            draw_hollow_circle_mut(&mut img, c, 6, Rgb([0, 0, 0]));
        }
    }
    img
}

/// Where game `number` goes when `base` is the `--plot` path: `base` itself for a single game,
/// `stem-N.ext` beside it when there are several.
pub fn plot_path(base: &Path, number: usize, several: bool) -> PathBuf {
    if !several {
        return base.to_path_buf();
    }
    let stem = base
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "eval".into());
    let ext = base
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "png".into());
    base.with_file_name(format!("{stem}-{number}.{ext}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph_marks_the_blunder_and_follows_the_score() {
        let review = crate::analysis::review::tests::scripted_review();
        let img = eval_graph(&review);
        assert_eq!((img.width(), img.height()), (MIN_WIDTH, HEIGHT));
        // The blunder (3... Nf6, ply 5) has its red dot at its point; no other class appears.
        let (x, y) = point(6, 7, MIN_WIDTH, expected_score(review.white_scores()[6]));
        assert_eq!(
            *img.get_pixel(x.round() as u32, y.round() as u32),
            Rgb([220, 20, 20])
        );
        let orange = Rgb([245, 130, 0]);
        assert!(img.pixels().all(|p| *p != orange));
        // At the start (White +0.20) the column is dark above the curve, light below it.
        let x0 = MARGIN + 2;
        assert_eq!(*img.get_pixel(x0, MARGIN + 5), BLACK_AREA);
        assert_eq!(*img.get_pixel(x0, HEIGHT - MARGIN - 5), WHITE_AREA);
    }

    #[test]
    fn plot_paths() {
        assert_eq!(
            plot_path(Path::new("a/eval.png"), 3, false),
            Path::new("a/eval.png")
        );
        assert_eq!(
            plot_path(Path::new("a/eval.png"), 3, true),
            Path::new("a/eval-3.png")
        );
        assert_eq!(
            plot_path(Path::new("eval"), 1, true),
            Path::new("eval-1.png")
        );
    }
}
