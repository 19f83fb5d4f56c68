//! Reviewing a game: every position evaluated, every move classified by how much it lowered
//! the mover's expected score, and a summary per player.
//!
//! # Thresholds
//!
//! A score becomes an expected score (0 = lost, 1 = won) with the logistic curve Lichess uses,
//! `E(cp) = 1 / (1 + exp(-0.00368208 * cp))` (mates count as 0 or 1). A move's *drop* is the
//! mover's expected score before it (with the engine's best move) minus the expected score after
//! it. Drops of at least [`INACCURACY_DROP`] (0.05), [`MISTAKE_DROP`] (0.10) and
//! [`BLUNDER_DROP`] (0.15) make an inaccuracy (`?!`, NAG 6), a mistake (`?`, NAG 2) and a
//! blunder (`??`, NAG 4): the same cut-offs as Lichess's 0.1/0.2/0.3 on its -1..1 scale.
//!
//! *Centipawn loss* is the drop in centipawns, each score clamped to ±[`CP_CLAMP`] (mates count
//! as the clamp), and never below zero; a move that is the engine's best move loses nothing.
//! *Accuracy* per move is Lichess's `103.1668 * exp(-4.354 * drop) - 3.1669`, clamped to 0..100;
//! a player's accuracy is the mean over their moves.

use super::{AnalysisError, Evaluation, Evaluator};
use crate::rules::pgn::Game;
use crate::search::Score;
use shakmaty::{Chess, Color, Move, Position};

/// Smallest drop in expected score that makes an inaccuracy.
pub const INACCURACY_DROP: f64 = 0.05;
/// Smallest drop in expected score that makes a mistake.
pub const MISTAKE_DROP: f64 = 0.10;
/// Smallest drop in expected score that makes a blunder.
pub const BLUNDER_DROP: f64 = 0.15;
/// Scores are clamped to this many centipawns for centipawn loss.
pub const CP_CLAMP: i32 = 1000;

/// How good a move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// The drop is below [`INACCURACY_DROP`].
    Good,
    /// A drop of at least [`INACCURACY_DROP`].
    Inaccuracy,
    /// A drop of at least [`MISTAKE_DROP`].
    Mistake,
    /// A drop of at least [`BLUNDER_DROP`].
    Blunder,
}

impl Class {
    /// The class of a drop in expected score.
    pub fn from_drop(drop: f64) -> Class {
        if drop >= BLUNDER_DROP {
            Class::Blunder
        } else if drop >= MISTAKE_DROP {
            Class::Mistake
        } else if drop >= INACCURACY_DROP {
            Class::Inaccuracy
        } else {
            Class::Good
        }
    }

    /// The PGN numeric annotation glyph (`None` for a good move).
    pub fn nag(self) -> Option<u8> {
        match self {
            Class::Good => None,
            Class::Inaccuracy => Some(6),
            Class::Mistake => Some(2),
            Class::Blunder => Some(4),
        }
    }

    /// The glyph as a suffix (`?!`, `?`, `??`; empty for a good move).
    pub fn suffix(self) -> &'static str {
        match self {
            Class::Good => "",
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }
}

/// The expected score (0..1) of a score for the side it is from.
pub fn expected_score(score: Score) -> f64 {
    // By sign: a mate on the board reads as "mate in 0" for both sides.
    match score.mate_moves() {
        Some(_) if score.0 > 0 => 1.0,
        Some(_) => 0.0,
        None => 1.0 / (1.0 + (-0.003_682_08 * f64::from(score.0)).exp()),
    }
}

/// A score clamped to ±[`CP_CLAMP`] centipawns (mates become the clamp).
pub fn clamped_cp(score: Score) -> i32 {
    match score.mate_moves() {
        Some(_) if score.0 > 0 => CP_CLAMP,
        Some(_) => -CP_CLAMP,
        None => score.0.clamp(-CP_CLAMP, CP_CLAMP),
    }
}

