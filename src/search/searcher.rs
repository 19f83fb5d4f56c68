//! The search itself: iterative deepening over a principal variation search with aspiration
//! windows, a transposition table, quiescence search, check extension, null-move pruning,
//! late move reductions and pruning, reverse futility and futility pruning, SEE pruning,
//! mate distance pruning, draw detection, MultiPV and `searchmoves`.
//!
//! Generic over [`SearchPosition`] and monomorphised per position type.
//!
//! Several searchers may search one root at once (Lazy SMP): they share the transposition
//! table and a [`Team`], each with its own move ordering and correction tables. The main
//! searcher (number 0) keeps the clock, reports progress and counts the team's nodes; the
//! helpers skip some depths (see [`skips_depth`]) so that the team spreads over two or more
//! depths, and stop when the main searcher raises the team's stop flag.

use super::correction::{CorrectionHistory, CorrectionKeys, FollowUp};
use super::limits::Limits;
use super::movepick::{Continuation, Heuristics, MAX_PLY, MovePicker, PieceTo, is_quiet};
use super::params as p;
use super::position::{SearchPosition, role_value};
use super::score::{Depth, Score};
use super::time::{POLL_INTERVAL, TimeManager};
use super::tt::{Bound, PackedMove, TranspositionTable, TtHit};
use super::{Observer, SearchInfo};
use shakmaty::Move;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

const INF: i32 = Score::INFINITE.0;
const MATE: i32 = Score::MATE.0;
const MATE_BOUND: i32 = Score::MATE_BOUND;
/// Marks "no static evaluation" (in check).
const NO_EVAL: i32 = i32::MIN / 2;

/// The history bonus (or malus) of a move that cut off (or did not) at `depth`.
fn history_bonus(depth: Depth) -> i32 {
    (depth * depth * 16).min(1200)
}

/// The static evaluation `eval`, or the hash score when its bound says the position is worth
/// more (lower bound above `eval`), less (upper bound below it) or exactly that (an exact one):
/// a better guess than the evaluation either way. Mate scores are left out.
fn hash_adjusted(hit: Option<TtHit>, eval: i32) -> i32 {
    match hit {
        Some(h) if h.score.0.abs() < MATE_BOUND => match h.bound {
            Bound::Exact => h.score.0,
            Bound::Lower if h.score.0 > eval => h.score.0,
            Bound::Upper if h.score.0 < eval => h.score.0,
            _ => eval,
        },
        _ => eval,
    }
}

/// What the threads of one search share besides the transposition table.
pub(crate) struct Team {
    /// Raised by the main searcher when it is done: the helpers stop at their next poll.
    pub stop: AtomicBool,
    /// Each searcher's node count, published at every poll.
    pub nodes: Vec<AtomicU64>,
}

