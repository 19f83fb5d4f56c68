//! Correction history: how far the static evaluation missed the search's verdict in positions
//! with the same pawn structure (or the same pieces of one side), learned during the search
//! and added to later static evaluations of such positions.
//!
//! A hand-written evaluation misjudges some structures consistently (a blocked centre, a
//! weak king's cover, a badly placed piece group); the search finds out, and the next position
//! with those pawns or pieces should not have to find out again. Three tables, each indexed by
//! side to move and a hash ([`CorrectionKeys`]): the pawns of both sides, White's other pieces
//! (king included), Black's other pieces. A fourth follows the last two moves (what a
//! particular exchange or manoeuvre does to the evaluation's accuracy).

use super::movepick::{PIECE_TO, PieceTo};
use super::score::Depth;
use shakmaty::Color;

/// Entries per side to move (a power of two).
const SIZE: usize = 16_384;

/// Corrections are kept in 1/GRAIN centipawns so that small updates are not rounded away.
const GRAIN: i32 = 256;

/// The largest correction, in centipawns.
const LIMIT: i32 = 64;

// Entries (at most LIMIT · GRAIN in magnitude) are stored as i16, which keeps the tables
// small enough to stay mostly in cache.
const _: () = assert!(LIMIT * GRAIN <= i16::MAX as i32);

/// The hashes a position's corrections are filed under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CorrectionKeys {
    /// The pawns of both sides.
    pub pawns: u64,
    /// Each side's pieces other than pawns, king included, indexed by `Color as usize`.
    pub pieces: [u64; 2],
}

impl CorrectionKeys {
    /// The keys of `board`.
    pub fn of(board: &shakmaty::Board) -> CorrectionKeys {
        let pawns = board.pawns();
        let side = |color: Color| {
            let ours = board.by_color(color) & !pawns;
            mix(&[
                (ours & board.knights()).0,
                (ours & board.bishops()).0,
                (ours & board.rooks()).0,
                (ours & board.queens()).0,
                (ours & board.kings()).0,
            ])
        };
        CorrectionKeys {
            pawns: mix(&[(pawns & board.white()).0, (pawns & board.black()).0]),
            pieces: [side(Color::Black), side(Color::White)],
        }
    }
}

/// A hash of several bitboards: splitmix64's finaliser after each, so every bit of every set
/// reaches the low bits the tables use.
fn mix(sets: &[u64]) -> u64 {
    let mut h = 0u64;
    for &set in sets {
        h = (h ^ set).wrapping_add(0x9E37_79B9_7F4A_7C15);
        h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^= h >> 31;
    }
    h
}

/// The last two moves before a position, the key of the fourth table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FollowUp {
    /// The move before the last one.
    pub earlier: PieceTo,
    /// The last move.
    pub last: PieceTo,
}

impl FollowUp {
    fn index(self) -> usize {
        self.earlier.index() * PIECE_TO + self.last.index()
    }
}

/// Per-structure corrections of the static evaluation.
#[derive(Debug, Clone)]
pub struct CorrectionHistory {
    pawns: Vec<i16>,
    pieces: Vec<i16>,
    follow_ups: Vec<i16>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            pawns: vec![0; 2 * SIZE],
            pieces: vec![0; 2 * 2 * SIZE],
            follow_ups: vec![0; PIECE_TO * PIECE_TO],
        }
    }
}

fn index(color: Color, key: u64) -> usize {
    color as usize * SIZE + (key as usize & (SIZE - 1))
}

/// The entry of `owner`'s pieces with `color` to move.
fn piece_index(color: Color, owner: usize, key: u64) -> usize {
    owner * 2 * SIZE + index(color, key)
}

/// Moves one correction toward `diff`, the more the deeper the search that found it.
fn step(entry: &mut i16, depth: Depth, diff: i32) {
    let weight = (depth + 1).clamp(1, 16);
    let target = diff.clamp(-LIMIT, LIMIT) * GRAIN;
    // `diff` is what is still wrong after the correction: step a fraction of it.
    *entry =
        (i32::from(*entry) + target * weight / 256).clamp(-LIMIT * GRAIN, LIMIT * GRAIN) as i16;
}

impl CorrectionHistory {
    /// Forgets every correction.
    pub fn clear(&mut self) {
        self.pawns.fill(0);
        self.pieces.fill(0);
        self.follow_ups.fill(0);
    }

    /// `eval` (centipawns, side to move's view) corrected for its pawn structure, each
    /// side's pieces and the moves that led to it. The piece and move tables count half each.
    pub fn correct(
        &self,
        color: Color,
        keys: &CorrectionKeys,
        follow_up: Option<FollowUp>,
        eval: i32,
    ) -> i32 {
        let pawns = i32::from(self.pawns[index(color, keys.pawns)]);
        let pieces: i32 = (0..2)
            .map(|owner| i32::from(self.pieces[piece_index(color, owner, keys.pieces[owner])]))
            .sum();
        let moves = follow_up.map_or(0, |f| i32::from(self.follow_ups[f.index()]));
        eval + (2 * pawns + pieces + moves) / (2 * GRAIN)
    }

