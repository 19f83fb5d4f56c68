//! `chessbot play` driven through piped stdin (the scriptable mode), and in tmux (the screen).

use crate::common::chessbot;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `chessbot play ARGS` with `input` on stdin; returns stdout, stderr and the exit code.
fn play(args: &[&str], input: &str) -> (String, String, i32) {
    let out = chessbot()
        .arg("play")
        .args(args)
        .env_remove("NO_COLOR")
        .write_stdin(input)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("chessbot runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn last_line(s: &str) -> &str {
    s.lines().last().unwrap_or("")
}

fn temp_pgn() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.pgn");
    (dir, path)
}

#[test]
fn player_mates_and_the_game_is_saved() {
    let (_dir, pgn) = temp_pgn();
    let (out, err, code) = play(
        &[
            "--depth",
            "1",
            "--fen",
            "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
            "--pgn-out",
            pgn.to_str().unwrap(),
        ],
        "Qg7\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(last_line(&out), "1-0 White wins by checkmate");
    let text = std::fs::read_to_string(&pgn).unwrap();
    for tag in [
        "[Event ",
        "[Site ",
        "[Date ",
        "[Round ",
        "[White \"You\"]",
        "[Black ",
        "[Result \"1-0\"]",
        "[SetUp \"1\"]",
        "[FEN \"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\"]",
        "[Termination \"normal\"]",
    ] {
        assert!(text.contains(tag), "{tag} missing:\n{text}");
    }
    assert!(
        text.contains("1. Qg7# {White wins by checkmate} 1-0"),
        "{text}"
    );
}

/// Our engine or another, set up by `engine_args`, mates the player in one.
fn engine_mates_in_one(engine_args: &[&str]) {
    let mut args = engine_args.to_vec();
    args.extend([
        "--color",
        "black",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    ]);
    let (out, err, code) = play(&args, "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Ra8#\n1-0 White wins by checkmate\n");
}

#[test]
fn engine_mates_the_player() {
    for threads in ["1", "2"] {
        engine_mates_in_one(&["--depth", "2", "--threads", threads]);
    }
}

#[test]
fn stalemate_fifty_moves_and_insufficient_material() {
    for (fen, mv, want) in [
        (
            "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1",
            "qf7",
            "1/2-1/2 Draw by stalemate: Black has no legal move",
        ),
        (
            "7k/8/8/8/8/8/8/R6K w - - 99 80",
            "a1a2",
            "1/2-1/2 Draw by the fifty-move rule",
        ),
        (
            "7k/8/8/8/8/8/6r1/7K w - - 0 1",
            "Kxg2",
            "1/2-1/2 Draw by insufficient material",
        ),
    ] {
        let (out, err, code) = play(&["--depth", "1", "--fen", fen], &format!("{mv}\n"));
        assert_eq!(code, 0, "{err}");
        assert_eq!(last_line(&out), want, "{fen}");
    }
}

#[test]
fn threefold_repetition() {
    // Black's king can only shuttle h8-g8; White's king shuttles a1-b1.
    let (out, err, code) = play(
        &["--depth", "1", "--fen", "7k/7p/7P/8/8/8/8/K4R2 w - - 0 1"],
        "Kb1\nKa1\nKb1\nKa1\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Kg8\nKh8\nKg8\nKh8\n1/2-1/2 Draw by threefold repetition\n"
    );
}

#[test]
fn resignation() {
    let (_dir, pgn) = temp_pgn();
    let (out, err, code) = play(
        &["--depth", "1", "--pgn-out", pgn.to_str().unwrap()],
        "e4\nresign\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(last_line(&out), "0-1 Black wins: White resigned");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(text.contains("1. e4 "), "{text}");
}

#[test]
fn draw_offers_follow_the_engine_evaluation() {
    // Black (the engine) is a queen down: it accepts.
    let (out, err, code) = play(
        &["--depth", "2", "--fen", "3k4/8/8/8/8/8/8/Q3K3 w - - 0 1"],
        "draw\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "draw accepted\n1/2-1/2 Draw by agreement\n");
    // Black is a queen up: it declines and the game goes on.
    let (out, err, code) = play(
        &["--depth", "2", "--fen", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1"],
        "draw\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("draw declined"), "{out}");
    assert!(!out.contains("Draw by agreement"), "{out}");
}

#[test]
fn loses_on_time_when_the_flag_falls() {
    // Stdin stays open and silent: White's 0.6 s run out.
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("chessbot"))
        .args(["play", "--depth", "1", "--tc", "0.6+0"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"e4\n").unwrap();
    stdin.flush().unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(started.elapsed() < Duration::from_secs(30), "no flag fall");
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(
        last_line(&out),
        "0-1 Black wins on time: White's flag fell",
        "{out}"
    );
}

#[test]
fn promotion_asks_for_the_piece_and_save_writes_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("saved.pgn");
    let input = format!("e8\nn\nsave {}\nquit\n", saved.display());
    let (out, err, code) = play(
        &["--depth", "1", "--fen", "7k/4P3/8/8/8/8/P7/K7 w - - 0 1"],
        &input,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Promote to which piece? (q, r, b, n)\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!("saved to {}", saved.display())),
        "{out}"
    );
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("1. e8=N "), "{text}");
    assert!(text.contains("[Result \"*\"]"), "{text}");
    // The piece given at once; a bad answer cancels and nothing changes.
    let (out, _, _) = play(
        &["--depth", "1", "--fen", "7k/4P3/8/8/8/8/P7/K7 w - - 0 1"],
        "e8\nx\nfen\ne7e8q\n",
    );
    assert!(out.contains("7k/4P3/8/8/8/8/P7/K7 w - - 0 1"), "{out}");
    let (_, err, _) = play(
        &["--depth", "1", "--fen", "7k/4P3/8/8/8/8/P7/K7 w - - 0 1"],
        "e8\nx\n",
    );
    assert!(err.contains("'x' is not a piece to promote to"), "{err}");
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let (out, err, code) = play(&["--depth", "1"], "e4\nundo\nfen\nundo\n");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[1], "took back 2 moves");
    assert_eq!(
        lines[2],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(err.contains("no move of yours to take back"), "{err}");
}

#[test]
fn garbage_and_illegal_lines_change_nothing() {
    let (out, err, code) = play(&["--depth", "1"], "hello world\nxyz\ne5\nNf6\nfen\n");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
    let errs: Vec<&str> = err.lines().collect();
    assert_eq!(errs.len(), 4, "{err}");
    assert!(errs[0].contains("'hello world' is neither a move nor a command"));
    assert!(errs[2].contains("illegal move 'e5': no pawn of yours can move to e5"));
    assert!(errs[3].contains("illegal move 'Nf6'"));
}

#[test]
fn end_of_input_saves_the_game_so_far() {
    let (_dir, pgn) = temp_pgn();
    let (out, err, code) = play(
        &["--depth", "1", "--pgn-out", pgn.to_str().unwrap()],
        "d4\nc4\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(err.contains("end of input"), "{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Result \"*\"]"), "{text}");
    assert!(text.contains("1. d4 ") && text.contains("2. c4 "), "{text}");
    assert!(text.contains("[Termination \"unterminated\"]"), "{text}");
}

#[test]
fn continues_a_saved_game() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    std::fs::write(&input, "[White \"Me\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n").unwrap();
    let out_pgn = dir.path().join("out.pgn");
    let (out, err, code) = play(
        &[
            "--depth",
            "1",
            "--pgn",
            input.to_str().unwrap(),
            "--pgn-out",
            out_pgn.to_str().unwrap(),
        ],
        "Bb5\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "one engine reply: {out}");
    let text = std::fs::read_to_string(&out_pgn).unwrap();
    assert!(text.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 "), "{text}");
}

#[test]
fn commands_moves_hint_pgn_and_help() {
    let (out, err, code) = play(
        &["--depth", "1", "--fen", "7k/8/8/8/8/8/8/R6K w - - 0 1"],
        "moves\nhint\npgn\nhelp\nflip\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "16 legal moves: Kg1 Kg2 Kh2 Ra2 Ra3 Ra4 Ra5 Ra6 Ra7 Ra8+ Rb1 Rc1 Rd1 Re1 Rf1 Rg1"
        ),
        "{out}"
    );
    assert!(out.contains("hint: "), "{out}");
    assert!(
        out.contains("[FEN \"7k/8/8/8/8/8/8/R6K w - - 0 1\"]"),
        "{out}"
    );
    assert!(out.contains("save FILE"), "{out}");
    assert!(out.contains("board turned: Black at the bottom"), "{out}");
}

#[test]
fn bad_start_and_bad_flags_exit_2() {
    let (_, err, code) = play(
        &[
            "--fen",
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("bad piece letter 'X'"), "{err}");
    let (_, err, code) = play(&["--tc", "fast"], "");
    assert_eq!(code, 2);
    assert!(err.contains("bad time control 'fast'"), "{err}");
    let (_, err, code) = play(&["--pgn", "/nonexistent/game.pgn"], "");
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /nonexistent/game.pgn"), "{err}");
    // An external engine takes its threads as an engine option.
    let (_, err, code) = play(&["--threads", "2", "--engine", "stockfish"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--threads"), "{err}");
}

#[test]
fn chess960_start_and_castling() {
    let (out, err, code) = play(&["--chess960", "--seed", "7", "--depth", "1"], "fen\n");
    assert_eq!(code, 0, "{err}");
    let fen = out.lines().next().unwrap();
    assert!(
        fen.ends_with(" w KQkq - 0 1") || fen.contains(" w "),
        "{fen}"
    );
    assert_ne!(
        fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // Chess960 castling from a given FEN, king on b1 and rook on a1: O-O-O.
    let (out, err, code) = play(
        &[
            "--chess960",
            "--depth",
            "1",
            "--fen",
            "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGbh - 0 1",
        ],
        "O-O-O\nfen\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().nth(1).unwrap().contains("/2KR2R1 w"), "{out}");
}

/// A UCI engine in shell that handshakes, then dies (`crash`) or never answers (`hang`) on `go`.
fn fake_engine(dir: &std::path::Path, on_go: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(format!("{on_go}-engine"));
    let action = if on_go == "crash" {
        "exit 3"
    } else {
        "sleep 60"
    };
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name Fake'; echo uciok ;;\n    isready) echo readyok ;;\n    go*) {action} ;;\n  esac\ndone\n"
        ),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn engine_crash_is_reported_and_our_engine_takes_over() {
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_engine(dir.path(), "crash");
    let pgn = dir.path().join("game.pgn");
    let args = [
        "--engine",
        engine.to_str().unwrap(),
        "--movetime",
        "100",
        "--pgn-out",
        pgn.to_str().unwrap(),
    ];
    // Declining: exit 1, the game so far kept.
    let (out, err, code) = play(&args, "e4\nno\n");
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("Fake") && err.contains("crashed"), "{err}");
    assert!(
        out.contains("Continue against chessbot's own engine? (yes/no)"),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("1. e4 *"), "{text}");
    // Accepting: our engine answers and the game goes on.
    let (out, err, code) = play(&args, "e4\nyes\nfen\n");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Continue against chessbot's own engine? (yes/no)");
    assert_eq!(lines[1], "Playing on against chessbot's own engine.");
    assert!(
        lines[3].contains(" w KQkq - ") || lines[3].contains(" w "),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Black \"chessbot\"]"), "{text}");
}

#[test]
fn engine_hang_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_engine(dir.path(), "hang");
    let (out, err, code) = play(
        &["--engine", engine.to_str().unwrap(), "--movetime", "50"],
        "e4\nno\n",
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("did not answer") || err.contains("timed out"),
        "{err}"
    );
}

#[test]
fn missing_engine_gives_an_install_hint() {
    let (_, err, code) = play(&["--engine", "/nonexistent/stockfish"], "");
    assert_eq!(code, 2);
    assert!(err.contains("apt-get install stockfish"), "{err}");
    let (_, err, code) = play(&["--engine", "stockfish", "--engine-option", "Hash"], "");
    assert_eq!(code, 2);
    assert!(err.contains("bad --engine-option 'Hash'"), "{err}");
}

#[test]
fn games_against_stockfish() {
    let Some(sf) = crate::common::require_program("stockfish") else {
        return;
    };
    let sf = sf.to_str().unwrap();
    // Stockfish mates the player.
    engine_mates_in_one(&["--engine", sf, "--depth", "5"]);
    // A few moves at limited strength (UCI_Elo and, below 1320, Skill Level), promotion, undo.
    for elo in ["1500", "900"] {
        let dir = tempfile::tempdir().unwrap();
        let pgn = dir.path().join("g.pgn");
        let (out, err, code) = play(
            &[
                "--engine",
                sf,
                "--elo",
                elo,
                "--movetime",
                "50",
                "--fen",
                "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
                "--pgn-out",
                pgn.to_str().unwrap(),
            ],
            "a8\nq\nundo\na8=R\nKe2\n",
        );
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("took back 2 moves"), "{out}");
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert!(text.contains("1. a8=R"), "{text}");
        assert!(text.contains(&format!("(Elo {elo})")), "{text}");
    }
}

/// The interactive screen in a real terminal: tmux runs `chessbot play`, keys are sent and the
/// pane is read back.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(args: &[&str], env: &[(&str, &str)]) -> Option<Tmux> {
        Tmux::launch(args, env, 100, false)
    }

    /// `chessbot play ARGS` in a `columns`-wide terminal; with `report_exit` the pane shows
    /// `exit CODE` when it ends.
    fn launch(
        args: &[&str],
        env: &[(&str, &str)],
        columns: u32,
        report_exit: bool,
    ) -> Option<Tmux> {
        crate::common::require_program("tmux")?;
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let socket = format!("chessbot-play-test-{}-{n}", std::process::id());
        let bin = assert_cmd::cargo::cargo_bin("chessbot");
        let mut cmd = format!("{} play", bin.display());
        for a in args {
            cmd.push_str(&format!(" '{a}'"));
        }
        if report_exit {
            cmd.push_str("; echo \"exit $?\"; sleep 60");
        }
        let columns = columns.to_string();
        let mut tmux = Command::new("tmux");
        tmux.args([
            "-L",
            &socket,
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            &columns,
            "-y",
            "34",
        ])
        .env("TERM", "xterm-256color")
        .env_remove("NO_COLOR");
        for (k, v) in env {
            tmux.args(["-e", &format!("{k}={v}")]);
        }
        let status = tmux.arg(cmd).status().expect("tmux runs");
        assert!(status.success(), "tmux new-session failed");
        Some(Tmux { socket })
    }

    fn send(&self, keys: &str) {
        let ok = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-l", keys])
            .status()
            .unwrap()
            .success();
        assert!(ok);
        Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "Enter"])
            .status()
            .unwrap();
    }

    /// Sends keys by their tmux names (`Left`, `Tab`, `Up`, `C-c`, `Enter`).
    fn keys(&self, keys: &[&str]) {
        let ok = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys"])
            .args(keys)
            .status()
            .unwrap()
            .success();
        assert!(ok);
    }

    /// Types `text` without pressing Enter.
    fn type_text(&self, text: &str) {
        let ok = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-l", text])
            .status()
            .unwrap()
            .success();
        assert!(ok);
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits (up to 30 s) for the screen to satisfy `ok`, and returns it.
    fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let started = Instant::now();
        loop {
            let s = self.screen();
            if ok(&s) {
                return s;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "timed out waiting for {what}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

/// The line of the screen that starts with rank `rank`'s label.
fn rank_line(screen: &str, rank: char) -> String {
    screen
        .lines()
        .find(|l| l.starts_with(rank) && l.chars().nth(1) == Some(' '))
        .unwrap_or_else(|| panic!("no rank {rank} in\n{screen}"))
        .to_string()
}

#[test]
fn interactive_screen_in_tmux() {
    let Some(t) = Tmux::start(&["--depth", "1", "--tc", "300+3"], &[]) else {
        return;
    };
    let s = t.wait_for("the board", |s| s.contains("Your move (White):"));
    // Unicode pieces, White at the bottom, files under the board, both clocks.
    let top: String = rank_line(&s, '8')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    assert!(top.starts_with("8♜♞♝♛♚♝♞♜"), "{s}");
    let bottom: String = rank_line(&s, '1')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    assert!(bottom.starts_with("1♜♞♝♛♚♝♞♜"), "{s}");
    assert!(s.contains("a  b  c  d  e  f  g  h"), "{s}");
    assert!(s.contains("5:00"), "clocks shown:\n{s}");
    t.send("e4");
    let s = t.wait_for("the reply", |s| {
        s.contains("played") && s.contains("Your move")
    });
    assert!(s.contains("1. e4"), "move list:\n{s}");
    let r4 = rank_line(&s, '4');
    // e4 is the fifth square: columns 2 + 3*4 + 1.
    assert_eq!(r4.chars().nth(15), Some('♟'), "pawn on e4:\n{s}");
    t.send("Ke3");
    let s = t.wait_for("the complaint", |s| s.contains("illegal move 'Ke3'"));
    assert!(s.contains("Your move"), "{s}");
    t.send("flip");
    let s = t.wait_for("the flipped board", |s| {
        let first_rank = s.lines().find(|l| l.starts_with(['1', '8']));
        first_rank.is_some_and(|l| l.starts_with('1'))
    });
    assert!(s.contains("h  g  f  e  d  c  b  a"), "{s}");
    t.send("quit");
}

#[test]
fn interactive_ascii_when_no_color() {
    let Some(t) = Tmux::start(&["--depth", "1"], &[("NO_COLOR", "1")]) else {
        return;
    };
    let s = t.wait_for("the board", |s| s.contains("Your move (White):"));
    assert!(s.contains("8 | r  n  b  q  k  b  n  r |"), "{s}");
    assert!(s.contains("1 | R  N  B  Q  K  B  N  R |"), "{s}");
    t.send("e2e4");
    let s = t.wait_for("the reply", |s| s.contains("played"));
    assert!(s.contains("4 | .  .  .  .  P  .  .  . |"), "{s}");
    // The reply's two squares are marked [ ].
    let marks: usize = s
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.matches('[').count())
        .sum();
    assert_eq!(marks, 2, "last move marked:\n{s}");
    t.send("quit");
}

#[test]
fn levels_name_the_opponent_and_bad_levels_exit_2() {
    let (_dir, pgn) = temp_pgn();
    let (out, err, code) = play(
        &[
            "--level",
            "2",
            "--depth",
            "4",
            "--pgn-out",
            pgn.to_str().unwrap(),
        ],
        "e4\nd4\n",
    );
    assert_eq!(code, 0, "{err}");
    // Two replies, one per line, then the game is saved at the end of input.
    assert!(out.lines().count() >= 2, "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Black \"chessbot level 2"), "{text}");
    let (_, err, code) = play(&["--level", "11"], "");
    assert_eq!(code, 2, "{err}");
    let (_, err, code) = play(&["--level", "3", "--engine", "stockfish"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--level"), "{err}");
}

#[test]
fn ctrl_c_in_the_terminal_saves_the_game_and_exits_130() {
    let (_dir, pgn) = temp_pgn();
    let Some(t) = Tmux::launch(
        &["--depth", "1", "--pgn-out", pgn.to_str().unwrap()],
        &[],
        100,
        true,
    ) else {
        return;
    };
    t.wait_for("the board", |s| s.contains("Your move (White):"));
    t.send("e4");
    t.wait_for("the reply", |s| {
        s.contains("played") && s.contains("Your move")
    });
    t.type_text("Nf");
    t.keys(&["C-c"]);
    let s = t.wait_for("the exit", |s| s.contains("exit "));
    assert!(s.contains("exit 130"), "{s}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        text.contains("[Result \"*\"]") && text.contains("1. e4"),
        "{text}"
    );
}

#[test]
fn ctrl_c_while_reading_a_pipe_saves_the_game() {
    let (_dir, pgn) = temp_pgn();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("chessbot"))
        .args(["play", "--depth", "1", "--pgn-out", pgn.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"d4\n").unwrap();
    stdin.flush().unwrap();
    // The reply is the first line of output: then the game waits for the next move.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        text.contains("[Result \"*\"]") && text.contains("1. d4"),
        "{text}"
    );
    drop(stdin);
}

#[test]
fn the_line_editor_has_arrows_completion_and_history() {
    let (_dir, pgn) = temp_pgn();
    let Some(t) = Tmux::start(&["--depth", "1", "--pgn-out", pgn.to_str().unwrap()], &[]) else {
        return;
    };
    t.wait_for("the board", |s| s.contains("Your move (White):"));
    // "N3", cursor left, "f": Nf3, not an escape sequence in the move.
    t.type_text("N3");
    t.keys(&["Left"]);
    t.type_text("f");
    t.keys(&["Enter"]);
    let s = t.wait_for("the reply", |s| {
        s.contains("played") && s.contains("Your move")
    });
    assert!(s.contains("1. Nf3"), "{s}");
    // Tab completes "Nc" to the one legal move that starts so, Nc3.
    t.type_text("Nc");
    t.keys(&["Tab"]);
    t.keys(&["Enter"]);
    let s = t.wait_for("the second reply", |s| s.contains("2. Nc3"));
    assert!(!s.contains("illegal"), "{s}");
    // Up recalls the line before.
    t.send("flip");
    t.wait_for("the flipped board", |s| {
        s.lines()
            .find(|l| l.starts_with(['1', '8']))
            .is_some_and(|l| l.starts_with('1'))
    });
    t.keys(&["Up"]);
    t.wait_for("the recalled line", |s| {
        s.lines().any(|l| l.starts_with("Your move (White): flip"))
    });
    t.keys(&["C-u"]);
    t.send("quit");
}

#[test]
fn a_narrow_terminal_gets_the_compact_layout_and_no_undo_after_the_flag() {
    let Some(t) = Tmux::launch(&["--depth", "1", "--tc", "2+0"], &[], 40, false) else {
        return;
    };
    let s = t.wait_for("the board", |s| s.contains("Your move"));
    // Every rank whole, and the clocks on their own lines (not over rank 2).
    for rank in ['8', '2', '1'] {
        let line: String = rank_line(&s, rank)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        assert_eq!(line.chars().count(), 9, "rank {rank}:\n{s}");
    }
    assert!(s.lines().all(|l| l.chars().count() <= 40), "{s}");
    // The flag falls after two seconds; the clocks tick meanwhile without touching the board.
    let s = t.wait_for("the flag", |s| s.contains("flag fel"));
    let rank2: String = rank_line(&s, '2')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    assert_eq!(rank2, "2♟♟♟♟♟♟♟♟", "{s}");
    assert!(s.contains("Game over: type new, pgn"), "{s}");
    assert!(
        !s.contains("undo"),
        "no take-back offered after a flag fall:\n{s}"
    );
}

#[test]
fn engine_arguments_and_specs_reach_the_engine() {
    let fake = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fake_uci_engine.sh");
    let (_dir, pgn) = temp_pgn();
    // The fake engine names itself after its first argument, and opens with e4.
    let (_, err, code) = play(
        &[
            "--engine",
            fake,
            "--engine-arg",
            "good",
            "--color",
            "black",
            "--pgn-out",
            pgn.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[White \"fake-good\"]"), "{text}");
    let spec = format!("uci:{fake}?arg=illegal");
    let (_, err, _) = play(&["--engine", &spec, "--color", "black"], "no\n");
    assert!(err.contains("fake-illegal"), "{err}");
    // GNU Chess speaks UCI only when given --uci.
    if std::path::Path::new("/usr/games/gnuchess").exists() {
        let (out, err, code) = play(
            &[
                "--engine",
                "/usr/games/gnuchess",
                "--engine-arg",
                "--uci",
                "--depth",
                "1",
            ],
            "e4\n",
        );
        assert_eq!(code, 0, "{err}");
        assert!(!out.trim().is_empty(), "a reply: {out} {err}");
    }
}

#[test]
fn elo_weakens_our_engine_and_timed_games_name_their_clock() {
    let (_dir, pgn) = temp_pgn();
    let (_, err, code) = play(
        &[
            "--elo",
            "1200",
            "--depth",
            "2",
            "--tc",
            "300+3",
            "--pgn-out",
            pgn.to_str().unwrap(),
        ],
        "e4\n",
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Black \"chessbot (Elo 1200)"), "{text}");
    assert!(text.contains("[TimeControl \"300+3\"]"), "{text}");
    let (_, err, code) = play(&["--elo", "1200", "--level", "3"], "");
    assert_eq!(code, 2, "{err}");
}
