//! Helpers shared by the command tests.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The `chessbot` binary under test.
pub fn chessbot() -> Command {
    Command::cargo_bin("chessbot").expect("chessbot binary is built")
}

/// `chessbot recognize PATH` succeeds and prints exactly `fen` (and a newline).
pub fn recognize_prints(path: &Path, fen: &str) {
    chessbot()
        .arg("recognize")
        .arg(path)
        .assert()
        .success()
        .stdout(format!("{fen}\n"));
}

/// The environment variable that makes a missing prerequisite fail its test instead of
/// skipping it (`CHESSBOT_TEST_STRICT=1`; CI sets it, since it installs every prerequisite).
pub const STRICT_VAR: &str = "CHESSBOT_TEST_STRICT";

/// Whether missing prerequisites fail the tests that need them.
fn strict() -> bool {
    std::env::var(STRICT_VAR).is_ok_and(|v| v == "1")
}

/// `found`, or, when it is `None`, what to do about the missing `what`: panic when `strict`,
/// else say on stderr that the running test is skipped. A test that gets `None` returns at
/// once, so that without the prerequisite it neither fails nor checks anything.
#[track_caller]
fn require<T>(found: Option<T>, what: &str, strict: bool) -> Option<T> {
    if found.is_none() {
        if strict {
            panic!("{what} is required ({STRICT_VAR}=1)");
        }
        let current = std::thread::current();
        let test = current.name().unwrap_or("this test");
        eprintln!("skipped: {test} needs {what}");
    }
    found
}

/// Where `program` is: on PATH, else in /usr/games (where Debian puts Stockfish, XBoard and
/// Fairy-Max, often not on PATH).
fn find_program(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// The path of an external program the running test needs (`stockfish`, `tmux`, ...), or
/// `None` after a skip message (a panic under [`STRICT_VAR`]).
#[allow(dead_code)]
#[track_caller]
pub fn require_program(program: &str) -> Option<PathBuf> {
    require(find_program(program), program, strict())
}

/// Whether `python3` can import python-chess; `false` after a skip message (a panic under
/// [`STRICT_VAR`]).
#[allow(dead_code)]
#[track_caller]
pub fn require_python_chess() -> bool {
    let found = std::process::Command::new("python3")
        .args(["-c", "import chess, chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    require(found.then_some(()), "python-chess", strict()).is_some()
}

/// The path of `rel` inside the shared data folder beside the clone (`../shared`: piece sets
/// and board themes too large for the repository), or `None` after a skip message (a panic
/// under [`STRICT_VAR`]) when it is absent.
#[allow(dead_code)]
#[track_caller]
pub fn require_shared(rel: impl AsRef<Path>) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(rel);
    let found = path.exists().then(|| path.clone());
    require(found, &path.display().to_string(), strict())
}

/// Runs `cmd`, asserts it succeeded (showing its stderr if not) and parses its stdout as JSON.
#[allow(dead_code)]
pub fn json_of(cmd: &mut Command) -> serde_json::Value {
    let out = cmd.output().expect("the command runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

#[test]
fn a_missing_program_is_a_skip() {
    assert_eq!(find_program("no-such-program-for-chessbot"), None);
    assert_eq!(
        require(None::<PathBuf>, "no-such-program-for-chessbot", false),
        None
    );
    assert!(require(find_program("sh"), "sh", true).is_some());
}

#[test]
#[should_panic(expected = "no-such-program-for-chessbot is required (CHESSBOT_TEST_STRICT=1)")]
fn in_strict_mode_a_missing_program_fails() {
    let program = "no-such-program-for-chessbot";
    require(find_program(program), program, true);
}
