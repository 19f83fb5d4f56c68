//! Orientation: is white at the bottom of the image or black?
//!
//! As a person reads a board: the coordinate labels first, where the board draws them and
//! they read consistently ([`from_labels`]: digits `8..1` down an edge, letters `a..h` along
//! one, or the other way round); else the position itself, judged by a prior learnt from the
//! positions of games ([`crate::vision::prior`]), when it is sure enough
//! ([`PRIOR_CONFIDENCE`]); else white at the bottom, as most screenshots show.
//!
//! ```
//! use chessbot::vision::orient::{Orientation, OrientationSource, decide};
//! use shakmaty::{Board, Piece, Square};
//! // The start position as image cells, white at the bottom, and no labels.
//! let board = Board::default();
//! let cells: Vec<Option<Piece>> = (0..64)
//!     .map(|i| board.piece_at(Square::new((7 - i / 8) * 8 + i % 8)))
//!     .collect();
//! let d = decide(&[], &cells);
//! assert_eq!((d.orientation, d.source), (Orientation::WhiteBottom, OrientationSource::Pieces));
//! let turned: Vec<Option<Piece>> = cells.iter().rev().copied().collect();
//! assert_eq!(decide(&[], &turned).orientation, Orientation::BlackBottom);
//! ```

use crate::vision::labels::LabelReading;
use crate::vision::params::orient::*;
use crate::vision::prior::Prior;
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
    /// From the coordinate labels drawn on or beside the board.
    Labels,
    /// From where the pieces stand (the position prior).
    Pieces,
    /// Nothing told surely enough: white at the bottom.
    Default,
}

/// An orientation decided: which, from what, and how likely the position prior finds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OrientationDecision {
    /// The side at the bottom.
    pub orientation: Orientation,
    /// What decided it.
    pub source: OrientationSource,
    /// The position prior's probability of `orientation` (from the pieces and the share of
    /// screenshots with white at the bottom), whatever decided it.
    pub probability: f32,
}

/// Decides the orientation of a board whose labels read `labels` and whose image cells
/// (row 0 at the top) hold `cells`: the labels when they agree ([`from_labels`]), else the
/// position prior when it gives a side at least [`PRIOR_CONFIDENCE`], else white at the
/// bottom.
pub fn decide(labels: &[LabelReading], cells: &[Option<Piece>]) -> OrientationDecision {
    let white = Prior::embedded().white_bottom(cells);
    let probability = |o: Orientation| match o {
        Orientation::WhiteBottom => white,
        Orientation::BlackBottom => 1.0 - white,
    };
    let (orientation, source) = match (from_labels(labels), from_pieces(cells)) {
        (Some(o), _) => (o, OrientationSource::Labels),
        (None, Some(o)) => (o, OrientationSource::Pieces),
        (None, None) => (Orientation::WhiteBottom, OrientationSource::Default),
    };
    OrientationDecision {
        orientation,
        source,
        probability: probability(orientation),
    }
}

/// The given orientation, with the position prior's probability of it.
pub fn forced(orientation: Orientation, cells: &[Option<Piece>]) -> OrientationDecision {
    let white = Prior::embedded().white_bottom(cells);
    OrientationDecision {
        orientation,
        source: OrientationSource::Forced,
        probability: if orientation.flipped() {
            1.0 - white
        } else {
            white
        },
    }
}

/// The side the position prior puts at the bottom of image cells `cells` (row 0 at the top)
/// with a probability of at least [`PRIOR_CONFIDENCE`], if either.
pub fn from_pieces(cells: &[Option<Piece>]) -> Option<Orientation> {
    let white = Prior::embedded().white_bottom(cells);
    if white >= PRIOR_CONFIDENCE {
        Some(Orientation::WhiteBottom)
    } else if 1.0 - white >= PRIOR_CONFIDENCE {
        Some(Orientation::BlackBottom)
    } else {
        None
    }
}

