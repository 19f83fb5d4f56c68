//! Match statistics: Elo difference with a 95% interval, likelihood of superiority, draw ratio,
//! and the sequential probability ratio test (SPRT).
//!
//! The formulas are cutechess-cli's (`elo.cpp`): the score `s = (W + D/2) / N`, the Elo
//! difference `-400 log10(1/s - 1)`, the per-game standard deviation of the trinomial
//! (win/draw/loss) distribution, the 95% interval as half the width between the Elo of
//! `s ± 1.96 σ/√N`, and `LOS = ½ (1 + erf((W - L) / √(2 (W + L))))`.
//!
//! The SPRT is the generalised SPRT as fishtest computes it (`LLR_logistic`): the outcomes'
//! observed frequencies are compared with the most likely distributions whose expected scores
//! are the logistic scores `s0`, `s1` of the two hypotheses, and `LLR = N Σ p̂ᵢ ln(p1ᵢ / p0ᵢ)`.
//! Outcomes never seen count as 1/1000 of a result (fishtest's and fastchess's regularisation),
//! so that a run where every game or pair ends alike still moves the LLR: all wins towards H1,
//! all draws towards the hypothesis nearer an even score. It is computed on game pairs
//! (pentanomial: the two games of an opening played with colours swapped, scores 0, ¼, ½, ¾, 1
//! per pair) when pairs exist, which removes the opening's bias from the variance, or on single
//! games (trinomial) otherwise. The test accepts H1 (`elo1`) when the LLR reaches
//! `ln((1-β)/α)` and H0 (`elo0`) when it falls to `ln(β/(1-α))`.

use serde::Serialize;

/// The 97.5% quantile of the standard normal distribution (two-sided 95% interval).
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses from one player's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// A record of `wins`, `draws`, `losses`.
    pub fn new(wins: u64, draws: u64, losses: u64) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The score fraction `(W + D/2) / N` (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / n as f64
    }

    /// The draw ratio `D / N` (0 with no games).
    pub fn draw_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.0
        } else {
            self.draws as f64 / n as f64
        }
    }

    /// The Elo difference this score implies (±∞ for a perfect score either way).
    pub fn elo(&self) -> f64 {
        elo_from_score(self.score())
    }

    /// Half the width of the 95% confidence interval of [`Wdl::elo`] (∞ when undefined).
    pub fn elo_error(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return f64::INFINITY;
        }
        let s = self.score();
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
        );
        let variance = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        let sigma = variance.sqrt() / n.sqrt();
        let high = elo_from_score(s + Z95 * sigma);
        let low = elo_from_score(s - Z95 * sigma);
        let e = (high - low) / 2.0;
        if e.is_finite() { e } else { f64::INFINITY }
    }

    /// The likelihood of superiority: the probability that the player is stronger (0.5 when
    /// no game was decisive).
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    /// The same record from the opponent's point of view.
    pub fn flipped(&self) -> Wdl {
        Wdl::new(self.losses, self.draws, self.wins)
    }
}

/// The Elo difference of an expected score `s` (logistic model).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score of an Elo difference (logistic model).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function: its Maclaurin series below 2.5 and the Laplace continued fraction of
/// `erfc` above (about 1e-14 accurate; checked against reference values in the tests).
pub fn erf(x: f64) -> f64 {
    if x < 0.0 {
        return -erf(-x);
    }
    if x < 2.5 {
        // erf x = 2/√π Σ (-1)^n x^(2n+1) / (n! (2n+1))
        let mut sum = 0.0f64;
        let mut term = x;
        let mut n = 0.0;
        while term.abs() > 1e-17 * sum.abs().max(1e-300) || n < 3.0 {
            sum += term / (2.0 * n + 1.0);
            n += 1.0;
            term *= -x * x / n;
            if n > 200.0 {
                break;
            }
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    } else {
        // erfc x = exp(-x²)/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + ...)))) (Lentz, 60 terms).
        let mut f = x;
        for k in (1..60).rev() {
            f = x + (k as f64 / 2.0) / f;
        }
        1.0 - (-x * x).exp() / (std::f64::consts::PI.sqrt() * f)
    }
}

/// Counts of game pairs by their total score for the first player: 0, ½, 1, 1½, 2.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Adds a pair with `half_points` (0 to 4) for the first player.
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points.min(4)] += 1;
    }

    /// Number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }
}

/// The count given to an outcome never seen, so that every outcome has some probability.
const UNSEEN_OUTCOME: f64 = 1e-3;

