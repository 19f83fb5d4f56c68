//! `chessbot vision render` and `chessbot vision bench` (need `../shared/vision/pieces`).

use crate::common::chessbot;
use predicates::prelude::*;
use std::path::PathBuf;

/// The shared piece folder beside the clone, or `None` (with a message) when it is absent.
fn pieces() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/vision/pieces"
    ));
    if dir.join("cburnett").is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping: {} is absent", dir.display());
        None
    }
}

#[test]
fn render_then_recognize_a_flipped_screenshot() {
    let Some(pieces) = pieces() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("shot.png");
    let fen = "8/5pk1/6p1/3R4/1r5P/6P1/5PK1/8 w - - 0 1";
    let printed = chessbot()
        .args([
            "vision", "render", "--set", "merida", "--plain", "56", "--flip",
        ])
        .args([
            "--screenshot",
            "1280x800",
            "--seed",
            "2",
            "--fen",
            fen,
            "--pieces",
        ])
        .arg(&pieces)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(printed.status.success());
    let text = String::from_utf8(printed.stdout).unwrap();
    let size: Vec<f32> = text
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(size.len(), 4, "{text}");
    assert_eq!(size[2], 448.0);
    chessbot()
        .arg("recognize")
        .arg(&out)
        .assert()
        .success()
        .stdout(format!("{fen}\n"));
}

#[test]
fn bench_reports_each_set() {
    let Some(pieces) = pieces() else { return };
    chessbot()
        .args([
            "vision", "bench", "--boards", "1", "--sets", "cburnett", "--size", "640x480",
        ])
        .arg("--pieces")
        .arg(&pieces)
        .assert()
        .success()
        .stdout(predicate::str::contains("cburnett").and(predicate::str::contains("all")));
    chessbot()
        .args([
            "vision",
            "bench",
            "--boards",
            "1",
            "--sets",
            "no-such-set",
            "--pieces",
        ])
        .arg(&pieces)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no piece set 'no-such-set'"));
}

#[test]
fn bench_also_scores_real_screenshots() {
    let list = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vision/xboard.txt");
    let Some(pieces) = pieces() else { return };
    let out = chessbot()
        .args([
            "vision", "bench", "--boards", "1", "--sets", "cburnett", "--json", "--real", list,
        ])
        .arg("--pieces")
        .arg(&pieces)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["real"].as_array().unwrap().len(), 5);
    assert_eq!(v["sets"][0]["set"], "cburnett");
}
