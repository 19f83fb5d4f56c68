//! Chess960 start positions by their standard number (0..960, 518 is the classical setup).

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// The back rank (White's, upper case) of Chess960 position `n` (taken modulo 960), in the
/// standard numbering.
///
/// ```
/// use chessbot::rules::chess960::back_rank;
/// assert_eq!(back_rank(518), "RNBQKBNR");
/// assert_eq!(back_rank(0), "BBQNNRKR");
/// ```
pub fn back_rank(n: u16) -> String {
    let mut n = usize::from(n % 960);
    let mut rank = [None::<char>; 8];
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    rank[2 * (n % 4) + 1] = Some('B');
    n /= 4;
    rank[2 * (n % 4)] = Some('B');
    n /= 4;
    let queen = n % 6;
    n /= 6;
    place_nth_free(&mut rank, queen, 'Q');
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n];
    // Place the second first so the first index still counts the same free squares.
    place_nth_free(&mut rank, b, 'N');
    place_nth_free(&mut rank, a, 'N');
    for piece in ['R', 'K', 'R'] {
        place_nth_free(&mut rank, 0, piece);
    }
    rank.iter()
        .map(|c| c.expect("all squares filled"))
        .collect()
}

fn place_nth_free(rank: &mut [Option<char>; 8], nth: usize, piece: char) {
    let square = rank
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_none())
        .nth(nth)
        .map(|(i, _)| i)
        .expect("enough free squares");
    rank[square] = Some(piece);
}

/// Chess960 position `n` as a playable position (castling in Chess960 mode).
pub fn start_position(n: u16) -> Chess {
    let white = back_rank(n);
    let fen = format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
        white.to_ascii_lowercase()
    );
    fen.parse::<Fen>()
        .expect("valid FEN")
        .into_position(CastlingMode::Chess960)
        .expect("legal start position")
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn all_960_are_distinct_and_legal() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let r = back_rank(n);
            assert!(seen.insert(r.clone()), "{n}: {r} twice");
            let k = r.find('K').unwrap();
            assert!(r[..k].contains('R') && r[k + 1..].contains('R'), "{r}");
            assert!(start_position(n).legal_moves().len() >= 18);
        }
        assert_eq!(back_rank(959), "RKRNNQBB");
    }
}
