//! `chessbot selfplay`: flags to a checked match config, the match, PGN and report out, for
//! every variant (`--variant`).

use super::{CliError, CmdResult};
use crate::cli::selfplay::{OrderArg, SelfplayArgs};
use crate::cli::variant::Variant as VariantArg;
use chessbot::book::Book;
use chessbot::game::today;
use chessbot::matches::stats::{Sprt, SprtStatus};
use chessbot::matches::{
    Adjudication, DrawAdjudication, FinishedGame, MatchConfig, MatchLimits, MatchObserver,
    MatchSummary, Opening, OpeningOrder, ResignAdjudication, Schedule, TimeControl, openings, run,
};
use chessbot::players::{PlayerSpec, Variant};
use chessbot::search::StopFlag;
use chessbot::variant::alice::Alice;
use indicatif::{ProgressBar, ProgressStyle};
use shakmaty::Chess;
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Random plies that open each pair of Alice games when `--random-plies` is not given: engines
/// are deterministic, and Alice has no opening suite to start games apart.
const ALICE_RANDOM_PLIES: usize = 4;

/// Plies of the book walk that opens each pair of chess games when neither `--openings` nor
/// `--random-plies` is given, so that deterministic players do not replay one game.
const BOOK_PLIES: usize = 8;

fn parse_numbers<const N: usize>(
    flag: &str,
    text: &str,
    usage: &str,
) -> Result<[i64; N], CliError> {
    let parts: Vec<i64> = text
        .split(',')
        .map(|p| p.trim().parse::<i64>())
        .collect::<Result<_, _>>()
        .map_err(|_| CliError::input(format!("--{flag} {text}: expected {usage}")))?;
    parts
        .try_into()
        .map_err(|_| CliError::input(format!("--{flag} {text}: expected {usage}")))
}

