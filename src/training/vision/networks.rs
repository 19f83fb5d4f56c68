//! The benchmark's networks: the shipped recipes trained without the held-out piece sets
//! ([`super::render::HELD_OUT_SETS`]), so that `vision bench`, `vision eval` and
//! `recognize --held-out` measure styles the networks never saw. They are not compiled into
//! the binary: they are read from a folder, by default [`DEFAULT_DIR`] of the source tree.

use crate::vision::{Classifier, VisionError};
use std::borrow::Cow;
use std::path::Path;

/// Where the held-out networks are looked for unless a folder is given: `assets/vision`
/// relative to the current directory (the root of a checkout).
pub const DEFAULT_DIR: &str = "assets/vision";

/// The held-out pair's files, as `model.safetensors` and `model-b.safetensors` are the shipped
/// pair.
pub const PAIR: [&str; 2] = ["held-out.safetensors", "held-out-b.safetensors"];

/// The held-out pair's small-board members' files, as the shipped pair's `model-*small*`.
pub const SMALL: [&str; 4] = [
    "held-out-small.safetensors",
    "held-out-b-small.safetensors",
    "held-out-small2.safetensors",
    "held-out-b-small2.safetensors",
];

/// The held-out ensemble read from `dir`: [`PAIR`] with its [`SMALL`]-board members, read
/// together as `recognize` reads its shipped networks ([`Classifier::ensemble`]). Every file
/// is read here, so that a missing one is an error at once ([`VisionError::Io`] naming it).
pub fn held_out(dir: &Path) -> Result<Classifier, VisionError> {
    let read = |name: &str| -> Result<Cow<'static, [u8]>, VisionError> {
        let path = dir.join(name);
        std::fs::read(&path)
            .map(Cow::Owned)
            .map_err(|e| VisionError::io(path, e))
    };
    let pair = [read(PAIR[0])?, read(PAIR[1])?];
    let small = SMALL
        .iter()
        .map(|name| read(name))
        .collect::<Result<_, _>>()?;
    Classifier::ensemble(pair, small)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assets() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(DEFAULT_DIR)
    }

    #[test]
    fn the_held_out_ensemble_loads_with_its_small_board_members_and_referees() {
        let classifier = held_out(&assets()).expect("the held-out networks load");
        assert_eq!((classifier.members(), classifier.small_members()), (2, 8));
        assert_eq!((classifier.referees(), classifier.small_referees()), (2, 2));
    }

    #[test]
    fn a_folder_without_them_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        match held_out(dir.path()) {
            Err(VisionError::Io { path, .. }) => assert_eq!(path, dir.path().join(PAIR[0])),
            other => panic!("expected a missing file, got {other:?}"),
        }
        // One small-board member missing is an error too, not a smaller ensemble.
        for name in PAIR.iter().chain(&SMALL[..3]) {
            std::fs::copy(assets().join(name), dir.path().join(name)).unwrap();
        }
        match held_out(dir.path()) {
            Err(VisionError::Io { path, .. }) => assert_eq!(path, dir.path().join(SMALL[3])),
            other => panic!("expected a missing file, got {other:?}"),
        }
    }
}
