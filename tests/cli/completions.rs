//! The committed completion scripts must match what the binary generates now.
//! `CHESSBOT_BLESS=1 cargo test completions` rewrites them.

use crate::common::chessbot;
use std::path::Path;

#[test]
fn committed_completions_are_fresh() {
    let files = [
        ("bash", "chessbot.bash"),
        ("zsh", "_chessbot"),
        ("fish", "chessbot.fish"),
        ("powershell", "_chessbot.ps1"),
    ];
    for (shell, file) in files {
        let out = chessbot().args(["completions", shell]).output().unwrap();
        assert!(out.status.success());
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("completions")
            .join(file);
        if std::env::var_os("CHESSBOT_BLESS").is_some() {
            std::fs::write(&path, &out.stdout).unwrap();
        }
        let committed = std::fs::read(&path).unwrap_or_default();
        assert!(
            committed == out.stdout,
            "{} is stale: run `CHESSBOT_BLESS=1 cargo test completions`",
            path.display()
        );
    }
}

/// A reader that stops early (`chessbot completions bash | head -2`) must not make it panic.
#[test]
fn a_closed_pipe_is_not_a_panic() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("chessbot"))
        .args(["completions", "bash"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.status.success(), "{stderr}");
}
