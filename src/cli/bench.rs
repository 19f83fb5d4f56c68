//! `chessbot bench` flags.

use clap::Args;

/// Flags of `chessbot bench`.
#[derive(Debug, Args)]
#[command(
    after_help = "Searches a fixed list of 40 positions to a fixed depth on one thread, clearing the hash \
before each; the node count is deterministic. The last line is `<N> nodes <M> nps`.\n\nExamples:\n  chessbot bench\n  chessbot bench 6"
)]
pub struct BenchArgs {
    /// Search depth per position.
    #[arg(default_value_t = chessbot::search::bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=30))]
    pub depth: i32,
}
