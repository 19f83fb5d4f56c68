//! When the board stands still: the pixels of the board's area compared from frame to frame.
//!
//! GUIs slide pieces, fade highlights and open dialogs; a frame caught in the middle of that can
//! read as a position that never stood on the board (a queen half way along its path reads as
//! a queen on the square it is crossing). A reading is acted on only once the board's pixels
//! have not changed for a settle time, measured from the frames' own changes, whatever the
//! capture rate.

use super::params::{CHANGED_SHARE, PIXEL_TOLERANCE};
use image::RgbImage;
use std::time::Duration;

/// A rectangle of a captured image, in whole pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PixelRect {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
}

impl PixelRect {
    /// The whole of `image`.
    pub fn whole(image: &RgbImage) -> PixelRect {
        PixelRect {
            x: 0,
            y: 0,
            w: image.width(),
            h: image.height(),
        }
    }

    /// The rectangle `x, y, w, h` (sub-pixel) rounded outwards and cut to `image`.
    pub fn around(x: f32, y: f32, w: f32, h: f32, image: &RgbImage) -> PixelRect {
        let clamp = |v: f32, max: u32| (v.max(0.0) as u32).min(max);
        let x0 = clamp(x.floor(), image.width());
        let y0 = clamp(y.floor(), image.height());
        let x1 = clamp((x + w).ceil(), image.width());
        let y1 = clamp((y + h).ceil(), image.height());
        PixelRect {
            x: x0,
            y: y0,
            w: x1.saturating_sub(x0),
            h: y1.saturating_sub(y0),
        }
    }

    /// The pixels of `image` inside the rectangle, row by row (the rectangle cut to the image).
    fn pixels(&self, image: &RgbImage) -> Vec<u8> {
        let x1 = (self.x + self.w).min(image.width());
        let y1 = (self.y + self.h).min(image.height());
        let mut out = Vec::with_capacity(3 * (self.w * self.h) as usize);
        for y in self.y.min(y1)..y1 {
            for x in self.x.min(x1)..x1 {
                out.extend_from_slice(&image.get_pixel(x, y).0);
            }
        }
        out
    }
}

/// Whether two runs of RGB pixels differ: more than [`CHANGED_SHARE`] of the pixels (at least
/// one) differ by more than [`PIXEL_TOLERANCE`] in a channel.
pub fn differ(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return true;
    }
    let pixels = a.len() / 3;
    let allowed = (pixels as f32 * CHANGED_SHARE) as usize;
    let mut changed = 0;
    for (p, q) in a.chunks_exact(3).zip(b.chunks_exact(3)) {
        if p.iter()
            .zip(q)
            .any(|(x, y)| x.abs_diff(*y) > PIXEL_TOLERANCE)
        {
            changed += 1;
            if changed > allowed {
                return true;
            }
        }
    }
    false
}

/// Watches one area of the frames and says since when it has not changed.
#[derive(Debug, Clone, Default)]
pub struct Stillness {
    /// The watched area and its pixels in the last frame.
    last: Option<(PixelRect, Vec<u8>)>,
    /// When the area last changed.
    changed_at: Duration,
    /// When the area first changed after the last [`Stillness::mark_read`].
    first_change: Option<Duration>,
    /// How many times the area changed: a reading names the still picture it was taken from.
    epoch: u64,
}

impl Stillness {
    /// A watcher that has seen nothing.
    pub fn new() -> Stillness {
        Stillness::default()
    }

    /// Takes the frame captured at `now`, watching `area` of it; returns whether the area
    /// changed since the last frame (a new area is a change).
    pub fn feed(&mut self, image: &RgbImage, area: PixelRect, now: Duration) -> bool {
        let pixels = area.pixels(image);
        let changed = match &self.last {
            Some((old_area, old)) => *old_area != area || differ(old, &pixels),
            None => true,
        };
        if changed {
            self.changed_at = now;
            self.first_change.get_or_insert(now);
            self.epoch += 1;
        }
        self.last = Some((area, pixels));
        changed
    }

    /// How long the area has stood still at `now`.
    pub fn still_for(&self, now: Duration) -> Duration {
        now.saturating_sub(self.changed_at)
    }

    /// Which still picture the last frame belongs to (changes with every change).
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// When the area first changed after the last [`Stillness::mark_read`] (when a move began
    /// to show), if it did.
    pub fn first_change(&self) -> Option<Duration> {
        self.first_change
    }

    /// Notes that the still picture was read: the next change starts a new move.
    pub fn mark_read(&mut self) {
        self.first_change = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(fill: u8) -> RgbImage {
        RgbImage::from_pixel(100, 100, image::Rgb([fill, fill, fill]))
    }

    #[test]
    fn stillness_counts_from_the_last_change() {
        let mut s = Stillness::new();
        let area = PixelRect {
            x: 10,
            y: 10,
            w: 50,
            h: 50,
        };
        let ms = Duration::from_millis;
        assert!(s.feed(&image(0), area, ms(0)));
        assert!(!s.feed(&image(0), area, ms(100)));
        assert_eq!(s.still_for(ms(200)), ms(200));
        // A change below the pixel tolerance is no change; a bigger one is.
        assert!(!s.feed(&image(10), area, ms(300)));
        let epoch = s.epoch();
        let mut moved = image(10);
        for x in 20..30 {
            moved.put_pixel(x, 20, image::Rgb([200, 0, 0]));
        }
        assert!(s.feed(&moved, area, ms(400)));
        assert_eq!(s.still_for(ms(450)), ms(50));
        assert_eq!(s.epoch(), epoch + 1);
        assert_eq!(s.first_change(), Some(ms(0)));
        s.mark_read();
        assert_eq!(s.first_change(), None);
        // Outside the area nothing counts; a new area does.
        let mut outside = moved.clone();
        outside.put_pixel(90, 90, image::Rgb([255, 255, 255]));
        assert!(!s.feed(&outside, area, ms(500)));
        assert!(s.feed(&outside, PixelRect::whole(&outside), ms(600)));
        assert_eq!(s.first_change(), Some(ms(600)));
    }

    #[test]
    fn rectangles_are_cut_to_the_image() {
        let img = image(0);
        let r = PixelRect::around(-5.5, 90.2, 20.0, 20.0, &img);
        assert_eq!(
            r,
            PixelRect {
                x: 0,
                y: 90,
                w: 15,
                h: 10
            }
        );
        assert_eq!(r.pixels(&img).len(), 3 * 15 * 10);
    }
}
