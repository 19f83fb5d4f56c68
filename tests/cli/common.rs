//! Helpers shared by the command tests.

use assert_cmd::Command;

/// The `chessbot` binary under test.
pub fn chessbot() -> Command {
    Command::cargo_bin("chessbot").expect("chessbot binary is built")
}

/// Whether a program is on PATH (tests that need Stockfish skip with a message without it).
#[allow(dead_code)]
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}
