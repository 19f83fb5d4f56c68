//! Everything that chooses a move: one [`Player`] interface for built-in players and external
//! engines alike, so that matches, `play` and `autoplay` never special-case one.
//!
//! Built-in players (see [`spec`] for how they are named on the command line):
//! - [`random::RandomPlayer`]: a uniformly random legal move;
//! - [`opening::OpeningPlayer`]: Polyglot book moves, then random;
//! - [`material::MaterialPlayer`]: one ply on material only;
//! - [`classic::ClassicPlayer`]: fixed-depth alpha-beta with piece-square tables;
//! - [`engine::EnginePlayer`]: our full search ([`crate::search`]);
//! - [`uci::UciPlayer`]: an external UCI engine (Stockfish, ...).
//!
//! Every built-in player is deterministic given the seed passed to [`Player::new_game`] (the
//! engine too, under depth or node limits).
//!
//! Players play any [`Variant`]: random, material, classic and engine through the variant's
//! rules ([`GamePosition`]) and our engine's search of it; the book and UCI players know
//! standard chess only.

pub mod classic;
pub mod engine;
pub mod material;
pub mod opening;
pub mod random;
pub mod spec;
pub mod uci;
pub mod variant;

pub use spec::{PlayerSpec, SpecError};
pub use variant::Variant;

use crate::game::GamePosition;
use crate::search::{Clock, Depth, Limits, Score};
use shakmaty::{Chess, Color, Move};
use std::time::Duration;

/// A game as a player sees it when asked for a move.
#[derive(Debug)]
pub struct GameView<'a, P = Chess> {
    /// The position the game started from (the standard one or a book/FEN start).
    pub start: &'a P,
    /// The moves played from `start`, in order.
    pub moves: &'a [Move],
    /// The current position (`start` with `moves` played): the player is to move here.
    pub position: &'a P,
    /// Keys ([`GamePosition::key`]) of the positions before `position`, oldest first, for
    /// repetition detection.
    pub history: &'a [u64],
}

impl<P> Clone for GameView<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for GameView<'_, P> {}

/// The clocks and per-move limits a player must respect for one move.
///
/// Everything unset means "no limit of that kind". A player uses what applies to it: random and
/// material ignore everything, our engine turns it into [`Limits`], a UCI engine gets it as `go`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClockView {
    /// Time left on White's clock.
    pub white_time: Option<Duration>,
    /// Time left on Black's clock.
    pub black_time: Option<Duration>,
    /// White's increment per move.
    pub white_increment: Duration,
    /// Black's increment per move.
    pub black_increment: Duration,
    /// Moves to the next time control, if not sudden death.
    pub moves_to_go: Option<u32>,
    /// A fixed time for this move.
    pub movetime: Option<Duration>,
    /// A fixed depth for this move.
    pub depth: Option<Depth>,
    /// A node budget for this move.
    pub nodes: Option<u64>,
}

impl ClockView {
    /// No limit at all (players with their own fixed limits, or an untimed game).
    pub fn unlimited() -> ClockView {
        ClockView::default()
    }

    /// The time left to `side`, when the game is played with clocks.
    pub fn time_left(&self, side: Color) -> Option<Duration> {
        side.fold_wb(self.white_time, self.black_time)
    }

    /// The search limits this view gives `side` to move (for our engine).
    pub fn limits_for(&self, side: Color) -> Limits {
        let clock = self.time_left(side).map(|time| Clock {
            time,
            increment: side.fold_wb(self.white_increment, self.black_increment),
            moves_to_go: self.moves_to_go,
        });
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            clock,
            multipv: 1,
            ..Limits::default()
        }
    }
}

/// A player's move, with what it knows about it (used for adjudication and PGN comments).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The move to play; legal in the position the player was given (the match checks it).
    pub mv: Move,
    /// The player's score for the position after its move, from its own point of view.
    pub score: Option<Score>,
    /// The depth searched, for players that search.
    pub depth: Option<Depth>,
    /// The time the answer took where the player measures it more closely than its caller can
    /// (an external engine: from `go` to the arrival of its `bestmove`); `None`: the caller
    /// times the call.
    pub elapsed: Option<Duration>,
}

