//! PGN export: the Seven Tag Roster, `SetUp`/`FEN` for games that do not start from the initial
//! position, `TimeControl`, `Termination`, SAN moves with move numbers, lines wrapped at 79
//! columns, and a final comment saying how the game ended.

use super::GameRecord;
use crate::rules::fen::to_fen;
use shakmaty::san::SanPlus;
use shakmaty::{Color, Position};

/// The widest a movetext line gets.
pub const LINE_WIDTH: usize = 79;

/// A tag value with `\` and `"` escaped as PGN requires.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A comment body that cannot end the comment early.
fn comment_text(text: &str) -> String {
    text.replace('{', "(")
        .replace('}', ")")
        .replace(['\n', '\r'], " ")
}

/// Writes `game` as one PGN game, ending with an empty line.
///
/// ```
/// use chessbot::game::{GameRecord, GameResult, Termination};
/// use shakmaty::{Chess, Color, Position, uci::UciMove};
///
/// let mut game = GameRecord::new(Chess::default(), "random", "material");
/// let mut pos = Chess::default();
/// for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
///     pos.play_unchecked(m);
///     game.moves.push(m);
/// }
/// game.result = Some(GameResult::new(Some(Color::Black), Termination::Checkmate));
/// let pgn = game.to_pgn();
/// assert!(pgn.contains("[Result \"0-1\"]"));
/// assert!(pgn.contains("1. f3 e5 2. g4 Qh4# {Black mates} 0-1"));
/// ```
pub fn write(game: &GameRecord) -> String {
    let result = game.result.as_ref().map_or("*", |r| r.pgn());
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    };
    tag("Event", &game.event);
    tag("Site", &game.site);
    tag("Date", &game.date);
    tag("Round", &game.round);
    tag("White", &game.white);
    tag("Black", &game.black);
    tag("Result", result);
    if !game.starts_from_initial() {
        tag("SetUp", "1");
        tag("FEN", &to_fen(&game.start));
    }
    if let Some(tc) = &game.time_control {
        tag("TimeControl", tc);
    }
    if let Some(r) = &game.result {
        tag("Termination", r.termination.pgn_tag());
    }
    tag("PlyCount", &game.moves.len().to_string());
    for (name, value) in &game.extra_tags {
        tag(name, value);
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::with_capacity(game.moves.len() * 2 + 2);
    let mut pos = game.start.clone();
    for (i, &m) in game.moves.iter().enumerate() {
        let number = pos.fullmoves();
        if pos.turn() == Color::White {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
        if let Some(Some(c)) = game.comments.get(i) {
            tokens.push(format!("{{{}}}", comment_text(c)));
        }
    }
    if let Some(r) = &game.result {
        tokens.push(format!("{{{}}}", comment_text(&r.describe())));
    }
    tokens.push(result.to_string());

    let mut line = String::new();
    for token in tokens {
        // Comments may be split at spaces; everything else is one word.
        for word in split_token(&token) {
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

fn split_token(token: &str) -> Vec<&str> {
    if token.starts_with('{') {
        token.split(' ').filter(|w| !w.is_empty()).collect()
    } else {
        vec![token]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameResult, Termination};
    use crate::rules::fen::parse_position;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Chess};

    fn play(game: &mut GameRecord, moves: &[&str]) {
        let mut pos = game.position();
        for uci in moves {
            let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            game.moves.push(m);
        }
    }

    #[test]
    fn setup_start_black_to_move_and_escaping() {
        let start = parse_position(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            CastlingMode::Standard,
        )
        .unwrap();
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
        assert!(movetext.trim_end().ends_with(" *"));
    }
}
