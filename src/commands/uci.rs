//! `chessbot uci`: the UCI loop on stdin and stdout.

use super::CmdResult;
use crate::cli::uci::UciArgs;
use std::process::ExitCode;

pub fn run(_args: UciArgs) -> CmdResult {
    let stdin = std::io::stdin().lock();
    chessbot::uci::server::run(stdin, std::io::stdout())?;
    Ok(ExitCode::SUCCESS)
}
