//! Text pictures of the game: the board (Unicode pieces on coloured squares, or plain ASCII),
//! the move list, and blocks of lines that can be set side by side (a second board for a
//! variant, the move list beside the board).
//!
//! Nothing here prints: every function returns lines for the caller to write.

use crate::game::GamePosition;
use crossterm::style::{Color as Tint, Stylize};
use shakmaty::{Board, Color, File, Move, Piece, Rank, Role, Square};

/// How to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Unicode pieces on coloured squares in 24-bit colour.
    Color,
    /// Unicode pieces on coloured squares in the 256-colour palette, for terminals that do not
    /// say they have 24-bit colour.
    Color256,
    /// Letters and dots only, no escape codes.
    Ascii,
}

impl Style {
    /// The style a terminal gets: letters when asked (`ascii`), when `NO_COLOR` is set or when
    /// the output is not a terminal; 24-bit colour when `COLORTERM` says `truecolor` or
    /// `24bit`; the 256-colour palette otherwise.
    ///
    /// ```
    /// use chessbot::play::render::Style;
    /// assert_eq!(Style::for_terminal(false, true, false, Some("truecolor")), Style::Color);
    /// assert_eq!(Style::for_terminal(false, true, false, None), Style::Color256);
    /// assert_eq!(Style::for_terminal(false, true, true, Some("24bit")), Style::Ascii);
    /// ```
    pub fn for_terminal(
        ascii: bool,
        terminal: bool,
        no_color: bool,
        colorterm: Option<&str>,
    ) -> Style {
        if ascii || no_color || !terminal {
            Style::Ascii
        } else if colorterm.is_some_and(|c| c == "truecolor" || c == "24bit") {
            Style::Color
        } else {
            Style::Color256
        }
    }

    /// The colour `(r, g, b)` in this style: itself, or the nearest colour of the 256-colour
    /// palette's 6×6×6 cube and grey ramp.
    fn tint(self, r: u8, g: u8, b: u8) -> Tint {
        match self {
            Style::Color256 => Tint::AnsiValue(ansi256(r, g, b)),
            _ => Tint::Rgb { r, g, b },
        }
    }
}

/// The nearest entry of the xterm 256-colour palette (16..=255) to `(r, g, b)`.
///
/// ```
/// use chessbot::play::render::ansi256;
/// assert_eq!(ansi256(255, 255, 255), 231);
/// assert_eq!(ansi256(0, 0, 0), 16);
/// assert_eq!(ansi256(128, 128, 128), 244);
/// ```
pub fn ansi256(r: u8, g: u8, b: u8) -> u8 {
    const LEVELS: [i32; 6] = [0, 95, 135, 175, 215, 255];
    let nearest = |v: u8| -> usize {
        (0..6)
            .min_by_key(|&i| (LEVELS[i] - i32::from(v)).abs())
            .unwrap_or(0)
    };
    let (ri, gi, bi) = (nearest(r), nearest(g), nearest(b));
    let cube = (LEVELS[ri], LEVELS[gi], LEVELS[bi]);
    let distance = |(x, y, z): (i32, i32, i32)| {
        (x - i32::from(r)).pow(2) + (y - i32::from(g)).pow(2) + (z - i32::from(b)).pow(2)
    };
    let mean = (i32::from(r) + i32::from(g) + i32::from(b)) / 3;
    let grey_index = ((mean - 8) / 10).clamp(0, 23);
    let grey = 8 + 10 * grey_index;
    if distance((grey, grey, grey)) < distance(cube) {
        (232 + grey_index) as u8
    } else {
        (16 + 36 * ri + 6 * gi + bi) as u8
    }
}

/// A rectangle of text: lines and their visible width (escape codes not counted).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Block {
    /// The lines, each `width` columns wide on screen.
    pub lines: Vec<String>,
    /// The visible width of every line.
    pub width: usize,
}

impl Block {
    /// A block of plain lines (no escape codes), padded to the widest.
    pub fn plain(lines: impl IntoIterator<Item = String>) -> Block {
        let lines: Vec<String> = lines.into_iter().collect();
        let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let lines = lines
            .into_iter()
            .map(|l| {
                let pad = width - l.chars().count();
                format!("{l}{}", " ".repeat(pad))
            })
            .collect();
        Block { lines, width }
    }

    /// This block with `other` to its right, `gap` columns apart; the shorter one is padded.
    pub fn beside(&self, other: &Block, gap: usize) -> Block {
        let height = self.lines.len().max(other.lines.len());
        let blank_left = " ".repeat(self.width);
        let lines = (0..height)
            .map(|i| {
                let left = self
                    .lines
                    .get(i)
                    .map_or(blank_left.as_str(), String::as_str);
                let right = other.lines.get(i).map_or("", String::as_str);
                format!("{left}{}{right}", " ".repeat(gap))
                    .trim_end()
                    .to_string()
            })
            .collect();
        // Trimming trailing blanks is safe: escape sequences end in a letter, not a space.
        Block {
            lines,
            width: self.width + gap + other.width,
        }
    }

