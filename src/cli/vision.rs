//! `chessbot vision` flags: training and measuring the square classifier, rendering boards.

use clap::{Args, Subcommand};
use std::path::PathBuf;

/// Flags of `chessbot vision`.
#[derive(Debug, Args)]
pub struct VisionArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: VisionCommand,
}

/// The `vision` subcommands.
#[derive(Debug, Subcommand)]
pub enum VisionCommand {
    /// Train the square classifier on boards rendered from the training piece sets.
    Train(TrainArgs),
    /// Write the crops that training draws to a file, for trainers outside the binary.
    Dataset(DatasetArgs),
    /// Measure a square classifier on rendered boards of the held-out (or all) piece sets.
    Eval(EvalArgs),
    /// Render a board (or a whole screenshot around it) to an image file.
    Render(RenderArgs),
    /// Benchmark the whole recognition pipeline on rendered screenshots of held-out piece sets
    /// (and on real screenshots with `--real`).
    Bench(BenchArgs),
    /// Train the label reader's glyph network on coordinate labels rendered in many fonts.
    TrainGlyphs(TrainGlyphsArgs),
    /// Measure a glyph network on labels in the held-out (or all) font families.
    EvalGlyphs(EvalGlyphsArgs),
    /// Fit the orientation's position prior to the positions of games.
    FitPrior(FitPriorArgs),
    /// Measure an orientation prior on the positions of games, shown either way up.
    EvalPrior(EvalPriorArgs),
}

/// Flags of `chessbot vision fit-prior`.
#[derive(Debug, Args)]
#[command(
    after_help = "Deals the games out in turns of ten: the first of each turn is a test game, the second fits the weights, the rest are counted. Counts every piece on its square in every position of the counted games, per phase (how many pieces are left); fits per phase, by logistic regression on the calibration games, the weights of the squares' evidence and of the relations between pieces; then measures the prior on the test games as `vision eval-prior` does. Prints per phase the positions counted, the calibration log loss with the squares alone and with every clue, and the test figures.\n\nExamples:\n  chessbot vision fit-prior --pgn games.pgn --out /tmp/prior.txt\n  chessbot vision fit-prior --positions sf.txt --out assets/vision/prior.txt\n\nHow the shipped table was made: docs/training.md."
)]
pub struct FitPriorArgs {
    #[command(flatten)]
    pub games: PriorGames,
    /// Where to write the table.
    #[arg(long)]
    pub out: PathBuf,
}

/// The games a prior is fitted to or measured on.
#[derive(Debug, Args)]
pub struct PriorGames {
    /// Games (PGN, standard chess; repeatable).
    #[arg(long, value_name = "FILE")]
    pub pgn: Vec<PathBuf>,
    /// Games as `chessbot nnue gen` writes them: `# game` lines, then a FEN a line
    /// (repeatable; read after the PGN files).
    #[arg(long, value_name = "FILE")]
    pub positions: Vec<PathBuf>,
}

/// Flags of `chessbot vision eval-prior`.
#[derive(Debug, Args)]
#[command(
    after_help = "Shows each test position (from the sixteenth ply on) as played and turned round, and counts how often the prior, with the share of screenshots that show white at the bottom, gives a side at least the confidence `recognize` needs, and how often that side is wrong; per size of position and overall, each size weighing alike. The test games are the first of each ten, as `vision fit-prior` deals them, or every game with --all.\n\nExamples:\n  chessbot vision eval-prior --positions sf.txt\n  chessbot vision eval-prior --prior /tmp/prior.txt --positions sf.txt\n  chessbot vision eval-prior --pgn other-games.pgn --all"
)]
pub struct EvalPriorArgs {
    #[command(flatten)]
    pub games: PriorGames,
    /// The prior table to measure (default: the one built into the binary).
    #[arg(long)]
    pub prior: Option<PathBuf>,
    /// Test on every game, not only on the ones `fit-prior` keeps out (for games no prior was
    /// fitted to).
    #[arg(long)]
    pub all: bool,
}

