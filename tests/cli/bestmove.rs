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

const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

fn stdout_of(args: &[&str]) -> String {
    let out = chessbot().arg("bestmove").args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn book_moves_come_from_the_book_and_follow_the_seed() {
    let listed = {
        let out = chessbot()
            .args(["book", "probe", AFTER_E4])
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let mut seen = std::collections::HashSet::new();
    for seed in ["1", "2", "3", "4", "5", "6"] {
        let a = stdout_of(&["--book", "--seed", seed, AFTER_E4]);
        assert_eq!(a, stdout_of(&["--book", "--seed", seed, AFTER_E4]));
        assert!(a.contains("book move, weight "), "{a}");
        let uci = a.split_whitespace().nth(1).unwrap().to_string();
        assert!(listed.contains(&uci), "{uci} not in\n{listed}");
        seen.insert(uci);
    }
    // A weighted choice, not always the top move.
    assert!(seen.len() > 1, "{seen:?}");
    let json = stdout_of(&["--book", "--seed", "1", "--json", AFTER_E4]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["book"]["weight"].as_u64().unwrap() > 0, "{json}");
}

#[test]
fn out_of_the_book_or_with_no_book_it_searches() {
    let out = stdout_of(&[
        "--book",
        "--depth",
        "2",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    ]);
    assert!(
        out.contains("bestmove a1a8") && out.contains("score mate 1"),
        "{out}"
    );
    let out = stdout_of(&["--book", "--no-book", "--depth", "2", AFTER_E4]);
    assert!(
        out.contains("score ") && !out.contains("book move"),
        "{out}"
    );
}

#[test]
fn a_bad_book_exits_2() {
    chessbot()
        .args(["bestmove", "--book=/nonexistent/book.bin", AFTER_E4])
        .assert()
        .code(2)
        .stderr(contains("/nonexistent/book.bin"));
    chessbot()
        .args(["bestmove", "--seed", "3", AFTER_E4])
        .assert()
        .code(2);
    chessbot()
        .args([
            "bestmove",
            "--variant",
            "alice",
            "--book",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ])
        .assert()
        .code(2)
        .stderr(contains("no Alice opening book"));
}

#[test]
fn threads_search_together_within_the_limits() {
    chessbot()
        .args(["bestmove", "--depth", "6", "--threads", "3"])
        .arg("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        .assert()
        .success()
        .stdout(contains("bestmove a1a8 (Ra8#)"))
        .stdout(contains("score mate 1"));
    for bad in ["0", "257", "many"] {
        chessbot()
            .args(["bestmove", "--threads", bad, "--depth", "2"])
            .arg("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
            .assert()
            .code(2)
            .stderr(contains("--threads"));
    }
}
