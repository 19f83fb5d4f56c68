//! Renders chess boards and whole screenshots from piece sets and board colours: the training
//! data of the square classifier and the test data of the recogniser.
//!
//! Piece sets are folders with the twelve images `wK wQ wR wB wN wP bK bQ bR bB bN bP`, as `.svg`
//! (rendered with resvg) or `.png`; they are read at run time (by default from
//! [`DEFAULT_PIECES_DIR`]) and never compiled in. Boards imitate real screenshots: theme or random
//! colours, wood-grain and noise textures, last-move and selected-square tints or marks, a check glow,
//! legal-move dots and capture rings, coordinates in the corner squares or on a frame, drop shadows,
//! arrows, scaling to odd sizes, blur and JPEG artefacts.
//!
//! [`HELD_OUT_SETS`] names the sets the classifier never trains on, so that benchmarks can measure
//! it on piece styles it has not seen.

use super::marks::MoveMarks;
use crate::vision::classes::{PIECES, piece_index};
use crate::vision::error::VisionError;
use crate::vision::geometry::{BoardBox, square_cell};
use crate::vision::labels::Side;
use ab_glyph::{FontRef, PxScale};
use image::{Rgb, RgbImage, Rgba, RgbaImage, imageops};
use imageproc::drawing::{
    Blend, draw_filled_circle_mut, draw_filled_rect_mut, draw_hollow_circle_mut, draw_polygon_mut,
    draw_text_mut,
};
use imageproc::point::Point;
use imageproc::rect::Rect;
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use shakmaty::{Board, Color, Piece, Role, Square};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Where the piece sets live, relative to the repository root (`--pieces DIR` overrides it).
pub const DEFAULT_PIECES_DIR: &str = "../shared/vision/pieces";

/// Piece sets kept out of training so that benchmarks measure unseen styles.
///
/// `staunton3d-wood` is one material of the 3D model whose other three materials
/// (`staunton3d-basic`, `-experimental`, `-redvblue`) are trained on: its score measures a new
/// material on a known shape, not a new shape. The other four are shapes the model never sees.
pub const HELD_OUT_SETS: &[&str] = &[
    "fantasy",
    "kiwen-suwi",
    "gnome-simple",
    "tepoztlan",
    "staunton3d-wood",
];

/// True when the set named `name` is in [`HELD_OUT_SETS`].
pub fn is_held_out(name: &str) -> bool {
    HELD_OUT_SETS.contains(&name)
}

/// The file stem of `piece` in a set folder, e.g. `wK` or `bN`.
pub fn piece_stem(piece: Piece) -> String {
    let side = if piece.color.is_white() { 'w' } else { 'b' };
    format!("{side}{}", piece.role.upper_char())
}

/// The coordinate font (Noto Mono, SIL Open Font License 1.1, see `assets/fonts/`).
static FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/NotoMono-Regular.ttf");

fn font() -> FontRef<'static> {
    FontRef::try_from_slice(FONT_BYTES).expect("the embedded font is a valid TrueType file")
}

enum Sprite {
    Svg(Box<resvg::usvg::Tree>),
    Bitmap(RgbaImage),
}

/// One piece set: twelve piece images, rendered on demand at any size (cached per size).
pub struct PieceSet {
    name: String,
    sprites: Vec<Sprite>,
    cache: Mutex<HashMap<(usize, u32), Arc<RgbaImage>>>,
}

impl std::fmt::Debug for PieceSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PieceSet")
            .field("name", &self.name)
            .finish()
    }
}

/// Most cached piece renderings kept per set before the cache is cleared.
const SPRITE_CACHE_LIMIT: usize = 1500;

impl PieceSet {
    /// Loads the set in folder `dir` (its name is the folder's name).
    pub fn load(dir: &Path) -> Result<Self, VisionError> {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| dir.display().to_string());
        let mut sprites = Vec::with_capacity(12);
        for piece in PIECES {
            let stem = piece_stem(piece);
            let svg = dir.join(format!("{stem}.svg"));
            let png = dir.join(format!("{stem}.png"));
            let sprite = if svg.is_file() {
                let data = std::fs::read(&svg).map_err(|e| VisionError::io(&svg, e))?;
                let tree = resvg::usvg::Tree::from_data(&data, &resvg::usvg::Options::default())
                    .map_err(|e| VisionError::Svg {
                        path: svg.clone(),
                        message: e.to_string(),
                    })?;
                Sprite::Svg(Box::new(tree))
            } else if png.is_file() {
                let img = image::open(&png).map_err(|e| VisionError::Image {
                    context: png.display().to_string(),
                    source: e,
                })?;
                Sprite::Bitmap(img.to_rgba8())
            } else {
                return Err(VisionError::MissingPiece {
                    set: name,
                    piece: stem,
                    dir: dir.to_path_buf(),
                });
            };
            sprites.push(sprite);
        }
        Ok(PieceSet {
            name,
            sprites,
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// The set's name (its folder name).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `piece` drawn to fit a `size × size` box with its aspect ratio kept, centred, on a
    /// transparent `size × size` canvas.
    pub fn render_piece(&self, piece: Piece, size: u32) -> Arc<RgbaImage> {
        let size = size.clamp(1, 2048);
        let key = (piece_index(piece), size);
        if let Some(img) = self
            .cache
            .lock()
            .map(|c| c.get(&key).cloned())
            .ok()
            .flatten()
        {
            return img;
        }
        let img = Arc::new(self.draw_sprite(key.0, size));
        if let Ok(mut cache) = self.cache.lock() {
            if cache.len() >= SPRITE_CACHE_LIMIT {
                cache.clear();
            }
            cache.insert(key, img.clone());
        }
        img
    }

    fn draw_sprite(&self, index: usize, size: u32) -> RgbaImage {
        match &self.sprites[index] {
            Sprite::Svg(tree) => {
                let s = tree.size();
                let scale = (size as f32 / s.width()).min(size as f32 / s.height());
                let dx = (size as f32 - s.width() * scale) / 2.0;
                let dy = (size as f32 - s.height() * scale) / 2.0;
                let Some(mut pixmap) = resvg::tiny_skia::Pixmap::new(size, size) else {
                    return RgbaImage::new(size, size);
                };
                let transform =
                    resvg::tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, dx, dy);
                resvg::render(tree, transform, &mut pixmap.as_mut());
                let mut out = RgbaImage::new(size, size);
                for (dst, src) in out.pixels_mut().zip(pixmap.pixels()) {
                    let c = src.demultiply();
                    *dst = Rgba([c.red(), c.green(), c.blue(), c.alpha()]);
                }
                out
            }
            Sprite::Bitmap(img) => {
                let (w, h) = img.dimensions();
                let scale = (size as f32 / w as f32).min(size as f32 / h as f32);
                let nw = ((w as f32 * scale).round() as u32).clamp(1, size);
                let nh = ((h as f32 * scale).round() as u32).clamp(1, size);
                let small = imageops::resize(img, nw, nh, imageops::FilterType::Triangle);
                let mut out = RgbaImage::new(size, size);
                imageops::replace(
                    &mut out,
                    &small,
                    i64::from((size - nw) / 2),
                    i64::from((size - nh) / 2),
                );
                out
            }
        }
    }
}

/// Loads every piece set under `dir` (one sub-folder per set, sorted by name).
pub fn load_piece_sets(dir: &Path) -> Result<Vec<Arc<PieceSet>>, VisionError> {
    let entries = std::fs::read_dir(dir).map_err(|e| VisionError::io(dir, e))?;
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let sets = dirs
        .iter()
        .map(|d| PieceSet::load(d).map(Arc::new))
        .collect::<Result<Vec<_>, _>>()?;
    if sets.is_empty() {
        return Err(VisionError::NoPieceSets(dir.to_path_buf()));
    }
    Ok(sets)
}

/// A plain two-colour board theme.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardTheme {
    /// The theme's name, e.g. `lichess-brown`.
    pub name: String,
    /// Light square colour.
    pub light: Rgb<u8>,
    /// Dark square colour.
    pub dark: Rgb<u8>,
}

/// The theme file that sits next to the piece-set folder: `<pieces>/../board-themes.json`.
pub fn themes_path(pieces_dir: &Path) -> PathBuf {
    pieces_dir
        .parent()
        .unwrap_or(Path::new("."))
        .join("board-themes.json")
}

/// Reads a theme file: a JSON list of `{"name", "light": "#rrggbb", "dark": "#rrggbb"}`.
pub fn load_themes(path: &Path) -> Result<Vec<BoardTheme>, VisionError> {
    #[derive(serde::Deserialize)]
    struct Entry {
        name: String,
        light: String,
        dark: String,
    }
    let bad = |message: String| VisionError::Themes {
        path: path.to_path_buf(),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| VisionError::io(path, e))?;
    let entries: Vec<Entry> = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    let themes = entries
        .into_iter()
        .map(|e| {
            let light =
                parse_hex(&e.light).ok_or_else(|| bad(format!("{}: bad colour", e.name)))?;
            let dark = parse_hex(&e.dark).ok_or_else(|| bad(format!("{}: bad colour", e.name)))?;
            Ok(BoardTheme {
                name: e.name,
                light,
                dark,
            })
        })
        .collect::<Result<Vec<_>, VisionError>>()?;
    if themes.is_empty() {
        return Err(bad("no themes".into()));
    }
    Ok(themes)
}

fn parse_hex(s: &str) -> Option<Rgb<u8>> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 || !h.is_ascii() {
        return None;
    }
    let v = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some(Rgb([v(0)?, v(2)?, v(4)?]))
}

/// A screenshot artefact that [`BoardStyle::without`] takes out of a style (for measuring
/// how many misread boards each one costs, `chessbot vision bench --leave-out`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Artefact {
    /// Arrows drawn over the board.
    Arrows,
    /// Legal-move dots and capture rings.
    MoveDots,
    /// The last move's and the selected square's tints and marks.
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

/// A texture drawn over the square colours.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Texture {
    /// Flat colours.
    None,
    /// Per-pixel noise of up to `amplitude` grey levels.
    Noise {
        /// Largest change per pixel, in grey levels.
        amplitude: f32,
    },
    /// Wavy wood grain: bands of up to `amplitude` grey levels, `period` pixels apart.
    WoodGrain {
        /// Largest change, in grey levels.
        amplitude: f32,
        /// Distance between grain lines in pixels.
        period: f32,
        /// Phase of the waviness (varies the pattern).
        phase: f32,
        /// Grain runs horizontally (`false`: vertically).
        horizontal: bool,
    },
}

/// Where coordinates are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coordinates {
    /// No coordinates.
    None,
    /// File letters in the bottom row and rank digits in one edge column, inside the squares'
    /// corners (lichess, chess.com).
    Inside {
        /// Digits in the left column (`false`: the right one).
        ranks_left: bool,
        /// Letters at the right of their square (`false`: the left).
        files_right: bool,
    },
    /// Letters below and digits left of the board, on the frame (needs a frame).
    Outside,
}

