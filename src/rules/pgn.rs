//! Reading games from PGN text (several games per file, comments, variations, NAGs, FEN/SetUp
//! starts, Chess960), on top of pgn-reader.
//!
//! Every game is checked move by move; a broken game (bad FEN tag, illegal or ambiguous move,
//! unreadable tags) becomes a [`PgnError`] naming the game, the line where it starts and, for a
//! move, its number, while the games after it are still read. pgn-reader does not count lines,
//! so the text is first cut into games at tag lines that follow movetext (outside comments), and
//! each piece is read on its own.

use crate::rules::fen::{FenError, parse_position};
use pgn_reader::{Nag, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{CastlingMode, Chess, Color, KnownOutcome, Move, Outcome, Position};
use std::borrow::Cow;
use std::ops::ControlFlow;
use std::path::Path;
use thiserror::Error;

/// One move of a game's main line with the annotations found after it.
#[derive(Debug, Clone)]
pub struct GameMove {
    /// The move as written (with its check suffix).
    pub san: SanPlus,
    /// The legal move it stands for.
    pub mv: Move,
    /// Numeric annotation glyphs (`$2`, or `?` read as 2).
    pub nags: Vec<u8>,
    /// Comments after the move, without braces.
    pub comments: Vec<String>,
    /// Variations after the move, as PGN movetext without the outer parentheses.
    pub variations: Vec<String>,
}

/// A game read from PGN.
#[derive(Debug, Clone)]
pub struct Game {
    /// Its number in the file, from 1.
    pub number: usize,
    /// The line (from 1) where its text starts.
    pub line: usize,
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The start position (the FEN tag, or the standard start).
    pub start: Chess,
    /// Whether the game is Chess960 (`Variant` tag).
    pub chess960: bool,
    /// Comments before the first move.
    pub intro_comments: Vec<String>,
    /// The main line.
    pub moves: Vec<GameMove>,
    /// The result from the movetext, or else from the `Result` tag.
    pub outcome: Outcome,
    /// Whether reading stopped at [`ReadOptions::max_plies`] before the end of the main line.
    pub truncated: bool,
}

impl Game {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The castling mode moves are written in.
    pub fn castling_mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    /// The positions of the main line: the start, then one after each move.
    pub fn positions(&self) -> Vec<Chess> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start.clone();
        out.push(pos.clone());
        for m in &self.moves {
            pos.play_unchecked(m.mv);
            out.push(pos.clone());
        }
        out
    }
}

/// Why a game could not be read. Each names the game and its first line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PgnError {
    /// The FEN tag is not a legal position.
    #[error("game {game} (line {line}): bad FEN tag: {source}")]
    BadFen {
        /// The game's number in the file.
        game: usize,
        /// The line where the game starts.
        line: usize,
        /// What is wrong with the FEN.
        source: FenError,
    },
    /// A move that is illegal, ambiguous or impossible in its position.
    #[error("game {game} (line {line}): illegal move {number}{dots}{san}: {reason}")]
    IllegalMove {
        /// The game's number in the file.
        game: usize,
        /// The line where the game starts.
        line: usize,
        /// The move number as printed in PGN.
        number: u32,
        /// `.` for a white move, `...` for a black one.
        dots: &'static str,
        /// The move as written.
        san: String,
        /// Why it was rejected.
        reason: String,
    },
    /// A variant other than standard chess or Chess960.
    #[error("game {game} (line {line}): unsupported variant '{variant}'")]
    Variant {
        /// The game's number in the file.
        game: usize,
        /// The line where the game starts.
        line: usize,
        /// The `Variant` tag.
        variant: String,
    },
    /// The text could not be parsed as PGN (for example an unterminated tag).
    #[error("game {game} (line {line}): unreadable PGN: {message}")]
    Syntax {
        /// The game's number in the file.
        game: usize,
        /// The line where the game starts.
        line: usize,
        /// The parser's message.
        message: String,
    },
}

impl PgnError {
    /// The number of the game that failed.
    pub fn game(&self) -> usize {
        match self {
            PgnError::BadFen { game, .. }
            | PgnError::IllegalMove { game, .. }
            | PgnError::Variant { game, .. }
            | PgnError::Syntax { game, .. } => *game,
        }
    }
}

