//! Static evaluation of an Alice position, for our engine.
//!
//! Chess evaluation terms assume one board; in Alice a piece's worth depends on the board it
//! stands on and what it can reach there. This evaluator counts, besides material and
//! piece-square tables:
//! - mobility on the piece's own board: squares it can move to there (only that board's pieces
//!   block it) whose square is free on the other board, where it would arrive;
//! - king safety per board: enemy pieces on the king's board attacking its zone there; enemy
//!   pieces on the *other* board that can move to a square from which, arriving on the king's
//!   board, they give check (the Alice way of attacking a king); and the king's flight squares
//!   (free on the other board, where a king move lands);
//! - passed pawns (a pawn is stopped by a piece on either board, since a step needs the square
//!   empty on both).
//!
//! The score is in centipawns from the side to move's point of view. Weights are in [`weights`].

use super::position::{Alice, BoardId};
use crate::search::eval::simplified::square_bonus;
use shakmaty::attacks;
use shakmaty::{Bitboard, Color, Piece, Rank, Role, Square};

/// Every weight of the Alice evaluation, in centipawns.
pub mod weights {
    /// Material by role, pawn first, king last.
    pub const MATERIAL: [i32; 6] = [100, 320, 330, 500, 900, 0];
    /// Mobility per square reachable on the piece's board (knight, bishop, rook, queen).
    pub const MOBILITY: [i32; 4] = [4, 4, 3, 2];
    /// The typical mobility subtracted first, so an average piece scores 0.
    pub const MOBILITY_CENTER: [i32; 4] = [4, 6, 7, 12];
    /// Penalty units per enemy piece on the king's board attacking its zone.
    pub const ZONE_ATTACKER: i32 = 2;
    /// Penalty units per enemy move that would give check by arriving on the king's board.
    pub const CHECK_THREAT: i32 = 3;
    /// King-danger penalty by units (capped at the last entry).
    pub const DANGER: [i32; 16] = [
        0, 4, 10, 18, 28, 40, 54, 70, 88, 108, 130, 154, 180, 208, 238, 270,
    ];
    /// Penalty per missing flight square below three (a king short of flights is mated easily).
    pub const FEW_FLIGHTS: i32 = 18;
    /// Passed pawn bonus by relative rank (rank 1 first).
    pub const PASSED_PAWN: [i32; 8] = [0, 5, 10, 20, 35, 60, 100, 0];
    /// Bonus for the side to move.
    pub const TEMPO: i32 = 10;
}

use weights as w;

/// Evaluates `pos` in centipawns from the side to move's point of view.
///
/// ```
/// use chessbot::variant::alice::{Alice, eval::evaluate};
/// assert!(evaluate(&Alice::default()).abs() < 30);
/// ```
pub fn evaluate(pos: &Alice) -> i32 {
    let white = evaluate_side(pos, Color::White);
    let black = evaluate_side(pos, Color::Black);
    let score = white - black;
    let score = if pos.turn().is_white() { score } else { -score };
    score + w::TEMPO
}

fn evaluate_side(pos: &Alice, color: Color) -> i32 {
    let board = pos.board();
    let ours = board.by_color(color);
    let endgame = (board.queens() & board.by_color(color.other())).is_empty();
    let mut score = 0;
    for sq in ours {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        let role = piece.role;
        let idx = role as usize - 1;
        score += w::MATERIAL[idx];
        score += square_bonus(piece, sq, endgame);
        if role == Role::Pawn {
            if is_passed(pos, sq, color) {
                let rank = if color.is_white() {
                    sq.rank() as usize
                } else {
                    7 - sq.rank() as usize
                };
                score += w::PASSED_PAWN[rank];
            }
            continue;
        }
        if role == Role::King {
            continue;
        }
        let reach = reach(pos, sq, piece);
        let m = idx - 1;
        score += w::MOBILITY[m] * (reach.count() as i32 - w::MOBILITY_CENTER[m]);
    }
    score - king_danger(pos, color)
}

/// Where the piece on `sq` can move: its attacks on its own board, minus its own side's pieces
/// there and minus squares taken on the other board (where it would arrive).
fn reach(pos: &Alice, sq: Square, piece: Piece) -> Bitboard {
    let x = pos.board_of(sq).unwrap_or(BoardId::A);
    let occ_x = pos.occupied_on(x);
    let occ_y = pos.occupied_on(x.other());
    let own_x = pos.board().by_color(piece.color) & occ_x;
    attacks::attacks(sq, piece, occ_x) & !own_x & !occ_y
}

