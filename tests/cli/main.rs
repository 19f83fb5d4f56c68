//! Whole-command tests: run the `chessbot` binary as a user would.

mod alice;
mod analyze;
mod autoplay;
mod bench;
mod bestmove;
mod book;
mod common;
mod completions;
mod cpu;
mod nnue;
mod openbench;
mod perft;
mod play;
mod recognize;
mod selfplay;
mod tune;
mod uci;
mod vision;
