//! `chessbot selfplay`: flags to a checked match config, the match, PGN and report out.

use super::{CliError, CmdResult};
use crate::cli::selfplay::{OrderArg, SelfplayArgs};
use chessbot::matches::stats::Sprt;
use chessbot::matches::{
    Adjudication, DrawAdjudication, FinishedGame, MatchConfig, MatchLimits, MatchObserver,
    MatchSummary, OpeningOrder, ResignAdjudication, Schedule, TimeControl, openings, run,
};
use chessbot::players::PlayerSpec;
use chessbot::search::StopFlag;
use indicatif::{ProgressBar, ProgressStyle};
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

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

/// Today's date as PGN writes it, in UTC.
fn pgn_date() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

fn config(args: &SelfplayArgs) -> Result<MatchConfig, CliError> {
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
        .map(|t| PlayerSpec::parse(t).map_err(|e| CliError::input(format!("player '{t}': {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
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
        .map_err(CliError::input)?;
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
    let openings = match &args.openings {
        Some(path) => openings::load(path, args.plies).map_err(CliError::input)?,
        None => Vec::new(),
    };
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
        openings,
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
        seed: args.seed.unwrap_or_else(rand::random),
        sprt,
        event: args.event.clone(),
        date: pgn_date(),
    })
}

/// Writes each game to the PGN file and moves the progress bar.
struct Output {
    pgn: Option<BufWriter<File>>,
    error: Option<std::io::Error>,
    bar: Option<ProgressBar>,
}

impl MatchObserver for Output {
    fn on_game(&mut self, game: &FinishedGame, summary: &MatchSummary) {
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

fn elo_text(elo: f64, error: f64) -> String {
    let e = if elo.is_finite() {
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
                chessbot::matches::stats::SprtStatus::Continue => "no decision",
                chessbot::matches::stats::SprtStatus::AcceptH0 => "H0 accepted",
                chessbot::matches::stats::SprtStatus::AcceptH1 => "H1 accepted",
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

pub fn run_cmd(args: SelfplayArgs) -> CmdResult {
    if args.variant == crate::cli::variant::Variant::Alice {
        return super::selfplay_alice::run(args);
    }
    if args.random_plies.is_some() {
        return Err(CliError::input(
            "--random-plies applies to --variant alice only",
        ));
    }
    let config = config(&args)?;
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
    };
    let result = run(&config, &stop, &mut output);
    done.store(true, Ordering::Relaxed);
    let _ = watcher.join();
    if let Some(bar) = &output.bar {
        bar.finish_and_clear();
    }
    let summary = result.map_err(CliError::runtime)?;
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
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&value).map_err(CliError::runtime)?
        )?;
    } else {
        report(&summary, config.seed, &mut out)?;
    }
    Ok(if summary.interrupted {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    })
}
