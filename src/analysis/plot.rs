//! The evaluation graph of a reviewed game as an image: White's expected score over the moves
//! (light area White's share, dark area Black's, as Lichess draws it), the zero line, a dot on
//! each inaccuracy (yellow), mistake (orange) and blunder (red), and axes as on Lichess's graph:
//! move numbers along the bottom, the evaluation in pawns at the left (on the expected-score
//! scale, so the marks crowd towards the top and bottom).

use super::review::{Class, GameReview, expected_score};
use crate::search::Score;
use ab_glyph::{FontRef, PxScale};
use image::{Rgb, RgbImage};
use imageproc::drawing::{
    draw_filled_circle_mut, draw_hollow_circle_mut, draw_line_segment_mut, draw_text_mut, text_size,
};
use shakmaty::Color;
use std::path::{Path, PathBuf};

/// Height of the graph in pixels.
pub const HEIGHT: u32 = 240;
/// Narrowest graph in pixels.
pub const MIN_WIDTH: u32 = 480;
/// Horizontal pixels per ply when the game is long enough to need more than [`MIN_WIDTH`].
pub const PLY_WIDTH: u32 = 6;
/// Margin above the graph and at its right.
const MARGIN: u32 = 10;
/// Margin at the left, where the evaluation labels go.
const LEFT: u32 = 34;
/// Margin below the graph, where the move numbers go.
const BOTTOM: u32 = 22;
/// Evaluations (pawns, White's view) marked on the vertical axis.
const PAWN_MARKS: [i32; 7] = [-6, -3, -1, 0, 1, 3, 6];
/// Height of the axis labels in pixels.
const LABEL_PX: f32 = 12.0;
/// Fewest pixels between two move numbers on the horizontal axis.
const LABEL_SPACING: f64 = 30.0;
/// The axes, their marks and labels.
pub const AXIS: Rgb<u8> = Rgb([90, 90, 90]);
/// The zero line.
pub const ZERO_LINE: Rgb<u8> = Rgb([150, 150, 150]);

/// The labels' font (the monospace font of rendered coordinates).
static FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/NotoMono-Regular.ttf");

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
    let inner_w = (width - LEFT - MARGIN) as f64;
    let inner_h = (HEIGHT - MARGIN - BOTTOM) as f64;
    let x = LEFT as f64 + inner_w * i as f64 / plies.max(1) as f64;
    let y = MARGIN as f64 + inner_h * (1.0 - e);
    (x as f32, y as f32)
}

/// The move numbers to mark, each with the ply index of the position after White's move of
/// that number: every 1, 2, 5, 10, 20 or 50 moves, as close as the labels fit.
fn move_marks(first_move: u32, black_first: bool, plies: usize, width: u32) -> Vec<(u32, usize)> {
    let per_move = 2.0 * (width - LEFT - MARGIN) as f64 / plies.max(1) as f64;
    let step = [1, 2, 5, 10, 20, 50, 100]
        .into_iter()
        .find(|&s| s as f64 * per_move >= LABEL_SPACING)
        .unwrap_or(100);
    (first_move..)
        .map(|n| {
            let after_white = 2 * (n - first_move) as usize + usize::from(!black_first);
            (n, after_white)
        })
        .take_while(|&(_, i)| i <= plies)
        .filter(|&(n, i)| i > 0 && n % step == 0)
        .collect()
}

/// Draws the axes: the evaluation marks at the left, the move numbers below.
fn draw_axes(img: &mut RgbImage, review: &GameReview, plies: usize) {
    let width = img.width();
    let Ok(font) = FontRef::try_from_slice(FONT_BYTES) else {
        return;
    };
    let scale = PxScale::from(LABEL_PX);
    let bottom = (HEIGHT - BOTTOM) as f32;
    draw_line_segment_mut(
        img,
        (LEFT as f32, MARGIN as f32),
        (LEFT as f32, bottom),
        AXIS,
    );
    draw_line_segment_mut(
        img,
        (LEFT as f32, bottom),
        ((width - MARGIN) as f32, bottom),
        AXIS,
    );
    for pawns in PAWN_MARKS {
        let (_, y) = point(0, plies, width, expected_score(Score::cp(pawns * 100)));
        draw_line_segment_mut(img, (LEFT as f32 - 4.0, y), (LEFT as f32, y), AXIS);
        let label = if pawns > 0 {
            format!("+{pawns}")
        } else {
            pawns.to_string()
        };
        let (w, h) = text_size(scale, &font, &label);
        let x = LEFT as i32 - 6 - w as i32;
        draw_text_mut(
            img,
            AXIS,
            x,
            y as i32 - h as i32 / 2 - 1,
            scale,
            &font,
            &label,
        );
    }
    let start = &review.game.start;
    let first = shakmaty::Position::fullmoves(start).get();
    let black_first = shakmaty::Position::turn(start) == Color::Black;
    for (number, ply) in move_marks(first, black_first, plies, width) {
        let (x, _) = point(ply, plies, width, 0.5);
        draw_line_segment_mut(img, (x, bottom), (x, bottom + 4.0), AXIS);
        let label = number.to_string();
        let (w, _) = text_size(scale, &font, &label);
        draw_text_mut(
            img,
            AXIS,
            x as i32 - w as i32 / 2,
            bottom as i32 + 6,
            scale,
            &font,
            &label,
        );
    }
}

