//! Move ordering: the transposition-table move, then winning and equal captures and
//! promotions (MVV-LVA, checked by SEE), the killer moves, the counter move, the quiet moves
//! by history (and by whether they take a piece out of, or into, an attack by a lesser
//! piece: [`Threats`]), and last the losing captures.
//!
//! Moves are generated once into a stack buffer, scored by stage, and handed out by lazy
//! selection (best remaining first), so nothing is allocated and a cut-off after the first
//! move costs no sorting.

use super::position::{SearchPosition, role_value};
use super::tt::PackedMove;
use shakmaty::{Bitboard, Color, Move, MoveList, Role};

/// How many plies the killer and PV tables hold.
pub const MAX_PLY: usize = 128;

const TT_SCORE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER_1: i32 = 1 << 27;
const KILLER_2: i32 = KILLER_1 - 1;
const COUNTER: i32 = KILLER_1 - 2;
const BAD_CAPTURE: i32 = -(1 << 28);

/// The largest magnitude a history score reaches.
pub const HISTORY_MAX: i32 = 16_384;
// `gravity` keeps an entry within HISTORY_MAX + 1 (its division truncates), so tables of i16 hold it.
const _: () = assert!(HISTORY_MAX < i16::MAX as i32);

/// Quiet-move statistics shared by all nodes of a search (and kept between searches).
///
/// Scores stay within [`HISTORY_MAX`], so the tables hold `i16`: the continuation table is
/// then half the size and more of it stays in cache.
#[derive(Debug, Clone)]
pub struct Heuristics {
    /// Butterfly history: `[colour][from][to]`, how often the move caused cut-offs.
    history: Vec<i16>,
    /// Two killer moves per ply: quiet moves that caused a cut-off at that ply.
    killers: Vec<[Option<Move>; 2]>,
    /// The quiet move that refuted the opponent's last move, indexed by that move's from/to.
    counters: Vec<Option<Move>>,
    /// Continuation history: `[earlier move's piece-to][this move's piece-to]`, how often a
    /// quiet move caused a cut-off one ply (the opponent's move) or two plies (our own move)
    /// after the earlier move. Both follow-ups share one table.
    continuation: Vec<i16>,
    /// Capture history: `[piece-to][captured role]`, how often a capture caused a cut-off.
    captures: Vec<i16>,
}

/// The number of distinct (colour, role, target square) triples: the index space of
/// [`PieceTo`].
pub const PIECE_TO: usize = 2 * 6 * 64;

/// A move described by the piece that moves and where it lands: the key of continuation
/// history, which asks "after this move, which replies worked?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// The piece-to of `m` played by `color`.
    pub fn new(color: Color, m: &Move) -> PieceTo {
        let piece = color as usize * 6 + (m.role() as usize - 1);
        PieceTo((piece * 64 + m.to() as usize) as u16)
    }

    /// Its index, below [`PIECE_TO`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The moves before a node that its quiet moves' continuation history follows: the
/// opponent's last move and our own move before it (`None` after a null move or at the root).
pub type Continuation = [Option<PieceTo>; 2];

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            history: vec![0; 2 * 64 * 64],
            killers: vec![[None; 2]; MAX_PLY + 8],
            counters: vec![None; 64 * 64],
            continuation: vec![0; PIECE_TO * PIECE_TO],
            captures: vec![0; PIECE_TO * 6],
        }
    }
}

fn from_to(m: &Move) -> usize {
    let from = m.from().map_or(0, |s| s as usize);
    from * 64 + m.to() as usize
}

fn history_index(color: Color, m: &Move) -> usize {
    (color as usize) * 4096 + from_to(m)
}

