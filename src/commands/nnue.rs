//! `chessbot nnue`: trains the evaluation network.

use super::{CliError, CmdResult};
use crate::cli::nnue::{GenArgs, NnueArgs, NnueCommand, TrainArgs};
use chessbot::search::nnue::Network;
use chessbot::training::nnue::data::read_file;
use chessbot::training::nnue::generate::{GenerateConfig, GenerateError, generate, resume_point};
use chessbot::training::nnue::train::{TrainConfig, TrainError, train};
use chessbot::uci::client::{EngineError, EngineSpec};
use std::io::{Seek, SeekFrom, Write};
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
    let mut engine = EngineSpec::new(a.engine);
    engine.args = a.engine_args;
    let config = GenerateConfig {
        nodes: a.nodes,
        positions: a.positions,
        seed: a.seed,
        workers: a.concurrency,
        ..GenerateConfig::new(engine)
    };
    let path = a.out.display().to_string();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&a.out)
        .map_err(|e| CliError::input(format!("{path}: {e}")))?;
    let from = resume_point(std::io::BufReader::new(&mut file), &config)
        .map_err(|e| CliError::input(format!("{path}: {e}")))?;
    // Drop a game cut off mid-write, then append after the last whole one.
    file.set_len(from.bytes)
        .and_then(|()| file.seek(SeekFrom::End(0)).map(drop))
        .map_err(|e| CliError::runtime(format!("{path}: {e}")))?;
    if from.games > 0 {
        eprintln!(
            "continuing {path}: {} games, {} positions",
            from.games, from.positions
        );
    }
    let started = std::time::Instant::now();
    let written = generate(&config, from, std::io::BufWriter::new(file), |total| {
        let rate = (total - from.positions) as f64 / started.elapsed().as_secs_f64().max(1e-3);
        eprint!("\r{total} positions ({rate:.0}/s)");
    })
    .map_err(|e| match e {
        GenerateError::Engine(e @ EngineError::NotFound { .. }) => CliError::input(e),
        GenerateError::Engine(e) => CliError::runtime(e),
        GenerateError::Output(_) => CliError::runtime(e),
    })?;
    eprintln!();
    writeln!(std::io::stdout(), "{path} holds {written} positions")?;
    Ok(ExitCode::SUCCESS)
}

fn run_train(a: TrainArgs) -> CmdResult {
    let mut samples = Vec::new();
    for path in &a.data {
        samples.extend(read_file(path).map_err(CliError::input)?);
    }
    let init = match &a.init {
        Some(path) => Some(Network::read_file(path).map_err(CliError::input)?),
        None => None,
    };
    let config = TrainConfig {
        init,
        seed: a.seed,
        epochs: a.epochs,
        batch_size: a.batch,
        learning_rate: a.lr,
        score_weight: a.score_weight,
        buckets: a.buckets,
        checkpoint: a.checkpoint,
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
        std::ops::ControlFlow::Continue(())
    })
    .map_err(|e| match e {
        TrainError::BadOption(_) | TrainError::Checkpoint { .. } => CliError::input(e),
        TrainError::Candle(_) | TrainError::CheckpointWrite { .. } | TrainError::Stopped(_) => {
            CliError::runtime(e)
        }
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
