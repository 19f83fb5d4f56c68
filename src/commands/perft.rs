//! `chessbot perft`: counts leaf nodes, optionally per root move, and reports the speed.

use super::{CliError, CmdResult};
use crate::cli::perft::PerftArgs;
use chessbot::rules::fen::parse_position;
use chessbot::rules::perft::{divide, perft};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: PerftArgs) -> CmdResult {
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let pos = match &args.fen {
        Some(fen) => parse_position(fen, mode).map_err(CliError::input)?,
        None => Chess::default(),
    };
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in divide(&pos, args.depth) {
            writeln!(out, "{}: {n}", UciMove::from_move(m, pos.castles().mode()))?;
            total += n;
        }
        writeln!(out)?;
        total
    } else {
        perft(&pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "Nodes searched: {nodes}")?;
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    writeln!(out, "Time: {:.0} ms ({:.0} nodes/s)", secs * 1000.0, nps)?;
    Ok(ExitCode::SUCCESS)
}
