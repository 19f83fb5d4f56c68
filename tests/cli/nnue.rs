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
fn train_refuses_a_start_network_that_is_no_network() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data.txt");
    std::fs::write(&data, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1\n").unwrap();
    let not_a_net = dir.path().join("start.bin");
    std::fs::write(&not_a_net, "hello").unwrap();
    for init in [not_a_net, dir.path().join("missing.bin")] {
        chessbot()
            .args(["nnue", "train", "--data"])
            .arg(&data)
            .arg("--init")
            .arg(&init)
            .arg("--out")
            .arg(dir.path().join("net.bin"))
            .assert()
            .code(2)
            .stderr(contains(init.file_name().unwrap().to_str().unwrap()));
    }
    assert!(!dir.path().join("net.bin").exists());
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
        .stdout(contains("holds"));
    let text = std::fs::read_to_string(&data).unwrap();
    let positions: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(positions.len() >= 100);
    assert!(
        positions.iter().all(|l| l.split(" | ").count() == 3),
        "{text}"
    );
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

/// `nnue gen` with our own engine as the labeller: `-j 2` writes the same file as `-j 1`, and a
/// run stopped early (or cut off in the middle of a game) and continued by the same command
/// writes the same bytes as one uninterrupted run.
#[test]
fn gen_continues_a_stopped_run_to_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let gen_to = |out: &std::path::Path, positions: &str, jobs: &str| {
        chessbot()
            .args(["nnue", "gen", "--engine", env!("CARGO_BIN_EXE_chessbot")])
            .args(["--engine-arg", "uci", "--nodes", "200", "--seed", "5"])
            .args(["--positions", positions, "-j", jobs, "--out"])
            .arg(out)
            .assert()
            .success()
    };
    let whole = dir.path().join("whole.txt");
    gen_to(&whole, "300", "1").stdout(contains("holds"));
    let expected = std::fs::read_to_string(&whole).unwrap();
    assert!(expected.starts_with("# chessbot nnue gen: engine "));
    assert!(expected.contains("# game 2 "), "{expected}");

    let parallel = dir.path().join("parallel.txt");
    gen_to(&parallel, "300", "2");
    assert_eq!(std::fs::read_to_string(&parallel).unwrap(), expected);

    let resumed = dir.path().join("resumed.txt");
    gen_to(&resumed, "150", "1");
    let part = std::fs::read_to_string(&resumed).unwrap();
    assert!(part.len() < expected.len() && expected.starts_with(&part));
    // Cut the file in the middle of its last game's lines, as a kill during a write would.
    let cut = part.trim_end().rfind('\n').unwrap() + 10;
    std::fs::write(&resumed, &part[..cut]).unwrap();
    gen_to(&resumed, "300", "1").stderr(contains("continuing"));
    assert_eq!(std::fs::read_to_string(&resumed).unwrap(), expected);
}

#[test]
fn gen_refuses_to_continue_another_runs_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d.txt");
    std::fs::write(&out, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1\n").unwrap();
    let gen_into = || {
        chessbot()
            .args(["nnue", "gen", "--engine", env!("CARGO_BIN_EXE_chessbot")])
            .args(["--engine-arg", "uci", "--nodes", "200", "--out"])
            .arg(&out)
            .assert()
            .code(2)
    };
    gen_into().stderr(contains("header"));
    std::fs::write(
        &out,
        "# chessbot nnue gen: engine stockfish; nodes 2000; seed 1; random plies 6-11; max plies 400; adjudicate 2000\n",
    )
    .unwrap();
    gen_into().stderr(contains("other settings"));
    // Nothing of the file was lost.
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains("engine stockfish")
    );
}
