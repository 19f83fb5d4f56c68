//! `chessbot play`: the read-print loop around [`Session`], for every variant (`--variant`).
//!
//! Two faces over one loop:
//! - stdin is a terminal: the screen is redrawn each turn (board, move list, clocks, messages),
//!   the board and the panel side by side or, on a narrow terminal, one above the other; lines
//!   are read with a line editor (history, Tab completion of moves and commands);
//! - stdin is not a terminal (a script, a test): moves are read line by line, the opponent's
//!   moves printed one per line in SAN, command output on stdout, complaints on stderr, and the
//!   end of the game as one line `RESULT sentence`.
//!
//! Ctrl-C saves the game so far to `--pgn-out` (an unfinished game with the result `*`) and
//! exits with 130, whether it comes while the player types or while the opponent thinks.

use super::{CliError, CmdResult, castling_mode};
use crate::cli::play::{ColorChoice, PlayArgs};
use crate::cli::variant::Variant as VariantArg;
use chessbot::game::{GamePosition, GameRecord};
use chessbot::play::clock::{TimeControl, format_clock};
use chessbot::play::editor::{LineEvent, LineSource};
use chessbot::play::input::{Command, HELP, Input, completions, parse_line, parse_promotion_piece};
use chessbot::play::render::{self, Block, Style};
use chessbot::play::session::{Session, SessionError, accepts_draw, new_record};
use chessbot::players::engine::EnginePlayer;
use chessbot::players::spec::PlayerKind;
use chessbot::players::uci::{UciPlayer, declared_elo_range, elo_settings};
use chessbot::players::{ClockView, Player, PlayerSpec, Variant};
use chessbot::rules::chess960;
use chessbot::rules::pgn::{ReadOptions, read_games, read_pgn_file};
use chessbot::search::Level;
use chessbot::uci::client::{EngineError, EngineSpec};
use chessbot::variant::alice::Alice;
use crossterm::{cursor, queue, terminal};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The exit code of a game interrupted with Ctrl-C (128 + SIGINT, as shells report it).
const INTERRUPTED: u8 = 130;

/// Columns of the panel beside the board (a player line: marker, colour, name, clock).
const PANEL_WIDTH: usize = 41;

/// How a fresh game starts (for `new`).
enum Start<P> {
    /// This record (a FEN start, or a PGN game to continue the first time).
    Record(Box<GameRecord<P>>),
    /// A new record each game (a random Chess960 position).
    Fresh(fn(&mut ChaCha8Rng) -> GameRecord<P>),
}

/// A record from a random Chess960 start position, its number in the event.
fn random_960(rng: &mut ChaCha8Rng) -> GameRecord<Chess> {
    let n = rng.random_range(0..960u16);
    let mut r = new_record(chess960::start_position(n), CastlingMode::Chess960);
    r.event = format!("chessbot play, Chess960 #{n}");
    r
}

pub fn run(args: PlayArgs) -> CmdResult {
    let mode = castling_mode(args.variant, args.chess960)?;
    match args.variant {
        VariantArg::Chess => {
            let start = match (&args.pgn, &args.fen) {
                (Some(path), _) => Start::Record(Box::new(continued(path, args.chess960)?)),
                (None, None) if args.chess960 => Start::Fresh(random_960),
                (None, fen) => Start::Record(Box::new(first_record(fen.as_deref(), mode)?)),
            };
            let opponent = |args: &PlayArgs, per_move: &mut ClockView| match &args.engine {
                Some(program) => {
                    let (player, name) = start_engine(program, args, per_move)?;
                    Ok((Box::new(player) as Box<dyn Player>, name))
                }
                None => own_engine::<Chess>(args),
            };
            play(args, mode, start, opponent)
        }
        VariantArg::Alice => {
            if args.pgn.is_some() || args.engine.is_some() {
                return Err(CliError::input(
                    "--pgn and --engine do not apply to --variant alice (PGN files are read and UCI engines play standard chess only)",
                ));
            }
            let start = Start::Record(Box::new(first_record::<Alice>(args.fen.as_deref(), mode)?));
            play(args, mode, start, |args, _| own_engine::<Alice>(args))
        }
    }
}

