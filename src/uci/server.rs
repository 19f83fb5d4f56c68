//! `chessbot uci`: our engine behind the UCI protocol.
//!
//! [`run`] reads GUI commands line by line and writes protocol messages only, one flushed line
//! at a time. The search runs on its own thread, so `stop`, `isready`, `ponderhit` and `quit`
//! are answered while it thinks. Input that makes no sense (unknown commands, bad values, a bad
//! FEN, an illegal move) is answered with an `info string` saying what was ignored and why;
//! nothing the GUI sends can stop the engine except `quit` or the end of the input.
//!
//! ```
//! use chessbot::uci::server::run;
//! use std::sync::{Arc, Mutex};
//!
//! #[derive(Clone, Default)]
//! struct Sink(Arc<Mutex<Vec<u8>>>);
//! impl std::io::Write for Sink {
//!     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.lock().unwrap().write(b) }
//!     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
//! }
//!
//! let out = Sink::default();
//! let script = "uci\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n";
//! run(script.as_bytes(), out.clone()).unwrap();
//! let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
//! assert!(text.contains("uciok"));
//! assert!(text.trim_end().ends_with("bestmove a1a8"));
//! ```

use super::protocol::{
    EngineMessage, Go, GuiCommand, Info, InfoScore, OptionDecl, OptionKind, PositionStart,
    ScoreValue, parse_command,
};
use crate::book::Book;
use crate::rules::fen::parse_position;
use crate::rules::perft::divide;
use crate::search::{
    Clock, DEFAULT_MOVE_OVERHEAD, Engine, Evaluator, Limits, MAX_THREADS, Observer, SearchControl,
    SearchInfo, SearchResult, StopFlag, Strength, position_key,
};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The name the engine gives in `id name`, with the crate version.
pub fn engine_name() -> String {
    format!("chessbot {}", env!("CARGO_PKG_VERSION"))
}

/// The author the engine gives in `id author`.
pub const AUTHOR: &str = "the chessbot developers";

const HASH_MAX_MB: i64 = 32_768;
const OVERHEAD_MAX_MS: i64 = 5_000;
const MULTIPV_MAX: i64 = 64;
const DEFAULT_ELO: u32 = 1500;

/// A seed that differs from game to game (the clock's nanoseconds).
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The engine's settings, as changed by `setoption`.
#[derive(Debug, Clone)]
struct Options {
    hash_mb: usize,
    threads: usize,
    multipv: usize,
    move_overhead: Duration,
    chess960: bool,
    ponder: bool,
    limit_strength: bool,
    elo: u32,
    own_book: bool,
    /// Seeds the book choice and a limited-strength search; new for every game.
    seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            chess960: false,
            ponder: false,
            limit_strength: false,
            elo: DEFAULT_ELO,
            own_book: false,
            seed: fresh_seed(),
        }
    }
}

impl Options {
    /// A fresh engine with these options' hash size and threads.
    fn engine(&self) -> Engine {
        let mut engine = Engine::new(self.hash_mb);
        engine.set_threads(self.threads);
        engine
    }

    fn mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }
}

/// The options `chessbot uci` declares, with their defaults and limits.
pub fn option_declarations() -> Vec<OptionDecl> {
    let defaults = Options::default();
    let spin = |name: &str, default: i64, min: i64, max: i64| OptionDecl {
        name: name.into(),
        kind: OptionKind::Spin { default, min, max },
    };
    let check = |name: &str, default: bool| OptionDecl {
        name: name.into(),
        kind: OptionKind::Check { default },
    };
    vec![
        spin("Hash", defaults.hash_mb as i64, 1, HASH_MAX_MB),
        spin("Threads", defaults.threads as i64, 1, MAX_THREADS as i64),
        spin("MultiPV", defaults.multipv as i64, 1, MULTIPV_MAX),
        spin(
            "Move Overhead",
            defaults.move_overhead.as_millis() as i64,
            0,
            OVERHEAD_MAX_MS,
        ),
        OptionDecl {
            name: "Clear Hash".into(),
            kind: OptionKind::Button,
        },
        check("OwnBook", defaults.own_book),
        // On: the network of `search::nnue`; off: the hand-written evaluation. The default
        // follows the search's own default evaluator.
        check("Use NNUE", Evaluator::default() == Evaluator::Network),
        // A network file to use instead of the embedded one (empty: the embedded one).
        OptionDecl {
            name: "EvalFile".into(),
            kind: OptionKind::String {
                default: String::new(),
            },
        },
        check("Ponder", defaults.ponder),
        check("UCI_Chess960", defaults.chess960),
        check("UCI_LimitStrength", defaults.limit_strength),
        spin(
            "UCI_Elo",
            i64::from(defaults.elo),
            i64::from(Strength::MIN_ELO),
            i64::from(Strength::MAX_ELO),
        ),
    ]
}

