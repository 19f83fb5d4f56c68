//! Fitting an evaluation network to scored positions with candle.
//!
//! The float network mirrors the quantised one: each view's accumulator is the sum of its
//! active feature rows plus a bias, activations are `clamp(x, 0, 1)²`, and the output
//! `o` predicts `sigmoid(o)` against `λ·sigmoid(score / SCALE) + (1 − λ)·result` (mean squared
//! error). Weights are clipped so that quantisation by [`QA`] and [`QB`] cannot overflow.
//!
//! With a checkpoint file, the weights, the optimiser's moments and the epochs done are saved
//! after every epoch; a run stopped at any point and started again with the same settings and
//! data goes on from the last saved epoch and ends with the same network as an uninterrupted
//! run. The random order of each epoch is not saved but replayed from the seed.

use super::data::Sample;
use super::sparse::SparseInputs;
use crate::search::nnue::network::{MAX_BUCKETS, output_bucket};
use crate::search::nnue::{HIDDEN, INPUTS, Network, QA, QB, SCALE};
use candle_core::{DType, Device, Tensor, Var};
use candle_nn::ParamsAdamW;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
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
    /// Output buckets of the network (by pieces on the board; see
    /// [`output_bucket`]). A one-bucket [`TrainConfig::init`] network starts every bucket
    /// from its output layer.
    pub buckets: usize,
    /// Where the state is saved after every epoch and resumed from (`None`: not saved).
    pub checkpoint: Option<PathBuf>,
    /// The network to start from (its quantised weights scaled back), to go on training it on
    /// more data; `None`: random weights from the seed.
    pub init: Option<Network>,
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
            buckets: 8,
            checkpoint: None,
            init: None,
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
    /// The checkpoint belongs to another run or cannot be read.
    #[error("checkpoint {path}: {message}")]
    Checkpoint {
        /// The checkpoint file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The checkpoint could not be written.
    #[error("writing checkpoint {path}: {message}")]
    CheckpointWrite {
        /// The checkpoint file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The caller stopped training after this many epochs.
    #[error("stopped after epoch {0}")]
    Stopped(usize),
}

struct Weights {
    feature: Var,
    feature_bias: Var,
    output: Var,
    output_bias: Var,
}

impl Weights {
    /// Random weights from `rng`; the output layer is `(2 · HIDDEN, buckets)`, one column
    /// per bucket.
    fn init(rng: &mut impl Rng, buckets: usize, device: &Device) -> candle_core::Result<Weights> {
        let mut uniform = |n: usize, bound: f32| -> Vec<f32> {
            (0..n).map(|_| rng.random_range(-bound..bound)).collect()
        };
        let feature = uniform(INPUTS * HIDDEN, 1.0 / (INPUTS as f32).sqrt());
        let output = uniform(2 * HIDDEN * buckets, 1.0 / (2.0 * HIDDEN as f32).sqrt());
        Ok(Weights {
            feature: Var::from_vec(feature, (INPUTS, HIDDEN), device)?,
            feature_bias: Var::zeros(HIDDEN, DType::F32, device)?,
            output: Var::from_vec(output, (2 * HIDDEN, buckets), device)?,
            output_bias: Var::zeros(buckets, DType::F32, device)?,
        })
    }

    /// How many output buckets the weights have.
    fn buckets(&self) -> usize {
        self.output_bias.as_tensor().dims1().unwrap_or(1)
    }

    /// Sets the weights to a quantised network's, scaled back to floats: a network with as
    /// many buckets as these weights, or with one, whose output layer every bucket copies.
    fn load(&self, net: &Network) -> candle_core::Result<()> {
        let buckets = self.buckets();
        let (feature, feature_bias, output, output_bias) = net.to_parts();
        let floats = |values: &[i16], scale: i32| -> Vec<f32> {
            values
                .iter()
                .map(|&v| f32::from(v) / scale as f32)
                .collect()
        };
        let set = |var: &Var, floats: Vec<f32>| -> candle_core::Result<()> {
            var.set(&Tensor::from_vec(floats, var.shape(), var.device())?)
        };
        set(&self.feature, floats(&feature, QA))?;
        set(&self.feature_bias, floats(&feature_bias, QA))?;
        let copies = if net.buckets() == 1 { buckets } else { 1 };
        // The file holds one row of `2 · HIDDEN` weights per bucket; the layer one column.
        let rows = floats(&output, QB).repeat(copies);
        let rows = Tensor::from_vec(rows, (buckets, 2 * HIDDEN), self.output.device())?;
        self.output.set(&rows.t()?.contiguous()?)?;
        let bias: Vec<f32> = output_bias
            .iter()
            .map(|&b| b as f32 / (QA * QB) as f32)
            .collect();
        set(&self.output_bias, bias.repeat(copies))
    }

    /// The trained tensors with their names in a checkpoint.
    fn named(&self) -> [(&'static str, &Var); 4] {
        [
            ("feature", &self.feature),
            ("feature_bias", &self.feature_bias),
            ("output", &self.output),
            ("output_bias", &self.output_bias),
        ]
    }

    /// The network's raw output (before the sigmoid) for a batch: every bucket's output,
    /// then each position's own bucket's.
    fn forward(&self, batch: &Batch) -> candle_core::Result<Tensor> {
        let hidden = batch
            .inputs
            .layer(self.feature.as_tensor(), self.feature_bias.as_tensor())?;
        hidden
            .matmul(self.output.as_tensor())?
            .broadcast_add(self.output_bias.as_tensor())?
            .gather(&batch.bucket, 1)
    }

    fn clip(&self) -> candle_core::Result<()> {
        for var in [&self.feature, &self.output] {
            var.set(&var.as_tensor().clamp(-WEIGHT_CLIP, WEIGHT_CLIP)?)?;
        }
        Ok(())
    }

    fn quantise(&self) -> candle_core::Result<Network> {
        let scaled = |tensor: &Tensor, scale: i32| -> candle_core::Result<Vec<i16>> {
            let values = tensor.flatten_all()?.to_vec1::<f32>()?;
            Ok(values
                .iter()
                .map(|v| (v * scale as f32).round() as i16)
                .collect())
        };
        let biases: Vec<i32> = self
            .output_bias
            .as_tensor()
            .to_vec1::<f32>()?
            .iter()
            .map(|b| (b * (QA * QB) as f32).round() as i32)
            .collect();
        // One row of output weights per bucket, as the file holds them.
        let rows = self.output.as_tensor().t()?.contiguous()?;
        Ok(Network::from_parts(
            &scaled(self.feature.as_tensor(), QA)?,
            &scaled(self.feature_bias.as_tensor(), QA)?,
            &scaled(&rows, QB)?,
            &biases,
        ))
    }
}

/// One batch as tensors.
struct Batch {
    /// The side to move's view, then the other.
    inputs: SparseInputs,
    /// Each position's output bucket, `(positions, 1)`.
    bucket: Tensor,
    target: Tensor,
}

impl Batch {
    fn new(
        samples: &[Sample],
        score_weight: f32,
        buckets: usize,
        device: &Device,
    ) -> candle_core::Result<Batch> {
        let inputs = SparseInputs::new(
            2,
            samples.iter().map(|s| {
                let n = usize::from(s.count);
                [&s.features[0][..n], &s.features[1][..n]]
            }),
        );
        let target: Vec<f32> = samples
            .iter()
            .map(|s| {
                let expected = 1.0 / (1.0 + (-f32::from(s.score) / SCALE as f32).exp());
                score_weight * expected + (1.0 - score_weight) * s.result
            })
            .collect();
        let bucket: Vec<u32> = samples
            .iter()
            .map(|s| output_bucket(u32::from(s.count), buckets) as u32)
            .collect();
        Ok(Batch {
            inputs,
            bucket: Tensor::from_vec(bucket, (samples.len(), 1), device)?,
            target: Tensor::from_vec(target, (samples.len(), 1), device)?,
        })
    }
}

fn loss(weights: &Weights, batch: &Batch) -> candle_core::Result<Tensor> {
    let out = weights.forward(batch)?;
    let predicted = (out.neg()?.exp()? + 1.0)?.recip()?;
    (predicted - &batch.target)?.sqr()?.mean_all()
}

/// Adam without weight decay, the update of candle's `AdamW` with its default moments: kept
/// here because a checkpoint must save the moments, which candle's optimiser keeps private.
struct Adam {
    /// Each trained tensor with its first and second moment.
    vars: Vec<(Var, Var, Var)>,
    /// Steps taken.
    step: usize,
    params: ParamsAdamW,
}

impl Adam {
    fn new(weights: &Weights, learning_rate: f64) -> candle_core::Result<Adam> {
        let vars = weights
            .named()
            .iter()
            .map(|(_, var)| {
                let zeros = || Var::zeros(var.shape(), var.dtype(), var.device());
                Ok(((*var).clone(), zeros()?, zeros()?))
            })
            .collect::<candle_core::Result<_>>()?;
        Ok(Adam {
            vars,
            step: 0,
            params: ParamsAdamW {
                lr: learning_rate,
                weight_decay: 0.0,
                ..ParamsAdamW::default()
            },
        })
    }

    fn backward_step(&mut self, loss: &Tensor) -> candle_core::Result<()> {
        let grads = loss.backward()?;
        self.step += 1;
        let ParamsAdamW {
            lr,
            beta1,
            beta2,
            eps,
            ..
        } = self.params;
        let scale_m = 1.0 / (1.0 - beta1.powi(self.step as i32));
        let scale_v = 1.0 / (1.0 - beta2.powi(self.step as i32));
        for (theta, m, v) in &self.vars {
            if let Some(g) = grads.get(theta) {
                let next_m = ((m.as_tensor() * beta1)? + (g * (1.0 - beta1))?)?;
                let next_v = ((v.as_tensor() * beta2)? + (g.sqr()? * (1.0 - beta2))?)?;
                let m_hat = (&next_m * scale_m)?;
                let v_hat = (&next_v * scale_v)?;
                let adjusted = (m_hat / (v_hat.sqrt()? + eps)?)?;
                let next_theta = (theta.as_tensor() - (adjusted * lr)?)?;
                m.set(&next_m)?;
                v.set(&next_v)?;
                theta.set(&next_theta)?;
            }
        }
        Ok(())
    }
}

/// What a checkpoint must agree on to be resumed: the settings that shape the run and a
/// fingerprint of the positions.
fn run_key(config: &TrainConfig, samples: &[Sample]) -> Vec<i64> {
    // FNV-1a over every sample's fields, in the order given.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |x: u64| {
        for byte in x.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        }
    };
    if let Some(net) = &config.init {
        for byte in net.to_bytes() {
            eat(u64::from(byte));
        }
    }
    for s in samples {
        eat(u64::from(s.count));
        eat(s.score as u64);
        eat(u64::from(s.result.to_bits()));
        for view in &s.features {
            for &f in &view[..usize::from(s.count)] {
                eat(u64::from(f));
            }
        }
    }
    vec![
        config.seed as i64,
        config.epochs as i64,
        config.batch_size as i64,
        config.learning_rate.to_bits() as i64,
        i64::from(config.score_weight.to_bits()),
        config.validation.to_bits() as i64,
        config.buckets as i64,
        samples.len() as i64,
        hash as i64,
    ]
}

