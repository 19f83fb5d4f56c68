//! A played game: its record (tags, start position, moves), how it ended, and PGN output.
//!
//! Used by matches (`selfplay`) and anything else that writes games (`play`, `analyze`).

pub mod pgn;
pub mod position;

pub use position::GamePosition;

use shakmaty::{Chess, Color, Move, Position};

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position occurred three times.
    Repetition,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
    /// Adjudicated a draw: both players agreed the score was near zero for long enough.
    AdjudicatedDraw,
    /// Adjudicated a loss: both players agreed one side was lost for long enough.
    AdjudicatedResign,
    /// A player resigned.
    Resignation,
    /// Both players agreed to a draw.
    AgreedDraw,
    /// The game reached the maximum length and was scored a draw.
    MaxLength,
    /// A player ran out of time.
    TimeForfeit,
    /// A player (an external engine) crashed.
    Crash,
    /// A player (an external engine) stopped answering.
    Hang,
    /// A player sent an illegal move.
    IllegalMove,
    /// The game was stopped from outside (a match interrupted) before it ended.
    Interrupted,
}

impl Termination {
    /// The value of the PGN `Termination` tag: `normal` for the rules of chess, otherwise a
    /// short phrase naming the cause (`time forfeit`, `adjudication`, `illegal move`, `crash`,
    /// `stalled connection`, `max length`, `unterminated`).
    pub fn pgn_tag(self) -> &'static str {
        match self {
            Termination::Checkmate
            | Termination::Stalemate
            | Termination::Repetition
            | Termination::FiftyMoves
            | Termination::InsufficientMaterial
            | Termination::Resignation
            | Termination::AgreedDraw => "normal",
            Termination::AdjudicatedDraw | Termination::AdjudicatedResign => "adjudication",
            Termination::MaxLength => "max length",
            Termination::TimeForfeit => "time forfeit",
            Termination::Crash => "crash",
            Termination::Hang => "stalled connection",
            Termination::IllegalMove => "illegal move",
            Termination::Interrupted => "unterminated",
        }
    }

    /// A short label for reports (`checkmate`, `time forfeit`).
    pub fn label(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Repetition => "repetition",
            Termination::FiftyMoves => "50 moves",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::AdjudicatedDraw => "adjudicated draw",
            Termination::AdjudicatedResign => "adjudicated loss",
            Termination::Resignation => "resignation",
            Termination::AgreedDraw => "agreed draw",
            Termination::MaxLength => "max length",
            Termination::TimeForfeit => "time forfeit",
            Termination::Crash => "crash",
            Termination::Hang => "hang",
            Termination::IllegalMove => "illegal move",
            Termination::Interrupted => "interrupted",
        }
    }
}

/// How a game ended: who won (`None` for a draw) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
    /// Details for the final PGN comment (`engine crashed: exit status 1`).
    pub detail: Option<String>,
}

impl GameResult {
    /// A result without details.
    pub fn new(winner: Option<Color>, termination: Termination) -> GameResult {
        GameResult {
            winner,
            termination,
            detail: None,
        }
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2` (`*` when interrupted).
    pub fn pgn(&self) -> &'static str {
        if self.termination == Termination::Interrupted {
            return "*";
        }
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// A sentence describing the end, for the final PGN comment (`White mates`,
    /// `Black loses on time`).
    pub fn describe(&self) -> String {
        let loser = self.winner.map(|w| (!w).to_string());
        let loser = loser.as_deref().map(capitalize).unwrap_or_default();
        let winner = self.winner.map(|w| capitalize(&w.to_string()));
        let text = match self.termination {
            Termination::Checkmate => format!("{} mates", winner.unwrap_or_default()),
            Termination::Stalemate => "Draw by stalemate".into(),
            Termination::Repetition => "Draw by 3-fold repetition".into(),
            Termination::FiftyMoves => "Draw by fifty moves rule".into(),
            Termination::InsufficientMaterial => "Draw by insufficient mating material".into(),
            Termination::AdjudicatedDraw => "Draw by adjudication".into(),
            Termination::AdjudicatedResign => format!("{loser} resigns by adjudication"),
            Termination::Resignation => format!("{loser} resigns"),
            Termination::AgreedDraw => "Draw by agreement".into(),
            Termination::MaxLength => "Draw by maximum game length".into(),
            Termination::TimeForfeit => format!("{loser} loses on time"),
            Termination::Crash => format!("{loser}'s engine crashed"),
            Termination::Hang => format!("{loser}'s engine stopped answering"),
            Termination::IllegalMove => format!("{loser} makes an illegal move"),
            Termination::Interrupted => "Game interrupted".into(),
        };
        match &self.detail {
            Some(d) => format!("{text}: {d}"),
            None => text,
        }
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A game: PGN tags, start position, moves and result.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// PGN `Event`.
    pub event: String,
    /// PGN `Site`.
    pub site: String,
    /// PGN `Date` (`YYYY.MM.DD`, `?` for unknown parts).
    pub date: String,
    /// PGN `Round`.
    pub round: String,
    /// PGN `White`.
    pub white: String,
    /// PGN `Black`.
    pub black: String,
    /// The start position.
    pub start: Chess,
    /// The moves from `start`.
    pub moves: Vec<Move>,
    /// A comment after each move (same length as `moves` or empty).
    pub comments: Vec<Option<String>>,
    /// How the game ended; `None` while it goes on (written as `*`).
    pub result: Option<GameResult>,
    /// PGN `TimeControl` (`40/60`, `10+0.1`, `-`), when known.
    pub time_control: Option<String>,
    /// More tags, written after the standard ones in this order.
    pub extra_tags: Vec<(String, String)>,
}

impl GameRecord {
    /// An empty game from `start` between `white` and `black`, with unknown event details.
    pub fn new(start: Chess, white: impl Into<String>, black: impl Into<String>) -> GameRecord {
        GameRecord {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "?".into(),
            white: white.into(),
            black: black.into(),
            start,
            moves: Vec::new(),
            comments: Vec::new(),
            result: None,
            time_control: None,
            extra_tags: Vec::new(),
        }
    }

    /// The position after all moves.
    pub fn position(&self) -> Chess {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            Position::play_unchecked(&mut pos, m);
        }
        pos
    }

    /// Whether the game starts from the standard initial position.
    pub fn starts_from_initial(&self) -> bool {
        self.start == Chess::default()
    }

    /// The game in PGN (see [`pgn::write`]).
    pub fn to_pgn(&self) -> String {
        pgn::write(self)
    }
}