/// Flags of `chessbot vision train-glyphs`.
#[derive(Debug, Args)]
#[command(
    after_help = "Renders boards with labels in the fonts of --fonts (the families of training::vision::glyphs::FONT_FAMILIES, without the held-out ones unless --all-fonts), collects the glyphs the label finder finds on them, trains the network on them and scores it on boards of the held-out families. The fonts are read at training time only; the weights are what ships.\n\nExamples:\n  chessbot vision train-glyphs --boards 200 --epochs 2 --out /tmp/glyphs.safetensors\n  chessbot vision train-glyphs --seed 1 --out assets/vision/glyphs.safetensors\n\nHow the shipped weights were trained: docs/training.md."
)]
pub struct TrainGlyphsArgs {
    /// Folder of piece sets (one sub-folder per set; board-themes.json next to it).
    #[arg(long, default_value = chessbot::training::vision::render::DEFAULT_PIECES_DIR)]
    pub pieces: PathBuf,
    /// Folder of font files (searched recursively).
    #[arg(long, default_value = chessbot::training::vision::glyphs::DEFAULT_FONTS_DIR)]
    pub fonts: PathBuf,
    /// Seed of every random choice (boards, weights, batch order).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Boards rendered (once; every epoch passes over their glyphs).
    #[arg(long, default_value_t = 3000)]
    pub boards: usize,
    /// Passes over the glyphs.
    #[arg(long, default_value_t = 12)]
    pub epochs: usize,
    /// Glyphs per optimiser step.
    #[arg(long, default_value_t = 128)]
    pub batch: usize,
    /// Peak learning rate (AdamW, cosine decay).
    #[arg(long, default_value_t = 3e-3)]
    pub lr: f64,
    /// Boards of the held-out font families scored after training (0 = skip).
    #[arg(long, default_value_t = 300)]
    pub eval_boards: usize,
    /// Train on every family, the held-out ones too.
    #[arg(long)]
    pub all_fonts: bool,
    /// Where to write the weights (safetensors); rewritten after every epoch.
    #[arg(long)]
    pub out: PathBuf,
}

