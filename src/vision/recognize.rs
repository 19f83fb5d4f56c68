//! The whole pipeline, from an image to full FENs ([`Recognizer::recognize`]):
//!
//! 1. **Locate** the board(s) ([`crate::vision::locate`]); where none is found, or the largest
//!    runs to the image's edge (a screenshot cropped to its board), search again inside a
//!    plain margin.
//! 2. **Set the box on the board**: a box whose edge strip lies on the page moves a square
//!    ([`crate::vision::edges`]).
//! 3. **Classify** the 64 squares ([`crate::vision::classify`]): arrows taken off, the
//!    networks' readings with second views of doubtful squares, the pictures grouped by sprite
//!    and each group given its class under the board's rules ([`crate::vision::assign`]).
//! 4. **Orient**: which side is at the bottom ([`crate::vision::orient`]).
//! 5. **Turn**: the side to move, from legality or a last-move highlight
//!    ([`crate::vision::turn`]), and the full FEN.
//! 6. **Second reading**: a located board read without a king of each side, or with a pawn on
//!    an edge rank, is read a square over each way.
//!
//! ```no_run
//! use chessbot::vision::recognize::{Recognizer, RecognizeOptions};
//! let img = image::open("assets/samples/start-cburnett.png").unwrap().into_rgb8();
//! let found = Recognizer::embedded().unwrap().recognize(&img, &RecognizeOptions::default()).unwrap();
//! println!("{}", found[0].fen);
//! ```

use crate::rules::fen::{FenError, parse_position};
use crate::vision::classes::{CLASSES, SquareClass};
use crate::vision::classify::Classifier;
use crate::vision::edges;
use crate::vision::error::VisionError;
use crate::vision::geometry::{BoardBox, cell_square};
use crate::vision::labels::{self, GlyphNet, Label};
use crate::vision::locate::{Located, checker_consistency, locate, locate_all, locate_first_looks};
use crate::vision::orient::{self, Orientation, OrientationSource};
use crate::vision::params::orient::REPORTED_LABEL;
use crate::vision::params::recognize::{AROUND_SQUARES, MARGIN, MARGIN_GREY};
use crate::vision::turn;
use image::RgbImage;
use shakmaty::{Board, CastlingMode, Chess, Color, Piece, Position, Square};
use std::time::Instant;

/// What the caller knows in advance.
#[derive(Debug, Clone, Default)]
pub struct RecognizeOptions {
    /// Read every board found, largest first, instead of the largest only.
    pub all: bool,
    /// The board's box, given instead of searched for.
    pub region: Option<BoardBox>,
    /// The orientation, given instead of detected.
    pub orientation: Option<Orientation>,
    /// The side to move; `None` infers it (see [`full_fen`]): the only side that can be to
    /// move, else the side a last-move highlight names ([`crate::vision::turn`]), else white.
    pub turn: Option<Color>,
}

/// One square as read.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct SquareReading {
    /// The chess square (after orientation).
    #[serde(serialize_with = "ser_square")]
    pub square: Square,
    /// Image row (0 = top) of the square.
    pub row: u8,
    /// Image column (0 = left) of the square.
    pub col: u8,
    /// The class decided: a FEN letter or `.` for empty.
    #[serde(serialize_with = "ser_class")]
    pub class: SquareClass,
    /// The network's probability for that class.
    pub confidence: f32,
    /// The class the network itself likes best, before the board's rules
    /// ([`crate::vision::classify::decide`]) had their say.
    #[serde(serialize_with = "ser_class")]
    pub network_class: SquareClass,
    /// The network's probability of every class, in [`SquareClass::ALL`] order; written out
    /// as an object keyed by FEN letter (`.` for empty), in that order.
    #[serde(serialize_with = "ser_probabilities")]
    pub probabilities: [f32; CLASSES],
}

fn ser_probabilities<S: serde::Serializer>(p: &[f32; CLASSES], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(CLASSES))?;
    for (class, value) in SquareClass::ALL.iter().zip(p) {
        map.serialize_entry(&class.char().to_string(), value)?;
    }
    map.end()
}

fn ser_square<S: serde::Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&sq.to_string())
}

fn ser_class<S: serde::Serializer>(c: &SquareClass, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&c.char().to_string())
}

