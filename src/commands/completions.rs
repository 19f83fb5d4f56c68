//! `chessbot completions`: writes a completion script generated from the clap definition.

use super::CmdResult;
use crate::cli::Cli;
use crate::cli::completions::CompletionsArgs;
use clap::CommandFactory;
use std::io::Write;
use std::process::ExitCode;

/// Writes the script for `args.shell` to stdout. The script is generated into memory first:
/// clap_complete panics on a failed write, and a closed pipe (`| head`) is not an error here.
pub fn run(args: CompletionsArgs) -> CmdResult {
    let mut cmd = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "chessbot", &mut script);
    std::io::stdout().lock().write_all(&script)?;
    Ok(ExitCode::SUCCESS)
}
