//! `chessbot nnue`: making training positions and training the evaluation network.

use crate::common::{chessbot, require_program};
use predicates::str::contains;

#[test]
fn train_names_the_bad_line_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data.txt");
    std::fs::write(
        &data,
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1\nnot a line\n",
    )
    .unwrap();
    chessbot()
        .args(["nnue", "train", "--data"])
        .arg(&data)
        .args(["--out"])
        .arg(dir.path().join("net.bin"))
        .assert()
        .code(2)
        .stderr(contains("data.txt:2: expected `FEN | score | result`"));
    chessbot()
        .args([
            "nnue",
            "train",
            "--data",
            "/nonexistent/data.txt",
            "--out",
            "x.bin",
        ])
        .assert()
        .code(2)
        .stderr(contains("/nonexistent/data.txt"));
}

#[test]
fn train_refuses_fewer_positions_than_a_batch() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data.txt");
    std::fs::write(&data, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1\n").unwrap();
    chessbot()
        .args(["nnue", "train", "--data"])
        .arg(&data)
        .arg("--out")
        .arg(dir.path().join("net.bin"))
        .assert()
        .code(2)
        .stderr(contains("fewer training positions than one batch"));
}

#[test]
fn gen_with_a_missing_engine_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    chessbot()
        .args(["nnue", "gen", "--engine", "/nonexistent/engine", "--out"])
        .arg(dir.path().join("d.txt"))
        .assert()
        .code(2)
        .stderr(contains("/nonexistent/engine"));
}

#[test]
fn engine_player_rejects_an_unknown_evaluation() {
    chessbot()
        .args([
            "selfplay",
            "--white",
            "engine?eval=magic",
            "--black",
            "random",
        ])
        .assert()
        .code(2)
        .stderr(contains("expected network or classical"));
}

/// The whole loop on a small scale: Stockfish plays a few games, the positions parse, and a
/// network trained on them is written in the right format.
#[test]
fn stockfish_games_train_a_network() {
    let Some(sf) = require_program("stockfish") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data.txt");
    chessbot()
        .args([
            "nnue",
            "gen",
            "--nodes",
            "200",
            "--positions",
            "100",
            "--engine",
        ])
        .arg(&sf)
        .arg("--out")
        .arg(&data)
        .assert()
        .success()
        .stdout(contains("positions to"));
    let text = std::fs::read_to_string(&data).unwrap();
    assert!(text.lines().count() >= 100);
    assert!(text.lines().all(|l| l.split(" | ").count() == 3), "{text}");
    let net = dir.path().join("net.bin");
    chessbot()
        .args(["nnue", "train", "--epochs", "1", "--batch", "32", "--data"])
        .arg(&data)
        .arg("--out")
        .arg(&net)
        .assert()
        .success()
        .stderr(contains("epoch 1/1"));
    let bytes = std::fs::read(&net).unwrap();
    assert!(chessbot::search::nnue::Network::from_bytes(&bytes).is_ok());
}
