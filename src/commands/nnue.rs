//! `chessbot nnue`: trains the evaluation network.

use super::{CliError, CmdResult};
use crate::cli::nnue::{GenArgs, NnueArgs, NnueCommand, TrainArgs};
use chessbot::training::nnue::data::read_file;
use chessbot::training::nnue::generate::{GenerateConfig, GenerateError, generate};
use chessbot::training::nnue::train::{TrainConfig, TrainError, train};
use chessbot::uci::client::{EngineError, EngineSpec};
use std::io::Write;
use std::process::ExitCode;

pub fn run(args: NnueArgs) -> CmdResult {
    match args.command {
        NnueCommand::Train(a) => run_train(a),
        NnueCommand::Gen(a) => run_gen(a),
    }
}

fn run_gen(a: GenArgs) -> CmdResult {
    if a.concurrency == 0 || a.nodes == 0 {
        return Err(CliError::input(
            "--concurrency and --nodes must be at least 1",
        ));
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.out)
        .map_err(|e| CliError::input(format!("{}: {e}", a.out.display())))?;
    let config = GenerateConfig {
        nodes: a.nodes,
        positions: a.positions,
        seed: a.seed,
        workers: a.concurrency,
        ..GenerateConfig::new(EngineSpec::new(a.engine))
    };
    let started = std::time::Instant::now();
    let written = generate(&config, std::io::BufWriter::new(file), |total| {
        let rate = total as f64 / started.elapsed().as_secs_f64().max(1e-3);
        eprint!("\r{total} positions ({rate:.0}/s)");
    })
    .map_err(|e| match e {
        GenerateError::Engine(e @ EngineError::NotFound { .. }) => CliError::input(e),
        GenerateError::Engine(e) => CliError::runtime(e),
        GenerateError::Output(_) => CliError::runtime(e),
    })?;
    eprintln!();
    writeln!(
        std::io::stdout(),
        "wrote {written} positions to {}",
        a.out.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn run_train(a: TrainArgs) -> CmdResult {
    let mut samples = Vec::new();
    for path in &a.data {
        samples.extend(read_file(path).map_err(CliError::input)?);
    }
    let config = TrainConfig {
        seed: a.seed,
        epochs: a.epochs,
        batch_size: a.batch,
        learning_rate: a.lr,
        score_weight: a.score_weight,
        ..TrainConfig::default()
    };
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{} positions", samples.len());
    let net = train(&config, samples, |r| {
        let _ = writeln!(
            err,
            "epoch {}/{}: train loss {:.6}, validation loss {:.6}, {:.0} s",
            r.epoch, config.epochs, r.train_loss, r.validation_loss, r.elapsed
        );
    })
    .map_err(|e| match e {
        TrainError::BadOption(_) => CliError::input(e),
        TrainError::Candle(_) => CliError::runtime(e),
    })?;
    let bytes = net.to_bytes();
    std::fs::write(&a.out, &bytes)
        .map_err(|e| CliError::runtime(format!("{}: {e}", a.out.display())))?;
    writeln!(
        std::io::stdout(),
        "wrote {} ({} bytes)",
        a.out.display(),
        bytes.len()
    )?;
    Ok(ExitCode::SUCCESS)
}
