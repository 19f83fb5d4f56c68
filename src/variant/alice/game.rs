//! An Alice game in progress: the moves so far and how the game ends.

use super::diagram;
use super::notation::AliceFenError;
use super::position::{Alice, BoardId};
use crate::game::GamePosition;
use shakmaty::{Board, CastlingMode, Color, KnownOutcome, Move, Square};

/// Why an Alice game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AliceEnd {
    /// The side to move is checkmated; `winner` gave the mate.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Only the two kings are left.
    InsufficientMaterial,
    /// A hundred plies without a capture or a pawn move.
    FiftyMoves,
    /// The same position (pieces, their boards, side to move, castling rights) a third time.
    Repetition,
}

impl AliceEnd {
    /// The result this ending gives.
    pub fn outcome(self) -> KnownOutcome {
        match self {
            AliceEnd::Checkmate { winner } => KnownOutcome::Decisive { winner },
            _ => KnownOutcome::Draw,
        }
    }

    /// A short reason for game records (`checkmate`, `stalemate`, ...).
    pub fn reason(self) -> &'static str {
        match self {
            AliceEnd::Checkmate { .. } => "checkmate",
            AliceEnd::Stalemate => "stalemate",
            AliceEnd::InsufficientMaterial => "insufficient material",
            AliceEnd::FiftyMoves => "fifty-move rule",
            AliceEnd::Repetition => "threefold repetition",
        }
    }
}

impl Alice {
    /// How the game ends in this position alone (mate, stalemate, bare kings, fifty moves);
    /// repetition needs the history, see [`AliceGame::end`].
    pub fn end(&self) -> Option<AliceEnd> {
        if self.legal_moves().is_empty() {
            return Some(if self.is_check() {
                AliceEnd::Checkmate {
                    winner: self.turn().other(),
                }
            } else {
                AliceEnd::Stalemate
            });
        }
        if self.is_insufficient_material() {
            return Some(AliceEnd::InsufficientMaterial);
        }
        if self.halfmoves() >= 100 {
            return Some(AliceEnd::FiftyMoves);
        }
        None
    }
}

/// A game: the start position, the moves played and the key of every position reached.
#[derive(Debug, Clone)]
pub struct AliceGame {
    start: Alice,
    current: Alice,
    moves: Vec<Move>,
    keys: Vec<u64>,
}

impl AliceGame {
    /// A game from `start`.
    pub fn new(start: Alice) -> AliceGame {
        let keys = vec![start.key()];
        AliceGame {
            current: start.clone(),
            start,
            moves: Vec::new(),
            keys,
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Alice {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Alice {
        &self.current
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The keys ([`Alice::key`]) of every position so far, the current one last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Plays a move, which must be legal; returns `false` (and changes nothing) otherwise.
    pub fn play(&mut self, m: &Move) -> bool {
        if !self.current.is_legal(m) {
            return false;
        }
        self.current.play_unchecked(m);
        self.moves.push(*m);
        self.keys.push(self.current.key());
        true
    }

    /// How the game ends now, if it does: the position's own endings, then threefold
    /// repetition within the plies since the last capture or pawn move.
    pub fn end(&self) -> Option<AliceEnd> {
        if let Some(end) = self.current.end() {
            return Some(end);
        }
        let now = self.current.key();
        let window = (self.current.halfmoves() as usize + 1).min(self.keys.len());
        let seen = self.keys[self.keys.len() - window..]
            .iter()
            .filter(|&&k| k == now)
            .count();
        (seen >= 3).then_some(AliceEnd::Repetition)
    }
}

/// Alice through the interface every game uses: its own move generation, notation and FEN,
/// the two boards to draw, and the rules of chess for how a game ends.
impl GamePosition for Alice {
    type FenError = AliceFenError;

    fn variant_tag(_castling: CastlingMode) -> Option<&'static str> {
        Some("Alice")
    }

    /// The Alice FEN ([`Alice::from_fen`]); Alice castles only the standard way.
    fn from_fen(text: &str, _castling: CastlingMode) -> Result<Alice, AliceFenError> {
        Alice::from_fen(text)
    }

    fn to_fen(&self) -> String {
        Alice::to_fen(self)
    }

    fn turn(&self) -> Color {
        Alice::turn(self)
    }

    fn fullmoves(&self) -> u32 {
        Alice::fullmoves(self).get()
    }

    fn halfmoves(&self) -> u32 {
        Alice::halfmoves(self)
    }

    fn board(&self) -> &Board {
        Alice::board(self)
    }

    fn boards(&self) -> Vec<(String, Board)> {
        BoardId::ALL
            .into_iter()
            .map(|id| (format!("Board {id}"), diagram::board(self, id)))
            .collect()
    }

    fn legal_moves(&self) -> Vec<Move> {
        Alice::legal_moves(self)
    }

    fn is_legal(&self, m: Move) -> bool {
        Alice::is_legal(self, &m)
    }

    fn play_unchecked(&mut self, m: Move) {
        Alice::play_unchecked(self, &m);
    }

    fn is_check(&self) -> bool {
        Alice::is_check(self)
    }

    fn is_insufficient_material(&self) -> bool {
        Alice::is_insufficient_material(self)
    }

    /// A bare king never mates; otherwise only when neither side can ([`Alice::is_insufficient_material`]).
    fn has_insufficient_material(&self, color: Color) -> bool {
        let board = Alice::board(self);
        board.by_color(color) == board.kings() & board.by_color(color)
            || Alice::is_insufficient_material(self)
    }

    fn key(&self) -> u64 {
        Alice::key(self)
    }

    fn san(&self, m: Move) -> String {
        Alice::san(self, &m)
    }

    fn reaches(&self, from: Square, to: Square) -> bool {
        Alice::reaches(self, from, to)
    }
}