impl Choice {
    /// A move with nothing known about it.
    pub fn plain(mv: Move) -> Choice {
        Choice {
            mv,
            score: None,
            depth: None,
            elapsed: None,
        }
    }
}

/// Why a player failed to give a move. External engines are the usual source; a match turns these
/// into lost games (crash, hang, illegal move) and restarts the player.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// The position has no legal move (the game should have ended before asking).
    #[error("no legal move in this position")]
    NoLegalMove,
    /// The external engine's program does not exist (bad input, as a bad path is).
    #[error("cannot start engine {engine}: {reason}")]
    NotFound {
        /// The engine's command or name.
        engine: String,
        /// Where it was looked for, and how to install it.
        reason: String,
    },
    /// The external engine could not be started.
    #[error("cannot start engine {engine}: {reason}")]
    Start {
        /// The engine's command or name.
        engine: String,
        /// What went wrong.
        reason: String,
    },
    /// The engine process died or closed its output.
    #[error("engine {engine} crashed: {reason}")]
    Crashed {
        /// The engine's name.
        engine: String,
        /// What went wrong (exit status, closed pipe).
        reason: String,
    },
    /// The engine did not answer in time.
    #[error("engine {engine} did not answer within {waited:?}")]
    TimedOut {
        /// The engine's name.
        engine: String,
        /// How long we waited.
        waited: Duration,
    },
    /// The engine sent a move that is illegal (or unreadable) in the position.
    #[error("engine {engine} sent an illegal move: {text}")]
    IllegalMove {
        /// The engine's name.
        engine: String,
        /// The move text as sent.
        text: String,
    },
    /// The player does not play this variant (book and UCI players know standard chess only).
    #[error(
        "the {player} player does not play {variant} (use random, material, classic or engine)"
    )]
    Unsupported {
        /// The player kind.
        player: &'static str,
        /// The variant.
        variant: &'static str,
    },
    /// Any other protocol failure (unexpected output, rejected option).
    #[error("engine {engine}: {reason}")]
    Protocol {
        /// The engine's name.
        engine: String,
        /// What went wrong.
        reason: String,
    },
}

/// Anything that chooses moves in games of `P`: a built-in player or an external engine.
///
/// A match calls [`Player::new_game`] before each game, then [`Player::choose`] whenever the
/// player is to move. Players are `Send` so that matches can run games on several threads.
pub trait Player<P: GamePosition = Chess>: Send {
    /// A short name for PGN tags and reports (`random`, `classic d3`, `Stockfish 17`).
    fn name(&self) -> String;

    /// Prepares for a new game: clears state kept between moves and reseeds any randomness with
    /// `seed`, so the same seed gives the same game.
    fn new_game(&mut self, seed: u64) -> Result<(), PlayerError>;

    /// Chooses a move for the side to move in `game.position`.
    fn choose(&mut self, game: &GameView<P>, clock: &ClockView) -> Result<Choice, PlayerError>;

    /// Whether the player is deterministic for a given seed and per-move limits: a match with only
    /// such players gives the same PGN byte for byte.
    fn is_deterministic(&self) -> bool {
        true
    }

    /// Starts the player afresh after a failure (external engines restart their process).
    fn restart(&mut self) -> Result<(), PlayerError> {
        Ok(())
    }
}

/// The legal moves of `pos`, or [`PlayerError::NoLegalMove`].
pub(crate) fn legal_moves<P: GamePosition>(pos: &P) -> Result<Vec<Move>, PlayerError> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        Err(PlayerError::NoLegalMove)
    } else {
        Ok(moves)
    }
}

/// A deterministic random generator for `seed` (players and matches share this choice).
pub fn seeded_rng(seed: u64) -> rand_chacha::ChaCha8Rng {
    use rand::SeedableRng;
    rand_chacha::ChaCha8Rng::seed_from_u64(seed)
}
