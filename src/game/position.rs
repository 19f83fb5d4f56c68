//! [`GamePosition`]: what a game needs of a position, so that one game record, one PGN writer,
//! one set of players, one match runner and one `play` serve standard chess (shakmaty's
//! [`Chess`], Chess960 included) and variants such as Alice chess
//! ([`crate::variant::alice::Alice`]).
//!
//! Moves are shakmaty [`Move`]s in every variant. How castling is written (standard or Chess960)
//! is not part of a position: it travels beside it as a [`CastlingMode`], which a variant
//! without Chess960 ignores.

use super::{GameResult, Termination};
use crate::rules::fen::{FenError, parse_position, to_fen};
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Board, CastlingMode, Chess, Color, EnPassantMode, Move, Position, Role, Square, attacks,
};
use std::fmt;

/// A position of a chess variant as games, players and front ends see it: its moves and their
/// notation, how the rules end a game, FEN, and what to draw.
///
/// [`GamePosition::key`] must be the key the engine's search uses for the same position
/// ([`crate::search::SearchPosition::key`]): players pass the keys of a game's earlier positions
/// to the search for repetition detection.
pub trait GamePosition: Clone + Default + PartialEq + fmt::Debug + Send + Sync + 'static {
    /// Why a FEN text is not a position of this variant.
    type FenError: std::error::Error + Send + Sync + 'static;

    /// The value of the PGN `Variant` tag for games written with `castling`, or `None` for
    /// standard chess.
    fn variant_tag(castling: CastlingMode) -> Option<&'static str>;

    /// Reads and validates a position from FEN text (castling rights read as `castling` says).
    fn from_fen(text: &str, castling: CastlingMode) -> Result<Self, Self::FenError>;

    /// The position as FEN text (the form [`GamePosition::from_fen`] reads).
    fn to_fen(&self) -> String;

    /// The side to move.
    fn turn(&self) -> Color;

    /// The move number, from 1, incremented after Black's move.
    fn fullmoves(&self) -> u32;

    /// Plies since the last capture or pawn move (the fifty-move rule ends the game at 100).
    fn halfmoves(&self) -> u32;

    /// Every piece on one board (a variant with several boards puts them all together).
    fn board(&self) -> &Board;

    /// The boards to draw for a player, each with its title (one untitled board for chess).
    fn boards(&self) -> Vec<(String, Board)> {
        vec![(String::new(), self.board().clone())]
    }

    /// Every legal move, in the variant's generation order.
    fn legal_moves(&self) -> Vec<Move>;

    /// Whether `m` is a legal move here.
    fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Plays `m`, which must be legal.
    fn play_unchecked(&mut self, m: Move);

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// Whether neither side can ever mate.
    fn is_insufficient_material(&self) -> bool;

    /// Whether `color` cannot mate whatever the other side does (a flag fall is then a draw).
    fn has_insufficient_material(&self, color: Color) -> bool;

    /// A 64-bit hash of everything that counts for repetition.
    fn key(&self) -> u64;

    /// The SAN of the legal move `m`, with `+` or `#`.
    fn san(&self, m: Move) -> String;

    /// The legal move a SAN names.
    ///
    /// # Errors
    /// [`SanError::IllegalSan`] when no legal move matches, [`SanError::AmbiguousSan`] when
    /// several do.
    fn san_to_move(&self, san: San) -> Result<Move, SanError> {
        let mut matching = self.legal_moves().into_iter().filter(|&m| san.matches(m));
        match (matching.next(), matching.next()) {
            (Some(m), None) => Ok(m),
            (Some(_), Some(_)) => Err(SanError::AmbiguousSan),
            (None, _) => Err(SanError::IllegalSan),
        }
    }

    /// The legal move a UCI move names, if any.
    fn uci_to_move(&self, uci: UciMove) -> Option<Move> {
        self.legal_moves()
            .into_iter()
            .find(|&m| UciMove::from_move(m, CastlingMode::Standard) == uci)
    }

    /// The UCI text of `m` (castling as `castling` writes it).
    fn uci(m: Move, castling: CastlingMode) -> String {
        UciMove::from_move(m, castling).to_string()
    }

    /// Whether the piece on `from` reaches `to` by its own movement, whether or not the move
    /// leaves its king in check (to tell a player why a move is illegal).
    fn reaches(&self, from: Square, to: Square) -> bool;

    /// Counts the leaf nodes of the legal move tree `depth` plies deep (the last ply counted
    /// in bulk).
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.played(m).perft(depth - 1))
            .sum()
    }

    /// Perft split by root move: each legal move with the leaf count below it.
    fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.legal_moves()
            .into_iter()
            .map(|m| (m, self.played(m).perft(depth - 1)))
            .collect()
    }

    /// The SAN of each of `moves`, played in turn from here.
    fn sans(&self, moves: &[Move]) -> Vec<String> {
        let mut pos = self.clone();
        moves
            .iter()
            .map(|&m| {
                let san = pos.san(m);
                pos.play_unchecked(m);
                san
            })
            .collect()
    }

    /// The position after the legal move `m`.
    fn played(&self, m: Move) -> Self {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty()
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(&self) -> bool {
        !self.is_check() && self.legal_moves().is_empty()
    }

    /// How many times this position has occurred, counting itself, among the positions since
    /// the last irreversible move; `history` holds the keys of the positions before it, oldest
    /// first.
    fn repetitions(&self, history: &[u64]) -> usize {
        let key = self.key();
        1 + history
            .iter()
            .rev()
            .take(self.halfmoves() as usize)
            .filter(|&&k| k == key)
            .count()
    }

    /// The end the rules give this position, if the game is over: checkmate, stalemate,
    /// insufficient material, threefold repetition (`history` as for
    /// [`GamePosition::repetitions`]) or the fifty-move rule, tested in that order.
    fn end_by_rules(&self, history: &[u64]) -> Option<GameResult> {
        if self.legal_moves().is_empty() {
            return Some(if self.is_check() {
                GameResult::new(Some(!self.turn()), Termination::Checkmate)
            } else {
                GameResult::new(None, Termination::Stalemate)
            });
        }
        if self.is_insufficient_material() {
            return Some(GameResult::new(None, Termination::InsufficientMaterial));
        }
        if self.repetitions(history) >= 3 {
            return Some(GameResult::new(None, Termination::Repetition));
        }
        if self.halfmoves() >= 100 {
            return Some(GameResult::new(None, Termination::FiftyMoves));
        }
        None
    }
}