/// How a board is drawn: everything but the position and the random texture pattern.
#[derive(Debug, Clone)]
pub struct BoardStyle {
    /// The piece set.
    pub pieces: Arc<PieceSet>,
    /// Light square colour.
    pub light: Rgb<u8>,
    /// Dark square colour.
    pub dark: Rgb<u8>,
    /// Texture over the squares.
    pub texture: Texture,
    /// Square size in pixels before [`BoardStyle::scale`] (may be non-integer).
    pub square_size: f32,
    /// Black at the bottom.
    pub flipped: bool,
    /// Piece size as a fraction of the square.
    pub piece_scale: f32,
    /// Width of a frame around the board in pixels (0 = none).
    pub frame: u32,
    /// Frame colour.
    pub frame_color: Rgb<u8>,
    /// Coordinates.
    pub coordinates: Coordinates,
    /// Coordinate font size as a fraction of the square.
    pub coordinate_scale: f32,
    /// Coordinate labels in a font of their own, placed and coloured as sites draw them
    /// (drawn besides [`BoardStyle::coordinates`]; training of the label reader).
    pub labels: Option<LabelStyle>,
    /// Last move (from, to), tinted with `highlight`.
    pub last_move: Option<(Square, Square)>,
    /// Selected square, tinted with `highlight`.
    pub selected: Option<Square>,
    /// Tint of last-move and selected squares (alpha = strength).
    pub highlight: Rgba<u8>,
    /// A last move marked by shapes on its squares (PyChess's star and corner wedges).
    pub move_marks: Option<MoveMarks>,
    /// Red glow under this side's king.
    pub check: Option<Color>,
    /// Legal-move markers: dots on empty squares, rings on occupied ones.
    pub legal_moves: Vec<Square>,
    /// Colour of legal-move markers.
    pub marker: Rgba<u8>,
    /// Drop shadow under pieces.
    pub shadow: bool,
    /// Arrows (from, to).
    pub arrows: Vec<(Square, Square)>,
    /// Arrow colour.
    pub arrow_color: Rgba<u8>,
    /// Resize factor applied to the finished image (HiDPI, zoom); 1 = none.
    pub scale: f32,
    /// Gaussian blur sigma in pixels after scaling; 0 = none.
    pub blur: f32,
    /// JPEG re-encoding quality (1..=100); `None` = lossless.
    pub jpeg_quality: Option<u8>,
    /// Colour changes of the white and the black pieces (sites recolour the same shapes).
    pub piece_recolour: [Option<Recolour>; 2],
    /// Piece width and height factors on top of `piece_scale` (sets differ in proportions).
    pub piece_stretch: (f32, f32),
    /// Pieces drawn mirrored left to right (sets differ in which way knights face).
    pub piece_mirror: bool,
    /// The white and the black pieces drawn flat: their shape only, in one fill colour with an
    /// outline (training only, see [`Flat`]).
    pub piece_flat: [Option<Flat>; 2],
}

/// A piece drawn as its shape alone: the sprite's solid pixels in one colour, those within
/// `width` pixels of its edge in another (faint pixels keep theirs). Held-out sets draw their inner lines and
/// dots where the training sets do not (a network that learnt the inner details read a set's
/// black pawns and rooks as knights for the white dots in them); flat pieces leave the outline
/// as the only cue.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flat {
    /// Colour of the inside.
    pub fill: Rgb<u8>,
    /// Colour of the outline.
    pub outline: Rgb<u8>,
    /// Outline width in pixels of the sprite (0: no outline).
    pub width: u32,
}

impl Flat {
    /// A random flat drawing for pieces of `color` drawn `piece_px` pixels tall: white pieces
    /// light with a dark outline, black ones dark with a dark or light outline.
    pub fn random(rng: &mut impl Rng, color: Color, piece_px: f32) -> Self {
        let grey = |rng: &mut dyn rand::RngCore, lo: f32, hi: f32| {
            let v = rng.random_range(lo..hi);
            let mut c = || (v + rng.random_range(-15.0..15.0)).clamp(0.0, 255.0) as u8;
            Rgb([c(), c(), c()])
        };
        let thick = (piece_px * 0.05).max(1.0);
        let width = rng.random_range(1.0..=thick).round() as u32;
        match color {
            Color::White => Flat {
                fill: grey(rng, 190.0, 255.0),
                outline: grey(rng, 0.0, 70.0),
                width,
            },
            Color::Black => {
                let fill = grey(rng, 0.0, 80.0);
                let outline = match rng.random_range(0..3) {
                    0 => grey(rng, 150.0, 255.0),
                    _ => fill,
                };
                Flat {
                    fill,
                    outline,
                    width,
                }
            }
        }
    }

    /// Random flat drawings of both sides' pieces, `[white, black]` (see [`Flat::random`]), for
    /// [`BoardStyle::piece_flat`].
    pub fn random_pair(rng: &mut impl Rng, piece_px: f32) -> [Option<Flat>; 2] {
        [
            Some(Flat::random(rng, Color::White, piece_px)),
            Some(Flat::random(rng, Color::Black, piece_px)),
        ]
    }

    /// The sprite drawn flat: its alpha kept, the colours of its solid pixels (alpha at least
    /// half) replaced.
    pub fn apply(&self, sprite: &RgbaImage) -> RgbaImage {
        let r = self.width as i64;
        let mut out = sprite.clone();
        for (x, y, p) in out.enumerate_pixels_mut() {
            // Faint pixels (antialiasing, the 3D renders' soft shadows) keep their colour.
            if p[3] < 128 {
                continue;
            }
            let c = if in_outline(sprite, x, y, r) {
                self.outline
            } else {
                self.fill
            };
            *p = Rgba([c[0], c[1], c[2], p[3]]);
        }
        out
    }
}

/// Whether pixel (`x`, `y`) of `sprite` lies within `r` pixels of a see-through one (alpha
/// under half) or of the sprite's border: the band a piece's outline is drawn in (never for
/// `r` 0).
fn in_outline(sprite: &RgbaImage, x: u32, y: u32, r: i64) -> bool {
    let (w, h) = sprite.dimensions();
    let solid = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < i64::from(w)
            && y < i64::from(h)
            && sprite.get_pixel(x as u32, y as u32)[3] >= 128
    };
    let (x, y) = (i64::from(x), i64::from(y));
    r > 0 && (-r..=r).any(|dy| (-r..=r).any(|dx| !solid(x + dx, y + dy)))
}

/// Levels of luma (of 255) by which a random style's black piece bodies are darker than its
/// white ones (see [`BoardStyle::black_darker`]).
pub const DARKER_BY: f32 = 24.0;

/// A per-channel linear colour map `v ↦ lo + (hi - lo) · v / 255`, applied to piece pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Recolour {
    /// Value of black (0) per channel.
    pub lo: [f32; 3],
    /// Value of white (255) per channel.
    pub hi: [f32; 3],
    /// Width of the outline that keeps its colour, as a share of the sprite's smaller side
    /// (0: every pixel is mapped). Sites such as cm-chessboard's `staunty` draw black pieces
    /// with a grey body inside a black outline, which a map of every pixel cannot make.
    pub keep_outline: f32,
}

impl Recolour {
    /// A random map for pieces of `color`: white pieces keep light bodies, black ones dark
    /// (sometimes a grey body inside the set's own outline).
    fn random(rng: &mut impl Rng, color: Color) -> Self {
        let (lo, hi) = match color {
            Color::White => (rng.random_range(0.0..70.0), rng.random_range(175.0..255.0)),
            Color::Black => (rng.random_range(0.0..90.0), rng.random_range(140.0..255.0)),
        };
        let (lo, keep_outline) = if color == Color::Black && rng.random_bool(0.4) {
            (rng.random_range(50.0..120.0), rng.random_range(0.02..0.05))
        } else {
            (lo, 0.0)
        };
        let mut jitter = |v: f32| (v + rng.random_range(-25.0..25.0)).clamp(0.0, 255.0);
        Recolour {
            lo: [jitter(lo), jitter(lo), jitter(lo)],
            hi: [jitter(hi), jitter(hi), jitter(hi)],
            keep_outline,
        }
    }

    /// A map for pieces of `color` in one random hue (see [`BoardStyle::tint_pieces`]): the
    /// hue at a random saturation, dark to mid for black bodies, pale for white ones.
    fn tinted(rng: &mut impl Rng, color: Color) -> Self {
        let hue = rng.random_range(0.0f32..6.0);
        let saturation = rng.random_range(0.3f32..0.85);
        // The hue's colour at full value: one channel 1, one at 1 - saturation, one between.
        let x = 1.0 - (hue % 2.0 - 1.0).abs();
        let (r, g, b) = match hue as u32 {
            0 => (1.0, x, 0.0),
            1 => (x, 1.0, 0.0),
            2 => (0.0, 1.0, x),
            3 => (0.0, x, 1.0),
            4 => (x, 0.0, 1.0),
            _ => (1.0, 0.0, x),
        };
        let tint = [r, g, b].map(|v: f32| 255.0 * (1.0 - saturation * (1.0 - v)));
        let (lo, hi, keep_outline) = match color {
            Color::White => {
                // Pale: the tint lifted towards white; outlines stay dark.
                let lift = rng.random_range(0.3f32..0.8);
                let lo = rng.random_range(0.0f32..0.3);
                (
                    tint.map(|v| v * lo),
                    tint.map(|v| v + (255.0 - v) * lift),
                    0.0,
                )
            }
            Color::Black => {
                let lo = rng.random_range(0.05f32..0.45);
                let hi = rng.random_range(0.6f32..1.0);
                let keep = if rng.random_bool(0.4) {
                    rng.random_range(0.02..0.05)
                } else {
                    0.0
                };
                (tint.map(|v| v * lo), tint.map(|v| v * hi), keep)
            }
        };
        Recolour {
            lo,
            hi,
            keep_outline,
        }
    }

    fn apply(&self, sprite: &RgbaImage) -> RgbaImage {
        let (w, h) = sprite.dimensions();
        let r = if self.keep_outline > 0.0 {
            (w.min(h) as f32 * self.keep_outline).round().max(1.0) as i64
        } else {
            0
        };
        let mut out = sprite.clone();
        for (x, y, p) in out.enumerate_pixels_mut() {
            if in_outline(sprite, x, y, r) {
                continue;
            }
            for c in 0..3 {
                let v = self.lo[c] + (self.hi[c] - self.lo[c]) * p[c] as f32 / 255.0;
                p[c] = v.round().clamp(0.0, 255.0) as u8;
            }
        }
        out
    }
}

impl BoardStyle {
    /// A clean board: the given colours and square size, white at the bottom, no artefacts.
    pub fn plain(pieces: Arc<PieceSet>, light: Rgb<u8>, dark: Rgb<u8>, square_size: f32) -> Self {
        BoardStyle {
            pieces,
            light,
            dark,
            texture: Texture::None,
            square_size,
            flipped: false,
            piece_scale: 0.9,
            frame: 0,
            frame_color: Rgb([60, 60, 60]),
            coordinates: Coordinates::None,
            coordinate_scale: 0.22,
            labels: None,
            last_move: None,
            selected: None,
            highlight: Rgba([155, 199, 0, 105]),
            move_marks: None,
            check: None,
            legal_moves: Vec::new(),
            marker: Rgba([20, 85, 30, 128]),
            shadow: false,
            arrows: Vec::new(),
            arrow_color: Rgba([21, 120, 27, 200]),
            scale: 1.0,
            blur: 0.0,
            jpeg_quality: None,
            piece_recolour: [None, None],
            piece_stretch: (1.0, 1.0),
            piece_mirror: false,
            piece_flat: [None, None],
        }
    }

