//! Our engine: a search with no I/O, driven by [`Limits`] and reporting to an [`Observer`].
//!
//! Every front end (`bestmove`, `uci`, `play`, `selfplay`, `autoplay`, `analyze`) calls
//! [`Engine::search`]; progress is reported through the observer and a search is stopped from
//! another thread with a [`StopFlag`].

pub mod limits;
pub mod score;

pub use limits::{Clock, Limits, StopFlag};
pub use score::{Depth, Score};

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position, Role};
use std::time::{Duration, Instant};

/// The key of a position, used for repetition detection and the transposition table.
pub fn position_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// How the caller controls a running search from another thread.
#[derive(Debug, Clone, Default)]
pub struct SearchControl {
    /// Raised to stop at once (the best move so far is returned).
    pub stop: StopFlag,
    /// Raised when a ponder search becomes a real one (UCI `ponderhit`): time budgeting starts.
    pub ponderhit: StopFlag,
}

/// Progress of a search, reported after each completed iteration (one per MultiPV line).
#[derive(Debug, Clone)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: Depth,
    /// Deepest ply reached (quiescence included).
    pub seldepth: Depth,
    /// Which principal variation this is, from 1.
    pub multipv: usize,
    /// Score of this line from the side to move's view.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Transposition table fill in per mille.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The move to play; `None` only when the position has no legal move.
    pub best_move: Option<Move>,
    /// The expected reply (for pondering).
    pub ponder_move: Option<Move>,
    /// Score of the best move from the side to move's view.
    pub score: Score,
    /// Last completed depth.
    pub depth: Depth,
    /// Deepest ply reached.
    pub seldepth: Depth,
    /// Nodes searched.
    pub nodes: u64,
    /// Time used.
    pub elapsed: Duration,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
}

/// Receives progress from a running search. All methods have empty defaults.
pub trait Observer {
    /// Called after each completed iteration with each principal variation.
    fn on_info(&mut self, _info: &SearchInfo) {}
}

/// An observer that ignores everything.
#[derive(Debug, Default, Clone, Copy)]
pub struct Silent;

impl Observer for Silent {}

/// The engine: owns the state kept between searches (hash table, history tables).
#[derive(Debug)]
pub struct Engine {
    hash_mb: usize,
    nodes: u64,
    seldepth: Depth,
    started: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
    keys: Vec<u64>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(16)
    }
}

