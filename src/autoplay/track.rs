//! Following the game on screen: which legal moves turn the known position into the board
//! seen, allowing for the marks GUIs draw for the last move.

use super::params::{ARROW_REACH, MARKER_MISMATCHES};
use shakmaty::{Bitboard, Board, Chess, Move, Position, Square};

/// What a newly seen placement means for the game we track.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The board shows the position we already know.
    Unchanged,
    /// These moves (one, or our move and the reply) lead to the board seen.
    Moved(Vec<Move>),
    /// No legal move (or more than one) explains the board seen.
    Unexplained,
}

/// The squares a GUI may mark for a move other than where pieces land: the squares the move
/// leaves (a star, a dot, a tinted square, which can read as a piece) and the squares an arrow
/// from the start square to the destination crosses (its shaft can hide or fake a piece).
pub fn marker_squares(m: &Move) -> Bitboard {
    let (from, to) = match *m {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            let mut marks = Bitboard::from(king) | Bitboard::from(rook);
            marks |= crossed(king, Square::from_coords(file, king.rank()));
            return marks;
        }
        _ => (m.from().unwrap_or(m.to()), m.to()),
    };
    Bitboard::from(from) | crossed(from, to)
}

/// The squares strictly between `from` and `to` whose centres lie within [`ARROW_REACH`]
/// squares of the line joining theirs.
fn crossed(from: Square, to: Square) -> Bitboard {
    let (x0, y0) = (f32::from(from.file() as u8), f32::from(from.rank() as u8));
    let (x1, y1) = (f32::from(to.file() as u8), f32::from(to.rank() as u8));
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len2 = dx * dx + dy * dy;
    let mut out = Bitboard::EMPTY;
    if len2 == 0.0 {
        return out;
    }
    for sq in Square::ALL {
        if sq == from || sq == to {
            continue;
        }
        let (x, y) = (f32::from(sq.file() as u8), f32::from(sq.rank() as u8));
        // Where along the segment the square's centre projects, and how far off it lies.
        let t = ((x - x0) * dx + (y - y0) * dy) / len2;
        let off = ((x - x0) * dy - (y - y0) * dx).abs() / len2.sqrt();
        if t > 0.0 && t < 1.0 && off <= ARROW_REACH {
            out.add(sq);
        }
    }
    out
}

/// Whether `seen` is `expected` but for marks of `last` (the move that led to `expected`): at
/// most [`MARKER_MISMATCHES`] squares differ, each a square `last` left with something read on
/// it, or a square its arrow crosses.
fn fits_with_marks(expected: &Board, last: Option<&Move>, seen: &Board) -> bool {
    let Some(last) = last else {
        return false;
    };
    let marks = marker_squares(last);
    let left = match *last {
        Move::Castle { king, rook } => Bitboard::from(king) | Bitboard::from(rook),
        _ => Bitboard::from(last.from().unwrap_or(last.to())),
    };
    let mut mismatches = 0;
    for sq in Square::ALL {
        let (e, s) = (expected.piece_at(sq), seen.piece_at(sq));
        if e == s {
            continue;
        }
        mismatches += 1;
        let marked = marks.contains(sq) && (!left.contains(sq) || e.is_none());
        if !marked || mismatches > MARKER_MISMATCHES {
            return false;
        }
    }
    true
}

