//! Training the square classifier on boards rendered on the fly, and measuring it on the piece
//! sets it never trained on.
//!
//! Everything random (positions, styles, crop jitter, weight initialisation, batch order) comes
//! from one ChaCha8 generator seeded with [`TrainConfig::seed`], so a run is reproducible for a
//! given seed and thread count.

use super::bench::Positions;
use super::marks::MoveMarks;
use super::model::{CROP, SquareNet};
use super::render::{
    BoardStyle, BoardTheme, Flat, PieceSet, is_held_out, load_piece_sets, load_themes,
    random_board, random_game_board, render_board, themes_path,
};
use crate::vision::classes::SquareClass;
use crate::vision::classify::{Classifier, crop_cells};
use crate::vision::error::VisionError;
use crate::vision::geometry::cell_square;
use candle_core::{DType, Device, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW, VarBuilder, VarMap};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// Square sizes (pixels, before scaling) of most training and evaluation boards.
pub const SQUARE_RANGE: (f32, f32) = (14.0, 120.0);
/// Square sizes of the large boards (one in ten).
pub const LARGE_SQUARE_RANGE: (f32, f32) = (120.0, 260.0);
/// Grid misalignment in training crops: each crop edge moves by up to this fraction of a square.
pub const CROP_JITTER: f32 = 0.03;
/// Fraction of empty squares kept for training (empties outnumber pieces about three to one).
const EMPTY_KEEP: f64 = 0.35;
/// Share of training boards with mirrored pieces: most sets' knights face left, some sets'
/// face right. The 3D renders are left as they are (a camera sees them from one side).
const MIRROR_SHARE: f64 = 0.3;
/// Boards rendered per chunk: the chunk's crops are shuffled and trained on before the next.
const CHUNK_BOARDS: usize = 64;

/// Settings of one training run.
#[derive(Debug, Clone)]
pub struct TrainConfig {
    /// Folder with one sub-folder per piece set (its parent holds `board-themes.json`).
    pub pieces_dir: PathBuf,
    /// Seed of every random choice.
    pub seed: u64,
    /// Passes; each renders `boards_per_epoch` fresh boards.
    pub epochs: usize,
    /// Boards rendered per epoch.
    pub boards_per_epoch: usize,
    /// Crops per optimiser step.
    pub batch_size: usize,
    /// Peak AdamW learning rate (cosine decay to 5% of it).
    pub learning_rate: f64,
    /// Boards per held-out set measured after each epoch (0 = none).
    pub eval_boards: usize,
    /// Train on every set, the held-out ones too (the model `recognize` ships; its held-out
    /// scores then measure sets it has seen).
    pub all_sets: bool,
    /// Share of boards whose pieces are drawn flat ([`Flat`]: the shape alone, no inner
    /// lines), to teach the outlines that unseen styles keep rather than the inner details they
    /// change; the 3D renders are never drawn flat (their outlines alone are blobs). 0 for the
    /// shipped networks: flat pieces did not help them read unseen sets.
    pub flat_share: f64,
    /// More folders of piece sets, always trained on (never held out): more drawing styles
    /// for the network to tell apart from what makes a piece a piece.
    pub extra_pieces: Vec<PathBuf>,
    /// Share of boards drawn with a set from [`TrainConfig::extra_pieces`] (the rest use the
    /// sets of `pieces_dir` as before).
    pub extra_share: f64,
    /// Share of boards with one kind of square in nearly the colour of one side's pieces
    /// ([`BoardStyle::match_squares_to_pieces`]): black pieces on near-black dark squares,
    /// white ones on near-white light squares, which the network otherwise calls empty.
    pub low_contrast_share: f64,
    /// Share of the boards drawn with a set of `pieces_dir` (not an extra set) that use a
    /// `staunton3d` set; 0 keeps the plain draw, uniform among families, where the one 3D
    /// family gets about one board in twenty and the networks read its own training sets'
    /// kings, queens and bishops worst.
    pub three_d_share: f64,
    /// Share of boards with extra arrows laid over pieces in a random strong colour and
    /// opacity ([`BoardStyle::add_arrows_over_pieces`]): pieces under an arrow are among the
    /// pieces the network misreads most.
    pub arrow_share: f64,
    /// Share of boards whose pieces (one side's or both) are recoloured in a random hue
    /// ([`BoardStyle::tint_pieces`]): some sets draw their black pieces in orange-brown wood,
    /// which the trained sets' greys never teach.
    pub tint_share: f64,
    /// Share of boards whose last move is marked by shapes ([`MoveMarks`]: PyChess's star on
    /// the empty square a piece left, wedges in the corners of the one it went to), which a
    /// network that never saw them reads as pieces.
    pub mark_share: f64,
    /// Largest square size (pixels, before scaling) of the boards drawn, or `None` for the
    /// usual [`SQUARE_RANGE`] and one board in ten at [`LARGE_SQUARE_RANGE`]: a network for
    /// small boards only, where most misread held-out boards are.
    pub max_square: Option<f32>,
    /// Weights (safetensors of this network) to start from instead of random ones: a
    /// fine-tuning run, e.g. a shipped network trained further with another mix.
    pub init: Option<PathBuf>,
}

