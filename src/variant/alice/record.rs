//! Alice games between two players, and their PGN (`[Variant "Alice"]`, SAN movetext, the
//! Alice FEN of a non-standard start).

use super::game::{AliceEnd, AliceGame};
use super::players::AlicePlayer;
use super::position::Alice;
use shakmaty::{Color, KnownOutcome, Move};
use std::fmt::Write as _;

/// How a played game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// By the rules (mate, stalemate, draws).
    Rules(AliceEnd),
    /// Stopped at the ply limit and scored a draw.
    PlyLimit,
    /// A player returned no move or an illegal one; it loses.
    Forfeit(Color),
}

impl Termination {
    /// The result.
    pub fn outcome(self) -> KnownOutcome {
        match self {
            Termination::Rules(end) => end.outcome(),
            Termination::PlyLimit => KnownOutcome::Draw,
            Termination::Forfeit(loser) => KnownOutcome::Decisive {
                winner: loser.other(),
            },
        }
    }

    /// A short description for the PGN `Termination` tag.
    pub fn describe(self) -> String {
        match self {
            Termination::Rules(end) => end.reason().to_string(),
            Termination::PlyLimit => "ply limit (adjudicated draw)".to_string(),
            Termination::Forfeit(c) => format!("{c} forfeits (no legal move given)"),
        }
    }
}

/// A finished game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The game itself (start, moves).
    pub game: AliceGame,
    /// How it ended.
    pub termination: Termination,
}

/// Plays one game from `start`, `white` against `black`, stopping after `max_plies` plies.
pub fn play_game(
    white: &mut dyn AlicePlayer,
    black: &mut dyn AlicePlayer,
    start: Alice,
    seed: u64,
    max_plies: usize,
) -> GameRecord {
    white.new_game(seed);
    black.new_game(seed ^ 0x5bd1_e995);
    let mut game = AliceGame::new(start);
    let termination = loop {
        if let Some(end) = game.end() {
            break Termination::Rules(end);
        }
        if game.moves().len() >= max_plies {
            break Termination::PlyLimit;
        }
        let turn = game.position().turn();
        let player: &mut dyn AlicePlayer = match turn {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        match player.choose(&game) {
            Some(choice) if game.play(&choice.mv) => {}
            _ => break Termination::Forfeit(turn),
        }
    };
    GameRecord {
        white: white.name(),
        black: black.name(),
        game,
        termination,
    }
}

/// The SAN of each move of a game, from its start.
pub fn san_moves(start: &Alice, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|m| {
            let san = pos.san(m);
            pos.play_unchecked(m);
            san
        })
        .collect()
}

impl GameRecord {
    /// The game as PGN, with `[Variant "Alice"]`; `round` and `event` fill those tags.
    pub fn to_pgn(&self, event: &str, round: usize) -> String {
        let result = self.termination.outcome().as_str();
        let start = self.game.start();
        let mut out = String::new();
        let tags = [
            ("Event", event.to_string()),
            ("Site", "chessbot".to_string()),
            ("Round", round.to_string()),
            ("White", self.white.clone()),
            ("Black", self.black.clone()),
            ("Result", result.to_string()),
            ("Variant", "Alice".to_string()),
        ];
        for (k, v) in tags {
            let _ = writeln!(
                out,
                "[{k} \"{}\"]",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            );
        }
        if *start != Alice::default() {
            let _ = writeln!(out, "[SetUp \"1\"]");
            let _ = writeln!(out, "[FEN \"{}\"]", start.to_fen());
        }
        let _ = writeln!(out, "[Termination \"{}\"]", self.termination.describe());
        out.push('\n');
        let mut line = String::new();
        let mut number = start.fullmoves().get();
        let mut white_to_move = start.turn().is_white();
        let mut first = true;
        let mut words = Vec::new();
        for san in san_moves(start, self.game.moves()) {
            if white_to_move {
                words.push(format!("{number}."));
            } else if first {
                words.push(format!("{number}..."));
            }
            words.push(san);
            if !white_to_move {
                number += 1;
            }
            white_to_move = !white_to_move;
            first = false;
        }
        words.push(result.to_string());
        for w in words {
            if !line.is_empty() && line.len() + 1 + w.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::alice::players::{AliceClassic, AliceRandom};

    #[test]
    fn random_game_ends_and_writes_pgn() {
        let mut a = AliceRandom::new(1);
        let mut b = AliceRandom::new(2);
        let rec = play_game(&mut a, &mut b, Alice::default(), 3, 400);
        assert!(!matches!(rec.termination, Termination::Forfeit(_)));
        let pgn = rec.to_pgn("test", 1);
        assert!(pgn.contains("[Variant \"Alice\"]"));
        assert!(pgn.starts_with("[Event \"test\"]"));
        assert!(pgn.contains("1. "));
        assert!(!pgn.contains("[FEN"));
        assert!(pgn.trim_end().ends_with(rec.termination.outcome().as_str()));
    }

    #[test]
    fn a_set_up_start_is_recorded_and_a_mate_ends_the_game() {
        let start = Alice::from_fen("k7/7|R/1Q6/8/8/8/8/7K w - - 0 1").unwrap();
        let mut a = AliceClassic::new(2);
        let mut b = AliceRandom::new(2);
        let rec = play_game(&mut a, &mut b, start, 0, 10);
        assert_eq!(
            rec.termination,
            Termination::Rules(AliceEnd::Checkmate {
                winner: Color::White
            })
        );
        let pgn = rec.to_pgn("test", 1);
        assert!(pgn.contains("[FEN \"k7/7|R/1Q6/8/8/8/8/7K w - - 0 1\"]"));
        // Rh8# and Ra7# both mate.
        assert!(pgn.contains("1. R") && pgn.contains("# 1-0"), "{pgn}");
    }
}
