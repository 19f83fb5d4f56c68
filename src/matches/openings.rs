//! Openings: start positions from EPD files, opening lines from PGN files or from walks through
//! a Polyglot book (standard chess), or a few random plies from the initial position (any
//! variant).

use crate::book::Book;
use crate::book::polyglot::encode_move;
use crate::game::GamePosition;
use crate::players::random::RandomPlayer;
use crate::players::{ClockView, GameView, Player};
use crate::rules::fen::parse_position;
use crate::rules::pgn::{PgnError, ReadOptions, read_games, read_pgn_file};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shakmaty::{CastlingMode, Chess, Move};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One opening: a start position and the moves played from it before the players take over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening<P = Chess> {
    /// The position the game record starts from.
    pub start: P,
    /// Book moves from `start`.
    pub moves: Vec<Move>,
}

/// A bad opening file.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    /// The file cannot be read.
    #[error("cannot read openings {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A position or move in the file is wrong.
    #[error("{path}:{entry}: {reason}")]
    Bad {
        /// The file.
        path: PathBuf,
        /// Line (EPD) or game number (PGN), from 1.
        entry: usize,
        /// What is wrong.
        reason: String,
    },
    /// No opening in the file.
    #[error("{0}: no openings found")]
    Empty(PathBuf),
}

/// Reads openings from `path`: `.pgn` files as PGN games (their first `plies` moves, all when
/// `None`), anything else as EPD (one position per line, `#` comments and blank lines skipped).
pub fn load(path: &Path, plies: Option<usize>) -> Result<Vec<Opening>, OpeningError> {
    let io = |source| OpeningError::Io {
        path: path.to_path_buf(),
        source,
    };
    let is_pgn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let text = if is_pgn {
        read_pgn_file(path)
    } else {
        std::fs::read_to_string(path)
    }
    .map_err(io)?;
    let openings = if is_pgn {
        read_pgn(&text, path, plies)?
    } else {
        read_epd(&text, path)?
    };
    if openings.is_empty() {
        return Err(OpeningError::Empty(path.to_path_buf()));
    }
    Ok(openings)
}

/// Parses EPD text: the first four FEN fields of each line (operations after them are ignored).
pub fn read_epd(text: &str, path: &Path) -> Result<Vec<Opening>, OpeningError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().take(6).collect();
        // EPD has four fields then operations; a full FEN has halfmove and fullmove numbers.
        let fen = if fields.len() >= 6
            && fields[4].parse::<u32>().is_ok()
            && fields[5].parse::<u32>().is_ok()
        {
            fields.join(" ")
        } else {
            format!("{} 0 1", fields[..fields.len().min(4)].join(" "))
        };
        let start =
            parse_position(&fen, CastlingMode::Standard).map_err(|e| OpeningError::Bad {
                path: path.to_path_buf(),
                entry: i + 1,
                reason: e.to_string(),
            })?;
        out.push(Opening {
            start,
            moves: Vec::new(),
        });
    }
    Ok(out)
}

/// Parses PGN games as openings, keeping the first `plies` moves of each (all when `None`).
pub fn read_pgn(
    text: &str,
    path: &Path,
    plies: Option<usize>,
) -> Result<Vec<Opening>, OpeningError> {
    let options = ReadOptions {
        max_plies: plies,
        moves_only: true,
        ..ReadOptions::default()
    };
    let bad = |entry: usize, reason: String| OpeningError::Bad {
        path: path.to_path_buf(),
        entry,
        reason,
    };
    let mut out = Vec::new();
    for game in read_games(text, options) {
        let game = game.map_err(|e| {
            let reason = match &e {
                PgnError::BadFen { source, .. } => format!("bad FEN tag: {source}"),
                PgnError::IllegalMove { san, reason, .. } => format!("move {san}: {reason}"),
                PgnError::Variant { variant, .. } => format!("unsupported variant '{variant}'"),
                PgnError::Syntax { message, .. } => message.clone(),
            };
            bad(e.game(), reason)
        })?;
        let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
        let end = game.positions().pop().unwrap_or_default();
        if GamePosition::legal_moves(&end).is_empty() {
            return Err(bad(game.number, "the opening ends the game".into()));
        }
        out.push(Opening {
            start: game.start,
            moves,
        });
    }
    Ok(out)
}

