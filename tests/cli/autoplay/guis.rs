//! Real games: Xvfb, a chess GUI with its own engine, and `chessbot autoplay` with the real
//! mouse, checked against the game the GUI itself saves.
//!
//! XBoard with Fairy-Max and Debian's settings (`/etc/xboard/xboard.conf`: the last move as an
//! arrow, wood textures, sweep promotions): 20 of our moves as White and as Black at the default
//! poll, and a promotion from a position one move before it. The games run one at a time (each
//! on its own X screen).

use crate::common::{chessbot, require_program};
use chessbot::rules::pgn::{ReadOptions, read_games};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// One GUI game at a time: they share the machine's cores.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Kills a child process (and its process group) when dropped, also when a test fails.
struct Guard(Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.0.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `cmd` in a process group of its own, so that [`Guard`] ends its helpers too.
fn spawn(cmd: &mut Command) -> Guard {
    use std::os::unix::process::CommandExt;
    Guard(
        cmd.stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("the program starts"),
    )
}

/// An Xvfb screen of 1280x800.
struct Screen {
    display: String,
    _xvfb: Guard,
    xdotool: PathBuf,
}

static NEXT_DISPLAY: AtomicU32 = AtomicU32::new(0);

impl Screen {
    fn start(xvfb: &Path, xdotool: &Path) -> Screen {
        // A display number no other X server here uses.
        let n = loop {
            let n = 140
                + (std::process::id() % 50) * 8
                + NEXT_DISPLAY.fetch_add(1, Ordering::Relaxed) % 8;
            if !Path::new(&format!("/tmp/.X{n}-lock")).exists() {
                break n;
            }
        };
        let display = format!(":{n}");
        let xvfb = spawn(Command::new(xvfb).args([
            &display,
            "-screen",
            "0",
            "1280x800x24",
            "-nolisten",
            "tcp",
        ]));
        let screen = Screen {
            display,
            _xvfb: xvfb,
            xdotool: xdotool.to_path_buf(),
        };
        for _ in 0..50 {
            if screen.xdotool(&["getdisplaygeometry"]).is_some() {
                return screen;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("Xvfb {} did not start", screen.display);
    }

    /// Runs xdotool on this screen; its output when it succeeds.
    fn xdotool(&self, args: &[&str]) -> Option<String> {
        let out = Command::new(&self.xdotool)
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// The names of the visible windows.
    fn window_names(&self) -> Vec<String> {
        let ids = self
            .xdotool(&["search", "--onlyvisible", "--name", "."])
            .unwrap_or_default();
        ids.split_whitespace()
            .filter_map(|id| self.xdotool(&["getwindowname", id]))
            .map(|name| name.trim().to_string())
            .collect()
    }

    /// Waits until a visible window whose name matches `name` is shown.
    fn wait_for_window(&self, name: &str, seconds: u64) -> bool {
        for _ in 0..seconds * 4 {
            if self
                .xdotool(&["search", "--onlyvisible", "--name", name])
                .is_some_and(|o| !o.trim().is_empty())
            {
                return true;
            }
            std::thread::sleep(Duration::from_millis(250));
        }
        false
    }
}

/// What an autoplay run printed and saved.
struct Played {
    stdout: String,
    stderr: String,
    success: bool,
    /// The moves of autoplay's saved game, in SAN.
    moves: Vec<String>,
    /// The position it started from (the PGN's FEN tag), if not the start.
    fen: Option<String>,
}

fn autoplay(screen: &Screen, dir: &Path, args: &[&str]) -> Played {
    let pgn = dir.join("ours.pgn");
    let out = chessbot()
        .arg("autoplay")
        .args(args)
        .args(["--pgn-out", pgn.to_str().unwrap()])
        .env("DISPLAY", &screen.display)
        .timeout(Duration::from_secs(300))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    let (moves, fen) = sans(&text);
    Played {
        stdout,
        stderr,
        success: out.status.success(),
        moves,
        fen,
    }
}

/// The moves (SAN, no check marks) and the FEN tag of the first game in `text`.
fn sans(text: &str) -> (Vec<String>, Option<String>) {
    let Some(game) = read_games(text, ReadOptions::default()).next() else {
        return (Vec::new(), None);
    };
    // Our PGN reader checks every move's legality while reading.
    let game = game.unwrap_or_else(|e| panic!("the game does not read: {e}\n{text}"));
    let moves = game
        .moves
        .iter()
        .map(|m| m.san.to_string().trim_end_matches(['+', '#']).to_string())
        .collect();
    let fen = text
        .lines()
        .find_map(|l| l.strip_prefix("[FEN \""))
        .map(|f| f.trim_end_matches("\"]").to_string());
    (moves, fen)
}

/// Checks a run: it ended well, played `least` of our moves (or the game ended), and its game
/// is the GUI's, move for move (the GUI may have one more move: the reply to our last).
fn check(played: &Played, gui_pgn: Option<&str>, least: usize, side_offset: usize) {
    let Played {
        stdout,
        stderr,
        success,
        moves,
        ..
    } = played;
    assert!(success, "autoplay failed\n{stdout}\n{stderr}");
    let ours = moves.iter().skip(side_offset).step_by(2).count();
    assert!(
        ours >= least || stdout.contains("game over"),
        "only {ours} of our moves\n{stdout}"
    );
    if let Some(text) = gui_pgn {
        let (gui, _) = sans(text);
        assert!(
            gui.len() >= moves.len() && gui.len() <= moves.len() + 1,
            "the GUI's game has {} moves, ours {}\n{text}\n{stdout}",
            gui.len(),
            moves.len()
        );
        assert_eq!(
            moves[..],
            gui[..moves.len()],
            "GUI:\n{text}\nautoplay:\n{stdout}"
        );
    }
    println!("{stdout}");
}

/// Our side's moves count from the first move for White, the second for Black (in a game
/// from the start).
fn offset(side: &str) -> usize {
    usize::from(side == "black")
}

mod xboard {
    //! XBoard with Fairy-Max, Debian's settings.

    use super::*;

    struct Tools {
        xvfb: PathBuf,
        xboard: PathBuf,
        fairymax: PathBuf,
        xdotool: PathBuf,
    }

    fn tools() -> Option<Tools> {
        Some(Tools {
            xvfb: require_program("Xvfb")?,
            xboard: require_program("xboard")?,
            fairymax: require_program("fairymax")?,
            xdotool: require_program("xdotool")?,
        })
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

    /// Plays one game with autoplay on `side`, from `fen` if given, and checks it against the
    /// game XBoard saves; returns autoplay's moves.
    fn game(
        tools: &Tools,
        side: &str,
        fen: Option<&str>,
        ours: &[&str],
        least: usize,
    ) -> Vec<String> {
        let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let dir = tempfile::tempdir().unwrap();
        let saved = dir.path().join("xboard.pgn");
        // Only what the test needs beside Debian's settings: the engine and its time (Fairy-Max
        // gets 10 s for the game: quick replies), the saved game, no pop-ups at the end, no
        // start-up tip over the board, and no settings written to a home folder.
        let mut args: Vec<String> = [
            "-fcp",
            tools.fairymax.to_str().unwrap(),
            "-fd",
            dir.path().to_str().unwrap(),
            "-tc",
            "5",
            "-inc",
            "0",
            "-firstTimeOdds",
            "30",
            "-saveGameFile",
            saved.to_str().unwrap(),
            "-popupExitMessage",
            "false",
            "-startupMessage",
            "",
            "-saveSettingsOnExit",
            "false",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        if let Some(fen) = fen {
            let file = dir.path().join("start.fen");
            std::fs::write(&file, format!("{fen}\n")).unwrap();
            args.extend(["-lpf".into(), file.to_str().unwrap().to_string()]);
        }
        // From the start the GUI's engine plays the other side. From a loaded position no mode
        // is set (XBoard then saves no game), and only our move is checked.
        if fen.is_none() {
            let machine = if side == "black" {
                "MachineWhite"
            } else {
                "MachineBlack"
            };
            args.extend(["-initialMode".into(), machine.into()]);
        }
        if side == "black" {
            args.extend(["-flipView".into(), "true".into()]);
        }
        // XBoard's main window is named `xboard: ...` until a game runs, then after its
        // players (`Fairy-Max 5.0b vs. root`), or after the position file it loaded; its
        // error pop-ups are named otherwise. Now and then the X screen or XBoard does not
        // come up at all on a busy machine: that start is thrown away and made again.
        let mut started = None;
        for _ in 0..3 {
            let screen = Screen::start(&tools.xvfb, &tools.xdotool);
            let xboard = spawn(
                Command::new(&tools.xboard)
                    .args(&args)
                    .env("DISPLAY", &screen.display),
            );
            if screen.wait_for_window("^xboard: | vs\\. |start\\.fen$", 30) {
                started = Some((screen, xboard));
                break;
            }
            eprintln!(
                "XBoard shows no main window (visible: {:?}); starting again",
                screen.window_names()
            );
        }
        let Some((screen, mut xboard)) = started else {
            panic!("XBoard showed no main window in three starts");
        };
        std::thread::sleep(Duration::from_secs(3));
        let mut flags = vec!["--color", side];
        flags.extend(ours);
        let played = autoplay(&screen, dir.path(), &flags);
        // Let XBoard register the last move, then make it save the game.
        std::thread::sleep(Duration::from_secs(2));
        terminate(&mut xboard.0);
        let text = std::fs::read_to_string(&saved).unwrap_or_else(|e| {
            panic!(
                "XBoard saved no game ({e})\n{}\n{}",
                played.stdout, played.stderr
            )
        });
        if let Some(fen) = fen {
            assert_eq!(played.fen.as_deref(), Some(fen), "{}", played.stdout);
        }
        let side_offset = if fen.is_some() { 0 } else { offset(side) };
        check(&played, Some(&text), least, side_offset);
        played.moves
    }

    #[test]
    fn autoplay_plays_white_and_black_against_xboard_with_debian_settings() {
        let Some(tools) = tools() else {
            return;
        };
        let flags = ["--max-moves", "20", "--level", "4", "--movetime", "100"];
        game(&tools, "white", None, &flags, 20);
        game(&tools, "black", None, &flags, 20);
    }

    #[test]
    fn autoplay_promotes_on_xboard() {
        let Some(tools) = tools() else {
            return;
        };
        // Full strength: the promotion is the only good move.
        let moves = game(
            &tools,
            "white",
            Some("8/1P4k1/8/8/8/8/5K2/8 w - - 0 1"),
            &["--turn", "white", "--max-moves", "1", "--movetime", "300"],
            1,
        );
        assert!(moves[0].starts_with("b8="), "{moves:?}");
    }
}
