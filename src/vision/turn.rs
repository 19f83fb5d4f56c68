//! Side to move from a last-move highlight: sites and GUIs tint the two squares of the last
//! move (lichess green, chess.com yellow); the piece on one of them is the one that moved, so the
//! other side is to move. Outlines around the squares (XBoard's `-highlightLastMove`) are not
//! read.
//!
//! Each square's background is read in its four corners (small patches inside the square, clear
//! of the piece in the middle and of legal-move rings): a square is tinted when three of its
//! four corners stand out from the usual colour of its square colour (light or dark) by much
//! more than the board's own texture moves them (one corner may hold a coordinate letter, two an
//! arrow's shaft or a frame's blur), and two such squares must be under one highlight: one
//! translucent colour over both, which a check glow or a selected square of another tint is
//! not. Two tinted squares make a last move; with a third under the same tint (a selected
//! square), the move is the empty one and the one piece that could have come from it. A single
//! tinted square leaves the side to move untold.
//!
//! ```
//! use chessbot::vision::geometry::BoardBox;
//! use chessbot::vision::classes::SquareClass;
//! use chessbot::vision::turn::from_highlight;
//! use image::{Rgb, RgbImage};
//! // A plain 8×8 board of 10 px squares with e2 and e4 tinted yellow, a white pawn on e4.
//! let mut img = RgbImage::from_fn(80, 80, |x, y| {
//!     if (x / 10 + y / 10).is_multiple_of(2) { Rgb([240, 217, 181]) } else { Rgb([181, 136, 99]) }
//! });
//! for (col, row) in [(4, 6), (4, 4)] {
//!     for y in row * 10..row * 10 + 10 {
//!         for x in col * 10..col * 10 + 10 {
//!             let p = img.get_pixel_mut(x, y);
//!             *p = Rgb([(p[0] as u32 / 2 + 127) as u8, (p[1] as u32 / 2 + 127) as u8, p[2] / 2 + 25]);
//!         }
//!     }
//! }
//! let mut classes = [SquareClass::Empty; 64];
//! classes[4 * 8 + 4] = SquareClass::Piece(shakmaty::Color::White.pawn());
//! let clue = from_highlight(&img, &BoardBox::new(0.0, 0.0, 80.0, 80.0), &classes, false).unwrap();
//! assert_eq!(clue.to_move, shakmaty::Color::Black);
//! ```

use crate::vision::classes::SquareClass;
use crate::vision::geometry::{BoardBox, cell_square};
use crate::vision::params::turn::*;
use crate::vision::squares::{cell_colours, cell_corners, median, usual_colours};
use image::RgbImage;
use shakmaty::{Bitboard, Color, File, Piece, Rank, Role, Square, attacks};

/// A last move read off a highlight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastMove {
    /// The move's two tinted image cells (row * 8 + col, row 0 at the top), in cell order.
    pub cells: [usize; 2],
    /// The side whose piece stands on the tinted squares: it made the last move.
    pub moved: Color,
    /// The side to move.
    pub to_move: Color,
}

