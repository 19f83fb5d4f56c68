//! Debug pictures: the screenshot with the found grid and each square's label drawn on it.

use crate::vision::recognize::Recognition;
use ab_glyph::{FontRef, PxScale};
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_hollow_rect_mut, draw_line_segment_mut, draw_text_mut};
use imageproc::rect::Rect;

static FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/NotoMono-Regular.ttf");

/// A copy of `img` with, for each recognition, the 9+9 grid lines (red), the board box (blue),
/// each square's piece letter (white on a dark tab, with its confidence in percent when under
/// 90%) and the orientation.
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
        let caption = format!(
            "{} at the bottom ({:?})",
            r.orientation.name(),
            r.orientation_source
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
