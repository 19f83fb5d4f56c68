//! `chessbot autoplay` flags.

use chessbot::autoplay::params;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Which side autoplay plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum SideArg {
    /// The side at the bottom of the board.
    #[default]
    Auto,
    /// White.
    White,
    /// Black.
    Black,
}

/// The side to move in a position picked up other than the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TurnArg {
    /// White is to move.
    White,
    /// Black is to move.
    Black,
}

/// How moves are entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum InputArg {
    /// A drag first; where the GUI does not take it, clicks; what works is kept.
    #[default]
    Auto,
    /// Press on the piece, release on the target square.
    Drag,
    /// Click the piece, then the target square.
    Click,
}

/// The GUI's promotion dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum PromotionArg {
    /// Find the GUI's chooser by its four piece icons, wherever it is drawn (a column over the
    /// board, a dialog, a menu); a GUI that promotes to a queen by itself is followed.
    #[default]
    Auto,
    /// The GUI promotes without asking (XBoard with "always queen", many GUIs).
    None,
    /// A column of pieces on the promotion file, queen first (lichess/chessground style),
    /// clicked without looking.
    Column,
}

/// Flags of `chessbot autoplay`.
#[derive(Debug, Args)]
#[command(
    after_help = "Only for boards you may automate: local GUIs, your own analysis boards, \
engine testing and demonstrations. Chess sites forbid programmatic moves in their games; the \
sanctioned route online is the Lichess Bot API. There is no 'humanising' of any kind.

Safety: the run stops when the mouse is pushed into a screen corner or moved by the user, on \
Ctrl-C (checked again right before every gesture, so they hold while the engine thinks), when \
the board is lost, when a change on the board cannot be explained by a legal move, or when the \
opponent does not move within --opponent-timeout. The saved game has every move the board showed.

Examples:
  chessbot autoplay --dry-run                       watch and say what it would play
  chessbot autoplay --color white --movetime 500 --pgn-out game.pgn
  chessbot autoplay --region 100,80,640,640 --level 4 --max-moves 20
  chessbot autoplay --engine stockfish --input click  a GUI that takes only clicks
  chessbot autoplay --color black --turn black      a set-up position, Black to move
  chessbot autoplay --replay frames/ --color black  rerun recorded screenshots (no mouse)

Live capture needs a build with `--features autoplay` (see docs/autoplay.md for its system libraries)."
)]
pub struct AutoplayArgs {
    /// Our side: auto takes the side at the bottom of the board.
    #[arg(long, value_enum, default_value_t)]
    pub color: SideArg,
    /// The monitor to capture (0 = the first).
    #[arg(long, default_value_t = 0)]
    pub monitor: usize,
    /// Capture only this rectangle of the screen (logical pixels).
    #[arg(long, value_name = "X,Y,W,H")]
    pub region: Option<String>,
    /// Our engine searches this long per move (default 1000 ms when no other limit is given).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Our engine searches to this depth.
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=64))]
    pub depth: Option<i32>,
    /// Our engine's level, 1 (beginner) to 10 (full strength).
    #[arg(long, conflicts_with = "engine", value_parser = clap::value_parser!(u32).range(1..=10))]
    pub level: Option<u32>,
    /// Choose moves with this UCI engine instead of ours (`stockfish` or a path).
    #[arg(long, value_name = "NAME|PATH")]
    pub engine: Option<String>,
    /// How moves are entered: auto tries a drag, then clicks, and keeps what the GUI takes.
    #[arg(long, value_enum, default_value_t)]
    pub input: InputArg,
    /// The same as `--input click`.
    #[arg(long, hide = true, conflicts_with = "input")]
    pub click: bool,
    /// How the GUI asks for the promotion piece.
    #[arg(long, value_enum, default_value_t)]
    pub promotion: PromotionArg,
    /// The side to move when the board first seen is not the start and does not show whose
    /// turn it is (no last-move highlight, no check).
    #[arg(long, value_enum)]
    pub turn: Option<TurnArg>,
    /// Move nothing: print what would be played.
    #[arg(long)]
    pub dry_run: bool,
    /// Write each frame's reading (grid and labels) here, for --dry-run checks.
    #[arg(long, value_name = "DIR")]
    pub debug_dir: Option<PathBuf>,
    /// Stop after this many of our moves.
    #[arg(long, value_name = "N")]
    pub max_moves: Option<u32>,
    /// Save the game as PGN here when the run ends.
    #[arg(long, value_name = "FILE")]
    pub pgn_out: Option<PathBuf>,
    /// Milliseconds between screen captures.
    #[arg(long, value_name = "MS", default_value_t = params::POLL.as_millis() as u64)]
    pub poll: u64,
    /// Milliseconds the board must stand still before it is read (GUIs slide pieces).
    #[arg(long, value_name = "MS", default_value_t = params::SETTLE.as_millis() as u64)]
    pub settle: u64,
    /// Seconds to wait for the opponent's move before the run ends (the GUI's engine may have
    /// died); the game so far is saved.
    #[arg(long, value_name = "S", default_value_t = params::OPPONENT_TIMEOUT.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    pub opponent_timeout: u64,
    /// Save every frame captured here, named with its capture time, for `--replay`.
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
    /// Replay a folder of screenshots (PNG, in name order) instead of the screen; mouse actions
    /// are printed, never performed.
    #[arg(long, value_name = "DIR")]
    pub replay: Option<PathBuf>,
}
