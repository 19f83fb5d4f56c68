//! Fitting the orientation's position prior ([`crate::vision::prior`]) to the positions of
//! games (`chessbot vision fit-prior`), and measuring a prior on games it was not fitted to
//! (`chessbot vision eval-prior`).
//!
//! Games are dealt out in turns of [`SPLIT`]: the first game of each turn is a test game (never
//! used in a fit), the second a calibration game, the rest are counted. The counts give each
//! piece's share of each square per phase; on the calibration positions, whose pieces the
//! counts have not seen, a logistic regression per phase fits the weights that turn a
//! placement's clues (the squares' summed log-likelihood ratios and the relations between
//! pieces) into the log odds that it is shown the right way up rather than turned round. The
//! test positions measure how often the prior, with the share of screenshots that show white
//! at the bottom, is sure of a side and how often it is then wrong, with each size of position
//! weighing alike ([`TEST_GROUPS`]), as screenshots show endgames about as often as
//! middlegames.

use crate::rules::pgn::{ReadOptions, read_games};
use crate::vision::params::orient::PRIOR_CONFIDENCE;
use crate::vision::prior::{Prior, PriorTable, SQUARE_CLUES, WEIGHTS};
use shakmaty::{Board, Piece, Position, Square};

/// The phases' largest piece counts (kings included): endgames of a few pieces apart from
/// those of more, and the middlegame in steps of four.
pub const PHASES: [usize; 7] = [6, 10, 14, 18, 22, 26, 32];
/// Games are dealt out in turns of this many: one test game, one calibration game, the rest
/// counted.
pub const SPLIT: usize = 10;
/// Weight of the squared weights in the regression's loss (in positions' log loss): keeps the
/// weights of a phase with few calibration positions near zero.
pub const RIDGE: f64 = 1.0;
/// The test's sizes of position, by their largest piece count: each weighs alike in the
/// overall figures.
pub const TEST_GROUPS: [usize; 5] = [6, 10, 14, 22, 32];
/// Test positions start at this ply: the opening's first moves, which screenshots seldom show
/// and which tell their side at once, are left out.
pub const TEST_FROM_PLY: usize = 16;

/// One game's positions (white at the bottom, as played), each with its ply from the start.
pub type GamePositions = Vec<(Board, usize)>;

/// The games of a PGN text (standard chess only) and how many were skipped.
pub fn games_from_pgn(text: &str) -> (Vec<GamePositions>, usize) {
    let (mut games, mut skipped) = (Vec::new(), 0);
    for game in read_games(text, ReadOptions::default()) {
        match game {
            Ok(game) if !game.chess960 => games.push(
                game.positions()
                    .iter()
                    .enumerate()
                    .map(|(ply, pos)| (pos.board().clone(), ply))
                    .collect(),
            ),
            _ => skipped += 1,
        }
    }
    (games, skipped)
}

/// The games of a positions file as `chessbot nnue gen` writes it: `# game INDEX POSITIONS`
/// starts a game, every other line that is not a comment starts with a FEN (fields after a
/// `|` are ignored). A line whose FEN does not read is an error naming it.
pub fn games_from_positions(text: &str) -> Result<Vec<GamePositions>, String> {
    let mut games: Vec<GamePositions> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with("# game") {
            games.push(Vec::new());
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = line.split('|').next().unwrap_or("");
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        let bad = || format!("line {}: not a FEN: {line}", n + 1);
        let board: Board = fields.first().ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let black = fields.get(1) == Some(&"b");
        let fullmove: usize = fields.get(5).and_then(|m| m.parse().ok()).unwrap_or(1);
        let ply = 2 * fullmove.saturating_sub(1) + usize::from(black);
        match games.last_mut() {
            Some(game) => game.push((board, ply)),
            None => games.push(vec![(board, ply)]),
        }
    }
    Ok(games)
}

/// What a game is used for, by its index among all games read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    /// Kept for measuring.
    Test,
    /// Fits the weights.
    Calibration,
    /// Counted into the squares' shares.
    Counted,
}

/// The use of game `index` ([`SPLIT`]).
pub fn game_use(index: usize) -> Use {
    match index % SPLIT {
        0 => Use::Test,
        1 => Use::Calibration,
        _ => Use::Counted,
    }
}