/// The last move shown on the board at `board` in `img`, with `classes` read in image cell
/// order and the board turned as `flipped` says (black at the bottom). Two tinted squares tell
/// it when the pieces on them name one side: one holds a piece, or both hold pieces of one side
/// (a castling drawn king to rook). Three under one tint (a selected square besides the move,
/// as chess.com draws it) tell it when one is empty and exactly one of the other two holds a
/// piece that could have come from there (a knight's jump, a clear line, a pawn's step).
pub fn from_highlight(
    img: &RgbImage,
    board: &BoardBox,
    classes: &[SquareClass],
    flipped: bool,
) -> Option<LastMove> {
    if classes.len() != 64 || !board.fits_in(img.width(), img.height()) {
        return None;
    }
    let cells = tinted_cells(img, board)?;
    let piece = |i: usize| classes[i].piece();
    let (cells, moved) = match cells.as_slice() {
        &[a, b] => {
            let moved = match (piece(a), piece(b)) {
                (Some(p), None) | (None, Some(p)) => p.color,
                (Some(p), Some(q)) if p.color == q.color => p.color,
                _ => return None,
            };
            ([a, b], moved)
        }
        three @ &[_, _, _] => {
            let square = |i: usize| cell_square(i / 8, i % 8, flipped);
            let occupied: Bitboard = (0..64)
                .filter(|&i| piece(i).is_some())
                .map(square)
                .collect();
            let empty: Vec<usize> = three
                .iter()
                .copied()
                .filter(|&i| piece(i).is_none())
                .collect();
            let &[from] = empty.as_slice() else {
                return None;
            };
            let landed: Vec<(usize, Piece)> = three
                .iter()
                .filter_map(|&i| piece(i).map(|p| (i, p)))
                .filter(|&(i, p)| could_have_moved(p, square(from), square(i), occupied))
                .collect();
            let &[(to, p)] = landed.as_slice() else {
                return None;
            };
            ([from.min(to), from.max(to)], p.color)
        }
        _ => return None,
    };
    Some(LastMove {
        cells,
        moved,
        to_move: moved.other(),
    })
}

/// Whether `piece`, standing on `to` among the `occupied` squares, could have just come from
/// `from`: its own move's shape (a pawn's step, double step or capture forward; a knight's jump;
/// a line the other pieces leave clear; a king's step or castling), or a pawn's last step
/// promoting it.
fn could_have_moved(piece: Piece, from: Square, to: Square, occupied: Bitboard) -> bool {
    let forward = |a: Square, b: Square| {
        let ranks = i32::from(b.rank()) - i32::from(a.rank());
        if piece.color == Color::White {
            ranks
        } else {
            -ranks
        }
    };
    let files = (i32::from(to.file()) - i32::from(from.file())).abs();
    let pawn_step = forward(from, to) == 1 && files <= 1;
    let home = if piece.color == Color::White {
        Rank::Second
    } else {
        Rank::Seventh
    };
    let promoted = pawn_step && to.rank() == piece.color.fold_wb(Rank::Eighth, Rank::First);
    match piece.role {
        Role::Pawn => pawn_step || (forward(from, to) == 2 && files == 0 && from.rank() == home),
        Role::Knight => attacks::knight_attacks(from).contains(to) || promoted,
        Role::Bishop => attacks::bishop_attacks(from, occupied).contains(to) || promoted,
        Role::Rook => attacks::rook_attacks(from, occupied).contains(to) || promoted,
        Role::Queen => attacks::queen_attacks(from, occupied).contains(to) || promoted,
        Role::King => {
            let back = piece.color.fold_wb(Rank::First, Rank::Eighth);
            attacks::king_attacks(from).contains(to)
                || (from.file() == File::E
                    && from.rank() == back
                    && to.rank() == back
                    && files == 2)
        }
    }
}

/// The cells under the board's highlight, in cell order: the most tinted pair of cells that
/// stand out from their square colour under one translucent colour, with every other such cell
/// under it (a selected square tinted alike); `None` when no pair is. Cells that stand out in another colour (a check
/// glow, a selected square tinted otherwise) are left aside.
pub fn tinted_cells(img: &RgbImage, board: &BoardBox) -> Option<Vec<usize>> {
    let corners = cell_corners(img, board)?;
    let colour = cell_colours(&corners);
    let parity = |i: usize| (i / 8 + i % 8) % 2;
    let usual = usual_colours(&colour);
    // A cell's tint: the second least of its corners' distances from the usual colour (three of
    // four corners must move: a coordinate letter or an arrow's shaft moves one or two).
    let tint: Vec<f32> = (0..64)
        .map(|i| {
            let mut d: Vec<f32> = corners[i]
                .iter()
                .map(|k| distance(k, &usual[parity(i)]))
                .collect();
            d.sort_by(f32::total_cmp);
            d[1]
        })
        .collect();
    let noise: [f32; 2] = std::array::from_fn(|p| {
        median(
            (0..64)
                .filter(|&i| parity(i) == p)
                .map(|i| tint[i])
                .collect(),
        )
    });
    let candidates: Vec<usize> = (0..64)
        .filter(|&i| tint[i] >= MIN_TINT && tint[i] >= TINT_OVER_NOISE * noise[parity(i)])
        .collect();
    let one_tint = |a: usize, b: usize| {
        one_highlight(colour[a], usual[parity(a)], colour[b], usual[parity(b)])
    };
    // The pair of candidates under one highlight whose fainter cell is the most tinted.
    let best = candidates
        .iter()
        .enumerate()
        .flat_map(|(k, &a)| candidates[k + 1..].iter().map(move |&b| (a, b)))
        .filter(|&(a, b)| one_tint(a, b))
        .max_by(|x, y| {
            tint[x.0]
                .min(tint[x.1])
                .total_cmp(&tint[y.0].min(tint[y.1]))
        })?;
    let mut under: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&c| c == best.0 || c == best.1 || (one_tint(c, best.0) && one_tint(c, best.1)))
        .collect();
    under.sort_unstable();
    Some(under)
}

