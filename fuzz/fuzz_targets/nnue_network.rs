//! Fuzzes what `EvalFile` and `nnue train --init` do with a network file's bytes: a file that
//! is not a network of this build is an error, one that is writes back to the same bytes and
//! evaluates a position. Nothing may panic.
#![no_main]

use chessbot::search::nnue::network::{MAGIC, MAX_BUCKETS, VERSION, file_len};
use chessbot::search::nnue::{Accumulator, HIDDEN, Network};
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};

fn check(bytes: &[u8]) {
    if let Ok(net) = Network::from_bytes(bytes) {
        assert_eq!(net.to_bytes(), bytes);
        let pos = Chess::default();
        let acc = Accumulator::new(&net, pos.board());
        for pieces in [2, 17, 32] {
            let _ = net.evaluate(&acc, pos.turn(), pieces);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    check(data);
    // A whole file is far longer than a fuzzer's inputs: also the right header with the
    // input repeated as the weights, so that arbitrary weights are range-checked and, when
    // in range, evaluated.
    if !data.is_empty() {
        let buckets = 1 + usize::from(data[0]) % MAX_BUCKETS;
        let len = file_len(VERSION, buckets);
        let mut file = Vec::with_capacity(len);
        file.extend_from_slice(MAGIC);
        file.extend_from_slice(&VERSION.to_le_bytes());
        file.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        file.extend_from_slice(&(buckets as u32).to_le_bytes());
        file.extend(data.iter().cycle().take(len - file.len()));
        check(&file);
    }
});
