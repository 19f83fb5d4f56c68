//! Our engine: a search with no I/O, driven by [`Limits`] and reporting to an [`Observer`].
//!
//! Every front end (`bestmove`, `uci`, `play`, `selfplay`, `autoplay`, `analyze`) calls
//! [`Engine::search`]; progress is reported through the observer and a search is stopped from
//! another thread with a [`StopFlag`]. Variants (Alice chess) implement [`SearchPosition`] and
//! call [`Engine::search_position`]: the same search code, monomorphised per position type.
//!
//! With [`Engine::set_threads`] above 1 a search runs on that many threads (Lazy SMP): they
//! share the transposition table and search the same root, the calling thread keeping the
//! clock and reporting progress. One thread searches exactly as if there were no others: the
//! same nodes in the same order, so its node counts are reproducible; more threads are not.
//!
//! Modules, one per concept: [`position`] (the game abstraction), [`eval`] (static
//! evaluation), [`params`] (every weight), [`see`] (static exchange), [`movepick`] (move
//! ordering), [`tt`] (transposition table), [`time`] (time management), [`strength`] (playing
//! weaker on purpose), [`bench`](mod@bench) (the fixed benchmark), and the searcher itself.

pub mod bench;
pub mod correction;
pub mod eval;
pub mod limits;
pub mod movepick;
pub mod nnue;
pub mod params;
pub mod position;
pub mod score;
mod searcher;
pub mod see;
pub mod strength;
pub mod time;
pub mod tt;

pub use limits::{Clock, DEFAULT_MOVE_OVERHEAD, Limits, StopFlag};
pub use position::{ChessPosition, Evaluator, SearchPosition};
pub use score::{Depth, Score};
pub use strength::{Level, Strength};

use searcher::{Outcome, Reductions, Searcher, Team};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, MoveList, Position};
use std::time::Duration;

/// The deepest iteration a search may reach.
pub const MAX_DEPTH: Depth = 100;

/// The most search threads an engine runs (UCI `Threads`, `--threads`).
pub const MAX_THREADS: usize = 256;

/// The stack of a helper search thread: the recursion goes up to
/// [`MAX_PLY`](movepick::MAX_PLY) plies deep with a position copy each; the same as a
/// process's main thread gets on Linux.
const HELPER_STACK_BYTES: usize = 8 << 20;

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

/// One principal variation of a finished search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PvLine {
    /// Score from the side to move's view.
    pub score: Score,
    /// The moves, starting with the candidate move.
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
    /// Every line of the last completed iteration, best first (one unless MultiPV or a
    /// strength limit asked for more).
    pub lines: Vec<PvLine>,
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

/// What one search thread keeps between searches: its move ordering and correction history.
#[derive(Default)]
struct Worker {
    heuristics: movepick::Heuristics,
    correction: correction::CorrectionHistory,
}

/// The engine: owns the state kept between searches (hash table, each thread's history
/// tables).
pub struct Engine {
    hash_mb: usize,
    tt: tt::TranspositionTable,
    /// One per search thread; the first is the calling thread's.
    workers: Vec<Worker>,
    reductions: Reductions,
    evaluator: Evaluator,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("hash_mb", &self.hash_mb)
            .field("threads", &self.workers.len())
            .finish_non_exhaustive()
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(16)
    }
}

