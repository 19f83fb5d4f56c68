//! Training positions from self-play of a UCI engine.
//!
//! Each game starts with a few uniformly random moves (for variety), then the engine plays both
//! sides at a fixed node count. Every position whose chosen move is quiet (not a capture or
//! promotion, side to move not in check) is kept with the search score; when the game ends
//! (mate, draw, or adjudication once the score stays beyond a bound) its result is attached and
//! the game's positions are written as [`super::data`] lines.
//!
//! A file starts with a [`header`] line of the settings and holds each game as a block, `# game
//! INDEX POSITIONS` and then its lines, in index order; data readers skip the `#` lines. A run
//! stopped at any point is continued by the same command: it keeps the whole games, drops a
//! game cut off mid-write and plays on from the next index, writing the same bytes an
//! uninterrupted run would have.

use crate::game::{GameRecord, GameResult, Termination};
use crate::rules::fen::to_fen;
use crate::uci::client::{EngineError, EngineSpec, UciEngine};
use crate::uci::protocol::{Go, ScoreValue};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Chess, Color, Position};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
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
    /// Seed of the random openings; game `i` draws its opening from stream `i` of it.
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

/// The first line of a data file written by [`generate`]: the settings that decide its games,
/// so that a run is only ever continued with the same ones.
pub fn header(config: &GenerateConfig) -> String {
    let engine = std::iter::once(config.engine.program.as_str())
        .chain(config.engine.args.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ");
    format!(
        "# chessbot nnue gen: engine {engine}; nodes {}; seed {}; random plies {}-{}; max plies {}; adjudicate {}",
        config.nodes,
        config.seed,
        config.random_plies.0,
        config.random_plies.1,
        config.max_plies,
        config.adjudicate_cp
    )
}

/// Where an existing data file leaves off: the games it holds whole, their positions, and
/// the length in bytes of that whole part (anything after it is a game cut off mid-write).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ResumePoint {
    /// Games written whole: the next game to play has this index.
    pub games: usize,
    /// Positions in those games.
    pub positions: usize,
    /// Bytes of the file up to the end of the last whole game.
    pub bytes: u64,
}