/// The orientation the labels read point to ([`crate::vision::labels::read`]), when they agree.
/// A digit in image row `r` (0 at the top) says `8 - r` with white at the bottom and `r + 1`
/// with black; a letter in image column `c` the `c`-th letter with white and the `(7 - c)`-th
/// with black. Each glyph weighs in by how much likelier the network finds the one text than
/// the other (from -1 to 1; a glyph that fits neither way, such as page text or a piece's
/// fragment, weighs next to nothing): the weights toward one side must add up to
/// [`LABEL_EVIDENCE`] and outweigh those toward the other [`LABEL_MAJORITY`] times over.
/// The digits, and apart from them the letters, may all stand one square off their rank or
/// file (some sites' styles draw every file letter in the next file's corner): each takes the
/// offset (none, or one square either way) that makes it point most clearly one way. Labels
/// come in runs along an edge, so one digit and one letter, however sure, decide nothing.
pub fn from_labels(labels: &[LabelReading]) -> Option<Orientation> {
    // The weights toward white and toward black of the digits, then of the letters.
    let kinds = [true, false].map(|digits| {
        let weights = |offset: isize| label_weights(labels, digits, offset);
        [0, -1, 1]
            .into_iter()
            .map(weights)
            .fold((0.0f32, 0.0f32), |best, (w, b)| {
                if w.max(b) > best.0.max(best.1) {
                    (w, b)
                } else {
                    best
                }
            })
    });
    let (white, black) = (kinds[0].0 + kinds[1].0, kinds[0].1 + kinds[1].1);
    // Labels run along an edge: one kind must weigh more than a single glyph can.
    let run = |side: fn(&(f32, f32)) -> f32| kinds.iter().map(side).fold(0.0, f32::max) > 1.0;
    let decided =
        |agree: f32, other: f32| agree >= LABEL_EVIDENCE && agree >= LABEL_MAJORITY * other;
    if decided(white, black) && run(|k| k.0) {
        Some(Orientation::WhiteBottom)
    } else if decided(black, white) && run(|k| k.1) {
        Some(Orientation::BlackBottom)
    } else {
        None
    }
}

/// The weights of the `digits` (else the letters) of `labels` toward white and toward black at
/// the bottom (see [`from_labels`]), each read as standing `offset` rows (columns) further down
/// (right) than its spot; a glyph moved off the board weighs nothing.
fn label_weights(labels: &[LabelReading], digits: bool, offset: isize) -> (f32, f32) {
    let (mut white, mut black) = (0.0f32, 0.0f32);
    for l in labels.iter().filter(|l| l.text.is_ascii_digit() == digits) {
        let line = l
            .spot
            .line(digits)
            .and_then(|line| usize::try_from(line + offset).ok());
        let Some(line) = line.filter(|&i| i < 8) else {
            continue;
        };
        let (w, b) = if digits {
            let digit = |d: usize| char::from(b'0' + d as u8);
            (
                l.probability(digit(8 - line)),
                l.probability(digit(line + 1)),
            )
        } else {
            let letter = |f: usize| char::from(b'a' + f as u8);
            (l.probability(letter(line)), l.probability(letter(7 - line)))
        };
        if w > b {
            white += w - b;
        } else {
            black += b - w;
        }
    }
    (white, black)
}

