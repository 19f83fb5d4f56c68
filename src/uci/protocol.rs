//! The UCI protocol as types: commands from the GUI to the engine ([`GuiCommand`]) and
//! messages from the engine to the GUI ([`EngineMessage`]), each with a parser
//! ([`std::str::FromStr`]) and a [`fmt::Display`] that writes the wire form.
//!
//! Parsing follows the protocol's rule of tolerance: tokens the parser does not know are
//! skipped (and reported through [`parse_command`] so that an engine can say so), while a
//! known keyword with a missing or malformed value is an error.
//!
//! ```
//! use chessbot::uci::protocol::{GuiCommand, PositionStart};
//!
//! let cmd: GuiCommand = "position startpos moves e2e4 e7e5".parse().unwrap();
//! let GuiCommand::Position { start, moves } = &cmd else { panic!() };
//! assert_eq!(*start, PositionStart::StartPos);
//! assert_eq!(moves.len(), 2);
//! assert_eq!(cmd.to_string(), "position startpos moves e2e4 e7e5");
//! ```

use shakmaty::uci::UciMove;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

use crate::search::Score;

/// Why a line is not a valid UCI command or message.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The line is empty or only whitespace.
    #[error("empty line")]
    Empty,
    /// No known command in the line.
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// A command or keyword is missing a required part.
    #[error("'{keyword}' needs {expected}")]
    Missing {
        /// The command or keyword that is incomplete.
        keyword: &'static str,
        /// What should have followed it.
        expected: &'static str,
    },
    /// A keyword is followed by a value of the wrong form.
    #[error("bad value '{value}' after '{keyword}': expected {expected}")]
    BadValue {
        /// The keyword.
        keyword: String,
        /// The value found.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A move is not in UCI notation (`e2e4`, `e7e8q`, `0000`).
    #[error("bad move '{0}': expected UCI notation such as e2e4 or e7e8q")]
    BadMove(String),
}

// ---------------------------------------------------------------------------------------------
// GUI -> engine
// ---------------------------------------------------------------------------------------------

/// Where a `position` command starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionStart {
    /// `startpos`: the standard initial position.
    StartPos,
    /// `fen <FEN>`: the FEN text, not yet validated (the engine checks it with
    /// [`crate::rules::fen::parse_position`], which needs to know whether Chess960 is on).
    Fen(String),
}

/// The `register` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Register {
    /// `register later`.
    Later,
    /// `register name <name> code <code>`.
    With {
        /// The user's name.
        name: String,
        /// The registration code.
        code: String,
    },
}

/// The parameters of `go`. Times are kept to the millisecond, as the protocol sends them;
/// negative clock times (some GUIs send them after a flag fall) read as zero.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    /// `searchmoves`: only these root moves; empty means all.
    pub searchmoves: Vec<UciMove>,
    /// `ponder`: search in ponder mode until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `wtime`: White's clock.
    pub wtime: Option<Duration>,
    /// `btime`: Black's clock.
    pub btime: Option<Duration>,
    /// `winc`: White's increment per move.
    pub winc: Option<Duration>,
    /// `binc`: Black's increment per move.
    pub binc: Option<Duration>,
    /// `movestogo`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `depth`: search this many plies.
    pub depth: Option<u32>,
    /// `nodes`: search about this many nodes.
    pub nodes: Option<u64>,
    /// `mate`: search for a mate in this many moves.
    pub mate: Option<u32>,
    /// `movetime`: search exactly this long.
    pub movetime: Option<Duration>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `perft`: count the legal move tree this many plies deep instead of searching (an
    /// extension Stockfish and most engines understand).
    pub perft: Option<u32>,
}

/// A command from the GUI to the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GuiCommand {
    /// `uci`: identify and list options, then `uciok`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok` when ready.
    IsReady,
    /// `setoption name <id> [value <x>]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its new value; `None` for buttons.
        value: Option<String>,
    },
    /// `register ...`.
    Register(Register),
    /// `ucinewgame`: the next position is from a new game.
    UciNewGame,
    /// `position (startpos | fen <FEN>) [moves <m1> ... <mn>]`.
    Position {
        /// The start position.
        start: PositionStart,
        /// The moves played from it, in UCI notation.
        moves: Vec<UciMove>,
    },
    /// `go ...`: start searching.
    Go(Go),
    /// `stop`: stop searching and answer `bestmove` at once.
    Stop,
    /// `ponderhit`: the opponent played the expected move; keep searching for real.
    PonderHit,
    /// `quit`: exit as soon as possible.
    Quit,
}

/// A parsed GUI command and the tokens that were skipped because they mean nothing here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedCommand {
    /// The command.
    pub command: GuiCommand,
    /// Unknown tokens that were ignored, in order (the protocol says to ignore them).
    pub ignored: Vec<String>,
}

