//! The vision module as autoplay's [`BoardReader`]: locate the board in each frame, read its
//! squares, and keep the orientation found on the first sighting (a game does not turn round,
//! while guessing it from the pieces again could flip it in a crowded middlegame).

use super::AutoplayError;
use super::geometry::{BoardOnScreen, Frame};
use super::session::{BoardReader, Sighting};
use crate::vision::VisionError;
use crate::vision::annotate::annotate;
use crate::vision::orient::Orientation;
use crate::vision::recognize::{RecognizeOptions, Recognizer};
use std::path::PathBuf;

/// Reads boards from frames with the embedded model.
#[derive(Debug)]
pub struct VisionReader {
    recognizer: Recognizer,
    orientation: Option<Orientation>,
    debug_dir: Option<PathBuf>,
    frames: u64,
}

impl VisionReader {
    /// A reader with the model compiled into the binary.
    pub fn embedded() -> Result<VisionReader, VisionError> {
        Ok(VisionReader::new(Recognizer::embedded()?))
    }

    /// A reader with a given recognizer.
    pub fn new(recognizer: Recognizer) -> VisionReader {
        VisionReader {
            recognizer,
            orientation: None,
            debug_dir: None,
            frames: 0,
        }
    }

    /// Writes every frame with its grid and labels drawn into `dir` (`frame-000001.png`...).
    pub fn with_debug_dir(mut self, dir: Option<PathBuf>) -> VisionReader {
        self.debug_dir = dir;
        self
    }
}

impl BoardReader for VisionReader {
    fn read(&mut self, frame: &Frame) -> Result<Option<Sighting>, AutoplayError> {
        self.frames += 1;
        let opts = RecognizeOptions {
            orientation: self.orientation,
            ..RecognizeOptions::default()
        };
        let found = match self.recognizer.recognize(&frame.image, &opts) {
            Ok(found) => found,
            Err(VisionError::NoBoard { .. }) => return Ok(None),
            Err(e) => return Err(AutoplayError::Vision(e.to_string())),
        };
        if let Some(dir) = &self.debug_dir {
            let path = dir.join(format!("frame-{:06}.png", self.frames));
            annotate(&frame.image, &found)
                .save(&path)
                .map_err(|e| AutoplayError::Vision(format!("{}: {e}", path.display())))?;
        }
        let Some(r) = found.into_iter().next() else {
            return Ok(None);
        };
        self.orientation.get_or_insert(r.orientation);
        Ok(Some(Sighting {
            board: r.placement(),
            place: BoardOnScreen {
                x: r.board.x,
                y: r.board.y,
                width: r.board.w,
                height: r.board.h,
                white_at_bottom: r.orientation == Orientation::WhiteBottom,
            },
        }))
    }
}
