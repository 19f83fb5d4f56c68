//! The recognition benchmark (`chessbot vision bench`): renders screenshots with the piece sets
//! held out of training ([`HELD_OUT_SETS`]), runs the whole pipeline on each (PNG decode
//! included) and scores location, squares, whole boards and time.

use crate::training::vision::render::{
    Artefact, BoardStyle, HELD_OUT_SETS, RenderedBoard, load_piece_sets, load_themes, random_board,
    random_game, render_screenshot, themes_path,
};
use crate::vision::error::VisionError;
use crate::vision::geometry::{BoardBox, cell_square};
use crate::vision::input::decode;
use crate::vision::recognize::{RecognizeOptions, Recognizer, TurnSource};
use image::ImageEncoder;
use image::codecs::png::PngEncoder;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::time::Instant;

/// Which placements the benchmark draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Positions {
    /// Game-like positions ([`random_game`]): what screenshots show, the last-move highlight
    /// (where the style draws one) on the last move's squares.
    #[default]
    Games,
    /// The training mix ([`random_board`]): half of them pieces scattered anywhere, where the
    /// orientation of a board drawn without coordinates cannot be told.
    Mixed,
}

/// The smallest board (pixels on the page, the smaller side) that `recognize` is specified
/// for: boards from about 120 px. The bench draws squares of 16-92 px and then scales a third
/// of the pages by 0.6-1.6, so about one board in 75 comes out smaller; they are measured all
/// the same, and the in-range figures ([`SetReport::in_range`]) leave them out.
pub const LEAST_BOARD: f32 = 120.0;

/// What to measure.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    /// Which placements to draw.
    pub positions: Positions,
    /// Screenshots per piece set.
    pub boards: usize,
    /// Seed of the positions, styles and pages.
    pub seed: u64,
    /// Page width in pixels.
    pub width: u32,
    /// Page height in pixels.
    pub height: u32,
    /// Square sizes drawn from this range (pixels, log-uniform).
    pub square_range: (f32, f32),
    /// Only these sets (default: the held-out ones).
    pub sets: Vec<String>,
    /// Folder to write the screenshots of boards not read right into (PNG files named after the
    /// set, the index and what went wrong), for looking at the failures.
    pub failures: Option<std::path::PathBuf>,
    /// When set, every screenshot is written here with its truth (`SET-INDEX.png` and
    /// `.txt`, as for `failures`), so that another build's reading of the very same pages can
    /// be compared (`bench/read_pages.py`).
    pub keep: Option<std::path::PathBuf>,
    /// Times each screenshot is read; its time is the least of them (the machine's own noise,
    /// other processes and frequency changes, only ever adds time). The reading is the same
    /// every time.
    pub repeats: usize,
    /// Artefacts taken out of every page's style after it is drawn at random (the positions,
    /// square sizes and everything else stay as they would have been): how many misread
    /// boards each artefact costs.
    pub leave_out: Vec<Artefact>,
    /// Each page cut down to its board's squares (rounded inwards, so the image's edges run
    /// up to a pixel into them), as a user crops a screenshot to the board: no edge of the
    /// board against a page is left, nor anything drawn around it. The positions and styles
    /// are the pages' own.
    pub crop: bool,
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions {
            positions: Positions::default(),
            boards: 50,
            seed: 1,
            width: 1280,
            height: 800,
            square_range: (16.0, 92.0),
            sets: HELD_OUT_SETS.iter().map(|s| s.to_string()).collect(),
            failures: None,
            keep: None,
            repeats: 1,
            leave_out: Vec::new(),
            crop: false,
        }
    }
}

/// Results for one piece set.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct SetReport {
    /// The set's name.
    pub set: String,
    /// Screenshots measured.
    pub boards: usize,
    /// Screenshots whose board was found within 1 px on every side.
    pub located: usize,
    /// Squares read right (a board not found counts 64 wrong squares).
    pub squares_right: usize,
    /// Image cells whose class was read right, whatever the orientation: the classifier's
    /// share of the work (a board not found counts 64 wrong cells).
    pub cells_right: usize,
    /// Boards read right in full (all 64 squares and the orientation).
    pub boards_right: usize,
    /// Boards whose orientation was right.
    pub orientation_right: usize,
    /// Boards found whose screenshot tints the last move (game positions only).
    pub last_move_shown: usize,
    /// Of those, boards whose side to move was read off the highlight or the rules (not a
    /// default guess).
    pub turn_told: usize,
    /// Of those, boards whose side to move was read right.
    pub turn_right: usize,
    /// Boards found without a last move drawn whose side to move was still read off a highlight
    /// (a false highlight: a selected square, a check glow, a texture).
    pub false_highlights: usize,
    /// Screenshots whose board is at least [`LEAST_BOARD`] pixels wide and high on the page:
    /// the range the recognizer is specified for (the scale artefact draws some boards
    /// smaller).
    pub in_range: usize,
    /// Of those, squares read right (as [`SetReport::squares_right`]).
    pub in_range_squares_right: usize,
    /// Of those, boards read right in full (as [`SetReport::boards_right`]).
    pub in_range_boards_right: usize,
    /// Median time per screenshot (decode + locate + classify + orient), milliseconds.
    pub median_ms: f64,
    /// 95th percentile of the same.
    pub p95_ms: f64,
    /// Each screenshot's time, milliseconds, in ascending order (for figures over several sets).
    pub times_ms: Vec<f64>,
}

