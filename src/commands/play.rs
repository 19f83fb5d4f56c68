//! `chessbot play`: the read-print loop around [`Session`].
//!
//! Two faces over one loop:
//! - stdin is a terminal: the screen is redrawn each turn (board, move list, clocks, messages);
//! - stdin is not a terminal (a script, a test): moves are read line by line, the opponent's
//!   moves printed one per line in SAN, command output on stdout, complaints on stderr, and the
//!   end of the game as one line `RESULT sentence`.

use super::{CliError, CmdResult};
use crate::cli::play::{ColorChoice, PlayArgs};
use chessbot::play::clock::{TimeControl, format_clock};
use chessbot::play::input::{Command, HELP, Input, parse_line, parse_promotion_piece, san_of};
use chessbot::play::record::{GameRecord, read_pgn};
use chessbot::play::render::{self, Block, Style};
use chessbot::play::session::{Session, SessionError, accepts_draw};
use chessbot::players::engine::EnginePlayer;
use chessbot::players::uci::{UciPlayer, declared_elo_range, elo_settings};
use chessbot::players::{ClockView, Player};
use chessbot::rules::chess960;
use chessbot::rules::fen::parse_position;
use chessbot::search::Level;
use chessbot::uci::client::{EngineError, EngineSpec};
use crossterm::{cursor, queue, terminal};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How a fresh game starts (for `new`).
enum Start {
    /// This record (a FEN start, or a PGN game to continue the first time).
    Record(Box<GameRecord>),
    /// A random Chess960 position each game.
    Random960,
}

