//! Following the game on screen: which legal move turns the known position into the seen one,
//! and when a sighting is stable enough to act on.

use shakmaty::{Board, Chess, Move, Position};

/// What a newly seen placement means for the game we track.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The board shows the position we already know.
    Unchanged,
    /// Exactly one legal move leads to the board seen.
    Moved(Move),
    /// No legal move (or more than one) explains the board seen.
    Unexplained,
}

/// Compares a seen placement with the tracked position.
///
/// The move is found by playing every legal move and comparing whole boards, so castling,
/// en passant and promotion need no special cases; a promotion is told apart by the piece that
/// appears.
pub fn infer_move(known: &Chess, seen: &Board) -> Change {
    if known.board() == seen {
        return Change::Unchanged;
    }
    let mut found = None;
    for m in known.legal_moves() {
        let mut after = known.clone();
        after.play_unchecked(m);
        if after.board() == seen {
            if found.is_some() {
                return Change::Unexplained;
            }
            found = Some(m);
        }
    }
    found.map_or(Change::Unexplained, Change::Moved)
}

/// Accepts a placement only once it was seen the same on `needed` frames in a row, so that a
/// frame caught in the middle of an animation is never acted on.
#[derive(Debug, Clone)]
pub struct Stabilizer {
    needed: u32,
    last: Option<Board>,
    count: u32,
}

impl Stabilizer {
    /// A stabilizer that wants `needed` identical frames (at least 1).
    pub fn new(needed: u32) -> Stabilizer {
        Stabilizer {
            needed: needed.max(1),
            last: None,
            count: 0,
        }
    }

    /// Feeds one sighting; returns the placement once it is stable (each further identical
    /// sighting returns it again).
    pub fn feed(&mut self, seen: Board) -> Option<Board> {
        if self.last.as_ref() == Some(&seen) {
            self.count += 1;
        } else {
            self.last = Some(seen);
            self.count = 1;
        }
        (self.count >= self.needed)
            .then(|| self.last.clone())
            .flatten()
    }

    /// Forgets what was seen (after our own move, say).
    pub fn reset(&mut self) {
        self.last = None;
        self.count = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::parse_position;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, EnPassantMode, Role, Square};

    fn pos(fen: &str) -> Chess {
        parse_position(fen, CastlingMode::Standard).unwrap()
    }

    fn after(p: &Chess, uci: &str) -> Board {
        let m = uci.parse::<UciMove>().unwrap().to_move(p).unwrap();
        let mut q = p.clone();
        q.play_unchecked(m);
        q.board().clone()
    }

    fn inferred(p: &Chess, uci: &str) -> Move {
        match infer_move(p, &after(p, uci)) {
            Change::Moved(m) => m,
            other => panic!("{uci}: {other:?}"),
        }
    }

    #[test]
    fn plain_move_and_unchanged() {
        let p = Chess::default();
        assert_eq!(infer_move(&p, p.board()), Change::Unchanged);
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
        let two_moves = after(
            &pos(&Fen::from_position(&p, EnPassantMode::Legal).to_string()),
            "e2e4",
        );
        let mut q = p.clone();
        q.play_unchecked("e2e4".parse::<UciMove>().unwrap().to_move(&p).unwrap());
        let b = after(&q, "e7e5");
        // Two plies at once, and a board from nowhere, are not one legal move.
        assert_eq!(infer_move(&p, &b), Change::Unexplained);
        assert_ne!(infer_move(&p, &two_moves), Change::Unexplained);
        assert_eq!(infer_move(&p, &Board::empty()), Change::Unexplained);
    }

    #[test]
    fn stabilizer_needs_repeats() {
        let mut s = Stabilizer::new(2);
        let a = Board::default();
        let b = Board::empty();
        assert_eq!(s.feed(a.clone()), None);
        assert_eq!(s.feed(b.clone()), None);
        assert_eq!(s.feed(b.clone()), Some(b.clone()));
        assert_eq!(s.feed(b.clone()), Some(b));
        s.reset();
        assert_eq!(s.feed(a), None);
    }
}
