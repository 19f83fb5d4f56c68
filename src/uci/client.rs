//! Running an external UCI engine (Stockfish, another chessbot, ...) as a child process.
//!
//! # API in one screen
//!
//! ```no_run
//! use chessbot::uci::client::{EngineSpec, UciEngine};
//! use chessbot::uci::protocol::Go;
//! use shakmaty::Chess;
//! use std::time::Duration;
//!
//! // Find the program (PATH, then /usr/games), start it, handshake (`uci`/`uciok`), set
//! // options, wait for `readyok`. A missing program is `EngineError::NotFound` with an
//! // install hint.
//! let spec = EngineSpec::new("stockfish").option("Skill Level", "3");
//! let mut engine = UciEngine::start(&spec)?;
//! println!("playing {}", engine.name());
//!
//! engine.new_game()?; // `ucinewgame` + `isready`
//! let go = Go { movetime: Some(Duration::from_millis(50)), ..Go::default() };
//! // The game so far: a start position and the moves played from it.
//! let start = Chess::default();
//! let reply = engine.go(&start, &[], &go)?;
//! // `reply.best` is a legal shakmaty `Move` (checked against the position), `None` only when
//! // the position has no legal move; `reply.lines` holds the last `info` of each PV line.
//! if let Some(line) = reply.lines.first() {
//!     println!("{:?} {:?}", line.score, line.pv);
//! }
//! # Ok::<(), chessbot::uci::client::EngineError>(())
//! ```
//!
//! Every read has a deadline: a reader thread forwards the engine's lines over a channel, so a
//! hung engine is noticed ([`EngineError::TimedOut`]: the process is killed), as is a crashed
//! one ([`EngineError::Crashed`]: end of output or exit, with the last lines of its stderr) and
//! a wrong move ([`EngineError::IllegalMove`]). After any of these, [`UciEngine::restart`] starts
//! a fresh process with the same spec and options. Dropping a [`UciEngine`] sends `quit` and
//! kills the process if it does not exit within a moment.

use super::protocol::{EngineMessage, Go, GuiCommand, Info, InfoScore, OptionDecl, PositionStart};
use crate::rules::fen::to_fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use thiserror::Error;

/// What went wrong with an external engine.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The program could not be found or started.
    #[error("{program} not found {looked}; {hint}")]
    NotFound {
        /// The program as given.
        program: String,
        /// Where it was looked for.
        looked: String,
        /// How to get it.
        hint: String,
    },
    /// The engine exited or closed its output.
    #[error("engine {engine} crashed {when}: {detail}")]
    Crashed {
        /// The engine's name.
        engine: String,
        /// What we were waiting for.
        when: String,
        /// Exit status and the last lines of its stderr.
        detail: String,
    },
    /// The engine did not answer in time; it has been killed.
    #[error("engine {engine} timed out waiting for {waiting_for} after {after:?}; it was killed")]
    TimedOut {
        /// The engine's name.
        engine: String,
        /// What we were waiting for (`uciok`, `readyok`, `bestmove`).
        waiting_for: String,
        /// How long we waited.
        after: Duration,
    },
    /// The engine answered a move that is not legal in the position.
    #[error("engine {engine} played the illegal move {uci} in {fen}")]
    IllegalMove {
        /// The engine's name.
        engine: String,
        /// The move as sent.
        uci: String,
        /// The position, as FEN.
        fen: String,
    },
    /// The engine broke the protocol (a malformed `bestmove`, an unknown option, ...), or
    /// writing to it failed.
    #[error("engine {engine}: {detail}")]
    Protocol {
        /// The engine's name.
        engine: String,
        /// What was wrong.
        detail: String,
    },
}

/// How long to wait for each answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// For `uciok` after `uci` and `readyok` after `isready`.
    pub handshake: Duration,
    /// Added to a search's own time (movetime, or the engine's clock) before it counts as hung.
    pub grace: Duration,
    /// For a search with no time bound (`depth`, `nodes`, `mate` only).
    pub unbounded_search: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            handshake: Duration::from_secs(10),
            grace: Duration::from_secs(2),
            unbounded_search: Duration::from_secs(600),
        }
    }
}

/// How to start an engine: the program, its arguments, the options to set after the handshake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program: a path, or a name looked up on PATH and then in /usr/games.
    pub program: String,
    /// Its command-line arguments.
    pub args: Vec<String>,
    /// `setoption` pairs sent after `uciok`, in order.
    pub options: Vec<(String, String)>,
    /// How long to wait for answers.
    pub timeouts: Timeouts,
}

