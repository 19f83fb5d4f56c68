//! The position prior of the orientation: how likely a placement is with white at the bottom
//! rather than turned round, learnt from the positions of games.
//!
//! A person who sees a board without coordinates still knows which way it is turned: white's
//! pawns stand below black's, kings sit on their own back rank behind their pawns, and in an
//! endgame a passed pawn has come some way from its own side. The prior weighs two kinds of
//! clue (`assets/vision/prior.txt`, fitted by `chessbot vision fit-prior`):
//!
//! - where each piece stands: for each phase of the game (how many pieces are left) and each
//!   of the twelve pieces, how often that piece stood on each square in positions of games,
//!   white at the bottom. A placement's pieces on their squares as read are compared with the
//!   same pieces on the squares turned round (a1 and h8 swapped, and so on): the summed
//!   log-likelihood ratio;
//! - how pieces stand to one another ([`RELATIONS`]): pawns of the two sides that face each
//!   other on a file, pawns in front of their own king, passed pawns' advance,
//!   pieces behind their own pawns, the two kings' and the two armies' ranks. Each is counted
//!   as read and turned round, and the difference is the clue.
//!
//! Per phase, weights fitted by logistic regression on games the counts were not taken from
//! turn these clues into log odds (the squares' sum overstates the evidence, as pieces are not
//! independent). The share of screenshots that show white at the bottom is added as prior
//! odds.
//!
//! ```
//! use chessbot::vision::prior::Prior;
//! use shakmaty::{Board, Piece, Square};
//! let board: Board = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R".parse().unwrap();
//! // Image cells, row 0 at the top, white at the bottom.
//! let cells: Vec<Option<Piece>> = (0..64)
//!     .map(|i| board.piece_at(Square::new((7 - i / 8) * 8 + i % 8)))
//!     .collect();
//! let turned: Vec<Option<Piece>> = cells.iter().rev().copied().collect();
//! let prior = Prior::embedded();
//! assert!(prior.white_bottom(&cells) > 0.99);
//! assert!(prior.white_bottom(&turned) < 0.01);
//! ```

use crate::vision::classes::piece_index;
use crate::vision::geometry::cell_square;
use crate::vision::params::orient::{PRIOR_SMOOTHING, WHITE_BOTTOM_SHARE};
use shakmaty::{Color, Piece, Role};
use std::sync::OnceLock;

/// The fitted table, compiled in.
static PRIOR_TABLE: &str = include_str!("../../assets/vision/prior.txt");

/// The first line of a prior file, with its version.
pub const PRIOR_HEADER: &str = "chessbot-orientation-prior 2";

/// The twelve pieces in the prior file's order: `KQRBNP` white, then black (the order of
/// [`crate::vision::classes::PIECES`]).
pub const PRIOR_PIECES: &str = "KQRBNPkqrbnp";

/// The relations between pieces the prior weighs besides their squares, in the order of
/// [`relations`] and of a prior file's weights (after the squares' weight).
pub const RELATIONS: [&str; 11] = [
    "opposed", "facing", "shelter", "ahead", "passed", "attacks", "checks", "behind", "kings",
    "sides", "stops",
];

/// The squares' summed log-likelihood ratio is three clues: that of the kings, of the pawns
/// and of the other pieces (a king's square tells more than a knight's).
pub const SQUARE_CLUES: usize = 3;

/// Weights per phase: the [`SQUARE_CLUES`], then each relation.
pub const WEIGHTS: usize = SQUARE_CLUES + RELATIONS.len();

/// A prior file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("prior table, line {line}: {message}")]
pub struct PriorError {
    /// The 1-based line (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// What a prior file holds: how often each piece stood on each square, per phase, and the
/// weights that turn a placement's clues into log odds.
#[derive(Debug, Clone, PartialEq)]
pub struct PriorTable {
    /// The phases' largest piece counts, rising: phase `k` holds positions with more pieces
    /// than phase `k - 1`'s bound and at most its own (kings included).
    pub bounds: Vec<usize>,
    /// Per phase, the weights of the clues ([`WEIGHTS`]: the [`SQUARE_CLUES`], then the
    /// [`RELATIONS`]).
    pub weights: Vec<[f32; WEIGHTS]>,
    /// Per phase, per piece ([`PRIOR_PIECES`] order), per square (a1, b1, ..., h8): the count.
    pub counts: Vec<[[u64; 64]; 12]>,
}

impl PriorTable {
    /// Empty counts for phases bounded by `bounds`; the squares' weights 1, the relations' 0.
    pub fn new(bounds: Vec<usize>) -> PriorTable {
        let n = bounds.len();
        let mut unit = [0.0; WEIGHTS];
        unit[..SQUARE_CLUES].fill(1.0);
        PriorTable {
            bounds,
            weights: vec![unit; n],
            counts: vec![[[0; 64]; 12]; n],
        }
    }

