//! `chessbot recognize`: samples, real XBoard screenshots, every output mode and bad input.

use crate::common::{chessbot, recognize_prints};
use image::{GenericImage, ImageEncoder, Rgb, RgbImage};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

const SAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/samples");
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vision");

/// The README's example: file and the FEN it must print.
const README_SAMPLE: (&str, &str) = (
    "italian-cburnett.png",
    "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
);
const FLIPPED_SAMPLE: (&str, &str) = (
    "endgame-merida-flipped.png",
    "8/5pk1/6p1/3R4/1r5P/6P1/5PK1/8 w - - 0 1",
);

/// A sample whose last move (g1f3) is tinted: black to move, which the default would miss.
const LAST_MOVE_SAMPLE: (&str, &str) = (
    "sicilian-last-move-cburnett.png",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1",
);

fn sample(name: &str) -> PathBuf {
    Path::new(SAMPLES).join(name)
}

fn png_bytes(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(
            img,
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("encode png");
    out
}

/// A PNG that announces `w × h` pixels (signature, IHDR, empty IDAT) but holds no pixels.
fn png_header(w: u32, h: u32) -> Vec<u8> {
    fn crc32(data: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for &b in data {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let mut v = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    v.extend_from_slice(&13u32.to_be_bytes());
    v.extend_from_slice(&ihdr);
    v.extend_from_slice(&crc32(&ihdr).to_be_bytes());
    v.extend_from_slice(&0u32.to_be_bytes());
    v.extend_from_slice(b"IDAT");
    v.extend_from_slice(&crc32(b"IDAT").to_be_bytes());
    v
}

#[test]
fn readme_sample_prints_its_fen() {
    let (file, fen) = README_SAMPLE;
    recognize_prints(&sample(file), fen);
}

#[test]
fn model_flag_loads_other_weights_and_rejects_a_file_that_is_none() {
    let (file, fen) = README_SAMPLE;
    let held_out = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/vision/held-out.safetensors"
    );
    chessbot()
        .args([
            "recognize",
            "--model",
            held_out,
            sample(file).to_str().unwrap(),
        ])
        .assert()
        .success()
        .stdout(format!("{fen}\n"));
    // A picture is no model: bad input, exit 2, and nothing printed on stdout.
    chessbot()
        .args(["recognize", "--model"])
        .arg(sample(file))
        .arg(sample(file))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("not a usable model"));
    // Two networks read together; a second file that is no model is named.
    let held_out_b = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/vision/held-out-b.safetensors"
    );
    chessbot()
        .args(["recognize", "--model", held_out, "--model", held_out_b])
        .arg(sample(file))
        .assert()
        .success()
        .stdout(format!("{fen}\n"));
    chessbot()
        .args(["recognize", "--model", held_out, "--model"])
        .arg(sample(file))
        .arg(sample(file))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "{}: not a usable model",
            sample(file).display()
        )));
}

#[test]
fn held_out_flag_reads_with_the_benchmarks_networks() {
    let (file, fen) = README_SAMPLE;
    let json = |extra: &[&str]| {
        let out = chessbot()
            .arg("recognize")
            .args(extra)
            .args(["--json", sample(file).to_str().unwrap()])
            .output()
            .expect("runs");
        assert!(out.status.success());
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let board = &v["boards"][0];
        assert_eq!(board["fen"], fen, "{extra:?}");
        // The 64 confidences: other networks give other ones.
        board["squares"]
            .as_array()
            .expect("squares")
            .iter()
            .map(|s| s["confidence"].as_f64().expect("a confidence"))
            .collect::<Vec<f64>>()
    };
    let networks = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/vision");
    let built_in = json(&[]);
    let held_out = json(&["--held-out", "--networks", networks]);
    assert_ne!(built_in, held_out);
    // The held-out networks, as files, give the same confidences (without the small-board
    // members, which this sample's squares are too large for).
    let asset = |name: &str| format!("{}/assets/vision/{name}", env!("CARGO_MANIFEST_DIR"));
    let files = json(&[
        "--model",
        &asset("held-out.safetensors"),
        "--model",
        &asset("held-out-b.safetensors"),
    ]);
    assert_eq!(held_out, files);
    // Either the held-out networks or the files given.
    chessbot()
        .args([
            "recognize",
            "--held-out",
            "--model",
            &asset("held-out.safetensors"),
        ])
        .arg(sample(file))
        .assert()
        .code(2)
        .stdout("");
    // The held-out networks are read from a folder: one without them is bad input, named.
    let empty = tempfile::tempdir().unwrap();
    chessbot()
        .args(["recognize", "--held-out", "--networks"])
        .arg(empty.path())
        .arg(sample(file))
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("held-out.safetensors")
                .and(predicate::str::contains("--networks DIR")),
        );
    // --networks without --held-out is a usage error.
    chessbot()
        .args(["recognize", "--networks", networks])
        .arg(sample(file))
        .assert()
        .code(2);
}

