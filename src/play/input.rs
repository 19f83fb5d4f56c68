//! What a player types: a move in SAN or UCI notation, or a command, in any variant
//! ([`GamePosition`]).
//!
//! Moves are read forgivingly: any letter case (`nf3`, `NF3`, `E2E4`), `0-0` for `O-O`, a missing
//! or superfluous `+`/`#`, `e8q` or `e8=q` for a promotion. Where case decides between a pawn and
//! a bishop (`bxc3` against `Bxc3`) the letters as typed win; when that is not legal the other
//! reading is tried.

use crate::game::GamePosition;
use shakmaty::san::{San, SanError};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Move, Role, Square};
use std::path::PathBuf;
use thiserror::Error;

/// A command of the game loop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// List the commands.
    Help,
    /// List the legal moves.
    Moves,
    /// Take back the player's last move and the reply.
    Undo,
    /// Suggest a move.
    Hint,
    /// Turn the board around.
    Flip,
    /// Show the FEN of the position.
    Fen,
    /// Show the game as PGN.
    Pgn,
    /// Write the game as PGN to a file.
    Save(PathBuf),
    /// Give up.
    Resign,
    /// Offer a draw.
    Draw,
    /// Start a new game.
    New,
    /// Leave.
    Quit,
}

/// The commands with a one-line description each, for `help`.
pub const HELP: &[(&str, &str)] = &[
    (
        "e4, Nf3, O-O, exd8=Q, e2e4",
        "play a move (SAN or UCI, any case)",
    ),
    ("moves", "list the legal moves"),
    ("undo", "take back your last move and the reply"),
    ("hint", "suggest a move"),
    ("flip", "turn the board around"),
    ("fen", "show the position as FEN"),
    ("pgn", "show the game as PGN"),
    ("save FILE", "write the game as PGN to FILE"),
    ("resign", "give up the game"),
    (
        "draw",
        "offer a draw (accepted when the engine sees no advantage)",
    ),
    ("new", "start a new game"),
    ("quit", "leave (the game is saved with --pgn-out)"),
];

/// One line of input, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A legal move.
    Move(Move),
    /// A pawn move to the last rank without a piece: the legal promotions to choose from.
    Promotion(Vec<Move>),
    /// A command.
    Command(Command),
    /// An empty line.
    Empty,
}

/// Why a line is not a legal move or a command. The message is one line for the player.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InputError {
    /// Neither a move nor a command.
    #[error("'{0}' is neither a move nor a command (type 'help')")]
    Unknown(String),
    /// A well-formed move that is not legal here.
    #[error("illegal move '{text}': {reason}")]
    Illegal {
        /// What was typed.
        text: String,
        /// Why it is illegal.
        reason: String,
    },
    /// More than one legal move matches.
    #[error("ambiguous move '{text}': could be {}", .candidates.join(" or "))]
    Ambiguous {
        /// What was typed.
        text: String,
        /// The matching moves in SAN.
        candidates: Vec<String>,
    },
    /// `save` without a file name.
    #[error("'save' needs a file name: save FILE")]
    MissingFile,
}

/// The command words, for completion.
pub const COMMAND_WORDS: &[&str] = &[
    "help", "moves", "undo", "hint", "flip", "fen", "pgn", "save", "resign", "draw", "new", "quit",
];

/// Every word a line may start with in `pos`: the legal moves in SAN (without `+`/`#`) and in
/// UCI, then the commands, for the line editor's Tab completion.
///
/// ```
/// use chessbot::play::input::completions;
/// let words = completions(&shakmaty::Chess::default(), shakmaty::CastlingMode::Standard);
/// assert!(words.iter().any(|w| w == "Nf3") && words.iter().any(|w| w == "g1f3"));
/// assert!(words.iter().any(|w| w == "undo"));
/// ```
pub fn completions<P: GamePosition>(pos: &P, castling: shakmaty::CastlingMode) -> Vec<String> {
    let moves = pos.legal_moves();
    let mut words: Vec<String> = moves
        .iter()
        .map(|&m| pos.san(m).trim_end_matches(['+', '#']).to_string())
        .collect();
    words.extend(moves.iter().map(|&m| P::uci(m, castling)));
    words.extend(COMMAND_WORDS.iter().map(|w| w.to_string()));
    words
}

