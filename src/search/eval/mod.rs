//! Static evaluation of a chess position: material and tapered piece-square tables, mobility,
//! pawn structure (passed, connected, isolated, doubled, backward; passed pawns with a safe next
//! square or a free path), threats (by pawns, minors, rooks, pawn pushes; hanging pieces),
//! outposts, king safety (attack units, safe checks, weak squares next to the king, pawn shield
//! and storm, open files), bishop pair, minor pieces behind pawns and rooks on open files or the
//! seventh rank.
//!
//! The evaluation names its terms to a [`Sink`]: [`evaluate`] sums them with the weights of
//! [`super::params::WEIGHTS`]; [`trace`] records which weights were used and how often, so that
//! the Texel tuner (`chessbot tune`) can fit the weights to scored positions. The result is in
//! centipawns from the side to move's point of view, as negamax wants it.

pub mod simplified;

use super::params::layout as w;
use super::params::{self as p, Weights, role_index};
use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Board, Chess, Color, File, Position, Rank, Role, Square};

/// Receives the evaluation's terms: `count` times the weight at `index` (a position in
/// [`Weights`], see [`super::params::layout`]) for `color`.
pub trait Sink {
    /// Adds one term.
    fn add(&mut self, color: Color, index: usize, count: i32);
}

/// A middlegame and an endgame score summed separately, blended at the end by game phase.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Tapered {
    mg: i32,
    eg: i32,
}

/// Sums the terms with a set of weights, per colour.
struct Sum<'a> {
    weights: &'a Weights,
    sides: [Tapered; 2],
}

impl Sink for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, color: Color, index: usize, count: i32) {
        let (mg, eg) = self.weights.get(index);
        let side = &mut self.sides[color as usize];
        side.mg += mg * count;
        side.eg += eg * count;
    }
}

/// Which weights one position's evaluation used, for tuning: the evaluation (White's view,
/// before phase blending) is `Σ count × weight` over [`Trace::terms`].
#[derive(Debug, Clone, PartialEq)]
pub struct Trace {
    /// `(weight index, White's count minus Black's)`, sorted by index, no zero counts.
    pub terms: Vec<(u16, i16)>,
    /// Game phase, 0 (bare kings and pawns) to [`p::PHASE_TOTAL`] (all pieces).
    pub phase: i32,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// Divisor of the score when White is ahead, and when Black is ahead (see `scale_drawish`).
    pub drawish_divisor: [i32; 2],
    /// The endgame part's scale, out of [`SCALE_ONE`], when White is ahead in it and when
    /// Black is (see [`endgame_scale`]).
    pub endgame_scale: [i32; 2],
    /// The position's [`complexity_features`], weighted by [`w::COMPLEXITY`] (not in `terms`:
    /// they move the score of the side ahead, whichever it is).
    pub complexity: [i32; w::COMPLEXITY_FEATURES],
}

/// Records terms for a [`Trace`].
#[derive(Default)]
struct Record(Vec<(u16, i16)>);

