//! `chessbot analyze`: annotated PGN, move classes, summaries, bad input.

use crate::common::{chessbot, require_program, require_python_chess};
use chessbot::rules::pgn::{ReadOptions, read_games};
use std::io::Write;

/// 3... Nf6?? allows 4. Qxf7# (a blunder at any depth); the second game has an illegal move,
/// the third starts from a FEN.
const GAMES: &str = "[Event \"blunder\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Qh5 Nc6 { develops } 3. Bc4 (3. Nf3 d6) Nf6 4. Qxf7# 1-0\n\n\
[Event \"broken\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n\
[Event \"endgame\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\"]\n\n1. Kd6 Kd8 2. e6 *\n";

fn pgn_file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

fn json(args: &[&str], file: &tempfile::NamedTempFile) -> (serde_json::Value, i32) {
    let out = chessbot()
        .arg("analyze")
        .arg(file.path())
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    let v = serde_json::from_slice(&out.stdout).expect("one JSON object");
    (v, out.status.code().unwrap())
}

#[test]
fn annotated_pgn_reads_back_with_evals_nags_and_the_blunder() {
    let f = pgn_file(GAMES);
    let out_file = tempfile::NamedTempFile::new().unwrap();
    let out = chessbot()
        .args(["analyze", "--depth", "4", "-o"])
        .arg(out_file.path())
        .arg(f.path())
        .output()
        .unwrap();
    // The broken game is named with its line; the others are analysed and the exit code says so.
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("game 2 (line 8)") && err.contains("2.Ke3"),
        "{err}"
    );
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(
        summary.contains("Alice") && summary.contains("ACPL"),
        "{summary}"
    );
    assert!(summary.contains("3... Nf6??"), "{summary}");

    let text = std::fs::read_to_string(out_file.path()).unwrap();
    let games: Vec<_> = read_games(&text, ReadOptions::default())
        .map(|g| g.expect("annotated PGN reads back"))
        .collect();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.moves.len(), 7);
    assert_eq!(g.tag("Annotator"), Some("chessbot (depth 4)"));
    for m in &g.moves[..6] {
        assert!(
            m.comments.iter().any(|c| c.contains("[%eval ")),
            "{:?}",
            m.comments
        );
    }
    // The user's comment and variation survive; Nf6 is a blunder with a better line.
    assert!(g.moves[3].comments.iter().any(|c| c.contains("develops")));
    assert!(
        g.moves[4]
            .variations
            .iter()
            .any(|v| v.contains("3. Nf3 d6"))
    );
    let nf6 = &g.moves[5];
    assert_eq!(nf6.san.to_string(), "Nf6");
    assert_eq!(nf6.nags, [4]);
    assert!(
        nf6.comments.iter().any(|c| c.contains("[%eval #1]")),
        "{:?}",
        nf6.comments
    );
    assert!(
        nf6.variations.iter().any(|v| v.starts_with("3... ")),
        "{:?}",
        nf6.variations
    );
    assert_eq!(games[1].tag("FEN"), Some("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"));
}

#[test]
fn json_has_classes_summaries_and_errors() {
    let f = pgn_file(GAMES);
    let (v, code) = json(&["--depth", "3"], &f);
    assert_eq!(code, 2);
    let game = &v["games"][0];
    let nf6 = &game["moves"][5];
    assert_eq!(nf6["move"], "3b");
    assert_eq!(nf6["class"], "blunder");
    assert_eq!(nf6["eval"]["mate"], 1);
    assert_eq!(game["moves"][6]["class"], "good");
    assert_eq!(game["summary"]["black"]["blunders"], 1);
    assert_eq!(game["summary"]["white"]["blunders"], 0);
    assert!(game["summary"]["black"]["acpl"].as_f64().unwrap() > 100.0);
    assert_eq!(game["sparkline"].as_str().unwrap().chars().count(), 8);
    assert_eq!(v["errors"][0]["game"], 2);
    assert_eq!(v["games"][1]["game"], 3);
}

