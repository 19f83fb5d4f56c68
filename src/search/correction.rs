//! Correction history: how far the static evaluation missed the search's verdict in positions
//! with the same pawn structure, learned during the search and added to later static
//! evaluations of that structure.
//!
//! A hand-written evaluation misjudges some structures consistently (a blocked centre, a
//! weak king's cover); the search finds out, and the next position with those pawns should
//! not have to find out again. The table is indexed by side to move and a hash of the pawns.

use super::score::Depth;
use shakmaty::Color;

/// Entries per side to move (a power of two).
const SIZE: usize = 16_384;

/// Corrections are kept in 1/GRAIN centipawns so that small updates are not rounded away.
const GRAIN: i32 = 256;

/// The largest correction, in centipawns.
const LIMIT: i32 = 64;

/// Per-structure corrections of the static evaluation.
#[derive(Debug, Clone)]
pub struct CorrectionHistory {
    table: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![0; 2 * SIZE],
        }
    }
}

fn index(color: Color, pawn_key: u64) -> usize {
    color as usize * SIZE + (pawn_key as usize & (SIZE - 1))
}

impl CorrectionHistory {
    /// Forgets every correction.
    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    /// `eval` (centipawns, side to move's view) corrected for its pawn structure.
    pub fn correct(&self, color: Color, pawn_key: u64, eval: i32) -> i32 {
        eval + self.table[index(color, pawn_key)] / GRAIN
    }

    /// Moves the structure's correction toward `diff` (search score minus corrected static
    /// evaluation), the more the deeper the search that found it.
    pub fn update(&mut self, color: Color, pawn_key: u64, depth: Depth, diff: i32) {
        let entry = &mut self.table[index(color, pawn_key)];
        let weight = (depth + 1).clamp(1, 16);
        let target = diff.clamp(-LIMIT, LIMIT) * GRAIN;
        // `diff` is what is still wrong after the correction: step a fraction of it.
        *entry = (*entry + target * weight / 256).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_search_and_stay_bounded() {
        let mut c = CorrectionHistory::default();
        assert_eq!(c.correct(Color::White, 7, 30), 30);
        for _ in 0..200 {
            c.update(Color::White, 7, 10, 50);
        }
        let corrected = c.correct(Color::White, 7, 30);
        assert!(
            corrected > 30 + 40 && corrected <= 30 + LIMIT,
            "{corrected}"
        );
        // Other structures and the other side are untouched.
        assert_eq!(c.correct(Color::Black, 7, 30), 30);
        assert_eq!(c.correct(Color::White, 8, 30), 30);
        for _ in 0..1000 {
            c.update(Color::White, 7, 16, -500);
        }
        assert_eq!(c.correct(Color::White, 7, 0), -LIMIT);
        c.clear();
        assert_eq!(c.correct(Color::White, 7, 0), 0);
    }
}
