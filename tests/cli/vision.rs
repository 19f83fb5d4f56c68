//! `chessbot vision render` and `chessbot vision bench` (need `../shared/vision/pieces`).

use crate::common::{chessbot, json_of, recognize_prints};
use assert_cmd::Command;
use assert_cmd::assert::Assert;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// The shared piece sets beside the checkout (`../shared/vision/pieces`), or `None` after a
/// skip message (a failure under `CHESSBOT_TEST_STRICT=1`).
#[track_caller]
fn pieces() -> Option<PathBuf> {
    crate::common::require_shared("vision/pieces/cburnett").map(|set| {
        set.parent()
            .expect("a set inside the pieces folder")
            .to_path_buf()
    })
}

/// The folder of the benchmark's held-out networks in this checkout.
const NETWORKS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/vision");

/// `chessbot vision bench` reading with this checkout's held-out networks.
fn bench() -> Command {
    let mut cmd = chessbot();
    cmd.args(["vision", "bench", "--networks", NETWORKS]);
    cmd
}

/// `chessbot vision render` of `fen` in merida on a plain board of 56 px squares, black at the
/// bottom, in a 1280x800 page, with `extra` flags, into `out`.
fn render_flipped_merida(pieces: &Path, fen: &str, extra: &[&str], out: &Path) -> Assert {
    chessbot()
        .args(["vision", "render", "--set", "merida", "--plain", "56"])
        .args(["--flip", "--screenshot", "1280x800", "--seed", "2"])
        .args(["--fen", fen])
        .args(extra)
        .arg("--pieces")
        .arg(pieces)
        .arg("--out")
        .arg(out)
        .assert()
}

#[test]
fn render_then_recognize_a_flipped_screenshot() {
    let Some(pieces) = pieces() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("shot.png");
    let fen = "8/5pk1/6p1/3R4/1r5P/6P1/5PK1/8 w - - 0 1";
    let printed = render_flipped_merida(&pieces, fen, &[], &out).success();
    let text = String::from_utf8(printed.get_output().stdout.clone()).unwrap();
    let size: Vec<f32> = text
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(size.len(), 4, "{text}");
    assert_eq!(size[2], 448.0);
    recognize_prints(&out, fen);
}

#[test]
fn render_a_last_move_then_read_the_side_to_move_off_it() {
    let Some(pieces) = pieces() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("shot.png");
    // White just played Rd1-d5, black at the bottom: black to move, which no default gives.
    let fen = "8/5pk1/6p1/3R4/1r5P/6P1/5PK1/8 b - - 0 1";
    render_flipped_merida(&pieces, fen, &["--last-move", "d1d5"], &out).success();
    recognize_prints(&out, fen);
    render_flipped_merida(&pieces, fen, &["--last-move", "d1"], &out)
        .code(2)
        .stderr(predicate::str::contains(
            "--last-move d1: expected two squares",
        ));
}

/// `vision render` of `fen` in cburnett on a plain board of 40 px squares, with `extra` flags,
/// written into `dir` and read back.
fn render_plain_cburnett(
    pieces: &std::path::Path,
    dir: &std::path::Path,
    fen: &str,
    extra: &[&str],
) -> image::RgbImage {
    let out = dir.join(format!("render{}.png", extra.join("")));
    chessbot()
        .args(["vision", "render", "--set", "cburnett", "--plain", "40"])
        .args(["--fen", fen, "--pieces"])
        .arg(pieces)
        .args(extra)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    image::open(&out).unwrap().to_rgb8()
}

#[test]
fn low_contrast_render_repaints_one_kind_of_square() {
    let Some(pieces) = pieces() else { return };
    let dir = tempfile::tempdir().unwrap();
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let plain = render_plain_cburnett(&pieces, dir.path(), fen, &[]);
    let low = render_plain_cburnett(&pieces, dir.path(), fen, &["--low-contrast"]);
    // a8 is light, b8 dark, both empty: exactly one of the two changes colour.
    let (a8, b8) = ((20, 20), (60, 20));
    let changed = |(x, y): (u32, u32)| plain.get_pixel(x, y) != low.get_pixel(x, y);
    assert!(
        changed(a8) != changed(b8),
        "a8 {} b8 {}",
        changed(a8),
        changed(b8)
    );
}