/// Where protocol lines go: shared by the command loop and the search thread.
struct Out<W> {
    writer: Arc<Mutex<W>>,
}

impl<W> Clone for Out<W> {
    fn clone(&self) -> Self {
        Out {
            writer: Arc::clone(&self.writer),
        }
    }
}

impl<W: Write> Out<W> {
    /// Writes one message as one flushed line.
    fn send(&self, msg: &EngineMessage) -> io::Result<()> {
        let mut w = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        writeln!(w, "{msg}")?;
        w.flush()
    }

    /// Writes lines that are not protocol messages (the `go perft` report) as one flushed
    /// block.
    fn send_text(&self, text: &str) -> io::Result<()> {
        let mut w = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        w.write_all(text.as_bytes())?;
        w.flush()
    }

    fn info_string(&self, text: impl Into<String>) -> io::Result<()> {
        self.send(&EngineMessage::Info(Info::string(text)))
    }
}

/// A search running on its own thread.
struct Running {
    handle: JoinHandle<Engine>,
    control: SearchControl,
    /// Raised by `stop` (and `quit`): unlike `control.stop`, never lowered again.
    user_stop: StopFlag,
    /// Whether the search may end on its own (not `infinite`, not pondering).
    finite: bool,
}

/// What the search thread needs.
struct Job {
    pos: Chess,
    history: Vec<u64>,
    limits: Limits,
    mode: CastlingMode,
}

/// Whether to keep reading commands.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

struct Server<W> {
    out: Out<W>,
    options: Options,
    debug: bool,
    /// The engine while no search runs (a running search owns it).
    engine: Option<Engine>,
    search: Option<Running>,
    /// The position the next `go` searches.
    pos: Chess,
    /// Keys of the positions before `pos` in the game, oldest first.
    history: Vec<u64>,
    /// The embedded opening book, loaded when OwnBook is first used.
    book: Option<Book>,
}

/// Runs the UCI loop until `quit` or the end of `input`.
///
/// At the end of the input a finite search (depth, nodes, time) is allowed to finish and print
/// its `bestmove`, so that piped scripts work; an infinite or ponder search is stopped.
///
/// # Errors
///
/// Only a failure to read the input or to write the output (the GUI went away) ends the loop
/// with an error; everything else is reported to the GUI with `info string`.
pub fn run<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W) -> io::Result<()> {
    let options = Options::default();
    let mut server = Server {
        out: Out {
            writer: Arc::new(Mutex::new(output)),
        },
        engine: Some(options.engine()),
        options,
        debug: false,
        search: None,
        pos: Chess::default(),
        history: Vec::new(),
        book: None,
    };
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&buf);
        if server.handle(&line)? == Flow::Quit {
            server.finish_search(true);
            return Ok(());
        }
    }
    let stop = server.search.as_ref().is_some_and(|s| !s.finite);
    server.finish_search(stop);
    Ok(())
}

