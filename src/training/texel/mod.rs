//! Texel tuning: fitting the evaluation weights to scored positions.
//!
//! Each position's evaluation is piecewise linear in the weights once its [`Trace`] is known
//! (which weights it uses and how often, its complexity features, the game phase, the endgame
//! scale and the drawish divisor), so the tuner traces every position once and then runs Adam
//! on `mean((sigmoid(K·eval) − target)²)`, where
//! `target = λ·sigmoid(score / 400) + (1 − λ)·result` as for the network
//! ([`crate::training::nnue`]), everything from White's point of view. `K` is fitted to the
//! starting weights first, so that the tuned weights keep the scale of centipawns the search
//! margins were set for.

pub mod sections;

use crate::search::eval::{SCALE_ONE, Trace, trace};
use crate::search::params::layout::{COMPLEXITY, COUNT};
use crate::search::params::{PHASE_TOTAL, Pair, TEMPO, Weights};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use sections::SECTIONS;
use shakmaty::Chess;
use std::time::Instant;

/// Scale of the data's search scores in the target, `sigmoid(score / SCORE_SCALE)`.
const SCORE_SCALE: f64 = 400.0;

/// Settings of one tuning run.
#[derive(Debug, Clone)]
pub struct TuneConfig {
    /// Seed of the validation split and the batch order.
    pub seed: u64,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per optimiser step.
    pub batch_size: usize,
    /// Peak Adam step in centipawns (cosine decay to 2% of it).
    pub learning_rate: f64,
    /// Weight λ of the search score against the game result in the target.
    pub score_weight: f64,
    /// Fraction of positions held out to measure the loss on.
    pub validation: f64,
    /// Names of the [`SECTIONS`] to tune (empty: all); the other weights stay fixed.
    pub only: Vec<String>,
}

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig {
            seed: 1,
            epochs: 20,
            batch_size: 16384,
            learning_rate: 1.0,
            score_weight: 0.75,
            validation: 0.02,
            only: Vec::new(),
        }
    }
}

/// Figures of one finished epoch (epoch 0: the starting weights), as for the network.
pub use super::nnue::train::EpochReport;

/// Why tuning could not run.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// The settings are unusable.
    #[error("{0}")]
    BadOption(String),
    /// Too few positions to split into training and validation sets.
    #[error("{0} positions: need at least 100 to tune")]
    TooFewPositions(usize),
}

/// One traced position with its target.
#[derive(Debug, Clone)]
struct Example {
    trace: Trace,
    /// Expected score for White in `0..=1`.
    target: f64,
}

/// Traced positions, ready to tune on.
#[derive(Debug, Clone, Default)]
pub struct Dataset {
    examples: Vec<Example>,
}

impl Dataset {
    /// Traces `positions`: each with its search score (centipawns, side to move's view) and the
    /// game result for White; `score_weight` is λ.
    pub fn new(positions: &[(Chess, i32, f64)], score_weight: f64) -> Dataset {
        let examples = positions
            .par_iter()
            .map(|(pos, score, white_result)| {
                let trace = trace(pos);
                let white_score = if trace.white_to_move { *score } else { -score };
                let target = score_weight * sigmoid(f64::from(white_score) / SCORE_SCALE)
                    + (1.0 - score_weight) * white_result;
                Example { trace, target }
            })
            .collect();
        Dataset { examples }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.examples.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.examples.is_empty()
    }
}

/// Float weights being tuned.
type Params = Vec<[f64; 2]>;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// White's evaluation of one traced position, and how it moves with the weights.
struct Point {
    /// The evaluation (White's view).
    eval: f64,
    /// Its change per unit of the linear middlegame sum, and of the endgame sum.
    d_mg: f64,
    d_eg: f64,
    /// Its change per unit of the middlegame complexity sum, and of the endgame one.
    d_cm: f64,
    d_ce: f64,
}

