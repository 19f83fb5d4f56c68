//! Command-line types (clap derive) only; each subcommand's flags live in their own file.

use clap::{Parser, Subcommand};

pub mod analyze;
pub mod autoplay;
pub mod bench;
pub mod bestmove;
pub mod book;
pub mod completions;
pub mod nnue;
pub mod perft;
pub mod play;
pub mod recognize;
pub mod selfplay;
pub mod tune;
pub mod uci;
pub mod variant;
pub mod vision;

/// Sees, thinks and plays chess: one binary for screenshots, engines, matches and games.
#[derive(Debug, Parser)]
#[command(name = "chessbot", version, about, long_about = None, propagate_version = true)]
#[command(after_help = "Exit codes: 0 success, 1 failure at run time, 2 bad usage or input.")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (move generator check and speed test).
    Perft(perft::PerftArgs),
    /// Run as a UCI engine on stdin/stdout (for chess GUIs, cutechess-cli, python-chess).
    Uci(uci::UciArgs),
    /// Play a game in the terminal against our engine or a UCI engine such as Stockfish.
    Play(play::PlayArgs),
    /// Play on an on-screen chessboard (a local GUI) with screen capture and the mouse.
    Autoplay(Box<autoplay::AutoplayArgs>),
    /// Play matches between built-in players and UCI engines, with PGN, Elo and SPRT.
    Selfplay(Box<selfplay::SelfplayArgs>),
    /// Build Polyglot opening books from games, or list a position's book moves.
    Book(book::BookArgs),
    /// Search a position with our engine and print the best move, score and principal variation.
    Bestmove(bestmove::BestmoveArgs),
    /// Search a fixed list of positions to a fixed depth: a deterministic node count and speed.
    Bench(bench::BenchArgs),
    /// Review games with our engine or Stockfish: annotated PGN, mistakes, accuracy.
    Analyze(analyze::AnalyzeArgs),
    /// Read chess positions (FEN) from screenshots of boards.
    Recognize(recognize::RecognizeArgs),
    /// Square classifier: train, measure, render training boards.
    Vision(vision::VisionArgs),
    /// Evaluation network: train it on scored positions.
    Nnue(nnue::NnueArgs),
    /// Tune the hand-written evaluation's weights on scored positions (Texel tuning).
    Tune(tune::TuneArgs),
    /// Print a shell completion script.
    Completions(completions::CompletionsArgs),
}