impl<W: Write + Send + 'static> Server<W> {
    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let parsed = match parse_command(line) {
            Ok(parsed) => parsed,
            Err(super::protocol::ParseError::Empty) => return Ok(Flow::Continue),
            Err(e) => {
                self.out
                    .info_string(format!("ignored '{}': {e}", printable(line)))?;
                return Ok(Flow::Continue);
            }
        };
        if !parsed.ignored.is_empty() {
            self.out.info_string(format!(
                "ignored unknown token(s) '{}' in '{}'",
                printable(&parsed.ignored.join(" ")),
                printable(line)
            ))?;
        }
        match parsed.command {
            GuiCommand::Uci => {
                self.out.send(&EngineMessage::IdName(engine_name()))?;
                self.out.send(&EngineMessage::IdAuthor(AUTHOR.into()))?;
                for decl in option_declarations() {
                    self.out.send(&EngineMessage::Option(decl))?;
                }
                self.out.send(&EngineMessage::UciOk)?;
            }
            GuiCommand::Debug(on) => self.debug = on,
            GuiCommand::IsReady => self.out.send(&EngineMessage::ReadyOk)?,
            GuiCommand::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            GuiCommand::Register(_) => {
                self.out
                    .info_string("no registration needed: chessbot is free software")?;
            }
            GuiCommand::UciNewGame => {
                self.finish_search(true);
                self.engine_mut().clear();
                self.options.seed = fresh_seed();
            }
            GuiCommand::Position { start, moves } => self.set_position(&start, &moves)?,
            GuiCommand::Go(go) => self.go(&go)?,
            GuiCommand::Stop => self.finish_search(true),
            GuiCommand::PonderHit => self.ponderhit()?,
            GuiCommand::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    /// Ends the running search, if any: stopped at once when `stop`, or waited for.
    /// The search thread prints its `bestmove` itself.
    fn finish_search(&mut self, stop: bool) {
        if let Some(running) = self.search.take() {
            if stop {
                running.user_stop.stop();
                running.control.stop.stop();
            }
            match running.handle.join() {
                Ok(engine) => self.engine = Some(engine),
                // The search panicked (a bug): keep serving with a fresh engine.
                Err(_) => {
                    let _ = self
                        .out
                        .info_string("internal error: the search failed; the hash was reset");
                    self.engine = Some(self.options.engine());
                }
            }
        }
    }

    fn engine_mut(&mut self) -> &mut Engine {
        let options = &self.options;
        self.engine.get_or_insert_with(|| options.engine())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> io::Result<()> {
        let Some(decl) = option_declarations()
            .into_iter()
            .find(|d| d.name.eq_ignore_ascii_case(name))
        else {
            return self.out.info_string(format!("unknown option '{name}'"));
        };
        let value = value.unwrap_or("").trim();
        let checked_spin = |min: i64, max: i64| -> Result<i64, String> {
            match value.parse::<i64>() {
                Ok(v) if (min..=max).contains(&v) => Ok(v),
                _ => Err(format!(
                    "bad value '{value}' for option '{}': expected an integer from {min} to {max}",
                    decl.name
                )),
            }
        };
        let checked_bool = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!(
                    "bad value '{value}' for option '{}': expected true or false",
                    decl.name
                )),
            }
        };
        let result = match (decl.name.as_str(), &decl.kind) {
            ("Hash", OptionKind::Spin { min, max, .. }) => checked_spin(*min, *max).map(|v| {
                self.finish_search(true);
                self.options.hash_mb = v as usize;
                self.engine_mut().set_hash_mb(v as usize);
            }),
            ("Threads", OptionKind::Spin { min, max, .. }) => checked_spin(*min, *max).map(|v| {
                self.finish_search(true);
                self.options.threads = v as usize;
                self.engine_mut().set_threads(v as usize);
            }),
            ("MultiPV", OptionKind::Spin { min, max, .. }) => {
                checked_spin(*min, *max).map(|v| self.options.multipv = v as usize)
            }
            ("UCI_LimitStrength", _) => checked_bool().map(|v| self.options.limit_strength = v),
            ("UCI_Elo", OptionKind::Spin { min, max, .. }) => {
                checked_spin(*min, *max).map(|v| self.options.elo = v as u32)
            }
            ("Move Overhead", OptionKind::Spin { min, max, .. }) => checked_spin(*min, *max)
                .map(|v| self.options.move_overhead = Duration::from_millis(v as u64)),
            ("Clear Hash", _) => {
                self.finish_search(true);
                self.engine_mut().clear();
                Ok(())
            }
            ("Ponder", _) => checked_bool().map(|v| self.options.ponder = v),
            ("OwnBook", _) => checked_bool().map(|v| self.options.own_book = v),
            ("Use NNUE", _) => checked_bool().map(|v| {
                self.finish_search(true);
                self.engine_mut().set_evaluator(if v {
                    Evaluator::Network
                } else {
                    Evaluator::Classical
                });
            }),
            ("EvalFile", _) => {
                self.finish_search(true);
                let path = (!value.is_empty() && value != "<empty>").then(|| Path::new(value));
                crate::search::nnue::load_network_file(path).map_err(|e| e.to_string())
            }
            ("UCI_Chess960", _) => checked_bool().map(|v| self.options.chess960 = v),
            _ => Err(format!("option '{}' cannot be set", decl.name)),
        };
        match result {
            Ok(()) if self.debug => self
                .out
                .info_string(format!("option '{}' set to '{value}'", decl.name)),
            Ok(()) => Ok(()),
            Err(why) => self.out.info_string(why),
        }
    }

    fn set_position(&mut self, start: &PositionStart, moves: &[UciMove]) -> io::Result<()> {
        let mode = self.options.mode();
        let mut pos = match start {
            PositionStart::StartPos => Chess::default(),
            PositionStart::Fen(fen) => match parse_position(fen, mode) {
                Ok(pos) => pos,
                Err(e) => {
                    return self.out.info_string(format!(
                        "ignored position: bad FEN '{fen}': {e}; the position is unchanged"
                    ));
                }
            },
        };
        let mut history = Vec::with_capacity(moves.len());
        for (i, uci) in moves.iter().enumerate() {
            match uci.to_move(&pos) {
                Ok(m) => {
                    history.push(position_key(&pos));
                    pos.play_unchecked(m);
                }
                Err(_) => {
                    self.out.info_string(format!(
                        "illegal move '{uci}' (move {} of the list) ignored with the moves after it; \
                         searching the position before it",
                        i + 1
                    ))?;
                    break;
                }
            }
        }
        self.pos = pos;
        self.history = history;
        if self.debug {
            self.out
                .info_string(format!("position {}", crate::rules::fen::to_fen(&self.pos)))?;
        }
        Ok(())
    }

    fn limits(&mut self, go: &Go) -> io::Result<Limits> {
        let mut limits = Limits {
            depth: go.depth.map(|d| d.clamp(1, 255) as i32),
            nodes: go.nodes,
            movetime: go.movetime,
            multipv: self.options.multipv,
            move_overhead: self.options.move_overhead,
            ponder: go.ponder,
            infinite: go.infinite,
            strength: self
                .options
                .limit_strength
                .then(|| Strength::from_elo(self.options.elo).with_seed(self.options.seed)),
            ..Limits::default()
        };
        if let Some(mate) = go.mate
            && limits.depth.is_none()
        {
            // A mate in N moves is found by a full-width search of 2N-1 plies.
            limits.depth = Some((mate.clamp(1, 100) * 2 - 1) as i32);
        }
        let (time, inc) = match self.pos.turn() {
            Color::White => (go.wtime, go.winc),
            Color::Black => (go.btime, go.binc),
        };
        if let Some(time) = time {
            limits.clock = Some(Clock {
                time,
                increment: inc.unwrap_or_default(),
                moves_to_go: go.movestogo,
            });
        }
        for uci in &go.searchmoves {
            match uci.to_move(&self.pos) {
                Ok(m) => limits.search_moves.push(m),
                Err(_) => self
                    .out
                    .info_string(format!("searchmoves: illegal move '{uci}' ignored"))?,
            }
        }
        Ok(limits)
    }

    fn go(&mut self, go: &Go) -> io::Result<()> {
        self.finish_search(true);
        if let Some(depth) = go.perft {
            return self.perft(depth);
        }
        if self.book_move(go)? {
            return Ok(());
        }
        let job = Job {
            pos: self.pos.clone(),
            history: self.history.clone(),
            limits: self.limits(go)?,
            mode: self.options.mode(),
        };
        let control = SearchControl::default();
        let user_stop = StopFlag::new();
        let finite = !go.infinite && !go.ponder;
        let mut engine = self.engine.take().unwrap_or_else(|| self.options.engine());
        let out = self.out.clone();
        let (thread_control, thread_stop) = (control.clone(), user_stop.clone());
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                search_thread(&mut engine, job, &out, &thread_control, &thread_stop);
                engine
            })?;
        self.search = Some(Running {
            handle,
            control,
            user_stop,
            finite,
        });
        Ok(())
    }

    /// `go perft N`, answered as Stockfish does: each root move in UCI with the leaf count
    /// below it, a blank line, then `Nodes searched: N`. Counted on the command loop: the
    /// engine answers nothing else until it is done.
    fn perft(&self, depth: u32) -> io::Result<()> {
        let mode = self.options.mode();
        let mut text = String::new();
        let mut total = 0;
        for (m, nodes) in divide(&self.pos, depth) {
            text.push_str(&format!("{}: {nodes}\n", UciMove::from_move(m, mode)));
            total += nodes;
        }
        if depth == 0 {
            total = 1;
        }
        text.push_str(&format!("\nNodes searched: {total}\n"));
        self.out.send_text(&text)
    }

    /// With OwnBook on, answers at once from the embedded book when the position is in it
    /// (not for infinite or ponder searches, searchmoves, or Chess960). Returns whether it did.
    fn book_move(&mut self, go: &Go) -> io::Result<bool> {
        if !self.options.own_book
            || go.infinite
            || go.ponder
            || !go.searchmoves.is_empty()
            || self.options.chess960
        {
            return Ok(false);
        }
        let seed = self.options.seed ^ position_key(&self.pos);
        let book = self.book.get_or_insert_with(Book::embedded);
        let Some(choice) = book.choose_seeded(&self.pos, 1, seed) else {
            return Ok(false);
        };
        let best = UciMove::from_move(choice.mv, self.options.mode());
        self.out
            .info_string(format!("book move {best} (weight {})", choice.weight))?;
        self.out
            .send(&EngineMessage::BestMove { best, ponder: None })?;
        Ok(true)
    }

    fn ponderhit(&mut self) -> io::Result<()> {
        match &mut self.search {
            Some(running) if !running.finite => {
                // The search goes on, now on our clock (the engine starts its time budget).
                running.control.ponderhit.stop();
                running.finite = true;
                Ok(())
            }
            _ => self.out.info_string("ponderhit ignored: not pondering"),
        }
    }
}

