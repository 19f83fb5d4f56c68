//! `chessbot recognize` flags.

use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Flags of `chessbot recognize`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  chessbot recognize assets/samples/italian-cburnett.png\n  chessbot recognize shot1.png shot2.png --json\n  chessbot recognize page.png --all --debug found.png\n  chessbot recognize board.png --region 120,80,640,640 --orientation black --turn b\n  xwd -root | convert xwd:- png:- | chessbot recognize -\n\nPrints one FEN per board (\"FILE: FEN\" when several images are given). An illegal position \
is still printed, with a warning on stderr naming the problem.\n\nExit codes: 0 all boards read, 1 no board found in some image, 2 some input unreadable (not an image, \
truncated, 0x0, larger than 16384 px a side) or bad flags. The other images are still read."
)]
pub struct RecognizeArgs {
    /// Screenshots (PNG, JPEG, WebP, BMP, GIF); `-` reads one from standard input.
    #[arg(required = true, value_name = "IMAGE")]
    pub images: Vec<PathBuf>,
    /// Read every board found, largest first, searching more thoroughly (slower); without it,
    /// the first board the quick search finds.
    #[arg(long)]
    pub all: bool,
    /// The board's 8x8 squares are at X,Y with size WxH pixels (skips the search).
    #[arg(long, value_name = "X,Y,W,H")]
    pub region: Option<String>,
    /// Which side is at the bottom of the image (default: detected).
    #[arg(long, value_enum)]
    pub orientation: Option<SideArg>,
    /// Side to move (default: the only side that can be to move, else the side a last-move
    /// highlight names: the other side than the piece on the two tinted squares, else white).
    #[arg(long, value_enum)]
    pub turn: Option<TurnArg>,
    /// Print one JSON object per image: per-square class and confidence, board box,
    /// orientation, what the side to move was decided from, the last move's tinted cells and
    /// timing.
    #[arg(long)]
    pub json: bool,
    /// Write the image with the found grid and square labels drawn on it to FILE (with
    /// several images, FILE-1.png, FILE-2.png, ... in argument order).
    #[arg(long, value_name = "FILE")]
    pub debug: Option<PathBuf>,
    /// Classifier weights to use instead of the built-in ones (a safetensors file written by
    /// `chessbot vision train`); given more than once, the networks are read together and
    /// their probabilities averaged.
    #[arg(long, value_name = "FILE")]
    pub model: Vec<PathBuf>,
    /// Read with the networks trained without the benchmark's held-out piece sets, as
    /// `chessbot vision bench` reads (to look into a screenshot it kept with --failures). They
    /// are not built in: they are read from --networks.
    #[arg(long, conflicts_with = "model")]
    pub held_out: bool,
    /// Folder holding the held-out networks (held-out*.safetensors) for --held-out [default:
    /// assets/vision, relative to the current directory: the root of a checkout].
    #[arg(long, value_name = "DIR", requires = "held_out")]
    pub networks: Option<PathBuf>,
}

/// A side of the board, for `--orientation`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// White at the bottom.
    White,
    /// Black at the bottom.
    Black,
}

/// Side to move, for `--turn`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TurnArg {
    /// White to move.
    W,
    /// Black to move.
    B,
}
