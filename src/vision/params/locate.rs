//! Parameters of board location ([`crate::vision::locate`]).

/// Longest side, in pixels, of the reduced image the corner search works on; larger finds
/// smaller boards in large pages, more slowly.
pub const WORK_SIZE: u32 = 640;
/// Least checker-corner response (R+G+B units) of a corner candidate in the usual looks; the
/// faintest common theme gives about 110, lower lets fainter boards and more clutter through.
pub const CORNER_THRESHOLD: i32 = 36;
/// Smallest square side, in reduced pixels, that a link between two corners may span.
pub const MIN_SQUARE: f32 = 4.0;
/// Smallest board side kept, in image pixels (squares of 8 px): on smaller ones no piece can be
/// told, and a toolbar's icons in a row can follow the checker pattern.
pub const MIN_BOARD: f32 = 64.0;
/// Fewest of a window's 64 squares that must follow the two-colour checker pattern for the
/// window to count as a board.
pub const MIN_CONSISTENT: usize = 50;
/// Fewest such squares for a window to be worth fitting its own grid spacing.
pub const NEAR_CONSISTENT: usize = 40;
/// Most windows per lattice whose grid lines are fitted again (each fit reads the window's
/// pixels once).
pub const MAX_COMB_FITS: usize = 8;
/// How far a re-fitted grid's spacing may differ from its window's, as a share either way.
pub const COMB_SCALE: f32 = 0.10;
/// Least difference between the light and dark square colours (summed R, G, B units) in the
/// usual looks; lower accepts boards of closer colours, and more page clutter.
pub const MIN_COLOR_GAP: i32 = 20;
/// Share of a spacing that a link between two corners may be off it and still support it.
pub const LINK_SUPPORT: f32 = 0.08;
/// Boards overlapping by more than this share of the smaller one's area are the same board.
pub const SAME_BOARD_OVERLAP: f32 = 0.3;
/// Windows of one lattice overlapping a window kept as a board by more than this share of the
/// smaller one's area are not boards of their own.
pub const KEPT_OVERLAP: f32 = 0.1;
/// A grid line whose edge strength is under this share of the median line's does not vote in
/// the least-squares fit of the grid (a frame the colour of a square, a piece across the line).
pub const WEAK_LINE: f32 = 0.35;

/// How faint a board a look of the search accepts: the least corner response and the least
/// gap between the two square colours.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contrast {
    /// Least checker-corner response (R+G+B units) of a corner candidate.
    pub corner_threshold: i32,
    /// Least difference between the two square colours (summed R, G, B units).
    pub min_gap: i32,
    /// Whether square colours are read along the edges in the colour-difference images too,
    /// not only in the grey one.
    pub colour_edges: bool,
    /// How many reduced pixels a link's length may lie from a spacing and still support it,
    /// where that is more than [`LINK_SUPPORT`] of the spacing.
    pub link_slack: f32,
}

/// The contrast every look asks for but the last ones.
pub const NORMAL: Contrast = Contrast {
    corner_threshold: CORNER_THRESHOLD,
    min_gap: MIN_COLOR_GAP,
    colour_edges: false,
    link_slack: 0.0,
};

/// The faint looks', run only where no other look finds a board: squares a few R+G+B units
/// apart, whose perfect checker corner responds with twice their gap; page clutter passes
/// these thresholds far more often.
pub const FAINT: Contrast = Contrast {
    corner_threshold: 8,
    min_gap: 5,
    colour_edges: true,
    link_slack: 0.0,
};

/// The look after all others: links within a reduced pixel of a spacing support it. Corners
/// lie at whole reduced pixels, so a link between two is up to a pixel off, which for squares
/// of about 9 reduced pixels is more than [`LINK_SUPPORT`] allows.
pub const WHOLE_PIXEL: Contrast = Contrast {
    link_slack: 1.0,
    ..NORMAL
};

/// Largest relative difference of a refined grid's width and height (squares are square).
pub const MAX_ASPECT_ERROR: f32 = 0.02;
/// Spacings per linked group of corners that the search's very last look tries (the others try
/// one, then three): page text beside a board at a pitch near its squares' can out-vote them.
pub const LAST_SPACINGS: usize = 12;
/// Standard deviation, in image pixels, of the blur under which the page is searched again:
/// wavy bands across the squares fade, while the squares' edges stay where they are.
pub const TEXTURE_BLUR: f32 = 4.0;
/// Channel weights of the grey image: brightness, R+G+B.
pub const GREY: [i32; 3] = [1, 1, 1];
/// Channel weights of the colour-difference images searched when the grey one shows no board:
/// yellow against blue and red against cyan. Their absolute weights sum to 4, close to
/// [`GREY`]'s 3, so [`CORNER_THRESHOLD`] holds for them too; grey page text gives them nothing.
pub const CHROMA: [[i32; 3]; 2] = [[1, 1, -2], [2, -1, -1]];
/// How far a window's cells may reach outside the image, as a share of a square.
pub const OUTSIDE: f32 = 0.1;
/// How far in from a square's sides its colour samples lie, as a share of the side.
pub const SAMPLE_INSET: f32 = 0.12;
/// Where an edge strip of colour samples starts along a square's side, as a share of it (it
/// ends as far from the far end).
pub const STRIP_START: f32 = 0.2;
/// Fewest of a lattice's corners an 8×8 window must hold (on its 9×9 points) to be scored.
pub const MIN_WINDOW_CORNERS: usize = 4;
/// Most steps of a square that a located board is moved to follow the checker pattern better:
/// a lattice of page clutter beside the board can place its window two squares off.
pub const SHIFTS: usize = 3;