/// The penalty for `color`'s king: zone attackers on its board, check threats from the other
/// board, and missing flight squares.
fn king_danger(pos: &Alice, color: Color) -> i32 {
    let board = pos.board();
    let Some(king) = board.king_of(color) else {
        return 0;
    };
    let k = pos.board_of(king).unwrap_or(BoardId::A);
    let occ_k = pos.occupied_on(k);
    let occ_other = pos.occupied_on(k.other());
    let them = board.by_color(color.other());
    let zone = attacks::king_attacks(king).with(king);
    let mut units = 0;
    for sq in them & pos.mask(k) & !board.kings() & !board.pawns() {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        if attacks::attacks(sq, piece, occ_k).intersects(zone) {
            units += w::ZONE_ATTACKER;
        }
    }
    // Enemy pieces on the other board: a move to a square from which, arriving on the king's
    // board, they attack the king there.
    for sq in them & pos.mask(k.other()) & !board.kings() {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        let targets = if piece.role == Role::Pawn {
            pawn_reach(pos, sq, piece.color)
        } else {
            reach(pos, sq, piece)
        } & !occ_k;
        let checking = checking_squares(piece, king, occ_k);
        units += w::CHECK_THREAT * (targets & checking).count() as i32;
    }
    let danger = w::DANGER[(units as usize).min(w::DANGER.len() - 1)];
    // Flight squares: free of our own pieces on the king's board and empty on the other board.
    let own_k = board.by_color(color) & occ_k;
    let flights = (attacks::king_attacks(king) & !own_k & !occ_other).count() as i32;
    danger + w::FEW_FLIGHTS * (3 - flights).max(0)
}

/// Squares from which a piece like `piece` would attack `king` (with `occupied` as blockers).
fn checking_squares(piece: Piece, king: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => attacks::pawn_attacks(piece.color.other(), king),
        Role::Knight => attacks::knight_attacks(king),
        Role::Bishop => attacks::bishop_attacks(king, occupied),
        Role::Rook => attacks::rook_attacks(king, occupied),
        Role::Queen => attacks::queen_attacks(king, occupied),
        Role::King => Bitboard::EMPTY,
    }
}

/// The squares a pawn can move to (steps and captures on its board).
fn pawn_reach(pos: &Alice, sq: Square, color: Color) -> Bitboard {
    let x = pos.board_of(sq).unwrap_or(BoardId::A);
    let theirs_x = pos.board().by_color(color.other()) & pos.mask(x);
    let mut reach = attacks::pawn_attacks(color, sq) & theirs_x;
    if let Some(one) = sq.offset(if color.is_white() { 8 } else { -8 })
        && !pos.board().occupied().contains(one)
    {
        reach.add(one);
    }
    reach
}

/// Whether no enemy pawn stands ahead of the pawn on its file or a neighbouring one.
fn is_passed(pos: &Alice, sq: Square, color: Color) -> bool {
    let their_pawns = pos.board().pawns() & pos.board().by_color(color.other());
    let file = sq.file() as i32;
    let mut span = Bitboard::EMPTY;
    for f in (file - 1).max(0)..=(file + 1).min(7) {
        span |= Bitboard::from(shakmaty::File::new(f as u32));
    }
    let ahead = Rank::ALL
        .into_iter()
        .filter(|r| {
            if color.is_white() {
                *r > sq.rank()
            } else {
                *r < sq.rank()
            }
        })
        .fold(Bitboard::EMPTY, |acc, r| acc | Bitboard::from(r));
    (their_pawns & span & ahead).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&Alice::from_fen(fen).unwrap())
    }

    #[test]
    fn start_is_balanced_and_symmetric() {
        let start = evaluate(&Alice::default());
        assert_eq!(start, w::TEMPO);
        let white = eval("rnbqkbnr/pppppppp/8/8/4|P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let black = eval("rnbqkbnr/pppp1ppp/8/4|p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(white, black);
    }

    #[test]
    fn material_counts() {
        // White to move, a queen up.
        assert!(eval("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1") < eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 700);
    }

    #[test]
    fn a_piece_is_worth_more_where_it_can_move() {
        // The rook on A is boxed in by its own pieces there; on B they do not block it.
        let boxed = eval("4k3/8/8/8/8/8/PP6/RN2K3 w - - 0 1");
        let free = eval("4k3/8/8/8/8/8/PP6/|RN2K3 w - - 0 1");
        assert!(free > boxed, "{free} vs {boxed}");
    }

    #[test]
    fn check_threats_from_the_other_board_cost_the_king() {
        // Black's king is on A. A white rook on B that can land on the e-file of A (a check
        // there) is worth more than the same rook on A, where no move of it gives check.
        let threat = eval("4k3/8/8/8/8/8/8/|R3K3 w - - 0 1");
        let quiet = eval("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert!(threat > quiet, "{threat} vs {quiet}");
    }
}