/// What a fit did, per phase.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PhaseFit {
    /// The phase's largest piece count.
    pub bound: usize,
    /// Positions counted.
    pub positions: u64,
    /// Positions of the calibration games.
    pub calibration: usize,
    /// The fitted weights.
    pub weights: [f32; WEIGHTS],
    /// Mean log loss on the calibration positions (nats) with the squares' clues alone at their
    /// best weights, and with every clue.
    pub log_loss: (f32, f32),
}

/// What [`fit_prior`] fitted.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PriorFit {
    /// Games counted, calibration games and test games.
    pub games: (usize, usize, usize),
    /// Per phase.
    pub phases: Vec<PhaseFit>,
}

/// Image cells (row 0 at the top) of `board` with white at the bottom.
pub fn cells(board: &Board) -> Vec<Option<Piece>> {
    (0..64)
        .map(|i| board.piece_at(Square::new(((7 - i / 8) * 8 + i % 8) as u32)))
        .collect()
}

/// Fits the prior to `games` ([`game_use`] tells which are counted and which calibrate; test
/// games are left alone).
pub fn fit_prior(games: &[GamePositions]) -> (PriorTable, PriorFit) {
    let mut table = PriorTable::new(PHASES.to_vec());
    let mut positions = vec![0u64; PHASES.len()];
    let mut split = (0, 0, 0);
    for (i, game) in games.iter().enumerate() {
        match game_use(i) {
            Use::Counted => {
                split.0 += 1;
                for (board, _) in game {
                    positions[table.phase(board.occupied().count())] += 1;
                    table.add(board);
                }
            }
            Use::Calibration => split.1 += 1,
            Use::Test => split.2 += 1,
        }
    }
    let prior = Prior::new(table.clone());
    let mut clues: Vec<Vec<[f32; WEIGHTS]>> = vec![Vec::new(); PHASES.len()];
    for (i, game) in games.iter().enumerate() {
        if game_use(i) == Use::Calibration {
            for (board, _) in game {
                let (phase, c) = prior.clues(&cells(board));
                clues[phase].push(c);
            }
        }
    }
    let mut phases = Vec::with_capacity(PHASES.len());
    for (k, xs) in clues.iter().enumerate() {
        let squares_only: Vec<[f32; WEIGHTS]> = xs
            .iter()
            .map(|x| std::array::from_fn(|j| if j < SQUARE_CLUES { x[j] } else { 0.0 }))
            .collect();
        let alone = fit_weights(&squares_only);
        let weights = fit_weights(xs);
        table.weights[k] = weights;
        let n = xs.len().max(1) as f64;
        phases.push(PhaseFit {
            bound: PHASES[k],
            positions: positions[k],
            calibration: xs.len(),
            weights,
            log_loss: (
                (loss(&squares_only, &alone, 0.0) / n) as f32,
                (loss(xs, &weights, 0.0) / n) as f32,
            ),
        });
    }
    (
        table,
        PriorFit {
            games: split,
            phases,
        },
    )
}

/// `ln(1 + e^v)`, without overflow.
fn softplus(v: f64) -> f64 {
    if v > 30.0 { v } else { v.exp().ln_1p() }
}

/// The regression's loss of weights `w` on positions shown the right way up with clues `xs`
/// (turned round, their clues are `-x` and their loss the same), plus `ridge` times half the
/// squared weights.
fn loss(xs: &[[f32; WEIGHTS]], w: &[f32; WEIGHTS], ridge: f64) -> f64 {
    let dot = |x: &[f32; WEIGHTS]| x.iter().zip(w).map(|(a, b)| (a * b) as f64).sum::<f64>();
    xs.iter().map(|x| softplus(-dot(x))).sum::<f64>()
        + ridge / 2.0 * w.iter().map(|v| (v * v) as f64).sum::<f64>()
}

