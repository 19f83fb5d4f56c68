//! Which squares of one image show the same piece picture.
//!
//! A screenshot draws every piece of one kind with the same picture (sprite), only on different
//! square colours and highlights. Comparing the squares' pixels, with each square's own
//! background taken out, groups them by sprite whatever the piece set; [`super::assign`] then
//! gives each group one class. This is what one screenshot gives for free, and it holds for piece
//! sets the classifier never saw.

use super::params::sprites::*;
use rayon::prelude::*;
use std::sync::OnceLock;

/// Pixels in a reduced picture.
const AREA: usize = SIDE * SIDE;
/// Side of a reduced picture with a one-pixel border of nothing around it (see [`mismatch`]):
/// every pixel's 3 × 3 neighbourhood then lies inside.
const PADDED: usize = SIDE + 2;

/// One square's picture, reduced, with its background colour.
#[derive(Debug, Clone)]
pub struct Sprite {
    /// RGB of the `SIDE × SIDE` reduced picture, row by row.
    pixels: Vec<[f32; 3]>,
    /// Per pixel: largest channel difference from the background.
    contrast: Vec<f32>,
    /// The square's background colour: the median of the picture's second ring (the outer one
    /// catches the neighbouring squares and the grid lines).
    background: [f32; 3],
    /// Mean luma of the pixels inside the piece (`None` without any): `decide` asks only
    /// whether a square has a picture of its own.
    luma: Option<f32>,
    /// `pixels` and `contrast` as [`mismatch`] reads them.
    picture: Picture,
    /// The crop the sprite was made from (non-finite values as 0), for the parts made only
    /// when asked for: most squares are empty and never compared.
    crop: Vec<f32>,
    /// The picture reduced from the crop moved by one crop pixel in each of the eight
    /// directions (see [`SHIFTS`]), with the pixels that stand out from the same background.
    shifted: OnceLock<Vec<Picture>>,
    /// Per pixel: covered by an overlay (see [`Sprite::hide`]), left out of comparisons.
    hidden: Vec<bool>,
    /// The piece's outline filled in (see [`Sprite::silhouette`]).
    silhouette: OnceLock<Silhouette>,
    /// Whether [`Sprite::silhouette`] takes a ring drawn around the piece out (see
    /// [`Sprite::keep_rings`]).
    cut_rings: bool,
    /// The reduced pixels outside a ring drawn around the piece, if one is (see
    /// [`Sprite::outside_ring`]).
    ring: OnceLock<Option<[bool; AREA]>>,
}

/// One reduced picture laid out for [`mismatch`]: channel by channel, so that whole rows are
/// worked on at once, with the pixels that stand out from the square's background.
#[derive(Debug, Clone)]
struct Picture {
    /// Per channel, the picture row by row.
    channels: [[f32; AREA]; 3],
    /// Per pixel: its contrast is over [`FOREGROUND`].
    foreground: [bool; AREA],
}

impl Picture {
    fn new(pixels: &[[f32; 3]], contrast: &[f32]) -> Picture {
        Picture {
            channels: std::array::from_fn(|ch| std::array::from_fn(|k| pixels[k][ch])),
            foreground: std::array::from_fn(|k| contrast[k] > FOREGROUND),
        }
    }
}

/// Boxes of RGB space a [`Colours`] histogram counts in.
pub const COLOUR_BINS: usize = COLOUR_LEVELS * COLOUR_LEVELS * COLOUR_LEVELS;

/// A piece picture's colours: the share of its pixels in each of [`COLOUR_BINS`] boxes of RGB
/// space (see [`Sprite::colours`]).
pub type Colours = [f32; COLOUR_BINS];

/// `shape` less its edge: the pixels whose four neighbours are all in it.
fn eroded(shape: &Silhouette) -> Silhouette {
    std::array::from_fn(|y| {
        let above = if y > 0 { shape[y - 1] } else { 0 };
        let below = shape.get(y + 1).copied().unwrap_or(0);
        let row = shape[y];
        row & above & below & (row << 1) & (row >> 1)
    })
}

/// How alike two pictures' colours are, from 0 (no colour in common) to 1 (the same
/// shares): the histograms' intersection. A site draws all pieces of a side in one colouring,
/// so a piece's colours match its own side's other pieces more than the other side's, whatever
/// the set.
pub fn colour_likeness(a: &Colours, b: &Colours) -> f32 {
    a.iter().zip(b).map(|(x, y)| x.min(*y)).sum()
}

/// How light a piece picture's colours are, from 0 (all black) to 1 (all white): the mean of
/// its channels' levels over [`Colours`]' boxes.
pub fn lightness(c: &Colours) -> f32 {
    let top = (COLOUR_LEVELS - 1) as f32;
    c.iter()
        .enumerate()
        .map(|(bin, share)| {
            let (r, g, b) = (
                bin / (COLOUR_LEVELS * COLOUR_LEVELS),
                bin / COLOUR_LEVELS % COLOUR_LEVELS,
                bin % COLOUR_LEVELS,
            );
            share * (r + g + b) as f32 / (3.0 * top)
        })
        .sum()
}

