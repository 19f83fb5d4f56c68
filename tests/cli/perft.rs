//! `chessbot perft` on the chess programming wiki's standard positions, and every bad-FEN case.

use crate::common::chessbot;
use predicates::str::contains;

fn nodes(args: &[&str]) -> u64 {
    let out = chessbot().arg("perft").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.parse().ok())
        .expect("a node count")
}

#[test]
fn start_position_depth_6() {
    assert_eq!(nodes(&["6"]), 119_060_324);
}

#[test]
fn kiwipete_depth_5() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(nodes(&["5", "--fen", fen]), 193_690_690);
}

#[test]
fn position_3_depth_6() {
    assert_eq!(
        nodes(&["6", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"]),
        11_030_083
    );
}

#[test]
fn position_4_and_mirror_depth_5() {
    let fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    assert_eq!(nodes(&["5", "--fen", fen]), 15_833_292);
    let mirrored = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
    assert_eq!(nodes(&["5", "--fen", mirrored]), 15_833_292);
}

#[test]
fn position_5_depth_5() {
    let fen = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
    assert_eq!(nodes(&["5", "--fen", fen]), 89_941_194);
}

#[test]
fn position_6_depth_5() {
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    assert_eq!(nodes(&["5", "--fen", fen]), 164_075_551);
}

#[test]
fn chess960_positions() {
    // From the chess programming wiki's Chess960 perft results.
    let cases = [
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            4,
            326_672,
        ),
        (
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            4,
            667_366,
        ),
        (
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
            4,
            273_318,
        ),
    ];
    for (fen, depth, expected) in cases {
        assert_eq!(
            nodes(&[&depth.to_string(), "--chess960", "--fen", fen]),
            expected,
            "{fen}"
        );
    }
}

#[test]
fn divide_lists_root_moves() {
    chessbot()
        .args(["perft", "2", "--divide"])
        .assert()
        .success()
        .stdout(contains("e2e4: 20"))
        .stdout(contains("Nodes searched: 400"));
}

/// Every bad-FEN case names its problem on stderr and exits with 2.
#[test]
fn bad_fens_exit_2_with_reason() {
    let cases = [
        (
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "bad piece letter 'X'",
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 7 has 9 squares",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "expected 8 ranks",
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "missing king",
        ),
        (
            "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQ - 0 1",
            "pawn on the first or last rank",
        ),
        (
            "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
            "side not to move is in check",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", "bad castling rights"),
        ("4k3/8/8/8/8/8/8/4K3 w XZ - 0 1", "bad castling field"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "bad en-passant square"),
        ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "bad en-passant field"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "bad side to move"),
        ("", "empty FEN"),
    ];
    for (fen, reason) in cases {
        chessbot()
            .args(["perft", "1", "--fen", fen])
            .assert()
            .code(2)
            .stderr(contains(reason))
            .stdout("");
    }
}

/// Alice chess from the start: depths 1-3 are the figures, and all four agree with
/// Fairy-Stockfish's Alice build (pyffish-alice 0.0.3, `tests/data/alice/pyffish_perft.txt`).
#[test]
fn alice_start_depth_4() {
    assert_eq!(nodes(&["3", "--variant", "alice"]), 9_384);
    assert_eq!(nodes(&["4", "--variant", "alice"]), 219_236);
}

#[test]
fn alice_divide_on_a_position_with_pieces_on_b() {
    let fen = "r1bqkbnr/pppp1ppp/2|n5/4|p3/2|B1|P3/5|N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    chessbot()
        .args(["perft", "1", "--variant", "alice", "--divide", "--fen", fen])
        .assert()
        .success()
        .stdout(contains("e1g1: 1"))
        .stdout(contains("Nodes searched: "));
}

#[test]
fn alice_bad_input_exits_2() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--fen", "4k3/8/8/8/8/8/8/4K2| w - - 0 1"],
            "'|' in rank 1 must be followed by a piece letter",
        ),
        (
            &["--fen", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1"],
            "no en passant",
        ),
        (
            &["--fen", "4k3/8/8/8/8/8/8/8 w - - 0 1"],
            "white has 0 kings",
        ),
        (&["--chess960"], "--chess960 does not apply"),
    ];
    for (args, reason) in cases {
        chessbot()
            .args(["perft", "1", "--variant", "alice"])
            .args(args)
            .assert()
            .code(2)
            .stderr(contains(reason))
            .stdout("");
    }
}
