//! Fuzzes PGN input: any text is read game by game without panicking; every game read replays
//! legally and can be counted into a Polyglot book that loads back.
#![no_main]

use chessbot::book::{Book, BookBuilder, BuildOptions};
use chessbot::rules::pgn::{ReadOptions, read_games};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut builder = BookBuilder::new(BuildOptions::default());
    let mut counted = 0;
    for game in read_games(&text, ReadOptions::default()).flatten() {
        assert_eq!(game.positions().len(), game.moves.len() + 1);
        counted += usize::from(builder.add_game(&game));
    }
    let (bytes, stats) = builder.finish();
    assert_eq!(stats.games, counted);
    if !bytes.is_empty() {
        Book::from_bytes(bytes).expect("a built book loads");
    }
});
