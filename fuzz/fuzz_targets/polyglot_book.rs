//! Fuzzes the Polyglot reader: any bytes either fail to load with a `BookError`, or load into a
//! book whose lookups return only legal moves. Nothing may panic.
#![no_main]

use chessbot::book::{Book, polyglot_key};
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};

fuzz_target!(|data: &[u8]| {
    let Ok(book) = Book::from_bytes(data.to_vec()) else {
        return;
    };
    // Every entry's key, looked up in a start position, yields only legal moves.
    let start = Chess::default();
    for m in book.moves(&start, 0) {
        assert!(start.is_legal(m.mv));
    }
    for i in 0..book.len().min(64) {
        let e = book.entry(i);
        assert!(book.entries(e.key).any(|found| found.key == e.key));
    }
    let _ = book.choose_seeded(&start, 1, polyglot_key(&start));
});
