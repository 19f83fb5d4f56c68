//! `chessbot tune` flags: Texel tuning of the hand-written evaluation.

use clap::Args;
use std::path::PathBuf;

/// Flags of `chessbot tune`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each data line is `FEN | score | result` (as `chessbot nnue gen` writes them): a search score in centipawns from the side to move's view and the game result for White (1, 0.5, 0). The weights are written as Rust source; rebuild to use them.\n\nExamples:\n  chessbot tune --data positions.txt --out /tmp/tuned.rs\n  chessbot tune --data a.txt --data b.txt --epochs 30 --out src/search/params/tuned.rs\n  chessbot tune --data a.txt --only \"passed pawn\" --only \"bishop pair\" --out /tmp/tuned.rs"
)]
pub struct TuneArgs {
    /// Data files (repeat the flag for several).
    #[arg(long, required = true)]
    pub data: Vec<PathBuf>,
    /// Seed of the validation split and the batch order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 20)]
    pub epochs: usize,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Peak Adam step, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub lr: f64,
    /// Weight of the search score against the game result in the target (0..=1).
    #[arg(long, default_value_t = 0.75)]
    pub score_weight: f64,
    /// Tune only this section of the weights (repeat for several; names as the comments of
    /// `src/search/params/tuned.rs` give them, e.g. "passed pawn"); the others stay as they are.
    #[arg(long, value_name = "SECTION")]
    pub only: Vec<String>,
    /// Where to write the tuned weights (Rust source of `search::params::tuned`).
    #[arg(long)]
    pub out: PathBuf,
}
