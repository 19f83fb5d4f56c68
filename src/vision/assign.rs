//! One class per group of same-looking squares, chosen for the whole board at once.
//!
//! The network judges each square alone. A screenshot says more: squares that show the same
//! picture ([`super::sprites`]) hold the same piece, different pictures of one colour are
//! different pieces, a side has one king and at most eight pawns, pawns never stand on the first
//! or last rank, and a third knight or a second queen is rare; in game positions many pieces
//! still stand on their home squares, a white and a black drawing with one outline are
//! the same piece, and a side's pieces share one colouring. [`assign`] picks the classes
//! that best agree with the network under these rules, by local search from the network's own
//! choice.

use super::classes::{CLASSES, SquareClass};
use super::geometry::cell_square;
use super::orient;
use super::params::assign::*;
use super::params::orient::CLEAR_PLACEMENT;
use super::params::sprites::PICTURE;
use super::prior::Prior;
use super::sprites::{
    Colours, Silhouette, colour_likeness, lightness, silhouette_overlap_unhidden,
};
use shakmaty::{Color, Role};

/// Index of the empty class in [`SquareClass::ALL`].
const EMPTY: usize = 0;

/// The classes of `n` cells (indices into [`SquareClass::ALL`]), from the network's
/// `probabilities` per cell (image order, row 0 = top, 8 cells per row) and `groups` of cells
/// that show the same picture; cells in no group keep the network's choice, and groups are
/// expected to be disjoint (a cell in several takes the last one's class). `apart(a, b)` says
/// from 0 to 1 how surely groups `a` and `b` show different pictures: two groups pay that share
/// of `SAME_CLASS` for taking the same piece class. `alike(a, b)` says from 0 to 1 how surely
/// they show the same picture: they pay that share of `ALIKE` for taking different piece
/// classes. Squares holding the piece whose home square they are earn up to `HOME`, as much as
/// games with as many pieces on the board as the network reads still show that piece at home
/// (`home_weights`), pawns one step from promoting pay `SEVENTH_PAWN`, and groups of the two
/// sides whose silhouettes ([`Group::shape`], compared without what an overlay hides:
/// [`Group::hidden`]) match pay `MIRROR` for taking different roles; groups of one side whose
/// silhouettes match pay `MIRROR_SIDE` times how surely they show different pictures. Groups
/// with colours ([`Group::colours`]) that match the other side's better than their own side's
/// pay up to `COLOUR_MOST` in a last round of the search, where a board whose black pieces look
/// lighter than its white ones also pays up to `LIGHT_MOST` and both sides' colours may trade
/// at once. A piece class's probability is the network's, or its word on the role with the
/// colour floored at `COLOUR_FLOOR` where that is more. Emptying a group pays `SEEN_PIECE`
/// for each of its squares that plainly shows a piece ([`Group::seen`]).
pub fn assign(
    probabilities: &[[f32; CLASSES]],
    groups: &[Group],
    apart: &dyn Fn(usize, usize) -> f32,
    alike: &dyn Fn(usize, usize) -> f32,
) -> Vec<usize> {
    assign_scored(probabilities, groups, apart, alike).0
}