/// The game to start with: from `fen`, or the variant's initial position.
fn first_record<P: GamePosition>(
    fen: Option<&str>,
    mode: CastlingMode,
) -> Result<GameRecord<P>, CliError> {
    let start = match fen {
        Some(fen) => P::from_fen(fen, mode).map_err(CliError::input)?,
        None => P::default(),
    };
    Ok(new_record(start, mode))
}

/// The first game of the PGN file at `path`, to continue (its castling as Chess960 when
/// `chess960` or its `Variant` tag says so).
fn continued(path: &Path, chess960: bool) -> Result<GameRecord<Chess>, CliError> {
    let text = read_pgn_file(path)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
    let options = ReadOptions {
        chess960,
        ..ReadOptions::default()
    };
    let game = read_games(&text, options)
        .next()
        .ok_or_else(|| CliError::input(format!("{}: no game in the PGN", path.display())))?
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    let mut record = new_record(game.start.clone(), game.castling_mode());
    record.moves = game.moves.iter().map(|m| m.mv).collect();
    Ok(record)
}

/// Our engine as the opponent, at `--level`, with its name for the screen.
fn own_engine<V: Variant>(args: &PlayArgs) -> Result<(Box<dyn Player<V>>, String), CliError> {
    let level = args
        .level
        .map(Level::new)
        .transpose()
        .map_err(CliError::input)?;
    let engine = EnginePlayer::new(16).with_threads(usize::from(args.threads));
    let engine = match (level, args.elo) {
        (Some(l), _) => engine.with_level(l),
        (None, Some(elo)) => engine.with_elo(elo),
        (None, None) => engine,
    };
    let name = match (engine.level(), engine.elo()) {
        (Some(l), _) => format!("chessbot level {}", l.get()),
        (None, Some(elo)) => format!("chessbot (Elo {elo})"),
        (None, None) => "chessbot".to_string(),
    };
    let label = match (args.depth, args.movetime) {
        (Some(d), _) => format!("{name} (depth {d})"),
        (None, Some(ms)) => format!("{name} ({ms} ms)"),
        (None, None) => name,
    };
    Ok((Box::new(engine), label))
}

/// The game loop for variant `V`: `opponent` builds the opponent (it may tighten the per-move
/// limits, as an Elo-limited UCI engine does).
fn play<V: Variant>(
    args: PlayArgs,
    mode: CastlingMode,
    start: Start<V>,
    opponent: impl FnOnce(&PlayArgs, &mut ClockView) -> Result<(Box<dyn Player<V>>, String), CliError>,
) -> CmdResult {
    let tc = args
        .tc
        .as_deref()
        .map(str::parse::<TimeControl>)
        .transpose()
        .map_err(|e| CliError::input(format!("--tc: {e}")))?;
    let mut rng = match args.seed {
        Some(s) => ChaCha8Rng::seed_from_u64(s),
        None => ChaCha8Rng::from_os_rng(),
    };
    let human = match args.color {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => {
            if rng.random::<bool>() {
                Color::White
            } else {
                Color::Black
            }
        }
    };
    let mut per_move = ClockView {
        depth: args.depth,
        movetime: match (args.depth, args.movetime) {
            (_, Some(ms)) => Some(Duration::from_millis(ms)),
            (Some(_), None) => None,
            (None, None) => Some(Duration::from_millis(1000)),
        },
        ..ClockView::unlimited()
    };
    let (opponent, label) = opponent(&args, &mut per_move)?;

    let interactive = io::stdin().is_terminal();
    let screen = io::stdout().is_terminal();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let colorterm = std::env::var("COLORTERM").ok();
    let style = Style::for_terminal(args.ascii, screen, no_color, colorterm.as_deref());
    let lines = if interactive && screen {
        LineSource::editor().unwrap_or_else(|_| LineSource::piped())
    } else {
        LineSource::piped()
    };
    let snapshot = Arc::new(Mutex::new(String::new()));
    save_on_interrupt(args.pgn_out.clone(), snapshot.clone())?;
    let mut app = App {
        session: Session::new(new_record(V::default(), mode), human, tc),
        opponent,
        opponent_name: label,
        per_move,
        start,
        rng,
        human,
        tc,
        bottom: human,
        style,
        interactive,
        screen: interactive && screen,
        messages: Vec::new(),
        lines,
        clock_spots: None,
        snapshot,
        pgn_out: args.pgn_out,
        earlier_games: Vec::new(),
        hint: EnginePlayer::new(16),
        prompt: None,
        interrupt_seen: false,
    };
    app.new_game(true)?;
    let result = app.run();
    if app.screen {
        // Leave the cursor on a fresh line.
        println!();
    }
    result
}