/// A 151-px board of 19-px squares in a page of text, JPEG-blurred, two arrows across it.
const SMALL_AMONG_TEXT: (&str, &str) = (
    "tepoztlan-small-among-text.png",
    "rnb1kbr1/ppq2pp1/5n1p/2pPpN2/1PPP4/2N5/P3QPPP/R1B1KBR1 w Qq - 0 1",
);

/// The squares where two FENs' placements differ.
fn misread(want: &str, got: &str) -> Vec<shakmaty::Square> {
    let board = |fen: &str| {
        fen.split(' ')
            .next()
            .unwrap()
            .parse::<shakmaty::Board>()
            .unwrap()
    };
    let (want, got) = (board(want), board(got));
    shakmaty::Square::ALL
        .into_iter()
        .filter(|&sq| want.piece_at(sq) != got.piece_at(sq))
        .collect()
}

#[test]
fn a_small_board_among_page_text_is_found() {
    let (file, fen) = SMALL_AMONG_TEXT;
    let out = chessbot()
        .args(["recognize", "--json"])
        .arg(Path::new(FIXTURES).join(file))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let b = &v["boards"][0];
    // The grid to a pixel or two (the board is drawn at x 144, y 231, 151 px a side).
    for (key, want) in [("x", 144.0), ("y", 231.0), ("w", 151.0), ("h", 152.0)] {
        let got = b["board"][key].as_f64().unwrap();
        assert!((got - want).abs() < 2.5, "{key}: {got}");
    }
    // The two pieces under both arrows (b4, c3) may be misread; every other square is right.
    let wrong = misread(fen, b["fen"].as_str().unwrap());
    assert!(
        wrong
            .iter()
            .all(|&sq| [shakmaty::Square::B4, shakmaty::Square::C3].contains(&sq)),
        "misread {wrong:?}: {}",
        b["fen"]
    );
}

#[test]
fn a_small_board_among_page_text_is_read_whole() {
    let (file, fen) = SMALL_AMONG_TEXT;
    chessbot()
        .args(["recognize"])
        .arg(Path::new(FIXTURES).join(file))
        .assert()
        .success()
        .stdout(format!("{fen}\n"));
}

#[test]
fn flipped_sample_orientation_detected_and_forced() {
    let (file, fen) = FLIPPED_SAMPLE;
    let path = sample(file);
    recognize_prints(&path, fen);
    // Forcing the wrong side turns the board round: a different placement.
    let out = chessbot()
        .args([
            "recognize",
            path.to_str().unwrap(),
            "--orientation",
            "white",
        ])
        .output()
        .unwrap();
    let forced = String::from_utf8(out.stdout).unwrap();
    assert!(
        !forced.starts_with(fen.split(' ').next().unwrap()),
        "{forced}"
    );
    chessbot()
        .args([
            "recognize",
            path.to_str().unwrap(),
            "--orientation",
            "black",
            "--turn",
            "b",
        ])
        .assert()
        .success()
        .stdout(format!("{}\n", fen.replace(" w ", " b ")));
}

/// Checks the real screenshots listed in `tests/data/vision/{list}` (`xboard.txt`, `programs.txt`)
/// whose file names pass `pick`; returns how many were checked.
fn check_real(list: &str, pick: impl Fn(&str) -> bool) -> usize {
    let list = std::fs::read_to_string(Path::new(FIXTURES).join(list)).unwrap();
    let mut checked = 0;
    for line in list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let (file, fen, bottom) = (fields[0], fields[1], fields[2]);
        if !pick(file) {
            continue;
        }
        let out = chessbot()
            .args(["recognize", "--json"])
            .arg(Path::new(FIXTURES).join(file))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let board = &v["boards"][0];
        let placement = fen.split(' ').next().unwrap();
        assert_eq!(
            board["fen"].as_str().unwrap().split(' ').next().unwrap(),
            placement,
            "{file}"
        );
        assert_eq!(board["orientation"], bottom, "{file}");
        checked += 1;
    }
    checked
}