/// Parses one line from a GUI, reporting the tokens it skipped.
///
/// Leading unknown tokens are skipped until a command is found (`joho debug on` is
/// `debug on`, as the protocol asks); unknown tokens inside `go` are skipped too.
///
/// ```
/// use chessbot::uci::protocol::{parse_command, GuiCommand};
///
/// let parsed = parse_command("joho debug on").unwrap();
/// assert_eq!(parsed.command, GuiCommand::Debug(true));
/// assert_eq!(parsed.ignored, vec!["joho".to_string()]);
/// assert!(parse_command("go depth x").is_err());
/// ```
pub fn parse_command(line: &str) -> Result<ParsedCommand, ParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.is_empty() {
        return Err(ParseError::Empty);
    }
    let mut ignored = Vec::new();
    for (i, &word) in tokens.iter().enumerate() {
        let rest = &tokens[i + 1..];
        let command = match word {
            "uci" => GuiCommand::Uci,
            "debug" => match rest.first() {
                Some(&"on") => GuiCommand::Debug(true),
                Some(&"off") => GuiCommand::Debug(false),
                Some(other) => {
                    return Err(ParseError::BadValue {
                        keyword: "debug".into(),
                        value: (*other).into(),
                        expected: "'on' or 'off'",
                    });
                }
                None => {
                    return Err(ParseError::Missing {
                        keyword: "debug",
                        expected: "'on' or 'off'",
                    });
                }
            },
            "isready" => GuiCommand::IsReady,
            "setoption" => parse_setoption(rest)?,
            "register" => parse_register(rest)?,
            "ucinewgame" => GuiCommand::UciNewGame,
            "position" => parse_position_command(rest)?,
            "go" => GuiCommand::Go(parse_go(rest, &mut ignored)?),
            "stop" => GuiCommand::Stop,
            "ponderhit" => GuiCommand::PonderHit,
            "quit" => GuiCommand::Quit,
            unknown => {
                ignored.push(unknown.to_string());
                continue;
            }
        };
        // Commands without arguments ignore whatever follows them.
        if matches!(
            command,
            GuiCommand::Uci
                | GuiCommand::IsReady
                | GuiCommand::UciNewGame
                | GuiCommand::Stop
                | GuiCommand::PonderHit
                | GuiCommand::Quit
        ) {
            ignored.extend(rest.iter().map(|t| t.to_string()));
        }
        return Ok(ParsedCommand { command, ignored });
    }
    Err(ParseError::UnknownCommand(tokens[0].to_string()))
}

impl FromStr for GuiCommand {
    type Err = ParseError;

    /// Parses one line; see [`parse_command`] for the tolerance rules.
    fn from_str(line: &str) -> Result<GuiCommand, ParseError> {
        parse_command(line).map(|p| p.command)
    }
}

fn parse_setoption(rest: &[&str]) -> Result<GuiCommand, ParseError> {
    if rest.first() != Some(&"name") {
        return Err(ParseError::Missing {
            keyword: "setoption",
            expected: "'name <option>'",
        });
    }
    let rest = &rest[1..];
    let value_at = rest.iter().position(|&t| t == "value");
    let name_tokens = &rest[..value_at.unwrap_or(rest.len())];
    if name_tokens.is_empty() {
        return Err(ParseError::Missing {
            keyword: "name",
            expected: "an option name",
        });
    }
    Ok(GuiCommand::SetOption {
        name: name_tokens.join(" "),
        value: value_at.map(|i| rest[i + 1..].join(" ")),
    })
}

fn parse_register(rest: &[&str]) -> Result<GuiCommand, ParseError> {
    match rest.first() {
        Some(&"later") => Ok(GuiCommand::Register(Register::Later)),
        Some(&"name") => {
            let code_at = rest
                .iter()
                .position(|&t| t == "code")
                .ok_or(ParseError::Missing {
                    keyword: "register",
                    expected: "'code <code>'",
                })?;
            Ok(GuiCommand::Register(Register::With {
                name: rest[1..code_at].join(" "),
                code: rest[code_at + 1..].join(" "),
            }))
        }
        _ => Err(ParseError::Missing {
            keyword: "register",
            expected: "'later' or 'name <name> code <code>'",
        }),
    }
}

fn parse_moves(tokens: &[&str]) -> Result<Vec<UciMove>, ParseError> {
    tokens
        .iter()
        .map(|t| UciMove::from_str(t).map_err(|_| ParseError::BadMove((*t).to_string())))
        .collect()
}

fn parse_position_command(rest: &[&str]) -> Result<GuiCommand, ParseError> {
    let moves_at = rest.iter().position(|&t| t == "moves");
    let head = &rest[..moves_at.unwrap_or(rest.len())];
    let start = match head.first() {
        Some(&"startpos") => PositionStart::StartPos,
        Some(&"fen") if head.len() > 1 => PositionStart::Fen(head[1..].join(" ")),
        Some(&"fen") => {
            return Err(ParseError::Missing {
                keyword: "fen",
                expected: "a FEN",
            });
        }
        Some(other) => {
            return Err(ParseError::BadValue {
                keyword: "position".into(),
                value: (*other).into(),
                expected: "'startpos' or 'fen <FEN>'",
            });
        }
        None => {
            return Err(ParseError::Missing {
                keyword: "position",
                expected: "'startpos' or 'fen <FEN>'",
            });
        }
    };
    let moves = match moves_at {
        Some(i) => parse_moves(&rest[i + 1..])?,
        None => Vec::new(),
    };
    Ok(GuiCommand::Position { start, moves })
}

fn number<T: FromStr>(
    keyword: &str,
    value: Option<&&str>,
    expected: &'static str,
) -> Result<T, ParseError> {
    let value = value.ok_or_else(|| ParseError::BadValue {
        keyword: keyword.into(),
        value: String::new(),
        expected,
    })?;
    value.parse().map_err(|_| ParseError::BadValue {
        keyword: keyword.into(),
        value: (*value).into(),
        expected,
    })
}

