//! The two boards of an Alice position, apart: as shakmaty boards (for renderers) and as a
//! plain-text picture with board A and board B side by side.

use super::position::{Alice, BoardId};
use shakmaty::{Board, File, Rank, Square};

/// The pieces standing on board `id` alone, as an ordinary shakmaty board.
pub fn board(pos: &Alice, id: BoardId) -> Board {
    let mut out = Board::empty();
    for sq in pos.occupied_on(id) {
        if let Some(piece) = pos.board().piece_at(sq) {
            out.set_piece_at(sq, piece);
        }
    }
    out
}

/// Both boards side by side in plain text, White at the bottom (letters for pieces, `.` for
/// empty squares), with titles.
///
/// ```
/// use chessbot::variant::alice::{Alice, diagram::ascii};
/// let text = ascii(&Alice::default());
/// assert!(text.starts_with("    Board A"));
/// assert!(text.contains("1 R N B Q K B N R   1 . . . . . . . ."));
/// ```
pub fn ascii(pos: &Alice) -> String {
    let mut out = String::from("    Board A              Board B\n");
    for rank in Rank::ALL.into_iter().rev() {
        let mut line = String::new();
        for id in BoardId::ALL {
            if id == BoardId::B {
                line.push_str("   ");
            }
            line.push(rank.char());
            for file in File::ALL {
                let sq = Square::from_coords(file, rank);
                line.push(' ');
                line.push(match pos.piece_at(sq) {
                    Some((piece, on)) if on == id => piece.char(),
                    _ => '.',
                });
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str("  a b c d e f g h     a b c d e f g h\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Color, Role};

    #[test]
    fn boards_split_the_pieces() {
        let pos = Alice::from_fen("rnbqkbnr/pppp1ppp/8/4|p3/4|P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
            .unwrap();
        let b = board(&pos, BoardId::B);
        assert_eq!(b.occupied().count(), 2);
        assert_eq!(b.piece_at(Square::E4), Some(Role::Pawn.of(Color::White)));
        assert_eq!(board(&pos, BoardId::A).occupied().count(), 30);
        let text = ascii(&pos);
        assert!(
            text.contains("4 . . . . . . . .   4 . . . . P . . ."),
            "{text}"
        );
    }
}
