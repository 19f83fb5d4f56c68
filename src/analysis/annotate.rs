//! Annotated PGN from a [`GameReview`]: the game's tags and comments kept, an `[%eval]` comment
//! after every move (White's point of view, pawns or `#N`, as Lichess and python-chess read it),
//! NAGs for inaccuracies (`$6`), mistakes (`$2`) and blunders (`$4`), and the engine's better
//! line as a variation after each of them.

use super::review::{Class, GameReview, MoveReview};
use crate::game::pgn::{Movetext, write_tag};
use crate::rules::pgn::result_text;
use crate::search::Score;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

/// How many plies of the engine's line a variation shows.
pub const VARIATION_PLIES: usize = 6;

/// The `[%eval ...]` text of a White-point-of-view score: `0.35`, `-1.20`, `#3`, `#-2`.
pub fn eval_text(white: Score) -> String {
    match white.mate_moves() {
        Some(m) => format!("#{m}"),
        None => format!("{:.2}", f64::from(white.0) / 100.0),
    }
}

/// A comment token in the spacing review tools write: `{ [%eval 0.35] text }`.
fn comment(text: &str) -> String {
    crate::game::pgn::comment(&format!(" {text} "))
}

/// The move number before a move in `pos` (see [`Movetext::number`]), as text.
fn number_prefix(pos: &Chess, force: bool) -> Option<String> {
    match pos.turn() {
        Color::White => Some(format!("{}.", pos.fullmoves())),
        Color::Black if force => Some(format!("{}...", pos.fullmoves())),
        Color::Black => None,
    }
}

/// A line of moves from `pos` in SAN with move numbers, as PGN movetext.
pub fn san_line(pos: &Chess, moves: &[Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        if !p.is_legal(m) {
            break;
        }
        out.extend(number_prefix(&p, i == 0));
        out.push(SanPlus::from_move_and_play_unchecked(&mut p, m).to_string());
    }
    out.join(" ")
}

fn class_word(class: Class) -> &'static str {
    match class {
        Class::Good => "",
        Class::Inaccuracy => "Inaccuracy",
        Class::Mistake => "Mistake",
        Class::Blunder => "Blunder",
    }
}

/// The comment after a reviewed move: its evaluation, and for a bad move what was best.
fn move_comment(m: &MoveReview, old: &[String]) -> String {
    let mut parts = Vec::new();
    if !m.after.pv.is_empty() || m.after.score != Score::mated_in(0) {
        parts.push(format!("[%eval {}]", eval_text(m.white_score_after())));
    }
    for c in old {
        // Our own evaluation replaces an older one.
        let kept = strip_eval(c);
        if !kept.is_empty() {
            parts.push(kept);
        }
    }
    if m.class != Class::Good
        && let Some(best) = m.best.best()
    {
        parts.push(format!(
            "{}. {} was best.",
            class_word(m.class),
            san_line(&m.before, &[best])
                .split(' ')
                .next_back()
                .unwrap_or_default()
        ));
    }
    parts.join(" ")
}

/// A comment without its `[%eval ...]` commands.
fn strip_eval(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("[%eval") {
        out.push_str(&rest[..i]);
        match rest[i..].find(']') {
            Some(j) => rest = &rest[i + j + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Writes a reviewed game as annotated PGN, ending with an empty line.
pub fn write_annotated(review: &GameReview, annotator: &str) -> String {
    let game = &review.game;
    let mut out = String::new();
    for (name, value) in &game.tags {
        if name != "Annotator" {
            write_tag(&mut out, name, value);
        }
    }
    write_tag(&mut out, "Annotator", annotator);
    out.push('\n');
    let mut movetext = Movetext::new();
    for c in &game.intro_comments {
        movetext.push(comment(c));
    }
    let mut force_number = true;
    for (gm, m) in game.moves.iter().zip(&review.moves) {
        movetext.number(m.before.fullmoves().get(), m.before.turn(), force_number);
        movetext.push(gm.san.to_string());
        match m.class.nag() {
            Some(nag) => {
                movetext.push(format!("${nag}"));
                for n in gm.nags.iter().filter(|n| !(1..=6).contains(*n)) {
                    movetext.push(format!("${n}"));
                }
            }
            None => {
                for n in &gm.nags {
                    movetext.push(format!("${n}"));
                }
            }
        }
        let text = move_comment(m, &gm.comments);
        if !text.is_empty() {
            movetext.push(comment(&text));
        }
        force_number = false;
        for v in &gm.variations {
            movetext.push(format!("( {v} )"));
            force_number = true;
        }
        if m.class != Class::Good && !m.was_best && !m.best.pv.is_empty() {
            let plies = m.best.pv.len().min(VARIATION_PLIES);
            let line = san_line(&m.before, &m.best.pv[..plies]);
            let eval = match m.mover {
                Color::White => m.best.score,
                Color::Black => -m.best.score,
            };
            movetext.push(format!(
                "( {line} {} )",
                comment(&format!("[%eval {}]", eval_text(eval)))
            ));
            force_number = true;
        }
    }
    out.push_str(&movetext.finish(result_text(game.outcome)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_text_and_strip() {
        assert_eq!(eval_text(Score::cp(35)), "0.35");
        assert_eq!(eval_text(Score::cp(-120)), "-1.20");
        assert_eq!(eval_text(Score::mate_in(3)), "#2");
        assert_eq!(
            strip_eval("[%eval 0.3] good [%clk 0:01:00]"),
            "good [%clk 0:01:00]"
        );
        let pos = Chess::default();
        let moves: Vec<Move> = ["e2e4", "e7e5", "g1f3"]
            .iter()
            .map(|u| u.parse::<shakmaty::uci::UciMove>().unwrap())
            .scan(pos.clone(), |p, u| {
                let m = u.to_move(p).unwrap();
                p.play_unchecked(m);
                Some(m)
            })
            .collect();
        assert_eq!(san_line(&pos, &moves), "1. e4 e5 2. Nf3");
        let mut after = pos.clone();
        after.play_unchecked(moves[0]);
        assert_eq!(san_line(&after, &moves[1..]), "1... e5 2. Nf3");
    }
}
