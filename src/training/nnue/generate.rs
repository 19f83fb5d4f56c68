//! Training positions from self-play of a UCI engine.
//!
//! Each game starts with a few uniformly random moves (for variety), then the engine plays both
//! sides at a fixed node count. Every position whose chosen move is quiet (not a capture or
//! promotion, side to move not in check) is kept with the search score; when the game ends
//! (mate, draw, or adjudication once the score stays beyond a bound) its result is attached and
//! the game's positions are written as [`super::data`] lines.

use crate::rules::fen::to_fen;
use crate::search::position_key;
use crate::uci::client::{EngineError, EngineSpec, UciEngine};
use crate::uci::protocol::{Go, ScoreValue};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Chess, Color, Position};
use std::collections::HashMap;
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

/// One finished game: its kept positions (FEN, score for the side to move) and White's result.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// Kept positions with the engine's score in centipawns, side to move's view.
    pub positions: Vec<(String, i32)>,
    /// 1 White won, 0.5 draw, 0 Black won.
    pub result: f32,
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
) -> Result<GameRecord, EngineError> {
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
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let mut positions = Vec::new();
    let mut beyond = 0;
    let mut plies = 0;
    let result = loop {
        let white = pos.turn() == Color::White;
        let repeated = seen.entry(position_key(&pos)).or_default();
        *repeated += 1;
        if pos.is_checkmate() {
            break if white { 0.0 } else { 1.0 };
        }
        if pos.is_stalemate()
            || pos.is_insufficient_material()
            || pos.halfmoves() >= 100
            || *repeated >= 3
            || plies >= config.max_plies
        {
            break 0.5;
        }
        let reply = engine.go(&pos, &[], &go)?;
        let Some(best) = reply.best else { break 0.5 };
        let win_for_mover = match reply.lines.first().map(|l| l.score.value) {
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
        if let Some(mover_wins) = win_for_mover {
            break if mover_wins == white { 1.0 } else { 0.0 };
        }
        pos.play_unchecked(best);
        plies += 1;
    };
    Ok(GameRecord { positions, result })
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
            let result = match game.result {
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