impl Heuristics {
    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = Heuristics::default();
    }

    /// Clears the killers (they are ply-relative, so stale after a move was played) and ages
    /// the history.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
        for h in &mut self.history {
            *h /= 2;
        }
    }

    /// The history score of a quiet move.
    pub fn history(&self, color: Color, m: &Move) -> i32 {
        i32::from(self.history[history_index(color, m)])
    }

    /// The ordering score of a quiet move: its butterfly history plus its continuation
    /// history after the moves of `cont` (up to three times [`HISTORY_MAX`] in magnitude).
    pub fn quiet_score(&self, color: Color, m: &Move, cont: &Continuation) -> i32 {
        let pt = PieceTo::new(color, m).0 as usize;
        let follow: i32 = cont
            .iter()
            .flatten()
            .map(|c| i32::from(self.continuation[c.0 as usize * PIECE_TO + pt]))
            .sum();
        self.history(color, m) + follow
    }

    /// Rewards (positive `bonus`) or punishes a quiet move, saturating at [`HISTORY_MAX`].
    pub fn update_history(&mut self, color: Color, m: &Move, bonus: i32) {
        gravity(&mut self.history[history_index(color, m)], bonus);
    }

    /// Rewards or punishes a quiet move in the butterfly and the continuation history.
    pub fn update_quiet(&mut self, color: Color, m: &Move, cont: &Continuation, bonus: i32) {
        self.update_history(color, m, bonus);
        let pt = PieceTo::new(color, m).0 as usize;
        for c in cont.iter().flatten() {
            gravity(&mut self.continuation[c.0 as usize * PIECE_TO + pt], bonus);
        }
    }

    fn capture_index(color: Color, m: &Move) -> usize {
        let captured = m.capture().map_or(0, |r| r as usize - 1);
        PieceTo::new(color, m).0 as usize * 6 + captured
    }

    /// The capture history of a capture or promotion.
    pub fn capture_score(&self, color: Color, m: &Move) -> i32 {
        i32::from(self.captures[Self::capture_index(color, m)])
    }

    /// Rewards or punishes a capture or promotion in the capture history.
    pub fn update_capture(&mut self, color: Color, m: &Move, bonus: i32) {
        gravity(&mut self.captures[Self::capture_index(color, m)], bonus);
    }

    /// Records a quiet move that caused a cut-off at `ply`, after the opponent's `previous`.
    pub fn record_cutoff(&mut self, ply: usize, m: Move, previous: Option<&Move>) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(p) = previous {
            self.counters[from_to(p)] = Some(m);
        }
    }

    fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply.min(MAX_PLY)]
    }

    fn counter(&self, previous: Option<&Move>) -> Option<Move> {
        previous.and_then(|p| self.counters[from_to(p)])
    }
}

/// Moves an entry toward `bonus`'s sign, more slowly the closer it already is to
/// [`HISTORY_MAX`], so that entries saturate instead of overflowing and old news fades.
fn gravity(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let e = i32::from(*entry);
    // |e| ≤ HISTORY_MAX + 1 stays so: the decay term is at least |bonus| - 1 there.
    *entry = (e + bonus - e * bonus.abs() / HISTORY_MAX) as i16;
}

/// The squares the opponent attacks with pieces worth less than ours: a knight or bishop
/// standing there can be taken by a pawn, a rook by a pawn or minor piece, a queen by
/// anything but a queen or king. Quiet moves that step out of such an attack are ordered
/// earlier and moves into one later, before their history says so.
#[derive(Debug, Clone, Copy, Default)]
pub struct Threats {
    /// Squares the opponent's pawns attack.
    pub by_pawn: Bitboard,
    /// Squares its pawns, knights or bishops attack.
    pub by_minor: Bitboard,
    /// Squares its pawns, minor pieces or rooks attack.
    pub by_rook: Bitboard,
    /// Per role (pawn to king), the squares from which a piece of ours would check their
    /// king directly; a quiet move there is worth trying early.
    pub checks: [Bitboard; 6],
}

impl Threats {
    /// The ordering bonus of quiet move `m`: positive when it takes a piece out of a threat
    /// by a lesser piece, negative when it puts one into such a threat, plus `CHECK_BONUS`
    /// (10,000) when it lands on a square that checks the enemy king directly.
    pub fn quiet_bonus(&self, m: &Move) -> i32 {
        self.escape_bonus(m)
            + if self.checks[m.role() as usize - 1].contains(m.to()) {
                CHECK_BONUS
            } else {
                0
            }
    }

