//! Training crops written to a file, for trainers outside this binary (the PyTorch twin of
//! [`super::train`], `bench/vision_train_torch.py`, which trains on a GPU).
//!
//! The boards are drawn the way [`super::train::train`] draws them (the sets, styles and shares
//! of the [`TrainConfig`]; the optimiser settings are not used), but not the same boards for a
//! seed: training's generator also draws the initial weights and the batch order.
//!
//! File layout: the 4 bytes [`MAGIC`], then three little-endian `u32`: the format
//! [`VERSION`], the crop side and the number of classes; then one record per crop: its
//! [`SquareClass::index`] as one byte and its `3 × side × side` values (channel-major RGB) as
//! bytes, `round((v + 0.5) · 255)` of the network's input `v` in `[-0.5, 0.5]`.

use super::model::CROP;
use super::train::{BoardMix, Sets, TrainConfig, sample_board};
use crate::vision::classes::{CLASSES, SquareClass};
use crate::vision::error::VisionError;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;

/// The first bytes of a crop file.
pub const MAGIC: &[u8; 4] = b"CBSQ";
/// Version of the layout written.
pub const VERSION: u32 = 1;

/// What [`write_dataset`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DatasetSummary {
    /// Boards rendered.
    pub boards: usize,
    /// Crops written.
    pub crops: usize,
    /// Crops that show a piece (the rest are empty squares).
    pub pieces: usize,
}

/// A network input value in `[-0.5, 0.5]` as the byte stored for it.
fn to_byte(v: f32) -> u8 {
    ((v + 0.5) * 255.0).round().clamp(0.0, 255.0) as u8
}

/// Renders `boards` training boards with the mix and seed of `config` and writes their crops
/// to `out` in the layout of this module; `on_board` is called after each board with the
/// number rendered so far.
pub fn write_dataset(
    config: &TrainConfig,
    boards: usize,
    out: &mut impl Write,
    mut on_board: impl FnMut(usize),
) -> Result<DatasetSummary, VisionError> {
    config.check()?;
    if boards == 0 {
        return Err(VisionError::BadOption("boards must be at least 1".into()));
    }
    let sets = Sets::load(&config.pieces_dir)?.with_extra(&config.extra_pieces)?;
    let training = sets.for_training(config.all_sets);
    let mix = BoardMix::new(config, &sets, &training);
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let io = |e: std::io::Error| VisionError::Model(format!("writing the crops: {e}"));
    out.write_all(MAGIC).map_err(io)?;
    for field in [VERSION, CROP as u32, CLASSES as u32] {
        out.write_all(&field.to_le_bytes()).map_err(io)?;
    }
    let plane = 3 * CROP * CROP;
    let mut summary = DatasetSummary {
        boards: 0,
        crops: 0,
        pieces: 0,
    };
    let (mut crops, mut labels) = (Vec::new(), Vec::new());
    let mut record = vec![0u8; 1 + plane];
    for done in 1..=boards {
        crops.clear();
        labels.clear();
        sample_board(&mut rng, &mix, &mut crops, &mut labels);
        for (label, crop) in labels.iter().zip(crops.chunks_exact(plane)) {
            record[0] = *label as u8;
            for (byte, &v) in record[1..].iter_mut().zip(crop) {
                *byte = to_byte(v);
            }
            out.write_all(&record).map_err(io)?;
            summary.crops += 1;
            if *label != SquareClass::Empty.index() as u32 {
                summary.pieces += 1;
            }
        }
        summary.boards = done;
        on_board(done);
    }
    out.flush().map_err(io)?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::training::vision::render::test_pieces_dir as pieces;
    use std::path::PathBuf;

    #[test]
    fn bytes_round_trip_the_input_range() {
        assert_eq!(to_byte(-0.5), 0);
        assert_eq!(to_byte(0.5), 255);
        assert_eq!(to_byte(0.0), 128);
        assert_eq!(to_byte(-3.0), 0);
        assert_eq!(to_byte(f32::NAN), 0);
        for b in 0..=255u8 {
            assert_eq!(to_byte(f32::from(b) / 255.0 - 0.5), b);
        }
    }

    #[test]
    fn the_file_holds_a_header_and_one_labelled_record_per_crop() {
        let Some(dir) = pieces() else { return };
        let config = TrainConfig::new(dir);
        let mut bytes = Vec::new();
        let mut calls = 0;
        let summary = write_dataset(&config, 3, &mut bytes, |_| calls += 1).unwrap();
        assert_eq!((summary.boards, calls), (3, 3));
        assert!(summary.crops > summary.pieces && summary.pieces > 0);
        assert_eq!(&bytes[..4], MAGIC);
        let field = |i: usize| u32::from_le_bytes(bytes[4 + 4 * i..8 + 4 * i].try_into().unwrap());
        assert_eq!((field(0), field(1), field(2)), (VERSION, 32, 13));
        let record = 1 + 3 * 32 * 32;
        assert_eq!(bytes.len(), 16 + summary.crops * record);
        let labels: Vec<u8> = bytes[16..].chunks(record).map(|r| r[0]).collect();
        assert!(labels.iter().all(|&l| l < 13));
        let pieces = labels.iter().filter(|&&l| l != 0).count();
        assert_eq!(pieces, summary.pieces);
        // The same seed draws the same boards; another seed other boards.
        let mut again = Vec::new();
        write_dataset(&config, 3, &mut again, |_| ()).unwrap();
        assert_eq!(bytes, again);
        let other = TrainConfig { seed: 2, ..config };
        let mut different = Vec::new();
        write_dataset(&other, 3, &mut different, |_| ()).unwrap();
        assert_ne!(bytes, different);
    }

    #[test]
    fn zero_boards_is_refused() {
        let config = TrainConfig::new(PathBuf::from("/nonexistent"));
        let err = write_dataset(&config, 0, &mut Vec::new(), |_| ()).unwrap_err();
        assert!(err.to_string().contains("boards"), "{err}");
    }
}
