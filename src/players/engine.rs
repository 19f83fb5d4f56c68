//! `engine`: our full search ([`crate::search::Engine`]) as a player.

use super::{Choice, ClockView, GameView, Player, PlayerError, legal_moves};
use crate::search::{Engine, SearchControl, Silent};

/// The node budget used when neither the player nor the match gives any limit, so that a game
/// never waits on an unbounded search (and stays reproducible).
pub const DEFAULT_NODES: u64 = 50_000;

/// Our engine, searching within the match's clocks and per-move limits.
///
/// Deterministic under depth or node limits (the hash table is cleared by every new game); under
/// time limits its moves depend on the machine's speed.
#[derive(Debug)]
pub struct EnginePlayer {
    engine: Engine,
    control: SearchControl,
}

impl EnginePlayer {
    /// Our engine with a transposition table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> EnginePlayer {
        EnginePlayer {
            engine: Engine::new(hash_mb),
            control: SearchControl::default(),
        }
    }

    /// The control that stops a running search from another thread.
    pub fn control(&self) -> &SearchControl {
        &self.control
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        "engine".to_string()
    }

    fn new_game(&mut self, _seed: u64) -> Result<(), PlayerError> {
        self.engine.clear();
        Ok(())
    }

    fn choose(&mut self, game: &GameView, clock: &ClockView) -> Result<Choice, PlayerError> {
        legal_moves(game.position)?;
        let mut limits = clock.limits_for(shakmaty::Position::turn(game.position));
        if limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clock.is_none()
        {
            limits.nodes = Some(DEFAULT_NODES);
        }
        let result = self.engine.search(
            game.position,
            game.history,
            &limits,
            &self.control,
            &mut Silent,
        );
        let mv = result.best_move.ok_or(PlayerError::NoLegalMove)?;
        Ok(Choice {
            mv,
            score: Some(result.score),
            depth: Some(result.depth),
        })
    }

    fn is_deterministic(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::parse_position;
    use shakmaty::{CastlingMode, Square};

    #[test]
    fn plays_the_mate_under_a_depth_limit() {
        let pos =
            parse_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", CastlingMode::Standard).unwrap();
        let mut p = EnginePlayer::new(1);
        p.new_game(0).unwrap();
        let view = GameView {
            start: &pos,
            moves: &[],
            position: &pos,
            history: &[],
        };
        let clock = ClockView {
            depth: Some(2),
            ..ClockView::unlimited()
        };
        let c = p.choose(&view, &clock).unwrap();
        assert_eq!(c.mv.to(), Square::A8);
    }
}
