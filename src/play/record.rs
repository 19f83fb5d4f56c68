//! The record of one game: where it started, the moves, how it ended; written and read as PGN.
//!
//! Kept separate from the interactive loop so that it can be replaced by the shared `game`
//! module without touching the rest of `play`.

use crate::rules::fen::{FenError, parse_position};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus as San;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Move, Position};
use std::fmt;
use std::ops::ControlFlow;
use thiserror::Error;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position occurred for the third time.
    ThreefoldRepetition,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoveRule,
    /// Neither side can mate.
    InsufficientMaterial,
    /// The loser resigned.
    Resignation,
    /// Both players agreed to a draw.
    AgreedDraw,
    /// A flag fell (a draw when the other side cannot mate).
    Time,
}

impl Termination {
    /// The value of the PGN `Termination` tag.
    pub fn pgn_tag(self) -> &'static str {
        match self {
            Termination::Time => "time forfeit",
            _ => "normal",
        }
    }
}

/// The end of a game: the result and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub outcome: KnownOutcome,
    /// Why the game ended.
    pub termination: Termination,
    /// The side that was mated, stalemated, resigned or lost on time (`None` for draws by rule
    /// or agreement).
    pub side: Option<Color>,
}

impl GameEnd {
    /// The side `loser` lost by `termination`.
    pub fn loss(loser: Color, termination: Termination) -> GameEnd {
        GameEnd {
            outcome: KnownOutcome::Decisive { winner: !loser },
            termination,
            side: Some(loser),
        }
    }

    /// A draw by `termination`; `side` is the side concerned, if any (stalemated, flagged).
    pub fn draw(termination: Termination, side: Option<Color>) -> GameEnd {
        GameEnd {
            outcome: KnownOutcome::Draw,
            termination,
            side,
        }
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A sentence for people: `White wins by checkmate`, `Draw by threefold repetition`.
impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side.map_or("", name);
        match (self.outcome, self.termination) {
            (KnownOutcome::Decisive { winner }, Termination::Checkmate) => {
                write!(f, "{} wins by checkmate", name(winner))
            }
            (KnownOutcome::Decisive { winner }, Termination::Resignation) => {
                write!(f, "{} wins: {side} resigned", name(winner))
            }
            (KnownOutcome::Decisive { winner }, Termination::Time) => {
                write!(f, "{} wins on time: {side}'s flag fell", name(winner))
            }
            (KnownOutcome::Decisive { winner }, t) => write!(f, "{} wins ({t:?})", name(winner)),
            (KnownOutcome::Draw, Termination::Stalemate) => {
                write!(f, "Draw by stalemate: {side} has no legal move")
            }
            (KnownOutcome::Draw, Termination::ThreefoldRepetition) => {
                write!(f, "Draw by threefold repetition")
            }
            (KnownOutcome::Draw, Termination::FiftyMoveRule) => {
                write!(f, "Draw by the fifty-move rule")
            }
            (KnownOutcome::Draw, Termination::InsufficientMaterial) => {
                write!(f, "Draw by insufficient material")
            }
            (KnownOutcome::Draw, Termination::AgreedDraw) => write!(f, "Draw by agreement"),
            (KnownOutcome::Draw, Termination::Time) => write!(
                f,
                "Draw: {side}'s flag fell but the opponent has insufficient material to mate"
            ),
            (KnownOutcome::Draw, t) => write!(f, "Draw ({t:?})"),
        }
    }
}

/// The end the rules of chess impose on `pos` (mate, stalemate, insufficient material,
/// fifty moves, threefold repetition), given `earlier`: the keys of the positions before it.
pub fn end_by_rules(pos: &Chess, earlier: &[u64]) -> Option<GameEnd> {
    let turn = pos.turn();
    if pos.is_checkmate() {
        return Some(GameEnd::loss(turn, Termination::Checkmate));
    }
    if pos.is_stalemate() {
        return Some(GameEnd::draw(Termination::Stalemate, Some(turn)));
    }
    if pos.is_insufficient_material() {
        return Some(GameEnd::draw(Termination::InsufficientMaterial, None));
    }
    if pos.halfmoves() >= 100 {
        return Some(GameEnd::draw(Termination::FiftyMoveRule, None));
    }
    let key = crate::search::position_key(pos);
    let since_irreversible = pos.halfmoves() as usize;
    let repeats = earlier
        .iter()
        .rev()
        .take(since_irreversible)
        .filter(|&&k| k == key)
        .count();
    if repeats >= 2 {
        return Some(GameEnd::draw(Termination::ThreefoldRepetition, None));
    }
    None
}