/// A time in milliseconds; negative values (a GUI's way of saying "flag fell") read as zero.
fn millis(keyword: &str, value: Option<&&str>) -> Result<Duration, ParseError> {
    let ms: i64 = number(keyword, value, "a time in milliseconds")?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

fn parse_go(rest: &[&str], ignored: &mut Vec<String>) -> Result<Go, ParseError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        let value = rest.get(i + 1);
        let mut takes_value = true;
        match key {
            "searchmoves" => {
                let n = rest[i + 1..]
                    .iter()
                    .take_while(|t| UciMove::from_str(t).is_ok())
                    .count();
                go.searchmoves = parse_moves(&rest[i + 1..i + 1 + n])?;
                i += 1 + n;
                continue;
            }
            "ponder" => {
                go.ponder = true;
                takes_value = false;
            }
            "infinite" => {
                go.infinite = true;
                takes_value = false;
            }
            "wtime" => go.wtime = Some(millis(key, value)?),
            "btime" => go.btime = Some(millis(key, value)?),
            "winc" => go.winc = Some(millis(key, value)?),
            "binc" => go.binc = Some(millis(key, value)?),
            "movetime" => go.movetime = Some(millis(key, value)?),
            "movestogo" => go.movestogo = Some(number(key, value, "a number of moves")?),
            "depth" => go.depth = Some(number(key, value, "a number of plies")?),
            "nodes" => go.nodes = Some(number(key, value, "a number of nodes")?),
            "mate" => go.mate = Some(number(key, value, "a number of moves")?),
            "perft" => go.perft = Some(number(key, value, "a number of plies")?),
            other => {
                ignored.push(other.to_string());
                takes_value = false;
            }
        }
        i += if takes_value { 2 } else { 1 };
    }
    Ok(go)
}

impl fmt::Display for PositionStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionStart::StartPos => write!(f, "startpos"),
            PositionStart::Fen(fen) => write!(f, "fen {fen}"),
        }
    }
}

fn write_moves(f: &mut fmt::Formatter<'_>, keyword: &str, moves: &[UciMove]) -> fmt::Result {
    if !moves.is_empty() {
        write!(f, " {keyword}")?;
        for m in moves {
            write!(f, " {m}")?;
        }
    }
    Ok(())
}

impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "go")?;
        if self.ponder {
            write!(f, " ponder")?;
        }
        let times = [
            ("wtime", self.wtime),
            ("btime", self.btime),
            ("winc", self.winc),
            ("binc", self.binc),
        ];
        for (key, t) in times {
            if let Some(t) = t {
                write!(f, " {key} {}", t.as_millis())?;
            }
        }
        if let Some(n) = self.movestogo {
            write!(f, " movestogo {n}")?;
        }
        if let Some(n) = self.depth {
            write!(f, " depth {n}")?;
        }
        if let Some(n) = self.nodes {
            write!(f, " nodes {n}")?;
        }
        if let Some(n) = self.mate {
            write!(f, " mate {n}")?;
        }
        if let Some(t) = self.movetime {
            write!(f, " movetime {}", t.as_millis())?;
        }
        if self.infinite {
            write!(f, " infinite")?;
        }
        if let Some(n) = self.perft {
            write!(f, " perft {n}")?;
        }
        write_moves(f, "searchmoves", &self.searchmoves)
    }
}

impl fmt::Display for GuiCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuiCommand::Uci => write!(f, "uci"),
            GuiCommand::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            GuiCommand::IsReady => write!(f, "isready"),
            GuiCommand::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(v) => write!(f, " value {v}"),
                    None => Ok(()),
                }
            }
            GuiCommand::Register(Register::Later) => write!(f, "register later"),
            GuiCommand::Register(Register::With { name, code }) => {
                write!(f, "register name {name} code {code}")
            }
            GuiCommand::UciNewGame => write!(f, "ucinewgame"),
            GuiCommand::Position { start, moves } => {
                write!(f, "position {start}")?;
                write_moves(f, "moves", moves)
            }
            GuiCommand::Go(go) => go.fmt(f),
            GuiCommand::Stop => write!(f, "stop"),
            GuiCommand::PonderHit => write!(f, "ponderhit"),
            GuiCommand::Quit => write!(f, "quit"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// engine -> GUI
// ---------------------------------------------------------------------------------------------

/// A score as UCI reports it: centipawns or moves to mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoreValue {
    /// `cp N`: centipawns from the engine's (side to move's) point of view.
    Centipawns(i32),
    /// `mate N`: mate in N moves; negative when the engine is getting mated.
    Mate(i32),
}

impl From<Score> for ScoreValue {
    fn from(score: Score) -> ScoreValue {
        match score.mate_moves() {
            Some(m) => ScoreValue::Mate(m),
            None => ScoreValue::Centipawns(score.0),
        }
    }
}

impl fmt::Display for ScoreValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreValue::Centipawns(cp) => write!(f, "cp {cp}"),
            ScoreValue::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// Whether a reported score is only a bound (the search failed high or low).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoreBound {
    /// `lowerbound`: the score is at least this.
    Lower,
    /// `upperbound`: the score is at most this.
    Upper,
}

/// The `score` part of an `info` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InfoScore {
    /// The value.
    pub value: ScoreValue,
    /// Set when the value is only a bound.
    pub bound: Option<ScoreBound>,
}

impl fmt::Display for InfoScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value)?;
        match self.bound {
            Some(ScoreBound::Lower) => write!(f, " lowerbound"),
            Some(ScoreBound::Upper) => write!(f, " upperbound"),
            None => Ok(()),
        }
    }
}