/// The weighted mean of how far each piece stands toward its own side, in rows (> 0: white at the bottom; about 2.5 in the start position, near 0
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
    use crate::vision::labels::{Side, Spot};
    use shakmaty::Board;

    fn cells(board: &Board, flipped: bool) -> Vec<Option<Piece>> {
        (0..64)
            .map(|i| board.piece_at(crate::vision::geometry::cell_square(i / 8, i % 8, flipped)))
            .collect()
    }

    /// A glyph read as `text` for sure.
    fn label(text: char, spot: Spot) -> LabelReading {
        let mut p = [0.0; crate::vision::labels::GLYPH_CLASSES];
        p[crate::vision::labels::glyph_class(text)] = 1.0;
        LabelReading::new(spot, (0.0, 0.0), p).unwrap()
    }

    /// Digits in the top-left corners of the left column and letters in the bottom-right
    /// corners of the bottom row, as a board turned `flipped` draws them.
    fn edge_labels(flipped: bool) -> Vec<LabelReading> {
        let mut out = Vec::new();
        for i in 0..8 {
            let rank = if flipped { i + 1 } else { 8 - i };
            let file = if flipped { 7 - i } else { i };
            out.push(label(
                char::from(b'0' + rank as u8),
                Spot::Corner {
                    row: i,
                    col: 0,
                    corner: (false, false),
                },
            ));
            out.push(label(
                char::from(b'a' + file as u8),
                Spot::Corner {
                    row: 7,
                    col: i,
                    corner: (true, true),
                },
            ));
        }
        out
    }

    /// `labels` with every digit moved `rows` rows down and every letter `cols` columns right.
    fn moved(labels: Vec<LabelReading>, rows: isize, cols: isize) -> Vec<LabelReading> {
        labels
            .into_iter()
            .filter_map(|mut l| {
                let Spot::Corner { row, col, corner } = l.spot else {
                    return Some(l);
                };
                let (row, col) = if l.text.is_ascii_digit() {
                    (row.checked_add_signed(rows)?, col)
                } else {
                    (row, col.checked_add_signed(cols)?)
                };
                (row < 8 && col < 8).then(|| {
                    l.spot = Spot::Corner { row, col, corner };
                    l
                })
            })
            .collect()
    }

    #[test]
    fn labels_one_square_off_their_rank_or_file_still_decide() {
        // Some styles draw every file letter in the next file's corner, or the rank digits on
        // the line below their rank: the order along the edge still tells the orientation.
        for flipped in [false, true] {
            let expected = if flipped {
                Orientation::BlackBottom
            } else {
                Orientation::WhiteBottom
            };
            for (rows, cols) in [(0, 1), (1, 0), (0, -1), (-1, 1)] {
                let labels = moved(edge_labels(flipped), rows, cols);
                assert_eq!(from_labels(&labels), Some(expected), "{rows} {cols}");
            }
        }
        // A letter so moved past the last file stands beside the board, level with its row.
        let past_the_edge = [
            label(
                'g',
                Spot::Corner {
                    row: 7,
                    col: 7,
                    corner: (false, true),
                },
            ),
            label(
                'h',
                Spot::Margin {
                    side: Side::Right,
                    index: 7,
                },
            ),
        ];
        assert_eq!(from_labels(&past_the_edge), Some(Orientation::WhiteBottom));
        // Two squares off is too far for the board's own labels.
        let letters: Vec<_> = moved(edge_labels(false), 0, 2)
            .into_iter()
            .filter(|l| l.text.is_alphabetic())
            .collect();
        assert_eq!(from_labels(&letters), None);
    }

    #[test]
    fn glyphs_in_the_middle_of_a_margin_they_do_not_run_along_decide_nothing() {
        // Digits above the board and letters beside it, level with its middle (move numbers,
        // buttons): one square in, they would read as the top rank's `8` and the first file's
        // `a`, but they stand in no line.
        let mut glyphs = Vec::new();
        for index in 2..6 {
            glyphs.push(label(
                '8',
                Spot::Margin {
                    side: Side::Top,
                    index,
                },
            ));
            glyphs.push(label(
                'a',
                Spot::Margin {
                    side: Side::Left,
                    index,
                },
            ));
        }
        assert_eq!(from_labels(&glyphs), None);
    }

    #[test]
    fn labels_that_agree_decide_either_way() {
        assert_eq!(
            from_labels(&edge_labels(false)),
            Some(Orientation::WhiteBottom)
        );
        assert_eq!(
            from_labels(&edge_labels(true)),
            Some(Orientation::BlackBottom)
        );
        // Digits alone, letters alone, or two of them, are enough.
        let digits: Vec<_> = edge_labels(true)
            .into_iter()
            .filter(|l| l.text.is_ascii_digit())
            .collect();
        let letters: Vec<_> = edge_labels(true)
            .into_iter()
            .filter(|l| l.text.is_alphabetic())
            .collect();
        assert_eq!(from_labels(&digits), Some(Orientation::BlackBottom));
        assert_eq!(from_labels(&letters), Some(Orientation::BlackBottom));
        assert_eq!(from_labels(&letters[..2]), Some(Orientation::BlackBottom));
        // One label is not.
        assert_eq!(from_labels(&letters[..1]), None);
        // Margin labels count as the row or column they stand beside: `1` left of the top row.
        let margin = [
            label(
                '1',
                Spot::Margin {
                    side: Side::Left,
                    index: 0,
                },
            ),
            label(
                '2',
                Spot::Margin {
                    side: Side::Right,
                    index: 1,
                },
            ),
            label(
                'h',
                Spot::Margin {
                    side: Side::Bottom,
                    index: 0,
                },
            ),
            // A digit below the board labels no row: left out, whatever it says.
            label(
                '7',
                Spot::Margin {
                    side: Side::Bottom,
                    index: 3,
                },
            ),
        ];
        assert_eq!(from_labels(&margin), Some(Orientation::BlackBottom));
        // Page text above the board (a move number, a button read as a letter): one digit
        // and one letter are no run of labels.
        let above = [
            label(
                '1',
                Spot::Margin {
                    side: Side::Top,
                    index: 0,
                },
            ),
            label(
                'c',
                Spot::Margin {
                    side: Side::Top,
                    index: 5,
                },
            ),
        ];
        assert_eq!(from_labels(&above), None);
    }

    #[test]
    fn labels_that_disagree_decide_nothing() {
        // Eight readings each way: page text or a misread board, not labels.
        let mut both = edge_labels(false);
        both.extend(edge_labels(true));
        assert_eq!(from_labels(&both), None);
        // Two right and one wrong.
        let mut labels: Vec<_> = edge_labels(false).into_iter().take(4).collect();
        labels.retain(|l| l.text.is_ascii_digit());
        labels.push(label(
            '1',
            Spot::Corner {
                row: 0,
                col: 7,
                corner: (true, false),
            },
        ));
        assert_eq!(from_labels(&labels), None);
        // Many right outweigh one wrong, and a glyph that fits neither way (`5` in the top
        // row) weighs nothing.
        let mut labels = edge_labels(false);
        labels.push(label(
            '1',
            Spot::Corner {
                row: 0,
                col: 7,
                corner: (true, false),
            },
        ));
        labels.push(label(
            '5',
            Spot::Corner {
                row: 0,
                col: 6,
                corner: (true, false),
            },
        ));
        assert_eq!(from_labels(&labels), Some(Orientation::WhiteBottom));
        // Unsure readings add up: eight digits each a little likelier the right way.
        let unsure: Vec<LabelReading> = (0..8)
            .map(|row| {
                let mut p = [0.0; crate::vision::labels::GLYPH_CLASSES];
                p[8 - row] = 0.45;
                p[row + 1] += 0.15;
                p[0] = 1.0 - p.iter().sum::<f32>();
                let spot = Spot::Corner {
                    row,
                    col: 0,
                    corner: (false, false),
                };
                LabelReading::new(spot, (0.0, 0.0), p).unwrap()
            })
            .collect();
        assert_eq!(from_labels(&unsure), Some(Orientation::WhiteBottom));
    }

    #[test]
    fn the_labels_outweigh_the_pieces_and_the_prior_decides_without_them() {
        let start = Board::default();
        // The start position drawn white at the bottom, labels saying black: the labels win.
        let d = decide(&edge_labels(true), &cells(&start, false));
        assert_eq!(
            (d.orientation, d.source),
            (Orientation::BlackBottom, OrientationSource::Labels)
        );
        assert!(d.probability < 0.01, "{d:?}");
        // Without labels, the pieces decide, either way.
        for flipped in [false, true] {
            let d = decide(&[], &cells(&start, flipped));
            assert_eq!(d.orientation.flipped(), flipped);
            assert_eq!(d.source, OrientationSource::Pieces);
            assert!(d.probability > 0.99, "{d:?}");
        }
        // Two kings in the middle tell nothing: white at the bottom by default.
        let bare: Board = "8/8/8/3kK3/8/8/8/8".parse().unwrap();
        let d = decide(&[], &cells(&bare, true));
        assert_eq!(
            (d.orientation, d.source),
            (Orientation::WhiteBottom, OrientationSource::Default)
        );
        assert!(d.probability < PRIOR_CONFIDENCE);
        assert_eq!(
            forced(Orientation::BlackBottom, &cells(&start, true)).source,
            OrientationSource::Forced
        );
    }
}
