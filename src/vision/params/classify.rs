//! Parameters of square classification ([`crate::vision::classify`]): how the networks read
//! the 64 crops, which squares are read again in a second view, and how the readings and the
//! pictures are weighed into groups before the board's rules assign their classes.
//! Probabilities run from 0 to 1; crop values are colours in `[-0.5, 0.5]`; picture distances
//! run from 0 (the same picture) to 1.

// Reading the crops.

/// Boards whose squares are narrower than this, in image pixels, are read by the small-board
/// ensemble (networks trained further on small squares, read beside the pair).
pub const SMALL_SQUARE: f32 = 30.0;
/// A square whose likeliest class the members give less than this is also read by the
/// referees (wider networks that read only the doubtful squares).
pub const UNSURE: f32 = 0.99;
/// A crop whose every value lies within this of its channel's mean (under 8 levels of 255
/// either way) is a plain empty square, read as surely empty without a network pass.
pub const PLAIN: f32 = 0.03;
/// Crops per forward pass at most, so that their unfolded patches stay in the cache.
pub const PASS_CROPS: usize = 16;
/// A crop the first network reads as empty with at least this probability is read once: not
/// mirrored, and not by the other members.
pub const SURELY_EMPTY: f32 = 0.98;
/// The first member's chance of empty from which a second view of a square is left to it
/// alone: a second view is taken only when the ensemble reads it under [`CANDIDATE`].
pub const SCREENED_EMPTY: f32 = 0.9;

// Second views of doubtful squares.

/// Crops whose mean value is at most this are dark: a dark piece on them can hide from the
/// network, so those read as empty are read again brightened.
pub const DARK_CROP: f32 = -0.2;
/// Gamma of the brightened second reading of dark crops read as empty (under 1 brightens).
pub const BRIGHTEN_GAMMA: f32 = 0.5;
/// Fewest squares read as surely empty that give a square colour its value for the reading on
/// the other square colour.
pub const SQUARE_COLOUR_SAMPLES: usize = 4;
/// A crop pixel this far (largest channel difference) from its square's colour keeps its
/// colour when the square is turned into the other square colour; nearer ones move towards
/// it, all the way at the square's colour itself.
pub const SWAP_REACH: f32 = 0.15;
/// A square read on the other square colour takes that reading only where its chance of empty
/// is under this many times the first reading's chance of a piece (textured squares turned
/// keep their grain, which can read as a piece).
pub const OTHER_COLOUR_ODDS: f32 = 10.0;
/// ...and only where its chance of empty is under this: a move dot or a mark moved onto the
/// other colour reads as a piece at empty 0.001-0.1, a hidden piece under 0.001.
pub const OTHER_COLOUR_EMPTY: f32 = 0.01;
/// Squares that the reading with an overlay taken off would turn to the other side, from this
/// many on, all keep their first reading: the blend was then fitted to something other than an
/// arrow, and taking it off paled a side's pieces.
pub const OVERLAY_TURNS: usize = 3;
/// A piece read as one side at least this surely keeps its side when read again with an
/// overlay or the arrows taken off.
pub const SURE_SIDE: f32 = 0.9;
/// Share of the reading with the arrows taken off in a square's probabilities where it is
/// taken, the rest the first reading's: each view misleads about as often on its own, so the
/// two are averaged and the board's rules weigh what is left in doubt.
pub const CLEARED_SHARE: f32 = 0.5;

// Which squares take part in the grouping.

/// Squares the network gives at least this chance of a piece (empty under it) take part in
/// the grouping.
pub const CANDIDATE: f32 = 0.5;
/// A square the network reads as empty whose picture is this close to one of a square it
/// surely reads as a piece shows that piece...
pub const RESCUE_PICTURE: f32 = 0.1;
/// ...when their silhouettes overlap at least this much (a piece drawn in about its square's
/// colour matches any square of that colour in picture, not in outline).
pub const RESCUE_SHAPE: f32 = 0.9;
/// More squares than this that the network reads as empty yet show a piece's picture are the
/// board's own pattern, not missed pieces: none is rescued.
pub const MOST_RESCUED: usize = 8;
/// Pieces the network gives an empty square at most this chance are sure enough to rescue
/// look-alikes, and a covered square's picture alone places it from here up to
/// [`COVERED_EMPTY`].
pub const SURE_PIECE: f32 = 0.1;
/// Share of a square's picture hidden under an overlay from which the network's doubt about
/// it is put down to the overlay.
pub const COVERED: f32 = 0.1;
/// A covered square shows at least this many reduced pixels of something other than its
/// background outside the overlay, else what it shows is the overlay alone.
pub const COVERED_VISIBLE: usize = 16;
/// A covered square whose chance of being empty is between [`SURE_PIECE`] and this is placed
/// by its picture alone.
pub const COVERED_EMPTY: f32 = 0.6;
/// Reduced pixels of a piece (of the 14 × 14 inside the picture's outer ring) from which a
/// square with nothing laid over it plainly shows one...
pub const SEEN_PIXELS: usize = 30;
/// ...while the network's probability of empty there stays under this.
pub const SEEN_EMPTY: f32 = 0.2;

