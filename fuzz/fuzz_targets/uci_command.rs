//! Fuzzes the UCI parsers: any line either fails to parse with an error, or parses into a
//! command/message whose printed form parses back to the same value. Nothing may panic.
#![no_main]

use chessbot::uci::protocol::{EngineMessage, GuiCommand, parse_command};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    if let Ok(parsed) = parse_command(&line) {
        let printed = parsed.command.to_string();
        let again: GuiCommand = printed.parse().expect("a printed command parses");
        assert_eq!(again, parsed.command, "{printed}");
    }
    if let Ok(msg) = line.parse::<EngineMessage>() {
        let printed = msg.to_string();
        let again: EngineMessage = printed.parse().expect("a printed message parses");
        assert_eq!(again, msg, "{printed}");
    }
});
