//! `chessbot bestmove` flags.

use super::variant::Variant;
use clap::{ArgGroup, Args};
use std::path::PathBuf;

/// Flags of `chessbot bestmove`.
#[derive(Debug, Args)]
#[command(
    group(ArgGroup::new("limit").args(["depth", "movetime", "nodes"])),
    after_help = "Without a limit the search runs for 1000 ms.\n\nExamples:\n  chessbot bestmove --depth 8 \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"\n  chessbot bestmove --movetime 500 --json \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\n  chessbot bestmove --book --seed 7 \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"\n  chessbot bestmove --book=my-book.bin --depth 10 \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"\n  chessbot bestmove --nodes 100000 --hash 64 \"8/8/4k3/8/8/4K3/4P3/8 w - - 0 1\"\n  chessbot bestmove --movetime 2000 --threads 4 \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"\n  chessbot bestmove --variant alice --depth 6 \"rnbqkbnr/pppp1ppp/8/4|p3/4|P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\""
)]
pub struct BestmoveArgs {
    /// The position (FEN; missing trailing fields default to `w - - 0 1`).
    pub fen: String,
    /// Search to this depth (plies).
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=100))]
    pub depth: Option<i32>,
    /// Search for this many milliseconds (default 1000 when no limit is given).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search about this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Transposition table size in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub hash: u64,
    /// Search threads (Lazy SMP). One thread is reproducible under depth and node limits;
    /// more search further in the same time, but their results vary from run to run.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=chessbot::search::MAX_THREADS as i64))]
    pub threads: u16,
    /// Answer from an opening book when the position is in it: `--book` for the embedded GNU
    /// Chess book, `--book=FILE` for a Polyglot file. Out of the book, the engine searches.
    #[arg(long, value_name = "FILE", num_args = 0..=1, require_equals = true)]
    pub book: Option<Option<PathBuf>>,
    /// Never use a book (the default; overrides an earlier --book).
    #[arg(long, overrides_with = "book")]
    pub no_book: bool,
    /// Seed of the weighted choice among book moves (default: a random one).
    #[arg(long, requires = "book")]
    pub seed: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Read castling rights as Chess960 (Shredder-FEN or X-FEN).
    #[arg(long)]
    pub chess960: bool,
    /// The rules: standard chess, or Alice chess (pieces on board B marked '|' in the FEN).
    #[arg(long, value_enum, default_value_t)]
    pub variant: Variant,
}
