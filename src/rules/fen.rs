//! The one validated path from FEN text to a playable [`Chess`] position.
//!
//! shakmaty's own parser says only *that* a field is wrong; users need to know *what* is wrong,
//! so the placement field is checked rank by rank here first, and position errors are mapped to
//! one message per broken rule.

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::{CastlingMode, Chess, EnPassantMode, PositionErrorKinds};
use thiserror::Error;

/// Why a FEN string could not become a legal position.
///
/// Every variant names the FEN field or the chess rule that failed, so the message can be shown
/// to a user as it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The string is empty or only whitespace.
    #[error("empty FEN")]
    Empty,
    /// More than the six FEN fields.
    #[error("too many fields in FEN: expected at most 6, found {0}")]
    TooManyFields(usize),
    /// The placement does not have 8 ranks separated by `/`.
    #[error("bad piece placement: expected 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A character that is neither a piece letter nor a digit 1-8.
    #[error("bad piece placement: bad piece letter '{letter}' in rank {rank}")]
    BadPieceLetter {
        /// The offending character.
        letter: char,
        /// The rank (1-8) as a player reads it.
        rank: u8,
    },
    /// A rank does not describe exactly 8 squares.
    #[error("bad piece placement: rank {rank} has {squares} squares, expected 8")]
    RankLength {
        /// The rank (1-8) as a player reads it.
        rank: u8,
        /// How many squares the rank describes.
        squares: u32,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("bad side to move '{0}': expected 'w' or 'b'")]
    Turn(String),
    /// The castling field is malformed.
    #[error("bad castling field '{0}': expected '-' or letters from KQkq (or files for Chess960)")]
    CastlingField(String),
    /// The en-passant field is malformed.
    #[error("bad en-passant field '{0}': expected '-' or a square on rank 3 or 6")]
    EnPassantField(String),
    /// The halfmove clock is not a number.
    #[error("bad halfmove clock '{0}': expected a non-negative number")]
    HalfmoveClock(String),
    /// The fullmove number is not a positive number.
    #[error("bad fullmove number '{0}': expected a positive number")]
    FullmoveNumber(String),
    /// The text parsed, but the position breaks a rule of chess.
    #[error("illegal position: {0}")]
    Illegal(String),
}

/// Parses and validates a FEN for standard chess (or Chess960 with `mode`).
///
/// Missing trailing fields take their usual defaults (`w - - 0 1`), as most tools accept.
///
/// ```
/// use chessbot::rules::fen::parse_position;
/// use shakmaty::{CastlingMode, Position};
///
/// let pos = parse_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
///                          CastlingMode::Standard).unwrap();
/// assert_eq!(pos.legal_moves().len(), 20);
///
/// let err = parse_position("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
///                          CastlingMode::Standard).unwrap_err();
/// assert!(err.to_string().contains("bad piece letter 'X'"));
/// ```
pub fn parse_position(text: &str, mode: CastlingMode) -> Result<Chess, FenError> {
    let fen = parse_fen(text)?;
    fen.into_position::<Chess>(mode)
        .map_err(|e| FenError::Illegal(describe_position_errors(e.kinds())))
}

/// Parses FEN text into shakmaty's [`Fen`] (a `Setup`), with a precise error for every field.
///
/// The result is not yet checked against the rules of chess; use [`parse_position`] for that.
pub fn parse_fen(text: &str) -> Result<Fen, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    if fields.len() > 6 {
        return Err(FenError::TooManyFields(fields.len()));
    }
    check_placement(fields[0])?;
    if let Some(turn) = fields.get(1)
        && *turn != "w"
        && *turn != "b"
    {
        return Err(FenError::Turn((*turn).to_string()));
    }
    match Fen::from_ascii(fields.join(" ").as_bytes()) {
        Ok(fen) => Ok(fen),
        Err(e) => Err(field_error(e, &fields)),
    }
}

