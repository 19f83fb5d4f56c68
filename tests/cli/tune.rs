//! `chessbot tune`: Texel tuning of the hand-written evaluation.

use crate::common::chessbot;
use predicates::prelude::*;
use predicates::str::contains;

#[test]
fn bad_data_is_named_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data.txt");
    let out = dir.path().join("tuned.rs");
    let tune_on = |text: &str, message: &str| {
        std::fs::write(&data, text).unwrap();
        chessbot()
            .args(["tune", "--data"])
            .arg(&data)
            .arg("--out")
            .arg(&out)
            .assert()
            .code(2)
            .stderr(contains(message));
    };
    tune_on(
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1\n4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | x | 1\n",
        "data.txt:2: bad score `x`",
    );
    // Two white kings: the FEN parses but is not a legal position.
    tune_on(
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1 | 0 | 0.5\n",
        "data.txt:1: illegal position",
    );
    tune_on(
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1\n",
        "need at least 100",
    );
    chessbot()
        .args(["tune", "--data", "/nonexistent/data.txt", "--out"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(contains("/nonexistent/data.txt"));
    assert!(!out.exists(), "nothing is written on bad input");
}

#[test]
fn tuning_writes_every_weight_as_rust() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data.txt");
    let out = dir.path().join("tuned.rs");
    let lines = [
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 1200 | 1",
        "4k3/pppp4/8/8/8/8/8/3QK3 b - - 0 1 | -700 | 1",
        "2r1k3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1 | 450 | 1",
        "6k1/5ppp/8/3P4/8/8/5PPP/6K1 b - - 0 1 | -90 | 0.5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 25 | 0.5",
    ];
    let text: String = (0..40)
        .flat_map(|_| lines)
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&data, text).unwrap();
    chessbot()
        .args(["tune", "--epochs", "2", "--batch", "32", "--data"])
        .arg(&data)
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stderr(contains("200 positions").and(contains("epoch 2/2")));
    let src = std::fs::read_to_string(&out).unwrap();
    assert!(
        src.contains("pub const WEIGHTS: Weights = Weights(["),
        "{src}"
    );
    assert_eq!(
        src.matches("),").count(),
        chessbot::search::params::layout::COUNT
    );
}
