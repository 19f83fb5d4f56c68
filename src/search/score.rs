//! [`Score`]: a search result in centipawns that knows mate scores from material ones.

use std::fmt;
use std::ops::Neg;

/// Depth in plies.
pub type Depth = i32;

/// An evaluation from the side to move's point of view, in centipawns, with mates encoded
/// near the ends of the range so that shorter mates compare better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// Mate on the board (the side to move is mated): `-MATE`.
    pub const MATE: Score = Score(32_000);
    /// Larger than any real score: the initial window of a search.
    pub const INFINITE: Score = Score(32_001);
    /// Scores at or beyond this magnitude are mates.
    pub const MATE_BOUND: i32 = 32_000 - 1_000;
    /// A draw.
    pub const DRAW: Score = Score(0);

    /// A centipawn score.
    pub const fn cp(cp: i32) -> Score {
        Score(cp)
    }

    /// The score of giving mate in `ply` plies from the root.
    pub const fn mate_in(ply: i32) -> Score {
        Score(Self::MATE.0 - ply)
    }

    /// The score of being mated in `ply` plies from the root.
    pub const fn mated_in(ply: i32) -> Score {
        Score(-Self::MATE.0 + ply)
    }

    /// Whether this is a mate score (for either side).
    pub const fn is_mate(self) -> bool {
        self.0.abs() >= Self::MATE_BOUND && self.0.abs() <= Self::MATE.0
    }

    /// Moves (not plies) to mate as UCI reports them: positive when the side to move mates,
    /// negative when it is mated. `None` for centipawn scores.
    pub const fn mate_moves(self) -> Option<i32> {
        if !self.is_mate() {
            return None;
        }
        let plies = Self::MATE.0 - self.0.abs();
        Some(if self.0 > 0 {
            (plies + 1) / 2
        } else {
            -(plies + 1) / 2
        })
    }

    /// The centipawn value, when this is not a mate score.
    pub const fn centipawns(self) -> Option<i32> {
        if self.is_mate() { None } else { Some(self.0) }
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// Prints as UCI does: `cp 23` or `mate -3`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(m) => write!(f, "mate {m}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert_to_moves() {
        assert_eq!(Score::mate_in(1).mate_moves(), Some(1));
        assert_eq!(Score::mate_in(3).mate_moves(), Some(2));
        assert_eq!(Score::mated_in(0).mate_moves(), Some(0));
        assert_eq!(Score::mated_in(2).mate_moves(), Some(-1));
        assert_eq!(Score::cp(35).mate_moves(), None);
        assert!(Score::mate_in(1) > Score::mate_in(3));
        assert_eq!(Score::mate_in(5).to_string(), "mate 3");
        assert_eq!(Score::cp(-12).to_string(), "cp -12");
    }
}