#[test]
fn show_prints_the_board_eval_and_best_line() {
    let f = pgn_file("[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
    let out = chessbot()
        .arg("analyze")
        .arg(f.path())
        .args(["--depth", "3", "--show", "3b"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.contains("After 3... Nf6"), "{s}");
    assert!(s.contains("eval #1"), "{s}");
    assert!(s.contains("best line: 4. Qxf7#"), "{s}");
    assert!(s.contains("r . b q k b . r"), "{s}");
    for (bad, what) in [("99w", "no move 99."), ("x3", "not a move")] {
        chessbot()
            .arg("analyze")
            .arg(f.path())
            .args(["--depth", "2", "--show", bad])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(what));
    }
}

#[test]
fn empty_and_unreadable_input_are_errors() {
    let f = pgn_file("\n\n");
    chessbot()
        .arg("analyze")
        .arg(f.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no games"));
    chessbot()
        .args(["analyze", "/no/such/file.pgn"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot read"));
    let bad = pgn_file("[Event \"x\"]\n\n1. e4 e5 2. Bb5 Nf6 3. Bxe8 *\n");
    chessbot()
        .arg("analyze")
        .arg(bad.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("3.Bxe8"))
        .stderr(predicates::str::contains("none of its 1 games"));
}

#[test]
fn stockfish_flags_the_blunder_and_python_chess_reads_the_evals() {
    let Some(sf) = require_program("stockfish") else {
        return;
    };
    let f = pgn_file(GAMES);
    let out_file = tempfile::NamedTempFile::new().unwrap();
    let out = chessbot()
        .arg("analyze")
        .arg(f.path())
        .args(["--depth", "8", "--engine"])
        .arg(&sf)
        .arg("-o")
        .arg(out_file.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.contains("3... Nf6??") && s.contains("Stockfish"), "{s}");
    if !require_python_chess() {
        return;
    }
    let script = "import chess.pgn,sys\n\
g=chess.pgn.read_game(open(sys.argv[1]))\n\
for n in g.mainline():\n    e=n.eval()\n    print(n.san(), e.white() if e else None, sorted(n.nags))\n";
    let py = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(out_file.path())
        .output()
        .unwrap();
    assert!(
        py.status.success(),
        "{}",
        String::from_utf8_lossy(&py.stderr)
    );
    let lines: Vec<String> = String::from_utf8_lossy(&py.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), 7, "{lines:?}");
    assert_eq!(lines[5], "Nf6 #+1 [4]");
    assert!(lines[..6].iter().all(|l| !l.contains("None")), "{lines:?}");
}

#[test]
fn plot_draws_one_graph_per_game_with_the_blunder_marked() {
    let f = pgn_file(GAMES);
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("eval.png");
    let out = chessbot()
        .arg("analyze")
        .arg(f.path())
        .args(["--depth", "3", "--json", "--plot"])
        .arg(&base)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["plots"].as_array().unwrap().len(), 2);
    let one = image::open(dir.path().join("eval-1.png"))
        .unwrap()
        .to_rgb8();
    let red = one.pixels().filter(|p| p.0 == [220, 20, 20]).count();
    assert!(red > 20, "the blunder's red dot: {red} pixels");
    let three = image::open(dir.path().join("eval-3.png"))
        .unwrap()
        .to_rgb8();
    assert!(three.pixels().all(|p| p.0 != [220, 20, 20]));
    chessbot()
        .arg("analyze")
        .arg(f.path())
        .args(["--plot", "eval.txt"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("must end in .png"));
}

#[test]
fn chess960_games_are_analysed_with_castling_as_king_takes_rook() {
    let f = pgn_file(
        "[Variant \"Chess960\"]\n[FEN \"rnqbbknr/pppppppp/8/8/8/8/PPPPPPPP/RNQBBKNR w HAha - 0 1\"]\n\n\
1. Nf3 Nf6 2. g3 g6 3. O-O O-O *\n",
    );
    let (v, code) = json(&["--depth", "2"], &f);
    assert_eq!(code, 0);
    let moves = v["games"][0]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6);
    assert_eq!(moves[4]["uci"], "f1h1");
    assert_eq!(moves[4]["san"], "O-O");
    assert_eq!(moves[5]["uci"], "f8h8");
}

#[test]
fn threads_review_the_same_blunder() {
    let f = pgn_file(GAMES);
    let (v, code) = json(&["--depth", "4", "--threads", "2"], &f);
    assert_eq!(code, 2);
    let game = &v["games"][0];
    assert_eq!(game["moves"][5]["class"], "blunder");
    assert_eq!(game["moves"][5]["eval"]["mate"], 1);
    chessbot()
        .arg("analyze")
        .arg(f.path())
        .args(["--threads", "2", "--engine", "stockfish"])
        .assert()
        .code(2);
}

#[test]
fn every_command_says_errors_one_way() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.bin");
    let out = out.to_str().unwrap();
    for args in [
        vec!["recognize", "/nonexistent/board.png"],
        vec!["analyze", "/nonexistent/games.pgn"],
        vec!["book", "build", "/nonexistent/games.pgn", "-o", out],
        vec![
            "selfplay",
            "--white",
            "uci:/nonexistent/engine",
            "--black",
            "random",
        ],
        vec!["play", "--engine", "/nonexistent/engine"],
    ] {
        let output = chessbot().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("chessbot: "), "{args:?}: {err}");
    }
}