impl EngineSpec {
    /// A spec for `program` with no arguments or options and the default timeouts.
    pub fn new(program: impl Into<String>) -> EngineSpec {
        EngineSpec {
            program: program.into(),
            args: Vec::new(),
            options: Vec::new(),
            timeouts: Timeouts::default(),
        }
    }

    /// Adds a command-line argument.
    pub fn arg(mut self, arg: impl Into<String>) -> EngineSpec {
        self.args.push(arg.into());
        self
    }

    /// Adds an option to set after the handshake.
    pub fn option(mut self, name: impl Into<String>, value: impl Into<String>) -> EngineSpec {
        self.options.push((name.into(), value.into()));
        self
    }

    /// Replaces the timeouts.
    pub fn timeouts(mut self, timeouts: Timeouts) -> EngineSpec {
        self.timeouts = timeouts;
        self
    }
}

/// Finds a program: a path with a `/` as it is, otherwise on PATH and then in /usr/games
/// (where Debian installs Stockfish).
///
/// # Errors
///
/// [`EngineError::NotFound`], with an install hint for well-known engines.
pub fn find_program(program: &str) -> Result<PathBuf, EngineError> {
    let not_found = |looked: &str| EngineError::NotFound {
        program: program.to_string(),
        looked: looked.to_string(),
        hint: install_hint(program),
    };
    if program.contains(std::path::MAIN_SEPARATOR) || program.contains('/') {
        let path = PathBuf::from(program);
        return if path.is_file() {
            Ok(path)
        } else {
            Err(not_found("(no such file)"))
        };
    }
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("/usr/games"));
    dirs.iter()
        .map(|d| d.join(program))
        .find(|p| p.is_file())
        .ok_or_else(|| not_found("on PATH or in /usr/games"))
}

fn install_hint(program: &str) -> String {
    let name = Path::new(program)
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    match name.as_str() {
        "stockfish" | "fairymax" | "gnuchess" | "fruit" | "crafty" | "toga2" | "glaurung"
        | "phalanx" => format!("install it with `apt-get install {name}`"),
        "chessbot" => "build it with `cargo build --release` (target/release/chessbot)".into(),
        _ => "give the path to the engine's executable".into(),
    }
}

/// One line of analysis: the last `info` the engine sent for a PV line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisLine {
    /// Which line, from 1.
    pub multipv: u32,
    /// Its score from the side to move's point of view.
    pub score: InfoScore,
    /// Its depth, when given.
    pub depth: Option<u32>,
    /// The principal variation as legal moves (cut at the first move that is not legal).
    pub pv: Vec<Move>,
    /// The raw `info` line.
    pub info: Info,
}

/// What a search returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineReply {
    /// The move, checked to be legal; `None` only when the position has no legal move.
    pub best: Option<Move>,
    /// The reply the engine expects, when it gave a legal one.
    pub ponder: Option<Move>,
    /// The last scored `info` of each PV line, best line first (empty when the engine sent
    /// none).
    pub lines: Vec<AnalysisLine>,
    /// Nodes searched, from the last `info` that gave them.
    pub nodes: Option<u64>,
    /// How long the engine took: from sending `go` to the arrival of `bestmove`.
    pub elapsed: Duration,
}

/// What the reader thread forwards.
#[derive(Debug)]
enum Event {
    /// A line and when it was read: the engine's answer counts as given then, not when the
    /// caller's thread gets round to it.
    Line(String, Instant),
    Eof,
}

/// A running external UCI engine.
#[derive(Debug)]
pub struct UciEngine {
    spec: EngineSpec,
    path: PathBuf,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Event>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    name: String,
    author: Option<String>,
    options: Vec<OptionDecl>,
    mode: CastlingMode,
    /// Whether the process is known to be dead or unusable (killed, crashed).
    dead: bool,
    /// When the last line read from the engine arrived.
    last_arrival: Instant,
}

const STDERR_LINES: usize = 5;

