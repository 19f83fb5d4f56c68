//! The `--variant` flag shared by the commands that play more than standard chess.

use clap::ValueEnum;

/// Which rules a command plays by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Variant {
    /// Standard chess (Chess960 where the command has `--chess960`).
    #[default]
    Chess,
    /// Alice chess: two boards, every move passes to the other board (FEN marks board-B pieces
    /// with '|').
    Alice,
}