    /// The phase of a position with `pieces` pieces (the last phase for more than its bound).
    pub fn phase(&self, pieces: usize) -> usize {
        self.bounds
            .iter()
            .position(|&b| pieces <= b)
            .unwrap_or(self.bounds.len().saturating_sub(1))
    }

    /// Counts the pieces of `board` (white at the bottom, as games are).
    pub fn add(&mut self, board: &shakmaty::Board) {
        let phase = self.phase(board.occupied().count());
        for (square, piece) in board.clone() {
            self.counts[phase][piece_index(piece)][usize::from(square)] += 1;
        }
    }

    /// The file: [`PRIOR_HEADER`], `phases` with the bounds, `relations` with the names of
    /// [`RELATIONS`], then per phase `weights PHASE` and its [`WEIGHTS`] weights, and one line
    /// per phase and piece: `counts PHASE PIECE` and 64 counts from a1 to h8. `#` starts a
    /// comment line.
    pub fn write(&self, comments: &[String]) -> String {
        let mut out = format!("{PRIOR_HEADER}\n");
        for c in comments {
            out.push_str(&format!("# {c}\n"));
        }
        let join = |v: Vec<String>| v.join(" ");
        out.push_str(&format!(
            "phases {}\n",
            join(self.bounds.iter().map(|b| b.to_string()).collect())
        ));
        out.push_str(&format!("relations {}\n", RELATIONS.join(" ")));
        for (phase, w) in self.weights.iter().enumerate() {
            let w = join(w.iter().map(|v| format!("{v:.5}")).collect());
            out.push_str(&format!("weights {phase} {w}\n"));
        }
        for (phase, pieces) in self.counts.iter().enumerate() {
            for (i, squares) in pieces.iter().enumerate() {
                let piece = PRIOR_PIECES.as_bytes()[i] as char;
                let counts = join(squares.iter().map(|c| c.to_string()).collect());
                out.push_str(&format!("counts {phase} {piece} {counts}\n"));
            }
        }
        out
    }

