//! The position prior of the orientation: how likely a placement is with white at the bottom
//! rather than turned round, learnt from the positions of games.
//!
//! A person who sees a board without coordinates still knows which way it is turned: white's
//! pawns stand below black's, kings sit on their own back rank behind their pawns, and in an
//! endgame a passed pawn has come some way from its own side. The prior holds, for each phase
//! of the game (how many pieces are left) and each of the twelve pieces, how often that piece
//! stood on each square in positions of games, white at the bottom
//! (`assets/vision/prior.txt`, fitted by `chessbot vision fit-prior`). A placement scores the
//! log-likelihood of its pieces on their squares as read against the same pieces on the
//! squares turned round (a1 and h8 swapped, and so on); a temperature per phase, fitted on
//! games the counts were not taken from, turns that sum into calibrated odds (the pieces are
//! not independent, so the plain sum overstates the evidence). The share of screenshots that
//! show white at the bottom is added as prior odds.
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
use crate::vision::params::orient::{PRIOR_SMOOTHING, WHITE_BOTTOM_SHARE};
use shakmaty::Piece;
use std::sync::OnceLock;

/// The fitted table, compiled in.
static PRIOR_TABLE: &str = include_str!("../../assets/vision/prior.txt");

/// The first line of a prior file, with its version.
pub const PRIOR_HEADER: &str = "chessbot-orientation-prior 1";

/// The twelve pieces in the prior file's order: `KQRBNP` white, then black (the order of
/// [`crate::vision::classes::PIECES`]).
pub const PRIOR_PIECES: &str = "KQRBNPkqrbnp";

/// A prior file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("prior table, line {line}: {message}")]
pub struct PriorError {
    /// The 1-based line (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// How often each piece stood on each square, per phase: what a prior file holds.
#[derive(Debug, Clone, PartialEq)]
pub struct PriorCounts {
    /// The phases' largest piece counts, rising: phase `k` holds positions with more pieces
    /// than phase `k - 1`'s bound and at most its own (kings included).
    pub bounds: Vec<usize>,
    /// Per phase, the temperature that turns summed log-likelihood ratios into log odds.
    pub temperatures: Vec<f32>,
    /// Per phase, per piece ([`PRIOR_PIECES`] order), per square (a1, b1, ..., h8): the count.
    pub counts: Vec<[[u64; 64]; 12]>,
}

impl PriorCounts {
    /// Empty counts for phases bounded by `bounds`, temperatures 1.
    pub fn new(bounds: Vec<usize>) -> PriorCounts {
        let n = bounds.len();
        PriorCounts {
            bounds,
            temperatures: vec![1.0; n],
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

    /// The file: [`PRIOR_HEADER`], `phases` with the bounds, `temperatures`, then one line per
    /// phase and piece: `counts PHASE PIECE` and 64 counts from a1 to h8. `#` starts a comment
    /// line.
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
        out.push_str(&format!(
            "temperatures {}\n",
            join(
                self.temperatures
                    .iter()
                    .map(|t| format!("{t:.5}"))
                    .collect()
            )
        ));
        for (phase, pieces) in self.counts.iter().enumerate() {
            for (i, squares) in pieces.iter().enumerate() {
                let piece = PRIOR_PIECES.as_bytes()[i] as char;
                let counts = join(squares.iter().map(|c| c.to_string()).collect());
                out.push_str(&format!("counts {phase} {piece} {counts}\n"));
            }
        }
        out
    }

    /// Reads a file [`PriorCounts::write`] wrote.
    pub fn parse(text: &str) -> Result<PriorCounts, PriorError> {
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
        let mut prior: Option<PriorCounts> = None;
        let mut seen = Vec::new();
        for (n, line) in lines {
            let mut words = line.split_ascii_whitespace();
            let key = words.next().unwrap_or("");
            let numbers = |words: std::str::SplitAsciiWhitespace| {
                words
                    .map(str::parse::<f64>)
                    .collect::<Result<Vec<f64>, _>>()
            };
            match (key, prior.as_mut()) {
                ("phases", None) => {
                    let bounds: Vec<usize> = words
                        .map(str::parse::<usize>)
                        .collect::<Result<_, _>>()
                        .map_err(|e| err(n, format!("phases: {e}")))?;
                    if bounds.is_empty() || bounds.windows(2).any(|w| w[0] >= w[1]) {
                        return Err(err(n, "phases must rise".into()));
                    }
                    prior = Some(PriorCounts::new(bounds));
                }
                ("temperatures", Some(p)) => {
                    let t = numbers(words).map_err(|e| err(n, format!("temperatures: {e}")))?;
                    if t.len() != p.bounds.len() || t.iter().any(|v| !(v.is_finite() && *v >= 0.0))
                    {
                        return Err(err(n, "one temperature, at least 0, per phase".into()));
                    }
                    p.temperatures = t.iter().map(|&v| v as f32).collect();
                }
                ("counts", Some(p)) => {
                    let phase: usize = words
                        .next()
                        .and_then(|w| w.parse().ok())
                        .filter(|&k| k < p.bounds.len())
                        .ok_or_else(|| err(n, "counts: no such phase".into()))?;
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
                    p.counts[phase][piece].copy_from_slice(&c);
                    seen.push((phase, piece));
                }
                _ => return Err(err(n, format!("unexpected `{key}`"))),
            }
        }
        let prior = prior.ok_or_else(|| err(0, "no phases".into()))?;
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != prior.bounds.len() * 12 {
            return Err(err(0, "a count line per phase and piece is missing".into()));
        }
        Ok(prior)
    }
}

/// The prior, ready to judge placements: per phase, piece and square, the log of the smoothed
/// share of that piece's appearances on that square.
#[derive(Debug, Clone)]
pub struct Prior {
    counts: PriorCounts,
    log_share: Vec<[[f32; 64]; 12]>,
}

impl Prior {
    /// The prior compiled into the binary.
    pub fn embedded() -> &'static Prior {
        static PRIOR: OnceLock<Prior> = OnceLock::new();
        PRIOR.get_or_init(|| {
            Prior::new(PriorCounts::parse(PRIOR_TABLE).expect("the embedded prior table is valid"))
        })
    }

