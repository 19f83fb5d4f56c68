//! Real games: Xvfb, a chess GUI with its own engine, and `chessbot autoplay` with the real
//! mouse, checked against the game the GUI itself saves.
//!
//! Each GUI with its settings as a user has them (XBoard with Fairy-Max and Debian's settings,
//! GNOME Chess with GNU Chess, PyChess with Fairy-Max): 20 of our moves as White and as Black at
//! the default poll, and a promotion from a position one move before it. The games run one at a
//! time (each on its own X screen).

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
/// again, up to six times, a few seconds apart. The GUI's output goes to `log`, the X server's
/// to `log` with `.xvfb` added.
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
        let xvfb_log = log.with_extension("xvfb");
        let screen = Screen::start(xvfb, xdotool, &xvfb_log);
        let child = spawn(&mut gui(&screen.display), Some(log));
        if screen.wait_for_window(window, 30) {
            return (screen, child);
        }
        eprintln!(
            "{name} shows no main window (visible: {:?}); starting again\n{}\nXvfb:\n{}",
            screen.window_names(),
            log_tail(log),
            log_tail(&xvfb_log)
        );
    }
    panic!(
        "{name} showed no main window in six starts\n{}\nXvfb:\n{}",
        log_tail(log),
        log_tail(&log.with_extension("xvfb"))
    );
}

/// The folders of the PATH with `first` put before them, for a GUI that finds its engines on
/// the PATH; folders named in `without` are left out.
fn path_with(first: &Path, without: &[&Path]) -> std::ffi::OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let rest = std::env::split_paths(&path).filter(|dir| !without.contains(&dir.as_path()));
    std::env::join_paths(std::iter::once(first.to_path_buf()).chain(rest)).unwrap()
}

