//! Training positions for the evaluation network.
//!
//! A data file has one position per line: `FEN | score | result`, where `score` is a search
//! score in centipawns from the side to move's view and `result` the game's outcome for White
//! (`1`, `0.5` or `0`). Blank lines and lines starting with `#` are skipped.

use crate::search::nnue::feature_index;
use shakmaty::fen::Fen;
use shakmaty::{Color, Setup};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// The most pieces a position may hold.
pub const MAX_PIECES: usize = 32;

/// One training position, already turned into network inputs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// Active inputs of the side to move's view (`[0]`) and the other view (`[1]`); the first
    /// `count` entries of each are used.
    pub features: [[u16; MAX_PIECES]; 2],
    /// How many pieces (active inputs per view).
    pub count: u8,
    /// Search score in centipawns, side to move's view.
    pub score: i16,
    /// Game result from the side to move's view: 1 win, 0.5 draw, 0 loss.
    pub result: f32,
}

/// Why a data file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be opened or read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A line is malformed.
    #[error("{path}:{line}: {message}")]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// One data line's fields: the position, the score (side to move's view, clamped to 16 bits)
/// and the game result for White.
pub fn parse_fields(line: &str) -> Result<(Setup, i16, f32), String> {
    let mut fields = line.split('|').map(str::trim);
    let (Some(fen), Some(score), Some(result), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err("expected `FEN | score | result`".into());
    };
    let setup: Setup = fen
        .parse::<Fen>()
        .map_err(|e| format!("bad FEN: {e}"))?
        .into_setup();
    let score: i32 = score.parse().map_err(|_| format!("bad score `{score}`"))?;
    let score = score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
    let white_result: f32 = match result {
        "1" | "1.0" => 1.0,
        "0.5" => 0.5,
        "0" | "0.0" => 0.0,
        other => return Err(format!("bad result `{other}` (expected 1, 0.5 or 0)")),
    };
    Ok((setup, score, white_result))
}

/// Parses one data line (see the module documentation).
pub fn parse_line(line: &str) -> Result<Sample, String> {
    let (setup, score, white_result) = parse_fields(line)?;
    let turn = setup.turn;
    let pieces = setup.board.occupied().count();
    if pieces > MAX_PIECES {
        return Err(format!("{pieces} pieces (at most {MAX_PIECES})"));
    }
    let mut features = [[0u16; MAX_PIECES]; 2];
    for (i, (sq, piece)) in setup.board.iter().enumerate() {
        features[0][i] = feature_index(turn, piece, sq) as u16;
        features[1][i] = feature_index(!turn, piece, sq) as u16;
    }
    let result = if turn == Color::White {
        white_result
    } else {
        1.0 - white_result
    };
    Ok(Sample {
        features,
        count: pieces as u8,
        score,
        result,
    })
}

/// Reads every sample of a data file.
pub fn read_file(path: &Path) -> Result<Vec<Sample>, DataError> {
    read_lines(path, parse_line)
}

/// Reads a data file with `parse` applied to each line that is not blank or a comment.
pub fn read_lines<T>(
    path: &Path,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, DataError> {
    let io = |source| DataError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut items = Vec::new();
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(io)?;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let item = parse(&line).map_err(|message| DataError::BadLine {
            path: path.to_path_buf(),
            line: n + 1,
            message,
        })?;
        items.push(item);
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_line_from_the_side_to_moves_view() {
        let s = parse_line("4k3/8/8/8/8/8/8/3QK3 b - - 0 1 | -900 | 1").unwrap();
        assert_eq!(s.count, 3);
        assert_eq!(s.score, -900);
        assert_eq!(s.result, 0.0);
        // Black to move: Black's king is "ours" in the first view.
        let mut first: Vec<u16> = s.features[0][..3].to_vec();
        first.sort();
        assert_eq!(
            first,
            vec![5 * 64 + 4, 384 + 4 * 64 + 59, 384 + 5 * 64 + 60]
        );
    }

    #[test]
    fn bad_lines_name_the_problem() {
        assert!(
            parse_line("8/8/8 w - - 0 1")
                .unwrap_err()
                .contains("expected")
        );
        assert!(parse_line("xyz | 3 | 1").unwrap_err().contains("bad FEN"));
        assert!(
            parse_line("8/8/8/8/8/8/8/K1k5 w - - 0 1 | x | 1")
                .unwrap_err()
                .contains("score")
        );
        assert!(
            parse_line("8/8/8/8/8/8/8/K1k5 w - - 0 1 | 3 | 2")
                .unwrap_err()
                .contains("result")
        );
    }
}
