//! `chessbot autoplay`: flags and bad input everywhere; with feature `autoplay`, whole games
//! against XBoard + Fairy-Max under Xvfb, checked against the game XBoard itself saves.

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
mod xboard {
    //! Real games: Xvfb, XBoard with Fairy-Max, and `chessbot autoplay` with the real mouse.

    use crate::common::{chessbot, require_program};
    use chessbot::rules::pgn::{ReadOptions, read_games};
    use std::path::PathBuf;
    use std::process::{Child, Command, Stdio};
    use std::time::Duration;

    /// Kills a child process when dropped (also when a test fails half-way).
    struct Guard(Child);

    impl Drop for Guard {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    /// Sends SIGTERM (XBoard saves its game on it) and waits.
    fn terminate(child: &mut Child) {
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
        for _ in 0..50 {
            if let Ok(Some(_)) = child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Plays one game with autoplay on `side` and checks it against XBoard's saved game.
    /// The programs a game needs.
    struct Tools {
        xvfb: PathBuf,
        xboard: PathBuf,
        fairymax: PathBuf,
        xdotool: PathBuf,
    }

    /// The programs, or `None` (after the skip message) when one is missing.
    fn tools() -> Option<Tools> {
        Some(Tools {
            xvfb: require_program("Xvfb")?,
            xboard: require_program("xboard")?,
            fairymax: require_program("fairymax")?,
            xdotool: require_program("xdotool")?,
        })
    }

    fn game(tools: &Tools, display: u32, side: &str) {
        let dir = tempfile::tempdir().unwrap();
        let xboard_pgn = dir.path().join("xboard.pgn");
        let ours_pgn = dir.path().join("ours.pgn");
        let disp = format!(":{display}");
        let _xvfb = Guard(
            Command::new(&tools.xvfb)
                .args([&disp, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("Xvfb starts"),
        );
        std::thread::sleep(Duration::from_secs(2));
        let mut args: Vec<String> = [
            "-fcp",
            tools.fairymax.to_str().unwrap(),
            "-fd",
            dir.path().to_str().unwrap(),
            // Fairy-Max gets 10 s for the game (5 minutes / 30): quick replies.
            "-tc",
            "5",
            "-inc",
            "0",
            "-firstTimeOdds",
            "30",
            "-boardSize",
            "moderate",
            "-saveGameFile",
            xboard_pgn.to_str().unwrap(),
            "-popupExitMessage",
            "false",
            "-highlightMoveWithArrow",
            "false",
            "-alwaysPromoteToQueen",
            "true",
            "-showCoords",
            "true",
            // The start-up balloon ("Right-clicking menu item...") would cover four ranks.
            "-startupMessage",
            "",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        if side == "black" {
            args.extend(["-flipView", "true", "-initialMode", "MachineWhite"].map(String::from));
        }
        let mut xboard = Guard(
            Command::new(&tools.xboard)
                .args(&args)
                .env("DISPLAY", &disp)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("xboard starts"),
        );
        // XBoard's start-up tip covers the board until the pointer does something: click the
        // empty root window beside it.
        std::thread::sleep(Duration::from_secs(5));
        let _ = Command::new(&tools.xdotool)
            .args(["mousemove", "900", "700", "click", "1"])
            .env("DISPLAY", &disp)
            .status();
        std::thread::sleep(Duration::from_secs(2));
        let out = chessbot()
            .args([
                "autoplay",
                "--color",
                side,
                "--level",
                "4",
                "--movetime",
                "100",
                "--max-moves",
                "20",
                "--pgn-out",
                ours_pgn.to_str().unwrap(),
            ])
            .env("DISPLAY", &disp)
            .timeout(Duration::from_secs(400))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        // Let XBoard register the last move, then make it save the game.
        std::thread::sleep(Duration::from_secs(2));
        terminate(&mut xboard.0);
        assert!(out.status.success(), "autoplay failed\n{stdout}\n{stderr}");
        let announced: Vec<String> = stdout
            .lines()
            .filter_map(|l| l.strip_prefix("our move "))
            .map(|l| l.split_whitespace().next().unwrap().to_string())
            .collect();
        assert!(
            announced.len() >= 20 || stdout.contains("game over"),
            "{stdout}"
        );
        let text = std::fs::read_to_string(&xboard_pgn)
            .unwrap_or_else(|e| panic!("XBoard saved no game ({e})\n{stdout}"));
        // Our PGN reader checks every move's legality while reading.
        let gui = read_games(&text, ReadOptions::default())
            .next()
            .expect("a game")
            .unwrap_or_else(|e| panic!("XBoard's game does not read: {e}\n{text}"));
        let gui_sans: Vec<String> = gui.moves.iter().map(|m| m.san.to_string()).collect();
        let offset = usize::from(side == "black");
        let ours_in_gui: Vec<String> = gui_sans
            .iter()
            .skip(offset)
            .step_by(2)
            .take(announced.len())
            .cloned()
            .collect();
        let strip = |s: &str| s.trim_end_matches(['+', '#']).to_string();
        assert_eq!(
            ours_in_gui.iter().map(|s| strip(s)).collect::<Vec<_>>(),
            announced.iter().map(|s| strip(s)).collect::<Vec<_>>(),
            "XBoard's game:\n{text}\nautoplay:\n{stdout}"
        );
        // Our own record agrees with XBoard's, move for move.
        let ours = std::fs::read_to_string(&ours_pgn).unwrap();
        let mine = read_games(&ours, ReadOptions::default())
            .next()
            .unwrap()
            .unwrap();
        let mine_sans: Vec<String> = mine.moves.iter().map(|m| m.san.to_string()).collect();
        assert_eq!(mine_sans[..], gui_sans[..mine_sans.len()], "{ours}\n{text}");
        println!("{stdout}");
    }

    #[test]
    fn plays_white_and_black_against_xboard() {
        let Some(tools) = tools() else {
            return;
        };
        let base = 40 + std::process::id() % 40;
        game(&tools, base, "white");
        game(&tools, base + 1, "black");
    }
}
