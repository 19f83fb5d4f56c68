//! `chessbot completions`: writes a completion script generated from the clap definition.

use super::CmdResult;
use crate::cli::Cli;
use crate::cli::completions::CompletionsArgs;
use clap::CommandFactory;
use std::process::ExitCode;

pub fn run(args: CompletionsArgs) -> CmdResult {
    let mut cmd = Cli::command();
    let mut out = std::io::stdout().lock();
    clap_complete::generate(args.shell, &mut cmd, "chessbot", &mut out);
    Ok(ExitCode::SUCCESS)
}