/// The checked match for `args`, without openings yet (games start from the initial position).
fn config<V: Variant>(args: &SelfplayArgs, seed: u64) -> Result<MatchConfig<V>, CliError> {
    let (texts, schedule): (Vec<&String>, Schedule) =
        match (&args.white, &args.black, &args.gauntlet) {
            (Some(w), Some(b), _) => (vec![w, b], Schedule::Single),
            (_, _, Some(g)) => (
                std::iter::once(g).chain(&args.vs).collect(),
                Schedule::Gauntlet,
            ),
            _ if !args.players.is_empty() => (args.players.iter().collect(), Schedule::RoundRobin),
            _ => {
                return Err(CliError::input(
                    "no players: give --white and --black, --gauntlet with --vs, or --players",
                ));
            }
        };
    let players = texts
        .iter()
        .map(|t| {
            let spec =
                PlayerSpec::parse(t).map_err(|e| CliError::input(format!("player '{t}': {e}")))?;
            spec.check_variant::<V>().map_err(CliError::input)?;
            Ok(spec)
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    if args.concurrency == 0 {
        return Err(CliError::input("--concurrency must be at least 1"));
    }
    let time_control = args
        .tc
        .as_deref()
        .map(str::parse::<TimeControl>)
        .transpose()
        .map_err(|e| CliError::input(format!("--tc: {e}")))?;
    if args.depth.is_some_and(|d| d < 1) {
        return Err(CliError::input("--depth must be at least 1"));
    }
    let limits = MatchLimits {
        time_control,
        movetime: args.movetime.map(Duration::from_millis),
        depth: args.depth,
        nodes: args.nodes,
        time_margin: Duration::from_millis(args.time_margin),
    };
    let draw = args
        .draw
        .as_deref()
        .map(|t| {
            let [n, m, s] =
                parse_numbers::<3>("draw", t, "MOVENUMBER,MOVECOUNT,SCORE (e.g. 40,8,10)")?;
            if n < 0 || m < 1 || s < 0 {
                return Err(CliError::input(format!(
                    "--draw {t}: numbers must be positive"
                )));
            }
            Ok(DrawAdjudication {
                move_number: n as u32,
                move_count: m as u32,
                score_cp: s as i32,
            })
        })
        .transpose()?;
    let resign = args
        .resign
        .as_deref()
        .map(|t| {
            let [m, s] = parse_numbers::<2>("resign", t, "MOVECOUNT,SCORE (e.g. 3,900)")?;
            if m < 1 || s < 1 {
                return Err(CliError::input(format!(
                    "--resign {t}: numbers must be positive"
                )));
            }
            Ok(ResignAdjudication {
                move_count: m as u32,
                score_cp: s as i32,
            })
        })
        .transpose()?;
    if args.max_moves == Some(0) {
        return Err(CliError::input("--max-moves must be at least 1"));
    }
    let sprt = args
        .sprt
        .as_deref()
        .map(str::parse::<Sprt>)
        .transpose()
        .map_err(|e| CliError::input(format!("--sprt: {e}")))?;
    if sprt.is_some() && schedule != Schedule::Single {
        return Err(CliError::input(
            "--sprt needs a two-player match (--white and --black)",
        ));
    }
    Ok(MatchConfig {
        players,
        schedule,
        games: args.games,
        limits,
        openings: Vec::new(),
        order: match args.order {
            OrderArg::Sequential => OpeningOrder::Sequential,
            OrderArg::Random => OpeningOrder::Random,
        },
        concurrency: args.concurrency,
        adjudication: Adjudication {
            draw,
            resign,
            max_plies: args.max_moves.map(|m| m * 2),
        },
        seed,
        sprt,
        event: args.event.clone(),
        date: today(),
    })
}

/// Writes each game to the PGN file and moves the progress bar; for Alice it also keeps the
/// game-by-game lines of its report.
struct Output {
    pgn: Option<BufWriter<File>>,
    error: Option<std::io::Error>,
    bar: Option<ProgressBar>,
    game_lines: Option<Vec<String>>,
}

impl<V: Variant> MatchObserver<V> for Output {
    fn on_game(&mut self, game: &FinishedGame<V>, summary: &MatchSummary) {
        if let (Some(lines), Some(result)) = (&mut self.game_lines, &game.record.result) {
            lines.push(format!(
                "game {}: {} - {}: {} ({}, {} plies)",
                game.number,
                game.record.white,
                game.record.black,
                result.pgn(),
                result.termination.label(),
                game.record.moves.len()
            ));
        }
        if let Some(pgn) = &mut self.pgn {
            let written = pgn
                .write_all(game.record.to_pgn().as_bytes())
                .and_then(|()| pgn.flush());
            if let Err(e) = written {
                self.error.get_or_insert(e);
            }
        }
        if let Some(bar) = &self.bar {
            bar.set_position(summary.games as u64);
            let p = &summary.pairings[game.slot.pairing];
            let mut msg = format!(
                "{} vs {}: +{} ={} -{}  Elo {}",
                p.first,
                p.second,
                p.wdl.wins,
                p.wdl.draws,
                p.wdl.losses,
                elo_text(p.wdl.elo(), p.wdl.elo_error())
            );
            if let Some(s) = &summary.sprt {
                msg.push_str(&format!(
                    "  LLR {:.2} [{:.2}, {:.2}]",
                    s.llr, s.lower, s.upper
                ));
            }
            bar.set_message(msg);
        }
    }
}

/// `+12.3 ± 45.6`: an Elo difference with its error; a difference that rounds to zero has no
/// sign (`0.0 ± 0.0`).
fn elo_text(elo: f64, error: f64) -> String {
    let e = if elo.is_finite() && (elo * 10.0).round() == 0.0 {
        "0.0".to_string()
    } else if elo.is_finite() {
        format!("{elo:+.1}")
    } else if elo > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    };
    if error.is_finite() {
        format!("{e} ± {error:.1}")
    } else {
        format!("{e} ± inf")
    }
}

fn report(summary: &MatchSummary, seed: u64, out: &mut impl Write) -> std::io::Result<()> {
    let width = summary
        .pairings
        .iter()
        .map(|p| p.first.len() + p.second.len() + 4)
        .max()
        .unwrap_or(10)
        .max(7);
    writeln!(
        out,
        "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>7} {:>18} {:>7} {:>6} {:>8}  Terminations",
        "Pairing",
        "Games",
        "Wins",
        "Draws",
        "Losses",
        "Score",
        "Elo ± 95%",
        "LOS",
        "Draws",
        "Avg ply"
    )?;
    for p in &summary.pairings {
        let terms: Vec<String> = p
            .terminations
            .iter()
            .map(|(t, n)| format!("{} {n}", t.label()))
            .collect();
        writeln!(
            out,
            "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>6.1}% {:>18} {:>6.1}% {:>5.1}% {:>8.1}  {}",
            format!("{} vs {}", p.first, p.second),
            p.games(),
            p.wdl.wins,
            p.wdl.draws,
            p.wdl.losses,
            p.wdl.score() * 100.0,
            elo_text(p.wdl.elo(), p.wdl.elo_error()),
            p.wdl.los() * 100.0,
            p.wdl.draw_ratio() * 100.0,
            p.average_plies(),
            terms.join(", ")
        )?;
    }
    if summary.pairings.len() > 1 {
        standings(summary, out)?;
    }
    if let Some(s) = &summary.sprt {
        writeln!(
            out,
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.3} ({}) bounds [{:.3}, {:.3}]: {}",
            s.test.elo0,
            s.test.elo1,
            s.test.alpha,
            s.test.beta,
            s.llr,
            s.model,
            s.lower,
            s.upper,
            match s.status {
                SprtStatus::Continue => "no decision",
                SprtStatus::AcceptH0 => "H0 accepted",
                SprtStatus::AcceptH1 => "H1 accepted",
            }
        )?;
    }
    writeln!(
        out,
        "{} of {} games played, seed {seed}{}",
        summary.games,
        summary.scheduled,
        if summary.interrupted {
            " (interrupted)"
        } else {
            ""
        }
    )
}

