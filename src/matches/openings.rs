//! Opening suites: start positions from EPD files or opening lines from PGN files.

use crate::rules::fen::parse_position;
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Move, Position};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// One opening: a start position and the moves played from it before the players take over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The position the game record starts from.
    pub start: Chess,
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
    let openings = if is_pgn {
        let file = std::fs::File::open(path).map_err(io)?;
        read_pgn(file, path, plies)?
    } else {
        let text = std::fs::read_to_string(path).map_err(io)?;
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

struct OpeningVisitor {
    plies: Option<usize>,
    game: usize,
}

/// Per game: the start position (or the error) and the moves so far.
type Movetext = Result<(Chess, Chess, Vec<Move>), String>;

impl Visitor for OpeningVisitor {
    type Tags = Result<Option<Chess>, String>;
    type Movetext = Movetext;
    type Output = Movetext;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.game += 1;
        ControlFlow::Continue(Ok(None))
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let text = String::from_utf8_lossy(value.as_bytes()).into_owned();
            *tags = parse_position(&text, CastlingMode::Standard)
                .map(Some)
                .map_err(|e| format!("bad FEN tag: {e}"));
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        match tags {
            Ok(start) => {
                let start = start.unwrap_or_default();
                ControlFlow::Continue(Ok((start.clone(), start, Vec::new())))
            }
            Err(e) => ControlFlow::Break(Err(e)),
        }
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        let Ok((_, pos, moves)) = movetext else {
            return ControlFlow::Continue(());
        };
        if self.plies.is_some_and(|p| moves.len() >= p) {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                moves.push(m);
                ControlFlow::Continue(())
            }
            Err(e) => ControlFlow::Break(Err(format!("move {san_plus}: {e}"))),
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext
    }
}

/// Parses PGN games as openings, keeping the first `plies` moves of each (all when `None`).
pub fn read_pgn(
    input: impl std::io::Read,
    path: &Path,
    plies: Option<usize>,
) -> Result<Vec<Opening>, OpeningError> {
    let mut reader = Reader::new(input);
    let mut visitor = OpeningVisitor { plies, game: 0 };
    let mut out = Vec::new();
    while let Some(game) = reader
        .read_game(&mut visitor)
        .map_err(|source| OpeningError::Io {
            path: path.to_path_buf(),
            source,
        })?
    {
        let (start, pos, moves) = game.map_err(|reason| OpeningError::Bad {
            path: path.to_path_buf(),
            entry: visitor.game,
            reason,
        })?;
        if pos.legal_moves().is_empty() {
            return Err(OpeningError::Bad {
                path: path.to_path_buf(),
                entry: visitor.game,
                reason: "the opening ends the game".into(),
            });
        }
        out.push(Opening { start, moves });
    }
    Ok(out)
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
        assert_eq!(o[1].start.fullmoves().get(), 3);
        let err = read_epd("rnbqkbnr/ppp w KQkq -\n", Path::new("x.epd")).unwrap_err();
        assert!(err.to_string().starts_with("x.epd:1:"), "{err}");
    }

    #[test]
    fn pgn_games_cut_to_plies() {
        let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event \"b\"]\n\n1. d4 d5 1/2-1/2\n";
        let o = read_pgn(pgn.as_bytes(), Path::new("o.pgn"), Some(4)).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].moves.len(), 4);
        assert_eq!(o[1].moves.len(), 2);
        let bad = read_pgn("1. e4 e4 *\n".as_bytes(), Path::new("o.pgn"), None).unwrap_err();
        assert!(bad.to_string().contains("o.pgn:1: move e4"), "{bad}");
    }
}