impl Team {
    /// A team of `size` searchers, the main one included.
    pub fn new(size: usize) -> Team {
        Team {
            stop: AtomicBool::new(false),
            nodes: (0..size).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

/// The depths helper `id` leaves out, so that the helpers spread over the depths next to the
/// main searcher's instead of all searching the same one: helpers are taken in cycles of 20,
/// the first two skip every other depth (one the odd, one the even), the next four skip
/// blocks of two depths at four phases, and so on (Stockfish 9's pattern).
fn skips_depth(id: usize, depth: Depth) -> bool {
    const SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    if id == 0 {
        return false;
    }
    let i = (id - 1) % 20;
    (depth + PHASE[i]) / SIZE[i] % 2 != 0
}

/// One completed line of an iteration.
#[derive(Debug, Clone)]
pub(crate) struct Line {
    pub score: Score,
    pub pv: Vec<Move>,
}

/// The outcome of [`Searcher::run`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Outcome {
    /// The lines of the last completed iteration, best first.
    pub lines: Vec<Line>,
    pub depth: Depth,
    pub seldepth: Depth,
    pub nodes: u64,
}

/// How much to stretch the soft time budget for the best move's `share` of the root nodes: 0.7
/// at all of them, 1.35 at half, 1.9 at a tenth.
fn effort_scale(share: f64) -> f64 {
    (1.5 - share.clamp(0.0, 1.0)) * 1.35
}

/// How much to stretch the soft time budget when the best score fell since the last
/// iteration (more time to find a way out) or rose (a little less): a 50 cp drop gives 1.4.
fn score_drop_scale(previous: Option<Score>, now: Score) -> f64 {
    match previous {
        Some(before) if before.0.abs() < MATE_BOUND && now.0.abs() < MATE_BOUND => {
            (1.0 + f64::from(before.0 - now.0) * 0.008).clamp(0.85, 1.5)
        }
        _ => 1.0,
    }
}

/// Late move reduction table, indexed by depth and move number (both capped at 63).
pub(crate) struct Reductions([[i32; 64]; 64]);

impl Reductions {
    pub(crate) fn new() -> Reductions {
        let mut t = [[0; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (p::LMR_BASE + (d as f64).ln() * (m as f64).ln() / p::LMR_DIVISOR) as i32;
            }
        }
        Reductions(t)
    }

    fn get(&self, depth: Depth, moves: usize) -> i32 {
        self.0[(depth.max(0) as usize).min(63)][moves.min(63)]
    }
}

/// The state of one search.
pub(crate) struct Searcher<'a> {
    tt: &'a TranspositionTable,
    heur: &'a mut Heuristics,
    correction: &'a mut CorrectionHistory,
    lmr: &'a Reductions,
    time: TimeManager,
    node_limit: Option<u64>,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// Whether depth 1 is complete: before that nothing may stop the search, so that there is
    /// always a move to play.
    may_stop: bool,
    /// Keys of the game before the root and of the current path, for repetition detection.
    keys: Vec<u64>,
    pv: Vec<Vec<Move>>,
    played: Vec<Option<Move>>,
    /// The piece-to of the move played at each ply of the current path (`None`: null move).
    moved: Vec<Option<PieceTo>>,
    evals: Vec<i32>,
    root_excluded: Vec<Move>,
    /// The move a singular-extension search leaves out at each ply.
    excluded: Vec<Option<Move>>,
    /// The depth of the current iteration (extensions stop at twice that many plies).
    root_depth: Depth,
    root_allowed: Vec<Move>,
    /// The best first line of the running iteration so far: a root move searched to the full
    /// depth that raised alpha. When time runs out mid-iteration it beats the last iteration's.
    root_best: Option<Line>,
    /// Nodes spent below each root move over the whole search: a best move that takes most of
    /// the effort is clear, one that takes little is in doubt (time management).
    root_nodes: Vec<(Move, u64)>,
    /// The team this searcher belongs to, with its number in it (0: the main searcher);
    /// `None` when it searches alone.
    team: Option<(&'a Team, usize)>,
    /// The other searchers' nodes at the last poll (the main searcher's node limit and reports
    /// count the whole team's).
    others_nodes: u64,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        tt: &'a TranspositionTable,
        heur: &'a mut Heuristics,
        correction: &'a mut CorrectionHistory,
        lmr: &'a Reductions,
        time: TimeManager,
        node_limit: Option<u64>,
        history: &[u64],
    ) -> Searcher<'a> {
        Searcher {
            tt,
            heur,
            correction,
            lmr,
            time,
            node_limit,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            may_stop: false,
            keys: history.to_vec(),
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            played: vec![None; MAX_PLY + 2],
            moved: vec![None; MAX_PLY + 2],
            evals: vec![NO_EVAL; MAX_PLY + 2],
            root_excluded: Vec::new(),
            excluded: vec![None; MAX_PLY + 2],
            root_depth: 0,
            root_allowed: Vec::new(),
            root_best: None,
            root_nodes: Vec::new(),
            team: None,
            others_nodes: 0,
        }
    }

