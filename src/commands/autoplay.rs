//! `chessbot autoplay`: screen (or replay) → vision → tracking → player → mouse (or recorder).

use super::{CliError, CmdResult};
use crate::cli::autoplay::{AutoplayArgs, InputArg, PromotionArg, SideArg, TurnArg};
use chessbot::autoplay::AutoplayError;
use chessbot::autoplay::clock::{Clock, ManualClock};
use chessbot::autoplay::input::{InputSink, RecordingSink};
use chessbot::autoplay::reader::VisionReader;
use chessbot::autoplay::screen::{ReplaySource, ScreenSource};
use chessbot::autoplay::session::{
    Autoplay, Event, InputChoice, InputMethod, PromotionDialog, Report, Settings, SideChoice,
    StopReason,
};
use chessbot::game::{GameRecord, GameResult, Termination};
use chessbot::players::engine::EnginePlayer;
use chessbot::players::spec::PlayerSpec;
use chessbot::players::{ClockView, Player};
use chessbot::search::{Level, StopFlag, position_key};
use shakmaty::{Chess, Color, Position, Role};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// A `--region x,y,w,h` in logical screen pixels.
fn parse_region(text: &str) -> Result<(i32, i32, u32, u32), CliError> {
    let bad = || CliError::input(format!("bad --region '{text}': expected X,Y,W,H"));
    let v: Vec<&str> = text.split(',').map(str::trim).collect();
    let [x, y, w, h] = v.as_slice() else {
        return Err(bad());
    };
    let (x, y) = (x.parse().map_err(|_| bad())?, y.parse().map_err(|_| bad())?);
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if w < 64 || h < 64 {
        return Err(CliError::input(format!(
            "bad --region '{text}': {w}x{h} is too small to hold a board"
        )));
    }
    Ok((x, y, w, h))
}

fn settings(args: &AutoplayArgs) -> Settings {
    Settings {
        side: match args.color {
            SideArg::Auto => SideChoice::Auto,
            SideArg::White => SideChoice::Fixed(Color::White),
            SideArg::Black => SideChoice::Fixed(Color::Black),
        },
        turn: args.turn.map(|t| match t {
            TurnArg::White => Color::White,
            TurnArg::Black => Color::Black,
        }),
        max_moves: args.max_moves,
        dry_run: args.dry_run,
        input: match (args.click, args.input) {
            (true, _) | (false, InputArg::Click) => InputChoice::Fixed(InputMethod::Click),
            (false, InputArg::Drag) => InputChoice::Fixed(InputMethod::Drag),
            (false, InputArg::Auto) => InputChoice::Auto,
        },
        promotion: match args.promotion {
            PromotionArg::Auto => PromotionDialog::Auto,
            PromotionArg::None => PromotionDialog::None,
            PromotionArg::Column => PromotionDialog::Column,
        },
        poll: Duration::from_millis(args.poll),
        settle: Duration::from_millis(args.settle),
        opponent_timeout: Some(Duration::from_secs(args.opponent_timeout)),
        clock: ClockView {
            depth: args.depth,
            movetime: match (args.depth, args.movetime) {
                (_, Some(ms)) => Some(Duration::from_millis(ms)),
                (Some(_), None) => None,
                (None, None) => Some(Duration::from_millis(1000)),
            },
            ..ClockView::unlimited()
        },
        ..Settings::default()
    }
}

/// The player, and the flag that stops its search at once (our engine's), for Ctrl-C.
fn player(args: &AutoplayArgs) -> Result<(Box<dyn Player>, Option<StopFlag>), CliError> {
    match &args.engine {
        Some(program) => {
            let spec = PlayerSpec::parse(&format!("uci:{program}")).map_err(CliError::input)?;
            Ok((spec.build().map_err(CliError::runtime)?, None))
        }
        None => {
            let engine = EnginePlayer::new(64);
            let engine = match args.level {
                Some(l) => engine.with_level(Level::new(l).map_err(CliError::input)?),
                None => engine,
            };
            let stop = engine.control().stop.clone();
            Ok((Box::new(engine), Some(stop)))
        }
    }
}

