//! `chessbot analyze` flags.

use clap::{ArgGroup, Args};
use std::path::PathBuf;

/// Flags of `chessbot analyze`.
#[derive(Debug, Args)]
#[command(
    group(ArgGroup::new("limit").args(["depth", "movetime"])),
    after_help = "Moves are classed by the drop in the mover's expected score (Lichess's curve):\n\
0.05 inaccuracy (?!), 0.10 mistake (?), 0.15 blunder (??). Without -o the annotated PGN goes to\n\
stdout and the summary to stderr; with -o the summary goes to stdout. Games that cannot be read\n\
are named with their line and skipped; the rest are analysed, and the exit code is then 2.\n\n\
Examples:\n  chessbot analyze games.pgn -o annotated.pgn\n  chessbot analyze games.pgn --engine stockfish --depth 14 -o annotated.pgn\n  chessbot analyze game.pgn --depth 6 --json > review.json\n  chessbot analyze games.pgn --plot eval.png -o annotated.pgn\n  chessbot analyze game.pgn --show 23w\n  chessbot analyze games.pgn --movetime 500 --threads 2 -o out.pgn\n  chessbot analyze games.pgn --engine /usr/games/stockfish --movetime 200 -o out.pgn"
)]
pub struct AnalyzeArgs {
    /// The PGN file (several games, comments, variations, FEN/SetUp starts, Chess960).
    pub pgn: PathBuf,
    /// The engine: ours (default), `stockfish`, or the path of any UCI engine.
    #[arg(long, value_name = "stockfish|PATH")]
    pub engine: Option<String>,
    /// Search each position to this depth (plies; default 8).
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=60))]
    pub depth: Option<i32>,
    /// Search each position for this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Transposition table size of our engine in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub hash: u64,
    /// Search threads of our engine (Lazy SMP); an external engine takes its own Threads
    /// option. One thread gives the same review every run under --depth; more do not.
    #[arg(long, default_value_t = 1, conflicts_with = "engine", value_parser = clap::value_parser!(u16).range(1..=chessbot::search::MAX_THREADS as i64))]
    pub threads: u16,
    /// Write the annotated PGN to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Print one JSON object (every move's evaluation and class, per-player summaries) on
    /// stdout instead of the annotated PGN and text summary.
    #[arg(long)]
    pub json: bool,
    /// Draw the evaluation graph (mistakes marked) to this PNG; with several games, one image
    /// per game named FILE-N.png after the game's number.
    #[arg(long, value_name = "FILE.png")]
    pub plot: Option<PathBuf>,
    /// Print the board after one move (`23w`, `23b`) of a single game, with the evaluation
    /// and the engine's best line, instead of the whole review.
    #[arg(long, value_name = "MOVE")]
    pub show: Option<String>,
}