/// Milliseconds spent in each step for one board.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Timing {
    /// Finding the board(s) in the image (shared by all boards of one image).
    pub locate_ms: f64,
    /// Classifying the 64 squares.
    pub classify_ms: f64,
}

/// One board read from an image.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Recognition {
    /// Where the 8×8 squares are, in image pixels.
    pub board: BoardBox,
    /// Which side is at the bottom.
    pub orientation: Orientation,
    /// What the orientation was decided from.
    pub orientation_source: OrientationSource,
    /// The position prior's probability of `orientation` (see [`orient::OrientationDecision`]).
    pub orientation_probability: f32,
    /// The coordinate labels read on or beside the board, those at least
    /// [`REPORTED_LABEL`] sure.
    pub labels: Vec<Label>,
    /// The full FEN: placement, side to move, castling rights, `- 0 1`.
    pub fen: String,
    /// What the side to move was decided from.
    pub turn_source: TurnSource,
    /// The two image cells (row * 8 + col) tinted as the last move, when the image shows one.
    pub last_move_cells: Option<[usize; 2]>,
    /// Why the position is not legal, if it is not (it is still given in `fen`).
    pub problem: Option<String>,
    /// The 64 squares in image order (row 0 = top).
    pub squares: Vec<SquareReading>,
    /// Time per step.
    pub timing: Timing,
}

impl Recognition {
    /// The placement read.
    pub fn placement(&self) -> Board {
        let mut b = Board::empty();
        for s in &self.squares {
            if let Some(p) = s.class.piece() {
                b.set_piece_at(s.square, p);
            }
        }
        b
    }
}

/// What the side to move in a [`Recognition`] was decided from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnSource {
    /// Given by the caller ([`RecognizeOptions::turn`]).
    Forced,
    /// Only that side can be to move (the other one's king is attacked).
    Legality,
    /// A last-move highlight: the piece on it moved, the other side is to move.
    Highlight,
    /// Nothing told: white.
    Default,
}

/// Reads positions from screenshots with one loaded classifier.
#[derive(Debug)]
pub struct Recognizer {
    classifier: Classifier,
}

impl Recognizer {
    /// A recognizer with the networks compiled into the binary.
    pub fn embedded() -> Result<Self, VisionError> {
        Ok(Recognizer {
            classifier: Classifier::embedded()?,
        })
    }

    /// A recognizer with the given classifier.
    pub fn new(classifier: Classifier) -> Self {
        Recognizer { classifier }
    }

    /// The square classifier it reads with (for pictures off the board, such as the icons of a
    /// promotion dialog).
    pub fn classifier(&self) -> &Classifier {
        &self.classifier
    }

    /// The pipeline: reads the board(s) in `img` (decoded by [`crate::vision::input`]), the
    /// largest only, or all with [`RecognizeOptions::all`]. [`VisionError::NoBoard`] when no
    /// board is found.
    pub fn recognize(
        &self,
        img: &RgbImage,
        opts: &RecognizeOptions,
    ) -> Result<Vec<Recognition>, VisionError> {
        let t0 = Instant::now();
        // 1. Locate: the box given, else the boards the locator finds, largest first.
        let mut boards = match opts.region {
            Some(given) => Boards::given(img, given)?,
            None => Boards::search(img, opts.all),
        };
        // Fallback: a screenshot cropped to its board shows no edge of it against a page, and
        // is found from its inner lines alone, a few pixels off, or not at all. Where no board
        // is found, the image is searched again inside a plain margin; where the largest comes
        // within half a square of the image's edge, the part of the image around it.
        if opts.region.is_none() && boards.run_to_an_edge(img) {
            // Every board (`--all`) is looked for on the whole image again.
            let around = boards.boxes.first().copied().filter(|_| !opts.all);
            boards = boards.or(Boards::search_in_margin(img, around, opts.all));
        }
        if boards.boxes.is_empty() {
            return Err(VisionError::NoBoard {
                width: img.width(),
                height: img.height(),
            });
        }
        let locate_ms = ms(t0);
        let page = boards.page.as_ref().unwrap_or(img);
        let take = if opts.all { boards.boxes.len() } else { 1 };
        boards.boxes[..take]
            .iter()
            .map(|found| {
                let mut r = match opts.region {
                    // 2-5. A box given is read where it is.
                    Some(_) => self.read_board(page, found, opts)?,
                    // 2-6. A box found is set on the board and read, and read again a square
                    // over where the reading is no game's.
                    None => self.read_located(page, found, opts)?,
                };
                // Back to the image's own coordinates (a board cropped into lies partly
                // outside them).
                r.board.x -= boards.offset.0;
                r.board.y -= boards.offset.1;
                r.timing.locate_ms = locate_ms;
                Ok(r)
            })
            .collect()
    }