impl TrainConfig {
    /// The default settings (a network from random weights), for piece sets in `pieces_dir`;
    /// docs/training.md gives the recipe of the shipped networks.
    pub fn new(pieces_dir: PathBuf) -> Self {
        TrainConfig {
            pieces_dir,
            seed: 1,
            epochs: 8,
            boards_per_epoch: 1200,
            batch_size: 64,
            learning_rate: 3e-3,
            eval_boards: 20,
            all_sets: false,
            flat_share: 0.0,
            extra_pieces: Vec::new(),
            extra_share: 0.0,
            low_contrast_share: 0.0,
            three_d_share: 0.0,
            arrow_share: 0.0,
            tint_share: 0.0,
            mark_share: 0.0,
            max_square: None,
            init: None,
        }
    }

    pub(super) fn check(&self) -> Result<(), VisionError> {
        let bad = |m: &str| Err(VisionError::BadOption(m.into()));
        if self.epochs == 0 {
            return bad("epochs must be at least 1");
        }
        if self.boards_per_epoch == 0 {
            return bad("boards per epoch must be at least 1");
        }
        if self.batch_size < 2 {
            return bad("batch size must be at least 2");
        }
        if !(self.learning_rate.is_finite() && self.learning_rate > 0.0) {
            return bad("learning rate must be a positive number");
        }
        if !(0.0..=1.0).contains(&self.three_d_share) {
            return bad("the 3D share must be between 0 and 1");
        }
        if !(0.0..=1.0).contains(&self.arrow_share) {
            return bad("the arrow share must be between 0 and 1");
        }
        if !(0.0..=1.0).contains(&self.tint_share) {
            return bad("the tint share must be between 0 and 1");
        }
        if !(0.0..=1.0).contains(&self.mark_share) {
            return bad("the mark share must be between 0 and 1");
        }
        if self
            .max_square
            .is_some_and(|m| !(m.is_finite() && m > SQUARE_RANGE.0))
        {
            return bad("the largest square must be over 14 pixels");
        }
        if self.extra_pieces.is_empty() != (self.extra_share == 0.0) {
            return bad("extra piece folders and a share above 0 go together");
        }
        Ok(())
    }
}

/// Progress after one epoch.
#[derive(Debug, Clone, PartialEq)]
pub struct EpochReport {
    /// 1-based epoch number.
    pub epoch: usize,
    /// Total epochs.
    pub epochs: usize,
    /// Mean training cross-entropy.
    pub loss: f32,
    /// Training accuracy (on the crops as trained, before post-processing).
    pub train_accuracy: f32,
    /// Crops trained on in this epoch.
    pub samples: usize,
    /// Square accuracy after post-processing on the held-out sets, if measured.
    pub held_out_accuracy: Option<f32>,
    /// Seconds since training started.
    pub elapsed: f32,
}

/// The piece sets and themes of a pieces folder, split into training and held-out sets.
#[derive(Debug, Clone)]
pub struct Sets {
    /// Sets trained on.
    pub train: Vec<Arc<PieceSet>>,
    /// Sets in [`super::render::HELD_OUT_SETS`].
    pub held_out: Vec<Arc<PieceSet>>,
    /// Sets of the extra folders ([`TrainConfig::extra_pieces`]), always trained on.
    pub extra: Vec<Arc<PieceSet>>,
    /// Board colour themes.
    pub themes: Vec<BoardTheme>,
}

impl Sets {
    /// Loads all sets under `pieces_dir` and the themes next to it.
    pub fn load(pieces_dir: &Path) -> Result<Self, VisionError> {
        let all = load_piece_sets(pieces_dir)?;
        let themes = load_themes(&themes_path(pieces_dir))?;
        let (held_out, train): (Vec<_>, Vec<_>) =
            all.into_iter().partition(|s| is_held_out(s.name()));
        if train.is_empty() {
            return Err(VisionError::NoPieceSets(pieces_dir.to_path_buf()));
        }
        Ok(Sets {
            train,
            held_out,
            extra: Vec::new(),
            themes,
        })
    }

