//! Training the label reader's glyph network ([`crate::vision::labels::GlyphNet`]) on
//! coordinate labels rendered in many fonts, and measuring it on font families it never saw.
//!
//! Boards are rendered with random piece sets, colours and artefacts (as the square
//! classifier's are) and with labels in a font from a folder of font files ([`LabelStyle`]):
//! inside the edge squares' corners or in a frame outside, in the other square colour, a faint
//! shade of their own or a fixed colour, upper or lower case, sometimes every square's name.
//! The glyphs training reads are the ones the label finder itself finds on those boards
//! ([`candidates`], on a grid a little off as a located one is): each is the label drawn where
//! it was found, or "not a label" where none was drawn (pieces' fragments, marks); glyphs
//! that overlap a label only in part are left out. Everything random comes from a ChaCha8
//! generator per board seeded from [`GlyphConfig::seed`], so a run is reproducible for a given
//! seed and thread count.

use super::render::{
    BoardStyle, DrawnLabel, LabelFont, LabelStyle, RenderedBoard, random_board, render_board,
};
use super::train::{Sets, cosine_rate, init_weights, random_style, save_half};
use crate::vision::error::VisionError;
use crate::vision::geometry::BoardBox;
use crate::vision::labels::{
    Candidate, GLYPH, GLYPH_CLASSES, GLYPH_WIDTHS, GlyphNet, LabelReading, PixelBox, candidates,
    glyph_class,
};
use crate::vision::orient::{self, Orientation};
use crate::vision::params::orient::REPORTED_LABEL;
use candle_core::{DType, Device, Module, Tensor};
use candle_nn::{AdamW, Conv2d, Conv2dConfig, Linear, Optimizer, ParamsAdamW, VarBuilder, VarMap};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where Debian installs its fonts (`--fonts DIR` overrides it).
pub const DEFAULT_FONTS_DIR: &str = "/usr/share/fonts";

/// The font families labels are drawn in (file names start with the family); the upright
/// weights of each are used, italics and hairlines left out.
pub const FONT_FAMILIES: &[&str] = &[
    "DejaVuSans",
    "DejaVuSansCondensed",
    "DejaVuSansMono",
    "DejaVuSerif",
    "DejaVuSerifCondensed",
    "LiberationSans",
    "LiberationSansNarrow",
    "LiberationSerif",
    "LiberationMono",
    "NotoSans",
    "NotoSerif",
    "NotoMono",
    "Roboto",
    "RobotoCondensed",
    "OpenSans",
    "Lato",
    "Carlito",
    "NimbusSans",
    "NimbusSansNarrow",
    "NimbusRoman",
    "NimbusMonoPS",
    "C059",
    "P052",
    "URWGothic",
    "URWBookman",
    "FreeSans",
    "FreeSerif",
    "FreeMono",
];

/// Families kept out of training, so that [`evaluate_glyphs`] measures fonts the network never
/// saw: a humanist sans, a Calibri-like sans, a geometric sans and a Palatino-like serif.
pub const HELD_OUT_FONTS: &[&str] = &["Lato", "Carlito", "URWGothic", "P052"];

/// Styles left out of every family: slanted and hairline weights are not drawn as labels.
const SKIPPED_STYLES: &[&str] = &["Italic", "Oblique", "Thin", "Hairline", "ExtraLight"];

/// How far off the grid the label finder is given may be: each edge moves up to this share of
/// a square (a located grid is fitted to a fraction of a pixel, a pixel off at worst).
const GRID_JITTER: f32 = 0.02;

/// Share of training boards with page text beside them ([`LabelStyle::add_page_text`]).
const PAGE_TEXT_SHARE: f64 = 0.3;

/// The family and style of a font file's stem: `DejaVuSans-Bold` is `DejaVuSans` in `Bold`,
/// `FreeSansBold` is `FreeSans` in `Bold`.
fn family_and_style(stem: &str) -> (&str, &str) {
    let (family, style) = stem.split_once('-').unwrap_or((stem, ""));
    for suffix in ["BoldOblique", "BoldItalic", "Bold", "Oblique", "Italic"] {
        if style.is_empty()
            && let Some(f) = family.strip_suffix(suffix)
            && f.starts_with("Free")
        {
            return (f, &stem[f.len()..]);
        }
    }
    (family, style)
}