/// Flags of `chessbot vision eval-glyphs`.
#[derive(Debug, Args)]
#[command(
    after_help = "Scores the glyph network (the embedded one unless --model) on boards with labels in the held-out font families (or all with --all-fonts): label glyphs read right, other glyphs read as no label, confident misreadings, and boards whose labels decide the orientation (and wrongly).\n\nExamples:\n  chessbot vision eval-glyphs\n  chessbot vision eval-glyphs --model /tmp/glyphs.safetensors --boards 100 --all-fonts"
)]
pub struct EvalGlyphsArgs {
    /// Folder of piece sets (one sub-folder per set; board-themes.json next to it).
    #[arg(long, default_value = chessbot::training::vision::render::DEFAULT_PIECES_DIR)]
    pub pieces: PathBuf,
    /// Folder of font files (searched recursively).
    #[arg(long, default_value = chessbot::training::vision::glyphs::DEFAULT_FONTS_DIR)]
    pub fonts: PathBuf,
    /// Weights to score (default: the embedded glyph network).
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,
    /// Boards to render.
    #[arg(long, default_value_t = 300)]
    pub boards: usize,
    /// Seed of the rendered boards.
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
    /// Score on every family, the trained ones too (default: the held-out ones).
    #[arg(long)]
    pub all_fonts: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Flags of `chessbot vision train`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
chessbot vision train --epochs 1 --boards 100 --out /tmp/tiny.safetensors\n  \
chessbot vision train --pieces ../shared/vision/pieces --seed 7 --out model.safetensors\n  \
chessbot vision train --epochs 1 --3d-share 0.3 --lr 1e-3 --init model.safetensors --out tuned.safetensors\n\n\
How the shipped networks (assets/vision) were trained, and how to train them again: docs/training.md.")]
pub struct TrainArgs {
    /// Which boards to draw.
    #[command(flatten)]
    pub mix: MixArgs,
    /// Passes over freshly rendered boards.
    #[arg(long, default_value_t = 8)]
    pub epochs: usize,
    /// Boards rendered per epoch.
    #[arg(long, default_value_t = 1200)]
    pub boards: usize,
    /// Crops per optimiser step.
    #[arg(long, default_value_t = 64)]
    pub batch: usize,
    /// Peak learning rate (AdamW, cosine decay).
    #[arg(long, default_value_t = 3e-3)]
    pub lr: f64,
    /// Boards per held-out set scored after each epoch (0 = skip).
    #[arg(long, default_value_t = 20)]
    pub eval_boards: usize,
    /// Start from these weights (a network written by `vision train`) instead of random ones.
    #[arg(long, value_name = "MODEL")]
    pub init: Option<PathBuf>,
    /// Where to write the weights (safetensors); rewritten after every epoch.
    #[arg(long)]
    pub out: PathBuf,
}

/// The training boards' draw, shared by `vision train` and `vision dataset`.
#[derive(Debug, Args)]
pub struct MixArgs {
    /// Folder of piece sets (one sub-folder per set; board-themes.json next to it).
    #[arg(long, default_value = chessbot::training::vision::render::DEFAULT_PIECES_DIR)]
    pub pieces: PathBuf,
    /// Seed of every random choice (positions, styles, weights, batch order).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Train on every set, the held-out ones too (as the networks `recognize` ships are;
    /// benchmarks use networks trained without the held-out sets).
    #[arg(long)]
    pub all_sets: bool,
    /// Share of boards (0 to 1) whose pieces are drawn flat, their shape alone (the shipped
    /// networks use 0).
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    pub flat_share: f64,
    /// Another folder of piece sets, always trained on (repeatable; names must differ from
    /// the sets of --pieces), e.g. the pychess sets that `assets/vision/extra-pieces.sh` unpacks.
    #[arg(long, value_name = "DIR")]
    pub extra_pieces: Vec<PathBuf>,
    /// Share of boards (0 to 1) drawn with an --extra-pieces set (needs --extra-pieces).
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    pub extra_share: f64,
    /// Share of boards (0 to 1) with one kind of square in nearly the colour of one side's
    /// pieces (black pieces on near-black dark squares, white ones on near-white light ones).
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    pub low_contrast_share: f64,
    /// Share (0 to 1) of the boards drawn with a set of --pieces that use a staunton3d set
    /// (0: uniform among set families, about one in twenty).
    #[arg(long = "3d-share", default_value_t = 0.0, value_parser = share)]
    pub three_d_share: f64,
    /// Share of boards (0 to 1) with one to three more arrows laid over pieces, in a random
    /// strong colour 0.4-0.9 opaque.
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    pub arrow_share: f64,
    /// Share of boards (0 to 1) whose pieces (one side's or both) are recoloured in a random
    /// hue: wooden, red or blue pieces.
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    pub tint_share: f64,
    /// Share of boards (0 to 1) whose last move is marked by shapes, as PyChess marks it: a
    /// star on the empty square a piece left, wedges in the corners of the one it went to.
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    pub mark_share: f64,
    /// Draw only boards with squares up to this many pixels (from 14; default: 14-120, and
    /// one board in ten at 120-260).
    #[arg(long, value_name = "PX")]
    pub max_square: Option<f32>,
}

/// Flags of `chessbot vision dataset`.
#[derive(Debug, Args)]
#[command(
    after_help = "Writes crops drawn as `vision train` draws them (the same sets, styles and shares; a seed gives its own boards, not those training draws) for \
trainers outside the binary, e.g. `bench/vision_train_torch.py` on a GPU. The file: `CBSQ`, then \
version, crop side and class count as little-endian u32, then one record per crop: the class \
byte (0 empty, then KQRBNPkqrbnp) and 3 x side x side bytes of RGB, channel-major.\n\nExamples:\n  \
chessbot vision dataset --boards 100 --out /tmp/crops.bin\n  \
chessbot vision dataset --pieces ../shared/vision/pieces --extra-pieces /tmp/extra-pieces/pychess --extra-share 0.4 --seed 3 --boards 5000 --out crops-3.bin"
)]
pub struct DatasetArgs {
    /// Which boards to draw.
    #[command(flatten)]
    pub mix: MixArgs,
    /// Boards to render.
    #[arg(long, default_value_t = 1000)]
    pub boards: usize,
    /// Where to write the crops.
    #[arg(long)]
    pub out: PathBuf,
}