    /// Adds the sets of the folders `dirs` as extra training sets. A set named like a held-out
    /// set or like one already loaded is refused: it would leak into the held-out measure or
    /// blur which set a board was drawn with.
    pub fn with_extra(mut self, dirs: &[PathBuf]) -> Result<Self, VisionError> {
        for dir in dirs {
            for set in load_piece_sets(dir)? {
                let name = set.name();
                let mut known = self.train.iter().chain(&self.held_out).chain(&self.extra);
                if is_held_out(name) || known.any(|s| s.name() == name) {
                    return Err(VisionError::BadOption(format!(
                        "extra piece set {name} in {} clashes with a set of the same name",
                        dir.display()
                    )));
                }
                self.extra.push(set);
            }
        }
        Ok(self)
    }

    /// The sets to train on: [`Sets::train`], or with `all` every set, by name (so that a
    /// family's sets stand side by side, as `choose_set` needs).
    pub fn for_training(&self, all: bool) -> Vec<Arc<PieceSet>> {
        if !all {
            return self.train.clone();
        }
        let mut sets: Vec<_> = self.train.iter().chain(&self.held_out).cloned().collect();
        sets.sort_by(|a, b| a.name().cmp(b.name()));
        sets
    }
}

/// Style family of a set: the `staunton3d-*` sets are one model in several materials and count
/// as one family when sets are drawn.
fn family(name: &str) -> &str {
    if name.starts_with(THREE_D) {
        THREE_D
    } else {
        name
    }
}

/// Family of the 3D renders (see [`family`]).
const THREE_D: &str = "staunton3d";

/// Picks a set: uniformly among families, then among the family's sets. With a
/// `three_d_share` above 0 (and both kinds among `sets`), first the 3D family with that
/// probability or else one of the others.
fn choose_set<'a>(
    rng: &mut impl Rng,
    sets: &'a [Arc<PieceSet>],
    three_d_share: f64,
) -> &'a Arc<PieceSet> {
    let is_3d = |s: &Arc<PieceSet>| family(s.name()) == THREE_D;
    // No draw at 0, so that runs without the share render what they did before the option.
    let pool: Vec<&'a Arc<PieceSet>> =
        if three_d_share > 0.0 && sets.iter().any(is_3d) && !sets.iter().all(is_3d) {
            let want_3d = rng.random_bool(three_d_share.min(1.0));
            sets.iter().filter(|s| is_3d(s) == want_3d).collect()
        } else {
            sets.iter().collect()
        };
    let mut families: Vec<&str> = pool.iter().map(|s| family(s.name())).collect();
    families.dedup();
    let f = *families.choose(rng).unwrap_or(&"");
    let members: Vec<&Arc<PieceSet>> = pool
        .iter()
        .copied()
        .filter(|s| family(s.name()) == f)
        .collect();
    members.choose(rng).copied().unwrap_or(&sets[0])
}

/// A random style for a training or evaluation board.
pub fn random_style(
    rng: &mut impl Rng,
    set: Arc<PieceSet>,
    themes: &[BoardTheme],
    board: &shakmaty::Board,
) -> BoardStyle {
    let range = if rng.random_bool(0.1) {
        LARGE_SQUARE_RANGE
    } else {
        SQUARE_RANGE
    };
    BoardStyle::random(rng, set, themes, board, range)
}

/// What training boards are drawn from: the piece sets, the board colours and the shares of
/// the optional augmentations (see [`TrainConfig`]).
pub(super) struct BoardMix<'a> {
    sets: &'a [Arc<PieceSet>],
    extra: &'a [Arc<PieceSet>],
    extra_share: f64,
    themes: &'a [BoardTheme],
    flat_share: f64,
    low_contrast_share: f64,
    three_d_share: f64,
    arrow_share: f64,
    tint_share: f64,
    mark_share: f64,
    max_square: Option<f32>,
}

impl<'a> BoardMix<'a> {
    /// The mix of `config` over `training` (the sets trained on) and the extra sets and themes
    /// of `sets`.
    pub(super) fn new(config: &TrainConfig, sets: &'a Sets, training: &'a [Arc<PieceSet>]) -> Self {
        BoardMix {
            sets: training,
            extra: &sets.extra,
            extra_share: config.extra_share,
            themes: &sets.themes,
            flat_share: config.flat_share,
            low_contrast_share: config.low_contrast_share,
            three_d_share: config.three_d_share,
            arrow_share: config.arrow_share,
            tint_share: config.tint_share,
            mark_share: config.mark_share,
            max_square: config.max_square,
        }
    }
}