    /// The prior of `counts`: each phase's share of a piece on a square smoothed toward that
    /// piece's share over all phases by [`PRIOR_SMOOTHING`] positions' worth, which is itself
    /// smoothed by one count on every square.
    pub fn new(counts: PriorCounts) -> Prior {
        let log_share = counts
            .counts
            .iter()
            .map(|phase| {
                std::array::from_fn(|p| {
                    let all: Vec<f64> = (0..64)
                        .map(|s| counts.counts.iter().map(|c| c[p][s]).sum::<u64>() as f64 + 1.0)
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
        Prior { counts, log_share }
    }

    /// The counts and temperatures this prior was made from.
    pub fn counts(&self) -> &PriorCounts {
        &self.counts
    }

    /// The phase of `cells` and the summed log-likelihood ratio of their pieces on their
    /// squares with white at the bottom against turned round (before the temperature).
    pub fn evidence(&self, cells: &[Option<Piece>]) -> (usize, f32) {
        let pieces = cells.iter().take(64).flatten().count();
        let phase = self.counts.phase(pieces);
        let table = &self.log_share[phase];
        let mut sum = 0.0;
        for (i, cell) in cells.iter().enumerate().take(64) {
            let Some(piece) = cell else { continue };
            // Image cell (row, col) is square (col, 7 - row) with white at the bottom: index
            // (7 - row) * 8 + col; turned round, the square opposite it, 63 minus that.
            let square = (7 - i / 8) * 8 + i % 8;
            let p = piece_index(*piece);
            sum += table[p][square] - table[p][63 - square];
        }
        (phase, sum)
    }

    /// The log odds that `cells` (64 image cells, row 0 at the top) show white at the bottom
    /// rather than black, from the placement alone (no base rate).
    pub fn log_odds(&self, cells: &[Option<Piece>]) -> f32 {
        let (phase, sum) = self.evidence(cells);
        self.counts.temperatures[phase] * sum
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
        let mut counts = PriorCounts::new(vec![10, 32]);
        counts.add(&shakmaty::Board::default());
        counts.temperatures = vec![0.5, 0.25];
        let text = counts.write(&["made by a test".into()]);
        assert_eq!(PriorCounts::parse(&text), Ok(counts.clone()));
        assert_eq!(
            counts.counts[1][piece_index(Piece::from_char('K').unwrap())][4],
            1
        );
        for bad in [
            "",
            "chessbot-orientation-prior 2\nphases 32\n",
            &text.replace("phases 10 32", "phases 32 10"),
            &text.replace("temperatures 0.50000 0.25000", "temperatures 0.5"),
            &text.replacen("counts 0 K 0", "counts 0 K x", 1),
            &text.replacen("counts 1 p ", "counts 1 z ", 1),
            &text.lines().take(6).collect::<Vec<_>>().join("\n"),
        ] {
            assert!(PriorCounts::parse(bad).is_err(), "{bad}");
        }
    }

    /// The positions of the real-program benchmark's games (our engine against Stockfish,
    /// none of them counted in the shipped table), shown either way up: the prior tells which
    /// side is at the bottom, and when it is sure it is seldom wrong.
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
        assert!(prior.counts().bounds.len() >= 2);
        // No pieces, no evidence: the share of screenshots with white at the bottom.
        let empty = vec![None; 64];
        assert!((prior.white_bottom(&empty) - WHITE_BOTTOM_SHARE).abs() < 1e-5);
    }
}