/// Writes a position as FEN (legal en-passant squares only, the convention of most tools).
pub fn to_fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn check_placement(placement: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 8 - i as u8;
        let mut squares = 0u32;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '1'..='8' => squares += c.to_digit(10).unwrap_or(0),
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    squares += 1;
                    // shakmaty accepts a '~' after a piece (a promoted piece in crazyhouse).
                    if chars.peek() == Some(&'~') {
                        chars.next();
                    }
                }
                _ => return Err(FenError::BadPieceLetter { letter: c, rank }),
            }
        }
        if squares != 8 {
            return Err(FenError::RankLength { rank, squares });
        }
    }
    Ok(())
}

fn field_error(e: ParseFenError, fields: &[&str]) -> FenError {
    let field = |i: usize| fields.get(i).copied().unwrap_or("").to_string();
    match e {
        ParseFenError::InvalidTurn => FenError::Turn(field(1)),
        ParseFenError::InvalidCastling => FenError::CastlingField(field(2)),
        ParseFenError::InvalidEpSquare => FenError::EnPassantField(field(3)),
        ParseFenError::InvalidHalfmoveClock => FenError::HalfmoveClock(field(4)),
        ParseFenError::InvalidFullmoves => FenError::FullmoveNumber(field(5)),
        // The placement was already checked above, so what is left is a malformed string.
        other => FenError::Illegal(other.to_string()),
    }
}

/// Turns shakmaty's error flags into one readable sentence.
pub fn describe_position_errors(kinds: PositionErrorKinds) -> String {
    const REASONS: [(PositionErrorKinds, &str); 10] = [
        (PositionErrorKinds::EMPTY_BOARD, "the board is empty"),
        (PositionErrorKinds::MISSING_KING, "missing king"),
        (PositionErrorKinds::TOO_MANY_KINGS, "too many kings"),
        (
            PositionErrorKinds::PAWNS_ON_BACKRANK,
            "pawn on the first or last rank",
        ),
        (
            PositionErrorKinds::INVALID_CASTLING_RIGHTS,
            "bad castling rights (king or rook not on its home square)",
        ),
        (
            PositionErrorKinds::INVALID_EP_SQUARE,
            "bad en-passant square (no pawn could have just made a double step there)",
        ),
        (
            PositionErrorKinds::OPPOSITE_CHECK,
            "the side not to move is in check",
        ),
        (
            PositionErrorKinds::IMPOSSIBLE_CHECK,
            "impossible check (no legal last move gives this check)",
        ),
        (PositionErrorKinds::TOO_MUCH_MATERIAL, "too much material"),
        (PositionErrorKinds::VARIANT, "variant rule violated"),
    ];
    let reasons: Vec<&str> = REASONS
        .iter()
        .filter(|(k, _)| kinds.contains(*k))
        .map(|(_, r)| *r)
        .collect();
    if reasons.is_empty() {
        "unknown reason".to_string()
    } else {
        reasons.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> String {
        parse_position(fen, CastlingMode::Standard)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn start_position_round_trips() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let pos = parse_position(start, CastlingMode::Standard).unwrap();
        assert_eq!(to_fen(&pos), start);
    }

    #[test]
    fn short_fen_gets_defaults() {
        let pos = parse_position("8/8/8/8/8/8/8/K6k", CastlingMode::Standard).unwrap();
        assert_eq!(to_fen(&pos), "8/8/8/8/8/8/8/K6k w - - 0 1");
    }

    #[test]
    fn every_rule_has_its_message() {
        assert!(err("").contains("empty"));
        assert!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w").contains("expected 8 ranks"));
        assert!(err("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w").contains("letter 'X'"));
        assert!(err("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w").contains("letter '9'"));
        assert!(err("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w").contains("9 squares"));
        assert!(err("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w").contains("missing king"));
        assert!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w").contains("first or last"));
        assert!(err("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1").contains("not to move is in check"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1").contains("castling rights"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 w XY - 0 1").contains("castling field"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 w - e9 0 1").contains("en-passant field"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 w - e3 0 1").contains("en-passant square"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 x - - 0 1").contains("side to move"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 w - - z 1").contains("halfmove"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra").contains("too many fields"));
    }
}