/// Understands one line typed in position `pos`.
///
/// ```
/// use chessbot::play::input::{parse_line, Input, Command};
/// use shakmaty::{Chess, Square};
///
/// let pos = Chess::default();
/// let Input::Move(m) = parse_line("nf3", &pos).unwrap() else { panic!() };
/// assert_eq!(m.to(), Square::F3);
/// assert_eq!(parse_line("UNDO", &pos).unwrap(), Input::Command(Command::Undo));
/// assert!(parse_line("e5", &pos).is_err());
/// ```
pub fn parse_line<P: GamePosition>(line: &str, pos: &P) -> Result<Input, InputError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Input::Empty);
    }
    let (word, rest) = line
        .split_once(char::is_whitespace)
        .map_or((line, ""), |(w, r)| (w, r.trim()));
    let command = match word.to_ascii_lowercase().as_str() {
        "help" | "?" => Some(Command::Help),
        "moves" | "legal" => Some(Command::Moves),
        "undo" | "takeback" => Some(Command::Undo),
        "hint" => Some(Command::Hint),
        "flip" => Some(Command::Flip),
        "fen" => Some(Command::Fen),
        "pgn" => Some(Command::Pgn),
        "save" => {
            if rest.is_empty() {
                return Err(InputError::MissingFile);
            }
            Some(Command::Save(PathBuf::from(rest)))
        }
        "resign" => Some(Command::Resign),
        "draw" => Some(Command::Draw),
        "new" => Some(Command::New),
        "quit" | "exit" | "q" => Some(Command::Quit),
        _ => None,
    };
    if let Some(c) = command {
        return Ok(Input::Command(c));
    }
    if !rest.is_empty() {
        return Err(InputError::Unknown(line.to_string()));
    }
    parse_move(word, pos)
}

/// Reads the answer to "promote to which piece?": `q`, `Queen`, `n`, ...
pub fn parse_promotion_piece(text: &str) -> Option<Role> {
    match text.trim().to_ascii_lowercase().as_str() {
        "q" | "queen" => Some(Role::Queen),
        "r" | "rook" => Some(Role::Rook),
        "b" | "bishop" => Some(Role::Bishop),
        "n" | "knight" | "kt" => Some(Role::Knight),
        _ => None,
    }
}

/// Understands a move in SAN or UCI notation, forgivingly (see the module docs).
pub fn parse_move<P: GamePosition>(text: &str, pos: &P) -> Result<Input, InputError> {
    let trimmed = text.trim_end_matches(['+', '#', '!', '?']);
    let lower = trimmed.to_ascii_lowercase();
    let illegal = |reason: String| InputError::Illegal {
        text: text.to_string(),
        reason,
    };

    // Castling, in any of its spellings.
    let castle = match lower.replace('0', "o").replace('-', "").as_str() {
        "oo" => Some(CastlingSide::KingSide),
        "ooo" => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if let Some(side) = castle {
        return pos
            .san_to_move(San::Castle(side))
            .map(Input::Move)
            .map_err(|_| illegal("castling is not possible now".into()));
    }

    // UCI: e2e4, e7e8q.
    if let Ok(uci) = UciMove::from_ascii(lower.as_bytes())
        && let UciMove::Normal {
            from,
            to,
            promotion,
        } = uci
    {
        if promotion.is_none() {
            let promotions = promotions_matching(pos, |m| m.from() == Some(from) && m.to() == to);
            if !promotions.is_empty() {
                return Ok(Input::Promotion(promotions));
            }
        }
        return pos
            .uci_to_move(uci)
            .map(Input::Move)
            .ok_or_else(|| illegal(reason_uci(pos, from, to)));
    }

    // SAN: try the letters as typed, then the normalised readings.
    let mut readings: Vec<String> = vec![trimmed.to_string()];
    for piece_first in [false, true] {
        let r = normalise_san(&lower, piece_first);
        if !readings.contains(&r) {
            readings.push(r);
        }
    }
    let mut found: Vec<Move> = Vec::new();
    let mut ambiguous: Option<Vec<Move>> = None;
    let mut parsed_any: Option<San> = None;
    for (i, reading) in readings.iter().enumerate() {
        let Ok(san) = San::from_ascii(reading.as_bytes()) else {
            continue;
        };
        parsed_any.get_or_insert(san);
        match pos.san_to_move(san) {
            Ok(m) => {
                if i == 0 {
                    // The letters as typed are legal: no second guessing.
                    return Ok(Input::Move(m));
                }
                if !found.contains(&m) {
                    found.push(m);
                }
            }
            Err(SanError::AmbiguousSan) => {
                ambiguous.get_or_insert_with(|| san_matches(pos, san));
            }
            Err(SanError::IllegalSan) => {
                if let San::Normal {
                    role: Role::Pawn,
                    file,
                    to,
                    promotion: None,
                    ..
                } = san
                {
                    let promotions = promotions_matching(pos, |m| {
                        m.to() == to
                            && m.role() == Role::Pawn
                            && file.is_none_or(|f| m.from().is_some_and(|s| s.file() == f))
                    });
                    if !promotions.is_empty() {
                        return Ok(Input::Promotion(promotions));
                    }
                }
            }
        }
    }
    match found.len() {
        1 => return Ok(Input::Move(found[0])),
        n if n > 1 => {
            return Err(InputError::Ambiguous {
                text: text.to_string(),
                candidates: found.iter().map(|&m| pos.san(m)).collect(),
            });
        }
        _ => {}
    }
    if let Some(moves) = ambiguous {
        return Err(InputError::Ambiguous {
            text: text.to_string(),
            candidates: moves.iter().map(|&m| pos.san(m)).collect(),
        });
    }
    match parsed_any {
        Some(san) => Err(illegal(reason_san(pos, &san))),
        None => Err(InputError::Unknown(text.to_string())),
    }
}

/// Lower-case SAN made canonical: piece letter upper case (when `piece_first` and the first
/// letter names a piece), promotion piece upper case with `=`.
fn normalise_san(lower: &str, piece_first: bool) -> String {
    let mut chars: Vec<char> = lower.chars().collect();
    if piece_first
        && let Some(c) = chars.first_mut()
        && "nbrqk".contains(*c)
    {
        *c = c.to_ascii_uppercase();
    }
    let mut s: String = chars.into_iter().collect();
    // Promotion: e8q, e8=q, exd8q -> e8=Q.
    if let Some(last) = s.chars().last()
        && "qrbn".contains(last)
        && s.len() >= 3
    {
        let before = &s[..s.len() - 1];
        let before = before.strip_suffix('=').unwrap_or(before);
        if before.ends_with('8') || before.ends_with('1') {
            s = format!("{before}={}", last.to_ascii_uppercase());
        }
    }
    s
}

fn promotions_matching<P: GamePosition>(pos: &P, keep: impl Fn(&Move) -> bool) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.is_promotion() && keep(m))
        .collect()
}