    /// Reads a file [`PriorTable::write`] wrote.
    pub fn parse(text: &str) -> Result<PriorTable, PriorError> {
        let err = |line: usize, message: String| PriorError { line, message };
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        match lines.next() {
            Some((_, PRIOR_HEADER)) => {}
            Some((n, _)) => return Err(err(n, format!("expected `{PRIOR_HEADER}`"))),
            None => return Err(err(0, "empty".into())),
        }
        let mut table: Option<PriorTable> = None;
        let mut relations = false;
        let (mut seen_counts, mut seen_weights) = (Vec::new(), Vec::new());
        for (n, line) in lines {
            let mut words = line.split_ascii_whitespace();
            let key = words.next().unwrap_or("");
            let phase_of = |w: Option<&str>, bounds: usize| {
                w.and_then(|w| w.parse::<usize>().ok())
                    .filter(|&k| k < bounds)
                    .ok_or_else(|| err(n, format!("{key}: no such phase")))
            };
            match (key, table.as_mut()) {
                ("phases", None) => {
                    let bounds: Vec<usize> = words
                        .map(str::parse::<usize>)
                        .collect::<Result<_, _>>()
                        .map_err(|e| err(n, format!("phases: {e}")))?;
                    if bounds.is_empty() || bounds.windows(2).any(|w| w[0] >= w[1]) {
                        return Err(err(n, "phases must rise".into()));
                    }
                    table = Some(PriorTable::new(bounds));
                }
                ("relations", Some(_)) => {
                    if !words.eq(RELATIONS.iter().copied()) {
                        let names = RELATIONS.join(" ");
                        return Err(err(n, format!("relations: expected `{names}`")));
                    }
                    relations = true;
                }
                ("weights", Some(t)) => {
                    let phase = phase_of(words.next(), t.bounds.len())?;
                    let w: Vec<f32> = words
                        .map(str::parse::<f32>)
                        .collect::<Result<_, _>>()
                        .map_err(|e| err(n, format!("weights: {e}")))?;
                    if w.len() != WEIGHTS || w.iter().any(|v| !v.is_finite()) {
                        return Err(err(n, format!("weights: {WEIGHTS} finite numbers")));
                    }
                    t.weights[phase].copy_from_slice(&w);
                    seen_weights.push(phase);
                }
                ("counts", Some(t)) => {
                    let phase = phase_of(words.next(), t.bounds.len())?;
                    let piece = words
                        .next()
                        .and_then(|w| PRIOR_PIECES.find(w).filter(|_| w.len() == 1))
                        .ok_or_else(|| err(n, "counts: no such piece".into()))?;
                    let c: Vec<u64> = words
                        .map(str::parse::<u64>)
                        .collect::<Result<_, _>>()
                        .map_err(|e| err(n, format!("counts: {e}")))?;
                    if c.len() != 64 {
                        return Err(err(n, format!("counts: {} squares, not 64", c.len())));
                    }
                    t.counts[phase][piece].copy_from_slice(&c);
                    seen_counts.push((phase, piece));
                }
                _ => return Err(err(n, format!("unexpected `{key}`"))),
            }
        }
        let table = table.ok_or_else(|| err(0, "no phases".into()))?;
        if !relations {
            return Err(err(0, "no relations line".into()));
        }
        seen_counts.sort_unstable();
        seen_counts.dedup();
        if seen_counts.len() != table.bounds.len() * 12 {
            return Err(err(0, "a count line per phase and piece is missing".into()));
        }
        seen_weights.sort_unstable();
        seen_weights.dedup();
        if seen_weights.len() != table.bounds.len() {
            return Err(err(0, "a weights line per phase is missing".into()));
        }
        Ok(table)
    }
}

/// The [`RELATIONS`] of a placement (`squares` from a1 to h8), read with white at the bottom:
///
/// - `opposed`: pairs of a white and a black pawn on one file, the white one below (+1) or
///   above (-1);
/// - `facing`: pawns of the two sides head to head, the white one below (+1) or above (-1);
/// - `shelter`: pawns within a file of their own king one or two ranks in front of it (+1) or
///   behind it (-1);
/// - `ahead`: pawns in front of their own king's rank (+1) or behind it (-1);
/// - `passed`: passed pawns, each by how far it has come (0 on its second rank, 1 on its
///   seventh);
/// - `attacks`: pieces other than pawns and kings attacked by a pawn of the other side;
/// - `checks`: kings attacked by a pawn of the other side;
/// - `behind`: per side, how many ranks its pieces other than pawns and the king stand behind
///   its pawns on average, in eighths of the board;
/// - `kings`: how many ranks the black king stands above the white one, in eighths;
/// - `sides`: how many ranks black's pieces stand above white's on average, in eighths;
/// - `stops`: pawns with the other side's king in front of them, within a file.
pub fn relations(squares: &[Option<Piece>; 64]) -> [f32; RELATIONS.len()] {
    let at = |f: i32, r: i32| {
        if (0..8).contains(&f) && (0..8).contains(&r) {
            squares[(r * 8 + f) as usize]
        } else {
            None
        }
    };
    let pawn = |color: Color| {
        Some(Piece {
            color,
            role: Role::Pawn,
        })
    };
    let king_of = |color: Color| {
        (0..64i32).find(|&s| {
            squares[s as usize]
                == Some(Piece {
                    color,
                    role: Role::King,
                })
        })
    };
    let kings = [king_of(Color::White), king_of(Color::Black)];
    let mut v = [0.0f32; RELATIONS.len()];
    // Per side: summed ranks and numbers of pawns and of pieces (not pawns, not the king), and
    // of all its men.
    let mut ranks = [[(0.0f32, 0.0f32); 3]; 2];
    for s in 0..64i32 {
        let Some(p) = squares[s as usize] else {
            continue;
        };
        let (f, r) = (s % 8, s / 8);
        let side = usize::from(p.color.is_black());
        let dir = if p.color.is_white() { 1 } else { -1 };
        let rank = r as f32;
        ranks[side][2].0 += rank;
        ranks[side][2].1 += 1.0;
        match p.role {
            Role::Pawn => {
                ranks[side][0].0 += rank;
                ranks[side][0].1 += 1.0;
            }
            Role::King => {}
            _ => {
                ranks[side][1].0 += rank;
                ranks[side][1].1 += 1.0;
            }
        }
        if p.role != Role::Pawn {
            continue;
        }
        let enemy = pawn(!p.color);
        if p.color.is_white() {
            for r2 in 0..8 {
                if r2 != r && at(f, r2) == enemy {
                    v[0] += if r2 > r { 1.0 } else { -1.0 };
                }
            }
            if at(f, r + 1) == enemy {
                v[1] += 1.0;
            }
            if at(f, r - 1) == enemy {
                v[1] -= 1.0;
            }
        }
        for df in [-1, 1] {
            if let Some(q) = at(f + df, r + dir)
                && q.color != p.color
            {
                match q.role {
                    Role::King => v[6] += 1.0,
                    Role::Pawn => {}
                    _ => v[5] += 1.0,
                }
            }
        }
        if let Some(k) = kings[1 - side]
            && ((k % 8) - f).abs() <= 1
            && ((k / 8) - r) * dir > 0
        {
            v[10] += 1.0;
        }
        if let Some(k) = kings[side] {
            let (kf, kr) = (k % 8, k / 8);
            let ahead = (r - kr) * dir;
            v[3] += ahead.signum() as f32;
            if (f - kf).abs() <= 1 {
                match ahead {
                    1 | 2 => v[2] += 1.0,
                    -2 | -1 => v[2] -= 1.0,
                    _ => {}
                }
            }
        }
        let passed = (f - 1..=f + 1).all(|ff| {
            (1..8)
                .map(|k| r + k * dir)
                .take_while(|rr| (0..8).contains(rr))
                .all(|rr| at(ff, rr) != enemy)
        });
        if passed {
            let advance = if p.color.is_white() { r - 1 } else { 6 - r };
            v[4] += advance as f32 / 5.0;
        }
    }
    let mean = |(sum, n): (f32, f32)| (n > 0.0).then(|| sum / n);
    for (side, dir) in [(0, 1.0), (1, -1.0)] {
        if let (Some(pawns), Some(pieces)) = (mean(ranks[side][0]), mean(ranks[side][1])) {
            v[7] += dir * (pawns - pieces) / 8.0;
        }
    }
    if let (Some(w), Some(b)) = (kings[0], kings[1]) {
        v[8] = (b / 8 - w / 8) as f32 / 8.0;
    }
    if let (Some(w), Some(b)) = (mean(ranks[0][2]), mean(ranks[1][2])) {
        v[9] = (b - w) / 8.0;
    }
    v
}

/// The prior, ready to judge placements: per phase, piece and square, the log of the smoothed
/// share of that piece's appearances on that square, and the weights.
#[derive(Debug, Clone)]
pub struct Prior {
    table: PriorTable,
    log_share: Vec<[[f32; 64]; 12]>,
}

impl Prior {
    /// The prior compiled into the binary.
    pub fn embedded() -> &'static Prior {
        static PRIOR: OnceLock<Prior> = OnceLock::new();
        PRIOR.get_or_init(|| {
            Prior::new(PriorTable::parse(PRIOR_TABLE).expect("the embedded prior table is valid"))
        })
    }