/// Prints progress as it happens (stdout, one line per event).
fn print_event(event: Event) {
    let line = match event {
        Event::Started {
            side,
            fen,
            turn_guessed,
        } => {
            let guess = if turn_guessed {
                " (the board does not show whose turn it is: --turn says)"
            } else {
                ""
            };
            format!("playing {side} from {fen}{guess}")
        }
        Event::TheirMove(san) => format!("their move {san}"),
        Event::TheirMoveWentOn { was, now } => {
            format!("their move is {now}, not {was}: its piece was read resting on the way")
        }
        Event::OurMove {
            san,
            uci,
            from,
            to,
            dry_run,
        } => format!(
            "{} {san} ({uci}): mouse ({},{}) -> ({},{})",
            if dry_run { "would play" } else { "our move" },
            from.x,
            from.y,
            to.x,
            to.y
        ),
        Event::Confirmed(san) => format!("confirmed {san} on the board"),
        Event::Retrying { uci, how } => format!("{uci} did not show; entering it with {how}"),
        Event::InputFound(method) => format!(
            "the GUI takes {}: moves are entered so from now on",
            match method {
                InputMethod::Drag => "drags",
                InputMethod::Click => "clicks",
            }
        ),
        Event::PromotionChosen(role) => format!(
            "clicked the {} in the promotion chooser",
            match role {
                Role::Knight => "knight",
                Role::Bishop => "bishop",
                Role::Rook => "rook",
                _ => "queen",
            }
        ),
        Event::PromotedOtherwise(san) => format!("the GUI promoted by itself: {san}"),
        Event::StillWaiting { side, still } => format!(
            "the board has not changed for {} s while waiting for {side} to move; if {} is to \
             move, run again with --turn {}",
            still.as_secs(),
            !side,
            !side
        ),
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// The game as PGN tags and moves, with the result the board shows (or `*`).
fn record(report: &Report, name: &str) -> Option<GameRecord> {
    let start = report.start.clone()?;
    let side = report.side?;
    let (white, black) = match side {
        Color::White => (name, "opponent"),
        Color::Black => ("opponent", name),
    };
    let mut rec = GameRecord::new(start.clone(), white, black);
    rec.event = "chessbot autoplay".into();
    rec.moves = report.moves.clone();
    let mut pos: Chess = start;
    let mut keys = Vec::new();
    for &m in &report.moves {
        keys.push(position_key(&pos));
        pos.play_unchecked(m);
    }
    rec.result = Some(
        chessbot::game::GamePosition::end_by_rules(&pos, &keys)
            .unwrap_or_else(|| GameResult::new(None, Termination::Interrupted)),
    );
    Some(rec)
}

fn describe(reason: &StopReason) -> String {
    match reason {
        StopReason::GameOver(outcome) => format!("game over: {outcome}"),
        StopReason::Drawn(how) => format!(
            "game over: 1/2-1/2 ({})",
            GameResult::new(None, *how).describe()
        ),
        StopReason::MaxMoves => "stopped after --max-moves".into(),
        StopReason::Failsafe => "stopped: the mouse was pushed into a screen corner".into(),
        StopReason::UserMovedMouse => "stopped: the mouse was moved by the user".into(),
        StopReason::Interrupted => "stopped: interrupted".into(),
        StopReason::BoardLost => "stopped: the board is no longer visible".into(),
        StopReason::Unexplained { known, seen } => format!(
            "stopped: the board changed from {known} to {seen}, which no legal move explains"
        ),
        StopReason::MoveNotShown(san) => {
            format!("stopped: our move {san} did not show on the board, however it was entered")
        }
        StopReason::OpponentTimeout(waited) => format!(
            "stopped: the opponent did not move in {} s (--opponent-timeout)",
            waited.as_secs()
        ),
        StopReason::IllegalPosition(why) => format!("stopped: the board is not legal: {why}"),
        StopReason::EndOfFrames => "stopped: no more frames to replay".into(),
    }
}

/// Whether a run that ended this way failed (exit 1) rather than ended as asked.
fn failed(reason: &StopReason) -> bool {
    matches!(
        reason,
        StopReason::BoardLost
            | StopReason::Unexplained { .. }
            | StopReason::MoveNotShown(_)
            | StopReason::OpponentTimeout(_)
            | StopReason::IllegalPosition(_)
    )
}

fn drive(
    args: &AutoplayArgs,
    screen: &mut dyn ScreenSource,
    input: &mut dyn InputSink,
    clock: &mut dyn Clock,
) -> CmdResult {
    let mut reader = VisionReader::embedded()
        .map_err(CliError::runtime)?
        .with_debug_dir(args.debug_dir.clone());
    let (mut player, search_stop) = player(args)?;
    let name = player.name();
    // Ctrl-C raises the loop's flag and stops our engine's search at once; the loop checks the
    // flag before every gesture.
    let stop = StopFlag::new();
    for flag in std::iter::once(&stop).chain(search_stop.as_ref()) {
        signal_hook::flag::register(signal_hook::consts::SIGINT, flag.shared())
            .map_err(CliError::runtime)?;
    }
    let mut run = Autoplay {
        screen,
        reader: &mut reader,
        input,
        player: player.as_mut(),
        clock,
        stop,
        settings: settings(args),
    };
    let report = run.run(&mut print_event).map_err(|e| match e {
        AutoplayError::Replay { .. } => CliError::input(e),
        _ => CliError::runtime(e),
    })?;
    let rec = record(&report, &format!("chessbot ({name})"));
    if let (Some(path), Some(rec)) = (&args.pgn_out, &rec) {
        std::fs::write(path, rec.to_pgn())
            .map_err(|e| CliError::runtime(format!("cannot write {}: {e}", path.display())))?;
    }
    let mut out = std::io::stdout().lock();
    if let Some(rec) = &rec
        && let Some(result) = &rec.result
    {
        writeln!(out, "result {} ({})", result.pgn(), result.describe())?;
    }
    if !report.latencies.is_empty() {
        let mut ms: Vec<f64> = report
            .latencies
            .iter()
            .map(|d| d.as_secs_f64() * 1000.0)
            .collect();
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
        writeln!(
            out,
            "latency from their move starting to show to our mouse release (search excluded): \
             median {:.0} ms, p95 {:.0} ms, max {:.0} ms over {} moves",
            at(0.5),
            at(0.95),
            ms[ms.len() - 1],
            ms.len()
        )?;
    }
    let why = describe(&report.reason);
    if failed(&report.reason) {
        return Err(CliError::runtime(why));
    }
    writeln!(out, "{why}")?;
    Ok(ExitCode::SUCCESS)
}

pub fn run(args: AutoplayArgs) -> CmdResult {
    let region = args.region.as_deref().map(parse_region).transpose()?;
    if let Some(dir) = &args.record
        && !dir.is_dir()
    {
        return Err(CliError::input(format!(
            "--record {}: not a folder",
            dir.display()
        )));
    }
    if let Some(dir) = &args.replay {
        // A replay runs on the recorded frames' own times (or one --poll apart).
        let mut clock = ManualClock::new();
        let mut screen = ReplaySource::open(dir)
            .map_err(CliError::input)?
            .with_clock(clock.clone());
        let mut sink = RecordingSink::default();
        return drive(&args, &mut screen, &mut sink, &mut clock);
    }
    live(&args, region)
}

#[cfg(feature = "autoplay")]
fn live(args: &AutoplayArgs, region: Option<(i32, i32, u32, u32)>) -> CmdResult {
    use chessbot::autoplay::clock::SystemClock;
    use chessbot::autoplay::live::{EnigoMouse, ScreenRect, XcapScreen};
    use chessbot::autoplay::screen::Recorder;
    let rect = region.map(|(x, y, width, height)| ScreenRect {
        x,
        y,
        width,
        height,
    });
    let screen = XcapScreen::open(args.monitor, rect).map_err(CliError::runtime)?;
    let mut mouse = EnigoMouse::open().map_err(CliError::runtime)?;
    let mut clock = SystemClock::new();
    match &args.record {
        Some(dir) => drive(
            args,
            &mut Recorder::new(screen, dir.clone()),
            &mut mouse,
            &mut clock,
        ),
        None => drive(args, &mut { screen }, &mut mouse, &mut clock),
    }
}

#[cfg(not(feature = "autoplay"))]
fn live(_args: &AutoplayArgs, _region: Option<(i32, i32, u32, u32)>) -> CmdResult {
    Err(CliError::input(
        "this chessbot was built without screen capture: rebuild with `cargo build --release \
         --features autoplay` (docs/autoplay.md), or use --replay DIR",
    ))
}