/// Renders one random board and appends its crops (with grid jitter; `[3, CROP, CROP]` each,
/// values in `[-0.5, 0.5]`) and labels.
pub(super) fn sample_board(
    rng: &mut impl Rng,
    mix: &BoardMix,
    crops: &mut Vec<f32>,
    labels: &mut Vec<u32>,
) {
    let board = random_board(rng);
    // No draw without extra sets, so that such runs render what they did before the option.
    let from_extra =
        !mix.extra.is_empty() && mix.extra_share > 0.0 && rng.random_bool(mix.extra_share.min(1.0));
    let set = if from_extra {
        choose_set(rng, mix.extra, 0.0)
    } else {
        choose_set(rng, mix.sets, mix.three_d_share)
    }
    .clone();
    let mut style = match mix.max_square {
        Some(max) => BoardStyle::random(rng, set, mix.themes, &board, (SQUARE_RANGE.0, max)),
        None => random_style(rng, set, mix.themes, &board),
    };
    style.piece_mirror = rng.random_bool(MIRROR_SHARE) && family(style.pieces.name()) != THREE_D;
    // No draw at 0, so that runs without flat boards render what they did before the option.
    if mix.flat_share > 0.0
        && rng.random_bool(mix.flat_share.min(1.0))
        && family(style.pieces.name()) != THREE_D
    {
        let px = style.square_size * style.piece_scale;
        style.piece_flat = Flat::random_pair(rng, px);
    }
    // Likewise no draw at 0.
    if mix.low_contrast_share > 0.0 && rng.random_bool(mix.low_contrast_share.min(1.0)) {
        style.match_squares_to_pieces(rng);
    }
    // Likewise no draw at 0.
    if mix.arrow_share > 0.0 && rng.random_bool(mix.arrow_share.min(1.0)) {
        style.add_arrows_over_pieces(rng, &board);
    }
    // Likewise no draw at 0.
    if mix.tint_share > 0.0 && rng.random_bool(mix.tint_share.min(1.0)) {
        style.tint_pieces(rng);
    }
    // Likewise no draw at 0.
    if mix.mark_share > 0.0 && rng.random_bool(mix.mark_share.min(1.0)) {
        style.move_marks = MoveMarks::random(rng, &board);
    }
    let rendered = render_board(&board, &style, rng);
    let (sw, sh) = rendered.grid.square_size();
    let mut rects = Vec::with_capacity(64);
    let mut classes = Vec::with_capacity(64);
    for i in 0..64 {
        let class = SquareClass::from(board.piece_at(cell_square(i / 8, i % 8, rendered.flipped)));
        if class == SquareClass::Empty && !rng.random_bool(EMPTY_KEEP) {
            continue;
        }
        let (x0, y0, x1, y1) = rendered.grid.cell_rect(i / 8, i % 8);
        let mut j = |s: f32| rng.random_range(-CROP_JITTER..=CROP_JITTER) * s;
        rects.push((x0 + j(sw), y0 + j(sh), x1 + j(sw), y1 + j(sh)));
        classes.push(class.index() as u32);
    }
    crops.extend(crop_cells(&rendered.image, &rects, CROP));
    labels.extend(classes);
}

/// The learning rate `progress` (0 to 1) through a run whose peak rate is `peak`: a cosine
/// decay from the peak to a twentieth of it.
pub(super) fn cosine_rate(peak: f64, progress: f64) -> f64 {
    peak * (0.05 + 0.95 * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos()))
}

/// Deterministic weight initialisation (candle's CPU generator cannot be seeded): Kaiming-normal
/// weights, zero biases, batch norm left at its constant defaults.
pub(super) fn init_weights(varmap: &VarMap, rng: &mut impl Rng) -> Result<(), VisionError> {
    let data = varmap
        .data()
        .lock()
        .map_err(|_| VisionError::Model("weights lock poisoned".into()))?;
    let mut names: Vec<&String> = data.keys().collect();
    names.sort();
    for name in names {
        let var = &data[name];
        let dims = var.dims().to_vec();
        let count: usize = dims.iter().product();
        let is_weight = !name.contains(".bn.") && name.ends_with(".weight");
        let is_bias = !name.contains(".bn.") && name.ends_with(".bias");
        let values: Vec<f32> = if is_weight {
            let fan_in: usize = dims[1..].iter().product::<usize>().max(1);
            let std = (2.0 / fan_in as f64).sqrt();
            (0..count).map(|_| (normal(rng) * std) as f32).collect()
        } else if is_bias {
            vec![0.0; count]
        } else {
            continue;
        };
        var.set(&Tensor::from_vec(values, dims.as_slice(), &Device::Cpu)?)?;
    }
    Ok(())
}

