//! Debug pictures: the screenshot with the found grid and each square's label drawn on it.

use crate::vision::recognize::Recognition;
use ab_glyph::{FontRef, PxScale};
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_hollow_rect_mut, draw_line_segment_mut, draw_text_mut};
use imageproc::rect::Rect;

/// The frame drawn inside each square of a last move read off a highlight.
const LAST_MOVE: Rgb<u8> = Rgb([255, 0, 255]);

static FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/NotoMono-Regular.ttf");

/// A copy of `img` with, for each recognition, the 9+9 grid lines (red), the board box (blue),
/// the last move's two squares when a highlight was read (magenta frames), each square's piece
/// letter (white on a dark tab, with its confidence in percent when under 90%), the orientation
/// and the side to move, with what each was decided from.
pub fn annotate(img: &RgbImage, found: &[Recognition]) -> RgbImage {
    let mut out = img.clone();
    let Ok(font) = FontRef::try_from_slice(FONT_BYTES) else {
        return out;
    };
    let red = Rgb([230, 30, 30]);
    for r in found {
        let b = r.board;
        let (sx, sy) = b.square_size();
        for k in 0..=8 {
            let x = b.x + k as f32 * sx;
            let y = b.y + k as f32 * sy;
            draw_line_segment_mut(&mut out, (x, b.y), (x, b.y + b.h), red);
            draw_line_segment_mut(&mut out, (b.x, y), (b.x + b.w, y), red);
        }
        draw_hollow_rect_mut(
            &mut out,
            Rect::at(b.x.round() as i32 - 2, b.y.round() as i32 - 2).of_size(
                (b.w.round() as u32 + 4).max(1),
                (b.h.round() as u32 + 4).max(1),
            ),
            Rgb([40, 90, 255]),
        );
        for cell in r.last_move_cells.into_iter().flatten() {
            let (x0, y0, x1, y1) = b.cell_rect(cell / 8, cell % 8);
            for inset in 2..5 {
                let inset = inset as f32;
                draw_hollow_rect_mut(
                    &mut out,
                    Rect::at((x0 + inset).round() as i32, (y0 + inset).round() as i32).of_size(
                        ((x1 - x0 - 2.0 * inset).round() as u32).max(1),
                        ((y1 - y0 - 2.0 * inset).round() as u32).max(1),
                    ),
                    LAST_MOVE,
                );
            }
        }
        let px = (sx * 0.3).clamp(8.0, 40.0);
        for s in &r.squares {
            let x = b.x + s.col as f32 * sx + 2.0;
            let y = b.y + s.row as f32 * sy + 2.0;
            let mut label = s.class.char().to_string();
            if s.confidence < 0.9 {
                label.push_str(&format!(" {:.0}%", s.confidence * 100.0));
            }
            let tab_w = (px * 0.62 * label.len() as f32).ceil() as u32 + 2;
            let tab_h = px.ceil() as u32 + 2;
            imageproc::drawing::draw_filled_rect_mut(
                &mut out,
                Rect::at(x as i32, y as i32).of_size(tab_w, tab_h),
                Rgb([20, 20, 20]),
            );
            let color = if s.confidence < 0.9 {
                Rgb([255, 200, 0])
            } else {
                Rgb([255, 255, 255])
            };
            draw_text_mut(
                &mut out,
                color,
                x as i32 + 1,
                y as i32,
                PxScale::from(px),
                &font,
                &label,
            );
        }
        let to_move = match r.fen.split(' ').nth(1) {
            Some("b") => "black",
            _ => "white",
        };
        let caption = format!(
            "{} at the bottom ({:?}), {to_move} to move ({:?})",
            r.orientation.name(),
            r.orientation_source,
            r.turn_source
        );
        let cy = (b.y + b.h + 4.0) as i32;
        if cy + 16 < out.height() as i32 {
            draw_text_mut(
                &mut out,
                red,
                b.x as i32,
                cy,
                PxScale::from(16.0),
                &font,
                &caption,
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::classes::SquareClass;
    use crate::vision::geometry::{BoardBox, cell_square};
    use crate::vision::orient::{Orientation, OrientationSource};
    use crate::vision::recognize::{SquareReading, Timing, TurnSource};

    fn recognition(last_move_cells: Option<[usize; 2]>) -> Recognition {
        Recognition {
            board: BoardBox::new(10.0, 10.0, 320.0, 320.0),
            orientation: Orientation::WhiteBottom,
            orientation_source: OrientationSource::Forced,
            orientation_probability: 0.5,
            labels: Vec::new(),
            fen: "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1".into(),
            turn_source: TurnSource::Highlight,
            last_move_cells,
            problem: None,
            squares: (0..64)
                .map(|i| SquareReading {
                    square: cell_square(i / 8, i % 8, false),
                    row: (i / 8) as u8,
                    col: (i % 8) as u8,
                    class: SquareClass::Empty,
                    confidence: 1.0,
                    network_class: SquareClass::Empty,
                    probabilities: std::array::from_fn(|c| if c == 0 { 1.0 } else { 0.0 }),
                })
                .collect(),
            timing: Timing::default(),
        }
    }

    #[test]
    fn the_last_moves_squares_are_framed() {
        let img = RgbImage::from_pixel(340, 360, Rgb([90, 90, 90]));
        // e2 and e4: column 4, rows 6 and 4 (40 px squares from 10,10).
        let drawn = annotate(&img, &[recognition(Some([36, 52]))]);
        let inside = |row: u32, col: u32| (10 + 40 * col + 20, 10 + 40 * row + 3);
        for (row, col) in [(4, 4), (6, 4)] {
            let (x, y) = inside(row, col);
            assert_eq!(*drawn.get_pixel(x, y), LAST_MOVE, "row {row} col {col}");
        }
        // Another square's frame is not drawn, nor any without a highlight read.
        let (x, y) = inside(5, 4);
        assert_ne!(*drawn.get_pixel(x, y), LAST_MOVE);
        let plain = annotate(&img, &[recognition(None)]);
        let (x, y) = inside(4, 4);
        assert_ne!(*plain.get_pixel(x, y), LAST_MOVE);
    }
}