    /// A random style for `board`: a theme from `themes` (or random colours), a random square
    /// size in `square_range` and random screenshot artefacts placed on `board`'s squares.
    pub fn random(
        rng: &mut impl Rng,
        pieces: Arc<PieceSet>,
        themes: &[BoardTheme],
        board: &Board,
        square_range: (f32, f32),
    ) -> Self {
        let (light, dark) = random_colours(rng, themes);
        let (lo, hi) = square_range;
        // Log-uniform square size: small and large boards equally often per octave.
        let square_size = if hi > lo {
            (rng.random_range(lo.ln()..hi.ln())).exp()
        } else {
            lo
        };
        let mut s = BoardStyle::plain(pieces, light, dark, square_size);
        s.texture = match rng.random_range(0..10) {
            0..=5 => Texture::None,
            6..=7 => Texture::Noise {
                amplitude: rng.random_range(2.0..14.0),
            },
            _ => Texture::WoodGrain {
                amplitude: rng.random_range(4.0..22.0),
                period: rng.random_range(3.0..14.0),
                phase: rng.random_range(0.0..std::f32::consts::TAU),
                horizontal: rng.random_bool(0.5),
            },
        };
        s.flipped = rng.random_bool(0.3);
        s.piece_scale = rng.random_range(0.72..1.0);
        if rng.random_bool(0.25) {
            s.frame = (square_size * rng.random_range(0.05..0.5)).round() as u32;
            s.frame_color = random_rgb(rng);
        }
        s.coordinates = match rng.random_range(0..10) {
            0..=4 => Coordinates::Inside {
                ranks_left: rng.random_bool(0.7),
                files_right: rng.random_bool(0.6),
            },
            5 if s.frame as f32 >= square_size * 0.2 => Coordinates::Outside,
            _ => Coordinates::None,
        };
        s.coordinate_scale = rng.random_range(0.16..0.3);
        let occupied: Vec<Square> = board.occupied().into_iter().collect();
        let all: Vec<Square> = Square::ALL.to_vec();
        if rng.random_bool(0.6) {
            let to = *occupied.choose(rng).unwrap_or(&Square::E4);
            let from = *all.choose(rng).unwrap_or(&Square::E2);
            s.last_move = Some((from, to));
        }
        if rng.random_bool(0.2) {
            s.selected = occupied.choose(rng).copied();
        }
        s.highlight = *[
            Rgba([155, 199, 0, 105]),
            Rgba([255, 255, 51, 128]),
            Rgba([20, 85, 30, 128]),
            Rgba([246, 246, 105, 200]),
            Rgba([100, 150, 255, 110]),
        ]
        .choose(rng)
        .unwrap_or(&Rgba([155, 199, 0, 105]));
        if rng.random_bool(0.15) {
            s.check = Some(if rng.random_bool(0.5) {
                Color::White
            } else {
                Color::Black
            });
        }
        if rng.random_bool(0.2) {
            let n = rng.random_range(1..10);
            s.legal_moves = (0..n).filter_map(|_| all.choose(rng).copied()).collect();
            s.marker = Rgba([
                rng.random_range(0..120),
                rng.random_range(40..140),
                rng.random_range(0..80),
                rng.random_range(60..160),
            ]);
        }
        s.shadow = rng.random_bool(0.2);
        if rng.random_bool(0.15) {
            let n = rng.random_range(1..4);
            for _ in 0..n {
                let from = *all.choose(rng).unwrap_or(&Square::E2);
                let to = *all.choose(rng).unwrap_or(&Square::E4);
                if from != to {
                    s.arrows.push((from, to));
                }
            }
            s.arrow_color = *[
                Rgba([21, 120, 27, 200]),
                Rgba([136, 32, 32, 200]),
                Rgba([0, 48, 136, 200]),
                Rgba([230, 143, 0, 200]),
            ]
            .choose(rng)
            .unwrap_or(&Rgba([21, 120, 27, 200]));
        }
        if rng.random_bool(0.3) {
            s.scale = rng.random_range(0.6..1.6);
        }
        if rng.random_bool(0.25) {
            s.blur = rng.random_range(0.3..1.2);
        }
        if rng.random_bool(0.35) {
            s.jpeg_quality = Some(rng.random_range(25..95));
        }
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            if rng.random_bool(0.3) {
                s.piece_recolour[i] = Some(Recolour::random(rng, color));
            }
        }
        // No site draws the black pieces lighter than the white, but the maps can: the black
        // one lifts mid-brown bodies (staunton3d-wood's) above a darkened white. Such a board
        // keeps the set's own colours (no draw either way, so the rest of the style is as it
        // would have been).
        if s.piece_recolour.iter().any(Option::is_some) && !s.black_darker() {
            s.piece_recolour = [None, None];
        }
        if rng.random_bool(0.3) {
            s.piece_stretch = (rng.random_range(0.85..1.1), rng.random_range(0.85..1.1));
        }
        s
    }
}

impl BoardStyle {
    /// This style with `artefact` taken out; all else stays as it was.
    pub fn without(mut self, artefact: Artefact) -> Self {
        match artefact {
            Artefact::Arrows => self.arrows.clear(),
            Artefact::MoveDots => self.legal_moves.clear(),
            Artefact::Highlights => {
                self.last_move = None;
                self.selected = None;
                self.move_marks = None;
            }
            Artefact::Check => self.check = None,
            Artefact::Shadow => self.shadow = false,
            Artefact::Blur => self.blur = 0.0,
            Artefact::Jpeg => self.jpeg_quality = None,
            Artefact::Scale => self.scale = 1.0,
            Artefact::Recolour => self.piece_recolour = [None, None],
        }
        self
    }

    /// `sprite` of a `color` piece in this style's piece colours (recoloured, drawn flat).
    fn paint(&self, color: Color, mut sprite: Arc<RgbaImage>) -> Arc<RgbaImage> {
        let side = usize::from(color == Color::Black);
        if let Some(recolour) = &self.piece_recolour[side] {
            sprite = Arc::new(recolour.apply(&sprite));
        }
        if let Some(flat) = &self.piece_flat[side] {
            sprite = Arc::new(flat.apply(&sprite));
        }
        sprite
    }

    /// The colour of `color`'s piece bodies as this style draws them: the per-channel median
    /// of the opaque pixels of its six pieces (`None` for a set of invisible pieces).
    pub fn body_colour(&self, color: Color) -> Option<Rgb<u8>> {
        let mut channels: [Vec<u8>; 3] = Default::default();
        for role in Role::ALL {
            let sprite = self.paint(color, self.pieces.render_piece(Piece { color, role }, 40));
            for p in sprite.pixels().filter(|p| p[3] >= 250) {
                for (c, values) in channels.iter_mut().enumerate() {
                    values.push(p[c]);
                }
            }
        }
        let mut median = [0u8; 3];
        for (c, values) in channels.iter_mut().enumerate() {
            if values.is_empty() {
                return None;
            }
            let mid = values.len() / 2;
            median[c] = *values.select_nth_unstable(mid).1;
        }
        Some(Rgb(median))
    }

    /// Whether the black pieces' bodies are darker than the white ones' by at least
    /// [`DARKER_BY`] levels of luma, as this style draws them (a set of invisible pieces is
    /// not judged: true).
    pub fn black_darker(&self) -> bool {
        let luma = |c: Rgb<u8>| 0.299 * c[0] as f32 + 0.587 * c[1] as f32 + 0.114 * c[2] as f32;
        match (
            self.body_colour(Color::White),
            self.body_colour(Color::Black),
        ) {
            (Some(white), Some(black)) => luma(black) + DARKER_BY <= luma(white),
            _ => true,
        }
    }

    /// Redraws one kind of square in nearly the colour of one side's piece bodies: black
    /// pieces on dark squares of their own colour, or white ones on light squares of theirs.
    /// Such boards exist (and random colours make them), and on them a piece hardly stands out
    /// from its square; too few of them in training make the network call such pieces empty.
    pub fn match_squares_to_pieces(&mut self, rng: &mut impl Rng) {
        let color = if rng.random_bool(0.5) {
            Color::Black
        } else {
            Color::White
        };
        let Some(body) = self.body_colour(color) else {
            return;
        };
        let shift = rng.random_range(-25.0f32..25.0);
        let mut near = || {
            Rgb(body
                .0
                .map(|v| (v as f32 + shift + rng.random_range(-8.0..8.0)).clamp(0.0, 255.0) as u8))
        };
        match color {
            Color::Black => self.dark = near(),
            Color::White => self.light = near(),
        }
    }

    /// Recolours one side's pieces, or both, in a random hue (a saturated colour map, not the
    /// near-greys of `Recolour::random`): wooden, red, blue or green pieces exist, and a
    /// network that has seen only greys reads a side by its hue, not by its lightness. Black
    /// bodies become mid or dark tints, white ones pale tints; a map that would leave the black
    /// bodies less than [`DARKER_BY`] darker than the white is not kept (the style is as it
    /// was).
    pub fn tint_pieces(&mut self, rng: &mut impl Rng) {
        let before = self.piece_recolour;
        let sides = match rng.random_range(0..20) {
            0..=11 => [false, true],
            12..=16 => [true, false],
            _ => [true, true],
        };
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            if sides[i] {
                self.piece_recolour[i] = Some(Recolour::tinted(rng, color));
            }
        }
        if !self.black_darker() {
            self.piece_recolour = before;
        }
    }

    /// Adds up to three arrows (one to three tries; a try that would leave the board adds
    /// none) that start on a piece and run along a line or a knight's jump over `board`, in
    /// one strong random colour 0.4-0.9 opaque: sites draw arrows over the pieces they point
    /// at, in colours and opacities of their own, and the few random arrows of
    /// [`BoardStyle::random`] seldom cross a piece.
    pub fn add_arrows_over_pieces(&mut self, rng: &mut impl Rng, board: &Board) {
        let occupied: Vec<Square> = board.occupied().into_iter().collect();
        for _ in 0..rng.random_range(1..=3) {
            let Some(&from) = occupied.choose(rng) else {
                return;
            };
            let (df, dr): (i32, i32) = *[
                (0, 1),
                (1, 0),
                (1, 1),
                (1, -1),
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
            ]
            .choose(rng)
            .unwrap_or(&(0, 1));
            let sign = if rng.random_bool(0.5) { 1 } else { -1 };
            let reach = if df.abs() + dr.abs() == 3 {
                1
            } else {
                rng.random_range(1..=5)
            };
            let file = from.file().offset(sign * reach * df);
            let rank = from.rank().offset(sign * reach * dr);
            let to = file.zip(rank).map(|(f, r)| Square::from_coords(f, r));
            if let Some(to) = to {
                self.arrows.push((from, to));
            }
        }
        // A strong colour: one channel high, one low, the third anywhere.
        let mut c = [
            rng.random_range(150..=255u8),
            rng.random_range(0..=80u8),
            rng.random(),
        ];
        c.shuffle(rng);
        self.arrow_color = Rgba([c[0], c[1], c[2], rng.random_range(100..=230)]);
    }
}

fn random_rgb(rng: &mut impl Rng) -> Rgb<u8> {
    Rgb([rng.random(), rng.random(), rng.random()])
}

/// Light and dark square colours: a theme (70%), a theme with a small colour shift, or random.
fn random_colours(rng: &mut impl Rng, themes: &[BoardTheme]) -> (Rgb<u8>, Rgb<u8>) {
    let roll = rng.random_range(0..10);
    if let (true, Some(t)) = (roll < 8, themes.choose(rng)) {
        if roll < 6 {
            return (t.light, t.dark);
        }
        let mut shift = |c: Rgb<u8>| {
            Rgb(c
                .0
                .map(|v| (v as i32 + rng.random_range(-25..=25)).clamp(0, 255) as u8))
        };
        return (shift(t.light), shift(t.dark));
    }
    // Random: a lighter and a darker colour of random hue and saturation.
    let base = random_rgb(rng);
    let lighten = rng.random_range(0.3..0.9);
    let darken = rng.random_range(0.35..0.85);
    let light = Rgb(base
        .0
        .map(|v| (v as f32 + (255.0 - v as f32) * lighten) as u8));
    let dark = Rgb(base.0.map(|v| (v as f32 * darken) as u8));
    if rng.random_bool(0.5) {
        (light, dark)
    } else {
        (light, Rgb(base.0.map(|v| (v as f32 * 0.9) as u8)))
    }
}