/// Offsets (rows, columns, in crop pixels: half a reduced pixel) at which the picture is
/// also reduced. A sprite is drawn at whole pixels, so copies on squares whose edges fall at
/// different sub-pixel positions sit up to half a screen pixel apart in their crops: edge
/// pixels then differ, which for small pieces is most of the picture.
const SHIFTS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl Sprite {
    /// Describes one crop laid out as `[3, PICTURE, PICTURE]` (see
    /// [`super::classify::crop_cells`]). A shorter slice describes an empty square.
    pub fn from_crop(crop: &[f32]) -> Sprite {
        Sprite::from_crop_on(crop, None)
    }

    /// This sprite of `crop` as [`Sprite::from_crop_on`] makes it for a square of colour
    /// `square`: itself where its background already is that colour (the corners' colour
    /// would replace only a background unlike it).
    pub fn on_square(self, crop: &[f32], square: [f32; 3]) -> Sprite {
        if near(self.background, square) {
            self
        } else {
            Sprite::from_crop_on(crop, Some(square))
        }
    }

    /// [`Sprite::from_crop`] for a square whose empty look is known: `square`, the colour of
    /// the board's empty squares of its colour. A piece drawn out to the square's edges covers
    /// the band the background is read from; where the band is mixed and unlike `square` while
    /// the crop's corners show `square`, the corners' colour is the background.
    pub fn from_crop_on(crop: &[f32], square: Option<[f32; 3]>) -> Sprite {
        let plane = PICTURE * PICTURE;
        let crop: Vec<f32> = (0..3 * plane)
            .map(|k| {
                crop.get(k)
                    .copied()
                    .filter(|v| v.is_finite())
                    .unwrap_or(0.0)
            })
            .collect();
        let base = reduce(&crop, 0, 0);
        let ring: Vec<[f32; 3]> = (0..SIDE * SIDE)
            .filter(|k| {
                let (v, u) = (k / SIDE, k % SIDE);
                let band = |i: usize| i == 1 || i == SIDE - 2;
                (band(v) && (1..SIDE - 1).contains(&u)) || (band(u) && (1..SIDE - 1).contains(&v))
            })
            .map(|k| base[k])
            .collect();
        let background = ringed_background(&base, &ring, square);
        let contrast = contrast_to(&base, background);
        // Only pixels inside the piece (all around them piece too): edge pixels are blended
        // with the square and would make one piece lighter on a light square.
        let inside = |k: usize| surrounded(k, &|j| contrast[j] > FOREGROUND);
        let fg: Vec<f32> = (0..SIDE * SIDE)
            .filter(|&k| inside(k))
            .map(|k| {
                let p = base[k];
                0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]
            })
            .collect();
        let luma = (!fg.is_empty()).then(|| fg.iter().sum::<f32>() / fg.len() as f32);
        Sprite {
            silhouette: OnceLock::new(),
            cut_rings: true,
            picture: Picture::new(&base, &contrast),
            shifted: OnceLock::new(),
            crop,
            pixels: base,
            contrast,
            background,
            luma,
            hidden: vec![false; SIDE * SIDE],
            ring: OnceLock::new(),
        }
    }

    /// The reduced pixels outside a ring drawn around the piece, when rings are taken out
    /// ([`Sprite::keep_rings`]) and one is drawn ([`ring_inside`]); made on first use.
    fn outside_ring(&self) -> Option<&[bool; AREA]> {
        if !self.cut_rings {
            return None;
        }
        self.ring
            .get_or_init(|| {
                let value = |ch, y, x| at(&self.crop, ch, y, x);
                let r = ring_inside(&|k| drawn(&value, self.background, k))?;
                let centre = (PICTURE as f32 - 1.0) / 2.0;
                Some(std::array::from_fn(|k| {
                    let (dy, dx) = (
                        (2 * (k / SIDE)) as f32 + 0.5 - centre,
                        (2 * (k % SIDE)) as f32 + 0.5 - centre,
                    );
                    dy * dy + dx * dx >= r * r
                }))
            })
            .as_ref()
    }

    /// The picture at each of the [`SHIFTS`] (made on first use).
    fn shifted(&self) -> &[Picture] {
        self.shifted.get_or_init(|| {
            SHIFTS
                .iter()
                .map(|&(dy, dx)| {
                    let pixels = reduce(&self.crop, dy, dx);
                    Picture::new(&pixels, &contrast_to(&pixels, self.background))
                })
                .collect()
        })
    }

    /// Whether the crop pixel at (`y`, `x`) lies in a reduced pixel [`Sprite::hide`] hid.
    pub fn hidden_at(&self, y: usize, x: usize) -> bool {
        self.hidden
            .get((y / 2) * SIDE + x / 2)
            .copied()
            .unwrap_or(false)
    }

    /// The square's background colour (RGB in `[-0.5, 0.5]`).
    pub fn background(&self) -> [f32; 3] {
        self.background
    }

    /// Mean luma of the piece's pixels, if any stand out from the background.
    pub fn luma(&self) -> Option<f32> {
        self.luma
    }

    /// The piece's colours (`None` when fewer than `MIN_COLOURED` pixels show them): the
    /// share of the pixels inside its silhouette within the central disk (`COLOUR_DISK`;
    /// less its edge, `COLOUR_EDGE`) in each box of RGB space, counted softly (a pixel
    /// between two levels of a channel is shared between them, so that one colour on either
    /// side of a box's edge is not two colours). Pixels the square shows through (within
    /// `SEE_THROUGH` of the background) and those under an overlay ([`Sprite::hide`]) are
    /// left out.
    pub fn colours(&self) -> Option<Colours> {
        // The silhouette of what the disk shows: outside it, everything reads as background.
        let centre = (PICTURE as f32 - 1.0) / 2.0;
        let radius = COLOUR_DISK * PICTURE as f32;
        let in_disk = |y: usize, x: usize| {
            let (dy, dx) = (y as f32 - centre, x as f32 - centre);
            dy * dy + dx * dx <= radius * radius
        };
        let background = self.background;
        let mut inside = silhouette_of(
            &|ch, y, x| {
                if in_disk(y, x) {
                    at(&self.crop, ch, y, x)
                } else {
                    background[ch]
                }
            },
            background,
            self.cut_rings,
        );
        let mut histogram = [0.0f32; COLOUR_BINS];
        let mut count = 0usize;
        for _ in 0..COLOUR_EDGE {
            inside = eroded(&inside);
        }
        for (y, row) in inside.iter().enumerate() {
            for x in (0..PICTURE).filter(|&x| row >> x & 1 == 1) {
                if self.hidden[(y / 2) * SIDE + x / 2] {
                    continue;
                }
                let value: [f32; 3] = std::array::from_fn(|ch| at(&self.crop, ch, y, x));
                if (0..3).all(|ch| (value[ch] - self.background[ch]).abs() < SEE_THROUGH) {
                    continue;
                }
                count += 1;
                // Per channel: the two nearest levels and the weight of the upper one.
                let levels: [(usize, f32); 3] = std::array::from_fn(|ch| {
                    let t = ((value[ch] + 0.5).clamp(0.0, 1.0)) * (COLOUR_LEVELS - 1) as f32;
                    let lower = (t.floor() as usize).min(COLOUR_LEVELS - 2);
                    (lower, t - lower as f32)
                });
                for corner in 0..8usize {
                    let mut bin = 0;
                    let mut weight = 1.0;
                    for (ch, &(lower, upper)) in levels.iter().enumerate() {
                        let up = corner >> ch & 1;
                        bin = bin * COLOUR_LEVELS + lower + up;
                        weight *= if up == 1 { upper } else { 1.0 - upper };
                    }
                    histogram[bin] += weight;
                }
            }
        }
        if count < MIN_COLOURED {
            return None;
        }
        for v in &mut histogram {
            *v /= count as f32;
        }
        Some(histogram)
    }

    /// How many reduced pixels off the picture's outer ring stand out from the background
    /// and are not hidden ([`Sprite::hide`]): what is left of a piece under an overlay, and
    /// next to nothing on an empty square under an arrow.
    pub fn visible_piece(&self) -> usize {
        (0..SIDE * SIDE)
            .filter(|&k| inner(k) && self.contrast[k] > FOREGROUND && !self.hidden[k])
            .count()
    }

    /// Share of the picture's pixels that [`Sprite::hide`] left out (0 to 1).
    pub fn hidden_share(&self) -> f32 {
        let hidden = self.hidden.iter().filter(|&&h| h).count();
        hidden as f32 / self.hidden.len().max(1) as f32
    }

    /// The piece's silhouette at the crop's resolution: the pixels that stand out from the
    /// square's background and those they enclose (not reachable from the crop's edge without
    /// crossing one). The white and black pieces of most sets are one drawing in two
    /// colourings: a light fill and a dark fill give the same silhouette.
    pub fn silhouette(&self) -> &Silhouette {
        self.silhouette.get_or_init(|| {
            silhouette_of(
                &|ch, y, x| at(&self.crop, ch, y, x),
                self.background,
                self.cut_rings,
            )
        })
    }

    /// The crop pixels an overlay hides ([`Sprite::hide`]), one bit each as in
    /// [`Sprite::silhouette`].
    pub fn hidden_pixels(&self) -> Silhouette {
        std::array::from_fn(|y| {
            (0..PICTURE)
                .filter(|&x| self.hidden[(y / 2) * SIDE + x / 2])
                .fold(0u32, |row, x| row | 1 << x)
        })
    }

    /// Leaves a ring around the piece in its silhouette (see `ring_inside`): on crops of
    /// small squares, upscaled, a piece blurs out to the crop's edges and looks ringed, so
    /// taking rings out helps large squares and harms small ones.
    pub fn keep_rings(&mut self) {
        self.cut_rings = false;
        self.silhouette = OnceLock::new();
    }

    /// How different two squares' pictures are, from 0 (the same sprite) to 1: over the pixels
    /// where either shows something other than its background, the mismatch that is left once
    /// the two backgrounds are accounted for, with `other`'s picture at whichever of the
    /// `SHIFTS` (or none) lines it up best.
    ///
    /// A difference in one place counts more than its share of the picture: a crown and a cross
    /// on otherwise alike 3D pieces differ in a few pixels only, where noise spreads thin. So
    /// the distance is at least `LOCAL_WEIGHT` times the mean mismatch of the worst
    /// `LOCAL` × `LOCAL` window.
    ///
    /// Pixels hidden in either picture ([`Sprite::hide`]) are left out; when that leaves too
    /// few to compare, the distance is `UNKNOWN`.
    pub fn distance(&self, other: &Sprite) -> f32 {
        let pair = Pair::new(self, other);
        let (map, count) = mismatch(&pair, &self.picture, &other.picture);
        if count < MIN_UNION {
            return self.too_few(other);
        }
        let mut best = (mean_mismatch(&map, count), map);
        // Pictures that far apart differ in more than their alignment.
        let shifted = if best.0 < ALIGN_BELOW {
            other.shifted()
        } else {
            &[]
        };
        for s in shifted {
            let (map, count) = mismatch(&pair, &self.picture, s);
            if count < MIN_UNION {
                return self.too_few(other);
            }
            let mean = mean_mismatch(&map, count);
            if mean < best.0 {
                best = (mean, map);
            }
        }
        let (mean, map) = best;
        let mut worst = 0.0f32;
        for y in 0..=SIDE - LOCAL {
            // The sums of all windows of these rows at once, added up row by row as before.
            let mut sums = [0.0f32; SIDE - LOCAL + 1];
            for v in y..y + LOCAL {
                for x in 0..LOCAL {
                    let row = &map[v * SIDE + x..][..sums.len()];
                    for (s, m) in sums.iter_mut().zip(row) {
                        *s += m;
                    }
                }
            }
            worst = sums.iter().copied().fold(worst, f32::max);
        }
        mean.max(LOCAL_WEIGHT * worst / (CAP * (LOCAL * LOCAL) as f32))
    }

    /// The distance of two pictures with too few pixels to compare: 0 when neither shows
    /// anything (two empty squares), [`UNKNOWN`] when hidden pixels took the rest away.
    fn too_few(&self, other: &Sprite) -> f32 {
        if self.hidden.iter().chain(&other.hidden).any(|&h| h) {
            UNKNOWN
        } else {
            0.0
        }
    }

    /// Hides the pixels of an `overlay` colour in this picture (none without one), so that
    /// comparisons leave them out: one copy of a piece under an arrow then still matches the
    /// others. A pixel is hidden when its colour is an overlay colour up to a grey shade
    /// (`OVERLAY_MATCH`, `OVERLAY_SHADE`: what shows through an arrow) and is not a shade
    /// of the square. What an earlier call hid is shown again first.
    pub fn hide(&mut self, overlay: Option<&Overlay>) {
        // Only the mask changes: setting it in place spares copying the picture and its
        // eight shifted versions for every piece square.
        let colours = overlay.map_or(&[][..], |o| &o.colours[..]);
        let background = self.background;
        for (h, p) in self.hidden.iter_mut().zip(&self.pixels) {
            let of_square = off_grey(minus(p, &background)).0 < OVERLAY_CHROMA;
            *h = !of_square
                && colours.iter().any(|o| {
                    let (chroma, shade) = off_grey(minus(p, o));
                    (chroma < OVERLAY_MATCH && shade.abs() < OVERLAY_SHADE)
                        || blended(p, o, &background)
                });
        }
    }
}

/// Value of channel `ch` at crop pixel (`y`, `x`) of a `[3, PICTURE, PICTURE]` crop, the
/// edge pixels repeated past the crop's last row and column.
fn at(crop: &[f32], ch: usize, y: usize, x: usize) -> f32 {
    crop[ch * PICTURE * PICTURE + y.min(PICTURE - 1) * PICTURE + x.min(PICTURE - 1)]
}

/// The crop reduced 2×2 to `SIDE × SIDE` pixels, moved by (`dy`, `dx`) crop pixels (edges
/// repeated).
fn reduce(crop: &[f32], dy: isize, dx: isize) -> Vec<[f32; 3]> {
    (0..SIDE * SIDE)
        .map(|k| {
            let y = (2 * (k / SIDE)).saturating_add_signed(dy);
            let x = (2 * (k % SIDE)).saturating_add_signed(dx);
            std::array::from_fn(|ch| {
                (at(crop, ch, y, x)
                    + at(crop, ch, y, x + 1)
                    + at(crop, ch, y + 1, x)
                    + at(crop, ch, y + 1, x + 1))
                    / 4.0
            })
        })
        .collect()
}

/// Per pixel: its largest channel difference from `background`.
fn contrast_to(pixels: &[[f32; 3]], background: [f32; 3]) -> Vec<f32> {
    pixels
        .iter()
        .map(|p| {
            (0..3)
                .map(|ch| (p[ch] - background[ch]).abs())
                .fold(0.0, f32::max)
        })
        .collect()
}

/// A piece's outline filled in, whatever its colours: one bit per crop pixel, row by row
/// (bit `x` of row `y`), see [`Sprite::silhouette`].
pub type Silhouette = [u32; PICTURE];

/// Whether crop pixel `k` (row by row) of `value` stands out from `background` in any channel.
fn drawn(value: &dyn Fn(usize, usize, usize) -> f32, background: [f32; 3], k: usize) -> bool {
    (0..3).any(|ch| (value(ch, k / PICTURE, k % PICTURE) - background[ch]).abs() > FOREGROUND)
}

