//! Strength limiting: UCI_LimitStrength/UCI_Elo and `play --level` / selfplay levels.
//!
//! A weaker engine here is a shallower, smaller search that also makes *plausible* mistakes:
//! it searches several candidate moves (MultiPV) and picks among those whose score is within a
//! margin of the best, preferring better ones. The margin grows as the strength falls, so low
//! levels miss tactics and drift positionally, yet never play a random move. The choice uses a
//! seeded RNG mixed with the position key, so a game replays identically with the same seed.
//!
//! The Elo numbers are a rough calibration (nodes and depth grow exponentially with Elo), not a
//! measured rating scale.

use super::score::{Depth, Score};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::Move;
use thiserror::Error;

/// A level out of range.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("level {0} is out of range: expected 1 to 10")]
pub struct LevelError(pub u32);

/// A playing level from 1 (beginner) to 10 (full strength), for `play --level` and selfplay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(10);

    /// A level, checked to be in `1..=10`.
    ///
    /// ```
    /// use chessbot::search::strength::Level;
    /// assert_eq!(Level::new(3).unwrap().get(), 3);
    /// assert!(Level::new(11).is_err());
    /// ```
    pub fn new(level: u32) -> Result<Level, LevelError> {
        if (1..=10).contains(&level) {
            Ok(Level(level as u8))
        } else {
            Err(LevelError(level))
        }
    }

    /// The level as a number.
    pub fn get(self) -> u32 {
        u32::from(self.0)
    }

    /// The nominal Elo of this level: 800 for level 1 up to [`Strength::MAX_ELO`] (full
    /// strength) for level 10, in steps of about 220.
    pub fn elo(self) -> u32 {
        Strength::MIN_ELO + (u32::from(self.0) - 1) * (Strength::MAX_ELO - Strength::MIN_ELO) / 9
    }
}

impl std::str::FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        let n: u32 = s.trim().parse().map_err(|_| LevelError(0))?;
        Level::new(n)
    }
}

/// How a limited search runs, derived from a [`Strength`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StrengthPlan {
    /// The deepest iteration, `None` for no cap.
    pub max_depth: Option<Depth>,
    /// The node budget per move, `None` for no cap.
    pub max_nodes: Option<u64>,
    /// How many candidate moves (MultiPV lines) to search.
    pub candidates: usize,
    /// Candidates scoring within this many centipawns of the best may be chosen.
    pub margin: i32,
}

/// A strength limit: an Elo target and the seed of its choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Strength {
    elo: u32,
    seed: u64,
}

impl Strength {
    /// The weakest strength.
    pub const MIN_ELO: u32 = 800;
    /// Full strength: no limit at all.
    pub const MAX_ELO: u32 = 2800;

    /// A strength of `elo`, clamped to `MIN_ELO..=MAX_ELO`, with seed 0.
    pub fn from_elo(elo: u32) -> Strength {
        Strength {
            elo: elo.clamp(Self::MIN_ELO, Self::MAX_ELO),
            seed: 0,
        }
    }

    /// The strength of a level.
    pub fn from_level(level: Level) -> Strength {
        Strength::from_elo(level.elo())
    }

    /// The same strength with another seed (selfplay gives each game its own).
    pub fn with_seed(self, seed: u64) -> Strength {
        Strength { seed, ..self }
    }

    /// The Elo target.
    pub fn elo(self) -> u32 {
        self.elo
    }

    /// The seed of the choices.
    pub fn seed(self) -> u64 {
        self.seed
    }

    /// Whether this is full strength (no limiting at all).
    pub fn is_full(self) -> bool {
        self.elo >= Self::MAX_ELO
    }

    /// How a search at this strength runs.
    ///
    /// ```
    /// use chessbot::search::strength::Strength;
    /// let weak = Strength::from_elo(1000).plan();
    /// let strong = Strength::from_elo(2400).plan();
    /// assert!(weak.max_nodes < strong.max_nodes && weak.margin > strong.margin);
    /// ```
    pub fn plan(self) -> StrengthPlan {
        if self.is_full() {
            return StrengthPlan {
                max_depth: None,
                max_nodes: None,
                candidates: 1,
                margin: 0,
            };
        }
        let t = f64::from(self.elo - Self::MIN_ELO) / f64::from(Self::MAX_ELO - Self::MIN_ELO);
        let nodes = 10f64.powf(2.0 + 4.3 * t) as u64;
        let depth = 1 + (t * 14.0).round() as Depth;
        let margin = (300.0 * (1.0 - t) * (1.0 - t)).round() as i32 + 2;
        let candidates = if t < 0.8 { 4 } else { 3 };
        StrengthPlan {
            max_depth: Some(depth),
            max_nodes: Some(nodes.max(50)),
            candidates,
            margin,
        }
    }

    /// Picks one of `lines` (candidate first moves with their scores, best first) for the
    /// position with key `key`: any line within the margin of the best may be chosen, better
    /// ones more often. Returns an index into `lines` (0 when it is empty or has one line).
    pub fn choose(self, lines: &[(Move, Score)], key: u64) -> usize {
        let Some(&(_, best)) = lines.first() else {
            return 0;
        };
        let plan = self.plan();
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ key.rotate_left(17));
        let temperature = f64::from(plan.margin) / 2.0 + 1.0;
        let weights: Vec<f64> = lines
            .iter()
            .map(|&(_, s)| {
                let loss = i64::from(best.0) - i64::from(s.0);
                if s.is_mate() != best.is_mate() && best.0 > s.0 || loss > i64::from(plan.margin) {
                    0.0
                } else {
                    (-(loss as f64) / temperature).exp()
                }
            })
            .collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return 0;
        }
        let mut pick = rng.random::<f64>() * total;
        for (i, w) in weights.iter().enumerate() {
            if pick < *w {
                return i;
            }
            pick -= w;
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    #[test]
    fn levels_map_to_growing_elo() {
        assert_eq!(Level::MIN.elo(), Strength::MIN_ELO);
        assert_eq!(Level::MAX.elo(), Strength::MAX_ELO);
        assert!(Strength::from_level(Level::MAX).is_full());
        let plans: Vec<_> = (1..=9)
            .map(|l| Strength::from_level(Level::new(l).unwrap()).plan())
            .collect();
        for w in plans.windows(2) {
            assert!(w[0].max_nodes < w[1].max_nodes);
            assert!(w[0].margin >= w[1].margin);
        }
        assert_eq!("7".parse::<Level>().unwrap().get(), 7);
        assert!("0".parse::<Level>().is_err());
        assert!("x".parse::<Level>().is_err());
    }

    #[test]
    fn choice_stays_within_margin_and_is_reproducible() {
        let moves = Chess::default().legal_moves();
        let lines = [
            (moves[0], Score::cp(50)),
            (moves[1], Score::cp(40)),
            (moves[2], Score::cp(-500)),
        ];
        let weak = Strength::from_elo(1000).with_seed(7);
        let mut seen = [0; 3];
        for key in 0..200u64 {
            let i = weak.choose(&lines, key);
            assert_eq!(i, weak.choose(&lines, key));
            seen[i] += 1;
        }
        assert_eq!(seen[2], 0, "a move 550 cp worse is never chosen");
        assert!(seen[0] > 0 && seen[1] > 0);
        // Mates are never thrown away for centipawn moves.
        let mate = [(moves[0], Score::mate_in(3)), (moves[1], Score::cp(900))];
        for key in 0..50 {
            assert_eq!(weak.choose(&mate, key), 0);
        }
        // Full strength always takes the best line.
        let full = Strength::from_elo(3000);
        assert!((0..50).all(|k| full.choose(&lines, k) == 0));
    }
}