/// The standings of a round-robin or gauntlet, as cutechess-cli prints them: rank, player, Elo
/// against the field with its 95% error, games, score, draws.
fn standings(summary: &MatchSummary, out: &mut impl Write) -> std::io::Result<()> {
    let table = summary.standings();
    let width = table.iter().map(|s| s.name.len()).max().unwrap_or(4).max(6);
    writeln!(out)?;
    writeln!(
        out,
        "{:>4} {:<width$} {:>18} {:>6} {:>7} {:>6}",
        "Rank", "Player", "Elo ± 95%", "Games", "Score", "Draws"
    )?;
    for (rank, s) in table.iter().enumerate() {
        writeln!(
            out,
            "{:>4} {:<width$} {:>18} {:>6} {:>6.1}% {:>5.1}%",
            rank + 1,
            s.name,
            elo_text(s.wdl.elo(), s.wdl.elo_error()),
            s.wdl.games(),
            s.wdl.score() * 100.0,
            s.wdl.draw_ratio() * 100.0
        )?;
    }
    Ok(())
}

/// One line per pairing: `Score of A vs B (Alice): W - L - D [score] N games, seed S`, the
/// players as given on the command line.
fn score_lines<V: Variant>(
    summary: &MatchSummary,
    config: &MatchConfig<V>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    for (p, &(a, b)) in summary.pairings.iter().zip(&config.pairings()) {
        let w = p.wdl;
        writeln!(
            out,
            "Score of {} vs {} (Alice): {} - {} - {} [{:.3}] {} games, seed {}",
            config.players[a].text,
            config.players[b].text,
            w.wins,
            w.losses,
            w.draws,
            w.score(),
            p.games(),
            config.seed
        )?;
    }
    Ok(())
}

pub fn run_cmd(args: SelfplayArgs) -> CmdResult {
    let seed = args.seed.unwrap_or_else(rand::random);
    match args.variant {
        VariantArg::Chess => {
            let mut config = config::<Chess>(&args, seed)?;
            config.openings = match (&args.openings, args.random_plies) {
                (Some(path), _) => openings::load(path, args.plies).map_err(CliError::input)?,
                (None, Some(plies)) => random_openings(&config, plies),
                (None, None) => openings::book(
                    &Book::embedded(),
                    config.games.div_ceil(2) as usize,
                    args.plies.unwrap_or(BOOK_PLIES),
                    config.seed,
                ),
            };
            run_match(&args, config, false)
        }
        VariantArg::Alice => {
            if args.openings.is_some() {
                return Err(CliError::input(
                    "--openings does not apply to --variant alice (opening files hold standard chess)",
                ));
            }
            let mut config = config::<Alice>(&args, seed)?;
            let plies = args.random_plies.unwrap_or(ALICE_RANDOM_PLIES);
            config.openings = random_openings(&config, plies);
            run_match(&args, config, true)
        }
    }
}