/// -1, 0 or 1, as `i32::signum` (`f64::signum` gives 1 for 0).
fn sign(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// White's evaluation of `trace` with `params`, as [`crate::search::eval::evaluate_with`]
/// computes it, with its derivatives.
fn eval_white(trace: &Trace, params: &Params) -> Point {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in &trace.terms {
        let [wm, we] = params[usize::from(i)];
        mg += wm * f64::from(c);
        eg += we * f64::from(c);
    }
    let (mut cm, mut ce) = (0.0, 0.0);
    for (k, &f) in trace.complexity.iter().enumerate() {
        let [wm, we] = params[COMPLEXITY + k];
        cm += wm * f64::from(f);
        ce += we * f64::from(f);
    }
    // (score, d score / d sum, d score / d complexity) of each part.
    let (mg, a_mg, s_mg) = if cm >= 0.0 {
        (mg, 1.0, 0.0)
    } else if cm > -mg.abs() {
        (mg + sign(mg) * cm, 1.0, sign(mg))
    } else {
        (0.0, 0.0, 0.0)
    };
    let (eg, a_eg, s_eg) = if ce > -eg.abs() {
        (eg + sign(eg) * ce, 1.0, sign(eg))
    } else {
        (0.0, 0.0, 0.0)
    };
    let phase = f64::from(trace.phase) / f64::from(PHASE_TOTAL);
    let eg_share = (1.0 - phase) * endgame_factor(trace, eg);
    let blended = mg * phase + eg * eg_share;
    let ahead = usize::from(blended < 0.0);
    let factor = 1.0 / f64::from(trace.drawish_divisor[ahead]);
    let tempo = if trace.white_to_move { TEMPO } else { -TEMPO };
    Point {
        eval: blended * factor + f64::from(tempo),
        d_mg: phase * a_mg * factor,
        d_eg: eg_share * a_eg * factor,
        d_cm: phase * s_mg * factor,
        d_ce: eg_share * s_eg * factor,
    }
}

/// The share of the endgame score `eg` (White's view) that counts (see
/// [`crate::search::eval::endgame_scale`]).
fn endgame_factor(trace: &Trace, eg: f64) -> f64 {
    f64::from(trace.endgame_scale[usize::from(eg < 0.0)]) / f64::from(SCALE_ONE)
}

fn loss_of(examples: &[&Example], params: &Params, k: f64) -> f64 {
    if examples.is_empty() {
        return 0.0;
    }
    let total: f64 = examples
        .par_iter()
        .map(|e| {
            let p = sigmoid(k * eval_white(&e.trace, params).eval);
            (p - e.target).powi(2)
        })
        .sum();
    total / examples.len() as f64
}

/// The `K` of `sigmoid(K·eval)` that best fits `params` to the examples (golden-section search).
fn fit_k(examples: &[&Example], params: &Params) -> f64 {
    let (mut lo, mut hi) = (0.1 / SCORE_SCALE, 5.0 / SCORE_SCALE);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if loss_of(examples, params, a) < loss_of(examples, params, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Gradient of the summed loss over `examples` (not yet divided by their number).
fn gradient(examples: &[&Example], params: &Params, k: f64) -> Params {
    let mut grad = vec![[0.0; 2]; params.len()];
    for e in examples {
        let point = eval_white(&e.trace, params);
        let p = sigmoid(k * point.eval);
        let d = 2.0 * (p - e.target) * p * (1.0 - p) * k;
        for &(i, c) in &e.trace.terms {
            let g = &mut grad[usize::from(i)];
            g[0] += d * f64::from(c) * point.d_mg;
            g[1] += d * f64::from(c) * point.d_eg;
        }
        for (j, &f) in e.trace.complexity.iter().enumerate() {
            let g = &mut grad[COMPLEXITY + j];
            g[0] += d * f64::from(f) * point.d_cm;
            g[1] += d * f64::from(f) * point.d_ce;
        }
    }
    grad
}

/// Which weights a run may change: those of the named sections, or all when none is named;
/// an unknown name is an error (checked by the command before it reads any data).
pub fn trainable_weights(only: &[String]) -> Result<Vec<bool>, TuneError> {
    if only.is_empty() {
        return Ok(vec![true; COUNT]);
    }
    let mut trainable = vec![false; COUNT];
    for name in only {
        let section = SECTIONS.iter().find(|s| s.name == name).ok_or_else(|| {
            TuneError::BadOption(format!(
                "--only: no section named {name:?} (see the comments of src/search/params/tuned.rs)"
            ))
        })?;
        trainable[section.start..section.start + section.len].fill(true);
    }
    Ok(trainable)
}

/// Tunes `start` on `data`; `report` hears the losses before tuning (epoch 0) and after each
/// epoch. Deterministic for a given seed, whatever the number of threads.
pub fn tune(
    config: &TuneConfig,
    data: &Dataset,
    start: &Weights,
    mut report: impl FnMut(&EpochReport),
) -> Result<(Weights, f64), TuneError> {
    if config.epochs == 0 || config.batch_size == 0 {
        return Err(TuneError::BadOption(
            "--epochs and --batch must be at least 1".into(),
        ));
    }
    if !(0.0..=1.0).contains(&config.score_weight) {
        return Err(TuneError::BadOption(
            "--score-weight must be between 0 and 1".into(),
        ));
    }
    if !(config.learning_rate > 0.0 && config.learning_rate.is_finite()) {
        return Err(TuneError::BadOption("--lr must be positive".into()));
    }
    if data.len() < 100 {
        return Err(TuneError::TooFewPositions(data.len()));
    }
    let trainable = trainable_weights(&config.only)?;
    let started = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let mut order: Vec<&Example> = data.examples.iter().collect();
    order.shuffle(&mut rng);
    let held = ((order.len() as f64 * config.validation).ceil() as usize).clamp(1, order.len() / 2);
    let (validation, train) = order.split_at(held);
    let mut train = train.to_vec();

    let mut params: Params = start
        .0
        .iter()
        .map(|&(mg, eg)| [f64::from(mg), f64::from(eg)])
        .collect();
    let k = fit_k(&train, &params);
    report(&EpochReport {
        epoch: 0,
        train_loss: loss_of(&train, &params, k),
        validation_loss: loss_of(validation, &params, k),
        elapsed: started.elapsed().as_secs_f64(),
    });

    let (beta1, beta2, eps) = (0.9, 0.999, 1e-12);
    let mut m = vec![[0.0; 2]; COUNT];
    let mut v = vec![[0.0; 2]; COUNT];
    let steps_per_epoch = train.len().div_ceil(config.batch_size);
    let total_steps = (steps_per_epoch * config.epochs) as f64;
    let mut step = 0usize;
    // Fixed-size chunks summed in order: the same result on any number of threads.
    const CHUNK: usize = 1024;
    for epoch in 1..=config.epochs {
        train.shuffle(&mut rng);
        for batch in train.chunks(config.batch_size) {
            let parts: Vec<Params> = batch
                .par_chunks(CHUNK)
                .map(|c| gradient(c, &params, k))
                .collect();
            step += 1;
            let progress = step as f64 / total_steps;
            let lr = config.learning_rate
                * (0.02 + 0.98 * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos()));
            let t = step as i32;
            for i in (0..COUNT).filter(|&i| trainable[i]) {
                for j in 0..2 {
                    let g: f64 = parts.iter().map(|p| p[i][j]).sum::<f64>() / batch.len() as f64;
                    m[i][j] = beta1 * m[i][j] + (1.0 - beta1) * g;
                    v[i][j] = beta2 * v[i][j] + (1.0 - beta2) * g * g;
                    let mh = m[i][j] / (1.0 - beta1.powi(t));
                    let vh = v[i][j] / (1.0 - beta2.powi(t));
                    if vh > 0.0 {
                        params[i][j] -= lr * mh / (vh.sqrt() + eps);
                    }
                }
            }
        }
        report(&EpochReport {
            epoch,
            train_loss: loss_of(&train, &params, k),
            validation_loss: loss_of(validation, &params, k),
            elapsed: started.elapsed().as_secs_f64(),
        });
    }
    let mut out = start.clone();
    for (w, p) in out.0.iter_mut().zip(&params) {
        *w = (p[0].round() as i32, p[1].round() as i32) as Pair;
    }
    Ok((out, k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::eval::evaluate_with;
    use crate::search::params::WEIGHTS;
    use shakmaty::Position;

    fn positions() -> Vec<Chess> {
        [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "4k3/8/8/8/8/8/8/2N1K3 b - - 0 1",
            "6k1/5ppp/8/3P4/8/8/5PPP/6K1 b - - 0 1",
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "4k3/pppp4/8/8/8/8/8/3QK3 b - - 0 1",
            "2r1k3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1",
        ]
        .iter()
        .map(|f| crate::rules::fen::parse_position(f, shakmaty::CastlingMode::Standard).unwrap())
        .collect()
    }

    #[test]
    fn traced_evaluation_matches_the_engines() {
        let params: Params = WEIGHTS
            .0
            .iter()
            .map(|&(a, b)| [f64::from(a), f64::from(b)])
            .collect();
        for pos in positions() {
            let white = eval_white(&trace(&pos), &params).eval;
            let ours = if pos.turn().is_white() { white } else { -white };
            let engine = f64::from(evaluate_with(&pos, &WEIGHTS));
            // The engine blends in integers: a few centipawns of rounding.
            assert!((ours - engine).abs() < 2.0, "{ours} vs {engine}");
        }
    }

    #[test]
    fn gradient_matches_finite_differences() {
        let mut params: Params = WEIGHTS
            .0
            .iter()
            .map(|&(a, b)| [f64::from(a), f64::from(b)])
            .collect();
        // Complexity weights where each piece of the piecewise score is in play.
        params[COMPLEXITY + 7] = [-40.0, -80.0];
        let data: Vec<(Chess, i32, f64)> = positions()
            .into_iter()
            .enumerate()
            .map(|(i, pos)| (pos, 37 * i as i32 - 120, 0.5))
            .collect();
        let data = Dataset::new(&data, 0.75);
        let examples: Vec<&Example> = data.examples.iter().collect();
        let k = 1.0 / 400.0;
        let grad = gradient(&examples, &params, k);
        let n = examples.len() as f64;
        let mut checked = 0;
        for i in (0..COUNT).filter(|&i| grad[i][0] != 0.0 || grad[i][1] != 0.0 || i >= COMPLEXITY) {
            for j in 0..2 {
                let h = 1e-3;
                let mut up = params.clone();
                up[i][j] += h;
                let mut down = params.clone();
                down[i][j] -= h;
                let numeric =
                    (loss_of(&examples, &up, k) - loss_of(&examples, &down, k)) / (2.0 * h) * n;
                let analytic = grad[i][j];
                assert!(
                    (numeric - analytic).abs() <= 1e-6 + 1e-3 * numeric.abs(),
                    "weight {i}.{j}: {analytic} vs {numeric}"
                );
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn tuning_lowers_the_loss_toward_a_planted_target() {
        // Targets from a queen worth 1500: the tuner must raise the queen's value.
        let mut planted = WEIGHTS.clone();
        planted.0[crate::search::params::layout::MATERIAL + 4] = (1500, 1500);
        let mut data = Vec::new();
        for _ in 0..30 {
            for pos in positions() {
                let score = evaluate_with(&pos, &planted);
                data.push((pos, score, 0.5));
            }
        }
        let data = Dataset::new(&data, 1.0);
        let config = TuneConfig {
            epochs: 200,
            batch_size: 64,
            learning_rate: 5.0,
            validation: 0.02,
            ..TuneConfig::default()
        };
        let mut losses = Vec::new();
        let (tuned, _) = tune(&config, &data, &WEIGHTS, |r| losses.push(r.train_loss)).unwrap();
        assert!(losses.last().unwrap() < &(losses[0] * 0.5), "{losses:?}");
        // The queen gains on the other pieces (`K` is refitted, so the scale may move).
        let value = |w: &Weights, role: usize| {
            let (mg, eg) = w.0[crate::search::params::layout::MATERIAL + role];
            f64::from(mg + eg)
        };
        let ratio = |w: &Weights| value(w, 4) / (value(w, 1) + value(w, 2) + value(w, 3));
        assert!(ratio(&tuned) > ratio(&WEIGHTS), "{:?}", &tuned.0[..6]);
    }

    #[test]
    fn only_the_named_sections_move() {
        let mut planted = WEIGHTS.clone();
        planted.0[crate::search::params::layout::MATERIAL + 4] = (1500, 1500);
        let data: Vec<(Chess, i32, f64)> = (0..20)
            .flat_map(|_| positions())
            .map(|pos| {
                let score = evaluate_with(&pos, &planted);
                (pos, score, 0.5)
            })
            .collect();
        let data = Dataset::new(&data, 1.0);
        let config = TuneConfig {
            epochs: 20,
            batch_size: 64,
            learning_rate: 5.0,
            only: vec!["material".into()],
            ..TuneConfig::default()
        };
        let (tuned, _) = tune(&config, &data, &WEIGHTS, |_| {}).unwrap();
        let queen = crate::search::params::layout::MATERIAL + 4;
        for i in 6..COUNT {
            assert_eq!(tuned.0[i], WEIGHTS.0[i], "weight {i} moved");
        }
        assert_ne!(tuned.0[queen], WEIGHTS.0[queen]);
        let config = TuneConfig {
            only: vec!["no such section".into()],
            ..config
        };
        assert!(matches!(
            tune(&config, &data, &WEIGHTS, |_| {}),
            Err(TuneError::BadOption(_))
        ));
    }

    #[test]
    fn bad_settings_are_refused() {
        let data = Dataset::new(&[], 0.75);
        let config = TuneConfig::default();
        assert!(matches!(
            tune(&config, &data, &WEIGHTS, |_| {}),
            Err(TuneError::TooFewPositions(0))
        ));
        let config = TuneConfig {
            epochs: 0,
            ..TuneConfig::default()
        };
        assert!(matches!(
            tune(&config, &data, &WEIGHTS, |_| {}),
            Err(TuneError::BadOption(_))
        ));
    }
}
