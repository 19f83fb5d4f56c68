//! `chessbot play` flags.

use super::variant::Variant;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Which side the player takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Play White.
    White,
    /// Play Black.
    Black,
    /// Toss a coin.
    Random,
}

/// Flags of `chessbot play`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  chessbot play                                  you are White against our engine
  chessbot play --color black --movetime 2000 --tc 300+3   five minutes, 3 s a move
  chessbot play --tc 180+2 --threads 2             our engine searching on two threads
  chessbot play --level 3                        a weak opponent, for beginners
  chessbot play --engine stockfish --elo 1500    Stockfish, limited to 1500 Elo
  chessbot play --elo 1200                       our engine, limited to about 1200 Elo
  chessbot play --engine gnuchess --engine-arg --uci   an engine that needs an argument for UCI
  chessbot play --engine 'uci:gnuchess?arg=--uci'     the same, as a selfplay player spec
  chessbot play --engine /opt/lc0 --engine-option Threads=2 --movetime 500
  chessbot play --fen \"8/8/8/8/8/5k2/4p3/4K3 b - - 0 1\"
  chessbot play --pgn game.pgn --pgn-out game.pgn   continue a saved game
  printf 'e4\\nNf3\\nquit\\n' | chessbot play --depth 3   scripted: engine replies one per line
  chessbot play --variant alice                  Alice chess, both boards side by side

Type 'help' during the game for the commands (moves, undo, hint, flip, fen, pgn, save FILE,
resign, draw, new, quit).")]
pub struct PlayArgs {
    /// Which side you play.
    #[arg(long, value_enum, default_value_t = ColorChoice::White)]
    pub color: ColorChoice,
    /// The engine searches this many milliseconds per move (default 1000 when no other limit).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// The engine searches to this depth (plies).
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=64))]
    pub depth: Option<i32>,
    /// Our engine's level, 1 (beginner) to 10 (full strength, the default): lower levels search
    /// less and make plausible mistakes, never random moves.
    #[arg(long, conflicts_with = "engine", value_parser = clap::value_parser!(u32).range(1..=10))]
    pub level: Option<u32>,
    /// Search threads of our engine (Lazy SMP); an external engine takes
    /// `--engine-option Threads=N`.
    #[arg(long, default_value_t = 1, conflicts_with = "engine", value_parser = clap::value_parser!(u16).range(1..=chessbot::search::MAX_THREADS as i64))]
    pub threads: u16,
    /// Play an external UCI engine: `stockfish` (looked up on PATH, then /usr/games), a path,
    /// or a selfplay player spec `uci:PROGRAM?arg=ARG&OPTION=VALUE`.
    #[arg(long, value_name = "NAME|PATH|SPEC")]
    pub engine: Option<String>,
    /// A command-line argument for the external engine (repeatable), e.g. --engine-arg --uci
    /// for GNU Chess.
    #[arg(
        long = "engine-arg",
        value_name = "ARG",
        requires = "engine",
        allow_hyphen_values = true
    )]
    pub engine_args: Vec<String>,
    /// Limit the opponent's strength to about this Elo: an external engine's UCI_LimitStrength
    /// (below Stockfish's 1320 minimum, Skill Level instead), or our engine's own limit
    /// (800 to 2800, full strength at the top), as --level does.
    #[arg(long, conflicts_with = "level", value_parser = clap::value_parser!(u32).range(100..=3600))]
    pub elo: Option<u32>,
    /// Set a UCI option of the external engine (repeatable).
    #[arg(long = "engine-option", value_name = "NAME=VALUE", requires = "engine")]
    pub engine_options: Vec<String>,
    /// Start from this position.
    #[arg(long, conflicts_with = "pgn")]
    pub fen: Option<String>,
    /// Continue the (first) game of this PGN file.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Chess960: a random start position (or read --fen castling as Chess960).
    #[arg(long)]
    pub chess960: bool,
    /// Time control as in selfplay (cutechess-cli's tc): [MOVES/]SECONDS[+INCREMENT] in seconds,
    /// e.g. 300+3 (or 5m+3) or 40/600; clocks are shown and flags fall.
    #[arg(long, value_name = "TC")]
    pub tc: Option<String>,
    /// Write the game as PGN here when it ends (or input ends, or you quit).
    #[arg(long, value_name = "FILE")]
    pub pgn_out: Option<PathBuf>,
    /// Draw the board in plain ASCII (also when NO_COLOR is set or stdout is not a terminal).
    #[arg(long)]
    pub ascii: bool,
    /// Seed for the random choices (colour, Chess960 position).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The rules: standard chess, or Alice chess (two boards drawn side by side).
    #[arg(long, value_enum, default_value_t)]
    pub variant: Variant,
}