/// Starts the external engine of `--engine`, with `--engine-option`s, Chess960 and `--elo`.
fn start_engine(
    program: &str,
    args: &PlayArgs,
    per_move: &mut ClockView,
) -> Result<(UciPlayer, String), CliError> {
    let mut spec = if program.starts_with("uci:") {
        let parsed = PlayerSpec::parse(program)
            .map_err(|e| CliError::input(format!("--engine {program}: {e}")))?;
        match parsed.kind {
            kind @ PlayerKind::Uci { .. } => kind.engine_spec().expect("a uci: spec"),
            _ => unreachable!("a spec starting with uci: is a UCI engine"),
        }
    } else {
        EngineSpec::new(program)
    };
    for arg in &args.engine_args {
        spec = spec.arg(arg);
    }
    for opt in &args.engine_options {
        let Some((name, value)) = opt.split_once('=') else {
            return Err(CliError::input(format!(
                "bad --engine-option '{opt}': expected NAME=VALUE"
            )));
        };
        spec = spec.option(name.trim(), value.trim());
    }
    let mut player = UciPlayer::start(&spec).map_err(|e| match e {
        EngineError::NotFound { .. } => CliError::input(e),
        _ => CliError::runtime(e),
    })?;
    let engine = player.engine_mut();
    if args.chess960 {
        engine
            .set_option("UCI_Chess960", "true")
            .map_err(CliError::runtime)?;
    }
    let mut name = engine.name().to_string();
    if let Some(elo) = args.elo {
        let range = declared_elo_range(engine);
        let skill = engine.has_option("Skill Level");
        if range.is_none() && !skill {
            return Err(CliError::input(format!(
                "{name} cannot limit its strength (no UCI_LimitStrength/UCI_Elo or Skill Level)"
            )));
        }
        let (options, depth) = elo_settings(elo, range, skill);
        for (k, v) in options {
            engine.set_option(&k, &v).map_err(CliError::runtime)?;
        }
        if let Some(d) = depth {
            per_move.depth = Some(per_move.depth.map_or(d as i32, |x| x.min(d as i32)));
        }
        name = format!("{name} (Elo {elo})");
    }
    Ok((player, name))
}

/// Saves the game so far to `pgn_out` and exits with [`INTERRUPTED`] on Ctrl-C (SIGINT)
/// while no line is being edited (the opponent thinking, or input from a pipe); `snapshot`
/// holds the PGN of every game of the session as it stands.
fn save_on_interrupt(
    pgn_out: Option<PathBuf>,
    snapshot: Arc<Mutex<String>>,
) -> Result<(), CliError> {
    let mut signals = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT])?;
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            let text = snapshot.lock().map(|t| t.clone()).unwrap_or_default();
            eprintln!();
            if let Some(path) = &pgn_out {
                match std::fs::write(path, text) {
                    Ok(()) => eprintln!(
                        "interrupted: the game so far is saved to {}",
                        path.display()
                    ),
                    Err(e) => eprintln!("chessbot: cannot write {}: {e}", path.display()),
                }
            }
            std::process::exit(i32::from(INTERRUPTED));
        }
    });
    Ok(())
}

/// What waiting for the player brought.
enum Next {
    Line(String),
    EndOfInput,
    FlagFell,
    Interrupted,
}