/// Whether two colours differ by at most [`FOREGROUND`] in every channel.
fn near(p: [f32; 3], c: [f32; 3]) -> bool {
    (0..3).all(|ch| (p[ch] - c[ch]).abs() <= FOREGROUND)
}

/// Per channel, the median of `pixels` (see [`super::squares::median`]).
pub(super) fn median(pixels: &[[f32; 3]]) -> [f32; 3] {
    std::array::from_fn(|ch| super::squares::median(pixels.iter().map(|p| p[ch]).collect()))
}

/// The square's background colour in the reduced picture `base`: `band`, the median of its
/// second ring of pixels, unless a ring drawn around the piece (a move's target) runs along
/// that band. The band's median is then the ring's colour and the square inside it read as
/// the piece's (a dark pawn in a ring takes the light square's colours and matches a white
/// pawn). So where the corners just inside the outer ring (which a ring around the middle
/// does not reach) show another colour, and the square between piece and ring shows the
/// corners' colour more often than the band's (at least [`INNER_SHARE`] of it), the corners'
/// colour is the background. A check's glow, strongest at the middle, shows neither there.
/// With the board's `square` colour known, a band of mixed colours (a piece drawn across it:
/// fewer than [`BAND_UNIFORM`] of its pixels near its median) unlike `square` gives way to
/// corners like it.
fn ringed_background(
    base: &[[f32; 3]],
    band_pixels: &[[f32; 3]],
    square: Option<[f32; 3]>,
) -> [f32; 3] {
    let band = median(band_pixels);
    let corners: Vec<[f32; 3]> = [(1, 1), (1, 2), (2, 1)]
        .into_iter()
        .flat_map(|(v, u)| {
            [
                (v, u),
                (v, SIDE - 1 - u),
                (SIDE - 1 - v, u),
                (SIDE - 1 - v, SIDE - 1 - u),
            ]
        })
        .map(|(v, u)| base[v * SIDE + u])
        .collect();
    let corner = median(&corners);
    if near(corner, band) {
        return band;
    }
    if let Some(square) = square {
        let uniform = band_pixels.iter().filter(|&&p| near(p, band)).count() as f32
            / band_pixels.len().max(1) as f32;
        if uniform < BAND_UNIFORM && near(corner, square) && !near(band, square) {
            return corner;
        }
    }
    let centre = (SIDE as f32 - 1.0) / 2.0;
    let annulus: Vec<[f32; 3]> = (0..SIDE * SIDE)
        .filter(|&k| {
            let (dy, dx) = ((k / SIDE) as f32 - centre, (k % SIDE) as f32 - centre);
            let r = (dy * dy + dx * dx).sqrt() / SIDE as f32;
            (INNER_FROM..=INNER_TO).contains(&r)
        })
        .map(|k| base[k])
        .collect();
    let share = |c: [f32; 3]| {
        annulus.iter().filter(|&&p| near(p, c)).count() as f32 / annulus.len().max(1) as f32
    };
    let (by_corner, by_band) = (share(corner), share(band));
    if by_corner >= INNER_SHARE && by_corner > by_band {
        corner
    } else {
        band
    }
}

/// The silhouette of a crop (see [`Sprite::silhouette`]) over `background`.
fn silhouette_of(
    value: &dyn Fn(usize, usize, usize) -> f32,
    background: [f32; 3],
    cut_rings: bool,
) -> Silhouette {
    let drawn = |k: usize| drawn(value, background, k);
    // A ring drawn around the piece (a capture marker) encloses the whole square: the piece's
    // outline is what lies inside its inner edge.
    let inside = if cut_rings { ring_inside(&drawn) } else { None };
    let centre = (PICTURE as f32 - 1.0) / 2.0;
    let ink = |k: usize| {
        if let Some(r) = inside {
            let (dy, dx) = ((k / PICTURE) as f32 - centre, (k % PICTURE) as f32 - centre);
            if dy * dy + dx * dx >= r * r {
                return false;
            }
        }
        drawn(k)
    };
    let edge = |v: usize| !(SILHOUETTE_MARGIN..PICTURE - SILHOUETTE_MARGIN).contains(&v);
    let mut outside = [false; PICTURE * PICTURE];
    let mut stack: Vec<usize> = (0..PICTURE * PICTURE)
        .filter(|&k| edge(k / PICTURE) || edge(k % PICTURE))
        .collect();
    for &k in &stack {
        outside[k] = true;
    }
    while let Some(k) = stack.pop() {
        let (v, u) = (k / PICTURE, k % PICTURE);
        let mut next = |j: usize| {
            if !outside[j] && !ink(j) {
                outside[j] = true;
                stack.push(j);
            }
        };
        if v > 0 {
            next(k - PICTURE);
        }
        if v + 1 < PICTURE {
            next(k + PICTURE);
        }
        if u > 0 {
            next(k - 1);
        }
        if u + 1 < PICTURE {
            next(k + 1);
        }
    }
    std::array::from_fn(|v| {
        (0..PICTURE)
            .filter(|&u| !outside[v * PICTURE + u])
            .fold(0u32, |row, u| row | 1 << u)
    })
}

/// The radius (crop pixels from the centre) inside a ring drawn around the square's middle, if
/// `drawn` (by crop pixel index) shows one: drawn pixels between [`RING_FROM`] and [`RING_TO`]
/// of the side in nearly every direction ([`RING_COVER`]). The radius is a pixel inside the
/// ring's inner edge where a quarter of the directions meet it (a piece may reach the ring in
/// a few). Without it, two ringed pieces of the two sides have the same silhouette, the
/// ring's disc, and a black rook in a ring matches the queen whose white twin stands in
/// another ring.
///
/// The test is loose: a large piece drawn out to the crop's edge passes it too, and a ring
/// filled with a tint counts the tint as drawn, so the radius given is the scan's start
/// ([`RING_FROM`] less a pixel), not the ring's inner edge. The two colourings of a piece are
/// still cut alike, which is what the silhouette needs.
fn ring_inside(drawn: &dyn Fn(usize) -> bool) -> Option<f32> {
    let side = PICTURE as f32;
    let centre = (side - 1.0) / 2.0;
    let mut firsts: Vec<f32> = Vec::with_capacity(RING_DIRECTIONS);
    for d in 0..RING_DIRECTIONS {
        let angle = d as f32 * std::f32::consts::TAU / RING_DIRECTIONS as f32;
        let (sin, cos) = angle.sin_cos();
        let mut r = RING_FROM * side;
        while r <= RING_TO * side {
            let y = (centre + r * sin).round().clamp(0.0, side - 1.0) as usize;
            let x = (centre + r * cos).round().clamp(0.0, side - 1.0) as usize;
            if drawn(y * PICTURE + x) {
                firsts.push(r);
                break;
            }
            r += 0.5;
        }
    }
    if (firsts.len() as f32) < RING_COVER * RING_DIRECTIONS as f32 {
        return None;
    }
    firsts.sort_by(f32::total_cmp);
    Some(firsts[firsts.len() / 4] - 1.0)
}

/// How much two silhouettes overlap, from 0 to 1: intersection over union, at the best of the
/// shifts by up to `SILHOUETTE_SHIFT` crop pixels each way; 0 when both are empty.
pub fn silhouette_overlap(a: &Silhouette, b: &Silhouette) -> f32 {
    silhouette_overlap_unhidden(a, &[0; PICTURE], b, &[0; PICTURE])
}

/// [`silhouette_overlap`] over the pixels that neither picture's mask (`hidden_a`,
/// `hidden_b`: pixels an overlay hides, see [`Sprite::hidden_pixels`]) leaves out: what an
/// arrow hides of a piece is neither its outline nor outside it.
pub fn silhouette_overlap_unhidden(
    a: &Silhouette,
    hidden_a: &Silhouette,
    b: &Silhouette,
    hidden_b: &Silhouette,
) -> f32 {
    let shifted = |rows: &Silhouette, y: usize, dy: isize, dx: isize| {
        let row = y
            .checked_add_signed(dy)
            .and_then(|y| rows.get(y))
            .copied()
            .unwrap_or(0);
        if dx >= 0 { row << dx } else { row >> -dx }
    };
    let mut best = 0.0f32;
    for dy in -SILHOUETTE_SHIFT..=SILHOUETTE_SHIFT {
        for dx in -SILHOUETTE_SHIFT..=SILHOUETTE_SHIFT {
            let (mut both, mut either) = (0u32, 0u32);
            for (y, &row) in a.iter().enumerate() {
                let other = shifted(b, y, dy, dx);
                let seen = !(hidden_a[y] | shifted(hidden_b, y, dy, dx));
                both += (row & other & seen).count_ones();
                either += ((row | other) & seen).count_ones();
            }
            if either > 0 {
                best = best.max(both as f32 / either as f32);
            }
        }
    }
    best
}

/// The colours of what a site draws over the board (arrows, move markers), as found on its
/// empty squares by [`Overlay::find`].
#[derive(Debug, Clone, PartialEq)]
pub struct Overlay {
    /// Distinct overlay colours (rounded to 1/25).
    colours: Vec<[f32; 3]>,
    /// How the overlay is laid over what it covers, when its pixels on squares of different
    /// colours tell ([`Blend::fit`]).
    blend: Option<Blend>,
}

/// An overlay drawn partly transparent in one colour: a pixel under it shows
/// `ink + (1 − opacity) · below`, `ink` being the overlay's colour times its opacity (the
/// renderer draws arrows 200/255 opaque; sites choose their own, hence [`Blend::fit`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Blend {
    /// The overlay's colour times its opacity.
    pub ink: [f32; 3],
    /// The overlay's opacity, between `LEAST_OPACITY` and `MOST_OPACITY`.
    pub opacity: f32,
}