impl Sink for Record {
    fn add(&mut self, color: Color, index: usize, count: i32) {
        let signed = if color == Color::White { count } else { -count };
        self.0.push((index as u16, signed as i16));
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
    evaluate_with(pos, &p::WEIGHTS)
}

/// Evaluates `pos` as [`evaluate`] does, with other weights.
pub fn evaluate_with(pos: &Chess, weights: &Weights) -> i32 {
    let board = pos.board();
    let mut sum = Sum {
        weights,
        sides: [Tapered::default(); 2],
    };
    let phase = terms(board, &mut sum);
    let [black, white] = sum.sides;
    let (mg, eg) = with_complexity(
        white.mg - black.mg,
        white.eg - black.eg,
        &complexity_features(board),
        weights,
    );
    let eg_ahead = if eg >= 0 { Color::White } else { Color::Black };
    let eg = eg * endgame_scale(board, eg_ahead) / SCALE_ONE;
    let blended = (mg * phase + eg * (p::PHASE_TOTAL - phase)) / p::PHASE_TOTAL;
    let score = match pos.turn() {
        Color::White => blended,
        Color::Black => -blended,
    };
    let ahead = if blended >= 0 {
        Color::White
    } else {
        Color::Black
    };
    score / drawish_divisor(board, ahead) + p::TEMPO
}

/// The terms of `pos`'s evaluation (see [`Trace`]).
pub fn trace(pos: &Chess) -> Trace {
    let board = pos.board();
    let mut record = Record::default();
    let phase = terms(board, &mut record);
    let mut raw = record.0;
    raw.sort_unstable_by_key(|&(i, _)| i);
    let mut merged: Vec<(u16, i16)> = Vec::with_capacity(raw.len());
    for (i, c) in raw {
        match merged.last_mut() {
            Some((j, total)) if *j == i => *total += c,
            _ => merged.push((i, c)),
        }
    }
    merged.retain(|&(_, c)| c != 0);
    Trace {
        terms: merged,
        phase,
        white_to_move: pos.turn() == Color::White,
        drawish_divisor: [
            drawish_divisor(board, Color::White),
            drawish_divisor(board, Color::Black),
        ],
        endgame_scale: [
            endgame_scale(board, Color::White),
            endgame_scale(board, Color::Black),
        ],
        complexity: complexity_features(board),
    }
}

/// The middlegame and endgame scores (White's view) moved by the position's complexity: the
/// endgame score of the side ahead grows in positions that are easy to win and shrinks, never
/// past zero, in ones that are hard to win; the middlegame score can only shrink.
fn with_complexity(
    mg: i32,
    eg: i32,
    features: &[i32; w::COMPLEXITY_FEATURES],
    weights: &Weights,
) -> (i32, i32) {
    let (mut cm, mut ce) = (0, 0);
    for (k, &f) in features.iter().enumerate() {
        let (a, b) = weights.get(w::COMPLEXITY + k);
        cm += a * f;
        ce += b * f;
    }
    (
        mg + mg.signum() * cm.clamp(-mg.abs(), 0),
        eg + eg.signum() * ce.max(-eg.abs()),
    )
}

/// What makes a position easier or harder to win for whichever side is ahead (Stockfish's
/// classical "complexity" terms): passed pawns, pawns, how far the kings are apart across
/// files rather than ranks (outflanking), pawns on both flanks, a king in the enemy half,
/// no pieces but pawns, "almost unwinnable" (pawns on one flank and the kings facing each
/// other), and a constant 1.
pub fn complexity_features(board: &Board) -> [i32; w::COMPLEXITY_FEATURES] {
    let pawns = board.pawns();
    let passed = passed_count(board, Color::White) + passed_count(board, Color::Black);
    let both_flanks = (pawns & QUEEN_SIDE).any() && (pawns & !QUEEN_SIDE).any();
    let (outflanking, infiltration) =
        match (board.king_of(Color::White), board.king_of(Color::Black)) {
            (Some(wk), Some(bk)) => (
                wk.file().distance(bk.file()) as i32 - wk.rank().distance(bk.rank()) as i32,
                wk.rank() > Rank::Fourth || bk.rank() < Rank::Fifth,
            ),
            _ => (0, false),
        };
    let pieces = board.occupied() & !pawns & !board.kings();
    [
        passed,
        pawns.count() as i32,
        outflanking,
        i32::from(both_flanks),
        i32::from(infiltration),
        i32::from(pieces.is_empty()),
        i32::from(outflanking < 0 && !both_flanks),
        1,
    ]
}

/// Sends every term of `board` to `sink`; returns the game phase.
fn terms<S: Sink>(board: &Board, sink: &mut S) -> i32 {
    let mut phase = 0;
    // Indexed by `Color as usize` (Black 0, White 1), as the maps are.
    let pawn_attacks =
        [Color::Black, Color::White].map(|c| pawn_attacks_of(board.by_color(c) & board.pawns(), c));
    // Each piece's attacks are computed once: the per-piece terms and the attack maps come
    // from the same pass, and the terms that compare both sides' maps follow.
    let maps = [
        piece_terms(board, Color::Black, &pawn_attacks, sink, &mut phase),
        piece_terms(board, Color::White, &pawn_attacks, sink, &mut phase),
    ];
    for color in Color::ALL {
        side_terms(board, color, &maps, sink);
    }
    phase.min(p::PHASE_TOTAL)
}

/// The squares one side attacks, for threats, safe checks and passed pawns, and how hard its
/// pieces press on the enemy king.
struct AttackMap {
    /// Squares its pawns attack.
    pawns: Bitboard,
    /// Squares any of its pieces (the king included) attacks.
    all: Bitboard,
    /// Squares any of its pieces but the king attacks.
    all_but_king: Bitboard,
    /// Squares its knights, bishops, rooks and queens attack, by role.
    by_piece: [Bitboard; 4],
    /// Squares it attacks at least twice (the king included).
    twice: Bitboard,
    /// Pieces attacking the enemy king's zone (the king and the squares next to it).
    king_attackers: i32,
    /// Their attacks on that zone, weighted by [`p::KING_ATTACK_UNITS`].
    king_attack_units: i32,
}

/// Such endings rarely win for the side ahead when it has no pawns and at most a minor piece
/// more: their score is divided by 8.
fn drawish_divisor(board: &Board, ahead: Color) -> i32 {
    let ours = board.by_color(ahead);
    if (ours & board.pawns()).any() {
        return 1;
    }
    let minors = (ours & (board.knights() | board.bishops())).count();
    let majors = (ours & (board.rooks() | board.queens())).count();
    if majors == 0 && minors <= 1 { 8 } else { 1 }
}

/// Files a to d, the queen's flank (the rest is the king's).
const QUEEN_SIDE: Bitboard = Bitboard(0x0f0f_0f0f_0f0f_0f0f);

/// The endgame scale that leaves a score as it is.
pub const SCALE_ONE: i32 = 64;

/// How much of the endgame score the side `strong` (ahead in it) can expect to keep, out of
/// [`SCALE_ONE`]: an extra pawn or two wins less often with few pawns left, with bishops of
/// opposite colours, or in a rook ending with all the pawns on one wing. (The constants are
/// those of Stockfish's classical evaluation; they are not tuned.)
pub fn endgame_scale(board: &Board, strong: Color) -> i32 {
    let ours = board.by_color(strong);
    let theirs = board.by_color(!strong);
    let our_pawns = ours & board.pawns();
    let their_pawns = theirs & board.pawns();
    let pawn_count = our_pawns.count() as i32;
    let bishops = board.bishops();
    let others = board.knights() | board.rooks() | board.queens();
    let one_bishop_each = (ours & bishops).count() == 1 && (theirs & bishops).count() == 1;
    if one_bishop_each && ((bishops & Bitboard::LIGHT_SQUARES).count() == 1) {
        // Bishops of opposite colours.
        if others.is_empty() {
            return 18 + 4 * passed_count(board, strong);
        }
        return (22 + 3 * (ours & !board.pawns()).count() as i32).min(SCALE_ONE);
    }
    let rooks_only = others == board.rooks() && bishops.is_empty();
    let one_wing =
        |pawns: Bitboard| (pawns & QUEEN_SIDE).is_empty() || (pawns & !QUEEN_SIDE).is_empty();
    if rooks_only
        && (ours & board.rooks()).count() == 1
        && (theirs & board.rooks()).count() == 1
        && pawn_count - their_pawns.count() as i32 <= 1
        && one_wing(our_pawns)
        && board
            .king_of(!strong)
            .is_some_and(|k| (king_attacks(k) & their_pawns).any())
    {
        return 36;
    }
    (36 + 7 * pawn_count).min(SCALE_ONE)
}

/// How many of `color`'s pawns are passed (as [`is_passed_pawn`] says, for all at once: a pawn
/// is passed when it stands on none of the squares the enemy pawns can still block or take on).
fn passed_count(board: &Board, color: Color) -> i32 {
    let ours = board.by_color(color) & board.pawns();
    let theirs = board.by_color(!color) & board.pawns();
    (ours & !pawn_front_span(theirs, !color)).count() as i32
}

/// Every square in front of `pawns` of `color` on their files and the files beside them: where
/// a pawn of the other colour is not passed.
fn pawn_front_span(pawns: Bitboard, color: Color) -> Bitboard {
    let fill = forward_fill(pawns, color);
    let ahead = match color {
        Color::White => fill.shift(8),
        Color::Black => fill.shift(-8),
    };
    ahead | pawn_attacks_of(fill, color)
}

/// `pawns` and every square in front of them on their files, from `color`'s point of view.
fn forward_fill(pawns: Bitboard, color: Color) -> Bitboard {
    let mut fill = pawns.0;
    match color {
        Color::White => {
            fill |= fill << 8;
            fill |= fill << 16;
            fill |= fill << 32;
        }
        Color::Black => {
            fill |= fill >> 8;
            fill |= fill >> 16;
            fill |= fill >> 32;
        }
    }
    Bitboard(fill)
}

/// The relative rank of `sq` for `color` (0 = its first rank).
fn relative_rank(sq: Square, color: Color) -> usize {
    match color {
        Color::White => sq.rank() as usize,
        Color::Black => 7 - sq.rank() as usize,
    }
}

/// Material, piece-square, mobility, outpost and rook-file terms of `color`'s pieces; returns
/// the squares they attack.
fn piece_terms<S: Sink>(
    board: &Board,
    color: Color,
    pawn_attacks: &[Bitboard; 2],
    sink: &mut S,
    phase: &mut i32,
) -> AttackMap {
    let us = board.by_color(color);
    let them = board.by_color(!color);
    let occupied = board.occupied();
    let our_pawns = us & board.pawns();
    let their_pawns = them & board.pawns();
    let our_pawn_attacks = pawn_attacks[color as usize];
    let mobility_area = !(us | pawn_attacks[!color as usize]);
    let king_zone = board
        .king_of(!color)
        .map_or(Bitboard::EMPTY, |k| king_attacks(k).with(k));
    let mut king_attack_units = 0;
    let mut king_attackers = 0;
    let mut by_piece = [Bitboard::EMPTY; 4];
    let mut all = our_pawn_attacks;
    let mut twice = pawn_double_attacks(our_pawns, color);
    let our_king = board.king_of(color);
    let pawns_minus_five = our_pawns.count() as i32 - 5;
    let outposts =
        OUTPOST_RANKS[color as usize] & our_pawn_attacks & !pawn_attack_span(their_pawns, !color);

    for role in Role::ALL {
        let ri = role_index(role);
        for sq in us & board.by_role(role) {
            sink.add(color, w::MATERIAL + ri, 1);
            sink.add(color, w::PST + 64 * ri + p::pst_index(sq, color), 1);
            *phase += p::PHASE_WEIGHT[ri];
            let (attacks, mobility) = match role {
                Role::Knight => (knight_attacks(sq), w::MOBILITY_KNIGHT),
                Role::Bishop => (bishop_attacks(sq, occupied), w::MOBILITY_BISHOP),
                Role::Rook => (rook_attacks(sq, occupied), w::MOBILITY_ROOK),
                Role::Queen => (queen_attacks(sq, occupied), w::MOBILITY_QUEEN),
                Role::Pawn | Role::King => continue,
            };
            by_piece[ri - 1] |= attacks;
            twice |= all & attacks;
            all |= attacks;
            let moves = (attacks & mobility_area).count();
            sink.add(color, mobility + moves, 1);
            if (attacks & king_zone).any() {
                king_attackers += 1;
                king_attack_units +=
                    p::KING_ATTACK_UNITS[ri - 1] * (attacks & king_zone).count() as i32;
            }
            match role {
                Role::Knight | Role::Bishop => {
                    if let Some(king) = our_king {
                        sink.add(color, w::KING_PROTECTOR + ri - 1, king.distance(sq) as i32);
                    }
                    if role == Role::Knight {
                        sink.add(color, w::KNIGHT_PAWNS, pawns_minus_five);
                        if !outposts.contains(sq) && (attacks & outposts & !us).any() {
                            sink.add(color, w::REACHABLE_OUTPOST, 1);
                        }
                    } else {
                        let same_colour = if sq.is_light() {
                            Bitboard::LIGHT_SQUARES
                        } else {
                            Bitboard::DARK_SQUARES
                        };
                        sink.add(
                            color,
                            w::BISHOP_PAWNS,
                            (our_pawns & same_colour).count() as i32,
                        );
                        if (bishop_attacks(sq, board.pawns()) & Bitboard::CENTER).more_than_one() {
                            sink.add(color, w::BISHOP_LONG_DIAGONAL, 1);
                        }
                        let xray = bishop_attacks(sq, Bitboard::EMPTY) & their_pawns;
                        sink.add(color, w::BISHOP_XRAY_PAWNS, xray.count() as i32);
                    }
                    if outposts.contains(sq) {
                        let index = if role == Role::Knight {
                            w::KNIGHT_OUTPOST
                        } else {
                            w::BISHOP_OUTPOST
                        };
                        sink.add(color, index, 1);
                    }
                }
                Role::Rook => {
                    sink.add(color, w::ROOK_PAWNS, pawns_minus_five);
                    let file = Bitboard::from_file(sq.file());
                    if (file & board.queens()).any() {
                        sink.add(color, w::ROOK_ON_QUEEN_FILE, 1);
                    }
                    if let Some(king) = our_king
                        && moves <= 3
                        && relative_rank(king, color) == 0
                        && (king.file() < File::E) == (sq.file() < king.file())
                    {
                        sink.add(color, w::TRAPPED_ROOK, 1);
                    }
                    if (file & our_pawns).is_empty() {
                        let index = if (file & their_pawns).is_empty() {
                            w::ROOK_OPEN_FILE
                        } else {
                            w::ROOK_SEMI_OPEN_FILE
                        };
                        sink.add(color, index, 1);
                    }
                }
                _ => {}
            }
        }
    }

    let king = our_king.map_or(Bitboard::EMPTY, king_attacks);
    AttackMap {
        pawns: our_pawn_attacks,
        all: all | king,
        all_but_king: all,
        by_piece,
        twice: twice | (all & king),
        king_attackers,
        king_attack_units,
    }
}

/// The terms of `color` that weigh its attacks against the enemy's: threats, hanging pieces,
/// pressure on the enemy king, its own king's shelter and the pawn structure.
fn side_terms<S: Sink>(board: &Board, color: Color, maps: &[AttackMap; 2], sink: &mut S) {
    let us = board.by_color(color);
    let them = board.by_color(!color);
    let occupied = board.occupied();
    let our_pawns = us & board.pawns();
    let their_pawns = them & board.pawns();
    let (ours, theirs) = (&maps[color as usize], &maps[!color as usize]);
    let our_pawn_attacks = ours.pawns;
    let their_king = board.king_of(!color);
    let minor_attacks = ours.by_piece[0] | ours.by_piece[1];
    let rook_attacks_all = ours.by_piece[2];

    if (us & board.bishops()).more_than_one() {
        sink.add(color, w::BISHOP_PAIR, 1);
    }

    let their_pieces = them & !board.pawns();
    let threats = [
        (w::THREAT_BY_PAWN, our_pawn_attacks & their_pieces),
        (
            w::THREAT_BY_MINOR,
            minor_attacks & them & (board.rooks() | board.queens()),
        ),
        (w::THREAT_BY_ROOK, rook_attacks_all & them & board.queens()),
    ];
    for (index, hit) in threats {
        if hit.any() {
            sink.add(color, index, hit.count() as i32);
        }
    }
    let hanging = their_pieces & !board.kings() & ours.all & !theirs.all;
    if hanging.any() {
        sink.add(color, w::HANGING_PIECE, hanging.count() as i32);
    }
    // Threats by victim: pieces we attack that are weak (neither pawn-defended nor defended
    // twice against fewer attackers), and for minors also strongly protected ones.
    let strongly_protected = theirs.pawns | (theirs.twice & !ours.twice);
    let weak = them & !board.kings() & !strongly_protected & ours.all;
    let by_minor = ((their_pieces & !board.kings() & strongly_protected) | weak) & minor_attacks;
    for sq in by_minor {
        if let Some(role) = board.role_at(sq) {
            sink.add(color, w::THREAT_MINOR_ON + role_index(role), 1);
        }
    }
    for sq in weak & rook_attacks_all {
        if let Some(role) = board.role_at(sq) {
            sink.add(color, w::THREAT_ROOK_ON + role_index(role), 1);
        }
    }
    if let Some(king) = board.king_of(color)
        && (weak & king_attacks(king)).any()
    {
        sink.add(color, w::THREAT_BY_KING, 1);
    }
    let weak_queen_protection = weak & theirs.by_piece[3];
    if weak_queen_protection.any() {
        sink.add(
            color,
            w::WEAK_QUEEN_PROTECTION,
            weak_queen_protection.count() as i32,
        );
    }
    // Squares from which our pieces could attack their lone queen next move.
    let their_queens = them & board.queens();
    if let Some(queen) = their_queens.single_square() {
        let safe = !(us | theirs.pawns) & !strongly_protected;
        let knights = knight_attacks(queen) & ours.by_piece[0] & safe;
        if knights.any() {
            sink.add(color, w::KNIGHT_ON_QUEEN, knights.count() as i32);
        }
        let sliders = (bishop_attacks(queen, occupied) & ours.by_piece[1]
            | rook_attacks(queen, occupied) & ours.by_piece[2])
            & safe
            & ours.twice;
        if sliders.any() {
            sink.add(color, w::SLIDER_ON_QUEEN, sliders.count() as i32);
        }
    }
    let restricted = theirs.all & ours.all & !strongly_protected;
    if restricted.any() {
        sink.add(color, w::RESTRICTED, restricted.count() as i32);
    }
    // Space: safe central squares on our side, more valuable with more pieces to use them.
    let (space_ranks, back) = match color {
        Color::White => (Bitboard(0x0000_0000_ffff_ff00), -8),
        Color::Black => (Bitboard(0x00ff_ffff_0000_0000), 8),
    };
    let centre_files = Bitboard(0x3c3c_3c3c_3c3c_3c3c);
    let safe = space_ranks & centre_files & !our_pawns & !theirs.pawns;
    let mut behind = our_pawns;
    behind |= behind.shift(back);
    behind |= behind.shift(2 * back);
    let space = (safe.count() + (safe & behind).count()) as i32;
    sink.add(color, w::SPACE, space * us.count() as i32 / 16);

    // Pawns that one safe step forward would attack an enemy piece.
    let step = |bb: Bitboard| match color {
        Color::White => bb.shift(8),
        Color::Black => bb.shift(-8),
    };
    let pushed = step(our_pawns) & !occupied & !theirs.pawns & (ours.all | !theirs.all);
    let push_threats = pawn_attacks_of(pushed, color) & their_pieces;
    if push_threats.any() {
        sink.add(color, w::THREAT_BY_PUSH, push_threats.count() as i32);
    }
    let minors_behind = step(us & (board.knights() | board.bishops())) & our_pawns;
    if minors_behind.any() {
        sink.add(color, w::MINOR_BEHIND_PAWN, minors_behind.count() as i32);
    }

    // Pressure on the enemy king: weak squares next to it, pawns storming it, rooks on its
    // seventh rank, checks it cannot answer by taking the checking piece.
    if let Some(king) = their_king {
        let flank_attacks = ours.all & king_flank(king.file()) & CAMP[!color as usize];
        if flank_attacks.any() {
            let count = flank_attacks.count() + (flank_attacks & ours.twice).count();
            sink.add(color, w::KING_FLANK_ATTACK, count as i32);
        }
        let weak = king_attacks(king) & ours.all & !theirs.all_but_king;
        if weak.any() {
            sink.add(color, w::KING_ZONE_WEAK, weak.count() as i32);
        }
        let files = adjacent_files(king.file()) | Bitboard::from_file(king.file());
        for sq in our_pawns & files {
            sink.add(color, w::PAWN_STORM + relative_rank(sq, color), 1);
        }
        let seventh = Bitboard::from_rank(if color == Color::White {
            Rank::Seventh
        } else {
            Rank::Second
        });
        if relative_rank(king, !color) == 0 || (seventh & their_pawns).any() {
            let rooks = us & board.rooks() & seventh;
            if rooks.any() {
                sink.add(color, w::ROOK_ON_SEVENTH, rooks.count() as i32);
            }
        }
        let safe = !us & !theirs.all;
        let diagonal = bishop_attacks(king, occupied);
        let straight = rook_attacks(king, occupied);
        let from = [
            knight_attacks(king),
            diagonal,
            straight,
            diagonal | straight,
        ];
        for (i, (squares, attacks)) in from.into_iter().zip(ours.by_piece).enumerate() {
            let checks = squares & attacks & safe;
            if checks.any() {
                sink.add(color, w::SAFE_CHECK + i, checks.count() as i32);
            }
        }
    }

    // King attack: only dangerous with a queen and at least two attackers.
    if ours.king_attackers >= 2 && (us & board.queens()).any() {
        sink.add(
            color,
            w::KING_ATTACK + ours.king_attack_units.min(31) as usize,
            1,
        );
    }

    if let Some(king) = board.king_of(color) {
        // Pawn shield in front of our own king when it sits on its first two ranks.
        let files = adjacent_files(king.file()) | Bitboard::from_file(king.file());
        if relative_rank(king, color) <= 1 {
            let ahead = forward_ranks(king.rank(), color);
            let shield = files & ahead & our_pawns;
            let near = shield
                & king_attacks(king).shift(if color == Color::White { 8 } else { -8 })
                | shield & king_attacks(king);
            sink.add(color, w::PAWN_SHIELD, near.count().min(3) as i32);
        }
        if (king_flank(king.file()) & board.pawns()).is_empty() {
            sink.add(color, w::PAWNLESS_FLANK, 1);
        }
        let open = [-1, 0, 1]
            .into_iter()
            .filter_map(|d| king.file().offset(d))
            .filter(|&f| (Bitboard::from_file(f) & our_pawns).is_empty())
            .count();
        sink.add(color, w::KING_OPEN_FILE, open as i32);
    }

    pawn_structure(board, color, ours, theirs, sink);
}

fn pawn_structure<S: Sink>(
    board: &Board,
    color: Color,
    our_map: &AttackMap,
    their_map: &AttackMap,
    sink: &mut S,
) {
    let our_pawn_attacks = our_map.pawns;
    let ours = board.by_color(color) & board.pawns();
    let theirs = board.by_color(!color) & board.pawns();
    let our_king = board.king_of(color);
    let their_king = board.king_of(!color);
    let blocked = board.occupied() | their_map.all;
    let our_rooks = board.by_color(color) & board.rooks();
    for sq in ours {
        let file = sq.file();
        let rel = relative_rank(sq, color);
        let neighbours = adjacent_files(file);
        let ahead = forward_ranks(sq.rank(), color);
        let step = if color == Color::White { 8 } else { -8 };
        let stop = sq.offset(step);
        let file_bb = Bitboard::from_file(file);
        let opposed = (file_bb & ahead & theirs).any();
        let weak = if (neighbours & ours).is_empty() {
            sink.add(color, w::ISOLATED_PAWN, 1);
            true
        } else if (neighbours & ours & !ahead).is_empty()
            && stop.is_some_and(|s| their_map.pawns.contains(s))
        {
            // No pawn of ours can ever defend it, and an enemy pawn holds its next square.
            sink.add(color, w::BACKWARD_PAWN, 1);
            true
        } else {
            false
        };
        if weak && !opposed {
            sink.add(color, w::WEAK_UNOPPOSED, 1);
        }
        let beside = neighbours & Bitboard::from_rank(sq.rank()) & ours;
        if our_pawn_attacks.contains(sq) || beside.any() {
            sink.add(color, w::CONNECTED_PAWN + rel, 1);
        }
        if (file_bb & ahead & ours).any() {
            sink.add(color, w::DOUBLED_PAWN, 1);
            continue;
        }
        if ((file_bb | neighbours) & ahead & theirs).any() {
            continue;
        }
        sink.add(color, w::PASSED_PAWN + rel, 1);
        let edge = (file as usize).min(7 - file as usize);
        sink.add(color, w::PASSED_FILE + edge, 1);
        let behind = file_bb & !ahead & !Bitboard::from_square(sq);
        if (rook_attacks(sq, board.occupied()) & behind & our_rooks).any() {
            sink.add(color, w::ROOK_BEHIND_PASSER, 1);
        }
        let Some(stop) = stop else {
            continue;
        };
        if board.occupied().contains(stop) {
            sink.add(color, w::PASSED_BLOCKED + rel, 1);
        } else if !their_map.all.contains(stop) {
            sink.add(color, w::PASSED_SAFE_STOP + rel, 1);
            if (file_bb & ahead & blocked).is_empty() {
                sink.add(color, w::PASSED_FREE_PATH + rel, 1);
            }
        }
        if let (Some(ok), Some(tk)) = (our_king, their_king) {
            let gap = tk.distance(stop) as i32 - ok.distance(stop) as i32;
            sink.add(color, w::PASSED_KING_DISTANCE + rel, gap);
        }
    }
}

/// Ranks 4-6 from each side's point of view (Black's, White's), where outposts stand.
const OUTPOST_RANKS: [Bitboard; 2] = [
    Bitboard(0x0000_00ff_ffff_0000),
    Bitboard(0x0000_ffff_ff00_0000),
];

/// Each side's camp (Black's, White's): its first five ranks.
const CAMP: [Bitboard; 2] = [
    Bitboard(0xffff_ffff_ff00_0000),
    Bitboard(0x0000_00ff_ffff_ffff),
];

/// The files of the flank a king on `file` stands on: the queen side (a-d), the centre (c-f)
/// or the king side (e-h), without the far file for a king on the edge.
fn king_flank(file: File) -> Bitboard {
    let files = |from: u32, to: u32| {
        (from..=to).fold(Bitboard::EMPTY, |bb, f| {
            bb | Bitboard::from_file(File::new(f))
        })
    };
    match file as u32 {
        0 => files(0, 2),
        1 | 2 => files(0, 3),
        3 | 4 => files(2, 5),
        5 | 6 => files(4, 7),
        _ => files(5, 7),
    }
}

/// Every square that `pawns` of `color` attack now or could attack after advancing.
fn pawn_attack_span(pawns: Bitboard, color: Color) -> Bitboard {
    pawn_attacks_of(forward_fill(pawns, color), color)
}

/// Squares attacked by two of `pawns` of `color`.
fn pawn_double_attacks(pawns: Bitboard, color: Color) -> Bitboard {
    let not_a = !Bitboard::from_file(File::A);
    let not_h = !Bitboard::from_file(File::H);
    match color {
        Color::White => (pawns & not_a).shift(7) & (pawns & not_h).shift(9),
        Color::Black => (pawns & not_h).shift(-7) & (pawns & not_a).shift(-9),
    }
}

/// Squares attacked by `pawns` of `color`.
pub(crate) fn pawn_attacks_of(pawns: Bitboard, color: Color) -> Bitboard {
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

    proptest::proptest! {
        #[test]
        fn passed_count_agrees_with_is_passed_pawn(w in proptest::array::uniform2(0u64..), b in proptest::array::uniform2(0u64..)) {
            // Pawns on about a quarter of ranks 2-7 each, a square drawn twice going to White.
            let middle = 0x00ff_ffff_ffff_ff00u64;
            let white = w[0] & w[1] & middle;
            let (white, black) = (Bitboard(white), Bitboard(b[0] & b[1] & middle & !white));
            let mut board = Board::empty();
            for sq in white {
                board.set_piece_at(sq, Role::Pawn.of(Color::White));
            }
            for sq in black {
                board.set_piece_at(sq, Role::Pawn.of(Color::Black));
            }
            for color in Color::ALL {
                let one_by_one = (board.by_color(color) & board.pawns())
                    .into_iter()
                    .filter(|&sq| is_passed_pawn(&board, sq, color))
                    .count() as i32;
                proptest::prop_assert_eq!(passed_count(&board, color), one_by_one);
            }
        }
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
        // (Pawnless endings keep 36/64 of their endgame score: see `endgame_scale`.)
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 500);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -500);
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

