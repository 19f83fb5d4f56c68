//! `chessbot perft`: counts leaf nodes, optionally per root move, and reports the speed.

use super::{CliError, CmdResult, castling_mode};
use crate::cli::perft::PerftArgs;
use crate::cli::variant::Variant;
use chessbot::game::GamePosition;
use chessbot::variant::alice::Alice;
use shakmaty::{CastlingMode, Chess};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: PerftArgs) -> CmdResult {
    let mode = castling_mode(args.variant, args.chess960)?;
    match args.variant {
        Variant::Chess => count::<Chess>(&args, mode),
        Variant::Alice => count::<Alice>(&args, mode),
    }
}

/// Counts from `--fen` (or the initial position) of variant `P` and prints the report.
fn count<P: GamePosition>(args: &PerftArgs, mode: CastlingMode) -> CmdResult {
    let pos = match &args.fen {
        Some(fen) => P::from_fen(fen, mode).map_err(CliError::input)?,
        None => P::default(),
    };
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in pos.divide(args.depth) {
            writeln!(out, "{}: {n}", P::uci(m, mode))?;
            total += n;
        }
        writeln!(out)?;
        total
    } else {
        pos.perft(args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "Nodes searched: {nodes}")?;
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    writeln!(out, "Time: {:.0} ms ({:.0} nodes/s)", secs * 1000.0, nps)?;
    Ok(ExitCode::SUCCESS)
}
