//! `chessbot selfplay --variant alice`: a two-player Alice match among the built-in players
//! (random, material, classic, engine), colours alternating game by game, each pair of games
//! starting from the same few random opening plies.

use super::{CliError, CmdResult};
use crate::cli::selfplay::SelfplayArgs;
use chessbot::players::spec::PlayerSpec;
use chessbot::search::Limits;
use chessbot::variant::alice::players::{AlicePlayer, AliceRandom, from_spec};
use chessbot::variant::alice::record::{GameRecord, play_game};
use chessbot::variant::alice::{Alice, AliceGame};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Random plies before the players take over, when `--random-plies` is not given.
const DEFAULT_RANDOM_PLIES: usize = 4;

pub fn run(args: SelfplayArgs) -> CmdResult {
    let (Some(white), Some(black)) = (&args.white, &args.black) else {
        return Err(CliError::input(
            "--variant alice plays two-player matches: give --white and --black",
        ));
    };
    if args.tc.is_some() || args.openings.is_some() || args.sprt.is_some() {
        return Err(CliError::input(
            "--tc, --openings and --sprt do not apply to --variant alice",
        ));
    }
    let a = PlayerSpec::parse(white).map_err(CliError::input)?;
    let b = PlayerSpec::parse(black).map_err(CliError::input)?;
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    let limits = if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        Limits {
            movetime: Some(Duration::from_millis(100)),
            ..Limits::default()
        }
    } else {
        limits
    };
    // Refuse players without an Alice version before any game starts.
    from_spec(&a, 0, &limits).map_err(CliError::input)?;
    from_spec(&b, 0, &limits).map_err(CliError::input)?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let games = args.games as usize;
    let max_plies = args.max_moves.map_or(400, |m| m as usize * 2);
    let random_plies = args.random_plies.unwrap_or(DEFAULT_RANDOM_PLIES);
    let threads = args.concurrency.clamp(1, 64);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; games]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= games {
                        return;
                    }
                    let game_seed = seed.wrapping_add(i as u64);
                    // Both specs were checked above.
                    let (Ok(mut pa), Ok(mut pb)) = (
                        from_spec(&a, game_seed, &limits),
                        from_spec(&b, game_seed ^ 1, &limits),
                    ) else {
                        return;
                    };
                    let start = opening(seed.wrapping_add((i / 2) as u64), random_plies);
                    let record = if i.is_multiple_of(2) {
                        play_game(pa.as_mut(), pb.as_mut(), start, game_seed, max_plies)
                    } else {
                        play_game(pb.as_mut(), pa.as_mut(), start, game_seed, max_plies)
                    };
                    if let Ok(mut r) = results.lock() {
                        r[i] = Some(record);
                    }
                }
            });
        }
    });
    let records: Vec<GameRecord> = results
        .into_inner()
        .map_err(|_| CliError::runtime("a game thread panicked"))?
        .into_iter()
        .flatten()
        .collect();
    let mut out = std::io::stdout().lock();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut pgn = String::new();
    for (i, rec) in records.iter().enumerate() {
        let a_white = i.is_multiple_of(2);
        let outcome = rec.termination.outcome();
        match outcome.winner() {
            None => draws += 1,
            Some(c) if c.is_white() == a_white => wins += 1,
            Some(_) => losses += 1,
        }
        writeln!(
            out,
            "game {}: {} - {}: {} ({}, {} plies)",
            i + 1,
            rec.white,
            rec.black,
            outcome,
            rec.termination.describe(),
            rec.game.moves().len()
        )?;
        pgn.push_str(&rec.to_pgn(&args.event, i + 1));
    }
    if let Some(path) = &args.pgn {
        std::fs::write(path, pgn)
            .map_err(|e| CliError::runtime(format!("cannot write {}: {e}", path.display())))?;
    }
    let n = records.len().max(1) as f64;
    writeln!(
        out,
        "Score of {} vs {} (Alice): {wins} - {losses} - {draws} [{:.3}] {} games, seed {seed}",
        a.text,
        b.text,
        (wins as f64 + draws as f64 / 2.0) / n,
        records.len()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The start of a pair of games: `plies` random moves from the initial position.
fn opening(seed: u64, plies: usize) -> Alice {
    let mut random = AliceRandom::new(seed);
    let mut game = AliceGame::new(Alice::default());
    for _ in 0..plies {
        if game.end().is_some() {
            break;
        }
        match random.choose(&game) {
            Some(c) => {
                game.play(&c.mv);
            }
            None => break,
        }
    }
    game.position().clone()
}