fn san_matches<P: GamePosition>(pos: &P, san: San) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| san.matches(m))
        .collect()
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

fn leaves_king_note<P: GamePosition>(pos: &P) -> &'static str {
    if pos.is_check() {
        "your king is in check"
    } else {
        "it would leave your king in check"
    }
}

fn reason_uci<P: GamePosition>(pos: &P, from: Square, to: Square) -> String {
    let board = pos.board();
    match board.piece_at(from) {
        None => format!("there is no piece on {from}"),
        Some(p) if p.color != pos.turn() => format!("the piece on {from} is not yours"),
        Some(p) if pos.reaches(from, to) => {
            let _ = p;
            leaves_king_note(pos).to_string()
        }
        Some(p) => format!("the {} on {from} cannot move to {to}", role_name(p.role)),
    }
}

fn reason_san<P: GamePosition>(pos: &P, san: &San) -> String {
    match *san {
        San::Normal { role, to, .. } => {
            let ours = pos.board().by_piece(role.of(pos.turn()));
            if ours.is_empty() {
                return format!("you have no {}", role_name(role));
            }
            if ours.into_iter().any(|from| pos.reaches(from, to)) {
                leaves_king_note(pos).to_string()
            } else {
                format!("no {} of yours can move to {to}", role_name(role))
            }
        }
        _ => "not legal in this position".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::alice::Alice;
    use shakmaty::{CastlingMode, Chess};

    fn pos(fen: &str) -> Chess {
        GamePosition::from_fen(fen, CastlingMode::Standard).unwrap()
    }

    fn mv<P: GamePosition>(line: &str, p: &P) -> String {
        match parse_line(line, p) {
            Ok(Input::Move(m)) => p.san(m),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn san_and_uci_in_any_case() {
        let p = Chess::default();
        for (text, san) in [
            ("e4", "e4"),
            ("E4", "e4"),
            ("Nf3", "Nf3"),
            ("nf3", "Nf3"),
            ("NF3", "Nf3"),
            ("e2e4", "e4"),
            ("E2E4", "e4"),
            ("g1f3", "Nf3"),
            ("Nf3+", "Nf3"),
        ] {
            assert_eq!(mv(text, &p), san, "{text}");
        }
    }

    #[test]
    fn pawn_and_bishop_b_file() {
        // Both bxc3 (pawn) and Bxc3 (bishop) are legal: the letters as typed decide.
        let p = pos("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1");
        assert_eq!(mv("bxc3", &p), "bxc3");
        assert_eq!(mv("Bxc3", &p), "Bxc3");
        // Only the bishop can: lower case b still finds it.
        let p = pos("4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1");
        assert_eq!(mv("bxc3", &p), "Bxc3");
        // b4 is a pawn move.
        assert_eq!(mv("b4", &pos("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1")), "b4");
        // Upper case both readings legal: ambiguous.
        let p = pos("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1");
        assert!(matches!(
            parse_line("BXC3", &p),
            Err(InputError::Ambiguous { .. })
        ));
    }

    #[test]
    fn castling_spellings() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for t in ["O-O", "0-0", "o-o", "OO", "e1g1"] {
            assert_eq!(mv(t, &p), "O-O", "{t}");
        }
        assert_eq!(mv("O-O-O", &p), "O-O-O");
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
        let err = parse_line("O-O", &p).unwrap_err().to_string();
        assert!(err.contains("castling is not possible"), "{err}");
    }

    #[test]
    fn promotion_with_and_without_piece() {
        let p = pos("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(mv("exd8=Q+", &p), "exd8=Q+");
        assert_eq!(mv("exd8q", &p), "exd8=Q+");
        assert_eq!(mv("e7d8n", &p), "exd8=N");
        assert_eq!(mv("e8=r", &p), "e8=R+");
        match parse_line("e8", &p).unwrap() {
            Input::Promotion(ms) => assert_eq!(ms.len(), 4),
            other => panic!("{other:?}"),
        }
        match parse_line("e7d8", &p).unwrap() {
            Input::Promotion(ms) => assert!(ms.iter().all(|m| m.to() == Square::D8)),
            other => panic!("{other:?}"),
        }
        assert_eq!(parse_promotion_piece("Q"), Some(Role::Queen));
        assert_eq!(parse_promotion_piece("knight"), Some(Role::Knight));
        assert_eq!(parse_promotion_piece("k"), None);
    }

    #[test]
    fn reasons_are_given() {
        let p = Chess::default();
        let e = |t: &str, p: &Chess| parse_line(t, p).unwrap_err().to_string();
        assert!(e("e5", &p).contains("no pawn of yours can move to e5"));
        assert!(e("Qh5", &p).contains("no queen of yours"));
        assert!(e("e3e4", &p).contains("no piece on e3"));
        assert!(e("e7e5", &p).contains("not yours"));
        assert!(e("xyz", &p).contains("neither a move nor a command"));
        assert!(e("save", &p).contains("needs a file name"));
        // Pinned knight.
        let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        assert!(e("Nc3", &pinned).contains("leave your king in check"));
        let checked = pos("4k3/4r3/8/8/8/8/8/R3K3 w - - 0 1");
        assert!(e("Ra2", &checked).contains("your king is in check"));
    }

    #[test]
    fn ambiguous_knights() {
        let p = pos("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1");
        let err = parse_line("Nd2", &p).unwrap_err();
        assert_eq!(
            err,
            InputError::Ambiguous {
                text: "Nd2".into(),
                candidates: vec!["Nbd2".into(), "Nfd2".into()]
            }
        );
        assert_eq!(mv("Nbd2", &p), "Nbd2");
    }

    #[test]
    fn commands() {
        let p = Chess::default();
        assert_eq!(
            parse_line("save out game.pgn", &p).unwrap(),
            Input::Command(Command::Save("out game.pgn".into()))
        );
        assert_eq!(parse_line("  ", &p).unwrap(), Input::Empty);
        assert_eq!(
            parse_line("Quit", &p).unwrap(),
            Input::Command(Command::Quit)
        );
    }

    #[test]
    fn alice_moves_read_the_same_way() {
        let p = Alice::default();
        assert_eq!(mv("nf3", &p), "Nf3");
        assert_eq!(mv("e2e4", &p), "e4");
        let e = parse_line("e5", &p).unwrap_err().to_string();
        assert!(e.contains("no pawn of yours can move to e5"), "{e}");
        let p = Alice::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(mv("0-0", &p), "O-O");
        let p = Alice::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(matches!(parse_line("b8", &p), Ok(Input::Promotion(ms)) if ms.len() == 4));
    }
}