/// A rendered board image with its exact grid.
#[derive(Debug, Clone)]
pub struct RenderedBoard {
    /// The picture.
    pub image: RgbImage,
    /// Where the 8×8 squares are in `image`.
    pub grid: BoardBox,
    /// Black at the bottom.
    pub flipped: bool,
    /// The glyphs of [`BoardStyle::labels`] as drawn, in `image`'s pixels.
    pub labels: Vec<DrawnLabel>,
}

fn blend(dst: &mut Rgba<u8>, c: Rgba<u8>, extra_alpha: f32) {
    let a = (c[3] as f32 / 255.0 * extra_alpha).clamp(0.0, 1.0);
    for i in 0..3 {
        dst[i] = (dst[i] as f32 * (1.0 - a) + c[i] as f32 * a).round() as u8;
    }
}

/// Draws `board` in `style`. `rng` only varies the texture pattern.
pub fn render_board(board: &Board, style: &BoardStyle, rng: &mut impl Rng) -> RenderedBoard {
    let sq = style.square_size.clamp(2.0, 600.0);
    let frame = style.frame.min(2000);
    let inner = (8.0 * sq).ceil() as u32;
    let size = inner + 2 * frame;
    let f0 = frame as f32;
    let mut img = RgbaImage::from_pixel(
        size,
        size,
        Rgba([
            style.frame_color[0],
            style.frame_color[1],
            style.frame_color[2],
            255,
        ]),
    );

    // Squares, coloured by the square that holds each pixel's centre.
    let noise_seed: u32 = rng.random();
    for py in frame..frame + inner {
        let row = (((py as f32 + 0.5 - f0) / sq) as usize).min(7);
        for px in frame..frame + inner {
            let col = (((px as f32 + 0.5 - f0) / sq) as usize).min(7);
            let base = if (row + col).is_multiple_of(2) {
                style.light
            } else {
                style.dark
            };
            let delta = texture_delta(&style.texture, px, py, noise_seed);
            let c = base.0.map(|v| (v as f32 + delta).clamp(0.0, 255.0) as u8);
            img.put_pixel(px, py, Rgba([c[0], c[1], c[2], 255]));
        }
    }

    let cell = |s: Square| -> (f32, f32) {
        let (row, col) = square_cell(s, style.flipped);
        (f0 + col as f32 * sq, f0 + row as f32 * sq)
    };
    let tint = |img: &mut RgbaImage, s: Square, c: Rgba<u8>| {
        let (x0, y0) = cell(s);
        for py in x_range(y0, sq, size) {
            for px in x_range(x0, sq, size) {
                blend(img.get_pixel_mut(px, py), c, 1.0);
            }
        }
    };

    if let Some((from, to)) = style.last_move {
        tint(&mut img, from, style.highlight);
        tint(&mut img, to, style.highlight);
    }
    if let Some(s) = style.selected {
        tint(&mut img, s, style.highlight);
    }
    if let Some(marks) = &style.move_marks {
        marks.draw(&mut img, cell(marks.from), cell(marks.to), sq);
    }
    if let Some(color) = style.check {
        for s in board.by_piece(color.king()) {
            let (x0, y0) = cell(s);
            let (cx, cy, r) = (x0 + sq / 2.0, y0 + sq / 2.0, sq * 0.62);
            for py in x_range(y0, sq, size) {
                for px in x_range(x0, sq, size) {
                    let d = ((px as f32 + 0.5 - cx).powi(2) + (py as f32 + 0.5 - cy).powi(2))
                        .sqrt()
                        / r;
                    let a = (1.0 - d).clamp(0.0, 1.0).powf(0.7);
                    blend(img.get_pixel_mut(px, py), Rgba([230, 0, 0, 255]), a);
                }
            }
        }
    }

    draw_coordinates(&mut img, style, sq, frame, inner);
    let mut labels = match &style.labels {
        Some(l) => draw_labels(&mut img, l, style, sq, f0),
        None => Vec::new(),
    };

    // Legal-move rings go under the pieces, dots on empty squares over them.
    for &s in &style.legal_moves {
        if board.piece_at(s).is_some() {
            let (x0, y0) = cell(s);
            let (cx, cy) = ((x0 + sq / 2.0) as i32, (y0 + sq / 2.0) as i32);
            let r = (sq * 0.48) as i32;
            let t = ((sq * 0.08) as i32).max(1);
            let mut b = Blend(std::mem::take(&mut img));
            for k in 0..t {
                draw_hollow_circle_mut(&mut b, (cx, cy), r - k, style.marker);
            }
            img = b.0;
        }
    }

    // Pieces (with an optional drop shadow).
    let piece_px = (sq * style.piece_scale).round().max(1.0) as u32;
    let (stretch_x, stretch_y) = style.piece_stretch;
    let stretched = (stretch_x - 1.0).abs() > 1e-3 || (stretch_y - 1.0).abs() > 1e-3;
    let (piece_w, piece_h) = if stretched {
        let side = |f: f32| (piece_px as f32 * f.clamp(0.5, 1.5)).round().max(1.0) as u32;
        (side(stretch_x), side(stretch_y))
    } else {
        (piece_px, piece_px)
    };
    // Each piece kind's sprite, stretched and recoloured once per board.
    let mut sprites: [Option<Arc<RgbaImage>>; 12] = Default::default();
    for (s, piece) in board.clone() {
        let sprite = sprites[piece_index(piece)]
            .get_or_insert_with(|| {
                let mut sprite = style.pieces.render_piece(piece, piece_px);
                if stretched {
                    let resized = imageops::resize(
                        &*sprite,
                        piece_w,
                        piece_h,
                        imageops::FilterType::Triangle,
                    );
                    sprite = Arc::new(resized);
                }
                if style.piece_mirror {
                    sprite = Arc::new(imageops::flip_horizontal(&*sprite));
                }
                style.paint(piece.color, sprite)
            })
            .clone();
        let (x0, y0) = cell(s);
        let ox = (x0 + (sq - piece_w as f32) / 2.0).round() as i64;
        let oy = (y0 + (sq - piece_h as f32) / 2.0).round() as i64;
        if style.shadow {
            let mut shadow = (*sprite).clone();
            for p in shadow.pixels_mut() {
                *p = Rgba([0, 0, 0, (p[3] as f32 * 0.45) as u8]);
            }
            let off = (sq * 0.04).round().max(1.0) as i64;
            imageops::overlay(&mut img, &shadow, ox + off, oy + off);
        }
        imageops::overlay(&mut img, &*sprite, ox, oy);
    }

    for &s in &style.legal_moves {
        if board.piece_at(s).is_none() {
            let (x0, y0) = cell(s);
            let mut b = Blend(std::mem::take(&mut img));
            draw_filled_circle_mut(
                &mut b,
                ((x0 + sq / 2.0) as i32, (y0 + sq / 2.0) as i32),
                ((sq * 0.14) as i32).max(1),
                style.marker,
            );
            img = b.0;
        }
    }

    for &(from, to) in &style.arrows {
        let (fx, fy) = cell(from);
        let (tx, ty) = cell(to);
        draw_arrow(
            &mut img,
            (fx + sq / 2.0, fy + sq / 2.0),
            (tx + sq / 2.0, ty + sq / 2.0),
            sq,
            style.arrow_color,
        );
    }

    let mut out = image::DynamicImage::ImageRgba8(img).to_rgb8();
    let mut grid = BoardBox::new(f0, f0, 8.0 * sq, 8.0 * sq);
    let before = grid;
    finish(&mut out, &mut grid, style);
    let (sx, sy) = (grid.w / before.w, grid.h / before.h);
    for l in &mut labels {
        l.scale(sx, sy);
    }
    RenderedBoard {
        image: out,
        grid,
        flipped: style.flipped,
        labels,
    }
}

/// Applies scaling, blur and JPEG re-encoding in place.
fn finish(img: &mut RgbImage, grid: &mut BoardBox, style: &BoardStyle) {
    let scale = style.scale.clamp(0.05, 8.0);
    if (scale - 1.0).abs() > 1e-3 {
        let w = ((img.width() as f32 * scale).round() as u32).max(1);
        let h = ((img.height() as f32 * scale).round() as u32).max(1);
        let sx = w as f32 / img.width() as f32;
        let sy = h as f32 / img.height() as f32;
        *img = imageops::resize(img, w, h, imageops::FilterType::Triangle);
        *grid = BoardBox::new(grid.x * sx, grid.y * sy, grid.w * sx, grid.h * sy);
    }
    if style.blur > 0.0 {
        *img = imageproc::filter::gaussian_blur_f32(img, style.blur);
    }
    if let Some(q) = style.jpeg_quality {
        *img = jpeg_round_trip(img, q.clamp(1, 100));
    }
}

fn jpeg_round_trip(img: &RgbImage, quality: u8) -> RgbImage {
    let mut buf = Vec::new();
    let mut enc = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut buf, quality);
    if enc.encode_image(img).is_err() {
        return img.clone();
    }
    image::load_from_memory_with_format(&buf, image::ImageFormat::Jpeg)
        .map(|d| d.to_rgb8())
        .unwrap_or_else(|_| img.clone())
}

/// Pixel indices whose centres fall in `[start, start + len)`, clamped to `0..limit`.
fn x_range(start: f32, len: f32, limit: u32) -> std::ops::Range<u32> {
    let a = (start - 0.5).ceil().max(0.0) as u32;
    let b = ((start + len - 0.5).ceil().max(0.0) as u32).min(limit);
    a.min(b)..b
}

fn texture_delta(t: &Texture, x: u32, y: u32, seed: u32) -> f32 {
    match *t {
        Texture::None => 0.0,
        Texture::Noise { amplitude } => (hash01(x, y, seed) * 2.0 - 1.0) * amplitude,
        Texture::WoodGrain {
            amplitude,
            period,
            phase,
            horizontal,
        } => {
            let (u, v) = if horizontal {
                (x as f32, y as f32)
            } else {
                (y as f32, x as f32)
            };
            let wave = v + 3.0 * (u * 0.013 + phase).sin() + 1.5 * (u * 0.051 + 2.0 * phase).sin();
            let grain = (wave * std::f32::consts::TAU / period.max(1.0)).sin();
            let fine = hash01(x, y, seed) * 2.0 - 1.0;
            amplitude * (0.8 * grain + 0.2 * fine)
        }
    }
}

/// A cheap deterministic hash of a pixel position to `[0, 1)`.
fn hash01(x: u32, y: u32, seed: u32) -> f32 {
    let mut h = x
        .wrapping_mul(0x8da6_b343)
        .wrapping_add(y.wrapping_mul(0xd816_3841))
        .wrapping_add(seed.wrapping_mul(0xcb1a_b31f));
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h >> 8) as f32 / (1u32 << 24) as f32
}