/// Whether cells coloured `a` and `b`, whose square colours are `usual_a` and `usual_b`, can be
/// under one highlight: the same translucent colour laid over both. Over squares of one colour
/// that gives one colour; over the two colours, `a - b` is `usual_a - usual_b` scaled by one
/// less the highlight's opacity.
fn one_highlight(a: [f32; 3], usual_a: [f32; 3], b: [f32; 3], usual_b: [f32; 3]) -> bool {
    let gap: [f32; 3] = std::array::from_fn(|c| usual_a[c] - usual_b[c]);
    let seen: [f32; 3] = std::array::from_fn(|c| a[c] - b[c]);
    let norm = gap.iter().map(|g| g * g).sum::<f32>();
    let scale = if norm > 1.0 {
        (0..3).map(|c| seen[c] * gap[c]).sum::<f32>() / norm
    } else {
        0.0
    };
    if norm > 1.0 && !(0.0..=1.0).contains(&scale) {
        return false;
    }
    let left: [f32; 3] = std::array::from_fn(|c| seen[c] - scale * gap[c]);
    let size = distance(&a, &usual_a).max(distance(&b, &usual_b));
    distance(&left, &[0.0; 3]) <= SAME_TINT * size + SAME_TINT_LEVELS
}

/// `|a - b|` summed over the channels (0-765).
fn distance(a: &[f32; 3], b: &[f32; 3]) -> f32 {
    (0..3).map(|c| (a[c] - b[c]).abs()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A plain board of `sq` px squares with `tinted` cells (row, col) blended half-way to
    /// `tint`, and noise of up to `noise` levels.
    fn board_image(sq: u32, tinted: &[(u32, u32)], tint: [u8; 3], noise: i32) -> RgbImage {
        let mut img = RgbImage::from_fn(8 * sq + 40, 8 * sq + 40, |x, y| {
            let seed = x.wrapping_mul(2654435761) ^ y.wrapping_mul(40503);
            let n = if noise > 0 {
                (seed % (2 * noise as u32 + 1)) as i32 - noise
            } else {
                0
            };
            let shade = |v: i32| (v + n).clamp(0, 255) as u8;
            if x < 20 || y < 20 || x >= 8 * sq + 20 || y >= 8 * sq + 20 {
                return Rgb([30, 30, 30]);
            }
            if ((x - 20) / sq + (y - 20) / sq).is_multiple_of(2) {
                Rgb([shade(238), shade(238), shade(210)])
            } else {
                Rgb([shade(118), shade(150), shade(86)])
            }
        });
        for &(row, col) in tinted {
            for y in 20 + row * sq..20 + (row + 1) * sq {
                for x in 20 + col * sq..20 + (col + 1) * sq {
                    let p = img.get_pixel_mut(x, y);
                    for c in 0..3 {
                        p[c] = ((u32::from(p[c]) + u32::from(tint[c])) / 2) as u8;
                    }
                }
            }
        }
        img
    }

    fn grid(sq: u32) -> BoardBox {
        BoardBox::new(20.0, 20.0, 8.0 * sq as f32, 8.0 * sq as f32)
    }

    #[test]
    fn the_piece_on_one_of_two_tinted_squares_has_moved() {
        // e2-e4 on a board white at the bottom: e2 is row 6, e4 row 4, column 4.
        let img = board_image(40, &[(6, 4), (4, 4)], [255, 255, 51], 6);
        let mut classes = [SquareClass::Empty; 64];
        classes[4 * 8 + 4] = SquareClass::Piece(Color::White.pawn());
        classes[7 * 8 + 4] = SquareClass::Piece(Color::White.king());
        let clue = from_highlight(&img, &grid(40), &classes, false).unwrap();
        assert_eq!(clue.cells, [4 * 8 + 4, 6 * 8 + 4]);
        assert_eq!((clue.moved, clue.to_move), (Color::White, Color::Black));
        // The same squares with a black knight landed on one: white to move.
        classes[4 * 8 + 4] = SquareClass::Piece(Color::Black.knight());
        let clue = from_highlight(&img, &grid(40), &classes, false).unwrap();
        assert_eq!(clue.to_move, Color::White);
    }

    #[test]
    fn no_tint_one_tint_or_three_that_hold_no_move_tell_nothing() {
        let mut classes = [SquareClass::Empty; 64];
        classes[20] = SquareClass::Piece(Color::White.queen());
        for tinted in [vec![], vec![(2, 4)], vec![(2, 4), (3, 3), (5, 1)]] {
            let img = board_image(24, &tinted, [100, 150, 255], 8);
            assert_eq!(
                from_highlight(&img, &grid(24), &classes, false),
                None,
                "{tinted:?}"
            );
        }
    }

    #[test]
    fn two_tinted_squares_without_one_sides_piece_tell_nothing() {
        let img = board_image(30, &[(1, 1), (6, 6)], [20, 85, 30], 0);
        let mut classes = [SquareClass::Empty; 64];
        // Both empty.
        assert_eq!(from_highlight(&img, &grid(30), &classes, false), None);
        // A piece of each side.
        classes[9] = SquareClass::Piece(Color::White.rook());
        classes[54] = SquareClass::Piece(Color::Black.rook());
        assert_eq!(from_highlight(&img, &grid(30), &classes, false), None);
        // Both white (a castling drawn king to rook): white moved.
        classes[54] = SquareClass::Piece(Color::White.king());
        let clue = from_highlight(&img, &grid(30), &classes, false).unwrap();
        assert_eq!(clue.to_move, Color::Black);
    }

    #[test]
    fn texture_as_strong_as_a_faint_tint_is_not_a_tint() {
        // Noise of up to 40 levels a channel: a band's median barely moves, and a square tinted
        // far less than a highlight does is not taken for one.
        let img = board_image(32, &[], [0, 0, 0], 40);
        assert_eq!(tinted_cells(&img, &grid(32)), None);
        let mut faint = board_image(32, &[], [0, 0, 0], 0);
        for y in 20 + 2 * 32..20 + 3 * 32 {
            for x in 20 + 3 * 32..20 + 4 * 32 {
                faint.get_pixel_mut(x, y)[0] = faint.get_pixel(x, y)[0].saturating_sub(6);
            }
        }
        assert_eq!(tinted_cells(&faint, &grid(32)), None);
    }

    #[test]
    fn a_square_tinted_in_another_colour_does_not_hide_the_move() {
        // d2-d4 in yellow, a selected knight on g8 in dark green (as lichess draws them).
        let mut img = board_image(32, &[(6, 3), (4, 3)], [255, 255, 51], 4);
        let green = board_image(32, &[(0, 6)], [20, 85, 30], 4);
        for y in 20..20 + 32 {
            for x in 20 + 6 * 32..20 + 7 * 32 {
                img.put_pixel(x, y, *green.get_pixel(x, y));
            }
        }
        let mut classes = [SquareClass::Empty; 64];
        classes[4 * 8 + 3] = SquareClass::Piece(Color::White.pawn());
        classes[6] = SquareClass::Piece(Color::Black.knight());
        let clue = from_highlight(&img, &grid(32), &classes, false).unwrap();
        assert_eq!(clue.cells, [4 * 8 + 3, 6 * 8 + 3]);
        assert_eq!(clue.to_move, Color::Black);
    }

    #[test]
    fn a_frame_blurred_into_the_top_of_the_first_row_is_not_a_tint() {
        // The frame's colour over the top fifth of the top row's squares (two corners each),
        // and a last move elsewhere.
        let mut img = board_image(30, &[(5, 2), (3, 4)], [100, 150, 255], 0);
        for y in 20..26 {
            for x in 20..20 + 8 * 30 {
                img.put_pixel(x, y, Rgb([200, 90, 20]));
            }
        }
        assert_eq!(
            tinted_cells(&img, &grid(30)),
            Some(vec![3 * 8 + 4, 5 * 8 + 2])
        );
    }

    #[test]
    fn a_selected_square_tinted_alike_is_told_from_the_move_by_the_moves_shape() {
        // Ng1-f3 and a selected black pawn on d7, all three tinted alike (as chess.com does).
        let img = board_image(32, &[(7, 6), (5, 5), (1, 3)], [246, 246, 105], 4);
        let mut classes = [SquareClass::Empty; 64];
        classes[5 * 8 + 5] = SquareClass::Piece(Color::White.knight());
        classes[8 + 3] = SquareClass::Piece(Color::Black.pawn());
        let clue = from_highlight(&img, &grid(32), &classes, false).unwrap();
        assert_eq!(clue.cells, [5 * 8 + 5, 7 * 8 + 6]);
        assert_eq!(clue.to_move, Color::Black);
        // A selected black rook on g5 instead, which could have come up the file from g1 as
        // well: the two sides' pieces both fit, nothing told.
        classes[8 + 3] = SquareClass::Empty;
        let img = board_image(32, &[(7, 6), (5, 5), (3, 6)], [246, 246, 105], 4);
        classes[3 * 8 + 6] = SquareClass::Piece(Color::Black.rook());
        assert_eq!(from_highlight(&img, &grid(32), &classes, false), None);
        // Two empty squares and a piece under one tint: nothing told.
        classes[3 * 8 + 6] = SquareClass::Empty;
        assert_eq!(from_highlight(&img, &grid(32), &classes, false), None);
    }

    #[test]
    fn pieces_could_have_come_only_as_they_move() {
        let sq = |s: &str| Square::from_ascii(s.as_bytes()).unwrap();
        let none = Bitboard::EMPTY;
        let blocked = Bitboard::from(sq("d4"));
        let (white, black) = (Color::White, Color::Black);
        // (piece, from, to, other pieces, could it have come so)
        let cases = [
            (white.pawn(), "e2", "e4", none, true),
            (white.pawn(), "e3", "e5", none, false),
            (black.pawn(), "d5", "e4", none, true),
            (black.pawn(), "e4", "e5", none, false),
            // A pawn promoted on its last step stands there as another piece.
            (white.knight(), "a7", "a8", none, true),
            (white.knight(), "g1", "f3", none, true),
            (black.queen(), "d8", "d2", none, true),
            (black.queen(), "d8", "d2", blocked, false),
            (white.king(), "e1", "g1", none, true),
            (white.king(), "e2", "g2", none, false),
            (black.bishop(), "c8", "c6", none, false),
        ];
        for (piece, from, to, occupied, could) in cases {
            assert_eq!(
                could_have_moved(piece, sq(from), sq(to), occupied),
                could,
                "{piece:?} {from}-{to}"
            );
        }
    }

    #[test]
    fn a_box_outside_the_image_or_a_short_class_list_tells_nothing() {
        let img = board_image(10, &[(0, 0), (1, 1)], [255, 255, 51], 0);
        let classes = [SquareClass::Piece(Color::White.pawn()); 64];
        assert_eq!(
            from_highlight(
                &img,
                &BoardBox::new(50.0, 50.0, 80.0, 80.0),
                &classes,
                false
            ),
            None
        );
        assert_eq!(from_highlight(&img, &grid(10), &classes[..10], false), None);
    }
}
