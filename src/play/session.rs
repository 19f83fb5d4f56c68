//! One game in progress: the record, the position, whose side the player is on, the clocks,
//! and every change a turn can bring (a move, a take-back, resignation, agreed draw, flag fall).
//!
//! The read-print loop around it lives in the `play` command; this type does no I/O, so the
//! whole game logic is tested here without a terminal.

use super::clock::{Clocks, TimeControl};
use crate::game::{GamePosition, GameRecord, GameResult, PgnStyle, Termination, today};
use crate::players::{ClockView, GameView};
use crate::search::Score;
use shakmaty::{CastlingMode, Chess, Color, Move};
use thiserror::Error;

/// Why a change to the game was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SessionError {
    /// The game has ended (how, in words).
    #[error("the game is over ({0})")]
    GameOver(String),
    /// The move is not legal in the position.
    #[error("illegal move")]
    IllegalMove,
    /// No move of the player's to take back.
    #[error("there is no move of yours to take back")]
    NothingToUndo,
}

/// A new record for a game played in `play`: its tags (`chessbot play`, today's date) and the
/// player-facing [`PgnStyle::Play`], from `start` with castling written as `castling`.
pub fn new_record<P: GamePosition>(start: P, castling: CastlingMode) -> GameRecord<P> {
    let mut record = GameRecord::new(start, "?", "?");
    record.event = "chessbot play".into();
    record.site = "chessbot".into();
    record.date = today();
    record.round = "-".into();
    record.castling = castling;
    record.style = PgnStyle::Play;
    record
}

/// A game between the player (one colour) and an opponent (the other).
#[derive(Debug, Clone)]
pub struct Session<P = Chess> {
    record: GameRecord<P>,
    position: P,
    keys: Vec<u64>,
    human: Color,
    clocks: Option<Clocks>,
}

impl<P: GamePosition> Session<P> {
    /// A game from `record` (its start and any moves already played), the player on `human`'s
    /// side, with clocks for `time_control`. An already finished position ends the game at once.
    pub fn new(
        record: GameRecord<P>,
        human: Color,
        time_control: Option<TimeControl>,
    ) -> Session<P> {
        let mut record = record;
        if let Some(tc) = time_control {
            record.time_control = Some(tc.to_string());
        }
        let mut s = Session {
            position: record.start.clone(),
            record,
            keys: Vec::new(),
            human,
            clocks: time_control.map(Clocks::new),
        };
        s.replay();
        if s.record.result.is_none() {
            s.record.result = s.position.end_by_rules(&s.keys);
        }
        s
    }

    fn replay(&mut self) {
        self.position = self.record.start.clone();
        self.keys.clear();
        for &m in &self.record.moves {
            self.keys.push(self.position.key());
            self.position.play_unchecked(m);
        }
    }

    /// The game record so far.
    pub fn record(&self) -> &GameRecord<P> {
        &self.record
    }

    /// The record, to set names and tags.
    pub fn record_mut(&mut self) -> &mut GameRecord<P> {
        &mut self.record
    }

    /// The position now.
    pub fn position(&self) -> &P {
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
    pub fn end(&self) -> Option<&GameResult> {
        self.record.result.as_ref()
    }

    /// How the game ended, as the sentence the player is shown (`White wins by checkmate`).
    pub fn end_sentence(&self) -> Option<String> {
        self.end().map(|r| r.sentence(self.position.turn()))
    }

    /// Whether it is the player's turn in a game still going on.
    pub fn human_to_move(&self) -> bool {
        self.record.result.is_none() && self.position.turn() == self.human
    }

    /// The game as a player sees it.
    pub fn view_for_player(&self) -> GameView<'_, P> {
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
        let over = self.record.result.is_some();
        if let Some(c) = &mut self.clocks
            && !over
            && c.running() != Some(turn)
        {
            c.stop(false);
            c.start(turn);
        }
    }

    /// Ends the game on time when the side to move's flag has fallen (a draw when the other
    /// side cannot mate). Returns the end if so.
    pub fn check_flag(&mut self) -> Option<GameResult> {
        if self.record.result.is_some() {
            return None;
        }
        let turn = self.position.turn();
        if self.clocks.as_ref().is_some_and(|c| c.flagged(turn)) {
            if let Some(c) = &mut self.clocks {
                c.stop(false);
            }
            let winner = (!self.position.has_insufficient_material(!turn)).then_some(!turn);
            let end = GameResult::new(winner, Termination::TimeForfeit);
            self.record.result = Some(end.clone());
            return Some(end);
        }
        None
    }

