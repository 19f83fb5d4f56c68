//! `chessbot perft` flags.

use super::variant::Variant;
use clap::Args;

/// Flags of `chessbot perft`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  chessbot perft 5\n  chessbot perft 4 --divide --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"\n  chessbot perft 3 --chess960 --fen \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"\n  chessbot perft 3 --variant alice\n  chessbot perft 2 --variant alice --divide --fen \"rnbqkbnr/pppp1ppp/8/4|p3/4|P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\""
)]
pub struct PerftArgs {
    /// How many plies deep to count.
    pub depth: u32,
    /// Start position (default: the standard initial position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the count under each root move as well.
    #[arg(long)]
    pub divide: bool,
    /// Read castling rights as Chess960 (Shredder-FEN or X-FEN).
    #[arg(long)]
    pub chess960: bool,
    /// The rules: standard chess, or Alice chess (pieces on board B marked '|' in the FEN).
    #[arg(long, value_enum, default_value_t)]
    pub variant: Variant,
}
