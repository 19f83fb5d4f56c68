//! [`SearchPosition`]: what the searcher needs from a game, so that the same search code plays
//! standard chess ([`ChessPosition`]) and variants such as Alice chess.
//!
//! The searcher is generic over this trait and monomorphised for each implementation: no
//! dynamic dispatch sits in the hot path, so standard chess pays nothing for the abstraction.
//!
//! # Implementing it for a variant
//!
//! A variant position type implements the trait with its own move generation, key and
//! evaluation, then calls [`Engine::search_position`](super::Engine::search_position):
//!
//! - Moves are shakmaty [`Move`]s (a variant that needs more information in a move must encode
//!   it in the `Move` fields it uses, e.g. `Move::Normal` from/to/capture/promotion).
//! - [`SearchPosition::key`] must be a strong 64-bit hash of everything that decides the legal
//!   moves (pieces, side to move, castling rights, en passant, and for Alice the board of each
//!   piece). It feeds the transposition table and repetition detection, and must agree with the
//!   keys the caller passes as game history.
//! - [`SearchPosition::evaluate`] is the evaluator: centipawns from the side to move's view.
//!   [`SearchPosition::see`] is optional (the default uses captured minus capturing value).
//! - [`SearchPosition::null_move`] may return `None` when passing is not supported; the
//!   searcher then skips null-move pruning.

use super::correction::CorrectionKeys;
use super::eval;
use super::movepick::Threats;
use super::nnue::{Accumulator, Network, active_network};
use super::params::{SEE_VALUE, role_index};
use super::see;
use super::tt::PackedMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, Chess, Color, EnPassantMode, Move, MoveList, Piece, Position, Role, attacks,
};

/// A game position the engine can search.
///
/// Contract: `play` is only called with moves from `legal_moves` / `tactical_moves` of the same
/// position; all methods are pure queries except `play`.
pub trait SearchPosition: Clone + Send + Sync {
    /// Appends every legal move to `moves` (which the caller has cleared).
    fn legal_moves(&self, moves: &mut MoveList);

    /// Appends the legal captures and promotions (the moves quiescence search tries).
    fn tactical_moves(&self, moves: &mut MoveList);

    /// Plays a legal move, updating the key.
    fn play(&mut self, m: Move);

    /// The position after the legal move `m`, calling `prefetch` with its key as soon as that
    /// is known, before the position is copied and updated, so that the caller can start
    /// loading what it will look up under that key (its hash table entry) meanwhile.
    fn child(&self, m: Move, prefetch: impl Fn(u64)) -> Self {
        let mut child = self.clone();
        child.play(m);
        prefetch(child.key());
        child
    }

    /// The position after passing the move (for null-move pruning), or `None` when passing is
    /// impossible (in check) or unsupported.
    fn null_move(&self) -> Option<Self>;

    /// The 64-bit hash of the position (see the module docs).
    fn key(&self) -> u64;

    /// The side to move.
    fn turn(&self) -> Color;

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// Whether [`SearchPosition::unpack`] checks the one move alone (rather than looking
    /// through all legal moves), so that the search may try a hash move before generating.
    const UNPACKS_CHEAPLY: bool = false;

    /// The legal move that `packed` names (a hash move), or `None` when no legal move of this
    /// position matches it (an index collision in the hash table). The default looks through
    /// the legal moves; positions that can check one move alone should.
    fn unpack(&self, packed: PackedMove) -> Option<Move> {
        find_packed(self, packed)
    }

    /// Whether playing the legal move `m` checks the opponent. The default plays the move
    /// on a copy; positions that can answer from the board alone should, because the search
    /// asks before deciding whether a move is worth playing at all.
    fn gives_check(&self, m: &Move) -> bool {
        let mut child = self.clone();
        child.play(*m);
        child.is_check()
    }

    /// Plies since the last capture or pawn move (50-move rule at 100).
    fn halfmoves(&self) -> u32;

    /// Whether neither side can possibly mate (a dead draw).
    fn is_insufficient_material(&self) -> bool;

    /// Whether the side to move has pieces other than pawns and king (null move is unsafe in
    /// pawn endings because of zugzwang).
    fn has_non_pawn_material(&self) -> bool;

    /// Static evaluation in centipawns from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// The hashes the correction history ([`super::correction`]) files this position under,
    /// or `None` (the default) when the variant does not keep one.
    fn correction_keys(&self) -> Option<CorrectionKeys> {
        None
    }