    /// The prior of `table`: each phase's share of a piece on a square smoothed toward that
    /// piece's share over all phases by [`PRIOR_SMOOTHING`] positions' worth, which is itself
    /// smoothed by one count on every square.
    pub fn new(table: PriorTable) -> Prior {
        let log_share = table
            .counts
            .iter()
            .map(|phase| {
                std::array::from_fn(|p| {
                    let all: Vec<f64> = (0..64)
                        .map(|s| table.counts.iter().map(|c| c[p][s]).sum::<u64>() as f64 + 1.0)
                        .collect();
                    let all_sum: f64 = all.iter().sum();
                    let n: f64 = phase[p].iter().sum::<u64>() as f64;
                    std::array::from_fn(|s| {
                        let base = all[s] / all_sum;
                        let share =
                            (phase[p][s] as f64 + PRIOR_SMOOTHING * base) / (n + PRIOR_SMOOTHING);
                        share.ln() as f32
                    })
                })
            })
            .collect();
        Prior { table, log_share }
    }

    /// The counts and weights this prior was made from.
    pub fn table(&self) -> &PriorTable {
        &self.table
    }

    /// How often `piece` stood on image cell `cell` (row 0 at the top, white at the bottom) of
    /// the squares it stood on, in positions of games with `pieces` pieces (kings included):
    /// the smoothed share the squares' clue weighs.
    pub fn share(&self, pieces: usize, piece: Piece, cell: usize) -> f32 {
        let phase = self.table.phase(pieces);
        let square = cell_square(cell / 8 % 8, cell % 8, false);
        self.log_share[phase][piece_index(piece)][square as usize].exp()
    }