struct App<V: Variant> {
    session: Session<V>,
    opponent: Box<dyn Player<V>>,
    opponent_name: String,
    /// Per-move limits for the opponent (depth, time per move).
    per_move: ClockView,
    start: Start<V>,
    rng: ChaCha8Rng,
    human: Color,
    tc: Option<TimeControl>,
    bottom: Color,
    style: Style,
    interactive: bool,
    screen: bool,
    messages: Vec<String>,
    lines: LineSource,
    /// Where the two clocks were drawn (column, row; top player first), to tick them in place.
    clock_spots: Option<[(u16, u16); 2]>,
    /// The PGN text to save if Ctrl-C ends the session.
    snapshot: Arc<Mutex<String>>,
    pgn_out: Option<PathBuf>,
    earlier_games: Vec<String>,
    hint: EnginePlayer,
    /// A prompt other than "Your move" for the next line (the promotion question).
    prompt: Option<String>,
    /// Ctrl-C came at a question inside a command: the session ends as interrupted.
    interrupt_seen: bool,
}

fn color_name(c: Color) -> &'static str {
    if c.is_white() { "White" } else { "Black" }
}

impl<V: Variant> App<V> {
    fn new_game(&mut self, first: bool) -> Result<(), CliError> {
        if !first && !self.session.record().moves.is_empty() {
            self.earlier_games.push(self.session.record().to_pgn());
        }
        let mut record = match &mut self.start {
            Start::Record(r) => {
                let r0 = (**r).clone();
                if !first {
                    // A continued game restarts from its position, not its moves.
                    new_record(r0.start.clone(), r0.castling)
                } else {
                    r0
                }
            }
            Start::Fresh(fresh) => fresh(&mut self.rng),
        };
        let me = "You".to_string();
        let them = self.opponent_name.clone();
        (record.white, record.black) = if self.human.is_white() {
            (me, them)
        } else {
            (them, me)
        };
        self.session = Session::new(record, self.human, self.tc);
        let seed = self.rng.random();
        self.opponent.new_game(seed).map_err(CliError::runtime)?;
        Ok(())
    }

    /// A message for the player: shown on the next screen, or printed at once when scripted.
    fn say(&mut self, msg: impl Into<String>) {
        let msg = msg.into();
        if self.interactive {
            self.messages.push(msg);
        } else {
            println!("{msg}");
        }
    }

    /// A complaint: on the screen, or on stderr when scripted.
    fn warn(&mut self, msg: impl Into<String>) {
        let msg = msg.into();
        if self.interactive {
            self.messages.push(msg);
        } else {
            eprintln!("{msg}");
        }
    }

    fn pgn_text(&self) -> String {
        let mut all = self.earlier_games.concat();
        all.push_str(&self.session.record().to_pgn());
        all
    }

    /// Writes every game of this run to `--pgn-out`.
    fn save_out(&mut self) -> Result<(), CliError> {
        if let Some(path) = self.pgn_out.clone() {
            std::fs::write(&path, self.pgn_text())
                .map_err(|e| CliError::runtime(format!("cannot write {}: {e}", path.display())))?;
        }
        Ok(())
    }

    /// Keeps what Ctrl-C would save up to date.
    fn snapshot(&self) {
        if let Ok(mut text) = self.snapshot.lock() {
            *text = self.pgn_text();
        }
    }

    /// Ctrl-C at the line editor: the session ends as an interrupt does anywhere else.
    fn interrupted(&mut self) -> CmdResult {
        self.save_out()?;
        if self.screen {
            println!();
        }
        if let Some(path) = &self.pgn_out {
            eprintln!(
                "interrupted: the game so far is saved to {}",
                path.display()
            );
        }
        Ok(ExitCode::from(INTERRUPTED))
    }

    fn run(&mut self) -> CmdResult {
        loop {
            self.snapshot();
            if let Some(end) = self.session.end() {
                let end = format!(
                    "{} {}",
                    end.pgn(),
                    self.session.end_sentence().unwrap_or_default()
                );
                self.save_out()?;
                if !self.interactive {
                    println!("{end}");
                    return Ok(ExitCode::SUCCESS);
                }
                self.say(end);
                // Undo is offered only where it is allowed (not after resignation or time).
                let undo = if self.session.undo_refusal().is_none() {
                    " undo,"
                } else {
                    ""
                };
                self.say(format!(
                    "Game over: type new,{undo} pgn, save FILE or quit."
                ));
                match self.wait_line()? {
                    Next::Line(l) => {
                        if self.handle_line(&l)? {
                            return self.finish();
                        }
                    }
                    Next::Interrupted => return self.interrupted(),
                    Next::EndOfInput | Next::FlagFell => return Ok(ExitCode::SUCCESS),
                }
                continue;
            }
            if !self.session.human_to_move() {
                self.opponent_turn()?;
                if self.interrupt_seen {
                    return self.interrupted();
                }
                continue;
            }
            self.session.start_clock();
            match self.wait_line()? {
                Next::Line(l) => {
                    if self.handle_line(&l)? {
                        return self.finish();
                    }
                }
                Next::FlagFell => {
                    self.session.check_flag();
                }
                Next::Interrupted => return self.interrupted(),
                Next::EndOfInput => {
                    self.save_out()?;
                    if let Some(path) = &self.pgn_out {
                        eprintln!(
                            "end of input: the game so far is saved to {}",
                            path.display()
                        );
                    }
                    return Ok(ExitCode::SUCCESS);
                }
            }
        }
    }