impl Blend {
    /// The blend that explains `pairs` of (overlay pixel, the square colour under it) best,
    /// in least squares, when the squares differ enough (`BLEND_SPREAD`), the fit is close
    /// (`BLEND_MISFIT`) and the opacity plausible.
    pub fn fit(pairs: &[([f32; 3], [f32; 3])]) -> Option<Blend> {
        let n = pairs.len() as f32;
        if pairs.len() < OVERLAY_PIXELS {
            return None;
        }
        let mean = |colours: &mut dyn Iterator<Item = [f32; 3]>| -> [f32; 3] {
            let sum = colours.fold([0.0; 3], |s, c| std::array::from_fn(|ch| s[ch] + c[ch]));
            sum.map(|v| v / n)
        };
        let over = mean(&mut pairs.iter().map(|p| p.0));
        let under = mean(&mut pairs.iter().map(|p| p.1));
        let (mut covariance, mut variance) = (0.0f32, 0.0f32);
        for (o, b) in pairs {
            for ch in 0..3 {
                covariance += (o[ch] - over[ch]) * (b[ch] - under[ch]);
                variance += (b[ch] - under[ch]).powi(2);
            }
        }
        if variance / (3.0 * n) < BLEND_SPREAD * BLEND_SPREAD {
            return None;
        }
        let through = covariance / variance;
        let opacity = 1.0 - through;
        if !(LEAST_OPACITY..=MOST_OPACITY).contains(&opacity) {
            return None;
        }
        let ink: [f32; 3] = std::array::from_fn(|ch| over[ch] - through * under[ch]);
        let misfit = pairs
            .iter()
            .map(|(o, b)| {
                (0..3)
                    .map(|ch| (o[ch] - ink[ch] - through * b[ch]).abs())
                    .sum::<f32>()
            })
            .sum::<f32>()
            / (3.0 * n);
        (misfit <= BLEND_MISFIT).then_some(Blend { ink, opacity })
    }

    /// The colour under an overlay pixel: the blend undone, clamped to the colour range.
    pub fn under(&self, pixel: [f32; 3]) -> [f32; 3] {
        std::array::from_fn(|ch| {
            ((pixel[ch] - self.ink[ch]) / (1.0 - self.opacity)).clamp(-0.5, 0.5)
        })
    }
}