    /// Makes this searcher number `id` of `team`. A helper (`id` above 0) may stop from its
    /// first node on: the main searcher's result is the one that counts.
    pub(crate) fn in_team(mut self, team: &'a Team, id: usize) -> Searcher<'a> {
        self.team = Some((team, id));
        self.may_stop = id != 0;
        self
    }

    /// The nodes this searcher searched itself.
    pub(crate) fn own_nodes(&self) -> u64 {
        self.nodes
    }

    /// The nodes of the whole team as last seen (this searcher's alone without a team).
    fn total_nodes(&self) -> u64 {
        self.nodes + self.others_nodes
    }

    /// The elapsed time of this search.
    pub(crate) fn elapsed(&self) -> std::time::Duration {
        self.time.elapsed()
    }

    /// Iterative deepening. `legal` is the root's legal moves (non-empty), `max_depth` the
    /// deepest iteration and `multipv` the number of lines.
    pub(crate) fn run<P: SearchPosition>(
        &mut self,
        root: &P,
        legal: &[Move],
        limits: &Limits,
        max_depth: Depth,
        multipv: usize,
        observer: &mut dyn Observer,
    ) -> Outcome {
        self.root_allowed = if limits.search_moves.is_empty() {
            legal.to_vec()
        } else {
            let allowed: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| limits.search_moves.contains(m))
                .collect();
            if allowed.is_empty() {
                legal.to_vec()
            } else {
                allowed
            }
        };
        let multipv = multipv.clamp(1, self.root_allowed.len());
        let mut outcome = Outcome::default();
        let mut stability = 0u32;
        self.root_nodes.clear();
        let unbounded = limits.infinite || self.time.is_pondering();
        let id = self.team.map_or(0, |(_, id)| id);
        for depth in 1..=max_depth.clamp(1, MAX_PLY as Depth - 8) {
            if skips_depth(id, depth) && depth < max_depth {
                continue;
            }
            self.seldepth = 0;
            self.root_depth = depth;
            self.root_excluded.clear();
            self.root_best = None;
            let mut lines: Vec<Line> = Vec::with_capacity(multipv);
            for pv_index in 0..multipv {
                let previous = outcome.lines.get(pv_index).map(|l| l.score.0);
                let score = self.aspiration(root, depth, previous);
                if self.stopped {
                    break;
                }
                let pv = self.pv[0].clone();
                let Some(&first) = pv.first() else { break };
                self.root_excluded.push(first);
                lines.push(Line {
                    score: Score(score),
                    pv,
                });
            }
            if self.stopped && !outcome.lines.is_empty() {
                // An unfinished iteration still found a better first move when a root move
                // other than the last iteration's best raised alpha at the new depth.
                if multipv == 1
                    && let Some(line) = self.root_best.take()
                    && line.pv.first() != outcome.lines[0].pv.first()
                {
                    observer.on_info(&SearchInfo {
                        depth,
                        seldepth: self.seldepth as Depth,
                        multipv: 1,
                        score: line.score,
                        nodes: self.total_nodes(),
                        elapsed: self.time.elapsed(),
                        hashfull: self.tt.hashfull(),
                        pv: line.pv.clone(),
                    });
                    outcome.lines[0] = line;
                }
                break;
            }
            if lines.is_empty() {
                break;
            }
            let previous_best = outcome.lines.first().map(|l| l.score);
            lines.sort_by_key(|l| std::cmp::Reverse(l.score));
            let best_changed = outcome
                .lines
                .first()
                .is_none_or(|old| old.pv.first() != lines[0].pv.first());
            stability = if best_changed { 0 } else { stability + 1 };
            outcome.lines = lines;
            outcome.depth = depth;
            outcome.seldepth = self.seldepth as Depth;
            outcome.nodes = self.total_nodes();
            self.may_stop = true;
            let hashfull = self.tt.hashfull();
            for (i, line) in outcome.lines.iter().enumerate() {
                observer.on_info(&SearchInfo {
                    depth,
                    seldepth: outcome.seldepth,
                    multipv: i + 1,
                    score: line.score,
                    nodes: self.total_nodes(),
                    elapsed: self.time.elapsed(),
                    hashfull,
                    pv: line.pv.clone(),
                });
            }
            if self.stopped {
                break;
            }
            let best = outcome.lines[0].score;
            if !unbounded && limits.depth.is_none() && best.is_mate() {
                let plies = MATE - best.0.abs();
                if depth > plies + 2 {
                    break;
                }
            }
            // Stable best moves need less time, changing ones more.
            let stability_scale = match stability {
                0 => 1.6,
                1 => 1.2,
                2 => 1.0,
                3 => 0.85,
                _ => 0.7,
            };
            let scale = stability_scale
                * self.effort_scale(&outcome.lines[0])
                * score_drop_scale(previous_best, best);
            if !self.time.may_start_iteration(scale) {
                break;
            }
        }
        outcome.nodes = self.total_nodes();
        outcome
    }

    fn add_root_nodes(&mut self, m: Move, nodes: u64) {
        match self.root_nodes.iter_mut().find(|(r, _)| *r == m) {
            Some((_, n)) => *n += nodes,
            None => self.root_nodes.push((m, nodes)),
        }
    }

