//! PGN output, one writer for every game this crate writes (matches, `play`, `autoplay`) and
//! for annotated reviews (`analyze`): tag pairs, movetext with move numbers, SAN, NAGs, comments
//! and variations, lines wrapped below 80 columns as the PGN export format asks, an empty line
//! after each game.
//!
//! A [`GameRecord`] is written as the Seven Tag Roster, then `Variant` (Chess960, Alice),
//! `SetUp`/`FEN` for a game that does not start from the initial position, `TimeControl`,
//! `Termination`, and in [`PgnStyle::Match`] `PlyCount`, then its extra tags; the movetext ends
//! with a comment saying how the game ended.

use super::{GamePosition, GameRecord};
use shakmaty::Color;

/// The widest a movetext line gets (the export format keeps lines under 80 characters).
pub const LINE_WIDTH: usize = 79;

/// The conventions a [`GameRecord`] is written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PgnStyle {
    /// Matches and `autoplay`: a `PlyCount` tag and the end worded as cutechess words it
    /// (`White mates`, `Draw by 3-fold repetition`), so that tools reading cutechess's PGN read
    /// ours alike.
    #[default]
    Match,
    /// Games with a person (`play`): the end as the sentence the player was shown (`White wins
    /// by checkmate`).
    Play,
}

/// A tag value with `\` and `"` escaped as PGN requires.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Appends one tag pair line.
pub fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
}

/// A comment as one movetext token: `{text}`, with braces inside replaced by parentheses and
/// line breaks by spaces so that the text cannot end the comment early.
pub fn comment(text: &str) -> String {
    let text = text
        .replace('{', "(")
        .replace('}', ")")
        .replace(['\n', '\r'], " ");
    format!("{{{text}}}")
}

/// Movetext being written: tokens in order, wrapped into lines by [`Movetext::finish`].
#[derive(Debug, Clone, Default)]
pub struct Movetext {
    tokens: Vec<String>,
}

impl Movetext {
    /// An empty movetext.
    pub fn new() -> Movetext {
        Movetext::default()
    }

    /// The move number before a move of `turn` at move `fullmoves`: `12.` before White's move,
    /// `12...` before Black's when `force` (the first move, or after a variation).
    pub fn number(&mut self, fullmoves: u32, turn: Color, force: bool) {
        match turn {
            Color::White => self.tokens.push(format!("{fullmoves}.")),
            Color::Black if force => self.tokens.push(format!("{fullmoves}...")),
            Color::Black => {}
        }
    }

    /// Any token: a move in SAN, a NAG (`$2`), a comment made with [`comment`], a variation
    /// (`( 12... Nf6 13. Nc3 )`) or the result.
    pub fn push(&mut self, token: impl Into<String>) {
        self.tokens.push(token.into());
    }

