//! The real screen and mouse (feature `autoplay`): xcap captures a monitor, enigo drives the
//! pointer. Both speak in the input system's logical coordinates at their edges; the HiDPI scale
//! between capture pixels and those coordinates is carried by every [`Frame`].

use super::AutoplayError;
use super::geometry::{Frame, ScreenPoint};
use super::input::InputSink;
use super::screen::ScreenSource;
use enigo::{Button, Coordinate, Direction, Enigo, Mouse};
use image::DynamicImage;
use std::time::Duration;
use xcap::Monitor;

/// A rectangle of the screen in logical coordinates (`--region x,y,w,h`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenRect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// Captures one monitor (or a region of it) with xcap.
pub struct XcapScreen {
    monitor: Monitor,
    origin: ScreenPoint,
    region: Option<ScreenRect>,
}

impl std::fmt::Debug for XcapScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("XcapScreen")
            .field("origin", &self.origin)
            .field("region", &self.region)
            .finish()
    }
}

fn capture_error(e: impl std::fmt::Display) -> AutoplayError {
    AutoplayError::Capture(e.to_string())
}

impl XcapScreen {
    /// Monitor number `index` (0 is the first xcap lists), optionally only `region` of it
    /// (logical coordinates relative to the whole screen).
    pub fn open(index: usize, region: Option<ScreenRect>) -> Result<XcapScreen, AutoplayError> {
        let monitors = Monitor::all().map_err(capture_error)?;
        let count = monitors.len();
        let monitor = monitors.into_iter().nth(index).ok_or_else(|| {
            AutoplayError::Capture(format!("no monitor {index} (there are {count})"))
        })?;
        let origin = ScreenPoint {
            x: monitor.x().map_err(capture_error)?,
            y: monitor.y().map_err(capture_error)?,
        };
        Ok(XcapScreen {
            monitor,
            origin,
            region,
        })
    }

    /// Capture pixels per logical pixel on this monitor.
    fn scale(&self) -> f32 {
        self.monitor
            .scale_factor()
            .ok()
            .filter(|s| *s > 0.0)
            .unwrap_or(1.0)
    }
}

impl ScreenSource for XcapScreen {
    fn capture(&mut self) -> Result<Frame, AutoplayError> {
        let scale = self.scale();
        let (image, origin) = match self.region {
            None => (
                self.monitor.capture_image().map_err(capture_error)?,
                self.origin,
            ),
            Some(r) => {
                let px = |v: i32| (v.max(0) as f32 * scale).round() as u32;
                let image = self
                    .monitor
                    .capture_region(
                        px(r.x - self.origin.x),
                        px(r.y - self.origin.y),
                        px(r.width as i32),
                        px(r.height as i32),
                    )
                    .map_err(capture_error)?;
                (image, ScreenPoint { x: r.x, y: r.y })
            }
        };
        Ok(Frame {
            image: DynamicImage::ImageRgba8(image).to_rgb8(),
            origin,
            scale,
        })
    }
}

/// The real mouse, through enigo.
pub struct EnigoMouse {
    enigo: Enigo,
    /// Pause between the steps of a gesture, so GUIs see a press, a motion and a release.
    step: Duration,
}

impl std::fmt::Debug for EnigoMouse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnigoMouse")
            .field("step", &self.step)
            .finish()
    }
}

fn input_error(e: impl std::fmt::Display) -> AutoplayError {
    AutoplayError::Input(e.to_string())
}

impl EnigoMouse {
    /// Connects to the input system (the X server named by `DISPLAY` on Linux).
    pub fn open() -> Result<EnigoMouse, AutoplayError> {
        let enigo = Enigo::new(&enigo::Settings::default()).map_err(input_error)?;
        Ok(EnigoMouse {
            enigo,
            step: Duration::from_millis(40),
        })
    }

    fn move_to(&mut self, p: ScreenPoint) -> Result<(), AutoplayError> {
        self.enigo
            .move_mouse(p.x, p.y, Coordinate::Abs)
            .map_err(input_error)?;
        std::thread::sleep(self.step);
        Ok(())
    }

    /// Whether the pointer is still where we put it (a few pixels of slack).
    fn still_at(&mut self, p: ScreenPoint) -> bool {
        match self.enigo.location() {
            Ok((x, y)) => (x - p.x).abs() <= 3 && (y - p.y).abs() <= 3,
            Err(_) => true,
        }
    }

    fn button(&mut self, direction: Direction) -> Result<(), AutoplayError> {
        self.enigo
            .button(Button::Left, direction)
            .map_err(input_error)?;
        std::thread::sleep(self.step);
        Ok(())
    }
}

impl InputSink for EnigoMouse {
    fn drag(&mut self, from: ScreenPoint, to: ScreenPoint) -> Result<(), AutoplayError> {
        self.move_to(from)?;
        self.button(Direction::Press)?;
        // Move in a few steps: some GUIs only start a drag after motion events.
        let steps = 4;
        for i in 1..=steps {
            let p = ScreenPoint {
                x: from.x + (to.x - from.x) * i / steps,
                y: from.y + (to.y - from.y) * i / steps,
            };
            self.move_to(p)?;
            if !self.still_at(p) {
                // The user has the mouse: let go at once and stop.
                let _ = self.button(Direction::Release);
                return Err(AutoplayError::UserMovedMouse);
            }
        }
        self.button(Direction::Release)
    }

    fn click(&mut self, at: ScreenPoint) -> Result<(), AutoplayError> {
        self.move_to(at)?;
        if !self.still_at(at) {
            return Err(AutoplayError::UserMovedMouse);
        }
        self.button(Direction::Click)
    }

    fn pointer(&mut self) -> Option<ScreenPoint> {
        self.enigo
            .location()
            .ok()
            .map(|(x, y)| ScreenPoint { x, y })
    }

    fn screen_size(&mut self) -> Option<(i32, i32)> {
        self.enigo.main_display().ok()
    }
}