    /// Plays `m` for the side to move. Returns how the game ended if this move ended it
    /// (a flag that fell before the move counts first: the move is then not played).
    pub fn play(&mut self, m: Move) -> Result<Option<GameResult>, SessionError> {
        if let Some(end) = self.end_sentence() {
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
        self.keys.push(self.position.key());
        self.position.play_unchecked(m);
        self.record.moves.push(m);
        self.record.result = self.position.end_by_rules(&self.keys);
        Ok(self.record.result.clone())
    }

    /// Why [`Session::undo`] would be refused now, if it would: no move of the player's to
    /// take back, or a game ended by resignation, agreement or time (a result no take-back
    /// undoes; a game ended by the rules on the board can be taken back).
    pub fn undo_refusal(&self) -> Option<SessionError> {
        let first = self.record.start.turn();
        let human_moves = (0..self.record.moves.len())
            .filter(|i| (if i.is_multiple_of(2) { first } else { !first }) == self.human)
            .count();
        if human_moves == 0 {
            return Some(SessionError::NothingToUndo);
        }
        if matches!(
            self.end().map(|e| e.termination),
            Some(Termination::Resignation | Termination::AgreedDraw | Termination::TimeForfeit)
        ) {
            return Some(SessionError::GameOver(
                self.end_sentence().unwrap_or_default(),
            ));
        }
        None
    }

    /// Takes back the player's last move and the reply after it (or just the player's move when
    /// it ended the game). Returns how many plies were taken back.
    pub fn undo(&mut self) -> Result<usize, SessionError> {
        if let Some(refusal) = self.undo_refusal() {
            return Err(refusal);
        }
        let first = self.record.start.turn();
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
        self.record.result = None;
        if let Some(c) = &mut self.clocks {
            c.stop(false);
        }
        self.replay();
        Ok(taken)
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Color) -> GameResult {
        self.finish(GameResult::new(Some(!side), Termination::Resignation))
    }

    /// Both sides agree to a draw.
    pub fn agree_draw(&mut self) -> GameResult {
        self.finish(GameResult::new(None, Termination::AgreedDraw))
    }

    fn finish(&mut self, end: GameResult) -> GameResult {
        if let Some(c) = &mut self.clocks {
            c.stop(false);
        }
        self.record.result.get_or_insert(end).clone()
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.record.moves.last().copied()
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
    use crate::variant::alice::Alice;
    use shakmaty::san::San;

    fn record<P: GamePosition>(fen: &str) -> GameRecord<P> {
        new_record(
            P::from_fen(fen, CastlingMode::Standard).unwrap(),
            CastlingMode::Standard,
        )
    }

    fn session(fen: &str, human: Color) -> Session {
        Session::new(record(fen), human, None)
    }

    fn play<P: GamePosition>(s: &mut Session<P>, san: &str) -> Option<Termination> {
        let m = s
            .position()
            .san_to_move(San::from_ascii(san.as_bytes()).unwrap())
            .unwrap();
        s.play(m).unwrap().map(|e| e.termination)
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
        let mut s: Session = Session::new(
            new_record(Chess::default(), CastlingMode::Standard),
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
        let mut s: Session = Session::new(
            new_record(Chess::default(), CastlingMode::Standard),
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
        assert_eq!(play(&mut s, "Qg7").unwrap(), Termination::Checkmate);
        assert!(!s.human_to_move());
        let mut s = session("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", Color::White);
        assert_eq!(play(&mut s, "Qf7").unwrap(), Termination::Stalemate);
        let mut s = session("7k/8/8/8/8/8/6r1/7K w - - 0 1", Color::White);
        assert_eq!(
            play(&mut s, "Kxg2").unwrap(),
            Termination::InsufficientMaterial
        );
        let mut s = session("7k/8/8/8/8/8/8/R6K w - - 99 80", Color::White);
        assert_eq!(play(&mut s, "Ra2").unwrap(), Termination::FiftyMoves);
        let mut s = session("7k/8/8/8/8/8/8/R6K w - - 0 1", Color::White);
        for san in ["Ra2", "Kg8", "Ra1", "Kh8", "Ra2", "Kg8", "Ra1"] {
            assert_eq!(play(&mut s, san), None, "{san}");
        }
        assert_eq!(play(&mut s, "Kh8").unwrap(), Termination::Repetition);
    }

    #[test]
    fn resign_draw_and_flag() {
        let mut s = session("7k/8/8/8/8/8/8/R6K w - - 0 1", Color::White);
        s.resign(Color::White);
        assert_eq!(s.end_sentence().unwrap(), "Black wins: White resigned");
        assert!(s.undo().is_err());
        let mut s = session("7k/8/8/8/8/8/8/R6K w - - 0 1", Color::White);
        s.agree_draw();
        assert_eq!(s.end_sentence().unwrap(), "Draw by agreement");

        let tc: TimeControl = "0.006+0".parse().unwrap();
        let mut s: Session = Session::new(
            record("7k/8/8/8/8/8/8/R6K w - - 0 1"),
            Color::White,
            Some(tc),
        );
        s.start_clock();
        std::thread::sleep(std::time::Duration::from_millis(20));
        // White's flag fell, but Black has a bare king: a draw.
        assert_eq!(
            s.check_flag().unwrap(),
            GameResult::new(None, Termination::TimeForfeit)
        );
        assert_eq!(
            s.end_sentence().unwrap(),
            "Draw: White's flag fell but the opponent has insufficient material to mate"
        );
        // Black's flag fell and White has a rook: White wins.
        let mut s: Session = Session::new(
            record("7k/8/8/8/8/8/8/R6K b - - 0 1"),
            Color::White,
            Some(tc),
        );
        s.start_clock();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let end = s.check_flag().unwrap();
        assert_eq!(
            end,
            GameResult::new(Some(Color::White), Termination::TimeForfeit)
        );
        assert_eq!(
            s.end_sentence().unwrap(),
            "White wins on time: Black's flag fell"
        );
        // A timed game's record names its clock, and no take-back undoes a flag fall.
        assert_eq!(s.record().time_control.as_deref(), Some("0.006"));
        assert!(s.undo_refusal().is_some());
    }

    #[test]
    fn alice_games_end_and_undo_the_same_way() {
        let mut s: Session<Alice> = Session::new(
            record("k7/7|R/1Q6/8/8/8/8/7K w - - 0 1"),
            Color::White,
            None,
        );
        assert_eq!(play(&mut s, "Rh8"), Some(Termination::Checkmate));
        assert_eq!(s.end_sentence().unwrap(), "White wins by checkmate");
        assert_eq!(s.undo(), Ok(1));
        assert!(s.human_to_move());
        let pgn = s.record().to_pgn();
        assert!(pgn.contains("[Variant \"Alice\"]"), "{pgn}");
    }
}