impl UciEngine {
    /// Starts the engine, runs the handshake (`uci` … `uciok`), sets the spec's options and
    /// waits for `readyok`.
    ///
    /// # Errors
    ///
    /// [`EngineError::NotFound`] when the program is missing, [`EngineError::TimedOut`] or
    /// [`EngineError::Crashed`] when it does not complete the handshake (is it a UCI engine?),
    /// [`EngineError::Protocol`] when it does not have one of the options.
    pub fn start(spec: &EngineSpec) -> Result<UciEngine, EngineError> {
        let path = find_program(&spec.program)?;
        let mut child = Command::new(&path)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| EngineError::NotFound {
                program: spec.program.clone(),
                looked: format!("at {} (cannot start it: {e})", path.display()),
                hint: install_hint(&spec.program),
            })?;
        let (stdin, stdout, stderr) =
            match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
                (Some(i), Some(o), Some(e)) => (i, o, e),
                _ => unreachable!("all three streams are piped above"),
            };
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(Event::Eof);
                        return;
                    }
                    Ok(_) => {
                        let arrived = Instant::now();
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(Event::Line(line, arrived)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { return };
                let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
                if t.len() == STDERR_LINES {
                    t.pop_front();
                }
                t.push_back(line);
            }
        });
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_else(|| spec.program.clone());
        let mut engine = UciEngine {
            spec: spec.clone(),
            path,
            child,
            stdin,
            lines: rx,
            stderr_tail,
            name,
            author: None,
            options: Vec::new(),
            mode: CastlingMode::Standard,
            dead: false,
            last_arrival: Instant::now(),
        };
        engine.handshake()?;
        Ok(engine)
    }

    fn handshake(&mut self) -> Result<(), EngineError> {
        self.send(&GuiCommand::Uci)?;
        let deadline = Instant::now() + self.spec.timeouts.handshake;
        loop {
            match self.next_message(deadline, "uciok")? {
                EngineMessage::IdName(name) if !name.is_empty() => self.name = name,
                EngineMessage::IdAuthor(author) => self.author = Some(author),
                EngineMessage::Option(decl) => self.options.push(decl),
                EngineMessage::UciOk => break,
                _ => {}
            }
        }
        for (name, value) in self.spec.options.clone() {
            self.set_option(&name, &value)?;
        }
        self.is_ready()
    }

    /// The engine's name from `id name` (the program's file name if it gave none).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The engine's author from `id author`.
    pub fn author(&self) -> Option<&str> {
        self.author.as_deref()
    }

    /// The program that runs.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The options the engine declared.
    pub fn options(&self) -> &[OptionDecl] {
        &self.options
    }

    /// Whether the engine declared an option (names compare without regard to case).
    pub fn has_option(&self, name: &str) -> bool {
        self.options
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// Sends `setoption name <name> value <value>` (no value for buttons: pass `""`).
    ///
    /// # Errors
    ///
    /// [`EngineError::Protocol`] when the engine did not declare the option.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        if !self.has_option(name) {
            return Err(self.protocol(format!(
                "has no option '{name}' (it has: {})",
                self.options
                    .iter()
                    .map(|o| o.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        if name.eq_ignore_ascii_case("UCI_Chess960") {
            self.mode = if value.eq_ignore_ascii_case("true") {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
        }
        self.send(&GuiCommand::SetOption {
            name: name.to_string(),
            value: (!value.is_empty()).then(|| value.to_string()),
        })
    }

    /// Sends `isready` and waits for `readyok`.
    ///
    /// # Errors
    ///
    /// [`EngineError::TimedOut`] or [`EngineError::Crashed`].
    pub fn is_ready(&mut self) -> Result<(), EngineError> {
        self.send(&GuiCommand::IsReady)?;
        let deadline = Instant::now() + self.spec.timeouts.handshake;
        while self.next_message(deadline, "readyok")? != EngineMessage::ReadyOk {}
        Ok(())
    }

    /// Sends `ucinewgame` and waits until the engine is ready.
    ///
    /// # Errors
    ///
    /// As [`UciEngine::is_ready`].
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send(&GuiCommand::UciNewGame)?;
        self.is_ready()
    }

    /// Searches the position reached by `moves` from `start` within `go`, and returns the
    /// engine's move, checked to be legal, with the last info of each PV line.
    ///
    /// The wait ends at the search's own time (movetime, or the side to move's clock) plus
    /// the grace of [`Timeouts`], or after [`Timeouts::unbounded_search`] for searches bounded
    /// only by depth or nodes. `go.infinite` and `go.ponder` are refused: they never end by
    /// themselves.
    ///
    /// # Errors
    ///
    /// [`EngineError::TimedOut`] (the engine is killed), [`EngineError::Crashed`],
    /// [`EngineError::IllegalMove`], [`EngineError::Protocol`]; `moves` that are not legal are a
    /// caller bug reported as [`EngineError::Protocol`] before anything is sent.
    pub fn go(
        &mut self,
        start: &Chess,
        moves: &[Move],
        go: &Go,
    ) -> Result<EngineReply, EngineError> {
        if go.infinite || go.ponder {
            return Err(
                self.protocol("go infinite/ponder never ends by itself; use a bound".into())
            );
        }
        let mut pos = start.clone();
        let mut ucis = Vec::with_capacity(moves.len());
        for &m in moves {
            if !pos.is_legal(m) {
                return Err(self.protocol(format!(
                    "cannot send the game: {m:?} is not legal in {}",
                    to_fen(&pos)
                )));
            }
            ucis.push(UciMove::from_move(m, self.mode));
            pos.play_unchecked(m);
        }
        let start_cmd = if *start == Chess::default() {
            PositionStart::StartPos
        } else {
            PositionStart::Fen(to_fen(start))
        };
        self.send(&GuiCommand::Position {
            start: start_cmd,
            moves: ucis,
        })?;
        let started = Instant::now();
        self.send(&GuiCommand::Go(go.clone()))?;
        let budget = self.search_budget(&pos, go);
        let deadline = started + budget;
        let mut lines: Vec<AnalysisLine> = Vec::new();
        let mut nodes = None;
        loop {
            match self.next_message(deadline, "bestmove")? {
                EngineMessage::Info(info) => {
                    nodes = info.nodes.or(nodes);
                    if let Some(score) = info.score {
                        let multipv = info.multipv.unwrap_or(1);
                        let line = AnalysisLine {
                            multipv,
                            score,
                            depth: info.depth,
                            pv: legal_prefix(&pos, &info.pv),
                            info,
                        };
                        match lines.iter_mut().find(|l| l.multipv == multipv) {
                            Some(old) => *old = line,
                            None => lines.push(line),
                        }
                    }
                }
                EngineMessage::BestMove { best, ponder } => {
                    lines.sort_by_key(|l| l.multipv);
                    let best = self.check_move(&pos, best)?;
                    let ponder = best.zip(ponder).and_then(|(b, p)| {
                        let mut after = pos.clone();
                        after.play_unchecked(b);
                        p.to_move(&after).ok()
                    });
                    return Ok(EngineReply {
                        best,
                        ponder,
                        lines,
                        nodes,
                        elapsed: self.last_arrival.saturating_duration_since(started),
                    });
                }
                _ => {}
            }
        }
    }

    /// Like [`UciEngine::go`], for analysis: the best line's score and PV are required.
    ///
    /// # Errors
    ///
    /// As [`UciEngine::go`], and [`EngineError::Protocol`] when the engine sent no scored
    /// `info` line (a position with no legal move has none: check that first).
    pub fn analyse(
        &mut self,
        start: &Chess,
        moves: &[Move],
        go: &Go,
    ) -> Result<(AnalysisLine, EngineReply), EngineError> {
        let reply = self.go(start, moves, go)?;
        match reply.lines.first() {
            Some(line) => Ok((line.clone(), reply)),
            None => Err(self.protocol("sent no scored info line before bestmove".into())),
        }
    }

    /// Kills the process (if still running) and starts a new one with the same spec.
    ///
    /// # Errors
    ///
    /// As [`UciEngine::start`].
    pub fn restart(&mut self) -> Result<(), EngineError> {
        self.kill();
        let mode_was_960 = self.mode == CastlingMode::Chess960;
        *self = UciEngine::start(&self.spec)?;
        if mode_was_960
            && !self
                .spec
                .options
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case("UCI_Chess960"))
        {
            self.set_option("UCI_Chess960", "true")?;
        }
        Ok(())
    }

    /// Whether the process has exited (or was killed).
    pub fn is_dead(&mut self) -> bool {
        self.dead || matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Sends `quit`, waits briefly for the process to exit, and kills it otherwise.
    pub fn quit(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        if !self.dead {
            let _ = writeln!(self.stdin, "quit");
            let _ = self.stdin.flush();
            let until = Instant::now() + Duration::from_millis(500);
            while Instant::now() < until {
                if matches!(self.child.try_wait(), Ok(Some(_))) {
                    self.dead = true;
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.kill();
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.dead = true;
    }

    fn search_budget(&self, pos: &Chess, go: &Go) -> Duration {
        let own_clock = match pos.turn() {
            shakmaty::Color::White => go.wtime,
            shakmaty::Color::Black => go.btime,
        };
        match go.movetime.or(own_clock) {
            Some(t) => t + self.spec.timeouts.grace,
            None => self.spec.timeouts.unbounded_search,
        }
    }

    fn check_move(&self, pos: &Chess, uci: UciMove) -> Result<Option<Move>, EngineError> {
        let no_moves = pos.legal_moves().is_empty();
        match uci {
            UciMove::Null if no_moves => Ok(None),
            _ => match uci.to_move(pos) {
                Ok(m) => Ok(Some(m)),
                Err(_) => Err(EngineError::IllegalMove {
                    engine: self.name.clone(),
                    uci: uci.to_string(),
                    fen: to_fen(pos),
                }),
            },
        }
    }

    fn protocol(&self, detail: String) -> EngineError {
        EngineError::Protocol {
            engine: self.name.clone(),
            detail,
        }
    }

    fn send(&mut self, cmd: &GuiCommand) -> Result<(), EngineError> {
        if self.dead {
            return Err(self.crashed(
                "before the command",
                "the engine is not running; restart it".into(),
            ));
        }
        let written = writeln!(self.stdin, "{cmd}").and_then(|()| self.stdin.flush());
        if let Err(e) = written {
            let detail = self.exit_detail(&format!("cannot write to it: {e}"));
            self.kill();
            return Err(self.crashed(&format!("when sent '{cmd}'"), detail));
        }
        Ok(())
    }

    /// The next message that parses, waiting until `deadline` at most.
    fn next_message(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<EngineMessage, EngineError> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Event::Line(line, arrived)) => {
                    self.last_arrival = arrived;
                    // Lines that are not UCI (banners, debug output) are skipped, as the
                    // protocol asks.
                    if let Ok(msg) = line.parse::<EngineMessage>() {
                        return Ok(msg);
                    }
                }
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    // Give the process a moment to be reaped so the exit status is known.
                    let until = Instant::now() + Duration::from_millis(200);
                    while Instant::now() < until && matches!(self.child.try_wait(), Ok(None)) {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    let detail = self.exit_detail("closed its output");
                    self.kill();
                    return Err(self.crashed(&format!("while we waited for {waiting_for}"), detail));
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    let waited = self.spec_wait(waiting_for);
                    return Err(EngineError::TimedOut {
                        engine: self.name.clone(),
                        waiting_for: waiting_for.to_string(),
                        after: waited,
                    });
                }
            }
        }
    }

    fn spec_wait(&self, waiting_for: &str) -> Duration {
        match waiting_for {
            "bestmove" => self.spec.timeouts.grace,
            _ => self.spec.timeouts.handshake,
        }
    }

    fn exit_detail(&mut self, what: &str) -> String {
        let status = match self.child.try_wait() {
            Ok(Some(status)) => status.to_string(),
            _ => "still running".to_string(),
        };
        // Let the stderr reader catch up with the last lines.
        std::thread::sleep(Duration::from_millis(20));
        let tail = self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner());
        let mut detail = format!("{what} ({status})");
        if !tail.is_empty() {
            detail.push_str("; stderr: ");
            detail.push_str(&tail.iter().cloned().collect::<Vec<_>>().join(" | "));
        }
        detail
    }

    fn crashed(&self, when: &str, detail: String) -> EngineError {
        EngineError::Crashed {
            engine: self.name.clone(),
            when: when.to_string(),
            detail,
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The moves of `pv` that are legal one after the other from `pos`.
fn legal_prefix(pos: &Chess, pv: &[UciMove]) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut moves = Vec::with_capacity(pv.len());
    for uci in pv {
        match uci.to_move(&pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                moves.push(m);
            }
            Err(_) => break,
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_programs_say_how_to_install_them() {
        let err = find_program("stockfish-that-does-not-exist").unwrap_err();
        assert!(
            err.to_string()
                .contains("not found on PATH or in /usr/games"),
            "{err}"
        );
        let err = find_program("/nowhere/stockfish").unwrap_err();
        assert_eq!(
            err.to_string(),
            "/nowhere/stockfish not found (no such file); install it with `apt-get install stockfish`"
        );
    }

    #[test]
    fn legal_prefix_stops_at_the_first_illegal_move() {
        let pv: Vec<UciMove> = ["e2e4", "e7e5", "e4e5", "g1f3"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        assert_eq!(legal_prefix(&Chess::default(), &pv).len(), 2);
    }
}