    fn escape_bonus(&self, m: &Move) -> i32 {
        let (threatened, value) = match m.role() {
            Role::Knight | Role::Bishop => (self.by_pawn, 12_000),
            Role::Rook => (self.by_minor, 20_000),
            Role::Queen => (self.by_rook, 40_000),
            _ => return 0,
        };
        if threatened.contains(m.to()) {
            -value
        } else if m.from().is_some_and(|f| threatened.contains(f)) {
            value
        } else {
            0
        }
    }
}

/// The ordering bonus of a quiet move that checks the king directly.
const CHECK_BONUS: i32 = 10_000;

/// Whether a move is quiet (neither capture nor promotion).
pub fn is_quiet(m: &Move) -> bool {
    !m.is_capture() && !m.is_promotion()
}

fn mvv_lva(m: &Move) -> i32 {
    let victim = m.capture().map_or(0, role_value);
    let promo = m.promotion().map_or(0, role_value);
    (victim + promo) * 16 - role_value(m.role()) / 16
}

/// Hands out the moves of one node, best first.
pub struct MovePicker {
    moves: MoveList,
    scores: [i32; 256],
    next: usize,
    /// What a staged picker still has to do before `moves` holds the node's moves.
    pending: Option<Pending>,
    /// While quiet moves other than killers and the counter move still wait for their
    /// history score ([`UNSCORED`]): the continuation to score them with.
    unscored: Option<Continuation>,
}

/// The ordering score of a quiet move not scored yet (below every real score).
const UNSCORED: i32 = i32::MIN;

/// The rest of a staged node (see [`MovePicker::staged`]): its hash move, handed out first,
/// and what ordering the other moves needs once they are generated.
struct Pending {
    tt_move: PackedMove,
    /// The hash move as a legal move, once looked up (only for positions that unpack cheaply).
    hash_move: Option<Move>,
    /// Whether the hash move stage is over.
    hash_done: bool,
    ply: usize,
    previous: Option<Move>,
    cont: Continuation,
}

impl MovePicker {
    /// All legal moves of `pos`, ordered for the main search.
    pub fn new<P: SearchPosition>(
        pos: &P,
        tt_move: PackedMove,
        heuristics: &Heuristics,
        ply: usize,
        previous: Option<&Move>,
        cont: &Continuation,
    ) -> MovePicker {
        let mut picker = MovePicker::pending(pos, tt_move, false, ply, previous, cont);
        picker.generate(pos, heuristics);
        picker.score_quiets(pos, heuristics);
        picker
    }

    /// The main search's picker, in stages: the hash move first, looked up alone, and the
    /// other moves generated and ordered (with the history as it is then) only when asked
    /// for more, so a node whose hash move cuts off never generates its moves. Hand the moves
    /// out with [`MovePicker::next_staged`]. Positions whose [`SearchPosition::unpack`]
    /// looks through all moves anyway get every move at once, the hash move first.
    pub fn staged<P: SearchPosition>(
        pos: &P,
        tt_move: PackedMove,
        ply: usize,
        previous: Option<&Move>,
        cont: &Continuation,
    ) -> MovePicker {
        MovePicker::pending(pos, tt_move, P::UNPACKS_CHEAPLY, ply, previous, cont)
    }

    /// A picker with nothing generated yet; `hash_first`: look up the hash move alone and
    /// hand it out before generating.
    fn pending<P: SearchPosition>(
        pos: &P,
        tt_move: PackedMove,
        hash_first: bool,
        ply: usize,
        previous: Option<&Move>,
        cont: &Continuation,
    ) -> MovePicker {
        let cheap = hash_first && !tt_move.is_none();
        MovePicker {
            moves: MoveList::new(),
            scores: [0; 256],
            next: 0,
            pending: Some(Pending {
                tt_move,
                hash_move: if cheap { pos.unpack(tt_move) } else { None },
                hash_done: !cheap,
                ply,
                previous: previous.copied(),
                cont: *cont,
            }),
            unscored: None,
        }
    }