/// Saves the run's state after `epochs_done` epochs: to a temporary file first, then renamed,
/// so that an interruption leaves the previous checkpoint whole.
fn save_checkpoint(
    path: &Path,
    key: &[i64],
    epochs_done: usize,
    opt: &Adam,
    weights: &Weights,
) -> Result<(), TrainError> {
    let mut tensors: HashMap<String, Tensor> = HashMap::new();
    for ((name, _), (theta, m, v)) in weights.named().iter().zip(&opt.vars) {
        tensors.insert((*name).to_string(), theta.as_tensor().clone());
        tensors.insert(format!("{name}.m"), m.as_tensor().clone());
        tensors.insert(format!("{name}.v"), v.as_tensor().clone());
    }
    tensors.insert("run".into(), Tensor::new(key, &Device::Cpu)?);
    let progress = [epochs_done as i64, opt.step as i64];
    tensors.insert("progress".into(), Tensor::new(&progress[..], &Device::Cpu)?);
    let temporary = path.with_extension("partial");
    let failed = |e: &dyn std::fmt::Display| TrainError::CheckpointWrite {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    candle_core::safetensors::save(&tensors, &temporary).map_err(|e| failed(&e))?;
    std::fs::rename(&temporary, path).map_err(|e| failed(&e))
}

/// Loads a checkpoint into `weights` and `opt` when `path` exists, and returns the epochs it
/// has done (0 when there is none yet).
fn load_checkpoint(
    path: &Path,
    key: &[i64],
    opt: &mut Adam,
    weights: &Weights,
) -> Result<usize, TrainError> {
    if !path.exists() {
        return Ok(0);
    }
    let bad = |message: String| TrainError::Checkpoint {
        path: path.to_path_buf(),
        message,
    };
    let tensors = candle_core::safetensors::load(path, &Device::Cpu)
        .map_err(|e| bad(format!("cannot be read ({e})")))?;
    let get = |name: &str| {
        tensors
            .get(name)
            .ok_or_else(|| bad(format!("has no `{name}` tensor")))
    };
    let ints = |name: &str| -> Result<Vec<i64>, TrainError> {
        get(name)?
            .to_vec1::<i64>()
            .map_err(|e| bad(format!("`{name}`: {e}")))
    };
    if ints("run")? != key {
        return Err(bad(
            "was made with other settings or data; train with the same ones, or give another --checkpoint".into(),
        ));
    }
    let progress = ints("progress")?;
    let [epochs_done, step] = progress[..] else {
        return Err(bad("`progress` is malformed".into()));
    };
    for ((name, _), (theta, m, v)) in weights.named().iter().zip(&opt.vars) {
        for (suffix, var) in [("", theta), (".m", m), (".v", v)] {
            let t = get(&format!("{name}{suffix}"))?;
            if t.shape() != var.shape() {
                return Err(bad(format!("`{name}{suffix}` has the wrong shape")));
            }
            var.set(t)?;
        }
    }
    opt.step = step as usize;
    Ok(epochs_done as usize)
}

/// Trains a network on `samples`, calling `on_epoch` after each pass (which may stop the run:
/// [`TrainError::Stopped`]), and returns it quantised. With [`TrainConfig::checkpoint`] set,
/// the run goes on from the checkpoint's last epoch when the file exists.
pub fn train(
    config: &TrainConfig,
    mut samples: Vec<Sample>,
    mut on_epoch: impl FnMut(&EpochReport) -> ControlFlow<()>,
) -> Result<Network, TrainError> {
    let bad = |m: &str| Err(TrainError::BadOption(m.into()));
    if config.epochs == 0 || config.batch_size < 2 {
        return bad("epochs must be at least 1 and the batch at least 2 positions");
    }
    if !(0.0..=1.0).contains(&config.score_weight) || !(0.0..0.5).contains(&config.validation) {
        return bad("score weight must lie in 0..=1 and the validation fraction in 0..0.5");
    }
    if !(1..=MAX_BUCKETS).contains(&config.buckets) {
        return Err(TrainError::BadOption(format!(
            "output buckets must number 1 to {MAX_BUCKETS}"
        )));
    }
    if let Some(net) = &config.init
        && net.buckets() != 1
        && net.buckets() != config.buckets
    {
        return Err(TrainError::BadOption(format!(
            "the start network has {} output buckets: train with as many, or start from a network with one",
            net.buckets()
        )));
    }
    let held_out = (samples.len() as f64 * config.validation) as usize;
    if samples.len() - held_out < config.batch_size {
        return bad("fewer training positions than one batch");
    }
    let key = match &config.checkpoint {
        Some(_) => run_key(config, &samples),
        None => Vec::new(),
    };
    let device = Device::Cpu;
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    samples.shuffle(&mut rng);
    let (validation, training) = samples.split_at_mut(held_out);
    let weights = Weights::init(&mut rng, config.buckets, &device)?;
    if let Some(net) = &config.init {
        weights.load(net)?;
    }
    let mut opt = Adam::new(&weights, config.learning_rate)?;
    let done = match &config.checkpoint {
        Some(path) => load_checkpoint(path, &key, &mut opt, &weights)?,
        None => 0,
    };
    // Replay the batch orders of the epochs already done.
    for _ in 0..done.min(config.epochs) {
        training.shuffle(&mut rng);
    }
    let steps_per_epoch = training.len() / config.batch_size;
    let total_steps = (steps_per_epoch * config.epochs) as f64;
    let start = Instant::now();
    let mut step = opt.step;
    for epoch in done + 1..=config.epochs {
        training.shuffle(&mut rng);
        let mut loss_sum = 0.0;
        for chunk in training.chunks_exact(config.batch_size) {
            let progress = step as f64 / total_steps;
            let decay = 0.02 + 0.98 * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos());
            opt.params.lr = config.learning_rate * decay;
            let batch = Batch::new(chunk, config.score_weight, config.buckets, &device)?;
            let l = loss(&weights, &batch)?;
            opt.backward_step(&l)?;
            weights.clip()?;
            loss_sum += f64::from(l.to_scalar::<f32>()?);
            step += 1;
        }
        let mut validation_loss = 0.0;
        let mut counted = 0usize;
        for chunk in validation.chunks(config.batch_size) {
            let batch = Batch::new(chunk, config.score_weight, config.buckets, &device)?;
            validation_loss +=
                f64::from(loss(&weights, &batch)?.to_scalar::<f32>()?) * chunk.len() as f64;
            counted += chunk.len();
        }
        if let Some(path) = &config.checkpoint {
            save_checkpoint(path, &key, epoch, &opt, &weights)?;
        }
        let flow = on_epoch(&EpochReport {
            epoch,
            train_loss: loss_sum / steps_per_epoch.max(1) as f64,
            validation_loss: validation_loss / counted.max(1) as f64,
            elapsed: start.elapsed().as_secs_f64(),
        });
        if flow.is_break() && epoch < config.epochs {
            return Err(TrainError::Stopped(epoch));
        }
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
        let net = train(&config, samples, |r| {
            losses.push(r.train_loss);
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(losses.last().unwrap() < &(losses[0] * 0.5), "{losses:?}");
        let fen: Fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse().unwrap();
        let board: Board = fen.into_setup().board;
        let acc = Accumulator::new(&net, &board);
        assert!(net.evaluate(&acc, shakmaty::Color::White, 3) > 100);
        assert!(net.evaluate(&acc, shakmaty::Color::Black, 3) < -100);
    }

    /// Training that starts from a network and takes no step (learning rate 0) gives that
    /// network back byte for byte: the weights go in scaled exactly as they come out.
    #[test]
    fn starts_from_a_given_network() {
        let start = train(
            &TrainConfig {
                epochs: 2,
                batch_size: 16,
                learning_rate: 1e-2,
                validation: 0.0,
                ..TrainConfig::default()
            },
            toy_samples(),
            |_| ControlFlow::Continue(()),
        )
        .unwrap();
        let config = TrainConfig {
            epochs: 1,
            batch_size: 16,
            learning_rate: 0.0,
            validation: 0.0,
            seed: 9,
            init: Some(start.clone()),
            ..TrainConfig::default()
        };
        let again = train(&config, toy_samples(), |_| ControlFlow::Continue(())).unwrap();
        assert!(again.to_bytes() == start.to_bytes(), "the network changed");
        let fresh = TrainConfig {
            init: None,
            ..config
        };
        let other = train(&fresh, toy_samples(), |_| ControlFlow::Continue(())).unwrap();
        assert!(other.to_bytes() != start.to_bytes());
    }

    /// A one-bucket network trained on with more buckets and no step evaluates as before in
    /// every bucket; a start network of another bucket count is refused.
    #[test]
    fn every_bucket_starts_from_a_one_bucket_network() {
        let one = TrainConfig {
            epochs: 2,
            batch_size: 16,
            learning_rate: 1e-2,
            validation: 0.0,
            buckets: 1,
            ..TrainConfig::default()
        };
        let start = train(&one, toy_samples(), |_| ControlFlow::Continue(())).unwrap();
        let eight = TrainConfig {
            epochs: 1,
            learning_rate: 0.0,
            buckets: 8,
            init: Some(start.clone()),
            ..one.clone()
        };
        let spread = train(&eight, toy_samples(), |_| ControlFlow::Continue(())).unwrap();
        assert_eq!(spread.buckets(), 8);
        let fen: Fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse().unwrap();
        let board: Board = fen.into_setup().board;
        let acc = Accumulator::new(&start, &board);
        for pieces in 2..=32 {
            for turn in [shakmaty::Color::White, shakmaty::Color::Black] {
                assert_eq!(
                    spread.evaluate(&acc, turn, pieces),
                    start.evaluate(&acc, turn, pieces)
                );
            }
        }
        let four = TrainConfig {
            buckets: 4,
            init: Some(spread),
            ..eight
        };
        let err = train(&four, toy_samples(), |_| ControlFlow::Continue(())).unwrap_err();
        assert!(err.to_string().contains("8 output buckets"), "{err}");
    }

    fn toy_samples() -> Vec<Sample> {
        let lines = [
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1",
            "4k3/8/8/8/8/8/8/3RK3 b - - 0 1 | -500 | 1",
            "3qk3/8/8/8/8/8/8/4K3 w - - 0 1 | -900 | 0",
            "4k3/8/8/8/8/8/3N4/4K3 b - - 0 1 | 0 | 0.5",
            "4k3/3p4/8/8/8/8/3P4/4K3 w - - 0 1 | 20 | 0.5",
        ];
        lines
            .iter()
            .cycle()
            .take(100)
            .map(|l| parse_line(l).unwrap())
            .collect()
    }

    /// A run stopped after an epoch and started again from its checkpoint ends with the same
    /// network, byte for byte, as one that ran through; a checkpoint of other settings is
    /// refused.
    #[test]
    fn a_stopped_run_resumes_to_the_same_network() {
        let dir = tempfile::tempdir().unwrap();
        let config = TrainConfig {
            epochs: 3,
            batch_size: 16,
            learning_rate: 1e-2,
            validation: 0.1,
            checkpoint: Some(dir.path().join("run.ckpt")),
            ..TrainConfig::default()
        };
        let through = TrainConfig {
            checkpoint: None,
            ..config.clone()
        };
        let go_on = |_: &EpochReport| ControlFlow::Continue(());
        let expected = train(&through, toy_samples(), go_on).unwrap().to_bytes();

        let stopped = train(&config, toy_samples(), |r| {
            if r.epoch == 1 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(matches!(stopped, Err(TrainError::Stopped(1))));
        let mut epochs = Vec::new();
        let resumed = train(&config, toy_samples(), |r| {
            epochs.push(r.epoch);
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(epochs, vec![2, 3]);
        assert!(
            resumed.to_bytes() == expected,
            "the resumed network differs"
        );

        let other = TrainConfig {
            seed: 2,
            ..config.clone()
        };
        let err = train(&other, toy_samples(), go_on).unwrap_err();
        assert!(err.to_string().contains("other settings"), "{err}");
    }
}
