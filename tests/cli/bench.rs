//! `chessbot bench`: deterministic node count, OpenBench's last line.

use crate::common::chessbot;

fn nodes_of(depth: &str) -> u64 {
    let out = chessbot().args(["bench", depth]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{last}");
    assert_eq!((words[1], words[3]), ("nodes", "nps"), "{last}");
    words[2].parse::<u64>().unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("position")).count(),
        40
    );
    words[0].parse().unwrap()
}

#[test]
fn node_count_is_deterministic() {
    let a = nodes_of("3");
    assert!(a > 40);
    assert_eq!(a, nodes_of("3"));
}

#[test]
fn bad_depth_exits_2() {
    chessbot().args(["bench", "0"]).assert().code(2);
    chessbot().args(["bench", "x"]).assert().code(2);
}

#[test]
fn threads_bench_ends_with_the_same_line() {
    let out = chessbot()
        .args(["bench", "3", "--threads", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let words: Vec<&str> = text.lines().last().unwrap().split_whitespace().collect();
    assert_eq!(
        (words.len(), words[1], words[3]),
        (4, "nodes", "nps"),
        "{text}"
    );
    assert!(words[0].parse::<u64>().unwrap() > 40);
}
