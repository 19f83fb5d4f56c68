//! Where frames come from: the real screen (feature `autoplay`) or a folder of screenshots.

use super::AutoplayError;
use super::geometry::{Frame, ScreenPoint};
use std::path::{Path, PathBuf};

/// A source of screen frames.
pub trait ScreenSource {
    /// Captures the next frame. [`AutoplayError::EndOfFrames`] when a finite source runs out.
    fn capture(&mut self) -> Result<Frame, AutoplayError>;
}

/// Replays a folder of screenshots (PNG, sorted by file name), one per capture: the test double
/// for a screen, and a way to rerun a recorded session.
#[derive(Debug)]
pub struct ReplaySource {
    files: Vec<PathBuf>,
    next: usize,
    origin: ScreenPoint,
    scale: f32,
}

impl ReplaySource {
    /// Reads the list of `.png` files in `dir`.
    pub fn open(dir: &Path) -> Result<ReplaySource, AutoplayError> {
        let entries = std::fs::read_dir(dir).map_err(|e| AutoplayError::Replay {
            path: dir.to_path_buf(),
            reason: e.to_string(),
        })?;
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("png")))
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(AutoplayError::Replay {
                path: dir.to_path_buf(),
                reason: "no .png files".to_string(),
            });
        }
        Ok(ReplaySource {
            files,
            next: 0,
            origin: ScreenPoint { x: 0, y: 0 },
            scale: 1.0,
        })
    }

    /// Pretends the frames were captured at `scale` capture pixels per screen pixel from
    /// `origin` (to test HiDPI and region handling).
    pub fn with_mapping(mut self, origin: ScreenPoint, scale: f32) -> ReplaySource {
        self.origin = origin;
        self.scale = scale;
        self
    }
}

impl ScreenSource for ReplaySource {
    fn capture(&mut self) -> Result<Frame, AutoplayError> {
        let path = self
            .files
            .get(self.next)
            .ok_or(AutoplayError::EndOfFrames)?;
        self.next += 1;
        let image = image::open(path)
            .map_err(|e| AutoplayError::Replay {
                path: path.clone(),
                reason: e.to_string(),
            })?
            .to_rgb8();
        Ok(Frame {
            image,
            origin: self.origin,
            scale: self.scale,
        })
    }
}
