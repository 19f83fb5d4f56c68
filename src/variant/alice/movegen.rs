//! Alice legal move generation, on shakmaty's attack tables.
//!
//! Each rule of the variant is enforced in exactly one place below:
//! - a piece moves on its own board X with only X's pieces as blockers and victims
//!   (`occupied_on(X)`), and its destination must be empty on the other board Y;
//! - pawns: single step empty on both boards, double step passed square empty on X and
//!   destination empty on both, diagonal captures on X, promotion; no en passant;
//! - a king may not move to a square attacked on its departure board (computed there after the
//!   move) nor be in check after arriving on the other board;
//! - castling is played on A and both pieces arrive on B ([`Alice::castling_moves`]);
//! - after the transfer the mover's king must not be in check on its own board
//!   ([`Alice::leaves_king_safe`]).

use super::position::{Alice, BoardId, king_home, rook_home};
use shakmaty::attacks::{self, between};
use shakmaty::{CastlingSide, Move, Rank, Role, Square};

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

impl Alice {
    /// Every legal move of the side to move.
    ///
    /// A `Vec`, not shakmaty's fixed-size `MoveList`: with pieces spread over two boards a
    /// position set up by FEN can exceed the 256 moves that list holds.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(48);
        self.pseudo_moves(&mut moves);
        moves.retain(|m| self.leaves_king_safe(m));
        self.castling_moves(&mut moves);
        moves
    }

    /// Whether `m` is among the legal moves.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Whether the piece of the side to move on `from` moves to `to` by the board rules, whether
    /// or not the move leaves its king in check.
    pub(crate) fn reaches(&self, from: Square, to: Square) -> bool {
        let mut moves = Vec::new();
        self.pseudo_moves(&mut moves);
        moves.iter().any(|m| m.from() == Some(from) && m.to() == to)
    }

    /// Moves that obey the board rules (source board, empty destination on the other board, the
    /// king's departure-board rule) but are not yet checked for the king's safety after transfer.
    fn pseudo_moves(&self, moves: &mut Vec<Move>) {
        let us = self.turn;
        let ours = self.board.by_color(us);
        let occupied = self.board.occupied();
        for from in ours {
            let Some(piece) = self.board.piece_at(from) else {
                continue;
            };
            let x = if self.on_b.contains(from) {
                BoardId::B
            } else {
                BoardId::A
            };
            let occ_x = occupied & self.mask(x);
            let occ_y = occupied & self.mask(x.other());
            match piece.role {
                Role::Pawn => self.pawn_moves(from, x, moves),
                Role::King => {
                    let targets = attacks::king_attacks(from) & !(ours & occ_x) & !occ_y;
                    // The departure board after the king left it (a captured piece is gone too,
                    // but it cannot attack its own square anyway).
                    let occ_x_after = occ_x.without(from);
                    for to in targets {
                        if self.attackers_on(to, us.other(), x, occ_x_after).is_empty() {
                            moves.push(self.normal(Role::King, from, to, None));
                        }
                    }
                }
                _ => {
                    let targets = attacks::attacks(from, piece, occ_x) & !(ours & occ_x) & !occ_y;
                    for to in targets {
                        moves.push(self.normal(piece.role, from, to, None));
                    }
                }
            }
        }
    }

    fn pawn_moves(&self, from: Square, x: BoardId, moves: &mut Vec<Move>) {
        let us = self.turn;
        let occupied = self.board.occupied();
        let occ_x = occupied & self.mask(x);
        let step: i32 = if us.is_white() { 8 } else { -8 };
        let push = |to: Square, moves: &mut Vec<Move>| {
            if to.rank() == us.fold_wb(Rank::Eighth, Rank::First) {
                for role in PROMOTIONS {
                    moves.push(self.normal(Role::Pawn, from, to, Some(role)));
                }
            } else {
                moves.push(self.normal(Role::Pawn, from, to, None));
            }
        };
        // Captures: diagonally on X; the victim stands on X, so the square is empty on Y.
        let theirs_x = self.board.by_color(us.other()) & occ_x;
        for to in attacks::pawn_attacks(us, from) & theirs_x {
            push(to, moves);
        }
        // Single step: the square empty on both boards.
        let Some(one) = from.offset(step) else {
            return;
        };
        if !occupied.contains(one) {
            push(one, moves);
        }
        // Double step from the second rank: the passed square empty on X (a piece standing there
        // on Y does not block), the destination empty on both boards.
        if from.rank() == us.fold_wb(Rank::Second, Rank::Seventh)
            && !occ_x.contains(one)
            && let Some(two) = one.offset(step)
            && !occupied.contains(two)
        {
            push(two, moves);
        }
    }

    fn normal(&self, role: Role, from: Square, to: Square, promotion: Option<Role>) -> Move {
        Move::Normal {
            role,
            from,
            capture: self.board.role_at(to),
            to,
            promotion,
        }
    }

    /// Whether the mover's king is safe on its own board after `m` and the transfer.
    ///
    /// Computed without playing the move: only the king's board changes what attacks the king,
    /// and it changes by the squares the move empties or fills there.
    fn leaves_king_safe(&self, m: &Move) -> bool {
        let Move::Normal {
            role,
            from,
            capture,
            to,
            ..
        } = *m
        else {
            return self.played(m).checkers_of(self.turn).is_empty();
        };
        let us = self.turn;
        let them = us.other();
        let x = if self.on_b.contains(from) {
            BoardId::B
        } else {
            BoardId::A
        };
        if role == Role::King {
            // The departure board was checked when the move was generated; now the arrival.
            let y = x.other();
            return self
                .attackers_on(to, them, y, self.occupied_on(y))
                .is_empty();
        }
        let Some(king) = self.king_of(us) else {
            return true;
        };
        let k = if self.on_b.contains(king) {
            BoardId::B
        } else {
            BoardId::A
        };
        let mut occupied = self.occupied_on(k);
        let mut enemies = self.board.by_color(them) & self.mask(k);
        if k == x {
            // The piece leaves the king's board; a captured piece there is gone too.
            occupied.discard(from);
            if capture.is_some() {
                occupied.discard(to);
                enemies.discard(to);
            }
        } else {
            // The piece arrives on the king's board and may block.
            occupied.add(to);
        }
        (self.board.attacks_to(king, them, occupied) & enemies).is_empty()
    }

    /// Castling, played on A with both pieces arriving on B.
    ///
    /// Needs the right, king and rook on their home squares on A, the squares between them
    /// empty on A, the king's and rook's arrival squares empty on B, the king not in check, not
    /// passing or landing on a square attacked on A, and not in check on B after the transfer.
    fn castling_moves(&self, moves: &mut Vec<Move>) {
        let us = self.turn;
        let them = us.other();
        let king = king_home(us);
        if self.board.piece_at(king) != Some(Role::King.of(us)) || self.on_b.contains(king) {
            return;
        }
        let occ_a = self.occupied_on(BoardId::A);
        let occ_b = self.occupied_on(BoardId::B);
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let rook = rook_home(us, side);
            if !self.castling.contains(rook)
                || self.board.piece_at(rook) != Some(Role::Rook.of(us))
                || self.on_b.contains(rook)
            {
                continue;
            }
            let king_to = side.king_to(us);
            let rook_to = side.rook_to(us);
            if between(king, rook).intersects(occ_a) {
                continue;
            }
            if occ_b.contains(king_to) || occ_b.contains(rook_to) {
                continue;
            }
            // Not in check, not passing or landing on an attacked square on A (the king and
            // rook are gone from A when the king gets there).
            let occ_a_after = occ_a.without(king).without(rook);
            let path = between(king, king_to).with(king).with(king_to);
            if path
                .into_iter()
                .any(|sq| self.attackers_on(sq, them, BoardId::A, occ_a_after).any())
            {
                continue;
            }
            // On B after the transfer.
            let occ_b_after = occ_b.with(king_to).with(rook_to);
            if self
                .attackers_on(king_to, them, BoardId::B, occ_b_after)
                .any()
            {
                continue;
            }
            moves.push(Move::Castle { king, rook });
        }
    }
}
