//! Text for Alice positions and moves: the Alice FEN, UCI moves and SAN.
//!
//! The Alice FEN is the FEN pychess.org and Fairy-Stockfish use: one placement for both boards,
//! a piece standing on board B written with a `|` before its letter. The start is the ordinary
//! start FEN; after `1. e4` it reads
//! `rnbqkbnr/pppppppp/8/8/4|P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1`. Alice has no en passant, so
//! the fourth field is always `-`.
//!
//! The text goes through [`crate::rules::fen::parse_fen`] once the `|` marks are
//! taken out, so every FEN field error reads as it does for standard chess.

use super::position::{Alice, BoardId, king_home, rook_home};
use crate::rules::fen::{FenError, parse_fen};
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Color, File, Move, Rank, Role, Setup, Square,
};
use std::fmt::Write as _;
use thiserror::Error;

/// Why a text could not become an Alice position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AliceFenError {
    /// A FEN field is malformed (the same messages as for standard chess).
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A `|` (board-B mark) not followed by a piece letter.
    #[error("bad piece placement: '|' in rank {rank} must be followed by a piece letter")]
    DanglingBar {
        /// The rank (1-8) as a player reads it.
        rank: u8,
    },
    /// An en-passant square was given.
    #[error("bad en-passant field '{0}': Alice chess has no en passant, expected '-'")]
    EnPassant(String),
    /// A side does not have exactly one king.
    #[error("illegal position: {color} has {count} kings, expected exactly 1")]
    KingCount {
        /// Whose kings.
        color: Color,
        /// How many there are.
        count: usize,
    },
    /// A pawn on the first or last rank.
    #[error("illegal position: pawn on the first or last rank ({0})")]
    PawnOnBackRank(Square),
    /// A castling right without its king and rook on their home squares on board A.
    #[error(
        "illegal position: bad castling right for the rook on {0} (king on {1} and rook on {0} must both stand on board A)"
    )]
    CastlingRights(Square, Square),
    /// The two kings stand next to each other (impossible in Alice, on whatever boards).
    #[error(
        "illegal position: the kings stand next to each other (a king can never move next to the other in Alice)"
    )]
    AdjacentKings,
    /// The side that just moved is in check.
    #[error("illegal position: the side not to move is in check")]
    OppositeCheck,
}

/// Why a move text is not a legal move in a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AliceMoveError {
    /// The text is not UCI move notation.
    #[error("bad move '{0}': expected UCI notation such as e2e4 or e7e8q")]
    Syntax(String),
    /// Well-formed, but not legal here.
    #[error("illegal move '{0}' in this position")]
    Illegal(String),
}

impl Alice {
    /// Parses and validates an Alice FEN (pieces on board B marked with a `|` prefix).
    ///
    /// Missing trailing fields take their usual defaults (`w - - 0 1`).
    ///
    /// ```
    /// use chessbot::variant::alice::{Alice, BoardId};
    /// use shakmaty::Square;
    ///
    /// let pos = Alice::from_fen("rnbqkbnr/pppppppp/8/8/4|P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    ///     .unwrap();
    /// assert_eq!(pos.board_of(Square::E4), Some(BoardId::B));
    ///
    /// let err = Alice::from_fen("4k3/8/8/8/8/8/8/4K2| w - - 0 1").unwrap_err();
    /// assert!(err.to_string().contains("'|' in rank 1"));
    /// ```
    pub fn from_fen(text: &str) -> Result<Alice, AliceFenError> {
        let trimmed = text.trim();
        let (placement, rest) = match trimmed.split_once(char::is_whitespace) {
            Some((p, r)) => (p, r),
            None => (trimmed, ""),
        };
        let (plain, marked) = strip_marks(placement)?;
        let fen = parse_fen(&format!("{plain} {rest}"))?;
        let setup: Setup = fen.into();
        if let Some(ep) = setup.ep_square {
            return Err(AliceFenError::EnPassant(ep.to_string()));
        }
        for color in Color::ALL {
            let count = setup.board.by_piece(Role::King.of(color)).count();
            if count != 1 {
                return Err(AliceFenError::KingCount { color, count });
            }
        }
        let backrank_pawns = setup.board.pawns() & (Bitboard::from(Rank::First) | Rank::Eighth);
        if let Some(sq) = backrank_pawns.first() {
            return Err(AliceFenError::PawnOnBackRank(sq));
        }
        for rook in setup.castling_rights {
            let color = if rook.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            let king = king_home(color);
            let home = [CastlingSide::KingSide, CastlingSide::QueenSide]
                .into_iter()
                .any(|side| rook_home(color, side) == rook);
            let ok = home
                && setup.board.piece_at(rook) == Some(Role::Rook.of(color))
                && setup.board.piece_at(king) == Some(Role::King.of(color))
                && !marked.contains(rook)
                && !marked.contains(king);
            if !ok {
                return Err(AliceFenError::CastlingRights(rook, king));
            }
        }
        if let (Some(w), Some(b)) = (
            setup.board.king_of(Color::White),
            setup.board.king_of(Color::Black),
        ) && shakmaty::attacks::king_attacks(w).contains(b)
        {
            return Err(AliceFenError::AdjacentKings);
        }
        let pos = Alice {
            board: setup.board,
            on_b: marked,
            turn: setup.turn,
            castling: setup.castling_rights,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
        };
        if pos.checkers_of(pos.turn.other()).any() {
            return Err(AliceFenError::OppositeCheck);
        }
        Ok(pos)
    }