/// An `info` line. Every field is optional; `string` is written last because it runs to the
/// end of the line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth`: search depth in plies.
    pub depth: Option<u32>,
    /// `seldepth`: selective depth in plies.
    pub seldepth: Option<u32>,
    /// `multipv`: which line this is, from 1.
    pub multipv: Option<u32>,
    /// `score`.
    pub score: Option<InfoScore>,
    /// `nodes`: nodes searched.
    pub nodes: Option<u64>,
    /// `nps`: nodes per second.
    pub nps: Option<u64>,
    /// `hashfull`: hash table fill in per mille.
    pub hashfull: Option<u32>,
    /// `tbhits`: tablebase hits.
    pub tbhits: Option<u64>,
    /// `cpuload`: CPU usage in per mille.
    pub cpuload: Option<u32>,
    /// `time`: time searched.
    pub time: Option<Duration>,
    /// `currmove`: the root move being searched.
    pub currmove: Option<UciMove>,
    /// `currmovenumber`: its number, from 1.
    pub currmovenumber: Option<u32>,
    /// `pv`: the principal variation.
    pub pv: Vec<UciMove>,
    /// `string`: free text to the end of the line.
    pub string: Option<String>,
}

impl Info {
    /// An `info string <text>` line.
    pub fn string(text: impl Into<String>) -> Info {
        Info {
            string: Some(text.into()),
            ..Info::default()
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info")?;
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        for (key, n) in numbers {
            if let Some(n) = n {
                write!(f, " {key} {n}")?;
            }
        }
        if let Some(score) = &self.score {
            write!(f, " score {score}")?;
        }
        let numbers = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("tbhits", self.tbhits),
            ("cpuload", self.cpuload.map(u64::from)),
            ("time", self.time.map(|t| t.as_millis() as u64)),
        ];
        for (key, n) in numbers {
            if let Some(n) = n {
                write!(f, " {key} {n}")?;
            }
        }
        if let Some(m) = self.currmove {
            write!(f, " currmove {m}")?;
        }
        if let Some(n) = self.currmovenumber {
            write!(f, " currmovenumber {n}")?;
        }
        write_moves(f, "pv", &self.pv)?;
        if let Some(s) = &self.string {
            write!(f, " string {s}")?;
        }
        Ok(())
    }
}

/// The type and limits of an engine option, as declared by `option name ... type ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    /// `type check default true|false`.
    Check {
        /// The default.
        default: bool,
    },
    /// `type spin default N min A max B`.
    Spin {
        /// The default.
        default: i64,
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// `type combo default X var A var B ...`.
    Combo {
        /// The default (one of `vars`).
        default: String,
        /// The choices.
        vars: Vec<String>,
    },
    /// `type button`: an action without a value.
    Button,
    /// `type string default X` (`<empty>` on the wire for the empty string).
    String {
        /// The default.
        default: String,
    },
}

/// An option the engine declares in answer to `uci`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionDecl {
    /// The option's name (may contain spaces; matched without regard to case).
    pub name: String,
    /// Its type, default and limits.
    pub kind: OptionKind,
}

impl fmt::Display for OptionDecl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match &self.kind {
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                for v in vars {
                    write!(f, " var {v}")?;
                }
                Ok(())
            }
            OptionKind::Button => write!(f, "button"),
            OptionKind::String { default } if default.is_empty() => {
                write!(f, "string default <empty>")
            }
            OptionKind::String { default } => write!(f, "string default {default}"),
        }
    }
}

/// The state in a `copyprotection` or `registration` message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckStatus {
    /// `checking`.
    Checking,
    /// `ok`.
    Ok,
    /// `error`.
    Error,
}

impl fmt::Display for CheckStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CheckStatus::Checking => "checking",
            CheckStatus::Ok => "ok",
            CheckStatus::Error => "error",
        })
    }
}

/// A message from the engine to the GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineMessage {
    /// `id name <name>`.
    IdName(String),
    /// `id author <author>`.
    IdAuthor(String),
    /// `uciok`: the end of the answer to `uci`.
    UciOk,
    /// `readyok`: the answer to `isready`.
    ReadyOk,
    /// `bestmove <move> [ponder <move>]`. [`UciMove::Null`] (`0000`) when there is no legal
    /// move; Stockfish's `(none)` also parses as that.
    BestMove {
        /// The move chosen.
        best: UciMove,
        /// The reply the engine expects, to ponder on.
        ponder: Option<UciMove>,
    },
    /// `copyprotection checking|ok|error`.
    CopyProtection(CheckStatus),
    /// `registration checking|ok|error`.
    Registration(CheckStatus),
    /// `info ...`.
    Info(Info),
    /// `option name ... type ...`.
    Option(OptionDecl),
}

impl fmt::Display for EngineMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineMessage::IdName(name) => write!(f, "id name {name}"),
            EngineMessage::IdAuthor(author) => write!(f, "id author {author}"),
            EngineMessage::UciOk => write!(f, "uciok"),
            EngineMessage::ReadyOk => write!(f, "readyok"),
            EngineMessage::BestMove { best, ponder } => {
                write!(f, "bestmove {best}")?;
                match ponder {
                    Some(p) => write!(f, " ponder {p}"),
                    None => Ok(()),
                }
            }
            EngineMessage::CopyProtection(s) => write!(f, "copyprotection {s}"),
            EngineMessage::Registration(s) => write!(f, "registration {s}"),
            EngineMessage::Info(info) => info.fmt(f),
            EngineMessage::Option(decl) => decl.fmt(f),
        }
    }
}

fn parse_move(token: &str) -> Result<UciMove, ParseError> {
    if token == "(none)" {
        return Ok(UciMove::Null);
    }
    UciMove::from_str(token).map_err(|_| ParseError::BadMove(token.to_string()))
}