/// The fonts of [`FONT_FAMILIES`] under `dir` (searched recursively, `.ttf` and `.otf`), by
/// file name.
pub fn load_fonts(dir: &Path) -> Result<Vec<LabelFont>, VisionError> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(&folder).map_err(|e| VisionError::io(&folder, e))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("ttf") || e.eq_ignore_ascii_case("otf"))
            {
                files.push(path);
            }
        }
    }
    files.sort_by_key(|p| p.file_name().map(|n| n.to_os_string()));
    let mut fonts = Vec::new();
    for path in files {
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let (family, style) = family_and_style(stem);
        if !FONT_FAMILIES.contains(&family) || SKIPPED_STYLES.iter().any(|s| style.contains(s)) {
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| VisionError::io(&path, e))?;
        let Ok(font) = ab_glyph::FontArc::try_from_vec(bytes) else {
            continue;
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if fonts.iter().any(|f: &LabelFont| f.name == name) {
            continue;
        }
        fonts.push(LabelFont {
            family: family.to_string(),
            name,
            font,
        });
    }
    if fonts.is_empty() {
        return Err(VisionError::BadOption(format!(
            "no fonts of the label families ({}) under {}",
            FONT_FAMILIES.join(", "),
            dir.display()
        )));
    }
    Ok(fonts)
}

/// Whether `font` is of a family in [`HELD_OUT_FONTS`].
pub fn is_held_out_font(font: &LabelFont) -> bool {
    HELD_OUT_FONTS.contains(&font.family.as_str())
}

/// Settings of one glyph training run.
#[derive(Debug, Clone)]
pub struct GlyphConfig {
    /// Folder of piece sets (its parent holds `board-themes.json`).
    pub pieces_dir: PathBuf,
    /// Folder of font files.
    pub fonts_dir: PathBuf,
    /// Seed of every random choice.
    pub seed: u64,
    /// Boards rendered (once; every epoch passes over their glyphs).
    pub boards: usize,
    /// Passes over the glyphs.
    pub epochs: usize,
    /// Glyphs per optimiser step.
    pub batch_size: usize,
    /// Peak AdamW learning rate (cosine decay to 5% of it).
    pub learning_rate: f64,
    /// Boards of held-out fonts measured after the last epoch (0 = none).
    pub eval_boards: usize,
    /// Train on every family, the held-out ones too.
    pub all_fonts: bool,
}

impl GlyphConfig {
    /// The settings of the shipped network (docs/training.md).
    pub fn new(pieces_dir: PathBuf, fonts_dir: PathBuf) -> Self {
        GlyphConfig {
            pieces_dir,
            fonts_dir,
            seed: 1,
            boards: 3000,
            epochs: 12,
            batch_size: 128,
            learning_rate: 3e-3,
            eval_boards: 300,
            all_fonts: false,
        }
    }
}

/// A glyph to train on: its pixels and its class (0: not a label).
#[derive(Debug, Clone)]
pub struct GlyphSample {
    /// [`Candidate::pixels`].
    pub pixels: Vec<f32>,
    /// Its glyph class.
    pub class: u32,
}

/// The class of a glyph whose ink is at `ink`, given the labels drawn: the label it covers
/// (overlap at least 0.4), "not a label" (0) where it overlaps none, `None` where it overlaps
/// one only in part.
pub fn class_of(ink: &PixelBox, drawn: &[DrawnLabel]) -> Option<usize> {
    let best = drawn
        .iter()
        .map(|l| {
            let b = PixelBox {
                x0: l.x0.round() as i32,
                y0: l.y0.round() as i32,
                x1: l.x1.round() as i32,
                y1: l.y1.round() as i32,
            };
            (ink.overlap(&b), l.text)
        })
        .max_by(|a, b| a.0.total_cmp(&b.0));
    match best {
        Some((o, text)) if o >= 0.4 => Some(glyph_class(text)),
        Some((o, _)) if o > 0.05 => None,
        _ => Some(0),
    }
}