/// The distribution over the outcomes of `pdf` (score, probability; every probability above
/// zero, the scores spanning `mean`) closest in likelihood to `pdf` whose expected score is
/// `mean`: `pᵢ = p̂ᵢ / (1 + λ (xᵢ - mean))`, with `λ` the root of `Σ p̂ᵢ (xᵢ - mean) / (1 + λ (xᵢ -
/// mean)) = 0`, found by bisection (the sum falls strictly with `λ`).
fn most_likely_with_mean(pdf: &[(f64, f64)], mean: f64) -> Vec<f64> {
    let high_x = pdf.iter().map(|&(x, _)| x).fold(f64::MIN, f64::max);
    let low_x = pdf.iter().map(|&(x, _)| x).fold(f64::MAX, f64::min);
    // Every denominator stays positive for λ strictly inside (lo, hi).
    let (mut lo, mut hi) = (-1.0 / (high_x - mean), 1.0 / (mean - low_x));
    let slope = |lambda: f64| -> f64 {
        pdf.iter()
            .map(|&(x, p)| p * (x - mean) / (1.0 + lambda * (x - mean)))
            .sum()
    };
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let lambda = 0.5 * (lo + hi);
    let p: Vec<f64> = pdf
        .iter()
        .map(|&(x, p)| p / (1.0 + lambda * (x - mean)))
        .collect();
    let total: f64 = p.iter().sum();
    p.into_iter().map(|q| q / total).collect()
}

/// An SPRT for `elo0` against `elo1` with error rates `alpha` and `beta`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Sprt {
    /// Elo of the null hypothesis.
    pub elo0: f64,
    /// Elo of the alternative hypothesis.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SprtStatus {
    /// Neither bound crossed yet.
    Continue,
    /// The lower bound was crossed: H0 (`elo0`) accepted.
    AcceptH0,
    /// The upper bound was crossed: H1 (`elo1`) accepted.
    AcceptH1,
}

/// A bad `--sprt` specification.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SprtError {
    /// Not four comma-separated numbers.
    #[error("expected elo0,elo1,alpha,beta (e.g. 0,5,0.05,0.05), got '{0}'")]
    Format(String),
    /// The numbers do not make a test.
    #[error("{0}")]
    Invalid(String),
}

impl std::str::FromStr for Sprt {
    type Err = SprtError;
    fn from_str(s: &str) -> Result<Sprt, SprtError> {
        let parts: Vec<f64> = s
            .split(',')
            .map(|p| p.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| SprtError::Format(s.to_string()))?;
        let [elo0, elo1, alpha, beta] = parts[..] else {
            return Err(SprtError::Format(s.to_string()));
        };
        Sprt::new(elo0, elo1, alpha, beta)
    }
}