#[test]
fn tint_render_recolours_pieces_and_leaves_squares() {
    let Some(pieces) = pieces() else { return };
    let dir = tempfile::tempdir().unwrap();
    let fen = "k7/8/8/8/8/8/8/K7 w - - 0 1";
    let plain = render_plain_cburnett(&pieces, dir.path(), fen, &[]);
    let tinted = render_plain_cburnett(&pieces, dir.path(), fen, &["--tint"]);
    let changed_in = |x0: u32, y0: u32| {
        (x0..x0 + 40)
            .flat_map(|x| (y0..y0 + 40).map(move |y| (x, y)))
            .filter(|&(x, y)| plain.get_pixel(x, y) != tinted.get_pixel(x, y))
            .count()
    };
    // a8 and a1 hold the kings; b8 and b1 are empty.
    assert!(
        changed_in(0, 0) + changed_in(0, 280) > 100,
        "a king recoloured"
    );
    assert_eq!(
        changed_in(40, 0) + changed_in(40, 280),
        0,
        "empty squares kept"
    );
    chessbot()
        .args(["vision", "train", "--tint-share", "1.5", "--out"])
        .arg(dir.path().join("net.safetensors"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--tint-share"));
}

#[test]
fn bench_reports_each_set() {
    let Some(pieces) = pieces() else { return };
    bench()
        .args(["--boards", "1", "--sets", "cburnett", "--size", "640x480"])
        .arg("--pieces")
        .arg(&pieces)
        .assert()
        .success()
        .stdout(predicate::str::contains("cburnett").and(predicate::str::contains("all")));
    bench()
        .args(["--boards", "1", "--sets", "no-such-set", "--pieces"])
        .arg(&pieces)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no piece set 'no-such-set'"));
    bench()
        .args(["--boards", "1", "--sets", "cburnett"])
        .args([
            "--size",
            "640x480",
            "--leave-out",
            "arrows,move-dots",
            "--pieces",
        ])
        .arg(&pieces)
        .assert()
        .success()
        .stdout(predicate::str::contains("cburnett"));
    bench()
        .args(["--leave-out", "arrows,smoke"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("smoke"));
}

#[test]
fn bench_and_eval_need_the_held_out_networks_folder() {
    // Checked before any piece set is read: no ../shared needed.
    let empty = tempfile::tempdir().unwrap();
    for command in ["bench", "eval"] {
        chessbot()
            .args(["vision", command, "--boards", "1", "--networks"])
            .arg(empty.path())
            .assert()
            .code(2)
            .stderr(
                predicate::str::contains("held-out.safetensors")
                    .and(predicate::str::contains("--networks DIR")),
            );
    }
    // Weights given instead leave no folder to read.
    chessbot()
        .args(["vision", "bench", "--model", "m.safetensors", "--networks"])
        .arg(empty.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--networks"));
}

#[test]
fn bench_reads_each_screenshot_as_often_as_asked() {
    let Some(pieces) = pieces() else { return };
    let run = |repeats: &str| {
        let out = bench()
            .args(["--boards", "2", "--sets", "cburnett"])
            .args([
                "--size",
                "640x480",
                "--json",
                "--repeats",
                repeats,
                "--pieces",
            ])
            .arg(&pieces)
            .output()
            .unwrap();
        assert!(out.status.success(), "--repeats {repeats}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["sets"][0].clone()
    };
    let (once, thrice) = (run("1"), run("3"));
    // The same readings, one time per screenshot however often each is read.
    for field in ["boards", "squares_right", "boards_right", "located"] {
        assert_eq!(once[field], thrice[field], "{field}");
    }
    assert_eq!(thrice["times_ms"].as_array().map(Vec::len), Some(2));
    bench()
        .args(["--repeats", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--repeats"));
}

#[test]
fn bench_counts_boards_of_the_specified_size_apart() {
    let Some(pieces) = pieces() else { return };
    let run = |size: &str| {
        let v = json_of(
            bench()
                .args(["--boards", "3", "--sets", "cburnett"])
                .args(["--size", size, "--json", "--pieces"])
                .arg(&pieces),
        );
        let set = v["sets"][0].clone();
        let n = |field: &str| set[field].as_u64().unwrap();
        (
            n("boards"),
            n("in_range"),
            n("in_range_boards_right"),
            n("boards_right"),
        )
    };
    // A page too small for a 120 px board: none in range, whatever is read.
    let (boards, in_range, right_in_range, _) = run("110x110");
    assert_eq!((boards, in_range, right_in_range), (3, 0, 0));
    // Pages with room for them: the boards in range are among those measured.
    let (boards, in_range, right_in_range, right) = run("640x480");
    assert_eq!(boards, 3);
    assert!(in_range <= boards && right_in_range <= right.min(in_range));
    bench()
        .args(["--boards", "1", "--sets", "cburnett"])
        .args(["--size", "640x480", "--pieces"])
        .arg(&pieces)
        .assert()
        .success()
        .stdout(predicate::str::contains("boards of 120 px and more"));
}

#[test]
fn bench_also_scores_real_screenshots() {
    let list = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vision/xboard.txt");
    let Some(pieces) = pieces() else { return };
    let v = json_of(
        bench()
            .args([
                "--boards", "1", "--sets", "cburnett", "--json", "--real", list,
            ])
            .arg("--pieces")
            .arg(&pieces),
    );
    assert_eq!(v["real"].as_array().unwrap().len(), 5);
    assert_eq!(v["sets"][0]["set"], "cburnett");
}

#[test]
fn bench_keeps_the_screenshots_it_misread_and_with_keep_all_of_them() {
    let Some(pieces) = pieces() else { return };
    let dir = tempfile::tempdir().unwrap();
    let failures = dir.path().join("failures");
    let kept = dir.path().join("kept");
    let v = json_of(
        bench()
            .args(["--boards", "4", "--sets", "kiwen-suwi"])
            .args(["--positions", "mixed", "--size", "640x480", "--json"])
            .arg("--pieces")
            .arg(&pieces)
            .arg("--failures")
            .arg(&failures)
            .arg("--keep")
            .arg(&kept),
    );
    let set = &v["sets"][0];
    let wrong = set["boards"].as_u64().unwrap() - set["boards_right"].as_u64().unwrap();
    let mut pngs = 0;
    for entry in std::fs::read_dir(&failures).into_iter().flatten() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "png") {
            pngs += 1;
            // Each picture has its truth beside it: box, orientation, placement.
            let truth = std::fs::read_to_string(path.with_extension("txt")).unwrap();
            let fields: Vec<&str> = truth.split_whitespace().collect();
            assert_eq!(fields.len(), 6, "{truth}");
            assert!(
                fields[..4].iter().all(|f| f.parse::<f32>().is_ok()),
                "{truth}"
            );
            assert!(fields[4] == "white" || fields[4] == "black", "{truth}");
            // ...and is the kept page of its board (`SET-INDEX`, then what went wrong).
            let name = path.file_name().unwrap().to_str().unwrap();
            let stem = &name[.."kiwen-suwi-000".len()];
            let page = kept.join(format!("{stem}.png"));
            assert_eq!(std::fs::read(&path).unwrap(), std::fs::read(&page).unwrap());
            assert_eq!(
                truth,
                std::fs::read_to_string(page.with_extension("txt")).unwrap()
            );
        }
    }
    assert_eq!(pngs, wrong);
    let pages: Vec<_> = (0..4)
        .map(|i| kept.join(format!("kiwen-suwi-{i:03}")))
        .collect();
    for page in &pages {
        assert!(page.with_extension("png").is_file(), "{}", page.display());
        assert!(page.with_extension("txt").is_file(), "{}", page.display());
    }
}

#[test]
fn training_goes_on_from_a_committed_network_and_refuses_a_file_that_is_not_one() {
    let Some(pieces) = pieces() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tuned.safetensors");
    let train = |init: &std::path::Path| {
        let mut cmd = chessbot();
        cmd.args(["vision", "train", "--epochs", "1", "--boards", "2"])
            .args(["--eval-boards", "0", "--3d-share", "0.5", "--lr", "1e-4"])
            .arg("--pieces")
            .arg(&pieces)
            .arg("--init")
            .arg(init)
            .arg("--out")
            .arg(&out);
        cmd
    };
    let held_out = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/vision/held-out.safetensors"
    ));
    train(&held_out).assert().success();
    // The tuned network reads a sample like any other.
    chessbot()
        .arg("recognize")
        .arg("--model")
        .arg(&out)
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/samples/italian-cburnett.png"
        ))
        .assert()
        .success();
    let junk = dir.path().join("junk.safetensors");
    std::fs::write(&junk, b"not weights").unwrap();
    train(&junk)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a network"));
    chessbot()
        .args(["vision", "train", "--3d-share", "1.5", "--out"])
        .arg(&out)
        .assert()
        .code(2);
}

#[test]
fn dataset_writes_the_crops_of_the_training_draw_and_refuses_bad_flags() {
    let Some(pieces) = pieces() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("crops.bin");
    let write = |seed: &str, out: &std::path::Path| {
        chessbot()
            .args(["vision", "dataset", "--boards", "2", "--seed", seed])
            .args(["--low-contrast-share", "0.5"])
            .arg("--pieces")
            .arg(&pieces)
            .arg("--out")
            .arg(out)
            .assert()
            .success()
            .stdout(predicate::str::contains("crops").and(predicate::str::contains("2 boards")));
        std::fs::read(out).unwrap()
    };
    let bytes = write("4", &out);
    assert_eq!(&bytes[..4], b"CBSQ");
    assert_eq!((bytes.len() - 16) % (1 + 3 * 32 * 32), 0);
    assert_eq!(write("4", &dir.path().join("again.bin")), bytes);
    assert!(!dir.path().join("crops.partial").exists());
    chessbot()
        .args(["vision", "dataset", "--boards", "0", "--out"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--boards"));
    let missing = dir.path().join("none.bin");
    chessbot()
        .args([
            "vision",
            "dataset",
            "--pieces",
            "/nonexistent/pieces",
            "--out",
        ])
        .arg(&missing)
        .assert()
        .code(2);
    assert!(!missing.exists() && !dir.path().join("none.partial").exists());
    chessbot()
        .args(["vision", "dataset", "--extra-share", "0.3", "--out"])
        .arg(&missing)
        .arg("--pieces")
        .arg(&pieces)
        .assert()
        .code(2);
}