/// Renders board `index` of a run seeded `seed`: a random position and style with labels in
/// one of `fonts`.
pub fn render_labelled_board(
    sets: &Sets,
    fonts: &[LabelFont],
    seed: u64,
    index: u64,
) -> RenderedBoard {
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index);
    let board = random_board(&mut rng);
    let set = sets
        .train
        .choose(&mut rng)
        .or(sets.held_out.first())
        .cloned()
        .expect("Sets::load keeps at least one training set");
    let mut style: BoardStyle = random_style(&mut rng, set, &sets.themes, &board);
    style.coordinates = super::render::Coordinates::None;
    let mut labels = LabelStyle::random(&mut rng, fonts, &mut style);
    if rng.random_bool(PAGE_TEXT_SHARE) {
        labels.add_page_text(&mut rng, &mut style);
    }
    style.labels = Some(labels);
    render_board(&board, &style, &mut rng)
}

/// `grid` a little off, as a located board's can be: each edge moved up to [`GRID_JITTER`] of
/// a square.
fn jittered(grid: &BoardBox, rng: &mut impl Rng) -> BoardBox {
    let (sw, sh) = grid.square_size();
    let mut j = |s: f32| rng.random_range(-GRID_JITTER..=GRID_JITTER) * s;
    let (dx0, dy0, dx1, dy1) = (j(sw), j(sh), j(sw), j(sh));
    BoardBox::new(
        grid.x + dx0,
        grid.y + dy0,
        grid.w - dx0 + dx1,
        grid.h - dy0 + dy1,
    )
}

/// The glyphs the label finder finds on `rendered` (on a grid a little off) with their
/// classes, ambiguous ones left out.
pub fn board_samples(rendered: &RenderedBoard, rng: &mut impl Rng) -> Vec<(Candidate, usize)> {
    let grid = jittered(&rendered.grid, rng);
    candidates(&rendered.image, &grid)
        .into_iter()
        .filter_map(|c| class_of(&c.ink, &rendered.labels).map(|k| (c, k)))
        .collect()
}

/// The glyphs of `boards` boards of a run seeded `seed`, labels in `fonts`, rendered in
/// parallel (each board from its own seed, so the result does not depend on the threads).
pub fn glyph_samples(
    sets: &Sets,
    fonts: &[LabelFont],
    seed: u64,
    boards: usize,
) -> Vec<GlyphSample> {
    (0..boards as u64)
        .into_par_iter()
        .map(|i| {
            let rendered = render_labelled_board(sets, fonts, seed, i);
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ i.wrapping_mul(0xD6E8_FEB8_6659_FD93));
            board_samples(&rendered, &mut rng)
                .into_iter()
                .map(|(c, k)| GlyphSample {
                    pixels: c.pixels,
                    class: k as u32,
                })
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>()
        .into_iter()
        .flatten()
        .collect()
}

/// The glyph network as candle layers, for training; the names are those [`GlyphNet`] reads.
struct GlyphModel {
    c1: Conv2d,
    c2: Conv2d,
    f1: Linear,
    f2: Linear,
}

impl GlyphModel {
    fn new(vb: VarBuilder) -> candle_core::Result<Self> {
        let cfg = Conv2dConfig {
            padding: 1,
            ..Default::default()
        };
        let [a, b, c] = GLYPH_WIDTHS;
        let cells = (GLYPH / 4) * (GLYPH / 4);
        Ok(GlyphModel {
            c1: candle_nn::conv2d(1, a, 3, cfg, vb.pp("c1"))?,
            c2: candle_nn::conv2d(a, b, 3, cfg, vb.pp("c2"))?,
            f1: candle_nn::linear(b * cells, c, vb.pp("f1"))?,
            f2: candle_nn::linear(c, GLYPH_CLASSES, vb.pp("f2"))?,
        })
    }

    /// Logits `[n, GLYPH_CLASSES]` of glyphs `x` = `[n, 1, GLYPH, GLYPH]`.
    fn forward(&self, x: &Tensor) -> candle_core::Result<Tensor> {
        let x = self.c1.forward(x)?.relu()?.max_pool2d(2)?;
        let x = self.c2.forward(&x)?.relu()?.max_pool2d(2)?;
        let x = self.f1.forward(&x.flatten_from(1)?)?.relu()?;
        self.f2.forward(&x)
    }
}

/// What one epoch of glyph training did.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphEpoch {
    /// 1-based epoch number.
    pub epoch: usize,
    /// Total epochs.
    pub epochs: usize,
    /// Mean cross-entropy.
    pub loss: f32,
    /// Share of glyphs read right as trained.
    pub accuracy: f32,
    /// Glyphs per epoch.
    pub samples: usize,
    /// Seconds since the run started (rendering included).
    pub elapsed: f32,
}