    /// White's count minus Black's of the weight at `index` in the evaluation of `fen`.
    fn term(fen: &str, index: usize) -> i16 {
        let pos = parse_position(fen, CastlingMode::Standard).unwrap();
        let terms = trace(&pos).terms;
        terms
            .iter()
            .find(|&&(i, _)| usize::from(i) == index)
            .map_or(0, |&(_, c)| c)
    }

    #[test]
    fn threat_and_king_terms_fire_where_they_should() {
        // The rook attacks an undefended knight, and can check safely from a8.
        let fen = "4k3/8/8/3n4/8/8/8/R2RK3 w - - 0 1";
        assert_eq!(term(fen, w::HANGING_PIECE), 1);
        assert_eq!(term(fen, w::SAFE_CHECK + 2), 1);
        // Defended, the knight no longer hangs; covered by a knight, a8 is no safe check.
        assert_eq!(
            term("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", w::HANGING_PIECE),
            0
        );
        assert_eq!(
            term("4k3/8/1n6/8/8/8/8/R3K3 w - - 0 1", w::SAFE_CHECK + 2),
            0
        );
        // d5 pushed to d6 would attack the rook on e7.
        assert_eq!(
            term("4k3/4r3/8/3P4/8/8/8/4K3 w - - 0 1", w::THREAT_BY_PUSH),
            1
        );
    }

