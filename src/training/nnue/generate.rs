//! Training positions from self-play of a UCI engine.
//!
//! Each game starts with a few uniformly random moves (for variety), then the engine plays both
//! sides at a fixed node count. Every position whose chosen move is quiet (not a capture or
//! promotion, side to move not in check) is kept with the search score; when the game ends
//! (mate, draw, or adjudication once the score stays beyond a bound) its result is attached and
//! the game's positions are written as [`super::data`] lines.

use crate::game::{GameRecord, GameResult, Termination};
use crate::rules::fen::to_fen;
use crate::uci::client::{EngineError, EngineSpec, UciEngine};
use crate::uci::protocol::{Go, ScoreValue};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Chess, Color, Position};
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Settings of a generation run.
#[derive(Debug, Clone)]
pub struct GenerateConfig {
    /// The engine that plays and scores.
    pub engine: EngineSpec,
    /// Nodes per move.
    pub nodes: u64,
    /// Stop once this many positions are written (whole games, so a few more).
    pub positions: usize,
    /// Seed of the random openings; worker `i` uses `seed + i`.
    pub seed: u64,
    /// Games played at the same time, one engine process each.
    pub workers: usize,
    /// Random moves before the engine takes over: uniformly between these, inclusive.
    pub random_plies: (u32, u32),
    /// A game still running after this many plies is a draw.
    pub max_plies: u32,
    /// A game is adjudicated once the score stays beyond this many centipawns for 4 plies.
    pub adjudicate_cp: i32,
}

impl GenerateConfig {
    /// The settings of the committed network's data, for `engine`.
    pub fn new(engine: EngineSpec) -> GenerateConfig {
        GenerateConfig {
            engine,
            nodes: 2000,
            positions: 1_000_000,
            seed: 1,
            workers: 1,
            random_plies: (6, 11),
            max_plies: 400,
            adjudicate_cp: 2000,
        }
    }
}

/// One finished game and the positions kept from it for training.
#[derive(Debug, Clone)]
pub struct ScoredGame {
    /// The game: start after the random opening, the engine's moves, how it ended.
    pub record: GameRecord,
    /// Kept positions with the engine's score in centipawns, side to move's view.
    pub positions: Vec<(String, i32)>,
}

impl ScoredGame {
    /// White's result as a training target: 1 won, 0.5 drawn, 0 lost.
    pub fn white_score(&self) -> f32 {
        match self.record.result.as_ref().and_then(|r| r.winner) {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        }
    }
}

/// Why generation stopped early.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The engine failed to start, crashed, hung or broke the protocol.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The output could not be written.
    #[error("writing the positions: {0}")]
    Output(std::io::Error),
}

/// Plays one game from a random opening.
pub fn play_game(
    engine: &mut UciEngine,
    rng: &mut impl Rng,
    config: &GenerateConfig,
) -> Result<ScoredGame, EngineError> {
    let mut pos = Chess::default();
    let (lo, hi) = config.random_plies;
    for _ in 0..rng.random_range(lo..=hi.max(lo)) {
        let moves = pos.legal_moves();
        match moves.choose(rng) {
            Some(&m) => pos.play_unchecked(m),
            None => break,
        }
    }
    engine.new_game()?;
    let go = Go {
        nodes: Some(config.nodes),
        ..Go::default()
    };
    let mut record = GameRecord::new(pos.clone(), "generator", "generator");
    let mut keys: Vec<u64> = Vec::new();
    let mut positions = Vec::new();
    let mut beyond = 0;
    let result = loop {
        if let Some(end) = crate::game::GamePosition::end_by_rules(&pos, &keys) {
            break end;
        }
        if record.moves.len() as u32 >= config.max_plies {
            break GameResult::new(None, Termination::MaxLength);
        }
        let reply = engine.go(&pos, &[], &go)?;
        let Some(best) = reply.best else {
            break GameResult::new(None, Termination::IllegalMove);
        };
        let mover_wins = match reply.lines.first().map(|l| l.score.value) {
            Some(ScoreValue::Mate(m)) => Some(m > 0),
            Some(ScoreValue::Centipawns(cp)) => {
                beyond = if cp.abs() > config.adjudicate_cp {
                    beyond + 1
                } else {
                    0
                };
                if !pos.is_check() && !best.is_capture() && !best.is_promotion() {
                    positions.push((to_fen(&pos), cp));
                }
                (beyond >= 4).then_some(cp > 0)
            }
            None => None,
        };
        if let Some(mover_wins) = mover_wins {
            let winner = if mover_wins { pos.turn() } else { !pos.turn() };
            break GameResult::new(Some(winner), Termination::AdjudicatedResign);
        }
        keys.push(crate::game::GamePosition::key(&pos));
        pos.play_unchecked(best);
        record.moves.push(best);
    };
    record.result = Some(result);
    Ok(ScoredGame { record, positions })
}

/// Plays games on `config.workers` engines until `config.positions` positions are written to
/// `out`, one game at a time (a game's lines are never split). `on_game` gets the running
/// total after each game. Returns the number of positions written.
pub fn generate<W: Write + Send>(
    config: &GenerateConfig,
    out: W,
    on_game: impl Fn(usize) + Sync,
) -> Result<usize, GenerateError> {
    let out = Mutex::new(out);
    let written = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let worker = |index: usize| -> Result<(), GenerateError> {
        let mut engine = UciEngine::start(&config.engine)?;
        let mut rng = ChaCha8Rng::seed_from_u64(config.seed.wrapping_add(index as u64));
        while written.load(Ordering::Relaxed) < config.positions && !failed.load(Ordering::Relaxed)
        {
            let game = play_game(&mut engine, &mut rng, config)?;
            let result = match game.white_score() {
                r if r > 0.75 => "1",
                r if r < 0.25 => "0",
                _ => "0.5",
            };
            let mut text = String::new();
            for (fen, score) in &game.positions {
                text.push_str(&format!("{fen} | {score} | {result}\n"));
            }
            let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(GenerateError::Output)?;
            let total =
                written.fetch_add(game.positions.len(), Ordering::Relaxed) + game.positions.len();
            on_game(total);
        }
        engine.quit();
        Ok(())
    };
    let results: Vec<Result<(), GenerateError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..config.workers.max(1))
            .map(|i| {
                let worker = &worker;
                let failed = &failed;
                scope.spawn(move || {
                    let r = worker(i);
                    if r.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    r
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(Ok(())))
            .collect()
    });
    for r in results {
        r?;
    }
    Ok(written.into_inner())
}
