//! Fuzzes the readers of `nnue gen` data files: each line as `nnue train` reads it, and the
//! scan by which `nnue gen` finds where an existing file leaves off. A malformed line or file
//! is an error; a line that parses gives inputs the network has. Nothing may panic.
#![no_main]

use chessbot::search::nnue::INPUTS;
use chessbot::training::nnue::data::{MAX_PIECES, parse_line};
use chessbot::training::nnue::generate::{GenerateConfig, header, resume_point};
use chessbot::uci::client::EngineSpec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.lines() {
        if let Ok(sample) = parse_line(line) {
            let count = usize::from(sample.count);
            assert!(count <= MAX_PIECES);
            for view in &sample.features {
                assert!(view[..count].iter().all(|&f| usize::from(f) < INPUTS));
            }
            assert!((0.0..=1.0).contains(&sample.result));
        }
    }
    // The bytes as the rest of a file that starts with a run's settings line.
    let config = GenerateConfig::new(EngineSpec::new("stockfish"));
    let mut file = format!("{}\n", header(&config)).into_bytes();
    file.extend_from_slice(data);
    if let Ok(point) = resume_point(&file[..], &config) {
        assert!(point.bytes <= file.len() as u64);
    }
});
