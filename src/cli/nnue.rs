//! `chessbot nnue` flags: training the evaluation network.

use clap::{Args, Subcommand};
use std::path::PathBuf;

/// Flags of `chessbot nnue`.
#[derive(Debug, Args)]
pub struct NnueArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: NnueCommand,
}

/// The `nnue` subcommands.
#[derive(Debug, Subcommand)]
pub enum NnueCommand {
    /// Make training positions: a UCI engine plays itself from random openings.
    Gen(GenArgs),
    /// Train an evaluation network on scored positions (`FEN | score | result` lines).
    Train(TrainArgs),
}

/// Flags of `chessbot nnue train`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each data line is `FEN | score | result`: a search score in centipawns from the side to move's view and the game result for White (1, 0.5, 0).\n\nExamples:\n  chessbot nnue train --data games.txt --out net.bin\n  chessbot nnue train --data a.txt --data b.txt --epochs 20 --seed 3 --out assets/nnue/net.bin\n  chessbot nnue train --data data.txt --checkpoint train.ckpt --out net.bin   (run again to go on after a stop)\n  chessbot nnue train --data more.txt --init assets/nnue/net.bin --lr 1e-4 --epochs 2 --out tuned.bin\n  chessbot nnue train --data data.txt --buckets 1 --out net.bin   (one output layer for every phase)"
)]
pub struct TrainArgs {
    /// Data files (repeat the flag for several).
    #[arg(long, required = true)]
    pub data: Vec<PathBuf>,
    /// Seed of the weights, the validation split and the batch order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 12)]
    pub epochs: usize,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Peak learning rate (AdamW, cosine decay).
    #[arg(long, default_value_t = 1e-3)]
    pub lr: f64,
    /// Weight of the search score against the game result in the target (0..=1).
    #[arg(long, default_value_t = 0.75)]
    pub score_weight: f32,
    /// Output buckets (1-16): the output layer has one set of weights per range of piece
    /// counts. With --init from a one-bucket network, every bucket starts from its output.
    #[arg(long, default_value_t = 8)]
    pub buckets: usize,
    /// Where to write the network.
    #[arg(long)]
    pub out: PathBuf,
    /// Save the training state here after every epoch, and go on from it when it exists: a
    /// stopped run started again with the same flags and data ends with the same network.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Start from this network file (as `nnue train` writes) instead of random weights, to go
    /// on training it on more data, e.g. with a lower --lr.
    #[arg(long, value_name = "NET")]
    pub init: Option<PathBuf>,
}

/// Flags of `chessbot nnue gen`.
#[derive(Debug, Args)]
#[command(
    after_help = "Games are written to --out whole and in order. A stopped run is continued by the same command: it keeps the whole games, drops one cut off mid-write and goes on to --positions in all, writing what an uninterrupted run would have.\n\nExamples:\n  chessbot nnue gen --positions 1000 --out /tmp/sample.txt\n  chessbot nnue gen --engine stockfish --nodes 2000 --positions 2000000 --concurrency 2 --seed 1 --out data.txt\n  chessbot nnue gen --engine chessbot --engine-arg uci --nodes 5000 --out own.txt   (our engine as the labeller)"
)]
pub struct GenArgs {
    /// The UCI engine that plays and scores (a path, or a name on PATH or in /usr/games).
    #[arg(long, default_value = "stockfish")]
    pub engine: String,
    /// A command-line argument for the engine (repeatable), e.g. --engine-arg uci for chessbot.
    #[arg(long = "engine-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub engine_args: Vec<String>,
    /// Nodes per move.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Positions the file holds when done, those of a continued run included (whole games, so
    /// a few more).
    #[arg(long, default_value_t = 100_000)]
    pub positions: usize,
    /// Engines playing at the same time.
    #[arg(short = 'j', long, default_value_t = 1)]
    pub concurrency: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The data file: created, or continued when it holds part of the same run.
    #[arg(long)]
    pub out: PathBuf,
}
