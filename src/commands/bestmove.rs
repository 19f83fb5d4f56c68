//! `chessbot bestmove`: searches one position of any variant and prints the move, score,
//! depth, nodes and PV (or one JSON object).

use super::{CliError, CmdResult, castling_mode};
use crate::cli::bestmove::BestmoveArgs;
use crate::cli::variant::Variant as VariantArg;
use chessbot::book::Book;
use chessbot::game::GamePosition;
use chessbot::players::Variant;
use chessbot::search::{Engine, Limits, Score, SearchControl, Silent};
use chessbot::variant::alice::Alice;
use shakmaty::{CastlingMode, Chess};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// The search time when no limit is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;

fn score_json(score: Score) -> serde_json::Value {
    match score.mate_moves() {
        Some(m) => serde_json::json!({ "mate": m }),
        None => serde_json::json!({ "cp": score.0 }),
    }
}

pub fn run(args: BestmoveArgs) -> CmdResult {
    let mode = castling_mode(args.variant, args.chess960)?;
    match args.variant {
        VariantArg::Chess => {
            let pos: Chess = GamePosition::from_fen(&args.fen, mode).map_err(CliError::input)?;
            refuse_ended(&args, &pos)?;
            if let Some(path) = args.book.as_ref().filter(|_| !args.no_book) {
                // Polyglot keys describe standard castling only.
                let book = match path {
                    None => Book::embedded(),
                    Some(path) => Book::open(path).map_err(CliError::input)?,
                };
                if mode == CastlingMode::Standard && book_move(&args, &book, &pos)? {
                    return Ok(ExitCode::SUCCESS);
                }
            }
            search(&args, &pos, mode, None)
        }
        VariantArg::Alice => {
            if args.book.is_some() && !args.no_book {
                return Err(CliError::input(
                    "--book does not apply to --variant alice (there is no Alice opening book)",
                ));
            }
            let pos = Alice::from_fen(&args.fen).map_err(CliError::input)?;
            search(&args, &pos, mode, Some("alice"))
        }
    }
}

/// A position without a legal move (mate or stalemate) has no best move: a run-time failure,
/// with `{"bestmove": null, "reason": ...}` first under `--json`.
fn refuse_ended<P: GamePosition>(args: &BestmoveArgs, pos: &P) -> Result<(), CliError> {
    if !pos.legal_moves().is_empty() {
        return Ok(());
    }
    let reason = if pos.is_check() {
        "checkmate"
    } else {
        "stalemate"
    };
    if args.json {
        let v = serde_json::json!({ "bestmove": null, "reason": reason });
        writeln!(std::io::stdout().lock(), "{v}")?;
    }
    Err(CliError::runtime(format!(
        "no legal move: the side to move is in {reason}"
    )))
}

/// Prints the book's weighted choice in `pos`; `false` when the position is not in the book.
fn book_move(args: &BestmoveArgs, book: &Book, pos: &Chess) -> Result<bool, CliError> {
    let seed = args.seed.unwrap_or_else(rand::random);
    let Some(choice) = book.choose_seeded(pos, 1, seed) else {
        return Ok(false);
    };
    let total: u32 = book.moves(pos, 1).iter().map(|m| u32::from(m.weight)).sum();
    let uci = Chess::uci(choice.mv, CastlingMode::Standard);
    let san = pos.san(choice.mv);
    let mut out = std::io::stdout().lock();
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
    Ok(true)
}

/// Searches `pos` with our engine and prints the result; `variant` names a variant other than
/// standard chess in the JSON.
fn search<V: Variant>(
    args: &BestmoveArgs,
    pos: &V,
    mode: CastlingMode,
    variant: Option<&str>,
) -> CmdResult {
    let limits = if let Some(d) = args.depth {
        Limits::depth(d)
    } else if let Some(n) = args.nodes {
        Limits::nodes(n)
    } else {
        Limits::movetime(Duration::from_millis(
            args.movetime.unwrap_or(DEFAULT_MOVETIME_MS),
        ))
    };
    refuse_ended(args, pos)?;
    let mut out = std::io::stdout().lock();
    let mut engine = Engine::new(args.hash as usize);
    engine.set_threads(usize::from(args.threads));
    let result = V::search(
        &mut engine,
        pos,
        &[],
        &limits,
        &SearchControl::default(),
        &mut Silent,
    );
    let Some(best) = result.best_move else {
        return Err(CliError::runtime("the search returned no move"));
    };
    let uci = V::uci(best, mode);
    let san = pos.san(best);
    let pv_san = pos.sans(&result.pv);
    let pv_uci: Vec<String> = result.pv.iter().map(|&m| V::uci(m, mode)).collect();
    let ms = result.elapsed.as_millis();
    let nps = if result.elapsed.as_secs_f64() > 0.0 {
        (result.nodes as f64 / result.elapsed.as_secs_f64()) as u64
    } else {
        0
    };
    if args.json {
        let mut v = serde_json::json!({
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
        if let Some(name) = variant {
            v["variant"] = name.into();
        }
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