fn draw_coordinates(img: &mut RgbaImage, style: &BoardStyle, sq: f32, frame: u32, inner: u32) {
    let font = font();
    let px = (sq * style.coordinate_scale).max(6.0);
    let scale = PxScale::from(px);
    let f0 = frame as f32;
    let files: Vec<char> = if style.flipped {
        "hgfedcba".chars().collect()
    } else {
        "abcdefgh".chars().collect()
    };
    let ranks: Vec<char> = if style.flipped {
        "12345678".chars().collect()
    } else {
        "87654321".chars().collect()
    };
    let square_colour = |row: usize, col: usize| {
        if (row + col).is_multiple_of(2) {
            style.light
        } else {
            style.dark
        }
    };
    let opposite = |row: usize, col: usize| {
        let c = if (row + col).is_multiple_of(2) {
            style.dark
        } else {
            style.light
        };
        Rgba([c[0], c[1], c[2], 255])
    };
    let pad = (sq * 0.04).round() as i32;
    match style.coordinates {
        Coordinates::None => {}
        Coordinates::Inside {
            ranks_left,
            files_right,
        } => {
            let _ = square_colour;
            for (col, ch) in files.iter().enumerate() {
                let x0 = f0 + col as f32 * sq;
                let x = if files_right {
                    x0 + sq - px * 0.62 - pad as f32
                } else {
                    x0 + pad as f32
                };
                let y = f0 + 8.0 * sq - px * 1.05 - pad as f32;
                draw_text_mut(
                    img,
                    opposite(7, col),
                    x as i32,
                    y as i32,
                    scale,
                    &font,
                    &ch.to_string(),
                );
            }
            let col = if ranks_left { 0 } else { 7 };
            for (row, ch) in ranks.iter().enumerate() {
                let x0 = f0 + col as f32 * sq;
                let x = if ranks_left {
                    x0 + pad as f32
                } else {
                    x0 + sq - px * 0.62 - pad as f32
                };
                let y = f0 + row as f32 * sq + pad as f32;
                draw_text_mut(
                    img,
                    opposite(row, col),
                    x as i32,
                    y as i32,
                    scale,
                    &font,
                    &ch.to_string(),
                );
            }
        }
        Coordinates::Outside => {
            let fc = style.frame_color;
            let luma = 0.3 * fc[0] as f32 + 0.59 * fc[1] as f32 + 0.11 * fc[2] as f32;
            let ink = if luma > 128.0 {
                Rgba([30, 30, 30, 255])
            } else {
                Rgba([225, 225, 225, 255])
            };
            let fpx = px.min(frame as f32 * 0.9);
            let fscale = PxScale::from(fpx);
            for (col, ch) in files.iter().enumerate() {
                let x = f0 + col as f32 * sq + sq / 2.0 - fpx * 0.3;
                let y = f0 + inner as f32 + (frame as f32 - fpx) / 2.0;
                draw_text_mut(img, ink, x as i32, y as i32, fscale, &font, &ch.to_string());
            }
            for (row, ch) in ranks.iter().enumerate() {
                let x = (frame as f32 - fpx * 0.6) / 2.0;
                let y = f0 + row as f32 * sq + sq / 2.0 - fpx / 2.0;
                draw_text_mut(img, ink, x as i32, y as i32, fscale, &font, &ch.to_string());
            }
        }
    }
}

/// A font to draw coordinate labels in ([`LabelStyle`]), loaded at run time (training only).
#[derive(Clone)]
pub struct LabelFont {
    /// The family, e.g. `DejaVuSans` (what held-out fonts are chosen by).
    pub family: String,
    /// The file's name.
    pub name: String,
    /// The font.
    pub font: ab_glyph::FontArc,
}

impl std::fmt::Debug for LabelFont {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// The font of the renderer's own coordinates (Noto Mono), as a [`LabelFont`].
pub fn embedded_label_font() -> LabelFont {
    LabelFont {
        family: "NotoMono".into(),
        name: "NotoMono-Regular.ttf".into(),
        font: ab_glyph::FontArc::new(font()),
    }
}

/// Where the labels of the ranks (or of the files) go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelPlace {
    /// Not drawn.
    None,
    /// Inside the edge squares: the digits in image column `line` (0 or 7), the letters in
    /// image row `line`, in the square's corner `(right, bottom)`.
    Inside {
        /// The column (digits) or row (letters) of squares.
        line: usize,
        /// The corner of each square: `(right, bottom)`.
        corner: (bool, bool),
    },
    /// In the frame outside the board: the digits on the left and/or right, the letters
    /// below and/or above; `(first, second)`: left or below, right or above.
    Outside(bool, bool),
}

/// The colour of labels inside the squares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LabelInk {
    /// The other square colour (chess.com, chessboard.js, lichess).
    Opposite,
    /// The square's own colour moved this far (0 to 1) toward white (`true`) or black: faint
    /// labels.
    Faint(f32, bool),
    /// One colour on every square.
    Fixed(Rgba<u8>),
}

/// Coordinate labels as sites draw them: a font, a size, where the digits and letters go,
/// upper or lower case, their colour, and optionally every square's name in its corner.
#[derive(Debug, Clone)]
pub struct LabelStyle {
    /// The font.
    pub font: LabelFont,
    /// Font size as a share of the square (at least 6 pixels).
    pub size: f32,
    /// Space between a label and its square's edges, as a share of the square.
    pub pad: f32,
    /// Where the digits go.
    pub ranks: LabelPlace,
    /// Where the letters go.
    pub files: LabelPlace,
    /// Letters in upper case.
    pub upper: bool,
    /// Colour inside the squares.
    pub ink: LabelInk,
    /// Colour in the frame.
    pub frame_ink: Rgba<u8>,
    /// Every square shows its name (`a1`) in this corner `(right, bottom)`, besides or instead
    /// of the edge labels.
    pub names: Option<(bool, bool)>,
    /// Characters that are no label drawn alone in the frame, where a label could stand (see
    /// [`LabelStyle::add_page_text`]).
    pub page_text: Vec<PageText>,
}

/// A character of the page beside a board (a move number, a button, a clock's colon) drawn in
/// the frame level with a row (left, right) or a column (top, bottom), where a label could
/// stand: what the label reader must learn to leave out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageText {
    /// The frame's side it stands in.
    pub side: Side,
    /// The image row (left, right) or column (top, bottom) it is level with.
    pub index: usize,
    /// The character.
    pub text: char,
}

/// Characters drawn as page text: none is a label, and none looks like one in common fonts
/// (`l`, `I`, `S`, `Z`, `q` are left out for looking like `1`, `5`, `2`, `g`).
pub const PAGE_TEXT: &str = "09<>*+-=#()/:!?%&@$jkmnoprtuvwxyJKLMNOPQRTUVWXY";

impl LabelStyle {
    /// A random label style in one of `fonts` for a board of `style`, whose frame is widened
    /// to hold labels drawn outside it.
    pub fn random(rng: &mut impl Rng, fonts: &[LabelFont], style: &mut BoardStyle) -> Self {
        let font = fonts
            .choose(rng)
            .cloned()
            .unwrap_or_else(embedded_label_font);
        let size = rng.random_range(0.14..0.34);
        let corner = |rng: &mut dyn rand::RngCore| (rng.random_bool(0.5), rng.random_bool(0.5));
        let outside = rng.random_bool(0.3);
        let (ranks, files) = if outside {
            let sq = style.square_size;
            let need = (size * sq).max(6.0) * rng.random_range(1.3..2.6);
            style.frame = style.frame.max(need.ceil() as u32);
            if rng.random_bool(0.5) {
                style.frame_color = random_rgb(rng);
            }
            (
                LabelPlace::Outside(rng.random_bool(0.85), rng.random_bool(0.4)),
                LabelPlace::Outside(rng.random_bool(0.85), rng.random_bool(0.4)),
            )
        } else {
            let ranks = LabelPlace::Inside {
                line: if rng.random_bool(0.65) { 0 } else { 7 },
                corner: corner(rng),
            };
            let mut file_corner = corner(rng);
            let file_line = if rng.random_bool(0.85) { 7 } else { 0 };
            if let LabelPlace::Inside { corner: rc, .. } = ranks
                && rc == file_corner
            {
                file_corner.0 = !file_corner.0;
            }
            let files = LabelPlace::Inside {
                line: file_line,
                corner: file_corner,
            };
            (ranks, files)
        };
        let (ranks, files) = match rng.random_range(0..10) {
            0 => (ranks, LabelPlace::None),
            1 => (LabelPlace::None, files),
            _ => (ranks, files),
        };
        let ink = match rng.random_range(0..10) {
            0..=4 => LabelInk::Opposite,
            5..=6 => LabelInk::Faint(rng.random_range(0.15..0.6), rng.random_bool(0.5)),
            _ => {
                let v = if rng.random_bool(0.5) {
                    rng.random_range(0..60)
                } else {
                    rng.random_range(190..=255)
                };
                let grey = Rgba([v, v, v, rng.random_range(140..=255)]);
                let c = random_rgb(rng);
                LabelInk::Fixed(if rng.random_bool(0.7) {
                    grey
                } else {
                    Rgba([c[0], c[1], c[2], 255])
                })
            }
        };
        let fc = style.frame_color;
        let luma = 0.3 * fc[0] as f32 + 0.59 * fc[1] as f32 + 0.11 * fc[2] as f32;
        let frame_ink = if luma > 128.0 {
            let v = rng.random_range(0..90);
            Rgba([v, v, v, 255])
        } else {
            let v = rng.random_range(170..=255);
            Rgba([v, v, v, 255])
        };
        let names = (!outside && rng.random_bool(0.08)).then(|| corner(rng));
        LabelStyle {
            font,
            size,
            pad: rng.random_range(0.015..0.08),
            ranks,
            files,
            upper: rng.random_bool(0.25),
            ink,
            frame_ink,
            names,
            page_text: Vec::new(),
        }
    }

    /// Adds one to three characters of [`PAGE_TEXT`] in the frame on a side where no label is
    /// drawn outside the board, widening the frame of `style` to hold them.
    pub fn add_page_text(&mut self, rng: &mut impl Rng, style: &mut BoardStyle) {
        let outside = |place: LabelPlace, first: bool| match place {
            LabelPlace::Outside(a, b) => {
                if first {
                    a
                } else {
                    b
                }
            }
            _ => false,
        };
        let sides = [
            (Side::Left, outside(self.ranks, true)),
            (Side::Right, outside(self.ranks, false)),
            (Side::Top, outside(self.files, false)),
            (Side::Bottom, outside(self.files, true)),
        ];
        let free: Vec<Side> = sides
            .iter()
            .filter(|(_, taken)| !taken)
            .map(|&(side, _)| side)
            .collect();
        if free.is_empty() {
            return;
        }
        let need = (self.size * style.square_size).max(6.0) * rng.random_range(1.3..2.6);
        style.frame = style.frame.max(need.ceil() as u32);
        let chars: Vec<char> = PAGE_TEXT.chars().collect();
        for _ in 0..rng.random_range(1..=3) {
            self.page_text.push(PageText {
                side: free[rng.random_range(0..free.len())],
                index: rng.random_range(0..8),
                text: chars[rng.random_range(0..chars.len())],
            });
        }
    }
}

/// A glyph of [`LabelStyle`] as drawn: its text and the box of its ink (pixels of at least a
/// quarter coverage), `[x0, x1) × [y0, y1)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DrawnLabel {
    /// The character, as drawn (either case).
    pub text: char,
    /// Left edge of the ink.
    pub x0: f32,
    /// Top edge of the ink.
    pub y0: f32,
    /// Right edge of the ink.
    pub x1: f32,
    /// Bottom edge of the ink.
    pub y1: f32,
}

impl DrawnLabel {
    fn scale(&mut self, sx: f32, sy: f32) {
        self.x0 *= sx;
        self.x1 *= sx;
        self.y0 *= sy;
        self.y1 *= sy;
    }

    fn translated(&self, dx: f32, dy: f32) -> DrawnLabel {
        DrawnLabel {
            x0: self.x0 + dx,
            x1: self.x1 + dx,
            y0: self.y0 + dy,
            y1: self.y1 + dy,
            ..*self
        }
    }
}