/// Standard chess and Chess960: shakmaty's rules, FEN through [`crate::rules::fen`].
impl GamePosition for Chess {
    type FenError = FenError;

    fn variant_tag(castling: CastlingMode) -> Option<&'static str> {
        (castling == CastlingMode::Chess960).then_some("Chess960")
    }

    fn from_fen(text: &str, castling: CastlingMode) -> Result<Chess, FenError> {
        parse_position(text, castling)
    }

    fn to_fen(&self) -> String {
        to_fen(self)
    }

    fn turn(&self) -> Color {
        Position::turn(self)
    }

    fn fullmoves(&self) -> u32 {
        Position::fullmoves(self).get()
    }

    fn halfmoves(&self) -> u32 {
        Position::halfmoves(self)
    }

    fn board(&self) -> &Board {
        Position::board(self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        Position::legal_moves(self).into_iter().collect()
    }

    fn is_legal(&self, m: Move) -> bool {
        Position::is_legal(self, m)
    }

    fn play_unchecked(&mut self, m: Move) {
        Position::play_unchecked(self, m);
    }

    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    fn is_insufficient_material(&self) -> bool {
        Position::is_insufficient_material(self)
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        Position::has_insufficient_material(self, color)
    }

    /// The Zobrist key, as [`crate::search::position_key`] computes it.
    fn key(&self) -> u64 {
        self.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
    }

    fn san(&self, m: Move) -> String {
        SanPlus::from_move(self.clone(), m).to_string()
    }

    fn san_to_move(&self, san: San) -> Result<Move, SanError> {
        san.to_move(self)
    }

    fn uci_to_move(&self, uci: UciMove) -> Option<Move> {
        uci.to_move(self).ok()
    }

    fn reaches(&self, from: Square, to: Square) -> bool {
        let board = Position::board(self);
        let Some(piece) = board.piece_at(from) else {
            return false;
        };
        if board.by_color(piece.color).contains(to) {
            return false;
        }
        if piece.role == Role::Pawn {
            let dir: i32 = if piece.color.is_white() { 1 } else { -1 };
            let df = i32::from(to.file()) - i32::from(from.file());
            let dr = i32::from(to.rank()) - i32::from(from.rank());
            let start_rank = if piece.color.is_white() { 1 } else { 6 };
            if df == 0 {
                let one = dr == dir && !board.occupied().contains(to);
                let two = dr == 2 * dir
                    && i32::from(from.rank()) == start_rank
                    && !board.occupied().contains(to)
                    && from
                        .offset(8 * dir)
                        .is_some_and(|mid| !board.occupied().contains(mid));
                return one || two;
            }
            return df.abs() == 1
                && dr == dir
                && (board.occupied().contains(to)
                    || self.ep_square(EnPassantMode::Legal) == Some(to));
        }
        attacks::attacks(from, piece, board.occupied()).contains(to)
    }

    /// The fast shakmaty perft ([`crate::rules::perft::perft`]).
    fn perft(&self, depth: u32) -> u64 {
        crate::rules::perft::perft(self, depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess(fen: &str) -> Chess {
        GamePosition::from_fen(fen, CastlingMode::Standard).unwrap()
    }

    #[test]
    fn rules_endings() {
        let mated = chess("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
        assert_eq!(
            mated.end_by_rules(&[]),
            Some(GameResult::new(Some(Color::White), Termination::Checkmate))
        );
        let bare = chess("8/8/4k3/8/8/3K4/8/8 w - - 0 1");
        assert_eq!(
            bare.end_by_rules(&[]).unwrap().termination,
            Termination::InsufficientMaterial
        );
        let fifty = chess("8/8/4k3/8/8/3K4/8/7R w - - 100 80");
        assert_eq!(
            fifty.end_by_rules(&[]).unwrap().termination,
            Termination::FiftyMoves
        );
        assert_eq!(Chess::default().end_by_rules(&[]), None);
    }

    #[test]
    fn threefold_repetition_by_knight_shuffles() {
        let mut pos = Chess::default();
        let mut history = Vec::new();
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let mut ended = None;
        for (i, uci) in shuffle.iter().cycle().take(8).enumerate() {
            let m = pos.uci_to_move(uci.parse().unwrap()).unwrap();
            history.push(pos.key());
            pos = pos.played(m);
            if let Some(r) = pos.end_by_rules(&history) {
                ended = Some((i, r.termination));
                break;
            }
        }
        // The start position occurs for the third time after the eighth ply.
        assert_eq!(ended, Some((7, Termination::Repetition)));
    }

    #[test]
    fn keys_are_the_search_keys_and_san_reads_back() {
        let pos = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(pos.key(), crate::search::position_key(&pos));
        for m in GamePosition::legal_moves(&pos) {
            let san: San = pos.san(m).trim_end_matches(['+', '#']).parse().unwrap();
            assert_eq!(pos.san_to_move(san), Ok(m));
        }
        assert_eq!(pos.perft(2), 568);
        assert_eq!(
            <Chess as GamePosition>::variant_tag(CastlingMode::Standard),
            None
        );
    }
}