pub fn run(args: PlayArgs) -> CmdResult {
    if args.variant == crate::cli::variant::Variant::Alice {
        return super::play_alice::run(args);
    }
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let tc = args
        .tc
        .as_deref()
        .map(str::parse::<TimeControl>)
        .transpose()
        .map_err(CliError::input)?;
    let start = if let Some(fen) = &args.fen {
        Start::Record(Box::new(GameRecord::new(
            parse_position(fen, mode).map_err(CliError::input)?,
            mode,
        )))
    } else if let Some(path) = &args.pgn {
        let file = std::fs::File::open(path)
            .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
        let mut record = read_pgn(file, args.chess960)
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        record.end = None;
        Start::Record(Box::new(record))
    } else if args.chess960 {
        Start::Random960
    } else {
        Start::Record(Box::new(GameRecord::new(Chess::default(), mode)))
    };
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
    let (opponent, label): (Box<dyn Player>, String) = match &args.engine {
        Some(program) => {
            let (player, name) = start_engine(program, &args, &mut per_move)?;
            (Box::new(player), name)
        }
        None => {
            let level = args
                .level
                .map(Level::new)
                .transpose()
                .map_err(CliError::input)?;
            let name = match level {
                Some(l) if l < Level::MAX => format!("chessbot level {}", l.get()),
                _ => "chessbot".to_string(),
            };
            let label = match (args.depth, args.movetime) {
                (Some(d), _) => format!("{name} (depth {d})"),
                (None, Some(ms)) => format!("{name} ({ms} ms)"),
                (None, None) => name,
            };
            let engine = EnginePlayer::new(16).with_threads(usize::from(args.threads));
            let engine = match level {
                Some(l) => engine.with_level(l),
                None => engine,
            };
            (Box::new(engine), label)
        }
    };

    let interactive = io::stdin().is_terminal();
    let screen = io::stdout().is_terminal();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let style = if args.ascii || no_color || !screen {
        Style::Ascii
    } else {
        Style::Color
    };
    let mut app = App {
        session: Session::new(GameRecord::new(Chess::default(), mode), human, tc),
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
        lines: spawn_reader(),
        pgn_out: args.pgn_out,
        earlier_games: Vec::new(),
        hint: EnginePlayer::new(16),
        prompt: None,
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
    let mut spec = EngineSpec::new(program);
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

/// Reads stdin on its own thread so that clocks can tick while the player thinks.
fn spawn_reader() -> Receiver<Option<String>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut lock = stdin.lock();
        loop {
            let mut line = String::new();
            match lock.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(None);
                    return;
                }
                Ok(_) => {
                    if tx.send(Some(line)).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

/// What waiting for the player brought.
enum Next {
    Line(String),
    EndOfInput,
    FlagFell,
}

struct App {
    session: Session,
    opponent: Box<dyn Player>,
    opponent_name: String,
    /// Per-move limits for the opponent (depth, time per move).
    per_move: ClockView,
    start: Start,
    rng: ChaCha8Rng,
    human: Color,
    tc: Option<TimeControl>,
    bottom: Color,
    style: Style,
    interactive: bool,
    screen: bool,
    messages: Vec<String>,
    lines: Receiver<Option<String>>,
    pgn_out: Option<PathBuf>,
    earlier_games: Vec<String>,
    hint: EnginePlayer,
    /// A prompt other than "Your move" for the next line (the promotion question).
    prompt: Option<String>,
}

fn color_name(c: Color) -> &'static str {
    if c.is_white() { "White" } else { "Black" }
}

impl App {
    fn new_game(&mut self, first: bool) -> Result<(), CliError> {
        if !first && !self.session.record().moves.is_empty() {
            self.earlier_games.push(self.session.record().to_pgn());
        }
        let mut record = match &mut self.start {
            Start::Record(r) => {
                let r0 = (**r).clone();
                if !first {
                    // A continued game restarts from its position, not its moves.
                    let mut again = GameRecord::new(r0.start.clone(), r0.mode);
                    again.moves.clear();
                    again
                } else {
                    r0
                }
            }
            Start::Random960 => {
                let n = self.rng.random_range(0..960u16);
                let mut r = GameRecord::new(chess960::start_position(n), CastlingMode::Chess960);
                r.event = format!("chessbot play, Chess960 #{n}");
                r
            }
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
        let mut all = self.earlier_games.join("\n");
        if !all.is_empty() {
            all.push('\n');
        }
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

    fn run(&mut self) -> CmdResult {
        loop {
            if let Some(end) = self.session.end() {
                self.save_out()?;
                if !self.interactive {
                    println!("{} {end}", end.outcome);
                    return Ok(ExitCode::SUCCESS);
                }
                self.say(format!("{} {end}", end.outcome));
                self.say("Game over: type new, undo, pgn, save FILE or quit.");
                match self.wait_line()? {
                    Next::Line(l) => {
                        if self.handle_line(&l)? {
                            return Ok(ExitCode::SUCCESS);
                        }
                    }
                    Next::EndOfInput | Next::FlagFell => return Ok(ExitCode::SUCCESS),
                }
                continue;
            }
            if !self.session.human_to_move() {
                self.opponent_turn()?;
                continue;
            }
            self.session.start_clock();
            match self.wait_line()? {
                Next::Line(l) => {
                    if self.handle_line(&l)? {
                        return Ok(ExitCode::SUCCESS);
                    }
                }
                Next::FlagFell => {
                    self.session.check_flag();
                }
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
                    san_of(self.session.position(), c.mv)
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
                        shakmaty::uci::UciMove::from_move(c.mv, self.session.record().mode)
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
        let answer = match self.lines.recv() {
            Ok(Some(l)) => l.trim().to_ascii_lowercase(),
            _ => String::new(),
        };
        if answer == "y" || answer == "yes" {
            let mut own = EnginePlayer::new(16);
            own.new_game(0).map_err(CliError::runtime)?;
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

    /// Waits for a line, ticking the player's clock on screen and watching for flag fall.
    fn wait_line(&mut self) -> Result<Next, CliError> {
        if self.interactive {
            self.draw("")?;
        }
        loop {
            let running = self.session.human_to_move() && self.session.clocks().is_some();
            if !running {
                return Ok(match self.lines.recv() {
                    Ok(Some(l)) => Next::Line(l),
                    _ => Next::EndOfInput,
                });
            }
            let left = self
                .session
                .clocks()
                .map_or(Duration::ZERO, |c| c.left(self.human));
            let wait = left.min(Duration::from_millis(200)) + Duration::from_millis(1);
            match self.lines.recv_timeout(wait) {
                Ok(Some(l)) => return Ok(Next::Line(l)),
                Ok(None) | Err(RecvTimeoutError::Disconnected) => return Ok(Next::EndOfInput),
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
            if let Some(end) = self.session.end() {
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
                let mut sans: Vec<String> = pos
                    .legal_moves()
                    .into_iter()
                    .map(|m| san_of(&pos, m))
                    .collect();
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
                            let san = san_of(self.session.position(), choice.mv);
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
                let fen = Fen::from_position(self.session.position(), EnPassantMode::Legal);
                self.say(fen.to_string());
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
        let mut lines = vec![self.player_line(top)];
        let sans = rec.sans();
        let list = render::move_list(
            &sans,
            rec.start.fullmoves().get(),
            rec.start.turn() == Color::Black,
            height.saturating_sub(3),
        );
        lines.push(String::new());
        lines.extend(list.lines);
        while lines.len() < height.saturating_sub(1) {
            lines.push(String::new());
        }
        lines.push(self.player_line(self.bottom));
        Block::plain(lines)
    }

    fn player_line(&self, side: Color) -> String {
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
        format!("{to_move} {:<5} {name:<24}{clock}", color_name(side))
    }

    /// Redraws the whole screen (or, without a screen, prints the board below what was there).
    fn draw(&mut self, status: &str) -> Result<(), CliError> {
        let mut out = io::stdout().lock();
        if self.screen {
            queue!(
                out,
                terminal::Clear(terminal::ClearType::All),
                cursor::MoveTo(0, 0)
            )?;
        }
        let view = self.session.view(self.bottom);
        let board = render::board(&view, self.style);
        let panel = self.panel(board.lines.len());
        let screen = board.beside(&panel, 3);
        writeln!(
            out,
            "chessbot play: {} vs {}",
            self.session.record().white,
            self.session.record().black
        )?;
        writeln!(out)?;
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
            line.push_str(&format!("Last move: {}", san_of(&before, m)));
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
        if let Some(p) = &self.prompt {
            write!(out, "{p}")?;
        } else if self.session.human_to_move() {
            write!(out, "Your move ({}): ", color_name(self.human))?;
        } else if self.session.end().is_some() {
            write!(out, "> ")?;
        }
        out.flush()?;
        Ok(())
    }

    /// Rewrites the two clock lines in place, keeping the cursor where the player types.
    fn tick_clocks(&mut self) -> Result<(), CliError> {
        let view = self.session.view(self.bottom);
        let board = render::board(&view, self.style);
        let col = (board.width + 3) as u16;
        let first_row = 2u16;
        let last_row = first_row + board.lines.len() as u16 - 1;
        let top = self.player_line(!self.bottom);
        let bottom = self.player_line(self.bottom);
        let mut out = io::stdout().lock();
        queue!(out, cursor::SavePosition, cursor::MoveTo(col, first_row))?;
        write!(out, "{top}")?;
        queue!(out, cursor::MoveTo(col, last_row))?;
        write!(out, "{bottom}")?;
        queue!(out, cursor::RestorePosition)?;
        out.flush()?;
        Ok(())
    }
}
