//! The evaluation network: a small efficiently updatable neural network (NNUE).
//!
//! Architecture `(768 → HIDDEN) × 2 → 1`: each side's view of the board (our pieces, their
//! pieces, squares flipped for Black) is one-hot encoded into 768 inputs, a shared feature
//! transformer turns each view into [`HIDDEN`] accumulator values, and the output layer reads
//! both accumulators, the side to move's first, through a squared clipped ReLU. The output
//! layer has one set of weights per bucket of piece counts ([`network::output_bucket`]).
//!
//! The accumulators live in [`Accumulator`] and are updated move by move (a few vector additions)
//! instead of being recomputed. Weights are integers: the feature transformer is scaled by
//! [`QA`], the output layer by [`QB`]; [`Network::evaluate`] returns centipawns.
//!
//! Modules: [`network`] (weights, file format, inference), [`accumulator`] (incremental update).
//! Making training data and fitting a network belong to the top-level `training` module, which
//! sits above the search.

pub mod accumulator;
pub mod network;

pub use accumulator::Accumulator;
pub use network::{Network, NetworkError};

use shakmaty::{Color, Piece, Square};
use std::path::Path;
use std::sync::{LazyLock, RwLock};

/// Inputs per view: 2 colours × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// Accumulator width (neurons per view).
pub const HIDDEN: usize = 256;
/// Quantisation scale of the feature transformer (activations clip at `QA`).
pub const QA: i32 = 255;
/// Quantisation scale of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of network output: the network is trained on `sigmoid(cp / SCALE)`.
pub const SCALE: i32 = 400;

/// The network compiled into the binary (`assets/nnue/net.bin`).
static EMBEDDED: &[u8] = include_bytes!("../../../assets/nnue/net.bin");

/// The embedded network, parsed on first use.
pub static DEFAULT_NETWORK: LazyLock<Network> = LazyLock::new(|| {
    // The file is part of the build and checked by a unit test, so a failure is a build bug.
    Network::from_bytes(EMBEDDED).expect("assets/nnue/net.bin is a valid network")
});

/// A network loaded from a file (UCI option `EvalFile`), replacing the embedded one.
static LOADED: RwLock<Option<&'static Network>> = RwLock::new(None);

/// Why a network file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum NetworkFileError {
    /// The file could not be read.
    #[error("cannot read network file {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The file is not a network this build reads.
    #[error("network file {path}: {source}")]
    Format {
        /// The file.
        path: String,
        /// What is wrong with it.
        source: NetworkError,
    },
}

/// The network searches evaluate with: the last one [`load_network_file`] loaded, else the
/// embedded one.
pub fn active_network() -> &'static Network {
    let loaded = LOADED.read().map(|guard| *guard).unwrap_or(None);
    loaded.unwrap_or(&DEFAULT_NETWORK)
}

/// Makes the network in `path` the one searches started from now on evaluate with (for this
/// whole process); `None` goes back to the embedded network.
///
/// Each loaded network stays in memory until the process ends (searches hold plain references
/// to it); a GUI sets the file a few times at most.
pub fn load_network_file(path: Option<&Path>) -> Result<(), NetworkFileError> {
    let network = match path {
        None => None,
        Some(path) => Some(&*Box::leak(Box::new(Network::read_file(path)?))),
    };
    match LOADED.write() {
        Ok(mut guard) => *guard = network,
        Err(poisoned) => *poisoned.into_inner() = network,
    }
    Ok(())
}

/// The input index of `piece` on `sq` seen from `perspective`.
///
/// Each side sees its own pieces first and the board from its own first rank, so one set of
/// weights serves both colours.
pub fn feature_index(perspective: Color, piece: Piece, sq: Square) -> usize {
    let theirs = usize::from(piece.color != perspective);
    let sq = match perspective {
        Color::White => sq,
        Color::Black => sq.flip_vertical(),
    };
    theirs * 384 + (piece.role as usize - 1) * 64 + sq as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Role;

    #[test]
    fn features_mirror_between_views() {
        let white_knight = Piece {
            color: Color::White,
            role: Role::Knight,
        };
        let black_knight = Piece {
            color: Color::Black,
            role: Role::Knight,
        };
        assert_eq!(
            feature_index(Color::White, white_knight, Square::G1),
            feature_index(Color::Black, black_knight, Square::G8)
        );
        assert_eq!(
            feature_index(Color::White, black_knight, Square::A1),
            384 + 64
        );
        assert!(feature_index(Color::Black, white_knight, Square::H8) < INPUTS);
    }

    #[test]
    fn bad_network_files_are_refused_and_keep_the_active_network() {
        let before: *const Network = active_network();
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.bin");
        assert!(matches!(
            load_network_file(Some(&missing)),
            Err(NetworkFileError::Io { .. })
        ));
        let junk = dir.path().join("junk.bin");
        std::fs::write(&junk, b"not a network").unwrap();
        let err = load_network_file(Some(&junk)).unwrap_err();
        assert!(err.to_string().contains("bad magic"), "{err}");
        assert!(std::ptr::eq(before, active_network()));
    }

    #[test]
    fn embedded_network_parses() {
        assert!(Network::from_bytes(EMBEDDED).is_ok());
    }
}