#[test]
fn latin1_and_bom_pgn_files_read_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    // A Latin-1 name (0xFC is ü) and a UTF-8 file with a byte-order mark.
    let latin1 = dir.path().join("latin1.pgn");
    std::fs::write(
        &latin1,
        b"[Event \"Turnier\"]\n[White \"M\xFCller\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n",
    )
    .unwrap();
    let bom = dir.path().join("bom.pgn");
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(b"[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 2. c4 e6 1/2-1/2\n");
    std::fs::write(&bom, bytes).unwrap();
    for file in [&latin1, &bom] {
        let out = chessbot()
            .args(["analyze", "--depth", "1", "--json"])
            .arg(file)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let games = v["games"].as_array().unwrap();
        assert_eq!(games.len(), 1, "{v}");
        let book = dir.path().join("book.bin");
        chessbot()
            .args(["book", "build"])
            .arg(file)
            .arg("-o")
            .arg(&book)
            .assert()
            .success();
        chessbot()
            .args(["play", "--depth", "1", "--pgn"])
            .arg(file)
            .write_stdin("")
            .assert()
            .success();
        chessbot()
            .args([
                "selfplay", "--white", "random", "--black", "random", "--games", "2",
            ])
            .args(["--max-moves", "6", "--openings"])
            .arg(file)
            .assert()
            .success();
    }
    let text = String::from_utf8(
        chessbot()
            .args(["analyze", "--depth", "1"])
            .arg(&latin1)
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(text.contains("[White \"Müller\"]"), "{text}");
}

#[test]
fn a_side_without_moves_has_no_accuracy_and_lengths_are_plies() {
    let f = pgn_file("[Event \"short\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n");
    let out = chessbot()
        .args(["analyze", "--depth", "2", "-o", "/dev/null"])
        .arg(f.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(", 1 plies,") || text.contains(", 1 ply,"),
        "{text}"
    );
    let black = text
        .lines()
        .find(|l| l.trim_start().starts_with("B "))
        .unwrap();
    assert!(!black.contains('%'), "{text}");
    assert_eq!(black.split_whitespace().nth(2), Some("-"), "{text}");
    let (v, _) = json(&["--depth", "2"], &f);
    assert!(
        v["games"][0]["summary"]["black"]["accuracy"].is_null(),
        "{v}"
    );
    assert!(
        v["games"][0]["summary"]["white"]["accuracy"].is_number(),
        "{v}"
    );
}
