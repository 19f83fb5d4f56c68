//! Fitting the orientation's position prior ([`crate::vision::prior`]) to the positions of
//! games (`chessbot vision fit-prior`).
//!
//! Every position of every game is counted (each piece on its square, in the phase its number
//! of pieces puts it in), except those of every [`CALIBRATION_EVERY`]-th game: on those the
//! temperature of each phase is fitted, the one factor that turns the summed log-likelihood
//! ratios of a position's pieces into the log odds that best predict (by log loss) that it is
//! shown the right way up rather than turned round.

use crate::rules::pgn::{ReadOptions, read_games};
use crate::vision::prior::{Prior, PriorCounts};
use shakmaty::Position;

/// The phases' largest piece counts (kings included): endgames of a few pieces apart from
/// those of more, and the middlegame in steps of four.
pub const PHASES: [usize; 7] = [6, 10, 14, 18, 22, 26, 32];
/// Every this many games, one is kept out of the counts to fit the temperatures on.
pub const CALIBRATION_EVERY: usize = 10;

/// What a fit did, per phase.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PhaseFit {
    /// The phase's largest piece count.
    pub bound: usize,
    /// Positions counted.
    pub positions: u64,
    /// Positions of the calibration games.
    pub calibration: usize,
    /// The fitted temperature.
    pub temperature: f32,
    /// Share of the calibration positions that the prior (without the base rate) judges the
    /// right way up, and turned round the other way.
    pub right: f32,
    /// Mean log loss of the calibrated probability on the calibration positions (nats).
    pub log_loss: f32,
}

/// What [`fit_prior`] read and fitted.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PriorFit {
    /// Games read.
    pub games: usize,
    /// Games skipped: unreadable, or not standard chess from the start position's rules.
    pub skipped: usize,
    /// Per phase.
    pub phases: Vec<PhaseFit>,
}

/// Fits the prior to the games in `pgns` (PGN texts): counts and temperatures.
pub fn fit_prior(pgns: &[String]) -> (PriorCounts, PriorFit) {
    let mut counts = PriorCounts::new(PHASES.to_vec());
    let mut held: Vec<shakmaty::Board> = Vec::new();
    let (mut games, mut skipped) = (0usize, 0usize);
    let mut positions = vec![0u64; PHASES.len()];
    for text in pgns {
        for game in read_games(text, ReadOptions::default()) {
            let Ok(game) = game else {
                skipped += 1;
                continue;
            };
            if game.chess960 {
                skipped += 1;
                continue;
            }
            games += 1;
            let calibration = games.is_multiple_of(CALIBRATION_EVERY);
            for pos in game.positions() {
                if calibration {
                    held.push(pos.board().clone());
                } else {
                    positions[counts.phase(pos.board().occupied().count())] += 1;
                    counts.add(pos.board());
                }
            }
        }
    }
    let prior = Prior::new(counts.clone());
    // Each calibration position's phase and summed evidence (white at the bottom, as played).
    let mut evidence: Vec<Vec<f32>> = vec![Vec::new(); PHASES.len()];
    for board in &held {
        let cells: Vec<Option<shakmaty::Piece>> = (0..64)
            .map(|i| board.piece_at(shakmaty::Square::new(((7 - i / 8) * 8 + i % 8) as u32)))
            .collect();
        let (phase, x) = prior.evidence(&cells);
        evidence[phase].push(x);
    }
    let mut phases = Vec::with_capacity(PHASES.len());
    for (k, xs) in evidence.iter().enumerate() {
        let temperature = fit_temperature(xs);
        counts.temperatures[k] = temperature;
        let n = xs.len().max(1) as f32;
        phases.push(PhaseFit {
            bound: PHASES[k],
            positions: positions[k],
            calibration: xs.len(),
            temperature,
            right: xs.iter().filter(|&&x| x > 0.0).count() as f32 / n,
            log_loss: xs.iter().map(|&x| softplus(-temperature * x)).sum::<f32>() / n,
        });
    }
    (
        counts,
        PriorFit {
            games,
            skipped,
            phases,
        },
    )
}

/// `ln(1 + e^v)`, without overflow.
fn softplus(v: f32) -> f32 {
    if v > 20.0 { v } else { v.exp().ln_1p() }
}

/// The temperature `t` that minimises the log loss `Σ ln(1 + e^(-t·x))` of positions shown the
/// right way up with evidence `xs` (the same positions turned round have evidence `-x` and add
/// the same loss), between 0 and 1: the pieces of a position are never worth more than as
/// many independent clues (1), which is what positions the evidence always judges right
/// would otherwise push it past. The loss is convex in `t`, so a golden-section search finds
/// it.
pub fn fit_temperature(xs: &[f32]) -> f32 {
    let loss = |t: f32| xs.iter().map(|&x| softplus(-t * x)).sum::<f32>();
    let (mut lo, mut hi) = (0.0f32, 1.0f32);
    let g = (5f32.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if loss(a) <= loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_temperature_balances_right_and_wrong_evidence() {
        // All evidence pointing the right way: the pieces as independent clues.
        assert!(fit_temperature(&[1.0, 2.0, 3.0]) > 0.99);
        // Evidence as often wrong as right: no confidence at all.
        assert!(fit_temperature(&[1.0, -1.0]) < 0.01);
        // Three right for one wrong at twice the strength: e^(2t) = 3.
        assert!((fit_temperature(&[2.0, 2.0, 2.0, -2.0]) - 3f32.ln() / 2.0).abs() < 1e-3);
    }

    #[test]
    fn games_are_counted_and_calibrated() {
        let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n\n";
        let text = game.repeat(CALIBRATION_EVERY);
        let (counts, fit) = fit_prior(&[text]);
        assert_eq!((fit.games, fit.skipped), (CALIBRATION_EVERY, 0));
        // Eleven positions a game; all in the last phase; one game held out.
        let last = PHASES.len() - 1;
        assert_eq!(
            fit.phases[last].positions,
            11 * (CALIBRATION_EVERY as u64 - 1)
        );
        assert_eq!(fit.phases[last].calibration, 11);
        assert_eq!(fit.phases[last].right, 1.0);
        // The white king stood on e1 until it castled, in nine positions of each counted game.
        assert_eq!(
            counts.counts[last][0][4],
            9 * (CALIBRATION_EVERY as u64 - 1)
        );
    }
}
