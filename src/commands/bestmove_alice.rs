//! `chessbot bestmove --variant alice FEN`: our engine on an Alice position, printed as
//! `bestmove` prints chess (UCI and SAN, score, depth, nodes, PV; or one JSON object).

use super::{CliError, CmdResult};
use crate::cli::bestmove::BestmoveArgs;
use chessbot::search::{Engine, Limits, Score};
use chessbot::variant::alice::Alice;
use chessbot::variant::alice::notation::uci;
use chessbot::variant::alice::search::best_move;
use shakmaty::Move;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

fn san_line(pos: &Alice, moves: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    moves
        .iter()
        .map(|m| {
            let san = p.san(m);
            p.play_unchecked(m);
            san
        })
        .collect()
}

fn score_json(score: Score) -> serde_json::Value {
    match score.mate_moves() {
        Some(m) => serde_json::json!({ "mate": m }),
        None => serde_json::json!({ "cp": score.0 }),
    }
}

pub fn run(args: BestmoveArgs) -> CmdResult {
    if args.chess960 {
        return Err(CliError::input(
            "--chess960 does not apply to --variant alice",
        ));
    }
    if args.book.is_some() && !args.no_book {
        return Err(CliError::input(
            "--book does not apply to --variant alice (there is no Alice opening book)",
        ));
    }
    let pos = Alice::from_fen(&args.fen).map_err(CliError::input)?;
    let limits = if let Some(d) = args.depth {
        Limits::depth(d)
    } else if let Some(n) = args.nodes {
        Limits::nodes(n)
    } else {
        Limits::movetime(Duration::from_millis(args.movetime.unwrap_or(1000)))
    };
    let mut out = std::io::stdout().lock();
    if pos.legal_moves().is_empty() {
        let reason = if pos.is_check() {
            "checkmate"
        } else {
            "stalemate"
        };
        if args.json {
            writeln!(
                out,
                "{}",
                serde_json::json!({ "bestmove": null, "reason": reason })
            )?;
        }
        return Err(CliError::runtime(format!(
            "no legal move: the side to move is in {reason}"
        )));
    }
    let mut engine = Engine::new(args.hash as usize);
    engine.set_threads(usize::from(args.threads));
    let result = best_move(&mut engine, &pos, &[], &limits);
    let Some(best) = result.best_move else {
        return Err(CliError::runtime("the search returned no move"));
    };
    let san = pos.san(&best);
    let pv_san = san_line(&pos, &result.pv);
    let pv_uci: Vec<String> = result.pv.iter().map(uci).collect();
    let ms = result.elapsed.as_millis();
    let nps = if result.elapsed.as_secs_f64() > 0.0 {
        (result.nodes as f64 / result.elapsed.as_secs_f64()) as u64
    } else {
        0
    };
    if args.json {
        let v = serde_json::json!({
            "variant": "alice",
            "bestmove": uci(&best),
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
        writeln!(out, "bestmove {} ({san})", uci(&best))?;
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
