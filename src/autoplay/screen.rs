//! Where frames come from: the real screen (feature `autoplay`) or a folder of screenshots; and
//! a recorder that keeps every frame captured, with its time, so a run can be replayed.

use super::AutoplayError;
use super::clock::ManualClock;
use super::geometry::{Frame, ScreenPoint};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A source of screen frames.
pub trait ScreenSource {
    /// Captures the next frame. [`AutoplayError::EndOfFrames`] when a finite source runs out.
    fn capture(&mut self) -> Result<Frame, AutoplayError>;
}

/// The capture time a recorded frame's name carries (`000012-1234ms.png`: 1234 ms after the
/// run began).
fn time_in_name(path: &Path) -> Option<Duration> {
    let stem = path.file_stem()?.to_str()?;
    let ms = stem.rsplit('-').next()?.strip_suffix("ms")?;
    ms.parse().ok().map(Duration::from_millis)
}

/// Replays a folder of screenshots (PNG, sorted by file name), one per capture: the test double
/// for a screen, and a way to rerun a recorded session. Frames recorded with their capture time
/// in their names ([`Recorder`]) set a manual clock to that time, so the replay sees the board
/// stand still and move as the recorded run did.
#[derive(Debug)]
pub struct ReplaySource {
    files: Vec<PathBuf>,
    next: usize,
    origin: ScreenPoint,
    scale: f32,
    clock: Option<ManualClock>,
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
            clock: None,
        })
    }

    /// Pretends the frames were captured at `scale` capture pixels per screen pixel from
    /// `origin` (to test HiDPI and region handling).
    pub fn with_mapping(mut self, origin: ScreenPoint, scale: f32) -> ReplaySource {
        self.origin = origin;
        self.scale = scale;
        self
    }

    /// Moves `clock` to each frame's recorded capture time as it is replayed.
    pub fn with_clock(mut self, clock: ManualClock) -> ReplaySource {
        self.clock = Some(clock);
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
        if let (Some(clock), Some(t)) = (&self.clock, time_in_name(path)) {
            clock.advance_to(t);
        }
        Ok(Frame {
            image,
            origin: self.origin,
            scale: self.scale,
        })
    }
}

/// Passes frames on and writes each one into a folder, named with its number and capture time
/// (`000012-1234ms.png`), for [`ReplaySource`] to replay.
#[derive(Debug)]
pub struct Recorder<S> {
    inner: S,
    dir: PathBuf,
    start: Instant,
    count: u64,
}

impl<S: ScreenSource> Recorder<S> {
    /// Records what `inner` captures into `dir` (which must exist).
    pub fn new(inner: S, dir: PathBuf) -> Recorder<S> {
        Recorder {
            inner,
            dir,
            start: Instant::now(),
            count: 0,
        }
    }
}

impl<S: ScreenSource> ScreenSource for Recorder<S> {
    fn capture(&mut self) -> Result<Frame, AutoplayError> {
        let frame = self.inner.capture()?;
        self.count += 1;
        let ms = self.start.elapsed().as_millis();
        let path = self.dir.join(format!("{:06}-{ms}ms.png", self.count));
        let file = std::fs::File::create(&path).map_err(|e| AutoplayError::Replay {
            path: path.clone(),
            reason: e.to_string(),
        })?;
        // Fast compression: the recorder must not slow the capture down much.
        let encoder = image::codecs::png::PngEncoder::new_with_quality(
            std::io::BufWriter::new(file),
            image::codecs::png::CompressionType::Fast,
            image::codecs::png::FilterType::Adaptive,
        );
        frame
            .image
            .write_with_encoder(encoder)
            .map_err(|e| AutoplayError::Replay {
                path,
                reason: e.to_string(),
            })?;
        Ok(frame)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_names_carry_their_time() {
        assert_eq!(
            time_in_name(Path::new("d/000012-1234ms.png")),
            Some(Duration::from_millis(1234))
        );
        assert_eq!(time_in_name(Path::new("d/frame-000001.png")), None);
    }
}