/// Lichess's accuracy of one move from its drop in expected score, 0..100.
pub fn move_accuracy(drop: f64) -> f64 {
    (103.1668 * (-4.354 * drop.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}

/// The review of one move.
#[derive(Debug, Clone)]
pub struct MoveReview {
    /// The ply index in the game, from 0.
    pub ply: usize,
    /// Who played it.
    pub mover: Color,
    /// The move number as printed in PGN.
    pub number: u32,
    /// The move played.
    pub mv: Move,
    /// The position before the move.
    pub before: Chess,
    /// The engine's verdict on the position before the move (its best line).
    pub best: Evaluation,
    /// The engine's verdict on the position after the move (from the opponent's side).
    pub after: Evaluation,
    /// Drop in the mover's expected score.
    pub drop: f64,
    /// Centipawn loss (see the module notes).
    pub cp_loss: i32,
    /// The class of the move.
    pub class: Class,
    /// Whether the move played was the engine's best move.
    pub was_best: bool,
}

impl MoveReview {
    /// The evaluation after the move from White's point of view.
    pub fn white_score_after(&self) -> Score {
        match self.mover {
            Color::White => -self.after.score,
            Color::Black => self.after.score,
        }
    }

    /// `23w` / `23b` style name of the move.
    pub fn label(&self) -> String {
        format!("{}{}", self.number, self.mover.fold_wb('w', 'b'))
    }
}

/// One player's figures.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct PlayerSummary {
    /// The player's name from the tags (or `White`/`Black`).
    pub name: String,
    /// Moves reviewed.
    pub moves: usize,
    /// Average centipawn loss (none when the player made no move).
    pub acpl: Option<f64>,
    /// Mean accuracy, 0..100 (none when the player made no move).
    pub accuracy: Option<f64>,
    /// Inaccuracies.
    pub inaccuracies: usize,
    /// Mistakes.
    pub mistakes: usize,
    /// Blunders.
    pub blunders: usize,
}

/// A reviewed game.
#[derive(Debug, Clone)]
pub struct GameReview {
    /// The game as read.
    pub game: Game,
    /// The engine's verdict on the start position.
    pub start: Evaluation,
    /// One review per main-line move.
    pub moves: Vec<MoveReview>,
}

impl GameReview {
    /// The summary for one side.
    pub fn summary(&self, color: Color) -> PlayerSummary {
        let name = self
            .game
            .tag(color.fold_wb("White", "Black"))
            .filter(|n| !n.is_empty() && *n != "?")
            .unwrap_or(color.fold_wb("White", "Black"))
            .to_string();
        let mine: Vec<&MoveReview> = self.moves.iter().filter(|m| m.mover == color).collect();
        let n = mine.len();
        let count = |c: Class| mine.iter().filter(|m| m.class == c).count();
        let mean = |f: &dyn Fn(&MoveReview) -> f64| {
            (n > 0).then(|| mine.iter().map(|m| f(m)).sum::<f64>() / n as f64)
        };
        PlayerSummary {
            name,
            moves: n,
            acpl: mean(&|m| f64::from(m.cp_loss)),
            accuracy: mean(&|m| move_accuracy(m.drop)),
            inaccuracies: count(Class::Inaccuracy),
            mistakes: count(Class::Mistake),
            blunders: count(Class::Blunder),
        }
    }

    /// White's evaluation at the start and after every move.
    pub fn white_scores(&self) -> Vec<Score> {
        let start = match self.game.start.turn() {
            Color::White => self.start.score,
            Color::Black => -self.start.score,
        };
        std::iter::once(start)
            .chain(self.moves.iter().map(MoveReview::white_score_after))
            .collect()
    }

    /// Finds a move by its `23w` / `23b` label.
    pub fn find(&self, label: &str) -> Option<&MoveReview> {
        self.moves.iter().find(|m| m.label() == label)
    }
}

/// Evaluates every position of `game` and reviews each move. `progress` is called after each
/// position evaluated (for a progress bar).
///
/// # Errors
///
/// [`AnalysisError`] when the engine fails.
pub fn review_game(
    game: &Game,
    evaluator: &mut dyn Evaluator,
    progress: &mut dyn FnMut(),
) -> Result<GameReview, AnalysisError> {
    let positions = game.positions();
    let mut evals = Vec::with_capacity(positions.len());
    for (i, pos) in positions.iter().enumerate() {
        let eval = match Evaluation::terminal(pos) {
            Some(e) => e,
            None => evaluator.evaluate(pos, &positions[..i])?,
        };
        evals.push(eval);
        progress();
    }
    let mut moves = Vec::with_capacity(game.moves.len());
    for (ply, gm) in game.moves.iter().enumerate() {
        let before = &positions[ply];
        let best = evals[ply].clone();
        let after = evals[ply + 1].clone();
        let was_best = best.best() == Some(gm.mv);
        // Both from the mover's point of view.
        let (s_best, s_after) = (best.score, -after.score);
        let (drop, cp_loss) = if was_best {
            (0.0, 0)
        } else {
            (
                (expected_score(s_best) - expected_score(s_after)).max(0.0),
                (clamped_cp(s_best) - clamped_cp(s_after)).max(0),
            )
        };
        moves.push(MoveReview {
            ply,
            mover: before.turn(),
            number: before.fullmoves().get(),
            mv: gm.mv,
            before: before.clone(),
            best,
            after,
            drop,
            cp_loss,
            class: Class::from_drop(drop),
            was_best,
        });
    }
    Ok(GameReview {
        game: game.clone(),
        start: evals.swap_remove(0),
        moves,
    })
}

/// A one-line evaluation graph in block characters, one per score (White's expected score:
/// `▁` lost for White, `█` won).
pub fn sparkline(white_scores: &[Score]) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    white_scores
        .iter()
        .map(|&s| BARS[((expected_score(s) * 8.0) as usize).min(7)])
        .collect()
}

