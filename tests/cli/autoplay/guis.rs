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

/// Starts `cmd` in a process group of its own, so that [`Guard`] ends its helpers too; its
/// output goes to `log` when given (for failure messages).
fn spawn(cmd: &mut Command, log: Option<&Path>) -> Guard {
    use std::os::unix::process::CommandExt;
    let (out, err) = match log {
        Some(path) => {
            let file = std::fs::File::create(path).expect("the log file is made");
            (
                Stdio::from(file.try_clone().expect("the log file is shared")),
                Stdio::from(file),
            )
        }
        None => (Stdio::null(), Stdio::null()),
    };
    Guard(
        cmd.stdout(out)
            .stderr(err)
            .process_group(0)
            .spawn()
            .expect("the program starts"),
    )
}

/// The last lines of a GUI's log, for failure messages.
fn log_tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}

/// Starts an X screen and a GUI on it (`gui` makes its command for a display) until the GUI
/// shows a visible window whose name matches `window` within 30 s. Now and then the X screen
/// or the GUI does not come up at all on a busy machine: that start is thrown away and made
/// again, up to six times, a few seconds apart. The GUI's output goes to `log`.
fn start_gui(
    xvfb: &Path,
    xdotool: &Path,
    name: &str,
    window: &str,
    log: &Path,
    gui: impl Fn(&str) -> Command,
) -> (Screen, Guard) {
    for attempt in 0..6 {
        if attempt > 0 {
            std::thread::sleep(Duration::from_secs(3));
        }
        let screen = Screen::start(xvfb, xdotool);
        let child = spawn(&mut gui(&screen.display), Some(log));
        if screen.wait_for_window(window, 30) {
            return (screen, child);
        }
        eprintln!(
            "{name} shows no main window (visible: {:?}); starting again\n{}",
            screen.window_names(),
            log_tail(log)
        );
    }
    panic!(
        "{name} showed no main window in six starts\n{}",
        log_tail(log)
    );
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
        // A display number no running X server here uses: its lock file is absent, or left by
        // a server that was killed (X servers take such a display over).
        let free = |n: u32| {
            std::fs::read_to_string(format!("/tmp/.X{n}-lock")).map_or(true, |pid| {
                pid.trim()
                    .parse::<u32>()
                    .is_ok_and(|pid| !Path::new(&format!("/proc/{pid}")).exists())
            })
        };
        let first = 140 + (std::process::id() % 50) * 8;
        let n = (0..400)
            .map(|_| first + NEXT_DISPLAY.fetch_add(1, Ordering::Relaxed) % 400)
            .find(|&n| free(n))
            .expect("a free X display number");
        let display = format!(":{n}");
        let xvfb = spawn(
            Command::new(xvfb).args([&display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"]),
            None,
        );
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

/// The moves (plain SAN: no check marks, no more disambiguation than needed) and the FEN tag of the first game in `text`.
fn sans(text: &str) -> (Vec<String>, Option<String>) {
    let Some(game) = read_games(text, ReadOptions::default()).next() else {
        return (Vec::new(), None);
    };
    // Our PGN reader checks every move's legality while reading.
    let game = game.unwrap_or_else(|e| panic!("the game does not read: {e}\n{text}"));
    // Written anew from the moves: GUIs disambiguate more than SAN needs (`Rf1f3`).
    let mut position = game.start.clone();
    let moves = game
        .moves
        .iter()
        .map(|m| {
            let san = shakmaty::san::San::from_move(&position, m.mv);
            shakmaty::Position::play_unchecked(&mut position, m.mv);
            san.to_string()
        })
        .collect();
    let fen = text
        .lines()
        .find_map(|l| l.strip_prefix("[FEN \""))
        .map(|f| f.trim_end_matches("\"]").to_string());
    (moves, fen)
}

/// Checks a run: it ended well, played `least` of our moves (or the game ended), and its game
/// is the GUI's, move for move (the GUI may have one more move: the reply to our last).
/// `gui_log` (the GUI's output) goes into the failure messages.
fn check(played: &Played, gui_pgn: Option<&str>, least: usize, side_offset: usize, gui_log: &str) {
    let Played {
        stdout,
        stderr,
        success,
        moves,
        ..
    } = played;
    assert!(
        success,
        "autoplay failed\n{stdout}\n{stderr}\nGUI:\n{gui_log}"
    );
    let ours = moves.iter().skip(side_offset).step_by(2).count();
    assert!(
        ours >= least || stdout.contains("game over"),
        "only {ours} of our moves\n{stdout}\n{stderr}\nGUI:\n{gui_log}"
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
        // error pop-ups are named otherwise.
        let log = dir.path().join("xboard.log");
        let (screen, mut xboard) = start_gui(
            &tools.xvfb,
            &tools.xdotool,
            "XBoard",
            "^xboard: | vs\\. |start\\.fen$",
            &log,
            |display| {
                let mut cmd = Command::new(&tools.xboard);
                cmd.args(&args).env("DISPLAY", display);
                cmd
            },
        );
        std::thread::sleep(Duration::from_secs(3));
        let mut flags = vec!["--color", side];
        flags.extend(ours);
        let played = autoplay(&screen, dir.path(), &flags);
        // Let XBoard register the last move, then make it save the game.
        std::thread::sleep(Duration::from_secs(2));
        terminate(&mut xboard.0);
        let text = std::fs::read_to_string(&saved).unwrap_or_else(|e| {
            panic!(
                "XBoard saved no game ({e})\n{}\n{}\n{}",
                played.stdout,
                played.stderr,
                log_tail(&log)
            )
        });
        if let Some(fen) = fen {
            assert_eq!(played.fen.as_deref(), Some(fen), "{}", played.stdout);
        }
        let side_offset = if fen.is_some() { 0 } else { offset(side) };
        check(&played, Some(&text), least, side_offset, &log_tail(&log));
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

mod gnome_chess {
    //! GNOME Chess (GTK 4) with GNU Chess, its default settings but for the opponent.

    use super::*;

    struct Tools {
        xvfb: PathBuf,
        gnome_chess: PathBuf,
        gnuchess: PathBuf,
        xdotool: PathBuf,
    }

    fn tools() -> Option<Tools> {
        Some(Tools {
            xvfb: require_program("Xvfb")?,
            gnome_chess: require_program("gnome-chess")?,
            gnuchess: require_program("gnuchess")?,
            xdotool: require_program("xdotool")?,
        })
    }

    /// Plays one game with autoplay on `side`, from the game in `start` (PGN text) if given,
    /// and checks it against the game GNOME Chess saves when it quits; returns autoplay's
    /// moves.
    fn game(
        tools: &Tools,
        side: &str,
        start: Option<&str>,
        ours: &[&str],
        least: usize,
    ) -> Vec<String> {
        let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("config");
        let data = dir.path().join("data");
        let settings = config.join("glib-2.0/settings");
        std::fs::create_dir_all(&settings).unwrap();
        // The settings live in a key file of our own (the gsettings key-file back end): only
        // the opponent, its strength and our side differ from GNOME Chess's defaults.
        std::fs::write(
            settings.join("keyfile"),
            format!(
                "[org/gnome/Chess]\nopponent='GNU Chess'\ndifficulty='easy'\nplay-as='{side}'\n"
            ),
        )
        .unwrap();
        let mut args = Vec::new();
        if let Some(pgn) = start {
            let file = dir.path().join("start.pgn");
            std::fs::write(&file, pgn).unwrap();
            args.push(file);
        }
        // GNOME Chess runs its engines by the names in its engines.conf, looked up on the PATH;
        // /usr/games (where Debian puts gnuchess) is not on every PATH, and without it GNU
        // Chess never replies.
        let engine_dir = tools.gnuchess.parent().unwrap().to_path_buf();
        let path = std::env::join_paths(std::iter::once(engine_dir).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )))
        .unwrap();
        let log = dir.path().join("gnome-chess.log");
        // The main window is named for the side to move ("White to Move", "White is
        // Thinking…"); GTK 4 draws with cairo on Xvfb (its GL renderer needs a GPU).
        let (screen, mut gnome_chess) = start_gui(
            &tools.xvfb,
            &tools.xdotool,
            "GNOME Chess",
            "to Move|Thinking",
            &log,
            |display| {
                let mut cmd = Command::new(&tools.gnome_chess);
                cmd.args(&args)
                    .env("DISPLAY", display)
                    .env("GSK_RENDERER", "cairo")
                    .env("GSETTINGS_BACKEND", "keyfile")
                    .env("XDG_CONFIG_HOME", &config)
                    .env("XDG_DATA_HOME", &data)
                    .env("XDG_CACHE_HOME", dir.path().join("cache"))
                    .env("HOME", dir.path())
                    .env("PATH", &path);
                cmd
            },
        );
        let mut flags = vec!["--color", side];
        flags.extend(ours);
        let played = autoplay(&screen, dir.path(), &flags);
        // Let GNOME Chess register the last move, then quit it with Ctrl+Q: it saves the game
        // in progress to its autosave file.
        std::thread::sleep(Duration::from_secs(2));
        let window = screen
            .xdotool(&["search", "--onlyvisible", "--classname", "gnome-chess"])
            .and_then(|ids| ids.split_whitespace().next().map(str::to_string))
            .unwrap_or_else(|| {
                panic!(
                    "GNOME Chess's window is gone\n{}\n{}\n{}",
                    played.stdout,
                    played.stderr,
                    log_tail(&log)
                )
            });
        screen.xdotool(&["key", "--window", &window, "ctrl+q"]);
        for _ in 0..100 {
            if let Ok(Some(_)) = gnome_chess.0.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let saved = data.join("gnome-chess/autosave.pgn");
        let text = std::fs::read_to_string(&saved);
        // A finished game is not kept: then only autoplay's own game is checked.
        let text = match text {
            Ok(text) => Some(text),
            Err(_) if played.stdout.contains("game over") => None,
            Err(e) => panic!(
                "GNOME Chess saved no game ({e})\n{}\n{}\n{}",
                played.stdout,
                played.stderr,
                log_tail(&log)
            ),
        };
        let side_offset = if start.is_some() { 0 } else { offset(side) };
        check(
            &played,
            text.as_deref(),
            least,
            side_offset,
            &log_tail(&log),
        );
        played.moves
    }

    #[test]
    fn autoplay_plays_white_and_black_against_gnome_chess() {
        let Some(tools) = tools() else {
            return;
        };
        let flags = ["--max-moves", "20", "--level", "4", "--movetime", "100"];
        game(&tools, "white", None, &flags, 20);
        game(&tools, "black", None, &flags, 20);
    }

    #[test]
    fn autoplay_promotes_on_gnome_chess() {
        let Some(tools) = tools() else {
            return;
        };
        // GNOME Chess loads a game from a set-up position given on its command line (with no
        // engine named in it, both sides are played on the board: GNU Chess is not told of a
        // set-up position and answers as from the start); it asks for the piece in a "Select
        // Promotion Type" dialog. Full strength: the promotion is the only good move.
        let fen = "8/1P4k1/8/8/8/8/5K2/8 w - - 0 1";
        let start = format!(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"?\"]\n\
             [Black \"?\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*\n"
        );
        let moves = game(
            &tools,
            "white",
            Some(&start),
            &["--turn", "white", "--max-moves", "1", "--movetime", "300"],
            1,
        );
        assert_eq!(moves[0], "b8=Q", "{moves:?}");
    }
}
