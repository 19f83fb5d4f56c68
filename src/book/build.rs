//! Building a Polyglot book from games.
//!
//! Every (position, move) pair in the first [`BuildOptions::max_ply`] plies of each game with a
//! known result is counted. A move's score is 2 per game won by the side that played it and 1
//! per draw (0 per loss), the Polyglot convention; pairs seen in fewer than
//! [`BuildOptions::min_games`] games, and moves that never scored, are left out. Scores above
//! 65535 are scaled down proportionally (a scoring move keeps at least weight 1). Entries are
//! sorted by key, heaviest move first, as readers expect.

use super::polyglot::{BookEntry, ENTRY_SIZE, encode_move, polyglot_key};
use crate::rules::pgn::Game;
use shakmaty::{KnownOutcome, Outcome, Position};
use std::collections::HashMap;

/// What goes into a built book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildOptions {
    /// Only moves within the first this-many plies of each game.
    pub max_ply: usize,
    /// Only (position, move) pairs played in at least this many games.
    pub min_games: u32,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            max_ply: 30,
            min_games: 1,
        }
    }
}

/// Counts from a build.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BuildStats {
    /// Games whose moves were counted.
    pub games: usize,
    /// Games left out because their result is unknown (`*`).
    pub unfinished: usize,
    /// Distinct (position, move) pairs seen.
    pub pairs: usize,
    /// Entries written (after `min_games` and zero-score filtering).
    pub entries: usize,
    /// Distinct positions with at least one entry.
    pub positions: usize,
}

#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    score: u64,
    games: u32,
}

/// Collects games and turns them into sorted Polyglot entries.
///
/// ```
/// use chessbot::book::{BookBuilder, BuildOptions, Book};
/// use chessbot::rules::pgn::{read_games, ReadOptions};
/// let mut builder = BookBuilder::new(BuildOptions::default());
/// for game in read_games("1. e4 e5 2. Nf3 1-0\n\n1. d4 d5 1/2-1/2\n", ReadOptions::default()) {
///     builder.add_game(&game.unwrap());
/// }
/// let (bytes, stats) = builder.finish();
/// assert_eq!(stats.games, 2);
/// let book = Book::from_bytes(bytes).unwrap();
/// let moves = book.moves(&shakmaty::Chess::default(), 1);
/// assert_eq!(moves.len(), 2); // 1. e4 (weight 2, a win) and 1. d4 (weight 1, a draw)
/// assert_eq!(moves[0].weight, 2);
/// ```
#[derive(Debug, Clone)]
pub struct BookBuilder {
    options: BuildOptions,
    tally: HashMap<(u64, u16), Tally>,
    stats: BuildStats,
}

impl BookBuilder {
    /// An empty builder.
    pub fn new(options: BuildOptions) -> BookBuilder {
        BookBuilder {
            options,
            tally: HashMap::new(),
            stats: BuildStats::default(),
        }
    }

    /// Counts a game's opening moves; returns `false` (and counts nothing) when its result is
    /// unknown.
    pub fn add_game(&mut self, game: &Game) -> bool {
        let winner = match game.outcome {
            Outcome::Known(KnownOutcome::Decisive { winner }) => Some(winner),
            Outcome::Known(KnownOutcome::Draw) => None,
            Outcome::Unknown => {
                self.stats.unfinished += 1;
                return false;
            }
        };
        self.stats.games += 1;
        let mut pos = game.start.clone();
        for m in game.moves.iter().take(self.options.max_ply) {
            let score = match winner {
                None => 1,
                Some(c) if c == pos.turn() => 2,
                Some(_) => 0,
            };
            let t = self
                .tally
                .entry((polyglot_key(&pos), encode_move(&m.mv)))
                .or_default();
            t.score += score;
            t.games += 1;
            pos.play_unchecked(m.mv);
        }
        true
    }

