//! Static exchange evaluation: the material balance of the capture sequence on one square,
//! each side recapturing with its least valuable attacker and free to stop.

use super::params::{SEE_VALUE, role_index};
use shakmaty::{Bitboard, Board, Color, Move, Role, Square};

fn value(role: Role) -> i32 {
    SEE_VALUE[role_index(role)]
}

/// Every piece of either colour attacking `sq` given the occupancy `occupied`.
fn attackers(board: &Board, sq: Square, occupied: Bitboard) -> Bitboard {
    (board.attacks_to(sq, Color::White, occupied) | board.attacks_to(sq, Color::Black, occupied))
        & occupied
}

/// The expected material gain of `m` for the side `turn` playing it, in centipawns.
///
/// Castling scores 0; en passant and promotions count the pawn and the promotion gain.
///
/// ```
/// use chessbot::search::see::see;
/// use shakmaty::{fen::Fen, CastlingMode, Chess, Position, Square};
/// let pos: Chess = "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let rxe5 = pos.legal_moves().into_iter().find(|m| m.to() == Square::E5).unwrap();
/// assert_eq!(see(pos.board(), &rxe5, pos.turn()), 100 - 500);
/// ```
pub fn see(board: &Board, m: &Move, turn: Color) -> i32 {
    let (from, to, role, capture, promotion) = match *m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => (from, to, role, capture, promotion),
        Move::EnPassant { .. } => return value(Role::Pawn),
        Move::Castle { .. } | Move::Put { .. } => return 0,
    };
    let mut gain = [0i32; 32];
    let mut occupied = board.occupied();
    gain[0] = capture.map_or(0, value);
    let mut on_square = role;
    if let Some(promoted) = promotion {
        gain[0] += value(promoted) - value(Role::Pawn);
        on_square = promoted;
    }
    occupied.discard(from);
    let mut side = !turn;
    let mut depth = 0;
    loop {
        let all = attackers(board, to, occupied);
        let ours = all & board.by_color(side);
        if ours.is_empty() {
            break;
        }
        let Some((sq, attacker)) = Role::ALL
            .iter()
            .find_map(|&r| (ours & board.by_role(r)).first().map(|sq| (sq, r)))
        else {
            break;
        };
        // A king cannot capture into a defended square.
        if attacker == Role::King && (all & board.by_color(!side)).any() {
            break;
        }
        depth += 1;
        gain[depth] = value(on_square) - gain[depth - 1];
        if (-gain[depth - 1]).max(gain[depth]) < 0 || depth == gain.len() - 1 {
            break;
        }
        on_square = attacker;
        occupied.discard(sq);
        side = !side;
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}

/// Whether [`see`] of `m` is at least `threshold`.
pub fn see_ge(board: &Board, m: &Move, turn: Color, threshold: i32) -> bool {
    see(board, m, turn) >= threshold
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::parse_position;
    use shakmaty::{CastlingMode, Position};

    fn see_of(fen: &str, uci: &str) -> i32 {
        let pos = parse_position(fen, CastlingMode::Standard).unwrap();
        let m = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        see(pos.board(), &m, pos.turn())
    }

    #[test]
    fn exchanges() {
        // Undefended pawn.
        assert_eq!(see_of("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"), 100);
        // Pawn defended by a pawn: rook is lost.
        assert_eq!(see_of("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"), -400);
        // Knight takes pawn defended by pawn, knight lost for pawn.
        assert_eq!(
            see_of("4k3/8/3p4/4p3/8/5N2/8/5K2 w - - 0 1", "f3e5"),
            100 - 320
        );
        // X-ray: doubled rooks win the defended pawn exchange? R takes p, r takes R, R takes r.
        assert_eq!(
            see_of("4r1k1/8/8/4p3/8/8/4R3/4RK2 w - - 0 1", "e2e5"),
            100 - 500 + 500
        );
        // Quiet move to an attacked square loses the piece.
        assert_eq!(see_of("4k3/8/3p4/8/8/8/8/2N2K2 w - - 0 1", "c1e2"), 0);
        assert_eq!(see_of("4k3/8/3p4/8/3N4/8/8/5K2 w - - 0 1", "d4c6"), 0);
        assert_eq!(see_of("4k3/8/3p4/8/3N4/8/8/5K2 w - - 0 1", "d4e6"), 0);
        assert_eq!(see_of("4k3/8/3p4/8/8/3N4/8/5K2 w - - 0 1", "d3c5"), -320);
    }
}