/// One game: its start, its moves, its players and how it ended.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The position before the first move.
    pub start: Chess,
    /// Castling notation (Chess960 writes the `Variant` tag and Shredder-FEN).
    pub mode: CastlingMode,
    /// The moves played, in order.
    pub moves: Vec<Move>,
    /// White's name for the PGN.
    pub white: String,
    /// Black's name for the PGN.
    pub black: String,
    /// The `Event` tag.
    pub event: String,
    /// The `Date` tag (`YYYY.MM.DD`).
    pub date: String,
    /// How it ended, once it has.
    pub end: Option<GameEnd>,
}

impl GameRecord {
    /// A new record starting at `start`.
    pub fn new(start: Chess, mode: CastlingMode) -> GameRecord {
        GameRecord {
            start,
            mode,
            moves: Vec::new(),
            white: "?".into(),
            black: "?".into(),
            event: "chessbot play".into(),
            date: today(),
            end: None,
        }
    }

    /// Whether the game started from the standard initial position.
    pub fn standard_start(&self) -> bool {
        self.mode == CastlingMode::Standard && self.start == Chess::default()
    }

    /// The SAN (with `+`/`#`) of each move.
    pub fn sans(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|&m| San::from_move_and_play_unchecked(&mut pos, m).to_string())
            .collect()
    }

    /// The movetext with move numbers: `1. e4 e5 2. Nf3`, `12... Qd7 13. O-O`.
    pub fn movetext(&self) -> String {
        let mut out = String::new();
        let mut number = self.start.fullmoves().get();
        let mut turn = self.start.turn();
        for (i, san) in self.sans().into_iter().enumerate() {
            if turn == Color::White {
                out.push_str(&format!("{number}. "));
            } else if i == 0 {
                out.push_str(&format!("{number}... "));
            }
            out.push_str(&san);
            out.push(' ');
            if turn == Color::Black {
                number += 1;
            }
            turn = !turn;
        }
        out.trim_end().to_string()
    }

    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*` while the game goes on.
    pub fn result(&self) -> &'static str {
        self.end.map_or("*", |e| e.outcome.as_str())
    }

    /// The game as PGN: Seven Tag Roster, `Termination`, `FEN`/`SetUp` (and `Variant` for
    /// Chess960) when the start is not the standard one, then the movetext wrapped at 80 columns.
    pub fn to_pgn(&self) -> String {
        let mut tags = vec![
            ("Event", self.event.clone()),
            ("Site", "chessbot".to_string()),
            ("Date", self.date.clone()),
            ("Round", "-".to_string()),
            ("White", self.white.clone()),
            ("Black", self.black.clone()),
            ("Result", self.result().to_string()),
        ];
        if self.mode == CastlingMode::Chess960 {
            tags.push(("Variant", "Chess960".to_string()));
        }
        if !self.standard_start() {
            let fen = Fen::from_position(&self.start, EnPassantMode::Legal);
            tags.push(("SetUp", "1".to_string()));
            tags.push(("FEN", fen.to_string()));
        }
        tags.push((
            "Termination",
            self.end
                .map_or("unterminated", |e| e.termination.pgn_tag())
                .to_string(),
        ));
        let mut out = String::new();
        for (k, v) in tags {
            let v = v.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{k} \"{v}\"]\n"));
        }
        out.push('\n');
        let mut text = self.movetext();
        if let Some(end) = self.end {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&format!("{{{end}}} "));
        } else if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(self.result());
        let mut line = String::new();
        for word in text.split(' ') {
            if !line.is_empty() && line.len() + 1 + word.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}

fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Why a PGN file could not be loaded as a game to continue.
#[derive(Debug, Error)]
pub enum PgnError {
    /// The file could not be read.
    #[error("cannot read PGN: {0}")]
    Io(#[from] std::io::Error),
    /// The file holds no game.
    #[error("no game in the PGN")]
    Empty,
    /// The `FEN` tag is not a legal position.
    #[error("bad FEN tag in PGN: {0}")]
    Fen(FenError),
    /// A move is not legal where it stands.
    #[error("illegal move in PGN at ply {ply}: {san}")]
    IllegalMove {
        /// Ply number from 1.
        ply: usize,
        /// The move as written.
        san: String,
    },
}

struct Loader {
    chess960: bool,
}

struct LoadTags {
    fen: Option<String>,
    chess960: bool,
    white: Option<String>,
    black: Option<String>,
}

impl Visitor for Loader {
    type Tags = LoadTags;
    type Movetext = Result<GameRecord, PgnError>;
    type Output = Result<GameRecord, PgnError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(LoadTags {
            fen: None,
            chess960: self.chess960,
            white: None,
            black: None,
        })
    }

    fn tag(
        &mut self,
        tags: &mut LoadTags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let value = value.decode_utf8_lossy().into_owned();
        match name {
            b"FEN" => tags.fen = Some(value),
            b"Variant" if value.to_ascii_lowercase().contains("960") => tags.chess960 = true,
            b"White" => tags.white = Some(value),
            b"Black" => tags.black = Some(value),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: LoadTags) -> ControlFlow<Self::Output, Self::Movetext> {
        let mode = if tags.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let start = match &tags.fen {
            Some(fen) => match parse_position(fen, mode) {
                Ok(pos) => pos,
                Err(e) => return ControlFlow::Break(Err(PgnError::Fen(e))),
            },
            None => Chess::default(),
        };
        let mut record = GameRecord::new(start, mode);
        if let Some(w) = tags.white {
            record.white = w;
        }
        if let Some(b) = tags.black {
            record.black = b;
        }
        ControlFlow::Continue(Ok(record))
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        let Ok(record) = movetext else {
            return ControlFlow::Continue(());
        };
        let mut pos = record.start.clone();
        for &m in &record.moves {
            pos.play_unchecked(m);
        }
        match san_plus.san.to_move(&pos) {
            Ok(m) => record.moves.push(m),
            Err(_) => {
                let ply = record.moves.len() + 1;
                return ControlFlow::Break(Err(PgnError::IllegalMove {
                    ply,
                    san: san_plus.to_string(),
                }));
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, pgn_reader::Skip> {
        ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext
    }
}

/// Reads the first game of a PGN text (mainline only, variations skipped).
///
/// ```
/// use chessbot::play::record::read_pgn;
/// let game = read_pgn("[White \"me\"]\n\n1. e4 e5 2. Nf3 *".as_bytes(), false).unwrap();
/// assert_eq!(game.moves.len(), 3);
/// assert_eq!(game.white, "me");
/// ```
pub fn read_pgn(input: impl std::io::Read, chess960: bool) -> Result<GameRecord, PgnError> {
    let mut reader = Reader::new(input);
    reader
        .read_game(&mut Loader { chess960 })?
        .ok_or(PgnError::Empty)?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_has_seven_tags_termination_and_fen() {
        let start =
            parse_position("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", CastlingMode::Standard).unwrap();
        let mut rec = GameRecord::new(start.clone(), CastlingMode::Standard);
        let m = shakmaty::san::San::from_ascii(b"Qg7")
            .unwrap()
            .to_move(&start)
            .unwrap();
        rec.moves.push(m);
        let mut after = start.clone();
        after.play_unchecked(m);
        rec.end = end_by_rules(&after, &[]);
        let pgn = rec.to_pgn();
        for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
            assert!(pgn.contains(&format!("[{tag} ")), "{tag} missing in {pgn}");
        }
        assert!(pgn.contains("[Result \"1-0\"]"));
        assert!(pgn.contains("[SetUp \"1\"]"));
        assert!(pgn.contains("[FEN \"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\"]"));
        assert!(pgn.contains("[Termination \"normal\"]"));
        assert!(pgn.contains("1. Qg7# {White wins by checkmate} 1-0"));
        let back = read_pgn(pgn.as_bytes(), false).unwrap();
        assert_eq!(back.moves, rec.moves);
        assert_eq!(back.start, start);
    }

    #[test]
    fn black_to_move_numbers_with_ellipsis() {
        let start = parse_position(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            CastlingMode::Standard,
        )
        .unwrap();
        let mut rec = GameRecord::new(start.clone(), CastlingMode::Standard);
        let mut pos = start;
        for san in ["e5", "Nf3"] {
            let m = shakmaty::san::San::from_ascii(san.as_bytes())
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(m);
            rec.moves.push(m);
        }
        assert_eq!(rec.movetext(), "1... e5 2. Nf3");
    }

    #[test]
    fn threefold_and_fifty_moves() {
        let pos =
            parse_position("7k/8/8/8/8/8/8/R6K w - - 100 80", CastlingMode::Standard).unwrap();
        assert_eq!(
            end_by_rules(&pos, &[]).unwrap().termination,
            Termination::FiftyMoveRule
        );
        let pos = parse_position("7k/8/8/8/8/8/8/R6K w - - 8 80", CastlingMode::Standard).unwrap();
        let key = crate::search::position_key(&pos);
        assert_eq!(end_by_rules(&pos, &[key, 1, 2, 3]), None);
        assert_eq!(
            end_by_rules(&pos, &[key, 1, 2, 3, key, 5, 6])
                .unwrap()
                .termination,
            Termination::ThreefoldRepetition
        );
    }

    #[test]
    fn illegal_pgn_move_is_reported() {
        let err = read_pgn("1. e4 e4 *".as_bytes(), false).unwrap_err();
        assert!(err.to_string().contains("ply 2"), "{err}");
    }
}
