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
fn play_alice_mate_is_saved_like_a_chess_game() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("mate.pgn");
    chessbot()
        .args(["play", "--variant", "alice", "--depth", "1"])
        .args(["--fen", "k7/7|R/1Q6/8/8/8/8/7K w - - 0 1", "--pgn-out"])
        .arg(&pgn)
        .write_stdin("h7h8\n")
        .assert()
        .success()
        .stdout("1-0 White wins by checkmate\n");
    let text = std::fs::read_to_string(&pgn).unwrap();
    for tag in [
        "[Result \"1-0\"]\n[Variant \"Alice\"]\n[SetUp \"1\"]\n",
        "[FEN \"k7/7|R/1Q6/8/8/8/8/7K w - - 0 1\"]",
        "[Termination \"normal\"]",
    ] {
        assert!(text.contains(tag), "{tag} missing: {text}");
    }
    assert!(
        text.contains("1. Rh8# {White wins by checkmate} 1-0"),
        "{text}"
    );
}

#[test]
fn play_alice_refuses_chess_only_flags() {
    for flag in [["--chess960", ""], ["--engine", "stockfish"]] {
        chessbot()
            .args(["play", "--variant", "alice"])
            .args(flag.iter().filter(|a| !a.is_empty()))
            .assert()
            .code(2)
            .stderr(contains("apply to --variant alice"));
    }
}

#[test]
fn selfplay_alice_engines_are_deterministic_at_any_concurrency() {
    let dir = tempfile::tempdir().unwrap();
    let run = |jobs: &str, name: &str| {
        let pgn = dir.path().join(name);
        chessbot()
            .args([
                "selfplay",
                "--variant",
                "alice",
                "--white",
                "engine?nodes=300",
            ])
            .args(["--black", "classic?depth=1", "--games", "4", "--seed", "5"])
            .args(["--max-moves", "40", "-j", jobs, "--pgn"])
            .arg(&pgn)
            .assert()
            .success()
            .stdout(contains(
                "Score of engine?nodes=300 vs classic?depth=1 (Alice)",
            ));
        let text = std::fs::read_to_string(&pgn).unwrap();
        // Only the date may differ between runs.
        text.lines()
            .filter(|l| !l.starts_with("[Date "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let one = run("1", "one.pgn");
    assert_eq!(one, run("2", "two.pgn"));
    assert_eq!(one.matches("[Variant \"Alice\"]").count(), 4);
    // Each pair of games starts from its own random opening (four plies by default).
    let fens: Vec<&str> = one.lines().filter(|l| l.starts_with("[FEN ")).collect();
    assert_eq!(fens.len(), 4);
    assert_eq!((fens[0], fens[2]), (fens[1], fens[3]));
    assert_ne!(fens[0], fens[2]);
}

#[test]
fn selfplay_alice_refuses_book_and_uci_players() {
    chessbot()
        .args(["selfplay", "--variant", "alice", "--white", "opening"])
        .args(["--black", "random"])
        .assert()
        .code(2)
        .stderr(contains(
            "the opening player does not play Alice chess (use random, material, classic or engine)",
        ));
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