/// Draws `text` in `font` at `px` pixels with its ink's top-left corner at `(x, y)` (or, with
/// `anchor` `(1, 1)`, its bottom-right corner; `0.5` centres it), blending `ink` by coverage.
/// Returns the box of the ink drawn.
fn draw_glyph(
    img: &mut RgbaImage,
    font: &ab_glyph::FontArc,
    text: char,
    px: f32,
    (x, y): (f32, f32),
    anchor: (f32, f32),
    ink: impl Fn(u32, u32) -> Rgba<u8>,
) -> Option<DrawnLabel> {
    use ab_glyph::{Font, ScaleFont};
    let scale = PxScale::from(px);
    let id = font.glyph_id(text);
    if id.0 == 0 {
        return None;
    }
    let ascent = font.as_scaled(scale).ascent();
    let glyph = id.with_scale_and_position(scale, ab_glyph::point(x.fract(), ascent + y.fract()));
    let outlined = font.outline_glyph(glyph)?;
    let bounds = outlined.px_bounds();
    let (w, h) = (bounds.width(), bounds.height());
    let left = (x - anchor.0 * w).floor() as i64;
    let top = (y - anchor.1 * h).floor() as i64;
    let (width, height) = (img.width() as i64, img.height() as i64);
    let mut ink_box: Option<(i64, i64, i64, i64)> = None;
    outlined.draw(|gx, gy, coverage| {
        let (px, py) = (left + i64::from(gx), top + i64::from(gy));
        if coverage <= 0.0 || px < 0 || py < 0 || px >= width || py >= height {
            return;
        }
        let c = ink(px as u32, py as u32);
        let alpha = coverage.clamp(0.0, 1.0) * f32::from(c[3]) / 255.0;
        blend(
            img.get_pixel_mut(px as u32, py as u32),
            Rgba([c[0], c[1], c[2], 255]),
            alpha,
        );
        if alpha >= 0.25 {
            let b = ink_box.get_or_insert((px, py, px + 1, py + 1));
            *b = (b.0.min(px), b.1.min(py), b.2.max(px + 1), b.3.max(py + 1));
        }
    });
    ink_box.map(|(x0, y0, x1, y1)| DrawnLabel {
        text,
        x0: x0 as f32,
        y0: y0 as f32,
        x1: x1 as f32,
        y1: y1 as f32,
    })
}

/// Draws the labels of `labels` on a board of `style` with squares `sq` pixels from `(f0, f0)`
/// and returns where each glyph went.
fn draw_labels(
    img: &mut RgbaImage,
    labels: &LabelStyle,
    style: &BoardStyle,
    sq: f32,
    f0: f32,
) -> Vec<DrawnLabel> {
    let px = (sq * labels.size).max(6.0);
    let pad = (sq * labels.pad).max(1.0);
    let font = &labels.font.font;
    let file_char = |col: usize| {
        let file = if style.flipped { 7 - col } else { col };
        let c = char::from(b'a' + file as u8);
        if labels.upper {
            c.to_ascii_uppercase()
        } else {
            c
        }
    };
    let rank_char = |row: usize| char::from(b'1' + if style.flipped { row } else { 7 - row } as u8);
    let square_ink = |x: u32, y: u32| -> Rgba<u8> {
        let col = (((x as f32 + 0.5 - f0) / sq) as usize).min(7);
        let row = (((y as f32 + 0.5 - f0) / sq) as usize).min(7);
        let light = (row + col).is_multiple_of(2);
        let (own, other) = if light {
            (style.light, style.dark)
        } else {
            (style.dark, style.light)
        };
        match labels.ink {
            LabelInk::Opposite => Rgba([other[0], other[1], other[2], 255]),
            LabelInk::Faint(t, up) => {
                let to = if up { 255.0 } else { 0.0 };
                let c = own
                    .0
                    .map(|v| (v as f32 + (to - v as f32) * t).round() as u8);
                Rgba([c[0], c[1], c[2], 255])
            }
            LabelInk::Fixed(c) => c,
        }
    };
    let frame_ink = |_: u32, _: u32| labels.frame_ink;
    // The corner point of image cell (row, col) and the anchor of a glyph placed in it.
    let in_corner = |row: usize, col: usize, (right, bottom): (bool, bool)| {
        let x = f0 + col as f32 * sq + if right { sq - pad } else { pad };
        let y = f0 + row as f32 * sq + if bottom { sq - pad } else { pad };
        (
            (x, y),
            (f32::from(u8::from(right)), f32::from(u8::from(bottom))),
        )
    };
    let mut out = Vec::new();
    let frame_mid = f0 / 2.0;
    let far = f0 + 8.0 * sq + f0 / 2.0;
    match labels.ranks {
        LabelPlace::None => {}
        LabelPlace::Inside { line, corner } => {
            for row in 0..8 {
                let (at, anchor) = in_corner(row, line, corner);
                out.extend(draw_glyph(
                    img,
                    font,
                    rank_char(row),
                    px,
                    at,
                    anchor,
                    square_ink,
                ));
            }
        }
        LabelPlace::Outside(left, right) => {
            for row in 0..8 {
                let y = f0 + (row as f32 + 0.5) * sq;
                for (on, x) in [(left, frame_mid), (right, far)] {
                    if on {
                        out.extend(draw_glyph(
                            img,
                            font,
                            rank_char(row),
                            px.min(f0 * 0.8),
                            (x, y),
                            (0.5, 0.5),
                            frame_ink,
                        ));
                    }
                }
            }
        }
    }
    match labels.files {
        LabelPlace::None => {}
        LabelPlace::Inside { line, corner } => {
            for col in 0..8 {
                let (at, anchor) = in_corner(line, col, corner);
                out.extend(draw_glyph(
                    img,
                    font,
                    file_char(col),
                    px,
                    at,
                    anchor,
                    square_ink,
                ));
            }
        }
        LabelPlace::Outside(below, above) => {
            for col in 0..8 {
                let x = f0 + (col as f32 + 0.5) * sq;
                for (on, y) in [(below, far), (above, frame_mid)] {
                    if on {
                        out.extend(draw_glyph(
                            img,
                            font,
                            file_char(col),
                            px.min(f0 * 0.8),
                            (x, y),
                            (0.5, 0.5),
                            frame_ink,
                        ));
                    }
                }
            }
        }
    }
    // Page text is drawn but not returned: where the label reader finds it, it is no label.
    for t in &labels.page_text {
        let along = f0 + (t.index as f32 + 0.5) * sq;
        let at = match t.side {
            Side::Left => (frame_mid, along),
            Side::Right => (far, along),
            Side::Top => (along, frame_mid),
            Side::Bottom => (along, far),
        };
        draw_glyph(
            img,
            font,
            t.text,
            px.min(f0 * 0.8),
            at,
            (0.5, 0.5),
            frame_ink,
        );
    }
    if let Some(corner) = labels.names {
        for row in 0..8 {
            for col in 0..8 {
                let (at, anchor) = in_corner(row, col, corner);
                // The name's two glyphs side by side, letter first, the pair in the corner.
                let gap = px * 0.08;
                let (file, rank) = (file_char(col), rank_char(row));
                if corner.0 {
                    let Some(d) = draw_glyph(img, font, rank, px, at, anchor, square_ink) else {
                        continue;
                    };
                    let at = (d.x0 - gap, at.1);
                    out.extend(draw_glyph(img, font, file, px, at, anchor, square_ink));
                    out.push(d);
                } else {
                    let Some(l) = draw_glyph(img, font, file, px, at, anchor, square_ink) else {
                        continue;
                    };
                    out.push(l);
                    let at = (l.x1 + gap, at.1);
                    out.extend(draw_glyph(img, font, rank, px, at, anchor, square_ink));
                }
            }
        }
    }
    out
}

fn draw_arrow(img: &mut RgbaImage, from: (f32, f32), to: (f32, f32), sq: f32, color: Rgba<u8>) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let half = sq * 0.1;
    let head_len = (sq * 0.45).min(len * 0.8);
    let head_half = sq * 0.25;
    let start = (from.0 + ux * sq * 0.25, from.1 + uy * sq * 0.25);
    let neck = (to.0 - ux * head_len, to.1 - uy * head_len);
    let pt = |x: f32, y: f32| Point::new(x.round() as i32, y.round() as i32);
    let shaft = [
        pt(start.0 + nx * half, start.1 + ny * half),
        pt(neck.0 + nx * half, neck.1 + ny * half),
        pt(neck.0 - nx * half, neck.1 - ny * half),
        pt(start.0 - nx * half, start.1 - ny * half),
    ];
    let head = [
        pt(neck.0 + nx * head_half, neck.1 + ny * head_half),
        pt(to.0, to.1),
        pt(neck.0 - nx * head_half, neck.1 - ny * head_half),
    ];
    let mut b = Blend(std::mem::take(img));
    if shaft.windows(2).all(|w| w[0] != w[1]) && shaft[0] != shaft[3] {
        draw_polygon_mut(&mut b, &shaft, color);
    }
    if head[0] != head[2] && head[0] != head[1] && head[1] != head[2] {
        draw_polygon_mut(&mut b, &head, color);
    }
    *img = b.0;
}

/// Draws `board` in `style` inside a `width × height` page with browser-like chrome around it
/// (bars, panels, text-like lines). The board's square size is reduced where needed so that it
/// fits the page with a margin; blur and JPEG artefacts apply to the whole page.
pub fn render_screenshot(
    board: &Board,
    style: &BoardStyle,
    width: u32,
    height: u32,
    rng: &mut impl Rng,
) -> RenderedBoard {
    let width = width.clamp(16, 16_000);
    let height = height.clamp(16, 16_000);
    let mut board_style = style.clone();
    board_style.blur = 0.0;
    board_style.jpeg_quality = None;
    let scale = style.scale.clamp(0.05, 8.0);
    let avail = (width.min(height) as f32 * 0.95 - 2.0 * style.frame as f32 * scale).max(8.0);
    if 8.0 * style.square_size * scale > avail {
        board_style.square_size = avail / (8.0 * scale);
    }
    let rendered = render_board(board, &board_style, rng);

    // Page background and chrome.
    let dark_page = rng.random_bool(0.4);
    let bg = if dark_page {
        Rgb([
            rng.random_range(20..70),
            rng.random_range(20..70),
            rng.random_range(20..70),
        ])
    } else {
        Rgb([
            rng.random_range(200..=255),
            rng.random_range(200..=255),
            rng.random_range(200..=255),
        ])
    };
    let mut page = RgbImage::from_pixel(width, height, bg);
    let bar_h = rng.random_range(0..(height / 10).max(1));
    if bar_h > 0 {
        draw_filled_rect_mut(
            &mut page,
            Rect::at(0, 0).of_size(width, bar_h),
            random_rgb(rng),
        );
    }
    let font = font();
    let ink = if dark_page {
        Rgb([200, 200, 200])
    } else {
        Rgb([40, 40, 40])
    };
    for _ in 0..rng.random_range(0..6) {
        let w = rng.random_range(20..(width / 3).max(21));
        let h = rng.random_range(10..(height / 3).max(11));
        let x = rng.random_range(0..width) as i32;
        let y = rng.random_range(0..height) as i32;
        let c = if rng.random_bool(0.5) {
            random_rgb(rng)
        } else {
            Rgb(bg.0.map(|v| v.saturating_sub(20)))
        };
        draw_filled_rect_mut(&mut page, Rect::at(x, y).of_size(w, h), c);
    }
    let text_px = rng.random_range(10.0..22.0);
    for _ in 0..rng.random_range(0..30) {
        let x = rng.random_range(0..width) as i32;
        let y = rng.random_range(0..height) as i32;
        let n = rng.random_range(3..30);
        let text: String = (0..n)
            .map(|_| {
                *b"abcdefghijklmnopqrstuvwxyz   KQRBN0123456789.+#="
                    .choose(rng)
                    .unwrap_or(&b'x') as char
            })
            .collect();
        draw_text_mut(&mut page, ink, x, y, PxScale::from(text_px), &font, &text);
    }

    let (bw, bh) = rendered.image.dimensions();
    let ox = rng.random_range(0..=width.saturating_sub(bw));
    let oy = rng.random_range(0..=height.saturating_sub(bh));
    imageops::replace(&mut page, &rendered.image, i64::from(ox), i64::from(oy));
    let mut grid = rendered.grid.translated(ox as f32, oy as f32);
    let mut finish_style = board_style;
    finish_style.scale = 1.0;
    finish_style.blur = style.blur;
    finish_style.jpeg_quality = style.jpeg_quality;
    finish(&mut page, &mut grid, &finish_style);
    let labels = rendered
        .labels
        .iter()
        .map(|l| l.translated(ox as f32, oy as f32))
        .collect();
    RenderedBoard {
        image: page,
        grid,
        flipped: rendered.flipped,
        labels,
    }
}

