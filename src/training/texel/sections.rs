//! The weights' named sections, and the tuned weights written back as Rust source.
//!
//! Sections name runs of [`Weights`] (one evaluation term each) so that a run can tune only
//! some of them and the written file reads as a table per term.

use crate::search::params::layout::*;
use std::fmt::Write;

/// One named run of weights: what `--only` selects and what the written source labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Section {
    /// The name, as in the constants of [`crate::search::params::layout`].
    pub name: &'static str,
    /// Index of the first weight.
    pub start: usize,
    /// Number of weights.
    pub len: usize,
}

const fn section(name: &'static str, start: usize, end: usize) -> Section {
    Section {
        name,
        start,
        len: end - start,
    }
}

/// Every section, in order; together they cover `0..COUNT`.
pub const SECTIONS: &[Section] = &[
    section("material", MATERIAL, PST),
    section("pst pawn", PST, PST + 64),
    section("pst knight", PST + 64, PST + 128),
    section("pst bishop", PST + 128, PST + 192),
    section("pst rook", PST + 192, PST + 256),
    section("pst queen", PST + 256, PST + 320),
    section("pst king", PST + 320, PST + 384),
    section("mobility knight", MOBILITY_KNIGHT, MOBILITY_BISHOP),
    section("mobility bishop", MOBILITY_BISHOP, MOBILITY_ROOK),
    section("mobility rook", MOBILITY_ROOK, MOBILITY_QUEEN),
    section("mobility queen", MOBILITY_QUEEN, BISHOP_PAIR),
    section("bishop pair", BISHOP_PAIR, PASSED_PAWN),
    section("passed pawn", PASSED_PAWN, PASSED_BLOCKED),
    section("passed blocked", PASSED_BLOCKED, PASSED_KING_DISTANCE),
    section("passed king distance", PASSED_KING_DISTANCE, CONNECTED_PAWN),
    section("connected pawn", CONNECTED_PAWN, ISOLATED_PAWN),
    section("isolated pawn", ISOLATED_PAWN, DOUBLED_PAWN),
    section("doubled pawn", DOUBLED_PAWN, ROOK_OPEN_FILE),
    section("rook open file", ROOK_OPEN_FILE, ROOK_SEMI_OPEN_FILE),
    section("rook semi-open file", ROOK_SEMI_OPEN_FILE, KNIGHT_OUTPOST),
    section("knight outpost", KNIGHT_OUTPOST, BISHOP_OUTPOST),
    section("bishop outpost", BISHOP_OUTPOST, THREAT_BY_PAWN),
    section("threat by pawn", THREAT_BY_PAWN, THREAT_BY_MINOR),
    section("threat by minor", THREAT_BY_MINOR, THREAT_BY_ROOK),
    section("threat by rook", THREAT_BY_ROOK, PAWN_SHIELD),
    section("pawn shield", PAWN_SHIELD, KING_OPEN_FILE),
    section("king open file", KING_OPEN_FILE, KING_ATTACK),
    section("king attack", KING_ATTACK, SAFE_CHECK),
    section("safe check", SAFE_CHECK, HANGING_PIECE),
    section("hanging piece", HANGING_PIECE, BACKWARD_PAWN),
    section("backward pawn", BACKWARD_PAWN, PASSED_SAFE_STOP),
    section("passed safe stop", PASSED_SAFE_STOP, PASSED_FREE_PATH),
    section("passed free path", PASSED_FREE_PATH, PAWN_STORM),
    section("pawn storm", PAWN_STORM, KING_ZONE_WEAK),
    section("king zone weak", KING_ZONE_WEAK, ROOK_ON_SEVENTH),
    section("rook on seventh", ROOK_ON_SEVENTH, THREAT_BY_PUSH),
    section("threat by push", THREAT_BY_PUSH, MINOR_BEHIND_PAWN),
    section("minor behind pawn", MINOR_BEHIND_PAWN, THREAT_MINOR_ON),
    section("threat minor on", THREAT_MINOR_ON, THREAT_ROOK_ON),
    section("threat rook on", THREAT_ROOK_ON, THREAT_BY_KING),
    section("threat by king", THREAT_BY_KING, RESTRICTED),
    section("restricted", RESTRICTED, SPACE),
    section("space", SPACE, KING_PROTECTOR),
    section("king protector", KING_PROTECTOR, ROOK_BEHIND_PASSER),
    section("rook behind passer", ROOK_BEHIND_PASSER, KNIGHT_PAWNS),
    section("knight pawns", KNIGHT_PAWNS, ROOK_PAWNS),
    section("rook pawns", ROOK_PAWNS, BISHOP_PAWNS),
    section("bishop pawns", BISHOP_PAWNS, BISHOP_LONG_DIAGONAL),
    section(
        "bishop long diagonal",
        BISHOP_LONG_DIAGONAL,
        KING_FLANK_ATTACK,
    ),
    section("king flank attack", KING_FLANK_ATTACK, PAWNLESS_FLANK),
    section("pawnless flank", PAWNLESS_FLANK, WEAK_UNOPPOSED),
    section("weak unopposed", WEAK_UNOPPOSED, PASSED_FILE),
    section("passed file", PASSED_FILE, TRAPPED_ROOK),
    section("trapped rook", TRAPPED_ROOK, KNIGHT_ON_QUEEN),
    section("knight on queen", KNIGHT_ON_QUEEN, SLIDER_ON_QUEEN),
    section("slider on queen", SLIDER_ON_QUEEN, WEAK_QUEEN_PROTECTION),
    section(
        "weak queen protection",
        WEAK_QUEEN_PROTECTION,
        REACHABLE_OUTPOST,
    ),
    section("reachable outpost", REACHABLE_OUTPOST, BISHOP_XRAY_PAWNS),
    section("bishop xray pawns", BISHOP_XRAY_PAWNS, ROOK_ON_QUEEN_FILE),
    section("rook on queen file", ROOK_ON_QUEEN_FILE, COMPLEXITY),
    section("complexity", COMPLEXITY, COUNT),
];

