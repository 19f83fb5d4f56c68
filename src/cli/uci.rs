//! `chessbot uci` flags.

use clap::Args;

/// Flags of `chessbot uci` (none: everything is set through UCI `setoption`).
#[derive(Debug, Args)]
#[command(
    after_help = "Speaks UCI on stdin/stdout; add chessbot to a GUI as a UCI engine with the command `chessbot uci`.\n\nExamples:\n  printf 'uci\\nisready\\nposition startpos moves e2e4\\ngo depth 6\\n' | chessbot uci\n  cutechess-cli -engine cmd=chessbot arg=uci proto=uci -engine cmd=stockfish proto=uci -each tc=10+0.1 -rounds 2\n  python3 -c 'import chess.engine; e = chess.engine.SimpleEngine.popen_uci([\"chessbot\", \"uci\"]); print(e.play(chess.Board(), chess.engine.Limit(time=0.1)).move); e.quit()'"
)]
pub struct UciArgs {}