    /// The squares where the side to move's pieces are attacked by lesser enemy pieces, for
    /// move ordering; the default (no threats known) leaves the order to history.
    fn threats(&self) -> Threats {
        Threats::default()
    }

    /// Static exchange evaluation of `m` in centipawns for the side to move.
    ///
    /// The default is a cheap estimate: the captured piece minus nothing for quiet moves.
    fn see(&self, m: &Move) -> i32 {
        m.capture().map_or(0, |r| SEE_VALUE[role_index(r)])
    }
}

/// The legal move of `pos` that `packed` names, found among all legal moves.
fn find_packed<P: SearchPosition>(pos: &P, packed: PackedMove) -> Option<Move> {
    if packed.is_none() {
        return None;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.into_iter().find(|m| packed.matches(m))
}

/// Which static evaluation a [`ChessPosition`] uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Evaluator {
    /// The embedded evaluation network ([`super::nnue`]), updated move by move: the default,
    /// as it plays stronger than the hand-written evaluation.
    #[default]
    Network,
    /// The hand-written evaluation ([`super::eval`]) with the weights of [`super::params`].
    Classical,
}

/// A standard chess position with its incrementally updated Zobrist key and, when it is
/// evaluated by the network, its incrementally updated accumulator.
#[derive(Debug, Clone)]
pub struct ChessPosition {
    pos: Chess,
    key: u64,
    /// The network and its accumulator, only when the network evaluates: the hand-written
    /// evaluation then copies no 1 KB accumulator with every move (copy-make).
    nnue: Option<Nnue>,
}

/// The evaluation network with this position's accumulator.
#[derive(Debug, Clone)]
struct Nnue {
    net: &'static Network,
    acc: Accumulator,
}

impl ChessPosition {
    /// Wraps a position evaluated by the default [`Evaluator`], computing its key
    /// ([`super::position_key`]).
    pub fn new(pos: Chess) -> ChessPosition {
        ChessPosition::with_evaluator(pos, Evaluator::default())
    }

    /// Wraps a position evaluated by `evaluator`.
    pub fn with_evaluator(pos: Chess, evaluator: Evaluator) -> ChessPosition {
        let key = super::position_key(&pos);
        let nnue = (evaluator == Evaluator::Network).then(|| {
            let net: &'static Network = active_network();
            Nnue {
                net,
                acc: Accumulator::new(net, pos.board()),
            }
        });
        ChessPosition { pos, key, nnue }
    }

    /// The wrapped position.
    pub fn chess(&self) -> &Chess {
        &self.pos
    }

    /// The key after `m`, where shakmaty updates it incrementally (not around en passant,
    /// castling rights and king moves: `None` there, and the key is computed afresh).
    fn next_key(&self, m: Move) -> Option<u64> {
        self.pos
            .update_zobrist_hash::<Zobrist64>(Zobrist64(self.key), m, EnPassantMode::Legal)
            .map(|k| k.0)
    }
}

impl SearchPosition for ChessPosition {
    const UNPACKS_CHEAPLY: bool = true;

    fn legal_moves(&self, moves: &mut MoveList) {
        *moves = self.pos.legal_moves();
    }

    fn tactical_moves(&self, moves: &mut MoveList) {
        *moves = self.pos.capture_moves();
        for m in self.pos.promotion_moves() {
            if !m.is_capture() {
                moves.push(m);
            }
        }
    }

    fn play(&mut self, m: Move) {
        *self = self.child(m, |_| {});
    }

    fn child(&self, m: Move, prefetch: impl Fn(u64)) -> Self {
        let next = self.next_key(m);
        if let Some(key) = next {
            prefetch(key);
        }
        // The accumulator is written straight from this one rather than copied and updated.
        let nnue = self.nnue.as_ref().map(|n| Nnue {
            net: n.net,
            acc: n.acc.played(n.net, self.pos.turn(), &m),
        });
        let mut pos = self.pos.clone();
        pos.play_unchecked(m);
        let key = next.unwrap_or_else(|| super::position_key(&pos));
        if next.is_none() {
            prefetch(key);
        }
        ChessPosition { pos, key, nnue }
    }