/// One opening of `plies` random moves per pair of games (none when `plies` is 0).
fn random_openings<V: Variant>(config: &MatchConfig<V>, plies: usize) -> Vec<Opening<V>> {
    if plies == 0 {
        return Vec::new();
    }
    openings::random(config.games.div_ceil(2) as usize, plies, config.seed)
}

/// Plays the match and reports it: the table of pairings, or for Alice its game-by-game lines
/// and a score line per pairing (`game_report`).
fn run_match<V: Variant>(
    args: &SelfplayArgs,
    config: MatchConfig<V>,
    game_report: bool,
) -> CmdResult {
    let pgn = match &args.pgn {
        Some(path) => Some(BufWriter::new(File::create(path).map_err(|e| {
            CliError::input(format!("cannot write {}: {e}", path.display()))
        })?)),
        None => None,
    };
    let stop = StopFlag::new();
    let interrupted = Arc::new(AtomicBool::new(false));
    // First Ctrl-C: finish cleanly (finished games stay in the PGN); a second one exits at once.
    signal_hook::flag::register_conditional_shutdown(
        signal_hook::consts::SIGINT,
        130,
        interrupted.clone(),
    )?;
    signal_hook::flag::register(signal_hook::consts::SIGINT, interrupted.clone())?;
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (stop, interrupted, done) = (stop.clone(), interrupted.clone(), done.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if interrupted.load(Ordering::Relaxed) {
                    stop.stop();
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        })
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(config.slots().len() as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  ETA {eta}")
                .expect("valid template"),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    });
    let mut output = Output {
        pgn,
        error: None,
        bar,
        game_lines: game_report.then(Vec::new),
    };
    let result = run(&config, &stop, &mut output);
    done.store(true, Ordering::Relaxed);
    let _ = watcher.join();
    if let Some(bar) = &output.bar {
        bar.finish_and_clear();
    }
    let summary = result.map_err(|e| {
        if e.is_bad_input() {
            CliError::input(e)
        } else {
            CliError::runtime(e)
        }
    })?;
    if summary.repeated_games > 0 {
        eprintln!(
            "chessbot: warning: {} of {} games repeat an earlier game move for move (same players, \
             colours and start): the results count them twice; vary the starts with --openings \
             or --random-plies",
            summary.repeated_games, summary.games
        );
    }
    if let Some(e) = output.error {
        return Err(CliError::runtime(format!("writing the PGN failed: {e}")));
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut value = serde_json::to_value(&summary).map_err(CliError::runtime)?;
        value["seed"] = config.seed.into();
        for (p, summary) in value["pairings"]
            .as_array_mut()
            .into_iter()
            .flatten()
            .zip(&summary.pairings)
        {
            let w = summary.wdl;
            let num = |x: f64| {
                if x.is_finite() {
                    serde_json::json!(x)
                } else {
                    serde_json::Value::Null
                }
            };
            p["score"] = num(w.score());
            p["elo"] = num(w.elo());
            p["elo_error"] = num(w.elo_error());
            p["los"] = num(w.los());
            p["draw_ratio"] = num(w.draw_ratio());
            p["average_plies"] = num(summary.average_plies());
        }
        if summary.pairings.len() > 1 {
            value["standings"] = summary
                .standings()
                .iter()
                .map(|s| {
                    let num = |x: f64| x.is_finite().then_some(x);
                    serde_json::json!({
                        "name": s.name,
                        "wdl": s.wdl,
                        "score": num(s.wdl.score()),
                        "elo": num(s.wdl.elo()),
                        "elo_error": num(s.wdl.elo_error()),
                    })
                })
                .collect();
        }
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&value).map_err(CliError::runtime)?
        )?;
    } else if let Some(lines) = &output.game_lines {
        for line in lines {
            writeln!(out, "{line}")?;
        }
        score_lines(&summary, &config, &mut out)?;
    } else {
        report(&summary, config.seed, &mut out)?;
    }
    Ok(if summary.interrupted {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    })
}
