//! `classic`: a textbook engine, fixed-depth negamax alpha-beta with capture quiescence and
//! Tomasz Michniewski's "simplified evaluation function" (piece values 100/320/330/500/900 and
//! piece-square tables), evaluated incrementally: each move updates the score by the difference
//! it makes instead of recounting the board.
//!
//! It plays every variant through [`GamePosition`]: the evaluation reads the pieces and their
//! squares only (for Alice, blind to the board each piece stands on).

use super::{Choice, ClockView, GameView, Player, PlayerError, legal_moves};
use crate::game::GamePosition;
use crate::search::eval::simplified::square_bonus;
use crate::search::{Depth, Score};
use shakmaty::{Bitboard, Board, Color, Move, Piece, Role, Square};

/// The default search depth in plies.
pub const DEFAULT_DEPTH: Depth = 3;

/// Fixed-depth alpha-beta on the simplified evaluation function; deterministic.
#[derive(Debug, Clone)]
pub struct ClassicPlayer {
    depth: Depth,
    nodes: u64,
    keys: Vec<u64>,
}

impl ClassicPlayer {
    /// A classic player searching `depth` plies (at least 1) before quiescence.
    pub fn new(depth: Depth) -> ClassicPlayer {
        ClassicPlayer {
            depth: depth.max(1),
            nodes: 0,
            keys: Vec::new(),
        }
    }

    /// Nodes visited by the last [`Player::choose`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches `pos` to the player's depth: the best move and its score for the side to move.
    pub fn search<P: GamePosition>(&mut self, pos: &P, history: &[u64]) -> Option<(Move, Score)> {
        self.nodes = 0;
        self.keys.clear();
        self.keys.extend_from_slice(history);
        self.keys.push(pos.key());
        let eval = evaluate_white(pos.board());
        let mut moves = pos.legal_moves();
        order(&mut moves);
        let mut alpha = -Score::INFINITE.0;
        let mut best = None;
        for m in moves {
            let child_eval = eval + delta(pos.turn(), m);
            let child = pos.played(m);
            let score = -self.negamax(
                &child,
                child_eval,
                self.depth - 1,
                1,
                -Score::INFINITE.0,
                -alpha,
            );
            if best.is_none() || score > alpha {
                alpha = score;
                best = Some((m, Score(score)));
            }
        }
        best
    }

    fn negamax<P: GamePosition>(
        &mut self,
        pos: &P,
        eval: i32,
        depth: Depth,
        ply: Depth,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() {
                Score::mated_in(ply).0
            } else {
                0
            };
        }
        if pos.halfmoves() >= 100 || pos.is_insufficient_material() {
            return 0;
        }
        let key = pos.key();
        if self
            .keys
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .take(pos.halfmoves() as usize / 2)
            .any(|&k| k == key)
        {
            return 0;
        }
        if depth <= 0 {
            return self.quiescence(pos, eval, alpha, beta);
        }
        let mut moves = moves;
        order(&mut moves);
        self.keys.push(key);
        let mut best = -Score::INFINITE.0;
        for m in moves {
            let child_eval = eval + delta(pos.turn(), m);
            let child = pos.played(m);
            let score = -self.negamax(&child, child_eval, depth - 1, ply + 1, -beta, -alpha);
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.keys.pop();
        best
    }

