//! Polyglot opening books: position keys, move encoding, lookup and weighted choice.
//!
//! A Polyglot book is a sequence of 16-byte big-endian entries sorted by position key:
//! `key: u64`, `move: u16`, `weight: u16`, `learn: u32`. The key is the Zobrist hash with
//! Polyglot's 781 `Random64` numbers (shakmaty's [`Zobrist64`] uses exactly that table; the
//! tests below check the reference keys of the Polyglot specification). A move is encoded as
//! `to | from << 6 | promotion << 12` (promotion 1 = knight .. 4 = queen), and castling is
//! written as the king capturing its own rook (`e1h1` for white's short castling), which also
//! covers Chess960.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position, Role, Square};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Size of one book entry in bytes.
pub const ENTRY_SIZE: usize = 16;

/// GNU Chess's public-domain Polyglot book (see `assets/book/README.md`).
static EMBEDDED: &[u8] = include_bytes!("../../assets/book/gnuchess.bin");

/// The Polyglot key of a position.
///
/// The en-passant file counts only when a pawn of the side to move stands next to the pawn that
/// just advanced two squares (pins are ignored), as the Polyglot specification says.
///
/// ```
/// use chessbot::book::polyglot_key;
/// assert_eq!(polyglot_key(&shakmaty::Chess::default()), 0x463b96181691fc9c);
/// ```
pub fn polyglot_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0
}

/// Why a book could not be read.
#[derive(Debug, Error)]
pub enum BookError {
    /// The file could not be read.
    #[error("cannot read book {path}: {source}")]
    Io {
        /// The book file.
        path: PathBuf,
        /// What went wrong.
        #[source]
        source: std::io::Error,
    },
    /// The length is not a multiple of 16 bytes: the file is truncated or not a Polyglot book.
    #[error(
        "bad Polyglot book: {len} bytes is not a whole number of 16-byte entries (truncated or not a book)"
    )]
    Truncated {
        /// The length in bytes.
        len: usize,
    },
    /// The file holds no entry.
    #[error("bad Polyglot book: the file is empty")]
    Empty,
    /// The entries are not sorted by key, so lookups would miss moves.
    #[error("bad Polyglot book: entry {index} is out of key order (not a Polyglot book?)")]
    Unsorted {
        /// The index of the first entry whose key is smaller than its predecessor's.
        index: usize,
    },
}

/// One raw 16-byte book entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BookEntry {
    /// The position's Polyglot key.
    pub key: u64,
    /// The encoded move (see the module documentation).
    pub raw_move: u16,
    /// The move's weight: higher is played more often.
    pub weight: u16,
    /// Learning data, unused by most readers.
    pub learn: u32,
}

impl BookEntry {
    /// Decodes an entry from its 16 big-endian bytes.
    pub fn from_bytes(b: &[u8; ENTRY_SIZE]) -> BookEntry {
        BookEntry {
            key: u64::from_be_bytes(b[0..8].try_into().expect("8 bytes")),
            raw_move: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes(b[12..16].try_into().expect("4 bytes")),
        }
    }

    /// Encodes the entry as 16 big-endian bytes.
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut b = [0; ENTRY_SIZE];
        b[0..8].copy_from_slice(&self.key.to_be_bytes());
        b[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        b[10..12].copy_from_slice(&self.weight.to_be_bytes());
        b[12..16].copy_from_slice(&self.learn.to_be_bytes());
        b
    }
}

/// Encodes a move the Polyglot way (castling as king takes rook).
pub fn encode_move(m: &Move) -> u16 {
    let (from, to) = match *m {
        Move::Castle { king, rook } => (king, rook),
        _ => (m.from().expect("chess moves have an origin square"), m.to()),
    };
    let promotion = match m.promotion() {
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(Role::Queen) => 4,
        _ => 0,
    };
    u16::from(to) | u16::from(from) << 6 | promotion << 12
}

/// Finds the legal move of `pos` that a Polyglot move code stands for, if any.
pub fn decode_move(pos: &Chess, raw: u16) -> Option<Move> {
    let to = Square::new(u32::from(raw & 0x3f));
    let from = Square::new(u32::from((raw >> 6) & 0x3f));
    let promotion = match (raw >> 12) & 0x7 {
        0 => None,
        1 => Some(Role::Knight),
        2 => Some(Role::Bishop),
        3 => Some(Role::Rook),
        4 => Some(Role::Queen),
        _ => return None,
    };
    pos.legal_moves().into_iter().find(|m| match *m {
        Move::Castle { king, rook } => king == from && rook == to && promotion.is_none(),
        _ => m.from() == Some(from) && m.to() == to && m.promotion() == promotion,
    })
}

/// A legal book move of a position with its weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// Its weight (relative frequency).
    pub weight: u16,
    /// The entry's learning field.
    pub learn: u32,
}