    /// [`effort_scale`] for the share of the search's root nodes that went into the best
    /// line's first move.
    fn effort_scale(&self, best: &Line) -> f64 {
        let Some(first) = best.pv.first() else {
            return 1.0;
        };
        let total: u64 = self.root_nodes.iter().map(|(_, n)| n).sum();
        let spent = self
            .root_nodes
            .iter()
            .find(|(m, _)| m == first)
            .map_or(0, |(_, n)| *n);
        if total == 0 {
            return 1.0;
        }
        effort_scale(spent as f64 / total as f64)
    }

    fn aspiration<P: SearchPosition>(
        &mut self,
        root: &P,
        depth: Depth,
        previous: Option<i32>,
    ) -> i32 {
        let mut delta = p::ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = match previous {
            Some(s) if depth >= p::ASPIRATION_MIN_DEPTH && s.abs() < MATE_BOUND => {
                ((s - delta).max(-INF), (s + delta).min(INF))
            }
            _ => (-INF, INF),
        };
        loop {
            let score = self.negamax(root, depth, 0, alpha, beta, true, true, false);
            if self.stopped {
                return score;
            }
            if score <= alpha && alpha > -INF {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
            } else if score >= beta && beta < INF {
                beta = (score + delta).min(INF);
            } else {
                return score;
            }
            delta += delta;
            if delta > 1000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    #[inline]
    fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.may_stop {
            let out_of_nodes = self
                .node_limit
                .is_some_and(|n| self.nodes + self.others_nodes >= n);
            if out_of_nodes || self.nodes.is_multiple_of(POLL_INTERVAL) && self.poll() {
                self.stopped = true;
            }
        }
    }

    /// Whether to stop, asked every [`POLL_INTERVAL`] nodes. In a team a searcher also
    /// publishes its node count; a helper then stops when the team does, and the main
    /// searcher reads the others' counts before asking its clock.
    fn poll(&mut self) -> bool {
        let Some((team, id)) = self.team else {
            return self.time.must_stop(self.nodes);
        };
        team.nodes[id].store(self.nodes, Ordering::Relaxed);
        if id != 0 {
            return team.stop.load(Ordering::Relaxed);
        }
        self.others_nodes = team.nodes[1..]
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .sum();
        self.time.must_stop(self.total_nodes())
    }

    fn is_repetition(&self, key: u64, halfmoves: u32) -> bool {
        // Positions with the same side to move are an even number of plies back.
        self.keys
            .iter()
            .rev()
            .take(halfmoves as usize)
            .skip(1)
            .step_by(2)
            .any(|&k| k == key)
    }

    /// The static evaluation `raw` corrected by the correction history (`NO_EVAL` stays).
    fn corrected(
        &self,
        turn: shakmaty::Color,
        keys: Option<&CorrectionKeys>,
        ply: usize,
        raw: i32,
    ) -> i32 {
        match keys {
            Some(keys) if raw != NO_EVAL => self
                .correction
                .correct(turn, keys, self.follow_up(ply), raw)
                .clamp(-MATE_BOUND + 1, MATE_BOUND - 1),
            _ => raw,
        }
    }

    /// The last two moves before `ply` (`None` near the root or after a null move).
    fn follow_up(&self, ply: usize) -> Option<FollowUp> {
        if ply < 2 {
            return None;
        }
        Some(FollowUp {
            earlier: self.moved[ply - 2]?,
            last: self.moved[ply - 1]?,
        })
    }

    /// The pieces-to of the last two moves before `ply`, the context of its move history.
    fn continuation(&self, ply: usize) -> Continuation {
        [
            ply.checked_sub(1).and_then(|p| self.moved[p]),
            ply.checked_sub(2).and_then(|p| self.moved[p]),
        ]
    }

    fn set_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax<P: SearchPosition>(
        &mut self,
        pos: &P,
        mut depth: Depth,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
        allow_null: bool,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        let root = ply == 0;
        let in_check = pos.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(pos, ply, alpha, beta);
        }
        self.count_node(ply);
        if self.stopped {
            return 0;
        }
        let key = pos.key();
        if !root {
            if pos.halfmoves() >= 100 && !in_check
                || pos.is_insufficient_material()
                || self.is_repetition(key, pos.halfmoves())
            {
                return 0;
            }
            // Mate distance pruning.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
            if ply >= MAX_PLY - 8 {
                return if in_check { 0 } else { pos.evaluate() };
            }
        }

        let excluded = self.excluded[ply];
        let hit = self.tt.probe(key, ply as Depth);
        let tt_move = hit.map_or(PackedMove::NONE, |h| h.mv);
        if let Some(h) = hit
            && !pv_node
            && excluded.is_none()
            && h.depth >= depth
            && let Some(s) = h.cutoff(alpha, beta)
        {
            // A quiet hash move that still refutes here earns history, as a searched
            // cut-off would.
            if s >= beta
                && !tt_move.is_none()
                && let Some(m) = pos.unpack(tt_move)
                && is_quiet(&m)
            {
                let cont = self.continuation(ply);
                self.heur
                    .update_quiet(pos.turn(), &m, &cont, history_bonus(depth));
            }
            return s;
        }

        // In check there is no static evaluation to correct, nor a correction to learn.
        let correction_keys = if in_check {
            None
        } else {
            pos.correction_keys()
        };
        let raw_eval = if in_check {
            NO_EVAL
        } else {
            hit.map_or_else(|| pos.evaluate(), |h| h.eval)
        };
        let static_eval = self.corrected(pos.turn(), correction_keys.as_ref(), ply, raw_eval);
        // The hash score, when its bound allows, is a better estimate than the static one.
        let eval = if in_check {
            static_eval
        } else {
            hash_adjusted(hit, static_eval)
        };
        self.evals[ply] = static_eval;
        // Against two plies back, or four when that node was in check.
        let improving = !in_check
            && match (ply.checked_sub(2), ply.checked_sub(4)) {
                (Some(two), _) if self.evals[two] != NO_EVAL => static_eval > self.evals[two],
                (Some(_), Some(four)) if self.evals[four] != NO_EVAL => {
                    static_eval > self.evals[four]
                }
                (Some(_), _) => true,
                _ => false,
            };

        if !pv_node && !in_check && excluded.is_none() {
            // Reverse futility pruning.
            if depth <= p::RFP_MAX_DEPTH
                && beta.abs() < MATE_BOUND
                && eval - p::RFP_MARGIN * (depth - improving as i32) >= beta
            {
                return eval;
            }
            // Null-move pruning.
            if allow_null
                && depth >= 3
                && eval >= beta
                && beta.abs() < MATE_BOUND
                && pos.has_non_pawn_material()
                && let Some(null) = pos.null_move()
            {
                let r = p::NMP_BASE_REDUCTION
                    + depth / p::NMP_DEPTH_DIVISOR
                    + ((eval - beta) / 200).min(3);
                self.keys.push(key);
                self.played[ply] = None;
                self.moved[ply] = None;
                let score = -self.negamax(
                    &null,
                    depth - 1 - r,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                    false,
                    !cut_node,
                );
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // ProbCut: a good capture whose shallow search beats beta by a wide margin would very
        // likely beat beta at full depth too. Skipped when the hash entry already says it won't.
        let probcut_beta = beta + p::PROBCUT_MARGIN;
        if !pv_node
            && !in_check
            && excluded.is_none()
            && depth >= p::PROBCUT_MIN_DEPTH
            && beta.abs() < MATE_BOUND
            && probcut_beta < MATE_BOUND
            && !hit
                .is_some_and(|h| h.depth > depth - p::PROBCUT_REDUCTION && h.score.0 < probcut_beta)
            && let Some(score) = self.probcut(
                pos,
                depth,
                ply,
                key,
                probcut_beta,
                static_eval,
                raw_eval,
                cut_node,
            )
        {
            return score;
        }

        // Internal iterative reduction: without a hash move this node is likely less important.
        if depth >= 4 && tt_move.is_none() {
            depth -= 1;
        }

        // Singular extension: when every move but the hash move fails well below the hash
        // score in a reduced search, the hash move is forced and deserves a deeper look. When
        // even without it the reduced search beats beta, several moves refute (multi-cut).
        let mut tt_extension = 0;
        if let Some(h) = hit
            && !root
            && excluded.is_none()
            && depth >= p::SINGULAR_MIN_DEPTH
            && (ply as Depth) < 2 * self.root_depth
            && !tt_move.is_none()
            && h.depth >= depth - 3
            && h.bound != Bound::Upper
            && h.score.0.abs() < MATE_BOUND
        {
            let tt_score = h.score.0;
            let singular_beta = tt_score - p::SINGULAR_MARGIN * depth;
            // The hash move as a legal move here (`None` after an index collision).
            if let Some(m) = pos.unpack(tt_move) {
                self.excluded[ply] = Some(m);
                let score = self.negamax(
                    pos,
                    (depth - 1) / 2,
                    ply,
                    singular_beta - 1,
                    singular_beta,
                    false,
                    false,
                    cut_node,
                );
                self.excluded[ply] = None;
                if self.stopped {
                    return 0;
                }
                if score < singular_beta {
                    tt_extension = 1;
                    if !pv_node && score < singular_beta - p::SINGULAR_DOUBLE_MARGIN {
                        tt_extension = 2;
                    }
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if tt_score >= beta {
                    tt_extension = -1;
                }
            }
        }

        let previous = if ply > 0 { self.played[ply - 1] } else { None };
        let cont = self.continuation(ply);
        let mut picker = MovePicker::staged(pos, tt_move, ply, previous.as_ref(), &cont);
        if picker.has_no_moves(pos, self.heur) {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }

        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move: Option<Move> = None;
        let mut searched = 0usize;
        let mut quiets: [Option<Move>; 64] = [None; 64];
        let mut quiet_count = 0usize;
        let mut captures: [Option<Move>; 32] = [None; 32];
        let mut capture_count = 0usize;
        let turn = pos.turn();
        let mut late_quiets_dropped = false;
        self.keys.push(key);

        while let Some((m, order)) = picker.next_staged(pos, self.heur) {
            if root && (self.root_excluded.contains(&m) || !self.root_allowed.contains(&m)) {
                continue;
            }
            if excluded == Some(m) {
                continue;
            }
            let quiet = is_quiet(&m);
            // Asked of the board before the move is played, so pruned moves cost no copy.
            let gives_check = pos.gives_check(&m);
            // Late move pruning: after enough moves, the remaining quiet ones but checks are
            // dropped, all at once rather than picked one by one.
            if !root
                && !pv_node
                && quiet
                && best > -MATE_BOUND
                && depth <= p::LMP_MAX_DEPTH
                && searched as i32 >= (p::LMP_BASE + depth * depth) / (2 - improving as i32)
            {
                if !late_quiets_dropped {
                    picker.skip_quiets(|q| pos.gives_check(q));
                    late_quiets_dropped = true;
                }
                if !gives_check {
                    continue;
                }
            }
            if !root && best > -MATE_BOUND && !gives_check {
                if quiet {
                    if !in_check
                        && depth <= p::FUTILITY_MAX_DEPTH
                        && eval + p::FUTILITY_MARGIN.0 + p::FUTILITY_MARGIN.1 * depth <= alpha
                    {
                        continue;
                    }
                    // History pruning: a quiet move that has kept failing in this context
                    // (its ordering score is its history) is not worth a shallow look.
                    if !pv_node
                        && depth <= p::HISTORY_PRUNE_MAX_DEPTH
                        && order < -p::HISTORY_PRUNE_MARGIN * depth
                    {
                        continue;
                    }
                    if depth <= 8 && pos.see(&m) < -p::SEE_QUIET_MARGIN * depth * depth {
                        continue;
                    }
                } else if depth <= 6
                    && MovePicker::is_bad_capture_score(order)
                    && pos.see(&m) < -p::SEE_CAPTURE_MARGIN * depth
                {
                    continue;
                }
            }

            let child = pos.child(m, |key| self.tt.prefetch(key));
            let nodes_before = self.nodes;
            self.played[ply] = Some(m);
            self.moved[ply] = Some(PieceTo::new(turn, &m));
            let extension = if tt_move.matches(&m) { tt_extension } else { 0 };
            let new_depth = depth - 1 + extension;
            let score = if searched == 0 {
                -self.negamax(
                    &child,
                    new_depth,
                    ply + 1,
                    -beta,
                    -alpha,
                    pv_node,
                    true,
                    !pv_node && !cut_node,
                )
            } else {
                let mut r = 0;
                if depth >= 3 && searched >= 2 && (quiet || MovePicker::is_bad_capture_score(order))
                {
                    r = self.lmr.get(depth, searched);
                    if pv_node {
                        r -= 1;
                    }
                    // An expected cut node whose first moves did not cut is less likely to
                    // need the rest at full depth.
                    if cut_node {
                        r += 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if gives_check {
                        r -= 1;
                    }
                    if quiet {
                        r -= self.heur.quiet_score(turn, &m, &cont) / 8192;
                        if MovePicker::is_refutation_score(order) {
                            // Killers and the counter move.
                            r -= 1;
                        }
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.negamax(
                    &child,
                    new_depth - r,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    false,
                    true,
                    // A reduced search expects a cut; a full-depth one the opposite of ours.
                    r > 0 || !cut_node,
                );
                if s > alpha && r > 0 {
                    // A reduced move that beat alpha by far earns a deeper re-search; one
                    // that barely did, a shallower one.
                    let full = new_depth + i32::from(s > best + 50 + 2 * new_depth)
                        - i32::from(s < best + 8);
                    if full > new_depth - r {
                        s = -self.negamax(
                            &child,
                            full,
                            ply + 1,
                            -alpha - 1,
                            -alpha,
                            false,
                            true,
                            !cut_node,
                        );
                    }
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.negamax(&child, new_depth, ply + 1, -beta, -alpha, true, true, false);
                }
                s
            };
            searched += 1;
            if root {
                self.add_root_nodes(m, self.nodes - nodes_before);
            }
            if self.stopped {
                self.keys.pop();
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node {
                        self.set_pv(ply, m);
                        if root && self.root_excluded.is_empty() {
                            self.root_best = Some(Line {
                                score: Score(score),
                                pv: self.pv[0].clone(),
                            });
                        }
                    }
                    if score >= beta {
                        let bonus = history_bonus(depth);
                        if quiet {
                            self.heur.update_quiet(turn, &m, &cont, bonus);
                            for q in quiets[..quiet_count].iter().flatten() {
                                self.heur.update_quiet(turn, q, &cont, -bonus);
                            }
                            self.heur.record_cutoff(ply, m, previous.as_ref());
                        } else {
                            self.heur.update_capture(turn, &m, bonus);
                        }
                        // Captures tried before the cut-off move did not refute.
                        for c in captures[..capture_count].iter().flatten() {
                            self.heur.update_capture(turn, c, -bonus);
                        }
                        break;
                    }
                }
            }
            if quiet && quiet_count < quiets.len() {
                quiets[quiet_count] = Some(m);
                quiet_count += 1;
            } else if !quiet && capture_count < captures.len() {
                captures[capture_count] = Some(m);
                capture_count += 1;
            }
        }
        self.keys.pop();

        if searched == 0 {
            // The excluded move was the only one: it is singular.
            if excluded.is_some() {
                return alpha;
            }
            // Only at the root, when every move is excluded: nothing to report.
            return -INF;
        }
        if excluded.is_some() {
            // A search without one move says nothing about this position as a whole.
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = best_move.map_or(tt_move, |m| PackedMove::new(&m));
        let stored_eval = if in_check { 0 } else { raw_eval };
        // Teach the correction history what the search found, when the bound says the
        // static evaluation was really off in that direction and no capture explains it.
        if let Some(keys) = &correction_keys
            && excluded.is_none()
            && best_move.is_none_or(|m| is_quiet(&m))
            && best.abs() < MATE_BOUND
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            let follow_up = self.follow_up(ply);
            self.correction
                .update(turn, keys, follow_up, depth, best - static_eval);
        }
        self.tt.store(
            key,
            ply as Depth,
            stored_move,
            Score(best),
            stored_eval,
            depth,
            bound,
        );
        best
    }

    /// ProbCut's search of the captures and promotions whose exchange alone reaches
    /// `probcut_beta` from the static evaluation: each first by quiescence, then, when that
    /// holds, by a search [`p::PROBCUT_REDUCTION`] plies shallower. The first to hold decides
    /// the node (its score, stored as a lower bound); `None` when none holds.
    #[allow(clippy::too_many_arguments)]
    fn probcut<P: SearchPosition>(
        &mut self,
        pos: &P,
        depth: Depth,
        ply: usize,
        key: u64,
        probcut_beta: i32,
        static_eval: i32,
        raw_eval: i32,
        cut_node: bool,
    ) -> Option<i32> {
        let turn = pos.turn();
        let mut picker = MovePicker::quiescence(pos, false);
        while let Some((m, _)) = picker.next_move() {
            if pos.see(&m) < probcut_beta - static_eval {
                continue;
            }
            let child = pos.child(m, |key| self.tt.prefetch(key));
            self.played[ply] = Some(m);
            self.moved[ply] = Some(PieceTo::new(turn, &m));
            self.keys.push(key);
            let mut score = -self.quiescence(&child, ply + 1, -probcut_beta, -probcut_beta + 1);
            if score >= probcut_beta {
                score = -self.negamax(
                    &child,
                    depth - p::PROBCUT_REDUCTION,
                    ply + 1,
                    -probcut_beta,
                    -probcut_beta + 1,
                    false,
                    true,
                    !cut_node,
                );
            }
            self.keys.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= probcut_beta {
                self.tt.store(
                    key,
                    ply as Depth,
                    PackedMove::new(&m),
                    Score(score),
                    raw_eval,
                    depth - p::PROBCUT_REDUCTION + 1,
                    Bound::Lower,
                );
                return Some(score);
            }
        }
        None
    }

    fn quiescence<P: SearchPosition>(
        &mut self,
        pos: &P,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv[ply].clear();
        self.count_node(ply);
        if self.stopped {
            return 0;
        }
        let in_check = pos.is_check();
        if ply >= MAX_PLY - 2 {
            return if in_check { 0 } else { pos.evaluate() };
        }
        let key = pos.key();
        let hit = self.tt.probe(key, ply as Depth);
        if let Some(s) = hit.and_then(|h| h.cutoff(alpha, beta)) {
            return s;
        }
        let raw_eval = if in_check {
            NO_EVAL
        } else {
            hit.map_or_else(|| pos.evaluate(), |h| h.eval)
        };
        let stand_pat = if in_check {
            -INF
        } else {
            let corrected =
                self.corrected(pos.turn(), pos.correction_keys().as_ref(), ply, raw_eval);
            hash_adjusted(hit, corrected)
        };
        if stand_pat >= beta {
            return stand_pat;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        let mut best_move = None;
        let mut picker = MovePicker::quiescence(pos, in_check);
        while let Some((m, _)) = picker.next_move() {
            if !in_check {
                if m.promotion().is_none() {
                    let gain = m.capture().map_or(0, role_value);
                    if stand_pat + gain + p::DELTA_MARGIN <= alpha {
                        continue;
                    }
                }
                if pos.see(&m) < 0 {
                    continue;
                }
            }
            let child = pos.child(m, |key| self.tt.prefetch(key));
            // The correction history of the next node follows this move.
            self.moved[ply] = Some(PieceTo::new(pos.turn(), &m));
            let score = -self.quiescence(&child, ply + 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && picker.is_empty() {
            return -MATE + ply as i32;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let mv = best_move.map_or(PackedMove::NONE, |m| PackedMove::new(&m));
        let eval = if in_check { 0 } else { raw_eval };
        self.tt
            .store(key, ply as Depth, mv, Score(best), eval, 0, bound);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_spread_over_neighbouring_depths() {
        for depth in 1..40 {
            assert!(!skips_depth(0, depth));
            // The first two helpers take turns.
            assert_ne!(skips_depth(1, depth), skips_depth(2, depth));
        }
        // Every helper searches half the depths, in blocks of its cycle's size.
        for id in 1..=40 {
            let searched = (1..=48).filter(|&d| !skips_depth(id, d)).count();
            assert_eq!(searched, 24, "helper {id}");
        }
    }

    #[test]
    fn a_clear_best_move_saves_time_a_doubtful_one_takes_more() {
        assert!(effort_scale(0.95) < 0.8);
        assert!(effort_scale(0.5) > 1.2);
        assert!(effort_scale(0.1) > effort_scale(0.5));
    }

    #[test]
    fn a_falling_score_takes_more_time_a_mate_score_changes_nothing() {
        assert!(score_drop_scale(Some(Score(50)), Score(0)) > 1.3);
        assert!(score_drop_scale(Some(Score(0)), Score(50)) < 1.0);
        assert_eq!(score_drop_scale(Some(Score(0)), Score(0)), 1.0);
        assert_eq!(score_drop_scale(None, Score(-300)), 1.0);
        assert_eq!(score_drop_scale(Some(Score(MATE - 5)), Score(0)), 1.0);
        assert!(score_drop_scale(Some(Score(500)), Score(-500)) <= 1.5);
    }
}