/// [`assign`], with the score of the classes chosen (in nats, higher is better; 0 without
/// groups), so that callers can compare ways of grouping the same board.
pub fn assign_scored(
    probabilities: &[[f32; CLASSES]],
    groups: &[Group],
    apart: &dyn Fn(usize, usize) -> f32,
    alike: &dyn Fn(usize, usize) -> f32,
) -> (Vec<usize>, f32) {
    let n = probabilities.len();
    // The network's probability of class `c` on square `i`, at least `floor` (NaN too).
    let at_least = |i: usize, c: usize, floor: f32| {
        let v = probabilities[i][c];
        if v.is_finite() { v.max(floor) } else { floor }
    };
    let p = |i: usize, c: usize| at_least(i, c, FLOOR);
    // Each class's piece in the other colour (empty stays empty).
    let other_colour: [usize; CLASSES] =
        std::array::from_fn(|c| piece_of(c).map_or(c, |p| class_index(p.role.of(!p.color))));
    // The log-probability of class `c` on square `i` as the network's word on the piece's
    // role (both colours' probabilities summed, floored at FLOOR) and its word on the colour
    // given the role, floored on its own at COLOUR_FLOOR (see there).
    let role_reading = |i: usize, c: usize| {
        let (a, b) = (at_least(i, c, 0.0), at_least(i, other_colour[c], 0.0));
        (a + b).max(FLOOR).ln() + (a / (a + b).max(f32::MIN_POSITIVE)).max(COLOUR_FLOOR).ln()
    };
    let labels: Vec<usize> = (0..n)
        .map(|i| {
            (0..CLASSES)
                .max_by(|&a, &b| p(i, a).total_cmp(&p(i, b)))
                .unwrap_or(0)
        })
        .collect();
    // Whether the network reads a queen anywhere (see `KING_AS_QUEEN`): the classes chosen
    // must not decide it, or turning a side's queens into rooks is a way out of the cost.
    let queen_read = labels
        .iter()
        .any(|&c| piece_of(c).is_some_and(|p| p.role == Role::Queen));
    let kept: Vec<usize> = (0..groups.len())
        .filter(|&g| !groups[g].cells.is_empty() && groups[g].cells.iter().all(|&i| i < n))
        .collect();
    let separation: Vec<Vec<f32>> = kept
        .iter()
        .map(|&a| {
            kept.iter()
                .map(|&b| {
                    if a == b {
                        0.0
                    } else {
                        apart(a, b).clamp(0.0, 1.0)
                    }
                })
                .collect()
        })
        .collect();
    let likeness: Vec<Vec<f32>> = kept
        .iter()
        .map(|&a| {
            kept.iter()
                .map(|&b| {
                    let v = alike(a, b);
                    if a == b || !v.is_finite() {
                        0.0
                    } else {
                        v.clamp(0.0, 1.0)
                    }
                })
                .collect()
        })
        .collect();
    let shapes: Vec<Option<(&Silhouette, &Silhouette)>> = kept
        .iter()
        .map(|&g| groups[g].shape.as_ref().map(|s| (s, &groups[g].hidden)))
        .collect();
    let mirror = mirror_strengths(&shapes, &separation);
    // tint[g][h]: how alike groups g and h are coloured (NaN where either has no colours).
    let tint: Vec<Vec<f32>> = kept
        .iter()
        .map(|&a| {
            kept.iter()
                .map(|&b| match (&groups[a].colours, &groups[b].colours) {
                    (Some(x), Some(y)) if a != b => colour_likeness(x, y),
                    _ => f32::NAN,
                })
                .collect()
        })
        .collect();
    let coloured = tint.iter().flatten().any(|v| v.is_finite());
    let light: Vec<Option<f32>> = kept
        .iter()
        .map(|&g| groups[g].colours.as_ref().map(lightness))
        .collect();
    let tint_order = by_likeness(&tint);
    let seen: Vec<usize> = kept.iter().map(|&g| groups[g].seen).collect();
    let groups: Vec<&Vec<usize>> = kept.iter().map(|&g| &groups[g].cells).collect();
    if groups.is_empty() {
        return (labels, 0.0);
    }
    // evidence[g][c]: how well class c fits group g by the network, the mean log-probability of
    // its squares (one picture is one observation, however often it is drawn). Whether a square
    // holds a piece at all is another matter: the network tells that well even for piece sets
    // it never saw, square by square, so emptying a group pays for each of its squares, with a
    // lower floor (the board's rules must not clear squares the network sees pieces on).
    let evidence: Vec<[f32; CLASSES]> = groups
        .iter()
        .enumerate()
        .map(|(k, g)| {
            std::array::from_fn(|c| {
                if c == EMPTY {
                    EMPTY_WEIGHT
                        * g.iter()
                            .map(|&i| at_least(i, c, EMPTY_FLOOR).ln())
                            .sum::<f32>()
                        - SEEN_PIECE * seen[k] as f32
                } else {
                    g.iter()
                        .map(|&i| p(i, c).ln().max(role_reading(i, c)))
                        .sum::<f32>()
                        / g.len() as f32
                }
            })
        })
        .collect();
    let on_edge: Vec<usize> = groups
        .iter()
        .map(|g| g.iter().filter(|&&i| i / 8 == 0 || i / 8 == 7).count())
        .collect();
    let mut choice: Vec<usize> = evidence
        .iter()
        .map(|e| {
            (0..CLASSES)
                .max_by(|&a, &b| e[a].total_cmp(&e[b]))
                .unwrap_or(0)
        })
        .collect();
    // Cells outside the groups count towards the board's totals with their own labels.
    let mut in_group = vec![false; n];
    for g in &groups {
        for &i in g.iter() {
            in_group[i] = true;
        }
    }
    let mut fixed = [0usize; CLASSES];
    for i in (0..n).filter(|&i| !in_group[i]) {
        fixed[labels[i]] += 1;
    }
    let sizes: Vec<usize> = groups.iter().map(|g| g.len()).collect();
    let pieces: [Option<shakmaty::Piece>; CLASSES] = std::array::from_fn(piece_of);
    let home = home_scores(
        &groups,
        &home_weights(labels.iter().filter(|&&c| c != EMPTY).count()),
    );
    // The score is taken thousands of times and most pairs of groups weigh nothing in it: the
    // pairs that do are listed once, in the order the score adds them up.
    let g_count = groups.len();
    let look_alikes: Vec<Vec<usize>> = (0..g_count)
        .map(|g| {
            (0..g_count)
                .filter(|&h| h != g && likeness[g][h] != 0.0)
                .collect()
        })
        .collect();
    let weighed_pairs: Vec<(usize, usize)> = (0..g_count)
        .flat_map(|g| (g + 1..g_count).map(move |h| (g, h)))
        .filter(|&(g, h)| likeness[g][h] != 0.0 || mirror[g][h] != 0.0)
        .collect();
    // Each scoring of the board costs about one term per pair of groups; the search stops
    // once WORK terms are spent, so no input (hundreds of groups) makes it run for minutes.
    let spent_terms = std::cell::Cell::new(0usize);
    let terms = (sizes.len() * sizes.len()).max(1);
    let spent = || spent_terms.get() > WORK;
    // Whether the score counts the board's legality (see `impossible_position`): only after
    // the search without it, and only for a board it left impossible, as it is dearer to
    // compute than the rest of the score.
    let legality = std::cell::Cell::new(false);
    let colour_on = std::cell::Cell::new(false);
    // The reference board of the colour cost (see [`colour_cost`]): the one the colour round
    // started from, renewed after each descent.
    let reference = std::cell::RefCell::new(Vec::new());
    let score = |choice: &[usize]| -> f32 {
        spent_terms.set(spent_terms.get() + terms);
        // One picture whose copies fell into several groups (on light and on dark squares)
        // is still one observation: look-alike groups taking one piece class share their
        // evidence for it, else a picture split in two would outvote one that is not.
        let mut total: f32 = choice
            .iter()
            .enumerate()
            .map(|(g, &c)| {
                if c == EMPTY {
                    return evidence[g][c];
                }
                let twins: f32 = look_alikes[g]
                    .iter()
                    .filter(|&&h| choice[h] == c)
                    .map(|&h| likeness[g][h])
                    .sum();
                evidence[g][c] / (1.0 + twins)
            })
            .sum();
        let mut count = fixed;
        for (g, &c) in choice.iter().enumerate() {
            count[c] += sizes[g];
            let role = pieces[c].map(|p| p.role);
            if role == Some(Role::Pawn) {
                total -= EDGE_PAWN * on_edge[g] as f32;
            }
            // Each further group of a class pays for how surely it differs from the nearest
            // one before it (kings are counted by board_cost; empty squares look alike anyway).
            if c != 0 && role != Some(Role::King) {
                let nearest = (0..g)
                    .filter(|&h| choice[h] == c)
                    .map(|h| separation[g][h])
                    .min_by(f32::total_cmp);
                if let Some(sep) = nearest {
                    total -= SAME_CLASS * sep;
                }
            }
        }
        // Terms of zero weight are skipped: subtracting zero leaves the total as it is.
        for &(g, h) in &weighed_pairs {
            if likeness[g][h] != 0.0
                && choice[g] != choice[h]
                && choice[g] != EMPTY
                && choice[h] != EMPTY
            {
                total -= ALIKE * likeness[g][h];
            }
            if mirror[g][h] == 0.0 {
                continue;
            }
            if let (Some(a), Some(b)) = (pieces[choice[g]], pieces[choice[h]]) {
                if a.color != b.color && a.role != b.role {
                    total -= MIRROR * mirror[g][h];
                }
                // One drawing's pictures clearly apart on one side: one is the other side's.
                if a.color == b.color {
                    total -= MIRROR_SIDE * mirror[g][h] * separation[g][h];
                }
            }
        }
        if colour_on.get() {
            total -= colour_cost(choice, &reference.borrow(), &pieces, &tint, &tint_order);
            total -= light_side_cost(choice, &pieces, &light);
        }
        // A board without one king a side is no way out of an impossible one.
        let illegal = legality.get()
            && impossible_position(&labels_of(&labels, &groups, choice)) != Some(false);
        total - board_cost(&count, queen_read) - BISHOP_COLOUR * bishop_colour_cost(choice, &groups)
            + home_bonus(choice, &home)
            - if illegal { ILLEGAL } else { 0.0 }
    };
    // Each group's FAVOURITES most likely piece classes, ranked by the network's own
    // probabilities, not the floored ones: below the floor it still has a second and a third
    // choice.
    let favourites: Vec<Vec<usize>> = groups
        .iter()
        .map(|g| {
            let e: [f32; CLASSES] =
                std::array::from_fn(|c| g.iter().map(|&i| at_least(i, c, 1e-30).ln()).sum::<f32>());
            let mut classes: Vec<usize> = (1..CLASSES).collect();
            classes.sort_by(|&a, &b| e[b].total_cmp(&e[a]));
            classes.truncate(FAVOURITES);
            classes
        })
        .collect();
    let trades = trades();
    // The local search: from `choice`, scored `best`, the steps below while one helps.
    let descend = |mut choice: Vec<usize>, mut best: f32| -> (Vec<usize>, f32) {
        for _ in 0..PASSES {
            if spent() {
                break;
            }
            let mut improved = false;
            // One group changing class, alone or with its look-alikes of the same class (a
            // picture split into groups on light and dark squares is one piece: moving one part
            // alone makes two classes of one picture), the best such change first: taking the
            // first that helps lets the order of the groups decide (of three rook groups, the real
            // rooks, first in the image, became knights before the knights' two groups could).
            // Best-first costs a scoring of the board per group and class for each step taken;
            // past BEST_FIRST groups (no real board has so many pictures) one sweep takes every
            // change that helps as it comes, so the search stays of low polynomial degree.
            let best_first = choice.len() <= BEST_FIRST;
            for _ in 0..choice.len() * CLASSES {
                let mut step: Option<(f32, Vec<usize>)> = None;
                for g in (0..choice.len()).take_while(|_| !spent()) {
                    let twins: Vec<usize> = (0..choice.len())
                        .filter(|&h| h != g && choice[h] == choice[g] && likeness[g][h] >= TWINS)
                        .collect();
                    let current = choice[g];
                    'classes: for c in (0..CLASSES).filter(|&c| c != current) {
                        let mut alone = choice.clone();
                        alone[g] = c;
                        let together = (!twins.is_empty()).then(|| {
                            let mut together = alone.clone();
                            for &h in &twins {
                                together[h] = c;
                            }
                            together
                        });
                        for moved in std::iter::once(alone).chain(together) {
                            let s = score(&moved);
                            if best_first {
                                if s > step.as_ref().map_or(best + 1e-6, |(t, _)| *t) {
                                    step = Some((s, moved));
                                }
                            } else if s > best + 1e-6 {
                                choice = moved;
                                best = s;
                                improved = true;
                                break 'classes;
                            }
                        }
                    }
                }
                let Some((s, moved)) = step else { break };
                choice = moved;
                best = s;
                improved = true;
            }
            // Two groups trading classes (a pawn group and a bishop group the network swapped).
            for a in (0..choice.len()).take_while(|_| !spent()) {
                for b in a + 1..choice.len() {
                    if choice[a] == choice[b] {
                        continue;
                    }
                    choice.swap(a, b);
                    let s = score(&choice);
                    if s > best + 1e-6 {
                        best = s;
                        improved = true;
                    } else {
                        choice.swap(a, b);
                    }
                }
            }
            // Two groups changing at once among the classes the network likes best for each: one
            // change alone may make the board worse where both make it better (a king read as a
            // bishop and the queen as that king).
            for a in (0..choice.len()).take_while(|_| !spent()) {
                for b in a + 1..choice.len() {
                    for &ca in &favourites[a] {
                        for &cb in &favourites[b] {
                            if (ca, cb) == (choice[a], choice[b]) {
                                continue;
                            }
                            let (keep_a, keep_b) = (choice[a], choice[b]);
                            choice[a] = ca;
                            choice[b] = cb;
                            let s = score(&choice);
                            if s > best + 1e-6 {
                                best = s;
                                improved = true;
                            } else {
                                choice[a] = keep_a;
                                choice[b] = keep_b;
                            }
                        }
                    }
                }
            }
            // One drawing on both sides (groups whose silhouettes match, see `mirror`) changing
            // role together: each alone pays MIRROR for the drawings no longer matching, so
            // a white and a black knight the network both reads as rooks would stay rooks.
            for a in (0..choice.len()).take_while(|_| !spent()) {
                for b in a + 1..choice.len() {
                    let (Some(pa), Some(pb)) = (pieces[choice[a]], pieces[choice[b]]) else {
                        continue;
                    };
                    if mirror[a][b] <= 0.0 || pa.color == pb.color {
                        continue;
                    }
                    let (keep_a, keep_b) = (choice[a], choice[b]);
                    for role in Role::ALL
                        .into_iter()
                        .filter(|&r| r != pa.role || r != pb.role)
                    {
                        choice[a] = class_index(role.of(pa.color));
                        choice[b] = class_index(role.of(pb.color));
                        let s = score(&choice);
                        if s > best + 1e-6 {
                            best = s;
                            improved = true;
                            break;
                        }
                        choice[a] = keep_a;
                        choice[b] = keep_b;
                    }
                }
            }
            // Whole-board trades (see [`trades`]): one group at a time, the silhouettes that tie
            // white to black pieces would hold each step back.
            for perm in &trades {
                let traded: Vec<usize> = choice.iter().map(|&c| perm[c]).collect();
                if traded == choice {
                    continue;
                }
                let s = score(&traded);
                if s > best + 1e-6 {
                    best = s;
                    improved = true;
                    choice = traded;
                }
            }
            // Both sides' colours trading places at once (see [`LIGHT_MOST`]): a board the
            // network read all one colour can settle with the sides the wrong way round, and
            // no one group changing side mends it.
            if colour_on.get() {
                let traded: Vec<usize> = choice.iter().map(|&c| other_colour[c]).collect();
                // The reference board trades with the board.
                let traded_reference: Vec<usize> = reference
                    .borrow()
                    .iter()
                    .map(|&c| other_colour[c])
                    .collect();
                let before = reference.replace(traded_reference);
                let s = score(&traded);
                if s > best + 1e-6 {
                    best = s;
                    improved = true;
                    choice = traded;
                } else {
                    reference.replace(before);
                }
            }
            if !improved {
                break;
            }
        }
        (choice, best)
    };
    let mut best = score(&choice);
    let network = choice.clone();
    let mut settled: (Vec<usize>, f32) = (Vec::new(), f32::NEG_INFINITY);
    let mut clash = false;
    // A second round, with the board's legality in the score, for a board the first left
    // impossible (a king and a queen the network cannot tell apart, read so that a king stands
    // in check no last move could give).
    for round in 0..4 {
        if round == 1 {
            // Only a board surely impossible goes round again (one without a king a side is
            // not: its score must stay comparable with the other readings of the page).
            if spent() || impossible_position(&labels_of(&labels, &groups, &choice)) != Some(true) {
                continue;
            }
            legality.set(true);
            best = score(&choice);
        }
        // A last round with the colours in the score (see [`COLOUR_MOST`]), from the board the
        // rules and the network settled on: with them from the start, a board the network read
        // as all one side (grey-green black pieces) is searched into a patchwork of the two
        // sides and a wrong orientation, where starting from the settled board it only changes
        // the groups whose colours speak clearly.
        if round == 2 {
            if spent() || !coloured {
                break;
            }
            colour_on.set(true);
            reference.replace(choice.clone());
            best = score(&choice);
            clash = colour_cost(&choice, &choice, &pieces, &tint, &tint_order)
                > colour_penalty(COLOUR_MARGIN);
        }
        // And, where the settled board's colours clash, the colour round once more from the
        // network's own choice, the better of the two kept: the settled board can hold one
        // side's pieces in two colourings that no step of the colour round undoes (a pawn group
        // read against its colour, then the rook group moved to the pawns' side). Without a
        // clash the colour round cannot move the settled board, and the restart is left out (it
        // costs a few milliseconds a page).
        if round == 3 {
            if spent() || !clash {
                break;
            }
            settled = (std::mem::replace(&mut choice, network.clone()), best);
            reference.replace(choice.clone());
            best = score(&choice);
        }
        (choice, best) = descend(choice, best);
        // In the colour rounds the colour cost of a group that kept its side is the one it had
        // on the board the round started from (see [`colour_cost`]): that board is renewed
        // from the new one, and the search goes on, until it stands.
        if colour_on.get() {
            for _ in 0..SIDE_ROUNDS {
                if spent() || *reference.borrow() == choice {
                    break;
                }
                reference.replace(choice.clone());
                best = score(&choice);
                (choice, best) = descend(choice, best);
            }
        }
        if round == 3 && best < settled.1 {
            (choice, best) = std::mem::take(&mut settled);
        }
    }
    // Kicks: where the rules overrode the network (a group's class at under OVERRULED by the
    // network), each whole-board trade that moves such a class is made even though it scores
    // worse, and the local search goes on from there; the best board found stays. The search
    // stops where the one step that would mend a board makes it worse first: a king, queen and
    // bishop read round in a three-cycle, one side's rooks read as knights and its knight as a
    // rook. KICK_WORK bounds the work (a board of 30 groups would take half a second).
    let overruled = |g: usize, c: usize| c != EMPTY && evidence[g][c] < OVERRULED.ln();
    if !spent() && choice.iter().enumerate().any(|(g, &c)| overruled(g, c)) {
        let (base, start) = (choice.clone(), spent_terms.get());
        for perm in &trades {
            if spent_terms.get() - start > KICK_WORK {
                break;
            }
            if !base
                .iter()
                .enumerate()
                .any(|(g, &c)| overruled(g, c) && perm[c] != c)
            {
                continue;
            }
            let kicked: Vec<usize> = base.iter().map(|&c| perm[c]).collect();
            let s = score(&kicked);
            let (c, b) = descend(kicked, s);
            if b > best + 1e-6 {
                (choice, best) = (c, b);
            }
        }
    }
    (labels_of(&labels, &groups, &choice), best)
}