/// A random placement for training and benchmarks: half the time a position reached by random
/// legal moves from the start, half the time pieces scattered at random (one king per side,
/// 0..=30 other pieces, no pawns on the first or last rank).
pub fn random_board(rng: &mut impl Rng) -> Board {
    use shakmaty::{Chess, Position};
    if rng.random_bool(0.5) {
        let mut pos = Chess::default();
        let plies = rng.random_range(0..120);
        play_random_moves(&mut pos, plies, rng);
        return pos.board().clone();
    }
    let mut board = Board::empty();
    let mut free: Vec<Square> = Square::ALL.to_vec();
    let mut place = |board: &mut Board, piece: Piece, rng: &mut dyn rand::RngCore| {
        let candidates: Vec<usize> = (0..free.len())
            .filter(|&i| {
                piece.role != Role::Pawn
                    || !matches!(
                        free[i].rank(),
                        shakmaty::Rank::First | shakmaty::Rank::Eighth
                    )
            })
            .collect();
        if let Some(&i) = candidates.choose(rng) {
            board.set_piece_at(free.swap_remove(i), piece);
        }
    };
    place(&mut board, Color::White.king(), rng);
    place(&mut board, Color::Black.king(), rng);
    let n = rng.random_range(0..=30);
    let roles = [
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    for _ in 0..n {
        let role = *roles.choose(rng).unwrap_or(&Role::Pawn);
        let color = if rng.random_bool(0.5) {
            Color::White
        } else {
            Color::Black
        };
        place(&mut board, Piece { color, role }, rng);
    }
    board
}

/// A game-like placement: a walk through the opening book built into the binary (moves chosen
/// by weight) followed by 0..=40 random legal moves. Screenshots are of games, and these keep
/// what games have (kings and pawn chains on their own sides) while still varying freely.
pub fn random_game_board(rng: &mut impl Rng) -> Board {
    random_game(rng).board
}

/// A position reached as [`random_game_board`] reaches it, with the side to move and the last
/// move's squares (what sites tint), drawing the same random numbers.
#[derive(Debug, Clone)]
pub struct GamePosition {
    /// The placement.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The last move's from and to squares (a castling king's own two), if any move was played.
    pub last_move: Option<(Square, Square)>,
}

/// A game-like position with its side to move and last move (see [`random_game_board`]).
pub fn random_game(rng: &mut impl Rng) -> GamePosition {
    use shakmaty::{Chess, Position};
    let book = crate::book::Book::embedded();
    let mut pos = Chess::default();
    let mut last_move = None;
    // Leave the book at a random point too, so that opening positions are not over-represented.
    let book_plies = rng.random_range(0..=30);
    for _ in 0..book_plies {
        let Some(m) = book.choose(&pos, 1, rng) else {
            break;
        };
        last_move = Some(move_squares(&m.mv, pos.turn()));
        pos.play_unchecked(m.mv);
    }
    let plies = rng.random_range(0..=40);
    if let Some(m) = play_random_moves(&mut pos, plies, rng) {
        last_move = Some(m);
    }
    GamePosition {
        board: pos.board().clone(),
        turn: pos.turn(),
        last_move,
    }
}

/// The squares a site tints for `m` played by `color`: from and to, a castling king's own.
fn move_squares(m: &shakmaty::Move, color: Color) -> (Square, Square) {
    match *m {
        shakmaty::Move::Castle { king, rook } => {
            let side = shakmaty::CastlingSide::from_queen_side(rook < king);
            (king, side.king_to(color))
        }
        _ => (m.from().unwrap_or(m.to()), m.to()),
    }
}

/// Plays up to `plies` random legal moves (fewer when the game ends); the last one's squares.
fn play_random_moves(
    pos: &mut shakmaty::Chess,
    plies: i32,
    rng: &mut impl Rng,
) -> Option<(Square, Square)> {
    use shakmaty::Position;
    let mut last = None;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        let Some(m) = moves.choose(rng) else { break };
        last = Some(move_squares(m, pos.turn()));
        pos.play_unchecked(*m);
    }
    last
}