    fn null_move(&self) -> Option<Self> {
        let pos = self.pos.clone().swap_turn().ok()?;
        let key = super::position_key(&pos);
        // Passing moves no piece: the accumulator stays valid.
        Some(ChessPosition {
            pos,
            key,
            nnue: self.nnue.clone(),
        })
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn turn(&self) -> Color {
        self.pos.turn()
    }

    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    fn unpack(&self, packed: PackedMove) -> Option<Move> {
        let (from, to, promotion) = packed.parts()?;
        let board = self.pos.board();
        let us = self.pos.turn();
        let piece = board.piece_at(from)?;
        if piece.color != us {
            return None;
        }
        let capture = match board.piece_at(to) {
            // Castling (the king takes its own rook in shakmaty's notation).
            Some(p) if p.color == us => None,
            Some(p) => Some(Some(p.role)),
            // En passant: a pawn moving diagonally onto an empty square.
            None if piece.role == Role::Pawn && from.file() != to.file() => None,
            None => Some(None),
        };
        match capture {
            Some(capture) => {
                let m = Move::Normal {
                    role: piece.role,
                    from,
                    capture,
                    to,
                    promotion,
                };
                self.pos.is_legal(m).then_some(m)
            }
            // The rare special moves: look them up among the legal moves.
            None => find_packed(self, packed),
        }
    }

    fn gives_check(&self, m: &Move) -> bool {
        let &Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } = m
        else {
            // Castling and en passant move two pieces: play them.
            let mut child = self.pos.clone();
            child.play_unchecked(*m);
            return child.is_check();
        };
        let board = self.pos.board();
        let us = self.pos.turn();
        let Some(king) = board.king_of(!us) else {
            return false;
        };
        let occupied =
            (board.occupied() & !Bitboard::from_square(from)) | Bitboard::from_square(to);
        let piece = Piece {
            color: us,
            role: promotion.unwrap_or(role),
        };
        if attacks::attacks(to, piece, occupied).contains(king) {
            return true;
        }
        // A discovered check: one of our sliders sees the king through the vacated square.
        let ours = board.by_color(us) & !Bitboard::from_square(from);
        let rooks = ours & board.rooks_and_queens();
        let bishops = ours & board.bishops_and_queens();
        (attacks::rook_attacks(king, occupied) & rooks).any()
            || (attacks::bishop_attacks(king, occupied) & bishops).any()
    }

    fn halfmoves(&self) -> u32 {
        self.pos.halfmoves()
    }

    fn is_insufficient_material(&self) -> bool {
        self.pos.is_insufficient_material()
    }

    fn has_non_pawn_material(&self) -> bool {
        let board = self.pos.board();
        let ours = board.by_color(self.pos.turn());
        (ours & !board.pawns() & !board.kings()).any()
    }

    fn evaluate(&self) -> i32 {
        match &self.nnue {
            Some(nnue) => nnue.net.evaluate(
                &nnue.acc,
                self.pos.turn(),
                self.pos.board().occupied().count() as u32,
            ),
            None => eval::evaluate(&self.pos),
        }
    }

    fn correction_keys(&self) -> Option<CorrectionKeys> {
        Some(CorrectionKeys::of(self.pos.board()))
    }

    fn threats(&self) -> Threats {
        let board = self.pos.board();
        let them = !self.pos.turn();
        let theirs = board.by_color(them);
        let occupied = board.occupied();
        let by_pawn = super::eval::pawn_attacks_of(theirs & board.pawns(), them);
        let mut by_minor = by_pawn;
        for sq in theirs & board.knights() {
            by_minor |= attacks::knight_attacks(sq);
        }
        for sq in theirs & board.bishops() {
            by_minor |= attacks::bishop_attacks(sq, occupied);
        }
        let mut by_rook = by_minor;
        for sq in theirs & board.rooks() {
            by_rook |= attacks::rook_attacks(sq, occupied);
        }
        let mut checks = [Bitboard::EMPTY; 6];
        if let Some(king) = board.king_of(them) {
            let bishop = attacks::bishop_attacks(king, occupied);
            let rook = attacks::rook_attacks(king, occupied);
            checks = [
                attacks::pawn_attacks(them, king),
                attacks::knight_attacks(king),
                bishop,
                rook,
                bishop | rook,
                Bitboard::EMPTY,
            ];
        }
        Threats {
            by_pawn,
            by_minor,
            by_rook,
            checks,
        }
    }