/// A score for people, from White's point of view: `+0.35`, `-1.20`, `#3`, `#-2`.
pub fn format_score(white: Score) -> String {
    match white.mate_moves() {
        Some(m) => format!("#{m}"),
        None => format!("{:+.2}", f64::from(white.0) / 100.0),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::pgn::{ReadOptions, read_games};

    /// An evaluator that answers from a script: the score of each position in turn (side to
    /// move's view) and the a-pawn's single step (never played in the test game) as best.
    pub(crate) struct Scripted(pub Vec<i32>);

    impl Evaluator for Scripted {
        fn name(&self) -> String {
            "scripted".into()
        }
        fn evaluate(
            &mut self,
            pos: &Chess,
            history: &[Chess],
        ) -> Result<Evaluation, AnalysisError> {
            let mv = pos
                .legal_moves()
                .into_iter()
                .find(|m| {
                    m.role() == shakmaty::Role::Pawn
                        && m.from().is_some_and(|f| f.file() == shakmaty::File::A)
                        && m.from().map(|f| f.distance(m.to())) == Some(1)
                })
                .expect("a-pawn step");
            Ok(Evaluation {
                score: Score::cp(self.0[history.len()]),
                pv: vec![mv],
                depth: Some(1),
                nodes: None,
            })
        }
    }

    /// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#, with scripted evaluations.
    pub(crate) fn scripted_review() -> GameReview {
        let text = "[White \"A\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
        let game = read_games(text, ReadOptions::default())
            .next()
            .unwrap()
            .unwrap();
        // Side-to-move scores before each ply; the last position is mate (not evaluated).
        let mut ev = Scripted(vec![20, -20, 30, -30, 30, -30, 300, 0]);
        let mut calls = 0;
        let review = review_game(&game, &mut ev, &mut || calls += 1).unwrap();
        assert_eq!(calls, 8);
        review
    }

    #[test]
    fn review_classifies_by_expected_score_drop() {
        let r = scripted_review();
        let classes: Vec<Class> = r.moves.iter().map(|m| m.class).collect();
        // Black's 3... Nf6 leaves White +200 where Black's best was -30: a drop of
        // E(-30) - E(-300) = 0.47 - 0.25, a blunder; the mating move is scored exactly.
        assert_eq!(classes[5], Class::Blunder, "{classes:?}");
        assert_eq!(r.moves[5].cp_loss, 270);
        assert_eq!(classes[6], Class::Good, "mating is never a mistake");
        assert_eq!(r.moves[6].white_score_after().mate_moves(), Some(0));
        assert!(
            classes[..5].iter().all(|&c| c == Class::Good),
            "{classes:?}"
        );
        let black = r.summary(Color::Black);
        assert_eq!(
            (black.blunders, black.moves, black.name.as_str()),
            (1, 3, "Black")
        );
        assert_eq!(r.summary(Color::White).name, "A");
        assert!(black.accuracy.is_some_and(|a| a < 100.0));
        assert_eq!(r.white_scores().len(), 8);
        assert_eq!(r.find("3b").map(|m| m.ply), Some(5));
    }

    #[test]
    fn thresholds_and_curves() {
        assert_eq!(Class::from_drop(0.0), Class::Good);
        assert_eq!(Class::from_drop(0.049), Class::Good);
        assert_eq!(Class::from_drop(0.05), Class::Inaccuracy);
        assert_eq!(Class::from_drop(0.12), Class::Mistake);
        assert_eq!(Class::from_drop(0.5), Class::Blunder);
        assert!((expected_score(Score::cp(0)) - 0.5).abs() < 1e-9);
        assert!(expected_score(Score::cp(300)) > 0.7);
        assert_eq!(expected_score(Score::mate_in(3)), 1.0);
        assert_eq!(expected_score(Score::mated_in(2)), 0.0);
        assert_eq!(clamped_cp(Score::mated_in(2)), -CP_CLAMP);
        assert_eq!(expected_score(Score::mate_in(0)), 1.0);
        assert_eq!(expected_score(Score::mated_in(0)), 0.0);
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(move_accuracy(0.5) < 15.0);
        assert_eq!(format_score(Score::cp(-120)), "-1.20");
        assert_eq!(format_score(Score::mate_in(5)), "#3");
        assert_eq!(
            sparkline(&[Score::cp(-2000), Score::cp(0), Score::mate_in(1)]),
            "▁▅█"
        );
    }
}