    #[test]
    fn pawn_terms_fire_where_they_should() {
        // e3 cannot be supported by a pawn any more and f5 holds e4.
        assert_eq!(
            term("4k3/8/8/5p2/3P4/4P3/8/4K3 w - - 0 1", w::BACKWARD_PAWN),
            1
        );
        // A passed a-pawn with nothing in its way; blocked by the king, it has neither bonus.
        let free = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1";
        assert_eq!(term(free, w::PASSED_SAFE_STOP + 1), 1);
        assert_eq!(term(free, w::PASSED_FREE_PATH + 1), 1);
        let stopped = "8/8/8/8/k7/8/P7/4K3 w - - 0 1";
        assert_eq!(term(stopped, w::PASSED_SAFE_STOP + 1), 0);
        assert_eq!(term(stopped, w::PASSED_FREE_PATH + 1), 0);
    }

    #[test]
    fn threats_by_victim_fire_on_weak_pieces_only() {
        // The knight on e3 attacks the undefended rook on d5.
        let fen = "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1";
        assert_eq!(term(fen, w::THREAT_MINOR_ON + 3), 1);
        // The rook on d1 attacks the knight on d5: weak alone, pawn-defended not.
        assert_eq!(
            term("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", w::THREAT_ROOK_ON + 1),
            1
        );
        assert_eq!(
            term("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", w::THREAT_ROOK_ON + 1),
            0
        );
        // The king attacks the undefended knight on d2.
        assert_eq!(
            term("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", w::THREAT_BY_KING),
            1
        );
        // Both rooks hold a2-a7; b7 protects a6 for Black, nothing protects for White.
        assert_eq!(term("r3k3/1p6/8/8/8/8/8/R3K3 w - - 0 1", w::RESTRICTED), -1);
    }

