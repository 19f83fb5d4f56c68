//! OpenBench's worker: `make CC=cargo EXE=<name>` in the repository builds the engine, and
//! `<name> bench` (stdout and stderr together, which must be ASCII) gives the node count and
//! speed, read with the worker's own patterns.

use crate::common::require_program;
use std::path::Path;
use std::process::Command;

/// A part of one of the worker's patterns: `\d+`, `\s+`, or literal text (any case).
#[derive(Clone, Copy)]
enum Part {
    Digits,
    Spaces,
    Text(&'static str),
}

use Part::{Digits, Spaces, Text};

/// The worker's speed pattern, `(\d+\s+nps)|(nps\s+\d+)|(nodes second\s+\d+)`.
const NPS: [&[Part]; 3] = [
    &[Digits, Spaces, Text("nps")],
    &[Text("nps"), Spaces, Digits],
    &[Text("nodes second"), Spaces, Digits],
];

/// The worker's node-count pattern, `(\d+\s+nodes)|(nodes\s+\d+)|(nodes searched\s+\d+)`.
const NODES: [&[Part]; 3] = [
    &[Digits, Spaces, Text("nodes")],
    &[Text("nodes"), Spaces, Digits],
    &[Text("nodes searched"), Spaces, Digits],
];

/// Where `parts` matched from `start` end (each class taken greedily, which is exact here: no
/// part can begin with a character its predecessor takes).
fn match_at(line: &[u8], start: usize, parts: &[Part]) -> Option<usize> {
    let mut at = start;
    for part in parts {
        let run = |class: fn(&u8) -> bool| line[at..].iter().take_while(|c| class(c)).count();
        let len = match part {
            Digits => run(u8::is_ascii_digit),
            Spaces => run(u8::is_ascii_whitespace),
            Text(t) => {
                let end = at + t.len();
                if end <= line.len() && line[at..end].eq_ignore_ascii_case(t.as_bytes()) {
                    t.len()
                } else {
                    0
                }
            }
        };
        if len == 0 {
            return None;
        }
        at += len;
    }
    Some(at)
}

/// The first number in the leftmost match of any alternative (`re.search`), if any.
fn search(line: &[u8], alternatives: &[&[Part]]) -> Option<u64> {
    (0..line.len()).find_map(|start| {
        let end = alternatives
            .iter()
            .find_map(|parts| match_at(line, start, parts))?;
        let found = std::str::from_utf8(&line[start..end]).ok()?;
        let digits: String = found
            .chars()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    })
}

/// The worker's `parse_bench_output`: lines from the last up, with every character but ASCII
/// letters, digits and spaces made a space; the first match of each pattern counts.
fn parse_bench_output(text: &str) -> (Option<u64>, Option<u64>) {
    let (mut bench, mut nps) = (None, None);
    for line in text.trim().split('\n').rev() {
        let line: Vec<u8> = line
            .bytes()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { b' ' })
            .collect();
        nps = nps.or_else(|| search(&line, &NPS));
        bench = bench.or_else(|| search(&line, &NODES));
    }
    (bench, nps)
}

#[test]
fn the_patterns_read_what_other_engines_print() {
    let stockfish = "info string x\n===========================\nTotal time (ms) : 1000\n\
                     Nodes searched  : 4242\nNodes/second    : 4343\n";
    assert_eq!(parse_bench_output(stockfish), (Some(4242), Some(4343)));
    let ethereal = "BENCH : 1,234 nodes 56 nps\n";
    assert_eq!(parse_bench_output(ethereal), (Some(234), Some(56)));
    let ours = "position  1:   10 nodes  8/8/8/8/8/8/8/K6k w - - 0 1\n77 nodes 99 nps\n";
    assert_eq!(parse_bench_output(ours), (Some(77), Some(99)));
}

#[test]
fn make_builds_the_engine_and_openbench_reads_its_bench() {
    let Some(make) = require_program("make") else {
        return;
    };
    // The profile and target folder `cargo test` built the binary in, so that make finds it
    // built already.
    let built = Path::new(env!("CARGO_BIN_EXE_chessbot"));
    let profile_dir = built.parent().unwrap();
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => "dev",
        Some(other) => other,
        None => panic!("no profile folder in {}", built.display()),
    };
    let features = if cfg!(feature = "autoplay") {
        "autoplay"
    } else {
        ""
    };
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("chessbot-ob");
    let make = Command::new(make)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("CC=cargo")
        .arg(format!("EXE={}", exe.display()))
        .arg("-j2")
        .arg(format!("PROFILE={profile}"))
        .arg(format!("FEATURES={features}"))
        .env("CARGO_TARGET_DIR", profile_dir.parent().unwrap())
        .output()
        .unwrap();
    assert!(
        make.status.success(),
        "{}",
        String::from_utf8_lossy(&make.stderr)
    );
    let out = Command::new(&exe).arg("bench").output().unwrap();
    assert!(out.status.success());
    let mut text = out.stdout;
    text.extend(out.stderr);
    assert!(text.is_ascii(), "the worker decodes the output as ASCII");
    let text = String::from_utf8(text).unwrap();
    let last: Vec<u64> = text
        .lines()
        .last()
        .unwrap()
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let (bench, nps) = parse_bench_output(&text);
    assert_eq!((bench, nps), (Some(last[0]), Some(last[1])), "{text}");
    assert!(last[0] > 0 && last[1] > 0, "{text}");
}
