//! A played game: its record (tags, start position, moves, comments), how it ended, and PGN
//! output, for every variant through [`GamePosition`].
//!
//! - [`position`]: the interface a variant's positions implement;
//! - [`pgn`]: the one PGN writer (tags, movetext, wrapping), also used for annotated reviews;
//! - [`time_control`]: clocks in cutechess-cli's `tc` syntax, for matches and `play`.
//!
//! Used by matches (`selfplay`), `play`, `autoplay` and `analyze`.

pub mod pgn;
pub mod position;
pub mod time_control;

pub use pgn::PgnStyle;
pub use position::GamePosition;
pub use time_control::{TimeControl, TimeControlError};

use shakmaty::{CastlingMode, Chess, Color, Move};

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
        self.with_detail(text)
    }

    /// A sentence for people, as `play` says it (`White wins by checkmate`, `Draw by stalemate:
    /// Black has no legal move`); `to_move` is the side to move when the game ended (the side
    /// stalemated or whose flag fell).
    pub fn sentence(&self, to_move: Color) -> String {
        let side = capitalize(&to_move.to_string());
        let text = match (self.winner, self.termination) {
            (Some(w), t) => {
                let winner = capitalize(&w.to_string());
                let loser = capitalize(&(!w).to_string());
                match t {
                    Termination::Checkmate => format!("{winner} wins by checkmate"),
                    Termination::Resignation => format!("{winner} wins: {loser} resigned"),
                    Termination::TimeForfeit => {
                        format!("{winner} wins on time: {loser}'s flag fell")
                    }
                    t => format!("{winner} wins ({})", t.label()),
                }
            }
            (None, Termination::Stalemate) => {
                format!("Draw by stalemate: {side} has no legal move")
            }
            (None, Termination::Repetition) => "Draw by threefold repetition".into(),
            (None, Termination::FiftyMoves) => "Draw by the fifty-move rule".into(),
            (None, Termination::InsufficientMaterial) => "Draw by insufficient material".into(),
            (None, Termination::AgreedDraw) => "Draw by agreement".into(),
            (None, Termination::TimeForfeit) => format!(
                "Draw: {side}'s flag fell but the opponent has insufficient material to mate"
            ),
            (None, Termination::Interrupted) => "Game interrupted".into(),
            (None, t) => format!("Draw ({})", t.label()),
        };
        self.with_detail(text)
    }

    fn with_detail(&self, text: String) -> String {
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

/// Today's date (UTC) as PGN writes it: `YYYY.MM.DD`.
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    civil_date(days)
}

/// The `YYYY.MM.DD` date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// A game of any variant: PGN tags, start position, moves with their comments, and result.
#[derive(Debug, Clone)]
pub struct GameRecord<P = Chess> {
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
    pub start: P,
    /// How castling is written: Chess960 adds the `Variant` tag (and so the `FEN` tag).
    pub castling: CastlingMode,
    /// The moves from `start`.
    pub moves: Vec<Move>,
    /// A comment after each move (same length as `moves` or shorter).
    pub comments: Vec<Option<String>>,
    /// How the game ended; `None` while it goes on (written as `*`, `unterminated`).
    pub result: Option<GameResult>,
    /// PGN `TimeControl` (`40/60`, `10+0.1`, `-`), when known.
    pub time_control: Option<String>,
    /// More tags, written after the others in this order.
    pub extra_tags: Vec<(String, String)>,
    /// The conventions the PGN follows (see [`PgnStyle`]).
    pub style: PgnStyle,
}

impl<P: GamePosition> GameRecord<P> {
    /// An empty game from `start` between `white` and `black`, with unknown event details,
    /// standard castling and [`PgnStyle::Match`].
    pub fn new(start: P, white: impl Into<String>, black: impl Into<String>) -> GameRecord<P> {
        GameRecord {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "?".into(),
            white: white.into(),
            black: black.into(),
            start,
            castling: CastlingMode::Standard,
            moves: Vec::new(),
            comments: Vec::new(),
            result: None,
            time_control: None,
            extra_tags: Vec::new(),
            style: PgnStyle::Match,
        }
    }

    /// The position after all moves.
    pub fn position(&self) -> P {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }

    /// Whether the game starts from the variant's initial position with standard castling
    /// (otherwise the PGN carries `SetUp` and `FEN`).
    pub fn starts_from_initial(&self) -> bool {
        self.castling == CastlingMode::Standard && self.start == P::default()
    }

    /// The SAN (with `+`/`#`) of each move.
    pub fn sans(&self) -> Vec<String> {
        self.start.sans(&self.moves)
    }

    /// How the game ended in words, as its style says it (the final PGN comment).
    pub fn end_text(&self) -> Option<String> {
        let result = self.result.as_ref()?;
        Some(match self.style {
            PgnStyle::Match => result.describe(),
            PgnStyle::Play => result.sentence(self.position().turn()),
        })
    }

    /// The game in PGN (see [`pgn::write`]).
    pub fn to_pgn(&self) -> String {
        pgn::write(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_date(0), "1970.01.01");
        assert_eq!(civil_date(11_016), "2000.02.29");
        assert_eq!(civil_date(20_454), "2026.01.01");
    }

    #[test]
    fn sentences_name_the_side() {
        let mate = GameResult::new(Some(Color::White), Termination::Checkmate);
        assert_eq!(mate.sentence(Color::Black), "White wins by checkmate");
        assert_eq!(mate.describe(), "White mates");
        let flag = GameResult::new(None, Termination::TimeForfeit);
        assert_eq!(
            flag.sentence(Color::White),
            "Draw: White's flag fell but the opponent has insufficient material to mate"
        );
        let resigned = GameResult::new(Some(Color::Black), Termination::Resignation);
        assert_eq!(
            resigned.sentence(Color::White),
            "Black wins: White resigned"
        );
    }
}
