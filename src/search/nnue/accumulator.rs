//! The two views' hidden values, kept up to date move by move.

use super::{HIDDEN, Network, feature_index};
use shakmaty::{Board, CastlingSide, Color, Move, Piece, Role, Square};

/// The feature transformer's output for both views of one position.
///
/// Copied along with the position in the search (copy-make), so it is a plain array.
#[derive(Clone, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    /// `[White's view, Black's view]`.
    views: [[i16; HIDDEN]; 2],
}

impl std::fmt::Debug for Accumulator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Accumulator").finish_non_exhaustive()
    }
}

fn slot(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Accumulator {
    /// Computes both views of `board` from scratch.
    pub fn new(net: &Network, board: &Board) -> Accumulator {
        let mut acc = Accumulator {
            views: [net.feature_bias; 2],
        };
        for (sq, piece) in board {
            for color in Color::ALL {
                let row = &net.feature_weights[feature_index(color, piece, sq)];
                for (v, w) in acc.views[slot(color)].iter_mut().zip(row) {
                    *v += w;
                }
            }
        }
        acc
    }

    /// The hidden values of `color`'s view.
    pub fn view(&self, color: Color) -> &[i16; HIDDEN] {
        &self.views[slot(color)]
    }

    /// The accumulator after `m` played by `turn`, written in one pass from this one (copying
    /// and then updating would read and write every value twice, at every node of copy-make).
    pub fn played(&self, net: &Network, turn: Color, m: &Move) -> Accumulator {
        let ours = |role: Role| Piece { color: turn, role };
        let theirs = |role: Role| Piece { color: !turn, role };
        match *m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                let moved = (ours(promotion.unwrap_or(role)), to);
                match capture {
                    None => self.changed(net, [moved], [(ours(role), from)]),
                    Some(c) => self.changed(net, [moved], [(ours(role), from), (theirs(c), to)]),
                }
            }
            Move::EnPassant { from, to } => {
                let victim = Square::from_coords(to.file(), from.rank());
                let pawn = ours(Role::Pawn);
                self.changed(
                    net,
                    [(pawn, to)],
                    [(pawn, from), (theirs(Role::Pawn), victim)],
                )
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_queen_side(rook.file() < king.file());
                let (k, r) = (ours(Role::King), ours(Role::Rook));
                let added = [(k, side.king_to(turn)), (r, side.rook_to(turn))];
                self.changed(net, added, [(k, king), (r, rook)])
            }
            Move::Put { role, to } => self.changed(net, [(ours(role), to)], []),
        }
    }

    /// This accumulator with the `added` features added and the `removed` ones removed, in
    /// both views. The counts are constants, so each shape compiles to one vectorised loop.
    fn changed<const A: usize, const R: usize>(
        &self,
        net: &Network,
        added: [(Piece, Square); A],
        removed: [(Piece, Square); R],
    ) -> Accumulator {
        let mut out = Accumulator {
            views: [[0; HIDDEN]; 2],
        };
        for color in Color::ALL {
            let row = |(piece, sq): (Piece, Square)| {
                &net.feature_weights[feature_index(color, piece, sq)]
            };
            let adds = added.map(row);
            let subs = removed.map(row);
            let from = &self.views[slot(color)];
            let to = &mut out.views[slot(color)];
            for i in 0..HIDDEN {
                let mut v = from[i];
                for a in &adds {
                    v += a[i];
                }
                for r in &subs {
                    v -= r[i];
                }
                to[i] = v;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::nnue::DEFAULT_NETWORK;
    use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

    /// Plays every legal move (castling, en passant, promotions with and without capture
    /// included) and checks the incremental update against a fresh computation.
    #[test]
    fn incremental_update_matches_refresh() {
        let net = &*DEFAULT_NETWORK;
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ];
        for fen in fens {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Chess960)
                .unwrap();
            let before = Accumulator::new(net, pos.board());
            for m in pos.legal_moves() {
                let acc = before.played(net, pos.turn(), &m);
                let mut after = pos.clone();
                after.play_unchecked(m);
                assert_eq!(acc, Accumulator::new(net, after.board()), "{fen} {m}");
            }
        }
    }
}
