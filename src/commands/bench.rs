//! `chessbot bench`: the fixed benchmark; the last line is `<N> nodes <M> nps`.

use super::CmdResult;
use crate::cli::bench::BenchArgs;
use chessbot::search::bench;
use std::io::Write;
use std::process::ExitCode;

pub fn run(args: BenchArgs) -> CmdResult {
    let report = bench::run(args.depth, usize::from(args.threads));
    let mut out = std::io::stdout().lock();
    for (i, (fen, nodes)) in bench::POSITIONS
        .iter()
        .zip(&report.nodes_per_position)
        .enumerate()
    {
        writeln!(out, "position {:2}: {nodes:>10} nodes  {fen}", i + 1)?;
    }
    writeln!(
        out,
        "depth {} total time {} ms",
        args.depth,
        report.elapsed.as_millis()
    )?;
    writeln!(out, "{} nodes {} nps", report.nodes, report.nps())?;
    Ok(ExitCode::SUCCESS)
}