/// Every XBoard screenshot (`xboard.txt`: five board sizes, coordinates, flipped, wood or plain
/// squares).
#[test]
fn xboard_screenshots() {
    assert_eq!(check_real("xboard.txt", |_| true), 5);
}

/// Every GNOME Chess screenshot (`gnome-chess.txt`: its two piece themes, coordinates on and
/// off, either side at the bottom, windows from 480x420 to 1200x780).
#[test]
fn gnome_chess_screenshots() {
    assert_eq!(check_real("gnome-chess.txt", |_| true), 8);
}

/// Every web-board screenshot (`web.txt`: chessground and cm-chessboard in headless Chromium),
/// cm-chessboard's staunty pieces, a set in none of the training data, included.
#[test]
fn web_board_screenshots() {
    assert_eq!(check_real("web.txt", |_| true), 12);
}

/// Every screenshot of the further programs (`programs.txt`: PyChess, chessboard.js,
/// chessboard-element, gchessboard, chessground, ChessX and Scid, taken by the real-program
/// benchmark's shooters). ChessX draws its pieces out to the squares' edges, over a wood
/// texture: the picture's background is the board's square colour, not the piece's.
#[test]
fn more_program_screenshots() {
    assert_eq!(check_real("programs.txt", |_| true), 8);
}

/// The first board `recognize --json` reports for the fixture `file`.
fn first_board(file: &str) -> serde_json::Value {
    let out = chessbot()
        .args(["recognize", "--json"])
        .arg(Path::new(FIXTURES).join(file))
        .output()
        .unwrap();
    assert!(out.status.success(), "{file}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["boards"][0].clone()
}

/// Small boards whose labels the orientation is read from: chessboard-element's 14 px font
/// reaching past the middle of a 28 px square's side, and chessground's package style, which
/// draws each file letter in the next file's corner.
#[test]
fn labels_of_small_boards_decide_the_orientation() {
    for (file, bottom) in [
        (
            "programs-chessboard-element-wikipedia-svg-black-229.png",
            "black",
        ),
        ("programs-chessground-cburnett-white-342.png", "white"),
    ] {
        let b = first_board(file);
        assert_eq!(b["orientation"], bottom, "{file}");
        assert_eq!(b["orientation_source"], "labels", "{file}");
    }
}

/// `--json` says what decided the orientation: the labels read (where, and how sure) on
/// boards that draw them, either side at the bottom, and the position prior's probability; the
/// pieces on a board without labels.
#[test]
fn json_reports_the_labels_read_and_the_prior() {
    for (file, bottom) in [
        ("gnome-chess-simple-coords-black-700x550.png", "black"),
        ("gnome-chess-simple-coords-white-1200x780.png", "white"),
        ("web-cm-standard-default-white-600.png", "white"),
        ("web-cm-staunty-green-black-560.png", "black"),
    ] {
        let b = first_board(file);
        assert_eq!(b["orientation"], bottom, "{file}");
        assert_eq!(b["orientation_source"], "labels", "{file}");
        let labels = b["labels"].as_array().unwrap();
        assert!(labels.len() >= 6, "{file}: {labels:?}");
        for l in labels {
            let text = l["text"].as_str().unwrap();
            assert!(text.len() == 1 && "12345678abcdefgh".contains(text), "{l}");
            // Inside the board, the square it is drawn in; beside it, the side.
            assert!(l["square"].is_string() != l["edge"].is_string(), "{l}");
            assert!(l["confidence"].as_f64().unwrap() >= 0.5, "{l}");
            if let Some(square) = l["square"].as_str() {
                // A label in a square names its rank or its file.
                assert!(square.contains(text), "{file}: {l}");
            }
        }
        let p = b["orientation_probability"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p), "{file}: {p}");
    }
    let b = first_board("gnome-chess-simple-nocoords-black-480x420.png");
    assert_eq!(b["orientation"], "black");
    assert_eq!(b["orientation_source"], "pieces");
    assert_eq!(b["labels"], serde_json::json!([]));
    assert!(b["orientation_probability"].as_f64().unwrap() >= 0.8);
}