/// The convolution widths of the network saved at `path` (see [`TrainConfig::init`]), so that
/// a wider one (the GPU-trained wide pair) is trained further as it is; its crops must be
/// the [`CROP`] that training draws.
fn init_channels(path: &Path) -> Result<[usize; 4], VisionError> {
    let bytes = std::fs::read(path).map_err(|e| VisionError::io(path, e))?;
    let saved = candle_core::safetensors::load_buffer(&bytes, &Device::Cpu)
        .map_err(|e| VisionError::BadOption(format!("{}: not a network: {e}", path.display())))?;
    match super::model::shape_of_tensors(&saved) {
        Some((crop, channels)) if crop == CROP => Ok(channels),
        Some((crop, _)) => Err(VisionError::BadOption(format!(
            "{}: a network of {crop}-px crops; training draws {CROP}-px crops",
            path.display()
        ))),
        None => Err(VisionError::BadOption(format!(
            "{}: not a network of this shape",
            path.display()
        ))),
    }
}

/// Sets the weights of `varmap` to those saved at `path` (see [`TrainConfig::init`]): every
/// weight must be there, with its shape.
fn load_weights(varmap: &VarMap, path: &Path) -> Result<(), VisionError> {
    let bytes = std::fs::read(path).map_err(|e| VisionError::io(path, e))?;
    let saved = candle_core::safetensors::load_buffer(&bytes, &Device::Cpu)
        .map_err(|e| VisionError::BadOption(format!("{}: not a network: {e}", path.display())))?;
    let data = varmap
        .data()
        .lock()
        .map_err(|_| VisionError::Model("weights lock poisoned".into()))?;
    for (name, var) in data.iter() {
        let Some(value) = saved.get(name) else {
            return Err(VisionError::BadOption(format!(
                "{}: no weight {name}: not a network of this shape",
                path.display()
            )));
        };
        if value.dims() != var.dims() {
            return Err(VisionError::BadOption(format!(
                "{}: weight {name} is {:?}, this network's is {:?}",
                path.display(),
                value.dims(),
                var.dims()
            )));
        }
        // Saved networks hold float16 ([`save_half`]); training works in float32.
        var.set(&value.to_dtype(DType::F32)?)?;
    }
    Ok(())
}

/// Writes the weights of `varmap` to `out` (safetensors) as float16: half the size of float32,
/// which matters because the networks `recognize` reads are compiled into the binary, and
/// readings no worse. Networks load as float32 whatever they were saved as.
pub(super) fn save_half(varmap: &VarMap, out: &Path) -> Result<(), VisionError> {
    let data = varmap
        .data()
        .lock()
        .map_err(|_| VisionError::Model("weights lock poisoned".into()))?;
    let half = data
        .iter()
        .map(|(name, var)| Ok((name.clone(), var.as_tensor().to_dtype(DType::F16)?)))
        .collect::<Result<std::collections::HashMap<_, _>, VisionError>>()?;
    candle_core::safetensors::save(&half, out)?;
    Ok(())
}

