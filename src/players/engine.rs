//! `engine`: our full search ([`crate::search::Engine`]) as a player, for every [`Variant`].

use super::{Choice, ClockView, GameView, Player, PlayerError, Variant, legal_moves};

use crate::search::{Engine, Evaluator, Level, SearchControl, Silent, Strength};

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
    /// A playing level below full strength.
    level: Option<Level>,
    /// An Elo target below full strength (as `UCI_Elo`), instead of a level.
    elo: Option<u32>,
    /// The seed of a limited level's choices, from the game's seed.
    seed: u64,
}

impl EnginePlayer {
    /// Our engine with a transposition table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> EnginePlayer {
        EnginePlayer {
            engine: Engine::new(hash_mb),
            control: SearchControl::default(),
            level: None,
            elo: None,
            seed: 0,
        }
    }

    /// The same engine playing at `level` (1 weakest, 10 full strength): a smaller search that
    /// makes plausible mistakes (see [`crate::search::strength`]), never random moves.
    pub fn with_level(mut self, level: Level) -> EnginePlayer {
        self.level = Some(level).filter(|&l| l < Level::MAX);
        self
    }

    /// The same engine searching on `threads` threads (its moves then vary from run to run).
    pub fn with_threads(mut self, threads: usize) -> EnginePlayer {
        self.engine.set_threads(threads);
        self
    }

    /// The same engine playing at about `elo` (clamped to [`Strength::MIN_ELO`] and
    /// [`Strength::MAX_ELO`], full strength at the top), as `UCI_LimitStrength` with `UCI_Elo`
    /// does.
    pub fn with_elo(mut self, elo: u32) -> EnginePlayer {
        self.elo = Some(elo.clamp(Strength::MIN_ELO, Strength::MAX_ELO))
            .filter(|&e| e < Strength::MAX_ELO);
        self
    }

    /// The Elo target set with [`EnginePlayer::with_elo`], clamped; `None` is full strength.
    pub fn elo(&self) -> Option<u32> {
        self.elo
    }

    /// The same engine evaluating standard chess with `evaluator`.
    pub fn with_evaluator(mut self, evaluator: Evaluator) -> EnginePlayer {
        self.engine.set_evaluator(evaluator);
        self
    }

    /// The level set with [`EnginePlayer::with_level`]; `None` is full strength.
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// The control that stops a running search from another thread.
    pub fn control(&self) -> &SearchControl {
        &self.control
    }
}

impl<V: Variant> Player<V> for EnginePlayer {
    fn name(&self) -> String {
        match self.level() {
            Some(level) => format!("engine level {}", level.get()),
            None => "engine".to_string(),
        }
    }

    fn new_game(&mut self, seed: u64) -> Result<(), PlayerError> {
        self.engine.clear();
        // Each game its own choices, the same ones again for the same seed.
        self.seed = seed;
        Ok(())
    }

    fn choose(&mut self, game: &GameView<V>, clock: &ClockView) -> Result<Choice, PlayerError> {
        legal_moves(game.position)?;
        let mut limits = clock.limits_for(game.position.turn());
        if limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clock.is_none()
        {
            limits.nodes = Some(DEFAULT_NODES);
        }
        let strength = match (self.elo, self.level) {
            (Some(elo), _) => Some(Strength::from_elo(elo)),
            (None, level) => level.map(Strength::from_level),
        };
        limits.strength = strength.map(|s| s.with_seed(self.seed));
        let result = V::search(
            &mut self.engine,
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
            elapsed: None,
        })
    }

    fn is_deterministic(&self) -> bool {
        // Several threads search in an order the scheduler decides.
        self.engine.threads() == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::parse_position;
    use crate::variant::alice::Alice;
    use shakmaty::{CastlingMode, Chess, Square};

    #[test]
    fn plays_the_mate_under_a_depth_limit() {
        let pos =
            parse_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", CastlingMode::Standard).unwrap();
        let mut p = EnginePlayer::new(1);
        Player::<Chess>::new_game(&mut p, 0).unwrap();
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

    /// The moves a player chooses in the start position over `seeds` games.
    fn first_moves(mut p: EnginePlayer, seeds: u64) -> std::collections::HashSet<String> {
        let pos = Chess::default();
        let view = GameView {
            start: &pos,
            moves: &[],
            position: &pos,
            history: &[],
        };
        let clock = ClockView {
            depth: Some(6),
            ..ClockView::unlimited()
        };
        (0..seeds)
            .map(|seed| {
                Player::<Chess>::new_game(&mut p, seed).unwrap();
                p.choose(&view, &clock).unwrap().mv.to_string()
            })
            .collect()
    }

    #[test]
    fn a_low_level_varies_its_play_and_full_strength_does_not() {
        assert_eq!(first_moves(EnginePlayer::new(1), 6).len(), 1);
        let weak = EnginePlayer::new(1).with_level(Level::new(2).unwrap());
        assert_eq!(Player::<Chess>::name(&weak), "engine level 2");
        assert!(first_moves(weak, 12).len() > 1);
        let full = EnginePlayer::new(1).with_level(Level::MAX);
        assert_eq!(Player::<Chess>::name(&full), "engine");
    }

    #[test]
    fn a_low_level_still_takes_a_free_queen() {
        // Black's queen on d5 hangs to the knight on c3... and nothing is lost by taking it.
        let pos = parse_position(
            "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3",
            CastlingMode::Standard,
        )
        .unwrap();
        let view = GameView {
            start: &pos,
            moves: &[],
            position: &pos,
            history: &[],
        };
        let mut p = EnginePlayer::new(1).with_level(Level::new(3).unwrap());
        Player::<Chess>::new_game(&mut p, 5).unwrap();
        let c = p.choose(&view, &ClockView::unlimited()).unwrap();
        assert_eq!(c.mv.to(), Square::D5);
    }

    #[test]
    fn plays_the_alice_mate() {
        let pos = Alice::from_fen("k7/7|R/1Q6/8/8/8/8/7K w - - 0 1").unwrap();
        let view = GameView {
            start: &pos,
            moves: &[],
            position: &pos,
            history: &[],
        };
        let mut p = EnginePlayer::new(1);
        Player::<Alice>::new_game(&mut p, 0).unwrap();
        let clock = ClockView {
            depth: Some(3),
            ..ClockView::unlimited()
        };
        let c = p.choose(&view, &clock).unwrap();
        assert!(pos.played(&c.mv).is_checkmate(), "{c:?}");
    }
}