impl Sprt {
    /// A test, checked: `elo0 < elo1`, `0 < alpha, beta < 0.5`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if elo0.partial_cmp(&elo1) != Some(std::cmp::Ordering::Less) {
            return Err(SprtError::Invalid(format!(
                "SPRT needs elo0 < elo1, got {elo0} and {elo1}"
            )));
        }
        if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
            return Err(SprtError::Invalid(format!(
                "SPRT needs alpha and beta between 0 and 0.5, got {alpha} and {beta}"
            )));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower bound `ln(β / (1 - α))`.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound `ln((1 - β) / α)`.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    fn llr(&self, outcomes: &[(f64, u64)]) -> f64 {
        if outcomes.iter().all(|&(_, c)| c == 0) {
            return 0.0;
        }
        let counts: Vec<f64> = outcomes
            .iter()
            .map(|&(_, c)| if c == 0 { UNSEEN_OUTCOME } else { c as f64 })
            .collect();
        let n: f64 = counts.iter().sum();
        let pdf: Vec<(f64, f64)> = outcomes
            .iter()
            .zip(&counts)
            .map(|(&(x, _), &c)| (x, c / n))
            .collect();
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        let p0 = most_likely_with_mean(&pdf, s0);
        let p1 = most_likely_with_mean(&pdf, s1);
        n * pdf
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(&(_, p), (q0, q1))| p * (q1.ln() - q0.ln()))
            .sum::<f64>()
    }

    /// The log-likelihood ratio of single games (trinomial model).
    pub fn llr_trinomial(&self, wdl: &Wdl) -> f64 {
        self.llr(&[(1.0, wdl.wins), (0.5, wdl.draws), (0.0, wdl.losses)])
    }

    /// The log-likelihood ratio of game pairs (pentanomial model).
    pub fn llr_pentanomial(&self, penta: &Pentanomial) -> f64 {
        let outcomes: Vec<(f64, u64)> = (0..5).map(|i| (i as f64 / 4.0, penta.0[i])).collect();
        self.llr(&outcomes)
    }

    /// Which bound `llr` has crossed, if any.
    pub fn status(&self, llr: f64) -> SprtStatus {
        if llr >= self.upper_bound() {
            SprtStatus::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtStatus::AcceptH0
        } else {
            SprtStatus::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() < tol, "{a} vs {b}");
    }

    // Reference values from the cutechess formulas above, evaluated independently in Python
    // (`statistics.NormalDist().inv_cdf(0.975)` and `math.erf`).
    #[test]
    fn elo_error_los_against_known_values() {
        let r = Wdl::new(60, 10, 30);
        close(r.score(), 0.65, 1e-12);
        close(r.elo(), 107.538_124_917_032, 1e-9);
        close(r.elo_error(), 68.457_707_175_318, 1e-6);
        close(r.los(), 0.999_217_298_870_999, 1e-9);
        close(r.draw_ratio(), 0.1, 1e-12);

        let even = Wdl::new(40, 20, 40);
        close(even.elo(), 0.0, 1e-12);
        close(even.elo_error(), 61.542_712_574_580, 1e-6);
        close(even.los(), 0.5, 1e-12);

        let close_match = Wdl::new(120, 285, 95);
        close(close_match.elo(), 17.386_277_512_436, 1e-9);
        close(close_match.elo_error(), 19.983_644_249_304, 1e-6);
        close(close_match.los(), 0.955_901_468_135_567, 1e-9);
        close(close_match.flipped().elo(), -17.386_277_512_436, 1e-9);
    }

    #[test]
    fn perfect_and_empty_scores() {
        assert_eq!(Wdl::new(10, 0, 0).elo(), f64::INFINITY);
        assert_eq!(Wdl::new(0, 0, 10).elo(), f64::NEG_INFINITY);
        assert_eq!(Wdl::default().score(), 0.5);
        assert!(Wdl::new(10, 0, 0).elo_error().is_infinite());
    }

    #[test]
    fn erf_matches_reference_values() {
        close(erf(0.0), 0.0, 1e-15);
        close(erf(0.5), 0.520_499_877_813_046_5, 1e-14);
        close(erf(1.0), 0.842_700_792_949_714_9, 1e-14);
        close(erf(-1.5), -0.966_105_146_475_310_7, 1e-14);
        close(erf(3.0), 0.999_977_909_503_001_4, 1e-14);
    }

    #[test]
    fn sprt_llr_and_bounds() {
        let sprt: Sprt = "0,5,0.05,0.05".parse().unwrap();
        close(sprt.upper_bound(), 2.944_438_979_166_44, 1e-12);
        close(sprt.lower_bound(), -2.944_438_979_166_44, 1e-12);
        close(
            sprt.llr_trinomial(&Wdl::new(120, 285, 95)),
            0.716_961_748_935_166,
            1e-7,
        );
        close(
            sprt.llr_pentanomial(&Pentanomial([10, 40, 100, 60, 15])),
            0.860_538_995_535_320,
            1e-7,
        );
        assert_eq!(sprt.status(3.0), SprtStatus::AcceptH1);
        assert_eq!(sprt.status(-3.0), SprtStatus::AcceptH0);
        assert_eq!(sprt.status(0.7), SprtStatus::Continue);
        assert!("5,0,0.05,0.05".parse::<Sprt>().is_err());
        assert_eq!(sprt.llr_pentanomial(&Pentanomial::default()), 0.0);
        assert!("0,5,0.05".parse::<Sprt>().is_err());
        assert!("0,5,0.6,0.05".parse::<Sprt>().is_err());
    }

    // Reference values: the profile likelihood maximised independently (golden-section search
    // of `max_λ Σ p̂ ln(1 + λ (x - s))`, in Python) with unseen outcomes counted as 1/1000.
    #[test]
    fn sprt_decides_one_sided_runs() {
        let sprt: Sprt = "0,100,0.1,0.1".parse().unwrap();
        let wins = |n| Pentanomial([0, 0, 0, 0, n]);
        let draws = |n| Pentanomial([0, 0, n, 0, 0]);
        close(sprt.llr_pentanomial(&wins(1)), 0.247_370_463_476_181, 1e-7);
        close(sprt.llr_pentanomial(&wins(10)), 2.470_028_212_684_16, 1e-6);
        close(
            sprt.llr_pentanomial(&draws(10)),
            -3.279_299_755_805_241,
            1e-6,
        );
        // All wins accept H1 after 9 pairs, all draws H0 after 7 (bounds ±ln 9).
        let first = |f: &dyn Fn(u64) -> Pentanomial, want| {
            (1..100).find(|&n| sprt.status(sprt.llr_pentanomial(&f(n))) == want)
        };
        assert_eq!(first(&wins, SprtStatus::AcceptH1), Some(9));
        assert_eq!(first(&draws, SprtStatus::AcceptH0), Some(7));
        // All losses accept H0, and single games behave alike.
        assert!(sprt.llr_pentanomial(&Pentanomial([10, 0, 0, 0, 0])) < sprt.lower_bound());
        assert!(sprt.llr_trinomial(&Wdl::new(30, 0, 0)) > sprt.upper_bound());
        assert!(sprt.llr_trinomial(&Wdl::new(0, 30, 0)) < sprt.lower_bound());
        // The first draw after a run of wins moves the LLR a little, not from 0 to a bound.
        let before = sprt.llr_trinomial(&Wdl::new(8, 0, 0));
        let after = sprt.llr_trinomial(&Wdl::new(8, 1, 0));
        assert!(
            before > 0.5 && (after - before).abs() < 0.5,
            "{before} {after}"
        );
    }
}
