//! The `chessbot` command: parses arguments, runs one subcommand, maps errors to exit codes.

mod cli;
mod commands;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match commands::run(cli) {
        Ok(code) => code,
        Err(err) => {
            if !err.is_broken_pipe() {
                eprintln!("chessbot: {err}");
            }
            err.exit_code()
        }
    }
}