impl Engine {
    /// A new engine with a transposition table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            hash_mb,
            nodes: 0,
            seldepth: 0,
            started: Instant::now(),
            deadline: None,
            node_limit: None,
            stopped: false,
            keys: Vec::new(),
        }
    }

    /// Resizes the transposition table.
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.hash_mb = hash_mb;
    }

    /// Forgets everything learned (UCI `ucinewgame`, Clear Hash).
    pub fn clear(&mut self) {}

    /// Searches `pos` within `limits`.
    ///
    /// `history` holds the keys ([`position_key`]) of the positions before `pos` in the game,
    /// oldest first, for repetition detection.
    pub fn search(
        &mut self,
        pos: &Chess,
        history: &[u64],
        limits: &Limits,
        control: &SearchControl,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        self.started = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.node_limit = if limits.infinite { None } else { limits.nodes };
        self.deadline = if limits.infinite {
            None
        } else if let Some(t) = limits.movetime {
            Some(self.started + t.saturating_sub(limits.move_overhead))
        } else {
            limits.clock.map(|c| {
                let moves = c.moves_to_go.unwrap_or(30).max(1);
                let budget = c.time / moves + c.increment * 3 / 4;
                self.started + budget.min(c.time / 2).saturating_sub(limits.move_overhead)
            })
        };
        self.keys = history.to_vec();
        let moves = pos.legal_moves();
        let mut result = SearchResult {
            best_move: moves.first().copied(),
            ponder_move: None,
            score: Score::DRAW,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: moves.first().copied().into_iter().collect(),
        };
        if moves.is_empty() {
            result.score = if pos.is_check() {
                Score::mated_in(0)
            } else {
                Score::DRAW
            };
            return result;
        }
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let mut pv = Vec::new();
            let score = self.negamax(
                pos,
                depth,
                0,
                -Score::INFINITE,
                Score::INFINITE,
                &mut pv,
                control,
            );
            if self.stopped && depth > 1 {
                break;
            }
            result.score = score;
            result.depth = depth;
            result.seldepth = self.seldepth;
            result.best_move = pv.first().copied().or(result.best_move);
            result.ponder_move = pv.get(1).copied();
            result.pv = pv.clone();
            result.nodes = self.nodes;
            result.elapsed = self.started.elapsed();
            observer.on_info(&SearchInfo {
                depth,
                seldepth: self.seldepth,
                multipv: 1,
                score,
                nodes: self.nodes,
                elapsed: result.elapsed,
                hashfull: 0,
                pv,
            });
            if self.stopped || score.is_mate() && !limits.infinite && limits.depth.is_none() {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.started.elapsed();
        result
    }

    fn check_stop(&mut self, control: &SearchControl) {
        if self.nodes.is_multiple_of(1024) {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let many = self.node_limit.is_some_and(|n| self.nodes >= n);
            self.stopped = late || many || control.stop.is_stopped();
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Chess,
        depth: Depth,
        ply: Depth,
        mut alpha: Score,
        beta: Score,
        pv: &mut Vec<Move>,
        control: &SearchControl,
    ) -> Score {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.check_stop(control);
        if self.stopped {
            return Score::DRAW;
        }
        let key = position_key(pos);
        if ply > 0
            && (pos.halfmoves() >= 100
                || pos.is_insufficient_material()
                || self
                    .keys
                    .iter()
                    .rev()
                    .take(pos.halfmoves() as usize)
                    .any(|&k| k == key))
        {
            return Score::DRAW;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() {
                Score::mated_in(ply)
            } else {
                Score::DRAW
            };
        }
        if depth <= 0 {
            return self.quiescence(pos, ply, alpha, beta, control);
        }
        let mut ordered: Vec<Move> = moves.into_iter().collect();
        ordered.sort_by_key(|m| std::cmp::Reverse(capture_gain(m)));
        self.keys.push(key);
        let mut best = -Score::INFINITE;
        for m in ordered {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let mut child_pv = Vec::new();
            let score = -self.negamax(
                &child,
                depth - 1,
                ply + 1,
                -beta,
                -alpha,
                &mut child_pv,
                control,
            );
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    pv.clear();
                    pv.push(m);
                    pv.extend(child_pv);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        self.keys.pop();
        best
    }

    fn quiescence(
        &mut self,
        pos: &Chess,
        ply: Depth,
        mut alpha: Score,
        beta: Score,
        control: &SearchControl,
    ) -> Score {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.check_stop(control);
        if self.stopped {
            return Score::DRAW;
        }
        let stand_pat = material(pos);
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut captures: Vec<Move> = pos.capture_moves().into_iter().collect();
        captures.sort_by_key(|m| std::cmp::Reverse(capture_gain(m)));
        for m in captures {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = -self.quiescence(&child, ply + 1, -beta, -alpha, control);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

fn capture_gain(m: &Move) -> i32 {
    m.capture().map_or(0, |v| value(v) * 10 - value(m.role()))
}

fn material(pos: &Chess) -> Score {
    let board = pos.board();
    let mut total = 0;
    for (_, piece) in board {
        let v = value(piece.role);
        total += if piece.color == pos.turn() { v } else { -v };
    }
    Score(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::parse_position;
    use shakmaty::CastlingMode;

    #[test]
    fn finds_mate_in_one() {
        let pos =
            parse_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", CastlingMode::Standard).unwrap();
        let result = Engine::new(1).search(
            &pos,
            &[],
            &Limits::depth(3),
            &SearchControl::default(),
            &mut Silent,
        );
        assert_eq!(result.score, Score::mate_in(1));
        assert_eq!(result.best_move.unwrap().to(), shakmaty::Square::A8);
    }
}
