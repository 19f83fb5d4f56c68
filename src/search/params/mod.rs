//! Every tuning constant of the engine in one place: evaluation weights and search margins.
//!
//! Evaluation weights are `(middlegame, endgame)` pairs in centipawns, blended by game phase,
//! kept as one flat vector ([`layout`] says where each term sits) so that `chessbot tune` can
//! fit them to scored positions and write them back as [`tuned`]. Piece-square tables are
//! written as a board diagram from White's side (rank 8 on the first line, a-file first);
//! [`pst_index`] maps a square to its entry for either colour. The search margins below are
//! hand-set.

pub mod layout;
pub mod tuned;

pub use layout::Weights;
pub use tuned::WEIGHTS;

use shakmaty::{Color, Role, Square};

/// A middlegame / endgame pair of weights.
pub type Pair = (i32, i32);

/// Game-phase weight of each role (24 in the starting position).
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The phase of the starting position.
pub const PHASE_TOTAL: i32 = 24;

/// Bonus for the side to move.
pub const TEMPO: i32 = 10;

/// King safety: attack units per piece attacking the king zone (knight, bishop, rook, queen).
pub const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];

/// Search: aspiration window half-width at the start of each iteration.
pub const ASPIRATION_WINDOW: i32 = 25;

/// Search: first depth that uses an aspiration window.
pub const ASPIRATION_MIN_DEPTH: i32 = 5;

/// Search: reverse futility margin per ply of depth.
pub const RFP_MARGIN: i32 = 75;

/// Search: deepest node where reverse futility pruning applies.
pub const RFP_MAX_DEPTH: i32 = 7;

/// Search: null-move base reduction.
pub const NMP_BASE_REDUCTION: i32 = 3;

/// Search: null-move extra reduction per this many plies of depth.
pub const NMP_DEPTH_DIVISOR: i32 = 4;

/// Search: futility margin base and per-ply margin for quiet moves.
pub const FUTILITY_MARGIN: Pair = (80, 90);

/// Search: deepest node where futility pruning applies.
pub const FUTILITY_MAX_DEPTH: i32 = 6;

/// Search: late move pruning skips quiet moves after `LMP_BASE + depth * depth` moves.
pub const LMP_BASE: i32 = 3;

/// Search: deepest node where late move pruning applies.
pub const LMP_MAX_DEPTH: i32 = 6;

/// Search: captures losing more than this per ply of depth (SEE) are skipped at shallow depth.
pub const SEE_CAPTURE_MARGIN: i32 = 100;

/// Search: quiet moves losing more than this per ply squared (SEE) are skipped at shallow depth.
pub const SEE_QUIET_MARGIN: i32 = 25;

/// Search: late move reduction table `base + ln(depth) * ln(move) / divisor`, in hundredths.
pub const LMR_BASE: f64 = 0.75;

/// Search: see [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.25;

/// Search: deepest node where quiet moves with a bad history are pruned.
pub const HISTORY_PRUNE_MAX_DEPTH: i32 = 3;

/// Search: quiet moves whose history (butterfly plus continuation) is below minus this per
/// ply of depth are pruned in shallow non-PV nodes.
pub const HISTORY_PRUNE_MARGIN: i32 = 4000;

/// Search: first depth where the hash move may get a singular extension.
pub const SINGULAR_MIN_DEPTH: i32 = 8;

/// Search: the singular search's beta lies this far per ply of depth below the hash score.
pub const SINGULAR_MARGIN: i32 = 2;

/// Search: a hash move this much more singular (below the singular beta) is extended twice.
pub const SINGULAR_DOUBLE_MARGIN: i32 = 25;

/// Search: first depth where ProbCut tries a capture's reduced search against a raised beta.
pub const PROBCUT_MIN_DEPTH: i32 = 5;

/// Search: ProbCut's raised beta lies this far above beta.
pub const PROBCUT_MARGIN: i32 = 200;

/// Search: ProbCut's verification search is this many plies shallower than the node.
pub const PROBCUT_REDUCTION: i32 = 4;

/// Quiescence: delta pruning margin added to the captured piece's value.
pub const DELTA_MARGIN: i32 = 200;

/// Value of each role for static exchange evaluation and MVV-LVA ordering.
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// The index of a role in the tables above.
pub const fn role_index(role: Role) -> usize {
    role as usize - 1
}

/// The piece-square table index of `sq` for a piece of `color` (tables are drawn for White).
pub const fn pst_index(sq: Square, color: Color) -> usize {
    match color {
        Color::White => sq as usize ^ 56,
        Color::Black => sq as usize,
    }
}