    /// Reads a board that [`locate`] found: steps 2 to 6 of the pipeline. A board whose edge
    /// against the page barely shows (grey squares on a grey page) can be found a square off,
    /// its edge rank cut off and a strip of the page read as empty squares.
    pub fn read_located(
        &self,
        img: &RgbImage,
        board: &BoardBox,
        opts: &RecognizeOptions,
    ) -> Result<Recognition, VisionError> {
        // 2. Set the box on the board: a box whose edge strip of squares lies on the page
        //    ([`edges::off_board_side`]) is moved a square away from it.
        let board = on_the_board(img, *board);
        // 3-5. Classify, orient, turn.
        let first = self.read_board(img, &board, opts)?;
        // 6. Second reading: a game's board has one king a side and no pawn on its first or
        //    last rank. A reading with a king but not one of each side, or with a pawn on an
        //    edge rank, is read again a square up, down, left and right; the reading with a
        //    king each that the classifier is surest of replaces it. A board without kings or
        //    such pawns (an empty one, a diagram of a few pieces) is not a game's: it is read
        //    once.
        if !pawn_on_back_rank(&first) && (one_king_each(&first) || kings(&first) == 0) {
            return Ok(first);
        }
        Ok(self.read_a_square_over(img, &board, opts)?.unwrap_or(first))
    }

    /// The reading with a king of each side and no pawn on an edge rank that the classifier
    /// is surest of (the sum of its squares' confidences) among the boxes a square up, down,
    /// left and right of `board`, if any. A shifted box that leaves the image or takes in a
    /// strip of the page is not read (page text beside a board can read as a king).
    fn read_a_square_over(
        &self,
        img: &RgbImage,
        board: &BoardBox,
        opts: &RecognizeOptions,
    ) -> Result<Option<Recognition>, VisionError> {
        let (sw, sh) = board.square_size();
        let mut best: Option<(f32, Recognition)> = None;
        for (dx, dy) in [(0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0)] {
            let shifted = BoardBox::new(board.x + dx * sw, board.y + dy * sh, board.w, board.h);
            if !shifted.fits_in(img.width(), img.height())
                || edges::off_board_side(img, &shifted).is_some()
            {
                continue;
            }
            let r = self.read_board(img, &shifted, opts)?;
            let sureness = r.squares.iter().map(|s| s.confidence).sum::<f32>();
            if one_king_each(&r)
                && !pawn_on_back_rank(&r)
                && best.as_ref().is_none_or(|(b, _)| sureness > *b)
            {
                best = Some((sureness, r));
            }
        }
        Ok(best.map(|(_, r)| r))
    }