    fn quiescence<P: GamePosition>(
        &mut self,
        pos: &P,
        eval: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        let stand_pat = side_relative(pos.board(), pos.turn(), eval);
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut captures = pos.legal_moves();
        captures.retain(|m| m.is_capture());
        order(&mut captures);
        for m in captures {
            let child_eval = eval + delta(pos.turn(), m);
            let child = pos.played(m);
            let score = -self.quiescence(&child, child_eval, -beta, -alpha);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

impl<P: GamePosition> Player<P> for ClassicPlayer {
    fn name(&self) -> String {
        format!("classic d{}", self.depth)
    }

    fn new_game(&mut self, _seed: u64) -> Result<(), PlayerError> {
        Ok(())
    }

    fn choose(&mut self, game: &GameView<P>, _clock: &ClockView) -> Result<Choice, PlayerError> {
        legal_moves(game.position)?;
        let (mv, score) = self
            .search(game.position, game.history)
            .ok_or(PlayerError::NoLegalMove)?;
        Ok(Choice {
            mv,
            score: Some(score),
            depth: Some(self.depth),
            elapsed: None,
        })
    }
}

/// Most valuable victim first, then least valuable attacker; promotions with captures.
fn order(moves: &mut [Move]) {
    moves.sort_by_key(|m| {
        let victim = m.capture().map_or(0, value) + m.promotion().map_or(0, value);
        std::cmp::Reverse(victim * 16 - value(m.role()) / 100)
    });
}

/// Piece values in centipawns (the king's is 0: it never leaves the board).
pub fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

/// Value plus square bonus of a non-king piece, from its owner's point of view (kings: 0, they
/// are scored at the leaves because their table depends on the phase).
fn psq(color: Color, role: Role, sq: Square) -> i32 {
    if role == Role::King {
        return 0;
    }
    value(role) + square_bonus(Piece { color, role }, sq, false)
}

/// `+1` for White, `-1` for Black.
fn sign(color: Color) -> i32 {
    color.fold_wb(1, -1)
}

/// How much `m`, played by `us`, changes the White-relative evaluation (kings excluded).
pub fn delta(us: Color, m: Move) -> i32 {
    let s = sign(us);
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let moved = psq(us, promotion.unwrap_or(role), to) - psq(us, role, from);
            let taken = capture.map_or(0, |c| psq(!us, c, to));
            s * (moved + taken)
        }
        Move::EnPassant { from, to } => {
            let victim = Square::from_coords(to.file(), from.rank());
            s * (psq(us, Role::Pawn, to) - psq(us, Role::Pawn, from) + psq(!us, Role::Pawn, victim))
        }
        Move::Castle { king: _, rook } => {
            let side = m.castling_side().expect("a castling move has a side");
            s * (psq(us, Role::Rook, side.rook_to(us)) - psq(us, Role::Rook, rook))
        }
        Move::Put { .. } => 0,
    }
}

/// The White-relative evaluation of every piece but the kings, counted from scratch (the root of
/// each search; the tree below it is updated with [`delta`]).
pub fn evaluate_white(board: &Board) -> i32 {
    board
        .iter()
        .map(|(sq, p)| sign(p.color) * psq(p.color, p.role, sq))
        .sum()
}

/// Michniewski's endgame rule: no queens, or every side with a queen has at most one minor piece
/// besides.
fn is_endgame(board: &Board) -> bool {
    [Color::White, Color::Black].into_iter().all(|c| {
        let ours = board.by_color(c);
        if (board.queens() & ours).is_empty() {
            return true;
        }
        let rooks = board.rooks() & ours;
        let minors: Bitboard = (board.knights() | board.bishops()) & ours;
        rooks.is_empty() && minors.count() <= 1
    })
}

/// The full evaluation from the side to move's (`turn`'s) view: the incremental part plus the
/// kings.
fn side_relative(board: &Board, turn: Color, eval_white: i32) -> i32 {
    let endgame = is_endgame(board);
    let king = |color: Color| {
        board.king_of(color).map_or(0, |sq| {
            square_bonus(
                Piece {
                    color,
                    role: Role::King,
                },
                sq,
                endgame,
            )
        })
    };
    let white = eval_white + king(Color::White) - king(Color::Black);
    white * sign(turn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::alice::Alice;
    use rand::Rng;
    use shakmaty::{CastlingMode, Chess};

    fn chess(fen: &str) -> Chess {
        GamePosition::from_fen(fen, CastlingMode::Standard).unwrap()
    }

    #[test]
    fn incremental_matches_full_recount_over_random_games() {
        let mut rng = crate::players::seeded_rng(11);
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Castling both ways, en passant and promotions are all reachable from here.
            "r3k2r/pPpp1ppp/8/3Pp3/8/8/PpPP1PPP/R3K2R w KQkq e6 0 1",
        ];
        for fen in starts {
            for _ in 0..30 {
                let mut pos = chess(fen);
                let mut eval = evaluate_white(pos.board());
                for _ in 0..80 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.random_range(0..moves.len())];
                    eval += delta(pos.turn(), m);
                    pos.play_unchecked(m);
                    assert_eq!(eval, evaluate_white(pos.board()), "after {m:?}");
                }
            }
        }
    }

    #[test]
    fn start_position_is_balanced_and_tables_are_mirrored() {
        let pos = Chess::default();
        assert_eq!(evaluate_white(pos.board()), 0);
        assert_eq!(side_relative(pos.board(), pos.turn(), 0), 0);
        // White knight on f3 and black knight on f6 get the same bonus.
        assert_eq!(
            psq(Color::White, Role::Knight, Square::F3),
            psq(Color::Black, Role::Knight, Square::F6)
        );
        assert_eq!(psq(Color::White, Role::Pawn, Square::E7), 150);
    }

    fn best(fen: &str, depth: Depth) -> (Move, Score) {
        ClassicPlayer::new(depth).search(&chess(fen), &[]).unwrap()
    }

    #[test]
    fn finds_mate_in_two() {
        // 1. Qb8+ Rxb8 2. Rxb8#: a back-rank mate in two, three plies.
        let (m, score) = best("r5k1/5ppp/8/8/8/8/1Q6/1R4K1 w - - 0 1", 3);
        assert_eq!(score, Score::mate_in(3), "{m:?}");
    }

    #[test]
    fn takes_a_hanging_queen_and_avoids_a_defended_one() {
        let (m, _) = best("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 3);
        assert_eq!(m.to(), Square::D5);
        // The queen on d5 is defended by a pawn on e6: Rxd5 still wins (900 for 500).
        let (m, _) = best("4k3/8/4p3/3q4/8/8/3R4/4K3 w - - 0 1", 3);
        assert_eq!(m.to(), Square::D5);
        // A rook defended by a pawn is not worth the queen.
        let (m, _) = best("4k3/8/4p3/3r4/8/8/3Q4/4K3 w - - 0 1", 3);
        assert_ne!(m.to(), Square::D5);
    }

    #[test]
    fn alice_mates_and_takes_a_free_queen_on_its_board() {
        let alice = |fen: &str| Alice::from_fen(fen).unwrap();
        // The rook on B arrives on A: Rh8# (or Ra7#, the queen on A guarding a7).
        let pos = alice("k7/7|R/1Q6/8/8/8/8/7K w - - 0 1");
        let (m, score) = ClassicPlayer::new(2).search(&pos, &[]).unwrap();
        assert!(pos.played(&m).is_checkmate(), "{m:?}");
        assert_eq!(score, Score::mate_in(1));
        // The white rook on A takes the unprotected queen on A (d1xd8).
        let pos = alice("3q2k1/8/8/8/8/8/8/3RK3 w - - 0 1");
        let (m, _) = ClassicPlayer::new(2).search(&pos, &[]).unwrap();
        assert_eq!(m, pos.parse_uci("d1d8").unwrap());
    }
}
