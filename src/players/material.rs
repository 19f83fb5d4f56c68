//! `material`: one ply on material only.

use super::{Choice, ClockView, GameView, Player, PlayerError, legal_moves, seeded_rng};
use crate::game::GamePosition;
use crate::search::Score;
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use shakmaty::{Board, Color, Role};

/// Looks one ply ahead and counts material (pawn 1, knight 3, bishop 3, rook 5, queen 9).
///
/// A move that mates is always played. A move that draws (stalemate, insufficient material,
/// threefold repetition, the fifty-move rule) scores 0. Otherwise the player picks at random
/// between the two best moves (ties are ordered at random first), so it is not a fixed line.
#[derive(Debug, Clone)]
pub struct MaterialPlayer {
    rng: ChaCha8Rng,
}

impl MaterialPlayer {
    /// A material player seeded with `seed` (reseeded by every [`Player::new_game`]).
    pub fn new(seed: u64) -> MaterialPlayer {
        MaterialPlayer {
            rng: seeded_rng(seed),
        }
    }
}

/// The material value of a piece in pawns (king 0).
pub fn pawns(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// Material balance in pawns from `side`'s point of view.
pub fn material_balance(board: &Board, side: Color) -> i32 {
    board
        .iter()
        .map(|(_, p)| {
            let v = pawns(p.role);
            if p.color == side { v } else { -v }
        })
        .sum()
}

/// The score of the position after a move, from the mover's point of view (centipawns, so
/// 100 per pawn).
fn score_after<P: GamePosition>(
    after: &P,
    mover: Color,
    history: &[u64],
    before_key: u64,
) -> Score {
    if after.is_checkmate() {
        return Score::mate_in(1);
    }
    if after.is_stalemate() || after.is_insufficient_material() || after.halfmoves() >= 100 {
        return Score::DRAW;
    }
    if after.halfmoves() >= 4 {
        // Threefold repetition: the new position already occurred twice, counting the position
        // before the move (same side to move only every other ply).
        let key = after.key();
        let reversible = after.halfmoves() as usize;
        let seen = history
            .iter()
            .chain(std::iter::once(&before_key))
            .rev()
            .take(reversible)
            .filter(|&&k| k == key)
            .count();
        if seen >= 2 {
            return Score::DRAW;
        }
    }
    Score::cp(100 * material_balance(after.board(), mover))
}

impl<P: GamePosition> Player<P> for MaterialPlayer {
    fn name(&self) -> String {
        "material".to_string()
    }

    fn new_game(&mut self, seed: u64) -> Result<(), PlayerError> {
        self.rng = seeded_rng(seed);
        Ok(())
    }

    fn choose(&mut self, game: &GameView<P>, _clock: &ClockView) -> Result<Choice, PlayerError> {
        let pos = game.position;
        let mover = pos.turn();
        let before_key = pos.key();
        let mut scored: Vec<(Score, shakmaty::Move)> = legal_moves(pos)?
            .into_iter()
            .map(|m| {
                (
                    score_after(&pos.played(m), mover, game.history, before_key),
                    m,
                )
            })
            .collect();
        // Random order among equals, then best first (the sort is stable).
        scored.shuffle(&mut self.rng);
        scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        let (score, mv) = if scored[0].0.is_mate() || scored.len() == 1 {
            scored[0]
        } else {
            scored[self.rng.random_range(0..2)]
        };
        Ok(Choice {
            mv,
            score: Some(score),
            depth: Some(1),
            elapsed: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::alice::Alice;
    use shakmaty::{CastlingMode, Chess, Square};

    fn choose<P: GamePosition>(fen: &str, seed: u64) -> Choice {
        let pos = P::from_fen(fen, CastlingMode::Standard).unwrap();
        let mut p = MaterialPlayer::new(seed);
        let view = GameView {
            start: &pos,
            moves: &[],
            position: &pos,
            history: &[],
        };
        p.choose(&view, &ClockView::unlimited()).unwrap()
    }

    #[test]
    fn always_mates_in_one() {
        for seed in 0..20 {
            let c = choose::<Chess>("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", seed);
            assert_eq!(c.mv.to(), Square::A8);
            assert_eq!(c.score, Some(Score::mate_in(1)));
            // Alice: the rook on B mates arriving on A, with Rh8# or Ra7# (the queen on A
            // guards a7 and covers the king's flight squares there).
            let fen = "k7/7|R/1Q6/8/8/8/8/7K w - - 0 1";
            let c = choose::<Alice>(fen, seed);
            let after = Alice::from_fen(fen).unwrap().played(&c.mv);
            assert!(after.is_checkmate());
            assert_eq!(c.score, Some(Score::mate_in(1)));
        }
    }

    #[test]
    fn picks_among_the_two_best_captures() {
        // White can take a queen (d5) or a rook (h5) with the rook on d1/h1; both beat quiet moves.
        let fen = "4k3/8/8/3q3r/8/8/8/3RK2R w - - 0 1";
        let mut targets = std::collections::HashSet::new();
        for seed in 0..40 {
            let c = choose::<Chess>(fen, seed);
            targets.insert(c.mv.to());
        }
        assert_eq!(
            targets,
            [Square::D5, Square::H5].into_iter().collect(),
            "only the two captures are ever chosen"
        );
    }

    #[test]
    fn stalemating_scores_zero() {
        // Qb6?? stalemates the king on a8: it scores 0 against +9 for the other moves.
        let pos: Chess =
            GamePosition::from_fen("k7/8/8/2Q5/8/8/8/6K1 w - - 0 1", CastlingMode::Standard)
                .unwrap();
        let after = pos.played(shakmaty::Move::Normal {
            role: Role::Queen,
            from: Square::C5,
            capture: None,
            to: Square::B6,
            promotion: None,
        });
        assert_eq!(score_after(&after, Color::White, &[], 0), Score::DRAW);
        for seed in 0..20 {
            assert_ne!(
                choose::<Chess>("k7/8/8/2Q5/8/8/8/6K1 w - - 0 1", seed)
                    .mv
                    .to(),
                Square::B6
            );
        }
    }
}