    #[test]
    fn piece_and_space_terms_fire_where_they_should() {
        // Space: c2-f3 safe, eight of them behind the pawns: 16 squares x 5 pieces / 16.
        assert_eq!(term("4k3/8/8/8/2PPPP2/8/8/4K3 w - - 0 1", w::SPACE), 5);
        // A knight far from its king, with eight pawns beside it.
        let fen = "N3k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
        assert_eq!(term(fen, w::KING_PROTECTOR), 7);
        assert_eq!(term(fen, w::KNIGHT_PAWNS), 3);
        // A rook behind its passed pawn; a bishop on the long diagonal.
        assert_eq!(
            term("4k3/8/8/8/P7/8/8/R3K3 w - - 0 1", w::ROOK_BEHIND_PASSER),
            1
        );
        assert_eq!(
            term("4k3/8/8/8/P7/8/8/1R2K3 w - - 0 1", w::ROOK_BEHIND_PASSER),
            0
        );
        assert_eq!(
            term("4k3/8/8/8/8/8/1B6/4K3 w - - 0 1", w::BISHOP_LONG_DIAGONAL),
            1
        );
        assert_eq!(
            term("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", w::BISHOP_LONG_DIAGONAL),
            0
        );
        // Bishop on a dark square (c1) with pawns on c3 (dark) and d3 (light).
        assert_eq!(
            term("4k3/8/8/8/8/2PP4/8/2B1K3 w - - 0 1", w::BISHOP_PAWNS),
            1
        );
    }