/// Waits up to `seconds` for the file at `path` to exist with text that contains `needle`
/// (read loosely: GUIs write Latin-1 too); its text when it does.
fn wait_for_file(path: &Path, needle: &str, seconds: u64) -> Option<String> {
    for _ in 0..seconds * 4 {
        if let Ok(bytes) = std::fs::read(path) {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            if text.contains(needle) {
                return Some(text);
            }
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    None
}

/// An Xvfb screen of 1280x800.
struct Screen {
    display: String,
    _xvfb: Guard,
    xdotool: PathBuf,
}

static NEXT_DISPLAY: AtomicU32 = AtomicU32::new(0);

impl Screen {
    /// Starts Xvfb on a free display, its output going to `log`. With `-noreset`: an X server
    /// resets itself when its last client disconnects, and a client that connects during the
    /// reset (a GUI started right after xdotool's check that the screen is up) can fail to open
    /// the display.
    fn start(xvfb: &Path, xdotool: &Path, log: &Path) -> Screen {
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
            Command::new(xvfb).args([
                &display,
                "-screen",
                "0",
                "1280x800x24",
                "-nolisten",
                "tcp",
                "-noreset",
            ]),
            Some(log),
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

    /// The first visible window whose name matches `name`.
    fn window(&self, name: &str) -> Option<String> {
        self.xdotool(&["search", "--onlyvisible", "--name", name])
            .and_then(|ids| ids.split_whitespace().next().map(str::to_string))
    }

    /// Waits until a visible window whose name matches `name` is shown.
    fn wait_for_window(&self, name: &str, seconds: u64) -> bool {
        for _ in 0..seconds * 4 {
            if self.window(name).is_some() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(250));
        }
        false
    }

    /// Gives the keyboard to the visible window whose name matches `name` and types `key`
    /// there (through the X test extension: some GUIs ignore keys sent to a window); whether
    /// the window was there.
    fn key(&self, name: &str, key: &str) -> bool {
        let Some(window) = self.window(name) else {
            return false;
        };
        if self.xdotool(&["windowfocus", &window]).is_none() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(300));
        self.xdotool(&["key", key]).is_some()
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

/// The flags of the whole games: 20 of our moves at level 4, 100 ms a move.
const GAME_FLAGS: [&str; 6] = ["--max-moves", "20", "--level", "4", "--movetime", "100"];

/// A position one move before a promotion (b7-b8), White to move.
const PROMOTION_FEN: &str = "8/1P4k1/8/8/8/8/5K2/8 w - - 0 1";

/// The flags of the promotion games: our one move, at full strength (the promotion is the only
/// good move).
const PROMOTION_FLAGS: [&str; 6] = ["--turn", "white", "--max-moves", "1", "--movetime", "300"];

/// A PGN game from the set-up position `fen`, no moves yet, for a GUI to open.
fn setup_pgn(fen: &str) -> String {
    format!(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*\n"
    )
}

/// Checks a run against the game the GUI `gui` saved (`None`: it saved none, which only a
/// finished game may leave: such a game is not kept) and returns autoplay's moves. `setup`:
/// the game started from a set-up position, where our moves count from the first.
fn finish(
    gui: &str,
    played: Played,
    saved: Option<String>,
    setup: bool,
    side: &str,
    least: usize,
    log: &Path,
) -> Vec<String> {
    if saved.is_none() && !played.stdout.contains("game over") {
        panic!(
            "{gui} saved no game\n{}\n{}\n{}",
            played.stdout,
            played.stderr,
            log_tail(log)
        );
    }
    let side_offset = if setup { 0 } else { offset(side) };
    check(
        &played,
        saved.as_deref(),
        least,
        side_offset,
        &log_tail(log),
    );
    played.moves
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
        game(&tools, "white", None, &GAME_FLAGS, 20);
        game(&tools, "black", None, &GAME_FLAGS, 20);
    }

    #[test]
    fn autoplay_promotes_on_xboard() {
        let Some(tools) = tools() else {
            return;
        };
        let moves = game(&tools, "white", Some(PROMOTION_FEN), &PROMOTION_FLAGS, 1);
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
        let path = path_with(tools.gnuchess.parent().unwrap(), &[]);
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
        let saved = std::fs::read_to_string(data.join("gnome-chess/autosave.pgn")).ok();
        finish(
            "GNOME Chess",
            played,
            saved,
            start.is_some(),
            side,
            least,
            &log,
        )
    }

    #[test]
    fn autoplay_plays_white_and_black_against_gnome_chess() {
        let Some(tools) = tools() else {
            return;
        };
        game(&tools, "white", None, &GAME_FLAGS, 20);
        game(&tools, "black", None, &GAME_FLAGS, 20);
    }

    #[test]
    fn autoplay_promotes_on_gnome_chess() {
        let Some(tools) = tools() else {
            return;
        };
        // GNOME Chess loads a game from a set-up position given on its command line (with no
        // engine named in it, both sides are played on the board: GNU Chess is not told of a
        // set-up position and answers as from the start); it asks for the piece in a "Select
        // Promotion Type" dialog.
        let start = setup_pgn(PROMOTION_FEN);
        let moves = game(&tools, "white", Some(&start), &PROMOTION_FLAGS, 1);
        assert_eq!(moves[0], "b8=Q", "{moves:?}");
    }
}

mod pychess {
    //! PyChess (GTK 3) with Fairy-Max, its default settings but for the players and the
    //! engine's strength.

    use super::*;

    struct Tools {
        xvfb: PathBuf,
        pychess: PathBuf,
        fairymax: PathBuf,
        xdotool: PathBuf,
    }

    fn tools() -> Option<Tools> {
        Some(Tools {
            xvfb: require_program("Xvfb")?,
            pychess: require_program("pychess")?,
            fairymax: require_program("fairymax")?,
            xdotool: require_program("xdotool")?,
        })
    }

    /// PyChess's main window before a game runs; during one it is named after the players
    /// (`root - fairymax - PyChess`).
    const WELCOME: &str = "^Welcome - PyChess$";
    const GAME: &str = " - PyChess$";

    /// Plays one game with autoplay on `side` against Fairy-Max, from the game in `start` (PGN
    /// text) if given, and checks it against the game PyChess saves when it quits; returns
    /// autoplay's moves.
    fn game(
        tools: &Tools,
        side: &str,
        start: Option<&str>,
        ours: &[&str],
        least: usize,
    ) -> Vec<String> {
        let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let config = home.join(".config");
        std::fs::create_dir_all(config.join("pychess")).unwrap();
        // PyChess lists the engines it finds on the PATH, sorted by name, after "Human Being"
        // in its New Game dialog, and keeps the dialog's choices in its config file: a PATH
        // whose only engine is Fairy-Max (a link in a folder of its own, the engines' usual
        // folder left out) makes the list Human Being, fairymax, PyChess.py (its own engine).
        // Strength 5 of 20 (Fairy-Max searches 5 plies: quick replies), no time limit (the
        // dialog's default), and no tip of the day or offer of downloads over the board at
        // the start. The rest are PyChess's defaults: pieces slide, a star marks the last
        // move's square, a promotion asks for the piece in a dialog, and the game in progress
        // is saved to ~/pychess.pgn when PyChess quits.
        let bin = dir.path().join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink(&tools.fairymax, bin.join("fairymax")).unwrap();
        let path = path_with(&bin, &[tools.fairymax.parent().unwrap()]);
        let (white, black) = if side == "white" { (0, 1) } else { (1, 0) };
        std::fs::write(
            config.join("pychess/config"),
            format!(
                "[General]\nshow_tip_at_startup = False\ndont_show_externals_at_startup = True\n\
                 whiteplayercombobox = {white}\nblackplayercombobox = {black}\n\
                 skillslider1 = 5\nskillslider2 = 5\n"
            ),
        )
        .unwrap();
        let mut args = vec!["--no-version-check".to_string()];
        if let Some(pgn) = start {
            let file = dir.path().join("start.pgn");
            std::fs::write(&file, pgn).unwrap();
            args.push(file.to_str().unwrap().to_string());
        }
        let log = dir.path().join("pychess.log");
        let (screen, _pychess) = start_gui(
            &tools.xvfb,
            &tools.xdotool,
            "PyChess",
            WELCOME,
            &log,
            |display| {
                let mut cmd = Command::new(&tools.pychess);
                cmd.args(&args)
                    .env("DISPLAY", display)
                    .env("HOME", &home)
                    .env("XDG_CONFIG_HOME", &config)
                    .env("XDG_DATA_HOME", home.join(".local/share"))
                    .env("XDG_CACHE_HOME", home.join(".cache"))
                    .env("PATH", &path);
                cmd
            },
        );
        let fail = |what: &str| -> ! {
            panic!(
                "{what} (visible: {:?})\n{}",
                screen.window_names(),
                log_tail(&log)
            )
        };
        // The player lists are filled once PyChess has looked for engines (it then writes
        // engines.json).
        if wait_for_file(&config.join("pychess/engines.json"), "fairymax", 60).is_none() {
            fail("PyChess did not find Fairy-Max");
        }
        std::thread::sleep(Duration::from_secs(2));
        // The window as a user would size it for play (without a window manager it opens at
        // 679x600, the board's squares 31 px).
        let main = screen
            .window(WELCOME)
            .unwrap_or_else(|| fail("no main window"));
        screen.xdotool(&["windowmove", &main, "0", "0"]);
        screen.xdotool(&["windowsize", &main, "1280", "800"]);
        std::thread::sleep(Duration::from_secs(1));
        let dialog = match start {
            // A game from the start: Ctrl+N opens the New Game dialog.
            None => {
                if !screen.key(WELCOME, "ctrl+n") || !screen.wait_for_window("^New Game$", 20) {
                    fail("no New Game dialog");
                }
                "^New Game$"
            }
            // A file on the command line opens in the Database tab, its game the selected row
            // of the game list, which fills the tab's left half; a click on the list's empty
            // part gives it the keyboard, and Return opens the game, unfinished, in an Enter
            // Game dialog like the New Game one.
            Some(_) => {
                let opened = (0..5).any(|_| {
                    screen.xdotool(&["mousemove", "--window", &main, "300", "500", "click", "1"]);
                    std::thread::sleep(Duration::from_millis(300));
                    screen.xdotool(&["key", "Return"]);
                    screen.wait_for_window("^Enter Game$", 5)
                });
                if !opened {
                    fail("no Enter Game dialog");
                }
                "^Enter Game$"
            }
        };
        // Its Start Game button has the keyboard.
        screen.key(dialog, "Return");
        let started = (0..80).any(|_| {
            std::thread::sleep(Duration::from_millis(250));
            screen.window(WELCOME).is_none() && screen.window(GAME).is_some()
        });
        if !started {
            fail("no game started");
        }
        // The window is named after the players.
        if start.is_none() && screen.window("fairymax").is_none() {
            fail("the opponent is not Fairy-Max");
        }
        let mut flags = vec!["--color", side];
        flags.extend(ours);
        let played = autoplay(&screen, dir.path(), &flags);
        // Let PyChess register the last move, then quit it with Ctrl+Q: it saves the game in
        // progress first.
        std::thread::sleep(Duration::from_secs(2));
        screen.key(GAME, "ctrl+q");
        let saved = home.join("pychess.pgn");
        let text = wait_for_file(&saved, "[Result", 20).map(|_| {
            // Written in one piece; read again once it has surely been.
            std::thread::sleep(Duration::from_secs(1));
            String::from_utf8_lossy(&std::fs::read(&saved).unwrap()).into_owned()
        });
        if let (Some(text), Some(_)) = (&text, start) {
            assert_eq!(
                sans(text).1,
                played.fen,
                "PyChess's game starts elsewhere\n{text}"
            );
        }
        finish("PyChess", played, text, start.is_some(), side, least, &log)
    }

    #[test]
    fn autoplay_plays_white_and_black_against_pychess() {
        let Some(tools) = tools() else {
            return;
        };
        game(&tools, "white", None, &GAME_FLAGS, 20);
        game(&tools, "black", None, &GAME_FLAGS, 20);
    }

    #[test]
    fn autoplay_promotes_on_pychess() {
        let Some(tools) = tools() else {
            return;
        };
        // A set-up position in a PGN file given on the command line, played as a game with
        // the New Game dialog's players; PyChess asks for the piece in a dialog of four piece
        // buttons.
        let start = setup_pgn(PROMOTION_FEN);
        let moves = game(&tools, "white", Some(&start), &PROMOTION_FLAGS, 1);
        assert_eq!(moves[0], "b8=Q", "{moves:?}");
    }
}