    /// The movetext ended by `result` (`1-0`, `*`), wrapped at [`LINE_WIDTH`], with the empty
    /// line that ends a game. Tokens break at spaces, except inside `[...]` (commands such as
    /// `[%eval 0.35]` stay whole).
    pub fn finish(mut self, result: &str) -> String {
        self.tokens.push(result.to_string());
        let mut out = String::new();
        let mut line = String::new();
        for token in &self.tokens {
            for word in words(token) {
                if !line.is_empty() && line.len() + 1 + word.len() > LINE_WIDTH {
                    out.push_str(&line);
                    out.push('\n');
                    line.clear();
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(word);
            }
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}

/// Splits at spaces that are not inside `[...]`.
fn words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            ' ' if depth == 0 => {
                if i > start {
                    out.push(&text[start..i]);
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// Writes `game` as one PGN game, ending with an empty line.
///
/// ```
/// use chessbot::game::{GamePosition, GameRecord, GameResult, Termination};
/// use shakmaty::{Chess, Color};
///
/// let mut game = GameRecord::new(Chess::default(), "random", "material");
/// let mut pos = Chess::default();
/// for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     let m = pos.uci_to_move(uci.parse().unwrap()).unwrap();
///     pos = pos.played(m);
///     game.moves.push(m);
/// }
/// game.result = Some(GameResult::new(Some(Color::Black), Termination::Checkmate));
/// let pgn = game.to_pgn();
/// assert!(pgn.contains("[Result \"0-1\"]"));
/// assert!(pgn.contains("1. f3 e5 2. g4 Qh4# {Black mates} 0-1"));
/// ```
pub fn write<P: GamePosition>(game: &GameRecord<P>) -> String {
    let result = game.result.as_ref().map_or("*", |r| r.pgn());
    let mut out = String::new();
    let tag = |out: &mut String, name: &str, value: &str| write_tag(out, name, value);
    tag(&mut out, "Event", &game.event);
    tag(&mut out, "Site", &game.site);
    tag(&mut out, "Date", &game.date);
    tag(&mut out, "Round", &game.round);
    tag(&mut out, "White", &game.white);
    tag(&mut out, "Black", &game.black);
    tag(&mut out, "Result", result);
    if let Some(variant) = P::variant_tag(game.castling) {
        tag(&mut out, "Variant", variant);
    }
    if !game.starts_from_initial() {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &game.start.to_fen());
    }
    if let Some(tc) = &game.time_control {
        tag(&mut out, "TimeControl", tc);
    }
    let termination = game
        .result
        .as_ref()
        .map_or("unterminated", |r| r.termination.pgn_tag());
    tag(&mut out, "Termination", termination);
    if game.style == PgnStyle::Match {
        tag(&mut out, "PlyCount", &game.moves.len().to_string());
    }
    for (name, value) in &game.extra_tags {
        tag(&mut out, name, value);
    }
    out.push('\n');

    let mut movetext = Movetext::new();
    let mut pos = game.start.clone();
    for (i, &m) in game.moves.iter().enumerate() {
        movetext.number(pos.fullmoves(), pos.turn(), i == 0);
        movetext.push(pos.san(m));
        pos.play_unchecked(m);
        if let Some(Some(c)) = game.comments.get(i) {
            movetext.push(comment(c));
        }
    }
    if let Some(text) = game.end_text() {
        movetext.push(comment(&text));
    }
    out.push_str(&movetext.finish(result));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameResult, Termination};
    use crate::variant::alice::Alice;
    use shakmaty::{CastlingMode, Chess};

    fn play<P: GamePosition>(game: &mut GameRecord<P>, moves: &[&str]) {
        let mut pos = game.position();
        for uci in moves {
            let m = pos.uci_to_move(uci.parse().unwrap()).unwrap();
            pos.play_unchecked(m);
            game.moves.push(m);
        }
    }

    fn chess(fen: &str) -> Chess {
        GamePosition::from_fen(fen, CastlingMode::Standard).unwrap()
    }

    #[test]
    fn setup_start_black_to_move_and_escaping() {
        let start = chess("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let mut game = GameRecord::new(start, "a \"quoted\" name", "b");
        play(&mut game, &["e7e5", "g1f3"]);
        game.time_control = Some("10+0.1".into());
        game.result = Some(GameResult {
            winner: Some(Color::Black),
            termination: Termination::Crash,
            detail: Some("exit {status} 1".into()),
        });
        let pgn = game.to_pgn();
        assert!(pgn.contains("[White \"a \\\"quoted\\\" name\"]\n"), "{pgn}");
        assert!(pgn.contains(
            "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]"
        ));
        assert!(pgn.contains("[Termination \"crash\"]"));
        assert!(pgn.contains("[TimeControl \"10+0.1\"]"));
        assert!(
            pgn.contains("1... e5 2. Nf3 {White's engine crashed: exit (status) 1} 0-1\n\n"),
            "{pgn}"
        );
    }

    #[test]
    fn long_games_wrap_within_the_line_width() {
        let mut game = GameRecord::new(Chess::default(), "w", "b");
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let moves: Vec<&str> = shuffle.iter().cycle().take(120).copied().collect();
        play(&mut game, &moves);
        let pgn = game.to_pgn();
        let movetext = pgn.split("\n\n").nth(1).unwrap();
        assert!(movetext.lines().count() > 5);
        assert!(movetext.lines().all(|l| l.len() <= LINE_WIDTH));
        assert!(pgn.contains("[Result \"*\"]"));
        assert!(pgn.contains("[Termination \"unterminated\"]"));
        assert!(movetext.trim_end().ends_with(" *"));
    }

    #[test]
    fn play_style_chess960_and_alice() {
        let start = chess("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
        let mut game = GameRecord::new(start, "You", "chessbot");
        game.style = PgnStyle::Play;
        game.castling = CastlingMode::Chess960;
        play(&mut game, &["f7g7"]);
        game.result = game.position().end_by_rules(&[]);
        let pgn = game.to_pgn();
        assert!(pgn.contains("[Result \"1-0\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]"));
        assert!(pgn.contains("[Termination \"normal\"]\n\n1. Qg7# {White wins by checkmate} 1-0"));
        assert!(!pgn.contains("PlyCount"), "{pgn}");

        let mut alice = GameRecord::new(Alice::default(), "a", "b");
        play(&mut alice, &["e2e4", "d7d5"]);
        let pgn = alice.to_pgn();
        assert!(pgn.contains("[Variant \"Alice\"]"), "{pgn}");
        assert!(!pgn.contains("[FEN"), "{pgn}");
        assert!(pgn.contains("1. e4 d5 *"), "{pgn}");
        let start = Alice::from_fen("k7/7|R/1Q6/8/8/8/8/7K w - - 0 1").unwrap();
        let alice = GameRecord::new(start, "a", "b");
        assert!(
            alice
                .to_pgn()
                .contains("[FEN \"k7/7|R/1Q6/8/8/8/8/7K w - - 0 1\"]")
        );
    }

    #[test]
    fn words_keep_commands_whole() {
        assert_eq!(
            words("{ [%eval 1.0] a  b }"),
            ["{", "[%eval 1.0]", "a", "b", "}"]
        );
        assert_eq!(comment("a {b}\nc"), "{a (b) c}");
    }
}
