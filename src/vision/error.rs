//! Errors of the vision module.

use std::path::PathBuf;

/// Everything that can go wrong while rendering boards, loading the model or classifying squares.
#[derive(Debug, thiserror::Error)]
pub enum VisionError {
    /// A file or directory could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// An image could not be decoded or encoded.
    #[error("{context}: {source}")]
    Image {
        /// What was being decoded (usually a file name).
        context: String,
        /// The underlying error.
        source: image::ImageError,
    },
    /// An SVG piece image could not be parsed.
    #[error("{path}: not a valid SVG: {message}")]
    Svg {
        /// The SVG file.
        path: PathBuf,
        /// The parser's message.
        message: String,
    },
    /// A piece set directory lacks one of the twelve piece images.
    #[error("piece set {set}: no {piece}.svg or {piece}.png in {dir}")]
    MissingPiece {
        /// The set's name.
        set: String,
        /// The missing file's stem, e.g. `wK`.
        piece: String,
        /// The directory searched.
        dir: PathBuf,
    },
    /// The board theme file is malformed.
    #[error("{path}: bad board theme file: {message}")]
    Themes {
        /// The theme file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// No usable piece set was found.
    #[error("no piece sets found in {0} (expected folders with wK..bP .svg/.png files)")]
    NoPieceSets(PathBuf),
    /// The board box does not lie inside the image or has a degenerate size.
    #[error("board box {x},{y} {w}x{h} does not fit the {width}x{height} image")]
    BadBox {
        /// Box left edge.
        x: f32,
        /// Box top edge.
        y: f32,
        /// Box width.
        w: f32,
        /// Box height.
        h: f32,
        /// Image width.
        width: u32,
        /// Image height.
        height: u32,
    },
    /// No chessboard was found in the image.
    #[error("no chessboard found in the {width}x{height} image")]
    NoBoard {
        /// Image width.
        width: u32,
        /// Image height.
        height: u32,
    },
    /// The model weights are missing, malformed or do not match the network.
    #[error("model: {0}")]
    Model(String),
    /// A training option is out of range.
    #[error("bad training option: {0}")]
    BadOption(String),
}

impl From<candle_core::Error> for VisionError {
    fn from(e: candle_core::Error) -> Self {
        VisionError::Model(e.to_string())
    }
}

impl VisionError {
    /// An I/O error on `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        VisionError::Io {
            path: path.into(),
            source,
        }
    }
}
