//! `random`: a uniformly random legal move.

use super::{Choice, ClockView, GameView, Player, PlayerError, legal_moves, seeded_rng};
use crate::game::GamePosition;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Plays a uniformly random legal move, reproducibly for a given seed.
///
/// ```
/// use chessbot::players::{Player, GameView, ClockView, random::RandomPlayer};
/// use shakmaty::{Chess, Position};
///
/// let mut player = RandomPlayer::new(7);
/// Player::<Chess>::new_game(&mut player, 7).unwrap();
/// let pos = Chess::default();
/// let view = GameView { start: &pos, moves: &[], position: &pos, history: &[] };
/// let choice = player.choose(&view, &ClockView::unlimited()).unwrap();
/// assert!(pos.is_legal(choice.mv));
/// ```
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player seeded with `seed` (reseeded by every [`Player::new_game`]).
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: seeded_rng(seed),
        }
    }
}

impl<P: GamePosition> Player<P> for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn new_game(&mut self, seed: u64) -> Result<(), PlayerError> {
        self.rng = seeded_rng(seed);
        Ok(())
    }

    fn choose(&mut self, game: &GameView<P>, _clock: &ClockView) -> Result<Choice, PlayerError> {
        let moves = legal_moves(game.position)?;
        let i = self.rng.random_range(0..moves.len());
        Ok(Choice::plain(moves[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::alice::Alice;
    use shakmaty::Chess;

    fn play_game<P: GamePosition>(seed: u64) -> Vec<shakmaty::Move> {
        let mut player = RandomPlayer::new(0);
        Player::<P>::new_game(&mut player, seed).unwrap();
        let start = P::default();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        while moves.len() < 40 && pos.end_by_rules(&[]).is_none() {
            let view = GameView {
                start: &start,
                moves: &moves,
                position: &pos,
                history: &[],
            };
            let m = player.choose(&view, &ClockView::unlimited()).unwrap().mv;
            assert!(pos.is_legal(m));
            pos.play_unchecked(m);
            moves.push(m);
        }
        moves
    }

    #[test]
    fn same_seed_same_moves_other_seed_other_moves() {
        assert_eq!(play_game::<Chess>(1), play_game::<Chess>(1));
        assert_ne!(play_game::<Chess>(1), play_game::<Chess>(2));
        assert_eq!(play_game::<Alice>(1), play_game::<Alice>(1));
        assert_ne!(play_game::<Alice>(1), play_game::<Alice>(2));
    }

    #[test]
    fn every_legal_move_gets_chosen() {
        let mut player = RandomPlayer::new(3);
        let pos = Chess::default();
        let view = GameView {
            start: &pos,
            moves: &[],
            position: &pos,
            history: &[],
        };
        let mut seen = std::collections::HashSet::new();
        for _ in 0..2000 {
            seen.insert(player.choose(&view, &ClockView::unlimited()).unwrap().mv);
        }
        assert_eq!(seen.len(), 20);
    }
}
