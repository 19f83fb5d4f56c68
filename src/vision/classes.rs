//! The classes a square can hold: empty or one of the twelve pieces, in the order of the
//! square network's outputs. Recognition reads them and training labels crops with them.

use shakmaty::{Color, Piece, Role};

/// Number of classes: empty + 12 pieces.
pub const CLASSES: usize = 13;

/// The twelve pieces in file order: white K Q R B N P, then black K Q R B N P.
pub const PIECES: [Piece; 12] = [
    Color::White.king(),
    Color::White.queen(),
    Color::White.rook(),
    Color::White.bishop(),
    Color::White.knight(),
    Color::White.pawn(),
    Color::Black.king(),
    Color::Black.queen(),
    Color::Black.rook(),
    Color::Black.bishop(),
    Color::Black.knight(),
    Color::Black.pawn(),
];

/// Index of `piece` in [`PIECES`].
pub fn piece_index(piece: Piece) -> usize {
    let role = match piece.role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    role + if piece.color.is_white() { 0 } else { 6 }
}

/// What one square holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SquareClass {
    /// Nothing.
    Empty,
    /// A piece.
    Piece(Piece),
}

impl SquareClass {
    /// All 13 classes in the network's output order: empty, then [`PIECES`] order.
    pub const ALL: [SquareClass; CLASSES] = {
        let mut all = [SquareClass::Empty; CLASSES];
        let mut i = 0;
        while i < 12 {
            all[i + 1] = SquareClass::Piece(PIECES[i]);
            i += 1;
        }
        all
    };

    /// The class's index in the network's output.
    pub fn index(self) -> usize {
        match self {
            SquareClass::Empty => 0,
            SquareClass::Piece(p) => piece_index(p) + 1,
        }
    }

    /// The class at `index` in the network's output, if any.
    pub fn from_index(index: usize) -> Option<SquareClass> {
        SquareClass::ALL.get(index).copied()
    }

    /// The piece, if not empty.
    pub fn piece(self) -> Option<Piece> {
        match self {
            SquareClass::Empty => None,
            SquareClass::Piece(p) => Some(p),
        }
    }

    /// FEN letter of the piece, `.` for empty.
    pub fn char(self) -> char {
        match self {
            SquareClass::Empty => '.',
            SquareClass::Piece(p) => p.char(),
        }
    }
}

impl From<Option<Piece>> for SquareClass {
    fn from(p: Option<Piece>) -> Self {
        p.map_or(SquareClass::Empty, SquareClass::Piece)
    }
}

impl From<Piece> for SquareClass {
    fn from(p: Piece) -> Self {
        SquareClass::Piece(p)
    }
}

impl From<SquareClass> for Option<Piece> {
    fn from(c: SquareClass) -> Self {
        c.piece()
    }
}

impl std::fmt::Display for SquareClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_index_matches_table() {
        for (i, p) in PIECES.iter().enumerate() {
            assert_eq!(piece_index(*p), i);
        }
    }
}