/// Why an existing data file cannot be continued.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ResumeError {
    /// The file was not written by `nnue gen` (or by an older version without a header).
    #[error("does not start with a `nnue gen` header line; write to a new file")]
    NoHeader,
    /// The file was written with other settings.
    #[error(
        "was written with other settings ({found}); continue it with the same ones or write to a new file"
    )]
    OtherSettings {
        /// The file's header line.
        found: String,
    },
    /// The file could not be read.
    #[error("{0}")]
    Io(String),
    /// A game block is out of order or malformed.
    #[error("line {line}: {message}")]
    Corrupt {
        /// The 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// Finds where an existing data file, read from `file`, leaves off for a run with `config`. An
/// empty file is a fresh start. A last game cut off by an interruption is not counted (its
/// bytes lie beyond [`ResumePoint::bytes`]).
pub fn resume_point(
    mut file: impl BufRead,
    config: &GenerateConfig,
) -> Result<ResumePoint, ResumeError> {
    let mut line = Vec::new();
    let mut read_line = |line: &mut Vec<u8>| -> Result<usize, ResumeError> {
        line.clear();
        file.read_until(b'\n', line)
            .map_err(|e| ResumeError::Io(e.to_string()))
    };
    if read_line(&mut line)? == 0 {
        return Ok(ResumePoint::default());
    }
    let first = String::from_utf8_lossy(&line);
    if !first.ends_with('\n') || !first.starts_with("# chessbot nnue gen:") {
        return Err(ResumeError::NoHeader);
    }
    if first.trim_end() != header(config) {
        return Err(ResumeError::OtherSettings {
            found: first.trim_end().trim_start_matches("# ").to_string(),
        });
    }
    let mut point = ResumePoint {
        bytes: line.len() as u64,
        ..ResumePoint::default()
    };
    let mut offset = point.bytes;
    let mut line_no = 1;
    // The game being read: its declared position count and the lines seen so far.
    let mut open: Option<(usize, usize)> = None;
    loop {
        let n = read_line(&mut line)?;
        if n == 0 || line.last() != Some(&b'\n') {
            break;
        }
        line_no += 1;
        offset += n as u64;
        match open {
            None => {
                let corrupt = |message: String| ResumeError::Corrupt {
                    line: line_no,
                    message,
                };
                let text = String::from_utf8_lossy(&line);
                let fields: Vec<&str> = text.trim_end().split(' ').collect();
                let expected = || corrupt("expected `# game INDEX POSITIONS`".into());
                let ["#", "game", index, count] = fields[..] else {
                    return Err(expected());
                };
                let (Ok(index), Ok(count)) = (index.parse::<usize>(), count.parse::<usize>())
                else {
                    return Err(expected());
                };
                if index != point.games {
                    return Err(corrupt(format!(
                        "game {index} where game {} was expected",
                        point.games
                    )));
                }
                open = Some((count, 0));
            }
            Some((count, seen)) => open = Some((count, seen + 1)),
        }
        if let Some((count, seen)) = open
            && seen == count
        {
            point.games += 1;
            point.positions += count;
            point.bytes = offset;
            open = None;
        }
    }
    Ok(point)
}

/// One game's lines as [`generate`] writes them: `# game INDEX POSITIONS`, then one data line
/// per position.
fn game_block(index: usize, game: &ScoredGame) -> String {
    let result = match game.white_score() {
        r if r > 0.75 => "1",
        r if r < 0.25 => "0",
        _ => "0.5",
    };
    let mut text = format!("# game {index} {}\n", game.positions.len());
    for (fen, score) in &game.positions {
        text.push_str(&format!("{fen} | {score} | {result}\n"));
    }
    text
}

/// Plays games on `config.workers` engines and writes them to `out` in the order of their
/// index, from game `from.games` on, until the file holds `config.positions` positions (whole
/// games, so a few more). Game `i` opens with random moves drawn from stream `i` of the seed,
/// and the engine starts it with `ucinewgame` at a fixed node count, so a game is the same
/// whichever worker plays it and whenever: a run continued from its [`ResumePoint`] writes
/// what an uninterrupted run would have. Writes the [`header`] first when `from` is a fresh
/// start. `on_game` gets the running total after each game. Returns the positions the file
/// holds.
pub fn generate<W: Write + Send>(
    config: &GenerateConfig,
    from: ResumePoint,
    mut out: W,
    on_game: impl Fn(usize) + Sync,
) -> Result<usize, GenerateError> {
    if from.games == 0 {
        writeln!(out, "{}", header(config))
            .and_then(|()| out.flush())
            .map_err(GenerateError::Output)?;
    }
    /// Games finished out of order wait here until every game before them is written.
    struct Writer<W> {
        out: W,
        next: usize,
        written: usize,
        waiting: BTreeMap<usize, String>,
    }
    let writer = Mutex::new(Writer {
        out,
        next: from.games,
        written: from.positions,
        waiting: BTreeMap::new(),
    });
    let next_game = AtomicUsize::new(from.games);
    let done = AtomicBool::new(from.positions >= config.positions);
    let worker = || -> Result<(), GenerateError> {
        if done.load(Ordering::Relaxed) {
            return Ok(());
        }
        let mut engine = UciEngine::start(&config.engine)?;
        while !done.load(Ordering::Relaxed) {
            let index = next_game.fetch_add(1, Ordering::Relaxed);
            let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
            rng.set_stream(index as u64);
            let game = play_game(&mut engine, &mut rng, config)?;
            let mut w = writer.lock().unwrap_or_else(|e| e.into_inner());
            w.waiting.insert(index, game_block(index, &game));
            while !done.load(Ordering::Relaxed) {
                let next = w.next;
                let Some(block) = w.waiting.remove(&next) else {
                    break;
                };
                w.out
                    .write_all(block.as_bytes())
                    .and_then(|()| w.out.flush())
                    .map_err(GenerateError::Output)?;
                // The block's first line is its header; the rest are positions.
                w.written += block.lines().count() - 1;
                w.next += 1;
                on_game(w.written);
                if w.written >= config.positions {
                    done.store(true, Ordering::Relaxed);
                }
            }
        }
        engine.quit();
        Ok(())
    };
    let results: Vec<Result<(), GenerateError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..config.workers.max(1))
            .map(|_| {
                let worker = &worker;
                let done = &done;
                scope.spawn(move || {
                    let r = worker();
                    if r.is_err() {
                        done.store(true, Ordering::Relaxed);
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
    let written = writer
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .written;
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> GenerateConfig {
        GenerateConfig::new(EngineSpec::new("stockfish"))
    }

    fn file(body: &str) -> String {
        format!("{}\n{body}", header(&config()))
    }

    #[test]
    fn whole_games_count_and_a_cut_one_does_not() {
        let line = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1\n";
        let whole = file(&format!("# game 0 2\n{line}{line}# game 1 1\n{line}"));
        let point = resume_point(whole.as_bytes(), &config()).unwrap();
        assert_eq!((point.games, point.positions), (2, 3));
        assert_eq!(point.bytes, whole.len() as u64);
        // The second game is missing a line, then a line is cut short.
        let first_game = file(&format!("# game 0 2\n{line}{line}"));
        for cut in [
            format!("{first_game}# game 1 2\n{line}"),
            format!("{first_game}# game 1 1\n4k3/8"),
        ] {
            let point = resume_point(cut.as_bytes(), &config()).unwrap();
            assert_eq!((point.games, point.positions), (1, 2));
            assert_eq!(point.bytes, first_game.len() as u64);
        }
        assert_eq!(
            resume_point(&b""[..], &config()),
            Ok(ResumePoint::default())
        );
    }

    #[test]
    fn games_out_of_order_or_malformed_blocks_are_refused() {
        let err = resume_point(file("# game 1 0\n").as_bytes(), &config()).unwrap_err();
        assert!(err.to_string().contains("game 1 where game 0"), "{err}");
        let err = resume_point(file("8/8 | 1 | 0\n").as_bytes(), &config()).unwrap_err();
        assert!(matches!(err, ResumeError::Corrupt { line: 2, .. }), "{err}");
        let other = GenerateConfig {
            nodes: 400,
            ..config()
        };
        let err = resume_point(file("").as_bytes(), &other).unwrap_err();
        assert!(matches!(err, ResumeError::OtherSettings { .. }), "{err}");
    }
}