/// The median and the 95th percentile of `times` (milliseconds, in ascending order); zeros when
/// there are none.
pub fn median_and_p95(times: &[f64]) -> (f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0);
    }
    let p95 = ((times.len() as f64 * 0.95).ceil() as usize).clamp(1, times.len()) - 1;
    (times[times.len() / 2], times[p95])
}

impl SetReport {
    /// Share of squares right.
    pub fn square_accuracy(&self) -> f64 {
        self.squares_right as f64 / (64 * self.boards).max(1) as f64
    }
    /// Share of image cells right (orientation aside).
    pub fn cell_accuracy(&self) -> f64 {
        self.cells_right as f64 / (64 * self.boards).max(1) as f64
    }
    /// Share of whole boards right.
    pub fn board_accuracy(&self) -> f64 {
        self.boards_right as f64 / self.boards.max(1) as f64
    }
}

/// `shot` cut down to its board's squares, rounded inwards (see [`BenchOptions::crop`]), its
/// grid in the cut image's coordinates.
fn cropped_to_board(shot: RenderedBoard) -> RenderedBoard {
    let g = shot.grid;
    let (w, h) = shot.image.dimensions();
    let x0 = (g.x.ceil().max(0.0) as u32).min(w - 1);
    let y0 = (g.y.ceil().max(0.0) as u32).min(h - 1);
    let x1 = ((g.x + g.w).floor().max(0.0) as u32).clamp(x0 + 1, w);
    let y1 = ((g.y + g.h).floor().max(0.0) as u32).clamp(y0 + 1, h);
    let image = image::imageops::crop_imm(&shot.image, x0, y0, x1 - x0, y1 - y0).to_image();
    let grid = BoardBox::new(g.x - x0 as f32, g.y - y0 as f32, g.w, g.h);
    RenderedBoard {
        image,
        grid,
        ..shot
    }
}