    #[test]
    fn flank_queen_and_rook_terms_fire_where_they_should() {
        // The rook on h1 bears on h4-h8 in Black's camp, on the flank of Black's king, which
        // has no pawns there; White's king has a pawn on its flank.
        let fen = "6k1/8/8/8/8/8/P7/1K5R w - - 0 1";
        assert_eq!(term(fen, w::PAWNLESS_FLANK), -1);
        assert_eq!(term(fen, w::KING_FLANK_ATTACK), 5);
        // The knight on c3 could go to d5, unguarded, and attack the queen on e7 from there.
        let fen = "4k3/4q3/8/8/8/2N5/8/4K3 w - - 0 1";
        assert_eq!(term(fen, w::KNIGHT_ON_QUEEN), 1);
        // A rook on a queen's file; a rook shut in beside its king.
        assert_eq!(
            term("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", w::ROOK_ON_QUEEN_FILE),
            1
        );
        assert_eq!(
            term("3qk3/8/8/8/8/8/5PPP/3RK1NR w - - 0 1", w::TRAPPED_ROOK),
            1
        );
    }

    #[test]
    fn outpost_and_pawn_terms_fire_where_they_should() {
        // The knight on c3 can reach d5, defended by e4 and out of reach of Black's pawns.
        let fen = "4k3/8/8/8/4P3/2N5/8/4K3 w - - 0 1";
        assert_eq!(term(fen, w::REACHABLE_OUTPOST), 1);
        // An isolated pawn with no enemy pawn in front of it; and with one.
        assert_eq!(
            term("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", w::WEAK_UNOPPOSED),
            1
        );
        assert_eq!(
            term("4k3/3p4/8/8/8/8/3P4/4K3 w - - 0 1", w::WEAK_UNOPPOSED),
            0
        );
        // A passed pawn on the a-file, and the bishop on b2 seeing the pawn on g7 through h8.
        assert_eq!(term("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", w::PASSED_FILE), 1);
        assert_eq!(
            term("4k3/6p1/8/8/8/8/1B6/4K3 w - - 0 1", w::BISHOP_XRAY_PAWNS),
            1
        );
    }