impl Overlay {
    /// The overlay colours on the `empty` squares (indices into `sprites`), if any: pixels
    /// inside the square (`OVERLAY_CONTRAST`) in a strong colour (`OVERLAY_SATURATION`)
    /// that no square colour of the board shades to (`OVERLAY_CHROMA`), when there are at
    /// least `OVERLAY_PIXELS` of them. An arrow crosses empty squares as well as pieces; an
    /// arrow that crosses none goes unseen.
    pub fn find(sprites: &[Sprite], empty: &[usize]) -> Option<Overlay> {
        let empty: Vec<&Sprite> = empty.iter().filter_map(|&i| sprites.get(i)).collect();
        // A board has a few square colours (two, plus highlights) however many empty squares
        // show them: each pixel is checked against each distinct one once.
        let mut backgrounds: Vec<[f32; 3]> = Vec::new();
        for s in &empty {
            if !backgrounds.contains(&s.background) {
                backgrounds.push(s.background);
            }
        }
        let mut colours: Vec<[f32; 3]> = Vec::new();
        let mut pixels = 0usize;
        let mut pairs: Vec<([f32; 3], [f32; 3])> = Vec::new();
        for s in &empty {
            for k in (0..SIDE * SIDE).filter(|&k| inner(k) && s.contrast[k] > OVERLAY_CONTRAST) {
                let p = s.pixels[k];
                let (lo, hi) = p
                    .iter()
                    .fold((f32::MAX, f32::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
                if hi - lo < OVERLAY_SATURATION
                    || backgrounds
                        .iter()
                        .any(|b| off_grey(minus(&p, b)).0 < OVERLAY_CHROMA)
                {
                    continue;
                }
                pixels += 1;
                pairs.push((p, s.background));
                let rounded = p.map(|v| (v * 25.0).round() / 25.0);
                if !colours.contains(&rounded) {
                    colours.push(rounded);
                }
            }
        }
        (pixels >= OVERLAY_PIXELS).then(|| Overlay {
            colours,
            blend: Blend::fit(&pairs),
        })
    }

    /// How the overlay is laid over what it covers, if its pixels tell (see [`Blend::fit`]).
    pub fn blend(&self) -> Option<Blend> {
        self.blend
    }
}

/// Whether reduced pixel `k` lies off the picture's outer ring (which catches neighbouring
/// squares and grid lines).
fn inner(k: usize) -> bool {
    let (v, u) = (k / SIDE, k % SIDE);
    (1..SIDE - 1).contains(&v) && (1..SIDE - 1).contains(&u)
}

fn minus(a: &[f32; 3], b: &[f32; 3]) -> [f32; 3] {
    std::array::from_fn(|ch| a[ch] - b[ch])
}

/// Whether `pixel` is overlay colour `o` laid partly transparent over `background`: the mix
/// β·o + (1 − β)·background for some β of at least [`OVERLAY_BLEND`], within [`OVERLAY_MATCH`]
/// in every channel. An arrow crossing a tinted square (a last-move highlight) takes on the
/// tint's hue, which no grey shade of the arrow's colour matches, and so do the anti-aliased
/// edges of an arrow on any square.
fn blended(pixel: &[f32; 3], o: &[f32; 3], background: &[f32; 3]) -> bool {
    let span = minus(o, background);
    let length: f32 = span.iter().map(|v| v * v).sum();
    if length < 1e-6 {
        return false;
    }
    let offset = minus(pixel, background);
    let beta = (offset.iter().zip(&span).map(|(a, b)| a * b).sum::<f32>() / length).clamp(0.0, 1.0);
    beta >= OVERLAY_BLEND
        && offset
            .iter()
            .zip(&span)
            .all(|(d, s)| (d - beta * s).abs() < OVERLAY_MATCH)
}

/// How far a colour difference `d` is from a grey shade (its largest channel's departure from
/// the channels' mean), and that mean: two colours a shade apart differ by the same in every
/// channel.
fn off_grey(d: [f32; 3]) -> (f32, f32) {
    let mean = d.iter().sum::<f32>() / 3.0;
    let chroma = d.iter().map(|v| (v - mean).abs()).fold(0.0, f32::max);
    (chroma, mean)
}

/// Whether reduced pixel `k` and its eight neighbours all satisfy `is_piece` (pixels on the
/// border never do).
fn surrounded(k: usize, is_piece: &dyn Fn(usize) -> bool) -> bool {
    let (v, u) = (k / SIDE, k % SIDE);
    (1..SIDE - 1).contains(&v)
        && (1..SIDE - 1).contains(&u)
        && (v - 1..=v + 1).all(|y| (u - 1..=u + 1).all(|x| is_piece(y * SIDE + x)))
}

/// What [`mismatch`] needs of two sprites whatever the shift, worked out once per pair.
struct Pair {
    /// The first sprite's background colour minus the second's.
    g: [f32; 3],
    /// `g`'s squared length.
    gg: f32,
    /// Per pixel: hidden in neither picture.
    visible: [bool; AREA],
    /// Per pixel: how many of it and its neighbours are visible (the divisor of their mean).
    neighbours: [f32; AREA],
}

impl Pair {
    fn new(a: &Sprite, b: &Sprite) -> Pair {
        let g: [f32; 3] = std::array::from_fn(|ch| a.background[ch] - b.background[ch]);
        let gg: f32 = g.iter().map(|v| v * v).sum();
        // Pixels hidden in either picture are neither compared nor averaged in; nor are those
        // outside a ring drawn around either piece (a move's target): the ringed copy of a
        // piece differs from the others only there. `ring_inside`'s test is loose (a piece
        // that reaches the crop's edge passes it too, and then only its middle is compared,
        // which still tells pieces apart).
        let (ring_a, ring_b) = (a.outside_ring(), b.outside_ring());
        let outside = |ring: Option<&[bool; AREA]>, k: usize| ring.is_some_and(|m| m[k]);
        let visible: [bool; AREA] = std::array::from_fn(|k| {
            !(a.hidden[k] || b.hidden[k] || outside(ring_a, k) || outside(ring_b, k))
        });
        let mut padded = [0u8; PADDED * PADDED];
        for (k, &v) in visible.iter().enumerate() {
            padded[inside_padded(k)] = u8::from(v);
        }
        let neighbours = std::array::from_fn(|k| {
            let corner = corner_padded(k);
            let n: u8 = (0..3)
                .flat_map(|y| &padded[corner + y * PADDED..][..3])
                .sum();
            f32::from(n)
        });
        Pair {
            g,
            gg,
            visible,
            neighbours,
        }
    }
}

/// Where reduced pixel `k` lies in a picture with a border (see [`PADDED`]).
fn inside_padded(k: usize) -> usize {
    (k / SIDE + 1) * PADDED + k % SIDE + 1
}

/// Where the 3 × 3 neighbourhood of reduced pixel `k` starts (its top left corner) in a
/// picture with a border (see [`PADDED`]).
fn corner_padded(k: usize) -> usize {
    (k / SIDE) * PADDED + k % SIDE
}

/// Capped per-pixel mismatches of pictures `a` and `b` of a `pair` of sprites, 0 where neither
/// picture shows more than background, and how many pixels do. A pixel's mismatch is that of
/// the mean difference over it and its neighbours: noise (JPEG, texture, resampling) differs
/// from pixel to pixel and averages out, a different shape does not.
fn mismatch(pair: &Pair, a: &Picture, b: &Picture) -> ([f32; AREA], usize) {
    let Pair { g, gg, .. } = *pair;
    // Bordered (see [`PADDED`]) so that neighbourhoods need no bounds: the border shows
    // nothing and differs by 0, like hidden pixels, and adding 0 changes no sum.
    let mut shown = [false; PADDED * PADDED];
    let mut count = 0usize;
    for k in 0..AREA {
        let s = pair.visible[k] && (a.foreground[k] || b.foreground[k]);
        shown[inside_padded(k)] = s;
        count += usize::from(s);
    }
    let align = gg > 1e-4;
    let mut difference = [[0.0f32; PADDED * PADDED]; 3];
    // Row by row, without branches, so that the compiler works on several pixels at once.
    for v in 0..SIDE {
        let row = v * SIDE..(v + 1) * SIDE;
        let a_row: [&[f32]; 3] = std::array::from_fn(|ch| &a.channels[ch][row.clone()]);
        let b_row: [&[f32]; 3] = std::array::from_fn(|ch| &b.channels[ch][row.clone()]);
        let visible = &pair.visible[row];
        // Inside a piece (everything around shown too) pixels are opaque: a difference there
        // is a difference of the pieces, not of what shows through (a light piece on a light
        // square and a dark one on a dark square differ in the direction of the squares).
        let near: [&[bool]; 3] = std::array::from_fn(|y| &shown[(v + y) * PADDED..][..PADDED]);
        let opaque: [bool; SIDE] =
            std::array::from_fn(|u| near.iter().all(|r| r[u] & r[u + 1] & r[u + 2]));
        let out = (v + 1) * PADDED + 1;
        for u in 0..SIDE {
            let d: [f32; 3] = std::array::from_fn(|ch| a_row[ch][u] - b_row[ch][u]);
            // A pixel drawn with opacity α over background g shows α·s + (1 − α)·g, so the
            // same sprite over two backgrounds differs by (1 − α)·(g_a − g_b): what is left
            // after taking out the best such multiple is the mismatch.
            let t = ((d[0] * g[0] + d[1] * g[1] + d[2] * g[2]) / gg).clamp(0.0, 1.0);
            let t = if align && !opaque[u] { t } else { 0.0 };
            for ch in 0..3 {
                // Hidden pixels stay at 0, like the border.
                difference[ch][out + u] = if visible[u] { d[ch] - t * g[ch] } else { 0.0 };
            }
        }
    }
    let mut map = [0.0f32; AREA];
    for v in 0..SIDE {
        // The neighbourhood sums of a whole row at once, each added up row by row.
        let sums: [[f32; SIDE]; 3] = std::array::from_fn(|ch| {
            let mut sums = [0.0f32; SIDE];
            for y in 0..3 {
                for x in 0..3 {
                    let row = &difference[ch][(v + y) * PADDED + x..][..SIDE];
                    for (s, d) in sums.iter_mut().zip(row) {
                        *s += d;
                    }
                }
            }
            sums
        });
        for u in (0..SIDE).filter(|&u| shown[(v + 1) * PADDED + u + 1]) {
            let k = v * SIDE + u;
            let n = pair.neighbours[k];
            map[k] = sums
                .iter()
                .map(|s| (s[u] / n).abs())
                .fold(0.0, f32::max)
                .min(CAP);
        }
    }
    (map, count)
}

/// The mean of a [`mismatch`] map over the `count` pixels it covers, from 0 to 1.
fn mean_mismatch(map: &[f32; SIDE * SIDE], count: usize) -> f32 {
    map.iter().sum::<f32>() / (CAP * count as f32)
}

/// The distances between all pairs of `members` (indices into `sprites`), row by row, with
/// `keep_apart(a, b)` (indices into `members`) making a pair as different as can be.
pub fn distances(
    sprites: &[Sprite],
    members: &[usize],
    keep_apart: &(dyn Fn(usize, usize) -> bool + Sync),
) -> Vec<f32> {
    let n = members.len();
    // Row `a` from column `a + 1` on; rows side by side on the thread pool.
    let row = |a: usize| -> Vec<f32> {
        (a + 1..n)
            .map(|b| {
                if keep_apart(a, b) {
                    1.0
                } else {
                    sprites[members[a]].distance(&sprites[members[b]])
                }
            })
            .collect()
    };
    let mut dist = vec![0.0f32; n * n];
    let mut put = |a: usize, row: &[f32]| {
        for (b, &d) in (a + 1..n).zip(row) {
            dist[a * n + b] = d;
            dist[b * n + a] = d;
        }
    };
    if rayon::current_num_threads() > 1 {
        let rows: Vec<Vec<f32>> = (0..n).into_par_iter().map(row).collect();
        for (a, r) in rows.iter().enumerate() {
            put(a, r);
        }
    } else {
        for a in 0..n {
            put(a, &row(a));
        }
    }
    dist
}

/// Groups `n` items with pairwise distances `dist` (`n × n`, row by row) by average-linkage
/// agglomerative clustering: two groups merge while the mean distance between their members is
/// below `threshold`. An item that is `shy` joins only a group of two or more others that are
/// not (a lone pair of look-alikes may be two different pieces; a crowd is not). Groups come out
/// sorted, in order of their first member.
pub fn group(
    dist: &[f32],
    n: usize,
    threshold: f32,
    shy: &dyn Fn(usize) -> bool,
) -> Vec<Vec<usize>> {
    if dist.len() != n * n {
        return (0..n).map(|i| vec![i]).collect();
    }
    let mut groups: Vec<Vec<usize>> = (0..n).map(|i| vec![i]).collect();
    loop {
        let mut best: Option<(f32, usize, usize)> = None;
        for a in 0..groups.len() {
            for b in a + 1..groups.len() {
                let bold = |g: &[usize]| g.iter().filter(|&&i| !shy(i)).count();
                let timid = |g: &[usize]| g.iter().any(|&i| shy(i));
                let (ga, gb) = (&groups[a], &groups[b]);
                if (timid(ga) && bold(gb) < 2) || (timid(gb) && bold(ga) < 2) {
                    continue;
                }
                let mean = mean_distance(dist, n, ga, gb);
                if mean < threshold && best.is_none_or(|(m, _, _)| mean < m) {
                    best = Some((mean, a, b));
                }
            }
        }
        let Some((_, a, b)) = best else { break };
        let merged = groups.swap_remove(b);
        groups[a].extend(merged);
    }
    for g in &mut groups {
        g.sort_unstable();
    }
    groups.sort_by_key(|g| g[0]);
    groups
}

/// The mean distance between the members of groups `a` and `b` (see [`group`]).
pub fn mean_distance(dist: &[f32], n: usize, a: &[usize], b: &[usize]) -> f32 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let sum: f32 = a
        .iter()
        .flat_map(|&i| {
            b.iter()
                .map(move |&j| dist.get(i * n + j).copied().unwrap_or(0.0))
        })
        .sum();
    sum / (a.len() * b.len()) as f32
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A crop of one background colour `bg` with `ink` where `inside(x, y)` holds (`x`, `y`
    /// in crop pixels from the centre). Shared with `classify`'s tests.
    pub(crate) fn crop_with(
        bg: [f32; 3],
        ink: [f32; 3],
        inside: impl Fn(f32, f32) -> bool,
    ) -> Vec<f32> {
        let plane = PICTURE * PICTURE;
        let mut out = vec![0.0; 3 * plane];
        for v in 0..PICTURE {
            for u in 0..PICTURE {
                let colour = if inside(u as f32 - 15.5, v as f32 - 15.5) {
                    ink
                } else {
                    bg
                };
                for ch in 0..3 {
                    out[ch * plane + v * PICTURE + u] = colour[ch];
                }
            }
        }
        out
    }

    /// A crop of one background colour with a filled disc (or square) of `ink`, radius `r`.
    fn crop(bg: [f32; 3], ink: [f32; 3], r: f32, square: bool) -> Vec<f32> {
        crop_with(bg, ink, |x, y| {
            if square {
                x.abs() < r && y.abs() < r
            } else {
                x * x + y * y < r * r
            }
        })
    }

    const LIGHT: [f32; 3] = [0.4, 0.35, 0.2];
    const DARK: [f32; 3] = [-0.1, -0.2, -0.3];
    const INK: [f32; 3] = [-0.5, -0.5, -0.5];

    #[test]
    fn a_piece_across_the_band_takes_the_boards_square_colour_as_background() {
        // A white piece with a dark outline drawn out to the square's edges: the band the
        // background is read from crosses it, the corners show the square.
        const WHITE: [f32; 3] = [0.45, 0.45, 0.45];
        let piece = crop_with(LIGHT, WHITE, |x, y| x * x + y * y < 15.0 * 15.0);
        let outlined: Vec<f32> = {
            let plane = PICTURE * PICTURE;
            let mut out = piece.clone();
            for v in 0..PICTURE {
                for u in 0..PICTURE {
                    let (x, y) = (u as f32 - 15.5, v as f32 - 15.5);
                    let r = (x * x + y * y).sqrt();
                    if (12.5..15.0).contains(&r) {
                        for (ch, ink) in INK.iter().enumerate() {
                            out[ch * plane + v * PICTURE + u] = *ink;
                        }
                    }
                }
            }
            out
        };
        let near = |a: [f32; 3], b: [f32; 3]| (0..3).all(|ch| (a[ch] - b[ch]).abs() < 1e-3);
        assert!(!near(Sprite::from_crop(&outlined).background(), LIGHT));
        let known = Sprite::from_crop_on(&outlined, Some(LIGHT));
        assert!(near(known.background(), LIGHT), "{:?}", known.background());
        let again = Sprite::from_crop(&outlined).on_square(&outlined, LIGHT);
        assert_eq!(again.background(), known.background());
        // A glow over the square's middle leaves the band of one colour: it stays the
        // background, the board's square colour known or not.
        let glow = crop_with(LIGHT, [0.5, 0.0, 0.0], |x, y| x * x + y * y < 16.5 * 16.5);
        let glowing = Sprite::from_crop_on(&glow, Some(LIGHT));
        assert!(
            near(glowing.background(), [0.5, 0.0, 0.0]),
            "{:?}",
            glowing.background()
        );
    }

    #[test]
    fn lightness_runs_from_black_to_white() {
        let mut c = [0.0; COLOUR_BINS];
        c[0] = 1.0;
        assert_eq!(lightness(&c), 0.0);
        c[0] = 0.5;
        c[COLOUR_BINS - 1] = 0.5;
        assert!((lightness(&c) - 0.5).abs() < 1e-6);
        // Pure red: one channel of three at its top level.
        let mut red = [0.0; COLOUR_BINS];
        red[(COLOUR_LEVELS - 1) * COLOUR_LEVELS * COLOUR_LEVELS] = 1.0;
        assert!((lightness(&red) - 1.0 / 3.0).abs() < 1e-6);
    }

    #[test]
    fn a_light_and_a_dark_colouring_of_one_drawing_share_a_silhouette() {
        // A light piece with a dark outline on a light square (its fill close to the square's
        // colour), and the same drawing filled dark on a dark square.
        let outlined = crop_with(LIGHT, INK, |x, y| {
            let r2 = x * x + y * y;
            (64.0..100.0).contains(&r2)
        });
        let plane = PICTURE * PICTURE;
        let mut outlined = outlined;
        for k in 0..plane {
            let (x, y) = ((k % PICTURE) as f32 - 15.5, (k / PICTURE) as f32 - 15.5);
            if x * x + y * y < 64.0 {
                for ch in 0..3 {
                    outlined[ch * plane + k] = LIGHT[ch] + 0.05;
                }
            }
        }
        let light = Sprite::from_crop(&outlined);
        let dark = Sprite::from_crop(&crop(DARK, INK, 10.0, false));
        let same = silhouette_overlap(light.silhouette(), dark.silhouette());
        assert!(same > 0.9, "{same}");
        // Another drawing's outline does not overlap as much.
        let square = Sprite::from_crop(&crop(DARK, INK, 6.0, true));
        let other = silhouette_overlap(light.silhouette(), square.silhouette());
        assert!(other < 0.8, "{other}");
        // The neighbouring squares at the crop's edge are no part of it.
        let mut framed = crop(DARK, INK, 10.0, false);
        for k in 0..plane {
            let (x, y) = (k % PICTURE, k / PICTURE);
            if x == 0 || y == 0 || x == PICTURE - 1 || y == PICTURE - 1 {
                for ch in 0..3 {
                    framed[ch * plane + k] = LIGHT[ch];
                }
            }
        }
        let framed = Sprite::from_crop(&framed);
        let edge = silhouette_overlap(framed.silhouette(), dark.silhouette());
        assert!(edge > 0.95, "{edge}");
        assert_eq!(silhouette_overlap(&[0; PICTURE], &[0; PICTURE]), 0.0);
    }

    /// A disc of `radius` crop pixels on a light square inside a ring 11.5-13 px from the
    /// centre (a move's target marker).
    fn ringed_disc(radius: f32) -> Sprite {
        Sprite::from_crop(&crop_with(LIGHT, INK, |x, y| {
            let r2 = x * x + y * y;
            r2 < radius * radius || (11.5f32 * 11.5..13.0 * 13.0).contains(&r2)
        }))
    }

    #[test]
    fn a_ring_around_a_piece_leaves_the_piece_its_own_silhouette() {
        // A ring around a small disc (inside the crop's outer rings, which give the square's
        // colour), and the same disc without it on a square of another colour.
        let ringed = ringed_disc(6.0);
        let plain = Sprite::from_crop(&crop(DARK, INK, 6.0, false));
        let same = silhouette_overlap(ringed.silhouette(), plain.silhouette());
        assert!(same > 0.9, "{same}");
        // Not the ring's whole disc (about 740 pixels): the piece's, about 120.
        let area: u32 = ringed.silhouette().iter().map(|row| row.count_ones()).sum();
        assert!(area < 200, "{area}");
        // A piece that fills the square looks like a ring from outside and is cut the same
        // way on either colour: its two colourings still match.
        let wide = Sprite::from_crop(&crop(LIGHT, INK, 13.0, true));
        let square = Sprite::from_crop(&crop(DARK, INK, 13.0, true));
        let kept = silhouette_overlap(wide.silhouette(), square.silhouette());
        assert!(kept > 0.95, "{kept}");
    }

    #[test]
    fn a_ring_around_a_piece_is_left_out_of_comparing_pictures() {
        // A move's target ring around one copy of a piece: the copies still match, and the
        // ringed piece stays far from a different one.
        let ringed = ringed_disc(7.0);
        let plain = Sprite::from_crop(&crop(DARK, INK, 7.0, false));
        let other = Sprite::from_crop(&crop(DARK, INK, 7.0, true));
        let same = ringed.distance(&plain);
        assert!(same < 0.05, "{same}");
        assert_eq!(same, plain.distance(&ringed));
        let apart = ringed.distance(&other);
        assert!(apart > 0.15, "{apart}");
        // Where rings are kept (small squares, see `keep_rings`), the ring is compared too.
        let mut kept = ringed.clone();
        kept.keep_rings();
        assert!(kept.distance(&plain) > 0.05, "{}", kept.distance(&plain));
    }

    #[test]
    fn same_sprite_on_other_squares_is_close_and_other_sprites_are_far() {
        let a = Sprite::from_crop(&crop(LIGHT, INK, 9.0, false));
        let b = Sprite::from_crop(&crop(DARK, INK, 9.0, false));
        let c = Sprite::from_crop(&crop(DARK, INK, 9.0, true));
        let d = Sprite::from_crop(&crop(LIGHT, INK, 5.0, false));
        assert!(a.distance(&b) < 0.05, "{}", a.distance(&b));
        assert!(a.distance(&c) > 0.15, "{}", a.distance(&c));
        assert!(a.distance(&d) > 0.3, "{}", a.distance(&d));
        assert_eq!(a.distance(&b), b.distance(&a));
    }

    #[test]
    fn a_sprite_drawn_half_a_pixel_off_still_matches() {
        // A small piece (a ring: mostly edge pixels) drawn one crop pixel down and right of
        // its copy, on the other square colour: unaligned, most of its pixels differ.
        let ring = |dx: f32, dy: f32| {
            crop_with(DARK, INK, move |x, y| {
                let r2 = (x - dx).powi(2) + (y - dy).powi(2);
                (9.0..25.0).contains(&r2)
            })
        };
        let a = Sprite::from_crop(&ring(0.0, 0.0));
        let b = Sprite::from_crop(&ring(1.0, 1.0));
        let (map, count) = mismatch(&Pair::new(&a, &b), &a.picture, &b.picture);
        let unaligned = mean_mismatch(&map, count);
        assert!(unaligned > 0.06, "{unaligned}");
        assert!(a.distance(&b) < 0.03, "{}", a.distance(&b));
        assert!(b.distance(&a) < 0.03, "{}", b.distance(&a));
        // Another piece does not line up with it at any offset.
        let disc = Sprite::from_crop(&crop(DARK, INK, 5.0, false));
        assert!(a.distance(&disc) > 0.2, "{}", a.distance(&disc));
    }

    #[test]
    fn a_difference_in_one_place_keeps_pictures_apart() {
        // Two large discs alike but for a small knob on one (a crown against a cross): the
        // knob is a small share of the picture, but all of one window.
        let disc = Sprite::from_crop(&crop(LIGHT, INK, 11.0, false));
        let knob = Sprite::from_crop(&crop_with(DARK, INK, |x, y| {
            x * x + y * y < 121.0 || ((-3.0..3.0).contains(&x) && (-15.0..-10.0).contains(&y))
        }));
        let (map, count) = mismatch(&Pair::new(&disc, &knob), &disc.picture, &knob.picture);
        let mean = mean_mismatch(&map, count);
        assert!(mean < 0.1, "{mean}");
        assert!(disc.distance(&knob) > 0.3, "{}", disc.distance(&knob));
        // The same disc on the other square colour still matches.
        let again = Sprite::from_crop(&crop(DARK, INK, 11.0, false));
        assert!(disc.distance(&again) < 0.05, "{}", disc.distance(&again));
    }

    /// `crop` with grey noise of up to `amount` on every pixel, different for each `seed`.
    fn noisy(mut crop: Vec<f32>, amount: f32, seed: u64) -> Vec<f32> {
        let plane = PICTURE * PICTURE;
        for k in 0..plane {
            // SplitMix64 of the seed and the pixel: noise unrelated from square to square.
            let mut x = (seed << 32 | k as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
            x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            x ^= x >> 31;
            let n = ((x >> 40) as f32 / (1u32 << 24) as f32 * 2.0 - 1.0) * amount;
            for ch in 0..3 {
                crop[ch * plane + k] += n;
            }
        }
        crop
    }

    #[test]
    fn noise_averages_out_and_shapes_do_not() {
        // Two copies of one small piece in a noisy image (JPEG, texture): most pixels differ
        // a little, which summed pixel by pixel looks like another piece.
        let a = Sprite::from_crop(&noisy(crop(LIGHT, INK, 6.0, false), 0.3, 1));
        let b = Sprite::from_crop(&noisy(crop(LIGHT, INK, 6.0, false), 0.3, 2));
        let shown: Vec<usize> = (0..SIDE * SIDE)
            .filter(|&k| a.contrast[k] > FOREGROUND || b.contrast[k] > FOREGROUND)
            .collect();
        let pixel_by_pixel = shown
            .iter()
            .map(|&k| {
                (0..3)
                    .map(|ch| (a.pixels[k][ch] - b.pixels[k][ch]).abs())
                    .fold(0.0, f32::max)
                    .min(CAP)
            })
            .sum::<f32>()
            / (CAP * shown.len() as f32);
        let (map, count) = mismatch(&Pair::new(&a, &b), &a.picture, &b.picture);
        let averaged = mean_mismatch(&map, count);
        assert!(pixel_by_pixel > 0.15, "{pixel_by_pixel}");
        assert!(averaged < 0.5 * pixel_by_pixel, "{averaged}");
        // A square piece in the same noise stays apart.
        let c = Sprite::from_crop(&noisy(crop(LIGHT, INK, 6.0, true), 0.3, 3));
        assert!(a.distance(&c) > a.distance(&b) + 0.1, "{}", a.distance(&c));
    }

    /// [`mismatch`] written plainly, pixel by pixel, the reference the fast version must
    /// match: `b`'s picture is `b_pixels`, with `b_foreground` its pixels over [`FOREGROUND`].
    fn plain_mismatch(
        a: &Sprite,
        b: &Sprite,
        b_pixels: &[[f32; 3]],
        b_foreground: &[bool],
    ) -> ([f32; AREA], usize) {
        let g: [f32; 3] = std::array::from_fn(|ch| a.background[ch] - b.background[ch]);
        let gg: f32 = g.iter().map(|v| v * v).sum();
        let outside = |s: &Sprite, k: usize| s.outside_ring().is_some_and(|m| m[k]);
        let hidden: [bool; AREA] =
            std::array::from_fn(|k| a.hidden[k] || b.hidden[k] || outside(a, k) || outside(b, k));
        let shown: [bool; AREA] =
            std::array::from_fn(|k| !hidden[k] && (a.contrast[k] > FOREGROUND || b_foreground[k]));
        let difference: [[f32; 3]; AREA] = std::array::from_fn(|k| {
            let d: [f32; 3] = std::array::from_fn(|ch| a.pixels[k][ch] - b_pixels[k][ch]);
            let opaque = surrounded(k, &|j| shown[j]);
            let t = if gg > 1e-4 && !opaque {
                (d.iter().zip(&g).map(|(x, y)| x * y).sum::<f32>() / gg).clamp(0.0, 1.0)
            } else {
                0.0
            };
            std::array::from_fn(|ch| d[ch] - t * g[ch])
        });
        let mut map = [0.0f32; AREA];
        let mut count = 0usize;
        for k in (0..AREA).filter(|&k| shown[k]) {
            count += 1;
            let (v, u) = (k / SIDE, k % SIDE);
            let mut sum = [0.0f32; 3];
            let mut n = 0.0f32;
            for y in v.saturating_sub(1)..(v + 2).min(SIDE) {
                for x in (u.saturating_sub(1)..(u + 2).min(SIDE)).filter(|&x| !hidden[y * SIDE + x])
                {
                    for (s, d) in sum.iter_mut().zip(difference[y * SIDE + x]) {
                        *s += d;
                    }
                    n += 1.0;
                }
            }
            map[k] = sum
                .iter()
                .map(|s| (s / n).abs())
                .fold(0.0, f32::max)
                .min(CAP);
        }
        (map, count)
    }

    #[test]
    fn mismatch_matches_the_plain_one() {
        // SplitMix64: a reproducible stream of shapes, colours, noise and hidden pixels.
        let mut state = 7u64;
        let mut next = move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut x = state;
            x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((x ^ (x >> 31)) >> 40) as f32 / (1u32 << 24) as f32
        };
        let mut sprite = |seed: u64| {
            let colour = |next: &mut dyn FnMut() -> f32| std::array::from_fn(|_| next() - 0.5);
            // Every fourth square is on the same colour: between those, no background
            // difference to take out.
            let bg = if seed % 4 == 1 {
                LIGHT
            } else {
                colour(&mut next)
            };
            let ink = colour(&mut next);
            let (r, cx, cy, square) = (2.0 + 10.0 * next(), next() * 4.0, next() * 4.0, next());
            let crop = crop_with(bg, ink, |x, y| {
                let (x, y) = (x - cx, y - cy);
                if square < 0.5 {
                    x.abs() < r && y.abs() < r
                } else {
                    x * x + y * y < r * r
                }
            });
            let mut sprite = Sprite::from_crop(&noisy(crop, 0.2 * next(), seed));
            // Hidden pixels: none on every third square, some on the others.
            let share = if seed.is_multiple_of(3) {
                0.0
            } else {
                0.3 * next()
            };
            for h in &mut sprite.hidden {
                *h = next() < share;
            }
            sprite
        };
        let sprites: Vec<Sprite> = (0..24).map(&mut sprite).collect();
        for a in &sprites {
            for b in &sprites {
                let pair = Pair::new(a, b);
                for picture in std::iter::once(&b.picture).chain(b.shifted()) {
                    let plain = plain_mismatch(a, b, &pixels_of(picture), &picture.foreground);
                    // Added up in the same order: the same to the last bit.
                    assert_eq!(mismatch(&pair, &a.picture, picture), plain);
                }
                assert_eq!(a.distance(b), plain_distance(a, b));
            }
        }
    }

    /// A [`Picture`]'s pixels as RGB, row by row.
    fn pixels_of(picture: &Picture) -> Vec<[f32; 3]> {
        (0..AREA).map(|k| picture.channels.map(|c| c[k])).collect()
    }

    /// [`Sprite::distance`] on [`plain_mismatch`], written plainly.
    fn plain_distance(a: &Sprite, b: &Sprite) -> f32 {
        let foreground: Vec<bool> = b.contrast.iter().map(|&c| c > FOREGROUND).collect();
        let (map, count) = plain_mismatch(a, b, &b.pixels, &foreground);
        if count < MIN_UNION {
            return a.too_few(b);
        }
        let mut best = (mean_mismatch(&map, count), map);
        if best.0 < ALIGN_BELOW {
            for s in b.shifted() {
                let (map, count) = plain_mismatch(a, b, &pixels_of(s), &s.foreground);
                if count < MIN_UNION {
                    return a.too_few(b);
                }
                let mean = mean_mismatch(&map, count);
                if mean < best.0 {
                    best = (mean, map);
                }
            }
        }
        let (mean, map) = best;
        let mut worst = 0.0f32;
        for y in 0..=SIDE - LOCAL {
            for x in 0..=SIDE - LOCAL {
                let sum: f32 = (y..y + LOCAL)
                    .flat_map(|v| map[v * SIDE + x..v * SIDE + x + LOCAL].iter())
                    .sum();
                worst = worst.max(sum);
            }
        }
        mean.max(LOCAL_WEIGHT * worst / (CAP * (LOCAL * LOCAL) as f32))
    }

    #[test]
    fn lighter_pieces_have_higher_luma_and_empty_squares_none() {
        let white = Sprite::from_crop(&crop(DARK, [0.5, 0.5, 0.5], 8.0, false));
        let black = Sprite::from_crop(&crop(LIGHT, INK, 8.0, false));
        assert!(white.luma().unwrap() > black.luma().unwrap());
        assert_eq!(
            Sprite::from_crop(&crop(DARK, DARK, 8.0, false)).luma(),
            None
        );
        // Too short or non-finite input is an empty square, not a panic.
        assert_eq!(Sprite::from_crop(&[]).luma(), None);
        let nan = vec![f32::NAN; 3 * PICTURE * PICTURE];
        assert_eq!(Sprite::from_crop(&nan).luma(), None);
    }

    #[test]
    fn a_pieces_colours_match_its_copies_and_not_the_other_sides() {
        const WHITE: [f32; 3] = [0.45, 0.42, 0.4];
        let disc = |bg: [f32; 3], ink: [f32; 3]| {
            Sprite::from_crop(&crop(bg, ink, 9.0, false))
                .colours()
                .unwrap()
        };
        let likeness = |a: &Colours, b: &Colours| colour_likeness(a, b);
        // The square's colour is not the piece's: one piece on light and dark squares.
        let (white_on_light, white_on_dark) = (disc(LIGHT, WHITE), disc(DARK, WHITE));
        assert!(likeness(&white_on_light, &white_on_dark) > 0.99);
        let black = disc(LIGHT, INK);
        assert!(likeness(&white_on_light, &black) < 0.01);
        assert!((likeness(&black, &black) - 1.0).abs() < 1e-4);
        // A hollow glyph's inside is the square seen through it.
        let ring = |bg: [f32; 3]| {
            Sprite::from_crop(&crop_with(bg, INK, |x, y| {
                (36.0..121.0).contains(&(x * x + y * y))
            }))
            .colours()
            .unwrap()
        };
        assert!(likeness(&ring(LIGHT), &ring(DARK)) > 0.99);
        // A square with nothing on it, or too little, has no colours.
        assert!(
            Sprite::from_crop(&crop(DARK, DARK, 8.0, false))
                .colours()
                .is_none()
        );
        assert!(Sprite::from_crop(&[]).colours().is_none());
    }

    #[test]
    fn a_ring_around_a_piece_is_not_its_colour() {
        // A move's target ring (radius 0.38-0.42 of the square) around a black and a white
        // piece on a grainy square (a wood texture, JPEG noise): the ring encloses the whole
        // square, whose grain would count as both pieces' colour, but their colours are their
        // own.
        const WHITE: [f32; 3] = [0.45, 0.42, 0.4];
        const RING: [f32; 3] = [0.1, -0.2, -0.35];
        let grainy = |ink: [f32; 3], ring: bool| {
            let mut crop = crop(LIGHT, ink, 7.0, false);
            let plane = PICTURE * PICTURE;
            for k in 0..plane {
                let (u, v) = (k % PICTURE, k / PICTURE);
                let (x, y) = (u as f32 - 15.5, v as f32 - 15.5);
                let on_ring = ring && (140.0..182.0).contains(&(x * x + y * y));
                for ch in 0..3 {
                    if on_ring {
                        crop[ch * plane + k] = RING[ch];
                    } else if (u + v) % 2 == 0 && x * x + y * y >= 49.0 {
                        crop[ch * plane + k] += 0.1;
                    }
                }
            }
            Sprite::from_crop(&crop).colours().unwrap()
        };
        let ringed = |ink: [f32; 3]| grainy(ink, true);
        let plain = |ink: [f32; 3]| grainy(ink, false);
        assert!(colour_likeness(&ringed(INK), &ringed(WHITE)) < 0.05);
        assert!(colour_likeness(&ringed(INK), &plain(INK)) > 0.95);
    }

    #[test]
    fn a_ring_along_the_second_band_is_not_the_square() {
        // A move's target ring 12-15.5 crop pixels from the centre covers most of the band the
        // square's colour is read from: the colour left between piece and ring is the square's,
        // and the piece keeps its own colours and outline.
        const RING: [f32; 3] = [0.1, -0.2, -0.35];
        let plain = Sprite::from_crop(&crop(LIGHT, INK, 6.0, false));
        let mut crop = crop(LIGHT, INK, 6.0, false);
        let plane = PICTURE * PICTURE;
        for k in 0..plane {
            let (x, y) = ((k % PICTURE) as f32 - 15.5, (k / PICTURE) as f32 - 15.5);
            if (144.0..240.0).contains(&(x * x + y * y)) {
                for (ch, c) in RING.iter().enumerate() {
                    crop[ch * plane + k] = *c;
                }
            }
        }
        let in_ring = Sprite::from_crop(&crop);
        let background = in_ring.background();
        assert!(
            background
                .iter()
                .zip(LIGHT)
                .all(|(b, l)| (b - l).abs() < 0.02),
            "{background:?}"
        );
        let (a, b) = (in_ring.colours().unwrap(), plain.colours().unwrap());
        assert!(colour_likeness(&a, &b) > 0.9, "{}", colour_likeness(&a, &b));
        let same = silhouette_overlap(in_ring.silhouette(), plain.silhouette());
        assert!(same > 0.9, "{same}");
        // A check's glow, strongest in the middle, is no ring: the band's colour stays.
        const RED: [f32; 3] = [0.5, -0.3, -0.3];
        let mut glow = vec![0.0; 3 * plane];
        for k in 0..plane {
            let (x, y) = ((k % PICTURE) as f32 - 15.5, (k / PICTURE) as f32 - 15.5);
            let t = (1.0 - (x * x + y * y).sqrt() / 20.0).max(0.0);
            for ch in 0..3 {
                glow[ch * plane + k] = LIGHT[ch] + t * (RED[ch] - LIGHT[ch]);
            }
        }
        let glowing = Sprite::from_crop(&glow);
        assert!(
            (glowing.background()[1] - LIGHT[1]).abs() > 0.1,
            "{:?}",
            glowing.background()
        );
    }

    /// `crop` with a band 6 crop pixels high across its middle painted over in `colour`,
    /// 80 % opaque: an arrow's shaft.
    pub(crate) fn with_arrow(mut crop: Vec<f32>, colour: [f32; 3]) -> Vec<f32> {
        let plane = PICTURE * PICTURE;
        for v in 14..20 {
            for u in 0..PICTURE {
                for (ch, c) in colour.iter().enumerate() {
                    let p = &mut crop[ch * plane + v * PICTURE + u];
                    *p = 0.8 * c + 0.2 * *p;
                }
            }
        }
        crop
    }

    /// An arrow's colour.
    pub(crate) const GREEN: [f32; 3] = [-0.42, -0.03, -0.39];

    #[test]
    fn an_arrow_found_on_empty_squares_is_left_out_of_the_pieces_it_crosses() {
        let plain = Sprite::from_crop(&crop(LIGHT, LIGHT, 1.0, false));
        let crossed = Sprite::from_crop(&with_arrow(crop(DARK, DARK, 1.0, false), GREEN));
        let disc = Sprite::from_crop(&crop(LIGHT, INK, 9.0, false));
        let disc_crossed = Sprite::from_crop(&with_arrow(crop(DARK, INK, 9.0, false), GREEN));
        let square_crossed = Sprite::from_crop(&with_arrow(crop(DARK, INK, 9.0, true), GREEN));
        // The arrow makes one copy of the disc look like another piece.
        assert!(
            disc.distance(&disc_crossed) > 0.5,
            "{}",
            disc.distance(&disc_crossed)
        );
        let sprites = [plain.clone(), crossed, disc.clone(), disc_crossed.clone()];
        let overlay = Overlay::find(&sprites, &[0, 1]).expect("the arrow on square 1");
        let (mut a, mut b) = (disc.clone(), disc_crossed.clone());
        a.hide(Some(&overlay));
        b.hide(Some(&overlay));
        assert!(a.distance(&b) < 0.1, "{}", a.distance(&b));
        assert_eq!(a.distance(&b), b.distance(&a));
        // Another piece under the arrow stays apart.
        let mut c = square_crossed;
        c.hide(Some(&overlay));
        assert!(a.distance(&c) > 0.15, "{}", a.distance(&c));
        // Without an overlay nothing stays hidden: the arrow counts again.
        b.hide(None);
        assert!(a.distance(&b) > 0.5, "{}", a.distance(&b));
        // No arrow on the empty squares: nothing is hidden.
        let shaded = Sprite::from_crop(&crop(DARK, LIGHT, 4.0, false));
        assert_eq!(Overlay::find(&[plain, shaded], &[0, 1]), None);
        // A picture with all of its piece hidden cannot be compared.
        let mut gone = disc.clone();
        gone.hidden = vec![true; SIDE * SIDE];
        assert_eq!(gone.distance(&disc), UNKNOWN);
    }

    #[test]
    fn an_overlays_opacity_and_colour_come_from_the_squares_it_crosses() {
        let (ink, opacity) = ([-0.4, 0.1, -0.35], 0.75);
        let over = |b: [f32; 3]| -> [f32; 3] {
            std::array::from_fn(|ch| opacity * ink[ch] + (1.0 - opacity) * b[ch])
        };
        let (light, dark) = ([0.4, 0.35, 0.25], [-0.1, -0.2, -0.3]);
        let pairs: Vec<([f32; 3], [f32; 3])> = (0..40)
            .map(|k| if k % 2 == 0 { light } else { dark })
            .map(|b| (over(b), b))
            .collect();
        let blend = Blend::fit(&pairs).expect("a blend");
        assert!((blend.opacity - opacity).abs() < 1e-4, "{blend:?}");
        // What was under the overlay comes back.
        let piece = [0.3, -0.45, 0.2];
        let back = blend.under(over(piece));
        for ch in 0..3 {
            assert!((back[ch] - piece[ch]).abs() < 1e-3, "{back:?}");
        }
        // Over one square colour only, opacity and colour cannot be told apart.
        let one: Vec<_> = (0..40).map(|_| (over(light), light)).collect();
        assert_eq!(Blend::fit(&one), None);
        // Two overlay colours at once fit no one blend.
        let two: Vec<_> = pairs
            .iter()
            .enumerate()
            .map(|(k, &(o, b))| {
                if k % 4 < 2 {
                    (o, b)
                } else {
                    ([0.4, 0.4, -0.4], b)
                }
            })
            .collect();
        assert_eq!(Blend::fit(&two), None);
        // Too few pixels, or an opaque overlay (nothing of the square shows): no blend.
        assert_eq!(Blend::fit(&pairs[..OVERLAY_PIXELS - 1]), None);
        let opaque: Vec<_> = pairs.iter().map(|&(_, b)| (ink, b)).collect();
        assert_eq!(Blend::fit(&opaque), None);
    }

    #[test]
    fn an_arrow_over_a_tinted_square_is_left_out_too() {
        // The arrow is found on an empty square of the board's own colour...
        let plain = Sprite::from_crop(&crop(LIGHT, LIGHT, 1.0, false));
        let crossed = Sprite::from_crop(&with_arrow(crop(DARK, DARK, 1.0, false), GREEN));
        let overlay = Overlay::find(&[plain, crossed], &[0, 1]).expect("the arrow on square 1");
        // ...and crosses a piece on a highlighted square, where it takes on the tint's blue.
        const TINT: [f32; 3] = [-0.2, 0.1, 0.45];
        let disc = Sprite::from_crop(&crop(LIGHT, INK, 9.0, false));
        let mut disc_crossed = Sprite::from_crop(&with_arrow(crop(TINT, INK, 9.0, false), GREEN));
        disc_crossed.hide(Some(&overlay));
        let shaft = (7..10).flat_map(|v| (0..SIDE).map(move |u| v * SIDE + u));
        assert!(
            shaft.clone().all(|k| disc_crossed.hidden[k]),
            "{:?}",
            disc_crossed.hidden
        );
        assert!(
            disc.distance(&disc_crossed) < 0.1,
            "{}",
            disc.distance(&disc_crossed)
        );
        // The piece itself and the tinted square around it stay in view.
        let piece = (3..6).map(|v| v * SIDE + SIDE / 2);
        assert!(piece.chain([0, SIDE - 1]).all(|k| !disc_crossed.hidden[k]));
        // The share hidden counts the shaft's three rows, and no more than half the picture.
        let share = disc_crossed.hidden_share();
        assert!((3.0 / SIDE as f32..0.5).contains(&share), "{share}");
        assert_eq!(disc.hidden_share(), 0.0);
    }

    #[test]
    fn an_arrow_across_a_piece_is_left_out_of_comparing_outlines() {
        let plain = Sprite::from_crop(&crop(LIGHT, LIGHT, 1.0, false));
        let crossed = Sprite::from_crop(&with_arrow(crop(LIGHT, LIGHT, 1.0, false), GREEN));
        let overlay = Overlay::find(&[plain, crossed], &[0, 1]).expect("the arrow on square 1");
        let disc = Sprite::from_crop(&crop(LIGHT, INK, 9.0, false));
        let small = Sprite::from_crop(&crop(LIGHT, INK, 4.0, false));
        let mut disc_crossed = Sprite::from_crop(&with_arrow(crop(LIGHT, INK, 9.0, false), GREEN));
        disc_crossed.hide(Some(&overlay));
        // The arrow's shaft is drawn into the outline, edge to edge, and spoils the match...
        let shaft_row = 16;
        assert_ne!(disc_crossed.silhouette()[shaft_row] & 0b1100, 0);
        let spoiled = silhouette_overlap(disc.silhouette(), disc_crossed.silhouette());
        // ...but the pixels it hides are known, and the rest of the picture is not hidden.
        let hidden = disc_crossed.hidden_pixels();
        assert_ne!(hidden[shaft_row] & 0b1100, 0);
        assert!(hidden[2..12].iter().all(|&row| row == 0), "{hidden:?}");
        assert_eq!(disc.hidden_pixels(), [0; PICTURE]);
        // Left out, the piece matches its uncrossed copy again, and not a smaller piece.
        let none = [0; PICTURE];
        let matched = silhouette_overlap_unhidden(
            disc.silhouette(),
            &none,
            disc_crossed.silhouette(),
            &hidden,
        );
        assert!(matched > 0.9 && spoiled < 0.85, "{matched} {spoiled}");
        let other = silhouette_overlap_unhidden(
            small.silhouette(),
            &none,
            disc_crossed.silhouette(),
            &hidden,
        );
        assert!(
            other < crate::vision::params::assign::MIRROR_FROM,
            "{other}"
        );
        // Without masks it is the plain overlap.
        assert_eq!(
            silhouette_overlap_unhidden(disc.silhouette(), &none, small.silhouette(), &none),
            silhouette_overlap(disc.silhouette(), small.silhouette())
        );
    }

    #[test]
    fn groups_by_picture() {
        let sprites = vec![
            Sprite::from_crop(&crop(LIGHT, INK, 9.0, false)),
            Sprite::from_crop(&crop(DARK, INK, 9.0, true)),
            Sprite::from_crop(&crop(DARK, INK, 9.0, false)),
            Sprite::from_crop(&crop(LIGHT, INK, 9.0, true)),
            Sprite::from_crop(&crop(LIGHT, INK, 4.0, false)),
        ];
        let all = [0, 1, 2, 3, 4];
        let dist = distances(&sprites, &all, &|_, _| false);
        assert_eq!(
            group(&dist, 5, 0.1, &|_| false),
            vec![vec![0, 2], vec![1, 3], vec![4]]
        );
        // A shy item does not pair up with a single look-alike.
        assert_eq!(
            group(&dist, 5, 0.1, &|i| i == 0),
            vec![vec![0], vec![1, 3], vec![2], vec![4]]
        );
        // Kept apart, the same pictures stay in separate groups.
        let dist = distances(&sprites, &all, &|a, b| (a, b) == (0, 2));
        assert_eq!(
            group(&dist, 5, 0.1, &|_| false),
            vec![vec![0], vec![1, 3], vec![2], vec![4]]
        );
        assert!(group(&[], 0, 0.1, &|_| false).is_empty());
        assert_eq!(
            group(&[0.0], 2, 0.1, &|_| false).len(),
            2,
            "a wrong-sized matrix groups nothing"
        );
    }
}