fn parse_status(keyword: &str, rest: &[&str]) -> Result<CheckStatus, ParseError> {
    match rest.first() {
        Some(&"checking") => Ok(CheckStatus::Checking),
        Some(&"ok") => Ok(CheckStatus::Ok),
        Some(&"error") => Ok(CheckStatus::Error),
        other => Err(ParseError::BadValue {
            keyword: keyword.into(),
            value: other.map(|s| s.to_string()).unwrap_or_default(),
            expected: "'checking', 'ok' or 'error'",
        }),
    }
}

fn parse_info(rest: &[&str]) -> Result<Info, ParseError> {
    let mut info = Info::default();
    let mut i = 0;
    // The number of leading tokens of `tokens` that are moves.
    let move_run = |tokens: &[&str]| {
        tokens
            .iter()
            .take_while(|t| UciMove::from_str(t).is_ok())
            .count()
    };
    while i < rest.len() {
        let key = rest[i];
        let value = rest.get(i + 1);
        match key {
            "depth" => info.depth = Some(number(key, value, "a number of plies")?),
            "seldepth" => info.seldepth = Some(number(key, value, "a number of plies")?),
            "multipv" => info.multipv = Some(number(key, value, "a line number")?),
            "nodes" => info.nodes = Some(number(key, value, "a number of nodes")?),
            "nps" => info.nps = Some(number(key, value, "nodes per second")?),
            "hashfull" => info.hashfull = Some(number(key, value, "per mille")?),
            "tbhits" => info.tbhits = Some(number(key, value, "a number of hits")?),
            "cpuload" => info.cpuload = Some(number(key, value, "per mille")?),
            "currmovenumber" => info.currmovenumber = Some(number(key, value, "a move number")?),
            "time" => {
                let ms: u64 = number(key, value, "a time in milliseconds")?;
                info.time = Some(Duration::from_millis(ms));
            }
            "currmove" => {
                let m = value.ok_or(ParseError::Missing {
                    keyword: "currmove",
                    expected: "a move",
                })?;
                info.currmove = Some(parse_move(m)?);
            }
            "score" => {
                let kind = value.copied().unwrap_or("");
                let n = rest.get(i + 2);
                let value = match kind {
                    "cp" => ScoreValue::Centipawns(number("cp", n, "centipawns")?),
                    "mate" => ScoreValue::Mate(number("mate", n, "a number of moves")?),
                    _ => {
                        return Err(ParseError::BadValue {
                            keyword: "score".into(),
                            value: kind.into(),
                            expected: "'cp' or 'mate'",
                        });
                    }
                };
                i += 3;
                let bound = match rest.get(i) {
                    Some(&"lowerbound") => Some(ScoreBound::Lower),
                    Some(&"upperbound") => Some(ScoreBound::Upper),
                    _ => None,
                };
                if bound.is_some() {
                    i += 1;
                }
                info.score = Some(InfoScore { value, bound });
                continue;
            }
            "pv" => {
                let n = move_run(&rest[i + 1..]);
                info.pv = parse_moves(&rest[i + 1..i + 1 + n])?;
                i += 1 + n;
                continue;
            }
            // Lines we do not keep: skip their moves (currline may start with a CPU number).
            "refutation" | "currline" => {
                let skip_cpu = usize::from(value.is_some_and(|v| v.parse::<u32>().is_ok()));
                i += 1 + skip_cpu + move_run(&rest[i + 1 + skip_cpu..]);
                continue;
            }
            "string" => {
                info.string = Some(rest[i + 1..].join(" "));
                break;
            }
            // Unknown tokens (e.g. Stockfish's `wdl`) are skipped one at a time.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    Ok(info)
}

const OPTION_KEYWORDS: [&str; 5] = ["type", "default", "min", "max", "var"];

fn parse_option(rest: &[&str]) -> Result<OptionDecl, ParseError> {
    if rest.first() != Some(&"name") {
        return Err(ParseError::Missing {
            keyword: "option",
            expected: "'name <name>'",
        });
    }
    let type_at = rest
        .iter()
        .position(|&t| t == "type")
        .ok_or(ParseError::Missing {
            keyword: "option",
            expected: "'type <type>'",
        })?;
    let name = rest[1..type_at].join(" ");
    if name.is_empty() {
        return Err(ParseError::Missing {
            keyword: "name",
            expected: "an option name",
        });
    }
    let kind_word = rest.get(type_at + 1).copied().unwrap_or("");
    // The value of each keyword after the type: the tokens up to the next keyword.
    let mut default: Option<String> = None;
    let mut min: Option<String> = None;
    let mut max: Option<String> = None;
    let mut vars: Vec<String> = Vec::new();
    let mut i = type_at + 2;
    while i < rest.len() {
        let key = rest[i];
        let n = rest[i + 1..]
            .iter()
            .take_while(|t| !OPTION_KEYWORDS.contains(t))
            .count();
        let value = rest[i + 1..i + 1 + n].join(" ");
        match key {
            "default" => default = Some(value),
            "min" => min = Some(value),
            "max" => max = Some(value),
            "var" => vars.push(value),
            _ => {}
        }
        i += 1 + n;
    }
    let bad = |keyword: &str, value: &str, expected| ParseError::BadValue {
        keyword: keyword.into(),
        value: value.into(),
        expected,
    };
    let spin_value = |keyword: &str, v: &Option<String>| -> Result<i64, ParseError> {
        let v = v.as_deref().ok_or(ParseError::Missing {
            keyword: "spin",
            expected: "'default', 'min' and 'max'",
        })?;
        v.parse().map_err(|_| bad(keyword, v, "an integer"))
    };
    let kind = match kind_word {
        "check" => match default.as_deref() {
            Some("true") => OptionKind::Check { default: true },
            Some("false") => OptionKind::Check { default: false },
            other => return Err(bad("default", other.unwrap_or(""), "'true' or 'false'")),
        },
        "spin" => OptionKind::Spin {
            default: spin_value("default", &default)?,
            min: spin_value("min", &min)?,
            max: spin_value("max", &max)?,
        },
        "combo" => OptionKind::Combo {
            default: default.unwrap_or_default(),
            vars,
        },
        "button" => OptionKind::Button,
        "string" => OptionKind::String {
            default: match default.as_deref() {
                Some("<empty>") | None => String::new(),
                Some(v) => v.to_string(),
            },
        },
        other => {
            return Err(bad(
                "type",
                other,
                "'check', 'spin', 'combo', 'button' or 'string'",
            ));
        }
    };
    Ok(OptionDecl { name, kind })
}

impl FromStr for EngineMessage {
    type Err = ParseError;

    /// Parses one line from an engine. Lines that start with an unknown word are errors
    /// (callers talking to an engine usually skip them, as the protocol allows).
    fn from_str(line: &str) -> Result<EngineMessage, ParseError> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = tokens.split_first() else {
            return Err(ParseError::Empty);
        };
        match first {
            "id" => match rest.first() {
                Some(&"name") => Ok(EngineMessage::IdName(rest[1..].join(" "))),
                Some(&"author") => Ok(EngineMessage::IdAuthor(rest[1..].join(" "))),
                _ => Err(ParseError::Missing {
                    keyword: "id",
                    expected: "'name' or 'author'",
                }),
            },
            "uciok" => Ok(EngineMessage::UciOk),
            "readyok" => Ok(EngineMessage::ReadyOk),
            "bestmove" => {
                let best = rest.first().ok_or(ParseError::Missing {
                    keyword: "bestmove",
                    expected: "a move",
                })?;
                let ponder = match rest.get(1..3) {
                    Some(["ponder", m]) => Some(parse_move(m)?),
                    _ => None,
                };
                Ok(EngineMessage::BestMove {
                    best: parse_move(best)?,
                    ponder,
                })
            }
            "copyprotection" => Ok(EngineMessage::CopyProtection(parse_status(first, rest)?)),
            "registration" => Ok(EngineMessage::Registration(parse_status(first, rest)?)),
            "info" => Ok(EngineMessage::Info(parse_info(rest)?)),
            "option" => Ok(EngineMessage::Option(parse_option(rest)?)),
            other => Err(ParseError::UnknownCommand(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use shakmaty::{Role, Square};

    #[test]
    fn parses_go_with_every_parameter() {
        let go: GuiCommand = "go ponder wtime 1000 btime -5 winc 10 binc 20 movestogo 7 \
                              depth 8 nodes 9000 mate 3 movetime 500 infinite perft 4 \
                              searchmoves e2e4 d2d4"
            .parse()
            .unwrap();
        let GuiCommand::Go(go) = go else {
            panic!("not go")
        };
        assert!(go.ponder && go.infinite);
        assert_eq!(go.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(go.btime, Some(Duration::ZERO));
        assert_eq!(go.winc, Some(Duration::from_millis(10)));
        assert_eq!(go.binc, Some(Duration::from_millis(20)));
        assert_eq!(go.movestogo, Some(7));
        assert_eq!(go.depth, Some(8));
        assert_eq!(go.nodes, Some(9000));
        assert_eq!(go.mate, Some(3));
        assert_eq!(go.movetime, Some(Duration::from_millis(500)));
        assert_eq!(go.perft, Some(4));
        assert_eq!(go.searchmoves.len(), 2);
    }

    #[test]
    fn reports_ignored_tokens_and_bad_values() {
        let p = parse_command("go depth 3 frobnicate").unwrap();
        assert_eq!(p.ignored, vec!["frobnicate"]);
        assert_eq!(
            "go depth many".parse::<GuiCommand>().unwrap_err(),
            ParseError::BadValue {
                keyword: "depth".into(),
                value: "many".into(),
                expected: "a number of plies"
            }
        );
        assert_eq!(
            "hello world".parse::<GuiCommand>().unwrap_err(),
            ParseError::UnknownCommand("hello".into())
        );
        assert_eq!("  ".parse::<GuiCommand>().unwrap_err(), ParseError::Empty);
        assert_eq!(
            "position startpos moves e2e4 zz".parse::<GuiCommand>(),
            Err(ParseError::BadMove("zz".into()))
        );
        assert!("position".parse::<GuiCommand>().is_err());
        assert!("position fen".parse::<GuiCommand>().is_err());
        assert!("setoption value 3".parse::<GuiCommand>().is_err());
    }

    #[test]
    fn parses_setoption_with_spaces() {
        let cmd: GuiCommand = "setoption name Move Overhead value 30".parse().unwrap();
        assert_eq!(
            cmd,
            GuiCommand::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        let cmd: GuiCommand = "setoption name Clear Hash".parse().unwrap();
        assert_eq!(
            cmd,
            GuiCommand::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
    }

    #[test]
    fn parses_stockfish_output() {
        let line = "info depth 12 seldepth 17 multipv 1 score cp 35 upperbound wdl 80 900 20 \
                    nodes 23456 nps 1234000 hashfull 4 tbhits 0 time 19 pv e2e4 e7e5 g1f3";
        let EngineMessage::Info(info) = line.parse().unwrap() else {
            panic!("not info")
        };
        assert_eq!(info.depth, Some(12));
        assert_eq!(
            info.score,
            Some(InfoScore {
                value: ScoreValue::Centipawns(35),
                bound: Some(ScoreBound::Upper)
            })
        );
        assert_eq!(info.nodes, Some(23456));
        assert_eq!(info.time, Some(Duration::from_millis(19)));
        assert_eq!(info.pv.len(), 3);

        let m: EngineMessage = "bestmove (none)".parse().unwrap();
        assert_eq!(
            m,
            EngineMessage::BestMove {
                best: UciMove::Null,
                ponder: None
            }
        );
        let m: EngineMessage = "bestmove e7e8q ponder a2a1".parse().unwrap();
        assert_eq!(
            m,
            EngineMessage::BestMove {
                best: UciMove::Normal {
                    from: Square::E7,
                    to: Square::E8,
                    promotion: Some(Role::Queen)
                },
                ponder: Some(UciMove::Normal {
                    from: Square::A2,
                    to: Square::A1,
                    promotion: None
                })
            }
        );
        let opt: EngineMessage = "option name Debug Log File type string default <empty>"
            .parse()
            .unwrap();
        assert_eq!(
            opt,
            EngineMessage::Option(OptionDecl {
                name: "Debug Log File".into(),
                kind: OptionKind::String {
                    default: String::new()
                }
            })
        );
        assert_eq!(
            opt.to_string(),
            "option name Debug Log File type string default <empty>"
        );
    }

    #[test]
    fn score_converts_from_engine_score() {
        assert_eq!(ScoreValue::from(Score::mate_in(3)), ScoreValue::Mate(2));
        assert_eq!(
            ScoreValue::from(Score::cp(-40)),
            ScoreValue::Centipawns(-40)
        );
        assert_eq!(
            ScoreValue::from(Score::mate_in(3)).to_string(),
            Score::mate_in(3).to_string()
        );
    }

    // ---- property tests: Display then parse gives back the same value ----

    const KEYWORDS: &[&str] = &[
        "name", "value", "code", "type", "default", "min", "max", "var", "moves", "fen",
        "startpos", "string", "pv", "later",
    ];

    fn word() -> impl Strategy<Value = String> {
        "[A-Za-z0-9_.-]{1,8}".prop_filter("not a keyword", |w| !KEYWORDS.contains(&w.as_str()))
    }

    fn words(max: usize) -> impl Strategy<Value = String> {
        prop::collection::vec(word(), 1..=max).prop_map(|w| w.join(" "))
    }

    fn square() -> impl Strategy<Value = Square> {
        (0u32..64).prop_map(Square::new)
    }

    fn uci_move() -> impl Strategy<Value = UciMove> {
        let promotion = prop_oneof![
            Just(None),
            Just(Some(Role::Queen)),
            Just(Some(Role::Knight)),
            Just(Some(Role::Rook)),
            Just(Some(Role::Bishop)),
        ];
        prop_oneof![
            (square(), square(), promotion).prop_map(|(from, to, promotion)| UciMove::Normal {
                from,
                to,
                promotion
            }),
            Just(UciMove::Null),
        ]
    }

    fn millis() -> impl Strategy<Value = Option<Duration>> {
        prop::option::of((0u64..10_000_000).prop_map(Duration::from_millis))
    }

    prop_compose! {
        fn go()(
            searchmoves in prop::collection::vec(uci_move(), 0..4),
            ponder in any::<bool>(),
            wtime in millis(), btime in millis(), winc in millis(), binc in millis(),
            movestogo in prop::option::of(any::<u32>()),
            depth in prop::option::of(any::<u32>()),
            nodes in prop::option::of(any::<u64>()),
            mate in prop::option::of(any::<u32>()),
            movetime in millis(),
            infinite in any::<bool>(),
            perft in prop::option::of(any::<u32>()),
        ) -> Go {
            Go { searchmoves, ponder, wtime, btime, winc, binc, movestogo, depth, nodes, mate,
                 movetime, infinite, perft }
        }
    }

    fn gui_command() -> impl Strategy<Value = GuiCommand> {
        let start = prop_oneof![
            Just(PositionStart::StartPos),
            words(6).prop_map(PositionStart::Fen),
        ];
        prop_oneof![
            Just(GuiCommand::Uci),
            any::<bool>().prop_map(GuiCommand::Debug),
            Just(GuiCommand::IsReady),
            (
                words(3),
                prop::option::of(prop_oneof![Just(String::new()), words(3)])
            )
                .prop_map(|(name, value)| GuiCommand::SetOption { name, value }),
            Just(GuiCommand::Register(Register::Later)),
            (words(3), words(2))
                .prop_map(|(name, code)| GuiCommand::Register(Register::With { name, code })),
            Just(GuiCommand::UciNewGame),
            (start, prop::collection::vec(uci_move(), 0..6))
                .prop_map(|(start, moves)| GuiCommand::Position { start, moves }),
            go().prop_map(GuiCommand::Go),
            Just(GuiCommand::Stop),
            Just(GuiCommand::PonderHit),
            Just(GuiCommand::Quit),
        ]
    }

    fn score_value() -> impl Strategy<Value = ScoreValue> {
        prop_oneof![
            any::<i32>().prop_map(ScoreValue::Centipawns),
            any::<i32>().prop_map(ScoreValue::Mate),
        ]
    }

    fn info_score() -> impl Strategy<Value = InfoScore> {
        let bound = prop_oneof![
            Just(None),
            Just(Some(ScoreBound::Lower)),
            Just(Some(ScoreBound::Upper)),
        ];
        (score_value(), bound).prop_map(|(value, bound)| InfoScore { value, bound })
    }

    prop_compose! {
        fn info()(
            depth in prop::option::of(any::<u32>()),
            seldepth in prop::option::of(any::<u32>()),
            multipv in prop::option::of(any::<u32>()),
            score in prop::option::of(info_score()),
            nodes in prop::option::of(any::<u64>()),
            nps in prop::option::of(any::<u64>()),
            hashfull in prop::option::of(0u32..=1000),
            tbhits in prop::option::of(any::<u64>()),
            cpuload in prop::option::of(0u32..=1000),
            time in millis(),
            currmove in prop::option::of(uci_move()),
            currmovenumber in prop::option::of(any::<u32>()),
            pv in prop::collection::vec(uci_move(), 0..8),
            string in prop::option::of(words(6)),
        ) -> Info {
            Info { depth, seldepth, multipv, score, nodes, nps, hashfull, tbhits, cpuload, time,
                   currmove, currmovenumber, pv, string }
        }
    }

    fn option_decl() -> impl Strategy<Value = OptionDecl> {
        let kind = prop_oneof![
            any::<bool>().prop_map(|default| OptionKind::Check { default }),
            (any::<i64>(), any::<i64>(), any::<i64>())
                .prop_map(|(default, min, max)| OptionKind::Spin { default, min, max }),
            (word(), prop::collection::vec(words(2), 0..4))
                .prop_map(|(default, vars)| OptionKind::Combo { default, vars }),
            Just(OptionKind::Button),
            prop_oneof![Just(String::new()), words(4)]
                .prop_map(|default| OptionKind::String { default }),
        ];
        (words(3), kind).prop_map(|(name, kind)| OptionDecl { name, kind })
    }

    fn engine_message() -> impl Strategy<Value = EngineMessage> {
        let status = prop_oneof![
            Just(CheckStatus::Checking),
            Just(CheckStatus::Ok),
            Just(CheckStatus::Error),
        ];
        prop_oneof![
            words(4).prop_map(EngineMessage::IdName),
            words(4).prop_map(EngineMessage::IdAuthor),
            Just(EngineMessage::UciOk),
            Just(EngineMessage::ReadyOk),
            (uci_move(), prop::option::of(uci_move()))
                .prop_map(|(best, ponder)| EngineMessage::BestMove { best, ponder }),
            status.clone().prop_map(EngineMessage::CopyProtection),
            status.prop_map(EngineMessage::Registration),
            info().prop_map(EngineMessage::Info),
            option_decl().prop_map(EngineMessage::Option),
        ]
    }

    /// Tokens that make parsers take their interesting paths.
    fn vocabulary() -> impl Strategy<Value = String> {
        const WORDS: &[&str] = &[
            "uci",
            "debug",
            "on",
            "off",
            "isready",
            "setoption",
            "name",
            "value",
            "register",
            "later",
            "code",
            "ucinewgame",
            "position",
            "startpos",
            "fen",
            "moves",
            "go",
            "ponder",
            "wtime",
            "btime",
            "winc",
            "binc",
            "movestogo",
            "depth",
            "nodes",
            "mate",
            "movetime",
            "infinite",
            "searchmoves",
            "stop",
            "ponderhit",
            "quit",
            "id",
            "author",
            "uciok",
            "readyok",
            "bestmove",
            "(none)",
            "info",
            "seldepth",
            "multipv",
            "score",
            "cp",
            "lowerbound",
            "upperbound",
            "nps",
            "hashfull",
            "tbhits",
            "cpuload",
            "time",
            "pv",
            "currmove",
            "currmovenumber",
            "refutation",
            "currline",
            "string",
            "option",
            "type",
            "check",
            "spin",
            "combo",
            "button",
            "default",
            "min",
            "max",
            "var",
            "<empty>",
            "true",
            "false",
            "copyprotection",
            "registration",
            "checking",
            "ok",
            "error",
            "e2e4",
            "e7e8q",
            "0000",
            "Q@f7",
            "-5",
            "+7",
            "12",
            "x",
        ];
        prop::sample::select(WORDS).prop_map(str::to_string)
    }

    proptest! {
        #[test]
        fn gui_commands_round_trip(cmd in gui_command()) {
            let line = cmd.to_string();
            let parsed = parse_command(&line).unwrap();
            prop_assert_eq!(&parsed.command, &cmd, "line: {}", line);
            prop_assert!(parsed.ignored.is_empty());
        }

        #[test]
        fn engine_messages_round_trip(msg in engine_message()) {
            let line = msg.to_string();
            prop_assert_eq!(line.parse::<EngineMessage>().unwrap(), msg, "line: {}", line);
        }

        #[test]
        fn parsing_never_panics(line in "[ -~]{0,80}") {
            let _ = line.parse::<GuiCommand>();
            let _ = line.parse::<EngineMessage>();
        }

        /// What the fuzz target checks: whatever parses prints back to the same value.
        #[test]
        fn parsed_lines_print_back(tokens in prop::collection::vec(vocabulary(), 0..14)) {
            let line = tokens.join(" ");
            if let Ok(cmd) = line.parse::<GuiCommand>() {
                prop_assert_eq!(cmd.to_string().parse::<GuiCommand>().unwrap(), cmd);
            }
            if let Ok(msg) = line.parse::<EngineMessage>() {
                prop_assert_eq!(msg.to_string().parse::<EngineMessage>().unwrap(), msg);
            }
        }
    }
}
