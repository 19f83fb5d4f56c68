//! Reading the board from a frame: the [`BoardReader`] interface, and the vision module behind
//! it ([`VisionReader`]), which keeps the orientation found on the first sighting (a game does
//! not turn round, while guessing it from the pieces again could flip it in a crowded
//! middlegame).

use super::AutoplayError;
use super::geometry::{BoardOnScreen, CaptureRect, Frame};
use crate::vision::VisionError;
use crate::vision::annotate::annotate;
use crate::vision::classify::crop_cells;
use crate::vision::orient::Orientation;
use crate::vision::recognize::{RecognizeOptions, Recognizer, TurnSource};
use shakmaty::{Board, Color, Piece};
use std::path::PathBuf;

/// A board as read from one frame.
#[derive(Debug, Clone, PartialEq)]
pub struct Sighting {
    /// The placement seen.
    pub board: Board,
    /// Where the board is and which way up.
    pub place: BoardOnScreen,
    /// The side to move, where the board shows it (a last-move highlight names the side that
    /// moved; a king in check names the side to move); `None` when nothing tells.
    pub turn: Option<Color>,
}

/// Reads the board from a frame: the vision module in real use, a script in tests.
pub trait BoardReader {
    /// The board in `frame`, or `None` when no board is visible.
    fn read(&mut self, frame: &Frame) -> Result<Option<Sighting>, AutoplayError>;

    /// Reads each box of `frame` as one square's picture: the piece it shows and how sure the
    /// reading is, or `None` for nothing (the icons of a promotion chooser are read this way).
    fn read_pictures(
        &mut self,
        frame: &Frame,
        boxes: &[CaptureRect],
    ) -> Result<Vec<Option<(Piece, f32)>>, AutoplayError> {
        let _ = frame;
        Ok(vec![None; boxes.len()])
    }
}

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

    /// Writes every frame read with its grid and labels drawn into `dir`
    /// (`frame-000001.png`...).
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
        let turn = match r.turn_source {
            TurnSource::Highlight | TurnSource::Legality => match r.fen.split_whitespace().nth(1) {
                Some("b") => Some(Color::Black),
                Some(_) => Some(Color::White),
                None => None,
            },
            TurnSource::Forced | TurnSource::Default => None,
        };
        Ok(Some(Sighting {
            board: r.placement(),
            place: BoardOnScreen {
                x: r.board.x,
                y: r.board.y,
                width: r.board.w,
                height: r.board.h,
                white_at_bottom: r.orientation == Orientation::WhiteBottom,
            },
            turn,
        }))
    }

    fn read_pictures(
        &mut self,
        frame: &Frame,
        boxes: &[CaptureRect],
    ) -> Result<Vec<Option<(Piece, f32)>>, AutoplayError> {
        let classifier = self.recognizer.classifier();
        let rects: Vec<(f32, f32, f32, f32)> = boxes
            .iter()
            .map(|b| (b.x, b.y, b.x + b.w, b.y + b.h))
            .collect();
        let crops = crop_cells(&frame.image, &rects, classifier.crop());
        let (probabilities, _) = classifier
            .predict(&crops, rects.len())
            .map_err(|e| AutoplayError::Vision(e.to_string()))?;
        Ok(probabilities
            .iter()
            .map(|p| {
                let (best, sure) = p
                    .iter()
                    .enumerate()
                    .fold((0, f32::MIN), |a, (i, &v)| if v > a.1 { (i, v) } else { a });
                crate::vision::SquareClass::ALL[best]
                    .piece()
                    .map(|piece| (piece, sure))
            })
            .collect())
    }
}
