//! Orientation: is white at the bottom of the image or black?
//!
//! Two clues:
//! 1. Where the pieces stand: white pawns and the white king usually sit on the half nearer
//!    to white's side, black's on the other. In positions from games this is clear-cut.
//! 2. Rank digits drawn on or beside the board. The digits' ink differs: `1` and `7` are thin,
//!    `8`, `6` and `0`-like shapes are heavy, whatever the font. The ink of the eight labels
//!    along an edge, top to bottom, is compared with the typical ink of `8..1` and of `1..8`.
//!
//! [`decide`] trusts clear placement first: the digits are found on few boards, and the
//! placement of a game position points the right way clearly (the ignored test
//! `clue_reliability` in `training::vision::render` measures both on rendered boards).
//! Scattered pieces give weak placement evidence, and then the digits decide when they can.
//!
//! ```
//! use chessbot::vision::orient::{Orientation, from_placement};
//! use shakmaty::{Board, Piece, Square};
//! // The start position as image cells, white at the bottom.
//! let board = Board::default();
//! let cells: Vec<Option<Piece>> = (0..64)
//!     .map(|i| board.piece_at(Square::new((7 - i / 8) * 8 + i % 8)))
//!     .collect();
//! assert_eq!(from_placement(&cells), Orientation::WhiteBottom);
//! ```

use crate::vision::geometry::BoardBox;
use crate::vision::params::orient::*;
use image::RgbImage;
use shakmaty::{Color, Piece, Role};

/// Which side's first rank is at the bottom of the image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    /// White at the bottom: a1 is the bottom-left square.
    #[serde(rename = "white")]
    WhiteBottom,
    /// Black at the bottom: h8 is the bottom-left square.
    #[serde(rename = "black")]
    BlackBottom,
}

impl Orientation {
    /// True when black is at the bottom (the board is drawn flipped).
    pub fn flipped(self) -> bool {
        self == Orientation::BlackBottom
    }

    /// `white` or `black`: the side at the bottom.
    pub fn name(self) -> &'static str {
        match self {
            Orientation::WhiteBottom => "white",
            Orientation::BlackBottom => "black",
        }
    }
}

/// What the orientation was decided from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OrientationSource {
    /// Given by the user (`--orientation`).
    Forced,
    /// From the rank digits drawn on or beside the board.
    Coordinates,
    /// From where the pieces stand.
    Pieces,
}

/// Decides the orientation of the board at `board` in `img` whose image cells hold `cells`
/// (row 0 = top): clear placement evidence first, else the rank digits, else the placement.
pub fn decide(
    img: &RgbImage,
    board: &BoardBox,
    cells: &[Option<Piece>],
) -> (Orientation, OrientationSource) {
    let placement = placement_evidence(cells);
    if placement.abs() < CLEAR_PLACEMENT
        && let Some(o) = from_coordinates(img, board, cells)
    {
        return (o, OrientationSource::Coordinates);
    }
    (from_evidence(placement), OrientationSource::Pieces)
}