/// Trains the glyph network with `config`, writing its weights (safetensors, float16) to `out`
/// after every epoch and calling `on_epoch` with the epoch's figures. Returns the glyphs'
/// count per class and the seconds spent rendering.
pub fn train_glyphs(
    config: &GlyphConfig,
    out: &Path,
    mut on_epoch: impl FnMut(&GlyphEpoch),
) -> Result<([usize; GLYPH_CLASSES], f32), VisionError> {
    let start = Instant::now();
    let sets = Sets::load(&config.pieces_dir)?;
    let fonts: Vec<LabelFont> = load_fonts(&config.fonts_dir)?
        .into_iter()
        .filter(|f| config.all_fonts || !is_held_out_font(f))
        .collect();
    let samples = glyph_samples(&sets, &fonts, config.seed, config.boards);
    let rendering = start.elapsed().as_secs_f32();
    let mut counts = [0usize; GLYPH_CLASSES];
    for s in &samples {
        counts[s.class as usize] += 1;
    }
    if samples.len() < 2 {
        return Err(VisionError::BadOption(
            "the boards gave fewer than two glyphs: render more boards".into(),
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let device = Device::Cpu;
    let varmap = VarMap::new();
    let model = GlyphModel::new(VarBuilder::from_varmap(&varmap, DType::F32, &device))?;
    init_weights(&varmap, &mut rng)?;
    let params = ParamsAdamW {
        lr: config.learning_rate,
        weight_decay: 1e-4,
        ..Default::default()
    };
    let mut opt = AdamW::new(varmap.all_vars(), params)?;
    let plane = GLYPH * GLYPH;
    let steps = (config.epochs * samples.len().div_ceil(config.batch_size.max(1))).max(1);
    let mut step = 0usize;
    let mut order: Vec<usize> = (0..samples.len()).collect();
    for epoch in 1..=config.epochs {
        order.shuffle(&mut rng);
        let (mut loss_sum, mut correct, mut batches) = (0.0f64, 0usize, 0usize);
        for batch in order.chunks(config.batch_size.max(2)) {
            if batch.len() < 2 {
                continue;
            }
            let mut x = Vec::with_capacity(batch.len() * plane);
            let mut y = Vec::with_capacity(batch.len());
            for &i in batch {
                x.extend_from_slice(&samples[i].pixels);
                y.push(samples[i].class);
            }
            let x = Tensor::from_vec(x, (batch.len(), 1, GLYPH, GLYPH), &device)?;
            let y = Tensor::from_vec(y, batch.len(), &device)?;
            let progress = step as f64 / steps as f64;
            opt.set_learning_rate(cosine_rate(config.learning_rate, progress));
            let logits = model.forward(&x)?;
            let loss = candle_nn::loss::cross_entropy(&logits, &y)?;
            opt.backward_step(&loss)?;
            step += 1;
            loss_sum += f64::from(loss.to_scalar::<f32>()?);
            batches += 1;
            let predicted = logits.argmax(1)?.to_vec1::<u32>()?;
            let truth = y.to_vec1::<u32>()?;
            correct += predicted.iter().zip(&truth).filter(|(a, b)| a == b).count();
        }
        save_half(&varmap, out)?;
        on_epoch(&GlyphEpoch {
            epoch,
            epochs: config.epochs,
            loss: (loss_sum / batches.max(1) as f64) as f32,
            accuracy: correct as f32 / samples.len() as f32,
            samples: samples.len(),
            elapsed: start.elapsed().as_secs_f32(),
        });
    }
    Ok((counts, rendering))
}

/// How the glyph network and the label finder do on rendered boards.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct GlyphScore {
    /// Boards rendered.
    pub boards: usize,
    /// Label glyphs drawn.
    pub drawn: usize,
    /// Glyphs found that are labels.
    pub labels: usize,
    /// Of those, read as what they say (at any confidence).
    pub labels_right: usize,
    /// Glyphs found that are no label.
    pub others: usize,
    /// Of those, read as no label.
    pub others_right: usize,
    /// Glyphs read as labels at the confidence `recognize --json` reports them at
    /// ([`REPORTED_LABEL`]) that say something else or are no label.
    pub false_readings: usize,
    /// Boards whose labels decide the orientation ([`orient::from_labels`]), and of those the
    /// boards they decide wrongly.
    pub boards_decided: usize,
    /// See [`GlyphScore::boards_decided`].
    pub boards_wrong: usize,
}

impl GlyphScore {
    /// Share of label glyphs read right.
    pub fn label_accuracy(&self) -> f64 {
        self.labels_right as f64 / self.labels.max(1) as f64
    }

    /// Share of all glyphs found read right.
    pub fn accuracy(&self) -> f64 {
        (self.labels_right + self.others_right) as f64 / (self.labels + self.others).max(1) as f64
    }
}

/// Scores `net` on `boards` boards with labels in `fonts` (a run seeded `seed`).
pub fn evaluate_glyphs(
    net: &GlyphNet,
    sets: &Sets,
    fonts: &[LabelFont],
    seed: u64,
    boards: usize,
) -> GlyphScore {
    let per_board: Vec<GlyphScore> = (0..boards as u64)
        .into_par_iter()
        .map(|i| {
            let rendered = render_labelled_board(sets, fonts, seed, i);
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ i.wrapping_mul(0xD6E8_FEB8_6659_FD93));
            let mut s = GlyphScore {
                boards: 1,
                drawn: rendered.labels.len(),
                ..GlyphScore::default()
            };
            let mut readings = Vec::new();
            for (c, class) in board_samples(&rendered, &mut rng) {
                let p = net.probabilities(&c.pixels);
                let (read, &confidence) = p
                    .iter()
                    .enumerate()
                    .max_by(|a, b| a.1.total_cmp(b.1))
                    .unwrap_or((0, &0.0));
                if class == 0 {
                    s.others += 1;
                    s.others_right += usize::from(read == 0);
                } else {
                    s.labels += 1;
                    s.labels_right += usize::from(read == class);
                }
                if read != 0 && confidence >= REPORTED_LABEL {
                    s.false_readings += usize::from(read != class);
                }
                readings.extend(LabelReading::new(c.spot, c.ink.center(), p));
            }
            if let Some(o) = orient::from_labels(&readings) {
                s.boards_decided = 1;
                let truth = if rendered.flipped {
                    Orientation::BlackBottom
                } else {
                    Orientation::WhiteBottom
                };
                s.boards_wrong = usize::from(o != truth);
            }
            s
        })
        .collect();
    per_board
        .into_iter()
        .fold(GlyphScore::default(), |a, b| GlyphScore {
            boards: a.boards + b.boards,
            drawn: a.drawn + b.drawn,
            labels: a.labels + b.labels,
            labels_right: a.labels_right + b.labels_right,
            others: a.others + b.others,
            others_right: a.others_right + b.others_right,
            false_readings: a.false_readings + b.false_readings,
            boards_decided: a.boards_decided + b.boards_decided,
            boards_wrong: a.boards_wrong + b.boards_wrong,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::training::vision::render::{
        LabelInk, LabelPlace, PageText, load_piece_sets, test_pieces_dir,
    };
    use crate::vision::labels::{Side, read};
    use image::{Rgb, Rgba};

    /// The fonts in `tests/data/fonts` (the label glyphs of four families, two of them held
    /// out of glyph training) and the renderer's own.
    fn test_fonts() -> Vec<LabelFont> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fonts");
        let mut fonts: Vec<LabelFont> = [
            "LiberationSans-Regular",
            "DejaVuSerif-Bold",
            "Lato-Regular",
            "Carlito-Bold",
        ]
        .iter()
        .map(|name| {
            let bytes = std::fs::read(dir.join(format!("{name}.ttf"))).unwrap();
            LabelFont {
                family: name.split('-').next().unwrap().to_string(),
                name: format!("{name}.ttf"),
                font: ab_glyph::FontArc::try_from_vec(bytes).unwrap(),
            }
        })
        .collect();
        fonts.push(super::super::render::embedded_label_font());
        fonts
    }

    /// Labels drawn in several fonts, inside the edge squares (in the other square colour) and
    /// in a frame outside the board (with page text on the frame's other sides), on a game
    /// position turned either way: what is read says what was drawn, and it decides the
    /// orientation the right way.
    #[test]
    fn labels_are_read_in_several_fonts_inside_and_outside_either_way_up() {
        let Some(dir) = test_pieces_dir() else { return };
        let sets = load_piece_sets(&dir).unwrap();
        let set = sets
            .iter()
            .find(|s| s.name() == "cburnett")
            .unwrap()
            .clone();
        let net = GlyphNet::embedded();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for (k, font) in test_fonts().into_iter().enumerate() {
            for outside in [false, true] {
                for flipped in [false, true] {
                    let board = super::super::render::random_game_board(&mut rng);
                    let sq = [44.0, 56.0, 72.0][k % 3];
                    let mut style = BoardStyle::plain(
                        set.clone(),
                        Rgb([240, 217, 181]),
                        Rgb([181, 136, 99]),
                        sq,
                    );
                    style.flipped = flipped;
                    let (ranks, files) = if outside {
                        style.frame = (sq * 0.6) as u32;
                        style.frame_color = Rgb([40, 40, 40]);
                        (
                            LabelPlace::Outside(true, false),
                            LabelPlace::Outside(true, false),
                        )
                    } else {
                        (
                            LabelPlace::Inside {
                                line: 0,
                                corner: (false, false),
                            },
                            LabelPlace::Inside {
                                line: 7,
                                corner: (true, true),
                            },
                        )
                    };
                    style.labels = Some(LabelStyle {
                        font: font.clone(),
                        size: 0.24,
                        pad: 0.04,
                        ranks,
                        files,
                        upper: k % 2 == 1,
                        ink: LabelInk::Opposite,
                        frame_ink: Rgba([220, 220, 220, 255]),
                        names: None,
                        // Beside the labels drawn outside, page text where none are.
                        page_text: if outside {
                            [
                                (Side::Top, 2, '<'),
                                (Side::Right, 5, '0'),
                                (Side::Top, 6, 'P'),
                            ]
                            .map(|(side, index, text)| PageText { side, index, text })
                            .to_vec()
                        } else {
                            Vec::new()
                        },
                    });
                    let rendered = render_board(&board, &style, &mut rng);
                    let what = format!("{} outside {outside} flipped {flipped}", font.name);
                    let labels = read(&rendered.image, &rendered.grid, net);
                    // Labels read surely are ones drawn there, read as they say; most of the
                    // sixteen drawn are read right (a piece may cover one in a corner).
                    let (mut right, mut wrong) = (0, Vec::new());
                    for l in labels.iter().filter(|l| l.confidence >= REPORTED_LABEL) {
                        let drawn = rendered.labels.iter().find(|d| {
                            d.x0 - 1.0 <= l.x
                                && l.x <= d.x1 + 1.0
                                && d.y0 - 1.0 <= l.y
                                && l.y <= d.y1 + 1.0
                        });
                        match drawn {
                            Some(d) if d.text.to_ascii_lowercase() == l.text => right += 1,
                            _ => wrong.push(l),
                        }
                    }
                    assert!(
                        right >= 10,
                        "{what}: {right} of {} read",
                        rendered.labels.len()
                    );
                    assert!(wrong.len() <= 1, "{what}: misread {wrong:?}");
                    assert!(
                        wrong.iter().all(|l| l.confidence < 0.9),
                        "{what}: misread {wrong:?}"
                    );
                    let truth = if flipped {
                        Orientation::BlackBottom
                    } else {
                        Orientation::WhiteBottom
                    };
                    assert_eq!(orient::from_labels(&labels), Some(truth), "{what}");
                }
            }
        }
    }

    #[test]
    fn font_files_name_their_family_and_style() {
        assert_eq!(family_and_style("DejaVuSans-Bold"), ("DejaVuSans", "Bold"));
        assert_eq!(family_and_style("DejaVuSans"), ("DejaVuSans", ""));
        assert_eq!(family_and_style("FreeSansBold"), ("FreeSans", "Bold"));
        assert_eq!(
            family_and_style("FreeSerifBoldItalic"),
            ("FreeSerif", "BoldItalic")
        );
        assert_eq!(
            family_and_style("NimbusSans-Regular"),
            ("NimbusSans", "Regular")
        );
    }
}
