//! The fixed benchmark: a list of varied positions (openings, middlegames with tactics,
//! endgames) searched to a fixed depth with a cleared hash table before each. On one thread
//! the node count is deterministic and identifies the search (OpenBench's convention); on
//! several it measures the speed of the threads together and varies from run to run.

use super::{Depth, Engine, Limits, SearchControl, Silent};
use crate::rules::fen::parse_position;
use shakmaty::CastlingMode;
use std::time::{Duration, Instant};

/// The default bench depth.
pub const DEFAULT_DEPTH: Depth = 10;

/// The hash size used by the benchmark, in megabytes.
pub const BENCH_HASH_MB: usize = 16;

/// The benchmark positions (FEN).
pub const POSITIONS: [&str; 40] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
    "r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18",
    "4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22",
    "3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1",
    "2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
    "8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
    "8/p3k3/8/8/8/8/5PP1/4K3 w - - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/8/1p1r1k2/p1pPN1p1/P3KnP1/1P6/8/3R4 b - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1",
    "8/8/8/4k3/8/8/8/R3K3 w Q - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2Q1RK1 w - - 0 10",
    "3r2k1/pp3ppp/8/8/8/8/PPP2PPP/3R2K1 w - - 0 1",
    "8/5pk1/6p1/8/8/6P1/5PK1/8 w - - 0 1",
    "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
];

/// What one benchmark run measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchReport {
    /// Nodes searched per position, in [`POSITIONS`] order.
    pub nodes_per_position: Vec<u64>,
    /// Total nodes.
    pub nodes: u64,
    /// Total search time (the searches only, not the clearing between them).
    pub elapsed: Duration,
}

impl BenchReport {
    /// Nodes per second over the whole run.
    pub fn nps(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

/// Searches every benchmark position to `depth` on `threads` threads, clearing the engine
/// before each.
pub fn run(depth: Depth, threads: usize) -> BenchReport {
    let mut engine = Engine::new(BENCH_HASH_MB);
    engine.set_threads(threads);
    let control = SearchControl::default();
    let limits = Limits::depth(depth);
    let mut nodes_per_position = Vec::with_capacity(POSITIONS.len());
    let mut elapsed = Duration::ZERO;
    for fen in POSITIONS {
        let pos =
            parse_position(fen, CastlingMode::Standard).expect("the bench positions are valid FEN");
        engine.clear();
        // Only the searches are timed, as Stockfish's bench does: clearing the hash table is
        // not search speed.
        let start = Instant::now();
        let result = engine.search(&pos, &[], &limits, &control, &mut Silent);
        elapsed += start.elapsed();
        nodes_per_position.push(result.nodes);
    }
    BenchReport {
        nodes: nodes_per_position.iter().sum(),
        nodes_per_position,
        elapsed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_valid_and_bench_is_deterministic() {
        for fen in POSITIONS {
            parse_position(fen, CastlingMode::Standard).unwrap();
        }
        let a = run(3, 1);
        let b = run(3, 1);
        assert_eq!(a.nodes_per_position, b.nodes_per_position);
        assert!(a.nodes_per_position.iter().all(|&n| n > 0));
        let shared = run(3, 2);
        assert!(shared.nodes_per_position.iter().all(|&n| n > 0));
    }
}
