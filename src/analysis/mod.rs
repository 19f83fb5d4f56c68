//! Game review: evaluate every position of a game with an engine (ours or an external UCI
//! engine), classify each move by the drop in expected score, and write the result as
//! annotated PGN.
//!
//! - [`Evaluator`]: what evaluates one position; [`OwnEngine`] and [`UciEvaluator`].
//! - [`review`]: per-move classification, average centipawn loss, accuracy, summaries.
//! - [`annotate`]: annotated PGN (`[%eval]` comments, NAGs, the better move as a variation).
//! - [`plot`]: the evaluation graph as an image, mistakes marked.

use crate::search::{Depth, Engine, Limits, Score, SearchControl, Silent};
use crate::uci::client::{EngineError, EngineSpec, UciEngine};
use crate::uci::protocol::Go;
use shakmaty::{Chess, Move, Position};
use std::time::Duration;
use thiserror::Error;

pub mod annotate;
pub mod plot;
pub mod review;

/// An engine's verdict on one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The score from the side to move's point of view.
    pub score: Score,
    /// The best line, starting with the best move (empty when the position has no legal move).
    pub pv: Vec<Move>,
    /// The depth reached, when known.
    pub depth: Option<Depth>,
    /// Nodes searched, when known.
    pub nodes: Option<u64>,
}

impl Evaluation {
    /// The best move, if the position has one.
    pub fn best(&self) -> Option<Move> {
        self.pv.first().copied()
    }

    /// The exact verdict for a position with no legal move (mate or stalemate), or `None`.
    pub fn terminal(pos: &Chess) -> Option<Evaluation> {
        if !pos.legal_moves().is_empty() {
            return None;
        }
        let score = if pos.is_checkmate() {
            Score::mated_in(0)
        } else {
            Score::DRAW
        };
        Some(Evaluation {
            score,
            pv: Vec::new(),
            depth: Some(0),
            nodes: Some(0),
        })
    }
}

/// How long to think about each position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnalysisLimit {
    /// A fixed depth in plies.
    Depth(Depth),
    /// A fixed time per position.
    Movetime(Duration),
}

/// Why a position could not be evaluated.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// The external engine failed (did not start, crashed, hung, broke the protocol).
    #[error("engine: {0}")]
    Engine(#[from] EngineError),
    /// The engine returned no move for a position that has legal moves.
    #[error("the engine returned no move for a position with legal moves")]
    NoMove,
}

/// Evaluates positions. Positions with no legal move never reach an evaluator (see
/// [`Evaluation::terminal`]).
pub trait Evaluator {
    /// A short name for reports (`chessbot`, `Stockfish 17`).
    fn name(&self) -> String;
    /// Evaluates `pos`; `history` holds the positions before it in the game (for repetitions).
    ///
    /// # Errors
    ///
    /// [`AnalysisError`] when the engine fails.
    fn evaluate(&mut self, pos: &Chess, history: &[Chess]) -> Result<Evaluation, AnalysisError>;
}

/// Our own engine as an [`Evaluator`].
pub struct OwnEngine {
    engine: Engine,
    limits: Limits,
}

impl OwnEngine {
    /// Our engine with a hash table of `hash_mb` megabytes, searching each position to `limit`.
    pub fn new(limit: AnalysisLimit, hash_mb: usize) -> OwnEngine {
        let limits = match limit {
            AnalysisLimit::Depth(d) => Limits::depth(d),
            AnalysisLimit::Movetime(t) => Limits::movetime(t),
        };
        OwnEngine {
            engine: Engine::new(hash_mb),
            limits,
        }
    }

    /// The same engine searching on `threads` threads.
    pub fn with_threads(mut self, threads: usize) -> OwnEngine {
        self.engine.set_threads(threads);
        self
    }
}

impl Evaluator for OwnEngine {
    fn name(&self) -> String {
        "chessbot".to_string()
    }

    fn evaluate(&mut self, pos: &Chess, history: &[Chess]) -> Result<Evaluation, AnalysisError> {
        let keys: Vec<u64> = history.iter().map(crate::search::position_key).collect();
        let result = self.engine.search(
            pos,
            &keys,
            &self.limits,
            &SearchControl::default(),
            &mut Silent,
        );
        if result.best_move.is_none() {
            return Err(AnalysisError::NoMove);
        }
        let mut pv = result.pv;
        if pv.is_empty() {
            pv.extend(result.best_move);
        }
        Ok(Evaluation {
            score: result.score,
            pv,
            depth: Some(result.depth),
            nodes: Some(result.nodes),
        })
    }
}

/// An external UCI engine (Stockfish or any other) as an [`Evaluator`].
pub struct UciEvaluator {
    engine: UciEngine,
    go: Go,
}

impl UciEvaluator {
    /// Starts the engine described by `spec`; `chess960` switches on `UCI_Chess960`.
    ///
    /// # Errors
    ///
    /// [`AnalysisError::Engine`] when it does not start or refuses the option.
    pub fn start(
        spec: &EngineSpec,
        limit: AnalysisLimit,
        chess960: bool,
    ) -> Result<UciEvaluator, AnalysisError> {
        let mut engine = UciEngine::start(spec)?;
        if chess960 {
            engine.set_option("UCI_Chess960", "true")?;
        }
        let go = match limit {
            AnalysisLimit::Depth(d) => Go {
                depth: Some(d.max(1) as u32),
                ..Go::default()
            },
            AnalysisLimit::Movetime(t) => Go {
                movetime: Some(t),
                ..Go::default()
            },
        };
        Ok(UciEvaluator { engine, go })
    }
}

impl Evaluator for UciEvaluator {
    fn name(&self) -> String {
        self.engine.name().to_string()
    }

    fn evaluate(&mut self, pos: &Chess, _history: &[Chess]) -> Result<Evaluation, AnalysisError> {
        let (line, reply) = self.engine.analyse(pos, &[], &self.go)?;
        let mut pv = line.pv;
        if pv.is_empty() {
            pv.extend(reply.best);
        }
        if pv.is_empty() {
            return Err(AnalysisError::NoMove);
        }
        Ok(Evaluation {
            score: crate::players::uci::score_from_uci(line.score.value),
            pv,
            depth: line.depth.map(|d| d as Depth),
            nodes: reply.nodes,
        })
    }
}