/// The text of a line fit to echo in an `info string`: trimmed, control characters shown as
/// `?`, and cut at 120 characters.
fn printable(line: &str) -> String {
    let mut text: String = line
        .trim()
        .chars()
        .take(120)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if line.trim().chars().count() > 120 {
        text.push_str("...");
    }
    text
}

/// Sends each completed iteration as an `info` line.
struct InfoSender<'a, W> {
    out: &'a Out<W>,
    mode: CastlingMode,
}

impl<W: Write> Observer for InfoSender<'_, W> {
    fn on_info(&mut self, info: &SearchInfo) {
        let millis = info.elapsed.as_millis() as u64;
        let line = Info {
            depth: Some(info.depth.max(0) as u32),
            seldepth: Some(info.seldepth.max(0) as u32),
            multipv: Some(info.multipv as u32),
            score: Some(InfoScore {
                value: ScoreValue::from(info.score),
                bound: None,
            }),
            nodes: Some(info.nodes),
            nps: Some(info.nodes * 1000 / millis.max(1)),
            hashfull: Some(info.hashfull),
            time: Some(Duration::from_millis(millis)),
            pv: info
                .pv
                .iter()
                .map(|m| UciMove::from_move(*m, self.mode))
                .collect(),
            ..Info::default()
        };
        // A write error means the GUI is gone; the command loop notices it too.
        let _ = self.out.send(&EngineMessage::Info(line));
    }
}