/// Flags of `chessbot vision eval`.
#[derive(Debug, Args)]
#[command(
    after_help = "Measures the networks trained without the held-out sets, read from --networks \
(assets/vision of a checkout; run it from the checkout's root or give the folder), unless --model \
names others.\n\nExamples:\n  \
chessbot vision eval\n  \
chessbot vision eval --boards 200 --all-sets --positions mixed\n  \
chessbot vision eval --networks ~/chessbot/assets/vision --boards 20\n  \
chessbot vision eval --model /tmp/tiny.safetensors --json"
)]
pub struct EvalArgs {
    /// Folder of piece sets (one sub-folder per set; board-themes.json next to it).
    #[arg(long, default_value = chessbot::training::vision::render::DEFAULT_PIECES_DIR)]
    pub pieces: PathBuf,
    /// Weights to measure (default: the networks trained without the held-out sets, from
    /// --networks; `recognize` uses ones trained on every set); given more than once, the
    /// networks are read together and their probabilities averaged.
    #[arg(long, value_name = "FILE")]
    pub model: Vec<PathBuf>,
    /// Folder holding the held-out networks (held-out*.safetensors) measured without --model
    /// [default: assets/vision, relative to the current directory: the root of a checkout].
    #[arg(long, value_name = "DIR", conflicts_with = "model")]
    pub networks: Option<PathBuf>,
    /// Boards rendered per piece set.
    #[arg(long, default_value_t = 100)]
    pub boards: usize,
    /// Seed of the rendered boards.
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
    /// Placements to draw: game-like (what screenshots show) or the training mix.
    #[arg(long, value_enum, default_value = "games")]
    pub positions: BenchPositions,
    /// Measure on every set, training sets included (default: held-out sets only).
    #[arg(long)]
    pub all_sets: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Flags of `chessbot vision render`.
#[derive(Debug, Args)]
#[command(
    after_help = "Prints the board box as `x y w h` (pixels) on stdout.\n\nExamples:\n  chessbot vision render --set cburnett --out board.png\n  chessbot vision render --fen \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\" --screenshot 1280x800 --seed 3 --out shot.png"
)]
pub struct RenderArgs {
    /// Folder of piece sets (one sub-folder per set; board-themes.json next to it).
    #[arg(long, default_value = chessbot::training::vision::render::DEFAULT_PIECES_DIR)]
    pub pieces: PathBuf,
    /// Piece set name (default: a random one).
    #[arg(long)]
    pub set: Option<String>,
    /// Position to draw (default: a random one).
    #[arg(long)]
    pub fen: Option<String>,
    /// Seed of the random style (and position).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw a plain board (theme colours, no artefacts) with this square size instead of a random
    /// style.
    #[arg(long)]
    pub plain: Option<f32>,
    /// Black at the bottom (overrides the random style's choice).
    #[arg(long)]
    pub flip: bool,
    /// Draw the pieces mirrored left to right, as training does to some boards.
    #[arg(long)]
    pub mirror: bool,
    /// Draw the pieces flat (their shape in one colour with an outline), as training does to
    /// some boards.
    #[arg(long)]
    pub flat: bool,
    /// Paint one kind of square in nearly the colour of one side's pieces (low contrast), as
    /// training does to some boards with --low-contrast-share.
    #[arg(long)]
    pub low_contrast: bool,
    /// Recolour one side's pieces or both in a random hue, as training does to some boards
    /// with --tint-share.
    #[arg(long)]
    pub tint: bool,
    /// Mark a random last move by shapes, as PyChess does and as training does to some boards
    /// with --mark-share: a star on an empty square, wedges in the corners of an occupied one.
    #[arg(long)]
    pub marks: bool,
    /// Tint the last move's two squares, from and to (e.g. `g8f6`), as sites do; `recognize`
    /// reads the side to move off them.
    #[arg(long, value_name = "FROMTO")]
    pub last_move: Option<String>,
    /// Put the board in a page of this size, e.g. `1280x800`.
    #[arg(long, value_name = "WxH")]
    pub screenshot: Option<String>,
    /// Draw coordinate labels in a random font of this folder, placed and coloured as glyph
    /// training draws them (`vision train-glyphs`).
    #[arg(long, value_name = "FONTS_DIR")]
    pub labels: Option<PathBuf>,
    /// With `--labels`: also draw single characters that are no label in the frame beside
    /// the board, as page text is drawn beside a screenshot's board.
    #[arg(long, requires = "labels")]
    pub page_text: bool,
    /// Output image (format from the extension: png, jpg, bmp ...).
    #[arg(long)]
    pub out: PathBuf,
}

/// Placements drawn by `chessbot vision bench` and `chessbot vision eval`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchPositions {
    /// Book openings plus random moves.
    Games,
    /// The training mix.
    Mixed,
}