/// Compares a seen placement with the tracked position `known`, reached by `last`.
///
/// The candidates are `known` itself, every legal move from it and, when our move `pending` was
/// entered but not seen yet, that move (for a promotion, the pawn's move to any piece) followed
/// by every reply (a quick reply can come before our move is seen on a still frame). A candidate that matches the board exactly wins; else the
/// one candidate that matches but for marks of its last move ([`marker_squares`]), where our
/// move's piece is no longer on its square. Moves are
/// found by playing them and comparing whole boards, so castling, en passant and promotion need
/// no special cases.
pub fn explain(known: &Chess, last: Option<&Move>, pending: Option<&Move>, seen: &Board) -> Change {
    if known.board() == seen {
        return Change::Unchanged;
    }
    let mut candidates: Vec<(Vec<Move>, Chess)> = Vec::new();
    for m in known.legal_moves() {
        let mut after = known.clone();
        after.play_unchecked(m);
        candidates.push((vec![m], after));
    }
    if let Some(p) = pending.filter(|p| known.is_legal(**p)) {
        let ours = known.legal_moves().into_iter().filter(|m| {
            m == p || (m.from() == p.from() && m.to() == p.to() && m.promotion().is_some())
        });
        for ours in ours {
            let mut mid = known.clone();
            mid.play_unchecked(ours);
            for r in mid.legal_moves() {
                let mut after = mid.clone();
                after.play_unchecked(r);
                candidates.push((vec![ours, r], after));
            }
        }
    }
    let exact: Vec<&Vec<Move>> = candidates
        .iter()
        .filter(|(_, pos)| pos.board() == seen)
        .map(|(moves, _)| moves)
        .collect();
    match exact[..] {
        [moves] => return Change::Moved(moves.clone()),
        [] => {}
        _ => return Change::Unexplained,
    }
    let unchanged = fits_with_marks(known.board(), last, seen);
    // Our move counts as made only once its piece has left its square: a drag the GUI did not
    // take can leave a picture of the piece under the pointer on the target square while the
    // piece still stands where it was.
    let left_behind = |moves: &[Move]| {
        moves.first().is_some_and(|m| {
            pending.is_some_and(|p| m.from() == p.from() && m.to() == p.to())
                && m.from()
                    .is_some_and(|f| seen.piece_at(f) == known.board().piece_at(f))
        })
    };
    let marked: Vec<&Vec<Move>> = candidates
        .iter()
        .filter(|(moves, pos)| {
            fits_with_marks(pos.board(), moves.last(), seen) && !left_behind(moves)
        })
        .map(|(moves, _)| moves)
        .collect();
    match (unchanged, &marked[..]) {
        (true, []) => Change::Unchanged,
        (false, [moves]) => Change::Moved((*moves).clone()),
        _ => Change::Unexplained,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::parse_position;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Piece, Role};

    fn pos(fen: &str) -> Chess {
        parse_position(fen, CastlingMode::Standard).unwrap()
    }

    fn mv(p: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(p).unwrap()
    }

    fn after(p: &Chess, uci: &str) -> Chess {
        let mut q = p.clone();
        q.play_unchecked(mv(p, uci));
        q
    }

    fn inferred(p: &Chess, uci: &str) -> Move {
        match explain(p, None, None, after(p, uci).board()) {
            Change::Moved(m) if m.len() == 1 => m[0],
            other => panic!("{uci}: {other:?}"),
        }
    }

    #[test]
    fn plain_move_and_unchanged() {
        let p = Chess::default();
        assert_eq!(explain(&p, None, None, p.board()), Change::Unchanged);
        let m = inferred(&p, "g1f3");
        assert_eq!((m.from(), m.to()), (Some(Square::G1), Square::F3));
    }

    #[test]
    fn castling_both_sides() {
        let p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
        assert!(inferred(&p, "e1g1").is_castle());
        assert!(inferred(&p, "e1c1").is_castle());
        let p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1");
        assert!(inferred(&p, "e8c8").is_castle());
    }

    #[test]
    fn en_passant() {
        let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assert!(inferred(&p, "e5d6").is_en_passant());
    }

    #[test]
    fn promotions_by_piece() {
        let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(inferred(&p, "a7a8q").promotion(), Some(Role::Queen));
        assert_eq!(inferred(&p, "a7a8n").promotion(), Some(Role::Knight));
        let p = pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(inferred(&p, "a7b8r").promotion(), Some(Role::Rook));
    }

    #[test]
    fn impossible_change_is_unexplained() {
        let p = Chess::default();
        let b = after(&after(&p, "e2e4"), "e7e5");
        // Two plies at once, and a board from nowhere, are not one legal move.
        assert_eq!(explain(&p, None, None, b.board()), Change::Unexplained);
        assert_eq!(
            explain(&p, None, None, &Board::empty()),
            Change::Unexplained
        );
    }

    #[test]
    fn our_move_and_a_quick_reply_are_two_plies() {
        let p = Chess::default();
        let e4 = mv(&p, "e2e4");
        let b = after(&after(&p, "e2e4"), "e7e5");
        let Change::Moved(moves) = explain(&p, None, Some(&e4), b.board()) else {
            panic!("not explained");
        };
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[0], e4);
    }

    #[test]
    fn a_promotion_to_the_guis_piece_and_a_quick_reply_are_two_plies() {
        // We asked for a knight; the GUI made a queen and its engine answered at once.
        let p = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
        let knight = mv(&p, "a7a8n");
        let b = after(&after(&p, "a7a8q"), "h7g6");
        assert_eq!(
            explain(&p, None, Some(&knight), b.board()),
            Change::Moved(vec![mv(&p, "a7a8q"), mv(&after(&p, "a7a8q"), "h7g6")])
        );
    }

    #[test]
    fn our_piece_still_on_its_square_is_no_move() {
        // A drag the GUI did not take: the pawn still on c2, its picture on c4.
        let p = Chess::default();
        let c4 = mv(&p, "c2c4");
        let mut seen = p.board().clone();
        seen.set_piece_at(Square::C4, Piece::from_char('P').unwrap());
        assert_eq!(explain(&p, None, Some(&c4), &seen), Change::Unexplained);
        // The same picture after their move is a mark on the square it left.
        assert_eq!(explain(&p, None, None, &seen), Change::Moved(vec![c4]));
    }

    #[test]
    fn a_mark_on_the_square_a_move_left_is_not_a_piece() {
        // After 1. e4 e5 a GUI marks e7, and the mark reads as a black king on e7.
        let p = after(&Chess::default(), "e2e4");
        let e5 = mv(&p, "e7e5");
        let mut seen = after(&p, "e7e5").board().clone();
        seen.set_piece_at(Square::E7, Piece::from_char('k').unwrap());
        assert_eq!(explain(&p, None, None, &seen), Change::Moved(vec![e5]));
        // Once the move is known the same board is the known position, not a change.
        let q = after(&p, "e7e5");
        assert_eq!(explain(&q, Some(&e5), None, &seen), Change::Unchanged);
        // A piece read on a square the last move did not leave is a real change.
        let mut other = q.board().clone();
        other.set_piece_at(Square::D6, Piece::from_char('k').unwrap());
        assert_eq!(explain(&q, Some(&e5), None, &other), Change::Unexplained);
    }

    #[test]
    fn an_arrow_over_empty_squares_is_not_a_piece() {
        // 1. Nf3: an arrow from g1 to f3 crosses f2 and g2; its shaft over g2 reads as a pawn
        // on an empty square only when the pawn is gone, so take the pawns off first.
        let p = pos("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
        let nf3 = mv(&p, "g1f3");
        assert!(marker_squares(&nf3).contains(Square::G1));
        assert!(marker_squares(&nf3).contains(Square::G2));
        assert!(marker_squares(&nf3).contains(Square::F2));
        assert!(!marker_squares(&nf3).contains(Square::F3));
        let mut seen = after(&p, "g1f3").board().clone();
        seen.set_piece_at(Square::G2, Piece::from_char('P').unwrap());
        assert_eq!(explain(&p, None, None, &seen), Change::Moved(vec![nf3]));
        // Three marks are too many.
        seen.set_piece_at(Square::F2, Piece::from_char('P').unwrap());
        seen.set_piece_at(Square::G1, Piece::from_char('P').unwrap());
        assert_eq!(explain(&p, None, None, &seen), Change::Unexplained);
    }

    #[test]
    fn castling_marks_both_squares_left() {
        let m = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        let marks = marker_squares(&m);
        for sq in [Square::E1, Square::F1, Square::H1] {
            assert!(marks.contains(sq), "{sq}");
        }
        assert!(!marks.contains(Square::G1));
    }
}