    /// The session ends by `quit`, or by Ctrl-C at a question inside a command.
    fn finish(&mut self) -> CmdResult {
        if self.interrupt_seen {
            self.interrupted()
        } else {
            Ok(ExitCode::SUCCESS)
        }
    }

    fn opponent_turn(&mut self) -> Result<(), CliError> {
        let name = self.opponent_name.clone();
        self.session.start_clock();
        if self.interactive {
            self.draw(&format!("{name} is thinking..."))?;
        }
        let clock = self.session.clock_view(self.per_move);
        let choice = self
            .opponent
            .choose(&self.session.view_for_player(), &clock);
        let failure = match choice {
            Ok(c) => {
                let san = if self.session.position().is_legal(c.mv) {
                    self.session.position().san(c.mv)
                } else {
                    String::new()
                };
                match self.session.play(c.mv) {
                    Ok(_) => {
                        if self.session.record().moves.last() == Some(&c.mv) {
                            if self.interactive {
                                self.messages.push(format!("{name} played {san}"));
                            } else {
                                println!("{san}");
                            }
                        }
                        return Ok(());
                    }
                    Err(SessionError::IllegalMove) => format!(
                        "{name} answered an illegal move ({:?})",
                        UciMove::from_move(c.mv, self.session.record().castling)
                    ),
                    Err(e) => e.to_string(),
                }
            }
            Err(e) => format!("{name}: {e}"),
        };
        self.engine_failed(failure)
    }

    /// The opponent failed: report, keep the record, offer our own engine instead.
    fn engine_failed(&mut self, failure: String) -> Result<(), CliError> {
        self.warn(failure.clone());
        self.save_out()?;
        self.say("Continue against chessbot's own engine? (yes/no)");
        if self.interactive {
            self.draw("")?;
        }
        let prompt = "Continue? (yes/no) ";
        self.lines.ask(prompt, vec!["yes".into(), "no".into()]);
        let answer = match self.lines.wait() {
            LineEvent::Line(l) => l.trim().to_ascii_lowercase(),
            LineEvent::Interrupted => {
                self.interrupt_seen = true;
                String::new()
            }
            LineEvent::End => String::new(),
        };
        if self.interrupt_seen {
            return Ok(());
        }
        if answer == "y" || answer == "yes" {
            let mut own = EnginePlayer::new(16);
            Player::<V>::new_game(&mut own, 0).map_err(CliError::runtime)?;
            let name = "chessbot".to_string();
            self.per_move = ClockView {
                movetime: Some(Duration::from_millis(1000)),
                ..ClockView::unlimited()
            };
            self.opponent = Box::new(own);
            self.opponent_name = name.clone();
            let rec = self.session.record_mut();
            if self.human.is_white() {
                rec.black = name;
            } else {
                rec.white = name;
            }
            self.say("Playing on against chessbot's own engine.");
            Ok(())
        } else {
            let saved = self
                .pgn_out
                .as_ref()
                .map(|p| format!(" (game saved to {})", p.display()))
                .unwrap_or_default();
            Err(CliError::runtime(format!("{failure}{saved}")))
        }
    }

    /// The prompt of the next line.
    fn prompt_text(&self) -> String {
        if let Some(p) = &self.prompt {
            p.clone()
        } else if self.session.human_to_move() {
            format!("Your move ({}): ", color_name(self.human))
        } else {
            "> ".to_string()
        }
    }