/// `weights` as the Rust source of a module defining `pub const WEIGHTS: Weights` (how
/// `chessbot tune` writes `src/search/params/tuned.rs`); `header` becomes its doc comment.
pub fn to_rust(weights: &Weights, header: &str) -> String {
    let mut out = String::new();
    for line in header.lines() {
        let _ = match line {
            "" => writeln!(out, "//!"),
            _ => writeln!(out, "//! {line}"),
        };
    }
    out.push_str("\nuse super::layout::Weights;\n\n");
    out.push_str("/// The evaluation weights (see [`super::layout`] for what each one is).\n");
    out.push_str("#[rustfmt::skip]\npub const WEIGHTS: Weights = Weights([\n");
    for s in SECTIONS {
        let _ = writeln!(out, "    // {}", s.name);
        let per_line = if s.name.starts_with("pst") { 8 } else { 6 };
        for chunk in weights.0[s.start..s.start + s.len].chunks(per_line) {
            let cells: Vec<String> = chunk
                .iter()
                .map(|(mg, eg)| format!("({mg:>4}, {eg:>4}),"))
                .collect();
            let _ = writeln!(out, "    {}", cells.join(" "));
        }
    }
    out.push_str("]);\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_cover_every_weight_once_in_order() {
        let mut next = 0;
        for s in SECTIONS {
            assert_eq!(s.start, next, "{}", s.name);
            assert!(s.len > 0, "{}", s.name);
            next = s.start + s.len;
        }
        assert_eq!(next, COUNT);
    }

    #[test]
    fn rust_source_lists_every_weight() {
        let mut w = Weights([(0, 0); COUNT]);
        w.0[COUNT - 1] = (-7, 123);
        let src = to_rust(&w, "Header line.\n\nMore.");
        assert!(
            src.starts_with("//! Header line.\n//!\n//! More.\n"),
            "{src}"
        );
        assert_eq!(src.matches("),").count(), COUNT);
        assert!(src.contains("(  -7,  123),"));
    }
}