/// The weights that minimise the log loss of positions shown the right way up with clues `xs`
/// ([`RIDGE`] keeping them small): Newton's method with the step halved while the loss does
/// not fall (the loss is convex).
pub fn fit_weights(xs: &[[f32; WEIGHTS]]) -> [f32; WEIGHTS] {
    let mut w = [0.0f32; WEIGHTS];
    let mut current = loss(xs, &w, RIDGE);
    for _ in 0..50 {
        let mut grad = [0.0f64; WEIGHTS];
        let mut hess = [[0.0f64; WEIGHTS]; WEIGHTS];
        for x in xs {
            let z: f64 = x.iter().zip(&w).map(|(a, b)| (a * b) as f64).sum();
            // d/dz softplus(-z) = -sigmoid(-z); second derivative sigmoid(z) sigmoid(-z).
            let s = 1.0 / (1.0 + z.exp());
            let h = s * (1.0 - s);
            for a in 0..WEIGHTS {
                grad[a] -= s * x[a] as f64;
                for b in 0..WEIGHTS {
                    hess[a][b] += h * x[a] as f64 * x[b] as f64;
                }
            }
        }
        for a in 0..WEIGHTS {
            grad[a] += RIDGE * w[a] as f64;
            hess[a][a] += RIDGE;
        }
        let step = solve(hess, grad);
        let mut scale = 1.0f32;
        let mut improved = false;
        while scale > 1e-4 {
            let trial: [f32; WEIGHTS] = std::array::from_fn(|a| w[a] - scale * step[a] as f32);
            let l = loss(xs, &trial, RIDGE);
            if l < current {
                let converged = current - l < 1e-9 * current.max(1.0);
                w = trial;
                current = l;
                improved = !converged;
                break;
            }
            scale /= 2.0;
        }
        if !improved {
            break;
        }
    }
    w
}

/// `a⁻¹ b` for a symmetric positive definite `a` (Gaussian elimination).
fn solve(mut a: [[f64; WEIGHTS]; WEIGHTS], mut b: [f64; WEIGHTS]) -> [f64; WEIGHTS] {
    for col in 0..WEIGHTS {
        let pivot = (col..WEIGHTS)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        let pivot_row = a[col];
        for row in col + 1..WEIGHTS {
            let f = a[row][col] / d;
            for (v, p) in a[row].iter_mut().zip(pivot_row).skip(col) {
                *v -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; WEIGHTS];
    for row in (0..WEIGHTS).rev() {
        let rest: f64 = (row + 1..WEIGHTS).map(|k| a[row][k] * x[k]).sum();
        x[row] = if a[row][row].abs() < 1e-300 {
            0.0
        } else {
            (b[row] - rest) / a[row][row]
        };
    }
    x
}

/// How a prior does on test positions of one size.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct GroupScore {
    /// The group's largest piece count ([`TEST_GROUPS`]).
    pub bound: usize,
    /// Positions tested (each shown both ways up).
    pub positions: usize,
    /// Positions shown as played (white at the bottom), then turned round, that the prior
    /// gives a side at least [`PRIOR_CONFIDENCE`].
    pub decided: [usize; 2],
    /// Of those, the ones given the wrong side.
    pub wrong: [usize; 2],
}

/// How a prior does on test positions: per [`TEST_GROUPS`] group.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PriorScore {
    /// Per group of sizes.
    pub groups: Vec<GroupScore>,
}

impl PriorScore {
    /// Shown as played (`turned` false) or turned round: the share of positions decided and
    /// the share of those wrong, each group weighing alike.
    pub fn overall(&self, turned: bool) -> (f64, f64) {
        let t = usize::from(turned);
        let groups: Vec<&GroupScore> = self.groups.iter().filter(|g| g.positions > 0).collect();
        if groups.is_empty() {
            return (0.0, 0.0);
        }
        let decided: f64 = groups
            .iter()
            .map(|g| g.decided[t] as f64 / g.positions as f64)
            .sum();
        let wrong: f64 = groups
            .iter()
            .map(|g| g.wrong[t] as f64 / g.positions as f64)
            .sum();
        let n = groups.len().max(1) as f64;
        (
            decided / n,
            if decided > 0.0 { wrong / decided } else { 0.0 },
        )
    }
}

