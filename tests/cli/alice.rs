//! Alice chess through the front ends: bestmove, play and selfplay with `--variant alice`.

use crate::common::chessbot;
use predicates::str::contains;

#[test]
fn bestmove_finds_an_alice_mate() {
    // The rook on B arrives on A: Ra7# (guarded by the queen on A) or Rh8#.
    chessbot()
        .args(["bestmove", "--variant", "alice", "--depth", "3"])
        .arg("k7/7|R/1Q6/8/8/8/8/7K w - - 0 1")
        .assert()
        .success()
        .stdout(contains("score mate 1"))
        .stdout(contains("#)"));
}

#[test]
fn bestmove_rejects_a_bad_alice_fen() {
    chessbot()
        .args([
            "bestmove",
            "--variant",
            "alice",
            "4k3/8/8/8/8/8/8/4K2| w - - 0 1",
        ])
        .assert()
        .code(2)
        .stderr(contains("'|' in rank 1"));
}

#[test]
fn play_alice_scripted() {
    chessbot()
        .args(["play", "--variant", "alice", "--depth", "1"])
        .write_stdin("e4\nfen\nquit\n")
        .assert()
        .success()
        .stdout(contains("4|P3"));
}

#[test]
fn selfplay_alice_writes_pgn_with_the_variant_tag() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("alice.pgn");
    chessbot()
        .args([
            "selfplay",
            "--variant",
            "alice",
            "--white",
            "material",
            "--black",
            "random",
            "--games",
            "2",
            "--seed",
            "3",
            "--max-moves",
            "60",
            "--pgn",
        ])
        .arg(&pgn)
        .assert()
        .success()
        .stdout(contains("Score of material vs random (Alice)"));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Variant \"Alice\"]").count(), 2);
}

#[test]
fn threads_search_alice_positions_too() {
    chessbot()
        .args([
            "bestmove",
            "--variant",
            "alice",
            "--depth",
            "4",
            "--threads",
            "2",
        ])
        .arg("k7/7|R/1Q6/8/8/8/8/7K w - - 0 1")
        .assert()
        .success()
        .stdout(contains("score mate 1"));
    chessbot()
        .args([
            "play",
            "--variant",
            "alice",
            "--depth",
            "2",
            "--threads",
            "2",
        ])
        .write_stdin("e4\nfen\nquit\n")
        .assert()
        .success()
        .stdout(contains("4|P3"));
}