/// For each group `g`, the other groups whose colour likeness to it (`tint[g]`) is known,
/// likeliest first: [`colour_cost`] then stops at the first of each side.
fn by_likeness(tint: &[Vec<f32>]) -> Vec<Vec<usize>> {
    tint.iter()
        .enumerate()
        .map(|(g, row)| {
            let mut order: Vec<usize> = (0..row.len())
                .filter(|&h| h != g && row[h].is_finite())
                .collect();
            order.sort_by(|&a, &b| row[b].total_cmp(&row[a]));
            order
        })
        .collect()
}

/// For each piece group in `choice`, the [`colour_penalty`] of how much better its colours
/// match the other side's nearest group than its own side's nearest ([`tint`] as in
/// [`assign`], `order` from [`by_likeness`]), summed. A group alone on its side is not judged.
/// A group on the same side (or as empty) in `reference` as in `choice` is judged on the
/// `reference` board, one that changed side on `choice`: so a group's colours are mended only
/// by moving the group itself, not by moving its neighbours to its side (two white queens
/// turned black because a black king's white inlay looks like them). With `reference` equal
/// to `choice` every group is judged on `choice`.
fn colour_cost(
    choice: &[usize],
    reference: &[usize],
    pieces: &[Option<shakmaty::Piece>; CLASSES],
    tint: &[Vec<f32>],
    order: &[Vec<usize>],
) -> f32 {
    let side = |c: usize| pieces[c].map(|p| p.color);
    let mut cost = 0.0;
    for g in 0..choice.len() {
        let board = if side(choice[g]) == side(reference[g]) {
            reference
        } else {
            choice
        };
        let Some(piece) = pieces[board[g]] else {
            continue;
        };
        // The nearest group of each side: the first of its side in order of likeness (the
        // score is taken thousands of times a board, and most groups find both at once).
        let (mut own, mut other) = (None, None);
        for &h in &order[g] {
            let Some(rival) = pieces[board[h]] else {
                continue;
            };
            let nearest = if rival.color == piece.color {
                &mut own
            } else {
                &mut other
            };
            if nearest.is_none() {
                *nearest = Some(tint[g][h]);
                if own.is_some() && other.is_some() {
                    break;
                }
            }
        }
        if let (Some(own), Some(other)) = (own, other) {
            cost += colour_penalty(other - own);
        }
    }
    cost
}

/// What a piece group pays (in nats) for colours that match the other side's nearest group
/// better, by `lead`, than its own side's nearest (see [`COLOUR_MOST`]); nothing for no lead.
fn colour_penalty(lead: f32) -> f32 {
    if lead > 0.0 {
        COLOUR_MOST * (1.0 - (-lead / COLOUR_SCALE).exp())
    } else {
        0.0
    }
}

/// What a board pays (in nats) for its black pieces looking lighter than its white ones (see
/// [`LIGHT_MOST`]): by how much the mean [`lightness`] of its black piece groups exceeds that
/// of its white ones.
fn light_side_cost(
    choice: &[usize],
    pieces: &[Option<shakmaty::Piece>; CLASSES],
    light: &[Option<f32>],
) -> f32 {
    let mut sum = [0.0f32; 2];
    let mut n = [0usize; 2];
    for (&c, l) in choice.iter().zip(light) {
        if let (Some(p), Some(l)) = (pieces[c], l) {
            let side = usize::from(p.color == Color::Black);
            sum[side] += l;
            n[side] += 1;
        }
    }
    if n[0] == 0 || n[1] == 0 {
        return 0.0;
    }
    let lead = sum[1] / n[1] as f32 - sum[0] / n[0] as f32;
    if lead > 0.0 {
        LIGHT_MOST * (1.0 - (-lead / LIGHT_SCALE).exp())
    } else {
        0.0
    }
}

/// The cells' classes: `labels`, with each group's cells taking the group's class in `choice`.
fn labels_of(labels: &[usize], groups: &[&Vec<usize>], choice: &[usize]) -> Vec<usize> {
    let mut cells = labels.to_vec();
    for (g, &c) in groups.iter().zip(choice) {
        for &i in g.iter() {
            cells[i] = c;
        }
    }
    cells
}

/// Whether the 64 `cells`' classes (image order) make a position no game reaches, whichever
/// side is to move: a side not to move in check (kings side by side), or a check no last move
/// gives. Pawns' checks depend on which way the board is turned: where the pieces' placement
/// says that clearly ([`CLEAR_PLACEMENT`]) only that way counts, as the board is most likely
/// turned so, else either way may make the position possible. `None` for a board
/// without one king a side (see [`board_cost`]) or not of 64 cells.
fn impossible_position(cells: &[usize]) -> Option<bool> {
    use shakmaty::{Bitboard, CastlingMode, Chess, FromSetup, PositionErrorKinds};
    if cells.len() != 64 {
        return None;
    }
    let pieces: Vec<Option<shakmaty::Piece>> = cells.iter().map(|&c| piece_of(c)).collect();
    for color in [Color::White, Color::Black] {
        let kings = pieces
            .iter()
            .filter(|&&p| p == Some(Role::King.of(color)))
            .count();
        if kings != 1 {
            return None;
        }
    }
    let evidence = orient::placement_evidence(&pieces);
    let ways: &[bool] = if evidence >= CLEAR_PLACEMENT {
        &[false]
    } else if evidence <= -CLEAR_PLACEMENT {
        &[true]
    } else {
        &[false, true]
    };
    let impossible = ways.iter().all(|&flipped| {
        let mut setup = shakmaty::Setup::empty();
        for (i, piece) in pieces.iter().enumerate() {
            if let Some(piece) = piece {
                setup
                    .board
                    .set_piece_at(cell_square(i / 8, i % 8, flipped), *piece);
            }
        }
        setup.castling_rights = Bitboard::EMPTY;
        [Color::White, Color::Black].iter().all(|&turn| {
            setup.turn = turn;
            Chess::from_setup(setup.clone(), CastlingMode::Standard).is_err_and(|e| {
                e.kinds().intersects(
                    PositionErrorKinds::OPPOSITE_CHECK | PositionErrorKinds::IMPOSSIBLE_CHECK,
                )
            })
        })
    });
    Some(impossible)
}

/// A group of cells (indices into the board's cells) that show the same picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The cells.
    pub cells: Vec<usize>,
    /// The picture's silhouette (see [`super::sprites::Sprite::silhouette`]).
    pub shape: Option<Silhouette>,
    /// The pixels of [`Group::shape`] that an overlay hides (see
    /// [`super::sprites::Sprite::hidden_pixels`]): silhouettes are compared without them.
    pub hidden: Silhouette,
    /// The picture's colours (see [`super::sprites::Sprite::colours`]).
    pub colours: Option<Colours>,
    /// How many of the cells plainly show a piece, whatever the network's word on them (see
    /// `classify::plainly_seen`): emptying the group pays `SEEN_PIECE` (4 nats) for each.
    pub seen: usize,
}

impl Group {
    /// A group without a silhouette.
    pub fn of(cells: Vec<usize>) -> Group {
        Group {
            cells,
            shape: None,
            hidden: [0; PICTURE],
            colours: None,
            seen: 0,
        }
    }
}

/// The piece of class index `c`, if it is one.
fn piece_of(c: usize) -> Option<shakmaty::Piece> {
    SquareClass::ALL.get(c).and_then(|s| s.piece())
}

/// Class permutations the local search of [`assign`] tries on the whole board at once: two
/// roles trading places on both sides (a held-out set's kings and queens read the other way
/// round in both colours), and one role's two colours trading places (a side's pawns read as the
/// other's, so that the rules turn the real other side's pawns over; one group at a time,
/// each step leaves nine or more pawns on a side). Every piece's colours trading at once is
/// left to the colour round, where the sides' lightness decides (see [`LIGHT_MOST`]).
fn trades() -> Vec<[usize; CLASSES]> {
    let permutation = |f: &dyn Fn(shakmaty::Piece) -> shakmaty::Piece| -> [usize; CLASSES] {
        std::array::from_fn(|c| piece_of(c).map_or(c, |p| class_index(f(p))))
    };
    let mut out = Vec::new();
    for (k, &r1) in Role::ALL.iter().enumerate() {
        for &r2 in &Role::ALL[k + 1..] {
            out.push(permutation(&|p| match p.role {
                r if r == r1 => r2.of(p.color),
                r if r == r2 => r1.of(p.color),
                _ => p,
            }));
        }
    }
    for &role in &Role::ALL {
        out.push(permutation(&|p| {
            if p.role == role { role.of(!p.color) } else { p }
        }));
    }
    out
}

/// The class index of `piece`.
fn class_index(piece: shakmaty::Piece) -> usize {
    SquareClass::Piece(piece).index()
}

/// For each pair of groups with silhouettes `shapes`, how surely they show one drawing, from
/// 0 to 1: their overlap scaled from [`MIRROR_FROM`] to [`MIRROR_SURE`], less the most either
/// overlaps any third group that shows another picture than both (`separation`, from 0 for the
/// same picture to 1 for surely another, weighs each third group). A drawing is the same piece
/// only when it is the other's one match: 3D sets draw king and queen (or bishop and pawn) with
/// nearly one outline, and there the match says nothing. A third group with the same picture as
/// one of the pair is that picture again (one piece's copies on light and dark squares can
/// fall into two groups), not a rival.
fn mirror_strengths(
    shapes: &[Option<(&Silhouette, &Silhouette)>],
    separation: &[Vec<f32>],
) -> Vec<Vec<f32>> {
    let n = shapes.len();
    let overlap: Vec<Vec<f32>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| match (shapes[a], shapes[b]) {
                    (Some((x, hx)), Some((y, hy))) if a != b => {
                        let o = silhouette_overlap_unhidden(x, hx, y, hy);
                        ((o - MIRROR_FROM) / (MIRROR_SURE - MIRROR_FROM)).clamp(0.0, 1.0)
                    }
                    _ => 0.0,
                })
                .collect()
        })
        .collect();
    (0..n)
        .map(|a| {
            (0..n)
                .map(|b| {
                    let rival = (0..n)
                        .filter(|&k| k != a && k != b)
                        .map(|k| {
                            let other = separation[a][k].min(separation[b][k]);
                            other * overlap[a][k].max(overlap[b][k])
                        })
                        .fold(0.0, f32::max);
                    (overlap[a][b] - rival).max(0.0)
                })
                .collect()
        })
        .collect()
}

