//! One game in progress: the record, the position, whose side the player is on, the clocks,
//! and every change a turn can bring (a move, a take-back, resignation, agreed draw, flag fall).
//!
//! The read-print loop around it lives in the `play` command; this type does no I/O, so the
//! whole game logic is tested here without a terminal.

use super::clock::{Clocks, TimeControl};
use super::record::{GameEnd, GameRecord, Termination, end_by_rules};
use super::render::BoardView;
use crate::players::{ClockView, GameView};
use crate::search::{Score, position_key};
use shakmaty::{Chess, Color, Move, Position};
use thiserror::Error;

/// Why a change to the game was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SessionError {
    /// The game has ended.
    #[error("the game is over ({0})")]
    GameOver(GameEnd),
    /// The move is not legal in the position.
    #[error("illegal move")]
    IllegalMove,
    /// No move of the player's to take back.
    #[error("there is no move of yours to take back")]
    NothingToUndo,
}

/// A game between the player (one colour) and an opponent (the other).
#[derive(Debug, Clone)]
pub struct Session {
    record: GameRecord,
    position: Chess,
    keys: Vec<u64>,
    human: Color,
    clocks: Option<Clocks>,
}

impl Session {
    /// A game from `record` (its start and any moves already played), the player on `human`'s
    /// side, with clocks for `time_control`. An already finished position ends the game at once.
    pub fn new(record: GameRecord, human: Color, time_control: Option<TimeControl>) -> Session {
        let mut s = Session {
            position: record.start.clone(),
            record,
            keys: Vec::new(),
            human,
            clocks: time_control.map(Clocks::new),
        };
        s.replay();
        if s.record.end.is_none() {
            s.record.end = end_by_rules(&s.position, &s.keys);
        }
        s
    }

    fn replay(&mut self) {
        self.position = self.record.start.clone();
        self.keys.clear();
        for &m in &self.record.moves {
            self.keys.push(position_key(&self.position));
            self.position.play_unchecked(m);
        }
    }

    /// The game record so far.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The record, to set names and tags.
    pub fn record_mut(&mut self) -> &mut GameRecord {
        &mut self.record
    }

    /// The position now.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// Keys of the positions before the current one, oldest first.
    pub fn history(&self) -> &[u64] {
        &self.keys
    }

    /// The player's colour.
    pub fn human(&self) -> Color {
        self.human
    }

    /// How the game ended, once it has.
    pub fn end(&self) -> Option<GameEnd> {
        self.record.end
    }

    /// Whether it is the player's turn in a game still going on.
    pub fn human_to_move(&self) -> bool {
        self.record.end.is_none() && self.position.turn() == self.human
    }