// Picture distances.

/// Largest picture distance, network disagreement included, at which squares count as the
/// same picture (groups merge under it).
pub const SAME_PICTURE: f32 = 0.15;
/// Picture distance from which squares surely show different pieces.
pub const DIFFERENT_PICTURE: f32 = 0.35;
/// Pictures closer than this show the same piece even when the network puts them on
/// different sides (it misreads a piece's colour on some squares of unseen sets).
pub const TWIN_PICTURE: f32 = 0.06;
/// Pictures closer than this whose network embeddings are closer than [`CROSS_EMBEDDING`]
/// show the same piece even when the network puts them on different sides.
pub const CROSS_PICTURE: f32 = 0.2;
/// Embedding distance (cosine, 0-1) under which pictures within [`CROSS_PICTURE`] are one
/// piece across sides.
pub const CROSS_EMBEDDING: f32 = 0.07;
/// Pictures closer than this are copies of one sprite (on squares of one colour, pixel for
/// pixel the same) and are never split apart.
pub const COPY_PICTURE: f32 = 0.02;
/// Least picture distance of two squares one of which an overlay hides all but a few pixels
/// of: beyond [`DIFFERENT_PICTURE`], so the two never group.
pub const HARDLY_SEEN_DISTANCE: f32 = 0.5;
/// Added to the picture distance of two squares the network reads as surely different
/// classes, a share of it as it is less sure: same-piece pictures differ by up to about 0.2,
/// some 3D sets' different pieces by less than 0.1.
pub const DISAGREE: f32 = 0.08;
/// Weight of the cosine distance of two squares' network embeddings added to their picture
/// distance.
pub const EMBEDDING_WEIGHT: f32 = 0.2;
/// Two squares of one side are at most this many times their embedding distance apart in
/// picture: the network's embeddings of one piece drawn twice lie within about 0.02 even
/// where an arrow covers part of one picture.
pub const EMBEDDING_TWIN: f32 = 6.0;
/// Share of the distance beyond [`SAME_PICTURE`] between pictures on squares of different
/// colours that counts when weighing whether their groups take one class (the square's colour
/// shows in their outlines).
pub const ACROSS_COLOURS: f32 = 0.5;
/// A square the network gives at least this chance of a king joins only a crowd of
/// look-alikes (a king is one of a kind).
pub const KINGLY: f32 = 0.5;

// Splitting groups that break the board's rules.

/// Most that splitting a group in two costs, in nats, for parts with the same picture; less
/// as they look less alike (nothing at [`SAME_PICTURE`]).
pub const MISFIT_SPLIT: f32 = 1.0;
/// Splits of groups that break the board's rules made one after another at most.
pub const MISFIT_ROUNDS: usize = 4;
/// Network king probability from which a square of a group may be split off as its side's
/// king.
pub const KING_SPLIT_FLOOR: f32 = 0.01;
/// Squares tried as a side's king when it has none or several, the likeliest first.
pub const KING_SPLIT_TRIES: usize = 3;
/// Most that splitting a king off its group costs, in nats, for a picture the same as the rest
/// of the group's; less as it is less alike.
pub const KING_SPLIT: f32 = 1.0;

// The board's square colours.

/// The network's probability of empty from which a square's picture shows the board's own
/// square colour.
pub const SURE_EMPTY: f32 = 0.95;
/// Empty squares of one colour needed to take their colour as the board's.
pub const EMPTY_SAMPLES: usize = 3;
