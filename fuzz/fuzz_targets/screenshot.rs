//! Fuzzes what `recognize` does with a file's bytes: decoding (any format, size checked
//! from the header first) and, for what decodes, the board search. Either may fail with an
//! error; nothing may panic or allocate without bound.
#![no_main]

use chessbot::vision::input::decode;
use chessbot::vision::locate::locate;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(img) = decode(data) {
        // Keep each run short: the search is linear in the pixels.
        if u64::from(img.width()) * u64::from(img.height()) <= 512 * 512 {
            for found in locate(&img) {
                assert!(found.board.fits_in(img.width(), img.height()));
            }
        }
    }
});