/// Per group, per class, per way the board is turned: what the group's squares earn for where
/// that class's piece stands on them, in nats: the class's `weights` (see [`home_weights`]) for
/// each home square of the piece (see [`home_share`]), less [`SEVENTH_PAWN`] for each pawn one
/// step from promoting (see [`is_seventh`]). Made once; [`home_bonus`] only adds up, as the
/// search scores the board thousands of times.
type HomeScores = Vec<[[f32; 2]; CLASSES]>;

fn home_scores(groups: &[&Vec<usize>], weights: &[f32; CLASSES]) -> HomeScores {
    groups
        .iter()
        .map(|g| {
            std::array::from_fn(|c| {
                [false, true].map(|flipped| {
                    piece_of(c).map_or(0.0, |p| {
                        g.iter()
                            .map(|&i| {
                                let home = home_share(p, i, flipped);
                                if home > 0.0 {
                                    weights[c] * home
                                } else if is_seventh(p, i, flipped) {
                                    -SEVENTH_PAWN
                                } else {
                                    0.0
                                }
                            })
                            .sum()
                    })
                })
            })
        })
        .collect()
}

/// Per class, what a piece earns on its home square ([`home_share`] of it elsewhere) on a board
/// of `pieces` pieces, in nats: [`HOME`] times how much likelier the piece's home squares are
/// than an average square in the phase of `pieces` (the log of the ratio, from the orientation
/// prior's games: [`Prior::share`]), as a share of that in the fullest phase, and nothing where
/// home is no likelier than elsewhere. A home square tells pieces apart only while games keep
/// them there: in a crowded middlegame most rooks still stand in their corners, in an ending a
/// rook on one is no likelier than a queen.
fn home_weights(pieces: usize) -> [f32; CLASSES] {
    let prior = Prior::embedded();
    let fullest = prior.table().bounds.last().copied().unwrap_or(pieces);
    // The log of how much likelier the piece stands on a home square (weighed as much as it
    // counts as home) than on one of the 64 squares at random.
    let lift = |pieces: usize, piece: shakmaty::Piece| -> f32 {
        let (mut at_home, mut homes) = (0.0, 0.0);
        for i in 0..64 {
            let h = home_share(piece, i, false);
            at_home += h * prior.share(pieces, piece, i);
            homes += h;
        }
        if homes > 0.0 && at_home > 0.0 {
            (64.0 * at_home / homes).ln()
        } else {
            0.0
        }
    };
    std::array::from_fn(|c| {
        piece_of(c).map_or(0.0, |piece| {
            let (now, full) = (lift(pieces, piece), lift(fullest, piece));
            if full > 0.0 {
                HOME * (now / full).clamp(0.0, 1.0)
            } else {
                0.0
            }
        })
    })
}

/// What the groups earn for where the pieces `choice` gives them stand, the more of the two
/// ways the board can be turned (`home`: see [`home_scores`]).
fn home_bonus(choice: &[usize], home: &HomeScores) -> f32 {
    [0, 1]
        .iter()
        .map(|&way| {
            choice
                .iter()
                .zip(home)
                .map(|(&c, scores)| scores.get(c).map_or(0.0, |n| n[way]))
                .sum::<f32>()
        })
        .max_by(f32::total_cmp)
        .unwrap_or(0.0)
}

/// Whether image cell `i` (row 0 = top) is one step from promotion for `piece`, a pawn, with
/// White at the bottom or, `flipped`, at the top: the other side's pawns' home rank.
fn is_seventh(piece: shakmaty::Piece, i: usize, flipped: bool) -> bool {
    let seventh = if (piece.color == Color::White) != flipped {
        1
    } else {
        6
    };
    piece.role == Role::Pawn && i / 8 == seventh
}

/// How many bishops of `groups` (as `choice` reads them) stand on squares of a colour that
/// another bishop of their side already stands on. A cell's square colour is the parity of its
/// row and column, whichever way the board is turned.
fn bishop_colour_cost(choice: &[usize], groups: &[&Vec<usize>]) -> f32 {
    // Per side (white first), per square colour: bishops.
    let mut count = [[0usize; 2]; 2];
    for (&c, g) in choice.iter().zip(groups) {
        let Some(p) = piece_of(c).filter(|p| p.role == Role::Bishop) else {
            continue;
        };
        let side = usize::from(p.color == Color::Black);
        for &i in g.iter() {
            count[side][(i / 8 + i % 8) % 2] += 1;
        }
    }
    count
        .iter()
        .flatten()
        .map(|&n| n.saturating_sub(1))
        .sum::<usize>() as f32
}

/// How much of [`HOME`] image cell `i` (row 0 = top) earns `piece` (other than a pawn), with
/// White at the bottom or, `flipped`, at the top: all of it on a home square, where the squares
/// castling puts the rooks on count as theirs, and for the king its whole back rank but the
/// queen's square: castled, stepped aside or tucked into a corner, a king seldom leaves its
/// back rank in game positions, on any of its squares about as often as on the castling
/// squares. On the queen's square a king earns [`KING_ON_QUEENS_SQUARE`] of it.
fn home_share(piece: shakmaty::Piece, i: usize, flipped: bool) -> f32 {
    let (row, col) = (i / 8, i % 8);
    let back = if (piece.color == Color::White) != flipped {
        7
    } else {
        0
    };
    let file = if flipped { 7 - col } else { col };
    let home = row == back
        && match piece.role {
            Role::Rook => [0, 7, 3, 5].contains(&file),
            Role::Knight => file == 1 || file == 6,
            Role::Bishop => file == 2 || file == 5,
            Role::Queen => file == 3,
            Role::King => file != 3,
            Role::Pawn => false,
        };
    if home {
        1.0
    } else if row == back && piece.role == Role::King {
        KING_ON_QUEENS_SQUARE
    } else {
        0.0
    }
}