    /// Writes the position as an Alice FEN (the format [`from_fen`](Alice::from_fen) reads).
    ///
    /// ```
    /// use chessbot::variant::alice::Alice;
    /// assert_eq!(Alice::default().to_fen(),
    ///            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(96);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                let sq = Square::from_coords(file, rank);
                match self.board.piece_at(sq) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        if self.on_b.contains(sq) {
                            out.push('|');
                        }
                        out.push(piece.char());
                    }
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank != Rank::First {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        let rights = [
            (Square::H1, 'K'),
            (Square::A1, 'Q'),
            (Square::H8, 'k'),
            (Square::A8, 'q'),
        ];
        let mut any = false;
        for (sq, c) in rights {
            if self.castling.contains(sq) {
                out.push(c);
                any = true;
            }
        }
        if !any {
            out.push('-');
        }
        let _ = write!(out, " - {} {}", self.halfmoves, self.fullmoves);
        out
    }

    /// Finds the legal move a UCI text names (`e2e4`, `e7e8q`, castling as the king's move
    /// `e1g1`).
    pub fn parse_uci(&self, text: &str) -> Result<Move, AliceMoveError> {
        let uci = UciMove::from_ascii(text.trim().as_bytes())
            .map_err(|_| AliceMoveError::Syntax(text.to_string()))?;
        self.legal_moves()
            .into_iter()
            .find(|m| UciMove::from_move(*m, CastlingMode::Standard) == uci)
            .ok_or_else(|| AliceMoveError::Illegal(text.to_string()))
    }

    /// The SAN of a legal move, for display (`Nf3`, `exd5`, `e8=Q`, `O-O`, with `+` or `#`).
    ///
    /// Ambiguity is resolved as in chess, among the pieces of the same kind that can reach the
    /// square in this position (on either board). The board a piece lands on is not written.
    pub fn san(&self, m: &Move) -> String {
        let mut out = match *m {
            Move::Castle { king, rook } => {
                if rook < king {
                    "O-O-O".to_string()
                } else {
                    "O-O".to_string()
                }
            }
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                let mut s = String::new();
                if role == Role::Pawn {
                    if capture.is_some() {
                        s.push(from.file().char());
                        s.push('x');
                    }
                    s.push_str(&to.to_string());
                    if let Some(p) = promotion {
                        s.push('=');
                        s.push(p.upper_char());
                    }
                } else {
                    s.push(role.upper_char());
                    let rivals: Vec<Square> = self
                        .legal_moves()
                        .into_iter()
                        .filter_map(|o| match o {
                            Move::Normal {
                                role: r,
                                from: f,
                                to: t,
                                ..
                            } if r == role && t == to && f != from => Some(f),
                            _ => None,
                        })
                        .collect();
                    if !rivals.is_empty() {
                        let same_file = rivals.iter().any(|f| f.file() == from.file());
                        let same_rank = rivals.iter().any(|f| f.rank() == from.rank());
                        if !same_file {
                            s.push(from.file().char());
                        } else if !same_rank {
                            s.push(from.rank().char());
                        } else {
                            s.push_str(&from.to_string());
                        }
                    }
                    if capture.is_some() {
                        s.push('x');
                    }
                    s.push_str(&to.to_string());
                }
                s
            }
            Move::EnPassant { .. } | Move::Put { .. } => {
                return UciMove::from_move(*m, CastlingMode::Standard).to_string();
            }
        };
        let after = self.played(m);
        if after.is_check() {
            out.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        out
    }
}

/// The UCI text of a move (`e2e4`, `e7e8q`, castling as `e1g1`).
pub fn uci(m: &Move) -> String {
    UciMove::from_move(*m, CastlingMode::Standard).to_string()
}

/// Where a piece lands after `m` (castling: the king's square), and on which board, in `pos`.
pub fn arrival(pos: &Alice, m: &Move) -> (Square, BoardId) {
    let from = m.from().unwrap_or(m.to());
    let to = match *m {
        Move::Castle { king, rook } => {
            CastlingSide::from_queen_side(rook < king).king_to(pos.turn())
        }
        _ => m.to(),
    };
    let board = pos.board_of(from).map_or(BoardId::B, BoardId::other);
    (to, board)
}

/// Takes the `|` marks out of a placement: the plain placement and the squares marked.
fn strip_marks(placement: &str) -> Result<(String, Bitboard), AliceFenError> {
    let mut plain = String::with_capacity(placement.len());
    let mut marked = Bitboard::EMPTY;
    for (i, rank_text) in placement.split('/').enumerate() {
        if i > 0 {
            plain.push('/');
        }
        let rank_no = 8u8.saturating_sub(i as u8);
        let mut file: u32 = 0;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '|' {
                match chars.peek() {
                    Some(p) if p.is_ascii_alphabetic() => {
                        if file < 8 && i < 8 {
                            let sq = Square::from_coords(File::new(file), Rank::new(7 - i as u32));
                            marked.add(sq);
                        }
                    }
                    _ => return Err(AliceFenError::DanglingBar { rank: rank_no }),
                }
                continue;
            }
            plain.push(c);
            file = file.saturating_add(c.to_digit(10).unwrap_or(1));
        }
    }
    Ok((plain, marked))
}
