//! Alice as a game position: the rules of Alice through [`GamePosition`], the interface every
//! game, player and front end uses.

use super::diagram;
use super::notation::AliceFenError;
use super::position::{Alice, BoardId};
use crate::game::GamePosition;
use shakmaty::{Board, CastlingMode, Color, Move, Square};

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
