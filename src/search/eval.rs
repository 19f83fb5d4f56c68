//! Static evaluation of a chess position: material and tapered piece-square tables, mobility,
//! pawn structure (passed, isolated, doubled), king safety, bishop pair and rooks on open files.
//!
//! Every weight lives in [`super::params`]. The result is in centipawns from the side to move's
//! point of view, as negamax wants it.

use super::params::{self as p, Pair, role_index};
use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Board, Chess, Color, File, Position, Rank, Role, Square};

/// A middlegame and an endgame score summed separately, blended at the end by game phase.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Tapered {
    mg: i32,
    eg: i32,
}

impl Tapered {
    fn add(&mut self, (mg, eg): Pair) {
        self.mg += mg;
        self.eg += eg;
    }

    fn add_times(&mut self, (mg, eg): Pair, n: i32) {
        self.mg += mg * n;
        self.eg += eg * n;
    }
}

/// Evaluates `pos` in centipawns from the side to move's point of view.
///
/// ```
/// use chessbot::search::eval::evaluate;
/// use shakmaty::Chess;
/// // The start position is balanced up to the tempo bonus.
/// assert!(evaluate(&Chess::default()).abs() < 30);
/// ```
pub fn evaluate(pos: &Chess) -> i32 {
    let board = pos.board();
    let mut phase = 0;
    let mut white = Tapered::default();
    let mut black = Tapered::default();
    for color in Color::ALL {
        let side = match color {
            Color::White => &mut white,
            Color::Black => &mut black,
        };
        evaluate_side(board, color, side, &mut phase);
    }
    let phase = phase.min(p::PHASE_TOTAL);
    let mg = white.mg - black.mg;
    let eg = white.eg - black.eg;
    let blended = (mg * phase + eg * (p::PHASE_TOTAL - phase)) / p::PHASE_TOTAL;
    let score = match pos.turn() {
        Color::White => blended,
        Color::Black => -blended,
    };
    scale_drawish(board, pos.turn(), score) + p::TEMPO
}

/// Halves scores in endings where the side ahead has no pawns and at most a minor piece more:
/// such material edges rarely win.
fn scale_drawish(board: &Board, turn: Color, score: i32) -> i32 {
    let strong = if score > 0 { turn } else { !turn };
    let ours = board.by_color(strong);
    if (ours & board.pawns()).any() {
        return score;
    }
    let minors = (ours & (board.knights() | board.bishops())).count();
    let majors = (ours & (board.rooks() | board.queens())).count();
    if majors == 0 && minors <= 1 {
        score / 8
    } else {
        score
    }
}

fn evaluate_side(board: &Board, color: Color, acc: &mut Tapered, phase: &mut i32) {
    let us = board.by_color(color);
    let them = board.by_color(!color);
    let occupied = board.occupied();
    let our_pawns = us & board.pawns();
    let their_pawns = them & board.pawns();
    let enemy_pawn_attacks = pawn_attacks_of(their_pawns, !color);
    let mobility_area = !(us | enemy_pawn_attacks);
    let their_king = board.king_of(!color);
    let king_zone = their_king.map_or(Bitboard::EMPTY, |k| king_attacks(k).with(k));
    let mut attack_units = 0;
    let mut attackers = 0;

    for role in Role::ALL {
        let ri = role_index(role);
        for sq in us & board.by_role(role) {
            let idx = p::pst_index(sq, color);
            acc.add(p::MATERIAL[ri]);
            acc.add((p::PST_MG[ri][idx], p::PST_EG[ri][idx]));
            *phase += p::PHASE_WEIGHT[ri];
            let attacks = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occupied),
                Role::Rook => rook_attacks(sq, occupied),
                Role::Queen => queen_attacks(sq, occupied),
                Role::Pawn | Role::King => continue,
            };
            let mi = ri - 1;
            let reach = (attacks & mobility_area).count() as i32;
            acc.add_times(p::MOBILITY[mi], reach - p::MOBILITY_CENTER[mi]);
            if (attacks & king_zone).any() {
                attackers += 1;
                attack_units += p::KING_ATTACK_UNITS[mi] * (attacks & king_zone).count() as i32;
            }
            if role == Role::Rook {
                let file = Bitboard::from_file(sq.file());
                if (file & our_pawns).is_empty() {
                    acc.add(if (file & their_pawns).is_empty() {
                        p::ROOK_OPEN_FILE
                    } else {
                        p::ROOK_SEMI_OPEN_FILE
                    });
                }
            }
        }
    }

    if (us & board.bishops()).more_than_one() {
        acc.add(p::BISHOP_PAIR);
    }

    // King attack: only dangerous with a queen and at least two attackers.
    if attackers >= 2 && (us & board.queens()).any() {
        let penalty =
            (attack_units * attack_units * p::KING_ATTACK_SCALE / 16).min(p::KING_ATTACK_MAX);
        acc.mg += penalty;
    }

    // Pawn shield in front of our own king when it sits on its first two ranks.
    if let Some(king) = board.king_of(color) {
        let relative_rank = match color {
            Color::White => king.rank() as i32,
            Color::Black => 7 - king.rank() as i32,
        };
        if relative_rank <= 1 {
            let files = adjacent_files(king.file()) | Bitboard::from_file(king.file());
            let ahead = forward_ranks(king.rank(), color);
            let shield = files & ahead & our_pawns;
            let near = shield
                & king_attacks(king).shift(if color == Color::White { 8 } else { -8 })
                | shield & king_attacks(king);
            acc.mg += p::PAWN_SHIELD * (near.count().min(3) as i32);
        }
    }

    pawn_structure(color, our_pawns, their_pawns, acc);
}