/// Decides the orientation from rank digits drawn on or beside the board, if any are found.
///
/// Looks at the corners of the left and right columns of squares (where most sites draw
/// digits) and at the strips just outside the board's left and right edges. Inside the board
/// only the rows whose edge square is empty in `cells` (64 image cells, row 0 = top; an empty
/// slice when the pieces are not known) count, at least `LEAST_LABELS`: a piece's ink
/// outweighs a digit's, and a few pieces on the digits' file can follow either order.
/// Returns `None` when no edge shows labels whose ink clearly follows one order.
pub fn from_coordinates(
    img: &RgbImage,
    board: &BoardBox,
    cells: &[Option<Piece>],
) -> Option<Orientation> {
    let (sx, sy) = board.square_size();
    let mut best: Option<(f32, Orientation)> = None;
    for right in [false, true] {
        for &(a0, a1, b0, b1) in &LABEL_REGIONS {
            let inside = a0 >= 0.0;
            let col = if right { 7 } else { 0 };
            let rows: Vec<usize> = (0..8)
                .filter(|&row| !inside || cells.get(row * 8 + col).is_none_or(Option::is_none))
                .collect();
            if rows.len() < LEAST_LABELS {
                continue;
            }
            let mut ink = vec![0.0f32; rows.len()];
            let mut ok = true;
            for (&row, v) in rows.iter().zip(ink.iter_mut()) {
                let y0 = board.y + (row as f32 + b0) * sy;
                let y1 = board.y + (row as f32 + b1) * sy;
                let (x0, x1) = if right {
                    let e = board.x + board.w;
                    (e - a1 * sx, e - a0 * sx)
                } else {
                    (board.x + a0 * sx, board.x + a1 * sx)
                };
                match ink_fraction(img, x0, y0, x1, y1) {
                    Some(f) => *v = f,
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            // Labels: every row has some ink, none is a solid block.
            if ink
                .iter()
                .any(|&f| !(LABEL_INK.0..=LABEL_INK.1).contains(&f))
            {
                continue;
            }
            // Digits differ in ink, but within a few times: near-equal inks are a page
            // texture (whose small wobble can follow any order), far-apart ones are pieces.
            let most = ink.iter().copied().fold(0.0f32, f32::max);
            let least = ink.iter().copied().fold(f32::MAX, f32::min);
            if !(INK_SPREAD.0..=INK_SPREAD.1).contains(&(most / least)) {
                continue;
            }
            // Digits differ from each other; a frame line or a page edge beside the board gives
            // the same ink on every row but where something else crosses it, and one odd row
            // correlates with any order. So at least two labels must stand out from the median
            // label.
            let mut sorted = ink.clone();
            sorted.sort_by(f32::total_cmp);
            let median = sorted[sorted.len() / 2];
            let odd = ink
                .iter()
                .filter(|&&f| (f - median).abs() > ODD_SHARE * median)
                .count();
            // Digits' inks all differ, give or take two; a page element beside the board that
            // ends at some row gives the same ink on every row it spans, and two odd rows
            // where it ends.
            let same = ink
                .iter()
                .map(|&f| {
                    ink.iter()
                        .filter(|&&g| (g - f).abs() <= SAME_INK * median)
                        .count()
                })
                .max()
                .unwrap_or(0);
            if same >= SAME_INK_LABELS {
                continue;
            }
            // Inks that merely alternate row by row are not digits: the pixels of a frame
            // beside the board can fall into the coarse colour bins a little differently on
            // alternate rows, and read as more and less ink by turns.
            if parity_share(&ink, &rows) > PARITY_SHARE {
                continue;
            }
            let Some((margin, o)) = digit_order(&ink, &rows) else {
                continue;
            };
            if margin > DIGIT_MARGIN && odd >= ODD_LABELS && best.is_none_or(|b| margin > b.0) {
                best = Some((margin, o));
            }
        }
    }
    best.map(|b| b.1)
}

/// The fraction of pixels in the rectangle that differ clearly from its dominant colour
/// (the background of the label), or `None` when the rectangle leaves the image.
fn ink_fraction(img: &RgbImage, x0: f32, y0: f32, x1: f32, y1: f32) -> Option<f32> {
    let (w, h) = img.dimensions();
    let (x0, y0) = (x0.round() as i64, y0.round() as i64);
    let (x1, y1) = (x1.round() as i64, y1.round() as i64);
    if x0 < 0 || y0 < 0 || x1 > i64::from(w) || y1 > i64::from(h) || x1 - x0 < 2 || y1 - y0 < 2 {
        return None;
    }
    // Dominant colour: the most common coarse (3-bit per channel) colour.
    let mut hist = [0u32; 512];
    for y in y0..y1 {
        for x in x0..x1 {
            let p = img.get_pixel(x as u32, y as u32).0;
            hist[(usize::from(p[0] >> 5) << 6)
                | (usize::from(p[1] >> 5) << 3)
                | usize::from(p[2] >> 5)] += 1;
        }
    }
    let mode = (0..512).max_by_key(|&i| hist[i]).unwrap_or(0);
    let center = [
        ((mode >> 6) as i32) * 32 + 16,
        (((mode >> 3) & 7) as i32) * 32 + 16,
        ((mode & 7) as i32) * 32 + 16,
    ];
    let mut n = 0u32;
    let mut inked = 0u32;
    for y in y0..y1 {
        for x in x0..x1 {
            let p = img.get_pixel(x as u32, y as u32).0;
            let d: i32 = (0..3).map(|c| (i32::from(p[c]) - center[c]).abs()).sum();
            n += 1;
            if d > INK_DISTANCE {
                inked += 1;
            }
        }
    }
    Some(inked as f32 / n.max(1) as f32)
}

/// The share of the spread (variance) of the inks `ink` of the labels on image rows `rows`
/// that the rows' parity explains: 1 when the inks of even rows are all one value and those of
/// odd rows another.
fn parity_share(ink: &[f32], rows: &[usize]) -> f32 {
    let mean = |par: Option<usize>| {
        let v: Vec<f32> = ink
            .iter()
            .zip(rows)
            .filter(|&(_, r)| par.is_none_or(|p| r % 2 == p))
            .map(|(&f, _)| f)
            .collect();
        v.iter().sum::<f32>() / v.len().max(1) as f32
    };
    let all = mean(None);
    let by_parity = [mean(Some(0)), mean(Some(1))];
    let total: f32 = ink.iter().map(|f| (f - all).powi(2)).sum();
    let within: f32 = ink
        .iter()
        .zip(rows)
        .map(|(f, r)| (f - by_parity[r % 2]).powi(2))
        .sum();
    if total <= f32::EPSILON {
        return 0.0;
    }
    1.0 - within / total
}

/// How much better the inks `ink` of the labels on image rows `rows` follow the digits `8..1`
/// top down than `1..8` (or the other way), and the orientation they point to.
fn digit_order(ink: &[f32], rows: &[usize]) -> Option<(f32, Orientation)> {
    let top_down_white: Vec<f32> = rows.iter().map(|&r| DIGIT_INK[7 - r]).collect();
    let top_down_black: Vec<f32> = rows.iter().map(|&r| DIGIT_INK[r]).collect();
    let cw = correlation(ink, &top_down_white);
    let cb = correlation(ink, &top_down_black);
    if cw > cb {
        Some((cw - cb, Orientation::WhiteBottom))
    } else if cb > cw {
        Some((cb - cw, Orientation::BlackBottom))
    } else {
        None
    }
}

fn correlation(a: &[f32], b: &[f32]) -> f32 {
    let n = a.len() as f32;
    let ma = a.iter().sum::<f32>() / n;
    let mb = b.iter().sum::<f32>() / n;
    let cov: f32 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f32 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f32 = b.iter().map(|y| (y - mb).powi(2)).sum();
    if va < 1e-9 || vb < 1e-9 {
        return 0.0;
    }
    cov / (va * vb).sqrt()
}

/// Decides the orientation from where the pieces stand (`cells`: 64 image cells, row 0 = top).
///
/// Pawns count by how far they stand from their own first rank's half, kings twice; with no
/// evidence either way white is taken to be at the bottom.
pub fn from_placement(cells: &[Option<Piece>]) -> Orientation {
    from_evidence(placement_evidence(cells))
}

fn from_evidence(evidence: f32) -> Orientation {
    if evidence < 0.0 {
        Orientation::BlackBottom
    } else {
        Orientation::WhiteBottom
    }
}

/// The evidence of [`from_placement`]: the weighted mean of how far each piece stands toward
/// its own side, in rows (> 0: white at the bottom; about 2.5 in the start position, near 0
/// when pieces are scattered at random).
pub fn placement_evidence(cells: &[Option<Piece>]) -> f32 {
    let mut score = 0.0f32; // > 0: white at the bottom
    let mut weights = 0.0f32;
    for (i, c) in cells.iter().enumerate().take(64) {
        let Some(p) = c else { continue };
        // +3.5 at the bottom row, -3.5 at the top row.
        let down = (i / 8) as f32 - 3.5;
        let weight = match p.role {
            Role::Pawn => 1.0,
            Role::King => 2.0,
            Role::Rook => 0.5,
            _ => 0.25,
        };
        score += match p.color {
            Color::White => weight * down,
            Color::Black => -weight * down,
        };
        weights += weight;
    }
    if weights > 0.0 { score / weights } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;
    use shakmaty::Board;

    fn cells(board: &Board, flipped: bool) -> Vec<Option<Piece>> {
        (0..64)
            .map(|i| board.piece_at(crate::vision::geometry::cell_square(i / 8, i % 8, flipped)))
            .collect()
    }

    #[test]
    fn placement_decides_both_ways() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R",
            "8/5k2/8/8/8/8/2K5/8",
        ];
        for fen in fens {
            let board: Board = fen.parse().unwrap();
            assert_eq!(
                from_placement(&cells(&board, false)),
                Orientation::WhiteBottom,
                "{fen}"
            );
            assert_eq!(
                from_placement(&cells(&board, true)),
                Orientation::BlackBottom,
                "{fen}"
            );
        }
    }

    /// Draws digit-like marks with the ink of `DIGIT_INK` in the top-left corner of the
    /// left column's squares.
    fn board_with_labels(flipped: bool) -> (RgbImage, BoardBox) {
        let s = 50u32;
        let mut img = RgbImage::from_pixel(8 * s + 40, 8 * s + 40, Rgb([255, 255, 255]));
        for y in 0..8 * s {
            for x in 0..8 * s {
                let dark = !(x / s + y / s).is_multiple_of(2);
                img.put_pixel(
                    x + 20,
                    y + 20,
                    Rgb(if dark {
                        [181, 136, 99]
                    } else {
                        [240, 217, 181]
                    }),
                );
            }
        }
        for row in 0..8u32 {
            let rank = if flipped { row + 1 } else { 8 - row };
            // A 10×14 box of which a share given by the digit's ink is filled.
            let cells = (DIGIT_INK[rank as usize - 1] * 70.0) as u32;
            for k in 0..cells {
                let (x, y) = (k % 5 * 2, k / 5);
                img.put_pixel(20 + 3 + x, 20 + row * s + 3 + y, Rgb([30, 30, 30]));
            }
        }
        (img, BoardBox::new(20.0, 20.0, 400.0, 400.0))
    }

    #[test]
    fn the_digits_are_read_on_empty_squares_only() {
        // White at the bottom; dark pieces fill most of the left column's squares in the top
        // rows, where the thin and middling digits are, so their ink follows `1..8` top down.
        let (mut img, b) = board_with_labels(false);
        let mut cells = vec![None; 64];
        for row in 0..3u32 {
            for y in 2..40 {
                for x in 2..40 {
                    img.put_pixel(20 + x, 20 + row * 50 + y, Rgb([20, 20, 20]));
                }
            }
            cells[row as usize * 8] = Some(Piece::from_char('p').unwrap());
        }
        assert_ne!(
            from_coordinates(&img, &b, &[]),
            Some(Orientation::WhiteBottom)
        );
        assert_eq!(
            from_coordinates(&img, &b, &cells),
            Some(Orientation::WhiteBottom)
        );
        // Too few empty squares on the edge: no verdict.
        for row in 3..5 {
            cells[row * 8] = Some(Piece::from_char('P').unwrap());
        }
        assert_eq!(from_coordinates(&img, &b, &cells), None);
    }

    #[test]
    fn rank_digits_decide_both_ways() {
        let (img, b) = board_with_labels(false);
        assert_eq!(
            from_coordinates(&img, &b, &[]),
            Some(Orientation::WhiteBottom)
        );
        let (img, b) = board_with_labels(true);
        assert_eq!(
            from_coordinates(&img, &b, &[]),
            Some(Orientation::BlackBottom)
        );
    }

    #[test]
    fn clear_placement_outweighs_the_digits_and_weak_placement_does_not() {
        // Digits say white at the bottom.
        let (img, b) = board_with_labels(false);
        let start: Board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
            .parse()
            .unwrap();
        assert_eq!(
            decide(&img, &b, &cells(&start, true)),
            (Orientation::BlackBottom, OrientationSource::Pieces)
        );
        // Two kings side by side in the middle: no placement evidence, the digits decide.
        let bare: Board = "8/8/8/3kK3/8/8/8/8".parse().unwrap();
        assert_eq!(
            decide(&img, &b, &cells(&bare, true)),
            (Orientation::WhiteBottom, OrientationSource::Coordinates)
        );
        assert!(placement_evidence(&cells(&start, false)) > CLEAR_PLACEMENT);
    }

    /// A plain board at (40, 20) with 50 px squares and `ink[row]` of each row's strip just
    /// outside the left edge filled with dark dots.
    fn board_with_strip_ink(ink: [f32; 8]) -> (RgbImage, BoardBox) {
        let s = 50u32;
        let mut img = RgbImage::from_pixel(8 * s + 60, 8 * s + 40, Rgb([255, 255, 255]));
        for y in 0..8 * s {
            for x in 0..8 * s {
                let dark = !(x / s + y / s).is_multiple_of(2);
                let c = if dark { [0, 90, 0] } else { [250, 250, 250] };
                img.put_pixel(x + 40, y + 20, Rgb(c));
            }
        }
        // The outside strip read is x 13..38, y 5..45 of each row: 25×40 = 1000 pixels.
        for (row, &f) in ink.iter().enumerate() {
            let dots = (f * 1000.0).round() as u32;
            for k in 0..dots {
                let (x, y) = (13 + k % 25, 20 + row as u32 * s + 5 + k / 25);
                img.put_pixel(x, y, Rgb([30, 30, 30]));
            }
        }
        (img, BoardBox::new(40.0, 20.0, 400.0, 400.0))
    }

    #[test]
    fn ink_that_barely_varies_or_varies_tenfold_is_not_read_as_digits() {
        // Both follow the ink of the digits 1..8 from the top (black at the bottom) exactly.
        let order = |lo: f32, hi: f32| DIGIT_INK.map(|d| lo + (hi - lo) * (d - 0.5) / 0.5);
        // Page texture: 0.40-0.41 of every strip dark.
        let (img, b) = board_with_strip_ink(order(0.40, 0.41));
        assert_eq!(from_coordinates(&img, &b, &[]), None);
        // Pieces reaching into the region: 0.03-0.40.
        let (img, b) = board_with_strip_ink(order(0.03, 0.40));
        assert_eq!(from_coordinates(&img, &b, &[]), None);
        // Digits: 0.10-0.20.
        let (img, b) = board_with_strip_ink(order(0.10, 0.20));
        assert_eq!(
            from_coordinates(&img, &b, &[]),
            Some(Orientation::BlackBottom)
        );
    }

    #[test]
    fn a_frame_line_with_odd_rows_is_not_read_as_digits() {
        // Seven equal strips and a heavier top one: follows `8..1` top down closely enough
        // (margin 1.3) to have been read as white at the bottom.
        let mut ink = [0.19; 8];
        ink[0] = 0.44;
        let (img, b) = board_with_strip_ink(ink);
        assert_eq!(from_coordinates(&img, &b, &[]), None);
        // Six equal strips and two heavier bottom ones: a page element beside the board that
        // ends two rows from its bottom (follows `1..8` top down).
        let mut ink = [0.167; 8];
        ink[6] = 0.206;
        ink[7] = 0.222;
        let (img, b) = board_with_strip_ink(ink);
        assert_eq!(from_coordinates(&img, &b, &[]), None);
        // Strips of eight inks in the digits' order, two of them equal, are labels.
        let ink = std::array::from_fn(|row| 0.1 + 0.1 * DIGIT_INK[7 - row]);
        let (img, b) = board_with_strip_ink(ink);
        assert_eq!(
            from_coordinates(&img, &b, &[]),
            Some(Orientation::WhiteBottom)
        );
    }

    #[test]
    fn ink_that_merely_alternates_row_by_row_is_not_read_as_digits() {
        // Rows that read by turns 0.3 and 0.4, as a frame beside the board can (each under
        // half, so that the strip's own colour stays its most common one): correlates with
        // `1..8` top down by 1.4 more than with `8..1`.
        let ink = std::array::from_fn(|row| if row % 2 == 0 { 0.3 } else { 0.4 });
        let (img, b) = board_with_strip_ink(ink);
        assert_eq!(from_coordinates(&img, &b, &[]), None);
        // The digits' own inks are not explained by the parity of their rows.
        let rows: Vec<usize> = (0..8).collect();
        assert!(parity_share(&DIGIT_INK, &rows) < 0.6);
        assert!(parity_share(&ink, &rows) > 0.99);
    }

    #[test]
    fn no_labels_no_verdict() {
        let (img, b) = board_with_strip_ink([0.0; 8]);
        assert_eq!(from_coordinates(&img, &b, &[]), None);
    }
}
