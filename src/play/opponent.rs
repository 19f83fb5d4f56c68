//! Who the player plays against: our engine or an external UCI engine, behind one trait.

use super::record::GameRecord;
use crate::search::{Clock, Engine, Limits, Score, SearchControl, Silent};
use shakmaty::{Chess, Color, Move, Position};
use std::time::Duration;
use thiserror::Error;

/// The game as an opponent sees it when asked for a move.
#[derive(Debug, Clone, Copy)]
pub struct GameState<'a> {
    /// Start position and moves (for engines that want `position ... moves ...`).
    pub record: &'a GameRecord,
    /// The position now.
    pub position: &'a Chess,
    /// Keys of the positions before `position`, oldest first (repetitions).
    pub history: &'a [u64],
}

/// Both clocks, when the game is timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeLeft {
    /// White's time.
    pub white: Duration,
    /// Black's time.
    pub black: Duration,
    /// Increment per move.
    pub increment: Duration,
}

/// The move an opponent chose, with its evaluation when known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// The score from the mover's point of view.
    pub score: Option<Score>,
}

/// Why an opponent could not move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OpponentError {
    /// The engine program does not exist.
    #[error("{0}")]
    NotFound(String),
    /// The engine process died or closed its pipes.
    #[error("the engine crashed: {0}")]
    Crashed(String),
    /// The engine did not answer in time.
    #[error("the engine did not answer in time: {0}")]
    TimedOut(String),
    /// The engine answered something unusable (an illegal move, garbage).
    #[error("the engine misbehaved: {0}")]
    Protocol(String),
    /// The engine returned no move in a position that has legal moves.
    #[error("the engine returned no move")]
    NoMove,
}

/// Anything that plays the other side.
pub trait Opponent {
    /// A name for the PGN and the screen.
    fn name(&self) -> String;
    /// Forget the previous game.
    fn new_game(&mut self) -> Result<(), OpponentError>;
    /// Chooses a move in `game` (which has legal moves).
    fn choose(
        &mut self,
        game: GameState<'_>,
        time: Option<TimeLeft>,
    ) -> Result<Choice, OpponentError>;
    /// Evaluates `game.position` from its side to move's point of view (for draw offers).
    fn evaluate(&mut self, game: GameState<'_>) -> Result<Score, OpponentError>;
}

/// Our own engine with fixed limits (depth, time per move) or a clock.
#[derive(Debug)]
pub struct OwnEngine {
    engine: Engine,
    limits: Limits,
    label: String,
}

impl OwnEngine {
    /// Our engine searching within `limits` (a clock, when given to [`Opponent::choose`],
    /// is added to them); `label` names it.
    pub fn new(limits: Limits, label: impl Into<String>) -> OwnEngine {
        OwnEngine {
            engine: Engine::new(16),
            limits,
            label: label.into(),
        }
    }

    fn limits_for(&self, turn: Color, time: Option<TimeLeft>) -> Limits {
        let mut limits = self.limits.clone();
        if let Some(t) = time {
            limits.clock = Some(Clock {
                time: if turn.is_white() { t.white } else { t.black },
                increment: t.increment,
                moves_to_go: None,
            });
            limits.move_overhead = Duration::from_millis(30);
        }
        limits
    }
}

impl Opponent for OwnEngine {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn new_game(&mut self) -> Result<(), OpponentError> {
        self.engine.clear();
        Ok(())
    }

    fn choose(
        &mut self,
        game: GameState<'_>,
        time: Option<TimeLeft>,
    ) -> Result<Choice, OpponentError> {
        let limits = self.limits_for(game.position.turn(), time);
        let result = self.engine.search(
            game.position,
            game.history,
            &limits,
            &SearchControl::default(),
            &mut Silent,
        );
        let mv = result.best_move.ok_or(OpponentError::NoMove)?;
        Ok(Choice {
            mv,
            score: Some(result.score),
        })
    }

    fn evaluate(&mut self, game: GameState<'_>) -> Result<Score, OpponentError> {
        if game.position.legal_moves().is_empty() {
            return Ok(if game.position.is_check() {
                Score::mated_in(0)
            } else {
                Score::DRAW
            });
        }
        let limits = self.limits_for(game.position.turn(), None);
        let result = self.engine.search(
            game.position,
            game.history,
            &limits,
            &SearchControl::default(),
            &mut Silent,
        );
        Ok(result.score)
    }
}

/// The most an opponent may think it is ahead (centipawns, its own view) and still accept a
/// draw offer.
pub const DRAW_ACCEPT_CP: i32 = 20;

/// Whether an opponent that scores the position `score` from its own side accepts a draw.
pub fn accepts_draw(score: Score) -> bool {
    match score.mate_moves() {
        Some(m) => m < 0,
        None => score.0 <= DRAW_ACCEPT_CP,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_acceptance_follows_the_score() {
        assert!(accepts_draw(Score::cp(-300)));
        assert!(accepts_draw(Score::cp(10)));
        assert!(!accepts_draw(Score::cp(150)));
        assert!(!accepts_draw(Score::mate_in(3)));
        assert!(accepts_draw(Score::mated_in(4)));
    }
}
