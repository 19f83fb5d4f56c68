//! Every tuning constant of the engine in one place: evaluation weights and search margins.
//!
//! Evaluation terms are `(middlegame, endgame)` pairs in centipawns, blended by game phase.
//! Piece-square tables are written as a board diagram from White's side (rank 8 on the first
//! line, a-file first); [`pst_index`] maps a square to its entry for either colour. The material
//! values and piece-square tables start from the well-known PeSTO tables (Ronald Friederich's
//! Texel-tuned set); the other terms are hand-set and meant to be retuned.

use shakmaty::{Color, Role, Square};

/// A middlegame / endgame pair of weights.
pub type Pair = (i32, i32);

/// Material value of each role, indexed by `Role as usize - 1` (pawn first, king last).
pub const MATERIAL: [Pair; 6] = [
    (82, 94),
    (337, 281),
    (365, 297),
    (477, 512),
    (1025, 936),
    (0, 0),
];

/// Game-phase weight of each role (24 in the starting position).
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The phase of the starting position.
pub const PHASE_TOTAL: i32 = 24;

/// Bonus for the side to move.
pub const TEMPO: i32 = 10;

/// Bonus for having both bishops.
pub const BISHOP_PAIR: Pair = (30, 50);

/// Mobility per reachable square (not blocked by own pieces nor attacked by enemy pawns),
/// relative to the typical count in [`MOBILITY_CENTER`]; knight, bishop, rook, queen.
pub const MOBILITY: [Pair; 4] = [(4, 4), (5, 5), (2, 4), (1, 2)];

/// The typical mobility subtracted before weighting, so that an average piece scores 0.
pub const MOBILITY_CENTER: [i32; 4] = [4, 6, 6, 12];

/// Passed pawn bonus by relative rank (rank 1 first).
pub const PASSED_PAWN: [Pair; 8] = [
    (0, 0),
    (0, 5),
    (2, 10),
    (8, 20),
    (18, 40),
    (35, 70),
    (55, 110),
    (0, 0),
];

/// Penalty for a pawn with no friendly pawn on a neighbouring file.
pub const ISOLATED_PAWN: Pair = (-10, -12);

/// Penalty for each pawn behind another friendly pawn on the same file.
pub const DOUBLED_PAWN: Pair = (-10, -20);

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Pair = (25, 10);

/// Rook on a file without friendly pawns but with enemy ones.
pub const ROOK_SEMI_OPEN_FILE: Pair = (12, 6);

/// King safety: attack units per piece attacking the king zone (knight, bishop, rook, queen).
pub const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];

/// King safety: middlegame penalty is `units * units * KING_ATTACK_SCALE / 16`, capped.
pub const KING_ATTACK_SCALE: i32 = 10;

/// King safety: the cap of the attack penalty.
pub const KING_ATTACK_MAX: i32 = 500;

/// King safety: middlegame bonus per friendly pawn shielding a castled king.
pub const PAWN_SHIELD: i32 = 12;

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

/// Middlegame piece-square tables, indexed by role then [`pst_index`].
#[rustfmt::skip]
pub const PST_MG: [[i32; 64]; 6] = [
    [ // pawn
          0,   0,   0,   0,   0,   0,  0,   0,
         98, 134,  61,  95,  68, 126, 34, -11,
         -6,   7,  26,  31,  65,  56, 25, -20,
        -14,  13,   6,  21,  23,  12, 17, -23,
        -27,  -2,  -5,  12,  17,   6, 10, -25,
        -26,  -4,  -4, -10,   3,   3, 33, -12,
        -35,  -1, -20, -23, -15,  24, 38, -22,
          0,   0,   0,   0,   0,   0,  0,   0,
    ],
    [ // knight
        -167, -89, -34, -49,  61, -97, -15, -107,
         -73, -41,  72,  36,  23,  62,   7,  -17,
         -47,  60,  37,  65,  84, 129,  73,   44,
          -9,  17,  19,  53,  37,  69,  18,   22,
         -13,   4,  16,  13,  28,  19,  21,   -8,
         -23,  -9,  12,  10,  19,  17,  25,  -16,
         -29, -53, -12,  -3,  -1,  18, -14,  -19,
        -105, -21, -58, -33, -17, -28, -19,  -23,
    ],
    [ // bishop
        -29,   4, -82, -37, -25, -42,   7,  -8,
        -26,  16, -18, -13,  30,  59,  18, -47,
        -16,  37,  43,  40,  35,  50,  37,  -2,
         -4,   5,  19,  50,  37,  37,   7,  -2,
         -6,  13,  13,  26,  34,  12,  10,   4,
          0,  15,  15,  15,  14,  27,  18,  10,
          4,  15,  16,   0,   7,  21,  33,   1,
        -33,  -3, -14, -21, -13, -12, -39, -21,
    ],
    [ // rook
         32,  42,  32,  51, 63,  9,  31,  43,
         27,  32,  58,  62, 80, 67,  26,  44,
         -5,  19,  26,  36, 17, 45,  61,  16,
        -24, -11,   7,  26, 24, 35,  -8, -20,
        -36, -26, -12,  -1,  9, -7,   6, -23,
        -45, -25, -16, -17,  3,  0,  -5, -33,
        -44, -16, -20,  -9, -1, 11,  -6, -71,
        -19, -13,   1,  17, 16,  7, -37, -26,
    ],
    [ // queen
        -28,   0,  29,  12,  59,  44,  43,  45,
        -24, -39,  -5,   1, -16,  57,  28,  54,
        -13, -17,   7,   8,  29,  56,  47,  57,
        -27, -27, -16, -16,  -1,  17,  -2,   1,
         -9, -26,  -9, -10,  -2,  -4,   3,  -3,
        -14,   2, -11,  -2,  -5,   2,  14,   5,
        -35,  -8,  11,   2,   8,  15,  -3,   1,
         -1, -18,  -9,  10, -15, -25, -31, -50,
    ],
    [ // king
        -65,  23,  16, -15, -56, -34,   2,  13,
         29,  -1, -20,  -7,  -8,  -4, -38, -29,
         -9,  24,   2, -16, -20,   6,  22, -22,
        -17, -20, -12, -27, -30, -25, -14, -36,
        -49,  -1, -27, -39, -46, -44, -33, -51,
        -14, -14, -22, -46, -44, -30, -15, -27,
          1,   7,  -8, -64, -43, -16,   9,   8,
        -15,  36,  12, -54,   8, -28,  24,  14,
    ],
];