/// The shared piece folder for tests (`../shared/vision/pieces` beside the checkout), or
/// `None` with a `skipped:` message when it is absent; with `CHESSBOT_TEST_STRICT=1` (as CI
/// sets it) its absence fails the test instead.
#[cfg(test)]
pub(crate) fn test_pieces_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/vision/pieces"
    ));
    if dir.join("cburnett").is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("CHESSBOT_TEST_STRICT").as_deref() != Ok("1"),
        "{} is absent and CHESSBOT_TEST_STRICT=1",
        dir.display()
    );
    eprintln!("skipped: needs ../shared/vision/pieces");
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn piece_stems_name_side_and_role() {
        assert_eq!(piece_stem(Color::Black.knight()), "bN");
    }

    #[test]
    fn random_boards_have_one_king_each() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..50 {
            let b = random_board(&mut rng);
            assert_eq!(b.by_piece(Color::White.king()).count(), 1);
            assert_eq!(b.by_piece(Color::Black.king()).count(), 1);
        }
    }

    #[test]
    fn plain_board_has_the_promised_grid() {
        let Some(dir) = test_pieces_dir() else { return };
        let set = Arc::new(PieceSet::load(&dir.join("cburnett")).unwrap());
        let (light, dark) = (Rgb([240, 217, 181]), Rgb([181, 136, 99]));
        let mut style = BoardStyle::plain(set, light, dark, 37.5);
        style.frame = 10;
        let board = Board::empty();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let r = render_board(&board, &style, &mut rng);
        assert_eq!(r.image.dimensions(), (320, 320));
        assert_eq!(r.grid, BoardBox::new(10.0, 10.0, 300.0, 300.0));
        for row in 0..8 {
            for col in 0..8 {
                let (x0, y0, x1, y1) = r.grid.cell_rect(row, col);
                let want = if (row + col).is_multiple_of(2) {
                    light
                } else {
                    dark
                };
                // Both inner corners of every square have its colour.
                assert_eq!(*r.image.get_pixel(x0.ceil() as u32, y0.ceil() as u32), want);
                assert_eq!(*r.image.get_pixel(x1 as u32 - 1, y1 as u32 - 1), want);
            }
        }
        assert_eq!(*r.image.get_pixel(5, 5), style.frame_color);

        // Scaling scales the grid; a screenshot places it inside the page.
        style.scale = 1.5;
        let r = render_board(&board, &style, &mut rng);
        assert_eq!(r.image.dimensions(), (480, 480));
        assert_eq!(r.grid, BoardBox::new(15.0, 15.0, 450.0, 450.0));
        style.scale = 1.0;
        let shot = render_screenshot(&board, &style, 640, 400, &mut rng);
        assert_eq!(shot.image.dimensions(), (640, 400));
        let g = shot.grid;
        assert!(g.fits_in(640, 400), "{g:?}");
        assert!((g.w - g.h).abs() < 1e-3 && g.w == 300.0, "{g:?}");
        let (sw, _) = g.square_size();
        let at = |x: f32, y: f32| *shot.image.get_pixel(x as u32, y as u32);
        assert_eq!(at(g.x + 2.0, g.y + 2.0), light);
        assert_eq!(at(g.x + sw + 2.0, g.y + 2.0), dark);
        assert_eq!(at(g.x + g.w - 2.0, g.y + g.h - 2.0), light);
    }

    #[test]
    fn random_styles_render_at_any_size() {
        let Some(dir) = test_pieces_dir() else { return };
        let sets = load_piece_sets(&dir).unwrap();
        let themes = load_themes(&themes_path(&dir)).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for (i, size) in [15.0f32, 23.3, 48.0, 75.5].into_iter().enumerate() {
            let board = random_board(&mut rng);
            let set = sets[i * 5 % sets.len()].clone();
            let style = BoardStyle::random(&mut rng, set, &themes, &board, (size, size));
            let r = render_board(&board, &style, &mut rng);
            let (w, h) = r.image.dimensions();
            assert!(r.grid.fits_in(w, h), "{:?} in {w}x{h}", r.grid);
            let expect = 8.0 * size * style.scale.clamp(0.05, 8.0);
            assert!((r.grid.w - expect).abs() <= 2.0, "{} vs {expect}", r.grid.w);
        }
    }

    #[test]
    fn mirrored_pieces_are_the_sprites_flipped() {
        let Some(dir) = test_pieces_dir() else { return };
        let set = Arc::new(PieceSet::load(&dir.join("cburnett")).unwrap());
        let (light, dark) = (Rgb([240, 217, 181]), Rgb([181, 136, 99]));
        // 40 px squares, pieces of 36 px: the piece is centred with 2 px to spare either side.
        let style = BoardStyle::plain(set, light, dark, 40.0);
        let mut mirrored = style.clone();
        mirrored.piece_mirror = true;
        let mut board = Board::empty();
        board.set_piece_at(Square::A8, Piece::from_char('N').unwrap());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let a = render_board(&board, &style, &mut rng).image;
        let b = render_board(&board, &mirrored, &mut rng).image;
        let square = |img: &RgbImage| imageops::crop_imm(img, 0, 0, 40, 40).to_image();
        assert_ne!(square(&a), square(&b), "a knight is not symmetric");
        assert_eq!(imageops::flip_horizontal(&square(&a)), square(&b));
    }

    #[test]
    fn flat_pieces_keep_the_shape_and_lose_the_inside() {
        // A 9x9 sprite: a solid 5x5 square with a dark dot in its middle, a faint ring around.
        let mut sprite = RgbaImage::from_pixel(9, 9, Rgba([0, 0, 0, 0]));
        for y in 1..8 {
            for x in 1..8 {
                let solid = (2..7).contains(&x) && (2..7).contains(&y);
                let p = if solid {
                    Rgba([200, 200, 200, 255])
                } else {
                    Rgba([10, 10, 10, 60])
                };
                sprite.put_pixel(x, y, p);
            }
        }
        sprite.put_pixel(4, 4, Rgba([0, 0, 0, 255]));
        let flat = Flat {
            fill: Rgb([240, 240, 240]),
            outline: Rgb([20, 20, 20]),
            width: 1,
        };
        let out = flat.apply(&sprite);
        // The dot is gone: the middle takes the fill, the solid square's rim the outline.
        assert_eq!(*out.get_pixel(4, 4), Rgba([240, 240, 240, 255]));
        assert_eq!(*out.get_pixel(3, 3), Rgba([240, 240, 240, 255]));
        assert_eq!(*out.get_pixel(2, 4), Rgba([20, 20, 20, 255]));
        assert_eq!(*out.get_pixel(6, 6), Rgba([20, 20, 20, 255]));
        // Faint and empty pixels are left as they were.
        assert_eq!(out.get_pixel(1, 1), sprite.get_pixel(1, 1));
        assert_eq!(out.get_pixel(0, 0), sprite.get_pixel(0, 0));
        // Without an outline the whole shape takes the fill.
        let plain = Flat { width: 0, ..flat }.apply(&sprite);
        assert_eq!(*plain.get_pixel(2, 4), Rgba([240, 240, 240, 255]));
        // Random flat drawings keep white pieces light and black ones dark.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..50 {
            let w = Flat::random(&mut rng, Color::White, 60.0);
            let b = Flat::random(&mut rng, Color::Black, 60.0);
            assert!(w.fill[0] >= 175 && b.fill[0] <= 95, "{w:?} {b:?}");
            assert!((1..=3).contains(&w.width) && (1..=3).contains(&b.width));
        }
    }

    #[test]
    fn low_contrast_boards_paint_squares_in_the_pieces_colour() {
        let Some(dir) = test_pieces_dir() else { return };
        let set = Arc::new(PieceSet::load(&dir.join("cburnett")).unwrap());
        let (light, dark) = (Rgb([240, 217, 181]), Rgb([181, 136, 99]));
        let style = BoardStyle::plain(set, light, dark, 40.0);
        // cburnett's bodies: white pieces white, black ones near black.
        let white = style.body_colour(Color::White).unwrap();
        let black = style.body_colour(Color::Black).unwrap();
        assert!(white.0.iter().all(|&v| v >= 230), "{white:?}");
        assert!(black.0.iter().all(|&v| v <= 60), "{black:?}");
        let near = |a: Rgb<u8>, b: Rgb<u8>| a.0.iter().zip(b.0).all(|(&x, y)| x.abs_diff(y) <= 33);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let (mut darkened, mut lightened) = (0, 0);
        for _ in 0..40 {
            let mut s = style.clone();
            s.match_squares_to_pieces(&mut rng);
            // Exactly one kind of square changes, to nearly its own side's body colour.
            if s.dark != dark {
                assert_eq!(s.light, light);
                assert!(near(s.dark, black), "{:?} vs {black:?}", s.dark);
                darkened += 1;
            } else {
                assert!(near(s.light, white), "{:?} vs {white:?}", s.light);
                lightened += 1;
            }
        }
        assert!(darkened > 5 && lightened > 5, "{darkened} {lightened}");
        // A recoloured side's body follows its new colours.
        let mut red = style.clone();
        red.piece_recolour[1] = Some(Recolour {
            lo: [150.0, 0.0, 0.0],
            hi: [255.0, 60.0, 60.0],
            keep_outline: 0.0,
        });
        let body = red.body_colour(Color::Black).unwrap();
        assert!(body[0] >= 140 && body[1] <= 70, "{body:?}");
    }

    #[test]
    fn without_takes_out_one_artefact_and_keeps_the_rest() {
        let set = Arc::new(PieceSet {
            name: "none".into(),
            sprites: Vec::new(),
            cache: Mutex::default(),
        });
        let mut s = BoardStyle::plain(set, Rgb([240, 217, 181]), Rgb([181, 136, 99]), 40.0);
        s.arrows = vec![(Square::E2, Square::E4)];
        s.legal_moves = vec![Square::E3];
        s.last_move = Some((Square::E2, Square::E4));
        s.selected = Some(Square::G1);
        s.check = Some(Color::White);
        s.shadow = true;
        s.blur = 0.8;
        s.jpeg_quality = Some(50);
        s.scale = 1.3;
        // What each artefact leaves: arrows, dots, tints, check, shadow, blur, JPEG, scale.
        let left = |t: &BoardStyle| {
            [
                !t.arrows.is_empty(),
                !t.legal_moves.is_empty(),
                t.last_move.is_some() && t.selected.is_some(),
                t.check.is_some(),
                t.shadow,
                t.blur > 0.0,
                t.jpeg_quality.is_some(),
                t.scale != 1.0,
            ]
        };
        assert_eq!(left(&s), [true; 8]);
        let kinds = [
            Artefact::Arrows,
            Artefact::MoveDots,
            Artefact::Highlights,
            Artefact::Check,
            Artefact::Shadow,
            Artefact::Blur,
            Artefact::Jpeg,
            Artefact::Scale,
        ];
        for (k, kind) in kinds.into_iter().enumerate() {
            let t = s.clone().without(kind);
            let want: [bool; 8] = std::array::from_fn(|i| i != k);
            assert_eq!(left(&t), want, "{kind:?}");
            assert_eq!(t.square_size, s.square_size);
        }
        let t = s.clone().without(Artefact::Recolour);
        assert!(t.piece_recolour.iter().all(Option::is_none));
        assert_eq!(left(&t), [true; 8]);
    }

    #[test]
    fn arrows_over_pieces_start_on_a_piece_and_are_strong_and_see_through() {
        let Some(dir) = test_pieces_dir() else { return };
        let set = Arc::new(PieceSet::load(&dir.join("cburnett")).unwrap());
        let style = BoardStyle::plain(set, Rgb([240, 217, 181]), Rgb([181, 136, 99]), 40.0);
        let board: Board = "4k3/8/8/3q4/8/8/8/4K3"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_setup()
            .board;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (mut knight_jumps, mut arrows) = (0, 0);
        for _ in 0..50 {
            let mut s = style.clone();
            s.add_arrows_over_pieces(&mut rng, &board);
            assert!(s.arrows.len() <= 3, "{:?}", s.arrows);
            arrows += s.arrows.len();
            for &(from, to) in &s.arrows {
                assert!(board.piece_at(from).is_some(), "{from} is empty");
                let (df, dr) = (
                    from.file().distance(to.file()),
                    from.rank().distance(to.rank()),
                );
                assert!(df == 0 || dr == 0 || df == dr || df + dr == 3, "{from}{to}");
                assert!(from != to);
                knight_jumps += usize::from(df + dr == 3 && df.min(dr) == 1);
            }
            let [r, g, b, a] = s.arrow_color.0;
            assert!((100..=230).contains(&a), "{a}");
            assert!(
                r.max(g).max(b) >= 150 && r.min(g).min(b) <= 80,
                "{r} {g} {b}"
            );
        }
        assert!(knight_jumps > 0 && arrows > 50, "{knight_jumps} {arrows}");
        // It renders over the pieces without a panic.
        let mut s = style.clone();
        s.add_arrows_over_pieces(&mut rng, &board);
        let _ = render_board(&board, &s, &mut rng);
    }

    #[test]
    fn a_recolour_that_keeps_the_outline_lifts_only_the_inside() {
        // A black disc on a transparent field: 0-alpha outside radius 8 of the centre.
        let sprite = RgbaImage::from_fn(20, 20, |x, y| {
            let d = (x as f32 - 9.5).hypot(y as f32 - 9.5);
            Rgba([0, 0, 0, if d <= 8.0 { 255 } else { 0 }])
        });
        let grey = Recolour {
            lo: [90.0; 3],
            hi: [255.0; 3],
            keep_outline: 0.1,
        };
        let out = grey.apply(&sprite);
        assert_eq!(out.get_pixel(10, 10).0, [90, 90, 90, 255], "inside lifted");
        assert_eq!(out.get_pixel(10, 2).0, [0, 0, 0, 255], "outline kept");
        let all = Recolour {
            keep_outline: 0.0,
            ..grey
        };
        assert_eq!(all.apply(&sprite).get_pixel(10, 2).0, [90, 90, 90, 255]);
    }

    #[test]
    fn random_styles_never_draw_black_pieces_lighter_than_white_ones() {
        let Some(dir) = test_pieces_dir() else { return };
        let set = Arc::new(PieceSet::load(&dir.join("staunton3d-wood")).unwrap());
        let plain = BoardStyle::plain(set.clone(), Rgb([240, 217, 181]), Rgb([181, 136, 99]), 40.0);
        assert!(plain.black_darker(), "the set's own colours");
        // The maps can lift its mid-brown black bodies above a darkened white.
        let mut lifted = plain.clone();
        lifted.piece_recolour = [
            Some(Recolour {
                lo: [40.0; 3],
                hi: [180.0; 3],
                keep_outline: 0.0,
            }),
            Some(Recolour {
                lo: [80.0; 3],
                hi: [255.0; 3],
                keep_outline: 0.0,
            }),
        ];
        assert!(!lifted.black_darker());
        let themes = load_themes(&themes_path(&dir)).unwrap();
        let board = Board::default();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (mut recoloured, mut grey_bodies) = (0, 0);
        for _ in 0..200 {
            let style = BoardStyle::random(&mut rng, set.clone(), &themes, &board, (30.0, 60.0));
            assert!(style.black_darker(), "{:?}", style.piece_recolour);
            recoloured += usize::from(style.piece_recolour.iter().any(Option::is_some));
            grey_bodies +=
                usize::from(style.piece_recolour[1].is_some_and(|r| r.keep_outline > 0.0));
        }
        assert!(
            recoloured > 20,
            "recolouring still happens: {recoloured} of 200"
        );
        assert!(
            grey_bodies > 5,
            "grey black bodies inside their outline: {grey_bodies} of 200"
        );
    }

    #[test]
    fn a_tint_colours_pieces_in_a_hue_and_keeps_black_darker() {
        let Some(dir) = test_pieces_dir() else { return };
        let set = Arc::new(PieceSet::load(&dir.join("merida")).unwrap());
        let plain = BoardStyle::plain(set, Rgb([240, 217, 181]), Rgb([181, 136, 99]), 40.0);
        // Chroma: a body's largest channel less its smallest (merida's greys: about 0).
        let chroma = |style: &BoardStyle, color: Color| {
            let c = style.body_colour(color).unwrap().0;
            i32::from(*c.iter().max().unwrap()) - i32::from(*c.iter().min().unwrap())
        };
        assert!(chroma(&plain, Color::White) < 10 && chroma(&plain, Color::Black) < 10);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut hued = [0; 2];
        for _ in 0..100 {
            let mut style = plain.clone();
            style.tint_pieces(&mut rng);
            assert!(style.black_darker(), "{:?}", style.piece_recolour);
            for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
                hued[i] += usize::from(chroma(&style, color) >= 30);
            }
        }
        // Black tinted in 13 of 20 draws, white in 8 (some white tints too pale to count): 60
        // and 35 here.
        assert!(
            hued[1] > 45 && hued[0] > 15,
            "hued bodies (white, black): {hued:?}"
        );
    }

    #[test]
    fn parses_hex_colours() {
        assert_eq!(parse_hex("#f0d9b5"), Some(Rgb([0xf0, 0xd9, 0xb5])));
        assert_eq!(parse_hex("f0d9b5"), None);
        assert_eq!(parse_hex("#f0d9b"), None);
        assert_eq!(parse_hex("#f0d9bé"), None);
    }

    #[test]
    fn pixel_ranges_cover_each_pixel_once() {
        let sq = 13.37;
        let mut seen = vec![0; 107];
        for i in 0..8 {
            for p in x_range(i as f32 * sq, sq, 107) {
                seen[p as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
    }

    #[test]
    fn classifies_a_rendered_training_board() {
        use crate::vision::{BoardBox, Classifier, VisionError};
        let Some(dir) = test_pieces_dir() else { return };
        let classifier = Classifier::embedded().unwrap();
        let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
        let board = crate::rules::fen::parse_fen(fen)
            .unwrap()
            .as_setup()
            .board
            .clone();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for (set, size, flipped) in [("cburnett", 40.0, false), ("merida", 61.5, true)] {
            let set = std::sync::Arc::new(PieceSet::load(&dir.join(set)).unwrap());
            let light = image::Rgb([240, 217, 181]);
            let dark = image::Rgb([181, 136, 99]);
            let mut style = BoardStyle::plain(set, light, dark, size);
            style.flipped = flipped;
            let r = render_board(&board, &style, &mut rng);
            let guess = classifier.classify_board(&r.image, &r.grid).unwrap();
            assert_eq!(
                guess.board(flipped),
                board,
                "{} at {size} px",
                style.pieces.name()
            );
        }
        let tiny = RgbImage::new(4, 4);
        let err = classifier.classify_board(&tiny, &BoardBox::new(0.0, 0.0, 40.0, 40.0));
        assert!(matches!(err, Err(VisionError::BadBox { .. })));
    }
}
