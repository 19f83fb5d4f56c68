//! `chessbot book build` and `chessbot book probe`.

use crate::common::{chessbot, require_python_chess};
use predicates::prelude::*;
use std::path::Path;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const GAMES: &str = "tests/data/book_games.pgn";

fn build_book(dir: &Path) -> std::path::PathBuf {
    let book = dir.join("book.bin");
    chessbot()
        .args(["book", "build", GAMES, "-o"])
        .arg(&book)
        .assert()
        .success()
        .stdout(predicate::str::contains("from 7 games (1 without a result"));
    book
}

/// (uci, weight) pairs from `book probe --json`, sorted.
fn probe(book: &Path, fen: &str) -> Vec<(String, u64)> {
    let out = chessbot()
        .args(["book", "probe", "--json", "--book"])
        .arg(book)
        .arg(fen)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut moves: Vec<(String, u64)> = doc["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["uci"].as_str().unwrap().to_string(),
                m["weight"].as_u64().unwrap(),
            )
        })
        .collect();
    moves.sort();
    moves
}

#[test]
fn build_then_probe_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let book = build_book(dir.path());
    // 1. e4: a win (2), a draw (1), two losses (0) = 3; 1. d4: a win and a draw = 3.
    assert_eq!(
        probe(&book, START),
        [("d2d4".to_string(), 3), ("e2e4".to_string(), 3)]
    );
    // After 1. e4 e5 2. Nf3 Nc6 (white won game 1, drew game 2, lost game 6): Bc4 = 2 + 0, Bb5 = 1.
    let italian = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    assert_eq!(
        probe(&book, italian),
        [("f1b5".to_string(), 1), ("f1c4".to_string(), 2)]
    );
    // Castling comes back as the king's move; promotions keep their piece.
    let castle = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let promo = "4k3/1P6/8/8/8/8/p7/4K2R w K - 0 1";
    assert_eq!(probe(&book, castle), [("e1g1".to_string(), 2)]);
    assert_eq!(probe(&book, promo), [("b7b8q".to_string(), 2)]);
    // The unfinished game (1. c4) left nothing.
    let c4 = "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(probe(&book, c4), []);
}

#[test]
fn python_chess_reads_the_same_moves_and_weights() {
    if !require_python_chess() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let book = build_book(dir.path());
    // python-chess walks every game's main line and prints each position with its book moves.
    let script = r#"
import sys, chess, chess.pgn, chess.polyglot
seen = set()
with chess.polyglot.open_reader(sys.argv[2]) as reader, open(sys.argv[1]) as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        for move in [None] + list(game.mainline_moves()):
            if move is not None:
                board.push(move)
            fen = board.fen()
            if fen in seen:
                continue
            seen.add(fen)
            moves = sorted(f"{e.move.uci()}:{e.weight}" for e in reader.find_all(board, minimum_weight=0))
            print(fen + "|" + " ".join(moves))
"#;
    let out = std::process::Command::new("python3")
        .args(["-c", script, GAMES])
        .arg(&book)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut with_moves = 0;
    for line in text.lines() {
        let (fen, moves) = line.split_once('|').unwrap();
        let theirs: Vec<&str> = moves.split_whitespace().collect();
        let ours: Vec<String> = probe(&book, fen)
            .into_iter()
            .map(|(m, w)| format!("{m}:{w}"))
            .collect();
        assert_eq!(ours, theirs, "{fen}");
        with_moves += usize::from(!theirs.is_empty());
    }
    assert!(
        with_moves >= 40,
        "only {with_moves} positions had book moves"
    );
}

#[test]
fn probe_uses_the_embedded_book_by_default() {
    chessbot()
        .args(["book", "probe", START])
        .assert()
        .success()
        .stdout(predicate::str::contains("e2e4").and(predicate::str::contains("d2d4")));
    chessbot()
        .args(["book", "probe", "8/8/8/4k3/8/8/8/4K2R w K - 0 1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("no book moves"));
}

#[test]
fn bad_books_and_inputs_exit_2_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let truncated = dir.path().join("short.bin");
    std::fs::write(&truncated, [0u8; 20]).unwrap();
    chessbot()
        .args(["book", "probe", "--book"])
        .arg(&truncated)
        .arg(START)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not a whole number of 16-byte entries",
        ));
    chessbot()
        .args(["book", "probe", "--book", "/nonexistent/book.bin", START])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read book /nonexistent/book.bin",
        ));
    chessbot()
        .args(["book", "probe", "rnbqkbnr/pppppppp/8/8 w"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad piece placement"));
    let empty = dir.path().join("empty.pgn");
    std::fs::write(&empty, "").unwrap();
    chessbot()
        .args(["book", "build"])
        .arg(&empty)
        .arg("-o")
        .arg(dir.path().join("b.bin"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no finished game"));
    chessbot()
        .args(["book", "build", "/nonexistent/games.pgn", "-o"])
        .arg(dir.path().join("b.bin"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read /nonexistent/games.pgn",
        ));
}