    /// The block as text, one `\n`-terminated line each.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for l in &self.lines {
            s.push_str(l.trim_end());
            s.push('\n');
        }
        s
    }
}

/// What a board picture shows.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The pieces.
    pub board: &'a Board,
    /// The side drawn at the bottom (the player's side, unless flipped).
    pub bottom: Color,
    /// The last move, marked on its squares.
    pub last_move: Option<Move>,
    /// The square of a king in check, marked.
    pub check: Option<Square>,
}

/// Width of one square in columns.
const SQUARE: usize = 3;

fn glyph(piece: Piece) -> char {
    // Solid glyphs for both sides; the colour tells them apart.
    match piece.role {
        Role::King => '♚',
        Role::Queen => '♛',
        Role::Rook => '♜',
        Role::Bishop => '♝',
        Role::Knight => '♞',
        Role::Pawn => '♟',
    }
}

fn marked_squares(view: &BoardView<'_>) -> Vec<Square> {
    match view.last_move {
        Some(m) => {
            let mut v = vec![m.to()];
            if let Some(from) = m.from() {
                v.push(from);
            }
            // Castling is stored king-takes-rook: mark where the king went too.
            if let Move::Castle { king, rook } = m {
                v.push(Square::from_coords(
                    if rook.file() > king.file() {
                        File::G
                    } else {
                        File::C
                    },
                    king.rank(),
                ));
            }
            v
        }
        None => Vec::new(),
    }
}

/// Draws the board from `view.bottom`'s side, with rank numbers on the left and files below.
///
/// ```
/// use chessbot::play::render::{board, BoardView, Style};
/// use shakmaty::{Board, Color};
/// let b = Board::default();
/// let pic = board(&BoardView { board: &b, bottom: Color::White, last_move: None, check: None },
///                 Style::Ascii);
/// assert_eq!(pic.lines[1], "8 | r  n  b  q  k  b  n  r |");
/// assert_eq!(pic.lines[10].trim_end(), "    a  b  c  d  e  f  g  h");
/// ```
pub fn board(view: &BoardView<'_>, style: Style) -> Block {
    let marked = marked_squares(view);
    let ranks: Vec<Rank> = if view.bottom == Color::White {
        Rank::ALL.iter().rev().copied().collect()
    } else {
        Rank::ALL.to_vec()
    };
    let files: Vec<File> = if view.bottom == Color::White {
        File::ALL.to_vec()
    } else {
        File::ALL.iter().rev().copied().collect()
    };
    let mut lines = Vec::new();
    let edge = format!("  +{}+", "-".repeat(SQUARE * 8));
    if style == Style::Ascii {
        lines.push(edge.clone());
    }
    for &rank in &ranks {
        let mut line = format!("{} ", rank.char());
        if style == Style::Ascii {
            line.push('|');
        }
        for &file in &files {
            let sq = Square::from_coords(file, rank);
            let piece = view.board.piece_at(sq);
            let is_check = view.check == Some(sq);
            let is_marked = marked.contains(&sq);
            match style {
                Style::Ascii => {
                    let c = piece.map_or('.', |p| p.char());
                    let (l, r) = if is_check {
                        ('(', ')')
                    } else if is_marked {
                        ('[', ']')
                    } else {
                        (' ', ' ')
                    };
                    line.push(l);
                    line.push(c);
                    line.push(r);
                }
                Style::Color | Style::Color256 => {
                    // Mid-tone squares so that both white and black glyphs stand out.
                    let light = sq.is_light();
                    let bg = if is_check {
                        style.tint(220, 60, 60)
                    } else if is_marked {
                        if light {
                            style.tint(190, 190, 80)
                        } else {
                            style.tint(150, 150, 50)
                        }
                    } else if light {
                        style.tint(200, 170, 130)
                    } else {
                        style.tint(140, 100, 70)
                    };
                    let (text, fg) = match piece {
                        Some(p) => (
                            format!(" {} ", glyph(p)),
                            if p.color.is_white() {
                                style.tint(255, 255, 255)
                            } else {
                                style.tint(0, 0, 0)
                            },
                        ),
                        None => ("   ".to_string(), Tint::Black),
                    };
                    line.push_str(&format!("{}", text.with(fg).on(bg)));
                }
            }
        }
        if style == Style::Ascii {
            line.push('|');
        }
        lines.push(line);
    }
    if style == Style::Ascii {
        lines.push(edge);
    }
    let mut foot = String::from(if style == Style::Ascii { "   " } else { "  " });
    for &file in &files {
        foot.push(' ');
        foot.push(file.char());
        foot.push(' ');
    }
    lines.push(foot.trim_end().to_string());
    let width = 2 + SQUARE * 8 + if style == Style::Ascii { 2 } else { 0 };
    let lines = lines
        .into_iter()
        .map(|l| {
            let visible = visible_width(&l);
            format!("{l}{}", " ".repeat(width.saturating_sub(visible)))
        })
        .collect();
    Block { lines, width }
}

