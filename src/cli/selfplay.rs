//! `chessbot selfplay` flags.

use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Opening order.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum OrderArg {
    /// In file order.
    Sequential,
    /// Shuffled with the seed.
    Random,
}

/// Flags of `chessbot selfplay`.
#[derive(Debug, Args)]
#[command(
    after_help = "Players: random, opening[?book=FILE&min_weight=N], material, classic[?depth=N], engine[?depth=N&nodes=N&movetime=MS&hash=MB], \
uci:PROGRAM[?OPTION=VALUE&arg=ARG&grace=MS] (quote specs with ? or & in a shell); any player takes ?name=NAME and per-player depth/nodes/movetime overriding the match's.

Examples:
  chessbot selfplay --white classic --black material --games 100 --pgn out.pgn
  chessbot selfplay --white 'engine?nodes=20000' --black classic --games 200 --concurrency 2
  chessbot selfplay --gauntlet engine --vs classic material random --games 20 --depth 3
  chessbot selfplay --players random material classic --games 10 --seed 7 --json
  chessbot selfplay --white engine --black classic --tc 10+0.1 --openings bench/openings-8ply.epd --order random
  chessbot selfplay --white engine --black 'uci:stockfish?UCI_Elo=1400&Hash=16' --tc 40/60+0.6 --games 20
  chessbot selfplay --white 'engine?nodes=4000' --black 'engine?nodes=2000' --games 1000 --sprt 0,50,0.05,0.05 --openings bench/openings-8ply-1000.epd
  chessbot selfplay --variant alice --white 'engine?nodes=5000' --black classic --games 100 -j 2 --pgn alice.pgn"
)]
pub struct SelfplayArgs {
    /// White's player in a two-player match (colours alternate game by game).
    #[arg(long, requires = "black", value_name = "PLAYER")]
    pub white: Option<String>,
    /// Black's player in a two-player match.
    #[arg(long, requires = "white", value_name = "PLAYER")]
    pub black: Option<String>,
    /// The player of a gauntlet, against each of --vs.
    #[arg(long, requires = "vs", conflicts_with_all = ["white", "players"], value_name = "PLAYER")]
    pub gauntlet: Option<String>,
    /// The opponents in a gauntlet.
    #[arg(long, num_args = 1.., value_name = "PLAYER")]
    pub vs: Vec<String>,
    /// A round-robin between these players.
    #[arg(long, num_args = 2.., conflicts_with_all = ["white", "gauntlet"], value_name = "PLAYER")]
    pub players: Vec<String>,
    /// Games per pairing.
    #[arg(long, short = 'n', default_value_t = 2)]
    pub games: u32,
    /// Chess clock, as cutechess-cli's tc: [MOVES/]SECONDS[+INCREMENT] in seconds (e.g. 10+0.1,
    /// 40/60, 40/60+0.6; 5m+3 for minutes).
    #[arg(long, value_name = "TC")]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Fixed depth per move (for players that search).
    #[arg(long)]
    pub depth: Option<i32>,
    /// Node budget per move (for players that search).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Milliseconds a clock may go below zero before the flag falls.
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub time_margin: u64,
    /// Openings: an EPD file (one position a line) or a PGN file (.pgn), standard chess. Without
    /// it, each pair of games opens with a weighted walk of --plies moves (8) through the
    /// embedded GNU Chess book, different for each pair.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Opening order.
    #[arg(long, value_enum, default_value_t = OrderArg::Sequential)]
    pub order: OrderArg,
    /// Plies of each opening line: of a PGN opening file (all by default), or of the book walk
    /// when no --openings are given (8 by default).
    #[arg(long)]
    pub plies: Option<usize>,
    /// Games played at the same time (threads).
    #[arg(long, short = 'j', default_value_t = 1)]
    pub concurrency: usize,
    /// Draw adjudication MOVENUMBER,MOVECOUNT,SCORE: from move MOVENUMBER on, draw once both
    /// players' scores stay within SCORE centipawns for MOVECOUNT moves each.
    #[arg(long, value_name = "N,M,CP")]
    pub draw: Option<String>,
    /// Resign adjudication MOVECOUNT,SCORE: a player whose score stays at or below -SCORE
    /// centipawns for MOVECOUNT moves loses.
    #[arg(long, value_name = "M,CP")]
    pub resign: Option<String>,
    /// Draw games that reach this many moves (full moves, opening included).
    #[arg(long, value_name = "MOVES")]
    pub max_moves: Option<u32>,
    /// Seed of all randomness (random by default, printed in the report).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write games to this PGN file (replaced), flushed game by game.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// SPRT ELO0,ELO1,ALPHA,BETA: stop once H0 or H1 is accepted (two players only).
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    pub sprt: Option<String>,
    /// PGN Event tag.
    #[arg(long, default_value = "chessbot selfplay")]
    pub event: String,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// The rules: standard chess, or Alice chess (among random, material, classic and engine;
    /// the report then lists every game and a score line per pairing).
    #[arg(long, value_enum, default_value_t)]
    pub variant: super::variant::Variant,
    /// Random plies from the initial position that open each pair of games, instead of book
    /// openings (default 4 for Alice; 0 starts every game from the initial position).
    #[arg(long, value_name = "N", conflicts_with = "openings")]
    pub random_plies: Option<usize>,
}