#[test]
fn json_has_squares_box_orientation_and_timing() {
    let (file, fen) = README_SAMPLE;
    let out = chessbot()
        .args(["recognize", "--json", sample(file).to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let b = &v["boards"][0];
    assert_eq!(b["fen"], fen);
    assert_eq!(b["orientation"], "white");
    let squares = b["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 64);
    assert_eq!(squares[0]["square"], "a8");
    assert_eq!(squares[0]["class"], "r");
    assert!(
        squares
            .iter()
            .all(|s| s["confidence"].as_f64().unwrap() > 0.0)
    );
    // Every class's probability, keyed by FEN letter, summing to one;
    // the confidence is the decided class's entry, and the network's own pick is its largest.
    for s in squares {
        let p = s["probabilities"].as_object().unwrap();
        let mut keys: Vec<char> = p.keys().flat_map(|k| k.chars()).collect();
        keys.sort_unstable();
        assert_eq!(keys, ".BKNPQRbknpqr".chars().collect::<Vec<_>>(), "{s}");
        let sum: f64 = p.values().map(|x| x.as_f64().unwrap()).sum();
        assert!((sum - 1.0).abs() < 1e-3, "{s}");
        let class = s["class"].as_str().unwrap();
        assert_eq!(p[class], s["confidence"], "{s}");
        let network = s["network_class"].as_str().unwrap();
        let top = p.values().map(|x| x.as_f64().unwrap()).fold(0.0, f64::max);
        assert_eq!(p[network].as_f64().unwrap(), top, "{s}");
    }
    assert!(b["board"]["w"].as_f64().unwrap() > 100.0);
    assert!(b["timing"]["classify_ms"].as_f64().is_some());
    assert!(v["total_ms"].as_f64().is_some());
}

#[test]
fn a_last_move_highlight_tells_the_side_to_move() {
    let (file, fen) = LAST_MOVE_SAMPLE;
    let path = sample(file);
    recognize_prints(&path, fen);
    let json = |extra: &[&str]| -> serde_json::Value {
        let out = chessbot()
            .args(["recognize", "--json", path.to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success());
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let v = json(&[]);
    let b = &v["boards"][0];
    assert_eq!(b["turn_source"], "highlight");
    // g1 and f3 as image cells (row * 8 + col, white at the bottom).
    assert_eq!(b["last_move_cells"], serde_json::json!([45, 62]));
    // --turn still wins over the highlight.
    let v = json(&["--turn", "w"]);
    let b = &v["boards"][0];
    assert_eq!(b["turn_source"], "forced");
    assert!(b["fen"].as_str().unwrap().contains(" w KQkq "));
    // A board without a highlight: white by default, and nothing tinted.
    let (file, _) = README_SAMPLE;
    let out = chessbot()
        .args(["recognize", "--json", sample(file).to_str().unwrap()])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["boards"][0]["turn_source"], "default");
    assert!(v["boards"][0]["last_move_cells"].is_null());
}

#[test]
fn debug_writes_an_annotated_png() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("debug.png");
    let (file, _) = README_SAMPLE;
    chessbot()
        .args(["recognize", sample(file).to_str().unwrap(), "--debug"])
        .arg(&out)
        .assert()
        .success();
    let drawn = image::open(&out).unwrap().into_rgb8();
    let original = image::open(sample(file)).unwrap().into_rgb8();
    assert_eq!(drawn.dimensions(), original.dimensions());
    assert_ne!(drawn, original, "the grid and labels are drawn");
}

#[test]
fn region_skips_the_search_and_is_checked() {
    let (file, fen) = README_SAMPLE;
    let path = sample(file);
    let out = chessbot()
        .args(["recognize", "--json", path.to_str().unwrap()])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let b = &v["boards"][0]["board"];
    let region = format!("{},{},{},{}", b["x"], b["y"], b["w"], b["h"]);
    chessbot()
        .args(["recognize", path.to_str().unwrap(), "--region", &region])
        .assert()
        .success()
        .stdout(format!("{fen}\n"));
    chessbot()
        .args(["recognize", path.to_str().unwrap(), "--region", "1,2,3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("X,Y,W,H"));
    chessbot()
        .args([
            "recognize",
            path.to_str().unwrap(),
            "--region",
            "0,0,99999,99999",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("does not fit"));
}

#[test]
fn all_reads_every_board_largest_first() {
    // The README sample's board with a 40 px margin of its page.
    let page = image::open(sample(README_SAMPLE.0)).unwrap().into_rgb8();
    let a = image::imageops::crop_imm(&page, 705, 247, 592, 592).to_image();
    let b = image::open(Path::new(FIXTURES).join("xboard-small-endgame.png"))
        .unwrap()
        .into_rgb8();
    let mut page = RgbImage::from_pixel(
        a.width() + b.width() + 20,
        a.height().max(b.height()),
        Rgb([255, 255, 255]),
    );
    page.copy_from(&a, 0, 0).unwrap();
    page.copy_from(&b, a.width() + 20, 0).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.png");
    page.save(&path).unwrap();
    let out = chessbot()
        .args(["recognize", path.to_str().unwrap(), "--all"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("8/5pk1/6p1/3R4/1r5P/6P1/5PK1/8 "),
        "{text}"
    );
    // Without --all: one board, from the quicker search that stops at the first way of looking
    // that finds a board (here the small one; `--all` looks harder).
    let out = chessbot()
        .args(["recognize", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let one = String::from_utf8(out.stdout).unwrap();
    assert_eq!(one.lines().count(), 1, "{one}");
    assert!(lines.contains(&one.trim_end()), "{one}");
}

#[test]
fn stdin_is_read_with_a_dash() {
    let bytes = std::fs::read(sample(README_SAMPLE.0)).unwrap();
    chessbot()
        .args(["recognize", "-"])
        .write_stdin(bytes)
        .assert()
        .success()
        .stdout(format!("{}\n", README_SAMPLE.1));
}

#[test]
fn bad_inputs_fail_one_by_one_with_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    let text = write("notes.png", b"this is not an image");
    let good_bytes = std::fs::read(sample(README_SAMPLE.0)).unwrap();
    let truncated = write("truncated.png", &good_bytes[..good_bytes.len() / 3]);
    let zero = write("zero.png", &png_header(0, 0));
    let huge = write("huge.png", &png_header(30_000, 30_000));
    let blank = write(
        "blank.png",
        &png_bytes(&RgbImage::from_pixel(640, 400, Rgb([240, 240, 240]))),
    );
    for (path, code, message) in [
        (&text, 2, "not an image"),
        (&truncated, 2, "truncated"),
        (&zero, 2, "0x0"),
        (&huge, 2, "30000x30000 pixels, over the limit of 16384"),
        (&blank, 1, "no chessboard found"),
    ] {
        chessbot()
            .arg("recognize")
            .arg(path)
            .assert()
            .code(code)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    chessbot()
        .args(["recognize", "/no/such/file.png"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));

    // Several files: the good one is still read; the worst failure sets the exit code.
    let good = sample(README_SAMPLE.0);
    chessbot()
        .arg("recognize")
        .arg(&good)
        .arg(&blank)
        .arg(&text)
        .assert()
        .code(2)
        .stdout(format!("{}: {}\n", good.display(), README_SAMPLE.1))
        .stderr(predicate::str::contains("blank.png: no chessboard found"))
        .stderr(predicate::str::contains("notes.png: not an image"));
    chessbot()
        .arg("recognize")
        .arg(&blank)
        .arg(&good)
        .assert()
        .code(1);
}

#[test]
fn an_impossible_position_is_printed_with_a_warning() {
    // The sample with the empty g1 square copied over e1 (both dark): no white king.
    let (file, fen) = README_SAMPLE;
    let path = sample(file);
    let out = chessbot()
        .args(["recognize", "--json", path.to_str().unwrap()])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let b = &v["boards"][0]["board"];
    let x = b["x"].as_f64().unwrap();
    let y = b["y"].as_f64().unwrap();
    let s = b["w"].as_f64().unwrap() / 8.0;
    let mut img = image::open(&path).unwrap().into_rgb8();
    let row_y = (y + 7.0 * s).round() as u32;
    let side = s.floor() as u32;
    let g1 = img
        .sub_image((x + 6.0 * s).round() as u32, row_y, side, side)
        .to_image();
    img.copy_from(&g1, (x + 4.0 * s).round() as u32, row_y)
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let edited = dir.path().join("no-white-king.png");
    img.save(&edited).unwrap();
    let expected = fen.replace("RNBQK2R w KQkq", "RNBQ3R w kq");
    chessbot()
        .arg("recognize")
        .arg(&edited)
        .assert()
        .success()
        .stdout(format!("{expected}\n"))
        .stderr(predicate::str::contains("warning:").and(predicate::str::contains("king")));
}
