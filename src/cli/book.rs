//! `chessbot book` flags: build a Polyglot book from games, or list a position's book moves.

use clap::{Args, Subcommand};
use std::path::PathBuf;

/// Flags of `chessbot book`.
#[derive(Debug, Args)]
pub struct BookArgs {
    /// What to do with books.
    #[command(subcommand)]
    pub command: BookCommand,
}

/// The `book` subcommands.
#[derive(Debug, Subcommand)]
pub enum BookCommand {
    /// Build a Polyglot book from the games of a PGN file (weights from results).
    Build(BuildArgs),
    /// List the book moves of a position with their weights.
    Probe(ProbeArgs),
}

/// Flags of `chessbot book build`.
#[derive(Debug, Args)]
#[command(
    after_help = "Weights: 2 per game won by the side that played the move, 1 per draw, 0 per loss;\n\
moves that never scored and games without a result (*) are left out.\n\n\
Examples:\n  chessbot book build games.pgn -o book.bin\n  chessbot book build games.pgn -o book.bin --max-ply 16 --min-games 3"
)]
pub struct BuildArgs {
    /// PGN file with the games.
    pub pgn: PathBuf,
    /// Where to write the book.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Only the first N plies of each game.
    #[arg(long, default_value_t = 30, value_name = "N")]
    pub max_ply: usize,
    /// Only moves played in at least N games.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub min_games: u32,
}

/// Flags of `chessbot book probe`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  chessbot book probe \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n  chessbot book probe --book book.bin --json \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\""
)]
pub struct ProbeArgs {
    /// The position.
    pub fen: String,
    /// Polyglot book to read (default: the embedded GNU Chess book).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// Read castling rights as Chess960.
    #[arg(long)]
    pub chess960: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}
