//! `chessbot autoplay`: flags and bad input everywhere; with feature `autoplay`, whole games
//! against XBoard, GNOME Chess and PyChess under Xvfb, checked against the game each GUI saves
//! ([`guis`]).

use crate::common::chessbot;
use predicates::str::contains;

#[test]
fn bad_flags_and_missing_replay_exit_2() {
    chessbot()
        .args(["autoplay", "--region", "1,2,3"])
        .assert()
        .code(2)
        .stderr(contains("bad --region '1,2,3'"));
    chessbot()
        .args(["autoplay", "--replay", "/nonexistent/frames"])
        .assert()
        .code(2)
        .stderr(contains("/nonexistent/frames"));
    chessbot()
        .args(["autoplay", "--level", "3", "--engine", "stockfish"])
        .assert()
        .code(2);
    for bad in [
        &["--turn", "red"][..],
        &["--opponent-timeout", "0"],
        &["--opponent-timeout=-5"],
        &["--input", "telepathy"],
        &["--promotion", "king"],
    ] {
        chessbot()
            .arg("autoplay")
            .args(bad)
            .assert()
            .code(2)
            .stderr(contains(bad[0].split('=').next().unwrap()));
    }
}

#[test]
fn help_says_sites_forbid_it() {
    chessbot()
        .args(["autoplay", "--help"])
        .assert()
        .success()
        .stdout(contains("Chess sites forbid programmatic moves"))
        .stdout(contains("Lichess Bot API"));
}

#[cfg(not(feature = "autoplay"))]
#[test]
fn live_capture_needs_the_feature() {
    chessbot()
        .args(["autoplay", "--dry-run"])
        .assert()
        .code(2)
        .stderr(contains("--features autoplay"));
}

#[cfg(feature = "autoplay")]
mod guis;