/// Columns a line takes on screen (ANSI escape sequences skipped).
pub fn visible_width(s: &str) -> usize {
    let mut n = 0;
    let mut in_escape = false;
    for c in s.chars() {
        if in_escape {
            if c.is_ascii_alphabetic() {
                in_escape = false;
            }
        } else if c == '\x1b' {
            in_escape = true;
        } else {
            n += 1;
        }
    }
    n
}

/// Every board of `pos` from `bottom`'s side, the last move and a checked king marked: one
/// picture for chess, titled pictures side by side for a variant with several boards (Alice).
pub fn position<P: GamePosition>(
    pos: &P,
    bottom: Color,
    last_move: Option<Move>,
    style: Style,
) -> Block {
    let checked = pos.is_check().then(|| pos.turn());
    let mut pictures = pos.boards().into_iter().map(|(title, b)| {
        let view = BoardView {
            board: &b,
            bottom,
            last_move,
            check: checked.and_then(|side| b.king_of(side)),
        };
        let picture = board(&view, style);
        if title.is_empty() {
            return picture;
        }
        let mut lines = vec![format!("{:<1$}", format!("  {title}"), picture.width)];
        lines.extend(picture.lines);
        Block {
            lines,
            width: picture.width,
        }
    });
    let first = pictures.next().unwrap_or_default();
    pictures.fold(first, |all, next| all.beside(&next, 4))
}

/// The moves as numbered pairs (`12. Nf3  Nc6`), the last `max_lines` of them.
///
/// `first_number` is the full-move number of the first move, `black_first` whether Black made it.
///
/// ```
/// use chessbot::play::render::move_list;
/// let sans: Vec<String> = ["e4", "e5", "Nf3"].iter().map(|s| s.to_string()).collect();
/// assert_eq!(move_list(&sans, 1, false, 10).lines, vec!["1. e4     e5", "2. Nf3"]);
/// assert_eq!(move_list(&sans, 7, true, 10).lines[0], "7. ...    e4");
/// ```
pub fn move_list(sans: &[String], first_number: u32, black_first: bool, max_lines: usize) -> Block {
    let mut rows = Vec::new();
    let mut number = first_number;
    let mut iter = sans.iter();
    if black_first && let Some(first) = iter.next() {
        rows.push(format!("{number}. {:<7}{first}", "..."));
        number += 1;
    }
    let rest: Vec<&String> = iter.collect();
    for pair in rest.chunks(2) {
        match pair {
            [w, b] => rows.push(format!("{number}. {w:<7}{b}")),
            [w] => rows.push(format!("{number}. {w}")),
            _ => {}
        }
        number += 1;
    }
    let skip = rows.len().saturating_sub(max_lines);
    Block::plain(
        rows.into_iter()
            .skip(skip)
            .map(|r| r.trim_end().to_string()),
    )
    .trimmed()
}

impl Block {
    fn trimmed(mut self) -> Block {
        for l in &mut self.lines {
            *l = l.trim_end().to_string();
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};

    #[test]
    fn ascii_board_from_black_marks_last_move_and_check() {
        let fen: Fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
            .parse()
            .unwrap();
        let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        let m = Move::Normal {
            role: Role::Queen,
            from: Square::D8,
            capture: None,
            to: Square::H4,
            promotion: None,
        };
        let view = BoardView {
            board: pos.board(),
            bottom: Color::Black,
            last_move: Some(m),
            check: pos.board().king_of(pos.turn()).filter(|_| pos.is_check()),
        };
        let pic = board(&view, Style::Ascii);
        assert_eq!(pic.lines[1], "1 | R  N  B (K) Q  B  N  R |");
        assert_eq!(pic.lines[4], "4 |[q] P  .  .  .  .  .  . |");
        assert_eq!(
            pic.lines[8],
            "8 | r  n  b  k  .  b  n  r |".replace(" k  . ", " k [.]")
        );
        assert_eq!(pic.lines[10].trim_end(), "    h  g  f  e  d  c  b  a");
        assert!(pic.lines.iter().all(|l| l.chars().count() == pic.width));
    }

    #[test]
    fn colour_board_has_escape_codes_and_right_width() {
        let b = Board::default();
        let view = BoardView {
            board: &b,
            bottom: Color::White,
            last_move: None,
            check: None,
        };
        let pic = board(&view, Style::Color);
        assert!(pic.lines[0].contains('\x1b'));
        assert!(pic.lines[0].contains('♜'));
        assert!(pic.lines.iter().all(|l| visible_width(l) == pic.width));
        let two = pic.beside(&pic, 4);
        assert_eq!(two.width, 2 * pic.width + 4);
        assert_eq!(visible_width(&two.lines[0]), two.width);
        // 24-bit colours, or the 256-colour palette for terminals without them.
        assert!(pic.lines[0].contains("38;2;"));
        let palette = board(&view, Style::Color256);
        assert!(palette.lines[0].contains("38;5;") && !palette.lines[0].contains("38;2;"));
        assert_eq!(palette.width, pic.width);
    }
}