    /// The phase of `cells` (64 image cells, row 0 at the top) and its clues for white at the
    /// bottom against turned round, before the weights: the summed log-likelihood ratios of
    /// its kings, its pawns and its other pieces on their squares, then each relation as read
    /// less turned round.
    pub fn clues(&self, cells: &[Option<Piece>]) -> (usize, [f32; WEIGHTS]) {
        // Image cell (row, col) is square (col, 7 - row) with white at the bottom: index
        // (7 - row) * 8 + col; turned round, the square opposite it, 63 minus that.
        let mut squares = [None; 64];
        for (i, cell) in cells.iter().enumerate().take(64) {
            squares[(7 - i / 8) * 8 + i % 8] = *cell;
        }
        let pieces = squares.iter().flatten().count();
        let phase = self.table.phase(pieces);
        let table = &self.log_share[phase];
        let mut clues = [0.0; WEIGHTS];
        for (square, piece) in squares.iter().enumerate() {
            let Some(piece) = piece else { continue };
            let p = piece_index(*piece);
            let clue = match piece.role {
                Role::King => 0,
                Role::Pawn => 1,
                _ => 2,
            };
            clues[clue] += table[p][square] - table[p][63 - square];
        }
        let mut turned = squares;
        turned.reverse();
        let (read, round) = (relations(&squares), relations(&turned));
        for (k, (a, b)) in read.iter().zip(round).enumerate() {
            clues[SQUARE_CLUES + k] = a - b;
        }
        (phase, clues)
    }

    /// The log odds that `cells` (64 image cells, row 0 at the top) show white at the bottom
    /// rather than black, from the placement alone (no base rate).
    pub fn log_odds(&self, cells: &[Option<Piece>]) -> f32 {
        let (phase, clues) = self.clues(cells);
        let w = &self.table.weights[phase];
        w.iter().zip(clues).map(|(w, c)| w * c).sum()
    }

