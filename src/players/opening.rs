//! `opening`: Polyglot book moves while the book has them, then random moves.

use super::{Choice, ClockView, GameView, Player, PlayerError, legal_moves, seeded_rng};
use crate::book::polyglot::Book;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The default minimum weight of a book move.
pub const DEFAULT_MIN_WEIGHT: u16 = 1;

/// Plays weighted book moves (of weight at least `min_weight`) while the position is in the
/// book, and uniformly random legal moves after; reproducible for a given seed.
#[derive(Debug, Clone)]
pub struct OpeningPlayer {
    book: Book,
    min_weight: u16,
    rng: ChaCha8Rng,
}

impl OpeningPlayer {
    /// An opening player on `book`.
    pub fn new(book: Book, min_weight: u16) -> OpeningPlayer {
        OpeningPlayer {
            book,
            min_weight,
            rng: seeded_rng(0),
        }
    }
}

impl Player for OpeningPlayer {
    fn name(&self) -> String {
        "opening".to_string()
    }

    fn new_game(&mut self, seed: u64) -> Result<(), PlayerError> {
        self.rng = seeded_rng(seed);
        Ok(())
    }

    fn choose(&mut self, game: &GameView, _clock: &ClockView) -> Result<Choice, PlayerError> {
        let moves = legal_moves(game.position)?;
        if let Some(m) = self
            .book
            .choose(game.position, self.min_weight, &mut self.rng)
        {
            return Ok(Choice::plain(m.mv));
        }
        let i = self.rng.random_range(0..moves.len());
        Ok(Choice::plain(moves[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    #[test]
    fn plays_book_moves_from_the_start_then_random() {
        let mut p = OpeningPlayer::new(Book::embedded(), DEFAULT_MIN_WEIGHT);
        let book = Book::embedded();
        let start = Chess::default();
        let mut firsts = std::collections::HashSet::new();
        for seed in 0..30 {
            p.new_game(seed).unwrap();
            let view = GameView {
                start: &start,
                moves: &[],
                position: &start,
                history: &[],
            };
            let m = p.choose(&view, &ClockView::unlimited()).unwrap().mv;
            assert!(book.moves(&start, 1).iter().any(|b| b.mv == m));
            firsts.insert(m);
        }
        assert!(
            firsts.len() > 1,
            "weighted choice, not always the same move"
        );
        // Out of book (a position no book has): any legal move.
        let pos = crate::rules::fen::parse_position(
            "8/8/4k3/8/8/3K4/8/7R w - - 0 1",
            shakmaty::CastlingMode::Standard,
        )
        .unwrap();
        let view = GameView {
            start: &pos,
            moves: &[],
            position: &pos,
            history: &[],
        };
        assert!(pos.is_legal(p.choose(&view, &ClockView::unlimited()).unwrap().mv));
    }
}