/// How much of each game to read.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReadOptions {
    /// Stop each game's main line after this many plies (the rest is skipped unchecked).
    pub max_plies: Option<usize>,
    /// Skip comments, NAGs and variations (faster when only moves matter).
    pub moves_only: bool,
    /// Read castling as Chess960 in games without a `Variant` tag too (such a game without a
    /// `FEN` tag starts from the standard position).
    pub chess960: bool,
}

/// The characters Windows-1252 puts at bytes 0x80 to 0x9F, where Latin-1 has control codes
/// (the five bytes Windows-1252 leaves undefined read as the Latin-1 control of that byte).
const WINDOWS_1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
];

/// PGN bytes as text: UTF-8 without its byte-order mark, or, when the bytes are not UTF-8,
/// Windows-1252 (a superset of Latin-1 in its printable range), the encoding of PGN files from
/// Windows tools and older databases. Every byte string decodes.
///
/// ```
/// use chessbot::rules::pgn::decode_pgn;
/// assert_eq!(decode_pgn(b"\xEF\xBB\xBF[Event \"a\"]"), "[Event \"a\"]");
/// assert_eq!(decode_pgn(b"[White \"M\xFCller\"]"), "[White \"Müller\"]");
/// ```
pub fn decode_pgn(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(
            bytes
                .iter()
                .map(|&b| match b {
                    0x80..=0x9F => WINDOWS_1252_HIGH[usize::from(b - 0x80)],
                    _ => char::from(b),
                })
                .collect(),
        ),
    }
}

/// Reads a PGN file's text with [`decode_pgn`]: the one way every command reads PGN files.
pub fn read_pgn_file(path: &Path) -> std::io::Result<String> {
    Ok(decode_pgn(&std::fs::read(path)?).into_owned())
}

/// Reads every game of a PGN text, in order; broken games come back as errors in their place.
///
/// ```
/// use chessbot::rules::pgn::{read_games, ReadOptions};
/// let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 { develops } Nc6 (2... d6) 1-0\n";
/// let games: Vec<_> = read_games(text, ReadOptions::default()).collect();
/// let game = games[0].as_ref().unwrap();
/// assert_eq!(game.moves.len(), 4);
/// assert_eq!(game.moves[2].comments, ["develops"]);
/// assert_eq!(game.moves[3].variations, ["2... d6"]);
/// ```
pub fn read_games(
    text: &str,
    options: ReadOptions,
) -> impl Iterator<Item = Result<Game, PgnError>> + '_ {
    let mut number = 0;
    split_games(text).flat_map(move |(line, chunk)| {
        let mut reader = Reader::new(chunk.as_bytes());
        let mut out = Vec::new();
        loop {
            number += 1;
            let mut visitor = GameVisitor {
                number,
                line,
                options,
            };
            match reader.read_game(&mut visitor) {
                Ok(Some(result)) => out.push(result),
                Ok(None) => {
                    number -= 1;
                    break;
                }
                Err(e) => {
                    out.push(Err(PgnError::Syntax {
                        game: number,
                        line,
                        message: e.to_string(),
                    }));
                    break;
                }
            }
        }
        out
    })
}

/// Cuts PGN text into pieces that each start with a game's tags: a tag line that follows
/// movetext (outside a `{}` comment) starts a new piece. Yields (first line, text).
fn split_games(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut pieces = Vec::new();
    let mut start = 0; // byte offset of the current piece
    let mut start_line = 1;
    let mut seen_movetext = false;
    let mut in_comment = false;
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_start();
        if !in_comment && trimmed.starts_with('[') && seen_movetext {
            pieces.push((start_line, &text[start..offset]));
            start = offset;
            start_line = i + 1;
            seen_movetext = false;
        }
        let is_tag = !in_comment && trimmed.starts_with('[');
        if !is_tag && !in_comment && !trimmed.is_empty() && !trimmed.starts_with('%') {
            seen_movetext = true;
        }
        if !is_tag && !trimmed.starts_with('%') {
            for c in line.chars() {
                match c {
                    '{' if !in_comment => in_comment = true,
                    '}' if in_comment => in_comment = false,
                    ';' if !in_comment => break,
                    _ => {}
                }
            }
        }
        offset += line.len();
    }
    if text[start..].chars().any(|c| !c.is_whitespace()) {
        pieces.push((start_line, &text[start..]));
    }
    pieces.into_iter()
}

