//! The evaluation's weights as one flat, tunable vector: where each term's weights sit.
//!
//! A flat vector lets the evaluation report *which* weights it used and how often (see
//! [`crate::search::eval::Sink`]), which is all a Texel tuner needs.

use super::Pair;

/// Material value of each role (pawn, knight, bishop, rook, queen, king).
pub const MATERIAL: usize = 0;
/// Piece-square tables: 64 entries per role, drawn from White's side (see [`super::pst_index`]).
pub const PST: usize = MATERIAL + 6;
/// Knight mobility by number of reachable squares (0..=8).
pub const MOBILITY_KNIGHT: usize = PST + 6 * 64;
/// Bishop mobility by number of reachable squares (0..=13).
pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
/// Rook mobility by number of reachable squares (0..=14).
pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
/// Queen mobility by number of reachable squares (0..=27).
pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
/// Both bishops.
pub const BISHOP_PAIR: usize = MOBILITY_QUEEN + 28;
/// Passed pawn by relative rank (rank 1 first).
pub const PASSED_PAWN: usize = BISHOP_PAIR + 1;
/// Passed pawn whose next square is occupied, by relative rank.
pub const PASSED_BLOCKED: usize = PASSED_PAWN + 8;
/// Passed pawn, per square of king distance to its next square (theirs minus ours), by rank.
pub const PASSED_KING_DISTANCE: usize = PASSED_BLOCKED + 8;
/// Pawn defended by a pawn or standing beside one, by relative rank.
pub const CONNECTED_PAWN: usize = PASSED_KING_DISTANCE + 8;
/// Pawn with no friendly pawn on a neighbouring file.
pub const ISOLATED_PAWN: usize = CONNECTED_PAWN + 8;
/// Pawn behind another friendly pawn on the same file.
pub const DOUBLED_PAWN: usize = ISOLATED_PAWN + 1;
/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: usize = DOUBLED_PAWN + 1;
/// Rook on a file without friendly pawns but with enemy ones.
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// Knight on ranks 4-6 defended by a pawn, where no enemy pawn can ever attack it.
pub const KNIGHT_OUTPOST: usize = ROOK_SEMI_OPEN_FILE + 1;
/// Bishop on such an outpost.
pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
/// Per enemy piece (not a pawn) attacked by one of our pawns.
pub const THREAT_BY_PAWN: usize = BISHOP_OUTPOST + 1;
/// Per enemy rook or queen attacked by one of our knights or bishops.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
/// Per enemy queen attacked by one of our rooks.
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 1;
/// Per friendly pawn shielding a king on its first two ranks.
pub const PAWN_SHIELD: usize = THREAT_BY_ROOK + 1;
/// Per file at or beside our king without a friendly pawn.
pub const KING_OPEN_FILE: usize = PAWN_SHIELD + 1;
/// Attack on the enemy king by attack units (capped at 31), with two attackers and a queen.
pub const KING_ATTACK: usize = KING_OPEN_FILE + 1;
/// Per square from which a knight, bishop, rook or queen of ours (by role) could check the
/// enemy king and that the enemy does not attack.
pub const SAFE_CHECK: usize = KING_ATTACK + 32;
/// Per enemy piece (not a pawn or the king) that we attack and the enemy does not defend.
pub const HANGING_PIECE: usize = SAFE_CHECK + 4;
/// Pawn that cannot be defended by a pawn of ours and whose next square an enemy pawn attacks.
pub const BACKWARD_PAWN: usize = HANGING_PIECE + 1;
/// Passed pawn whose next square is empty and not attacked by the enemy, by relative rank.
pub const PASSED_SAFE_STOP: usize = BACKWARD_PAWN + 1;
/// Passed pawn whose whole way to promotion is empty and not attacked by the enemy, by rank.
pub const PASSED_FREE_PATH: usize = PASSED_SAFE_STOP + 8;
/// Per pawn of ours on the enemy king's file or a neighbouring one, by relative rank.
pub const PAWN_STORM: usize = PASSED_FREE_PATH + 8;
/// Per square next to the enemy king that we attack and only the king defends.
pub const KING_ZONE_WEAK: usize = PAWN_STORM + 8;
/// Per rook on the seventh rank while the enemy king sits on the eighth or pawns on the seventh.
pub const ROOK_ON_SEVENTH: usize = KING_ZONE_WEAK + 1;
/// Per enemy piece (not a pawn) that a safe push of one of our pawns would attack.
pub const THREAT_BY_PUSH: usize = ROOK_ON_SEVENTH + 1;
/// Per knight or bishop with a pawn of ours right in front of it.
pub const MINOR_BEHIND_PAWN: usize = THREAT_BY_PUSH + 1;
/// Per weak enemy piece (by role, pawn to queen) or piece strongly protected (not a pawn)
/// that our knights or bishops attack. Weak: attacked by us, not defended by a pawn, and not
/// defended twice while we attack it fewer than twice.
pub const THREAT_MINOR_ON: usize = MINOR_BEHIND_PAWN + 1;
/// Per weak enemy piece (by role, pawn to queen) that our rooks attack.
pub const THREAT_ROOK_ON: usize = THREAT_MINOR_ON + 5;
/// Our king attacks a weak enemy piece.
pub const THREAT_BY_KING: usize = THREAT_ROOK_ON + 5;
/// Per square both sides attack where the enemy's pieces are not strongly protected: their
/// moves there are restricted.
pub const RESTRICTED: usize = THREAT_BY_KING + 1;
/// Space: safe central squares on our side of the board (those behind our pawns count
/// twice), times our pieces (pawns included), over 16.
pub const SPACE: usize = RESTRICTED + 1;
/// Per square of distance between a knight or a bishop (by role) and its own king.
pub const KING_PROTECTOR: usize = SPACE + 1;
/// Per rook of ours behind one of our passed pawns on its file.
pub const ROOK_BEHIND_PASSER: usize = KING_PROTECTOR + 2;
/// Per knight, times our pawns minus five (knights gain with pawns on the board).
pub const KNIGHT_PAWNS: usize = ROOK_BEHIND_PASSER + 1;
/// Per rook, times our pawns minus five (rooks gain as the board opens).
pub const ROOK_PAWNS: usize = KNIGHT_PAWNS + 1;
/// Per bishop, per pawn of ours on squares of the bishop's colour.
pub const BISHOP_PAWNS: usize = ROOK_PAWNS + 1;
/// Per bishop on a long diagonal that sees both centre squares of it.
pub const BISHOP_LONG_DIAGONAL: usize = BISHOP_PAWNS + 1;
/// Per square of the enemy king's flank in its camp that we attack, counted again when we
/// attack it twice.
pub const KING_FLANK_ATTACK: usize = BISHOP_LONG_DIAGONAL + 1;
/// Our king stands on a flank without pawns.
pub const PAWNLESS_FLANK: usize = KING_FLANK_ATTACK + 1;
/// Per isolated or backward pawn of ours with no enemy pawn in front of it on its file.
pub const WEAK_UNOPPOSED: usize = PAWNLESS_FLANK + 1;
/// Passed pawn by its file's distance to the nearer edge (0 for the a and h files).
pub const PASSED_FILE: usize = WEAK_UNOPPOSED + 1;
/// Per rook with at most three moves, shut in on the edge side of its king on the first rank.
pub const TRAPPED_ROOK: usize = PASSED_FILE + 4;
/// Per safe square from which one of our knights could attack the enemy queen next move.
pub const KNIGHT_ON_QUEEN: usize = TRAPPED_ROOK + 1;
/// Per safe square, attacked twice by us, from which a bishop or rook of ours could attack
/// the enemy queen next move.
pub const SLIDER_ON_QUEEN: usize = KNIGHT_ON_QUEEN + 1;
/// Per weak enemy piece that the enemy queen defends.
pub const WEAK_QUEEN_PROTECTION: usize = SLIDER_ON_QUEEN + 1;
/// Per knight that can reach an outpost square (see `KNIGHT_OUTPOST`) in one move.
pub const REACHABLE_OUTPOST: usize = WEAK_QUEEN_PROTECTION + 1;
/// Per bishop, per enemy pawn on its diagonals (through any pieces).
pub const BISHOP_XRAY_PAWNS: usize = REACHABLE_OUTPOST + 1;
/// Per rook on the file of a queen (either colour).
pub const ROOK_ON_QUEEN_FILE: usize = BISHOP_XRAY_PAWNS + 1;
/// How winnable the position is (after Stockfish's classical "complexity"), per feature of
/// [`crate::search::eval::complexity_features`]: passed pawns, pawns, king outflanking, pawns
/// on both flanks, a king in the enemy half, no pieces but pawns, almost unwinnable, and a
/// constant. The endgame sum moves the endgame score of the side ahead (never past zero); the
/// middlegame sum can only shrink the middlegame score.
pub const COMPLEXITY: usize = ROOK_ON_QUEEN_FILE + 1;
/// Number of complexity features.
pub const COMPLEXITY_FEATURES: usize = 8;
/// Number of weights.
pub const COUNT: usize = COMPLEXITY + COMPLEXITY_FEATURES;

/// Every evaluation weight, `(middlegame, endgame)` in centipawns, laid out as the constants of
/// this module say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights(pub [Pair; COUNT]);

impl Weights {
    /// The weight at `index`.
    #[inline(always)]
    pub fn get(&self, index: usize) -> Pair {
        self.0[index]
    }
}
