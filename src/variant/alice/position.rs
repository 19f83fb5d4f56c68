//! The Alice position: one placement of all pieces plus the board (A or B) of each.

use shakmaty::{Bitboard, Board, CastlingSide, Color, Move, Piece, Rank, Role, Square};
use std::fmt;
use std::num::NonZeroU32;

/// One of the two Alice boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoardId {
    /// Board A: where the game starts.
    A,
    /// Board B: empty at the start, "through the looking glass".
    B,
}

impl BoardId {
    /// The other board (where a piece moving on this one arrives).
    pub const fn other(self) -> BoardId {
        match self {
            BoardId::A => BoardId::B,
            BoardId::B => BoardId::A,
        }
    }

    /// Both boards, A first.
    pub const ALL: [BoardId; 2] = [BoardId::A, BoardId::B];

    /// The board's letter, `'A'` or `'B'`.
    pub const fn char(self) -> char {
        match self {
            BoardId::A => 'A',
            BoardId::B => 'B',
        }
    }
}

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// An Alice chess position.
///
/// `board` holds every piece of both boards (no square ever holds a piece on both), `on_b` the
/// squares whose piece stands on board B. Castling rights are kept as the squares of the rooks
/// that may still castle (a1, h1, a8, h8), as in shakmaty's `Setup`.
///
/// Build one with [`Alice::default`] (the start) or [`Alice::from_fen`](Alice::from_fen).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Alice {
    pub(crate) board: Board,
    pub(crate) on_b: Bitboard,
    pub(crate) turn: Color,
    pub(crate) castling: Bitboard,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: NonZeroU32,
}

impl Default for Alice {
    /// The start: the usual array on board A, board B empty, white to move, castling KQkq.
    fn default() -> Alice {
        Alice {
            board: Board::new(),
            on_b: Bitboard::EMPTY,
            turn: Color::White,
            castling: Bitboard::CORNERS,
            halfmoves: 0,
            fullmoves: NonZeroU32::MIN,
        }
    }
}

impl Alice {
    /// All pieces of both boards in one placement.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The squares whose piece stands on board B.
    pub fn on_b(&self) -> Bitboard {
        self.on_b
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Squares of the rooks that keep their castling right (subset of the four corners).
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// Whether `color` may still castle on `side` (the right, not whether it is legal now).
    pub fn has_castling_right(&self, color: Color, side: CastlingSide) -> bool {
        self.castling.contains(rook_home(color, side))
    }

    /// Plies since the last capture or pawn move (for the fifty-move rule).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and incremented after black's move.
    pub fn fullmoves(&self) -> NonZeroU32 {
        self.fullmoves
    }

    /// The mask of squares belonging to board `id` (where a piece there would stand on `id`).
    pub fn mask(&self, id: BoardId) -> Bitboard {
        match id {
            BoardId::A => !self.on_b,
            BoardId::B => self.on_b,
        }
    }

    /// The occupied squares of board `id`.
    pub fn occupied_on(&self, id: BoardId) -> Bitboard {
        self.board.occupied() & self.mask(id)
    }

    /// The board the piece on `sq` stands on, `None` for an empty square.
    pub fn board_of(&self, sq: Square) -> Option<BoardId> {
        if !self.board.occupied().contains(sq) {
            None
        } else if self.on_b.contains(sq) {
            Some(BoardId::B)
        } else {
            Some(BoardId::A)
        }
    }

    /// The piece on `sq` and its board.
    pub fn piece_at(&self, sq: Square) -> Option<(Piece, BoardId)> {
        let piece = self.board.piece_at(sq)?;
        let id = if self.on_b.contains(sq) {
            BoardId::B
        } else {
            BoardId::A
        };
        Some((piece, id))
    }

    /// The square of `color`'s king (a valid position has exactly one).
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.board.king_of(color)
    }

    /// Pieces of `attacker` on board `id` that attack `sq` there, with `occupied` as the blockers
    /// of that board.
    pub fn attackers_on(
        &self,
        sq: Square,
        attacker: Color,
        id: BoardId,
        occupied: Bitboard,
    ) -> Bitboard {
        self.board.attacks_to(sq, attacker, occupied) & self.mask(id)
    }

    /// The enemy pieces giving check to the side to move (on the king's own board only).
    pub fn checkers(&self) -> Bitboard {
        self.checkers_of(self.turn)
    }

    /// The pieces giving check to `color`'s king.
    pub(crate) fn checkers_of(&self, color: Color) -> Bitboard {
        let Some(king) = self.king_of(color) else {
            return Bitboard::EMPTY;
        };
        let id = if self.on_b.contains(king) {
            BoardId::B
        } else {
            BoardId::A
        };
        self.attackers_on(king, color.other(), id, self.occupied_on(id))
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.legal_moves().is_empty()
    }

