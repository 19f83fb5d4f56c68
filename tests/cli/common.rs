//! Helpers shared by the command tests.

use assert_cmd::Command;

/// The `chessbot` binary under test.
pub fn chessbot() -> Command {
    Command::cargo_bin("chessbot").expect("chessbot binary is built")
}

/// `chessbot recognize PATH` succeeds and prints exactly `fen` (and a newline).
pub fn recognize_prints(path: &std::path::Path, fen: &str) {
    chessbot()
        .arg("recognize")
        .arg(path)
        .assert()
        .success()
        .stdout(format!("{fen}\n"));
}

/// Whether a program is on PATH (tests that need Stockfish skip with a message without it).
#[allow(dead_code)]
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// Stockfish's path, when installed (Debian puts it in /usr/games, often not on PATH).
/// Tests that need it print a skip message and return when this is `None`.
#[allow(dead_code)]
pub fn stockfish() -> Option<std::path::PathBuf> {
    let in_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("stockfish"))
            .find(|p| p.is_file())
    });
    in_path.or_else(|| {
        let debian = std::path::PathBuf::from("/usr/games/stockfish");
        debian.is_file().then_some(debian)
    })
}

/// Whether python-chess can be imported by `python3`.
#[allow(dead_code)]
pub fn python_chess() -> bool {
    std::process::Command::new("python3")
        .args(["-c", "import chess, chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs `cmd`, asserts it succeeded (showing its stderr if not) and parses its stdout as JSON.
#[allow(dead_code)]
pub fn json_of(cmd: &mut Command) -> serde_json::Value {
    let out = cmd.output().expect("the command runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}
