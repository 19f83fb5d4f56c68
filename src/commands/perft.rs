//! `chessbot perft`: counts leaf nodes, optionally per root move, and reports the speed.

use super::{CliError, CmdResult};
use crate::cli::perft::PerftArgs;
use crate::cli::variant::Variant;
use chessbot::rules::fen::parse_position;
use chessbot::rules::perft::{divide, perft};
use chessbot::variant::alice::{self, Alice};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: PerftArgs) -> CmdResult {
    let start = Instant::now();
    let counted = match args.variant {
        Variant::Chess => count_chess(&args)?,
        Variant::Alice => {
            if args.chess960 {
                return Err(CliError::input(
                    "--chess960 does not apply to --variant alice",
                ));
            }
            let pos = match &args.fen {
                Some(fen) => Alice::from_fen(fen).map_err(CliError::input)?,
                None => Alice::default(),
            };
            if args.divide {
                Counted::Divided(
                    alice::divide(&pos, args.depth)
                        .into_iter()
                        .map(|(m, n)| (alice::notation::uci(&m), n))
                        .collect(),
                )
            } else {
                Counted::Total(alice::perft(&pos, args.depth))
            }
        }
    };
    let mut out = std::io::stdout().lock();
    let nodes = match counted {
        Counted::Total(n) => n,
        Counted::Divided(lines) => {
            let mut total = 0;
            for (m, n) in lines {
                writeln!(out, "{m}: {n}")?;
                total += n;
            }
            writeln!(out)?;
            total
        }
    };
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "Nodes searched: {nodes}")?;
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    writeln!(out, "Time: {:.0} ms ({:.0} nodes/s)", secs * 1000.0, nps)?;
    Ok(ExitCode::SUCCESS)
}

/// What was counted: a total, or each root move (in UCI) with its count.
enum Counted {
    Total(u64),
    Divided(Vec<(String, u64)>),
}

fn count_chess(args: &PerftArgs) -> Result<Counted, CliError> {
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let pos = match &args.fen {
        Some(fen) => parse_position(fen, mode).map_err(CliError::input)?,
        None => Chess::default(),
    };
    Ok(if args.divide {
        let uci = |m: Move| UciMove::from_move(m, pos.castles().mode()).to_string();
        Counted::Divided(
            divide(&pos, args.depth)
                .into_iter()
                .map(|(m, n)| (uci(m), n))
                .collect(),
        )
    } else {
        Counted::Total(perft(&pos, args.depth))
    })
}
