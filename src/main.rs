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
    // Never taken: on a CPU without what the build uses, src/cpu_check.c has already ended the
    // process before the Rust runtime started. The call keeps that check linked in.
    if !cpu::missing().is_empty() {
        return ExitCode::FAILURE;
    }
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
