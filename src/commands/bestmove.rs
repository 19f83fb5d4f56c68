//! `chessbot bestmove`: searches one position and prints the move, score, depth, nodes and PV.

use super::{CliError, CmdResult};
use crate::cli::bestmove::BestmoveArgs;
use chessbot::book::Book;
use chessbot::rules::fen::parse_position;
use chessbot::search::{Engine, Limits, Score, SearchControl, Silent};
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// The search time when no limit is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;

fn san_line(pos: &Chess, moves: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    moves
        .iter()
        .map(|&m| SanPlus::from_move_and_play_unchecked(&mut p, m).to_string())
        .collect()
}

fn score_json(score: Score) -> serde_json::Value {
    match score.mate_moves() {
        Some(m) => serde_json::json!({ "mate": m }),
        None => serde_json::json!({ "cp": score.0 }),
    }
}

pub fn run(args: BestmoveArgs) -> CmdResult {
    if args.variant == crate::cli::variant::Variant::Alice {
        return super::bestmove_alice::run(args);
    }
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let pos = parse_position(&args.fen, mode).map_err(CliError::input)?;
    let limits = if let Some(d) = args.depth {
        Limits::depth(d)
    } else if let Some(n) = args.nodes {
        Limits::nodes(n)
    } else {
        Limits::movetime(Duration::from_millis(
            args.movetime.unwrap_or(DEFAULT_MOVETIME_MS),
        ))
    };
    let mut out = std::io::stdout().lock();
    if pos.legal_moves().is_empty() {
        let reason = if pos.is_checkmate() {
            "checkmate"
        } else {
            "stalemate"
        };
        if args.json {
            let v = serde_json::json!({ "bestmove": null, "reason": reason });
            writeln!(out, "{v}")?;
        }
        return Err(CliError::runtime(format!(
            "no legal move: the side to move is in {reason}"
        )));
    }
    if let Some(path) = args.book.as_ref().filter(|_| !args.no_book) {
        let book = match path {
            None => Book::embedded(),
            Some(path) => Book::open(path).map_err(CliError::input)?,
        };
        // Polyglot keys describe standard castling only.
        if mode == CastlingMode::Standard {
            let seed = args.seed.unwrap_or_else(rand::random);
            if let Some(choice) = book.choose_seeded(&pos, 1, seed) {
                let total: u32 = book
                    .moves(&pos, 1)
                    .iter()
                    .map(|m| u32::from(m.weight))
                    .sum();
                let uci = UciMove::from_move(choice.mv, mode).to_string();
                let san = san_line(&pos, &[choice.mv]).remove(0);
                if args.json {
                    let v = serde_json::json!({
                        "bestmove": uci,
                        "san": san,
                        "book": { "weight": choice.weight, "total_weight": total },
                    });
                    writeln!(out, "{v}")?;
                } else {
                    writeln!(out, "bestmove {uci} ({san})")?;
                    writeln!(out, "book move, weight {} of {total}", choice.weight)?;
                }
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
    let mut engine = Engine::new(args.hash as usize);
    engine.set_threads(usize::from(args.threads));
    let result = engine.search(&pos, &[], &limits, &SearchControl::default(), &mut Silent);
    let Some(best) = result.best_move else {
        return Err(CliError::runtime("the search returned no move"));
    };
    let uci = UciMove::from_move(best, mode).to_string();
    let san = san_line(&pos, &[best]).remove(0);
    let pv_san = san_line(&pos, &result.pv);
    let pv_uci: Vec<String> = result
        .pv
        .iter()
        .map(|&m| UciMove::from_move(m, mode).to_string())
        .collect();
    let ms = result.elapsed.as_millis();
    let nps = if result.elapsed.as_secs_f64() > 0.0 {
        (result.nodes as f64 / result.elapsed.as_secs_f64()) as u64
    } else {
        0
    };
    if args.json {
        let v = serde_json::json!({
            "bestmove": uci,
            "san": san,
            "score": score_json(result.score),
            "depth": result.depth,
            "seldepth": result.seldepth,
            "nodes": result.nodes,
            "time_ms": ms,
            "nps": nps,
            "pv": pv_uci,
            "pv_san": pv_san,
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "bestmove {uci} ({san})")?;
        let score = match result.score.mate_moves() {
            Some(m) => format!("mate {m}"),
            None => format!("cp {}", result.score.0),
        };
        writeln!(out, "score {score}")?;
        writeln!(
            out,
            "depth {} seldepth {} nodes {} time {ms} ms nps {nps}",
            result.depth, result.seldepth, result.nodes
        )?;
        writeln!(out, "pv {}", pv_san.join(" "))?;
    }
    Ok(ExitCode::SUCCESS)
}