/// Runs the benchmark; `progress` is called after each set.
pub fn run_bench(
    recognizer: &Recognizer,
    pieces_dir: &Path,
    opts: &BenchOptions,
    mut progress: impl FnMut(&SetReport),
) -> Result<Vec<SetReport>, VisionError> {
    let sets = load_piece_sets(pieces_dir)?;
    let themes = load_themes(&themes_path(pieces_dir))?;
    let mut reports = Vec::new();
    for (k, name) in opts.sets.iter().enumerate() {
        let Some(set) = sets.iter().find(|s| s.name() == name) else {
            return Err(VisionError::BadOption(format!(
                "no piece set '{name}' in {}",
                pieces_dir.display()
            )));
        };
        let mut rng =
            ChaCha8Rng::seed_from_u64(opts.seed.wrapping_mul(1000).wrapping_add(k as u64));
        let mut report = SetReport {
            set: name.clone(),
            ..SetReport::default()
        };
        let mut times = Vec::with_capacity(opts.boards);
        for index in 0..opts.boards {
            let (board, game) = match opts.positions {
                Positions::Games => {
                    let game = random_game(&mut rng);
                    (game.board.clone(), Some(game))
                }
                Positions::Mixed => (random_board(&mut rng), None),
            };
            let mut style =
                BoardStyle::random(&mut rng, set.clone(), &themes, &board, opts.square_range);
            // The style tints two random squares where it draws a last move; a game's own last
            // move is what a site tints (no random numbers drawn, so the pages stay the same).
            if let Some(game) = &game
                && style.last_move.is_some()
            {
                style.last_move = game.last_move;
            }
            for &artefact in &opts.leave_out {
                style = style.without(artefact);
            }
            let mut shot = render_screenshot(&board, &style, opts.width, opts.height, &mut rng);
            if opts.crop {
                shot = cropped_to_board(shot);
            }
            let mut png = Vec::new();
            PngEncoder::new(&mut png)
                .write_image(
                    &shot.image,
                    shot.image.width(),
                    shot.image.height(),
                    image::ExtendedColorType::Rgb8,
                )
                .map_err(|e| VisionError::Image {
                    context: "benchmark screenshot".into(),
                    source: e,
                })?;
            let read = || -> Result<_, VisionError> {
                let t0 = Instant::now();
                let img = decode(&png).map_err(|e| VisionError::BadOption(e.to_string()))?;
                let found = recognizer.recognize(&img, &RecognizeOptions::default());
                Ok((found, t0.elapsed().as_secs_f64() * 1000.0))
            };
            let (found, mut least) = read()?;
            for _ in 1..opts.repeats {
                least = least.min(read()?.1);
            }
            times.push(least);
            report.boards += 1;
            let in_range = shot.grid.w.min(shot.grid.h) >= LEAST_BOARD;
            report.in_range += usize::from(in_range);
            let write_page = |dir: &Path, stem: &str| -> Result<(), VisionError> {
                std::fs::create_dir_all(dir).map_err(|e| VisionError::io(dir, e))?;
                let path = dir.join(format!("{stem}.png"));
                std::fs::write(&path, &png).map_err(|e| VisionError::io(&path, e))?;
                // The truth beside it: board box, orientation and placement.
                let g = shot.grid;
                let side = if shot.flipped { "black" } else { "white" };
                let truth = format!("{} {} {} {} {side} {board}\n", g.x, g.y, g.w, g.h);
                let path = dir.join(format!("{stem}.txt"));
                std::fs::write(&path, truth).map_err(|e| VisionError::io(&path, e))
            };
            if let Some(dir) = &opts.keep {
                write_page(dir, &format!("{name}-{index:03}"))?;
            }
            let keep_failure = |what: &str| match &opts.failures {
                Some(dir) => write_page(dir, &format!("{name}-{index:03}-{what}")),
                None => Ok(()),
            };
            let found = found.ok().and_then(|f| f.into_iter().next());
            let Some(r) = found else {
                keep_failure("not-found")?;
                continue;
            };
            let g = shot.grid;
            let b = r.board;
            let located = (b.x - g.x).abs() <= 1.0
                && (b.y - g.y).abs() <= 1.0
                && (b.x + b.w - g.x - g.w).abs() <= 1.0
                && (b.y + b.h - g.y - g.h).abs() <= 1.0;
            report.located += usize::from(located);
            let read = r.placement();
            let right = shakmaty::Square::ALL
                .iter()
                .filter(|&&sq| read.piece_at(sq) == board.piece_at(sq))
                .count();
            report.squares_right += right;
            if in_range {
                report.in_range_squares_right += right;
            }
            // The same comparison in the image frame: cell i shows the square the truth's
            // orientation puts there.
            let truth_in_cell = |i: usize| board.piece_at(cell_square(i / 8, i % 8, shot.flipped));
            let read_in_cell =
                |i: usize| read.piece_at(cell_square(i / 8, i % 8, r.orientation.flipped()));
            report.cells_right += (0..64)
                .filter(|&i| truth_in_cell(i) == read_in_cell(i))
                .count();
            if let Some(game) = &game {
                let told = matches!(r.turn_source, TurnSource::Highlight | TurnSource::Legality);
                let turn = r.fen.split(' ').nth(1) == Some(game.turn.char().to_string().as_str());
                if style.last_move.is_some() {
                    report.last_move_shown += 1;
                    report.turn_told += usize::from(told);
                    report.turn_right += usize::from(told && turn);
                } else {
                    report.false_highlights += usize::from(r.turn_source == TurnSource::Highlight);
                }
            }
            let orientation_ok = r.orientation.flipped() == shot.flipped;
            if orientation_ok {
                report.orientation_right += 1;
            }
            if right == 64 && orientation_ok {
                report.boards_right += 1;
                report.in_range_boards_right += usize::from(in_range);
            } else if !located {
                keep_failure("grid")?;
            } else if !orientation_ok {
                keep_failure("orientation")?;
            } else {
                keep_failure(&format!("{}-squares", 64 - right))?;
            }
        }
        times.sort_by(|a, b| a.total_cmp(b));
        (report.median_ms, report.p95_ms) = median_and_p95(&times);
        report.times_ms = times;
        progress(&report);
        reports.push(report);
    }
    Ok(reports)
}