    /// Reads the board at `board` (already located) in `img`: steps 3 to 5 of the pipeline.
    pub fn read_board(
        &self,
        img: &RgbImage,
        board: &BoardBox,
        opts: &RecognizeOptions,
    ) -> Result<Recognition, VisionError> {
        let t0 = Instant::now();
        // 3. Classify ([`Classifier::classify_board`]): arrows found and taken off
        //    ([`crate::vision::arrows`]); the 64 squares read by the networks, the doubtful
        //    ones again in second views (mirrored, brightened, on the other square colour,
        //    with the arrows or an overlay taken off); the pictures grouped by sprite
        //    ([`crate::vision::sprites`]) and each group given its class under the board's
        //    rules ([`crate::vision::assign`]).
        let guess = self.classifier.classify_board(img, board)?;
        let classify_ms = ms(t0);
        // 4. Orient: given, else from the coordinate labels when they read consistently, else
        //    from the position prior when it is sure, else white at the bottom
        //    ([`orient::decide`]).
        let cells: Vec<Option<Piece>> = guess.classes.iter().map(|c| c.piece()).collect();
        let read = labels::read(img, board, GlyphNet::embedded());
        let decision = match opts.orientation {
            Some(o) => orient::forced(o, &cells),
            None => orient::decide(&read, &cells),
        };
        let orientation = decision.orientation;
        let flipped = orientation.flipped();
        let squares: Vec<SquareReading> = (0..64)
            .map(|i| SquareReading {
                square: cell_square(i / 8, i % 8, flipped),
                row: (i / 8) as u8,
                col: (i % 8) as u8,
                class: guess.classes[i],
                confidence: guess.confidence(i),
                network_class: guess.raw[i],
                probabilities: guess.probabilities[i],
            })
            .collect();
        let placement = guess.board(flipped);
        // 5. Turn: given, else the only side that can be to move, else the side a last-move
        //    highlight names ([`turn::from_highlight`]), else white; the full FEN with its
        //    castling rights and the reason it is illegal, if it is.
        let last_move = turn::from_highlight(img, board, &guess.classes, flipped);
        let (fen, problem, turn_source) =
            full_fen_with(&placement, opts.turn, last_move.map(|m| m.to_move));
        Ok(Recognition {
            board: *board,
            orientation,
            orientation_source: decision.source,
            orientation_probability: decision.probability,
            labels: read
                .iter()
                .filter(|l| l.confidence >= REPORTED_LABEL)
                .map(|l| l.located(flipped))
                .collect(),
            fen,
            turn_source,
            last_move_cells: last_move.map(|m| m.cells),
            problem,
            squares,
            timing: Timing {
                locate_ms: 0.0,
                classify_ms,
            },
        })
    }
}

/// The boxes of the boards to read, and the page they lie on.
struct Boards {
    /// The image inside a plain margin, when the boxes were found there; `None`: the image.
    page: Option<RgbImage>,
    /// Where the image's origin lies on that page (0, 0 without one): the boxes' offset from
    /// the image's coordinates.
    offset: (f32, f32),
    /// The boxes, largest first.
    boxes: Vec<BoardBox>,
}

impl Boards {
    /// The box the caller gave, when it fits the image and is at least 16 pixels a side.
    fn given(img: &RgbImage, b: BoardBox) -> Result<Boards, VisionError> {
        if !b.fits_in(img.width(), img.height()) || b.w < 16.0 || b.h < 16.0 {
            return Err(VisionError::BadBox {
                x: b.x,
                y: b.y,
                w: b.w,
                h: b.h,
                width: img.width(),
                height: img.height(),
            });
        }
        Ok(Boards::on_the_image(vec![b]))
    }

    /// The largest board in `img`, or every board (`all`), largest first.
    fn search(img: &RgbImage, all: bool) -> Boards {
        Boards::on_the_image(search(img, all))
    }

    /// The boards found in `img` inside a plain grey margin [`MARGIN`] pixels wide, with the
    /// locator's first looks only (see [`locate_first_looks`]); with a board found `around`,
    /// only in the part of `img` within [`AROUND_SQUARES`] of its squares (a window's board
    /// near the window's edge need not cost a second search of the whole window).
    fn search_in_margin(img: &RgbImage, around: Option<BoardBox>, all: bool) -> Boards {
        let (x0, y0, w, h) = match around {
            Some(b) => {
                let (sx, sy) = b.square_size();
                let (ax, ay) = (AROUND_SQUARES * sx, AROUND_SQUARES * sy);
                let x0 = (b.x - ax).floor().clamp(0.0, img.width() as f32) as u32;
                let y0 = (b.y - ay).floor().clamp(0.0, img.height() as f32) as u32;
                let x1 = (b.x + b.w + ax).ceil().clamp(0.0, img.width() as f32) as u32;
                let y1 = (b.y + b.h + ay).ceil().clamp(0.0, img.height() as f32) as u32;
                (x0, y0, x1.saturating_sub(x0), y1.saturating_sub(y0))
            }
            None => (0, 0, img.width(), img.height()),
        };
        let part = image::imageops::crop_imm(img, x0, y0, w, h).to_image();
        let page = with_margin(&part, MARGIN);
        let boxes = boxes_of(locate_first_looks(&page, all));
        Boards {
            page: Some(page),
            offset: (MARGIN as f32 - x0 as f32, MARGIN as f32 - y0 as f32),
            boxes,
        }
    }

    fn on_the_image(boxes: Vec<BoardBox>) -> Boards {
        Boards {
            page: None,
            offset: (0.0, 0.0),
            boxes,
        }
    }