/// Endgame piece-square tables, indexed by role then [`pst_index`].
#[rustfmt::skip]
pub const PST_EG: [[i32; 64]; 6] = [
    [ // pawn
          0,   0,   0,   0,   0,   0,   0,   0,
        178, 173, 158, 134, 147, 132, 165, 187,
         94, 100,  85,  67,  56,  53,  82,  84,
         32,  24,  13,   5,  -2,   4,  17,  17,
         13,   9,  -3,  -7,  -7,  -8,   3,  -1,
          4,   7,  -6,   1,   0,  -5,  -1,  -8,
         13,   8,   8,  10,  13,   0,   2,  -7,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [ // knight
        -58, -38, -13, -28, -31, -27, -63, -99,
        -25,  -8, -25,  -2,  -9, -25, -24, -52,
        -24, -20,  10,   9,  -1,  -9, -19, -41,
        -17,   3,  22,  22,  22,  11,   8, -18,
        -18,  -6,  16,  25,  16,  17,   4, -18,
        -23,  -3,  -1,  15,  10,  -3, -20, -22,
        -42, -20, -10,  -5,  -2, -20, -23, -44,
        -29, -51, -23, -15, -22, -18, -50, -64,
    ],
    [ // bishop
        -14, -21, -11,  -8, -7,  -9, -17, -24,
         -8,  -4,   7, -12, -3, -13,  -4, -14,
          2,  -8,   0,  -1, -2,   6,   0,   4,
         -3,   9,  12,   9, 14,  10,   3,   2,
         -6,   3,  13,  19,  7,  10,  -3,  -9,
        -12,  -3,   8,  10, 13,   3,  -7, -15,
        -14, -18,  -7,  -1,  4,  -9, -15, -27,
        -23,  -9, -23,  -5, -9, -16,  -5, -17,
    ],
    [ // rook
        13, 10, 18, 15, 12,  12,   8,   5,
        11, 13, 13, 11, -3,   3,   8,   3,
         7,  7,  7,  5,  4,  -3,  -5,  -3,
         4,  3, 13,  1,  2,   1,  -1,   2,
         3,  5,  8,  4, -5,  -6,  -8, -11,
        -4,  0, -5, -1, -7, -12,  -8, -16,
        -6, -6,  0,  2, -9,  -9, -11,  -3,
        -9,  2,  3, -1, -5, -13,   4, -20,
    ],
    [ // queen
         -9,  22,  22,  27,  27,  19,  10,  20,
        -17,  20,  32,  41,  58,  25,  30,   0,
        -20,   6,   9,  49,  47,  35,  19,   9,
          3,  22,  24,  45,  57,  40,  57,  36,
        -18,  28,  19,  47,  31,  34,  39,  23,
        -16, -27,  15,   6,   9,  17,  10,   5,
        -22, -23, -30, -16, -16, -23, -36, -32,
        -33, -28, -22, -43,  -5, -32, -20, -41,
    ],
    [ // king
        -74, -35, -18, -18, -11,  15,   4, -17,
        -12,  17,  14,  17,  17,  38,  23,  11,
         10,  17,  23,  15,  20,  45,  44,  13,
         -8,  22,  24,  27,  26,  33,  26,   3,
        -18,  -4,  21,  24,  27,  23,   9, -11,
        -19,  -3,  11,  21,  23,  16,   7,  -9,
        -27, -11,   4,  13,  14,   4,  -5, -17,
        -53, -34, -21, -11, -28, -14, -24, -43,
    ],
];
