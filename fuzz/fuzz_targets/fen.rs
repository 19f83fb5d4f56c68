//! Fuzzes the one FEN path every command uses: any text either fails with an error, or gives
//! a position whose printed FEN parses back to the same position. Nothing may panic.
#![no_main]

use chessbot::rules::fen::{parse_position, to_fen};
use libfuzzer_sys::fuzz_target;
use shakmaty::CastlingMode;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        if let Ok(pos) = parse_position(&text, mode) {
            let printed = to_fen(&pos);
            let again = parse_position(&printed, mode).expect("a printed FEN parses");
            assert_eq!(to_fen(&again), printed);
        }
    }
});