    /// Moves the position's corrections toward `diff` (search score minus corrected static
    /// evaluation), the more the deeper the search that found it.
    pub fn update(
        &mut self,
        color: Color,
        keys: &CorrectionKeys,
        follow_up: Option<FollowUp>,
        depth: Depth,
        diff: i32,
    ) {
        step(&mut self.pawns[index(color, keys.pawns)], depth, diff);
        if let Some(f) = follow_up {
            step(&mut self.follow_ups[f.index()], depth, diff);
        }
        for owner in 0..2 {
            step(
                &mut self.pieces[piece_index(color, owner, keys.pieces[owner])],
                depth,
                diff,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Move, Role, Square};

    fn keys(pawns: u64, white: u64, black: u64) -> CorrectionKeys {
        CorrectionKeys {
            pawns,
            pieces: [black, white],
        }
    }

    #[test]
    fn corrections_follow_the_search_and_stay_bounded() {
        let mut c = CorrectionHistory::default();
        let k = keys(7, 1, 2);
        assert_eq!(c.correct(Color::White, &k, None, 30), 30);
        for _ in 0..200 {
            c.update(Color::White, &k, None, 10, 50);
        }
        // Pawns count fully, each side's pieces half: twice the learned step in all.
        let corrected = c.correct(Color::White, &k, None, 30);
        assert!(
            corrected > 30 + 80 && corrected <= 30 + 2 * LIMIT,
            "{corrected}"
        );
        // The other side to move is untouched; a position sharing only the pawns gets the
        // pawn part, one sharing only White's pieces a quarter of the whole.
        assert_eq!(c.correct(Color::Black, &k, None, 30), 30);
        assert_eq!(c.correct(Color::White, &keys(8, 3, 4), None, 30), 30);
        let pawns_only = c.correct(Color::White, &keys(7, 3, 4), None, 30) - 30;
        let white_only = c.correct(Color::White, &keys(8, 1, 4), None, 30) - 30;
        assert!(pawns_only > 40 && (white_only - pawns_only / 2).abs() <= 1);
        for _ in 0..1000 {
            c.update(Color::White, &k, None, 16, -500);
        }
        assert_eq!(c.correct(Color::White, &k, None, 0), -2 * LIMIT);
        c.clear();
        assert_eq!(c.correct(Color::White, &k, None, 0), 0);
    }

    #[test]
    fn follow_up_corrections_need_both_moves() {
        let mut c = CorrectionHistory::default();
        let k = keys(7, 1, 2);
        let e2e4: Move = Move::Normal {
            role: Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E4,
            promotion: None,
        };
        let e7e5 = Move::Normal {
            role: Role::Pawn,
            from: Square::E7,
            capture: None,
            to: Square::E5,
            promotion: None,
        };
        let f = FollowUp {
            earlier: PieceTo::new(Color::White, &e2e4),
            last: PieceTo::new(Color::Black, &e7e5),
        };
        let swapped = FollowUp {
            earlier: f.last,
            last: f.earlier,
        };
        for _ in 0..200 {
            c.update(Color::White, &k, Some(f), 10, 50);
        }
        let with = c.correct(Color::White, &k, Some(f), 0);
        let without = c.correct(Color::White, &k, None, 0);
        assert!(with - without > 20, "{with} {without}");
        assert_eq!(c.correct(Color::White, &k, Some(swapped), 0), without);
    }

    #[test]
    fn keys_separate_pawns_from_each_sides_pieces() {
        let a: shakmaty::Board = "4k3/pp6/8/8/8/8/PP3N2/4K3".parse().unwrap();
        // The knight moved: White's piece key changes, the pawns' and Black's do not.
        let b: shakmaty::Board = "4k3/pp6/8/8/8/4N3/PP6/4K3".parse().unwrap();
        let (ka, kb) = (CorrectionKeys::of(&a), CorrectionKeys::of(&b));
        assert_eq!(ka.pawns, kb.pawns);
        assert_eq!(
            ka.pieces[Color::Black as usize],
            kb.pieces[Color::Black as usize]
        );
        assert_ne!(
            ka.pieces[Color::White as usize],
            kb.pieces[Color::White as usize]
        );
        // A pawn moved: only the pawn key changes.
        let c: shakmaty::Board = "4k3/pp6/8/8/8/P7/1P3N2/4K3".parse().unwrap();
        let kc = CorrectionKeys::of(&c);
        assert_ne!(ka.pawns, kc.pawns);
        assert_eq!(ka.pieces, kc.pieces);
    }
}