    /// The game as a player sees it.
    pub fn view_for_player(&self) -> GameView<'_> {
        GameView {
            start: &self.record.start,
            moves: &self.record.moves,
            position: &self.position,
            history: &self.keys,
        }
    }

    /// The clocks, when the game is timed.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// Both clocks now (nothing when untimed), for an engine's time management; per-move
    /// limits from `per_move` are kept.
    pub fn clock_view(&self, per_move: ClockView) -> ClockView {
        match &self.clocks {
            Some(c) => ClockView {
                white_time: Some(c.left(Color::White)),
                black_time: Some(c.left(Color::Black)),
                white_increment: c.control().increment,
                black_increment: c.control().increment,
                ..per_move
            },
            None => per_move,
        }
    }

    /// Starts the clock of the side to move, unless it runs already or the game is over.
    pub fn start_clock(&mut self) {
        let turn = self.position.turn();
        let over = self.record.end.is_some();
        if let Some(c) = &mut self.clocks
            && !over
            && c.running() != Some(turn)
        {
            c.stop(false);
            c.start(turn);
        }
    }

    /// Ends the game on time when the side to move's flag has fallen. Returns the end if so.
    pub fn check_flag(&mut self) -> Option<GameEnd> {
        if self.record.end.is_some() {
            return None;
        }
        let turn = self.position.turn();
        if self.clocks.as_ref().is_some_and(|c| c.flagged(turn)) {
            if let Some(c) = &mut self.clocks {
                c.stop(false);
            }
            let end = if self.position.has_insufficient_material(!turn) {
                GameEnd::draw(Termination::Time, Some(turn))
            } else {
                GameEnd::loss(turn, Termination::Time)
            };
            self.record.end = Some(end);
            return Some(end);
        }
        None
    }

    /// Plays `m` for the side to move. Returns how the game ended if this move ended it
    /// (a flag that fell before the move counts first: the move is then not played).
    pub fn play(&mut self, m: Move) -> Result<Option<GameEnd>, SessionError> {
        if let Some(end) = self.record.end {
            return Err(SessionError::GameOver(end));
        }
        if !self.position.is_legal(m) {
            return Err(SessionError::IllegalMove);
        }
        if let Some(end) = self.check_flag() {
            return Ok(Some(end));
        }
        if let Some(c) = &mut self.clocks {
            c.stop(true);
        }
        self.keys.push(position_key(&self.position));
        self.position.play_unchecked(m);
        self.record.moves.push(m);
        self.record.end = end_by_rules(&self.position, &self.keys);
        Ok(self.record.end)
    }

    /// Takes back the player's last move and the reply after it (or just the player's move when
    /// it ended the game). Returns how many plies were taken back.
    pub fn undo(&mut self) -> Result<usize, SessionError> {
        let first = self.record.start.turn();
        let human_moves = (0..self.record.moves.len())
            .filter(|i| (if i.is_multiple_of(2) { first } else { !first }) == self.human)
            .count();
        if human_moves == 0 {
            return Err(SessionError::NothingToUndo);
        }
        if matches!(
            self.record.end.map(|e| e.termination),
            Some(Termination::Resignation | Termination::AgreedDraw | Termination::Time)
        ) {
            return Err(SessionError::GameOver(self.record.end.expect("ended")));
        }
        let mut taken = 0;
        loop {
            self.record.moves.pop();
            taken += 1;
            let turn = if self.record.moves.len().is_multiple_of(2) {
                first
            } else {
                !first
            };
            if turn == self.human || self.record.moves.is_empty() {
                break;
            }
        }
        self.record.end = None;
        if let Some(c) = &mut self.clocks {
            c.stop(false);
        }
        self.replay();
        Ok(taken)
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Color) -> GameEnd {
        let end = GameEnd::loss(side, Termination::Resignation);
        self.finish(end)
    }

    /// Both sides agree to a draw.
    pub fn agree_draw(&mut self) -> GameEnd {
        self.finish(GameEnd::draw(Termination::AgreedDraw, None))
    }

    fn finish(&mut self, end: GameEnd) -> GameEnd {
        if let Some(c) = &mut self.clocks {
            c.stop(false);
        }
        *self.record.end.get_or_insert(end)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.record.moves.last().copied()
    }

    /// The board as `bottom` sees it, with the last move and a checked king marked.
    pub fn view(&self, bottom: Color) -> BoardView<'_> {
        BoardView {
            board: self.position.board(),
            bottom,
            last_move: self.last_move(),
            check: self
                .position
                .board()
                .king_of(self.position.turn())
                .filter(|_| self.position.is_check()),
        }
    }
}

/// The most a player may think it is ahead (centipawns, its own view) and still accept a draw.
pub const DRAW_ACCEPT_CP: i32 = 20;

