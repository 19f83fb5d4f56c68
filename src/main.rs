//! The `chessbot` command: parses arguments, runs one subcommand, maps errors to exit codes.

mod cli;
mod commands;
mod cpu;

use clap::Parser;
use std::process::ExitCode;

// The vision network allocates many short-lived multi-megabyte tensors; glibc's allocator maps
// and unmaps each one (half of a training run went to page faults), mimalloc reuses them.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cpu::refuse_if_missing();
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
