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