/// Whether a player that scores the position `score` from its own side accepts a draw offer:
/// only when it sees no advantage worth playing on for.
pub fn accepts_draw(score: Score) -> bool {
    match score.mate_moves() {
        Some(m) => m <= 0,
        None => score.0 <= DRAW_ACCEPT_CP,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::parse_position;
    use shakmaty::CastlingMode;
    use shakmaty::san::San;

    fn session(fen: &str, human: Color) -> Session {
        let pos = parse_position(fen, CastlingMode::Standard).unwrap();
        Session::new(GameRecord::new(pos, CastlingMode::Standard), human, None)
    }

    fn play(s: &mut Session, san: &str) -> Option<GameEnd> {
        let m = San::from_ascii(san.as_bytes())
            .unwrap()
            .to_move(s.position())
            .unwrap();
        s.play(m).unwrap()
    }

    #[test]
    fn draw_acceptance_follows_the_score() {
        assert!(accepts_draw(Score::cp(-300)));
        assert!(accepts_draw(Score::cp(10)));
        assert!(!accepts_draw(Score::cp(150)));
        assert!(!accepts_draw(Score::mate_in(3)));
        assert!(accepts_draw(Score::mated_in(4)));
    }

    #[test]
    fn undo_takes_back_move_and_reply() {
        let mut s = Session::new(
            GameRecord::new(Chess::default(), CastlingMode::Standard),
            Color::White,
            None,
        );
        assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
        play(&mut s, "e4");
        play(&mut s, "e5");
        play(&mut s, "Nf3");
        play(&mut s, "Nc6");
        assert_eq!(s.undo(), Ok(2));
        assert_eq!(s.record().moves.len(), 2);
        assert!(s.human_to_move());
        // Player's move not yet answered: only it goes.
        play(&mut s, "Nf3");
        assert_eq!(s.undo(), Ok(1));
        assert_eq!(s.record().moves.len(), 2);
    }

    #[test]
    fn black_player_cannot_undo_engine_first_move() {
        let mut s = Session::new(
            GameRecord::new(Chess::default(), CastlingMode::Standard),
            Color::Black,
            None,
        );
        play(&mut s, "e4");
        assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
        play(&mut s, "e5");
        play(&mut s, "Nf3");
        assert_eq!(s.undo(), Ok(2));
        assert_eq!(s.record().moves.len(), 1);
    }

    #[test]
    fn each_rule_ending() {
        let mut s = session("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", Color::White);
        assert_eq!(
            play(&mut s, "Qg7").unwrap().termination,
            Termination::Checkmate
        );
        assert!(!s.human_to_move());
        let mut s = session("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", Color::White);
        assert_eq!(
            play(&mut s, "Qf7").unwrap().termination,
            Termination::Stalemate
        );
        let mut s = session("7k/8/8/8/8/8/6r1/7K w - - 0 1", Color::White);
        assert_eq!(
            play(&mut s, "Kxg2").unwrap().termination,
            Termination::InsufficientMaterial
        );
        let mut s = session("7k/8/8/8/8/8/8/R6K w - - 99 80", Color::White);
        assert_eq!(
            play(&mut s, "Ra2").unwrap().termination,
            Termination::FiftyMoveRule
        );
        let mut s = session("7k/8/8/8/8/8/8/R6K w - - 0 1", Color::White);
        for san in ["Ra2", "Kg8", "Ra1", "Kh8", "Ra2", "Kg8", "Ra1"] {
            assert_eq!(play(&mut s, san), None, "{san}");
        }
        assert_eq!(
            play(&mut s, "Kh8").unwrap().termination,
            Termination::ThreefoldRepetition
        );
    }

    #[test]
    fn resign_draw_and_flag() {
        let mut s = session("7k/8/8/8/8/8/8/R6K w - - 0 1", Color::White);
        let end = s.resign(Color::White);
        assert_eq!(end.to_string(), "Black wins: White resigned");
        assert!(s.undo().is_err());
        let mut s = session("7k/8/8/8/8/8/8/R6K w - - 0 1", Color::White);
        assert_eq!(s.agree_draw().to_string(), "Draw by agreement");

        let pos = parse_position("7k/8/8/8/8/8/8/R6K w - - 0 1", CastlingMode::Standard).unwrap();
        let tc: TimeControl = "0.0001+0".parse().unwrap();
        let mut s = Session::new(
            GameRecord::new(pos, CastlingMode::Standard),
            Color::White,
            Some(tc),
        );
        s.start_clock();
        std::thread::sleep(std::time::Duration::from_millis(20));
        // White's flag fell, but Black has a bare king: a draw.
        assert_eq!(
            s.check_flag().unwrap(),
            GameEnd::draw(Termination::Time, Some(Color::White))
        );
        // Black's flag fell and White has a rook: White wins.
        let pos = parse_position("7k/8/8/8/8/8/8/R6K b - - 0 1", CastlingMode::Standard).unwrap();
        let mut s = Session::new(
            GameRecord::new(pos, CastlingMode::Standard),
            Color::White,
            Some(tc),
        );
        s.start_clock();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let end = s.check_flag().unwrap();
        assert_eq!(end, GameEnd::loss(Color::Black, Termination::Time));
        assert_eq!(end.to_string(), "White wins on time: Black's flag fell");
    }
}
