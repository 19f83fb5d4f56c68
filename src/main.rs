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
    let missing = cpu::missing();
    if !missing.is_empty() {
        eprintln!(
            "chessbot: this build uses instructions this CPU lacks ({}); build it for this CPU \
             with RUSTFLAGS=\"-C target-cpu=native\" cargo install --path .",
            missing.join(", ")
        );
        return ExitCode::from(1);
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