    /// Generates and orders the moves a staged picker has not handed out yet (no-op when
    /// already done).
    fn generate<P: SearchPosition>(&mut self, pos: &P, heuristics: &Heuristics) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        pos.legal_moves(&mut self.moves);
        // The hash move, if already handed out, is not handed out again.
        if let Some(hash) = pending.hash_move
            && let Some(i) = self.moves.iter().position(|m| *m == hash)
        {
            self.moves.swap_remove(i);
        }
        let tt_move = if pending.hash_move.is_some() {
            PackedMove::NONE
        } else {
            pending.tt_move
        };
        let killers = heuristics.killers(pending.ply);
        let counter = heuristics.counter(pending.previous.as_ref());
        let turn = pos.turn();
        let mut unscored = false;
        for (m, score) in self.moves.iter().zip(self.scores.iter_mut()) {
            *score = if tt_move.matches(m) {
                TT_SCORE
            } else if !is_quiet(m) {
                // Capture history breaks MVV-LVA ties (it stays within one victim's band).
                let order = mvv_lva(m) * 16 + heuristics.capture_score(turn, m) / 64;
                if m.is_capture() && pos.see(m) < 0 {
                    BAD_CAPTURE + order
                } else {
                    GOOD_CAPTURE + order
                }
            } else if killers[0] == Some(*m) {
                KILLER_1
            } else if killers[1] == Some(*m) {
                KILLER_2
            } else if counter == Some(*m) {
                COUNTER
            } else {
                // Scored when the good captures and refutations are used up: a node they
                // cut off never pays for the history look-ups and the threat maps.
                unscored = true;
                UNSCORED
            };
        }
        if unscored {
            self.unscored = Some(pending.cont);
        }
    }

    /// Gives the quiet moves still [`UNSCORED`] their history and threat score.
    fn score_quiets<P: SearchPosition>(&mut self, pos: &P, heuristics: &Heuristics) {
        let Some(cont) = self.unscored.take() else {
            return;
        };
        let turn = pos.turn();
        let threats = pos.threats();
        let n = self.moves.len();
        for (m, score) in self.moves[self.next..n]
            .iter()
            .zip(self.scores[self.next..n].iter_mut())
        {
            if *score == UNSCORED {
                *score = heuristics.quiet_score(turn, m, &cont) + threats.quiet_bonus(m);
            }
        }
    }

    /// The next move of a staged picker (see [`MovePicker::staged`]) and its ordering score,
    /// generating the moves when the hash move stage is over.
    pub fn next_staged<P: SearchPosition>(
        &mut self,
        pos: &P,
        heuristics: &Heuristics,
    ) -> Option<(Move, i32)> {
        if let Some(pending) = &mut self.pending {
            if !pending.hash_done {
                pending.hash_done = true;
                if let Some(m) = pending.hash_move {
                    return Some((m, TT_SCORE));
                }
            }
            self.generate(pos, heuristics);
        }
        if self.unscored.is_some() {
            let n = self.moves.len();
            let best = self.scores[self.next.min(n)..n].iter().max();
            if best.is_none_or(|&b| b < COUNTER) {
                self.score_quiets(pos, heuristics);
            }
        }
        self.next_move()
    }

    /// Whether the node of a staged picker has no legal move: false at once when it has a
    /// legal hash move, otherwise the moves are generated to tell.
    pub fn has_no_moves<P: SearchPosition>(&mut self, pos: &P, heuristics: &Heuristics) -> bool {
        if let Some(pending) = &self.pending
            && pending.hash_move.is_some()
        {
            return false;
        }
        self.generate(pos, heuristics);
        self.moves.is_empty()
    }

    /// Captures and promotions of `pos` (all evasions when in check), by MVV-LVA, for
    /// quiescence search.
    pub fn quiescence<P: SearchPosition>(pos: &P, in_check: bool) -> MovePicker {
        let mut moves = MoveList::new();
        if in_check {
            pos.legal_moves(&mut moves);
        } else {
            pos.tactical_moves(&mut moves);
        }
        let mut scores = [0i32; 256];
        for (m, score) in moves.iter().zip(scores.iter_mut()) {
            *score = mvv_lva(m);
        }
        MovePicker {
            moves,
            scores,
            next: 0,
            pending: None,
            unscored: None,
        }
    }

    /// How many moves the node has in total.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the node has no legal move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The next best move and its ordering score.
    pub fn next_move(&mut self) -> Option<(Move, i32)> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        // The first of the highest scores among the moves not handed out yet (a slice, so
        // the scan needs no bounds checks).
        let mut best = self.next;
        let mut best_score = self.scores[best];
        for (i, &s) in self.scores[self.next + 1..n].iter().enumerate() {
            if s > best_score {
                best_score = s;
                best = self.next + 1 + i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let picked = (self.moves[self.next], self.scores[self.next]);
        self.next += 1;
        Some(picked)
    }

    /// Drops the quiet moves not handed out yet for which `keep` says no (late move pruning:
    /// once enough moves of a node were searched, its remaining quiet moves are not worth a
    /// look, but for those `keep` names, such as checks), keeping the order of the rest.
    pub fn skip_quiets(&mut self, keep: impl Fn(&Move) -> bool) {
        // Late move pruning comes after several moves, so a staged picker has generated.
        debug_assert!(self.pending.is_none(), "skip_quiets before the moves exist");
        let mut kept = self.next;
        for i in self.next..self.moves.len() {
            if !is_quiet(&self.moves[i]) || keep(&self.moves[i]) {
                self.moves[kept] = self.moves[i];
                self.scores[kept] = self.scores[i];
                kept += 1;
            }
        }
        self.moves.truncate(kept);
    }

    /// Whether an ordering score marks a killer or the counter move (a quiet move that
    /// refuted a sibling or the opponent's last move).
    pub fn is_refutation_score(score: i32) -> bool {
        (COUNTER..=KILLER_1).contains(&score)
    }

    /// Whether an ordering score marks a capture that loses material by SEE.
    pub fn is_bad_capture_score(score: i32) -> bool {
        score < BAD_CAPTURE / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::parse_position;
    use crate::search::position::ChessPosition;
    use shakmaty::{CastlingMode, Chess, Square};

    #[test]
    fn order_is_tt_then_good_captures_then_quiets_then_bad_captures() {
        // White can take a free queen (Nxd5? no: Bxd5) and a defended pawn with the queen.
        let chess = parse_position(
            "4k3/8/2p5/3q4/8/1B6/8/3QK3 w - - 0 1",
            CastlingMode::Standard,
        )
        .unwrap();
        let pos = ChessPosition::new(chess.clone());
        let tt = shakmaty::Position::legal_moves(&chess)
            .into_iter()
            .find(|m| m.to() == Square::H5)
            .unwrap();
        let mut h = Heuristics::default();
        let mut picker = MovePicker::new(&pos, PackedMove::new(&tt), &h, 0, None, &[None; 2]);
        assert_eq!(picker.next_move().unwrap().0, tt);
        let (second, _) = picker.next_move().unwrap();
        assert_eq!(
            (second.to(), second.capture()),
            (Square::D5, Some(shakmaty::Role::Queen))
        );
        let mut last = None;
        while let Some((m, _)) = picker.next_move() {
            last = Some(m);
        }
        // Qxd5 is a good capture too; the worst move overall is a losing capture or a quiet.
        assert!(last.is_some());
        // History steers quiet moves.
        let quiet = shakmaty::Position::legal_moves(&chess)
            .into_iter()
            .find(|m| m.to() == Square::A1)
            .unwrap();
        h.update_history(shakmaty::Color::White, &quiet, 5000);
        let mut picker = MovePicker::new(&pos, PackedMove::NONE, &h, 0, None, &[None; 2]);
        // Among the quiet moves that do not check (checks come first).
        let order: Vec<Move> = std::iter::from_fn(|| picker.next_move().map(|(m, _)| m))
            .filter(|m| is_quiet(m) && !pos.gives_check(m))
            .collect();
        assert_eq!(order.first(), Some(&quiet), "{order:?}");
    }

    #[test]
    fn a_staged_picker_hands_out_the_hash_move_before_generating_and_never_twice() {
        let chess = parse_position(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            CastlingMode::Standard,
        )
        .unwrap();
        let pos = ChessPosition::new(chess.clone());
        let h = Heuristics::default();
        let all = shakmaty::Position::legal_moves(&chess);
        let names = |moves: &[Move]| {
            let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            v.sort();
            v
        };
        for tt in [all[0], all[7], all[all.len() - 1]] {
            let packed = PackedMove::new(&tt);
            let mut picker = MovePicker::staged(&pos, packed, 0, None, &[None; 2]);
            assert!(!picker.has_no_moves(&pos, &h));
            assert_eq!(picker.next_staged(&pos, &h).unwrap().0, tt);
            assert!(picker.moves.is_empty(), "generated before the second move");
            let scored: Vec<(Move, i32)> =
                std::iter::from_fn(|| picker.next_staged(&pos, &h)).collect();
            // Quiet moves are scored before any is handed out, and best first still holds.
            assert!(scored.iter().all(|&(_, s)| s != UNSCORED));
            assert!(scored.windows(2).all(|w| w[0].1 >= w[1].1), "{scored:?}");
            let rest: Vec<Move> = scored.iter().map(|&(m, _)| m).collect();
            assert!(!rest.contains(&tt));
            // The same moves as the picker that generates at once.
            let mut eager = MovePicker::new(&pos, packed, &h, 0, None, &[None; 2]);
            let eager: Vec<Move> =
                std::iter::from_fn(|| eager.next_move().map(|(m, _)| m)).collect();
            assert_eq!(eager[0], tt);
            assert_eq!(names(&rest), names(&eager[1..]));
        }
        // A hash move that is not legal here (an index collision) is never handed out, and a
        // mated side has no moves.
        let mated =
            parse_position("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", CastlingMode::Standard).unwrap();
        let pos = ChessPosition::new(mated);
        let mut picker = MovePicker::staged(&pos, PackedMove::new(&all[0]), 0, None, &[None; 2]);
        assert!(picker.has_no_moves(&pos, &h));
        assert!(picker.next_staged(&pos, &h).is_none());
    }

    #[test]
    fn threatened_pieces_step_out_first_and_not_into_threats() {
        // The knight on d4 is attacked by the e5 pawn; the rook could step onto f4, which
        // that pawn attacks too.
        let chess =
            parse_position("6k1/8/8/4p3/3N4/8/8/5RK1 w - - 0 1", CastlingMode::Standard).unwrap();
        let pos = ChessPosition::new(chess);
        let h = Heuristics::default();
        let mut picker = MovePicker::new(&pos, PackedMove::NONE, &h, 0, None, &[None; 2]);
        let order: Vec<Move> = std::iter::from_fn(|| picker.next_move().map(|(m, _)| m)).collect();
        assert!(
            order[..8]
                .iter()
                .all(|m| m.from() == Some(Square::D4) && is_quiet(m)),
            "{order:?}"
        );
        let last = order.last().unwrap();
        assert_eq!((last.from(), last.to()), (Some(Square::F1), Square::F4));
    }

    #[test]
    fn quiet_checks_come_before_other_quiet_moves() {
        let chess =
            parse_position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", CastlingMode::Standard).unwrap();
        let pos = ChessPosition::new(chess);
        let h = Heuristics::default();
        let mut picker = MovePicker::new(&pos, PackedMove::NONE, &h, 0, None, &[None; 2]);
        let order: Vec<Move> = std::iter::from_fn(|| picker.next_move().map(|(m, _)| m)).collect();
        let checks = order.iter().filter(|m| pos.gives_check(m)).count();
        assert!(checks >= 5, "{order:?}");
        assert!(
            order[..checks].iter().all(|m| pos.gives_check(m)),
            "{order:?}"
        );
    }

    #[test]
    fn skip_quiets_keeps_the_captures_in_order() {
        let chess = parse_position(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            CastlingMode::Standard,
        )
        .unwrap();
        let pos = ChessPosition::new(chess);
        let h = Heuristics::default();
        let all: Vec<Move> = {
            let mut p = MovePicker::new(&pos, PackedMove::NONE, &h, 0, None, &[None; 2]);
            std::iter::from_fn(|| p.next_move().map(|(m, _)| m)).collect()
        };
        let mut picker = MovePicker::new(&pos, PackedMove::NONE, &h, 0, None, &[None; 2]);
        let first = picker.next_move().unwrap().0;
        // Keep one quiet move (by its target square) and drop the others.
        let kept_quiet = all
            .iter()
            .copied()
            .find(|m| is_quiet(m) && m.to() == Square::D6);
        assert!(kept_quiet.is_some());
        picker.skip_quiets(|m| Some(*m) == kept_quiet);
        let rest: Vec<(Move, i32)> = std::iter::from_fn(|| picker.next_move()).collect();
        let expected: Vec<Move> = all[1..]
            .iter()
            .copied()
            .filter(|m| !is_quiet(m) || Some(*m) == kept_quiet)
            .collect();
        assert_eq!(first, all[0]);
        assert!(expected.len() > 1 && expected.len() < all.len() - 1);
        // The same moves, still best first (equal scores may come in either order).
        assert!(rest.windows(2).all(|w| w[0].1 >= w[1].1), "{rest:?}");
        let key = |m: &Move| m.to_string();
        let mut got: Vec<String> = rest.iter().map(|(m, _)| key(m)).collect();
        let mut want: Vec<String> = expected.iter().map(key).collect();
        got.sort();
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn continuation_history_follows_the_earlier_move_only() {
        let chess = Chess::default();
        let legal = shakmaty::Position::legal_moves(&chess);
        let (e4, d4) = (legal[0], legal[1]);
        let after_e4: Continuation = [Some(PieceTo::new(Color::White, &e4)), None];
        let after_d4: Continuation = [Some(PieceTo::new(Color::White, &d4)), None];
        let reply = shakmaty::Move::Normal {
            role: shakmaty::Role::Knight,
            from: Square::G8,
            capture: None,
            to: Square::F6,
            promotion: None,
        };
        let mut h = Heuristics::default();
        h.update_quiet(Color::Black, &reply, &after_e4, 1000);
        let butterfly = h.history(Color::Black, &reply);
        assert!(butterfly > 0);
        assert_eq!(
            h.quiet_score(Color::Black, &reply, &after_e4),
            2 * butterfly
        );
        assert_eq!(h.quiet_score(Color::Black, &reply, &after_d4), butterfly);
        // Entries saturate instead of growing without bound.
        for _ in 0..1000 {
            h.update_quiet(Color::Black, &reply, &after_e4, HISTORY_MAX);
        }
        assert!(h.quiet_score(Color::Black, &reply, &after_e4) <= 2 * HISTORY_MAX);
    }

    #[test]
    fn capture_history_orders_captures_of_the_same_victim() {
        // A white knight and bishop can take the knight on d5: equal by MVV-LVA and SEE.
        let chess =
            parse_position("3k4/8/8/3n4/1N6/8/B7/K7 w - - 0 1", CastlingMode::Standard).unwrap();
        let pos = ChessPosition::new(chess.clone());
        let captures: Vec<Move> = shakmaty::Position::legal_moves(&chess)
            .into_iter()
            .filter(|m| m.is_capture())
            .collect();
        assert_eq!(captures.len(), 2);
        let mut h = Heuristics::default();
        for (winner, loser) in [(captures[0], captures[1]), (captures[1], captures[0])] {
            h.update_capture(Color::White, &winner, 8000);
            h.update_capture(Color::White, &loser, -8000);
            let mut picker = MovePicker::new(&pos, PackedMove::NONE, &h, 0, None, &[None; 2]);
            assert_eq!(picker.next_move().unwrap().0, winner);
            assert_eq!(picker.next_move().unwrap().0, loser);
        }
    }
}
