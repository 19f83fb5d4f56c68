//! Fuzzes the Alice FEN parser: any text either fails with an error or gives a position whose
//! FEN parses back to the same position; its moves, SAN and one ply of play never panic.
#![no_main]

use chessbot::variant::alice::Alice;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(pos) = Alice::from_fen(&text) {
        let fen = pos.to_fen();
        let again = Alice::from_fen(&fen).expect("a written Alice FEN parses");
        assert_eq!(again, pos, "{fen}");
        for m in pos.legal_moves() {
            let _ = pos.san(&m);
            let _ = pos.played(&m).legal_moves();
        }
    }
});