/// Scores `prior` on the positions of `games` from [`TEST_FROM_PLY`] on, each shown as played
/// and turned round, with the share of screenshots that show white at the bottom.
pub fn score_prior<'a>(
    prior: &Prior,
    games: impl IntoIterator<Item = &'a GamePositions>,
) -> PriorScore {
    let mut groups: Vec<GroupScore> = TEST_GROUPS
        .iter()
        .map(|&bound| GroupScore {
            bound,
            ..GroupScore::default()
        })
        .collect();
    for game in games {
        for (board, ply) in game {
            if *ply < TEST_FROM_PLY {
                continue;
            }
            let pieces = board.occupied().count();
            let Some(g) = groups.iter_mut().find(|g| pieces <= g.bound) else {
                continue;
            };
            g.positions += 1;
            let cells = cells(board);
            let turned: Vec<Option<Piece>> = cells.iter().rev().copied().collect();
            for (t, cells) in [cells, turned].iter().enumerate() {
                let white = prior.white_bottom(cells);
                let sure_white = white >= PRIOR_CONFIDENCE;
                if sure_white || 1.0 - white >= PRIOR_CONFIDENCE {
                    g.decided[t] += 1;
                    // As played, white is at the bottom; turned round, black.
                    g.wrong[t] += usize::from(sure_white == (t == 1));
                }
            }
        }
    }
    PriorScore { groups }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weights_balance_right_and_wrong_clues() {
        // Clues always pointing the right way, far apart: large weights.
        let sure = vec![[0.0; WEIGHTS]; 0];
        assert_eq!(fit_weights(&sure), [0.0; WEIGHTS]);
        let mut right = [0.0; WEIGHTS];
        right[0] = 1.0;
        assert!(fit_weights(&vec![right; 1000])[0] > 3.0);
        // Three right for one wrong at twice the strength: e^(2w) = 3, and a clue that is
        // always zero gets no weight.
        let mut wrong = right;
        wrong[0] = -2.0;
        right[0] = 2.0;
        let mut xs = vec![right; 3000];
        xs.extend(vec![wrong; 1000]);
        let w = fit_weights(&xs);
        assert!((w[0] - 3f32.ln() / 2.0).abs() < 1e-3, "{w:?}");
        assert!(w[1..].iter().all(|v| v.abs() < 1e-6), "{w:?}");
    }

    #[test]
    fn games_are_split_counted_and_calibrated() {
        let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n\n";
        let (games, skipped) = games_from_pgn(&game.repeat(2 * SPLIT));
        assert_eq!((games.len(), skipped), (2 * SPLIT, 0));
        let (table, fit) = fit_prior(&games);
        assert_eq!(fit.games, (2 * SPLIT - 4, 2, 2));
        // Eleven positions a game; all in the last phase.
        let last = PHASES.len() - 1;
        assert_eq!(fit.phases[last].positions, 11 * (2 * SPLIT as u64 - 4));
        assert_eq!(fit.phases[last].calibration, 22);
        // The white king stood on e1 until it castled, in nine positions of each counted game.
        assert_eq!(table.counts[last][0][4], 9 * (2 * SPLIT as u64 - 4));
        // The calibration positions are told the right way up.
        assert!(fit.phases[last].log_loss.1 < 0.1, "{fit:?}");
        // The test positions start at the sixteenth ply: these games have none.
        let score = score_prior(&Prior::new(table), &games);
        assert!(score.groups.iter().all(|g| g.positions == 0));
    }

    #[test]
    fn a_positions_file_reads_by_game() {
        let text = "# chessbot nnue gen\n# game 0 2\n\
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 30 | 1\n\
            8/8/8/3k4/8/8/3K4/8 w - - 0 40 | 0 | 0.5\n# game 1 1\n8/8/8/3k4/8/8/3K4/8 b - - 0 9\n";
        let games = games_from_positions(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0][0].1, games[0][1].1, games[1][0].1), (1, 78, 17));
        assert!(games_from_positions("# game 0 1\nnot a fen | 1 | 0\n").is_err());
    }

    #[test]
    fn a_score_counts_sure_and_wrong_verdicts() {
        // Positions the prior is sure of the right way: decided, none wrong.
        let board: Board = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R"
            .parse()
            .unwrap();
        let games = vec![vec![(board, 20)]];
        let score = score_prior(Prior::embedded(), &games);
        let g = &score.groups[TEST_GROUPS.len() - 1];
        assert_eq!((g.positions, g.decided, g.wrong), (1, [1, 1], [0, 0]));
        assert_eq!(score.overall(false), (1.0, 0.0));
        // Bare kings in the middle: decided neither way.
        let bare: Board = "8/8/8/3kK3/8/8/8/8".parse().unwrap();
        let score = score_prior(Prior::embedded(), &vec![vec![(bare, 80)]]);
        assert_eq!(score.groups[0].decided, [0, 0]);
        // No test positions at all: nothing decided.
        let none = score_prior(Prior::embedded(), &Vec::<GamePositions>::new());
        assert!(none.overall(true).0.is_sign_positive());
    }
}