struct GameVisitor {
    number: usize,
    line: usize,
    options: ReadOptions,
}

#[derive(Default)]
struct TagsSoFar {
    tags: Vec<(String, String)>,
}

/// An open variation: the position before its last move, the position now, and its text.
struct OpenVariation {
    before: Chess,
    pos: Chess,
    text: String,
}

struct Movetext {
    tags: Vec<(String, String)>,
    start: Chess,
    chess960: bool,
    pos: Chess,
    before_last: Chess,
    intro_comments: Vec<String>,
    moves: Vec<GameMove>,
    outcome: Option<Outcome>,
    variations: Vec<OpenVariation>,
    truncated: bool,
}

fn number_prefix(pos: &Chess) -> String {
    match pos.turn() {
        Color::White => format!("{}. ", pos.fullmoves()),
        Color::Black => format!("{}... ", pos.fullmoves()),
    }
}

impl GameVisitor {
    fn illegal(&self, pos: &Chess, san: &SanPlus, reason: String) -> PgnError {
        PgnError::IllegalMove {
            game: self.number,
            line: self.line,
            number: pos.fullmoves().get(),
            dots: if pos.turn() == Color::White {
                "."
            } else {
                "..."
            },
            san: san.to_string(),
            reason,
        }
    }
}

impl Visitor for GameVisitor {
    type Tags = TagsSoFar;
    type Movetext = Movetext;
    type Output = Result<Game, PgnError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(TagsSoFar::default())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let tags = tags.tags;
        let get = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
        let chess960 = match get("Variant") {
            None => self.options.chess960,
            Some(v) => {
                let lower = v.to_ascii_lowercase();
                if lower.contains("960") || lower.contains("fischer") {
                    true
                } else if matches!(lower.as_str(), "" | "standard" | "chess" | "normal") {
                    false
                } else {
                    return ControlFlow::Break(Err(PgnError::Variant {
                        game: self.number,
                        line: self.line,
                        variant: v,
                    }));
                }
            }
        };
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let start = match get("FEN") {
            Some(fen) => match parse_position(&fen, mode) {
                Ok(pos) => pos,
                Err(source) => {
                    return ControlFlow::Break(Err(PgnError::BadFen {
                        game: self.number,
                        line: self.line,
                        source,
                    }));
                }
            },
            None if chess960 && get("Variant").is_some() => {
                return ControlFlow::Break(Err(PgnError::BadFen {
                    game: self.number,
                    line: self.line,
                    source: FenError::Empty,
                }));
            }
            None => Chess::default(),
        };
        ControlFlow::Continue(Movetext {
            tags,
            start: start.clone(),
            chess960,
            pos: start.clone(),
            before_last: start,
            intro_comments: Vec::new(),
            moves: Vec::new(),
            outcome: None,
            variations: Vec::new(),
            truncated: false,
        })
    }

    fn san(&mut self, mt: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        if let Some(var) = mt.variations.last_mut() {
            if !var.text.is_empty() {
                var.text.push(' ');
            }
            if var.text.is_empty() || var.pos.turn() == Color::White {
                var.text.push_str(&number_prefix(&var.pos));
            }
            var.text.push_str(&san.to_string());
            if let Ok(m) = san.san.to_move(&var.pos) {
                var.before = var.pos.clone();
                var.pos.play_unchecked(m);
            }
            return ControlFlow::Continue(());
        }
        if self
            .options
            .max_plies
            .is_some_and(|max| mt.moves.len() >= max)
        {
            mt.truncated = true;
            return ControlFlow::Continue(());
        }
        match san.san.to_move(&mt.pos) {
            Ok(mv) => {
                mt.before_last = mt.pos.clone();
                mt.pos.play_unchecked(mv);
                mt.moves.push(GameMove {
                    san,
                    mv,
                    nags: Vec::new(),
                    comments: Vec::new(),
                    variations: Vec::new(),
                });
                ControlFlow::Continue(())
            }
            Err(e) => ControlFlow::Break(Err(self.illegal(&mt.pos, &san, e.to_string()))),
        }
    }

    fn nag(&mut self, mt: &mut Self::Movetext, nag: Nag) -> ControlFlow<Self::Output> {
        if self.options.moves_only {
            return ControlFlow::Continue(());
        }
        if let Some(var) = mt.variations.last_mut() {
            var.text.push_str(&format!(" ${}", nag.0));
        } else if let Some(last) = mt.moves.last_mut() {
            last.nags.push(nag.0);
        }
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        mt: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        if self.options.moves_only {
            return ControlFlow::Continue(());
        }
        let text = String::from_utf8_lossy(comment.as_bytes())
            .trim()
            .to_string();
        if let Some(var) = mt.variations.last_mut() {
            var.text.push_str(&format!(" {{ {text} }}"));
        } else if let Some(last) = mt.moves.last_mut() {
            last.comments.push(text);
        } else {
            mt.intro_comments.push(text);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, mt: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        if self.options.moves_only {
            return ControlFlow::Continue(Skip(true));
        }
        let from = match mt.variations.last() {
            Some(parent) => parent.before.clone(),
            None if mt.moves.is_empty() => return ControlFlow::Continue(Skip(true)),
            None => mt.before_last.clone(),
        };
        mt.variations.push(OpenVariation {
            before: from.clone(),
            pos: from,
            text: String::new(),
        });
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, mt: &mut Self::Movetext) -> ControlFlow<Self::Output> {
        if let Some(var) = mt.variations.pop() {
            let text = var.text.trim().to_string();
            if let Some(parent) = mt.variations.last_mut() {
                parent.text.push_str(&format!(" ( {text} )"));
            } else if let Some(last) = mt.moves.last_mut() {
                last.variations.push(text);
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, mt: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        if mt.variations.is_empty() {
            mt.outcome = Some(outcome);
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut mt: Self::Movetext) -> Self::Output {
        Ok(self.finish(&mut mt))
    }
}

impl GameVisitor {
    fn finish(&self, mt: &mut Movetext) -> Game {
        let tag_outcome = mt
            .tags
            .iter()
            .find(|(n, _)| n == "Result")
            .map(|(_, v)| parse_result(v))
            .unwrap_or(Outcome::Unknown);
        Game {
            number: self.number,
            line: self.line,
            tags: std::mem::take(&mut mt.tags),
            start: mt.start.clone(),
            chess960: mt.chess960,
            intro_comments: std::mem::take(&mut mt.intro_comments),
            moves: std::mem::take(&mut mt.moves),
            outcome: mt.outcome.unwrap_or(tag_outcome),
            truncated: mt.truncated,
        }
    }
}

/// Reads a PGN result (`1-0`, `0-1`, `1/2-1/2`, anything else unknown).
pub fn parse_result(text: &str) -> Outcome {
    match text.trim() {
        "1-0" => Outcome::Known(KnownOutcome::Decisive {
            winner: Color::White,
        }),
        "0-1" => Outcome::Known(KnownOutcome::Decisive {
            winner: Color::Black,
        }),
        "1/2-1/2" | "½-½" => Outcome::Known(KnownOutcome::Draw),
        _ => Outcome::Unknown,
    }
}

/// Writes an outcome as PGN does (`1-0`, `0-1`, `1/2-1/2`, `*`).
pub fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Known(KnownOutcome::Decisive {
            winner: Color::White,
        }) => "1-0",
        Outcome::Known(KnownOutcome::Decisive {
            winner: Color::Black,
        }) => "0-1",
        Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
        Outcome::Unknown => "*",
    }
}

#[cfg(test)]
mod decode_tests {
    use super::*;

    #[test]
    fn latin1_and_bom_files_read_like_utf8() {
        let utf8 = "[Event \"Müller – Ça\"]\n[White \"Müller\"]\n\n1. e4 e5 1-0\n";
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(utf8.as_bytes());
        // Latin-1 ü and Ç, and Windows-1252's en dash (0x96).
        let latin1 = b"[Event \"M\xFCller \x96 \xC7a\"]\n[White \"M\xFCller\"]\n\n1. e4 e5 1-0\n";
        for bytes in [utf8.as_bytes(), &bom, latin1] {
            let text = decode_pgn(bytes);
            assert_eq!(text, utf8);
            let games: Vec<Game> = read_games(&text, ReadOptions::default())
                .map(Result::unwrap)
                .collect();
            assert_eq!(games.len(), 1, "no phantom game");
            assert_eq!(games[0].tag("Event"), Some("Müller – Ça"));
            assert_eq!(games[0].moves.len(), 2);
        }
        assert_eq!(decode_pgn(b"\x81\xFF"), "\u{81}ÿ");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<Result<Game, PgnError>> {
        read_games(text, ReadOptions::default()).collect()
    }

    #[test]
    fn several_games_with_annotations_and_lines() {
        let text = "[Event \"one\"]\n[Result \"1-0\"]\n\n1. e4 $1 e5 { a comment\n[spanning] } 2. Qh5 ?! (2. Nf3 Nc6 (2... d6) 3. Bb5) 2... Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"two\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n";
        let games = all(text);
        assert_eq!(games.len(), 2);
        let one = games[0].as_ref().unwrap();
        assert_eq!((one.number, one.line, one.moves.len()), (1, 1, 7));
        assert_eq!(one.moves[0].nags, [1]);
        assert_eq!(one.moves[1].comments, ["a comment\n[spanning]"]);
        assert_eq!(one.moves[2].nags, [6]);
        assert_eq!(one.moves[2].variations, ["2. Nf3 Nc6 ( 2... d6 ) 3. Bb5"]);
        assert_eq!(result_text(one.outcome), "1-0");
        let two = games[1].as_ref().unwrap();
        assert_eq!((two.number, two.line, two.moves.len()), (2, 7, 2));
        assert_eq!(two.tag("Event"), Some("two"));
        assert_eq!(result_text(two.outcome), "*");
    }

    #[test]
    fn broken_games_are_named_and_the_rest_still_read() {
        let text = "[Event \"ok\"]\n\n1. e4 e5 1-0\n\n[Event \"bad\"]\n\n1. e4 e5 2. Ke3 Nc6 0-1\n\n\
[Event \"bad fen\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n[Event \"ok2\"]\n\n1. d4 d5 *\n";
        let games = all(text);
        assert_eq!(games.len(), 4);
        assert!(games[0].is_ok() && games[3].is_ok());
        let e = games[1].as_ref().unwrap_err();
        assert_eq!(e.game(), 2);
        let msg = e.to_string();
        assert!(
            msg.contains("game 2 (line 5)") && msg.contains("2.Ke3"),
            "{msg}"
        );
        let e = games[2].as_ref().unwrap_err().to_string();
        assert!(
            e.contains("game 3 (line 9)") && e.contains("bad FEN"),
            "{e}"
        );
        assert_eq!(games[3].as_ref().unwrap().line, 14);
    }

    #[test]
    fn black_move_numbers_and_chess960() {
        let text = "[Variant \"Chess960\"]\n[FEN \"rnqbbknr/pppppppp/8/8/8/8/PPPPPPPP/RNQBBKNR w HAha - 0 1\"]\n\n1. Nf3 Nf6 2. g3 g6 3. O-O O-O *\n";
        let g = all(text).remove(0).unwrap();
        assert!(g.chess960);
        assert!(matches!(g.moves[4].mv, Move::Castle { .. }));
        assert!(matches!(g.moves[5].mv, Move::Castle { .. }));
        let bad = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 Kd1 *\n";
        let msg = all(bad).remove(0).unwrap_err().to_string();
        assert!(msg.contains("31...Kd1"), "{msg}");
    }

    #[test]
    fn empty_text_has_no_games_and_max_plies_truncates() {
        assert!(all("").is_empty());
        assert!(all("\n\n  \n").is_empty());
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n";
        let opts = ReadOptions {
            max_plies: Some(3),
            moves_only: true,
            chess960: false,
        };
        let g = read_games(text, opts).next().unwrap().unwrap();
        assert_eq!(g.moves.len(), 3);
        assert!(g.truncated);
        assert_eq!(result_text(g.outcome), "1/2-1/2");
    }
}