/// A Polyglot book in memory, checked on load.
#[derive(Debug, Clone)]
pub struct Book {
    data: Cow<'static, [u8]>,
}

impl Book {
    /// GNU Chess's book, embedded in the binary.
    pub fn embedded() -> Book {
        Book::from_static(EMBEDDED).expect("the embedded book is a valid Polyglot book")
    }

    /// A book from bytes that live for the whole program.
    pub fn from_static(data: &'static [u8]) -> Result<Book, BookError> {
        Book::checked(Cow::Borrowed(data))
    }

    /// A book from bytes in memory (checked: whole entries, sorted by key).
    pub fn from_bytes(data: Vec<u8>) -> Result<Book, BookError> {
        Book::checked(Cow::Owned(data))
    }

    /// Reads and checks a book file.
    pub fn open(path: &Path) -> Result<Book, BookError> {
        let data = std::fs::read(path).map_err(|source| BookError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Book::from_bytes(data)
    }

    fn checked(data: Cow<'static, [u8]>) -> Result<Book, BookError> {
        if data.is_empty() {
            return Err(BookError::Empty);
        }
        if !data.len().is_multiple_of(ENTRY_SIZE) {
            return Err(BookError::Truncated { len: data.len() });
        }
        let book = Book { data };
        let mut last = 0;
        for i in 0..book.len() {
            let key = book.key_at(i);
            if key < last {
                return Err(BookError::Unsorted { index: i });
            }
            last = key;
        }
        Ok(book)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.data.len() / ENTRY_SIZE
    }

    /// Whether the book has no entry (never true for a checked book).
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The entry at `index` (< [`Book::len`]).
    pub fn entry(&self, index: usize) -> BookEntry {
        let bytes = &self.data[index * ENTRY_SIZE..(index + 1) * ENTRY_SIZE];
        BookEntry::from_bytes(bytes.try_into().expect("16 bytes"))
    }

    fn key_at(&self, index: usize) -> u64 {
        let at = index * ENTRY_SIZE;
        u64::from_be_bytes(self.data[at..at + 8].try_into().expect("8 bytes"))
    }

    /// All entries with this key, in file order (a binary search finds the first).
    pub fn entries(&self, key: u64) -> impl Iterator<Item = BookEntry> + '_ {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.key_at(mid) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        (lo..self.len())
            .take_while(move |&i| self.key_at(i) == key)
            .map(|i| self.entry(i))
    }

    /// The legal book moves of `pos` with weight at least `min_weight`, heaviest first.
    ///
    /// Entries whose move is not legal in the position (a key collision or a broken book) are
    /// left out; a move listed twice keeps its first entry.
    ///
    /// ```
    /// use chessbot::book::Book;
    /// let moves = Book::embedded().moves(&shakmaty::Chess::default(), 1);
    /// assert!(moves.iter().any(|m| m.mv.to_string() == "e2-e4"));
    /// ```
    pub fn moves(&self, pos: &Chess, min_weight: u16) -> Vec<BookMove> {
        let mut out: Vec<BookMove> = Vec::new();
        for e in self.entries(polyglot_key(pos)) {
            if e.weight < min_weight {
                continue;
            }
            if let Some(mv) = decode_move(pos, e.raw_move)
                && !out.iter().any(|b| b.mv == mv)
            {
                out.push(BookMove {
                    mv,
                    weight: e.weight,
                    learn: e.learn,
                });
            }
        }
        out.sort_by_key(|m| std::cmp::Reverse(m.weight));
        out
    }