/// The cost of the board's piece counts (`count[c]` squares of class index `c`): kings,
/// pawns and promotions of each side (each further promotion dearer than the last);
/// `queen_read` tells whether the network reads a queen on the board (see [`KING_AS_QUEEN`]).
fn board_cost(count: &[usize; CLASSES], queen_read: bool) -> f32 {
    let mut cost = 0.0;
    let has = |piece: shakmaty::Piece| count[class_index(piece)] > 0;
    for color in [Color::White, Color::Black] {
        let of = |role: Role| count[class_index(role.of(color))];
        cost += match of(Role::King) {
            0 if queen_read && has((!color).king()) => KING_AS_QUEEN,
            0 => NO_KING,
            k => MORE_KINGS * (k - 1) as f32,
        };
        let pawns = of(Role::Pawn);
        cost += PAWNS * pawns.saturating_sub(8) as f32;
        let extra = of(Role::Knight).saturating_sub(2)
            + of(Role::Bishop).saturating_sub(2)
            + of(Role::Rook).saturating_sub(2)
            + of(Role::Queen).saturating_sub(1);
        // The k-th promoted piece costs PROMOTED + (k - 1) · PROMOTED_STEP.
        cost +=
            PROMOTED * extra as f32 + PROMOTED_STEP * (extra * extra.saturating_sub(1) / 2) as f32;
        cost += IMPOSSIBLE * extra.saturating_sub(8 - pawns.min(8)) as f32;
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_hot(c: SquareClass, p: f32) -> [f32; CLASSES] {
        let mut a = [(1.0 - p) / (CLASSES - 1) as f32; CLASSES];
        a[c.index()] = p;
        a
    }

    fn piece(role: Role, color: Color) -> SquareClass {
        SquareClass::Piece(role.of(color))
    }

    #[test]
    fn a_square_that_plainly_shows_a_piece_is_not_emptied_cheaply() {
        let mut probs = base();
        // The network's word: more likely empty than a knight, the rest spread thin.
        let mut knight = [0.03 / (CLASSES - 2) as f32; CLASSES];
        knight[SquareClass::Empty.index()] = 0.6;
        knight[piece(Role::Knight, Color::Black).index()] = 0.37;
        probs[21] = knight;
        let read = |seen: usize| {
            let mut group = Group::of(vec![21]);
            group.seen = seen;
            assign(&probs, &[group], &|_, _| 0.0, &|_, _| 0.0)[21]
        };
        assert_eq!(read(0), SquareClass::Empty.index());
        assert_eq!(read(1), piece(Role::Knight, Color::Black).index());
    }

    #[test]
    fn a_king_is_at_home_on_its_back_rank_and_half_so_on_the_queens_square() {
        let king = |color: Color| Role::King.of(color);
        // White at the bottom: row 7 is white's back rank, cell 56 a1, cell 59 d1.
        for i in [56, 57, 58, 60, 61, 62, 63] {
            assert_eq!(home_share(king(Color::White), i, false), 1.0, "cell {i}");
        }
        let half = KING_ON_QUEENS_SQUARE;
        assert_eq!(home_share(king(Color::White), 59, false), half, "d1");
        assert_eq!(home_share(Role::Queen.of(Color::White), 59, false), 1.0);
        assert_eq!(home_share(Role::Queen.of(Color::White), 60, false), 0.0);
        assert_eq!(home_share(king(Color::White), 48, false), 0.0, "a2");
        assert_eq!(
            home_share(king(Color::Black), 60, false),
            0.0,
            "the other side's back rank"
        );
        // Black at the bottom: row 7 is black's back rank and files run h to a.
        assert_eq!(home_share(king(Color::Black), 63, true), 1.0);
        assert_eq!(home_share(king(Color::Black), 60, true), half, "d8");
        assert_eq!(home_share(king(Color::White), 0, true), 1.0);
    }

    #[test]
    fn the_colour_cost_takes_each_sides_likeliest_group() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let pieces: [Option<shakmaty::Piece>; CLASSES] = std::array::from_fn(piece_of);
        for _ in 0..200 {
            let n = rng.random_range(1..12);
            // Likenesses with ties and unknowns (NaN), as coarse histograms give them.
            let mut tint = vec![vec![f32::NAN; n]; n];
            for (g, h) in (0..n).flat_map(|g| (g + 1..n).map(move |h| (g, h))) {
                let v = match rng.random_range(0..4) {
                    0 => f32::NAN,
                    _ => rng.random_range(0..5) as f32 / 4.0,
                };
                tint[g][h] = v;
                tint[h][g] = v;
            }
            let choice: Vec<usize> = (0..n).map(|_| rng.random_range(0..CLASSES)).collect();
            // Every pair looked at: the nearest group of each side by the largest likeness.
            let mut expected = 0.0;
            for (g, &c) in choice.iter().enumerate() {
                let Some(piece) = pieces[c] else { continue };
                let (mut own, mut other) = (f32::NAN, f32::NAN);
                for (h, &d) in choice.iter().enumerate() {
                    match pieces[d] {
                        Some(rival) if h != g && tint[g][h].is_finite() => {
                            if rival.color == piece.color {
                                own = own.max(tint[g][h]);
                            } else {
                                other = other.max(tint[g][h]);
                            }
                        }
                        _ => {}
                    }
                }
                if own.is_finite() && other.is_finite() {
                    expected += colour_penalty(other - own);
                }
            }
            let cost = colour_cost(&choice, &choice, &pieces, &tint, &by_likeness(&tint));
            assert_eq!(cost.to_bits(), expected.to_bits(), "{choice:?} {tint:?}");
        }
    }

    /// A board of empty squares with both kings, sure of everything.
    fn base() -> Vec<[f32; CLASSES]> {
        let mut probs = vec![one_hot(SquareClass::Empty, 0.99); 64];
        probs[4] = one_hot(piece(Role::King, Color::Black), 0.99);
        probs[60] = one_hot(piece(Role::King, Color::White), 0.99);
        probs
    }

    /// `probs` with sure pawns on both sides' pawn ranks and sure rooks and knights on their
    /// home squares, where `probs` reads the square as empty: 24 pieces in no group, so that a
    /// board of three or more pieces besides is in the fullest phase of games.
    fn crowded(mut probs: Vec<[f32; CLASSES]>) -> Vec<[f32; CLASSES]> {
        let back = [Role::Rook, Role::Knight];
        let filler = (0..8)
            .map(|col| (8 + col, piece(Role::Pawn, Color::Black)))
            .chain((0..8).map(|col| (48 + col, piece(Role::Pawn, Color::White))))
            .chain(
                [0, 1, 6, 7]
                    .into_iter()
                    .zip([0, 1, 1, 0])
                    .flat_map(|(col, r)| {
                        [
                            (col, piece(back[r], Color::Black)),
                            (56 + col, piece(back[r], Color::White)),
                        ]
                    }),
            );
        for (i, class) in filler {
            if probs[i][EMPTY] > 0.5 {
                probs[i] = one_hot(class, 0.99);
            }
        }
        probs
    }

    #[test]
    fn a_group_the_network_misreads_is_outvoted_by_the_board() {
        // Seven black pawns the network takes for bishops, and a real black bishop.
        let mut probs = base();
        let bb = piece(Role::Bishop, Color::Black);
        let bp = piece(Role::Pawn, Color::Black);
        let pawns: Vec<usize> = (8..15).collect();
        for &i in &pawns {
            probs[i] = one_hot(bb, 0.8);
            probs[i][bp.index()] = 0.1;
        }
        probs[20] = one_hot(bb, 0.95);
        let groups: Vec<Group> = [pawns.clone(), vec![20], vec![4], vec![60]]
            .into_iter()
            .map(Group::of)
            .collect();
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        for &i in &pawns {
            assert_eq!(SquareClass::ALL[out[i]], bp, "square {i}");
        }
        assert_eq!(SquareClass::ALL[out[20]], bb);
    }

    #[test]
    fn a_board_without_kings_is_not_scored_as_impossible() {
        // No king on the board: `impossible_position` cannot judge it, so the score is the
        // network's evidence less the board's counts, without the cost of an impossible board
        // (the score compares groupings of one board, which may differ in their kings).
        let mut probs = vec![one_hot(SquareClass::Empty, 0.99); 64];
        let wp = piece(Role::Pawn, Color::White);
        probs[36] = one_hot(wp, 0.99);
        let (out, score) = assign_scored(&probs, &[Group::of(vec![36])], &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[36]], wp);
        let mut count = [0; CLASSES];
        count[EMPTY] = 63;
        count[wp.index()] = 1;
        let expected = 0.99f32.ln() - board_cost(&count, false);
        assert!(
            (score - expected).abs() < 1e-4,
            "{score} against {expected}"
        );
    }

    #[test]
    fn the_rules_do_not_clear_squares_the_network_sees_pieces_on() {
        // Five white queens and eight black pawns elsewhere; six squares the network is sure
        // hold pieces, black pawns by its guess, white pawns second. Black pawns are too many,
        // white pawns leave too few for the queens' promotions, other pieces get nothing from
        // the network: still not empty squares.
        let mut probs = base();
        let wq = piece(Role::Queen, Color::White);
        let bp = piece(Role::Pawn, Color::Black);
        let wp = piece(Role::Pawn, Color::White);
        probs[16..21].fill(one_hot(wq, 0.99));
        probs[8..16].fill(one_hot(bp, 0.99));
        let group: Vec<usize> = (40..46).collect();
        for &i in &group {
            probs[i] = [0.0; CLASSES];
            probs[i][bp.index()] = 0.7;
            probs[i][wp.index()] = 0.3;
        }
        let out = assign(&probs, &[Group::of(group.clone())], &|_, _| 1.0, &|_, _| {
            0.0
        });
        for &i in &group {
            assert_ne!(SquareClass::ALL[out[i]], SquareClass::Empty, "square {i}");
        }
    }

    #[test]
    fn groups_that_look_alike_take_the_same_class() {
        // A sure white knight, and a square the network leans to call a bishop whose picture
        // is a little too far from the knight's to group (an arrow across it).
        let mut probs = base();
        let wn = piece(Role::Knight, Color::White);
        let wb = piece(Role::Bishop, Color::White);
        probs[17] = one_hot(wn, 0.97);
        probs[30] = one_hot(wb, 0.5);
        probs[30][wn.index()] = 0.4;
        let groups: Vec<Group> = [vec![17], vec![30], vec![4], vec![60]]
            .into_iter()
            .map(Group::of)
            .collect();
        // Groups 0 and 1 look alike, though not quite enough to be one group.
        let near = |a: usize, b: usize| a.min(b) == 0 && a.max(b) == 1;
        let apart = |a: usize, b: usize| if near(a, b) { 0.1 } else { 1.0 };
        let alike = |a: usize, b: usize| if near(a, b) { 0.9 } else { 0.0 };
        assert_eq!(
            SquareClass::ALL[assign(&probs, &groups, &apart, &alike)[30]],
            wn
        );
        // Pictures clearly apart keep the network's reading.
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[30]], wb);
    }

    #[test]
    fn a_repeated_picture_is_not_a_king() {
        let mut probs = base();
        let wk = piece(Role::King, Color::White);
        let wp = piece(Role::Pawn, Color::White);
        // The network calls three white pawns kings (one of them very surely).
        for i in [48, 49, 50] {
            probs[i] = one_hot(wk, 0.9);
            probs[i][wp.index()] = 0.05;
        }
        let out = assign(
            &probs,
            &[
                Group::of(vec![48, 49, 50]),
                Group::of(vec![60]),
                Group::of(vec![4]),
            ],
            &|_, _| 1.0,
            &|_, _| 0.0,
        );
        assert!([48, 49, 50].iter().all(|&i| SquareClass::ALL[out[i]] == wp));
        assert_eq!(SquareClass::ALL[out[60]], wk);
    }

    #[test]
    fn two_kings_and_edge_pawns_give_way() {
        let mut probs = base();
        let wk = piece(Role::King, Color::White);
        let wq = piece(Role::Queen, Color::White);
        let wp = piece(Role::Pawn, Color::White);
        let wb = piece(Role::Bishop, Color::White);
        probs[10] = one_hot(wk, 0.7);
        probs[10][wq.index()] = 0.25;
        probs[3] = one_hot(wp, 0.6);
        probs[3][wb.index()] = 0.3;
        let singles: Vec<Group> = (0..64).map(|i| Group::of(vec![i])).collect();
        let out = assign(&probs, &singles, &|_, _| 0.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[60]], wk);
        assert_eq!(SquareClass::ALL[out[10]], wq);
        assert_eq!(SquareClass::ALL[out[3]], wb);
    }

    #[test]
    fn many_promoted_pieces_give_way_to_pawns() {
        // Two real black knights, and six black pawns (in three groups: the pictures did not
        // all match) that the network takes for knights: eight knights would be six
        // promotions, each rarer than the last.
        let mut probs = base();
        let bn = piece(Role::Knight, Color::Black);
        let bp = piece(Role::Pawn, Color::Black);
        probs[1] = one_hot(bn, 0.99);
        probs[6] = one_hot(bn, 0.99);
        let pawns = [[8, 9], [10, 11], [12, 13]];
        for &i in pawns.iter().flatten() {
            probs[i] = one_hot(bn, 0.97);
            probs[i][bp.index()] = 0.015;
        }
        let mut groups = vec![Group::of(vec![1]), Group::of(vec![6])];
        groups.extend(pawns.iter().map(|p| Group::of(p.to_vec())));
        // The real knights differ from the pawns; the pawn groups hardly from each other.
        let apart = |a: usize, b: usize| if a.min(b) >= 2 { 0.0 } else { 1.0 };
        let out = assign(&probs, &groups, &apart, &|_, _| 0.0);
        for &i in pawns.iter().flatten() {
            assert_eq!(SquareClass::ALL[out[i]], bp, "square {i}");
        }
        assert_eq!(SquareClass::ALL[out[1]], bn);
    }

    #[test]
    fn a_second_queen_needs_clear_evidence() {
        // A white bishop that the network takes for a queen, less than twenty to one, beside a
        // sure white queen, on squares so small that the pictures hardly tell them apart: a
        // second queen is rarer than that.
        let mut probs = base();
        let wq = piece(Role::Queen, Color::White);
        let wb = piece(Role::Bishop, Color::White);
        probs[59] = one_hot(wq, 0.99);
        probs[42] = one_hot(wq, 0.9);
        probs[42][wb.index()] = 0.08;
        let groups: Vec<Group> = [vec![59], vec![42]].into_iter().map(Group::of).collect();
        let out = assign(&probs, &groups, &|_, _| 0.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[42]], wb);
        // A promoted queen the network is sure of, drawn as the other, stands.
        probs[42] = one_hot(wq, 0.99);
        let out = assign(&probs, &[Group::of(vec![59, 42])], &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(
            (SquareClass::ALL[out[42]], SquareClass::ALL[out[59]]),
            (wq, wq)
        );
    }

    #[test]
    fn a_sure_misreading_gives_way_to_the_rules() {
        // A black queen the network is sure of (0.999, the king never) beside another sure
        // black queen, and no black king: the second queen (a promotion) and the missing king
        // cost 5.5 nats, more than the floored 1e-2 (4.6 nats), less than 1e-3 (6.9).
        // A crowded board: the queen's home square tells which of the two is the king.
        let mut probs = crowded(base());
        let bq = piece(Role::Queen, Color::Black);
        let bk = piece(Role::King, Color::Black);
        probs[4] = one_hot(SquareClass::Empty, 0.99);
        probs[3] = one_hot(bq, 0.999);
        probs[20] = [0.0; CLASSES];
        probs[20][bq.index()] = 0.999;
        let groups: Vec<Group> = [vec![3], vec![20], vec![60]]
            .into_iter()
            .map(Group::of)
            .collect();
        // Pictures not told apart: the two queens pay nothing for looking different.
        let out = assign(&probs, &groups, &|_, _| 0.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[20]], bk);
        assert_eq!(SquareClass::ALL[out[3]], bq);
    }

    #[test]
    fn a_side_has_one_bishop_per_square_colour() {
        // A sure white bishop on c1 (cell 58, a dark square), and a small white pawn the network
        // leans to read as a bishop on c3 (cell 42, dark too); pictures not told apart.
        let mut probs = base();
        let wb = piece(Role::Bishop, Color::White);
        let wp = piece(Role::Pawn, Color::White);
        probs[58] = one_hot(wb, 0.99);
        probs[42] = unsure(wb, wp);
        let out = assign_one_square_groups(&probs, &[58, 42, 4, 60]);
        assert_eq!(SquareClass::ALL[out[42]], wp);
        assert_eq!(SquareClass::ALL[out[58]], wb);
        // On d3 (cell 43, a light square) it is the other bishop.
        probs[43] = probs[42];
        probs[42] = one_hot(SquareClass::Empty, 0.99);
        let out = assign_one_square_groups(&probs, &[58, 43, 4, 60]);
        assert_eq!(SquareClass::ALL[out[43]], wb);
        // A black bishop on a dark square says nothing about White's.
        probs[43] = one_hot(SquareClass::Empty, 0.99);
        probs[42] = unsure(wb, wp);
        probs[26] = one_hot(piece(Role::Bishop, Color::Black), 0.99);
        let out = assign_one_square_groups(&probs, &[42, 26, 4, 60]);
        assert_eq!(SquareClass::ALL[out[42]], wb);
    }

    #[test]
    fn a_missing_king_is_found() {
        let mut probs = base();
        let wk = piece(Role::King, Color::White);
        let wq = piece(Role::Queen, Color::White);
        probs[60] = one_hot(wq, 0.6);
        probs[60][wk.index()] = 0.35;
        let out = assign(&probs, &[Group::of(vec![60])], &|_, _| 0.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[60]], wk);
    }

    #[test]
    fn a_king_read_as_a_queen_is_the_king() {
        // The black king on d8 (the queen's home square) read as a queen at 0.999, the king's
        // own class under the floor; the white king on e1.
        let mut probs = base();
        let (bk, bq) = (
            piece(Role::King, Color::Black),
            piece(Role::Queen, Color::Black),
        );
        probs[4] = one_hot(SquareClass::Empty, 0.99);
        probs[3] = one_hot(bq, 0.999);
        let out = assign_one_square_groups(&probs, &[3, 60]);
        assert_eq!(SquareClass::ALL[out[3]], bk);
        // A board being set up, without kings: no king is made up of its queen.
        probs[60] = one_hot(SquareClass::Empty, 0.99);
        let out = assign_one_square_groups(&probs, &[3]);
        assert_eq!(SquareClass::ALL[out[3]], bq);
    }

    #[test]
    fn odd_inputs_do_not_panic() {
        assert!(assign(&[], &[Group::of(vec![0])], &|_, _| 1.0, &|_, _| 0.0).is_empty());
        let nan = [[f32::NAN; CLASSES]; 3];
        assert_eq!(
            assign(
                &nan,
                &[Group::of(vec![0, 1]), Group::of(vec![]), Group::of(vec![7])],
                &|_, _| f32::NAN,
                &|_, _| f32::NAN,
            )
            .len(),
            3
        );
    }

    /// [`assign`] with each of `cells` a group of its own, pictures never compared.
    fn assign_one_square_groups(probs: &[[f32; CLASSES]], cells: &[usize]) -> Vec<usize> {
        let groups: Vec<Group> = cells.iter().map(|&c| Group::of(vec![c])).collect();
        assign(probs, &groups, &|_, _| 0.0, &|_, _| 0.0)
    }

    /// Two classes the network is unsure between (`first` a little likelier than `second`).
    fn unsure(first: SquareClass, second: SquareClass) -> [f32; CLASSES] {
        let mut a = [0.01; CLASSES];
        a[first.index()] = 0.5;
        a[second.index()] = 0.4;
        a
    }

    #[test]
    fn two_groups_change_at_once_where_neither_can_alone() {
        let bk = piece(Role::King, Color::Black);
        let bq = piece(Role::Queen, Color::Black);
        let bb = piece(Role::Bishop, Color::Black);
        let wk = piece(Role::King, Color::White);
        // The black king on e8 (cell 4) leaning bishop, the queen on d8 (cell 3) leaning king,
        // on a crowded board.
        let mut probs = crowded(vec![one_hot(SquareClass::Empty, 0.99); 64]);
        probs[60] = one_hot(wk, 0.99);
        let mut king = [0.01; CLASSES];
        king[bb.index()] = 0.5;
        king[bk.index()] = 0.35;
        let mut queen = [0.01; CLASSES];
        queen[bk.index()] = 0.5;
        queen[bq.index()] = 0.35;
        probs[4] = king;
        probs[3] = queen;
        let groups: Vec<Group> = [vec![4], vec![3], vec![60]]
            .into_iter()
            .map(Group::of)
            .collect();
        // Alone, the king's square turning king makes two black kings, the queen's turning
        // queen leaves none, and the two trading classes puts a bishop the network all but
        // rules out on d8; the two home squares pay for both changes together.
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[4]], bk);
        assert_eq!(SquareClass::ALL[out[3]], bq);
        // Off their home squares the network's word stands.
        let mut probs = probs.clone();
        probs[20] = king;
        probs[19] = queen;
        probs[4] = one_hot(SquareClass::Empty, 0.99);
        probs[3] = one_hot(SquareClass::Empty, 0.99);
        let groups: Vec<Group> = [vec![20], vec![19], vec![60]]
            .into_iter()
            .map(Group::of)
            .collect();
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[20]], bb);
        assert_eq!(SquareClass::ALL[out[19]], bk);
    }

    #[test]
    fn a_pawn_one_step_from_promoting_needs_the_networks_word() {
        let wp = piece(Role::Pawn, Color::White);
        let bp = piece(Role::Pawn, Color::Black);
        // Black pawns at home on row 1 (white at the bottom), and one more picture there the
        // network leans to reading white: a white pawn on its seventh rank.
        for (cell, expected) in [(13, bp), (29, wp)] {
            let mut probs = base();
            for i in [8, 9, 10] {
                probs[i] = one_hot(bp, 0.99);
            }
            probs[cell] = unsure(wp, bp);
            let groups: Vec<Group> = [vec![8, 9, 10], vec![cell], vec![4], vec![60]]
                .into_iter()
                .map(Group::of)
                .collect();
            // Pictures alike enough to be one piece (a copy at another phase).
            let out = assign(&probs, &groups, &|_, _| 0.0, &|_, _| 0.0);
            // Off the seventh rank the network's word stands.
            assert_eq!(SquareClass::ALL[out[cell]], expected, "cell {cell}");
        }
        assert!(is_seventh(Color::White.pawn(), 13, false));
        assert!(!is_seventh(Color::Black.pawn(), 13, false));
        assert!(is_seventh(Color::Black.pawn(), 13, true));
        assert!(!is_seventh(Color::White.knight(), 13, false));
    }

    #[test]
    fn pieces_on_their_home_squares_break_the_networks_doubts() {
        let wk = piece(Role::King, Color::White);
        let wq = piece(Role::Queen, Color::White);
        let bk = piece(Role::King, Color::Black);
        // White at the bottom: king e1 (cell 60), queen d1 (59), both leaning the wrong way.
        // White at the top: king e1 is cell 3, queen d1 cell 4, the black king e8 cell 59. The
        // board is crowded: in the fullest phase of games most pieces still stand at home.
        for (king, queen, black_king) in [(60, 59, 4), (3, 4, 59)] {
            let mut probs = crowded(vec![one_hot(SquareClass::Empty, 0.99); 64]);
            probs[black_king] = one_hot(bk, 0.99);
            probs[king] = unsure(wq, wk);
            probs[queen] = unsure(wk, wq);
            let groups: Vec<Group> = [vec![king], vec![queen], vec![black_king]]
                .into_iter()
                .map(Group::of)
                .collect();
            let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
            assert_eq!(SquareClass::ALL[out[king]], wk, "cell {king}");
            assert_eq!(SquareClass::ALL[out[queen]], wq, "cell {queen}");
            // Off the home squares the network's word stands.
            let step = |i: usize| if i >= 32 { i - 16 } else { i + 16 };
            let moved = [step(king), step(queen)];
            let mut probs = probs.clone();
            probs[moved[0]] = probs[king];
            probs[moved[1]] = probs[queen];
            probs[king] = one_hot(SquareClass::Empty, 0.99);
            probs[queen] = one_hot(SquareClass::Empty, 0.99);
            let groups: Vec<Group> = [vec![moved[0]], vec![moved[1]], vec![black_king]]
                .into_iter()
                .map(Group::of)
                .collect();
            let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
            assert_eq!(SquareClass::ALL[out[moved[0]]], wq);
            assert_eq!(SquareClass::ALL[out[moved[1]]], wk);
        }
        // A king castled short (g1, cell 62) leaning queen, and a queen in the middle of the
        // board leaning king.
        let mut probs = crowded(vec![one_hot(SquareClass::Empty, 0.99); 64]);
        probs[4] = one_hot(bk, 0.99);
        probs[62] = unsure(wq, wk);
        probs[35] = unsure(wk, wq);
        let groups: Vec<Group> = [vec![62], vec![35], vec![4]]
            .into_iter()
            .map(Group::of)
            .collect();
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[62]], wk);
        assert_eq!(SquareClass::ALL[out[35]], wq);
    }

    #[test]
    fn a_home_square_counts_as_much_as_games_keep_the_piece_there() {
        // A white piece on h1 (cell 63) that the network takes a little more for a bishop than
        // a rook: on a crowded board most rooks still stand in their corners, and it is one; on
        // a board of three pieces a rook is no likelier there than a bishop.
        let wb = piece(Role::Bishop, Color::White);
        let wr = piece(Role::Rook, Color::White);
        let mut probs = base();
        probs[63] = unsure(wb, wr);
        let crowded = crowded(probs.clone());
        let groups = [Group::of(vec![63])];
        let out = assign(&crowded, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[63]], wr);
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[63]], wb);
        // The bonus falls with the pieces on the board, to nothing in a bare ending.
        let rook = class_index(Color::White.rook());
        let bonus: Vec<f32> = [4, 12, 20, 28].map(|n| home_weights(n)[rook]).to_vec();
        assert_eq!(bonus[3], HOME);
        assert!(bonus.windows(2).all(|w| w[0] < w[1]), "{bonus:?}");
        assert!(bonus[0] < 0.1 * HOME, "{bonus:?}");
    }

    #[test]
    fn a_promoted_queen_the_network_is_sure_of_is_no_rook_in_its_corners() {
        // Two white queens of one picture in the corners a1 and h1 (cells 56 and 63) of a
        // sparse ending, the network sure of both: a second queen costs less than overruling
        // it, and rooks' home squares say nothing in an ending.
        let wq = piece(Role::Queen, Color::White);
        let mut probs = base();
        probs[56] = one_hot(wq, 1.0);
        probs[63] = one_hot(wq, 1.0);
        let out = assign(&probs, &[Group::of(vec![56, 63])], &|_, _| 0.0, &|_, _| 0.0);
        assert_eq!(
            (SquareClass::ALL[out[56]], SquareClass::ALL[out[63]]),
            (wq, wq)
        );
    }

    #[test]
    fn two_roles_trade_places_on_both_sides_at_once() {
        let (wk, wq) = (
            piece(Role::King, Color::White),
            piece(Role::Queen, Color::White),
        );
        let (bk, bq) = (
            piece(Role::King, Color::Black),
            piece(Role::Queen, Color::Black),
        );
        // Kings castled on g1 (cell 62) and g8 (6), queens on d4 (35) and d5 (27); the network
        // leans to read each king as a queen and each queen as a king. The two kings share
        // one outline, the two queens another, so one side's pair trading alone pays twice
        // for outlines that no longer match, and one group alone makes a side's second king.
        let mut probs = vec![one_hot(SquareClass::Empty, 0.99); 64];
        probs[62] = unsure(wq, wk);
        probs[6] = unsure(bq, bk);
        probs[35] = unsure(wk, wq);
        probs[27] = unsure(bk, bq);
        // One group a cell: the two kings' outline, then the two queens'.
        let groups_at = |cells: [usize; 4]| -> Vec<Group> {
            cells
                .into_iter()
                .zip([10.0, 10.0, 6.0, 6.0])
                .map(|(cell, r)| Group {
                    cells: vec![cell],
                    shape: Some(disc(r)),
                    hidden: [0; PICTURE],
                    colours: None,
                    seen: 0,
                })
                .collect()
        };
        let groups = groups_at([62, 6, 35, 27]);
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        let read: Vec<SquareClass> = [62, 6, 35, 27].map(|i| SquareClass::ALL[out[i]]).into();
        assert_eq!(read, [wk, bk, wq, bq]);
        // Off their home squares the network's word stands.
        let mut moved = vec![one_hot(SquareClass::Empty, 0.99); 64];
        for (from, to) in [(62, 45), (6, 21), (35, 35), (27, 27)] {
            moved[to] = probs[from];
        }
        let groups = groups_at([45, 21, 35, 27]);
        let out = assign(&moved, &groups, &|_, _| 1.0, &|_, _| 0.0);
        let read: Vec<SquareClass> = [45, 21, 35, 27].map(|i| SquareClass::ALL[out[i]]).into();
        assert_eq!(read, [wq, bq, wk, bk]);
    }

    /// A group of `cells` whose colours all fall in colour bin `bin`.
    fn tinted(cells: Vec<usize>, bin: usize) -> Group {
        let mut colours = [0.0; crate::vision::sprites::COLOUR_BINS];
        colours[bin] = 1.0;
        Group {
            cells,
            shape: None,
            hidden: [0; PICTURE],
            colours: Some(colours),
            seen: 0,
        }
    }

    #[test]
    fn a_lone_piece_takes_the_side_whose_colours_it_shares() {
        let (wp, bp) = (
            piece(Role::Pawn, Color::White),
            piece(Role::Pawn, Color::Black),
        );
        let (wq, bq) = (
            piece(Role::Queen, Color::White),
            piece(Role::Queen, Color::Black),
        );
        let mut probs = base();
        probs[48..51].fill(one_hot(wp, 0.99));
        probs[8..11].fill(one_hot(bp, 0.99));
        // The queen on d4 the network reads as white, drawn in the black pieces' colours.
        let mut queen = [0.005; CLASSES];
        queen[wq.index()] = 0.7;
        queen[bq.index()] = 0.25;
        probs[35] = queen;
        let (cream, grey) = (63, 21);
        let mut groups = vec![
            tinted(vec![48, 49, 50], cream),
            tinted(vec![60], cream),
            tinted(vec![8, 9, 10], grey),
            tinted(vec![4], grey),
            tinted(vec![35], grey),
        ];
        let read = |groups: &[Group]| {
            SquareClass::ALL[assign(&probs, groups, &|_, _| 1.0, &|_, _| 0.0)[35]]
        };
        assert_eq!(read(&groups), bq);
        // Without its colours the network's word stands...
        groups[4].colours = None;
        assert_eq!(read(&groups), wq);
        // ...and so it does where both sides share one colouring.
        for g in &mut groups {
            *g = tinted(g.cells.clone(), grey);
        }
        assert_eq!(read(&groups), wq);
    }

    /// A silhouette: a disc of radius `r` (crop pixels) about the crop's centre.
    fn disc(r: f32) -> Silhouette {
        std::array::from_fn(|y| {
            (0..32).fold(0u32, |row, x| {
                let (dx, dy) = (x as f32 - 15.5, y as f32 - 15.5);
                if dx * dx + dy * dy < r * r {
                    row | 1 << x
                } else {
                    row
                }
            })
        })
    }

    /// How many squares [`assign`] reads wrong on recorded inputs (a JSON file of
    /// `tests/data/vision`: the network's probabilities, the groups with their silhouettes and
    /// colours, how surely each two groups differ, and the true placement).
    fn wrong_on_recorded(json: &str) -> usize {
        use serde_json::Value;
        let v: Value = serde_json::from_str(json).unwrap();
        let floats = |v: &Value| -> Vec<f32> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap() as f32)
                .collect()
        };
        let probs: Vec<[f32; CLASSES]> = v["probabilities"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| floats(p).try_into().unwrap())
            .collect();
        let apart: Vec<Vec<f32>> = v["apart"].as_array().unwrap().iter().map(floats).collect();
        let groups: Vec<Group> = v["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                let cells = floats(&g["cells"]).iter().map(|&c| c as usize).collect();
                let shape = g["shape"]
                    .as_array()
                    .map(|rows| std::array::from_fn(|y| rows[y].as_u64().unwrap() as u32));
                let colours = g["colours"].as_array().map(|bins| {
                    let mut colours = [0.0; crate::vision::sprites::COLOUR_BINS];
                    for bin in bins {
                        let (i, x) = (bin[0].as_u64().unwrap(), bin[1].as_f64().unwrap());
                        colours[i as usize] = x as f32;
                    }
                    colours
                });
                Group {
                    cells,
                    shape,
                    hidden: [0; PICTURE],
                    colours,
                    seen: 0,
                }
            })
            .collect();
        let board: shakmaty::Board = v["fen"].as_str().unwrap().parse().unwrap();
        let flipped = v["flipped"].as_bool().unwrap();
        let cells = assign(&probs, &groups, &|a, b| apart[a][b], &|a, b| {
            1.0 - apart[a][b]
        });
        (0..64)
            .filter(|&i| {
                let truth = board.piece_at(cell_square(i / 8, i % 8, flipped));
                SquareClass::ALL[cells[i]].piece() != truth
            })
            .count()
    }

    #[test]
    fn a_lone_queen_the_network_reads_against_its_colours_takes_its_sides() {
        // Recorded inputs of a board (grey black pieces) whose black queen the network read
        // as white at 0.99, its colours 0.25 nearer the black pieces' than the white ones': a
        // colour cost of 1.5 nats would leave it white.
        let wrong = wrong_on_recorded(include_str!(
            "../../tests/data/vision/assign-lone-queen-against-its-colours.json"
        ));
        assert_eq!(wrong, 0);
    }

    #[test]
    fn a_black_kings_inlay_does_not_turn_white_queens_black() {
        // Recorded inputs of a board with two white queens the network reads at 0.99 and over,
        // whose colours (much black outline on small pieces) match the black king's (white
        // inlay on black) better than the black pawn's: judged against its neighbours as they
        // move, the king's colour cost was mended by turning both queens into black rooks.
        let wrong = wrong_on_recorded(include_str!(
            "../../tests/data/vision/assign-white-queens-like-a-black-king.json"
        ));
        assert_eq!(wrong, 0);
    }

    #[test]
    fn the_colour_round_also_starts_from_the_networks_own_reading() {
        // Recorded inputs of a board read 13 squares wrong by a colour round that starts from
        // the settled board only: the cream pawns put on black's side first, the colours then
        // pull the cream rooks after them.
        let wrong = wrong_on_recorded(include_str!(
            "../../tests/data/vision/assign-colour-round-from-the-network.json"
        ));
        // The one left: a pawn on a highlighted square, its picture apart from its fellows'.
        assert!(wrong <= 1, "{wrong} squares wrong");
    }

    #[test]
    fn one_sides_pawns_read_as_the_others_trade_colours_at_once() {
        // Recorded inputs of a board whose black pawns the network reads as white: with nine
        // or more white pawns the rules turn the white ones black, and no single group can
        // change colour back without a side holding too many pawns.
        let wrong = wrong_on_recorded(include_str!(
            "../../tests/data/vision/assign-pawns-read-as-the-other-side.json"
        ));
        assert_eq!(wrong, 0);
    }

    #[test]
    fn a_sure_role_read_in_the_wrong_colour_keeps_its_role() {
        // Recorded inputs of a board whose black king the network read as the white king at
        // 0.999, its black queen as the black king and its black knight as a rook: with the
        // colour paying the whole floor, the king would become a knight and the knight the
        // king.
        let wrong = wrong_on_recorded(include_str!(
            "../../tests/data/vision/assign-sure-role-in-the-wrong-colour.json"
        ));
        assert_eq!(wrong, 0);
    }

    #[test]
    fn a_board_read_all_one_colour_gets_its_sides_the_right_way_round() {
        // Recorded inputs of a board (pink-brown black pieces) the network read all white:
        // the sides settle the wrong way round, and no one group changing side mends it.
        // Both sides' colours trading at once mends it, and so does
        // the lightness cost alone (`the_lighter_side_is_white`).
        let wrong = wrong_on_recorded(include_str!(
            "../../tests/data/vision/assign-read-all-one-colour.json"
        ));
        // The one left: a black pawn whose picture the network and its colours both read white.
        assert!(wrong <= 1, "{wrong} squares wrong");
    }

    #[test]
    fn the_lighter_side_is_white() {
        // The network reads every piece white at 0.6 and black at 0.4: the pictures' colours
        // tell which pieces share a side, and only their lightness which side is which. The
        // two boards differ in that alone, so without it one of them is read wrong.
        let (light, dark) = (crate::vision::sprites::COLOUR_BINS - 1, 0);
        let mut probs = vec![one_hot(SquareClass::Empty, 0.99); 64];
        for (cells, role) in [(&[24, 25, 32, 33][..], Role::Pawn), (&[27, 36], Role::King)] {
            for &i in cells {
                let mut p = [0.001; CLASSES];
                p[piece(role, Color::White).index()] = 0.6;
                p[piece(role, Color::Black).index()] = 0.4;
                probs[i] = p;
            }
        }
        for (a, b) in [(light, dark), (dark, light)] {
            // One side's pawns and king on 24, 25 and 27 in colours `a`, the other's on 32,
            // 33 and 36 in colours `b`.
            let groups = vec![
                tinted(vec![24, 25], a),
                tinted(vec![27], a),
                tinted(vec![32, 33], b),
                tinted(vec![36], b),
            ];
            let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
            let side = if a == light {
                Color::White
            } else {
                Color::Black
            };
            let read: Vec<SquareClass> = [24, 25, 27, 32, 33, 36]
                .map(|i| SquareClass::ALL[out[i]])
                .into();
            let (pawn, king) = (Role::Pawn, Role::King);
            assert_eq!(
                read,
                [
                    piece(pawn, side),
                    piece(pawn, side),
                    piece(king, side),
                    piece(pawn, !side),
                    piece(pawn, !side),
                    piece(king, !side)
                ]
            );
        }
    }

    #[test]
    fn one_drawing_on_both_sides_changes_role_as_one() {
        // Recorded inputs of a board whose white and black knights (one drawing) the network
        // reads as rooks: either knight alone turning back pays for the drawings parting.
        let wrong = wrong_on_recorded(include_str!(
            "../../tests/data/vision/assign-one-drawing-read-as-rooks.json"
        ));
        assert_eq!(wrong, 0);
    }

    #[test]
    fn a_board_the_rules_overrode_is_searched_again_from_whole_board_trades() {
        // Recorded inputs of a board whose white king, queen and bishop the network reads in a
        // three-cycle (the queen as a king at 0.99): mending any one of them first makes the
        // board worse, so the local search alone stops three squares wrong.
        let wrong = wrong_on_recorded(include_str!(
            "../../tests/data/vision/assign-three-cycle.json"
        ));
        assert_eq!(wrong, 0);
    }

    #[test]
    fn a_drawing_read_surely_on_one_side_names_its_twin_on_the_other() {
        let wn = piece(Role::Knight, Color::White);
        let bn = piece(Role::Knight, Color::Black);
        let bq = piece(Role::Queen, Color::Black);
        let mut probs = base();
        probs[57] = one_hot(wn, 0.99);
        probs[62] = one_hot(wn, 0.99);
        // The black knight the network leans to call a queen.
        probs[20] = unsure(bq, bn);
        let shaped = |cells: Vec<usize>, r: f32| Group {
            cells,
            shape: Some(disc(r)),
            hidden: [0; PICTURE],
            colours: None,
            seen: 0,
        };
        let mut groups = vec![
            shaped(vec![57, 62], 10.0),
            shaped(vec![20], 10.0),
            Group::of(vec![4]),
            Group::of(vec![60]),
        ];
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[20]], bn);
        // Another outline says nothing.
        groups[1].shape = Some(disc(6.0));
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[20]], bq);
        // A picture of that outline clearly apart from the white knights' is not a white
        // bishop but the black knight.
        groups[1].shape = Some(disc(10.0));
        let wb = piece(Role::Bishop, Color::White);
        probs[20] = unsure(wb, bn);
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[20]], bn);
        // Pictures alike (not apart) say nothing about its side.
        let out = assign(&probs, &groups, &|_, _| 0.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[20]], wb);
        probs[20] = unsure(bq, bn);
        // Nor does one that a third picture has too (a 3D set's king and queen).
        groups[1].shape = Some(disc(10.0));
        probs[30] = one_hot(piece(Role::Bishop, Color::Black), 0.99);
        groups.push(shaped(vec![30], 10.0));
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[20]], bq);
    }

    #[test]
    fn copies_of_one_picture_in_two_groups_are_no_rival_outline() {
        // The white knights' picture fell into two groups (light and dark squares); the black
        // knight with their outline is still their twin, not a third drawing of that outline
        // (which would let the network's queen stand).
        let wn = piece(Role::Knight, Color::White);
        let bn = piece(Role::Knight, Color::Black);
        let bq = piece(Role::Queen, Color::Black);
        let mut probs = base();
        probs[57] = one_hot(wn, 0.99);
        probs[62] = one_hot(wn, 0.99);
        probs[20] = unsure(bq, bn);
        let shaped = |cells: Vec<usize>| Group {
            cells,
            shape: Some(disc(10.0)),
            hidden: [0; PICTURE],
            colours: None,
            seen: 0,
        };
        let groups = vec![
            shaped(vec![57]),
            shaped(vec![62]),
            shaped(vec![20]),
            Group::of(vec![4]),
            Group::of(vec![60]),
        ];
        let split = |a: usize, b: usize| a.max(b) == 1;
        let apart = |a: usize, b: usize| if split(a, b) { 0.1 } else { 1.0 };
        let alike = |a: usize, b: usize| if split(a, b) { 0.9 } else { 0.0 };
        let out = assign(&probs, &groups, &apart, &alike);
        assert_eq!(SquareClass::ALL[out[20]], bn);
        // A second drawing of that outline (the two white groups clearly apart) still says
        // nothing: a 3D set's king and queen.
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[20]], bq);
    }

    #[test]
    fn a_picture_split_in_two_groups_does_not_outvote_one_group() {
        // Black knights (c3, f6) the network reads as rooks, their picture split into two
        // groups (light and dark squares), and the real rooks (a5, h5) in one. Counted as two
        // observations, the knights' picture outvoted the rooks' and the rooks became knights;
        // as one, the two roles trade places.
        let (br, bn) = (
            piece(Role::Rook, Color::Black),
            piece(Role::Knight, Color::Black),
        );
        let mut probs = base();
        let read = |rook: f32, knight: f32| {
            let mut a = [1e-4; CLASSES];
            a[br.index()] = rook;
            a[bn.index()] = knight;
            a
        };
        for i in [24, 31] {
            probs[i] = read(0.95, 0.012);
        }
        for i in [42, 21] {
            probs[i] = read(0.9, 0.05);
        }
        let groups: Vec<Group> = [vec![24, 31], vec![42], vec![21], vec![4], vec![60]]
            .into_iter()
            .map(Group::of)
            .collect();
        let split = |a: usize, b: usize| a.min(b) == 1 && a.max(b) == 2;
        let apart = |a: usize, b: usize| if split(a, b) { 0.0 } else { 1.0 };
        let alike = |a: usize, b: usize| if split(a, b) { 1.0 } else { 0.0 };
        let out = assign(&probs, &groups, &apart, &alike);
        for i in [24, 31] {
            assert_eq!(SquareClass::ALL[out[i]], br, "square {i}");
        }
        for i in [42, 21] {
            assert_eq!(SquareClass::ALL[out[i]], bn, "square {i}");
        }
    }

    #[test]
    fn a_picture_split_in_two_groups_changes_class_as_one() {
        // White rooks (a4, h4, first in the image) and knights (c3, f3, their picture split
        // into two groups) all read as rooks, the knights a little likelier knights than the
        // rooks; black's rook and knight read surely. Changing one group at a time, the rooks
        // became knights first and every later step made the board worse (trading the two
        // roles on both sides too: black's are right); the knights' two groups changing
        // together read the board.
        let (wr, wn) = (
            piece(Role::Rook, Color::White),
            piece(Role::Knight, Color::White),
        );
        let mut probs = base();
        let read = |rook: f32, knight: f32| {
            let mut a = [1e-4; CLASSES];
            a[wr.index()] = rook;
            a[wn.index()] = knight;
            a
        };
        for i in [32, 39] {
            probs[i] = read(0.99, 1e-3);
        }
        for i in [42, 45] {
            probs[i] = read(0.9, 0.03);
        }
        probs[17] = one_hot(piece(Role::Rook, Color::Black), 0.99);
        probs[22] = one_hot(piece(Role::Knight, Color::Black), 0.99);
        let groups: Vec<Group> = [
            vec![32, 39],
            vec![42],
            vec![45],
            vec![17],
            vec![22],
            vec![4],
            vec![60],
        ]
        .into_iter()
        .map(Group::of)
        .collect();
        let split = |a: usize, b: usize| a.min(b) == 1 && a.max(b) == 2;
        let apart = |a: usize, b: usize| if split(a, b) { 0.3 } else { 1.0 };
        let alike = |a: usize, b: usize| if split(a, b) { 0.7 } else { 0.0 };
        let out = assign(&probs, &groups, &apart, &alike);
        for i in [32, 39] {
            assert_eq!(SquareClass::ALL[out[i]], wr, "square {i}");
        }
        for i in [42, 45] {
            assert_eq!(SquareClass::ALL[out[i]], wn, "square {i}");
        }
    }

    /// The 64 cells' classes (image order, White at the bottom) of a FEN's placement.
    fn cells_of(placement: &str) -> Vec<usize> {
        let board: shakmaty::Board = placement.parse().expect("placement");
        (0..64)
            .map(|i| {
                board
                    .piece_at(cell_square(i / 8, i % 8, false))
                    .map_or(EMPTY, |p| SquareClass::Piece(p).index())
            })
            .collect()
    }

    #[test]
    fn impossible_positions_are_told_from_possible_ones() {
        for (placement, impossible) in [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Some(false)),
            // A check, by either side (the side in check is the one to move).
            ("4k3/8/8/8/8/8/8/4RK2", Some(false)),
            ("4k3/8/8/8/8/8/8/r4K2", Some(false)),
            // Kings side by side: whoever is to move, the other stands in check.
            ("8/8/8/3kK3/8/8/8/8", Some(true)),
            // Both kings in check.
            ("4k3/8/8/8/8/8/4R3/r4K2", Some(true)),
            // A check by two knights: no last move gives it.
            ("4k3/8/3N1N2/8/8/8/8/4K3", Some(true)),
            // Two pawns checking the king: no last move gives that. With the pieces at home
            // the orientation is clear; were the board turned, the pawns would point away.
            ("rnbqkbnr/pppp1ppp/4K3/8/8/8/PPPPPPPP/RNBQ1BNR", Some(true)),
            // Not one king a side: left to the board's counts.
            ("8/8/8/3kk3/8/8/8/8", None),
            ("8/8/8/3k4/8/8/8/8", None),
        ] {
            let cells = cells_of(placement);
            assert_eq!(impossible_position(&cells), impossible, "{placement}");
            // The board turned round is the same position.
            let turned: Vec<usize> = cells.iter().rev().copied().collect();
            assert_eq!(
                impossible_position(&turned),
                impossible,
                "{placement} turned"
            );
        }
        assert_eq!(impossible_position(&[EMPTY; 10]), None);
    }

    #[test]
    fn a_king_and_queen_told_apart_by_the_board_being_possible() {
        // The network cannot tell White's king from White's queen (e7 and d3), leaning a little
        // the wrong way: the king on e7 would stand next to Black's king on e8.
        let (wk, wq) = (
            piece(Role::King, Color::White),
            piece(Role::Queen, Color::White),
        );
        let mut probs = base();
        probs[60] = one_hot(SquareClass::Empty, 0.99);
        let read = |king: f32| {
            let mut a = [1e-4; CLASSES];
            a[wk.index()] = king;
            a[wq.index()] = 1.0 - king;
            a
        };
        probs[12] = read(0.55);
        probs[43] = read(0.45);
        let groups: Vec<Group> = [vec![12], vec![43], vec![4]]
            .into_iter()
            .map(Group::of)
            .collect();
        let out = assign(&probs, &groups, &|_, _| 1.0, &|_, _| 0.0);
        assert_eq!(SquareClass::ALL[out[12]], wq);
        assert_eq!(SquareClass::ALL[out[43]], wk);
    }
}