fn normal(rng: &mut impl Rng) -> f64 {
    let u1: f64 = rng.random_range(f64::EPSILON..1.0);
    let u2: f64 = rng.random();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// Trains a new network with `config`, writing the weights (safetensors) to `out` after every
/// epoch and calling `on_epoch` with the epoch's figures.
pub fn train(
    config: &TrainConfig,
    out: &Path,
    mut on_epoch: impl FnMut(&EpochReport),
) -> Result<(), VisionError> {
    config.check()?;
    let sets = Sets::load(&config.pieces_dir)?.with_extra(&config.extra_pieces)?;
    let training = sets.for_training(config.all_sets);
    let mix = BoardMix::new(config, &sets, &training);
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let device = Device::Cpu;
    let varmap = VarMap::new();
    let vb = VarBuilder::from_varmap(&varmap, DType::F32, &device);
    let channels = match &config.init {
        Some(path) => init_channels(path)?,
        None => super::model::CHANNELS,
    };
    let net = SquareNet::with_channels(vb, CROP, &channels)?;
    // Random weights first either way, so that a fine-tuning run draws the same boards as a
    // fresh run of its seed.
    init_weights(&varmap, &mut rng)?;
    if let Some(path) = &config.init {
        load_weights(&varmap, path)?;
    }
    let params = ParamsAdamW {
        lr: config.learning_rate,
        weight_decay: 1e-4,
        ..Default::default()
    };
    let mut opt = AdamW::new(varmap.all_vars(), params)?;
    let chunks_per_epoch = config.boards_per_epoch.div_ceil(CHUNK_BOARDS);
    let approx_steps = (config.epochs * config.boards_per_epoch * 28 / config.batch_size).max(1);
    let mut step = 0usize;
    let start = Instant::now();
    let plane = 3 * CROP * CROP;
    for epoch in 1..=config.epochs {
        let (mut loss_sum, mut correct, mut seen, mut batches) = (0.0f64, 0usize, 0usize, 0usize);
        for chunk in 0..chunks_per_epoch {
            let boards = CHUNK_BOARDS.min(config.boards_per_epoch - chunk * CHUNK_BOARDS);
            let (mut crops, mut labels) = (Vec::new(), Vec::new());
            for _ in 0..boards {
                sample_board(&mut rng, &mix, &mut crops, &mut labels);
            }
            let mut order: Vec<usize> = (0..labels.len()).collect();
            order.shuffle(&mut rng);
            for batch in order.chunks(config.batch_size) {
                if batch.len() < 2 {
                    continue;
                }
                let mut x = Vec::with_capacity(batch.len() * plane);
                let mut y = Vec::with_capacity(batch.len());
                for &i in batch {
                    x.extend_from_slice(&crops[i * plane..(i + 1) * plane]);
                    y.push(labels[i]);
                }
                let x = Tensor::from_vec(x, (batch.len(), 3, CROP, CROP), &device)?;
                let y = Tensor::from_vec(y, batch.len(), &device)?;
                let progress = (step as f64 / approx_steps as f64).min(1.0);
                opt.set_learning_rate(cosine_rate(config.learning_rate, progress));
                let (logits, _) = net.forward_t(&x, true)?;
                let loss = candle_nn::loss::cross_entropy(&logits, &y)?;
                opt.backward_step(&loss)?;
                step += 1;
                loss_sum += f64::from(loss.to_scalar::<f32>()?);
                batches += 1;
                let predicted = logits.argmax(1)?.to_vec1::<u32>()?;
                let truth = y.to_vec1::<u32>()?;
                correct += predicted.iter().zip(&truth).filter(|(a, b)| a == b).count();
                seen += truth.len();
            }
        }
        save_half(&varmap, out)?;
        let held_out_accuracy = if config.eval_boards > 0 && !sets.held_out.is_empty() {
            let classifier = Classifier::from_file(out)?;
            let scores = evaluate(
                &classifier,
                &sets.held_out,
                &sets.themes,
                config.eval_boards,
                config.seed.wrapping_add(1_000_000),
                Positions::Mixed,
            )?;
            let total: usize = scores.iter().map(|s| s.squares).sum();
            let right: usize = scores.iter().map(|s| s.squares_right).sum();
            Some(right as f32 / total.max(1) as f32)
        } else {
            None
        };
        on_epoch(&EpochReport {
            epoch,
            epochs: config.epochs,
            loss: (loss_sum / batches.max(1) as f64) as f32,
            train_accuracy: correct as f32 / seen.max(1) as f32,
            samples: seen,
            held_out_accuracy,
            elapsed: start.elapsed().as_secs_f32(),
        });
    }
    Ok(())
}

/// The classifier's score on one piece set.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SetScore {
    /// The set's name.
    pub set: String,
    /// Boards rendered.
    pub boards: usize,
    /// Boards with all 64 squares right (after post-processing).
    pub boards_right: usize,
    /// Squares classified.
    pub squares: usize,
    /// Squares right by the network's most probable class alone.
    pub squares_right_raw: usize,
    /// Squares right after [`crate::vision::classify::decide`].
    pub squares_right: usize,
    /// Seconds spent in [`Classifier::classify_board`] (cropping, network, decision).
    pub classify_seconds: f64,
    /// Up to 20 mistakes as `(truth, guess)` FEN letters (`.` = empty).
    pub mistakes: Vec<(char, char)>,
}