fn pawn_structure(color: Color, ours: Bitboard, theirs: Bitboard, acc: &mut Tapered) {
    for sq in ours {
        let file = sq.file();
        let neighbours = adjacent_files(file);
        if (neighbours & ours).is_empty() {
            acc.add(p::ISOLATED_PAWN);
        }
        let ahead = forward_ranks(sq.rank(), color);
        let file_bb = Bitboard::from_file(file);
        if (file_bb & ahead & ours).any() {
            acc.add(p::DOUBLED_PAWN);
        }
        let blockers = (file_bb | neighbours) & ahead & theirs;
        if blockers.is_empty() && (file_bb & ahead & ours).is_empty() {
            let rel = match color {
                Color::White => sq.rank() as usize,
                Color::Black => 7 - sq.rank() as usize,
            };
            acc.add(p::PASSED_PAWN[rel]);
        }
    }
}

/// Squares attacked by `pawns` of `color`.
fn pawn_attacks_of(pawns: Bitboard, color: Color) -> Bitboard {
    let not_a = !Bitboard::from_file(File::A);
    let not_h = !Bitboard::from_file(File::H);
    match color {
        Color::White => ((pawns & not_a).shift(7)) | ((pawns & not_h).shift(9)),
        Color::Black => ((pawns & not_h).shift(-7)) | ((pawns & not_a).shift(-9)),
    }
}

/// The files left and right of `file`.
fn adjacent_files(file: File) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    if let Some(left) = file.offset(-1) {
        bb |= Bitboard::from_file(left);
    }
    if let Some(right) = file.offset(1) {
        bb |= Bitboard::from_file(right);
    }
    bb
}

/// All ranks strictly in front of `rank` from `color`'s point of view.
fn forward_ranks(rank: Rank, color: Color) -> Bitboard {
    let r = rank as u32;
    match color {
        Color::White if r == 7 => Bitboard::EMPTY,
        Color::White => Bitboard(u64::MAX << (8 * (r + 1))),
        Color::Black if r == 0 => Bitboard::EMPTY,
        Color::Black => Bitboard(u64::MAX >> (64 - 8 * r)),
    }
}

/// Whether `sq` holds a pawn of `color` that no enemy pawn can stop by capture or blockade.
pub fn is_passed_pawn(board: &Board, sq: Square, color: Color) -> bool {
    let theirs = board.by_color(!color) & board.pawns();
    let span = (Bitboard::from_file(sq.file()) | adjacent_files(sq.file()))
        & forward_ranks(sq.rank(), color);
    board.piece_at(sq) == Some(Role::Pawn.of(color)) && (span & theirs).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::parse_position;
    use shakmaty::CastlingMode;

    fn eval(fen: &str) -> i32 {
        evaluate(&parse_position(fen, CastlingMode::Standard).unwrap())
    }

    #[test]
    fn symmetric_positions_score_the_tempo_only() {
        assert_eq!(evaluate(&Chess::default()), p::TEMPO);
        let fen_w = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4";
        assert_eq!(eval(fen_w), p::TEMPO);
    }

    #[test]
    fn colour_flip_negates_the_score() {
        let white = eval("4k3/pp3ppp/8/3P4/8/8/P4PPP/4K2R w K - 0 1");
        let black = eval("4k2r/p4ppp/8/8/3p4/8/PP3PPP/4K3 b k - 0 1");
        assert_eq!(white, black);
    }

    #[test]
    fn extra_material_and_passed_pawns_count() {
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        let passed = eval("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
        let blocked = eval("4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1");
        assert!(passed > 50, "{passed}");
        assert!(blocked < passed);
        let board = parse_position("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", CastlingMode::Standard)
            .unwrap()
            .board()
            .clone();
        assert!(is_passed_pawn(&board, Square::D5, Color::White));
    }

    #[test]
    fn lone_minor_piece_is_scaled_down() {
        assert!(eval("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1") < 60);
    }
}