impl Engine {
    /// A new engine with a transposition table of `hash_mb` megabytes, searching on one
    /// thread.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            hash_mb,
            tt: tt::TranspositionTable::new(hash_mb),
            workers: vec![Worker::default()],
            reductions: Reductions::new(),
            evaluator: Evaluator::default(),
        }
    }

    /// The number of threads a search runs on.
    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Makes later searches run on `threads` threads (1 to [`MAX_THREADS`]; values outside
    /// are clamped). New threads start with empty history tables; the hash table is kept.
    pub fn set_threads(&mut self, threads: usize) {
        self.workers
            .resize_with(threads.clamp(1, MAX_THREADS), Worker::default);
    }

    /// The static evaluation standard chess searches use.
    pub fn evaluator(&self) -> Evaluator {
        self.evaluator
    }

    /// Chooses the static evaluation of later standard chess searches.
    pub fn set_evaluator(&mut self, evaluator: Evaluator) {
        self.evaluator = evaluator;
    }

    /// The size of the transposition table in megabytes.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Resizes the transposition table (its contents are lost).
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        if hash_mb != self.hash_mb {
            self.hash_mb = hash_mb;
            self.tt = tt::TranspositionTable::new(hash_mb);
        }
    }

    /// Forgets everything learned (UCI `ucinewgame`, Clear Hash).
    pub fn clear(&mut self) {
        self.tt.clear();
        for w in &mut self.workers {
            w.heuristics.clear();
            w.correction.clear();
        }
    }

    /// Searches `pos` within `limits`.
    ///
    /// `history` holds the keys ([`position_key`]) of the positions before `pos` in the game,
    /// oldest first, for repetition detection.
    ///
    /// ```
    /// use chessbot::search::{Engine, Limits, SearchControl, Silent};
    /// use shakmaty::Chess;
    /// let result = Engine::new(1).search(&Chess::default(), &[], &Limits::depth(3),
    ///     &SearchControl::default(), &mut Silent);
    /// assert!(result.best_move.is_some());
    /// ```
    pub fn search(
        &mut self,
        pos: &Chess,
        history: &[u64],
        limits: &Limits,
        control: &SearchControl,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        self.search_position(
            &ChessPosition::with_evaluator(pos.clone(), self.evaluator),
            history,
            limits,
            control,
            observer,
        )
    }

    /// Searches any [`SearchPosition`] (standard chess or a variant) within `limits`.
    ///
    /// `history` holds the keys ([`SearchPosition::key`]) of the positions before `pos`.
    pub fn search_position<P: SearchPosition>(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
        control: &SearchControl,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        let time = time::TimeManager::new(limits, control);
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            return SearchResult {
                best_move: None,
                ponder_move: None,
                score: if pos.is_check() {
                    Score::mated_in(0)
                } else {
                    Score::DRAW
                },
                depth: 0,
                seldepth: 0,
                nodes: 0,
                elapsed: time.elapsed(),
                pv: Vec::new(),
                lines: Vec::new(),
            };
        }
        let strength = limits.strength.filter(|s| !s.is_full());
        let plan = strength.map(|s| s.plan());
        let mut max_depth = if limits.infinite {
            MAX_DEPTH
        } else {
            limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
        };
        let mut node_limit = if limits.infinite { None } else { limits.nodes };
        let mut multipv = limits.multipv.max(1);
        if let Some(plan) = plan {
            if let Some(d) = plan.max_depth {
                max_depth = max_depth.min(d);
            }
            if let Some(n) = plan.max_nodes {
                node_limit = Some(node_limit.map_or(n, |l| l.min(n)));
            }
            multipv = multipv.max(plan.candidates);
        }
        if time.answers_at_once() {
            max_depth = 1;
        }
        // A weaker level is defined by the nodes of one thread.
        let threads = if strength.is_some() {
            1
        } else {
            self.workers.len()
        };
        self.tt.new_search();
        for w in &mut self.workers[..threads] {
            w.heuristics.new_search();
        }
        let (outcome, elapsed) = if threads == 1 {
            let w = &mut self.workers[0];
            let mut searcher = Searcher::new(
                &self.tt,
                &mut w.heuristics,
                &mut w.correction,
                &self.reductions,
                time,
                node_limit,
                history,
            );
            let outcome = searcher.run(pos, &legal, limits, max_depth, multipv, observer);
            (outcome, searcher.elapsed())
        } else {
            let search = RootSearch {
                history,
                legal: &legal,
                limits,
                max_depth,
                multipv,
            };
            self.search_threads(threads, pos, &search, time, node_limit, observer)
        };
        let mut lines: Vec<PvLine> = outcome
            .lines
            .into_iter()
            .map(|l| PvLine {
                score: l.score,
                pv: l.pv,
            })
            .collect();
        let chosen = match strength {
            Some(s) if lines.len() > 1 => {
                let candidates: Vec<(Move, Score)> =
                    lines.iter().map(|l| (l.pv[0], l.score)).collect();
                s.choose(&candidates, pos.key() ^ history.len() as u64)
            }
            _ => 0,
        };
        let best = lines.get(chosen).cloned();
        lines.truncate(limits.multipv.max(1));
        let (best_move, score, pv) = match best {
            Some(line) => (line.pv.first().copied(), line.score, line.pv),
            None => (Some(legal[0]), Score::DRAW, vec![legal[0]]),
        };
        SearchResult {
            best_move,
            ponder_move: pv.get(1).copied(),
            score,
            depth: outcome.depth,
            seldepth: outcome.seldepth,
            nodes: outcome.nodes,
            elapsed,
            pv,
            lines,
        }
    }

    /// Searches `pos` on `threads` threads: helpers on scoped threads, the main searcher on
    /// this one. The main searcher's outcome counts, unless a helper completed a deeper
    /// iteration, within the depth limit, with a better score (for a single line only).
    fn search_threads<P: SearchPosition>(
        &mut self,
        threads: usize,
        pos: &P,
        search: &RootSearch<'_>,
        time: time::TimeManager,
        node_limit: Option<u64>,
        observer: &mut dyn Observer,
    ) -> (Outcome, Duration) {
        let team = Team::new(threads);
        // Helpers search until the main searcher stops them.
        let helper_limits = Limits {
            infinite: true,
            ..search.limits.clone()
        };
        let (tt, lmr) = (&self.tt, &self.reductions);
        let (main, helpers) = self.workers[..threads]
            .split_first_mut()
            .expect("a search has at least one thread");
        std::thread::scope(|scope| {
            let (team, helper_limits) = (&team, &helper_limits);
            let handles: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .filter_map(|(i, w)| {
                    let id = i + 1;
                    std::thread::Builder::new()
                        .name(format!("search {id}"))
                        .stack_size(HELPER_STACK_BYTES)
                        .spawn_scoped(scope, move || {
                            let time =
                                time::TimeManager::new(helper_limits, &SearchControl::default());
                            let mut searcher = Searcher::new(
                                tt,
                                &mut w.heuristics,
                                &mut w.correction,
                                lmr,
                                time,
                                None,
                                search.history,
                            )
                            .in_team(team, id);
                            // Helpers go on past a depth limit until the main searcher
                            // stops them: one that finished the last depth would sit idle.
                            let outcome = searcher.run(
                                pos,
                                search.legal,
                                helper_limits,
                                MAX_DEPTH,
                                search.multipv,
                                &mut Silent,
                            );
                            (outcome, searcher.own_nodes())
                        })
                        // A thread the system refuses is a helper fewer.
                        .ok()
                })
                .collect();
            let mut searcher = Searcher::new(
                tt,
                &mut main.heuristics,
                &mut main.correction,
                lmr,
                time,
                node_limit,
                search.history,
            )
            .in_team(team, 0);
            let mut outcome = searcher.run(
                pos,
                search.legal,
                search.limits,
                search.max_depth,
                search.multipv,
                observer,
            );
            team.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            let elapsed = searcher.elapsed();
            let mut nodes = searcher.own_nodes();
            let mut deeper: Option<Outcome> = None;
            // A helper that panicked (a bug) leaves the main searcher's result standing.
            for (helper, helper_nodes) in handles.into_iter().filter_map(|h| h.join().ok()) {
                nodes += helper_nodes;
                let best = deeper.as_ref().unwrap_or(&outcome);
                if search.multipv == 1
                    && helper.depth > best.depth
                    && helper.depth <= search.max_depth
                    && let (Some(h), Some(b)) = (helper.lines.first(), best.lines.first())
                    && h.score > b.score
                {
                    deeper = Some(helper);
                }
            }
            if let Some(helper) = deeper {
                let line = &helper.lines[0];
                observer.on_info(&SearchInfo {
                    depth: helper.depth,
                    seldepth: helper.seldepth,
                    multipv: 1,
                    score: line.score,
                    nodes,
                    elapsed,
                    hashfull: tt.hashfull(),
                    pv: line.pv.clone(),
                });
                outcome = helper;
            }
            outcome.nodes = nodes;
            (outcome, elapsed)
        })
    }
}

/// What every thread of one search is given: the root's game history and legal moves, the
/// limits, the deepest iteration and the number of lines.
struct RootSearch<'a> {
    history: &'a [u64],
    legal: &'a [Move],
    limits: &'a Limits,
    max_depth: Depth,
    multipv: usize,
}

#[cfg(test)]
mod tests;
