//! One file per subcommand: checked config in, library call, output out.

use crate::cli::variant::Variant;
use crate::cli::{Cli, Command};
use shakmaty::CastlingMode;
use std::fmt;
use std::process::ExitCode;

mod analyze;
mod autoplay;
mod bench;
mod bestmove;
mod book;
mod completions;
mod nnue;
mod perft;
mod play;
mod recognize;
mod selfplay;
mod tune;
mod uci;
mod vision;

/// A failed command: the message for the user and which exit code it deserves.
#[derive(Debug)]
pub enum CliError {
    /// Bad usage or bad input (a bad FEN, an illegal move, an unreadable file): exit 2.
    Input(anyhow::Error),
    /// A failure at run time (engine crashed, board not found): exit 1.
    Runtime(anyhow::Error),
}

impl CliError {
    /// Wraps anything displayable as bad input (exit 2).
    pub fn input(e: impl fmt::Display) -> Self {
        CliError::Input(anyhow::anyhow!("{e}"))
    }

    /// Wraps anything displayable as a run-time failure (exit 1).
    pub fn runtime(e: impl fmt::Display) -> Self {
        CliError::Runtime(anyhow::anyhow!("{e}"))
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            _ if self.is_broken_pipe() => ExitCode::SUCCESS,
            CliError::Input(_) => ExitCode::from(2),
            CliError::Runtime(_) => ExitCode::from(1),
        }
    }

    /// A closed stdout (`chessbot ... | head`) is not an error worth a message.
    pub fn is_broken_pipe(&self) -> bool {
        let (CliError::Input(e) | CliError::Runtime(e)) = self;
        e.chain().any(|c| {
            c.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
        })
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (CliError::Input(e) | CliError::Runtime(e)) = self;
        write!(f, "{e:#}")
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Runtime(e.into())
    }
}

/// How castling is written for `--variant` with `--chess960`: Chess960 exists for chess only.
pub(crate) fn castling_mode(variant: Variant, chess960: bool) -> Result<CastlingMode, CliError> {
    match (variant, chess960) {
        (_, false) => Ok(CastlingMode::Standard),
        (Variant::Chess, true) => Ok(CastlingMode::Chess960),
        (Variant::Alice, true) => Err(CliError::input(
            "--chess960 does not apply to --variant alice",
        )),
    }
}

/// The result of a subcommand: the exit code to use on success paths that are not plain 0.
pub type CmdResult = Result<ExitCode, CliError>;

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> CmdResult {
    match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Uci(args) => uci::run(args),
        Command::Play(args) => play::run(args),
        Command::Autoplay(args) => autoplay::run(*args),
        Command::Book(args) => book::run(args),
        Command::Bestmove(args) => bestmove::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Completions(args) => completions::run(args),
        Command::Selfplay(args) => selfplay::run_cmd(*args),
        Command::Recognize(args) => recognize::run(args),
        Command::Vision(args) => vision::run(args),
        Command::Nnue(args) => nnue::run(args),
        Command::Tune(args) => tune::run(args),
    }
}