    /// Picks a book move at random, each with probability proportional to its weight, among
    /// moves of weight at least `min_weight` (at least 1: weight-0 moves are never chosen).
    pub fn choose<R: Rng + ?Sized>(
        &self,
        pos: &Chess,
        min_weight: u16,
        rng: &mut R,
    ) -> Option<BookMove> {
        let moves = self.moves(pos, min_weight.max(1));
        let total: u32 = moves.iter().map(|m| u32::from(m.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.random_range(0..total);
        for m in moves {
            let w = u32::from(m.weight);
            if pick < w {
                return Some(m);
            }
            pick -= w;
        }
        None
    }

    /// [`Book::choose`] with a generator seeded by `seed`: the same seed gives the same move.
    pub fn choose_seeded(&self, pos: &Chess, min_weight: u16, seed: u64) -> Option<BookMove> {
        self.choose(pos, min_weight, &mut ChaCha8Rng::seed_from_u64(seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Color};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn keys_match_the_polyglot_specification() {
        // The reference keys listed in the Polyglot book format description.
        let cases = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                0x463b96181691fc9c,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                0x823c9b50fd114196,
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
                0x0756b94461c50fb0,
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
                0x662fafb965db29d4,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                0x22a48b5a8e47ff78,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
                0x652a607ca3f242c1,
            ),
            (
                "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
                0x00fdd303c946bdd9,
            ),
            (
                "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
                0x3c8123ea7b067637,
            ),
            (
                "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
                0x5c3f9b829b279560,
            ),
        ];
        for (fen, key) in cases {
            assert_eq!(polyglot_key(&pos(fen)), key, "{fen}");
        }
    }

    #[test]
    fn en_passant_counts_even_when_the_capture_is_pinned() {
        // Black's d4 pawn is pinned by the rook on a4? No: the king on h4 and rook on a4 pin the
        // e-pawn capture along the rank; Polyglot still hashes the e3 file (pseudo-legal rule).
        let with = pos("8/8/8/8/R2pP2k/8/8/4K3 b - e3 0 1");
        let without = pos("8/8/8/8/R2pP2k/8/8/4K3 b - - 0 1");
        assert_ne!(polyglot_key(&with), polyglot_key(&without));
        // No black pawn beside: the field does not count.
        let lone = pos("8/8/8/8/R3P2k/8/8/4K3 b - e3 0 1");
        let lone_none = pos("8/8/8/8/R3P2k/8/8/4K3 b - - 0 1");
        assert_eq!(polyglot_key(&lone), polyglot_key(&lone_none));
    }

    #[test]
    fn moves_encode_and_decode_including_castling_and_promotion() {
        let p = pos("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for m in p.legal_moves() {
            let raw = encode_move(&m);
            assert_eq!(decode_move(&p, raw), Some(m), "{m}");
        }
        let short = p
            .legal_moves()
            .into_iter()
            .find(|m| matches!(m, Move::Castle { rook, .. } if *rook == Square::H1))
            .unwrap();
        // e1h1: to = h1 (7), from = e1 (4).
        assert_eq!(encode_move(&short), 7 | 4 << 6);
        let queen = p
            .legal_moves()
            .into_iter()
            .find(|m| m.promotion() == Some(Role::Queen) && m.to() == Square::B8)
            .unwrap();
        assert_eq!(encode_move(&queen), 57 | 49 << 6 | 4 << 12);
        // A code for a move that is not legal decodes to nothing.
        assert_eq!(decode_move(&p, 63 | 62 << 6), None);
    }

    #[test]
    fn embedded_book_knows_the_main_openings() {
        let book = Book::embedded();
        assert_eq!(book.len(), 180_358);
        let start = Chess::default();
        let moves: Vec<String> = book
            .moves(&start, 1)
            .iter()
            .map(|m| UciMove::from_standard(m.mv).to_string())
            .collect();
        for expected in ["e2e4", "d2d4", "c2c4", "g1f3"] {
            assert!(moves.contains(&expected.to_string()), "{moves:?}");
        }
        // Weights come back heaviest first.
        let weights: Vec<u16> = book.moves(&start, 1).iter().map(|m| m.weight).collect();
        assert!(weights.windows(2).all(|w| w[0] >= w[1]));
    }

    #[test]
    fn seeded_choice_is_reproducible_and_weighted() {
        let book = Book::embedded();
        let start = Chess::default();
        let a = book.choose_seeded(&start, 1, 7).unwrap();
        assert_eq!(book.choose_seeded(&start, 1, 7).unwrap(), a);
        // Over many draws, the heaviest move is picked more often than the lightest.
        let moves = book.moves(&start, 1);
        let (heavy, light) = (&moves[0], moves.last().unwrap());
        assert!(heavy.weight > light.weight);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut counts = (0, 0);
        for _ in 0..2000 {
            let m = book.choose(&start, 1, &mut rng).unwrap();
            counts.0 += usize::from(m.mv == heavy.mv);
            counts.1 += usize::from(m.mv == light.mv);
        }
        assert!(counts.0 > counts.1, "{counts:?}");
        // A minimum weight above every move leaves nothing to choose.
        assert_eq!(book.choose_seeded(&start, u16::MAX, 1), None);
    }

    #[test]
    fn bad_books_are_rejected() {
        assert!(matches!(Book::from_bytes(vec![]), Err(BookError::Empty)));
        assert!(matches!(
            Book::from_bytes(vec![0; 17]),
            Err(BookError::Truncated { len: 17 })
        ));
        let hi = BookEntry {
            key: 9,
            raw_move: 0,
            weight: 1,
            learn: 0,
        };
        let lo = BookEntry { key: 3, ..hi };
        let bytes = [hi.to_bytes(), lo.to_bytes()].concat();
        assert!(matches!(
            Book::from_bytes(bytes),
            Err(BookError::Unsorted { index: 1 })
        ));
        let missing = Book::open(Path::new("/nonexistent/book.bin")).unwrap_err();
        assert!(missing.to_string().contains("/nonexistent/book.bin"));
    }

    #[test]
    fn out_of_book_positions_have_no_moves() {
        let book = Book::embedded();
        let odd = pos("8/8/8/4k3/8/8/8/4K2R w K - 0 1");
        assert!(book.moves(&odd, 0).is_empty());
        assert_eq!(odd.turn(), Color::White);
    }
}