/// Draws the evaluation graph of `review`.
pub fn eval_graph(review: &GameReview) -> RgbImage {
    let scores: Vec<f64> = review
        .white_scores()
        .into_iter()
        .map(expected_score)
        .collect();
    let plies = scores.len().saturating_sub(1);
    let width = MIN_WIDTH.max(LEFT + MARGIN + PLY_WIDTH * plies as u32);
    let mut img = RgbImage::from_pixel(width, HEIGHT, Rgb([255, 255, 255]));
    // Areas: for each column, the value interpolated between the two nearest plies.
    for x in LEFT..width - MARGIN {
        let t = (x - LEFT) as f64 / (width - LEFT - MARGIN) as f64 * plies.max(1) as f64;
        let i = (t.floor() as usize).min(scores.len() - 1);
        let j = (i + 1).min(scores.len() - 1);
        let e = scores[i] + (scores[j] - scores[i]) * (t - i as f64);
        let (_, y) = point(0, plies, width, e);
        let top = MARGIN as f32;
        let bottom = (HEIGHT - BOTTOM) as f32;
        draw_line_segment_mut(&mut img, (x as f32, top), (x as f32, y), BLACK_AREA);
        draw_line_segment_mut(&mut img, (x as f32, y), (x as f32, bottom), WHITE_AREA);
    }
    let (_, mid) = point(0, plies, width, 0.5);
    draw_line_segment_mut(
        &mut img,
        (LEFT as f32, mid),
        ((width - MARGIN) as f32, mid),
        ZERO_LINE,
    );
    draw_axes(&mut img, review, plies);
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
        let x0 = LEFT + 2;
        assert_eq!(*img.get_pixel(x0, MARGIN + 5), BLACK_AREA);
        assert_eq!(*img.get_pixel(x0, HEIGHT - BOTTOM - 5), WHITE_AREA);
    }

    #[test]
    fn graph_has_labelled_axes_and_a_zero_line() {
        let review = crate::analysis::review::tests::scripted_review();
        let img = eval_graph(&review);
        // The zero line at an even score, inside the graph.
        let (_, mid) = point(0, 7, MIN_WIDTH, 0.5);
        let late = MIN_WIDTH - MARGIN - 3;
        assert!([ZERO_LINE, CURVE].contains(img.get_pixel(late, mid.round() as u32)));
        // Labels: ink in the left margin beside the +1 mark and below the graph under move 2.
        let ink = |x0: u32, x1: u32, y0: u32, y1: u32| {
            (x0..x1).any(|x| (y0..y1).any(|y| *img.get_pixel(x, y) != Rgb([255, 255, 255])))
        };
        let (_, plus_one) = point(0, 7, MIN_WIDTH, expected_score(Score::cp(100)));
        let y = plus_one.round() as u32;
        assert!(ink(2, LEFT - 6, y - 4, y + 4), "no +1 label");
        // The scripted game starts at move 1 with White: White's 2nd move ends ply 3.
        let (x, _) = point(3, 7, MIN_WIDTH, 0.5);
        let x = x.round() as u32;
        assert!(
            ink(x - 4, x + 4, HEIGHT - BOTTOM + 6, HEIGHT),
            "no move number"
        );
        assert_eq!(move_marks(1, false, 7, MIN_WIDTH)[..2], [(1, 1), (2, 3)]);
        assert_eq!(move_marks(10, true, 4, MIN_WIDTH), [(11, 2), (12, 4)]);
        // Long games mark every 5 or 10 moves.
        let long = move_marks(1, false, 120, LEFT + MARGIN + PLY_WIDTH * 120);
        assert_eq!(long[0], (5, 9));
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