    /// Whether none was found or the largest comes within half a square of an edge of `img`.
    fn run_to_an_edge(&self, img: &RgbImage) -> bool {
        self.boxes.first().is_none_or(|b| near_an_edge(img, b))
    }

    /// `other` where it found a board, else these.
    fn or(self, other: Boards) -> Boards {
        if other.boxes.is_empty() { self } else { other }
    }
}

/// The boxes of the largest board in `img`, or of every board (`all`), largest first.
fn search(img: &RgbImage, all: bool) -> Vec<BoardBox> {
    boxes_of(if all { locate_all(img) } else { locate(img) })
}

/// The boxes of boards the locator found, in its order.
fn boxes_of(found: Vec<Located>) -> Vec<BoardBox> {
    found.into_iter().map(|l| l.board).collect()
}

/// Whether `b` comes within half a square of an edge of `img` (or crosses it).
fn near_an_edge(img: &RgbImage, b: &BoardBox) -> bool {
    let (sx, sy) = b.square_size();
    let (w, h) = (img.width() as f32, img.height() as f32);
    b.x < sx / 2.0 || b.y < sy / 2.0 || w - (b.x + b.w) < sx / 2.0 || h - (b.y + b.h) < sy / 2.0
}

/// `img` inside a plain grey frame `margin` pixels wide.
fn with_margin(img: &RgbImage, margin: u32) -> RgbImage {
    let grey = image::Rgb([MARGIN_GREY; 3]);
    let mut page = RgbImage::from_pixel(img.width() + 2 * margin, img.height() + 2 * margin, grey);
    image::imageops::replace(&mut page, img, i64::from(margin), i64::from(margin));
    page
}

/// `board`, or the box a square away from its side whose strip of squares lies on the page
/// rather than on the board ([`edges::off_board_side`]), where that box fits in the image and
/// shows the board's colours on every side.
fn on_the_board(img: &RgbImage, board: BoardBox) -> BoardBox {
    match edges::off_board_side(img, &board).map(|side| side.away(&board)) {
        Some(moved)
            if moved.fits_in(img.width(), img.height())
                && edges::off_board_side(img, &moved).is_none() =>
        {
            moved
        }
        _ => board,
    }
}

/// Whether the reading has exactly one king of each colour.
fn one_king_each(r: &Recognition) -> bool {
    Color::ALL.iter().all(|&c| {
        r.squares
            .iter()
            .filter(|s| s.class.piece() == Some(c.king()))
            .count()
            == 1
    })
}

/// Whether the reading has a pawn on the first or last rank (the top or bottom row of the
/// box, either way round).
fn pawn_on_back_rank(r: &Recognition) -> bool {
    r.squares.iter().any(|s| {
        (s.row == 0 || s.row == 7)
            && s.class
                .piece()
                .is_some_and(|p| p.role == shakmaty::Role::Pawn)
    })
}

