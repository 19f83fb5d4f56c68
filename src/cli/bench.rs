//! `chessbot bench` flags.

use clap::Args;

/// Flags of `chessbot bench`.
#[derive(Debug, Args)]
#[command(
    after_help = "Searches a fixed list of 40 positions to a fixed depth, clearing the hash before each; \
on one thread (the default) the node count is deterministic and identifies the search, on several it \
varies from run to run. The last line is `<N> nodes <M> nps` (what OpenBench reads).\n\nExamples:\n  \
chessbot bench\n  chessbot bench 6\n  chessbot bench --threads 2"
)]
pub struct BenchArgs {
    /// Search depth per position.
    #[arg(default_value_t = chessbot::search::bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=30))]
    pub depth: i32,
    /// Search threads (Lazy SMP); above 1 the node count is not reproducible.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=chessbot::search::MAX_THREADS as i64))]
    pub threads: u16,
}