/// Waits (without spinning hard) until `done` holds.
fn wait_until(done: impl Fn() -> bool) {
    while !done() {
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn search_thread<W: Write>(
    engine: &mut Engine,
    job: Job,
    out: &Out<W>,
    control: &SearchControl,
    user_stop: &StopFlag,
) {
    let mut observer = InfoSender {
        out,
        mode: job.mode,
    };
    let result = engine.search(&job.pos, &job.history, &job.limits, control, &mut observer);
    // The protocol forbids a bestmove before `stop` in infinite mode, and before `ponderhit`
    // or `stop` while pondering, even when the search itself is over (a mate found, depth 64).
    if job.limits.infinite {
        wait_until(|| user_stop.is_stopped());
    } else if job.limits.ponder {
        wait_until(|| user_stop.is_stopped() || control.ponderhit.is_stopped());
    }
    send_bestmove(out, &job.pos, &result, job.mode);
}

fn send_bestmove<W: Write>(out: &Out<W>, pos: &Chess, result: &SearchResult, mode: CastlingMode) {
    let to_uci = |m: Move| UciMove::from_move(m, mode);
    let msg = match result.best_move {
        Some(best) => EngineMessage::BestMove {
            best: to_uci(best),
            ponder: result.ponder_move.map(to_uci),
        },
        None => {
            let why = if pos.is_check() {
                "checkmate"
            } else {
                "stalemate"
            };
            let _ = out.info_string(format!("no legal move: {why}"));
            EngineMessage::BestMove {
                best: UciMove::Null,
                ponder: None,
            }
        }
    };
    let _ = out.send(&msg);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn session(script: &str) -> Vec<String> {
        let sink = Sink::default();
        run(script.as_bytes(), sink.clone()).unwrap();
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_string).collect()
    }

    fn bestmove(lines: &[String]) -> Vec<&String> {
        lines.iter().filter(|l| l.starts_with("bestmove")).collect()
    }

    #[test]
    fn every_line_is_a_protocol_message() {
        let lines = session(
            "uci\ndebug on\nisready\nsetoption name Hash value 2\nucinewgame\n\
             position startpos moves e2e4\ngo depth 2\n",
        );
        for line in &lines {
            assert!(line.parse::<EngineMessage>().is_ok(), "not UCI: {line}");
        }
        assert!(lines.contains(&"uciok".to_string()));
        assert!(lines.contains(&"readyok".to_string()));
        assert_eq!(bestmove(&lines).len(), 1);
    }

    #[test]
    fn options_are_checked() {
        let lines = session(
            "setoption name Hash value lots\nsetoption name Threads value 300\n\
             setoption name Nonsense value 1\nsetoption name move overhead value 30\n",
        );
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[0].contains("bad value 'lots' for option 'Hash'"));
        assert!(lines[1].contains("from 1 to 256"), "{lines:?}");
        assert!(lines[2].contains("unknown option 'Nonsense'"));
    }

    #[test]
    fn threads_search_together_and_answer_once() {
        let mut pos = Chess::default();
        pos.play_unchecked(UciMove::from_ascii(b"e2e4").unwrap().to_move(&pos).unwrap());
        // Each `go` stops the search before it: one per session.
        for (go, depth) in [
            ("go depth 6", 6),
            ("go movetime 50", 1),
            ("go infinite\nstop", 1),
        ] {
            let lines = session(&format!(
                "setoption name Threads value 3\nposition startpos moves e2e4\n{go}\n"
            ));
            assert!(
                lines.iter().all(|l| !l.starts_with("info string")),
                "{lines:?}"
            );
            let best = bestmove(&lines);
            assert_eq!(best.len(), 1, "{lines:?}");
            let uci: UciMove = best[0].split_whitespace().nth(1).unwrap().parse().unwrap();
            assert!(uci.to_move(&pos).is_ok(), "{}", best[0]);
            assert!(deepest_info(&lines) >= depth, "{go}: {lines:?}");
        }
    }

    #[test]
    fn an_empty_clock_still_answers_a_legal_move() {
        let lines = session(
            "position startpos moves e2e4\ngo wtime 5 btime 5\ngo wtime 1 btime 1 binc 0\n\
             setoption name Move Overhead value 0\ngo wtime 0 btime 0\n",
        );
        let best = bestmove(&lines);
        assert_eq!(best.len(), 3, "{lines:?}");
        let mut pos = Chess::default();
        pos.play_unchecked(UciMove::from_ascii(b"e2e4").unwrap().to_move(&pos).unwrap());
        for line in best {
            let uci: UciMove = line.split_whitespace().nth(1).unwrap().parse().unwrap();
            assert!(uci.to_move(&pos).is_ok(), "{line}");
        }
    }

    /// The `go perft` report of a session: root moves with counts, and the total.
    fn perft_report(lines: &[String]) -> (Vec<(String, u64)>, u64) {
        let blank = lines
            .iter()
            .position(String::is_empty)
            .expect("a blank line");
        let moves = lines[..blank]
            .iter()
            .map(|l| {
                let (m, n) = l.split_once(": ").expect("move: count");
                (m.to_string(), n.parse().unwrap())
            })
            .collect();
        let total = lines[blank + 1].strip_prefix("Nodes searched: ").unwrap();
        (moves, total.parse().unwrap())
    }

    #[test]
    fn go_perft_counts_like_stockfish() {
        let lines = session("position startpos\ngo perft 3\n");
        assert_eq!(lines.len(), 22, "{lines:?}");
        let (moves, total) = perft_report(&lines);
        assert_eq!((moves.len(), total), (20, 8_902));
        assert!(moves.contains(&("e2e4".to_string(), 600)), "{moves:?}");
        assert_eq!(moves.iter().map(|(_, n)| n).sum::<u64>(), total);
        // Kiwipete after castling (no bestmove: perft is not a search).
        let lines = session(
            "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 \
             moves e1g1\ngo perft 2\nisready\n",
        );
        assert_eq!(lines.last().map(String::as_str), Some("readyok"));
        let (moves, total) = perft_report(&lines[..lines.len() - 1]);
        assert_eq!(moves.len(), 43);
        assert!(total > 43 && bestmove(&lines).is_empty());
        // Chess960: castling as king takes rook, and the known count.
        let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let lines = session(&format!(
            "setoption name UCI_Chess960 value true\nposition fen {fen}\ngo perft 3\n"
        ));
        assert_eq!(perft_report(&lines).1, 12_189);
        let lines = session(
            "setoption name UCI_Chess960 value true\n\
             position fen 4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 1\ngo perft 1\n",
        );
        let (moves, _) = perft_report(&lines);
        assert!(moves.contains(&("f1h1".to_string(), 1)), "{moves:?}");
        let lines = session("go perft 0\n");
        assert_eq!(lines, ["", "Nodes searched: 1"]);
    }

    #[test]
    fn illegal_moves_keep_the_position_before_them() {
        // After 1. e4 the move e2e4 again is illegal: the engine searches the position after 1. e4
        // (Black to move), so its best move is a Black move.
        let lines = session("position startpos moves e2e4 e2e4 d7d5\ngo depth 1\n");
        assert!(lines[0].starts_with("info string illegal move 'e2e4' (move 2"));
        let best = bestmove(&lines)[0];
        let uci: UciMove = best.split_whitespace().nth(1).unwrap().parse().unwrap();
        let mut pos = Chess::default();
        pos.play_unchecked(UciMove::from_ascii(b"e2e4").unwrap().to_move(&pos).unwrap());
        assert!(uci.to_move(&pos).is_ok(), "{best}");
    }

    #[test]
    fn no_legal_move_answers_null_move() {
        let mated = session("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n");
        assert_eq!(bestmove(&mated), vec!["bestmove 0000"]);
        assert!(
            mated
                .iter()
                .any(|l| l == "info string no legal move: checkmate")
        );
        let stalemate = session("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo movetime 50\n");
        assert_eq!(bestmove(&stalemate), vec!["bestmove 0000"]);
    }

    #[test]
    fn stop_and_quit_end_infinite_searches() {
        let lines = session("go infinite\nstop\n");
        assert_eq!(bestmove(&lines).len(), 1);
        let lines = session("go infinite\nquit\n");
        assert!(bestmove(&lines).len() <= 1);
        // The end of input stops an infinite search too.
        let lines = session("go infinite\n");
        assert_eq!(bestmove(&lines).len(), 1);
    }

    #[test]
    fn ponder_waits_for_ponderhit_or_stop() {
        let lines = session(
            "setoption name Ponder value true\nposition startpos\n\
             go ponder wtime 1000 btime 1000\nisready\nponderhit\n",
        );
        assert_eq!(bestmove(&lines).len(), 1);
        // readyok comes before the bestmove: the ponder search does not end by itself.
        let ready = lines.iter().position(|l| l == "readyok").unwrap();
        let best = lines
            .iter()
            .position(|l| l.starts_with("bestmove"))
            .unwrap();
        assert!(ready < best, "{lines:?}");
        let lines = session("go ponder movetime 10\nponderhit\nstop\n");
        assert_eq!(bestmove(&lines).len(), 1);
    }

    fn deepest_info(lines: &[String]) -> u32 {
        lines
            .iter()
            .filter_map(|l| match l.parse::<EngineMessage>() {
                Ok(EngineMessage::Info(info)) => info.depth,
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn multipv_reports_distinct_lines() {
        let lines = session("setoption name MultiPV value 3\nposition startpos\ngo depth 3\n");
        let firsts: Vec<String> = (1..=3)
            .map(|k| {
                let line = lines
                    .iter()
                    .rev()
                    .find(|l| {
                        l.starts_with("info depth 3 ") && l.contains(&format!(" multipv {k} "))
                    })
                    .unwrap_or_else(|| panic!("no line {k}: {lines:?}"));
                line.split(" pv ")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    }

    #[test]
    fn use_nnue_switches_the_evaluation() {
        let last_info = |lines: &[String]| {
            let info = lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth"))
                .cloned();
            let info = info.expect("an info line");
            // Drop the timing fields, which vary between runs.
            info.split(" nps ").next().unwrap_or_default().to_string()
        };
        let go = "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\ngo depth 6\n";
        let default = session(go);
        let network = session(&format!("setoption name Use NNUE value true\n{go}"));
        let classical = session(&format!("setoption name Use NNUE value false\n{go}"));
        assert_ne!(last_info(&network), last_info(&classical));
        assert_eq!(last_info(&default), last_info(&network));
        let bad = session("setoption name Use NNUE value maybe\n");
        assert!(
            bad.iter().any(|l| l.contains("expected true or false")),
            "{bad:?}"
        );
    }

    #[test]
    fn eval_file_loads_a_network_or_names_the_problem() {
        let dir = tempfile::tempdir().unwrap();
        // The embedded network's own bytes: other tests running alongside see the same weights.
        let good = dir.path().join("net.bin");
        std::fs::write(&good, crate::search::nnue::DEFAULT_NETWORK.to_bytes()).unwrap();
        let junk = dir.path().join("junk.bin");
        std::fs::write(&junk, b"CBNN").unwrap();
        let lines = session(&format!(
            "setoption name Use NNUE value true\nsetoption name EvalFile value {}\n\
             position startpos\ngo depth 3\nsetoption name EvalFile value {}\n\
             setoption name EvalFile value <empty>\n",
            good.display(),
            junk.display()
        ));
        let errors: Vec<_> = lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .collect();
        assert_eq!(errors.len(), 1, "{lines:?}");
        assert!(errors[0].contains("junk.bin"), "{errors:?}");
        assert_eq!(bestmove(&lines).len(), 1);
    }

    #[test]
    fn limit_strength_makes_a_smaller_search() {
        let full = session("position startpos\ngo depth 5\n");
        assert_eq!(deepest_info(&full), 5);
        let weak = session(
            "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 800\n\
             position startpos\ngo depth 5\n",
        );
        assert!(deepest_info(&weak) < 5, "{weak:?}");
        assert_eq!(bestmove(&weak).len(), 1);
        // UCI_Elo alone changes nothing.
        let elo_only = session("setoption name UCI_Elo value 800\nposition startpos\ngo depth 5\n");
        assert_eq!(deepest_info(&elo_only), 5);
    }

    #[test]
    fn own_book_answers_from_the_book() {
        let lines = session("setoption name OwnBook value true\nposition startpos\ngo depth 8\n");
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with("info string book move "), "{lines:?}");
        let book = Book::embedded().moves(&Chess::default(), 1);
        let best: UciMove = lines[1].split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(
            book.iter().any(|m| UciMove::from_standard(m.mv) == best),
            "{best}"
        );
        // Out of the book (a mate-in-one ending), it searches.
        let lines = session(
            "setoption name OwnBook value true\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n\
             go depth 3\n",
        );
        assert_eq!(bestmove(&lines), vec!["bestmove a1a8"]);
    }

    #[test]
    fn chess960_castling_uses_king_takes_rook() {
        // Castling (king f1, rook h1) is the only mate in one.
        let fen = "4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 1";
        let lines = session(&format!(
            "setoption name UCI_Chess960 value true\nposition fen {fen}\ngo depth 2\n"
        ));
        assert_eq!(bestmove(&lines), vec!["bestmove f1h1"], "{lines:?}");
        let lines = session(&format!(
            "setoption name UCI_Chess960 value true\ndebug on\nposition fen {fen} moves f1h1\n"
        ));
        assert!(
            lines
                .iter()
                .any(|l| l.ends_with("position 4rkr1/4p1p1/8/8/8/8/8/5RK1 b - - 1 1")),
            "{lines:?}"
        );
    }
}