    /// Waits for a line, ticking the player's clock on screen and watching for flag fall.
    fn wait_line(&mut self) -> Result<Next, CliError> {
        if self.interactive {
            self.draw("")?;
        }
        let words = completions(self.session.position(), self.session.record().castling);
        self.lines.ask(&self.prompt_text(), words);
        let event = |e: LineEvent| match e {
            LineEvent::Line(l) => Next::Line(l),
            LineEvent::End => Next::EndOfInput,
            LineEvent::Interrupted => Next::Interrupted,
        };
        loop {
            let running = self.session.human_to_move() && self.session.clocks().is_some();
            if !running {
                return Ok(event(self.lines.wait()));
            }
            let left = self
                .session
                .clocks()
                .map_or(Duration::ZERO, |c| c.left(self.human));
            let wait = left.min(Duration::from_millis(200)) + Duration::from_millis(1);
            match self.lines.wait_timeout(wait) {
                Ok(e) => return Ok(event(e)),
                Err(RecvTimeoutError::Disconnected) => return Ok(Next::EndOfInput),
                Err(RecvTimeoutError::Timeout) => {
                    if self.session.clocks().is_some_and(|c| c.flagged(self.human)) {
                        return Ok(Next::FlagFell);
                    }
                    if self.screen {
                        self.tick_clocks()?;
                    }
                }
            }
        }
    }

    /// Handles one line of input; returns whether to quit.
    fn handle_line(&mut self, line: &str) -> Result<bool, CliError> {
        let parsed = parse_line(line, self.session.position());
        match parsed {
            Ok(Input::Empty) => {}
            Ok(Input::Move(m)) => self.human_move(m),
            Ok(Input::Promotion(choices)) => {
                if self.interactive {
                    self.prompt = Some("Promote to which piece? (q, r, b, n): ".into());
                } else {
                    self.say("Promote to which piece? (q, r, b, n)");
                }
                let next = self.wait_line();
                self.prompt = None;
                let answer = match next? {
                    Next::Line(l) => l,
                    Next::FlagFell => {
                        self.session.check_flag();
                        return Ok(false);
                    }
                    Next::Interrupted => {
                        self.interrupt_seen = true;
                        return Ok(true);
                    }
                    Next::EndOfInput => String::new(),
                };
                let chosen = parse_promotion_piece(&answer)
                    .and_then(|role| choices.iter().find(|m| m.promotion() == Some(role)));
                match chosen {
                    Some(&m) => self.human_move(m),
                    None => self.warn(format!(
                        "'{}' is not a piece to promote to: move cancelled",
                        answer.trim()
                    )),
                }
            }
            Ok(Input::Command(c)) => return self.command(c),
            Err(e) => self.warn(e.to_string()),
        }
        Ok(false)
    }

    fn human_move(&mut self, m: shakmaty::Move) {
        if !self.session.human_to_move() {
            if let Some(end) = self.session.end_sentence() {
                self.warn(format!("the game is over ({end}): type new or quit"));
            }
            return;
        }
        if let Err(e) = self.session.play(m) {
            self.warn(e.to_string());
        }
    }

