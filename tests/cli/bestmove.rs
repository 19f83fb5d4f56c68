//! `chessbot bestmove`: move, score, PV, JSON, no-move positions and bad input.

use crate::common::chessbot;
use predicates::str::contains;

#[test]
fn finds_mate_in_one_as_text() {
    chessbot()
        .args([
            "bestmove",
            "--depth",
            "3",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        ])
        .assert()
        .success()
        .stdout(contains("bestmove a1a8 (Ra8#)"))
        .stdout(contains("score mate 1"))
        .stdout(contains("depth 3"))
        .stdout(contains("pv Ra8#"));
}

#[test]
fn json_output_has_every_field() {
    let out = chessbot()
        .args([
            "bestmove",
            "--nodes",
            "3000",
            "--json",
            "4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["bestmove"], "d2d5");
    assert_eq!(v["san"], "Qxd5");
    assert!(v["score"]["cp"].as_i64().unwrap() > 500);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["depth"].as_i64().unwrap() >= 1);
    assert_eq!(v["pv"][0], "d2d5");
    assert_eq!(v["pv_san"][0], "Qxd5");
}

#[test]
fn movetime_search_returns_a_move() {
    chessbot()
        .args([
            "bestmove",
            "--movetime",
            "100",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ])
        .assert()
        .success()
        .stdout(contains("bestmove "));
}

#[test]
fn no_legal_move_exits_1_with_the_reason() {
    chessbot()
        .args(["bestmove", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"])
        .assert()
        .code(1)
        .stderr(contains("checkmate"));
    chessbot()
        .args(["bestmove", "--json", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"])
        .assert()
        .code(1)
        .stdout(contains("\"reason\":\"stalemate\""))
        .stderr(contains("stalemate"));
}

#[test]
fn bad_fen_and_conflicting_limits_exit_2() {
    chessbot()
        .args([
            "bestmove",
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ])
        .assert()
        .code(2)
        .stderr(contains("bad piece letter 'X'"));
    chessbot()
        .args([
            "bestmove",
            "--depth",
            "3",
            "--nodes",
            "10",
            "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1",
        ])
        .assert()
        .code(2);
    chessbot()
        .args([
            "bestmove",
            "--depth",
            "0",
            "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1",
        ])
        .assert()
        .code(2);
}