    #[test]
    fn lone_minor_piece_is_scaled_down() {
        assert!(eval("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1") < 60);
    }

    fn scale(fen: &str, strong: Color) -> i32 {
        let pos = parse_position(fen, CastlingMode::Standard).unwrap();
        endgame_scale(pos.board(), strong)
    }

    #[test]
    fn drawish_endings_keep_less_of_their_endgame_score() {
        // Plenty of pawns: the score stands.
        assert_eq!(
            scale("4k3/pppp4/8/8/8/8/PPPPPP2/4K3 w - - 0 1", Color::White),
            SCALE_ONE
        );
        // One pawn left: a pawn up wins less often.
        assert_eq!(scale("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", Color::White), 43);
        // Bishops of opposite colours alone, two pawns up with one passed: mostly a draw.
        let ocb = "4k3/5bp1/5p2/8/8/4P3/P4PP1/2B1K3 w - - 0 1";
        assert_eq!(scale(ocb, Color::White), 18 + 4);
        // The same with bishops of one colour keeps more.
        let same = "4k3/6p1/5p2/8/3b4/4P3/P4PP1/2B1K3 w - - 0 1";
        assert!(scale(same, Color::White) > scale(ocb, Color::White));
        assert!(eval(same) > eval(ocb));
        // Rook ending, a pawn up, all pawns on the king's wing, the defending king among them.
        assert_eq!(
            scale("8/5pk1/6p1/8/8/6P1/5PPK/r6R w - - 0 1", Color::White),
            36
        );
    }

