//! Move-generation counting (perft), the standard correctness check for move generators.

use shakmaty::{Move, Position};

/// Counts the leaf nodes of the legal move tree `depth` plies deep.
///
/// Works for any shakmaty position type (standard chess and Chess960 alike). The last ply is
/// counted in bulk (the length of the move list) rather than played, as every fast perft does.
///
/// ```
/// use chessbot::rules::perft::perft;
/// use shakmaty::Chess;
/// assert_eq!(perft(&Chess::default(), 3), 8_902);
/// ```
pub fn perft<P: Position + Clone>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// Perft split by root move: each legal move with the leaf count below it (the `divide` view
/// used to find move-generator bugs by comparing with another program).
pub fn divide<P: Position + Clone>(pos: &P, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            (*m, perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::parse_position;
    use shakmaty::CastlingMode;

    /// Positions and counts from the chess programming wiki's "Perft Results" page.
    /// Deep counts live in the integration tests; these stay quick.
    const CASES: &[(&str, &[u64])] = &[
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &[20, 400, 8_902, 197_281],
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &[48, 2_039, 97_862],
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            &[14, 191, 2_812, 43_238],
        ),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            &[6, 264, 9_467],
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            &[44, 1_486, 62_379],
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            &[46, 2_079, 89_890],
        ),
    ];

    #[test]
    fn standard_positions_shallow() {
        for (fen, counts) in CASES {
            let pos = parse_position(fen, CastlingMode::Standard).unwrap();
            for (d, &n) in counts.iter().enumerate() {
                assert_eq!(perft(&pos, d as u32 + 1), n, "{fen} depth {}", d + 1);
            }
        }
    }

    #[test]
    fn divide_sums_to_perft() {
        let pos = parse_position(CASES[1].0, CastlingMode::Standard).unwrap();
        let total: u64 = divide(&pos, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(total, perft(&pos, 3));
    }
}