/// `count` openings of `plies` uniformly random moves each from the initial position (fewer
/// where the rules end the game), the `i`th played by a random player seeded with `seed + i`:
/// start positions that make games between deterministic players differ.
pub fn random<P: GamePosition>(count: usize, plies: usize, seed: u64) -> Vec<Opening<P>> {
    (0..count)
        .map(|i| {
            let mut player = RandomPlayer::new(seed.wrapping_add(i as u64));
            let mut pos = P::default();
            let mut keys = Vec::new();
            for _ in 0..plies {
                if pos.end_by_rules(&keys).is_some() {
                    break;
                }
                let view = GameView {
                    start: &pos,
                    moves: &[],
                    position: &pos,
                    history: &keys,
                };
                let Ok(choice) = player.choose(&view, &ClockView::unlimited()) else {
                    break;
                };
                keys.push(pos.key());
                pos.play_unchecked(choice.mv);
            }
            Opening {
                start: pos,
                moves: Vec::new(),
            }
        })
        .collect()
}

/// Walks tried per opening asked for before [`book`] settles for fewer openings.
const BOOK_TRIES_PER_OPENING: usize = 100;

/// Up to `count` different openings of `plies` book moves from the initial position: walks
/// through `book` that pick each move with a probability proportional to its weight, so that
/// the starts are mainstream theory and balanced enough to be played with colours swapped. The
/// same seed gives the same openings. Fewer come back when the book holds fewer such lines.
pub fn book(book: &Book, count: usize, plies: usize, seed: u64) -> Vec<Opening> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen: HashSet<Vec<u16>> = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..count.saturating_mul(BOOK_TRIES_PER_OPENING) {
        if out.len() >= count {
            break;
        }
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        while moves.len() < plies {
            let Some(choice) = book.choose(&pos, 1, &mut rng) else {
                break;
            };
            pos.play_unchecked(choice.mv);
            moves.push(choice.mv);
        }
        if moves.len() < plies || pos.legal_moves().is_empty() {
            continue;
        }
        if seen.insert(moves.iter().map(encode_move).collect()) {
            out.push(Opening {
                start: Chess::default(),
                moves,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines_with_operations_and_comments() {
        let text = "# suite\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n\n\
                    r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n";
        let o = read_epd(text, Path::new("x.epd")).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[1].start.fullmoves(), 3);
        let err = read_epd("rnbqkbnr/ppp w KQkq -\n", Path::new("x.epd")).unwrap_err();
        assert!(err.to_string().starts_with("x.epd:1:"), "{err}");
    }

    #[test]
    fn pgn_games_cut_to_plies() {
        let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event \"b\"]\n\n1. d4 d5 1/2-1/2\n";
        let o = read_pgn(pgn, Path::new("o.pgn"), Some(4)).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].moves.len(), 4);
        assert_eq!(o[1].moves.len(), 2);
        let bad = read_pgn("1. e4 e4 *\n", Path::new("o.pgn"), None).unwrap_err();
        assert!(bad.to_string().contains("o.pgn:1: move e4"), "{bad}");
        let over = read_pgn("1. f3 e5 2. g4 Qh4# 0-1\n", Path::new("o.pgn"), None).unwrap_err();
        assert!(over.to_string().contains("ends the game"), "{over}");
    }

    #[test]
    fn random_openings_are_reproducible_and_differ() {
        let a = random::<crate::variant::alice::Alice>(3, 4, 7);
        assert_eq!(a, random(3, 4, 7));
        assert_ne!(a[0], a[1]);
        assert!(
            a.iter()
                .all(|o| o.moves.is_empty() && o.start.fullmoves().get() == 3)
        );
        let chess = random::<Chess>(2, 0, 7);
        assert!(chess.iter().all(|o| o.start == Chess::default()));
    }

    #[test]
    fn book_openings_are_distinct_legal_and_reproducible() {
        let book = Book::embedded();
        let o = super::book(&book, 20, 8, 3);
        assert_eq!(o.len(), 20);
        assert_eq!(o, super::book(&book, 20, 8, 3));
        assert_ne!(o, super::book(&book, 20, 8, 4));
        let lines: HashSet<&Vec<Move>> = o.iter().map(|o| &o.moves).collect();
        assert_eq!(lines.len(), 20);
        for opening in &o {
            assert_eq!(opening.moves.len(), 8);
            let mut pos = Chess::default();
            for &m in &opening.moves {
                assert!(pos.is_legal(m));
                pos.play_unchecked(m);
            }
        }
        // Past the book's deepest lines, no opening.
        assert!(super::book(&book, 2, 200, 3).is_empty());
    }
}