    fn command(&mut self, c: Command) -> Result<bool, CliError> {
        match c {
            Command::Help => {
                let width = HELP.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
                let text: Vec<String> = HELP
                    .iter()
                    .map(|(k, v)| format!("  {k:<width$}  {v}"))
                    .collect();
                for t in text {
                    self.say(t);
                }
            }
            Command::Moves => {
                let pos = self.session.position().clone();
                let mut sans: Vec<String> =
                    pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
                sans.sort();
                self.say(format!("{} legal moves: {}", sans.len(), sans.join(" ")));
            }
            Command::Undo => match self.session.undo() {
                Ok(n) => self.say(format!(
                    "took back {n} {}",
                    if n == 1 { "move" } else { "moves" }
                )),
                Err(e) => self.warn(e.to_string()),
            },
            Command::Hint => {
                if self.session.human_to_move() {
                    let limits = ClockView {
                        depth: Some(5),
                        movetime: Some(Duration::from_millis(1000)),
                        ..ClockView::unlimited()
                    };
                    match self.hint.choose(&self.session.view_for_player(), &limits) {
                        Ok(choice) => {
                            let san = self.session.position().san(choice.mv);
                            self.say(format!("hint: {san}"));
                        }
                        Err(e) => self.warn(format!("no hint: {e}")),
                    }
                } else {
                    self.warn("no hint: it is not your move");
                }
            }
            Command::Flip => {
                self.bottom = !self.bottom;
                if !self.interactive {
                    self.say(format!(
                        "board turned: {} at the bottom",
                        color_name(self.bottom)
                    ));
                }
            }
            Command::Fen => {
                let fen = self.session.position().to_fen();
                self.say(fen);
            }
            Command::Pgn => {
                let pgn = self.session.record().to_pgn();
                for l in pgn.trim_end().lines() {
                    self.say(l.to_string());
                }
            }
            Command::Save(path) => match std::fs::write(&path, self.session.record().to_pgn()) {
                Ok(()) => self.say(format!("saved to {}", path.display())),
                Err(e) => self.warn(format!("cannot write {}: {e}", path.display())),
            },
            Command::Resign => {
                if self.session.end().is_none() {
                    self.session.resign(self.human);
                } else {
                    self.warn("the game is over already");
                }
            }
            Command::Draw => {
                if !self.session.human_to_move() {
                    self.warn("you can offer a draw on your move only");
                } else {
                    // The opponent judges the position as if it had to play our side: its score
                    // is ours, so its own view is the negation.
                    let clock = self.session.clock_view(self.per_move);
                    let name = self.opponent_name.clone();
                    match self
                        .opponent
                        .choose(&self.session.view_for_player(), &clock)
                    {
                        Ok(choice) => match choice.score.map(|s| -s) {
                            Some(theirs) if accepts_draw(theirs) => {
                                self.say("draw accepted");
                                self.session.agree_draw();
                            }
                            Some(theirs) => self.say(format!(
                                "draw declined ({name} thinks it stands better: {theirs})"
                            )),
                            None => self.say(format!(
                                "draw declined ({name} gives no evaluation to judge by)"
                            )),
                        },
                        Err(e) => self.warn(format!("draw offer not answered: {e}")),
                    }
                }
            }
            Command::New => {
                self.save_out()?;
                self.new_game(false)?;
                self.say("new game");
            }
            Command::Quit => {
                self.save_out()?;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The side panel: the top player's clock, the move list, the bottom player's clock.
    fn panel(&self, height: usize) -> Block {
        let rec = self.session.record();
        let top = !self.bottom;
        let mut lines = vec![self.player_line(top, PANEL_WIDTH)];
        let sans = rec.sans();
        let list = render::move_list(
            &sans,
            rec.start.fullmoves(),
            rec.start.turn() == Color::Black,
            height.saturating_sub(3),
        );
        lines.push(String::new());
        lines.extend(list.lines);
        while lines.len() < height.saturating_sub(1) {
            lines.push(String::new());
        }
        lines.push(self.player_line(self.bottom, PANEL_WIDTH));
        Block::plain(lines)
    }

    /// A player's line, at most `width` columns: `*` on the side to move, colour, name (cut to
    /// fit) and clock.
    fn player_line(&self, side: Color, width: usize) -> String {
        let rec = self.session.record();
        let name = if side.is_white() {
            &rec.white
        } else {
            &rec.black
        };
        let to_move = if self.session.end().is_none() && self.session.position().turn() == side {
            "*"
        } else {
            " "
        };
        let clock = self
            .session
            .clocks()
            .map(|c| format!("  {:>7}", format_clock(c.left(side))))
            .unwrap_or_default();
        let name_width = width.saturating_sub(8 + clock.len()).clamp(1, 24);
        let name: String = name.chars().take(name_width).collect();
        format!(
            "{to_move} {:<5} {name:<name_width$}{clock}",
            color_name(side)
        )
    }

    /// The terminal's width in columns (unbounded when output is not a terminal).
    fn columns(&self) -> usize {
        if self.screen {
            terminal::size().map_or(80, |(c, _)| usize::from(c))
        } else {
            usize::MAX
        }
    }

    /// The boards with the panel beside them, or, where the terminal is too narrow for that,
    /// the compact layout: the top player's line above the boards, the bottom player's below,
    /// then the last moves. Also where the two clocks are, counted from the block's first row.
    fn layout(&self, columns: usize) -> (Block, [(u16, u16); 2]) {
        let board = self.boards();
        let height = board.lines.len();
        if board.width + 3 + PANEL_WIDTH <= columns {
            let col = (board.width + 3) as u16;
            let spots = [(col, 0), (col, height as u16 - 1)];
            return (board.beside(&self.panel(height), 3), spots);
        }
        let width = columns.max(board.width).min(PANEL_WIDTH);
        let rec = self.session.record();
        let list = render::move_list(
            &rec.sans(),
            rec.start.fullmoves(),
            rec.start.turn() == Color::Black,
            2,
        );
        let mut lines = vec![self.player_line(!self.bottom, width)];
        lines.extend(board.lines.iter().map(|l| l.to_string()));
        lines.push(self.player_line(self.bottom, width));
        lines.extend(list.lines.iter().map(|l| l.chars().take(width).collect()));
        let block = Block {
            width: board.width.max(width),
            lines,
        };
        (block, [(0, 0), (0, height as u16 + 1)])
    }

    /// Redraws the whole screen (or, without a screen, prints the board below what was there).
    fn draw(&mut self, status: &str) -> Result<(), CliError> {
        let columns = self.columns();
        let mut out = io::stdout().lock();
        if self.screen {
            queue!(
                out,
                terminal::Clear(terminal::ClearType::All),
                cursor::MoveTo(0, 0)
            )?;
        }
        let (screen, spots) = self.layout(columns);
        // The title is cut to the width so that it takes one row: the clocks' rows are counted.
        let title = format!(
            "chessbot play: {} vs {}",
            self.session.record().white,
            self.session.record().black
        );
        writeln!(out, "{}", title.chars().take(columns).collect::<String>())?;
        writeln!(out)?;
        const FIRST_ROW: u16 = 2;
        self.clock_spots = Some(spots.map(|(col, row)| (col, row + FIRST_ROW)));
        write!(out, "{}", screen.text())?;
        writeln!(out)?;
        let pos = self.session.position();
        let mut line = String::new();
        if let Some(m) = self.session.last_move() {
            let mut before = self.session.record().start.clone();
            let moves = &self.session.record().moves;
            for &x in &moves[..moves.len() - 1] {
                before.play_unchecked(x);
            }
            line.push_str(&format!("Last move: {}", before.san(m)));
        }
        if pos.is_check() && self.session.end().is_none() {
            line.push_str(&format!("   {} is in check!", color_name(pos.turn())));
        }
        if !line.is_empty() {
            writeln!(out, "{line}")?;
        }
        for m in self.messages.drain(..) {
            writeln!(out, "{m}")?;
        }
        if !status.is_empty() {
            writeln!(out, "{status}")?;
        }
        // The line editor shows its prompt itself.
        let asking =
            self.prompt.is_some() || self.session.human_to_move() || self.session.end().is_some();
        if asking && !self.lines.is_editor() {
            write!(out, "{}", self.prompt_text())?;
        }
        out.flush()?;
        Ok(())
    }

    /// The boards from `self.bottom`'s side, the last move and a checked king marked.
    fn boards(&self) -> Block {
        render::position(
            self.session.position(),
            self.bottom,
            self.session.last_move(),
            self.style,
        )
    }

    /// Rewrites the two clock lines in place, keeping the cursor where the player types.
    fn tick_clocks(&mut self) -> Result<(), CliError> {
        let Some([(top_col, top_row), (bottom_col, bottom_row)]) = self.clock_spots else {
            return Ok(());
        };
        let width = if top_col == 0 {
            self.columns().min(PANEL_WIDTH)
        } else {
            PANEL_WIDTH
        };
        let top = self.player_line(!self.bottom, width);
        let bottom = self.player_line(self.bottom, width);
        let mut out = io::stdout().lock();
        queue!(out, cursor::SavePosition, cursor::MoveTo(top_col, top_row))?;
        write!(out, "{top}")?;
        queue!(out, cursor::MoveTo(bottom_col, bottom_row))?;
        write!(out, "{bottom}")?;
        queue!(out, cursor::RestorePosition)?;
        out.flush()?;
        Ok(())
    }
}