    fn see(&self, m: &Move) -> i32 {
        see::see(self.pos.board(), m, self.pos.turn())
    }
}

/// The value of a role for move ordering and pruning margins.
pub fn role_value(role: Role) -> i32 {
    SEE_VALUE[role_index(role)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks `gives_check` against playing each legal move of `pos`; returns how many check.
    fn assert_gives_check_agrees(pos: &ChessPosition, label: &str) -> usize {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut checks = 0;
        for m in &moves {
            let mut child = pos.clone();
            child.play(*m);
            assert_eq!(pos.gives_check(m), child.is_check(), "{label} {m}");
            checks += usize::from(child.is_check());
        }
        checks
    }

    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        use crate::rules::fen::parse_position;
        use shakmaty::CastlingMode;
        // Direct, discovered, promotion, en passant and castling checks among quiet moves.
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1",
            "8/3P4/8/8/8/8/k7/4K3 w - - 0 1",
            "8/8/8/2k5/3Pp3/8/8/4K1B1 b - d3 0 1",
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPPBPPP/RNBQK2R w KQkq - 0 1",
        ];
        let mut checks = 0;
        for fen in fens {
            let chess = parse_position(fen, CastlingMode::Standard).unwrap();
            let pos = ChessPosition::new(chess);
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            checks += assert_gives_check_agrees(&pos, fen);
        }
        assert!(checks >= 6, "the positions must contain checks: {checks}");
        // And along a long deterministic walk through ordinary positions.
        let mut pos = ChessPosition::new(Chess::default());
        let mut moves = MoveList::new();
        for ply in 0..300 {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            assert_gives_check_agrees(&pos, &format!("ply {ply}"));
            let m = moves[(ply * 13 + 5) % moves.len()];
            pos.play(m);
        }
    }

    #[test]
    fn child_is_the_played_position_and_prefetches_its_key() {
        use crate::rules::fen::parse_position;
        use shakmaty::CastlingMode;
        // Castling, en passant, promotions and king moves: the keys shakmaty does not update
        // incrementally, and ordinary moves.
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        for fen in fens {
            let pos = ChessPosition::new(parse_position(fen, CastlingMode::Standard).unwrap());
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            for &m in &moves {
                let prefetched = std::cell::Cell::new(None);
                let child = pos.child(m, |key| prefetched.set(Some(key)));
                let mut played = pos.clone();
                played.play(m);
                assert_eq!(child.key(), played.key(), "{fen} {m}");
                assert_eq!(
                    child.key(),
                    super::super::position_key(child.chess()),
                    "{fen} {m}"
                );
                assert_eq!(prefetched.get(), Some(child.key()), "{fen} {m}");
                assert_eq!(child.evaluate(), played.evaluate(), "{fen} {m}");
            }
        }
    }

    #[test]
    fn unpack_finds_exactly_the_legal_hash_moves() {
        use crate::rules::fen::parse_position;
        use shakmaty::{CastlingMode, Square};
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        for fen in fens {
            let chess = parse_position(fen, CastlingMode::Standard).unwrap();
            let pos = ChessPosition::new(chess);
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            for m in &moves {
                assert_eq!(pos.unpack(PackedMove::new(m)), Some(*m), "{fen} {m}");
            }
            // Every from/to pair that is not a legal move unpacks to nothing.
            for from in Square::ALL {
                for to in Square::ALL {
                    let m = Move::Normal {
                        role: Role::Knight,
                        from,
                        capture: None,
                        to,
                        promotion: None,
                    };
                    let packed = PackedMove::new(&m);
                    let legal = moves.iter().any(|l| packed.matches(l));
                    assert_eq!(pos.unpack(packed).is_some(), legal, "{fen} {from}{to}");
                }
            }
        }
        assert_eq!(
            ChessPosition::new(Chess::default()).unpack(PackedMove::NONE),
            None
        );
    }

    #[test]
    fn incremental_key_matches_full_hash() {
        let mut pos = ChessPosition::new(Chess::default());
        let mut moves = MoveList::new();
        // Walk a deterministic game of 60 plies, checking the key after every move.
        for ply in 0..60 {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[(ply * 7 + 3) % moves.len()];
            pos.play(m);
            assert_eq!(
                pos.key(),
                super::super::position_key(pos.chess()),
                "ply {ply}"
            );
        }
    }
}