/// Renders `boards_per_set` random boards of each set in `sets` (placements of the kind
/// `positions`, styles as in training, seeded with `seed`) and scores `classifier` on them at
/// the exact grid.
pub fn evaluate(
    classifier: &Classifier,
    sets: &[Arc<PieceSet>],
    themes: &[BoardTheme],
    boards_per_set: usize,
    seed: u64,
    positions: Positions,
) -> Result<Vec<SetScore>, VisionError> {
    let mut scores = Vec::new();
    for set in sets {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut score = SetScore {
            set: set.name().to_string(),
            boards: 0,
            boards_right: 0,
            squares: 0,
            squares_right_raw: 0,
            squares_right: 0,
            classify_seconds: 0.0,
            mistakes: Vec::new(),
        };
        for _ in 0..boards_per_set {
            let board = match positions {
                Positions::Games => random_game_board(&mut rng),
                Positions::Mixed => random_board(&mut rng),
            };
            let style = random_style(&mut rng, set.clone(), themes, &board);
            let rendered = render_board(&board, &style, &mut rng);
            let t = Instant::now();
            let guess = classifier.classify_board(&rendered.image, &rendered.grid)?;
            score.classify_seconds += t.elapsed().as_secs_f64();
            let mut all_right = true;
            for i in 0..64 {
                let truth =
                    SquareClass::from(board.piece_at(cell_square(i / 8, i % 8, rendered.flipped)));
                score.squares += 1;
                score.squares_right_raw += usize::from(guess.raw[i] == truth);
                if guess.classes[i] == truth {
                    score.squares_right += 1;
                } else {
                    all_right = false;
                    if score.mistakes.len() < 20 {
                        score.mistakes.push((truth.char(), guess.classes[i].char()));
                    }
                }
            }
            score.boards += 1;
            score.boards_right += usize::from(all_right);
        }
        scores.push(score);
    }
    Ok(scores)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::training::vision::render::test_pieces_dir;

    #[test]
    fn all_sets_adds_the_held_out_ones_with_families_together() {
        let Some(dir) = test_pieces_dir() else { return };
        let sets = Sets::load(&dir).unwrap();
        let names =
            |v: &[Arc<PieceSet>]| v.iter().map(|s| s.name().to_string()).collect::<Vec<_>>();
        let some = names(&sets.for_training(false));
        let all = names(&sets.for_training(true));
        assert!(some.iter().all(|n| !is_held_out(n)));
        assert_eq!(all.len(), sets.train.len() + sets.held_out.len());
        assert!(all.iter().any(|n| n == "kiwen-suwi"));
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(all, sorted);
        // A family's sets stand side by side: each family appears in one run.
        let mut families: Vec<&str> = all.iter().map(|n| family(n)).collect();
        families.dedup();
        let mut unique = families.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(families.len(), unique.len());
    }

    /// Copies the cburnett set of `from` into `to/<name>`.
    fn copy_set(from: &Path, to: &Path, name: &str) {
        let dst = to.join(name);
        std::fs::create_dir_all(&dst).unwrap();
        for entry in std::fs::read_dir(from.join("cburnett")).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, dst.join(path.file_name().unwrap())).unwrap();
        }
    }

    #[test]
    fn extra_sets_are_trained_on_and_may_not_take_a_known_name() {
        let Some(dir) = test_pieces_dir() else { return };
        let extra = tempfile::tempdir().unwrap();
        copy_set(&dir, extra.path(), "extra-one");
        let sets = Sets::load(&dir)
            .unwrap()
            .with_extra(&[extra.path().to_path_buf()])
            .unwrap();
        let names: Vec<&str> = sets.extra.iter().map(|s| s.name()).collect();
        assert_eq!(names, ["extra-one"]);
        for clash in ["kiwen-suwi", "cburnett"] {
            let bad = tempfile::tempdir().unwrap();
            copy_set(&dir, bad.path(), clash);
            let err = Sets::load(&dir)
                .unwrap()
                .with_extra(&[bad.path().to_path_buf()])
                .unwrap_err();
            assert!(err.to_string().contains(clash), "{err}");
        }
    }

    #[test]
    fn extra_folders_and_their_share_go_together() {
        let mut config = TrainConfig::new(PathBuf::from("pieces"));
        assert!(config.check().is_ok());
        config.extra_share = 0.3;
        assert!(config.check().is_err());
        config.extra_pieces.push(PathBuf::from("more"));
        assert!(config.check().is_ok());
        config.extra_share = 0.0;
        assert!(config.check().is_err());
    }

    #[test]
    fn a_3d_share_draws_that_share_of_the_sets_from_the_3d_family() {
        let Some(dir) = test_pieces_dir() else { return };
        let sets = Sets::load(&dir).unwrap().for_training(false);
        let share_3d = |share: f64| {
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let n = 2000;
            let hits = (0..n)
                .filter(|_| family(choose_set(&mut rng, &sets, share).name()) == THREE_D)
                .count();
            hits as f64 / n as f64
        };
        // Uniform among families: the one 3D family among about twenty.
        assert!(share_3d(0.0) < 0.1, "{}", share_3d(0.0));
        let third = share_3d(0.3);
        assert!((0.25..0.35).contains(&third), "{third}");
        assert_eq!(share_3d(1.0), 1.0);
        let mut config = TrainConfig::new(dir);
        config.three_d_share = 1.5;
        assert!(config.check().is_err());
        config.three_d_share = 0.3;
        config.arrow_share = -0.1;
        assert!(config.check().is_err());
    }

    #[test]
    fn the_mark_share_is_a_share() {
        let mut config = TrainConfig::new(PathBuf::from("pieces"));
        for bad in [-0.1, 1.5, f64::NAN] {
            config.mark_share = bad;
            assert!(config.check().is_err(), "{bad}");
        }
        config.mark_share = 0.25;
        assert!(config.check().is_ok());
    }

    #[test]
    fn the_largest_square_must_leave_a_range_to_draw_from() {
        let mut config = TrainConfig::new(PathBuf::from("pieces"));
        assert!(config.check().is_ok());
        for bad in [10.0, SQUARE_RANGE.0, f32::NAN, f32::INFINITY] {
            config.max_square = Some(bad);
            assert!(config.check().is_err(), "{bad}");
        }
        config.max_square = Some(28.0);
        assert!(config.check().is_ok());
    }

    #[test]
    fn fine_tuning_starts_from_the_saved_weights_and_refuses_other_files() {
        let fresh = |seed: u64| {
            let varmap = VarMap::new();
            let vb = VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu);
            SquareNet::new(vb, CROP).unwrap();
            init_weights(&varmap, &mut ChaCha8Rng::seed_from_u64(seed)).unwrap();
            varmap
        };
        let values = |varmap: &VarMap| {
            let data = varmap.data().lock().unwrap();
            let mut names: Vec<&String> = data.keys().collect();
            names.sort();
            names
                .into_iter()
                .map(|n| data[n].flatten_all().unwrap().to_vec1::<f32>().unwrap())
                .collect::<Vec<_>>()
        };
        let dir = tempfile::tempdir().unwrap();
        let saved = dir.path().join("net.safetensors");
        let first = fresh(1);
        first.save(&saved).unwrap();
        let second = fresh(2);
        assert_ne!(values(&first), values(&second));
        load_weights(&second, &saved).unwrap();
        assert_eq!(values(&first), values(&second));

        // What training writes: float16, half the size, the same weights to float16's
        // precision, and loaded back as float32.
        let half = dir.path().join("half.safetensors");
        save_half(&first, &half).unwrap();
        let size = |p: &Path| std::fs::metadata(p).unwrap().len();
        assert!(
            size(&half) * 10 < size(&saved) * 6,
            "{} {}",
            size(&half),
            size(&saved)
        );
        let third = fresh(3);
        load_weights(&third, &half).unwrap();
        for (a, b) in values(&first).iter().zip(values(&third)) {
            for (x, y) in a.iter().zip(b) {
                assert!((x - y).abs() <= 1e-3 * x.abs().max(1e-3), "{x} {y}");
            }
        }

        // A safetensors file of something else, and a file that is not one.
        let other = dir.path().join("other.safetensors");
        let one = Tensor::zeros((2, 2), DType::F32, &Device::Cpu).unwrap();
        candle_core::safetensors::save(&std::collections::HashMap::from([("w", one)]), &other)
            .unwrap();
        let err = load_weights(&second, &other).unwrap_err();
        assert!(err.to_string().contains("no weight"), "{err}");
        let junk = dir.path().join("junk.safetensors");
        std::fs::write(&junk, b"not weights").unwrap();
        let err = load_weights(&second, &junk).unwrap_err();
        assert!(err.to_string().contains("not a network"), "{err}");

        // The starting network's widths are the trained network's: the shipped wide ones too.
        assert_eq!(
            init_channels(&saved).unwrap(),
            super::super::model::CHANNELS
        );
        let wide =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/vision/held-out-wide.safetensors");
        assert_eq!(init_channels(&wide).unwrap(), [32, 64, 96, 128]);
        for bad in [&other, &junk] {
            let err = init_channels(bad).unwrap_err();
            assert!(err.to_string().contains("not a network"), "{err}");
        }
    }
}