    /// The book so far as Polyglot bytes, with the counts.
    pub fn finish(&self) -> (Vec<u8>, BuildStats) {
        let mut stats = self.stats;
        stats.pairs = self.tally.len();
        let kept: Vec<(&(u64, u16), &Tally)> = self
            .tally
            .iter()
            .filter(|(_, t)| t.games >= self.options.min_games && t.score > 0)
            .collect();
        let max = kept.iter().map(|(_, t)| t.score).max().unwrap_or(0);
        let mut entries: Vec<BookEntry> = kept
            .iter()
            .map(|&(&(key, raw_move), t)| {
                let weight = if max <= u64::from(u16::MAX) {
                    t.score
                } else {
                    (t.score * u64::from(u16::MAX) / max).max(1)
                };
                BookEntry {
                    key,
                    raw_move,
                    weight: u16::try_from(weight).expect("scaled to u16"),
                    learn: 0,
                }
            })
            .collect();
        entries.sort_by(|a, b| {
            (a.key, std::cmp::Reverse(a.weight), a.raw_move).cmp(&(
                b.key,
                std::cmp::Reverse(b.weight),
                b.raw_move,
            ))
        });
        stats.entries = entries.len();
        stats.positions = entries.windows(2).filter(|w| w[0].key != w[1].key).count()
            + usize::from(!entries.is_empty());
        let mut bytes = Vec::with_capacity(entries.len() * ENTRY_SIZE);
        for e in &entries {
            bytes.extend_from_slice(&e.to_bytes());
        }
        (bytes, stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Book;
    use crate::rules::pgn::{ReadOptions, read_games};
    use shakmaty::Chess;
    use shakmaty::uci::UciMove;

    fn build(text: &str, options: BuildOptions) -> (Vec<u8>, BuildStats) {
        let mut b = BookBuilder::new(options);
        for g in read_games(text, ReadOptions::default()) {
            b.add_game(&g.unwrap());
        }
        b.finish()
    }

    fn uci(m: &shakmaty::Move) -> String {
        UciMove::from_standard(*m).to_string()
    }

    #[test]
    fn weights_follow_results_for_the_side_that_moved() {
        let text = "1. e4 e5 1-0\n\n1. e4 c5 0-1\n\n1. e4 c5 1/2-1/2\n\n1. d4 d5 0-1\n\n1. c4 * \n";
        let (bytes, stats) = build(text, BuildOptions::default());
        assert_eq!(stats.games, 4);
        assert_eq!(stats.unfinished, 1);
        let book = Book::from_bytes(bytes).unwrap();
        let start: Vec<(String, u16)> = book
            .moves(&Chess::default(), 0)
            .iter()
            .map(|m| (uci(&m.mv), m.weight))
            .collect();
        // e4: win 2 + loss 0 + draw 1 = 3; d4 lost only: left out; c4 unfinished: left out.
        assert_eq!(start, [("e2e4".to_string(), 3)]);
        let mut after_e4 = Chess::default();
        after_e4.play_unchecked(book.moves(&Chess::default(), 0)[0].mv);
        let replies: Vec<(String, u16)> = book
            .moves(&after_e4, 0)
            .iter()
            .map(|m| (uci(&m.mv), m.weight))
            .collect();
        // c5: a black win (2) and a draw (1); e5 lost: left out.
        assert_eq!(replies, [("c7c5".to_string(), 3)]);
    }

    #[test]
    fn max_ply_and_min_games_limit_the_book() {
        let text = "1. e4 e5 2. Nf3 1-0\n\n1. e4 e5 2. Bc4 1-0\n";
        let (bytes, stats) = build(
            text,
            BuildOptions {
                max_ply: 1,
                min_games: 1,
            },
        );
        assert_eq!(stats.entries, 1);
        assert_eq!(Book::from_bytes(bytes).unwrap().len(), 1);
        let (_, stats) = build(
            text,
            BuildOptions {
                max_ply: 10,
                min_games: 2,
            },
        );
        // 1. e4 (white won twice) is kept; e5 lost twice; Nf3 and Bc4 seen once each.
        assert_eq!(stats.entries, 1);
        assert_eq!(stats.pairs, 4);
    }

    #[test]
    fn large_scores_are_scaled_to_u16() {
        let mut b = BookBuilder::new(BuildOptions::default());
        let won = read_games("1. e4 1-0\n", ReadOptions::default())
            .next()
            .unwrap()
            .unwrap();
        let drawn = read_games("1. d4 1/2-1/2\n", ReadOptions::default())
            .next()
            .unwrap()
            .unwrap();
        for _ in 0..40_000 {
            b.add_game(&won);
        }
        b.add_game(&drawn);
        let book = Book::from_bytes(b.finish().0).unwrap();
        let w: Vec<u16> = book
            .moves(&Chess::default(), 0)
            .iter()
            .map(|m| m.weight)
            .collect();
        assert_eq!(w, [u16::MAX, 1]);
    }
}