/// Result on one real screenshot listed in a fixture list (see [`run_real`]).
#[derive(Debug, Clone, serde::Serialize)]
pub struct RealReport {
    /// The image file, as written in the list.
    pub file: String,
    /// The placement expected.
    pub expected: String,
    /// The placement read (empty when no board was found).
    pub read: String,
    /// Squares read right (0 when no board was found).
    pub squares_right: usize,
    /// Whether the orientation matched the list's.
    pub orientation_right: bool,
    /// Median time over `repeats` runs (decode + locate + classify + orient), milliseconds.
    pub median_ms: f64,
}

/// Reads a list of real screenshots (`file | FEN | white|black` per line, `#` comments, files
/// relative to the list's folder, as `tests/data/vision/xboard.txt`) and scores the whole
/// pipeline on each, timing the median of `repeats` runs.
pub fn run_real(
    recognizer: &Recognizer,
    list: &Path,
    repeats: usize,
) -> Result<Vec<RealReport>, VisionError> {
    let text = std::fs::read_to_string(list).map_err(|e| VisionError::io(list, e))?;
    let dir = list.parent().unwrap_or(Path::new("."));
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let bad = || VisionError::BadOption(format!("{}: bad line '{line}'", list.display()));
        if fields.len() < 3 {
            return Err(bad());
        }
        let expected: shakmaty::Board = fields[1]
            .split(' ')
            .next()
            .unwrap_or("")
            .parse()
            .map_err(|_| bad())?;
        let flipped = match fields[2] {
            "white" => false,
            "black" => true,
            _ => return Err(bad()),
        };
        let path = dir.join(fields[0]);
        let bytes = std::fs::read(&path).map_err(|e| VisionError::io(&path, e))?;
        let mut times = Vec::new();
        let mut found = None;
        for _ in 0..repeats.max(1) {
            let t0 = Instant::now();
            let img = decode(&bytes)
                .map_err(|e| VisionError::BadOption(format!("{}: {e}", path.display())))?;
            let r = recognizer.recognize(&img, &RecognizeOptions::default());
            times.push(t0.elapsed().as_secs_f64() * 1000.0);
            found = Some(r);
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let first = found
            .and_then(|r| r.ok())
            .and_then(|v| v.into_iter().next());
        let (read, squares_right, orientation_right) = match &first {
            Some(r) => {
                let placement = r.placement();
                let right = shakmaty::Square::ALL
                    .iter()
                    .filter(|&&sq| placement.piece_at(sq) == expected.piece_at(sq))
                    .count();
                (
                    placement.to_string(),
                    right,
                    r.orientation.flipped() == flipped,
                )
            }
            None => (String::new(), 0, false),
        };
        out.push(RealReport {
            file: fields[0].to_string(),
            expected: expected.to_string(),
            read,
            squares_right,
            orientation_right,
            median_ms: times[times.len() / 2],
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{BoardBox, RenderedBoard, cropped_to_board, median_and_p95};
    use image::RgbImage;

    #[test]
    fn a_cropped_page_keeps_the_squares_rounded_inwards() {
        let shot = RenderedBoard {
            image: RgbImage::new(100, 120),
            grid: BoardBox::new(10.4, 20.0, 50.5, 50.5),
            flipped: true,
            labels: Vec::new(),
        };
        let cut = cropped_to_board(shot);
        // Columns 11..60 and rows 20..70: whole pixels of the squares only.
        assert_eq!(cut.image.dimensions(), (49, 50));
        assert_eq!(cut.grid, BoardBox::new(10.4 - 11.0, 0.0, 50.5, 50.5));
        assert!(cut.flipped);
        // A grid past the page's edge is cut at the edge.
        let shot = RenderedBoard {
            image: RgbImage::new(40, 40),
            grid: BoardBox::new(-3.0, 5.0, 64.0, 64.0),
            flipped: false,
            labels: Vec::new(),
        };
        let cut = cropped_to_board(shot);
        assert_eq!(cut.image.dimensions(), (40, 35));
        assert_eq!(cut.grid, BoardBox::new(-3.0, 0.0, 64.0, 64.0));
    }

    #[test]
    fn the_median_and_p95_are_read_off_the_sorted_times() {
        assert_eq!(median_and_p95(&[]), (0.0, 0.0));
        assert_eq!(median_and_p95(&[7.0]), (7.0, 7.0));
        let times: Vec<f64> = (1..=100).map(f64::from).collect();
        // Index 50 of 100 and the 95th value.
        assert_eq!(median_and_p95(&times), (51.0, 95.0));
        let odd: Vec<f64> = (1..=21).map(f64::from).collect();
        assert_eq!(median_and_p95(&odd), (11.0, 20.0));
    }
}
