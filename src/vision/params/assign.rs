//! Parameters of the whole-board class assignment ([`crate::vision::assign`]): the floors put
//! under the network's probabilities, and the costs and bonuses, in nats (natural log units of
//! probability), of the board's rules weighed against it. A larger cost makes its rule win
//! over the network's reading more often.

// The network's word.

/// Floor of the network's probabilities: unseen piece sets can fool it completely, and the
/// board's rules must be able to outvote it.
pub const FLOOR: f32 = 5e-3;
/// Floor of the network's word on a piece's colour given its role: a class counts at the
/// better of its floored probability and its role's probability times the colour's share of
/// it floored here (the network is surer of a role than of a colour on unseen sets).
pub const COLOUR_FLOOR: f32 = 0.015;
/// Floor of the empty class's probability: the network's word on whether a square holds a
/// piece counts more than its word on which piece.
pub const EMPTY_FLOOR: f32 = 1e-5;
/// Weight of the network's word that a square is empty against its word on which piece it
/// holds: emptying a group pays this times the log-probability of empty on each square.
pub const EMPTY_WEIGHT: f32 = 1.3;
/// Cost of emptying a square that plainly shows a piece.
pub const SEEN_PIECE: f32 = 4.0;

// Groups against each other.

/// Cost of two clearly different-looking groups taking the same piece class; groups that look
/// only a little different pay part of it.
pub const SAME_CLASS: f32 = 3.0;
/// Cost of two groups that look alike taking different piece classes, a share of it as they
/// look less alike: pictures a little further apart than the grouping allows are still mostly
/// one piece split in two.
pub const ALIKE: f32 = 0.5;
/// Cost of a white and a black group with the same silhouette taking different roles: most
/// sets draw both sides' pieces alike but for the colours.
pub const MIRROR: f32 = 4.0;
/// Cost of two groups of one side with the same silhouette (and clearly different pictures):
/// a drawing's one match is its twin of the other colour, so one of the two has its colour
/// read wrong.
pub const MIRROR_SIDE: f32 = 4.0;
/// Silhouette overlaps below this say nothing about two groups being one drawing...
pub const MIRROR_FROM: f32 = 0.75;
/// ...and from this on they pay all of [`MIRROR`].
pub const MIRROR_SURE: f32 = 0.9;
/// Most that a piece group pays for colours that match the other side's nearest group better
/// than its own side's: a site draws one side's pieces in one colouring. It stops here so that
/// colours a ring or an arrow spoiled cannot outvote all else.
pub const COLOUR_MOST: f32 = 6.0;
/// How fast the colour cost rises to [`COLOUR_MOST`] with the other side's lead in colour
/// likeness (0-1); it follows how much rarer a piece is whose colours lead the other side's.
pub const COLOUR_SCALE: f32 = 0.17;
/// Colour costs on a board summing past the cost of one lead this large are a clash worth a
/// second colour round from the network's own choice; smaller ones are noise between pictures
/// of one side.
pub const COLOUR_MARGIN: f32 = 0.1;
/// Most that a board pays in the colour round for its black pieces looking lighter than its
/// white ones: the colour cost says which pieces share a side, not which side is which, and
/// black pieces are the darker in every known set.
pub const LIGHT_MOST: f32 = 20.0;
/// How fast the cost of [`LIGHT_MOST`] rises with the black side's lead in lightness (0-1).
pub const LIGHT_SCALE: f32 = 0.05;

// The board's rules.

/// Cost of a side without a king: a square becomes the king only if the network gives it at
/// least about a tenth of what it gives the square's best class.
pub const NO_KING: f32 = 2.5;
/// Cost of a side without a king when the other side has one and the network reads a queen on
/// the board: no game lacks a king, and a king read as a queen is the likeliest way to lose
/// one (3D sets draw the king as a queen with a cross).
pub const KING_AS_QUEEN: f32 = 8.0;
/// Cost of each further king of a side.
pub const MORE_KINGS: f32 = 8.0;
/// Cost of a pawn on an edge row (the first or last rank in either orientation).
pub const EDGE_PAWN: f32 = 8.0;
/// Cost of each pawn beyond eight of one side.
pub const PAWNS: f32 = 5.0;
/// Cost of each piece beyond the starting set (a promotion): a misread piece makes a third
/// bishop or a second queen far more often than a game shows one.
pub const PROMOTED: f32 = 3.0;
/// Each further promoted piece of a side costs this much more than the one before: several
/// promotions in one position almost never happen.
pub const PROMOTED_STEP: f32 = 3.0;
/// Extra cost of each promoted piece beyond what the missing pawns allow.
pub const IMPOSSIBLE: f32 = 5.0;
/// Cost of a board no game reaches: as dear as a promotion the missing pawns do not allow.
pub const ILLEGAL: f32 = 5.0;
/// Cost of each bishop of a side beyond the first on squares of one colour: a side's two
/// bishops stand on different colours unless one was promoted.
pub const BISHOP_COLOUR: f32 = 4.0;
/// Bonus of each square holding the piece whose home square it is, in the fullest phase of
/// games (less in sparser ones, as games show the piece at home less often): in game positions
/// many pieces have not moved yet, and pieces the network confuses are told apart by where
/// they stand.
pub const HOME: f32 = 2.0;
/// Share of [`HOME`] a king earns on its queen's square: in games a king stands there far
/// less often than the queen does, but more often than on any square off the back rank.
pub const KING_ON_QUEENS_SQUARE: f32 = 0.5;
/// Cost of each pawn one step from promotion: rare in games, while a pawn at home read as the
/// other side's stands there.
pub const SEVENTH_PAWN: f32 = 2.0;

// The local search.

/// Piece classes per group tried in the search's moves of two groups at once (each try costs
/// a scoring of the whole board).
pub const FAVOURITES: usize = 3;
/// Groups at least this alike (0-1) also change class together in the local search.
pub const TWINS: f32 = 0.5;
/// Groups up to which the search's one-group step takes the best change on the board (a
/// rendered board shows up to 24 pictures of pieces and a few groups of empty squares).
pub const BEST_FIRST: usize = 32;
/// Pair terms of board scorings the local search may spend: a real board ends its search long
/// before; past it the search keeps what it has.
pub const WORK: usize = 200_000_000;
/// Passes of the local search at most (it stops as soon as nothing improves).
pub const PASSES: usize = 20;
/// Descents of a colour round at most, each against the sides the one before left (see
/// `assign`'s colour rounds).
pub const SIDE_ROUNDS: usize = 4;
/// The network's probability of a group's class under which the rules, not the network, chose
/// it: such boards are searched again from whole-board trades (kicks).
pub const OVERRULED: f32 = 0.1;
/// Score terms (see [`WORK`]) the kicks may spend on one board before no more start.
pub const KICK_WORK: usize = 5_000_000;