/// Screenshot artefacts that `chessbot vision bench --leave-out` takes out of the pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchArtefact {
    /// Arrows drawn over the board.
    Arrows,
    /// Legal-move dots and capture rings.
    MoveDots,
    /// The last move's and the selected square's tints.
    Highlights,
    /// The check glow under a king.
    Check,
    /// Drop shadows under the pieces.
    Shadow,
    /// Blur of the whole page.
    Blur,
    /// JPEG artefacts.
    Jpeg,
    /// Scaling of the whole page.
    Scale,
    /// Pieces recoloured from their set's own colours.
    Recolour,
}

/// Flags of `chessbot vision bench`.
#[derive(Debug, Args)]
#[command(
    after_help = "Renders --boards screenshots per held-out piece set (game-like positions from the book \
plus random moves, random styles, square sizes 16 to 92 px, the board somewhere in a page of --size), encodes each as PNG and times decode + \
locate + classify + orient on one thread. A board counts as right when all 64 squares and the \
orientation are. Reads with the networks trained without the held-out sets, from --networks \
(assets/vision of a checkout; run it from the checkout's root or give the folder), unless --model \
names others. Use a release build and RAYON_NUM_THREADS=1.\n\nExamples:\n  \
RAYON_NUM_THREADS=1 chessbot vision bench --boards 50 --real tests/data/vision/xboard.txt\n  \
chessbot vision bench --sets merida,cburnett --boards 10 --json\n  \
chessbot vision bench --boards 100 --leave-out arrows\n  \
chessbot vision bench --boards 100 --crop"
)]
pub struct BenchArgs {
    /// Folder of piece sets (one sub-folder per set; board-themes.json next to it).
    #[arg(long, default_value = chessbot::training::vision::render::DEFAULT_PIECES_DIR)]
    pub pieces: PathBuf,
    /// Screenshots per piece set.
    #[arg(long, default_value_t = 50)]
    pub boards: usize,
    /// Seed of positions, styles and pages.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Placements: `games` (book openings plus random moves) or `mixed` (the training mix,
    /// half of it pieces scattered anywhere).
    #[arg(long, value_enum, default_value = "games")]
    pub positions: BenchPositions,
    /// Page size, e.g. `1280x800`.
    #[arg(long, value_name = "WxH", default_value = "1280x800")]
    pub size: String,
    /// Comma-separated piece sets to measure (default: the held-out ones).
    #[arg(long, value_delimiter = ',')]
    pub sets: Vec<String>,
    /// Also measure the real screenshots listed in FILE (`file | FEN | white|black` lines, as
    /// tests/data/vision/xboard.txt).
    #[arg(long, value_name = "FILE")]
    pub real: Option<PathBuf>,
    /// Weights to measure (default: the networks trained without the held-out sets, from
    /// --networks; `recognize` uses ones trained on every set); given more than once, the
    /// networks are read together and their probabilities averaged.
    #[arg(long, value_name = "FILE")]
    pub model: Vec<PathBuf>,
    /// Folder holding the held-out networks (held-out*.safetensors) measured without --model
    /// [default: assets/vision, relative to the current directory: the root of a checkout].
    #[arg(long, value_name = "DIR", conflicts_with = "model")]
    pub networks: Option<PathBuf>,
    /// Write the screenshots of boards not read right into DIR (named after the set, the
    /// index and what went wrong: grid, orientation or the number of wrong squares).
    #[arg(long, value_name = "DIR")]
    pub failures: Option<PathBuf>,
    /// Write every screenshot with its truth into DIR (`SET-INDEX.png` and `.txt`), to read
    /// the very same pages again with another build (`bench/read_pages.py`).
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,
    /// Read each screenshot N times and time it by the least (this machine's noise, other
    /// processes and clock changes, only ever adds time); the reading is the same each time.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub repeats: u32,
    /// Take these artefacts out of every page, all else as it would have been (e.g.
    /// `--leave-out arrows,move-dots`): how many misread boards each costs.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "ARTEFACTS")]
    pub leave_out: Vec<BenchArtefact>,
    /// Cut each page down to its board's squares (a pixel or so into them), as a user crops
    /// a screenshot to the board: the same positions and styles, no page around the board.
    #[arg(long)]
    pub crop: bool,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
}

/// A share from 0 to 1.
fn share(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("'{s}' is not a share from 0 to 1")),
    }
}