    /// The probability that `cells` show white at the bottom: the placement's odds and the
    /// share of screenshots with white at the bottom ([`WHITE_BOTTOM_SHARE`]).
    pub fn white_bottom(&self, cells: &[Option<Piece>]) -> f32 {
        let base = (WHITE_BOTTOM_SHARE / (1.0 - WHITE_BOTTOM_SHARE)).ln();
        1.0 / (1.0 + (-(self.log_odds(cells) + base)).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_table_reads_back_and_bad_ones_are_errors() {
        let mut table = PriorTable::new(vec![10, 32]);
        table.add(&shakmaty::Board::default());
        table.weights[0] = [0.5; WEIGHTS];
        table.weights[1][3] = -0.25;
        let text = table.write(&["made by a test".into()]);
        assert_eq!(PriorTable::parse(&text), Ok(table.clone()));
        assert_eq!(
            table.counts[1][piece_index(Piece::from_char('K').unwrap())][4],
            1
        );
        let first_weights = format!("weights 0 {}", vec!["0.50000"; WEIGHTS].join(" "));
        assert!(text.contains(&first_weights), "{text}");
        for bad in [
            "",
            "chessbot-orientation-prior 1\nphases 32\n",
            &text.replace("phases 10 32", "phases 32 10"),
            &text.replace("relations opposed", "relations squares"),
            &text.replace("relations ", "# relations "),
            &text.replace(&first_weights, "weights 0 0.5"),
            &text.replace(&first_weights, &first_weights.replacen("0.50000", "NaN", 1)),
            &text.replace(
                &first_weights,
                &first_weights.replacen("weights 0", "weights 2", 1),
            ),
            &text.replace(&first_weights, ""),
            &text.replacen("counts 0 K 0", "counts 0 K x", 1),
            &text.replacen("counts 1 p ", "counts 1 z ", 1),
            &text.lines().take(8).collect::<Vec<_>>().join("\n"),
        ] {
            assert!(PriorTable::parse(bad).is_err(), "{bad}");
        }
    }

    fn squares(fen: &str) -> [Option<Piece>; 64] {
        let board: shakmaty::Board = fen.parse().unwrap();
        std::array::from_fn(|s| board.piece_at(shakmaty::Square::new(s as u32)))
    }

    fn turned(squares: &[Option<Piece>; 64]) -> [Option<Piece>; 64] {
        let mut t = *squares;
        t.reverse();
        t
    }

    #[test]
    fn relations_count_what_they_name() {
        let start = squares("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        let r = relations(&start);
        let named = |name: &str| r[RELATIONS.iter().position(|&n| n == name).unwrap()];
        // Eight files with a white pawn below a black one; none head to head, no attack.
        assert_eq!(named("opposed"), 8.0);
        assert_eq!((named("facing"), named("attacks")), (0.0, 0.0));
        // Each king has three pawns just in front and all eight ahead of it.
        assert_eq!((named("shelter"), named("ahead")), (6.0, 16.0));
        // Pieces a rank behind their pawns, kings seven ranks apart.
        assert_eq!((named("behind"), named("kings")), (0.25, 7.0 / 8.0));
        // Turned round, the same pairs of pawns are counted the other way.
        let round = relations(&turned(&start));
        assert_eq!(round[0], -8.0);
        assert_eq!(round[8], -7.0 / 8.0);
        // A white pawn head to head with a black one, a passed pawn on
        // its sixth rank attacking a rook and a pawn giving check.
        let r = relations(&squares("8/1r1k4/P1K2p2/5P2/4P3/8/8/8"));
        let named = |name: &str| r[RELATIONS.iter().position(|&n| n == name).unwrap()];
        assert_eq!(named("facing"), 1.0);
        assert_eq!((named("attacks"), named("checks")), (1.0, 0.0));
        assert!((named("passed") - 0.8).abs() < 1e-6);
        let r = relations(&squares("8/3k4/2P5/8/8/8/8/4K3"));
        assert_eq!((r[6], r[10]), (1.0, 1.0));
    }

    /// The positions of the real-program benchmark's games (our engine against Stockfish,
    /// none of them among the games the shipped table was fitted to), shown either way up: the
    /// prior tells which side is at the bottom, and when it is sure it is seldom wrong.
    #[test]
    fn the_prior_tells_turned_game_positions() {
        use crate::rules::pgn::{ReadOptions, read_games};
        use shakmaty::{Position, Square};
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/real/games.pgn");
        let text = std::fs::read_to_string(path).unwrap();
        let prior = Prior::embedded();
        let sure = crate::vision::params::orient::PRIOR_CONFIDENCE;
        let (mut positions, mut right, mut decided, mut wrong) = (0, 0, 0, 0);
        for game in read_games(&text, ReadOptions::default()) {
            // Every fourth position, from the start to the end.
            for pos in game.unwrap().positions().iter().step_by(4) {
                let board = pos.board();
                let cells: Vec<Option<Piece>> = (0..64)
                    .map(|i| board.piece_at(Square::new(((7 - i / 8) * 8 + i % 8) as u32)))
                    .collect();
                let turned: Vec<Option<Piece>> = cells.iter().rev().copied().collect();
                for (cells, white) in [(cells, true), (turned, false)] {
                    let p = prior.white_bottom(&cells);
                    positions += 1;
                    right += usize::from((p > 0.5) == white);
                    if p >= sure || 1.0 - p >= sure {
                        decided += 1;
                        wrong += usize::from((p >= sure) != white);
                    }
                }
            }
        }
        assert!(positions > 4000, "{positions}");
        let share = |a: usize, b: usize| a as f64 / b as f64;
        assert!(
            share(right, positions) > 0.9,
            "{right} of {positions} right"
        );
        assert!(
            share(decided, positions) > 0.8,
            "{decided} of {positions} decided"
        );
        assert!(
            share(wrong, decided) < 0.05,
            "{wrong} of {decided} decided wrongly"
        );
    }

    #[test]
    fn the_embedded_table_reads() {
        let prior = Prior::embedded();
        assert!(prior.table().bounds.len() >= 2);
        // No pieces, no evidence: the share of screenshots with white at the bottom.
        let empty = vec![None; 64];
        assert!((prior.white_bottom(&empty) - WHITE_BOTTOM_SHARE).abs() < 1e-5);
    }
}