    /// Whether neither side can ever checkmate: the material rule of chess, which Fairy-Stockfish
    /// applies to Alice too.
    ///
    /// Draws are K v K, K+minor v K, and any number of bishops all on squares of one colour. The
    /// chess proofs carry over because two kings can never stand next to each other in Alice
    /// (a king may not land on a square attacked on its departure board nor on its arrival
    /// board, so it never arrives next to the other king, and FEN input with adjacent kings is
    /// refused): a lone minor cannot cover a cornered king's flight squares, and a king checked
    /// by a dark-squared bishop always keeps a light flight square that no bishop covers and no
    /// piece can stand on.
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        if (b.pawns() | b.rooks() | b.queens()).any() {
            return false;
        }
        let minors = b.knights() | b.bishops();
        if minors.count() <= 1 {
            return true;
        }
        b.knights().is_empty()
            && (b.bishops().is_subset(Bitboard::DARK_SQUARES)
                || b.bishops().is_subset(Bitboard::LIGHT_SQUARES))
    }

    /// Plays `m`, assumed legal (from [`legal_moves`](Alice::legal_moves)): the piece moves on
    /// its board and is transferred to the other one.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        match *m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                let from_b = self.on_b.contains(from);
                self.board.discard_piece_at(from);
                self.board.discard_piece_at(to);
                self.on_b.discard(from);
                self.on_b.discard(to);
                let arriving = promotion.unwrap_or(role);
                self.board.set_piece_at(to, arriving.of(us));
                if !from_b {
                    self.on_b.add(to);
                }
                if role == Role::Pawn || capture.is_some() {
                    self.halfmoves = 0;
                } else {
                    self.halfmoves = self.halfmoves.saturating_add(1);
                }
                if role == Role::King {
                    self.castling.discard(us.backrank());
                }
                self.castling.discard(from);
                self.castling.discard(to);
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_queen_side(rook < king);
                self.board.discard_piece_at(king);
                self.board.discard_piece_at(rook);
                self.on_b.discard(king);
                self.on_b.discard(rook);
                let king_to = side.king_to(us);
                let rook_to = side.rook_to(us);
                self.board.set_piece_at(king_to, Role::King.of(us));
                self.board.set_piece_at(rook_to, Role::Rook.of(us));
                self.on_b.add(king_to);
                self.on_b.add(rook_to);
                self.castling.discard(us.backrank());
                self.halfmoves = self.halfmoves.saturating_add(1);
            }
            // Alice has no en passant and no drops: such moves are never generated.
            Move::EnPassant { .. } | Move::Put { .. } => return,
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = us.other();
    }

    /// The position after `m` (assumed legal).
    pub fn played(&self, m: &Move) -> Alice {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    /// A 64-bit Zobrist key of everything that counts for repetition: each piece with its square
    /// *and its board*, the side to move and the castling rights. Equal positions have equal keys;
    /// the same placement with a piece on the other board does not.
    pub fn key(&self) -> u64 {
        let mut key = 0;
        for (sq, piece) in self.board.iter() {
            let board = usize::from(self.on_b.contains(sq));
            let idx = ((piece_index(piece) * 64 + sq as usize) << 1) | board;
            key ^= ZOBRIST[idx];
        }
        for sq in self.castling {
            key ^= ZOBRIST[CASTLING_BASE + castling_index(sq)];
        }
        if self.turn == Color::Black {
            key ^= ZOBRIST[TURN_INDEX];
        }
        key
    }
}

/// The home square of `color`'s rook on `side`.
pub(crate) fn rook_home(color: Color, side: CastlingSide) -> Square {
    let file = match side {
        CastlingSide::KingSide => shakmaty::File::H,
        CastlingSide::QueenSide => shakmaty::File::A,
    };
    Square::from_coords(file, color.backrank())
}

/// The home square of `color`'s king (castling is only possible from e1/e8).
pub(crate) fn king_home(color: Color) -> Square {
    Square::from_coords(shakmaty::File::E, color.backrank())
}

fn piece_index(piece: Piece) -> usize {
    (piece.role as usize - 1) + 6 * usize::from(piece.color == Color::Black)
}

fn castling_index(sq: Square) -> usize {
    usize::from(sq.rank() == Rank::Eighth) * 2 + usize::from(sq.file() == shakmaty::File::H)
}

const PIECE_KEYS: usize = 12 * 64 * 2;
const CASTLING_BASE: usize = PIECE_KEYS;
const TURN_INDEX: usize = CASTLING_BASE + 4;

/// Random keys from splitmix64 with a fixed seed, made at compile time.
static ZOBRIST: [u64; TURN_INDEX + 1] = {
    let mut table = [0u64; TURN_INDEX + 1];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15 ^ 0xA11C_E000;
    let mut i = 0;
    while i < table.len() {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        table[i] = z ^ (z >> 31);
        i += 1;
    }
    table
};