    #[test]
    fn complexity_features_read_the_position() {
        let features = |fen: &str| {
            complexity_features(parse_position(fen, CastlingMode::Standard).unwrap().board())
        };
        // Start position: 16 pawns on both flanks, kings on one file seven ranks apart.
        assert_eq!(
            features("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            [0, 16, -7, 1, 0, 0, 0, 1]
        );
        // Pawns on one flank only, kings facing each other: almost unwinnable.
        assert_eq!(
            features("8/5pk1/6p1/8/8/6P1/5PK1/8 w - - 0 1"),
            [0, 4, -5, 0, 0, 1, 1, 1]
        );
        // A passed pawn each side, a king in the enemy half, kings four files and two ranks
        // apart.
        assert_eq!(
            features("8/8/1p6/8/2K5/8/6kP/8 b - - 0 1"),
            [2, 2, 2, 1, 1, 1, 0, 1]
        );
    }

    #[test]
    fn complexity_moves_the_side_ahead_but_never_past_zero() {
        let mut weights = p::WEIGHTS.clone();
        let only_constant = [0, 0, 0, 0, 0, 0, 0, 1];
        weights.0[w::COMPLEXITY..].fill((0, 0));
        weights.0[w::COMPLEXITY + 7] = (-1000, -1000);
        assert_eq!(with_complexity(50, 30, &only_constant, &weights), (0, 0));
        assert_eq!(with_complexity(-50, -30, &only_constant, &weights), (0, 0));
        weights.0[w::COMPLEXITY + 7] = (-20, 40);
        assert_eq!(with_complexity(50, 30, &only_constant, &weights), (30, 70));
        assert_eq!(
            with_complexity(-50, -30, &only_constant, &weights),
            (-30, -70)
        );
        // A positive middlegame sum leaves the middlegame score alone.
        weights.0[w::COMPLEXITY + 7] = (20, 0);
        assert_eq!(with_complexity(50, 30, &only_constant, &weights), (50, 30));
    }
}
