//! Fitting an evaluation network to scored positions with candle.
//!
//! The float network mirrors the quantised one: each view's accumulator is the sum of its
//! active feature rows plus a bias, activations are `clamp(x, 0, 1)²`, and the output
//! `o` predicts `sigmoid(o)` against `λ·sigmoid(score / SCALE) + (1 − λ)·result` (mean squared
//! error). Weights are clipped so that quantisation by [`QA`] and [`QB`] cannot overflow.

use super::data::Sample;
use crate::search::nnue::{HIDDEN, INPUTS, Network, QA, QB, SCALE};
use candle_core::{D, DType, Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// The largest weight magnitude kept: `QB · 1.98 < 128`, so `v · w` fits in 16 bits.
const WEIGHT_CLIP: f32 = 1.98;

/// Settings of one training run.
#[derive(Debug, Clone)]
pub struct TrainConfig {
    /// Seed of the weight initialisation, the validation split and the batch order.
    pub seed: u64,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per optimiser step.
    pub batch_size: usize,
    /// Peak AdamW learning rate (cosine decay to 2% of it).
    pub learning_rate: f64,
    /// Weight λ of the search score against the game result in the target.
    pub score_weight: f32,
    /// Fraction of positions held out to measure the loss on.
    pub validation: f64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            seed: 1,
            epochs: 12,
            batch_size: 16384,
            learning_rate: 1e-3,
            score_weight: 0.75,
            validation: 0.01,
        }
    }
}

/// Figures of one finished epoch.
#[derive(Debug, Clone)]
pub struct EpochReport {
    /// Epoch number, from 1.
    pub epoch: usize,
    /// Mean training loss.
    pub train_loss: f64,
    /// Loss on the held-out positions.
    pub validation_loss: f64,
    /// Seconds since training started.
    pub elapsed: f64,
}

/// Why training failed.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// The settings are unusable.
    #[error("{0}")]
    BadOption(String),
    /// The tensor library failed.
    #[error("training failed: {0}")]
    Candle(#[from] candle_core::Error),
}

struct Weights {
    feature: Var,
    feature_bias: Var,
    output: Var,
    output_bias: Var,
}

impl Weights {
    fn init(rng: &mut impl Rng, device: &Device) -> candle_core::Result<Weights> {
        let mut uniform = |n: usize, bound: f32| -> Vec<f32> {
            (0..n).map(|_| rng.random_range(-bound..bound)).collect()
        };
        let feature = uniform(INPUTS * HIDDEN, 1.0 / (INPUTS as f32).sqrt());
        let output = uniform(2 * HIDDEN, 1.0 / (2.0 * HIDDEN as f32).sqrt());
        Ok(Weights {
            feature: Var::from_vec(feature, (INPUTS, HIDDEN), device)?,
            feature_bias: Var::zeros(HIDDEN, DType::F32, device)?,
            output: Var::from_vec(output, (2 * HIDDEN, 1), device)?,
            output_bias: Var::zeros(1, DType::F32, device)?,
        })
    }

    fn vars(&self) -> Vec<Var> {
        vec![
            self.feature.clone(),
            self.feature_bias.clone(),
            self.output.clone(),
            self.output_bias.clone(),
        ]
    }

    /// The network's raw output (before the sigmoid) for a batch.
    fn forward(&self, batch: &Batch) -> candle_core::Result<Tensor> {
        // Dense one-hot inputs and a matrix product: gathering rows would materialise a
        // batch × pieces × hidden tensor, ten times the memory traffic.
        let view = |inputs: &Tensor| -> candle_core::Result<Tensor> {
            let summed = inputs.matmul(self.feature.as_tensor())?;
            let acc = summed.broadcast_add(self.feature_bias.as_tensor())?;
            acc.clamp(0f32, 1f32)?.sqr()
        };
        let hidden = Tensor::cat(&[view(&batch.ours)?, view(&batch.theirs)?], D::Minus1)?;
        hidden
            .matmul(self.output.as_tensor())?
            .broadcast_add(self.output_bias.as_tensor())
    }

    fn clip(&self) -> candle_core::Result<()> {
        for var in [&self.feature, &self.output] {
            var.set(&var.as_tensor().clamp(-WEIGHT_CLIP, WEIGHT_CLIP)?)?;
        }
        Ok(())
    }

    fn quantise(&self) -> candle_core::Result<Network> {
        let scaled = |var: &Var, scale: i32| -> candle_core::Result<Vec<i16>> {
            let values = var.as_tensor().flatten_all()?.to_vec1::<f32>()?;
            Ok(values
                .iter()
                .map(|v| (v * scale as f32).round() as i16)
                .collect())
        };
        let bias = self.output_bias.as_tensor().to_vec1::<f32>()?[0];
        Ok(Network::from_parts(
            &scaled(&self.feature, QA)?,
            &scaled(&self.feature_bias, QA)?,
            &scaled(&self.output, QB)?,
            (bias * (QA * QB) as f32).round() as i32,
        ))
    }
}

/// One batch as tensors.
struct Batch {
    ours: Tensor,
    theirs: Tensor,
    target: Tensor,
}

