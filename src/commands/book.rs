//! `chessbot book build` and `chessbot book probe`.

use super::{CliError, CmdResult};
use crate::cli::book::{BookArgs, BookCommand, BuildArgs, ProbeArgs};
use chessbot::book::{Book, BookBuilder, BuildOptions, polyglot_key};
use chessbot::rules::fen::parse_position;
use chessbot::rules::pgn::{ReadOptions, read_games, read_pgn_file};
use shakmaty::CastlingMode;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: BookArgs) -> CmdResult {
    match args.command {
        BookCommand::Build(a) => build(a),
        BookCommand::Probe(a) => probe(a),
    }
}

fn build(args: BuildArgs) -> CmdResult {
    let text = read_pgn_file(&args.pgn)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", args.pgn.display())))?;
    let started = Instant::now();
    let mut builder = BookBuilder::new(BuildOptions {
        max_ply: args.max_ply,
        min_games: args.min_games,
    });
    let options = ReadOptions {
        max_plies: Some(args.max_ply),
        moves_only: true,
        ..ReadOptions::default()
    };
    let mut broken = 0;
    for game in read_games(&text, options) {
        match game {
            Ok(g) => {
                builder.add_game(&g);
            }
            Err(e) => {
                broken += 1;
                eprintln!("chessbot: warning: skipped {e}");
            }
        }
    }
    let (bytes, stats) = builder.finish();
    if stats.games == 0 {
        return Err(CliError::input(format!(
            "{}: no finished game to build a book from ({broken} broken, {} without a result)",
            args.pgn.display(),
            stats.unfinished
        )));
    }
    std::fs::write(&args.output, &bytes)
        .map_err(|e| CliError::runtime(format!("cannot write {}: {e}", args.output.display())))?;
    let secs = started.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}: {} entries for {} positions from {} games ({} without a result, {} broken skipped) in {:.2} s ({:.0} games/s)",
        args.output.display(),
        stats.entries,
        stats.positions,
        stats.games,
        stats.unfinished,
        broken,
        secs,
        stats.games as f64 / secs.max(1e-9)
    )?;
    Ok(ExitCode::SUCCESS)
}

fn probe(args: ProbeArgs) -> CmdResult {
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let pos = parse_position(&args.fen, mode).map_err(CliError::input)?;
    let book = match &args.book {
        Some(path) => Book::open(path).map_err(CliError::input)?,
        None => Book::embedded(),
    };
    let moves = book.moves(&pos, 0);
    let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
    let key = polyglot_key(&pos);
    let mut out = std::io::stdout().lock();
    if args.json {
        let list: Vec<serde_json::Value> = moves
            .iter()
            .map(|m| {
                serde_json::json!({
                    "uci": UciMove::from_move(m.mv, mode).to_string(),
                    "san": San::from_move(&pos, m.mv).to_string(),
                    "weight": m.weight,
                    "learn": m.learn,
                })
            })
            .collect();
        let doc = serde_json::json!({ "key": format!("{key:016x}"), "moves": list });
        writeln!(out, "{doc}")?;
        return Ok(ExitCode::SUCCESS);
    }
    if moves.is_empty() {
        writeln!(out, "no book moves (key {key:016x})")?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "key {key:016x}")?;
    for m in &moves {
        let pct = 100.0 * f64::from(m.weight) / (total.max(1) as f64);
        writeln!(
            out,
            "{:<6} {:<8} {:>6} {:>6.1}%",
            UciMove::from_move(m.mv, mode).to_string(),
            San::from_move(&pos, m.mv).to_string(),
            m.weight,
            pct
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