/// How many kings of either colour the reading has.
fn kings(r: &Recognition) -> usize {
    r.squares
        .iter()
        .filter(|s| {
            s.class
                .piece()
                .is_some_and(|p| p.role == shakmaty::Role::King)
        })
        .count()
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

/// Castling rights a placement allows: a king on its home square with a rook on a home corner.
///
/// ```
/// use chessbot::vision::recognize::castling_rights;
/// let board: shakmaty::Board = "r3k3/8/8/8/8/8/8/R3K2R".parse().unwrap();
/// assert_eq!(castling_rights(&board), "KQq");
/// ```
pub fn castling_rights(board: &Board) -> String {
    let mut out = String::new();
    for (color, king, short, long, letters) in [
        (Color::White, Square::E1, Square::H1, Square::A1, ['K', 'Q']),
        (Color::Black, Square::E8, Square::H8, Square::A8, ['k', 'q']),
    ] {
        if board.piece_at(king) != Some(color.king()) {
            continue;
        }
        if board.piece_at(short) == Some(color.rook()) {
            out.push(letters[0]);
        }
        if board.piece_at(long) == Some(color.rook()) {
            out.push(letters[1]);
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// The full FEN of `placement` with side to move `turn` (or inferred: white unless only black
/// to move is legal, e.g. the black king is attacked), and the reason the position is illegal,
/// if it is.
pub fn full_fen(placement: &Board, turn: Option<Color>) -> (String, Option<String>) {
    let (fen, problem, _) = full_fen_with(placement, turn, None);
    (fen, problem)
}

/// [`full_fen`] with a `hint` for the side to move (from a last-move highlight) and what the
/// side to move was decided from. A given `turn` wins; else the only side that can be to move
/// (the other side's king is attacked), else the hint, else white.
pub fn full_fen_with(
    placement: &Board,
    turn: Option<Color>,
    hint: Option<Color>,
) -> (String, Option<String>, TurnSource) {
    let castling = castling_rights(placement);
    let fen_for = |c: Color| format!("{placement} {} {castling} - 0 1", c.char());
    let check =
        |fen: &str| -> Result<Chess, FenError> { parse_position(fen, CastlingMode::Standard) };
    let (chosen, source) = match turn {
        Some(c) => (c, TurnSource::Forced),
        None => {
            let legal = Color::ALL.map(|c| check(&fen_for(c)).is_ok());
            match (legal, hint) {
                ([true, false], _) => (Color::White, TurnSource::Legality),
                ([false, true], _) => (Color::Black, TurnSource::Legality),
                (_, Some(c)) => (c, TurnSource::Highlight),
                (_, None) => (Color::White, TurnSource::Default),
            }
        }
    };
    let fen = fen_for(chosen);
    let problem = match check(&fen) {
        Ok(pos) => {
            debug_assert!(pos.board() == placement);
            None
        }
        Err(FenError::Illegal(why)) => Some(why),
        Err(e) => Some(e.to_string()),
    };
    (fen, problem, source)
}

/// How many of the 64 squares in `board` follow the two-colour pattern (a quick check that a
/// `--region` holds a board), or `None` when the box leaves the image.
pub fn region_consistency(img: &RgbImage, board: &BoardBox) -> Option<usize> {
    checker_consistency(img, board)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sample screenshot `assets/samples/italian-cburnett.png` and a recognizer with the
    /// embedded networks.
    fn sample_and_recognizer() -> (RgbImage, Recognizer) {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/samples/italian-cburnett.png"
        );
        let img = image::open(path).unwrap().to_rgb8();
        (img, Recognizer::new(Classifier::embedded().unwrap()))
    }

    #[test]
    fn a_board_found_a_square_off_is_read_where_each_side_has_a_king() {
        let (img, recognizer) = sample_and_recognizer();
        let opts = RecognizeOptions::default();
        let found = recognizer.recognize(&img, &opts).unwrap().remove(0);
        let fen = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1";
        assert_eq!(found.fen, fen);
        // One square too high: white's first rank, and its king, fall outside the box.
        let b = found.board;
        let high = BoardBox::new(b.x, b.y - b.h / 8.0, b.w, b.h);
        assert!(!one_king_each(
            &recognizer.read_board(&img, &high, &opts).unwrap()
        ));
        let again = recognizer.read_located(&img, &high, &opts).unwrap();
        assert_eq!((again.fen.as_str(), again.board), (fen, b));
        // One square too low (the page made taller, in its own colour, to hold the box).
        let page_colour = *img.get_pixel(0, img.height() - 1);
        let mut tall = RgbImage::from_pixel(img.width(), img.height() + 200, page_colour);
        image::imageops::replace(&mut tall, &img, 0, 0);
        let low = BoardBox::new(b.x, b.y + b.h / 8.0, b.w, b.h);
        let again = recognizer.read_located(&tall, &low, &opts).unwrap();
        assert_eq!((again.fen.as_str(), again.board), (fen, b));
        // A pawn on the box's top or bottom row, either colour, sends it looking too.
        assert!(!pawn_on_back_rank(&found));
        for (row, pawn) in [(0, Piece::from_char('p')), (7, Piece::from_char('P'))] {
            let mut edited = found.clone();
            let square = edited.squares.iter_mut().find(|s| s.row == row).unwrap();
            square.class = SquareClass::Piece(pawn.unwrap());
            assert!(pawn_on_back_rank(&edited));
        }
        // A box the user gives is read as given.
        let given = RecognizeOptions {
            region: Some(high),
            ..RecognizeOptions::default()
        };
        let as_given = recognizer.recognize(&img, &given).unwrap().remove(0);
        assert_eq!(as_given.board, high);
        // A box without kings (here the page left of the board) is read once, where it is.
        let page = BoardBox::new(b.x - b.w, b.y, b.w, b.h);
        let kingless = recognizer.read_located(&img, &page, &opts).unwrap();
        assert_eq!((kings(&kingless), kingless.board), (0, page));
    }

    #[test]
    fn a_screenshot_cropped_into_the_board_is_searched_inside_a_margin() {
        let (img, recognizer) = sample_and_recognizer();
        let opts = RecognizeOptions::default();
        let whole = recognizer.recognize(&img, &opts).unwrap().remove(0);
        let b = whole.board;
        // Cropped to the board's squares exactly, and 3 px into them on every side: no edge
        // of the board is left. Both are found from the inner lines alone: cut into, the plain
        // search's window reaches past the image's edge to the squares cut away.
        for cut in [0.0, 3.0] {
            let crop = image::imageops::crop_imm(
                &img,
                (b.x + cut) as u32,
                (b.y + cut) as u32,
                (b.w - 2.0 * cut) as u32,
                (b.h - 2.0 * cut) as u32,
            )
            .to_image();
            if cut > 0.0 {
                let found = search(&crop, false);
                assert_eq!(found.len(), 1, "{found:?}");
                let f = found[0];
                assert!((f.x + cut).abs() < 0.5 && (f.w - b.w).abs() < 0.5, "{f:?}");
            }
            for all in [false, true] {
                let opts = RecognizeOptions {
                    all,
                    ..RecognizeOptions::default()
                };
                let read = recognizer.recognize(&crop, &opts).unwrap().remove(0);
                assert_eq!(read.fen, whole.fen);
                // The box in the crop's own coordinates, partly outside it when cut into.
                let c = read.board;
                let near = |a: f32, b: f32| (a - b).abs() < 0.25;
                assert!(near(c.x, -cut) && near(c.y, -cut), "{cut}: {c:?}");
                assert!(near(c.w, b.w) && near(c.h, b.h), "{cut}: {c:?}");
            }
        }
        // Cut 3 px into its right and bottom squares, the page still left of and above it: the
        // part of the image around the board is searched again, and the box comes back in the
        // image's own coordinates.
        let cut = image::imageops::crop_imm(
            &img,
            0,
            0,
            (b.x + b.w - 3.0) as u32,
            (b.y + b.h - 3.0) as u32,
        )
        .to_image();
        assert!(
            b.x > 2.0 * b.w / 8.0,
            "the sample's board has page left of it: {b:?}"
        );
        let read = recognizer.recognize(&cut, &opts).unwrap().remove(0);
        assert_eq!(read.fen, whole.fen);
        let c = read.board;
        let near = |a: f32, b: f32| (a - b).abs() < 0.5;
        assert!(
            near(c.x, b.x) && near(c.y, b.y) && near(c.w, b.w),
            "{c:?} {b:?}"
        );
        // A plain image is still no board, margin or not.
        let plain = RgbImage::from_pixel(300, 300, image::Rgb([200, 180, 150]));
        assert!(matches!(
            recognizer.recognize(&plain, &opts),
            Err(VisionError::NoBoard {
                width: 300,
                height: 300
            })
        ));
    }

    #[test]
    fn castling_and_turn_inference() {
        let start: Board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
            .parse()
            .unwrap();
        let (fen, problem) = full_fen(&start, None);
        assert_eq!(
            fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(problem, None);
        // Black is in check from the rook: only black to move is legal.
        let b: Board = "4k3/8/8/8/8/8/8/R3K2R".parse().unwrap();
        let b2: Board = "4k3/8/8/8/8/8/8/4R1K1".parse().unwrap();
        assert_eq!(full_fen(&b, None).0, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert_eq!(full_fen(&b2, None).0, "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1");
        assert!(full_fen(&b2, Some(Color::White)).1.is_some());
        // Two white kings: still a FEN, with the problem named.
        let bad: Board = "4k3/8/8/8/8/8/8/K3K3".parse().unwrap();
        let (fen, problem) = full_fen(&bad, None);
        assert!(fen.starts_with("4k3/8/8/8/8/8/8/K3K3 w"));
        assert!(problem.is_some_and(|p| p.contains("king")), "{fen}");
    }
}