impl Batch {
    fn new(samples: &[Sample], score_weight: f32, device: &Device) -> candle_core::Result<Batch> {
        let len = samples.len();
        let mut ours = vec![0f32; len * INPUTS];
        let mut theirs = vec![0f32; len * INPUTS];
        let mut target = Vec::with_capacity(len);
        for (i, s) in samples.iter().enumerate() {
            let n = usize::from(s.count);
            for &f in &s.features[0][..n] {
                ours[i * INPUTS + usize::from(f)] = 1.0;
            }
            for &f in &s.features[1][..n] {
                theirs[i * INPUTS + usize::from(f)] = 1.0;
            }
            let expected = 1.0 / (1.0 + (-f32::from(s.score) / SCALE as f32).exp());
            target.push(score_weight * expected + (1.0 - score_weight) * s.result);
        }
        Ok(Batch {
            ours: Tensor::from_vec(ours, (len, INPUTS), device)?,
            theirs: Tensor::from_vec(theirs, (len, INPUTS), device)?,
            target: Tensor::from_vec(target, (len, 1), device)?,
        })
    }
}

fn loss(weights: &Weights, batch: &Batch) -> candle_core::Result<Tensor> {
    let out = weights.forward(batch)?;
    let predicted = (out.neg()?.exp()? + 1.0)?.recip()?;
    (predicted - &batch.target)?.sqr()?.mean_all()
}

/// Trains a network on `samples`, calling `on_epoch` after each pass, and returns it quantised.
pub fn train(
    config: &TrainConfig,
    mut samples: Vec<Sample>,
    mut on_epoch: impl FnMut(&EpochReport),
) -> Result<Network, TrainError> {
    let bad = |m: &str| Err(TrainError::BadOption(m.into()));
    if config.epochs == 0 || config.batch_size < 2 {
        return bad("epochs must be at least 1 and the batch at least 2 positions");
    }
    if !(0.0..=1.0).contains(&config.score_weight) || !(0.0..0.5).contains(&config.validation) {
        return bad("score weight must lie in 0..=1 and the validation fraction in 0..0.5");
    }
    let held_out = (samples.len() as f64 * config.validation) as usize;
    if samples.len() - held_out < config.batch_size {
        return bad("fewer training positions than one batch");
    }
    let device = Device::Cpu;
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    samples.shuffle(&mut rng);
    let (validation, training) = samples.split_at_mut(held_out);
    let weights = Weights::init(&mut rng, &device)?;
    let params = ParamsAdamW {
        lr: config.learning_rate,
        weight_decay: 0.0,
        ..Default::default()
    };
    let mut opt = AdamW::new(weights.vars(), params)?;
    let steps_per_epoch = training.len() / config.batch_size;
    let total_steps = (steps_per_epoch * config.epochs) as f64;
    let start = Instant::now();
    let mut step = 0usize;
    for epoch in 1..=config.epochs {
        training.shuffle(&mut rng);
        let mut loss_sum = 0.0;
        for chunk in training.chunks_exact(config.batch_size) {
            let progress = step as f64 / total_steps;
            let decay = 0.02 + 0.98 * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos());
            opt.set_learning_rate(config.learning_rate * decay);
            let batch = Batch::new(chunk, config.score_weight, &device)?;
            let l = loss(&weights, &batch)?;
            opt.backward_step(&l)?;
            weights.clip()?;
            loss_sum += f64::from(l.to_scalar::<f32>()?);
            step += 1;
        }
        let mut validation_loss = 0.0;
        let mut counted = 0usize;
        for chunk in validation.chunks(config.batch_size) {
            let batch = Batch::new(chunk, config.score_weight, &device)?;
            validation_loss +=
                f64::from(loss(&weights, &batch)?.to_scalar::<f32>()?) * chunk.len() as f64;
            counted += chunk.len();
        }
        on_epoch(&EpochReport {
            epoch,
            train_loss: loss_sum / steps_per_epoch.max(1) as f64,
            validation_loss: validation_loss / counted.max(1) as f64,
            elapsed: start.elapsed().as_secs_f64(),
        });
    }
    Ok(weights.quantise()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::nnue::Accumulator;
    use crate::training::nnue::data::parse_line;
    use shakmaty::{Board, fen::Fen};

    /// A few steps on a toy set: the loss falls, and the quantised network agrees with the
    /// float one on the sign of a queen-up position.
    #[test]
    fn learns_material_on_a_toy_set() {
        let lines = [
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1",
            "4k3/8/8/8/8/8/8/3QK3 b - - 0 1 | -900 | 1",
            "3qk3/8/8/8/8/8/8/4K3 w - - 0 1 | -900 | 0",
            "3qk3/8/8/8/8/8/8/4K3 b - - 0 1 | 900 | 0",
        ];
        let samples: Vec<Sample> = lines
            .iter()
            .cycle()
            .take(64)
            .map(|l| parse_line(l).unwrap())
            .collect();
        let config = TrainConfig {
            epochs: 30,
            batch_size: 16,
            learning_rate: 1e-2,
            validation: 0.0,
            ..TrainConfig::default()
        };
        let mut losses = Vec::new();
        let net = train(&config, samples, |r| losses.push(r.train_loss)).unwrap();
        assert!(losses.last().unwrap() < &(losses[0] * 0.5), "{losses:?}");
        let fen: Fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse().unwrap();
        let board: Board = fen.into_setup().board;
        let acc = Accumulator::new(&net, &board);
        assert!(net.evaluate(&acc, shakmaty::Color::White) > 100);
        assert!(net.evaluate(&acc, shakmaty::Color::Black) < -100);
    }
}
