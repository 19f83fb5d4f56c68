//! `chessbot uci` driven through stdin/stdout, and the UCI client against Stockfish and a
//! misbehaving fake engine (tests/data/fake_uci_engine.sh).

use crate::common;
use chessbot::uci::client::{EngineError, EngineSpec, Timeouts, UciEngine};
use chessbot::uci::protocol::{EngineMessage, Go, InfoScore, ScoreValue};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// Generous: these bound waits for answers that must come, they do not measure speed.
const PATIENCE: Duration = Duration::from_secs(30);

/// A `chessbot uci` process with a line reader that never blocks forever.
struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("chessbot starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Session {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads lines until one satisfies `done`; returns the lines read (that one last).
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no expected line; got {got:?} after {:?}", self.seen));
            // stdout carries protocol only.
            assert!(
                line.parse::<EngineMessage>().is_ok(),
                "not a UCI message: {line:?}"
            );
            got.push(line.clone());
            self.seen.push(line.clone());
            if done(&line) {
                return got;
            }
        }
    }

    fn bestmove(&mut self) -> String {
        let lines = self.until(|l| l.starts_with("bestmove"));
        lines.last().unwrap().clone()
    }

    /// Waits for the process to exit.
    fn exited(&mut self) -> bool {
        let until = std::time::Instant::now() + PATIENCE;
        while std::time::Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn uci_move(bestmove_line: &str) -> UciMove {
    bestmove_line
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn handshake_lists_options() {
    let mut s = Session::start();
    s.send("uci");
    let lines = s.until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name chessbot "), "{lines:?}");
    for option in [
        "option name Hash type spin",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 64",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin",
        "option name Move Overhead type spin",
        "option name Clear Hash type button",
        "option name OwnBook type check default false",
        "option name Use NNUE type check default true",
        "option name UCI_Chess960 type check default false",
        "option name Ponder type check",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "missing {option}: {lines:?}"
        );
    }
    s.send("isready");
    s.until(|l| l == "readyok");
    s.send("quit");
    assert!(s.exited());
}

#[test]
fn searches_to_a_depth_and_plays_a_legal_move() {
    let mut s = Session::start();
    s.send("ucinewgame");
    s.send("position startpos moves e2e4 c7c5 g1f3");
    s.send("go depth 4");
    let lines = s.until(|l| l.starts_with("bestmove"));
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 4"))
        .unwrap_or_else(|| panic!("no depth 4 info: {lines:?}"));
    for field in [
        " seldepth ",
        " multipv 1 ",
        " score ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} missing in {info}");
    }
    let mut pos = Chess::default();
    for m in ["e2e4", "c7c5", "g1f3"] {
        let m = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    let best = uci_move(lines.last().unwrap());
    assert!(best.to_move(&pos).is_ok(), "illegal {best}");
}

#[test]
fn an_empty_clock_answers_a_legal_move() {
    let mut s = Session::start();
    s.send("position startpos moves d2d4");
    s.send("go wtime 5 btime 5");
    let best = s.bestmove();
    let mut pos = Chess::default();
    let d4 = "d2d4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    pos.play_unchecked(d4);
    assert!(uci_move(&best).to_move(&pos).is_ok(), "{best}");
    s.send("quit");
    assert!(s.exited());
}

#[test]
fn go_perft_prints_each_root_move_and_the_total() {
    let out = common::chessbot()
        .arg("uci")
        .write_stdin("position startpos moves e2e4\ngo perft 2\nquit\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let (moves, total) = text.split_once("\n\n").expect("a blank line");
    assert_eq!(moves.lines().count(), 20, "{text}");
    assert!(moves.lines().any(|l| l == "e7e5: 29"), "{text}");
    assert_eq!(total, "Nodes searched: 600\n");
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go infinite");
    s.until(|l| l.starts_with("info depth 2"));
    s.send("isready");
    // Answered during the search, before any bestmove.
    let lines = s.until(|l| l == "readyok");
    assert!(
        lines.iter().all(|l| !l.starts_with("bestmove")),
        "{lines:?}"
    );
    s.send("stop");
    let best = s.bestmove();
    assert!(uci_move(&best).to_move(&Chess::default()).is_ok());
    // The engine goes on after a stop.
    s.send("go depth 1");
    s.bestmove();
}

#[test]
fn quit_during_a_search_exits() {
    let mut s = Session::start();
    s.send("go infinite");
    s.until(|l| l.starts_with("info depth 1"));
    s.send("quit");
    assert!(s.exited(), "chessbot uci did not exit after quit");
}

#[test]
fn garbage_is_explained_and_ignored() {
    let mut s = Session::start();
    for line in [
        "hello engine",
        "go depth banana",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "position startpos moves e2e5",
        "setoption name Hash value -3",
        "\u{1b}[A\u{0}\u{ff}",
    ] {
        s.send(line);
        let lines = s.until(|l| l.starts_with("info string"));
        assert_eq!(lines.len(), 1, "{lines:?}");
    }
    s.send("isready");
    s.until(|l| l == "readyok");
    s.send("position startpos moves e2e4");
    s.send("go depth 2");
    let best = uci_move(&s.bestmove());
    let mut pos = Chess::default();
    pos.play_unchecked("e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap());
    assert!(best.to_move(&pos).is_ok());
}

#[test]
fn no_legal_move_gives_null_bestmove() {
    let mut s = Session::start();
    // Checkmate (Black to move) and stalemate (Black to move).
    for fen in [
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        s.send(&format!("position fen {fen}"));
        s.send("go movetime 100");
        assert_eq!(s.bestmove(), "bestmove 0000");
    }
}

#[test]
fn ponder_then_ponderhit() {
    let mut s = Session::start();
    s.send("setoption name Ponder value true");
    s.send("position startpos moves e2e4 e7e5");
    s.send("go ponder wtime 2000 btime 2000 winc 10 binc 10");
    s.until(|l| l.starts_with("info depth 2"));
    s.send("ponderhit");
    let best = uci_move(&s.bestmove());
    let mut pos = Chess::default();
    for m in ["e2e4", "e7e5"] {
        pos.play_unchecked(m.parse::<UciMove>().unwrap().to_move(&pos).unwrap());
    }
    assert!(best.to_move(&pos).is_ok());
    // A ponder miss: the GUI stops the ponder search and starts a new one.
    s.send("go ponder movetime 500");
    s.send("stop");
    s.bestmove();
    s.send("position startpos moves d2d4");
    s.send("go movetime 50");
    s.bestmove();
}

// ---- the client ----

fn fake(mode: &str) -> EngineSpec {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fake_uci_engine.sh");
    EngineSpec::new(script).arg(mode).timeouts(Timeouts {
        handshake: Duration::from_secs(5),
        grace: Duration::from_millis(300),
        unbounded_search: Duration::from_secs(5),
    })
}

fn movetime(ms: u64) -> Go {
    Go {
        movetime: Some(Duration::from_millis(ms)),
        ..Go::default()
    }
}

#[test]
fn client_reads_a_well_behaved_engine() {
    let mut engine = UciEngine::start(&fake("good")).unwrap();
    assert_eq!(engine.name(), "fake-good");
    assert!(engine.has_option("hash"));
    engine.set_option("Hash", "4").unwrap();
    engine.new_game().unwrap();
    let reply = engine.go(&Chess::default(), &[], &movetime(50)).unwrap();
    let best = reply.best.unwrap();
    assert_eq!(UciMove::from_standard(best).to_string(), "e2e4");
    assert_eq!(
        reply.ponder.map(|m| UciMove::from_standard(m).to_string()),
        Some("e7e5".into())
    );
    assert_eq!(
        reply.lines[0].score,
        InfoScore {
            value: ScoreValue::Centipawns(12),
            bound: None
        }
    );
    assert_eq!(reply.lines[0].pv.len(), 2);
    let err = engine.set_option("Skill Level", "3").unwrap_err();
    assert!(matches!(err, EngineError::Protocol { .. }), "{err}");
}

#[test]
fn client_detects_crash_hang_and_illegal_moves() {
    let start = Chess::default();
    let mut crash = UciEngine::start(&fake("crash")).unwrap();
    let err = crash.go(&start, &[], &movetime(50)).unwrap_err();
    assert!(matches!(err, EngineError::Crashed { .. }), "{err}");
    assert!(err.to_string().contains("exit status: 3"), "{err}");
    assert!(err.to_string().contains("crashing on purpose"), "{err}");
    // Restarting gives a working process again (which crashes again on go).
    crash.restart().unwrap();
    assert!(!crash.is_dead());

    let mut hang = UciEngine::start(&fake("hang")).unwrap();
    let err = hang.go(&start, &[], &movetime(100)).unwrap_err();
    assert!(matches!(err, EngineError::TimedOut { .. }), "{err}");
    assert!(hang.is_dead(), "a hung engine is killed");

    let mut illegal = UciEngine::start(&fake("illegal")).unwrap();
    let err = illegal.go(&start, &[], &movetime(50)).unwrap_err();
    assert!(
        matches!(&err, EngineError::IllegalMove { uci, .. } if uci == "e2e5"),
        "{err}"
    );

    let err = UciEngine::start(&fake("silent")).unwrap_err();
    assert!(
        matches!(&err, EngineError::TimedOut { waiting_for, .. } if waiting_for == "uciok"),
        "{err}"
    );
    let err = UciEngine::start(&EngineSpec::new("no-such-engine-anywhere")).unwrap_err();
    assert!(matches!(err, EngineError::NotFound { .. }), "{err}");
}

#[test]
fn client_plays_chessbot_against_stockfish() {
    let Some(stockfish) = common::require_program("stockfish") else {
        return;
    };
    let mut fish = UciEngine::start(
        &EngineSpec::new(stockfish.to_string_lossy())
            .option("Skill Level", "0")
            .option("Threads", "1"),
    )
    .unwrap();
    let mut bot =
        UciEngine::start(&EngineSpec::new(env!("CARGO_BIN_EXE_chessbot")).arg("uci")).unwrap();
    assert!(bot.name().starts_with("chessbot"));
    fish.new_game().unwrap();
    bot.new_game().unwrap();
    let start = Chess::default();
    let mut moves = Vec::new();
    let mut pos = start.clone();
    for ply in 0..12 {
        let engine = if ply % 2 == 0 { &mut bot } else { &mut fish };
        let reply = engine.go(&start, &moves, &movetime(20)).unwrap();
        let Some(m) = reply.best else { break };
        pos.play_unchecked(m);
        moves.push(m);
    }
    assert!(moves.len() >= 2);
    let (line, _) = fish
        .analyse(
            &start,
            &moves,
            &Go {
                depth: Some(6),
                ..Go::default()
            },
        )
        .unwrap();
    assert!(line.depth.unwrap() >= 6 && !line.pv.is_empty(), "{line:?}");
}

#[test]
fn python_chess_plays_a_full_game_against_stockfish() {
    let Some(stockfish) = common::require_program("stockfish") else {
        return;
    };
    if !common::require_python_chess() {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/uci_game.py");
    let out = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_chessbot")])
        .arg(&stockfish)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "game failed: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let result = stdout.lines().last().unwrap_or("");
    assert!(
        ["result 1-0", "result 0-1", "result 1/2-1/2"]
            .iter()
            .any(|r| result.starts_with(r)),
        "{stdout}"
    );
}
