//! `chessbot tune`: fits the hand-written evaluation's weights to scored positions.

use super::{CliError, CmdResult};
use crate::cli::tune::TuneArgs;
use chessbot::search::params::WEIGHTS;
use chessbot::training::nnue::data::{parse_fields, read_lines};
use chessbot::training::texel::sections::to_rust;
use chessbot::training::texel::{Dataset, TuneConfig, TuneError, trainable_weights, tune};
use shakmaty::{CastlingMode, Chess};
use std::io::Write;
use std::process::ExitCode;

pub fn run(a: TuneArgs) -> CmdResult {
    // A misspelt section fails at once, not after minutes of reading data.
    trainable_weights(&a.only).map_err(CliError::input)?;
    let mut positions = Vec::new();
    for path in &a.data {
        let lines = read_lines(path, |line| {
            let (setup, score, white_result) = parse_fields(line)?;
            let pos: Chess = setup
                .position(CastlingMode::Standard)
                .map_err(|e| format!("illegal position: {e}"))?;
            Ok((pos, i32::from(score), f64::from(white_result)))
        })
        .map_err(CliError::input)?;
        positions.extend(lines);
    }
    let config = TuneConfig {
        seed: a.seed,
        epochs: a.epochs,
        batch_size: a.batch,
        learning_rate: a.lr,
        score_weight: a.score_weight,
        only: a.only.clone(),
        ..TuneConfig::default()
    };
    let mut err = std::io::stderr().lock();
    let data = Dataset::new(&positions, config.score_weight);
    drop(positions);
    let _ = writeln!(err, "{} positions", data.len());
    let (weights, k) = tune(&config, &data, &WEIGHTS, |r| {
        let _ = writeln!(
            err,
            "epoch {}/{}: train loss {:.6}, validation loss {:.6}, {:.0} s",
            r.epoch, config.epochs, r.train_loss, r.validation_loss, r.elapsed
        );
    })
    .map_err(|e| match e {
        TuneError::BadOption(_) | TuneError::TooFewPositions(_) => CliError::input(e),
    })?;
    let files: Vec<String> = a.data.iter().map(|p| p.display().to_string()).collect();
    let header = format!(
        "The evaluation weights, written by `chessbot tune` (Texel tuning, K = {k:.6}): {} \
         positions from {}, {} epochs, batch {}, lr {}, score weight {}, seed {}.\n\n\
         Do not edit by hand: rerun the tuner (docs/training.md).{}",
        data.len(),
        files.join(", "),
        a.epochs,
        a.batch,
        a.lr,
        a.score_weight,
        a.seed,
        if a.only.is_empty() {
            String::new()
        } else {
            format!(" Tuned sections: {}.", a.only.join(", "))
        }
    );
    std::fs::write(&a.out, to_rust(&weights, &header))
        .map_err(|e| CliError::runtime(format!("{}: {e}", a.out.display())))?;
    writeln!(std::io::stdout(), "wrote {}", a.out.display())?;
    Ok(ExitCode::SUCCESS)
}
